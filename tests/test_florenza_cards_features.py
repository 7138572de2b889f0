"""Per-action features of Florenza: The Card Game (``florentine_envs/games/florenza_cards/features.py``,
issue 30).

1. A differential test against the engine: in random positions, for every legal action of the
   seat to move, the state is copied and the action stepped (with the follow-up decisions of
   the same action, the first legal one each); the features that claim a visible effect must
   equal the change the engine made: resources and Fiorini of each decision, the majority
   points on the holdings it leaves, the sure score (cards, monuments, sets, guilds, reserved
   monuments' penalty) over a whole action (from its first decision: a card or monument counts
   its points when played, the hire adds only Mastro Artista's), the artist points (the value the engine reveals,
   times one or two), the expected values against the component list, the projects unlocked
   and locked against the engine's own mask of the seat, and the projects helped or hurt
   against the lacks computed here from the data.
2. Rulebook scenarios (quoted sentences; ``test_quotes_are_rulebook_sentences`` holds the quotes
   to the rulebook) on hand-built positions from ``tests/florenza_cards_scenarios.py``.
3. The generic checks (bounds, zero rows, batch independence, hidden information) on the
   options ``tests/game_configs.py`` does not list: ``guilds=False`` and
   ``locations="by_player_count"``.

Expected numbers are the rulebook's and the data's (``florenza_cards_data.json`` read directly).
"""

from __future__ import annotations

import numpy as np
import pytest
from florenza_cards_scenarios import (
    ACTION,
    DATA,
    ARTISTS,
    BARTER_GIVE,
    BARTER_TAKE,
    CARD,
    CARDS,
    COPY_VALUE,
    DONE,
    EXCHANGE_GIVE_1,
    EXCHANGE_GIVE_2,
    EXCHANGE_TAKE,
    HIRE,
    IN_ROW,
    MARBLE,
    MONUMENTS,
    RESERVED,
    RESOURCES,
    RULEBOOK,
    SCULPTOR,
    WORKERS,
    Scenario,
    complete,
    copy_of,
    cost,
    hire_anonymous,
    hire_table,
    keep,
    location,
    market_buy,
    market_sell,
    play,
    reserve_artist,
    reserve_monument,
)
from rulebook_quotes import quote_meta_test

import florentine_envs
from florentine_envs.testing import check_action_features, check_action_features_hidden, random_legal_actions

# scales of the features (the module's docstring): the largest printed Fiorini amount, prestige, artist value
FS = 300.0
PS = 19.0
VS = 7.0
ACTION_PHASES = (ACTION, HIRE, EXCHANGE_GIVE_1, EXCHANGE_GIVE_2, EXCHANGE_TAKE, BARTER_GIVE, BARTER_TAKE)
SURE_TERMS = ("cards", "monuments", "sets", "guilds", "reserved_monuments")
K, M = len(CARDS), len(MONUMENTS)
CARD_COST = np.array([cost(c)[0] for c in CARDS])
MON_COST = np.array([cost(m)[0] for m in MONUMENTS])
PRESTIGE = np.array([c.get("prestige", 0) for c in CARDS] + [m["prestige"] for m in MONUMENTS])
KIND_OF_COPY = np.repeat(np.arange(len(ARTISTS)), [len(a["values"]) for a in ARTISTS])

test_quotes_are_rulebook_sentences = quote_meta_test(__name__, RULEBOOK)


def test_scales_are_the_datas():
    """The units of the docstring: 300 Fiorini (the dearest monument), prestige 19, artist value 7."""
    money = [m["cost"].get("money", 0) for m in MONUMENTS] + [a["cost"] for a in ARTISTS]
    assert max(money) == FS and PRESTIGE.max() == PS and max(COPY_VALUE) == VS


# ------------------------------------------------------------------ the differential test


def features_of(game, state, seat: int) -> np.ndarray:
    """float32[A, F] of ``seat`` in game 0 of ``state``."""
    return game.action_features(state, np.full(state.batch_size, seat))[0]


def terms(game, state, seat: int) -> dict[str, int]:
    parts = game.score_breakdown(state, np.array([0]))
    return {
        "sure": int(sum(parts[k][0, seat] for k in SURE_TERMS)),
        "artists": int(parts["artists"][0, seat] + parts["reserved_artists"][0, seat]),
        "majorities": int(parts["resources"][0, seat] + parts["money"][0, seat]),
    }


