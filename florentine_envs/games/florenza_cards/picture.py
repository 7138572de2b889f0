"""Florenza: The Card Game's picture: the monument row, the artists on the table (with the
anonymous ones), the location cards, the supply; each player's Fiorini, resources, prestige on
the table, cards in play (workshops, residences, artworks with their artist's value), completed
and reserved monuments, reserved artists and hand; the scores and what is being decided.

Cards are drawn with their cost (Fiorini in the disc, resources below) and their effects. A
player's view shows his own hand face up and the others' as backs with their counts; an artist's
value stays hidden until he is hired, as in the observation. The whole table shows every hand.
"""

from __future__ import annotations

import drawsvg as dw
import numpy as np

from ...core.game import Game
from ...pictures import widgets as w
from .constants import DONE, IN_ROW, NUM_ROUNDS, PH_ACTION, PH_HIRE, PHASE_NAMES, RESERVED
from .presentation import SLOT_NAMES
from .state import FlorenzaCardsState

WIDTH = 1500
#: resource colours in the data's order: marble, wood, gold, metal, fabric, spice
RESOURCE_COLOURS = ("#d9d4c7", "#8b5a2b", "#e0b020", "#7f8c8d", "#b03a48", "#e07b24")
CLASS_COLOURS = {
    "residence": "#3d6b8c",
    "workshop": "#7a5a2b",
    "guild": "#5e3c8c",
    "district_church": "#8c2f39",
    "district_building": "#2e7d5b",
    "family_palace": "#b08a1e",
    "preacher": "#4a4a4a",
}
TYPE_COLOURS = ("#2e6fb7", "#c0392b", "#6d6d6d")  # architect, painter, sculptor
MONUMENT_COLOUR = "#6b4423"
CARD_W, CARD_H, STEP = 100, 88, 104  # cards in play and monuments
HAND_H = 112


