"""Florenza rulebook, lines 342-349 and 462-631: phase 4 (worker placement: operate or build a
workshop, hire an artist, go to the market, give charity, go to work), phase 5 (the market, with Paul's
example) and the order of phase 6 (district activities). Each test quotes the sentence(s) it checks;
``NOT_ENGINE_BEHAVIOUR`` lists the sentences of these lines that state no engine behaviour."""

from __future__ import annotations

import numpy as np
from florenza_scenarios_a import (
    act,
    bring_into_play,
    char_action,
    clear_districts,
    empty_round,
    fresh,
    hire_on,
    names,
    of_kind,
    place_then,
    prestige,
    put_workshop,
    resource,
    roll_counter,
    run_stage,
    work_until,
    workshop,
)  # fmt: skip

from florentine_envs.games.florenza import constants as C
from florentine_envs.games.florenza.reference.actions import PHASE
from florentine_envs.games.florenza.reference.rng import ReferenceRng
from florentine_envs.games.florenza.reference.rules import Rules
from florentine_envs.games.florenza.reference.state import Slot
from florentine_envs.games.florenza.reference.tables import load_tables

PART = "a"

NOT_ENGINE_BEHAVIOUR = {
    "These workshops have a special purple background color to distinguish them from the other workshops.": "component",  # noqa: E501
    "REQUIRED RESOURCES to build the workshop PRESTIGE POINTS earned when you build the workshop": "layout",
    "INCOME OR BENEFIT granted by the workshop when operated": "layout",
    "But, you should plan carefully so that you will have the right resources when you need them.": "flavour",
    "Hint: Each player has a building table that lists every workshop in the game and shows both the building costs and the effects of each workshop.": "component",  # noqa: E501
    "Hint: each player has an artwork table that shows needed resources and artist kinds per each artwork, and the income they give.": "component",  # noqa: E501
    "Cathedral": "layout",
    "Civic Buildings in Florence": "layout",
}


def last_round(P=3, seed=1, **options):
    """A first-game position at its first placement, relabelled round 8: after the placements the flow
    plays phases 5-8 and stops at the game's end (no new round to clear the board)."""
    game, st = fresh(P, seed=seed, **options)
    st.round[0] = 8
    return game, st


def seat_to_move(st) -> int:
    return int(st.current_player[0])


# ------------------------------------------------------------------ taking turns


def test_players_place_one_worker_at_a_time_in_turn_order_until_all_are_used():
    """"During this phase, players will take turns placing workers and giving charity to preachers." "The
    players take turns in the order shown on the turn order chart, beginning with the Captain of the
    People (if he is in play)." "The workers available for each player, are those determined in phase 1:
    Collect Income." "Each player places a worker until the last placed his first one." "Then the first
    player places his second worker and so on, until all the workers of all players have been used."
    Round 2, seat 1 Captain, seat 2 with a Casa (a fifth worker from phase 1)."""
    game, st = fresh(3)
    empty_round(st)
    clear_districts(game, st)
    put_workshop(game, st, 2, 0, "Casa")
    st.captain[0], st.order[0, :3] = 1, [1, 2, 0]
    st = run_stage(game, st, C.ST_INCOME, round=2)
    if st.phase[0] == C.PH_CAPTAIN:
        st = act(game, st, "pass")
    seen = []
    while st.phase[0] == C.PH_PLACE and st.round[0] == 2:
        seen.append(seat_to_move(st))
        st = act(game, st, "go_to_work")
    assert seen == [1, 2, 0] * 4 + [2]


def test_six_ways_to_place_a_worker():
    """"PHASE 4: The players use their workers to:" "Operate workshops" "Build workshops" "Hire artists" "Go
    to the market" "Give charity" "Go to work II" "You can place a worker in six ways:" """
    game, st = fresh(3)
    st.main_crest[0, game.t.pulpit] = 2  # the Cathedral Pulpit completed: both pulpits open
    st.crests[0, 2] -= 1
    game.refresh_mask(st, 0)
    kinds = {n.rsplit("_", 1)[0] if n.startswith(("operate", "build")) else n for n in names(game, st)}
    assert {"operate_0", "build", "artwork_signoria_salone", "go_to_market", "charity_own_pulpit",
            "charity_cathedral_pulpit", "go_to_work"} <= kinds  # fmt: skip
    assert all(n.startswith(("operate", "build", "artwork", "go_to", "charity")) for n in names(game, st))


# ------------------------------------------------------------------ A. operate a workshop


