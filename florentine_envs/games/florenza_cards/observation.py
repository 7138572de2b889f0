"""The observation (SPEC §10): the layout of the float32 vector, its field bounds, and the
batched and one-game encoders (:meth:`FlorenzaObservation._observe_batch` and its scalar mirror
:meth:`FlorenzaObservation._observe_one`: a rule changed in one must be changed in the other).

Money and resources of every player are shown: they are held in hand, but every change to
them is public (DESIGN_NOTES 20). So is the table's history a player remembers (version 1):
the order of the monument row, the monuments and artists discarded, the anonymous artists
each player hired, the artist value on each completed work and the artist cards each player
hired (by kind and value). Hidden: other hands (sizes only), the discard pile (the observer's
own discards only), deck orders and the values of artists not yet hired."""

from __future__ import annotations

import functools

import numpy as np

from ...core.game import layout_from_sizes
from .constants import (
    ACTION_PHASES,
    DISCARDED,
    DONE,
    IN_ROW,
    NUM_PHASES,
    NUM_RESOURCES,
    NUM_SLOTS,
    NUM_TYPES,
    RESERVED,
)
from .state import FlorenzaCardsState

_ACTION_PHASE = np.zeros(NUM_PHASES, bool)
_ACTION_PHASE[list(ACTION_PHASES)] = True


