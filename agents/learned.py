"""Shipped learned policies: ``make_agent("learned", game)``.

Each game's learned baseline is a small multilayer perceptron stored as a compressed
NumPy archive in ``florentine_envs/agents/policies/`` (``<game>_<P>p.npz``, 0.6-1.3 MB),
trained by :mod:`florentine_envs.training.learn` -- imitation of the heuristic, then
reinforcement against a league -- with the one command recorded in the archive
(``LearnedPolicy.meta["command"]``) and in ``policies/README.md``. Inference is NumPy
only, so the learned agents play on the core install, without torch.

    >>> import florentine_envs
    >>> from florentine_envs.agents import make_agent
    >>> game = florentine_envs.make("medici", num_players=2)
    >>> agent = make_agent("learned", game)
    >>> state = game.init([7])
    >>> action = agent.act(game.observe(state, state.current_player), state.legal_action_mask)
    >>> bool(state.legal_action_mask[0, action[0]])
    True

``learned`` picks the policy trained for the game, its player count and its options (the
whole options dict, defaults included, must match: a policy trained on one rule variant
is not silently used for another); ``learned:PATH.npz`` loads any archive written by
``florentine learn``. When none fits, the ``ValueError`` lists the policies that exist.

The network: ``x = obs * scale`` (float32[obs_size], fixed per-feature scales from random
play, so counts sit in about [0, 1]), hidden layers ``h = relu(x @ W + b)``, logits
``h @ W_out + b_out`` (float32[A]), plus ``prior_gain`` (``meta["prior_gain"]``, 0 for none)
on the action the game's heuristic would play in the same position: such a policy learns
where to depart from the heuristic rather than everything the heuristic computes (a residual
policy, as in Silver et al. 2018, "Residual Policy Learning"; the heuristic reads the same
observation, so nothing hidden enters). Illegal actions get probability 0. ``act`` plays
the most probable legal action (``greedy=False`` samples from the masked softmax with the
agent's own seeded generator).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np

from .base import Agent

#: where the shipped policies live (package data)
POLICY_DIR = Path(__file__).resolve().parent / "policies"
#: archive format version; an archive of another format is refused by name
FORMAT = 1


class LearnedPolicy:
    """The arrays and metadata of one policy archive (``.npz``): ``layers`` is a list of
    ``(W float32[n_in, n_out], b float32[n_out])``, the last one giving the logits."""

    def __init__(self, scale: np.ndarray, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict):
        self.scale = np.asarray(scale, np.float32)  # float32[obs_size]
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.meta = dict(meta)

    @property
    def obs_size(self) -> int:
        return int(self.scale.shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.layers[-1][1].shape[0])

    @property
    def prior_gain(self) -> float:
        """Logit bonus of the heuristic's action (0: the network alone)."""
        return float(self.meta.get("prior_gain", 0.0))

    def logits(self, obs: np.ndarray, hint: np.ndarray | None = None) -> np.ndarray:
        """float32[B, A] from float32[B, obs_size] and, for a policy with a prior, the
        heuristic's actions ``hint`` (int[B])."""
        h = np.asarray(obs, np.float32) * self.scale
        for k, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if k < len(self.layers) - 1:
                np.maximum(h, 0.0, out=h)
        if self.prior_gain:
            if hint is None:
                raise ValueError("this policy adds a bonus to the heuristic's action: pass hint=int[B]")
            h[np.arange(len(h)), np.asarray(hint)] += self.prior_gain
        return h

    def save(self, path: str | Path) -> Path:
        """Write the archive (weights as float16: half the size, the same greedy moves to
        within rounding -- ``florentine learn`` evaluates the rounded policy it ships)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays = {"scale": self.scale, "meta": np.array(json.dumps({**self.meta, "format": FORMAT}))}
        for k, (w, b) in enumerate(self.layers):
            arrays[f"w{k}"], arrays[f"b{k}"] = w.astype(np.float16), b.astype(np.float32)
        np.savez_compressed(path, **arrays)
        return path

    @classmethod
    def load(cls, path: str | Path) -> LearnedPolicy:
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as archive:
                files = dict(archive)
        except FileNotFoundError:
            raise ValueError(f"learned agent: no policy archive at {str(path)!r}") from None
        except (OSError, ValueError) as err:
            raise ValueError(f"learned agent: {str(path)!r} is not a policy archive (.npz): {err}") from None
        if "meta" not in files or "scale" not in files:
            raise ValueError(f"learned agent: {str(path)!r} lacks 'meta' or 'scale'; "
                             "write archives with florentine learn")
        meta = json.loads(str(files["meta"]))
        if meta.get("format") != FORMAT:
            raise ValueError(f"learned agent: {str(path)!r} has format {meta.get('format')!r}; "
                             f"this version reads {FORMAT}")
        layers, k = [], 0
        while f"w{k}" in files:
            layers.append((files[f"w{k}"], files[f"b{k}"]))
            k += 1
        if not layers:
            raise ValueError(f"learned agent: {str(path)!r} has no layers")
        policy = cls(files["scale"], layers, meta)
        widths = [policy.obs_size] + [b.shape[0] for _, b in policy.layers]
        for k, (w, _) in enumerate(policy.layers):
            if w.shape != (widths[k], widths[k + 1]):
                raise ValueError(f"learned agent: {str(path)!r} layer {k} has shape {w.shape}, expected "
                                 f"{(widths[k], widths[k + 1])}")  # fmt: skip
        return policy


def _describe(meta: dict) -> str:
    return f"{meta.get('game')} with {meta.get('num_players')} player(s)"


@cache
def shipped() -> tuple[tuple[str, dict], ...]:
    """``(file name, meta)`` of every shipped policy, sorted by name."""
    found = []
    for path in sorted(POLICY_DIR.glob("*.npz")):
        with np.load(path, allow_pickle=False) as archive:
            found.append((path.name, json.loads(str(archive["meta"]))))
    return tuple(found)


def policy_for(game) -> Path | None:
    """The shipped archive trained on ``game``'s name, player count and options, or None."""
    for file_name, meta in shipped():
        if (meta.get("game"), meta.get("num_players"), meta.get("options")) == (
            game.name, game.num_players, _jsonable(game.options)):  # fmt: skip
            return POLICY_DIR / file_name
    return None


