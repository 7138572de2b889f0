"""The balance report's summary (issue 25 item 4): a verdict per player count, the flagged
components and each variant, every claim with its interval; pp for differences of rates."""

import re

import pytest

from florentine_envs.training.balance import StudySpec, run_study
from florentine_envs.training.balance.report import (
    component_verdicts,
    fmt,
    seat_verdict,
    summary_lines,
    variant_verdict,
    write_report,
)


def entry(estimate, low, high):
    return {"estimate": estimate, "low": low, "high": high}


def seats(advantage, low, high, players=3):
    fair = 1 / players
    st = {"first_player_advantage": entry(advantage, low, high), "win_any": entry(fair, fair, fair)}
    for q in range(players):
        st[f"win_pos{q}"] = entry(fair, fair - 0.01, fair + 0.01)
    st["win_pos0"] = entry(fair + advantage, fair + low, fair + high)
    return st


@pytest.mark.parametrize("advantage, low, high, verdict", [
    (0.01, -0.02, 0.04, "**Balanced** at 3 players: first-player advantage +1.0 pp [-2.0, +4.0], within ±5 pp"),
    (0.10, 0.04, 0.16, "**Not balanced** at 3 players: the first player wins 43.3 % [37.3, 49.3] of games, "
                       "+10.0 pp [+4.0, +16.0] above the fair share"),
    (0.03, 0.01, 0.05, "**Slightly unbalanced** at 3 players"),
    (-0.08, -0.12, -0.03, "-8.0 pp [-12.0, -3.0] below the fair share"),
    (0.05, -0.02, 0.12, "**Inconclusive** at 3 players: first-player advantage +5.0 pp [-2.0, +12.0]"),
])  # fmt: skip
def test_seat_verdicts_follow_the_defined_terms(advantage, low, high, verdict):
    assert verdict in seat_verdict(3, seats(advantage, low, high))


def test_a_position_away_from_the_fair_share_is_named_beyond_two_players():
    st = seats(0.01, -0.02, 0.04)
    st["win_pos2"] = entry(0.25, 0.20, 0.30)
    named = "Other positions away from the fair share: position 3 wins 25.0 % [20.0, 30.0]."
    assert seat_verdict(3, st).endswith(named)


def component(name, flags, lift=(0.0, -0.1, 0.1), rate=(0.5, 0.45, 0.55)):
    return {"component": name, "flags": flags, "win_lift": lift[0], "win_lift_low": lift[1], "win_lift_high": lift[2],
            "acquisition_rate": rate[0], "rate_low": rate[1], "rate_high": rate[2]}  # fmt: skip


def test_flagged_components_are_named_in_words_with_their_intervals():
    rows = [component("card:Neutral 7", ["dominant"], (0.355, 0.184, 0.527)),
            component("card:Cloth 3", ["weak"], (-0.2, -0.3, -0.1)),
            component("office:Captain", ["dead"], rate=(0.004, 0.001, 0.012)),
            component("card:Dye 2", ["dead"], (0.001, -0.02, 0.02)), component("card:Fur 5", [])]  # fmt: skip
    assert component_verdicts(2, rows) == [
        "Too strong (dominant) at 2 players, 1 of 5 components: card Neutral 7, win lift +35.5 pp [+18.4, +52.7].",
        "Weak at 2 players, 1 of 5 components: card Cloth 3, win lift -20.0 pp [-30.0, -10.0].",
        "Dead at 2 players, 2 of 5 components: office Captain, acquired in 0.4 % [0.1, 1.2]; "
        "card Dye 2, win lift +0.1 pp [-2.0, +2.0].",
    ]
    assert component_verdicts(2, [component("card:Fur 5", [])]) == [
        "No component is dominant, weak or dead at 2 players (of 1)."
    ]


@pytest.mark.parametrize("base, variant, difference, word", [
    (0.10, 0.04, (-0.06, -0.09, -0.03), "**helps**"),
    (0.10, 0.15, (0.05, 0.02, 0.08), "**hurts**"),
    (0.10, -0.20, (-0.30, -0.35, -0.25), "**hurts**"),  # overshoots: a larger advantage, now the last player's
    (0.10, 0.09, (-0.01, -0.03, 0.01), "**no measurable difference**"),
])  # fmt: skip
def test_a_variant_helps_when_it_moves_the_advantage_towards_zero(base, variant, difference, word):
    row = {"variant": "v", "players": 3, "stats": {"first_player_advantage": entry(*difference),
                                                   "length": entry(1.0, 0.5, 1.5)}}  # fmt: skip
    text = variant_verdict(row, seats(base, base - 0.05, base + 0.05), seats(variant, variant - 0.05, variant + 0.05))
    assert word in text and f"paired difference {fmt(entry(*difference), True, True)}" in text


def test_the_report_opens_with_the_summary_and_writes_differences_in_pp(tmp_path):
    spec = StudySpec("medici", players="2-3", games=24, seed=3, variants=("mono: monopoly_variant=true",),
                     compare=True, ladder="random,heuristic", ladder_games=6, chunk_games=16)  # fmt: skip
    result = run_study(spec, progress=False)
    markdown = write_report(result, tmp_path)["markdown"].read_text()
    summary = markdown[markdown.index("## Summary") : markdown.index("## Seat and first-player advantage")]
    assert markdown.index("## Summary") < markdown.index("Every interval is a 95 % interval")
    for line in summary_lines(result):
        assert f"- {line}" in summary
    assert summary.count("at 2 players") >= 2 and "Variant **mono** at 3 players" in summary
    assert "Skill at 2 players: heuristic wins" in summary
    assert "**Dominant**: a win lift" in summary and "**dead**: acquired in under 1 %" in summary
    assert re.search(r"first-player advantage \(win rate minus the fair share\) \| [+-]\d+\.\d pp \[", markdown)
    tables = markdown.split("## Component attribution")[1].split("components.csv")[1]
    assert "%]" not in markdown and "card:" not in tables  # components in words
