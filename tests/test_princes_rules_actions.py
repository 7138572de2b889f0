"""Rulebook scenario tests for The Princes of Florence (batched engine), part 2: the action
phase -- completing a Work (the Poet example), building, Professions, Freedoms, Bonus cards.

Conventions as in part 1 (``test_princes_rules_auction.py``): quotes in "double quotes" are
held to the rulebook by the meta-test below; expected values are the rulebook's literals in
units of 100 Florin; positions come from ``tests/princes_scenarios.py``.
"""

from __future__ import annotations

from princes_rules_text import quote_meta_test
from princes_scenarios import act, build, clear_hand, furnish, give_profession, legal_names, new_game, start_turn

from florentine_envs.games.princes.constants import PH_WORK_BONUS, PH_WORK_PAY

MINIMUM = [7, 10, 12, 14, 15, 16, 17]  # the round / minimum table
BUILD_COST = {0: 7, 1: 3, 2: 3, 3: 0}  # "700 Florin", "300 Florin", "pay nothing"

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def poet_position():
    """The Poet example: round 3, Travel, a Theater, 2 Jesters, and cards worth 4 with the Poet.

    The example's text says "4 Profession cards ... and a Recruiting card" but its sum counts
    4 for them: the reading that makes the sum 15 is 4 cards in all (3 Professions with the
    Poet, and the Recruiting card)."""
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

    "In round 3 (minimum 🏆 = 12), Alexandra chooses to complete a Work with a Poet."
    "She places the Poet Profession card from her hand faceup onto the table next to her Player board."
    "In her Principality, she has a Travel Freedom, a Theater, and 2 Jesters."
    "She has no Lake in her Principality and plays no Bonus cards."
    "She places her Pawn on space 15 of the Fame track."
    "Alexandra could take 1500 Florin from the Bank, but she decides she does not need the Money at this time and so exchanges as much Money as possible from the Work for Prestige Points (👑): She takes 100 Florin from the Bank and moves her scoring Fame disk 7 spaces along the Fame track."
    "For every 200 Florin you don't take, earn 1 👑 instead."
    "The Bank pays 100 Florin per 🏆 (e.g. 15 🏆 → 1500 Florin)."
    """
    game, st = poet_position()
    money, fame = int(st.money[0, 0]), int(st.fame[0, 0])
    act(game, st, "profession_Poet")
    assert st.phase[0] in (PH_WORK_BONUS, PH_WORK_PAY)
    if st.phase[0] == PH_WORK_BONUS:
        act(game, st, "done")
    assert int(st.work_value[0]) == 0 + 3 + 4 + 4 + 4  # landscape, freedom, building, jesters, cards
    fames = [n for n in legal_names(game, st) if n.startswith("fame_")]
    assert fames[-1] == "fame_7"  # 15 x 100 = 1500: at most 7 x 200 as fame
    act(game, st, "fame_7")
    assert int(st.money[0, 0]) == money + 1 and int(st.fame[0, 0]) == fame + 7
    assert int(st.best_work[0, 0]) == 15
    assert st.table_prof[0, 0, game.T.profession_names.index("Poet")]


def test_round_minimum_work_value():
    """Rulebook:

    "The value of the Work must equal or exceed the minimum value shown in the round / minimum 🏆 table on the Game board."
    "For example, in the 2nd round, the Work must have a value of at least 10 to be completed."
    "Otherwise, you may not play the Profession card and the Work may not be completed!"
    """
    for r, minimum in enumerate(MINIMUM):
        game, st = poet_position()  # value 15 without any Bonus card
        start_turn(game, st, 0, round_index=r)
        assert ("profession_Poet" in legal_names(game, st)) == (15 >= minimum)


def test_build_cost_by_builders():
    """Rulebook:

    "You must pay 700 Florin to build a Building regardless of its size."
    "If you have 1 or 2 Builders in your Principality, you pay only 300 Florin to build a Building."
    "If you have 3 Builders in your Principality, you pay nothing to build a Building (see "Builder" on page 5)."
    "It immediately earns you 3 ."
    """
    for builders, cost in BUILD_COST.items():
        game, st = new_game(3, start=0)
        furnish(game, st, 0, builders=builders)
        start_turn(game, st, 0, round_index=0)
        money, fame = int(st.money[0, 0]), int(st.fame[0, 0])
        act(game, st, "build_Chapel")
        assert int(st.money[0, 0]) == money - cost
        legal = [n for n in legal_names(game, st) if n.startswith("place_")]
        game.step(st, __import__("numpy").array([game.action_names.index(legal[0])]))
        assert int(st.fame[0, 0]) == fame + 3 and st.built[0, 0, game.T.building_names.index("Chapel")]
