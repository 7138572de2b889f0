"""Shipped learned policies: ``make_agent("learned", game)``.

Each game's learned baseline is a small network stored as a compressed NumPy archive in
``florentine_envs/agents/policies/`` (``<game>_<P>p.npz``, 0.5-1.4 MB), trained by
:mod:`florentine_envs.training.learn` -- imitation of the heuristic, then reinforcement
against a league -- with the one command recorded in the archive
(``LearnedPolicy.meta["command"]``) and in ``policies/README.md``. Inference is NumPy
only, so the learned agents play on the core install, without torch.

    >>> import numpy as np
    >>> import florentine_envs
    >>> from florentine_envs.agents import make_agent
    >>> game = florentine_envs.make("medici", num_players=2)
    >>> agent = make_agent("learned", game)
    >>> state = game.init([7])
    >>> action = agent.act_state(state, np.array([0]))  # it reads the actions' features: the state
    >>> bool(state.legal_action_mask[0, action[0]])
    True

``learned`` picks the policy trained for the game, its player count and its options (the
whole options dict, defaults included, must match: a policy trained on one rule variant
is not silently used for another); ``learned:PATH.npz`` loads any archive written by
``florentine learn``. When none fits, the ``ValueError`` lists the policies that exist.

Two kinds of network (``meta["net"]``):

* ``"action"`` (every shipped policy since issue 30): the observation is encoded once,
  ``e = relu(... relu(obs * scale @ W + b))``, and each legal action is scored by a scorer
  shared over the actions, reading ``e`` joined with the action's features
  (``game.action_features``, times ``feature_scale``) -- see :class:`LearnedPolicy`. It
  plays alone: no heuristic is called. ``act`` refuses it (the features need the state);
  matches, tournaments and env opponents call ``act_state``.
* ``"mlp"``: ``x = obs * scale`` (float32[obs_size], fixed per-feature scales from random
  play, so counts sit in about [0, 1]), hidden layers ``h = relu(x @ W + b)``, logits
  ``h @ W_out + b_out`` (float32[A]), plus ``prior_gain`` (``meta["prior_gain"]``, 0 for
  none) on the action the game's heuristic would play in the same position (a residual
  policy, as in Silver et al. 2018, "Residual Policy Learning"; the heuristic reads the same
  observation, so nothing hidden enters).

Illegal actions get probability 0. The agent plays the most probable legal action
(``greedy=False`` samples from the masked softmax with the agent's own seeded generator).
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
    """The arrays and metadata of one policy archive (``.npz``).

    Two kinds of network (``meta["net"]``):

    * ``"mlp"`` (the default): ``layers`` is a list of ``(W float32[n_in, n_out], b float32[n_out])``
      on the scaled observation, the last one giving the A logits.
    * ``"action"``, an action-scoring network (the "action-in" design of DouZero, Zha et al.
      2021): ``layers`` encode the scaled observation into a state vector ``e`` (float32[H],
      ReLU after every layer); ``scorer`` is an MLP shared by every action, whose input is ``e``
      joined with the action's features (``game.action_features``, scaled by ``feature_scale``,
      float32[F]) and whose output is that action's logit. It scores only legal actions, so
      its size does not grow with the action space, and what it learns of one card carries
      over to every action that names a card like it.
    """

    def __init__(self, scale: np.ndarray, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict,
                 scorer: list[tuple[np.ndarray, np.ndarray]] | None = None,
                 feature_scale: np.ndarray | None = None, action_embedding: np.ndarray | None = None):  # fmt: skip
        self.scale = np.asarray(scale, np.float32)  # float32[obs_size]
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.scorer = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in scorer or []]
        # float32[F]: multiplies the action features before the scorer (action networks only)
        self.feature_scale = None if feature_scale is None else np.asarray(feature_scale, np.float32)
        # float32[A, scorer width]: added to the scorer's first layer for each action id (None: no id input)
        self.action_embedding = None if action_embedding is None else np.asarray(action_embedding, np.float32)
        self.meta = {"net": "action" if self.scorer else "mlp", **dict(meta)}

    @property
    def scores_actions(self) -> bool:
        """True for an action-scoring network (it needs the actions' features, so the state)."""
        return self.meta["net"] == "action"

    @property
    def obs_size(self) -> int:
        return int(self.scale.shape[0])

    @property
    def num_actions(self) -> int:
        if self.scores_actions:
            return int(self.meta["num_actions"])
        return int(self.layers[-1][1].shape[0])

    @property
    def num_features(self) -> int:
        """F, the per-action features an action network reads (0 for an MLP)."""
        return 0 if self.feature_scale is None else int(self.feature_scale.shape[0])

    def action_logits(self, obs: np.ndarray, features: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """float32[B, A] of an action network: each legal action's score from the observations
        (float32[B, obs_size]) and its features (float32[B, A, F]); -1e9 where ``mask`` (bool[B, A])
        is False (only the legal actions are scored)."""
        rows, actions = np.nonzero(mask)
        return self.pair_logits(obs, rows, actions, features[rows, actions], mask.shape[1])

    def pair_logits(self, obs: np.ndarray, rows: np.ndarray, actions: np.ndarray, features: np.ndarray,
                    num_actions: int) -> np.ndarray:  # fmt: skip
        """float32[B, num_actions] of an action network from the legal pairs only, packed as
        ``game.legal_action_features`` gives them: decision ``rows`` int[m], ``actions`` int[m]
        and their ``features`` float32[m, F]; -1e9 for every other action."""
        h = np.asarray(obs, np.float32) * self.scale
        for w, b in self.layers:
            h = np.maximum(h @ w + b, 0.0)
        w0, b0 = self.scorer[0]
        width = h.shape[1]
        x = (h @ w0[:width])[rows] + (np.asarray(features, np.float32) * self.feature_scale) @ w0[width:]
        x += b0
        if self.action_embedding is not None:
            x += self.action_embedding[actions]
        for w, b in self.scorer[1:]:
            np.maximum(x, 0.0, out=x)
            x = x @ w + b
        logits = np.full((len(h), num_actions), -1e9, np.float32)
        logits[rows, actions] = x[:, 0]
        return logits

    @property
    def prior_gain(self) -> float:
        """Logit bonus of the heuristic's action (0: the network alone)."""
        return float(self.meta.get("prior_gain", 0.0))

    def logits(self, obs: np.ndarray, hint: np.ndarray | None = None) -> np.ndarray:
        """float32[B, A] of an MLP from float32[B, obs_size] and, for a policy with a prior, the
        heuristic's actions ``hint`` (int[B]). (An action network: :meth:`action_logits`.)"""
        if self.scores_actions:
            raise ValueError("this policy scores actions from their features: call action_logits")
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
        for k, (w, b) in enumerate(self.scorer):
            arrays[f"sw{k}"], arrays[f"sb{k}"] = w.astype(np.float16), b.astype(np.float32)
        if self.feature_scale is not None:
            arrays["feature_scale"] = self.feature_scale
        if self.action_embedding is not None:
            arrays["action_embedding"] = self.action_embedding.astype(np.float16)
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
        def stack(prefix: str) -> list:
            found, k = [], 0
            while f"{prefix}w{k}" in files:
                found.append((files[f"{prefix}w{k}"], files[f"{prefix}b{k}"]))
                k += 1
            return found

        layers, scorer = stack(""), stack("s")
        if not layers:
            raise ValueError(f"learned agent: {str(path)!r} has no layers")
        if meta.get("net", "mlp") not in ("mlp", "action") or (meta.get("net") == "action") != bool(scorer):
            raise ValueError(f"learned agent: {str(path)!r} has net {meta.get('net')!r} with {len(scorer)} scorer "
                             "layers; allowed: 'mlp' (no scorer) or 'action' (a scorer and feature_scale)")
        if scorer and ("feature_scale" not in files or not isinstance(meta.get("num_actions"), int)):
            raise ValueError(f"learned agent: {str(path)!r} is an action network without feature_scale "
                             "or meta num_actions")
        policy = cls(files["scale"], layers, meta, scorer, files.get("feature_scale"), files.get("action_embedding"))
        widths = [policy.obs_size] + [b.shape[0] for _, b in policy.layers]
        expected = [(widths[k], widths[k + 1]) for k in range(len(policy.layers))]
        if scorer:
            inputs = [widths[-1] + policy.num_features] + [b.shape[0] for _, b in policy.scorer]
            expected += [(inputs[k], inputs[k + 1]) for k in range(len(policy.scorer))]
            if inputs[-1] != 1:
                raise ValueError(f"learned agent: {str(path)!r} scorer ends in {inputs[-1]} outputs, not 1")
            embedding = policy.action_embedding
            if embedding is not None and embedding.shape != (policy.num_actions, inputs[1]):
                raise ValueError(f"learned agent: {str(path)!r} action_embedding has shape {embedding.shape}, "
                                 f"expected {(policy.num_actions, inputs[1])}")
        for k, ((w, _), shape) in enumerate(zip(policy.layers + policy.scorer, expected)):
            if w.shape != shape:
                raise ValueError(f"learned agent: {str(path)!r} layer {k} has shape {w.shape}, expected {shape}")
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


def legal_decisions(game, state, rows, obs: np.ndarray | None = None) -> tuple:
    """What an action-scoring policy reads at the decisions ``rows`` (int[n]) of ``state``, for
    the players to move: ``(obs, mask, (pair_rows, actions, features))`` -- the observations
    float32[n, obs_size] (``obs`` if given), the legal masks bool[n, A], and the legal
    (decision, action) pairs with their features, packed as ``game.legal_action_features``
    gives them (pair rows numbered 0..n-1). Shared by :class:`LearnedAgent` and the networks in
    training, so that both read a position the same way."""
    rows = np.asarray(rows, np.int64)
    games = state.select(rows) if len(rows) < state.batch_size else state
    seats = state.current_player[rows]
    if obs is None:
        obs = game.observe(games, seats)
    return obs, state.legal_action_mask[rows], game.legal_action_features(games, seats)


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
        if self.policy.scores_actions:
            names = list(game.action_feature_names)
            if meta.get("feature_names") != names:
                raise ValueError(f"learned agent: {str(self.path)!r} scores actions by the features "
                                 f"{meta.get('feature_names')}; {game.name} has {names or 'none'}")  # fmt: skip
            # it needs each action's features, so the state: matches and env opponents call act_state
            self.needs_state = True
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
        if self.policy.scores_actions:
            raise ValueError("learned agent: this policy scores actions from their features, which need the "
                             "state: call act_state(state, rows) (matches, tournaments and env opponents do)")
        mask = self._checked_mask(mask)
        return self._choose(self.logits(obs, mask), mask)

    def act_state(self, state, rows, obs: np.ndarray | None = None) -> np.ndarray:
        if not self.policy.scores_actions:
            return super().act_state(state, rows, obs)
        obs, mask, pairs = legal_decisions(self.game, state, rows, obs)
        mask = self._checked_mask(mask)
        return self._choose(self.policy.pair_logits(obs, *pairs, self.game.num_actions), mask)

    def _checked_mask(self, mask) -> np.ndarray:
        mask = np.asarray(mask, bool)
        if mask.ndim != 2 or mask.shape[1] != self.game.num_actions or not mask.any(1).all():
            raise ValueError(f"learned agent: mask must be bool[B, {self.game.num_actions}] with a legal action in "
                             f"every row, got shape {mask.shape}")  # fmt: skip
        return mask

    def _choose(self, logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """int[B]: the most probable legal action, or (``greedy=False``) one drawn from the
        masked softmax with the agent's generator."""
        logits = np.where(mask, logits.astype(np.float64), -np.inf)
        if self.greedy:
            return logits.argmax(1)
        p = np.exp(logits - logits.max(1, keepdims=True))
        cum = (p / p.sum(1, keepdims=True)).cumsum(1)
        u = self.rng.random(len(cum)) * cum[:, -1]
        return (cum > u[:, None]).argmax(1)
