"""Tests of the scalar reference of the Princes cooperative building expansion (no batched engine).

The frame placement table against SPEC CP2's counts (computed here from the shapes, not from
``test_princes_coop_layout.py``), the rulebook's Workshop example, the rule for building alone at a
border with 0 / 1 / 2 Builders, C5 (touching a shared building), a decline, the other neighbour and
the exhausted budget, the price ladder, the observation's fields, and random games at 2-5 players
with and without the characters played to the end with every invariant checked after every step.
Each scenario test quotes the sentence of ``shared/rules/princes_of_florence.txt`` it checks.
"""

import json
import os

import numpy as np
import pytest

from florentine_envs.games.princes.reference import PrincesCoopReference
from florentine_envs.games.princes.reference.coop_tables import (
    COOP_ANSWER,
    COOP_PLACE,
    COOP_PRICE,
    COOP_SIDE,
    LEFT,
    RIGHT,
)
from florentine_envs.games.princes.reference.tables import (
    ACTION,
    AUCTION_CHOOSE,
    BUILD,
    CHAR_AUCTION,
    END_TURN,
    GAME_OVER,
    PASS,
    PLACE,
    PLACE_BASE,
    RESUME_ACTION,
    SETUP_DISCARD,
    TAKE_BONUS,
    WITHDRAW,
)
from florentine_envs.testing import random_legal_actions

COOP_JSON = os.path.join(os.path.dirname(__file__), "..", "florentine_envs", "games", "princes", "princes_coop.json")
WORKSHOP_EXAMPLE = json.load(open(COOP_JSON))["examples"]["workshop"]
BUILDINGS = ["University", "Laboratory", "Workshop", "Library", "Opera", "Studio", "Hospital", "Theater", "Tower",
             "Chapel"]  # fmt: skip
WORKSHOP, TOWER, CHAPEL = BUILDINGS.index("Workshop"), BUILDINGS.index("Tower"), BUILDINGS.index("Chapel")
PARK_PIECE = 12  # SPEC P: landscape l = 10 + (0 Forest, 1 Lake, 2 Park)


def bit(r: int, c: int) -> int:
    return 1 << (7 * r + c)


def cells_mask(cells) -> int:
    mask = 0
    for r, c in cells:
        mask |= bit(r, c)
    return mask


def at_action_phase(P: int, characters: bool = False, start: int = 0) -> PrincesCoopReference:
    """A game in round 1's action phase, seat ``start`` to move, nothing bought (everybody withdrew
    from the auctions and passed in the character auction)."""
    seed = next(s for s in range(200) if PrincesCoopReference(P, s).start == start)
    ref = PrincesCoopReference(P, seed, characters=characters)
    while ref.phase != ACTION:
        if ref.phase == SETUP_DISCARD:
            ref.step(int(np.flatnonzero(ref.legal_action_mask())[0]))
        elif ref.phase == AUCTION_CHOOSE:
            ref.step(WITHDRAW)
        else:
            assert ref.phase == CHAR_AUCTION
            ref.step(PASS)
    assert ref.current_player == start and ref.actions_left == 2 and ref.proposals_left == ref.C.K
    return ref


def give(ref, p: int, builders: int | None = None, money: int | None = None, fame: int | None = None) -> None:
    """Set seat p's Builders, money and fame, keeping the supply and the Bank's ledger balanced."""
    if builders is not None:
        ref.supply_builders -= builders - ref.builders[p]
        ref.builders[p] = builders
    if money is not None:
        ref.bank_out += money - ref.money[p]
        ref.money[p] = money
    if fame is not None:
        ref.fame[p] = fame
    ref.refresh_fits(p)
    ref.check_invariants()


def put_alone(ref, p: int, piece: int, cells) -> None:
    """Put a building (built alone) or a landscape on seat p's board at ``cells`` with the
    reference's own PLACE, as if placed in an earlier round (no points, the mover unchanged)."""
    assert ref.phase == ACTION
    j = next(j for j, squares, _ in ref.T.placements[piece] if squares == cells_mask(cells))
    mover, fame = ref.current_player, ref.fame[p]
    ref.current_player, ref.piece, ref.resume = p, piece, RESUME_ACTION
    ref._place(j)
    ref.current_player, ref.fame[p] = mover, fame
    ref.check_invariants()


