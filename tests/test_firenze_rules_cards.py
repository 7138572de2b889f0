"""Firenze rule-scenario tests: the action cards: their general rules and each card (the events in _events).

Every test quotes, in its docstring, the rulebook sentence(s) it checks (``shared/rules/firenze.txt``);
``test_firenze_rules_coverage.py`` holds the quotes to the rulebook and checks that every rule sentence
is quoted by a test of some part. Positions come from ``tests/firenze_scenarios.py``; the rulebook's
literals and shared helpers from ``tests/firenze_rules_text.py``.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from firenze_rules_text import (
    CARD_COUNTS,
    FIRE_BRICKS,
    LUXURY_PER_TOWER,
    card_total,
)
from firenze_scenarios import (
    ALCHEMISTS,
    BLUE,
    BRICKS,
    BUILD,
    CHOOSE,
    EVENT_DISCARD,
    EVENT_KEEP_TOWER,
    EVENT_OWN_TOWER,
    EVENT_PATRICIAN,
    EXCHANGE,
    GREEN,
    IGNORE_EVENT,
    KIND,
    LIMIT_CARDS,
    PASS,
    PURPLE,
    RED,
    SABOTAGES,
    SMUGGLES,
    WHITE,
    YELLOW,
    Scenario,
    alchemist,
    brick,
    cards_with,
    counts,
    limit_discard,
    patrician_discard,
    sabotage,
    select_tower,
    smuggle,
    take_card,
)

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
