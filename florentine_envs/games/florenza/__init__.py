"""Florenza (board game, 2nd edition), 2-5 players: see SPEC.md and DESIGN_NOTES.md."""

from .florenza import Florenza, FlorenzaState

__all__ = ["Florenza", "FlorenzaState"]
