"""Firenze (Andreas Steding), 2-4 players: batched engine and component data."""

from .firenze import Firenze, FirenzeState, load_data

__all__ = ["Firenze", "FirenzeState", "load_data"]
