"""PettingZoo AEC environment for The Princes of Florence (2-5 players).

    >>> from florentine_envs import princes_v0
    >>> env = princes_v0.env(num_players=3, characters=True)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Options: ``characters`` (the Muse and the Princess), ``hard_freedoms`` (2 players),
``solo`` (the solo game, one agent: with ``dummies`` and ``difficulty``; also
``florentine_envs.princes_solo_v0``), ``reward`` ("win" | "score"), ``data`` (component data
override); see ``games/princes/SPEC.md``.

Changelog (``Princes.version``; the module id, ``metadata["name"]`` and the Gymnasium id
``florentine/Princes-v0`` follow it):

* v0 -- first release: the base game for 2-5 players and the Muse and the Princess; the solo
  game against Wolfgang (``solo=True``; the reserved option ``mode`` is gone).
"""

from .core.aec import make_env_functions
from .games.princes import Princes

env, raw_env, parallel_env = make_env_functions(Princes, "princes_v0")

__all__ = ["env", "raw_env", "parallel_env"]
