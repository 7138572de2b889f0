"""Florenza (board game)'s per-action features (``features.py``, issue 30), held to the engine.

* A differential test: at positions of games played by the heuristic with random moves mixed in,
  every legal action is stepped on a copy of the position, and what the features say it does on
  this step (Fiorini, cubes, prestige, influence, the fee and the owner's point, workers from the
  pool, the running final score, a masterpiece) is what the engine did -- wherever the engine's
  automatic flow after the action leaves the mover's holdings alone (the kind of action says how
  to tell: the same round phase, the mover's workers, crests and boxes as the action leaves them).
* Deferred effects: a workshop built or operated resolves in phase 6; the features' Fiorini, cubes
  and prestige are what phase 6 then changes.
* Scenarios quoting the rulebook sentence whose arithmetic a feature computes.

Component numbers are read from the game's tables (``game.t``); the features' scales from
``game._feature_tables``.
"""

from __future__ import annotations

import numpy as np
import pytest
from florenza_rules_text import RULEBOOK, plain
from florenza_scenarios_b import bare, force_rolls, hire_on, in_play, placing, put_tile, workshop
from rulebook_quotes import quote_meta_test
from test_florenza_engine import act, names, prestige, run_stage

from florentine_envs.agents.florenza_heuristic import FlorenzaHeuristic
from florentine_envs.games.florenza import Florenza
from florentine_envs.games.florenza import constants as C
from florentine_envs.games.florenza.features import ACTION_KINDS
from florentine_envs.testing import random_legal_actions

test_quotes_are_rulebook_sentences = quote_meta_test(__name__, RULEBOOK, plain)


def feature_row(game, st, action_name, seat=None):
    """{feature: value} of one action of game 0 for ``seat`` (default: the player to move)."""
    seat = int(st.current_player[0]) if seat is None else seat
    row = game.action_features(st, seat)[0, game.action_names.index(action_name)]
    return dict(zip(game.action_feature_names, row.tolist()))


def scales(game):
    c, t = game._feature_tables, game.t
    return {"florins": c["fl"], "cubes": c["cu"], "prestige": c["pp"], "influence": c["inf"],
            "workers": c["workers"], "fee": max(t.fee, 1), "score_now": 10.0, "artist": c["artist"], "end": c["end"],
            "loss": c["loss"]}  # fmt: skip


# ------------------------------------------------------------------ the differential test


def positions(game, n_games, seed, every=2, phases=None):
    """Single-game copies of the decisions (two or more legal actions; in ``phases`` when given) of
    ``n_games`` games played at random (the heuristic's move one step in four, so that artworks are
    taken and completed), every ``every`` steps."""
    rng = np.random.default_rng(seed)
    agent = FlorenzaHeuristic(game, seed)
    st = game.init(np.arange(n_games, dtype=np.uint64) + np.uint64(1000 * seed))
    t = 0
    while not st.terminated.all():
        if t % every == 0:
            ask = ~st.terminated & (st.legal_action_mask.sum(1) >= 2)
            if phases is not None:
                ask &= np.isin(st.phase, phases)
            for g in np.flatnonzero(ask).tolist():
                yield st.select(np.array([g]))
        actions = random_legal_actions(st.legal_action_mask, rng)
        if t % 4 == 0:
            actions = agent.act(game.observe(st, st.current_player), st.legal_action_mask)
        game.step(st, actions)
        t += 1


def boxes_of(st, i, p):
    """The mover's boxes with his worker (district and main) in game i."""
    return int(st.box_worker[i, p].sum()) + int((st.main_worker[i] == p).sum())


def spaces_of(st, i, p):
    return int((st.space_worker[i] == p).sum())


def artist_values(game, one, p):
    """The prestige the pending box's artist may score for each skill (a masterpiece while open)."""
    t, box = game.t, int(one.pend_box[0])
    x = int(one.box_artist[0, p, box]) if box < C.NUM_BOXES else int(one.main_artist[0, box - C.NUM_BOXES])
    open_mp = x < C.NUM_NAMED and not one.flipped[0, x]
    return np.where(t.mp[x] & open_mp, t.mp_pp[x], t.die_pp[x])[:, 1:]  # [3, 6]


