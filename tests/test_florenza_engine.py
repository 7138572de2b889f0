"""Florenza (board game) engine: set-up, every phase and action, the rulebook's examples,
invariants, hidden information, batches, saved states and bad input.

Positions are built by editing one game's state and letting the engine's flow run
(``game._continue``) from the rulebook phase set in ``stage``; component numbers are read from
the game's tables (``game.t``), never repeated here, except the rulebook's own examples."""

import numpy as np
import pytest

import florentine_envs
from florentine_envs.games.florenza import Florenza
from florentine_envs.games.florenza import constants as C


def fresh(P=3, seed=1, **options):
    """A game at its first placement (the rulebook's first-game workshops: no set-up decisions)."""
    options.setdefault("first_game", True)
    game = Florenza(P, **options)
    return game, game.init(np.array([seed], np.uint64))


def names(game, state):
    return {game.action_names[a] for a in np.flatnonzero(state.legal_action_mask[0])}


def act(game, state, name):
    return game.step(state, np.array([game.action_names.index(name)]))


def run_stage(game, st, stage, **fields):
    """Jump game 0 to the start of rulebook phase ``stage`` with ``fields`` set, and run the flow
    (tests of phases 5-7 set round 8: the flow then stops at the game's end, with no new income;
    phase 8 may cash the track into certificates, so they compare ``prestige``)."""
    for key, value in fields.items():
        getattr(st, key)[0] = value
    st.stage[0], st.ptr[0], st.sub[0] = stage, 0, 0
    game._continue(st, 0)
    game._play_forced(st, np.arange(1))
    return st


def prestige(st, p):
    return int(st.certs[0, p]) + int(st.track[0, p])


def roll_counter(st, face, start=0):
    """The first roll number >= start whose die shows ``face`` in game 0."""
    from florentine_envs.core import rng

    n = start
    while 1 + int(rng.randint(st.seed[0], C.STREAM_DIE, n, 6)) != face:
        n += 1
    return n


def char(game, name):
    return game.t.char_names.index(name)


def main_box(game, name):
    return game.t.art_names.index(name)


def empty_round(st):
    """Take every worker off every space of game 0 (all in the pool)."""
    st.avail[0], st.pool[0] = 0, C.WORKERS
    st.market_worker[0] = st.pulpit_own[0] = False
    st.space_worker[0] = -1
    st.box_worker[0] = False
    st.main_worker[0] = -1


# ------------------------------------------------------------------ set-up


@pytest.mark.parametrize("P", [2, 3, 4, 5])
def test_setup_per_player_count(P):
    game = Florenza(P)
    st = game.init(np.arange(4, dtype=np.uint64))
    t = game.t
    assert ((st.char_state == C.IN_PLAY).sum(1) == t.draw[P]).all()  # 6/7/8/9 characters drawn
    assert (st.money == 300).all() and (st.res == 1).all()
    assert (st.avail == 4).all() and (st.pool == 4).all() and (st.crests == 15).all()
    assert (np.sort(st.order[:, :P], 1) == np.arange(P)).all() and (st.captain < 0).all()
    assert (st.phase == C.PH_START_PICK).all()
    # "Starting with the player in the last space on the turn order track ... in reverse order"
    assert (st.current_player == st.order[:, P - 1]).all()
    assert names(game, st.select(0)) == {f"build_{t.ws_names[w]}" for w in t.start_types}
    # every character in play sits under the Life in Florenza card of his rounds
    inplay = st.char_state[0] == C.IN_PLAY
    assert (st.life[0, inplay] == t.rounds[inplay]).all()


def test_start_picks_space_one_then_space_two_in_reverse_order():
    game = Florenza(3)
    st = game.init(np.array([7], np.uint64))
    order = [int(q) for q in st.order[0, :3]]
    pickers = []
    while st.phase[0] == C.PH_START_PICK:
        pickers.append(int(st.current_player[0]))
        st = game.step(st, np.array([int(np.flatnonzero(st.legal_action_mask[0])[0])]))
    assert pickers == order[::-1] * 2
    assert (st.space_type[0, :, :2] >= 0).all() and st.space_built[0, :, :2].all()
    assert (st.space_type[0, :, 2:] < 0).all()
    assert st.ws_supply[0].sum() == game.t.ws_qty.sum() - 6
    assert st.phase[0] == C.PH_PLACE and st.current_player[0] == order[0] and st.round[0] == 1


def test_first_game_workshops_follow_the_rulebook():
    game, st = fresh(5)
    t = game.t
    last = int(st.order[0, 4])
    # "The last player (who chooses first) should place a Picconiere on space 1 and a Legnaiuolo on 2"
    assert [t.ws_names[w] for w in st.space_type[0, last, :2]] == ["Picconiere", "Legnaiuolo"]
    first = int(st.order[0, 0])
    assert [t.ws_names[w] for w in st.space_type[0, first, :2]] == ["Monte di Pieta", "Lanaiuolo"]