def frame_index(ref, b: int, left_cells, right_cells) -> int:
    """The frame placement j of building b with these squares on the left and the right board."""
    want = (cells_mask(left_cells), cells_mask(right_cells))
    return next(f.j for f in ref.C.frame[b] if (f.squares_left, f.squares_right) == want)


def legal(ref) -> list[int]:
    return np.flatnonzero(ref.legal_action_mask()).tolist()


# ------------------------------------------------------------------------------ tables


# SPEC CP2 "coop-counts": spanning, off Palazzo, legal with 0 Builders on an empty pair, by left squares.
SPEC_FRAME_COUNTS = {
    "University": (80, 80, 54, (10, 10, 20, 20, 10, 10)),
    "Laboratory": (88, 74, 58, (12, 12, 20, 20, 12, 12)),
    "Workshop": (20, 20, 14, (0, 10, 0, 0, 10, 0)),
    "Library": (68, 68, 54, (12, 22, 22, 12, 0, 0)),
    "Opera": (40, 40, 30, (15, 5, 5, 15, 0, 0)),
    "Studio": (88, 74, 58, (20, 24, 24, 20, 0, 0)),
    "Hospital": (34, 34, 26, (0, 17, 17, 0, 0, 0)),
    "Theater": (88, 76, 60, (24, 20, 20, 24, 0, 0)),
    "Tower": (14, 14, 10, (7, 7, 0, 0, 0, 0)),
    "Chapel": (24, 24, 24, (12, 12, 0, 0, 0, 0)),
}
# SPEC CP4 "alone-counts": on one empty B side with 0 Builders: legal with no neighbour, off both
# borders, on the left column, on the right column.
SPEC_ALONE_COUNTS = {
    "University": (86, 50, 18, 18), "Laboratory": (84, 42, 21, 21), "Workshop": (22, 12, 5, 5),
    "Library": (122, 70, 26, 26), "Opera": (46, 26, 10, 10), "Studio": (90, 44, 23, 23),
    "Hospital": (58, 34, 12, 12), "Theater": (92, 44, 24, 24), "Tower": (42, 24, 9, 9), "Chapel": (84, 50, 17, 17),
}  # fmt: skip


def test_frame_placement_table_matches_the_spec_counts():
    """RB: "The Building must be placed so that it spans the border of the two Principalities; at
    least one square of the Building must be in each of the cooperating players' Principalities"."""
    ref = PrincesCoopReference(2, 0)
    palazzo = ref.T.palazzo
    assert palazzo == cells_mask([(5, 2), (5, 3), (5, 4), (6, 2), (6, 3), (6, 4)])  # the B side (C2)
    for b, name in enumerate(BUILDINGS):
        table = ref.C.frame[b]
        spanning, off_palazzo, legal_empty, by_left = SPEC_FRAME_COUNTS[name]
        assert ref.T.building_names[b] == name
        assert len(table) == spanning
        assert all(f.squares_left and f.squares_right for f in table)
        assert sum(not (f.squares_left | f.squares_right) & palazzo for f in table) == off_palazzo
        assert tuple(sum(bin(f.squares_left).count("1") == n for f in table) for n in range(1, 7)) == by_left
        # an empty pair (only the Palazzi), 0 Builders on both sides
        assert len(ref.cooperative_placements(b, 0, 1)) == legal_empty
        # C4: columns 4-6 of the left board, 0-2 of the right one; the halo stays in the frame
        left_cols = {c for f in table for c in range(7) for r in range(7) if f.squares_left & bit(r, c)}
        right_cols = {c for f in table for c in range(7) for r in range(7) if f.squares_right & bit(r, c)}
        assert left_cols <= {4, 5, 6} and right_cols <= {0, 1, 2}
        assert all(not (f.squares_left & f.halo_left or f.squares_right & f.halo_right) for f in table)
    assert ref.C.frame_cells(5) == (0, 0, 5) and ref.C.frame_cells(19) == (0, 1, 5)
    assert ref.num_actions == 1609 and ref.C.COOP == 760


