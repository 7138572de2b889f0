"""The Princes of Florence with the cooperative building expansion, one game at a time.

"RB: ..." quotes the rulebook's COOPERATIVE BUILDING EXPANSION (``shared/rules/
princes_of_florence.txt``), "SPEC Cx" a part of SPEC.md section COOP (the encoding contract; it wins
where it is exact), "Cn" a reading of COOP_NOTES.md. Everything the expansion does not change is
the base game of ``rules.py`` (with or without the characters), reused by inheritance: the
expansion adds the B-side Palazzo, the rule for building alone at a border (in ``fits`` and the
PLACE mask), the negotiation (four phases) and the shared buildings. It was written from the
rulebook, the SPEC and the JSON files without reading the batched engine.

Money is in units of 100 Florin. Borders (SPEC CB): seat x's right column (c = cols - 1) touches
the left column (c = 0) of its right neighbour y, cell for cell; a border's *frame* is the two
boards side by side, x's cell (r, c) at frame (r, c) and y's at frame (r, cols + c).

Questions that were put to the lead (the SPEC was silent or admitted two readings); the SPEC's
change of 07:47 UTC ("Changes after SPEC_READY") now says each as read here:

1. ``proposals_left`` before the first turn: K at ``init``; ``end_turn`` leaves it as it is.
2. CV ``proposal``'s frame cells, "left board first": the left board's ``cells`` bits in SPEC P
   order, then the right board's (not the frame's row-major order).
3. CV ``coop_board``'s "shared with the left / right neighbour" flags: 0 where that neighbour does
   not exist (taken literally, ``shared_with[x, b] == nb(x, left)`` would be -1 == -1 for a
   2-player seat's outer edge).
No rule of the expansion was found where the SPEC contradicts the rulebook.
"""

from __future__ import annotations

import numpy as np

from .coop_observation import check_coop_invariants, coop_obs_size, observe_coop
from .coop_tables import (
    COOP_ANSWER,
    COOP_NUM_PHASES,
    COOP_PLACE,
    COOP_PRICE,
    COOP_SIDE,
    LEFT,
    RIGHT,
    coop_tables_for,
)
from .rules import OPTION_NAMES, PrincesReference
from .tables import (
    ACTION,
    BUILD,
    FREEDOM,
    NUM_BUILDINGS,
    NUM_PROFESSIONS,
    PRINCESS_WORK,
    PROFESSION,
    TAKE_BONUS,
    TAKE_PROFESSION,
)  # fmt: skip

COOP_OPTIONS = ("cooperative", *OPTION_NAMES)


def _uses_an_action(a: int) -> bool:
    """SPEC CM: "the six kinds of T5": a work, the Princess's work, a building, a profession, a
    Freedom, a Bonus card (Recruiting, Cardinal, Merchant and Professor are free)."""
    return (
        PROFESSION <= a < PROFESSION + NUM_PROFESSIONS or a == PRINCESS_WORK
        or BUILD <= a < BUILD + NUM_BUILDINGS or a == TAKE_PROFESSION
        or FREEDOM <= a < FREEDOM + 3 or a == TAKE_BONUS
    )  # fmt: skip


