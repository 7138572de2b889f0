"""Florenza rule tests, part b: phase 6 -- a workshop's production and construction, and the
"WORKSHOPS" summary of the characters chapter (where to build, which workshops activate, the fee
for an opponent's workshop, one worker per workshop).

Each test's docstring quotes the rulebook sentence(s) it checks in "double quotes"; positions come
from ``florenza_scenarios_b`` (empty boards, exact holdings) and every component number from the
game's tables.
"""

from __future__ import annotations

import numpy as np
from florenza_scenarios_b import (
    act,
    bare,
    names,
    placing,
    prestige,
    put_tile,
    resolve_district,
    run_stage,
    workshop,
)

from florentine_envs.games.florenza import constants as C

PART = "b"

NOT_ENGINE_BEHAVIOUR = {
    "II": "layout",
    "Using workshops is the basic part of this game.": "flavour",
}


def test_a_finished_workshop_produces_what_its_tile_shows():
    """Rulebook, WORKSHOP PRODUCTION:

    "If a worker is on a workshop with the finished side up when he takes an action, he will use the ability of that workshop to produce."
    "The workshop tile shows what benefit you receive when your worker produces at that workshop."
    "If the tile shows resource cubes, coins, prestige points, or church influence, you receive what is shown."
    "Resource cubes, prestige points, and coins are taken from the supply and placed on your district board."
    "Remember to also move your marker on the prestige track forward every time you receive prestige points."
    "Any church influence you receive is recorded on the church influence track."
    "Return your worker to the pool after resolving the workshop action."
    """
    game, st = bare(3)
    t = game.t
    cube_maker, scholar, convent = workshop(game, "Fonderia"), workshop(game, "Biblioteca"), workshop(game, "Convento")
    for seat, w in enumerate((cube_maker, scholar, convent)):
        put_tile(game, st, seat, 0, w, worker=seat)
    st = resolve_district(game, st)
    assert st.res[0, 0].tolist() == t.ws_gain[cube_maker].tolist() and t.ws_gain[cube_maker].sum() > 0
    assert prestige(st, 1) == t.ws_gain_pp[scholar] > 0  # on the prestige track (cashed by the Captain)
    assert prestige(st, 2) == t.ws_gain_pp[convent] and st.influence[0, 2] == t.ws_gain_inf[convent] > 0
    assert (st.pool[0] == C.WORKERS).all() and (st.space_worker[0] < 0).all()
    assert st.space_built[0, :, 0].all()  # producing leaves the tile finished side up


def test_workshops_produce_every_kind_of_benefit():
    """Rulebook, WORKSHOPS: "You need them to produce resources, money, workers, prestige, and church influence."

    Some workshop type gives each: cubes and prestige and influence as a gain, money by a formula,
    workers as a phase-1 income."""
    t = bare(2)[0].t
    assert t.ws_gain[~t.ws_convert].sum() > 0 and (t.ws_gain_fl[t.ws_convert] > 0).any()
    assert (t.ws_inc_workers > 0).any() and (t.ws_gain_pp > 0).any() and (t.ws_gain_inf > 0).any()


def formula_position(money_for_spend: bool):
    """Seat 0's Cambiavalute-like formula workshop (the first whose spend is Fiorini only) with
    seat 0's worker on it, in phase 6 of the last round; seat 0 holds the spend or 1 less."""
    game, st = bare(3)
    t = game.t
    w = int(np.flatnonzero(t.ws_convert & (t.ws_spend.sum(1) == 0) & (t.ws_spend_fl > 0))[0])
    put_tile(game, st, 0, 0, w, worker=0)
    st.money[0, 0] = t.ws_spend_fl[w] - (0 if money_for_spend else 1)
    return game, resolve_district(game, st), w


