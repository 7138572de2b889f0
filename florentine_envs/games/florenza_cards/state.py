"""The state of Florenza: The Card Game: :class:`FlorenzaCardsState`, every array of a batch of
games with its dtype and shape (SPEC §7). It imports nothing of the game but numpy and the core
state, so every module of the package can annotate with it."""

from __future__ import annotations

import dataclasses

import numpy as np

from ...core.state import State


@dataclasses.dataclass
class FlorenzaCardsState(State):
    """Every array of a batch of games (SPEC §7), beside the shared fields of
    :class:`~florentine_envs.core.state.State`. Shapes: B games, P players, K card kinds, N
    Florenza cards in the game, M monuments, NA artist copies (kind-major), AK artist kinds, L
    location kinds; 6 resources, 3 artist types. Seats are absolute (0..P-1); ``mon_state`` and
    ``art_state`` hold the codes of ``constants.py`` (``IN_DECK``, ``IN_ROW``, ``DISCARDED``,
    ``RESERVED``, ``DONE``, ``BEING_COMPLETED``). The blank arrays and their dtypes are made by
    :meth:`SetupMixin._blank <.setup.SetupMixin._blank>`."""

    round: np.ndarray  # int8[B]              1..5
    slot: np.ndarray  # int8[B]               action slot 0..7 (4..7: Palagio, Casamento, Casa, Predicatore)
    offset: np.ndarray  # int8[B]             acting seat = (captain + offset) mod P
    captain: np.ndarray  # int8[B]            seat of the Captain of the People
    new_captain: np.ndarray  # int8[B]        holder of the New Captain card, -1 = on the table
    money: np.ndarray  # int32[B, P]          Fiorini of each seat
    res: np.ndarray  # int16[B, P, 6]         resources of each seat (data order: marble .. spice)
    supply: np.ndarray  # int16[B, 6]         resources left in the supply
    supply_money: np.ndarray  # int32[B]      Fiorini left in the supply
    hand: np.ndarray  # int8[B, P, K]         cards in hand, by kind
    discard: np.ndarray  # int8[B, P, K]      discard pile, by discarding seat
    in_play: np.ndarray  # bool[B, P, K]      cards in front of each seat (at most one of a kind)
    card_artist: np.ndarray  # int8[B, P, K]  artist value of a played artwork, -1 otherwise
    deck: np.ndarray  # int8[B, N]            kinds; the draw deck is deck[deck_pos:deck_len], top first
    deck_pos: np.ndarray  # int16[B]          index of the top card of the draw deck in ``deck``
    deck_len: np.ndarray  # int16[B]          end of the draw deck in ``deck``
    mon_pos: np.ndarray  # int8[B, M]         draw position of each monument (fixed at set-up)
    mon_drawn: np.ndarray  # int8[B]          monuments drawn so far
    mon_state: np.ndarray  # int8[B, M]       0 deck, 1 row, 2 discarded, 3 reserved, 4 completed, 5 in HIRE
    mon_owner: np.ndarray  # int8[B, M]       -1 or seat (reserved / completed)
    mon_artist: np.ndarray  # int8[B, M]      artist value of a completed monument, -1 otherwise
    art_pos: np.ndarray  # int8[B, NA]        draw position of each artist copy (fixed at set-up)
    art_drawn: np.ndarray  # int8[B]          artist copies drawn so far
    art_state: np.ndarray  # int8[B, NA]      0 deck, 1 table, 2 discarded, 3 reserved, 4 hired
    art_owner: np.ndarray  # int8[B, NA]      -1 or seat (reserved / hired)
    table_count: np.ndarray  # int8[B, AK]    copies of each artist kind on the table (from art_state)
    reserved_count: np.ndarray  # int8[B, P, AK]  copies of each kind reserved per seat (from art_state)
    hired_types: np.ndarray  # int8[B, P, 3]  artist cards hired per type (anonymous artists not included)
    anon_hired: np.ndarray  # int8[B, P, 3]   anonymous artists hired per type (DESIGN_NOTES 24)
    visible_pp: np.ndarray  # int16[B, P]     prestige on the table: cards, monuments, hired artists
    anon_up: np.ndarray  # bool[B, 3]         anonymous artist of each type face up
    loc_up: np.ndarray  # int8[B, L]          face-up copies per location kind
    pending_card: np.ndarray  # int8[B]       card kind waiting for its artist (HIRE), -1
    pending_monument: np.ndarray  # int8[B]   monument waiting for its artist (HIRE), -1
    given: np.ndarray  # int8[B, 6]           resources given in the pending exchange / barter
    keep_offset: np.ndarray  # int8[B]        offset of the seat deciding in KEEP / MERCHANT_CHOICE
    final_rank: np.ndarray  # int8[B, P]      1 = best (tie-break applied), 0 until the end
