"""Rulebook scenario tests for The Princes of Florence, part 10: the COOPERATIVE BUILDING
EXPANSION's "Cooperative Building Rules" (where a shared building may lie, who pays what, the
points), the rulebook's Workshop example and the "Additional rule for building alone".

Conventions, helpers and the geometry the legal placements are held to: part 9
(``test_princes_rules_coop.py``).
"""

from __future__ import annotations

import numpy as np
import pytest
from princes_rules_text import quote_meta_test
from princes_scenarios import act, clear_hand, furnish, give_profession, set_money, work_value
from test_princes_coop_layout import (
    COLS,
    EXAMPLE,
    ROWS,
    SHAPES,
    Board,
    alone_legal,
    frame_placements,
    placements,
    split,
)
from test_princes_rules_coop import (
    BUILD_COST,
    BUILDING_POINTS,
    COOP_PLACE,
    LADDER,
    PREFERRED,
    K,
    coop_build_name,
    coop_game,
    expected_places,
    first_legal_place,
    frame_index,
    legal_places,
    legal_prices,
    mask,
    place_name,
    price_name,
    propose,
    put_at,
    turn,
)

from florentine_envs.games.princes.constants import NUM_PIECES, PH_PLACE

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


# ----------------------------------------------------------------- the Cooperative Building Rules


def test_a_cooperative_building_spans_the_border():
    """Rulebook:

    "The Building must be placed so that it spans the border of the two Principalities; at least one square of the Building must be in each of the cooperating players' Principalities."
    """
    for building in ("University", "Workshop", "Hospital", "Tower"):
        game, st = coop_game(2)
        turn(game, st, 0)
        act(game, st, coop_build_name(game, building))
        legal = legal_places(game, st)
        assert legal == expected_places(building, Board(0), Board(0))
        b = game.T.building_names.index(building)
        for j in legal:  # a square on each board, none anywhere else
            left, right = split(frame_placements(SHAPES[building])[j])
            assert left and right and len(left) + len(right) == game.T.piece_area[b]
        j = max(legal)
        act(game, st, place_name(j))
        act(game, st, price_name(0))
        act(game, st, "coop_accept")
        left, right = map(mask, split(frame_placements(SHAPES[building])[j]))
        assert int(st.piece_cells[0, b]) == int(left) and int(st.piece_cells[0, NUM_PIECES + b]) == int(right)
        shared = st.shared_cells[0].reshape(2, 2)  # [seat, side]: its squares of what it shares
        assert int(shared[0, 1]) == int(left) and int(shared[1, 0]) == int(right)
        game.check_invariants(st)


def test_the_placement_rules_hold_in_each_principality():
    """Rulebook:

    "The rules for placing the Building (see 'Placing a Building or Landscape' on page 7) must be followed by each Principality individually:"
    """
    game, st = coop_game(2)
    # Alexandra's Forest and Leon's Lake and Chapel near the border; neither has a Builder
    forest, lake, chapel = [(0, 5), (0, 6), (1, 5), (1, 6)], [(5, 0), (5, 1), (6, 0)], [(0, 1), (0, 2), (1, 1)]
    put_at(game, st, 0, "Forest", forest)
    put_at(game, st, 1, "Lake", lake)
    put_at(game, st, 1, "Chapel", chapel)
    turn(game, st, 0)
    act(game, st, coop_build_name(game, "Library"))
    left, right = Board(0, landscapes=[forest]), Board(0, [chapel], [lake])
    legal = legal_places(game, st)
    assert legal == expected_places("Library", left, right)
    table = frame_placements(SHAPES["Library"])
    near = lambda j, cells: any(abs(r - a) + abs(c - b) == 1 for r, c in table[j] for a, b in cells)  # noqa: E731
    chapel_frame = [(r, c + COLS) for r, c in chapel]
    lake_frame = [(r, c + COLS) for r, c in lake]
    assert not any(table[j] & frozenset(forest) or table[j] & frozenset(lake_frame) for j in legal)  # rule 2
    assert not any(near(j, chapel_frame) for j in legal)  # rule 3 on Leon's board
    assert any(near(j, forest) for j in legal) and any(near(j, lake_frame) for j in legal)  # rule 4


