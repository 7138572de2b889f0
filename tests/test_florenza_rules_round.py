"""Florenza rulebook, lines 312-460: playing the game, a round in brief, phase 1 (income), phase 2
(the Captain of the People's powers) and phase 3 (the Bishop's powers). Each test quotes the
sentence(s) it checks; ``NOT_ENGINE_BEHAVIOUR`` lists the sentences of these lines that state no
engine behaviour."""

from __future__ import annotations

import numpy as np
from florenza_scenarios_a import (
    Trace,
    act,
    box_with_income,
    bring_into_play,
    char_action,
    clear_districts,
    empty_round,
    fresh,
    in_play,
    names,
    of_kind,
    put_workshop,
    roll_counter,
    run_stage,
)  # fmt: skip

from florentine_envs.games.florenza import constants as C

PART = "a"

NOT_ENGINE_BEHAVIOUR = {
    "The first player can use the summary card and this list to help ease play:": "layout",
    "At the bottom of your district board is a scroll showing the resources you receive from your family each round.": "component",  # noqa: E501
    "Note: These workshops have a distinctive purple background color so they are easy to spot.": "component",
}


def crest(game, st, p, m) -> None:
    """p's crest on main-board artwork m (game 0), as if completed earlier."""
    st.main_crest[0, m] = p
    st.crests[0, p] -= 1


def round_two(P=3, seed=1, captain=-1, bishop=-1, order=None):
    """Game 0 at the end of round 1 (every worker back in the pool), offices as given, ready to run
    phase 1 of round 2 with ``run_stage(game, st, C.ST_INCOME, round=2)``."""
    game, st = fresh(P, seed=seed)
    empty_round(st)
    st.captain[0], st.bishop[0] = captain, bishop
    if order is not None:
        st.order[0, :] = -1
        st.order[0, : len(order)], st.nslots[0] = order, len(order)
    return game, st


# ------------------------------------------------------------------ the round


def test_a_round_plays_its_nine_phases_in_order():
    """"Each round is divided into nine phases that must be played in order:" "Collect Income" "Captain of
    the People" "Bishop" "Worker Placement" "Market" "District Activities" "Artwork" "Turn Order" "End of
    the Round" "PHASE 1: All players receive resources, money, prestige, church influence, and workers
    they can use later in the round." "PHASE 2: The Captain of the People uses his power." "PHASE 3: The
    Bishop uses his power." "PHASE 5: All players with a worker in the market can buy, sell, or exchange
    resources with the supply." "PHASE 6: District workshops are operated and built, as planned in phase
    4." "PHASE 7: Artworks are completed, as planned in phase 4." "This can cause a gain or loss of
    prestige points and church influence." "PHASE 8: The new Captain of the People and Bishop are chosen,
    and a new turn order is determined." "PHASE 9: The turn marker and all characters advance."
    "Characters under the 'I' card are removed from the game and replaced by new ones."

    Round 2 with seat 0 Captain (holding the Atrio), seat 1 Bishop: the Atrio choice (phase 1), the
    Captain's and the Bishop's powers, the placements, seat 0 at the market, seat 1 converting on seat 0's
    Ottonaio, seat 2's Salone; then the new offices, the characters moving and round 3's income."""
    game, st = round_two(captain=0, bishop=1, order=[0, 1, 2])
    t = game.t
    clear_districts(game, st)
    put_workshop(game, st, 0, 0, "Ottonaio")
    crest(game, st, 0, t.atrio)
    leaving = int(in_play(st)[0])
    st.life[0, leaving] = 1
    st.res[0, 2], st.money[0, 2] = 5, 1000  # seat 2 can pay for the Salone
    st = run_stage(game, st, C.ST_INCOME, round=2)
    assert st.phase[0] == C.PH_ATRIO and st.money[0].tolist() == [500, 500, 1200]  # phase 1 paid (200 each)
    play = Trace(game)
    st = play(st, "atrio_gold")
    st = play(st, "pass")  # the Captain
    st = play(st, "pass")  # the Bishop
    st = play(st, "go_to_market")  # seat 0
    st = play(st, "operate_2_1")  # seat 1 on seat 0's Ottonaio (space 1)
    st = act(game, st, "artwork_signoria_salone")  # seat 2
    if st.phase[0] == C.PH_HIRE:
        st = play(st, "character_unnamed painter")
    while st.phase[0] == C.PH_PLACE:
        st = play(st, "go_to_work")
    assert st.phase[0] == C.PH_MARKET and st.current_player[0] == 0
    st = play(st, "pass")
    assert st.phase[0] == C.PH_CONVERT and st.current_player[0] == 1
    st = play(st, "convert")
    assert st.round[0] == 3  # the Salone (phase 7), the offices (8), the characters (9), round 3's income
    assert [(r, phase) for r, phase, _ in play.decisions(skip=("PLACE", "HIRE"))] == [
        (2, "ATRIO"), (2, "CAPTAIN"), (2, "BISHOP"), (2, "MARKET"), (2, "CONVERT"), (2, "SKILL"),
    ]  # fmt: skip
    assert st.main_crest[0, game.t.art_names.index("signoria_salone")] == 2  # phase 7
    assert st.captain[0] == 2  # phase 8: the Salone's prestige made seat 2 highest
    assert st.char_state[0, leaving] == C.GONE and (st.char_state[0] == C.IN_PLAY).sum() == len(in_play(st))
    assert st.phase[0] == C.PH_ATRIO and st.income_res[0] >= 0  # phase 1 of round 3


