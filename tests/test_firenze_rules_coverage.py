"""The coverage meta-tests of Firenze's rule-scenario tests (``test_firenze_rules_*.py``): every
quoted passage occurs in the rulebook, and every sentence of the rules is quoted by a test of
some part or is listed in ``firenze_rules_text.NOT_ENGINE_BEHAVIOUR`` with its reason."""

from __future__ import annotations

import importlib
from pathlib import Path

from firenze_rules_text import HEADINGS, NOT_ENGINE_BEHAVIOUR, RULEBOOK, needs_rulebook, rule_sentences
from rulebook_quotes import quotes_missing_from, unquoted_sentences

PARTS = sorted(p.stem for p in Path(__file__).parent.glob("test_firenze_rules_*.py") if p.stem != Path(__file__).stem)


def part_modules():
    return [importlib.import_module(name) for name in PARTS]


@needs_rulebook
def test_quotes_are_rulebook_sentences():
    """Every "quoted" passage in a test docstring of every part occurs verbatim in the rulebook."""
    missing = {}
    for module in part_modules():
        missing.update({f"{module.__name__}.{k}": v for k, v in quotes_missing_from(RULEBOOK, module).items()})
    assert not missing, f"quotes not found in the rulebook: {missing}"


@needs_rulebook
def test_every_rule_sentence_is_covered():
    """Every rule sentence is quoted by a test of some part (or is listed as stating no engine behaviour)."""
    uncovered = unquoted_sentences(rule_sentences(), part_modules(), NOT_ENGINE_BEHAVIOUR)
    assert not uncovered, f"{len(uncovered)} rule sentences without a test:\n" + "\n".join(uncovered)


@needs_rulebook
def test_exemptions_are_rule_sentences():
    """Every exempt sentence is a sentence of the rules (a stale exemption would hide nothing)."""
    assert not set(NOT_ENGINE_BEHAVIOUR) - set(rule_sentences())


@needs_rulebook
def test_rule_sentence_helpers_find_the_rules():
    """Sanity check of the coverage test's sentence splitter (no rulebook quote)."""
    sentences = rule_sentences()
    assert len(PARTS) == 7
    assert "You may add on at most 6 Bricks per turn." in sentences
    assert "6 Bricks used to build --> 10 Construction Cost" in sentences
    assert "If 3 players: 7 Seals each" in sentences
    assert "Alchemist (4x)" in sentences and "Workshop (4x)" in sentences
    assert "Choose 1 Tower on your Construction Site." in sentences  # "Choose a card" heading is dropped
    assert not set(sentences) & HEADINGS
    assert len(sentences) > 300
