"""The declared schemas of ``princes_data.json`` (base, solo and Automa sections) and of
``princes_coop.json`` (patched under the ``"cooperative"`` key of ``data=``); see
:mod:`florentine_envs.data_schema`.

Every number a balance study may change is declared with a range; the numbers that shape the
board, the decks and the action ids (grid, card counts, rounds) keep their packaged values;
the pieces' shapes may change (:class:`Shape`). Ranges keep each count inside its int8 field; what the values add up to -- the best
work ``W`` (it sizes the FAME actions) and the largest bid (an int16) -- is checked by
:func:`check_totals` once the tables are read.
"""

from __future__ import annotations

import json
from importlib import resources

from ...data_schema import INT16_MAX, DataError, Either, Int, ListOf, MapOf, Nullable, Rec, Spec, Str, fail
from .geometry import parse_shape

PLAYERS = ("2", "3", "4", "5")
FEATURES = (
    "buildings", "large", "medium", "small", "sizes", "forests", "lakes", "parks", "landscapes",
    "landscape_types", "freedoms", "travel", "religion", "opinion", "jesters", "builders",
    "prestige_cards", "categories", "hand_cards", "table_cards", "empty",
)  # fmt: skip
AUTOMA_OBJECTS = ("Landscape", "Prestige", "Recruiting", "Jester", "Builder")
AUTOMA_ACTIONS = ("work", "build", "profession", "bonus", "freedom")
AUTOMA_BACKS = ("1-2", "3-4", "5-7")
MAX_WORK = 2000  # the best work value W: the FAME actions number W / florin_per_fame_taken + 1

MONEY = Int(0, 200)  # in 100 Florin
POINTS = Int(0, 50)
RATE = Int(1, 10)  # Florin per point: a divisor
VALUE = Int(0, 20)  # work value points per thing


class Shape(Spec):
    """A piece drawn as rows of ``'#'`` (a square) and ``'.'`` (none): one orthogonally connected
    piece of 1..8 squares within 5 x 5, so that it fits the 7 x 7 principality (and the
    cooperative B side) turned any way. A study may reshape a building or a landscape: the
    engine and the reference compute their placements from these drawings."""

    def check(self, value, path, packaged, root):
        if not (isinstance(value, list) and value and all(isinstance(row, str) for row in value)):
            raise DataError(path, value, "a list of rows drawn with '#' and '.'")
        try:
            cells = parse_shape(value)
        except ValueError as err:
            raise DataError(path, value, str(err)) from None
        if len(value) > 5 or max(map(len, value)) > 5 or len(cells) > 8:
            raise DataError(path, value, "a piece of at most 8 squares within 5 x 5")


SHAPE = Shape()
# the pieces' names are fixed (they are the action ids); their shapes may change
_PACKAGED = json.loads(resources.files(__package__).joinpath("princes_data.json").read_text())


def _prestige_card(card: dict, path: str, root: dict) -> None:
    need = ("need",) if card["kind"] == "at_least" else ("feature", "tie")
    for key in need:
        if key not in card:
            fail(f"{path}.{key}", "(missing)", f"a required key of a {card['kind']!r} card")


def _automa_card(card: dict, path: str, root: dict) -> None:
    objects = sorted(e["object"] for e in card["top"])
    if objects != sorted(AUTOMA_OBJECTS):
        fail(path + ".top", objects, f"each of {', '.join(AUTOMA_OBJECTS)} once")


def _automa_backs(cards: list, path: str, root: dict) -> None:
    counts = [sum(c["back"] == b for c in cards) for b in AUTOMA_BACKS]
    if counts != [6, 6, 9]:  # D40: three cards a round, rounds 1-2, 3-4 and 5-7
        fail(path + "[*].back", counts, "6 / 6 / 9 cards with backs 1-2 / 3-4 / 5-7")


def _automa(node: dict, path: str, root: dict) -> None:
    _automa_backs(node["cards"], path + ".cards", root)


def _ladder(node: dict, path: str, root: dict) -> None:
    ladder = node["price_ladder"]
    if ladder[0] != 0 or any(a >= b for a, b in zip(ladder, ladder[1:])):
        fail(path + ".price_ladder", ladder, "rising prices from 0")


