"""Train a MaskablePPO policy on one seat of a game against batched opponents.

    >>> from florentine_envs.training.train import train                                  # doctest: +SKIP
    >>> result = train("medici", num_players=2, timesteps=1_000_000,      # doctest: +SKIP
    ...                opponents={"random": 0.5, "heuristic": 0.5}, league=True)
    >>> result["final"], result["evaluation"]["heuristic"]["win_rate"]    # doctest: +SKIP

Also ``florentine train medici --players 2 --timesteps 1000000``.

A run writes under ``<out_dir>/<name>/`` (name defaults to ``<game>_<P>p``):
``checkpoints/ckpt_<steps>_steps.zip`` (periodic), ``league/`` (frozen
snapshots used as opponents), ``tb/`` (TensorBoard: losses, ep_rew_mean,
success_rate = the learner's win rate), ``progress.csv``, ``final.zip`` and
``evaluation.json``. The closing evaluation plays the final policy (through
:class:`florentine_envs.agents.ppo.PPOAgent`, deterministic) against ``random`` and
``heuristic`` opponents with the learner's seat rotated (an equal share of
games in every seat) and prints a table of win rates with 95 % Wilson
intervals; a shared first place counts as a win.

Self-play league (``league=True``): every ``league_every`` steps the current
policy is saved and added to a pool of frozen opponents (at most
``league_size``, oldest dropped); opponents are then drawn from the pool with
total probability ``league_share`` (uniformly among snapshots) and from the
fixed ``opponents`` mix otherwise. Snapshots play stochastically (they sample
from their policy) so that the learner meets varied play.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rich.console import Console
from rich.table import Table
from stable_baselines3.common.callbacks import BaseCallback, CallbackList, CheckpointCallback
from stable_baselines3.common.logger import KVWriter, Logger, make_output_format

import florentine_envs
from florentine_envs.agents import available_agents
from florentine_envs.agents.ppo import META_ATTRIBUTE, ObsScaler, PPOAgent
from florentine_envs.training.progress import step
from florentine_envs.training.sb3_env import FlorentineVecEnv

# re-exported: they lived here before florentine learn shared them
from florentine_envs.training.seat_eval import evaluate, observation_scale, wilson_interval  # noqa: F401

#: hyperparameters of the Medici 2-player headline run (docs/guides/training.md); ``train`` overrides with **ppo_kwargs
DEFAULT_PPO = {
    "n_steps": 128,
    "batch_size": 1024,
    "n_epochs": 4,
    "learning_rate": 3e-4,
    "gamma": 0.995,
    "gae_lambda": 0.95,
    "ent_coef": 0.01,
    "clip_range": 0.2,
}
DEFAULT_NET = (128, 128)


def evaluation_table(title: str, results: dict[str, dict]) -> Table:
    caption = (
        "mean score and margin (score - best other score) of the policy; seats rotated; a shared first place is a win"
    )
    table = Table(title=title, caption=caption)
    for col in ("vs", "games", "wins", "win rate [95 % CI]", "score", "margin", "by seat"):
        table.add_column(col, justify="left" if col == "vs" else "right")
    for name, r in results.items():
        table.add_row(
            name,
            str(r["games"]),
            str(r["wins"]),
            f"{r['win_rate']:.1%} [{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}]",
            f"{r['mean_score']:.1f}",
            f"{r['mean_margin']:+.1f}",
            " ".join(f"{x:.0%}" for x in r["win_rate_by_seat"]),
        )
    return table


class MemoryWriter(KVWriter):
    """Keeps every logged row (``train/*`` losses, ``rollout/*``) in ``rows`` for the caller."""

    def __init__(self):
        self.rows: list[dict[str, Any]] = []

    def write(self, key_values, key_excluded, step: int = 0) -> None:
        row = {k: v for k, v in key_values.items() if isinstance(v, (int, float, np.floating, np.integer))}
        row["time/total_timesteps"] = step
        self.rows.append(row)

    def close(self) -> None:
        pass


class LeagueCallback(BaseCallback):
    """Every ``every`` steps: freeze the policy into ``directory`` and re-mix the env's opponents."""

    def __init__(self, env: FlorentineVecEnv, fixed: dict, directory: Path, every: int, share: float, size: int):
        super().__init__()
        self.env, self.fixed, self.directory = env, dict(fixed), directory
        self.every, self.share, self.size = int(every), float(share), int(size)
        self.pool: list[PPOAgent] = []
        self.next_at = self.every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_at:
            self.next_at += self.every
            path = self.directory / f"league_{self.num_timesteps}_steps.zip"
            self.model.save(path)
            self.pool.append(PPOAgent(self.env.game, path, seed=len(self.pool), deterministic=False))
            self.pool = self.pool[-self.size :]
            mix = {name: weight * (1 - self.share) for name, weight in self.fixed.items()}
            for agent in self.pool:
                mix[agent] = self.share / len(self.pool)
            self.env.set_opponents(mix)
        return True


def parse_opponents(text: str) -> dict[str, float]:
    """``"random=0.5,heuristic=0.5"`` -> ``{"random": 0.5, "heuristic": 0.5}``; a bare name weighs 1.

    Only the text after the *last* ``=`` is a weight, so ``ppo:runs/a=b.zip`` stays a name."""
    mix: dict[str, float] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, weight = part, 1.0
        if "=" in part:
            head, tail = part.rsplit("=", 1)
            try:
                name, weight = head.strip(), float(tail)
            except ValueError:
                pass
        if not name:
            raise ValueError(f"opponent entry {part!r} has no agent name")
        mix[name] = mix.get(name, 0.0) + weight
    if not mix:
        raise ValueError(f"no opponents in {text!r}; example: random=0.5,heuristic=0.5")
    return mix


def _normalise_mix(opponents) -> dict:
    if isinstance(opponents, str):
        return {opponents: 1.0}
    if isinstance(opponents, dict) and opponents:
        return dict(opponents)
    raise ValueError(f"opponents must be an agent name or a non-empty {{name: weight}} dict, got {opponents!r}")


def train(
    game_name: str,
    num_players: int = 2,
    timesteps: int = 1_000_000,
    seed: int = 0,
    opponents: str | dict = "random",
    league: bool = False,
    league_every: int = 100_000,
    league_share: float = 0.5,
    league_size: int = 10,
    out_dir: str | Path = "runs/train",
    name: str | None = None,
    num_envs: int = 32,
    eval_games: int = 2000,
    checkpoint_every: int = 200_000,
    net_arch: tuple[int, ...] = DEFAULT_NET,
    progress_bar: bool = True,
    threads: int | None = 1,
    options: dict | None = None,
    console: Console | None = None,
    **ppo_kwargs,
) -> dict:
    """Train, save, evaluate; returns paths, the logged rows (``log``), timings and ``evaluation``.

    ``opponents``: agent name or ``{name: weight}`` mix (see :mod:`florentine_envs.training.sb3_env`);
    ``ppo_kwargs`` override :data:`DEFAULT_PPO`; ``threads``: torch CPU threads (None: leave);
    ``eval_games=0`` skips the evaluation."""
    from sb3_contrib import MaskablePPO

    console = console or Console()
    if timesteps < 1:
        raise ValueError(f"timesteps must be >= 1, got {timesteps}")
    if not 0.0 <= league_share <= 1.0:
        raise ValueError(f"league_share must be in [0, 1], got {league_share}")
    if league and (league_every < 1 or league_size < 1):
        raise ValueError(f"league_every and league_size must be >= 1, got {league_every}, {league_size}")
    allowed = sorted({*DEFAULT_PPO, "vf_coef", "max_grad_norm", "target_kl"})
    unknown = sorted(set(ppo_kwargs) - set(allowed))
    if unknown:
        raise ValueError(f"unknown PPO option(s) {unknown}; allowed: {', '.join(allowed)}")
    if threads is not None:
        torch.set_num_threads(int(threads))
    game = florentine_envs.make(game_name, num_players=num_players, **(options or {}))
    fixed = _normalise_mix(opponents)
    run_dir = Path(out_dir) / (name or f"{game_name}_{num_players}p")
    run_dir.mkdir(parents=True, exist_ok=True)

    env = FlorentineVecEnv(game, num_envs, seed=seed, opponents=fixed)
    hyper = {**DEFAULT_PPO, **ppo_kwargs}
    # a minibatch larger than the rollout would be cut short anyway (and SB3 warns): fit it
    hyper["batch_size"] = min(hyper["batch_size"], hyper["n_steps"] * num_envs)
    policy_kwargs = {
        "net_arch": list(net_arch),
        "features_extractor_class": ObsScaler,
        "features_extractor_kwargs": {"scale": observation_scale(game, seed=seed).tolist()},
    }
    model = MaskablePPO("MlpPolicy", env, seed=seed, policy_kwargs=policy_kwargs, verbose=0, device="cpu", **hyper)
    setattr(model, META_ATTRIBUTE, {"game": game_name, "num_players": num_players, "options": game.options})
    memory = MemoryWriter()
    logger = Logger(
        str(run_dir),
        [make_output_format("csv", str(run_dir)), make_output_format("tensorboard", str(run_dir / "tb")), memory],
    )
    model.set_logger(logger)

    callbacks: list[BaseCallback] = [
        CheckpointCallback(max(checkpoint_every // num_envs, 1), str(run_dir / "checkpoints"), name_prefix="ckpt")
    ]
    league_cb = None
    if league:
        (run_dir / "league").mkdir(exist_ok=True)
        league_cb = LeagueCallback(env, fixed, run_dir / "league", league_every, league_share, league_size)
        callbacks.append(league_cb)
    start = time.time()
    cpu_start = time.process_time()
    model.learn(timesteps, callback=CallbackList(callbacks), progress_bar=progress_bar)
    wall, cpu = time.time() - start, time.process_time() - cpu_start
    final = run_dir / "final.zip"
    model.save(final)
    logger.close()

    result = {
        "run_dir": str(run_dir),
        "final": str(final),
        "timesteps": int(model.num_timesteps),
        "train_wall_s": wall,
        "train_cpu_s": cpu,
        "hyperparameters": {**hyper, "net_arch": list(net_arch), "num_envs": num_envs, "seed": seed},
        "opponents": {str(k): v for k, v in fixed.items()},
        "league": [agent.path for agent in league_cb.pool] if league_cb else [],
        "log": memory.rows,
        "evaluation": {},
    }
    if eval_games > 0:
        agent = PPOAgent(game, final, seed=seed)
        for opponent in ["random", "heuristic"] if "heuristic" in available_agents(game) else ["random"]:
            with step(f"evaluating the final policy: {eval_games:,} games against {opponent}", enabled=progress_bar):
                result["evaluation"][opponent] = evaluate(game, agent, opponent, eval_games, seed=10_000_000 + seed)
        title = (
            f"{game_name}, {num_players} players: PPO ({model.num_timesteps:,} steps, "
            f"{wall / 60:.1f} min wall, {cpu / 60:.1f} CPU-min) vs {num_players - 1} opponent(s)"
        )
        console.print(evaluation_table(title, result["evaluation"]))
    summary = {k: v for k, v in result.items() if k != "log"}
    (run_dir / "evaluation.json").write_text(json.dumps(summary, indent=2))
    return result
