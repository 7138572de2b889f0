"""The shared rule-quote checker (``rulebook_quotes``) itself: it must catch a quote that is not in
the rulebook -- made up, a word cut at either end, two paragraphs run together -- and every
rule-test module of every game must be under a meta-test that applies it (issue 22)."""

from pathlib import Path
from types import ModuleType

import florenza_rules_text as florenza
import pytest
from rulebook_quotes import RULES_DIR, normalise, occurs_in, quotes_missing_from, unchecked_rule_modules

BOOK = RULES_DIR / "florenza_board_game_2nd_edition.txt"


def module_with(doc: str) -> ModuleType:
    """A stand-in rule-test module holding one test whose docstring is ``doc``."""
    module = ModuleType("fake_rules")

    def test_fake():
        pass

    test_fake.__doc__ = doc
    module.test_fake = test_fake
    return module


@pytest.mark.skipif(not BOOK.exists(), reason=f"rulebook not found at {BOOK}")
def test_a_quote_not_in_the_rulebook_is_caught():
    real = '"Each player will begin the game with two workshops, but only a limited number are available"'
    assert quotes_missing_from(BOOK, module_with(real)) == {}
    for made_up in (
        '"Each player will begin the game with three workshops"',  # a word changed
        '"Lanaiuolo (14) Speziale (27) Tessitore (30)"',  # a row made longer
        '"egin the game with two workshops"',  # a word cut at the start
        '"Each player will begin the game with two work"',  # ... or at the end
    ):
        assert quotes_missing_from(BOOK, module_with(real + " " + made_up)) == {
            "test_fake": [normalise(made_up.strip('"'))]
        }, made_up


@pytest.mark.skipif(not BOOK.exists(), reason=f"rulebook not found at {BOOK}")
def test_florenza_quotes_do_not_run_two_rows_or_paragraphs_together():
    book = florenza.book_text()
    assert occurs_in(florenza.plain("Lanaiuolo (14) Speziale (27)"), book)  # one row of the two-column table
    assert not occurs_in(florenza.plain("Lanaiuolo (14) Speziale (27) Legnaiuolo (15)"), book)  # two rows
    assert not occurs_in("a", "more") and occurs_in("more", "and more.")


def test_every_rule_test_module_is_held_to_its_rulebook(tmp_path):
    assert unchecked_rule_modules(Path(__file__).parent) == []
    # a module of its own (no coverage module for its game) without the meta-test is reported
    (tmp_path / "test_x_rules_a.py").write_text("test_quotes_are_rulebook_sentences = quote_meta_test(__name__)\n")
    (tmp_path / "test_x_rules_b.py").write_text("def test_rule():\n    pass\n")
    assert unchecked_rule_modules(tmp_path) == ["test_x_rules_b.py"]
    # a coverage module checking every part module of the prefix covers them all
    (tmp_path / "test_x_rules_coverage.py").write_text("part_modules\ntest_quotes_are_rulebook_sentences\n")
    assert unchecked_rule_modules(tmp_path) == []
