"""Florenza rule tests, part b: phase 8 (the Captain of the People, the Bishop, the Cardinal, the
other players, the special cases and the turn-order examples), phase 9 (the end of the round) and
the end of the game (final scoring and ties).

Conventions as in ``test_florenza_rules_production.py``. Phase 8 is run from ``ST_ORDER`` of round
2: the flow goes on through phase 9 and round 3's income to the next decision, so the election's
result is read from the offices and the turn order track.
"""

from __future__ import annotations

import numpy as np
import pytest
from florenza_scenarios_b import NAMED, act, bare, fresh, in_play, names, reference_rules, run_stage

from florentine_envs.games.florenza import constants as C
from florentine_envs.games.florenza.reference import final_ranks
from florentine_envs.games.florenza.reference.state import Slot

PART = "b"

NOT_ENGINE_BEHAVIOUR = {
    "During this phase, you will prepare the game for the next round.": "layout",
    "Follow these steps in order:": "layout",
    "You receive:": "layout",
    "You lose:": "layout",
    "There are two ways to become Cardinal:": "layout",
    "If you are using the turn order cards, turn the Captain and Bishop cards face up and give them to the player whose marker is on the matching space.": "component",  # noqa: E501
    "If there is no Captain and/or Bishop, turn the corresponding card over to the numbered side.": "component",
    "If no one holds one of the offices, then turn that card back over to show the numbered side.": "component",
}


def elect(P=3, order=None, track=None, influence=None, bishop=-1, captain=-1, round_=2):
    """Game 0 run from phase 8 of round ``round_`` with the given tracks and last round's offices;
    the scalar reference elects from the same position and must agree."""
    game, st = bare(P)
    st.order[0, :P] = order if order is not None else list(range(P))
    st.nslots[0] = P
    st.captain[0], st.bishop[0] = captain, bishop
    if captain >= 0 and captain == bishop:  # both offices: two slots (the caller's order starts with them)
        st.order[0, : P + 1] = [captain, *(order if order is not None else range(P))]
        st.nslots[0] = P + 1
    if track is not None:
        st.track[0] = track
    if influence is not None:
        st.influence[0] = influence
    ref = reference_rules(P)
    ref.order = st.order[0, : int(st.nslots[0])].tolist()
    ref.captain, ref.bishop = (None if s < 0 else s for s in (captain, bishop))
    for p, pl in enumerate(ref.players):
        pl.track, pl.certs, pl.influence = int(st.track[0, p]), 0, int(st.influence[0, p])
    ref.phase8_turn_order()
    st = run_stage(game, st, C.ST_ORDER, round=round_)
    assert (st.captain[0], st.bishop[0]) == tuple(-1 if s is None else s for s in (ref.captain, ref.bishop))
    assert turn_order(st) == ref.order
    assert [(pl.track, pl.certs, pl.influence) for pl in ref.players] == list(
        zip(st.track[0].tolist(), st.certs[0].tolist(), st.influence[0].tolist())
    )
    return game, st


def turn_order(st) -> list[int]:
    return st.order[0, : int(st.nslots[0])].tolist()


def test_phase_8_elects_the_captain_then_the_bishop_then_orders_the_others():
    """Rulebook, 8. TURN ORDER:

    "During this phase, the turn order may change for the next round."
    "A Captain of the People and a Bishop may be chosen."
    "First determine who becomes the Captain of the People."
    "Then check to see if a new Bishop is chosen."
    "Finally, finish the turn order for the other players."
    "During the round, you recorded all prestige point gains and losses on the prestige track."
    "In this phase, the player whose marker is highest on the prestige track becomes the Captain of the People for the next round."
    "If you become the Captain of the People, you immediately receive the Captain card, and prestige certificates equal to your position on the prestige track."
    "Then, move your marker on the prestige track back to the '0' space, and place your marker on the turn order track in the Captain space."
    "When you become the Bishop, place your marker on the turn order track in the Bishop space."
    "The turn order for all players that did not gain an office (Captain or Bishop) remains unchanged."
    "If necessary, shift the markers up or down on the track so there are no empty spaces between them."
    """
    game, st = elect(4, order=[0, 1, 2, 3], track=[1, -2, 4, 0], influence=[0, 0, 1, 3])
    assert st.captain[0] == 2 and st.bishop[0] == 3
    assert st.certs[0].tolist() == [0, 0, 4, 0] and st.track[0].tolist() == [1, -2, 0, 0]
    assert turn_order(st) == [2, 3, 0, 1]
    assert st.phase[0] == C.PH_CAPTAIN and st.current_player[0] == 2  # the next round opens with his power


