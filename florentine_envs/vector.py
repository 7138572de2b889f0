"""Vector environments.

* :class:`SelfPlayVectorEnv`: B self-play games (every seat acts), auto-reset; see
  :mod:`florentine_envs.core.selfplay`. ``VectorEnv`` is its deprecated former name.
* :class:`LearnerVectorEnv`: a ``gymnasium.vector.VectorEnv`` of B games in which a
  learner plays one seat against opponent policies; see :mod:`florentine_envs.core.learner`.
"""

from .core.learner import LearnerEnv, LearnerVectorEnv
from .core.selfplay import VECTOR_STREAM, SelfPlayStep, SelfPlayVectorEnv, VectorEnv, VectorStep

__all__ = [
    "SelfPlayVectorEnv", "SelfPlayStep", "LearnerVectorEnv", "LearnerEnv", "VECTOR_STREAM",
    "VectorEnv", "VectorStep",
]  # fmt: skip
