"""Shared by the rule-scenario test files: the rulebook sentences quoted in test docstrings.

A rule test quotes, in ``"double quotes"`` in its docstring, the sentence(s) of the
rulebook it checks. Two meta-tests per game use these helpers: every quote must occur
in the rulebook (after :func:`normalise`), and every rule sentence must be quoted by
some test or be listed, with a reason, as stating no engine behaviour.

A game whose rulebook needs more than :func:`normalise` (markdown layout, straight quotes
inside sentences) passes its own ``text_of`` normaliser; it is applied to the rulebook and
to every quote alike.

A quote occurs in the rulebook when it is found there whole-word (:func:`occurs_in`): a piece
of a word at either end ("ore" of "more", "Lanaiuolo (14) Spezial") is not a quote of the
rulebook. Every rule-test module ``test_<game>_rules_*.py`` must be held to its rulebook by a
meta-test, its own or its game's coverage module's (:func:`unchecked_rule_modules`).

The rulebooks are not part of the repository: they are read from ``$FLORENTINE_RULEBOOKS``
(a folder holding ``medici_card_game.txt``, ``firenze.txt``, ...), by default ``../shared/rules``
beside the checkout. The tests that read them skip, saying so, when the file is not there.
"""

from __future__ import annotations

import inspect
import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType

import pytest

RULEBOOKS_ENV = "FLORENTINE_RULEBOOKS"
DEFAULT_RULES_DIR = Path(__file__).resolve().parents[2] / "shared" / "rules"


def rules_dir() -> Path:
    """The folder of the rulebook texts: ``$FLORENTINE_RULEBOOKS`` when set, else ``../shared/rules``."""
    configured = os.environ.get(RULEBOOKS_ENV, "").strip()
    return Path(configured).expanduser().resolve() if configured else DEFAULT_RULES_DIR


RULES_DIR = rules_dir()

Normaliser = Callable[[str], str]


def normalise(text: str) -> str:
    """Curly quotes, dashes and bullets made plain, words split across lines joined, whitespace collapsed."""
    text = (
        text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
        .replace("\u2013", "-").replace("\u2014", "-").replace("\u2022", " ")
    )  # fmt: skip
    text = re.sub(r"(\w)-[ \t]*\n\s*(\w)", r"\1\2", text)  # words split across lines
    return re.sub(r"\s+", " ", text).strip()


def rule_quotes(module: ModuleType, text_of: Normaliser = normalise) -> dict[str, list[str]]:
    """Quoted rulebook text in the docstrings of ``module``'s tests, by test name (normalised)."""
    quotes = {}
    for name, fn in inspect.getmembers(module, inspect.isfunction):
        if name.startswith("test_") and fn.__doc__:
            quotes[name] = [text_of(q) for q in re.findall(r'"([^"]+)"', fn.__doc__)]
    return quotes


def occurs_in(quote: str, book: str) -> bool:
    """Whether ``quote`` occurs in ``book`` (both normalised) whole-word: not starting or ending
    inside a word of the book."""
    if quote not in book:  # the cheap test first: most quotes are there
        return False
    return re.search(r"(?<!\w)" + re.escape(quote) + r"(?!\w)", book) is not None


def quotes_missing_from(rulebook: Path, module: ModuleType, text_of: Normaliser = normalise) -> dict[str, list[str]]:
    """The quotes of each test that do not occur in the rulebook (the meta-test's own docstring aside)."""
    return quotes_missing_from_text(text_of(rulebook.read_text(encoding="utf-8")), module, text_of)


def quotes_missing_from_text(book: str, module: ModuleType, text_of: Normaliser = normalise) -> dict[str, list[str]]:
    """:func:`quotes_missing_from` against an already normalised ``book`` (a game that builds its
    book text itself, such as one joined from rule units)."""
    missing = {
        name: [q for q in quotes if not occurs_in(q, book)]
        for name, quotes in rule_quotes(module, text_of).items()
        if name != "test_quotes_are_rulebook_sentences"
    }
    return {name: quotes for name, quotes in missing.items() if quotes}


def unquoted_sentences(
    sentences: list[str],
    modules: ModuleType | Iterable[ModuleType],
    exempt: dict[str, str],
    text_of: Normaliser = normalise,
) -> list[str]:
    """Rule sentences that no test of ``modules`` (one module or several) quotes and that are not exempt."""
    if isinstance(modules, ModuleType):
        modules = [modules]
    quoted = " || ".join(q for m in modules for quotes in rule_quotes(m, text_of).values() for q in quotes)
    return [s for s in sentences if s not in exempt and s not in quoted]


def missing_rulebook_reason(rulebook: Path) -> str:
    """The skip message of a test whose rulebook is absent: where it was looked for and how to point to it."""
    return (f"rulebook not found at {rulebook}; to run the rule-quote tests set {RULEBOOKS_ENV}=/path/to/rules "
            f"(the folder holding {rulebook.name}), e.g. {RULEBOOKS_ENV}=~/rules make test")


