"""Florenza rule tests, part b: phase 7 -- completing artworks (order, paying the artist and the
box, rewards and the crest, failure), the district's Palazzo and Chiesa, the "ARTWORKS" summary
of the characters chapter, incomes (the Salone, the Atrio) and the Correggio example.

Conventions as in ``test_florenza_rules_production.py``. The rulebook's own numbers (failure
losses, the Salone's and Correggio's values of the worked examples) are asserted literally: they
hold the data to the book; every other number is read from the tables.
"""

from __future__ import annotations

import numpy as np
from florenza_scenarios_b import (
    NAMED,
    act,
    bare,
    char,
    finish_artworks,
    force_roll,
    hire_on,
    in_play,
    income_again,
    main_box,
    main_with_skills,
    names,
    pay_exactly,
    placing,
    prestige,
    resolve_artworks,
    run_stage,
    skill,
    two_skill_artist,
)

from florentine_envs.games.florenza import constants as C

PART = "b"

NOT_ENGINE_BEHAVIOUR = {
    "Your primary goal in the game is to earn prestige points, and most of these points will come from completing artworks.": "flavour",  # noqa: E501
    "The possible incomes are:": "layout",
    "Make sure you will have the resources you need before planning to build a workshop or attempt an artwork.": "flavour",  # noqa: E501
}


def two_skill_artists(game) -> list[tuple[int, list[int]]]:
    t = game.t
    return [(c, np.flatnonzero(t.skills[c]).tolist()) for c in np.flatnonzero(t.is_artist) if t.skills[c].sum() == 2]


def box_for(game, zone: int, ks: list[int], taken: set[int]) -> int | None:
    """A box id of ``zone`` (district d, main 8 + m) accepting every skill of ``ks``, not in ``taken``."""
    t = game.t
    if zone == C.Z_DISTRICT:
        ok = [d for d in range(C.NUM_BOXES) if t.box_skills[d, ks].all()]
    else:
        ok = [C.NUM_BOXES + m for m in range(t.NM) if t.art_zone[m] == zone and t.art_skills[m, ks].all()]
    ok = [b for b in ok if b not in taken]
    return ok[0] if ok else None


def test_players_complete_in_turn_order_district_then_civic_then_cathedral():
    """Rulebook, 7. ARTWORK:

    "Starting with the first player and going in turn order, each player attempts to complete all artworks he has assigned workers to."
    "Complete any artworks you are attempting in your home district first, then any on civic buildings, and finally any artwork in the Cathedral."

    Two-skill artists make every completion a real skill decision, so the order is seen."""
    game, st = bare(3)
    artists = iter(two_skill_artists(game))
    plan = [(2, C.Z_CIVIC), (0, C.Z_CATHEDRAL), (0, C.Z_CIVIC), (0, C.Z_DISTRICT), (1, C.Z_CIVIC)]
    taken: set[int] = set()
    for seat, zone in plan:
        box = None
        while box is None:
            c, ks = next(artists)
            box = box_for(game, zone, ks, taken)
        taken.add(box)
        in_play(game, st, c)
        hire_on(game, st, seat, box - C.NUM_BOXES if box >= C.NUM_BOXES else box, c, main=box >= C.NUM_BOXES)
    st.res[0], st.money[0] = 20, 5000
    st.order[0, :3] = [2, 0, 1]
    st, seen = finish_artworks(game, resolve_artworks(game, st))
    skills = [(p, b) for phase, p, b in seen if phase == C.PH_SKILL]
    zone_of = lambda b: C.Z_DISTRICT if b < C.NUM_BOXES else int(game.t.art_zone[b - C.NUM_BOXES])  # noqa: E731
    assert [(p, zone_of(b)) for p, b in skills] == [
        (2, C.Z_CIVIC), (0, C.Z_DISTRICT), (0, C.Z_CIVIC), (0, C.Z_CATHEDRAL), (1, C.Z_CIVIC)
    ]  # fmt: skip
    assert st.crests[0].tolist() == [C.CRESTS - 3, C.CRESTS - 1, C.CRESTS - 1]


