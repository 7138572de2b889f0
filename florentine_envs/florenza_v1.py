"""PettingZoo AEC environment for Florenza (board game, 2nd edition; 2-5 players).

    >>> from florentine_envs import florenza_v1
    >>> env = florenza_v1.env(num_players=3, first_game=True)
    >>> env.reset(seed=1)
    >>> obs, reward, termination, truncation, info = env.last()
    >>> sorted(obs)
    ['action_mask', 'observation']

Options: ``die`` ("die" | "no_die": the official no-die variant), ``two_player_variant``
(default True; 2 players only), ``first_game`` (the rulebook's suggested starting workshops),
``reward`` ("win" | "score"), ``data`` (a dict patch). Decisions out of turn order (the Atrio's
income, the Captain's and Bishop's powers, conversions by a worker in an opponent's workshop)
select the deciding agent.

Changelog (``Florenza.version``; the module id, ``metadata["name"]`` and the Gymnasium id
``florentine/Florenza-v1`` follow it):

* v0 -- first release (module ``florenza_v0``, now deprecated).
* v1 -- a player whose artworks of one zone (district, civic, Cathedral) cannot all be paid
  chooses the order (phase ``ARTWORK``, id 16, the ``artwork_*`` actions of the boxes; SPEC
  §6.7); the observation's ``phase`` grows to 17, ``cathedral_pulpit_used`` becomes
  ``cathedral_pulpit`` (the seat, relative one-hot) plus ``cathedral_preacher`` (1 + the
  character slot), and each player block gains ``own_preacher``: ``obs_size`` grows by 2P + 1.
  The action space is unchanged.
"""

from .core.aec import make_env_functions
from .games.florenza import Florenza

env, raw_env, parallel_env = make_env_functions(Florenza, "florenza_v1")

__all__ = ["env", "raw_env", "parallel_env"]