@pytest.mark.parametrize("left_builders", [0, 1, 2, 3])
def test_the_builders_of_each_principality_decide_adjacency(left_builders):
    """Rulebook:

    "The number of Builders in each Principality determine whether the Building may be adjacent to another Building in that Principality."
    """
    tower, chapel = EXAMPLE["alexandra"]["buildings"]["Tower"], EXAMPLE["leon"]["buildings"]["Chapel"]
    table = frame_placements(SHAPES["Workshop"])
    near = lambda j, cells: any(abs(r - a) + abs(c - b) == 1 for r, c in table[j] for a, b in cells)  # noqa: E731
    for right_builders in range(4):
        game, st = coop_game(2)
        put_at(game, st, 0, "Tower", tower)
        put_at(game, st, 1, "Chapel", chapel)
        furnish(game, st, 1, builders=right_builders)
        turn(game, st, 0, builders=left_builders)
        act(game, st, coop_build_name(game, "Workshop"))
        legal = legal_places(game, st)
        assert legal == expected_places("Workshop", Board(left_builders, [tower]), Board(right_builders, [chapel]))
        assert any(near(j, tower) for j in legal) == (left_builders >= 2)
        assert any(near(j, [(r, c + COLS) for r, c in chapel]) for j in legal) == (right_builders >= 2)


def test_a_shared_building_is_in_both_principalities_for_adjacency():
    """Rulebook (COOP_NOTES C5, a shared building is in both principalities "for all purposes"):

    "The number of Builders in each Principality determine whether the Building may be adjacent to another Building in that Principality."
    "A cooperative Building counts as being in both players' Principalitys for all purposes."
    """
    chapel = [(2, 6), (2, 7), (3, 6)]  # frame cells: two squares on the left board, one on the right
    tower = frame_index("Tower", [(4, 5), (4, 6), (4, 7)])  # touches the Chapel on the left board only
    for left_builders, right_builders in ((3, 1), (1, 3), (2, 2), (1, 1)):
        game, st = coop_game(2)
        furnish(game, st, 1, builders=right_builders)
        turn(game, st, 0, builders=left_builders)
        propose(game, st, "Chapel", "right", frame_index("Chapel", chapel), 0)
        act(game, st, "coop_accept")
        act(game, st, coop_build_name(game, "Tower"))
        on_left, on_right = split(chapel)
        left, right = Board(left_builders, [on_left]), Board(right_builders, [on_right])
        left.shared_right, right.shared_left = set(on_left), set(on_right)
        legal = legal_places(game, st)
        assert legal == expected_places("Tower", left, right)
        assert (tower in legal) == (left_builders >= 2 and right_builders >= 2)


def test_the_partner_pays_the_agreed_price_from_nothing_to_more_than_the_cost():
    """Rulebook:

    "The cooperating player pays you the agreed amount of Florin."
    "This may be as little as 0 Florin, but can also be more than the cost of the Building."
    """
    game, st = coop_game(2)
    purse = LADDER[-1] + 5
    set_money(st, 1, purse)
    turn(game, st, 0, builders=1, money=10)  # a building costs him 300
    place = first_legal_place("Chapel", Board(1), Board(0))
    act(game, st, coop_build_name(game, "Chapel"))
    act(game, st, place_name(place))
    assert legal_prices(game, st) == set(LADDER) == set(range(51))  # every 100 Florin, 0 .. 5,000
    for price in (0, 5, 11, 20, 37):
        probe = st.copy()
        act(game, probe, price_name(price))
        money_in, money_out = int(probe.money_in[0]), int(probe.money_out[0])
        act(game, probe, "coop_accept")
        assert int(probe.money[0, 1]) == purse - price and int(probe.money[0, 0]) == 10 + price - BUILD_COST[1]
        # the price goes from player to player; only the builder's cost goes to the Bank
        assert int(probe.money_out[0]) == money_out + BUILD_COST[1] and int(probe.money_in[0]) == money_in
        game.check_invariants(probe)
    # the partner cannot agree to more than he can pay (money, and fame sold at 100 a point: C7);
    # the builder may pay his cost out of the price
    game, st = coop_game(2)
    set_money(st, 1, 6, fame=2)
    turn(game, st, 0, money=4)  # no Builder: 700 to pay, 400 in his purse
    act(game, st, coop_build_name(game, "Chapel"))
    act(game, st, place_name(first_legal_place("Chapel", Board(0), Board(0))))
    assert legal_prices(game, st) == {v for v in LADDER if 3 <= v <= 8}
    act(game, st, price_name(8))
    act(game, st, "coop_accept")
    assert int(st.money[0, 1]) == 0 and int(st.fame[0, 1]) == 0 + BUILDING_POINTS  # 2 points sold
    assert int(st.money[0, 0]) == 4 + 8 - BUILD_COST[0]


