"""``florentine evaluate`` (issue 23 item 3): any agent -- a preset, a callable, a checkpoint --
placed on the reference ladder of a game, rated on a scale anchored at random = 0 and
heuristic = 1000, and written as a report card."""

import json
import math
import textwrap

import numpy as np
import pytest

import florentine_envs
from florentine_envs.agents import Agent, CallableAgent, make_agent
from florentine_envs.training.cli import main
from florentine_envs.training.evaluate import ELO, evaluate, fit_ratings, ladder_agents, pairwise, write_card

BOTS = '''
import numpy as np
from florentine_envs.agents import RandomAgent


def first_legal(game, seed):
    """A policy function: the lowest legal action."""
    return lambda obs, mask: np.asarray(mask).argmax(1)


def random_agent(game, seed):
    return RandomAgent(game, seed)


def not_a_policy(game, seed):
    return 42
'''


@pytest.fixture
def bots(tmp_path, monkeypatch):
    """An importable module ``my_bots`` holding agent factories (the ``module:function`` contract)."""
    (tmp_path / "my_bots.py").write_text(textwrap.dedent(BOTS))
    monkeypatch.syspath_prepend(str(tmp_path))
    return "my_bots"


def medici():
    return florentine_envs.make("medici", num_players=2)


def test_callable_contract(bots):
    game = medici()
    policy = make_agent("my_bots:first_legal", game, seed=3)
    assert isinstance(policy, CallableAgent) and policy.name == "my_bots:first_legal"
    mask = np.array([[False, True, True, False, False, False]])
    assert policy.act(np.zeros((1, game.obs_size), np.float32), mask).tolist() == [1]
    assert type(make_agent("my_bots:random_agent", game)).__name__ == "RandomAgent"  # an Agent is used as it is
    with pytest.raises(ValueError, match="neither an Agent nor an act"):
        make_agent("my_bots:not_a_policy", game)
    with pytest.raises(ValueError, match="has no 'missing'"):
        make_agent("my_bots:missing", game)
    with pytest.raises(ValueError, match="cannot import module 'no_such_bots'.*random, heuristic, learned, ismcts:N"):
        make_agent("no_such_bots:make", game)


def test_ladder_is_the_available_agents_and_the_search_presets():
    # a learned policy ships for 2-player Medici: it is a rung of its ladder
    assert ladder_agents(medici()) == ["random", "heuristic", "learned", "ismcts:16", "ismcts:64"]


def test_fit_anchors_random_and_heuristic_and_reads_elo():
    # x beats the heuristic in 300 of 400 comparisons: with the drawn pseudo-game, 300.5 of 401
    agents = ["random", "heuristic", "x"]
    wins = np.array([[0, 0, 0], [40, 0, 100], [0, 300, 0]], float)
    pairs = np.array([[0, 40, 0], [40, 0, 400], [0, 400, 0]], float)
    ratings = fit_ratings(agents, wins, pairs)
    assert ratings[0] == 0.0 and ratings[1] == 1000.0
    assert ratings[2] == pytest.approx(1000 + ELO * math.log(300.5 / 100.5), abs=1e-6)
    with pytest.raises(ValueError, match="no anchor"):
        fit_ratings(["a", "b"], wins[1:, 1:], pairs[1:, 1:])
    with pytest.raises(ValueError, match="no match links y"):
        fit_ratings(["random", "heuristic", "y"], wins * 0, np.array([[0, 1, 0], [1, 0, 0], [0, 0, 0.0]]))


def test_pairwise_counts_every_pair_of_seats():
    from florentine_envs.training.tournament import run_tournament

    result = run_tournament("medici", ["heuristic", "random*2"], 3, 6, rotations="cyclic", progress=False)
    wins, pairs = pairwise(result, 0, 1)
    assert pairs.sum() == 2 * result.num_games  # the heuristic against each of two random seats
    expected = 0.0
    for seats, ranks in zip(result.seats, result.ranks):
        mine = ranks[seats == 0][0]
        expected += sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in ranks[seats == 1])
    assert wins.sum() == expected