@pytest.mark.parametrize("name", BUILDINGS)
def test_alone_placements_at_the_borders_match_the_spec_counts(name):
    """RB Additional rule for building alone, with 0 Builders (C6(c)): only placements touching no
    border column with a neighbour beyond it."""
    b = BUILDINGS.index(name)
    no_neighbour, off_borders, on_left, on_right = SPEC_ALONE_COUNTS[name]
    two = PrincesCoopReference(2, 0)  # seat 0: an outer edge on the left, seat 1 on the right
    table = two.C.alone[b]
    # rules 1-3 with 0 Builders on an empty B side: off the Palazzo and not next to it
    free = [(j, left, right) for j, s, h, left, right in table if not (s | h) & two.T.palazzo]
    assert len(free) == no_neighbour
    assert sum(not left and not right for _, left, right in free) == off_borders
    assert sum(bool(left) for _, left, _ in free) == on_left
    assert sum(bool(right) for _, _, right in free) == on_right
    assert not any(left and right for _, left, right in free)
    assert len(two._legal_placements(0, b)) == off_borders + on_left  # seat 0 has only a right neighbour
    assert len(two._legal_placements(1, b)) == off_borders + on_right
    five = PrincesCoopReference(5, 0)
    assert all(len(five._legal_placements(p, b)) == off_borders for p in range(5))


# ------------------------------------------------------------------------------ the Workshop example


def workshop_position(leon_builders: int | None = None) -> PrincesCoopReference:
    """examples.workshop of princes_coop.json: Alexandra (seat 0, 3 Builders, a Tower), Leon (seat 1,
    1 Builder, a Chapel), Alexandra to move in the action phase."""
    ex = WORKSHOP_EXAMPLE
    ref = at_action_phase(ex["num_players"], start=ex["alexandra"]["seat"])
    for who in ("alexandra", "leon"):
        seat = ex[who]
        builders = seat["builders"] if who == "alexandra" or leon_builders is None else leon_builders
        give(ref, seat["seat"], builders=builders, money=seat["money"], fame=seat["fame"])
        for name, cells in seat["buildings"].items():
            put_alone(ref, seat["seat"], BUILDINGS.index(name), [tuple(c) for c in cells])
    return ref


def frame_cells_of(ref, b: int, j: int) -> list[tuple[int, int]]:
    f = ref.C.frame_by_j[b][j]
    cells = [(r, c) for r in range(7) for c in range(7) if f.squares_left & bit(r, c)]
    cells += [(r, 7 + c) for r in range(7) for c in range(7) if f.squares_right & bit(r, c)]
    return sorted(cells)


