"""Text views of Florenza: The Card Game for people: ``render`` (the table as the player to move
sees it), ``describe_action`` (what a choice means now), ``narrate`` (what a move did, told as
the table sees it: other players' hands, kept cards and draws stay hidden) and ``play_notes``."""

from __future__ import annotations

import numpy as np

from .constants import (
    ACTION_PHASES,
    DONE,
    IN_ROW,
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
    PHASE_NAMES,
    RESERVED,
)
from .data import G_ART_COLLEGE, G_MASTER_BUILDER, L_BARTER, L_CAPTAIN, L_GAIN, L_SELL
from .state import FlorenzaCardsState

SLOT_NAMES = ["action 1", "action 2", "action 3", "action 4", "Palagio action", "Casamento action", "Casa action",
              "Predicatore action"]  # fmt: skip
CLASS_NAMES = {
    "residence": "Residence", "workshop": "Workshop", "guild": "Guild", "district_church": "District Church",
    "district_building": "District Building", "family_palace": "Family Palace", "preacher": "Preacher",
}  # fmt: skip
GUILD_TEXT = [
    "1 extra resource of your choice at each income", "3 PP per Workshop", "50 Fiorini off every artist",
    "50 Fiorini off every monument", "5 PP per architect + painter + sculptor hired", "3 PP per Residence",
    "3 PP per monument", "2 PP more per district set",
]  # fmt: skip


