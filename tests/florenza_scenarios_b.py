"""Positions for the Florenza rule tests of the rulebook's second half (``test_florenza_rules_*``
modules of part b: production, construction, artworks, offices, the end, characters, workshops in
detail, the variants and the historical notes).

The basic helpers are the engine tests' (``test_florenza_engine``: a first-game position, stepping
by action name, jumping to a rulebook phase with ``run_stage``); this module adds what the rule
scenarios need on top: workshop tiles put on a district board, artists and boxes found in the data
by what a test needs (never by a reconstructed value written here), and die rolls forced to a face.
Component numbers are always read from the game's tables (``game.t``).
"""

from __future__ import annotations

import numpy as np
from test_florenza_engine import (  # noqa: F401 (re-exported for the rule-test modules)
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
)

from florentine_envs.core import rng
from florentine_envs.games.florenza import constants as C

NAMED = C.NUM_NAMED  # character slots 0..39 are the named characters, 40.. the unnamed kinds


def workshop(game, name: str) -> int:
    """Workshop type index of a workshop named as in the data ("Casa", "Monte di Pieta")."""
    return game.t.ws_names.index(name)


def skill(game, name: str) -> int:
    return game.t.skill_names.index(name)


def put_tile(game, st, owner: int, space: int, w: int, built: bool = True, worker: int | None = None) -> None:
    """Workshop type ``w`` on ``owner``'s ``space`` (0-based) of game 0, finished or building side
    up, from the supply; ``worker`` (a seat) stands on it, taken from that seat's pool."""
    st.space_type[0, owner, space], st.space_built[0, owner, space] = w, built
    st.ws_supply[0, w] -= 1
    if worker is not None:
        st.space_worker[0, owner, space] = worker
        st.pool[0, worker] -= 1


def bare(P: int = 3, seed: int = 1, **options):
    """A first-game position of game 0 with every worker in the pool, every district board empty
    (the starting workshops back in the supply) and every player without money or cubes: a test
    gives each seat exactly what its scenario needs."""
    game, st = fresh(P, seed, **options)
    empty_round(st)
    for w in st.space_type[0][st.space_type[0] >= 0].tolist():
        st.ws_supply[0, w] += 1
    st.space_type[0], st.space_built[0] = -1, False
    st.money[0], st.res[0] = 0, 0
    return game, st


def force_roll(st, face: int) -> None:
    """The next die roll of game 0 shows ``face``."""
    st.rolls[0] = roll_counter(st, face, int(st.rolls[0]))


def force_rolls(st, faces: tuple[int, ...]) -> None:
    """The next len(faces) die rolls of game 0 show ``faces`` in order."""
    n = int(st.rolls[0])
    while [1 + int(rng.randint(st.seed[0], C.STREAM_DIE, n + i, 6)) for i in range(len(faces))] != list(faces):
        n += 1
    st.rolls[0] = n


def in_play(game, st, c: int, life: int = 2) -> None:
    """Named character c is in play in game 0 with its tile on its card (under Life card ``life``).
    If c was still in the bag he is drawn out of turn: he swaps places with the next character to
    be drawn, so the bag's count and order of the others stay consistent (the invariants hold)."""
    if st.char_state[0, c] == C.IN_BAG:
        pos = int(np.flatnonzero(st.bag[0] == c)[0])
        nxt = int(st.bag_pos[0])
        st.bag[0, pos], st.bag[0, nxt] = st.bag[0, nxt], c
        st.bag_pos[0] += 1
    st.char_state[0, c], st.life[0, c], st.char_where[0, c] = C.IN_PLAY, life, C.ON_CARD


def pay_exactly(game, st, p: int, box: int, x: int, k: int, extra: int = 0) -> None:
    """Seat p holds exactly the cost of box id ``box`` (district d < 8, main 8 + m) with artist
    slot x's skill k, plus ``extra`` Fiorini."""
    cubes, fl = game.box_info(box)[:2]
    st.res[0, p] = cubes
    st.money[0, p] = fl + int(game.t.hire_cost[x, k]) + extra