def test_rulebook_workshop_example():
    """RB Example: "Alexandra ... has 3 Builders. Alexandra builds a Workshop cooperatively with Leon
    ... who has 1 Builder. They negotiate that Leon will pay 500 Florin to Alexandra. The Workshop
    may be placed next to a Building in Alexandra's Principality as she has 3 Builders, but it may
    not be placed next to a Building in Leon's Principality as he only has 1 Builder. Leon pays
    Alexandra 500 Florin and Alexandra pays 0 Florin to the Bank ... Both players score 3."""
    ex = WORKSHOP_EXAMPLE
    ref = workshop_position()
    C, alexandra, leon = ref.C, 0, 1
    good, bad = ex["legal_placement"], ex["illegal_placement"]
    assert frame_cells_of(ref, WORKSHOP, good["frame_index"]) == sorted(map(tuple, good["frame_cells"]))
    assert frame_cells_of(ref, WORKSHOP, bad["frame_index"]) == sorted(map(tuple, bad["frame_cells"]))
    bank_in, bank_out = ref.bank_in, ref.bank_out
    assert C.BUILD + WORKSHOP in legal(ref)
    ref.step(C.BUILD + WORKSHOP)
    # 2 players: one neighbour, so COOP_SIDE is forced ("two players share one border")
    assert ref.phase == COOP_PLACE and ref.prop_side == RIGHT and ref.prop_partner == leon
    places = legal(ref)
    assert C.PLACE + good["frame_index"] in places  # next to her Tower: she has 3 Builders
    assert C.PLACE + bad["frame_index"] not in places  # next to his Chapel: he has 1 Builder
    ref.step(C.PLACE + good["frame_index"])
    assert ref.phase == COOP_PRICE
    rung = C.ladder.index(ex["price"])
    ref.step(C.PRICE + rung)
    assert ref.phase == COOP_ANSWER and ref.current_player == leon
    assert legal(ref) == [C.ACCEPT, C.DECLINE]
    ref.step(C.ACCEPT)
    after = ex["after"]
    assert ref.money[alexandra] == after["alexandra"]["money"] and ref.fame[alexandra] == after["alexandra"]["fame"]
    assert ref.money[leon] == after["leon"]["money"] and ref.fame[leon] == after["leon"]["fame"]
    assert ref.bank_in - bank_in == after["bank_receives"] and ref.bank_out == bank_out
    # "A cooperative Building counts as being in both players' Principalitys for all purposes."
    assert ref.built[alexandra][WORKSHOP] and ref.built[leon][WORKSHOP]
    assert ref.shared_with[alexandra][WORKSHOP] == leon and ref.shared_with[leon][WORKSHOP] == alexandra
    assert ref.supply_buildings[WORKSHOP] == ref.T.buildings_per_type - 1
    f = C.frame_by_j[WORKSHOP][good["frame_index"]]
    assert ref.shared_cells[alexandra] == [0, f.squares_left] and ref.shared_cells[leon] == [f.squares_right, 0]
    # "he didn't have to use an action to build it": only Alexandra used one
    assert ref.phase == ACTION and ref.current_player == alexandra and ref.actions_left == 1
    assert ref.proposals_left == C.K
    feats = [ref.features(p) for p in (alexandra, leon)]
    assert [f_["buildings"] for f_ in feats] == [2, 2]
    assert feats[0]["empty"] == 49 - 6 - 3 - 5 and feats[1]["empty"] == 49 - 6 - 3 - 2  # each board's own squares
    ref.check_invariants()


def test_workshop_example_with_two_builders_for_leon():
    """CP3: "frame placement 19 ... becomes legal if Leon has 2 Builders" (rule 3's exception)."""
    ref = workshop_position(leon_builders=2)
    ref.step(ref.C.BUILD + WORKSHOP)
    assert ref.C.PLACE + WORKSHOP_EXAMPLE["illegal_placement"]["frame_index"] in legal(ref)


def test_builder_pays_his_cost_out_of_the_price():
    """RB: "You pay the cost of the Building, which is determined by your Builders alone (700, 300,
    or 0 Florin if you have 0, 1-2, or 3 Builders)" and C7(b): the partner pays first."""
    ref = at_action_phase(3, characters=True)  # with the characters the purse is the money (D33)
    C = ref.C
    give(ref, 0, builders=0, money=5)
    give(ref, 1, money=3)
    give(ref, 2, money=0)
    ref.step(C.BUILD + TOWER)
    # the left neighbour (seat 2) can pay no rung that covers 700 with her 500: the side is forced
    assert ref.open_sides(0, TOWER) == [RIGHT] and ref.phase == COOP_PLACE and ref.prop_partner == 1
    ref.step(legal(ref)[0])
    assert ref.phase == COOP_PRICE
    assert legal(ref) == [C.PRICE + i for i in (2, 3)]  # 500 + v >= 700 and v <= Leon's 300
    ref.step(C.PRICE + 3)
    bank_in = ref.bank_in
    ref.step(C.ACCEPT)
    assert ref.money[:2] == [5 + 3 - 7, 0] and ref.bank_in - bank_in == 7
    ref.check_invariants()


