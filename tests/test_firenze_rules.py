"""Rulebook scenario tests for Firenze (batched engine).

Every test quotes, in its docstring, the exact rulebook sentence(s) it checks
(``shared/rules/firenze.txt``; curly quotes, dashes and line breaks are
normalised). ``test_quotes_are_rulebook_sentences`` holds the quotes to the
rulebook text and ``test_every_rule_sentence_is_covered`` checks that every
sentence of the rules is quoted by some test, or is listed with a reason among
the sentences that state no engine behaviour.

Positions come from ``tests/firenze_scenarios.py``: a fixed board (balconies
I-IV on the white tower, neutral seals high on red, blue and purple), real
actions where cheap, and conserving state edits where not. Expected values are
the rulebook's literals (the constants below) or, for the numbers the rulebook
does not print (commission prestige, level tiles, majority flags, balcony
bonuses, start cards), the reconstructed values of ``firenze_data.json`` --
never the engine's own helper functions. Readings of ambiguous sentences follow
``DESIGN_NOTES.md`` §13 and ``SPEC.md``.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from firenze_scenarios import (
    ALCHEMISTS,
    BALCONY,
    BELL_TOWER,
    BLUE,
    BOARD,
    BRICKS,
    BUILD,
    CHOOSE,
    COLOURS,
    COMMISSION,
    DATA,
    EVENT_DISCARD,
    EVENT_KEEP_TOWER,
    EVENT_OWN_TOWER,
    EVENT_PATRICIAN,
    EVENT_PAY,
    EXCHANGE,
    EXCHANGE_PAY,
    EXCHANGES,
    FULFILL,
    FULFILLS,
    GAME_OVER,
    GREEN,
    IGNORE_EVENT,
    KIND,
    KIND_TYPE,
    KINDS,
    LEVEL_TILE_BONUS,
    LIMIT_BRICKS,
    LIMIT_CARDS,
    MAJORITY,
    PASS,
    PAY_BUILD_COST,
    PAY_CARD_COST,
    PLAY_ARCHITECT,
    PLAY_MASON,
    PLAY_PRINCESS,
    PURPLE,
    RED,
    SABOTAGES,
    SMUGGLES,
    START_KINDS,
    WHITE,
    WHOLESALES,
    YELLOW,
    Scenario,
    alchemist,
    brick,
    build_on,
    cards_with,
    counts,
    exchange,
    fulfill,
    limit_discard,
    patrician_discard,
    sabotage,
    select_tower,
    smuggle,
    start_tower,
    take_card,
    wholesale,
)
from rulebook_quotes import meta_tests, needs, normalise

import florentine_envs

RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "rules" / "firenze.txt"

# ---------------------------------------------------------------------------
# Rulebook literals
# ---------------------------------------------------------------------------

# Game Contents: "88 Bricks: 25x White 18x Yellow 15x Green 12x Red 10x Blue 8x Purple"
BRICK_COUNTS = [25, 18, 15, 12, 10, 8]
# Action Cards Summary: "Alchemist (4x)" ... "Workshop (4x)"
CARD_COUNTS = {
    "Alchemist": 4, "Architect": 3, "Botch": 1, "Bridge": 1, "Campanile": 1, "Collapse": 1, "Disgrace": 2,
    "Fame": 2, "Flood": 1, "Luxury Tax": 1, "Major Privilege": 1, "Mason": 3, "Minor Privilege": 1,
    "Monument": 2, "Patrician": 3, "Princess": 2, "Privilege": 1, "Recognition": 2, "Renaissance": 1,
    "Saboteur": 1, "Scandal": 2, "Smuggler": 3, "Storehouse Fire": 2, "Tribute": 2, "Warehouse": 3,
    "Wholesaler": 2, "Workshop": 4,
}  # fmt: skip
SEALS = {2: 9, 3: 7, 4: 6}  # Set Up 7
START_WHITES = [2, 3, 4, 5]  # Set Up 8
ROW_SLOTS, BRICKS_PER_CARD = 6, 4  # Set Up 11
CARD_COST = [0, 1, 2, 3, 4, 5]  # "The card at the far left is free. The others each cost one Brick more ..."
EXCHANGE_GIVE, BRIDGE_GIVE = 3, 2
MAX_BUILD = 6
BUILD_COST = {0: 0, 1: 0, 2: 0, 3: 1, 4: 3, 5: 6, 6: 10}  # "1 Bricks used to build --> 0 ..."
WORKSHOP_DISCOUNT, MASON_DISCOUNT, BOTH_DISCOUNT = 1, 3, 4
STORE_LIMIT, WAREHOUSE_STORE_LIMIT, CARD_LIMIT = 10, 15, 5
END_BONUS = 5
PRIVILEGES = {"Minor Privilege": (5, 2), "Privilege": (6, 3), "Major Privilege": (7, 4)}  # (height, PP)
CELEBRATION_PP = {"Fame": 3, "Monument": 3, "Disgrace": -2, "Scandal": -3}
LUXURY_MIN_HEIGHT, LUXURY_PER_TOWER = 5, 2
FIRE_BRICKS = 3
CHURCH_SPACES = 4
NEUTRAL_SEALS = 5


def construction_cost(n: int, discount: int = 0) -> int:
    """The rulebook's table less a discount; "A negative number is regarded as zero"."""
    return max(0, BUILD_COST[n] - discount)


def prestige(sc: Scenario) -> list[int]:
    return sc.s.prestige[0].tolist()


def commission_value(colour: int, height: int) -> int:
    return COMMISSION[(colour, height)][1]


def cid(colour: int, height: int) -> int:
    return COMMISSION[(colour, height)][0]


def card_total(sc: Scenario) -> Counter:
    """Cards per kind over every place: deck, discard, row, hands, buildings, church."""
    s = sc.s
    total = Counter(sc.deck())
    for k, n in enumerate(sc.discard()):
        total[k] += n
    total.update(k for k in s.row_card[0].tolist() if k >= 0)
    total.update(k for k in s.church[0].tolist() if k >= 0)
    for p in range(sc.P):
        for k, n in enumerate(s.hand[0, p].tolist()):
            total[k] += n
        for i, name in enumerate(["Bridge", "Warehouse", "Workshop"]):
            total[KIND[name]] += int(s.buildings[0, p, i])
    return +total


# ---------------------------------------------------------------------------
# Rulebook text: quotes and coverage
# ---------------------------------------------------------------------------


# Section headings of the rules page (not sentences).
HEADINGS = {
    "The following rule changes apply here on", "Game Concept", "The Game Board", "Game Contents", "Set Up",
    "Construction Commissions", "Game Play", "Choose a card", "Exchange Bricks", "Build Towers",
    "Tear down abandoned construction", "Fulfill Commissions", "Level Bonus", "Check Limits",
    "The End of the Game", "Final Scoring", "Action Cards", "Event Cards", "Personnel Cards",
    "Celebration Cards", "Building Cards", "Church Cards", "Action Cards Summary",
}  # fmt: skip

# Sentences of the rules that state no behaviour of the engine, with the reason. Every other
# sentence must be quoted by a test.
NOT_ENGINE_BEHAVIOUR = {
    "In the Florence of the 12th-14th centuries, the city's powerful and influential families don't just compete "
    "with each other in trade and politics.": "flavour",
    "They also try to outdo one another by building tall, mostly square-based tower homes as status symbols.":
        "flavour",
    "In this game, you are master builders working on the families' construction commissions for such towers.":
        "flavour",
    "You build the towers from different-colored bricks you receive from the game's cards.": "summary of the rules",
    "Pay attention to other players' projects, so that they don't snatch commissions you were counting on right "
    "from under your nose!": "strategy advice",
    "1 Game Board": "physical component",
    "8 Overview Cards (4x A, 4x B)": "player aids, no game effect",
    "4 Construction Sites": "physical component (the towers' place; tested as per-player tower slots)",
    "4 Prestige Markers (in the 4 player colors)": "physical component (the prestige track is tested)",
    "1 Pouch": "physical component (the pouch counts are tested)",
    "1 Action Card Overview Sheet": "player aid",
    "Place the Game Board in the middle of the players.": "table set-up",
    "Place the Level Tiles on the four small spaces to the left of the white tower according to their respective "
    "levels.": "table set-up; the tiles' availability is tested",
    "Place the End of Game Tile on the oval space above the two towers in the middle.":
        "table set-up; the end tile is tested",
    "Each player takes one Construction Site and one of the Overview Cards, placing them in front of them.":
        "table set-up",
    "When you do play with the Campanile card, take care that all players know the effects of the Campanile before "
    "the game begins.": "table-side advice",
    "You'll find a description of it on the accompanying Summary Sheet.": "pointer to the summary (tested there)",
    "Lay them aside for the moment.": "physical handling of the start cards (their place in the deck is tested)",
    "In the top part of the Game Board, you'll see six towers.": "board layout; the 36 commissions are tested",
    "The small numbers to the left indicate how many Levels a tower requires to fulfill the commission.":
        "board layout; heights are data (reconstructed) and tested through fulfilments",
    "The large numbers indicate how many Prestige Points you receive for fulfilling the commission.":
        "board layout; prestige values are data (reconstructed) and tested through fulfilments",
    "The symbol on the Game Board below the chosen card shows how many Bricks must be paid for the card in "
    "question.": "board layout; the cost per slot is tested",
    "The following rules of construction apply:": "introduces the list below",
    "To fulfill a Commission, complete the following steps:": "introduces the list below",
    "There are five kinds of Action Cards, which can be differentiated by the Symbol at top left.":
        "card layout; the five types' effects are tested",
    "In general, if the text of an Action Card contradicts the general rules in these instructions, the card text "
    "always takes precedence.": "principle; each card's own rule is tested",
    "The abbreviation PP on the cards stands for Prestige Points.": "notation",
    "In the course of the game, it will transpire that you'll discard cards.": "introduces the discard pile",
    "As you do so, build a Discard Pile next to the Game Board.": "physical handling (the discard pile is tested)",
}  # fmt: skip


def rule_sentences() -> list[str]:
    """The sentences of the rules page, from the rule-change preamble to the last card (Workshop),
    without headings; list items and numbered steps are sentences of their own."""
    text = RULEBOOK.read_text(encoding="utf-8")
    body = text[text.index("The following rule changes") : text.index("Privacy statement")]
    sentences = []
    for line in body.splitlines():
        line = normalise(line)
        line = re.sub(r"^(-\s*|\d+\.\s+|\d\)\s+|[a-f]\)\s+)", "", line)  # bullets, "8.", "1)", "b)"
        if not line or line in HEADINGS:
            continue
        for part in re.split(r"(?<=[.!?])\s+(?=[A-Z(\-])|(?<=[.!?]\))\s+", line):
            if part.strip():
                sentences.append(part.strip())
    return sentences


needs_rulebook = needs(RULEBOOK)
test_quotes_are_rulebook_sentences, test_every_rule_sentence_is_covered = meta_tests(
    __name__, RULEBOOK, rule_sentences, NOT_ENGINE_BEHAVIOUR
)


@needs_rulebook
def test_rule_sentence_helpers_find_the_rules():
    """Sanity check of the coverage test's sentence splitter (no rulebook quote)."""
    sentences = rule_sentences()
    assert "You may add on at most 6 Bricks per turn." in sentences
    assert "6 Bricks used to build --> 10 Construction Cost" in sentences
    assert "If 3 players: 7 Seals each" in sentences
    assert "Alchemist (4x)" in sentences and "Workshop (4x)" in sentences
    assert "Choose 1 Tower on your Construction Site." in sentences  # "Choose a card" heading is dropped
    assert not set(sentences) & HEADINGS
    assert len(sentences) > 300


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


# ---------------------------------------------------------------------------
# 1) Choose a card
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("slot", range(6))
def test_card_cost_is_the_slot_position(slot):
    """Rulebook:

    "The card at the far left is free."
    "The others each cost one Brick more than the one to its left."
    "We call these prices Card Costs."
    "In order to pay the Card Costs, you must withdraw the corresponding number of Bricks from your Storehouse."
    "Place one Brick on each Card Row card to the left of your card."
    "Now take the chosen Card along with the Bricks on top of it on the Game Board."
    "Place the Bricks in your Storehouse."
    """
    sc = Scenario(2)
    sc.set_store(0, white=CARD_COST[slot])
    sc.put_row(slot, "Fame", {"blue": 2, "green": 1})
    row_before = sc.s.row_bricks[0].copy()
    loose_before = sc.loose_bricks()
    sc.refresh()
    if slot > 0:  # (with an empty storehouse the free card is the only choice: taken at once)
        # Exactly the cards the storehouse can pay for are offered.
        legal_takes = {a for a in sc.legal() if a < 6}
        assert legal_takes == {take_card(s) for s in range(6) if CARD_COST[s] <= CARD_COST[slot]}
    sc.take(slot)  # single-colour payment: no choice to make
    for j in range(slot):
        assert sc.s.row_bricks[0, j].tolist() == (row_before[j] + counts(white=1)).tolist()
    assert sc.store(0) == counts(blue=2, green=1).tolist()
    assert sc.hand(0, "Fame") == 1
    paid = counts(white=CARD_COST[slot])  # onto the cards to the left
    assert sc.loose_bricks().tolist() == (loose_before - counts(blue=2, green=1) + paid).tolist()


