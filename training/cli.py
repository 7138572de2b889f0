"""The ``florentine`` command line: play, demo, bench."""

from __future__ import annotations

import argparse
import sys

import numpy as np
from rich.console import Console
from rich.table import Table

import florentine_envs
from agents import make_agent

console = Console()


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


def ask_human(game, state, seat: int, read=input, write=print) -> int:
    """Show the numbered legal actions and read a choice until it is one of them."""
    legal = np.flatnonzero(state.legal_action_mask[0])
    write(f"player_{seat}, your move (q to quit):")
    for number, action in enumerate(legal, start=1):
        write(f"  {number}. {game.describe_action(state, 0, int(action))}  [{game.action_names[action]}]")
    while True:
        try:
            answer = read(f"choose 1-{len(legal)}: ").strip()
        except EOFError:
            raise SystemExit("\ninput closed; game abandoned") from None
        if answer.lower() in ("q", "quit", "exit"):
            raise SystemExit("game abandoned")
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(legal):
            return int(legal[int(answer) - 1])
        names = [game.action_names[a] for a in legal]
        if answer.lower() in names:
            return int(legal[names.index(answer.lower())])
        write(f"'{answer}' is not a legal choice: type a number from 1 to {len(legal)} (or an action name; q to quit).")


def cmd_play(args, read=input, write=print) -> int:
    kinds = [k.strip() for k in args.players.split(",") if k.strip()]
    game = florentine_envs.make(args.game, num_players=len(kinds), **parse_options(args.option))
    agents = [None if k == "human" else make_agent(k, game, seed=args.seed + i) for i, k in enumerate(kinds)]
    names = [f"player_{i} ({'you' if k == 'human' else k})" for i, k in enumerate(kinds)]

    def narrate(before, after, games, actions, forced):
        for line in game.narrate(before, after, 0, int(actions[0]), forced):
            for i, name in enumerate(names):  # longest first is not needed: player ids are unique
                line = line.replace(f"player_{i} ", f"{name} ").replace(f"player_{i}:", f"{name}:")
            write(line)

    state = game.init(np.array([args.seed], dtype=np.uint64), on_move=narrate)
    while not state.terminated[0]:
        seat = int(state.current_player[0])
        if agents[seat] is None:
            write("")
            write(game.render(state, 0))
            action = ask_human(game, state, seat, read, write)
        else:
            obs = game.observe(state, np.array([seat]))
            action = int(agents[seat].act(obs, state.legal_action_mask)[0])
        game.step(state, np.array([action]), on_move=narrate)
    write("")
    write(game.render(state, 0))
    ranks = game.ranks(state)[0]
    for seat in np.argsort(ranks, kind="stable"):
        write(f"rank {ranks[seat]}: {names[seat]} with {int(state.scores[0, seat])}")
    return 0


# ------------------------------------------------------------------------------ demo


def demo_match(game, games: int, seed: int = 0) -> dict:
    """The heuristic against random agents, the heuristic's seat rotated over the games
    (an equal share in each seat) so that seat advantage cancels."""
    from training.match import play_games

    P = game.num_players
    per_seat = -(-games // P)
    results = {"heuristic": {"wins": 0, "games": 0, "scores": []}, "random": {"wins": 0, "games": 0, "scores": []}}
    for seat in range(P):
        kinds = ["random"] * P
        kinds[seat] = "heuristic"
        agents = [make_agent(k, game, seed=seed + 10 * seat + i) for i, k in enumerate(kinds)]
        scores, _, ranks = play_games(game, agents, seed + seat * per_seat + np.arange(per_seat))
        for p, kind in enumerate(kinds):
            entry = results[kind]
            entry["wins"] += int((ranks[:, p] == 1).sum())
            entry["games"] += per_seat
            entry["scores"].append(scores[:, p])
    return results


def results_table(title: str, results: dict) -> Table:
    table = Table(title=title, caption="a shared first place counts as a win for each joint winner")
    for col in ("agent", "player-games", "wins", "win rate", "mean score"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for kind, entry in results.items():
        mean = np.concatenate(entry["scores"]).mean()
        rate = entry["wins"] / entry["games"]
        table.add_row(kind, str(entry["games"]), str(entry["wins"]), f"{rate:.1%}", f"{mean:.1f}")
    return table


def cmd_demo(args) -> int:
    for players in (2, 4):
        game = florentine_envs.make("medici", num_players=players)
        results = demo_match(game, args.games)
        title = f"Medici, {players} players: 1 heuristic vs {players - 1} random, {args.games} games, seats rotated"
        console.print(results_table(title, results))
    return 0


# ------------------------------------------------------------------------------ bench


def cmd_bench(args) -> int:
    from training.bench import run_benchmarks

    games = [args.game] if args.game else florentine_envs.available_games()
    table = Table(title=f"Throughput ({args.seconds:g} s per row, random legal actions, sampling included)")
    for col in ("game", "players", "what", "agent-steps/s", "games/s"):
        table.add_column(col, justify="left" if col in ("game", "what") else "right")
    for name in games:
        for row in run_benchmarks(name, args.players, args.seconds):
            table.add_row(row["game"], str(row["players"]), row["what"], f"{row['agent_steps_per_s']:,.0f}",
                          f"{row['games_per_s']:,.1f}")  # fmt: skip
    console.print(table)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="florentine", description="Florentine Games environments")
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", choices=florentine_envs.available_games())
    play.add_argument("--players", required=True, help="comma-separated seats: human, heuristic or random")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option, repeatable")
    play.set_defaults(func=cmd_play)

    demo = sub.add_parser("demo", help="heuristic against random agents, results table")
    demo.add_argument("--games", type=int, default=2000)
    demo.set_defaults(func=cmd_demo)

    bench = sub.add_parser("bench", help="throughput of the AEC loop, the engine and the reference")
    bench.add_argument("game", nargs="?", choices=florentine_envs.available_games())
    bench.add_argument("--players", type=int, default=4)
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.set_defaults(func=cmd_bench)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
