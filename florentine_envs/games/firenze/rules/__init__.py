"""Firenze's rules (rulebook "Game Play" to "Final Scoring"; DESIGN_NOTES §6-§9, SPEC §T and §E):
the mixins of :class:`~florentine_envs.games.firenze.firenze.Firenze` that change a state, module
by module. None imports another; they call each other through the game object.

* ``turn.py`` -- :class:`~.turn.FirenzeTurn`: the automatic course of a turn (take and refill,
  entering each phase, teardown, limits, end of turn and of the game) and the tower bookkeeping.
* ``events.py`` -- :class:`~.events.FirenzeEvents`: resolving event cards, player by player.
* ``handlers.py`` -- :class:`~.handlers.FirenzeRules`: the step handlers, one per decision phase
  (payments, personnel, building, fulfilling commissions).
* ``scoring.py`` -- :class:`~.scoring.FirenzeScoring`: final scoring and rewards.
* ``components.py`` -- :class:`~.components.FirenzeComponents`: the balance hooks (the columns of
  ``FirenzeState.acquired`` the rules count into, acquisitions, running score).
"""

from .components import FirenzeComponents
from .events import FirenzeEvents
from .handlers import FirenzeRules
from .scoring import FirenzeScoring
from .turn import FirenzeTurn

__all__ = ["FirenzeComponents", "FirenzeEvents", "FirenzeRules", "FirenzeScoring", "FirenzeTurn"]