# ------------------------------------------------------------------ phase 1


def test_income_pays_family_die_workshops_and_artworks():
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    casa = t.ws_names.index("Casa")
    st.space_type[0, 0, 2], st.space_built[0, 0, 2] = casa, True
    st.ws_supply[0, casa] -= 1
    salone = main_box(game, "signoria_salone")
    st.main_crest[0, salone] = 0
    st.crests[0, 0] -= 1
    before = st.copy()
    run_stage(game, st, C.ST_INCOME, round=2)
    r = int(st.income_res[0])
    for p in range(3):
        extra = 50 if p == 0 else 0
        assert st.money[0, p] == before.money[0, p] + 200 + extra
        gained = st.res[0, p] - before.res[0, p]
        expect = np.zeros(6, int)
        expect[t.marble] += 1
        expect[t.wood] += 1
        expect[r] += 1
        assert (gained == expect).all()
        assert st.avail[0, p] == 4 + (p == 0) and st.pool[0, p] == 8 - st.avail[0, p]
    assert st.track[0, 0] == before.track[0, 0] + 1  # the Salone's income: 1 prestige a round


def test_income_die_gives_100_fiorini_when_the_cubes_run_short():
    game, st = fresh(3)
    empty_round(st)
    n = int(st.rolls[0])
    from florentine_envs.core import rng

    face = 1 + int(rng.randint(st.seed[0], C.STREAM_DIE, n, 6))
    r = int(game.t.die_resource[face - 1])
    st.res[0, 0, r] = game.t.cubes[r] - 2  # only 2 cubes left on the board for 3 players
    before = st.copy()
    run_stage(game, st, C.ST_INCOME, round=2)
    assert (st.money[0] == before.money[0] + 300).all()
    assert st.res[0, 1, r] == before.res[0, 1, r] + (r in (game.t.marble, game.t.wood))


def test_atrio_choice_gold_or_sell():
    game, st = fresh(3)
    empty_round(st)
    atrio = game.t.atrio
    st.main_crest[0, atrio] = 1
    st.crests[0, 1] -= 1
    run_stage(game, st, C.ST_INCOME, round=2)
    assert st.phase[0] == C.PH_ATRIO and st.current_player[0] == 1
    before = st.copy()
    st = act(game, st, "atrio_sell_gold")
    gold = game.t.gold
    assert st.res[0, 1, gold] == before.res[0, 1, gold] - 1 and st.money[0, 1] == before.money[0, 1] + 200


# ------------------------------------------------------------------ phases 2-3


def test_captain_detains_a_worker_or_an_artist_or_declines():
    game, st = fresh(3)
    empty_round(st)
    st.captain[0] = 0
    st.order[0, :3] = [0, 1, 2]
    run_stage(game, st, C.ST_INCOME, round=2)
    while st.phase[0] == C.PH_ATRIO:
        st = game.step(st, np.array([game.ids.atrio_gold]))
    assert st.phase[0] == C.PH_CAPTAIN and st.current_player[0] == 0
    legal = names(game, st)
    assert {"pass", "target_seat_1", "target_seat_2"} <= legal
    artists = [c for c in range(40) if st.char_state[0, c] == C.IN_PLAY and game.t.is_artist[c]]
    preachers = [c for c in range(40) if st.char_state[0, c] == C.IN_PLAY and game.t.is_preacher[c]]
    assert all(f"character_{game.t.char_names[c]}" in legal for c in artists)
    assert not any(f"character_{game.t.char_names[c]}" in legal for c in preachers)  # "cannot detain a preacher"
    st = act(game, st, "target_seat_2")
    assert st.avail[0, 2] == 3 and st.detained[0, 2] == 1
    game.check_invariants(st)


def test_bishop_converts_a_worker_into_his_family():
    game, st = fresh(3)
    empty_round(st)
    st.bishop[0] = 1
    st.order[0, :3] = [1, 0, 2]
    run_stage(game, st, C.ST_CAPTAIN, avail=[4, 4, 4], pool=[4, 4, 4])
    assert st.phase[0] == C.PH_BISHOP and st.current_player[0] == 1
    st = act(game, st, "target_seat_1")  # seat 2
    assert st.avail[0].tolist() == [4, 5, 3] and st.pool[0].tolist() == [4, 3, 5]
    game.check_invariants(st)


def test_bishop_expels_a_preacher():
    game, st = fresh(3)
    empty_round(st)
    c = int(np.flatnonzero(game.t.is_preacher)[0])
    st.char_state[0, c], st.life[0, c] = C.IN_PLAY, 2
    st.bishop[0] = 0
    run_stage(game, st, C.ST_CAPTAIN, avail=[4, 4, 4], pool=[4, 4, 4])
    st = act(game, st, f"character_{game.t.char_names[c]}")
    assert st.char_where[0, c] == C.EXPELLED
    # "No player can give charity or use this preacher in any way for the rest of the round"
    assert not any(game.givable(st, 0, q)[c] for q in range(3))
    st.money[0] = 10_000
    assert not any(game.givable(st, 0, q)[c] for q in range(3))


