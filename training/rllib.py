"""RLlib (new API stack) recipe: PPO with action masking on every Florentine game.

RLlib's default PPO module wants one flat ``Box`` observation, and its action-masking module
(``ActionMaskingTorchRLModule``, shipped with RLlib under ``ray.rllib.examples``) wants a
``Dict`` observation ``{"observations": Box, "action_mask": Box(0, 1, (num_actions,))}``: a float
mask, under the key ``"observations"``. The envs give ``"observation"`` with a bool mask
(PettingZoo), or the observation alone with the mask in ``info["action_mask"]`` (Gymnasium).
The two envs here rename; :func:`ppo_config` builds the PPO config around them.

* :class:`MaskedLearnerEnv` -- one learner seat against fixed opponents, from the Gymnasium id
  (``gymnasium.make("florentine/Medici-v1", ...)``): single-agent PPO.
* :class:`MaskedPettingZooEnv` -- every seat of the PettingZoo AEC env (``medici_v1.env(...)``)
  through RLlib's ``PettingZooEnv``, all seats played by one shared policy: self-play.

RLlib pins its own gymnasium (1.2.2 for ray 2.60), so it lives in the optional extra ``rllib``
and in a venv of its own: ``make test-rllib`` builds ``.venv-rllib`` and runs ``tests/test_rllib.py``.
From that venv, ``python -m florentine_envs.training.rllib --env florentine/Medici-v1
--iterations 3 --env-runners 1`` trains and prints each iteration's mean episode return::

    from florentine_envs.training.rllib import ppo_config

    algo = ppo_config("florentine/Medici-v1", {"num_players": 2, "opponents": "heuristic"}).build_algo()
    result = algo.train()  # result["env_runners"]["episode_return_mean"]
"""

from __future__ import annotations

import argparse
import functools
import importlib

import gymnasium
import numpy as np
from gymnasium.spaces import Box, Dict, Discrete

#: the policy every seat plays in the multi-agent (PettingZoo) setup
SHARED_POLICY = "shared"


def masked_space(observation: gymnasium.Space, num_actions: int) -> Dict:
    """The observation space RLlib's action-masking module reads."""
    return Dict({"observations": observation, "action_mask": Box(0.0, 1.0, (num_actions,), np.float32)})


def masked(observation: np.ndarray, mask: np.ndarray) -> dict:
    """``{"observations": float32[obs_size], "action_mask": float32[num_actions]}`` (1.0 = legal)."""
    return {"observations": observation, "action_mask": np.asarray(mask, dtype=np.float32)}


class MaskedLearnerEnv(gymnasium.Wrapper):
    """The Gymnasium learner env with its mask in the observation, built from an RLlib ``env_config``.

    ``config``: ``env_id`` (default ``florentine/Medici-v1``), ``opponents`` (an agent name of
    :func:`florentine_envs.agents.make_agent`, built in the env runner: ``"random"``,
    ``"heuristic"``...; default random legal play) and every other keyword of ``gymnasium.make``
    (``num_players``, ``learner_seat``, game options). The action space is a plain ``Discrete``:
    the module masks, and it pickles small for the remote env runners.
    """

    def __init__(self, config: dict | None = None):
        seed = getattr(config, "worker_index", 0)  # RLlib's EnvContext: one opponent seed per env runner
        config = dict(config or {})
        env_id = config.pop("env_id", "florentine/Medici-v1")
        opponents = config.pop("opponents", None)
        if isinstance(opponents, str):  # a name: the agent is built here, in the env runner's process
            opponents = self._agent(env_id, config, opponents, seed)
        if opponents is not None:
            config["opponents"] = opponents
        super().__init__(gymnasium.make(env_id, **config))
        self.observation_space = masked_space(self.env.observation_space, int(self.env.action_space.n))
        self.action_space = Discrete(int(self.env.action_space.n))

    @staticmethod
    def _agent(env_id: str, config: dict, name: str, seed: int):
        from florentine_envs.agents import make_agent

        game = gymnasium.make(env_id, **config).unwrapped.game  # the game with the options asked for
        return make_agent(name, game, seed=seed)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        observation, info = self.env.reset(seed=seed, options=options)
        return masked(observation, info["action_mask"]), info

    def step(self, action):
        observation, reward, terminated, truncated, info = self.env.step(int(action))
        return masked(observation, info["action_mask"]), float(reward), terminated, truncated, info


def _renamed_aec(aec_env):
    """A PettingZoo wrapper renaming ``"observation"`` to ``"observations"`` with a float mask."""
    from pettingzoo.utils import BaseWrapper

    class RenamedObservations(BaseWrapper):
        def observation_space(self, agent):
            space = self.env.observation_space(agent)
            return masked_space(space["observation"], space["action_mask"].shape[0])

        def observe(self, agent):
            observation = self.env.observe(agent)
            return masked(observation["observation"], observation["action_mask"])

    return RenamedObservations(aec_env)


