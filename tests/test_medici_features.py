"""Medici's per-action features (``features.py``, issue 30) against the engine: for random positions
and every legal action, the state is copied, the action stepped, and each feature that claims an
effect the engine makes (cards loaded, ship value and space, the day payout, the market left, what
stop leads to, the cards a reveal draws from) is compared with the change the engine made. Then a
few hand-set positions whose arithmetic the rulebook states."""

from __future__ import annotations

import numpy as np
import pytest

import florentine_envs
from florentine_envs import medici_v1
from florentine_envs.games.medici.medici import (
    LOC_SHIP,
    PHASE_TAKE,
    REVEAL,
    STOP,
    TAKE_LAST,
    TAKE_LAST_AND_2ND,
    TAKE_LAST_AND_3RD,
    TAKE_LAST_THREE,
    TAKES,
)
from florentine_envs.testing import random_legal_actions

COLOURS = ("grain", "spice", "fur", "dye", "cloth")


def columns(game, *names):
    index = {name: i for i, name in enumerate(game.action_feature_names)}
    return [index[n] for n in names]


def feature(game, row, name):
    return float(row[game.action_feature_names.index(name)])


def own_move(game, state, action):
    """The state right after the mover's own move, before any forced move of the next player."""
    seen = []
    game.step(state.copy(), np.array([action]), on_move=lambda before, now, g, a, forced: seen.append(now))
    return seen[0]


def icons_of(game, cards):
    out = np.zeros(5, np.int64)
    for c in cards:
        if game.card_colour[c] >= 0:
            out[game.card_colour[c]] += game.card_icons[c]
    return out


def colour_payouts(game, icons):
    """int[P, 5]: each player's payout (majority + monopoly) per colour, the engine's commodity_payouts
    asked one colour at a time."""
    P = icons.shape[0]
    out = np.zeros((P, 5), np.int64)
    for c in range(5):
        one = np.zeros((1, P, 5), np.int64)
        one[0, :, c] = icons[:, c]
        out[:, c] = game.commodity_payouts(one)[0]
    return out