def available(state, seat: int) -> np.ndarray:
    """bool[K + M]: the cards the seat may play from its hand and the monuments in the row or
    reserved by it (computed here from the rules: one of a kind in play, one Preacher)."""
    in_play = state.in_play[0, seat]
    preacher = np.array([c["class"] == "preacher" for c in CARDS])
    cards = (state.hand[0, seat] > 0) & ~in_play & ~(preacher & in_play[preacher].any())
    mons = (state.mon_state[0] == IN_ROW) | ((state.mon_state[0] == RESERVED) & (state.mon_owner[0] == seat))
    return np.concatenate([cards, mons])


def lacks(res: np.ndarray) -> np.ndarray:
    """int[K + M]: resources each card and monument lacks from the holdings ``res``."""
    return np.maximum(np.concatenate([CARD_COST, MON_COST]) - res[None], 0).sum(1)


def expected_value(state, kind: int) -> tuple[float, int]:
    """(mean, highest) of the values of artist ``kind``'s copies not yet hired (the public list)."""
    values = [COPY_VALUE[i] for i in np.flatnonzero(KIND_OF_COPY == kind) if state.art_state[0, i] != DONE]
    return sum(values) / len(values), max(values)


def play_action(game, state, action: int):
    """Step ``action`` on a copy, then the first legal choice of every follow-up decision of the
    same action; returns (the final state, the moves [(before, after, action)])."""
    seat = int(state.current_player[0])
    moves = []

    def record(before, after, games, actions, forced):
        moves.append((before, after, int(actions[0])))

    s = state.copy()
    game.step(s, np.array([action]), on_move=record)
    while not s.terminated[0] and int(s.current_player[0]) == seat and s.phase[0] in ACTION_PHASES[1:]:
        game.step(s, np.array([int(np.flatnonzero(s.legal_action_mask[0])[0])]), on_move=record)
    return s, moves


def check_move(game, names, before, after, action: int, f: np.ndarray, counts: dict) -> None:
    """The features ``f`` of one decision against what the engine did in it."""
    seat = int(before.current_player[0])
    ids = game.ids
    same_round = after.round[0] == before.round[0] and after.phase[0] in ACTION_PHASES and not after.terminated[0]
    what = f"{game.action_names[action]} (seat {seat}, round {before.round[0]}, phase {before.phase[0]})"
    if same_round:  # no end of the round (incomes) inside the move
        res = [int(round(f[names[f"res_delta_{r}"]])) for r in RESOURCES]
        assert res == (after.res[0, seat] - before.res[0, seat]).tolist(), what
        assert round(f[names["money_delta"]] * FS) == after.money[0, seat] - before.money[0, seat], what
        change = terms(game, after, seat)["majorities"] - terms(game, before, seat)["majorities"]
        assert round(f[names["majority_points_change"]] * 4) == change, what
        counts["holdings"] += 1
    hired = np.flatnonzero((before.art_state[0] != DONE) & (after.art_state[0] == DONE))
    reserved = np.flatnonzero((before.art_state[0] == IN_ROW) & (after.art_state[0] == RESERVED))
    for copies, times in ((hired, 2 if ids.hire_reserved <= action < ids.hire_anonymous else 1), (reserved, -1)):
        if copies.size:  # the engine reveals the value (the test may read it): the change is times it
            (i,) = copies
            mean, high = expected_value(before, KIND_OF_COPY[i])
            assert np.isclose(f[names["artist_value_expected"]], mean / VS), what
            assert np.isclose(f[names["artist_value_max"]], high / VS) and COPY_VALUE[i] <= high, what
            assert np.isclose(f[names["artist_points_expected"]], times * mean / VS), what
            change = terms(game, after, seat)["artists"] - terms(game, before, seat)["artists"]
            assert change == times * COPY_VALUE[i], what
            counts["artists"] += 1
    unit = (ids.location <= action < ids.exchange or action == WORKERS) and before.phase[0] == ACTION
    unit |= before.phase[0] in (EXCHANGE_GIVE_1, EXCHANGE_GIVE_2, EXCHANGE_TAKE, BARTER_GIVE, BARTER_TAKE)
    if unit and same_round:  # projects against the engine's mask of the seat, and the data's lacks
        works = np.r_[ids.play : ids.play + K, ids.complete : ids.complete + M]
        now = game._action_mask(before, np.array([0]), np.array([seat]))[0, works]
        then = game._action_mask(after, np.array([0]), np.array([seat]))[0, works]
        assert round(f[names["unlocked_projects"]] * 5) == (then & ~now).sum(), what
        assert round(f[names["locked_projects"]] * 5) == (now & ~then).sum(), what
        best = PRESTIGE[then & ~now].max(initial=0) / PS
        assert np.isclose(f[names["unlocked_best_prestige"]], best), what
        avail = available(before, seat)
        assert (avail == available(after, seat)).all()
        lack_now, lack_then = lacks(before.res[0, seat]), lacks(after.res[0, seat])
        assert round(f[names["helped_projects"]] * 5) == (avail & (lack_then < lack_now)).sum(), what
        assert round(f[names["hurt_projects"]] * 5) == (avail & (lack_then > lack_now)).sum(), what
        counts["projects"] += 1


