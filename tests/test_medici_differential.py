"""Differential test: the batched engine against the scalar reference.

Both implementations were written independently from the rulebook and SPEC.md.
Random legal games are played through both on the same seeds; every step must
give identical masks, observations (for every player), rewards, scores,
current player and termination. ``--diff-games N`` sets the games per player
count (default 2000).
"""

import numpy as np
import pytest

import florentine_envs
from florentine_envs.games.medici.reference import MediciReference
from florentine_envs.testing import random_legal_actions

CHUNK = 250  # games stepped together in the batched engine


def run_differential(
    num_players: int, seeds: np.ndarray, rng: np.random.Generator, every_player: bool = True, **options
) -> int:
    """Play ``seeds`` through both implementations; returns the number of agent steps.

    ``every_player``: compare every player's observation at every step; otherwise the
    observation of the player to move at every step and every player's at the end
    (the reference's observe() is the slow part of this test).
    """
    game = florentine_envs.make("medici", num_players=num_players, **options)
    state = game.init(seeds)
    refs = [MediciReference(num_players, int(s), **options) for s in seeds]
    P = num_players
    steps = 0
    while True:
        live = [i for i, r in enumerate(refs) if not r.terminated]
        assert np.array_equal(state.terminated, [r.terminated for r in refs])
        ref_mask = np.array([r.legal_action_mask() for r in refs])
        assert np.array_equal(state.legal_action_mask, ref_mask), "masks differ"
        assert np.array_equal(state.scores, [r.scores for r in refs]), "scores differ"
        assert np.array_equal(state.current_player[live], [refs[i].current_player for i in live])
        viewers = range(P) if (every_player or not live) else [None]
        for p in viewers:
            seen_by = state.current_player.astype(int) if p is None else np.full(len(seeds), p)
            batched = game.observe(state, seen_by)
            reference = np.array([r.observe(int(v)) for r, v in zip(refs, seen_by)])
            if not np.array_equal(batched, reference):
                b, k = np.argwhere(batched != reference)[0]
                field = next(n for n, sl in game.obs_layout.items() if sl.start <= k < sl.stop)
                raise AssertionError(f"observation of player {p} differs in game {b}, field {field!r}")
        if not live:
            return steps
        actions = random_legal_actions(state.legal_action_mask, rng)
        game.step(state, actions)
        for i in live:
            refs[i].step(int(actions[i]))
        steps += len(live)
        # A finished game in a batch is frozen with zero reward; compare the games that moved.
        assert np.allclose(state.rewards[live], [refs[i].rewards for i in live], atol=1e-6), "rewards differ"
        assert not state.rewards[np.setdiff1d(np.arange(len(refs)), live)].any()


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
def test_batched_engine_matches_reference(num_players, request):
    total = request.config.getoption("--diff-games")
    rng = np.random.default_rng(num_players)
    steps = 0
    for start in range(0, total, CHUNK):
        seeds = np.arange(start, min(start + CHUNK, total), dtype=np.uint64) + 10_000 * num_players
        # Every player's view at every step in the first chunk, the mover's view after that.
        steps += run_differential(num_players, seeds, rng, every_player=start == 0)
    assert steps > total * 30  # the games really were played


@pytest.mark.parametrize("num_players", [2, 5])
def test_matches_reference_with_variant_and_score_rewards(num_players):
    rng = np.random.default_rng(7)
    seeds = np.arange(200, dtype=np.uint64) + 777
    run_differential(num_players, seeds, rng, monopoly_variant=True, reward="score")