def test_the_first_round_starts_with_worker_placement():
    """"Important: In the first round of the game, the first three phases are skipped." "Start with Phase
    4: Place Workers in this round." "This phase is skipped in round 1." "This phase is skipped in round
    1" No income (money and workers as set up, no die rolled), no Captain and no Bishop to act."""
    game, st = fresh(4, first_game=False)
    while st.phase[0] == C.PH_START_PICK:
        st = game.step(st, np.array([int(np.flatnonzero(st.legal_action_mask[0])[0])]))
    assert st.phase[0] == C.PH_PLACE and st.round[0] == 1 and st.rolls[0] == 0
    assert (st.money[0] == 300).all() and (st.avail[0] == 4).all() and (st.res[0] == 1).all()
    assert st.captain[0] == -1 and st.bishop[0] == -1


# ------------------------------------------------------------------ phase 1: income


def test_family_income_on_an_empty_board():
    """"At the beginning of each round, all players collect income for their family holdings." "All
    incomes must be placed on your district board." "You must have zero workers on your district board
    before you collect income." "You may have resources or money from earlier rounds." "All players
    receive the same family income:" "200 Fiorini" "1 Marble" "1 Wood" "4 Workers" """
    game, st = round_two()
    t = game.t
    st.money[0] = [0, 130, 777]
    st.res[0, 1] = [0, 0, 3, 0, 2, 0]
    before = st.copy()
    st = run_stage(game, st, C.ST_INCOME, round=2)
    r = int(st.income_res[0])
    for p in range(3):
        gained = (st.res[0, p] - before.res[0, p]).tolist()
        expect = [int(t.marble == i) + int(t.wood == i) + int(r == i) for i in range(6)]
        assert gained == expect and st.money[0, p] == before.money[0, p] + 200
        assert st.avail[0, p] == 4 and st.pool[0, p] == 4


def test_income_die_one_roll_one_resource_for_everybody():
    """"Each round all players will also receive a random resource, determined by the roll of the die."
    "The first player rolls the die once, and consults the resource table on the tracking chart." "All
    players each receive the resource shown on the chart." """
    for face in range(1, 7):
        game, st = round_two(seed=3)
        st.rolls[0] = roll_counter(st, face)
        rolls = int(st.rolls[0])
        before = st.copy()
        st = run_stage(game, st, C.ST_INCOME, round=2)
        r = int(game.t.die_resource[face - 1])
        assert st.rolls[0] == rolls + 1 and st.income_res[0] == r
        extra = (st.res[0, :, r] - before.res[0, :, r]).tolist()
        assert extra == [1 + (r in (game.t.marble, game.t.wood))] * 3