def test_any_amount_in_100_florin_notes_up_to_5000_can_be_asked():
    """Rulebook (issue 22 item 14; COOP_NOTES C8):

    "The cooperating player pays you the agreed amount of Florin."
    "This may be as little as 0 Florin, but can also be more than the cost of the Building."
    "32 x 100 Florin, 14 x 500 Florin, and 12 x 1000 Florin"
    """
    game, st = coop_game(3)
    # the smallest note is 100 Florin: every multiple of it up to the top rung is a price, the
    # amounts the first ladder lacked (1,100 ... 1,900 and above 2,000) among them
    assert LADDER == list(range(51))
    names = set(game.action_names)
    for florin in (1100, 1300, 1500, 1700, 1900, 2100, 2500, 5000):
        assert f"coop_price_{florin}" in names
    assert "coop_price_5100" not in names and "coop_price_1150" not in names
    set_money(st, 1, 23)
    turn(game, st, 0, builders=3, money=0)  # building costs him nothing
    act(game, st, coop_build_name(game, "Tower"))
    act(game, st, "coop_right")
    act(game, st, place_name(first_legal_place("Tower", Board(3), Board(0))))
    assert legal_prices(game, st) == set(range(24))  # every 100 Florin the partner can pay
    act(game, st, price_name(13))
    act(game, st, "coop_accept")
    assert int(st.money[0, 1]) == 10 and int(st.money[0, 0]) == 13


def test_the_builder_pays_the_cost_by_his_builders_alone():
    """Rulebook:

    "You pay the cost of the Building, which is determined by your Builders alone (700, 300, or 0 Florin if you have 0, 1-2, or 3 Builders)."
    """
    for builders, cost in BUILD_COST.items():
        game, st = coop_game(2)
        furnish(game, st, 1, builders=3 - builders)  # the partner's Builders change nothing
        set_money(st, 1, 20)
        turn(game, st, 0, builders=builders, money=20)
        money_out = int(st.money_out[0])
        propose(game, st, "Tower", "right", first_legal_place("Tower", Board(builders), Board(3 - builders)), 0)
        act(game, st, "coop_accept")
        assert int(st.money[0, 0]) == 20 - cost and int(st.money[0, 1]) == 20
        assert int(st.money_out[0]) == money_out + cost


def test_both_score_three_and_only_the_builder_uses_an_action():
    """Rulebook:

    "Each cooperating player earns 3 for Building a Building."
    """
    game, st = coop_game(3)
    turn(game, st, 0)
    st.took_profession[0] = True  # the builder's own limits are his
    propose(game, st, "Chapel", "right", first_legal_place("Chapel", Board(0), Board(0)), 0)
    act(game, st, "coop_accept")
    assert st.fame[0].tolist() == [BUILDING_POINTS, BUILDING_POINTS, 0]
    assert int(st.actions_left[0]) == 1 and int(st.proposals_left[0]) == K and st.took_profession[0]
    act(game, st, "end_turn")  # the partner's turn: all his actions and proposals
    assert int(st.current_player[0]) == 1 and int(st.actions_left[0]) == 2 and int(st.proposals_left[0]) == K
    assert not st.took_profession[0]


def workshop_example(leon_builders: int):
    """The example's position (``examples.workshop`` of princes_coop.json): Alexandra (seat 0, 3
    Builders, a Tower) on her turn, Leon (seat 1, a Chapel) holding the profession that prefers the
    Workshop. Returns the game, the state and that profession's name."""
    a, b = EXAMPLE["alexandra"], EXAMPLE["leon"]
    game, st = coop_game(EXAMPLE["num_players"])
    workshop = game.T.building_names.index(EXAMPLE["building"])
    profession = game.T.profession_names[int(np.flatnonzero(game.T.prof_building == workshop)[0])]
    clear_hand(game, st, b["seat"])
    give_profession(game, st, b["seat"], profession)
    for who in (a, b):
        for name, cells in who["buildings"].items():
            put_at(game, st, who["seat"], name, cells)
        set_money(st, who["seat"], who["money"], fame=who["fame"])
    furnish(game, st, b["seat"], builders=leon_builders)
    turn(game, st, a["seat"], builders=a["builders"])
    return game, st, profession


