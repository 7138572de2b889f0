"""The Princes of Florence rulebook as rule sentences, for the rule-scenario tests
(``test_princes_rules_*.py``): the markdown-aware normaliser their quotes are held to and the
sentence splitter the coverage meta-test walks; the quote helpers themselves are the shared
``rulebook_quotes``.

The rulebook (``shared/rules/princes_of_florence.txt``) is markdown: emphasis marks, list
markers and headings are layout, not text, so :func:`plain` drops them before
``rulebook_quotes.normalise``. A quote is held to the plain text. Straight double quotes inside
a sentence (a card's text, a page reference) become single quotes in the plain text, so a test
docstring quotes such a sentence with single quotes inside its double ones. The solo game
against Wolfgang and the cooperative building expansion are quoted like the base game.
"""

from __future__ import annotations

import re

from rulebook_quotes import RULES_DIR, needs, normalise
from rulebook_quotes import quote_meta_test as _quote_meta_test

RULEBOOK = RULES_DIR / "princes_of_florence.txt"


def plain(text: str) -> str:
    """Markdown layout removed (headings' #, emphasis * and **, list markers, escapes), then
    normalised; straight double quotes made single (see the module docstring)."""
    lines = [re.sub(r"^\s*(#+\s*|[-*]\s+|\d+\.\s+)", "", line) for line in text.splitlines()]
    text = "\n".join(lines).replace("\\*", "*").replace("**", "").replace("*", "")
    return normalise(text).replace('"', "'")


def rulebook_text() -> str:
    return RULEBOOK.read_text(encoding="utf-8")


def _units(text: str) -> list[str]:
    """Non-heading lines (a markdown line is a paragraph or a list item), each made plain."""
    units = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        unit = plain(raw)
        if unit:
            units.append(unit)
    return units


def _split(unit: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z'(])|(?<=[.!?]\))\s+", unit) if s]


def rule_sentences() -> list[str]:
    """Every sentence of the rulebook from the overview on (the box's age / players / time
    figures before it are no sentences), headings dropped, each line split into sentences."""
    text = rulebook_text()
    body = text[text.index("## THE GAME OF PATRONS") :]
    return [s for unit in _units(body) for s in _split(unit)]


def quote_meta_test(module_name: str):
    """The meta-test holding the quotes of ``module_name``'s tests to the rulebook (made plain)."""
    return _quote_meta_test(module_name, RULEBOOK, plain)


__all__ = ["RULEBOOK", "needs", "plain", "rule_sentences", "quote_meta_test"]
