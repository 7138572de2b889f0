"""The set-up of The Princes of Florence (rulebook "Set up"; SPEC.md S, R): the blank state,
the table every set-up shares (empty principalities, the supplies, the shuffled Prestige and
Bonus decks), the Freedoms in the supply, the dealt professions and the set-up discard that ends
it (D1, D2). The solo game's own set-up (SPEC.md SS) is ``rules/solo.py``'s ``_solo_init``, which
starts from :meth:`SetupRules._table`."""

from __future__ import annotations

import numpy as np

from ...core import rng
from .constants import (
    A_PROFESSION,
    COLUMN,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    MAX_DUMMIES,
    NUM_AUTOMA,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_DRAWN,
    NUM_FREEDOMS,
    NUM_LANDSCAPES,
    NUM_PIECES,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    NUM_STACKS,
    PH_SETUP_DISCARD,
    ROW,
    STREAM_BONUS,
    STREAM_PRESTIGE,
    STREAM_PROFESSIONS,
    STREAM_SETUP,
)
from .state import PrincesCoopState, PrincesState


class SetupRules:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: the blank state and the
    set-up (reads ``self.T``; ``self.CT`` with the cooperative expansion)."""

    def _blank(self, seeds: np.ndarray) -> PrincesState:
        B, P, A = len(seeds), self.seats, self.num_actions
        N = self.num_players  # the agents: rewards and scores
        z = np.zeros

        def full(shape, value, dtype):
            return np.full(shape, value, dtype)

        st = PrincesState(
            seed=seeds.copy(), current_player=z(B, np.int8), phase=z(B, np.int8),
            legal_action_mask=z((B, A), bool), rewards=z((B, N), np.float32), terminated=z(B, bool),
            scores=z((B, N), np.int32), step_count=z(B, np.int32), truncated=z(B, bool),
            round=z(B, np.int8), start=z(B, np.int8), setup_done=z(B, np.int8),
            money=z((B, P), np.int32), fame=z((B, P), np.int32), best_work=z((B, P), np.int16),
            occupied=z((B, P), np.uint64), blocked=z((B, P), np.uint64),
            piece_cells=z((B, P * NUM_PIECES), np.uint64), built=z((B, P, NUM_BUILDINGS), bool),
            landscapes=z((B, P, NUM_LANDSCAPES), np.int8), freedoms=z((B, P, NUM_FREEDOMS), bool),
            jesters=z((B, P), np.int8), builders=z((B, P), np.int8), fits=z((B, P, NUM_PIECES), bool),
            hand_prof=z((B, P, NUM_PROFESSIONS), bool), table_prof=z((B, P, NUM_PROFESSIONS), bool),
            known=z((B, P, NUM_PROFESSIONS), bool), hand_recruit=z((B, P), np.int8),
            table_recruit=z((B, P), np.int8), bonus_hand=z((B, P, NUM_BONUS), bool), bonus_out=z((B, NUM_BONUS), bool),
            prestige_hand=z((B, P, NUM_PRESTIGE), bool), deck_cards=full((B, 3, NUM_PROFESSIONS), -1, np.int8),
            deck_top=z((B, 3), np.int8), deck_len=z((B, 3), np.int8),
            under_by=full((B, 3, NUM_PROFESSIONS), -1, np.int8), drawn=z((B, NUM_DRAWN), bool),
            draw_deck=full(B, -1, np.int8), supply_buildings=z((B, NUM_BUILDINGS), np.int8),
            supply_landscapes=z((B, NUM_LANDSCAPES), np.int8), supply_freedoms=z((B, NUM_FREEDOMS), np.int8),
            supply_jesters=z(B, np.int8), supply_builders=z(B, np.int8), supply_recruiting=z(B, np.int8),
            stack_used=z((B, NUM_STACKS), bool), pawn_free=z((B, P), bool), in_auction=z((B, P), bool),
            stack=full(B, -1, np.int8), bid=z(B, np.int16), high=full(B, -1, np.int8), opener=full(B, -1, np.int8),
            lone=z(B, bool), piece=full(B, -1, np.int8), resume=z(B, np.int8), ctx=z(B, np.int8),
            ctx_index=z(B, np.int8), merchant_paid=z(B, bool), char_owner=full((B, NUM_CHARACTERS), -1, np.int8),
            char_faceup=np.ones((B, NUM_CHARACTERS), bool), banker_money=z(B, np.int16),
            pawn_card=full((B, P), -1, np.int8), pawn_value=z((B, P), np.int8), char_out=z((B, P), bool),
            turns_done=z(B, np.int8), actions_left=z(B, np.int8), took_profession=z(B, bool),
            took_freedom=z(B, bool), acts_done=z((B, 3), np.int8), work_prof=full(B, -1, np.int8),
            work_value=z(B, np.int16), money_in=z(B, np.int32), money_out=z(B, np.int32),
            wolf_row=full((B, ROW), -1, np.int8), wolf_len=z(B, np.int8), wolf_up=z((B, ROW), bool),
            wolf_bonus=full((B, NUM_BONUS), -1, np.int8), wolf_buildings=z((B, NUM_BUILDINGS), np.int8),
            wolf_freedoms=z((B, NUM_FREEDOMS), np.int8), dummy_col=full((B, MAX_DUMMIES, COLUMN), -1, np.int8),
            dummy_len=z((B, MAX_DUMMIES), np.int8), automa_order=full((B, NUM_AUTOMA), -1, np.int8),
            automa_next=z(B, np.int8), automa_card=full(B, -1, np.int8), last_bid=full((B, NUM_STACKS), -1, np.int8),
            auctions_done=z(B, np.int8), you_bought=full(B, -1, np.int8), wolf_bought=full(B, -1, np.int8),
            forced=z(B, bool), die_count=z(B, np.int16), tie_count=z(B, np.int16), recruit_discarded=z(B, np.int8),
            builders_discarded=z(B, np.int8),
        )  # fmt: skip
        if not self.cooperative:
            return st
        return PrincesCoopState(
            **st.arrays(), shared_with=full((B, P, NUM_BUILDINGS), -1, np.int8), shared_cells=z((B, 2 * P), np.uint64),
            prop_building=full(B, -1, np.int8), prop_builder=full(B, -1, np.int8), prop_partner=full(B, -1, np.int8),
            prop_side=full(B, -1, np.int8), prop_place=full(B, -1, np.int16), prop_price=full(B, -1, np.int8),
            proposals_left=full(B, self.CT.proposals, np.int8),
        )  # fmt: skip

    def _init(self, seeds: np.ndarray) -> PrincesState:
        if self.solo:
            return self._solo_init(seeds)
        T, P = self.T, self.num_players
        st = self._table(seeds)
        B = len(seeds)
        g = np.arange(B)
        st.money[:] = T.start_money
        st.banker_money[:] = T.banker_start if self.characters else 0
        st.supply_freedoms[:] = self._freedom_supply(seeds)
        st.start[:] = rng.randint(seeds, STREAM_SETUP, 0, P)
        # Set-up 10: four face-up professions to each seat from the start player on (D1, D2).
        keys = rng.shuffle_keys(seeds, STREAM_PROFESSIONS, np.zeros(B, np.int64), NUM_PROFESSIONS)
        deal = np.argsort(keys, axis=1, kind="stable")
        for i in range(P):
            seat = (st.start.astype(np.int64) + i) % P
            for j in range(T.dealt):
                st.hand_prof[g, seat, deal[:, T.dealt * i + j]] = True
        st.known[:] = st.hand_prof
        rest = NUM_PROFESSIONS - T.dealt * P
        st.deck_cards[:, DECK_PROFESSIONS, :rest] = deal[:, T.dealt * P :]
        st.deck_len[:, DECK_PROFESSIONS] = rest
        st.current_player[:] = st.start
        st.phase[:] = PH_SETUP_DISCARD
        self._refresh_mask(st, g)
        return st

    def _table(self, seeds: np.ndarray) -> PrincesState:
        """Blank games with what every set-up shares: empty principalities, the supplies (but
        the Freedoms), the Prestige and Bonus decks shuffled (SPEC S, R)."""
        T, B = self.T, len(seeds)
        st = self._blank(seeds)
        st.occupied[:] = T.palazzo
        st.blocked[:] = T.palazzo
        st.supply_buildings[:] = T.buildings_per_type
        st.supply_landscapes[:] = T.landscapes_per_type
        st.supply_jesters[:] = T.jesters
        st.supply_builders[:] = T.builders
        st.supply_recruiting[:] = T.recruiting
        self._refresh_fits(st, np.zeros(1, np.int64), np.zeros(1, np.int64))
        st.fits[:] = st.fits[0, 0]
        if self.cooperative:  # CP4 depends on the seat's neighbours
            self._refresh_all_fits(st, np.arange(B))
        shuffled = ((DECK_PRESTIGE, STREAM_PRESTIGE, NUM_PRESTIGE), (DECK_BONUS, STREAM_BONUS, NUM_BONUS))
        for deck, stream, size in shuffled:
            keys = rng.shuffle_keys(seeds, stream, np.zeros(B, np.int64), size)
            st.deck_cards[:, deck, :size] = np.argsort(keys, axis=1, kind="stable")
            st.deck_len[:, deck] = size
        return st

    def _freedom_supply(self, seeds: np.ndarray) -> np.ndarray:
        """int8[B, 3]: P - 1 of each kind; 2 players: the base plus random extra kinds (R)."""
        T, B = self.T, len(seeds)
        if self.num_players > 2:
            return np.full((B, NUM_FREEDOMS), self.num_players - 1, np.int8)
        extra = T.two_player_extra_hard if self.hard_freedoms else T.two_player_extra
        keys = rng.hash64(seeds[:, None], STREAM_SETUP, 1, np.arange(NUM_FREEDOMS))
        rank = np.argsort(np.argsort(keys, axis=1, kind="stable"), axis=1, kind="stable")
        return (T.two_player_base + (rank < extra)).astype(np.int8)

    def _on_setup_discard(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        p = st.current_player[g].astype(np.int64)
        x = actions - A_PROFESSION
        st.hand_prof[g, p, x] = False
        st.known[g, p, x] = False
        length = st.deck_len[g, DECK_PROFESSIONS].astype(np.int64)
        st.deck_cards[g, DECK_PROFESSIONS, length] = x  # the deck is rebuilt below: order is moot
        st.deck_len[g, DECK_PROFESSIONS] = length + 1
        st.setup_done[g] += 1
        if self.solo:  # only you discard (SPEC SS); you stay the player
            done = np.ones(g.size, bool)
        else:
            st.current_player[g] = (p + 1) % self.num_players
            done = st.setup_done[g] >= self.num_players
        if done.any():
            gd = g[done]
            self._reshuffle_professions(st, gd)
            self._round_start(st, gd)

    def _reshuffle_professions(self, st: PrincesState, g: np.ndarray) -> None:
        """Every profession in no hand, ordered by ``hash64(seed, 1, 1, id)`` (SPEC R)."""
        keys = rng.shuffle_keys(st.seed[g], STREAM_PROFESSIONS, np.ones(g.size, np.int64), NUM_PROFESSIONS)
        held = st.hand_prof[g].any(1)  # [n, 21]
        keys = np.where(held, np.iinfo(np.uint64).max, keys)
        order = np.argsort(keys, axis=1, kind="stable").astype(np.int8)
        size = (~held).sum(1)
        order[np.arange(NUM_PROFESSIONS)[None, :] >= size[:, None]] = -1
        st.deck_cards[g, DECK_PROFESSIONS] = order
        st.deck_top[g, DECK_PROFESSIONS] = 0
        st.deck_len[g, DECK_PROFESSIONS] = size
