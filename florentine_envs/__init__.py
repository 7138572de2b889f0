"""Florentine Games: batched reinforcement-learning environments for five games set
in Renaissance Florence, with PettingZoo AEC wrappers.

    >>> import florentine_envs
    >>> "medici" in florentine_envs.available_games()
    True
    >>> game = florentine_envs.make("medici", num_players=4)
    >>> state = game.init([1, 2, 3])
    >>> state.legal_action_mask.shape
    (3, 6)
"""

from . import games  # noqa: F401  (registers every game)
from .core import Game, State, available_games, make, player_counts, register

__version__ = "0.1.0"
__all__ = ["Game", "State", "make", "available_games", "player_counts", "register", "__version__"]