def test_operating_a_workshop_own_for_free_opponents_for_one_prestige_benefit_in_phase_six():
    """"You can place your worker on a finished workshop to produce resources, money, or other benefits."
    "Choose the workshop you wish to use and place your worker on the tile." "There is no cost for placing
    a worker in one of the workshops on your own district board." "You can use a workshop on another
    player's district board by placing one of your workers on that workshop." "But, you must pay that
    player 1 prestige point when you place your worker there." "Remember to move the markers on the
    prestige track." "You do not receive the benefit of the workshop until Phase 6: Workshops." """
    game, st = last_round(3)
    t = game.t
    clear_districts(game, st)
    p = seat_to_move(st)
    q = (p + 1) % 3
    put_workshop(game, st, p, 0, "Fabbro")
    put_workshop(game, st, q, 0, "Erbolaio")
    game.refresh_mask(st, 0)
    before = st.copy()
    st = act(game, st, "operate_0_1")  # own Fabbro
    assert st.space_worker[0, p, 0] == p and st.track[0, p] == 0
    assert (st.res[0] == before.res[0]).all() and (st.money[0] == before.money[0]).all()
    st = work_until(game, st, lambda s: seat_to_move(s) == p)
    st = act(game, st, "operate_1_1")  # q's Erbolaio
    assert st.space_worker[0, q, 0] == p and st.track[0, p] == -1 and st.track[0, q] == 1
    assert st.res[0, p].tolist() == before.res[0, p].tolist()  # nothing produced yet
    st = work_until(game, st, lambda s: s.phase[0] != C.PH_PLACE)
    metal, spice = resource(game, "metal"), resource(game, "spice")
    assert st.res[0, p, metal] == before.res[0, p, metal] + t.ws_gain[workshop(game, "Fabbro"), metal]
    assert st.res[0, p, spice] == before.res[0, p, spice] + t.ws_gain[workshop(game, "Erbolaio"), spice]
    assert st.res[0, q, spice] == before.res[0, q, spice]  # the benefit is the worker's


def test_no_opponents_workshop_from_minus_three():
    """"You cannot place a worker on a workshop in an opponent's district if your marker on the prestige
    track is already on the '-3' space." From -2 the fee may take the marker to -3; on -3 (or below) only
    one's own workshops are open."""
    for track, allowed in ((-2, True), (-3, False), (-5, False)):
        game, st = fresh(3)
        p = seat_to_move(st)
        st.track[0, p] = track
        game.refresh_mask(st, 0)
        legal = names(game, st)
        assert ("operate_1_1" in legal) == allowed and ("operate_2_2" in legal) == allowed
        assert "operate_0_1" in legal


def test_a_workshop_once_per_round():
    """"Important: Each workshop can be used only once per round!" "You cannot place a worker on a workshop
    that is already occupied by another worker." """
    game, st = fresh(3)
    p = seat_to_move(st)
    st = act(game, st, "operate_1_2")
    for _ in range(8):  # nobody, the owner included, may use it again this round
        q = seat_to_move(st)
        assert f"operate_{(p + 1 - q) % 3}_2" not in names(game, st)
        st = act(game, st, "go_to_work")


def test_casa_casamento_and_palagio_take_no_worker():
    """"Note: The Casa, Casamento, and Palagio cannot be used by workers." "CASA, CASAMENTO, AND PALAGIO
    cannot be occupied by a worker" "No worker can ever be placed on these special buildings." """
    game, st = fresh(3)
    clear_districts(game, st)
    p = seat_to_move(st)
    put_workshop(game, st, p, 0, "Casa")
    put_workshop(game, st, p, 1, "Casamento")
    put_workshop(game, st, (p + 1) % 3, 0, "Palagio")
    put_workshop(game, st, (p + 1) % 3, 1, "Fabbro")
    game.refresh_mask(st, 0)
    legal = {n for n in names(game, st) if n.startswith("operate")}
    assert legal == {"operate_1_2"}


# ------------------------------------------------------------------ B. build a workshop


def test_building_goes_building_side_up_on_the_lowest_space_and_is_paid_in_phase_six():
    """"You can assign a worker to build a new workshop in your district." "Take the workshop tile you wish
    to build and place it on your district board with the building side up." "You must place it in the
    lowest-numbered space on your district board." "Then, place your worker on top of the workshop tile."
    "The workshop is not built until Phase 6: Workshops." "Note: You do not have to have the resources
    required to build a workshop when you place the tile on your district board." """
    game, st = last_round(3)
    t = game.t
    p = seat_to_move(st)
    zecca = workshop(game, "Zecca")
    st.money[0, p], st.res[0, p] = 0, 0  # nothing to pay with now
    game.refresh_mask(st, 0)
    st = act(game, st, "build_Zecca")
    assert st.space_type[0, p, 2] == zecca and not st.space_built[0, p, 2] and st.space_worker[0, p, 2] == p
    assert st.ws_supply[0, zecca] == 0
    st.res[0, p], st.money[0, p] = t.ws_cost[zecca], t.ws_cost_fl[zecca]  # earned before phase 6
    st = work_until(game, st, lambda s: s.phase[0] != C.PH_PLACE)
    assert st.space_built[0, p, 2] and (st.res[0, p] == 0).all()
    assert prestige(st, p) == t.ws_build_pp[zecca]


