"""Florenza: The Card Game's per-action features (issue 30; the contract is
:meth:`~florentine_envs.core.game.Game.action_features`): for each action (318 with the packaged
data), what it names and what it would do for the seat deciding, as far as that seat can know it.

What it names: the action's kind (its group of ids; the ``resource_*`` ids by the decision they
answer: a resource given, taken, or the Captain's choice), the Florenza card (class, printed
prestige, cost per resource and in Fiorini, artist types, the Bottega d'Arte / Edificatore
discounts) or monument (prestige, costs, artist types) it plays, keeps, completes or reserves,
and the artist it reserves or hires (type, fee after discount, the expected and the highest value
of its copies still face down).

What it would do: resources and Fiorini the seat pays and gains at this decision, the prestige
it banks (printed prestige, the district set and the guild bonuses it completes, the penalty of
a reserved monument taken on or lifted), the artist points it expects (the mean of the values
still face down: the component list is public, the rulebook's Giambologna example), the change
in its resource and Fiorini majorities if the game were scored on the holdings it leaves, what
a card's engine brings over the rest of the game (incomes, extra actions, extra draws), what the
card or monument named still lacks (resources, Fiorini with the cheapest artist), and what the
new holdings do to the seat's other projects (the cards it may play from its hand, the monuments
in the row or reserved by it): how many become payable or stop being payable, how many come
closer (fewer resources lacking) or move away, with the highest prestige among them.

The plan (the ``plan_*`` features): for each such project, the actions it still needs (one to
play it, one per resource lacking, one per 200 Fiorini lacking: a location's sale, the most one
action brings; a resource no face-up location gives is bought at the market) and its rate, the
points it brings (its sure score and best expected hire) per action still needed. A project fits
in this round when its actions fit in the seat's actions left (its four and its cards' extra
ones); a monument that the row keeps at the round's end or that the seat reserved may wait for a
later round, counted with the next round's base income. Per action: the best rate of each
horizon, the best rate among the projects the action brings closer (fewer actions needed) and
among those it sets back, the fewest actions left to a project it advances, and the most points
the seat can still finish this round after it. Facts only: how the heuristic weighs them
(engine worth, discounts for later rounds, the price of spares) is left to the network.

Nothing the seat cannot see enters: its own hand, the public table (row, artists on the table
by kind, reservations, supply, every player's resources and Fiorini, DESIGN_NOTES 20), the
values of hired artists (public once hired) and the printed component lists. Everything is
vectorised over the batch and the actions (loops run over resources and artist types only) in
integers until the last division, so a game has the same features alone and in a batch; the
caller (``Game.action_features``) zeroes the rows of actions that are not legal.

Scales (from the data): Fiorini / the largest printed Fiorini amount (300), prestige / the
largest printed prestige (19), artist values / the largest artist value (7), points / 10,
resources as counts, project counts / 5.
"""

from __future__ import annotations

import functools

import numpy as np

