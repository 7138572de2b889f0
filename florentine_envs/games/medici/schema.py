"""The declared schema of Medici's ``cards.json`` (see :mod:`florentine_envs.data_schema`).

Ranges keep play inside the engine's integer types and the observation bounds that
``Medici.obs_field_bounds`` derives from the data: a ship's value is an int16 and its icons of
a colour an int8, so the cards of the whole deck may hold at most 32,767 value points and at
most 127 icons of a colour; card ids are int16.
"""

from __future__ import annotations

from ...data_schema import INT8_MAX, INT16_MAX, Bool, Int, ListOf, MapOf, Nullable, Rec, Str, fail

PLAYER_COUNTS = ("2", "3", "4", "5", "6")
MAX_CARDS = 1000  # a deck ten times the published one; the market line observation grows with it
MAX_KINDS = 64
MAX_PAYOUT = 1000  # florins per place or bonus; three days of the largest payouts stay far inside int32


def _colours(d):
    return d["colours"]


def _kinds_totals(kinds: list, path: str, root: dict) -> None:
    names = [k["name"] for k in kinds]
    if len(set(names)) != len(names):
        fail(path, names, "kinds with distinct names")
    cards = sum(k["copies"] for k in kinds)
    if not 1 <= cards <= MAX_CARDS:
        fail(path + "[*].copies", cards, f"a deck of 1..{MAX_CARDS} cards in all")
    value = sum(k["copies"] * k["value"] for k in kinds)
    if value > INT16_MAX:  # a ship may load every green card and the best non-green ones: an int16
        fail(path + "[*].value", value, f"cards worth {INT16_MAX} in all at most (a ship's value is an int16)")
    for colour in root["colours"]:
        icons = sum(k["copies"] * k["icons"] for k in kinds if k["colour"] == colour)
        if icons > INT8_MAX:  # a ship's icons of a colour are an int8
            fail(path + "[*].icons", icons, f"{INT8_MAX} {colour} icons in the deck at most (a ship's icons are int8)")
    # "there will always be enough cards in the market so that players can continue to take turns and fill
    # their ships": each day the ships take at most P * C non-green cards out of the game (to the
    # warehouses), so with 3 * P * C of them the deck and market always hold one for a ship not yet full.
    cap = root["ship_capacity"]
    need = 3 * max(2 * cap["two_players"], 6 * cap["default"])
    non_green = sum(k["copies"] for k in kinds if not k["green"])
    if non_green < need:
        fail(path + "[*].copies", non_green, f"at least {need} non-green cards (3 days x the most ship slots of any"
             " player count), or a day can run out of cards with a ship to fill")  # fmt: skip
    for i, k in enumerate(kinds):
        if k["colour"] is None and k["icons"]:
            fail(f"{path}[{i}].icons", k["icons"], "0: a card without a colour shows no commodity icon")


def _payout_rows(node: dict, path: str, root: dict) -> None:
    for p, row in node["by_players"].items():
        where = f"{path}.by_players['{p}']"
        if len(row) != int(p):
            fail(where, row, f"a list of {p} payouts, one per place")
        # The bounds (Medici.obs_field_bounds) take the first place as the best paid: "The player with the
        # most valuable ship (highest total value) receives the highest payout, and so on."
        if any(a < b for a, b in zip(row, row[1:])):
            fail(where, row, "payouts that never rise from one place to the next")


def _multiples(d: dict, path: str, root: dict) -> None:
    # Shared payouts are rounded down to a multiple of round_to; the scores stay multiples of it only if
    # every payout and bonus is one (the invariant checker holds them to it).
    step = d["round_to"]
    rows = {f"ship_payouts.by_players['{p}']": row for p, row in d["ship_payouts"]["by_players"].items()}
    rows["commodity_payouts"] = [d["commodity_payouts"]["first"], d["commodity_payouts"]["second"]]
    rows["monopoly"] = [d["monopoly"]["bonus"], d["monopoly"]["variant_bonus"]]
    for where, row in rows.items():
        if any(x % step for x in row):
            fail(f"{path}.{where}", row, f"multiples of round_to ({step})")


def _commodity(node: dict, path: str, root: dict) -> None:
    if node["second"] > node["first"]:
        fail(path + ".second", node["second"], f"at most the first place's {node['first']}")


PAYOUT = Int(0, MAX_PAYOUT)
SCHEMA = Rec({
    "colours": ListOf(Str(), 5, distinct=True),
    "kinds": ListOf(Rec({
        "name": Str(), "colour": Nullable(Str(_colours)), "value": Int(0, 1000), "icons": Int(0, INT8_MAX),
        "green": Bool(), "copies": Int(0, MAX_CARDS),
    }), (1, MAX_KINDS)),
    "ship_payouts": Rec({"by_players": MapOf(ListOf(PAYOUT), PLAYER_COUNTS)}, checks=[_payout_rows]),
    "commodity_payouts": Rec({"first": PAYOUT, "second": PAYOUT}, checks=[_commodity]),
    "monopoly": Rec({
        "bonus": PAYOUT, "threshold": Int(1, 1000), "threshold_2p": Int(1, 1000), "variant_bonus": PAYOUT,
        "variant_threshold": Int(1, 1000), "variant_threshold_2p": Int(1, 1000),
    }),
    "ship_capacity": Rec({"default": Int(1, 20), "two_players": Int(1, 20)}),
    "days": Rec({}),  # the three days are the rules' ("The game is played over 3 rounds"), in code
    "round_to": Int(1, 1000),
}, checks=[lambda d, path, root: _kinds_totals(d["kinds"], path + ".kinds", root), _multiples])  # fmt: skip