def test_income_die_pays_100_fiorini_when_the_cubes_run_out():
    """"If there are not enough resource cubes of that type, each player instead receives 100 Fiorini."
    (D7: the cubes on the board are those no player holds; fewer than one per player is not enough.)"""
    for left, short in ((3, False), (2, True)):
        game, st = round_two(seed=2)
        st.rolls[0] = roll_counter(st, 3)
        r = int(game.t.die_resource[2])
        st.res[0, :, r] = 0
        st.res[0, 0, r] = game.t.cubes[r] - left
        before = st.copy()
        st = run_stage(game, st, C.ST_INCOME, round=2)
        assert (st.money[0] - before.money[0]).tolist() == [200 + 100 * short] * 3
        assert (st.res[0, :, r] - before.res[0, :, r]).tolist() == [int(not short) + (r in (game.t.marble, game.t.wood))] * 3  # noqa: E501


def test_artwork_income_prestige_influence_worker_and_the_atrio():
    """"You may also receive additional income each round for artworks that you have completed earlier in
    the game." "If your family crest is on an artwork that provides income, you receive that income during
    this phase." "Since the yellow player completed the artwork shown, he receives 1 prestige point in
    phase 1 each round." "The other artworks shown would award 1 church influence, 1 worker, or in the
    case of the Atrio of the Banco, 1 gold cube or the option to sell 1 gold for 200 Fiorini."

    Seat 0 holds the Salone (1 prestige), seat 1 an influence artwork, seat 2 a worker artwork and the
    Atrio."""
    for choice in ("atrio_gold", "atrio_sell_gold"):
        game, st = round_two()
        t = game.t
        salone = t.art_names.index("signoria_salone")
        crest(game, st, 0, salone)
        crest(game, st, 1, box_with_income(game, "influence"))
        crest(game, st, 2, box_with_income(game, "worker"))
        crest(game, st, 2, t.atrio)
        st = run_stage(game, st, C.ST_INCOME, round=2)
        assert st.track[0].tolist() == [1, 0, 0] and st.influence[0].tolist() == [0, 1, 0]
        assert st.avail[0].tolist() == [4, 4, 5]
        assert st.phase[0] == C.PH_ATRIO and st.current_player[0] == 2
        assert names(game, st) == {"atrio_gold", "atrio_sell_gold"}
        before = st.copy()
        st = act(game, st, choice)
        gold = int(st.res[0, 2, t.gold] - before.res[0, 2, t.gold])
        money = int(st.money[0, 2] - before.money[0, 2])
        assert (gold, money) == ((1, 0) if choice == "atrio_gold" else (-1, 200))


def test_casa_casamento_and_palagio_pay_income_every_round():
    """"Some workshops also provide income every round:" "Each Casa pays its owner 50 Fiorini and 1
    worker." "Each Casamento pays its owner 100 Fiorini and 1 worker." "The Palagio pays its owner 1
    prestige point, 100 Fiorini, and 1 worker." "These buildings automatically provide an income to their
    owner during Phase 1." """
    game, st = round_two()
    clear_districts(game, st)
    put_workshop(game, st, 0, 0, "Casa")
    put_workshop(game, st, 0, 1, "Casa")
    put_workshop(game, st, 1, 0, "Casamento")
    put_workshop(game, st, 2, 0, "Palagio")
    put_workshop(game, st, 2, 1, "Casa", built=False)  # not built yet: no income
    before = st.copy()
    st = run_stage(game, st, C.ST_INCOME, round=2)
    assert (st.money[0] - before.money[0]).tolist() == [200 + 100, 200 + 100, 200 + 100]
    assert st.avail[0].tolist() == [6, 5, 5] and st.pool[0].tolist() == [2, 3, 3]
    assert st.track[0].tolist() == [0, 0, 1]


