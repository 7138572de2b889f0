"""Firenze's picture, the information of the terminal screen (``presentation.py``) drawn: the card
row with each card's cost, rules text and the bricks lying on it; the deck, discard pile and pouch;
the commission board (prestige per colour and height, seals, balcony numerals, level tiles, the
majority bonuses) and the church spaces; each player's storehouse, buildings, hand and
construction site, where every tower stands as a stack of floors in its colour; the scores and
what the player to move must decide.

A player's view shows the other players' hands as card backs with their counts (unless the option
``opponent_hands="recall"`` makes them known, as the observation does); the whole table shows them.
"""

from __future__ import annotations

import drawsvg as dw
import numpy as np

from ...core.game import Game
from ...pictures import widgets as w
from .constants import NUM_COLOURS, NUM_TOWER_SLOTS, PH_BUILD, PHASE_NAMES
from .state import FirenzeState

WIDTH = 1500
#: brick colours in the order of the data's colour names (white, yellow, green, red, blue, purple)
BRICK = {
    "white": "#f4f1ea",
    "yellow": "#e5bd2e",
    "green": "#3a9a48",
    "red": "#c0392b",
    "blue": "#2e6fb7",
    "purple": "#7d3c98",
}
KIND_COLOUR = {
    "personnel": "#3d5a80",
    "event": "#8c2f39",
    "building": "#8a5a2b",
    "church": "#5e3c8c",
    "celebration": "#b08a1e",
}
ROMAN = ("I", "II", "III", "IV")
FLOOR_H, TOWER_W = 11, 30


def _brick(game, colour: int) -> str:
    return BRICK.get(game.colour_names[colour], w.PALETTE["muted"])