@pytest.mark.parametrize(
    "num_players,options,seed,games", [(2, {}, 3, 2), (4, {}, 5, 1), (3, {"guilds": False}, 7, 1)]
)
def test_features_equal_the_engines_changes(num_players, options, seed, games):
    """Every legal action of the seat to move in random positions, stepped on a copy: each claim of
    the features against the engine (the module's docstring, part 1)."""
    game = florentine_envs.make("florenza_cards", num_players=num_players, **options)
    names = {n: i for i, n in enumerate(game.action_feature_names)}
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(games) + 100 * seed)
    counts = {"actions": 0, "holdings": 0, "artists": 0, "projects": 0, "points": 0}
    for t in range(10_000):
        if state.terminated.all():
            break
        if t % 4 == 0:
            for b in np.flatnonzero(~state.terminated):
                single = state.select(np.array([b]))
                seat = int(single.current_player[0])
                start = terms(game, single, seat)["sure"]
                for a in np.flatnonzero(single.legal_action_mask[0]):
                    final, moves = play_action(game, single, int(a))
                    banked = 0
                    for before, after, action in moves:
                        if int(before.current_player[0]) != seat or before.phase[0] not in ACTION_PHASES:
                            continue
                        f = features_of(game, before, seat)[action]
                        check_move(game, names, before, after, action, f, counts)
                        banked += round(f[names["points_banked"]] * 10)
                    got = terms(game, final, seat)["sure"] - start
                    if single.phase[0] == ACTION:  # a whole action (its work's points are banked at the hire)
                        assert banked == got, f"{game.action_names[a]}: points_banked {banked}, the engine's {got}"
                        counts["points"] += got != 0
                    counts["actions"] += 1
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
    assert state.terminated.all()
    # the checks ran on many of each (the test can fail)
    assert counts["actions"] > 500 and counts["holdings"] > 500, counts
    assert counts["artists"] > 100 and counts["projects"] > 300 and counts["points"] > 100, counts


@pytest.mark.parametrize("options", [{"guilds": False}, {"locations": "by_player_count"}])
def test_the_generic_checks_pass_for_the_other_options(options):
    game = florentine_envs.make("florenza_cards", num_players=2, **options)
    assert check_action_features(game, num_games=3, seed=1) > 0
    assert check_action_features_hidden(game, num_games=3, seed=1) > 0


def test_the_declared_features_and_their_docs():
    game = florentine_envs.make("florenza_cards", num_players=4)
    names = game.action_feature_names
    assert len(names) == 78 and len(game.action_feature_docs()) == 78
    assert [n for n in names if n.startswith("res_delta_")] == [f"res_delta_{r}" for r in RESOURCES]
    low, high = game.action_feature_bounds
    assert (low <= 0).all() and (high >= 0).all() and (high > low).all()
    fields = game.action_feature_fields()
    assert fields["points_banked"][0] == -1.9  # reserving the Duomo's Cupola: -19 / 10
    assert fields["res_delta_marble"] == (-5.0, 1.0)  # the Duomo's Facciata costs 5 marble; a location gives 1


# ------------------------------------------------------------------ rulebook scenarios


def feat(sc: Scenario, action: int, seat: int | None = None) -> dict[str, float]:
    """The features of ``action`` for the seat to move (or ``seat``), by name."""
    seat = sc.to_move if seat is None else seat
    sc.refresh()
    f = sc.game.action_features(sc.s, np.array([seat, seat]))[0, action]
    return dict(zip(sc.game.action_feature_names, f.tolist()))


def approx(x):
    return pytest.approx(x, abs=1e-6)


