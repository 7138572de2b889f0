"""The declared schema of ``florenza_cards_data.json`` (see :mod:`florentine_envs.data_schema`).

Bounds kept: a holding or cost of a resource below 128 (the byte-wise affordability test of
``masks.py``), at most 127 Florenza cards, artist cards and monuments (int8 ids and counts), an
artist's value an int8, money an int32 (the whole money supply at most 10**6), prestige an
int16 (``visible_pp``: 127 cards and monuments of at most 100 each, plus their artists).
"""

from __future__ import annotations

from ...data_schema import Int, ListOf, MapOf, Rec, Str, fail

RESOURCES = ("marble", "wood", "gold", "metal", "fabric", "spice")
TYPES = ("architect", "painter", "sculptor")
PLAYERS = ("2", "3", "4")
DECKS = ("I", "II", "III")
CLASSES = ("residence", "workshop", "guild", "district_church", "district_building", "family_palace", "preacher")
GUILD_EFFECTS = (
    "extra_resource_income", "pp_per_workshop_3", "artist_discount_50", "monument_discount_50", "pp_per_abc_set_5",
    "pp_per_residence_3", "pp_per_monument_3", "set_bonus_plus_2",
)  # fmt: skip
LOCATION_EFFECTS = ("gain", "sell", "barter", "captain")
MAX_ITEMS = 127  # int8 ids and counts

MONEY = Int(0, 10_000)
AMOUNT = Int(0, 20)
PRESTIGE = Int(0, 100)
VALUE = Int(0, 50)
PER_PLAYERS = lambda spec: MapOf(spec, PLAYERS)  # noqa: E731
TYPE_LIST = ListOf(Str(TYPES), (1, 3), distinct=True)


def bag(money: bool = True) -> Rec:
    """A cost or income: some resources (and money), each at most once."""
    fields = {r: AMOUNT for r in RESOURCES} | ({"money": MONEY} if money else {})
    return Rec(fields, optional=fields)


def _totals(d: dict, path: str, root: dict) -> None:
    c = d["constants"]
    arts = d["artists"]
    copies = sum(len(a["values"]) for a in arts)
    if copies > MAX_ITEMS:
        fail(path + ".artists[*].values", copies, f"{MAX_ITEMS} artist cards at most (int8 ids)")
    if len(d["monuments"]) < c["monuments_initial"]:
        fail(path + ".constants.monuments_initial", c["monuments_initial"],
             f"at most the {len(d['monuments'])} monuments (the first row is laid out from the deck)")  # fmt: skip
    for p in PLAYERS:
        cards = [sum(x["copies"][deck][p] for x in d["florenza_cards"]) for deck in DECKS]
        if sum(cards) > MAX_ITEMS:
            fail(f"{path}.florenza_cards[*].copies", sum(cards), f"{MAX_ITEMS} cards at most with {p} players")
        if cards[0] < c["starting_hand_size"] * int(p):
            fail(f"{path}.florenza_cards[*].copies.I['{p}']", cards[0],
                 f"Deck I must hold the set-up deal ({c['starting_hand_size']} cards) of {p} players")  # fmt: skip
        if copies < 5 * c["artists_per_round"][p]:
            fail(f"{path}.constants.artists_per_round['{p}']", c["artists_per_round"][p],
                 f"the {copies} artist cards must last five rounds")  # fmt: skip
        if d["money_supply"] < int(p) * c["starting_money"]:
            fail(path + ".constants.starting_money", c["starting_money"], f"the money supply for {p} players")
        for r in RESOURCES:
            if d["resource_supply"][r] < int(p) * c["starting_resources"].get(r, 0):
                fail(f"{path}.constants.starting_resources.{r}", c["starting_resources"][r],
                     f"the {r} supply for {p} players")  # fmt: skip
    locs = d["locations"]
    captains = [i for i, x in enumerate(locs) if x["effect"] == "captain"]
    for name in ("copies_by_players", "marked_copies_by_players"):
        if len(captains) != 1 or any(locs[captains[0]][name][p] != 1 for p in PLAYERS):
            fail(path + ".locations", [x["effect"] for x in locs], "exactly one New Captain location, one copy")
    for i, x in enumerate(locs):
        if ("resource" in x) != (x["effect"] in ("gain", "sell")):
            fail(f"{path}.locations[{i}]", x, "a resource exactly on the gain and sell locations")
    for i, x in enumerate(d["florenza_cards"]):
        artwork = x["class"] in ("family_palace", "district_church")
        if artwork != bool(x.get("artist_types")):
            fail(f"{path}.florenza_cards[{i}].artist_types", x.get("artist_types"),
                 "artist types exactly on family palaces and district churches")  # fmt: skip
        if (x["class"] == "guild") != ("guild_effect" in x):
            fail(f"{path}.florenza_cards[{i}].guild_effect", x.get("guild_effect"), "an effect exactly on guilds")


CARD_FIELDS = ("prestige", "artist_types", "income", "extra_action_slot", "extra_cards_drawn", "guild_effect")
SCHEMA = Rec({
    "resource_supply": Rec({r: Int(0, MAX_ITEMS) for r in RESOURCES}),
    "money_supply": Int(0, 1_000_000),
    "locations": ListOf(Rec({
        "id": Str(), "name": Str(), "effect": Str(LOCATION_EFFECTS), "resource": Str(RESOURCES),
        "copies_by_players": PER_PLAYERS(Int(0, 20)), "marked_copies_by_players": PER_PLAYERS(Int(0, 20)),
    }, optional=("resource",)), (1, 30), unique="id"),
    "artists": ListOf(Rec({
        "id": Str(), "name": Str(), "type": Str(TYPES), "cost": MONEY, "values": ListOf(VALUE, (1, 10)),
    }), (1, MAX_ITEMS), unique="id"),
    "anonymous_artists": Rec({t: Rec({"cost": MONEY, "value": VALUE}) for t in TYPES}),
    "monuments": ListOf(Rec({
        "id": Str(), "location": Str(), "name": Str(), "cost": bag(), "prestige": PRESTIGE, "artist_types": TYPE_LIST,
    }), (1, MAX_ITEMS), unique="id"),
    "florenza_cards": ListOf(Rec({
        "id": Str(), "name": Str(), "class": Str(CLASSES), "cost": bag(), "prestige": PRESTIGE,
        "artist_types": TYPE_LIST, "income": bag(), "extra_action_slot": Int(5, 8), "extra_cards_drawn": Int(0, 3),
        "guild_effect": Str(GUILD_EFFECTS), "copies": Rec({deck: PER_PLAYERS(Int(0, MAX_ITEMS)) for deck in DECKS}),
    }, optional=CARD_FIELDS), (1, MAX_ITEMS), unique="id"),
    "constants": Rec({
        "artists_per_round": PER_PLAYERS(Int(1, 25)), "monuments_initial": Int(1, 20),
        "monuments_per_round": Int(0, 20), "monuments_kept": Int(0, 20), "starting_hand_size": Int(0, 10),
        "starting_money": MONEY, "starting_resources": bag(money=False), "cards_drawn_per_round_base": Int(0, 10),
        "income_base": bag(), "location_gain_amount": Int(0, 10), "location_sell_price": MONEY,
        "send_workers_money": MONEY, "market_sell_price": MONEY, "market_buy_price": MONEY, "set_bonus_pp": PRESTIGE,
        "majority_pp_resources": ListOf(PRESTIGE, 3), "majority_pp_money": ListOf(PRESTIGE, 3),
        "final_captain_pp": PRESTIGE,
    }),
}, checks=[_totals])  # fmt: skip