def test_partner_sells_fame_for_the_price_without_characters():
    """C7(a): the partner's purse is his money plus fame at 100 Florin a point, sold automatically
    for exactly the shortfall (D9); the price goes to the builder, not to the Bank (C7(c))."""
    ref = at_action_phase(2)
    C = ref.C
    give(ref, 0, builders=3, money=1)
    give(ref, 1, money=2, fame=5)
    ref.step(C.BUILD + TOWER)
    ref.step(legal(ref)[0])
    assert legal(ref) == [C.PRICE + i for i in range(8)]  # up to Leon's purse of 700
    ref.step(C.PRICE + 4)
    bank_in, bank_out = ref.bank_in, ref.bank_out
    ref.step(C.ACCEPT)
    assert (ref.money[1], ref.fame[1]) == (0, 5 - 2 + 3) and (ref.money[0], ref.fame[0]) == (5, 3)
    assert ref.bank_in == bank_in and ref.bank_out - bank_out == 2  # only the fame sale
    ref.check_invariants()


# ------------------------------------------------------------------------------ building alone (CP4)


@pytest.mark.parametrize("builders", [0, 1, 2])
def test_building_alone_at_a_border(builders):
    """RB Additional rule for building alone: "If you build a Building alone, you may only place the
    Building adjacent to a neighbor's Principality if either: You have 1 Builder and the adjacent
    space(s) in your neighbor's Principality does not contain a Building or Landscape, or You have 2
    or more Builders." A Park on the neighbour's (0, 0) and (0, 1) faces the Tower's (0, 6)."""
    ref = at_action_phase(3)
    give(ref, 0, builders=builders)
    put_alone(ref, 1, PARK_PIECE, [(0, 0), (0, 1)])
    top_right, second_right = 4, 7 + 4  # Tower k=0 at (0, 4..6) and (1, 4..6)
    top_left = 0  # Tower at (0, 0..2): touches the left neighbour's (seat 2) empty column
    ref.step(BUILD + TOWER)
    assert ref.phase == PLACE
    places = legal(ref)
    expected = {0: (False, False, False), 1: (False, True, True), 2: (True, True, True)}[builders]
    assert [PLACE_BASE + j in places for j in (top_right, second_right, top_left)] == list(expected)
    # an inner placement is legal with any number of Builders
    assert PLACE_BASE + 7 * 2 + 2 in places
    ref.check_invariants()


def test_two_player_outer_edges_are_free():
    """C6(a): "an outer edge of the 2-player strip has none [no neighbour], so no restriction"."""
    ref = at_action_phase(2)
    give(ref, 0, builders=0)
    assert 0 in ref._legal_placements(0, TOWER)  # seat 0's left column: an outer edge
    assert 4 not in ref._legal_placements(0, TOWER)  # its right column faces seat 1
    assert 4 in ref._legal_placements(1, TOWER) and 0 not in ref._legal_placements(1, TOWER)


def test_fits_follows_the_neighbours_boards():
    """SPEC CP4: "after every placement (landscape, building alone or cooperative) fits is
    recomputed for every seat": a neighbour's landscape can take a seat's last legal place."""
    ref = at_action_phase(3)
    give(ref, 0, builders=1)
    # fill seat 0's board except column 6 rows 0-2 (a Tower's only place), through the state
    rest = [(r, c) for r in range(7) for c in range(7) if not (c == 6 and r < 3)]
    ref.occupied[0] |= cells_mask(rest)
    ref.refresh_fits(0)
    assert ref.fits[0][TOWER] and ref._legal_placements(0, TOWER) == [49 + 6]
    ref.occupied[1] |= cells_mask([(1, 0), (2, 0)])  # a Park on seat 1, facing seat 0's (1, 6), (2, 6)
    ref.refresh_fits(1)
    assert not ref.fits[0][TOWER]


# ------------------------------------------------------------------------------ C5, rule 5


