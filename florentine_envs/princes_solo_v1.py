"""PettingZoo AEC environment for The Princes of Florence's solo game: you (the one agent,
``player_0``) against Wolfgang, the Automa, with 2 or 3 dummy players.

    >>> from florentine_envs import princes_solo_v1
    >>> env = princes_solo_v1.env(dummies=3, difficulty="hard")
    >>> env.reset(seed=1)
    >>> env.agents
    ['player_0']

Options: ``dummies`` (2 | 3: a 4- or 5-seat table), ``difficulty`` ("easy" | "standard" |
"hard": Wolfgang starts with 0 / 1,500 / 3,500 Florin), ``reward`` ("win": +1 beating Wolfgang,
-1 losing, 0 on a tie | "score": your fame minus his), ``data``; see ``games/princes/SPEC.md``,
section SOLO. Gymnasium: ``gymnasium.make("florentine/PrincesSolo-v1", dummies=3)``.

Changelog (``PrincesSolo.version``):

* v0 -- first release. Module ``princes_solo_v0``, now deprecated.
* v1 -- issue 22: the rebuilt (reconstructed) Automa deck (every action and purchase the rulebook
  describes happens; the second-highest modifier is unique on every card, so the final auction
  bars exactly 2 objects); Wolfgang's Bonus action needs only a non-empty Bonus deck (D50); the
  observation's ``solo`` field gains ``deck_places`` (55 entries: where the cards you put under a
  deck, yours or Wolfgang's draws, lie), so ``obs_size`` grows by 55.
"""

from .core.aec import make_env_functions
from .games.princes import PrincesSolo

env, raw_env, parallel_env = make_env_functions(PrincesSolo, "princes_solo_v1")

__all__ = ["env", "raw_env", "parallel_env"]
