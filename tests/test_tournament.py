"""Seat-rotated duplicate tournaments (training/tournament.py)."""

import csv
import json
from collections import Counter

import numpy as np
import pytest

from florentine_envs.training import cli
from florentine_envs.training.tournament import (
    cluster_bootstrap_ci,
    parse_entries,
    rate_skills,
    run_tournament,
    seat_arrangements,
    summarize,
    write_outputs,
)


def by_agent(result):
    return {row["agent"]: row for row in result.agents}


# ------------------------------------------------------------------ lineups


def test_name_star_k_expands_to_copies():
    assert parse_entries("heuristic,random*3") == ["heuristic", "random", "random", "random"]
    assert parse_entries(["ppo:runs/a b.zip*2", "random"]) == ["ppo:runs/a b.zip"] * 2 + ["random"]
    with pytest.raises(ValueError, match="at least 1"):
        parse_entries(["random*0"])
    with pytest.raises(ValueError, match="empty agent name"):
        parse_entries("heuristic,,random")


def test_fewer_entries_than_seats_explains_name_star_k():
    with pytest.raises(ValueError, match=r"1 agent entry for 4 seats.*name\*k.*heuristic,random\*3"):
        run_tournament("medici", ["heuristic"], num_players=4, games=4, progress=False)


def test_unknown_agent_names_the_available_ones():
    with pytest.raises(ValueError, match=r"agent entry 'nobody'.*available: random, heuristic"):
        run_tournament("medici", ["heuristic", "nobody"], num_players=2, games=4, progress=False)


def test_bad_rotations_and_too_many_permutations_are_refused():
    with pytest.raises(ValueError, match="rotations must be one of all, cyclic"):
        run_tournament("medici", ["heuristic", "random"], num_players=2, games=4, rotations="some", progress=False)
    five = [f"random#{i}" for i in range(5)]
    with pytest.raises(ValueError, match="120 distinct seat permutations.*rotations='cyclic'"):
        run_tournament("medici", five, num_players=5, games=4, progress=False)


@pytest.mark.parametrize(
    "table", [("a", "b"), ("a", "b", "c", "d"), ("h", "r", "r", "r"), ("a", "b", "a", "b"), ("a", "a", "b")]
)
@pytest.mark.parametrize("rotations", ["all", "cyclic"])
def test_every_arrangement_set_holds_each_agent_in_each_seat_equally(table, rotations):
    arrangements = seat_arrangements(table, rotations)
    assert len(set(arrangements)) == len(arrangements)  # copies of an agent are not played twice
    for seat in range(len(table)):
        held = Counter(arr[seat] for arr in arrangements)
        for label, copies in Counter(table).items():
            # share of the arrangements in which `label` holds `seat` = its share of the table
            assert held[label] * len(table) == copies * len(arrangements)
    if rotations == "all" and len(set(table)) == len(table):
        assert len(arrangements) == np.prod(range(1, len(table) + 1))


# ------------------------------------------------------------------ duplicate deals


def test_each_deal_is_one_seed_played_under_every_seat_permutation():
    result = run_tournament("medici", ["heuristic", "random"], num_players=2, games=20, seed=5, progress=False)
    assert result.num_games == 20 and result.num_deals == 10
    for d in range(result.num_deals):
        games = np.flatnonzero(result.deal == d)
        assert len(set(result.game_seed[games].tolist())) == 1
        assert sorted(map(tuple, result.seats[games].tolist())) == [(0, 1), (1, 0)]
    assert len(set(result.game_seed.tolist())) == result.num_deals  # distinct deals have distinct seeds


@pytest.mark.parametrize("players", [2, 3])
def test_copies_of_a_deterministic_agent_come_out_exactly_equal(players):
    """The heuristic against itself: every arrangement of a deal replays the same game
    seat for seat (same seed, same decisions), so the copies' statistics coincide."""
    copies = [f"heuristic#{i}" for i in range(players)]
    result = run_tournament("medici", copies, num_players=players, games=30 * players, progress=False)
    for d in range(result.num_deals):
        scores = result.scores[result.deal == d]
        assert (scores == scores[0]).all()
    rows = list(by_agent(result).values())
    for key in ("games", "wins", "win_rate", "mean_score"):
        assert all(row[key] == pytest.approx(rows[0][key]) for row in rows), key
    assert rows[0]["mean_margin"] == pytest.approx(0.0, abs=1e-9)
    # ratings are updated game by game, so the order of play leaves them only nearly equal
    assert all(abs(row["mu"] - 25) < rows[0]["sigma"] / 2 for row in rows)


