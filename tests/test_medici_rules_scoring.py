"""Medici rule-scenario tests: scoring ships and commodities, and the rulebook's scoring example.

Every test quotes, in its docstring, the rulebook sentence(s) it checks
(``shared/rules/medici_card_game.txt``); ``test_medici_rules_coverage.py`` holds the quotes to the
rulebook and checks that every rule sentence is quoted by a test of some part. Helpers, literals and
the scoring oracle come from ``tests/medici_rules_text.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
from medici_rules_text import (
    ANNA,
    BLUE,
    BRITTA,
    BROWN,
    CAPACITY,
    CARLOS,
    CLOTH,
    DANIEL,
    DYE,
    FUR,
    GRAIN,
    GREY,
    PURPLE,
    SPICE,
    YELLOW,
    Cards,
    act,
    make,
    new_day_one,
    one_card_turn,
    single_colour_icons,
    warehouse,
)

from florentine_envs.games.medici.medici import (
    LOC_BOX,
    REVEAL,
    STOP,
    TAKE_LAST_AND_2ND,
)

# ---------------------------------------------------------------------------
# Scoring: ships
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "num_players, values, expected",
    [
        (2, [9, 14], [0, 20]),
        (3, [12, 30, 7], [15, 30, 0]),
        (4, [12, 30, 7, 19], [10, 30, 0, 20]),
        (5, [12, 30, 7, 19, 8], [10, 30, 0, 20, 5]),
        (6, [12, 30, 7, 19, 8, 25], [10, 30, 0, 15, 5, 20]),
    ],
)
def test_ship_payout_table(num_players, values, expected):
    """Rulebook:

    "The player with the most valuable ship (highest total value) receives the highest payout, and so on."
    "The player with the lowest value ship receives nothing."
    "The payouts depend on the number of players in the game..."
    """
    game = make(num_players)
    assert game.ship_payouts(np.array([values])).tolist() == [expected]


@pytest.mark.parametrize(
    "num_players, values, expected",
    [
        (2, [15, 15], [10, 10]),  # 20 + 0 shared
        (3, [20, 10, 10], [30, 5, 5]),  # 15 + 0 = 15 -> 7.5 -> 5
        (3, [20, 20, 10], [20, 20, 0]),  # 30 + 15 = 45 -> 22.5 -> 20
        (3, [9, 9, 9], [15, 15, 15]),
        (4, [31, 18, 18, 6], [30, 15, 15, 0]),  # the rulebook example
        (4, [10, 10, 5, 5], [25, 25, 5, 5]),
        (4, [8, 8, 8, 3], [20, 20, 20, 0]),
        (5, [10, 9, 9, 9, 2], [30, 10, 10, 10, 0]),  # (20+10+5)/3 = 11.7 -> 10
        (5, [5, 5, 4, 4, 1], [25, 25, 5, 5, 0]),
        (5, [3, 3, 3, 3, 3], [10, 10, 10, 10, 10]),  # 65/5 = 13 -> 10
        (6, [20, 15, 15, 15, 10, 0], [30, 15, 15, 15, 5, 0]),
        (6, [9, 8, 7, 6, 5, 5], [30, 20, 15, 10, 0, 0]),  # (5+0)/2 -> 0
        (6, [6, 6, 6, 6, 6, 6], [10, 10, 10, 10, 10, 10]),  # 80/6 = 13.3 -> 10
    ],
)
def test_ship_payout_ties(num_players, values, expected):
    """Rulebook:

    "Ties: In the case of ties, the payouts for the involved players are added together and shared."
    "Where necessary, the shares are rounded down."
    "Note: As 5 is the smallest payment unit, you must round down to the nearest 5 when tied."
    "It is possible not to receive any money when you tie!"
    """
    game = make(num_players)
    assert game.ship_payouts(np.array([values])).tolist() == [expected]


# ---------------------------------------------------------------------------
# Scoring: commodities
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "num_players, counts, expected",
    [
        (4, [4, 3, 2, 0], [10, 5, 0, 0]),  # third place gets nothing
        (3, [0, 3, 0], [0, 10, 0]),  # nobody else holds the colour: only the first payout
        (2, [1, 2], [5, 10]),
        (6, [1, 2, 3, 4, 0, 4], [0, 0, 0, 5, 0, 5]),  # 10 + 5 shared by the two with 4
        (4, [3, 3, 1, 0], [5, 5, 0, 0]),  # 15 shared -> 7.5 -> 5
        (4, [4, 1, 1, 0], [10, 0, 0, 0]),  # 5 shared -> 2.5 -> 0
        (4, [2, 2, 2, 0], [5, 5, 5, 0]),  # 15 / 3 = 5
        (4, [1, 1, 1, 1], [0, 0, 0, 0]),  # 15 / 4 -> 0
        (2, [3, 3], [5, 5]),
        (3, [0, 0, 0], [0, 0, 0]),
    ],
)
def test_commodity_majorities(num_players, counts, expected):
    """Rulebook:

    "Now each of the five commodities are scored one at a time..."
    "The player with the most commodities (icons) of each type (color) receives a payout of 10 florins, the
        player with the second most commodities of the colour receives 5 florins."
    "Ties: In the case of ties, the payouts for the involved players are added together and shared."
    "Where necessary, the shares are rounded down."
    "Note: As 5 is the smallest payment unit, you must round down to the nearest 5 when tied."
    "It is possible not to receive any money when you tie!"
    """
    game = make(num_players)
    for colour in range(5):
        got = game.commodity_payouts(single_colour_icons(num_players, colour, counts))
        assert got.tolist() == [expected]
    # The five colours are scored independently and added.
    icons = np.zeros((1, num_players, 5), np.int64)
    icons[0, :, GRAIN] = counts
    icons[0, :, CLOTH] = counts
    assert game.commodity_payouts(icons).tolist() == [[2 * e for e in expected]]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", [False, True])
def test_monopoly_thresholds(num_players, variant):
    """Rulebook:

    "Furthermore, each player who has at least 5 commodities of a color receives a monolpoly bonus of 10
        florins."
    "In a 2 player game, each player with at least 7 commodities of a color receives this bonus."
    "Game Variant: The players can agree that the monopoly bonus increases from 10 to 20 when the following
        thresholds are reached: with 2 players, for at least 10 commodities in a color; with 3-6 players, for at
        least 8 commodities in a color."
    "The thresholds for the lower monopoly bonuses remain unchanged."
    """
    game = make(num_players, monopoly_variant=variant)
    two = num_players == 2
    # icons of the only holder -> 10 for first place + monopoly bonus (rulebook literals)
    cases = (
        {6: 10, 7: 20, 9: 20, 10: 30 if variant else 20, 12: 30 if variant else 20}
        if two
        else {4: 10, 5: 20, 7: 20, 8: 30 if variant else 20, 11: 30 if variant else 20}
    )
    for n, florins in cases.items():
        counts = [n] + [0] * (num_players - 1)
        assert game.commodity_payouts(single_colour_icons(num_players, DYE, counts)).tolist() == [
            [florins] + [0] * (num_players - 1)
        ], n


def test_monopoly_for_each_player():
    """Rulebook:

    "Furthermore, each player who has at least 5 commodities of a color receives a monolpoly bonus of 10
        florins."
    "In a 2 player game, each player with at least 7 commodities of a color receives this bonus."
    """
    game = make(3)
    assert game.commodity_payouts(single_colour_icons(3, FUR, [6, 5, 0])).tolist() == [[20, 15, 0]]
    assert game.commodity_payouts(single_colour_icons(3, FUR, [5, 5, 1])).tolist() == [[15, 15, 0]]
    game2 = make(2)
    assert game2.commodity_payouts(single_colour_icons(2, SPICE, [7, 8])).tolist() == [[15, 20]]
    assert game2.commodity_payouts(single_colour_icons(2, SPICE, [6, 5])).tolist() == [[10, 5]]


@pytest.mark.parametrize("num_players", [2, 3])
@pytest.mark.parametrize("variant", [False, True])
def test_monopoly_variant_in_play(num_players, variant):
    """Rulebook:

    "Game Variant: The players can agree that the monopoly bonus increases from 10 to 20 when the following
        thresholds are reached: with 2 players, for at least 10 commodities in a color; with 3-6 players, for at
        least 8 commodities in a color."
    "The thresholds for the lower monopoly bonuses remain unchanged."
    "Players must count the number of icons (not the number of cards) they have for each commodity type in
        turn."
    """
    game = make(num_players, monopoly_variant=variant)
    cards = Cards(game)
    green = cards("Grain 0 (green)")
    if num_players == 2:
        # Player 0: 2 double grains + green grain + 5 single grains = 10 icons on 7 non-green cards.
        p0 = cards.many("Grain 0 (double)", "Grain 0 (double)", "Grain 2", "Grain 2", "Grain 2", "Grain 2", "Grain 3")
        others = [cards.many("Spice 5", "Spice 5", "Spice 5", "Spice 5", "Spice 4", "Spice 4", "Spice 4")]  # 7 spice
        expected = [0 + 10 + (20 if variant else 10), 20 + 10 + 10]
    else:
        # Player 0: 2 double grains + green grain + 3 single grains = 8 icons on 5 non-green cards.
        p0 = cards.many("Grain 0 (double)", "Grain 0 (double)", "Grain 2", "Grain 2", "Grain 2")
        others = [
            cards.many("Spice 5", "Spice 5", "Spice 5", "Spice 5", "Spice 4"),  # 24, spice 5
            cards.many("Fur 3", "Fur 3", "Fur 3", "Fur 3", "Fur 2"),  # 14, fur 5
        ]
        expected = [0 + 10 + (20 if variant else 10), 30 + 10 + 10, 15 + 10 + 10]
    C = CAPACITY[num_players]
    deck = [p0[0], green] + [o[0] for o in others]
    for r in range(1, C):
        deck += [p0[r]] + [o[r] for o in others]
    game, state = new_day_one(num_players, deck, game=game)
    act(game, state, REVEAL, STOP, TAKE_LAST_AND_2ND)  # player 0: double grain + green grain
    for i in range(1, num_players):
        one_card_turn(game, state, i)
    for r in range(1, C):
        for i in range(num_players):
            one_card_turn(game, state, i)
    assert state.day[0] == 1
    assert state.warehouse_icons[0, 0, GRAIN] == (10 if num_players == 2 else 8)
    assert len(warehouse(state, 0)) == C + 1
    assert state.scores[0].tolist() == expected


# ---------------------------------------------------------------------------
# The rulebook's scoring example
# ---------------------------------------------------------------------------


def play_scoring_example_day():
    """4 players, Anna starts. One full first day whose ships reproduce the rulebook's example.

    Ships (value; warehouse icons grain/spice/fur/dye/cloth = yellow/gray/brown/purple/blue):
      Anna:   Grain 5, 5, 4, Spice 5, 5 + neutral 7        (31; 3/2/0/0/0)
      Britta: Grain 0 double, Grain 3, Fur 5, 5, Dye 5     (18; 3/0/2/1/0)
      Carlos: Cloth 0 double, Cloth 5, 5, 4, Dye 4 + green Grain 0   (18; 1/0/0/1/5)
      Daniel: Fur 0 double, Dye 0 double, Dye 2, Cloth 2, 2          (6; 0/0/2/3/2)
    """
    game = make(4)
    k = Cards(game)
    g5a, n7 = k.many("Grain 5", "Neutral 7")
    gdbl = k("Grain 0 (double)")
    cdbl, ggreen = k.many("Cloth 0 (double)", "Grain 0 (green)")
    fdbl = k("Fur 0 (double)")
    rounds = [
        [k("Grain 5"), k("Grain 3"), k("Cloth 5"), k("Dye 0 (double)")],
        [k("Grain 4"), k("Fur 5"), k("Cloth 5"), k("Dye 2")],
        [k("Spice 5"), k("Fur 5"), k("Cloth 4"), k("Cloth 2")],
        [k("Spice 5"), k("Dye 5"), k("Dye 4"), k("Cloth 2")],
    ]
    deck = [g5a, n7, gdbl, cdbl, ggreen, fdbl] + [c for r in rounds for c in r]
    game, state = new_day_one(4, deck, game=game, start=ANNA)
    act(game, state, REVEAL, STOP, TAKE_LAST_AND_2ND)  # Anna: Grain 5 + neutral 7
    one_card_turn(game, state, BRITTA)
    assert state.current_player[0] == CARLOS
    act(game, state, REVEAL, STOP, TAKE_LAST_AND_2ND)  # Carlos: Cloth double + green Grain 0
    one_card_turn(game, state, DANIEL)
    for r, cards in enumerate(rounds):
        for seat in range(4):
            if r == 3 and seat == DANIEL:
                ships_before_last_take = state.ship_value[0].tolist()
                assert state.final_turn[0]
            one_card_turn(game, state, seat)
    assert state.day[0] == 1
    return game, state, ships_before_last_take


def test_scoring_example_ships():
    """Rulebook:

    "Example: In the first round, the following four ships were loaded:"
    "Anna has the most valuable ship and receives 30 florins."
    "The next two ships are tied, and therefore, the payouts of 20 and 10 (=30) are shared."
    "30 divided by 2 is 15, so each recevies 15 florins."
    "The player with the lowest value ship receives nothing."
    """
    game, _, before = play_scoring_example_day()
    # Daniel's last card (Cloth 2) is still to come in `before`.
    ship_values = before[:3] + [before[3] + 2]
    assert ship_values == [31, 18, 18, 6]
    assert game.ship_payouts(np.array([ship_values])).tolist() == [[30, 15, 15, 0]]


def test_scoring_example_commodities():
    """Rulebook:

    "After scoring ships. the players score their warehouses."
    "In yellow, Anna and Britta have the most commodities."
    "They share the payout of 10+5, rounded down, and both receive 5."
    "Carlos, who is in third place, does not receive a payout for yellow."
    "In gray, Anna has the most commodities."
    "She receives 10."
    "As there is no other player with grey commodities, there is no further payout for gray."
    "In brown, Brita and Daniel have the most commodities."
    "In purple, Daniel has the most commodities."
    "He receives 10."
    "Britta and Carlos are tied for second and must share the payout of 5, which is rounded down to 0."
    "In blue, Carlos has the most commodities."
    "He receives 10, and as Carlos has acquired 5 clue commodities, he furthermore receives a monopoly bonus of
        10."
    "Daniel has the second most blue commodities."
    "He receives 5."
    """
    game, state, _ = play_scoring_example_day()
    icons = state.warehouse_icons[0].tolist()
    assert icons == [[3, 2, 0, 0, 0], [3, 0, 2, 1, 0], [1, 0, 0, 1, 5], [0, 0, 2, 3, 2]]
    per_colour = {
        YELLOW: [5, 5, 0, 0],
        GREY: [10, 0, 0, 0],
        BROWN: [0, 5, 0, 5],
        PURPLE: [0, 0, 0, 10],
        BLUE: [0, 0, 20, 5],
    }
    for colour, expected in per_colour.items():
        only = np.zeros((1, 4, 5), np.int64)
        only[0, :, colour] = state.warehouse_icons[0, :, colour]
        assert game.commodity_payouts(only).tolist() == [expected], colour
    assert game.commodity_payouts(state.warehouse_icons[:1]).tolist() == [[15, 10, 20, 20]]


def test_scoring_example_florins_after_the_day():
    """Rulebook:

    "Anna has the most valuable ship and receives 30 florins."
    "30 divided by 2 is 15, so each recevies 15 florins."
    "They share the payout of 10+5, rounded down, and both receive 5."
    "She receives 10."
    "He receives 10, and as Carlos has acquired 5 clue commodities, he furthermore receives a monopoly bonus of
        10."
    "He receives 5."
    "Neutral (green) cards without commodities are returned to the box and out of the game."
    "The player with the lowest sum of florins starts the next round."
    """
    _, state, _ = play_scoring_example_day()
    # Anna 30 + 5 + 10; Britta 15 + 5 + 5 + 0; Carlos 15 + 0 + 0 + 20; Daniel 0 + 5 + 10 + 5.
    assert state.scores[0].tolist() == [45, 25, 35, 20]
    assert (state.card_loc[0] == LOC_BOX).sum() == 1  # Anna's neutral 7
    assert state.start_player[0] == DANIEL and state.current_player[0] == DANIEL


def test_icons_not_cards():
    """Rulebook:

    "Players must count the number of icons (not the number of cards) they have for each commodity type in
        turn."
    "In yellow, Anna and Britta have the most commodities."
    "They share the payout of 10+5, rounded down, and both receive 5."
    """
    game, state, _ = play_scoring_example_day()
    grain = game.card_colour == GRAIN
    anna_cards = sum(1 for c in warehouse(state, ANNA) if grain[c])
    britta_cards = sum(1 for c in warehouse(state, BRITTA) if grain[c])
    assert (anna_cards, britta_cards) == (3, 2)  # Britta's double Grain 0 counts 2
    assert state.warehouse_icons[0, ANNA, GRAIN] == state.warehouse_icons[0, BRITTA, GRAIN] == 3
    only = np.zeros((1, 4, 5), np.int64)
    only[0, :, GRAIN] = state.warehouse_icons[0, :, GRAIN]
    assert game.commodity_payouts(only).tolist() == [[5, 5, 0, 0]]  # tied, not 10 to Anna
