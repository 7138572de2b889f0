"""Every ``florentine`` subcommand on the core install (no extras): it runs and writes its results,
or refuses at once with exit code 2 and the extra to install, never a traceback after the games.

The extras are hidden by ``sys.modules[name] = None`` (an import of the name then raises
ImportError and ``importlib.util.find_spec`` finds nothing), for the module and every submodule
already imported, so a module imported earlier in the test process does not leak through.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from florentine_envs.training import cli
from florentine_envs.training.extras import EXTRA_OF, installed

ROOT = Path(__file__).resolve().parents[1]
# every optional module the package uses: the extras of pyproject.toml and the bench peers
OPTIONAL = sorted(EXTRA_OF) + ["rlcard", "pyspiel"]


def hide(monkeypatch, *modules):
    for name in list(sys.modules):
        if name.split(".")[0] in modules:
            monkeypatch.setitem(sys.modules, name, None)
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)


@pytest.fixture
def core_install(monkeypatch):
    hide(monkeypatch, *OPTIONAL)
    assert not any(installed(name) for name in OPTIONAL)


def test_hiding_works(core_install):
    with pytest.raises(ImportError):
        import openskill  # noqa: F401
    with pytest.raises(ImportError):
        from matplotlib.figure import Figure  # noqa: F401


def test_play(core_install, capsys):
    assert cli.main(["play", "medici", "--players", "random,heuristic", "--seed", "1"]) == 0
    assert "rank 1: player_" in capsys.readouterr().out


def test_play_with_a_ppo_agent_names_the_train_extra(core_install, capsys):
    assert cli.main(["play", "medici", "--players", "human,ppo:runs/x/final.zip"]) == 2
    error = capsys.readouterr().err
    assert "florentine play with a ppo: agent needs torch, stable_baselines3, sb3_contrib" in error
    assert "pip install 'florentine-games[train]'" in error and "Traceback" not in error


def test_tournament_writes_its_results_without_ratings_and_plot(core_install, tmp_path, capsys):
    out = tmp_path / "t"
    assert cli.main(["tournament", "medici", "--agents", "heuristic,random", "--games", "8", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "skill ratings skipped: openskill is not installed" in printed
    assert "the plot tournament.png skipped: matplotlib is not installed" in printed
    assert sorted(p.name for p in out.iterdir()) == ["agents.csv", "games.csv", "seats.csv", "tournament.json"]
    data = json.loads((out / "tournament.json").read_text())
    assert data["games"] == 8 and data["rating"].startswith("skill ratings skipped: openskill")
    assert all(row["mu"] is None and row["ordinal"] is None for row in data["agents"])
    assert all(0 <= row["win_rate"] <= 1 for row in data["agents"])
    assert len((out / "games.csv").read_text().splitlines()) == 1 + 8


def test_tournament_refuses_what_needs_an_extra_before_playing(core_install, capsys):
    arguments = ["tournament", "medici", "--games", "8"]
    assert cli.main([*arguments, "--agents", "ppo:a.zip,random"]) == 2
    assert "pip install 'florentine-games[train]'" in capsys.readouterr().err
    assert cli.main([*arguments, "--agents", "heuristic,random", "--backend", "ray"]) == 2
    assert "florentine tournament --backend ray needs ray" in capsys.readouterr().err


def test_demo(core_install, tmp_path, capsys, monkeypatch):
    import florentine_envs

    monkeypatch.setattr(florentine_envs, "available_games", lambda: ["medici"])
    assert cli.main(["demo", "--games", "8", "--seconds", "0", "--out", str(tmp_path)]) == 0
    assert "the plots demo.png skipped: matplotlib is not installed" in capsys.readouterr().out
    ladder = json.loads((tmp_path / "medici" / "demo.json").read_text())["ladder"]
    assert ladder["games"] == 12 and all(row["ordinal"] is None for row in ladder["rows"])  # not rated
    assert (tmp_path / "medici" / "seats.csv").exists() and not (tmp_path / "medici" / "demo.png").exists()


def test_balance_writes_the_report_without_figures(core_install, tmp_path, capsys):
    out = tmp_path / "study"
    arguments = ["balance", "medici", "--players", "2", "--games", "6", "--out", str(out), "--no-progress"]
    assert cli.main(arguments) == 0
    assert "the report's figures skipped: matplotlib is not installed" in capsys.readouterr().out
    report = (out / "report.md").read_text()
    assert "Figures skipped: matplotlib is not installed" in report and "![" not in report
    assert (out / "report.html").exists() and (out / "summary.json").exists() and (out / "games.csv").exists()
    assert not list(out.glob("fig_*.png"))
    assert cli.main([*arguments, "--backend", "ray"]) == 2
    assert "pip install 'florentine-games[ray]'" in capsys.readouterr().err
    assert cli.main([*arguments, "--ladder", "random,ppo:x.zip"]) == 2
    assert "pip install 'florentine-games[train]'" in capsys.readouterr().err


def test_bench(core_install, tmp_path):
    path = tmp_path / "bench.json"
    arguments = ["bench", "medici", "--players", "2", "--seconds", "0.01", "--rounds", "1", "--json", str(path)]
    assert cli.main(arguments) == 0
    peers = json.loads(path.read_text())["peers"]
    assert peers and all(p["status"] == "not installed (pip install 'florentine-games[bench]')" for p in peers)


def test_train_names_the_train_extra(core_install, capsys):
    assert cli.main(["train", "medici", "--timesteps", "64"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: florentine train needs torch, stable_baselines3, sb3_contrib, tensorboard")
    assert error.rstrip().endswith("pip install 'florentine-games[train]'")


def test_learn_names_the_train_extra_and_learned_agents_play(core_install, capsys):
    assert cli.main(["learn", "medici", "--players", "2"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: florentine learn needs torch") and "florentine-games[train]" in error
    # the shipped policies are NumPy archives: they play on the core install
    assert cli.main(["play", "medici", "--players", "learned,heuristic", "--seed", "1"]) == 0
    assert "rank 1: player_" in capsys.readouterr().out


def test_train_in_a_fresh_process_is_refused_without_a_traceback():
    # the same as a user's shell: a new interpreter, torch and sb3 absent from the start
    code = (f"import sys\nfor name in {OPTIONAL!r}: sys.modules[name] = None\n"
            "from florentine_envs.training.cli import main\nsys.exit(main(['train', 'medici']))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "florentine-games[train]" in done.stderr
