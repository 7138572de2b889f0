"""Rulebook scenario tests for The Princes of Florence (batched engine), part 2: "The meaning of
the 7 objects" (Forest, Lake, Park, Prestige cards, Recruiting cards, Builder, Jester), the
rules overview's object table, and the Fame track.

Conventions as in part 1 (``test_princes_rules_auction.py``).
"""

from __future__ import annotations

import numpy as np
from princes_rules_text import quote_meta_test
from princes_scenarios import (
    acquire,
    act,
    build,
    clear_hand,
    deck_list,
    end_action_phase,
    furnish,
    give_card,
    give_profession,
    landscape,
    legal_names,
    new_game,
    place_first,
    set_deck,
    start_turn,
    work_value,
)

from florentine_envs.games.princes.constants import (
    DECK_PRESTIGE,
    NUM_BUILDINGS,
    PH_ACTION,
    PH_AUCTION_CHOOSE,
    PH_KEEP,
    PH_ORDER,
    PH_PLACE,
    PH_RECRUIT_NOW,
)

G0 = np.array([0])
EXTRA_LANDSCAPE = 3  # "scores you 3👑"
BUILDER_POINTS = {1: 0, 2: 3, 3: 3}  # "When you acquire a second Builder, you earn 3👑" (and a third)
BUILD_COST = {1: 3, 2: 3, 3: 0}
RECREATION = {"Forest": 9, "Lake": 7, "Park": 5}  # Professions that want each landscape
JESTER = 2
DRAW = 5

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def placements(game, st) -> np.ndarray:
    """int[k]: the legal placement indices of the pending piece."""
    return np.flatnonzero(st.legal_action_mask[0, game.a_place : game.a_fame])


def test_a_forest_is_placed_at_once_next_to_anything():
    """Rulebook:

    "When you acquire a Forest, you must immediately place it on empty spaces in your Principality."
    "A Forest may be placed next to Buildings and other"
    "Landscapes (see 'Placing a Building or Landscape' on page 7)."
    "Forests do not need to be adjacent to each other."
    "Landscape Can be adjacent to anything."
    """
    game, st = new_game(3, start=0)
    T = game.T
    build(game, st, 0, "Tower")
    landscape(game, st, 0, "Park")
    acquire(game, st, 0, "Forest")
    assert st.phase[0] == PH_PLACE and int(st.current_player[0]) == 0
    assert all(n.startswith("place_") for n in legal_names(game, st))  # nothing else until it is placed
    forest = NUM_BUILDINGS
    legal = placements(game, st)
    squares, halo = T.squares[forest, legal], T.halo[forest, legal]
    assert not (squares & st.occupied[0, 0]).any()  # on empty spaces only
    every = np.flatnonzero((T.squares[forest] != 0) & ((T.squares[forest] & st.occupied[0, 0]) == 0))
    assert legal.tolist() == every.tolist()  # beside the Palazzo, the Tower and the Park alike
    assert ((halo & st.blocked[0, 0]) != 0).any() and ((halo & st.occupied[0, 0] & ~st.blocked[0, 0]) != 0).any()
    place_first(game, st)
    first = int(st.piece_cells[0, forest])
    start_turn(game, st, 0, round_index=1)
    game._start_place(st, G0, forest, 1)  # a second Forest for seat 0
    game._refresh_mask(st, G0)
    legal = placements(game, st)
    apart = legal[(T.halo[forest, legal] & np.uint64(first)) == 0]
    assert apart.size > 0  # a second Forest may lie away from the first


def test_landscapes_attract_professions_once_whatever_their_number():
    """Rulebook:

    "9 of the Professions want a Forest for their recreation and will have their Work Value (👑) increased by 3 if you have at least one Forest (see 'Complete a Work' on page 5)."
    "Lakes are used in the same way as Forests."
    "The difference is that Lakes are smaller and attract only 7 of the Professions for recreation."
    "Parks are used in the same way as Forests."
    "The difference is that Parks are smaller and attract only 5 of the Professions for recreation."
    """
    game, st = new_game(3, start=0)
    T = game.T
    wanted = np.bincount(T.prof_landscape, minlength=3).tolist()
    assert wanted == [RECREATION[name] for name in T.landscape_names]
    area = T.piece_area[NUM_BUILDINGS:].tolist()
    assert area[0] > area[1] > area[2]  # Lakes smaller than Forests, Parks smaller than Lakes
    for name, profession in (("Forest", "Bell Maker"), ("Lake", "Poet"), ("Park", "Goldsmith")):
        clear_hand(game, st, 0)
        give_profession(game, st, 0, profession)
        before = work_value(game, st, 0, profession)
        landscape(game, st, 0, name)
        assert work_value(game, st, 0, profession) == before + 3
        landscape(game, st, 0, name)
        assert work_value(game, st, 0, profession) == before + 3  # at least one: not per landscape


