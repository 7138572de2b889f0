"""Drawing pieces shared by every game's picture, so the games look alike.

Every function draws onto ``d`` (a ``drawsvg.Drawing`` or ``drawsvg.Group``) at ``(x, y)``, the
top-left corner, in SVG pixels (y grows downwards), and returns what a caller needs to lay out the
next piece (usually the height used). Text is in :data:`FONT`; the colours are in :data:`PALETTE`
and :data:`PLAYER_COLOURS` (seat ``p`` is ``PLAYER_COLOURS[p]`` in every game).

Text widths are estimated from the font size (:func:`text_width`: DejaVu Sans averages about
0.6 em per character), so wrapping is approximate: leave a little slack.
"""

from __future__ import annotations

from collections.abc import Sequence

import drawsvg as dw

#: the families the SVG names, first found wins (resvg gets the one :mod:`.fonts` found as ``sans-serif``)
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"

PALETTE = {
    "background": "#f3ede0",  # parchment
    "panel": "#fffdf7",
    "panel_edge": "#b9a98a",
    "ink": "#2b2118",
    "muted": "#7a6a55",
    "highlight": "#d4a017",  # the player to move, the lot on offer
    "card_face": "#fffaf0",
    "card_edge": "#5a4632",
    "card_back": "#7b2d26",  # a Florentine red
    "card_back_mark": "#c9a227",
    "empty": "#e6dcc8",  # an empty slot, a track cell not reached
    "good": "#2e7d32",
    "bad": "#b23a2e",
}

#: seat colours (seat p uses PLAYER_COLOURS[p % 6])
PLAYER_COLOURS = ("#c0392b", "#2e6fb7", "#2e8b57", "#c99a06", "#7d3c98", "#d35400")

CHAR_EM = 0.6  # average advance of a DejaVu Sans character, in font sizes
BOLD_EM = 0.68  # the same for DejaVu Sans Bold


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_label(seat: int) -> str:
    """How pictures name a seat: ``player_0`` ..., the AEC env's agent names."""
    return f"player_{seat}"


#: options that do not change what a game is (scoring of rewards, data overrides, turn caps)
_NOT_VARIANTS = ("reward", "data", "cards_path", "max_turns")


def variant_text(game) -> str:
    """The game's options that differ from their defaults, for a picture's title: ``"guilds=False"``
    (empty for the base game). Defaults are read from the game class's ``__init__`` signature."""
    import inspect

    defaults = {
        name: param.default
        for name, param in inspect.signature(type(game).__init__).parameters.items()
        if param.default is not inspect.Parameter.empty
    }
    changed = [
        f"{name}={value}"
        for name, value in game.options.items()
        if name not in _NOT_VARIANTS and name in defaults and defaults[name] != value
    ]
    return ", ".join(changed)


def game_title(title: str, game) -> str:
    """``"Firenze — 4 players · campanile=False"``: the game, its player count and its variant."""
    variant = variant_text(game)
    players = f"{game.num_players} player{'s' if game.num_players != 1 else ''}"
    return f"{title} — {players}" + (f" · {variant}" if variant else "")


def readable_on(colour: str) -> str:
    """Black or white: whichever reads better on ``colour`` (``#rrggbb``)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def new_drawing(width: float, height: float, title: str | None = None) -> dw.Drawing:
    """A drawing with the parchment background and the shared font; ``title`` becomes the SVG's <title>."""
    d = dw.Drawing(width, height, font_family=FONT)
    if title:
        d.append_title(title)
    d.append(dw.Rectangle(0, 0, width, height, fill=PALETTE["background"]))
    return d


def text_width(s: str, size: float, bold: bool = False) -> float:
    return len(s) * size * (BOLD_EM if bold else CHAR_EM)