def test_the_chosen_skill_fits_the_artwork_and_sets_the_artists_fee():
    """Rulebook: "To successfully complete an artwork, you must pay the Fiorini cost shown on the artist you have hired."
    "If the artist has more than one skill, you must choose which one to use, which must fill the requirements for the artwork you are attempting."
    "You must pay the cost for the skill you have chosen."
    "You must also pay all resources and coins shown in the artwork box you are attempting."
    CHARACTERS: "If the artist has more than 1 skill, you must pay the cost for the skill you choose to use."
    """
    game = bare(3)[0]
    c, k1, k2 = two_skill_artist(game, "cost")
    t = game.t
    m = main_with_skills(game, C.Z_CIVIC, k1, k2)
    for k in (k1, k2):
        game, st = bare(3)
        in_play(game, st, c)
        hire_on(game, st, 0, m, c)
        pay_exactly(game, st, 0, C.NUM_BOXES + m, c, max(k1, k2, key=lambda s: t.hire_cost[c, s]))
        st = resolve_artworks(game, st)
        assert names(game, st) == {f"skill_{t.skill_names[k1]}", f"skill_{t.skill_names[k2]}"}
        money = int(st.money[0, 0])
        st = act(game, st, f"skill_{t.skill_names[k]}")
        st, _ = finish_artworks(game, st)
        assert money - int(st.money[0, 0]) == t.art_cost_fl[m] + t.hire_cost[c, k] and (st.res[0, 0] == 0).all()
    # a skill the box does not ask for is never offered
    m1 = int(np.flatnonzero(t.art_skills[:, k1] & ~t.art_skills[:, k2] & (np.arange(t.NM) != t.pulpit))[0])
    game, st = bare(3)
    in_play(game, st, c)
    hire_on(game, st, 0, m1, c)
    st.res[0, 0], st.money[0, 0] = 20, 5000
    assert game.payable_skills(st, 0, 0, C.NUM_BOXES + m1).tolist() == [s == k1 for s in range(3)]


def test_rewards_then_the_crest_then_the_artist_and_worker_go_back():
    """Rulebook: "After paying the costs of the artwork, you receive all prestige points and church influence shown in the lower right corner of the artwork box."
    "Then place one of your family crest tokens on the artwork box."
    "Return the artist tile to his matching card."
    "Return your worker to the pool."
    ARTWORKS: "The top left corner of each artwork box shows the resources and/or Fiorini you must spend to complete it."
    "In the lower right it shows any prestige or church influence you earn by completing it."
    "When you complete an artwork, you cover the artwork box with one of your family crests, so it hides the costs and awards (they are no longer needed)."
    """
    game, st = bare(3)
    t = game.t
    m = int(np.flatnonzero((t.art_inf > 0) & (t.art_zone == C.Z_CIVIC))[0])
    k = int(np.flatnonzero(t.art_skills[m])[0])
    c = int(np.flatnonzero(t.is_artist & t.skills[:NAMED, k])[0])
    in_play(game, st, c)
    hire_on(game, st, 0, m, c)
    pay_exactly(game, st, 0, C.NUM_BOXES + m, c, k)
    force_roll(st, 1)
    st = resolve_artworks(game, st)
    assert st.money[0, 0] == 0 and (st.res[0, 0] == 0).all()
    assert st.main_crest[0, m] == 0 and st.crests[0, 0] == C.CRESTS - 1
    assert st.influence[0, 0] == t.art_inf[m] > 0
    artist = t.mp_pp[c, k, 1] if t.mp[c, k, 1] else t.die_pp[c, k, 1]
    assert prestige(st, 0) == t.art_pp[m] + artist
    assert st.char_where[0, c] == C.ON_CARD and st.pool[0, 0] == C.WORKERS
    assert st.main_worker[0, m] == -1 and st.main_artist[0, m] == -1


def test_an_artwork_is_completed_once_and_a_claimed_box_is_closed():
    """Rulebook: "Each artwork can only be completed once."
    "Any box with a family crest cannot be attempted again."
    ARTWORKS: "You can complete artworks on your district tile, in buildings around Florence, or in the Cathedral."
    STRATEGY HINTS: "Yes, another player could come along and claim it before you can, but it's better to have the resources for something else than to lose prestige points."
    """
    game, st = bare(3)
    t = game.t
    salone = main_box(game, "signoria_salone")
    done = main_box(game, "battistero_cupola")
    st.main_crest[0, done], st.crests[0, 1] = 1, C.CRESTS - 1
    st.box_crest[0, 0, 0], st.crests[0, 0] = True, C.CRESTS - 1
    st = placing(game, st)
    legal = names(game, st)
    assert f"artwork_{t.art_names[done]}" not in legal and f"artwork_district_{t.box_names[0]}" not in legal
    assert f"artwork_{t.art_names[salone]}" in legal and f"artwork_district_{t.box_names[1]}" in legal
    cathedral = np.flatnonzero(t.art_zone == C.Z_CATHEDRAL)
    assert any(f"artwork_{t.art_names[m]}" in legal for m in cathedral)  # the three places are open
    st = act(game, st, f"artwork_{t.art_names[salone]}")
    st = act(game, st, "character_unnamed painter")
    assert st.current_player[0] == 1 and f"artwork_{t.art_names[salone]}" not in names(game, st)  # claimed
    assert f"artwork_district_{t.box_names[0]}" in names(game, st)  # seat 1's own board


