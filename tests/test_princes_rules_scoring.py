"""Rulebook scenario tests for The Princes of Florence (batched engine), part 6: the rounds,
the round end (the best Work, the new round) and the end of the game (Prestige cards, the
winner, ties), with the rules overview's lines on them.

Conventions as in part 1 (``test_princes_rules_auction.py``).
"""

from __future__ import annotations

import numpy as np
from princes_rules_text import quote_meta_test
from princes_scenarios import (
    Twin,
    act,
    clear_hand,
    end_action_phase,
    furnish,
    give_card,
    give_profession,
    legal_names,
    new_game,
    set_money,
    start_turn,
)

from florentine_envs.games.princes.constants import DECK_PRESTIGE, PH_ACTION, PH_AUCTION_CHOOSE, PH_WORK_BONUS

G0 = np.array([0])
ROUNDS = 7
BEST_WORK = 3  # "scores 3"
MOST_BUILDERS = 10  # Prestige card "Most Builders 6 (3)"
PROFESSION = {0: "Poet", 1: "Doctor", 2: "Lawyer"}

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def action_round(jesters: dict[int, int], round_index: int = 0):
    """A 3-player game at its first turn of the action phase (start player 0); seat s holds one
    profession (no object it wants) and ``jesters[s]`` Jesters, so its work is worth 2 x
    Jesters + 1."""
    game, st = new_game(3, start=0)
    for seat in range(3):
        clear_hand(game, st, seat)
        give_profession(game, st, seat, PROFESSION[seat])
        furnish(game, st, seat, jesters=jesters.get(seat, 0))
    start_turn(game, st, 0, round_index=round_index)
    return game, st


def play_turns(game, st, workers) -> None:
    """Each seat in turn: a work (taken all as money) if it is a worker, then the end of its turn."""
    for _ in range(3):
        seat = int(st.current_player[0])
        if seat in workers:
            act(game, st, f"profession_{PROFESSION[seat]}")
            if st.phase[0] == PH_WORK_BONUS:
                act(game, st, "done")
            act(game, st, "fame_0")
        act(game, st, "end_turn")


def test_the_best_work_of_the_round_scores_three():
    """Rulebook:

    "The player with the highest for the round scores 3 ."
    "Best Work: Player(s) who earned the highest Work Value () get(s) 3 ."
    """
    game, st = action_round({0: 4, 1: 3})  # works of 9 and 7
    fame = st.fame[0].copy()
    play_turns(game, st, workers=(0, 1))
    assert (st.fame[0] - fame).tolist() == [BEST_WORK, 0, 0]


def test_tied_best_works_all_score():
    """Rulebook:

    "If two or more players tie with the highest , they all score 3 ."
    """
    game, st = action_round({0: 3, 1: 3, 2: 1})  # 7, 7 and seat 2 cannot work
    fame = st.fame[0].copy()
    play_turns(game, st, workers=(0, 1))
    assert (st.fame[0] - fame).tolist() == [BEST_WORK, BEST_WORK, 0]


def test_a_lone_work_is_the_best():
    """Rulebook:

    "If only one player completes a Work in the round, they are automatically the highest and score 3 ."
    """
    game, st = action_round({1: 3})
    fame = st.fame[0].copy()
    play_turns(game, st, workers=(1,))
    assert (st.fame[0] - fame).tolist() == [0, BEST_WORK, 0]


def test_no_work_no_best_work():
    """Rulebook:

    "If no player completes a Work in the round, no one scores the 3 for the round."
    """
    game, st = action_round({})
    fame = st.fame[0].copy()
    play_turns(game, st, workers=())
    assert (st.fame[0] - fame).tolist() == [0, 0, 0] and st.phase[0] == PH_AUCTION_CHOOSE


def test_pawns_leave_the_fame_track_and_the_start_player_passes_left():
    """Rulebook:

    "After scoring the best Work, all players who completed Works in the round remove their Pawns from the Fame track and place them next to their Player boards."
    "After scoring the best Work, the Round is complete."
    "The starting player gives the player to their left the Starting Player marker."
    "This player becomes the new starting player."
    "They move the Round marker to the next space on the round / minimum table and begin the new round."
    "Remove all Pawns from Fame track."
    "Next Round: Move the Round marker to next round."
    "Pass the Starting Player marker to the left."
    """
    game, st = action_round({0: 4, 1: 3})
    play_turns(game, st, workers=(0, 1))
    assert st.best_work[0].tolist() == [0, 0, 0]
    assert int(st.round[0]) == 1 and int(st.start[0]) == 1
    assert st.phase[0] == PH_AUCTION_CHOOSE and int(st.current_player[0]) == 1  # the new round begins
    obs = game.observe(st, G0)[0]
    assert obs[game.obs_layout["minimum"]][0] == 10 and obs[game.obs_layout["round"]].argmax() == 1
    for _ in range(3):
        act(game, st, "withdraw")
    assert st.phase[0] == PH_ACTION and int(st.current_player[0]) == 1  # the new start player acts first