from .constants import (
    ACTION_PHASES,
    BASE_ACTIONS,
    DONE,
    IN_ROW,
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
    PH_MERCHANT_CHOICE,
    RESERVED,
)
from .data import (
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
from .schema import CLASSES
from .scoring import GUILD_POINTS
from .state import FlorenzaCardsState

#: the action kinds (groups of action ids), in the order of their one-hot; PASS has none (it is
#: legal only when nothing else is, so the engine always plays it itself)
ACTION_KINDS = (
    "play", "complete", "reserve_monument", "reserve_artist", "location_gain", "location_sell", "barter",
    "new_captain", "workers", "market_sell", "market_buy", "market_exchange", "inspiration", "hire_table",
    "hire_reserved", "hire_anonymous", "give_resource", "take_resource", "captain_resource", "keep",
)  # fmt: skip
_KIND_DOCS = {
    "play": "play a Florenza card from the hand (PLAY; an artwork opens the hire of its artist)",
    "complete": "complete a monument of the row or reserved by the player (COMPLETE; its artist is hired next)",
    "reserve_monument": "reserve a monument of the row (RESERVE_MONUMENT)",
    "reserve_artist": "reserve an artist from the table, face down (RESERVE_ARTIST)",
    "location_gain": "activate a location that gives a resource (Picconiere, Boscaiuolo, ...)",
    "location_sell": "activate a location that buys a resource for Fiorini (Scarpellino, Orafo, ...)",
    "barter": "activate the Baratto (one resource for another, chosen next)",
    "new_captain": "take the New Captain card",
    "workers": "send out workers (Fiorini from the supply)",
    "market_sell": "sell a resource at the market",
    "market_buy": "buy a resource at the market",
    "market_exchange": "exchange two resources for one at the market (chosen next)",
    "inspiration": "search for inspiration (draw the top Florenza card)",
    "hire_table": "hire an artist from the table for the pending artwork or monument",
    "hire_reserved": "hire an artist the player reserved for the pending artwork or monument",
    "hire_anonymous": "hire an anonymous artist (value 0) for the pending artwork or monument",
    "give_resource": "give a resource (the market exchange's two, the Baratto's one)",
    "take_resource": "take a resource from the supply (the exchange's or Baratto's take, Arte dei Mercatanti)",
    "captain_resource": "choose, as Captain, the resource every player receives with the income",
    "keep": "keep a card of the hand for the next round (the rest is discarded)",
}
_CLASS_DOCS = {
    "residence": "Residence (purple: extra action and card, income)",
    "workshop": "Workshop (yellow: income)",
    "guild": "Guild (orange)",
    "district_church": "District Church (blue: an artwork)",
    "district_building": "District Building (grey)",
    "family_palace": "Family Palace (green: an artwork)",
    "preacher": "Preacher (brown: extra action)",
}
# the district set of the scoring (SPEC §8), in this order
SET_CLASSES = ("family_palace", "district_church", "district_building")
BIG = 1 << 40  # no artist can be hired (masks.BIG)
POINTS = 10.0  # points are divided by this
PROJECTS = 5.0  # project counts are divided by this
LACK = 5.0  # resources lacking are divided by this
# unit patterns of the resource-moving actions: (resource step, Fiorini by name); index kind * 6 + r
U_GAIN, U_LOC_SELL, U_MARKET_SELL, U_BUY, U_GIVE, U_TAKE = range(6)
STEPS = 5.0  # actions (plan steps) are divided by this
RATE = 10.0  # points per action are divided by this
PLAN_STATS = (
    "plan_advanced_rate_round", "plan_advanced_rate_later", "plan_advanced_steps", "plan_setback_rate_round",
    "plan_setback_rate_later", "plan_doable_best",
)  # fmt: skip
PROJECT_STATS = (
    "unlocked_projects", "unlocked_best_prestige", "locked_projects", "locked_best_prestige", "helped_projects",
    "helped_best_prestige", "hurt_projects",
)  # fmt: skip


class FlorenzaFeatures:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: ``action_feature_fields``,
    ``action_feature_docs`` and ``_action_features`` (reads the tables of :class:`~.data.Tables`
    and the hire costs of :meth:`MaskMixin._cheapest <.masks.MaskMixin._cheapest>`)."""

    # ------------------------------------------------------------------ declaration

    @functools.cached_property
    def _feature_scales(self) -> dict[str, float]:
        """The units the features are divided by, from the data."""
        t = self.t
        money = [t.card_cost_money.max(), t.mon_cost_money.max(), t.art_cost.max(), t.anon_cost.max(),
                 t.location_sell_price, t.market_sell_price, t.market_buy_price, t.workers_money, 1]  # fmt: skip
        values = np.concatenate([t.copy_value, t.anon_value])
        return {
            "money": float(max(money)),
            "prestige": float(max(int(t.card_prestige.max()), int(t.mon_prestige.max()), 1)),
            "value": float(max(int(np.abs(values).max()), 1)),
        }

    @functools.cached_property
    def _feature_specs(self) -> list[tuple[str, float, float, str]]:
        """``(name, low, high, doc)`` of every feature, in order; bounds from the data tables."""
        t, S = self.t, self._feature_scales
        FS, PS, VS = S["money"], S["prestige"], S["value"]
        specs: list[tuple[str, float, float, str]] = []

        def add(name, low, high, doc):
            specs.append((name, float(min(low, 0.0)), float(max(high, 0.0)), doc))

        for kind in ACTION_KINDS:
            add(f"kind_{kind}", 0, 1, f"1: the action is to {_KIND_DOCS[kind]}")
        for cls in CLASSES:
            add(f"class_{cls}", 0, 1, f"1: the card played or kept is a {_CLASS_DOCS.get(cls, cls)} (as printed)")
        prestige = np.concatenate([t.card_prestige, t.mon_prestige])
        add("prestige", prestige.min() / PS, prestige.max() / PS,
            f"printed prestige of the card played or kept, or of the monument completed or reserved / {PS:g}")
        for r, res in enumerate(t.resource_names):
            high = max(int(t.card_cost_res[:, r].max()), int(t.mon_cost_res[:, r].max()))
            add(f"cost_{res}", 0, high, f"{res} in the printed cost of the card or monument named (count)")
        add("cost_money", 0, max(t.card_cost_money.max(), t.mon_cost_money.max()) / FS,
            f"Fiorini in the printed cost of the card or monument named / {FS:g} (before the Edificatore discount)")
        for name in t.type_names:
            add(f"artist_{name}", 0, 1, f"1: the card or monument named may take an artist of type {name}, or the "
                "artist reserved or hired is one")  # fmt: skip
        fee = max(int(t.art_cost.max()), int(t.anon_cost.max()))
        add("artist_fee", 0, fee / FS,
            f"Fiorini to hire: the artist reserved or hired (the Bottega d'Arte discount applied); for a card or "
            f"monument named, the cheapest artist of its types on offer now (table, own reservations, anonymous) "
            f"/ {FS:g}")
        add("artist_on_offer", 0, 1, "1: the card or monument named needs an artist and one of its types is on offer "
            "now (table, own reservations, anonymous)")  # fmt: skip
        vlow, vhigh = min(int(t.copy_value.min()), int(t.anon_value.min()), 0), max(int(t.copy_value.max()), 0)
        add("artist_value_expected", vlow / VS, vhigh / VS,
            f"the artist reserved or hired: mean value of its kind's copies still face down (every copy not yet "
            f"hired; anonymous: its printed value) / {VS:g}")
        add("artist_value_max", vlow / VS, vhigh / VS,
            f"the artist reserved or hired: the highest value among its kind's copies still face down / {VS:g}")
        add("artist_discount", 0, 1, "1: the card named is the Bottega d'Arte (50 Fiorini off every hire)")
        add("monument_discount", 0, 1, "1: the card named is the Edificatore (50 Fiorini off every monument)")
        inc_res = int(t.card_income_res.sum(1).max()) + 1  # + Arte dei Mercatanti's resource
        add("income_resources_left", 0, inc_res * t.rounds,
            "resources the card played or kept will bring as income over the incomes still to come (printed "
            "income per round, Arte dei Mercatanti's choice counted as 1; this round's end counts for a card "
            "played now)")
        add("income_money_left", 0, int(t.card_income_money.max()) * t.rounds / FS,
            f"Fiorini the card played or kept will bring as income over the incomes still to come / {FS:g}")
        add("extra_actions_left", 0, t.rounds,
            "extra actions the card played or kept gives over the rest of the game (a Residence's or Preacher's "
            "slot this round when it is still to come, then one a round)")
        add("extra_draws_left", 0, int(t.card_draws.max()) * t.rounds,
            "extra Florenza cards the card played or kept draws over the round starts still to come")
        for r, res in enumerate(t.resource_names):
            low = max(int(t.card_cost_res[:, r].max()), int(t.mon_cost_res[:, r].max()), 1)
            add(f"res_delta_{res}", -low, max(1, t.gain_amount),
                f"change of the player's {res} at this decision (cost paid, resource gained, sold, bought, given "
                f"or taken)")
        money_out = max(t.card_cost_money.max(), t.mon_cost_money.max(), t.art_cost.max(), t.anon_cost.max(),
                        t.market_buy_price)  # fmt: skip
        money_in = max(t.location_sell_price, t.market_sell_price, t.workers_money)
        add("money_delta", -money_out / FS, money_in / FS,
            f"change of the player's Fiorini at this decision (a card's or monument's cost, Edificatore counted; an "
            f"artist's fee; a sale; a purchase; the workers) / {FS:g}")
        low, high = self._points_bounds
        add("points_banked", low / POINTS, high / POINTS,
            f"change of the player's sure score (cards, monuments, district sets, guilds, reserved monuments' "
            f"penalty) this decision brings about: a card or monument counted as placed (its artist follows), a "
            f"reservation's penalty, Mastro Artista's set for a hire / {POINTS:g}")
        add("artist_points_expected", -vhigh / VS, 2 * vhigh / VS,
            f"expected change of the player's artist points: a hire adds the artist's expected value (twice for "
            f"an artist he reserved: its penalty is lifted too), a reservation subtracts it; a card or monument "
            f"played: the best of the hires it opens that he can pay / {VS:g}")
        maj = max(max(t.majority_res), 0) + max(max(t.majority_money), 0)
        add("majority_points_change", -maj / 4, maj / 4,
            "change of the player's resource and Fiorini majority points (4/2/1) if the game were scored on the "
            "holdings this decision leaves (everyone else's as now) / 4")
        costs = np.concatenate([t.card_cost_res.sum(1), t.mon_cost_res.sum(1)])
        add("own_lack_resources", 0, costs.max() / LACK,
            f"resources the card or monument named still lacks from the player's holdings / {LACK:g}")
        add("own_lack_money", 0, (max(t.card_cost_money.max(), t.mon_cost_money.max()) + fee) / FS,
            f"Fiorini the card or monument named still lacks: its cost and the cheapest artist of its types on "
            f"offer (else an anonymous one's fee) minus the player's Fiorini / {FS:g}")
        J = (t.K + t.M) / PROJECTS
        where = ("of the player's other projects (hand cards he may play, monuments in the row or reserved by him), "
                 "with the holdings the action leaves (a card or monument with its cheapest artist) and the artists "
                 "on offer now")  # fmt: skip
        add("unlocked_projects", 0, J, f"projects he can pay after and not before, {where} / {PROJECTS:g}")
        add("unlocked_best_prestige", 0, 1, f"highest printed prestige among those unlocked / {PS:g}")
        add("locked_projects", 0, J, f"projects he can pay before and not after, {where} / {PROJECTS:g}")
        add("locked_best_prestige", 0, 1, f"highest printed prestige among those locked / {PS:g}")
        add("helped_projects", 0, J, f"projects lacking fewer resources after, {where} / {PROJECTS:g}")
        add("helped_best_prestige", 0, 1, f"highest printed prestige among those helped / {PS:g}")
        add("hurt_projects", 0, J, f"projects lacking more resources after, {where} / {PROJECTS:g}")
        # the plan: per project, the actions it still needs and the points it brings per action
        values = np.concatenate([t.copy_value[t.copy_kind == a] for a in range(t.AK)])
        add("artist_value_printed", min(int(values.min()), 0) / VS, max(int(values.max()), 0) / VS,
            f"the artist reserved or hired: mean value of all its kind's copies in the component list (anonymous: "
            f"its printed value) / {VS:g}")
        add("supply_left", 0, 1,
            f"resources of the kind the action takes from the supply (a location's gain, a purchase, a resource "
            f"taken or the Captain's choice) left there before it / {int(t.supply0.max())}")
        left = NUM_SLOTS
        add("actions_left_round", 0, left / STEPS,
            f"the player's own actions still to come this round after this decision's action (his four and the "
            f"extra actions of his cards in play; between rounds: next round's, 0 after the last) / {STEPS:g}")
        most_res = int(costs.max())
        most_money = max(t.card_cost_money.max(), t.mon_cost_money.max()) + fee + t.market_buy_price * most_res
        steps_high = 1 + most_res + int(np.ceil(most_money / max(t.location_sell_price, 1)))
        worth_high = high + 2 * vhigh  # the sure points of a work and its best hire (a reserved artist counts twice)
        rate = ("a project's rate: its points (the sure score it adds when placed, as points_banked, and the best "
                "expected artist points of a hire on offer for it) per action it still needs: one to play it, one per "
                "resource lacking (a location gives one), and one per "
                f"{t.location_sell_price} Fiorini lacking (a location's sale, the most one action brings), a resource "
                f"no face-up location gives counted at the market's {t.market_buy_price} Fiorini; his projects: the "
                "hand cards he may play and the monuments in the row or reserved by him that he cannot pay "
                "now")  # fmt: skip
        later = (f"a monument the row keeps at the round's end (the two most prestigious) or one he reserved, that "
                 f"does not fit in this round, its actions counted with the next round's base income "
                 f"({', '.join(f'{n} {x}' for n, x in zip(t.resource_names, t.income_base_res) if x)}, "
                 f"{t.income_base_money} Fiorini)")  # fmt: skip
        add("plan_best_rate_round", 0, worth_high / RATE, f"the highest rate of his projects before the decision "
            f"({rate}) among those whose actions fit in the actions he has left this round (the decision's own "
            f"action counted) / {RATE:g}")  # fmt: skip
        add("plan_best_rate_later", 0, worth_high / RATE,
            f"the highest rate of his projects before the decision among those for a later round: {later} / {RATE:g}")
        horizons = (("round", "of this round"), ("later", "for a later round"))

        def per_horizon(stat: str, verb: str) -> None:
            for h, which in horizons:
                add(f"plan_{stat}_rate_{h}", 0, worth_high / RATE, f"the highest rate (before) among the projects "
                    f"{which} whose actions still needed this decision {verb} / {RATE:g}")  # fmt: skip

        per_horizon("advanced", "lowers")
        add("plan_advanced_steps", 0, steps_high / STEPS,
            f"the fewest actions still needed after the decision among the projects it advances / {STEPS:g}")
        per_horizon("setback", "raises")
        add("plan_doable_best", 0, worth_high / RATE,
            f"the most points among his projects (not the work played) he can still finish this round after the "
            f"decision: actions needed within the actions left / {RATE:g}")
        return specs

    @functools.cached_property
    def _points_bounds(self) -> tuple[float, float]:
        """(low, high) of ``points_banked`` before scaling: a reservation's penalty; a card with the
        set and guild bonuses it can complete, a guild's own points, a monument with Protettore and
        its lifted penalty, Mastro Artista's set."""
        t = self.t
        kinds = lambda cls: int((getattr(t, f"is_{cls}") & (t.n > 0)).sum())  # noqa: E731
        sets = min(kinds(c) for c in SET_CLASSES)
        card = int(t.card_prestige.max()) + t.set_bonus + GUILD_POINTS[G_LORD] + 3
        units = {G_CRAFTSMEN: kinds("workshop"), G_LANDLORD: kinds("residence"), G_PROTECTOR: self.M,
                 G_PATRON: self.NA // 3, G_LORD: sets}  # fmt: skip
        guild = max(pts * units[e] for e, pts in GUILD_POINTS.items())
        mon = 2 * int(t.mon_prestige.max()) + GUILD_POINTS[G_PROTECTOR]
        high = max(card, guild, mon, GUILD_POINTS[G_PATRON])
        low = -int(max(t.mon_prestige.max(), 0)) - int(max(-t.card_prestige.min(), 0))
        return float(low), float(high)

    def action_feature_fields(self) -> dict[str, tuple[float, float]]:
        return {name: (low, high) for name, low, high, _ in self._feature_specs}

    def action_feature_docs(self) -> dict[str, str]:
        return {name: doc for name, _, _, doc in self._feature_specs}

    @functools.cached_property
    def _fi(self) -> dict[str, int]:
        """Feature name -> column."""
        return {name: i for i, (name, *_) in enumerate(self._feature_specs)}

    # ------------------------------------------------------------------ the static part

    @functools.cached_property
    def _feature_static(self) -> np.ndarray:
        """float32[A, F]: what does not depend on the position (kinds, printed attributes, fixed
        prices); the rest is written over it per position."""
        t, ids, fi = self.t, self.ids, self._fi
        K, M, AK, L = self.K, self.M, self.AK, self.L
        S = self._feature_scales
        FS, PS, VS = S["money"], S["prestige"], S["value"]
        out = np.zeros((self.num_actions, len(fi)), np.float64)
        play, keep = np.arange(K) + ids.play, np.arange(K) + ids.keep
        complete, reserve = np.arange(M) + ids.complete, np.arange(M) + ids.reserve_monument
        loc = np.arange(L) + ids.location
        R = np.arange(NUM_RESOURCES)
        out[play, fi["kind_play"]] = 1
        out[keep, fi["kind_keep"]] = 1
        out[complete, fi["kind_complete"]] = 1
        out[reserve, fi["kind_reserve_monument"]] = 1
        out[np.arange(AK) + ids.reserve_artist, fi["kind_reserve_artist"]] = 1
        for effect, kind in ((L_GAIN, "location_gain"), (L_SELL, "location_sell"), (L_BARTER, "barter"),
                             (L_CAPTAIN, "new_captain")):  # fmt: skip
            out[loc[t.loc_effect == effect], fi[f"kind_{kind}"]] = 1
        out[ids.workers, fi["kind_workers"]] = 1
        out[ids.sell + R, fi["kind_market_sell"]] = 1
        out[ids.buy + R, fi["kind_market_buy"]] = 1
        out[ids.exchange, fi["kind_market_exchange"]] = 1
        out[ids.inspiration, fi["kind_inspiration"]] = 1
        out[np.arange(AK) + ids.hire_table, fi["kind_hire_table"]] = 1
        out[np.arange(AK) + ids.hire_reserved, fi["kind_hire_reserved"]] = 1
        out[np.arange(NUM_TYPES) + ids.hire_anonymous, fi["kind_hire_anonymous"]] = 1
        # the card named (play, keep) and the monument named (complete, reserve): printed attributes
        works = ((t.card_prestige, t.card_cost_res, t.card_cost_money, t.card_types, (play, keep)),
                 (t.mon_prestige, t.mon_cost_res, t.mon_cost_money, t.mon_types, (complete, reserve)))  # fmt: skip
        for prestige, cost_res, cost_money, types, blocks in works:
            for cols in blocks:
                out[cols, fi["prestige"]] = prestige / PS
                for r, res in enumerate(t.resource_names):
                    out[cols, fi[f"cost_{res}"]] = cost_res[:, r]
                out[cols, fi["cost_money"]] = cost_money / FS
                for x, name in enumerate(t.type_names):
                    out[cols, fi[f"artist_{name}"]] = types[:, x]
        for cards in (play, keep):
            for cls in CLASSES:
                out[cards, fi[f"class_{cls}"]] = getattr(t, f"is_{cls}")
            out[cards, fi["artist_discount"]] = t.card_guild == G_ART_COLLEGE
            out[cards, fi["monument_discount"]] = t.card_guild == G_MASTER_BUILDER
        out[reserve, fi["points_banked"]] = -t.mon_prestige / POINTS  # its penalty counts from now on
        # the artist named
        for start in (ids.reserve_artist, ids.hire_table, ids.hire_reserved):
            for x, name in enumerate(t.type_names):
                out[np.arange(AK) + start, fi[f"artist_{name}"]] = t.art_type == x
        anon = np.arange(NUM_TYPES) + ids.hire_anonymous
        for x, name in enumerate(t.type_names):
            out[anon[x], fi[f"artist_{name}"]] = 1
        out[anon, fi["artist_value_expected"]] = t.anon_value / VS
        out[anon, fi["artist_value_max"]] = t.anon_value / VS
        out[anon, fi["artist_points_expected"]] = t.anon_value / VS
        out[anon, fi["artist_value_printed"]] = t.anon_value / VS
        printed = np.array([t.copy_value[t.copy_kind == a].mean() for a in range(AK)])  # the component list
        for start in (ids.reserve_artist, ids.hire_table, ids.hire_reserved):
            out[np.arange(AK) + start, fi["artist_value_printed"]] = printed / VS
        # fixed resource and Fiorini moves (the Edificatore's, the fees' and the resource ids' are per position)
        delta, money = self._fixed_deltas
        for r, res in enumerate(t.resource_names):
            out[:, fi[f"res_delta_{res}"]] = delta[:, r]
        out[:, fi["money_delta"]] = money / FS
        return out.astype(np.float32)

    @functools.cached_property
    def _fixed_deltas(self) -> tuple[np.ndarray, np.ndarray]:
        """(int64[A, 6] resources, int64[A] Fiorini) the seat's holdings change by at a decision,
        where that does not depend on the position (0 elsewhere: completions with the Edificatore,
        hires, the ``resource_*`` ids are set per position)."""
        t, ids, K, L = self.t, self.ids, self.K, self.L
        delta = np.zeros((self.num_actions, NUM_RESOURCES), np.int64)
        money = np.zeros(self.num_actions, np.int64)
        delta[ids.play : ids.play + K] = -t.card_cost_res
        money[ids.play : ids.play + K] = -t.card_cost_money
        delta[ids.complete : ids.complete + self.M] = -t.mon_cost_res
        eye = np.eye(NUM_RESOURCES, dtype=np.int64)
        for loc in range(L):
            r = t.loc_res[loc]
            if t.loc_effect[loc] == L_GAIN:
                delta[ids.location + loc] = t.gain_amount * eye[r]
            elif t.loc_effect[loc] == L_SELL:
                delta[ids.location + loc] = -eye[r]
                money[ids.location + loc] = t.location_sell_price
        money[ids.workers] = t.workers_money
        delta[ids.sell : ids.sell + NUM_RESOURCES] = -eye
        money[ids.sell : ids.sell + NUM_RESOURCES] = t.market_sell_price
        delta[ids.buy : ids.buy + NUM_RESOURCES] = eye
        money[ids.buy : ids.buy + NUM_RESOURCES] = -t.market_buy_price
        return delta, money

    @functools.cached_property
    def _unit_tables(self) -> dict[str, np.ndarray]:
        """The resource and Fiorini steps of the unit patterns (``U_*`` kind x resource) and the
        pattern of each action that moves one resource."""
        t, ids = self.t, self.ids
        steps = [(t.gain_amount, 0), (-1, t.location_sell_price), (-1, t.market_sell_price),
                 (1, -t.market_buy_price), (-1, 0), (1, 0)]  # fmt: skip
        step = np.repeat([x for x, _ in steps], NUM_RESOURCES).astype(np.int64)  # [36] the resource's step
        dm = np.repeat([m for _, m in steps], NUM_RESOURCES).astype(np.int64)  # [36]
        actions, patterns = [], []
        for loc in range(self.L):
            effect, r = t.loc_effect[loc], t.loc_res[loc]
            if effect in (L_GAIN, L_SELL):
                actions.append(ids.location + loc)
                patterns.append((U_GAIN if effect == L_GAIN else U_LOC_SELL) * NUM_RESOURCES + r)
        for r in range(NUM_RESOURCES):
            actions += [ids.sell + r, ids.buy + r]
            patterns += [U_MARKET_SELL * NUM_RESOURCES + r, U_BUY * NUM_RESOURCES + r]
        return {"step": step, "dm": dm, "actions": np.array(actions), "patterns": np.array(patterns)}

    # ------------------------------------------------------------------ per position

    def _action_features(self, st: FlorenzaCardsState, players: np.ndarray) -> np.ndarray:
        t, ids, fi = self.t, self.ids, self._fi
        K, M, AK = self.K, self.M, self.AK
        S = self._feature_scales
        FS, VS = S["money"], S["value"]
        B = st.batch_size
        rows = np.arange(B)
        p = np.asarray(players, np.int64)
        out = np.empty((B, self.num_actions, len(fi)), np.float32)
        out[...] = self._feature_static
        res = st.res[rows, p].astype(np.int64)  # [B, 6]
        money = st.money[rows, p].astype(np.int64)  # [B]
        in_play = st.in_play[rows, p]  # [B, K]
        art_disc = self._discount(st, rows, p, G_ART_COLLEGE).astype(np.int64)  # [B]
        mon_disc = self._discount(st, rows, p, G_MASTER_BUILDER).astype(np.int64)
        PLAY, KEEP = slice(ids.play, ids.play + K), slice(ids.keep, ids.keep + K)
        COMPLETE = slice(ids.complete, ids.complete + M)
        RESERVE = slice(ids.reserve_monument, ids.reserve_monument + M)
        RES = slice(ids.resource, ids.resource + NUM_RESOURCES)
        ANON = slice(ids.hire_anonymous, ids.hire_anonymous + NUM_TYPES)
        DELTA = slice(fi[f"res_delta_{t.resource_names[0]}"], fi[f"res_delta_{t.resource_names[0]}"] + NUM_RESOURCES)

        # ---- the resource ids: given, taken or the Captain's choice, by the decision they answer
        phase = st.phase.astype(np.int64)
        give = np.isin(phase, (PH_EXCHANGE_GIVE_1, PH_EXCHANGE_GIVE_2, PH_BARTER_GIVE))
        take = np.isin(phase, (PH_EXCHANGE_TAKE, PH_BARTER_TAKE, PH_MERCHANT_CHOICE))
        captain = phase == PH_CAPTAIN_CHOICE
        out[:, RES, fi["kind_give_resource"]] = give[:, None]
        out[:, RES, fi["kind_take_resource"]] = take[:, None]
        out[:, RES, fi["kind_captain_resource"]] = captain[:, None]
        step = np.where(give, -1, np.where(take | captain, 1, 0))  # [B]
        out[:, RES, DELTA] = step[:, None, None] * np.eye(NUM_RESOURCES, dtype=np.float32)
        # the holdings' change per action (int), for the majorities
        fixed_delta, fixed_money = self._fixed_deltas
        dres = np.repeat(fixed_delta.sum(1)[None], B, 0)  # [B, A] resources in total
        dres[:, RES] = np.where(captain, 0, step)[:, None]  # the Captain's choice: everybody gains one
        dmoney = np.repeat(fixed_money[None], B, 0)  # [B, A]

        # ---- artists: fees, expected and highest values of the copies still face down
        unrevealed = st.art_state != DONE  # [B, NA] hired copies are public, the others are not
        value = t.copy_value
        n_hidden = np.add.reduceat(unrevealed.astype(np.int64), t.abase, axis=1)  # [B, AK]
        s_hidden = np.add.reduceat(np.where(unrevealed, value, 0), t.abase, axis=1)
        expected = s_hidden / np.maximum(n_hidden, 1)  # [B, AK]
        highest = np.maximum.reduceat(np.where(unrevealed, value, -(1 << 20)), t.abase, axis=1)
        highest = np.where(n_hidden > 0, highest, 0)
        fee = np.maximum(0, t.art_cost[None] - art_disc[:, None])  # [B, AK]
        anon_fee = np.maximum(0, t.anon_cost[None] - art_disc[:, None])  # [B, 3]
        patron = self._has_guild(st, rows, p, G_PATRON)
        hired = st.hired_types[rows, p].astype(np.int64)  # [B, 3] artist cards hired per type
        sets_gain = np.stack([(hired + np.eye(NUM_TYPES, dtype=np.int64)[x]).min(1) for x in range(NUM_TYPES)], 1)
        sets_gain -= hired.min(1)[:, None]  # [B, 3] Mastro Artista sets one more artist of type x completes
        patron_pts = np.where(patron[:, None], GUILD_POINTS[G_PATRON] * sets_gain, 0)[:, t.art_type]  # [B, AK]
        for start, points in ((ids.reserve_artist, -1), (ids.hire_table, 1), (ids.hire_reserved, 2)):
            cols = slice(start, start + AK)
            out[:, cols, fi["artist_fee"]] = fee / FS
            out[:, cols, fi["artist_value_expected"]] = expected / VS
            out[:, cols, fi["artist_value_max"]] = highest / VS
            out[:, cols, fi["artist_points_expected"]] = points * expected / VS
            if start != ids.reserve_artist:
                out[:, cols, fi["money_delta"]] = -fee / FS
                out[:, cols, fi["points_banked"]] = patron_pts / POINTS
                dmoney[:, cols] = -fee
        out[:, ANON, fi["artist_fee"]] = anon_fee / FS
        out[:, ANON, fi["money_delta"]] = -anon_fee / FS
        dmoney[:, ANON] = -anon_fee

        # ---- projects: the K cards, then the M monuments
        tmask = self._work_tmask  # [J]
        cheap = self._cheapest(st, rows, p)  # [B, 8] least fee per set of types, BIG: none on offer
        fee_min = cheap[:, tmask]  # [B, J] (0 for a card without artist)
        needs = tmask > 0
        on_offer = needs[None] & (fee_min < BIG)
        mon_money = np.maximum(0, t.mon_cost_money[None] - mon_disc[:, None])  # [B, M]
        work_money = np.concatenate([np.broadcast_to(t.card_cost_money, (B, K)), mon_money], 1)  # [B, J]
        anon_min = self._anonymous_floor(art_disc)  # [B, 8]
        fee_need = np.where(needs[None], np.where(on_offer, fee_min, anon_min[:, tmask]), 0)
        need = self._work_cost_res[None] - res[:, None]  # [B, J, 6]
        lack_now = np.maximum(need, 0).sum(2)  # [B, J]
        money_lack = np.maximum(0, work_money + fee_need - money[:, None])
        offered_fee = np.where(on_offer, fee_min, 0)
        for cols, j in ((PLAY, slice(0, K)), (KEEP, slice(0, K)), (COMPLETE, slice(K, None)),
                        (RESERVE, slice(K, None))):  # fmt: skip
            out[:, cols, fi["artist_fee"]] = offered_fee[:, j] / FS
            out[:, cols, fi["artist_on_offer"]] = on_offer[:, j]
            out[:, cols, fi["own_lack_resources"]] = lack_now[:, j] / LACK
            out[:, cols, fi["own_lack_money"]] = money_lack[:, j] / FS
        out[:, COMPLETE, fi["money_delta"]] = -mon_money / FS
        dmoney[:, COMPLETE] = -mon_money

        # ---- points banked: a card or monument placed (a reservation's: static)
        card_pts, mon_pts = self._work_points(st, rows, p, in_play)
        out[:, PLAY, fi["points_banked"]] = card_pts / POINTS
        out[:, COMPLETE, fi["points_banked"]] = mon_pts / POINTS

        # ---- the engine of a card played now or kept for the next round
        self._engine_features(st, out, PLAY, KEEP)

        # ---- majorities on the holdings the decision leaves
        out[:, :, fi["majority_points_change"]] = self._majority_change(st, p, dres, dmoney) / 4

        # ---- the available projects: the best hire of a work played, the effects on the others
        avail = self._available_projects(st, rows, p, in_play)  # [B, J]
        Jc = max(int(avail.sum(1).max()), 1)
        order = np.argsort(~avail, axis=1, kind="stable")[:, :Jc]  # [B, Jc] the available first
        valid = np.take_along_axis(avail, order, 1)
        rv, cv = np.nonzero(valid)
        jv = order[rv, cv]
        act = np.where(jv < K, ids.play + jv, ids.complete + jv - K)  # the play / completion of each
        budget = money[:, None] - np.take_along_axis(work_money, order, 1)
        best = self._best_hire(st, rows, p, expected, fee, anon_fee, budget, tmask[order])  # [B, Jc]
        out[rv, act, fi["artist_points_expected"]] = best[rv, cv] / VS
        pay_money = work_money + np.where(needs[None], fee_min, 0)  # the mask's test (BIG: no artist)
        payable = (need <= 0).all(2) & (money[:, None] >= pay_money)
        base = {
            "need": np.take_along_axis(need, order[:, :, None], 1).astype(np.int32),
            "lack": np.take_along_axis(lack_now, order, 1).astype(np.int32),
            "payable": np.take_along_axis(payable, order, 1) & valid,
            "pay_money": np.take_along_axis(pay_money, order, 1), "prestige": self._work_prestige[order],
            "valid": valid, "money": money,
        }  # fmt: skip
        self._project_features(out, base, order, (rv, cv, act), np.take_along_axis(work_money + offered_fee, order, 1),
                               give, take | captain, fee, anon_fee)  # fmt: skip

        # ---- the supply of the resource an action takes
        supply = st.supply.astype(np.float64) / float(max(int(t.supply0.max()), 1))  # [B, 6]
        gain_locs = np.flatnonzero(t.loc_effect == L_GAIN)
        out[:, ids.location + gain_locs, fi["supply_left"]] = supply[:, t.loc_res[gain_locs]]
        out[:, ids.buy : ids.buy + NUM_RESOURCES, fi["supply_left"]] = supply
        out[:, RES, fi["supply_left"]] = np.where((take | captain)[:, None], supply, 0.0)

        # ---- the plan: actions each project still needs, before and after the decision
        any_budget = np.full(order.shape, BIG, np.int64)
        hire_any = self._best_hire(st, rows, p, expected, fee, anon_fee, any_budget, tmask[order])  # [B, Jc]
        sure = np.take_along_axis(np.concatenate([card_pts, mon_pts], 1), order, 1)
        plan = {
            "need": base["need"], "money": money, "valid": valid, "payable": base["payable"],
            "worth": np.maximum(sure + hire_any, 0.0),
            "spend": np.take_along_axis(work_money + fee_need, order, 1),
            "lasting": np.take_along_axis(self._lasting(st, rows, p), order, 1), "gain_up": self._gain_up(st),
            "order": order,
        }  # fmt: skip
        self._plan_features(st, out, plan, p, (rv, cv, act), give, take | captain, fee, anon_fee)
        return out

    def _gain_up(self, st: FlorenzaCardsState) -> np.ndarray:
        """int64[B, 6]: resources the face-up locations would give, per resource."""
        t = self.t
        gain = np.zeros((self.L, NUM_RESOURCES), np.int64)
        for loc in np.flatnonzero(t.loc_effect == L_GAIN):
            gain[loc, t.loc_res[loc]] = t.gain_amount
        return st.loc_up.astype(np.int64) @ gain

    def _lasting(self, st: FlorenzaCardsState, rows, p) -> np.ndarray:
        """bool[B, J]: the projects that can wait for a later round: monuments reserved by the seat,
        and the row's monuments it keeps at the round's end (its ``monuments_kept`` most prestigious,
        DESIGN_NOTES 5), except in the last round; never a hand card (only one is kept)."""
        t = self.t
        state, owner = st.mon_state[rows], st.mon_owner[rows]
        row = state == IN_ROW
        prestige = t.mon_prestige
        ahead = ((prestige[None, None] > prestige[None, :, None]) & row[:, None, :]).sum(2)  # [B, M]
        mons = ((state == RESERVED) & (owner == p[:, None])) | (row & (ahead < t.monuments_kept))
        mons &= (st.round[rows] < t.rounds)[:, None]
        return np.concatenate([np.zeros((rows.size, self.K), bool), mons], 1)

    def _actions_left(self, st: FlorenzaCardsState, p: np.ndarray) -> np.ndarray:
        """int64[B]: the seat's own actions still to come this round after the current decision's
        action (its four and its cards' extra slots); between rounds: the next round's (0 after the last)."""
        t = self.t
        rows = np.arange(st.batch_size)
        own = np.zeros((rows.size, NUM_SLOTS), bool)
        own[:, :BASE_ACTIONS] = True
        in_play = st.in_play[rows, p]
        for k in np.flatnonzero(t.card_slot >= 0):
            own[:, t.card_slot[k]] |= in_play[:, k]
        in_action = np.isin(st.phase, ACTION_PHASES)
        later = (own & (np.arange(NUM_SLOTS)[None] > st.slot.astype(np.int64)[:, None])).sum(1)
        between = np.where(st.round < t.rounds, own.sum(1), 0)
        return np.where(in_action, later, between)

    def _steps(self, need, money, spend, gain_up) -> np.ndarray:
        """int64[..., Jc]: the actions a project still needs (``need`` int[..., Jc, 6] its cost
        minus the holdings, ``money`` int[..., 1] the Fiorini held, ``spend`` its Fiorini with its
        artist): one to play, one per resource lacking, a resource no face-up location gives at the
        market's price, and one per location sale of the Fiorini lacking."""
        t = self.t
        lack = np.maximum(need, 0)
        buys = np.maximum(lack - gain_up, 0).sum(-1)
        short = np.maximum(spend + t.market_buy_price * buys - money, 0)
        sale = max(int(t.location_sell_price), 1)
        return 1 + lack.sum(-1) + (short + sale - 1) // sale

    def _plan_features(self, st, out, plan, p, where, give, take, fee, anon_fee) -> None:
        """The ``plan_*`` features and ``actions_left_round``: each project's actions still needed
        (:meth:`_steps`) before and after the holdings change of each action (``where``: the rows,
        packed columns and action ids of the cards and monuments that may be played)."""
        t, ids, fi = self.t, self.ids, self._fi
        AK = self.AK
        B, Jc = plan["order"].shape
        rows = np.arange(B)
        rest = self._actions_left(st, p)  # [B] after the decision's action
        out[:, :, fi["actions_left_round"]] = (rest / STEPS)[:, None]
        need, money, spend, gain_up = plan["need"], plan["money"], plan["spend"], plan["gain_up"][:, None]
        inc_res, inc_money = t.income_base_res.astype(np.int64), int(t.income_base_money)
        steps0 = self._steps(need, money[:, None], spend, gain_up)  # [B, Jc]
        steps0_l = self._steps(need - inc_res, money[:, None] + inc_money, spend, gain_up)
        fits = steps0 <= (rest + (st.phase == PH_ACTION))[:, None]  # the decision's action counted
        base = plan["valid"] & ~plan["payable"]
        now, later = base & fits, base & ~fits & plan["lasting"]
        rate_now = np.where(now, plan["worth"] / steps0, 0.0)  # [B, Jc]
        rate_later = np.where(later, plan["worth"] / steps0_l, 0.0)
        out[:, :, fi["plan_best_rate_round"]] = (rate_now.max(1, initial=0.0) / RATE)[:, None]
        out[:, :, fi["plan_best_rate_later"]] = (rate_later.max(1, initial=0.0) / RATE)[:, None]

        def stats(need_after, money_after, gone):  # -> float32[B, X, len(PLAN_STATS)]
            X = need_after.shape[1]
            ma = money_after[:, :, None]
            steps1 = self._steps(need_after, ma, spend[:, None], gain_up[:, None])  # [B, X, Jc]
            steps1_l = self._steps(need_after - inc_res, ma + inc_money, spend[:, None], gain_up[:, None])
            keep = plan["valid"][:, None] if gone is None else plan["valid"][:, None] & ~gone
            res = np.zeros((B, X, len(PLAN_STATS)), np.float32)
            adv = np.zeros((B, X, Jc), bool)
            for i, (cand, rate, s0, s1) in enumerate(((now, rate_now, steps0, steps1),
                                                      (later, rate_later, steps0_l, steps1_l))):  # fmt: skip
                ok = cand[:, None] & keep
                up, down = ok & (s1 < s0[:, None]), ok & (s1 > s0[:, None])
                res[..., i] = np.where(up, rate[:, None], 0.0).max(2) / RATE
                res[..., 3 + i] = np.where(down, rate[:, None], 0.0).max(2) / RATE
                adv |= up
            res[..., 2] = np.where(adv.any(2), np.where(adv, steps1, 1 << 20).min(2), 0) / STEPS
            doable = keep & (steps1 <= rest[:, None, None])
            res[..., 5] = np.where(doable, plan["worth"][:, None], 0.0).max(2) / RATE
            return res

        f0 = fi[PLAN_STATS[0]]
        cols = slice(f0, f0 + len(PLAN_STATS))
        # holdings unchanged (reservations, inspiration, the New Captain, the Baratto and the exchange
        # before their choices, keep)
        out[:, :, cols] = stats(need[:, None], money[:, None], None)
        # cards and monuments played: their resources and Fiorini with the cheapest artist; gone after
        cost = self._work_cost_res[plan["order"]].astype(np.int64)  # [B, Jc, 6]
        need_after = need[:, None] + cost[:, :, None]  # [B, X = Jc, Jc, 6]
        preacher = np.concatenate([t.is_preacher, np.zeros(self.M, bool)])[plan["order"]]
        gone = np.eye(Jc, dtype=bool)[None] | (preacher[:, :, None] & preacher[:, None, :])
        res = stats(need_after, money[:, None] - spend, gone)
        rv, cv, act = where
        out[rv, act, cols] = res[rv, cv]
        # one resource moved (locations, the market, the resource ids)
        u = self._unit_tables
        delta = u["step"][:, None] * np.eye(NUM_RESOURCES, dtype=np.int64)[np.arange(u["step"].size) % NUM_RESOURCES]
        res = stats(need[:, None] - delta[None, :, None], money[:, None] + u["dm"][None], None)  # [B, 36, 5]
        out[:, u["actions"], cols] = res[:, u["patterns"]]
        pattern = np.where(give, U_GIVE, U_TAKE)[:, None] * NUM_RESOURCES + np.arange(NUM_RESOURCES)  # [B, 6]
        RES = slice(ids.resource, ids.resource + NUM_RESOURCES)
        out[:, RES, cols] = np.where((give | take)[:, None, None], res[rows[:, None], pattern], out[:, RES, cols])
        # Fiorini only: the workers, the hires
        dm = np.concatenate([np.full((B, 1), t.workers_money), -fee, -anon_fee], 1)  # [B, 1 + AK + 3]
        res = stats(np.broadcast_to(need[:, None], (B, dm.shape[1]) + need.shape[1:]), money[:, None] + dm, None)
        out[:, ids.workers, cols] = res[:, 0]
        out[:, ids.hire_table : ids.hire_table + AK, cols] = res[:, 1 : 1 + AK]
        out[:, ids.hire_reserved : ids.hire_reserved + AK, cols] = res[:, 1 : 1 + AK]
        out[:, ids.hire_anonymous : ids.hire_anonymous + NUM_TYPES, cols] = res[:, 1 + AK :]

    @functools.cached_property
    def _work_tmask(self) -> np.ndarray:
        """int64[J]: the artist types of the K cards, then the M monuments, as bit sets (0: none)."""
        return np.concatenate([self.card_tmask, self.mon_tmask])

    @functools.cached_property
    def _work_cost_res(self) -> np.ndarray:
        """int64[J, 6]: the printed resource costs of the K cards, then the M monuments."""
        return np.concatenate([self.t.card_cost_res, self.t.mon_cost_res])

    @functools.cached_property
    def _work_prestige(self) -> np.ndarray:
        """int64[J]: the printed prestige of the K cards, then the M monuments."""
        return np.concatenate([self.t.card_prestige, self.t.mon_prestige])

    def _anonymous_floor(self, art_disc: np.ndarray) -> np.ndarray:
        """int64[B, 8]: per set of artist types, the least fee of an anonymous artist of them (they
        are face up again every round), the Bottega d'Arte discount applied."""
        t = self.t
        per_type = np.maximum(0, t.anon_cost[None] - art_disc[:, None])  # [B, 3]
        out = np.zeros((art_disc.size, 1 << NUM_TYPES), np.int64)
        for s in range(1, 1 << NUM_TYPES):
            out[:, s] = per_type[:, self.subset_types[s]].min(1)
        return out

    def _work_points(self, st: FlorenzaCardsState, rows, p, in_play) -> tuple[np.ndarray, np.ndarray]:
        """(int64[B, K], int64[B, M]): the change of the seat's sure score (SPEC §8: prestige, sets,
        guilds, reserved monuments) when it places card k / completes monument m."""
        t = self.t
        counts = np.stack([in_play[:, getattr(t, f"is_{c}")].sum(1) for c in SET_CLASSES], 1).astype(np.int64)
        sets = counts.min(1)  # [B]
        held = {e: self._has_guild(st, rows, p, e) for e in GUILD_POINTS}
        set_pts = t.set_bonus + np.where(held[G_LORD], GUILD_POINTS[G_LORD], 0)  # [B]
        pts = np.repeat(t.card_prestige[None], rows.size, 0)
        for x, cls in enumerate(SET_CLASSES):
            after = counts.copy()
            after[:, x] += 1
            pts[:, getattr(t, f"is_{cls}")] += ((after.min(1) - sets) * set_pts)[:, None]
        pts += np.where(held[G_CRAFTSMEN][:, None] & t.is_workshop[None], GUILD_POINTS[G_CRAFTSMEN], 0)
        pts += np.where(held[G_LANDLORD][:, None] & t.is_residence[None], GUILD_POINTS[G_LANDLORD], 0)
        mine = st.mon_owner[rows] == p[:, None]  # [B, M]
        done = (st.mon_state[rows] == DONE) & mine
        if self.guilds:  # a guild played scores its units so far
            units = {
                G_CRAFTSMEN: in_play[:, t.is_workshop].sum(1), G_LANDLORD: in_play[:, t.is_residence].sum(1),
                G_PROTECTOR: done.sum(1), G_PATRON: st.hired_types[rows, p].min(1), G_LORD: sets,
            }  # fmt: skip
            for e, per in GUILD_POINTS.items():
                for k in self.guild_kind[e]:
                    pts[:, k] += per * units[e].astype(np.int64)
        reserved = (st.mon_state[rows] == RESERVED) & mine
        protector = np.where(held[G_PROTECTOR], GUILD_POINTS[G_PROTECTOR], 0)[:, None]
        return pts, t.mon_prestige[None] * (1 + reserved) + protector

    def _best_hire(self, st, rows, p, expected, fee, anon_fee, budget, tmask) -> np.ndarray:
        """float64[B, Jc]: per work (``tmask`` int[B, Jc] its artist types), the best expected
        artist points among the hires it opens that cost at most ``budget`` (int[B, Jc]): a table
        artist its expected value, one the seat reserved twice that (its penalty is lifted), an
        anonymous one its printed value; 0 for a work without artist."""
        t = self.t
        table = st.table_count[rows] > 0  # [B, AK]
        mine = st.reserved_count[rows, p] > 0
        best = np.full(budget.shape, -np.inf)
        for x in range(NUM_TYPES):
            kinds = self.kinds_of_type[x]
            value = np.concatenate([np.where(table[:, kinds], expected[:, kinds], -np.inf),
                                    np.where(mine[:, kinds], 2 * expected[:, kinds], -np.inf),
                                    np.where(st.anon_up[rows, x : x + 1], float(t.anon_value[x]), -np.inf)], 1)
            cost = np.concatenate([fee[:, kinds], fee[:, kinds], anon_fee[:, x : x + 1]], 1)  # [B, O]
            fits = (cost[:, None, :] <= budget[:, :, None]) & ((tmask >> x) & 1).astype(bool)[:, :, None]
            best = np.maximum(best, np.where(fits, value[:, None, :], -np.inf).max(2))
        return np.where(np.isfinite(best), best, 0.0)

    def _engine_features(self, st: FlorenzaCardsState, out: np.ndarray, play: slice, keep: slice) -> None:
        """Incomes, extra actions and extra draws of a card played now (this round's end income, its
        slot this round if still to come) or kept for the next round."""
        t, fi, FS = self.t, self._fi, self._feature_scales["money"]
        inc_res = t.card_income_res.sum(1) + (t.card_guild == G_MERCHANTS)  # [K]
        inc_money = t.card_income_money
        has_slot = t.card_slot >= 0
        later = (t.rounds - st.round.astype(np.int64))[:, None]  # [B, 1] rounds after this one
        slot = st.slot.astype(np.int64)[:, None]
        for cols, incomes, extra, draws in (
            (play, later + 1, has_slot * ((t.card_slot > slot) + later), t.card_draws * later),
            (keep, later, has_slot * later, t.card_draws * np.maximum(later - 1, 0)),
        ):
            out[:, cols, fi["income_resources_left"]] = inc_res * incomes
            out[:, cols, fi["income_money_left"]] = inc_money * incomes / FS
            out[:, cols, fi["extra_actions_left"]] = extra
            out[:, cols, fi["extra_draws_left"]] = draws

    def _majority_change(self, st: FlorenzaCardsState, p: np.ndarray, dres: np.ndarray, dmoney: np.ndarray):
        """int64[B, A]: change of the seat's resource + Fiorini majority points (SPEC §8, DN 23) if
        scored on its holdings after each action, the others' as now."""
        t, P = self.t, self.num_players
        rows = np.arange(st.batch_size)
        total = 0
        for amounts, delta, points in (
            (st.res.sum(2).astype(np.int64), dres, t.majority_res),
            (st.money.astype(np.int64), dmoney, t.majority_money),
        ):
            table = np.array([*points, *[0] * P], np.int64)
            mine = amounts[rows, p]  # [B]
            after = mine[:, None] + delta  # [B, A]
            now = np.zeros(rows.size, np.int64)
            place = np.zeros(delta.shape, np.int64)
            for q in range(P):  # players with strictly more, the seat itself never
                rival = np.where(p == q, np.iinfo(np.int64).min, amounts[:, q])
                now += rival > mine
                place += rival[:, None] > after
            total = total + table[place] - table[now][:, None]
        return total

    def _available_projects(self, st: FlorenzaCardsState, rows, p, in_play) -> np.ndarray:
        """bool[B, J]: the cards the seat may play from its hand (no second copy, no second Preacher)
        and the monuments in the row or reserved by it."""
        t = self.t
        preacher = in_play[:, t.is_preacher].any(1)
        cards = (st.hand[rows, p] > 0) & ~in_play & ~(preacher[:, None] & t.is_preacher[None])
        state, owner = st.mon_state[rows], st.mon_owner[rows]
        mons = (state == IN_ROW) | ((state == RESERVED) & (owner == p[:, None]))
        return np.concatenate([cards, mons], 1)

    def _project_features(self, out, base, order, where, spend, give, take, fee, anon_fee) -> None:
        """The effect of each resource- or Fiorini-moving action on the seat's other projects
        (``PROJECT_STATS``), on the available projects (``base``: packed to the batch's most, in
        ``order`` int[B, Jc]; ``where``: the rows, packed columns and action ids of the valid ones;
        ``spend``: the Fiorini a work costs with its cheapest artist)."""
        t, ids, fi = self.t, self.ids, self._fi
        B, Jc = order.shape
        rows = np.arange(B)
        f0 = fi[PROJECT_STATS[0]]
        cols = slice(f0, f0 + len(PROJECT_STATS))
        need = base["need"]  # int32[B, Jc, 6]
        # cards and monuments played: their resources, their Fiorini with the cheapest artist; gone after
        cost = self._work_cost_res[order].astype(np.int32)  # [B, Jc, 6]
        res_ok = np.ones((B, Jc, Jc), bool)
        lack = np.zeros((B, Jc, Jc), np.int32)
        for r in range(NUM_RESOURCES):  # small loop: reductions over a short last axis are slow
            after = need[:, None, :, r] + cost[:, :, None, r]  # [B, X = Jc played, Jc]
            res_ok &= after <= 0
            lack += np.maximum(after, 0)
        preacher = np.concatenate([t.is_preacher, np.zeros(self.M, bool)])[order]  # [B, Jc]
        gone = np.eye(Jc, dtype=bool)[None] | (preacher[:, :, None] & preacher[:, None, :])
        stats = self._project_stats(base, res_ok, lack, -spend, gone)  # [B, Jc, 7]
        rv, cv, act = where
        out[rv, act, cols] = stats[rv, cv]
        # one resource moved (locations, the market, the resource ids): only resource r changes, so
        # the test of each project's resources and its lack follow from the counts without r
        u = self._unit_tables
        short = need > 0  # [B, Jc, 6]
        n_short = short.sum(2, dtype=np.int32)[:, :, None]
        lack_now = base["lack"][:, :, None]
        res_ok, lack = {}, {}
        for step in np.unique(u["step"]).tolist():
            after = need - step
            res_ok[step] = (n_short - short + (after > 0) == 0).transpose(0, 2, 1)  # [B, 6, Jc]
            lack[step] = (lack_now - np.maximum(need, 0) + np.maximum(after, 0)).transpose(0, 2, 1)
        kinds = u["step"][::NUM_RESOURCES].tolist()  # the step of each unit kind
        stats = self._project_stats(
            base, np.concatenate([res_ok[x] for x in kinds], 1), np.concatenate([lack[x] for x in kinds], 1),
            np.broadcast_to(u["dm"], (B, u["dm"].size)), None,
        )  # [B, 36, 7]
        out[:, u["actions"], cols] = stats[:, u["patterns"]]
        R = np.arange(NUM_RESOURCES)
        pattern = np.where(give, U_GIVE, U_TAKE)[:, None] * NUM_RESOURCES + R  # [B, 6]
        out[:, ids.resource : ids.resource + NUM_RESOURCES, cols] = np.where(
            (give | take)[:, None, None], stats[rows[:, None], pattern], 0
        )
        # Fiorini only: the workers, the hires
        AK = self.AK
        dm = np.concatenate([np.full((B, 1), t.workers_money), -fee, -anon_fee], 1)  # [B, 1 + AK + 3]
        stats = self._project_stats(base, (need <= 0).all(2)[:, None], None, dm, None)
        out[:, ids.workers, cols] = stats[:, 0]
        out[:, ids.hire_table : ids.hire_table + AK, cols] = stats[:, 1 : 1 + AK]
        out[:, ids.hire_reserved : ids.hire_reserved + AK, cols] = stats[:, 1 : 1 + AK]
        out[:, ids.hire_anonymous : ids.hire_anonymous + NUM_TYPES, cols] = stats[:, 1 + AK :]

    def _project_stats(self, base: dict, res_ok, lack_after, dm, gone) -> np.ndarray:
        """float32[B, X, 7] ``PROJECT_STATS`` for X holdings changes: whether each project's resources
        are covered after (bool[B, X, Jc]) and what it lacks (int[B, X, Jc]; None: as now), the
        Fiorini change ``dm`` (int[B, X]), the projects ``gone`` after (bool[B, X, Jc] or None)."""
        PS = self._feature_scales["prestige"]
        B, X = dm.shape
        valid = base["valid"][:, None]  # [B, 1, Jc]
        if gone is not None:
            valid = valid & ~gone
        payable = base["payable"][:, None]
        pay_after = res_ok & ((base["money"][:, None, None] + dm[:, :, None]) >= base["pay_money"][:, None])
        if lack_after is None:
            helped = hurt = np.zeros((B, X, 1), bool)
        else:
            lack = base["lack"][:, None]
            helped, hurt = valid & (lack_after < lack), valid & (lack_after > lack)
        masks = (valid & pay_after & ~payable, valid & ~pay_after & payable, helped, hurt)
        prest = base["prestige"][:, None]
        out = np.zeros((B, X, len(PROJECT_STATS)), np.float32)
        for i, m in enumerate(masks):
            out[:, :, 2 * i] = m.sum(2) / PROJECTS
            if i < 3:
                out[:, :, 2 * i + 1] = np.where(m, prest, 0).max(2) / PS
        return out
