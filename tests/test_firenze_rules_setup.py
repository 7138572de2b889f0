"""Firenze rule-scenario tests: components, set-up, the turn order and the phases.

Every test quotes, in its docstring, the rulebook sentence(s) it checks (``shared/rules/firenze.txt``);
``test_firenze_rules_coverage.py`` holds the quotes to the rulebook and checks that every rule sentence
is quoted by a test of some part. Positions come from ``tests/firenze_scenarios.py``; the rulebook's
literals and shared helpers from ``tests/firenze_rules_text.py``.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from firenze_rules_text import (
    BRICK_COUNTS,
    BRICKS_PER_CARD,
    CARD_COUNTS,
    NEUTRAL_SEALS,
    SEALS,
    START_WHITES,
    card_total,
    cid,
)
from firenze_scenarios import (
    BALCONY,
    BOARD,
    BUILD,
    CHOOSE,
    COLOURS,
    COMMISSION,
    DATA,
    EXCHANGE,
    FULFILL,
    KIND,
    LIMIT_BRICKS,
    PASS,
    RED,
    START_KINDS,
    WHITE,
    YELLOW,
    Scenario,
    build_on,
    counts,
    take_card,
)

import florentine_envs

# ---------------------------------------------------------------------------
# Components and set-up
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_components(num_players):
    """Rulebook:

    "88 Bricks:" "25x White" "18x Yellow" "15x Green" "12x Red" "10x Blue" "8x Purple"
    "52 Action Cards"
    "Alchemist (4x)" "Architect (3x)" "Botch (1x)" "Bridge (1x)" "Campanile (1x)" "Collapse (1x)"
    "Disgrace (2x)" "Fame (2x)" "Flood (1x)" "Luxury Tax (1x)" "Major Privilege (1x)" "Mason (3x)"
    "Minor Privilege (1x)" "Monument (2x)" "Patrician (3x)" "Princess (2x)" "Privilege (1x)"
    "Recognition (2x)" "Renaissance (1x)" "Saboteur (1x)" "Scandal (2x)" "Smuggler (3x)"
    "Storehouse Fire (2x)" "Tribute (2x)" "Warehouse (3x)" "Wholesaler (2x)" "Workshop (4x)"
    "36 Seals (in the 4 player colors)"
    "In total, there are 36 Commissions."
    "They have the same colors as the Bricks."
    "Each Level of the towers is a symbol for a different Construction Commission."
    "19 Balcony Tiles" "4 Level Tiles"
    "4 small Seals (in the 4 player colors)"
    """
    sc = Scenario(num_players)
    assert sc.bricks_total().tolist() == BRICK_COUNTS and sum(BRICK_COUNTS) == 88
    assert card_total(sc) == Counter({KIND[name]: n for name, n in CARD_COUNTS.items()})
    assert sum(CARD_COUNTS.values()) == 52
    # 6 towers (one per brick colour) x 6 levels = 36 commissions, each a separate space.
    assert sc.s.commission_owner.shape == (1, 36)
    assert sorted(COMMISSION) == [(c, h) for c in range(6) for h in range(3, 9)]
    assert sorted(i for i, _ in COMMISSION.values()) == list(range(36))
    # A player never has more seals than a colour set holds (9 = 36 / 4).
    assert sc.s.seals_left[0].tolist() == [SEALS[num_players]] * num_players and max(SEALS.values()) * 4 == 36
    assert len(DATA["balcony_tiles"]["tiles"]) == 19 and sc.s.level_tile_taken.shape == (1, 4)
    assert sc.s.campanile_sealed.shape == (1, num_players)  # one small seal per player


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_setup_seals_starting_bricks_and_row(num_players):
    """Rulebook:

    "Now each player chooses a Seal Color and takes the following number of Seals, depending on the number of
        players, of their chosen color:"
    "If 2 players: 9 Seals each" "If 3 players: 7 Seals each" "If 4 players: 6 Seals each"
    "Whoever was most recently up a tower is the Starting Player and receives 2 white Bricks."
    "Proceeding in a clockwise direction, each other player receives one more brick than the player before, that
        is: 3, 4, or 5 white Bricks."
    "Place these Bricks below the Construction Site in front of you (not on the Construction Site)."
    "This is your Storehouse."
    "Place all the other Bricks in the Pouch, and mix them up in it."
    "Turn over the top card of the Deck and place it on the leftmost space of the Card Row."
    "Then place the second card on the second space, the third card on the third space, etc., until all six
        spaces of the Card Row are occupied."
    "Now place 4 Bricks drawn randomly from the Pouch on each of the six cards in the Row."
    "1 End of Game Tile"
    """
    game = florentine_envs.make("firenze", num_players=num_players)
    state = game.init(np.arange(20))
    P = num_players
    assert (state.seals_left == SEALS[P]).all()
    assert (state.turn_player == 0).all() and (state.current_player == 0).all()  # seat 0 starts (DESIGN §13.28)
    whites = np.zeros((P, 6), int)
    whites[:, WHITE] = START_WHITES[:P]
    assert (state.storehouse == whites).all()
    assert (state.tower_colour == -1).all() and (state.tower_height == 0).all()  # nothing on the sites
    assert (state.row_card >= 0).all()  # all six spaces occupied
    assert (state.row_bricks.sum(2) == BRICKS_PER_CARD).all()
    expected_pouch = np.array(BRICK_COUNTS) - whites.sum(0)
    assert (state.pouch + state.row_bricks.sum(1) == expected_pouch).all()
    # The row bricks are drawn at random: they differ between games.
    assert len({tuple(r.ravel()) for r in state.row_bricks}) > 10
    assert (state.end_trigger == -1).all() and (state.level_tile_taken == 0).all() and (state.prestige == 0).all()


def test_start_cards_on_top_of_the_shuffled_deck():
    """Rulebook:

    "Pick the 10 Start Cards out of the Action Cards."
    "They have the Start Symbol on the bottom of front side."
    "Shuffle the rest of the cards and place them face down on the space at the bottom right of the Game Board
        to make the Deck."
    "Now shuffle the 10 Start Cards and place them on top of the Deck, also face down."
    """
    game = florentine_envs.make("firenze", num_players=4)
    state = game.init(np.arange(12))
    assert sum(START_KINDS.values()) == 10
    first_tens, rests = set(), set()
    for b in range(12):
        row = state.row_card[b].tolist()
        deck = state.deck[b, state.deck_pos[b] : state.deck_len[b]].tolist()
        first_ten = row + deck[:4]  # the six row cards, then the next four refills
        assert Counter(first_ten) == Counter(START_KINDS)
        rest = Counter(deck[4:])
        everything = Counter({KIND[n]: c for n, c in CARD_COUNTS.items()})
        assert rest == everything - Counter(START_KINDS)
        first_tens.add(tuple(first_ten))
        rests.add(tuple(deck[4:]))
    assert len(first_tens) > 6 and len(rests) == 12  # both parts are shuffled


def test_balconies_one_of_each_numeral():
    """Rulebook:

    "Turn the Balcony Tiles to the sides with Roman numerals and shuffle them."
    "Turn over 4 Balcony Tiles, one I, one II, one III, and one IV."
    "Place these balconies on the Game Board so that they cover the appropriate Level of the tower of the
        appropriate color."
    "Balcony Tiles cover 4 Commissions."
    """
    game = florentine_envs.make("firenze", num_players=3)
    state = game.init(np.arange(200))
    numerals = ["I", "II", "III", "IV"]
    drawn = Counter()
    for b in range(200):
        tiles = state.balcony_tile[b].tolist()
        assert [BALCONY[t]["numeral"] for t in tiles] == numerals
        drawn.update(tiles)
        covered = [cid(COLOURS.index(BALCONY[t]["colour"]), BALCONY[t]["height"]) for t in tiles]
        assert len(set(covered)) == 4
        assert all(state.commission_owner[b, c] == -1 for c in covered)  # open, no neutral seal
    assert set(drawn) == set(BALCONY)  # every tile can be drawn


@pytest.mark.parametrize("positions", [False, True], ids=["bricks", "board-spaces"])
def test_neutral_seals_recommended_placement(positions):
    """Rulebook:

    "Now take the 5 neutral Seals and use them to cover 5 Levels of your choice of whatever towers you like, as
        long as they don't already have a Balcony Tile on them."
    "We recommend that no more than two tiles (Balconies and/or neutral Seals) be placed on any given tower."
    "In addition, two or three neutral seals should be set on the third and fourth Levels."
    "The two leftover neutral Seals are not required and may be placed back in the box."
    "7 neutral Seals"
    "The Commissions which have already been covered by neutral Seals are not available in that particular game."
    "1 Brick = 1 Level."

    A Level counts bricks ("exactly 7 Levels", "3- and 4-Level Commissions"), so by default the advised
    spaces are the commissions of 3 and 4 bricks; ``levels_are_positions`` (data) reads them as the third
    and fourth spaces from the bottom of a tower instead (DESIGN_NOTES §13.21).
    """
    data = {"setup": {"neutral_seal_recommendations": {"levels_are_positions": positions}}}
    game = florentine_envs.make("firenze", num_players=2, data=data)
    state = game.init(np.arange(300))
    if positions:  # commission id = 6 * colour + level - 1 (data conventions)
        advised = {6 * c + level - 1 for c in range(6) for level in (3, 4)}
    else:
        advised = {cid(c, h) for c in range(6) for h in (3, 4)}
    assert len(advised) == 12
    on_advised = Counter()
    for b in range(300):
        neutral = np.flatnonzero(state.commission_owner[b] == -2)
        assert len(neutral) == NEUTRAL_SEALS
        balconies = {
            cid(COLOURS.index(BALCONY[t]["colour"]), BALCONY[t]["height"]) for t in state.balcony_tile[b].tolist()
        }
        assert not balconies & set(neutral.tolist())
        # The balcony draw may itself put 3 tiles on a tower; a neutral seal never adds a third.
        per_tower = Counter(c // 6 for c in list(balconies) + neutral.tolist())
        assert all(per_tower[c // 6] <= 2 for c in neutral)
        on_advised[len(advised & set(neutral.tolist()))] += 1
    # Two or three seals on the advised spaces, the others elsewhere; both counts happen.
    assert set(on_advised) == {2, 3}


def test_neutral_seals_by_choice():
    """Rulebook:

    "You can choose any Levels you like."
    """
    sc = Scenario(2)  # BOARD: an explicit placement
    assert sorted(np.flatnonzero(sc.s.commission_owner[0] == -2).tolist()) == sorted(BOARD["neutral_seals"])
    with pytest.raises(ValueError, match="neutral_seals"):
        florentine_envs.make("firenze", num_players=2, balconies=[0, 5, 10, 15], neutral_seals=[2, 11, 17, 23, 29])
    uniform = florentine_envs.make("firenze", num_players=2, neutral_seals="uniform").init(np.arange(100))
    levels = Counter(int(c) % 6 for b in range(100) for c in np.flatnonzero(uniform.commission_owner[b] == -2))
    assert len(levels) == 6  # any level


# ---------------------------------------------------------------------------
# Turn order and phases
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_turns_go_clockwise_from_the_starting_player(num_players):
    """Rulebook:

    "Beginning with the Starting Player, each player takes a turn in clockwise order."
    "Only the player whose turn it is may act."
    """
    sc = Scenario(num_players)
    seen = []
    for _ in range(num_players + 1):
        seen.append(sc.turn)
        assert sc.to_move == sc.turn
        sc.filler_turn()
    assert seen == [i % num_players for i in range(num_players + 1)]


def test_phases_in_order():
    """Rulebook:

    "Each turn is divided into up to six phases, which proceed in the following order:"
    "Choose a card (mandatory)" "Exchange Bricks (optional)" "Build Towers (optional)"
    "Tear down abandoned construction (mandatory)" "Fulfill Commissions (optional)" "Check Limits (mandatory)"
    "When it's your turn, you must first choose exactly 1 of the 6 face-up Action Cards in the Card Row."
    "Exchanging Bricks is completely optional; you may simply skip this phase."
    """
    sc = Scenario(2)
    sc.set_store(0, white=8, yellow=3, green=2)  # 13: over the limit at the end
    sc.add_tower(0, RED, 3)  # abandoned this turn
    sc.add_tower(0, YELLOW, 3)
    sc.refresh()
    assert sc.phase == CHOOSE
    assert PASS not in sc.legal()  # choosing a card is not optional
    sc.take_blank("Fame")
    assert sc.phase == EXCHANGE and PASS in sc.legal()
    assert not {take_card(s) for s in range(6)} & sc.legal()  # exactly one card
    sc.act(PASS)  # no exchange
    assert sc.phase == BUILD and sc.store(0) == counts(white=8, yellow=3, green=2).tolist()
    sc.act(build_on(1))  # yellow 3 -> 4
    sc.act(PASS)
    # The red tower was torn down before fulfilling: 2 bricks to the pouch, 1 to the storehouse.
    assert sc.phase == FULFILL and sc.towers(0) == [(YELLOW, 4)]
    assert sc.store(0) == counts(white=8, yellow=2, green=2, red=1).tolist()
    sc.act(PASS)
    assert sc.phase == LIMIT_BRICKS and sc.turn == 0