@functools.cache
def _pettingzoo_env_class():
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    class MaskedPettingZooEnv(PettingZooEnv):
        """RLlib's ``PettingZooEnv`` over a game's AEC env with renamed observations.

        ``config``: ``module`` (``medici_v1``, ``firenze_v1``, ... in ``florentine_envs``; default
        ``medici_v1``) and the keywords of its ``env()`` (``num_players``, options)."""

        def __init__(self, config: dict | None = None):
            config = dict(config or {})
            module = importlib.import_module(f"florentine_envs.{config.pop('module', 'medici_v1')}")
            super().__init__(_renamed_aec(module.env(**config)))

    # a module attribute (see __getattr__), so that it pickles by name to the remote env runners
    MaskedPettingZooEnv.__module__, MaskedPettingZooEnv.__qualname__ = __name__, "MaskedPettingZooEnv"
    return MaskedPettingZooEnv


def __getattr__(name: str):
    # built on first use, so that importing this module does not import RLlib (slow; absent from
    # the main venv, whose doctest run imports every module)
    if name == "MaskedPettingZooEnv":
        return _pettingzoo_env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def shared_policy(agent_id, episode=None, **kwargs) -> str:
    """Every seat plays the one shared policy (self-play)."""
    return SHARED_POLICY


def ppo_config(
    env: str = "florentine/Medici-v1",
    env_config: dict | None = None,
    num_env_runners: int = 0,
    hiddens: tuple[int, ...] = (64, 64),
    train_batch_size: int = 512,
    seed: int | None = 0,
):
    """A ``PPOConfig`` with the action-masking RLModule on a Florentine env.

    ``env``: a Gymnasium id (``"florentine/Medici-v1"``: one learner against opponents, see
    :class:`MaskedLearnerEnv`) or a PettingZoo module name (``"medici_v1"``: every seat, one
    shared policy, see :class:`MaskedPettingZooEnv`). ``num_env_runners=0`` samples in the
    driver; ``n > 0`` on n remote Ray workers. The sizes are small defaults for a first run:
    raise ``train_batch_size`` and ``hiddens`` for real training.
    """
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    env_config = dict(env_config or {})
    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={"head_fcnet_hiddens": list(hiddens), "fcnet_hiddens": list(hiddens)},
    )
    config = PPOConfig().framework("torch").debugging(seed=seed)
    if env.startswith("florentine/"):
        config = config.environment(MaskedLearnerEnv, env_config={"env_id": env, **env_config})
        config = config.rl_module(rl_module_spec=module)
    else:
        env_class = _pettingzoo_env_class()
        config = config.environment(env_class, env_config={"module": env, **env_config})
        config = config.multi_agent(policies={SHARED_POLICY}, policy_mapping_fn=shared_policy)
        config = config.rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={SHARED_POLICY: module}))
    return config.env_runners(num_env_runners=num_env_runners, num_envs_per_env_runner=1).training(
        train_batch_size_per_learner=train_batch_size, minibatch_size=min(128, train_batch_size), num_epochs=2
    )


def train(config, iterations: int, report=print) -> list[dict]:
    """Build the algorithm, train ``iterations`` times, report one line each; returns the rows
    ``{"iteration", "episode_return_mean", "episodes", "env_steps"}`` (NaN before an episode ends)."""
    algo = config.build_algo()
    rows = []
    try:
        for iteration in range(1, iterations + 1):
            runners = algo.train()["env_runners"]
            row = {
                "iteration": iteration,
                "episode_return_mean": float(runners.get("episode_return_mean", float("nan"))),
                "episodes": int(runners.get("num_episodes_lifetime", 0)),
                "env_steps": int(runners.get("num_env_steps_sampled_lifetime", 0)),
            }
            rows.append(row)
            report(f"iteration {iteration}: episode_return_mean {row['episode_return_mean']:+.3f} "
                   f"({row['episodes']} episodes, {row['env_steps']} env steps so far)")  # fmt: skip
    finally:
        algo.stop()
    return rows


def main(argv=None) -> int:
    from florentine_envs.training.playing import parse_options

    parser = argparse.ArgumentParser(prog="python -m florentine_envs.training.rllib",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--env", default="florentine/Medici-v1",
                        help="a Gymnasium id (one learner) or a PettingZoo module such as medici_v1 (self-play)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="Gymnasium ids: the opponents' agent name")
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--env-runners", type=int, default=0, help="remote env runners (0: sample in this process)")
    parser.add_argument("--batch", type=int, default=512, help="env steps per training batch")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    args = parser.parse_args(argv)  # fmt: skip
    env_config = {"num_players": args.players, **parse_options(args.option)}
    if args.env.startswith("florentine/"):
        env_config["opponents"] = args.opponents
    config = ppo_config(args.env, env_config, args.env_runners, train_batch_size=args.batch, seed=args.seed)
    print(f"PPO on {args.env} ({args.players} players), {args.env_runners} remote env runner(s):")
    train(config, args.iterations)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
