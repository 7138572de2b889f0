"""Firenze rule-scenario tests: the end of the game and the final scoring.

Every test quotes, in its docstring, the rulebook sentence(s) it checks (``shared/rules/firenze.txt``);
``test_firenze_rules_coverage.py`` holds the quotes to the rulebook and checks that every rule sentence
is quoted by a test of some part. Positions come from ``tests/firenze_scenarios.py``; the rulebook's
literals and shared helpers from ``tests/firenze_rules_text.py``.
"""

from __future__ import annotations

import pytest
from firenze_rules_text import (
    CELEBRATION_PP,
    END_BONUS,
    commission_value,
    prestige,
    to_fulfill,
)
from firenze_scenarios import (
    BLUE,
    GAME_OVER,
    GREEN,
    MAJORITY,
    PURPLE,
    RED,
    WHITE,
    YELLOW,
    Scenario,
    build_on,
    fulfill,
)

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
