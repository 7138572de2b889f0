"""PettingZoo AEC environment for The Princes of Florence (2-5 players).

    >>> from florentine_envs import princes_v1
    >>> env = princes_v1.env(num_players=3, characters=True, cooperative=True)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Options: ``characters`` (the Muse and the Princess), ``hard_freedoms`` (2 players),
``cooperative`` (the cooperative building expansion: shared buildings across the borders),
``solo`` (the solo game, one agent: with ``dummies`` and ``difficulty``; also
``florentine_envs.princes_solo_v1``), ``reward`` ("win" | "score"), ``data`` (component data
override); see ``games/princes/SPEC.md``.

Changelog (``Princes.version``; the module id, ``metadata["name"]`` and the Gymnasium id
``florentine/Princes-v1`` follow it):

* v0 -- first release: the base game for 2-5 players and the Muse and the Princess; the solo
  game against Wolfgang (``solo=True``; the reserved option ``mode`` is gone). Module
  ``princes_v0``, now deprecated.
* v1 -- the cooperative building expansion, option ``cooperative`` (SPEC.md section COOP):
  ``options`` gains ``cooperative`` (False: the base game, its actions, observation and rules
  unchanged); with it 814 more action ids, four phases and the fields ``proposal`` and
  ``coop_board``. The solo game (then ``princes_solo_v0``) is unchanged.
"""

from .core.aec import make_env_functions
from .games.princes import Princes

env, raw_env, parallel_env = make_env_functions(Princes, "princes_v1")

__all__ = ["env", "raw_env", "parallel_env"]
