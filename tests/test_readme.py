"""The Python snippets of the README and of the documentation pages (``docs/``) run as written."""

import importlib.util
import re
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
INTEROP = DOCS / "guides" / "interop.md"  # the recipes for other libraries
SNIPPET = re.compile(r"```python\n(.*?)```", re.S)  # a Python snippet of a Markdown page


def pages() -> list[Path]:
    """The README and the hand-written documentation pages (``docs/game_notes`` are parts of pages)."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def all_snippets() -> list[tuple[str, str]]:
    """``(name, code)`` for every Python snippet of the pages, named by page and index."""
    return [
        (f"{page.relative_to(ROOT)}[{index}]", code)
        for page in pages()
        for index, code in enumerate(SNIPPET.findall(page.read_text()))
    ]


def interop_snippets() -> list[str]:
    return SNIPPET.findall(INTEROP.read_text())


# libraries of the ``test`` extra that an older environment may lack: their snippets are skipped there
OPTIONAL = ("torchrl",)


def missing_libraries(snippet: str) -> list[str]:
    """The ``OPTIONAL`` libraries ``snippet`` imports that are not installed here."""
    return [
        name
        for name in OPTIONAL
        if re.search(rf"^(from|import) {name}\b", snippet, re.M) and importlib.util.find_spec(name) is None
    ]


def test_the_pages_keep_their_snippets():
    # the interop page: parallel API, centralised critic, Gymnasium, SB3, SuperSuit, TorchRL, Tianshou
    assert len(interop_snippets()) == 7
    assert len(SNIPPET.findall(README.read_text())) >= 3  # play one game, step a batch, train


SNIPPETS = all_snippets()


@pytest.mark.parametrize("index", range(len(SNIPPETS)), ids=[name for name, _ in SNIPPETS])
def test_snippet_runs(index, capsys):
    name, code = SNIPPETS[index]
    missing = missing_libraries(code)
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (the test extra has it)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(code, name, "exec"), {"__name__": "__main__"})
