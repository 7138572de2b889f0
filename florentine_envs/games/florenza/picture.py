"""Florenza (board game) as a picture (issue 24): the main board with the civic buildings' and
the Cathedral's artwork boxes (cost, skills, prestige, influence, income; the crest, the worker
and the artist on each), the market and the Cathedral pulpit; the offices and the turn order,
the round track, the income die, the Life in Florenza cards with the characters in play; each
family's district board: the eight workshop spaces (finished or not, who works there, what it
makes), the Palazzo and Chiesa artwork boxes, the cubes, Fiorini, prestige (track and
certificates), influence, workers, crests; the scores as they would stand now.

Everything a player sees is public (SPEC §10: only the bag's order and future dice are hidden,
and neither is drawn), so every view draws the same board; ``view`` only marks the viewer."""

from __future__ import annotations

import drawsvg as dw
import numpy as np

from ...core.game import Game
from ...pictures import widgets as wg
from .constants import (
    DETAINED,
    EXPELLED,
    IN_BAG,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_SPACES,
    ON_CARD,
    PH_OVER,
    PHASE_NAMES,
    Z_CATHEDRAL,
)
from .state import FlorenzaState
from .tables import I_ATRIO, I_FIORINI, I_INFLUENCE, I_PRESTIGE, I_WORKER

WIDTH = 1400
MARGIN = 10
GAP = 10
BOARD_W = 906
PANEL_H = 330
#: cube colours in the data's resource order (marble, wood, gold, metal, textile, spice)
RESOURCE_COLOURS = {
    "marble": "#ecebe6", "wood": "#8d5a2b", "gold": "#e2b007", "metal": "#7f8c8d", "textile": "#b0306a",
    "spice": "#e67e22",
}  # fmt: skip
SKILL_COLOURS = ("#c0392b", "#5d6d7e", "#1f618d")  # painter, sculptor, architect
CIVIC_COLOUR, CATHEDRAL_COLOUR = "#8e6e3a", "#5b4a8a"
PALAZZO_COLOUR, CHIESA_COLOUR = "#a0522d", "#5b4a8a"
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")


