"""The pieces every picture of The Princes of Florence shares (issue 24): the sizes and colours,
the title, the table band (round track, auction objects, scores, building supply, decks and the
decision being taken, the characters), a player's panel with its principality (each building's
shape in its squares, the landscapes, the Freedoms) and cards (the viewer's face up, the others'
backs), the works completed, the Bonus and Prestige cards, Florin and fame.

With ``view = p`` only what seat p's observation holds is drawn (SPEC.md H, V): another player's
unknown profession cards, Bonus and Prestige cards as backs with their count, another drawer's
drawn cards as backs; no deck order. ``view = None`` shows every hand face up (replays).

The base game's picture is :mod:`.picture`, the solo game's :mod:`.picture_solo`, the cooperative
expansion's :mod:`.picture_coop`: each takes these pieces from here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import drawsvg as dw
import numpy as np

from ...pictures import widgets as wg
from .constants import (
    COOP_PHASE_NAMES,
    DECK_BONUS,
    DECK_NAMES,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    DRAWN_OFFSET,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_PROFESSIONS,
    NUM_STACKS,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    PH_KEEP,
    PH_LANDSCAPE_PICK,
    PH_ORDER,
    PH_OVER,
    PH_PLACE,
    PH_RECRUIT_NOW,
    PH_SETUP_DISCARD,
    PH_WORK_BONUS,
    PH_WORK_PAY,
    PHASE_NAMES,
    PRINCESS_WORK,
)
from .geometry import mask_cells

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...core.game import Game
    from .state import PrincesState

    #: the words of the decisions of a variant's own phases (:func:`situation`'s ``other``)
    Situation = Callable[[Game, PrincesState, int], str]

WIDTH = 1400
MARGIN = 10
GAP = 10
CELL = 28  # a principality square, in SVG pixels
PANEL_H = 262  # a player's panel
#: colours of the pieces: buildings by size class (large, medium, small), then Forest, Lake, Park
SIZE_COLOURS = ("#b0563f", "#c98b3c", "#8c6d5a")
LANDSCAPE_COLOURS = ("#2f6b35", "#4b8fd0", "#93c460")
LANDSCAPE_GLYPHS = ("♣", "≈", "✿")  # drawn on every square of a landscape
PALAZZO_COLOUR = "#9c948a"
SQUARE_COLOUR = "#efe4c8"  # an empty square of a principality
FREEDOM_COLOURS = ("#3f7cac", "#8e44ad", "#c0392b")  # Travel, Religion, Opinion
BONUS_COLOUR = "#3d6e8c"
PRESTIGE_COLOUR = "#a67c00"
#: short names that fit a square (4 letters at 9 px)
ABBREVIATIONS = {
    "University": "Univ", "Laboratory": "Lab", "Workshop": "Wksh", "Library": "Libr", "Opera": "Oper",
    "Studio": "Stud", "Hospital": "Hosp", "Theater": "Thea", "Tower": "Towr", "Chapel": "Chap",
}  # fmt: skip


def panel_width() -> float:
    return (WIDTH - 2 * MARGIN - GAP) / 2


def header_height(game: Game) -> float:
    """Where the players' panels start: the title, the table band, the supply band, the characters."""
    chars = CHAR_H + GAP if game.characters else 0
    return MARGIN + 34 + GAP + TABLE_H + GAP + SUPPLY_H + GAP + chars


def start_drawing(game: Game, st: PrincesState, b: int, view: int | None, height: float) -> dw.Drawing:
    T = game.T
    variant = [name for name, on in (("characters", game.characters), ("cooperative", game.cooperative)) if on]
    if game.solo:
        variant = [f"solo, {game.seats - 2} dummies"]
    title = "The Princes of Florence" + (f" ({', '.join(variant)})" if variant else "")
    d = wg.new_drawing(WIDTH, height, title=title)
    rnd = int(st.round[b]) + 1
    phase = (PHASE_NAMES + COOP_PHASE_NAMES)[int(st.phase[b])].replace("_", " ").lower()
    who = "the whole table" if view is None else f"{wg.player_label(view)}'s view"
    wg.title_bar(d, MARGIN, MARGIN, WIDTH - 2 * MARGIN, title, f"round {rnd}/{T.num_rounds} · {phase} · {who}")
    return d