def test_touching_a_shared_building_needs_two_builders_in_both_principalities():
    """RB: "The number of Builders in each Principality determine whether the Building may be
    adjacent to another Building in that Principality" with "A cooperative Building counts as being
    in both players' Principalitys for all purposes" (C5): a Chapel that touches only the shared
    Workshop's square on Leon's board still touches a building of Alexandra's principality."""
    ref = at_action_phase(2)
    C = ref.C
    give(ref, 0, builders=1)
    give(ref, 1, builders=3)
    ref.step(C.BUILD + WORKSHOP)
    ref.step(C.PLACE + 5)
    ref.step(C.PRICE + 0)
    ref.step(C.ACCEPT)
    assert ref.shared_with[0][WORKSHOP] == 1
    chapel = frame_index(ref, CHAPEL, [(4, 6)], [(3, 0), (4, 0)])
    f = C.frame_by_j[CHAPEL][chapel]
    assert f.halo_right & ref.coop_squares[1][WORKSHOP] and not f.halo_left & ref.blocked[0]
    ref.step(C.BUILD + CHAPEL)
    assert ref.phase == COOP_PLACE and C.PLACE + chapel not in legal(ref)
    ref.builders[0] = 2  # with 2 Builders Alexandra's principality allows it
    ref.supply_builders -= 1
    assert C.PLACE + chapel in legal(ref)


def test_neither_principality_may_already_have_the_building():
    """RB: "Neither Principality may already have that Building built in it (either built alone or
    cooperatively)": the side of a neighbour who has it is not open."""
    ref = at_action_phase(3)
    C = ref.C
    put_alone(ref, 1, TOWER, [(3, 3), (3, 4), (3, 5)])
    ref.step(C.BUILD + TOWER)
    assert ref.open_sides(0, TOWER) == [LEFT] and ref.phase == COOP_PLACE and ref.prop_partner == 2
    ref2 = at_action_phase(3)
    put_alone(ref2, 1, TOWER, [(3, 3), (3, 4), (3, 5)])
    put_alone(ref2, 2, TOWER, [(3, 3), (3, 4), (3, 5)])
    assert ref2.C.BUILD + TOWER not in legal(ref2)
    put_alone(ref2, 0, CHAPEL, [(3, 3), (3, 4), (4, 3)])
    assert ref2.C.BUILD + CHAPEL not in legal(ref2)  # "You may build each Building only once"


def test_supply_limits_cooperative_buildings():
    """C13: "If the Building you want to build is not available in the supply, you may not build it"."""
    ref = at_action_phase(4)
    ref.supply_buildings[TOWER] = 0
    assert ref.C.BUILD + TOWER not in legal(ref)


# ------------------------------------------------------------------------------ the negotiation


def test_decline_other_neighbour_then_budget_exhausted():
    """RB: "If you do not come to an agreement, either try to negotiate the building of another
    cooperative Building, Build a Building alone, or choose a different action" -- C9: two declined
    proposals per action; the budget is refilled when an action is used."""
    ref = at_action_phase(3)
    C = ref.C
    give(ref, 0, builders=3)
    ref.step(C.BUILD + TOWER)
    assert ref.phase == COOP_SIDE and legal(ref) == [C.SIDE + LEFT, C.SIDE + RIGHT]
    ref.step(C.SIDE + LEFT)
    assert ref.prop_partner == 2
    ref.step(legal(ref)[0])
    ref.step(C.PRICE + 5)
    assert ref.current_player == 2
    ref.step(C.DECLINE)
    assert ref.phase == ACTION and ref.current_player == 0 and ref.proposals_left == 1
    assert (ref.prop_building, ref.prop_partner, ref.prop_place, ref.prop_price) == (-1, -1, -1, -1)
    assert ref.actions_left == 2 and C.BUILD + TOWER in legal(ref)
    ref.step(C.BUILD + TOWER)
    ref.step(C.SIDE + RIGHT)
    ref.step(legal(ref)[0])
    ref.step(C.PRICE + 2)
    assert ref.current_player == 1
    ref.step(C.DECLINE)
    assert ref.proposals_left == 0 and ref.actions_left == 2
    moves = legal(ref)
    assert END_TURN in moves and not [a for a in moves if a >= C.COOP]  # the budget is exhausted
    ref.step(TAKE_BONUS)  # an action refills it
    while ref.phase != ACTION:
        ref.step(legal(ref)[0])
    assert ref.proposals_left == C.K and ref.actions_left == 1 and C.BUILD + TOWER in legal(ref)
    ref.step(C.BUILD + TOWER)
    ref.step(C.SIDE + RIGHT)
    ref.step(legal(ref)[0])
    ref.step(C.PRICE + 0)
    ref.step(C.ACCEPT)
    # no action left: end_turn was the only move (forced); the next seat's turn has a fresh budget
    assert ref.current_player == 1 and ref.turns_done == 1 and ref.proposals_left == C.K
    ref.check_invariants()


