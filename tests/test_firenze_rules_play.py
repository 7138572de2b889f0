"""Firenze rule-scenario tests: rules that hold at every step of random play, and edge cases of several rules.

Every test quotes, in its docstring, the rulebook sentence(s) it checks (``shared/rules/firenze.txt``);
``test_firenze_rules_coverage.py`` holds the quotes to the rulebook and checks that every rule sentence
is quoted by a test of some part. Positions come from ``tests/firenze_scenarios.py``; the rulebook's
literals and shared helpers from ``tests/firenze_rules_text.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
from firenze_rules_text import (
    BRICK_COUNTS,
    CARD_LIMIT,
    MAX_BUILD,
    SEALS,
    STORE_LIMIT,
    WAREHOUSE_STORE_LIMIT,
    to_fulfill,
)
from firenze_scenarios import (
    BELL_TOWER,
    EVENT_DISCARD,
    EVENT_KEEP_TOWER,
    EVENT_PAY,
    EXCHANGE,
    FULFILL,
    FULFILLS,
    GREEN,
    IGNORE_EVENT,
    KIND,
    KIND_TYPE,
    PLAY_ARCHITECT,
    RED,
    WHITE,
    YELLOW,
    Scenario,
    build_on,
    counts,
    patrician_discard,
    take_card,
)

import florentine_envs

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
