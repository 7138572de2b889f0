"""PettingZoo AEC environment for Medici: The Card Game.

    >>> from florentine_envs import medici_v1
    >>> env = medici_v1.env(num_players=3)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']
    >>> info  # every key from reset() on: rank is 0 until the game is over
    {'score': 0, 'rank': 0}

Changelog (``Medici.version``; the module id, ``metadata["name"]`` and the Gymnasium id
``florentine/Medici-v1`` follow it): v0 -- first release (module ``medici_v0``, now
deprecated). v1 -- the
observation shows the whole market in order (``market_line``, one block per card counted
from the last one, replaces ``market_last3``): ``obs_size`` grows from 172 + 16 P to
73 + 33 M + 16 P, M = 69, 71, 74, 74, 74 for 2-6 players; ``metadata["name"]`` is
``"medici_v1"``.

    >>> env.observation_space("player_0")["observation"].shape
    (2464,)
"""

from .core.aec import make_env_functions
from .games.medici import Medici

env, raw_env, parallel_env = make_env_functions(Medici, "medici_v1")

__all__ = ["env", "raw_env", "parallel_env"]
