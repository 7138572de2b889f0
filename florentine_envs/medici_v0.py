"""PettingZoo AEC environment for Medici: The Card Game.

    >>> from florentine_envs import medici_v0
    >>> env = medici_v0.env(num_players=3)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Changelog: v0 -- first release.
"""

from .core.aec import make_env_functions
from .games.medici import Medici

env, raw_env, parallel_env = make_env_functions(Medici, "medici_v0")

__all__ = ["env", "raw_env", "parallel_env"]
