"""Seat-rotated evaluation of one agent against one opponent, and fixed observation scales.

Shared by ``florentine train`` (:mod:`florentine_envs.training.train`) and ``florentine
learn`` (:mod:`florentine_envs.training.learn`); NumPy only, so it imports without torch.
"""

from __future__ import annotations

import math

import numpy as np

from florentine_envs.agents import make_agent
from florentine_envs.testing import random_legal_actions
from florentine_envs.training.match import play_games


def observation_scale(game, num_games: int = 256, seed: int = 0) -> np.ndarray:
    """float32[obs_size]: 1 / (largest magnitude seen) per observation feature, from random games.

    Features never above 1 keep scale 1 (one-hot flags stay as they are); counts such as
    florins or deck sizes come out at most about 1, which keeps the policy's tanh units
    out of saturation."""
    state = game.init(np.arange(num_games, dtype=np.uint64) + np.uint64(seed))
    rng = np.random.default_rng(seed)
    largest = np.ones(game.obs_size, np.float64)
    for _ in range(100_000):
        if state.terminated.all():
            break
        for seat in range(game.num_players):
            obs = game.observe(state, np.full(state.batch_size, seat))
            np.maximum(largest, np.abs(obs).max(0), out=largest)
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
    # head-room: a trained player reaches higher scores than random ones
    headroom = np.where(largest > 1, 2.0, 1.0)
    return (1.0 / (largest * headroom)).astype(np.float32)


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate (well-behaved near 0 and 1, unlike p +- 1.96 se)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(game, agent, opponent: str, num_games: int, seed: int = 0) -> dict:
    """``agent`` in one seat, ``opponent`` (an agent name) in all others, seat rotated.

    Every seat gets ``ceil(num_games / P)`` games; returns wins, games, win_rate, ci95,
    mean_score, mean_margin (score minus the best other score) and win_rate_by_seat."""
    P = game.num_players
    per_seat = -(-num_games // P)
    wins, scores, margins, by_seat = 0, [], [], []
    for seat in range(P):
        agents = [agent if p == seat else make_agent(opponent, game, seed=seed + 7919 * seat + p) for p in range(P)]
        # every seat plays the same deals, so the luck of the deal is shared by the seats
        seat_scores, _, ranks = play_games(game, agents, seed + np.arange(per_seat))
        won = ranks[:, seat] == 1
        # one agent (the solo Princes against its Automa): no other score; the margin is the score
        others = np.delete(seat_scores, seat, axis=1).max(1) if P > 1 else np.zeros(len(seat_scores))
        wins += int(won.sum())
        scores.append(seat_scores[:, seat])
        margins.append(seat_scores[:, seat] - others)
        by_seat.append(float(won.mean()))
    games = per_seat * P
    low, high = wilson_interval(wins, games)
    return {
        "opponent": opponent,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "ci95": [low, high],
        "mean_score": float(np.concatenate(scores).mean()),
        "mean_margin": float(np.concatenate(margins).mean()),
        "win_rate_by_seat": by_seat,
    }
