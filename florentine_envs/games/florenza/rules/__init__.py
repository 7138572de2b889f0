"""The rules (SPEC §5-§6, §8-§9): the step handlers of every decision, the automatic flow between
decisions, final scoring. One mixin, :class:`RulesMixin`, assembled from a module per rulebook
phase (each a part of it, reading the state through ``self``), and :class:`ScoringMixin`:

* ``common.py`` -- :class:`~.common.RuleHelpers`: the scalar die (:func:`scalar_randint`),
  payments, influence, workers from the pool, a decision handed to a player; the batch sizes.
* ``flow.py`` -- :class:`~.flow.FlowRules`: the state machine of the automatic steps
  (``_continue``), the dispatch of actions to handlers, the batching of a step's games.
* ``income.py`` -- :class:`~.income.IncomeRules`: phases 1-3 (income, Atrio, Captain, Bishop)
  and the set-up's picks.
* ``placement.py`` -- :class:`~.placement.PlacementRules`: phases 4-5 (placing workers, hiring,
  charity, the market).
* ``district.py`` -- :class:`~.district.DistrictRules`: phase 6 (constructions, productions,
  conversions).
* ``artworks.py`` -- :class:`~.artworks.ArtworkRules`: phase 7 (completing artworks).
* ``round_end.py`` -- :class:`~.round_end.RoundEndRules`: phases 8-9 (offices, turn order, end
  of round) and the end of the game.
* ``scoring.py`` -- :class:`~.scoring.ScoringMixin`: final scoring, ranks, the balance hooks
  on offices.

Handlers work on one game at a time (``g``): the per-game branches of this game are many and
short. Where many games of a batch reach the same step together, batched versions run them at
once (``_place_batch``, ``_resolve_districts``, ``_resolve_artworks``, and phases 8, 9 and 1 in
``_close_rounds``); the tests hold both equal.
"""

from __future__ import annotations

from .artworks import ArtworkRules
from .common import BATCH_MIN, DISTRICT_BATCH_MIN, RuleHelpers, scalar_randint
from .district import DistrictRules
from .flow import FlowRules
from .income import IncomeRules
from .placement import PlacementRules
from .round_end import RoundEndRules
from .scoring import ScoringMixin


class RulesMixin(FlowRules, IncomeRules, PlacementRules, DistrictRules, ArtworkRules, RoundEndRules, RuleHelpers):
    """Handlers and flow; mixed into :class:`~florentine_envs.games.florenza.florenza.Florenza`."""


__all__ = [
    "BATCH_MIN",
    "DISTRICT_BATCH_MIN",
    "ArtworkRules",
    "DistrictRules",
    "FlowRules",
    "IncomeRules",
    "PlacementRules",
    "RoundEndRules",
    "RuleHelpers",
    "RulesMixin",
    "ScoringMixin",
    "scalar_randint",
]
