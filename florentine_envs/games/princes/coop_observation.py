"""The cooperative building expansion's observation fields (SPEC.md COOP, CV): the public
proposal and who shares what with whom. Everything here is public (C15)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from .constants import NUM_BUILDINGS
from .coop_tables import LEFT, RIGHT

if TYPE_CHECKING:
    from .state import PrincesState


class CoopObservation:
    """Mixin of :class:`~.princes.Princes`: the fields ``proposal`` and ``coop_board``."""

    def _coop_layout_sizes(self) -> list[tuple[str, int]]:
        P, L, cells = self.seats, len(self.CT.ladder), self.CT.num_cells
        return [("proposal", NUM_BUILDINGS + 2 * P + 2 + L + 2 * cells + 1), ("coop_board", 22 * P)]

    def _coop_bounds(self) -> dict:
        high = np.ones(self.obs_layout["proposal"].stop - self.obs_layout["proposal"].start)
        high[-1] = self.CT.proposals  # proposals_left
        return {"proposal": (0, high), "coop_board": (0, 1)}

    def _coop_observe(self, st: PrincesState, players, obs: np.ndarray) -> None:
        """Fill ``proposal`` and ``coop_board`` of ``obs`` (float32[B, obs_size]) for observers
        ``players`` (int or int[B]); ``observe`` takes :meth:`_coop_observe_one` for one game."""
        CT, P, Lay = self.CT, self.seats, self.obs_layout
        B = st.batch_size
        o = np.broadcast_to(np.asarray(players, np.int64), (B,))
        rows = np.arange(B)
        L, cells = len(CT.ladder), CT.num_cells
        prop = np.zeros((B, Lay["proposal"].stop - Lay["proposal"].start), np.float32)
        building = st.prop_building.astype(np.int64)
        on = building >= 0
        prop[rows[on], building[on]] = 1.0
        at = NUM_BUILDINGS
        for seat in (st.prop_builder, st.prop_partner):
            seat = seat.astype(np.int64)
            on = seat >= 0
            prop[rows[on], at + (seat - o)[on] % P] = 1.0
            at += P
        side = st.prop_side.astype(np.int64)
        on = side >= 0
        prop[rows[on], at + side[on]] = 1.0
        at += 2
        price = st.prop_price.astype(np.int64)
        on = price >= 0
        prop[rows[on], at + price[on]] = 1.0
        at += L
        place = st.prop_place.astype(np.int64)
        on = np.flatnonzero(place >= 0)
        if on.size:  # the placement's squares: the left board's cells, then the right board's
            squares = CT.span_squares[building[on], place[on]]  # [k, 2]
            bits = np.arange(cells, dtype=np.uint64)
            for board in (0, 1):
                prop[on, at + board * cells : at + (board + 1) * cells] = (squares[:, board, None] >> bits) & 1
        prop[:, -1] = st.proposals_left
        obs[:, Lay["proposal"]] = prop

        seats = (o[:, None] + np.arange(P)) % P  # [B, P] the seat of relative block j
        nb = CT.nb[seats]  # [B, P, 2]
        partner = st.shared_with[rows[:, None], seats].astype(np.int64)  # [B, P, 10]
        board = np.zeros((B, P, 22), np.float32)
        board[:, :, 0:2] = nb >= 0
        board[:, :, 2:12] = (partner == nb[:, :, LEFT, None]) & (nb[:, :, LEFT, None] >= 0)
        board[:, :, 12:22] = (partner == nb[:, :, RIGHT, None]) & (nb[:, :, RIGHT, None] >= 0)
        obs[:, Lay["coop_board"]] = board.reshape(B, -1)

    def _coop_observe_one(self, st: PrincesState, o: int, row: np.ndarray) -> None:
        """:meth:`_coop_observe` of a batch of one (the AEC env) into ``row``, from scalar reads:
        the same values (a test compares them)."""
        CT, P, Lay = self.CT, self.seats, self.obs_layout
        at = Lay["proposal"].start
        building = st.prop_building.item(0)
        if building >= 0:
            row[at + building] = 1.0
        at += NUM_BUILDINGS
        for seat in (st.prop_builder.item(0), st.prop_partner.item(0)):
            if seat >= 0:
                row[at + (seat - o) % P] = 1.0
            at += P
        side, price, place = st.prop_side.item(0), st.prop_price.item(0), st.prop_place.item(0)
        if side >= 0:
            row[at + side] = 1.0
        at += 2
        if price >= 0:
            row[at + price] = 1.0
        at += len(CT.ladder)
        if place >= 0:
            bits = np.arange(CT.num_cells, dtype=np.uint64)
            row[at : at + 2 * CT.num_cells] = ((CT.span_squares[building, place][:, None] >> bits) & 1).reshape(-1)
        row[Lay["proposal"].stop - 1] = st.proposals_left.item(0)
        seats, has, left, right = self._coop_board_views[o]
        partner = st.shared_with[0, seats]  # [P, 10]
        board = row[Lay["coop_board"]].reshape(P, 22)  # a view: written in place
        board[:, 0:2] = has
        board[:, 2:12] = partner == left
        board[:, 12:22] = partner == right

    @functools.cached_property
    def _coop_board_views(self) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
        """Per observer o: (int[P] the seat of relative block j, bool[P, 2] whether it has a
        left / right neighbour, int[P, 1] its left neighbour, int[P, 1] its right neighbour),
        a missing neighbour as -2, which no ``shared_with`` entry (a seat or -1) equals."""
        P, nb = self.seats, self.CT.nb
        views = []
        for o in range(P):
            seats = (o + np.arange(P)) % P
            beside = np.where(nb[seats] >= 0, nb[seats], -2)  # [P, 2]
            views.append((seats, nb[seats] >= 0, beside[:, LEFT, None], beside[:, RIGHT, None]))
        return views
