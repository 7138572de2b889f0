"""Pages of the documentation generated from the games themselves (run by mkdocs-gen-files at build
time; ``mkdocs.yml`` names it): a page per registered game, a picture of each, the games' spec and
notes files, and the changelog of the environment versions.

Everything a page says about a game is read from the game: player counts and options from the
registry and the factory's signature, the allowed values from the ``ValueError`` a bad value gets
(so the page cannot drift from the check), actions, observation fields and per-action features
(names, bounds, the game's line on each; no section for a game without them) from an instance, the
provenance from the data files, the version history from the environment modules' docstrings.
``tests/test_docs.py`` checks the functions on every game; ``make docs`` builds the site.
"""

from __future__ import annotations

import importlib
import inspect
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # this checkout's package, not another copy installed in the venv
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import florentine_envs  # noqa: E402
from florentine_envs.core import registry  # noqa: E402

TITLES = {
    "medici": "Medici: The Card Game",
    "firenze": "Firenze",
    "florenza_cards": "Florenza: The Card Game",
    "florenza": "Florenza (board game, 2nd edition)",
    "princes": "The Princes of Florence",
    "princes_solo": "The Princes of Florence: solo game",
}
AUTHORS = {
    "medici": "Reiner Knizia",
    "firenze": "Andreas Steding",
    "florenza_cards": "Placentia Games",
    "florenza": "Placentia Games (Groppi)",
    "princes": "Wolfgang Kramer and Richard Ulrich",
    "princes_solo": "Wolfgang Kramer and Richard Ulrich; solo rules with the Automa 'Wolfgang'",
}
NOTES = ("SPEC.md", "DESIGN_NOTES.md", "DATA_NOTES.md", "COOP_NOTES.md")  # copied as pages, in this order
NOTE_TITLES = {
    "SPEC.md": "encoding specification",
    "DESIGN_NOTES.md": "design notes (readings of unclear rules)",
    "DATA_NOTES.md": "data notes (reconstructed components)",
    "COOP_NOTES.md": "cooperative building notes",
}
TAGS = ("rulebook", "public", "reconstructed")
SENTINEL = "__not_a_value__"  # a value no option accepts: its ValueError names the allowed ones
LISTED_ACTIONS = 40  # up to this many actions the table lists each one; more are grouped


def factory(name: str):
    return registry._REGISTRY[name]


def game_package(name: str) -> Path:
    """The folder of the game's package (Princes solo shares the Princes package)."""
    return Path(inspect.getfile(factory(name))).parent


def env_module(name: str):
    return importlib.import_module(f"florentine_envs.{registry.env_module(name)}")


def gymnasium_id(name: str) -> str | None:
    import gymnasium

    ids = [key for key, spec in gymnasium.registry.items() if spec.kwargs.get("game") == name]
    return ids[0] if ids else None


def md(text: str) -> str:
    """reST-style inline markup of the docstrings (``code``, :mod:`x`) as Markdown."""
    text = re.sub(r":(?:mod|class|func|meth|attr):`~?([^`]+)`", r"`\1`", text)
    return text.replace("``", "`")


def docstring_paragraph(doc: str, start: str) -> str:
    """The paragraph of ``doc`` that begins with ``start`` (empty if none)."""
    for paragraph in re.split(r"\n\s*\n", doc):
        if paragraph.lstrip().startswith(start):
            return " ".join(line.strip() for line in paragraph.splitlines())
    return ""


def allowed_values(name: str, option: str) -> str:
    """The values ``option`` takes, as the game's own check states them (its ValueError)."""
    players = registry.player_counts(name)[0]
    try:
        florentine_envs.make(name, num_players=players, **{option: SENTINEL})
    except ValueError as error:
        message = str(error)
    else:
        return "any"
    if "allowed only with solo=True" in message:
        return "with `solo=True` only (see `princes_solo`)"
    if "must be True or False" in message:
        return "`True`, `False`"
    if "positive integer" in message:
        return "a positive integer"
    if "cannot be read as JSON" in message:
        return "a dict patch, or the path of a JSON file" if option == "data" else "the path of a JSON file"
    if "allowed: " in message:
        allowed = message.split("allowed: ", 1)[1]
        return re.sub(r"'([^']*)'", r"`'\1'`", allowed)
    return message