def test_card_cost_colours_are_chosen():
    """Rulebook:

    "You can use any color Brick to pay these Costs."
    "Place one Brick on each Card Row card to the left of your card."
    """
    sc = Scenario(2)
    sc.set_store(0, white=1, yellow=1, green=1, red=2)
    sc.put_row(3, "Fame", {"blue": 2})
    sc.refresh()
    row_before = sc.s.row_bricks[0].copy()
    sc.act(take_card(3))
    paid = [GREEN, WHITE, RED]  # onto slots 0, 1, 2
    for colour in paid:
        assert sc.phase == PAY_CARD_COST
        assert sc.legal() == {brick(c) for c in range(6) if sc.store(0)[c] > 0}
        sc.act(brick(colour))
    for j, colour in enumerate(paid):
        expected = row_before[j].copy()
        expected[colour] += 1
        assert sc.s.row_bricks[0, j].tolist() == expected.tolist()
    assert sc.store(0) == counts(yellow=1, red=1, blue=2).tolist()


def test_card_cost_is_paid_before_taking():
    """Rulebook:

    "Tip: Pay attention to the correct order."
    "You must pay the Costs before you can take the Card and the Bricks."
    "That is, you may not use the Bricks on the chosen Card to pay for it!"
    """
    sc = Scenario(2)
    sc.set_store(0, white=1)
    sc.put_row(2, "Fame", {"white": 4})
    sc.refresh()
    assert take_card(1) in sc.legal() and take_card(2) not in sc.legal()


def test_free_card_with_an_empty_storehouse():
    """Rulebook:

    "The card at the far left is free."
    """
    sc = Scenario(2)
    sc.put_row(0, "Fame", {})
    sc.set_store(0)
    sc.refresh()  # the only legal choice is the free card: played at once
    assert sc.hand(0, "Fame") == 1 and (sc.phase != CHOOSE or sc.turn == 1)


def test_row_shifts_left_and_new_card_gets_four_bricks():
    """Rulebook:

    "There is now a hole in the Card Row."
    "Move all the cards to its right one place to the left (in the direction of the arrows)."
    "Then turn over the top card of the Deck and place it on the now-open, rightmost field."
    "Take 4 Bricks from the Pouch and put it on the new card."
    """
    sc = Scenario(2)
    sc.put_row(2, "Fame")
    sc.stack_deck("Scandal")
    sc.refresh()
    cards, bricks = sc.row(), sc.s.row_bricks[0].copy()
    pouch = np.array(sc.pouch())
    deck_size = len(sc.deck())
    sc.act(take_card(2))  # 2 whites: a forced payment
    assert sc.row() == cards[:2] + cards[3:] + [KIND["Scandal"]]
    for j in range(2):
        assert sc.s.row_bricks[0, j].tolist() == (bricks[j] + counts(white=1)).tolist()
    for j in range(2, 5):
        assert sc.s.row_bricks[0, j].tolist() == bricks[j + 1].tolist()
    new = sc.s.row_bricks[0, 5]
    assert new.sum() == BRICKS_PER_CARD
    assert sc.pouch() == (pouch - new).tolist()
    assert len(sc.deck()) == deck_size - 1


def test_short_pouch_fills_the_new_card_with_what_is_left():
    """Rulebook:

    "Tip: In the unusual case that the Pouch has fewer than 4 Bricks, simply place all the Bricks left in the
        Pouch on the card."
    "Bricks are not added to the card when someone places Bricks back in the Pouch!"
    """
    sc = Scenario(2)
    sc.add_tower(0, RED, 2)  # abandoned this turn: 1 brick goes back to the pouch
    sc.put_row(0, "Fame", {})
    sc.set_pouch(into=1, purple=2)  # everything else to player 1's storehouse
    sc.refresh()
    sc.act(take_card(0))
    assert sc.s.row_bricks[0, 5].tolist() == counts(purple=2).tolist()
    assert sum(sc.pouch()) == 0
    sc.finish_turn(0)
    assert sc.pouch() == counts(red=1).tolist()  # back from the teardown ...
    assert sc.s.row_bricks[0, 5].tolist() == counts(purple=2).tolist()  # ... and not added to the card


@pytest.mark.parametrize(
    "name",
    [n for n in KINDS if n not in ("Monument",)],
)
def test_taken_card_goes_where_its_type_says(name):
    """Rulebook:

    "What happens with the card depends on the Symbol at the top left of the card."
    "You must play Event Cards immediately."
    "Put Personnel Cards into your hand."
    "Put Celebration Cards into your hand, where they will normally remain until the end of the game."
    "Put Building Cards in front of you face up."
    "Place Church Cards on the Church Spaces face up."
    "If you pick a Personnel Card, place it in your hand."
    "A player who selects a Celebration Card places it in their hand."
    "If you draw a Building Card, place it face up in front of you."
    "Any Church Card chosen is placed face up on one of the 4 Church Spaces."
    "After following the instructions, discard the card."
    """
    sc = Scenario(2)
    sc.take_blank(name)
    kind, kind_type = KIND[name], KIND_TYPE[KIND[name]]
    if kind_type in ("personnel", "celebration"):
        assert sc.hand(0, name) == 1
    elif kind_type == "building":
        assert sc.owns(0, name)
    elif kind_type == "church":
        assert sc.s.church[0].tolist().count(kind) == 1 and sc.s.church.shape == (1, CHURCH_SPACES)
    else:
        assert kind_type == "event"
        assert sc.phase not in range(2, 8)  # resolved at once (nothing to decide here)
        if name == "Renaissance":
            assert kind in sc.deck() + sc.row()  # shuffled into the new deck
        else:
            assert sc.discard()[kind] == 1
    assert card_total(sc) == Counter({KIND[n]: c for n, c in CARD_COUNTS.items()})


def test_personnel_can_be_played_in_the_turn_it_is_taken():
    """Rulebook:

    "You can play them immediately or later, whenever it's your turn."
    "You may play the card immediately or at a later point in the game."
    """
    sc = Scenario(2)
    sc.set_store(0, white=3)
    sc.take_blank("Alchemist")
    assert sc.phase == EXCHANGE and {alchemist(c) for c in range(6) if sc.pouch()[c]} <= sc.legal()
    sc.finish_turn(0)  # the Alchemist stays in hand for a later turn
    sc.filler_turn()
    assert sc.turn == 0 and sc.hand(0, "Alchemist") == 1 and alchemist(RED) in sc.legal()


# ---------------------------------------------------------------------------
# 2) Exchange Bricks
# ---------------------------------------------------------------------------


def test_exchange_three_for_one_once_per_turn():
    """Rulebook:

    "You may swap 1 Brick of your choice from a card in the Card Row for 3 Bricks from your Storehouse."
    "Simply place the 3 Bricks from your Storehouse on the card where the Brick you want is sitting, and place
        the desired Brick in your Storehouse."
    "You may choose the 3 Bricks' colors freely."
    "You may conduct at most one such exchange per turn."
    """
    sc = Scenario(2)
    sc.set_store(0, white=3, yellow=4)
    sc.give_hand(0, "Wholesaler")  # keeps the Exchange phase open after the exchange
    sc.take_blank("Fame")
    assert sc.phase == EXCHANGE
    sc.set_row_bricks(1, {"purple": 1, "green": 1})
    sc.refresh()
    assert {exchange(1, PURPLE), exchange(1, GREEN)} <= sc.legal() and exchange(1, RED) not in sc.legal()
    sc.act(exchange(1, PURPLE))
    assert sc.phase == EXCHANGE_PAY
    sc.act(brick(WHITE), brick(YELLOW), brick(YELLOW))
    assert sc.s.row_bricks[0, 1].tolist() == counts(green=1, white=1, yellow=2).tolist()
    assert sc.store(0) == counts(white=2, yellow=2, purple=1).tolist()
    assert sc.phase == EXCHANGE and sum(sc.store(0)) >= EXCHANGE_GIVE
    assert not set(EXCHANGES) & sc.legal() and PASS in sc.legal()


def test_exchange_needs_three_bricks():
    """Rulebook:

    "You may swap 1 Brick of your choice from a card in the Card Row for 3 Bricks from your Storehouse."
    """
    sc = Scenario(2)
    sc.set_store(0, white=2)
    sc.give_hand(0, "Wholesaler")
    sc.take_blank("Fame")
    assert sc.phase == EXCHANGE and not set(EXCHANGES) & sc.legal()


def test_bridge_exchanges_two_for_one():
    """Rulebook:

    "When you perform an exchange in the Exchange Bricks phase, you must give up one fewer Brick."
    "Instead of 3 Bricks for 1, you now switch 2 for 1."
    "You are still limited to only one exchange per turn."
    """
    sc = Scenario(2)
    sc.set_store(0, white=4)
    sc.give_building(0, "Bridge")
    sc.give_hand(0, "Wholesaler")
    sc.take_blank("Fame")
    sc.set_row_bricks(2, {"red": 1})
    sc.refresh()
    sc.act(exchange(2, RED))  # white only: the two payments are forced
    assert sc.s.row_bricks[0, 2].tolist() == counts(white=BRIDGE_GIVE).tolist()
    assert sc.store(0) == counts(white=4 - BRIDGE_GIVE, red=1).tolist()
    assert sc.phase == EXCHANGE and not set(EXCHANGES) & sc.legal()  # 3 bricks left, but one exchange only
    # Without the Bridge two bricks are not enough.
    sc2 = Scenario(2)
    sc2.set_store(0, white=2)
    sc2.give_hand(0, "Wholesaler")
    sc2.take_blank("Fame")
    assert not set(EXCHANGES) & sc2.legal()


# ---------------------------------------------------------------------------
# 3) Build Towers
# ---------------------------------------------------------------------------


def test_towers_are_single_coloured_and_many_may_be_built():
    """Rulebook:

    "In this phase, you can use the Bricks in your Storehouse to build or expand Towers."
    "1 Brick = 1 Level."
    "Each tower must be of a single color."
    "Towers must always be built on the Construction Site."
    "You may begin new towers as well as continuing work on towers already under construction."
    "You can build as many towers as you like at one time."
    "The towers may differ in color or be of the same color."
    """
    sc = Scenario(2)
    sc.set_store(0, green=2, white=1)
    sc.add_tower(0, RED, 2)
    sc.to_build("Fame")
    legal = sc.legal()
    assert build_on(0) not in legal  # no red brick: the red tower cannot grow with another colour
    assert {start_tower(GREEN), start_tower(WHITE)} <= legal and start_tower(RED) not in legal
    sc.set_store(0, green=2, white=1, red=1)
    sc.refresh()
    sc.act(build_on(0))
    assert sc.towers(0) == [(RED, 3)] and sc.store(0) == counts(green=2, white=1).tolist()
    sc.act(start_tower(GREEN), start_tower(GREEN))  # two towers of one colour
    assert sc.towers(0) == [(RED, 3), (GREEN, 1), (GREEN, 1)]
    # Nothing more to do: the last white brick paid the cost of 3 bricks by itself.
    assert sc.store(0) == counts(white=1 - BUILD_COST[3]).tolist()


def test_towers_are_never_reduced_by_building():
    """Rulebook:

    "Towers may not be reduced in size."
    """
    sc = Scenario(2)
    sc.set_store(0, white=5, yellow=3, red=2)
    sc.add_tower(0, YELLOW, 4)
    sc.add_tower(0, RED, 1)
    sc.give_hand(0, "Mason")
    sc.to_build("Fame")
    for _ in range(3):
        before = sc.towers(0)
        for a in sc.legal() - {PASS}:  # (PASS ends the phase: then abandoned towers are torn down)
            trial = sc.s.copy()
            sc.game.step(trial, np.array([a]))
            after = {(int(c), int(h)) for c, h in zip(trial.tower_colour[0, 0], trial.tower_height[0, 0]) if c >= 0}
            # every tower still stands, at least as tall
            for colour, height in before:
                assert any(c == colour and h >= height for c, h in after), sc.game.action_names[a]
        sc.act(build_on(0))


def test_at_most_six_bricks_per_turn():
    """Rulebook:

    "You may add on at most 6 Bricks per turn."
    """
    sc = Scenario(2)
    sc.set_store(0, white=20)
    sc.give_hand(0, "Mason")  # unplayed: keeps the Build phase open
    sc.to_build("Fame")
    sc.act(start_tower(WHITE))
    for _ in range(MAX_BUILD - 1):
        sc.act(build_on(0))
    assert sc.towers(0) == [(WHITE, MAX_BUILD)] and sum(sc.store(0)) == 20 - MAX_BUILD
    assert sc.phase == BUILD and sc.legal() == {PLAY_MASON, PASS}  # 14 bricks left, but no 7th


