"""The package's own namespace: a user's ``agents/`` and ``training/`` folders (common in RL
projects) shadow nothing of ours, and the wheel installs nothing named ``agents`` or
``training`` at the top of site-packages (issue 20, item 5)."""

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from test_readme import all_snippets, missing_libraries

ROOT = Path(__file__).resolve().parents[1]

# Runs each snippet in a fresh namespace; ``import agents`` first proves the folder's own packages
# are the ones on the path (else the test would pass without testing anything).
RUNNER = """
import json, sys, warnings
import agents, training
assert agents.OWNER == training.OWNER == "user", (agents.__file__, training.__file__)
warnings.simplefilter("ignore")
for index, snippet in enumerate(json.load(open(sys.argv[1]))):
    print(f"snippet {index}", flush=True)
    exec(compile(snippet, f"documentation snippet {index}", "exec"), {"__name__": "__main__"})
print("all snippets ran")
"""


def user_project(folder: Path) -> Path:
    """A user's project folder with packages of its own named ``agents`` and ``training``."""
    for name in ("agents", "training"):
        (folder / name).mkdir(parents=True)
        (folder / name / "__init__.py").write_text(f'"""The user\'s own {name}."""\nOWNER = "user"\n')
    return folder


def run_in(folder: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    # PYTHONPATH: this checkout's florentine_envs (the venv may hold another copy); the folder still
    # comes first on sys.path (as '' for -c and -m), where it shadows the checkout's agents/ and training/
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, *args], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip


def test_every_documented_snippet_runs_from_a_folder_with_its_own_agents_and_training(tmp_path):
    folder = user_project(tmp_path / "project")
    snippets = [code for _, code in all_snippets()]  # the README's and the documentation pages'
    assert len(snippets) >= 8
    snippets = [s for s in snippets if not missing_libraries(s)]  # e.g. TorchRL's, where it is not installed
    (tmp_path / "snippets.json").write_text(json.dumps(snippets))
    done = run_in(folder, "-c", RUNNER, str(tmp_path / "snippets.json"))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert done.stdout.rstrip().endswith("all snippets ran")


def test_the_command_line_runs_from_a_folder_with_its_own_agents_and_training(tmp_path):
    done = run_in(user_project(tmp_path), "-m", "florentine_envs.training.cli", "--help", timeout=120)
    assert done.returncode == 0, done.stderr[-4000:]
    for command in ("play", "demo", "tournament", "balance", "bench", "train"):
        assert command in done.stdout


def test_the_wheel_has_no_top_level_agents_or_training(tmp_path):
    # a copy of what the wheel is built from, so that the build leaves nothing in the checkout
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("florentine_envs", "agents", "training"):  # florentine_envs/agents -> ../agents
        shutil.copytree(ROOT / name, source / name, symlinks=True, ignore=skip)
    build = ("import sys; from setuptools import build_meta; "
             "print(build_meta.build_wheel(sys.argv[1]))")  # fmt: skip  # what pip wheel --no-deps does, offline
    done = subprocess.run([sys.executable, "-c", build, str(tmp_path)], cwd=source, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    wheel = tmp_path / done.stdout.strip().splitlines()[-1]
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (top_level,) = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        assert archive.read(top_level).decode().split() == ["florentine_envs"]
    assert {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")} == {
        "florentine_envs"
    }
    # the agents and the command line are in it, under the project's own name
    assert {"florentine_envs/agents/__init__.py", "florentine_envs/training/cli.py"} <= set(names)
    # and every shipped learned policy with its README (package data)
    policies = {f"florentine_envs/agents/policies/{p.name}" for p in (ROOT / "agents" / "policies").iterdir()}
    assert policies and policies <= set(names)
