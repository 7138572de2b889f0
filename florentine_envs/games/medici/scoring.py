"""Scoring a day (rulebook "Scoring the day"): the ship ranking, the commodity majorities and the
monopoly bonuses, ties sharing (the kernels ``kernels.rank_share``, ``commodity_payout`` and
``day_payout``); the balance hooks ``acquisitions`` and ``running_scores``."""

from __future__ import annotations

import numpy as np

from . import kernels
from .state import MediciState


class ScoringMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def ship_payouts(self, values: np.ndarray) -> np.ndarray:
        """int[n, P] florins for ship values int[n, P], ties sharing rounded down to 5."""
        values = np.array(values, np.int64)  # a copy: the kernels take writable C arrays
        out = np.empty(values.shape, np.int64)
        kernels.ships_payouts(values, out, *self._tables)
        return out

    def commodity_payouts(self, icons: np.ndarray) -> np.ndarray:
        """int[n, P] florins for warehouse icons int[n, P, 5]: majority payouts plus monopoly bonuses."""
        icons = np.array(icons, np.int64)
        out = np.empty(icons.shape[:2], np.int64)
        kernels.goods_payouts(icons, out, *self._tables)
        return out

    def _day_payouts(self, values: np.ndarray, icons: np.ndarray) -> np.ndarray:
        """int[n, P]: ``ship_payouts(values) + commodity_payouts(icons)`` (values int[n, P], icons
        int[n, P, 5]) in one kernel call."""
        values, icons = np.array(values, np.int64), np.array(icons, np.int64)
        out = np.empty(values.shape, np.int64)
        kernels.days_payouts(values, icons, out, *self._tables)
        return out

    # ------------------------------------------------------ balance hooks

    def acquisitions(self, state: MediciState) -> np.ndarray:
        """int32[B, P, K]: cards of each kind (``component_names``: ``card:<kind>``) each player
        has loaded onto their ship so far, whether later stored in the warehouse or boxed."""
        return state.acquired.astype(np.int32)

    def running_scores(self, state: MediciState) -> np.ndarray:
        """float32[B, P]: florins plus what the day's scoring would pay if the day ended now
        (ship ranking, commodity majorities with the cargo counted, monopoly bonuses); the
        final florins once the game is over."""
        running = state.scores.astype(np.float32)
        live = np.flatnonzero(~state.terminated)
        if live.size:
            icons = state.warehouse_icons.take(live, axis=0) + state.ship_icons.take(live, axis=0)
            running[live] += self._day_payouts(state.ship_value.take(live, axis=0), icons)
        return running