@pytest.mark.parametrize("n", range(1, 7))
def test_construction_cost_table(n):
    """Rulebook:

    "2 Bricks per turn can be used for free."
    "If you want to use more bricks, you must pay for them in the form of additional Bricks from your Storehouse."
    "We call these costs Construction Costs."
    "The Construction Costs are assessed according to the total number of Bricks used for building in this turn:"
    "1 Bricks used to build --> 0 Construction Cost" "2 Bricks used to build --> 0 Construction Cost"
    "3 Bricks used to build --> 1 Construction Cost" "4 Bricks used to build --> 3 Construction Cost"
    "5 Bricks used to build --> 6 Construction Cost" "6 Bricks used to build --> 10 Construction Cost"
    "In order to pay the Construction Costs, simply move the appropriate number of Bricks from your Storehouse
        to the Pouch."
    """
    sc = Scenario(2)
    sc.set_store(0, white=20)
    sc.to_build("Architect")  # the Architect keeps the Fulfill phase open
    pouch = sc.pouch()
    sc.act(start_tower(WHITE), *[build_on(0)] * (n - 1))
    sc.end_build()  # one colour: the payment is forced
    assert sc.phase == FULFILL
    assert sc.store(0) == counts(white=20 - n - BUILD_COST[n]).tolist()
    assert sc.pouch()[WHITE] == pouch[WHITE] + BUILD_COST[n]


def test_construction_must_stay_affordable():
    """Rulebook:

    "If you want to use more bricks, you must pay for them in the form of additional Bricks from your Storehouse."
    """
    sc = Scenario(2)
    sc.set_store(0, white=8)
    sc.to_build("Fame")
    sc.act(start_tower(WHITE), build_on(0), build_on(0))
    assert build_on(0) in sc.legal()  # a 4th leaves 4 >= cost 3
    sc.act(build_on(0))
    # A 5th would leave 3 < 6: nothing more can be built, the phase ends by itself.
    assert sc.phase != BUILD
    assert sc.store(0) == counts(white=8 - 4 - BUILD_COST[4]).tolist()


def test_construction_cost_colours_are_free():
    """Rulebook:

    "The colors of these Bricks don't matter."
    "You may choose them at will, regardless of the colors of the Bricks you're using to build."
    """
    sc = Scenario(2)
    sc.set_store(0, white=4, purple=2)
    sc.to_build("Fame")
    sc.act(start_tower(WHITE), build_on(0), build_on(0))
    sc.end_build()
    assert sc.phase == PAY_BUILD_COST and sc.legal() == {brick(WHITE), brick(PURPLE)}
    sc.act(brick(PURPLE))
    assert sc.store(0) == counts(white=1, purple=1).tolist()


def test_cost_counts_bricks_not_towers():
    """Rulebook:

    "It is immaterial for the assessment of Construction Costs how many towers are being built or how high they
        are."
    "The sole factor assessed is the total number of Bricks used during this turn."
    """
    sc = Scenario(2)
    sc.add_tower(0, WHITE, 6)  # a tall tower costs nothing extra
    sc.set_store(0, white=1, yellow=1, green=1, red=2)
    sc.to_build("Fame")
    sc.act(build_on(0), start_tower(YELLOW), start_tower(GREEN))
    sc.end_build()  # cost(3) = 1, paid with a red brick (the only colour left)
    assert sc.store(0) == counts(red=2 - BUILD_COST[3]).tolist()
    assert sorted(sc.towers(0)) == sorted([(WHITE, 7), (YELLOW, 1), (GREEN, 1)])


@pytest.mark.parametrize(
    "mason, workshop, n",
    [(True, False, 4), (True, False, 6), (True, False, 5), (False, True, 3), (False, True, 4), (False, True, 6),
     (True, True, 4), (True, True, 5), (True, True, 6), (False, False, 6)],
)  # fmt: skip
def test_mason_and_workshop_discounts(mason, workshop, n):
    """Rulebook:

    "Play this card during the Build Towers phase."
    "You pay three fewer Bricks in Construction Costs this turn."
    "E.g., 4 Bricks cost no Bricks, 6 Bricks cost 7."
    "If you also own a Workshop you pay 4 less bricks instead of 3."
    "A negative number is regarded as zero."
    "When paying the Construction Costs in the Build Towers phase, you pay one Brick fewer."
    "This remains as long as you have the card in front of you."
    "E.g., 3 Bricks cost 0, 4 Bricks cost 2."
    "If you also play a Mason you pay 4 less bricks instead of 1."
    "Negative numbers are regarded as zero."
    """
    discount = BOTH_DISCOUNT if mason and workshop else MASON_DISCOUNT if mason else WORKSHOP_DISCOUNT * workshop
    sc = Scenario(2)
    sc.set_store(0, white=20)
    if mason:
        sc.give_hand(0, "Mason")
    if workshop:
        sc.give_building(0, "Workshop")
    sc.refresh()
    assert PLAY_MASON not in sc.legal()  # only in the Build phase
    sc.to_build("Architect")
    if mason:
        sc.act(PLAY_MASON)
        assert sc.hand(0, "Mason") == 0 and sc.discard()[KIND["Mason"]] == 1
    sc.act(start_tower(WHITE), *[build_on(0)] * (n - 1))
    sc.end_build()
    assert sc.store(0) == counts(white=20 - n - construction_cost(n, discount)).tolist()
    assert PLAY_MASON not in sc.legal()


def test_building_works_from_the_turn_it_is_taken():
    """Rulebook:

    "You can use them at any time, starting immediately."
    "You may use its function from then on out."
    """
    sc = Scenario(2)
    sc.set_store(0, red=3)
    sc.to_build("Workshop")
    assert sc.owns(0, "Workshop")
    sc.act(start_tower(RED), build_on(0), build_on(0))  # 3 bricks cost 0 with the Workshop
    sc.end_build()
    assert sc.towers(0) == [(RED, 3)] and sum(sc.store(0)) == 0
    # Without a Workshop the third brick is not affordable.
    sc2 = Scenario(2)
    sc2.set_store(0, red=3)
    sc2.to_build("Fame")
    sc2.act(start_tower(RED), build_on(0))
    assert build_on(0) not in sc2.legal()


# ---------------------------------------------------------------------------
# 4) Tear down abandoned construction
# ---------------------------------------------------------------------------


def test_abandoned_towers_are_torn_down():
    """Rulebook:

    "All the towers on your Construction Site that were under construction at the beginning of your turn but were
        not worked on are considered abandoned construction."
    "You now have to tear them down."
    "Place half of such towers' Bricks into the Pouch (rounding odd numbers up)."
    "Place the remainder in your Storehouse."
    "But be careful: once you've started construction on a tower, you must keep erecting it every turn, or it
        will be torn down as abandoned construction."
    """
    sc = Scenario(2)
    sc.add_tower(0, RED, 5)
    sc.add_tower(0, YELLOW, 2)
    sc.add_tower(0, BLUE, 4)
    sc.set_store(0, yellow=1, green=1)
    sc.add_tower(1, PURPLE, 3)  # another player's tower is not touched
    sc.to_build("Fame")
    pouch = np.array(sc.pouch())
    sc.act(build_on(1), start_tower(GREEN))  # work on yellow, start green; red and blue abandoned
    sc.end_build()
    assert sorted(sc.towers(0)) == sorted([(YELLOW, 3), (GREEN, 1)])
    assert sc.store(0) == counts(red=2, blue=2).tolist()
    assert sc.pouch() == (pouch + counts(red=3, blue=2)).tolist()
    assert sc.towers(1) == [(PURPLE, 3)]


# ---------------------------------------------------------------------------
# 5) Fulfill Commissions
# ---------------------------------------------------------------------------


def to_fulfill(sc: Scenario, builds: list[int], blank: str = "Fame") -> None:
    """From CHOOSE: take a brickless ``blank`` from slot 0, build ``builds`` and end the Build phase."""
    sc.to_build(blank)
    sc.act(*builds)
    sc.end_build()
    assert sc.phase == FULFILL, sc.phase


def test_fulfil_exact_height_scores_seals_and_empties_the_tower():
    """Rulebook:

    "In this phase, you may choose whether you wish to use any of your Towers to fulfill a Commission, or if you
        want to continue building them."
    "The number of Levels (i.e., Bricks) in a Tower must match the number in the Commission exactly."
    "There can be no more and no fewer Levels."
    "Declare out loud which Tower you want to use."
    "Take the number of Prestige Points indicated on the Game Board, by moving your Prestige Marker forward a
        corresponding number of spaces."
    "Cover the Commission you executed with one of your Seals."
    "Put all the Bricks of the Tower in question in the Pouch."
    "Once you fulfill a Commission, cover it with your personal Seal."
    "You receive Prestige Points for completed commissions."
    """
    sc = Scenario(2)
    sc.add_tower(0, YELLOW, 3)
    sc.add_tower(0, GREEN, 2)
    sc.set_store(0, yellow=1, green=1)
    to_fulfill(sc, [build_on(0), build_on(1)])
    # yellow 4 fits exactly the 4-level yellow commission; green 3 the 3-level green one.
    assert {a for a in sc.legal() if a in FULFILLS} == {fulfill(0), fulfill(1)}
    pouch = sc.pouch()
    sc.act(fulfill(0))
    assert prestige(sc) == [commission_value(YELLOW, 4), 0]
    assert sc.s.commission_owner[0, cid(YELLOW, 4)] == 0 and sc.s.seals_left[0, 0] == SEALS[2] - 1
    assert sc.towers(0) == [(GREEN, 3)] and sc.pouch()[YELLOW] == pouch[YELLOW] + 4
    # Passing keeps the green tower standing for later turns.
    sc.act(PASS)
    assert sc.towers(0) == [(GREEN, 3)] and sc.turn == 1


def test_each_commission_only_once_and_further_fulfilments():
    """Rulebook:

    "Each Commission may only be executed once."
    "Then you can fulfill other Commissions."
    "You may only fulfill Commissions that are not covered by a Seal."
    """
    sc = Scenario(2)
    sc.add_tower(0, YELLOW, 3)
    sc.add_tower(0, YELLOW, 3)
    sc.add_tower(0, GREEN, 3)
    sc.set_store(0, yellow=2, green=1)
    sc.give_building(0, "Workshop")  # three bricks for free
    to_fulfill(sc, [build_on(0), build_on(1), build_on(2)])  # yellow 4, yellow 4, green 4
    assert {a for a in sc.legal() if a in FULFILLS} == {fulfill(0), fulfill(2)}  # equal towers: one choice
    sc.act(fulfill(0))  # yellow 4
    assert sc.towers(0) == [(YELLOW, 4), (GREEN, 4)]
    assert {a for a in sc.legal() if a in FULFILLS} == {fulfill(1)}  # the yellow 4 is taken; green is open
    sc.act(fulfill(1))
    assert prestige(sc)[0] == commission_value(YELLOW, 4) + commission_value(GREEN, 4)
    assert sc.s.seals_left[0, 0] == SEALS[2] - 2 and sc.towers(0) == [(YELLOW, 4)]


def test_sealed_commissions_are_closed():
    """Rulebook:

    "You may only fulfill Commissions that are not covered by a Seal."
    "The Commissions which have already been covered by neutral Seals are not available in that particular game."
    """
    sc = Scenario(2)
    sc.own_commission(1, YELLOW, 4)  # player 1's seal
    assert sc.s.commission_owner[0, cid(RED, 8)] == -2  # neutral seal (BOARD)
    sc.add_tower(0, YELLOW, 3)
    sc.add_tower(0, RED, 7)
    sc.set_store(0, yellow=1, red=1)
    sc.give_hand(0, "Architect")
    to_fulfill(sc, [build_on(0), build_on(1)])
    assert sorted(sc.towers(0)) == sorted([(YELLOW, 4), (RED, 8)])
    assert not set(FULFILLS) & sc.legal()


def test_balconies_in_numeral_order_several_in_one_turn():
    """Rulebook:

    "You may only fulfill the Balcony Commission with the lowest Roman numeral."
    "If you have executed a Balcony Commission, you may fulfill the next Balcony Commission in the same turn."
    "These balconies represent Special Commissions for particularly lavish towers and therefore yield additional
        Prestige Points."
    "The Balcony Commissions can only be performed in a particular sequence, as indicated by the Roman numerals."
    "At the beginning of the game, only Balcony Commission I may be undertaken."
    "After II's fulfillment, III can be undertaken, etc."
    "This Commission may also be a Balcony Commission."
    """
    # BOARD: balcony I = white 5 levels (tile 0), II = white 6 (tile 5), III = white 7, IV = white 8.
    sc = Scenario(2)
    sc.add_tower(0, WHITE, 4)
    sc.add_tower(0, WHITE, 5)
    sc.set_store(0, white=2)
    to_fulfill(sc, [build_on(0), build_on(1)])  # white 5 and white 6
    assert {a for a in sc.legal() if a in FULFILLS} == {fulfill(0)}  # II (white 6) waits for I
    sc.act(fulfill(0))
    first = BALCONY[0]["total_prestige"] + LEVEL_TILE_BONUS[5]
    assert prestige(sc)[0] == first and sc.s.next_balcony[0] == 1
    assert fulfill(0) in sc.legal()  # the white 6 tower (now slot 0) may take II at once
    sc.act(fulfill(0))
    assert prestige(sc)[0] == first + BALCONY[5]["total_prestige"] + LEVEL_TILE_BONUS[6]
    assert sc.s.next_balcony[0] == 2
    assert sc.s.commission_owner[0, cid(WHITE, 5)] == 0 and sc.s.commission_owner[0, cid(WHITE, 6)] == 0


