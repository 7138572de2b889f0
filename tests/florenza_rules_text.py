"""The Florenza board-game rulebook as rule sentences, for the rule-scenario tests
(``test_florenza_rules_*.py``): the normaliser their quotes are held to and the sentence splitter
the coverage meta-test (``test_florenza_rules_coverage.py``) walks; the quote helpers themselves
are the shared ``rulebook_quotes``.

The rulebook (``shared/rules/florenza_board_game_2nd_edition.txt``) is text extracted from a laid
out booklet, so :func:`plain` and :func:`rule_units` undo the layout before splitting:

* a line is a paragraph, a list item or a table row (tabs are cell breaks); list markers
  (``-``, the triangles ``△``/``Δ``, ``1.``) and ``**emphasis**`` are layout, not text;
* a line with no lower-case letter is a heading, a table label or a column title (``GAME SETUP``,
  ``A. OPERATE A WORKSHOP``, ``1 ARMAIUOLO 2 2``) and is no sentence;
* a paragraph that stops mid-sentence continues on the next line that starts in lower case
  (the booklet broke a page or a column there: "... shown on the" / "artwork you are attempting
  to complete.");
* one fragment the extraction displaced (``DISPLACED``) is put back after the sentence it ends;
* straight double quotes inside a sentence (``the "0" square``) become single quotes, as do the
  curly ones, so a test docstring quotes such a sentence with single quotes inside its double ones.

A sentence carries the line number of the paragraph it starts in: :func:`sentences_in` gives the
sentences of a range of rulebook lines, so each helper's part of the book (``PARTS``) is checked on
its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook_quotes import RULES_DIR, needs, normalise

RULEBOOK = RULES_DIR / "florenza_board_game_2nd_edition.txt"

# Parts of the rulebook, by first and last line (1-based, inclusive); each rule-test module
# names the part its tests and exemptions belong to in ``PART``.
PARTS = {
    "a": (1, 631),  # contents ... market (fl-rules-a)
    "b": (632, 1729),  # production ... historical notes (fl-rules-b)
}

# A fragment the text extraction moved away from its sentence: fragment -> the text it follows.
DISPLACED = {
    "turn returns to the player, later in the round.": "so the new workers can be used when the",
}

_LIST_MARKER = re.compile(r"^\s*(?:[-\u2013]\s*)?(?:[\u25b3\u0394]\s*)?(?:\d+\.\s+)?")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z'(])|(?<=[.!?]['\)])\s+(?=[A-Z'(])")


def plain(text: str) -> str:
    """Emphasis marks dropped, then :func:`rulebook_quotes.normalise`, then straight double
    quotes made single (see the module docstring). Applied to quotes and rulebook alike."""
    return normalise(text.replace("**", "")).replace('"', "'")


@dataclass(frozen=True)
class Unit:
    """One paragraph, list item or table row of the rulebook, made plain."""

    line: int  # 1-based line of the rulebook where it starts
    text: str


def rulebook_text() -> str:
    return RULEBOOK.read_text(encoding="utf-8")


def _is_heading(text: str) -> bool:
    return not any(ch.islower() for ch in text)


def rule_units() -> list[Unit]:
    """The rulebook's paragraphs, list items and table rows in order, headings dropped, broken
    paragraphs joined and the displaced fragment put back (see the module docstring)."""
    units: list[Unit] = []
    for number, raw in enumerate(rulebook_text().splitlines(), start=1):
        text = plain(_LIST_MARKER.sub("", raw))
        if not text or _is_heading(text):
            continue
        if text in DISPLACED:
            continue  # re-attached below
        if units and text[0].islower() and not units[-1].text.endswith((".", "!", "?", ":")):
            units[-1] = Unit(units[-1].line, f"{units[-1].text} {text}")
        else:
            units.append(Unit(number, text))
    for fragment, after in DISPLACED.items():
        (at,) = [i for i, u in enumerate(units) if u.text.endswith(after)]
        units[at] = Unit(units[at].line, f"{units[at].text} {fragment}")
    return units


def split_sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text) if s]


def sentences_in(first_line: int, last_line: int) -> list[str]:
    """The rule sentences of the paragraphs that start in rulebook lines ``first_line`` to
    ``last_line`` (1-based, inclusive), in order."""
    return [s for u in rule_units() if first_line <= u.line <= last_line for s in split_sentences(u.text)]


def rule_sentences() -> list[str]:
    """Every rule sentence of the rulebook."""
    return [s for u in rule_units() for s in split_sentences(u.text)]


UNIT_BREAK = " \u2016 "  # between two paragraphs, list items or table rows: no quote spans it


def book_text() -> str:
    """The whole rulebook as one plain string of its paragraphs, list items and table rows, which
    every quote must occur in; they are kept apart (``UNIT_BREAK``), so a quote made of the end of
    one and the start of the next is not found."""
    return UNIT_BREAK.join(u.text for u in rule_units())


__all__ = ["RULEBOOK", "PARTS", "needs", "plain", "rule_units", "sentences_in", "rule_sentences", "book_text"]
