"""What one player sees of a cooperative reference game (SPEC CV), and the expansion's invariants.

The base observation (``observation.py``, with the phase one-hot over the 18 phases), then the
fields ``proposal`` and ``coop_board`` written part by part in SPEC CV's order. Everything here is
public: "give an indication of where the Building will be built and how much they should pay you"
is said at the table (C15).
"""

from __future__ import annotations

import numpy as np

from .coop_tables import COOP_NUM_PHASES, COOP_PHASES, LEFT, RIGHT
from .observation import obs_size, observe
from .tables import NUM_BUILDINGS


def proposal_size(P: int, C) -> int:
    """SPEC CV: ``10 + 2P + 2 + L + 2·cells + 1``."""
    return NUM_BUILDINGS + 2 * P + 2 + C.L + 2 * C.cells + 1


def coop_obs_size(P: int, C) -> int:
    """SPEC CV: ``obs_size = 311 + 198 P + 4 + (127 + 2P) + 22P`` with the packaged data."""
    return obs_size(P, COOP_NUM_PHASES) + proposal_size(P, C) + 22 * P


def _one_hot(index: int, size: int) -> list[float]:
    row = [0.0] * size
    if index >= 0:
        row[index] = 1.0
    return row


def _bits(mask: int, cells: int) -> list[float]:
    return [float(mask >> i & 1) for i in range(cells)]


def observe_coop(ref, o: int) -> np.ndarray:
    """float32[coop_obs_size]: what seat ``o`` sees (SPEC V, then SPEC CV's two fields)."""
    C, P = ref.C, ref.num_players
    base = observe(ref, o)  # validates o; its phase one-hot has ref.num_phases (18) entries
    out: list[float] = []

    def rel_one_hot(seat: int) -> list[float]:
        return _one_hot((seat - o) % P if seat >= 0 else -1, P)

    # proposal: "Each part is 0 until it is chosen and after the proposal is cleared"
    out += _one_hot(ref.prop_building, NUM_BUILDINGS)
    out += rel_one_hot(ref.prop_builder)
    out += rel_one_hot(ref.prop_partner)
    out += _one_hot(ref.prop_side, 2)  # left, right, from the builder
    out += _one_hot(ref.prop_price, C.L)
    left = right = 0
    if ref.prop_place >= 0:
        f = C.frame_by_j[ref.prop_building][ref.prop_place]
        left, right = f.squares_left, f.squares_right
    out += _bits(left, C.cells) + _bits(right, C.cells)  # left board first (question 2)
    out.append(float(ref.proposals_left))
    # coop_board: per relative seat, its neighbours and what it shares with each (question 3)
    for j in range(P):
        x = (o + j) % P
        out += [float(ref.nb[x][LEFT] >= 0), float(ref.nb[x][RIGHT] >= 0)]
        for side in (LEFT, RIGHT):
            q = ref.nb[x][side]
            out += [float(q >= 0 and ref.shared_with[x][b] == q) for b in range(NUM_BUILDINGS)]
    obs = np.concatenate([base, np.array(out, dtype=np.float32)])
    assert obs.size == coop_obs_size(P, C)
    return obs


def check_coop_invariants(ref) -> None:
    """SPEC CF "Invariants", and the reference's own: where the shared squares lie."""
    C, P = ref.C, ref.num_players

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"princes reference invariant (cooperative): {what}")

    for x in range(P):
        for b in range(NUM_BUILDINGS):
            q = ref.shared_with[x][b]
            if q < 0:
                need(ref.coop_squares[x][b] == 0, f"seat {x}: squares of an unshared building {b}")
                continue
            need(ref.shared_with[q][b] == x, f"shared_with is not symmetric (seats {x}, {q}, building {b})")
            need(q in ref.nb[x], f"seat {x} shares building {b} with {q}, not a neighbour")
            need(ref.built[x][b], f"seat {x} shares building {b} it has not built")
            side = ref.nb[x].index(q)
            squares = ref.coop_squares[x][b]
            # "at least one square of the Building must be in each of the cooperating players'
            # Principalities"; its squares on x's board lie in x's shared_cells towards q.
            need(squares != 0, f"seat {x}: shared building {b} has no square on its board")
            need(squares & ~ref.shared_cells[x][side] == 0, f"seat {x}: shared squares of {b} not in shared_cells")
            x_left, y_right = (x, q) if side == RIGHT else (q, x)
            joined = ref.coop_squares[x_left][b], ref.coop_squares[y_right][b]
            need(
                any((f.squares_left, f.squares_right) == joined for f in C.frame[b]),
                f"building {b} shared by {x} and {q} is no spanning placement",
            )
        for side in (LEFT, RIGHT):
            need(ref.shared_cells[x][side] & ~ref.blocked[x] == 0, f"seat {x}: shared_cells outside blocked")
            q = ref.nb[x][side]
            expected = 0
            for b in range(NUM_BUILDINGS):
                if q >= 0 and ref.shared_with[x][b] == q:
                    expected |= ref.coop_squares[x][b]
            need(ref.shared_cells[x][side] == expected, f"seat {x}: shared_cells[{side}] is not its shared squares")
    if ref.phase not in COOP_PHASES:
        proposal = (ref.prop_building, ref.prop_builder, ref.prop_partner)
        proposal += (ref.prop_side, ref.prop_place, ref.prop_price)
        need(proposal == (-1,) * 6, "a proposal outside the negotiation phases")
    else:
        need(ref.prop_building >= 0 and ref.prop_builder >= 0, "a negotiation without a building")
    need(0 <= ref.proposals_left <= C.K, f"proposals_left {ref.proposals_left} outside 0..{C.K}")
