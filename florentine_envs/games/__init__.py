"""One package per game; importing this package registers every game."""

from ..core.registry import register
from .firenze import Firenze
from .medici import Medici

register("medici", Medici)
register("firenze", Firenze)