def test_proposal_is_public_and_observed_part_by_part():
    """SPEC CV ``proposal``: "Each part is 0 until it is chosen and after the proposal is cleared";
    C15: the proposal is made at the table, so every seat sees it."""
    ref = at_action_phase(3)
    C, P = ref.C, 3
    give(ref, 0, builders=3)
    start = ref.obs_size - (C.L + 2 * C.cells + 1 + 10 + 2 * P + 2) - 22 * P

    def part(o: int, lo: int, n: int) -> list[float]:
        return ref.observe(o)[start + lo : start + lo + n].tolist()

    assert ref.obs_size == 477 + 222 * P
    assert part(1, 0, 10 + 2 * P + 2 + C.L + 2 * C.cells) == [0.0] * (10 + 2 * P + 2 + C.L + 2 * C.cells)
    assert part(1, 10 + 2 * P + 2 + C.L + 2 * C.cells, 1) == [C.K]
    ref.step(C.BUILD + TOWER)
    ref.step(C.SIDE + RIGHT)
    j = frame_index(ref, TOWER, [(0, 5), (0, 6)], [(0, 0)])
    ref.step(C.PLACE + j)
    ref.step(C.PRICE + 4)
    for o in range(P):
        building = part(o, 0, 10)
        builder = part(o, 10, P)
        partner = part(o, 10 + P, P)
        assert building.index(1.0) == TOWER
        assert builder.index(1.0) == (0 - o) % P and partner.index(1.0) == (1 - o) % P
        assert part(o, 10 + 2 * P, 2) == [0.0, 1.0]
        assert part(o, 10 + 2 * P + 2, C.L).index(1.0) == 4
        frame = part(o, 10 + 2 * P + 2 + C.L, 2 * C.cells)
        assert [i for i, v in enumerate(frame) if v] == [5, 6, 49 + 0]
        assert ref.observe(o)[17] == 1.0  # COOP_ANSWER = 17 of 18 phases
    ref.step(C.ACCEPT)
    # coop_board: seat 0 shares the Tower with its right neighbour, seat 1 with its left one
    for o in range(P):
        board = ref.observe(o)[-22 * P :].reshape(P, 22)
        for j_ in range(P):
            x = (o + j_) % P
            assert board[j_, :2].tolist() == [1.0, 1.0]
            assert board[j_, 2 + TOWER] == float(x == 1) and board[j_, 12 + TOWER] == float(x == 0)
    assert part(0, 0, 10 + 2 * P + 2 + C.L + 2 * C.cells) == [0.0] * (10 + 2 * P + 2 + C.L + 2 * C.cells)


def test_two_player_coop_board_has_one_neighbour():
    ref = at_action_phase(2)
    board = ref.observe(0)[-44:].reshape(2, 22)
    assert board[:, :2].tolist() == [[0.0, 1.0], [1.0, 0.0]]  # seat 0: right only; seat 1: left only
    assert not board[:, 2:].any()


def test_proposal_budget_is_full_from_the_start():
    """SPEC (change of 07:47 UTC): "proposals_left = K also at init"; it shows in every view."""
    ref = PrincesCoopReference(3, 0)
    assert ref.phase == SETUP_DISCARD and ref.proposals_left == ref.C.K
    assert all(ref.observe(o)[-22 * 3 - 1] == ref.C.K for o in range(3))


