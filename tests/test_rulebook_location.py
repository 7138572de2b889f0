"""Where the rule-quote tests find the rulebooks: ``$FLORENTINE_RULEBOOKS``, else ``../shared/rules``
beside the checkout; a missing rulebook skips its tests with a message saying how to run them."""

from pathlib import Path

import firenze_rules_text
import florenza_cards_scenarios
import florenza_rules_text
import medici_rules_text
import princes_rules_text
import rulebook_quotes
from rulebook_quotes import RULEBOOKS_ENV, RULES_DIR, missing_rulebook_reason, needs, rules_dir


def test_the_environment_variable_names_the_rulebook_folder(monkeypatch, tmp_path):
    monkeypatch.setenv(RULEBOOKS_ENV, str(tmp_path))
    assert rules_dir() == tmp_path.resolve()
    monkeypatch.setenv(RULEBOOKS_ENV, "~/rules")
    assert rules_dir() == (Path.home() / "rules").resolve()
    for unset in ("", "  "):  # an empty value is no value
        monkeypatch.setenv(RULEBOOKS_ENV, unset)
        assert rules_dir() == Path(rulebook_quotes.__file__).resolve().parents[2] / "shared" / "rules"


def test_every_game_reads_its_rulebook_from_that_one_folder():
    for module in (medici_rules_text, firenze_rules_text, florenza_rules_text, princes_rules_text,
                   florenza_cards_scenarios):  # fmt: skip
        assert module.RULEBOOK.parent == RULES_DIR, module.__name__


def test_a_missing_rulebook_skips_saying_how_to_run_the_tests(tmp_path):
    missing = tmp_path / "medici_card_game.txt"
    assert needs(missing).mark.args == (True,)  # the skip condition holds
    reason = needs(missing).mark.kwargs["reason"]
    assert reason == missing_rulebook_reason(missing)
    assert str(missing) in reason and f"{RULEBOOKS_ENV}=/path/to/rules" in reason and "medici_card_game.txt" in reason
    missing.write_text("Medici")
    assert needs(missing).mark.args == (False,)
