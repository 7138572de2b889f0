"""Florenza (board game)'s state: every array of a batch of games (SPEC §7).

Shapes: ``B`` games, ``P`` players; ``8`` workshop spaces and ``8`` artwork boxes of a district
board (``NUM_SPACES``, ``NUM_BOXES``), ``NW`` workshop types and ``NM`` main-board artworks (from
the data), ``40`` named characters (``NUM_NAMED``, the bag's order), ``44`` character slots
``x`` (``NUM_SLOTS_X``: the named ones, then the three unnamed artist kinds in the data's skill
order and the unnamed preacher), ``6`` resources, ``C`` balance-hook components
(``Florenza.component_names``: workshops, district artworks, artworks, character slots). The
blank state and the set-up that fills it are ``setup.py``'s; the ranges of the integer fields
are :meth:`~florentine_envs.games.florenza.florenza.Florenza.state_field_bounds`, and which
combinations are consistent
:meth:`~florentine_envs.games.florenza.florenza.Florenza.check_invariants`.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ...core.state import State


@dataclasses.dataclass
class FlorenzaState(State):
    """Shapes: B games, P players, NW workshop types, NM main-board artworks (SPEC §7)."""

    stage: np.ndarray  # int8[B]          rulebook phase of the automatic flow (constants.ST_*)
    round: np.ndarray  # int8[B]          1..8
    ptr: np.ndarray  # int8[B]            placement slot / market player / district player / artwork player
    sub: np.ndarray  # int8[B]            income/office done flag, district space
    order: np.ndarray  # int8[B, P+1]     turn slots (seats), -1 past nslots
    nslots: np.ndarray  # int8[B]         slots of the turn order: P, or P + 1 (one family holds both offices)
    captain: np.ndarray  # int8[B]        -1 none
    bishop: np.ndarray  # int8[B]         -1 none
    money: np.ndarray  # int32[B, P]
    res: np.ndarray  # int16[B, P, 6]
    track: np.ndarray  # int16[B, P]      prestige on the track (may be negative)
    certs: np.ndarray  # int16[B, P]      prestige certificates
    influence: np.ndarray  # int16[B, P]
    avail: np.ndarray  # int8[B, P]       workers on the district board, not yet placed
    pool: np.ndarray  # int8[B, P]        workers in the family's pool
    detained: np.ndarray  # int8[B, P]    workers on the guard card
    at_work: np.ndarray  # int8[B, P]     workers gone to work
    market_worker: np.ndarray  # bool[B, P]
    pulpit_own: np.ndarray  # bool[B, P]
    cath_pulpit: np.ndarray  # int8[B]    seat on the Cathedral pulpit, -1
    own_preacher: np.ndarray  # int8[B, P] character slot on each family's own pulpit this round, -1
    cath_preacher: np.ndarray  # int8[B]  character slot on the Cathedral pulpit this round, -1
    crests: np.ndarray  # int8[B, P]      crests not yet placed
    space_type: np.ndarray  # int8[B, P, 8]   workshop type on each space, -1 empty
    space_built: np.ndarray  # bool[B, P, 8]  finished side up
    space_worker: np.ndarray  # int8[B, P, 8] seat of the worker on it, -1
    ws_supply: np.ndarray  # int8[B, NW]  tiles in the supply
    box_crest: np.ndarray  # bool[B, P, 8]
    box_worker: np.ndarray  # bool[B, P, 8]
    box_artist: np.ndarray  # int8[B, P, 8]   character slot hired, -1
    main_crest: np.ndarray  # int8[B, NM]     seat, -1
    main_worker: np.ndarray  # int8[B, NM]    seat, -1
    main_artist: np.ndarray  # int8[B, NM]    character slot, -1
    bag: np.ndarray  # int8[B, 40]        draw order of the named characters
    bag_pos: np.ndarray  # int8[B]        characters drawn so far
    char_state: np.ndarray  # int8[B, 40] bag / in play / gone
    life: np.ndarray  # int8[B, 40]       Life in Florenza card while in play, 0 otherwise
    char_where: np.ndarray  # int8[B, 40] on card / on a box / detained / expelled / on a pulpit
    flipped: np.ndarray  # bool[B, 40]    masterpiece made
    unnamed_left: np.ndarray  # int8[B, 4]  unnamed tiles on their cards per kind
    rolls: np.ndarray  # int32[B]         die rolls so far
    income_res: np.ndarray  # int8[B]     resource of this round's income die, -1 in round 1
    pend_box: np.ndarray  # int8[B]       box being hired for / completed (district d, main 8 + m), -1
    pend_skill: np.ndarray  # int8[B]     skill chosen for the pending box, -1
    pend_pulpit: np.ndarray  # int8[B]    0 own, 1 cathedral, -1
    pend_ws: np.ndarray  # int8[B]        workshop type of a pending conversion, -1
    dice: np.ndarray  # int8[B, 2]        the Cathedral's two rolls while choosing
    trade_given: np.ndarray  # int8[B, 6]   cubes given so far in a market trade, per resource
    market_used: np.ndarray  # int8[B, 3] sell, buy, trade used by the player at the market
    acq: np.ndarray  # int16[B, P, C]     acquisitions (balance hooks)
    final_rank: np.ndarray  # int8[B, P]  0 until the end


__all__ = ["FlorenzaState"]
