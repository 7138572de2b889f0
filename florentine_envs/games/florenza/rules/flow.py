"""The automatic flow between decisions and the dispatch of a step's actions to the handlers
(SPEC §5).

The flow is a small state machine: ``stage`` is the rulebook phase (constants ``ST_*``), ``ptr``
and ``sub`` say where inside it the game stands (placement slot, market player, district space,
artwork box). :meth:`FlowRules._continue` runs the automatic steps of one game until its next
decision and sets ``phase``, ``current_player`` and the mask row. :meth:`FlowRules._batched`
gathers the games of a step that reach phase 6 or 7, or a placement, and resolves them together."""

from __future__ import annotations

import numpy as np

from ..constants import (
    PH_ARTWORK,
    PH_ATRIO,
    PH_BISHOP,
    PH_CAPTAIN,
    PH_CATHEDRAL_DIE,
    PH_CONVERT,
    PH_HIRE,
    PH_INCENTIVE,
    PH_MARKET,
    PH_PLACE,
    PH_PREACHER,
    PH_SKILL,
    PH_START_PICK,
    PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2,
    PH_TRADE_TAKE,
    ROUNDS,
    ST_ARTWORK,
    ST_BISHOP,
    ST_CAPTAIN,
    ST_DISTRICT,
    ST_END,
    ST_INCOME,
    ST_MARKET,
    ST_ORDER,
    ST_PLACE,
    ST_SETUP,
)  # fmt: skip
from .common import BATCH_MIN, DISTRICT_BATCH_MIN


