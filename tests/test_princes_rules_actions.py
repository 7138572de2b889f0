"""Rulebook scenario tests for The Princes of Florence (batched engine), part 3: the action
phase -- its turns, completing a Work (the Poet example), the payment, and earning Money.

Conventions as in part 1 (``test_princes_rules_auction.py``).
"""

from __future__ import annotations

import numpy as np
from princes_rules_text import quote_meta_test
from princes_scenarios import (
    act,
    build,
    clear_hand,
    end_action_phase,
    furnish,
    give_card,
    give_profession,
    landscape,
    legal_names,
    new_game,
    place_first,
    set_money,
    start_turn,
    work_value,
)

from florentine_envs.games.princes.constants import (
    DECK_BONUS,
    PH_ACTION,
    PH_AUCTION_CHOOSE,
    PH_KEEP,
    PH_ORDER,
    PH_PLACE,
    PH_WORK_BONUS,
    PH_WORK_PAY,
)

G0 = np.array([0])
MINIMUM = [7, 10, 12, 14, 15, 16, 17]  # the round / minimum table
LANDSCAPE, FREEDOM, BUILDING, JESTER, CARD = 3, 3, 4, 2, 1  # "add 3", "add 3", "add 4", "add 2", "add 1"
FLORIN_PER_POINT = 1  # "100 Florin per 🏆"
FLORIN_PER_FAME = 2  # "For every 200 Florin you don't take, earn 1 👑"

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def pay_fame(game, st, n: int) -> None:
    """Finish a pending work: no (more) Bonus cards, then n fame and the rest as money."""
    if st.phase[0] == PH_WORK_BONUS:
        act(game, st, "done")
    act(game, st, f"fame_{n}")


def poet_position():
    """The Poet example: round 3, Travel, a Theater, 2 Jesters, and cards worth 4 with the Poet.

    The example's text lists "4 Profession cards ... and a Recruiting card" (five cards) but its
    sum counts 4 for them: the example miscounts (DN D37). Its arithmetic (15, 7 fame, 100 Florin)
    is reproduced with the four cards its count stands for (3 Professions with the Poet, and the
    Recruiting card); ``test_poet_example_five_cards_count_five`` checks the five it lists."""
    game, st = new_game(3, start=0)
    alexandra = 0
    clear_hand(game, st, alexandra)
    for name in ("Poet", "Lawyer"):
        give_profession(game, st, alexandra, name)
    give_profession(game, st, alexandra, "Sculptor", table=True)
    build(game, st, alexandra, "Theater")
    furnish(game, st, alexandra, jesters=2, freedoms=("Travel",), hand_recruit=1)
    start_turn(game, st, alexandra, round_index=2)
    return game, st


def test_poet_work_scoring_example():
    """Rulebook:

    "Work scoring example:"
    "In round 3 (minimum 🏆 = 12), Alexandra chooses to complete a Work with a Poet."
    "She places the Poet Profession card from her hand faceup onto the table next to her Player board."
    "In her Principality, she has a Travel Freedom, a Theater, and 2 Jesters."
    "She also has 4 Profession cards (including the Poet she just played) and a Recruiting card on the table and in her hand."
    "She has no Lake in her Principality and plays no Bonus cards."
    "She calculates her 🏆 as follows:"
    "Landscape: ..... 0 🏆"
    "Freedom: ..... 3 🏆"
    "Building: ..... 4 🏆"
    "Jesters: ..... 4 🏆"
    "Profession and Recruiting Cards: ..... 4 🏆"
    "Bonus Cards: ..... 0 🏆"
    "Total: ..... 15 🏆"
    "She places her Pawn on space 15 of the Fame track."
    "Alexandra could take 1500 Florin from the Bank, but she decides she does not need the Money at this time and so exchanges as much Money as possible from the Work for Prestige Points (👑): She takes 100 Florin from the Bank and moves her scoring Fame disk 7 spaces along the Fame track."
    "For every 200 Florin you don't take, earn 1 👑 instead."
    "The Bank pays 100 Florin per 🏆 (e.g. 15 🏆 → 1500 Florin)."
    """
    game, st = poet_position()
    assert game.observe(st, G0)[0, game.obs_layout["minimum"]][0] == 12  # round 3's minimum
    money, fame = int(st.money[0, 0]), int(st.fame[0, 0])
    act(game, st, "profession_Poet")
    assert st.phase[0] in (PH_WORK_BONUS, PH_WORK_PAY)
    if st.phase[0] == PH_WORK_BONUS:
        act(game, st, "done")
    assert int(st.work_value[0]) == 0 + 3 + 4 + 4 + 4 + 0  # landscape, freedom, building, jesters, cards, bonus
    fames = [n for n in legal_names(game, st) if n.startswith("fame_")]
    assert fames[-1] == "fame_7"  # 15 x 100 = 1500: at most 7 x 200 as fame
    act(game, st, "fame_7")
    assert int(st.money[0, 0]) == money + 1 and int(st.fame[0, 0]) == fame + 7
    assert int(st.best_work[0, 0]) == 15  # the pawn on space 15
    assert st.table_prof[0, 0, game.T.profession_names.index("Poet")]


