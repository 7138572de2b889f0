"""Focused tests of the scalar Medici reference implementation alone."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from florentine_envs.games.medici import reference as ref
from florentine_envs.games.medici.reference import (
    MediciReference,
    score_commodities,
    score_ships,
)


def play_random(game: MediciReference, rng: np.random.Generator, check=None) -> int:
    """Play random legal actions to the end; return the number of steps."""
    steps = 0
    while not game.terminated:
        legal = np.flatnonzero(game.legal_action_mask())
        assert len(legal) >= 2, "forced moves must be applied automatically"
        game.step(int(rng.choice(legal)))
        steps += 1
        if check is not None:
            check(game)
        assert steps < 10_000
    return steps


def all_cards(game: MediciReference) -> list[int]:
    cards = list(game.deck) + list(game.market) + list(game.box)
    for p in range(game.num_players):
        cards += game.ships[p] + game.warehouses[p]
    return cards


# ---------------------------------------------------------------------------
# Card data
# ---------------------------------------------------------------------------


def test_card_data_matches_rulebook():
    # RB: "The 110 Cards... 4 sets of 5 different color single commodities with
    # values 2, 3, 4, 5 (=80); 2 sets of 5 different double commodities with
    # value 0 (=10); Green cards: 5 different single commodities of value 0,
    # 5 neutral cards of value 2, and 10 neutral cards of value 7 (=20)"
    assert ref.NUM_CARDS == 110
    assert ref.NUM_KINDS == 32
    kinds = ref.CARD_KIND
    assert kinds == sorted(kinds)  # copies consecutive, kind by kind
    for c in range(5):
        for v in (2, 3, 4, 5):
            k = 4 * c + v - 2
            assert (ref.KIND_VALUE[k], ref.KIND_ICONS[k], ref.KIND_GREEN[k], ref.KIND_COLOUR[k]) == (v, 1, False, c)
            assert kinds.count(k) == 4
        assert (ref.KIND_VALUE[20 + c], ref.KIND_ICONS[20 + c], ref.KIND_GREEN[20 + c]) == (0, 2, False)
        assert ref.KIND_COLOUR[20 + c] == c and kinds.count(20 + c) == 2
        assert (ref.KIND_VALUE[25 + c], ref.KIND_ICONS[25 + c], ref.KIND_GREEN[25 + c]) == (0, 1, True)
        assert ref.KIND_COLOUR[25 + c] == c and kinds.count(25 + c) == 1
    assert (ref.KIND_VALUE[30], ref.KIND_ICONS[30], ref.KIND_GREEN[30], kinds.count(30)) == (2, 0, True, 5)
    assert (ref.KIND_VALUE[31], ref.KIND_ICONS[31], ref.KIND_GREEN[31], kinds.count(31)) == (7, 0, True, 10)


def test_payout_tables_agree_with_cards_json():
    path = os.path.join(os.path.dirname(os.path.dirname(ref.__file__)), "cards.json")  # the reference is a package
    with open(path) as f:
        data = json.load(f)
    assert {int(k): v for k, v in data["ship_payouts"]["by_players"].items()} == ref.SHIP_PAYOUTS
    assert [data["commodity_payouts"]["first"], data["commodity_payouts"]["second"]] == ref.COMMODITY_PAYOUTS


# ---------------------------------------------------------------------------
# Scoring (rulebook examples)
# ---------------------------------------------------------------------------


def test_ship_scoring_rulebook_example():
    # RB: "Anna has the most valuable ship and receives 30 florins. The next two
    # ships are tied, and therefore, the payouts of 20 and 10 (=30) are shared.
    # 30 divided by 2 is 15, so each receives 15 florins." (4 players)
    assert score_ships([20, 14, 14, 9], 4) == [30, 15, 15, 0]


def test_ship_scoring_more_cases():
    assert score_ships([5, 9], 2) == [0, 20]
    assert score_ships([9, 9], 2) == [10, 10]  # (20 + 0) / 2
    assert score_ships([1, 2, 3], 3) == [0, 15, 30]
    assert score_ships([7, 7, 7], 3) == [15, 15, 15]  # 45 / 3
    # 5 players, two tied for first: (30 + 20) / 2 = 25
    assert score_ships([10, 10, 8, 6, 4], 5) == [25, 25, 10, 5, 0]
    # three tied for 2nd in 6 players: (20 + 15 + 10) / 3 = 15
    assert score_ships([40, 30, 30, 30, 10, 0], 6) == [30, 15, 15, 15, 5, 0]
    # tied for last in 4 players: (10 + 0) / 2 = 5
    assert score_ships([30, 20, 10, 10], 4) == [30, 20, 5, 5]
    # rounding down to a multiple of 5: (20 + 10 + 5) / 3 = 11.67 -> 10
    assert score_ships([9, 5, 5, 5, 1], 5) == [30, 10, 10, 10, 0]


def test_commodity_scoring_rulebook_example():
    # Colours: 0 yellow, 1 gray, 2 brown, 3 purple, 4 blue (the example's names).
    # Players: Anna, Britta, Carlos, Daniel.
    icons = [
        # yel gray brown purple blue
        [3, 2, 0, 0, 0],  # Anna
        [3, 0, 2, 1, 0],  # Britta
        [1, 0, 0, 1, 5],  # Carlos
        [0, 0, 2, 3, 2],  # Daniel
    ]
    # yellow: "Anna and Britta have the most commodities. They share the payout
    #   of 10+5, rounded down, and both receive 5. Carlos ... does not receive a
    #   payout".
    # gray: "Anna has the most commodities. She receives 10."
    # brown: "Brita and Daniel ... both receive 5."
    # purple: "Daniel has the most commodities. He receives 10. Britta and
    #   Carlos are tied for second and must share the payout of 5, which is
    #   rounded down to 0."
    # blue: "Carlos ... receives 10, and as Carlos has acquired 5 blue
    #   commodities, he furthermore receives a monopoly bonus of 10. Daniel has
    #   the second most blue commodities. He receives 5."
    anna = 5 + 10
    britta = 5 + 5 + 0
    carlos = 0 + 0 + 10 + 10
    daniel = 5 + 10 + 5
    assert score_commodities(icons, 4, False) == [anna, britta, carlos, daniel]


def test_commodity_ties_single_colour():
    # two tied for first share 10 + 5 -> 5 each
    assert score_commodities([[2, 0, 0, 0, 0], [2, 0, 0, 0, 0], [0] * 5], 3) == [5, 5, 0]
    # two tied for second share 5 -> 0 each
    assert score_commodities([[4, 0, 0, 0, 0], [2, 0, 0, 0, 0], [2, 0, 0, 0, 0]], 3) == [10, 0, 0]
    # three tied for first share 10 + 5 + 0 -> 5 each
    assert score_commodities([[1, 0, 0, 0, 0]] * 3, 3) == [5, 5, 5]
    # players with zero icons get nothing, even with one holder
    assert score_commodities([[0, 0, 0, 0, 1], [0] * 5], 2) == [10, 0]


def test_monopoly_thresholds_and_variant():
    # 3-6 players: >= 5 icons -> +10; variant: >= 8 -> +20 instead.
    icons = [[5, 0, 0, 0, 0], [8, 0, 0, 0, 0], [4, 0, 0, 0, 0]]
    assert score_commodities(icons, 3, False) == [5 + 10, 10 + 10, 0]
    assert score_commodities(icons, 3, True) == [5 + 10, 10 + 20, 0]
    # 2 players: >= 7 -> +10; variant: >= 10 -> +20.
    icons = [[6, 0, 0, 0, 0], [7, 0, 0, 0, 0]]
    assert score_commodities(icons, 2, False) == [5, 10 + 10]
    icons = [[10, 0, 0, 0, 0], [7, 0, 0, 0, 0]]
    assert score_commodities(icons, 2, False) == [10 + 10, 5 + 10]
    assert score_commodities(icons, 2, True) == [10 + 20, 5 + 10]


# ---------------------------------------------------------------------------
# Construction and API
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [0, 1, 7, 10])
def test_bad_player_count(bad):
    with pytest.raises(ValueError):
        MediciReference(bad, 0)


def test_bad_reward_mode():
    with pytest.raises(ValueError):
        MediciReference(3, 0, reward="nonsense")


@pytest.mark.parametrize("P", [2, 3, 4, 5, 6])
def test_initial_state(P):
    g = MediciReference(P, 17)
    assert g.num_actions == 6
    assert g.obs_size == 73 + 33 * ref.LONGEST_MARKET[P] + 16 * P  # SPEC: obs_size = 73 + 33 M + 16 P
    assert g.day == 0 and not g.terminated
    assert g.scores == [0] * P and g.rewards == [0.0] * P
    # The first decision: an empty market forces `reveal` once; then reveal
    # and stop are both legal.
    assert len(g.market) == 1 and len(g.deck) == 109
    assert g.legal_action_mask().tolist() == [True, True, False, False, False, False]
    assert g.current_player == g.start_player
    obs = g.observe(0)
    assert obs.shape == (g.obs_size,) and obs.dtype == np.float32


def test_illegal_action_raises_and_keeps_state():
    g = MediciReference(4, 5)
    before = (list(g.deck), list(g.market), g.current_player, g.phase)
    for bad in (2, 3, 4, 5, 6, -1, 1.5, "x"):
        with pytest.raises(ValueError, match="legal actions"):
            g.step(bad)
    assert (list(g.deck), list(g.market), g.current_player, g.phase) == before
    play_random(g, np.random.default_rng(0))
    assert not g.legal_action_mask().any()
    with pytest.raises(ValueError):
        g.step(0)


def test_deterministic_given_seed_and_actions():
    def trajectory(seed):
        g = MediciReference(5, seed)
        rng = np.random.default_rng(seed)
        obs = []
        while not g.terminated:
            obs.append(g.observe(g.current_player))
            g.step(int(rng.choice(np.flatnonzero(g.legal_action_mask()))))
        return np.stack(obs), list(g.scores)

    a_obs, a_scores = trajectory(42)
    b_obs, b_scores = trajectory(42)
    assert np.array_equal(a_obs, b_obs) and a_scores == b_scores


# ---------------------------------------------------------------------------
# Invariants over many random games
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("P", [2, 3, 4, 5, 6])
def test_random_games_invariants(P):
    rng = np.random.default_rng(1000 + P)
    C = 7 if P == 2 else 5
    for game_index in range(60):
        seed = int(rng.integers(0, 2**63))
        g = MediciReference(P, seed, monopoly_variant=bool(game_index % 2), reward="win" if game_index % 3 else "score")
        state = {"day": 0, "scores": [0] * P}

        def check(game):
            # 110 cards conserved, each exactly once.
            assert sorted(all_cards(game)) == list(range(110))
            # Ship capacity never exceeded (non-green cards).
            for p in range(P):
                assert sum(1 for c in game.ships[p] if not ref.CARD_GREEN[c]) <= C
                # Warehouses hold only commodity cards; box only neutral cards.
                assert all(ref.CARD_ICONS[c] > 0 for c in game.warehouses[p])
            assert all(ref.CARD_ICONS[c] == 0 for c in game.box)
            # Days only go forward, scores never decrease.
            assert game.day >= state["day"]
            assert all(a >= b for a, b in zip(game.scores, state["scores"]))
            assert all(s % 5 == 0 for s in game.scores)
            state["day"], state["scores"] = game.day, list(game.scores)
            # Rewards zero except on the final step; zero-sum then.
            if not game.terminated:
                assert game.rewards == [0.0] * P
            else:
                assert sum(game.rewards) == pytest.approx(0.0, abs=1e-9)
            # A player whose ship is full never acts (unless the game is over).
            if not game.terminated:
                assert sum(1 for c in game.ships[game.current_player] if not ref.CARD_GREEN[c]) < C
                assert game.legal_action_mask().sum() >= 2
            obs = game.observe(int(rng.integers(P)))
            assert obs.shape == (game.obs_size,)
            assert np.all(obs >= 0)

        play_random(g, rng, check)
        # The game always terminates after 3 days.
        assert g.terminated and g.day == 2
        assert all(ship == [] for ship in g.ships)
        assert not g.legal_action_mask().any()
        # Win rewards: winners share +1, others share -1.
        if g.reward_mode == "win":
            best = max(g.scores)
            w = g.scores.count(best)
            if w < P:
                for p in range(P):
                    expect = 1.0 / w if g.scores[p] == best else -1.0 / (P - w)
                    assert g.rewards[p] == pytest.approx(expect)


class _Recording(MediciReference):
    """Records the ships and warehouses at every day end, before scoring."""

    def __init__(self, *args, **kwargs):
        self.day_log = []
        super().__init__(*args, **kwargs)

    def _end_day(self):
        self.day_log.append(
            (
                self.day,
                [list(s) for s in self.ships],
                [list(w) for w in self.warehouses],
                list(self.scores),
                list(self.deck) + list(self.market),
            )
        )
        super()._end_day()


def test_day_transitions_and_start_player():
    """Score changes at each day end match the rulebook scoring applied to the
    ships and warehouses; the next start player has the fewest florins; market
    and deck form the next day's deck; neutral cards leave the game."""
    rng = np.random.default_rng(7)
    for seed in range(40):
        P = 2 + seed % 5
        g = _Recording(P, seed)
        prev_end = None
        while not g.terminated:
            n = len(g.day_log)
            g.step(int(rng.choice(np.flatnonzero(g.legal_action_mask()))))
            if len(g.day_log) > n:
                day, ships, warehouses, before, pool = g.day_log[-1]
                values = [sum(ref.CARD_VALUE[c] for c in ship) for ship in ships]
                icons = []
                for p in range(P):
                    counts = [0] * 5
                    for c in warehouses[p] + ships[p]:
                        if ref.CARD_ICONS[c]:
                            counts[ref.CARD_COLOUR[c]] += ref.CARD_ICONS[c]
                    icons.append(counts)
                gained = [a + b for a, b in zip(score_ships(values, P), score_commodities(icons, P))]
                assert [b + x for b, x in zip(before, gained)] == g.scores
                if not g.terminated:
                    assert g.day == day + 1
                    assert g.scores[g.start_player] == min(g.scores)
                    # the new deck is the old deck + market, reshuffled
                    assert sorted(g.deck + g.market + [c for s in g.ships for c in s]) == sorted(pool)
                prev_end = day
        assert prev_end == 2 and [d[0] for d in g.day_log] == [0, 1, 2]


