"""The solo game's paths for one game (``princes_solo`` in a batch of one: the AEC and Gymnasium
envs, ``engine B=1``) against the batched ones and the scalar reference.

A batch of one takes its own paths (the ``*_one`` methods of ``solo.py`` and
``solo_observation.py``): Wolfgang's purchase and action choices, the die and the tie-breaks,
and the ``solo`` observation field from scalar reads (Wolfgang's choices also where one game of
a batch reaches them alone). They must give exactly the batched result and the reference's:

* games are played in a batch and, with the same actions, each alone; after every step the
  states must be equal, the masks of the games alone must equal the batch's, and the
  observation of each game alone must equal (field by field) its row of the batch;
* single games are played against the scalar reference (the differential test's policies),
  the observation compared at every step;
* Wolfgang's purchase of one game equals its batched row for every kind of object;
* the one-game die and tie-break draws equal the counter-based hash's.
"""

import numpy as np
import pytest
from differential import field_of, play_through_both
from test_princes_differential import busy_actions

from florentine_envs.games.princes import PrincesSolo
from florentine_envs.games.princes.constants import (
    DECK_PRESTIGE,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_KEEP,
    PH_OVER,
    PH_PLACE,
)
from florentine_envs.games.princes.reference import PrincesSoloReference
from florentine_envs.testing import random_legal_actions, states_equal


def play_alone_and_batched(game, num_games: int, seed: int) -> set[int]:
    """Play ``num_games`` games batched and each alone (odd games: the differential test's busy
    policy, even games: uniform random), comparing after every step; returns the phases met."""
    rng = np.random.default_rng(seed)
    seeds = np.arange(num_games, dtype=np.uint64) + np.uint64(1000 * seed)
    batch = game.init(seeds)
    alone = [game.init(seeds[i : i + 1]) for i in range(num_games)]
    odd = np.arange(num_games) % 2 == 1
    phases, step = set(), 0
    while True:
        phases.update(batch.phase.tolist())
        for i, one in enumerate(alone):
            assert states_equal(one, batch.select(np.array([i]))), f"game {i} alone diverges at step {step}"
        observed = np.concatenate([game.observe(one, np.zeros(1, int)) for one in alone])
        differ = np.argwhere(observed != game.observe(batch, np.zeros(num_games, int)))
        if differ.size:
            g, k = differ[0]
            raise AssertionError(f"{field_of(game, k)} of game {g} alone differs at step {step}")
        if batch.terminated.all():
            return phases
        actions = random_legal_actions(batch.legal_action_mask, rng)
        actions[odd] = busy_actions(batch.phase[odd].tolist(), batch.legal_action_mask[odd], rng)
        game.step(batch, actions)
        for i, one in enumerate(alone):
            game.step(one, actions[i : i + 1])
        step += 1


@pytest.mark.parametrize("dummies, difficulty", [(2, "standard"), (3, "easy"), (2, "hard"), (3, "hard")])
def test_one_game_paths_equal_the_batched_ones(dummies, difficulty):
    game = PrincesSolo(dummies=dummies, difficulty=difficulty)
    phases = play_alone_and_batched(game, num_games=6, seed=dummies + len(difficulty))
    assert {PH_OVER, PH_ACTION, PH_AUCTION_BID, PH_PLACE, PH_KEEP} <= phases, sorted(phases)


@pytest.mark.parametrize("dummies, difficulty", [(2, "standard"), (3, "hard")])
def test_single_games_match_the_reference(dummies, difficulty, request):
    """The AEC path (batches of one) against the scalar reference, at every step."""
    game = PrincesSolo(dummies=dummies, difficulty=difficulty)
    rng = np.random.default_rng(dummies)
    games = max(2, request.config.getoption("--diff-games") // 1000)
    for k in range(games):
        seed = np.array([500 + 31 * dummies + k], np.uint64)
        refs = [PrincesSoloReference(1, int(seed[0]), solo=True, dummies=dummies, difficulty=difficulty)]
        if k % 2:
            policy = lambda mask, refs, rng: busy_actions([refs[0].phase], mask, rng)  # noqa: E731
        else:
            policy = lambda mask, refs, rng: random_legal_actions(mask, rng)  # noqa: E731
        steps, _ = play_through_both(
            game, seed, refs, policy, rng, True, f"solo, dummies={dummies}, {difficulty}, batch of one",
            compare_phases=True,
        )  # fmt: skip
        assert steps > 20


def test_wolfgangs_purchase_of_one_game_equals_its_batched_row():
    """Wolfgang's purchase at an auction's end (``_wolf_buys``) of one game (the one-game path)
    equals its row of the batched path, in positions of random games with stacks emptied at
    random, so that he buys every kind of object (a Recruiting card, rare in play, included)."""
    game = PrincesSolo(dummies=3)
    rng = np.random.default_rng(5)
    st = game.init(np.arange(24, dtype=np.uint64))
    bought = set()
    while not st.terminated.all():
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
        games = np.flatnonzero(st.phase == PH_AUCTION_CHOOSE)
        if games.size < 2:
            continue
        trial = st.copy()
        trial.supply_jesters[rng.random(24) < 0.6] = 0
        trial.supply_builders[rng.random(24) < 0.6] = 0
        trial.deck_len[rng.random(24) < 0.6, DECK_PRESTIGE] = 0
        trial.supply_landscapes[rng.random((24, 3)) < 0.4] = 0
        batched = trial.copy()
        game._wolf_buys(batched, games)
        for b in games.tolist():
            one = trial.copy()
            game._wolf_buys(one, np.array([b]))
            assert states_equal(one.select(np.array([b])), batched.select(np.array([b]))), f"game {b} differs"
        bought.update(batched.wolf_bought[games].tolist())
    assert bought == {-1, *range(7)}, sorted(bought)  # every object, and nothing left to buy


@pytest.mark.parametrize("dummies", [2, 3])
def test_one_game_auction_masks_equal_the_batched_ones(dummies):
    """The AUCTION_CHOOSE and AUCTION_BID masks of one game (``_solo_mask_*_one``) equal the
    batched fillers' rows, in random positions and, in BID, with the price forced (such positions
    never rest: the forced move is played at once) and with your purse emptied."""
    game = PrincesSolo(dummies=dummies)
    rng = np.random.default_rng(dummies)
    st = game.init(np.arange(12, dtype=np.uint64))
    met = set()
    while not st.terminated.all():
        for b in np.flatnonzero(np.isin(st.phase, (PH_AUCTION_CHOOSE, PH_AUCTION_BID))).tolist():
            for variant in ("as is", "forced", "broke", "forced and broke"):
                position = st.copy()
                if "forced" in variant:
                    position.forced[b] = True
                if "broke" in variant:
                    position.money[b, 0] = position.fame[b, 0] = 0
                one = position.select(np.array([b]))
                game._refresh_mask(one, np.array([0]))  # the one-game path
                game._refresh_mask(position, np.array([b, (b + 1) % 12]))  # the batched fillers
                np.testing.assert_array_equal(one.legal_action_mask[0], position.legal_action_mask[b])
                met.add((int(st.phase[b]), bool(st.auctions_done[b] == game.seats - 1), variant))
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
    assert len(met) == 16, sorted(met)  # both phases, final auctions or not, every variant