def options_text(name: str) -> str:
    """What the options mean, as the environment module's or the game class's docstring says it."""
    for doc in (inspect.getdoc(env_module(name)) or "", inspect.getdoc(factory(name)) or ""):
        for paragraph in re.split(r"\n\s*\n", doc):
            if "Options:" in paragraph:
                text = " ".join(line.strip() for line in paragraph.splitlines())
                return md(text[text.index("Options:") :])
    return ""


def options_table(name: str) -> list[str]:
    """Rows of the options table: option, default (the instance's value where the signature gives
    None), allowed values."""
    params = inspect.signature(factory(name)).parameters
    players = registry.player_counts(name)[-1]
    effective = florentine_envs.make(name, num_players=players).options
    rows = ["| option | default | allowed values |", "|---|---|---|"]
    for option in registry.option_names(name) or ():
        default = params[option].default if option in params else None
        shown = f"`{default!r}`"
        if default is None and option in effective:
            shown = f"`None` ({effective[option]!r} at {players} players)"
        elif default is None:
            shown = "none"
        rows.append(f"| `{option}` | {shown} | {allowed_values(name, option)} |")
    return rows


def action_groups(names: list[str]) -> list[tuple[str, list[int]]]:
    """Consecutive actions that share their first word, in id order."""
    groups: list[tuple[str, list[int]]] = []
    for index, action in enumerate(names):
        word = action.split("_", 1)[0]
        if groups and groups[-1][0] == word:
            groups[-1][1].append(index)
        else:
            groups.append((word, [index]))
    return groups


def actions_section(game) -> list[str]:
    names = list(game.action_names)
    lines = [
        f"`Discrete({len(names)})`; the legal ones are the mask (`obs['action_mask']`, "
        "`state.legal_action_mask`). A decision with one legal action is played by the engine itself."
    ]
    lines.append("")
    if len(names) <= LISTED_ACTIONS:
        lines += ["| id | action |", "|---:|---|"] + [f"| {i} | `{a}` |" for i, a in enumerate(names)]
        return lines
    lines += ["| ids | group | count | first and last |", "|---|---|---:|---|"]
    for word, ids in action_groups(names):
        span = f"{ids[0]}" if len(ids) == 1 else f"{ids[0]}–{ids[-1]}"
        ends = f"`{names[ids[0]]}`" if len(ids) == 1 else f"`{names[ids[0]]}` … `{names[ids[-1]]}`"
        lines.append(f"| {span} | `{word}` | {len(ids)} | {ends} |")
    lines += ["", f'??? note "All {len(names)} actions"', "", "    ```text"]
    lines += [f"    {i:4d}  {a}" for i, a in enumerate(names)]
    lines += ["    ```"]
    return lines


def bounds_text(low, high) -> str:
    low, high = np.asarray(low, float), np.asarray(high, float)
    lo, hi = float(low.min()), float(high.max())
    text = f"[{lo:g}, {hi:g}]"
    if low.size > 1 and (low.min() != low.max() or high.min() != high.max()):
        text += " (per entry)"
    return text


def observation_section(game) -> list[str]:
    bounds = game.obs_field_bounds()
    lines = [f"`Box` of float32, {game.obs_size} entries at {game.num_players} player(s), in the order below "
             "(`game.obs_layout[name]` is each field's slice; `game.obs_bounds` the per-entry bounds, "
             "which the conformance checker holds play to).", "",
             "| field | entries | bounds |", "|---|---:|---|"]  # fmt: skip
    for field, where in game.obs_layout.items():
        size = where.stop - where.start
        shown = bounds_text(*bounds[field]) if field in bounds else ""
        lines.append(f"| `{field}` | {size} | {shown} |")
    return lines