def test_a_formula_is_paid_only_when_the_player_wants_and_can():
    """Rulebook: "If the tile shows a formula, you may pay what is shown to receive the benefit listed after the equal sign."

    The worker's player decides (convert or pass); without the means nothing is offered (D20)."""
    game, st, w = formula_position(True)
    t = game.t
    assert st.phase[0] == C.PH_CONVERT and names(game, st) == {"convert", "pass"}
    accepted = act(game, st.copy(), "convert")
    assert accepted.money[0, 0] == t.ws_gain_fl[w]
    declined = act(game, st, "pass")
    assert declined.money[0, 0] == t.ws_spend_fl[w]
    game, st, w = formula_position(False)
    assert st.phase[0] == C.PH_OVER and st.money[0, 0] == t.ws_spend_fl[w] - 1


def test_cubes_never_run_out_for_production():
    """Rulebook: "Important: resources cubes don't form a limit for the game."
    "They can be taken even if there are no more available cubes of that kind."
    """
    game, st = bare(3)
    t = game.t
    w = workshop(game, "Boscaiuolo")
    (r,) = np.flatnonzero(t.ws_gain[w])
    st.res[0, 1, r] = t.cubes[r]  # seat 1 holds every wood cube of the box
    put_tile(game, st, 0, 0, w, worker=0)
    st = resolve_district(game, st)
    assert st.res[0, 0, r] == t.ws_gain[w, r] and st.res[0, :, r].sum() > t.cubes[r]


def test_construction_pays_flips_the_tile_and_scores_its_award():
    """Rulebook, WORKSHOP CONSTRUCTION:

    "If a worker is on a workshop with the building side up when he takes an action, he will attempt to build that workshop."
    "You must pay the resources and coins shown on the workshop tile to the supply."
    "Then turn the workshop tile over to the finished side."
    "If the workshop shows a prestige point award, you immediately receive the prestige points shown."
    "Remember to advance your marker on the prestige track."
    "Then return your worker to the pool."
    """
    game, st = bare(3)
    t = game.t
    w = workshop(game, "Biblioteca")
    put_tile(game, st, 0, 0, w, built=False, worker=0)
    st.res[0, 0], st.money[0, 0] = t.ws_cost[w], t.ws_cost_fl[w]
    st = resolve_district(game, st)
    assert st.space_built[0, 0, 0] and st.space_type[0, 0, 0] == w
    assert st.money[0, 0] == 0 and (st.res[0, 0] == 0).all()
    assert prestige(st, 0) == t.ws_build_pp[w] > 0
    assert st.pool[0, 0] == C.WORKERS


def test_failed_construction_returns_the_tile_and_leaves_a_gap_built_next():
    """Rulebook: "If you cannot pay the required resources, return your worker and the workshop tile to the supply and lose 1 prestige point."
    "If this happens it is possible that an empty space can be created between two occupied ones."
    "In this case, the next workshop to be built must be placed in such space."
    """
    game, st = bare(3)
    t = game.t
    library, house = workshop(game, "Biblioteca"), workshop(game, "Casa")
    for space in (0, 1):
        put_tile(game, st, 0, space, workshop(game, "Boscaiuolo"))
    put_tile(game, st, 0, 2, library, built=False, worker=0)  # cannot be paid
    put_tile(game, st, 0, 3, house, built=False, worker=0)  # paid
    st.res[0, 0] = t.ws_cost[house]
    st.order[0, :3] = [0, 1, 2]
    st = run_stage(game, st, C.ST_DISTRICT, round=2)  # on to round 3's first placement
    assert st.space_type[0, 0, :4].tolist() == [workshop(game, "Boscaiuolo")] * 2 + [-1, house]
    assert st.ws_supply[0, library] == t.ws_qty[library]
    assert int(st.track[0, 0]) + int(st.certs[0, 0]) == -t.build_loss
    assert st.phase[0] == C.PH_PLACE and st.round[0] == 3 and st.current_player[0] == 0
    st = act(game, st, "build_Fabbro")
    assert st.space_type[0, 0, 2] == workshop(game, "Fabbro") and not st.space_built[0, 0, 2]


