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

Each game package supplies ``picture.py`` with ``draw(game, state, index, view) -> drawsvg.Drawing``;
this module validates the arguments and dispatches on the package of the game's class, so a
variant that is a subclass in the same package (Princes solo) shares its game's module. The
drawing pieces every game uses (cards, score tables, player headers, tokens, the palette) are in
:mod:`florentine_envs.pictures.widgets`.

Needs the ``pictures`` extra: ``pip install florentine-games[pictures]``.
"""

from __future__ import annotations

import functools
import importlib
import io

import numpy as np

from ..core.game import Game
from ..core.state import State
from .fonts import resvg_font_options

__all__ = ["picture_svg", "picture_rgb", "picture_drawing", "check_view", "svg_to_rgb"]

INSTALL_HINT = "pip install 'florentine-games[pictures]'"


def check_view(game: Game, state: State, index, view) -> tuple[int, int | None]:
    """``(index, view)`` as ints after validation: ``ValueError`` naming the allowed values."""
    batch = state.batch_size
    if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= int(index) < batch:
        raise ValueError(f"{game.name}: picture of game index={index!r}; allowed: an int in 0..{batch - 1}")
    seats = game.num_players
    if view is not None and (
        isinstance(view, bool) or not isinstance(view, (int, np.integer)) or not 0 <= int(view) < seats
    ):
        allowed = ", ".join(str(s) for s in range(seats))
        raise ValueError(f"{game.name}: picture view={view!r}; allowed: None (the whole table) or a seat in {allowed}")
    return int(index), None if view is None else int(view)


@functools.cache
def _picture_module(module_name: str):
    package = module_name.rpartition(".")[0]
    try:
        return importlib.import_module(package + ".picture")
    except ModuleNotFoundError as error:
        if error.name in ("drawsvg", "resvg_py", "PIL"):
            raise ImportError(f"pictures need {error.name}: {INSTALL_HINT}") from error
        if error.name != package + ".picture":
            raise
        return None


def picture_drawing(game: Game, state: State, index: int = 0, view: int | None = None):
    """The ``drawsvg.Drawing`` of game ``index`` of the batch from ``view`` (a seat, or None: all)."""
    index, view = check_view(game, state, index, view)
    module = _picture_module(type(game).__module__)
    if module is None:
        raise ValueError(f"{game.name}: no picture yet (no {type(game).__module__.rpartition('.')[0]}.picture)")
    return module.draw(game, state, index, view)


def picture_svg(game: Game, state: State, index: int = 0, view: int | None = None) -> str:
    """The SVG text of game ``index`` of the batch, drawn from seat ``view``'s view (None: the whole table)."""
    return picture_drawing(game, state, index, view).as_svg()


def svg_to_rgb(svg: str, width: int | None = None) -> np.ndarray:
    """Rasterise SVG text to uint8[H, W, 3] (``width`` in pixels; None: the SVG's own size)."""
    try:
        import resvg_py
        from PIL import Image
    except ImportError as error:
        raise ImportError(f"pictures need {error.name}: {INSTALL_HINT}") from error

    png = resvg_py.svg_to_bytes(svg_string=svg, width=width, **resvg_font_options())
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def picture_rgb(
    game: Game, state: State, index: int = 0, view: int | None = None, width: int | None = None
) -> np.ndarray:
    """uint8[H, W, 3]: the picture of :func:`picture_svg` rasterised (``width`` pixels wide; None:
    the drawing's own width, about 1000-1600 pixels), for ``render_mode="rgb_array"``."""
    if width is not None and (isinstance(width, bool) or not isinstance(width, (int, np.integer)) or width < 16):
        raise ValueError(f"{game.name}: picture width={width!r}; allowed: None or an int >= 16 (pixels)")
    return svg_to_rgb(picture_svg(game, state, index, view), None if width is None else int(width))
