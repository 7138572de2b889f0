"""Firenze's per-action features (issue 30; the contract is
:meth:`~florentine_envs.core.game.Game.action_features`): for each of the 168 actions, what it
names and what it would do for the player deciding, as far as he can know it.

What it names: the action's kind (its group of ids: take a card, exchange, build, fulfil, pay a
brick, ...), the colour of the brick or tower it names, and the card it takes, plays or discards
with that card's printed attributes from ``firenze_data.json`` (type, personnel name, privilege
height and points, celebration points, what a building changes); for a fulfilment, the
commission with its printed height and prestige.

What it would do: bricks spent and gained (card cost, exchange, construction cost, teardown),
the storehouse and card limits it would leave broken at the end of the turn, the height of the
tower it names before and after, how many bricks that tower would still lack for the nearest
unsealed commission of its colour and how many of those the storehouse lacks too, the prestige
a fulfilment scores at once (printed, balcony, level tile, privilege, end bonus) and what it
changes in the final scoring (a colour's majority, Recognition), what an event card would take
from the player and from his rivals, and what a personnel card saves or unlocks.

The plan (issue 30: what a target still needs): for the colour an action names, every commission
of that colour seen from the tower and storehouse the action leaves -- open or not, a later
balcony, bricks still to build, bricks the storehouse lacks for them, the points it would score,
whether this turn's Build phase can still reach it (bricks, construction cost, 6 bricks a turn),
whether its seal would win the colour's majority -- and the best points supplied or reachable
before and after; for a card taken, what its bricks do for every colour's commissions.

Every number is computed from what the deciding seat sees: the public board, storehouses,
towers, pouch and card row, and its own hand (never the deck order, the opponents' hands or
future draws). Where an outcome depends on the seat's own later choices (which bricks to pay,
which tower to keep), the feature gives the outcome of the best choice for him ("at best"), or
of the rulebook's automatic rule where it names one. Scales: bricks in the storehouse / the
storehouse limit (10), tower heights and lacks / the tallest commission (8), prestige / the
largest printed prestige (26). Everything here is vectorised over the batch and the actions;
the caller (``Game.action_features``) zeroes the rows of actions that are not legal.
"""

from __future__ import annotations

import functools

import numpy as np

from .constants import (
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
    NUM_ACTIONS,
    NUM_COLOURS,
    NUM_COMMISSIONS,
    NUM_KINDS,
    NUM_SLOTS,
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
    PH_PAY_CARD,
    PH_SMUG_GIVE,
)
from .state import FirenzeState

#: the action kinds (groups of action ids), in the order of their one-hot
ACTION_KINDS = (
    "take_card", "exchange", "build_on", "start_tower", "fulfill", "bell_tower", "brick", "select_tower",
    "sabotage", "alchemist", "smuggle", "wholesale", "patrician_discard", "play_princess", "play_mason",
    "play_architect", "ignore_event", "limit_discard", "pass",
)  # fmt: skip
CARD_TYPES = ("personnel", "event", "building", "church", "celebration")
#: the columns of the tower an action names, consecutive (written as one block)
TOWER_COLUMNS = ("tower_height", "tower_height_change", "tower_lack", "tower_short", "tower_exact", "target_prestige",
                 "store_colour_after")  # fmt: skip
_KIND_DOCS = {
    "take_card": "take the card of a row slot (TAKE_CARD, paying its card cost)",
    "exchange": "exchange bricks for one brick of a row card (EXCHANGE)",
    "build_on": "add a brick to one of the own towers (BUILD_ON)",
    "start_tower": "start a new tower of a colour (START_TOWER)",
    "fulfill": "fulfil a commission with a tower (FULFILL, with or without the Architect's shift)",
    "bell_tower": "seal the Campanile with a white tower of 3 (BELL_TOWER)",
    "brick": "hand over one brick of a colour (a payment, a discard or a give: BRICK)",
    "select_tower": "choose an own tower for Botch, Collapse, Tribute or Luxury Tax (SELECT_TOWER)",
    "sabotage": "play the Saboteur on a rival's tower (SABOTAGE)",
    "alchemist": "play the Alchemist for a brick of a colour from the pouch (ALCHEMIST)",
    "smuggle": "play the Smuggler for a brick of a colour from a rival (SMUGGLE)",
    "wholesale": "play the Wholesaler on a row card (WHOLESALE)",
    "patrician_discard": "play the Patrician to discard a hand card (PATRICIAN_DISCARD)",
    "play_princess": "play the Princess: this turn's card costs nothing",
    "play_mason": "play the Mason: this turn's construction costs less",
    "play_architect": "play the Architect: one tower may count one level taller or shorter",
    "ignore_event": "play the Patrician to ignore the event just taken (IGNORE_EVENT)",
    "limit_discard": "discard a personnel card or building for the card limit (LIMIT_DISCARD)",
    "pass": "pass: end the phase (Exchange, Build, Fulfill) or let the event resolve",
}