def test_balcony_opened_by_another_players_fulfilment():
    """Rulebook:

    "Then, only after one player has executed that Commission, may Balcony II be undertaken."
    """
    sc = Scenario(2)
    sc.own_commission(1, WHITE, 5)  # player 1 executed balcony I earlier
    sc.s.next_balcony[0] = 1
    sc.s.level_tile_taken[0, 0] = True
    sc.add_tower(0, WHITE, 5)
    sc.set_store(0, white=1)
    to_fulfill(sc, [build_on(0)])
    assert fulfill(0) in sc.legal()


def test_level_tile_goes_to_the_first_fulfilment_of_its_height():
    """Rulebook:

    "At the left next to the white tower are 4 Level Tiles."
    "These award a bonus to the first player who fulfills a Commission for the corresponding Tower height."
    "If you receive this bonus, move your Prestige Marker ahead the number of spaces given."
    "Place the Level Tile back in the box, as each bonus is only given once."
    """
    sc = Scenario(2)
    sc.add_tower(0, YELLOW, 4)
    sc.add_tower(0, GREEN, 4)
    sc.set_store(0, yellow=1, green=1)
    to_fulfill(sc, [build_on(0), build_on(1)])
    sc.act(fulfill(0))  # yellow 5: first 5-level commission
    assert prestige(sc)[0] == commission_value(YELLOW, 5) + LEVEL_TILE_BONUS[5]
    assert sc.s.level_tile_taken[0].tolist() == [True, False, False, False]
    sc.act(fulfill(0))  # green 5: the tile is gone
    assert prestige(sc)[0] == commission_value(YELLOW, 5) + LEVEL_TILE_BONUS[5] + commission_value(GREEN, 5)


@pytest.mark.parametrize(
    "start, delta, scored",
    [(2, +1, 4), (1, +1, 3), (8, -1, 8)],  # yellow 3 as 4; a 2 as 3; a 9 as 8
)
def test_architect_counts_one_tower_one_level_taller_or_shorter(start, delta, scored):
    """Rulebook:

    "Play this card during the Fulfill Commissions phase."
    "You may count one tower as one Level taller or shorter during this turn."
    "E.g., you can score a yellow tower with 3 Levels as if it had 4 Levels."
    "You could also score a Tower with 2 Levels as having 3, or one with 9 Levels as if it had 8."
    """
    sc = Scenario(2)
    sc.add_tower(0, YELLOW, start)
    sc.add_tower(0, GREEN, 2)
    sc.set_store(0, yellow=1, green=1)
    sc.give_hand(0, "Architect")
    sc.refresh()
    assert PLAY_ARCHITECT not in sc.legal()
    to_fulfill(sc, [build_on(0), build_on(1)])  # yellow start+1, green 3
    height = start + 1
    assert fulfill(0, delta) not in sc.legal()  # not before the Architect is played
    sc.act(PLAY_ARCHITECT)
    assert sc.hand(0, "Architect") == 0
    assert fulfill(0, delta) in sc.legal() and fulfill(1, +1) in sc.legal()  # any one tower
    sc.act(fulfill(0, delta))
    bonus = LEVEL_TILE_BONUS.get(scored, 0)  # the commission's height counts for the tile (DESIGN §13.23)
    assert prestige(sc)[0] == commission_value(YELLOW, scored) + bonus
    assert sc.s.commission_owner[0, cid(YELLOW, scored)] == 0
    assert height + delta == scored
    # One tower per Architect: the green 3 may only be scored as itself now.
    assert {a for a in sc.legal() if a in FULFILLS} == {fulfill(0, 0)}


# ---------------------------------------------------------------------------
# 6) Check Limits
# ---------------------------------------------------------------------------


def test_storehouse_limit_at_the_end_of_the_turn():
    """Rulebook:

    "When your turn is over, you must check 2 limits, the Storehouse Limit and the Card Limit."
    "These limits only apply in this phase-i.e., earlier in the turn they can be exceeded as much as you like;
        they only apply at the end of the turn."
    "The Storehouse Limit means you may have at most 10 Bricks in your Storehouse."
    "If you have more than 10 Bricks in your Storehouse, you must surrender enough Bricks to the Pouch to bring
        you down to 10 Bricks."
    "You may choose the colors of the surrendered bricks freely."
    """
    sc = Scenario(2)
    sc.set_store(0, white=5, yellow=4, green=4)
    sc.set_store(1, red=12)  # another player's excess waits for their own turn
    sc.to_build("Fame")
    assert sum(sc.store(0)) == 13  # over the limit during the turn
    pouch = np.array(sc.pouch())
    sc.act(PASS)
    assert sc.phase == LIMIT_BRICKS and sc.to_move == 0
    sc.act(brick(GREEN), brick(GREEN), brick(YELLOW))
    assert sc.store(0) == counts(white=5, yellow=3, green=2).tolist() and sum(sc.store(0)) == STORE_LIMIT
    assert sc.pouch() == (pouch + counts(green=2, yellow=1)).tolist()
    assert sc.turn == 1 and sc.store(1) == counts(red=12).tolist()
    sc.filler_turn()  # player 1 (red only) surrenders 2 at the end of their turn
    assert sc.store(1) == counts(red=STORE_LIMIT).tolist()


def test_tower_bricks_do_not_count_for_the_storehouse_limit():
    """Rulebook:

    "(The Bricks of the Towers on your Construction Site are not counted for this purpose.)"
    """
    sc = Scenario(2)
    sc.add_tower(0, YELLOW, 4)
    sc.set_store(0, white=11)
    sc.put_row(0, "Fame", {})
    sc.set_store(0, white=10, yellow=1)
    to_fulfill(sc, [build_on(0)])
    sc.finish_turn(0)
    assert sc.turn == 1 and sc.store(0) == counts(white=10).tolist() and sc.towers(0) == [(YELLOW, 5)]


@pytest.mark.parametrize("before, after", [(13, 13), (17, WAREHOUSE_STORE_LIMIT)])
def test_warehouse_storehouse_limit(before, after):
    """Rulebook:

    "In the Check Limits phase, you may keep 5 additional Bricks in your Storehouse, that is, a maximum of 15
        Bricks."
    """
    sc = Scenario(2)
    sc.set_store(0, white=before)
    sc.give_building(0, "Warehouse")
    sc.take_blank("Fame")
    sc.finish_turn(0)
    assert sc.turn == 1 and sc.store(0) == counts(white=after).tolist()


def test_card_limit_discards_personnel_and_buildings_only():
    """Rulebook:

    "The Card Limit means you can possess at most 5 Action Cards."
    "All Personnel and Celebration cards in your hand, and all Buildings you have in play count towards this
        limit."
    "If you have more than 5 Action Cards, you must put enough Personnel and Building Cards in the discard pile
        until you only have 5 cards left."
    "In general, you may not discard Celebration Cards during this phase."
    """
    sc = Scenario(2)
    for name in ("Mason", "Architect", "Alchemist", "Fame"):
        sc.give_hand(0, name)
    sc.give_building(0, "Workshop")
    sc.set_store(0)
    sc.take_blank("Scandal")  # 6 cards now
    sc.pass_until(LIMIT_CARDS)
    assert sc.legal() == {limit_discard(n) for n in ("Mason", "Architect", "Alchemist", "Workshop")}
    sc.act(limit_discard("Workshop"))
    assert not sc.owns(0, "Workshop") and sc.discard()[KIND["Workshop"]] == 1
    assert sc.turn == 1
    held = sum(sc.s.hand[0, 0].tolist()) + int(sc.s.buildings[0, 0].sum())
    assert held == CARD_LIMIT


def test_card_limit_keeps_every_celebration():
    """Rulebook:

    "Even if someone has more than 5 Celebration Cards, they are not allowed to discard any."
    "Here, in an exception to the rule, they are able to keep more than 5 cards in their hand-though they must
        discard all Personnel and Building Cards."
    "The card remains there until the End of the Game."
    "You may not discard it, even if you have exceeded the Card Limit."
    """
    sc = Scenario(2)
    for name in ("Fame", "Fame", "Disgrace", "Disgrace", "Scandal", "Scandal", "Mason"):
        sc.give_hand(0, name)
    sc.give_building(0, "Bridge")
    sc.set_store(0)
    sc.take_blank("Minor Privilege")  # a church card: not held
    sc.finish_turn(0)  # Mason and Bridge must go (two forced discards)
    assert sc.turn == 1
    assert [sc.hand(0, n) for n in ("Fame", "Disgrace", "Scandal", "Mason")] == [2, 2, 2, 0]
    assert not sc.owns(0, "Bridge")


def test_warehouse_lifts_the_card_limit():
    """Rulebook:

    "In addition, you may keep as many cards in your hand as you wish."
    """
    sc = Scenario(2)
    for name in ("Fame", "Disgrace", "Scandal", "Mason", "Architect", "Alchemist", "Smuggler"):
        sc.give_hand(0, name)
    sc.give_building(0, "Warehouse")
    sc.set_store(0)
    sc.take_blank("Princess")
    sc.finish_turn(0)
    assert sc.turn == 1 and sum(sc.s.hand[0, 0].tolist()) == 8 and sc.owns(0, "Warehouse")


# ---------------------------------------------------------------------------
# End of the game and final scoring
# ---------------------------------------------------------------------------


def test_last_seal_bonus_and_one_more_turn_each():
    """Rulebook:

    "The first player who places their last Seal on the Game board, receives a bonus of 5 Prestige Points as a
        reward."
    "They take the End of Game Tile and place it in front of them face-down."
    "All other players receive exactly one more turn."
    "The game ends, therefore, with the turn of the player to the right of the one with the End of Game Tile."
    "Then, there is a Final Scoring."
    "Whoever ends with the most Prestige Points wins."
    "In case of a tie, there are multiple winners."
    "Whoever has amassed the most Prestige Points by the end of the game wins."
    """
    sc = Scenario(3)
    for colour in (YELLOW, GREEN, RED):
        for height in (3, 4):
            sc.own_commission(1, colour, height)
    assert sc.s.seals_left[0, 1] == 1
    sc.add_tower(1, BLUE, 2)
    sc.set_store(1, blue=1)
    sc.refresh()
    turns = [sc.turn]
    sc.filler_turn()  # seat 0
    turns.append(sc.turn)
    to_fulfill(sc, [build_on(0)], blank="Mason")  # seat 1: blue 3 (a Mason scores nothing at the end)
    sc.act(fulfill(0))
    assert prestige(sc)[1] == commission_value(BLUE, 3) + END_BONUS
    assert sc.s.end_trigger[0] == 1 and sc.s.seals_left[0, 1] == 0
    sc.finish_turn(1)
    turns.append(sc.turn)
    sc.filler_turn()  # seat 2
    turns.append(sc.turn)
    # Before the last turn: make seat 0 tie seat 1's final score (seat 1 holds 4 majorities).
    majority_1 = MAJORITY[YELLOW] + MAJORITY[GREEN] + MAJORITY[RED] + MAJORITY[BLUE]
    sc.s.prestige[0, 0] = prestige(sc)[1] + majority_1
    sc.s.scores[0, 0] = sc.s.prestige[0, 0]
    sc.filler_turn()  # seat 0, the player to the right of seat 1: the last turn
    assert turns == [0, 1, 2, 0]
    assert sc.s.terminated[0] and sc.phase == GAME_OVER and not sc.legal()
    final = sc.s.scores[0].tolist()
    assert final == [prestige(sc)[0], prestige(sc)[1] + majority_1, prestige(sc)[2]]
    assert final[0] == final[1] > final[2]
    assert sc.s.rewards[0].tolist() == pytest.approx([0.5, 0.5, -1.0])


def two_player_finale(hand_1=()) -> Scenario:
    """Two players. Seat 0 places its last seal (purple 3) in its first turn; seat 1 then has
    its last turn and the game is scored. Seals before (balcony I is white 5):

    seat 0: white 3, white 5 (balcony), yellow 3, yellow 4, green 3, green 4, red 3, blue 3
    seat 1: white 4, red 4, blue 4
    """
    sc = Scenario(2)
    for colour, height in [(WHITE, 3), (WHITE, 5), (YELLOW, 3), (YELLOW, 4), (GREEN, 3), (GREEN, 4), (RED, 3),
                           (BLUE, 3)]:  # fmt: skip
        sc.own_commission(0, colour, height)
    sc.s.next_balcony[0] = 1
    sc.s.level_tile_taken[0, 0] = True  # a 5-level commission is sealed
    for colour, height in [(WHITE, 4), (RED, 4), (BLUE, 4)]:
        sc.own_commission(1, colour, height)
    for name in hand_1:
        sc.give_hand(1, name)
    sc.s.prestige[0] = [30, 20]
    sc.s.scores[0] = [30, 20]
    sc.add_tower(0, PURPLE, 2)
    sc.set_store(0, purple=1)
    sc.refresh()
    to_fulfill(sc, [build_on(0)], blank="Mason")
    sc.act(fulfill(0))  # the last seal
    sc.finish_turn(0)
    sc.filler_turn()  # seat 1's last turn
    assert sc.s.terminated[0]
    return sc


