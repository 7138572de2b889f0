"""PettingZoo AEC environment for Florenza: The Card Game (2-4 players).

    >>> from florentine_envs import florenza_cards_v0
    >>> env = florenza_cards_v0.env(num_players=3, guilds=False)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Options: ``guilds`` (default True; the designer advises leaving the Guild cards out of a
first game), ``reward`` ("win" | "score"), ``data`` (a dict patch or a path). Decisions out of
turn order (keeping a card, the Captain's and the merchants' income choices) select the
deciding agent.

Changelog (``FlorenzaCards.version``; the module id, ``metadata["name"]`` and the Gymnasium id
``florentine/FlorenzaCards-v0`` follow it):

* v0 -- first release.
"""

from .core.aec import make_env_functions
from .games.florenza_cards import FlorenzaCards

env, raw_env, parallel_env = make_env_functions(FlorenzaCards, "florenza_cards_v0")

__all__ = ["env", "raw_env", "parallel_env"]