def draw(game: Game, state: FlorenzaState, index: int, view: int | None) -> dw.Drawing:
    st, b, P = state, index, game.num_players
    rows = (P + 1) // 2
    board_h = 372
    height = MARGIN + 34 + GAP + board_h + GAP + rows * (PANEL_H + GAP) + MARGIN
    title = "Florenza (board game)" + (" · no-die variant" if game.no_die else "")
    d = wg.new_drawing(WIDTH, height, title=title)
    phase = PHASE_NAMES[int(st.phase[b])].replace("_", " ").lower()
    who = "the whole table" if view is None else f"{wg.player_label(view)}'s view"
    wg.title_bar(d, MARGIN, MARGIN, WIDTH - 2 * MARGIN, title, f"round {int(st.round[b])}/8 · {phase} · {who}")
    y = MARGIN + 34 + GAP
    main_board(d, MARGIN, y, BOARD_W, board_h, game, st, b)
    right = MARGIN + BOARD_W + GAP
    city(d, right, y, WIDTH - MARGIN - right, board_h, game, st, b)
    y += board_h + GAP
    width = (WIDTH - 2 * MARGIN - GAP) / 2
    for p in range(P):
        x = MARGIN + (p % 2) * (width + GAP)
        district(d, x, y + (p // 2) * (PANEL_H + GAP), width, PANEL_H, game, st, b, p, view)
    return d


# --------------------------------------------------------------------------- small pieces


def cost_text(t, cubes, fiorini: int) -> str:
    """A cost or a gain in words: ``2 marble, 1 gold, 100 Fl``."""
    parts = [f"{int(n)} {name}" for name, n in zip(t.resource_names, cubes) if n]
    if fiorini:
        parts.append(f"{int(fiorini)} Fl")
    return ", ".join(parts) or "nothing"


def cubes_row(d, x, y, t, cubes, size: float = 11) -> float:
    """Coloured cubes with their counts (no cube for a resource not needed). Returns the width."""
    cx = x
    for r, n in enumerate(cubes):
        if n:
            wg.token(d, cx + size / 2, y + size / 2, RESOURCE_COLOURS.get(t.resource_names[r], "#999999"), size,
                     label=str(int(n)))  # fmt: skip
            cx += size + 3
    return cx - x


def skill_marks(d, x, y, t, skills, size: float = 11) -> None:
    """The skills an artwork takes: P (painter), S (sculptor), A (architect) discs."""
    for i, k in enumerate(np.flatnonzero(skills)):
        wg.token(d, x + i * (size + 2) + size / 2, y + size / 2, SKILL_COLOURS[int(k)], size, shape="disc",
                 label=t.skill_names[int(k)][0].upper())  # fmt: skip


def artist_name(t, x: int) -> str:
    return t.slot_names[x] if x >= 0 else ""


def income_text(t, m: int) -> str:
    kind, n = int(t.art_income_kind[m]), int(t.art_income_n[m])
    return {
        I_PRESTIGE: f"income {n} prestige", I_INFLUENCE: f"income {n} influence", I_WORKER: f"income {n} worker",
        I_FIORINI: f"income {n} Fl", I_ATRIO: "income: gold or sell it",
    }.get(kind, "")  # fmt: skip


def artwork_box(d, x, y, w, h, t, title: str, cost, fiorini, skills, pp: int, inf: int, extra: str,
                crest: int, worker: int, artist: int, colour: str) -> None:  # fmt: skip
    """An artwork box: its name, cost, skills, prestige and influence (and ``extra``: the
    building, the income); once completed the owner's colour fills it with his crest; while a
    worker is on it, his disc and the artist hired."""
    done = crest >= 0
    fill = wg.player_colour(crest) if done else "#ffffff"
    d.append(dw.Rectangle(x, y, w, h, rx=5, ry=5, fill=fill, fill_opacity=0.3 if done else 1, stroke=colour,
                          stroke_width=1.5))  # fmt: skip
    d.append(dw.Rectangle(x, y, w, 16, rx=5, ry=5, fill=colour))
    wg.text(d, x + 4, y + 2, title, 10, weight="bold", fill="#ffffff", width=w - 8, max_lines=1)
    cw = cubes_row(d, x + 4, y + 20, t, cost, 11)
    if fiorini:
        wg.text(d, x + 6 + cw, y + 20, f"{int(fiorini)} Fl", 9)
    skill_marks(d, x + 4, y + 34, t, skills)
    wg.text(d, x + 4, y + 48, f"+{pp} pp" + (f", +{inf} inf" if inf else ""), 9, weight="bold")
    if extra:
        wg.text(d, x + 4, y + 60, extra, 8, fill=wg.PALETTE["muted"], width=w - 8, max_lines=1)
    if done:
        wg.token(d, x + w - 11, y + 41, wg.player_colour(crest), 16, shape="diamond")
    elif worker >= 0:
        wg.token(d, x + w - 11, y + 41, wg.player_colour(worker), 15, shape="disc")
        if artist >= 0:
            wg.text(d, x + 4, y + h - 12, artist_name(t, artist), 9, weight="bold", width=w - 8, max_lines=1)


# --------------------------------------------------------------------------- the main board


def main_board(d, x, y, w, h, game: Game, st: FlorenzaState, b: int) -> None:
    """The civic buildings' artworks, then the Cathedral's, in data order; the market and the
    Cathedral pulpit below."""
    t = game.t
    wg.panel(d, x, y, w, h)
    cols = 8
    bw, bh = (w - 20 - (cols - 1) * 6) / cols, 86
    civic = [m for m in range(t.NM) if t.art_zone[m] != Z_CATHEDRAL]
    cathedral = [m for m in range(t.NM) if t.art_zone[m] == Z_CATHEDRAL]
    top = y + 6
    for label, boxes, colour in (("Civic buildings", civic, CIVIC_COLOUR), ("The Cathedral", cathedral,
                                                                             CATHEDRAL_COLOUR)):  # fmt: skip
        wg.text(d, x + 10, top, label, 12, weight="bold")
        top += 18
        for i, m in enumerate(boxes):
            bx = x + 10 + (i % cols) * (bw + 6)
            by = top + (i // cols) * (bh + 6)
            title, _, building = t.art_titles[m].rstrip(")").partition(" (")
            extra = ", ".join(e for e in (building if colour == CIVIC_COLOUR else "", income_text(t, m),
                                          "pulpit" if m == t.pulpit else "") if e)  # fmt: skip
            artwork_box(d, bx, by, bw, bh, t, title, t.art_cost[m], int(t.art_cost_fl[m]), t.art_skills[m],
                        int(t.art_pp[m]), int(t.art_inf[m]), extra, int(st.main_crest[b, m]),
                        int(st.main_worker[b, m]), int(st.main_artist[b, m]), colour)  # fmt: skip
        top += ((len(boxes) + cols - 1) // cols) * (bh + 6) + 2
    P = game.num_players
    market = [wg.player_label(q) for q in range(P) if st.market_worker[b, q]]
    pulpit, preacher = int(st.cath_pulpit[b]), int(st.cath_preacher[b])
    line = "Market: " + (", ".join(market) or "nobody")
    line += " · Cathedral pulpit: " + (
        f"{wg.player_label(pulpit)} with {artist_name(t, preacher)}" if pulpit >= 0 else "free"
    )
    at_work = [f"{wg.player_label(q)} {int(st.at_work[b, q])}" for q in range(P) if st.at_work[b, q]]
    line += " · Gone to work: " + (", ".join(at_work) or "nobody")
    wg.text(d, x + 10, y + h - 22, line, 11)


def city(d, x, y, w, h, game: Game, st: FlorenzaState, b: int) -> None:
    """The offices and the turn order, the rounds, the income die, the scores, the Life in
    Florenza cards with the characters in play, the unnamed tiles and the bag."""
    t, P = game.t, game.num_players
    wg.panel(d, x, y, w, h)
    rnd = int(st.round[b])
    for r in range(8):
        bx = x + 10 + r * 26
        current = r + 1 == rnd
        fill = wg.PALETTE["highlight"] if current else (wg.PALETTE["empty"] if r + 1 < rnd else "#ffffff")
        d.append(dw.Rectangle(bx, y + 8, 22, 22, rx=4, ry=4, fill=fill, stroke=wg.PALETTE["panel_edge"]))
        wg.text(d, bx + 11, y + 12, str(r + 1), 12, weight="bold", anchor="middle")
    income = int(st.income_res[b])
    wg.text(d, x + 224, y + 8, "income die: " + (t.resource_names[income] if income >= 0 else "-"), 11)
    if income >= 0:
        wg.token(d, x + 224 + 78 + wg.text_width(t.resource_names[income], 11), y + 15,
                 RESOURCE_COLOURS.get(t.resource_names[income], "#999"), 12)  # fmt: skip
    captain, bishop = int(st.captain[b]), int(st.bishop[b])
    offices = (f"Captain: {wg.player_label(captain) if captain >= 0 else 'none'} · "
               f"Bishop: {wg.player_label(bishop) if bishop >= 0 else 'none'}")  # fmt: skip
    wg.text(d, x + 10, y + 38, offices, 11, weight="bold")
    order = [int(q) for q in st.order[b, : int(st.nslots[b])]]
    wg.text(d, x + 10, y + 56, "turn order:", 11)
    for i, q in enumerate(order):
        wg.token(d, x + 90 + i * 20, y + 63, wg.player_colour(q), 15, shape="disc", label=str(q))
    # scores as they would stand now (final at the game's end)
    score = game.running_scores(st)[b]
    prestige = st.certs[b].astype(int) + st.track[b]
    rows = [[wg.player_label(q), str(int(score[q])), str(int(prestige[q])), str(int(st.influence[b, q])),
             str(int(st.money[b, q]))] for q in range(P)]  # fmt: skip
    leader = int(np.argmax(score))
    head = "final" if int(st.phase[b]) == PH_OVER else "player"
    used = wg.score_table(d, x + 10, y + 80, [head, "score", "prestige", "influence", "Fl"], rows,
                          [w - 20 - 230, 52, 62, 66, 50], seats=list(range(P)), highlight=leader, size=10)  # fmt: skip
    top = y + 80 + used + 8
    wg.text(d, x + 10, top, "Life in Florenza (rounds left): characters in play", 11, weight="bold")
    top += 16
    marks = {ON_CARD: "", DETAINED: " (guard)", EXPELLED: " (expelled)"}
    for card in range(7, 0, -1):
        chars = [t.char_names[c] + marks.get(int(st.char_where[b, c]), " (busy)") for c in range(NUM_NAMED)
                 if st.char_state[b, c] == IN_PLAY and st.life[b, c] == card]  # fmt: skip
        if chars:
            top += wg.text(d, x + 10, top, f"{ROMAN[card - 1]}: " + ", ".join(chars), 10, width=w - 20, max_lines=2)
    left = " ".join(f"{k} {int(n)}" for k, n in zip(("painter", "sculptor", "architect", "preacher"),
                                                     st.unnamed_left[b]))  # fmt: skip
    bag = int((st.char_state[b] == IN_BAG).sum())
    wg.text(d, x + 10, y + h - 36, f"Unnamed tiles: {left}", 10, fill=wg.PALETTE["muted"])
    wg.text(d, x + 10, y + h - 20, f"Characters in the bag: {bag} (order hidden)", 10, fill=wg.PALETTE["muted"])


# --------------------------------------------------------------------------- a family's district


def district(d, x, y, w, h, game: Game, st: FlorenzaState, b: int, p: int, view: int | None) -> None:
    """Seat p's district board: holdings, workers, the eight workshop spaces, the Palazzo and
    Chiesa artwork boxes, the own pulpit."""
    t = game.t
    wg.panel(d, x, y, w, h)
    offices = [name for name, holder in (("Captain", st.captain[b]), ("Bishop", st.bishop[b])) if holder == p]
    detail = f"{int(st.money[b, p])} Fiorini" + (" · " + " & ".join(offices) if offices else "")
    live = int(st.phase[b]) != PH_OVER
    wg.player_header(d, x + 6, y + 6, w - 12, p, to_move=live and int(st.current_player[b]) == p, is_view=view == p,
                     detail=detail)  # fmt: skip
    # holdings
    top = y + 40
    cx = x + 10
    for r, name in enumerate(t.resource_names):
        wg.token(d, cx + 8, top + 8, RESOURCE_COLOURS.get(name, "#999"), 16, label=str(int(st.res[b, p, r])))
        wg.text(d, cx + 19, top + 2, name, 10)
        cx += 24 + wg.text_width(name, 10) + 6
    stats = (f"prestige: track {int(st.track[b, p])}, certificates {int(st.certs[b, p])} · influence "
             f"{int(st.influence[b, p])} · crests left {int(st.crests[b, p])}")  # fmt: skip
    wg.text(d, x + 10, top + 22, stats, 11)
    workers = (f"workers: {int(st.avail[b, p])} to place, {int(st.pool[b, p])} in the pool, "
               f"{int(st.detained[b, p])} detained, {int(st.at_work[b, p])} at work"
               + (", 1 at the market" if st.market_worker[b, p] else ""))  # fmt: skip
    wg.text(d, x + 10, top + 38, workers, 11)
    # workshops: 8 spaces in two rows of four
    top += 58
    sw, sh = (w - 20 - 3 * 6) / 4, 50
    for s in range(NUM_SPACES):
        sx, sy = x + 10 + (s % 4) * (sw + 6), top + (s // 4) * (sh + 5)
        workshop_space(d, sx, sy, sw, sh, t, st, b, p, s)
    # district artworks: Palazzo (4) and Chiesa (4)
    top += 2 * (sh + 5) + 2
    bw, bh = (w - 20 - 7 * 4) / 8, 74
    wg.text(d, x + 10, top, "Palazzo artworks", 10, weight="bold", fill=PALAZZO_COLOUR)
    wg.text(d, x + 10 + 4 * (bw + 4), top, "Chiesa artworks", 10, weight="bold", fill=CHIESA_COLOUR)
    top += 14
    for i in range(NUM_BOXES):
        chiesa = bool(t.box_chiesa[i])
        bx = x + 10 + i * (bw + 4)
        title = t.box_names[i].replace("palazzo_", "").replace("chiesa_", "").replace("_", " ").title()
        artwork_box(d, bx, top, bw, bh, t, title, t.box_cost[i], int(t.box_cost_fl[i]), t.box_skills[i],
                    int(t.box_pp[i]), int(t.box_inf[i]), "",
                    p if st.box_crest[b, p, i] else -1, p if st.box_worker[b, p, i] else -1,
                    int(st.box_artist[b, p, i]), CHIESA_COLOUR if chiesa else PALAZZO_COLOUR)  # fmt: skip
    preacher = int(st.own_preacher[b, p])
    pulpit = "own pulpit: " + (f"used, {artist_name(t, preacher)}" if st.pulpit_own[b, p] else "free")
    wg.text(d, x + 10, y + h - 18, pulpit, 10, fill=wg.PALETTE["muted"])


def workshop_space(d, x, y, w, h, t, st: FlorenzaState, b: int, p: int, s: int) -> None:
    """A workshop space: empty, or a tile (unfinished: its building cost; finished: what it
    makes, or its income), with the disc of the worker on it."""
    kind = int(st.space_type[b, p, s])
    if kind < 0:
        d.append(dw.Rectangle(x, y, w, h, rx=4, ry=4, fill=wg.PALETTE["empty"], stroke=wg.PALETTE["panel_edge"],
                              stroke_dasharray="4,3"))  # fmt: skip
        wg.text(d, x + w / 2, y + h / 2 - 6, f"space {s + 1}: empty", 10, anchor="middle", fill=wg.PALETTE["muted"])
        return
    built = bool(st.space_built[b, p, s])
    d.append(dw.Rectangle(x, y, w, h, rx=4, ry=4, fill="#fffaf0" if built else "#f0e6d0",
                          stroke=wg.PALETTE["card_edge"], stroke_dasharray=None if built else "4,3"))  # fmt: skip
    wg.text(d, x + 4, y + 3, f"{s + 1}. {t.ws_names[kind]}", 10, weight="bold", width=w - 26, max_lines=1)
    if built:
        wg.text(d, x + 4, y + 18, workshop_effect(t, kind), 9, width=w - 8, max_lines=2)
    else:
        wg.text(d, x + 4, y + 18, "unfinished; costs " + cost_text(t, t.ws_cost[kind], int(t.ws_cost_fl[kind]))
                + f" (+{int(t.ws_build_pp[kind])} pp)", 9, width=w - 8, max_lines=2, italic=True)  # fmt: skip
    worker = int(st.space_worker[b, p, s])
    if worker >= 0:
        wg.token(d, x + w - 10, y + 10, wg.player_colour(worker), 14, shape="disc")


def workshop_effect(t, w: int) -> str:
    """What a finished workshop does: its income (Casa...), its gain, or its conversion."""
    gain = cost_text(t, t.ws_gain[w], int(t.ws_gain_fl[w]))
    extra = [f"{int(n)} {name}" for name, n in (("prestige", t.ws_gain_pp[w]), ("influence", t.ws_gain_inf[w])) if n]
    if t.ws_convert[w]:
        return f"{cost_text(t, t.ws_spend[w], int(t.ws_spend_fl[w]))} → {', '.join([gain] + extra)}"
    if not t.ws_occupiable[w]:
        inc = [f"{int(n)} {name}" for name, n in (("Fl", t.ws_inc_fl[w]), ("workers", t.ws_inc_workers[w]),
                                                  ("prestige", t.ws_inc_pp[w])) if n]  # fmt: skip
        return "income: " + (", ".join(inc) or "none")
    parts = ([gain] if gain != "nothing" else []) + extra
    return "makes " + (", ".join(parts) or "nothing")