class FirenzeFeatures:
    """Mixin of :class:`~.firenze.Firenze`: ``action_feature_fields``, ``action_feature_docs`` and
    ``_action_features`` (reads the tables of ``FirenzeTables._read_data``)."""

    # ------------------------------------------------------------------ declaration

    @functools.cached_property
    def _feature_scales(self) -> dict[str, float]:
        """The units the features are divided by, from the data."""
        return {
            "bricks": float(max(self.store_limit, 1)),  # the storehouse limit
            "height": float(max(int(self.comm_height.max()), 1)),  # the tallest commission
            "prestige": float(max(int(self.comm_prestige.max()), 1)),  # the largest printed prestige
            "celebration": float(max(int(np.abs(self.celebration_pp).max()), 1)),
            "discount": float(max(int(self.discount_table.max()), 1)),
            "towers": float(self.max_build),  # towers a site can hold outside Build
        }

    @functools.cached_property
    def _feature_specs(self) -> list[tuple[str, float, float, str]]:
        """``(name, low, high, doc)`` of every feature, in order; bounds from the data tables."""
        S = self._feature_scales
        bricks, height, prestige = S["bricks"], S["height"], S["prestige"]
        supply = float(self.brick_counts.sum())
        tallest_tower = float(self.brick_counts.max())
        K = self.K
        specs: list[tuple[str, float, float, str]] = []

        def add(name, low, high, doc):
            specs.append((name, float(min(low, 0.0)), float(max(high, 0.0)), doc))

        for kind in ACTION_KINDS:
            add(f"kind_{kind}", 0, 1, f"1: the action is to {_KIND_DOCS[kind]}")
        for name in self.colour_names:
            add(f"colour_{name}", 0, 1, f"1: the brick or tower the action names is {name}")
        for t in CARD_TYPES:
            add(f"card_{t}", 0, 1, f"1: the card the action takes, plays or discards is of type {t} (as printed)")
        for k in self.personnel_kinds:
            slug = self.kind_names[k].lower().replace(" ", "_")
            add(f"card_{slug}", 0, 1, f"1: the card the action takes, plays or discards is the {self.kind_names[k]}")
        # printed attributes of the card
        priv_h = float(self.privilege_height.max())
        priv_pp = float(max(int(self.privilege_pp.max()), 1))
        add("card_privilege_height", 0, priv_h / height,
            "a privilege card taken: the commission height it rewards / 8 (printed)")
        add("card_privilege_pp", 0, float(self.privilege_pp.max()) / priv_pp,
            "a privilege card taken: the prestige it adds to that fulfilment / its largest value (printed)")
        rec_max = self.recognition_pp * min(self.seals_per_player,
                                            int(np.isin(self.comm_height, self.recognition_heights).sum()))
        values = [0, rec_max] + [int(self.celebration_pp[k]) for k in self.hand_kinds]
        cel = S["celebration"]
        add("celebration_pp_change", min(min(values), -max(values)) / cel, max(max(values), -min(values)) / cel,
            "change of the player's final celebration points: a celebration taken (Fame, Disgrace, Scandal as "
            "printed; Monument when it comes to him; Recognition: its points for his 3- and 4-level commissions "
            "so far) or discarded with the Patrician (minus its value) / 3")
        monument = int(self.celebration_pp[K["Monument"]])
        add("rival_celebration_pp", min(monument, 0) / cel, max(monument, 0) / cel,
            "final celebration points a rival gains: a Monument taken that goes to a rival's single tallest tower / 3")
        discount = S["discount"]
        add("construction_discount_change", -discount / discount, discount / discount,
            "change of the construction-cost discount: a Workshop taken (+1 as printed, 0 if already owned) or "
            "discarded (-1), the Mason played (+3, its printed discount) / the largest discount")
        give = abs(self.exchange_give - self.exchange_give_bridge)
        add("exchange_give_change", -give, give,
            "change of the bricks an exchange costs: a Bridge taken (-1 as printed, 0 if already owned) or "
            "discarded (+1)")
        lim = abs(self.store_limit_warehouse - self.store_limit) / bricks
        add("store_limit_change", -lim, lim,
            "change of the storehouse limit: a Warehouse taken (+5 as printed, 0 if already owned) or discarded "
            "(-5) / 10")
        add("building_duplicate", 0, 1, "1: the building taken is already owned (it goes to the discard, no effect)")
        limit_max = float(self.in_game[self.personnel_kinds].sum() + len(self.building_kinds))
        add("card_limit_excess_after", 0, limit_max,
            "cards the card limit would make the player discard at the end of his turn, with his hand and "
            "buildings as the action leaves them (5 cards; none with a Warehouse; only personnel and buildings go)")
        # bricks
        card_cost, build_cost = float(self.card_cost.max()), float(self.cost_table[:, :, : self.max_build + 1].max())
        add("bricks_spent", 0, max(card_cost, build_cost, self.exchange_give, self.exchange_give_bridge, 1) / bricks,
            "bricks leaving the player's storehouse as the action's price / 10: the card cost (0 with the "
            "Princess), the exchange's bricks, the brick built or handed over, the Alchemist's or Smuggler's brick "
            "to give, the construction cost due when passing the Build phase")
        add("bricks_gained", 0, supply / bricks,
            "bricks entering the player's storehouse / 10: the bricks on a card taken, the brick an exchange, "
            "Alchemist or Smuggler brings (or the last payment brick completes), half of each tower torn down "
            "(teardown at the end of Build; Tribute or Luxury Tax at best)")
        add("gained_useful", 0, supply / bricks,
            "of the bricks gained, those of a colour the player's tallest tower of it still lacks and his "
            "storehouse does not hold / 10")
        add("bricks_saved", 0, max(card_cost, build_cost) / bricks,
            "bricks a personnel card saves / 10: the Princess the dearest card cost in the row, the Mason the "
            "construction cost of the largest build this turn (6 bricks at most) the storehouse pays for with it")
        add("storehouse_excess_after", 0, (supply - min(self.store_limit, self.store_limit_warehouse)) / bricks,
            "bricks over the storehouse limit (10, 15 with a Warehouse) right after the action, events at best "
            "(what the limit would take at the end of the turn if nothing else changed) / 10")
        # the tower the action names
        add("tower_height", 0, tallest_tower / height,
            "height of the tower the action names (for a colour: the player's tallest tower of that colour, 0 "
            "for none; for sabotage: the rival's tower) before the action / 8")
        add("tower_height_change", -tallest_tower / height, 1 / height,
            "change of that tower's height by the action / 8 (+1 built, -1 Botch or Saboteur, -h Collapse, "
            "fulfilment or bell tower)")
        add("tower_lack", 0, 1, "bricks that tower would still lack after the action to reach the nearest unsealed "
            "commission of its colour at or above its height / 8 (0 when none is left, or there is no tower)")
        add("tower_short", 0, 1, "of those lacking bricks, how many the tower owner's storehouse (after the "
            "action) does not hold / 8")
        add("tower_exact", 0, 1, "1: after the action the tower stands exactly at the height of an unsealed "
            "commission of its colour whose balcony (if any) is the next one")
        tile_high = np.zeros(NUM_COMMISSIONS, np.int64)
        np.maximum.at(tile_high, self.tile_comm, self.tile_bonus)
        add("target_prestige", 0, float((self.comm_prestige + tile_high).max()) / prestige,
            "prestige of that nearest unsealed commission (printed + balcony bonus) / 26; 0: none is left")
        add("store_colour_after", 0, (tallest_tower + 1) / bricks,
            "bricks of the named colour in the storehouse of the tower's owner after the action / 10")
        add("saves_tower", 0, 1, "1: the brick goes on a tower standing since the start of the turn and not yet "
            "built on (it would be torn down as abandoned construction)")
        steps = np.diff(self.cost_table[:, :, : self.max_build + 1], axis=2)
        add("build_cost_marginal", 0, float(steps.max()) / bricks,
            "construction cost this brick adds to the turn's due (discounts counted) / 10")
        # fulfilment
        level_max = float(max(int(self.level_tile_bonus.max()), 1))
        tile_max = float(max(int(self.tile_bonus.max()), 1))
        per_height = np.zeros(int(self.comm_height.max()) + 1)
        for k in self.privilege_kinds:
            h = int(self.privilege_height[k])
            if h < per_height.size:
                per_height[h] += self.privilege_pp[k] * self.in_game[k]
        level_at = np.zeros(int(self.comm_height.max()) + 1)
        for h, v in zip(self.level_tile_height, self.level_tile_bonus):
            if h < level_at.size:
                level_at[h] += max(int(v), 0)
        best_points = self.comm_prestige + tile_high + per_height[self.comm_height] + level_at[self.comm_height]
        add("commission_height", 0, 1, "a fulfilment: the commission's printed height (levels) / 8")
        add("commission_prestige", 0, 1, "a fulfilment: the commission's printed prestige / 26")
        add("balcony_bonus", 0, float(self.tile_bonus.max()) / tile_max,
            "a fulfilment: the bonus of the balcony tile it completes (the next numeral) / its largest value")
        add("level_tile_bonus", 0, float(level_at.max()) / level_max,
            "a fulfilment: the level tile of that height still to be won (first to that height) / its largest value")
        add("privilege_bonus", 0, float(per_height.max()) / priv_pp,
            "a fulfilment: the privilege cards on church spaces for that exact height / the largest privilege")
        add("end_bonus", 0, 1, "1: a fulfilment with the player's last seal that triggers the end (+5 prestige)")
        add("points_now", 0, (float(best_points.max()) + max(self.end_bonus, 0)) / prestige,
            "a fulfilment: the prestige it scores at once (printed + balcony + level tile + privileges + end "
            "bonus) / 26")
        add("majority_gain", 0, 1, "a fulfilment: the colour's majority bonus (as printed) if this seal makes the "
            "player its holder (most seals, ties to the highest seal) / the largest bonus")
        add("recognition_gain", 0, float(self.in_game[K["Recognition"]] * self.recognition_pp),
            "a fulfilment of a 3- or 4-level commission: the final points it adds through his Recognition cards")
        add("height_adjust", -1, 1, "a fulfilment: the Architect's shift (-1 the tower counts one shorter, +1 taller)")
        add("architect_new_fulfilments", 0, NUM_SLOTS / self.max_build,
            "the Architect played: own towers that could then fulfil a commission one level off and cannot now / 6")
        # events and losses
        add("event_store_loss", 0, supply / bricks,
            "an event card taken, or let resolve: bricks it takes from the player's storehouse at best (Storehouse "
            "Fire, Flood, Tribute, Luxury Tax) / 10")
        add("own_tower_bricks_lost", 0, supply / height,
            "bricks leaving the player's towers / 8: a fulfilment or bell tower, Botch or Collapse, the towers torn "
            "down when passing the Build phase, an event at best")
        add("own_towers_lost", 0, NUM_TOWER_SLOTS / self.max_build, "of the player's towers, how many go / 6")
        add("rival_bricks_lost", 0, supply / bricks,
            "bricks the rivals lose to the pouch / 10: the Saboteur's brick, an event's payments and teardowns at "
            "best for them")
        prestige_high = float(self.obs_field_bounds()["players"][1][0])
        add("rival_prestige_diff", -prestige_high / prestige, prestige_high / prestige,
            "the rival the action targets (Saboteur, Smuggler): his prestige minus the player's / 26")
        # the plan: every commission of the colour the action names, seen from what the action leaves
        levels = self.comm_height.reshape(NUM_COLOURS, 6)
        for k in range(levels.shape[1]):
            lv = f"plan_level{k + 1}"
            tallest_level = float(levels[:, k].max())
            add(f"{lv}_open", 0, 1, f"1: the level-{k + 1} commission of the colour the action names (level "
                f"{k + 1} of {levels.shape[1]}, counted from the lowest) is unsealed and at or above the player's "
                "tallest tower of that colour as the action leaves it (a fulfilment: the tower as it stands; no "
                "tower: height 0)")
            add(f"{lv}_later", 0, 1, f"1: that level-{k + 1} commission is open but a balcony whose numeral is not "
                "yet the next one")
            add(f"{lv}_build", 0, tallest_level / height,
                f"bricks still to build on that tower to reach the open level-{k + 1} commission / 8 (0 when closed)")
            add(f"{lv}_missing", 0, tallest_level / height,
                f"of those bricks, how many the storehouse (after the action) does not hold / 8 (0 when closed)")
            add(f"{lv}_points", 0, (float(best_points.max()) + max(self.end_bonus, 0)) / prestige,
                f"the open level-{k + 1} commission: the prestige it scores when fulfilled (printed + balcony + "
                "level tile + privileges + end bonus on the last seal, as the board stands) / 26")
            add(f"{lv}_this_turn", 0, 1, f"1: that open level-{k + 1} commission can still be reached in this turn's "
                "Build phase (to come or under way; after it only a tower standing on it): the storehouse after the "
                "action holds its bricks and the construction cost of the turn's bricks with them (discounts "
                "counted), within the 6 bricks a turn")
            add(f"{lv}_majority", 0, 1, f"1: sealing that open level-{k + 1} commission would make the player the "
                "colour's majority holder (most seals, ties to the highest seal), which he is not now")
        pts_max = (float(best_points.max()) + max(self.end_bonus, 0)) / prestige  # one commission's points
        most = NUM_COLOURS * pts_max  # one per colour
        add("plan_supplied_points", 0, pts_max,
            "the colour the action names, as the action leaves it: the points of the best open commission of it "
            "whose bricks the storehouse holds (from the player's tallest tower of it, or from the ground) / 26")
        add("plan_reach_points", 0, pts_max,
            "the colour the action names, as the action leaves it: the points of the best open commission of it "
            "reachable in this turn's Build phase (as plan_level*_this_turn) / 26")
        add("plan_supplied_points_change", -pts_max, pts_max,
            "plan_supplied_points minus the same before the action (the player's tallest tower of the colour and "
            "his bricks now) / 26")
        add("plan_reach_points_change", -pts_max, pts_max,
            "plan_reach_points minus the same before the action / 26")
        add("take_supplied_points", 0, most,
            "a card taken: over the six colours, the rise of the points of the best open commission each colour's "
            "storehouse holds every brick for (from the player's tallest tower of it, or from the ground), with "
            "the card's bricks added (before paying its cost) / 26")
        add("take_reach_points", -most, most,
            "a card taken: over the six colours, the change of the points of the best open commission each colour "
            "could reach on its own in this turn's Build phase (its bricks in the storehouse, at most 6 bricks, "
            "the construction cost paid too), with the card's bricks added and its cost paid / 26")
        add("mason_reach_points", 0, most,
            "the Mason played: over the six colours, the rise of the points of the best open commission each colour "
            "could reach on its own in this Build phase (as take_reach_points) with the Mason's discount / 26")
        for name in self.colour_names:
            add(f"take_{name}_bricks", 0, float(self.brick_counts.max()) / bricks,
                f"a card taken: its {name} bricks / 10")
            add(f"take_{name}_useful", 0, float(self.brick_counts.max()) / bricks,
                f"a card taken: of its {name} bricks, those the storehouse still lacks for the tallest open {name} "
                "commission (from his tallest tower of it, or from the ground) / 10")
        add("take_useful_all", 0, supply / bricks,
            "a card taken: its bricks of a colour the storehouse still lacks for the tallest open commission "
            "of that colour (from his tallest tower of it, or from the ground) / 10")
        add("row_slot", 0, 1, "the row slot the action names (take, exchange, Wholesaler): its position / 5 (0: the "
            "free leftmost card; the bricks an exchange gives go on that card)")
        add("colour_towers", 0, NUM_TOWER_SLOTS / self.max_build,
            "the player's towers of the colour the action names, before the action / 6")
        add("tower_is_tallest", 0, 1, "1: the tower a brick goes on is (one of) the player's tallest of its colour")
        add("build_due_after", 0, build_cost / bricks,
            "a brick built: the construction cost due for the turn's bricks with this one (discounts counted) / 10")
        add("spare_bricks", 0, supply / bricks,
            "the player's storehouse bricks (before the action) that no open commission of their colour can use "
            "from his tallest tower of it (more than it still needs, or no open commission left) / 10")
        return specs

    def action_feature_fields(self) -> dict[str, tuple[float, float]]:
        return {name: (low, high) for name, low, high, _ in self._feature_specs}

    def action_feature_docs(self) -> dict[str, str]:
        return {name: doc for name, _, _, doc in self._feature_specs}

    @functools.cached_property
    def _fi(self) -> dict[str, int]:
        """Feature name -> column."""
        return {name: i for i, (name, *_rest) in enumerate(self._feature_specs)}

    # ------------------------------------------------------------------ static tables

    @functools.cached_property
    def _feature_static(self) -> dict[str, np.ndarray]:
        """Tables that do not depend on the state: the action kind of every id, the card each id
        names (-1: dynamic or none), the card attributes per kind, the rows of constant features."""
        A, F, I = NUM_ACTIONS, len(self._feature_specs), self._fi
        K, S = self.K, self._feature_scales
        names = list(I)
        tower_cols = names[I["tower_height"] : I["tower_height"] + len(TOWER_COLUMNS)]
        assert tuple(tower_cols) == TOWER_COLUMNS, tower_cols  # written as one block
        kind = np.full(A, -1, np.int64)
        blocks = {
            "take_card": range(A_TAKE, A_TAKE + 6), "exchange": range(A_EXCHANGE, A_EXCHANGE + 36),
            "build_on": range(A_BUILD_ON, A_BUILD_ON + 12), "start_tower": range(A_START, A_START + 6),
            "fulfill": range(A_FULFILL, A_FULFILL + 18), "bell_tower": [A_BELL], "brick": range(A_BRICK, A_BRICK + 6),
            "select_tower": range(A_SELECT, A_SELECT + 6), "sabotage": range(A_SABOTAGE, A_SABOTAGE + 18),
            "alchemist": range(A_ALCHEMIST, A_ALCHEMIST + 6), "smuggle": range(A_SMUGGLE, A_SMUGGLE + 18),
            "wholesale": range(A_WHOLESALE, A_WHOLESALE + 6), "patrician_discard": list(self.patrician_ids),
            "play_princess": [A_PRINCESS], "play_mason": [A_MASON], "play_architect": [A_ARCHITECT],
            "ignore_event": [A_IGNORE], "limit_discard": list(self.limit_ids), "pass": [A_PASS],
        }  # fmt: skip
        for k, name in enumerate(ACTION_KINDS):
            kind[list(blocks[name])] = k
        assert (kind >= 0).all()
        card = np.full(A, -1, np.int64)  # the card an action plays or discards (take_card: dynamic)
        card[self.patrician_ids] = self.hand_kinds
        card[self.limit_ids] = self.limit_kinds
        played = (
            (range(A_ALCHEMIST, A_ALCHEMIST + 6), "Alchemist"), (range(A_SMUGGLE, A_SMUGGLE + 18), "Smuggler"),
            (range(A_WHOLESALE, A_WHOLESALE + 6), "Wholesaler"), (range(A_SABOTAGE, A_SABOTAGE + 18), "Saboteur"),
            ([A_PRINCESS], "Princess"), ([A_MASON], "Mason"), ([A_ARCHITECT], "Architect"), ([A_IGNORE], "Patrician"),
        )  # fmt: skip
        for ids, name in played:
            card[list(ids)] = K[name]
        # card attributes per kind (row 27: no card): type one-hot, personnel one-hot, privilege,
        # fixed celebration points, building effects when taken
        cols = [I[f"card_{t}"] for t in CARD_TYPES]
        cols += [I[f"card_{self.kind_names[k].lower().replace(' ', '_')}"] for k in self.personnel_kinds]
        cols += [I["card_privilege_height"], I["card_privilege_pp"], I["construction_discount_change"],
                 I["exchange_give_change"], I["store_limit_change"]]  # fmt: skip
        table = np.zeros((NUM_KINDS + 1, len(cols)), np.float32)
        for k in range(NUM_KINDS):
            table[k, CARD_TYPES.index(self.kind_type[k])] = 1.0
        table[self.personnel_kinds, 5 + np.arange(len(self.personnel_kinds))] = 1.0
        n = 5 + len(self.personnel_kinds)
        priv_pp = float(max(int(self.privilege_pp.max()), 1))
        table[:NUM_KINDS, n] = self.privilege_height / S["height"]
        table[:NUM_KINDS, n + 1] = self.privilege_pp / priv_pp
        table[K["Workshop"], n + 2] = self.discount_table[1, 0] / S["discount"]
        table[K["Bridge"], n + 3] = self.exchange_give_bridge - self.exchange_give
        table[K["Warehouse"], n + 4] = (self.store_limit_warehouse - self.store_limit) / S["bricks"]
        celebration = np.zeros(NUM_KINDS + 1, np.float32)
        celebration[:NUM_KINDS] = self.celebration_pp / S["celebration"]
        base = np.zeros((A, F), np.float32)
        base[np.arange(A), I["kind_take_card"] + kind] = 1.0
        named = card >= 0
        base[np.ix_(np.flatnonzero(named), cols)] = table[card[named]]
        # a card discarded: its building effects are lost (the opposite sign), the Mason's discount too
        limit_rows = np.asarray(self.limit_ids)
        base[np.ix_(limit_rows, cols[-3:])] *= -1
        base[np.ix_(np.asarray(self.patrician_ids), cols[-3:])] = 0.0  # hand cards: no building effect
        base[A_BELL, I[f"colour_{self.colour_names[self.bell_colour]}"]] = 1.0
        for start, n_ in ((A_TAKE, 6), (A_EXCHANGE, 36), (A_WHOLESALE, 6)):
            base[start : start + n_, I["row_slot"]] = (np.arange(n_) // (n_ // NUM_SLOTS)) / (NUM_SLOTS - 1)
        colour_ids = np.full(A, -1, np.int64)  # actions whose colour is fixed by the id
        for start, n_ in ((A_EXCHANGE, 36), (A_START, 6), (A_BRICK, 6), (A_ALCHEMIST, 6), (A_SMUGGLE, 18)):
            colour_ids[start : start + n_] = np.arange(n_) % NUM_COLOURS
        fixed = colour_ids >= 0
        base[np.flatnonzero(fixed), I["colour_white"] + colour_ids[fixed]] = 1.0
        # hand and card-limit changes of actions whose card is fixed: (cards, discardable)
        hand_delta = np.zeros((A, 2), np.int64)
        plays = np.isin(kind, [ACTION_KINDS.index(x) for x in ("sabotage", "alchemist", "smuggle", "wholesale",
                                                                "play_princess", "play_mason", "play_architect",
                                                                "ignore_event")])  # fmt: skip
        hand_delta[plays] = (-1, -1)
        pat = np.asarray(self.patrician_ids)
        hand_delta[pat, 0] = -2
        hand_delta[pat, 1] = -1 - self.is_personnel[self.hand_kinds].astype(np.int64)
        hand_delta[limit_rows] = (-1, -1)
        heights = self.comm_height.reshape(NUM_COLOURS, 6)  # [colour, level]
        if (np.diff(heights, axis=1) <= 0).any():
            raise ValueError("firenze: the features expect commission heights rising up every tower")
        # [6c, 6L, Hn] levels to build from each height to each commission; heights from the
        # tallest commission + 1 on share the last column (nothing is left above them)
        lack = heights[:, :, None] - np.arange(int(self.comm_height.max()) + 2)
        return {
            "kind": kind, "card": card, "card_cols": np.array(cols), "card_table": table, "celebration": celebration,
            "base": base, "hand_delta": hand_delta, "lack": lack, "at_or_above": lack >= 0,
            "recognised": np.isin(self.comm_height, self.recognition_heights),  # [36] Recognition counts it
            "is_limit_warehouse": (card == K["Warehouse"]) & (kind == ACTION_KINDS.index("limit_discard")),
        }  # fmt: skip

    # ------------------------------------------------------------------ the features

    def _action_features(self, st: FirenzeState, players: np.ndarray) -> np.ndarray:
        T, I, S = self._feature_static, self._fi, self._feature_scales
        K, P = self.K, self.num_players
        B = st.batch_size
        b = np.arange(B)
        bc = b[:, None]
        p = np.asarray(players, np.int64)
        BR, HS, PS = S["bricks"], S["height"], S["prestige"]
        out = np.empty((B, NUM_ACTIONS, len(self._feature_specs)), np.float32)
        out[:] = T["base"]

        phase = st.phase.astype(np.int64)
        store_all = st.storehouse.astype(np.int64)  # [B, P, 6]
        store = store_all[b, p]  # [B, 6]
        total = store.sum(1)
        t_colour_all = st.tower_colour.astype(np.int64)  # [B, P, 12]
        t_height_all = st.tower_height.astype(np.int64)
        colour, height = t_colour_all[b, p], t_height_all[b, p]  # [B, 12]
        exists = colour >= 0
        c_safe = np.maximum(colour, 0)
        hand = st.hand[b, p].astype(np.int64)  # [B, 27] own hand
        owned = st.buildings[b, p]  # [B, 3]
        warehouse = owned[:, self.KB["Warehouse"]]
        tallest = np.where(exists[:, :, None] & (colour[:, :, None] == np.arange(NUM_COLOURS)), height[:, :, None], 0)
        tallest = tallest.max(1)  # [B, 6] the player's tallest tower per colour, 0 none

        # ---- commissions: what is unsealed, the nearest target per (colour, height)
        owner = st.commission_owner.astype(np.int64)  # [B, 36]
        unsealed = owner == -1
        tiles = st.balcony_tile.astype(np.int64)  # [B, 4]
        numeral = np.full((B, NUM_COMMISSIONS), -1, np.int64)
        numeral[bc, self.tile_comm[tiles]] = np.arange(4)
        tile_bonus = np.zeros((B, NUM_COMMISSIONS), np.int64)
        tile_bonus[bc, self.tile_comm[tiles]] = self.tile_bonus[tiles]
        nb = st.next_balcony.astype(np.int64)
        in_order = (numeral < 0) | (numeral == nb[:, None])
        shown = self.comm_prestige[None, :] + tile_bonus  # [B, 36]
        Hn = T["lack"].shape[2]
        # the nearest unsealed commission at or above each height: its lack, its prestige shown,
        # whether the tower stands exactly on it with its balcony next (heights rise up a tower)
        valid = unsealed.reshape(B, NUM_COLOURS, 6)[..., None] & T["at_or_above"][None]  # [B, 6c, 6L, Hn]
        has_target = valid.any(2)  # [B, 6, Hn]
        first = valid.argmax(2)  # the lowest such level
        cix, hix = np.arange(NUM_COLOURS)[None, :, None], np.arange(Hn)[None, None, :]
        lack_tab = np.where(has_target, T["lack"][cix, first, hix], 0)
        target_tab = np.where(has_target, shown.reshape(B, NUM_COLOURS, 6)[bc[:, :, None], cix, first], 0)
        order_tab = in_order.reshape(B, NUM_COLOURS, 6)[bc[:, :, None], cix, first]
        exact_tab = has_target & (lack_tab == 0) & order_tab
        table = np.stack([lack_tab, target_tab, exact_tab], -1)  # [B, 6, Hn, 3]

        def look(tab, c, h):  # tab[B, 6, Hn, ...] at colour c, height h (int[B, n], c >= -1, h >= -1)
            return tab[bc, np.maximum(c, 0), np.minimum(np.maximum(h, 0), Hn - 1)]

        towers: list[tuple] = []  # (ids, colour, height now, height after, bricks of the colour after, alive)
        colours: list[tuple] = []  # (ids, colour or -1)

        plans: list[tuple] = []  # (ids, colour, height the plan starts from, bricks of the colour)

        def tower(ids, c, h_now, h_after, store_after, gone=None, plan=True):
            """Queue the tower columns of actions ``ids`` (each [B, n]); written at the end. ``plan``:
            also the plan columns of the player's own colour (from the height left, or kept)."""
            zero = np.zeros((B, len(ids)), np.int64)  # broadcasts every argument to [B, n]
            alive = h_after > 0 if gone is None else ~gone
            towers.append((ids, c + zero, h_now + zero, h_after + zero, store_after + zero, alive | (zero > 0)))
            if plan:
                plans.append((ids, c + zero, np.where(alive, h_after, h_now if gone is not None else 0) + zero,
                              store_after + zero))

        def colour_onehot(ids, c):
            colours.append((ids, c + np.zeros((B, len(ids)), np.int64)))

        # the shortfall of each colour for the player's tallest tower of it (towers only)
        need = np.where(tallest > 0, look(lack_tab, np.arange(NUM_COLOURS)[None], tallest), 0)
        short_now = np.where(tallest > 0, np.maximum(0, need - store), 0)  # [B, 6]

        # ---- the card limit and the storehouse limit, per action
        cards_now = hand.sum(1) + owned.sum(1)
        discardable_now = hand[:, self.personnel_kinds].sum(1) + owned.sum(1)
        store_delta = np.zeros((B, NUM_ACTIONS), np.int64)  # storehouse change by the action (for the limit)
        card_delta = np.broadcast_to(T["hand_delta"], (B, NUM_ACTIONS, 2)).copy()
        warehouse_after = np.broadcast_to(warehouse[:, None], (B, NUM_ACTIONS)).copy()
        warehouse_after &= ~T["is_limit_warehouse"][None]

        # ---- what several blocks read: the row, the build costs, the events
        legal = st.legal_action_mask.any(0)  # [A] a block no game can play now is left to the caller's zeros

        def playable(ids) -> bool:
            return bool(legal[ids].any())

        slots = np.arange(NUM_SLOTS)
        take = A_TAKE + slots
        row = st.row_card.astype(np.int64)  # [B, 6]
        row_kind = np.where(row >= 0, row, NUM_KINDS)
        kind_or_0 = np.minimum(row_kind, NUM_KINDS - 1)
        cost = np.where(st.princess_active[:, None], 0, self.card_cost[None, :])  # [B, 6]
        row_bricks = st.row_bricks.astype(np.int64)  # [B, 6, 6]
        what = np.where(row >= 0, self.take_kind[kind_or_0], -1)
        recognition_now = self.recognition_pp * (
            (owner == p[:, None]) & T["recognised"][None]
        ).sum(1)  # [B] points one Recognition card is worth now
        ws = owned[:, self.KB["Workshop"]].astype(np.int64)
        mason = st.mason_active.astype(np.int64)
        built = st.bricks_built.astype(np.int64)
        cost_now = self.cost_table[ws, mason, np.minimum(built, self.max_build)]
        # events (in the games that have one to weigh): resolved with the storehouse after paying
        # the cost (the auto-discard colour rule), Flood's and Storehouse Fire's own bricks aside
        ev_kind = np.where((what == 4) & legal[take], row, -1)
        pat_kind = np.where(phase == PH_EV_PATRICIAN, st.event_kind.astype(np.int64), -1)
        ev_kind = np.concatenate([ev_kind, pat_kind[:, None]], 1)  # the six slots, then PASS in EVENT_PATRICIAN
        effects = {name: np.zeros((B, NUM_SLOTS + 1), np.int64) for name in ("paid", "halves", "lost", "towers",
                                                                              "rival")}  # fmt: skip
        r = np.flatnonzero((ev_kind >= 0).any(1))
        if r.size:
            has_tower = (exists[r, :, None] & (colour[r, :, None] == np.arange(NUM_COLOURS))).any(1)  # [n, 6]
            paid_store = self._pay_by_rule(np.repeat(store[r, None, :], NUM_SLOTS, 1), has_tower[:, None], cost[r])
            aside = self.aside_kinds[kind_or_0[r]]
            event_store = paid_store + np.where(aside[:, :, None], 0, row_bricks[r])  # [n, 6, 6]
            found = self._event_effects(
                st.storehouse[r], st.tower_colour[r], st.tower_height[r], p[r], ev_kind[r],
                np.concatenate([event_store, store[r, None, :]], 1),
            )
            for name, value in found.items():
                effects[name][r] = value

        # ---- take a card (0-5)
        if playable(take):
            out[:, take[:, None], T["card_cols"][None, :]] = T["card_table"][row_kind]
            on_card = row_bricks.sum(2)
            building = np.where(what == 2, self.building_index[kind_or_0], 0)
            duplicate = (what == 2) & owned[bc, building]
            out[:, take, I["building_duplicate"]] = duplicate
            for name in ("construction_discount_change", "exchange_give_change", "store_limit_change"):
                out[:, take, I[name]] *= ~duplicate
            # Monument: "determine who has the tallest Tower ... If a tie, no one receives the card"
            tall = t_height_all.max(2)  # [B, P]
            top = tall.max(1)
            unique = ((tall == top[:, None]).sum(1) == 1) & (top > 0)
            to_me = unique & (tall.argmax(1) == p)
            to_rival = unique & ~to_me
            monument = row == K["Monument"]
            cel = T["celebration"][row_kind]
            cel = np.where(row == K["Recognition"], recognition_now[:, None] / S["celebration"], cel)
            cel = np.where(monument, np.where(to_me[:, None], cel, 0.0), cel)
            out[:, take, I["celebration_pp_change"]] = cel
            out[:, take, I["rival_celebration_pp"]] = monument & to_rival[:, None]
            to_hand = (what == 0) | (monument & to_me[:, None])
            card_delta[:, take, 0] = to_hand | ((what == 2) & ~duplicate)
            card_delta[:, take, 1] = (self.is_personnel[kind_or_0] & (row >= 0)) | ((what == 2) & ~duplicate)
            warehouse_after[:, take] |= (row == K["Warehouse"]) & ~duplicate
            gained = on_card + effects["halves"][:, :NUM_SLOTS]
            out[:, take, I["bricks_spent"]] = cost / BR
            out[:, take, I["bricks_gained"]] = gained / BR
            out[:, take, I["gained_useful"]] = np.minimum(row_bricks, short_now[:, None, :]).sum(2) / BR
            store_delta[:, take] = gained - cost - effects["paid"][:, :NUM_SLOTS]
            out[:, take, I["event_store_loss"]] = effects["paid"][:, :NUM_SLOTS] / BR
            out[:, take, I["own_tower_bricks_lost"]] = effects["lost"][:, :NUM_SLOTS] / HS
            out[:, take, I["own_towers_lost"]] = effects["towers"][:, :NUM_SLOTS] / S["towers"]
            out[:, take, I["rival_bricks_lost"]] = effects["rival"][:, :NUM_SLOTS] / BR

        # ---- exchange (6-41): slot s, colour c
        ex = A_EXCHANGE + np.arange(36)
        if playable(ex):
            ex_c = np.arange(36) % NUM_COLOURS
            give = np.where(owned[:, self.KB["Bridge"]], self.exchange_give_bridge, self.exchange_give)
            out[:, ex, I["bricks_spent"]] = (give / BR)[:, None]
            out[:, ex, I["bricks_gained"]] = 1 / BR
            out[:, ex, I["gained_useful"]] = (short_now[:, ex_c] > 0) / BR
            store_delta[:, ex] = (1 - give)[:, None]
            tower(ex, ex_c, tallest[:, ex_c], tallest[:, ex_c], store[:, ex_c] + 1)

        # ---- build (42-59)
        on = A_BUILD_ON + np.arange(NUM_TOWER_SLOTS)
        start = A_START + np.arange(NUM_COLOURS)
        both = np.r_[on, start]
        if playable(both):
            marginal = self.cost_table[ws, mason, np.minimum(built + 1, self.max_build + 1)] - cost_now
            marginal = np.minimum(marginal, self.cost_table[:, :, : self.max_build + 1].max())  # a 7th: never legal
            s_c = np.take_along_axis(store, c_safe, 1)  # [B, 12] own bricks of each tower's colour
            tower(on, colour, height, height + 1, s_c - 1)
            colour_onehot(on, colour)
            out[:, on, I["saves_tower"]] = st.tower_at_start[b, p] & ~st.tower_built[b, p] & exists
            tower(start, np.arange(NUM_COLOURS), 0, 1, store - 1)
            out[:, both, I["bricks_spent"]] = 1 / BR
            out[:, both, I["build_cost_marginal"]] = (marginal / BR)[:, None]
            out[:, both, I["build_due_after"]] = ((cost_now + marginal) / BR)[:, None]
            out[:, on, I["tower_is_tallest"]] = exists & (height >= np.take_along_axis(tallest, c_safe, 1))
            store_delta[:, both] = -1

        # ---- fulfil (60-77): tower t, shift d
        ful = A_FULFILL + np.arange(18)
        if playable(ful):
            ft = np.repeat(np.arange(6), 3)
            fd = np.tile(np.arange(-1, 2), 6)
            fc, fh = c_safe[:, ft], height[:, ft]  # [B, 18]
            H = np.clip(fh + fd, 0, self.comm_of.shape[1] - 1)
            cm = np.maximum(self.comm_of[fc, H], 0)
            printed = self.comm_prestige[cm]
            nb3 = np.minimum(nb, 3)
            open_tile = tiles[b, nb3]  # [B]
            balcony = np.where((nb < 4)[:, None] & (self.tile_comm[open_tile][:, None] == cm),
                               self.tile_bonus[open_tile][:, None], 0)  # fmt: skip
            level = (self.level_tile_height[None, None, :] == H[:, :, None]) & ~st.level_tile_taken[:, None, :]
            level = (level * self.level_tile_bonus).sum(2)
            church = st.church.astype(np.int64)  # [B, 4]
            ch = np.maximum(church, 0)
            priv = np.where(church >= 0, self.privilege_pp[ch], 0)
            privilege = (church[:, None, :] >= 0) & (self.privilege_height[ch][:, None, :] == H[:, :, None])
            privilege = (privilege * priv[:, None, :]).sum(2)
            last = (st.seals_left[b, p] == 1) & (st.end_trigger < 0)
            end = np.where(last, self.end_bonus, 0)[:, None]
            out[:, ful, I["commission_height"]] = self.comm_height[cm] / HS
            out[:, ful, I["commission_prestige"]] = printed / PS
            out[:, ful, I["balcony_bonus"]] = balcony / float(max(int(self.tile_bonus.max()), 1))
            out[:, ful, I["level_tile_bonus"]] = level / float(max(int(self.level_tile_bonus.max()), 1))
            out[:, ful, I["privilege_bonus"]] = privilege / float(max(int(self.privilege_pp.max()), 1))
            out[:, ful, I["end_bonus"]] = last[:, None]
            out[:, ful, I["points_now"]] = (printed + balcony + level + privilege + end) / PS
            out[:, ful, I["height_adjust"]] = fd
            mine, rivals, holds = self._majority_standing(owner, p)
            mine_after = (mine[bc, fc] // 8 + 1) * 8 + np.maximum(mine[bc, fc] % 8, cm % 6 + 1)
            gain = (mine_after > rivals[bc, fc]) & ~holds[bc, fc]
            majority = float(max(int(self.majority_bonus.max()), 1))
            out[:, ful, I["majority_gain"]] = gain * self.majority_bonus[fc] / majority
            recognise = T["recognised"][cm]
            out[:, ful, I["recognition_gain"]] = recognise * (hand[:, K["Recognition"]] * self.recognition_pp)[:, None]
            colour_onehot(ful, colour[:, ft])
            tower(ful, fc, fh, 0, store[bc, fc], gone=np.ones((B, 18), bool))
            out[:, ful, I["own_tower_bricks_lost"]] = fh / HS
            out[:, ful, I["own_towers_lost"]] = 1 / S["towers"]

        # ---- bell tower (78): the lowest white tower of 3
        if legal[A_BELL]:
            bell = ((colour == self.bell_colour) & (height == self.bell_height)).any(1)
            out[:, A_BELL, I["tower_height"]] = self.bell_height / HS
            out[:, A_BELL, I["tower_height_change"]] = -self.bell_height / HS
            out[:, A_BELL, I["own_tower_bricks_lost"]] = bell * self.bell_height / HS
            out[:, A_BELL, I["own_towers_lost"]] = bell / S["towers"]

        # ---- brick (79-84): one brick of colour c out of the storehouse
        brick = A_BRICK + np.arange(NUM_COLOURS)
        if playable(brick):
            # the last brick of an exchange, and the Alchemist's or Smuggler's give, bring a brick back
            receiving = ((phase == PH_EXCHANGE_PAY) & (st.pay_left == 1)) | (phase == PH_ALCH_GIVE)
            receiving |= phase == PH_SMUG_GIVE
            pending = st.pending_take[:, 0].astype(np.int64)
            back = receiving[:, None] & (pending[:, None] == np.arange(NUM_COLOURS))  # [B, 6]
            out[:, brick, I["bricks_spent"]] = 1 / BR
            out[:, brick, I["bricks_gained"]] = (receiving / BR)[:, None]
            out[:, brick, I["gained_useful"]] = (receiving[:, None] & (short_now[bc, pending[:, None]] > 0)) / BR
            store_delta[:, brick] = receiving[:, None].astype(np.int64) - 1
            tower(brick, np.arange(NUM_COLOURS), tallest, tallest, store - 1 + back)

        # ---- select tower (85-90): Botch, Collapse, or a tower kept in Tribute / Luxury Tax
        sel = A_SELECT + np.arange(6)
        if playable(sel):
            sc, sh = colour[:, :6], height[:, :6]
            botch = (phase == PH_EV_OWN_TOWER) & (st.event_kind == K["Botch"])
            collapse = (phase == PH_EV_OWN_TOWER) & ~botch
            after = np.where(botch[:, None], sh - self.botch_bricks, np.where(collapse[:, None], 0, sh))
            after = np.maximum(after, 0)
            tower(sel, sc, sh, after, np.take_along_axis(store, c_safe[:, :6], 1))
            colour_onehot(sel, sc)
            out[:, sel, I["own_tower_bricks_lost"]] = (sh - after) / HS
            out[:, sel, I["own_towers_lost"]] = ((after == 0) & (sh > 0) & (botch | collapse)[:, None]) / S["towers"]

        # ---- sabotage (91-108): rival k (1..3), tower t; smuggle (115-132): rival k, colour c
        prestige = st.prestige.astype(np.int64)  # [B, P]
        rival_of = (p[:, None] + (np.arange(18) // 6 + 1)[None, :]) % P  # [B, 18] the rival each names
        rival_diff = (prestige[bc, rival_of] - prestige[b, p][:, None]) / PS
        sab = A_SABOTAGE + np.arange(18)
        if playable(sab):
            slot = np.arange(18) % 6
            rc, rh = t_colour_all[bc, rival_of, slot], t_height_all[bc, rival_of, slot]
            r_store = store_all[bc, rival_of, np.maximum(rc, 0)]
            tower(sab, rc, rh, np.maximum(rh - self.saboteur_bricks, 0), r_store, plan=False)
            colour_onehot(sab, rc)
            out[:, sab, I["rival_bricks_lost"]] = np.minimum(rh, self.saboteur_bricks) / BR
            out[:, sab, I["rival_prestige_diff"]] = rival_diff

        # ---- alchemist (109-114) and smuggle (115-132): a brick of colour c in, one out
        alc = A_ALCHEMIST + np.arange(6)
        smu = A_SMUGGLE + np.arange(18)
        for ids in (alc, smu):
            if playable(ids):
                cc = np.arange(ids.size) % NUM_COLOURS
                out[:, ids, I["bricks_spent"]] = 1 / BR
                out[:, ids, I["bricks_gained"]] = 1 / BR
                out[:, ids, I["gained_useful"]] = (short_now[:, cc] > 0) / BR
                tower(ids, cc, tallest[:, cc], tallest[:, cc], store[:, cc] + 1)
        if playable(smu):
            out[:, smu, I["rival_prestige_diff"]] = rival_diff

        # ---- patrician discard: a celebration's value leaves the hand
        pat = np.asarray(self.patrician_ids)
        if playable(pat):
            recognition = self.hand_kinds == K["Recognition"]
            value = np.where(recognition[None], recognition_now[:, None] / S["celebration"],
                             T["celebration"][self.hand_kinds][None])  # fmt: skip
            out[:, pat, I["celebration_pp_change"]] = -value

        # ---- personnel
        if legal[A_PRINCESS]:
            out[:, A_PRINCESS, I["bricks_saved"]] = np.where(row >= 0, self.card_cost[None], 0).max(1) / BR
        if legal[A_MASON]:
            # the saving on the largest build this turn the storehouse pays for with the Mason
            n = np.arange(self.max_build + 1)
            with_mason = self.cost_table[ws, 1][:, : self.max_build + 1]  # [B, 7]
            affordable = (n[None] >= built[:, None]) & (n[None] - built[:, None] + with_mason <= total[:, None])
            most = np.where(affordable, n[None], built[:, None]).max(1)
            saved = self.cost_table[ws, mason, most] - self.cost_table[ws, 1, most]
            out[:, A_MASON, I["bricks_saved"]] = saved / BR
            out[:, A_MASON, I["construction_discount_change"]] = (
                self.discount_table[ws, 1] - self.discount_table[ws, mason]
            ) / S["discount"]
        if legal[A_ARCHITECT]:
            fulfillable = exact_tab & ((st.seals_left[b, p] > 0) & ~self._campanile_blocks(st, p))[:, None, None]
            ok = [look(fulfillable, c_safe[:, :6], height[:, :6] + d) & exists[:, :6] for d in (-1, 0, 1)]
            out[:, A_ARCHITECT, I["architect_new_fulfilments"]] = ((ok[0] | ok[2]) & ~ok[1]).sum(1) / self.max_build

        # ---- pass (165): by phase (Build: the construction cost and the teardown; EVENT_PATRICIAN:
        # the event resolves; Fulfill: the limits, below)
        if legal[A_PASS]:
            building = phase == PH_BUILD
            abandoned = st.tower_at_start[b, p] & ~st.tower_built[b, p] & exists
            torn_h = np.where(abandoned, height, 0)
            due = np.where(building, cost_now, 0)
            halves = np.where(building, (torn_h // 2).sum(1), 0)
            pass_gained = halves + effects["halves"][:, NUM_SLOTS]
            out[:, A_PASS, I["bricks_spent"]] = due / BR
            out[:, A_PASS, I["bricks_gained"]] = pass_gained / BR
            out[:, A_PASS, I["event_store_loss"]] = effects["paid"][:, NUM_SLOTS] / BR
            out[:, A_PASS, I["own_tower_bricks_lost"]] = (
                np.where(building, torn_h.sum(1), 0) + effects["lost"][:, NUM_SLOTS]) / HS
            out[:, A_PASS, I["own_towers_lost"]] = (
                np.where(building, abandoned.sum(1), 0) + effects["towers"][:, NUM_SLOTS]) / S["towers"]
            out[:, A_PASS, I["rival_bricks_lost"]] = effects["rival"][:, NUM_SLOTS] / BR
            store_delta[:, A_PASS] = pass_gained - due - effects["paid"][:, NUM_SLOTS]

        # ---- the queued tower and colour columns, in one write each
        if towers:
            ids = np.concatenate([t[0] for t in towers])
            c, h_now, h_after, store_after, alive = (np.concatenate([t[k] for t in towers], 1) for k in range(1, 6))
            lack, target, exact = np.moveaxis(look(table, c, h_after), -1, 0)
            lack = np.where(alive, lack, 0)
            columns = np.stack([
                h_now / HS, (h_after - h_now) / HS, lack / HS,
                np.where(alive, np.maximum(0, lack - store_after), 0) / HS, alive & (exact > 0),
                np.where(alive, target, 0) / PS, store_after / BR,
            ], -1)  # fmt: skip
            out[:, ids, I["tower_height"] : I["tower_height"] + len(TOWER_COLUMNS)] = columns
        self._plan_columns(st, p, out, plans, unsealed, numeral, nb, tile_bonus, owner, store, tallest, row_bricks,
                           legal[take], total[:, None] + store_delta, cost, legal[A_MASON])  # fmt: skip
        if colours:
            ids = np.concatenate([t[0] for t in colours])
            c = np.concatenate([t[1] for t in colours], 1)
            out[:, ids, I["colour_white"] : I["colour_white"] + NUM_COLOURS] = c[..., None] == np.arange(NUM_COLOURS)

        # ---- the limits after each action
        after_store = total[:, None] + store_delta
        limit_after = np.where(warehouse_after, self.store_limit_warehouse, self.store_limit)
        out[:, :, I["storehouse_excess_after"]] = np.maximum(0, after_store - limit_after) / BR
        cards = cards_now[:, None] + card_delta[..., 0]
        discardable = discardable_now[:, None] + card_delta[..., 1]
        no_limit = warehouse_after if self.warehouse_card_limit is None else np.zeros_like(warehouse_after)
        card_limit = self.card_limit if self.warehouse_card_limit is None else np.where(
            warehouse_after, self.warehouse_card_limit, self.card_limit)
        excess = np.minimum(np.maximum(0, cards - card_limit), np.maximum(discardable, 0))
        out[:, :, I["card_limit_excess_after"]] = np.where(no_limit, 0, excess)
        return out

    # ------------------------------------------------------------------ helpers

    def _plan_columns(self, st, p, out, plans, unsealed, numeral, nb, tile_bonus, owner, store, tallest, row_bricks,
                      take_legal, total_after, cost, legal_mason) -> None:
        """The plan columns: ``plan_*`` of the actions ``plans`` queued (ids, colour, height the plan
        starts from, bricks of the colour, each [B, n]), ``spare_bricks``, ``mason_reach_points``
        and the ``take_*`` columns of the card row; ``total_after`` (int[B, A]) is the storehouse
        each action leaves, ``cost`` (int[B, 6]) the card costs."""
        I, S = self._fi, self._feature_scales
        B = st.batch_size
        b = np.arange(B)
        bc = b[:, None]
        L = 6
        heights = self.comm_height.reshape(NUM_COLOURS, L)  # [colour, level]
        # what each commission scores when fulfilled (as the board stands): printed + balcony +
        # level tile + privileges + the end bonus on the last seal
        H = self.comm_height[None, :]  # [1, 36]
        level = (self.level_tile_height[None, None, :] == H[:, :, None]) & ~st.level_tile_taken[:, None, :]
        points = self.comm_prestige[None, :] + tile_bonus + (level * self.level_tile_bonus).sum(2)
        church = st.church.astype(np.int64)
        ch = np.maximum(church, 0)
        priv = (church[:, None, :] >= 0) & (self.privilege_height[ch][:, None, :] == H[:, :, None])
        points = points + (priv * self.privilege_pp[ch][:, None, :]).sum(2)
        last = (st.seals_left[b, p] == 1) & (st.end_trigger < 0)
        points = points + np.where(last, self.end_bonus, 0)[:, None]  # [B, 36]
        # majority: would this seal make the player the colour's holder (he is not now)
        mine, rivals, holds = self._majority_standing(owner, p)
        after = (mine[:, :, None] // 8 + 1) * 8 + np.maximum(mine[:, :, None] % 8, np.arange(1, L + 1)[None, None])
        majority = (after > rivals[:, :, None]) & ~holds[:, :, None]  # [B, 6c, 6L]
        later = (numeral >= 0) & (numeral != nb[:, None])
        tabs = np.stack([unsealed, later, points, majority.reshape(B, -1)], -1).reshape(B, NUM_COLOURS, L, 4)
        built = st.bricks_built.astype(np.int64)[:, None, None]
        ws = st.buildings[b, p, self.KB["Workshop"]].astype(np.int64)[:, None, None]
        mason = st.mason_active.astype(np.int64)[:, None, None]

        if plans:
            ids = np.concatenate([t[0] for t in plans])
            c, h, s_c = (np.concatenate([t[k] for t in plans], 1) for k in range(1, 4))
            cs = np.maximum(c, 0)
            tab = tabs[bc, cs]  # [B, n, 6L, 4]
            Hc = heights[cs]  # [B, n, 6L]
            # this turn's Build phase: still to come or under way (before it ends: no construction paid yet)
            ahead = np.isin(st.phase, (PH_CHOOSE, PH_PAY_CARD, PH_EV_PATRICIAN, PH_EV_OWN_TOWER, PH_EV_DISCARD,
                                       PH_EV_KEEP, PH_EV_PAY, PH_EXCHANGE, PH_EXCHANGE_PAY, PH_BUILD))  # fmt: skip
            ahead |= np.isin(st.phase, (PH_ALCH_GIVE, PH_SMUG_GIVE)) & np.isin(
                st.return_phase, (PH_CHOOSE, PH_EXCHANGE, PH_BUILD))
            def levels(h, s_c, total, n_built):
                """(open, bricks to build, missing, reachable this turn) per level [B, n, 6L] of colour c
                from a tower of height h (int[B, n]) with s_c bricks of it, total bricks, n_built this turn."""
                is_open = (tab[..., 0] > 0) & (Hc >= h[..., None]) & (c >= 0)[..., None]
                build = np.where(is_open, Hc - h[..., None], 0)
                missing = np.where(is_open, np.maximum(0, build - s_c[..., None]), 0)
                n_turn = n_built + build
                due = self.cost_table[ws, mason, np.minimum(n_turn, self.max_build)]
                reach = is_open & (build <= s_c[..., None]) & (n_turn <= self.max_build)
                reach &= build + due <= total[..., None]
                return is_open, build, missing, np.where(ahead[:, None, None], reach, is_open & (build == 0))

            builds = ((ids >= A_BUILD_ON) & (ids < A_START + NUM_COLOURS))[None, :, None]  # the action's own brick
            is_open, build, missing, this_turn = levels(h, s_c, total_after[:, ids], built + builds)
            was_open, _, was_missing, was_reach = levels(tallest[bc, cs], store[bc, cs], store.sum(1)[:, None], built)

            def best(ok):
                return np.where(ok, tab[..., 2], 0).max(-1) / S["prestige"]

            supplied, reached = best(is_open & (missing == 0)), best(this_turn)
            out[:, ids, I["plan_supplied_points"]] = supplied
            out[:, ids, I["plan_reach_points"]] = reached
            out[:, ids, I["plan_supplied_points_change"]] = supplied - best(was_open & (was_missing == 0))
            out[:, ids, I["plan_reach_points_change"]] = reached - best(was_reach)
            cols = np.stack([is_open, is_open & (tab[..., 1] > 0), build / S["height"], missing / S["height"],
                             np.where(is_open, tab[..., 2], 0) / S["prestige"], this_turn,
                             is_open & (tab[..., 3] > 0)], -1)
            first = I["plan_level1_open"]
            out[:, ids, first : first + 7 * L] = cols.reshape(B, len(ids), 7 * L)
            count = (st.tower_colour[b, p].astype(np.int64)[:, None, :] == np.arange(NUM_COLOURS)[None, :, None]).sum(2)
            out[:, ids, I["colour_towers"]] = np.where(c >= 0, count[bc, cs], 0) / self.max_build
        open_c = unsealed.reshape(B, NUM_COLOURS, L) & (heights[None] >= tallest[:, :, None])  # [B, 6, 6L]
        need = np.where(open_c, heights[None] - tallest[:, :, None], 0)
        top = need.max(-1)  # [B, 6] bricks to the tallest open commission (0: none left)
        out[:, :, I["spare_bricks"]] = (np.maximum(0, store - top).sum(1) / S["bricks"])[:, None]

        pts = points.reshape(B, NUM_COLOURS, L)

        def reach(bricks, total, mason, built=0):
            """Points summed over the colours of the best open commission each could reach on its own
            in this turn's Build phase: bricks int[B, n, 6], total int[B, n], mason int[B, 1, 1]."""
            n_turn = need + built
            due = self.cost_table[ws, mason, np.minimum(n_turn, self.max_build)]  # [B, 6, 6L]
            ok = (open_c & (n_turn <= self.max_build))[:, None] & (need[:, None] <= bricks[..., None])
            ok &= (need + due)[:, None] <= total[..., None, None]
            return np.where(ok, pts[:, None], 0).max(-1).sum(-1)

        if legal_mason.any():
            total = store.sum(1)[:, None]
            now = reach(store[:, None, :], total, mason, built)
            later = reach(store[:, None, :], total, np.ones((B, 1, 1), np.int64), built)
            out[:, A_MASON, I["mason_reach_points"]] = (later - now)[:, 0] / S["prestige"]

        # a card taken: the best fully supplied commission per colour, before and with its bricks
        if take_legal.any():

            def supplied(bricks):  # bricks int[B, ..., 6] -> points summed over the colours [B, ...]
                extra = (1,) * (bricks.ndim - 2)
                ok = open_c.reshape((B,) + extra + open_c.shape[1:]) & (
                    need.reshape((B,) + extra + need.shape[1:]) <= bricks[..., None])
                return np.where(ok, pts.reshape((B,) + extra + pts.shape[1:]), 0).max(-1).sum(-1)

            before = supplied(store)
            with_card = supplied(store[:, None, :] + row_bricks)  # [B, 6 slots]
            take = A_TAKE + np.arange(NUM_SLOTS)
            out[:, take, I["take_supplied_points"]] = (with_card - before[:, None]) / S["prestige"]
            lack = np.maximum(0, top - store)
            useful = np.minimum(row_bricks, lack[:, None, :])  # [B, 6 slots, 6 colours]
            out[:, take, I["take_useful_all"]] = useful.sum(2) / S["bricks"]
            first = I[f"take_{self.colour_names[0]}_bricks"]
            out[:, take, first : first + 2 * NUM_COLOURS : 2] = row_bricks / S["bricks"]
            out[:, take, first + 1 : first + 2 * NUM_COLOURS : 2] = useful / S["bricks"]
            # reachable in the coming Build phase, each colour on its own: its bricks, at most 6 a turn,
            # and the construction cost paid from the storehouse (after the card cost)
            now = reach(store[:, None, :], store.sum(1)[:, None], mason)
            after = reach(store[:, None, :] + row_bricks, store.sum(1)[:, None] + row_bricks.sum(2) - cost, mason)
            out[:, take, I["take_reach_points"]] = (after - now) / S["prestige"]

    def _majority_standing(self, owner: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each colour's majority as the seals stand (rulebook "Final Scoring": most seals on the
        colour, ties to the highest seal), from ``owner`` int[B, 36] (the seat that sealed each
        commission, -1 none): seat ``p``'s key and the best rival's, int[B, 6] each (seals * 8 +
        the highest sealed level, 1-6), and bool[B, 6] whether ``p`` holds the colour now."""
        B, P = owner.shape[0], self.num_players
        seals = owner.reshape(B, 1, NUM_COLOURS, 6) == np.arange(P)[None, :, None, None]  # [B, P, 6c, 6L]
        key = seals.sum(3) * 8 + np.where(seals, np.arange(1, 7), 0).max(3)  # [B, P, 6]
        mine = key[np.arange(B), p]
        rivals = np.where((np.arange(P)[None, :] == p[:, None])[:, :, None], -1, key).max(1)
        return mine, rivals, (mine > rivals) & (mine > 0)

    def _campanile_blocks(self, st: FirenzeState, p: np.ndarray) -> np.ndarray:
        """bool[B]: the Campanile stands and seat ``p`` has not built its bell tower (no other
        commission until it has)."""
        b = np.arange(st.batch_size)
        return (st.church == self.K["Campanile"]).any(1) & ~st.campanile_sealed[b, p]

    @staticmethod
    def _pay_by_rule(store: np.ndarray, has_tower: np.ndarray, n: np.ndarray) -> np.ndarray:
        """int[..., 6]: ``store`` (int[..., 6]) after paying ``n`` (int[...]) bricks by the online
        rule the data names (``auto_discard``): colours without a tower first, then colour order."""
        order = np.argsort(has_tower * NUM_COLOURS + np.arange(NUM_COLOURS), axis=-1, kind="stable")
        order = order + np.zeros(store.shape, np.int64)
        ranked = np.take_along_axis(store, order, -1)  # in paying order
        before = np.cumsum(ranked, -1) - ranked  # paid by the colours ahead
        pay = np.minimum(np.maximum(np.asarray(n)[..., None] - before, 0), ranked)
        out = np.empty_like(store)
        np.put_along_axis(out, order, ranked - pay, -1)
        return out

    def _event_effects(self, storehouse, tower_colour, tower_height, p, kind, own_store) -> dict:
        """What events ``kind`` (int[B, E], -1 none) would do in B games (``storehouse`` int[B, P, 6],
        ``tower_colour`` and ``tower_height`` int[B, P, 12]), taken by seat ``p`` (int[B]) whose
        storehouse the event finds as ``own_store`` (int[B, E, 6]); every seat keeps its best
        options (the rulebook lets each pay and choose; a short seat keeps its tallest towers).
        Events strike outside the Build phase, where a site holds at most ``max_build`` towers.
        Returns int[B, E] arrays: ``paid`` (bricks from p's storehouse), ``halves`` (bricks back to
        it from torn towers), ``lost`` (bricks leaving p's towers), ``towers`` (p's towers gone),
        ``rival`` (bricks the other seats lose to the pouch)."""
        K, P = self.K, self.num_players
        B, E = kind.shape
        b = np.arange(B)
        stores = np.repeat(storehouse.astype(np.int64)[:, None], E, 1)  # [B, E, P, 6]
        stores[b, :, p] = own_store
        totals = stores.sum(3)  # [B, E, P]
        colour = tower_colour[:, :, : self.max_build].astype(np.int64)  # [B, P, 6]
        height = tower_height[:, :, : self.max_build].astype(np.int64)
        exists = colour >= 0
        slot = np.arange(self.max_build)
        before = (height[..., None, :] > height[..., :, None]) | (
            (height[..., None, :] == height[..., :, None]) & (slot[None, :] < slot[:, None])
        )  # [B, P, t, u]: u ranks before t (taller, or as tall and lower)
        same = (colour[..., None, :] == colour[..., :, None]) & exists[..., None, :]
        rank_colour = (before & same).sum(3)  # [B, P, 12] among the towers of its colour
        tall = exists & (height >= self.lux_min_height)
        rank_tall = (before & tall[..., None, :]).sum(3)  # among the towers Luxury Tax hits
        per_colour = (exists[..., None] & (colour[..., None] == np.arange(NUM_COLOURS))).sum(2)  # [B, P, 6]
        # Tribute: one brick of each tower's colour; towers not paid for are torn down
        tribute_paid = np.minimum(per_colour[:, None], stores).sum(3)  # [B, E, P]
        kept = rank_colour[:, None] < np.take_along_axis(
            stores, np.maximum(colour, 0)[:, None].repeat(E, 1), 3)  # [B, E, P, 12]
        tribute_torn = exists[:, None] & ~kept
        # Luxury Tax: 2 bricks per tower of 5+; the tallest are paid for as far as the bricks go
        m = np.minimum(tall.sum(2)[:, None], totals // self.lux_per_tower)  # [B, E, P]
        lux_torn = tall[:, None] & ~(rank_tall[:, None] < m[..., None])
        is_ = {name: kind == K[name] for name in ("Tribute", "Luxury Tax", "Flood", "Storehouse Fire", "Botch",
                                                   "Collapse")}  # fmt: skip
        torn = np.where(is_["Tribute"][..., None, None], tribute_torn,
                        is_["Luxury Tax"][..., None, None] & lux_torn)  # fmt: skip
        h = height[:, None]  # [B, 1, P, 12]
        torn_h = np.where(torn, h, 0)
        paid = np.where(is_["Tribute"][..., None], tribute_paid, 0)
        paid += np.where(is_["Luxury Tax"][..., None], m * self.lux_per_tower, 0)
        paid += np.where(is_["Flood"][..., None], -(-totals // self.flood_divisor), 0)  # every seat
        mine = np.arange(P)[None, None, :] == p[:, None, None]  # [B, 1, P]
        fire = np.minimum(totals, self.fire_bricks)
        paid += np.where(is_["Storehouse Fire"][..., None] & mine, fire, 0)
        lost = torn_h.sum(3)  # [B, E, P]
        halves = (torn_h // 2).sum(3)
        count = torn.sum(3)
        own_h = height[b, p]  # [B, 12]
        has = own_h.max(1) > 0
        smallest = np.where(own_h > 0, own_h, 10**6).min(1)
        botch_lost = np.where(has, np.minimum(self.botch_bricks, own_h.max(1)), 0)
        botch_gone = has & (own_h.max(1) <= self.botch_bricks)
        paid_p, lost_p = paid[b, :, p], lost[b, :, p]
        lost_p = np.where(is_["Botch"], botch_lost[:, None], lost_p)
        lost_p = np.where(is_["Collapse"], np.where(has, smallest, 0)[:, None], lost_p)
        towers_p = count[b, :, p]
        towers_p = np.where(is_["Botch"], botch_gone[:, None], towers_p)
        towers_p = np.where(is_["Collapse"], has[:, None], towers_p)
        rival = np.where(mine, 0, paid + lost - halves).sum(2)
        return {"paid": paid_p, "halves": halves[b, :, p], "lost": lost_p, "towers": towers_p.astype(np.int64),
                "rival": rival}  # fmt: skip