# --------------------------------------------------------------------------- the table band

TABLE_H = 128
SUPPLY_H = 112
CHAR_H = 92


def draw_table(
    d, game: Game, st: PrincesState, b: int, view: int | None, y: float, other: Situation | None = None
) -> None:
    """The round track, the auction objects and the scores; below them the building supply,
    the decks and what is happening now (``other``: as in :func:`situation`); the characters when
    they are in the game."""
    x = MARGIN
    round_track(d, x, y, 300, TABLE_H, game, st, b)
    auction_objects(d, x + 300 + GAP, y, 720, TABLE_H, game, st, b)
    scores(d, x + 1030 + GAP, y, WIDTH - MARGIN - (x + 1030 + GAP), TABLE_H, game, st, b)
    y2 = y + TABLE_H + GAP
    building_supply(d, x, y2, 800, SUPPLY_H, game, st, b)
    now_panel(d, x + 800 + GAP, y2, WIDTH - 2 * MARGIN - 800 - GAP, SUPPLY_H, game, st, b, view, other)
    if game.characters:
        characters(d, x, y2 + SUPPLY_H + GAP, WIDTH - 2 * MARGIN, CHAR_H, game, st, b)


def round_track(d, x, y, w, h, game: Game, st: PrincesState, b: int) -> None:
    """Seven rounds with their minimum work value; the current one framed, past ones dimmed."""
    T = game.T
    wg.panel(d, x, y, w, h)
    wg.text(d, x + 10, y + 6, "Rounds (minimum work value)", 12, weight="bold")
    n = T.num_rounds
    box = (w - 20 - (n - 1) * 4) / n
    now = int(st.round[b])
    over = int(st.phase[b]) == PH_OVER
    for r in range(n):
        bx, by = x + 10 + r * (box + 4), y + 28
        current = r == now and not over
        fill = wg.PALETTE["highlight"] if current else (wg.PALETTE["empty"] if r < now or over else "#ffffff")
        d.append(dw.Rectangle(bx, by, box, 56, rx=5, ry=5, fill=fill, stroke=wg.PALETTE["panel_edge"]))
        wg.text(d, bx + box / 2, by + 5, str(r + 1), 20, weight="bold", anchor="middle")
        wg.text(d, bx + box / 2, by + 33, f"min {int(T.minimum[r])}", 10, anchor="middle")
    start = int(st.start[b])
    wg.text(d, x + 10, y + 92, "start player:", 12, fill=wg.PALETTE["muted"])
    wg.token(d, x + 108, y + 99, wg.player_colour(start), 14, shape="disc")
    wg.text(d, x + 120, y + 92, seat_name(game, start), 12, weight="bold")
    if game.cardinal_twice_limit:
        wg.text(d, x + 10, y + 108, "Cardinal: each action at most twice a turn", 10, fill=wg.PALETTE["muted"])


def stack_supply(game: Game, st: PrincesState, b: int, s: int) -> int:
    """Objects left on auction stack s (a landscape's tiles, the Prestige deck, ...)."""
    if s < 3:
        return int(st.supply_landscapes[b, s])
    return int(
        (st.deck_len[b, DECK_PRESTIGE], st.supply_recruiting[b], st.supply_jesters[b], st.supply_builders[b])[s - 3]
    )


