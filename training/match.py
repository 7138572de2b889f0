"""Batched matches: B games of one game played to the end by a set of agents.

Used by tournaments, the training's closing evaluation and the tests.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

MAX_STEPS = 1_000_000  # guard: a batch still unfinished after this many steps is an engine bug


def play_games(
    game,
    agents,
    seeds,
    seats: np.ndarray | None = None,
    on_finished: Callable[[int], None] | None = None,
    max_steps: int = MAX_STEPS,
    on_step: Callable | None = None,
):
    """Play ``len(seeds)`` games to the end.

    ``seats`` (int[B, P]) gives the index into ``agents`` of the agent at seat s of game b;
    by default ``agents[p]`` plays seat p in every game. Each agent acts, in one call per
    step, on all rows where it owns the seat to move. ``on_finished(n)`` is told how many
    games ended at each step (a progress bar). ``on_step(state)`` sees the batch after
    ``init`` and after every step (balance studies record running scores there); it must not
    change the state.

    Returns ``(scores int[B, P], rewards float[B, P] (summed over the game), ranks int[B, P])``.
    """
    state = game.init(np.asarray(seeds, dtype=np.uint64))
    B, P = state.batch_size, game.num_players
    if seats is None:
        seats = np.broadcast_to(np.arange(P), (B, P))
    rows = np.arange(B)
    totals = np.zeros(state.rewards.shape, np.float64)
    done = int(state.terminated.sum())
    if on_finished is not None:
        on_finished(done)
    if on_step is not None:
        on_step(state)
    for _ in range(max_steps):
        if done == B:
            return state.scores.astype(np.int64), totals, game.ranks(state).astype(np.int64)
        live = ~state.terminated
        mover = seats[rows, state.current_player]  # int[B] agent owning the seat to move
        obs = game.observe(state, state.current_player)
        actions = np.zeros(B, np.int64)
        for agent_id, agent in enumerate(agents):
            mine = np.flatnonzero(live & (mover == agent_id))
            if mine.size:
                actions[mine] = agent.act_state(state, mine, obs[mine])
        game.step(state, actions)
        if on_step is not None:
            on_step(state)
        totals += state.rewards
        now = int(state.terminated.sum())
        if on_finished is not None:
            on_finished(now - done)
        done = now
    raise RuntimeError(f"{game.name}: {B - done} games still running after {max_steps} steps")
