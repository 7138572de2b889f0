"""The cooperative building expansion's picture (SPEC.md COOP, CR): the B-side boards side by
side as the shared building board, each board's right edge against the next seat's left edge
(with 3-5 players the ring closes: the last board's right edge meets the first's left edge);
a building two neighbours built together drawn once across their border, framed in gold; the
proposal on the table (its squares, the partner, the price). Everything here is public (CV)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import drawsvg as dw

from ...pictures import widgets as wg
from .constants import NUM_BUILDINGS, PH_COOP_ANSWER, PH_COOP_PLACE, PH_COOP_PRICE, PH_COOP_SIDE
from .geometry import mask_cells
from .picture_common import (
    GAP,
    MARGIN,
    PALAZZO_COLOUR,
    PANEL_H,
    WIDTH,
    board_squares,
    draw_table,
    header_height,
    panel_width,
    piece_colour,
    piece_label,
    pieces,
    player_panel,
    seat_name,
    start_drawing,
)

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import PrincesState

BOARD_LABEL_H = 22


def board_height(game: Game) -> float:
    return BOARD_LABEL_H + game.T.rows * board_cell(game) + 56


def board_cell(game: Game) -> float:
    return min(34.0, (WIDTH - 2 * MARGIN - 40) / (game.seats * game.T.cols))


def draw_coop(game: Game, st: PrincesState, b: int, view: int | None) -> dw.Drawing:
    P = game.seats
    top = header_height(game)
    board_h = board_height(game)
    rows = (P + 1) // 2
    height = top + board_h + GAP + rows * (PANEL_H + GAP) + MARGIN
    d = start_drawing(game, st, b, view, height)
    draw_table(d, game, st, b, view, MARGIN + 34 + GAP, coop_situation)
    shared_board(d, MARGIN, top, WIDTH - 2 * MARGIN, board_h, game, st, b)
    y0 = top + board_h + GAP
    for p in range(P):
        x = MARGIN + (p % 2) * (panel_width() + GAP)
        y = y0 + (p // 2) * (PANEL_H + GAP)
        player_panel(d, x, y, panel_width(), PANEL_H, game, st, b, p, view, grid=False)
    return d


def shared_board(d, x, y, w, h, game: Game, st: PrincesState, b: int) -> None:
    """The boards in the order of their ``drawing_origin`` column; every piece in global
    columns, so a shared building's squares on the two boards make one outlined shape."""
    T, CT, P = game.T, game.CT, game.seats
    wg.panel(d, x, y, w, h)
    cell = board_cell(game)
    order = sorted(range(P), key=lambda p: CT.drawing_origin[p][::-1])
    left = x + (w - P * T.cols * cell) / 2
    top = y + BOARD_LABEL_H + 4
    column = {p: i * T.cols for i, p in enumerate(order)}  # global column of each board's column 0
    for p in order:
        bx = left + column[p] * cell
        board_squares(d, bx, top, cell, T.rows, T.cols)
        wg.token(d, bx + 8, y + 13, wg.player_colour(p), 12, shape="disc")
        wg.text(d, bx + 18, y + 6, f"{seat_name(game, p)}'s principality", 11, weight="bold")
    own, shared = [], []
    masks = st.piece_cells[b].reshape(P, -1)
    for p in order:
        own.append((shift(mask_cells(int(T.palazzo), T.rows, T.cols), column[p]), PALAZZO_COLOUR, "Palazzo"))
        for q, mask in enumerate(masks[p]):
            if not int(mask):
                continue
            partner = int(st.shared_with[b, p, q]) if q < NUM_BUILDINGS else -1
            squares = shift(mask_cells(int(mask), T.rows, T.cols), column[p])
            if partner < 0:
                own.append((squares, piece_colour(T, q), piece_label(T, q, cell)))
            elif p < partner:  # once per pair: both boards' squares together
                other = shift(mask_cells(int(masks[partner, q]), T.rows, T.cols), column[partner])
                parts = [squares + other]
                if abs(column[p] - column[partner]) != T.cols:  # across the ring's closing border: two parts
                    parts = [squares, other]
                shared += [(part, piece_colour(T, q), piece_label(T, q, cell)) for part in parts]
    pieces(d, left, top, cell, own)
    pieces(d, left, top, cell, shared, stroke_width=3.2)
    pieces(
        d, left, top, cell, [(s, "none", None) for s, _, _ in shared], stroke_width=1.4, outline=wg.PALETTE["highlight"]
    )
    # the borders between neighbouring boards
    rule = dw.Path(stroke=wg.PALETTE["ink"], stroke_width=1.2, stroke_dasharray="4,3", fill="none")
    for i in range(1, P):
        rule.M(left + i * T.cols * cell, top - 6).V(top + T.rows * cell + 6)
    d.append(rule)
    proposal(d, left, top, cell, game, st, b, column)
    notes = ["Shared buildings are framed in gold and count for both principalities."]
    if P > 2:
        notes.append(f"The ring closes: {seat_name(game, order[-1])}'s right edge meets "
                     f"{seat_name(game, order[0])}'s left edge.")  # fmt: skip
    notes.append(f"Proposals left before the next action: {int(st.proposals_left[b])}.")
    wg.text(d, x + 10, top + T.rows * cell + 10, " ".join(notes), 11, fill=wg.PALETTE["muted"], width=w - 20)


def shift(squares, columns: int) -> list[tuple[int, int]]:
    return [(r, c + columns) for r, c in squares]


def proposal(d, left, top, cell, game: Game, st: PrincesState, b: int, column: dict) -> None:
    """The squares of the proposed cooperative building, once its place is chosen."""
    T, CT = game.T, game.CT
    j, building = int(st.prop_place[b]), int(st.prop_building[b])
    if j < 0 or building < 0:
        return
    builder, partner, side = int(st.prop_builder[b]), int(st.prop_partner[b]), int(st.prop_side[b])
    seats = (builder, partner) if side == 1 else (partner, builder)  # the frame's (left, right) boards
    squares = []
    for k, seat in enumerate(seats):
        squares += shift(mask_cells(int(CT.span_squares[building, j, k]), T.rows, T.cols), column[seat])
    for r, c in squares:
        d.append(dw.Rectangle(left + c * cell + 2, top + r * cell + 2, cell - 4, cell - 4, fill=wg.PALETTE["highlight"],
                              fill_opacity=0.55, stroke=wg.PALETTE["ink"], stroke_dasharray="3,2"))  # fmt: skip


def coop_situation(game: Game, st: PrincesState, b: int) -> str:
    """The pending cooperative decision in words."""
    T, CT = game.T, game.CT
    phase = int(st.phase[b])
    builder, partner = int(st.prop_builder[b]), int(st.prop_partner[b])
    building = T.building_names[int(st.prop_building[b])] if st.prop_building[b] >= 0 else "a building"
    who = seat_name(game, builder)
    if phase == PH_COOP_SIDE:
        return f"{who} proposes the {building}: with which neighbour?"
    if phase == PH_COOP_PLACE:
        return f"{who} proposes the {building} to {seat_name(game, partner)}: where?"
    if phase == PH_COOP_PRICE:
        return f"{who} proposes the {building} to {seat_name(game, partner)}: at what price?"
    if phase == PH_COOP_ANSWER:
        price = 100 * int(CT.ladder[int(st.prop_price[b])])
        return f"{seat_name(game, partner)} accepts or declines: the {building} with {who} for {price} Florin"
    return f"{seat_name(game, int(st.current_player[b]))} to move"