def failure_loss(zone: int, named: bool) -> int:
    """Prestige lost by one failed artwork of ``zone`` with a named or unnamed artist (engine)."""
    game, st = bare(3)
    t = game.t
    if zone == C.Z_DISTRICT:
        box, main = 0, False
        k = int(np.flatnonzero(t.box_skills[0])[0])
    else:
        box, main = main_with_skills(game, zone, int(np.flatnonzero(t.art_skills[t.art_zone == zone].any(0))[0])), True
        k = int(np.flatnonzero(t.art_skills[box])[0])
    x = int(np.flatnonzero(t.is_artist & t.skills[:NAMED, k])[0]) if named else NAMED + k
    if named:
        in_play(game, st, x)
    hire_on(game, st, 0, box, x, main=main)
    st = resolve_artworks(game, st)  # seat 0 holds nothing: he cannot pay
    assert st.main_crest[0].max() < 0 and not st.box_crest[0].any() and st.pool[0, 0] == C.WORKERS
    return -prestige(st, 0)


def test_failure_costs_prestige_by_where_the_artwork_is():
    """Rulebook, FAILURE:

    "If you cannot pay all of the costs for the artwork and the artist, you must lose prestige points:"
    "Your district 1 prestige point"
    "A civic building 2 prestige points"
    "The Cathedral 3 prestige points"
    "If you hired a named artist and cannot pay the costs, you lose 1 additional prestige point."
    """
    for zone, loss in ((C.Z_DISTRICT, 1), (C.Z_CIVIC, 2), (C.Z_CATHEDRAL, 3)):
        assert failure_loss(zone, named=False) == loss
        assert failure_loss(zone, named=True) == loss + 1


def correggio_on_the_salone():
    """Seat 0's worker with Correggio on the Salone of the Palazzo della Signoria, in phase 7."""
    game, st = bare(3)
    salone, correggio = main_box(game, "signoria_salone"), char(game, "Correggio")
    in_play(game, st, correggio)
    hire_on(game, st, 0, salone, correggio)
    return game, st, salone, correggio


def test_correggio_paints_the_salone_example():
    """Rulebook, the example of FAILURE's page:

    "Example: Mary has hired Correggio to paint the Salone of the Palazzo della Signoria."
    "She must pay him 100 Fiorini."
    "She also pays 2 wood (brown cubes), 1 metal (black), 1 textile (red), 1 gold (yellow), 1 spice (green), and 100 Fiorini to pay the costs of the painting."
    "She returns her worker to the pool, places one of her family crest tokens on the Salone, and earns 7 prestige points."
    "Now she rolls the die for Correggio."
    "She gets a '6!'"
    "Correggio has realized his masterpiece."
    "Mary earns 3 more prestige points."
    "She turns Correggio's card over to the purple side, and places his tile on the card."
    """
    game, st, salone, correggio = correggio_on_the_salone()
    t = game.t
    cost = {"wood": 2, "metal": 1, "textile": 1, "gold": 1, "spice": 1}
    st.res[0, 0] = [cost.get(r, 0) for r in t.resource_names]
    st.money[0, 0] = 100 + 100
    force_roll(st, 6)
    st = resolve_artworks(game, st)
    assert st.money[0, 0] == 0 and (st.res[0, 0] == 0).all()
    assert st.main_crest[0, salone] == 0 and st.pool[0, 0] == C.WORKERS
    assert prestige(st, 0) == 7 + 3
    assert st.flipped[0, correggio] and st.char_where[0, correggio] == C.ON_CARD


