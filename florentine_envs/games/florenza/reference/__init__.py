"""Independent scalar reference of Florenza (board game, 2nd edition), written from the rulebook.

Modules: ``tables`` (the JSON data as plain records), ``rng`` (SPEC §3), ``actions`` (SPEC §6
ids), ``state`` (plain dataclasses), ``rules`` (set-up, phases 1-9, end scoring, as a generator
of decisions), ``observation`` (SPEC §10), ``game`` (``FlorenzaReference``: masks, step,
observe, rewards). It never imports the batched engine.
"""

from .game import FlorenzaReference, final_ranks, terminal_rewards

__all__ = ["FlorenzaReference", "final_ranks", "terminal_rewards"]
