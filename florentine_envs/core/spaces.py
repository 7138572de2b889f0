"""Gymnasium spaces shared by the PettingZoo, Gymnasium and vector wrappers.

The flat action space of every game is ``Discrete(num_actions)``, but most actions are
illegal at any one decision and the environments refuse an illegal action with a
``ValueError`` (DESIGN.md rule 5). Tools that drive an environment with
``action_space.sample()`` and no mask -- Gymnasium's ``check_env``, PettingZoo's
``state_test``, quick random-play scripts -- would then stop at the first illegal draw.
:class:`LegalDiscrete` is a ``Discrete`` whose ``sample()`` *without* a mask draws among
the legal actions of the decision pending; an explicit ``mask`` or ``probability`` is
used as given, exactly as in Gymnasium.

    >>> import numpy as np
    >>> space = LegalDiscrete(4, lambda: np.array([False, True, False, True]), seed=0)
    >>> sorted({int(space.sample()) for _ in range(50)})
    [1, 3]
    >>> int(space.sample(mask=np.array([1, 0, 0, 0], np.int8)))
    0
"""

from __future__ import annotations

from collections.abc import Callable

import gymnasium
import numpy as np


class LegalDiscrete(gymnasium.spaces.Discrete):
    """``Discrete(n)`` whose unmasked ``sample()`` is a uniformly random *legal* action.

    ``legal_mask()`` returns bool[n] (the pending decision's legal actions) or ``None`` when
    no decision is pending (e.g. the game is over), in which case ``sample()`` is uniform
    over all ``n`` actions, as a plain ``Discrete``. Equality, containment, seeding and
    serialisation are those of ``Discrete``.
    """

    def __init__(self, n: int, legal_mask: Callable[[], np.ndarray | None], seed=None):
        super().__init__(n, seed=seed)
        self._legal_mask = legal_mask

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None:
            legal = self._legal_mask()
            if legal is not None and legal.any():
                mask = legal.astype(np.int8)
        return super().sample(mask=mask, probability=probability)

    def __repr__(self) -> str:
        return f"LegalDiscrete({self.n})"


class LegalMultiDiscrete(gymnasium.spaces.MultiDiscrete):
    """``MultiDiscrete([n] * num_envs)`` of a vector environment whose unmasked ``sample()``
    draws a legal action in every sub-environment (``legal_mask()``: bool[num_envs, n])."""

    def __init__(self, n: int, num_envs: int, legal_mask: Callable[[], np.ndarray | None], seed=None):
        super().__init__(np.full(num_envs, n, np.int64), seed=seed)
        self._legal_mask = legal_mask

    def sample(self, mask=None, probability=None):
        legal = self._legal_mask() if mask is None and probability is None else None
        if legal is None:
            return super().sample(mask=mask, probability=probability)
        # One uniform draw per row among its legal actions (rows without any get action 0).
        scores = self.np_random.random(legal.shape) * legal
        return np.where(legal.any(1), scores.argmax(1), 0).astype(self.dtype)

    def __repr__(self) -> str:
        return f"LegalMultiDiscrete({self.nvec.tolist()})"


def observation_box(low: np.ndarray, high: np.ndarray) -> gymnasium.spaces.Box:
    """float32 ``Box`` with the game's per-entry bounds (see ``Game.obs_bounds``)."""
    return gymnasium.spaces.Box(low=low.copy(), high=high.copy(), dtype=np.float32)
