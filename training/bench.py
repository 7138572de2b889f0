"""Throughput measurements (``florentine bench``). Figures are machine-dependent and
belong in reports, never in unit tests."""

from __future__ import annotations

import time

import numpy as np

import florentine_envs
from florentine_envs.testing import random_legal_actions


def bench_engine(game, batch_size: int, seconds: float = 3.0, seed: int = 0) -> dict:
    """Batched engine with random legal actions (sampling included) and per-game auto-reset.

    Counts agent-steps: one decision of one live game.
    """
    rng = np.random.default_rng(seed)
    next_seed = batch_size
    state = game.init(np.arange(batch_size, dtype=np.uint64))
    steps = games = 0
    start = time.perf_counter()
    while True:
        actions = random_legal_actions(state.legal_action_mask, rng)
        game.step(state, actions)
        steps += batch_size
        done = np.flatnonzero(state.terminated)
        if done.size:
            games += done.size
            game.reset_games(state, done, np.arange(next_seed, next_seed + done.size, dtype=np.uint64))
            next_seed += done.size
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {"batch_size": batch_size, "agent_steps_per_s": steps / elapsed, "games_per_s": games / elapsed}


def bench_aec(env_fn, seconds: float = 3.0, seed: int = 0) -> dict:
    """PettingZoo's own loop: ``agent_iter``, ``last``, random legal action, ``step``."""
    env = env_fn()
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=int(rng.integers(2**31)))
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                mask = obs["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
            env.step(action)
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"agent_steps_per_s": steps / elapsed, "games_per_s": games / elapsed}


def bench_reference(reference_cls, num_players: int, seconds: float = 3.0, seed: int = 0) -> dict:
    """The scalar reference implementation, one game at a time, random legal actions."""
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        ref = reference_cls(num_players, int(rng.integers(2**31)))
        while not ref.terminated:
            ref.step(int(rng.choice(np.flatnonzero(ref.legal_action_mask()))))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"agent_steps_per_s": steps / elapsed, "games_per_s": games / elapsed}


def run_benchmarks(game_name: str = "medici", num_players: int = 4, seconds: float = 3.0,
                   batch_sizes=(1, 64, 1024, 4096)) -> list[dict]:  # fmt: skip
    rows = []
    game = florentine_envs.make(game_name, num_players=num_players)
    module = __import__(f"florentine_envs.{game_name}_v0", fromlist=["env"])
    r = bench_aec(lambda: module.env(num_players=num_players), seconds)
    rows.append({"game": game_name, "players": num_players, "what": "AEC env() loop", **r})
    for b in batch_sizes:
        r = bench_engine(game, b, seconds)
        rows.append({"game": game_name, "players": num_players, "what": f"engine B={b}", **r})
    if game_name == "medici":
        from florentine_envs.games.medici.reference import MediciReference

        r = bench_reference(MediciReference, num_players, seconds)
        rows.append({"game": game_name, "players": num_players, "what": "scalar reference", **r})
    return rows
