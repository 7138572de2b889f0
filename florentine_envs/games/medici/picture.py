"""Medici's picture: the market line beside the deck, each player's ship with its cards, his
warehouse as five goods tracks (icons per commodity, the monopoly mark), florins and the day.

Only the deck's order is hidden in Medici (everything else lies face up), so a player's view and
the whole table differ in one thing: the whole table (``view=None``, for spectators and replays)
also shows the next cards of the deck.
"""

from __future__ import annotations

import drawsvg as dw
import numpy as np

from ...pictures import widgets as w
from .constants import LOC_SHIP, NUM_DAYS, PHASE_TAKE

WIDTH = 1400
CARD_W, CARD_H = 70, 90
#: commodity colours in the order of the data file's ``colours`` (grain, spice, fur, dye, cloth)
COMMODITY_COLOURS = ("#d8a93b", "#c8532b", "#7a5230", "#2f5aa8", "#8e44ad")
GREEN = "#3c8d40"
NEUTRAL = "#6f8f3a"
PEEK = 3  # deck cards the whole-table view shows


def draw(game, state, index: int, view: int | None) -> dw.Drawing:
    b, P = index, game.num_players
    market = [int(c) for c in state.market[b, : int(state.market_len[b])]]
    per_row = (WIDTH - 40 - 110) // (CARD_W + 8)
    market_rows = max(1, -(-len(market) // per_row))
    market_h = 44 + market_rows * (CARD_H + 26)
    top_h = max(market_h, 236)
    panel_h = 150
    height = 34 + 10 + top_h + 10 + P * (panel_h + 10) + 6
    d = w.new_drawing(WIDTH, height, f"Medici, {P} players")
    w.title_bar(d, 0, 0, WIDTH, w.game_title("Medici: The Card Game", game), _status(game, state, b, view))
    y = 44
    _market(d, game, state, b, view, market, per_row, 20, y, WIDTH - 420 - 30, top_h)
    _rules_box(d, game, state, b, WIDTH - 420, y, 400, top_h)
    y += top_h + 10
    for p in range(P):
        _player(d, game, state, b, p, view, 20, y, WIDTH - 40, panel_h)
        y += panel_h + 10
    return d


def _status(game, state, b: int, view: int | None) -> str:
    whose = "whole table" if view is None else w.player_label(view)
    if state.terminated[b]:
        best = state.scores[b].max()
        winners = " and ".join(w.player_label(p) for p in np.flatnonzero(state.scores[b] == best))
        return f"game over · {winners} wins with {int(best)} florins · view: {whose}"
    mover = int(state.current_player[b])
    doing = "taking" if state.phase[b] == PHASE_TAKE else f"revealing ({int(state.revealed[b])} revealed)"
    final = " · final turn of the day" if state.final_turn[b] else ""
    return f"day {int(state.day[b]) + 1} of {NUM_DAYS} · {w.player_label(mover)} {doing}{final} · view: {whose}"


def _short(game, card: int) -> str:
    """``Cloth 3``, ``Dye 0 ×2`` (two icons), ``Neutral 7``: a card in a few characters."""
    kind = int(game.card_kind[card])
    colour_index = int(game.kind_colour[kind])
    name = game.colour_names[colour_index].capitalize() if colour_index >= 0 else "Neutral"
    icons = " ×2" if game.kind_icons[kind] == 2 else ""
    return f"{name} {int(game.kind_value[kind])}{icons}" + (
        " (green)" if game.kind_green[kind] and colour_index >= 0 else ""
    )


def _card(d, game, card: int, x: float, y: float, *, highlight: bool = False, scale: float = 1.0) -> None:
    kind = int(game.card_kind[card])
    colour_index = int(game.kind_colour[kind])
    icons = int(game.kind_icons[kind])
    if game.kind_green[kind]:
        colour = GREEN if icons else NEUTRAL
    else:
        colour = COMMODITY_COLOURS[colour_index]
    commodity = game.colour_names[colour_index] if colour_index >= 0 else "neutral"
    lines = [f"{icons} {commodity}" if icons else "no goods", "green: no slot" if game.kind_green[kind] else ""]
    title = commodity.capitalize() if colour_index >= 0 else "Neutral"
    w.card(
        d,
        x,
        y,
        CARD_W * scale,
        CARD_H * scale,
        title=title,
        cost=str(int(game.kind_value[kind])),
        lines=[line for line in lines if line],
        colour=colour,
        highlight=highlight,
        size=9 * scale,
    )
    if colour_index >= 0:  # the commodity icons along the bottom, in the commodity's colour
        for i in range(icons):
            w.token(
                d,
                x + 10 * scale + i * 14 * scale,
                y + (CARD_H - 11) * scale,
                COMMODITY_COLOURS[colour_index],
                10 * scale,
                shape="diamond",
            )


def _market(d, game, state, b, view, market, per_row, x, y, width, height) -> None:
    w.panel(d, x, y, width, height)
    deck_size = int(state.deck_end[b] - state.deck_top[b])
    w.text(d, x + 12, y + 8, "Deck", 13, weight="bold")
    w.card(d, x + 12, y + 30, CARD_W, CARD_H, face_down=True, count=deck_size)
    if view is None and deck_size:  # spectators see what the next reveals would bring
        top = int(state.deck_top[b])
        peek = [int(c) for c in state.deck[b, top : min(top + PEEK, int(state.deck_end[b]))]]
        labels = "\n".join(_short(game, card) for card in peek)
        w.text(d, x + 10, y + 36 + CARD_H, "next (hidden):\n" + labels, 10.5, fill=w.PALETTE["muted"])
    left = x + 110
    size = len(market)
    new_from = size - int(state.revealed[b])
    title = f"Market ({size} card{'s' if size != 1 else ''}, the last three may be taken; ▼ revealed this turn)"
    w.text(d, left, y + 8, title if size else "Market: empty", 13, weight="bold")
    for i, card in enumerate(market):
        row, col = divmod(i, per_row)
        cx, cy = left + col * (CARD_W + 8), y + 34 + row * (CARD_H + 26)
        _card(d, game, card, cx, cy, highlight=i >= size - 3 and not state.terminated[b])
        if i >= new_from:
            w.text(d, cx + CARD_W / 2, cy + CARD_H + 4, "▼ new", 10, anchor="middle", fill=w.PALETTE["bad"])


def _rules_box(d, game, state, b, x, y, width, height) -> None:
    """The florins and what the end of the day pays (the player aid card's content)."""
    P = game.num_players
    rows = [
        [
            w.player_label(p),
            str(int(state.scores[b, p])),
            str(int(state.ship_value[b, p])),
            f"{int(state.ship_slots[b, p])}/{game.capacity}",
        ]
        for p in range(P)
    ]
    leader = int(np.argmax(state.scores[b])) if state.scores[b].max() > 0 else None
    used = w.score_table(
        d,
        x,
        y,
        ["player", "florins", "ship", "slots"],
        rows,
        [170, 80, 70, 80],
        seats=list(range(P)),
        highlight=leader,
        size=12,
    )
    payouts = game.data["ship_payouts"]["by_players"][str(P)]
    mono = game.data["monopoly"]
    lines = [
        "End of the day pays:",
        "ships by value: " + " / ".join(str(v) for v in payouts),
        f"each commodity: most icons {game.data['commodity_payouts']['first']}, "
        f"second {game.data['commodity_payouts']['second']}",
        f"{game.monopoly_threshold}+ icons of one kind: +{mono['bonus']}",
    ]
    if game.options["monopoly_variant"]:
        high = mono["variant_threshold_2p"] if P == 2 else mono["variant_threshold"]
        lines.append(f"variant: {high}+ icons: +{mono['variant_bonus']} instead")
    w.text(d, x + 4, y + used + 8, "\n".join(lines), 11.5, line_height=1.35, fill=w.PALETTE["ink"])


def _player(d, game, state, b, p, view, x, y, width, height) -> None:
    mover = not state.terminated[b] and int(state.current_player[b]) == p
    start = " · starts the day" if int(state.start_player[b]) == p else ""
    w.panel(d, x, y, width, height)
    w.player_header(
        d, x, y, width, p, to_move=mover, is_view=view == p, detail=f"{int(state.scores[b, p])} florins{start}"
    )
    top = y + 34
    ship = np.flatnonzero((state.card_loc[b] == LOC_SHIP) & (state.card_owner[b] == p))
    slotted = [int(c) for c in ship if game.card_nongreen[c]]
    green = [int(c) for c in ship if not game.card_nongreen[c]]
    # the hull under the loading slots
    hull_w = game.capacity * (CARD_W + 6) + 16
    d.append(
        dw.Path(fill="#a67c52", stroke="#5a3d22", stroke_width=1.5)
        .M(x + 8, top + CARD_H - 16)
        .L(x + 8 + hull_w, top + CARD_H - 16)
        .L(x + hull_w - 10, top + CARD_H + 8)
        .L(x + 26, top + CARD_H + 8)
        .Z()
    )
    for slot in range(game.capacity):
        sx = x + 16 + slot * (CARD_W + 6)
        if slot < len(slotted):
            _card(d, game, slotted[slot], sx, top)
        else:
            d.append(
                dw.Rectangle(
                    sx,
                    top,
                    CARD_W,
                    CARD_H - 18,
                    rx=5,
                    ry=5,
                    fill=w.PALETTE["empty"],
                    stroke=w.PALETTE["panel_edge"],
                    stroke_dasharray="4,3",
                )
            )
    greens_x = x + hull_w + 24
    greens_room = 760 - hull_w - 24
    if green:
        step = min(CARD_W + 6, (greens_room - CARD_W) / max(1, len(green) - 1))
        for i, card in enumerate(green):
            _card(d, game, card, greens_x + i * step, top)
    w.text(
        d,
        x + 16,
        top + CARD_H + 10,
        f"ship value {int(state.ship_value[b, p])} · {len(slotted)}/{game.capacity} slots · {len(green)} green",
        11,
        fill=w.PALETTE["muted"],
    )
    _warehouse(d, game, state, b, p, x + 790, top - 2)


def _warehouse(d, game, state, b, p, x, y) -> None:
    """Five goods tracks: a cell per icon in the warehouse (full colour) and in the ship (pale:
    they join the warehouse when the day ends), the monopoly threshold marked."""
    cell, cells = 11, 21
    w.text(
        d,
        x,
        y,
        f"warehouse (pale: still in the ship; | monopoly at {game.monopoly_threshold})",
        10.5,
        fill=w.PALETTE["muted"],
    )
    for c, name in enumerate(game.colour_names):
        ty = y + 16 + c * 16
        stored, shipping = int(state.warehouse_icons[b, p, c]), int(state.ship_icons[b, p, c])
        w.text(d, x, ty, name, 11)
        # one bar per track and one path for the cell borders: 21 rectangles per track would
        # triple the rasterising time of a frame
        left = x + 48
        d.append(dw.Rectangle(left, ty + 1, cells * (cell + 1), cell, fill=w.PALETTE["empty"]))
        if stored:
            d.append(dw.Rectangle(left, ty + 1, min(stored, cells) * (cell + 1), cell, fill=COMMODITY_COLOURS[c]))
        if shipping and stored < cells:
            d.append(
                dw.Rectangle(
                    left + stored * (cell + 1),
                    ty + 1,
                    min(shipping, cells - stored) * (cell + 1),
                    cell,
                    fill=COMMODITY_COLOURS[c],
                    fill_opacity=0.4,
                )
            )
        grid = dw.Path(stroke=w.PALETTE["background"], stroke_width=1)
        for i in range(1, cells):
            grid.M(left + i * (cell + 1) - 0.5, ty + 1).v(cell)
        d.append(grid)
        mark = x + 48 + game.monopoly_threshold * (cell + 1) - 1
        d.append(dw.Line(mark, ty - 1, mark, ty + cell + 3, stroke=w.PALETTE["ink"], stroke_width=1.5))
        label = f"{stored}" + (f" +{shipping}" if shipping else "")
        w.text(d, x + 48 + cells * (cell + 1) + 6, ty, label, 11, weight="bold")