def test_phase_one_hot_has_eighteen_phases_and_illegal_actions_raise():
    ref = at_action_phase(4)
    C = ref.C
    obs = ref.observe(0)
    assert obs[:18].tolist() == [float(i == ACTION) for i in range(18)]
    before = obs.copy()
    with pytest.raises(ValueError, match="legal actions"):
        ref.step(C.ACCEPT)
    assert np.array_equal(ref.observe(0), before)
    assert ref.action_names[C.BUILD + WORKSHOP] == "coop_build_workshop"
    assert ref.action_names[C.PRICE + 5] == "coop_price_500"
    assert ref.action_names[C.PLACE + 5] == "coop_place_k0_r0c5"
    assert ref.action_names[C.SIDE : C.SIDE + 2] == ["coop_left", "coop_right"]
    assert ref.action_names[C.ACCEPT : C.DECLINE + 1] == ["coop_accept", "coop_decline"]


def test_bad_options_raise():
    with pytest.raises(ValueError, match="solo"):
        PrincesCoopReference(2, 0, cooperative=True, solo=True)
    with pytest.raises(ValueError, match="cooperative"):
        PrincesCoopReference(2, 0, cooperative="yes")
    with pytest.raises(ValueError, match="price_ladder"):
        PrincesCoopReference(2, 0, data={"cooperative": {"negotiation": {"price_ladder": [1, 2]}}})
    with pytest.raises(ValueError, match="proposals_per_action"):
        PrincesCoopReference(2, 0, data={"cooperative": {"negotiation": {"proposals_per_action": 0}}})
    with pytest.raises(ValueError, match="palazzo"):
        PrincesCoopReference(2, 0, data={"cooperative": {"b_side": {"palazzo": [[5, 0]]}}})
    with pytest.raises(ValueError, match="borders"):
        PrincesCoopReference(4, 0, data={"cooperative": {"layouts": {"4": {"borders": [[0, 1], [2, 3]]}}}})
    patch = {"cooperative": {"negotiation": {"price_ladder": [0, 5], "proposals_per_action": 1}}}
    ref = PrincesCoopReference(3, 0, data=patch)
    assert ref.num_actions == 760 + 14 + 2 + 784 and ref.C.K == 1


# ------------------------------------------------------------------------------ random games


def coop_policy(ref, rng: np.random.Generator) -> int:
    """A random legal action, drawn towards the negotiation: propose a cooperative building half the
    time it is legal, accept or decline evenly."""
    moves = np.flatnonzero(ref.legal_action_mask())
    coop = moves[moves >= ref.C.COOP]
    if len(coop) and rng.random() < 0.5:
        return int(rng.choice(coop))
    if ref.phase == ACTION and len(moves) > 1 and rng.random() < 0.9:
        moves = moves[moves != END_TURN]
    return int(rng.choice(moves))


@pytest.mark.parametrize("characters", [False, True], ids=["base", "characters"])
@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_random_games_reach_the_end(num_players, characters):
    rng = np.random.default_rng(num_players + 10 * characters)
    shared = answers = accepted = 0
    for seed in range(3):
        ref = PrincesCoopReference(num_players, seed, characters=characters)
        while not ref.terminated:
            if ref.phase == COOP_ANSWER:
                answers += 1
            if seed % 2 == 0:
                a = coop_policy(ref, rng)
            else:
                a = int(random_legal_actions(ref.legal_action_mask()[None], rng)[0])
            accepted += ref.phase == COOP_ANSWER and a == ref.C.ACCEPT
            ref.step(a)
            ref.check_invariants()
            assert ref.observe(ref.current_player).shape == (ref.obs_size,)
        assert ref.phase == GAME_OVER and ref.round == 6
        assert all(0 <= v for v in ref.money) and ref.scores == ref.fame
        shared += sum(q >= 0 for row in ref.shared_with for q in row) // 2
    assert shared > 0 and 0 < accepted < answers
