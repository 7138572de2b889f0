"""Legal-action masks: the kernel ``kernels.refresh_mask`` over the given games (the steps refresh
the mask inside the kernels; this is for loaded and hand-built states)."""

from __future__ import annotations

import numpy as np

from . import kernels
from .state import MediciState


class MaskMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _refresh_mask(self, state: MediciState, games: np.ndarray) -> None:
        self._run(kernels.REFRESH_MASK, state, games)
