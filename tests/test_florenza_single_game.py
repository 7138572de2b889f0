"""Florenza (board game)'s paths for one game against the batched ones and the reference.

A batch of one (the PettingZoo AEC env, ``engine B=1``) takes its own paths: the step runs
each handler on its game alone, the PLACE mask is built from the game's rows
(``_place_mask``) instead of the batched ``place_masks``, and ``observe`` fills the row
through ``_observe_one``. They must give exactly the batched result and the reference's:

* games are played in a batch and, with the same actions, each alone; after every step the
  states must be equal, the masks of the games alone must equal the batch's, and every
  player's observation of a game alone must equal (field by field) its row of the batch;
* ``_place_mask`` equals ``place_masks`` for every game and every seat as the placer, also
  with the placer on the fee floor (operating an opponent's workshop then illegal) and as
  the Captain (who may hire the artist he detained, D13);
* single games (batch of one, the AEC path) are played against the scalar reference with the
  differential test's biased policy, every player's observation compared at every step;
* phase 6 and phases 8, 9 and 1 run for many games at once (``_resolve_districts``,
  ``_close_rounds``) equal the flow of each game alone.
"""

import numpy as np
import pytest
from differential import field_of, play_through_both
from test_florenza_differential import biased_actions

from florentine_envs.games.florenza.constants import (
    DETAINED,
    IN_PLAY,
    NUM_PHASES,
    PH_CAPTAIN,
    PH_CONVERT,
    PH_OVER,
    PH_PLACE,
    ST_DISTRICT,
    ST_ORDER,
)  # fmt: skip
from florentine_envs.games.florenza.florenza import Florenza
from florentine_envs.games.florenza.reference import FlorenzaReference
from florentine_envs.testing import random_legal_actions, states_equal


def _assert_same_observations(game, alone, batched, player, step):
    """``alone`` float32[N, obs_size] (each game observed alone) equals ``batched``."""
    differ = np.argwhere(alone != batched)
    if differ.size:
        g, k = differ[0]
        raise AssertionError(f"{field_of(game, k)} of player {player} in game {g} differs at step {step}")


def _assert_place_masks_equal(game, state, step):
    """The one-game PLACE mask equals the batched one for every game and seat, as things stand,
    with the seat on the fee floor, and with the seat as the Captain beside a detained artist."""
    P, t = game.num_players, game.t
    for g in range(state.batch_size):
        for p in range(P):
            for variant in ("as is", "fee floor", "captain"):
                st = state.select(np.array([g]))
                if variant == "fee floor":
                    st.track[0, p] = t.fee_floor
                elif variant == "captain":
                    st.captain[0] = p
                    artists = np.flatnonzero((st.char_state[0] == IN_PLAY) & t.is_artist)
                    st.char_where[0, artists[:1]] = DETAINED
                row = np.zeros(game.num_actions, bool)
                game._place_mask(st, 0, p, row)
                batched = game.place_masks(st, np.array([0]), np.array([p]))[0]
                assert np.array_equal(row, batched), (
                    f"PLACE mask of seat {p} ({variant}) in game {g} differs at step {step}: "
                    f"one-game only {np.flatnonzero(row & ~batched)}, batched only {np.flatnonzero(batched & ~row)}"
                )


def play_alone_and_batched(game, num_games, seed, check_place_masks_every=0):
    """Play ``num_games`` games batched and each alone (odd games: the differential test's biased
    policy, even games: uniform random); returns the phases met."""
    rng = np.random.default_rng(seed)
    seeds = np.arange(num_games, dtype=np.uint64) + np.uint64(1000 * seed)
    batch = game.init(seeds)
    alone = [game.init(seeds[i : i + 1]) for i in range(num_games)]
    odd = np.arange(num_games) % 2 == 1
    ids = FlorenzaReference(game.num_players, 0).A  # the action blocks biased_actions reads
    phases, step = set(), 0
    while True:
        phases.update(batch.phase.tolist())
        masks = np.concatenate([one.legal_action_mask for one in alone])
        assert np.array_equal(masks, batch.legal_action_mask), f"masks of the games alone differ at step {step}"
        for p in range(game.num_players):
            observed = np.concatenate([game.observe(one, np.array([p])) for one in alone])
            _assert_same_observations(game, observed, game.observe(batch, np.full(num_games, p)), p, step)
        if check_place_masks_every and step % check_place_masks_every == 0:
            _assert_place_masks_equal(game, batch, step)
        if batch.terminated.all():
            return phases
        actions = random_legal_actions(batch.legal_action_mask, rng)
        actions[odd] = biased_actions(batch.legal_action_mask[odd], ids, rng)
        game.step(batch, actions)
        for i, one in enumerate(alone):
            game.step(one, actions[i : i + 1])
            assert states_equal(one, batch.select(np.array([i]))), f"game {i} alone diverges at step {step}"
        step += 1


