"""The rules (SPEC §5-§6) run as the compiled kernels of ``kernels.py`` -- one implementation for a
game alone and for a batch, the forced moves included -- and the end of a game (``scoring.py``'s
scores, ranks and rewards of the games the kernels ended)."""

from __future__ import annotations

import operator

import numpy as np

from . import kernels
from .state import FlorenzaCardsState


class RulesMixin:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: the step through the kernels."""

    def _build_kernel_tables(self) -> None:
        """The tables the kernels read (``kernels.tables``), after every other table is built."""
        self._tables = kernels.tables(self)
        self._state_arrays = operator.attrgetter(*kernels.FIELDS)

    def _arrays(self, state: FlorenzaCardsState) -> tuple:
        """The arguments every kernel entry point takes after its own: the state's arrays, the tables."""
        return self._state_arrays(state) + self._tables

    def _run(self, op, state: FlorenzaCardsState, games, actions=None, forced: bool = True) -> None:
        """``kernels.run`` with ``op`` on each of ``games`` or, when ``op`` is None,
        ``kernels.advance`` (``actions``, then the forced moves if ``forced``); then the scores,
        ranks and rewards of the games it ended."""
        games = kernels.as_indices(games)
        if games.size:
            result = np.zeros(games.size, np.int8)  # 1 where the game ended, CHAIN_ERROR
            if op is None:  # actions -1: the forced moves only
                actions = np.full(games.size, -1) if actions is None else kernels.as_indices(actions)
                kernels.advance(forced, games, actions, result, *self._arrays(state))
            else:
                kernels.run(op, games, result, *self._arrays(state))
            if result.any():
                self._finish(state, games, result)

    def _finish(self, state: FlorenzaCardsState, games: np.ndarray, result: np.ndarray) -> None:
        if (result == kernels.CHAIN_ERROR).any():
            raise RuntimeError(f"{self.name}: forced-move chain did not end")
        self._game_over(state, games[result == 1])

    def _apply(self, state: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        self._run(None, state, games, actions, forced=False)

    def _advance(self, state: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        self._run(None, state, games, actions)

    def _advance_one(self, state: FlorenzaCardsState, action: int) -> None:
        one = self.__dict__.get("_one_game")
        if one is None:  # the arguments of kernels.advance for row 0 alone, reused
            one = self.__dict__["_one_game"] = (np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int8))
        games, actions, result = one
        actions[0] = action
        kernels.advance(True, games, actions, result, *self._arrays(state))
        if result[0]:
            self._finish(state, games, result)

    def _play_forced(self, state: FlorenzaCardsState, games: np.ndarray, on_move=None) -> None:
        if on_move is not None:  # every forced move reported: the core's loop over _apply
            super()._play_forced(state, games, on_move)
        else:
            self._run(None, state, games)

    # the automatic steps of a round's end on their own (the rule tests' hand-made positions)

    def _end_of_round(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Step a: the row and table discards, the keeps (then the income: ``_income``)."""
        self._run(kernels.END_OF_ROUND, st, games)

    def _income(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Step b: the Captain's choice, then the incomes (then the election)."""
        self._run(kernels.INCOME, st, games)

    def _election(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Steps c and d: the new Captain, then the next round or the end of the game."""
        self._run(kernels.ELECTION, st, games)

    # the guilds as the features and the presentation read them (numpy, batched)

    def _has_guild(self, st: FlorenzaCardsState, games, seats, effect: int) -> np.ndarray:
        """bool[n]: the seat holds the guild with ``effect`` in play (never without guilds)."""
        kinds = self.guild_kind[effect]
        if not self.guilds or kinds.size == 0:
            return np.zeros(len(games), bool)
        return st.in_play[games, seats][:, kinds].any(1)

    def _discount(self, st, games, seats, effect: int) -> np.ndarray:
        """int[n]: 50 for a seat holding the discount guild ``effect``, else 0."""
        return np.where(self._has_guild(st, games, seats, effect), 50, 0)
