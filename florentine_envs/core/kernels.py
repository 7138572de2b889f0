"""Compiled kernels every game with compiled rules shares (numba, over one game ``g`` of a batch).

They read only the fields every :class:`~.state.State` has, so each game's own kernels call
them inline (``forceinline``): a call costs nothing, and the disk cache of a game's kernels is
renewed when this file changes (:mod:`.jit` stamps it with the core's sources).
"""

from __future__ import annotations

from .jit import jit


@jit(_nrt=False, forceinline=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)
def only_legal_action(terminated, legal_action_mask, g):
    """The one legal action of game ``g``, or -1 (a finished game, or a real decision): what the
    forced-move loop plays for the player (DESIGN.md rule 1). ``terminated`` bool[B],
    ``legal_action_mask`` bool[B, A]."""
    only = -1
    if not terminated[g]:
        for a in range(legal_action_mask.shape[1]):
            if legal_action_mask[g, a]:
                if only >= 0:
                    return -1
                only = a
    return only