def test_seven_rounds_of_two_phases():
    """Rulebook:

    "The game is played over 7 rounds."
    "Each round has 2 phases:"
    "The game ends after the 7th round."
    "Over 7 rounds, players will build Buildings, cultivate Landscapes, and invite artists and scholars to their Palazzi where they provide them with the facilities inspiring them to produce great Works."
    """
    tw = Twin(4, start=3)
    st = tw.st
    phases = []
    while not st.terminated[0]:
        phases.append((int(st.round[0]), int(st.phase[0])))
        while st.phase[0] == PH_AUCTION_CHOOSE:
            tw.act("withdraw")
        phases.append((int(st.round[0]), int(st.phase[0])))
        end_action_phase(tw)
    assert phases == [(r, ph) for r in range(ROUNDS) for ph in (PH_AUCTION_CHOOSE, PH_ACTION)]
    assert int(st.round[0]) == ROUNDS - 1 and not st.legal_action_mask[0].any()


def test_prestige_cards_score_at_the_end_for_their_holder():
    """Rulebook:

    "The players now score their Prestige cards: Each player who has fulfilled the requirements on any of their Prestige cards, scores the appropriate number of Prestige Points () (see 'Prestige cards' on page 19)."
    "Score Prestige cards: Only card holder scores."
    """
    game, st = new_game(3, start=0)
    give_card(game, st, 0, DECK_PRESTIGE, MOST_BUILDERS)
    furnish(game, st, 0, builders=2)
    furnish(game, st, 1, builders=3)  # most Builders, but no card
    start_turn(game, st, 0, round_index=ROUNDS - 2)
    fame = st.fame[0].copy()
    end_action_phase(game, st)
    assert (st.fame[0] - fame).tolist() == [0, 0, 0] and not st.terminated[0]  # not before the end
    while st.phase[0] == PH_AUCTION_CHOOSE:
        act(game, st, "withdraw")
    end_action_phase(game, st)
    assert st.terminated[0] and (st.fame[0] - fame).tolist() == [0, 0, 0]  # seat 0 is not the most
    game, st = new_game(3, start=0)
    give_card(game, st, 0, DECK_PRESTIGE, MOST_BUILDERS)
    furnish(game, st, 0, builders=2)
    start_turn(game, st, 0, round_index=ROUNDS - 1)
    end_action_phase(game, st)
    assert st.scores[0].tolist() == [6, 0, 0]


def final(fame: list[int], money: list[int]):
    """The game's end from round 7's action phase with these fame and money totals."""
    game, st = new_game(3, start=0)
    for seat in range(3):
        set_money(st, seat, money[seat], fame=fame[seat])
    start_turn(game, st, 0, round_index=ROUNDS - 1)
    end_action_phase(game, st)
    assert st.terminated[0]
    return game, st


def test_most_prestige_wins_then_most_money_then_shared():
    """Rulebook:

    "The player with the most Prestige Points () is the winner."
    "If two or more players tie with the most Prestige Points (), the player among them with the most Money is the winner."
    "If there is still a tie, the tied players share victory."
    "Most Prestige points wins!"
    "Tie: Most Money wins."
    "The player who, after 7 rounds, has earned the most Prestige Points (👑), is the winner!"
    """
    game, st = final([12, 10, 4], [0, 30, 50])
    assert st.rewards[0].tolist() == [1.0, -0.5, -0.5] and game.ranks(st)[0].tolist() == [1, 2, 3]
    game, st = final([10, 10, 4], [5, 7, 50])
    assert st.rewards[0].tolist() == [-0.5, 1.0, -0.5] and game.ranks(st)[0].tolist() == [2, 1, 3]
    game, st = final([10, 10, 4], [7, 7, 50])
    assert st.rewards[0].tolist() == [0.5, 0.5, -1.0] and game.ranks(st)[0].tolist() == [1, 1, 3]


def test_the_score_is_the_fame_track_during_the_game():
    """Rulebook:

    "The players use their Principalities to earn Prestige Points (👑), which are recorded on the Fame track."
    """
    game, st = action_round({0: 4})
    play_turns(game, st, workers=(0,))
    assert st.scores[0].tolist() == st.fame[0].tolist() == [BEST_WORK, 0, 0]
    assert "withdraw" in legal_names(game, st)
