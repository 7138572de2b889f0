"""Set-up (rulebook "Set up"): the blank state of a batch, the shuffled deck, the random start
player; the shuffle of a day's pool, which the end of a day reuses."""

from __future__ import annotations

import numpy as np

from ...core import rng
from .constants import _KEY_MAX, LOC_DECK, LOC_MARKET, STREAM_DECK, STREAM_START
from .state import MediciState


class SetupMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _build_setup_tables(self) -> None:
        # Keys of the cards outside a shuffle's pool: distinct, rising with the card id, above any
        # likely pool key (see _sort_keys).
        self._outside_keys = (
            np.iinfo(np.uint64).max - np.uint64(self.num_cards - 1) + np.arange(self.num_cards, dtype=np.uint64)
        )

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
        games = np.arange(B)
        self._shuffle_deck(state, games)
        # "Randomly select a starting player."
        start = rng.randint(seeds, STREAM_START, 0, P).astype(np.int8)
        state.start_player[:] = start
        state.current_player[:] = start
        self._refresh_mask(state, games)
        return state

    def _shuffle_deck(self, state: MediciState, games: np.ndarray) -> None:
        """New deck for the current day from every card in the deck or the market
        ("return any remaining cards in the market to the deck and reshuffle")."""
        loc = state.card_loc.take(games, axis=0)  # int8[n, N]
        pool = loc <= LOC_MARKET  # in the deck or the market (LOC_DECK = 0, LOC_MARKET = 1)
        keys = rng.shuffle_keys(state.seed[games], STREAM_DECK, state.day[games].astype(np.int64), self.num_cards)
        order = self._sort_keys(keys, pool).astype(np.int16)
        # The pool's size and kind counts follow from the deck and market ones (kept incrementally).
        size = state.deck_end[games] - state.deck_top[games] + state.market_len[games]
        counts = state.deck_counts.take(games, axis=0) + state.market_counts.take(games, axis=0)
        state.deck[games] = order
        state.deck_top[games] = 0
        state.deck_end[games] = size
        np.putmask(loc, pool, LOC_DECK)
        state.card_loc[games] = loc
        state.market_len[games] = 0
        state.market_counts[games] = 0
        state.deck_counts[games] = counts

    def _sort_keys(self, keys: np.ndarray, pool: np.ndarray) -> np.ndarray:
        """int[n, N]: ``argsort(where(pool, keys, MAX), axis=1, kind="stable")`` -- the pool cards by
        key, then the others by id -- computed with numpy's faster unstable sort.

        The cards outside the pool get distinct keys at the very top of the range, rising with
        the id. The unstable sort then gives the stable order unless a row has two equal keys
        or a pool key in that top range (each about 1e-15 likely); such rows are sorted again
        the stable way, so the result is always exactly the stable one.
        """
        if len(keys) == 1:  # one game (B=1 play): the stable sort costs less than the checks below
            return np.argsort(np.where(pool, keys, _KEY_MAX), axis=1, kind="stable")
        keys = np.where(pool, keys, self._outside_keys)
        order = np.argsort(keys, axis=1)
        ordered = keys.reshape(-1).take(order + self._rows(len(keys))[:, None] * self.num_cards)  # sorted keys
        redo = (ordered[:, 1:] == ordered[:, :-1]).any(1) | (pool & (keys >= self._outside_keys[0])).any(1)
        if redo.any():
            keys[redo] = np.where(pool[redo], keys[redo], _KEY_MAX)
            order[redo] = np.argsort(keys[redo], axis=1, kind="stable")
        return order
