"""The reference's observation (SPEC: "Observation"): the layout (:func:`obs_offsets`) and
:class:`ReferenceObservation`, whose ``observe`` writes it field by field."""

from __future__ import annotations

import numpy as np

from .tables import CARD_KIND, LONGEST_MARKET, NO_CARD_INDEX, NUM_COLOURS, NUM_DAYS, NUM_KINDS

# ---------------------------------------------------------------------------
# Observation layout (SPEC: "Observation")
# ---------------------------------------------------------------------------

# Fixed-size fields, in order.
_FIXED_FIELDS = (
    ("phase", 2),
    ("day", NUM_DAYS),
    ("revealed_this_turn", 1),
    ("final_turn", 1),
    ("deck_size", 1),
    ("market_size", 1),
    ("market_line", None),  # LONGEST_MARKET[P] blocks of NUM_KINDS + 1
    ("market_counts", NUM_KINDS),
    ("unseen_counts", NUM_KINDS),
)
# Per-player fields: (name, entries per player).
_PLAYER_FIELDS = (
    ("to_move", 1),
    ("start_player", 1),
    ("ship_value", 1),
    ("ship_slots", 1),
    ("ship_full", 1),
    ("ship_icons", NUM_COLOURS),
    ("warehouse_icons", NUM_COLOURS),
    ("florins", 1),
)
OBS_PER_PLAYER = sum(size for _, size in _PLAYER_FIELDS)  # 16


def obs_size(num_players: int) -> int:
    start, size = obs_offsets(num_players)["florins"]
    return start + size


def obs_offsets(num_players: int) -> dict[str, tuple[int, int]]:
    """Field name -> (start, length) in the observation vector."""
    offsets = {}
    pos = 0
    for name, size in _FIXED_FIELDS:
        if size is None:  # market_line
            size = LONGEST_MARKET[num_players] * (NUM_KINDS + 1)
        offsets[name] = (pos, size)
        pos += size
    for name, per in _PLAYER_FIELDS:
        offsets[name] = (pos, per * num_players)
        pos += per * num_players
    return offsets



class ReferenceObservation:
    """Mixed into :class:`~.rules.MediciReference`."""

    def observe(self, player: int) -> np.ndarray:
        """SPEC: "Observation (float32, raw counts, no normalisation)"."""
        P = self.num_players
        if not 0 <= int(player) < P:
            raise ValueError(f"player must be in 0..{P - 1}, got {player!r}")
        player = int(player)
        obs = np.zeros(self.obs_size, dtype=np.float32)
        off = self._offsets

        def put(name: str, index: int, value) -> None:
            start, size = off[name]
            assert 0 <= index < size
            obs[start + index] = value

        put("phase", self.phase, 1)
        put("day", self.day, 1)
        put("revealed_this_turn", 0, self.revealed_this_turn)
        put("final_turn", 0, 1 if self.final_turn else 0)
        put("deck_size", 0, len(self.deck))
        put("market_size", 0, len(self.market))
        # SPEC: "the whole market in order: M blocks of 33, one-hot; block i = the card at
        # market position m-1-i (block 0 = the last card ...); index 32 = no card there".
        m = len(self.market)
        longest = LONGEST_MARKET[P]
        assert m <= longest, f"a market of {m} cards is longer than the rules allow ({longest})"
        for block in range(longest):
            pos = m - 1 - block
            kind = CARD_KIND[self.market[pos]] if pos >= 0 else NO_CARD_INDEX
            put("market_line", block * (NUM_KINDS + 1) + kind, 1)
        for card in self.market:
            start, _ = off["market_counts"]
            obs[start + CARD_KIND[card]] += 1
        for card in self.deck:
            start, _ = off["unseen_counts"]
            obs[start + CARD_KIND[card]] += 1

        # Player blocks in relative seating: block j is player (p + j) % P.
        for j in range(P):
            q = (player + j) % P
            if not self.terminated and q == self.current_player:
                put("to_move", j, 1)
            if q == self.start_player:
                put("start_player", j, 1)
            put("ship_value", j, self._ship_value(q))
            put("ship_slots", j, self._slots_used(q))
            put("ship_full", j, 1 if self._ship_full(q) else 0)
            ship_icons = self._icons(self.ships[q])
            warehouse_icons = self._icons(self.warehouses[q])
            for c in range(NUM_COLOURS):
                put("ship_icons", NUM_COLOURS * j + c, ship_icons[c])
                put("warehouse_icons", NUM_COLOURS * j + c, warehouse_icons[c])
            put("florins", j, self.scores[q])
        return obs