def test_nobody_is_captain_in_round_one():
    """Rulebook, CAPTAIN OF THE PEOPLE: "Since the Captain of the People is not chosen until Phase 8, there will be no Captain of the People for the first seven phases of round 1." """
    game, st = fresh(3)
    assert st.round[0] == 1 and st.captain[0] == -1 and st.bishop[0] == -1 and st.phase[0] == C.PH_PLACE


def test_a_tie_on_the_prestige_track_elects_no_captain():
    """Rulebook: "If there is a tie, then no player will be Captain of the People for the next round."
    SPECIAL CASES: "If only one office is filled, leave the other office space empty and shift the markers as needed."
    """
    game, st = elect(3, order=[2, 0, 1], track=[3, 3, 1], influence=[0, 4, 1])
    assert st.captain[0] == -1 and st.certs[0].tolist() == [0, 0, 0] and st.track[0].tolist() == [3, 3, 1]
    assert st.bishop[0] == 1 and turn_order(st) == [1, 2, 0]


def test_the_old_captain_moves_back_behind_the_new_offices():
    """Rulebook: "If another player's marker is already there, shift it back to the third space (pushing any other player's tokens back one space each to make room)." """
    game, st = elect(4, order=[3, 0, 1, 2], captain=3, track=[5, 0, 1, 0], influence=[0, 4, 0, 0])
    assert st.captain[0] == 0 and st.bishop[0] == 1
    assert turn_order(st) == [0, 1, 3, 2]


def test_the_bishop_needs_three_influence_and_more_than_everyone():
    """Rulebook, BISHOP: "Players earn church influence from various workshops and artworks during the game."
    "These points are recorded on the influence track."
    "If a single player has at least 3 church influence and more points than each of the other players, he becomes the Bishop for the next round."
    "If there is a tie for the most church influence, or if no player has at least 3 church influence on the track, then there is no Bishop in the next round."
    "Note: Do not reduce your church influence marker to the '0' space when you become the Bishop (like you do when you become the Captain of the People)."
    """
    t = bare(2)[0].t
    assert (t.ws_gain_inf > 0).any() and (t.art_inf > 0).any() and (t.box_inf > 0).any()
    for influence, bishop in (([3, 2, 0], 0), ([2, 2, 1], -1), ([4, 4, 1], -1), ([1, 5, 4], 1)):
        game, st = elect(3, track=[0, 0, 1], influence=influence)
        assert st.bishop[0] == bishop, influence
        assert st.influence[0].tolist() == influence  # nobody's marker goes back