def wrap(s: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``s`` broken into lines of at most ``width`` pixels at ``size`` (words longer than a line are cut)."""
    per_line = max(1, int(width / (size * (BOLD_EM if bold else CHAR_EM))))
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in paragraph.split():
            while len(word) > per_line:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:per_line])
                word = word[per_line:]
            candidate = f"{line} {word}" if line else word
            if len(candidate) <= per_line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def text(
    d,
    x: float,
    y: float,
    s: str,
    size: float = 13,
    *,
    weight: str | None = None,
    anchor: str = "start",
    fill: str | None = None,
    width: float | None = None,
    line_height: float = 1.25,
    italic: bool = False,
    max_lines: int | None = None,
) -> float:
    """Text whose first line's top is at ``y``; wrapped to ``width`` pixels when given (at most
    ``max_lines`` lines, the last cut with an ellipsis). Returns the height used."""
    lines = wrap(s, width, size, weight == "bold") if width else s.split("\n")
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1][: max(0, len(lines[-1]) - 1)] + "…"
    kwargs = {"fill": fill or PALETTE["ink"], "text_anchor": anchor}
    if weight:
        kwargs["font_weight"] = weight
    if italic:
        kwargs["font_style"] = "italic"
    step = size * line_height
    for i, line in enumerate(lines):
        # baseline about 0.8 em below the top of the line box
        d.append(dw.Text(line, size, x, y + i * step + size * 0.85, **kwargs))
    return len(lines) * step


def panel(
    d,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    fill: str | None = None,
    stroke: str | None = None,
    radius: float = 8,
    stroke_width: float = 1.5,
) -> None:
    """A rounded box: the background of a player's area, a board, a market."""
    d.append(
        dw.Rectangle(
            x,
            y,
            w,
            h,
            rx=radius,
            ry=radius,
            fill=fill or PALETTE["panel"],
            stroke=stroke or PALETTE["panel_edge"],
            stroke_width=stroke_width,
        )
    )


def title_bar(d, x: float, y: float, w: float, title: str, detail: str = "", *, h: float = 34) -> float:
    """The heading of a picture: the game and its variant on the left, ``detail`` (round, phase,
    who is to move, whose view) on the right. Returns its height."""
    d.append(dw.Rectangle(x, y, w, h, fill=PALETTE["ink"]))
    text(d, x + 12, y + (h - 18) / 2, title, 18, weight="bold", fill="#ffffff")
    if detail:
        text(d, x + w - 12, y + (h - 14) / 2, detail, 14, anchor="end", fill="#f3e6c4")
    return h


def player_header(
    d,
    x: float,
    y: float,
    w: float,
    seat: int,
    *,
    to_move: bool = False,
    is_view: bool = False,
    detail: str = "",
    h: float = 26,
    label: str | None = None,
) -> float:
    """A bar in the seat's colour naming the player (``label``, default ``player_<seat>``), marked
    "to move" and "(you)" for the viewer, with ``detail`` (money, score) on the right. Returns its height."""
    colour = player_colour(seat)
    if to_move:  # a gold frame around the bar of the player whose decision is pending
        d.append(dw.Rectangle(x - 3, y - 3, w + 6, h + 6, rx=6, ry=6, fill=PALETTE["highlight"]))
    d.append(dw.Rectangle(x, y, w, h, rx=4, ry=4, fill=colour))
    ink = readable_on(colour)
    name = label or player_label(seat)
    if is_view:
        name += " (you)"
    if to_move:
        name += "  ▶ to move"
    size = min(15, h * 0.58)
    text(d, x + 8, y + (h - size) / 2 - 1, name, size, weight="bold", fill=ink)
    if detail:
        text(d, x + w - 8, y + (h - size) / 2 - 1, detail, size, anchor="end", fill=ink, weight="bold")
    return h


def token(
    d,
    x: float,
    y: float,
    colour: str,
    size: float = 14,
    *,
    shape: str = "cube",
    label: str | None = None,
    stroke: str | None = None,
) -> None:
    """A game piece centred at ``(x, y)``: ``cube`` (square), ``disc`` or ``diamond``, with an
    optional ``label`` (a count, a value) written on it."""
    stroke = stroke or "#00000080"
    half = size / 2
    if shape == "disc":
        d.append(dw.Circle(x, y, half, fill=colour, stroke=stroke, stroke_width=1))
    elif shape == "diamond":
        d.append(
            dw.Lines(
                x,
                y - half,
                x + half,
                y,
                x,
                y + half,
                x - half,
                y,
                close=True,
                fill=colour,
                stroke=stroke,
                stroke_width=1,
            )
        )
    else:
        d.append(
            dw.Rectangle(
                x - half,
                y - half,
                size,
                size,
                rx=size * 0.15,
                ry=size * 0.15,
                fill=colour,
                stroke=stroke,
                stroke_width=1,
            )
        )
    if label is not None:
        font = size * (0.62 if len(label) <= 2 else 0.5)
        d.append(
            dw.Text(label, font, x, y + font * 0.36, text_anchor="middle", fill=readable_on(colour), font_weight="bold")
        )


