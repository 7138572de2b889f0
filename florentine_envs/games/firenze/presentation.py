"""Firenze's text presentation: the board (``render``), the prompt for an action
(``describe_action``), what happened in a step (``narrate``) and advice before a game
(``play_notes``)."""

from __future__ import annotations

import numpy as np

from .constants import (
    _EVENT_PHASES,
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
    A_PATRICIAN_DISCARD,
    A_PRINCESS,
    A_SABOTAGE,
    A_SELECT,
    A_SMUGGLE,
    A_START,
    A_WHOLESALE,
    NUM_COLOURS,
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
    PH_OVER,
    PH_PAY_BUILD,
    PH_PAY_CARD,
    PH_SMUG_GIVE,
    PHASE_NAMES,
)
from .state import FirenzeState


class FirenzePresentation:
    """Mixin of :class:`~florentine_envs.games.firenze.firenze.Firenze`: the text views. It reads the
    tables that ``FirenzeTables._read_data`` (data.py) builds (names of colours and kinds, costs, commissions...)."""

    def _bricks_text(self, counts) -> str:
        parts = [f"{int(n)} {self.colour_names[c]}" for c, n in enumerate(counts) if n]
        return ", ".join(parts) if parts else "none"

    def _kind_name(self, kind: int) -> str:
        return self.kind_names[kind] if kind >= 0 else "-"

    def _card_help(self, kind: int) -> str:
        """The card's rules text from the component data (empty if the data has none)."""
        name = self.kind_names[kind]
        for card in self.data["action_cards"]["cards"]:
            if card["name"] == name:
                return str(card.get("text", ""))
        return ""

    def _tower_text(self, st: FirenzeState, b: int, p: int, t: int) -> str:
        return f"{self.colour_names[int(st.tower_colour[b, p, t])]} tower of {int(st.tower_height[b, p, t])}"

    def _cost_now(self, st: FirenzeState, b: int, n: int) -> int:
        """Construction cost of ``n`` bricks built this turn by the turn player (SPEC T, BUILD)."""
        ws = int(st.buildings[b, int(st.turn_player[b]), self.KB["Workshop"]])
        return int(self.cost_table[ws, int(st.mason_active[b]), min(n, self.max_build + 1)])

    def _abandoned(self, st: FirenzeState, b: int) -> list[str]:
        """The turn player's towers that will be torn down if building ends now."""
        p = int(st.turn_player[b])
        return [
            self._tower_text(st, b, p, t)
            for t in range(NUM_TOWER_SLOTS)
            if st.tower_colour[b, p, t] >= 0 and st.tower_at_start[b, p, t] and not st.tower_built[b, p, t]
        ]

    def _next_open(self, st: FirenzeState, b: int, colour: int, height: int) -> int:
        """The height of the lowest open (unsealed) commission of ``colour`` taller than ``height``, 0
        if none: a tower heading only for sealed commissions can never be fulfilled."""
        cids = [c for c in range(6 * colour, 6 * colour + 6) if st.commission_owner[b, c] == -1]
        return min([int(self.comm_height[c]) for c in cids if self.comm_height[c] > height], default=0)

    def _next_open_text(self, st: FirenzeState, b: int, colour: int, height: int) -> str:
        name, nxt = self.colour_names[colour], self._next_open(st, b, colour, height)
        return f"next open {name} commission: {nxt}" if nxt else f"no open {name} commission above {height}"

    def _fulfil_terms(self, st: FirenzeState, b: int, p: int, comm: int) -> list[tuple[str, int]]:
        """What fulfilling commission ``comm`` now would score, term by term (mirrors ``_fulfill``)."""
        height = int(self.comm_height[comm])
        terms = [("commission", int(self.comm_prestige[comm]))]
        nb = int(st.next_balcony[b])
        if nb < 4 and int(self.tile_comm[int(st.balcony_tile[b, nb])]) == comm:
            terms.append((f"balcony {['I', 'II', 'III', 'IV'][nb]}", int(self.tile_bonus[int(st.balcony_tile[b, nb])])))
        for i, h in enumerate(self.level_tile_height):
            if h == height and not st.level_tile_taken[b, i]:
                terms.append((f"level tile {height}", int(self.level_tile_bonus[i])))
        for kind in st.church[b]:
            if kind >= 0 and self.privilege_height[kind] == height:
                terms.append((self.kind_names[kind], int(self.privilege_pp[kind])))
        if st.seals_left[b, p] == 1 and st.end_trigger[b] < 0:
            terms.append(("last seal", self.end_bonus))
        return terms

    @staticmethod
    def _terms_text(terms: list[tuple[str, int]]) -> str:
        total = sum(v for _, v in terms)
        if len(terms) == 1:
            return f"{total} PP"
        return f"{total} PP = " + " + ".join(f"{v} {name}" for name, v in terms)

    def describe_action(self, state: FirenzeState, game: int, action: int) -> str:
        return self._describe(state, game, action, "your")

    def _describe(self, state: FirenzeState, game: int, action: int, whose: str) -> str:
        """``action`` for the player to move, in the imperative; ``whose`` is "your" in a prompt
        and "their" in the narration."""
        st, b = state, game
        p = int(st.current_player[b])
        col = self.colour_names
        phase = int(st.phase[b])
        if action < A_EXCHANGE:
            s = action
            kind = int(st.row_card[b, s])
            cost = 0 if st.princess_active[b] else int(self.card_cost[s])
            kind_type = self.kind_type[kind] if kind >= 0 else ""
            note = "; takes effect at once" if kind_type == "event" else ""
            return (
                f"take {self._kind_name(kind)} ({kind_type}{note}) from slot {s} (cost {cost}"
                + (" with Princess" if st.princess_active[b] and self.card_cost[s] else "")
                + f"; bricks on it: {self._bricks_text(st.row_bricks[b, s])})"
            )
        if action < A_BUILD_ON:
            s, c = divmod(action - A_EXCHANGE, 6)
            give = self.exchange_give_bridge if st.buildings[b, p, self.KB["Bridge"]] else self.exchange_give
            return f"exchange {give} of {whose} bricks for the {col[c]} brick on slot {s}"
        if action < A_FULFILL:
            n = int(st.bricks_built[b]) + 1
            cost = self._cost_now(st, b, n)
            tail = f"brick {n} of this turn; construction cost for the turn {cost}"
            if action < A_START:
                t = action - A_BUILD_ON
                nxt = self._next_open_text(st, b, int(st.tower_colour[b, p, t]), int(st.tower_height[b, p, t]))
                return f"add a brick to {whose} {self._tower_text(st, b, p, t)} ({tail}; {nxt})"
            nxt = self._next_open_text(st, b, action - A_START, 0)
            return f"start a {col[action - A_START]} tower ({tail}; {nxt})"
        if action < A_BELL:
            t, dd = divmod(action - A_FULFILL, 3)
            h = int(st.tower_height[b, p, t]) + dd - 1
            comm = int(self.comm_of[int(st.tower_colour[b, p, t]), h])
            arch = {0: ", counted one shorter (Architect)", 1: "", 2: ", counted one taller (Architect)"}[dd]
            terms = self._terms_text(self._fulfil_terms(st, b, p, comm))
            tower = self._tower_text(st, b, p, t)
            return f"fulfil the {col[comm // 6]} commission of {h} with {whose} {tower}{arch}: {terms}"
        if action == A_BELL:
            return f"finish {whose} bell tower (Campanile) with a white tower of 3 (its bricks go to the pouch)"
        if action < A_SELECT:
            c = action - A_BRICK
            left = int(st.pay_left[b])
            more = f", {left - 1} more after this" if left > 1 else ", the last one"
            event = self._kind_name(int(st.event_kind[b]))
            where = {
                PH_PAY_CARD: f"onto the card in slot {int(st.pay_index[b])} (card cost{more})",
                PH_EXCHANGE_PAY: f"onto the card in slot {int(st.exchange_slot[b])} (exchange{more})",
                PH_PAY_BUILD: f"into the pouch (construction cost{more})",
                PH_EV_DISCARD: f"into the pouch ({event}{more})",
                PH_EV_PAY: f"into the pouch ({event}: 2 per kept tower{more})",
                PH_LIMIT_BRICKS: f"into the pouch (storehouse limit{more})",
                PH_ALCH_GIVE: f"into the pouch in return for a {col[int(st.pending_take[b, 0])]} one (Alchemist)",
                PH_SMUG_GIVE: f"to player_{int(st.pending_take[b, 1])} in return for their "
                f"{col[int(st.pending_take[b, 0])]} one (Smuggler)",
            }.get(phase, "into the pouch")
            return f"give a {col[c]} brick {where}"
        if action < A_SABOTAGE:
            t = action - A_SELECT
            tower = f"{whose} {self._tower_text(st, b, p, t)}"
            ev = int(st.event_kind[b])
            if phase == PH_EV_KEEP:
                if st.keep_colour[b] >= 0:
                    return f"keep {tower}, paying one {col[int(st.keep_colour[b])]} brick for it (Tribute)"
                return f"keep {tower}, paying {self.lux_per_tower} bricks for it (Luxury Tax)"
            if ev == self.K["Collapse"]:
                return f"tear down {tower}: all its bricks go to the pouch (Collapse)"
            if ev == self.K["Botch"]:
                return f"take one brick off {tower} into the pouch (Botch)"
            return f"choose {tower}"
        if action < A_ALCHEMIST:
            k, t = divmod(action - A_SABOTAGE, 6)
            q = (p + k + 1) % self.num_players
            return f"play Saboteur: take one brick off player_{q}'s {self._tower_text(st, b, q, t)} into the pouch"
        if action < A_SMUGGLE:
            return f"play Alchemist: take a {col[action - A_ALCHEMIST]} brick from the pouch (give one back)"
        if action < A_WHOLESALE:
            k, c = divmod(action - A_SMUGGLE, 6)
            q = (p + k + 1) % self.num_players
            return f"play Smuggler: take a {col[c]} brick from player_{q} (give one in return)"
        if action < A_PATRICIAN_DISCARD:
            s = action - A_WHOLESALE
            return f"play Wholesaler: redraw the {int(st.row_bricks[b, s].sum())} bricks on slot {s}"
        if self.is_patrician_action[action]:
            return f"play Patrician to discard {self.kind_names[int(self.action_kind[action])]} from {whose} hand"
        if action == A_PRINCESS:
            return "play Princess: no card cost this turn"
        if action == A_MASON:
            return "play Mason: construction costs 3 less this turn"
        if action == A_ARCHITECT:
            return "play Architect: count one tower one level taller or shorter"
        if action == A_IGNORE:
            return f"play Patrician to ignore the event {self._kind_name(int(st.event_kind[b]))}"
        if action != A_PASS:
            return f"discard {self.kind_names[int(self.action_kind[action])]} (card limit)"
        if phase == PH_EV_PATRICIAN:
            return f"let the event {self._kind_name(int(st.event_kind[b]))} take effect (keep the Patrician)"
        if phase == PH_EXCHANGE:
            return "end the exchange phase" + ("" if st.exchange_done[b] else " without exchanging")
        if phase == PH_BUILD:
            n = int(st.bricks_built[b])
            cost = self._cost_now(st, b, n)
            doomed = self._abandoned(st, b)
            return (
                f"end building ({n} brick(s) built, construction cost {cost}"
                + (f"; torn down as abandoned: {', '.join(doomed)}" if doomed else "")
                + ")"
            )
        if phase == PH_FULFILL:
            return "end the turn"
        return "pass"

    @staticmethod
    def _third_person(text: str) -> str:
        verb, _, rest = text.partition(" ")
        verb += "es" if verb.endswith(("sh", "ch", "s", "x")) else "s"
        return f"{verb} {rest}"

    def _pending_text(self, st: FirenzeState, b: int) -> str:
        """Whose decision is pending and why, for the line above the prompt."""
        phase = int(st.phase[b])
        p, t = int(st.current_player[b]), int(st.turn_player[b])
        who = f"player_{p}"
        left = int(st.pay_left[b])
        event = int(st.event_kind[b])
        ev_name = self._kind_name(event)
        store = int(st.storehouse[b, p].sum())
        if phase == PH_CHOOSE:
            text = f"{who} must take one card; each card costs one brick on every card to its left"
            return text + (" (Princess played: no card cost this turn)" if st.princess_active[b] else "")
        if phase == PH_PAY_CARD:
            s = int(st.chosen_slot[b])
            return (f"{who} pays for {self._kind_name(int(st.row_card[b, s]))} in slot {s}: {left} more brick(s), "
                    f"next onto slot {int(st.pay_index[b])}")  # fmt: skip
        if phase == PH_EXCHANGE:
            give = self.exchange_give_bridge if st.buildings[b, p, self.KB["Bridge"]] else self.exchange_give
            if st.exchange_done[b]:
                return f"{who} has exchanged this turn; end the phase to build"
            return f"{who} may exchange {give} storehouse bricks for 1 brick on a row card (at most once a turn)"
        if phase == PH_EXCHANGE_PAY:
            return f"{who} pays the exchange: {left} more brick(s) onto slot {int(st.exchange_slot[b])}"
        if phase == PH_BUILD:
            n = int(st.bricks_built[b])
            ws = int(st.buildings[b, t, self.KB["Workshop"]])
            table = ", ".join(f"{k}->{self._cost_now(st, b, k)}" for k in range(3, self.max_build + 1))
            disc = " with Workshop" * ws + " with Mason" * bool(st.mason_active[b])
            doomed = self._abandoned(st, b)
            text = (f"{who} builds: {n} of at most {self.max_build} bricks used this turn, construction cost "
                    f"{self._cost_now(st, b, n)} (bricks used -> cost{disc}: {table})")  # fmt: skip
            if doomed:
                text += f"; not yet extended, torn down if building ends now: {', '.join(doomed)}"
            # "You may only fulfill Commissions that are not covered by a Seal": where each tower is heading
            ahead = []
            for c, h in zip(st.tower_colour[b, p].tolist(), st.tower_height[b, p].tolist()):
                if c >= 0:
                    nxt = self._next_open(st, b, c, h)
                    ahead.append(f"{self.colour_names[c]} {h} -> {nxt or f'none (all above {h} sealed)'}")
            if ahead:
                text += f"; next open commission per tower: {', '.join(ahead)}"
            return text
        if phase == PH_PAY_BUILD:
            return f"{who} pays the construction cost: {left} more brick(s) into the pouch"
        if phase == PH_FULFILL:
            text = f"{who} may fulfil commissions whose height equals a tower's height exactly"
            if self.K["Campanile"] in st.church[b] and not st.campanile_sealed[b, p]:
                text += " (Campanile: only after finishing the white bell tower of 3)"
            if st.architect[b] == 1:
                text += " (Architect played: one tower may count one level taller or shorter)"
            return text
        if phase == PH_LIMIT_BRICKS:
            limit = self.store_limit_warehouse if st.buildings[b, p, self.KB["Warehouse"]] else self.store_limit
            return f"{who} is over the storehouse limit of {limit}: {left} more brick(s) into the pouch"
        if phase == PH_LIMIT_CARDS:
            return f"{who} is over the card limit of {self.card_limit}: discard {left} more personnel/building card(s)"
        if phase == PH_ALCH_GIVE:
            c = self.colour_names[int(st.pending_take[b, 0])]
            return f"{who} (Alchemist) gives one brick to the pouch for the {c} one"
        if phase == PH_SMUG_GIVE:
            q, c = int(st.pending_take[b, 1]), self.colour_names[int(st.pending_take[b, 0])]
            return f"{who} (Smuggler) gives one brick to player_{q} for their {c} one"
        if phase == PH_OVER:
            return "the game is over"
        # Event decisions: say who drew the event, what it does and why this player decides.
        drawn = f"event {ev_name}, drawn by player_{t}"
        if p != t:
            who = f"{who} (out of turn)"
        if phase == PH_EV_PATRICIAN:
            return f"{drawn}: {who} holds a Patrician and may spend it to ignore the event. {self._card_help(event)}"
        if phase == PH_EV_OWN_TOWER:
            what = "tears down" if event == self.K["Collapse"] else "takes one brick off"
            return f"{drawn}: {who} chooses which own tower it {what}"
        if phase == PH_EV_DISCARD:
            if event == self.K["Flood"]:
                return (f"{drawn}: every player puts a third (rounded up) of their storehouse into the pouch; "
                        f"{who} chooses the colours: {left} more brick(s) (storehouse now {store})")  # fmt: skip
            return f"{drawn}: {who} chooses {self.fire_bricks} storehouse bricks to put into the pouch: {left} more"
        if phase == PH_EV_KEEP:
            k = int(st.keep_left[b])
            if st.keep_colour[b] >= 0:
                c = int(st.keep_colour[b])
                n = int((st.tower_colour[b, p] == c).sum())
                return (f"{drawn}: every tower costs one brick of its colour, else it is torn down. {who} has {n} "
                        f"{self.colour_names[c]} towers but only {int(st.storehouse[b, p, c])} {self.colour_names[c]} "
                        f"brick(s): choose {k} more tower(s) to keep; the others are torn down "
                        "(half the bricks, rounded up, to the pouch, the rest to the storehouse)")  # fmt: skip
            n = int((st.tower_height[b, p] >= self.lux_min_height).sum())
            return (f"{drawn}: every tower of {self.lux_min_height}+ levels costs {self.lux_per_tower} bricks, "
                    f"else it is torn down. {who} has {n} such towers and {store} bricks: "
                    f"choose {k} more tower(s) to keep")  # fmt: skip
        if phase == PH_EV_PAY:
            return f"{drawn}: {who} pays {self.lux_per_tower} bricks per kept tower: {left} more brick(s)"
        return f"{who} to move"

    def narrate(
        self, before: FirenzeState, after: FirenzeState, game: int, action: int, forced: bool, viewer: int | None = None
    ) -> list[str]:
        b, P = game, self.num_players
        who = int(before.current_player[b])
        turn = int(before.turn_player[b])
        must = " (the only legal move)" if forced else ""
        text = self._third_person(self._describe(before, b, action, "their"))
        lines = [f"player_{who} {text}{must}"]
        # What else changed, derived from the two states: automatic steps (take, events,
        # teardowns, refills, limits, scoring) are narrated from their effects.
        phase = int(before.phase[b])
        event = int(after.event_kind[b]) if after.event_kind[b] >= 0 else int(before.event_kind[b])
        # the take itself happens once the card cost is paid (at once when it is 0)
        took = after.phase[b] != PH_PAY_CARD and (action < A_EXCHANGE or phase == PH_PAY_CARD)
        slot = action if action < A_EXCHANGE else int(before.chosen_slot[b])
        if took:
            kind = int(before.row_card[b, slot])
            if kind >= 0 and self.kind_type[kind] == "event":
                event = kind
                lines.append(f"  event {self._kind_name(kind)}: {self._card_help(kind)}")
            elif kind == self.K["Monument"]:
                got = after.hand[b, :, kind].astype(int) - before.hand[b, :, kind]
                holder = np.flatnonzero(got > 0)
                lines.append(
                    f"  Monument goes to player_{int(holder[0])}, who has the single tallest tower"
                    if holder.size
                    else "  Monument is discarded: no single player has the tallest tower"
                )
            elif kind >= 0 and self.kind_type[kind] == "building":
                if not (after.buildings[b, who] != before.buildings[b, who]).any():
                    lines.append(f"  player_{who} already owns a {self.kind_names[kind]}: the new one is discarded")
            elif kind >= 0 and self.kind_type[kind] == "church":
                lines.append(f"  {self.kind_names[kind]} goes onto a church space: {self._card_help(kind)}")
        for p in range(P):
            delta = after.storehouse[b, p].astype(int) - before.storehouse[b, p]
            if p == who and A_BRICK <= action < A_SELECT:
                delta[action - A_BRICK] += 1  # the brick just given is told in the first line
            elif p == who and A_BUILD_ON <= action < A_START:
                delta[int(before.tower_colour[b, p, action - A_BUILD_ON])] += 1
            elif p == who and A_START <= action < A_FULFILL:
                delta[action - A_START] += 1
            if phase == PH_SMUG_GIVE and p == int(before.pending_take[b, 1]):
                delta[action - A_BRICK] -= 1  # the brick given to them is told in the first line
            # The card's bricks are told apart from what an event then costs the same player.
            # Flood / Storehouse Fire bricks wait aside until the event is over (SPEC T, take 1).
            card = np.zeros(NUM_COLOURS, int)
            if took and p == turn and not after.aside[b].any():
                card = before.row_bricks[b, slot].astype(int)
            elif p == turn and before.aside[b].any() and not after.aside[b].any():
                card = before.aside[b].astype(int)
            if card.any():
                lines.append(f"  player_{p} gains {self._bricks_text(card)} from the card")
            elif took and p == turn and after.aside[b].any():
                lines.append(f"  the card's {self._bricks_text(after.aside[b])} wait aside until the event is over")
            delta -= card
            why = f" ({self._kind_name(event)})" if event >= 0 else ""
            if phase in (PH_BUILD, PH_PAY_BUILD) and after.phase[b] not in (PH_BUILD, PH_PAY_BUILD):
                why = " (half of each torn-down tower, rounded down)"
            gained, lost = np.maximum(delta, 0), np.maximum(-delta, 0)
            if gained.any():
                lines.append(f"  player_{p} gains {self._bricks_text(gained)}{why}")
            if lost.any():
                lines.append(f"  player_{p} loses {self._bricks_text(lost)}{why}")
            lines += self._lost_towers(before, after, b, p, action, event)
            gain = int(after.prestige[b, p]) - int(before.prestige[b, p])
            if gain and A_FULFILL <= action < A_BELL and p == who:
                t, dd = divmod(action - A_FULFILL, 3)
                comm = int(self.comm_of[int(before.tower_colour[b, p, t]), int(before.tower_height[b, p, t]) + dd - 1])
                terms = self._terms_text(self._fulfil_terms(before, b, p, comm))
                lines.append(f"  player_{p} scores {terms} (now {int(after.prestige[b, p])})")
            elif gain:
                lines.append(f"  player_{p} scores {gain} PP (now {int(after.prestige[b, p])})")
            got = after.hand[b, p].astype(int) - before.hand[b, p]
            for kind in np.flatnonzero(got > 0):
                if p != who and kind != self.K["Monument"]:
                    lines.append(f"  player_{p} receives {self.kind_names[kind]}")
        if after.end_trigger[b] >= 0 and before.end_trigger[b] < 0:
            lines.append(f"  player_{int(after.end_trigger[b])} placed their last seal first (+{self.end_bonus} PP, "
                         f"included above); {self._end_rule_text()}")  # fmt: skip
        if after.next_balcony[b] > before.next_balcony[b]:
            nb = int(after.next_balcony[b])
            nxt = f"balcony {['I', 'II', 'III', 'IV'][nb]} is open now" if nb < 4 else "all balconies are done"
            lines.append(f"  balcony {['I', 'II', 'III', 'IV'][int(before.next_balcony[b])]} fulfilled; {nxt}")
        if after.deck_shuffles[b] > before.deck_shuffles[b]:
            lines.append("  the deck is reshuffled")
        if self._took_and_refilled(before, after, b):
            cards = np.flatnonzero(after.row_card[b] >= 0)
            if cards.size and int(after.deck_len[b] - after.deck_pos[b]) != int(
                before.deck_len[b] - before.deck_pos[b]
            ):
                s = int(cards[-1])
                kind = int(after.row_card[b, s])
                lines.append(f"  the row moves left; {self.kind_names[kind]} ({self.kind_type[kind]}) is dealt to "
                             f"slot {s} with {self._bricks_text(after.row_bricks[b, s])}")  # fmt: skip
        if after.turn_player[b] != before.turn_player[b] and not after.terminated[b]:
            head = f"--- turn {int(after.turn_number[b]) + 1}: player_{int(after.turn_player[b])}"
            if after.end_trigger[b] >= 0:
                left = (self.last_turn_seat(int(after.end_trigger[b])) - int(after.turn_player[b])) % P + 1
                head += f" (final round: {left} turn(s) left including this one)"
            lines.append(head + " ---")
        if after.terminated[b] and not before.terminated[b]:
            lines += self._final_lines(after, b)
        return lines

    def _end_rule_text(self) -> str:
        if self.end_rule == "round":
            return "the round is played to its end (end_rule='round')"
        return "every other player has one more turn"

    def _took_and_refilled(self, before: FirenzeState, after: FirenzeState, b: int) -> bool:
        """The take of this step finished (card removed, row shifted and refilled)."""
        taking = (PH_CHOOSE, PH_PAY_CARD, *_EVENT_PHASES)
        return int(before.phase[b]) in taking and int(after.phase[b]) not in (*taking, PH_ALCH_GIVE, PH_SMUG_GIVE)

    def _lost_towers(self, before: FirenzeState, after: FirenzeState, b: int, p: int, action: int, event: int):
        """Lines for the towers of seat ``p`` that disappeared in this step (a fulfilled tower is told
        by the score); ``event`` is the event card in play during the step, or -1."""
        gone = []
        for c in range(NUM_COLOURS):
            hb = sorted(int(h) for h, cc in zip(before.tower_height[b, p], before.tower_colour[b, p]) if cc == c)
            ha = sorted(int(h) for h, cc in zip(after.tower_height[b, p], after.tower_colour[b, p]) if cc == c)
            for h in ha:
                if h in hb:
                    hb.remove(h)
            gone += [(c, h) for h in hb]
        n_lost = int((before.tower_colour[b, p] >= 0).sum()) - int((after.tower_colour[b, p] >= 0).sum())
        if n_lost <= 0:
            return []
        if A_FULFILL <= action <= A_BELL and p == int(before.current_player[b]):
            n_lost -= 1
            t = (action - A_FULFILL) // 3 if action < A_BELL else -1
            key = (int(before.tower_colour[b, p, t]), int(before.tower_height[b, p, t])) if t >= 0 else (0, 3)
            if key in gone:
                gone.remove(key)
        if n_lost <= 0:
            return []
        phase = int(before.phase[b])
        if A_SABOTAGE <= action < A_ALCHEMIST:  # played in any phase of the turn, on another player
            why = "gone: the Saboteur took its last brick"
        elif phase in (PH_BUILD, PH_PAY_BUILD):
            why = "torn down as abandoned (not extended this turn): half the bricks, rounded up, to the pouch"
        elif event >= 0:
            why = f"torn down by {self._kind_name(event)}"
            if event == self.K["Botch"]:
                why = f"gone: {self._kind_name(event)} took its last brick"
            if event == self.K["Collapse"]:
                why += " (all its bricks to the pouch)"
            if event in (self.K["Tribute"], self.K["Luxury Tax"]):
                why += " (half the bricks, rounded up, to the pouch, the rest to the storehouse)"
        else:
            why = "lost"
        towers = ", ".join(f"{self.colour_names[c]} tower of {h}" for c, h in gone[:n_lost]) or f"{n_lost} tower(s)"
        return [f"  player_{p}'s {towers} {'is' if n_lost == 1 else 'are'} {why}"]

    def _final_lines(self, st: FirenzeState, b: int) -> list[str]:
        terms = self.score_breakdown(st, np.array([b]))
        why = "turn limit reached (truncated)" if st.truncated[b] else "final turns played"
        lines = [f"--- game over ({why}): final scoring ---"]
        owner = st.commission_owner[b].astype(np.int64)
        for p in range(self.num_players):
            # majority per colour, recomputed for the text the same way score_breakdown does
            maj = []
            for c in range(NUM_COLOURS):
                seals = owner[6 * c : 6 * c + 6]
                counts = [(int((seals == q).sum()), max([lv for lv in range(6) if seals[lv] == q], default=-1), q)
                          for q in range(self.num_players)]  # fmt: skip
                best = max(counts)
                if best[0] > 0 and best[2] == p:
                    maj.append(f"{self.colour_names[c]} {int(self.majority_bonus[c])}")
            cele = []
            for kind in np.flatnonzero(st.hand[b, p]):
                n = int(st.hand[b, p, kind])
                if kind == self.K["Recognition"]:
                    low = int(((owner == p) & np.isin(self.comm_height, self.recognition_heights)).sum())
                    cele.append(f"Recognition x{n} {n * low * self.recognition_pp:+d}")
                elif self.celebration_pp[kind]:
                    cele.append(f"{self.kind_names[kind]}" + (f" x{n}" if n > 1 else "")
                                + f" {n * int(self.celebration_pp[kind]):+d}")  # fmt: skip
            cel = int(terms["celebrations"][0, p])
            lines.append(
                f"player_{p}: {int(st.prestige[b, p])} prestige + {int(terms['majority'][0, p])} majority"
                + (f" ({', '.join(maj)})" if maj else "")
                + f" {'-' if cel < 0 else '+'} {abs(cel)} celebrations"
                + (f" ({', '.join(cele)})" if cele else "")
                + f" = {int(st.scores[b, p])}"
            )
        return lines

    def _board_lines(self, st: FirenzeState, b: int) -> list[str]:
        """Commission board: one row per tower colour, one cell per height with its PP."""
        tiles = {int(self.tile_comm[t]): i for i, t in enumerate(st.balcony_tile[b])}
        nb = int(st.next_balcony[b])
        roman = ["I", "II", "III", "IV"]
        tiles_left = ", ".join(
            f"{int(h)}:+{int(v)}"
            for h, v, taken in zip(self.level_tile_height, self.level_tile_bonus, st.level_tile_taken[b])
            if not taken
        )
        lines = [
            "Commissions (PP per height; . open, # neutral seal, digit = seat that fulfilled it; I-IV balcony "
            f"+bonus, only the next one may be fulfilled: {roman[nb] if nb < 4 else 'none left'})",
            f"  level tiles (first to fulfil that height): {tiles_left or 'none left'}",
            "  height " + "".join(f"{h:<10}" for h in range(3, 9)) + "majority",
        ]
        for c in range(NUM_COLOURS):
            cells = []
            for lv in range(6):
                cid = 6 * c + lv
                owner = int(st.commission_owner[b, cid])
                mark = "." if owner == -1 else "#" if owner == -2 else str(owner)
                pp = f"{int(self.comm_prestige[cid])}"
                if cid in tiles:
                    pp += f"+{int(self.tile_bonus[int(st.balcony_tile[b, tiles[cid]])])}{roman[tiles[cid]]}"
                cells.append(f"{pp} {mark}")
            lines.append(f"  {self.colour_names[c]:<6} " + "".join(f"{x:<10}" for x in cells)
                         + f"+{int(self.majority_bonus[c])}")  # fmt: skip
        return lines

    def play_notes(self) -> list[str]:
        """Lines for a person about to play in the terminal (``florentine play``)."""
        if not self.campanile:
            return []
        # Set Up 9: "If this is your first time playing Firenze, we recommend that you do not use the
        # Campanile Action Card."
        return ["First game of Firenze? The rulebook suggests leaving out the Campanile card: "
                "add --option campanile=False"]  # fmt: skip

    def render(self, state: FirenzeState, game: int = 0) -> str:
        st, b, P = state, game, self.num_players
        col = [c[:2] for c in self.colour_names]
        when = (
            f"game over after {int(st.turn_number[b])} turns"
            if st.terminated[b]
            else f"turn {int(st.turn_number[b]) + 1}, player_{int(st.turn_player[b])}'s turn"
        )
        lines = [
            f"Firenze — {when}, phase "
            f"{PHASE_NAMES[int(st.phase[b])]}; deck {int(st.deck_len[b] - st.deck_pos[b])}, "
            f"discard {int(st.discard[b].sum())}, pouch: {self._bricks_text(st.pouch[b])}"
        ]
        if st.end_trigger[b] >= 0 and not st.terminated[b]:
            last = self.last_turn_seat(int(st.end_trigger[b]))
            lines.append(f"Final round: player_{int(st.end_trigger[b])} placed their last seal; the game ends "
                         f"after player_{last}'s turn")  # fmt: skip
        row = []
        for s in range(6):
            kind = int(st.row_card[b, s])
            if kind < 0:
                row.append(f"[{s}] empty")
                continue
            cost = 0 if st.princess_active[b] else int(self.card_cost[s])
            bricks = " ".join(f"{int(n)}{col[c]}" for c, n in enumerate(st.row_bricks[b, s]) if n)
            row.append(f"[{s}] {self.kind_names[kind]} (cost {cost}) {bricks or '-'}")
        lines.append("Row: " + " | ".join(row))
        if st.phase[b] == PH_CHOOSE:
            shown = []
            for kind in st.row_card[b]:
                if kind >= 0 and kind not in shown:
                    shown.append(kind)
                    lines.append(f"    {self.kind_names[kind]} ({self.kind_type[kind]}): {self._card_help(int(kind))}")
        lines += self._board_lines(st, b)
        church = [self._kind_name(int(k)) for k in st.church[b] if k >= 0]
        if church:
            sealed = [f"player_{p}" for p in range(P) if st.campanile_sealed[b, p]]
            extra = f" (bell towers done: {', '.join(sealed) or 'none'})" if self.K["Campanile"] in st.church[b] else ""
            lines.append("Church: " + ", ".join(church) + extra)
        viewer = int(st.current_player[b])
        for p in range(P):
            marker = ">" if p == st.current_player[b] and not st.terminated[b] else " "
            towers = ", ".join(
                f"{self.colour_names[int(st.tower_colour[b, p, t])]} {int(st.tower_height[b, p, t])}"
                for t in range(NUM_TOWER_SLOTS)
                if st.tower_colour[b, p, t] >= 0
            )
            owned = [self.kind_names[k] for k, i in zip(self.building_kinds, st.buildings[b, p]) if i]
            hand = st.hand[b, p]
            if p == viewer or self.recall or st.terminated[b]:
                hand_text = ", ".join(f"{self.kind_names[k]}" + (f" x{int(hand[k])}" if hand[k] > 1 else "")
                                      for k in np.flatnonzero(hand)) or "empty"  # fmt: skip
            else:
                hand_text = f"{int(hand.sum())} card(s)"
            end = " [end tile]" if st.end_trigger[b] == p else ""
            lines.append(
                f"{marker} player_{p}: {int(st.prestige[b, p])} PP, {int(st.seals_left[b, p])} seals left{end} | "
                f"store: {self._bricks_text(st.storehouse[b, p])} ({int(st.storehouse[b, p].sum())}) | "
                f"towers: {towers or 'none'} | buildings: {', '.join(owned) or 'none'} | hand: {hand_text}"
            )
        if st.terminated[b]:
            lines += self._final_lines(st, b)
        else:
            lines.append("Now: " + self._pending_text(st, b))
        return "\n".join(lines)