def needs(rulebook: Path):
    """Skip marker for tests that read the rulebook text (see :func:`rules_dir`)."""
    return pytest.mark.skipif(not rulebook.exists(), reason=missing_rulebook_reason(rulebook))


def quote_meta_test(module_name: str, rulebook: Path, text_of: Normaliser = normalise):
    """The meta-test holding the quotes of ``module_name``'s tests to the rulebook."""

    @needs(rulebook)
    def test_quotes_are_rulebook_sentences():
        """Every "quoted" passage in a test docstring occurs verbatim in the rulebook."""
        missing = quotes_missing_from(rulebook, sys.modules[module_name], text_of)
        assert not missing, f"quotes not found in the rulebook: {missing}"

    return test_quotes_are_rulebook_sentences


def meta_tests(module_name: str, rulebook: Path, rule_sentences: Callable[[], list[str]], exempt: dict[str, str]):
    """The two meta-tests of a rule-test module; assign them to module-level names there."""

    @needs(rulebook)
    def test_every_rule_sentence_is_covered():
        """Every rule sentence is quoted by at least one test (or is listed as stating no engine behaviour)."""
        uncovered = unquoted_sentences(rule_sentences(), sys.modules[module_name], exempt)
        assert not uncovered, "rule sentences without a test:\n" + "\n".join(uncovered)

    return quote_meta_test(module_name, rulebook), test_every_rule_sentence_is_covered


def part_modules(tests_dir: Path, prefix: str, coverage_module: str) -> list[ModuleType]:
    """The rule-test modules ``<prefix>*.py`` of ``tests_dir`` (the coverage module aside), imported."""
    import importlib

    names = sorted(p.stem for p in tests_dir.glob(f"{prefix}*.py") if p.stem != coverage_module)
    return [importlib.import_module(name) for name in names]


def parts_meta_tests(
    coverage_file: str,
    prefix: str,
    rulebook: Path,
    rule_sentences: Callable[[], list[str]],
    exempt: dict[str, str],
    text_of: Normaliser = normalise,
):
    """The meta-tests of a game whose rule tests are split into parts (``<prefix>*.py``), for its
    coverage module (``coverage_file`` = its ``__file__``): quotes of every part occur in the
    rulebook; every rule sentence is quoted by some part or exempt; every exemption is a rule
    sentence (a stale one would hide nothing). Assign the three to module-level names there."""
    here = Path(coverage_file)

    def parts() -> list[ModuleType]:
        return part_modules(here.parent, prefix, here.stem)

    @needs(rulebook)
    def test_quotes_are_rulebook_sentences():
        """Every "quoted" passage in a test docstring of every part occurs verbatim in the rulebook."""
        missing = {}
        for module in parts():
            found = quotes_missing_from(rulebook, module, text_of)
            missing.update({f"{module.__name__}.{name}": quotes for name, quotes in found.items()})
        assert not missing, f"quotes not found in the rulebook: {missing}"

    @needs(rulebook)
    def test_every_rule_sentence_is_covered():
        """Every rule sentence is quoted by a test of some part (or is listed as stating no engine behaviour)."""
        uncovered = unquoted_sentences(rule_sentences(), parts(), exempt, text_of)
        assert not uncovered, f"{len(uncovered)} rule sentences without a test:\n" + "\n".join(uncovered)

    @needs(rulebook)
    def test_exemptions_are_rule_sentences():
        """Every exempt sentence is a sentence of the rules."""
        assert not set(exempt) - set(rule_sentences()), set(exempt) - set(rule_sentences())

    return test_quotes_are_rulebook_sentences, test_every_rule_sentence_is_covered, test_exemptions_are_rule_sentences


def unchecked_rule_modules(tests_dir: Path) -> list[str]:
    """The rule-test modules ``test_<game>_rules_*.py`` of ``tests_dir`` whose quotes no meta-test
    holds to the rulebook: a module is checked when it defines ``test_quotes_are_rulebook_sentences``
    (:func:`quote_meta_test`, :func:`meta_tests`) or when its game's coverage module
    (``test_<game>_rules_coverage.py``) checks every module of the prefix (:func:`part_modules`)."""
    out = []
    for path in sorted(tests_dir.glob("test_*_rules_*.py")):
        prefix = path.stem[: path.stem.index("_rules_") + len("_rules_")]
        coverage = tests_dir / f"{prefix}coverage.py"
        if path == coverage:
            continue
        parts = coverage.exists() and "part_modules" in coverage.read_text(encoding="utf-8")
        parts = parts and "test_quotes_are_rulebook_sentences" in coverage.read_text(encoding="utf-8")
        if not parts and "test_quotes_are_rulebook_sentences" not in path.read_text(encoding="utf-8"):
            out.append(path.name)
    return out