def clean(kind, one, after, i, p, f):
    """Whether the flow after the action left the mover's holdings alone (so the engine's change is the
    action's own); None when the action is not checked here."""
    s0, s1 = int(one.stage[0]), int(after.stage[i])
    if after.terminated[i] or after.round[i] != one.round[0]:
        return False
    avail0, avail1 = int(one.avail[0, p]), int(after.avail[i, p])
    if kind in ("operate", "build", "artwork_box", "market", "work"):
        return s1 in (C.ST_PLACE, C.ST_MARKET) and avail1 == avail0 - 1
    if kind == "start_pick":
        return s1 in (C.ST_SETUP, C.ST_PLACE) and avail1 == avail0
    if kind in ("hire", "give_charity"):
        return s1 in (C.ST_PLACE, C.ST_MARKET) and int(after.pool[i, p]) + avail1 == int(one.pool[0, p]) + avail0
    if kind in ("office_character", "office_target") or (kind == "pass" and s0 in (C.ST_CAPTAIN, C.ST_BISHOP)):
        return s1 in (C.ST_BISHOP, C.ST_PLACE) and int(after.pool[i, p]) + avail1 == int(one.pool[0, p]) + avail0
    if kind in ("trade", "trade_cube"):  # the trade's next decision, not a forced one after it
        nxt = {C.PH_MARKET: C.PH_TRADE_GIVE_1, C.PH_TRADE_GIVE_1: C.PH_TRADE_GIVE_2, C.PH_TRADE_GIVE_2: C.PH_TRADE_TAKE}
        return s1 == C.ST_MARKET and after.phase[i] == nxt.get(int(one.phase[0]), after.phase[i])
    if kind == "market_deal" or (kind == "pass" and s0 == C.ST_MARKET):
        return s1 == C.ST_MARKET
    if kind in ("convert",) or (kind == "pass" and s0 == C.ST_DISTRICT):
        return s1 == C.ST_DISTRICT and spaces_of(after, i, p) == spaces_of(one, 0, p) - 1
    if kind == "atrio":
        return s1 in (C.ST_CAPTAIN, C.ST_BISHOP, C.ST_PLACE) and avail1 == avail0
    crests = int(one.crests[0, p]) - int(after.crests[i, p])
    boxes = boxes_of(one, 0, p) - boxes_of(after, i, p)
    if kind == "skill":
        return s1 == C.ST_ARTWORK and crests == 1 and boxes in (0, 1)
    if kind == "work_value":
        return s1 == C.ST_ARTWORK and crests == 0 and boxes == 1
    if kind == "artwork_order":
        return s1 == C.ST_ARTWORK and crests == 0 and boxes == 0
    return None


