"""The Princes of Florence for people: action names, ``describe_action``, ``narrate`` and
``render`` (a text drawing of every principality, for ``florentine play``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .constants import (
    A_BONUS,
    A_BUILD,
    A_CHAR_BID,
    A_FREEDOM,
    A_LANDSCAPE,
    A_OPEN,
    A_PRESTIGE,
    A_PROFESSION,
    A_RECRUIT,
    CHAR_SPACES,
    COOP_PHASE_NAMES,
    DECK_NAMES,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    PHASE_NAMES,
    PRINCESS_WORK,
)
from .geometry import NUM_ORIENTATIONS

if TYPE_CHECKING:
    from .princes import PrincesState

_FIXED_NAMES = {
    0: "pass", 1: "raise", 2: "withdraw", 3: "end_turn", 4: "done", 104: "take_profession", 105: "take_bonus",
    106: "princess_work", 107: "cardinal", 108: "merchant_fame", 109: "merchant_pay", 110: "professor_prestige",
    111: "professor_bonus",
}  # fmt: skip
# The drawing's letters: buildings by initial (Library B, Tower R), landscapes in lower case.
_LETTERS = "ULWBOSHTRC" + "f~p"  # University .. Chapel, then Forest, Lake, Park


def _slug(name: str) -> str:
    return name.replace(" ", "_")


class PrincesPresentation:
    """Mixin of :class:`~.princes.Princes`: text for people."""

    def _build_action_names(self) -> list[str]:
        T = self.T
        names = [""] * self.num_actions
        for a, name in _FIXED_NAMES.items():
            names[a] = name
        for s, stack in enumerate(T.stack_names):
            names[A_OPEN + s] = f"open_{_slug(stack)}"
        for lt, land in enumerate(T.landscape_names):
            names[A_LANDSCAPE + lt] = f"landscape_{_slug(land)}"
        for x, prof in enumerate(T.profession_names):
            names[A_PROFESSION + x] = f"profession_{_slug(prof)}"
            names[A_RECRUIT + x] = f"recruit_{_slug(prof)}"
        for i in range(NUM_BONUS):
            names[A_BONUS + i] = f"bonus_{i}"
        for i in range(NUM_PRESTIGE):
            names[A_PRESTIGE + i] = f"prestige_{i}"
        for b, building in enumerate(T.building_names):
            names[A_BUILD + b] = f"build_{_slug(building)}"
        for f, freedom in enumerate(T.freedom_names):
            names[A_FREEDOM + f] = f"freedom_{_slug(freedom)}"
        for c, char in enumerate(T.character_names):
            for v in range(CHAR_SPACES):
                names[A_CHAR_BID + CHAR_SPACES * c + v] = f"char_bid_{char}_{v}"
        cells = T.num_cells
        for k in range(NUM_ORIENTATIONS):
            for anchor in range(cells):
                r, c = divmod(anchor, T.cols)
                names[self.a_place + k * cells + anchor] = f"place_k{k}_r{r}c{c}"
        for n in range(self.fame_choices):
            names[self.a_fame + n] = f"fame_{n}"
        if self.solo:  # SPEC SA: AUCTION_BID offers buy / decline at the rolled price
            names[1] = "buy"
        if self.cooperative:
            self._coop_action_names(names)
        return names

    def _piece_name(self, piece: int) -> str:
        T = self.T
        return T.building_names[piece] if piece < NUM_BUILDINGS else T.landscape_names[piece - NUM_BUILDINGS]

    def describe_action(self, state: PrincesState, game: int, action: int) -> str:
        st, T = state, self.T
        name = self.action_names[action]
        phase = int(st.phase[game])
        solo = self._solo_describe(st, game, action) if self.solo else None
        if solo is not None:
            return solo
        coop = self._coop_describe(st, game, action) if self.cooperative else None
        if coop is not None:
            return coop
        if action >= self.a_fame:
            value = int(st.work_value[game])
            n = action - self.a_fame
            florin = value * T.florin_per_work_point - n * T.florin_per_fame_taken
            return f"take {n} fame and {100 * florin} Florin for the work of {value}"
        if action >= self.a_place:
            piece = int(st.piece[game])
            return f"place the {self._piece_name(piece)} ({name[6:]})" if piece >= 0 else name
        if A_PROFESSION <= action < A_PROFESSION + NUM_PROFESSIONS:
            prof = T.profession_names[action - A_PROFESSION]
            verb = {0: "return", 5: "keep", 6: "put under the deck"}.get(phase, "complete a work with")
            return f"{verb} the {prof}"
        if action == 0 and (PHASE_NAMES + COOP_PHASE_NAMES)[phase] == "AUCTION_BID":
            return "pass (out of this auction)"
        if action == 1:
            return f"raise to {100 * (int(st.bid[game]) + T.raise_step)} Florin"
        return name.replace("_", " ")

    def narrate(self, before: PrincesState, after: PrincesState, game: int, action: int, forced: bool) -> list[str]:
        who = f"player_{int(before.current_player[game])}"
        lines = [f"{who} {'(forced) ' if forced else ''}: {self.describe_action(before, game, action)}"]
        if self.solo:
            lines += self._solo_narrate(before, after, game)
        if self.cooperative:
            lines += self._coop_narrate(before, after, game, action)
        if after.terminated[game] and not before.terminated[game]:
            scores = ", ".join(f"player_{p} {int(s)}" for p, s in enumerate(after.scores[game]))
            lines.append(f"game over: {scores}")
        return lines

    def play_notes(self) -> list[str]:
        return [
            "Money is in Florin; fame is the prestige score. A work pays 100 Florin per point;",
            "each 200 Florin not taken is 1 fame. Placements: k = orientation (4 * flip + turns),",
            "r/c = the top-left corner of the turned piece.",
        ]

    def principality_lines(self, st: PrincesState, b: int, p: int) -> list[str]:
        """A drawing of seat p's grid: P the Palazzo, a building's initial, f / ~ / p a Forest,
        Lake or Park, . an empty square."""
        T = self.T
        grid = [["." for _ in range(T.cols)] for _ in range(T.rows)]
        masks = [(int(T.palazzo), "P")] + [(int(m), _LETTERS[q]) for q, m in enumerate(self._cells_of(st, b, p))]
        if self.cooperative:  # a shared building in lower case (SPEC CR)
            pieces = enumerate(masks[1:])
            masks = masks[:1] + [(m, self._shared_letter(st, b, p, q, letter)) for q, (m, letter) in pieces]
        for mask, letter in masks:
            for i in range(T.num_cells):
                if mask >> i & 1:
                    grid[i // T.cols][i % T.cols] = letter
        lines = [" ".join(row) for row in grid]
        built = [f"{_LETTERS[i]}={T.building_names[i]}" for i in np.flatnonzero(st.built[b, p])]
        lands = ", ".join(f"{int(n)} {T.landscape_names[i]}" for i, n in enumerate(st.landscapes[b, p]) if n)
        return lines + [f"buildings: {', '.join(built) or 'none'}", f"landscapes: {lands or 'none'}"]

    def _cells_of(self, st: PrincesState, b: int, p: int) -> np.ndarray:
        """uint64[13]: seat p's cells of each building and landscape kind."""
        return st.piece_cells[b].reshape(self.seats, -1)[p]

    def render(self, state: PrincesState, game: int = 0) -> str:
        st, T, b = state, self.T, game
        rnd = int(st.round[b]) + 1
        head = (
            f"The Princes of Florence -- round {rnd}/{T.num_rounds} (minimum work {int(T.minimum[rnd - 1])}),"
            f" phase {(PHASE_NAMES + COOP_PHASE_NAMES)[int(st.phase[b])]}, start player_{int(st.start[b])}"
        )
        lines = [head]
        if st.draw_deck[b] >= 0:
            lines.append(f"drawing from the {DECK_NAMES[int(st.draw_deck[b])]} deck")
        if st.work_prof[b] >= 0:
            prof = "Princess" if st.work_prof[b] == PRINCESS_WORK else T.profession_names[int(st.work_prof[b])]
            lines.append(f"work in progress: {prof}, value {int(st.work_value[b])}")
        if st.stack[b] >= 0:
            lines.append(f"auction: {T.stack_names[int(st.stack[b])]} at {100 * int(st.bid[b])} Florin")
        for p in range(1 if self.solo else self.seats):  # solo: Wolfgang has no grid (below)
            owned = [T.character_names[c] for c in range(NUM_CHARACTERS) if st.char_owner[b, c] == p]
            info = (
                f"player_{p}: {100 * int(st.money[b, p])} Florin, fame {int(st.fame[b, p])},"
                f" jesters {int(st.jesters[b, p])}, builders {int(st.builders[b, p])},"
                f" freedoms {[T.freedom_names[f] for f in np.flatnonzero(st.freedoms[b, p])]},"
                f" works on table {int(st.table_prof[b, p].sum() + st.table_recruit[b, p])}"
                + (f", characters {owned}" if owned else "")
            )
            drawing = self.principality_lines(st, b, p)
            if self.cooperative:  # the grids are drawn together below, as the shared board
                drawing = drawing[T.rows :]
            lines += ["", info] + ["  " + line for line in drawing]
        if self.solo:
            lines += self._solo_render_lines(st, b)
        if self.cooperative:
            lines += self._coop_render_lines(st, b)
        if st.terminated[b]:
            lines.append("game over: scores " + ", ".join(str(int(s)) for s in st.scores[b]))
        return "\n".join(lines)
