"""The Princes of Florence (Kramer / Ulrich), 2-5 players with the Muse and the Princess, the
cooperative building expansion, and the solo game against Wolfgang (``PrincesSolo``): batched
engine, component data and encoding (SPEC.md).

The package, module by module; each imports only modules listed above it, but ``data.py``, which
reads ``schema.py`` and ``coop_tables.py``:

* ``state.py`` -- PrincesState (base and solo games) and PrincesCoopState (option
  ``cooperative``): every array of a batch of games, with shapes.
* ``constants.py`` -- random streams, component counts, phase ids, action ids, resume codes.
* ``geometry.py`` -- the 7 x 7 grid as 64-bit masks, polyomino orientations, placement tables.
* ``data.py`` -- :func:`load_data`, ``Tables`` and ``SoloTables``: the component data
  (``princes_data.json`` with the ``data=`` override) as arrays.
* ``schema.py`` -- the schemas of ``princes_data.json`` and ``princes_coop.json``.
* ``coop_tables.py`` -- the cooperative expansion's tables from ``princes_coop.json``: the B side,
  the neighbours, the price ladder, the frame placement table.
* ``setup.py`` -- the blank state and the set-up (rulebook "Set up", SPEC.md S, R).
* ``rules/`` -- the step handlers, one mixin per module: ``common.py`` (paying, drawing, placing),
  ``auction.py``, ``characters.py``, ``actions.py``, ``scoring.py``, the solo game's ``solo.py``
  (Wolfgang, the Automa, the dummies) and the cooperative expansion's ``coop.py``.
* ``pending.py`` -- the pending decision phase by phase (issue 32): the fields each phase uses, the
  rest at their neutral values, and where the round stands (discards, turns, chooser, opener,
  actions, the work, the draw, the piece, the proposal), checked by ``check_invariants``.
* ``masks.py`` -- the legal actions of each phase, with the one-game scalar twins.
* ``solo_observation.py`` -- the solo game's observation field ``solo`` (SPEC.md SV).
* ``observation.py`` -- the observation layout, bounds and encoder (SPEC.md V).
* ``features.py`` -- the per-action features (``Game.action_features``): what each action names
  and what it would do for the mover, as far as he can know it.
* ``coop_observation.py`` -- the cooperative expansion's observation fields (SPEC.md CV).
* ``presentation.py`` -- render, describe_action, narrate, play notes.
* ``solo_presentation.py`` -- the solo game's text: your auction, what Wolfgang did.
* ``coop_presentation.py`` -- the cooperative expansion's text: proposals, answers, the board.
* ``picture_common.py`` -- what the pictures share: sizes, colours, the table band, the panels.
* ``picture.py`` -- ``draw``: the base game's SVG picture.
* ``picture_solo.py`` -- ``draw_solo``: the solo game's picture (Wolfgang, the dummies, Automa).
* ``picture_coop.py`` -- ``draw_coop``: the cooperative expansion's picture (the shared board).
* ``princes.py`` -- the game: Princes (options, step dispatch, invariants, hidden-information
  resampling) and PrincesSolo (the solo game's own id ``princes_solo``).
* ``reference/`` -- the independent scalar reference (base, cooperative and solo games).
* ``SPEC.md`` -- the encoding: actions, phases, observation, randomness (engine <-> reference).
* ``DESIGN_NOTES.md`` -- the readings of unclear rules (D1-D58).
* ``COOP_NOTES.md`` -- the cooperative expansion's readings (C1-C16).
* ``princes_data.json`` -- the component data of the base and solo games.
* ``princes_coop.json`` -- the cooperative expansion's component data.
"""

from .data import load_data
from .princes import Princes, PrincesSolo, PrincesState

__all__ = ["Princes", "PrincesSolo", "PrincesState", "load_data"]