def test_set_bonus_and_the_lord_of_the_district():
    """"For each complete set of 1 Family Palace (green), 1 District Church (blue), and 1 District
    Building (grey) you have completed: You score 5 bonus points." "At the end of the game, you score
    2 Prestige Points for each complete set of Family Palace (green), District Church (blue), and
    District Building (grey) you have completed." """
    sc = Scenario(num_players=2, seed=1, round=3)
    sc.clear_hand(0)
    sc.put_in_play(0, "affresco", artist_value=2)
    sc.put_in_play(0, "pulpito", artist_value=1)
    sc.give(0, "lastricato")
    sc.set_res(0, [1, 0, 0, 0, 0, 0])
    sc.turn(0)
    f = feat(sc, play("lastricato"))
    assert f["kind_play"] == 1 and f["class_district_building"] == 1
    assert f["points_banked"] == approx((CARD["lastricato"]["prestige"] + 5) / 10)
    assert f["prestige"] == approx(2 / PS) and f["cost_marble"] == 1 and f["cost_money"] == approx(50 / FS)
    before = sc.game.score_breakdown(sc.s, np.array([0]))
    sc.act(play("lastricato"))
    after = sc.game.score_breakdown(sc.s, np.array([0]))
    assert after["sets"][0, 0] - before["sets"][0, 0] == 5 and after["cards"][0, 0] - before["cards"][0, 0] == 2
    lord = Scenario(num_players=4, seed=1, round=3)  # the Signore de lo Rione: 3 or more players
    lord.clear_hand(0)
    for card, value in (("affresco", 2), ("pulpito", 1), ("signoredelorione", None)):
        lord.put_in_play(0, card, artist_value=value)
    lord.give(0, "lastricato")
    lord.turn(0)
    assert feat(lord, play("lastricato"))["points_banked"] == approx((2 + 5 + 2) / 10)


def test_reserving_and_completing_a_monument():
    """"If you do not complete your reserved Monument before the end of the game, you lose the
    Prestige Points shown on the card." "You can complete any of the Monuments that are in the
    middle of the table, or any that you reserved during an earlier turn (see below)." """
    sc = Scenario(num_players=2, seed=2, round=3)
    sc.set_row(["ospedale_chiostro", "uffizzi_interni"])
    sc.turn(0)
    f = feat(sc, reserve_monument("ospedale_chiostro"))
    assert f["kind_reserve_monument"] == 1 and f["points_banked"] == approx(-7 / 10)
    assert f["prestige"] == approx(7 / PS) and f["cost_marble"] == 4 and f["cost_money"] == approx(100 / FS)
    assert f["own_lack_resources"] == approx((4 - sc.res(0)[MARBLE]) / 5)
    sc.act(reserve_monument("ospedale_chiostro"))
    assert sc.game.score_breakdown(sc.s, np.array([0]))["reserved_monuments"][0, 0] == -7
    sc.set_res(0, [4, 0, 0, 0, 0, 0])
    sc.set_money(0, 300)
    sc.turn(0, slot=1)
    f = feat(sc, complete("ospedale_chiostro"))
    assert f["points_banked"] == approx(2 * 7 / 10)  # its prestige, and the penalty lifted
    assert f["money_delta"] == approx(-100 / FS) and f["res_delta_marble"] == -4
    assert f["own_lack_resources"] == 0 and f["own_lack_money"] == 0


def test_locations_market_and_workers_money():
    """"Legnaiulo, Orafo, Ottonaio, Scarpellino, Speziale, or Tintore: Flip the card face down and
    spend the Resource shown to take 200 Fiorini from the supply." "Sell 1 Resource from your hand
    to the supply for 100 Fiorini." "Buy 1 Resource from the supply for 100 Fiorini." "Take 50
    Fiorini from the supply." """
    sc = Scenario(num_players=2, seed=3, round=3)
    sc.turn(0)
    f = feat(sc, location("scarpellino"))
    assert f["kind_location_sell"] == 1 and f["res_delta_marble"] == -1 and f["money_delta"] == approx(200 / FS)
    f = feat(sc, market_sell(MARBLE))
    assert f["kind_market_sell"] == 1 and f["res_delta_marble"] == -1 and f["money_delta"] == approx(100 / FS)
    f = feat(sc, market_buy(MARBLE))
    assert f["kind_market_buy"] == 1 and f["res_delta_marble"] == 1 and f["money_delta"] == approx(-100 / FS)
    f = feat(sc, WORKERS)
    assert f["kind_workers"] == 1 and f["money_delta"] == approx(50 / FS)
    f = feat(sc, location("picconiere"))
    assert f["kind_location_gain"] == 1 and f["res_delta_marble"] == 1 and f["money_delta"] == 0