def test_evaluate_a_callable_and_write_the_card(bots, tmp_path):
    card = evaluate("my_bots:first_legal", games=["medici"], num_games=4, ladder=["random", "heuristic"],
                    progress=False)  # fmt: skip
    (cell,) = card.cells
    ratings = {row["label"]: row for row in cell.ratings}
    assert ratings["random"]["rating"] == 0.0 and ratings["heuristic"]["rating"] == 1000.0
    assert ratings["random"]["anchor"] and not ratings["my_bots:first_legal"]["anchor"]
    assert ratings["my_bots:first_legal"]["evaluated"]
    assert [row["opponent"] for row in cell.rows] == ["random", "heuristic"]
    assert all(row["games"] == 4 for row in cell.rows)
    paths = write_card(card, tmp_path / "card")
    markdown = paths["markdown"].read_text()
    assert "random = 0 and heuristic = 1000" in markdown and "| my_bots:first_legal (evaluated) |" in markdown
    assert "<table>" in paths["html"].read_text()
    assert json.loads(paths["json"].read_text())["cells"][0]["game"] == "medici"
    pytest.importorskip("matplotlib")
    assert paths["png"].stat().st_size > 0 and "data:image/png;base64," in paths["html"].read_text()


def test_evaluate_a_preset_named_like_a_rung():
    # the evaluated search plays as itself, apart from the rung of the same name
    search = "ismcts:2:textbook"
    card = evaluate(search, games=["medici"], num_games=2, ladder=["random", "heuristic", search], progress=False)
    labels = {row["label"]: row for row in card.cells[0].ratings}
    assert set(labels) == {"random", "heuristic", search, search + "#candidate"}
    assert labels[search + "#candidate"]["evaluated"] and not labels[search]["evaluated"]
    assert labels["heuristic"]["rating"] == 1000.0
    # the ladder's own match places the rung: the search against the heuristic, the same games as
    # the evaluated search's against the heuristic (same agent, same seeds), played once
    by_pair = {(m.a, m.b): m for m in card.cells[0].matches}
    assert by_pair[search, "heuristic"].result is by_pair[search + "#candidate", "heuristic"].result


def test_evaluated_heuristic_is_not_the_anchor():
    card = evaluate("heuristic", games=["medici"], num_games=2, ladder=["random", "heuristic"], progress=False)
    labels = {row["label"]: row for row in card.cells[0].ratings}
    assert labels["heuristic"]["anchor"] and not labels["heuristic#candidate"]["anchor"]
    assert labels["heuristic#candidate"]["evaluated"] and labels["heuristic"]["rating"] == 1000.0


def test_solo_game_gives_win_rates_alone():
    card = evaluate("heuristic", games=["princes_solo"], num_games=1, ladder=["random"], progress=False)
    (cell,) = card.cells
    assert cell.players == 1 and cell.ratings == []
    assert [row["agent"] for row in cell.rows] == ["heuristic", "random"]


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"agent": "best_bot"}, "unknown agent 'best_bot'; available: random, heuristic, learned, ismcts:N"),
        ({"agent": "ismcts:16:fast"}, "presets: default, textbook, K, M"),
        ({"agent": "random", "games": ["chess"]}, "unknown game chess; games: .*medici"),
        ({"agent": "random", "players": [7]}, "medici takes 2, 3, 4, 5, 6 players"),
        ({"agent": "random", "ladder": ["random", "oracle"]}, "ladder agent 'oracle': unknown agent"),
        ({"agent": "random", "num_games": 0}, "num_games must be a positive integer"),
    ],
)
def test_bad_input_is_refused_naming_what_exists(kwargs, message):
    kwargs = {"games": ["medici"], "num_games": 2, "progress": False, **kwargs}
    with pytest.raises(ValueError, match=message):
        evaluate(**kwargs)


def test_evaluate_command(tmp_path, capsys):
    out = tmp_path / "card"
    args = ["evaluate", "random", "--game", "medici", "--games", "2", "--ladder", "random,heuristic", "--out", str(out)]
    assert main(args + ["--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert "medici 2p: rating" in printed and (out / "report.md").exists() and (out / "report.html").exists()
    assert main(["evaluate", "nobody", "--game", "medici", "--games", "2"]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err


def test_agent_base_class_is_exported():
    assert issubclass(CallableAgent, Agent)
