"""Scalar reference implementation of Florenza: The Card Game (Placentia Games), 2-4 players.

This is the *readable* implementation: one game, plain Python lists and ints, written
clause by clause from the rulebook (``shared/rules/florenza_card_game.txt``, quoted as
"RB: ..."), with the encoding fixed by ``SPEC.md`` (action ids, phases, randomness,
observation) and the readings numbered in ``DESIGN_NOTES.md`` ("DN n"). It was written
without reading the batched engine, so that the differential test
(``tests/test_florenza_cards_differential.py``) catches a misreading by either side.
Every number comes from ``florenza_cards_data.json`` (or the ``data`` override).

The game is one generator, :meth:`FlorenzaCardsReference._play`, whose methods are the
rulebook's phases and steps in the rulebook's order; it stops at each decision (``yield``)
and :meth:`step` sends the chosen action into it. Legal actions are computed from the
state when asked, so a test may rearrange the state between two decisions.

Money and resources of every seat are **shown** in the observation: they are kept in
hand, but every change to them is public (DN 20, SPEC §10). Hidden: other hands (sizes
only), the discard pile's composition (own discards only), deck orders and the values of
artists not yet hired.

Questions met while writing this (SPEC against the rulebook), and the reading taken:

1. SPEC §6 gives ``num_actions = 2K + 2M + 3AK + L + 31``, but its own id table (0..317
   with the packaged data) adds up to ``2K + 2M + 3AK + L + 25`` = 318. The table is
   followed (the blocks and their order), the formula is a typo.
2. No contradiction of the rulebook by SPEC.md was found; where the rulebook is silent
   (order of the income steps, the keep order, the round-5 steps, tie-breaks), the SPEC's
   reading (DN 16-19, 23, 26) is what a careful player would do and is followed.

numpy is used only for the counter-based randomness (``core.rng``) and to return the mask
and the observation as arrays.

The modules, in the order they build on each other (the reference never imports the batched
engine; of ``florentine_envs`` it reads only ``core.rng`` and ``core.data.deep_merge``):

* ``tables.py`` -- :func:`load_data` and :class:`Tables`: the data file's numbers as lists.
* ``encoding.py`` -- random streams, phase ids, sizes, option values, :class:`ActionIds`.
* ``setup.py`` -- :class:`SetUp`: RB "SET UP", the draws and the supply moves.
* ``actions.py`` -- :class:`Actions`: the actions of phase 3 and when each can be taken.
* ``rounds.py`` -- :class:`Rounds`: the game as one generator -- five rounds of four phases.
* ``scoring.py`` -- :class:`Scoring` and :func:`terminal_rewards`: scores, tie-break, ranks.
* ``observation.py`` -- :func:`obs_fields` and :class:`Observation`: what a seat sees.
* ``game.py`` -- :class:`FlorenzaCardsReference`: options, legal actions, step, invariants.
"""

from .encoding import (
    ACTION,
    ARTWORK_CLASSES,
    BARTER_GIVE,
    BARTER_TAKE,
    CAPTAIN_CHOICE,
    EXCHANGE_GIVE_1,
    EXCHANGE_GIVE_2,
    EXCHANGE_TAKE,
    GAME_OVER,
    GIVEN_PHASES,
    HIRE,
    KEEP,
    LOCATION_MODES,
    MERCHANT_CHOICE,
    NUM_PHASES,
    NUM_RESOURCES,
    NUM_SLOTS,
    NUM_TYPES,
    REWARD_MODES,
    SET_CLASSES,
    SLOT_PHASES,
    STREAM_ARTISTS,
    STREAM_FLORENZA,
    STREAM_MONUMENTS,
    STREAM_SETUP,
    ActionIds,
)
from .game import FlorenzaCardsReference
from .observation import obs_fields
from .scoring import terminal_rewards
from .tables import DATA_PATH, Tables, load_data

__all__ = [
    "ACTION", "ARTWORK_CLASSES", "BARTER_GIVE", "BARTER_TAKE", "CAPTAIN_CHOICE", "DATA_PATH", "EXCHANGE_GIVE_1",
    "EXCHANGE_GIVE_2", "EXCHANGE_TAKE", "GAME_OVER", "GIVEN_PHASES", "HIRE", "KEEP", "LOCATION_MODES",
    "MERCHANT_CHOICE", "NUM_PHASES", "NUM_RESOURCES", "NUM_SLOTS", "NUM_TYPES", "REWARD_MODES", "SET_CLASSES",
    "SLOT_PHASES", "STREAM_ARTISTS", "STREAM_FLORENZA", "STREAM_MONUMENTS", "STREAM_SETUP", "ActionIds",
    "FlorenzaCardsReference", "Tables", "load_data", "obs_fields", "terminal_rewards",
]  # fmt: skip