def auction_objects(d, x, y, w, h, game: Game, st: PrincesState, b: int) -> None:
    """The seven auction objects with what is left of each; those sold this round dimmed; the
    one on offer framed, with the bid and the bidder; the pawns of the players still free."""
    T = game.T
    wg.panel(d, x, y, w, h)
    wg.text(d, x + 10, y + 6, "Auction", 12, weight="bold")
    stack, bid, high = int(st.stack[b]), int(st.bid[b]), int(st.high[b])
    free = [p for p in range(game.seats) if st.pawn_free[b, p]]
    if int(st.phase[b]) in (PH_AUCTION_CHOOSE, PH_AUCTION_BID, PH_LANDSCAPE_PICK) and not game.solo:
        wg.text(d, x + 70, y + 7, "pawns free:", 11, fill=wg.PALETTE["muted"])
        for i, p in enumerate(free):
            wg.token(d, x + 150 + i * 16, y + 13, wg.player_colour(p), 12, shape="disc")
    box = (w - 20 - (NUM_STACKS - 1) * 6) / NUM_STACKS
    for s in range(NUM_STACKS):
        bx, by = x + 10 + s * (box + 6), y + 28
        name = T.stack_names[s]
        lot = T.single_landscape and s < 3  # 2 players: one landscape object, the winner picks the kind
        if lot:
            name = "Landscape lot" if s == 0 else name
        active = stack == s or (T.single_landscape and s < 3 and 0 <= stack < 3)
        if active:
            d.append(dw.Rectangle(bx - 3, by - 3, box + 6, 92 + 6, rx=7, ry=7, fill=wg.PALETTE["highlight"]))
        d.append(dw.Rectangle(bx, by, box, 92, rx=5, ry=5, fill="#ffffff", stroke=wg.PALETTE["panel_edge"]))
        wg.text(d, bx + box / 2, by + 4, name, 11, weight="bold", anchor="middle")
        object_icon(d, bx + box / 2, by + 42, s)
        left = stack_supply(game, st, b, s)
        left_text = f"{left} left" + (" (in the lot)" if lot and s > 0 else "")
        wg.text(d, bx + box / 2, by + 62, left_text, 10, anchor="middle", fill=wg.PALETTE["muted"])
        if active and bid > 0:
            bidder = f" {wg.player_label(high)}" if high >= 0 and not game.solo else ""
            wg.text(d, bx + box / 2, by + 76, f"{100 * bid} Fl{bidder}", 10, weight="bold", anchor="middle")
        if st.stack_used[b, s] and not active:
            d.append(dw.Rectangle(bx, by, box, 92, rx=5, ry=5, fill="#ffffff", fill_opacity=0.6))
            wg.text(d, bx + box / 2, by + 76, "sold", 10, anchor="middle", fill=wg.PALETTE["bad"], weight="bold")
    bidders = [p for p in range(game.seats) if st.in_auction[b, p]]
    if bidders and not game.solo:
        wg.text(d, x + w - 10, y + 7, "bidding: " + ", ".join(wg.player_label(p) for p in bidders), 11,
                anchor="end", fill=wg.PALETTE["muted"])  # fmt: skip


def object_icon(d, cx, cy, s: int) -> None:
    """A small picture of auction object s centred at (cx, cy)."""
    if s < 3:
        shape = (((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 0), (0, 1), (1, 0)), ((0, 0), (0, 1)))[s]
        cells(d, cx - 12, cy - 12, 12, shape, LANDSCAPE_COLOURS[s], LANDSCAPE_GLYPHS[s])
    elif s == 3:
        wg.card(d, cx - 10, cy - 14, 20, 28, face_down=True)
    elif s == 4:
        d.append(dw.Rectangle(cx - 10, cy - 14, 20, 28, rx=3, ry=3, fill="#ffffff", stroke=wg.PALETTE["card_edge"]))
        wg.text(d, cx, cy - 8, "R", 14, weight="bold", anchor="middle")
    elif s == 5:
        wg.token(d, cx, cy, "#d35400", 22, shape="disc", label="J")
    else:
        wg.token(d, cx, cy, "#6d4c41", 22, shape="cube", label="B")


def scores(d, x, y, w, h, game: Game, st: PrincesState, b: int) -> None:
    """Fame (the score) and Florin of every seat; the leader shaded; final scores at game over."""
    seats = list(range(game.seats))
    labels = [seat_name(game, p) for p in seats]
    fame, money = st.fame[b], st.money[b]
    leader = max(seats, key=lambda p: (int(fame[p]), int(money[p])))
    rows = [[labels[p], f"{int(fame[p])}", f"{100 * int(money[p]):,}"] for p in seats]
    head = "final" if int(st.phase[b]) == PH_OVER else "player"
    size = 11 if game.seats > 4 else 12
    wg.score_table(d, x, y, [head, "fame", "Florin"], rows, [w - 150, 60, 90], seats=seats, highlight=leader,
                   size=size)  # fmt: skip


def seat_name(game: Game, p: int) -> str:
    if game.solo:
        return ("player_0", "Wolfgang", "dummy 1", "dummy 2", "dummy 3")[p]
    return wg.player_label(p)


