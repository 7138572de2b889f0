"""The rules of a turn (rulebook "Playing the game"): revealing, taking, the end of a turn and the
end of a day (unloading, the reshuffle, the next start player, the end of the game); batched, and
for one game in Python integers (``_apply_one``, the same writes)."""

from __future__ import annotations

import numpy as np

from ...core import rng
from ...core.game import dispatch, legal_counts
from .constants import (
    ACTION_NAMES,
    LOC_BOX,
    LOC_MARKET,
    LOC_SHIP,
    NUM_DAYS,
    PHASE_REVEAL,
    PHASE_TAKE,
    REVEAL,
    STOP,
    STREAM_START,
    TAKE_LAST_AND_2ND,
    TAKE_LAST_AND_3RD,
    TAKE_LAST_THREE,
    TAKES,
)
from .state import MediciState, _flat


class RulesMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _build_rule_tables(self) -> None:
        players = self.num_players
        self._back = np.arange(1, self.max_market + 1)  # int[M] market positions back from the end of the line
        # _takes[action]: which of (last, 2nd-last, 3rd-last) market cards a take action loads
        self._takes = np.zeros((len(ACTION_NAMES), 3), bool)  # bool[A, 3]
        self._takes[list(TAKES), 0] = True
        self._takes[[TAKE_LAST_AND_2ND, TAKE_LAST_THREE], 1] = True
        self._takes[[TAKE_LAST_AND_3RD, TAKE_LAST_THREE], 2] = True
        self._three_int8, self._three_int16 = np.ones(3, np.int8), np.ones(3, np.int16)
        # _take_backs[action]: positions back from the end of the market line of the cards it loads
        self._take_backs = {action: tuple((1 + np.flatnonzero(self._takes[action])).tolist()) for action in TAKES}
        # _clockwise_after[p]: the seats after p in turn order, p itself last
        self._clockwise_after = [[(p + k) % players for k in range(1, players + 1)] for p in range(players)]
        self._colours = np.arange(5)
        self._next_seats = np.arange(1, players + 1)

    def _from_last(self, state: MediciState, games: np.ndarray, market_len: np.ndarray, depth: int = 3) -> np.ndarray:
        """int[n, depth]: card ids at market positions m-1, m-2, ..., m-depth (N where there is no card)."""
        pos = market_len[:, None] - self._back[:depth]  # int[n, depth]
        cards = _flat(state.market).take(games[:, None] * self.num_cards + np.maximum(pos, 0))
        return np.where(pos >= 0, cards.astype(np.int64), self.num_cards)

    # ----------------------------------------------------------------- step

    def _apply(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        if games.size == 1:  # B=1 play (the AEC env) and lone forced moves: see _apply_one
            self._apply_one(state, int(games[0]), int(actions[0]))
        else:
            self._apply_batch(state, games, actions)

    def _apply_batch(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        dispatch(
            state.phase,
            games,
            actions,
            {
                PHASE_REVEAL: lambda g, a: self._reveal_phase(state, g, a),
                PHASE_TAKE: lambda g, a: self._take_phase(state, g, a),
            },
        )

    def _reveal_phase(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        reveal = games[actions == REVEAL]
        if reveal.size:
            # "Card after card, reveal one OR two OR three cards from the deck, displaying
            # these cards face up in a line next to the deck"
            N = self.num_cards
            row = reveal * N  # int[n] offsets of these games' rows in the flattened [B, N] arrays
            top = state.deck_top[reveal]
            card = _flat(state.deck).take(row + top).astype(np.int64)
            state.deck_top[reveal] = top + 1
            market_len = state.market_len[reveal]
            _flat(state.market)[row + market_len] = card
            state.market_len[reveal] = market_len + 1
            _flat(state.card_loc)[row + card] = LOC_MARKET
            kind_at = reveal * self.num_kinds + self.card_kind.take(card)  # flat index into [B, K]
            _flat(state.deck_counts)[kind_at] -= 1  # one card per game: no repeated index
            _flat(state.market_counts)[kind_at] += 1
            revealed = state.revealed[reveal] + 1
            state.revealed[reveal] = revealed
            # After the third card the player must take: no further reveal is possible.
            state.phase[reveal[revealed >= 3]] = PHASE_TAKE
        stop = actions == STOP
        if stop.any():
            state.phase[games[stop]] = PHASE_TAKE
        self._refresh_mask(state, games)

    def _take_phase(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        # "you MUST take the last card from the market ... In addition, you MAY take any one or
        # two of the previous two cards from the market."
        N, K = self.num_cards, self.num_kinds
        player = state.current_player[games].astype(np.int64)
        market_len = state.market_len[games].astype(np.int64)
        last3 = self._from_last(state, games, market_len)  # int[n, 3]: last, 2nd-last, 3rd-last card
        taken = self._takes.take(actions, axis=0)  # bool[n, 3]: which of them the action takes
        cards = np.where(taken, last3, N)  # int[n, 3], N = not taken (zero in every lookup table)
        # Sums over the three slots as products with ones (numpy's sum over a length-3 axis is slow).
        seat = games * self.num_players + player  # flat index into [B, P]
        _flat(state.ship_value)[seat] += self._value.take(cards) @ self._three_int16
        _flat(state.ship_slots)[seat] += self._nongreen.take(cards) @ self._three_int8
        gained = self._three_int8 @ self._icons_by_colour.take(cards, axis=0)  # int8[n, 5]
        _flat(state.ship_icons)[seat[:, None] * 5 + self._colours] += gained
        # A slot not taken points at the last card again: writing the same values twice is harmless,
        # and its count decrement below is zero.
        held = np.where(taken, last3, last3[:, :1])  # int[n, 3]
        placed = (games * N)[:, None] + held
        _flat(state.card_loc)[placed] = LOC_SHIP
        _flat(state.card_owner)[placed] = player[:, None]
        kinds = self.card_kind.take(held)  # int[n, 3]
        kind_at = (games * K)[:, None] + kinds  # flat index into [B, K]
        acquired_at = (seat * K)[:, None] + kinds  # flat index into [B, P, K]
        market_counts, acquired = _flat(state.market_counts), _flat(state.acquired)
        for slot in range(3):  # one card per slot and game: no index repeats within a statement
            market_counts[kind_at[:, slot]] -= taken[:, slot]
            acquired[acquired_at[:, slot]] += taken[:, slot]
        # "If necessary, push the remaining cards back to fill any occurring gaps." The cards before
        # the last three never move, and a kept 3rd-last card stays where it is; only a kept
        # 2nd-last card whose 3rd-last neighbour was taken moves down one place.
        moves = taken[:, 2] & ~taken[:, 1]
        if moves.any():
            _flat(state.market)[games[moves] * N + market_len[moves] - 3] = last3[moves, 1]
        state.market_len[games] = market_len - (taken @ self._three_int8)
        self._end_turn(state, games)

    def _end_turn(self, state: MediciState, games: np.ndarray) -> None:
        P = self.num_players
        open_ships = state.ship_slots.take(games, axis=0) < self.capacity  # bool[n, P]
        num_open = legal_counts(open_ships)
        # "If there is only one player left who does not yet have a fully loaded ship, this
        # player gets one final turn. Then the round ends, even if that last ship is not fully
        # loaded."  "Each of the three rounds ends once all players' ships are full of cards."
        day_over = state.final_turn[games] | (num_open == 0)
        lone = ~day_over & (num_open == 1)
        # "Players with a fully loaded ship do not take any further turns in the round."
        current = state.current_player[games].astype(np.int64)
        seats = (current[:, None] + self._next_seats) % P  # int[n, P]: clockwise from the next seat
        ring = open_ships.reshape(-1).take(self._rows(games.size)[:, None] * P + seats)  # bool[n, P] in that order
        next_open = (current + 1 + ring.argmax(1)) % P
        state.current_player[games] = np.where(day_over, current, next_open)
        state.final_turn[games] = lone
        state.phase[games] = PHASE_REVEAL
        state.revealed[games] = 0
        if day_over.any():
            self._end_day(state, games[day_over])
        live = games[~state.terminated[games]]
        self._refresh_mask(state, live)

    # ------------------------------------------------- one game, Python ints
    #
    # The same rules as the batched handlers above for a single game, in Python integers: at B=1
    # the fixed cost of each numpy call on a one-element array, not the work, is what counts.
    # Every write is the batched one, to the letter (entries past the end of the market line
    # included), so a game follows the same trajectory alone as in a batch (``check_game``) and
    # tests/test_medici_engine.py compares the two paths position by position.

    def _apply_one(self, state: MediciState, g: int, action: int) -> None:
        if state.phase.item(g) == PHASE_REVEAL:
            if action == REVEAL:
                top, m = state.deck_top.item(g), state.market_len.item(g)
                card = state.deck.item(g, top)
                state.deck_top[g] = top + 1
                state.market[g, m] = card
                state.market_len[g] = m + 1
                state.card_loc[g, card] = LOC_MARKET
                kind = self._kind_list[card]
                state.deck_counts[g, kind] -= 1
                state.market_counts[g, kind] += 1
                revealed = state.revealed.item(g) + 1
                state.revealed[g] = revealed
                if revealed >= 3:  # after the third card the player must take
                    state.phase[g] = PHASE_TAKE
            else:  # STOP
                state.phase[g] = PHASE_TAKE
            self._refresh_mask_one(state, g)
            return
        player, m = state.current_player.item(g), state.market_len.item(g)
        line = state.market[g]  # int16[N] view
        cards = [line.item(m - back) for back in self._take_backs[action]]  # last card first
        value = slots = 0
        for card in cards:
            value += self._value_list[card]
            slots += self._nongreen_list[card]
            colour = self._colour_list[card]
            if colour >= 0:
                state.ship_icons[g, player, colour] += self._icons_list[card]
            state.card_loc[g, card] = LOC_SHIP
            state.card_owner[g, card] = player
            state.market_counts[g, self._kind_list[card]] -= 1
            state.acquired[g, player, self._kind_list[card]] += 1
        state.ship_value[g, player] += value
        state.ship_slots[g, player] += slots
        if action == TAKE_LAST_AND_3RD:  # the kept 2nd-last card closes the gap (see _take_phase)
            line[m - 3] = line.item(m - 2)
        state.market_len[g] = m - len(cards)
        # End of the turn, as in _end_turn.
        capacity = self.capacity
        open_ships = [used < capacity for used in state.ship_slots[g].tolist()]
        num_open = sum(open_ships)
        day_over = state.final_turn.item(g) or num_open == 0
        if not day_over:
            player = next(seat for seat in self._clockwise_after[player] if open_ships[seat])
            state.current_player[g] = player
        state.final_turn[g] = not day_over and num_open == 1
        state.phase[g] = PHASE_REVEAL
        state.revealed[g] = 0
        if day_over:
            self._end_day(state, np.array([g]))
            if state.terminated.item(g):
                return
        self._refresh_mask_one(state, g)

    # ------------------------------------------------------------ day end

    def _end_day(self, state: MediciState, games: np.ndarray) -> None:
        # Ship values first, then "the ships are unloaded", then commodities are scored.
        values = state.ship_value.take(games, axis=0)
        warehouse = state.warehouse_icons.take(games, axis=0) + state.ship_icons.take(games, axis=0)
        state.warehouse_icons[games] = warehouse
        state.scores[games] += self._day_payouts(values, warehouse)
        # "Players move all their commodity cards into their 'warehouse' ... Neutral (green)
        # cards without commodities are returned to the box and out of the game."
        loc = state.card_loc.take(games, axis=0)  # int8[n, N]
        loc = np.where(loc == LOC_SHIP, self._unload_to, loc)
        state.card_loc[games] = loc
        owner = state.card_owner.take(games, axis=0)
        np.putmask(owner, loc == LOC_BOX, -1)
        state.card_owner[games] = owner
        state.ship_value[games] = 0
        state.ship_slots[games] = 0
        state.ship_icons[games] = 0
        state.final_turn[games] = False

        last_day = state.day[games] >= NUM_DAYS - 1
        over = games[last_day]
        if over.size:
            # "The game ends after the scoring of the third round. The player with the highest
            # sum of florins is the winner. In the case of a tie, the tied players become joint
            # winners."
            state.terminated[over] = True
            state.legal_action_mask[over] = False
            state.rewards[over] += self.terminal_rewards(state.scores[over])
        nxt = games[~last_day]
        if nxt.size:
            state.day[nxt] += 1
            self._shuffle_deck(state, nxt)
            # "The player with the lowest sum of florins starts the next round. (If there is a
            # tie, randomly choose one of the tied players.)"
            scores = state.scores.take(nxt, axis=0)
            poorest = scores == scores.min(1, keepdims=True)
            tied = legal_counts(poorest)  # int[n]
            pick = np.zeros(nxt.size, np.int64)  # randint(..., 1) is 0: draw only where players tie
            draw = tied > 1
            if draw.any():
                pick[draw] = rng.randint(state.seed[nxt[draw]], STREAM_START, state.day[nxt[draw]].astype(np.int64),
                                         tied[draw])  # fmt: skip
            start = (np.cumsum(poorest, 1) == (pick + 1)[:, None]).argmax(1)
            state.start_player[nxt] = start
            state.current_player[nxt] = start