def test_majorities_on_the_holdings_left():
    """"For Resources in your hand: You score 4 points if you have the most Resource cards, 2 points
    if you have the second most, or 1 point if you have the third most (even if there are less than
    4 players)." "If there is a tie, all tied players earn the full points." """
    sc = Scenario(num_players=2, seed=4, round=3)
    sc.set_res(0, [1] * 6)
    sc.set_res(1, [1] * 6)
    sc.set_money(0, 250)
    sc.set_money(1, 300)
    sc.turn(0)
    # resources tied (4 each); Fiorini second (2): selling drops the resources to second, the Fiorini
    # come level (4)
    assert feat(sc, market_sell(MARBLE))["majority_points_change"] == approx((-2 + 2) / 4)
    assert feat(sc, WORKERS)["majority_points_change"] == approx(2 / 4)  # 300 Fiorini each: tied first
    assert feat(sc, location("picconiere"))["majority_points_change"] == 0  # already (tied) first
    assert feat(sc, market_buy(MARBLE))["majority_points_change"] == 0  # resources first, Fiorini still second


def test_artist_values_from_the_public_list():
    """"THERE ARE FOUR CARDS SHOWING GIAMBOLOGNA." "THREE OF THEM HAVE A VALUE OF 2, ONE HAS A VALUE
    OF 3." "After you pay to hire the Artist and complete the project, turn the Artist card over." """
    sc = Scenario(num_players=2, seed=5, round=3)
    three, two = copy_of("giambologna_sculptor", 3), copy_of("giambologna_sculptor", 2)
    sc.set_table([three])
    sc.turn(0)
    f = feat(sc, reserve_artist("giambologna_sculptor"))
    assert f["artist_value_expected"] == approx((2 + 2 + 2 + 3) / 4 / VS) and f["artist_value_max"] == approx(3 / VS)
    assert f["artist_points_expected"] == approx(-(9 / 4) / VS) and f["artist_sculptor"] == 1
    assert f["artist_fee"] == approx(100 / FS)
    # seat 1 plays the Pulpito and hires the Giambologna of the table: its 3 is shown to everyone
    sc.clear_hand(1)
    sc.give(1, "pulpito")
    sc.set_res(1, [1, 1, 0, 0, 0, 0])
    sc.turn(1)
    sc.act(play("pulpito"))
    assert sc.phase == HIRE
    f = feat(sc, hire_table("giambologna_sculptor"))
    assert f["money_delta"] == approx(-100 / FS) and f["artist_points_expected"] == approx((9 / 4) / VS)
    assert f["artist_value_printed"] == approx((9 / 4) / VS)
    assert feat(sc, hire_anonymous(SCULPTOR))["artist_points_expected"] == 0
    assert feat(sc, hire_anonymous(SCULPTOR))["artist_value_printed"] == 0  # "value 0" printed
    sc.act(hire_table("giambologna_sculptor"))
    sc.set_table([two])
    sc.turn(0)
    f = feat(sc, reserve_artist("giambologna_sculptor"))
    assert f["artist_value_expected"] == approx(2 / VS) and f["artist_value_max"] == approx(2 / VS)
    assert f["artist_value_printed"] == approx((2 + 2 + 2 + 3) / 4 / VS)  # the component list's mean stays


def test_bottega_and_edificatore_discounts():
    """"You receive a discount of 50 Fiorini when you hire any kind of Artist, including Anonymous
    Artists." "You receive a discount of 50 Fiorini when you pay to complete any Monument." """
    sc = Scenario(num_players=2, seed=6, round=3)
    sc.put_in_play(0, "bottegadarte")
    sc.put_in_play(0, "edificatore")
    sc.set_row(["ospedale_chiostro"])
    sc.set_res(0, [4, 0, 0, 0, 0, 0])
    sc.set_table([copy_of("giambologna_sculptor", 2)])
    sc.turn(0)
    f = feat(sc, complete("ospedale_chiostro"))
    assert f["money_delta"] == approx(-(100 - 50) / FS) and f["artist_fee"] == 0  # the anonymous one: 50 - 50
    sc.act(complete("ospedale_chiostro"))
    assert sc.phase == HIRE and sc.money(0) == 300 - 50
    assert feat(sc, hire_anonymous(SCULPTOR))["money_delta"] == 0
    assert feat(sc, hire_table("giambologna_sculptor"))["money_delta"] == approx(-(100 - 50) / FS)