def test_a_second_landscape_of_a_type_scores_three():
    """Rulebook:

    "Each Forest placed after the first in a Principality scores you 3👑."
    "Remember: Not all additional Landscapes earn you 3👑."
    "Only additional Landscapes of types already played in your Principality earn you the 3👑 bonus."
    "Example: A player who has only a Lake then acquires a Forest."
    "They do not earn 3👑."
    "During a later round, that player acquires another Lake and so they earn the 3👑 bonus."
    "Earn 3 for each same Landscape after your 1st (2 Players: All 3 types are a single auction object)."
    """
    game, st = new_game(3, start=0)
    fame = []
    for stack in ("Lake", "Forest", "Lake", "Forest"):  # one a round
        acquire(game, st, 0, stack)
        place_first(game, st)
        fame.append(int(st.fame[0, 0]))
    assert fame == [0, 0, EXTRA_LANDSCAPE, 2 * EXTRA_LANDSCAPE]
    assert st.landscapes[0, 0].tolist() == [2, 2, 0] and int(st.round[0]) == 3


def test_objects_help_only_their_own_principality():
    """Rulebook:

    "Each object gives its specific advantages only to the Principality it is in."
    "Players may have as many of each object as they can acquire, except that each player is limited to acquiring 3 Builders."
    """
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    give_profession(game, st, 0, "Bell Maker")  # Forest / Workshop / Religion
    before = work_value(game, st, 0, "Bell Maker")
    landscape(game, st, 1, "Forest")
    build(game, st, 1, "Workshop")
    furnish(game, st, 1, jesters=4, builders=3, freedoms=("Religion",))
    assert work_value(game, st, 0, "Bell Maker") == before
    st.current_player[0] = 1
    st.phase[0] = PH_AUCTION_CHOOSE
    game._refresh_mask(st, G0)
    legal = legal_names(game, st)
    assert "open_Jester" in legal  # a fifth Jester: no limit
    assert "open_Builder" not in legal  # a fourth Builder: never


def test_a_prestige_card_is_chosen_from_five_the_rest_go_under():
    """Rulebook:

    "When you acquire a Prestige card, take the top 5 cards from the Prestige deck (all cards if there are fewer than 5), choose 1, and place it facedown next to your Player board."
    "Then place the other 4 cards facedown in any order at the bottom of the Prestige deck."
    "Prestige card Draw 5, put 1 in your hand, put the other 4 under the deck."
    """
    game, st = new_game(3, start=0)
    deck = deck_list(st, DECK_PRESTIGE)
    acquire(game, st, 0, "Prestige")
    assert st.phase[0] == PH_KEEP
    top = deck[:DRAW]
    assert sorted(n for n in legal_names(game, st)) == sorted(f"prestige_{c}" for c in top)
    act(game, st, f"prestige_{top[2]}")
    assert st.prestige_hand[0, 0, top[2]] and st.phase[0] == PH_ORDER
    # facedown: another player sees a Prestige card held, not which
    hand = game.obs_layout["own_hand"]
    assert game.observe(st, np.array([1]))[0, hand].sum() == st.hand_prof[0, 1].sum()
    order = [top[4], top[0], top[3], top[1]]  # any order the player likes
    for c in order[:-1]:  # the last one goes under by itself (a forced move)
        act(game, st, f"prestige_{c}")
    assert deck_list(st, DECK_PRESTIGE) == deck[DRAW:] + order
    assert int(st.fame[0, 0]) == 0  # it scores at the end only
    # fewer than 5: all of them
    game, st = new_game(3, start=0)
    rest = deck_list(st, DECK_PRESTIGE)
    set_deck(st, DECK_PRESTIGE, rest[:2])
    st.prestige_hand[0, 2, rest[2:]] = True  # the others are held by seat 2
    game.check_invariants(st)
    acquire(game, st, 0, "Prestige")
    assert sorted(legal_names(game, st)) == sorted(f"prestige_{c}" for c in rest[:2])


