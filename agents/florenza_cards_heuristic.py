"""A rule-based player for Florenza: The Card Game, batched, reading only its observation and the mask.

What it may see. Its observation (SPEC §10): its own hand, the public table (row, artists on the
table by kind, locations, supply), every player's money, resources, cards in play, monuments
and reservations, and the component data, which is public: an artist's *expected* value is the
mean of the values printed on the copies of its kind (the rulebook's Giambologna example: "three
of them have a value of 2, one has 3"). Never another hand, a deck order or an unhired artist's
value; a test re-randomises all of that and checks the actions do not change.

How it thinks. Everything is priced in prestige points.

* **Projects** are the cards in its hand and the monuments in the row or reserved by it. Each is
  worth its points: prestige, the expected value of the artist it would hire, the district-set
  bonus it completes, the guild bonuses it adds (Protettore,
  Arte Maggiore, Padrone, Signore de lo Rione), and the penalty it avoids (a reserved monument);
  engine cards are worth their future: a Workshop its remaining incomes, a Residence or Preacher
  its extra actions (and draws) over the rounds left, a Guild its expected bonus.
* **A target.** For each project it counts the actions still needed: one to play it, one per
  missing resource and one per ~150 Fiorini missing (a resource that no face-up location gives
  must be bought for 100). Its *efficiency* is (points - the worth of what it already holds for
  it) / actions. A hand card must be done this round (only one card is kept); a monument that
  will stay in the row (the two most prestigious) or that it reserved may take the rest of the
  game (with next round's income, at a discount for the risk). The most efficient project it
  cannot pay yet is the target.
* **Holdings** are worth ``W(resources, Fiorini)``: what the target needs at the target's
  efficiency per resource (capped near the worth of the action it takes to get one again; per
  150 Fiorini for money), the rest at a spare price that falls in the last round; in the last
  round the 4/2/1 majorities of resources and Fiorini against the rivals' holdings after their
  income are added. Every action is a one-ply search: points banked plus ``W(after) - W(before)``:
  play or complete the best project it can pay, otherwise gather what the target lacks (a
  location, the market, the Baratto, an exchange of spares), raise money, draw a card while it
  still has time to play it, take the New Captain card (first choice next round; the final point
  in round 5), reserve on a round's last action a monument the row would discard and it can
  finish later (one at a time, never in round 5), or a strong artist for later artworks.
* **Follow-up choices** use the same prices: the artist with the best expected value for its
  cost (a reserved one first: it avoids the penalty), the resources to give or take, the card to
  keep (the best project for next round), the Captain's and the Merchants' resource.

Everything is vectorised over the rows of the batch; loops run only over resources, artist types
and cost levels, so a batch gives the same actions as its games one at a time. Legal actions it
has no rule for get the lowest score and are chosen only when nothing else is legal.
"""

from __future__ import annotations

import numpy as np

from florentine_envs.games.florenza_cards.constants import (
    BASE_ACTIONS,
    NUM_RESOURCES,
    NUM_SLOTS,
    NUM_TYPES,
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
)
from florentine_envs.games.florenza_cards.data import (
    G_ART_COLLEGE,
    G_CRAFTSMEN,
    G_LANDLORD,
    G_LORD,
    G_MASTER_BUILDER,
    G_MERCHANTS,
    G_PATRON,
    G_PROTECTOR,
    L_BARTER,
    L_CAPTAIN,
    L_GAIN,
    L_SELL,
)

from .base import Agent

NR = NUM_RESOURCES
UNSCORED = -1e9  # legal but not considered: chosen only when nothing else is legal
NO_HIRE = -1e6  # no artist of the types can be hired (within the budget)
TRADE_STEPS = np.array([-2.0, -1.0, 0.0, 1.0])  # a trade gives at most 2 of a resource, takes 1