def test_majority_bonus_ties_go_to_the_highest_seal():
    """Rulebook:

    "First, the Majority Bonus is given for each tower color."
    "This bonus is shown for each color on the flag flying from top of the tower on the Game Board."
    "It is given to the player who has fulfilled the most Commissions of this color, that is, the one who has
        most Seals on the tower of that color."
    "(Balconies count normally.)"
    "In case of a tie, the bonus goes to the tied player who executed the biggest Commission (as measured in
        Levels), that is, the one whose Seal is the highest on the tower."
    """
    sc = two_player_finale()
    # white 2:1 (the balcony counts), yellow, green, purple alone: seat 0. Red and blue 1:1, seat 1's seal
    # is higher (the neutral seals above them count for no one).
    seat_0 = MAJORITY[WHITE] + MAJORITY[YELLOW] + MAJORITY[GREEN] + MAJORITY[PURPLE]
    seat_1 = MAJORITY[RED] + MAJORITY[BLUE]
    expected_prestige = [30 + commission_value(PURPLE, 3) + END_BONUS, 20]
    assert prestige(sc) == expected_prestige
    assert sc.s.scores[0].tolist() == [expected_prestige[0] + seat_0, expected_prestige[1] + seat_1]


def test_celebration_cards_in_final_scoring():
    """Rulebook:

    "Now turn over all your Celebration Cards and move your Prestige Marker forward or backwards, as
        appropriate."
    "You have to give up 2 Prestige Points in the Final Scoring."
    "You receive 3 Prestige Points in the Final Scoring."
    "You lose 3 Prestige Points in the Final Scoring."
    "In the Final Scoring, the holder of the card receives 3 Prestige Points."
    "In the Final Scoring, count up all the 3- and 4-Level Commissions you've fulfilled."
    "You receive that many Prestige Points."
    """
    hand = ("Fame", "Disgrace", "Scandal", "Monument", "Recognition", "Recognition")
    sc = two_player_finale(hand)
    plain = two_player_finale()
    own_3_4 = 3  # seat 1: white 4, red 4, blue 4
    celebrations = sum(CELEBRATION_PP[n] for n in hand if n in CELEBRATION_PP) + 2 * own_3_4
    assert sc.s.scores[0, 1] - plain.s.scores[0, 1] == celebrations
    assert sc.s.scores[0, 0] == plain.s.scores[0, 0]
    assert [sc.hand(1, n) for n in ("Fame", "Disgrace", "Scandal", "Monument", "Recognition")] == [1, 1, 1, 1, 2]


# ---------------------------------------------------------------------------
# Action cards: general rules
# ---------------------------------------------------------------------------


def test_empty_deck_is_replaced_by_the_shuffled_discard_pile():
    """Rulebook:

    "When the Deck on the Game Board is all used up, shuffle all the cards in the Discard Pile and use them as a
        new Deck."
    """
    sc = Scenario(2)
    sc.put_row(0, "Fame", {})
    moved = sc.deck()
    sc.to_discard()  # the whole deck
    sc.refresh()
    shuffles = int(sc.s.deck_shuffles[0])
    sc.act(take_card(0))
    assert sc.s.deck_shuffles[0] == shuffles + 1
    assert sum(sc.discard()) == 0
    assert Counter(sc.deck() + [sc.row()[5]]) == Counter(moved)
    assert sc.deck() != sorted(sc.deck())  # shuffled, not in kind order
    assert card_total(sc) == Counter({KIND[n]: c for n, c in CARD_COUNTS.items()})


def test_events_affect_only_the_taker_unless_stated():
    """Rulebook:

    "If, during your turn, you choose an Event Card, you must immediately follow the instructions on the card."
    "If the card does not explicitly state that all players are affected, then the effect only applies to the
        player whose turn it is."
    """
    sc = Scenario(3)
    sc.set_store(0, white=2, yellow=3)
    sc.set_store(1, white=5)
    sc.set_store(2, green=4)
    sc.put_row(0, "Storehouse Fire", {})
    sc.refresh()
    sc.act(take_card(0))
    assert sc.phase == EVENT_DISCARD and sc.to_move == 0
    sc.act(brick(YELLOW), brick(YELLOW), brick(WHITE))
    assert sc.store(0) == counts(white=1, yellow=1).tolist()
    assert sc.store(1) == counts(white=5).tolist() and sc.store(2) == counts(green=4).tolist()
    assert sc.discard()[KIND["Storehouse Fire"]] == 1


def test_personnel_one_of_each_name_per_turn_and_discarded_when_played():
    """Rulebook:

    "In any given turn, you may play as many Personnel Cards as you wish, just not two or more cards with the same
        name."
    "Personnel Cards that have been played are put into the discard pile."
    """
    sc = Scenario(2)
    sc.give_hand(0, "Alchemist", 2)
    sc.give_hand(0, "Smuggler")
    sc.set_store(0, white=2)
    sc.set_store(1, red=2)
    sc.refresh()
    sc.act(alchemist(PURPLE))  # the give is forced (white only)
    assert sc.hand(0, "Alchemist") == 1 and sc.discard()[KIND["Alchemist"]] == 1
    assert sc.phase == CHOOSE and not set(ALCHEMISTS) & sc.legal()
    assert smuggle(1, RED) in sc.legal()  # a different name is fine
    sc.act(smuggle(1, RED), brick(WHITE))
    assert sc.store(0) == counts(purple=1, red=1).tolist()
    assert sc.discard()[KIND["Smuggler"]] == 1
    sc.finish_turn(0)
    sc.filler_turn()
    assert sc.turn == 0 and alchemist(WHITE) in sc.legal()  # the second Alchemist: a new turn


def test_personnel_only_in_ones_own_turn():
    """Rulebook:

    "However, it must be during one of your turns."
    """
    sc = Scenario(2)
    sc.give_hand(1, "Alchemist")
    sc.give_hand(1, "Smuggler")
    sc.set_store(0, white=3)
    sc.set_store(1, white=3, yellow=3)
    sc.put_row(0, "Flood", {})
    sc.refresh()
    sc.act(take_card(0))  # player 0 discards 1 (forced), then player 1 decides
    assert sc.phase == EVENT_DISCARD and sc.to_move == 1
    assert sc.legal() <= set(BRICKS)


def test_duplicate_building_is_discarded_and_bricks_kept():
    """Rulebook:

    "You may not possess two identical Buildings."
    "You may draw identical Building Cards, but they must be put in the Discard Deck immediately."
    "(If, for example, you have already played a Workshop, you may take another Workshop from the Card Row but you
        must discard it immediately.)"
    """
    sc = Scenario(2)
    sc.give_building(0, "Workshop")
    sc.set_store(0)
    sc.put_row(0, "Workshop", {"red": 3})
    sc.refresh()
    sc.take(0)
    assert sc.owns(0, "Workshop") and sc.discard()[KIND["Workshop"]] == 1
    assert sc.store(0) == counts(red=3).tolist()
    assert card_total(sc) == Counter({KIND[n]: c for n, c in CARD_COUNTS.items()})


def test_church_card_stays_until_fulfilled_then_discarded():
    """Rulebook:

    "It remains there until its effect is fulfilled."
    "Thereafter, it's placed in the Discard Pile."
    """
    sc = Scenario(2)
    sc.take_blank("Minor Privilege")
    assert KIND["Minor Privilege"] in sc.s.church[0].tolist()
    sc.finish_turn(0)
    sc.filler_turn()
    assert KIND["Minor Privilege"] in sc.s.church[0].tolist()  # nobody fulfilled 5 levels yet


# ---------------------------------------------------------------------------
# Action cards, one by one
# ---------------------------------------------------------------------------


def test_alchemist_swaps_with_the_pouch():
    """Rulebook:

    "You may swap any one Brick from your Storehouse for any one from the Pouch."
    "You may look into the Pouch to find a particular Brick."
    """
    sc = Scenario(2)
    sc.give_hand(0, "Alchemist")
    sc.set_store(0, white=1, yellow=1)
    sc.refresh()
    assert {a for a in sc.legal() if a in ALCHEMISTS} == {alchemist(c) for c in range(6) if sc.pouch()[c] > 0}
    pouch = np.array(sc.pouch())
    sc.act(alchemist(BLUE))
    assert sc.legal() == {brick(WHITE), brick(YELLOW)}  # which brick to give is chosen too
    sc.act(brick(YELLOW))
    assert sc.store(0) == counts(white=1, blue=1).tolist()
    assert sc.pouch() == (pouch + counts(yellow=1) - counts(blue=1)).tolist()


def test_botch_removes_one_brick_from_a_chosen_tower():
    """Rulebook:

    "Choose 1 Tower on your Construction Site."
    "Put one Brick from that Tower in the Pouch."
    """
    sc = Scenario(2)
    sc.add_tower(0, GREEN, 3)
    sc.add_tower(0, RED, 1)
    sc.put_row(0, "Botch", {})
    sc.refresh()
    loose = sc.loose_bricks()
    sc.act(take_card(0))
    assert sc.phase == EVENT_OWN_TOWER and sc.legal() == {select_tower(0), select_tower(1)}
    sc.act(select_tower(1))  # the red tower of 1 disappears
    assert sc.towers(0) == [(GREEN, 3)]
    assert sc.loose_bricks().tolist() == (loose + counts(red=1)).tolist()


def test_collapse_tears_down_a_chosen_tower_entirely():
    """Rulebook:

    "You must tear down 1 Tower on your Construction Site."
    "All of this Tower's Bricks go into the Pouch."
    "If you have no Tower under construction, nothing happens."
    """
    sc = Scenario(2)
    sc.add_tower(0, GREEN, 4)
    sc.add_tower(0, RED, 2)
    sc.put_row(0, "Collapse", {})
    sc.refresh()
    loose = sc.loose_bricks()
    store = sc.store(0)
    sc.act(take_card(0))
    assert sc.phase == EVENT_OWN_TOWER and PASS not in sc.legal()
    sc.act(select_tower(0))
    assert sc.towers(0) == [(RED, 2)] and sc.store(0) == store
    assert sc.loose_bricks().tolist() == (loose + counts(green=4)).tolist()
    # No tower: the card is simply discarded.
    sc2 = Scenario(2)
    sc2.put_row(0, "Collapse", {})
    sc2.add_tower(1, RED, 2)  # another player's tower is safe
    sc2.refresh()
    sc2.act(take_card(0))
    assert sc2.phase != EVENT_OWN_TOWER and sc2.towers(1) == [(RED, 2)]
    assert sc2.discard()[KIND["Collapse"]] == 1


def test_saboteur_takes_a_brick_from_another_players_tower():
    """Rulebook:

    "Choose a Tower of another player."
    "Take one Brick from it and put it in the Pouch."
    """
    sc = Scenario(3)
    sc.give_hand(0, "Saboteur")
    sc.add_tower(0, YELLOW, 3)  # own tower: not a target
    sc.add_tower(1, GREEN, 1)
    sc.add_tower(2, RED, 2)
    sc.add_tower(2, RED, 4)
    sc.add_tower(2, RED, 4)  # the same as the one before: no second choice (symmetry rule, DESIGN §8)
    sc.refresh()
    assert {a for a in sc.legal() if a in SABOTAGES} == {sabotage(1, 0), sabotage(2, 0), sabotage(2, 1)}
    other = sc.copy()
    loose = sc.loose_bricks()
    sc.act(sabotage(2, 1))
    assert sc.towers(2) == [(RED, 2), (RED, 3), (RED, 4)] and sc.towers(1) == [(GREEN, 1)]
    assert sc.towers(0) == [(YELLOW, 3)]
    assert sc.loose_bricks().tolist() == (loose + counts(red=1)).tolist()
    # Played, the card is discarded; the turn goes on.
    assert sc.hand(0, "Saboteur") == 0 and sc.discard()[KIND["Saboteur"]] == 1
    assert sc.phase == CHOOSE and not set(SABOTAGES) & sc.legal()
    # A tower of one brick is gone.
    other.act(sabotage(1, 0))
    assert other.towers(1) == [] and other.loose_bricks().tolist() == (loose + counts(green=1)).tolist()


