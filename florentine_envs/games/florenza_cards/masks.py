"""Legal-action masks (SPEC §6): the kernel ``kernels.refresh_mask`` over the given games (the
steps refresh the mask inside the kernels; this is for loaded and hand-built states), and the
ACTION phase's mask and the least hire costs of any seat, which the features read."""

from __future__ import annotations

import numpy as np

from . import kernels
from .constants import NUM_TYPES
from .state import FlorenzaCardsState

BIG = kernels.BIG  # "no artist can be hired": a cost nobody can pay


class MaskMixin:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: the legal-action masks."""

    def _refresh_mask(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Recompute ``legal_action_mask`` for ``games``."""
        self._run(kernels.REFRESH_MASK, st, games)

    def _action_mask(self, st: FlorenzaCardsState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        """bool[n, A]: the legal actions of seat ``p[i]`` in the ACTION phase of game ``g[i]``."""
        out = np.zeros((len(g), self.num_actions), bool)
        kernels.action_masks(kernels.as_indices(g), kernels.as_indices(p), out, *self._arrays(st))
        return out

    def _cheapest(self, st: FlorenzaCardsState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        """int64[n, 8]: for each set of artist types (bit set; 0 = no artist needed, cost 0) the
        least a seat pays to hire one: table or own reserved copies, face-up anonymous artists,
        the Bottega d'Arte discount applied (SPEC §6, "Hire options"); BIG: none on offer."""
        out = np.empty((len(g), 1 << NUM_TYPES), np.int64)
        kernels.hire_costs(kernels.as_indices(g), kernels.as_indices(p), out, *self._arrays(st))
        return out