def test_prestige_track_goes_past_fifty():
    """"Every time you gain prestige points from any source, you must advance your marker on the prestige
    track a number of spaces equal to the prestige earned." "If your marker advances beyond the '50'
    space, turn the marker over so the '+50' side is showing and return it to the beginning of the
    track." (The track counts on: 49 + 2 is 51.)"""
    game, st = round_two()
    clear_districts(game, st)
    put_workshop(game, st, 0, 0, "Palagio")
    crest(game, st, 0, game.t.art_names.index("signoria_salone"))
    st.track[0, 0] = 49
    st = run_stage(game, st, C.ST_INCOME, round=2)
    assert st.track[0, 0] == 51 and game.score_parts(st)["prestige"][0, 0] == 51


def test_church_influence_lives_on_its_track_only_and_goes_past_ten():
    """"When you gain or lose church influence, you must record those changes on the church influence
    track." "There are no certificates or markers for church influence, however." "This status is tracked
    only on the church influence track." "If your church influence increases beyond 10, turn your marker
    over so the '+10' side is showing and return it to the beginning of the track." Seat 1 at 10 gains 1
    in phase 1 (11, seen at the Captain's decision); influence never turns into certificates."""
    game, st = round_two(captain=0, order=[0, 1, 2])
    crest(game, st, 1, box_with_income(game, "influence"))
    st.influence[0, 1] = 10
    st = run_stage(game, st, C.ST_INCOME, round=2)
    assert st.phase[0] == C.PH_CAPTAIN and st.influence[0, 1] == 11 and (st.certs[0] == 0).all()
    # a loss is recorded too (a preacher with an influence penalty), never below 0 (D5)
    preacher = int(np.flatnonzero(game.t.is_preacher & (game.t.ch_inf[:40] < 0))[0])
    game.add_influence(st, 0, 1, game.t.ch_inf[preacher])
    assert st.influence[0, 1] == 11 + game.t.ch_inf[preacher]


# ------------------------------------------------------------------ offices


def test_offices_are_elected_in_phase_eight_and_act_in_phases_two_and_three():
    """"The player who earns the most influence will be nominated 'Captain of the People' during Phase 8:
    New Turn Order." "If a player can gather enough influence in the church, he will become the 'Bishop'
    during Phase 8: New Turn Order." "His authority gives the player two benefits, that he applies in this
    phase." Seat 2 highest on the prestige track, seat 0 with enough church influence: the next round's
    phase 2 is seat 2's decision, phase 3 seat 0's."""
    game, st = round_two()
    st.track[0], st.influence[0] = [1, 0, 5], [4, 1, 0]
    st = run_stage(game, st, C.ST_ORDER, round=2)
    assert st.captain[0] == 2 and st.bishop[0] == 0 and st.round[0] == 3
    assert st.phase[0] == C.PH_CAPTAIN and st.current_player[0] == 2
    st = act(game, st, "pass")
    assert st.phase[0] == C.PH_BISHOP and st.current_player[0] == 0


def market_order(game, st) -> list[int]:
    """Everybody sends his first worker to the market, the rest go to work; -> the players in the order
    of their market decisions (each passes)."""
    while st.phase[0] == C.PH_PLACE:
        p = int(st.current_player[0])
        st = act(game, st, "go_to_work" if st.market_worker[0, p] else "go_to_market")
    seen = []
    while st.phase[0] == C.PH_MARKET:
        seen.append(int(st.current_player[0]))
        st = act(game, st, "pass")
    return seen


