"""Batched matches: B games of one game played by a list of agents (one per seat)."""

from __future__ import annotations

import numpy as np


def play_games(game, agents, seeds, max_steps: int = 1_000_000):
    """Play ``len(seeds)`` games to the end; ``agents[p]`` plays seat p in every game.

    Returns ``(scores int[B, P], rewards float[B, P] (terminal), ranks int[B, P])``.
    """
    state = game.init(np.asarray(seeds, dtype=np.uint64))
    totals = np.zeros(state.rewards.shape, np.float64)
    for _ in range(max_steps):
        if state.terminated.all():
            break
        actions = np.zeros(state.batch_size, np.int64)
        live = ~state.terminated
        obs = game.observe(state, state.current_player)
        for seat, agent in enumerate(agents):
            rows = np.flatnonzero(live & (state.current_player == seat))
            if rows.size:
                actions[rows] = agent.act(obs[rows], state.legal_action_mask[rows])
        game.step(state, actions)
        totals += state.rewards
    return state.scores.copy(), totals, game.ranks(state)