def test_a_unique_workshop_can_be_built_once():
    """"If a workshop has a darkened background on the building table, there is only one copy of that
    workshop in the game." """
    game, st = fresh(3)
    assert game.t.ws_qty[workshop(game, "Biblioteca")] == 1
    st = act(game, st, "build_Biblioteca")
    for _ in range(2):
        assert "build_Biblioteca" not in names(game, st) and "build_Casa" in names(game, st)
        st = act(game, st, "go_to_work")


def test_at_most_eight_workshops_and_they_stay_for_the_game():
    """"You must plan your building carefully, as you can only build a maximum of 8 workshops!" "Once
    built, workshops remain for the rest of the game and cannot be removed or changed." """
    game, st = fresh(2)
    p = seat_to_move(st)
    for space in range(2, 8):
        put_workshop(game, st, p, space, ["Casa", "Casa", "Casa", "Casa", "Fabbro", "Cava"][space - 2])
    game.refresh_mask(st, 0)
    assert not any(n.startswith("build_") for n in names(game, st))
    tiles = st.space_type[0].copy()
    while not st.terminated[0]:  # nothing in eight rounds takes a built workshop away
        legal = np.flatnonzero(st.legal_action_mask[0])
        a = game.ids.work if st.phase[0] == C.PH_PLACE else int(legal[0])
        st = game.step(st, np.array([a]))
        assert (st.space_type[0] == tiles).all() and st.space_built[0][tiles >= 0].all()


# ------------------------------------------------------------------ C. hire an artist


def test_a_worker_on_an_open_artwork_box_of_ones_district_or_the_main_board():
    """"In order to complete an artwork, you must send a worker to hire an artist." "Place your worker on
    the artwork you want to complete." "The artwork box must not have any player's family crest token, and
    it cannot already have a worker." "The artwork you choose can be on your own district board or on the
    main gameboard." """
    game, st = fresh(3)
    t = game.t
    p = seat_to_move(st)
    salone, cupola = t.art_names.index("signoria_salone"), t.art_names.index("battistero_cupola")
    st.main_crest[0, cupola] = (p + 2) % 3
    st.crests[0, (p + 2) % 3] -= 1
    st.box_crest[0, p, 0] = True
    st.crests[0, p] -= 1
    game.refresh_mask(st, 0)
    legal = names(game, st)
    assert "artwork_battistero_cupola" not in legal and f"artwork_district_{t.box_names[0]}" not in legal
    assert f"artwork_district_{t.box_names[1]}" in legal and "artwork_signoria_salone" in legal
    st = place_then(game, st, "artwork_signoria_salone", "character_unnamed painter")
    assert st.main_worker[0, salone] == p
    assert "artwork_signoria_salone" not in names(game, st)  # it has a worker now
    # a district box is the owner's alone: the action space names one's own boxes only
    q = seat_to_move(st)
    st = act(game, st, f"artwork_district_{t.box_names[1]}")
    assert st.box_worker[0, q, 1] and not st.box_worker[0, p, 1]