def test_poet_example_five_cards_count_five():
    """Rulebook:

    "She also has 4 Profession cards (including the Poet she just played) and a Recruiting card on the table and in her hand."
    "For each Profession card or Recruiting card you have in your hand or on the table, add 1 to the 🏆 for the Work (including the card currently being played)."
    "Profession and Recruiting Cards: ..... 4 🏆"

    The sentence lists five cards; the rule adds 1 for each, so the position as described is
    worth 16: the example's 4 (and its total of 15) count one card too few (DN D37).
    """
    game, st = poet_position()
    give_profession(game, st, 0, "Doctor")  # the fourth Profession card the sentence lists
    act(game, st, "profession_Poet")
    if st.phase[0] == PH_WORK_BONUS:
        act(game, st, "done")
    assert int(st.work_value[0]) == 0 + 3 + 4 + 4 + 5 + 0  # 4 Professions + 1 Recruiting card = 5


def test_round_minimum_work_value():
    """Rulebook:

    "The value of the Work must equal or exceed the minimum value shown in the round / minimum 🏆 table on the Game board."
    "This value increases from round to round as seen in the table."
    "Round → 1 2 3 4 5 6 7"
    "Minimum 🏆 → 7 10 12 14 15 16 17"
    "For example, in the 2nd round, the Work must have a value of at least 10 to be completed."
    "Reminder: The 🏆 must be at least as high as the minimum 🏆 for the round."
    "Otherwise, you may not play the Profession card and the Work may not be completed!"
    "Play Profession card from hand. must at least equal this round's minimum."
    """
    shown = []
    for r, minimum in enumerate(MINIMUM):
        game, st = poet_position()  # value 15 without any Bonus card
        start_turn(game, st, 0, round_index=r)
        assert ("profession_Poet" in legal_names(game, st)) == (15 >= minimum)
        shown.append(int(game.observe(st, G0)[0, game.obs_layout["minimum"]][0]))
    assert shown == MINIMUM  # the table, as the observation shows it
    game, st = poet_position()
    start_turn(game, st, 0, round_index=1)
    st.jesters[0, 0] -= 2  # 15 - 4 = 11 >= 10: still legal in round 2, the 2nd round's minimum
    st.supply_jesters[0] += 2
    start_turn(game, st, 0, round_index=1)
    assert "profession_Poet" in legal_names(game, st)
    start_turn(game, st, 0, round_index=2)  # 11 < 12
    assert "profession_Poet" not in legal_names(game, st)


def test_work_value_adds_each_matching_object():
    """Rulebook:

    "You may complete a Work by playing a Profession card from your hand."
    "Play the appropriate Profession card from your hand faceup onto the table next to your Player board."
    "Calculate the Work Value (🏆) based on how the objects in your Principality match those desired by the artist or scholar as shown on the Profession card played."
    "The 🏆 starts at 0 and:"
    "If you have the Landscape that the artist or scholar wants to recreate, add 3 to the 🏆 for this Work. ▶ +3 🏆"
    "If you have the Freedom that the artist or scholar supports, add 3 to the 🏆 for this Work. ▶ +3 🏆"
    "If you have the Building where the artist or scholar prefers to work, add 4 to the 🏆 for this Work. ▶ +4 🏆"
    "For each Jester you have on your Theater Stage, add 2 to the 🏆 for this Work. ▶ +2 🏆 Each"
    "For each Profession card or Recruiting card you have in your hand or on the table, add 1 to the 🏆 for the Work (including the card currently being played). ▶ +1 🏆 Each"
    "For each Bonus card you now play, add X to the 🏆 for the Work (see 'Acquire a Bonus card' on page 9). ▶ +X 🏆 Each"
    "The sum of all the above is the Work's 🏆."
    """
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    give_profession(game, st, 0, "Bell Maker")  # Forest / Workshop / Religion
    start_turn(game, st, 0, round_index=0)
    assert work_value(game, st, 0, "Bell Maker") == CARD  # the card being played
    landscape(game, st, 0, "Lake")
    build(game, st, 0, "Opera")
    furnish(game, st, 0, freedoms=("Travel",))
    assert work_value(game, st, 0, "Bell Maker") == CARD  # objects it does not want add nothing
    landscape(game, st, 0, "Forest")
    furnish(game, st, 0, freedoms=("Religion",), jesters=3, hand_recruit=1, table_recruit=1)
    build(game, st, 0, "Workshop")
    give_profession(game, st, 0, "Poet")
    give_profession(game, st, 0, "Doctor", table=True)
    expected = LANDSCAPE + FREEDOM + BUILDING + 3 * JESTER + 5 * CARD
    assert work_value(game, st, 0, "Bell Maker") == expected
    each_forest = 6  # Bonus card "Each Forest +2", 1 Forest
    give_card(game, st, 0, DECK_BONUS, each_forest)
    start_turn(game, st, 0, round_index=0)
    act(game, st, "profession_Bell_Maker")
    bell = game.T.profession_names.index("Bell Maker")
    assert st.table_prof[0, 0, bell] and not st.hand_prof[0, 0, bell]  # face up on the table
    assert int(st.work_value[0]) == expected
    act(game, st, f"bonus_{each_forest}")
    assert int(st.work_value[0]) == expected + 2