def check_position(game, state):
    """Every legal action of the mover of a one-game ``state`` against the engine."""
    p = int(state.current_player[0])
    F = game.action_features(state, p)[0].astype(np.float64)
    t = game._feature_tables()
    V, I, S, C = t["V"], t["I"], t["S"], game.capacity
    f = lambda a, name: feature(game, F[a], name)  # noqa: E731
    running = game.running_scores(state)[0].astype(np.float64)
    legal = np.flatnonzero(state.legal_action_mask[0])
    assert legal.size >= 2  # a decision (forced moves are the engine's)
    for a in legal:
        now = own_move(game, state, int(a))
        if a in TAKES:
            # the cards loaded: the kinds the mover acquired this move (the market is returned to the
            # deck when the move ends the day)
            m = int(state.market_len[0])
            kinds = (now.acquired[0, p] - state.acquired[0, p]).astype(np.int64)  # int[K]
            assert (kinds >= 0).all()
            assert f(a, "load_cards") == kinds.sum()
            assert np.isclose(f(a, "load_value") * V, kinds @ game.kind_value)
            assert f(a, "load_space") == kinds @ ~game.kind_green
            assert f(a, "load_green") == kinds @ game.kind_green
            kind_icons = np.zeros((game.num_kinds, 5), np.int64)
            for k in range(game.num_kinds):
                if game.kind_colour[k] >= 0:
                    kind_icons[k, game.kind_colour[k]] = game.kind_icons[k]
            assert np.allclose([f(a, f"load_icons_{c}") * I for c in COLOURS], kinds @ kind_icons)
            day_over = now.day[0] != state.day[0] or now.terminated[0]
            if not day_over:
                gone = sorted(set(state.market[0, :m].tolist()) - set(now.market[0, : now.market_len[0]].tolist()))
                assert len(gone) == kinds.sum() == m - int(now.market_len[0])
                assert all(now.card_loc[0, c] == LOC_SHIP and now.card_owner[0, c] == p for c in gone)
                assert np.isclose(f(a, "ship_value_after") * S, now.ship_value[0, p])
                assert np.isclose(f(a, "ship_space_after") * C, C - now.ship_slots[0, p])
                assert f(a, "ship_full_after") == (now.ship_slots[0, p] == C)
                pay = game.ship_payouts(now.ship_value.astype(np.int64))[0, p]
                assert np.isclose(f(a, "ship_payout_after") * 10, pay)
                gain = pay - game.ship_payouts(state.ship_value.astype(np.int64))[0, p]
                assert np.isclose(f(a, "ship_payout_gain") * 10, gain)
                houses = lambda s: (s.warehouse_icons[0] + s.ship_icons[0]).astype(np.int64)  # noqa: E731
                gains = colour_payouts(game, houses(now))[p] - colour_payouts(game, houses(state))[p]
                assert np.allclose([f(a, f"commodity_gain_{c}") * 10 for c in COLOURS], gains)
                # the day payout if the day ended now: the change of running_scores
                assert np.isclose(f(a, "day_payout_gain") * 10, game.running_scores(now)[0, p] - running[p])
            else:
                # the day's scoring paid what the running score after the load said
                # a take ends the day when it fills the last open ship or is the lone final turn
                assert f(a, "ship_full_after") == 1 or state.final_turn[0]
                assert np.isclose(f(a, "day_payout_gain") * 10, now.scores[0, p] - running[p])
            m_now = int(now.market_len[0]) if not day_over else m - int(kinds.sum())
            assert np.isclose(f(a, "left_market_size") * game.max_market, m_now)
            if not day_over:  # the next player's reach before revealing
                reach = now.market[0, max(m_now - 3, 0) : m_now]
                assert f(a, "left_reach_cards") == len(reach)
                assert np.isclose(f(a, "left_reach_value") * V, game.card_value[reach].sum())
                assert np.isclose(f(a, "left_reach_icons") * I, game.card_icons[reach].sum())
        elif a == STOP:
            # stop leads to the take decision; its load is the fitting take loading the most value
            assert now.phase[0] == PHASE_TAKE and int(now.current_player[0]) == p
            G = game.action_features(now, p)[0].astype(np.float64)
            takes = [b for b in TAKES if now.legal_action_mask[0, b]]
            assert np.isclose(f(a, "stop_fitting_takes") * 4, len(takes))
            best = max(takes, key=lambda b: (G[b, columns(game, "load_value")[0]], -b))
            cols = slice(columns(game, "load_cards")[0], columns(game, "left_reach_icons")[0] + 1)
            assert np.allclose(F[a, cols], G[best, cols], atol=1e-6)
        else:
            assert a == REVEAL
            deck = state.deck[0, state.deck_top[0] : state.deck_end[0]]
            drawn = int(now.market[0, now.market_len[0] - 1])
            assert drawn in deck.tolist()
            assert np.isclose(f(a, "draw_deck_size") * game.num_cards, len(deck))
            assert np.isclose(f(a, "draw_expected_value") * V, game.card_value[deck].mean(), atol=1e-5)
            assert np.isclose(f(a, "draw_p_green"), (game.card_nongreen[deck] == 0).mean(), atol=1e-6)
            expected_icons = np.mean([icons_of(game, [c]) for c in deck], axis=0)
            assert np.allclose([f(a, f"draw_expected_icons_{c}") * I for c in COLOURS], expected_icons, atol=1e-5)
            # the day payout if the revealed card alone were loaded, averaged over the deck's cards
            gains = []
            for c in deck:
                loaded = state.copy()
                loaded.ship_value[0, p] += game.card_value[c]
                loaded.ship_icons[0, p] += icons_of(game, [c]).astype(np.int8)
                gains.append(game.running_scores(loaded)[0, p] - running[p])
            assert np.isclose(f(a, "draw_expected_day_gain") * 10, np.mean(gains), atol=1e-4)
            m = int(state.market_len[0])
            dropped = state.market[0, m - 3] if m >= 3 else None
            if dropped is not None:  # the 3rd-last card falls out of reach
                assert now.market[0, now.market_len[0] - 4] == dropped
                assert np.isclose(f(a, "draw_drops_value") * V, game.card_value[dropped])
            else:
                assert f(a, "draw_drops_value") == 0
        # the kind one-hot, and nothing of another kind's group
        kinds = [f(a, "kind_reveal"), f(a, "kind_stop"), f(a, "kind_take")]
        assert kinds == [a == REVEAL, a == STOP, a in TAKES]
    return len(legal)


@pytest.mark.parametrize("num_players,variant", [(2, False), (3, True), (4, False), (5, False), (6, True)])
def test_features_match_the_engine_for_every_legal_action(num_players, variant):
    game = florentine_envs.make("medici", num_players=num_players, monopoly_variant=variant)
    rng = np.random.default_rng(num_players)
    state = game.init(np.arange(3, dtype=np.uint64) + 100 * num_players)
    checked = {REVEAL: 0, STOP: 0, TAKE_LAST: 0, TAKE_LAST_AND_2ND: 0, TAKE_LAST_AND_3RD: 0, TAKE_LAST_THREE: 0}
    gained = 0
    step = 0
    while not state.terminated.all():
        # every take decision, every third reveal decision (there are many more of those)
        chosen = ~state.terminated & ((state.phase == PHASE_TAKE) | (step % 3 == 0))
        if chosen.any():
            for b in np.flatnonzero(chosen):
                one = state.select([b])
                check_position(game, one)
                for a in np.flatnonzero(one.legal_action_mask[0]):
                    checked[int(a)] += 1
                F = game.action_features(one, int(one.current_player[0]))[0]
                gained += int((F[:, columns(game, "day_payout_gain")[0]] > 0).any())
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
        step += 1
    assert all(n >= 10 for n in checked.values()), checked
    assert gained > 10


