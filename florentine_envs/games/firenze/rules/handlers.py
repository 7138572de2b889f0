"""Firenze's step handlers (DESIGN_NOTES §6-§7, SPEC §T): one method per decision phase applies the
chosen action to every game of a group (vectorised), routed by :meth:`FirenzeRules._handlers`;
brick payments one brick at a time; the personnel cards (rulebook "Personnel Cards"); construction
("3) Build Towers") and fulfilling commissions ("5) Fulfill Commissions", "Level Bonus", privileges,
balconies, the bell tower)."""

from __future__ import annotations

import functools

import numpy as np

from ..constants import (
    A_ALCHEMIST,
    A_ARCHITECT,
    A_BELL,
    A_BRICK,
    A_BUILD_ON,
    A_EXCHANGE,
    A_FULFILL,
    A_IGNORE,
    A_MASON,
    A_PASS,
    A_PRINCESS,
    A_SABOTAGE,
    A_SELECT,
    A_SMUGGLE,
    A_START,
    A_TAKE,
    A_WHOLESALE,
    NUM_TOWER_SLOTS,
    PH_ALCH_GIVE,
    PH_BUILD,
    PH_CHOOSE,
    PH_EV_DISCARD,
    PH_EV_KEEP,
    PH_EV_OWN_TOWER,
    PH_EV_PATRICIAN,
    PH_EV_PAY,
    PH_EXCHANGE,
    PH_EXCHANGE_PAY,
    PH_FULFILL,
    PH_LIMIT_BRICKS,
    PH_LIMIT_CARDS,
    PH_PAY_BUILD,
    PH_PAY_CARD,
    PH_SMUG_GIVE,
)
from ..state import FirenzeState


