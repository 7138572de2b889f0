"""Positions for the Florenza rule tests of the rulebook's first part (``test_florenza_rules_setup``,
``_round`` and ``_placement``; lines 1-631: set-up to the market and the district order).

The engine tests' helpers (``test_florenza_engine``: ``fresh``, ``act``, ``run_stage``, ...) are
reused as they are; this module adds what the rule tests need besides: a character brought into
play from the bag (keeping the bag's count), a workshop put on a space, a round played up to a
given phase with every worker gone to work, and the engine's stage/phase trace of one round.
Component numbers come from the game's tables (``game.t``) unless a rulebook sentence states them.
"""

from __future__ import annotations

import numpy as np
from test_florenza_engine import (  # the engine tests' position helpers
    act,
    char,
    empty_round,
    fresh,
    hire_on,
    main_box,
    names,
    prestige,
    roll_counter,
    run_stage,
)  # fmt: skip

from florentine_envs.games.florenza import constants as C

__all__ = [
    "act", "bring_into_play", "char", "empty_round", "fresh", "hire_on", "main_box", "names", "prestige",
    "put_workshop", "roll_counter", "run_stage", "work_until", "resource", "workshop",
    "char_action", "in_play", "of_kind", "place_then", "clear_districts", "Trace", "box_with_income",
]  # fmt: skip


def workshop(game, name: str) -> int:
    return game.t.ws_names.index(name)


def resource(game, name: str) -> int:
    return game.t.resource_names.index(name)


def char_action(game, x: int) -> str:
    """The action name of character slot x (named c < 40 or unnamed 40 + kind)."""
    return f"character_{game.t.slot_names[x]}"


def bring_into_play(st, c: int, life: int | None = None, game=None) -> None:
    """Named character c of game 0 comes out of the bag next (the bag order is swapped so the
    count of drawn characters stays true) and sits on his card under Life card ``life``
    (default: his rounds)."""
    if st.char_state[0, c] == C.IN_PLAY:
        st.life[0, c] = life if life is not None else st.life[0, c]
        st.char_where[0, c] = C.ON_CARD
        return
    assert st.char_state[0, c] == C.IN_BAG, "a character gone from the game cannot come back"
    pos = int(st.bag_pos[0])
    at = int(np.flatnonzero(st.bag[0] == c)[0])
    st.bag[0, pos], st.bag[0, at] = st.bag[0, at], st.bag[0, pos]
    st.bag_pos[0] = pos + 1
    st.char_state[0, c] = C.IN_PLAY
    st.life[0, c] = life if life is not None else int(game.t.rounds[c]) if game is not None else 3
    st.char_where[0, c] = C.ON_CARD


def in_play(st) -> np.ndarray:
    return np.flatnonzero(st.char_state[0] == C.IN_PLAY)


def of_kind(game, artist: bool, skill: str | None = None, multi: bool | None = None) -> list[int]:
    """Named characters (ids 0..39) that are artists (or preachers), optionally with a skill,
    optionally with more than one skill."""
    t = game.t
    out = []
    for c in range(C.NUM_NAMED):
        if bool(t.is_artist[c]) != artist:
            continue
        if skill is not None and not t.skills[c, t.skill_names.index(skill)]:
            continue
        if multi is not None and (t.skills[c].sum() > 1) != multi:
            continue
        out.append(c)
    return out


def put_workshop(game, st, p: int, space: int, name: str, built: bool = True) -> int:
    """A tile of ``name`` from the supply on p's space (game 0); -> its type."""
    w = workshop(game, name)
    assert st.ws_supply[0, w] >= 1 and st.space_type[0, p, space] < 0
    st.space_type[0, p, space], st.space_built[0, p, space] = w, built
    st.ws_supply[0, w] -= 1
    return w


def work_until(game, st, done):
    """Every player to move goes to work (the always-legal placement) until ``done(st)``."""
    while not done(st):
        assert st.phase[0] == C.PH_PLACE, C.PHASE_NAMES[int(st.phase[0])]
        st = act(game, st, "go_to_work")
    return st


def place_then(game, st, placement: str, follow_up: str):
    """A placement with its follow-up choice (the artist to hire, the preacher to give charity to);
    when the follow-up is the only legal one the engine has already played it (a forced move)."""
    player = int(st.current_player[0])
    st = act(game, st, placement)
    if st.phase[0] in (C.PH_HIRE, C.PH_PREACHER) and int(st.current_player[0]) == player:
        st = act(game, st, follow_up)
    return st


def clear_districts(game, st) -> None:
    """Every workshop tile of game 0 back to the supply (empty district boards, no workers on them)."""
    st.space_type[0], st.space_built[0], st.space_worker[0] = -1, False, -1
    st.ws_supply[0] = game.t.ws_qty


class Trace:
    """Plays named actions on game 0 and logs every move the engine applies, the players' own and
    the forced ones: (round, phase name, player, action name) as it stood before the move."""

    def __init__(self, game):
        self.game = game
        self.moves: list[tuple[int, str, int, str]] = []

    def _on_move(self, before, after, games, actions, forced) -> None:
        self.moves.append((int(before.round[0]), C.PHASE_NAMES[int(before.phase[0])], int(before.current_player[0]),
                           self.game.action_names[int(actions[0])]))  # fmt: skip

    def __call__(self, st, name: str):
        return self.game.step(st, np.array([self.game.action_names.index(name)]), on_move=self._on_move)

    def decisions(self, skip=("PLACE",)) -> list[tuple[int, str, int]]:
        """(round, phase, player) of every move outside the phases in ``skip``."""
        return [(r, phase, p) for r, phase, p, _ in self.moves if phase not in skip]


def box_with_income(game, kind: str) -> int:
    """The first main-board artwork whose phase-1 income is of ``kind`` (tables.INCOME_KINDS)."""
    from florentine_envs.games.florenza.tables import INCOME_KINDS

    return int(np.flatnonzero(game.t.art_income_kind == INCOME_KINDS.index(kind))[0])