class FlorenzaPresentation:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: text for people."""

    # ------------------------------------------------------------ pieces of text

    def _cost_text(self, res: np.ndarray, money: int) -> str:
        parts = [f"{int(n)} {self.t.resource_names[r]}" for r, n in enumerate(res) if n]
        if money:
            parts.append(f"{int(money)} Fiorini")
        return ", ".join(parts) or "free"

    def _types_text(self, types: np.ndarray) -> str:
        return " or ".join(self.t.type_names[x] for x in np.flatnonzero(types))

    def _card_text(self, k: int) -> str:
        t = self.t
        effects = []
        if t.card_prestige[k]:
            effects.append(f"{int(t.card_prestige[k])} PP")
        if t.card_needs_artist[k]:
            effects.append(f"artist: {self._types_text(t.card_types[k])}")
        income = self._cost_text(t.card_income_res[k], int(t.card_income_money[k]))
        if t.card_income_res[k].any() or t.card_income_money[k]:
            effects.append(f"income {income}")
        if t.card_slot[k] >= 0:
            effects.append(f"extra {SLOT_NAMES[int(t.card_slot[k])]}")
        if t.card_draws[k]:
            effects.append(f"+{int(t.card_draws[k])} card a round")
        if t.card_guild[k] >= 0:
            effects.append(GUILD_TEXT[int(t.card_guild[k])])
        cost = self._cost_text(t.card_cost_res[k], int(t.card_cost_money[k]))
        return f"{t.card_names[k]} ({CLASS_NAMES[t.card_class[k]]}; cost {cost}; {'; '.join(effects) or 'no effect'})"

    def _monument_text(self, m: int) -> str:
        t = self.t
        cost = self._cost_text(t.mon_cost_res[m], int(t.mon_cost_money[m]))
        return (f"{t.mon_names[m]} ({int(t.mon_prestige[m])} PP; cost {cost}; artist: "
                f"{self._types_text(t.mon_types[m])})")  # fmt: skip

    def _artist_text(self, a: int) -> str:
        t = self.t
        values = t.copy_value[t.abase[a] : t.abase[a] + t.art_copies[a]]
        return (f"{t.art_names[a]} ({t.type_names[t.art_type[a]]}, {int(t.art_cost[a])} Fiorini, "
                f"{int(values.min())}-{int(values.max())} PP)")  # fmt: skip

    def _location_text(self, loc: int) -> str:
        t = self.t
        effect, r = int(t.loc_effect[loc]), int(t.loc_res[loc])
        what = {
            L_GAIN: lambda: f"take {t.gain_amount} {t.resource_names[r]}",
            L_SELL: lambda: f"sell 1 {t.resource_names[r]} for {t.location_sell_price} Fiorini",
            L_BARTER: lambda: "exchange 1 resource for a different one",
            L_CAPTAIN: lambda: "take the New Captain card (first player next round)",
        }[effect]()
        return f"{t.loc_names[loc]}: {what}"

    def _hire_price(self, st: FlorenzaCardsState, b: int, cost: int) -> int:
        seat = np.array([int(st.current_player[b])])
        return max(0, cost - int(self._discount(st, np.array([b]), seat, G_ART_COLLEGE)[0]))

    # ------------------------------------------------------------ describe

    def describe_action(self, state: FlorenzaCardsState, game: int, action: int) -> str:
        st, b, ids, t = state, game, self.ids, self.t
        if action < ids.complete:
            return f"play {self._card_text(action)}"
        if action < ids.reserve_monument:
            m = action - ids.complete
            where = "your reserved" if st.mon_state[b, m] == RESERVED else "the row's"
            seat = np.array([int(st.current_player[b])])
            off = int(self._discount(st, np.array([b]), seat, G_MASTER_BUILDER)[0])
            note = f" (Edificatore: {off} Fiorini off)" if off else ""
            return f"complete {where} monument {self._monument_text(m)}{note}"
        if action < ids.reserve_artist:
            return f"reserve monument {self._monument_text(action - ids.reserve_monument)}"
        if action < ids.location:
            return f"reserve artist {self._artist_text(action - ids.reserve_artist)} (unseen)"
        if action < ids.workers:
            return f"activate {self._location_text(action - ids.location)}"
        if action == ids.workers:
            return f"send out workers: take {t.workers_money} Fiorini"
        if action < ids.buy:
            return f"market: sell 1 {t.resource_names[action - ids.sell]} for {t.market_sell_price} Fiorini"
        if action < ids.exchange:
            return f"market: buy 1 {t.resource_names[action - ids.buy]} for {t.market_buy_price} Fiorini"
        if action == ids.exchange:
            return "market: exchange 2 resources for 1"
        if action == ids.inspiration:
            return "search for inspiration: draw a Florenza card"
        if action == ids.pass_:
            return "pass (no action is possible)"
        if action < ids.hire_anonymous:
            reserved = action >= ids.hire_reserved
            a = action - (ids.hire_reserved if reserved else ids.hire_table)
            price = self._hire_price(st, b, int(t.art_cost[a]))
            return f"hire {self._artist_text(a)} {'you reserved' if reserved else 'from the table'}: pay {price}"
        if action < ids.resource:
            x = action - ids.hire_anonymous
            price = self._hire_price(st, b, int(t.anon_cost[x]))
            return f"hire the anonymous {t.type_names[x]}: pay {price}, no PP"
        if action < ids.keep:
            r = t.resource_names[action - ids.resource]
            phase = int(st.phase[b])
            verbs = {PH_EXCHANGE_GIVE_1: "give", PH_EXCHANGE_GIVE_2: "give", PH_BARTER_GIVE: "give",
                     PH_EXCHANGE_TAKE: "take", PH_BARTER_TAKE: "take",
                     PH_CAPTAIN_CHOICE: "every player receives", PH_MERCHANT_CHOICE: "receive"}  # fmt: skip
            verb = verbs.get(phase, "choose")
            return f"{verb} 1 {r}"
        return f"keep {self._card_text(action - ids.keep)}"

    def action_help(self, state: FlorenzaCardsState, game: int, action: int) -> str:
        """For ``help``: where the rulebook has the action (its cost and effect are in the
        description); the rulebook's names of Phase 3's actions and Phase 4's steps."""
        ids, phase = self.ids, int(state.phase[game])
        if phase == PH_KEEP:
            where = "Phase 4: End of the Round, a. Discard Cards"
        elif phase in (PH_CAPTAIN_CHOICE, PH_MERCHANT_CHOICE):
            where = "Phase 4: End of the Round, b. Collect Income"
        elif phase == PH_HIRE or ids.hire_table <= action < ids.resource:
            where = "Phase 3: B. Complete a Monument / A. Play a Florenza Card (hire an artist)"
        else:
            steps = (
                (ids.complete, "A. Play a Florenza Card"), (ids.reserve_monument, "B. Complete a Monument"),
                (ids.reserve_artist, "C. Reserve a Monument"), (ids.location, "D. Reserve an Artist"),
                (ids.workers, "E. Activate a Location Card"), (ids.workers + 1, "F. Send Out Workers"),
                (ids.inspiration, "G. Go to Market"), (ids.inspiration + 1, "H. Search for Inspiration"),
                (self.num_actions, "Take Actions"),
            )  # fmt: skip
            where = "Phase 3: " + next(text for bound, text in steps if action < bound)
        return f"rulebook: {where}"

    # ------------------------------------------------------------ narrate

    def narrate(self, before: FlorenzaCardsState, after: FlorenzaCardsState, game: int, action: int,
                forced: bool, viewer: int | None = None) -> list[str]:  # fmt: skip
        b, t, ids = game, self.t, self.ids
        who = f"player_{int(before.current_player[b])}"
        how = " (forced)" if forced else ""
        phase = int(before.phase[b])
        if phase == PH_KEEP:
            line = f"{who}{how} keeps one card and discards {int(before.hand[b, before.current_player[b]].sum()) - 1}"
        elif action == ids.inspiration:
            line = f"{who}{how} searches for inspiration and draws a card"
        elif phase == PH_HIRE:
            p = int(before.current_player[b])
            gained = int(after.visible_pp[b, p] - before.visible_pp[b, p])
            work = before.pending_card[b]
            if work >= 0:
                name, value = t.card_names[work], int(after.card_artist[b, p, work])
            else:
                m = int(before.pending_monument[b])
                name, value = t.mon_names[m], int(after.mon_artist[b, m])
            paid = self._hire_paid(before, b, action)  # the money also moves at a round end in the same step
            artist = self.describe_action(before, b, action).split(" (")[0].replace("hire ", "").split(":")[0]
            line = (f"{who}{how} hires {artist} for {paid} Fiorini, who proves worth {value} PP, and completes "
                    f"{name}: +{gained} PP on the table")
        else:
            line = f"{who}{how}: {self.describe_action(before, b, action)}"
        lines = [line]
        lines += self._round_end_lines(before, after, b)
        if after.terminated[b] and not before.terminated[b]:
            lines += self._final_lines(after, b)
        return lines

    def _hire_paid(self, st: FlorenzaCardsState, b: int, action: int) -> int:
        ids, t = self.ids, self.t
        if action >= ids.hire_anonymous:
            return self._hire_price(st, b, int(t.anon_cost[action - ids.hire_anonymous]))
        a = action - (ids.hire_reserved if action >= ids.hire_reserved else ids.hire_table)
        return self._hire_price(st, b, int(t.art_cost[a]))

    def _round_end_lines(self, before: FlorenzaCardsState, after: FlorenzaCardsState, b: int) -> list[str]:
        """The end of a round step by step (rulebook, Phase 3): the row's discards and the kept
        cards, the incomes seat by seat (the Family card, Workshops, Residences), the Captain."""
        t, P = self.t, self.num_players
        pre, post = int(before.phase[b]), int(after.phase[b])
        new_round = after.round[b] != before.round[b] or bool(after.terminated[b])
        lines = []
        if pre in ACTION_PHASES and (post not in ACTION_PHASES or new_round):
            lines.append(f"-- end of round {int(before.round[b])} --")
            if int(before.round[b]) < t.rounds:
                lines.append(f"  the row keeps its {t.monuments_kept} most prestigious monuments; the row's artists "
                             "are discarded; each player keeps one card of the hand")  # fmt: skip
        if pre == PH_MERCHANT_CHOICE:
            start = int(before.keep_offset[b]) + 1
        elif pre in (PH_KEEP, PH_CAPTAIN_CHOICE) or pre in ACTION_PHASES:
            start = 0
        else:
            return lines
        if post == PH_MERCHANT_CHOICE and not new_round:
            stop = int(after.keep_offset[b]) + 1  # paid up to the seat now choosing its Mercatanti resource
        elif new_round:
            stop = P
        else:
            return lines
        captain = int(before.captain[b])
        for j in range(start, stop):
            q = (captain + j) % P
            income = self.base_income + before.in_play[b, q].astype(np.int64) @ self.card_income
            parts = [f"+{int(n)} {r}" for r, n in zip(t.resource_names, income[:6]) if n]
            parts.append(f"+{int(income[6])} Fiorini")
            lines.append(f"  income of player_{q}: {', '.join(parts)} (Family card, Workshops, Residences; as far "
                         f"as the supply goes): now {int(after.money[b, q])} Fiorini")  # fmt: skip
        if new_round:
            holder = int(before.new_captain[b])
            why = "took the Capitano del popolo" if holder >= 0 else "the Captain card passes to the next player"
            lines.append(f"  player_{int(after.captain[b])} is Captain ({why})")
            if not after.terminated[b]:
                lines.append(f"-- round {int(after.round[b])} begins --")
        return lines

    def _final_lines(self, st: FlorenzaCardsState, b: int) -> list[str]:
        parts = self.score_breakdown(st, np.array([b]))
        lines = ["Game over. Final scores (cards, monuments, artists, sets, guilds, resources, money, captain, "
                 "reservations):"]  # fmt: skip
        for p in range(self.num_players):
            terms = ", ".join(f"{name} {int(v[0, p])}" for name, v in parts.items() if v[0, p])
            lines.append(f"  player_{p}: {int(st.scores[b, p])} PP (rank {int(st.final_rank[b, p])}) = {terms or '0'}")
        return lines

    # ------------------------------------------------------------ render

    def play_notes(self) -> list[str]:
        """The rulebook's advice for a first game (Guild cards)."""
        if not self.guilds:
            return []
        return ["First game of Florenza? The designer recommends removing the Guild cards: "
                "add --option guilds=False"]  # fmt: skip

    def render(self, state: FlorenzaCardsState, game: int = 0) -> str:
        st, b, t, P = state, game, self.t, self.num_players
        phase = int(st.phase[b])
        slot = SLOT_NAMES[int(st.slot[b])] if phase in ACTION_PHASES else "end of the round"
        head = "game over" if st.terminated[b] else f"round {int(st.round[b])}, {slot}, phase {PHASE_NAMES[phase]}"
        supply = ", ".join(f"{int(n)} {r}" for r, n in zip(t.resource_names, st.supply[b]))
        lines = [
            f"Florenza: The Card Game — {head}; Captain player_{int(st.captain[b])}",
            f"Supply: {supply}, {int(st.supply_money[b])} Fiorini | deck {int(st.deck_len[b] - st.deck_pos[b])} "
            f"cards, discard {int(st.discard[b].sum())}",
        ]
        row = np.flatnonzero(st.mon_state[b] == IN_ROW)
        order = sorted(row, key=lambda m: (-t.mon_prestige[m], st.mon_pos[b, m]))
        lines.append("Monuments: " + (" | ".join(self._monument_text(int(m)) for m in order) or "none"))
        table = [f"{self._artist_text(a)}" + (f" x{int(n)}" if n > 1 else "")
                 for a, n in enumerate(st.table_count[b]) if n]  # fmt: skip
        anon = [t.type_names[x] for x in range(3) if st.anon_up[b, x]]
        lines.append("Artists: " + (", ".join(table) or "none") + f" | anonymous: {', '.join(anon) or 'none'}")
        locs = [t.loc_names[loc] + (f" x{int(n)}" if n > 1 else "") for loc, n in enumerate(st.loc_up[b]) if n]
        lines.append("Locations: " + (", ".join(locs) or "none"))
        viewer = int(st.current_player[b])
        for p in range(P):
            marker = ">" if p == viewer and not st.terminated[b] else " "
            res = " ".join(f"{int(n)}{r[:2]}" for r, n in zip(t.resource_names, st.res[b, p]))
            cards = []
            for k in np.flatnonzero(st.in_play[b, p]):
                value = int(st.card_artist[b, p, k])
                cards.append(t.card_names[k] + (f"+{value}" if value >= 0 else ""))
            mons = [f"{t.mon_names[m]}+{int(st.mon_artist[b, m])}"
                    for m in np.flatnonzero((st.mon_state[b] == DONE) & (st.mon_owner[b] == p))]  # fmt: skip
            held_m = [t.mon_names[m] for m in np.flatnonzero((st.mon_state[b] == RESERVED) & (st.mon_owner[b] == p))]
            held_a = [t.art_names[a] for a in range(self.AK) for _ in range(int(st.reserved_count[b, p, a]))]
            hand = st.hand[b, p]
            if p == viewer or st.terminated[b]:
                hand_text = ", ".join(t.card_names[k] + (f" x{int(hand[k])}" if hand[k] > 1 else "")
                                      for k in np.flatnonzero(hand)) or "empty"  # fmt: skip
            else:
                hand_text = f"{int(hand.sum())} card(s)"
            extra = " [New Captain]" if st.new_captain[b] == p else ""
            lines.append(
                f"{marker} player_{p}{extra}: {int(st.money[b, p])} Fiorini, {res} | {int(st.visible_pp[b, p])} PP "
                f"on the table | cards: {', '.join(cards) or 'none'} | monuments: {', '.join(mons) or 'none'} | "
                f"reserved: {', '.join(held_m + held_a) or 'none'} | hand: {hand_text}"
            )
        if st.terminated[b]:
            lines += self._final_lines(st, b)
        elif phase == PH_HIRE:
            work = st.pending_card[b]
            name = t.card_names[work] if work >= 0 else t.mon_names[int(st.pending_monument[b])]
            lines.append(f"Now: player_{viewer} hires an artist for {name}")
        elif phase != PH_ACTION:
            lines.append(f"Now: player_{viewer} decides ({PHASE_NAMES[phase].lower().replace('_', ' ')})")
        return "\n".join(lines)