def draw(game: Game, state: FirenzeState, index: int, view: int | None) -> dw.Drawing:
    """The picture of game ``index`` of ``state``, as seen by seat ``view`` (``None``: the whole table)."""
    b, P = index, game.num_players
    panel_w = (WIDTH - 50) / 2
    panel_h = 330
    rows_of_panels = -(-P // 2)
    height = 44 + 232 + 10 + 250 + 10 + rows_of_panels * (panel_h + 10) + 70
    d = w.new_drawing(WIDTH, height, f"Firenze, {P} players")
    w.title_bar(d, 0, 0, WIDTH, w.game_title("Firenze", game), _status(game, state, b, view))
    y = 44
    _row(d, game, state, b, 20, y)
    _supply(d, game, state, b, view, 20 + 6 * 200 + 6, y, WIDTH - 20 - (20 + 6 * 200 + 6))
    y += 232 + 10
    _commissions(d, game, state, b, 20, y)
    _church_and_scores(d, game, state, b, 800, y)
    y += 250 + 10
    for p in range(P):
        col, row = p % 2, p // 2
        _player(d, game, state, b, p, view, 20 + col * (panel_w + 10), y + row * (panel_h + 10), panel_w, panel_h)
    y += rows_of_panels * (panel_h + 10)
    _now(d, game, state, b, 20, y, WIDTH - 40)
    return d


def _status(game, state, b: int, view: int | None) -> str:
    whose = "whole table" if view is None else w.player_label(view)
    if state.terminated[b]:
        why = " (turn limit reached)" if state.truncated[b] else ""
        return f"game over after {int(state.turn_number[b])} turns{why} · view: {whose}"
    phase = PHASE_NAMES[int(state.phase[b])].lower().replace("_", " ")
    return (
        f"turn {int(state.turn_number[b]) + 1} · {w.player_label(int(state.turn_player[b]))}'s turn · "
        f"phase: {phase} · view: {whose}"
    )


def _bricks_row(d, game, counts, x: float, y: float, size: float = 16, gap: float = 6, all_colours: bool = False):
    """Cubes in the brick colours with their counts on them; only the colours present unless ``all_colours``."""
    cx = x
    for c in range(NUM_COLOURS):
        n = int(counts[c])
        if n or all_colours:
            w.token(d, cx + size / 2, y + size / 2, _brick(game, c), size, label=str(n), stroke=w.PALETTE["card_edge"])
            cx += size + gap
    return cx - x


def _row(d, game, state, b, x, y) -> None:
    """The six row cards, cost 0..5 from the left ("each card costs one brick on every card to its left")."""
    for s in range(6):
        cx = x + s * 200
        kind = int(state.row_card[b, s])
        cost = 0 if state.princess_active[b] else int(game.card_cost[s])
        if kind < 0:
            w.panel(d, cx, y, 192, 228, fill=w.PALETTE["empty"])
            w.text(d, cx + 96, y + 100, f"slot {s}: empty", 12, anchor="middle", fill=w.PALETTE["muted"])
            continue
        kind_type = game.kind_type[kind]
        w.card(
            d,
            cx,
            y,
            192,
            228,
            title=game.kind_names[kind],
            cost=str(cost),
            colour=KIND_COLOUR[kind_type],
            lines=[kind_type, game._card_help(kind)],
            size=9.5,
        )
        # the bricks lying on the card go to whoever takes it
        d.append(dw.Rectangle(cx + 1, y + 200, 190, 27, fill="#efe6d2"))
        if state.row_bricks[b, s].any():
            _bricks_row(d, game, state.row_bricks[b, s], cx + 6, y + 205, size=17, gap=5)
        else:
            w.text(d, cx + 6, y + 207, "no bricks on it", 10, fill=w.PALETTE["muted"])


def _supply(d, game, state, b, view, x, y, width) -> None:
    w.panel(d, x, y, width, 228)
    deck = int(state.deck_len[b] - state.deck_pos[b])
    w.text(d, x + 10, y + 8, "Deck", 12, weight="bold")
    w.card(d, x + 10, y + 28, 60, 80, face_down=True, count=deck)
    w.text(d, x + 84, y + 8, "Discard", 12, weight="bold")
    w.card(d, x + 84, y + 28, 60, 80, face_down=True, count=int(state.discard[b].sum()))
    if view is None and deck:  # spectators see which cards refill the row next
        pos = int(state.deck_pos[b])
        peek = [game.kind_names[int(k)] for k in state.deck[b, pos : min(pos + 3, int(state.deck_len[b]))]]
        w.text(d, x + 154, y + 8, "next (hidden):\n" + "\n".join(peek), 10, fill=w.PALETTE["muted"])
    w.text(d, x + 10, y + 118, f"Pouch ({int(state.pouch[b].sum())} bricks)", 12, weight="bold")
    for c in range(NUM_COLOURS):
        row, col = divmod(c, 3)
        w.token(
            d,
            x + 22 + col * 44,
            y + 150 + row * 30,
            _brick(game, c),
            20,
            label=str(int(state.pouch[b, c])),
            stroke=w.PALETTE["card_edge"],
        )
    if state.aside[b].any():
        w.text(d, x + 10, y + 200, "aside:", 10)
        _bricks_row(d, game, state.aside[b], x + 48, y + 198, size=14, gap=3)


def _commissions(d, game, state, b, x, y) -> None:
    """The commission board: per colour and height its prestige, the seal on it, the balcony bonus."""
    cell_w, cell_h, left = 100, 30, 70
    w.panel(d, x, y, 770, 250)
    nb = int(state.next_balcony[b])
    tiles = {int(game.tile_comm[int(t)]): i for i, t in enumerate(state.balcony_tile[b])}
    head = f"Commissions (PP; seal = fulfilled; gold frame: balcony {ROMAN[nb] if nb < 4 else '-'} may be fulfilled)"
    w.text(d, x + 10, y + 6, head, 12, weight="bold")
    top = y + 26
    for lv in range(6):
        w.text(
            d,
            x + left + lv * cell_w + cell_w / 2,
            top,
            f"height {lv + 3}",
            11,
            anchor="middle",
            fill=w.PALETTE["muted"],
        )
    w.text(d, x + left + 6 * cell_w + 30, top, "majority", 11, anchor="middle", fill=w.PALETTE["muted"])
    for c in range(NUM_COLOURS):
        ry = top + 16 + c * cell_h
        w.token(d, x + 20, ry + cell_h / 2, _brick(game, c), 16, stroke=w.PALETTE["card_edge"])
        w.text(d, x + 32, ry + 8, game.colour_names[c], 11)
        for lv in range(6):
            cid = 6 * c + lv
            cx = x + left + lv * cell_w
            owner = int(state.commission_owner[b, cid])
            balcony = tiles.get(cid)
            fill = "#fbf3df" if owner == -1 else "#e9e0cc"
            stroke = w.PALETTE["highlight"] if balcony is not None and balcony == nb else w.PALETTE["panel_edge"]
            d.append(
                dw.Rectangle(
                    cx + 2,
                    ry + 2,
                    cell_w - 4,
                    cell_h - 4,
                    rx=4,
                    ry=4,
                    fill=fill,
                    stroke=stroke,
                    stroke_width=2.5 if stroke == w.PALETTE["highlight"] else 1,
                )
            )
            w.text(d, cx + 8, ry + 8, f"{int(game.comm_prestige[cid])}", 12, weight="bold")
            if balcony is not None:
                bonus = int(game.tile_bonus[int(state.balcony_tile[b, balcony])])
                w.text(d, cx + 30, ry + 9, f"{ROMAN[balcony]} +{bonus}", 10, fill=w.PALETTE["bad"], weight="bold")
            if owner >= 0:
                w.token(
                    d, cx + cell_w - 16, ry + cell_h / 2, w.player_colour(owner), 18, shape="disc", label=str(owner)
                )
            elif owner == -2:  # a neutral seal
                w.token(d, cx + cell_w - 16, ry + cell_h / 2, "#8a8a8a", 18, shape="disc", label="#")
        w.text(d, x + left + 6 * cell_w + 30, ry + 8, f"+{int(game.majority_bonus[c])}", 12, anchor="middle")
    tiles_y = top + 16 + 6 * cell_h + 8
    left_tiles = [
        (int(h), int(v))
        for h, v, taken in zip(game.level_tile_height, game.level_tile_bonus, state.level_tile_taken[b])
        if not taken
    ]
    w.text(
        d,
        x + 10,
        tiles_y,
        "Level tiles (first to fulfil that height): "
        + (", ".join(f"height {h}: +{v} PP" for h, v in left_tiles) or "none left"),
        11,
    )


def _church_and_scores(d, game, state, b, x, y) -> None:
    P = game.num_players
    w.text(d, x, y + 6, "Church", 12, weight="bold")
    for i in range(4):
        kind = int(state.church[b, i])
        cx = x + i * 112
        if kind < 0:
            w.panel(d, cx, y + 24, 104, 74, fill=w.PALETTE["empty"])
            w.text(d, cx + 52, y + 54, "free", 11, anchor="middle", fill=w.PALETTE["muted"])
            continue
        lines = []
        if game.privilege_height[kind]:
            lines.append(
                f"next to fulfil height {int(game.privilege_height[kind])}: +{int(game.privilege_pp[kind])} PP"
            )
        if kind == game.K["Campanile"]:
            done = [str(p) for p in range(P) if state.campanile_sealed[b, p]]
            lines.append("bell towers done: " + (", ".join(done) or "none"))
        w.card(d, cx, y + 24, 104, 74, title=game.kind_names[kind], colour=KIND_COLOUR["church"], lines=lines, size=9)
    terms = game.score_breakdown(state, np.array([b])) if state.terminated[b] else None
    rows, seats = [], list(range(P))
    for p in range(P):
        row = [w.player_label(p), str(int(state.prestige[b, p]))]
        if terms is not None:
            # the cards' term as the final score less the public terms: the hands it comes from are
            # not in another player's observation (score_breakdown reads them)
            majority = int(terms["majority"][0, p])
            cards = int(state.scores[b, p]) - int(state.prestige[b, p]) - majority
            row += [str(majority), str(cards)]
        else:
            row += [str(int(state.seals_left[b, p])), str(int(state.hand[b, p].sum()))]
        row.append(str(int(state.scores[b, p])))
        rows.append(row)
    headers = ["player", "prestige"] + (["majority", "cards"] if terms is not None else ["seals left", "hand"])
    best = state.scores[b].max()
    leader = int(np.argmax(state.scores[b])) if (state.scores[b] == best).sum() == 1 else None
    w.score_table(
        d, x, y + 108, headers + ["score"], rows, [150, 80, 90, 80, 80], seats=seats, highlight=leader, size=12
    )


def _player(d, game, state, b, p, view, x, y, width, height) -> None:
    mover = not state.terminated[b] and int(state.current_player[b]) == p
    w.panel(d, x, y, width, height)
    end = " · end tile" if int(state.end_trigger[b]) == p else ""
    w.player_header(
        d,
        x,
        y,
        width,
        p,
        to_move=mover,
        is_view=view == p,
        detail=f"{int(state.prestige[b, p])} PP · {int(state.seals_left[b, p])} seals left{end}",
    )
    top = y + 34
    store = state.storehouse[b, p]
    warehouse = bool(state.buildings[b, p, game.KB["Warehouse"]])
    limit = game.store_limit_warehouse if warehouse else game.store_limit
    w.text(d, x + 10, top + 3, f"Storehouse {int(store.sum())}/{limit}", 11, weight="bold")
    _bricks_row(d, game, store, x + 130, top, size=20, all_colours=True)
    owned = [game.kind_names[k] for k, has in zip(game.building_kinds, state.buildings[b, p]) if has]
    bx = x + 300
    for name in owned:
        w.token(d, bx + 8, top + 10, KIND_COLOUR["building"], 14, shape="diamond")
        w.text(d, bx + 18, top + 3, name, 11)
        bx += 30 + w.text_width(name, 11)
    _site(d, game, state, b, p, x + 10, top + 30)
    _hand(d, game, state, b, p, view, x + 10, top + 196, width - 20)


def _site(d, game, state, b, p, x, y) -> None:
    """The construction site: each tower as a stack of floors in its colour, its height below it;
    during its owner's build phase a tower not yet extended this turn is outlined in red (it is torn
    down if building ends now)."""
    legend = "Construction site (n+: built on this turn"
    building = int(state.phase[b]) == PH_BUILD and int(state.turn_player[b]) == p and not state.terminated[b]
    legend += "; dashed red: torn down unless extended)" if building else ")"
    w.text(d, x, y, legend, 11, weight="bold")
    base = y + 16 + 10 * FLOOR_H + 4
    d.append(
        dw.Line(x, base, x + NUM_TOWER_SLOTS * (TOWER_W + 14), base, stroke=w.PALETTE["card_edge"], stroke_width=2)
    )
    slot = 0
    for t in range(NUM_TOWER_SLOTS):
        colour = int(state.tower_colour[b, p, t])
        if colour < 0:
            continue
        h = int(state.tower_height[b, p, t])
        tx = x + 6 + slot * (TOWER_W + 14)
        slot += 1
        fill = _brick(game, colour)
        shown = min(h, 10)
        for f in range(shown):  # floors from the ground up, the top one with a little roof
            fy = base - (f + 1) * FLOOR_H
            d.append(
                dw.Rectangle(tx, fy, TOWER_W, FLOOR_H - 1, fill=fill, stroke=w.PALETTE["card_edge"], stroke_width=0.8)
            )
        roof = base - shown * FLOOR_H
        d.append(
            dw.Lines(
                tx - 2,
                roof,
                tx + TOWER_W / 2,
                roof - 8,
                tx + TOWER_W + 2,
                roof,
                close=True,
                fill=fill,
                stroke=w.PALETTE["card_edge"],
                stroke_width=0.8,
            )
        )
        if building and state.tower_at_start[b, p, t] and not state.tower_built[b, p, t]:
            d.append(
                dw.Rectangle(
                    tx - 3,
                    roof - 10,
                    TOWER_W + 6,
                    base - roof + 12,
                    fill="none",
                    stroke=w.PALETTE["bad"],
                    stroke_width=1.5,
                    stroke_dasharray="3,2",
                )
            )
        mark = "+" if state.tower_built[b, p, t] and not state.terminated[b] else ""
        w.text(d, tx + TOWER_W / 2, base + 3, f"{h}{mark}", 11, anchor="middle", weight="bold")
    if slot == 0:
        w.text(d, x + 6, base - 20, "no towers", 11, fill=w.PALETTE["muted"])


def _hand(d, game, state, b, p, view, x, y, width) -> None:
    hand = state.hand[b, p]
    visible = view is None or view == p or game.recall
    total = int(hand.sum())
    w.text(d, x, y, f"Hand ({total} card{'s' if total != 1 else ''}, limit {game.card_limit})", 11, weight="bold")
    if not visible:
        if total:
            w.card(d, x, y + 16, 70, 70, face_down=True, count=total)
        return
    cx = x
    for kind in np.flatnonzero(hand):
        n = int(hand[kind])
        if cx + 114 > x + width:
            w.text(d, cx, y + 40, "…", 14)
            break
        w.card(
            d,
            cx,
            y + 16,
            110,
            84,
            title=game.kind_names[kind],
            colour=KIND_COLOUR[game.kind_type[kind]],
            lines=[game.kind_type[kind] + (f" ×{n}" if n > 1 else ""), game._card_help(kind)],
            size=8.5,
        )
        cx += 116


def _now(d, game, state, b, x, y, width) -> None:
    """What happens now: the terminal screen's last line (whose decision and why), and the end."""
    lines = []
    if int(state.end_trigger[b]) >= 0 and not state.terminated[b]:
        last = game.last_turn_seat(int(state.end_trigger[b]))
        lines.append(
            f"Final round: {w.player_label(int(state.end_trigger[b]))} placed their last seal; the game "
            f"ends after {w.player_label(int(last))}'s turn."
        )
    lines.append("Now: " + game._pending_text(state, b))
    w.text(d, x, y, " ".join(lines), 12, width=width, max_lines=4)