def action_features_section(game) -> list[str]:
    """The game's per-action features (``Game.action_features``): name, bounds and the game's own
    line on each (``action_feature_docs``); no lines for a game without them."""
    fields = game.action_feature_fields()
    if not fields:
        return []
    docs = game.action_feature_docs()
    A, F = game.num_actions, len(fields)
    lines = [f"`game.action_features(state, players)` is float32[B, {A}, {F}] at {game.num_players} player(s): "
             "for every action, what it is and what it would do as far as the player knows it; the row of an "
             "action that is not legal for that player now is zero, and re-drawing what he cannot see changes "
             "nothing. The PettingZoo and Gymnasium envs add it to the observation with `action_features=True` "
             "(`obs[\"action_features\"]`, see [the interop guide](../guides/interop.md#per-action-features)). "
             "The columns, in order (`game.action_feature_names`; bounds: `game.action_feature_bounds`):", "",
             "| # | feature | bounds | meaning |", "|---:|---|---|---|"]  # fmt: skip
    for index, (feature, (low, high)) in enumerate(fields.items()):
        meaning = md(" ".join(docs.get(feature, "").split())).replace("|", "\\|")
        lines.append(f"| {index} | `{feature}` | [{float(low):g}, {float(high):g}] | {meaning} |")
    return lines


def provenance_entries(data) -> list[tuple[str, str, str]]:
    """``(section, tag, note)`` for every provenance statement of a data file, whichever of the
    files' layouts it uses: a ``provenance`` string on the file or a section, or a ``provenance``
    table naming sections (string or ``{"provenance", "source"}``)."""
    found: list[tuple[str, str, str]] = []

    def tag_of(text: str) -> str:
        first = text.split()[0].strip("(:,;") if text.split() else ""
        return first if first in TAGS else "?"

    def walk(node, path: str) -> None:
        if isinstance(node, dict):
            statement = node.get("provenance")
            if isinstance(statement, str):
                note = node.get("source") or node.get("rationale") or statement
                found.append((path or "(whole file)", tag_of(statement), str(note)))
            elif isinstance(statement, dict):
                for section, value in statement.items():
                    if isinstance(value, str):
                        found.append((section, tag_of(value), value))
                    elif isinstance(value, dict) and isinstance(value.get("provenance"), str):
                        found.append((section, tag_of(value["provenance"]), str(value.get("source", ""))))
            for key, value in node.items():
                if key != "provenance":
                    walk(value, f"{path}.{key}" if path else key)
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{path}[{index}]")

    walk(data, "")
    return found


def short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split()).replace("|", "/")
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def provenance_section(name: str) -> list[str]:
    lines = ["Every component table is tagged: `rulebook` (printed in the rulebook), `public` (a cited public "
             "source, facts only) or `reconstructed` (published nowhere we have: designed to fit every rule, "
             "with the reasoning beside it). Counts of the tagged sections in each data file:", ""]  # fmt: skip
    for path in sorted(game_package(name).glob("*.json")):
        entries = provenance_entries(json.loads(path.read_text()))
        if not entries:
            continue
        counts = ", ".join(f"{sum(tag == t for _, tag, _ in entries)} {t}" for t in TAGS)
        lines += [f"**`{path.name}`**: {counts}.", "", '??? note "Sections and their sources"', "",
                  "    | section | provenance | source or reasoning (start) |", "    |---|---|---|"]  # fmt: skip
        lines += [f"    | `{section}` | {tag} | {short(note)} |" for section, tag, note in entries]
        lines.append("")
    lines.append("`data=` (a dict patch or a path) overrides any value; balance studies change them with "
                 "`--set data.PATH=VALUE` ([balance guide](../guides/balance.md)).")  # fmt: skip
    return lines


def changelog(name: str) -> str:
    """The changelog of the game's environment module docstring, as Markdown (doctests left out)."""
    doc = inspect.getdoc(env_module(name)) or ""
    if "Changelog" not in doc:
        return ""
    text = doc[doc.index("Changelog") :]
    kept = []
    skipping = False
    for line in text.splitlines():
        if line.strip().startswith(">>>"):
            skipping = True
            continue
        if skipping and line.strip() and line.startswith("    "):
            continue  # a doctest's expected output
        skipping = False
        kept.append(line)
    return md("\n".join(kept).strip())