def test_two_player_variant_captain_and_bishop_only_detains_an_artist():
    for variant, targets in ((True, False), (False, True)):
        game, st = fresh(2, two_player_variant=variant)
        empty_round(st)
        st.captain[0] = st.bishop[0] = 0
        st.order[0, :3], st.nslots[0] = [0, 0, 1], 3
        run_stage(game, st, C.ST_CAPTAIN, avail=[4, 4], pool=[4, 4])
        assert st.phase[0] == C.PH_CAPTAIN
        assert ("target_seat_1" in names(game, st)) == targets


# ------------------------------------------------------------------ phase 4


def test_operate_own_free_opponent_costs_one_prestige_and_not_from_minus_three():
    game, st = fresh(3)
    p = int(st.current_player[0])
    legal = names(game, st)
    assert "operate_0_1" in legal and "operate_1_1" in legal
    st2 = act(game, st.copy(), "operate_1_1")
    q = (p + 1) % 3
    assert st2.track[0, p] == -1 and st2.track[0, q] == 1 and st2.space_worker[0, q, 0] == p
    st.track[0, p] = -3
    game.refresh_mask(st, 0)
    legal = names(game, st)
    assert "operate_0_1" in legal and not any(a.startswith("operate_1") or a.startswith("operate_2") for a in legal)


def test_a_workshop_is_used_once_per_round():
    game, st = fresh(3)
    p = int(st.current_player[0])
    st = act(game, st, "operate_0_1")
    q = int(st.current_player[0])
    assert f"operate_{(p - q) % 3}_1" not in names(game, st)


def test_build_goes_to_the_lowest_empty_space_unpaid_until_phase_six():
    game, st = fresh(3)
    p = int(st.current_player[0])
    st.money[0, p] = 0
    game.refresh_mask(st, 0)
    st = act(game, st, "build_Biblioteca")  # allowed without the means: planning ahead
    w = game.t.ws_names.index("Biblioteca")
    assert st.space_type[0, p, 2] == w and not st.space_built[0, p, 2] and st.space_worker[0, p, 2] == p
    assert st.ws_supply[0, w] == game.t.ws_qty[w] - 1 and st.money[0, p] == 0


def test_hire_artist_needs_a_matching_skill_and_a_free_tile():
    game, st = fresh(3)
    t = game.t
    p = int(st.current_player[0])
    salone = main_box(game, "signoria_salone")
    st = act(game, st, f"artwork_{t.art_names[salone]}")
    assert st.phase[0] == C.PH_HIRE and st.current_player[0] == p
    legal = names(game, st)
    painter = t.skill_names.index("painter")
    for c in range(40):
        ok = st.char_state[0, c] == C.IN_PLAY and t.is_artist[c] and t.skills[c, painter]
        assert (f"character_{t.char_names[c]}" in legal) == bool(ok)
    assert "unnamed painter" in {n.replace("character_", "") for n in legal}
    assert "character_unnamed sculptor" not in legal
    st = act(game, st, "character_unnamed painter")
    assert st.unnamed_left[0, painter] == 1 and st.main_artist[0, salone] == 40 + painter
    assert st.main_worker[0, salone] == p and st.phase[0] == C.PH_PLACE


def test_market_once_per_player_and_go_to_work():
    game, st = fresh(3)
    p = int(st.current_player[0])
    st = act(game, st, "go_to_market")
    assert st.market_worker[0, p]
    while int(st.current_player[0]) != p:
        st = act(game, st, "go_to_work")
    assert "go_to_market" not in names(game, st)
    money = int(st.money[0, p])
    st = act(game, st, "go_to_work")
    assert st.money[0, p] == money + 50 and st.at_work[0, p] == 1


def test_charity_pays_at_once_and_gives_workers_for_later():
    game, st = fresh(3)
    p = int(st.current_player[0])
    preacher = int(np.flatnonzero(game.t.is_preacher)[0])  # a named one too: a real choice
    st.char_state[0, preacher], st.life[0, preacher] = C.IN_PLAY, 2
    st.char_state[0, int(st.bag[0, st.bag_pos[0]])] = C.IN_PLAY  # keep the bag count: swap positions
    st.char_state[0, int(st.bag[0, st.bag_pos[0]])] = C.IN_BAG
    game.refresh_mask(st, 0)
    st = act(game, st, "charity_own_pulpit")
    assert st.phase[0] == C.PH_PREACHER
    assert names(game, st) >= {"character_unnamed preacher", f"character_{game.t.char_names[preacher]}"}
    before = st.copy()
    st = act(game, st, "character_unnamed preacher")
    assert st.money[0, p] == before.money[0, p] - 100
    assert st.avail[0, p] == before.avail[0, p] + 2 and st.unnamed_left[0, 3] == 1
    assert "charity_own_pulpit" not in names(game, st) or int(st.current_player[0]) != p
    # without the money the charity is not offered (it is paid at once, D24)
    game2, st2 = fresh(3)
    st2.money[0] = 0
    game2.refresh_mask(st2, 0)
    assert "charity_own_pulpit" not in names(game2, st2)


