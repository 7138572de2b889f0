"""The solo game's part of the observation (SPEC.md SV): the field ``solo`` after the base
fields (built with the seat count), and the base fields' solo adjustments."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from .constants import (
    DECK_SIZES,
    MAX_DUMMIES,
    NUM_AUTOMA,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_DRAWN,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    NUM_STACKS,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    ROW,
)
from .rules.common import _DECK_SIZE

if TYPE_CHECKING:
    from .state import PrincesState

SLOT = 3 + NUM_PROFESSIONS + 1  # per row slot: present, face up, Recruiting, profession 21, Bonus count
DUMMY = 1 + NUM_PROFESSIONS  # per dummy: face-down count, face-up flags
#: the parts of the ``solo`` field, in order (SPEC.md SV)
SOLO_PARTS = (
    ("top_panel", 4 * NUM_STACKS), ("automa_card", NUM_AUTOMA), ("automa_out", NUM_AUTOMA),
    ("last_bids", 2 * NUM_STACKS), ("auction", 3), ("you_bought", NUM_STACKS + 1), ("wolf_row", ROW * SLOT),
    ("wolf_counts", 13), ("wolf_bonus", NUM_BONUS), ("wolf_prestige", NUM_PRESTIGE), ("dummies", DUMMY * MAX_DUMMIES),
    ("discards", 2), ("deck_places", NUM_DRAWN),
)  # fmt: skip
SOLO_SIZE = sum(size for _, size in SOLO_PARTS)  # 665
#: offset of each part inside the ``solo`` field
SOLO_OFFSETS = dict(zip([n for n, _ in SOLO_PARTS], np.cumsum([0] + [s for _, s in SOLO_PARTS])[:-1].tolist()))


class SoloObservation:
    """Mixin of :class:`~.princes.Princes`: the solo game's observation."""

    def _solo_bounds(self) -> np.ndarray:
        """float[SOLO_SIZE] upper bounds of the ``solo`` field (the lower ones are 0)."""
        T, ST = self.T, self.ST
        high = np.ones(SOLO_SIZE)
        top = np.ones((NUM_STACKS, 4))
        top[:, 1] = max(ST.max_mod, 1)
        top[:, 2] = 4
        high[SOLO_OFFSETS["top_panel"] : SOLO_OFFSETS["top_panel"] + 4 * NUM_STACKS] = top.reshape(-1)
        at = SOLO_OFFSETS["last_bids"] + NUM_STACKS
        high[at : at + NUM_STACKS] = ST.max_mod + ST.die_sides
        high[SOLO_OFFSETS["auction"]] = self.seats
        slots = np.ones((ROW, SLOT))
        slots[:, -1] = NUM_BONUS
        high[SOLO_OFFSETS["wolf_row"] : SOLO_OFFSETS["wolf_row"] + ROW * SLOT] = slots.reshape(-1)
        at = SOLO_OFFSETS["wolf_counts"]
        high[at : at + 10] = T.buildings_per_type
        high[at + 10 : at + 13] = ST.freedoms_per_kind
        dummies = np.ones((MAX_DUMMIES, DUMMY))
        dummies[:, 0] = NUM_PROFESSIONS
        high[SOLO_OFFSETS["dummies"] : SOLO_OFFSETS["dummies"] + DUMMY * MAX_DUMMIES] = dummies.reshape(-1)
        at = SOLO_OFFSETS["discards"]
        high[at : at + 2] = T.recruiting, T.builders
        high[SOLO_OFFSETS["deck_places"] :] = np.repeat(DECK_SIZES, DECK_SIZES)
        return high

    def _solo_observe(self, st: PrincesState, out: np.ndarray) -> None:
        """Write the ``solo`` field and the base fields' solo adjustments into ``out`` (observer 0)."""
        ST, L, S = self.ST, self.obs_layout, self.seats
        B = st.batch_size
        rows = np.arange(B)
        wolf_bonus, wolf_prestige = st.bonus_hand[:, 1], st.prestige_hand[:, 1]
        out[:, L["unseen_bonus"]] *= ~wolf_bonus  # his cards are public (D48)
        out[:, L["unseen_prestige"]] *= ~wolf_prestige
        solo = np.zeros((B, SOLO_SIZE), np.float32)

        def put(part: str, values) -> None:
            at = SOLO_OFFSETS[part]
            values = np.asarray(values, np.float32).reshape(B, -1)
            solo[:, at : at + values.shape[1]] = values

        card = st.automa_card.astype(np.int64)
        has_card = card >= 0
        c = np.maximum(card, 0)
        top = np.stack([ST.has_mod[c], ST.mod[c], ST.pos[c], ST.excluded[c]], axis=2)  # [B, 7, 4]
        put("top_panel", top * has_card[:, None, None])
        one_hot = np.zeros((B, NUM_AUTOMA), np.float32)
        one_hot[rows[has_card], card[has_card]] = 1.0
        put("automa_card", one_hot)
        drawn = np.arange(NUM_AUTOMA)[None, :] < st.automa_next[:, None]
        gone = np.zeros((B, NUM_AUTOMA), bool)
        gone[np.broadcast_to(rows[:, None], drawn.shape)[drawn], st.automa_order[drawn]] = True
        gone[rows[has_card], card[has_card]] = False
        put("automa_out", gone)
        rolled = st.last_bid >= 0
        put("last_bids", np.concatenate([rolled, np.where(rolled, st.last_bid, 0)], 1))
        in_auction = np.isin(st.phase, (PH_AUCTION_CHOOSE, PH_AUCTION_BID)) & has_card
        final = in_auction & (st.auctions_done == S - 1)
        put("auction", np.stack([st.auctions_done, final, st.forced], 1))
        bought = np.zeros((B, NUM_STACKS + 1), np.float32)
        bought[rows, np.where(st.you_bought >= 0, st.you_bought, NUM_STACKS)] = 1.0
        put("you_bought", bought)
        row, up = st.wolf_row.astype(np.int64), st.wolf_up
        present = row >= 0
        slot = np.zeros((B, ROW, SLOT), np.float32)
        slot[:, :, 0] = present
        slot[:, :, 1] = up
        slot[:, :, 2] = row == NUM_PROFESSIONS
        prof = present & (row < NUM_PROFESSIONS)
        seen = st.known[rows[:, None], 1, np.minimum(np.maximum(row, 0), NUM_PROFESSIONS - 1)]
        shown = prof & (up | seen)
        b, s = np.nonzero(shown)
        slot[b, s, 3 + row[b, s]] = 1.0
        on = st.wolf_bonus.astype(np.int64)
        b, i = np.nonzero(on >= 0)
        np.add.at(slot, (b, on[b, i], SLOT - 1), 1.0)
        put("wolf_row", slot)
        put("wolf_counts", np.concatenate([st.wolf_buildings, st.wolf_freedoms], 1))
        put("wolf_bonus", wolf_bonus)
        put("wolf_prestige", wolf_prestige)
        dummies = np.zeros((B, MAX_DUMMIES, DUMMY), np.float32)
        for d in range(S - 2):
            dummies[:, d, 0] = st.hand_prof[:, 2 + d].sum(1)
            dummies[:, d, 1:] = st.table_prof[:, 2 + d]
        put("dummies", dummies)
        put("discards", np.stack([st.recruit_discarded, st.builders_discarded], 1))
        put("deck_places", self._deck_places(st))
        out[:, L["solo"]] = solo

    @staticmethod
    def _deck_places(st: PrincesState) -> np.ndarray:
        """int64[B, 55] (professions 21, Bonus 20, Prestige 14): a card's place in its deck counted
        from the top (1 = the top card) where you know it lies there, having put it under yourself
        or for Wolfgang (``under_by = 0``, D49); 0 for every other card."""
        B = st.batch_size
        rows = np.arange(B)[:, None]
        places = np.zeros((B, NUM_DRAWN), np.int64)
        first = 0
        for d, size in enumerate(_DECK_SIZE.tolist()):
            place = (np.arange(size)[None, :] - st.deck_top[:, d, None].astype(np.int64)) % size  # [B, size]
            card = st.deck_cards[:, d, :size].astype(np.int64)
            known = (place < st.deck_len[:, d, None]) & (card >= 0)
            known &= st.under_by[rows, d, np.maximum(card, 0)] == 0
            b, k = np.nonzero(known)
            places[b, first + card[b, k]] = place[b, k] + 1
            first += size
        return places

    @functools.cached_property
    def _top_panels(self) -> np.ndarray:
        """float32[NUM_AUTOMA, 4 * NUM_STACKS]: the ``top_panel`` part of each Automa card."""
        ST = self.ST
        return np.stack([ST.has_mod, ST.mod, ST.pos, ST.excluded], axis=2).reshape(NUM_AUTOMA, -1).astype(np.float32)

    def _solo_observe_one(self, st: PrincesState, row: np.ndarray) -> None:
        """:meth:`_solo_observe` of a batch of one into ``row`` (float32[obs_size], the base fields
        written): the same values (a test compares them) from scalar reads and writes into a view
        of the row, where the batched index arithmetic costs several times more for one game."""
        L, at = self.obs_layout, SOLO_OFFSETS
        wolf_bonus, wolf_prestige = st.bonus_hand[0, 1], st.prestige_hand[0, 1]
        row[L["unseen_bonus"]] *= ~wolf_bonus  # his cards are public (D48)
        row[L["unseen_prestige"]] *= ~wolf_prestige
        solo = row[L["solo"]]  # float32[SOLO_SIZE], a view: the parts are written in place
        solo[:] = 0.0
        card = st.automa_card.item(0)
        out = at["automa_out"]
        solo[out + st.automa_order[0, : st.automa_next.item(0)]] = 1.0
        if card >= 0:
            solo[at["top_panel"] : at["top_panel"] + 4 * NUM_STACKS] = self._top_panels[card]
            solo[at["automa_card"] + card] = 1.0
            solo[out + card] = 0.0
        bids = at["last_bids"]
        last_bid = st.last_bid[0]
        solo[bids : bids + NUM_STACKS] = last_bid >= 0
        solo[bids + NUM_STACKS : bids + 2 * NUM_STACKS] = np.maximum(last_bid, 0)  # -1: not rolled
        done = st.auctions_done.item(0)
        in_auction = card >= 0 and st.phase.item(0) in (PH_AUCTION_CHOOSE, PH_AUCTION_BID)
        solo[at["auction"] : at["auction"] + 3] = (done, in_auction and done == self.seats - 1, st.forced.item(0))
        bought = st.you_bought.item(0)
        solo[at["you_bought"] + (bought if bought >= 0 else NUM_STACKS)] = 1.0
        known = st.known[0, 1].tolist()
        slot = at["wolf_row"]
        size = st.wolf_len.item(0)  # the row has no gaps (an invariant): its cards are the first slots
        for x, up in zip(st.wolf_row[0, :size].tolist(), st.wolf_up[0, :size].tolist()):
            solo[slot] = 1.0
            solo[slot + 1] = up
            if x == NUM_PROFESSIONS:
                solo[slot + 2] = 1.0
            elif up or known[x]:
                solo[slot + 3 + x] = 1.0
            slot += SLOT
        if wolf_bonus.any():  # his Bonus cards are those on his row (an invariant)
            for k in st.wolf_bonus[0].tolist():
                if k >= 0:
                    solo[at["wolf_row"] + k * SLOT + SLOT - 1] += 1.0
        counts = at["wolf_counts"]
        solo[counts : counts + NUM_BUILDINGS] = st.wolf_buildings[0]
        solo[counts + NUM_BUILDINGS : counts + 13] = st.wolf_freedoms[0]
        solo[at["wolf_bonus"] : at["wolf_bonus"] + NUM_BONUS] = wolf_bonus
        solo[at["wolf_prestige"] : at["wolf_prestige"] + NUM_PRESTIGE] = wolf_prestige
        dummies = solo[at["dummies"] : at["dummies"] + DUMMY * MAX_DUMMIES].reshape(MAX_DUMMIES, DUMMY)
        seats = self.seats
        dummies[: seats - 2, 0] = st.hand_prof[0, 2:seats].sum(1)
        dummies[: seats - 2, 1:] = st.table_prof[0, 2:seats]
        solo[at["discards"] : at["discards"] + 2] = (st.recruit_discarded.item(0), st.builders_discarded.item(0))
        if (st.under_by[0] == 0).any():  # cards you know the place of (rare: skip the search otherwise)
            solo[at["deck_places"] : at["deck_places"] + NUM_DRAWN] = self._deck_places(st)[0]
