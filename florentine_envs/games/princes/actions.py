"""The action phase of The Princes of Florence (SPEC.md T5, ACTION, WORK_BONUS, WORK_PAY, T6):
works, buildings, professions, freedoms, Bonus cards, the free actions, and the round end."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .constants import (
    A_BONUS,
    A_BUILD,
    A_CARDINAL,
    A_DONE,
    A_END_TURN,
    A_FREEDOM,
    A_MERCHANT_FAME,
    A_PRINCESS,
    A_PROFESSION,
    A_PROFESSOR_BONUS,
    A_PROFESSOR_PRESTIGE,
    A_RECRUIT,
    A_TAKE_BONUS,
    A_TAKE_PROFESSION,
    C_CARDINAL,
    C_MUSE,
    C_PRINCESS,
    DECK_BONUS,
    DECK_PROFESSIONS,
    NUM_BUILDINGS,
    NUM_FREEDOMS,
    NUM_PROFESSIONS,
    PH_ACTION,
    PH_WORK_BONUS,
    PH_WORK_PAY,
    PRINCESS_WORK,
    RESUME_ACTION,
)
from .data import FEATURE

if TYPE_CHECKING:
    from .princes import PrincesState


class ActionRules:
    """Mixin of :class:`~.princes.Princes`: the action phase and the round end."""

    def _action_phase_start(self, st: PrincesState, g: np.ndarray) -> None:
        st.turns_done[g] = 0
        self._turn_start(st, g, st.start[g].astype(np.int64))

    def _turn_start(self, st: PrincesState, g: np.ndarray, seat: np.ndarray) -> None:
        st.current_player[g] = seat
        st.actions_left[g] = 2
        st.took_profession[g] = False
        st.took_freedom[g] = False
        st.phase[g] = PH_ACTION

    def _on_action(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        T = self.T
        p = st.current_player[g].astype(np.int64)

        def pick(lo: int, hi: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            sel = (actions >= lo) & (actions < (hi if hi is not None else lo + 1))
            return g[sel], p[sel], actions[sel] - lo

        # The six kinds of action use one action each (SPEC T5); the others are free.
        used = (actions >= A_PROFESSION) & (actions < A_PROFESSION + NUM_PROFESSIONS)
        used |= (actions >= A_BUILD) & (actions <= A_PRINCESS)  # build, freedom, take x 2, Princess
        st.actions_left[g[used]] -= 1

        gw, pw, x = pick(A_PROFESSION, A_PROFESSION + NUM_PROFESSIONS)
        if gw.size:
            st.hand_prof[gw, pw, x] = False
            st.known[gw, pw, x] = False
            st.table_prof[gw, pw, x] = True
            st.work_prof[gw] = x
            st.work_value[gw] = self.work_base(st, gw, pw, x)
            st.phase[gw] = PH_WORK_BONUS
        gq, pq, _ = pick(A_PRINCESS)
        if gq.size:
            st.char_faceup[gq, C_PRINCESS] = False
            st.work_prof[gq] = PRINCESS_WORK
            st.work_value[gq] = self.princess_value(st, gq, pq)
            st.phase[gq] = PH_WORK_PAY
        gb, pb, b = pick(A_BUILD, A_BUILD + NUM_BUILDINGS)
        if gb.size:
            self._pay(st, gb, pb, T.build_cost[st.builders[gb, pb]])
            self._start_place(st, gb, b, RESUME_ACTION)
        gt, pt, _ = pick(A_TAKE_PROFESSION)
        if gt.size:
            self._pay(st, gt, pt, T.profession_price)
            st.took_profession[gt] = True
            self._start_draw(st, gt, DECK_PROFESSIONS, RESUME_ACTION)
        gf, pf, f = pick(A_FREEDOM, A_FREEDOM + NUM_FREEDOMS)
        if gf.size:
            self._pay(st, gf, pf, T.freedom_price)
            st.took_freedom[gf] = True
            st.freedoms[gf, pf, f] = True
            st.supply_freedoms[gf, f] -= 1
        gn, pn, _ = pick(A_TAKE_BONUS)
        if gn.size:
            self._pay(st, gn, pn, T.bonus_price)
            self._start_draw(st, gn, DECK_BONUS, RESUME_ACTION)
        gr, _, x = pick(A_RECRUIT, A_RECRUIT + NUM_PROFESSIONS)
        if gr.size:
            self._recruit(st, gr, x)
        gc, _, _ = pick(A_CARDINAL)
        if gc.size:
            st.char_faceup[gc, C_CARDINAL] = False
            st.actions_left[gc] += 1
        gm, pm, _ = pick(A_MERCHANT_FAME)
        if gm.size:
            self._merchant_fame(st, gm, pm)
        sel = (actions == A_PROFESSOR_PRESTIGE) | (actions == A_PROFESSOR_BONUS)
        if sel.any():
            self._professor(st, g[sel], actions[sel], RESUME_ACTION)
        ge, _, _ = pick(A_END_TURN)
        if ge.size:
            self._end_turn(st, ge)

    def _on_work_bonus(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        done = actions == A_DONE
        st.phase[g[done]] = PH_WORK_PAY
        play = ~done
        if play.any():
            gb = g[play]
            pb = st.current_player[gb].astype(np.int64)
            card = actions[play] - A_BONUS
            st.work_value[gb] += self.bonus_values(st, gb, pb)[np.arange(gb.size), card].astype(np.int16)
            st.bonus_hand[gb, pb, card] = False
            st.bonus_out[gb, card] = True

    def _on_work_pay(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        T = self.T
        p = st.current_player[g].astype(np.int64)
        fame = actions - self.a_fame
        value = st.work_value[g].astype(np.int64)
        st.fame[g, p] += fame.astype(np.int32)
        self._receive(st, g, p, value * T.florin_per_work_point - fame * T.florin_per_fame_taken)
        st.best_work[g, p] = np.maximum(st.best_work[g, p], value)
        st.work_prof[g] = -1
        st.work_value[g] = 0
        st.phase[g] = PH_ACTION

    # ------------------------------------------------------------ values

    def _muse(self, st: PrincesState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        return np.where(st.char_owner[g, C_MUSE] == p, st.round[g].astype(np.int64) + 1, 0)

    def work_base(self, st: PrincesState, g: np.ndarray, p: np.ndarray, x: np.ndarray) -> np.ndarray:
        """int[n]: the value of a work with profession x before Bonus cards (SPEC T5 ``base``),
        with x already on the table (so it is counted once, as a table card)."""
        T = self.T
        rows = np.arange(g.size)
        value = np.where(st.landscapes[g, p][rows, T.prof_landscape[x]] > 0, T.value_landscape, 0)
        value += np.where(st.freedoms[g, p][rows, T.prof_freedom[x]], T.value_freedom, 0)
        value += np.where(st.built[g, p][rows, T.prof_building[x]], T.value_building, 0)
        value += T.value_jester * st.jesters[g, p].astype(np.int64)
        cards = st.hand_prof[g, p].sum(1) + st.table_prof[g, p].sum(1) + st.hand_recruit[g, p] + st.table_recruit[g, p]
        return value + T.value_card * cards.astype(np.int64) + self._muse(st, g, p)

    def princess_value(self, st: PrincesState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        """int[n]: the Princess's work (D30)."""
        land, build, builder, card = self.T.princess
        cards = st.hand_prof[g, p].sum(1) + st.table_prof[g, p].sum(1) + st.hand_recruit[g, p] + st.table_recruit[g, p]
        value = land * st.landscapes[g, p].sum(1).astype(np.int64) + build * st.built[g, p].sum(1)
        return value + builder * st.builders[g, p].astype(np.int64) + card * cards.astype(np.int64)

    def bonus_values(self, st: PrincesState, g: np.ndarray, p: np.ndarray, playing: bool = False) -> np.ndarray:
        """int64[n, 20]: what each Bonus card would add for seat p now (SPEC F). ``playing``:
        value them as if a profession moved from the hand to the table first (the mask's look
        ahead at a work that is not yet chosen)."""
        features = self.features(st, g, p)
        if playing:
            features[:, FEATURE["hand_cards"]] -= 1
            features[:, FEATURE["table_cards"]] += 1
        return features @ self.T.bonus_coef.T

    # ----------------------------------------------------- turn and round

    def _end_turn(self, st: PrincesState, g: np.ndarray) -> None:
        st.actions_left[g] = 0
        st.took_profession[g] = False
        st.took_freedom[g] = False
        st.turns_done[g] += 1
        over = st.turns_done[g] >= self.num_players
        if over.any():
            self._round_end(st, g[over])
        if not over.all():
            go = g[~over]
            self._turn_start(st, go, (st.current_player[go].astype(np.int64) + 1) % self.num_players)

    def _round_end(self, st: PrincesState, g: np.ndarray) -> None:
        """T6: the best work of the round scores; the start player passes left."""
        best = st.best_work[g]  # [n, P]
        top = best.max(1, keepdims=True)
        st.fame[g] += np.where((best == top) & (top > 0), self.T.best_work_points, 0).astype(np.int32)
        st.best_work[g] = 0
        last = st.round[g] >= self.T.num_rounds - 1
        if last.any():
            self._final_scoring(st, g[last])
        if not last.all():
            gn = g[~last]
            st.round[gn] += 1
            st.start[gn] = (st.start[gn] + 1) % self.num_players
            self._round_start(st, gn)

