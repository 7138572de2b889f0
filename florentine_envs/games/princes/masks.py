"""Legal-action masks of The Princes of Florence, phase by phase (SPEC.md section M), computed
for a subset of the batch after every step."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from .constants import (
    A_BONUS,
    A_BUILD,
    A_CARDINAL,
    A_CHAR_BID,
    A_DONE,
    A_END_TURN,
    A_FREEDOM,
    A_LANDSCAPE,
    A_MERCHANT_FAME,
    A_MERCHANT_PAY,
    A_OPEN,
    A_PASS,
    A_PRINCESS,
    A_PROFESSION,
    A_PROFESSOR_BONUS,
    A_PROFESSOR_PRESTIGE,
    A_RAISE,
    A_RECRUIT,
    A_TAKE_BONUS,
    A_TAKE_PROFESSION,
    A_WITHDRAW,
    ACT_BONUS,
    ACT_BUILD,
    ACT_WORK,
    C_CARDINAL,
    C_MERCHANT,
    C_PRINCESS,
    C_PROFESSOR,
    CHAR_SPACES,
    CTX_WIN,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_DRAWN,
    NUM_FREEDOMS,
    NUM_PROFESSIONS,
    NUM_STACKS,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    PH_KEEP,
    PH_LANDSCAPE_PICK,
    PH_ORDER,
    PH_PLACE,
    PH_RECRUIT_NOW,
    PH_SETUP_DISCARD,
    PH_WORK_BONUS,
    PH_WORK_PAY,
    S_PRESTIGE,
    TWICE,
)

if TYPE_CHECKING:
    from .state import PrincesState

_VALUES = np.arange(CHAR_SPACES)  # [16] bid values


class MaskRules:
    """Mixin of :class:`~.princes.Princes`: ``legal_action_mask`` per phase."""

    def _refresh_mask(self, st: PrincesState, g: np.ndarray) -> None:
        """Recompute ``legal_action_mask`` for games ``g`` (GAME_OVER rows stay all False)."""
        if g.size == 1 and st.batch_size == 1:  # the AEC env: scalar reads where they pay
            self._mask_one(st)
            return
        st.legal_action_mask[g] = False
        phase = st.phase[g]
        if g.size == 1:
            fill = self._mask_fillers.get(int(phase[0]))
            if fill is not None:
                fill(self, st, g, st.current_player[g].astype(np.int64))
            return
        for ph, fill in self._mask_fillers.items():
            sel = phase == ph
            if sel.all():
                fill(self, st, g, st.current_player[g].astype(np.int64))
                return
            if sel.any():
                gs = g[sel]
                fill(self, st, gs, st.current_player[gs].astype(np.int64))

    def _mask_one(self, st: PrincesState) -> None:
        """The mask of a batch of one: ACTION (the costliest phase) from scalar reads and views,
        the rules of :meth:`_mask_action` (a test compares the two on random positions); every
        other phase through its batched filler."""
        mask = st.legal_action_mask[0]
        mask[:] = False
        phase = st.phase.item(0)
        if phase != PH_ACTION:
            fill = self._mask_fillers.get(phase)
            if fill is not None:
                fill(self, st, self._one, st.current_player[self._one].astype(np.int64))
            return
        T, p = self.T, st.current_player.item(0)
        seat = np.array([p])
        left = st.actions_left.item(0) >= 1
        money = st.money.item(0, p)
        purse = money if self.characters else money + st.fame.item(0, p) * T.florin_per_fame_sold
        work_ok = build_ok = bonus_ok = True
        if self.cardinal_twice_limit:  # D17: each of them at most twice this turn
            work_ok, build_ok, bonus_ok = (st.acts_done[0] < TWICE).tolist()
        if left:
            hand = st.hand_prof[0, p]
            if work_ok and hand.any():
                minimum = T.minimum[st.round.item(0)]
                landscapes = st.landscapes[0, p]
                cards = int(hand.sum() + st.table_prof[0, p].sum()) + st.hand_recruit.item(0, p)
                cards += st.table_recruit.item(0, p)
                common = T.value_jester * st.jesters.item(0, p) + T.value_card * cards
                common += self._muse(st, self._one, seat).item(0)
                held = st.bonus_hand[0, p]
                if held.any():
                    values = self.bonus_values(st, self._one, seat, playing=True)[0]
                    common += int(values[held].sum())
                base = np.where(landscapes[T.prof_landscape] > 0, T.value_landscape, 0)
                base += np.where(st.freedoms[0, p][T.prof_freedom], T.value_freedom, 0)
                base += np.where(st.built[0, p][T.prof_building], T.value_building, 0)
                mask[A_PROFESSION : A_PROFESSION + NUM_PROFESSIONS] = hand & (base + common >= minimum)
            princess = self.characters and st.char_owner.item(0, C_PRINCESS) == p
            if work_ok and princess and st.char_faceup.item(0, C_PRINCESS):
                value = self.princess_value(st, self._one, seat).item(0)
                mask[A_PRINCESS] = value >= T.minimum[st.round.item(0)]
            if build_ok and T.build_cost[st.builders.item(0, p)] <= purse:
                build = (st.supply_buildings[0] > 0) & ~st.built[0, p] & st.fits[0, p, :NUM_BUILDINGS]
                mask[A_BUILD : A_BUILD + NUM_BUILDINGS] = build
            if not st.took_profession.item(0) and st.deck_len.item(0, DECK_PROFESSIONS) > 0:
                mask[A_TAKE_PROFESSION] = T.profession_price <= purse
            if not st.took_freedom.item(0) and T.freedom_price <= purse:
                freedom = (st.supply_freedoms[0] > 0) & ~st.freedoms[0, p]
                mask[A_FREEDOM : A_FREEDOM + NUM_FREEDOMS] = freedom
            if bonus_ok and st.deck_len.item(0, DECK_BONUS) > 0:
                mask[A_TAKE_BONUS] = T.bonus_price <= purse
        if st.hand_recruit.item(0, p) > 0:
            mask[A_RECRUIT : A_RECRUIT + NUM_PROFESSIONS] = self._recruit_targets(st, self._one)[0]
        if self.characters:
            owner, up = st.char_owner[0], st.char_faceup[0]
            mask[A_CARDINAL] = owner.item(C_CARDINAL) == p and up.item(C_CARDINAL)
            if owner.item(C_MERCHANT) == p and up.item(C_MERCHANT):
                mask[A_MERCHANT_FAME] = True
            if owner.item(C_PROFESSOR) == p and up.item(C_PROFESSOR):
                mask[A_PROFESSOR_PRESTIGE] = st.deck_len.item(0, DECK_PRESTIGE) > 0
                mask[A_PROFESSOR_BONUS] = st.deck_len.item(0, DECK_BONUS) > 0
        mask[A_END_TURN] = True
        if self.cooperative:
            self._mask_coop_action_one(st, p)

    @functools.cached_property
    def _one(self) -> np.ndarray:
        """int[1] ``[0]``: the game index of a batch of one (read-only)."""
        one = np.zeros(1, np.int64)
        one.flags.writeable = False
        return one

    @functools.cached_property
    def _mask_fillers(self) -> dict:
        cls = type(self)
        return {
            PH_SETUP_DISCARD: cls._mask_setup,
            PH_AUCTION_CHOOSE: cls._mask_choose,
            PH_AUCTION_BID: cls._mask_bid,
            PH_LANDSCAPE_PICK: cls._mask_landscape,
            PH_PLACE: cls._mask_place,
            PH_KEEP: cls._mask_drawn,
            PH_ORDER: cls._mask_drawn,
            PH_RECRUIT_NOW: cls._mask_recruit_now,
            PH_CHAR_USE: cls._mask_char_use,
            PH_CHAR_AUCTION: cls._mask_char_auction,
            PH_ACTION: cls._mask_action,
            PH_WORK_BONUS: cls._mask_work_bonus,
            PH_WORK_PAY: cls._mask_work_pay,
            **(self._coop_mask_fillers if self.cooperative else {}),
        }

    def _mask_setup(self, st: PrincesState, g, p) -> None:
        st.legal_action_mask[g, A_PROFESSION : A_PROFESSION + NUM_PROFESSIONS] = st.hand_prof[g, p]

    def _price_ok(self, st: PrincesState, g, p, price) -> np.ndarray:
        return np.asarray(price) <= self._purse(st, g, p)

    def _mask_choose(self, st: PrincesState, g, p) -> None:
        m = st.legal_action_mask
        if self.solo:  # SPEC SA: an object not chosen yet, not excluded from the final auction
            if g.size == 1:  # one game: the scalar twin in rules/solo.py
                self._solo_mask_choose_one(st, g.item(0))
                return
            ok = self._objects(st, g, p) & ~st.stack_used[g]
            final = self._solo_final(st, g)
            if final.any():
                ok[final] &= ~self.ST.excluded[st.automa_card[g[final]].astype(np.int64)]
            m[g, A_OPEN : A_OPEN + NUM_STACKS] = ok
            m[g, A_WITHDRAW] = True
            return
        price = np.where(st.lone[g], self.T.lone_price, self.T.opening_bid)
        ok = self._objects(st, g, p) & ~st.stack_used[g] & self._price_ok(st, g, p, price)[:, None]
        m[g, A_OPEN : A_OPEN + NUM_STACKS] = ok
        m[g, A_WITHDRAW] = True

    def _mask_bid(self, st: PrincesState, g, p) -> None:
        m = st.legal_action_mask
        if self.solo:  # SPEC SA: buy (``raise``) at the pending price, or decline unless forced (D44)
            if g.size == 1:  # one game: the scalar twin in rules/solo.py
                self._solo_mask_bid_one(st, g.item(0))
                return
            buy = self._price_ok(st, g, p, st.bid[g].astype(np.int64))
            m[g, A_RAISE] = buy
            m[g, A_PASS] = ~(st.forced[g] & buy)
            return
        stack = st.stack[g].astype(np.int64)
        takes = self._objects(st, g, p)[np.arange(g.size), stack]
        m[g, A_RAISE] = takes & self._price_ok(st, g, p, st.bid[g].astype(np.int64) + self.T.raise_step)
        m[g, A_PASS] = True

    def _mask_landscape(self, st: PrincesState, g, p) -> None:
        ok = (st.supply_landscapes[g] > 0) & st.fits[g, p, NUM_BUILDINGS:]
        st.legal_action_mask[g, A_LANDSCAPE : A_LANDSCAPE + 3] = ok

    def _mask_place(self, st: PrincesState, g, p) -> None:
        st.legal_action_mask[g, self.a_place : self.a_fame] = self._placements(st, g)

    def _mask_drawn(self, st: PrincesState, g, p) -> None:
        st.legal_action_mask[g, A_PROFESSION : A_PROFESSION + NUM_DRAWN] = st.drawn[g]

    def _mask_recruit_now(self, st: PrincesState, g, p) -> None:
        st.legal_action_mask[g, A_RECRUIT : A_RECRUIT + NUM_PROFESSIONS] = self._recruit_targets(st, g)
        st.legal_action_mask[g, A_PASS] = True

    def _owns_faceup(self, st: PrincesState, g, p, c: int) -> np.ndarray:
        return (st.char_owner[g, c] == p) & st.char_faceup[g, c]

    def _mask_character_uses(self, st: PrincesState, g, p) -> None:
        """The Merchant's fame and the Professor (CHAR_USE and ACTION alike)."""
        m = st.legal_action_mask
        m[g, A_MERCHANT_FAME] = self._owns_faceup(st, g, p, C_MERCHANT)
        professor = self._owns_faceup(st, g, p, C_PROFESSOR)
        m[g, A_PROFESSOR_PRESTIGE] = professor & (st.deck_len[g, DECK_PRESTIGE] > 0)
        m[g, A_PROFESSOR_BONUS] = professor & (st.deck_len[g, DECK_BONUS] > 0)

    def _mask_char_use(self, st: PrincesState, g, p) -> None:
        m = st.legal_action_mask
        self._mask_character_uses(st, g, p)
        win = st.ctx[g] == CTX_WIN
        m[g, A_MERCHANT_PAY] = win & self._owns_faceup(st, g, p, C_MERCHANT)
        # Winning the Prestige stack: the Professor may not take the card the object needs.
        last = win & (st.stack[g] == S_PRESTIGE) & (st.deck_len[g, DECK_PRESTIGE] < 2)
        m[g[last], A_PROFESSOR_PRESTIGE] = False
        m[g, A_PASS] = True

    def _mask_char_auction(self, st: PrincesState, g, p) -> None:
        T = self.T
        pawn = st.pawn_card[g].astype(np.int64)  # [n, P]
        on_card = pawn[:, :, None] == np.arange(NUM_CHARACTERS)  # [n, P, 6]
        standing = np.where(on_card, st.pawn_value[g][:, :, None], -1).max(1)  # [n, 6]
        ok = (_VALUES >= T.char_low[:, None]) & (_VALUES <= T.char_high[:, None])  # [6, 16]
        ok = ok[None] & (_VALUES > standing[:, :, None]) & (st.char_owner[g] < 0)[:, :, None]
        ok &= _VALUES <= st.money[g, p][:, None, None]
        st.legal_action_mask[g, A_CHAR_BID : A_CHAR_BID + NUM_CHARACTERS * CHAR_SPACES] = ok.reshape(g.size, -1)
        st.legal_action_mask[g, A_PASS] = True

    def _mask_action(self, st: PrincesState, g, p) -> None:
        T = self.T
        m = st.legal_action_mask
        left = st.actions_left[g] >= 1
        work = build_left = bonus_left = left
        if self.cardinal_twice_limit:  # D17: each of them at most twice this turn
            under = st.acts_done[g] < TWICE  # [n, 3]
            work, build_left = left & under[:, ACT_WORK], left & under[:, ACT_BUILD]
            bonus_left = left & under[:, ACT_BONUS]
        purse = self._purse(st, g, p)
        minimum = T.minimum[st.round[g].astype(np.int64)]
        # a work: profession x in hand whose value with every held Bonus card reaches the minimum
        rows = np.arange(g.size)[:, None]
        base = np.where(st.landscapes[g, p][rows, T.prof_landscape] > 0, T.value_landscape, 0)  # [n, 21]
        base += np.where(st.freedoms[g, p][rows, T.prof_freedom], T.value_freedom, 0)
        base += np.where(st.built[g, p][rows, T.prof_building], T.value_building, 0)
        cards = st.hand_prof[g, p].sum(1) + st.table_prof[g, p].sum(1) + st.hand_recruit[g, p] + st.table_recruit[g, p]
        common = T.value_jester * st.jesters[g, p].astype(np.int64) + T.value_card * cards + self._muse(st, g, p)
        held = st.bonus_hand[g, p]  # [n, 20]
        bonus = np.zeros(g.size, np.int64)
        with_bonus = held.any(1)  # Bonus values cost a feature count: only where cards are held
        if with_bonus.any():
            gb, pb = g[with_bonus], p[with_bonus]
            bonus[with_bonus] = (self.bonus_values(st, gb, pb, playing=True) * held[with_bonus]).sum(1)
        reach = base + (common + bonus - minimum)[:, None] >= 0
        m[g, A_PROFESSION : A_PROFESSION + NUM_PROFESSIONS] = st.hand_prof[g, p] & reach & work[:, None]
        princess = self._owns_faceup(st, g, p, C_PRINCESS)
        if princess.any():
            princess &= self.princess_value(st, g, p) >= minimum
        m[g, A_PRINCESS] = work & princess
        build = (st.supply_buildings[g] > 0) & ~st.built[g, p] & st.fits[g, p, :NUM_BUILDINGS]
        build &= (T.build_cost[st.builders[g, p]] <= purse)[:, None]
        m[g, A_BUILD : A_BUILD + NUM_BUILDINGS] = build & build_left[:, None]
        m[g, A_TAKE_PROFESSION] = (
            left & ~st.took_profession[g] & (st.deck_len[g, DECK_PROFESSIONS] > 0) & (T.profession_price <= purse)
        )
        freedom = (st.supply_freedoms[g] > 0) & ~st.freedoms[g, p]
        freedom &= (left & ~st.took_freedom[g] & (T.freedom_price <= purse))[:, None]
        m[g, A_FREEDOM : A_FREEDOM + NUM_FREEDOMS] = freedom
        m[g, A_TAKE_BONUS] = bonus_left & (st.deck_len[g, DECK_BONUS] > 0) & (T.bonus_price <= purse)
        recruit = st.hand_recruit[g, p] > 0
        if recruit.any():
            m[g, A_RECRUIT : A_RECRUIT + NUM_PROFESSIONS] = self._recruit_targets(st, g) & recruit[:, None]
        if self.characters:
            m[g, A_CARDINAL] = self._owns_faceup(st, g, p, C_CARDINAL)
            self._mask_character_uses(st, g, p)
        m[g, A_END_TURN] = True
        if self.cooperative:
            self._mask_coop_action(st, g, p)

    def _mask_work_bonus(self, st: PrincesState, g, p) -> None:
        m = st.legal_action_mask
        m[g, A_BONUS : A_BONUS + NUM_BONUS] = st.bonus_hand[g, p]
        m[g, A_DONE] = st.work_value[g] >= self.T.minimum[st.round[g].astype(np.int64)]

    def _mask_work_pay(self, st: PrincesState, g, p) -> None:
        T = self.T
        most = st.work_value[g].astype(np.int64) * T.florin_per_work_point // T.florin_per_fame_taken
        choices = np.arange(self.fame_choices)
        st.legal_action_mask[g, self.a_fame : self.a_fame + self.fame_choices] = choices[None, :] <= most[:, None]