def two_skill_artist(game, differ: str) -> tuple[int, int, int]:
    """(c, k1, k2): a named artist with two skills whose ``differ`` ("cost" or "die") differs
    between them (found in the data)."""
    t = game.t
    for c in np.flatnonzero(t.is_artist).tolist():
        ks = np.flatnonzero(t.skills[c]).tolist()
        for i, k1 in enumerate(ks):
            for k2 in ks[i + 1 :]:
                if differ == "cost" and t.hire_cost[c, k1] != t.hire_cost[c, k2]:
                    return c, k1, k2
                if differ == "die" and (t.die_pp[c, k1] != t.die_pp[c, k2]).any():
                    return c, k1, k2
    raise AssertionError(f"no two-skill artist whose {differ} differs between skills")


def main_with_skills(game, zone: int, *ks: int) -> int:
    """A main-board artwork of ``zone`` (constants.Z_*) that accepts every skill in ``ks``."""
    t = game.t
    ok = (t.art_zone == zone) & t.art_skills[:, list(ks)].all(1) & (np.arange(t.NM) != t.pulpit)
    return int(np.flatnonzero(ok)[0])


def placing(game, st, order=(0, 1, 2), avail: int = 1, round_: int = 2):
    """Game 0 at the first placement of round ``round_`` with turn order ``order`` (no office) and
    ``avail`` workers on every board (the others in the pool): ``order[0]`` decides."""
    P = game.num_players
    st.order[0, :P], st.nslots[0] = list(order), P
    return checked(game, run_stage(game, st, C.ST_PLACE, avail=[avail] * P, pool=[C.WORKERS - avail] * P, round=round_))


def resolve_district(game, st):
    """Run game 0 from phase 6 (district activities) of the last round: nothing after it pays."""
    return checked(game, run_stage(game, st, C.ST_DISTRICT, round=C.ROUNDS))


def resolve_artworks(game, st):
    """Run game 0 from phase 7 (artworks) of the last round."""
    return checked(game, run_stage(game, st, C.ST_ARTWORK, round=C.ROUNDS))


def checked(game, st):
    """``st`` after the engine's invariants (SPEC §11) were checked on it: a scenario built by hand
    must still be a position of the game."""
    game.check_invariants(st)
    return st


ARTWORK_DECISIONS = (C.PH_SKILL, C.PH_INCENTIVE, C.PH_CATHEDRAL_DIE)


def finish_artworks(game, st, pick=None):
    """Answer game 0's phase-7 decisions (skill, incentive, the Cathedral's die) with ``pick(state,
    legal action names)`` -- by default the first legal action -- until phase 7 is over; -> (the
    state, [(phase, player, pending box id) of every decision answered]). Forced decisions were
    already played by the engine and are not listed."""
    seen = []
    while st.phase[0] in ARTWORK_DECISIONS:
        legal = sorted(names(game, st), key=game.action_names.index)
        seen.append((int(st.phase[0]), int(st.current_player[0]), int(st.pend_box[0])))
        st = act(game, st, pick(st, legal) if pick else legal[0])
    return st, seen


def income_again(game, st):
    """Run phase 1 (income) of game 0 once more, every worker back in the pool first; -> the state
    at its next decision."""
    st.stage[0], st.ptr[0], st.sub[0] = C.ST_INCOME, 0, 0
    st.avail[0], st.pool[0] = 0, C.WORKERS
    game._continue(st, 0)
    return st


def reference_rules(P: int):
    """The scalar reference's rules (packaged data) of a first-game set-up, for twin checks of
    the automatic phases (the election of phase 8, the final scoring)."""
    from test_florenza_reference import drive

    from florentine_envs.games.florenza.reference.rng import ReferenceRng
    from florentine_envs.games.florenza.reference.rules import Rules
    from florentine_envs.games.florenza.reference.tables import load_tables

    rules = Rules(load_tables(), P, ReferenceRng(7), first_game=True)
    drive(rules.setup())
    return rules