@pytest.mark.parametrize(
    "num_players, options",
    [(2, {}), (3, {"die": "no_die"}), (4, {}), (5, {}), (2, {"two_player_variant": False, "die": "no_die"})],
)
def test_one_game_paths_equal_the_batched_ones(num_players, options):
    game = Florenza(num_players, **options)
    phases = play_alone_and_batched(game, num_games=6, seed=num_players, check_place_masks_every=7)
    assert PH_OVER in phases and PH_PLACE in phases and len(phases) >= NUM_PHASES // 2, sorted(phases)


@pytest.mark.parametrize("num_players, die", [(2, "die"), (3, "no_die"), (4, "die"), (5, "die")])
def test_single_games_match_the_reference(num_players, die, request):
    """The AEC path (batches of one) against the scalar reference, every player's view every step."""
    game = Florenza(num_players, die=die)
    rng = np.random.default_rng(num_players)
    games = max(2, request.config.getoption("--diff-games") // 1000)
    for k in range(games):
        seed = np.array([31 * num_players + k], np.uint64)
        refs = [FlorenzaReference(num_players, int(seed[0]), die=die)]
        policy = biased_actions if k % 2 else (lambda mask, ids, rng: random_legal_actions(mask, rng))
        steps, _ = play_through_both(
            game, seed, refs, lambda mask, refs, rng: policy(mask, refs[0].A, rng), rng, True,
            f"P={num_players}, die={die}, batch of one", compare_phases=True, compare_ranks=True, atol=1e-5,
        )  # fmt: skip
        assert steps > 40 * num_players


@pytest.mark.parametrize("stage", ["district", "round_close"])
@pytest.mark.parametrize("num_players, die", [(2, "die"), (3, "die"), (5, "no_die")])
def test_phases_run_together_equal_one_game_at_a_time(num_players, die, stage):
    """Phase 6 of many games at once (``_resolve_districts``) and phases 8, 9 and 1 (``_close_rounds``),
    run when four or more games of a batch reach them together, give each game what the flow gives
    it alone. Every few steps the live games of a batch in play are sent to the phase both ways
    (from wherever they stand: workers on workshops, half-built ones, conversions to offer)."""
    game = Florenza(num_players, die=die)
    rng = np.random.default_rng(num_players)
    state = game.init(np.arange(24, dtype=np.uint64) + np.uint64(50 * num_players))
    first, run_together = {"district": (ST_DISTRICT, game._resolve_districts),
                           "round_close": (ST_ORDER, game._close_rounds)}[stage]  # fmt: skip
    phases = set()
    while not state.terminated.all():
        for _ in range(9):
            game.step(state, random_legal_actions(state.legal_action_mask, rng))
        live = np.flatnonzero(~state.terminated)
        together, alone = state.copy(), state.copy()
        together.stage[live], together.sub[live] = first, 0
        together.ptr[live] = num_players if stage == "round_close" else 0  # as phase 7 leaves it
        game._batched(together, lambda: run_together(together, live))
        for g in live.tolist():
            game._set_stage(alone, g, first)
            game._continue(alone, g)
        assert states_equal(together, alone), f"{stage} differs, step {int(state.step_count.max())}"
        phases.update(together.phase[live].tolist())
    wanted = {PH_OVER, PH_CONVERT} if stage == "district" else {PH_OVER, PH_CAPTAIN}
    assert wanted <= phases, sorted(phases)  # a conversion offered, games ended, an office used