def test_the_captain_acts_first_and_the_bishop_second_or_first_without_a_captain():
    """"The Captain always acts first in each phase of the round." "The Bishop always acts second in each
    phase of the round, unless there is no Captain." "If there is no Captain, the Bishop acts first in each
    phase." Offices elected in phase 8; the placement and the market follow them."""
    for track, influence, captain, bishop, first_two in (
        ([1, 0, 5], [4, 1, 0], 2, 0, [2, 0]),  # Captain 2, Bishop 0
        ([3, 3, 0], [0, 6, 1], -1, 1, [1]),  # a tie for the Captain: the Bishop first
    ):
        game, st = round_two(seed=6)
        st.track[0], st.influence[0] = track, influence
        st = run_stage(game, st, C.ST_ORDER, round=2)
        assert st.captain[0] == captain and st.bishop[0] == bishop
        while st.phase[0] in (C.PH_ATRIO, C.PH_CAPTAIN, C.PH_BISHOP):
            st = act(game, st, "pass")
        assert st.phase[0] == C.PH_PLACE and st.current_player[0] == first_two[0]
        order = market_order(game, st)
        assert order[: len(first_two)] == first_two and sorted(order) == [0, 1, 2]


# ------------------------------------------------------------------ phase 2: the Captain


def captain_to_act(P=3, seed=1):
    """Round 2, seat 0 Captain (first), at his phase-2 decision; every seat has 4 workers."""
    game, st = round_two(P, seed=seed, captain=0, order=list(range(P)))
    st = run_stage(game, st, C.ST_INCOME, round=2)
    assert st.phase[0] == C.PH_CAPTAIN and st.current_player[0] == 0
    return game, st


def test_captain_detains_one_worker_until_the_end_of_the_round():
    """"The Captain can detain one worker or one named artist." "The Captain of the People can detain one
    worker from any opponent's family." "Take the chosen worker from your opponent's district board and
    place it on the 'VI' Life in Florenza card (showing the guard)." "A detained worker cannot be used for
    any purpose for the rest of the round." "The worker is returned to the pool during Phase 9: End of
    Round." """
    game, st = captain_to_act()
    assert {"target_seat_1", "target_seat_2", "pass"} <= names(game, st)
    st = act(game, st, "target_seat_2")
    assert st.avail[0].tolist() == [4, 4, 3] and st.detained[0].tolist() == [0, 0, 1]
    assert st.phase[0] == C.PH_PLACE  # one detention only: on to placement (no Bishop this round)
    placed = {0: 0, 1: 0, 2: 0}
    while st.phase[0] == C.PH_PLACE and st.round[0] == 2:
        placed[int(st.current_player[0])] += 1
        st = act(game, st, "go_to_work")
        assert st.detained[0, 2] == 1 or st.round[0] > 2
    assert placed == {0: 4, 1: 4, 2: 3}  # the detained worker was never placed
    game.check_invariants(st)
    st.stage[0] = C.ST_END
    game._end_of_round(st, 0)
    assert st.detained[0, 2] == 0 and st.pool[0, 2] == 8


def test_captain_detains_a_named_artist_only_he_can_hire():
    """"The Captain of the People can detain one artist." "Take the chosen artist's tile from his card and
    place it on the 'VI' Life in Florenza card." "Only named artists can be detained." "Only the Captain of
    the People can hire a detained artist." "The artist returns to his card during Phase 9: End of Round."
    "Note: The Captain of the People cannot detain a preacher!" """
    game, st = fresh(3)
    empty_round(st)
    painter = of_kind(game, artist=True, skill="painter", multi=False)[0]
    preacher = of_kind(game, artist=False)[0]
    bring_into_play(st, painter, 3)
    bring_into_play(st, preacher, 3)
    st.captain[0], st.order[0, :3] = 0, [0, 1, 2]
    st = run_stage(game, st, C.ST_INCOME, round=2)
    legal = names(game, st)
    assert char_action(game, painter) in legal and char_action(game, preacher) not in legal
    assert not any(f"character_unnamed {k}" in legal for k in game.t.skill_names + ["preacher"])
    st = act(game, st, char_action(game, painter))
    assert st.char_where[0, painter] == C.DETAINED
    st = act(game, st, "go_to_work")  # seat 0
    st = act(game, st, "artwork_signoria_salone")  # seat 1: the detained painter is not offered
    if st.phase[0] == C.PH_HIRE:
        assert char_action(game, painter) not in names(game, st)
        st = act(game, st, "character_unnamed painter")
    assert st.main_artist[0, game.t.art_names.index("signoria_salone")] != painter
    st = act(game, st, "go_to_work")  # seat 2
    st = act(game, st, "artwork_vescovile_salone")  # seat 0, the Captain, hires him from the guard
    assert st.phase[0] == C.PH_HIRE and char_action(game, painter) in names(game, st)
    # not hired: he stays on the guard card for the round and goes back to his card in phase 9
    st = act(game, st, "character_unnamed painter")
    assert st.char_where[0, painter] == C.DETAINED
    st.stage[0] = C.ST_END
    game._end_of_round(st, 0)
    assert st.char_where[0, painter] == C.ON_CARD