def card(
    d,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    title: str = "",
    cost: str | None = None,
    lines: Sequence[str] = (),
    colour: str | None = None,
    face_down: bool = False,
    count: int | None = None,
    highlight: bool = False,
    dim: bool = False,
    size: float = 11,
) -> None:
    """A card: a band in ``colour`` with the ``title``, the ``cost`` in a disc at the top right,
    and the effect ``lines`` (wrapped) below. ``face_down`` draws its back (with ``count`` on it:
    a hidden hand of that many cards); ``highlight`` frames it in gold (the lot on offer, a legal
    pick); ``dim`` greys it (spent, taken)."""
    if highlight:
        d.append(dw.Rectangle(x - 3, y - 3, w + 6, h + 6, rx=8, ry=8, fill=PALETTE["highlight"]))
    if face_down:
        d.append(
            dw.Rectangle(
                x, y, w, h, rx=6, ry=6, fill=PALETTE["card_back"], stroke=PALETTE["card_edge"], stroke_width=1.2
            )
        )
        d.append(
            dw.Rectangle(
                x + 4, y + 4, w - 8, h - 8, rx=4, ry=4, fill="none", stroke=PALETTE["card_back_mark"], stroke_width=1.2
            )
        )
        if count is not None:
            font = min(w, h) * 0.38
            d.append(
                dw.Text(
                    f"×{count}",
                    font,
                    x + w / 2,
                    y + h / 2 + font * 0.36,
                    text_anchor="middle",
                    fill="#ffffff",
                    font_weight="bold",
                )
            )
        return
    colour = colour or PALETTE["muted"]
    d.append(
        dw.Rectangle(x, y, w, h, rx=6, ry=6, fill=PALETTE["card_face"], stroke=PALETTE["card_edge"], stroke_width=1.2)
    )
    title_room = w - 8 - (max(2 * size, text_width(cost, size * 0.85) + 6) + 2 if cost is not None else 0)
    # a smaller title rather than a word cut in two; the band holds it on one line, or two where it
    # needs them and the card is tall enough
    title_size = size + 1
    longest = max((len(word) for word in title.split()), default=0)
    while title_size > size - 1.5 and longest * title_size * BOLD_EM > title_room:
        title_size -= 0.5
    title_lines = 2 if len(wrap(title, title_room, title_size, bold=True)) > 1 and h >= 6 * size else 1
    band = title_size * 1.1 * title_lines + 6
    d.append(
        dw.Path(fill=colour)
        .M(x, y + 6)
        .Q(x, y, x + 6, y)
        .L(x + w - 6, y)
        .Q(x + w, y, x + w, y + 6)
        .L(x + w, y + band)
        .L(x, y + band)
        .Z()
    )
    text(
        d,
        x + 4,
        y + 3,
        title,
        title_size,
        weight="bold",
        fill=readable_on(colour),
        width=title_room,
        line_height=1.1,
        max_lines=title_lines,
    )
    if cost is not None:  # a disc, or a pill for a long cost (300 Fiorini), at the top right
        r = size * 0.95
        font = size * (0.95 if len(cost) <= 2 else 0.85)
        pill = max(2 * r, text_width(cost, font) + 6)
        d.append(
            dw.Rectangle(
                x + w - pill - 3,
                y + 3,
                pill,
                2 * r,
                rx=r,
                ry=r,
                fill="#ffffff",
                stroke=PALETTE["card_edge"],
                stroke_width=1,
            )
        )
        d.append(
            dw.Text(
                cost,
                font,
                x + w - pill / 2 - 3,
                y + r + 3 + font * 0.36,
                text_anchor="middle",
                fill=PALETTE["ink"],
                font_weight="bold",
            )
        )
    top = y + band + 3
    room = int((y + h - 3 - top) // (size * 1.2))
    used = 0
    for line in lines:
        if room - used <= 0:
            break
        used += round(
            text(d, x + 4, top + used * size * 1.2, line, size, width=w - 8, line_height=1.2, max_lines=room - used)
            / (size * 1.2)
        )
    if dim:
        d.append(dw.Rectangle(x, y, w, h, rx=6, ry=6, fill="#ffffff", fill_opacity=0.55))


def score_table(
    d,
    x: float,
    y: float,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    widths: Sequence[float],
    *,
    seats: Sequence[int] | None = None,
    highlight: int | None = None,
    size: float = 13,
) -> float:
    """A table with a header row; ``seats[i]`` (when given) puts that seat's colour swatch before
    row ``i``; row ``highlight`` is shaded (the leader, the player to move). Numbers right-aligned
    (every column but the first). Returns its height."""
    row_h = size * 1.7
    total = sum(widths)
    d.append(dw.Rectangle(x, y, total, row_h, fill=PALETTE["ink"]))
    col_x = x
    for i, (header, width) in enumerate(zip(headers, widths)):
        if i == 0:
            text(d, col_x + 6, y + (row_h - size) / 2, header, size, weight="bold", fill="#ffffff")
        else:
            text(
                d, col_x + width - 6, y + (row_h - size) / 2, header, size, weight="bold", fill="#ffffff", anchor="end"
            )
        col_x += width
    for r, row in enumerate(rows):
        top = y + (r + 1) * row_h
        fill = PALETTE["empty"] if highlight == r else (PALETTE["panel"] if r % 2 == 0 else "#f7f1e3")
        d.append(dw.Rectangle(x, top, total, row_h, fill=fill))
        col_x = x
        for i, (cell, width) in enumerate(zip(row, widths)):
            if i == 0:
                inset = 6
                if seats is not None:
                    token(d, col_x + 6 + size * 0.4, top + row_h / 2, player_colour(seats[r]), size * 0.8)
                    inset = 10 + size
                text(
                    d,
                    col_x + inset,
                    top + (row_h - size) / 2,
                    str(cell),
                    size,
                    weight="bold" if highlight == r else None,
                )
            else:
                text(
                    d,
                    col_x + width - 6,
                    top + (row_h - size) / 2,
                    str(cell),
                    size,
                    anchor="end",
                    weight="bold" if highlight == r else None,
                )
            col_x += width
    height = row_h * (len(rows) + 1)
    d.append(dw.Rectangle(x, y, total, height, fill="none", stroke=PALETTE["panel_edge"], stroke_width=1))
    return height


def legend(
    d, x: float, y: float, items: Sequence[tuple[str, str]], *, size: float = 12, shape: str = "cube", gap: float = 14
) -> float:
    """A row of ``(colour, label)`` swatches. Returns its width."""
    cx = x
    for colour, label in items:
        token(d, cx + size / 2, y + size / 2, colour, size, shape=shape)
        cx += size + 4
        text(d, cx, y + (size - size * 0.95) / 2, label, size * 0.95)
        cx += text_width(label, size * 0.95) + gap
    return cx - x


def meter(
    d, x: float, y: float, w: float, h: float, value: float, high: float, *, colour: str, label: str | None = None
) -> None:
    """A horizontal bar filled to ``value / high`` (a goods track, a resource stock), with ``label``."""
    d.append(dw.Rectangle(x, y, w, h, rx=3, ry=3, fill=PALETTE["empty"]))
    if high > 0 and value > 0:
        d.append(dw.Rectangle(x, y, w * min(1.0, value / high), h, rx=3, ry=3, fill=colour))
    if label:
        text(d, x + 4, y + (h - h * 0.7) / 2 - 1, label, h * 0.7, fill=PALETTE["ink"], weight="bold")
