"""Firenze (Andreas Steding), 2-4 players: batched engine and component data.

The package, module by module (from ``setup.py`` on, each module imports only modules above it,
and none imports the game module or this one; the game module assembles the mixins into
:class:`~.firenze.Firenze`):

* ``state.py`` -- :class:`~.state.FirenzeState`: every array of a batch of games, with shapes.
* ``constants.py`` -- the fixed encoding: random streams, table sizes, phase ids and names,
  action ids, per-phase lookup tables.
* ``data.py`` -- :func:`~.data.load_data` (the packaged component data and its overrides) and
  :class:`~.data.FirenzeTables`: the data read into arrays, the action names.
* ``schema.py`` -- the declared schema of ``firenze_data.json``.
* ``firenze_data.json`` -- the component data (bricks, cards, commissions, tiles, set-up).
* ``setup.py`` -- :class:`~.setup.FirenzeSetup`: the blank state and the set-up (rulebook
  "Set Up"): board options, neutral seals, pouch draws and deck shuffles.
* ``rules/`` -- the rules (rulebook "Game Play" to "Final Scoring"): the course of a turn, event
  cards, the step handlers of the decision phases, final scoring and the balance hooks.
* ``pending.py`` -- the phase table: the fields each phase's pending decision uses (the others
  at their neutral values) and the part of the turn each phase belongs to, and
  :func:`~.pending.check_phase_fields`, which ``check_invariants`` runs.
* ``masks.py`` -- :class:`~.masks.FirenzeMasks`: legal actions, batched and for one game.
* ``observation.py`` -- :class:`~.observation.FirenzeObservation`: the observation layout,
  field bounds and encoders, batched and for one game.
* ``features.py`` -- :class:`~.features.FirenzeFeatures`: the per-action features (what each
  action names and what it would do for the player deciding), their bounds and documentation.
* ``presentation.py`` -- :class:`~.presentation.FirenzePresentation`: ``render``,
  ``describe_action``, ``narrate`` and ``play_notes``.
* ``picture.py`` -- ``draw(game, state, index, view)``: the SVG picture of one game.
* ``firenze.py`` -- :class:`~.firenze.Firenze`, the game module: options, the step (dispatch and
  queued continuations), invariants and hidden-information resampling; re-exports the state,
  :func:`load_data` and the constants.
* ``reference/`` -- the independent scalar reference implementation the differential test
  compares the engine with.
* ``SPEC.md`` -- the encoding both implementations follow (actions, observation, order of the
  automatic steps, randomness); it wins over DESIGN_NOTES.md.
* ``DESIGN_NOTES.md`` -- phases, options, state, readings of the rulebook's unclear sentences and
  notes on the batched engine.
"""

from .firenze import Firenze, FirenzeState, load_data

__all__ = ["Firenze", "FirenzeState", "load_data"]