def test_cathedral_pulpit_needs_its_artwork_completed():
    game, st = fresh(3)
    assert "charity_cathedral_pulpit" not in names(game, st)
    st.main_crest[0, game.t.pulpit] = 2
    st.crests[0, 2] -= 1
    game.refresh_mask(st, 0)
    assert "charity_cathedral_pulpit" in names(game, st)


def test_every_worker_is_placed_in_turn_order():
    game, st = fresh(3, seed=3)
    order = [int(q) for q in st.order[0, :3]]
    seen = []
    while st.phase[0] == C.PH_PLACE and st.round[0] == 1:
        seen.append(int(st.current_player[0]))
        st = act(game, st, "go_to_work")
    assert seen == order * 4
    assert st.round[0] == 2  # nobody could pass: the round went on once every worker was placed


def test_captain_and_bishop_places_two_workers_at_a_time():
    # "During Phase 4, he will place two of his workers before the other players place their first"
    game, st = fresh(3)
    empty_round(st)
    st.captain[0] = st.bishop[0] = 1
    st.order[0, :4], st.nslots[0] = [1, 1, 2, 0], 4
    run_stage(game, st, C.ST_PLACE, avail=[4, 4, 4], pool=[4, 4, 4], round=2)
    seen = []
    while st.phase[0] == C.PH_PLACE and st.round[0] == 2:
        seen.append(int(st.current_player[0]))
        st = act(game, st, "go_to_work")
    assert seen == [1, 1, 2, 0] * 2 + [2, 0] * 2


# ------------------------------------------------------------------ phase 5


def test_market_sell_buy_trade_once_each():
    game, st = fresh(3)
    empty_round(st)
    st.market_worker[0, 0] = True
    st.avail[0, 0] -= 0
    st.pool[0, 0] -= 1
    st.res[0, 0] = [2, 1, 0, 0, 1, 0]
    st.money[0, 0] = 400
    run_stage(game, st, C.ST_MARKET, round=8)
    assert st.phase[0] == C.PH_MARKET and st.current_player[0] == 0
    res = game.t.resource_names
    st = act(game, st, f"sell_{res[0]}")
    assert st.money[0, 0] == 500 and st.res[0, 0, 0] == 1
    assert not any(n.startswith("sell_") for n in names(game, st))
    st = act(game, st, f"buy_{res[1]}")
    assert st.money[0, 0] == 300 and st.res[0, 0, 1] == 2
    st = act(game, st, "trade")
    st = act(game, st, f"resource_{res[0]}")
    st = act(game, st, f"resource_{res[1]}")
    legal = names(game, st)
    assert legal == {f"resource_{r}" for r in res[2:]}  # "one different resource cube"
    st = act(game, st, f"resource_{res[2]}")
    assert st.res[0, 0].tolist() == [0, 1, 1, 0, 1, 0]
    assert st.phase[0] != C.PH_MARKET  # all three used: the market turn ends


# ------------------------------------------------------------------ phase 6


def test_construction_pays_or_fails_and_frees_the_space():
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    w = t.ws_names.index("Biblioteca")
    for p, money in ((0, 1000), (1, 0)):
        st.space_type[0, p, 2], st.space_built[0, p, 2], st.space_worker[0, p, 2] = w if p == 0 else 0, False, p
        st.pool[0, p] -= 1
        st.res[0, p] = 5
        st.money[0, p] = money
    st.ws_supply[0, w] -= 1
    st.ws_supply[0, 0] -= 1
    st.money[0, 1] = 0
    st.res[0, 1] = 0  # cannot pay the Armaiuolo
    run_stage(game, st, C.ST_DISTRICT, round=8)
    assert st.space_built[0, 0, 2] and prestige(st, 0) == t.ws_build_pp[w]
    assert st.money[0, 0] == 1000 - t.ws_cost_fl[w]
    assert st.space_type[0, 1, 2] == -1 and prestige(st, 1) == -1 and st.ws_supply[0, 0] == t.ws_qty[0]
    game.check_invariants(st)


def orafo_used_by_seat_1(gold):
    """Seat 0's Orafo (spend 1 gold to take 200) with seat 1's worker on it, in phase 6 of round 8."""
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    w = t.ws_names.index("Orafo")
    st.space_type[0, 0, 2], st.space_built[0, 0, 2], st.space_worker[0, 0, 2] = w, True, 1
    st.ws_supply[0, w] -= 1
    st.pool[0, 1] -= 1
    st.res[0, 1, t.gold] = gold
    before = st.copy()
    return game, run_stage(game, st, C.ST_DISTRICT, round=8), before


