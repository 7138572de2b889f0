"""The blank state and the set-up (SPEC §5.1)."""

from __future__ import annotations

import numpy as np

from ...core import rng
from .constants import (
    CRESTS,
    IN_BAG,
    NUM_BOXES,
    NUM_NAMED,
    NUM_RESOURCES,
    NUM_SPACES,
    PH_START_PICK,
    ST_PLACE,
    ST_SETUP,
    STREAM_BAG,
    STREAM_ORDER,
    WORKERS,
)  # fmt: skip


class SetupMixin:
    """``_init``; mixed into :class:`~.florenza.Florenza`."""

    def blank(self, B: int):
        P, t = self.num_players, self.t
        z = np.zeros

        def full(shape, value, dtype=np.int8):
            return np.full(shape, value, dtype)

        return self.state_class(
            seed=z(B, np.uint64), current_player=z(B, np.int8), phase=full(B, PH_START_PICK),
            legal_action_mask=z((B, self.num_actions), bool), rewards=z((B, P), np.float32),
            terminated=z(B, bool), scores=z((B, P), np.int32), step_count=z(B, np.int32), truncated=z(B, bool),
            stage=z(B, np.int8), round=full(B, 1), ptr=z(B, np.int8), sub=z(B, np.int8),
            order=full((B, P + 1), -1), nslots=full(B, P), captain=full(B, -1), bishop=full(B, -1),
            money=full((B, P), t.start_money, np.int32), res=full((B, P, NUM_RESOURCES), t.start_cubes, np.int16),
            track=z((B, P), np.int16), certs=z((B, P), np.int16), influence=z((B, P), np.int16),
            avail=full((B, P), t.start_avail), pool=full((B, P), WORKERS - t.start_avail), detained=z((B, P), np.int8),
            at_work=z((B, P), np.int8), market_worker=z((B, P), bool), pulpit_own=z((B, P), bool),
            cath_pulpit=full(B, -1), own_preacher=full((B, P), -1), cath_preacher=full(B, -1),
            crests=full((B, P), CRESTS),
            space_type=full((B, P, NUM_SPACES), -1), space_built=z((B, P, NUM_SPACES), bool),
            space_worker=full((B, P, NUM_SPACES), -1), ws_supply=np.tile(t.ws_qty.astype(np.int8), (B, 1)),
            box_crest=z((B, P, NUM_BOXES), bool), box_worker=z((B, P, NUM_BOXES), bool),
            box_artist=full((B, P, NUM_BOXES), -1),
            main_crest=full((B, t.NM), -1), main_worker=full((B, t.NM), -1), main_artist=full((B, t.NM), -1),
            bag=z((B, NUM_NAMED), np.int8), bag_pos=z(B, np.int8), char_state=full((B, NUM_NAMED), IN_BAG),
            life=z((B, NUM_NAMED), np.int8), char_where=z((B, NUM_NAMED), np.int8), flipped=z((B, NUM_NAMED), bool),
            unnamed_left=full((B, 4), 2), rolls=z(B, np.int32), income_res=full(B, -1),
            pend_box=full(B, -1), pend_skill=full(B, -1), pend_pulpit=full(B, -1), pend_ws=full(B, -1),
            dice=z((B, 2), np.int8), trade_given=z((B, NUM_RESOURCES), np.int8), market_used=z((B, 3), np.int8),
            acq=z((B, P, len(self.component_names)), np.int16), final_rank=z((B, P), np.int8),
        )  # fmt: skip

    def _init(self, seeds: np.ndarray):
        B, P = seeds.shape[0], self.num_players
        st = self.blank(B)
        st.seed[:] = seeds
        st.order[:, :P] = np.argsort(rng.shuffle_keys(seeds, STREAM_ORDER, 0, P), axis=1, kind="stable")
        st.bag[:] = np.argsort(rng.shuffle_keys(seeds, STREAM_BAG, 0, NUM_NAMED), axis=1, kind="stable")
        self._batched(st, lambda: self._setup_games(st))
        return st

    def _setup_games(self, st) -> None:
        P, t = self.num_players, self.t
        for g in range(st.batch_size):
            for _ in range(t.draw[P]):
                self.draw_character(st, g)
            if self.first_game:
                last_first = self.players_in_order(st, g)[::-1]
                for i, q in enumerate(last_first):
                    for space in range(2):
                        self._place_tile(st, g, q, space, int(t.first_game[i, space]), built=True)
                st.stage[g] = ST_PLACE
            else:
                st.stage[g] = ST_SETUP
            self._continue(st, g)