class FlorenzaCardsHeuristic(Agent):
    name = "heuristic"

    # The weights below were set by duplicate self-play matches (one changed weight against these,
    # seats rotated, 600 games at 2 players, 400 at 4; +-0.9 points of margin is the 95 % interval).
    # What moved the margin: the spare resource price (0.7 -> 1.0: +2), the caps on a needed
    # resource's price (uncapped: -7; 2.0 -> 2.5 with 1.5 for plans over later rounds: +1),
    # inspiration (halved: +1.5), no share of the set bonus for a set's progress (+1), the extra action
    # (1.3 -> 2.0: +0.6; 0.8: -2.7), money per action (220: -4.6). Reserving every monument the row
    # would discard (share 0.9) lost 4 points a game to unfulfilled reservations; at 0.3 it reserves
    # only a clearly efficient one. A second target, ranking targets by their full cost and
    # reserving monuments the row keeps did not help. At 4 players the extra action's weight is
    # flat from 1.0 to 2.0: extra actions come after everyone's four, when most locations are down.

    # Prices in prestige points, per round 1..5 where they change.
    #: a resource the target does not need (its worth for later projects; in round 5 almost none)
    spare_resource = (1.0, 1.0, 0.9, 0.8, 0.1)
    #: a Fiorino the target does not need
    spare_money = (0.006, 0.006, 0.0055, 0.005, 0.0005)
    #: Fiorini one gathering action brings in (a resource sold at a location 200, the market 100)
    money_per_action = 150.0
    #: a resource received as income (a Workshop's yield)
    income_resource = 0.8
    #: one extra action (Residences, Preachers) and one extra card drawn (Residences)
    extra_action = 2.0
    extra_draw = 0.4
    #: a project that takes more than this round: its efficiency is discounted (rivals, risk)
    long_discount = 0.75
    #: share of an unfulfilled reservation's penalty counted, by round (it grows toward the end)
    penalty_share = (0.2, 0.25, 0.35, 0.6, 1.0)
    #: expected artworks (hires), monuments, district cards, Workshops and Residences per remaining
    #: round, for the guilds' worth (its self-play completes 4.6 monuments a game at 2 players, 3.4 at 4)
    hires_per_round = 1.2
    monuments_per_round = 0.8
    district_per_round = 0.4
    workshops_per_round = 0.3
    residences_per_round = 0.2
    #: the New Captain card in rounds 1-4 (first pick of monuments and artists, the Captain's
    #: resource choice); in round 5 it is the final Captain point
    captain_early = 0.5
    #: a card drawn by inspiration, by round, when there are actions left to play it
    inspiration = (0.5, 0.5, 0.4, 0.3, 0.1)
    #: reserving the target monument: share of its efficiency when it would be discarded
    reserve_monument_share = 0.3
    #: reserving an artist: chance per remaining round that it gets used (at most 0.9)
    reserve_artist_use = 0.35
    #: most a resource the target needs is worth (re-acquiring it costs about one action)
    need_price_cap = 2.5
    need_price_cap_later = 1.5
    #: weight of the resource and money majorities in round 5
    majority_weight = 1.0

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        if game.name != "florenza_cards":
            raise ValueError(f"FlorenzaCardsHeuristic plays florenza_cards only, got {game.name!r}")
        t = game.t
        self.t, self.ids, self.P = t, game.ids, game.num_players
        self.K, self.M, self.AK, self.L = t.K, t.M, t.AK, t.L
        self.block = game.block_size  # one player's block of the observation (SPEC §10)
        bits = 1 << np.arange(NUM_TYPES)
        # projects: the K card kinds, then the M monuments
        self.J = t.K + t.M
        self.cost_res = np.concatenate([t.card_cost_res, t.mon_cost_res]).astype(np.float64)  # [J, 6]
        self.cost_money = np.concatenate([t.card_cost_money, t.mon_cost_money]).astype(np.float64)  # [J]
        self.tmask = np.concatenate([(t.card_types * bits).sum(1), (t.mon_types * bits).sum(1)])  # [J] bit sets
        # district classes of the set bonus, per card kind
        self.set_class = np.full(t.K, -1)
        for c, name in enumerate(("family_palace", "district_church", "district_building")):
            self.set_class[getattr(t, f"is_{name}")] = c
        # artists: expected value per kind (public: the component list), per type
        self.art_value = np.array([t.copy_value[t.copy_kind == a].mean() for a in range(t.AK)])  # [AK]
        self.kinds_of_type = [np.flatnonzero(t.art_type == x) for x in range(NUM_TYPES)]
        self.type_value = np.array([t.copy_value[t.copy_type == x].mean() for x in range(NUM_TYPES)])  # [3]
        self.type_cost = np.array([t.art_cost[t.art_type == x].mean() for x in range(NUM_TYPES)])  # [3]
        costs = np.concatenate([t.art_cost, t.anon_cost])
        self.cost_levels = np.unique(np.maximum(0, np.concatenate([costs, costs - 50])))  # hire budgets
        # guild kinds per effect (none without guilds: they are never dealt)
        self.guild_of = {g: np.flatnonzero(t.card_guild == g) for g in range(8)}
        self.extra_slot = t.card_slot  # [K] 0-based extra action slot, -1 none
        self.income_res = t.card_income_res.astype(np.float64)  # [K, 6]
        self.income_money = t.card_income_money.astype(np.float64)  # [K]
        # locations by effect
        self.gain_of = np.zeros((t.L, NR))  # [L, 6] a gain location's resource
        for loc in range(t.L):
            if t.loc_effect[loc] == L_GAIN:
                self.gain_of[loc, t.loc_res[loc]] = 1
        self.captain_loc = int(np.flatnonzero(t.loc_effect == L_CAPTAIN)[0])
        # trades: (resources given/taken [X, 6], money [X]) of the market, workers, locations, barters
        # and exchanges, evaluated together against the holdings' worth
        eye = np.eye(NR)
        pairs = [(a, b) for a in range(NR) for b in range(a, NR)]
        self.pairs = np.array(pairs)  # [21, 2] the two resources given in an exchange
        give2 = np.array([eye[a] + eye[b] for a, b in pairs])  # [21, 6]
        self.exch_delta = (eye[None, :, :] - give2[:, None, :]).reshape(-1, NR)  # [21 * 6, 6] (pair, take)
        self.barter_delta = (eye[None, :, :] - eye[:, None, :]).reshape(-1, NR)  # [6 * 6, 6] (give, take)

    # ------------------------------------------------------------------ reading

    def _read(self, obs: np.ndarray) -> dict:
        """The observation as named arrays (player block 0 = the deciding player)."""
        B, P, K, M = obs.shape[0], self.P, self.K, self.M
        f = self.field
        players = f(obs, "players").reshape(B, P, self.block).astype(np.float64)
        supply = f(obs, "supply").astype(np.float64)
        slot_hot = f(obs, "action_slot")
        phase = f(obs, "phase").argmax(1)
        o = {
            "B": B,
            "phase": phase,
            "round": f(obs, "round").argmax(1) + 1,
            "slot": np.where(slot_hot.sum(1) > 0, slot_hot.argmax(1), -1),
            "captain": f(obs, "captain").argmax(1),  # relative seat
            "loc_up": f(obs, "locations_up").astype(np.float64),
            "anon_up": f(obs, "anonymous_up") > 0,
            "supply": supply[:, :NR],
            "row": f(obs, "row") > 0,
            "table": f(obs, "table_artists"),
            "money_all": players[:, :, 0],  # [B, P]
            "res_all": players[:, :, 1:7],  # [B, P, 6]
            "hired_types": players[:, 0, 9:12],  # [B, 3]
            "in_play_all": players[:, :, 12 : 12 + K] > 0,  # [B, P, K]
            "done_mon": players[:, 0, 12 + K : 12 + K + M] > 0,
            "reserved_mon": players[:, 0, 12 + K + M : 12 + K + 2 * M] > 0,
            "reserved_art": players[:, 0, 12 + K + 2 * M : 12 + K + 2 * M + self.AK],  # [B, AK]
            "hand": f(obs, "own_hand"),
        }
        o["money"] = o["money_all"][:, 0]
        o["res"] = o["res_all"][:, 0]
        o["in_play"] = o["in_play_all"][:, 0]
        return o

    def _has(self, o: dict, effect: int) -> np.ndarray:
        """bool[B]: the deciding player holds the guild with ``effect`` in play."""
        kinds = self.guild_of[effect]
        return o["in_play"][:, kinds].any(1) if kinds.size else np.zeros(o["B"], bool)

    # ------------------------------------------------------------------ context

    def _context(self, o: dict) -> dict:
        """Round prices, actions left, hire options and the projects with the target."""
        B = o["B"]
        rnd = o["round"]
        ri = rnd - 1
        c = {"o": o}
        c["spare"] = np.asarray(self.spare_resource)[ri]
        c["money_price"] = np.asarray(self.spare_money)[ri]
        c["penalty_share"] = np.asarray(self.penalty_share)[ri]
        # my action slots: 0-3 always, 4-7 with the card that gives them
        own_slot = np.zeros((B, NUM_SLOTS), bool)
        own_slot[:, :BASE_ACTIONS] = True
        has_extra = self.extra_slot >= 0
        for k in np.flatnonzero(has_extra):
            own_slot[:, self.extra_slot[k]] |= o["in_play"][:, k]
        per_round = own_slot.sum(1)
        in_action = o["slot"] >= 0
        slots = np.arange(NUM_SLOTS)[None]
        # actions left this round: the current one counts in the ACTION phase, not in its follow-ups
        first = np.where(o["phase"] == PH_ACTION, o["slot"], o["slot"] + 1)
        left_now = (own_slot & (slots >= first[:, None])).sum(1)
        # between rounds (keep, income) the plan is for the next round
        between = ~in_action
        last_round = rnd >= self.t.rounds
        c["left_round"] = np.where(between, np.where(last_round, 0, per_round), left_now)
        future_rounds = np.where(between, np.maximum(0, self.t.rounds - rnd - 1), self.t.rounds - rnd)
        c["left_later"] = future_rounds * per_round
        c["plan_round"] = np.where(between & ~last_round, rnd + 1, rnd)  # the round the plan is for
        c["slot_now"] = np.where(between, -1, o["slot"])
        c["gain_up"] = o["loc_up"] @ self.gain_of  # exact small integers: batch-independent
        self._hire_table(c)
        self._projects(c)
        self._target(c)
        self._majority_setup(c)
        self._worth_steps(c)
        return c

    def _hire_table(self, c: dict) -> None:
        """Per artist type and budget level, the best hire: worth (expected value + the penalty a
        reserved artist avoids + Mastro Artista's set) minus its cost at the spare money price.
        Fills ``hire`` float[B, 3 types, levels, 3]: (score, worth, cost) of that hire, score NO_HIRE
        where there is none."""
        o, t = c["o"], self.t
        B = o["B"]
        discount = np.where(self._has(o, G_ART_COLLEGE), 50.0, 0.0)[:, None]
        money_price = c["money_price"][:, None]
        # Mastro Artista: a hire of a type at the minimum count (alone there) completes a set
        h = o["hired_types"]
        at_min = h == h.min(1, keepdims=True)
        patron_bonus = np.where(
            self._has(o, G_PATRON)[:, None] & at_min & (at_min.sum(1, keepdims=True) == 1), 5.0, 0.0
        )
        levels = self.cost_levels
        rows = np.arange(B)[:, None]
        c["hire"] = np.empty((B, NUM_TYPES, levels.size, 3))
        for x in range(NUM_TYPES):
            # candidates: the type's kinds on the table, the same kinds reserved by me, the anonymous one
            kinds = self.kinds_of_type[x]
            value = self.art_value[kinds][None]
            cost = np.maximum(0.0, t.art_cost[kinds][None] - discount)  # [B, n]
            anon_cost = np.maximum(0.0, t.anon_cost[x] - discount)  # [B, 1]
            worth = np.concatenate([np.broadcast_to(value, (B, kinds.size)),
                                    value * (1 + c["penalty_share"][:, None]),
                                    np.full((B, 1), float(t.anon_value[x]))], 1)  # fmt: skip
            # anonymous artists make no Mastro Artista set (DESIGN_NOTES 24): the bonus goes to the cards
            worth[:, : 2 * kinds.size] += patron_bonus[:, x : x + 1]
            costs = np.concatenate([cost, cost, anon_cost], 1)
            avail = np.concatenate(
                [o["table"][:, kinds] > 0, o["reserved_art"][:, kinds] > 0, o["anon_up"][:, x : x + 1]], 1
            )
            score = np.where(avail, worth - money_price * costs, NO_HIRE)
            within = np.where(costs[:, None, :] <= levels[None, :, None], score[:, None, :], NO_HIRE)  # [B, L, C]
            best = within.argmax(2)  # [B, levels]
            c["hire"][:, x] = np.stack([within[rows, np.arange(levels.size)[None], best], worth[rows, best],
                                        costs[rows, best]], -1)  # fmt: skip
        # for the HIRE phase
        c["patron_bonus"] = patron_bonus
        c["art_discount"] = discount[:, 0]

    def _best_hire(self, c: dict, tmask: np.ndarray, budget: np.ndarray):
        """(score, worth, cost) float[B, X] of the best hire for type sets ``tmask`` (int[X]) within
        ``budget`` (float[B, X]; +inf: any); score NO_HIRE where none."""
        levels = self.cost_levels
        li = np.searchsorted(levels, np.minimum(budget, levels[-1]), side="right") - 1  # [B, X]
        ok = li >= 0
        li = np.maximum(li, 0)
        rows = np.arange(budget.shape[0])[:, None]
        best = np.zeros(budget.shape + (3,))
        best[..., 0] = NO_HIRE
        for x in range(NUM_TYPES):
            allowed = ((tmask >> x) & 1).astype(bool)[None] & ok
            option = c["hire"][rows, x, li]  # [B, X, 3]
            best = np.where((allowed & (option[..., 0] > best[..., 0]))[..., None], option, best)
        return best[..., 0], best[..., 1], best[..., 2]

    # ------------------------------------------------------------------ projects

    def _engine_worth(self, o: dict, rnd: np.ndarray, slot: np.ndarray, money_price: np.ndarray) -> np.ndarray:
        """float[B, K]: the future worth of a card's effect when played in round ``rnd`` at action
        slot ``slot`` (-1: before the round's actions): incomes, extra actions and draws, guilds."""
        t = self.t
        rounds = float(t.rounds)
        # later rounds; also the incomes still to spend (round 5's income only counts in majorities)
        later = np.maximum(0.0, rounds - rnd)[:, None]
        left = later + 1  # this round included
        inc = self.income_res.sum(1)[None] * self.income_resource + self.income_money[None] * money_price[:, None]
        w = later * inc
        has_slot = self.extra_slot >= 0
        this_round = has_slot[None] & (self.extra_slot[None] > slot[:, None])
        w = w + self.extra_action * (has_slot[None] * later + this_round)
        w = w + self.extra_draw * t.card_draws[None] * later
        in_play = o["in_play"]
        n_work = in_play[:, t.is_workshop].sum(1)[:, None]
        n_res = in_play[:, t.is_residence].sum(1)[:, None]
        n_mon = o["done_mon"].sum(1)[:, None]
        counts = np.stack([in_play[:, self.set_class == x].sum(1) for x in range(3)], 1)  # [B, 3]
        guild_worth = {
            G_CRAFTSMEN: 3 * (n_work + self.workshops_per_round * later),
            G_LANDLORD: 3 * (n_res + self.residences_per_round * later),
            G_PROTECTOR: 3 * (n_mon + self.monuments_per_round * left),
            G_PATRON: 5 * np.floor((o["hired_types"] + self.hires_per_round / 3 * left).min(1, keepdims=True)),
            G_LORD: 2 * np.floor((counts + self.district_per_round * left).min(1, keepdims=True)),
            G_ART_COLLEGE: 50 * money_price[:, None] * self.hires_per_round * left,
            G_MASTER_BUILDER: 50 * money_price[:, None] * self.monuments_per_round * left,
            G_MERCHANTS: self.income_resource * later,
        }
        for g, worth in guild_worth.items():
            for k in self.guild_of[g]:
                w[:, k] += worth[:, 0]
        # guilds in play reward Workshops and Residences
        w += np.where(self._has(o, G_CRAFTSMEN)[:, None] & t.is_workshop[None], 3.0, 0.0)
        w += np.where(self._has(o, G_LANDLORD)[:, None] & t.is_residence[None], 3.0, 0.0)
        return w

    def _card_points(self, o: dict, rnd: np.ndarray, slot: np.ndarray, money_price: np.ndarray) -> np.ndarray:
        """float[B, K]: a card's points before its artist: prestige, district sets, engine worth."""
        t = self.t
        in_play = o["in_play"]
        counts = np.stack([in_play[:, self.set_class == x].sum(1) for x in range(3)], 1).astype(np.float64)
        set_pp = t.set_bonus + np.where(self._has(o, G_LORD), 2.0, 0.0)  # [B]
        sets = counts.min(1)
        pts = np.broadcast_to(t.card_prestige.astype(np.float64), (o["B"], self.K)).copy()
        for x in range(3):
            after = counts.copy()
            after[:, x] += 1
            completes = after.min(1) > sets  # (counting part of the bonus for progress did not pay)
            pts[:, self.set_class == x] += (set_pp * completes)[:, None]
        return pts + self._engine_worth(o, rnd, slot, money_price)

    def _projects(self, c: dict) -> None:
        """Per project (cards, then monuments): points, costs, actions needed and efficiency. Only
        the projects some row has are computed (a lone game has a dozen of the 90)."""
        o, t = c["o"], self.t
        B, K, J = o["B"], self.K, self.J
        rnd, money_price, spare = c["plan_round"], c["money_price"], c["spare"]
        res, money = o["res"], o["money"]
        preacher_in = o["in_play"][:, t.is_preacher].any(1)
        card_ok = (o["hand"] > 0) & ~o["in_play"] & ~(preacher_in[:, None] & t.is_preacher[None])
        avail_all = np.concatenate([card_ok, o["row"] | o["reserved_mon"]], 1)  # [B, J]
        # monuments that stay for later rounds: reserved, or among the two the row keeps (by prestige)
        prestige_rank = (t.mon_prestige[None, None] > t.mon_prestige[None, :, None]) & o["row"][:, None, :]
        kept = o["row"] & (prestige_rank.sum(2) < t.monuments_kept)  # [B, M]
        cols = np.flatnonzero(avail_all.any(0))  # the projects computed, [n]
        avail = avail_all[:, cols]
        is_mon = cols >= K
        cards, mons = cols[~is_mon], cols[is_mon] - K
        cost_res, tmask = self.cost_res[cols], self.tmask[cols]  # [n, 6], [n]
        pts = np.empty((B, cols.size))
        pts[:, ~is_mon] = self._card_points(o, rnd, c["slot_now"], money_price)[:, cards]
        pts[:, is_mon] = t.mon_prestige[mons] + np.where(self._has(o, G_PROTECTOR), 3.0, 0.0)[:, None]
        pts[:, is_mon] += o["reserved_mon"][:, mons] * t.mon_prestige[mons] * c["penalty_share"][:, None]
        mdisc = np.where(self._has(o, G_MASTER_BUILDER), 50.0, 0.0)[:, None]
        money_cost = np.where(is_mon[None], np.maximum(0.0, self.cost_money[cols] - mdisc), self.cost_money[cols])
        artwork = tmask > 0
        # the hire it would make now within its budget (a play it can pay), and with any budget
        _, worth_b, cost_b = self._best_hire(c, tmask, money[:, None] - money_cost)
        score_a, worth_a, cost_a = self._best_hire(c, tmask, np.full(money_cost.shape, np.inf))
        can_hire = ~artwork[None] | (score_a > NO_HIRE)
        # next round brings new artists: a typical hire of the project's types
        typical = np.where(((tmask[:, None] >> np.arange(NUM_TYPES)) & 1).astype(bool),
                           self.type_value[None], -np.inf).max(1)  # fmt: skip
        hire_worth = np.where(artwork[None], np.where(can_hire, worth_a, typical[None]), 0.0)
        hire_cost = np.where(artwork[None], np.where(can_hire, cost_a, self.type_cost.mean()), 0.0)
        play_points = pts + np.where(artwork[None], worth_b, 0.0)  # a legal play, its hire in budget
        play_money = money_cost + np.where(artwork[None], cost_b, 0.0)
        points = pts + hire_worth
        need_money = money_cost + hire_cost
        miss = np.maximum(0.0, cost_res[None] - res[:, None])  # [B, n, 6]
        buys = np.maximum(0.0, miss - c["gain_up"][:, None]).sum(2)
        short_money = np.maximum(0.0, need_money + 100 * buys - money[:, None])
        actions = 1 + miss.sum(2) + np.ceil(short_money / self.money_per_action)
        held = spare[:, None] * np.minimum(cost_res[None], res[:, None]).sum(2)
        held = held + money_price[:, None] * np.minimum(need_money, money[:, None])
        # longer plans, for monuments that stay, with the next round's base income
        lasting = np.zeros((B, cols.size), bool)
        lasting[:, is_mon] = (kept | o["reserved_mon"])[:, mons]
        income_res = t.income_base_res.astype(np.float64) + 1.0 / NR  # base plus the Captain's choice
        miss_l = np.maximum(0.0, miss - income_res[None, None])
        short_l = np.maximum(0.0, short_money - t.income_base_money)
        actions_l = 1 + miss_l.sum(2) + np.ceil(short_l / self.money_per_action)
        left_all = (c["left_round"] + c["left_later"])[:, None]
        now_ok = avail & can_hire & (actions <= c["left_round"][:, None])
        later_ok = avail & lasting & ~now_ok & (actions_l <= left_all) & (c["left_later"] > 0)[:, None]
        eff = np.where(now_ok, (points - held) / actions,
                       np.where(later_ok, self.long_discount * (points - held) / actions_l, -np.inf))  # fmt: skip
        # a row monument reserved now and completed in a later round (one more action)
        reserve_ok = is_mon[None] & ~now_ok & (actions_l + 1 <= left_all) & (c["left_later"] > 0)[:, None]
        reserve_ok[:, is_mon] &= o["row"][:, mons]
        eff_reserve = np.where(reserve_ok, self.long_discount * (points - held) / (actions_l + 1), -np.inf)

        def full(sub: np.ndarray, fill) -> np.ndarray:  # [B, n] -> [B, J]
            out = np.full((B, J), fill, sub.dtype)
            out[:, cols] = sub
            return out

        c.update(
            avail=avail_all, kept=kept, points=full(points, 0.0), play_points=full(play_points, 0.0),
            play_money=full(play_money, 0.0), need_money=full(need_money + 100 * buys, 0.0), eff=full(eff, -np.inf),
            payable=full((miss.sum(2) == 0) & (short_money == 0), False), later_ok=full(later_ok, False),
            eff_reserve=full(eff_reserve, -np.inf)[:, K:],
        )  # fmt: skip

    def _target(self, c: dict) -> None:
        """The most efficient project not yet payable; its needs price the holdings."""
        o = c["o"]
        B = o["B"]
        eff = np.where(c["payable"], -np.inf, c["eff"])
        tgt = eff.argmax(1)
        rows = np.arange(B)
        best = eff[rows, tgt]
        has = np.isfinite(best) & (best > c["spare"])
        cap = np.where(c["later_ok"][rows, tgt], self.need_price_cap_later, self.need_price_cap)
        need_price = np.where(has, np.maximum(np.minimum(best, cap), c["spare"]), c["spare"])
        c["need_price"] = need_price
        c["need_money_price"] = np.maximum(c["money_price"], need_price / self.money_per_action)
        need_res = np.where(has[:, None], self.cost_res[tgt], 0.0)
        need_money = np.where(has, c["need_money"][rows, tgt], 0.0)
        c["need_res"], c["need_money"] = need_res, need_money

    def _majority_setup(self, c: dict) -> None:
        """Round 5: the rivals' resources and Fiorini after their last income (and mine)."""
        o, t = c["o"], self.t
        base_res = float(t.income_base_res.sum()) + 1  # marble, wood and the Captain's choice
        inc_res = (o["in_play_all"] * self.income_res.sum(1)).sum(2) + base_res  # [B, P]
        inc_money = (o["in_play_all"] * self.income_money).sum(2) + t.income_base_money
        c["proj_res"] = o["res_all"].sum(2) + inc_res  # [B, P]
        c["proj_money"] = o["money_all"] + inc_money
        c["my_inc_res"] = inc_res[:, 0]
        c["my_inc_money"] = inc_money[:, 0]
        c["maj_on"] = (o["round"] >= t.rounds) & (o["phase"] != PH_CAPTAIN_CHOICE) & (o["phase"] != PH_MERCHANT_CHOICE)

    def _majority(self, c: dict, total_res: np.ndarray, money: np.ndarray) -> np.ndarray:
        """float[B, X]: my resource and money majority points for candidate holdings."""
        t = self.t
        pts_res = np.array(list(t.majority_res) + [0] * self.P, np.float64)
        pts_money = np.array(list(t.majority_money) + [0] * self.P, np.float64)
        mine_r = total_res + c["my_inc_res"][:, None]
        mine_m = money + c["my_inc_money"][:, None]
        rank_r = (c["proj_res"][:, 1:, None] > mine_r[:, None]).sum(1)  # rivals ahead
        rank_m = (c["proj_money"][:, 1:, None] > mine_m[:, None]).sum(1)
        return pts_res[rank_r] + pts_money[rank_m]

    def _worth(self, c: dict, res: np.ndarray, money: np.ndarray) -> np.ndarray:
        """float[B, X]: worth of holding ``res`` (float[B, X, 6]) and ``money`` (float[B, X])."""
        return self._resource_worth(c, res).sum(2) + self._money_worth(c, res.sum(2), money)

    def _resource_worth(self, c: dict, res: np.ndarray) -> np.ndarray:
        """float[B, X, 6]: each resource's part of the worth (the target's needs, then spares)."""
        used = np.minimum(res, c["need_res"][:, None])
        return c["need_price"][:, None, None] * used + c["spare"][:, None, None] * (res - used)

    def _money_worth(self, c: dict, total_res: np.ndarray, money: np.ndarray) -> np.ndarray:
        """float[B, X]: the Fiorini's part of the worth, and in round 5 the majorities (which need the
        resources' total)."""
        used = np.minimum(money, c["need_money"][:, None])
        w = c["need_money_price"][:, None] * used + c["money_price"][:, None] * (money - used)
        on = c["maj_on"]
        if on.any():
            w = w + np.where(on[:, None], self.majority_weight * self._majority(c, total_res, money), 0.0)
        return w

    def _worth_steps(self, c: dict) -> None:
        """The worth now, and per resource the change of giving 2 or 1 or taking 1 (trades move
        resources by these steps only): ``res_steps`` float[B, 6, 4] for steps -2, -1, 0, +1."""
        o = c["o"]
        res = o["res"][:, None, :] + TRADE_STEPS[None, :, None]  # [B, 4, 6]
        part = self._resource_worth(c, res)
        c["res_steps"] = (part - part[:, 2:3]).transpose(0, 2, 1)
        c["money_worth0"] = self._money_worth(c, o["res"].sum(1)[:, None], o["money"][:, None])[:, 0]
        c["W0"] = part[:, 2].sum(1) + c["money_worth0"]

    # ------------------------------------------------------------------ acting

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        mask = np.asarray(mask, bool)
        if mask.shape[0] == 0:
            return np.zeros(0, np.int64)
        return self.scores(obs, mask).argmax(1)

    def scores(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """float[B, A]: the worth of every action (-inf: illegal; UNSCORED: legal, no rule)."""
        mask = np.asarray(mask, bool)
        obs = np.asarray(obs)
        scores = np.full(mask.shape, UNSCORED)
        o = self._read(obs)
        c = self._context(o)
        phase = o["phase"]
        handlers = {
            PH_ACTION: self._action,
            PH_HIRE: self._hire,
            PH_EXCHANGE_GIVE_1: self._exchange_give_1,
            PH_EXCHANGE_GIVE_2: self._exchange_give_2,
            PH_EXCHANGE_TAKE: self._take,
            PH_BARTER_GIVE: self._barter_give,
            PH_BARTER_TAKE: self._take,
            PH_KEEP: self._keep,
            PH_CAPTAIN_CHOICE: self._take,
            PH_MERCHANT_CHOICE: self._take,
        }
        for ph, handler in handlers.items():
            rows = np.flatnonzero(phase == ph)
            if rows.size:
                sub = self._sub(c, rows)
                scores[rows] = handler(sub, scores[rows], mask[rows])
        return np.where(mask, scores, -np.inf)

    def _sub(self, c: dict, rows: np.ndarray) -> dict:
        """The context restricted to ``rows`` (every per-row array sliced)."""
        B = c["o"]["B"]

        def cut(v):
            if isinstance(v, dict):
                return {k: cut(x) for k, x in v.items()}
            if isinstance(v, np.ndarray) and v.ndim >= 1 and v.shape[0] == B:
                return v[rows]
            return v

        out = cut(c)
        out["o"]["B"] = rows.size
        return out

    def _trade_values(self, c: dict, delta_res: np.ndarray, delta_money) -> np.ndarray:
        """float[B, X]: W after adding ``delta_res`` (float[X, 6], steps -2..+1) and ``delta_money``
        (float[X]) minus W now: the resources' parts are looked up, the money's computed."""
        o = c["o"]
        steps = c["res_steps"][:, np.arange(NR)[None, :], delta_res.astype(np.int64) + 2].sum(2)  # [B, X]
        total = o["res"].sum(1)[:, None] + delta_res.sum(1)[None]
        money = o["money"][:, None] + np.asarray(delta_money, np.float64)[None]
        return steps + self._money_worth(c, total, money) - c["money_worth0"][:, None]

    def _action(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        o, ids, t = c["o"], self.ids, self.t
        B, K, M = o["B"], self.K, self.M
        eye = np.eye(NR)
        # play a card / complete a monument: its points (hire within budget) and what it spends
        res_after = o["res"][:, None] - self.cost_res[None]
        money_after = o["money"][:, None] - c["play_money"]
        play = (
            c["play_points"] + self._worth(c, np.maximum(res_after, 0), np.maximum(money_after, 0)) - c["W0"][:, None]
        )
        scores[:, ids.play : ids.play + K] = play[:, :K]
        scores[:, ids.complete : ids.complete + M] = play[:, K:]
        # the market, workers and single-resource locations
        single = self._trade_values(
            c,
            np.concatenate([eye, -eye, -eye, eye, np.zeros((1, NR))]),
            np.concatenate([np.zeros(NR), np.full(NR, t.location_sell_price), np.full(NR, t.market_sell_price),
                            np.full(NR, -t.market_buy_price), [t.workers_money]]),
        )  # fmt: skip
        gain, loc_sell, m_sell, m_buy, workers = (single[:, :6], single[:, 6:12], single[:, 12:18], single[:, 18:24],
                                                  single[:, 24])  # fmt: skip
        scores[:, ids.sell : ids.sell + NR] = m_sell
        scores[:, ids.buy : ids.buy + NR] = m_buy
        scores[:, ids.workers] = workers
        barter = self._barter_table(c)  # [B, 6 give, 6 take]
        exchange = self._exchange_table(c)  # [B, 21 pairs, 6 take]
        for loc in range(self.L):
            effect = t.loc_effect[loc]
            if effect == L_GAIN:
                value = gain[:, t.loc_res[loc]]
            elif effect == L_SELL:
                value = loc_sell[:, t.loc_res[loc]]
            elif effect == L_BARTER:
                value = barter.reshape(B, -1).max(1)
            else:
                value = self._captain_value(c)
            scores[:, ids.location + loc] = value
        scores[:, ids.exchange] = exchange.reshape(B, -1).max(1)
        # inspiration: a card is worth drawing while there are actions left to play it
        insp = np.asarray(self.inspiration)[o["round"] - 1]
        scores[:, ids.inspiration] = np.where(c["left_round"] >= 2, insp, 0.3 * insp * (o["round"] < t.rounds))
        scores[:, ids.reserve_monument : ids.reserve_monument + M] = self._reserve_monument_values(c)
        scores[:, ids.reserve_artist : ids.reserve_artist + self.AK] = self._reserve_artist_values(c)
        scores[:, ids.pass_] = 0.0
        return scores

    def _barter_table(self, c: dict) -> np.ndarray:
        """float[B, 6, 6]: gain in W of giving resource g for another t (-inf: impossible)."""
        o = c["o"]
        B = o["B"]
        v = self._trade_values(c, self.barter_delta, np.zeros(NR * NR)).reshape(B, NR, NR)
        ok = (o["res"][:, :, None] >= 1) & (o["supply"][:, None, :] >= 1) & ~np.eye(NR, dtype=bool)[None]
        return np.where(ok, v, -np.inf)

    def _exchange_table(self, c: dict) -> np.ndarray:
        """float[B, 21, 6]: gain in W of giving a pair of resources for one (-inf: impossible)."""
        o = c["o"]
        B = o["B"]
        v = self._trade_values(c, self.exch_delta, np.zeros(len(self.exch_delta))).reshape(B, len(self.pairs), NR)
        a, b = self.pairs[:, 0], self.pairs[:, 1]
        res = o["res"]
        held = np.where(a == b, res[:, a] >= 2, (res[:, a] >= 1) & (res[:, b] >= 1))  # [B, 21]
        supply_after = o["supply"][:, None, :] + np.eye(NR)[a][None] + np.eye(NR)[b][None]
        return np.where(held[:, :, None] & (supply_after >= 1), v, -np.inf)

    def _captain_value(self, c: dict) -> np.ndarray:
        """float[B]: taking the New Captain card. Round 5: the final Captain point, unless I would
        be the next Captain anyway (then only keeping a rival from it); before: first choice next round."""
        o, t = c["o"], self.t
        next_is_me = (o["captain"] + 1) % self.P == 0
        last = o["round"] >= t.rounds
        final = np.where(next_is_me, 0.5, 1.0) * t.captain_pp
        return np.where(last, final, self.captain_early)

    def _reserve_monument_values(self, c: dict) -> np.ndarray:
        """float[B, M]: reserve a row monument it cannot finish this round but can later, when it would
        otherwise be discarded; at most one open reservation, never in the last round."""
        o = c["o"]
        eff = c["eff_reserve"]
        # only one open reservation, and never a monument it could complete this round
        ok = (o["reserved_mon"].sum(1) == 0)[:, None] & (eff > c["spare"][:, None])
        # the round's last action, for a monument not among the two the row keeps (it would be
        # discarded now); one that stays could be taken by a rival, but reserving it did not pay
        ok &= (c["left_round"] <= 1)[:, None] & ~c["kept"]
        return np.where(ok, self.reserve_monument_share * np.where(ok, eff, 0.0), UNSCORED)

    def _reserve_artist_values(self, c: dict) -> np.ndarray:
        """float[B, AK]: reserve a strong artist on the round's last action, for artworks of later
        rounds: chance of use x (gain over a typical hire) - chance of no use x its value."""
        o, t = c["o"], self.t
        later_rounds = np.maximum(0, t.rounds - o["round"])
        of_type = np.stack([o["reserved_art"][:, self.kinds_of_type[x]].sum(1) for x in range(NUM_TYPES)], 1)
        p_use = np.minimum(0.9, self.reserve_artist_use * later_rounds)[:, None] / (1 + of_type[:, t.art_type])
        money_price = c["money_price"][:, None]
        net = self.art_value[None] - money_price * t.art_cost[None]
        typical = self.type_value[t.art_type][None] - money_price * self.type_cost[t.art_type][None]
        value = p_use * (net - typical) - (1 - p_use) * self.art_value[None]
        ok = (c["left_round"] <= 1)[:, None] & (later_rounds > 0)[:, None]
        return np.where(ok & (value > 0), value, UNSCORED)

    def _hire(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        o, t, ids = c["o"], self.t, self.ids
        AK = self.AK
        discount = c["art_discount"][:, None]
        cost = np.maximum(0.0, t.art_cost[None] - discount)  # [B, AK]
        anon_cost = np.maximum(0.0, t.anon_cost[None] - discount)  # [B, 3]
        bonus = c["patron_bonus"]  # [B, 3]
        money = o["money"]

        def money_loss(cost_):  # [B, X] -> W(money - cost) - W
            res = np.broadcast_to(o["res"][:, None], cost_.shape + (NR,))
            return self._worth(c, res, np.maximum(money[:, None] - cost_, 0)) - c["W0"][:, None]

        value = self.art_value[None] + bonus[:, t.art_type]
        scores[:, ids.hire_table : ids.hire_table + AK] = value + money_loss(cost)
        # a reserved artist also avoids its penalty
        avoided = self.art_value[None] * c["penalty_share"][:, None]
        scores[:, ids.hire_reserved : ids.hire_reserved + AK] = value + avoided + money_loss(cost)
        scores[:, ids.hire_anonymous : ids.hire_anonymous + NUM_TYPES] = t.anon_value[None] + money_loss(anon_cost)
        return scores

    def _exchange_give_1(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        table = self._exchange_table(c).max(2)  # [B, 21]: best take per pair
        a = self.pairs[:, 0]
        best = np.full((c["o"]["B"], NR), -np.inf)
        for r in range(NR):
            best[:, r] = np.where(a == r, table, -np.inf).max(1)
        scores[:, self.ids.resource : self.ids.resource + NR] = best
        return scores

    def _exchange_give_2(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        # W of giving r now and taking the best resource back (the supply holds what was given)
        o = c["o"]
        v = self._trade_values(c, (np.eye(NR)[None] - np.eye(NR)[:, None]).reshape(-1, NR), np.zeros(NR * NR))
        v = v.reshape(o["B"], NR, NR)
        supply_after = o["supply"][:, None, :] + np.eye(NR)[None]
        v = np.where(supply_after >= 1, v, -np.inf)
        scores[:, self.ids.resource : self.ids.resource + NR] = v.max(2)
        return scores

    def _barter_give(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        scores[:, self.ids.resource : self.ids.resource + NR] = self._barter_table(c).max(2)
        return scores

    def _take(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Take one resource (exchange, barter, the Captain's and the Merchants' choice): the most useful."""
        o = c["o"]
        gain = self._trade_values(c, np.eye(NR), np.zeros(NR))
        # ties: the scarcer resource in the supply
        scores[:, self.ids.resource : self.ids.resource + NR] = gain - 1e-4 * o["supply"]
        return scores

    def _keep(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Keep the card with the best worth next round: its points less its costs at the spare prices."""
        K = self.K
        keep = c["points"][:, :K] - c["spare"][:, None] * self.cost_res[:K].sum(1)[None]
        keep = keep - c["money_price"][:, None] * self.cost_money[None, :K]
        # a card it could not play anyway (a second Preacher, one already in play) is worth nothing
        keep = np.where(c["avail"][:, :K], keep, -100.0)
        scores[:, self.ids.keep : self.ids.keep + K] = keep
        return scores
