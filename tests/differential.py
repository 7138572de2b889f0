"""Shared by the differential tests: one comparison of a batched engine state with the scalar
references playing the same games (masks, scores, current player, termination, observations)
(:func:`assert_matches_references`), the loop that plays a batch through both and compares them
after every step (:func:`play_through_both`), the split of a long run into chunks
(:func:`chunks`) and a batch mixing two action policies (:func:`mix_policies`)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def field_of(game, k: int) -> str:
    """The observation field that holds flat index ``k``."""
    return next(name for name, sl in game.obs_layout.items() if sl.start <= k < sl.stop)


def assert_matches_references(game, state, refs, where: Callable[[int], str], every_player: bool) -> list[int]:
    """Assert game b of ``state`` equals ``refs[b]`` now; return the games still live.

    Observations: every player's if ``every_player``, else the mover's; finished games are
    frozen, so their (final) views are compared once, when no game is live any more."""
    B, P = state.batch_size, game.num_players
    live = [i for i, r in enumerate(refs) if not r.terminated]
    for b, r in enumerate(refs):
        assert bool(state.terminated[b]) == r.terminated, f"terminated differs {where(b)}"
        assert bool(state.truncated[b]) == r.truncated, f"truncated differs {where(b)}"
        ref_mask = r.legal_action_mask()
        if not np.array_equal(state.legal_action_mask[b], ref_mask):
            engine_only = np.flatnonzero(state.legal_action_mask[b] & ~ref_mask)
            ref_only = np.flatnonzero(ref_mask & ~state.legal_action_mask[b])
            raise AssertionError(
                f"masks differ {where(b)}: engine only {[game.action_names[a] for a in engine_only]}, "
                f"reference only {[game.action_names[a] for a in ref_only]}"
            )
        assert list(state.scores[b]) == r.scores, f"scores differ {where(b)}: {state.scores[b]} vs {r.scores}"
        if not r.terminated:
            assert int(state.current_player[b]) == r.current_player, f"current player differs {where(b)}"
    rows = np.array(live if live else range(B))
    viewers = range(P) if (every_player or not live) else [None]
    for p in viewers:
        seen_by = state.current_player.astype(int) if p is None else np.full(B, p)
        batched = game.observe(state, seen_by)[rows]
        reference = np.array([refs[b].observe(int(seen_by[b])) for b in rows])
        if not np.array_equal(batched, reference):
            i, k = np.argwhere(batched != reference)[0]
            b = int(rows[i])
            field = field_of(game, k)
            sl = game.obs_layout[field]
            raise AssertionError(
                f"observation of player {int(seen_by[b])} differs {where(b)}, field {field!r} index "
                f"{k - sl.start}: engine {batched[i, sl].tolist()} reference {reference[i, sl].tolist()}"
            )
    return live


Chooser = Callable[[np.ndarray, list, np.random.Generator], np.ndarray]


def play_through_both(
    game,
    seeds: np.ndarray,
    refs: list,
    choose: Chooser,
    rng: np.random.Generator,
    every_player: bool,
    label: str,
    compare_phases: bool = False,
    compare_ranks: bool = False,
    atol: float = 1e-6,
) -> tuple[int, int]:
    """Play the games of ``seeds`` through the engine and ``refs`` (one reference per seed) to the
    end with the actions ``choose(mask bool[B, A], refs, rng)`` -> int[B], comparing them after
    every step (:func:`assert_matches_references`, rewards, optionally phases and final ranks).

    ``label`` names the run in failure messages (player count, options). Returns (agent steps,
    decisions in the longest game)."""
    state = game.init(seeds)
    B = len(seeds)
    steps = step_no = 0

    def where(b: int) -> str:
        return f"({label}, seed={int(seeds[b])}, step {step_no}, phase {refs[b].phase})"

    while True:
        if compare_phases:
            for b, r in enumerate(refs):
                assert int(state.phase[b]) == r.phase, f"phase differs {where(b)}: engine {int(state.phase[b])}"
        live = assert_matches_references(game, state, refs, where, every_player)
        if not live:
            if compare_ranks:
                ranks = game.ranks(state)
                for b, r in enumerate(refs):
                    assert ranks[b].tolist() == r.final_rank, (
                        f"final ranks differ {where(b)}: {ranks[b]} vs {r.final_rank}"
                    )
            return steps, step_no
        actions = choose(state.legal_action_mask, refs, rng)
        game.step(state, actions)
        step_no += 1
        for i in live:
            refs[i].step(int(actions[i]))
        steps += len(live)
        # A finished game in a batch is frozen with zero reward; compare the games that moved.
        ref_rewards = np.array([refs[i].rewards for i in live], dtype=np.float32)
        if not np.allclose(state.rewards[live], ref_rewards, atol=atol):
            i = int(np.flatnonzero(~np.isclose(state.rewards[live], ref_rewards, atol=atol).all(1))[0])
            b = live[i]
            raise AssertionError(f"rewards differ {where(b)}: engine {state.rewards[b]} reference {ref_rewards[i]}")
        assert not state.rewards[np.setdiff1d(np.arange(B), live)].any()


def chunks(total: int, seed_base: int, first_chunk: int, chunk: int, every_player: bool):
    """Yield ``(seeds uint64[n], every_player)`` for ``total`` games from seed ``seed_base`` on: a
    first chunk of ``first_chunk`` games seen by every player (if ``every_player``), then chunks of
    ``chunk`` games seen by the mover (every player's view at every step is the costly part)."""
    bounds = [0, min(first_chunk, total)] if every_player else [0]
    bounds += list(range(bounds[-1] + chunk, total, chunk)) + [total]
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        if hi > lo:
            yield np.arange(lo, hi, dtype=np.uint64) + seed_base, every_player and lo == 0


def mix_policies(odd: Chooser, even: Chooser) -> Chooser:
    """A chooser playing ``odd`` in the games at odd batch positions and ``even`` in the others."""

    def choose(mask, refs, rng):
        at_odd = np.arange(len(mask)) % 2 == 1
        return np.where(at_odd, odd(mask, refs, rng), even(mask, refs, rng))

    return choose