def test_the_artist_is_chosen_at_once_among_free_tiles_with_a_matching_skill():
    """"The artist must have the ability required for the artwork (painter, sculptor, or architect)."
    "When you place a worker on an artwork, you must also immediately choose which artist you will hire."
    "Take the chosen artist's tile from his card and place it on top of your worker (leave his card by the
    Life in Florence cards)." "You cannot hire an artist if his tile is not on his card beneath a Life in
    Florence card." "Note: You may instead hire one of the six unnamed artists directly from his Life in
    Florence card." "Important: There are three artist skills in Florence: painting, sculpting, and
    architecture." "Each artist has one or more of these skills, which is shown on his tile and his card."
    "Each artwork also shows one or more skills." "You can only hire an artist if one of his skills matches
    one of the skills shown on the artwork you are attempting to complete." """
    game, st = fresh(3)
    t = game.t
    assert t.skill_names == ["painter", "sculptor", "architect"]
    assert (t.skills[:40][t.is_artist].sum(1) >= 1).all() and (t.all_skills.sum(1) >= 1).all()
    painters = of_kind(game, artist=True, skill="painter")[:2]
    sculptor = of_kind(game, artist=True, skill="sculptor", multi=False)[0]
    for c in painters + [sculptor]:
        bring_into_play(st, c, 4)
    p = seat_to_move(st)
    st = act(game, st, "artwork_signoria_salone")  # a painter's work
    assert st.phase[0] == C.PH_HIRE and seat_to_move(st) == p
    offered = {n for n in names(game, st)}
    expect = {char_action(game, c) for c in range(40) if st.char_state[0, c] == C.IN_PLAY and t.is_artist[c]
              and t.skills[c, 0]} | {"character_unnamed painter"}  # fmt: skip
    assert offered == expect and char_action(game, sculptor) not in offered
    st = act(game, st, char_action(game, painters[0]))
    assert st.char_where[0, painters[0]] == C.ON_BOX and st.char_state[0, painters[0]] == C.IN_PLAY
    assert st.life[0, painters[0]] == 4  # his card stays in the row
    st = act(game, st, "artwork_vescovile_salone")  # the next player: that painter's tile is gone
    assert char_action(game, painters[0]) not in names(game, st) and char_action(game, painters[1]) in names(game, st)


def test_artist_and_artwork_are_paid_in_phase_seven_for_the_chosen_skill():
    """"Each artist has a cost that you must pay when he completes the artwork." "You must pay the cost for
    the skill you choose to use (which must fill the requirements for the artwork)." "Also, each artwork
    has a cost (in resources and coins) that you must pay." "Both of these costs are not paid at this
    time." "You must pay these costs in Phase 7: Artwork." "Note: You do not have to have the resources
    and coins required to pay the artist or the costs of the artwork when you place your worker in the
    artwork box." A painter-sculptor with two prices on a painter/sculptor box, hired with no money."""
    game, st = last_round(3)
    t = game.t
    box = int(np.flatnonzero(t.art_skills[:, 0] & t.art_skills[:, 1] & (t.art_zone == C.Z_CIVIC))[0])
    artist = next(c for c in of_kind(game, artist=True, multi=True)
                  if t.skills[c, 0] and t.skills[c, 1] and t.hire_cost[c, 0] != t.hire_cost[c, 1])  # fmt: skip
    bring_into_play(st, artist, 4)
    p = seat_to_move(st)
    st.money[0, p], st.res[0, p] = 0, 0
    game.refresh_mask(st, 0)
    st = act(game, st, f"artwork_{t.art_names[box]}")
    st = act(game, st, char_action(game, artist))
    assert st.money[0, p] == 0 and st.main_artist[0, box] == artist
    cheap = int(np.argmin(np.where(t.skills[artist, :2], t.hire_cost[artist, :2], 10**6)))
    money = int(t.art_cost_fl[box] + t.hire_cost[artist].max())
    st.money[0, p], st.res[0, p] = money, t.art_cost[box]  # earned before phase 7
    st = work_until(game, st, lambda s: s.phase[0] != C.PH_PLACE)
    assert st.phase[0] == C.PH_SKILL and names(game, st) == {"skill_painter", "skill_sculptor"}
    money = int(st.money[0, p])  # with the wages of going to work
    st = act(game, st, f"skill_{t.skill_names[cheap]}")
    assert st.main_crest[0, box] == p and (st.res[0, p] == 0).all()
    assert st.money[0, p] == money - t.art_cost_fl[box] - t.hire_cost[artist, cheap]


def test_two_free_unnamed_artists_of_each_skill_every_round():
    """"There are two unnamed artists showing each type of skill." "They are available every round."
    "These artists do not produce work that is as valuable as named artists, but they can be hired for free
    (pay only the costs shown in the artwork box)." """
    game, st = fresh(3)
    t = game.t
    painter_boxes = ["signoria_salone", "vescovile_salone", "duomo_abside"]
    for box in painter_boxes[:2]:
        st = place_then(game, st, f"artwork_{box}", "character_unnamed painter")
    assert st.unnamed_left[0, 0] == 0
    if "artwork_duomo_abside" in names(game, st):
        st = act(game, st, "artwork_duomo_abside")
        assert "character_unnamed painter" not in names(game, st)
    # every round both come back; and an unnamed artist's table is worth less on average than any named one's
    game, st = fresh(3)
    empty_round(st)
    st.unnamed_left[0] = 0
    st = run_stage(game, st, C.ST_END)
    assert st.unnamed_left[0].tolist() == [2, 2, 2, 2]
    for c in of_kind(game, artist=True):
        for k in np.flatnonzero(t.skills[c]):
            assert t.die_pp[c, k, 1:].mean() > t.die_pp[40 + k, k, 1:].mean()
    # free: only the box's cost is paid
    game, st = fresh(3)
    empty_round(st)
    salone = t.art_names.index("signoria_salone")
    hire_on(game, st, 0, salone, 40)
    st.res[0, 0], st.money[0, 0] = t.art_cost[salone], t.art_cost_fl[salone]
    st = run_stage(game, st, C.ST_ARTWORK, round=8)
    assert st.main_crest[0, salone] == 0 and st.money[0, 0] == 0 and (st.res[0, 0] == 0).all()