def building_supply(d, x, y, w, h, game: Game, st: PrincesState, b: int) -> None:
    """The ten buildings with their shapes, size class and tiles left; the Freedoms left."""
    T = game.T
    wg.panel(d, x, y, w, h)
    wg.text(d, x + 10, y + 5, "Buildings in the supply (shape, tiles left)", 12, weight="bold")
    box = (w - 20) / NUM_BUILDINGS
    for i in range(NUM_BUILDINGS):
        bx = x + 10 + i * box
        shape = shape_cells(game, i)
        size = 9
        sw = (max(c for _, c in shape) + 1) * size
        cells(d, bx + (box - sw) / 2, y + 24, size, shape, piece_colour(T, i), None, stroke_width=1.2)
        left = int(st.supply_buildings[b, i])
        fill = wg.PALETTE["ink"] if left else wg.PALETTE["bad"]
        wg.text(d, bx + box / 2, y + 66, T.building_names[i], 10, weight="bold", anchor="middle")
        wg.text(d, bx + box / 2, y + 80, f"{('large', 'medium', 'small')[int(T.building_size[i])]} ·"
                f" {left} left", 9, anchor="middle", fill=fill)  # fmt: skip
    frees = ", ".join(f"{n} {int(st.supply_freedoms[b, f])}" for f, n in enumerate(T.freedom_names))
    cost = ", ".join(f"{int(c) * 100}" for c in T.build_cost)
    wg.text(d, x + 10, y + 95, f"Freedoms left: {frees} · building costs by Builders 0-3: {cost} Florin", 10,
            fill=wg.PALETTE["muted"])  # fmt: skip


def shape_cells(game: Game, piece: int) -> list[tuple[int, int]]:
    """The squares of piece ``piece`` as printed (orientation 0), from the placement table."""
    T = game.T
    n = T.num_cells
    return mask_cells(int(T.squares[piece, 0 * n]), T.rows, T.cols)


def now_panel(
    d, x, y, w, h, game: Game, st: PrincesState, b: int, view: int | None, other: Situation | None = None
) -> None:
    """The decks' sizes and the decision being taken: the phase in words (``other``: as in
    :func:`situation`), a work in progress, the piece being placed, the cards drawn (face up only
    for the drawer and the whole table)."""
    T = game.T
    wg.panel(d, x, y, w, h)
    decks = (f"Decks: Profession {int(st.deck_len[b, DECK_PROFESSIONS])}, Bonus {int(st.deck_len[b, DECK_BONUS])}"
             f" ({int(st.bonus_out[b].sum())} played), Prestige {int(st.deck_len[b, DECK_PRESTIGE])}")  # fmt: skip
    wg.text(d, x + 10, y + 5, decks, 11, fill=wg.PALETTE["muted"])
    wg.text(d, x + 10, y + 21, situation(game, st, b, other), 12, weight="bold", width=w - 20, max_lines=2)
    mover = int(st.current_player[b])
    deck = int(st.draw_deck[b])
    if deck >= 0 and int(st.phase[b]) in (PH_KEEP, PH_ORDER):
        drawn = np.flatnonzero(st.drawn[b, DRAWN_OFFSET[deck] : DRAWN_OFFSET[deck] + (21, 20, 14)[deck]])
        shown = view is None or view == mover
        cw = min(88, (w - 20 - 4 * 4) / 5)
        for i, card_id in enumerate(drawn):
            cx = x + 10 + i * (cw + 4)
            if shown:
                deck_card(d, cx, y + 50, cw, 58, game, deck, int(card_id))
            else:
                wg.card(d, cx, y + 50, cw, 58, face_down=True)
    elif int(st.phase[b]) == PH_PLACE and st.piece[b] >= 0:
        piece = int(st.piece[b])
        cells(d, x + 14, y + 56, 12, shape_cells(game, piece), piece_colour(T, piece), piece_label(T, piece, 12))
    elif st.work_prof[b] >= 0 and st.work_prof[b] < NUM_PROFESSIONS:
        profession_card(d, x + 10, y + 50, 100, 58, game, int(st.work_prof[b]))