def test_the_pawn_marks_the_work_and_fame_is_not_the_value():
    """Rulebook:

    "Place your Pawn on the Fame track on the space that matches the points you earned for the Work (e.g. 15 🏆 = space 15)."
    "You do not score the Work Value (🏆) as Prestige points (👑)."
    "You earn Money from the Bank for the completed Work."
    "By completing a Work: 100 Florin for each Work Value (see 'Complete a Work' on page 6)."
    "Earn 100 Florin per ."
    "Mark on track with your Pawn."
    "The more impressive a Work, that is, the higher its Work Value (👑), the more Money and Prestige the owner of the Principality the Work is created in is able to earn."
    """
    game, st = poet_position()
    money, fame = int(st.money[0, 0]), int(st.fame[0, 0])
    act(game, st, "profession_Poet")
    pay_fame(game, st, 0)
    assert int(st.best_work[0, 0]) == 15 and int(st.fame[0, 0]) == fame
    assert int(st.money[0, 0]) == money + 15 * FLORIN_PER_POINT and int(st.money_in[0]) >= 15


def test_fame_for_money_only_at_the_moment_of_the_work():
    """Rulebook:

    "You may immediately (but not later) take some or all of the payment for this Work in Prestige Points (👑) rather than Money."
    "Convert any of these now to Prestige Points () for 200 per ."
    """
    game, st = poet_position()
    act(game, st, "profession_Poet")
    if st.phase[0] == PH_WORK_BONUS:
        act(game, st, "done")
    choices = [n for n in legal_names(game, st)]
    assert choices == [f"fame_{n}" for n in range(15 // FLORIN_PER_FAME + 1)]  # none, some or all
    act(game, st, "fame_3")
    assert st.phase[0] == PH_ACTION and not any(n.startswith("fame_") for n in legal_names(game, st))


def test_a_second_work_marks_the_higher_value_and_pays_as_usual():
    """Rulebook:

    "Note: If you complete a second Work in the same round, place your Pawn on the Fame track space according to the Work with the higher 🏆, not the sum of the two!"
    "You earn Money and/or take Prestige Points for this second work as normal."
    "Leave your Pawn on the Fame track until the end of the Action phase."
    "Mark higher if completed 2 Works."
    """
    for order in (("Poet", "Lawyer"), ("Lawyer", "Poet")):
        game, st = poet_position()  # the Lawyer (Forest / Library / Opinion) gets jesters and cards only
        start_turn(game, st, 0, round_index=0)
        values = [work_value(game, st, 0, name) for name in order]
        money, fame = int(st.money[0, 0]), int(st.fame[0, 0])
        act(game, st, f"profession_{order[0]}")
        pay_fame(game, st, 1)
        act(game, st, f"profession_{order[1]}")
        pay_fame(game, st, 2)
        assert int(st.best_work[0, 0]) == max(values)
        assert int(st.fame[0, 0]) == fame + 3
        assert int(st.money[0, 0]) == money + sum(values) - 2 * 3
        assert int(st.current_player[0]) == 1  # the turn passed on; the pawn stays
        assert int(st.best_work[0, 0]) == max(values)


def test_turns_go_clockwise_with_up_to_two_actions():
    """Rulebook:

    "In the Action phase, each player, in clockwise order beginning with the starting player, may perform up to two actions."
    "Clockwise from the starting player once a round, each player may perform up to 2 actions in any combination."
    "Action phase (🌀): Perform 2 actions per player"
    "Then, they perform actions in the Action phase, separately, in clockwise order."
    """
    game, st = new_game(4, start=2)
    while st.phase[0] != PH_ACTION:
        act(game, st, "withdraw")
    order = []
    for _ in range(4):
        seat = int(st.current_player[0])
        order.append(seat)
        assert int(st.actions_left[0]) == 2
        act(game, st, "freedom_" + ("Religion", "Travel")[seat == 1])
        act(game, st, "take_bonus")
        while st.phase[0] in (PH_KEEP, PH_ORDER):  # keep a Bonus card, the rest go under
            act(game, st, legal_names(game, st)[0])
    assert order == [2, 3, 0, 1] and st.phase[0] == PH_AUCTION_CHOOSE  # each had two actions
    assert st.freedoms[0].sum() == 4 and st.bonus_hand[0].sum(1).tolist() == [1, 1, 1, 1]


def test_an_action_is_finished_before_the_next():
    """Rulebook:

    "On their turn, a player performs their first action and then performs their second."
    "A player may not start their first action and interrupt it with their second action."
    """
    game, st = poet_position()
    act(game, st, "build_Chapel")
    assert st.phase[0] == PH_PLACE and all(n.startswith("place_") for n in legal_names(game, st))
    place_first(game, st)
    act(game, st, "take_profession")
    assert st.phase[0] == PH_KEEP and all(n.startswith("profession_") for n in legal_names(game, st))
    game, st = poet_position()
    act(game, st, "profession_Poet")
    assert st.phase[0] in (PH_WORK_BONUS, PH_WORK_PAY)
    assert all(n.startswith(("fame_", "bonus_", "done")) for n in legal_names(game, st))


def test_profession_and_freedom_once_the_others_twice():
    """Rulebook:

    "The possible actions are:"
    "Complete a Work"
    "Take a Profession card (Only once per Action phase)"
    "Introduce a Freedom (Only once per Action phase)"
    "Each Action can be done twice per round per player except for the actions, Take a Profession Card and Introduce a Freedom, which can only be done once a round per player."
    "Is the number of times the action may be performed."
    """
    game, st = poet_position()
    legal = legal_names(game, st)
    for kind in ("profession_Poet", "build_Chapel", "take_profession", "freedom_Religion", "take_bonus"):
        assert kind in legal
    act(game, st, "take_profession")
    while st.phase[0] != PH_ACTION:
        act(game, st, legal_names(game, st)[0])
    assert "take_profession" not in legal_names(game, st) and "take_bonus" in legal_names(game, st)
    game, st = poet_position()
    act(game, st, "freedom_Religion")
    assert not any(n.startswith("freedom_") for n in legal_names(game, st))
    game, st = poet_position()
    act(game, st, "build_Chapel")
    place_first(game, st)
    act(game, st, "build_Tower")  # the same action twice
    place_first(game, st)
    assert int(st.current_player[0]) == 1  # two actions used: the turn passed on
    game, st = poet_position()
    act(game, st, "take_bonus")
    while st.phase[0] != PH_ACTION:
        act(game, st, legal_names(game, st)[0])
    act(game, st, "take_bonus")
    assert st.phase[0] == PH_KEEP


def test_earning_money_by_selling_fame_exactly_when_paying():
    """Rulebook:

    "You may earn Money in two ways:"
    "By moving your Fame disk backward on the Fame track."
    "You may do this at any time during the game."
    "For each space your Fame disk is moved backward, take 100 Florin from the Bank."
    "Your total Prestige Points (including your 50/100 disk) may never go below 0."
    "If your total Prestige Points is 0, you may not move your Fame disk backward to earn Money."
    """
    game, st = new_game(3, start=0)
    set_money(st, 0, 5, fame=3)
    start_turn(game, st, 0, round_index=0)
    act(game, st, "build_Chapel")  # 700 with 500: two spaces back, 100 Florin each
    assert int(st.money[0, 0]) == 0 and int(st.fame[0, 0]) == 1
    game, st = new_game(3, start=0)
    set_money(st, 0, 5, fame=1)
    start_turn(game, st, 0, round_index=0)
    assert not any(n.startswith("build_") for n in legal_names(game, st))  # 500 + 100 < 700
    set_money(st, 0, 5, fame=0)
    start_turn(game, st, 0, round_index=0)
    assert "take_bonus" in legal_names(game, st)  # 300 from 500 in money
    set_money(st, 0, 2)
    start_turn(game, st, 0, round_index=0)
    assert "take_bonus" not in legal_names(game, st)  # fame 0: nothing to sell


def test_unused_actions_may_be_left():
    """Rulebook:

    "After all players have completed their actions in the Action phase (including those who chose to take fewer than two actions), the players compare their 's for the round as shown by their Pawns on the Fame track."
    """
    game, st = poet_position()
    act(game, st, "profession_Poet")
    pay_fame(game, st, 0)
    act(game, st, "end_turn")  # one action left unused
    assert int(st.current_player[0]) == 1
    fame = int(st.fame[0, 0])
    end_action_phase(game, st)
    assert int(st.fame[0, 0]) == fame + 3 and st.phase[0] == PH_AUCTION_CHOOSE  # compared: best Work