# ------------------------------------------------------------------ D. market, F. go to work


def test_one_market_worker_per_player_each_round():
    """"You can send one worker each round to the Market." "Unlike workshops, all players can use the
    Market each round, so each player can place one (and only one) worker here." "Each player with a worker
    in the Market can buy, sell, and trade resources during Phase 5: Market." """
    game, st = last_round(3)
    at_market = []
    while st.phase[0] == C.PH_PLACE:
        p = seat_to_move(st)
        if "go_to_market" in names(game, st):
            at_market.append(p)
            st = act(game, st, "go_to_market")
        else:
            assert st.market_worker[0, p]
            st = act(game, st, "go_to_work")
    assert sorted(at_market) == [0, 1, 2]
    traders = []
    while st.phase[0] == C.PH_MARKET:
        traders.append(seat_to_move(st))
        assert {"sell_marble", "buy_gold", "trade"} <= names(game, st)
        st = act(game, st, "pass")
    assert traders == st.order[0, :3].tolist()


def test_go_to_work_pays_50_and_takes_any_number_of_workers():
    """"You can place one worker on the space near the Atrio in the Banco zone." "This allows you to take
    immediately 50 Fiorini from the supply." "On this space, every player can place as many workers as he
    wants, following the normal turn order (1 worker per each action)." """
    game, st = fresh(3)
    p = seat_to_move(st)
    money = int(st.money[0, p])
    for n in range(1, 5):
        st = work_until(game, st, lambda s: seat_to_move(s) == p)
        st = act(game, st, "go_to_work")
        assert st.money[0, p] == money + 50 * n and st.at_work[0, p] == n
        if n < 4:
            assert seat_to_move(st) != p  # one worker per turn


# ------------------------------------------------------------------ E. give charity


def test_charity_to_a_named_preacher_is_paid_at_once_and_gives_his_cubes_and_workers():
    """"If you want more workers, you can give charity to a preacher." "When you decide to give charity, you
    must place one of your workers on an empty Pulpit space." "Choose a preacher that has not already
    received charity this round (i.e., one whose tile is still on his card in the Life in Florenza area)."
    "Take the tile and place it with your worker (leave his card in the Life in Florenza area)." "You must
    pay the cost shown on the top of the preacher's card as soon as you place his tile on a Pulpit." "Then
    immediately take from the supply the resource and the workers shown on the card." "Place them on the
    district board to use later in the round." "Note: Some preachers can cause a player to gain or lose
    prestige points or church influence." "These awards or penalties are shown on the preacher's card."
    """
    game, st = fresh(3)
    t = game.t
    preacher = next(c for c in of_kind(game, artist=False) if t.ch_pp[c] != 0 or t.ch_inf[c] != 0)
    bring_into_play(st, preacher, 3)
    p = seat_to_move(st)
    st.influence[0, p] = 2
    game.refresh_mask(st, 0)
    face = 5
    st.rolls[0] = roll_counter(st, face)
    before = st.copy()
    st = act(game, st, "charity_own_pulpit")
    st = act(game, st, char_action(game, preacher))
    assert st.money[0, p] == before.money[0, p] - t.ch_cost_fl[preacher]
    assert (st.res[0, p] == before.res[0, p] - t.ch_cost[preacher] + t.ch_gain[preacher]).all()
    assert st.avail[0, p] == before.avail[0, p] - 1 + t.ch_workers[preacher, face]
    assert st.track[0, p] == t.ch_pp[preacher] and st.influence[0, p] == max(0, 2 + t.ch_inf[preacher])
    assert st.char_where[0, preacher] == C.ON_PULPIT and st.life[0, preacher] == 3 and st.pulpit_own[0, p]
    # nobody else may give charity to him this round
    assert not any(game.givable(st, 0, q)[preacher] for q in range(3))