def test_mastro_artista_and_the_anonymous_artist():
    """"At the end of the game, you receive 5 Prestige Points for each complete set of Architect,
    Painter, and Sculptor you have hired." "You don't get any Prestige Points, but you only pay 50
    Fiorini." """
    sc = Scenario(num_players=4, seed=7, round=3)  # the Mastro Artista: 4 players
    sc.clear_hand(0)
    sc.put_in_play(0, "mastroartista")
    sc.put_in_play(0, "sagrato", artist_value=2, artist_type=0)  # an architect
    sc.put_in_play(0, "affresco", artist_value=2, artist_type=1)  # a painter
    sc.give(0, "pulpito")
    sc.set_res(0, [1, 1, 0, 0, 0, 0])
    sc.set_table([copy_of("giambologna_sculptor", 2)])
    sc.turn(0)
    assert feat(sc, play("pulpito"))["points_banked"] == approx(CARD["pulpito"]["prestige"] / 10)
    sc.act(play("pulpito"))
    assert feat(sc, hire_table("giambologna_sculptor"))["points_banked"] == approx(5 / 10)
    assert feat(sc, hire_anonymous(SCULPTOR))["points_banked"] == 0


def test_protettore_scores_the_monuments_so_far():
    """"At the end of the game, you receive 3 Prestige Points for each Monument you completed." """
    sc = Scenario(num_players=2, seed=8, round=3)
    sc.clear_hand(0)
    sc.complete_for(0, "ospedale_chiostro", 2)
    sc.complete_for(0, "uffizzi_interni", 1)
    sc.give(0, "protettore")
    sc.set_res(0, [0, 0, 2, 0, 0, 0])
    sc.turn(0)
    f = feat(sc, play("protettore"))
    assert f["class_guild"] == 1 and f["points_banked"] == approx(2 * 3 / 10)


def test_a_resource_that_completes_a_projects_requirements():
    """"You must pay all the Resources and Money shown on the left side of the card by returning those
    cards to the supply." "Boscaiuolo, Erbolaio, Fabbro, Lanaiuolo, Monte di Pietà, or Picconiere: Flip
    the card face down and take the Resource shown from the supply." """
    sc = Scenario(num_players=2, seed=9, round=3)
    sc.clear_hand(0)
    sc.set_row(["ospedale_chiostro"])
    sc.give(0, "lastricato")
    sc.set_res(0, [0, 1, 1, 1, 1, 1])
    sc.turn(0)
    f = feat(sc, play("lastricato"))  # not legal: the row is zero
    assert not any(f.values())
    f = feat(sc, location("picconiere"))
    assert f["unlocked_projects"] == approx(1 / 5) and f["unlocked_best_prestige"] == approx(2 / PS)
    assert f["helped_projects"] == approx(2 / 5) and f["helped_best_prestige"] == approx(7 / PS)  # and the Chiostro
    assert feat(sc, keep("lastricato"), seat=0) == {n: 0.0 for n in sc.game.action_feature_names}  # not a KEEP
    f = feat(sc, location("boscaiuolo"))
    assert f["unlocked_projects"] == 0 and f["helped_projects"] == 0
    f = feat(sc, reserve_monument("ospedale_chiostro"))
    assert f["own_lack_resources"] == approx(4 / 5) and f["own_lack_money"] == 0
    sc.set_res(0, [1, 1, 1, 1, 1, 1])
    sc.turn(0)
    f = feat(sc, market_sell(MARBLE))  # gives up the marble the Lastricato needs
    assert f["locked_projects"] == approx(1 / 5) and f["locked_best_prestige"] == approx(2 / PS)
    assert f["hurt_projects"] == approx(2 / 5)


