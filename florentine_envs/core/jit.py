"""``jit``: numba's ``njit`` with its disk cache wherever numba finds a place to write it, renewed
when any source a kernel is built from changes.

Numba caches a compiled function beside its source (``__pycache__``), else in ``NUMBA_CACHE_DIR``
or the user's cache directory (a read-only install with a writable home keeps its cache there);
with no writable place at all it refuses to decorate, at import. Here such an install compiles
its kernels in every process instead.

Numba judges a cached function fresh by its own file's time and size alone. A kernel inlines the
kernels it calls from other modules (the counter-based draws of :mod:`.rng`) and freezes the
globals it reads (a game's constants and data tables) into its machine code, so editing one of
those files left the old code in use: a checkout updated by ``git pull`` could play stale rules.
:func:`jit` therefore adds to numba's stamp a digest of every source the kernel may read: the
Python files of its own package and of this core package (:func:`kernel_sources`).
"""

from __future__ import annotations

import hashlib
import sys
from functools import cache
from pathlib import Path

from numba import njit

#: this package (core): every kernel may call its compiled helpers and read its constants
CORE = Path(__file__).resolve().parent


@cache
def kernel_sources(module_name: str) -> tuple[Path, ...]:
    """The files a kernel of ``module_name`` is built from, as far as the cache is concerned: the
    ``.py`` files of its package's folder and of the core package, sorted."""
    folder = Path(sys.modules[module_name].__file__).resolve().parent
    return tuple(sorted(set(folder.glob("*.py")) | set(CORE.glob("*.py"))))


def sources_digest(paths) -> str:
    """A digest of the contents of ``paths`` (names and bytes; a missing file counts as empty)."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path).encode() + b"\0")
        digest.update(path.read_bytes() if path.is_file() else b"")
    return digest.hexdigest()[:16]


@cache
def _module_digest(module_name: str) -> str:
    return sources_digest(kernel_sources(module_name))


def _stamp_with_sources(dispatcher, module_name: str) -> None:
    """Make numba's freshness stamp of the cached ``dispatcher`` (its source's time and size) also
    carry the digest of :func:`kernel_sources`, so a change to any of them recompiles. This reaches
    into numba's cache object (``_cache._cache_file._source_stamp``, the same in 0.60 to 0.68);
    where that is missing the cache keeps numba's own stamp."""
    cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    stamp = getattr(cache_file, "_source_stamp", None)
    if stamp is not None and module_name in sys.modules:
        cache_file._source_stamp = (stamp, _module_digest(module_name))


def jit(**options):
    """Decorator: ``njit(cache=True, **options)`` with the sources' digest in the cache's stamp, or
    ``njit(**options)`` where numba has nowhere to write its cache."""

    def decorate(function):
        try:
            dispatcher = njit(cache=True, **options)(function)
        except RuntimeError as error:  # numba: "cannot cache function ...: no locator available"
            if "no locator available" not in str(error):
                raise
            return njit(**options)(function)
        _stamp_with_sources(dispatcher, function.__module__)
        return dispatcher

    return decorate
