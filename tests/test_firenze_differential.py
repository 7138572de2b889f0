"""Differential test: the batched Firenze engine against the scalar reference.

Both implementations were written independently from the rulebook, DESIGN_NOTES.md
and SPEC.md. Random legal games are played through both on the same seeds; after
every step they must give identical action masks, observations, rewards, scores,
current player, termination and truncation. Observations: every player's at every
step in the first chunk of a run, the mover's after that, and everyone's at the end
(the reference's observe() is the slow part of this test, with the engine's
per-step overhead, which is paid once per batch step whatever the batch size).

Game counts: a Firenze game is 1000-2700 decisions (Medici: ~60), so this file plays
``--diff-games // 100`` games per player count (default 2000 // 100 = 20) and
``--diff-games // 400`` per option variant (default 5, mover's view only); the
default run takes about 2 minutes on 2 cores. ``--diff-games 20000`` plays 200
games per player count and 50 per variant.

Games at odd positions of a batch follow a *biased* random policy (prefer fulfilling,
building on existing towers, skipping the exchange), which reaches the natural end of
the game (last seal, final turns, majorities, celebrations) in most games; uniform
random play mostly ends by truncation at ``max_turns``.
"""

import numpy as np
import pytest
from differential import chunks, mix_policies, play_through_both
from firenze_scenarios import cards_with

import florentine_envs
from florentine_envs.games.firenze.reference import FirenzeReference
from florentine_envs.testing import random_legal_actions

FIRST_CHUNK = 5  # games compared in every player's view at every step
CHUNK = 50  # games stepped together in the batched engine after the first chunk

# Action id groups (DESIGN_NOTES §8, SPEC §A: 168 ids) used by the biased policy.
NUM_ACTIONS = 168
_FULFILL = np.zeros(NUM_ACTIONS, dtype=bool)
_FULFILL[60:79] = True  # FULFILL[t,d] and BELL_TOWER
_BUILD_ON = np.zeros(NUM_ACTIONS, dtype=bool)
_BUILD_ON[42:54] = True
_EXCHANGE = np.zeros(NUM_ACTIONS, dtype=bool)
_EXCHANGE[6:42] = True
_PASS = 165

# A balance-study override of the component data (DN §1 ``data``: a dict patch).
DATA_PATCH = {
    "exchange": {"give": 2},
    "limits": {"storehouse": 8},
    "construction": {"cost_by_bricks_built": [0, 0, 1, 2, 4, 7, 11]},
}
# Six Saboteurs (and three Alchemists and two Masons fewer): the Saboteur's hand, card-limit,
# Patrician and one-name-per-turn paths come up often. With v0's reading of the neutral-seal advice.
SABOTEUR_PATCH = {
    "action_cards": {"cards": cards_with(Saboteur=6, Alchemist=1, Mason=1)},
    "setup": {"neutral_seal_recommendations": {"levels_are_positions": True}},
}


def biased_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """int[N] legal actions for mask bool[N, 168], leaning towards completing commissions."""
    actions = random_legal_actions(mask, rng)
    u = rng.random(len(mask))
    for i, m in enumerate(mask):
        fulfil = np.flatnonzero(m & _FULFILL)
        build = np.flatnonzero(m & _BUILD_ON)
        if fulfil.size and u[i] < 0.9:
            actions[i] = rng.choice(fulfil)
        elif build.size and u[i] < 0.6:
            actions[i] = rng.choice(build)
        elif m[_PASS] and (m & _EXCHANGE).any() and u[i] < 0.8:
            actions[i] = _PASS
    return actions


def _run_many(num_players: int, total: int, seed_base: int, every_player: bool = True, **options) -> tuple[int, int]:
    """``total`` games from seed ``seed_base`` on, in chunks (``differential.chunks``); returns (agent
    steps, games ended before truncation). Games at odd batch positions follow the biased policy,
    the others uniform random play."""
    game = florentine_envs.make("firenze", num_players=num_players, **options)
    rng = np.random.default_rng(seed_base)
    steps = ended = 0
    for seeds, all_views in chunks(total, seed_base, FIRST_CHUNK, CHUNK, every_player):
        refs = [FirenzeReference(num_players, int(s), **options) for s in seeds]
        assert game.obs_size == refs[0].obs_size
        biased = lambda mask, refs, rng: biased_actions(mask, rng)  # noqa: E731
        choose = mix_policies(biased, lambda mask, refs, rng: random_legal_actions(mask, rng))
        s, _ = play_through_both(game, seeds, refs, choose, rng, all_views, f"P={num_players}, options={options}")
        steps += s
        ended += sum(1 for r in refs if not r.truncated)
    return steps, ended


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_batched_engine_matches_reference(num_players, request):
    total = max(2, request.config.getoption("--diff-games") // 100)
    steps, ended = _run_many(num_players, total, 10_000 * num_players)
    assert steps > total * 200  # the games really were played (a Firenze game is ~1000+ decisions)
    if total >= 10:  # five biased games: some reached the real end (last seal, final turns)
        assert ended > 0


@pytest.mark.parametrize(
    "num_players, options",
    [
        (3, {"campanile": False}),
        (4, {"auto_discard": True}),
        (2, {"reward": "score", "data": DATA_PATCH}),
        (3, {"opponent_hands": "recall", "neutral_seals": "uniform"}),
        (4, {"max_turns": 30}),
        (3, {"data": SABOTEUR_PATCH, "opponent_hands": "recall"}),
    ],
    ids=[
        "no-campanile", "auto-discard", "score-reward-data-patch", "recall-uniform-seals", "short-truncation",
        "six-saboteurs-seals-on-positions",
    ],
)  # fmt: skip
def test_matches_reference_with_options(num_players, options, request):
    total = max(2, request.config.getoption("--diff-games") // 400)
    steps, _ = _run_many(num_players, total, 777 + 31 * num_players, every_player=False, **options)
    assert steps > 0


@pytest.mark.parametrize("positions", [False, True])
def test_recommended_neutral_seals_match_reference(positions):
    """Both implementations read ``levels_are_positions`` (DESIGN_NOTES §13.21) and place the same seals."""
    data = {"setup": {"neutral_seal_recommendations": {"levels_are_positions": positions}}}
    for num_players in (2, 4):
        state = florentine_envs.make("firenze", num_players=num_players, data=data).init(np.arange(150))
        for b in range(150):
            assert state.commission_owner[b].tolist() == FirenzeReference(num_players, b, data=data).owner