def test_one_player_holds_both_offices_and_takes_the_first_two_turns():
    """Rulebook: "Exception: If your marker is already on the Captain space, do not move it to the Bishop space."
    "Instead, take your fourth marker and place it in the Bishop space."
    SPECIAL CASES: "If one player is elected to both offices (Captain of the People and Bishop), leave his marker on the Captain's space."
    "Place his fourth marker (unused at the start of the game) on the Bishop space, and shift the other players' markers as needed."
    "He will receive all benefits for both offices, and he must take both the first and second turn during phase 4 of the next round."
    "Example: Peter has become both the Captain of the People and the Bishop."
    "During Phase 2, he will use the powers of the Captain."
    "During Phase 3, he will use the powers of the Bishop."
    "During Phase 4, he will place two of his workers before the other players place their first worker."
    "Each time his turn comes around in Phase 4, he will place two more workers."
    THE OTHER PLAYERS: "You will only need the extra '2' card when there is no Captain but there's the Bishop playing first, or when a single player holds both offices."
    """
    peter = 2
    game, st = elect(3, order=[0, 1, 2], track=[0, 1, 4], influence=[1, 0, 3])
    assert st.captain[0] == st.bishop[0] == peter and turn_order(st) == [2, 2, 0, 1]
    assert st.phase[0] == C.PH_CAPTAIN and st.current_player[0] == peter
    st = act(game, st, "pass")
    assert st.phase[0] == C.PH_BISHOP and st.current_player[0] == peter
    st = act(game, st, "pass")
    seen = []
    while st.phase[0] == C.PH_PLACE and len(seen) < 8:
        seen.append(int(st.current_player[0]))
        st = act(game, st, "go_to_work")
    assert seen == [2, 2, 0, 1, 2, 2, 0, 1]
    # the Bishop alone plays first when there is no Captain (the extra '2' card's other use)
    game, st = elect(3, order=[0, 1, 2], track=[2, 2, 0], influence=[0, 0, 3])
    assert st.captain[0] == -1 and st.bishop[0] == 2 and turn_order(st) == [2, 0, 1]


def test_no_office_leaves_the_order_unchanged():
    """Rulebook, SPECIAL CASES: "If no player becomes Captain of the People or Bishop, simply leave those spaces of the turn order track empty."
    "Shift all markers down to make space without changing their order."
    """
    game, st = elect(4, order=[3, 1, 0, 2], captain=3, bishop=1, track=[2, 2, 0, 1], influence=[2, 2, 0, 0])
    assert st.captain[0] == -1 and st.bishop[0] == -1
    assert turn_order(st) == [3, 1, 0, 2] and st.phase[0] == C.PH_PLACE and st.current_player[0] == 3


def test_the_turn_order_example():
    """Rulebook, THE OTHER PLAYERS' illustration:

    "The yellow player's marker is highest on the prestige track."
    "The red player's marker is highest on the church influence track, and she has at least 3 points."
    "The yellow player becomes the new Captain, and he will play first in the next round."
    "Red becomes the Bishop, and will play second."
    "The other players will play third, fourth, and fifth, and remain in the same order on the track."
    """
    yellow, red = 3, 1
    game, st = elect(5, order=[0, 1, 2, 3, 4], track=[2, 1, 0, 6, 3], influence=[1, 4, 2, 0, 3])
    assert st.captain[0] == yellow and st.bishop[0] == red
    assert turn_order(st) == [yellow, red, 0, 2, 4]


CARDINAL_CASES = [
    # (last round's Bishop, influence, Cardinal?) -- seat 0 is elected Bishop in each
    pytest.param(0, [4, 1, 0], True, id="Bishop two rounds in a row"),
    pytest.param(-1, [10, 1, 0], True, id="influence reaches 10"),
    pytest.param(0, [12, 1, 0], True, id="both at once: 5 only"),
    pytest.param(1, [9, 1, 0], False, id="neither"),
]


@pytest.mark.parametrize("last_bishop, influence, cardinal", CARDINAL_CASES)
def test_the_cardinal(last_bishop, influence, cardinal):
    """Rulebook, CARDINAL:

    "It is possible for a player who is the Bishop to become a Cardinal."
    "The Cardinal has no powers in the game, but he can earn a lot of prestige points."
    "If you are named Bishop two rounds in a row; or"
    "If your marker reaches the '10' space on the influence track."
    "If you become the Cardinal, you immediately receive 5 prestige points (remember to move your marker on the prestige track) and you must return your marker on the influence track to the '0' space."
    "Important: You can only become Cardinal once per round."
    "If you fulfill both requirements at the same time, you only receive 5 prestige points (not 10)."
    """
    game, st = elect(3, bishop=last_bishop, track=[0, 0, 0], influence=influence)  # no Captain
    assert st.bishop[0] == 0  # he stays the Bishop: the Cardinal is no office of its own
    assert st.track[0, 0] == (5 if cardinal else 0)
    assert st.influence[0, 0] == (0 if cardinal else influence[0])
    assert st.phase[0] == C.PH_BISHOP  # no power of the Cardinal's: the round goes on with the Bishop's


