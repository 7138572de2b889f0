"""The rules as step handlers (SPEC §5-§6): one method per decision phase applies the chosen
action to every game of a group (vectorised), then the automatic continuations run: the next
acting seat, the end of the round (discards, keeping a card, income with the Captain's and the
merchants' choices, the election, the reset) and the next round or the end of the game."""

from __future__ import annotations

import functools

import numpy as np

from ...core.game import dispatch
from .constants import (
    BASE_ACTIONS,
    BEING_COMPLETED,
    DISCARDED,
    DONE,
    IN_ROW,
    NUM_SLOTS,
    PH_ACTION,
    PH_BARTER_GIVE,
    PH_BARTER_TAKE,
    PH_CAPTAIN_CHOICE,
    PH_EXCHANGE_GIVE_1,
    PH_EXCHANGE_GIVE_2,
    PH_EXCHANGE_TAKE,
    PH_HIRE,
    PH_KEEP,
    PH_MERCHANT_CHOICE,
    RESERVED,
)
from .data import G_ART_COLLEGE, G_MASTER_BUILDER, G_MERCHANTS, L_BARTER, L_CAPTAIN, L_GAIN, L_SELL
from .state import FlorenzaCardsState

# Categories of the ACTION phase's ids (SPEC §6)
(C_PLAY, C_COMPLETE, C_RESERVE_MON, C_RESERVE_ART, C_LOCATION, C_WORKERS, C_SELL, C_BUY, C_EXCHANGE,
 C_INSPIRATION, C_PASS, C_HIRE_TABLE, C_HIRE_RESERVED, C_HIRE_ANON, C_RESOURCE, C_KEEP) = range(16)  # fmt: skip


