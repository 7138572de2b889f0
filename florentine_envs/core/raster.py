"""Rasterising SVG pictures to RGB arrays with resvg, and which font resvg draws text with.

Every game draws its own SVG (its package's ``picture.py``); this module turns SVG text into
uint8[H, W, 3] for ``render_mode="rgb_array"``. It knows nothing of the games, so the core
(:meth:`~florentine_envs.core.game.Game.picture_rgb`) uses it without reaching up to them.

resvg maps the generic family ``sans-serif`` to "Arial" unless told otherwise, and draws nothing
for text whose family it cannot find: on a Linux machine without Arial every label would vanish.
So we look for one sans-serif family we know by its file names, pass its files to resvg
(``skip_system_fonts``: scanning every system font costs milliseconds per frame) and name it as
the ``sans-serif`` family. The SVG itself names the same families in order (``widgets.FONT``),
so a browser shows it alike.
"""

from __future__ import annotations

import functools
import io
import os
import sys
import warnings
from pathlib import Path

import numpy as np

INSTALL_HINT = "pip install 'florentine-games[pictures]'"

#: (family name, regular file, bold file), in order of preference
CANDIDATES = (
    ("DejaVu Sans", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    ("Liberation Sans", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"),
    ("Arial", "Arial.ttf", "Arial Bold.ttf"),
    ("Arial", "arial.ttf", "arialbd.ttf"),
    ("Helvetica", "Helvetica.ttc", "Helvetica.ttc"),
    ("Noto Sans", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
)


def _font_dirs() -> list[Path]:
    home = Path.home()
    dirs = [Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), home / ".fonts", home / ".local/share/fonts"]
    if sys.platform == "darwin":
        dirs += [Path("/System/Library/Fonts"), Path("/Library/Fonts"), home / "Library/Fonts"]
    if sys.platform == "win32":
        dirs.append(Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts")
    try:  # matplotlib (the ``train`` extra) ships DejaVu Sans: a fallback on machines with no fonts
        import matplotlib

        dirs.append(Path(matplotlib.get_data_path()) / "fonts" / "ttf")
    except ImportError:
        pass
    return [d for d in dirs if d.is_dir()]


def _find(dirs: list[Path], name: str) -> Path | None:
    for d in dirs:
        direct = d / name
        if direct.is_file():
            return direct
        for found in d.rglob(name):
            return found
    return None


@functools.cache
def resvg_font_options() -> dict:
    """Keyword arguments for ``resvg_py.svg_to_bytes`` that make ``sans-serif`` text visible."""
    dirs = _font_dirs()
    for family, regular, bold in CANDIDATES:
        regular_path = _find(dirs, regular)
        if regular_path is None:
            continue
        files = [str(regular_path)]
        bold_path = _find(dirs, bold)
        if bold_path is not None and bold_path != regular_path:
            files.append(str(bold_path))
        return {"skip_system_fonts": True, "font_files": files, "sans_serif_family": family}
    warnings.warn(
        "florentine_envs pictures: no DejaVu/Liberation/Arial/Helvetica/Noto Sans font found; "
        "pictures may show no text (install fonts-dejavu-core or matplotlib)",
        stacklevel=2,
    )
    return {}


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
