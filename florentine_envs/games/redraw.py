"""The re-draw loop the games' ``randomize_hidden`` share: deal what a player cannot see, keep
the deal only where the new position is one the game could have reached, try again elsewhere.

What makes a deal reachable is public, so the observer may condition on it:

* the player to move faces a real decision: the engine plays every decision with one legal
  action itself (DESIGN.md rule 1), so a position never rests where the mover has fewer than
  two legal actions, and seeing someone asked to decide tells everyone that he has a choice;
* each game's own conditions (``plausible``), e.g. a Princes work under way can still reach
  its minimum value with the Bonus cards its worker holds.

Each attempt is a function of what the player knows, the seed and the attempt number only, so
the result still depends on nothing the player cannot see (``tests/test_ismcts.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..core.game import legal_counts
from ..core.state import State

#: attempts per game before giving up (the true hidden part is kept then; no game of the tests
#: needs more than a handful: the conditions hold for most deals)
MAX_ATTEMPTS = 256


def redraw_until_plausible(
    out: State,
    original: State,
    deal: Callable[[int, int], None],
    refresh_masks: Callable[[State, np.ndarray], None],
    plausible: Callable[[State, np.ndarray], np.ndarray] | None = None,
) -> None:
    """Re-deal every game of ``out`` (a copy of ``original`` with its new seeds) in place.

    ``deal(b, attempt)`` deals game b's hidden part afresh (from what ``out`` holds: every deal
    pools the same cards, whatever the previous attempt left); ``refresh_masks(out, games)``
    recomputes the legal-action masks of the live ``games`` (int[n]); ``plausible(out, games)``
    (bool[n]) says which of ``games`` are positions the game could have reached, beyond the
    mover's choice that is always checked. A game no attempt makes plausible keeps the hidden
    part it had in ``original`` (a position that was reached), with the new seed. A finished
    game is not re-dealt: no decision is left, and its final scoring has shown what was hidden
    (the Florenza card game's artist values)."""
    pending = np.flatnonzero(~out.terminated)
    for attempt in range(MAX_ATTEMPTS):
        if pending.size == 0:
            return
        for b in pending.tolist():
            deal(b, attempt)
        refresh_masks(out, pending)
        ok = legal_counts(out.legal_action_mask[pending]) >= 2
        if plausible is not None and ok.any():
            ok[ok] = plausible(out, pending[ok])
        pending = pending[~ok]
    if pending.size == 0:
        return
    seeds = out.seed[pending].copy()
    out.assign(pending, original.select(pending))
    out.seed[pending] = seeds
