"""A real browser for the page tests (test_replay.py, test_serve.py): Debian's Chromium driven by
Playwright for Python. Playwright's own browser download is never used (``.ci/run`` installs the
system's ``chromium``; the ``test`` extra brings ``playwright``); without either the tests skip,
saying which is missing."""

from __future__ import annotations

import contextlib
import shutil

import pytest

CHROMIUM = "/usr/bin/chromium"
# no network, no GPU, no sandbox (CI runs as root in a container), nothing started in the background
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip


def chromium_path() -> str:
    """The system Chromium, or a skip naming what to install."""
    path = CHROMIUM if shutil.which(CHROMIUM) else shutil.which("chromium")
    if path is None:
        pytest.skip("browser test: no chromium here (apt-get install -y chromium; .ci/run does it)")
    return path


@contextlib.contextmanager
def browser_page(viewport=(1400, 1000)):
    """A fresh page of a headless Chromium; page errors (uncaught JavaScript exceptions) are
    collected in ``page.errors``."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="browser test: pip install playwright")
    executable = chromium_path()
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
            page.errors = []
            page.on("pageerror", lambda error: page.errors.append(str(error)))
            yield page
        finally:
            browser.close()