def test_workshops_activate_in_number_order():
    """Rulebook, WORKSHOPS: "Workshops activate in number order during phase 6."
    STRATEGY HINTS: "Don't forget the order in which workshops are activated!"

    Space 1's wood pays for space 2's construction; a construction on space 1 does not wait for
    the wood of space 2."""
    for first_produces in (True, False):
        game, st = bare(3)
        t = game.t
        forester, house = workshop(game, "Boscaiuolo"), workshop(game, "Casa")
        wood = int(np.flatnonzero(t.ws_gain[forester])[0])
        assert t.ws_cost[house, wood] == t.ws_gain[forester, wood] + 1 and t.ws_cost[house].sum() == t.ws_cost[house, wood]
        spaces = (0, 1) if first_produces else (1, 0)
        put_tile(game, st, 0, spaces[0], forester, worker=0)
        put_tile(game, st, 0, spaces[1], house, built=False, worker=0)
        st.res[0, 0, wood] = 1
        st = resolve_district(game, st)
        assert (st.space_type[0, 0, spaces[1]] == house) == first_produces


def test_only_an_occupied_workshop_activates():
    """Rulebook: "To activate a workshop in phase 6, you must occupy it with a worker in phase 4." """
    game, st = bare(3)
    put_tile(game, st, 0, 0, workshop(game, "Fonderia"))
    put_tile(game, st, 1, 0, workshop(game, "Biblioteca"))
    st = resolve_district(game, st)
    assert (st.res[0] == 0).all() and prestige(st, 1) == 0


def test_build_only_at_home_on_the_lowest_empty_space():
    """Rulebook: "You can build workshops in your home district only, and they must always be built in the lowest numbered empty space on your district tile." """
    game, st = bare(3)
    put_tile(game, st, 0, 0, workshop(game, "Boscaiuolo"))
    put_tile(game, st, 0, 2, workshop(game, "Fabbro"))  # a gap on space 2 (after a failed construction)
    st = placing(game, st)
    others = st.space_type[0, 1:].copy()
    st = act(game, st, "build_Casa")
    assert st.space_type[0, 0, 1] == workshop(game, "Casa") and st.space_worker[0, 0, 1] == 0
    assert (st.space_type[0, 1:] == others).all()  # no build action reaches another district
    build = [n for n in game.action_names if n.startswith("build_")]
    assert len(build) == game.t.NW  # one per type: the builder's own district only


def test_an_opponents_workshop_costs_him_one_prestige_point():
    """Rulebook: "It is possible to occupy workshops in an opponent's district as well as your own, but you must pay that player 1 prestige point to do so."
    STRATEGY HINTS: "Don't underestimate the value of the single prestige point that you must spend to use an opponent's workshop."
    "It could be the difference between who gets to be Captain of the People, and scores at the end of the game are often very close."
    """
    game, st = bare(3)
    for seat in range(3):
        put_tile(game, st, seat, 0, workshop(game, "Fonderia"))
    st = placing(game, st)
    assert {"operate_0_1", "operate_1_1", "operate_2_1"} <= names(game, st)
    st = act(game, st, "operate_2_1")  # seat 2's workshop
    assert st.track[0].tolist() == [-game.t.fee, 0, game.t.fee] and st.space_worker[0, 2, 0] == 0
    st = act(game, st, "operate_0_1")  # seat 1 on its own workshop: free
    assert st.track[0].tolist() == [-1, 0, 1]
    # the point decides the Captain: seat 2 is now the only one highest on the track
    assert int(np.argmax(st.track[0])) == 2 and (st.track[0] == st.track[0].max()).sum() == 1


def test_each_workshop_holds_one_worker():
    """Rulebook: "Each workshop can be occupied by only 1 worker at a time." """
    game, st = bare(3)
    put_tile(game, st, 0, 0, workshop(game, "Fonderia"))
    st = placing(game, st)
    st = act(game, st, "operate_0_1")
    assert st.current_player[0] == 1
    assert "operate_2_1" not in names(game, st)  # seat 0 is relative seat 2 for seat 1