def _jsonable(options: dict) -> dict:
    """Options as they read back from JSON (tuples become lists)."""
    return json.loads(json.dumps(options, default=list))


def available_policies() -> list[str]:
    """One line per shipped policy: its game, player count and file (all were trained with the
    game's default options)."""
    return [f"{_describe(meta)} ({name})" for name, meta in shipped()]


class LearnedAgent(Agent):
    """A policy archive playing ``game``; batched, always legal."""

    name = "learned"

    def __init__(self, game, path: str | Path | None = None, seed: int = 0, greedy: bool = True,
                 policy: LearnedPolicy | None = None):  # fmt: skip
        super().__init__(game, seed)
        if policy is not None:  # a policy in memory (training's evaluations)
            path = "<in memory>"
        elif path is None:
            path = policy_for(game)
            if path is None:
                have = "; ".join(available_policies()) or "none"
                raise ValueError(
                    f"no learned policy for {game.name} with {game.num_players} player(s) and options "
                    f"{game.options}; shipped: {have}. Train one with: florentine learn {game.name} "
                    f"--players {game.num_players}, then use learned:PATH.npz"
                )
        self.path = Path(path)
        self.policy = policy if policy is not None else LearnedPolicy.load(self.path)
        self.greedy = bool(greedy)
        meta = self.policy.meta
        if (self.policy.obs_size, self.policy.num_actions) != (game.obs_size, game.num_actions):
            raise ValueError(
                f"learned agent: {str(self.path)!r} ({_describe(meta)}) takes observations of size "
                f"{self.policy.obs_size} and {self.policy.num_actions} actions; {game.name} with "
                f"{game.num_players} player(s) has {game.obs_size} and {game.num_actions}"
            )
        if (meta.get("game"), meta.get("num_players")) != (game.name, game.num_players):
            raise ValueError(f"learned agent: {str(self.path)!r} was trained on {_describe(meta)}, not "
                             f"{game.name} with {game.num_players} player(s)")  # fmt: skip
        self.hinter = None
        if self.policy.prior_gain:
            from .heuristics import make_heuristic  # on use: a policy without the prior never loads it

            self.hinter = make_heuristic(game, seed=seed)

    def logits(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """float32[B, A]: the policy's logits (with the heuristic's bonus where it has one)."""
        hint = self.hinter.act(obs, mask) if self.hinter is not None else None
        return self.policy.logits(obs, hint)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """float64[B, A]: the masked softmax; illegal actions exactly 0."""
        logits = np.where(mask, self.logits(obs, mask).astype(np.float64), -np.inf)
        logits -= logits.max(1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(1, keepdims=True)

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        mask = np.asarray(mask, bool)
        if mask.ndim != 2 or mask.shape[1] != self.game.num_actions or not mask.any(1).all():
            raise ValueError(f"learned agent: mask must be bool[B, {self.game.num_actions}] with a legal action in "
                             f"every row, got shape {mask.shape}")  # fmt: skip
        if self.greedy:
            return np.where(mask, self.logits(obs, mask), -np.inf).argmax(1)
        cum = self.probabilities(obs, mask).cumsum(1)
        u = self.rng.random(len(cum)) * cum[:, -1]
        return (cum > u[:, None]).argmax(1)
