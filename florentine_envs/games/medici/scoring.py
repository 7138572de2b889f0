"""Scoring a day (rulebook "Scoring the day"): the ship ranking, the commodity majorities and the
monopoly bonuses, ties sharing; the balance hooks ``acquisitions`` and ``running_scores``."""

from __future__ import annotations

import numpy as np

from .state import MediciState


class ScoringMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _build_score_tables(self) -> None:
        players = self.num_players
        # Cumulative payouts of the six rankings of a day's end (ships, then the five colours), flat
        # with a row stride of P + 1 (_day_payouts); None for component data with other table sizes.
        self._day_cum = None
        if len(self._ship_cum) == len(self._commodity_cum) == players + 1:
            self._day_cum = np.concatenate([self._ship_cum] + [self._commodity_cum] * 5)  # int[6 * (P + 1)]
            self._day_cum_rows = (np.arange(6) * (players + 1))[:, None]  # int[6, 1]
            self._player_ones = np.ones(players, np.uint8)  # uint8[P]: counts as products with ones

    def ship_payouts(self, values: np.ndarray) -> np.ndarray:
        """int[n, P] florins for ship values int[n, P], ties sharing rounded down to 5."""
        return self._ranked_payouts(values, self._ship_cum, np.ones(values.shape, bool))

    def commodity_payouts(self, icons: np.ndarray) -> np.ndarray:
        """int[n, P] florins for warehouse icons int[n, P, 5]: majority payouts plus monopoly bonuses."""
        icons = np.moveaxis(icons, 2, 1).astype(np.int64)  # [n, 5, P]
        majority = self._ranked_payouts(icons, self._commodity_cum, icons > 0)
        bonus = np.where(icons >= self.monopoly_threshold, self._mono_bonus, 0)
        if self.options["monopoly_variant"]:
            bonus = np.where(icons >= self._mono_variant_threshold, self._mono_variant_bonus, bonus)
        return (majority + bonus).sum(1)

    def _ranked_payouts(self, amounts: np.ndarray, cumulative: np.ndarray, eligible: np.ndarray) -> np.ndarray:
        """Payouts by rank over the last axis; a tied group shares the payouts of the ranks it
        covers, each share rounded down to a multiple of 5 ("As 5 is the smallest payment unit,
        you must round down to the nearest 5 when tied")."""
        a = amounts.astype(np.int64)
        ones = np.ones(a.shape[-1], np.uint8)  # counts as products with ones: see legal_counts
        higher = ((a[..., None, :] > a[..., :, None]) & eligible[..., None, :]).view(np.uint8) @ ones
        tied = ((a[..., None, :] == a[..., :, None]) & eligible[..., None, :]).view(np.uint8) @ ones
        top = np.minimum(higher + tied, len(cumulative) - 1)
        share = (cumulative[top] - cumulative[np.minimum(higher, len(cumulative) - 1)]) // np.maximum(tied, 1)
        return np.where(eligible, share // self._round_to * self._round_to, 0)

    def _day_payouts(self, values: np.ndarray, icons: np.ndarray) -> np.ndarray:
        """int[n, P]: ``ship_payouts(values) + commodity_payouts(icons)`` (values int[n, P], icons
        int[n, P, 5]) in one ranking pass over six rows per game: the ships, then the five colours."""
        if self._day_cum is None:
            return self.ship_payouts(values) + self.commodity_payouts(icons)
        # [n, 6, P]; transpose rather than np.moveaxis, whose argument checks cost more than the work at small n
        amounts = np.concatenate([values[:, None, :], icons.transpose(0, 2, 1)], axis=1).astype(np.int64)
        eligible = amounts > 0
        eligible[:, 0] = True  # every ship is ranked, commodities only for players holding the colour
        ones = self._player_ones
        higher = ((amounts[..., None, :] > amounts[..., :, None]) & eligible[..., None, :]).view(np.uint8) @ ones
        tied = ((amounts[..., None, :] == amounts[..., :, None]) & eligible[..., None, :]).view(np.uint8) @ ones
        last = self.num_players  # index of the last entry of each cumulative payout row
        covered = self._day_cum.take(self._day_cum_rows + np.minimum(higher + tied, last))
        before = self._day_cum.take(self._day_cum_rows + np.minimum(higher, last))
        share = (covered - before) // np.maximum(tied, 1)
        paid = np.where(eligible, share // self._round_to * self._round_to, 0)  # [n, 6, P]
        colours = amounts[:, 1:]
        bonus = np.where(colours >= self.monopoly_threshold, self._mono_bonus, 0)
        if self.options["monopoly_variant"]:
            bonus = np.where(colours >= self._mono_variant_threshold, self._mono_variant_bonus, bonus)
        return paid.sum(1) + bonus.sum(1)

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
