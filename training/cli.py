"""The ``florentine`` command line: play, demo, tournament, balance, bench, train, evaluate."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

import florentine_envs
from florentine_envs.agents import make_agent
from florentine_envs.training.extras import install_hint, installed, skipped_note

console = Console()
DEMO_GAMES = 100_000  # most games per demo table
DEMO_SECONDS = 20.0  # and about this long per table: games differ a lot in speed


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


def parse_options(pairs: list[str]) -> dict:
    """``key=value`` game options; values parsed as bool/int/float where they look like one."""
    options = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise SystemExit(f"option {pair!r} must look like key=value")
        key, value = pair.split("=", 1)
        lowered = value.lower()
        if lowered in ("true", "false"):
            options[key] = lowered == "true"
        else:
            try:
                options[key] = int(value)
            except ValueError:
                try:
                    options[key] = float(value)
                except ValueError:
                    options[key] = value
        # keep strings as they are
    return options


# ------------------------------------------------------------------------------ play


def _expand_answers(words: list[str]) -> list[str]:
    """``name*3`` stands for three answers ``name``."""
    out = []
    for word in words:
        head, star, count = word.rpartition("*")
        out += [head] * int(count) if star and head and count.isdigit() and 0 < int(count) <= 100 else [word]
    return out


def ask_human(game, state, seat: int, read=input, write=print, ahead: list[str] | None = None) -> int:
    """Show the numbered legal actions and read a choice until it is one of them.

    With ``ahead`` (a list kept by the caller across prompts), one line may hold several answers
    separated by spaces (``name*k`` repeats one): the first is used now, the others answer the
    next prompts, so a many-brick payment is one line. An illegal answer drops the rest."""
    legal = np.flatnonzero(state.legal_action_mask[0])
    write(f"player_{seat}, your move (q to quit):")
    turn_player = getattr(state, "turn_player", None)  # games where others decide during a turn
    if turn_player is not None and int(turn_player[0]) != seat:
        write(f"  (a decision out of turn: it is player_{int(turn_player[0])}'s turn)")
    for number, action in enumerate(legal, start=1):
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
            if ahead is not None:
                words = _expand_answers(answer.split())
                answer = words[0] if words else ""
                ahead.extend(words[1:])
        if answer.lower() in ("q", "quit", "exit"):
            raise SystemExit("game abandoned")
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(legal):
            return int(legal[int(answer) - 1])
        names = [game.action_names[a] for a in legal]
        if answer.lower() in names:
            return int(legal[names.index(answer.lower())])
        if ahead:
            write(f"(the {len(ahead)} answer(s) typed ahead are dropped)")
            ahead.clear()
        write(f"'{answer}' is not a legal choice: type a number from 1 to {len(legal)} (or an action name; q to quit).")


def cmd_play(args, read=input, write=print) -> int:
    kinds = [k.strip() for k in args.players.split(",") if k.strip()]
    require_agents("play", kinds)
    game = florentine_envs.make(args.game, num_players=len(kinds), **parse_options(args.option))
    agents = [None if k == "human" else make_agent(k, game, seed=args.seed + i) for i, k in enumerate(kinds)]
    names = [f"player_{i} ({'you' if k == 'human' else k})" for i, k in enumerate(kinds)]

    def narrate(before, after, games, actions, forced):
        for line in game.narrate(before, after, 0, int(actions[0]), forced):
            for i, name in enumerate(names):  # longest first is not needed: player ids are unique
                line = line.replace(f"player_{i} ", f"{name} ").replace(f"player_{i}:", f"{name}:")
            write(line)

    ahead: list[str] = []  # answers typed ahead on one line (see ask_human)
    if None in agents:
        write("Answer with a number or an action name; several separated by spaces (name*3 repeats one)")
        write("answer the next prompts in turn; q quits.")
        for line in game.play_notes():  # the game's advice to people, e.g. for a first game
            write(line)
    state = game.init(np.array([args.seed], dtype=np.uint64), on_move=narrate)
    while not state.terminated[0]:
        seat = int(state.current_player[0])
        if agents[seat] is None:
            write("")
            write(game.render(state, 0))
            action = ask_human(game, state, seat, read, write, ahead)
        else:
            ahead.clear()  # typed-ahead answers never carry over another player's move
            obs = game.observe(state, np.array([seat]))
            action = int(agents[seat].act_state(state, [0], obs)[0])
        game.step(state, np.array([action]), on_move=narrate)
    write("")
    write(game.render(state, 0))
    ranks = game.ranks(state)[0]
    for seat in np.argsort(ranks, kind="stable"):
        write(f"rank {ranks[seat]}: {names[seat]} with {int(state.scores[0, seat])}")
    return 0


# ------------------------------------------------------------------------------ demo


def demo_lineup(players: int) -> list[str]:
    """The demo table: one heuristic against random agents in every other seat (a one-agent game,
    the solo Princes, seats the heuristic alone against the game's Automa)."""
    if players == 1:
        return ["heuristic"]
    return ["heuristic", "random" if players == 2 else f"random*{players - 1}"]


def cmd_demo(args) -> int:
    """A tournament of the heuristic against random agents for every registered game,
    with 2 and 4 players where the game allows them (else its smallest table)."""
    from florentine_envs.agents import available_agents
    from florentine_envs.training.tournament import print_report, run_tournament, skipped, write_outputs

    for name in florentine_envs.available_games():
        counts = florentine_envs.player_counts(name)
        for players in [p for p in (2, 4) if p in counts] or [min(counts)]:
            known = available_agents(florentine_envs.make(name, num_players=players))
            if "heuristic" not in known:
                console.print(f"{name}: skipped, it has no heuristic agent yet (agents: {', '.join(known)})")
                break
            result = run_tournament(
                name, demo_lineup(players), players, args.games, seed=args.seed, rotations="cyclic",
                console=console, max_seconds=args.seconds or None,
            )  # fmt: skip
            print_report(result, console)
            print_written(write_outputs(result, Path(args.out) / f"{name}_{players}p"), skipped(result))
            console.print("")
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
        options=parse_options(args.option), rotations=args.rotations, console=console,
        max_seconds=args.seconds, backend=args.backend, ray_address=args.ray_address,
    )  # fmt: skip
    print_report(result, console)
    print_written(write_outputs(result, args.out or default_out_dir(result)), skipped(result))
    return 0


