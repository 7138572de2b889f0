"""Firenze rule-scenario tests: the event cards, each with the one change that gives it an effect.

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
    CARD_COUNTS,
    END_BONUS,
    PRIVILEGES,
    SEALS,
    commission_value,
    prestige,
    to_fulfill,
)
from firenze_scenarios import (
    BELL_TOWER,
    BLUE,
    BUILD,
    CHOOSE,
    DATA,
    EVENT_PATRICIAN,
    EXCHANGE,
    FULFILLS,
    GREEN,
    IGNORE_EVENT,
    KIND,
    LEVEL_TILE_BONUS,
    PASS,
    PLAY_PRINCESS,
    PURPLE,
    RED,
    WHITE,
    WHOLESALES,
    YELLOW,
    Scenario,
    build_on,
    counts,
    fulfill,
    patrician_discard,
    take_card,
    wholesale,
)

import florentine_envs

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
