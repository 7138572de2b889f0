"""Firenze's paths for one game against the batched ones.

A batch of one (the PettingZoo AEC env) takes its own paths through ``observe``
(``_observe_one``), the mask refresh (``_mask_one``) and a few step handlers, written with
scalar reads where the batched index arithmetic costs several times more. They must give
exactly the batched result: games are played in a batch and, with the same actions, each
alone; after every step the states must be equal, every player's observation of the game
alone must equal (field by field) its row of the batched observation, and the masks of the
games alone must equal those the batched mask code computes for the whole batch.

The Saboteur is personnel since v1 (played from the hand in the free-personnel phases, counted
by the card limit, discardable with a Patrician): a deck of six Saboteurs makes those paths
common, and a test asserts they were compared.
"""

import numpy as np
import pytest
from firenze_scenarios import cards_with

from florentine_envs.agents import make_agent
from florentine_envs.games.firenze import Firenze
from florentine_envs.games.firenze.firenze import (
    A_LIMIT_SABOTEUR,
    A_PATRICIAN_SABOTEUR,
    A_SABOTAGE,
    NUM_PHASES,
    PH_EV_PATRICIAN,
    PH_LIMIT_CARDS,
    PH_OVER,
    PH_UNUSED,
)
from florentine_envs.testing import random_legal_actions, states_equal


def _assert_same_observations(game, alone, batched, player, step):
    """``alone`` float32[N, obs_size] (each game observed alone) equals ``batched``, field by field."""
    if np.array_equal(alone, batched):
        return
    for field, where in game.obs_layout.items():
        differ = np.flatnonzero((alone[:, where] != batched[:, where]).any(1))
        assert not differ.size, f"{field} of player {player} in game {differ[0]} differs at step {step}"


# Six Saboteurs (three Alchemists and two Masons fewer), as in the differential test.
SIX_SABOTEURS = {"action_cards": {"cards": cards_with(Saboteur=6, Alchemist=1, Mason=1)}}


def play_alone_and_batched(game, num_games, seed, taken=None, avoid=None):
    """Play ``num_games`` games batched and each alone (even games: the heuristic, odd games:
    uniform random; with ``avoid`` (bool[A]) games 1, 5, 9, ... choose among the other legal
    actions when there are any); returns the set of phases met, and adds the actions chosen to
    ``taken``."""
    rng = np.random.default_rng(seed)
    seeds = np.arange(num_games, dtype=np.uint64) + np.uint64(100 * seed)
    batch = game.init(seeds)
    alone = [game.init(seeds[i : i + 1]) for i in range(num_games)]
    heuristic = make_agent("heuristic", game, seed=seed)
    phases = set()
    step = 0
    while True:
        phases.update(batch.phase.tolist())
        mask = batch.legal_action_mask.copy()
        game._refresh_mask_batch(batch, np.arange(num_games))  # the batched rules, whatever the count
        np.testing.assert_array_equal(batch.legal_action_mask, mask, err_msg=f"batched mask at step {step}")
        masks = np.concatenate([one.legal_action_mask for one in alone])
        assert np.array_equal(masks, mask), f"masks of the games alone differ at step {step}"
        for p in range(game.num_players):
            observed = np.concatenate([game.observe(one, np.array([p])) for one in alone])
            _assert_same_observations(game, observed, game.observe(batch, np.full(num_games, p)), p, step)
        if batch.terminated.all():
            return phases
        actions = random_legal_actions(batch.legal_action_mask, rng)
        if avoid is not None:
            other = batch.legal_action_mask & ~avoid
            rows = (np.arange(num_games) % 4 == 1) & other.any(1)
            if rows.any():
                actions[rows] = random_legal_actions(other[rows], rng)
        even = np.arange(num_games) % 2 == 0
        obs = game.observe(batch, batch.current_player)
        actions[even] = heuristic.act(obs[even], batch.legal_action_mask[even])
        if taken is not None:
            taken.update(actions[~batch.terminated].tolist())
        game.step(batch, actions)
        for i, one in enumerate(alone):
            game.step(one, actions[i : i + 1])
            assert states_equal(one, batch.select(i)), f"game {i} alone diverges from the batch at step {step}"
        step += 1


@pytest.mark.parametrize(
    "num_players, options",
    [
        (2, {}),
        (3, {}),
        (4, {}),
        (3, {"opponent_hands": "recall", "campanile": False}),
        (4, {"auto_discard": True, "opponent_hands": "recall"}),
        (3, {"data": SIX_SABOTEURS, "opponent_hands": "recall"}),
    ],
)
def test_one_game_paths_equal_the_batched_ones(num_players, options):
    game = Firenze(num_players, max_turns=15 * num_players, **options)
    phases = play_alone_and_batched(game, num_games=4, seed=num_players)
    assert PH_OVER in phases and len(phases) >= NUM_PHASES // 2, sorted(phases)


def test_one_game_paths_meet_every_phase():
    # Eight 4-player games reach every decision phase and game over (phase 4 is unused since
    # v1), in each of which the paths above are compared.
    game = Firenze(4, max_turns=80)
    phases = play_alone_and_batched(game, num_games=8, seed=13)  # (seed 11 misses the Luxury Tax phases in v1)
    assert set(range(NUM_PHASES)) - phases <= {PH_UNUSED}, sorted(set(range(NUM_PHASES)) - phases)


def test_one_game_paths_meet_the_saboteur_as_personnel():
    # With six Saboteurs in the deck the one-game mask, observation and step paths are compared
    # where a Saboteur is played from the hand on another player's tower, discarded at the card
    # limit and discarded with a Patrician, and where the Patrician is (or, against an event
    # that would change nothing, is not) offered.
    # One game in four holds its Saboteurs (plays one only when nothing else is legal), so
    # that they pile up in the hand up to the card limit.
    game = Firenze(3, max_turns=45, data=SIX_SABOTEURS)
    sabotage = np.zeros(game.num_actions, bool)
    sabotage[A_SABOTAGE : A_SABOTAGE + 18] = True
    taken = set()
    phases = play_alone_and_batched(game, num_games=4, seed=3, taken=taken, avoid=sabotage)
    assert {PH_LIMIT_CARDS, PH_EV_PATRICIAN, PH_OVER} <= phases, sorted(phases)
    assert taken & set(range(A_SABOTAGE, A_SABOTAGE + 12)), "no Saboteur played"  # 3 players: 2 x 6 targets
    assert A_LIMIT_SABOTEUR in taken, "no Saboteur discarded at the card limit"
    assert A_PATRICIAN_SABOTEUR in taken, "no Saboteur discarded with a Patrician"
