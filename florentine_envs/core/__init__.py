"""Core shared by every game: the Game protocol, batched state, counter-based RNG,
registry and the PettingZoo AEC wrapper."""

from .game import Game, dispatch
from .registry import available_games, make, player_counts, register
from .state import State

__all__ = ["Game", "State", "dispatch", "make", "available_games", "player_counts", "register"]