def test_a_residence_engine_over_the_rounds_left():
    """"If the card gives you an extra action (from a purple Residence or brown Preacher), you take it
    after all players have taken their normal actions, as shown on the back of the Captain of the
    People card." "If the card lets you draw additional Florenza cards (purple Residences), you draw the
    card at the beginning of the round (starting with the next round)." "If the card gives you income
    (from a yellow Workshop or purple Residence), you receive it at the end of each round." """
    sc = Scenario(num_players=2, seed=10, round=2)
    sc.clear_hand(0)
    sc.give(0, "palagio")
    sc.set_res(0, [2, 1, 0, 0, 1, 0])
    sc.turn(0)
    f = feat(sc, play("palagio"))
    assert f["class_residence"] == 1 and f["extra_actions_left"] == 4  # this round's, then rounds 3-5
    assert f["extra_draws_left"] == 3 and f["income_money_left"] == approx(100 * 4 / FS)  # rounds 2-5
    sc.set_round(3)
    sc.put_in_play(0, "casamento")
    sc.set_res(0, [2, 1, 0, 0, 1, 0])
    sc.turn(0, slot=5)  # the Casamento's action: the Palagio's slot (before it) is past this round
    f = feat(sc, play("palagio"))
    assert f["extra_actions_left"] == 2 and f["extra_draws_left"] == 2 and f["income_money_left"] == approx(300 / FS)


def test_actions_left_and_the_plan_of_each_project():
    """"Each player will take at least 4 actions." "You must pay all the Resources and Money shown on
    the left side of the card by returning those cards to the supply." "Discard the Monument cards
    left in the middle of the table except for the 2 at the left end of the row (the highest
    values)." "Flip the card face down and take the Resource shown from the supply." """
    sc = Scenario(num_players=2, seed=9, round=3)
    sc.clear_hand(0)
    sc.set_row(["ospedale_chiostro"])  # 4 marble, 100 Fiorini, prestige 7; the row keeps it
    sc.set_table([])  # only the anonymous artists (value 0, 50 Fiorini)
    sc.give(0, "lastricato")  # 1 marble, 50 Fiorini, prestige 2
    sc.set_res(0, [0, 1, 1, 1, 1, 1])
    sc.set_money(0, 500)
    sc.turn(0)
    # the Lastricato: a marble and the play (2 actions, this round); the Chiostro: four marbles and the
    # play (5 actions, more than the 4 left), with next round's income (1 marble) 4, for a later round
    f = feat(sc, location("picconiere"))
    assert f["actions_left_round"] == approx(3 / 5)  # slots 1-3 after this one
    most = max(DATA["resource_supply"].values())
    assert f["supply_left"] == approx(sc.supply()[MARBLE] / most) and sc.supply()[MARBLE] < most
    assert feat(sc, market_buy(MARBLE))["supply_left"] == approx(sc.supply()[MARBLE] / most)
    assert feat(sc, location("scarpellino"))["supply_left"] == 0  # it takes Fiorini, not a resource
    assert f["plan_best_rate_round"] == approx(2 / 2 / 10) and f["plan_best_rate_later"] == approx(7 / 4 / 10)
    assert f["plan_advanced_rate_round"] == approx(2 / 2 / 10) and f["plan_advanced_rate_later"] == approx(7 / 4 / 10)
    assert f["plan_advanced_steps"] == approx(1 / 5)  # the Lastricato: its play only
    assert f["plan_setback_rate_round"] == 0 and f["plan_setback_rate_later"] == 0
    assert f["plan_doable_best"] == approx(2 / 10)  # the Lastricato fits in the 3 actions left
    f = feat(sc, location("boscaiuolo"))  # wood: neither needs it
    assert f["plan_advanced_rate_round"] == 0 and f["plan_advanced_rate_later"] == 0 and f["plan_advanced_steps"] == 0
    assert f["plan_doable_best"] == approx(2 / 10)  # the Lastricato still fits
    sc.set_res(0, [1, 1, 1, 1, 1, 1])  # the Lastricato is payable now: no longer a plan
    sc.turn(0, slot=3)  # the last of the four actions
    f = feat(sc, location("scarpellino"))  # sells the marble the Chiostro needs
    assert f["actions_left_round"] == 0 and f["plan_best_rate_round"] == 0
    assert f["plan_best_rate_later"] == approx(7 / 3 / 10) and f["plan_setback_rate_later"] == approx(7 / 3 / 10)
    f = feat(sc, play("lastricato"))  # spends the marble too
    assert f["plan_setback_rate_later"] == approx(7 / 3 / 10) and f["plan_doable_best"] == 0
    sc.put_in_play(0, "palagio")  # the Palagio's extra action comes after the four
    sc.turn(0, slot=3)
    assert feat(sc, location("scarpellino"))["actions_left_round"] == approx(1 / 5)
