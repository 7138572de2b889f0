"""The Princes of Florence as a picture (issue 24): the base game, with or without the Muse and
the Princess. The title and the table band above, then every player's panel: the principality
(each building's shape in its squares, the landscapes, the Freedoms), the cards in hand (the
viewer's face up, the others' backs), the works completed, the Bonus and Prestige cards, Florin
and fame. The pieces are :mod:`.picture_common`'s, which also says what ``view`` hides.

``draw(game, state, index, view)`` is called by ``Princes._draw_picture`` (core:
``Game.picture_svg`` / ``picture_rgb``); the solo game's picture is :mod:`.picture_solo`, the
cooperative expansion's :mod:`.picture_coop`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import drawsvg as dw

from .picture_common import GAP, MARGIN, PANEL_H, draw_table, header_height, panel_width, player_panel, start_drawing

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import PrincesState


def draw(game: Game, state: PrincesState, index: int, view: int | None) -> dw.Drawing:
    P = game.seats
    rows = (P + 1) // 2
    top = header_height(game)
    height = top + rows * (PANEL_H + GAP) + MARGIN
    d = start_drawing(game, state, index, view, height)
    draw_table(d, game, state, index, view, MARGIN + 34 + GAP)
    for p in range(P):
        x = MARGIN + (p % 2) * (panel_width() + GAP)
        y = top + (p // 2) * (PANEL_H + GAP)
        player_panel(d, x, y, panel_width(), PANEL_H, game, state, index, p, view)
    return d