def test_conversion_is_offered_to_the_worker_only_when_payable():
    game, st, before = orafo_used_by_seat_1(gold=1)
    assert st.phase[0] == C.PH_CONVERT and st.current_player[0] == 1
    st = act(game, st, "convert")
    assert st.money[0, 1] == before.money[0, 1] + 200 and st.res[0, 1, game.t.gold] == 0
    assert st.money[0, 0] == before.money[0, 0]  # the owner gains nothing
    game, st, before = orafo_used_by_seat_1(gold=0)  # without gold: no decision, nothing happens
    assert st.money[0, 1] == before.money[0, 1] and st.phase[0] == C.PH_OVER
    game.check_invariants(st)


# ------------------------------------------------------------------ phase 7


def hire_on(game, st, p, box, x, main=True):
    st.pool[0, p] -= 1
    if main:
        st.main_worker[0, box], st.main_artist[0, box] = p, x
    else:
        st.box_worker[0, p, box], st.box_artist[0, p, box] = True, x
    if x < 40:
        st.char_state[0, x], st.life[0, x], st.char_where[0, x] = C.IN_PLAY, max(1, int(st.life[0, x])), C.ON_BOX
    else:
        st.unnamed_left[0, x - 40] -= 1


def test_salone_completed_by_correggio_with_a_six():
    # Rulebook: Mary pays Correggio 100, the Salone's 2 wood, metal, textile, gold, spice and
    # 100 Fiorini, earns 7 prestige, rolls a 6: masterpiece, 3 more; Correggio's card flips.
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    salone, correggio = main_box(game, "signoria_salone"), char(game, "Correggio")
    hire_on(game, st, 0, salone, correggio)
    st.res[0, 0] = t.art_cost[salone]
    st.money[0, 0] = 200
    st.rolls[0] = roll_counter(st, 6)
    run_stage(game, st, C.ST_ARTWORK, round=8)
    assert st.money[0, 0] == 0 and (st.res[0, 0] == 0).all()
    assert st.main_crest[0, salone] == 0 and prestige(st, 0) == 7 + 3
    assert st.flipped[0, correggio] and st.char_where[0, correggio] == C.ON_CARD
    assert st.crests[0, 0] == 14 and st.pool[0, 0] == 8


def test_artwork_failure_penalties_by_zone_and_named_artist():
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    civic = int(np.flatnonzero(t.art_zone == C.Z_CIVIC)[1])
    cathedral = int(np.flatnonzero(t.art_zone == C.Z_CATHEDRAL)[1])
    named = int(np.flatnonzero(t.is_artist & t.skills[:40][:, np.flatnonzero(t.art_skills[civic])[0]])[0])
    hire_on(game, st, 0, civic, named)
    k = int(np.flatnonzero(t.art_skills[cathedral])[0])
    hire_on(game, st, 0, cathedral, 40 + k)
    hire_on(game, st, 0, 0, 40 + int(np.flatnonzero(t.box_skills[0])[0]), main=False)
    st.money[0, 0], st.res[0, 0] = 0, 0
    run_stage(game, st, C.ST_ARTWORK, round=8)
    assert prestige(st, 0) == -(1 + (2 + 1) + 3)  # district 1, civic 2 + named 1, cathedral 3
    assert (st.main_crest[0] < 0).all() and st.pool[0, 0] == 8
    game.check_invariants(st)


def test_cathedral_rolls_two_dice_and_the_player_chooses():
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    cathedral = int(np.flatnonzero(t.art_zone == C.Z_CATHEDRAL)[1])
    k = int(np.flatnonzero(t.art_skills[cathedral])[0])
    hire_on(game, st, 0, cathedral, 40 + k)
    st.res[0, 0], st.money[0, 0] = 10, 1000
    from florentine_envs.core import rng

    # the first roll number whose two rolls differ

    n = 0
    faces = lambda n: [1 + int(rng.randint(st.seed[0], C.STREAM_DIE, n + i, 6)) for i in (0, 1)]  # noqa: E731
    while len(set(faces(n))) < 2:
        n += 1
    st.rolls[0] = n
    run_stage(game, st, C.ST_ARTWORK, round=8)
    if st.phase[0] == C.PH_SKILL:
        st = game.step(st, np.array([int(np.flatnonzero(st.legal_action_mask[0])[0])]))
    assert st.phase[0] == C.PH_CATHEDRAL_DIE
    assert names(game, st) == {f"die_{v}" for v in faces(n)}
    best = max(faces(n))
    # the box's prestige and the crest come before the dice (the rulebook's order, lead's Q6)
    assert prestige(st, 0) == t.art_pp[cathedral] and st.main_crest[0, cathedral] == 0
    st = act(game, st, f"die_{best}")
    assert prestige(st, 0) == t.art_pp[cathedral] + t.die_pp[40 + k, k, best]


