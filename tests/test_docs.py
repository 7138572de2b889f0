"""The generated documentation pages (docs/gen_pages.py) say what each game is: its options with
the values its own checks allow, every action, every observation field, the provenance of its data
and its version history. ``make docs`` builds the whole site strictly; these check the generator."""

import importlib.util
import re
from pathlib import Path

import pytest

import florentine_envs

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("gen_pages", ROOT / "docs" / "gen_pages.py")
gen_pages = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen_pages)

GAMES = florentine_envs.available_games()


@pytest.fixture(scope="module", params=GAMES)
def page(request):
    return request.param, gen_pages.game_page(request.param)


def test_a_page_names_every_option_action_and_observation_field(page):
    name, text = page
    game = florentine_envs.make(name, num_players=florentine_envs.player_counts(name)[-1])
    for option in florentine_envs.core.registry.option_names(name):
        assert f"| `{option}` |" in text
    for action in game.action_names:  # each listed once: in the table or in the full list
        assert re.search(rf"(`|  ){re.escape(action)}(`|\n)", text), action
    for field in game.obs_layout:
        assert f"| `{field}` |" in text
    assert f"({name}.svg)" in text


def test_allowed_values_come_from_the_games_own_checks():
    assert gen_pages.allowed_values("princes_solo", "difficulty") == "`'easy'`, `'standard'`, `'hard'`"
    assert gen_pages.allowed_values("medici", "monopoly_variant") == "`True`, `False`"
    assert gen_pages.allowed_values("firenze", "end_rule") == "`'rulebook'`, `'round'`"


def test_provenance_is_counted_in_every_layout_of_the_data_files():
    # the four layouts: a tag on the file, on each section, a table of sections, a table of dicts
    assert gen_pages.provenance_entries({"provenance": "rulebook", "source": "p. 2"}) == [
        ("(whole file)", "rulebook", "p. 2")
    ]
    nested = {"a": {"provenance": "reconstructed", "rationale": "fits"}, "b": {"provenance": "public"}}
    assert [tag for _, tag, _ in gen_pages.provenance_entries(nested)] == ["reconstructed", "public"]
    table = {"provenance": {"x": "public port (85 cards)", "y": {"provenance": "rulebook", "source": "s"}}}
    assert gen_pages.provenance_entries(table) == [("x", "public", "public port (85 cards)"), ("y", "rulebook", "s")]
    for name in GAMES:  # every game's data has tagged sections, rulebook ones among them
        counts = re.findall(r"\*\*`[^`]+\.json`\*\*: (\d+) rulebook, (\d+) public, (\d+) reconstructed",
                            "\n".join(gen_pages.provenance_section(name)))  # fmt: skip
        assert counts and all(int(rulebook) > 0 for rulebook, _, _ in counts), name


def test_the_changelog_has_every_version_of_every_game():
    text = gen_pages.changelog_page()
    for name in GAMES:
        version = florentine_envs.core.registry._REGISTRY[name].version
        section = text.split(f"## {name}\n", 1)[1].split("\n## ", 1)[0]
        for v in range(version + 1):
            assert f"v{v}" in section, (name, v)
        assert ">>>" not in section  # the docstrings' doctests are left out


def test_the_game_author_guide_shows_the_layout_read_from_the_packages():
    """Issue 29 item 4: the guide's layout section is generated from the packages' tables of
    contents, so it cannot drift from them."""
    page = gen_pages.game_authors_page()
    assert gen_pages.LAYOUT_MARKER not in page
    template = [entry for entry, _ in gen_pages.table_of_contents(ROOT / "florentine_envs/games/florenza_cards")]
    assert template[:2] == ["state.py", "constants.py"] and "reference/" in template
    for entry in template:
        assert f"| `{entry}` |" in page
    state_lines = len((ROOT / "florentine_envs/games/florenza_cards/state.py").read_text().splitlines())
    assert f"| `state.py` | {state_lines} |" in page
    for game in ("medici", "firenze", "florenza_cards", "florenza", "princes"):
        assert f"\n| {game} | " in page