def test_final_turn_rule():
    """When only one ship is not full, its owner gets exactly one more turn,
    then the day ends."""
    rng = np.random.default_rng(11)
    seen_final = 0
    for seed in range(40):
        P = 2 + seed % 5
        C = 7 if P == 2 else 5
        g = MediciReference(P, seed)
        while not g.terminated:
            if g.final_turn:
                seen_final += 1
                full = [sum(1 for c in s if not ref.CARD_GREEN[c]) == C for s in g.ships]
                assert full.count(False) == 1 and not full[g.current_player]
                day, player = g.day, g.current_player
                # play this player's turn through to its take
                while g.day == day and not g.terminated and g.current_player == player and g.final_turn:
                    g.step(int(rng.choice(np.flatnonzero(g.legal_action_mask()))))
                # the day has ended (possibly the game)
                assert g.terminated or g.day == day + 1
            else:
                g.step(int(rng.choice(np.flatnonzero(g.legal_action_mask()))))
    assert seen_final > 0


def test_observation_layout():
    g = MediciReference(3, 99)
    rng = np.random.default_rng(3)
    # Advance a few steps into the game.
    for _ in range(12):
        g.step(int(rng.choice(np.flatnonzero(g.legal_action_mask()))))
    P = 3
    off = ref.obs_offsets(P)
    for p in range(P):
        obs = g.observe(p)

        def field(name):
            start, size = off[name]
            return obs[start : start + size]

        assert field("phase").sum() == 1 and field("phase")[g.phase] == 1
        assert field("day")[g.day] == 1
        assert field("deck_size")[0] == len(g.deck)
        assert field("market_size")[0] == len(g.market)
        assert field("market_counts").sum() == len(g.market)
        assert field("unseen_counts").sum() == len(g.deck)
        line = field("market_line").reshape(ref.LONGEST_MARKET[P], 33)
        assert np.all(line.sum(axis=1) == 1)
        for block in range(ref.LONGEST_MARKET[P]):
            pos = len(g.market) - 1 - block
            want = ref.CARD_KIND[g.market[pos]] if pos >= 0 else 32
            assert line[block, want] == 1
        # relative seating: block 0 is the observer
        assert field("to_move")[(g.current_player - p) % P] == 1
        assert field("start_player")[(g.start_player - p) % P] == 1
        for j in range(P):
            q = (p + j) % P
            assert field("ship_value")[j] == sum(ref.CARD_VALUE[c] for c in g.ships[q])
            assert field("florins")[j] == g.scores[q]
            assert field("ship_icons")[5 * j : 5 * j + 5].sum() == sum(ref.CARD_ICONS[c] for c in g.ships[q])
    play_random(g, rng)
    assert g.observe(0)[off["to_move"][0] : off["to_move"][0] + P].sum() == 0


