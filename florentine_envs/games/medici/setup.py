"""Set-up (rulebook "Set up"): the blank state of a batch, then the shuffled deck and the random
start player (the kernel ``kernels.setup_one``)."""

from __future__ import annotations

import numpy as np

from . import kernels
from .state import MediciState


class SetupMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _init(self, seeds: np.ndarray) -> MediciState:
        B, P, N, K = len(seeds), self.num_players, self.num_cards, self.num_kinds
        state = MediciState(
            seed=seeds.copy(),
            current_player=np.zeros(B, np.int8),
            phase=np.zeros(B, np.int8),
            legal_action_mask=np.zeros((B, self.num_actions), bool),
            rewards=np.zeros((B, P), np.float32),
            terminated=np.zeros(B, bool),
            scores=np.zeros((B, P), np.int32),
            step_count=np.zeros(B, np.int32),
            truncated=np.zeros(B, bool),
            day=np.zeros(B, np.int8),
            start_player=np.zeros(B, np.int8),
            revealed=np.zeros(B, np.int8),
            final_turn=np.zeros(B, bool),
            deck=np.zeros((B, N), np.int16),
            deck_top=np.zeros(B, np.int16),
            deck_end=np.full(B, N, np.int16),  # every card starts in the deck (shuffled below)
            market=np.zeros((B, N), np.int16),
            market_len=np.zeros(B, np.int16),
            card_loc=np.zeros((B, N), np.int8),
            card_owner=np.full((B, N), -1, np.int8),
            deck_counts=np.repeat(self._kind_copies[None], B, axis=0),  # every card starts in the deck
            market_counts=np.zeros((B, K), np.int16),
            ship_value=np.zeros((B, P), np.int16),
            ship_slots=np.zeros((B, P), np.int8),
            ship_icons=np.zeros((B, P, 5), np.int8),
            warehouse_icons=np.zeros((B, P, 5), np.int16),
            acquired=np.zeros((B, P, K), np.int16),
        )
        # the shuffled deck, "Randomly select a starting player.", the mask (kernels.setup_one)
        self._run(kernels.SETUP, state, np.arange(B))
        return state
