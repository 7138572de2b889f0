"""Pictures of game states: SVG (drawn with ``drawsvg``) and RGB arrays (rasterised with ``resvg``).

    >>> import florentine_envs
    >>> from florentine_envs.pictures import picture_rgb, picture_svg
    >>> game = florentine_envs.make("medici", num_players=3)
    >>> state = game.init([7])
    >>> picture_svg(game, state, view=0).startswith("<?xml")
    True
    >>> frame = picture_rgb(game, state)
    >>> frame.dtype, frame.ndim, frame.shape[2]
    (dtype('uint8'), 3, 3)

``view`` is a seat (that player's view: only what ``game.observe(state, seat)`` tells him is drawn;
other hands show their backs and counts) or ``None`` (the whole table, every hand face up: for
replays and spectators).

Each game package supplies ``picture.py`` with ``draw(game, state, index, view) -> drawsvg.Drawing``
and hands it over through its :class:`~florentine_envs.core.game.Game` (``_draw_picture``), so the
game decides which drawing a variant gets and nothing here, nor in the core, imports a game. The
functions below are the public spelling of :meth:`Game.picture_svg
<florentine_envs.core.game.Game.picture_svg>` and :meth:`Game.picture_rgb
<florentine_envs.core.game.Game.picture_rgb>`; rasterising is :mod:`florentine_envs.core.raster`.
The drawing pieces every game uses (cards, score tables, player headers, tokens, the palette) are
in :mod:`florentine_envs.pictures.widgets`.

Needs the ``pictures`` extra: ``pip install florentine-games[pictures]``.
"""

from __future__ import annotations

import numpy as np

from ..core.game import Game
from ..core.raster import INSTALL_HINT, svg_to_rgb
from ..core.state import State

__all__ = ["picture_svg", "picture_rgb", "picture_drawing", "check_view", "svg_to_rgb", "INSTALL_HINT"]


def check_view(game: Game, state: State, index, view) -> tuple[int, int | None]:
    """``(index, view)`` as ints after validation: ``ValueError`` naming the allowed values."""
    return game.check_picture_view(state, index, view)


def picture_drawing(game: Game, state: State, index: int = 0, view: int | None = None):
    """The ``drawsvg.Drawing`` of game ``index`` of the batch from ``view`` (a seat, or None: all)."""
    index, view = game.check_picture_view(state, index, view)
    return game._draw_picture(state, index, view)


def picture_svg(game: Game, state: State, index: int = 0, view: int | None = None) -> str:
    """The SVG text of game ``index`` of the batch, drawn from seat ``view``'s view (None: the whole table)."""
    return game.picture_svg(state, index, view)


def picture_rgb(
    game: Game, state: State, index: int = 0, view: int | None = None, width: int | None = None
) -> np.ndarray:
    """uint8[H, W, 3]: the picture of :func:`picture_svg` rasterised (``width`` pixels wide; None:
    the drawing's own width, about 1000-1600 pixels), for ``render_mode="rgb_array"``."""
    return game.picture_rgb(state, index, view, width)
