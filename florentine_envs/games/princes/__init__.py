"""The Princes of Florence (Kramer / Ulrich), 2-5 players with the Muse and the Princess:
batched engine, component data and encoding (SPEC.md)."""

from .data import load_data
from .princes import Princes, PrincesState

__all__ = ["Princes", "PrincesState", "load_data"]