class PrincesCoopReference(PrincesReference):
    """One game with the cooperative building expansion (option ``cooperative=True``), 2-5 players,
    with or without the characters ("This expansion may be played with or without the Character
    cards"). Driven like :class:`PrincesReference`."""

    num_phases = COOP_NUM_PHASES

    def __init__(self, num_players: int, seed: int, **options):
        unknown = sorted(set(options) - set(COOP_OPTIONS))
        if options.get("solo"):
            raise ValueError(
                "princes reference: cooperative=True with solo=True ('It is not possible to use the "
                "expansions when playing the solo game')"
            )
        if unknown:
            raise ValueError(f"princes reference: unknown option(s) {unknown}; allowed: {', '.join(COOP_OPTIONS)}")
        cooperative = options.pop("cooperative", True)
        if not isinstance(cooperative, (bool, np.bool_)):
            raise ValueError(f"princes reference: cooperative={cooperative!r}; allowed: False, True")
        if not cooperative:
            raise ValueError("princes reference: PrincesCoopReference needs cooperative=True (else PrincesReference)")
        self._packaged_data = options.get("data") is None
        # The base __init__ validates the other options and sets the game up; ``_init_state`` below
        # swaps in the B-side tables and the expansion's state first.
        super().__init__(num_players, seed, **options)
        self.num_actions = self.C.num_actions
        self.action_names = self.C.action_names(self.action_names, self.T.building_names)

    def _init_state(self, P: int) -> None:
        """RB SETUP: "Players flip their Principality boards to their (B) sides and place them as
        shown in the diagram below, according to the number of players" (SPEC CB, C1-C3)."""
        C = self.C = coop_tables_for(self.T, self.T.data.get("cooperative"), self._packaged_data)
        self.T = C.base  # the B side's Palazzo replaces the A side's
        # nb[p] = [left neighbour, right neighbour] (-1 = an outer edge, 2 players only).
        self.nb = [[-1, -1] for _ in range(P)]
        for x, y in C.data["layouts"][str(P)]["borders"]:
            self.nb[x][RIGHT] = y
            self.nb[y][LEFT] = x
        self.prop_building = self.prop_builder = self.prop_partner = -1
        self.prop_side = self.prop_place = self.prop_price = -1
        self.proposals_left = C.K  # question 1: K already at init
        self.shared_with = [[-1] * NUM_BUILDINGS for _ in range(P)]  # the partner seat, or -1
        self.shared_cells = [[0, 0] for _ in range(P)]  # squares on p's board shared with nb(p, s)
        self.coop_squares = [[0] * NUM_BUILDINGS for _ in range(P)]  # squares of shared b on p's board
        super()._init_state(P)

    # ================================================================== building alone (CP4)

    def _alone_at_border_ok(self, p: int, facing_left: int, facing_right: int) -> bool:
        """RB Additional rule for building alone: "If you build a Building alone, you may only place
        the Building adjacent to a neighbor's Principality if either: You have 1 Builder and the
        adjacent space(s) in your neighbor's Principality does not contain a Building or
        Landscape, or You have 2 or more Builders" (C6: with 0 Builders, not at all)."""
        builders = self.builders[p]
        if builders >= 2:
            return True
        for side, across in ((LEFT, facing_left), (RIGHT, facing_right)):
            q = self.nb[p][side]
            if q < 0 or not across:
                continue  # an outer edge, or no square on that border column
            if builders == 0 or across & self.occupied[q]:
                return False
        return True

    def _legal_placements(self, p: int, piece: int) -> list[int]:
        """The base rules 1-4, and for a Building the rule for building alone (SPEC CP4)."""
        legal = super()._legal_placements(p, piece)
        if piece >= NUM_BUILDINGS:
            return legal  # C6(f): "Landscapes ... are not restricted by it"
        allowed = {j for j, _, _, left, right in self.C.alone[piece] if self._alone_at_border_ok(p, left, right)}
        return [j for j in legal if j in allowed]

    def _fits_of(self, p: int) -> list[bool]:
        """SPEC CP4: "fits[p, b] (SPEC P, used by build_b and observed) includes this rule"."""
        fits = super()._fits_of(p)
        occupied, blocked, strict = self.occupied[p], self.blocked[p], self.builders[p] < 2
        for b in range(NUM_BUILDINGS):
            fits[b] = fits[b] and any(
                not s & occupied and not (strict and h & blocked) and self._alone_at_border_ok(p, left, right)
                for _, s, h, left, right in self.C.alone[b]
            )
        return fits

    def refresh_fits(self, p: int) -> None:
        """SPEC CP4: "Because it reads the neighbours' boards, after every placement (landscape,
        building alone or cooperative) fits is recomputed for every seat"."""
        for q in range(self.num_players):
            self.fits[q] = self._fits_of(q)

    # ================================================================== the negotiation (CP3, CM)

    def neighbour(self, p: int, side: int) -> int:
        """SPEC CB ``nb(p, s)``; RB "Except in the 2-player game, each player has two neighbors"."""
        return self.nb[p][side]

    def _frame_seats(self, p: int, side: int) -> tuple[int, int]:
        """(left board x, right board y) of the border between p and nb(p, side) (SPEC CM)."""
        q = self.nb[p][side]
        return (p, q) if side == RIGHT else (q, p)

    def _principality_allows(self, x: int, y: int, halo_x: int, halo_y: int, across: int) -> bool:
        """RB: "The number of Builders in each Principality determine whether the Building may be
        adjacent to another Building in that Principality" (C5): with fewer than 2 Builders, the
        principality of x may touch no building of its own -- none on x's board (``blocked``) and
        none of the squares on y's board of the buildings x and y share (``shared_cells[y][across]``,
        ``across`` the side of y that faces x)."""
        if self.builders[x] >= 2:
            return True
        return not halo_x & self.blocked[x] and not halo_y & self.shared_cells[y][across]

    def cooperative_placements(self, b: int, x: int, y: int) -> list[int]:
        """SPEC CP3 1-4: the legal frame placements of building b on the border [x, y]. RB: "The
        Building must be placed so that it spans the border of the two Principalities ... The rules
        for placing the Building ... must be followed by each Principality individually"."""
        legal = []
        for f in self.C.frame[b]:
            if f.squares_left & self.occupied[x] or f.squares_right & self.occupied[y]:
                continue  # rules 1-2 on each board
            if not self._principality_allows(x, y, f.halo_left, f.halo_right, LEFT):
                continue
            if not self._principality_allows(y, x, f.halo_right, f.halo_left, RIGHT):
                continue
            legal.append(f.j)
        return legal

    def affordable_rungs(self, p: int, q: int) -> list[int]:
        """C7: "The cooperating player pays you the agreed amount of Florin. This may be as little as
        0 Florin, but can also be more than the cost of the Building"; the partner pays first, so a
        rung is offered when the partner can pay it and the builder can then pay his cost."""
        cost = self.T.build_cost[self.builders[p]]
        purse_p, purse_q = self.purse(p), self.purse(q)
        return [i for i, v in enumerate(self.C.ladder) if v <= purse_q and purse_p + v >= cost]

    def open_sides(self, p: int, b: int) -> list[int]:
        """SPEC CM "Open side": a neighbour without building b, a legal spanning placement on the
        border between them, and an affordable rung. RB: "Neither Principality may already have
        that Building built in it (either built alone or cooperatively)"."""
        sides = []
        for side in (LEFT, RIGHT):
            q = self.nb[p][side]
            if q < 0 or self.built[q][b] or not self.affordable_rungs(p, q):
                continue
            if self.cooperative_placements(b, *self._frame_seats(p, side)):
                sides.append(side)
        return sides

    def _cooperative_buildings_legal(self, p: int) -> list[int]:
        """RB: "Each time you Build a Building, you may choose, with their agreement, to build it in
        cooperation with one neighboring player" -- an action (it needs one left), within C9's
        budget of declined proposals, and C13: "If the Building you want to build is not available
        in the supply, you may not build it"."""
        if self.actions_left < 1 or self.proposals_left < 1:
            return []
        return [
            self.C.BUILD + b
            for b in range(NUM_BUILDINGS)
            if self.supply_buildings[b] > 0 and not self.built[p][b] and self.open_sides(p, b)
        ]

    def state_building(self, b: int) -> None:
        """RB: "State which Building you wish to build." (``coop_build_b``)"""
        self.prop_building = b
        self.prop_builder = self.current_player
        self.phase = COOP_SIDE

    def choose_neighbour(self, side: int) -> None:
        """RB: "To each neighbor you wish to cooperate with, give an indication ..." -- one
        neighbour at a time (C9). (``coop_left`` / ``coop_right``)"""
        self.prop_side = side
        self.prop_partner = self.nb[self.prop_builder][side]
        self.phase = COOP_PLACE

    def indicate_location(self, j: int) -> None:
        """RB: "... give an indication of where the Building will be built" (``coop_place_j``)."""
        self.prop_place = j
        self.phase = COOP_PRICE

    def indicate_price(self, i: int) -> None:
        """RB: "... and how much they should pay you to build the Building." The neighbour answers
        out of turn (C12). (``coop_price_i``)"""
        self.prop_price = i
        self.current_player = self.prop_partner
        self.phase = COOP_ANSWER

    def build_cooperatively(self) -> None:
        """RB Cooperative Building Rules (``coop_accept``): "The cooperating player pays you the
        agreed amount of Florin", "You pay the cost of the Building, which is determined by your
        Builders alone (700, 300, or 0 Florin if you have 0, 1-2, or 3 Builders)", "Each cooperating
        player earns 3 for Building a Building"; "A cooperative Building counts as being in both
        players' Principalitys for all purposes" (C10); the builder uses one action (C11)."""
        T, C = self.T, self.C
        p, q, b = self.prop_builder, self.prop_partner, self.prop_building
        price = C.ladder[self.prop_price]
        # The price goes from player to player, not through the Bank (C7(c)); a shortfall of the
        # partner is covered by the automatic sale of fame as any payment (C7(a), D9).
        self._sell_fame_for(q, price)
        self.money[q] -= price
        self.money[p] += price
        self._pay(p, T.build_cost[self.builders[p]])
        x, y = self._frame_seats(p, self.prop_side)
        f = C.frame_by_j[b][self.prop_place]
        for seat, squares, side in ((x, f.squares_left, RIGHT), (y, f.squares_right, LEFT)):
            self.occupied[seat] |= squares
            self.blocked[seat] |= squares
            self.shared_cells[seat][side] |= squares
            self.coop_squares[seat][b] = squares
        for seat, other in ((p, q), (q, p)):
            self.built[seat][b] = True
            self.shared_with[seat][b] = other
            self.fame[seat] += T.building_points
        self.supply_buildings[b] -= 1
        self.actions_left -= 1
        self.proposals_left = C.K
        self.refresh_fits(p)
        self._clear_proposal()
        self.current_player = p
        self.phase = ACTION

    def decline(self) -> None:
        """RB: "If you do not come to an agreement, either try to negotiate the building of another
        cooperative Building, Build a Building alone, or choose a different action" -- within the
        budget of declined proposals (C9). (``coop_decline``)"""
        p = self.prop_builder
        self.proposals_left -= 1
        self._clear_proposal()
        self.current_player = p
        self.phase = ACTION

    def _clear_proposal(self) -> None:
        self.prop_building = self.prop_builder = self.prop_partner = -1
        self.prop_side = self.prop_place = self.prop_price = -1

    # ================================================================== hooks into the base turn

    def _start_turn(self) -> None:
        """SPEC CM: "Turn start (T5): also proposals_left = K"."""
        super()._start_turn()
        self.proposals_left = self.C.K

    def _action(self, a: int) -> None:
        """SPEC CM: "Every action that uses one of the player's actions ... also sets
        proposals_left = K; free actions ... do not"."""
        if a >= self.C.COOP:
            self.state_building(a - self.C.BUILD)
            return
        if _uses_an_action(a):
            self.proposals_left = self.C.K
        super()._action(a)

    def _legal_list(self) -> list[int]:
        C, p, phase = self.C, self.current_player, self.phase
        if phase == ACTION:
            return super()._legal_list() + self._cooperative_buildings_legal(p)
        if phase == COOP_SIDE:
            return [C.SIDE + s for s in self.open_sides(p, self.prop_building)]
        if phase == COOP_PLACE:
            x, y = self._frame_seats(p, self.prop_side)
            return sorted(C.PLACE + j for j in self.cooperative_placements(self.prop_building, x, y))
        if phase == COOP_PRICE:
            return [C.PRICE + i for i in self.affordable_rungs(p, self.prop_partner)]
        if phase == COOP_ANSWER:
            return [C.ACCEPT, C.DECLINE]  # "with their agreement": never forced
        return super()._legal_list()

    def _apply(self, a: int) -> None:
        C, phase = self.C, self.phase
        if phase == COOP_SIDE:
            self.choose_neighbour(a - C.SIDE)
        elif phase == COOP_PLACE:
            self.indicate_location(a - C.PLACE)
        elif phase == COOP_PRICE:
            self.indicate_price(a - C.PRICE)
        elif phase == COOP_ANSWER:
            self.build_cooperatively() if a == C.ACCEPT else self.decline()
        else:
            super()._apply(a)

    # ================================================================== counts, checks and views

    def _tiles_taken(self, b: int) -> int:
        """SPEC CF: a shared building "takes one building tile from the supply"."""
        shared = sum(self.shared_with[q][b] >= 0 for q in range(self.num_players))
        return super()._tiles_taken(b) - shared // 2

    def _building_area(self, q: int) -> int:
        """A shared building covers only its squares on each board (C10)."""
        alone = sum(
            len(self.T.shapes[b]) for b in range(NUM_BUILDINGS) if self.built[q][b] and self.shared_with[q][b] < 0
        )
        return alone + sum(bin(s).count("1") for s in self.coop_squares[q])

    def check_invariants(self) -> None:
        """The base invariants (counts adjusted for shared buildings) and SPEC CF's."""
        super().check_invariants()
        check_coop_invariants(self)

    def observe(self, player: int) -> np.ndarray:
        """float32[obs_size]: SPEC V with an 18-phase one-hot, then ``proposal`` and ``coop_board``."""
        return observe_coop(self, player)

    @property
    def obs_size(self) -> int:
        return coop_obs_size(self.num_players, self.C)