def situation(game: Game, st: PrincesState, b: int, other: Situation | None = None) -> str:
    """The pending decision in words; the phases of none of the base game's are ``other``'s (the
    cooperative expansion's, :func:`~.picture_coop.coop_situation`)."""
    T = game.T
    phase, p = int(st.phase[b]), int(st.current_player[b])
    who = seat_name(game, p)
    if phase == PH_OVER:
        fame = st.fame[b]
        if game.solo:
            you, wolf = (int(fame[0]), int(st.money[b, 0])), (int(fame[1]), int(st.money[b, 1]))
            result = "you win" if you > wolf else ("Wolfgang wins" if you < wolf else "a tie")
            return f"Game over: {result} (fame {you[0]} to {wolf[0]})"
        key = [(int(fame[q]), int(st.money[b, q])) for q in range(game.seats)]
        best = max(key)
        return "Game over: " + " and ".join(wg.player_label(q) for q in range(game.seats) if key[q] == best) + " win"
    if phase == PH_SETUP_DISCARD:
        return f"{who} returns one of the Profession cards dealt"
    if phase == PH_AUCTION_CHOOSE:
        if game.solo:
            return f"{who} chooses the next object to auction ({int(st.auctions_done[b])} of {game.seats} done)"
        return f"{who} chooses an object to auction" + (" (the last free pawn: 200 Florin)" if st.lone[b] else "")
    if phase == PH_AUCTION_BID:
        stack = T.stack_names[int(st.stack[b])]
        if game.solo:
            forced = " (must buy)" if st.forced[b] else ""
            return f"{who}: buy the {stack} for {100 * int(st.bid[b])} Florin or decline{forced}"
        return f"{who} to raise or pass: {stack} at {100 * int(st.bid[b])} Florin by {wg.player_label(int(st.high[b]))}"
    if phase == PH_LANDSCAPE_PICK:
        return f"{who} picks the landscape won"
    if phase == PH_PLACE:
        return f"{who} places the {piece_name(T, int(st.piece[b]))}"
    if phase in (PH_KEEP, PH_ORDER):
        deck = DECK_NAMES[int(st.draw_deck[b])]
        n = int(st.drawn[b].sum())
        if phase == PH_KEEP:
            return f"{who} keeps one of {n} {deck} cards drawn"
        return f"{who} puts the other {n} {deck} cards under the deck, one by one"
    if phase == PH_RECRUIT_NOW:
        return f"{who} may play a Recruiting card now"
    if phase == PH_CHAR_USE:
        return f"{who} may use the Merchant or the Professor"
    if phase == PH_CHAR_AUCTION:
        return f"character auction: {who} places a pawn on a character or passes"
    if phase == PH_ACTION:
        took = [w for w, on in (("took a Profession card", st.took_profession[b]),
                                ("introduced a Freedom", st.took_freedom[b])) if on]  # fmt: skip
        return f"{who}'s turn: {int(st.actions_left[b])} action(s) left" + (f" ({', '.join(took)})" if took else "")
    if phase in (PH_WORK_BONUS, PH_WORK_PAY):
        prof = int(st.work_prof[b])
        name = "the Princess" if prof == PRINCESS_WORK else f"the {T.profession_names[prof]}"
        value, minimum = int(st.work_value[b]), int(T.minimum[int(st.round[b])])
        step = "adds Bonus cards" if phase == PH_WORK_BONUS else "takes fame and Florin"
        return f"{who} completes a work with {name}: value {value} (minimum {minimum}); {step}"
    if other is not None:
        return other(game, st, b)
    return f"{who} to move"


def characters(d, x, y, w, h, game: Game, st: PrincesState, b: int) -> None:
    """The six characters (the Muse and the Princess expansion): owner, face up or used, the
    pawns of the character auction, the Banker's money."""
    T = game.T
    wg.panel(d, x, y, w, h)
    wg.text(d, x + 10, y + 5, "Characters", 12, weight="bold")
    box = (w - 20 - 5 * 8) / NUM_CHARACTERS
    effects = {
        "Banker": f"money {100 * int(st.banker_money[b])} Fl; at the end {100 * T.banker_per_point} Florin = 1 fame",
        "Cardinal": "one more action", "Merchant": "fame, or pays an auction", "Muse": "works + round number",
        "Princess": "a work of her own", "Professor": "a Prestige or Bonus card free",
    }  # fmt: skip
    for c in range(NUM_CHARACTERS):
        cx = x + 10 + c * (box + 8)
        owner = int(st.char_owner[b, c])
        name = T.character_names[c]
        colour = wg.player_colour(owner) if owner >= 0 else wg.PALETTE["muted"]
        holder = f"{wg.player_label(owner)}" + ("" if st.char_faceup[b, c] else " (used)") if owner >= 0 else "unowned"
        lines = [effects.get(name, ""), holder]
        pawns = [q for q in range(game.seats) if st.pawn_card[b, q] == c]
        if pawns:
            q = pawns[0]
            lines.append(f"pawn {wg.player_label(q)}: {100 * int(st.pawn_value[b, q])} Fl")
        wg.card(d, cx, y + 22, box, h - 28, title=name, lines=lines, colour=colour, size=10,
                dim=owner >= 0 and not st.char_faceup[b, c])  # fmt: skip