def test_batching_does_not_change_results():
    lineup = ["heuristic#a", "heuristic#b"]
    whole = run_tournament("medici", lineup, num_players=2, games=40, progress=False)
    small = run_tournament("medici", lineup, num_players=2, games=40, progress=False, chunk_games=5)
    np.testing.assert_array_equal(whole.scores, small.scores)
    np.testing.assert_array_equal(whole.game_seed, small.game_seed)


def test_a_time_limit_stops_after_whole_rounds():
    # the time is up after the first chunk: TIMED_CHUNK_GAMES (256) games, 128 rounds of 2
    result = run_tournament("medici", ["heuristic", "random"], num_players=2, games=10_000, max_seconds=0.0,
                            progress=False)  # fmt: skip
    assert result.num_games == 256 and result.num_deals == 128
    assert [row["games"] for row in result.agents] == [256, 256]
    assert by_agent(result)["heuristic"]["seat_games"] == [128, 128]
    full = run_tournament("medici", ["heuristic", "random"], num_players=2, games=256, chunk_games=256, progress=False)
    np.testing.assert_array_equal(result.game_seed, full.game_seed)  # the same deals as a 256-game run
    np.testing.assert_array_equal(result.scores, full.scores)  # and the same games: chunks seed their agents


def test_random_agents_replay_exactly_from_the_seed_and_the_chunk_size():
    lineup = ["random#a", "random#b"]
    first = run_tournament("medici", lineup, num_players=2, games=40, progress=False, chunk_games=8)
    again = run_tournament("medici", lineup, num_players=2, games=40, progress=False, chunk_games=8)
    np.testing.assert_array_equal(first.scores, again.scores)
    other = run_tournament("medici", lineup, num_players=2, games=40, progress=False, chunk_games=8, seed=1)
    assert not np.array_equal(first.scores, other.scores)


def test_more_entries_than_seats_rotate_over_balanced_tables():
    entries = [f"random#{i}" for i in range(5)]
    # C(5, 3) = 10 tables x 3 cyclic rotations = 30 games per round; 31 games -> 2 rounds
    result = run_tournament("medici", entries, num_players=3, games=31, rotations="cyclic", progress=False)
    assert result.num_deals == 20 and result.num_games == 60
    stats = by_agent(result)
    assert {row["games"] for row in stats.values()} == {36}  # 6 of 10 tables, 3 games each, 2 rounds
    assert {tuple(row["seat_games"]) for row in stats.values()} == {(12, 12, 12)}
    for d in range(result.num_deals):  # each deal: one table, each of its agents once in each seat
        seats = result.seats[result.deal == d]
        assert len(set(seats[0].tolist())) == 3
        for seat in range(3):
            assert sorted(seats[:, seat].tolist()) == sorted(seats[0].tolist())


# ------------------------------------------------------------------ statistics


