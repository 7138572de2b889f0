"""What playing at the terminal (``florentine play``) and in the browser (``florentine serve``)
share: game options read from ``key=value`` words, the legal actions in the order they are listed
and numbered, and whose eyes the narration uses. Both front ends import it (and the RLlib
recipe the options); it imports neither, so neither imports the other.
"""

from __future__ import annotations

import numpy as np


def parse_options(pairs: list[str]) -> dict:
    """``key=value`` game options; values parsed as bool/int/float where they look like one."""
    options = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise SystemExit(f"option {pair!r} must look like key=value")
        key, value = pair.split("=", 1)
        lowered = value.lower()
        if lowered in ("true", "false"):
            options[key] = lowered == "true"
        else:
            try:
                options[key] = int(value)
            except ValueError:
                try:
                    options[key] = float(value)
                except ValueError:
                    options[key] = value
        # keep strings as they are
    return options


def grouped_legal(game, state) -> np.ndarray:
    """The legal actions in the order they are listed and numbered: by the game's
    ``action_group`` heading (first appearance first), else in id order."""
    legal = np.flatnonzero(state.legal_action_mask[0])
    group = getattr(game, "action_group", None)
    if group is None:
        return legal
    headings = [group(state, 0, int(a)) for a in legal]
    first = {h: i for i, h in reversed(list(enumerate(headings)))}
    return legal[sorted(range(len(legal)), key=lambda i: (first[headings[i]], i))]


def narration_viewer(kinds: list[str]) -> int | None:
    """Whose eyes the narration uses: the one person's seat (a bot's private draws stay hidden:
    told as "keeps one card", never which), -1 for several people at one screen (nobody's
    private cards), None for computer players only (everything, as a log)."""
    humans = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    if not humans:
        return None
    return humans[0] if len(humans) == 1 else -1


__all__ = ["parse_options", "grouped_legal", "narration_viewer"]
