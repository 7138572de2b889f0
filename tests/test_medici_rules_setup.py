"""Medici rule-scenario tests: setting up, the turn order and revealing cards.

Every test quotes, in its docstring, the rulebook sentence(s) it checks
(``shared/rules/medici_card_game.txt``); ``test_medici_rules_coverage.py`` holds the quotes to the
rulebook and checks that every rule sentence is quoted by a test of some part. Helpers, literals and
the scoring oracle come from ``tests/medici_rules_text.py``.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from medici_rules_text import (
    TAKES,
    Cards,
    act,
    assert_cards_conserved,
    legal,
    make,
    market,
    new_day_one,
    ship,
    unreveal,
)

from florentine_envs.games.medici.medici import (
    LOC_BOX,
    LOC_MARKET,
    LOC_SHIP,
    LOC_WAREHOUSE,
    PHASE_REVEAL,
    PHASE_TAKE,
    REVEAL,
    STOP,
    TAKE_LAST,
    TAKE_LAST_AND_2ND,
    TAKE_LAST_THREE,
)

# ---------------------------------------------------------------------------
# Setting up the game
# ---------------------------------------------------------------------------


def test_card_composition():
    """Rulebook:

    "4 sets of 5 different color single commodities with values 2, 3, 4, 5. (=80)"
    "2 sets of 5 different double commodities with value 0. (=10)"
    "Green cards: 5 different single commodities of value 0, 5 neutral cards of value 2, and 10 neutral cards
        of value 7. (=20)"
    "There are 5 different commodities (grain, spice, fur, dye and cloth), each in a different color."
    "The commodity cards have the values 0, 2, 3, 4, or 5."
    "Most of the commodity cards represent one unit (show 1 icon) of the commodity; some of the commodity cards
        represent two units (show 2 icons)."
    """
    game = make(4)
    assert game.num_cards == 110
    assert list(game.colour_names) == ["grain", "spice", "fur", "dye", "cloth"]
    rows = Counter(
        (int(game.card_colour[c]), int(game.card_value[c]), int(game.card_icons[c]), bool(game.card_nongreen[c] == 0))
        for c in range(110)
    )
    expected = Counter()
    for colour in range(5):
        for value in (2, 3, 4, 5):
            expected[(colour, value, 1, False)] += 4  # 4 sets of singles
        expected[(colour, 0, 2, False)] += 2  # 2 sets of doubles
        expected[(colour, 0, 1, True)] += 1  # green single commodity of value 0
    expected[(-1, 2, 0, True)] += 5  # neutral 2
    expected[(-1, 7, 0, True)] += 10  # neutral 7
    assert rows == expected
    commodity = game.card_icons > 0
    assert set(game.card_value[commodity].tolist()) == {0, 2, 3, 4, 5}
    assert (game.card_icons[commodity] == 1).sum() > (game.card_icons[commodity] == 2).sum() > 0


def test_neutral_cards_add_value_but_no_commodity():
    """Rulebook:

    "In addition to the commodity cards, there are neutral value cards of value 2 and of value 7, which do not
        show any commodities, but do increase the value of a ship's load (see later)."
    """
    game = make(3)
    cards = Cards(game)
    n7, n2, g3 = cards.many("Neutral 7", "Neutral 2", "Grain 3")
    game, state = new_day_one(3, [n7, n2, g3], game=game)
    act(game, state, REVEAL, REVEAL, TAKE_LAST_THREE)
    assert ship(state, 0) == sorted([n7, n2, g3])
    assert state.ship_value[0, 0] == 12
    assert state.ship_icons[0, 0].tolist() == [1, 0, 0, 0, 0]  # only the grain shows an icon


def test_deck_is_shuffled_and_reproducible():
    """Rulebook:

    "Shuffle the cards and place them as a face down deck in the middle of the table."
    """
    game = make(4)
    a, b, c = game.init([7]), game.init([7]), game.init([8])
    for s in (a, b, c):
        assert_cards_conserved(game, s)
        order = s.deck[0, : s.deck_end[0]].tolist()
        assert sorted(order) == list(range(110))  # all 110 cards, face down (one revealed by the first turn)
        assert s.deck_end[0] - s.deck_top[0] == 109 and s.market_len[0] == 1
    assert a.deck.tolist() == b.deck.tolist()
    assert a.deck[0, :110].tolist() != c.deck[0, :110].tolist()
    assert a.deck[0, :110].tolist() != list(range(110))


def test_random_start_player():
    """Rulebook:

    "Randomly select a starting player."
    "Each round, the start player begins, then play progresses clockwise."
    """
    for P in (2, 3, 4, 5, 6):
        game = make(P)
        state = game.init(np.arange(300))
        assert (state.current_player == state.start_player).all()
        seen = Counter(state.start_player.tolist())
        assert set(seen) == set(range(P)), seen
        assert min(seen.values()) > 300 / P / 3  # roughly uniform
        again = game.init(np.arange(300))
        assert again.start_player.tolist() == state.start_player.tolist()


# ---------------------------------------------------------------------------
# Playing: turn order, revealing
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
def test_play_progresses_clockwise(num_players):
    """Rulebook:

    "Each round, the start player begins, then play progresses clockwise."
    "Then it is the next player's turn, and play continues in this way."
    """
    game = make(num_players)
    for seed in range(6):
        state = game.init([seed])
        start = int(state.start_player[0])
        order = []
        for _ in range(num_players + 1):
            order.append(int(state.current_player[0]))
            assert state.market_len[0] == 1  # empty market: the first card is revealed automatically
            act(game, state, STOP)  # take that one card (forced)
        assert order == [(start + i) % num_players for i in range(num_players + 1)]


def test_reveal_card_after_card_up_to_three():
    """Rulebook:

    "Card after card, reveal one OR two OR three cards from the deck, displaying these cards face up in a line
        next to the deck - this is the 'market'."
    """
    game = make(3)
    cards = Cards(game)
    top = cards.many("Grain 2", "Spice 3", "Fur 4", "Dye 5")
    game, state = new_day_one(3, top, game=game)
    # First card: the market is empty, so revealing is the only option and happens by itself.
    assert market(state) == top[:1] and state.revealed[0] == 1 and state.phase[0] == PHASE_REVEAL
    assert legal(state) == {REVEAL, STOP}  # may stop after one card ...
    act(game, state, REVEAL)
    assert market(state) == top[:2] and state.revealed[0] == 2
    assert legal(state) == {REVEAL, STOP}  # ... or after two
    act(game, state, REVEAL)
    assert market(state) == top[:3] and state.revealed[0] == 3
    # After the third card no more can be revealed: the player must take.
    assert state.phase[0] == PHASE_TAKE and REVEAL not in legal(state) and STOP not in legal(state)
    assert legal(state) == set(TAKES)
    assert state.deck[0, state.deck_top[0]] == top[3]  # the fourth card is still face down on top


@pytest.mark.parametrize("reveals", [1, 2, 3])
def test_reveal_exactly_n_then_take(reveals):
    """Rulebook:

    "Card after card, reveal one OR two OR three cards from the deck, displaying these cards face up in a line
        next to the deck - this is the 'market'."
    """
    game = make(4)
    cards = Cards(game)
    top = cards.many("Grain 2", "Spice 3", "Fur 4", "Dye 5")
    game, state = new_day_one(4, top, game=game)
    act(game, state, *([REVEAL] * (reveals - 1)))
    if reveals < 3:
        act(game, state, STOP)
    if reveals > 1:
        act(game, state, TAKE_LAST)  # with one card in the market the take is forced
    assert ship(state, 0) == [top[reveals - 1]]
    # The cards revealed before the last one stay in the market (an emptied market gets the
    # next player's first card by itself).
    assert market(state) == (top[: reveals - 1] if reveals > 1 else [top[1]])
    assert state.current_player[0] == 1


def test_no_reveal_only_when_market_holds_cards():
    """Rulebook:

    "Note: If there are already cards in the market (from a previous turn), you can also decide NOT to reveal
        any new cards!"
    """
    game = make(3)
    cards = Cards(game)
    a, b, c, d = cards.many("Grain 2", "Spice 3", "Fur 4", "Dye 5")
    game, state = new_day_one(3, [a, b, c, d], game=game)
    # Empty market: stopping at once is impossible, so the first reveal was automatic.
    assert state.revealed[0] == 1 and market(state) == [a]
    act(game, state, REVEAL, REVEAL, TAKE_LAST)  # player 0 leaves a, b in the market
    assert market(state) == [a, b]
    # Player 1 starts with cards in the market: may stop without revealing anything.
    assert state.current_player[0] == 1 and state.revealed[0] == 0
    assert legal(state) == {REVEAL, STOP}
    act(game, state, STOP)
    assert state.phase[0] == PHASE_TAKE and state.revealed[0] == 0
    assert legal(state) == {TAKE_LAST, TAKE_LAST_AND_2ND}
    act(game, state, TAKE_LAST_AND_2ND)
    assert ship(state, 1) == sorted([a, b])
    # Player 2 finds an empty market: the first card is revealed for them (no choice).
    assert state.current_player[0] == 2 and state.revealed[0] == 1 and market(state) == [d]


def test_empty_deck_no_new_cards_can_be_revealed():
    """Rulebook:

    "Note: With six players it is possible that the deck is used up during the third round."
    "In this situation, no new cards can be revealed."
    "However there will always be enough cards in the market so that players can continue to take turns and fill
        their ships in the usual manner."
    """
    game = make(6)
    cards = Cards(game)
    last_two = cards.many("Grain 5", "Spice 5")
    state = game.init([3])
    unreveal(game, state)
    state.start_player[0] = state.current_player[0] = 0
    # Edit: a third day whose deck is nearly used up. 60 cards were loaded on the first two days
    # (commodities in the warehouses, neutral cards in the box), every ship holds three
    # non-green cards, the market 30 cards (a market the rules allow: see
    # test_longest_market_is_reached) and the deck the last two.
    top, end = int(state.deck_top[0]), int(state.deck_end[0])
    live = [c for c in state.deck[0, top:end].tolist() if c not in last_two]
    loaded, rest = live[:60], live[60:]
    shipped = [c for c in rest if game.card_nongreen[c]][:18]
    moved = np.array([c for c in rest if c not in shipped])
    assert len(moved) == 30
    for i, card in enumerate(loaded):
        if game.card_icons[card]:
            state.card_loc[0, card], state.card_owner[0, card] = LOC_WAREHOUSE, i % 6
            state.warehouse_icons[0, i % 6, game.card_colour[card]] += game.card_icons[card]
        else:
            state.card_loc[0, card] = LOC_BOX
    for i, card in enumerate(shipped):
        p = i % 6
        state.card_loc[0, card], state.card_owner[0, card] = LOC_SHIP, p
        state.ship_value[0, p] += game.card_value[card]
        state.ship_slots[0, p] += 1
        state.ship_icons[0, p, game.card_colour[card]] += game.card_icons[card]
    state.day[0] = 2
    # The third day's deck is every card not unloaded (50), in the order drawn: the ships' and the
    # market's cards first, the last two still to come; two scorings have paid florins, and the
    # start player is the poorest.
    pool = shipped + moved.tolist() + last_two
    state.deck[0, : len(pool)] = pool
    state.deck[0, len(pool) :] = loaded
    state.deck_top[0], state.deck_end[0] = len(pool) - 2, len(pool)
    state.scores[0] = [20, 40, 40, 40, 40, 40]
    state.market[0, : len(moved)] = moved
    state.market_len[0] = len(moved)
    state.card_loc[0, moved] = LOC_MARKET
    state.deck_counts[0] = np.bincount(game.card_kind[last_two], minlength=game.num_kinds)
    state.market_counts[0] = np.bincount(game.card_kind[moved], minlength=game.num_kinds)
    game._refresh_mask(state, np.arange(1))
    assert_cards_conserved(game, state)
    assert legal(state) == {REVEAL, STOP}
    act(game, state, REVEAL, REVEAL)
    # The deck is used up after the second card: revealing is no longer possible, so the
    # only option, stopping, was played automatically and the player is taking.
    assert state.deck_end[0] == state.deck_top[0]
    assert state.phase[0] == PHASE_TAKE and state.revealed[0] == 2 and REVEAL not in legal(state)
    assert market(state)[-2:] == last_two
    act(game, state, TAKE_LAST_AND_2ND)
    # Every later turn: nothing to reveal, the player goes straight to taking from the market.
    rng = np.random.default_rng(0)
    while not state.terminated[0]:
        assert state.deck_end[0] == state.deck_top[0]
        assert state.phase[0] == PHASE_TAKE and state.revealed[0] == 0, game.render(state)
        assert REVEAL not in legal(state) and STOP not in legal(state)
        before = state.market_len[0]
        act(game, state, int(rng.choice(sorted(legal(state)))))
        if not state.terminated[0]:
            assert state.market_len[0] < before  # no card was added to the market
    # The day (and the game) ended with every ship filled from the market (the last one at least
    # by its final turn).
    unloaded = np.setdiff1d(np.flatnonzero(state.card_loc[0] == LOC_WAREHOUSE), loaded)
    assert game.card_nongreen[unloaded].sum() >= 5 * 5  # five full ships at least


def test_six_players_deck_runs_out_on_third_day():
    """Rulebook:

    "Note: With six players it is possible that the deck is used up during the third round."
    "In this situation, no new cards can be revealed."
    "However there will always be enough cards in the market so that players can continue to take turns and fill
        their ships in the usual manner."
    """
    game = make(6)
    rng = np.random.default_rng(2024)
    state = game.init(np.arange(24))
    ran_out = np.zeros(24, bool)
    while not state.terminated.all():
        mask = state.legal_action_mask
        actions = np.where(mask.any(1), (rng.random(mask.shape) * mask).argmax(1), 0)
        before = state.copy()
        game.step(state, actions)
        assert_cards_conserved(game, state)  # includes: a live game always has a legal action
        empty = (before.deck_end == before.deck_top) & ~before.terminated
        # With an empty deck no new card can enter the market within the day.
        same_day = empty & (state.day == before.day) & ~state.terminated
        assert (state.market_len[same_day] < before.market_len[same_day]).all()
        assert not before.legal_action_mask[empty, REVEAL].any()
        ran_out |= empty & (before.day == 2)
    assert ran_out.any(), "no six-player game used up its deck on the third day"
