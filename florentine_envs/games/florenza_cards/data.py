"""Florenza: The Card Game's component data: the packaged ``florenza_cards_data.json``, the
``data=`` override (a dict patch merged into it, or a path to a complete replacement file),
its validation, and the numpy tables the engine reads (:class:`Tables`, SPEC §2)."""

from __future__ import annotations

import numpy as np

from florentine_envs.data_schema import load_checked

from .constants import NUM_RESOURCES, NUM_SLOTS, NUM_TYPES
from .schema import CLASSES, DECKS, GUILD_EFFECTS, LOCATION_EFFECTS, SCHEMA

# The ``locations`` option: which copies-per-player-count table of the location data is laid out.
# "all": the rulebook's "Place the 17 Location cards" at every count (DESIGN_NOTES 13); "by_player_count":
# the public port's 14 / 16 / 17, as if the cards carried player-count marks like the Florenza cards.
LOCATION_TABLES = {"all": "copies_by_players", "by_player_count": "marked_copies_by_players"}
G_MERCHANTS, G_CRAFTSMEN, G_ART_COLLEGE, G_MASTER_BUILDER, G_PATRON, G_LANDLORD, G_PROTECTOR, G_LORD = range(8)
L_GAIN, L_SELL, L_BARTER, L_CAPTAIN = range(4)


def load_data(data=None) -> dict:
    """The component data: the packaged file; ``data`` is a dict patch merged into it (nested
    dicts merge, anything else -- lists included -- replaces) or a path to a complete file."""
    return load_checked("florenza_cards", __package__, "florenza_cards_data.json", data, SCHEMA)