def test_saboteur_is_personnel_played_in_ones_own_turn():
    """Rulebook:

    "If the card does not explicitly state that all players are affected, then the effect only applies to the
        player whose turn it is."
    "Put Personnel Cards into your hand."
    "You can play them immediately or later, whenever it's your turn."
    "However, it must be during one of your turns."

    The Saboteur acts only on another player: as an event it would affect no one, and like every other
    card named after a person it is personnel (DESIGN_NOTES §13.8).
    """
    sc = Scenario(2)
    sc.give_hand(0, "Patrician")  # an event taken now would raise the Patrician question
    sc.add_tower(1, GREEN, 3)
    sc.set_store(0, white=3)
    sc.put_row(0, "Saboteur", {})
    sc.refresh()
    sc.act(take_card(0))
    # Into the hand at once: no event decision, no Patrician question, nothing happens yet.
    assert sc.phase == EXCHANGE and sc.hand(0, "Saboteur") == 1 and sc.towers(1) == [(GREEN, 3)]
    assert sabotage(1, 0) in sc.legal()  # it may be played immediately ...
    sc.act(PASS)
    assert sc.phase == BUILD and sabotage(1, 0) in sc.legal()  # ... in any phase of the turn ...
    sc.finish_turn(0)  # ... or kept
    assert sc.hand(0, "Saboteur") == 1 and sc.discard()[KIND["Saboteur"]] == 0
    # Not in another player's turn, not even in a decision made out of turn there.
    sc.set_store(0, white=2, yellow=2)
    sc.set_store(1, white=3)
    sc.put_row(0, "Flood", {})
    sc.refresh()
    sc.act(take_card(0))  # player 1 discards 1 (forced), then player 0 decides
    assert sc.phase == EVENT_DISCARD and sc.to_move == 0 and sc.legal() <= set(BRICKS)
    sc.finish_turn(1)
    # Back in one's own turn, it can be played.
    sc.add_tower(1, GREEN, 2)
    sc.refresh()
    assert sc.turn == 0 and sabotage(1, 0) in sc.legal() and sc.hand(0, "Saboteur") == 1


def test_saboteur_needs_another_players_tower():
    """Rulebook:

    "Choose a Tower of another player."
    """
    sc = Scenario(3)
    sc.give_hand(0, "Saboteur")
    sc.add_tower(0, YELLOW, 3)
    sc.set_store(0, white=3)
    sc.refresh()
    assert not set(SABOTAGES) & sc.legal()
    sc.finish_turn(0)
    assert sc.hand(0, "Saboteur") == 1  # kept for a later turn


def test_saboteur_counts_for_the_card_limit_and_may_be_discarded():
    """Rulebook:

    "The Card Limit means you can possess at most 5 Action Cards."
    "All Personnel and Celebration cards in your hand, and all Buildings you have in play count towards this limit."
    "If you have more than 5 Action Cards, you must put enough Personnel and Building Cards in the discard pile
        until you only have 5 cards left."
    "Either you may ignore the effect of an Event Card that you chose during the Choose a card phase of your turn,
        or you may spend the Patrician to discard one card from your hand (e.g., Disgrace or Scandal)."
    """
    sc = Scenario(2)
    for name in ("Saboteur", "Mason", "Fame", "Fame", "Scandal"):
        sc.give_hand(0, name)
    sc.take_blank("Disgrace")  # a sixth card
    sc.pass_until(LIMIT_CARDS)
    assert sc.legal() == {limit_discard("Saboteur"), limit_discard("Mason")}
    sc.act(limit_discard("Saboteur"))
    assert sc.hand(0, "Saboteur") == 0 and sc.hand(0, "Mason") == 1
    assert sc.discard()[KIND["Saboteur"]] == 1 and sc.turn == 1
    # The Patrician may discard it too, like any other hand card.
    sc2 = Scenario(2)
    sc2.give_hand(0, "Patrician")
    sc2.give_hand(0, "Saboteur")
    sc2.refresh()
    sc2.act(patrician_discard("Saboteur"))
    assert sc2.hand(0, "Saboteur") == 0 and sc2.hand(0, "Patrician") == 0
    assert sc2.discard()[KIND["Saboteur"]] == 1 and sc2.discard()[KIND["Patrician"]] == 1


def test_one_saboteur_per_turn():
    """Rulebook:

    "In any given turn, you may play as many Personnel Cards as you wish, just not two or more cards with the same
        name."
    """
    sc = Scenario(2, data={"action_cards": {"cards": cards_with(Saboteur=2, Alchemist=3)}})  # a study's deck
    sc.give_hand(0, "Saboteur", 2)
    sc.add_tower(1, GREEN, 3)
    sc.add_tower(1, RED, 3)
    sc.set_store(0, white=3)
    sc.refresh()
    sc.act(sabotage(1, 0))
    assert sc.hand(0, "Saboteur") == 1 and not set(SABOTAGES) & sc.legal()
    sc.finish_turn(0)
    sc.filler_turn()  # player 1's towers, not extended, are torn down in their turn
    sc.add_tower(1, GREEN, 2)
    sc.refresh()
    assert sc.turn == 0 and sabotage(1, 0) in sc.legal()  # a new turn


def test_smuggler_swaps_with_another_players_storehouse():
    """Rulebook:

    "You can switch one Brick from your Storehouse with one from another player's Storehouse."
    "You can choose both Bricks freely."
    """
    sc = Scenario(3)
    sc.give_hand(0, "Smuggler")
    sc.set_store(0, white=1, yellow=1)
    sc.set_store(1, purple=1, red=1)
    sc.set_store(2, blue=2)
    sc.refresh()
    assert {a for a in sc.legal() if a in SMUGGLES} == {smuggle(1, PURPLE), smuggle(1, RED), smuggle(2, BLUE)}
    sc.act(smuggle(1, PURPLE))
    assert sc.legal() == {brick(WHITE), brick(YELLOW)}
    sc.act(brick(YELLOW))
    assert sc.store(0) == counts(white=1, purple=1).tolist()
    assert sc.store(1) == counts(red=1, yellow=1).tolist() and sc.store(2) == counts(blue=2).tolist()


@pytest.mark.parametrize("taker", [0, 2])
def test_flood_each_player_discards_a_third_rounded_up(taker):
    """Rulebook:

    "All players are affected by this card."
    "Put a third (rounding up) of your Storehouse Bricks in the Pouch."
    "E.g., if you have 4 Bricks in your Storehouse, you have to round the number 1.33 up to 2."
    "You may choose the Bricks' colors at will."
    "The Bricks on the card do not count towards the total, and are not put into the Pouch."
    "The events Tribute, Luxury Tax and Flood make all players discard bricks."
    """
    sc = Scenario(3)
    while sc.turn != taker:
        sc.filler_turn()
    seats = [(taker + i) % 3 for i in range(3)]  # clockwise from the taker
    sc.set_store(seats[0], white=2, yellow=2)  # 4 -> 2 (the card's 3 red bricks are not counted)
    sc.set_store(seats[1], white=3, green=3)  # 6 -> 2
    sc.set_store(seats[2], yellow=5, blue=2)  # 7 -> 3
    sc.put_row(0, "Flood", {"red": 3})
    sc.refresh()
    sc.act(take_card(0))
    deciders = []
    plan = {seats[0]: [WHITE, YELLOW], seats[1]: [GREEN, GREEN], seats[2]: [YELLOW, YELLOW, BLUE]}
    while sc.phase == EVENT_DISCARD:
        p = sc.to_move
        deciders.append(p)
        assert brick(RED) not in sc.legal() or sc.store(p)[RED] > 0
        sc.act(brick(plan[p].pop(0)))
    # Each player decides in turn order, starting with the taker.
    assert deciders == [seats[0]] * 2 + [seats[1]] * 2 + [seats[2]] * 3
    assert [math.ceil(n / 3) for n in (4, 6, 7)] == [2, 2, 3]
    assert sc.store(seats[0]) == counts(white=1, yellow=1, red=3).tolist()
    assert sc.store(seats[1]) == counts(white=3, green=1).tolist()
    assert sc.store(seats[2]) == counts(yellow=3, blue=1).tolist()
    assert sc.to_move == taker and sc.discard()[KIND["Flood"]] == 1


def test_luxury_tax_two_bricks_per_tall_tower_or_tear_down():
    """Rulebook:

    "All players are affected by this card."
    "For every Tower on their Construction Site that has at least 5 Levels, the builder must pay 2 Bricks."
    "The colors of these Bricks don't matter and are unrelated to the colors of the Towers."
    "Any tower for which the builder cannot pay is torn down."
    "Half the Bricks (rounding up) are placed in the Pouch, the other half (rounding down) into the builder's
        Storehouse."
    "You may not tear town a Tower voluntarily, but must pay the tribute if possible."
    """
    sc = Scenario(2)
    sc.add_tower(0, YELLOW, 5)
    sc.add_tower(0, GREEN, 7)
    sc.add_tower(0, RED, 4)  # under 5 levels: untaxed
    sc.set_store(0, white=3)  # pays for one tower only
    sc.add_tower(1, BLUE, 5)
    sc.set_store(1, purple=4)  # pays in full, with no choice
    sc.put_row(0, "Luxury Tax", {})
    sc.refresh()
    loose = sc.loose_bricks()
    sc.act(take_card(0))
    assert sc.phase == EVENT_KEEP_TOWER and sc.to_move == 0
    assert sc.legal() == {select_tower(0), select_tower(1)}  # no PASS: paying is not optional
    sc.act(select_tower(0))  # keep the yellow 5; the 2 white bricks are forced
    assert sc.towers(0) == [(YELLOW, 5), (RED, 4)]
    assert sc.store(0) == counts(white=3 - LUXURY_PER_TOWER, green=3).tolist()
    assert sc.towers(1) == [(BLUE, 5)] and sc.store(1) == counts(purple=4 - LUXURY_PER_TOWER).tolist()
    assert sc.loose_bricks().tolist() == (loose + counts(white=2, green=4, purple=2)).tolist()


def test_tribute_one_brick_of_the_towers_colour_per_tower():
    """Rulebook:

    "All players are affected by this card."
    "For every Tower on their Construction Site, each builder must pay 1 Brick of the Tower's color."
    "Every Tower for which the builder cannot pay is torn down."
    "Put half (rounding up) of the Bricks in the Pouch, and the other half in the builder's Storehouse."
    "You may not tear down a tower voluntarily, but must pay the tribute if able."
    """
    sc = Scenario(2)
    sc.add_tower(0, RED, 2)
    sc.add_tower(0, RED, 4)
    sc.add_tower(0, YELLOW, 3)
    sc.set_store(0, red=1, yellow=2)
    sc.add_tower(1, GREEN, 3)  # no green brick: torn down
    sc.add_tower(1, WHITE, 1)
    sc.set_store(1, white=1)
    sc.put_row(0, "Tribute", {})
    sc.refresh()
    loose = sc.loose_bricks()
    sc.act(take_card(0))
    assert sc.phase == EVENT_KEEP_TOWER and sc.to_move == 0
    assert sc.legal() == {select_tower(0), select_tower(1)}  # which red tower to keep; no PASS
    sc.act(select_tower(1))
    assert sc.towers(0) == [(RED, 4), (YELLOW, 3)]
    assert sc.store(0) == counts(red=1, yellow=1).tolist()  # red: 1 paid, 1 back from the red 2
    assert sc.towers(1) == [(WHITE, 1)] and sc.store(1) == counts(green=1).tolist()
    assert sc.loose_bricks().tolist() == (loose + counts(red=2, yellow=1, white=1, green=2)).tolist()


