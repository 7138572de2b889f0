"""The solo game for people: what your auction moves mean, what Wolfgang did (narration from the
state before and after a move) and his part of the drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .constants import A_OPEN, A_PASS, A_RAISE, NUM_STACKS, PH_AUCTION_BID, PH_AUCTION_CHOOSE, RECRUIT_CARD

if TYPE_CHECKING:
    from .state import PrincesState


class SoloPresentation:
    """Mixin of :class:`~.princes.Princes`: text for the solo game."""

    def _solo_describe(self, st: PrincesState, game: int, action: int) -> str | None:
        """The meaning of an auction move of yours, or None when the base text applies."""
        T, phase = self.T, int(st.phase[game])
        if phase == PH_AUCTION_CHOOSE and A_OPEN <= action < A_OPEN + NUM_STACKS:
            stack = T.stack_names[action - A_OPEN]
            if st.auctions_done[game] == self.seats - 1:
                return f"auction the {stack} (final auction: {100 * self.ST.final_price} Florin)"
            return f"auction the {stack} (roll the die)"
        if phase == PH_AUCTION_BID and action in (A_PASS, A_RAISE):
            stack = T.stack_names[int(st.stack[game])]
            if action == A_RAISE:
                return f"buy the {stack} for {100 * int(st.bid[game])} Florin"
            return f"decline the {stack}"
        return None

    def _solo_narrate(self, before: PrincesState, after: PrincesState, game: int) -> list[str]:
        """Lines for what Wolfgang (and the dice) did during one move of yours."""
        T, b = self.T, game
        lines = []
        if after.stack[b] >= 0 and after.phase[b] == PH_AUCTION_BID and after.last_bid[b, after.stack[b]] >= 0:
            s = int(after.stack[b])
            last, price = 100 * int(after.last_bid[b, s]), 100 * int(after.bid[b])
            must = " (must buy)" if after.forced[b] else ""
            lines.append(f"  the die gives a last bid of {last}: price {price}{must}")
        if before.automa_card[b] >= 0 and after.automa_card[b] != before.automa_card[b]:
            s = int(after.wolf_bought[b])
            lines.append(f"  Wolfgang buys {'nothing' if s < 0 else 'the ' + T.stack_names[s]}")
        fame, money = int(after.fame[b, 1] - before.fame[b, 1]), int(after.money[b, 1] - before.money[b, 1])
        works = int(after.wolf_up[b].sum()) - int(before.wolf_up[b].sum())
        acted = int(after.automa_next[b]) - int(before.automa_next[b]) >= 2
        if acted:
            parts = self._wolf_turn_parts(before, after, b, works)
            lines.append(f"  Wolfgang's turn: {'; then '.join(parts) or 'nothing'}")
        if fame or money:
            lines.append(f"  Wolfgang: fame {fame:+d}, money {100 * money:+d}")
        return lines

    def _wolf_turn_parts(self, before: PrincesState, after: PrincesState, b: int, works: int) -> list[str]:
        """Wolfgang's actions of a turn with their prices, in the order his two Automa cards give
        (rulebook, Wolfgang's turn: the first card's middle panel, the second's bottom one; the
        fallback list after each panel)."""
        T, ST = self.T, self.ST
        done = {}  # action id (AUTOMA_ACTIONS order) -> text
        built = after.wolf_buildings[b].astype(int) - before.wolf_buildings[b]
        freed = after.wolf_freedoms[b].astype(int) - before.wolf_freedoms[b]
        price = 100 * int(T.build_cost[int(before.builders[b, 1])])
        if works:
            done[0] = f"completes {works} work(s), turning his leftmost face-down card(s) up (fame and pay below)"
        if (built > 0).any():
            done[1] = " and ".join(f"builds the {T.building_names[i]} ({price} Florin, +{T.building_points} fame)"
                                   for i in np.flatnonzero(built > 0))  # fmt: skip
        if int(after.wolf_len[b]) > int(before.wolf_len[b]):
            done[2] = f"takes a Profession card ({100 * T.profession_price} Florin), face down in his row"
        bonus = int(after.bonus_hand[b, 1].sum()) - int(before.bonus_hand[b, 1].sum())
        if bonus > 0:
            done[3] = f"takes a Bonus card ({100 * T.bonus_price} Florin)"
        for i in np.flatnonzero(freed > 0):
            done[4] = f"introduces the Freedom of {T.freedom_names[i]} ({100 * T.freedom_price} Florin)"
        order = []
        drawn = int(after.automa_next[b])
        for panel, at in ((0, drawn - 2), (1, drawn - 1)):
            card = int(after.automa_order[b, at])
            for kind in [int(k) for k in ST.panels[card, panel] if k >= 0] + [2, 1, 3, 4]:
                if kind in done and kind not in order:
                    order.append(kind)
                    break
        order += [kind for kind in done if kind not in order]
        return [done[kind] for kind in order]

    def _solo_render_lines(self, st: PrincesState, b: int) -> list[str]:
        """Wolfgang's row and pieces, the dummies' columns, the Automa card in force."""
        T, ST = self.T, self.ST
        lines = [""]
        card = int(st.automa_card[b])
        if card >= 0:
            entries = []
            for k in range(ST.entries.shape[1]):
                stacks = [s for s in range(NUM_STACKS) if ST.pos[card, s] == k]
                name = "Landscape" if len(stacks) == 3 else T.stack_names[stacks[0]]
                s = stacks[0]
                entries.append(f"{name} {f'+{ST.mod[card, s]}' if ST.has_mod[card, s] else '1D6'}")
            lines.append(f"Automa card {card}: {' | '.join(entries)}; auctions {int(st.auctions_done[b])}/{self.seats}")
        slots = []
        for k in range(int(st.wolf_len[b])):
            x = int(st.wolf_row[b, k])
            name = "Recruiting" if x == RECRUIT_CARD else T.profession_names[x]
            shown = st.wolf_up[b, k] or x == RECRUIT_CARD or st.known[b, 1, x]
            slots.append(("" if st.wolf_up[b, k] else "down:") + (name if shown else "?"))
        lines.append(
            f"Wolfgang: {100 * int(st.money[b, 1])} Florin, fame {int(st.fame[b, 1])}, jesters {int(st.jesters[b, 1])},"
            f" builders {int(st.builders[b, 1])}, row [{', '.join(slots)}]"
        )
        built = [f"{int(n)} {T.building_names[i]}" for i, n in enumerate(st.wolf_buildings[b]) if n]
        lands = [f"{int(n)} {T.landscape_names[i]}" for i, n in enumerate(st.landscapes[b, 1]) if n]
        frees = [f"{int(n)} {T.freedom_names[i]}" for i, n in enumerate(st.wolf_freedoms[b]) if n]
        lines.append(f"  buildings {built or 'none'}, landscapes {lands or 'none'}, freedoms {frees or 'none'}")
        for d in range(self.seats - 2):
            col = [int(x) for x in st.dummy_col[b, d, : int(st.dummy_len[b, d])]]
            shown = [T.profession_names[x] if st.table_prof[b, 2 + d, x] else "?" for x in col]
            lines.append(f"dummy {d + 1}: [{', '.join(shown)}]")
        return lines
