"""The Princes of Florence (Kramer / Ulrich), 2-5 players with the Muse and the Princess, and
the solo game against Wolfgang (``PrincesSolo``): batched engine, component data and encoding
(SPEC.md)."""

from .data import load_data
from .princes import Princes, PrincesSolo, PrincesState

__all__ = ["Princes", "PrincesSolo", "PrincesState", "load_data"]