@pytest.mark.parametrize("n, card, burnt", [(2, 4, 2), (3, 1, 3), (5, 2, 3)])
def test_storehouse_fire(n, card, burnt):
    """Rulebook:

    "You put 3 Bricks from your Storehouse into the Pouch."
    "The colors of the Bricks may be chosen freely."
    "The Bricks on the card may not be used for this."
    "If you have fewer than 3 Bricks, just put all your Bricks in the Pouch."
    """
    sc = Scenario(2)
    sc.set_store(0, white=n - n // 2, yellow=n // 2)
    sc.put_row(0, "Storehouse Fire", {"purple": card})
    sc.refresh()
    sc.act(take_card(0))
    while sc.phase == EVENT_DISCARD:
        assert brick(PURPLE) not in sc.legal()  # the card's bricks are set aside
        sc.act(brick(WHITE) if brick(WHITE) in sc.legal() else brick(YELLOW))
    assert min(n, FIRE_BRICKS) == burnt
    assert sum(sc.store(0)) == n - burnt + card and sc.store(0)[PURPLE] == card


def test_monument_goes_to_the_tallest_tower_even_out_of_turn():
    """Rulebook:

    "If a player chooses this card from the Card Row, determine who has the tallest Tower on their Construction
        Site."
    "This player puts the card in their hand, even if it's not their turn."
    "(One exception is the Monument card, which a player may receive even if it's not their turn.)"
    """
    sc = Scenario(3)
    sc.add_tower(0, YELLOW, 2)
    sc.add_tower(1, GREEN, 4)
    sc.add_tower(1, WHITE, 4)  # two equal towers of one player are no tie
    sc.add_tower(2, RED, 3)
    sc.add_tower(2, RED, 1)
    sc.take_blank("Monument")
    assert [sc.hand(p, "Monument") for p in range(3)] == [0, 1, 0]


def test_monument_tie_goes_to_the_discard_pile():
    """Rulebook:

    "If a tie, no one receives the card; it goes on the Discard Pile."
    """
    sc = Scenario(3)
    sc.add_tower(0, YELLOW, 2)
    sc.add_tower(1, GREEN, 4)
    sc.add_tower(2, RED, 4)
    sc.take_blank("Monument")
    assert [sc.hand(p, "Monument") for p in range(3)] == [0, 0, 0]
    assert sc.discard()[KIND["Monument"]] == 1


def test_patrician_ignores_an_event_for_everyone():
    """Rulebook:

    "This card may be used in 2 different fashions."
    "Either you may ignore the effect of an Event Card that you chose during the Choose a card phase of your turn,
        or you may spend the Patrician to discard one card from your hand (e.g., Disgrace or Scandal)."
    """
    sc = Scenario(2)
    sc.give_hand(0, "Patrician")
    sc.add_tower(0, RED, 2)
    sc.set_store(0, red=1, white=1)
    sc.add_tower(1, YELLOW, 3)
    sc.set_store(1, yellow=2)
    sc.put_row(0, "Tribute", {})
    sc.refresh()
    accepted = sc.copy()  # the same position, accepting the event
    sc.act(take_card(0))
    assert sc.phase == EVENT_PATRICIAN and sc.legal() == {IGNORE_EVENT, PASS}
    accepted.act(take_card(0), PASS)
    sc.act(IGNORE_EVENT)
    assert sc.store(0) == counts(red=1, white=1).tolist() and sc.store(1) == counts(yellow=2).tolist()
    assert sc.hand(0, "Patrician") == 0
    assert sc.discard()[KIND["Patrician"]] == 1 and sc.discard()[KIND["Tribute"]] == 1
    assert accepted.store(0) == counts(white=1).tolist() and accepted.store(1) == counts(yellow=1).tolist()


# Events that would change nothing, each with the one change that gives it an effect.
NO_EFFECT = {
    # own towers: none (another player's tower is not touched)
    "Botch": ({"towers": [(1, RED, 3)], "stores": {0: {"white": 2}}}, {"towers": [(0, RED, 2)]}),
    "Collapse": ({"towers": [(1, RED, 3)], "stores": {0: {"white": 2}}}, {"towers": [(0, RED, 2)]}),
    # no tower on any site
    "Tribute": ({"stores": {0: {"red": 2}, 1: {"green": 3}}}, {"towers": [(1, GREEN, 1)]}),
    # no tower of 5 levels or more
    "Luxury Tax": ({"towers": [(0, RED, 4), (1, GREEN, 4)], "stores": {0: {"white": 4}}}, {"towers": [(1, BLUE, 5)]}),
    # no storehouse brick anywhere (the card's own bricks do not count)
    "Flood": ({"stores": {0: {}, 1: {}}, "card": {"red": 3}}, {"stores": {1: {"green": 1}}}),
    # none in the taker's storehouse; the other player's are safe
    "Storehouse Fire": ({"stores": {0: {}, 1: {"white": 4}}, "card": {"red": 3}}, {"stores": {0: {"yellow": 1}}}),
}  # fmt: skip


def _event_position(event: str, *parts: dict) -> Scenario:
    """Player 0 holds a Patrician, ``event`` is in row slot 0; ``parts`` place towers and storehouses
    (not refreshed yet: with an empty storehouse the free card is taken at once)."""
    sc = Scenario(2)
    sc.give_hand(0, "Patrician")
    card = {}
    for part in parts:
        for seat, colour, height in part.get("towers", []):
            sc.add_tower(seat, colour, height)
        for seat, store in part.get("stores", {}).items():
            sc.set_store(seat, **store)
        card = part.get("card", card)
    sc.put_row(0, event, card)
    return sc


@pytest.mark.parametrize("event", list(NO_EFFECT))
def test_patrician_is_not_offered_against_an_event_without_effect(event):
    """Rulebook:

    "Either you may ignore the effect of an Event Card that you chose during the Choose a card phase of your turn,
        or you may spend the Patrician to discard one card from your hand (e.g., Disgrace or Scandal)."
    "If you have no Tower under construction, nothing happens."
    "For every Tower on their Construction Site, each builder must pay 1 Brick of the Tower's color."
    "For every Tower on their Construction Site that has at least 5 Levels, the builder must pay 2 Bricks."
    "The Bricks on the card do not count towards the total, and are not put into the Pouch."
    "If you have fewer than 3 Bricks, just put all your Bricks in the Pouch."

    An event that would change nothing has no effect to ignore: the question is not asked (DESIGN_NOTES
    §13.5), and the Patrician stays in hand.
    """
    nothing, something = NO_EFFECT[event]
    sc = _event_position(event, nothing)
    towers = [sc.towers(p) for p in range(2)]
    stores = [sc.store(p) for p in range(2)]
    card = sc.s.row_bricks[0, 0].copy()
    sc.refresh()
    sc.take(0)
    assert sc.phase != EVENT_PATRICIAN and sc.hand(0, "Patrician") == 1
    assert sc.discard()[KIND[event]] == 1 and sc.discard()[KIND["Patrician"]] == 0
    assert [sc.towers(p) for p in range(2)] == towers
    assert sc.store(0) == (np.array(stores[0]) + card).tolist() and sc.store(1) == stores[1]
    # The same position with one change that gives the event an effect: the question is asked.
    asked = _event_position(event, nothing, something)
    asked.refresh()
    asked.take(0)
    assert asked.phase == EVENT_PATRICIAN and asked.legal() == {IGNORE_EVENT, PASS}


def test_patrician_discards_a_hand_card():
    """Rulebook:

    "Either you may ignore the effect of an Event Card that you chose during the Choose a card phase of your turn,
        or you may spend the Patrician to discard one card from your hand (e.g., Disgrace or Scandal)."
    "(Only the Patrician card allows you to discard Celebration Cards.)"
    """
    sc = Scenario(2)
    sc.give_hand(0, "Patrician")
    sc.give_hand(0, "Scandal")
    sc.refresh()
    assert patrician_discard("Scandal") in sc.legal() and patrician_discard("Patrician") not in sc.legal()
    sc.act(patrician_discard("Scandal"))
    assert sc.hand(0, "Scandal") == 0 and sc.hand(0, "Patrician") == 0
    assert sc.discard()[KIND["Scandal"]] == 1 and sc.discard()[KIND["Patrician"]] == 1


def test_princess_waives_the_card_cost():
    """Rulebook:

    "Play this card during the Choose a card phase."
    "You must pay no Card Cost this turn when you choose a card from the Card Row."
    """
    sc = Scenario(2)
    sc.give_hand(0, "Princess")
    sc.set_store(0)
    sc.put_row(5, "Fame", {"blue": 1})
    sc.refresh()
    assert sc.legal() == {take_card(0), PLAY_PRINCESS}
    bricks = sc.s.row_bricks[0, :5].copy()
    sc.act(PLAY_PRINCESS)
    assert {take_card(s) for s in range(6)} <= sc.legal()
    sc.act(take_card(5))
    assert sc.hand(0, "Fame") == 1 and sc.store(0) == counts(blue=1).tolist()
    assert (sc.s.row_bricks[0, :5] == bricks).all()  # nothing paid onto the other cards
    assert sc.hand(0, "Princess") == 0 and PLAY_PRINCESS not in sc.legal()


def test_princess_only_in_the_choose_phase():
    """Rulebook:

    "Play this card during the Choose a card phase."
    """
    sc = Scenario(2)
    sc.give_hand(0, "Princess")
    sc.set_store(0, white=4)
    sc.to_build("Fame")
    assert PLAY_PRINCESS not in sc.legal() and sc.hand(0, "Princess") == 1


def test_renaissance_shuffles_deck_and_discard_pile_with_itself():
    """Rulebook:

    "Shuffle the Discard Pile and the Deck together (not the Card Row!), and use the result as your new Deck."
    "The Renaissance card must be shuffled in as well."
    "Then, refill the Card Row from the new Deck."
    """
    sc = Scenario(2)
    sc.to_discard("Scandal", "Tribute", "Mason")
    sc.put_row(0, "Renaissance", {})
    sc.refresh()
    pool = Counter(sc.deck()) + Counter({KIND[n]: 1 for n in ("Scandal", "Tribute", "Mason", "Renaissance")})
    row, row_bricks = sc.row(), sc.s.row_bricks[0].copy()
    shuffles = int(sc.s.deck_shuffles[0])
    sc.act(take_card(0))
    assert sc.s.deck_shuffles[0] == shuffles + 1
    assert sum(sc.discard()) == 0
    assert sc.row()[:5] == row[1:] and (sc.s.row_bricks[0, :5] == row_bricks[1:]).all()
    assert Counter(sc.deck() + [sc.row()[5]]) == pool


def test_wholesaler_redraws_a_cards_bricks():
    """Rulebook:

    "Play this card during either the Choose a card or the Exchange Bricks phase."
    "Choose one card from the Card Row and note the number of Bricks on it."
    "Place all of that card's Bricks in the Pouch and shuffle the Pouch."
    "Draw the same number of Bricks from the Pouch and put them back on the card."
    "You are not required to choose this card during the Choose a card phase."
    """
    sc = Scenario(2)
    sc.give_hand(0, "Wholesaler")
    sc.set_store(0, white=5)
    sc.set_row_bricks(2, {"white": 2, "yellow": 1})
    sc.set_row_bricks(4, {})
    sc.refresh()
    assert wholesale(2) in sc.legal() and wholesale(4) not in sc.legal()  # a card with no bricks: no target
    together = np.array(sc.pouch()) + sc.s.row_bricks[0, 2]
    draws = int(sc.s.pouch_draws[0])
    sc.act(wholesale(2))
    assert sc.s.row_bricks[0, 2].sum() == 3 and sc.s.pouch_draws[0] == draws + 3
    assert (np.array(sc.pouch()) + sc.s.row_bricks[0, 2]).tolist() == together.tolist()
    assert sc.phase == CHOOSE and take_card(3) in sc.legal()  # any card may be taken afterwards
    # In the Exchange phase too, but not in the Build phase.
    sc2 = Scenario(2)
    sc2.give_hand(0, "Wholesaler")
    sc2.set_store(0, white=5)
    sc2.take_blank("Fame")
    assert sc2.phase == EXCHANGE and set(WHOLESALES) & sc2.legal()
    sc2.act(PASS)
    assert sc2.phase == BUILD and not set(WHOLESALES) & sc2.legal()


@pytest.mark.parametrize("name, height, pp", [(n, h, pp) for n, (h, pp) in PRIVILEGES.items()])
def test_privilege_cards_reward_the_next_fulfilment_of_their_height(name, height, pp):
    """Rulebook:

    "This card remains face up on a Church space until a player fulfills a commission of exactly 7 Levels."
    "This card remains face up on a Church space until a player fulfills a commission of exactly 5 Levels."
    "This card remains face up on a Church space until a player fulfills a commission of exactly 6 Levels."
    "This player then immediately receives an additional 4 Prestige Points."
    "This player then immediately receives an additional 2 Prestige Points."
    "This player then immediately receives an additional 3 Prestige Points."
    "Then place the card on the Discard Pile."
    """
    sc = Scenario(2)
    sc.add_tower(1, YELLOW, height - 1)
    sc.set_store(1, yellow=1)
    sc.take_blank(name)  # player 0 places it on a church space
    assert KIND[name] in sc.s.church[0].tolist()
    sc.finish_turn(0)
    to_fulfill(sc, [build_on(0)], blank="Mason")  # player 1 reaches exactly `height`
    sc.act(fulfill(0))
    assert prestige(sc) == [0, commission_value(YELLOW, height) + LEVEL_TILE_BONUS[height] + pp]
    assert KIND[name] not in sc.s.church[0].tolist() and sc.discard()[KIND[name]] == 1


def test_privilege_needs_exactly_its_height():
    """Rulebook:

    "This card remains face up on a Church space until a player fulfills a commission of exactly 6 Levels."
    """
    sc = Scenario(2)
    sc.add_tower(0, YELLOW, 4)
    sc.set_store(0, yellow=1)
    to_fulfill(sc, [build_on(0)], blank="Privilege")
    sc.act(fulfill(0))  # 5 levels: not 6
    assert prestige(sc)[0] == commission_value(YELLOW, 5) + LEVEL_TILE_BONUS[5]
    assert KIND["Privilege"] in sc.s.church[0].tolist()


def test_campanile_bell_tower_before_other_commissions():
    """Rulebook:

    "If a player chooses the Campanile card from the Card Row, they place it (like with all Church cards) onto one
        of the Church spaces on the Game Board."
    "Then, all players must build a bell tower out of 3 white Bricks."
    "Until a player's bell tower is finished, they may not fulfill any other Commissions!"
    "Nevertheless, you must keep adding to any Towers under construction or tear them down as abandoned."
    "Upon finishing the bell tower, players place the white Bricks back in the Pouch during the Fulfill
        Commissions phase and put their small Seal on the Campanile card."
    "They may immediately execute other commissions-even in the same turn."
    "The card remains on the Game Board until every player has placed his small Seal on it."
    "Then, everyone takes their small Seal back, and the card is placed on the Discard Pile."
    """
    sc = Scenario(2)
    sc.add_tower(0, WHITE, 2)
    sc.add_tower(0, YELLOW, 3)
    sc.add_tower(0, RED, 2)  # abandoned: torn down as usual
    sc.set_store(0, white=1, yellow=1)
    sc.add_tower(1, WHITE, 2)
    sc.set_store(1, white=1)
    to_fulfill(sc, [build_on(0), build_on(1)], blank="Campanile")  # white 3, yellow 4
    assert KIND["Campanile"] in sc.s.church[0].tolist()
    assert sc.towers(0) == [(WHITE, 3), (YELLOW, 4)] and sc.store(0)[RED] == 1
    assert BELL_TOWER in sc.legal() and not set(FULFILLS) & sc.legal()  # white 3 and yellow 4 both blocked
    pouch = np.array(sc.pouch())
    sc.act(BELL_TOWER)
    assert sc.s.campanile_sealed[0].tolist() == [True, False]
    assert sc.towers(0) == [(YELLOW, 4)] and sc.pouch() == (pouch + counts(white=3)).tolist()
    assert sc.s.seals_left[0, 0] == SEALS[2] and prestige(sc)[0] == 0  # no seal, no prestige for the bell
    sc.act(fulfill(0))  # the same turn
    assert prestige(sc)[0] == commission_value(YELLOW, 4)
    sc.finish_turn(0)
    assert KIND["Campanile"] in sc.s.church[0].tolist()  # player 1 has not built theirs
    to_fulfill(sc, [build_on(0)], blank="Mason")
    sc.act(BELL_TOWER)
    assert KIND["Campanile"] not in sc.s.church[0].tolist()
    assert sc.discard()[KIND["Campanile"]] == 1 and not sc.s.campanile_sealed[0].any()


def test_auto_discard_option_flood():
    """Rulebook:

    "The events Tribute, Luxury Tax and Flood make all players discard bricks."
    "In the online implementation this is done automatically by the system for a more fluid gameplay."
    "The automatic discard algorithm will discard first those bricks where the user is currently not building a
        tower and of those it will discard the cheapest (white, ...)."
    """
    sc = Scenario(2, auto_discard=True)
    sc.set_store(0, green=2, purple=1)  # 3 -> 1: green (cheaper than purple)
    sc.add_tower(1, WHITE, 1)
    sc.set_store(1, white=2, yellow=2, red=2)  # 6 -> 2: not white (a white tower stands), yellow before red
    sc.put_row(0, "Flood", {})
    sc.refresh()
    sc.act(take_card(0))
    assert sc.to_move == 0 and sc.phase not in range(2, 8)  # nobody was asked
    assert sc.store(0) == counts(green=1, purple=1).tolist()
    assert sc.store(1) == counts(white=2, red=2).tolist()


def test_auto_discard_option_tribute_pays_for_the_tallest_tower():
    """Rulebook:

    "The automatic discard algorithm will discard first those bricks where the user is currently not building a
        tower and of those it will discard the cheapest (white, ...)."
    """
    # Which tower survives when short is not in the rules: the data reconstructs "tallest first".
    assert "tallest" in DATA["auto_discard"]["tower_priority_when_short"]["rule"]
    sc = Scenario(2, auto_discard=True)
    sc.add_tower(1, RED, 2)
    sc.add_tower(1, RED, 4)
    sc.set_store(1, red=1)
    sc.put_row(0, "Tribute", {})
    sc.refresh()
    sc.act(take_card(0))
    assert sc.to_move == 0 and sc.phase not in range(2, 8)
    assert sc.towers(1) == [(RED, 4)] and sc.store(1) == counts(red=1).tolist()


def test_without_the_campanile():
    """Rulebook:

    "If this is your first time playing Firenze, we recommend that you do not use the Campanile Action Card."
    "Take it out of the deck and put it back in the box."
    """
    game = florentine_envs.make("firenze", num_players=3, campanile=False)
    state = game.init(np.arange(16))
    for b in range(16):
        cards = Counter(state.deck[b, state.deck_pos[b] : state.deck_len[b]].tolist() + state.row_card[b].tolist())
        assert sum(cards.values()) == sum(CARD_COUNTS.values()) - 1 and KIND["Campanile"] not in cards
    rng = np.random.default_rng(5)
    for _ in range(400):
        assert not state.legal_action_mask[:, BELL_TOWER].any()
        mask = state.legal_action_mask
        actions = np.where(mask.any(1), (rng.random(mask.shape) * mask).argmax(1), 0)
        game.step(state, actions)
    game.check_invariants(state)


def test_only_the_first_last_seal_earns_the_bonus():
    """Rulebook:

    "The first player who places their last Seal on the Game board, receives a bonus of 5 Prestige Points as a
        reward."
    """
    sc = Scenario(2)
    for colour, height in [(YELLOW, 3), (YELLOW, 4), (GREEN, 3), (GREEN, 4), (RED, 3), (RED, 4), (BLUE, 3),
                           (BLUE, 4)]:  # fmt: skip
        sc.own_commission(0, colour, height)
    for colour, height in [(WHITE, 3), (WHITE, 4), (PURPLE, 3), (PURPLE, 4), (YELLOW, 6), (YELLOW, 7),
                           (GREEN, 6), (GREEN, 7)]:  # fmt: skip
        sc.own_commission(1, colour, height)
    sc.s.level_tile_taken[0, 1:3] = True  # 6- and 7-level commissions are sealed
    sc.add_tower(0, YELLOW, 4)
    sc.set_store(0, yellow=1)
    sc.add_tower(1, GREEN, 4)
    sc.set_store(1, green=1)
    sc.refresh()
    to_fulfill(sc, [build_on(0)], blank="Mason")
    sc.act(fulfill(0))  # seat 0: yellow 5, its last seal
    assert prestige(sc)[0] == commission_value(YELLOW, 5) + LEVEL_TILE_BONUS[5] + END_BONUS
    sc.finish_turn(0)
    to_fulfill(sc, [build_on(0)], blank="Mason")
    sc.act(fulfill(0))  # seat 1: green 5, also its last seal, but second
    assert prestige(sc)[1] == commission_value(GREEN, 5)
    assert sc.s.end_trigger[0] == 0
    sc.finish_turn(1)
    assert sc.s.terminated[0]


def test_card_bricks_join_the_storehouse_before_a_tribute():
    """Rulebook:

    "Now take the chosen Card along with the Bricks on top of it on the Game Board."
    "Place the Bricks in your Storehouse."
    "For every Tower on their Construction Site, each builder must pay 1 Brick of the Tower's color."
    """
    # DESIGN_NOTES §13.1: only Flood and Storehouse Fire set the card's bricks aside.
    sc = Scenario(2)
    sc.add_tower(0, RED, 3)
    sc.set_store(0)
    sc.put_row(0, "Tribute", {"red": 1, "white": 1})
    sc.refresh()
    sc.take(0)
    assert sc.towers(0) == [(RED, 3)] and sc.store(0) == counts(white=1).tolist()


def test_card_limit_of_exactly_five_discards_nothing():
    """Rulebook:

    "The Card Limit means you can possess at most 5 Action Cards."
    """
    sc = Scenario(2)
    for name in ("Mason", "Architect", "Fame"):
        sc.give_hand(0, name)
    sc.give_building(0, "Workshop")
    sc.set_store(0)
    sc.take_blank("Alchemist")  # the fifth card
    sc.finish_turn(0)
    assert sc.turn == 1 and sum(sc.s.hand[0, 0].tolist()) == 4 and sc.owns(0, "Workshop")


# ---------------------------------------------------------------------------
# Rules that hold at every step of random play
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_play_keeps_the_rules(num_players):
    """Rulebook:

    "Each Commission may only be executed once."
    "Only the player whose turn it is may act."
    "The Storehouse Limit means you may have at most 10 Bricks in your Storehouse."
    "The Card Limit means you can possess at most 5 Action Cards."
    "You may add on at most 6 Bricks per turn."
    "Beginning with the Starting Player, each player takes a turn in clockwise order."
    """
    P, B = num_players, 8
    game = florentine_envs.make("firenze", num_players=P, max_turns=25 * P)
    state = game.init(np.arange(50, 50 + B))
    rng = np.random.default_rng(P)
    personnel = np.array([t == "personnel" for t in KIND_TYPE])
    for _ in range(20_000):
        if state.terminated.all():
            break
        before = state.copy()
        mask = state.legal_action_mask
        game.step(state, np.where(mask.any(1), (rng.random(mask.shape) * mask).argmax(1), 0))
        for b in np.flatnonzero(~before.terminated):
            # Bricks and cards are conserved (the rulebook's component counts).
            towers = np.zeros(6, int)
            np.add.at(
                towers,
                state.tower_colour[b][state.tower_colour[b] >= 0],
                state.tower_height[b][state.tower_colour[b] >= 0],
            )
            placed = state.pouch[b] + state.storehouse[b].sum(0) + state.aside[b] + state.row_bricks[b].sum(0) + towers
            assert placed.tolist() == BRICK_COUNTS
            # A seal, once placed, stays; seals placed + seals left = the allotment.
            sealed = before.commission_owner[b] != -1
            assert (state.commission_owner[b][sealed] == before.commission_owner[b][sealed]).all()
            for p in range(P):
                assert (state.commission_owner[b] == p).sum() + state.seals_left[b, p] == SEALS[P]
            assert (state.prestige[b] >= before.prestige[b]).all()
            assert state.bricks_built[b] <= MAX_BUILD
            # Outside event decisions, only the turn player decides.
            if state.phase[b] not in (EVENT_DISCARD, EVENT_KEEP_TOWER, EVENT_PAY) and not state.terminated[b]:
                assert state.current_player[b] == state.turn_player[b]
            # A finished turn passes clockwise, within the limits.
            t = int(before.turn_player[b])
            if state.turn_player[b] != t or state.terminated[b]:
                if not state.terminated[b]:
                    assert state.turn_player[b] == (t + 1) % P
                warehouse, buildings = state.buildings[b, t, 1], int(state.buildings[b, t].sum())
                limit = WAREHOUSE_STORE_LIMIT if warehouse else STORE_LIMIT
                assert state.storehouse[b, t].sum() <= limit
                hand = state.hand[b, t].copy()
                # A Monument may reach them out of turn in the same step (a forced take of the next
                # player); their card limit counts it at the end of their next turn (DESIGN §13.7).
                monument = KIND["Monument"]
                hand[monument] = min(hand[monument], before.hand[b, t, monument])
                if not warehouse:
                    # Over the limit only with celebrations alone.
                    held = int(hand.sum()) + buildings
                    assert held <= CARD_LIMIT or (hand[personnel].sum() == 0 and buildings == 0)
    assert state.terminated.all()


def test_luxury_tax_with_nothing_to_pay_tears_down_every_tall_tower():
    """Rulebook:

    "Any tower for which the builder cannot pay is torn down."
    "Half the Bricks (rounding up) are placed in the Pouch, the other half (rounding down) into the builder's
        Storehouse."
    """
    sc = Scenario(2)
    sc.add_tower(1, GREEN, 6)
    sc.add_tower(1, YELLOW, 5)
    sc.set_store(1, white=1)  # one brick: not enough for 2
    sc.put_row(0, "Luxury Tax", {})
    sc.refresh()
    loose = sc.loose_bricks()
    sc.take(0)
    assert sc.towers(1) == [] and sc.store(1) == counts(white=1, green=3, yellow=2).tolist()
    assert sc.loose_bricks().tolist() == (loose + counts(green=3, yellow=3)).tolist()


def test_ignoring_an_event_uses_the_turns_patrician():
    """Rulebook:

    "In any given turn, you may play as many Personnel Cards as you wish, just not two or more cards with the same
        name."
    "Either you may ignore the effect of an Event Card that you chose during the Choose a card phase of your turn,
        or you may spend the Patrician to discard one card from your hand (e.g., Disgrace or Scandal)."
    """
    sc = Scenario(2)
    sc.give_hand(0, "Patrician", 2)
    sc.give_hand(0, "Scandal")
    sc.set_store(0, white=3)
    sc.put_row(0, "Botch", {})
    sc.add_tower(0, RED, 2)
    sc.refresh()
    assert patrician_discard("Scandal") in sc.legal()
    sc.act(take_card(0), IGNORE_EVENT)
    assert sc.towers(0) == [(RED, 2)] and sc.hand(0, "Patrician") == 1
    assert sc.phase == EXCHANGE and patrician_discard("Scandal") not in sc.legal()


def test_bell_tower_needs_exactly_three_white_bricks():
    """Rulebook:

    "Then, all players must build a bell tower out of 3 white Bricks."
    """
    sc = Scenario(2)
    sc.add_tower(0, WHITE, 3)
    sc.add_tower(0, YELLOW, 2)
    sc.set_store(0, white=1, yellow=1, purple=1)  # the purple brick is left for the Alchemist
    sc.give_hand(0, "Architect")
    sc.give_hand(0, "Alchemist")  # keeps the Fulfill phase open
    to_fulfill(sc, [build_on(0), build_on(1)], blank="Campanile")  # white 4, yellow 3
    assert BELL_TOWER not in sc.legal() and not set(FULFILLS) & sc.legal()
    sc.act(PLAY_ARCHITECT)
    assert sc.phase == FULFILL  # no help: the Architect changes commissions, not the bell tower (DESIGN §13.13)
    assert BELL_TOWER not in sc.legal() and not set(FULFILLS) & sc.legal()
    assert sc.s.campanile_sealed[0].tolist() == [False, False]