def _costs(entries: list, names: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(int64[n, 6] resources, int64[n] money) of the ``cost`` (or ``income``) dicts given."""
    res = np.zeros((len(entries), NUM_RESOURCES), np.int64)
    money = np.zeros(len(entries), np.int64)
    for i, cost in enumerate(entries):
        for name, amount in cost.items():
            if name == "money":
                money[i] = int(amount)
            elif name in names:
                res[i, names.index(name)] = int(amount)
            else:
                raise ValueError(f"florenza_cards: unknown resource {name!r} in a cost or income; allowed: "
                                 f"{', '.join(names)}, money")  # fmt: skip
    if (res < 0).any() or (money < 0).any():
        raise ValueError("florenza_cards: costs and incomes must not be negative")
    return res, money


def _types(entries: list, types: list[str]) -> np.ndarray:
    """bool[n, 3]: the artist types each entry accepts."""
    out = np.zeros((len(entries), NUM_TYPES), bool)
    for i, listed in enumerate(entries):
        for t in listed:
            if t not in types:
                raise ValueError(f"florenza_cards: unknown artist type {t!r}; allowed: {', '.join(types)}")
            out[i, types.index(t)] = True
    return out


class Tables:
    """Every component table as numpy arrays for ``num_players`` and the ``guilds`` and
    ``locations`` options (SPEC §2). ``ValueError`` names what is wrong with malformed data."""

    def __init__(self, d: dict, num_players: int, guilds: bool, locations: str = "all"):
        try:
            self._read(d, num_players, guilds, LOCATION_TABLES[locations])
        except (KeyError, TypeError, IndexError, AttributeError) as err:
            raise ValueError(f"florenza_cards: component data is malformed ({type(err).__name__}: {err})") from None
        self._validate()

    def _read(self, d: dict, P: int, guilds: bool, loc_table: str) -> None:
        key = str(P)
        self.P = P
        self.resource_names = list(d["resources"])
        if len(self.resource_names) != NUM_RESOURCES:
            raise ValueError(f"florenza_cards: data must name {NUM_RESOURCES} resources, got {self.resource_names}")
        names = self.resource_names
        self.supply0 = np.array([int(d["resource_supply"][r]) for r in names], np.int64)  # [6]
        self.money0 = int(d["money_supply"])
        self.type_names = list(d["artist_types"])
        if len(self.type_names) != NUM_TYPES:
            raise ValueError(f"florenza_cards: data must name {NUM_TYPES} artist types, got {self.type_names}")
        c = d["constants"]
        self.rounds = int(c["rounds"])
        self.artists_per_round = int(c["artists_per_round"][key])
        self.monuments_initial = int(c["monuments_initial"])
        self.monuments_per_round = int(c["monuments_per_round"])
        self.monuments_kept = int(c["monuments_kept"])
        self.hand_size0 = int(c["starting_hand_size"])
        self.money_start = int(c["starting_money"])
        self.res_start = np.array([int(c["starting_resources"].get(r, 0)) for r in names], np.int64)
        self.draw_base = int(c["cards_drawn_per_round_base"])
        base_res, base_money = _costs([c["income_base"]], names)
        self.income_base_res, self.income_base_money = base_res[0], int(base_money[0])
        self.gain_amount = int(c["location_gain_amount"])
        self.location_sell_price = int(c["location_sell_price"])
        self.workers_money = int(c["send_workers_money"])
        self.market_sell_price = int(c["market_sell_price"])
        self.market_buy_price = int(c["market_buy_price"])
        self.set_bonus = int(c["set_bonus_pp"])
        self.majority_res = [int(x) for x in c["majority_pp_resources"]]
        self.majority_money = [int(x) for x in c["majority_pp_money"]]
        self.captain_pp = int(c["final_captain_pp"])

        cards = d["florenza_cards"]
        self.K = len(cards)
        self.card_ids = [x["id"] for x in cards]
        self.card_names = [x["name"] for x in cards]
        self.card_class = [x["class"] for x in cards]
        for cls in self.card_class:
            if cls not in CLASSES:
                raise ValueError(f"florenza_cards: unknown card class {cls!r}; allowed: {', '.join(CLASSES)}")
        self.card_cost_res, self.card_cost_money = _costs([x.get("cost", {}) for x in cards], names)  # [K, 6], [K]
        self.card_prestige = np.array([int(x.get("prestige", 0)) for x in cards], np.int64)  # [K]
        self.card_types = _types([x.get("artist_types", []) for x in cards], self.type_names)  # [K, 3]
        self.card_needs_artist = self.card_types.any(1)  # [K] artwork kinds
        self.card_income_res, self.card_income_money = _costs([x.get("income", {}) for x in cards], names)
        slots = [int(x.get("extra_action_slot", 0)) for x in cards]
        for s in slots:
            if s and not 5 <= s <= NUM_SLOTS:
                raise ValueError(f"florenza_cards: extra_action_slot must be 5..{NUM_SLOTS}, got {s}")
        self.card_slot = np.array([s - 1 if s else -1 for s in slots], np.int64)  # [K] 0-based slot, -1 none
        self.card_draws = np.array([int(x.get("extra_cards_drawn", 0)) for x in cards], np.int64)  # [K]
        self.card_guild = np.full(self.K, -1, np.int64)  # [K] guild effect index
        for k, x in enumerate(cards):
            if self.card_class[k] == "guild":
                if x.get("guild_effect") not in GUILD_EFFECTS:
                    raise ValueError(f"florenza_cards: unknown guild effect {x.get('guild_effect')!r}; "
                                     f"allowed: {', '.join(GUILD_EFFECTS)}")  # fmt: skip
                self.card_guild[k] = GUILD_EFFECTS.index(x["guild_effect"])
        cls = np.array(self.card_class)
        for name in CLASSES:
            setattr(self, f"is_{name}", cls == name)  # bool[K] per class
        self.n_deck = np.array([[int(x["copies"][deck][key]) for x in cards] for deck in DECKS], np.int64)  # [3, K]
        if not guilds:
            self.n_deck[:, self.is_guild] = 0
        self.n = self.n_deck.sum(0)  # [K] copies in this game
        self.N = int(self.n.sum())
        self.fbase = np.concatenate([[0], np.cumsum(self.n)[:-1]])  # [K] first canonical item id
        self.item_kind = np.repeat(np.arange(self.K), self.n)  # [N]

        mons = d["monuments"]
        self.M = len(mons)
        self.mon_ids = [x["id"] for x in mons]
        self.mon_names = [f"{x['location']} {x['name']}" for x in mons]
        self.mon_cost_res, self.mon_cost_money = _costs([x["cost"] for x in mons], names)  # [M, 6], [M]
        self.mon_prestige = np.array([int(x["prestige"]) for x in mons], np.int64)  # [M]
        self.mon_types = _types([x["artist_types"] for x in mons], self.type_names)  # [M, 3]

        arts = d["artists"]
        self.AK = len(arts)
        self.art_ids = [x["id"] for x in arts]
        self.art_names = [x["name"] for x in arts]
        self.art_type = np.array([self.type_names.index(x["type"]) for x in arts], np.int64)  # [AK]
        self.art_cost = np.array([int(x["cost"]) for x in arts], np.int64)  # [AK]
        self.art_copies = np.array([len(x["values"]) for x in arts], np.int64)  # [AK]
        self.NA = int(self.art_copies.sum())
        self.abase = np.concatenate([[0], np.cumsum(self.art_copies)[:-1]])  # [AK]
        self.copy_kind = np.repeat(np.arange(self.AK), self.art_copies)  # [NA]
        self.copy_value = np.array([int(v) for x in arts for v in x["values"]], np.int64)  # [NA]
        self.copy_type = self.art_type[self.copy_kind]  # [NA]
        anon = d["anonymous_artists"]
        self.anon_cost = np.array([int(anon[t]["cost"]) for t in self.type_names], np.int64)  # [3]
        self.anon_value = np.array([int(anon[t]["value"]) for t in self.type_names], np.int64)  # [3]

        locs = d["locations"]
        self.L = len(locs)
        self.loc_ids = [x["id"] for x in locs]
        self.loc_names = [x["name"] for x in locs]
        self.loc_effect = np.array([LOCATION_EFFECTS.index(x["effect"]) for x in locs], np.int64)  # [L]
        self.loc_res = np.array([names.index(x["resource"]) if "resource" in x else -1 for x in locs], np.int64)
        self.loc_copies = np.array([int(x[loc_table][key]) for x in locs], np.int64)  # [L]

    def _validate(self) -> None:
        def need(cond: bool, what: str) -> None:
            if not cond:
                raise ValueError(f"florenza_cards: component data: {what}")

        need((self.supply0 >= 0).all() and self.money0 >= 0, "supplies must not be negative")
        # the byte-wise affordability test (masks.py) needs every holding and cost below 128
        need(self.supply0.max() < 128 and self.card_cost_res.max() < 128 and self.mon_cost_res.max() < 128,
             "resource supplies and costs must stay below 128")  # fmt: skip
        need(self.rounds == 5, "the game has 5 rounds (the round table of Phase 2 names five)")
        need(int((self.loc_effect == L_CAPTAIN).sum()) == 1, "exactly one location must be the New Captain card")
        need(int(self.loc_copies[self.loc_effect == L_CAPTAIN].sum()) == 1, "there is one New Captain card")
        need((self.loc_copies >= 0).all(), "location copies must not be negative")
        need(((self.loc_res >= 0) == np.isin(self.loc_effect, (L_GAIN, L_SELL))).all(),
             "gain and sell locations (only they) name a resource")  # fmt: skip
        need((self.n_deck >= 0).all(), "card copies must not be negative")
        need((self.art_copies >= 1).all(), "every artist needs at least one value")
        need(self.NA <= 127 and self.N <= 127 and self.M <= 127, "at most 127 cards of each sort (int8 ids)")
        need(int(self.n_deck[0].sum()) >= self.hand_size0 * self.P, "Deck I must hold the set-up deal of every player")
        need(self.M >= self.monuments_initial, "the monument deck must fill the first row")
        need(self.NA >= self.rounds * self.artists_per_round, "the artist deck must last five rounds")
        need(self.monuments_kept >= 0 and self.monuments_per_round >= 0, "monument counts must not be negative")
        need(self.money0 >= self.P * self.money_start and (self.supply0 >= self.P * self.res_start).all(),
             "the supply must give every player the starting money and resources")  # fmt: skip
        need(len(self.majority_res) == 3 and len(self.majority_money) == 3, "majorities score three places")
        need(self.card_needs_artist.sum() == (self.is_family_palace | self.is_district_church).sum()
             and not (self.card_needs_artist & ~(self.is_family_palace | self.is_district_church)).any(),
             "exactly the family palaces and district churches need an artist")  # fmt: skip
        need(not (self.mon_types.sum(1) == 0).any(), "every monument needs an artist type")