class RulesMixin:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: decision handlers and continuations."""

    @functools.cached_property
    def _action_category(self) -> tuple[np.ndarray, np.ndarray]:
        """(int[A] category, int[A] argument) of every action id: e.g. ``PLAY[k]`` -> (C_PLAY, k)."""
        ids = self.ids
        blocks = [
            (ids.play, self.K), (ids.complete, self.M), (ids.reserve_monument, self.M),
            (ids.reserve_artist, self.AK), (ids.location, self.L), (ids.workers, 1), (ids.sell, 6), (ids.buy, 6),
            (ids.exchange, 1), (ids.inspiration, 1), (ids.pass_, 1), (ids.hire_table, self.AK),
            (ids.hire_reserved, self.AK), (ids.hire_anonymous, 3), (ids.resource, 6), (ids.keep, self.K),
        ]  # fmt: skip
        cat = np.zeros(self.num_actions, np.int64)
        arg = np.zeros(self.num_actions, np.int64)
        for c, (start, size) in enumerate(blocks):
            cat[start : start + size] = c
            arg[start : start + size] = np.arange(size)
        return cat, arg

    def _apply(self, state: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        st = state
        handlers = self._handlers
        if games.size == 1:  # one game (the AEC env): its handler at once
            handler = handlers.get(st.phase.item(games.item(0)))
            handler(self, st, games, actions)
        else:
            dispatch(st.phase, games, actions, {ph: functools.partial(h, self, st) for ph, h in handlers.items()})
        self._refresh_mask(st, games)

    @functools.cached_property
    def _handlers(self) -> dict:
        cls = type(self)
        return {
            PH_ACTION: cls._on_action,
            PH_HIRE: cls._on_hire,
            PH_EXCHANGE_GIVE_1: cls._on_exchange_give,
            PH_EXCHANGE_GIVE_2: cls._on_exchange_give,
            PH_EXCHANGE_TAKE: cls._on_take,
            PH_BARTER_GIVE: cls._on_barter_give,
            PH_BARTER_TAKE: cls._on_take,
            PH_KEEP: cls._on_keep,
            PH_CAPTAIN_CHOICE: cls._on_captain_choice,
            PH_MERCHANT_CHOICE: cls._on_merchant_choice,
        }

    # ------------------------------------------------------------ helpers

    def _has_guild(self, st: FlorenzaCardsState, games, seats, effect: int) -> np.ndarray:
        """bool[n]: the seat holds the guild with ``effect`` in play (never without guilds)."""
        kinds = self.guild_kind[effect]
        if not self.guilds or kinds.size == 0:
            return np.zeros(len(games), bool)
        return st.in_play[games, seats][:, kinds].any(1)

    def _discount(self, st, games, seats, effect: int) -> np.ndarray:
        """int[n]: 50 for a seat holding the discount guild ``effect``, else 0."""
        return np.where(self._has_guild(st, games, seats, effect), 50, 0)

    def _pay_resources(self, st: FlorenzaCardsState, games, seats, cost: np.ndarray) -> None:
        """Seat pays ``cost`` (int[n, 6]) resources to the supply."""
        cost = cost.astype(np.int16)
        st.res[games, seats] -= cost
        st.supply[games] += cost

    def _pay_money(self, st: FlorenzaCardsState, games, seats, amount) -> None:
        st.money[games, seats] -= amount
        st.supply_money[games] += amount

    def _gain_resource(self, st: FlorenzaCardsState, games, seats, r, amount=1) -> None:
        st.res[games, seats, r] += amount
        st.supply[games, r] -= amount

    def _gain_money(self, st: FlorenzaCardsState, games, seats, amount) -> None:
        st.money[games, seats] += amount
        st.supply_money[games] -= amount

    # ------------------------------------------------------------ ACTION

    def _on_action(self, st: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        cat_of, arg_of = self._action_category
        cats, args = cat_of[actions], arg_of[actions]
        seats = st.current_player[games].astype(np.int64)
        done = np.ones(games.size, bool)  # the action is complete (no follow-up decision)
        if games.size == 1:
            groups = [(int(cats[0]), slice(None))]
        else:
            groups = [(c, cats == c) for c in np.unique(cats).tolist()]
        for c, sel in groups:
            g, p, a = games[sel], seats[sel], args[sel]
            if c == C_PLAY:
                done[sel] = self._play_card(st, g, p, a)
            elif c == C_COMPLETE:
                self._complete_monument(st, g, p, a)
                done[sel] = False
            elif c == C_RESERVE_MON:
                st.mon_state[g, a] = RESERVED
                st.mon_owner[g, a] = p
            elif c == C_RESERVE_ART:
                copy = self._copy_of(st, g, p, a, IN_ROW)
                st.art_state[g, copy] = RESERVED
                st.art_owner[g, copy] = p
                st.table_count[g, a] -= 1
                st.reserved_count[g, p, a] += 1
            elif c == C_LOCATION:
                done[sel] = self._activate_location(st, g, p, a)
            elif c == C_WORKERS:
                self._gain_money(st, g, p, self.t.workers_money)
            elif c == C_SELL:
                self._gain_resource(st, g, p, a, -1)
                self._gain_money(st, g, p, self.t.market_sell_price)
            elif c == C_BUY:
                self._pay_money(st, g, p, self.t.market_buy_price)
                self._gain_resource(st, g, p, a)
            elif c == C_EXCHANGE:
                st.phase[g] = PH_EXCHANGE_GIVE_1
                done[sel] = False
            elif c == C_INSPIRATION:
                self._draw_cards(st, g, p, np.ones(g.size, np.int64))
            # C_PASS: nothing happens; the action is used up (DESIGN_NOTES 27)
        if done.all():
            self._next_action(st, games)
        elif done.any():
            self._next_action(st, games[done])

    def _play_card(self, st: FlorenzaCardsState, g, p, k) -> np.ndarray:
        """PLAY[k]: pay, and either put the card in play or wait for its artist. bool[n]: done."""
        t = self.t
        self._pay_resources(st, g, p, t.card_cost_res[k])
        self._pay_money(st, g, p, t.card_cost_money[k])
        st.hand[g, p, k] -= 1
        needs = t.card_needs_artist[k]
        at_once = ~needs
        if at_once.any():
            self._place_card(st, g[at_once], p[at_once], k[at_once], -1)
        if needs.any():
            st.pending_card[g[needs]] = k[needs]
            st.phase[g[needs]] = PH_HIRE
        return at_once

    def _place_card(self, st: FlorenzaCardsState, g, p, k, artist_value) -> None:
        st.in_play[g, p, k] = True
        st.card_artist[g, p, k] = artist_value
        st.visible_pp[g, p] += self.t.card_prestige[k].astype(np.int16)

    def _complete_monument(self, st: FlorenzaCardsState, g, p, m) -> None:
        t = self.t
        self._pay_resources(st, g, p, t.mon_cost_res[m])
        discount = self._discount(st, g, p, G_MASTER_BUILDER)
        self._pay_money(st, g, p, np.maximum(0, t.mon_cost_money[m] - discount))
        st.mon_state[g, m] = BEING_COMPLETED
        st.mon_owner[g, m] = p
        st.pending_monument[g] = m
        st.phase[g] = PH_HIRE

    def _copy_of(self, st: FlorenzaCardsState, g, p, a, where: int) -> np.ndarray:
        """int[n]: the copy of artist kind ``a`` drawn first among those on the table
        (``where`` = IN_ROW) or reserved by seat ``p`` (RESERVED), DESIGN_NOTES 11."""
        copies = self.copy_lookup[a]  # [n, C]
        ok = self.copy_valid[a] & (st.art_state[g[:, None], copies] == where)
        if where == RESERVED:
            ok &= st.art_owner[g[:, None], copies] == p[:, None]
        pos = np.where(ok, st.art_pos[g[:, None], copies], 127)
        return copies[np.arange(len(g)), pos.argmin(1)]

    def _activate_location(self, st: FlorenzaCardsState, g, p, loc) -> np.ndarray:
        """LOCATION[l] (SPEC §6). bool[n]: done (a barter waits for its two choices)."""
        t = self.t
        effect, r = t.loc_effect[loc], t.loc_res[loc]
        st.loc_up[g, loc] -= 1
        gain, sell, captain = effect == L_GAIN, effect == L_SELL, effect == L_CAPTAIN
        if gain.any():
            self._gain_resource(st, g[gain], p[gain], r[gain], t.gain_amount)
        if sell.any():
            self._gain_resource(st, g[sell], p[sell], r[sell], -1)
            self._gain_money(st, g[sell], p[sell], t.location_sell_price)
        if captain.any():
            st.new_captain[g[captain]] = p[captain]
        barter = effect == L_BARTER
        st.phase[g[barter]] = PH_BARTER_GIVE
        return ~barter

    # ------------------------------------------------------------ follow-up decisions

    def _on_hire(self, st: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        t = self.t
        p = st.current_player[games].astype(np.int64)
        discount = self._discount(st, games, p, G_ART_COLLEGE)
        cat_of, arg_of = self._action_category
        cat, a = cat_of[actions], arg_of[actions]
        anon = cat == C_HIRE_ANON
        kind = np.where(anon, 0, a)
        value = np.zeros(games.size, np.int64)
        cost = np.where(anon, t.anon_cost[np.minimum(a, 2)], t.art_cost[kind])
        for c, where in ((C_HIRE_TABLE, IN_ROW), (C_HIRE_RESERVED, RESERVED)):
            sel = cat == c
            if sel.any():
                g, q, k = games[sel], p[sel], a[sel]
                copy = self._copy_of(st, g, q, k, where)
                st.art_state[g, copy] = DONE
                st.art_owner[g, copy] = q
                if c == C_HIRE_TABLE:
                    st.table_count[g, k] -= 1
                else:
                    st.reserved_count[g, q, k] -= 1
                value[sel] = t.copy_value[copy]
                st.hired_types[g, q, t.art_type[k]] += 1
        if anon.any():
            g, q, x = games[anon], p[anon], a[anon]
            st.anon_up[g, x] = False
            value[anon] = t.anon_value[x]
            st.anon_hired[g, q, x] += 1
        self._pay_money(st, games, p, np.maximum(0, cost - discount))
        st.visible_pp[games, p] += value.astype(np.int16)
        card, mon = st.pending_card[games].astype(np.int64), st.pending_monument[games].astype(np.int64)
        is_card = card >= 0
        if is_card.any():
            self._place_card(st, games[is_card], p[is_card], card[is_card], value[is_card])
        if (~is_card).any():
            g, q, m = games[~is_card], p[~is_card], mon[~is_card]
            st.mon_state[g, m] = DONE
            st.mon_owner[g, m] = q
            st.mon_artist[g, m] = value[~is_card]
            st.visible_pp[g, q] += t.mon_prestige[m].astype(np.int16)
        st.pending_card[games] = -1
        st.pending_monument[games] = -1
        self._next_action(st, games)

    def _on_exchange_give(self, st: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        """EXCHANGE_GIVE_1 / _2: one resource to the supply; the second leads to the take."""
        r = actions - self.ids.resource
        p = st.current_player[games].astype(np.int64)
        self._gain_resource(st, games, p, r, -1)
        st.given[games, r] += 1
        st.phase[games] += 1  # GIVE_1 -> GIVE_2 -> TAKE

    def _on_barter_give(self, st: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        r = actions - self.ids.resource
        self._gain_resource(st, games, st.current_player[games].astype(np.int64), r, -1)
        st.given[games, r] = 1
        st.phase[games] = PH_BARTER_TAKE

    def _on_take(self, st: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        """EXCHANGE_TAKE / BARTER_TAKE: one resource from the supply ends the action."""
        self._gain_resource(st, games, st.current_player[games].astype(np.int64), actions - self.ids.resource)
        st.given[games] = 0
        self._next_action(st, games)

    # ------------------------------------------------------------ next action

    def _next_action(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """The next (slot, offset) whose seat acts (SPEC §5), or the end of the round."""
        P = self.num_players
        st.phase[games] = PH_ACTION
        nxt = st.slot[games].astype(np.int64) * P + st.offset[games] + 1
        normal = nxt < BASE_ACTIONS * P  # slots 0-3: every seat acts
        if normal.all():
            self._set_turn(st, games, nxt)
            return
        if normal.any():
            self._set_turn(st, games[normal], nxt[normal])
        g, start = games[~normal], nxt[~normal]
        # acting[i, s*P + j]: seat (captain + j) mod P acts in slot s (slots 4..7 need the card)
        seats = (st.captain[g, None].astype(np.int64) + np.arange(P)) % P  # [n, P]
        owned = st.in_play[g[:, None], seats].astype(np.uint8) @ self.card_slot_onehot.astype(np.uint8)  # [n,P,8]
        acting = (owned > 0).transpose(0, 2, 1).reshape(len(g), NUM_SLOTS * P)
        acting[:, : BASE_ACTIONS * P] = True
        acting &= np.arange(NUM_SLOTS * P) >= start[:, None]
        has_next = acting.any(1)
        if has_next.any():
            self._set_turn(st, g[has_next], acting[has_next].argmax(1))
        if (~has_next).any():
            self._end_of_round(st, g[~has_next])

    def _set_turn(self, st: FlorenzaCardsState, games: np.ndarray, index: np.ndarray) -> None:
        P = self.num_players
        st.slot[games] = index // P
        st.offset[games] = index % P
        st.current_player[games] = (st.captain[games] + index % P) % P

    # ------------------------------------------------------------ end of round

    def _end_of_round(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Step a (rounds 1-4): row and table discards, then the keep decisions; else income."""
        late = st.round[games] >= self.t.rounds
        if late.any():
            self._income(st, games[late])
        g = games[~late]
        if g.size == 0:
            return
        # the row keeps its first monuments_kept by (prestige desc, draw position asc)
        row = st.mon_state[g] == IN_ROW
        rank = self.row_rank(st.mon_state[g], st.mon_pos[g])
        st.mon_state[g] = np.where(row & (rank >= self.t.monuments_kept), DISCARDED, st.mon_state[g])
        st.art_state[g] = np.where(st.art_state[g] == IN_ROW, DISCARDED, st.art_state[g])
        st.table_count[g] = 0
        st.keep_offset[g] = 0
        self._continue_keep(st, g)

    def _continue_keep(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """The next seat (in turn order from keep_offset) with cards decides; then income."""
        P = self.num_players
        j = st.keep_offset[games].astype(np.int64)
        waiting = np.ones(games.size, bool)
        while waiting.any():
            w = np.flatnonzero(waiting)
            g = games[w]
            over = j[w] >= P
            seats = (st.captain[g].astype(np.int64) + j[w]) % P
            has = ~over & (st.hand[g, seats].sum(1) > 0)
            if has.any():
                st.phase[g[has]] = PH_KEEP
                st.current_player[g[has]] = seats[has]
                st.keep_offset[g[has]] = j[w[has]]
            if over.any():
                self._income(st, g[over])
            waiting[w[has | over]] = False
            j[w] += 1

    def _on_keep(self, st: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        k = actions - self.ids.keep
        p = st.current_player[games].astype(np.int64)
        kept = np.zeros((games.size, self.K), np.int8)
        kept[np.arange(games.size), k] = 1
        st.discard[games, p] += st.hand[games, p] - kept
        st.hand[games, p] = kept
        st.keep_offset[games] += 1
        self._continue_keep(st, games)

    def _give(self, st: FlorenzaCardsState, games, seats, amounts: np.ndarray) -> None:
        """Income of one seat per game: ``amounts`` int[n, 7] (six resources, money), each as
        far as the supply goes (SPEC §5 b)."""
        res = np.minimum(amounts[:, :6], st.supply[games]).astype(np.int16)
        money = np.minimum(amounts[:, 6], st.supply_money[games])
        st.res[games, seats] += res
        st.supply[games] -= res
        self._gain_money(st, games, seats, money)

    def _income(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Step b (DN 16): first the Captain's choice, which every player receives (only a resource
        the supply holds for every player can be chosen); then the incomes, player by player."""
        P = self.num_players
        choice = (st.supply[games] >= P).any(1)
        st.phase[games[choice]] = PH_CAPTAIN_CHOICE
        st.current_player[games[choice]] = st.captain[games[choice]]
        if (~choice).any():
            self._start_incomes(st, games[~choice])

    def _on_captain_choice(self, st: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        r = actions - self.ids.resource
        for p in range(self.num_players):
            self._gain_resource(st, games, np.full(games.size, p), r)
        self._start_incomes(st, games)

    def _start_incomes(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        st.keep_offset[games] = 0
        self._continue_incomes(st, games)

    def _continue_incomes(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """From offset ``keep_offset`` on, in turn order: each seat receives its whole income (the
        Family card's marble, wood and Fiorini with its Workshops' and Residences'), as far as the
        supply goes, then chooses its Arte dei Mercatanti resource; after the last seat, the election."""
        P = self.num_players
        j = st.keep_offset[games].astype(np.int64)
        waiting = np.ones(games.size, bool)
        while waiting.any():
            w = np.flatnonzero(waiting)
            over = j[w] >= P
            if over.any():
                self._election(st, games[w[over]])
                waiting[w[over]] = False
            w = w[~over]
            if w.size == 0:
                break
            g = games[w]
            seats = (st.captain[g].astype(np.int64) + j[w]) % P
            self._give(st, g, seats, self.base_income + st.in_play[g, seats].astype(np.int64) @ self.card_income)
            merchant = self._has_guild(st, g, seats, G_MERCHANTS) & (st.supply[g] > 0).any(1)
            if merchant.any():
                st.phase[g[merchant]] = PH_MERCHANT_CHOICE
                st.current_player[g[merchant]] = seats[merchant]
                st.keep_offset[g[merchant]] = j[w[merchant]]
                waiting[w[merchant]] = False
            j[w] += 1

    def _on_merchant_choice(self, st: FlorenzaCardsState, games: np.ndarray, actions: np.ndarray) -> None:
        self._gain_resource(st, games, st.current_player[games].astype(np.int64), actions - self.ids.resource)
        st.keep_offset[games] += 1
        self._continue_incomes(st, games)

    def _election(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Steps c and d, then the next round or the end of the game."""
        holder = st.new_captain[games]
        st.captain[games] = np.where(holder >= 0, holder, (st.captain[games] + 1) % self.num_players)
        st.new_captain[games] = -1
        st.loc_up[games, self.captain_kind] = 1
        last = st.round[games] >= self.t.rounds
        if last.any():
            self._game_over(st, games[last])
        g = games[~last]
        if g.size:
            st.loc_up[g] = self.t.loc_copies
            st.anon_up[g] = True
            st.round[g] += 1
            self._round_start(st, g)
