"""One package per game; importing this package registers every game."""

from ..core.registry import register
from .medici import Medici

register("medici", Medici)