# ------------------------------------------------------------------ phase 3: the Bishop


def bishop_to_act():
    """Round 2, seat 1 Bishop (first: no Captain), at his phase-3 decision."""
    game, st = round_two(bishop=1, order=[1, 0, 2])
    st = run_stage(game, st, C.ST_INCOME, round=2)
    assert st.phase[0] == C.PH_BISHOP and st.current_player[0] == 1
    return game, st


def test_bishop_converts_one_worker_into_his_family():
    """"The Bishop can convert one worker or expel one preacher." "The Bishop can convert a worker from
    another family, causing him to join the Bishop's family instead." "Take one worker from your
    opponent's district board and return it to the pool." "Then take one of your workers from the pool (if
    there is one) and place it on your district board." """
    game, st = bishop_to_act()
    st = act(game, st, "target_seat_1")  # seat 2
    assert st.avail[0].tolist() == [4, 5, 3] and st.pool[0].tolist() == [4, 3, 5]
    assert st.phase[0] == C.PH_PLACE  # one power only


def test_bishop_converts_even_with_an_empty_pool():
    """"Note: You can convert a worker (moving it to the pool) even if you have no workers of your own in
    the pool to take." """
    game, st = round_two(bishop=1, order=[1, 0, 2])
    clear_districts(game, st)
    for space in range(4):
        put_workshop(game, st, 1, space, "Casa")  # 4 more workers: the Bishop's pool is empty
    st = run_stage(game, st, C.ST_INCOME, round=2)
    assert st.avail[0, 1] == 8 and st.pool[0, 1] == 0
    assert "target_seat_2" in names(game, st)
    st = act(game, st, "target_seat_2")  # seat 0
    assert st.avail[0].tolist() == [3, 8, 4] and st.pool[0].tolist() == [5, 0, 4]


def test_bishop_expels_a_named_preacher_for_the_round():
    """"The Bishop can expel a preacher from the city." "Take the chosen preacher's tile from his card and
    place it on your turn order card (showing the picture of the Bishop)." "Only named preachers can be
    expelled." "No player can give charity or use this preacher in any way for the rest of the round."
    "The preacher is returned to his card during Phase 9: End of Round." "Note: The Bishop cannot expel an
    artist!" """
    game, st = round_two(bishop=1, order=[1, 0, 2])
    preacher = of_kind(game, artist=False)[0]
    artist = of_kind(game, artist=True)[0]
    bring_into_play(st, preacher, 3)
    bring_into_play(st, artist, 3)
    st = run_stage(game, st, C.ST_INCOME, round=2)
    legal = names(game, st)
    assert char_action(game, preacher) in legal and char_action(game, artist) not in legal
    assert "character_unnamed preacher" not in legal
    st = act(game, st, char_action(game, preacher))
    assert st.char_where[0, preacher] == C.EXPELLED and st.phase[0] == C.PH_PLACE
    st.money[0] = 10_000
    for p in range(3):
        assert not game.givable(st, 0, p)[preacher]
    game.refresh_mask(st, 0)
    st = act(game, st, "charity_own_pulpit")  # only the unnamed preacher is left to give to
    assert st.phase[0] == C.PH_PLACE and st.unnamed_left[0, 3] == 1
    st.stage[0] = C.ST_END
    game._end_of_round(st, 0)
    assert st.char_where[0, preacher] == C.ON_CARD
