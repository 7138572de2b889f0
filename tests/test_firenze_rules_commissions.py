"""Firenze rule-scenario tests: fulfilling commissions, the level bonus and the limits.

Every test quotes, in its docstring, the rulebook sentence(s) it checks (``shared/rules/firenze.txt``);
``test_firenze_rules_coverage.py`` holds the quotes to the rulebook and checks that every rule sentence
is quoted by a test of some part. Positions come from ``tests/firenze_scenarios.py``; the rulebook's
literals and shared helpers from ``tests/firenze_rules_text.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
from firenze_rules_text import (
    CARD_LIMIT,
    SEALS,
    STORE_LIMIT,
    WAREHOUSE_STORE_LIMIT,
    cid,
    commission_value,
    prestige,
    to_fulfill,
)
from firenze_scenarios import (
    BALCONY,
    FULFILLS,
    GREEN,
    KIND,
    LEVEL_TILE_BONUS,
    LIMIT_BRICKS,
    LIMIT_CARDS,
    PASS,
    PLAY_ARCHITECT,
    RED,
    WHITE,
    YELLOW,
    Scenario,
    brick,
    build_on,
    counts,
    fulfill,
    limit_discard,
)

# ---------------------------------------------------------------------------
# 5) Fulfill Commissions
# ---------------------------------------------------------------------------


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