def test_unnamed_preachers_cost_100_give_2_workers_no_die_two_tiles():
    """"There are two unnamed preachers available every round." "If you give charity to an unnamed
    preacher, you must pay 100 Fiorini." "Do not roll the die: unnamed preachers always provide 2 workers."
    """
    game, st = fresh(3)
    rolls = int(st.rolls[0])
    for _ in range(2):
        p = seat_to_move(st)
        before = st.copy()
        st = place_then(game, st, "charity_own_pulpit", "character_unnamed preacher")
        assert st.money[0, p] == before.money[0, p] - 100 and st.avail[0, p] == before.avail[0, p] + 1
    assert st.rolls[0] == rolls and st.unnamed_left[0, 3] == 0
    assert "charity_own_pulpit" not in names(game, st)  # no preacher left to give to
    empty_round(st)
    st = run_stage(game, st, C.ST_END)
    assert st.unnamed_left[0, 3] == 2


def test_the_cathedral_pulpit_once_completed_gives_a_second_charity():
    """"You can choose the Pulpit in your own family church (on your district board) or the Pulpit in the
    Cathedral." "But, you can only choose the Cathedral Pulpit after an artist has completed it (in other
    words, when there is already a family crest token on the Pulpit artwork box)." "The Cathedral Pulpit
    can be used to hire a preacher, if it has been already built." "It can be used by any player, so it's
    possible that a player hires 2 preachers in a round." """
    game, st = fresh(3)
    p = seat_to_move(st)
    assert "charity_cathedral_pulpit" not in names(game, st)
    st.main_crest[0, game.t.pulpit] = (p + 1) % 3  # completed by another player
    st.crests[0, (p + 1) % 3] -= 1
    game.refresh_mask(st, 0)
    st = place_then(game, st, "charity_own_pulpit", "character_unnamed preacher")
    st = work_until(game, st, lambda s: seat_to_move(s) == p)
    assert "charity_own_pulpit" not in names(game, st) and "charity_cathedral_pulpit" in names(game, st)
    st = place_then(game, st, "charity_cathedral_pulpit", "character_unnamed preacher")
    assert st.cath_pulpit[0] == p and st.money[0, p] == 300 - 200
    assert "charity_cathedral_pulpit" not in names(game, st)  # one worker on it per round


def test_workers_from_charity_are_placed_when_the_turn_returns():
    """"The workers you gain will be available to use during the current round." "Hiring a preacher is an
    action, so the new workers can be used when the turn returns to the player, later in the round." A
    player giving charity with his last worker places the two new ones on his next turns."""
    game, st = fresh(3, seed=2)
    order = st.order[0, :3].tolist()
    p = order[0]
    seen = []
    while st.phase[0] == C.PH_PLACE and st.round[0] == 1:
        q = seat_to_move(st)
        seen.append(q)
        if q == p and st.avail[0, p] == 1 and not st.pulpit_own[0, p]:
            st = place_then(game, st, "charity_own_pulpit", "character_unnamed preacher")
            assert st.avail[0, p] == 2 and seat_to_move(st) != p  # the turn passes first
        else:
            st = act(game, st, "go_to_work")
    assert seen == order * 4 + [p, p]


# ------------------------------------------------------------------ phase 5: market


def market_turn(res, money=400):
    """Seat 0 alone at the market in phase 5 (round 8) with ``res`` (resource name -> cubes)."""
    game, st = fresh(3)
    empty_round(st)
    st.market_worker[0, 0] = True
    st.pool[0, 0] -= 1
    st.res[0, 0] = [res.get(r, 0) for r in game.t.resource_names]
    st.money[0, 0] = money
    st = run_stage(game, st, C.ST_MARKET, round=8)
    assert st.phase[0] == C.PH_MARKET and seat_to_move(st) == 0
    return game, st


def test_paul_sells_buys_and_trades_with_the_supply():
    """"During this phase, all players who sent a worker to the Market can buy, sell, and trade resource
    cubes with the supply." "In turn order, each player with a worker at the Market can do any or all of
    the following:" "Sell one resource cube to the supply for 100 Fiorini." "Buy one resource cube from the
    supply for 200 Fiorini." "Trade any two resource cubes to the supply for one different resource cube."
    "Example: Paul sent a worker to the market so he can make some trades with the supply." "First he sells
    one marble (white cube) for 100 Fiorini." "Then he buys one wood (brown cube) for 200 Fiorini."
    "Finally, he trades one spice (green) and one marble (white) to get another wood cube." """
    game, st = market_turn({"marble": 2, "spice": 1}, money=300)
    others = st.copy()
    st = act(game, st, "sell_marble")
    assert st.money[0, 0] == 400 and st.res[0, 0, resource(game, "marble")] == 1
    st = act(game, st, "buy_wood")
    assert st.money[0, 0] == 200 and st.res[0, 0, resource(game, "wood")] == 1
    st = act(game, st, "trade")
    st = act(game, st, "resource_marble")
    st = act(game, st, "resource_spice")
    assert "resource_marble" not in names(game, st) and "resource_spice" not in names(game, st)
    st = act(game, st, "resource_wood")
    held = dict(zip(game.t.resource_names, st.res[0, 0].tolist()))
    assert held == {"marble": 0, "wood": 2, "gold": 0, "metal": 0, "textile": 0, "spice": 0}
    assert st.phase[0] != C.PH_MARKET and st.money[0, 0] == 200  # all three done: his market turn ends
    assert (st.res[0, 1:] == others.res[0, 1:]).all() and (st.money[0, 1:] == others.money[0, 1:]).all()


