"""Vector self-play environment (``florentine_envs.vector.VectorEnv``); see
:mod:`florentine_envs.core.vector`."""

from .core.vector import VECTOR_STREAM, VectorEnv, VectorStep

__all__ = ["VectorEnv", "VectorStep", "VECTOR_STREAM"]
