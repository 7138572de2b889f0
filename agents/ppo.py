"""A trained MaskablePPO policy as a batched agent (``make_agent("ppo:PATH", game)``).

    >>> from florentine_envs.agents.ppo import PPOAgent                          # doctest: +SKIP
    >>> agent = PPOAgent(game, "runs/train/medici_2p/final.zip")  # doctest: +SKIP
    >>> actions = agent.act(obs, mask)                           # doctest: +SKIP

The agent applies the legal-action mask to the policy's logits (sb3-contrib's
masked categorical distribution), so it only ever returns legal actions:
``deterministic=True`` takes the most probable legal action, ``False`` samples
one with the agent's own seeded generator (reproducible, independent of torch's
global random state).

:class:`ObsScaler` lives here too: the policies trained by ``florentine_envs.training.train``
divide the raw observation counts by fixed per-feature scales inside the
network, so a checkpoint is self-contained (no separate normalisation file) and
this module must be importable when one is loaded.
"""

from __future__ import annotations

import numpy as np
import torch
from gymnasium import spaces
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

from .base import Agent

#: key under which ``florentine_envs.training.train`` stores which game a checkpoint was trained on
META_ATTRIBUTE = "florentine_meta"


class ObsScaler(BaseFeaturesExtractor):
    """Features = observation * ``scale`` (float[obs_size], stored in the checkpoint).

    Medici observations are raw counts (florins up to ~150, deck size up to 110,
    one-hot flags); scaling them to about [0, 1] keeps the tanh units of the MLP
    out of saturation without a running normaliser that would have to be saved
    and applied separately.
    """

    def __init__(self, observation_space: spaces.Box, scale):
        super().__init__(observation_space, features_dim=int(np.prod(observation_space.shape)))
        scale = torch.as_tensor(np.asarray(scale, np.float32).reshape(-1))
        if scale.numel() != self.features_dim:
            raise ValueError(f"ObsScaler: scale has {scale.numel()} entries, the observation has {self.features_dim}")
        self.register_buffer("scale", scale)

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return observations.flatten(1) * self.scale


class PPOAgent(Agent):
    """A MaskablePPO checkpoint (.zip) playing ``game``; ``act`` is batched and always legal."""

    name = "ppo"

    def __init__(self, game, path, seed: int = 0, deterministic: bool = True):
        super().__init__(game, seed)
        from sb3_contrib import MaskablePPO  # imported here: loading it costs ~1 s

        self.path = str(path)
        self.deterministic = bool(deterministic)
        try:
            model = MaskablePPO.load(self.path, device="cpu")
        except FileNotFoundError:
            raise ValueError(f"ppo agent: no checkpoint at {self.path!r}") from None
        obs_shape = tuple(model.observation_space.shape or ())
        n_actions = int(getattr(model.action_space, "n", -1))
        if obs_shape != (game.obs_size,) or n_actions != game.num_actions:
            raise ValueError(
                f"ppo agent: checkpoint {self.path!r} has observation shape {obs_shape} and "
                f"{n_actions} actions; {game.name} with {game.num_players} players needs "
                f"observation shape ({game.obs_size},) and {game.num_actions} actions"
            )
        meta = getattr(model, META_ATTRIBUTE, None)
        if isinstance(meta, dict) and (meta.get("game"), meta.get("num_players")) != (game.name, game.num_players):
            raise ValueError(
                f"ppo agent: checkpoint {self.path!r} was trained on {meta.get('game')} with "
                f"{meta.get('num_players')} players, not {game.name} with {game.num_players}"
            )
        self.meta = meta
        self.policy = model.policy
        self.policy.set_training_mode(False)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """float[B, A]: the policy's action probabilities with illegal actions at exactly 0."""
        obs = np.asarray(obs, np.float32)
        mask = np.asarray(mask, bool)
        with torch.no_grad():
            dist = self.policy.get_distribution(torch.as_tensor(obs), action_masks=mask)
            probs = dist.distribution.probs.numpy().astype(np.float64)
        return np.where(mask, probs, 0.0)

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        mask = np.asarray(mask, bool)
        if mask.ndim != 2 or mask.shape[1] != self.game.num_actions or not mask.any(1).all():
            raise ValueError(
                f"ppo agent: mask must be bool[B, {self.game.num_actions}] with a legal action in every row, "
                f"got shape {mask.shape}"
            )
        probs = self.probabilities(obs, mask)
        if self.deterministic:
            return probs.argmax(1)
        # inverse-CDF sampling: an action with probability 0 never gets the first cum > u
        cum = probs.cumsum(1)
        u = self.rng.random(len(probs)) * cum[:, -1]
        return (cum > u[:, None]).argmax(1)