def draw(game: Game, state: FlorenzaCardsState, index: int, view: int | None) -> dw.Drawing:
    """The picture of game ``index`` of ``state`` (a :class:`~.florenza_cards.FlorenzaCards`), as seat
    ``view`` sees it (``None``: the whole table)."""
    b, P = index, game.num_players
    panel_w = (WIDTH - 50) / 2
    rows_of_panels = -(-P // 2)
    per_row = int((panel_w - 24) // STEP)
    panel_h = max(_panel_height(state, b, p, view, per_row) for p in range(P))
    top_h = 190 + 10 + 150 + 10
    height = 44 + top_h + rows_of_panels * (panel_h + 10) + 60
    d = w.new_drawing(WIDTH, height, f"Florenza: The Card Game, {P} players")
    w.title_bar(d, 0, 0, WIDTH, w.game_title("Florenza: The Card Game", game), _status(game, state, b, view))
    y = 44
    _monuments(d, game, state, b, 20, y, 960)
    _supply(d, game, state, b, 990, y, WIDTH - 1010)
    y += 200
    _artists(d, game, state, b, 20, y, 700)
    _locations(d, game, state, b, 730, y, WIDTH - 750)
    y += 160
    for p in range(P):
        col, row = p % 2, p // 2
        px, py = 20 + col * (panel_w + 10), y + row * (panel_h + 10)
        _player(d, game, state, b, p, view, px, py, panel_w, panel_h, per_row)
    y += rows_of_panels * (panel_h + 10)
    _now(d, game, state, b, 20, y, WIDTH - 40)
    return d


def _rows(n: int, per_row: int) -> int:
    """Rows of cards shown for ``n`` cards: one at least (an empty row keeps the layout), two at most."""
    return min(2, max(1, -(-n // per_row)))


def _panel_height(state, b, p, view, per_row) -> int:
    """A player's panel grows with his cards in play and his hand where it is face up; a hidden hand
    takes one row whatever it holds, so a view's layout depends only on what that player sees."""
    played = _rows(int(state.in_play[b, p].sum()), per_row)
    hand = _rows(int((state.hand[b, p] > 0).sum()), per_row) if view is None or view == p else 1
    return 64 + 16 + played * (CARD_H + 6) + 4 + 16 + CARD_H + 8 + 16 + hand * (HAND_H + 6) + 6


def _status(game, state, b: int, view: int | None) -> str:
    whose = "whole table" if view is None else w.player_label(view)
    captain = f"Captain {w.player_label(int(state.captain[b]))}"
    if state.terminated[b]:
        return f"game over · {captain} · view: {whose}"
    phase = PHASE_NAMES[int(state.phase[b])].lower().replace("_", " ")
    what = SLOT_NAMES[int(state.slot[b])] if int(state.phase[b]) == PH_ACTION else phase
    mover = w.player_label(int(state.current_player[b]))
    return f"round {int(state.round[b])} of {NUM_ROUNDS} · {mover}: {what} · {captain} · view: {whose}"


def _cost_lines(game, res, money: int = 0) -> list[str]:
    parts = [f"{int(n)} {game.t.resource_names[r]}" for r, n in enumerate(res) if n]
    return [", ".join(parts)] if parts else []


def _types(game, types) -> str:
    return "/".join(game.t.type_names[x] for x in np.flatnonzero(types))


def _card_parts(game, k: int) -> tuple[str, str, list[str]]:
    """(class, cost, effects) of a Florenza card, from the terminal's text of it (``_card_text``:
    "Name (Class; cost ...; effect; effect)"), so the picture and the terminal say the same."""
    inner = game._card_text(k)[len(game.t.card_names[k]) + 2 : -1]
    kind, cost, *effects = inner.split("; ")
    return kind, cost, [e for e in effects if e != "no effect"]


def _hand_card(d, game, k: int, x, y, cw, ch, count: int = 1) -> None:
    t = game.t
    money = int(t.card_cost_money[k])
    kind, _, effects = _card_parts(game, k)
    lines = [kind + (f" ×{count}" if count > 1 else "")]
    lines += ["cost " + line for line in _cost_lines(game, t.card_cost_res[k])] + effects
    w.card(d, x, y, cw, ch, title=t.card_names[k], cost=str(money) if money else None,
           colour=CLASS_COLOURS[t.card_class[k]], lines=lines, size=8.5)  # fmt: skip


def _monument_card(d, game, m: int, x, y, cw, ch, *, artist: int = -1, reserved: bool = False) -> None:
    t = game.t
    lines = [f"{int(t.mon_prestige[m])} PP" + (f" + artist {artist}" if artist >= 0 else "")]
    if artist < 0:
        lines += ["cost " + line for line in _cost_lines(game, t.mon_cost_res[m])]
        lines.append(f"needs {_types(game, t.mon_types[m])}")
    if reserved:
        lines.insert(0, "reserved")
    w.card(d, x, y, cw, ch, title=t.mon_names[m], cost=str(int(t.mon_cost_money[m])) if artist < 0 else None,
           colour=MONUMENT_COLOUR, lines=lines, size=8.5)  # fmt: skip


def _monuments(d, game, state, b, x, y, width) -> None:
    t = game.t
    w.panel(d, x, y, width, 190)
    row = np.flatnonzero(state.mon_state[b] == IN_ROW)
    order = sorted(row, key=lambda m: (-t.mon_prestige[m], state.mon_pos[b, m]))
    w.text(d, x + 10, y + 6, f"Monument row ({len(order)}; cost in Fiorini in the disc)", 12, weight="bold")
    for i, m in enumerate(order[:7]):
        _monument_card(d, game, int(m), x + 10 + i * 135, y + 26, 128, 156)


def _supply(d, game, state, b, x, y, width) -> None:
    t = game.t
    w.panel(d, x, y, width, 190)
    w.text(d, x + 10, y + 6, f"Supply: {int(state.supply_money[b])} Fiorini", 12, weight="bold")
    for r in range(len(t.resource_names)):
        cx = x + 14 + (r % 3) * 150
        cy = y + 30 + (r // 3) * 28
        w.token(d, cx + 10, cy + 10, RESOURCE_COLOURS[r], 20, label=str(int(state.supply[b, r])))
        w.text(d, cx + 26, cy + 3, t.resource_names[r], 12)
    deck = int(state.deck_len[b] - state.deck_pos[b])
    discard = int(state.discard[b].sum())
    w.card(d, x + 14, y + 96, 56, 80, face_down=True, count=deck)
    w.text(d, x + 76, y + 104, f"deck {deck}\ndiscard {discard}", 11, line_height=1.4)
    holder = int(state.new_captain[b])
    where = "on the table" if holder < 0 else f"held by {w.player_label(holder)}"
    w.text(d, x + 180, y + 104, f"New Captain card: {where}", 11, width=width - 190)


def _artists(d, game, state, b, x, y, width) -> None:
    """The artists on the table, by kind (a copy's value shows only once hired), and the anonymous ones."""
    t = game.t
    w.panel(d, x, y, width, 150)
    kinds = [int(a) for a in np.flatnonzero(state.table_count[b])]
    w.text(d, x + 10, y + 6, f"Artists on the table ({int(state.table_count[b].sum())})", 12, weight="bold")
    cx = x + 10
    for a in kinds[:6]:
        values = t.copy_value[t.abase[a] : t.abase[a] + t.art_copies[a]]
        n = int(state.table_count[b, a])
        lines = [
            t.type_names[t.art_type[a]] + (f" ×{n}" if n > 1 else ""),
            f"{int(values.min())}-{int(values.max())} PP",
        ]
        w.card(d, cx, y + 26, 88, 116, title=t.art_names[a], cost=str(int(t.art_cost[a])),
               colour=TYPE_COLOURS[int(t.art_type[a])], lines=lines, size=8.5)  # fmt: skip
        cx += 94
    if len(kinds) > 6:
        w.text(d, cx, y + 80, f"+{len(kinds) - 6}", 12)
    up = [x_ for x_ in range(3) if state.anon_up[b, x_]]
    if up:
        w.text(d, x + width - 100, y + 26, "anonymous:", 10, fill=w.PALETTE["muted"])
    for i, kind in enumerate(up):
        w.token(d, x + width - 90, y + 52 + i * 26, TYPE_COLOURS[kind], 16, shape="disc")
        w.text(d, x + width - 78, y + 46 + i * 26, f"{t.type_names[kind]} {int(t.anon_cost[kind])}", 10)


def _locations(d, game, state, b, x, y, width) -> None:
    t = game.t
    w.panel(d, x, y, width, 150)
    w.text(d, x + 10, y + 6, "Locations (face up)", 12, weight="bold")
    shown = [int(loc) for loc in np.flatnonzero(state.loc_up[b])]
    per_row = int((width - 20) // 106)
    for i, loc in enumerate(shown[: 2 * per_row]):
        row, col = divmod(i, per_row)
        effect = game._location_text(loc).split(": ", 1)[1]
        n = int(state.loc_up[b, loc])
        resource = int(t.loc_res[loc])
        colour = RESOURCE_COLOURS[resource] if 0 <= resource < len(RESOURCE_COLOURS) else w.PALETTE["muted"]
        w.card(d, x + 10 + col * 106, y + 26 + row * 60, 100, 56, title=t.loc_names[loc] + (f" ×{n}" if n > 1 else ""),
               colour=colour, lines=[effect], size=8)  # fmt: skip


def _player(d, game, state, b, p, view, x, y, width, height, per_row) -> None:
    t = game.t
    mover = not state.terminated[b] and int(state.current_player[b]) == p
    w.panel(d, x, y, width, height)
    roles = " · Captain" if int(state.captain[b]) == p else ""
    roles += " · New Captain" if int(state.new_captain[b]) == p else ""
    detail = f"{int(state.money[b, p])} Fiorini · {int(state.visible_pp[b, p])} PP on the table{roles}"
    w.player_header(d, x, y, width, p, to_move=mover, is_view=view == p, detail=detail)
    top = y + 34
    for r in range(len(t.resource_names)):
        cx = x + 12 + r * 96
        w.token(d, cx + 10, top + 10, RESOURCE_COLOURS[r], 20, label=str(int(state.res[b, p, r])))
        w.text(d, cx + 24, top + 4, t.resource_names[r], 11)
    top += 30
    cw, ch, step = CARD_W, CARD_H, STEP
    played = [int(k) for k in np.flatnonzero(state.in_play[b, p])]
    w.text(d, x + 12, top, f"In play ({len(played)})", 11, weight="bold")
    for i, k in enumerate(played[: 2 * per_row]):
        row, col = divmod(i, per_row)
        artist = int(state.card_artist[b, p, k])
        kind, _, effects = _card_parts(game, k)
        lines = [kind] + effects
        if artist >= 0:
            lines.insert(1, f"artist +{artist} PP")
        w.card(d, x + 12 + col * step, top + 16 + row * (ch + 6), cw, ch, title=t.card_names[k],
               colour=CLASS_COLOURS[t.card_class[k]], lines=lines, size=8)  # fmt: skip
    top += 16 + _rows(len(played), per_row) * (ch + 6) + 4
    done = [int(m) for m in np.flatnonzero((state.mon_state[b] == DONE) & (state.mon_owner[b] == p))]
    held = [int(m) for m in np.flatnonzero((state.mon_state[b] == RESERVED) & (state.mon_owner[b] == p))]
    artists = [a for a in range(game.AK) for _ in range(int(state.reserved_count[b, p, a]))]
    w.text(d, x + 12, top, f"Monuments ({len(done)} completed, {len(held)} reserved); reserved artists: "
           + (", ".join(t.art_names[a] for a in artists) or "none"), 11, weight="bold")  # fmt: skip
    items = [(m, int(state.mon_artist[b, m]), False) for m in done] + [(m, -1, True) for m in held]
    for i, (m, artist, reserved) in enumerate(items[:per_row]):
        _monument_card(d, game, m, x + 12 + i * step, top + 16, cw, ch, artist=artist, reserved=reserved)
    top += 16 + ch + 8
    _hand(d, game, state, b, p, view, x + 12, top, per_row)


def _hand(d, game, state, b, p, view, x, y, per_row) -> None:
    hand = state.hand[b, p]
    total = int(hand.sum())
    w.text(d, x, y, f"Hand ({total} card{'s' if total != 1 else ''})", 11, weight="bold")
    if not (view is None or view == p):
        if total:
            w.card(d, x, y + 16, 70, 96, face_down=True, count=total)
        return
    cw, ch, step = CARD_W, HAND_H, STEP
    kinds = [int(k) for k in np.flatnonzero(hand)]
    for i, k in enumerate(kinds[: 2 * per_row - 1] if len(kinds) > 2 * per_row else kinds):
        row, col = divmod(i, per_row)
        _hand_card(d, game, k, x + col * step, y + 16 + row * (ch + 6), cw, ch, count=int(hand[k]))
    if len(kinds) > 2 * per_row:
        w.text(d, x + (per_row - 1) * step + 10, y + 16 + ch + 50, f"+{len(kinds) - 2 * per_row + 1} more", 12)


def _now(d, game, state, b, x, y, width) -> None:
    t = game.t
    if state.terminated[b]:
        parts = game.score_breakdown(state, np.array([b]))
        lines = []
        for p in range(game.num_players):
            terms = ", ".join(f"{name} {int(v[0, p])}" for name, v in parts.items() if v[0, p])
            lines.append(f"{w.player_label(p)}: {int(state.scores[b, p])} PP (rank {int(state.final_rank[b, p])}) "
                         f"= {terms or '0'}")  # fmt: skip
        w.text(d, x, y, "Final scores: " + " · ".join(lines), 12, width=width, max_lines=3)
        return
    phase = int(state.phase[b])
    mover = w.player_label(int(state.current_player[b]))
    if phase == PH_HIRE:
        work = int(state.pending_card[b])
        name = t.card_names[work] if work >= 0 else t.mon_names[int(state.pending_monument[b])]
        text = f"Now: {mover} hires an artist for {name}"
    elif phase == PH_ACTION:
        text = f"Now: {mover} takes the {SLOT_NAMES[int(state.slot[b])]}"
    else:
        text = f"Now: {mover} decides ({PHASE_NAMES[phase].lower().replace('_', ' ')})"
    w.text(d, x, y, text, 12, width=width)
