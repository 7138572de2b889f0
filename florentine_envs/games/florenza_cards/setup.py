"""Set-up (SPEC §3-§4): the tables the mixins share, the blank state, then the set-up of the
kernels (``kernels.setup_one``: the shuffles of the Florenza, monument and artist decks from the
counter-based RNG, the first row and table, the deal)."""

from __future__ import annotations

import numpy as np

from . import kernels
from .constants import NUM_RESOURCES, NUM_TYPES
from .state import FlorenzaCardsState


class SetupMixin:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: the shared tables, state creation, set-up."""

    def _build_tables(self) -> None:
        """Lookup tables derived from :class:`~.data.Tables` that several mixins read."""
        t = self.t
        bits = 1 << np.arange(NUM_TYPES)
        self.card_tmask = (t.card_types * bits).sum(1)  # [K] artist types as a bit set, 0 = no artist
        self.mon_tmask = (t.mon_types * bits).sum(1)  # [M]
        self.kinds_of_type = [np.flatnonzero(t.art_type == x) for x in range(NUM_TYPES)]
        self.subset_types = [[x for x in range(NUM_TYPES) if s >> x & 1] for s in range(1 << NUM_TYPES)]
        # [K, 8] extra action slot of each card kind, one-hot (slots 4..7 only)
        slot_of = np.zeros((t.K, 8), bool)
        has_slot = t.card_slot >= 0
        slot_of[np.flatnonzero(has_slot), t.card_slot[has_slot]] = True
        self.card_slot_onehot = slot_of
        self.guild_kind = {g: np.flatnonzero(t.card_guild == g) for g in range(8)}
        # card income as int64[K, 7]: six resources, then money
        self.card_income = np.concatenate([t.card_income_res, t.card_income_money[:, None]], 1)
        self.base_income = np.concatenate([t.income_base_res, [t.income_base_money]])  # int64[7] the Family card's

    def _blank(self, seeds: np.ndarray) -> FlorenzaCardsState:
        B, P, K, M, NA, AK = len(seeds), self.num_players, self.K, self.M, self.NA, self.AK
        z = np.zeros
        return FlorenzaCardsState(
            seed=seeds.copy(),
            current_player=z(B, np.int8),
            phase=z(B, np.int8),
            legal_action_mask=z((B, self.num_actions), bool),
            rewards=z((B, P), np.float32),
            terminated=z(B, bool),
            truncated=z(B, bool),
            scores=z((B, P), np.int32),
            step_count=z(B, np.int32),
            round=np.ones(B, np.int8),
            slot=z(B, np.int8),
            offset=z(B, np.int8),
            captain=z(B, np.int8),
            new_captain=np.full(B, -1, np.int8),
            money=z((B, P), np.int32),
            res=z((B, P, NUM_RESOURCES), np.int16),
            supply=np.tile(self.t.supply0.astype(np.int16), (B, 1)),
            supply_money=np.full(B, self.t.money0, np.int32),
            hand=z((B, P, K), np.int8),
            discard=z((B, P, K), np.int8),
            in_play=z((B, P, K), bool),
            card_artist=np.full((B, P, K), -1, np.int8),
            deck=np.full((B, self.N), -1, np.int8),
            deck_pos=z(B, np.int16),
            deck_len=z(B, np.int16),
            mon_pos=z((B, M), np.int8),
            mon_drawn=z(B, np.int8),
            mon_state=z((B, M), np.int8),
            mon_owner=np.full((B, M), -1, np.int8),
            mon_artist=np.full((B, M), -1, np.int8),
            art_pos=z((B, NA), np.int8),
            art_drawn=z(B, np.int8),
            art_state=z((B, NA), np.int8),
            art_owner=np.full((B, NA), -1, np.int8),
            table_count=z((B, AK), np.int8),
            reserved_count=z((B, P, AK), np.int8),
            hired_types=z((B, P, NUM_TYPES), np.int8),
            anon_hired=z((B, P, NUM_TYPES), np.int8),
            visible_pp=z((B, P), np.int16),
            anon_up=np.ones((B, NUM_TYPES), bool),
            loc_up=np.tile(self.t.loc_copies.astype(np.int8), (B, 1)),
            pending_card=np.full(B, -1, np.int8),
            pending_monument=np.full(B, -1, np.int8),
            given=z((B, NUM_RESOURCES), np.int8),
            keep_offset=z(B, np.int8),
            final_rank=z((B, P), np.int8),
        )

    def _init(self, seeds: np.ndarray) -> FlorenzaCardsState:
        """The blank state, then the set-up of every game (the kernel ``kernels.setup_one``)."""
        st = self._blank(seeds)
        self._run(kernels.SETUP, st, np.arange(len(seeds)))
        return st