def test_prestige_cards_score_their_requirements_halved_when_tied():
    """Rulebook:

    "Each Prestige card you acquire may earn you up to 8👑 at the end of the game, as long as you fulfill the requirements listed on the card."
    "Many of the cards require you to have the most of certain objects in order to earn the full Prestige points (👑)."
    "If you are tied for the most with any opponents, you only earn half the points."
    "Example: Leon has the Prestige card 'For the most Buildings you earn 6👑 (3)'."
    "He will earn 6👑 if he is the only player with the most Buildings."
    "If he ties with one or more other players, he will earn 3👑."
    "Of course, if another player has more Buildings than Leon, Leon will earn 0👑."
    "Score the card at game end."
    """
    game, st = new_game(3, start=0)
    T = game.T
    assert int(T.prestige_points.max()) == 8
    most = T.prestige_kind == 0
    assert (T.prestige_tie[most] == (T.prestige_points[most] + 1) // 2).all()  # half (7 -> 4, 5 -> 3)
    leon = 1
    most_buildings = 0
    give_card(game, st, leon, DECK_PRESTIGE, most_buildings)
    outcomes = []
    for others in ({}, {0: ("Tower", "Chapel")}, {0: ("Tower", "Chapel"), 2: ("Tower", "Chapel", "Opera")}):
        g2, s2 = game, st.copy()
        build(g2, s2, leon, "Opera", "Studio")
        for seat, names in others.items():
            build(g2, s2, seat, *names)
        fame = int(s2.fame[0, leon])
        g2._final_scoring(s2, G0)
        outcomes.append(int(s2.fame[0, leon]) - fame)
    assert outcomes == [6, 3, 0]


def test_recruiting_card_used_at_once_takes_an_opponents_table_card():
    """Rulebook:

    "When you acquire a Recruiting card, you may either use it immediately or keep it in your hand to use later."
    "To use a Recruiting card, choose a faceup Profession card previously played by any opponent, take that Profession card into your hand, and place the Recruiting card in its place."
    "Recruit card Put in hand, exchange any time as a free action for anyone else's faceup Profession card."
    """
    game, st = new_game(3, start=0)
    give_profession(game, st, 1, "Poet", table=True)
    give_profession(game, st, 2, "Doctor", table=True)
    give_profession(game, st, 0, "Lawyer", table=True)  # its own: no target
    acquire(game, st, 0, "Recruiting")
    assert st.phase[0] == PH_RECRUIT_NOW
    assert sorted(legal_names(game, st)) == ["pass", "recruit_Doctor", "recruit_Poet"]
    act(game, st, "recruit_Poet")
    poet = game.T.profession_names.index("Poet")
    assert st.hand_prof[0, 0, poet] and not st.table_prof[0, 1, poet]
    assert int(st.table_recruit[0, 1]) == 1 and int(st.hand_recruit[0, 0]) == 0  # in the Poet's place
    assert st.phase[0] == PH_AUCTION_CHOOSE


def test_recruiting_card_kept_is_a_free_action_in_any_later_turn():
    """Rulebook:

    "If you choose to keep the Recruiting card to use later, take it into your hand."
    "You may play it anytime during your turn in the Action phase of any round."
    "This does not count as one of your two actions in that Action phase."
    """
    game, st = new_game(3, start=0)
    give_profession(game, st, 1, "Poet", table=True)
    acquire(game, st, 0, "Recruiting")
    act(game, st, "pass")
    assert int(st.hand_recruit[0, 0]) == 1 and st.phase[0] == PH_AUCTION_CHOOSE
    while st.phase[0] != PH_ACTION:
        act(game, st, "withdraw")
    assert int(st.current_player[0]) == 0 and "recruit_Poet" in legal_names(game, st)
    end_action_phase(game, st)  # kept through round 1
    while st.phase[0] != PH_ACTION:
        act(game, st, "withdraw")
    while int(st.current_player[0]) != 0:
        act(game, st, "end_turn")
    act(game, st, "take_bonus")
    for _ in range(DRAW):
        legal = legal_names(game, st)
        if st.phase[0] == PH_ACTION:
            break
        act(game, st, legal[0])
    assert int(st.actions_left[0]) == 1
    act(game, st, "recruit_Poet")  # round 2, after an action
    assert int(st.actions_left[0]) == 1 and int(st.hand_recruit[0, 0]) == 0


def test_builders_cheapen_building_allow_adjacency_and_score():
    """Rulebook:

    "When you acquire your first Builder, place it in the topmost Builder space of your Player board."
    "From now on you only pay 300 Florin (instead of 700) to build a Building (see 'Build a Building' on page 7)."
    "When you acquire a second Builder, place it in the middle Builder space of your Player board."
    "From now on you may build Buildings adjacent to each other (see 'Placing a Building or Landscape' on page 7)."
    "When you acquire a third Builder, place it in the bottommost Builder space of your Player board."
    "From now on you pay 0 Florin to build a Building (see 'Build a Building' on page 7)."
    "When you acquire a second Builder, you earn 3👑."
    "When you acquire a third Builder, you earn another 3👑."
    "Builder Put in topmost open Builder space on Player board."
    "Each Builder after your 1st earns 3 ."
    """
    game, st = new_game(3, start=0)
    T = game.T
    tower = game.T.building_names.index("Tower")
    beside_palazzo = (T.squares[tower] != 0) & ((T.squares[tower] & T.palazzo) == 0)
    beside_palazzo &= (T.halo[tower] & T.palazzo) != 0
    for n in (1, 2, 3):
        fame = int(st.fame[0, 0])
        acquire(game, st, 0, "Builder")
        assert int(st.builders[0, 0]) == n and int(st.fame[0, 0]) - fame == BUILDER_POINTS[n]
        while st.phase[0] != PH_ACTION:
            act(game, st, "withdraw")
        while int(st.current_player[0]) != 0:
            act(game, st, "end_turn")
        probe = st.copy()
        money = int(probe.money[0, 0]) + int(probe.fame[0, 0])
        act(game, probe, "build_Tower")
        assert money - int(probe.money[0, 0]) - int(probe.fame[0, 0]) == BUILD_COST[n]
        legal = placements(game, probe)
        beside = legal[beside_palazzo[legal]]  # legal Towers touching the Palazzo along an edge
        assert beside.size == (beside_palazzo.sum() if n >= 2 else 0)
        end_action_phase(game, st)


def test_a_jester_adds_two_to_every_work():
    """Rulebook:

    "When you acquire a Jester, place it on the Theater Stage of your Player board."
    "Each Jester in your Principality increases the Work Value (👑) of a Work you complete by 2 (see 'Complete a Work' on page 6)."
    "Tip: Since Jesters add 2 to every Work you complete, they are very valuable."
    "Jester Put on Theater stage."
    "Each Jester increases the of your completed Works by +2."
    """
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    give_profession(game, st, 0, "Poet")
    give_profession(game, st, 0, "Doctor")
    before = [work_value(game, st, 0, "Poet"), work_value(game, st, 0, "Doctor")]
    acquire(game, st, 0, "Jester")
    assert int(st.jesters[0, 0]) == 1
    assert [work_value(game, st, 0, "Poet"), work_value(game, st, 0, "Doctor")] == [v + JESTER for v in before]


def test_the_fame_track_keeps_counting_past_50_and_100():
    """Rulebook:

    "When you score an amount of Prestige Points (👑), move your Fame disk the appropriate number of spaces forward on the Fame track."
    "If your Fame disk passes space 50 on the Fame track, place the 50/100 disk in your color in front of you with the 50 side up and then continue moving your Fame disk along the Fame track from space 0."
    "If you pass the 50 space a second time, flip the 50/100 disk to its 100 side and then continue moving your Fame disk along the Fame track from space 0."
    "At the end of the game, if your 50/100 disk is in front of you, you will add 50 or 100 Prestige Points (👑), as appropriate, to the number of points shown by your Fame disk on the Fame track."
    """
    game, st = new_game(3, start=0)
    st.fame[0] = [48, 99, 0]
    start_turn(game, st, 0, round_index=6)
    act(game, st, "build_Chapel")
    place_first(game, st)
    assert int(st.fame[0, 0]) == 51 and int(st.scores[0, 0]) == 51  # past 50: 50 + 1
    end_action_phase(game, st)
    assert bool(st.terminated[0])
    assert st.scores[0].tolist() == [51, 99, 0]  # the disk's 50 / 100 counted in
    game, st = new_game(3, start=0)
    st.fame[0] = [0, 98, 0]
    start_turn(game, st, 1, round_index=0)
    act(game, st, "build_Chapel")
    place_first(game, st)
    assert int(st.fame[0, 1]) == 101  # the second pass: 100 + 1