def note_pages(name: str) -> list[str]:
    package = game_package(name)
    return [note for note in NOTES if (package / note).exists()]


def notes_owner(name: str) -> str:
    """The game whose pages carry the notes of ``name``'s package (Princes solo: the Princes')."""
    return min((g for g in florentine_envs.available_games() if game_package(g) == game_package(name)), key=len)


def note_slug(note: str) -> str:
    return note.removesuffix(".md").lower().replace("_", "-")


def picture_state(game, seed: int = 3, moves: int = 60):
    """A single game ``moves`` decisions into play of the game's heuristic (random where none)."""
    from florentine_envs.agents import available_agents, make_agent

    state = game.init(np.array([seed], dtype=np.uint64))
    agent = make_agent("heuristic" if "heuristic" in available_agents(game) else "random", game, seed)
    for _ in range(moves):
        if state.terminated[0]:
            break
        state = game.step(state, agent.act(game.observe(state, state.current_player), state.legal_action_mask))
    return state


def picture_players(name: str) -> int:
    counts = registry.player_counts(name)
    return 3 if 3 in counts else counts[0]


def game_page(name: str) -> str:
    cls = factory(name)
    counts = registry.player_counts(name)
    players = counts[-1]
    game = florentine_envs.make(name, num_players=players)
    module = env_module(name)
    module_name = module.__name__.rsplit(".", 1)[1]
    gym = gymnasium_id(name)
    from florentine_envs.agents import available_agents

    agents = ", ".join(f"`{a}`" for a in available_agents(game))
    counts_text = ", ".join(map(str, counts))
    lines = [f"# {TITLES.get(name, name)}", "",
             f"![{TITLES.get(name, name)}, {picture_players(name)} player(s), after 60 decisions of heuristic play]"
             f"({name}.svg)", "",
             "| | |", "|---|---|",
             f"| registry name | `florentine_envs.make(\"{name}\", num_players=...)` |",
             f"| PettingZoo | `from florentine_envs import {module_name}` (`{module_name}.env()`, `.parallel_env()`) |",
             f"| Gymnasium | `gymnasium.make(\"{gym}\")`, `gymnasium.make_vec(\"{gym}\", num_envs=...)` |",
             f"| version | {cls.version} ([changelog](../changelog.md#{name})) |",
             f"| players | {counts_text} |",
             f"| designers | {AUTHORS.get(name, '')} |",
             f"| actions | {game.num_actions} |",
             f"| observation | {game.obs_size} float32 at {players} player(s) |",
             f"| agents | {agents} (`florentine_envs.agents.make_agent(name, game)`) |",
             "| rulebook | `shared/rules/` (see [the rulebooks](../guides/testing.md#the-rulebooks)) |",
             ""]  # fmt: skip
    about = inspect.getdoc(module) or ""
    intro = about.split("\n\n", 1)[0]
    lines += [md(intro), ""]
    lines += ["## Options", "", options_text(name), ""]
    lines += options_table(name) + [""]
    lines += ["A bad value raises `ValueError` naming the allowed ones (the column above is read from those "
              "messages).", ""]  # fmt: skip
    lines += ["## Actions", ""] + actions_section(game) + [""]
    lines += ["## Observation", ""] + observation_section(game) + [""]
    lines += ["The dict observation is `{\"observation\": Box, \"action_mask\": int8[A]}`; `obs_type=\"flat\"` "
              "gives the `Box` alone with the mask in `infos[agent][\"action_mask\"]`. `env.state()` is every "
              "player's observation, seat 0's first (a centralised critic's input).", ""]  # fmt: skip
    features = action_features_section(game)
    if features:
        lines += ["## Per-action features", ""] + features + [""]
    lines += ["## Rewards", ""]
    solo = docstring_paragraph(about, "Options:")
    if name == "princes_solo" and "reward" in solo:
        lines += [md(solo[solo.index("``reward``") :].split("), ``data``")[0] + ")."), ""]
    else:
        lines += ["Terminal and zero-sum with the default `reward=\"win\"`: the winners share +1, the others "
                  "share −1, all tied gives 0; `reward=\"score\"` gives score margins. `infos[agent]` holds the "
                  "`score` so far and the `rank` (0 until the game is over, then 1 = best; ties share). Games "
                  "cut by a turn cap are `truncated`.", ""]  # fmt: skip
    lines += ["## Readings of unclear rules and the encoding", ""]
    notes = note_pages(name)
    owner = notes_owner(name)
    lines += [f"- [{note_page_title(note)}]({owner}/{note_slug(note)}.md) (`games/{game_package(name).name}/{note}`)"
              for note in notes] + [""]  # fmt: skip
    extra = ROOT / "docs" / "game_notes" / f"{name}.md"
    if extra.exists():
        lines += ["## Notes", "", extra.read_text(), ""]
    lines += ["## Data provenance", ""] + provenance_section(name) + [""]
    history = changelog(name)
    if history:
        lines += ["## Version history", "", history, ""]
    return "\n".join(lines)


