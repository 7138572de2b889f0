"""Long commands say what they do on stderr: a bar with the time left while games are played,
then a line for each step after play; stdout keeps the results, and --no-progress silences it."""

from florentine_envs.training.cli import main
from florentine_envs.training.progress import Ticker, bar, step


def test_a_tournament_shows_its_games_and_its_statistics_on_stderr(tmp_path, capsys):
    assert main(["tournament", "medici", "--agents", "heuristic,random", "--games", "8", "--out", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "medici 2p" in err and "8/8" in err and "game/s" in err  # the bar, filled, with its rate
    assert "computing statistics: bootstrap intervals over 4 deals" in err
    assert "medici 2p" not in out and "8 games in" in out  # results on stdout only


def test_a_balance_study_shows_play_statistics_and_writing(tmp_path, capsys):
    arguments = ["balance", "medici", "--players", "2", "--games", "6", "--out", str(tmp_path), "--no-raw"]
    assert main(arguments) == 0
    err = capsys.readouterr().err
    assert "medici balance" in err and "6/6" in err  # the games
    assert "bootstrap intervals and component attribution" in err and "1/1" in err  # the cells after play
    assert "writing the report: figures, tables..." in err
    assert main([*arguments, "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_bench_counts_its_measurements(capsys):
    from florentine_envs.training.bench import run_all

    rows, _ = run_all(["medici"], 2, seconds=0.03, peers=(), rounds=1, progress=True)
    err = capsys.readouterr().err
    assert "measuring" in err and f"{len(rows)}/{len(rows)}" in err


def test_the_ticker_shows_the_moves_of_the_batch_and_steps_say_what_they_do(capsys):
    shown = bar(4, "games", enabled=True)
    ticker = Ticker(shown)
    ticker.reset("batch 2/3")
    ticker(None)  # the first move of the batch is shown at once
    assert shown.postfix == "batch 2/3: move 1"
    shown.close()
    with step("computing bootstrap intervals", enabled=False):
        pass
    with step("writing the report"):
        pass
    assert capsys.readouterr().err.endswith("writing the report...\n")
