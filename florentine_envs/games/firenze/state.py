"""Firenze's state: every array of a batch of games (DESIGN_NOTES §2, with the deviations of
SPEC §0: cards are tracked by kind, not by copy).

Shapes: ``B`` games, ``P`` players; ``6`` colours (white, yellow, green, red, blue, purple),
``12`` tower slots (``NUM_TOWER_SLOTS``), ``52`` deck places (``NUM_CARDS``), ``27`` card kinds
(``NUM_KINDS``), ``36`` commissions (``NUM_COMMISSIONS``, id ``6 * colour + level - 1``). The
blank state and the set-up that fills it are ``setup.py``'s; the ranges of the integer fields are
:meth:`~florentine_envs.games.firenze.firenze.Firenze.state_field_bounds`, and which combinations
are consistent :meth:`~florentine_envs.games.firenze.firenze.Firenze.check_invariants`.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ...core.state import State


@dataclasses.dataclass
class FirenzeState(State):
    """Shapes: B games, P players. Field names follow DESIGN_NOTES §2; cards are kinds
    (SPEC §0.1)."""

    pouch_draws: np.ndarray  # int64[B]        single-brick draws so far (stream POUCH counter)
    deck_shuffles: np.ndarray  # int64[B]      deck shuffles so far (stream DECK counter)
    return_phase: np.ndarray  # int8[B]        phase ALCHEMIST_GIVE / SMUGGLER_GIVE return to
    turn_player: np.ndarray  # int8[B]        whose turn it is (current_player differs during event choices)
    turn_number: np.ndarray  # int32[B]        completed turns
    pouch: np.ndarray  # int16[B, 6]           bricks in the pouch, per colour
    storehouse: np.ndarray  # int16[B, P, 6]   bricks in front of each player (not in towers), per colour
    aside: np.ndarray  # int16[B, 6]           bricks of a taken Flood / Storehouse Fire
    tower_colour: np.ndarray  # int8[B, P, 12]  -1 = empty slot
    tower_height: np.ndarray  # int8[B, P, 12]  bricks in the tower, 0 = empty slot
    tower_at_start: np.ndarray  # bool[B, P, 12]  existed when the owner's turn began
    tower_built: np.ndarray  # bool[B, P, 12]  received a brick in this turn's Build phase
    deck: np.ndarray  # int8[B, 52]            kinds; live part deck[deck_pos:deck_len], top first
    deck_pos: np.ndarray  # int8[B]          place of the top card in deck
    deck_len: np.ndarray  # int8[B]          end of the live part of deck
    discard: np.ndarray  # int8[B, 27]         cards of each kind in the discard pile
    row_card: np.ndarray  # int8[B, 6]         kind, -1 = empty
    row_bricks: np.ndarray  # int16[B, 6, 6]   [slot, colour]
    hand: np.ndarray  # int8[B, P, 27]         personnel + celebration cards per kind
    buildings: np.ndarray  # bool[B, P, 3]     Bridge, Warehouse, Workshop
    church: np.ndarray  # int8[B, 4]           kind on each church space, -1 = free
    campanile_sealed: np.ndarray  # bool[B, P]  the player has built its bell tower
    commission_owner: np.ndarray  # int8[B, 36]  -1 open, -2 neutral seal, else seat
    balcony_tile: np.ndarray  # int8[B, 4]     tile id drawn for numerals I..IV
    next_balcony: np.ndarray  # int8[B]        0..3 = I..IV open next, 4 = all done
    level_tile_taken: np.ndarray  # bool[B, 4]  level tiles (data order) already taken
    seals_left: np.ndarray  # int8[B, P]       seals not yet placed
    prestige: np.ndarray  # int16[B, P]        marker on the prestige track
    end_trigger: np.ndarray  # int8[B]         seat that placed its last seal first, -1
    played: np.ndarray  # bool[B, 8]           personnel names played this turn (v0 order, Saboteur last)
    princess_active: np.ndarray  # bool[B]     a Princess played this turn: the card costs nothing
    mason_active: np.ndarray  # bool[B]        a Mason played this turn: construction costs less
    exchange_done: np.ndarray  # bool[B]       this turn's exchange is made
    architect: np.ndarray  # int8[B]           0 not played, 1 played and unused, 2 used
    bricks_built: np.ndarray  # int8[B]        bricks added in this turn's Build phase
    chosen_slot: np.ndarray  # int8[B]         row slot of the card being taken
    pay_index: np.ndarray  # int8[B]           row slot the next card-cost brick goes on
    pay_left: np.ndarray  # int8[B]            bricks (or discards) still due in a payment phase
    event_kind: np.ndarray  # int8[B]          event card being resolved, -1
    event_offset: np.ndarray  # int8[B]        player (turn_player + offset) being processed
    keep_left: np.ndarray  # int8[B]           towers still to choose in EVENT_KEEP_TOWER
    keep_colour: np.ndarray  # int8[B]         Tribute colour being decided, -1 (Luxury Tax)
    keep_marked: np.ndarray  # bool[B, 12]     towers chosen to be paid for
    pending_take: np.ndarray  # int8[B, 3]     (colour, source seat, unused) received after giving
    exchange_slot: np.ndarray  # int8[B]       row slot of the exchange being paid for
    acquired: np.ndarray  # int16[B, P, 36]   components counted as acquired (rules/components.py), balance studies