class FirenzeRules:
    """Mixin of :class:`~florentine_envs.games.firenze.firenze.Firenze`: the decision handlers, phase by phase."""

    @functools.cached_property
    def _handlers(self) -> dict:
        """phase -> the method applying a decision of that phase, unbound: ``(self, st, games, actions)``."""
        cls = type(self)
        return {
            PH_CHOOSE: cls._on_choose,
            PH_PAY_CARD: cls._on_pay_card,
            PH_EV_PATRICIAN: cls._on_patrician,
            PH_EV_OWN_TOWER: cls._on_own_tower,
            PH_EV_DISCARD: cls._on_event_discard,
            PH_EV_KEEP: cls._on_keep,
            PH_EV_PAY: cls._on_event_pay,
            PH_EXCHANGE: cls._on_exchange,
            PH_EXCHANGE_PAY: cls._on_exchange_pay,
            PH_BUILD: cls._on_build,
            PH_PAY_BUILD: cls._on_pay_build,
            PH_FULFILL: cls._on_fulfill,
            PH_LIMIT_BRICKS: cls._on_limit_bricks,
            PH_LIMIT_CARDS: cls._on_limit_cards,
            PH_ALCH_GIVE: cls._on_alchemist_give,
            PH_SMUG_GIVE: cls._on_smuggler_give,
        }

    def _play_card(self, st: FirenzeState, games, seats, kind: str) -> None:
        k = self.K[kind]
        st.hand[games, seats, k] -= 1
        st.discard[games, k] += 1
        st.played[games, self.KP[kind]] = True

    def _brick_to(self, st: FirenzeState, games, actions, dest: str) -> np.ndarray:
        """One BRICK decision: move the brick from the decider's storehouse to ``dest``;
        returns the games whose payment is complete."""
        if games.size == 1:  # one game (the AEC env): scalar reads and writes
            b, c, p = games.item(0), actions.item(0) - A_BRICK, st.current_player.item(games.item(0))
            st.storehouse[b, p, c] -= 1
            if dest == "pouch":
                st.pouch[b, c] += 1
            elif dest == "card":
                st.row_bricks[b, st.pay_index.item(b), c] += 1
                st.pay_index[b] += 1
            elif dest == "exchange":
                st.row_bricks[b, st.exchange_slot.item(b), c] += 1
            else:  # "opponent" (Smuggler)
                st.storehouse[b, st.pending_take[b, 1], c] += 1
            st.pay_left[b] -= 1
            return games if st.pay_left.item(b) == 0 else games[:0]
        c = (actions - A_BRICK).astype(np.int64)
        p = st.current_player[games].astype(np.int64)
        st.storehouse[games, p, c] -= 1
        if dest == "pouch":
            st.pouch[games, c] += 1
        elif dest == "card":
            st.row_bricks[games, st.pay_index[games], c] += 1
            st.pay_index[games] += 1
        elif dest == "exchange":
            st.row_bricks[games, st.exchange_slot[games], c] += 1
        else:  # "opponent" (Smuggler)
            st.storehouse[games, st.pending_take[games, 1], c] += 1
        st.pay_left[games] -= 1
        return games[st.pay_left[games] == 0]

    def _free_personnel(self, st: FirenzeState, games, actions) -> None:
        """Alchemist, Smuggler, Patrician discard, Wholesaler and Saboteur (DESIGN_NOTES §6.7)."""
        p = st.current_player[games].astype(np.int64)
        sel = (actions >= A_ALCHEMIST) & (actions < A_ALCHEMIST + 6)
        if sel.any():
            g = games[sel]
            self._play_card(st, g, p[sel], "Alchemist")
            st.pending_take[g, 0] = actions[sel] - A_ALCHEMIST
            st.return_phase[g] = st.phase[g]
            st.phase[g] = PH_ALCH_GIVE
            st.pay_left[g] = 1
        sel = (actions >= A_SMUGGLE) & (actions < A_SMUGGLE + 18)
        if sel.any():
            g = games[sel]
            k, c = np.divmod(actions[sel] - A_SMUGGLE, 6)
            self._play_card(st, g, p[sel], "Smuggler")
            st.pending_take[g, 0] = c
            st.pending_take[g, 1] = (p[sel] + k + 1) % self.num_players
            st.return_phase[g] = st.phase[g]
            st.phase[g] = PH_SMUG_GIVE
            st.pay_left[g] = 1
        sel = self.is_patrician_action[actions]
        if sel.any():
            g, pp = games[sel], p[sel]
            kind = self.action_kind[actions[sel]]
            self._play_card(st, g, pp, "Patrician")
            st.hand[g, pp, kind] -= 1
            st.discard[g, kind] += 1
        sel = (actions >= A_WHOLESALE) & (actions < A_WHOLESALE + 6)
        if sel.any():
            g = games[sel]
            s = actions[sel] - A_WHOLESALE
            self._play_card(st, g, p[sel], "Wholesaler")
            bricks = st.row_bricks[g, s]
            st.pouch[g] += bricks
            st.row_bricks[g, s] = 0
            st.row_bricks[g, s] = self._draw(st, g, bricks.sum(1).astype(np.int64))
        sel = (actions >= A_SABOTAGE) & (actions < A_SABOTAGE + 18)
        if sel.any():
            # "Choose a Tower of another player. Take one Brick from it and put it in the Pouch."
            g = games[sel]
            k, t = np.divmod((actions[sel] - A_SABOTAGE).astype(np.int64), 6)
            self._play_card(st, g, p[sel], "Saboteur")
            self._take_brick_from_tower(st, g, (p[sel] + k + 1) % self.num_players, t, self.saboteur_bricks)

    def _on_choose(self, st, games, actions) -> None:
        take = actions < A_TAKE + 6
        if take.any():
            g = games[take]
            s = actions[take]
            st.chosen_slot[g] = s
            cost = np.where(st.princess_active[g], 0, self.card_cost[s])
            pay = cost > 0
            st.phase[g[pay]] = PH_PAY_CARD
            st.pay_left[g[pay]] = cost[pay]
            st.pay_index[g[pay]] = 0
            self._later("take", g[~pay])
        princess = actions == A_PRINCESS
        if princess.any():
            g = games[princess]
            self._play_card(st, g, st.current_player[g].astype(np.int64), "Princess")
            st.princess_active[g] = True
        rest = ~take & ~princess
        if rest.any():
            self._free_personnel(st, games[rest], actions[rest])

    def _on_pay_card(self, st, games, actions) -> None:
        self._later("take", self._brick_to(st, games, actions, "card"))

    def _on_patrician(self, st, games, actions) -> None:
        ignore = actions == A_IGNORE
        g = games[ignore]
        if g.size:
            # "you may ignore the effect of an Event Card that you chose": the event is discarded unresolved.
            self._play_card(st, g, st.turn_player[g].astype(np.int64), "Patrician")
            st.discard[g, st.event_kind[g]] += 1
            st.event_kind[g] = -1
            self._later("finish", g)
        self._later("resolve", games[~ignore])

    def _on_own_tower(self, st, games, actions) -> None:
        t = (actions - A_SELECT).astype(np.int64)
        p = st.turn_player[games].astype(np.int64)
        botch = st.event_kind[games] == self.K["Botch"]
        if botch.any():
            self._take_brick_from_tower(st, games[botch], p[botch], t[botch], self.botch_bricks)
        col = ~botch
        if col.any():
            remove = np.zeros((col.sum(), NUM_TOWER_SLOTS), bool)
            remove[np.arange(col.sum()), t[col]] = True
            self._remove_towers(st, games[col], p[col], remove, half=False)
        self._later("event_done", games)

    def _on_event_discard(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "pouch")
        fire = st.event_kind[done] == self.K["Storehouse Fire"]
        self._later("event_done", done[fire])
        self._next_player(st, done[~fire])

    def _on_keep(self, st, games, actions) -> None:
        t = (actions - A_SELECT).astype(np.int64)
        st.keep_marked[games, t] = True
        st.keep_left[games] -= 1
        done = games[st.keep_left[games] == 0]
        if done.size == 0:
            return
        seat = st.current_player[done].astype(np.int64)
        tribute = st.event_kind[done] == self.K["Tribute"]
        if tribute.any():
            g, s = done[tribute], seat[tribute]
            c = st.keep_colour[g].astype(np.int64)
            paid = ((st.tower_colour[g, s] == c[:, None]) & st.keep_marked[g]).sum(1)
            st.storehouse[g, s, c] -= paid.astype(np.int16)
            st.pouch[g, c] += paid.astype(np.int16)
            st.phase[g] = PH_EV_KEEP  # stays if another colour needs a choice
            waiting = self._tribute_player(st, g, s, first_colour=c + 1)
            self._next_player(st, g[~waiting])
        lux = ~tribute
        if lux.any():
            g = done[lux]
            waiting = self._lux_pay(st, g, seat[lux])
            self._next_player(st, g[~waiting])

    def _on_event_pay(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "pouch")
        if done.size:
            self._lux_teardown(st, done, st.current_player[done].astype(np.int64))
            self._next_player(st, done)

    def _on_exchange(self, st, games, actions) -> None:
        ex = (actions >= A_EXCHANGE) & (actions < A_EXCHANGE + 36)
        if ex.any():
            g = games[ex]
            s, c = np.divmod(actions[ex] - A_EXCHANGE, 6)
            st.exchange_slot[g] = s
            st.pending_take[g, 0] = c
            st.phase[g] = PH_EXCHANGE_PAY
            bridge = st.buildings[g, st.turn_player[g], self.KB["Bridge"]]
            st.pay_left[g] = np.where(bridge, self.exchange_give_bridge, self.exchange_give)
        passing = actions == A_PASS
        self._enter_build(st, games[passing])
        rest = ~ex & ~passing
        if rest.any():
            self._free_personnel(st, games[rest], actions[rest])

    def _on_exchange_pay(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "exchange")
        if done.size:
            s, c = st.exchange_slot[done], st.pending_take[done, 0]
            st.row_bricks[done, s, c] -= 1
            st.storehouse[done, st.turn_player[done], c] += 1
            st.exchange_done[done] = True
            st.exchange_slot[done] = 0
            st.pending_take[done, 0] = 0
            self._enter_exchange(st, done)

    def _build_cost(self, st: FirenzeState, games: np.ndarray, n: np.ndarray) -> np.ndarray:
        ws = st.buildings[games, st.turn_player[games], self.KB["Workshop"]].astype(np.int64)
        return self.cost_table[ws, st.mason_active[games].astype(np.int64), n]

    def _on_build(self, st, games, actions) -> None:
        if games.size == 1 and A_BUILD_ON <= actions.item(0) < A_START + 6:
            # One brick in one game (the AEC env), the most common decision: the updates below
            # on scalars, without the per-kind selections.
            b, a = games.item(0), actions.item(0)
            p = st.turn_player.item(b)
            if a < A_START:  # BUILD_ON
                t = a - A_BUILD_ON
                c = st.tower_colour.item(b, p, t)
                st.tower_height[b, p, t] += 1
            else:  # START_TOWER
                c, t = a - A_START, int((st.tower_colour[b, p] >= 0).sum())
                st.tower_colour[b, p, t] = c
                st.tower_height[b, p, t] = 1
                st.tower_at_start[b, p, t] = False
            st.storehouse[b, p, c] -= 1
            st.tower_built[b, p, t] = True
            st.bricks_built[b] += 1
            return
        p = st.turn_player[games].astype(np.int64)
        on = (actions >= A_BUILD_ON) & (actions < A_BUILD_ON + 12)
        if on.any():
            g, pp, t = games[on], p[on], actions[on] - A_BUILD_ON
            c = st.tower_colour[g, pp, t].astype(np.int64)
            st.storehouse[g, pp, c] -= 1
            st.tower_height[g, pp, t] += 1
            st.tower_built[g, pp, t] = True
            st.bricks_built[g] += 1
        new = (actions >= A_START) & (actions < A_START + 6)
        if new.any():
            g, pp, c = games[new], p[new], actions[new] - A_START
            t = (st.tower_colour[g, pp] >= 0).sum(1)
            st.storehouse[g, pp, c] -= 1
            st.tower_colour[g, pp, t] = c
            st.tower_height[g, pp, t] = 1
            st.tower_at_start[g, pp, t] = False
            st.tower_built[g, pp, t] = True
            st.bricks_built[g] += 1
        mason = actions == A_MASON
        if mason.any():
            g = games[mason]
            self._play_card(st, g, p[mason], "Mason")
            st.mason_active[g] = True
        passing = actions == A_PASS
        if passing.any():
            g = games[passing]
            due = self._build_cost(st, g, st.bricks_built[g].astype(np.int64))
            pay = due > 0
            st.phase[g[pay]] = PH_PAY_BUILD
            st.pay_left[g[pay]] = due[pay]
            self._end_build(st, g[~pay])
        rest = ~on & ~new & ~mason & ~passing
        if rest.any():
            self._free_personnel(st, games[rest], actions[rest])

    def _on_pay_build(self, st, games, actions) -> None:
        self._end_build(st, self._brick_to(st, games, actions, "pouch"))

    def _on_fulfill(self, st, games, actions) -> None:
        p = st.turn_player[games].astype(np.int64)
        ful = (actions >= A_FULFILL) & (actions < A_FULFILL + 18)
        if ful.any():
            self._fulfill(st, games[ful], p[ful], actions[ful] - A_FULFILL)
        bell = actions == A_BELL
        if bell.any():
            g, pp = games[bell], p[bell]
            colour = st.tower_colour[g, pp]
            slot = np.argmax((colour == self.bell_colour) & (st.tower_height[g, pp] == self.bell_height), axis=1)
            remove = np.zeros((g.size, NUM_TOWER_SLOTS), bool)
            remove[np.arange(g.size), slot] = True
            self._remove_towers(st, g, pp, remove, half=False)
            st.campanile_sealed[g, pp] = True
            st.acquired[g, pp, self.acq_bell] += 1
            everyone = st.campanile_sealed[g].all(1)
            if everyone.any():
                ge = g[everyone]
                space = np.argmax(st.church[ge] == self.K["Campanile"], axis=1)
                st.church[ge, space] = -1
                st.discard[ge, self.K["Campanile"]] += 1
                st.campanile_sealed[ge] = False
        arch = actions == A_ARCHITECT
        if arch.any():
            g = games[arch]
            self._play_card(st, g, p[arch], "Architect")
            st.architect[g] = 1
        passing = actions == A_PASS
        if passing.any():
            self._limits(st, games[passing])
        if ful.any() or bell.any():
            self._enter_fulfill(st, games[ful | bell])
        rest = ~ful & ~bell & ~arch & ~passing
        if rest.any():
            self._free_personnel(st, games[rest], actions[rest])

    def _fulfill(self, st: FirenzeState, games, p, code) -> None:
        t, dd = np.divmod(code.astype(np.int64), 3)
        d = dd - 1
        rows = np.arange(games.size)
        colour = st.tower_colour[games, p, t].astype(np.int64)
        height = st.tower_height[games, p, t].astype(np.int64) + d
        comm = self.comm_of[colour, height]
        gain = self.comm_prestige[comm].copy()
        balcony = self.tile_comm[st.balcony_tile[games].astype(np.int64)]  # [n, 4]
        nb = st.next_balcony[games].astype(np.int64)
        open_balcony = (nb < 4) & (balcony[rows, np.minimum(nb, 3)] == comm)
        gain += np.where(open_balcony, self.tile_bonus[st.balcony_tile[games, np.minimum(nb, 3)]], 0)
        st.next_balcony[games] += open_balcony
        st.commission_owner[games, comm] = p
        st.seals_left[games, p] -= 1
        remove = np.zeros((games.size, NUM_TOWER_SLOTS), bool)
        remove[rows, t] = True
        self._remove_towers(st, games, p, remove, half=False)
        st.architect[games[d != 0]] = 2
        # Level Bonus: "the first player who fulfills a Commission for the corresponding Tower height"
        tile = (self.level_tile_height[None, :] == height[:, None]) & ~st.level_tile_taken[games]
        gain += (tile * self.level_tile_bonus).sum(1)
        st.level_tile_taken[games] |= tile
        st.acquired[games, p, self.acq_level_tile : self.acq_level_tile + tile.shape[1]] += tile
        # Privileges on church spaces: "until a player fulfills a commission of exactly N Levels"
        church = st.church[games].astype(np.int64)
        hit = (church >= 0) & (self.privilege_height[np.maximum(church, 0)] == height[:, None])
        gain += np.where(hit, self.privilege_pp[np.maximum(church, 0)], 0).sum(1)
        if hit.any():
            r, sp = np.nonzero(hit)
            np.add.at(st.acquired, (games[r], p[r], self.acq_privilege[church[r, sp]]), 1)
            st.discard[games[r], church[r, sp]] += 1
            st.church[games[r], sp] = -1
        last = (st.seals_left[games, p] == 0) & (st.end_trigger[games] < 0)
        gain += np.where(last, self.end_bonus, 0)
        st.end_trigger[games[last]] = p[last]
        st.prestige[games, p] += gain.astype(np.int16)
        st.scores[games, p] = st.prestige[games, p]

    def _on_limit_bricks(self, st, games, actions) -> None:
        self._limit_cards(st, self._brick_to(st, games, actions, "pouch"))

    def _on_limit_cards(self, st, games, actions) -> None:
        kind = self.action_kind[actions]
        p = st.turn_player[games].astype(np.int64)
        bi = self.building_index[kind]
        bld = bi >= 0
        st.buildings[games[bld], p[bld], bi[bld]] = False
        st.hand[games[~bld], p[~bld], kind[~bld]] -= 1
        st.discard[games, kind] += 1
        st.pay_left[games] -= 1
        self._end_turn(st, games[st.pay_left[games] == 0])

    def _on_alchemist_give(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "pouch")
        c = st.pending_take[done, 0]
        st.pouch[done, c] -= 1
        st.storehouse[done, st.current_player[done], c] += 1
        st.phase[done] = st.return_phase[done]
        st.return_phase[done] = PH_CHOOSE  # neutral again (pending.py)
        st.pending_take[done] = 0

    def _on_smuggler_give(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "opponent")
        c, src = st.pending_take[done, 0], st.pending_take[done, 1]
        st.storehouse[done, src, c] -= 1
        st.storehouse[done, st.current_player[done], c] += 1
        st.phase[done] = st.return_phase[done]
        st.return_phase[done] = PH_CHOOSE  # neutral again (pending.py)
        st.pending_take[done] = 0