def test_the_cardinal_is_checked_only_in_phase_8():
    """Rulebook: "Both of these conditions are checked only during Phase 8: Turn Order." """
    game, st = bare(3)
    st.influence[0] = [10, 0, 0]
    st.order[0, :3] = [0, 1, 2]
    st = run_stage(game, st, C.ST_INCOME, round=2)  # phases 1-3, to the first placement
    assert st.phase[0] == C.PH_PLACE and st.influence[0, 0] == 10 and st.track[0, 0] == 0
    while st.phase[0] == C.PH_PLACE:
        st = act(game, st, "go_to_work")
    assert st.round[0] == 3 and st.influence[0, 0] == 0 and st.track[0, 0] == 5 and st.bishop[0] == 0


def end_of_round_position():
    """Round 2 of game 0 at phase 9 with something in every place the end of the round clears."""
    game, st = bare(3)
    t = game.t
    artists = [c for c in range(NAMED) if t.is_artist[c]]
    preachers = [c for c in range(NAMED) if t.is_preacher[c]]
    for c in artists[:3] + preachers[:2]:
        in_play(game, st, c, life=3)
    leaving = artists[3]
    in_play(game, st, leaving, life=1)
    st.char_where[0, artists[0]] = C.DETAINED
    st.char_where[0, artists[1]] = C.ON_BOX
    st.char_where[0, preachers[0]] = C.EXPELLED
    st.char_where[0, preachers[1]] = C.ON_PULPIT
    st.unnamed_left[0] = [1, 2, 0, 1]
    st.pool[0] = [3, 5, 8]
    st.detained[0, 0] = 1
    st.at_work[0, 0], st.market_worker[0, 0], st.pulpit_own[0, 0] = 2, True, True
    st.avail[0, 1], st.cath_pulpit[0] = 3, 1
    st.round[0] = 2
    return game, st, leaving, artists[:3] + preachers[:2]


def test_the_end_of_the_round_returns_everything_and_ages_the_characters():
    """Rulebook, 9. END OF THE ROUND:

    "Any artist or worker detained by the Captain returns to play."
    "Place the artist tile on his card, or the worker in the pool."
    "All preachers on the pulpits or expelled by the Bishop return to their cards."
    "All workers still on players' district boards (or anywhere else) are returned to the pool."
    "Any character cards beneath the 'I' Life in Florenza card are removed from the game, along with the matching tiles."
    "All character cards still in play move down one space along the row of Life in Florenza cards."
    "If any character cards left play this round, an equal number of replacement tiles are drawn from the bag, matched to character cards, and placed below the appropriate Life in Florenza card."
    "The turn marker advances one space on the round track."
    """
    game, st, leaving, staying = end_of_round_position()
    drawn = int(st.bag_pos[0])
    newcomer = int(st.bag[0, drawn])
    game._end_of_round(st, 0)
    assert (st.pool[0] == C.WORKERS).all() and not st.detained[0].any() and not st.avail[0].any()
    assert not st.at_work[0].any() and not st.market_worker[0].any() and not st.pulpit_own[0].any()
    assert st.cath_pulpit[0] == -1 and (st.unnamed_left[0] == 2).all()
    assert all(st.char_where[0, c] == C.ON_CARD and st.life[0, c] == 2 for c in staying)
    assert st.char_state[0, leaving] == C.GONE and st.life[0, leaving] == 0
    assert st.bag_pos[0] == drawn + 1 and st.char_state[0, newcomer] == C.IN_PLAY
    assert st.life[0, newcomer] == game.t.rounds[newcomer]
    assert st.round[0] == 3


def test_the_game_ends_after_the_eighth_round():
    """Rulebook: "If it was already on the 8th space, the game ends!"
    "Otherwise, a new round now begins."
    THE END OF THE GAME: "After the 8th round of play is complete, the game ends."
    "All players now total their victory points for the game."
    """
    game, st = bare(3)
    st.order[0, :3] = [0, 1, 2]
    st = run_stage(game, st, C.ST_ORDER, round=7)
    assert st.round[0] == 8 and not st.terminated[0] and st.phase[0] == C.PH_PLACE
    while st.phase[0] == C.PH_PLACE:
        st = act(game, st, "go_to_work")
    assert st.terminated[0] and st.phase[0] == C.PH_OVER and st.round[0] == 8
    assert (st.scores[0] == game.score_now(st)[0]).all() and not names(game, st)


