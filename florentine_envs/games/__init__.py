"""One package per game; importing this package registers every game (``florentine_envs.make``)
and its Gymnasium id (``gymnasium.make("florentine/<Name>-v<version>")``)."""

from ..core.learner import register_gymnasium
from ..core.registry import register
from .firenze import Firenze
from .florenza import Florenza
from .florenza_cards import FlorenzaCards
from .medici import Medici
from .princes import Princes, PrincesSolo

register("medici", Medici)
register("firenze", Firenze)
register("florenza_cards", FlorenzaCards)
register("florenza", Florenza)
register("princes", Princes)
register("princes_solo", PrincesSolo)
register_gymnasium("medici", "Medici", Medici.version)
register_gymnasium("firenze", "Firenze", Firenze.version)
register_gymnasium("florenza_cards", "FlorenzaCards", FlorenzaCards.version)
register_gymnasium("florenza", "Florenza", Florenza.version)
register_gymnasium("princes", "Princes", Princes.version)
register_gymnasium("princes_solo", "PrincesSolo", PrincesSolo.version)
