"""The state of a batch of Princes of Florence games (SPEC.md): :class:`PrincesState`, every
array of the base game and of the solo game (whose fields stay blank outside it), and
:class:`PrincesCoopState`, the same with the cooperative expansion's fields (option
``cooperative``). Shapes: B games, P seats (the players, or in the solo game you, Wolfgang and the
dummies). Set up by ``setup.py``; the ranges of the integer fields are
``Princes.state_field_bounds``."""

from __future__ import annotations

import dataclasses

import numpy as np

from ...core.state import State


@dataclasses.dataclass
class PrincesState(State):
    """Shapes: B games, P players. Money in units of 100 Florin (SPEC.md)."""

    round: np.ndarray  # int8[B]             0..6
    start: np.ndarray  # int8[B]             start player
    setup_done: np.ndarray  # int8[B]        setup discards made
    money: np.ndarray  # int32[B, P]
    fame: np.ndarray  # int32[B, P]          prestige points (the fame track, 50/100 disks included)
    best_work: np.ndarray  # int16[B, P]     the pawn: best work value this round (0 = none)
    occupied: np.ndarray  # uint64[B, P]     covered grid cells (Palazzo included)
    blocked: np.ndarray  # uint64[B, P]      Palazzo + building cells
    # uint64[B, P * 13]: cells of each building / landscape kind, seat-major (flat: the core's JSON
    # writes uint64 fields of one game as a flat list of strings)
    piece_cells: np.ndarray
    built: np.ndarray  # bool[B, P, 10]
    landscapes: np.ndarray  # int8[B, P, 3]  Forest, Lake, Park
    freedoms: np.ndarray  # bool[B, P, 3]
    jesters: np.ndarray  # int8[B, P]
    builders: np.ndarray  # int8[B, P]
    fits: np.ndarray  # bool[B, P, 13]       piece has a legal placement now
    hand_prof: np.ndarray  # bool[B, P, 21]
    table_prof: np.ndarray  # bool[B, P, 21]
    known: np.ndarray  # bool[B, P, 21]      in p's hand and known to all (D2)
    hand_recruit: np.ndarray  # int8[B, P]
    table_recruit: np.ndarray  # int8[B, P]
    bonus_hand: np.ndarray  # bool[B, P, 20]
    bonus_out: np.ndarray  # bool[B, 20]     played, out of the game
    prestige_hand: np.ndarray  # bool[B, P, 14]
    deck_cards: np.ndarray  # int8[B, 3, 21] circular queues (professions, Bonus, Prestige)
    deck_top: np.ndarray  # int8[B, 3]
    deck_len: np.ndarray  # int8[B, 3]
    # int8[B, 3, 21]: per deck and card, the seat that put the card under the deck (it knows
    # where the card lies: randomize_hidden keeps it there); -1 for any other card
    under_by: np.ndarray
    drawn: np.ndarray  # bool[B, 55]         cards drawn, not yet kept or put under
    draw_deck: np.ndarray  # int8[B]         deck of the pending draw, -1
    supply_buildings: np.ndarray  # int8[B, 10]
    supply_landscapes: np.ndarray  # int8[B, 3]
    supply_freedoms: np.ndarray  # int8[B, 3]
    supply_jesters: np.ndarray  # int8[B]
    supply_builders: np.ndarray  # int8[B]
    supply_recruiting: np.ndarray  # int8[B]
    stack_used: np.ndarray  # bool[B, 7]
    pawn_free: np.ndarray  # bool[B, P]      pawn still in front of its owner (auction phase)
    in_auction: np.ndarray  # bool[B, P]     still bidding for the open object
    stack: np.ndarray  # int8[B]             object being auctioned, -1
    bid: np.ndarray  # int16[B]
    high: np.ndarray  # int8[B]              highest bidder, -1
    opener: np.ndarray  # int8[B]            who opened the auction, -1
    lone: np.ndarray  # bool[B]              the chooser is the last free pawn
    piece: np.ndarray  # int8[B]             piece being placed, -1
    resume: np.ndarray  # int8[B]            where PLACE / KEEP / ORDER / RECRUIT_NOW return
    ctx: np.ndarray  # int8[B]               why CHAR_USE was entered
    ctx_index: np.ndarray  # int8[B]         next turn-order index of the end-of-auction uses
    merchant_paid: np.ndarray  # bool[B]     the Merchant pays the pending bid
    char_owner: np.ndarray  # int8[B, 6]     -1 = in the character area
    char_faceup: np.ndarray  # bool[B, 6]
    banker_money: np.ndarray  # int16[B]
    pawn_card: np.ndarray  # int8[B, P]      character auction: character under the pawn, -1
    pawn_value: np.ndarray  # int8[B, P]
    char_out: np.ndarray  # bool[B, P]       passed or bought in this character auction
    turns_done: np.ndarray  # int8[B]        turns finished in this action phase
    actions_left: np.ndarray  # int8[B]
    took_profession: np.ndarray  # bool[B]
    took_freedom: np.ndarray  # bool[B]
    acts_done: np.ndarray  # int8[B, 3]      works (the Princess's too), builds, Bonus cards this turn (D17)
    work_prof: np.ndarray  # int8[B]         profession of the pending work, 21 Princess, -1
    work_value: np.ndarray  # int16[B]
    money_in: np.ndarray  # int32[B]         paid out by the Bank so far
    money_out: np.ndarray  # int32[B]        paid to the Bank so far
    # The solo game (SPEC.md SOLO; blank in the base game). Seats: 0 you, 1 Wolfgang, 2.. dummies.
    wolf_row: np.ndarray  # int8[B, 16]      Wolfgang's row left to right: profession, 21 Recruiting, -1
    wolf_len: np.ndarray  # int8[B]
    wolf_up: np.ndarray  # bool[B, 16]       slot face up (its work completed)
    wolf_bonus: np.ndarray  # int8[B, 20]    row slot a Bonus card of Wolfgang's lies on, -1
    wolf_buildings: np.ndarray  # int8[B, 10] Wolfgang's buildings (repeats allowed)
    wolf_freedoms: np.ndarray  # int8[B, 3]  Wolfgang's Freedoms (repeats allowed)
    dummy_col: np.ndarray  # int8[B, 3, 12]  dummy columns in the order placed, -1
    dummy_len: np.ndarray  # int8[B, 3]
    automa_order: np.ndarray  # int8[B, 21]  the Automa deck, top first
    automa_next: np.ndarray  # int8[B]       Automa cards drawn so far
    automa_card: np.ndarray  # int8[B]       the auction phase's card, -1
    last_bid: np.ndarray  # int8[B, 7]       rolled last bid per object this auction phase, -1
    auctions_done: np.ndarray  # int8[B]     objects chosen this auction phase
    you_bought: np.ndarray  # int8[B]        object you bought this auction phase, -1
    wolf_bought: np.ndarray  # int8[B]       object Wolfgang bought at the last auction end, -1
    forced: np.ndarray  # bool[B]            the pending price must be paid (1 or 2, no modifier)
    die_count: np.ndarray  # int16[B]        dice rolled (counter of stream DIE)
    tie_count: np.ndarray  # int16[B]        Wolfgang's random choices (counter of stream TIE)
    recruit_discarded: np.ndarray  # int8[B]
    builders_discarded: np.ndarray  # int8[B]


@dataclasses.dataclass
class PrincesCoopState(PrincesState):
    """The state with ``cooperative=True`` (SPEC.md COOP, CM): the base fields, then these."""

    shared_with: np.ndarray  # int8[B, P, 10]   the seat a building is shared with, -1
    # uint64[B, P * 2]: per seat, its squares of the buildings it shares with its left / right
    # neighbour (seat-major, flat like piece_cells for the core's JSON)
    shared_cells: np.ndarray
    prop_building: np.ndarray  # int8[B]     the proposal (all six -1 when there is none)
    prop_builder: np.ndarray  # int8[B]
    prop_partner: np.ndarray  # int8[B]
    prop_side: np.ndarray  # int8[B]         0 left, 1 right (of the builder)
    prop_place: np.ndarray  # int16[B]       frame placement
    prop_price: np.ndarray  # int8[B]        rung of the price ladder
    proposals_left: np.ndarray  # int8[B]    declined proposals allowed before the next action
