"""Tables of the cooperative building expansion for the scalar reference (SPEC COOP), built here.

Read from ``princes_coop.json`` (never from the engine) with the ``"cooperative"`` key of a ``data``
patch merged in: the B side, the layouts, the price ladder and the proposal budget. The frame
placement table (SPEC CP2) and the cells each alone placement faces across a border (SPEC CP4) are
computed here from the base shapes and orientations of ``tables.py``, following the SPEC's words:

    "For building b = 0..9, orientation k = 0..7 (SPEC P's orientations and duplicates) and anchor
    (ar, ac) of the frame, frame placement index j = k*(2*cells) + (2*cols)*ar + ac ... The entry is
    a spanning placement when k is not a duplicate, every square lies in the frame, and at least
    one square lies on each board"; "span_halo[b, j] = the frame cells orthogonally adjacent to a
    square and not in the placement, split the same way."
"""

from __future__ import annotations

import copy
import json
import os

from florentine_envs.core.data import deep_merge

from .tables import NUM_BUILDINGS, NUM_PHASES, Tables, orientations

COOP_DATA_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "princes_coop.json")

# SPEC CM: "COOP_SIDE = N, COOP_PLACE = N + 1, COOP_PRICE = N + 2, COOP_ANSWER = N + 3".
COOP_SIDE = NUM_PHASES
COOP_PLACE = NUM_PHASES + 1
COOP_PRICE = NUM_PHASES + 2
COOP_ANSWER = NUM_PHASES + 3
COOP_NUM_PHASES = NUM_PHASES + 4
COOP_PHASES = (COOP_SIDE, COOP_PLACE, COOP_PRICE, COOP_ANSWER)

LEFT, RIGHT = 0, 1  # SPEC CB: "nb(p, s) = p's neighbour on side s (s = 0 left, 1 right)"


class FramePlacement:
    """One spanning placement of the frame (SPEC CP2): squares and halo on the left board (x) and on
    the right board (y), each in that board's own bit numbering."""

    __slots__ = ("j", "squares_left", "squares_right", "halo_left", "halo_right")

    def __init__(self, j: int, squares_left: int, squares_right: int, halo_left: int, halo_right: int):
        self.j = j
        self.squares_left = squares_left
        self.squares_right = squares_right
        self.halo_left = halo_left
        self.halo_right = halo_right


def _check(ok: bool, key: str, allowed: str) -> None:
    if not ok:
        raise ValueError(f"princes reference: cooperative data {key!r}; allowed: {allowed}")


def load_coop_data(patch) -> dict:
    """``princes_coop.json`` with ``patch`` (the ``"cooperative"`` key of a ``data`` patch) merged in."""
    with open(COOP_DATA_PATH) as f:
        packaged = json.load(f)
    if patch is None:
        return packaged
    _check(isinstance(patch, dict), "cooperative", "a dict patch merged into princes_coop.json")
    return deep_merge(packaged, copy.deepcopy(patch))


