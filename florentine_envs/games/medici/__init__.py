"""Medici: The Card Game (Reiner Knizia), 2-6 players."""

from .medici import ACTION_NAMES, Medici, MediciState

__all__ = ["Medici", "MediciState", "ACTION_NAMES"]
