"""Phases 8-9 (SPEC §5.2.8-§5.2.9, §6.8) and the end of the game (§8): the offices and the new turn order,
the pieces' return, the Life in Florenza row and new characters; batched with the next round's
income for many games (:meth:`RoundEndRules._close_rounds`)."""

from __future__ import annotations

import numpy as np

from ..constants import (
    GONE,
    IN_PLAY,
    NUM_NAMED,
    ON_CARD,
    PH_OVER,
    ROUNDS,
    ST_INCOME,
    ST_ORDER,
    ST_OVER,
    WORKERS,
)  # fmt: skip


class RoundEndRules:
    """Phases 8-9 and the end; a part of :class:`~.RulesMixin`."""

    def _close_rounds(self, st, G) -> None:
        """Phases 8, 9 and 1 of games ``G`` (int[n]) that have finished phase 7, batched; each game then
        goes on from its Atrio choice or phase 2 (:meth:`_continue`), or its end."""
        st.stage[G], st.ptr[G], st.sub[G] = ST_ORDER, 0, 0
        self._turn_order_batch(st, G)
        last = st.round[G] == ROUNDS
        for g in G[last].tolist():
            self._finish(st, g)
        G = G[~last]
        self._end_of_round_batch(st, G)
        self._income_batch(st, G)
        st.stage[G], st.ptr[G] = ST_INCOME, 0
        for g in G.tolist():
            if not self._offer_atrio(st, g):
                self._continue(st, g)

    def _turn_order(self, st, g) -> None:
        """SPEC §6.8: Captain, Bishop, Cardinal, the new order (D3, D4, D16)."""
        P = self.num_players
        old_players = self.players_in_order(st, g)
        track = st.track[g].astype(np.int64)
        top = track.max()
        captain = int(track.argmax()) if (track == top).sum() == 1 else -1
        if captain >= 0:
            st.certs[g, captain] += st.track[g, captain]
            st.track[g, captain] = 0
        inf = st.influence[g].astype(np.int64)
        top = inf.max()
        t = self.t
        bishop = int(inf.argmax()) if (inf == top).sum() == 1 and top >= t.bishop_min else -1
        if bishop >= 0 and (st.bishop[g] == bishop or inf[bishop] >= t.cardinal_influence):
            st.track[g, bishop] += t.cardinal_pp
            st.influence[g, bishop] = 0
        st.captain[g], st.bishop[g] = captain, bishop
        slots = [s for s in (captain, bishop) if s >= 0]
        slots += [q for q in old_players if q not in (captain, bishop)]
        st.order[g] = -1
        st.order[g, : len(slots)] = slots
        st.nslots[g] = len(slots)
        assert len(set(slots)) == P

    def _return_pieces(self, st, g) -> None:
        """SPEC §5.2.9's returns, for one game ``g`` or games ``g`` (int[n]): the workers to their
        families' pools, the pulpits and the unnamed tiles freed, every character to its card."""
        st.pool[g] = WORKERS
        st.avail[g] = 0
        st.detained[g] = 0
        st.at_work[g] = 0
        st.market_worker[g] = False
        st.pulpit_own[g] = False
        st.cath_pulpit[g] = -1
        st.own_preacher[g] = -1
        st.cath_preacher[g] = -1
        st.unnamed_left[g] = 2
        st.char_where[g] = ON_CARD

    def _end_of_round(self, st, g) -> None:
        """SPEC §5.2.9: everything returns, the Life in Florenza row advances, new characters."""
        self._return_pieces(st, g)
        in_play = st.char_state[g] == IN_PLAY
        leaving = in_play & (st.life[g] == 1)
        st.char_state[g, leaving] = GONE
        st.life[g, leaving] = 0
        st.life[g, in_play & ~leaving] -= 1
        for _ in range(int(leaving.sum())):
            self.draw_character(st, g)
        st.round[g] += 1

    def _turn_order_batch(self, st, G) -> None:
        """SPEC §6.8 for games ``G`` (int[n]), batched (:meth:`_turn_order` for many games)."""
        t, P = self.t, self.num_players
        rows = np.arange(G.size)
        double = st.nslots[G] == P + 1  # the old order: a double office holder's slots once
        old = np.where(double[:, None], np.concatenate([st.order[G, :1], st.order[G, 2 : P + 1]], 1),
                       st.order[G, :P]).astype(np.int64)  # fmt: skip
        track = st.track[G]
        top = track.max(1, keepdims=True)
        captain = np.where((track == top).sum(1) == 1, track.argmax(1), -1)  # a tie elects nobody
        has = captain >= 0
        Gc, c = G[has], captain[has]
        st.certs[Gc, c] += st.track[Gc, c]
        st.track[Gc, c] = 0
        inf = st.influence[G]
        top = inf.max(1, keepdims=True)
        bishop = np.where(((inf == top).sum(1) == 1) & (top[:, 0] >= t.bishop_min), inf.argmax(1), -1)
        cardinal = (bishop >= 0) & ((st.bishop[G] == bishop) | (inf[rows, bishop] >= t.cardinal_influence))
        Gk, k = G[cardinal], bishop[cardinal]
        st.track[Gk, k] += t.cardinal_pp
        st.influence[Gk, k] = 0
        st.captain[G], st.bishop[G] = captain, bishop
        # the new order: Captain, Bishop, then the others in their old order
        has_bishop = bishop >= 0
        offices = has.astype(np.int64) + has_bishop
        others = (old != captain[:, None]) & (old != bishop[:, None])  # [n, P]
        order = np.full((G.size, P + 1), -1, np.int64)
        order[rows[has], 0] = captain[has]
        order[rows[has_bishop], has[has_bishop].astype(np.int64)] = bishop[has_bishop]
        slot = offices[:, None] + np.cumsum(others, 1) - 1
        order[np.broadcast_to(rows[:, None], old.shape)[others], slot[others]] = old[others]
        st.order[G] = order
        st.nslots[G] = offices + others.sum(1)

    def _end_of_round_batch(self, st, G) -> None:
        """SPEC §5.2.9 for games ``G`` (int[n]), batched (:meth:`_end_of_round` for many games)."""
        self._return_pieces(st, G)
        in_play = st.char_state[G] == IN_PLAY
        life = st.life[G]
        leaving = in_play & (life == 1)
        st.char_state[G] = np.where(leaving, GONE, st.char_state[G])
        st.life[G] = np.where(leaving, 0, np.where(in_play, life - 1, life))
        draws = leaving.sum(1)
        for i in range(int(draws.max(initial=0))):  # a new character for each leaving one (D14: none left, none)
            D = G[(draws > i) & (st.bag_pos[G] < NUM_NAMED)]
            c = st.bag[D, st.bag_pos[D]].astype(np.int64)
            st.bag_pos[D] += 1
            st.char_state[D, c] = IN_PLAY
            st.life[D, c] = self.t.rounds[c]
            st.char_where[D, c] = ON_CARD
        st.round[G] += 1

    def draw_character(self, st, g) -> None:
        """The next character of the bag goes under its Life in Florenza card (D14: none left, none)."""
        if st.bag_pos[g] >= NUM_NAMED:
            return
        c = int(st.bag[g, st.bag_pos[g]])
        st.bag_pos[g] += 1
        st.char_state[g, c] = IN_PLAY
        st.life[g, c] = self.t.rounds[c]
        st.char_where[g, c] = ON_CARD

    def _finish(self, st, g) -> None:
        st.stage[g] = ST_OVER
        st.phase[g] = PH_OVER
        st.terminated[g] = True
        st.legal_action_mask[g] = False
        self.final_scoring(st, g)
