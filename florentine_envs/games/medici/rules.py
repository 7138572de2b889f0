"""The rules of a turn (rulebook "Playing the game"): revealing, taking, the end of a turn and of a
day, run as the compiled kernels of ``kernels.py`` -- one implementation for a game alone and
for a batch -- and the tables the other modules read about the take actions."""

from __future__ import annotations

import operator

import numpy as np

from . import kernels
from .constants import ACTION_NAMES, TAKE_LAST_AND_2ND, TAKE_LAST_AND_3RD, TAKE_LAST_THREE, TAKES
from .state import MediciState

_NO_ACTIONS, _NO_RESULT = np.zeros(0, np.int64), np.zeros(0, np.int8)  # kernels.advance of one game


def _indices(array) -> np.ndarray:
    """int64[n] ``array`` as the kernels take it (writable: numba compiles read-only arrays apart)."""
    array = np.asarray(array, np.int64)
    return array if array.flags.writeable else array.copy()


class RulesMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _build_rule_tables(self) -> None:
        players = self.num_players
        # _takes[action]: which of (last, 2nd-last, 3rd-last) market cards a take action loads
        self._takes = np.zeros((len(ACTION_NAMES), 3), bool)  # bool[A, 3]
        self._takes[list(TAKES), 0] = True
        self._takes[[TAKE_LAST_AND_2ND, TAKE_LAST_THREE], 1] = True
        self._takes[[TAKE_LAST_AND_3RD, TAKE_LAST_THREE], 2] = True
        # _take_backs[action]: positions back from the end of the market line of the cards it loads
        self._take_backs = {action: tuple((1 + np.flatnonzero(self._takes[action])).tolist()) for action in TAKES}
        # _clockwise_after[p]: the seats after p in turn order, p itself last
        self._clockwise_after = [[(p + k) % players for k in range(1, players + 1)] for p in range(players)]

    def _build_kernel_tables(self) -> None:
        """The tables the kernels read (``kernels.tables``), after every other table is built."""
        self._tables = kernels.tables(self)
        self._state_arrays = operator.attrgetter(*kernels.FIELDS)

    def _arrays(self, state: MediciState) -> tuple:
        """The arguments every kernel entry point takes after its own: the state's arrays, the tables."""
        return self._state_arrays(state) + self._tables

    def _run(self, op, state: MediciState, games: np.ndarray, actions=None, forced: bool = True) -> None:
        """``kernels.run`` with ``op`` on each of ``games`` or, when ``op`` is None,
        ``kernels.advance`` (``actions``, then the forced moves if ``forced``); then the final
        rewards of the games it ended (``Game.terminal_rewards``, "The player with the highest sum
        of florins is the winner")."""
        games = _indices(games)
        if games.size:
            result = np.zeros(games.size, np.int8)  # 1 where the game ended, CHAIN_ERROR
            if op is None:
                actions = np.full(games.size, -1) if actions is None else _indices(actions)  # -1: forced moves only
                kernels.advance(0, 0, forced, games, actions, result, *self._arrays(state))
            else:
                kernels.run(op, games, result, *self._arrays(state))
            if result.any():
                self._finish(state, games, result)

    def _finish(self, state: MediciState, games: np.ndarray, result: np.ndarray) -> None:
        if (result == kernels.CHAIN_ERROR).any():
            raise RuntimeError(f"{self.name}: forced-move chain did not end")
        over = games[result == 1]
        state.rewards[over] += self.terminal_rewards(state.scores[over])

    # ----------------------------------------------------------------- step

    def _apply(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        self._run(None, state, games, actions, forced=False)

    def _advance(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        self._run(None, state, games, actions)

    def _advance_one(self, state: MediciState, action: int) -> None:
        result = kernels.advance(0, action, True, _NO_ACTIONS, _NO_ACTIONS, _NO_RESULT, *self._arrays(state))
        if result:
            self._finish(state, self._rows(1), np.array([result], np.int8))

    def _play_forced(self, state: MediciState, games: np.ndarray, on_move=None) -> None:
        if on_move is not None:  # every forced move reported: the core's loop over _apply
            super()._play_forced(state, games, on_move)
        else:
            self._run(None, state, games)

    def _end_day(self, state: MediciState, games: np.ndarray) -> None:
        """The end of the current day of ``games`` now, whatever the ships hold (balance tests)."""
        self._run(kernels.END_DAY, state, games)
