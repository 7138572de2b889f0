"""PettingZoo AEC environment for The Princes of Florence (2-5 players).

    >>> from florentine_envs import princes_v2
    >>> env = princes_v2.env(num_players=3, characters=True, cooperative=True)
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
``florentine/Princes-v2`` follow it):

* v0 -- first release: the base game for 2-5 players and the Muse and the Princess; the solo
  game against Wolfgang (``solo=True``; the reserved option ``mode`` is gone). Module
  ``princes_v0``, now deprecated.
* v1 -- the cooperative building expansion, option ``cooperative`` (SPEC.md section COOP):
  ``options`` gains ``cooperative`` (False: the base game, its actions, observation and rules
  unchanged); with it 814 more action ids, four phases and the fields ``proposal`` and
  ``coop_board``. The solo game (then ``princes_solo_v0``) is unchanged. Module ``princes_v1``, now
  deprecated.
* v2 -- cooperative building: the price ladder is every 100 Florin from 0 to 5,000 (51 rungs, was
  16: 0-1,000 by 100, then 1,200-2,000 by 200; issue 22 item 14, COOP_NOTES C8), so with
  ``cooperative=True`` 35 more action ids (``coop_price_1100`` ...) and a longer ``proposal``
  field. Also the option ``cardinal_twice_limit`` (issue 22 item 9, DESIGN_NOTES D17: the other
  reading of the Cardinal, a third work, build or Bonus card in a turn illegal; with it the
  observation's ``turn`` has 6 entries; the state gains ``acts_done``). Without those options
  the base game's rules, actions and observation are v1's.
"""

from .core.aec import make_env_functions
from .games.princes import Princes

env, raw_env, parallel_env = make_env_functions(Princes, "princes_v2")

__all__ = ["env", "raw_env", "parallel_env"]
