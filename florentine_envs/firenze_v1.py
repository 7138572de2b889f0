"""PettingZoo AEC environment for Firenze (2-4 players).

    >>> from florentine_envs import firenze_v1
    >>> env = firenze_v1.env(num_players=3)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Out-of-turn decisions (Flood, Tribute, Luxury Tax) select the deciding agent.

Changelog (``Firenze.version``; the module id, ``metadata["name"]`` and the Gymnasium id
``florentine/Firenze-v1`` follow it; the v0 module is deprecated):

* v1 -- the Saboteur is a personnel card (held, played in one's own turn, counted
  by the card limit): 168 actions (``patrician_discard_saboteur`` and
  ``limit_discard_saboteur`` appended, the other ids unchanged) and a slightly
  different observation layout (653 + 168 P); no Patrician question against an
  event that would change nothing; the recommended neutral seals go on the 3- and
  4-brick commissions (the data flag ``levels_are_positions`` restores v0's board
  spaces). Details: ``games/firenze/SPEC.md``, "Changes".
* v0 -- first release.
"""

from .core.aec import make_env_functions
from .games.firenze import Firenze

env, raw_env, parallel_env = make_env_functions(Firenze, "firenze_v1")

__all__ = ["env", "raw_env", "parallel_env"]