def reference_scores(st) -> list[int]:
    """The scalar reference's final scores of game 0's position (offices, holdings, boards)."""
    P = st.money.shape[1]
    ref = reference_rules(P)
    ref.captain, ref.bishop = (None if s < 0 else int(s) for s in (st.captain[0], st.bishop[0]))
    for p, pl in enumerate(ref.players):
        pl.certs, pl.track = int(st.certs[0, p]), int(st.track[0, p])
        pl.cubes, pl.florins = st.res[0, p].tolist(), int(st.money[0, p])
        pl.slots = [Slot(int(w), True) if w >= 0 else None for w in st.space_type[0, p]]
        ref.box_crest[p] = st.box_crest[0, p].tolist()
    return ref.final_scores()


def test_final_scoring():
    """Rulebook, THE END OF THE GAME:

    "Victory points equal to the value of all prestige certificates you hold."
    "Victory points equal to the position of your marker on the prestige track."
    "1 Victory point if you end the game as the Captain of the People."
    "1 Victory point if you end the game as the Bishop."
    "1 Victory point for each set of 3 resource cubes (of any type) you hold."
    "1 Victory point for each set of 300 Fiorini you hold."
    "You also lose victory points if you fail to complete certain tasks."
    "1 Victory point for each empty workshop space on your district board."
    "1 Victory Point for each artwork on your district board that you did not complete."
    "4 Victory Points if you did not complete at least one artwork in the Palazzo of your district board."
    "4 Victory Points if you did not complete at least one artwork in the Chiesa of your district board"
    STRATEGY HINTS: "Try to complete at least one artwork in your Palazzo and Chiesa."
    "The -4 victory point penalty is very high."
    """
    game, st = bare(2)
    t = game.t
    st.certs[0], st.track[0] = [7, 0], [3, -2]
    st.captain[0], st.bishop[0] = 0, 0
    st.res[0, 0] = [3, 2, 1, 0, 0, 2]  # 8 cubes: 2 sets of 3
    st.money[0] = [650, 299]
    for s in range(5):
        st.space_type[0, 0, s] = 2  # 3 empty spaces
    st.box_crest[0, 0, np.flatnonzero(~t.box_chiesa)[:2]] = True  # 2 Palazzo boxes, no Chiesa
    st.box_crest[0, 1] = True
    score = game.score_now(st)[0].tolist()
    assert score == reference_scores(st)
    assert score[0] == 7 + 3 + 1 + 1 + 2 + 2 - 3 - 6 - 0 - 4
    assert score[1] == 0 - 2 + 0 + 0 + 0 + 0 - 8 - 0
    st.box_crest[0, 1] = False
    assert game.score_now(st)[0, 1] == -2 - 8 - 8 - 4 - 4


def test_ties_go_to_the_most_resources_then_the_most_money():
    """Rulebook: "The player with the highest final total of victory points is the winner."
    "If there is a tie, the tied player with the most resources wins, with the most money acting as the second tie breaker."
    """
    game, st = bare(3)
    st.box_crest[0] = True
    st.space_type[0] = 2
    st.certs[0] = [4, 4, 5]
    st.res[0, :, 0] = [2, 2, 0]  # fewer than 3: no victory point of their own
    st.money[0] = [100, 200, 0]
    game._finish(st, 0)
    assert st.scores[0].tolist() == [4, 4, 5] and st.final_rank[0].tolist() == [3, 2, 1]
    st.certs[0] = [5, 5, 5]
    game._finish(st, 0)
    assert st.final_rank[0].tolist() == [2, 1, 3]
    assert final_ranks(st.scores[0].tolist(), st.res[0].sum(1).tolist(), st.money[0].tolist()) == [2, 1, 3]
