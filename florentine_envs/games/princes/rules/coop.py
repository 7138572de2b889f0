"""The cooperative building expansion of The Princes of Florence (option ``cooperative``; SPEC.md
section COOP, readings C1-C16 in COOP_NOTES.md): proposals to a neighbour, the spanning
placements, the price, the partner's answer, the additional rule for building alone (CP4) and
what a shared building counts for.

A proposal is four decisions of the builder p (ACTION ``coop_build_b``, COOP_SIDE, COOP_PLACE,
COOP_PRICE) and one of the partner q (COOP_ANSWER). Every step of it is offered only when a
legal, affordable completion exists (C9), so a proposal never dead-ends. The tables are
:class:`~.coop_tables.CoopTables` (``self.CT``)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from ..constants import (
    A_BUILD,
    A_FREEDOM,
    A_PRINCESS,
    A_PROFESSION,
    A_TAKE_BONUS,
    A_TAKE_PROFESSION,
    NUM_BUILDINGS,
    NUM_FREEDOMS,
    NUM_PIECES,
    NUM_PROFESSIONS,
    PH_ACTION,
    PH_COOP_ANSWER,
    PH_COOP_PLACE,
    PH_COOP_PRICE,
    PH_COOP_SIDE,
)
from ..coop_tables import LEFT, RIGHT
from ..geometry import popcount

if TYPE_CHECKING:
    from ..state import PrincesState

_ZERO = np.uint64(0)
_FRAME_CACHE_SIZE = 4096  # borders kept by _frame_open_one before it starts afresh


class CoopRules:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: the cooperative building rules and masks. Every
    method here is reached only with ``cooperative=True`` (the base code calls the hooks behind
    ``if self.cooperative``), so the base game runs none of it."""

    # ------------------------------------------------------------ action ids (SPEC CA)

    def _coop_ids(self) -> None:
        """The cooperative action ids, after the base game's (SPEC CA)."""
        L = len(self.CT.ladder)
        self.a_coop = self.a_fame + self.fame_choices  # coop_build_b
        self.a_coop_side = self.a_coop + NUM_BUILDINGS  # coop_left, coop_right
        self.a_coop_price = self.a_coop_side + 2  # coop_price_i
        self.a_coop_accept = self.a_coop_price + L
        self.a_coop_decline = self.a_coop_accept + 1
        self.a_coop_place = self.a_coop_decline + 1  # coop_place_j
        self.num_actions = self.a_coop_place + self.CT.frame_placements

    @property
    def reference(self) -> str:
        """``"module:Class"`` of the scalar reference of this option set (``Game.reference``, read
        by ``florentine bench``): the cooperative game has a reference of its own, and so has the
        solo game; the base one's rejects both options."""
        module = "florentine_envs.games.princes.reference"
        if self.cooperative:
            return f"{module}:PrincesCoopReference"
        return f"{module}:PrincesSoloReference" if self.solo else f"{module}:PrincesReference"

    @functools.cached_property
    def _uses_action(self) -> np.ndarray:
        """bool[num_actions]: the ACTION ids that use one of the turn's actions (SPEC T5: works,
        the Princess, building, a profession, a Freedom, a Bonus card); each refills the
        proposal budget (SPEC CM)."""
        uses = np.zeros(self.num_actions, bool)
        for lo, n in (
            (A_PROFESSION, NUM_PROFESSIONS), (A_PRINCESS, 1), (A_BUILD, NUM_BUILDINGS), (A_TAKE_PROFESSION, 1),
            (A_FREEDOM, NUM_FREEDOMS), (A_TAKE_BONUS, 1),
        ):  # fmt: skip
            uses[lo : lo + n] = True
        return uses

    # ------------------------------------------------------------ legality (SPEC CP3, CP4)

    def _frame_seats(self, p: np.ndarray, side: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(partner, left seat x, right seat y) of the border on ``side`` of seat p (int[n] each;
        the partner is -1 where p has no neighbour there, and then x, y are p)."""
        q = self.CT.nb[p, side]
        has = q >= 0
        right = side == RIGHT
        x = np.where(has & ~right, q, p)
        y = np.where(has & right, q, p)
        return q, x, y

    def _frame_legal(self, st: PrincesState, g, x, y, squares, halo) -> np.ndarray:
        """bool[n, m]: which spanning placements (``squares``, ``halo``: uint64[m, 2] or [n, m, 2])
        are legal on the frame of border [x, y] (SPEC CP3 rules 2-4): no overlap on either
        board; a principality with fewer than 2 Builders is touched by none of its buildings,
        on its own board or (a building it shares across this border) on the other."""
        occ_x, occ_y = st.occupied[g, x], st.occupied[g, y]
        alone_x, alone_y = st.builders[g, x] < 2, st.builders[g, y] < 2
        # the cells the new building's halo may not touch, per board
        shared_x, shared_y = st.shared_cells[g, 2 * x + RIGHT], st.shared_cells[g, 2 * y + LEFT]
        forbid_x = np.where(alone_x, st.blocked[g, x], _ZERO) | np.where(alone_y, shared_x, _ZERO)
        forbid_y = np.where(alone_y, st.blocked[g, y], _ZERO) | np.where(alone_x, shared_y, _ZERO)
        clash_x = (squares[..., 0] & occ_x[:, None]) | (halo[..., 0] & forbid_x[:, None])
        clash_y = (squares[..., 1] & occ_y[:, None]) | (halo[..., 1] & forbid_y[:, None])
        return (clash_x | clash_y) == 0

    def _rungs(self, st: PrincesState, g, p, q) -> np.ndarray:
        """bool[n, L]: the affordable rungs (C7): the partner q can pay the price, and the
        builder p's purse plus the price covers his building cost."""
        ladder = self.CT.ladder[None, :]
        cost = self.T.build_cost[st.builders[g, p]]
        valid = q >= 0
        purse_q = np.where(valid, self._purse(st, g, np.where(valid, q, p)), -1)
        return (ladder <= purse_q[:, None]) & (self._purse(st, g, p)[:, None] + ladder >= cost[:, None])

    def _open_sides(self, st: PrincesState, g, p) -> np.ndarray:
        """bool[n, 10, 2]: whether each building can be proposed on each side of seat p (SPEC CM
        "Open side"): a neighbour there without that building, a legal spanning placement on
        the border's frame, an affordable rung. Rule 5 for p and the supply are the caller's."""
        CT = self.CT
        out = np.zeros((g.size, NUM_BUILDINGS, 2), bool)
        for side in (LEFT, RIGHT):
            q, x, y = self._frame_seats(p, np.full(g.size, side))
            has = q >= 0
            if not has.any():
                continue
            has &= self._rungs(st, g, p, q).any(1)
            legal = self._frame_legal(st, g, x, y, CT.flat_squares, CT.flat_halo)  # [n, m]
            some = np.logical_or.reduceat(legal, CT.flat_starts, axis=1)  # [n, 10]
            out[:, :, side] = some & ~st.built[g, np.maximum(q, 0)] & has[:, None]
        return out

    def _border_forbidden(self, st: PrincesState, g, p, side: int) -> np.ndarray:
        """uint64[n]: the cells across seat p's ``side`` border column that a building placed
        alone may not face (SPEC CP4): all with 0 Builders, the covered ones with 1, none with 2
        or more or without a neighbour there."""
        builders = st.builders[g, p]
        q = self.CT.nb[p, side]
        occupied = st.occupied[g, np.maximum(q, 0)]
        forbid = np.where(builders == 0, self.CT.full, np.where(builders == 1, occupied, _ZERO))
        return np.where(q >= 0, forbid, _ZERO)

    def _alone_at_border_ok(self, st: PrincesState, g, p, edge: np.ndarray) -> np.ndarray:
        """bool[n, m]: SPEC CP4 for building placements ``edge`` (uint64[n, m, 2]: the
        neighbour cells across the left / right border column) of seat p building alone."""
        ok = np.ones(edge.shape[:-1], bool)
        for side in (LEFT, RIGHT):
            ok &= (edge[..., side] & self._border_forbidden(st, g, p, side)[:, None]) == 0
        return ok

    def _restrict_alone_at_border(self, st: PrincesState, g, p, ok: np.ndarray) -> None:
        """SPEC CP4 applied in place to ``ok`` (bool[n, m]), the building placements of
        ``_flat_placements``: only the placements with a square on a border column are read."""
        for side, (index, edge) in enumerate(self._flat_border_placements):
            ok[:, index] &= (edge & self._border_forbidden(st, g, p, side)[:, None]) == 0

    @functools.cached_property
    def _flat_border_placements(self) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """Per side (left, right): (int[k] the building placements of ``_flat_placements`` with a
        square on that border column, uint64[k] the neighbour cells they face: CoopTables.edge)."""
        valid = self.T.squares[:NUM_BUILDINGS] != 0
        edge = self.CT.edge[:NUM_BUILDINGS][valid]  # [m, 2], the order of _flat_placements
        return tuple((np.flatnonzero(edge[:, side]), edge[edge[:, side] != 0, side]) for side in (LEFT, RIGHT))

    def _refresh_all_fits(self, st: PrincesState, g: np.ndarray) -> None:
        """``fits`` of every seat of games g."""
        P = self.seats
        self._refresh_fits(st, np.repeat(g, P), np.tile(np.arange(P), g.size))

    def _refresh_fits_around(self, st: PrincesState, g: np.ndarray, p: np.ndarray) -> None:
        """``fits`` after seat p's board changed (SPEC CM: recomputed for every seat): p's own,
        and its neighbours', whose rule for building alone (CP4) reads p's board; no other
        seat's can change."""
        seats = np.concatenate([p[:, None], self.CT.nb[p]], 1)  # [n, 3]
        has = seats >= 0
        self._refresh_fits(st, np.repeat(g, 3)[has.reshape(-1)], seats[has])


    # ------------------------------------------------------------ masks (SPEC CM)

    def _mask_coop_action(self, st: PrincesState, g, p) -> None:
        """ACTION gains ``coop_build_b`` (added to the base mask of those games)."""
        ok = (st.actions_left[g] >= 1) & (st.proposals_left[g] >= 1)
        if not ok.any():
            return
        g, p = g[ok], p[ok]
        build = (st.supply_buildings[g] > 0) & ~st.built[g, p]
        build &= self._open_sides(st, g, p).any(2)
        st.legal_action_mask[g, self.a_coop : self.a_coop + NUM_BUILDINGS] = build

    def _mask_coop_action_one(self, st: PrincesState, p: int) -> None:
        """:meth:`_mask_coop_action` of a batch of one (the AEC env), from scalar reads: the same
        mask (the cooperative differential test holds it). Cheaper because it only looks at the
        buildings p could still propose, skips a side whose partner cannot pay any rung or holds
        every such building already, and tests the placements of one board pair at once."""
        if st.actions_left.item(0) < 1 or st.proposals_left.item(0) < 1:
            return
        build = (st.supply_buildings[0] > 0) & ~st.built[0, p]  # bool[10]
        if not build.any():
            return
        CT, open_any = self.CT, np.zeros(NUM_BUILDINGS, bool)
        for side in (LEFT, RIGHT):
            q = CT.nb.item(p, side)
            if q < 0 or not self._can_pay_a_rung_one(st, p, q):
                continue
            wanted = build & ~st.built[0, q] & ~open_any  # bool[10]: still undecided on this side
            if not wanted.any():
                continue
            x, y = (p, q) if side == RIGHT else (q, p)
            open_any |= wanted & self._frame_open_one(st, x, y)
        st.legal_action_mask[0, self.a_coop : self.a_coop + NUM_BUILDINGS] = open_any

    def _frame_open_one(self, st: PrincesState, x: int, y: int) -> np.ndarray:
        """bool[10] (read-only): which buildings have a legal spanning placement on the frame of
        border [x, y] of one game. It depends only on the two boards' occupied and forbidden
        cells, which change on a placement alone, so it is kept per such pair of boards (the
        ACTION mask asks again at every action of a turn)."""
        key = self._frame_key_one(st, x, y)
        found = self._frame_open_cache.get(key)
        if found is None:
            if len(self._frame_open_cache) >= _FRAME_CACHE_SIZE:
                self._frame_open_cache.clear()
            CT = self.CT
            legal = self._frame_legal_one(key, CT.flat_squares, CT.flat_halo)  # bool[m]
            found = np.logical_or.reduceat(legal, CT.flat_starts)
            found.flags.writeable = False
            self._frame_open_cache[key] = found
        return found

    @functools.cached_property
    def _frame_open_cache(self) -> dict:
        """(occupied x, occupied y, forbidden x, forbidden y) -> :meth:`_frame_open_one`."""
        return {}

    def _frame_key_one(self, st: PrincesState, x: int, y: int) -> tuple[int, int, int, int]:
        """The cells of border [x, y] that decide its frame placements (SPEC CP3): each board's
        occupied cells and the cells a new building's halo may not touch there."""
        alone_x, alone_y = st.builders.item(0, x) < 2, st.builders.item(0, y) < 2
        shared_x, shared_y = st.shared_cells.item(0, 2 * x + RIGHT), st.shared_cells.item(0, 2 * y + LEFT)
        forbid_x = (st.blocked.item(0, x) if alone_x else 0) | (shared_x if alone_y else 0)
        forbid_y = (st.blocked.item(0, y) if alone_y else 0) | (shared_y if alone_x else 0)
        return st.occupied.item(0, x), st.occupied.item(0, y), forbid_x, forbid_y

    def _can_pay_a_rung_one(self, st: PrincesState, p: int, q: int) -> bool:
        """:meth:`_rungs` ``.any()`` of one game: some price q can pay covers p's building cost."""
        # CommonRules._purse from scalar reads: money, plus fame sold where allowed (D9, D33)
        rate = 0 if self.characters else self.T.florin_per_fame_sold
        purse_p = st.money.item(0, p) + st.fame.item(0, p) * rate
        purse_q = st.money.item(0, q) + st.fame.item(0, q) * rate
        lowest = self.T.build_cost[st.builders.item(0, p)] - purse_p  # the price p needs at least
        return any(lowest <= price <= purse_q for price in self._ladder_prices)

    @functools.cached_property
    def _ladder_prices(self) -> tuple[int, ...]:
        return tuple(self.CT.ladder.tolist())

    def _frame_legal_one(self, key: tuple[int, int, int, int], squares, halo) -> np.ndarray:
        """:meth:`_frame_legal` of one border whose :meth:`_frame_key_one` is ``key``: bool[m]
        for ``squares``, ``halo`` (uint64[m, 2])."""
        occ_x, occ_y, forbid_x, forbid_y = (np.uint64(v) for v in key)
        clash = (squares[:, 0] & occ_x) | (halo[:, 0] & forbid_x)
        clash |= (squares[:, 1] & occ_y) | (halo[:, 1] & forbid_y)
        return clash == 0

    def _mask_coop_side(self, st: PrincesState, g, p) -> None:
        b = st.prop_building[g].astype(np.int64)
        sides = self._open_sides(st, g, p)[np.arange(g.size), b]  # [n, 2]
        st.legal_action_mask[g, self.a_coop_side : self.a_coop_side + 2] = sides

    def _mask_coop_place(self, st: PrincesState, g, p) -> None:
        CT = self.CT
        b = st.prop_building[g].astype(np.int64)
        _, x, y = self._frame_seats(p, st.prop_side[g].astype(np.int64))
        legal = self._frame_legal(st, g, x, y, CT.span_squares[b], CT.span_halo[b]) & CT.spanning[b]
        st.legal_action_mask[g, self.a_coop_place : self.a_coop_place + CT.frame_placements] = legal

    def _mask_coop_price(self, st: PrincesState, g, p) -> None:
        q = st.prop_partner[g].astype(np.int64)
        st.legal_action_mask[g, self.a_coop_price : self.a_coop_accept] = self._rungs(st, g, p, q)

    def _mask_coop_answer(self, st: PrincesState, g, p) -> None:
        st.legal_action_mask[g, self.a_coop_accept] = True  # C9: the partner may always refuse
        st.legal_action_mask[g, self.a_coop_decline] = True

    @property
    def _coop_mask_fillers(self) -> dict:
        cls = type(self)
        return {
            PH_COOP_SIDE: cls._mask_coop_side,
            PH_COOP_PLACE: cls._mask_coop_place,
            PH_COOP_PRICE: cls._mask_coop_price,
            PH_COOP_ANSWER: cls._mask_coop_answer,
        }

    # ------------------------------------------------------------ transitions (SPEC CM)

    @property
    def _coop_handlers(self) -> dict:
        cls = type(self)
        return {
            PH_COOP_SIDE: cls._on_coop_side,
            PH_COOP_PLACE: cls._on_coop_place,
            PH_COOP_PRICE: cls._on_coop_price,
            PH_COOP_ANSWER: cls._on_coop_answer,
        }

    def _coop_on_action(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """The cooperative part of ACTION: refill the budget when an action is used; start a
        proposal for ``coop_build_b``. Returns bool[n]: the games this handled (the proposals)."""
        st.proposals_left[g[self._uses_action[actions]]] = self.CT.proposals
        propose = actions >= self.a_coop
        if propose.any():
            gp = g[propose]
            st.prop_building[gp] = actions[propose] - self.a_coop
            st.prop_builder[gp] = st.current_player[gp]
            st.phase[gp] = PH_COOP_SIDE
        return propose

    def _on_coop_side(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        side = actions - self.a_coop_side
        st.prop_side[g] = side
        st.prop_partner[g] = self.CT.nb[st.current_player[g].astype(np.int64), side]
        st.phase[g] = PH_COOP_PLACE

    def _on_coop_place(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        st.prop_place[g] = actions - self.a_coop_place
        st.phase[g] = PH_COOP_PRICE

    def _on_coop_price(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        st.prop_price[g] = actions - self.a_coop_price
        st.current_player[g] = st.prop_partner[g]  # C12: the partner answers out of turn
        st.phase[g] = PH_COOP_ANSWER

    def _on_coop_answer(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        accept = actions == self.a_coop_accept
        if accept.any():
            self._coop_build(st, g[accept])
        declined = g[~accept]
        st.proposals_left[declined] -= 1
        st.current_player[g] = st.prop_builder[g]
        for field in (st.prop_building, st.prop_builder, st.prop_partner, st.prop_side, st.prop_place, st.prop_price):
            field[g] = -1
        st.phase[g] = PH_ACTION

    def _coop_build(self, st: PrincesState, g: np.ndarray) -> None:
        """An accepted proposal (SPEC CM ``coop_accept``): the price, the cost, the building on
        both boards, both scores; the builder's action is used."""
        T, CT = self.T, self.CT
        p, q = st.prop_builder[g].astype(np.int64), st.prop_partner[g].astype(np.int64)
        b = st.prop_building[g].astype(np.int64)
        price = CT.ladder[st.prop_price[g]]
        # C7: the partner pays the builder (selling fame for a shortfall, which the Bank buys);
        # the price itself never passes through the Bank
        self._pay(st, g, q, price)
        st.money_out[g] -= price.astype(np.int32)
        st.money[g, p] += price.astype(np.int32)
        self._pay(st, g, p, T.build_cost[st.builders[g, p]])  # C7: by the builder's Builders alone
        _, x, y = self._frame_seats(p, st.prop_side[g].astype(np.int64))
        squares = CT.span_squares[b, st.prop_place[g].astype(np.int64)]  # [n, 2]
        for seat, board, border in ((x, 0, RIGHT), (y, 1, LEFT)):
            st.occupied[g, seat] |= squares[:, board]
            st.blocked[g, seat] |= squares[:, board]
            st.shared_cells[g, 2 * seat + border] |= squares[:, board]
            st.piece_cells[g, seat * NUM_PIECES + b] = squares[:, board]
        st.built[g, p, b] = True
        st.built[g, q, b] = True
        st.shared_with[g, p, b] = q
        st.shared_with[g, q, b] = p
        st.supply_buildings[g, b] -= 1
        st.fame[g, p] += T.building_points  # C11: both score
        st.fame[g, q] += T.building_points
        st.actions_left[g] -= 1
        st.proposals_left[g] = CT.proposals
        self._refresh_all_fits(st, g)  # both boards changed: their neighbours' CP4 too

    def _coop_turn_start(self, st: PrincesState, g: np.ndarray) -> None:
        st.proposals_left[g] = self.CT.proposals

    # ------------------------------------------------------------ invariants (SPEC CF)

    def _coop_shared_tiles(self, st: PrincesState) -> np.ndarray:
        """int[B, 10]: the building tiles shared (each is built by two seats)."""
        return (st.shared_with >= 0).sum(1) // 2

    def _coop_invariant_problems(self, st: PrincesState) -> list[str]:
        T, CT, P = self.T, self.CT, self.seats
        problems: list[str] = []

        def bad(cond, what):
            rows = np.flatnonzero(cond)
            if rows.size:
                problems.append(f"game {int(rows[0])}: {what}")

        partner = st.shared_with.astype(np.int64)  # [B, P, 10]
        shared = partner >= 0
        seats = np.arange(P)[None, :, None]
        back = np.take_along_axis(partner, np.maximum(partner, 0), 1)  # [B, P, 10] the partner's partner
        bad((shared & (back != seats)).any((1, 2)), "shared_with is not symmetric")
        neighbour = (partner == CT.nb[None, :, LEFT, None]) | (partner == CT.nb[None, :, RIGHT, None])
        bad((shared & ~neighbour).any((1, 2)), "a building shared with a seat that is no neighbour")
        bad((shared & ~st.built).any((1, 2)), "a shared building that is not built")
        shared_cells = st.shared_cells.reshape(st.batch_size, P, 2)
        bad(((shared_cells & ~st.blocked[:, :, None]) != 0).any((1, 2)), "shared cells outside blocked")
        # each seat's squares of a shared building lie on the shared side of its board, and the
        # two parts make the whole piece
        cells = st.piece_cells.reshape(st.batch_size, P, NUM_PIECES)[:, :, :NUM_BUILDINGS]
        on_side = np.where(partner == CT.nb[None, :, RIGHT, None], RIGHT, LEFT)
        side_cells = np.take_along_axis(shared_cells, on_side, 2)  # [B, P, 10]
        bad((shared & ((cells & ~side_cells) != 0)).any((1, 2)), "a shared building's squares off its border")
        whole = popcount(cells) + np.take_along_axis(popcount(cells), np.maximum(partner, 0), 1)
        bad((shared & (whole != T.piece_area[None, None, :NUM_BUILDINGS])).any((1, 2)), "a shared building's size")
        in_proposal = np.isin(st.phase, list(self._coop_handlers))
        fields = (st.prop_building, st.prop_builder, st.prop_partner, st.prop_side, st.prop_place, st.prop_price)
        clear = np.all([f == -1 for f in fields], 0)
        bad(~in_proposal & ~clear, "a proposal outside the proposal phases")
        bad((st.proposals_left < 0) | (st.proposals_left > CT.proposals), "proposals_left out of range")
        return problems

    def _coop_shared_area(self, st: PrincesState) -> np.ndarray:
        """int[B, P]: the squares of shared buildings on each board (SPEC CF: each board covers
        its own part of the piece)."""
        cells = st.piece_cells.reshape(st.batch_size, self.seats, NUM_PIECES)[:, :, :NUM_BUILDINGS]
        return np.where(st.shared_with >= 0, popcount(cells), 0).sum(2)
