"""SPEC §10: the observation of one player, built field by field in SPEC's order."""

from __future__ import annotations

import numpy as np

from .actions import NUM_CHARACTER_SLOTS, PHASE, PHASES
from .state import DETAINED, EXPELLED, IN_BAG, IN_PLAY, ON_CARD


def one_hot(n: int, i: int | None) -> list[float]:
    out = [0.0] * n
    if i is not None:
        out[i] = 1.0
    return out


def observe(rules, o: int) -> tuple[np.ndarray, dict[str, slice]]:
    """float32[obs_size] for observer ``o`` and the named slices (SPEC §10 field order)."""
    R, t, P = rules, rules.t, rules.P
    NW, NM = len(t.workshops), len(t.main_artworks)
    fields: list[tuple[str, list[float]]] = []

    def rel(q: int | None) -> int | None:
        return None if q is None else (q - o) % P

    def seats():  # seats in relative order
        return [(o + j) % P for j in range(P)]

    over = R.phase == PHASE["GAME_OVER"]
    phase = PHASES[R.phase]
    pend = R.pending
    fields.append(("phase", one_hot(len(PHASES), R.phase)))
    fields.append(("round", one_hot(t.rounds, R.round - 1)))
    fields.append(("to_move", one_hot(P, None if over else rel(R.current))))
    fields.append(("captain", one_hot(P, rel(R.captain))))
    fields.append(("bishop", one_hot(P, rel(R.bishop))))
    order = R.player_order()
    fields.append(("turn_position", sum((one_hot(P, order.index(q)) for q in seats()), [])))
    fields.append(("income_resource", one_hot(6, R.income_resource)))
    dice = [0.0] * 6
    if phase == "CATHEDRAL_DIE":
        for v in pend.dice:
            dice[v - 1] += 1
    fields.append(("dice", dice))
    box_phases = ("HIRE", "SKILL", "INCENTIVE", "CATHEDRAL_DIE")
    fields.append(("pending_main", one_hot(NM, pend.main if phase in box_phases else None)))
    fields.append(("pending_district", one_hot(8, pend.district if phase in box_phases else None)))
    fields.append(
        ("pending_character", one_hot(NUM_CHARACTER_SLOTS, pend.character if phase in box_phases[1:] else None))
    )
    fields.append(("pending_skill", one_hot(3, pend.skill if phase in box_phases[2:] else None)))
    fields.append(("pending_pulpit", one_hot(2, pend.pulpit if phase == "PREACHER" else None)))
    fields.append(("pending_workshop", one_hot(NW, pend.workshop if phase == "CONVERT" else None)))
    trading = phase in ("TRADE_GIVE_2", "TRADE_TAKE")
    fields.append(("trade_given", [float(g) for g in pend.trade_given] if trading else [0.0] * 6))
    marketing = phase in ("MARKET", "TRADE_GIVE_1", "TRADE_GIVE_2", "TRADE_TAKE")
    used = R.players[R.current].market_used if marketing else [False] * 3
    fields.append(("market_used", [float(u) for u in used]))
    named = R.named
    fields.append(("bag", [float(n.where == IN_BAG) for n in named]))
    fields.append(("char_life", [float(n.life if n.where == IN_PLAY else 0) for n in named]))
    fields.append(("char_on_card", [float(n.where == IN_PLAY and n.tile == ON_CARD) for n in named]))
    fields.append(("char_detained", [float(n.tile == DETAINED) for n in named]))
    fields.append(("char_expelled", [float(n.tile == EXPELLED) for n in named]))
    fields.append(("char_flipped", [float(n.flipped) for n in named]))
    fields.append(("unnamed_left", [float(u) for u in R.unnamed_left]))
    fields.append(("workshop_supply", [float(s) for s in R.supply]))
    fields.append(("main_crest", sum((one_hot(P, rel(R.main_crest[m])) for m in range(NM)), [])))
    fields.append(("main_worker", sum((one_hot(P, rel(h.player if h else None)) for h in R.main_hire), [])))
    fields.append(
        ("main_artist", [float(0 if h is None or h.character is None else 1 + h.character) for h in R.main_hire])
    )
    fields.append(("cathedral_pulpit", one_hot(P, rel(R.cathedral_pulpit))))
    fields.append(("cathedral_preacher", [float(0 if R.cathedral_preacher is None else 1 + R.cathedral_preacher)]))
    block: list[float] = []
    for q in seats():
        pl = R.players[q]
        block += [
            pl.florins,
            *pl.cubes,
            pl.track,
            pl.certs,
            pl.influence,
            pl.avail,
            pl.pool,
            pl.detained,
            pl.work,
            pl.market,
            pl.pulpit,
            0 if pl.preacher is None else 1 + pl.preacher,
            t.crests - pl.crests_placed,
        ]
        for slot in pl.slots:
            if slot is None:
                block += [0.0] * (NW + 1 + P)
            else:
                block += one_hot(NW, slot.workshop) + [float(slot.built)] + one_hot(P, rel(slot.worker))
        for d in range(len(t.district_artworks)):
            hire = R.box_hire[q][d]
            block += [
                float(R.box_crest[q][d]),
                float(hire is not None),
                float(0 if hire is None or hire.character is None else 1 + hire.character),
            ]
    fields.append(("players", block))
    layout, flat, at = {}, [], 0
    for name, values in fields:
        layout[name] = slice(at, at + len(values))
        at += len(values)
        flat += values
    return np.asarray(flat, dtype=np.float32), layout