def test_the_salone_pays_one_prestige_every_round():
    """Rulebook, MASTERPIECES' illustration: "The yellow player completed the Salone at the Palazzo della Signoria, so he placed his family crest on the artwork box."
    "Now he will receive 1 prestige point during phase 1 of each round."
    COMPLETING AN ARTWORK: "The yellow player must pay 2 wood, 1 metal, 1 fabric, 1 gold, 1 spice, and 200 Fiorini (100 for the artwork and 100 more for the artist)."
    "After paying those resources, he places his family crest on the artwork box."
    "He gains 1 prestige point during phase 1 of every round."
    ARTWORKS: "At the top of the artwork box there may be an income that you can earn in phase 1 each round if you complete that artwork."
    "Only the income remains visible."
    """
    game, st, salone, correggio = correggio_on_the_salone()
    t = game.t
    pay_exactly(game, st, 0, C.NUM_BOXES + salone, correggio, skill(game, "painter"))
    assert st.money[0, 0] == 200 and st.res[0, 0].sum() == 6
    force_roll(st, 1)
    st.order[0, :3] = [1, 2, 0]
    st = run_stage(game, st, C.ST_ARTWORK, round=2)
    after_7 = t.art_pp[salone] + t.die_pp[correggio, skill(game, "painter"), 1]
    assert st.main_crest[0, salone] == 0 and st.round[0] == 3
    assert prestige(st, 0) == after_7 + 1  # round 3's phase 1 paid the Salone's point
    for _ in range(2):  # and every round after
        before = prestige(st, 0)
        st = income_again(game, st)
        assert prestige(st, 0) == before + 1


def test_the_atrio_pays_a_gold_cube_or_200_fiorini_for_one():
    """Rulebook, ARTWORKS: "The Atrio of the Banco gives an income of 1 gold cube, or the option to sell 1 gold cube for 200 Fiorini."
    "You choose which benefit to use each round."
    """
    game, st = bare(3)
    t = game.t
    assert t.art_titles[t.atrio] == "Atrio (Banco)"
    st.main_crest[0, t.atrio], st.crests[0, 2] = 2, C.CRESTS - 1
    for choice in ("atrio_gold", "atrio_sell_gold"):
        st.res[0, 2, t.gold] = 1
        st = income_again(game, st)
        assert st.phase[0] == C.PH_ATRIO and st.current_player[0] == 2
        assert names(game, st) == {"atrio_gold", "atrio_sell_gold"}
        gold, money = int(st.res[0, 2, t.gold]), int(st.money[0, 2])
        st = act(game, st, choice)
        if choice == "atrio_gold":
            assert st.res[0, 2, t.gold] == gold + 1 and st.money[0, 2] == money
        else:
            assert st.res[0, 2, t.gold] == gold - 1 and st.money[0, 2] == money + 200


def test_full_palazzo_gives_four_prestige_and_full_chiesa_four_influence_in_any_order():
    """Rulebook, DISTRICT ARTWORKS:

    "If you complete all four artworks in the Palazzo of your district board, you receive 4 prestige points."
    "If you complete all four artworks in the Chiesa of your district board, you receive 4 church influence."
    "You can complete the artworks on your district board in any order you choose."
    "In the illustration above, the yellow player has completed all of his Palazzo and Chiesa artworks (they are marked with his family crest), so he gains 4 prestige points (for the Palazzo) and 4 church influence points (for the Chiesa)."
    ARTWORKS: "Artworks on your district tile can be completed in any order (unlike workshops)."
    "If you complete all 4 artworks in your Chiesa (family church), you immediately receive 4 church influence."
    """
    for chiesa in (False, True):
        game, st = bare(3)
        t = game.t
        area = np.flatnonzero(t.box_chiesa == chiesa)
        last = int(area[0])  # the first box of the area is completed last
        st.box_crest[0, 0, area[1:]] = True
        st.crests[0, 0] = C.CRESTS - 3
        k = int(np.flatnonzero(t.box_skills[last])[0])
        hire_on(game, st, 0, last, NAMED + k, main=False)
        pay_exactly(game, st, 0, last, NAMED + k, k)
        force_roll(st, 3)
        st = resolve_artworks(game, st)
        artist = t.die_pp[NAMED + k, k, 3]
        assert st.box_crest[0, 0, area].all()
        assert st.influence[0, 0] == t.box_inf[last] + 4 * chiesa  # (below the Cardinal's 10)
        assert prestige(st, 0) == t.box_pp[last] + artist + 4 * (not chiesa)


def test_district_artworks_pay_no_income_but_a_full_palazzo_pays_at_once():
    """Rulebook, ARTWORKS: "Artworks in your home district never pay incomes (so they are completely hidden by your family crest), but if you complete all 4 artworks in your Palazzo (palace), you immediately receive 4 prestige points." """
    game, st = bare(3)
    st.box_crest[0, 0] = True
    st.crests[0, 0] = C.CRESTS - C.NUM_BOXES
    before = st.copy()
    st.stage[0], st.ptr[0], st.sub[0], st.round[0] = C.ST_INCOME, 0, 0, 2
    game._continue(st, 0)
    t = game.t
    assert st.track[0, 0] == before.track[0, 0] and st.influence[0, 0] == before.influence[0, 0]
    assert st.money[0, 0] - before.money[0, 0] == st.money[0, 1] - before.money[0, 1]  # family income only
    assert st.avail[0, 0] == st.avail[0, 1] == t.income_workers