class CoopTables:
    """The expansion's numbers, the B-side base tables and the frame placement table."""

    def __init__(self, T: Tables, coop: dict):
        self.data = coop
        rows, cols = T.rows, T.cols
        # -- SPEC CE: validation of a data patch.
        ladder = coop["negotiation"]["price_ladder"]
        _check(
            isinstance(ladder, list) and len(ladder) > 0 and all(type(v) is int for v in ladder)
            and ladder[0] == 0 and all(a < b for a, b in zip(ladder, ladder[1:])),
            "negotiation.price_ladder", "a non-empty list of distinct increasing integers starting at 0",
        )  # fmt: skip
        budget = coop["negotiation"]["proposals_per_action"]
        _check(type(budget) is int and budget >= 1, "negotiation.proposals_per_action", "an integer >= 1")
        side = coop["b_side"]
        _check(side.get("rows") == rows and side.get("cols") == cols, "b_side.rows/cols", f"{rows} x {cols}")
        palazzo = side["palazzo"]
        _check(
            isinstance(palazzo, list) and len(palazzo) > 0
            and all(len(cell) == 2 and 0 <= cell[0] < rows and 0 < cell[1] < cols - 1 for cell in palazzo),
            "b_side.palazzo", "cells inside the grid, none in a border column (0 or cols - 1)",
        )  # fmt: skip
        layouts = coop["layouts"]
        for P in range(2, 6):
            want = [[0, 1]] if P == 2 else [[p, (p + 1) % P] for p in range(P)]
            got = layouts.get(str(P), {}).get("borders")
            _check(got == want, f"layouts.{P}.borders", f"{want} (SPEC CB)")
        self.ladder = list(ladder)
        self.L = len(ladder)
        self.K = budget

        # -- SPEC CB: "Every principality is a B side ... its Palazzo is b_side.palazzo ... it
        # replaces SPEC S's Palazzo". The base tables with that Palazzo (a copy: the packaged Tables
        # are shared by every base game).
        self.base = copy.copy(T)
        self.base.palazzo = 0
        for r, c in palazzo:
            self.base.palazzo |= T.bit(r, c)
        self.rows, self.cols, self.cells = rows, cols, T.cells

        # -- SPEC CA: ids appended after the base (and the solo block, which adds none).
        self.COOP = T.num_actions
        self.BUILD = self.COOP  # + b
        self.SIDE = self.COOP + NUM_BUILDINGS  # + s
        self.PRICE = self.COOP + 12  # + rung i
        self.ACCEPT = self.COOP + 12 + self.L
        self.DECLINE = self.COOP + 13 + self.L
        self.PLACE = self.COOP + 14 + self.L  # + frame placement j
        self.frame_size = 16 * T.cells
        self.num_actions = self.PLACE + self.frame_size

        # -- SPEC CP2 and CP4 tables.
        self.frame = [self._frame_placements(T.shapes[b]) for b in range(NUM_BUILDINGS)]
        self.frame_by_j = [{f.j: f for f in table} for table in self.frame]
        # CP4: per alone placement of each building, the neighbour's cells across the border:
        # (j, squares, halo, facing the left neighbour, facing the right neighbour).
        self.alone = [
            [(j, s, h, self._across_left(s), self._across_right(s)) for j, s, h in T.placements[b]]
            for b in range(NUM_BUILDINGS)
        ]

    def _frame_placements(self, shape) -> list[FramePlacement]:
        """SPEC CP2: the spanning placements of one building on a frame of rows x 2*cols cells."""
        rows, cols = self.rows, self.cols
        width = 2 * cols

        def bits(cells, on_right: bool) -> int:
            mask = 0
            for r, c in cells:
                if (c >= cols) == on_right:
                    mask |= 1 << (cols * r + (c - cols if on_right else c))
            return mask

        table = []
        for k, oriented in enumerate(orientations(shape)):
            if oriented is None:
                continue  # "k is not a duplicate"
            for ar in range(rows):
                for ac in range(width):
                    cells = {(r + ar, c + ac) for r, c in oriented}
                    if any(r >= rows or c >= width for r, c in cells):
                        continue  # "every square lies in the frame"
                    # "at least one square of the Building must be in each of the cooperating
                    # players' Principalities"
                    if all(c < cols for _, c in cells) or all(c >= cols for _, c in cells):
                        continue
                    halo = {
                        (r + dr, c + dc)
                        for r, c in cells
                        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        if 0 <= r + dr < rows and 0 <= c + dc < width
                    } - cells
                    j = k * (2 * self.cells) + width * ar + ac
                    squares = bits(cells, False), bits(cells, True)
                    table.append(FramePlacement(j, *squares, bits(halo, False), bits(halo, True)))
        return table

    def _across_right(self, squares: int) -> int:
        """SPEC CP4: "a square (r, 6) faces q's (r, 0) on the right"."""
        out = 0
        for r in range(self.rows):
            if squares >> (self.cols * r + self.cols - 1) & 1:
                out |= 1 << (self.cols * r)
        return out

    def _across_left(self, squares: int) -> int:
        """SPEC CP4: "a square (r, 0) faces q's (r, 6) on the left"."""
        out = 0
        for r in range(self.rows):
            if squares >> (self.cols * r) & 1:
                out |= 1 << (self.cols * r + self.cols - 1)
        return out

    def frame_cells(self, j: int) -> tuple[int, int, int]:
        """(k, ar, ac) of frame placement index j."""
        width = 2 * self.cols
        return j // (2 * self.cells), j % (2 * self.cells) // width, j % width

    def action_names(self, base_names: list[str], building_names: list[str]) -> list[str]:
        """SPEC CA / CR: ``coop_build_workshop``, ``coop_left``, ``coop_price_500``,
        ``coop_accept``, ``coop_decline``, ``coop_place_k0_r0c5``."""
        names = list(base_names)
        names += [f"coop_build_{n.lower().replace(' ', '_')}" for n in building_names]
        names += ["coop_left", "coop_right"]
        names += [f"coop_price_{100 * v}" for v in self.ladder]
        names += ["coop_accept", "coop_decline"]
        names += ["coop_place_k{}_r{}c{}".format(*self.frame_cells(j)) for j in range(self.frame_size)]
        assert len(names) == self.num_actions
        return names


_PACKAGED: list[CoopTables] = []


def coop_tables_for(T: Tables, patch, packaged_base: bool) -> CoopTables:
    """The CoopTables of the packaged files (built once) or of an override (built each time)."""
    if patch is None and packaged_base:
        if not _PACKAGED:
            _PACKAGED.append(CoopTables(T, load_coop_data(None)))
        return _PACKAGED[0]
    return CoopTables(T, load_coop_data(patch))
