"""Progress of the long commands on stderr, so that no run is silent: a bar with the time left
while games are played (tqdm's ``[elapsed<remaining]``), and a line naming each step that
follows (``computing bootstrap intervals...``). Standard output keeps the results alone.

    >>> import io
    >>> err = io.StringIO()
    >>> with step("computing bootstrap intervals", file=err):
    ...     pass
    >>> err.getvalue()
    'computing bootstrap intervals...\\n'
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager

SLOW_STEP_S = 1.0  # a step that took longer is followed by a line saying so


class _Silent:
    """The bar's interface, doing nothing (progress switched off)."""

    def update(self, n: int = 1) -> None:
        pass

    def set_postfix_str(self, text: str = "", refresh: bool = True) -> None:
        pass

    def close(self) -> None:
        pass


def bar(total: int, description: str, unit: str = "game", enabled: bool = True, file=None):
    """A tqdm bar over ``total`` units on stderr (or ``file``), showing the time left (``unit="s"``:
    a time box, ``total`` seconds); a bar
    that shows nothing when not ``enabled``. Use ``update(n)``, ``set_postfix_str`` and ``close``.

    Written to a file or a pipe rather than a terminal, it refreshes every 10 s instead of
    twice a second, so that a log keeps a readable trace of the run."""
    if not enabled:
        return _Silent()
    from tqdm import tqdm

    file = file or sys.stderr
    interactive = hasattr(file, "isatty") and file.isatty()
    # a bar of seconds (a time box) shows the seconds gone and left, not a rate of seconds per second
    timed = {"bar_format": "{l_bar}{bar}| {n:.0f}/{total:.0f} s [{elapsed}<{remaining}{postfix}]"}
    timed = timed if unit == "s" else {}
    return tqdm(total=total, desc=description, unit=unit, file=file, smoothing=0.1, dynamic_ncols=interactive,
                mininterval=0.5 if interactive else 10.0, **timed)  # fmt: skip


@contextmanager
def step(message: str, enabled: bool = True, file=None):
    """Say what is being done (``message...``) on stderr (or ``file``) before doing it, and how
    long it took when that was more than ``SLOW_STEP_S``."""
    if not enabled:
        yield
        return
    file = file or sys.stderr
    print(f"{message}...", file=file, flush=True)
    started = time.perf_counter()
    yield
    elapsed = time.perf_counter() - started
    if elapsed > SLOW_STEP_S:
        print(f"{message}: done in {elapsed:.1f} s", file=file, flush=True)


class Ticker:
    """``on_step`` of :func:`florentine_envs.training.match.play_games` that shows, on ``bar``'s
    postfix, the moves played so far in the batch running now (at most once a second): the games
    of a batch finish at about the same move, so without it a bar stands still for a whole batch."""

    def __init__(self, bar, label: str = "batch"):
        self.bar, self.label, self.steps, self.shown = bar, label, 0, 0.0

    def __call__(self, state) -> None:
        self.steps += 1
        now = time.perf_counter()
        if now - self.shown >= 1.0:
            self.shown = now
            self.bar.set_postfix_str(f"{self.label}: move {self.steps}")

    def reset(self, label: str | None = None) -> None:
        self.steps, self.label = 0, label or self.label