# ------------------------------------------------------------------------------ balance


def cmd_balance(args) -> int:
    require_agents("balance", (args.agents + "," + (args.ladder or "")).split(","))
    require_backend("balance", args.backend)
    from florentine_envs.training.balance import StudySpec, run_study
    from florentine_envs.training.balance.attribution import most_and_least_effective
    from florentine_envs.training.balance.report import default_out_dir, fmt, write_report

    spec = StudySpec(
        args.game, players=args.players, agents=args.agents, games=args.games, seed=args.seed,
        variants=tuple(args.set or ()), compare=args.compare, ladder=args.ladder or (),
        ladder_games=args.ladder_games, chunk_games=args.chunk_games,
    )  # fmt: skip
    result = run_study(spec, backend=args.backend, address=args.ray_address, max_seconds=args.seconds,
                       progress=not args.no_progress)  # fmt: skip
    paths = write_report(result, args.out or default_out_dir(result), raw=not args.no_raw)
    summary = result.summary
    for cell in summary["cells"]:
        if cell["kind"] != "main":
            continue
        st = cell["stats"]
        wins = ", ".join(fmt(st[f"win_pos{q}"], True) for q in range(cell["players"]))
        console.print(f"{cell['players']}p {cell['variant']}: {st['games']:,} games; win rate by position {wins}; "
                      f"first-player advantage {fmt(st['first_player_advantage'], True, True)}")  # fmt: skip
    for comp in summary["components"][:1]:
        most, least = most_and_least_effective(comp["rows"])
        console.print(f"most effective ({comp['players']}p): " + ", ".join(r["component"] for r in most))
        console.print(f"least effective ({comp['players']}p): " + ", ".join(r["component"] for r in least))
    for row in summary["comparisons"]:
        st = row["stats"]
        advantage, score = fmt(st["first_player_advantage"], True, True), fmt(st["mean_score"], signed=True)
        console.print(f"{row['variant']} - baseline ({row['players']}p): first-player advantage {advantage}, "
                      f"mean score {score}, length {fmt(st['length'], signed=True)}")  # fmt: skip
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
        "of finished agents not counted); rates per CPU-second of the process; × columns: our agent-steps/s "
        "over theirs",
    )
    for col in ("game", "players", "what", "agent-steps/s", "games/s", "× reference"):
        table.add_column(col, justify="left" if col in ("game", "what") else "right", no_wrap=True)
    for peer in measured:
        table.add_column(PEER_LABELS[peer["game"]][1], justify="right", no_wrap=True)
    ratio = lambda row, key: f"{row[key]:,.2f}" if key in row else ""  # noqa: E731
    per_game = lambda row: "–" if row["games_per_s"] is None else f"{row['games_per_s']:,.1f}"  # noqa: E731
    for row in rows:
        cells = [row["game"], str(row["players"]), row["what"], f"{row['agent_steps_per_s']:,.0f}"]
        cells += [per_game(row), ratio(row, "x_reference")]
        table.add_row(*cells, *[ratio(row, f"x_{p['game']}") for p in measured])
    if peer_rows:
        table.add_section()
    for peer in peer_rows:
        if peer.get("status") == "ok":
            cells = [peer["game"], str(peer["players"]), peer["what"], f"{peer['agent_steps_per_s']:,.0f}"]
            table.add_row(*cells, f"{peer['games_per_s']:,.1f}", "", *[""] * len(measured))
        else:
            table.add_row(peer["game"], "", peer["what"], peer["status"], "", "", *[""] * len(measured))
    return table