def facciate(game, st, marble: int, money: int):
    """Seat 0 of a bare 3-player game with unnamed sculptors on its Palazzo and Chiesa Facciata
    (the issue's example: one costs 1 marble + 50, the other 2 marble + 50, read from the data),
    holding ``marble`` marble and ``money`` Fiorini; -> (palazzo box, chiesa box)."""
    t = game.t
    sculptor = skill(game, "sculptor")
    palazzo, chiesa = t.box_names.index("palazzo_facciata"), t.box_names.index("chiesa_facciata")
    for box in (palazzo, chiesa):
        hire_on(game, st, 0, box, NAMED + sculptor, main=False)
    st.res[0, 0, t.marble], st.money[0, 0] = marble, money
    return palazzo, chiesa


def test_the_player_orders_the_artworks_of_a_zone_when_it_can_matter():
    """Rulebook, 7. ARTWORK and DISTRICT ARTWORKS (D8, version 1):

    "Complete any artworks you are attempting in your home district first, then any on civic buildings, and finally any artwork in the Cathedral."
    "You can complete the artworks on your district board in any order you choose."
    ARTWORKS: "Artworks on your district tile can be completed in any order (unlike workshops)."

    Two marble pay for either Facciata but not for both: the player is asked which comes first
    (both boxes offered, nothing else), and the one chosen is completed while the other fails.
    Three marble pay for both, and one marble for the Palazzo's only: then nothing can change
    with the order and nobody is asked (the unpayable box fails whenever it comes)."""
    for first in ("palazzo", "chiesa"):
        game, st = bare(3)
        t = game.t
        palazzo, chiesa = facciate(game, st, marble=2, money=200)
        st = resolve_artworks(game, st)
        assert st.phase[0] == C.PH_ARTWORK and int(st.current_player[0]) == 0
        assert names(game, st) == {f"artwork_district_{t.box_names[b]}" for b in (palazzo, chiesa)}
        force_roll(st, 3)
        st, _ = finish_artworks(game, act(game, st, f"artwork_district_{first}_facciata"))
        done, k = (palazzo if first == "palazzo" else chiesa), skill(game, "sculptor")
        assert st.box_crest[0, 0].tolist() == [b == done for b in range(C.NUM_BOXES)]
        assert prestige(st, 0) == t.box_pp[done] + t.die_pp[NAMED + k, k, 3] - t.failure_loss[C.Z_DISTRICT]
    for marble, crested in ((3, 2), (1, 1)):
        game, st = bare(3)
        palazzo, chiesa = facciate(game, st, marble=marble, money=200)
        st, seen = finish_artworks(game, resolve_artworks(game, st))
        assert C.PH_ARTWORK not in [phase for phase, _, _ in seen] and st.phase[0] == C.PH_OVER
        assert st.box_crest[0, 0, palazzo] and int(st.box_crest[0, 0].sum()) == crested


def test_the_order_of_civic_artworks_is_asked_only_among_payable_ones():
    """Rulebook, 7. ARTWORK (D8): "Complete any artworks you are attempting in your home district first, then any on civic buildings, and finally any artwork in the Cathedral."

    Inside the civic zone the player picks too: two civic boxes it can pay one at a time but not
    together are offered; a district box it cannot pay fails first (a box that cannot be paid
    fails in any order), without a question."""
    game, st = bare(3)
    t = game.t
    civic = [m for m in range(t.NM) if t.art_zone[m] == C.Z_CIVIC and t.art_skills[m, skill(game, "sculptor")]][:2]
    sculptor = NAMED + skill(game, "sculptor")
    st.unnamed_left[0, skill(game, "sculptor")] = 2
    for m in civic:
        hire_on(game, st, 0, m, sculptor)
    st.res[0, 0] = np.maximum(t.art_cost[civic[0]], t.art_cost[civic[1]])
    st.money[0, 0] = max(int(t.art_cost_fl[m]) for m in civic)
    painter = NAMED + skill(game, "painter")
    hire_on(game, st, 0, t.box_names.index("palazzo_affresco"), painter, main=False)  # nothing to pay it with
    st = resolve_artworks(game, st)
    assert st.phase[0] == C.PH_ARTWORK and st.track[0, 0] == -t.failure_loss[C.Z_DISTRICT]
    assert names(game, st) == {f"artwork_{t.art_names[m]}" for m in civic}