def test_take_legality_with_green_cards_and_gap_closing():
    g = MediciReference(4, 3)
    p = g.current_player
    first = {k: ref.CARD_KIND.index(k) for k in range(ref.NUM_KINDS)}
    grain2, spice3, fur4 = first[0], first[5], first[10]
    neutral7, neutral2, green_dye = first[31], first[30], first[28]
    others = [c for c in range(110) if c not in (grain2, spice3, fur4, neutral7, neutral2, green_dye, 1, 2, 3, 4)]
    # Seat p's ship holds 4 non-green cards (1 free slot) and a green card.
    g.ships = [[] for _ in range(4)]
    g.ships[p] = [1, 2, 3, 4, neutral2]
    g.market = [fur4, grain2, neutral7, spice3]  # m-1 = spice3, m-2 = neutral7, m-3 = grain2
    g.deck = others
    g.phase = ref.TAKE
    g.revealed_this_turn = 1
    # take_last (1 non-green) fits; last + 2nd (spice3 + green) fits;
    # last + 3rd (2 non-green) and last three do not.
    assert g.legal_action_mask().tolist() == [False, False, True, True, False, False]
    g.step(3)
    assert g.market == [fur4, grain2]  # the gap closes, order kept
    assert sorted(g.ships[p]) == sorted([1, 2, 3, 4, neutral2, neutral7, spice3])
    assert g.current_player == (p + 1) % 4
    assert g.phase == ref.REVEAL and g.revealed_this_turn == 0
    # With plenty of room every take is legal; the market has only 2 cards
    # accessible beyond the last: fur4 is 2nd-last now.
    g.step(1)  # stop without revealing (market non-empty)
    assert g.legal_action_mask().tolist() == [False, False, True, True, False, False]
    g.step(2)
    assert g.market == [fur4]
    # Green single commodities go to the warehouse, neutral cards to the box.
    assert ref.CARD_ICONS[green_dye] == 1 and ref.CARD_GREEN[green_dye]


def test_reveal_limit_and_stop_rules():
    g = MediciReference(3, 8)
    rng = np.random.default_rng(8)
    for _ in range(300):
        if g.terminated:
            break
        mask = g.legal_action_mask()
        if g.phase == ref.REVEAL:
            # reveal only with a non-empty deck; stop only with a non-empty market
            assert mask[0] == (len(g.deck) > 0)
            assert mask[1] == (len(g.market) > 0)
            assert g.revealed_this_turn < 3
            assert not mask[2:].any()
        else:
            assert not mask[:2].any() and mask[2]
        revealed, player, day = g.revealed_this_turn, g.current_player, g.day
        a = int(rng.choice(np.flatnonzero(mask)))
        g.step(a)
        if a == 0 and revealed == 2:
            # the third reveal moves to TAKE by itself (unless the take that
            # followed was forced and the turn already passed on)
            same_turn = g.current_player == player and g.day == day and not g.terminated
            assert not same_turn or (g.phase == ref.TAKE and g.revealed_this_turn == 3)