def test_the_workshop_example():
    """Rulebook:

    "Example: It is Alexandra's turn (playing black) and she has 3 Builders."
    "Alexandra builds a Workshop cooperatively with Leon (playing red) who has 1 Builder."
    "They negotiate that Leon will pay 500 Florin to Alexandra."
    "The Workshop may be placed next to a Building in Alexandra's Principality as she has 3 Builders, but it may not be placed next to a Building in Leon's Principality as he only has 1 Builder."
    "Leon pays Alexandra 500 Florin and Alexandra pays 0 Florin to the Bank to build the Workshop, making her a profit of 500 Florin."
    "Leon is also happy as he now has a Workshop available to him and he didn't have to use an action to build it."
    "Both players score 3 for Building a Building."
    """
    a, b, after = EXAMPLE["alexandra"], EXAMPLE["leon"], EXAMPLE["after"]
    legal_j, illegal_j = EXAMPLE["legal_placement"]["frame_index"], EXAMPLE["illegal_placement"]["frame_index"]
    for leon_builders in (b["builders"], 2):
        game, st, _ = workshop_example(leon_builders)
        act(game, st, coop_build_name(game, EXAMPLE["building"]))
        assert int(st.prop_partner[0]) == b["seat"] and int(st.phase[0]) == COOP_PLACE  # on her right
        legal = legal_places(game, st)
        assert legal_j in legal  # next to her Tower: she has 3 Builders
        assert (illegal_j in legal) == (leon_builders >= 2)  # next to his Chapel: only with 2 Builders
    game, st, profession = workshop_example(b["builders"])
    value = work_value(game, st, b["seat"], profession)
    money_out = int(st.money_out[0])
    propose(game, st, EXAMPLE["building"], EXAMPLE["side"], legal_j, EXAMPLE["price"])
    assert int(st.current_player[0]) == b["seat"]
    act(game, st, "coop_accept")
    assert int(st.money[0, a["seat"]]) == after["alexandra"]["money"] == a["money"] + 5  # a profit of 500
    assert int(st.money[0, b["seat"]]) == after["leon"]["money"]
    assert int(st.money_out[0]) == money_out + after["bank_receives"]  # 0 Florin to the Bank
    assert [int(st.fame[0, who["seat"]]) for who in (a, b)] == [after["alexandra"]["fame"], after["leon"]["fame"]]
    assert work_value(game, st, b["seat"], profession) == value + PREFERRED  # a Workshop available to him
    assert int(st.actions_left[0]) == 1 and int(st.current_player[0]) == a["seat"]  # her action, not his


# ----------------------------------------------------------------- building alone at a border


@pytest.mark.parametrize("builders", [0, 1, 2, 3])
def test_building_alone_next_to_a_neighbours_principality(builders):
    """Rulebook:

    "You may Build a Building alone (but see 'Additional rule for building alone', below) or with the help of one neighboring player."
    "If you build a Building alone, you may only place the Building adjacent to a neighbor's Principality if either:"
    "You have 1 Builder and the adjacent space(s) in your neighbor's Principality does not contain a Building or Landscape, or"
    "You have 2 or more Builders."
    """
    park, tower = [(0, 6), (1, 6)], [(4, 0), (5, 0), (6, 0)]
    game, st = coop_game(3)
    put_at(game, st, 0, "Park", park)  # seat 1's left neighbour: a Landscape at the border
    put_at(game, st, 2, "Tower", tower)  # its right neighbour: a Building at the border
    turn(game, st, 1, builders=builders)
    act(game, st, "build_Chapel")
    assert st.phase[0] == PH_PLACE
    legal = set(np.flatnonzero(st.legal_action_mask[0, game.a_place : game.a_fame]).tolist())
    table = placements(SHAPES["Chapel"], ROWS, COLS)
    left_nb, right_nb = Board(0, landscapes=[park]), Board(0, [tower])
    assert legal == {j for j, sq in table.items() if alone_legal(sq, Board(builders), left_nb, right_nb)}
    on_left = {j for j in legal if any(c == 0 for _, c in table[j])}
    on_right = {j for j in legal if any(c == COLS - 1 for _, c in table[j])}
    across_park = {j for j in on_left if any((r, 0) in table[j] for r, _ in park)}
    across_tower = {j for j in on_right if any((r, COLS - 1) in table[j] for r, _ in tower)}
    if builders == 0:  # neither condition holds: never next to a neighbour's principality
        assert not on_left and not on_right
    elif builders == 1:  # only where the neighbour's adjacent spaces are empty
        assert on_left and on_right and not across_park and not across_tower
    else:
        assert across_park and across_tower
    # the 2-player board's outer edges have no neighbour: nothing is restricted there
    game, st = coop_game(2)
    turn(game, st, 0, builders=builders)
    act(game, st, "build_Chapel")
    legal = set(np.flatnonzero(st.legal_action_mask[0, game.a_place : game.a_fame]).tolist())
    assert legal == {j for j, sq in table.items() if alone_legal(sq, Board(builders), None, Board(0))}
    assert any(c == 0 for j in legal for _, c in table[j])