class FlorenzaObservation:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: the observation."""

    def _build_layout(self) -> None:
        P, K, M, AK, L = self.num_players, self.K, self.M, self.AK, self.L
        NA = self.NA
        # one player's block: money, resources, hand size, visible prestige, artist cards hired per
        # type, in play, completed and reserved monuments, reserved artists (version 0's block),
        # then anonymous artists hired per type, the artist value on each played artwork and on
        # each completed monument, and the artist cards hired by kind and value (SPEC §10)
        self.block_size = 12 + K + 2 * M + AK + NUM_TYPES + K + M + NA
        sizes = [
            ("phase", NUM_PHASES), ("to_move", P), ("captain", P), ("new_captain", P), ("round", self.t.rounds),
            ("action_slot", NUM_SLOTS), ("pending_card", K), ("pending_monument", M), ("given", NUM_RESOURCES),
            ("supply", NUM_RESOURCES + 1), ("locations_up", L), ("anonymous_up", NUM_TYPES), ("deck_size", 1),
            ("discard_size", 1), ("own_discards", K), ("waiting_decks", 2), ("monument_deck", 1),
            ("artist_deck", 1), ("row", M), ("row_position", M), ("table_artists", AK),
            ("discarded_monuments", M), ("discarded_artists", AK), ("players", P * self.block_size),
            ("own_hand", K),
        ]  # fmt: skip
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)
        self.waiting_sizes = (int(self.t.n_deck[1].sum()), int(self.t.n_deck[2].sum()))
        # Hired artist cards are shown by (kind, value): copies alike in both are one group, and a
        # seat that hired n of a group shows its first n copies (data order), whichever it got.
        t = self.t
        pairs = t.copy_kind * (int(t.copy_value.max()) + 1) + t.copy_value
        _, group = np.unique(pairs, return_inverse=True)
        self.copy_group = group.ravel()  # int[NA]
        self.group_onehot = np.eye(int(group.max()) + 1, dtype=np.int64)[self.copy_group]  # [NA, G]
        earlier = (self.copy_group[:, None] == self.copy_group[None, :]) & np.tri(NA, k=-1, dtype=bool)
        self.group_rank = earlier.sum(1)  # int[NA] copies of the same group before this one
        # the longest row the rules allow: the first 7, then the kept ones and each round's new ones
        drawn = longest = length = min(t.monuments_initial, self.M)
        for _ in range(t.rounds - 1):
            new = min(t.monuments_per_round, self.M - drawn)
            drawn, length = drawn + new, min(length, t.monuments_kept) + new
            longest = max(longest, length)
        self.longest_row = longest

    def obs_field_bounds(self) -> dict:
        """What the rules and the data guarantee for each field (SPEC §10, "Bounds"); fixed values
        and zero maxima get ``v ... v + 1`` (the core needs low < high)."""
        t, P = self.t, self.num_players

        def upto(high) -> tuple:
            return 0, np.maximum(np.asarray(high, np.float64), 1)

        largest_artist = max(int(t.copy_value.max()), int(t.anon_value.max()))
        visible = int(t.mon_prestige.sum() + t.card_prestige.sum()) + (
            self.M + int(t.card_needs_artist.sum())
        ) * largest_artist
        type_copies = np.bincount(t.art_type, weights=t.art_copies, minlength=NUM_TYPES)  # artist cards per type
        # the best artist a work can get: the highest value among the copies of its types
        best_of = (t.copy_value[None, :] * (t.copy_type[None, :] == np.arange(NUM_TYPES)[:, None])).max(1)  # [3]
        best_of = np.maximum(best_of, t.anon_value)
        best_card = np.where(t.card_types, best_of, 0).max(1)  # [K] 0 for cards without artist
        best_monument = np.where(t.mon_types, best_of, 0).max(1)  # [M]
        block_high = np.concatenate([
            [t.money0], t.supply0, [t.N], [visible], type_copies, np.ones(self.K + 2 * self.M), t.art_copies,
            np.full(NUM_TYPES, t.rounds), best_card, best_monument, np.ones(self.NA),
        ])  # fmt: skip
        bounds = {field: (0, 1) for field in self.obs_layout}
        bounds.update({
            "given": (0, 2),
            "supply": upto(np.r_[t.supply0, t.money0]),
            "locations_up": upto(t.loc_copies),
            "deck_size": upto(t.N),
            "discard_size": upto(t.N),
            "own_discards": upto(t.n),
            "waiting_decks": upto(self.waiting_sizes),
            "monument_deck": upto(self.M),
            "artist_deck": upto(self.NA),
            "table_artists": upto(t.art_copies),
            "row_position": upto(self.longest_row),
            "discarded_artists": upto(t.art_copies),
            "players": upto(np.tile(block_high, P)),
            "own_hand": upto(t.n),
        })  # fmt: skip
        return bounds

    def _observe(self, state: FlorenzaCardsState, players, out: np.ndarray | None = None) -> np.ndarray:
        """float32[B, obs_size] (SPEC §10); a batch of one takes :meth:`_observe_one`."""
        o = np.asarray(players)
        if state.batch_size == 1 and o.size == 1 and 0 <= o.item(0) < self.num_players:
            obs = np.empty((1, self.obs_size), np.float32) if out is None else out
            self._observe_one(state, int(o.item(0)), obs[0])
            return obs
        return self._observe_batch(state, players, out)

    def _observe_batch(self, st: FlorenzaCardsState, players, out: np.ndarray | None = None) -> np.ndarray:
        P, L, B = self.num_players, self.obs_layout, st.batch_size
        o = np.broadcast_to(np.asarray(players, np.int64), (B,))
        obs = np.zeros((B, self.obs_size), np.float32) if out is None else out
        if out is not None:
            obs.fill(0.0)
        rows = np.arange(B)

        def one_hot(field: str, index: np.ndarray, where=None) -> None:
            sel = rows if where is None else rows[where]
            idx = index if where is None else index[where]
            obs[sel, L[field].start + idx.astype(np.int64)] = 1.0

        def put(field: str, values) -> None:
            obs[:, L[field]] = np.asarray(values).reshape(B, -1)

        phase = st.phase.astype(np.int64)
        one_hot("phase", phase)
        one_hot("to_move", (st.current_player - o) % P, ~st.terminated)
        one_hot("captain", (st.captain - o) % P)
        one_hot("new_captain", (st.new_captain - o) % P, st.new_captain >= 0)
        one_hot("round", st.round - 1)
        one_hot("action_slot", st.slot, _ACTION_PHASE[phase] & ~st.terminated)
        one_hot("pending_card", st.pending_card, st.pending_card >= 0)
        one_hot("pending_monument", st.pending_monument, st.pending_monument >= 0)
        put("given", st.given)
        put("supply", np.concatenate([st.supply, st.supply_money[:, None]], 1))
        put("locations_up", st.loc_up)
        put("anonymous_up", st.anon_up)
        put("deck_size", st.deck_len - st.deck_pos)
        put("discard_size", st.discard.sum((1, 2)))
        put("own_discards", st.discard[rows, o])
        put("waiting_decks", np.stack([np.where(st.round <= 1, self.waiting_sizes[0], 0),
                                       np.where(st.round <= 2, self.waiting_sizes[1], 0)], 1))  # fmt: skip
        put("monument_deck", self.M - st.mon_drawn.astype(np.int64))
        put("artist_deck", self.NA - st.art_drawn.astype(np.int64))
        row = st.mon_state == IN_ROW
        put("row", row)
        put("row_position", np.where(row, self.row_rank(st.mon_state, st.mon_pos) + 1, 0))
        put("table_artists", st.table_count)
        put("discarded_monuments", st.mon_state == DISCARDED)
        put("discarded_artists", np.add.reduceat((st.art_state == DISCARDED).astype(np.int64), self.t.abase, axis=1))
        blocks = obs[:, L["players"]].reshape(B, P, self.block_size)
        K, M, AK = self.K, self.M, self.AK
        done = st.mon_state == DONE
        hired = st.art_state == DONE
        x = 12 + K + 2 * M + AK  # the version-1 fields of the block
        for j in range(P):
            seat = (o + j) % P
            block = blocks[:, j]
            block[:, 0] = st.money[rows, seat]
            block[:, 1:7] = st.res[rows, seat]
            block[:, 7] = st.hand[rows, seat].sum(1)
            block[:, 8] = st.visible_pp[rows, seat]
            block[:, 9:12] = st.hired_types[rows, seat]
            block[:, 12 : 12 + K] = st.in_play[rows, seat]
            mine = st.mon_owner == seat[:, None]
            block[:, 12 + K : 12 + K + M] = mine & done
            block[:, 12 + K + M : 12 + K + 2 * M] = mine & (st.mon_state == RESERVED)
            block[:, 12 + K + 2 * M : x] = st.reserved_count[rows, seat]
            block[:, x : x + 3] = st.anon_hired[rows, seat]
            block[:, x + 3 : x + 3 + K] = np.maximum(st.card_artist[rows, seat], 0)
            block[:, x + 3 + K : x + 3 + K + M] = np.where(mine & done, st.mon_artist, 0)
            block[:, x + 3 + K + M :] = self._hired_copies(hired & (st.art_owner == seat[:, None]))
        obs[:, L["players"]] = blocks.reshape(B, -1)
        put("own_hand", st.hand[rows, o])
        return obs

    def _observe_one(self, st: FlorenzaCardsState, o: int, row: np.ndarray) -> None:
        """:meth:`_observe_batch` for game 0 of a batch of one, observer ``o``, into ``row``."""
        P, L = self.num_players, self.obs_layout
        start = self._starts
        row.fill(0.0)
        phase = st.phase.item(0)
        over = st.terminated.item(0)
        row[start["phase"] + phase] = 1.0
        if not over:
            row[start["to_move"] + (st.current_player.item(0) - o) % P] = 1.0
            if _ACTION_PHASE[phase]:
                row[start["action_slot"] + st.slot.item(0)] = 1.0
        row[start["captain"] + (st.captain.item(0) - o) % P] = 1.0
        holder = st.new_captain.item(0)
        if holder >= 0:
            row[start["new_captain"] + (holder - o) % P] = 1.0
        rnd = st.round.item(0)
        row[start["round"] + rnd - 1] = 1.0
        card, mon = st.pending_card.item(0), st.pending_monument.item(0)
        if card >= 0:
            row[start["pending_card"] + card] = 1.0
        if mon >= 0:
            row[start["pending_monument"] + mon] = 1.0
        row[L["given"]] = st.given[0]
        supply = L["supply"]
        row[supply.start : supply.stop - 1] = st.supply[0]
        row[supply.stop - 1] = st.supply_money.item(0)
        row[L["locations_up"]] = st.loc_up[0]
        row[L["anonymous_up"]] = st.anon_up[0]
        row[start["deck_size"]] = st.deck_len.item(0) - st.deck_pos.item(0)
        discard = st.discard[0]
        row[start["discard_size"]] = discard.sum()
        row[L["own_discards"]] = discard[o]
        waiting = start["waiting_decks"]
        row[waiting] = self.waiting_sizes[0] if rnd <= 1 else 0
        row[waiting + 1] = self.waiting_sizes[1] if rnd <= 2 else 0
        row[start["monument_deck"]] = self.M - st.mon_drawn.item(0)
        row[start["artist_deck"]] = self.NA - st.art_drawn.item(0)
        mon_state, mon_owner = st.mon_state[0], st.mon_owner[0]
        in_row = mon_state == IN_ROW
        row[L["row"]] = in_row
        row[L["row_position"]] = np.where(in_row, self.row_rank(st.mon_state, st.mon_pos)[0] + 1, 0)
        row[L["table_artists"]] = st.table_count[0]
        row[L["discarded_monuments"]] = mon_state == DISCARDED
        art_state = st.art_state[0]
        row[L["discarded_artists"]] = np.add.reduceat((art_state == DISCARDED).astype(np.int64), self.t.abase)
        K, M, AK = self.K, self.M, self.AK
        seats = self._seat_orders[o]  # int[P]: block j describes seat (o + j) mod P
        blocks = row[L["players"]].reshape(P, self.block_size)  # a view into row
        blocks[:, 0] = st.money[0, seats]
        blocks[:, 1:7] = st.res[0, seats]
        blocks[:, 7] = st.hand[0, seats].sum(1)
        blocks[:, 8] = st.visible_pp[0, seats]
        blocks[:, 9:12] = st.hired_types[0, seats]
        blocks[:, 12 : 12 + K] = st.in_play[0, seats]
        mine = mon_owner[None, :] == seats[:, None]  # [P, M]
        done = mine & (mon_state == DONE)
        x = 12 + K + 2 * M + AK
        blocks[:, 12 + K : 12 + K + M] = done
        blocks[:, 12 + K + M : 12 + K + 2 * M] = mine & (mon_state == RESERVED)
        blocks[:, 12 + K + 2 * M : x] = st.reserved_count[0, seats]
        blocks[:, x : x + 3] = st.anon_hired[0, seats]
        blocks[:, x + 3 : x + 3 + K] = np.maximum(st.card_artist[0, seats], 0)
        blocks[:, x + 3 + K : x + 3 + K + M] = np.where(done, st.mon_artist[0][None, :], 0)
        hired = (art_state == DONE) & (st.art_owner[0][None, :] == seats[:, None])  # [P, NA]
        blocks[:, x + 3 + K + M :] = self._hired_copies(hired)
        row[L["own_hand"]] = st.hand[0, o]

    def _hired_copies(self, hired: np.ndarray) -> np.ndarray:
        """bool[n, NA] from the copies hired by one seat each, bool[n, NA]: per (kind, value) group,
        as many of its first copies as the seat hired of it -- a function of what the table shows
        (the hired cards' kinds and values), not of which copy it was."""
        counts = hired.astype(np.int64) @ self.group_onehot  # [n, G]
        return self.group_rank < counts[:, self.copy_group]

    def row_rank(self, mon_state: np.ndarray, mon_pos: np.ndarray) -> np.ndarray:
        """int[B, M]: 0-based place of each row monument in the row (DESIGN_NOTES 5: prestige
        descending, then the order drawn); arbitrary for monuments not in the row."""
        key = np.where(mon_state == IN_ROW, -self.t.mon_prestige * 256 + mon_pos, 1 << 30)
        return np.argsort(np.argsort(key, axis=1, kind="stable"), axis=1, kind="stable")

    @functools.cached_property
    def _seat_orders(self) -> list[np.ndarray]:
        """Per observer o, the seats of the player blocks: ``(o + j) mod P`` for j = 0..P-1."""
        P = self.num_players
        return [(o + np.arange(P)) % P for o in range(P)]

    @property
    def _starts(self) -> dict[str, int]:
        cached = self.__dict__.get("_start_cache")
        if cached is None:
            cached = self.__dict__["_start_cache"] = {f: s.start for f, s in self.obs_layout.items()}
        return cached