class FlowRules:
    """The flow and the dispatch; a part of :class:`~.RulesMixin`."""

    def _batched(self, st, run) -> None:
        """``run()`` with the games reaching phase 6 or 7 resolved together (:meth:`_resolve_districts`,
        :meth:`_resolve_artworks`) and PLACE masks collected and computed together at the end (one
        :meth:`place_masks` call for every game that reached a placement one game at a time)."""
        self._deferred, self._art_queue, self._district_queue = [], [], []
        try:
            run()
            while self._art_queue or self._district_queue:
                if self._district_queue:
                    queued, self._district_queue = np.unique(self._district_queue), []
                    if queued.size >= DISTRICT_BATCH_MIN:
                        self._resolve_districts(st, queued)
                        continue
                    for g in queued.tolist():
                        if not self._district_step(st, g):
                            self._continue(st, g)
                    continue
                queued, self._art_queue = np.unique(self._art_queue), []
                if queued.size >= 8:
                    self._resolve_artworks(st, queued)
                    continue
                for g in queued.tolist():  # a few games: one at a time is cheaper
                    if not self._artwork_step(st, g):
                        self._continue(st, g)
        finally:
            G = np.array(self._deferred, np.int64)
            self._deferred = self._art_queue = self._district_queue = None
        if G.size:
            self._set_place_masks(st, G, st.current_player[G].astype(np.int64))

    def _set_place_masks(self, st, G, p) -> None:
        """The PLACE mask rows of games ``G`` (int[n]) for players ``p`` (int[n]): batched, or one game
        at a time for a few games (:meth:`_place_mask`, far cheaper than index arrays for one)."""
        if G.size >= BATCH_MIN:
            st.legal_action_mask[G] = self.place_masks(st, G, p)
            return
        for g, q in zip(G.tolist(), p.tolist()):
            row = st.legal_action_mask[g]
            row[:] = False
            self._place_mask(st, g, q, row)

    # ------------------------------------------------------------ dispatch

    def _apply(self, state, games, actions) -> None:
        if games.size > 1:
            self._batched(state, lambda: self._apply_many(state, games, actions))
            return
        self._apply_each(state, games, actions)

    def _apply_many(self, state, games, actions) -> None:
        # the most frequent decisions -- placements and hiring -- run batched
        ids, phase = self.ids, state.phase[games]
        batched = (phase == PH_PLACE) & ((actions < ids.charity_own) | (actions == ids.work))
        batched |= phase == PH_HIRE
        if batched.any():
            self._place_batch(state, games[batched], actions[batched])
            games, actions = games[~batched], actions[~batched]
        self._apply_each(state, games, actions)

    def _apply_each(self, state, games, actions) -> None:
        handlers = self.__dict__.get("_handler_table")
        if handlers is None:  # built once per game object: this runs at every step
            handlers = self.__dict__["_handler_table"] = self._handlers()
        for g, a in zip(games.tolist(), actions.tolist()):
            handlers[int(state.phase[g])](state, g, a)

    def _handlers(self):
        return {
            PH_START_PICK: self._on_start_pick, PH_ATRIO: self._on_atrio, PH_CAPTAIN: self._on_captain,
            PH_BISHOP: self._on_bishop, PH_PLACE: self._on_place, PH_HIRE: self._on_hire,
            PH_PREACHER: self._on_preacher, PH_MARKET: self._on_market, PH_TRADE_GIVE_1: self._on_trade,
            PH_TRADE_GIVE_2: self._on_trade, PH_TRADE_TAKE: self._on_trade, PH_CONVERT: self._on_convert,
            PH_SKILL: self._on_skill, PH_INCENTIVE: self._on_incentive, PH_CATHEDRAL_DIE: self._on_die,
            PH_ARTWORK: self._on_artwork,
        }  # fmt: skip

    # ------------------------------------------------------------ the flow

    def _set_stage(self, st, g, stage) -> None:
        st.stage[g], st.ptr[g], st.sub[g] = stage, 0, 0

    def _continue(self, st, g) -> None:
        """Run the automatic steps of game g up to its next decision (or the end)."""
        while True:
            stage = int(st.stage[g])
            if stage == ST_SETUP:
                P = self.num_players
                if st.ptr[g] < 2 * P:
                    pickers = self.players_in_order(st, g)[::-1]  # the last player picks first
                    self.decide(st, g, PH_START_PICK, pickers[int(st.ptr[g]) % P])
                    return
                self._set_stage(st, g, ST_PLACE)
            elif stage == ST_INCOME:
                if st.sub[g] == 0:
                    self._income(st, g)
                    if self._offer_atrio(st, g):
                        return
                self._set_stage(st, g, ST_CAPTAIN)
            elif stage == ST_CAPTAIN:
                if st.sub[g] == 0 and st.captain[g] >= 0:
                    st.sub[g] = 1
                    self.decide(st, g, PH_CAPTAIN, int(st.captain[g]))
                    return
                self._set_stage(st, g, ST_BISHOP)
            elif stage == ST_BISHOP:
                if st.sub[g] == 0 and st.bishop[g] >= 0:
                    st.sub[g] = 1
                    self.decide(st, g, PH_BISHOP, int(st.bishop[g]))
                    return
                self._set_stage(st, g, ST_PLACE)
            elif stage == ST_PLACE:
                if not st.avail[g].any():
                    self._set_stage(st, g, ST_MARKET)
                    continue
                n = int(st.nslots[g])
                s = int(st.ptr[g])
                while st.avail[g, st.order[g, s]] == 0:
                    s = (s + 1) % n
                st.ptr[g] = s
                self.decide(st, g, PH_PLACE, int(st.order[g, s]))
                return
            elif stage == ST_MARKET:
                players = self.players_in_order(st, g)
                while st.ptr[g] < len(players) and not st.market_worker[g, players[int(st.ptr[g])]]:
                    st.ptr[g] += 1
                if st.ptr[g] < len(players):
                    self.decide(st, g, PH_MARKET, players[int(st.ptr[g])])
                    return
                self._set_stage(st, g, ST_DISTRICT)
            elif stage == ST_DISTRICT:
                queue = self.__dict__.get("_district_queue")
                if queue is not None:
                    queue.append(g)  # resolved with the batch's other games in phase 6
                    return
                if self._district_step(st, g):
                    return
            elif stage == ST_ARTWORK:
                queue = self.__dict__.get("_art_queue")
                if queue is not None:
                    queue.append(g)  # resolved with the batch's other games in phase 7
                    return
                if self._artwork_step(st, g):
                    return
            elif stage == ST_ORDER:
                self._turn_order(st, g)
                if st.round[g] == ROUNDS:
                    self._finish(st, g)
                    return
                self._set_stage(st, g, ST_END)
            elif stage == ST_END:
                self._end_of_round(st, g)
                self._set_stage(st, g, ST_INCOME)
            else:  # pragma: no cover - ST_OVER games are never continued
                return
