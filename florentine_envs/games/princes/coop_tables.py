"""The cooperative building expansion's fixed tables (SPEC.md section COOP, CB and CP): the B
side, the neighbours, the price ladder and the frame placement table, read from
``princes_coop.json`` (with the ``"cooperative"`` key of a ``data=`` patch merged in) and
validated (SPEC CE).

A border's **frame** is the two boards side by side, ``rows x 2 * cols``: frame cell ``(r, c)``
is the left board's ``(r, c)`` for ``c < cols`` and the right board's ``(r, c - cols)`` otherwise.
A frame is wider than 64 cells, so every frame mask is a pair (left board, right board) of
uint64 masks in the boards' own bit numbering (SPEC P)."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np

from florentine_envs.core.data import deep_merge

from .constants import NUM_BUILDINGS
from .geometry import NUM_ORIENTATIONS, cells_mask, orient, parse_shape

LEFT, RIGHT = 0, 1  # sides of a board (SPEC CB): ``nb[p, LEFT]``, ``shared_cells[.., RIGHT]``
_ONE = np.uint64(1)


def packaged_coop_data() -> dict:
    """``princes_coop.json`` as packaged."""
    return json.loads(resources.files(__package__).joinpath("princes_coop.json").read_text())


def load_coop_data(data: dict) -> dict:
    """``princes_coop.json`` with ``data["cooperative"]`` (a dict patch) merged in."""
    packaged = packaged_coop_data()
    patch = data.get("cooperative", {})
    if not isinstance(patch, dict):
        raise ValueError(f"princes: data['cooperative'] must be a dict patch of princes_coop.json, got {patch!r}")
    return deep_merge(packaged, patch)


def _ring_borders(num_players: int) -> list[list[int]]:
    """The borders of SPEC CB: one with 2 players, a closed ring of P with 3-5."""
    if num_players == 2:
        return [[0, 1]]
    return [[p, (p + 1) % num_players] for p in range(num_players)]


class CoopTables:
    """Every number of the cooperative expansion for ``num_players`` players, with the base
    game's :class:`~.data.Tables` ``T`` (the grid and its placement table) and ``shapes`` (the base
    data's ``buildings.shapes``). Raises ``ValueError`` naming the key
    on malformed data (SPEC CE)."""

    def __init__(self, coop: dict, shapes: dict, T, num_players: int):
        rows, cols = T.rows, T.cols
        self.rows, self.cols, self.num_cells = rows, cols, rows * cols
        neg = coop["negotiation"]
        ladder = neg["price_ladder"]
        if (
            not isinstance(ladder, list)
            or not ladder
            or any(isinstance(v, bool) or not isinstance(v, int) for v in ladder)
            or ladder[0] != 0
            or any(a >= b for a, b in zip(ladder, ladder[1:]))
        ):
            raise ValueError(
                f"princes: cooperative negotiation.price_ladder={ladder!r}; allowed: a non-empty list of "
                "increasing integers starting at 0"
            )
        self.ladder = np.array(ladder, np.int64)  # [L] prices in 100 Florin
        K = neg["proposals_per_action"]
        if isinstance(K, bool) or not isinstance(K, int) or K < 1:
            raise ValueError(f"princes: cooperative negotiation.proposals_per_action={K!r}; allowed: an integer >= 1")
        self.proposals = K

        side = coop["b_side"]
        palazzo = [tuple(c) for c in side["palazzo"]]
        if (side["rows"], side["cols"]) != (rows, cols) or any(
            len(c) != 2 or not (0 <= c[0] < rows and 0 < c[1] < cols - 1) for c in palazzo
        ):
            raise ValueError(
                f"princes: cooperative b_side.palazzo={side['palazzo']!r}; allowed: cells of the {rows} x {cols} "
                "grid, none in a border column (0 or cols - 1)"
            )
        self.palazzo = cells_mask(palazzo, cols)
        self.free_cells = self.num_cells - len(set(palazzo))

        for P in range(2, 6):
            got = coop["layouts"].get(str(P), {}).get("borders")
            if got != _ring_borders(P):
                raise ValueError(
                    f"princes: cooperative layouts[{P}].borders={got!r}; allowed: {_ring_borders(P)!r} (SPEC CB)"
                )
        P = num_players
        self.drawing_origin = [tuple(o) for o in coop["layouts"][str(P)]["drawing_origin"]]
        #: int64[P, 2]: seat p's neighbour on its left / right border column, -1 for an outer edge
        self.nb = np.full((P, 2), -1, np.int64)
        for x, y in _ring_borders(P):
            self.nb[x, RIGHT], self.nb[y, LEFT] = y, x

        full = (1 << self.num_cells) - 1
        self.full = np.uint64(full)
        self.left_col = cells_mask([(r, 0) for r in range(rows)], cols)  # uint64
        self.right_col = cells_mask([(r, cols - 1) for r in range(rows)], cols)  # uint64
        self._build_frame_table(T.building_names, shapes)
        self._build_edge_table(T)

    # ------------------------------------------------------------ CP2

    def _board_neighbours(self, masks: np.ndarray) -> np.ndarray:
        """uint64[...]: the board cells orthogonally next to a cell of ``masks`` (on the board)."""
        cols = np.uint64(self.cols)
        up_down = (masks >> cols) | ((masks << cols) & self.full)
        sideways = ((masks & ~self.left_col) >> _ONE) | ((masks & ~self.right_col) << _ONE)
        return up_down | sideways

    def _build_frame_table(self, names: list[str], shapes: dict) -> None:
        """``span_squares``, ``span_halo``: uint64[10, 16 * cells, 2] (left board, right board)
        per building and frame placement ``j = k * 2 * cells + 2 * cols * ar + ac``; 0 unless the
        placement is spanning (SPEC CP2). Also the spanning placements flat, building after
        building, for the masks."""
        rows, cols, n = self.rows, self.cols, self.num_cells
        width = 2 * cols
        self.frame_placements = NUM_ORIENTATIONS * 2 * n
        squares = np.zeros((NUM_BUILDINGS, self.frame_placements, 2), np.uint64)
        ar, ac = np.divmod(np.arange(rows * width), width)  # [2 * cells] every anchor of the frame
        for b, name in enumerate(names):
            cells = parse_shape(shapes[name])
            seen = set()
            for k in range(NUM_ORIENTATIONS):
                shape = orient(cells, k)
                if shape in seen:  # a duplicate orientation: no placement (SPEC P)
                    continue
                seen.add(shape)
                sr = np.array([r for r, _ in shape])[None, :] + ar[:, None]  # [anchors, squares]
                sc = np.array([c for _, c in shape])[None, :] + ac[:, None]
                inside = (sr < rows).all(1) & (sc < width).all(1)
                on_left = sc < cols
                spanning = inside & on_left.any(1) & (~on_left).any(1)
                bit = np.where(inside[:, None], cols * sr + np.where(on_left, sc, sc - cols), 0).astype(np.uint64)
                ones = np.where(spanning[:, None], _ONE << bit, np.uint64(0))
                run = slice(k * 2 * n, (k + 1) * 2 * n)
                squares[b, run, 0] = np.bitwise_or.reduce(np.where(on_left, ones, np.uint64(0)), 1)
                squares[b, run, 1] = np.bitwise_or.reduce(np.where(on_left, np.uint64(0), ones), 1)
        left, right = squares[..., 0], squares[..., 1]
        shift = np.uint64(cols - 1)
        halo = np.zeros_like(squares)
        # a frame cell's neighbours across the border: right board column 0 <-> left board column cols - 1
        across_to_left, across_to_right = (right & self.left_col) << shift, (left & self.right_col) >> shift
        halo[..., 0] = (self._board_neighbours(left) | across_to_left) & ~left
        halo[..., 1] = (self._board_neighbours(right) | across_to_right) & ~right
        self.spanning = (left != 0) & (right != 0)  # bool[10, 16 * cells]
        halo[~self.spanning] = 0
        self.span_squares, self.span_halo = squares, halo
        counts = self.spanning.sum(1)
        #: the spanning placements flat, building after building: frame index, squares, halo
        self.flat_j = np.concatenate([np.flatnonzero(row) for row in self.spanning])  # int[m]
        self.flat_building = np.repeat(np.arange(NUM_BUILDINGS), counts)  # int[m]
        self.flat_squares = squares[self.spanning]  # uint64[m, 2]
        self.flat_halo = halo[self.spanning]  # uint64[m, 2]
        self.flat_starts = np.concatenate([[0], np.cumsum(counts)[:-1]])  # int[10]

    # ------------------------------------------------------------ CP4

    def _build_edge_table(self, T) -> None:
        """``edge``: uint64[13, 8 * cells, 2]: for a placement of the base table (SPEC P), the
        cells of the left / right neighbour's board across the border from its squares in
        column 0 / column cols - 1 (SPEC CP4's ``X``)."""
        shift = np.uint64(self.cols - 1)
        self.edge = np.stack([(T.squares & self.left_col) << shift, (T.squares & self.right_col) >> shift], -1)