def test_raffaello_in_the_no_die_variant():
    # "Strozzi decides to boost Raffaello with 100 Fiorini so the value of the work is now 4. For
    # Raffaello a 4 point work is worth 5 prestige point"; a 5 gives no more; the masterpiece needs 6.
    game, st = fresh(3, die="no_die")
    t = game.t
    empty_round(st)
    raffaello = char(game, "Raffaello Sanzio")
    painter = t.skill_names.index("painter")
    civic = int(np.flatnonzero((t.art_zone == C.Z_CIVIC) & t.art_skills[:, painter])[1])
    hire_on(game, st, 0, civic, raffaello)
    st.res[0, 0] = t.art_cost[civic]
    st.money[0, 0] = t.art_cost_fl[civic] + t.hire_cost[raffaello, painter] + 150
    run_stage(game, st, C.ST_ARTWORK, round=8)
    if st.phase[0] == C.PH_SKILL:
        st = act(game, st, "skill_painter")
    assert st.phase[0] == C.PH_INCENTIVE and names(game, st) == {f"incentive_{50 * i}" for i in range(4)}
    st = act(game, st, "incentive_100")
    assert prestige(st, 0) == t.art_pp[civic] + 5 and not st.flipped[0, raffaello]
    assert st.money[0, 0] == 50
    assert t.die_pp[raffaello, painter, 5] == t.die_pp[raffaello, painter, 4] == 5
    assert t.mp[raffaello, painter, 6] and not t.mp[raffaello, painter, 5]


def test_palazzo_complete_gives_four_prestige_and_chiesa_four_influence():
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    palazzo = np.flatnonzero(~t.box_chiesa)
    st.box_crest[0, 0, palazzo[:3]] = True
    st.crests[0, 0] -= 3
    d = int(palazzo[3])
    hire_on(game, st, 0, d, 40 + int(np.flatnonzero(t.box_skills[d])[0]), main=False)
    st.res[0, 0], st.money[0, 0] = 10, 1000
    st.rolls[0] = roll_counter(st, 3)
    run_stage(game, st, C.ST_ARTWORK, round=8)
    k = int(np.flatnonzero(t.box_skills[d])[0])
    assert prestige(st, 0) == t.box_pp[d] + t.die_pp[40 + k, k, 3] + 4


# ------------------------------------------------------------------ phase 8


def test_turn_order_example_captain_bishop_and_the_others_keep_their_order():
    # Yellow is highest on the prestige track, red highest on influence with at least 3: yellow
    # Captain (first), red Bishop (second), the others third to fifth in their order.
    game, st = fresh(5)
    empty_round(st)
    st.order[0, :5] = [0, 1, 2, 3, 4]
    yellow, red = 3, 1
    st.track[0] = [2, 1, 0, 6, 3]
    st.influence[0] = [1, 4, 2, 0, 3]
    run_stage(game, st, C.ST_ORDER, round=2)
    assert st.captain[0] == yellow and st.bishop[0] == red
    assert st.order[0, :5].tolist() == [3, 1, 0, 2, 4]
    assert st.certs[0, yellow] == 6 and st.track[0, yellow] == 0  # cashed in, marker to 0
    assert st.influence[0, red] == 4  # "Do not reduce your church influence"


def test_ties_elect_nobody_and_both_offices_take_two_slots():
    game, st = fresh(3)
    empty_round(st)
    st.order[0, :3] = [2, 0, 1]
    st.track[0] = [4, 4, 1]
    st.influence[0] = [3, 3, 0]
    run_stage(game, st, C.ST_ORDER, round=2)
    assert st.captain[0] == -1 and st.bishop[0] == -1 and st.order[0, :3].tolist() == [2, 0, 1]
    game, st = fresh(3)
    empty_round(st)
    st.order[0, :3] = [2, 0, 1]
    st.track[0] = [1, 5, 1]
    st.influence[0] = [0, 3, 2]
    run_stage(game, st, C.ST_ORDER, round=2)
    assert st.captain[0] == 1 and st.bishop[0] == 1
    assert st.nslots[0] == 4 and st.order[0, :4].tolist() == [1, 1, 2, 0]


def test_cardinal_after_two_rounds_as_bishop_or_ten_influence():
    game, st = fresh(3)
    empty_round(st)
    st.bishop[0] = 2
    st.influence[0] = [0, 1, 3]
    run_stage(game, st, C.ST_ORDER, round=2)
    assert st.bishop[0] == 2 and st.influence[0, 2] == 0 and st.track[0, 2] == 5
    game, st = fresh(3)
    empty_round(st)
    st.influence[0] = [10, 1, 3]
    run_stage(game, st, C.ST_ORDER, round=2)
    assert st.bishop[0] == 0 and st.influence[0, 0] == 0 and st.track[0, 0] == 5


