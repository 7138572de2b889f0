"""The action phase of The Princes of Florence (SPEC.md T5, ACTION, WORK_BONUS, WORK_PAY, T6):
works, buildings, professions, freedoms, Bonus cards, the free actions, and the round end."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from ..constants import (
    A_BONUS,
    A_BUILD,
    A_CARDINAL,
    A_DONE,
    A_END_TURN,
    A_FREEDOM,
    A_MERCHANT_FAME,
    A_PRINCESS,
    A_PROFESSION,
    A_PROFESSOR_PRESTIGE,
    A_RECRUIT,
    A_TAKE_BONUS,
    A_TAKE_PROFESSION,
    ACT_BONUS,
    ACT_BUILD,
    ACT_WORK,
    C_CARDINAL,
    C_MERCHANT,
    C_MUSE,
    C_PRINCESS,
    C_PROFESSOR,
    DECK_BONUS,
    DECK_PRESTIGE,
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
from ..data import FEATURE

if TYPE_CHECKING:
    from ..state import PrincesState


class ActionRules:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: the action phase and the round end."""

    def _action_phase_start(self, st: PrincesState, g: np.ndarray) -> None:
        st.turns_done[g] = 0
        if self.solo:
            self._solo_turn_start(st, g, st.start[g].astype(np.int64))
            return
        self._turn_start(st, g, st.start[g].astype(np.int64))

    def _turn_start(self, st: PrincesState, g: np.ndarray, seat: np.ndarray) -> None:
        st.current_player[g] = seat
        st.actions_left[g] = 2
        st.took_profession[g] = False
        st.took_freedom[g] = False
        st.acts_done[g] = 0
        st.phase[g] = PH_ACTION
        if self.cooperative:
            self._coop_turn_start(st, g)

    def _on_action(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        if self.cooperative:  # SPEC CM: the proposal budget; coop_build_b starts a proposal
            proposed = self._coop_on_action(st, g, actions)
            if proposed.any():
                g, actions = g[~proposed], actions[~proposed]
                if g.size == 0:
                    return
        kinds = self._action_kinds[actions]  # which handler of ACTION each action goes to
        if kinds.size == 1 or (kinds == kinds[0]).all():
            self._action_handlers[kinds[0]](self, st, g, actions)
            return
        for kind in np.unique(kinds):
            sel = kinds == kind
            self._action_handlers[kind](self, st, g[sel], actions[sel])

    @functools.cached_property
    def _action_kinds(self) -> np.ndarray:
        """int[num_actions]: index into ``_action_handlers`` of each action legal in ACTION."""
        kinds = np.zeros(self.num_actions, np.int64)
        ranges = (
            (A_PROFESSION, NUM_PROFESSIONS), (A_PRINCESS, 1), (A_BUILD, NUM_BUILDINGS), (A_TAKE_PROFESSION, 1),
            (A_FREEDOM, NUM_FREEDOMS), (A_TAKE_BONUS, 1), (A_RECRUIT, NUM_PROFESSIONS), (A_CARDINAL, 1),
            (A_MERCHANT_FAME, 1), (A_PROFESSOR_PRESTIGE, 2), (A_END_TURN, 1),
        )  # fmt: skip
        for kind, (lo, n) in enumerate(ranges):
            kinds[lo : lo + n] = kind
        return kinds

    @functools.cached_property
    def _action_handlers(self) -> list:
        cls = type(self)
        return [
            cls._act_work, cls._act_princess, cls._act_build, cls._act_take_profession, cls._act_freedom,
            cls._act_take_bonus, cls._act_recruit, cls._act_cardinal, cls._act_merchant, cls._act_professor,
            cls._end_turn_action,
        ]  # fmt: skip

    # The first six use one of the turn's actions (SPEC T5); the others are free. ``acts_done``
    # counts the works, builds and Bonus cards of the turn (D17: at most two each with the option
    # cardinal_twice_limit; without it the count is kept but read by no rule).

    def _act_work(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        p, x = st.current_player[g].astype(np.int64), actions - A_PROFESSION
        st.actions_left[g] -= 1
        st.acts_done[g, ACT_WORK] += 1
        st.hand_prof[g, p, x] = False
        st.known[g, p, x] = False
        st.table_prof[g, p, x] = True
        st.work_prof[g] = x
        st.work_value[g] = self.work_base(st, g, p, x)
        st.phase[g] = PH_WORK_BONUS

    def _act_princess(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        st.actions_left[g] -= 1
        st.acts_done[g, ACT_WORK] += 1  # "as a Complete a Work action"
        st.char_faceup[g, C_PRINCESS] = False
        st.work_prof[g] = PRINCESS_WORK
        st.work_value[g] = self.princess_value(st, g, st.current_player[g].astype(np.int64))
        st.phase[g] = PH_WORK_PAY

    def _act_build(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        p = st.current_player[g].astype(np.int64)
        st.actions_left[g] -= 1
        st.acts_done[g, ACT_BUILD] += 1
        self._pay(st, g, p, self.T.build_cost[st.builders[g, p]])
        self._start_place(st, g, actions - A_BUILD, RESUME_ACTION)

    def _act_take_profession(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        st.actions_left[g] -= 1
        self._pay(st, g, st.current_player[g].astype(np.int64), self.T.profession_price)
        st.took_profession[g] = True
        self._start_draw(st, g, DECK_PROFESSIONS, RESUME_ACTION)

    def _act_freedom(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        p, f = st.current_player[g].astype(np.int64), actions - A_FREEDOM
        st.actions_left[g] -= 1
        self._pay(st, g, p, self.T.freedom_price)
        st.took_freedom[g] = True
        st.freedoms[g, p, f] = True
        st.supply_freedoms[g, f] -= 1

    def _act_take_bonus(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        st.actions_left[g] -= 1
        st.acts_done[g, ACT_BONUS] += 1  # the Professor's free card is no action: not counted
        self._pay(st, g, st.current_player[g].astype(np.int64), self.T.bonus_price)
        self._start_draw(st, g, DECK_BONUS, RESUME_ACTION)

    def _act_recruit(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        self._recruit(st, g, actions - A_RECRUIT)

    def _act_cardinal(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        st.char_faceup[g, C_CARDINAL] = False
        st.actions_left[g] += 1

    def _act_merchant(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        self._merchant_fame(st, g, st.current_player[g].astype(np.int64))

    def _act_professor(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        self._professor(st, g, actions, RESUME_ACTION)

    def _end_turn_action(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        self._end_turn(st, g)

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

    def _auto_end_turns(self, st: PrincesState, g: np.ndarray) -> None:
        """End the turns of the games in ``g`` whose player is in ACTION with no action left and no
        free action (Recruiting card, character) to take: `end_turn` is then the only legal move,
        which the forced-move rule would play; ending here saves the engine a pass per game."""
        idle = g[(st.phase[g] == PH_ACTION) & (st.actions_left[g] == 0)]
        if idle.size == 0:
            return
        p = st.current_player[idle].astype(np.int64)
        free = (st.hand_recruit[idle, p] > 0) & self._recruit_targets(st, idle).any(1)
        if self.characters:
            owner, up = st.char_owner[idle], st.char_faceup[idle]
            mine = (owner == p[:, None]) & up  # [n, 6]
            decks = (st.deck_len[idle, DECK_PRESTIGE] > 0) | (st.deck_len[idle, DECK_BONUS] > 0)
            free |= mine[:, C_CARDINAL] | mine[:, C_MERCHANT] | (mine[:, C_PROFESSOR] & decks)
        if not free.all():
            self._end_turn(st, idle[~free])

    def _end_turn(self, st: PrincesState, g: np.ndarray) -> None:
        st.actions_left[g] = 0
        st.took_profession[g] = False
        st.took_freedom[g] = False
        st.acts_done[g] = 0
        st.turns_done[g] += 1
        over = st.turns_done[g] >= (2 if self.solo else self.seats)  # solo: you and Wolfgang
        if over.any():
            self._round_end(st, g[over])
        if not over.all():
            go = g[~over]
            if self.solo:  # you were first: Wolfgang plays now
                self._solo_turn_start(st, go, np.ones(go.size, np.int64))
            else:
                self._turn_start(st, go, (st.current_player[go].astype(np.int64) + 1) % self.seats)

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
            st.start[gn] = (st.start[gn] + 1) % (2 if self.solo else self.seats)  # solo: you and Wolfgang
            self._round_start(st, gn)
