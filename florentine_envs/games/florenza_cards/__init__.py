"""Florenza: The Card Game (Placentia Games), 2-4 players: see SPEC.md and DESIGN_NOTES.md."""

from .florenza_cards import FlorenzaCards, FlorenzaCardsState

__all__ = ["FlorenzaCards", "FlorenzaCardsState"]