def test_end_of_round_moves_characters_down_and_draws_replacements():
    game, st = fresh(3)
    empty_round(st)
    inplay = np.flatnonzero(st.char_state[0] == C.IN_PLAY)
    st.life[0, inplay[0]] = 1
    life = st.life[0].copy()
    drawn = int(st.bag_pos[0])
    st.stage[0] = C.ST_END
    game._end_of_round(st, 0)
    assert st.char_state[0, inplay[0]] == C.GONE
    assert (st.life[0, inplay[1:]] == life[inplay[1:]] - 1).all()
    assert st.bag_pos[0] == drawn + 1 and (st.char_state[0] == C.IN_PLAY).sum() == len(inplay)


# ------------------------------------------------------------------ end of game


def test_final_scoring_terms():
    game, st = fresh(2)
    t = game.t
    st.certs[0], st.track[0] = [10, 3], [2, -1]
    st.res[0] = [[3, 3, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0]]
    st.money[0] = [650, 299]
    st.captain[0], st.bishop[0] = 1, 1
    chiesa = np.flatnonzero(t.box_chiesa)
    st.box_crest[0, 0, chiesa[0]] = True
    parts = {k: v[0].tolist() for k, v in game.score_parts(st).items()}
    assert parts["prestige"] == [12, 2] and parts["captain"] == [0, 1] and parts["bishop"] == [0, 1]
    assert parts["cubes"] == [2, 0] and parts["fiorini"] == [2, 0]
    assert parts["empty_spaces"] == [-6, -6] and parts["open_boxes"] == [-7, -8]
    assert parts["no_palazzo"] == [-4, -4] and parts["no_chiesa"] == [0, -4]