def test_each_market_action_once_in_any_order_or_none():
    """"Each of the three actions can be taken only once, but you can take them in any order you choose."
    "You may choose to take none, one, two, or all three of the actions." "Important: Trades between
    players are not allowed!" (No market action names another player.)"""
    game, st = market_turn({"gold": 3, "metal": 2})
    assert {"sell_gold", "buy_spice", "trade", "pass"} <= names(game, st)
    st = act(game, st, "trade")  # the trade first this time
    st = act(game, st, "resource_gold")
    st = act(game, st, "resource_gold")
    st = act(game, st, "resource_textile")
    legal = names(game, st)
    assert "trade" not in legal and "sell_gold" in legal and "buy_wood" in legal
    st = act(game, st, "buy_wood")
    assert not any(n.startswith("buy_") for n in names(game, st)) and "sell_wood" in names(game, st)
    st = act(game, st, "pass")  # the sale is left out
    assert st.phase[0] != C.PH_MARKET
    game, st = market_turn({"gold": 3})
    money = int(st.money[0, 0])
    st = act(game, st, "pass")  # none at all
    assert st.money[0, 0] == money and st.res[0, 0, game.t.gold] == 3
    market = [n for n in game.action_names if n.startswith(("sell_", "buy_", "trade", "resource_"))]
    assert not any("seat" in n or "player" in n for n in market)


# ------------------------------------------------------------------ phase 6: the order


def test_district_activities_space_by_space_in_turn_order():
    """"During this phase, all workers on a workshop tile will perform an action." "The order that these
    actions are taken is determined by the turn order and the location of each workshop tile." "Starting
    with the first player, and going in turn order, each player looks at the workshop in the '1' space of
    his district board." "If there is a worker on that workshop, he takes an action." "If there is no worker
    there, that workshop is skipped for the round." "When all workshops on '1' spaces have finished, each
    player in turn order then checks any workshop on his '2' space, and so on until all workshops on all
    district boards have resolved." "There are two possible actions that a worker can take on a workshop
    tile:" "Production" "Construction"

    Turn order 2, 0, 1; six conversion workshops (a decision each) on spaces 1-2, seat 1's space-1 tile
    without a worker; seat 0 builds on space 3 (its construction comes last, with no decision)."""
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    clear_districts(game, st)
    st.order[0, :3] = [2, 0, 1]
    layout = {0: ["Legnaiuolo", "Orafo"], 1: ["Ottonaio", "Scarpellino"], 2: ["Speziale", "Tintore"]}
    for p, tiles in layout.items():
        for space, name in enumerate(tiles):
            put_workshop(game, st, p, space, name)
            if (p, space) != (1, 0):
                st.space_worker[0, p, space] = p
                st.pool[0, p] -= 1
    fabbro = put_workshop(game, st, 0, 2, "Fabbro", built=False)
    st.space_worker[0, 0, 2] = 0
    st.pool[0, 0] -= 1
    st.res[0] = 5
    st = run_stage(game, st, C.ST_DISTRICT, round=8)
    resolved = []
    while st.phase[0] == C.PH_CONVERT:
        resolved.append(t.ws_names[int(st.pend_ws[0])])
        assert not st.space_built[0, 0, 2]  # space 3 comes after every space 2
        st = act(game, st, "convert")
    assert resolved == ["Speziale", "Legnaiuolo", "Tintore", "Orafo", "Scarpellino"]
    assert st.space_built[0, 0, 2] and st.space_type[0, 0, 2] == fabbro
    assert st.res[0, 1, resource(game, "metal")] == 5  # the Ottonaio without a worker did nothing


# ------------------------------------------------------------------ the same rules through the reference