# --------------------------------------------------------------------------- a player's panel


def player_panel(d, x, y, w, h, game: Game, st: PrincesState, b: int, p: int, view: int | None,
                 grid: bool = True) -> None:  # fmt: skip
    """Seat p: the header (Florin, fame), the principality, the pieces and Freedoms, the hand,
    the Bonus and Prestige cards, the works completed. ``grid=False``: the principality is drawn
    elsewhere (the cooperative building board)."""
    wg.panel(d, x, y, w, h)
    detail = f"{100 * int(st.money[b, p]):,} Florin · fame {int(st.fame[b, p])}"
    live = int(st.phase[b]) != PH_OVER
    wg.player_header(d, x + 6, y + 6, w - 12, p, to_move=live and int(st.current_player[b]) == p,
                     is_view=view == p, detail=detail, label=seat_name(game, p))  # fmt: skip
    left = x + 10
    if grid:
        principality(d, left, y + 40, CELL, game, st, b, p)
        left += game.T.cols * CELL + 14
    player_cards(d, left, y + 38, x + w - 10 - left, game, st, b, p, view)


def principality(d, x, y, cell, game: Game, st: PrincesState, b: int, p: int) -> None:
    """Seat p's grid: every square, the Palazzo, each building in its own squares (its shape, its
    name), the landscapes."""
    T = game.T
    board_squares(d, x, y, cell, T.rows, T.cols)
    groups = [(mask_cells(int(T.palazzo), T.rows, T.cols), PALAZZO_COLOUR, "Palazzo")]
    masks = st.piece_cells[b].reshape(game.seats, -1)[p]
    for q, mask in enumerate(masks):
        if int(mask):
            groups.append((mask_cells(int(mask), T.rows, T.cols), piece_colour(T, q), piece_label(T, q, cell)))
    pieces(d, x, y, cell, groups)


def board_squares(d, x, y, cell, rows: int, cols: int) -> None:
    """An empty board of rows x cols squares (one rectangle and one path: cheap to rasterise)."""
    d.append(dw.Rectangle(x - 2, y - 2, cols * cell + 4, rows * cell + 4, rx=3, ry=3, fill="#8a7a5c"))
    d.append(dw.Rectangle(x, y, cols * cell, rows * cell, fill=SQUARE_COLOUR))
    lines = dw.Path(stroke="#8a7a5c", stroke_width=1, fill="none")
    for r in range(1, rows):
        lines.M(x, y + r * cell).H(x + cols * cell)
    for c in range(1, cols):
        lines.M(x + c * cell, y).V(y + rows * cell)
    d.append(lines)


def piece_colour(T, piece: int) -> str:
    if piece < NUM_BUILDINGS:
        return SIZE_COLOURS[int(T.building_size[piece])]
    return LANDSCAPE_COLOURS[piece - NUM_BUILDINGS]


def piece_name(T, piece: int) -> str:
    return T.building_names[piece] if piece < NUM_BUILDINGS else T.landscape_names[piece - NUM_BUILDINGS]


def piece_label(T, piece: int, cell: float) -> str:
    """What is written on a piece: a building's short name, a landscape's glyph (on every square)."""
    if piece >= NUM_BUILDINGS:
        return LANDSCAPE_GLYPHS[piece - NUM_BUILDINGS]
    name = T.building_names[piece]
    return ABBREVIATIONS.get(name, name[:4]) if cell < 40 else name


def cells(d, x, y, cell, squares, colour: str, label: str | None, stroke_width: float = 2.2) -> None:
    """One piece: see :func:`pieces`."""
    pieces(d, x, y, cell, [(squares, colour, label)], stroke_width)


