"""Medici: The Card Game (Reiner Knizia), 2-6 players.

The package, module by module. Imports go one way: constants -> data, schema -> state ->
kernels -> the mixins (setup ... picture, which import no one another) -> ``medici.py`` -> this
``__init__``; no module imports ``medici.py`` or this ``__init__``. ``reference/`` imports none of them.

* ``state.py`` -- MediciState: every array of a batch of games, with shapes; ``_flat``.
* ``constants.py`` -- randomness streams, phases, action ids and names, card locations, days.
* ``data.py`` -- ``load_cards`` (``cards.json`` or an override), ``longest_market``, and the
  CardTables mixin: the kind, card, payout and monopoly tables of the component data.
* ``schema.py`` -- the schema of ``cards.json`` (``florentine_envs.data_schema``).
* ``cards.json`` -- the component data: 32 card kinds, capacities, payouts (provenance: rulebook).
* ``kernels.py`` -- the rules compiled (numba), each written once over one game of the batch:
  reveal, take, the end of a turn and of a day (scoring, shuffle, start player), the mask, the
  observation, the forced-move loop; the entry points that run them over a list of games.
* ``setup.py`` -- SetupMixin: the blank state, then the kernels' set-up (shuffle, start player).
* ``rules.py`` -- RulesMixin: the step through the kernels (one game or a batch, forced moves
  included), the final rewards; the tables of the take actions.
* ``scoring.py`` -- ScoringMixin: ship and commodity payouts (the kernels'), the balance hooks
  ``acquisitions`` and ``running_scores``.
* ``masks.py`` -- MaskMixin: legal-action masks of loaded states (the kernels').
* ``observation.py`` -- ObservationMixin: the layout, ``obs_field_bounds``, ``_observe`` (the kernels').
* ``features.py`` -- FeaturesMixin: the per-action features (issue 30): what each action loads or
  reveals and what it would change (ship standing, commodity payouts, the market left).
* ``presentation.py`` -- PresentationMixin: ``card_label``, ``describe_action``, ``narrate``,
  ``render``.
* ``picture.py`` -- ``draw(game, state, index, view)``: the SVG picture (the ``pictures`` extra).
* ``medici.py`` -- Medici: the game module (options, invariants, hidden-information resampling,
  the mixins assembled); re-exports the constants for tests and agents.
* ``reference/`` -- MediciReference: the independent scalar reference (differential tests).
* ``SPEC.md`` -- the encoding: action ids, observation layout, order of automatic steps, randomness.
* ``DESIGN_NOTES.md`` -- the readings of the rulebook where it is not explicit.
"""

from .constants import ACTION_NAMES
from .medici import Medici
from .state import MediciState

__all__ = ["Medici", "MediciState", "ACTION_NAMES"]