def note_page_title(note: str) -> str:
    return NOTE_TITLES.get(note, note)


def games_index() -> str:
    lines = ["# Games", "",
             "Each page is generated from the game itself when the site is built (`docs/gen_pages.py`): "
             "options and their allowed values, actions, observation fields with their bounds, data "
             "provenance, version history, and a picture drawn by `florentine_envs.pictures.picture_svg`.", "",
             "| game | registry name | players | version | actions | options |",
             "|---|---|---|---:|---:|---|"]  # fmt: skip
    for name in florentine_envs.available_games():
        game = florentine_envs.make(name, num_players=registry.player_counts(name)[-1])
        options = ", ".join(f"`{o}`" for o in registry.option_names(name) or () if o not in ("reward", "data"))
        counts = registry.player_counts(name)
        span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        lines.append(f"| [{TITLES.get(name, name)}]({name}.md) | `{name}` | {span} | v{factory(name).version} | "
                     f"{game.num_actions} | {options} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def changelog_page() -> str:
    lines = ["# Changelog of the environments", "",
             "Each game's environment module is `florentine_envs.<game>_v<version>`; its version is the game's, "
             "bumped whenever behaviour, actions or observations change (PettingZoo's convention), and a replaced "
             "module raises PettingZoo's `DeprecatedEnv` naming its successor. The Gymnasium ids "
             "(`florentine/Medici-v1`, ...) follow the same numbers. Collected from the modules' docstrings.",
             ""]  # fmt: skip
    for name in florentine_envs.available_games():
        lines += [f"## {name}", "", f"{TITLES.get(name, name)}: current `{registry.env_module(name)}`.", "",
                  changelog(name) or "No changes since the first release.", ""]  # fmt: skip
    return "\n".join(lines)


#: the marker in docs/guides/game-authors.md that the layout section replaces at build time
LAYOUT_MARKER = "<!-- package layout: generated by docs/gen_pages.py -->"
#: the game whose package the guide shows whole, as the template for a sixth game
TEMPLATE_GAME = "florenza_cards"
TOC_ENTRY = re.compile(r"^\* ``([\w./]+)`` -- (.*)$")


def table_of_contents(folder: Path) -> list[tuple[str, str]]:
    """``(entry, description)`` of a game package's ``__init__`` docstring, its table of contents
    (one bullet per module: ``* ``state.py`` -- ...``, continuation lines indented)."""
    doc = inspect.cleandoc(importlib.import_module(f"florentine_envs.games.{folder.name}").__doc__ or "")
    entries: list[tuple[str, str]] = []
    for line in doc.splitlines():
        found = TOC_ENTRY.match(line)
        if found:
            entries.append((found[1], found[2].strip()))
        elif entries and line.startswith("  ") and line.strip():
            entries[-1] = (entries[-1][0], entries[-1][1] + " " + line.strip())
        elif entries and not line.strip():
            break
    return entries


def line_count(path: Path) -> int:
    """Lines of a module, or of every ``.py`` file of a folder."""
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return sum(len(f.read_text().splitlines()) for f in files)


def layout_section() -> str:
    """The layout of a game package, read from the packages: the template game's table of
    contents (its ``__init__`` docstring, with line counts) and the five packages side by side."""
    games_dir = ROOT / "florentine_envs" / "games"
    folder = games_dir / TEMPLATE_GAME
    lines = [f"The table of contents of `florentine_envs/games/{TEMPLATE_GAME}/`, read from its `__init__` "
             "docstring (every package has one in this order; `tests/test_layout.py` checks it):", "",
             "| module | lines | what it holds |", "|---|---:|---|"]  # fmt: skip
    for entry, text in table_of_contents(folder):
        path = folder / entry.rstrip("/")
        lines.append(f"| `{entry}` | {line_count(path) if path.suffix != '.md' else ''} | {md(text)} |")
    games = sorted(p.name for p in games_dir.iterdir() if (p / "__init__.py").is_file())
    lines += ["", "The five packages (lines of Python per entry; a game may add modules of its own, listed "
              "in its table of contents at their place):", "",
              "| game | " + " | ".join(f"`{e}`" for e in LAYOUT_COLUMNS) + " | others |",
              "|---|" + "---:|" * (len(LAYOUT_COLUMNS) + 1)]  # fmt: skip
    for game in games:
        entries = [e for e, _ in table_of_contents(games_dir / game)]
        cells = []
        for column in LAYOUT_COLUMNS:
            found = [e for e in entries if e in (column, column.replace(".py", "/"))]
            name = column.replace("{game}", game)
            found = found or [e for e in entries if e in (name, name.replace(".py", "/"))]
            cells.append(str(line_count(games_dir / game / found[0].rstrip("/"))) if found else "")
        known = {c.replace("{game}", game) for c in LAYOUT_COLUMNS}
        others = [e for e in entries if e.endswith((".py", "/")) and e not in known
                  and e not in {k.replace(".py", "/") for k in known}]  # fmt: skip
        lines.append(f"| {game} | " + " | ".join(cells) + " | " + ", ".join(f"`{e}`" for e in others) + " |")
    return "\n".join(lines) + "\n"


#: the columns of the side-by-side table (``{game}.py``: the game module)
LAYOUT_COLUMNS = ["state.py", "constants.py", "data.py", "schema.py", "setup.py", "rules.py", "masks.py",
                  "observation.py", "presentation.py", "picture.py", "{game}.py", "reference/"]  # fmt: skip


def game_authors_page() -> str:
    text = (ROOT / "docs" / "guides" / "game-authors.md").read_text()
    if LAYOUT_MARKER not in text:
        raise ValueError(f"docs/guides/game-authors.md lost its marker {LAYOUT_MARKER!r}")
    return text.replace(LAYOUT_MARKER, layout_section())


def write_pages() -> None:
    import mkdocs_gen_files

    from florentine_envs.pictures import picture_svg

    with mkdocs_gen_files.open("games/index.md", "w") as out:
        out.write(games_index())
    with mkdocs_gen_files.open("changelog.md", "w") as out:
        out.write(changelog_page())
    with mkdocs_gen_files.open("guides/game-authors.md", "w") as out:
        out.write(game_authors_page())
    for name in florentine_envs.available_games():
        with mkdocs_gen_files.open(f"games/{name}.md", "w") as out:
            out.write(game_page(name))
        game = florentine_envs.make(name, num_players=picture_players(name))
        with mkdocs_gen_files.open(f"games/{name}.svg", "w") as out:
            out.write(picture_svg(game, picture_state(game), 0, None))
        if notes_owner(name) != name:
            continue
        for note in note_pages(name):
            with mkdocs_gen_files.open(f"games/{name}/{note_slug(note)}.md", "w") as out:
                out.write((game_package(name) / note).read_text())


if __name__ in ("__main__", "<run_path>"):  # mkdocs-gen-files runs it with runpy.run_path
    write_pages()