def test_pooled_statistics_on_a_hand_computed_case():
    # agent 1 ("b") holds two seats of every game: its games are pooled into one entry
    deal = [0, 0, 1]
    seats = [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    scores = [[10, 20, 20], [5, 30, 10], [12, 0, 12]]
    ranks = [[3, 1, 1], [3, 1, 2], [1, 3, 1]]  # ties share first place
    agents, seat_rows = summarize(["a", "b"], deal, seats, scores, ranks)
    a, b = agents
    assert (a["games"], a["wins"], a["shared_wins"]) == (3, 2, 1)
    assert a["win_rate"] == pytest.approx(2 / 3)
    assert a["mean_score"] == pytest.approx(52 / 3)
    # margins: 10-(20+20)/2, 30-(5+10)/2, 12-(12+0)/2
    assert a["mean_margin"] == pytest.approx((-10 + 22.5 + 6) / 3)
    assert a["seat_win_rate"] == [0.0, 1.0, 1.0] and a["seat_games"] == [1, 1, 1]
    assert (b["games"], b["wins"], b["shared_wins"]) == (6, 3, 3)
    assert b["win_rate"] == pytest.approx(0.5)
    assert b["mean_score"] == pytest.approx(67 / 6)
    assert b["mean_margin"] == pytest.approx((5 + 5 - 15 - 7.5 + 6 - 12) / 6)
    assert b["seat_win_rate"] == [0.5, 0.5, 0.5] and b["seat_games"] == [2, 2, 2]
    assert [row["win_rate"] for row in seat_rows] == pytest.approx([1 / 3, 2 / 3, 2 / 3])
    assert [row["mean_score"] for row in seat_rows] == pytest.approx([9, 50 / 3, 14])
    # a's deals: 1 win in 2 games, 1 in 1; the resampled ratios are 2/4, 2/3 or 2/2
    assert (a["ci_low"], a["ci_high"]) == (0.5, 1.0)


def test_bootstrap_interval_of_identical_deals_has_no_width():
    num = np.array([[1.0, 0.0]] * 6)
    den = np.array([[2.0, 0.0]] * 6)
    low, high = cluster_bootstrap_ci(num, den)
    assert (low[0], high[0]) == (0.5, 0.5)
    assert np.isnan(low[1]) and np.isnan(high[1])  # a column with no games has no interval


def test_confidence_interval_contains_the_estimate_and_shrinks_with_more_games():
    widths = []
    for games in (40, 800):
        # 4 players: the heuristic wins ~78 % there, so neither interval is degenerate
        result = run_tournament(
            "medici", ["heuristic", "random*3"], num_players=4, games=games, rotations="cyclic", progress=False
        )
        for row in result.agents + result.seat_stats:
            assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
        heuristic = by_agent(result)["heuristic"]
        widths.append(heuristic["ci_high"] - heuristic["ci_low"])
    assert widths[1] < widths[0] / 2  # 20x the deals: about 1/sqrt(20) of the width


def test_openskill_rates_the_heuristic_above_random():
    result = run_tournament("medici", ["random", "heuristic"], num_players=2, games=200, progress=False)
    stats = by_agent(result)
    assert stats["heuristic"]["win_rate"] > 0.75
    assert stats["heuristic"]["mu"] > stats["random"]["mu"]
    assert stats["heuristic"]["ordinal"] > stats["random"]["ordinal"] + 5


def test_ratings_respect_ties():
    seats = np.array([[0, 1], [1, 0]] * 20)
    tied = rate_skills(["a", "b"], seats, np.ones_like(seats))
    assert tied[0]["mu"] == pytest.approx(tied[1]["mu"])
    a_first = rate_skills(["a", "b"], seats, np.where(seats == 0, 1, 2))
    assert a_first[0]["mu"] > 25 > a_first[1]["mu"]
    assert a_first[0]["ordinal"] == pytest.approx(a_first[0]["mu"] - 3 * a_first[0]["sigma"])


# ------------------------------------------------------------------ outputs


def test_outputs_are_written(tmp_path):
    result = run_tournament("medici", ["heuristic", "random*3"], num_players=4, games=40, rotations="cyclic",
                            progress=False)  # fmt: skip
    paths = write_outputs(result, tmp_path / "out")
    with paths["agents_csv"].open() as f:
        rows = {row["agent"]: row for row in csv.DictReader(f)}
    assert set(rows) == {"heuristic", "random"}
    assert int(rows["heuristic"]["games"]) == 40 and int(rows["random"]["games"]) == 120
    assert float(rows["random"]["win_rate_seat3"]) == by_agent(result)["random"]["seat_win_rate"][3]
    with paths["games_csv"].open() as f:
        games = list(csv.DictReader(f))
    assert len(games) == 40 and Counter(g["agent_seat0"] for g in games) == {"heuristic": 10, "random": 30}
    data = json.loads(paths["json"].read_text())
    assert data["games"] == 40 and data["deals"] == 10 and data["rotations"] == "cyclic"
    assert [row["agent"] for row in data["agents"]] == ["heuristic", "random"]
    assert len(data["seats"]) == 4 and "bootstrap" in data["confidence_interval"]
    assert paths["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_tournament_prints_and_writes(tmp_path, capsys):
    out = tmp_path / "t"
    code = cli.main(["tournament", "medici", "--agents", "heuristic,random", "--games", "20", "--out", str(out),
                     "--rotations", "cyclic", "--option", "reward=score"])  # fmt: skip
    assert code == 0
    printed = capsys.readouterr().out
    assert "medici, 2 players: heuristic,random; 20 games" in printed and "win rate by seat" in printed
    assert sorted(p.name for p in out.iterdir()) == [
        "agents.csv",
        "games.csv",
        "seats.csv",
        "tournament.json",
        "tournament.png",
    ]
    assert json.loads((out / "tournament.json").read_text())["options"] == {"reward": "score"}
    assert cli.main(["tournament", "medici", "--agents", "heuristic,robot", "--out", str(out)]) == 2
    assert "available: random, heuristic" in capsys.readouterr().err