def check_position(game, one, seen):
    """Step every legal action of the single-game position ``one`` and compare with its features."""
    t, sc, P = game.t, scales(game), game.num_players
    F = {n: i for i, n in enumerate(game.action_feature_names)}
    p = int(one.current_player[0])
    feats = game.action_features(one, p)[0]
    legal = np.flatnonzero(one.legal_action_mask[0])
    after = one.select(np.zeros(legal.size, np.int64))
    game.step(after, legal)
    score0 = game.running_scores(one)[0, p]
    score1 = game.running_scores(after)[:, p]
    kinds = feats[:, F["kind_operate"] : F["kind_operate"] + len(ACTION_KINDS)]
    for i, a in enumerate(legal.tolist()):
        f = feats[a]
        assert kinds[a].sum() == 1, f"{game.action_names[a]}: one kind"
        kind = ACTION_KINDS[int(kinds[a].argmax())]
        ok = clean(kind, one, after, i, p, f)
        if not ok:
            continue
        seen[kind] = seen.get(kind, 0) + 1
        now = 1.0 - f[F["deferred"]]
        what = f"{game.action_names[a]} ({kind}) at round {one.round[0]}"
        first = F[f"cubes_{t.resource_names[0]}"]
        claimed = np.concatenate([[f[F["florins"]] * sc["florins"]], f[first : first + C.NUM_RESOURCES] * sc["cubes"],
                                  [f[F["influence"]] * sc["influence"]]]) * now  # fmt: skip
        done = np.concatenate([[int(after.money[i, p]) - int(one.money[0, p])],
                               after.res[i, p].astype(np.int64) - one.res[0, p],
                               [int(after.influence[i, p]) - int(one.influence[0, p])]])  # fmt: skip
        assert np.abs(done - claimed).max() < 1e-3, f"{what}: Fiorini, cubes, influence {done} != {claimed}"
        fee = f[F["fee"]] * sc["fee"]
        d_track = int(after.track[i, p]) - int(one.track[0, p]) - (f[F["prestige"]] * sc["prestige"] * now - fee)
        d_score = score1[i] - score0 - f[F["score_now"]] * sc["score_now"]
        if kind == "skill":  # the artist's prestige comes too when the die is rolled (or the value forced)
            values = artist_values(game, one, p)[a - game.ids.skill]
            waiting = after.phase[i] in (C.PH_INCENTIVE, C.PH_CATHEDRAL_DIE) and boxes_of(after, i, p) == boxes_of(
                one, 0, p)  # fmt: skip
            assert (waiting and abs(d_track) < 1e-3) or (np.abs(values - d_track) < 1e-3).any(), what
            assert abs(d_score - d_track) < 1e-3, what
        else:
            assert abs(d_track) < 1e-3 and abs(d_score) < 1e-3, f"{what}: prestige {d_track}, score {d_score} beside"
        if fee:
            q = (p + (a - game.ids.operate) // C.NUM_SPACES) % P
            assert int(after.track[i, q]) - int(one.track[0, q]) == t.fee, what
        if kind == "work_value":
            x = int(after.flipped[i].sum()) - int(one.flipped[0].sum())
            assert x == f[F["masterpiece"]], what
        workers = -(int(after.pool[i, p]) - int(one.pool[0, p]))
        if kind == "give_charity":
            x = a - game.ids.character
            pool = int(one.pool[0, p])
            assert f[F["workers"]] * sc["workers"] == pytest.approx(np.minimum(t.ch_workers[x, 1:], pool).mean()), what
            assert workers in np.minimum(t.ch_workers[x, 1:], pool), what
        elif kind == "office_target":
            assert workers == pytest.approx(f[F["workers"]] * sc["workers"]), what
            q = (p + 1 + a - game.ids.target) % P
            assert int(after.avail[i, q]) == int(one.avail[0, q]) - 1, what
            assert f[F["target_workers"]] == pytest.approx(one.avail[0, q] / C.WORKERS), what


@pytest.mark.parametrize("P,options,n_games,every", [(2, {}, 4, 2), (2, {"die": "no_die"}, 3, 2), (3, {}, 2, 3)])
def test_features_say_what_the_engine_does_on_this_step(P, options, n_games, every):
    game = Florenza(P, **options)
    seen: dict[str, int] = {}
    for one in positions(game, n_games=n_games, seed=P + len(options), every=every):
        check_position(game, one, seen)
    # every kind whose effects come on the step was checked, most of them many times
    need = {"operate": 50, "build": 20, "artwork_box": 50, "work": 30, "market_deal": 10, "trade_cube": 3,
            "office_target": 3, "start_pick": 5, "hire": 20}  # fmt: skip
    short = {k: seen.get(k, 0) for k, n in need.items() if seen.get(k, 0) < n}
    assert not short, f"kinds checked too rarely: {short} (all: {seen})"


def names_of_skills(game, st):
    return [game.action_names[a] for a in np.flatnonzero(st.legal_action_mask[0])]


def two_skill_boxes(game, zone):
    """(c, box id) of ``zone``: a named artist with two skills the box accepts (district d, main 8 + m)."""
    t = game.t
    boxes = range(C.NUM_BOXES) if zone == C.Z_DISTRICT else C.NUM_BOXES + np.flatnonzero(t.art_zone == zone)
    return [(int(c), int(b)) for b in boxes for c in np.flatnonzero(t.is_artist)
            if (t.skills[c] & t.all_skills[b]).sum() >= 2]  # fmt: skip


@pytest.mark.parametrize("die", ["die", "no_die"])
@pytest.mark.parametrize("where", ["palazzo", "chiesa", "civic", "cathedral"])
def test_the_skill_and_the_works_value_do_what_the_features_say(die, where):
    """The decisions of phase 7 (rare in play: a skill is a decision only for a two-skill artist who can
    be paid either way), built by hand: seat 0's artist of two fitting skills on a box of ``zone``,
    seat 1's on one of its district boxes (his skill decision, next, stops the flow). Every skill, then
    every value of the work (the no-die incentive, the Cathedral's two dice), checked as above; a
    district box completes its area (its other three boxes crested).

    Rulebook, 7. ARTWORK: "If you complete all four artworks in the Palazzo of your district board, you receive 4 prestige points." """  # noqa: E501
    game, st = bare(2, die=die)
    t = game.t
    zone = {"palazzo": C.Z_DISTRICT, "chiesa": C.Z_DISTRICT, "civic": C.Z_CIVIC, "cathedral": C.Z_CATHEDRAL}[where]
    c1, box1 = next((c, b) for c, b in two_skill_boxes(game, zone) if zone != C.Z_DISTRICT
                    or t.box_chiesa[b] == (where == "chiesa"))  # fmt: skip
    c2, box2 = next((c, b) for c, b in two_skill_boxes(game, C.Z_DISTRICT) if c != c1)
    for seat, c, box in ((0, c1, box1), (1, c2, box2)):
        in_play(game, st, c)
        hire_on(game, st, seat, box - C.NUM_BOXES if box >= C.NUM_BOXES else box, c, main=box >= C.NUM_BOXES)
        st.res[0, seat] = t.all_cost[box]
        st.money[0, seat] = t.all_cost_fl[box] + t.hire_cost[c].max() + 200
    if zone == C.Z_DISTRICT:  # the other three boxes of its area crested: the area's bonus comes with the skill
        area = np.flatnonzero((t.box_chiesa == t.box_chiesa[box1]) & (np.arange(C.NUM_BOXES) != box1))
        st.box_crest[0, 0, area] = True
        st.crests[0, 0] -= area.size
    st.influence[0] = 0
    st.order[0, :2], st.nslots[0] = [0, 1], 2
    st = run_stage(game, st, C.ST_ARTWORK, round=C.ROUNDS)
    assert st.phase[0] == C.PH_SKILL and st.current_player[0] == 0
    if die == "die" and zone == C.Z_CATHEDRAL:
        force_rolls(st, (2, 5))  # two different faces: the choice is a decision
    seen: dict[str, int] = {}
    check_position(game, st, seen)
    assert seen == {"skill": int(st.legal_action_mask[0].sum())} and seen["skill"] >= 2
    if zone == C.Z_DISTRICT:
        f = feature_row(game, st, names_of_skills(game, st)[0])
        bonus = (f["influence"] * scales(game)["influence"] - t.box_inf[box1], f["prestige"] * scales(game)["prestige"]
                 - t.box_pp[box1])  # fmt: skip
        assert bonus == pytest.approx((t.chiesa_influence, 0) if t.box_chiesa[box1] else (0, t.palazzo_pp), abs=1e-5)
    st = game.step(st, np.array([int(np.flatnonzero(st.legal_action_mask[0])[-1])]))
    if die == "no_die" or zone == C.Z_CATHEDRAL:
        assert st.phase[0] in (C.PH_INCENTIVE, C.PH_CATHEDRAL_DIE) and st.current_player[0] == 0
        seen = {}
        check_position(game, st, seen)
        assert seen == {"work_value": int(st.legal_action_mask[0].sum())} and seen["work_value"] >= 2


# ------------------------------------------------------------------ deferred effects (phase 6)


def test_a_workshop_built_or_operated_pays_and_gives_what_the_features_say_in_phase_6():
    """Rulebook, 6. WORKSHOPS:

    "If the tile shows resource cubes, coins, prestige points, or church influence, you receive what is shown."
    "If the tile shows a formula, you may pay what is shown to receive the benefit listed after the equal sign."
    "You must pay the resources and coins shown on the workshop tile to the supply."
    "If the workshop shows a prestige point award, you immediately receive the prestige points shown."

    Three workers of seat 0 in the last round: one operates its own gain workshop, one its own
    conversion workshop, one builds a workshop it can pay; the other seat goes to work. Phase 6 then
    changes seat 0's Fiorini, cubes and prestige by the placements' deferred features, the
    conversion's own (``convert``, on its step) included."""
    game, st = bare(2)
    t, sc = game.t, scales(game)
    quarry, goldsmith = workshop(game, "Cava"), workshop(game, "Orafo")  # a gain, a conversion
    build = workshop(game, "Biblioteca")  # costs cubes and Fiorini, gives prestige when built
    assert not t.ws_convert[quarry] and t.ws_convert[goldsmith]
    put_tile(game, st, 0, 0, quarry)
    put_tile(game, st, 0, 1, goldsmith)
    st.res[0, 0] = t.ws_cost[build] + t.ws_spend[goldsmith]
    st.money[0, 0] = t.ws_cost_fl[build] + t.ws_spend_fl[goldsmith] + 500
    st.influence[0] = 0
    st = placing(game, st, order=(0, 1), avail=3, round_=C.ROUNDS)
    before_money, before_res, before_pp = int(st.money[0, 0]), st.res[0, 0].copy(), prestige(st, 0)
    first = game.action_feature_names.index(f"cubes_{t.resource_names[0]}")

    def effects(st, name):
        f = feature_row(game, st, name)
        row = game.action_features(st, 0)[0, game.action_names.index(name)]
        return f, np.array([f["florins"] * sc["florins"], f["prestige"] * sc["prestige"]]), (
            row[first : first + C.NUM_RESOURCES] * sc["cubes"])  # fmt: skip

    total, cubes = np.zeros(2), np.zeros(C.NUM_RESOURCES)
    for name in ("operate_0_1", "operate_0_2", f"build_{t.ws_names[build]}"):
        f, fp, fc = effects(st, name)
        assert f["deferred"] == 1 and f["payable_now"] == 1 and f["plan_payable"] == 1
        total, cubes = total + fp, cubes + fc
        st = act(game, st, name)
        while st.current_player[0] == 1 and st.phase[0] == C.PH_PLACE:
            st = act(game, st, "go_to_work")
    assert st.phase[0] == C.PH_CONVERT and st.current_player[0] == 0  # the goldsmith's formula: pay or not
    f, fp, fc = effects(st, "convert")
    assert f["deferred"] == 0
    np.testing.assert_allclose(fp, [t.ws_gain_fl[goldsmith] - t.ws_spend_fl[goldsmith], t.ws_gain_pp[goldsmith]])
    np.testing.assert_allclose(fc, t.ws_gain[goldsmith] - t.ws_spend[goldsmith], atol=1e-6)
    st = act(game, st, "convert")
    np.testing.assert_allclose(total, [fp[0] - t.ws_cost_fl[build], t.ws_build_pp[build]], atol=1e-4)
    np.testing.assert_allclose(cubes, fc + t.ws_gain[quarry] - t.ws_cost[build], atol=1e-6)
    assert st.terminated[0]  # round 8: phases 6-8 ran, then the end
    assert int(st.money[0, 0]) - before_money == pytest.approx(total[0])
    np.testing.assert_allclose(st.res[0, 0] - before_res, cubes, atol=1e-6)
    assert prestige(st, 0) - before_pp == pytest.approx(total[1])


# ------------------------------------------------------------------ scenarios


def test_an_opponents_workshop_costs_the_fee_now_and_gives_its_owner_the_point():
    """Rulebook, 4. PLACEMENT, A. OPERATE A WORKSHOP:

    "You can use a workshop on another player's district board by placing one of your workers on that workshop."
    "But, you must pay that player 1 prestige point when you place your worker there."
    "You do not receive the benefit of the workshop until Phase 6: Workshops."
    "You cannot place a worker on a workshop in an opponent's district if your marker on the prestige track is already on the '-3' space." """  # noqa: E501
    game, st = bare(2)
    t, sc = game.t, scales(game)
    smith = workshop(game, "Fabbro")
    put_tile(game, st, 1, 0, smith)
    put_tile(game, st, 0, 0, smith)
    st.track[0] = [2, 1]
    st = placing(game, st, order=(0, 1), avail=1)
    other, own = feature_row(game, st, "operate_1_1"), feature_row(game, st, "operate_0_1")
    assert other["fee"] * sc["fee"] == t.fee == 1 and own["fee"] == 0
    assert other["deferred"] == own["deferred"] == 1  # the production comes in phase 6
    metal = f"cubes_{t.resource_names[int(np.flatnonzero(t.ws_gain[smith])[0])]}"
    assert other[metal] * sc["cubes"] == own[metal] * sc["cubes"] == 1
    assert other["score_now"] * 10 == pytest.approx(-1) and own["score_now"] == 0
    # the Captain's margin: 2 - 1 (the fee) against 1 + 1 (the owner's point); without the fee 2 against 1
    assert other["prestige_lead"] == pytest.approx(-0.1) and own["prestige_lead"] == pytest.approx(0.1)
    st.track[0, 0] = t.fee_floor
    game.refresh_mask(st, 0)
    assert not feature_row(game, st, "operate_1_1")["kind_operate"]  # not legal: a zero row


def test_the_fourth_palazzo_box_adds_4_prestige_and_the_fourth_chiesa_box_4_influence():
    """Rulebook, DISTRICT ARTWORKS:

    "If you complete all four artworks in the Palazzo of your district board, you receive 4 prestige points."
    "If you complete all four artworks in the Chiesa of your district board, you receive 4 church influence." """
    game, st = bare(2)
    t, sc = game.t, scales(game)
    palazzo, chiesa = np.flatnonzero(~t.box_chiesa), np.flatnonzero(t.box_chiesa)
    st.box_crest[0, 0, palazzo[:3]] = True
    st.box_crest[0, 0, chiesa[:3]] = True
    st.crests[0, 0] -= 6
    st = placing(game, st, order=(0, 1), avail=1)
    last_p, last_c = palazzo[3], chiesa[3]
    fp = feature_row(game, st, f"artwork_district_{t.box_names[last_p]}")
    fc = feature_row(game, st, f"artwork_district_{t.box_names[last_c]}")
    assert fp["prestige"] * sc["prestige"] == pytest.approx(t.box_pp[last_p] + 4) and t.palazzo_pp == 4
    assert fp["influence"] * sc["influence"] == pytest.approx(t.box_inf[last_p])
    assert fc["influence"] * sc["influence"] == pytest.approx(t.box_inf[last_c] + 4) and t.chiesa_influence == 4
    assert fc["prestige"] * sc["prestige"] == pytest.approx(t.box_pp[last_c])
    # the area already has a crest: the box settles only its own final-scoring point
    assert fp["end_points"] * sc["end"] == pytest.approx(t.end_open_box) == 1


def test_the_first_box_of_an_area_settles_the_4_points_the_final_scoring_would_take():
    """Rulebook, END OF THE GAME:

    "1 Victory Point for each artwork on your district board that you did not complete."
    "4 Victory Points if you did not complete at least one artwork in the Palazzo of your district board." """
    game, st = bare(2)
    t, sc = game.t, scales(game)
    st = placing(game, st, order=(0, 1), avail=1)
    d = int(np.flatnonzero(~t.box_chiesa)[0])
    f = feature_row(game, st, f"artwork_district_{t.box_names[d]}")
    assert f["end_points"] * sc["end"] == pytest.approx(1 + 4) and t.end_no_palazzo == 4
    assert f["failure_loss"] * sc["loss"] == pytest.approx(t.failure_loss[C.Z_DISTRICT])


def test_charity_to_an_unnamed_preacher_costs_100_and_brings_2_workers_from_the_pool():
    """Rulebook, E. GIVE CHARITY:

    "If you give charity to an unnamed preacher, you must pay 100 Fiorini."
    "Do not roll the die: unnamed preachers always provide 2 workers." """
    game, st = bare(2)
    t, sc = game.t, scales(game)
    st.money[0] = 500
    in_play(game, st, int(np.flatnonzero(t.is_preacher & (t.ch_cost_fl[: C.NUM_NAMED] <= 400))[0]))
    st = placing(game, st, order=(0, 1), avail=1)
    for pool, workers in ((C.WORKERS - 1, 2), (1, 1)):  # never more than the pool holds
        st2 = st.copy()
        st2.pool[0, 0] = pool
        st2.avail[0, 0] = C.WORKERS - pool
        game.refresh_mask(st2, 0)
        # the placement: the best expected workers of the preachers it may give charity to
        givable = [x for x in range(C.NUM_NAMED) if t.is_preacher[x] and st2.char_state[0, x] == C.IN_PLAY
                   and st2.char_where[0, x] == C.ON_CARD and t.ch_cost_fl[x] <= st2.money[0, 0]] + [C.NUM_SLOTS_X - 1]
        best = max(np.minimum(t.ch_workers[x, 1:], pool).mean() for x in givable)
        assert feature_row(game, st2, "charity_own_pulpit")["workers"] * sc["workers"] == pytest.approx(best)
        st2 = act(game, st2, "charity_own_pulpit")
        assert st2.phase[0] == C.PH_PREACHER
        f = feature_row(game, st2, "character_unnamed preacher")
        assert f["florins"] * sc["florins"] == pytest.approx(-100)
        assert f["workers"] * sc["workers"] == pytest.approx(workers)
        seen: dict[str, int] = {}
        check_position(game, st2, seen)  # both preachers, stepped
        assert seen == {"give_charity": 2}
        before = int(st2.pool[0, 0])
        st2 = act(game, st2, "character_unnamed preacher")
        assert before - int(st2.pool[0, 0]) == workers


def test_the_no_die_incentive_adds_a_point_of_value_for_every_50_fiorini():
    """Rulebook, THE NO-DIE VARIANT:

    "Work prestige = base value + incentive"
    "It is possible to encourage the artists with money, so you can add 1 point to the base vale every 50 Fiorini spent to be added to the money spent to hire the artist."
    "It is possible to spend up to 150 Fiorini, to obtain a maximum of 3 points of incentive." """  # noqa: E501
    game = Florenza(2, die="no_die")
    t, sc = game.t, scales(game)
    found = 0
    for one in positions(game, n_games=2, seed=11, every=1, phases=[C.PH_INCENTIVE]):
        p, box, k = int(one.current_player[0]), int(one.pend_box[0]), int(one.pend_skill[0])
        x = int(one.box_artist[0, p, box]) if box < C.NUM_BOXES else int(one.main_artist[0, box - C.NUM_BOXES])
        base = int(t.no_die_base[t.all_zone[box]])
        for i in np.flatnonzero(one.legal_action_mask[0, game.ids.incentive : game.ids.incentive + 4]).tolist():
            f = feature_row(game, one, f"incentive_{t.incentive_step * i}")
            masterpiece = x < C.NUM_NAMED and t.mp[x, k, base + i] and not one.flipped[0, x]
            pp = t.mp_pp[x, k, base + i] if masterpiece else t.die_pp[x, k, base + i]
            assert f["florins"] * sc["florins"] == pytest.approx(-50 * i) and t.incentive_step == 50
            assert f["prestige"] * sc["prestige"] == pytest.approx(pp)
            assert f["masterpiece"] == masterpiece
        found += 1
    assert found >= 3


def test_a_cathedral_artist_is_worth_the_better_of_two_dice():
    """Rulebook, 7. ARTWORK:

    "Important: If the artwork is in the Cathedral, roll the die twice and choose which result to use." """
    game, st = bare(2)
    t, sc = game.t, scales(game)
    c = int(np.flatnonzero(t.is_artist)[0])
    in_play(game, st, c)
    st = placing(game, st, order=(0, 1), avail=1)
    k = int(np.flatnonzero(t.skills[c])[0])
    civic = [m for m in range(t.NM) if t.art_zone[m] == C.Z_CIVIC and t.art_skills[m, k]]
    cathedral = [m for m in range(t.NM) if t.art_zone[m] == C.Z_CATHEDRAL and t.art_skills[m, k]]
    pp = np.where(t.mp[c, k, 1:], t.mp_pp[c, k, 1:], t.die_pp[c, k, 1:])
    one = np.mean(pp)
    two = np.mean(np.maximum(pp[:, None], pp[None, :]))
    for boxes, expected in ((civic, one), (cathedral, two)):
        st2 = act(game, st.copy(), f"artwork_{t.art_names[boxes[0]]}")
        assert st2.phase[0] == C.PH_HIRE
        f = feature_row(game, st2, f"character_{t.char_names[c]}")
        fit = t.skills[c] & t.art_skills[boxes[0]]
        if fit.sum() == 1:  # the artist's one fitting skill: the expectation above
            assert f["artist_prestige"] * sc["artist"] == pytest.approx(expected)
    assert two > one


def test_selling_and_buying_at_the_market():
    """Rulebook, 5. MARKET:

    "Sell one resource cube to the supply for 100 Fiorini."
    "Buy one resource cube from the supply for 200 Fiorini." """
    game, st = bare(2)
    sc = scales(game)
    st.money[0, 0], st.res[0, 0] = 250, [2, 1, 1, 1, 1, 1]  # marble first
    st = run_stage(game, st, C.ST_MARKET, market_worker=[True, False], round=C.ROUNDS)
    assert st.phase[0] == C.PH_MARKET and "sell_marble" in names(game, st)
    sell, buy = feature_row(game, st, "sell_marble"), feature_row(game, st, "buy_wood")
    assert sell["florins"] * sc["florins"] == pytest.approx(100) and sell["cubes_marble"] * sc["cubes"] == -1
    assert buy["florins"] * sc["florins"] == pytest.approx(-200) and buy["cubes_wood"] * sc["cubes"] == 1
    # "1 Victory point for each set of 300 Fiorini": 250 + 100 is one more; 7 cubes less one are 2 sets of 3
    assert sell["score_now"] * 10 == pytest.approx(1 + 0)
    assert buy["score_now"] * 10 == pytest.approx(0 + 0)  # 50 Fiorini and 8 cubes: 0 and 2 sets


def test_features_of_a_batch_are_those_of_its_games_and_zero_for_the_others_seats():
    game = Florenza(3)
    st = game.init(np.arange(6, dtype=np.uint64))
    rng = np.random.default_rng(0)
    for _ in range(40):
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
    f = game.action_features(st, st.current_player)
    for g in range(6):
        one = st.select(np.array([g]))
        np.testing.assert_array_equal(game.action_features(one, one.current_player)[0], f[g])
        other = (int(st.current_player[g]) + 1) % 3
        assert not game.action_features(one, other).any()
    assert (f.any(2) == st.legal_action_mask).all()  # every legal action says something (its kind)
