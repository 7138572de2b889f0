"""The Princes of Florence rulebook as rule sentences, for the rule-scenario tests
(``test_princes_rules_*.py``): the markdown-aware normaliser their quotes are held to, the
sentence splitter the coverage meta-test walks, and the sentences that state no engine
behaviour, each with its reason.

The rulebook (``shared/rules/princes_of_florence.txt``) is markdown: emphasis marks, list
markers and headings are layout, not text, so :func:`plain` drops them before
``rulebook_quotes.normalise``; a quote is held to the plain text. The solo game (Wolfgang) and
the cooperative building expansion are issue 13: their sections are exempt as a whole.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

from rulebook_quotes import RULES_DIR, needs, normalise

RULEBOOK = RULES_DIR / "princes_of_florence.txt"
LATER = "solo / cooperative mode: issue 13"

# Sections of issue 13: (first heading, the heading after the section).
LATER_SECTIONS = (
    ("## SOLO RULES", "# THE MUSE AND THE PRINCESS EXPANSION"),
    ("## COOPERATIVE BUILDING EXPANSION", "# Overview of the 20 different Bonus cards"),
)


def plain(text: str) -> str:
    """Markdown layout removed (headings' #, emphasis * and **, list markers, escapes), then normalised."""
    lines = []
    for line in text.splitlines():
        line = re.sub(r"^\s*(#+\s*|[-*]\s+|\d+\.\s+)", "", line)
        lines.append(line)
    text = "\n".join(lines).replace("\\*", "*").replace("**", "").replace("*", "")
    return normalise(text)


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
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"(])|(?<=[.!?]\))\s+", unit) if s]


def rule_sentences() -> list[str]:
    """Every sentence of the rulebook from the overview on (the box's age / players / time
    figures before it are no sentences), headings dropped, each line split into sentences."""
    text = rulebook_text()
    body = text[text.index("## THE GAME OF PATRONS") :]
    return [s for unit in _units(body) for s in _split(unit)]


def later_sentences() -> set[str]:
    """The sentences of the solo and cooperative sections (issue 13)."""
    text = rulebook_text()
    out = set()
    for first, after in LATER_SECTIONS:
        start = text.index(first)
        out.update(s for unit in _units(text[start : text.index(after, start)]) for s in _split(unit))
    return out


def quotes(module: ModuleType) -> dict[str, list[str]]:
    """The "double-quoted" passages of each test docstring of ``module``, made plain."""
    found = {}
    for name, fn in vars(module).items():
        if name.startswith("test_") and callable(fn) and fn.__doc__:
            found[name] = [plain(q) for q in re.findall(r'"([^"]+)"', fn.__doc__)]
    return found


def quote_meta_test(module_name: str):
    """The meta-test holding the quotes of ``module_name``'s tests to the rulebook."""

    @needs(RULEBOOK)
    def test_quotes_are_rulebook_sentences():
        """Every quoted passage in a test docstring occurs verbatim in the rulebook (made plain)."""
        book = plain(rulebook_text())
        module = sys.modules[module_name]
        missing = {
            name: [q for q in qs if q not in book]
            for name, qs in quotes(module).items()
            if name != "test_quotes_are_rulebook_sentences"
        }
        missing = {name: qs for name, qs in missing.items() if qs}
        assert not missing, f"quotes not found in the rulebook: {missing}"

    return test_quotes_are_rulebook_sentences


def uncovered(modules: list[ModuleType], exempt: dict[str, str]) -> list[str]:
    """Rule sentences quoted by no test of ``modules`` and neither exempt nor of issue 13."""
    quoted = " || ".join(q for m in modules for qs in quotes(m).values() for q in qs)
    later = later_sentences()
    return [s for s in rule_sentences() if s not in exempt and s not in later and s not in quoted]


__all__ = ["RULEBOOK", "LATER", "Path", "plain", "rule_sentences", "later_sentences", "quote_meta_test", "uncovered"]