def pieces(d, x, y, cell, groups, stroke_width: float = 2.2, outline: str | None = None) -> None:
    """Pieces ``(squares, colour, label)`` on a grid whose square (0, 0) is at (x, y): each
    piece's squares ((row, col) pairs) filled with its colour and outlined along the piece's
    edge only, so its shape shows; the label on the square nearest its middle (a glyph of one
    character goes on every square: one landscape kind may be several pieces). Fills first,
    then outlines and labels, so a later piece never hides an earlier one's name."""
    groups = [([tuple(s) for s in squares], colour, label) for squares, colour, label in groups if len(squares)]
    for squares, colour, _ in groups:
        if colour == "none":  # an outline only
            continue
        for r, c in squares:
            d.append(dw.Rectangle(x + c * cell, y + r * cell, cell, cell, fill=colour))
    for squares, _, _ in groups:
        inside = set(squares)
        path = dw.Path(stroke=outline or wg.PALETTE["ink"], stroke_width=stroke_width, fill="none",
                       stroke_linecap="round")  # fmt: skip
        for r, c in squares:
            x0, y0 = x + c * cell, y + r * cell
            if (r - 1, c) not in inside:
                path.M(x0, y0).H(x0 + cell)
            if (r + 1, c) not in inside:
                path.M(x0, y0 + cell).H(x0 + cell)
            if (r, c - 1) not in inside:
                path.M(x0, y0).V(y0 + cell)
            if (r, c + 1) not in inside:
                path.M(x0 + cell, y0).V(y0 + cell)
        d.append(path)
    for squares, colour, label in groups:
        if label:
            piece_text(d, x, y, cell, squares, label, wg.readable_on(colour))


def piece_text(d, x, y, cell, squares, label: str, ink: str) -> None:
    if len(label) == 1:
        for r, c in squares:
            wg.text(d, x + (c + 0.5) * cell, y + r * cell + cell * 0.2, label, cell * 0.55, anchor="middle", fill=ink)
        return
    mr = sum(r for r, _ in squares) / len(squares)
    mc = sum(c for _, c in squares) / len(squares)
    r, c = min(squares, key=lambda s: ((s[0] - mr) ** 2 + (s[1] - mc) ** 2, s))
    size = min(9.5, cell * 0.34)
    wg.text(d, x + (c + 0.5) * cell, y + (r + 0.5) * cell - size * 0.55, label, size, anchor="middle", fill=ink,
            weight="bold")  # fmt: skip


def player_cards(d, x, y, w, game: Game, st: PrincesState, b: int, p: int, view: int | None) -> None:
    """Seat p's pieces and Freedoms, then its hand (face up for the viewer and the whole table;
    another's unknown cards as backs with their count), its Bonus and Prestige cards, and the
    works completed (professions on its table)."""
    T = game.T
    muted = wg.PALETTE["muted"]
    wolf = game.solo and p == 1
    # pieces and Freedoms
    cx = x
    wg.token(d, cx + 8, y + 9, "#d35400", 16, shape="disc", label=str(int(st.jesters[b, p])))
    wg.text(d, cx + 19, y + 3, "Jesters", 11)
    cx += 70
    wg.token(d, cx + 8, y + 9, "#6d4c41", 16, shape="cube", label=str(int(st.builders[b, p])))
    wg.text(d, cx + 19, y + 3, "Builders", 11)
    cx += 76
    for f, name in enumerate(T.freedom_names):
        count = int(st.wolf_freedoms[b, f]) if wolf else int(st.freedoms[b, p, f])
        colour = FREEDOM_COLOURS[f] if count else wg.PALETTE["empty"]
        d.append(dw.Rectangle(cx, y + 1, 62, 17, rx=8, ry=8, fill=colour))
        label = name + (f" ×{count}" if count > 1 else "")
        wg.text(d, cx + 31, y + 3, label, 10, anchor="middle", fill=wg.readable_on(colour) if count else muted)
        cx += 66
    extra = []
    if st.best_work[b, p]:
        extra.append(f"best work {int(st.best_work[b, p])}")
    if not game.solo and int(st.phase[b]) in (PH_AUCTION_CHOOSE, PH_AUCTION_BID) and not st.pawn_free[b, p]:
        extra.append("pawn used")
    if extra:
        wg.text(d, x + w, y + 3, " · ".join(extra), 10, anchor="end", fill=muted)
    if wolf:
        return
    # the hand: professions and Recruiting cards
    y += 24
    sees = view is None or view == p
    profs = np.flatnonzero(st.hand_prof[b, p])
    up = profs if sees else np.flatnonzero(st.hand_prof[b, p] & st.known[b, p])
    hidden = len(profs) - len(up)
    recruit = int(st.hand_recruit[b, p])
    wg.text(d, x, y, f"Hand: {len(profs)} Profession, {recruit} Recruiting", 10, fill=muted)
    items = [("prof", int(i)) for i in up] + [("back", hidden)] * (hidden > 0) + [("recruit", recruit)] * (recruit > 0)
    card_row(d, x, y + 14, w, 60, game, items)
    # Bonus and Prestige cards
    y += 80
    bonus = np.flatnonzero(st.bonus_hand[b, p])
    prestige = np.flatnonzero(st.prestige_hand[b, p])
    wg.text(d, x, y, f"Bonus cards: {len(bonus)} · Prestige cards: {len(prestige)}", 10, fill=muted)
    if sees:
        items = [("bonus", int(i)) for i in bonus] + [("prestige", int(i)) for i in prestige]
    else:
        items = [("back", len(bonus))] * (len(bonus) > 0) + [("prestige_back", len(prestige))] * (len(prestige) > 0)
    card_row(d, x, y + 14, w, 60, game, items)
    # works completed
    y += 80
    table = [T.profession_names[i] for i in np.flatnonzero(st.table_prof[b, p])]
    table += ["Recruiting"] * int(st.table_recruit[b, p])
    wg.text(d, x, y, f"Works completed ({len(table)}): " + (", ".join(table) or "none"), 10, width=w, max_lines=3)


