"""Medici rule-scenario tests: taking cards.

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
    BRITTA,
    CAPACITY,
    CARLOS,
    CLOTH,
    TAKES,
    Cards,
    act,
    assert_cards_conserved,
    green_capacity_day,
    legal,
    make,
    market,
    new_day_one,
    one_card_turn,
    ship,
    warehouse,
)

from florentine_envs.games.medici.medici import (
    PHASE_REVEAL,
    PHASE_TAKE,
    REVEAL,
    STOP,
    TAKE_LAST,
    TAKE_LAST_AND_2ND,
    TAKE_LAST_AND_3RD,
    TAKE_LAST_THREE,
)

# ---------------------------------------------------------------------------
# Playing: taking cards
# ---------------------------------------------------------------------------


def five_card_market(names=("Grain 2", "Spice 2", "Dye 3", "Cloth 4", "Grain 5"), taken_first="Fur 2"):
    """3 players: player 0 reveals x1 x2 x3 and takes x3 (a ``taken_first``); player 1 reveals c, d, e.
    Market a b c d e (kinds ``names``) with a = x1, b = x2; player 1 is taking."""
    game = make(3)
    cards = Cards(game)
    x1, x2, c, d, e = cards.many(*names)
    x3 = cards(taken_first)
    game, state = new_day_one(3, [x1, x2, x3, c, d, e], game=game)
    act(game, state, REVEAL, REVEAL, TAKE_LAST)
    act(game, state, REVEAL, REVEAL, REVEAL)
    assert market(state) == [x1, x2, c, d, e] and state.current_player[0] == 1
    return game, state, (x1, x2, c, d, e)


@pytest.mark.parametrize(
    "action, taken, left",
    [
        (TAKE_LAST, "e", "abcd"),
        (TAKE_LAST_AND_2ND, "de", "abc"),
        (TAKE_LAST_AND_3RD, "ce", "abd"),
        (TAKE_LAST_THREE, "cde", "ab"),
    ],
)
def test_take_last_card_plus_any_of_previous_two(action, taken, left):
    """Rulebook:

    "Now you MUST take the last card from the market (the last card drawn.)"
    "In addition, you MAY take any one or two of the previous two cards from the market."
    "You can never access any cards beyond the last three positions in the market."
    "If necessary, push the remaining cards back to fill any occurring gaps."
    "Place the cards you take in a row face up in front of you - this is your 'ship'."
    """
    game, state, ids = five_card_market()
    name = dict(zip("abcde", ids))
    # Exactly the four choices: the last card alone, or with one or both of the two before it.
    assert state.phase[0] == PHASE_TAKE and legal(state) == set(TAKES)
    act(game, state, action)
    assert ship(state, 1) == sorted(name[x] for x in taken)
    assert state.card_owner[0, [name[x] for x in taken]].tolist() == [1] * len(taken)
    # The remaining cards close the gaps and keep their order; a and b were never reachable.
    assert market(state) == [name[x] for x in left]
    assert state.current_player[0] == 2


def test_cannot_skip_the_last_card_and_illegal_actions_change_nothing():
    """Rulebook:

    "Now you MUST take the last card from the market (the last card drawn.)"
    "You can never access any cards beyond the last three positions in the market."
    """
    game, state, (a, b, _, _, e) = five_card_market()
    # There is no action that leaves the last card (e), and none that reaches a or b.
    # Revealing or stopping in the take step is refused with the state untouched.
    for bad in (REVEAL, STOP, 6, -1):
        before = state.copy()
        with pytest.raises(ValueError):
            game.step(state, np.array([bad]))
        assert all(np.array_equal(x, y) for x, y in zip(before.arrays().values(), state.arrays().values()))
    for action in TAKES:
        probe = state.copy()
        game.step(probe, np.array([action]))
        assert e in ship(probe, 1)
        assert a not in ship(probe, 1) and b not in ship(probe, 1)
        assert market(probe)[:2] == [a, b]


def market_line(game, obs) -> list[str]:
    """The market as an observation shows it (its ``market_line`` field), oldest card first."""
    blocks = obs[game.obs_layout["market_line"]].reshape(game.max_market, game.num_kinds + 1)
    assert (blocks.sum(1) == 1).all()  # one-hot blocks, the last column "no card there"
    kinds = blocks.argmax(1)  # block 0 is the last card
    return [game.kind_names[k] for k in kinds[::-1] if k < game.num_kinds]


def test_whole_market_is_seen_in_order():
    """Rulebook:

    "Card after card, reveal one OR two OR three cards from the deck, displaying these cards face up in a line
        next to the deck - this is the 'market'."
    "You can never access any cards beyond the last three positions in the market."
    "If necessary, push the remaining cards back to fill any occurring gaps."
    "Shuffle the cards and place them as a face down deck in the middle of the table."

    Every market card lies face up and its place in the line decides when it can be taken, so
    every player sees the whole line in order; only the deck is hidden.
    """
    first = ("Dye 2", "Cloth 3", "Fur 2", "Fur 2", "Grain 4")
    second = ("Cloth 3", "Dye 2", "Fur 2", "Fur 2", "Grain 4")
    seen = []
    for names in (first, second):
        game, state, _ = five_card_market(names, taken_first="Spice 5")
        assert [game.kind_names[k] for k in game.card_kind[market(state)]] == list(names)
        views = [game.observe(state, np.array([p]))[0] for p in range(3)]
        assert all(market_line(game, view) == list(names) for view in views)
        # The deck is face down: re-dealing what nobody can see changes no player's view.
        for p in range(3):
            other = game.randomize_hidden(state, p, seed=p)
            assert not np.array_equal(other.deck, state.deck)
            assert np.array_equal(game.observe(other, np.array([p]))[0], views[p])
        seen.append((state, views))
    (a, views_a), (b, views_b) = seen
    # Same cards, same last three: only the order of the two older cards differs, and so do the
    # observations -- in the market line and nowhere else.
    elsewhere = np.ones(game.obs_size, bool)
    elsewhere[game.obs_layout["market_line"]] = False
    for view_a, view_b in zip(views_a, views_b):
        assert not np.array_equal(view_a, view_b)
        assert np.array_equal(view_a[elsewhere], view_b[elsewhere])
    # The order matters: once player 1 takes the last three cards, player 2 must take the Cloth 3 in
    # one market and the Dye 2 in the other.
    for state, last in ((a, "Cloth 3"), (b, "Dye 2")):
        act(game, state, TAKE_LAST_THREE)
        assert state.current_player[0] == 2 and state.market_len[0] == 2
        assert market_line(game, game.observe(state, np.array([2]))[0])[-1] == last
        act(game, state, STOP, TAKE_LAST)
        assert [game.kind_names[game.card_kind[c]] for c in ship(state, 2)] == [last]


@pytest.mark.parametrize("num_players, longest", [(2, 69), (3, 71), (4, 74), (5, 74), (6, 74)])
def test_longest_market_is_reached(num_players, longest):
    """Rulebook:

    "Card after card, reveal one OR two OR three cards from the deck, displaying these cards face up in a line
        next to the deck - this is the 'market'."
    "Now you MUST take the last card from the market (the last card drawn.)"
    "Important: Any number of green cards can be loaded onto a ship, as these do not require a loading space!"
    "If there is only one player left who does not yet have a fully loaded ship, this player gets one final
        turn."
    "After you have scored a round, return any remaining cards in the market to the deck and reshuffle the deck."

    So within a day each turn adds at most two cards to the market (three revealed, one taken), and
    turns run out: a turn loads a non-green card or only green cards (20 of them). The longest
    market (SPEC.md) is reached when every turn reveals three cards and takes only the last one,
    the 20 green cards first; the observation of that position holds the whole market. (With
    two or three players that position is the final turn's take, which is forced: moves the
    engine plays by itself count too, e.g. for a front end that observes them through ``on_move``.)
    """
    game = make(num_players)
    assert game.max_market == longest
    green = np.flatnonzero(game.card_nongreen == 0).tolist()
    other = np.flatnonzero(game.card_nongreen == 1).tolist()
    top = []
    for card in green:  # two non-green cards, then the green card that is taken
        top += [other.pop(), other.pop(), card]
    game, state = new_day_one(num_players, top + other, game=game)
    seen = {"longest": int(state.market_len[0])}

    def record(before, after, games, actions, forced):
        if after.market_len[0] > seen["longest"]:
            seen["longest"] = int(after.market_len[0])
            seen["line"] = market_line(game, game.observe(after, np.array([0]))[0])

    while state.day[0] == 0:
        if state.phase[0] == PHASE_REVEAL:
            action = REVEAL if REVEAL in legal(state) else STOP
        else:
            action = TAKE_LAST
        game.step(state, np.array([action]), on_move=record)
        assert_cards_conserved(game, state)  # includes: the market is never longer than the bound
    assert seen["longest"] == longest
    assert len(seen["line"]) == longest  # every card of that market is in the observation


def test_ship_value_is_announced_sum():
    """Rulebook:

    "After you have taken one, two, or three new cards into your ship, announce the total value of your current
        load: this is the sum of all card values in your ship."
    "Ship values: First, compare the total values of the ships by adding up the numbers on every card in each
        ship."
    """
    game = make(3)
    cards = Cards(game)
    g5, n7, d0, x, y, s4 = cards.many("Grain 5", "Neutral 7", "Dye 0 (double)", "Fur 2", "Spice 2", "Spice 4")
    game, state = new_day_one(3, [g5, n7, d0, x, y, s4], game=game)
    act(game, state, REVEAL, REVEAL, TAKE_LAST_THREE)
    assert state.ship_value[0, 0] == 5 + 7 + 0
    obs = game.observe(state, np.array([0]))[0]
    assert obs[game.obs_layout["ship_value"]][0] == 12
    act(game, state, STOP)  # player 1 takes x (forced)
    act(game, state, STOP)  # player 2 takes y (forced)
    act(game, state, STOP)  # player 0 takes s4 (forced)
    assert state.ship_value[0].tolist() == [16, 2, 2]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
def test_ship_capacity(num_players):
    """Rulebook:

    "Your ship can never hold more than five cards (seven cards in a 2 player game.)"
    "With 2 players each ship is loaded with seven non-green cards, and with 3-6 players it is loaded with five
        non-green cards."
    "Players with a fully loaded ship do not take any further turns in the round."
    """
    C = CAPACITY[num_players]
    game = make(num_players)
    singles = np.flatnonzero((game.card_icons == 1) & (game.card_nongreen == 1)).tolist()  # 80 non-green cards
    game, state = new_day_one(num_players, singles, game=game)
    while state.day[0] == 0:
        p = int(state.current_player[0])
        slots = int(state.ship_slots[0, 0])
        if p == 0:
            assert slots < C
            # Player 0 always reveals three non-green cards and takes as many as fit.
            while state.phase[0] == PHASE_REVEAL and state.current_player[0] == 0 and state.revealed[0] < 3:
                act(game, state, REVEAL)
            free = C - slots
            if state.current_player[0] == 0 and state.phase[0] == PHASE_TAKE:
                expected = {TAKE_LAST}
                if free >= 2:
                    expected |= {TAKE_LAST_AND_2ND, TAKE_LAST_AND_3RD}
                if free >= 3:
                    expected.add(TAKE_LAST_THREE)
                assert legal(state) == expected, (free, game.render(state))
                act(game, state, max(expected))
            else:  # only "take the last card" fitted: it was played automatically
                assert free == 1
            assert state.ship_slots[0, 0] <= C
        else:
            if state.phase[0] == PHASE_REVEAL:
                act(game, state, STOP)
            if state.current_player[0] == p and state.phase[0] == PHASE_TAKE and state.day[0] == 0:
                act(game, state, TAKE_LAST)
        if state.day[0] == 0:
            assert (state.ship_slots[0] <= C).all()
            if state.ship_slots[0, 0] == C:
                assert state.current_player[0] != 0  # a full ship takes no more turns
    # Player 0 ended the day with exactly C cards (all non-green) in the warehouse.
    assert len(warehouse(state, 0)) == C


def test_capacity_two_players_seven_vs_five():
    """Rulebook:

    "Your ship can never hold more than five cards (seven cards in a 2 player game.)"
    """
    for P, expected in ((2, set(TAKES)), (3, {TAKE_LAST, TAKE_LAST_AND_2ND, TAKE_LAST_AND_3RD})):
        game = make(P)
        top = np.flatnonzero((game.card_icons == 1) & (game.card_nongreen == 1)).tolist()[:12]
        game, state = new_day_one(P, top, game=game)
        for _ in range(P):  # every player: 3 cards (the first revealed by itself)
            act(game, state, REVEAL, REVEAL, TAKE_LAST_THREE)
        assert state.current_player[0] == 0 and state.ship_slots[0, 0] == 3
        act(game, state, REVEAL, REVEAL)
        # 3 more non-green cards fit a 7-card ship, but not a 5-card ship.
        assert legal(state) == expected


def test_green_cards_take_no_space():
    """Rulebook:

    "Important: Any number of green cards can be loaded onto a ship, as these do not require a loading space!"
    "These are colored green simply to show that they do not take up space on a boat."
    "Players with a fully loaded ship do not take any further turns in the round."
    """
    game, state, k = green_capacity_day()
    act(game, state, REVEAL, REVEAL, TAKE_LAST_THREE)  # player 0: neutral 7, Grain 2, neutral 2
    assert state.ship_slots[0, 0] == 1 and len(ship(state, 0)) == 3 and state.ship_value[0, 0] == 11
    one_card_turn(game, state, 1)
    one_card_turn(game, state, 2)
    act(game, state, REVEAL, REVEAL, TAKE_LAST_THREE)  # player 0: three Spice cards -> 4 of 5 slots
    assert state.ship_slots[0, 0] == 4 and len(ship(state, 0)) == 6
    one_card_turn(game, state, 1)
    one_card_turn(game, state, 2)
    act(game, state, REVEAL, REVEAL)  # player 0 reveals Fur 2, green Grain 0, Fur 3
    assert market(state) == [k["x"], k["y"], k["z"]]
    # One free slot: Fur 3 + green Grain 0 fit; Fur 3 + Fur 2 (two slots) do not.
    assert legal(state) == {TAKE_LAST, TAKE_LAST_AND_2ND}
    act(game, state, TAKE_LAST_AND_2ND)
    assert state.ship_slots[0, 0] == 5 and len(ship(state, 0)) == 8  # a full ship with 8 cards
    assert market(state) == [k["x"]]
    # Player 0 is full: the turn order skips them for the rest of the day.
    seats = []
    act(game, state, REVEAL, STOP, TAKE_LAST)  # player 1 reveals a card and takes it
    seats.append(1)
    while state.day[0] == 0:
        seats.append(int(state.current_player[0]))
        act(game, state, STOP)
    assert seats == [1, 2, 1, 2, 1, 2]
    assert 0 not in seats


def test_worked_turn_example():
    """Rulebook:

    "Player turn example: Anna starts the round and reveals a Cloth 2, a Fur 4 and then a neutral (green) value
        card of value 7."
    "Anna takes the neutral 7 and also the Fur 4 into her ship."
    "Now Britta reveals a Grain 3 and Cloth 5."
    "Britta decides not to reveal any further cards and takes the two Cloth cards from the market into her ship
        (one of these was drawn and left behind by Anna.)"
    "Carlos now reveals a Grain 0 and a Grain 4."
    "Carlos decides not to reveal any further cards and takes the three Grain cards in the market into his
        ship."

    The example's 'Grain 0' is played as the double Grain 0 (two icons, takes a loading space),
    not the green Grain 0: the example marks the green card it mentions as '(green)' and does
    not do so for the Grain 0, and the only non-green Grain 0 is the double card.
    """
    game = make(3)
    cards = Cards(game)
    cloth2, fur4, n7 = cards.many("Cloth 2", "Fur 4", "Neutral 7")
    grain3, cloth5 = cards.many("Grain 3", "Cloth 5")
    grain0, grain4 = cards.many("Grain 0 (double)", "Grain 4")
    nxt = cards("Spice 2")
    game, state = new_day_one(3, [cloth2, fur4, n7, grain3, cloth5, grain0, grain4, nxt], game=game, start=ANNA)
    # Anna: Cloth 2 (revealed by itself, the market being empty), Fur 4, neutral 7.
    assert state.current_player[0] == ANNA
    act(game, state, REVEAL, REVEAL)
    assert market(state) == [cloth2, fur4, n7] and state.phase[0] == PHASE_TAKE
    act(game, state, TAKE_LAST_AND_2ND)
    assert ship(state, ANNA) == sorted([fur4, n7])
    assert state.ship_value[0, ANNA] == 11 and state.ship_slots[0, ANNA] == 1
    assert market(state) == [cloth2]
    # Britta: Grain 3, Cloth 5, stops, takes both Cloth cards.
    assert state.current_player[0] == BRITTA
    act(game, state, REVEAL, REVEAL, STOP)
    assert market(state) == [cloth2, grain3, cloth5]
    act(game, state, TAKE_LAST_AND_3RD)
    assert ship(state, BRITTA) == sorted([cloth2, cloth5])
    assert state.ship_value[0, BRITTA] == 7 and state.ship_icons[0, BRITTA, CLOTH] == 2
    assert market(state) == [grain3]
    # Carlos: Grain 0, Grain 4, stops, takes the three Grain cards.
    assert state.current_player[0] == CARLOS
    act(game, state, REVEAL, REVEAL, STOP)
    assert market(state) == [grain3, grain0, grain4]
    act(game, state, TAKE_LAST_THREE)
    assert ship(state, CARLOS) == sorted([grain3, grain0, grain4])
    assert state.ship_value[0, CARLOS] == 7 and state.ship_slots[0, CARLOS] == 3
    assert state.ship_icons[0, CARLOS].tolist() == [4, 0, 0, 0, 0]
    # The market was emptied; Anna's next turn begins with a forced reveal.
    assert state.current_player[0] == ANNA and market(state) == [nxt]