def test_ties_break_on_resources_then_money():
    game, st = fresh(3)
    st.scores[0] = 0
    empty_round(st)
    st.certs[0], st.track[0] = 0, 0
    st.res[0] = [[1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]
    st.money[0] = [100, 200, 200]
    game._finish(st, 0)
    # equal scores (cubes and money below the thresholds); 1 and 0 have a cube, 1 more money
    assert st.final_rank[0].tolist() == [2, 1, 3]
    assert st.rewards[0].tolist() == pytest.approx([-0.5, 1.0, -0.5])


# ------------------------------------------------------------------ whole games and the protocol


def random_games(game, seeds, check=True):
    st = game.init(np.asarray(seeds, np.uint64))
    gen = np.random.default_rng(0)
    while not st.terminated.all():
        a = np.array([gen.choice(np.flatnonzero(r)) if r.any() else 0 for r in st.legal_action_mask])
        st = game.step(st, a)
        if check:
            game.check_invariants(st)
    return st


@pytest.mark.parametrize("P", [2, 5])
@pytest.mark.parametrize("die", ["die", "no_die"])
def test_random_games_keep_every_invariant(P, die):
    game = Florenza(P, die=die)
    st = random_games(game, range(6))
    assert st.terminated.all() and (st.round == 8).all()
    assert (game.running_scores(st) == st.scores).all()
    assert (game.acquisitions(st)[:, :, : game.t.NW].sum(2) >= 2).all()  # the two starting workshops


def test_randomize_hidden_leaves_every_observation_and_mask_unchanged():
    game = Florenza(4)
    st = game.init(np.arange(5, dtype=np.uint64))
    gen = np.random.default_rng(1)
    for _ in range(120):
        a = np.array([gen.choice(np.flatnonzero(r)) if r.any() else 0 for r in st.legal_action_mask])
        st = game.step(st, a)
    for p in range(4):
        other = game.randomize_hidden(st, p, seed=11)
        for q in range(4):
            seats = np.full(st.batch_size, q)
            assert np.array_equal(game.observe(st, seats), game.observe(other, seats))
        assert np.array_equal(st.legal_action_mask, other.legal_action_mask)
        assert not np.array_equal(st.seed, other.seed)


def per_game_policy(state, seeds):
    """A legal action per game that depends only on the game's seed and its step count (so a
    game plays the same moves in any batch)."""
    actions = np.zeros(state.batch_size, np.int64)
    for b in range(state.batch_size):
        legal = np.flatnonzero(state.legal_action_mask[b])
        if legal.size:
            actions[b] = legal[(int(seeds[b]) * 7919 + int(state.step_count[b]) * 104729) % legal.size]
    return actions


def test_batch_games_are_independent():
    game = Florenza(3, die="no_die")
    seeds = np.array([5, 6, 7, 8], np.uint64)
    batch = game.init(seeds)
    while not batch.terminated.all():
        batch = game.step(batch, per_game_policy(batch, seeds))
    for i, seed in enumerate(seeds):
        alone = game.init(seeds[i : i + 1])
        while not alone.terminated[0]:
            alone = game.step(alone, per_game_policy(alone, seeds[i : i + 1]))
        # rewards are those of the last step: the batch went on after this game ended
        assert np.array_equal(alone.scores[0], batch.scores[i]) and (alone.final_rank[0] == batch.final_rank[i]).all()
        assert all(np.array_equal(x[0], y[i]) for name, x in alone.arrays().items() if name != "rewards"
                   for y in [batch.arrays()[name]])  # fmt: skip


def test_every_kind_of_action_is_played():
    game = Florenza(3)
    seen = set()
    st = game.init(np.arange(24, dtype=np.uint64))
    gen = np.random.default_rng(5)
    while not st.terminated.all():
        mask = st.legal_action_mask
        actions = (gen.random(mask.shape) * mask).argmax(1)
        seen.update(game.action_names[a].split("_")[0] for a, t in zip(actions, st.terminated) if not t)
        st = game.step(st, actions)
    blocks = {"operate", "build", "artwork", "go", "charity", "character", "target", "pass", "sell", "buy", "trade",
              "resource", "convert", "atrio", "skill", "die"}  # fmt: skip
    assert blocks <= seen, blocks - seen


def test_saved_states_round_trip_and_bad_ones_are_refused():
    game = Florenza(3)
    st = game.init(np.array([3], np.uint64))
    gen = np.random.default_rng(2)
    for _ in range(60):
        st = game.step(st, np.array([gen.choice(np.flatnonzero(st.legal_action_mask[0]))]))
    text = game.to_json(st)
    back = game.from_json(text)
    assert game.to_json(back) == text
    import json

    data = json.loads(text)
    data["fields"]["avail"][0] += 1  # a worker from nowhere
    with pytest.raises(ValueError, match="workers"):
        game.from_json(json.dumps(data))


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    game, st = fresh(3)
    before = game.to_json(st)
    illegal = int(np.flatnonzero(~st.legal_action_mask[0])[0])
    with pytest.raises(ValueError, match="illegal"):
        game.step(st, np.array([illegal]))
    with pytest.raises(ValueError):
        game.step(st, np.array([game.num_actions]))
    assert game.to_json(st) == before


def test_bad_options_are_refused():
    for options in ({"die": "dice"}, {"first_game": "yes"}, {"two_player_variant": 1}, {"reward": "points"}):
        with pytest.raises(ValueError):
            Florenza(3, **options)
    with pytest.raises(ValueError):
        florentine_envs.make("florenza", num_players=6)
    with pytest.raises(ValueError):
        florentine_envs.make("florenza", num_players=3, variant=True)


def test_batched_observation_equals_the_one_game_path():
    # the AEC env observes one game through ``_observe_one``; the batch goes through array code
    game = Florenza(4, die="no_die")
    st = game.init(np.arange(8, dtype=np.uint64))
    gen = np.random.default_rng(4)
    while not st.terminated.all():
        for q in range(4):
            batch = game.observe(st, np.full(8, q))
            for i in range(8):
                assert np.array_equal(batch[i], game.observe(st.select(np.array([i])), np.array([q]))[0])
        mask = st.legal_action_mask
        st = game.step(st, (gen.random(mask.shape) * mask).argmax(1))
    low, high = game.obs_bounds
    for q in range(4):
        obs = game.observe(st, np.full(8, q))
        assert ((obs >= low) & (obs <= high)).all()


def test_scalar_die_rolls_equal_the_core_hash():
    from florentine_envs.core import rng
    from florentine_envs.games.florenza.rules import scalar_randint

    for seed in (0, 1, 2**63 + 5, 2**64 - 1):
        for counter in range(40):
            assert scalar_randint(seed, C.STREAM_DIE, counter, 6) == int(rng.randint(np.uint64(seed), C.STREAM_DIE, counter, 6))


def test_render_narrate_and_describe_for_terminal_play():
    game, st = fresh(3)
    text = game.render(st)
    for part in ("Life in Florenza", "Main board", "workshops", "district", "track", "Salone (Palazzo della Signoria)"):
        assert part in text
    # "there will be no Captain of the People for the first seven phases of round 1"
    assert "captain: none  bishop: none" in text
    st.captain[0], st.bishop[0] = 2, 0
    assert "captain: player_2  bishop: player_0" in game.render(st)
    st.captain[0], st.bishop[0] = -1, -1
    p = int(st.current_player[0])
    q = (p + 1) % 3
    w = game.t.ws_names[int(st.space_type[0, q, 0])]
    said = game.describe_action(st, 0, game.action_names.index("operate_1_1"))
    assert said.startswith(f"operate player_{q}'s {w} (space 1): ") and said.endswith(f"you -1 prestige, player_{q} +1")
    before = st.copy()
    after = act(game, st, "operate_1_1")
    lines = game.narrate(before, after, 0, game.action_names.index("operate_1_1"), False)
    assert lines[0].startswith(f"player_{p} operate") and any("prestige -1" in line for line in lines)
