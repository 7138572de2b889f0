"""PettingZoo AEC environment for Firenze (2-4 players).

    >>> from florentine_envs import firenze_v0
    >>> env = firenze_v0.env(num_players=3)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Out-of-turn decisions (Flood, Tribute, Luxury Tax) select the deciding agent.

Changelog: v0 -- first release.
"""

from .core.aec import make_env_functions
from .games.firenze import Firenze

env, raw_env, parallel_env = make_env_functions(Firenze)

__all__ = ["env", "raw_env", "parallel_env"]