PANEL = ListOf(Str(AUTOMA_ACTIONS), (1, len(AUTOMA_ACTIONS)), distinct=True)
MOD = Nullable(Either(Int(0, 20), ListOf(Nullable(Int(0, 20)), 2)))
SCHEMA = Rec({
    "buildings": Rec({"shapes": Rec({name: SHAPE for name in _PACKAGED["buildings"]["names"]})}),
    "landscapes": Rec({"shapes": Rec({name: SHAPE for name in _PACKAGED["landscapes"]["names"]})}),
    "rounds": Rec({"minimum_work_value": ListOf(Int(0, 200), 7)}),
    "setup": Rec({"money_by_player_count": MapOf(MONEY, PLAYERS)}),
    "auction": Rec({
        "opening_bid_by_player_count": MapOf(Int(0, 50), PLAYERS), "raise": Int(1, 20), "lone_buyer_price": MONEY,
    }),
    "prices": Rec({
        "build_by_builders": ListOf(MONEY, 4), "take_profession": MONEY, "introduce_freedom": MONEY,
        "acquire_bonus": MONEY,
    }),
    "scoring": Rec({
        "extra_landscape_same_type": POINTS, "builder_points_by_count": ListOf(POINTS, 4), "building": POINTS,
        "best_work": POINTS, "florin_per_work_point": RATE, "florin_per_fame_taken": RATE,
        "florin_per_fame_sold": RATE, "banker_florin_per_point": RATE,
    }),
    "work_value": Rec({
        "landscape": VALUE, "freedom": VALUE, "building": VALUE, "per_jester": VALUE, "per_card": VALUE,
        "princess": Rec({"per_landscape": VALUE, "per_building": VALUE, "per_builder": VALUE, "per_card": VALUE}),
    }),
    "bonus_cards": Rec({"cards": ListOf(Rec({"coef": MapOf(Int(0, 10), FEATURES, required=False)}), 20)}),
    "prestige_cards": Rec({"cards": ListOf(Rec({
        "kind": Str(("most", "fewest", "at_least")), "feature": Str(FEATURES), "points": POINTS, "tie": POINTS,
        "need": MapOf(Int(0, 50), FEATURES, required=False),
    }, optional=("feature", "tie", "need"), checks=[_prestige_card]), 14)}),
    "characters": Rec({"banker_start": Int(0, 50), "banker_refill": Int(0, 50), "banker_unbought_gain": Int(0, 10)}),
    "solo": Rec({
        "wolfgang_money_by_difficulty": MapOf(MONEY, ("easy", "standard", "hard")),
        "wolfgang_florin_per_fame": RATE, "final_auction_price": MONEY,
    }),
    "automa": Rec({"cards": ListOf(Rec({
        "back": Str(AUTOMA_BACKS),
        "top": ListOf(Rec({"object": Str(AUTOMA_OBJECTS), "mod": MOD}), len(AUTOMA_OBJECTS)),
        "middle": PANEL, "bottom": PANEL,
    }, checks=[_automa_card]), 21)}, checks=[_automa]),
    # the cooperative patch, checked on its own against princes_coop.json (COOP_SCHEMA)
    "cooperative": Rec({}),
}, optional=("cooperative",))  # fmt: skip

COOP_SCHEMA = Rec({
    "negotiation": Rec({"price_ladder": ListOf(Int(0, 100), (1, 101)), "proposals_per_action": Int(1, 10)},
                       checks=[_ladder]),
})  # fmt: skip


class _AnyPatch(Rec):
    """The base schema's view of the ``"cooperative"`` key: a dict (COOP_SCHEMA checks it)."""

    def check(self, value, path, packaged, root):
        if not isinstance(value, dict):
            fail(path, value, "a dict patch of princes_coop.json")


SCHEMA.fields["cooperative"] = _AnyPatch({})


def check_totals(game_id: str, tables, money_fame: tuple[int, int]) -> None:
    """``ValueError`` unless the best work and the largest bid stay inside their fields."""
    W = tables.max_work_value()
    if W > MAX_WORK:
        raise ValueError(f"{game_id}: data.work_value, data.bonus_cards and data.rounds make the best work worth "
                         f"{W}; allowed: {MAX_WORK} at most (the FAME actions count one per point)")  # fmt: skip
    bid = sum(money_fame)
    if bid > INT16_MAX:
        raise ValueError(f"{game_id}: data.setup, data.scoring, data.work_value and data.characters let money and "
                         f"fame reach {bid}; allowed: {INT16_MAX} at most (a bid is an int16)")  # fmt: skip
