"""The principality grid as 64-bit masks: polyomino orientations, the precomputed placement
tables and the placement rules 1-4 of the rulebook ("Placing a Building or Landscape").

Cell ``(r, c)`` of the ``rows x cols`` grid (row 0 at the top) is bit ``cols * r + c`` of a
``uint64`` (a 7 x 7 grid uses 49 bits). A placement action is ``PLACE + k * cells + anchor``
(SPEC.md section P): orientation ``k = 4 * flip + rot`` (mirror the columns first when ``flip``,
then turn ``rot`` quarter turns clockwise, then shift to the top-left corner), and ``anchor =
cols * ar + ac`` the cell where the shifted shape's corner ``(0, 0)`` goes. An orientation whose
cell set equals that of a smaller ``k`` is a duplicate, and every anchor that puts a square
outside the grid is no placement: their table entries are 0 (never legal).
"""

from __future__ import annotations

import numpy as np

NUM_ORIENTATIONS = 8


def parse_shape(rows: list[str]) -> list[tuple[int, int]]:
    """The squares ``(r, c)`` of a shape drawn as strings (``'#'`` a square, ``'.'`` none)."""
    cells = [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
    if not cells or any(ch not in "#." for line in rows for ch in line):
        raise ValueError(f"a shape is drawn with '#' and '.' and has at least one square, got {rows!r}")
    if not _connected(cells):
        raise ValueError(f"a shape must be one orthogonally connected piece, got {rows!r}")
    return cells


def _connected(cells: list[tuple[int, int]]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def orient(cells: list[tuple[int, int]], k: int) -> tuple[tuple[int, int], ...]:
    """Orientation ``k`` (0..7) of ``cells``: mirror (``k >= 4``), ``k % 4`` quarter turns
    clockwise, shifted so that the smallest row and column are 0; sorted."""
    out = [(r, -c) if k >= 4 else (r, c) for r, c in cells]
    for _ in range(k % 4):
        out = [(c, -r) for r, c in out]  # a quarter turn clockwise: row <- col, col <- -row
    r0, c0 = min(r for r, _ in out), min(c for _, c in out)
    return tuple(sorted((r - r0, c - c0) for r, c in out))


def placement_table(cells: list[tuple[int, int]], rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """``(squares, halo)``, uint64[8 * rows * cols] each, indexed ``k * rows * cols + anchor``:
    the squares a placement covers (0 when it is no placement: a duplicate orientation or off the
    grid) and its halo, the grid squares orthogonally next to it that it does not cover."""
    n = rows * cols
    squares = np.zeros(NUM_ORIENTATIONS * n, np.uint64)
    halo = np.zeros(NUM_ORIENTATIONS * n, np.uint64)
    seen: set[tuple[tuple[int, int], ...]] = set()
    for k in range(NUM_ORIENTATIONS):
        shape = orient(cells, k)
        if shape in seen:
            continue
        seen.add(shape)
        for ar in range(rows):
            for ac in range(cols):
                placed = {(r + ar, c + ac) for r, c in shape}
                if any(r >= rows or c >= cols for r, c in placed):
                    continue
                around = {
                    nb
                    for r, c in placed
                    for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                    if 0 <= nb[0] < rows and 0 <= nb[1] < cols and nb not in placed
                }
                squares[k * n + ar * cols + ac] = cells_mask(placed, cols)
                halo[k * n + ar * cols + ac] = cells_mask(around, cols)
    return squares, halo


def cells_mask(cells, cols: int) -> np.uint64:
    """The uint64 mask of a set of ``(r, c)`` squares."""
    mask = 0
    for r, c in cells:
        mask |= 1 << (cols * r + c)
    return np.uint64(mask)


def mask_cells(mask: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """The ``(r, c)`` squares of a mask, in bit order."""
    mask = int(mask)
    return [(i // cols, i % cols) for i in range(rows * cols) if mask >> i & 1]


def popcount(masks: np.ndarray) -> np.ndarray:
    """Set bits of each uint64 (int64 array of the same shape)."""
    return np.bitwise_count(np.asarray(masks, np.uint64)).astype(np.int64)


def legal_placements(
    squares: np.ndarray, halo: np.ndarray, occupied: np.ndarray, blocked: np.ndarray, is_building: bool
) -> np.ndarray:
    """bool[..., 8 * rows * cols]: the legal placements of one piece (rules 1-4).

    ``squares``, ``halo``: the piece's table (uint64[8 * rows * cols]); ``occupied``: uint64[...]
    every covered square (the Palazzo, buildings and landscapes); ``blocked``: uint64[...] the
    squares a new building may not touch (the Palazzo and buildings; 0 when the owner has 2 or 3
    Builders, rule 3's exception). Rule 1 is the table (inside the grid, any orientation), rule 2
    no overlap, rule 3 a building touches no building by an edge, rule 4 landscapes touch anything.
    """
    occupied = np.asarray(occupied, np.uint64)[..., None]
    ok = (squares != 0) & ((squares & occupied) == 0)
    if is_building:
        ok &= (halo & np.asarray(blocked, np.uint64)[..., None]) == 0
    return ok
