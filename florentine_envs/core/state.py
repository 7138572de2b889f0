"""Batched game state: a dataclass of numpy arrays with a leading batch axis."""

from __future__ import annotations

import dataclasses

import numpy as np


@dataclasses.dataclass
class State:
    """Fields shared by every game. Games subclass this and add their own arrays.

    Every field is a numpy array whose first axis is the batch ``B``.
    """

    seed: np.ndarray  # uint64[B]     per-game seed of the counter-based RNG
    current_player: np.ndarray  # int8[B]   seat whose decision is pending
    phase: np.ndarray  # int8[B]        which kind of decision is pending (game-specific ids)
    legal_action_mask: np.ndarray  # bool[B, A]  legal actions of the pending decision
    rewards: np.ndarray  # float32[B, P]  rewards produced by the last step
    terminated: np.ndarray  # bool[B]     game over
    scores: np.ndarray  # int32[B, P]     the game's own score (florins, points)
    step_count: np.ndarray  # int32[B]    decisions taken by players so far
    truncated: np.ndarray  # bool[B]      game stopped by a turn limit (set together with terminated)

    @property
    def batch_size(self) -> int:
        return int(self.seed.shape[0])

    def copy(self) -> State:
        """A deep copy: no array is shared with the original."""
        return dataclasses.replace(self, **{f.name: getattr(self, f.name).copy() for f in dataclasses.fields(self)})

    def select(self, index) -> State:
        """The games at ``index`` (an int array or slice) as a new state (copied)."""
        if isinstance(index, (int, np.integer)):
            index = np.array([index])
        return dataclasses.replace(
            self, **{f.name: getattr(self, f.name)[index].copy() for f in dataclasses.fields(self)}
        )

    def assign(self, index, other: State) -> None:
        """Write the games of ``other`` into positions ``index`` of this state (in place)."""
        for f in dataclasses.fields(self):
            getattr(self, f.name)[index] = getattr(other, f.name)

    def arrays(self) -> dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
