"""Text for people: ``card_label``, ``describe_action``, ``narrate`` (with the scoring of a day's
end) and ``render``."""

from __future__ import annotations

import numpy as np

from .constants import (
    LOC_SHIP,
    NUM_DAYS,
    PHASE_REVEAL,
    PHASE_TAKE,
    REVEAL,
    STOP,
)
from .state import MediciState


class PresentationMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def card_label(self, card: int) -> str:
        kind = self.card_kind[card]
        # neutral cards are green too (they take no ship space); say so on screen
        return self.kind_names[kind] + (" (green)" if self.kind_icons[kind] == 0 else "")

    def describe_action(self, state: MediciState, game: int, action: int) -> str:
        if action == REVEAL:
            return "reveal the top card of the deck"
        if action == STOP:
            return "stop revealing and take cards" if state.revealed[game] else "take from the market without revealing"
        return "take " + " + ".join(self.card_label(c) for c in self._take_cards(state, game, action))

    def _take_cards(self, state: MediciState, game: int, action: int) -> list[int]:
        """Card ids a take action would load, last card first."""
        m = int(state.market_len[game])
        return [int(state.market[game, m - back]) for back in self._take_backs[action]]

    def narrate(
        self, before: MediciState, after: MediciState, game: int, action: int, forced: bool, viewer: int | None = None
    ) -> list[str]:
        b, P = game, self.num_players
        player = int(before.current_player[b])
        must = " (the only legal move)" if forced else ""
        if action == REVEAL:
            card = int(after.market[b, after.market_len[b] - 1])
            lines = [f"player_{player} reveals {self.card_label(card)}{must}"]
            if after.phase[b] == PHASE_TAKE and before.phase[b] == PHASE_REVEAL:
                lines.append(f"player_{player} has revealed three cards and must take")
            return lines
        if action == STOP:
            return [f"player_{player} stops revealing{must}"]
        taken = self._take_cards(before, b, action)
        lines = [f"player_{player} takes " + " + ".join(self.card_label(c) for c in taken) + must]
        if after.day[b] == before.day[b] and not after.terminated[b]:
            return lines
        # The day ended with this take: show its scoring, computed from the ships as loaded.
        values = before.ship_value[b].astype(np.int64).copy()
        values[player] += self.card_value[taken].sum()
        icons = (before.warehouse_icons[b] + before.ship_icons[b]).astype(np.int64)
        icons[player] += self._icons_by_colour[taken].sum(0)
        ship_pay = self.ship_payouts(values[None])[0]
        goods_pay = self.commodity_payouts(icons[None])[0]
        lines.append(f"--- end of day {int(before.day[b]) + 1}: scoring ---")
        # The player comes last: a front end may lengthen "player_1" (``florentine play`` adds
        # "(heuristic)"), which would shift every column after it.
        header = "ship value  payout | " + " ".join(f"{c[:5]:>5}" for c in self.colour_names)
        lines.append(header + " | goods payout | day total | florins | player")
        for p in range(P):
            lines.append(
                f"{values[p]:10d} {ship_pay[p]:7d} | "
                + " ".join(f"{int(n):5d}" for n in icons[p])
                + f" | {goods_pay[p]:12d} | {ship_pay[p] + goods_pay[p]:9d} | {int(after.scores[b, p]):7d} | player_{p}"
            )
        if after.terminated[b]:
            lines.append("--- the game is over ---")
        else:
            lines.append(f"--- day {int(after.day[b]) + 1} begins; player_{int(after.start_player[b])} "
                         "(fewest florins) starts ---")  # fmt: skip
        return lines

    def render(self, state: MediciState, game: int = 0) -> str:
        b = game
        P = self.num_players
        lines = [
            f"Medici — day {int(state.day[b]) + 1} of {NUM_DAYS}, start player player_{int(state.start_player[b])}, "
            f"deck {int(state.deck_end[b] - state.deck_top[b])} cards"
        ]
        size = int(state.market_len[b])
        new_from = size - int(state.revealed[b])  # cards revealed this turn are marked *
        labels = [self.card_label(c) + ("*" if i >= new_from else "") for i, c in enumerate(state.market[b, :size])]
        older, takeable = labels[: max(size - 3, 0)], labels[max(size - 3, 0) :]
        shown = (
            " | ".join(older)
            + (" | " if older and takeable else "")
            + ("[ " + " | ".join(takeable) + " ]" if takeable else "")
        )
        lines.append(f"Market ({size} cards; [ ] can be taken, * revealed this turn): " + (shown or "empty"))
        for p in range(P):
            ship_cards = np.flatnonzero((state.card_loc[b] == LOC_SHIP) & (state.card_owner[b] == p))
            icons = state.warehouse_icons[b, p]
            house = ", ".join(f"{self.colour_names[c]} {int(icons[c])}" for c in range(5) if icons[c])
            marker = ">" if (p == state.current_player[b] and not state.terminated[b]) else " "
            value, slots = int(state.ship_value[b, p]), int(state.ship_slots[b, p])
            lines.append(
                f"{marker} player_{p}: {int(state.scores[b, p]):3d} florins | ship value {value:2d},"
                f" {slots}/{self.capacity} non-green slots: "
                + (", ".join(self.card_label(c) for c in ship_cards) or "empty")
                + f" | warehouse: {house or 'empty'}"
            )
        if state.terminated[b]:
            lines.append("Game over. Final florins: " + ", ".join(str(int(s)) for s in state.scores[b]))
        else:
            turn = "final turn, " if state.final_turn[b] else ""
            lines.append(
                f"player_{int(state.current_player[b])} to move ({turn}{int(state.revealed[b])} revealed this turn)"
            )
        return "\n".join(lines)
