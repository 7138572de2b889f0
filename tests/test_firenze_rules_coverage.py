"""The coverage meta-tests of Firenze's rule-scenario tests (``test_firenze_rules_*.py``): every
quoted passage occurs in the rulebook, and every sentence of the rules is quoted by a test of
some part or is listed in ``firenze_rules_text.NOT_ENGINE_BEHAVIOUR`` with its reason."""

from __future__ import annotations

from pathlib import Path

from firenze_rules_text import HEADINGS, NOT_ENGINE_BEHAVIOUR, RULEBOOK, needs_rulebook, rule_sentences
from rulebook_quotes import part_modules, parts_meta_tests

(
    test_quotes_are_rulebook_sentences,
    test_every_rule_sentence_is_covered,
    test_exemptions_are_rule_sentences,
) = parts_meta_tests(__file__, "test_firenze_rules_", RULEBOOK, rule_sentences, NOT_ENGINE_BEHAVIOUR)


@needs_rulebook
def test_rule_sentence_helpers_find_the_rules():
    """Sanity check of the coverage test's sentence splitter (no rulebook quote)."""
    sentences = rule_sentences()
    here = Path(__file__)
    assert len(part_modules(here.parent, "test_firenze_rules_", here.stem)) == 7
    assert "You may add on at most 6 Bricks per turn." in sentences
    assert "6 Bricks used to build --> 10 Construction Cost" in sentences
    assert "If 3 players: 7 Seals each" in sentences
    assert "Alchemist (4x)" in sentences and "Workshop (4x)" in sentences
    assert "Choose 1 Tower on your Construction Site." in sentences  # "Choose a card" heading is dropped
    assert not set(sentences) & HEADINGS
    assert len(sentences) > 300
