"""The ``florentine`` command line: play, demo, tournament, balance, bench, train, evaluate."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table
from rich.text import Text

import florentine_envs
from florentine_envs.agents import make_agent
from florentine_envs.training.extras import install_hint, installed, skipped_note
from florentine_envs.training.playing import grouped_legal, narration_viewer, parse_options
from florentine_envs.training.progress import step

console = Console()
DEMO_GAMES = 20_000  # most games per part of a game's demo (its ladder, its seat study)
DEMO_SECONDS = 30.0  # and about this long per game: games differ a lot in speed


class MissingExtra(Exception):
    """A subcommand needs a module this install lacks (``main`` prints it and exits with 2)."""


def require(command: str, *modules: str) -> None:
    """Refuse ``command`` before it starts when one of ``modules`` is not installed, naming the
    extra that brings it (a raw ImportError minutes into a run would lose the work done)."""
    missing = [module for module in modules if not installed(module)]
    if missing:
        raise MissingExtra(f"florentine {command} needs {', '.join(missing)}, which is not installed here: "
                           f"{install_hint(*missing)}")  # fmt: skip


PPO_MODULES = ("torch", "stable_baselines3", "sb3_contrib")  # what a ppo:PATH agent loads


def require_agents(command: str, names) -> None:
    """``ppo:PATH`` agents need torch and sb3; the other agents run on the core install."""
    if any(str(name).strip().startswith("ppo:") for name in names):
        require(f"{command} with a ppo: agent", *PPO_MODULES)


def require_backend(command: str, backend: str) -> None:
    if backend == "ray":
        require(f"{command} --backend ray", "ray")


def print_written(paths: dict, notes: list[str]) -> None:
    """The files a command wrote, then what it left out on this install (e.g. plots without matplotlib)."""
    console.print(f"written: {', '.join(str(path) for path in paths.values())}")
    for note in notes:
        console.print(note)


# ------------------------------------------------------------------------------ play


def _expand_answers(words: list[str]) -> list[str]:
    """``name*3`` stands for three answers ``name``."""
    out = []
    for word in words:
        head, star, count = word.rpartition("*")
        out += [head] * int(count) if star and head and count.isdigit() and 0 < int(count) <= 100 else [word]
    return out


def answer_key(text: str) -> str:
    """The form typed answers and action names are compared in: any case, and spaces or
    underscores alike (``Build monte di pieta`` finds ``build_Monte di Pieta``)."""
    return "_".join(text.casefold().replace("_", " ").split())


def match_answer(game, state, legal: np.ndarray, answer: str) -> int | None:
    """The legal action ``answer`` names -- its number in the list, its action name or its
    description, in any case -- or None. A description shared by two legal actions names neither."""
    if answer.isascii() and answer.isdigit():
        return int(legal[int(answer) - 1]) if 1 <= int(answer) <= len(legal) else None
    key = answer_key(answer)
    for action in legal:
        if answer_key(game.action_names[action]) == key:
            return int(action)
    described = [int(a) for a in legal if answer_key(game.describe_action(state, 0, int(a))) == key]
    return described[0] if len(described) == 1 else None


HELP_WORDS = ("help", "?")


def action_help_lines(game, state, legal: np.ndarray) -> list[str]:
    """``help``: every legal action with its effect and cost and where the rulebook has it (the
    game's ``action_help``; its description where a game has none)."""
    explain = getattr(game, "action_help", None)
    lines = ["The legal actions, what each does and costs, and the rule it follows:"]
    for number, action in enumerate(legal, start=1):
        lines.append(f"  {number}. {game.describe_action(state, 0, int(action))}  [{game.action_names[action]}]")
        if explain is not None:
            lines += [f"       {line}" for line in explain(state, 0, int(action)).splitlines() if line]
    lines.append("Type a number, an action name or a description (any case), or q to quit.")
    return lines


def ask_human(game, state, seat: int, read=input, write=print, ahead: list[str] | None = None) -> int:
    """Show the numbered legal actions and read a choice until it is one of them.

    An answer is a number, an action name or an action's description, in any case, spaces and
    underscores alike; ``help`` or ``?`` lists the actions with their effects, costs and rules.
    With ``ahead`` (a list kept by the caller across prompts), one line may hold several answers
    separated by spaces (``name*k`` repeats one): the first is used now, the others answer the
    next prompts, so a many-brick payment is one line. A line that names one action as a whole
    (``build_Monte di Pieta``) is that one answer. An illegal answer drops the rest."""
    legal = grouped_legal(game, state)
    write(f"player_{seat}, your move (? or help: what each action does; q to quit):")
    turn_player = getattr(state, "turn_player", None)  # games where others decide during a turn
    if turn_player is not None and int(turn_player[0]) != seat:
        write(f"  (a decision out of turn: it is player_{int(turn_player[0])}'s turn)")
    group = getattr(game, "action_group", None)
    heading = ""
    for number, action in enumerate(legal, start=1):
        if group is not None and group(state, 0, int(action)) != heading:
            heading = group(state, 0, int(action))
            write(f" {heading}:" if heading else " other choices:")
        write(f"  {number}. {game.describe_action(state, 0, int(action))}  [{game.action_names[action]}]")
    while True:
        if ahead:
            answer = ahead.pop(0)
            write(f"choose 1-{len(legal)}: {answer}  (typed ahead)")
        else:
            try:
                answer = read(f"choose 1-{len(legal)}: ").strip()
            except EOFError:
                raise SystemExit("\ninput closed; game abandoned") from None
            if ahead is not None and match_answer(game, state, legal, answer) is None:
                words = _expand_answers(answer.split())
                answer = words[0] if words else ""
                ahead.extend(words[1:])
        if answer.lower() in ("q", "quit", "exit"):
            raise SystemExit("game abandoned")
        if answer.lower() in HELP_WORDS:
            for line in action_help_lines(game, state, legal):
                write(line)
            continue
        chosen = match_answer(game, state, legal, answer)
        if chosen is not None:
            return chosen
        if ahead:
            write(f"(the {len(ahead)} answer(s) typed ahead are dropped)")
            ahead.clear()
        write(f"'{answer}' is not a legal choice: type a number from 1 to {len(legal)}, an action name "
              f"(any case), help or ? for what each does, or q to quit.")  # fmt: skip


def cmd_play(args, read=input, write=print) -> int:
    kinds = [k.strip() for k in args.players.split(",") if k.strip()]
    require_agents("play", kinds)
    game = florentine_envs.make(args.game, num_players=len(kinds), **parse_options(args.option))
    agents = [None if k == "human" else make_agent(k, game, seed=args.seed + i) for i, k in enumerate(kinds)]
    names = [f"player_{i} ({'you' if k == 'human' else k})" for i, k in enumerate(kinds)]
    viewer = narration_viewer(kinds)

    def narrate(before, after, games, actions, forced):
        for line in game.narrate(before, after, 0, int(actions[0]), forced, viewer=viewer):
            for i, name in enumerate(names):  # longest first is not needed: player ids are unique
                line = line.replace(f"player_{i} ", f"{name} ").replace(f"player_{i}:", f"{name}:")
            write(line)

    ahead: list[str] = []  # answers typed ahead on one line (see ask_human)
    if None in agents:
        write("Answer with a number, an action name (any case) or its description; ? or help lists what")
        write("each action does and costs; several answers separated by spaces (name*3 repeats one)")
        write("answer the next prompts in turn; q quits.")
        for line in game.play_notes():  # the game's advice to people, e.g. for a first game
            write(line)
    state = game.init(np.array([args.seed], dtype=np.uint64), on_move=narrate)
    hand_lines = getattr(game, "hand_lines", None)  # the person's own cards, where the table drawing lacks them
    played: list[int] = []  # the decisions, kept as a replay (--keep) even when the game is abandoned
    try:
        _play_loop(game, state, agents, played, hand_lines, narrate, read, write, ahead)
    finally:
        if getattr(args, "keep", None):
            from florentine_envs.training.replay import finished_replay

            path = finished_replay(game, args.seed, played, kinds, state, source="play").save(args.keep)
            write(f"game kept as a replay: {path} (florentine replay {path} writes its page)")
    write("")
    write(game.render(state, 0))
    ranks = game.ranks(state)[0]
    for seat in np.argsort(ranks, kind="stable"):
        write(f"rank {ranks[seat]}: {names[seat]} with {int(state.scores[0, seat])}")
    return 0


def _play_loop(game, state, agents, played, hand_lines, narrate, read, write, ahead) -> None:
    """``cmd_play``'s turns until the game ends; each decision is appended to ``played``."""
    while not state.terminated[0]:
        seat = int(state.current_player[0])
        if agents[seat] is None:
            write("")
            write(game.render(state, 0))
            for line in hand_lines(state, 0, seat) if hand_lines is not None else ():
                write(line)
            action = ask_human(game, state, seat, read, write, ahead)
        else:
            ahead.clear()  # typed-ahead answers never carry over another player's move
            obs = game.observe(state, np.array([seat]))
            action = int(agents[seat].act_state(state, [0], obs)[0])
        game.step(state, np.array([action]), on_move=narrate)
        played.append(int(action))


# ------------------------------------------------------------------------------ demo


def cmd_demo(args) -> int:
    """For every registered game with a heuristic: its skill ladder and its seat advantage
    (:mod:`florentine_envs.training.demo`)."""
    require_agents("demo", [args.agents])
    from florentine_envs.agents import available_agents
    from florentine_envs.training.demo import run_game, skipped

    started = time.perf_counter()
    for name in florentine_envs.available_games():
        known = available_agents(florentine_envs.make(name, num_players=min(florentine_envs.player_counts(name))))
        if "heuristic" not in known:
            console.print(f"{name}: skipped, it has no heuristic agent yet (agents: {', '.join(known)})")
            continue
        paths = run_game(name, args.games, args.seconds or None, args.seed, Path(args.out) / name, console,
                         agent=args.agents)  # fmt: skip
        print_written(paths, skipped())
        console.print("")
    console.print(f"demo done in {time.perf_counter() - started:.0f} s")
    return 0


def cmd_tournament(args) -> int:
    from florentine_envs.training.tournament import (
        default_out_dir,
        parse_entries,
        print_report,
        run_tournament,
        skipped,
        write_outputs,
    )

    entries = parse_entries(args.agents)
    cwd_importable()
    require_agents("tournament", entries)
    require_backend("tournament", args.backend)
    result = run_tournament(
        args.game, entries, args.players or len(entries), args.games, seed=args.seed,
        options=parse_options(args.option), rotations=args.rotations, max_seconds=args.seconds,
        backend=args.backend, ray_address=args.ray_address, keep_games=args.keep_games,
    )  # fmt: skip
    print_report(result, console)
    out = Path(args.out or default_out_dir(result))
    paths = write_outputs(result, out)
    if result.replays:
        from florentine_envs.training.replay import write_replays

        paths["replays"] = f"{len(write_replays(result.replays, out / 'replays'))} replays in {out / 'replays'}/"
    print_written(paths, skipped(result))
    return 0


# ------------------------------------------------------------------------------ balance


def cmd_balance(args) -> int:
    require_agents("balance", (args.agents + "," + (args.ladder or "")).split(","))
    require_backend("balance", args.backend)
    from florentine_envs.training.balance import StudySpec, run_study
    from florentine_envs.training.balance.report import default_out_dir, summary_lines, write_report

    spec = StudySpec(
        args.game, players=args.players, agents=args.agents, games=args.games, seed=args.seed,
        variants=tuple(args.set or ()), compare=args.compare, ladder=args.ladder or (),
        ladder_games=args.ladder_games, chunk_games=args.chunk_games,
    )  # fmt: skip
    result = run_study(spec, backend=args.backend, address=args.ray_address, max_seconds=args.seconds,
                       progress=not args.no_progress, keep_games=args.keep_games)  # fmt: skip
    with step("writing the report: figures, tables" + ("" if args.no_raw else " and per-game CSV files"),
              enabled=not args.no_progress):  # fmt: skip
        paths = write_report(result, args.out or default_out_dir(result), raw=not args.no_raw)
    if any(result.replays):
        from florentine_envs.training.replay import write_replays

        folder = paths["markdown"].parent / "replays"
        kept = sum(len(write_replays(r, folder, f"cell{i}_game")) for i, r in enumerate(result.replays))
        console.print(f"{kept} replays kept in {folder}/ (florentine replay FILE writes a page)")
    for line in summary_lines(result):  # the report's summary (its terms are defined in report.md)
        console.print(Text("- " + line.replace("**", "")))
    console.print(f"{result.num_games:,} games in {result.wall_s:.1f} s; written: {paths['markdown'].parent}/")
    if not installed("matplotlib"):
        console.print(skipped_note("the report's figures", "matplotlib"))
    return 0


# ------------------------------------------------------------------------------ bench


def bench_table(rows: list[dict], peer_rows: list[dict], seconds: float, rounds: int = 1) -> Table:
    """One table: our rows per game, then the peers; ratio columns for every measured peer."""
    from florentine_envs.training.bench import PEER_LABELS

    measured = [p for p in peer_rows if p.get("status") == "ok"]
    table = Table(
        title=f"Throughput ({seconds:g} CPU-s per row in {rounds} interleaved round{'s' if rounds != 1 else ''}, best; "
        "random legal actions, sampling included)",
        caption="agent-steps = decisions by a player (forced moves, chance nodes and PettingZoo's None steps "
        "of finished agents not counted); rates per CPU-second of the process; ms/decision: the search's "
        "CPU-milliseconds per decision; first use s: the game's first init, step and observe (its kernels "
        "compiled, or loaded from numba's cache); × columns: our agent-steps/s over theirs",
    )
    columns = ("game", "players", "what", "agent-steps/s", "games/s", "ms/decision", "first use s", "× reference")
    for col in columns:
        table.add_column(col, justify="left" if col in ("game", "what") else "right", no_wrap=True)
    for peer in measured:
        table.add_column(PEER_LABELS[peer["game"]][1], justify="right", no_wrap=True)
    ratio = lambda row, key: f"{row[key]:,.2f}" if key in row else ""  # noqa: E731
    per_game = lambda row: "–" if row["games_per_s"] is None else f"{row['games_per_s']:,.1f}"  # noqa: E731
    shown_first_use = set()
    for row in rows:
        cells = [row["game"], str(row["players"]), row["what"], f"{row['agent_steps_per_s']:,.0f}", per_game(row)]
        cells.append(f"{row['ms_per_decision']:,.1f}" if "ms_per_decision" in row else "")
        # the first use (compiling the kernels or loading them) is the game's: shown on its first row
        key = (row["game"], row["players"])
        cells.append(f"{row['first_use_s']:.2f}" if "first_use_s" in row and key not in shown_first_use else "")
        shown_first_use.add(key)
        cells.append(ratio(row, "x_reference"))
        table.add_row(*cells, *[ratio(row, f"x_{p['game']}") for p in measured])
    if peer_rows:
        table.add_section()
    for peer in peer_rows:
        if peer.get("status") == "ok":
            cells = [peer["game"], str(peer["players"]), peer["what"], f"{peer['agent_steps_per_s']:,.0f}"]
            table.add_row(*cells, f"{peer['games_per_s']:,.1f}", "", "", "", *[""] * len(measured))
        else:
            table.add_row(peer["game"], "", peer["what"], peer["status"], "", "", "", "", *[""] * len(measured))
    return table


def cmd_bench(args) -> int:
    import json

    from florentine_envs.training.bench import PEERS, machine, run_all

    games = [args.game] if args.game else florentine_envs.available_games()
    peers = () if args.no_peers else PEERS
    rows, peer_rows = run_all(
        games, args.players, args.seconds, peers=peers, rounds=args.rounds, options=parse_options(args.option),
        progress=True,
    )
    # wide enough for every column even when the output is not a terminal (rich then assumes 80)
    Console(width=max(console.width, 160)).print(bench_table(rows, peer_rows, args.seconds, args.rounds))
    if args.json:
        payload = {
            "seconds": args.seconds,
            "rounds": args.rounds,
            "machine": machine(),
            "rows": rows,
            "peers": peer_rows,
        }
        with open(args.json, "w") as fh:
            json.dump(payload, fh, indent=2)
        console.print(f"results written to {args.json}")
    return 0


# ------------------------------------------------------------------------------ replay and serve


def cmd_replay(args) -> int:
    require("replay", "drawsvg")
    from florentine_envs.training.replay import load, parse_views, write_page

    replay = load(args.file)
    out = Path(args.out) if args.out else Path(args.file).with_suffix(".html")
    path = write_page(replay, out, parse_views(args.views, replay.num_players))
    console.print(f"written: {path} ({len(replay.actions)} steps, {path.stat().st_size / 1e3:,.0f} kB)")
    return 0


def cmd_serve(args) -> int:
    require("serve", "drawsvg")
    from florentine_envs.training.serve import serve

    kinds = [k.strip() for k in (args.players or "").split(",") if k.strip()]
    require_agents("serve", kinds)
    return serve(args.game, kinds or None, seed=args.seed, options=parse_options(args.option), port=args.port,
                 keep=args.keep, write=console.print,
                 **({} if args.move_seconds is None else {"move_seconds": args.move_seconds}))  # fmt: skip


# ------------------------------------------------------------------------------ train


def cmd_train(args) -> int:
    # tensorboard: the run writes its learning curves as TensorBoard events too
    require("train", *PPO_MODULES, "tensorboard")
    from florentine_envs.training.train import parse_opponents, train

    result = train(
        args.game, num_players=args.players, timesteps=args.timesteps, seed=args.seed,
        opponents=parse_opponents(args.opponents), league=args.league, league_every=args.league_every,
        league_share=args.league_share, out_dir=args.out, name=args.name, num_envs=args.num_envs,
        eval_games=args.eval_games, progress_bar=not args.no_progress, options=parse_options(args.option),
    )  # fmt: skip
    console.print(f"final policy: {result['final']} ({result['timesteps']:,} steps, {result['train_wall_s']:.0f} s)")
    return 0


def learn_overrides(args) -> dict:
    """The recipe fields a ``florentine learn`` command line sets (None: the game's recipe), in
    the order the recorded command names them."""
    return {
        "imitation_rounds": args.imitation_rounds, "rl_rounds": args.rl_rounds, "games": args.games,
        "hidden": tuple(int(h) for h in args.hidden.split(",")) if args.hidden else None,
        "prior_gain": args.prior_gain, "net": args.net,
        "scorer": tuple(int(h) for h in args.scorer.split(",")) if args.scorer else None,
        "id_embedding": None if args.id_embedding is None else args.id_embedding == "on", "teacher": args.teacher,
        "shaping": args.shaping, "rl_lr": args.rl_lr, "eval_games": args.eval_games, "final_games": args.final_games,
    }  # fmt: skip


def cmd_learn(args) -> int:
    require("learn", "torch")
    from florentine_envs.training.learn import learn

    overrides = learn_overrides(args)
    argv = ["learn", args.game, "--players", str(args.players), "--seed", str(args.seed)]
    # the recorded command: every flag that changes the archive (the curve points choose it, so
    # their sample size counts too; the closing evaluation's does not)
    for field, value in overrides.items():
        if value is not None and field != "final_games":
            if isinstance(value, bool):  # switches are spelled on/off on the command line
                text = "on" if value else "off"
            elif isinstance(value, tuple):
                text = ",".join(map(str, value))
            else:
                text = str(value)
            argv += ["--" + field.replace("_", "-"), text]
    for option in args.option or []:
        argv += ["--option", option]
    summary = learn(
        args.game, num_players=args.players, seed=args.seed, out_dir=args.out, options=parse_options(args.option),
        ship=args.ship, command="florentine " + " ".join(argv), progress=not args.no_progress, **overrides,
    )  # fmt: skip
    for opponent, r in summary["final"].items():
        against = "the Automa" if args.players == 1 else opponent
        console.print(f"{args.game} {args.players}p, learned policy against {against}: {r['win_rate']:.1%} "
                      f"[{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}] of {r['games']} games", markup=False)  # fmt: skip
    console.print(f"training CPU time {summary['train_cpu_s'] / 60:.1f} min; policy {summary['policy']}"
                  + (f", shipped as {summary['shipped']}" if "shipped" in summary else ""), markup=False)  # fmt: skip
    return 0


# ------------------------------------------------------------------------------ evaluate


def cwd_importable() -> None:
    """``module:function`` agents import from the current folder too, as under ``python -m``
    (the ``florentine`` script's ``sys.path`` lacks it)."""
    if "" not in sys.path and str(Path.cwd()) not in sys.path:
        sys.path.append(str(Path.cwd()))


def cmd_evaluate(args) -> int:
    cwd_importable()
    ladder = [name.strip() for name in args.ladder.split(",") if name.strip()] if args.ladder else None
    require_agents("evaluate", [args.agent] + (ladder or []))
    require_backend("evaluate", args.backend)
    from florentine_envs.training.evaluate import default_out_dir, evaluate, skipped, write_card

    players = sorted({int(p) for p in args.players.split(",")}) if args.players else None
    card = evaluate(
        args.agent, games=args.game or None, players=players, num_games=args.games, seed=args.seed, ladder=ladder,
        backend=args.backend, ray_address=args.ray_address, progress=not args.no_progress,
    )  # fmt: skip
    for cell in card.cells:
        mine = next((row for row in cell.ratings if row["evaluated"]), None)
        rating = f"rating {mine['rating']:.0f} [{mine['low']:.0f}, {mine['high']:.0f}]; " if mine else ""
        if cell.players == 1:  # the solo game: each agent alone against the game, the evaluated one first
            alone = ", ".join(f"{row['agent']} {100 * row['win_rate']:.1f} %" for row in cell.rows[1:])
            console.print(f"{cell.game}: win rate alone against the game {100 * cell.rows[0]['win_rate']:.1f} % "
                          f"(the ladder alone: {alone})", markup=False)  # fmt: skip
            continue
        record = ", ".join(f"{row['opponent']} {100 * row['win_rate']:.1f} %" for row in cell.rows)
        console.print(f"{cell.game} {cell.players}p: {rating}win rate against {record}", markup=False)
    print_written(write_card(card, args.out or default_out_dir(args.agent)), skipped())
    return 0


def _backend_arguments(parser) -> None:
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="local: this process; ray: chunks of deals as Ray tasks (the [ray] extra)")
    parser.add_argument("--ray-address", help="an existing Ray cluster (e.g. auto or ray://host:10001); "
                        "default: a local Ray instance on this machine")  # fmt: skip


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """``--help`` names every option's default; an option whose default is None or False (left
    out, or a switch) says in its own help what happens without it."""

    def _get_help_string(self, action):
        if action.default is None or action.default is False:
            return action.help
        return super()._get_help_string(action)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="florentine", description="Florentine Games environments",
                                     formatter_class=HelpFormatter)  # fmt: skip
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", choices=florentine_envs.available_games())
    play.add_argument(
        "--players", required=True,
        help="comma-separated seats: human, heuristic, random, learned, ismcts:N[:PRESET][:key=value...]",
    )
    play.add_argument("--seed", type=int, default=0, help="seed of the deal and the agents")
    play.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    play.add_argument("--keep", metavar="FILE.json", help="keep the game (even unfinished) as a replay in this file")
    play.set_defaults(func=cmd_play)

    demo = sub.add_parser("demo", help="every game's skill ladder (random to heuristic) and seat advantage")
    demo.add_argument("--games", type=int, default=DEMO_GAMES, help="most games of each part (ladder, seats)")
    demo.add_argument("--seconds", type=float, default=DEMO_SECONDS, help="about this long per game (0: no limit)")
    demo.add_argument("--seed", type=int, default=0, help="seed of the deals and the agents")
    demo.add_argument("--out", default="runs/demo", help="tables and plots go to OUT/GAME/")
    demo.add_argument("--agents", default="heuristic", help="the agent in every seat of the seat study, and a "
                      "fifth ladder rung when not the heuristic: any make_agent name (learned, ismcts:64...)")  # fmt: skip
    demo.set_defaults(func=cmd_demo)

    tour = sub.add_parser("tournament", help="seat-rotated duplicate tournament between agents")
    tour.add_argument("game", choices=florentine_envs.available_games())
    tour.add_argument(
        "--agents",
        required=True,
        help="comma-separated agents: random, heuristic, ismcts:N[:PRESET][:key=value...], ppo:PATH, "
        "module:function; name*k",
    )
    tour.add_argument("--players", type=int, help="seats per table (default: the number of agents)")
    tour.add_argument("--games", type=int, default=2000, help="games (rounded up to whole deals)")
    tour.add_argument("--seconds", type=float, help="stop after about this long (whole rounds of deals)")
    tour.add_argument("--seed", type=int, default=0, help="seed of the deals and the agents")
    tour.add_argument("--rotations", choices=("all", "cyclic"), default="all", help="seat arrangements per deal")
    tour.add_argument("--out", help="output folder (default runs/tournament/GAME_Pp)")
    tour.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    tour.add_argument("--keep-games", type=int, default=0, metavar="N",
                      help="keep the first N games as replays in OUT/replays/ (florentine replay FILE shows one)")
    _backend_arguments(tour)
    tour.set_defaults(func=cmd_tournament)

    bal = sub.add_parser("balance", help="balance study: seat advantage, variants, skill ladder, components")
    bal.add_argument("game", choices=florentine_envs.available_games())
    bal.add_argument("--players", default="4", help="player count, range or list: 4, 2-5, 3,4")
    bal.add_argument("--agents", default="heuristic",
                     help="one agent for every seat, or P entries (name*k); any make_agent name")
    bal.add_argument("--games", type=int, default=1000, help="deals per cell (player count x variant)")
    bal.add_argument("--seed", type=int, default=0, help="seed of the deals and the agents")
    bal.add_argument("--seconds", type=float, help="stop after about this long (whole chunks)")
    bal.add_argument("--set", action="append", metavar="[LABEL:] KEY=VALUE[; ...]",
                     help="a variant: game options or data.<dotted.path> values; repeatable")
    bal.add_argument("--compare", action="store_true", help="play the baseline and each --set on the same deals")
    bal.add_argument("--ladder", help="agents from weaker to stronger, e.g. random,heuristic,ismcts:200")
    bal.add_argument("--ladder-games", type=int, help="deals per ladder pair and player count (default --games)")
    bal.add_argument("--chunk-games", type=int, default=512, help="games per batch and per Ray task")
    bal.add_argument("--out", help="output folder (default runs/balance/GAME-STAMP)")
    bal.add_argument("--no-progress", action="store_true", help="no progress bar")
    bal.add_argument("--no-raw", action="store_true", help="no per-game CSV files (for very large studies)")
    bal.add_argument("--keep-games", type=int, default=0, metavar="N",
                     help="keep the first N games of every cell as replays in OUT/replays/")
    _backend_arguments(bal)
    bal.set_defaults(func=cmd_balance)

    bench = sub.add_parser("bench", help="throughput of the AEC loop, the engine and the reference")
    bench.add_argument("game", nargs="?", choices=florentine_envs.available_games(),
                       help="the game to measure (every game when left out)")  # fmt: skip
    bench.add_argument("--players", type=int, default=4, help="players (a game's largest count if it lacks this one)")
    bench.add_argument("--seconds", type=float, default=3.0, help="measuring time per row (CPU seconds)")
    bench.add_argument("--rounds", type=int, default=3, help="interleaved rounds per row; the best one is shown")
    bench.add_argument("--json", metavar="PATH", help="also write every figure to this JSON file")
    bench.add_argument("--no-peers", action="store_true", help="skip PettingZoo classic and OpenSpiel")
    bench.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    bench.set_defaults(func=cmd_bench)

    rep = sub.add_parser("replay", help="write the HTML page of a kept game (a replay file)")
    rep.add_argument("file", help="a replay (.json) kept by play, serve, tournament or balance --keep-games")
    rep.add_argument("--out", help="the page to write (default: FILE with .html)")
    rep.add_argument("--views", default="all",
                     help="views drawn: all (the whole table and every seat), table, or a list like table,0")
    rep.set_defaults(func=cmd_replay)

    srv = sub.add_parser("serve", help="play in the browser: a local page (127.0.0.1) against any agents")
    srv.add_argument("game", nargs="?", choices=florentine_envs.available_games(),
                     help="the game to start with (default: choose on the page)")
    srv.add_argument("--players", help="comma-separated seats: human, heuristic, random, ismcts:N...; "
                     "default human and heuristic (random where a game has no heuristic)")
    srv.add_argument("--seed", type=int, default=0, help="seed of the first game (the page sets a new game's)")
    srv.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    srv.add_argument("--port", type=int, default=8024, help="port on 127.0.0.1 (0: any free port)")
    srv.add_argument("--keep", metavar="DIR", help="also write every finished game's replay into DIR")
    srv.add_argument("--move-seconds", type=float, metavar="S",
                     help="a computer player's move still thinking after S seconds stops the game (default 60; "
                     "0: no limit)")
    srv.set_defaults(func=cmd_serve)

    ev = sub.add_parser("evaluate", help="rate an agent against every game's reference ladder: a report card")
    ev.add_argument("agent", help="any agent: heuristic, learned, learned:PATH.npz, ismcts:64[:PRESET][:key=value...], "
                    "ppo:PATH.zip, module:function (function(game, seed) -> Agent or act(obs, mask) -> "
                    "actions)")  # fmt: skip
    ev.add_argument("--game", action="append", choices=florentine_envs.available_games(),
                    help="a game (repeatable; default: every game)")  # fmt: skip
    ev.add_argument("--players", help="player counts, e.g. 2 or 2,4 (default 2; the solo game plays alone)")
    ev.add_argument("--games", type=int, default=200, help="games per match (whole deals)")
    ev.add_argument("--seed", type=int, default=0, help="seed of the deals and the agents")
    ev.add_argument("--ladder", help="reference agents (default: random, heuristic, learned where shipped, "
                    "ismcts:16, ismcts:64)")  # fmt: skip
    ev.add_argument("--out", help="output folder (default runs/evaluate/AGENT-STAMP)")
    ev.add_argument("--no-progress", action="store_true", help="no progress bars")
    _backend_arguments(ev)
    ev.set_defaults(func=cmd_evaluate)

    tr = sub.add_parser("train", help="train a MaskablePPO policy against opponents, then evaluate it")
    tr.add_argument("game", choices=florentine_envs.available_games())
    tr.add_argument("--players", type=int, default=2, help="seats at the table (the learner takes one)")
    tr.add_argument("--timesteps", type=int, default=1_000_000, help="learner decisions to train on")
    tr.add_argument("--seed", type=int, default=0, help="seed of the policy, the games and the opponents")
    tr.add_argument("--opponents", default="random", help="agent or weighted mix, e.g. random=0.5,heuristic=0.5")
    tr.add_argument("--league", action="store_true", help="also play frozen snapshots of the policy (self-play)")
    tr.add_argument("--league-every", type=int, default=100_000, help="steps between league snapshots")
    tr.add_argument("--league-share", type=float, default=0.5, help="share of opponents drawn from the league")
    tr.add_argument("--num-envs", type=int, default=32, help="games stepped together")
    tr.add_argument("--out", default="runs/train", help="runs go to OUT/NAME")
    tr.add_argument("--name", help="run name (default GAME_Pp)")
    tr.add_argument("--eval-games", type=int, default=2000, help="games per opponent in the closing evaluation")
    tr.add_argument("--no-progress", action="store_true", help="no progress bar")
    tr.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    tr.set_defaults(func=cmd_train)

    ln = sub.add_parser("learn", help="train a game's learned baseline: imitate the heuristic, then PPO in a league")
    ln.add_argument("game", choices=florentine_envs.available_games())
    ln.add_argument("--players", type=int, default=2, help="seats at the table")
    ln.add_argument("--seed", type=int, default=0, help="seed of the network, the games and the opponents")
    ln.add_argument("--imitation-rounds", type=int, help="rounds of imitation (default: the game's recipe)")
    ln.add_argument("--rl-rounds", type=int, help="rounds of PPO against the league (default: the recipe)")
    ln.add_argument("--games", type=int, help="games per round (default: the recipe)")
    ln.add_argument("--hidden", help="hidden layer widths, e.g. 256,128 (default: the recipe)")
    ln.add_argument("--prior-gain", type=float, help="logit bonus of the heuristic's move, for --net mlp; 0: the "
                    "network alone (default: the recipe, 0)")  # fmt: skip
    ln.add_argument("--net", choices=["mlp", "action"], help="mlp: logits from the observation; action: a scorer "
                    "shared by every action, reading the observation's encoding and the action's features "
                    "(default: the recipe)")  # fmt: skip
    ln.add_argument("--scorer", help="the action network's scorer widths, e.g. 128,64 (default: the recipe)")
    ln.add_argument("--id-embedding", choices=["on", "off"], help="the action network's scorer also reads the "
                    "action's id, a learned vector per action (default: the recipe, off)")  # fmt: skip
    ln.add_argument("--teacher", choices=["heuristic", "none"], help="none: no heuristic labels, prior or "
                    "opponents; self-play against earlier snapshots and random play (default: heuristic)")  # fmt: skip
    ln.add_argument("--shaping", type=float, help="weight of the score margin as a potential in the RL rewards "
                    "(0: the terminal reward alone; default: the recipe, 0)")  # fmt: skip
    ln.add_argument("--rl-lr", type=float, help="Adam's learning rate in the RL stage (default: the recipe)")
    ln.add_argument("--eval-games", type=int, help="games per opponent at each curve point (default: the recipe)")
    ln.add_argument("--final-games", type=int, help="games per opponent, closing evaluation (default: the recipe)")
    ln.add_argument("--out", default="runs/learn", help="runs go to OUT/GAME_Pp")
    ln.add_argument("--ship", action="store_true", help="copy the policy into the package (make_agent('learned'))")
    ln.add_argument("--no-progress", action="store_true", help="no progress lines")
    ln.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    ln.set_defaults(func=cmd_learn)
    for command in sub.choices.values():  # every subcommand's --help shows the defaults
        command.formatter_class = HelpFormatter
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (ValueError, MissingExtra) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
