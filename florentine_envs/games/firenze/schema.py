"""The declared schema of ``firenze_data.json`` (see :mod:`florentine_envs.data_schema`).

The numbers a balance study may change are declared with ranges: brick counts, payments and
costs (each an int8 payment, a storehouse an int16), prestige (an int16 total: 36 commissions,
tiles and bonuses of at most 50 each stay far below 32,767). The structure -- colours, tower
heights and levels, card kinds and counts, action ids -- keeps its packaged values.
"""

from __future__ import annotations

from ...data_schema import Bool, Int, ListOf, MapOf, Rec, fail

COLOURS = ("white", "yellow", "green", "red", "blue", "purple")
PLAYERS = ("2", "3", "4")
NUM_COMMISSIONS = 36
NUM_CARDS = 52  # the deck's size is fixed: card ids, the deck array and the observation's counts
PP = Int(0, 50)
BRICKS = Int(0, 10)


def _totals(d: dict, path: str, root: dict) -> None:
    cards = d["action_cards"]["cards"]
    if sum(c["count"] for c in cards) != NUM_CARDS:
        fail(path + ".action_cards.cards[*].count", sum(c["count"] for c in cards), f"{NUM_CARDS} cards in all")
    for i, c in enumerate(cards):
        if c.get("start_copies", 0) > c["count"]:
            fail(f"{path}.action_cards.cards[{i}].start_copies", c["start_copies"], f"at most its {c['count']} copies")
    bricks = d["bricks"]["per_colour"]
    for colour in COLOURS:
        tallest = max(c["height"] for c in d["commissions"]["towers"][colour])
        if bricks[colour] < tallest:  # a commission no tower of that colour could reach
            fail(f"{path}.bricks.per_colour.{colour}", bricks[colour], f"at least {tallest} (its tallest commission)")
    neutral = d["setup"]["neutral_seals"]
    for p in PLAYERS:
        seals = d["seals"]["per_player_by_player_count"][p]
        if int(p) * seals + neutral > NUM_COMMISSIONS:  # every seal needs its own commission space
            fail(f"{path}.seals.per_player_by_player_count['{p}']", seals,
                 f"at most {(NUM_COMMISSIONS - neutral) // int(p)} ({NUM_COMMISSIONS} commissions, {neutral} neutral)")
    limits = d["limits"]
    if limits["storehouse_with_warehouse"] < limits["storehouse"]:
        fail(f"{path}.limits.storehouse_with_warehouse", limits["storehouse_with_warehouse"],
             f"at least the storehouse limit {limits['storehouse']} (the Warehouse raises it)")  # fmt: skip
    con = d["construction"]
    if con["mason_and_workshop_discount"] < max(con["mason_discount"], con["workshop_discount"]):
        fail(f"{path}.construction.mason_and_workshop_discount", con["mason_and_workshop_discount"],
             "at least each discount alone")  # fmt: skip


SCHEMA = Rec({
    "bricks": Rec({"per_colour": MapOf(Int(1, 60), COLOURS)}),
    "seals": Rec({"per_player_by_player_count": MapOf(Int(1, 17), PLAYERS)}),
    "starting_bricks": Rec({"by_turn_order": ListOf(BRICKS, 4)}),
    # card_cost_by_slot is not declared: the cost is "one brick ... onto each card left of the chosen one"
    # (the packaged 0..5), a brick per card to the left, so no other table could be paid.
    "card_row": Rec({"bricks_per_new_card": BRICKS}),
    "exchange": Rec({"give": Int(1, 10), "give_with_bridge": Int(1, 10)}),
    "construction": Rec({
        "cost_by_bricks_built": ListOf(Int(0, 30), 7), "workshop_discount": BRICKS, "mason_discount": BRICKS,
        "mason_and_workshop_discount": BRICKS,
    }),
    "limits": Rec({"storehouse": Int(1, 60), "storehouse_with_warehouse": Int(1, 60), "cards": Int(1, 20)}),
    "end_of_game": Rec({"trigger_bonus_pp": PP}),
    "privileges": Rec({"by_card": MapOf(Rec({"pp": PP}), ("Minor Privilege", "Privilege", "Major Privilege"))}),
    "celebration_scoring": Rec({name: Int(-50, 50) for name in ("Fame", "Monument", "Disgrace", "Scandal")}),
    "commissions": Rec({"towers": MapOf(ListOf(Rec({"prestige": PP}), 6), COLOURS)}),
    "majority_bonus": Rec({"by_colour": MapOf(PP, COLOURS)}),
    "level_tiles": Rec({"tiles": ListOf(Rec({"bonus": PP}), 4)}),
    "balcony_tiles": Rec({"tiles": ListOf(Rec({"bonus": PP}), 19)}),
    # levels_are_positions: the reading of the recommended neutral seals (DESIGN_NOTES §13.21)
    "setup": Rec({"neutral_seals": Int(0, 10),
                  "neutral_seal_recommendations": Rec({"levels_are_positions": Bool()})}),
    # a study's deck: how many copies of each kind, and how many of them are start cards
    "action_cards": Rec({"cards": ListOf(Rec({"count": Int(0, NUM_CARDS), "start_copies": Int(0, NUM_CARDS)},
                                             optional=("start_copies",)), 27)}),
}, checks=[_totals])  # fmt: skip
