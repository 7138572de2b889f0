"""The observation (SPEC.md "Observation"): its layout, the bounds of its fields, and the encoder,
batched (``_observe``) and for one game in Python integers (``_observe_one``, the same values)."""

from __future__ import annotations

import numpy as np

from ...core.game import layout_from_sizes
from .constants import NUM_DAYS
from .state import MediciState, _flat


class ObservationMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _build_observation_layout(self) -> None:
        players = self.num_players
        self._blocks = np.arange(self.max_market)  # int[M] blocks of the market line (observe)
        # _seat_shift[p, j]: offset from seat p to seat (p + j) % P, so that
        # row * P + p + _seat_shift[p] lists a row's seats clockwise from p (observe)
        seat_ids = np.arange(players)
        self._seat_shift = (seat_ids[:, None] + seat_ids) % players - seat_ids[:, None]  # int[P, P]
        K = self.num_kinds
        sizes = [
            ("phase", 2), ("day", NUM_DAYS), ("revealed_this_turn", 1), ("final_turn", 1),
            ("deck_size", 1), ("market_size", 1), ("market_line", self.max_market * (K + 1)),
            ("market_counts", K), ("unseen_counts", K), ("to_move", players),
            ("start_player", players), ("ship_value", players), ("ship_slots", players),
            ("ship_full", players), ("ship_icons", 5 * players), ("warehouse_icons", 5 * players),
            ("florins", players),
        ]  # fmt: skip
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)
        # market_line one-hots: block i (market position m-1-i) has K + 1 entries, the last one "no card"
        self._line_columns = self.obs_layout["market_line"].start + np.arange(self.max_market) * (K + 1)  # int[M]
        self._no_card_columns = self._line_columns + K  # int[M]: the "no card" column of each block
        # _observe_one: the columns of the scalar fields and of the first of each one-hot field, and
        # the observation from market_counts to its end
        self._one_columns = tuple(self.obs_layout[field].start for field in (
            "phase", "day", "revealed_this_turn", "final_turn", "deck_size", "market_size", "to_move",
            "start_player"))  # fmt: skip
        self._tail = slice(self.obs_layout["market_counts"].start, None)
        # _tail_gather[p]: for the observation of seat p from market_counts to its end, where each entry
        # comes from in the concatenation of the state rows market_counts (K), deck_counts (K),
        # ship_value (P), ship_slots (P), ship full (P), ship_icons (5P), warehouse_icons (5P),
        # scores (P) and one zero (the to_move and start_player columns, set afterwards); player
        # blocks in relative seating (_observe_one).
        order = (seat_ids[:, None] + seat_ids) % players  # int[P, P]: row p lists the seats clockwise from p
        by_colour = (5 * order[:, :, None] + np.arange(5)).reshape(players, 5 * players)  # int[P, 5P]
        zero = np.full((players, 2 * players), 2 * K + 14 * players)
        self._tail_gather = np.concatenate([
            np.tile(np.arange(2 * K), (players, 1)), zero, 2 * K + order, 2 * K + players + order,
            2 * K + 2 * players + order, 2 * K + 3 * players + by_colour, 2 * K + 8 * players + by_colour,
            2 * K + 13 * players + order], axis=1)  # fmt: skip  # int[P, 2K + 16P]
        self._zero = np.zeros((1, 1), np.int8)

    def obs_field_bounds(self) -> dict:
        """What the rules guarantee for each observation field (derived from the component data,
        so a modified card table gets matching bounds; each bound is argued in SPEC.md)."""
        N, P, C = self.num_cards, self.num_players, self.capacity
        copies = self._kind_copies
        green = self.card_nongreen == 0
        # A ship holds at most C non-green cards ("Your ship can never hold more than five cards")
        # besides any green ones ("Any number of green cards can be loaded onto a ship"): at best
        # the C most valuable non-green cards and every green card. Per colour, likewise for icons.
        def best_load(amount: np.ndarray, among: np.ndarray) -> int:  # amount int[N], among bool[N]
            return int(np.sort(amount[among & ~green])[::-1][:C].sum() + amount[among & green].sum())

        max_ship_value = best_load(self.card_value, np.ones(N, bool))
        ship_icons = [best_load(self.card_icons, self.card_colour == colour) for colour in range(5)]
        all_icons = np.bincount(self.card_colour[self.card_colour >= 0], self.card_icons[self.card_colour >= 0],
                                minlength=5)  # fmt: skip
        # A day pays at most the best ship place plus, per colour, the best commodity place and the
        # monopoly bonus (the variant's larger one only with the variant); a shared place pays at
        # most the best one of those it covers.
        bonus = self._mono_bonus
        if self.options["monopoly_variant"]:
            bonus = max(bonus, self._mono_variant_bonus)
        per_day = int(self._ship_cum[1]) + 5 * (int(self._commodity_cum[1]) + bonus)
        # A patched table can make a field always 0 (a kind without copies, a colour without icons, no
        # payout); the bound of such a field stays 0..1, a box with low < high.
        copies = np.maximum(copies, 1)
        max_ship_value, ship_icons = max(max_ship_value, 1), np.maximum(ship_icons, 1)
        all_icons = np.maximum(all_icons, 1)
        per_day = max(per_day, 1)
        return {
            "phase": (0, 1), "day": (0, 1), "revealed_this_turn": (0, 3), "final_turn": (0, 1),
            "deck_size": (0, N), "market_size": (0, self.max_market), "market_line": (0, 1),
            "market_counts": (0, copies), "unseen_counts": (0, copies), "to_move": (0, 1),
            "start_player": (0, 1), "ship_value": (0, max_ship_value), "ship_slots": (0, C),
            "ship_full": (0, 1), "ship_icons": (0, np.tile(ship_icons, P)),
            "warehouse_icons": (0, np.tile(all_icons, P)), "florins": (0, NUM_DAYS * per_day),
        }  # fmt: skip

    def _observe(self, state: MediciState, players, out: np.ndarray | None = None) -> np.ndarray:
        B, P, M = state.batch_size, self.num_players, self.max_market
        players = np.asarray(players, np.int64)
        if B == 1 and players.size == 1:  # B=1 play (the AEC env): see _observe_one
            return self._observe_one(state, players.item(), out)
        if players.shape != (B,):
            players = np.broadcast_to(players, (B,))
        market_len = state.market_len.astype(np.int64)
        if market_len.max() > M:  # the line would be cut short: the state breaks the rules (see longest_market)
            raise ValueError(f"{self.name}: a market of {market_len.max()} cards is longer than the rules allow ({M})")
        L = self.obs_layout
        if out is None:
            obs = np.zeros((B, self.obs_size), np.float32)
        else:  # every field is overwritten below except the one-hot ones: clear only those
            obs = out
            for field in ("phase", "day", "market_line", "to_move", "start_player"):
                obs[:, L[field]] = 0
        rows = self._rows(B)
        # Every one-hot field in one scatter: int[B, 4 + M] columns set to 1. A finished game has
        # no player to move: its to_move entry repeats its phase column (set anyway).
        hot = np.empty((B, 4 + M), np.int64)
        hot[:, 0] = L["phase"].start + state.phase
        hot[:, 1] = L["day"].start + state.day
        relative_to_move = (state.current_player - players) % P
        hot[:, 2] = np.where(state.terminated, hot[:, 0], L["to_move"].start + relative_to_move)
        hot[:, 3] = L["start_player"].start + (state.start_player - players) % P
        # The market line: block i shows the card at flat index (row start + m - 1 - i) of the market;
        # blocks i >= m read a card of the row before (or wrap around) and are set to "no card".
        at = (rows * self.num_cards + market_len - 1)[:, None] - self._blocks  # int[B, M]
        kinds = self.card_kind.take(_flat(state.market).take(at, mode="wrap"))  # int16[B, M]
        np.putmask(kinds, self._blocks >= market_len[:, None], self.num_kinds)
        np.add(self._line_columns, kinds, out=hot[:, 4:])
        if obs.flags.c_contiguous:  # one flat scatter: far cheaper than indexing rows and columns
            _flat(obs)[(rows * self.obs_size)[:, None] + hot] = 1
        else:
            obs[rows[:, None], hot] = 1
        obs[:, L["revealed_this_turn"].start] = state.revealed
        obs[:, L["final_turn"].start] = state.final_turn
        obs[:, L["deck_size"].start] = state.deck_end - state.deck_top
        obs[:, L["market_size"].start] = market_len
        obs[:, L["market_counts"]] = state.market_counts
        obs[:, L["unseen_counts"]] = state.deck_counts
        # Relative seating: block j shows seat (player + j) % P; gathered through flat indices.
        seat = players % P
        seats = (rows * P + seat)[:, None] + self._seat_shift[seat]  # int[B, P] flat indices into [B, P]
        slots = _flat(state.ship_slots).take(seats)
        obs[:, L["ship_value"]] = _flat(state.ship_value).take(seats)
        obs[:, L["ship_slots"]] = slots
        obs[:, L["ship_full"]] = slots >= self.capacity
        flat_seats = seats.reshape(-1)
        for field in ("ship_icons", "warehouse_icons"):  # [B, P, 5] -> seat-major blocks of 5 colours
            icons = getattr(state, field).reshape(B * P, 5).take(flat_seats, axis=0)
            obs[:, L[field]] = icons.reshape(B, 5 * P)
        obs[:, L["florins"]] = _flat(state.scores).take(seats)
        return obs

    def _observe_one(self, state: MediciState, player: int, out: np.ndarray | None) -> np.ndarray:
        """:meth:`observe` of a batch of one, in Python integers and whole-array copies (the same
        values; tests/test_medici_engine.py compares the two)."""
        P = self.num_players
        m = state.market_len.item(0)
        if m > self.max_market:
            raise ValueError(f"{self.name}: a market of {m} cards is longer than the rules allow ({self.max_market})")
        if out is None:
            obs = np.zeros((1, self.obs_size), np.float32)
        else:
            obs = out
            obs.fill(0)
        o = obs[0]
        phase, day, revealed, final_turn, deck_size, market_size, to_move, start_player = self._one_columns
        o[phase + state.phase.item(0)] = 1
        o[day + state.day.item(0)] = 1
        o[revealed] = state.revealed.item(0)
        o[final_turn] = state.final_turn.item(0)
        o[deck_size] = state.deck_end.item(0) - state.deck_top.item(0)
        o[market_size] = m
        o[self._no_card_columns[m:]] = 1
        if m:  # kinds of the market cards, last card first
            o[self._line_columns[:m] + self.card_kind.take(state.market[0, m - 1 :: -1])] = 1
        # market_counts to florins: one gather from the state's [1, ...] arrays (see _tail_gather)
        slots = state.ship_slots
        rows = (state.market_counts, state.deck_counts, state.ship_value, slots, slots >= self.capacity,
                state.ship_icons.reshape(1, -1), state.warehouse_icons.reshape(1, -1), state.scores, self._zero)
        seat = player % P
        o[self._tail] = np.concatenate(rows, axis=1).take(self._tail_gather[seat])
        if not state.terminated.item(0):  # a finished game has no player to move
            o[to_move + (state.current_player.item(0) - seat) % P] = 1
        o[start_player + (state.start_player.item(0) - seat) % P] = 1
        return obs
