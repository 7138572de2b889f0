"""Firenze's set-up and its randomness (rulebook "Set Up"; DESIGN_NOTES §3-§4, SPEC §R and §S):
the blank state and the set-up that fills it, the board options (balcony tiles, neutral seals)
checked, the neutral seals placed, bricks drawn from the pouch and the deck shuffled from the
counter-based streams of :mod:`~florentine_envs.core.rng`."""

from __future__ import annotations

import itertools

import numpy as np

from ...core import rng
from .constants import (
    _BIG,
    NUM_ACTIONS,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_COMMISSIONS,
    NUM_KINDS,
    NUM_TOWER_SLOTS,
    STREAM_DECK,
    STREAM_POUCH,
    STREAM_SETUP,
)
from .state import FirenzeState


class FirenzeSetup:
    """Mixin of :class:`~.firenze.Firenze`: the blank state and the set-up, board options, neutral
    seals, pouch draws and deck shuffles."""

    def _blank(self, seeds: np.ndarray) -> FirenzeState:
        """A state of ``len(seeds)`` games with every array allocated and nothing placed yet."""
        B, P = len(seeds), self.num_players
        z = np.zeros
        return FirenzeState(
            seed=seeds.copy(),
            current_player=z(B, np.int8),
            phase=z(B, np.int8),
            legal_action_mask=z((B, NUM_ACTIONS), bool),
            rewards=z((B, P), np.float32),
            terminated=z(B, bool),
            truncated=z(B, bool),
            scores=z((B, P), np.int32),
            step_count=z(B, np.int32),
            pouch_draws=z(B, np.int64),
            deck_shuffles=z(B, np.int64),
            return_phase=z(B, np.int8),
            turn_player=z(B, np.int8),
            turn_number=z(B, np.int32),
            pouch=z((B, 6), np.int16),
            storehouse=z((B, P, 6), np.int16),
            aside=z((B, 6), np.int16),
            tower_colour=np.full((B, P, NUM_TOWER_SLOTS), -1, np.int8),
            tower_height=z((B, P, NUM_TOWER_SLOTS), np.int8),
            tower_at_start=z((B, P, NUM_TOWER_SLOTS), bool),
            tower_built=z((B, P, NUM_TOWER_SLOTS), bool),
            deck=np.full((B, NUM_CARDS), -1, np.int8),
            deck_pos=z(B, np.int8),
            deck_len=z(B, np.int8),
            discard=z((B, NUM_KINDS), np.int8),
            row_card=np.full((B, 6), -1, np.int8),
            row_bricks=z((B, 6, 6), np.int16),
            hand=z((B, P, NUM_KINDS), np.int8),
            buildings=z((B, P, 3), bool),
            church=np.full((B, self.church_spaces), -1, np.int8),
            campanile_sealed=z((B, P), bool),
            commission_owner=np.full((B, NUM_COMMISSIONS), -1, np.int8),
            balcony_tile=z((B, 4), np.int8),
            next_balcony=z(B, np.int8),
            level_tile_taken=z((B, len(self.level_tile_height)), bool),
            seals_left=z((B, P), np.int8),
            prestige=z((B, P), np.int16),
            end_trigger=np.full(B, -1, np.int8),
            played=z((B, len(self.personnel_kinds)), bool),
            princess_active=z(B, bool),
            mason_active=z(B, bool),
            exchange_done=z(B, bool),
            architect=z(B, np.int8),
            bricks_built=z(B, np.int8),
            chosen_slot=z(B, np.int8),
            pay_index=z(B, np.int8),
            pay_left=z(B, np.int8),
            event_kind=np.full(B, -1, np.int8),
            event_offset=z(B, np.int8),
            keep_left=z(B, np.int8),
            keep_colour=np.full(B, -1, np.int8),
            keep_marked=z((B, NUM_TOWER_SLOTS), bool),
            pending_take=z((B, 3), np.int8),
            exchange_slot=z(B, np.int8),
            acquired=z((B, P, self.num_counted), np.int16),
        )

    def _init(self, seeds: np.ndarray) -> FirenzeState:
        """The games of ``seeds`` set up (rulebook "Set Up"; SPEC §S), the first turn begun."""
        st = self._blank(seeds)
        B = len(seeds)
        games = np.arange(B)
        # Set Up 4: one balcony tile of each numeral.
        for num in range(4):
            if self.fixed_balconies is not None:
                st.balcony_tile[:, num] = self.fixed_balconies[num]
            else:
                tiles = self.tiles_of_numeral[num]
                st.balcony_tile[:, num] = tiles[rng.randint(seeds, STREAM_SETUP, num, len(tiles))]
        self._place_neutral_seals(st)
        # Set Up 7-8: seals; starting bricks 2, 3, 4, 5 in turn order; the rest in the pouch.
        st.seals_left[:] = self.seals_per_player
        st.storehouse[:, :, self.starting_colour] = self.starting_bricks
        st.pouch[:] = self.brick_counts
        st.pouch[:, self.starting_colour] -= sum(self.starting_bricks)
        # Set Up 10: the start cards, shuffled, on top of the shuffled rest.
        present = self.item_copy < self.in_game[self.item_kind]  # [52]
        start = self.item_copy < self.kind_start[self.item_kind]
        keys = rng.shuffle_keys(seeds, STREAM_DECK, np.zeros(B, np.int64), NUM_CARDS)
        order = np.lexsort((keys, np.broadcast_to(~start, keys.shape), np.broadcast_to(~present, keys.shape)))
        size = int(present.sum())
        deck = self.item_kind[order]
        deck[:, size:] = -1
        st.deck[:] = deck
        st.deck_len[:] = size
        st.deck_shuffles[:] = 1
        # Set Up 11: six cards, then 4 bricks on each, slot 0 first.
        st.row_card[:] = st.deck[:, :6]
        st.deck_pos[:] = 6
        for s in range(6):
            st.row_bricks[:, s] = self._draw(st, games, np.full(B, self.bricks_per_new_card))
        self._turn_start(st, games)
        self._refresh_mask(st, games)
        return st

    # ------------------------------------------------------- board options

    def _check_board_options(self, neutral_seals, balconies) -> None:
        if isinstance(balconies, (list, tuple)):
            ok = len(balconies) == 4 and all(
                isinstance(t, (int, np.integer)) and 0 <= t < len(self.tile_numeral) for t in balconies
            )
            if not ok or [int(self.tile_numeral[t]) for t in balconies] != [0, 1, 2, 3]:
                raise ValueError(
                    f"firenze: balconies must be 'random' or 4 tile ids with numerals I, II, III, IV in order; "
                    f"got {balconies!r}"
                )
            self.fixed_balconies = np.array(balconies, np.int64)
        elif balconies == "random":
            self.fixed_balconies = None
        else:
            raise ValueError(f"firenze: balconies={balconies!r}; allowed: 'random' or a list of 4 tile ids")
        if isinstance(neutral_seals, (list, tuple)):
            ids = list(neutral_seals)
            ok = (
                len(ids) == self.neutral_count
                and all(isinstance(c, (int, np.integer)) and 0 <= c < NUM_COMMISSIONS for c in ids)
                and len(set(ids)) == len(ids)
            )
            if ok and self.fixed_balconies is not None:
                ok = not set(ids) & set(self.tile_comm[self.fixed_balconies].tolist())
            if not ok:
                raise ValueError(
                    f"firenze: neutral_seals must be 'recommended', 'uniform' or {self.neutral_count} distinct "
                    f"commission ids 0..35 off the balconies; got {neutral_seals!r}"
                )
            self.fixed_neutral = np.array(ids, np.int64)
        elif neutral_seals in ("recommended", "uniform"):
            self.fixed_neutral = None
        else:
            raise ValueError(f"firenze: neutral_seals={neutral_seals!r}; allowed: 'recommended', 'uniform', or a list")
        self.neutral_mode = neutral_seals if isinstance(neutral_seals, str) else "fixed"

    def _place_neutral_seals(self, st: FirenzeState) -> None:
        B = st.batch_size
        if self.neutral_mode == "fixed":
            st.commission_owner[:, self.fixed_neutral] = -2
            return
        rows = np.arange(B)
        balcony = np.zeros((B, NUM_COMMISSIONS), bool)
        balcony[rows[:, None], self.tile_comm[st.balcony_tile]] = True
        tiles_on_tower = balcony.reshape(B, 6, 6).sum(2)  # [B, colour]
        lo, hi = self.n34_range
        n34 = lo + rng.randint(st.seed, STREAM_SETUP, 10, hi - lo + 1)
        for k in range(self.neutral_count):
            valid = (st.commission_owner == -1) & ~balcony
            if self.neutral_mode == "recommended":
                valid &= (tiles_on_tower < self.max_tiles_per_tower)[:, self.comm_colour]
                advised = self.advised_seal_spaces[None, :]
                valid &= np.where((k < n34)[:, None], advised, ~advised)
            if not valid.any(1).all():
                raise ValueError("firenze: the neutral seals cannot be placed on this board (check the data)")
            keys = rng.hash64(st.seed[:, None], STREAM_SETUP, 20 + k, np.arange(NUM_COMMISSIONS))
            keys = np.where(valid, keys, _BIG)
            pick = np.argmin(keys, axis=1)
            st.commission_owner[rows, pick] = -2
            tiles_on_tower[rows, self.comm_colour[pick]] += 1

    # --------------------------------------------------------- randomness

    def _draw(self, st: FirenzeState, games: np.ndarray, n: np.ndarray) -> np.ndarray:
        """int16[len(games), 6]: ``n`` (int[len(games)]) single bricks drawn from the pouch,
        fewer when the pouch runs out (stream POUCH)."""
        out = np.zeros((games.size, 6), np.int16)
        pouch = st.pouch[games].astype(np.int64)  # [n, 6]
        total = pouch.sum(1)
        n = np.minimum(n, total)
        most = int(n.max(initial=0))
        if most == 0:
            return out
        # Draw j of a game uses counter pouch_draws + j and a pouch of total - j bricks, both
        # known in advance: one hash call for all the draws (the colours still follow in turn).
        j = np.arange(most)
        counters = st.pouch_draws[games][:, None] + j
        r = rng.randint(st.seed[games][:, None], STREAM_POUCH, counters, np.maximum(total[:, None] - j, 1))
        if games.size == 1:  # one game (the AEC env): the same draws on Python lists
            left, got = pouch[0].tolist(), [0] * NUM_COLOURS
            for k in r[0, : n.item(0)].tolist():
                colour = next((c for c, below in enumerate(itertools.accumulate(left)) if below > k), 0)
                left[colour] -= 1
                got[colour] += 1
            st.pouch[games] = left
            st.pouch_draws[games] += n
            out[0] = got
            return out
        rows = np.arange(games.size)
        for k in range(most):
            sel = n > k
            colour = (np.cumsum(pouch, 1) > r[:, k : k + 1]).argmax(1)
            hit = np.where(sel, 1, 0)
            pouch[rows, colour] -= hit
            out[rows, colour] += hit.astype(np.int16)
        st.pouch[games] = pouch
        st.pouch_draws[games] += n
        return out

    def _shuffle(self, st: FirenzeState, games: np.ndarray, pool: np.ndarray) -> None:
        """New deck for ``games`` from ``pool`` (int[n, 27] cards per kind), stream DECK."""
        keys = rng.shuffle_keys(st.seed[games], STREAM_DECK, st.deck_shuffles[games], NUM_CARDS)
        included = self.item_copy[None, :] < pool[:, self.item_kind]  # [n, 52]
        keys = np.where(included, keys, _BIG)
        order = np.argsort(keys, axis=1, kind="stable")
        size = included.sum(1)
        deck = self.item_kind[order]
        deck[np.arange(NUM_CARDS)[None, :] >= size[:, None]] = -1
        st.deck[games] = deck
        st.deck_pos[games] = 0
        st.deck_len[games] = size
        st.deck_shuffles[games] += 1
