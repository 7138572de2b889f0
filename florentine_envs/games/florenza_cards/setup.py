"""Set-up and the automatic start of a round (SPEC §3-§5): the blank state, the shuffles of the
Florenza, monument and artist decks from the counter-based RNG, and the draws."""

from __future__ import annotations

import numpy as np

from ...core import rng
from .constants import (
    IN_ROW,
    NUM_RESOURCES,
    NUM_TYPES,
    PH_ACTION,
    STREAM_ARTISTS,
    STREAM_FLORENZA,
    STREAM_MONUMENTS,
    STREAM_SETUP,
)
from .data import L_CAPTAIN
from .state import FlorenzaCardsState

_BIG = np.iinfo(np.uint64).max


class SetupMixin:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: state creation, set-up, round start."""

    def _build_tables(self) -> None:
        """Lookup tables derived from :class:`~.data.Tables` that several mixins read."""
        t = self.t
        self.item_copy = np.arange(t.N) - t.fbase[t.item_kind]  # [N] copy index within its kind
        self.captain_kind = int(np.flatnonzero(t.loc_effect == L_CAPTAIN)[0])
        weights = 1 << (8 * np.arange(NUM_RESOURCES, dtype=np.int64))  # [6] one byte per resource
        self.res_weights = weights
        self.guard = int((128 * weights).sum())
        # Packed costs for the byte-wise affordability test (masks.py): sum of cost_r << 8r.
        self.card_cost_packed = (self.t.card_cost_res * weights).sum(1)  # int64[K]
        self.mon_cost_packed = (self.t.mon_cost_res * weights).sum(1)  # int64[M]
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
        self.copy_lookup = t.abase[:, None] + np.arange(int(t.art_copies.max()))  # [AK, C] copy ids of a kind
        self.copy_valid = np.arange(int(t.art_copies.max())) < t.art_copies[:, None]  # [AK, C]
        self.copy_lookup = np.where(self.copy_valid, self.copy_lookup, 0)

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
        st = self._blank(seeds)
        t, P, B = self.t, self.num_players, len(seeds)
        games = np.arange(B)
        st.captain[:] = rng.randint(seeds, STREAM_SETUP, 0, P)  # SPEC §4.1
        st.money[:] = t.money_start
        st.res[:] = t.res_start
        st.supply_money -= P * t.money_start
        st.supply -= (P * t.res_start).astype(np.int16)
        # Draw positions: the argsort of hashed keys is the deck order; its inverse the position.
        for field, stream, n in ((st.mon_pos, STREAM_MONUMENTS, self.M), (st.art_pos, STREAM_ARTISTS, self.NA)):
            order = np.argsort(rng.shuffle_keys(seeds, stream, np.zeros(B, np.int64), n), axis=1, kind="stable")
            np.put_along_axis(field, order, np.arange(n, dtype=np.int8)[None, :].repeat(B, 0), axis=1)
        self._draw_monuments(st, games, t.monuments_initial)
        self._draw_artists(st, games)
        self._shuffle_florenza(st, games, np.tile(t.n_deck[0], (B, 1)), 0)
        for j in range(P):
            self._draw_cards(st, games, (st.captain.astype(np.int64) + j) % P, np.full(B, t.hand_size0))
        self._start_actions(st, games)
        self._refresh_mask(st, games)
        return st

    # ------------------------------------------------------------ draws

    def _draw_monuments(self, st: FlorenzaCardsState, games: np.ndarray, n: int) -> None:
        """The next ``n`` monuments of the deck (fewer if it runs out) join the row."""
        first = st.mon_drawn[games].astype(np.int64)
        pos = st.mon_pos[games]
        drawn = (pos >= first[:, None]) & (pos < first[:, None] + n)  # [n, M]
        st.mon_state[games] = np.where(drawn, IN_ROW, st.mon_state[games])
        st.mon_drawn[games] = np.minimum(first + n, self.M)

    def _draw_artists(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Phase 1: the next ``artists_per_round`` artist copies go face down on the (empty) table."""
        n = self.t.artists_per_round
        first = st.art_drawn[games].astype(np.int64)
        pos = st.art_pos[games]
        drawn = (pos >= first[:, None]) & (pos < first[:, None] + n)  # [n, NA]
        st.art_state[games] = np.where(drawn, IN_ROW, st.art_state[games])
        st.art_drawn[games] = np.minimum(first + n, self.NA)
        st.table_count[games] = np.add.reduceat(drawn.astype(np.int8), self.t.abase, axis=1)

    def _deck_counts(self, st: FlorenzaCardsState, games: np.ndarray) -> np.ndarray:
        """int[n, K]: the cards of each kind left in the draw deck."""
        n, K, N = games.size, self.K, self.N
        live = (np.arange(N) >= st.deck_pos[games, None]) & (np.arange(N) < st.deck_len[games, None])
        flat = (np.arange(n)[:, None] * K + st.deck[games].astype(np.int64))[live]
        return np.bincount(flat, minlength=n * K).reshape(n, K)

    def _shuffle_florenza(self, st: FlorenzaCardsState, games: np.ndarray, pool: np.ndarray, counter: int) -> None:
        """The draw deck becomes the shuffle of ``pool`` (int[n, K] cards per kind), SPEC §3:
        canonical items ``fbase[k] + j`` (j < pool[k]) ordered by ``hash64(seed, 1, counter, item)``."""
        present = self.item_copy[None, :] < pool[:, self.t.item_kind]  # [n, N]
        keys = rng.shuffle_keys(st.seed[games], STREAM_FLORENZA, np.full(games.size, counter), self.N)
        order = np.argsort(np.where(present, keys, _BIG), axis=1, kind="stable")
        size = present.sum(1)
        deck = self.t.item_kind[order].astype(np.int8)
        deck[np.arange(self.N)[None, :] >= size[:, None]] = -1
        st.deck[games] = deck
        st.deck_pos[games] = 0
        st.deck_len[games] = size

    def _draw_cards(self, st: FlorenzaCardsState, games: np.ndarray, seats: np.ndarray, n: np.ndarray) -> None:
        """Seat ``seats[i]`` of game ``games[i]`` draws ``n[i]`` cards from the top (as many as
        the deck holds)."""
        pos = st.deck_pos[games].astype(np.int64)
        take = np.minimum(n, st.deck_len[games] - pos)  # [n]
        most = int(take.max()) if take.size else 0
        for i in range(most):
            row = np.flatnonzero(take > i)
            g = games[row]
            kinds = st.deck[g, pos[row] + i].astype(np.int64)
            st.hand[g, seats[row], kinds] += 1
        st.deck_pos[games] = pos + take

    # ------------------------------------------------------------ round start

    def _round_start(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Rounds 2-5, phases 1 and 2 (SPEC §5), then the first action."""
        t, P = self.t, self.num_players
        self._draw_artists(st, games)
        self._draw_monuments(st, games, t.monuments_per_round)
        rnd = st.round[games]
        for r, newcomers in ((2, "II"), (3, "III"), (4, "discard")):
            sel = rnd == r
            if not sel.any():
                continue
            g = games[sel]
            pool = self._deck_counts(st, g)
            if newcomers == "discard":
                pool += st.discard[g].sum(1)
                st.discard[g] = 0
            else:
                pool += t.n_deck[1 if newcomers == "II" else 2][None, :]
            self._shuffle_florenza(st, g, pool, r - 1)
        extra = st.in_play[games].astype(np.int64) @ t.card_draws  # [n, P] extra cards per seat
        for j in range(P):
            seats = (st.captain[games].astype(np.int64) + j) % P
            self._draw_cards(st, games, seats, t.draw_base + extra[np.arange(games.size), seats])
        self._start_actions(st, games)

    def _start_actions(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Phase 3 begins: slot 0, offset 0, the Captain to act."""
        st.slot[games] = 0
        st.offset[games] = 0
        st.phase[games] = PH_ACTION
        st.current_player[games] = st.captain[games]
