"""The shape of the code (issue 29): no import cycle anywhere, modules depend downwards only, and
every game package has the same table of contents.

The import graph is read from the source with ``ast``: every ``import`` and ``from ... import``
counts, at module level, inside functions and inside ``if TYPE_CHECKING:`` blocks alike (an
annotation that needs the game module is still an arrow back to it). A module is a node; an
arrow goes to the module a statement names (``from .state import X`` -> ``state``; ``from . import
stats`` -> ``stats``; a name that is not a module -> the package that holds it). Importing a
module implicitly runs its parents' ``__init__``; that arrow is not drawn (it is the package
reading its own table of contents, not a dependency).

``florentine_envs/agents`` and ``florentine_envs/training`` are links to the top-level ``agents/``
and ``training/`` folders; both spellings name one node (``florentine_envs.agents.x``).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: the real folders of the three import roots (the links inside florentine_envs are not walked twice)
SOURCES = {"florentine_envs": ROOT / "florentine_envs", "florentine_envs.agents": ROOT / "agents",
           "florentine_envs.training": ROOT / "training"}  # fmt: skip
#: old spellings of the same modules (the deprecated top-level packages)
ALIASES = {"agents": "florentine_envs.agents", "training": "florentine_envs.training"}


def module_files() -> dict[str, tuple[Path, bool]]:
    """Module name -> (its file, whether it is a package ``__init__``)."""
    found = {}
    for prefix, folder in SOURCES.items():
        for path in sorted(folder.rglob("*.py")):
            rel = path.relative_to(folder)
            if prefix == "florentine_envs" and rel.parts[0] in ("agents", "training"):
                continue  # the links: walked from their real folders
            parts = list(rel.with_suffix("").parts)
            package = parts[-1] == "__init__"
            name = ".".join([prefix, *(parts[:-1] if package else parts)])
            found[name] = (path, package)
    return found


def canonical(name: str) -> str:
    for old, new in ALIASES.items():
        if name == old or name.startswith(old + "."):
            return new + name[len(old):]
    return name


def import_graph(modules: dict[str, tuple[Path, bool]] | None = None) -> dict[str, dict[str, int]]:
    """Module -> {module it imports: line of the first such statement}, our modules only."""
    modules = module_files() if modules is None else modules

    def known(name: str) -> str | None:
        name = canonical(name)
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, dict[str, int]] = {}
    for name, (path, package) in modules.items():
        edges: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".")[: len(name.split(".")) - node.level + (1 if package else 0)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module
                # ``from pkg import sub`` names the submodule when there is one, else pkg itself
                targets = [f"{source}.{alias.name}" if canonical(f"{source}.{alias.name}") in modules else source
                           for alias in node.names]  # fmt: skip
            for target in targets:
                found = known(target)
                if found is not None and found != name:
                    edges.setdefault(found, node.lineno)
        graph[name] = edges
    return graph


def find_cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One cycle (a list of modules, first repeated last) per strongly connected component of
    more than one module (Tarjan's algorithm, iterative: the graph has ~400 nodes)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(set(component))
    return [shortest_cycle(graph, component) for component in components]


def shortest_cycle(graph: dict[str, dict[str, int]], component: set[str]) -> list[str]:
    """The shortest cycle through the component's first module (breadth first inside it)."""
    start = min(component)
    parents = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node]):
                if child == start:
                    path = [node]
                    while parents[path[-1]] is not None:
                        path.append(parents[path[-1]])
                    return [start, *reversed(path[:-1]), start] if len(path) > 1 else [start, node, start]
                if child in component and child not in parents:
                    parents[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a strongly connected component always has one


def describe_cycle(graph: dict[str, dict[str, int]], cycle: list[str], modules, root: Path = ROOT) -> str:
    """The cycle on one line, then each arrow with the file and line of its import statement."""
    arrows = [f"  {a} -> {b}  ({modules[a][0].relative_to(root)}:{graph[a][b]})" for a, b in zip(cycle, cycle[1:])]
    return "import cycle: " + " -> ".join(cycle) + "\n" + "\n".join(arrows)


#: the layers, lowest first: a module may import its own layer and the ones below, never above.
#: (pattern on the module name, layer); the first pattern that matches decides.
LAYERS = [
    (r"florentine_envs\.core(\..*)?", 0),
    (r"florentine_envs\.(data_schema|pictures(\..*)?)", 1),
    (r"florentine_envs\.games\..+", 2),
    (r"florentine_envs\.games", 3),
    (r"florentine_envs\.(\w+_v\d+|vector|testing)", 4),
    (r"florentine_envs", 5),
    (r"florentine_envs\.agents(\..*)?", 6),
    (r"florentine_envs\.training(\..*)?", 7),
]
LAYER_NAMES = ["core", "data_schema/pictures", "a game package", "the games registry",
               "env modules", "florentine_envs", "agents", "training"]  # fmt: skip


def layer(name: str) -> int:
    for pattern, rank in LAYERS:
        if re.fullmatch(pattern, name):
            return rank
    raise AssertionError(f"{name}: in no layer of tests/test_layout.py; add it to LAYERS")


def game_of(name: str) -> str | None:
    """The game package a module belongs to (``florentine_envs.games.<game>...``), else None."""
    parts = name.split(".")
    return parts[2] if len(parts) > 3 or (len(parts) == 3 and parts[:2] == ["florentine_envs", "games"]
                                          and not name.endswith(".redraw")) else None  # fmt: skip


def layering_violations(graph: dict[str, dict[str, int]], modules) -> list[str]:
    wrong = []
    for source, targets in graph.items():
        for target, line in targets.items():
            where = f"{modules[source][0].relative_to(ROOT)}:{line}"
            if layer(target) > layer(source):
                wrong.append(f"{source} ({LAYER_NAMES[layer(source)]}) imports {target} "
                             f"({LAYER_NAMES[layer(target)]}, a layer above) at {where}")  # fmt: skip
            elif game_of(source) and game_of(target) and game_of(source) != game_of(target):
                wrong.append(f"{source} imports another game's module {target} at {where}")
    return wrong


# ------------------------------------------------------------------------------------- the tests


def test_every_module_imports():
    """The graph is drawn from files; this proves those files are the modules Python loads (an
    unimportable module would hide its arrows). Optional extras absent here are named."""
    optional = {"ray", "torch", "stable_baselines3", "sb3_contrib", "torchrl", "tianshou", "drawsvg", "resvg_py"}
    names = sorted(module_files())
    assert len(names) > 150
    for name in names:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if (error.name or "").split(".")[0] not in optional:
                raise
    walked = {info.name for info in pkgutil.walk_packages([str(ROOT / "florentine_envs")], "florentine_envs.")}
    assert walked - set(names) == set(), "modules Python finds that the graph misses"


def test_no_import_cycle():
    modules = module_files()
    graph = import_graph(modules)
    cycles = find_cycles(graph)
    assert not cycles, "\n".join(describe_cycle(graph, cycle, modules) for cycle in cycles)


def test_modules_depend_downwards():
    """core < data_schema, pictures < game packages < the registry < env modules < florentine_envs
    < agents < training, and no game package imports another."""
    modules = module_files()
    assert layering_violations(import_graph(modules), modules) == []


def test_cycle_check_names_a_back_import(tmp_path):
    """The check fails on a back-import, naming the cycle and the line (here: a state module that
    imports the game module for an annotation, the pattern issue 29 removed)."""
    package = tmp_path / "florentine_envs" / "games" / "toy"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("from .toy import Toy\n")
    (package / "state.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .toy import Toy\n")
    (package / "toy.py").write_text("def make():\n    from .state import State\n")
    modules = {"florentine_envs.games.toy": (package / "__init__.py", True),
               "florentine_envs.games.toy.state": (package / "state.py", False),
               "florentine_envs.games.toy.toy": (package / "toy.py", False)}  # fmt: skip
    graph = import_graph(modules)
    cycles = find_cycles(graph)
    assert cycles == [["florentine_envs.games.toy.state", "florentine_envs.games.toy.toy",
                       "florentine_envs.games.toy.state"]]  # fmt: skip
    text = describe_cycle(graph, cycles[0], modules, root=tmp_path)
    assert "florentine_envs/games/toy/state.py:3" in text and "florentine_envs/games/toy/toy.py:2" in text


# ------------------------------------------------------------------ the table of contents


#: every game package's modules, in the order its ``__init__`` docstring lists them (issue 29)
REQUIRED = ["state.py", "constants.py", "data.py", "schema.py", "setup.py", ("rules.py", "rules/"), "masks.py",
            "observation.py", "presentation.py", "picture.py", "{game}.py", "reference/", "SPEC.md",
            "DESIGN_NOTES.md"]  # fmt: skip
GAMES = sorted(p.name for p in (ROOT / "florentine_envs" / "games").iterdir() if (p / "__init__.py").is_file())
TOC_ENTRY = re.compile(r"^\* ``([\w./]+)``", re.MULTILINE)


def table_of_contents(game: str) -> list[str]:
    doc = ast.get_docstring(ast.parse((ROOT / "florentine_envs" / "games" / game / "__init__.py").read_text()))
    return TOC_ENTRY.findall(doc or "")


def test_games_are_the_five():
    assert GAMES == ["firenze", "florenza", "florenza_cards", "medici", "princes"]


@pytest.mark.parametrize("game", GAMES)
def test_game_package_has_the_table_of_contents(game):
    folder = ROOT / "florentine_envs" / "games" / game
    listed = table_of_contents(game)
    positions = []
    for entry in REQUIRED:
        choices = [entry] if isinstance(entry, str) else list(entry)
        choices = [c.format(game=game) for c in choices]
        present = [c for c in choices if (folder / c.rstrip("/")).exists()]
        assert present, f"{game}: no {' or '.join(choices)} in {folder.relative_to(ROOT)}"
        assert present[0] in listed, f"{game}: {present[0]} is not in the __init__ docstring's table of contents"
        positions.append(listed.index(present[0]))
    assert positions == sorted(positions), f"{game}: the table of contents is not in the order {REQUIRED}: {listed}"
    assert (folder / "reference" / "__init__.py").is_file(), f"{game}: reference/ is not a package"


@pytest.mark.parametrize("game", GAMES)
def test_table_of_contents_lists_every_module(game):
    folder = ROOT / "florentine_envs" / "games" / game
    listed = table_of_contents(game)
    modules = {p.name for p in folder.glob("*.py") if p.name != "__init__.py"}
    modules |= {p.name + "/" for p in folder.iterdir() if (p / "__init__.py").is_file()}
    assert modules - set(listed) == set(), f"{game}: modules missing from the __init__ docstring"
    assert [e for e in listed if not (folder / e.rstrip("/")).exists()] == [], f"{game}: listed but absent"
    assert len(listed) == len(set(listed)), f"{game}: an entry is listed twice"


@pytest.mark.parametrize("game", GAMES)
def test_state_module_imports_only_constants(game):
    """``state.py`` declares the state: of the game it imports nothing but ``constants.py``."""
    modules = module_files()
    graph = import_graph(modules)
    package = f"florentine_envs.games.{game}"
    own = [t for t in graph[f"{package}.state"] if t.startswith(package + ".")]
    assert own in ([], [f"{package}.constants"]), f"{game}: state.py imports {own}"
