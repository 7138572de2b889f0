"""Firenze rule-scenario tests: a turn's first four phases: choose a card, exchange bricks, build towers, tear down.

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
    BOTH_DISCOUNT,
    BRICKS_PER_CARD,
    BRIDGE_GIVE,
    BUILD_COST,
    CARD_COST,
    CARD_COUNTS,
    CHURCH_SPACES,
    EXCHANGE_GIVE,
    MASON_DISCOUNT,
    MAX_BUILD,
    WORKSHOP_DISCOUNT,
    card_total,
    construction_cost,
)
from firenze_scenarios import (
    BLUE,
    BUILD,
    CHOOSE,
    EXCHANGE,
    EXCHANGE_PAY,
    EXCHANGES,
    FULFILL,
    GREEN,
    KIND,
    KIND_TYPE,
    KINDS,
    PASS,
    PAY_BUILD_COST,
    PAY_CARD_COST,
    PLAY_MASON,
    PURPLE,
    RED,
    WHITE,
    YELLOW,
    Scenario,
    alchemist,
    brick,
    build_on,
    counts,
    exchange,
    start_tower,
    take_card,
)

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
