"""Scalar reference implementation of Medici: The Card Game (Reiner Knizia).

This is the *readable* implementation: one game, plain Python lists and ints,
written clause by clause from the rulebook (``shared/rules/medici_card_game.txt``)
and the encoding specification (``SPEC.md`` beside this package), which fixes the
action ids, observation layout, forced moves, randomness and the order of the
automatic steps. Each rule quotes the rulebook sentence it implements
("RB: ...") or the SPEC.md clause ("SPEC: ..."). It is independent of the batched
engine (``medici.py`` and its mixins); the differential test
(``tests/test_medici_differential.py``) holds the two together.

numpy is used only for the counter-based randomness (``core.rng``) and for
returning the action mask and the observation as arrays.

The package, module by module:

* ``tables.py`` -- randomness streams, phases, action ids, the payout tables and thresholds, the
  card data (``cards.json``).
* ``scoring.py`` -- day scoring and rewards as pure functions (:func:`share_payouts`,
  :func:`score_ships`, :func:`score_commodities`, :func:`compute_rewards`).
* ``masks.py`` -- :class:`~.masks.ReferenceLegality`: the legal actions.
* ``observation.py`` -- the observation layout (:func:`obs_offsets`) and
  :class:`~.observation.ReferenceObservation`: ``observe``.
* ``rules.py`` -- :class:`MediciReference`: set-up, turns, forced moves, the end of a day and of
  the game.
"""

from .observation import OBS_PER_PLAYER, obs_offsets, obs_size
from .rules import MediciReference
from .scoring import compute_rewards, score_commodities, score_ships, share_payouts
from .tables import (
    ACTION_NAMES,
    A_REVEAL,
    A_STOP,
    A_TAKE_LAST,
    A_TAKE_LAST_AND_2ND,
    A_TAKE_LAST_AND_3RD,
    A_TAKE_LAST_THREE,
    CARD_COLOUR,
    CARD_GREEN,
    CARD_ICONS,
    CARD_KIND,
    CARD_VALUE,
    COLOURS,
    COMMODITY_PAYOUTS,
    KIND_COLOUR,
    KIND_GREEN,
    KIND_ICONS,
    KIND_NAMES,
    KIND_VALUE,
    LONGEST_MARKET,
    MONOPOLY_BONUS,
    MONOPOLY_VARIANT_BONUS,
    NO_CARD_INDEX,
    NUM_ACTIONS,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_DAYS,
    NUM_KINDS,
    PAYMENT_UNIT,
    REVEAL,
    REWARD_MODES,
    SHIP_PAYOUTS,
    STREAM_DECK,
    STREAM_START,
    TAKE,
    TAKE_OFFSETS,
    monopoly_threshold,
    monopoly_variant_threshold,
    ship_capacity,
)

__all__ = [
    "STREAM_DECK",
    "STREAM_START",
    "NUM_DAYS",
    "NUM_COLOURS",
    "REVEAL",
    "TAKE",
    "A_REVEAL",
    "A_STOP",
    "A_TAKE_LAST",
    "A_TAKE_LAST_AND_2ND",
    "A_TAKE_LAST_AND_3RD",
    "A_TAKE_LAST_THREE",
    "NUM_ACTIONS",
    "ACTION_NAMES",
    "TAKE_OFFSETS",
    "SHIP_PAYOUTS",
    "COMMODITY_PAYOUTS",
    "MONOPOLY_BONUS",
    "MONOPOLY_VARIANT_BONUS",
    "PAYMENT_UNIT",
    "REWARD_MODES",
    "ship_capacity",
    "monopoly_threshold",
    "monopoly_variant_threshold",
    "COLOURS",
    "KIND_NAMES",
    "KIND_VALUE",
    "KIND_ICONS",
    "KIND_GREEN",
    "KIND_COLOUR",
    "CARD_KIND",
    "NUM_KINDS",
    "NUM_CARDS",
    "CARD_VALUE",
    "CARD_ICONS",
    "CARD_GREEN",
    "CARD_COLOUR",
    "NO_CARD_INDEX",
    "LONGEST_MARKET",
    "share_payouts",
    "score_ships",
    "score_commodities",
    "compute_rewards",
    "OBS_PER_PLAYER",
    "obs_size",
    "obs_offsets",
    "MediciReference",
]
