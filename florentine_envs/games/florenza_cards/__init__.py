"""Florenza: The Card Game (Placentia Games), 2-4 players: the compiled engine and its scalar reference.

The package, module by module, each depending only on those above it:

* ``state.py`` -- FlorenzaCardsState: every array of a batch of games, with dtypes and shapes (SPEC §7).
* ``constants.py`` -- random streams, phase ids and names, card and artist state codes, ``ActionIds``.
* ``data.py`` -- ``load_data`` (packaged data and overrides) and ``Tables`` (the component tables as
  numpy arrays, validated).
* ``schema.py`` -- the schema of the data file (``florentine_envs.data_schema``) and the bounds it keeps.
* ``florenza_cards_data.json`` -- the component data with its provenance (measurements behind data
  choices: ``DATA_NOTES.md``).
* ``kernels.py`` -- the rules compiled (numba), each written once over one game of the batch: the
  state's arrays and the tables every kernel takes, the legal actions per phase (SPEC §6) and the
  least hire costs, the observation (SPEC §10), set-up, the decisions per phase, the next action,
  the end of the round (discards, keeping, income, election), the next round's draws and shuffles,
  the forced-move loop; the entry points that run them over a list of games (one game alone runs
  the same code).
* ``setup.py`` -- SetupMixin: the tables the mixins share, the blank state, then the kernels' set-up.
* ``scoring.py`` -- ScoringMixin: final scoring, the artwork tie-break, ranks, the end of the game.
* ``rules.py`` -- RulesMixin: the step through the kernels (one game or a batch, forced moves
  included), the end of the games they ended (``scoring.py``); a round's end on its own.
* ``masks.py`` -- MaskMixin: legal-action masks of loaded states, the ACTION phase's mask of any seat and
  the least hire costs (the kernels').
* ``observation.py`` -- FlorenzaObservation: layout, bounds and the encoder (the kernels').
* ``features.py`` -- FlorenzaFeatures: the per-action features (what each action names, with its printed
  attributes, and what it would do for the player deciding: resources and Fiorini, points banked, artist
  points expected, majorities, engine, what its projects still lack).
* ``presentation.py`` -- FlorenzaPresentation: ``render``, ``describe_action``, ``narrate``, ``play_notes``.
* ``picture.py`` -- ``draw(game, state, index, view)``: the SVG picture of one game.
* ``pending.py`` -- ``check_turn``: where a round stands (issue 32): the round against the draws, the
  action sequence and its seat, the actions the round shows against those taken, the keeps and the
  incomes (``keep_offset``), the New Captain card, the exchange under way, the anonymous artists.
* ``florenza_cards.py`` -- FlorenzaCards: options, invariants, hidden-information resampling; the
  mixins assembled.
* ``reference/`` -- FlorenzaCardsReference: the independent scalar reference, written from the
  rulebook (never imports the engine).
* ``SPEC.md`` -- the fixed encoding: options, tables, randomness, set-up, rounds, action ids, state,
  scoring, rewards, observation, invariants, hidden-information resampling.
* ``DESIGN_NOTES.md`` -- the numbered readings of unclear rulebook sentences.
"""

from .florenza_cards import FlorenzaCards
from .state import FlorenzaCardsState

__all__ = ["FlorenzaCards", "FlorenzaCardsState"]
