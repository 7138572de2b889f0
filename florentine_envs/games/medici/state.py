"""The state of a batch of Medici games: every array with its shape (B games, N cards, K kinds,
P players), and :func:`_flat`, the flat view the handlers gather and scatter through."""

from __future__ import annotations

import dataclasses

import numpy as np

from ...core.state import State


@dataclasses.dataclass
class MediciState(State):
    """Card positions are the truth (``card_loc``/``card_owner`` plus the ordered deck and
    market); the per-kind counts and per-ship aggregates are kept incrementally so that
    no step recounts cards, and ``check_invariants`` recomputes them all."""

    day: np.ndarray  # int8[B]             0, 1, 2
    start_player: np.ndarray  # int8[B]    start player of the current day
    revealed: np.ndarray  # int8[B]        cards revealed in the current turn (0..3)
    final_turn: np.ndarray  # bool[B]      the current turn is the lone final turn of the day
    deck: np.ndarray  # int16[B, N]        card ids of the deck in draw order; live part deck[deck_top:deck_end]
    deck_top: np.ndarray  # int16[B]
    deck_end: np.ndarray  # int16[B]
    market: np.ndarray  # int16[B, N]      card ids, oldest first; live part market[:market_len]
    market_len: np.ndarray  # int16[B]
    card_loc: np.ndarray  # int8[B, N]     LOC_* of every card (constants.py)
    card_owner: np.ndarray  # int8[B, N]   seat owning a card in a ship or warehouse, else -1
    deck_counts: np.ndarray  # int16[B, K]    cards of each kind in the deck
    market_counts: np.ndarray  # int16[B, K]  cards of each kind in the market
    ship_value: np.ndarray  # int16[B, P]
    ship_slots: np.ndarray  # int8[B, P]      non-green cards in each ship
    ship_icons: np.ndarray  # int8[B, P, 5]   icons per colour in each ship
    warehouse_icons: np.ndarray  # int16[B, P, 5]
    acquired: np.ndarray  # int16[B, P, K]  cards of each kind each player has loaded (balance studies)


def _flat(array: np.ndarray) -> np.ndarray:
    """1-D view of a C-contiguous state array, for element gathers and scatters through flat
    indices (``row * width + column``): numpy's fancy indexing with two index arrays costs
    several times more. Writes go through to the state."""
    if not array.flags.c_contiguous:
        raise ValueError("medici: state arrays must be C-contiguous")
    return array.reshape(-1)
