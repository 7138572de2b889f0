"""Florenza (board game, 2nd edition; Placentia Games), 2-5 players: batched engine and component data.

The package, module by module (from ``setup.py`` on, each module imports only modules above it,
and none imports the game module or this one; the game module assembles the mixins into
:class:`~.florenza.Florenza`):

* ``state.py`` -- :class:`~.state.FlorenzaState`: every array of a batch of games, with shapes.
* ``constants.py`` -- the fixed encoding: random streams, table sizes, phase and round-phase ids
  and names, the layout of the flat action space (:class:`~.constants.ActionIds`).
* ``data.py`` -- :func:`~.data.load_data`: the packaged component data and its ``data=``
  overrides (a dotted-path patch or a replacement file), validated.
* ``schema.py`` -- the schema of ``florenza_data.json``: keys, types, ranges and cross-checks
  (:func:`~.schema.validate`).
* ``florenza_data.json`` -- the component data (workshops, characters, artworks, constants).
* ``tables.py`` -- :class:`~.tables.Tables`: the component data as numpy arrays (SPEC §2).
* ``setup.py`` -- :class:`~.setup.SetupMixin`: the blank state and the set-up (rulebook "Set
  up"): turn order, the bag, the first characters, the starting workshops.
* ``rules/`` -- the rules (rulebook phases 1-9 and the end of the game): the automatic flow,
  the step handlers of every decision, one module per phase, final scoring.
* ``pending.py`` -- :func:`~.pending.check_round_fields`: the invariants of the pending decision
  and of where the round stands (per phase: the fields its decision uses, who decides, the flow's
  pointers, the placements' turns; the final scoring); :func:`~.pending.check_round_history`, run on
  load: what the rounds played imply (the Life in Florenza row, the income die, the offices and
  their elections, the holdings).
* ``masks.py`` -- :class:`~.masks.MaskMixin`: legal actions, batched and for one game.
* ``observation.py`` -- :class:`~.observation.FlorenzaObservation`: the observation layout,
  field bounds and the encoder.
* ``features.py`` -- :class:`~.features.FlorenzaFeatures`: the per-action features (what each
  action names and what it would do for the seat deciding; issue 30).
* ``presentation.py`` -- :class:`~.presentation.FlorenzaPresentation`: ``render``,
  ``describe_action``, ``narrate`` and ``play_notes``.
* ``picture.py`` -- ``draw(game, state, index, view)``: the SVG picture of one game.
* ``florenza.py`` -- :class:`~.florenza.Florenza`, the game module: options, invariants, rewards
  and hidden-information resampling; re-exports the state.
* ``reference/`` -- the independent scalar reference implementation the differential test
  compares the engine with.
* ``SPEC.md`` -- the encoding both implementations follow (actions, observation, order of the
  automatic steps, randomness); it wins over DESIGN_NOTES.md.
* ``DESIGN_NOTES.md`` -- the readings of the rulebook's unclear sentences (D1..).
* ``DATA_NOTES.md`` -- the data file's keys and the provenance of every component number.
"""

from .florenza import Florenza, FlorenzaState

__all__ = ["Florenza", "FlorenzaState"]