def hand_position(num_players, mover, market_kinds, ship_values=None, house=None, deck_counts=None, variant=False):
    """A one-game position set by hand (only the fields the features read): ``mover`` to take from
    a market of the kinds ``market_kinds`` (last card last), the ships' values, everyone's
    warehouse icons ``house`` int[P, 5], the unseen counts."""
    game = florentine_envs.make("medici", num_players=num_players, monopoly_variant=variant)
    state = game.init([0])
    P = num_players
    cards = []
    for name in market_kinds:
        kind = game.kind_names.index(name)
        cards.append(int(next(c for c in np.flatnonzero(game.card_kind == kind) if c not in cards)))
    state.market[0, : len(cards)] = cards
    state.market_len[0] = len(cards)
    state.current_player[0] = mover
    state.phase[0] = PHASE_TAKE
    state.ship_value[0] = ship_values if ship_values is not None else np.zeros(P)
    state.ship_slots[0] = 0
    state.ship_icons[0] = 0
    state.warehouse_icons[0] = house if house is not None else np.zeros((P, 5))
    if deck_counts is not None:
        state.deck_counts[0] = deck_counts
    game._refresh_mask(state, np.arange(1))
    return game, state


def test_ship_ranking_ties_share_the_places_they_cover():
    """Rulebook (scoring example): "Anna has the most valuable ship and receives 30 florins. The next
    two ships are tied, and therefore, the payouts of 20 and 10 (=30) are shared. 30 divided by 2 is
    15, so each recevies 15 florins."

    Britta (seat 1) at 10 against Anna 30, Carlos 17, Daniel 3: taking the Neutral 7 ties Carlos."""
    game, state = hand_position(4, 1, ["Grain 2", "Neutral 7"], ship_values=[30, 10, 17, 3])
    F = game.action_features(state, 1)[0]
    f = lambda a, n: feature(game, F[a], n)  # noqa: E731
    assert f(TAKE_LAST, "ship_payout_after") == pytest.approx(1.5)  # 15 florins
    assert f(TAKE_LAST, "ship_payout_gain") == pytest.approx(0.5)  # 3rd place paid 10
    assert f(TAKE_LAST, "ships_above_after") == pytest.approx(1 / 3)
    assert f(TAKE_LAST, "ships_tied_after") == pytest.approx(1 / 3)
    assert f(TAKE_LAST, "ship_lead_after") == pytest.approx((17 - 30) / game._feature_tables()["S"])
    # with the Grain 2 as well: 19, second alone (20 florins)
    assert f(TAKE_LAST_AND_2ND, "ship_payout_after") == pytest.approx(2.0)
    assert f(TAKE_LAST_AND_2ND, "ships_tied_after") == 0
    assert f(TAKE_LAST_AND_2ND, "load_value") == pytest.approx(9 / 7)


def test_commodity_ties_round_down_and_the_monopoly_bonus():
    """Rulebook: "Britta and Carlos are tied for second and must share the payout of 5, which is
    rounded down to 0." "Furthermore, each player who has at least 5 commodities of a color receives
    a monolpoly bonus of 10 florins."

    Britta (seat 1) holds no dye and 4 cloth; Anna 3 dye, Carlos 1 dye, Daniel 2 cloth. A Dye 2 ties
    Carlos for second dye (0 florins); a Cloth 4 makes her fifth cloth: the monopoly, +10."""
    house = np.zeros((4, 5), np.int64)
    house[0, 3], house[2, 3] = 3, 1
    house[1, 4], house[3, 4] = 4, 2
    game, state = hand_position(4, 1, ["Dye 2", "Cloth 4"], house=house)
    F = game.action_features(state, 1)[0]
    f = lambda a, n: feature(game, F[a], n)  # noqa: E731
    # take_last loads the Cloth 4: already first in cloth (10), now also the monopoly bonus
    assert f(TAKE_LAST, "commodity_gain_cloth") == pytest.approx(1.0)
    assert f(TAKE_LAST, "monopolies_reached") == 1
    assert f(TAKE_LAST, "commodity_gain_dye") == 0
    # with the Dye 2: tied second in dye with Carlos, (5 + 0) / 2 rounded down to 0
    assert f(TAKE_LAST_AND_2ND, "commodity_gain_dye") == 0
    assert f(TAKE_LAST_AND_2ND, "commodity_lead_after_dye") == pytest.approx((1 - 3) / 21)
    assert f(TAKE_LAST_AND_2ND, "load_icons_dye") == pytest.approx(0.5)  # one icon / a double's two
    # every ship is empty and tied (each gets (30+20+10+0)/4 = 15); Britta alone ahead with 4: 30
    assert f(TAKE_LAST, "ship_payout_gain") == pytest.approx(1.5)
    assert f(TAKE_LAST, "day_payout_gain") == pytest.approx(1.5 + 1.0)


