"""The coverage meta-tests of the Florenza board game's rule-scenario tests
(``test_florenza_rules_*.py``, issue 11): every quoted passage occurs in the rulebook, and every
sentence of each part of the rulebook that has test modules (``florenza_rules_text.PARTS``) is
quoted by a test of some module or is listed, with a reason, in some module's
``NOT_ENGINE_BEHAVIOUR``.

Each rule-test module declares ``PART`` (``"a"`` or ``"b"``, the rulebook lines it belongs to) and
its own ``NOT_ENGINE_BEHAVIOUR`` dict (sentence -> reason), so the two parts never edit the same
file. A part is enforced as soon as one module declares it; when both parts have modules, the
whole rulebook is.

Reasons: ``flavour`` (atmosphere, history, advice, a summary or example with no rule of its own),
``component`` (a physical piece or its count with no counterpart in the engine), ``table`` (how the
table is laid out, where a piece is put when the engine has no such place), ``pointer`` (a page
reference), ``layout`` (a caption, a column title or the lead-in of a list) and ``credits``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from florenza_rules_text import PARTS, RULEBOOK, book_text, needs, plain, rule_sentences, rule_units, sentences_in
from rulebook_quotes import part_modules, quotes_missing_from_text, unquoted_sentences

REASONS = {"flavour", "component", "table", "pointer", "layout", "credits"}


def _modules():
    here = Path(__file__)
    return part_modules(here.parent, "test_florenza_rules_", here.stem)


def _modules_of(part: str):
    return [m for m in _modules() if getattr(m, "PART", None) == part]


def _exempt(modules) -> dict[str, str]:
    exempt: dict[str, str] = {}
    for module in modules:
        exempt.update(getattr(module, "NOT_ENGINE_BEHAVIOUR", {}))
    return exempt


@needs(RULEBOOK)
def test_every_module_declares_its_part():
    """Every rule-test module names the part of the rulebook it belongs to."""
    assert all(getattr(m, "PART", None) in PARTS for m in _modules()), [m.__name__ for m in _modules()]


@needs(RULEBOOK)
def test_quotes_are_rulebook_sentences():
    """Every "quoted" passage in a test docstring of every module occurs verbatim in the (plain) rulebook."""
    book = book_text()
    missing = {}
    for module in _modules():
        found = quotes_missing_from_text(book, module, plain)
        missing.update({f"{module.__name__}.{name}": quotes for name, quotes in found.items()})
    assert not missing, f"quotes not found in the rulebook: {missing}"


@needs(RULEBOOK)
@pytest.mark.parametrize("part", sorted(PARTS))
def test_every_rule_sentence_is_covered(part):
    """Every sentence of a part with test modules is quoted by a test of some module (either
    part's: a sentence may be checked where its rule is exercised) or is exempt with a reason."""
    if not _modules_of(part):
        pytest.skip(f"no test module declares part {part} yet")
    modules = _modules()
    uncovered = unquoted_sentences(sentences_in(*PARTS[part]), modules, _exempt(modules), plain)
    assert not uncovered, f"{len(uncovered)} rule sentences of part {part} without a test:\n" + "\n".join(uncovered)


@needs(RULEBOOK)
@pytest.mark.parametrize("part", sorted(PARTS))
def test_exemptions_are_sentences_of_their_part_with_a_reason(part):
    """Every exempt sentence is a sentence of the rulebook lines of the part that lists it, with a
    known reason (a stale exemption would hide nothing; one of the other part would be unowned)."""
    exempt = _exempt(_modules_of(part))
    assert not set(exempt) - set(sentences_in(*PARTS[part])), set(exempt) - set(sentences_in(*PARTS[part]))
    assert set(exempt.values()) <= REASONS, set(exempt.values()) - REASONS


@needs(RULEBOOK)
@pytest.mark.parametrize("part", sorted(PARTS))
def test_a_missing_exemption_would_be_reported(part):
    """The coverage check can fail: with one of a part's exemptions taken away, that sentence is reported."""
    modules = _modules()
    exempt = _exempt(modules)
    mine = [s for s in _exempt(_modules_of(part)) if s in sentences_in(*PARTS[part])]
    if not mine:
        pytest.skip(f"part {part} has no exemption yet")
    dropped = next(s for s in mine if unquoted_sentences([s], modules, {}, plain) == [s])  # quoted by no test
    rest = {s: r for s, r in exempt.items() if s != dropped}
    assert unquoted_sentences([dropped], modules, rest, plain) == [dropped]


@needs(RULEBOOK)
def test_rule_sentence_helpers_find_the_rules():
    """Sanity check of the splitter (no rulebook quote): headings dropped, paragraphs broken by the
    booklet's layout joined, the displaced fragment put back, straight quotes made single."""
    sentences = rule_sentences()
    assert "You must place it in the lowest-numbered space on your district board." in sentences
    assert "You can only hire an artist if one of his skills matches one of the skills shown on the artwork you are attempting to complete." in sentences  # fmt: skip
    assert "Hiring a preacher is an action, so the new workers can be used when the turn returns to the player, later in the round." in sentences  # fmt: skip
    assert "Each artwork can only be completed once." in sentences
    assert "If your marker advances beyond the '50' space, turn the marker over so the '+50' side is showing and return it to the beginning of the track." in sentences  # fmt: skip
    assert not {"GAME SETUP", "A. OPERATE A WORKSHOP", "THE CITY OF FLORENZA"} & set(sentences)
    first, last = PARTS["a"]
    assert PARTS["b"][0] == last + 1 and first == 1
    assert len(RULEBOOK.read_text(encoding="utf-8").splitlines()) == PARTS["b"][1]
    assert "Trade any two resource cubes to the supply for one different resource cube." in sentences_in(*PARTS["a"])
    assert "If you cannot pay all of the costs for the artwork and the artist, you must lose prestige points:" in sentences_in(*PARTS["b"])  # fmt: skip
    assert len(sentences_in(*PARTS["a"])) + len(sentences_in(*PARTS["b"])) == len(sentences)
    assert all(u.line >= 1 for u in rule_units())