def reference_game(P=3, seed=1) -> Rules:
    """The independent reference (packaged data), set up with the first game's workshops."""
    from test_florenza_reference import drive

    rules = Rules(load_tables(), P, ReferenceRng(seed), first_game=True)
    drive(rules.setup())
    return rules


def test_reference_resolves_the_district_space_by_space_in_turn_order():
    """"When all workshops on '1' spaces have finished, each player in turn order then checks any workshop
    on his '2' space, and so on until all workshops on all district boards have resolved." The reference
    on the engine test's position: the same order of conversions."""
    rules = reference_game()
    names_ = [w.name for w in rules.t.workshops]
    rules.order = [2, 0, 1]
    layout = {0: ["Legnaiuolo", "Orafo"], 1: ["Ottonaio", "Scarpellino"], 2: ["Speziale", "Tintore"]}
    for p, tiles in layout.items():
        pl = rules.players[p]
        pl.slots = [None] * 8
        pl.cubes = [5] * 6
        for space, name in enumerate(tiles):
            pl.slots[space] = Slot(names_.index(name), built=True, worker=None if (p, space) == (1, 0) else p)
    seen: list[str] = []
    gen = rules.phase6_district_activities()
    try:
        decision = next(gen)
        while True:
            seen.append(names_[rules.pending.workshop])
            decision = gen.send(rules.A.ACCEPT if rules.A.ACCEPT in decision.options else decision.options[0])
    except StopIteration:
        pass
    assert seen == ["Speziale", "Legnaiuolo", "Tintore", "Orafo", "Scarpellino"]


def test_reference_places_charity_workers_when_the_turn_returns():
    """"Hiring a preacher is an action, so the new workers can be used when the turn returns to the
    player, later in the round." The reference's placement order with the engine test's choices."""
    rules = reference_game(seed=2)
    order = list(rules.order)
    p = order[0]
    seen = []
    gen = rules.phase4_worker_placement()
    try:
        decision = next(gen)
        while True:
            if decision.phase == PHASE["PREACHER"]:
                decision = gen.send(rules.A.CHARACTER + C.UNNAMED_PREACHER)
                continue
            q = decision.player
            seen.append(q)
            pl = rules.players[p]
            wants_charity = q == p and pl.avail == 1 and not pl.pulpit
            decision = gen.send(rules.A.CHARITY_OWN if wants_charity else rules.A.WORK)
    except StopIteration:
        pass
    assert seen == order * 4 + [p, p]


def test_who_is_on_each_pulpit_with_which_preacher_is_observed():
    """"Choose a preacher that has not already received charity this round (i.e., one whose tile is still on
    his card in the Life in Florenza area)." "Take the tile and place it with your worker (leave his card in
    the Life in Florenza area)." "All preachers on the pulpits or expelled by the Bishop return to their
    cards." The tiles on the pulpits are on the table for all to see (version 1, D35): every player
    observes whose worker is on the Cathedral pulpit and which preacher is on each pulpit, until the end
    of the round returns them."""
    from florentine_envs.games.florenza.observation import PLAYER_FIELDS, PLAYER_SIZES

    game, st = fresh(3)
    t, L, P = game.t, game.obs_layout, 3
    preacher = of_kind(game, artist=False)[0]
    bring_into_play(st, preacher, 3)
    p = seat_to_move(st)
    st.main_crest[0, t.pulpit] = (p + 1) % P
    st.crests[0, (p + 1) % P] -= 1
    st.money[0, p] = 1000
    st.res[0, p] = 5
    game.refresh_mask(st, 0)
    st = place_then(game, st, "charity_own_pulpit", char_action(game, preacher))
    st = work_until(game, st, lambda s: seat_to_move(s) == p)
    st = place_then(game, st, "charity_cathedral_pulpit", "character_unnamed preacher")
    at = sum(PLAYER_SIZES[: PLAYER_FIELDS.index("own_preacher")])
    own = L["players"].start + game.player_block * np.arange(P) + at  # [P] own_preacher of each block
    for o in range(P):
        view = game.observe(st, np.array([o]))[0]
        assert view[L["cathedral_pulpit"]].tolist() == [float(j == (p - o) % P) for j in range(P)]
        assert view[L["cathedral_preacher"].start] == 1 + C.UNNAMED_PREACHER
        assert view[own].tolist() == [1.0 + preacher if j == (p - o) % P else 0.0 for j in range(P)]
    empty_round(st)
    st = run_stage(game, st, C.ST_END)
    view = game.observe(st, np.array([p]))[0]
    assert not view[L["cathedral_pulpit"]].any() and view[L["cathedral_preacher"].start] == 0 and not view[own].any()