def cmd_bench(args) -> int:
    import json

    from florentine_envs.training.bench import PEERS, machine, run_all

    games = [args.game] if args.game else florentine_envs.available_games()
    peers = () if args.no_peers else PEERS
    rows, peer_rows = run_all(
        games, args.players, args.seconds, peers=peers, rounds=args.rounds, options=parse_options(args.option)
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
        backend=args.backend, ray_address=args.ray_address, progress=not args.no_progress, console=console,
    )  # fmt: skip
    for cell in card.cells:
        mine = next((row for row in cell.ratings if row["evaluated"]), None)
        rating = f"rating {mine['rating']:.0f} [{mine['low']:.0f}, {mine['high']:.0f}]; " if mine else ""
        record = ", ".join(f"{row['opponent']} {100 * row['win_rate']:.1f} %" for row in cell.rows)
        console.print(f"{cell.game} {cell.players}p: {rating}win rate against {record}", markup=False)
    print_written(write_card(card, args.out or default_out_dir(args.agent)), skipped())
    return 0


def _backend_arguments(parser) -> None:
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="local: this process; ray: chunks of deals as Ray tasks (the [ray] extra)")
    parser.add_argument("--ray-address", help="an existing Ray cluster (e.g. auto or ray://host:10001); "
                        "default: a local Ray instance on this machine")  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="florentine", description="Florentine Games environments")
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", choices=florentine_envs.available_games())
    play.add_argument(
        "--players", required=True,
        help="comma-separated seats: human, heuristic, random, ismcts:N[:PRESET][:key=value...]",
    )
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    play.set_defaults(func=cmd_play)

    demo = sub.add_parser("demo", help="tournament of the heuristic against random agents on every game")
    demo.add_argument("--games", type=int, default=DEMO_GAMES, help="most games per table (whole deals)")
    demo.add_argument("--seconds", type=float, default=DEMO_SECONDS, help="about this long per table (0: no limit)")
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--out", default="runs/demo", help="tables and plots go to OUT/GAME_Pp/")
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
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--rotations", choices=("all", "cyclic"), default="all", help="seat arrangements per deal")
    tour.add_argument("--out", help="output folder (default runs/tournament/GAME_Pp)")
    tour.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    _backend_arguments(tour)
    tour.set_defaults(func=cmd_tournament)

    bal = sub.add_parser("balance", help="balance study: seat advantage, variants, skill ladder, components")
    bal.add_argument("game", choices=florentine_envs.available_games())
    bal.add_argument("--players", default="4", help="player count, range or list: 4, 2-5, 3,4 (default 4)")
    bal.add_argument("--agents", default="heuristic",
                     help="one agent for every seat, or P entries (name*k); any make_agent name (default heuristic)")
    bal.add_argument("--games", type=int, default=1000, help="deals per cell (player count x variant)")
    bal.add_argument("--seed", type=int, default=0)
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
    _backend_arguments(bal)
    bal.set_defaults(func=cmd_balance)

    bench = sub.add_parser("bench", help="throughput of the AEC loop, the engine and the reference")
    bench.add_argument("game", nargs="?", choices=florentine_envs.available_games())
    bench.add_argument("--players", type=int, default=4, help="players (a game's largest count if it lacks this one)")
    bench.add_argument("--seconds", type=float, default=3.0, help="measuring time per row (CPU seconds)")
    bench.add_argument("--rounds", type=int, default=3, help="interleaved rounds per row; the best one is shown")
    bench.add_argument("--json", metavar="PATH", help="also write every figure to this JSON file")
    bench.add_argument("--no-peers", action="store_true", help="skip PettingZoo classic and OpenSpiel")
    bench.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    bench.set_defaults(func=cmd_bench)

    ev = sub.add_parser("evaluate", help="rate an agent against every game's reference ladder: a report card")
    ev.add_argument("agent", help="any agent: heuristic, ismcts:64[:PRESET][:key=value...], ppo:PATH.zip, "
                    "module:function (function(game, seed) -> Agent or act(obs, mask) -> actions)")  # fmt: skip
    ev.add_argument("--game", action="append", choices=florentine_envs.available_games(),
                    help="a game (repeatable; default: every game)")  # fmt: skip
    ev.add_argument("--players", help="player counts, e.g. 2 or 2,4 (default 2; the solo game plays alone)")
    ev.add_argument("--games", type=int, default=200, help="games per match (whole deals)")
    ev.add_argument("--seed", type=int, default=0)
    ev.add_argument("--ladder", help="reference agents (default: random, heuristic, learned where shipped, "
                    "ismcts:16, ismcts:64)")  # fmt: skip
    ev.add_argument("--out", help="output folder (default runs/evaluate/AGENT-STAMP)")
    ev.add_argument("--no-progress", action="store_true", help="no progress bars")
    _backend_arguments(ev)
    ev.set_defaults(func=cmd_evaluate)

    tr = sub.add_parser("train", help="train a MaskablePPO policy against opponents, then evaluate it")
    tr.add_argument("game", choices=florentine_envs.available_games())
    tr.add_argument("--players", type=int, default=2)
    tr.add_argument("--timesteps", type=int, default=1_000_000, help="learner decisions to train on")
    tr.add_argument("--seed", type=int, default=0)
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