def card_row(d, x, y, w, h, game: Game, items: list[tuple[str, int]]) -> None:
    """Cards side by side, narrower when many: ``(kind, id)`` with kind ``prof``, ``bonus``,
    ``prestige``, ``recruit`` (id = count), ``back`` / ``prestige_back`` (id = count)."""
    if not items:
        return
    n = len(items)
    cw = min(92, (w - (n - 1) * 4) / n)
    for i, (kind, k) in enumerate(items):
        cx = x + i * (cw + 4)
        if kind == "prof":
            profession_card(d, cx, y, cw, h, game, k)
        elif kind == "bonus":
            deck_card(d, cx, y, cw, h, game, DECK_BONUS, k)
        elif kind == "prestige":
            deck_card(d, cx, y, cw, h, game, DECK_PRESTIGE, k)
        elif kind == "recruit":
            wg.card(d, cx, y, cw, h, title="Recruiting", lines=[f"×{k}: take a work from a table"], size=9)
        else:
            wg.card(d, cx, y, cw, h, face_down=True, count=k)
            if kind == "prestige_back":
                wg.text(d, cx + cw / 2, y + h - 14, "Prestige", 9, anchor="middle", fill="#ffffff")


def profession_card(d, x, y, w, h, game: Game, x_id: int) -> None:
    """A Profession card: its name, and the building, landscape and Freedom its work wants."""
    T = game.T
    building = T.building_names[int(T.prof_building[x_id])]
    land = T.landscape_names[int(T.prof_landscape[x_id])]
    free = T.freedom_names[int(T.prof_freedom[x_id])]
    colour = SIZE_COLOURS[int(T.building_size[int(T.prof_building[x_id])])]
    wg.card(d, x, y, w, h, title=T.profession_names[x_id], lines=[building, f"{land} · {free}"], colour=colour, size=9)


def deck_card(d, x, y, w, h, game: Game, deck: int, card_id: int) -> None:
    """A card of the Profession, Bonus or Prestige deck, face up."""
    if deck == DECK_PROFESSIONS:
        profession_card(d, x, y, w, h, game, card_id)
        return
    key = "bonus_cards" if deck == DECK_BONUS else "prestige_cards"
    text = game.data[key]["cards"][card_id]["text"]
    colour = BONUS_COLOUR if deck == DECK_BONUS else PRESTIGE_COLOUR
    wg.card(d, x, y, w, h, title=f"{DECK_NAMES[deck]} {card_id}", lines=[text], colour=colour, size=8)


__all__ = ["draw"]
