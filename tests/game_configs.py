"""Every registered game and player count, and the variants whose rules differ enough to need
checks of their own: shared by the conformance test and the saved-state fuzz."""

import florentine_envs

CASES = [(name, p) for name in florentine_envs.available_games() for p in florentine_envs.player_counts(name)]
# Uniform random Firenze games run to the turn limit (60 turns per player, 1000-2700 decisions);
# a shorter limit keeps generic checks to seconds. tests/test_firenze_engine.py plays full games.
QUICK_OPTIONS = {"firenze": {"max_turns": 24}}
# Variants whose rules differ enough to need the whole check of their own (every player count).
VARIANTS = [
    ("princes", {"characters": True}),
    ("princes", {"cooperative": True}),
    ("princes", {"cooperative": True, "characters": True}),
    ("princes_solo", {"dummies": 3}),
    ("florenza", {"die": "no_die"}),
]
VARIANT_CASES = [(name, p, opts) for name, opts in VARIANTS for p in florentine_envs.player_counts(name)]