def test_the_variant_doubles_the_big_monopoly():
    """Rulebook (Game Variant): the monopoly bonus rises "from 10 to 20" for at least 8 commodities
    of a colour with 3-6 players. Seat 0 with 7 spice takes a double spice: 9 icons."""
    house = np.zeros((3, 5), np.int64)
    house[0, 1] = 7
    for variant, gain in ((False, 0.0), (True, 1.0)):
        game, state = hand_position(3, 0, ["Spice 0 (double)"], house=house, variant=variant)
        F = game.action_features(state, 0)[0]
        assert feature(game, F[TAKE_LAST], "commodity_gain_spice") == pytest.approx(gain)
        assert feature(game, F[TAKE_LAST], "load_space") == 1 and feature(game, F[TAKE_LAST], "load_value") == 0


def test_reveal_expects_the_unseen_cards_and_stop_names_the_best_fitting_take():
    """Rulebook: "Card after card, reveal one OR two OR three cards from the deck" -- the next card is
    one of the unseen ones; "Any number of green cards can be loaded onto a ship, as these do not
    require a loading space!" -- a full-but-one ship can still take a 7 with its last card.

    Unseen: three Neutral 7 and one Grain 2; seat 0 (4 slots of 5 used) has market Fur 5, Neutral 7,
    Cloth 3 (last)."""
    K = 32
    game0 = florentine_envs.make("medici", num_players=3)
    counts = np.zeros(K, np.int64)
    counts[game0.kind_names.index("Neutral 7")] = 3
    counts[game0.kind_names.index("Grain 2")] = 1
    game, state = hand_position(3, 0, ["Fur 5", "Neutral 7", "Cloth 3"], deck_counts=counts)
    state.ship_slots[0, 0] = 4
    state.phase[0] = 0  # the reveal decision
    state.revealed[0] = 1
    state.deck_top[0], state.deck_end[0] = 0, 4
    game._refresh_mask(state, np.arange(1))
    assert state.legal_action_mask[0, REVEAL] and state.legal_action_mask[0, STOP]
    F = game.action_features(state, 0)[0]
    f = lambda a, n: feature(game, F[a], n)  # noqa: E731
    assert f(REVEAL, "draw_expected_value") == pytest.approx((3 * 7 + 2) / 4 / 7)
    assert f(REVEAL, "draw_p_green") == pytest.approx(0.75)
    assert f(REVEAL, "draw_expected_icons_grain") == pytest.approx(0.25 / 2)
    assert f(REVEAL, "draw_reveals_left") == pytest.approx(0.5)
    assert f(REVEAL, "draw_drops_value") == pytest.approx(5 / 7)
    assert f(REVEAL, "load_cards") == 0 and f(REVEAL, "kind_reveal") == 1
    # one slot free: Cloth 3 + Neutral 7 fits (10), Cloth 3 + Fur 5 does not; stop takes the 10
    assert f(STOP, "stop_fitting_takes") == pytest.approx(2 / 4)
    assert f(STOP, "load_value") == pytest.approx(10 / 7)
    assert f(STOP, "load_green") == 1 and f(STOP, "ship_full_after") == 1
    assert f(STOP, "left_reach_cards") == 1 and f(STOP, "left_reach_value") == pytest.approx(5 / 7)
    assert f(STOP, "draw_expected_value") == 0


def test_only_the_mover_and_legal_actions_get_features():
    game, state = hand_position(3, 0, ["Fur 5", "Neutral 7", "Cloth 3"])
    assert not game.action_features(state, 1).any()
    F = game.action_features(state, 0)[0]
    assert not F[[REVEAL, STOP]].any() and F[list(TAKES)].any()


def test_the_registered_envs_carry_the_features():
    env = medici_v1.env(num_players=3, action_features=True)
    env.reset(seed=0)
    obs = env.last()[0]
    game = env.unwrapped.game
    assert obs["action_features"].shape == (game.num_actions, len(game.action_feature_names)) == (6, 49)
    assert obs["action_features"][obs["action_mask"].astype(bool)].any()
