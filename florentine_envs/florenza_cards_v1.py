"""PettingZoo AEC environment for Florenza: The Card Game (2-4 players).

    >>> from florentine_envs import florenza_cards_v1
    >>> env = florenza_cards_v1.env(num_players=3, guilds=False)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Options: ``guilds`` (default True; the designer advises leaving the Guild cards out of a
first game), ``locations`` ("all": the 17 Location cards at every player count, the default;
"by_player_count": 14 / 16 / 17 at 2 / 3 / 4 players), ``reward`` ("win" | "score"), ``data``
(a dict patch or a path). Decisions out of turn order (keeping a card, the Captain's and the
merchants' income choices) select the deciding agent.

Changelog (``FlorenzaCards.version``; the module id, ``metadata["name"]`` and the Gymnasium id
``florentine/FlorenzaCards-v1`` follow it):

* v0 -- first release (module ``florenza_cards_v0``, now deprecated).
* v1 -- issue 22. Rules: Mastro Artista's sets count the artist cards hired, not anonymous
  artists (DESIGN_NOTES 24); at income the Captain's resource goes to everyone first, then each
  player receives their whole income (Family card, Workshops and Residences, then Arte dei
  Mercatanti's choice) before the next player (DESIGN_NOTES 16). Option ``locations``
  (DESIGN_NOTES 13). Observation: the public history a player remembers -- ``row_position``,
  ``discarded_monuments``, ``discarded_artists``, and per player the anonymous artists hired,
  the artist value on each artwork and monument and the artist cards hired by kind and value;
  the hired-per-type counts are artist cards only. ``obs_size`` grows from 336 + 165 P to
  423 + 343 P (666 / 831 / 996 to 1109 / 1452 / 1795 for 2 / 3 / 4 players).

    >>> env.observation_space("player_0")["observation"].shape
    (1452,)
"""

from .core.aec import make_env_functions
from .games.florenza_cards import FlorenzaCards

env, raw_env, parallel_env = make_env_functions(FlorenzaCards, "florenza_cards_v1")

__all__ = ["env", "raw_env", "parallel_env"]
