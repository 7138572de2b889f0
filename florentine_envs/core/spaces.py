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

A space is linked to its environment's game, which it reads at every unmasked ``sample()``.
Pickled or deep-copied on its own (RLlib and SB3 ship spaces to workers and into saved
models), it becomes the plain ``Discrete`` / ``MultiDiscrete`` it is equal to -- a few hundred
bytes, not the whole environment -- whose ``sample()`` is uniform over every action, as
Gymnasium's: a copy away from its game has no position to read legal actions from, so it
draws legal actions only when given the ``mask``. An environment pickled whole relinks its
spaces to its own copy of the game (``relink``).

    >>> import pickle
    >>> copy = pickle.loads(pickle.dumps(space))
    >>> type(copy).__name__, copy == space
    ('Discrete', True)
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

    def __reduce_ex__(self, protocol):
        # the plain Discrete (same n, start and random state), without the link to the env's game
        return _plain_space, (gymnasium.spaces.Discrete, (int(self.n),), {"start": int(self.start)}, self._np_random)

    @classmethod
    def relink(cls, plain: gymnasium.spaces.Discrete, legal_mask: Callable[[], np.ndarray | None]) -> LegalDiscrete:
        """The ``LegalDiscrete`` of an unpickled env: ``plain`` (the space as pickled) linked to
        ``legal_mask`` again, with its random state."""
        space = cls(int(plain.n), legal_mask)
        space._np_random = plain._np_random
        return space


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

    def __reduce_ex__(self, protocol):
        # the plain MultiDiscrete, without the link to the env's games (see the module doc)
        return _plain_space, (gymnasium.spaces.MultiDiscrete, (self.nvec.copy(),), {}, self._np_random)

    @classmethod
    def relink(
        cls, plain: gymnasium.spaces.MultiDiscrete, legal_mask: Callable[[], np.ndarray | None]
    ) -> LegalMultiDiscrete:
        """The ``LegalMultiDiscrete`` of an unpickled vector env (see :meth:`LegalDiscrete.relink`)."""
        space = cls(int(plain.nvec[0]), len(plain.nvec), legal_mask)
        space._np_random = plain._np_random
        return space


def _plain_space(cls, args: tuple, kwargs: dict, np_random) -> gymnasium.spaces.Space:
    """Unpickler of a Legal* space: the plain Gymnasium space ``cls(*args, **kwargs)`` with the
    random state it had (None if it never sampled)."""
    space = cls(*args, **kwargs)
    space._np_random = np_random
    return space


def observation_box(low: np.ndarray, high: np.ndarray) -> gymnasium.spaces.Box:
    """float32 ``Box`` with the game's per-entry bounds (see ``Game.obs_bounds``)."""
    return gymnasium.spaces.Box(low=low.copy(), high=high.copy(), dtype=np.float32)


def action_features_box(game) -> gymnasium.spaces.Box:
    """float32 ``Box`` of shape (num_actions, F) of a game's per-action features
    (``Game.action_features`` of one game): the feature bounds tiled over the actions."""
    low, high = game.action_feature_bounds
    A = game.num_actions
    return gymnasium.spaces.Box(low=np.tile(low, (A, 1)), high=np.tile(high, (A, 1)), dtype=np.float32)
