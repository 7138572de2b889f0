"""The observation (SPEC §10): the layout of the float32 vector, its field bounds, and the encoder
(the kernel ``kernels.observe_one`` over the batch).

Money and resources of every player are shown: they are held in hand, but every change to
them is public (DESIGN_NOTES 20). So is the table's history a player remembers (version 1):
the order of the monument row, the monuments and artists discarded, the anonymous artists
each player hired, the artist value on each completed work and the artist cards each player
hired (by kind and value). Hidden: other hands (sizes only), the discard pile (the observer's
own discards only), deck orders and the values of artists not yet hired."""

from __future__ import annotations

import numpy as np

from ...core.game import layout_from_sizes
from . import kernels
from .constants import NUM_PHASES, NUM_RESOURCES, NUM_SLOTS, NUM_TYPES
from .state import FlorenzaCardsState


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
        """float32[B, obs_size] (SPEC §10): the kernel ``kernels.observe_one`` of every game."""
        B = state.batch_size
        players = np.asarray(players, np.int64)
        if players.shape != (B,) or not players.flags.writeable:
            players = np.full(B, players) if players.ndim == 0 else players.copy()
        obs = np.empty((B, self.obs_size), np.float32) if out is None else out
        kernels.observe(players, obs, *self._arrays(state))
        return obs

