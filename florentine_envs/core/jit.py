"""``jit``: numba's ``njit`` with its disk cache wherever numba finds a place to write it.

Numba caches a compiled function beside its source (``__pycache__``), else in ``NUMBA_CACHE_DIR``
or the user's cache directory (a read-only install with a writable home keeps its cache there);
with no writable place at all it refuses to decorate, at import. Here such an install compiles
its kernels in every process instead.
"""

from __future__ import annotations

from numba import njit


def jit(**options):
    """Decorator: ``njit(cache=True, **options)``, or ``njit(**options)`` where numba has nowhere to
    write its cache."""

    def decorate(function):
        try:
            return njit(cache=True, **options)(function)
        except RuntimeError as error:  # numba: "cannot cache function ...: no locator available"
            if "no locator available" not in str(error):
                raise
            return njit(**options)(function)

    return decorate
