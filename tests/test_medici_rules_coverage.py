"""The coverage meta-tests of Medici's rule-scenario tests (``test_medici_rules_*.py``): every
quoted passage occurs in the rulebook, and every sentence of the rules is quoted by a test of
some part or is listed in ``medici_rules_text.NOT_ENGINE_BEHAVIOUR`` with its reason."""

from __future__ import annotations

from pathlib import Path

from medici_rules_text import NOT_ENGINE_BEHAVIOUR, RULEBOOK, needs_rulebook, rule_sentences
from rulebook_quotes import part_modules, parts_meta_tests

(
    test_quotes_are_rulebook_sentences,
    test_every_rule_sentence_is_covered,
    test_exemptions_are_rule_sentences,
) = parts_meta_tests(__file__, "test_medici_rules_", RULEBOOK, rule_sentences, NOT_ENGINE_BEHAVIOUR)


@needs_rulebook
def test_rule_sentence_helpers_find_the_rules():
    """Sanity check of the coverage test's sentence splitter (no rulebook quote)."""
    here = Path(__file__)
    assert len(part_modules(here.parent, "test_medici_rules_", here.stem)) == 5
    sentences = rule_sentences()
    assert "Randomly select a starting player." in sentences
    assert "The game ends after the scoring of the third round." in sentences
    assert len(sentences) > 60
