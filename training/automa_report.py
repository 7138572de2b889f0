"""What Wolfgang does in The Princes of Florence's solo game (issue 22, item 11): how often he buys
each object and takes each action with a given Automa deck, and how often the agent beats him.

    python -m florentine_envs.training.automa_report --games 200 --seed 1

plays ``--games`` games (the deals ``florentine tournament --seed`` plays) per table (2 and 3
dummies) and difficulty with the same agent (``--agent``, default ``heuristic``; ``--data`` plays
another component data file, e.g. a candidate Automa deck) and prints markdown tables:

* **purchases**: per object, the share of auction phases in which Wolfgang bought it (and
  "nothing" when he could buy none); the agent's own purchases beside them;
* **actions**: per action, the share of his actions (2 a round); each split by where it came
  from: the card's panel, the fallback list, or the exception (complete a work);
  "nothing" counts the actions where none was possible (D52);
* **win**: the agent's wins over Wolfgang (a tie counts as a win, as the tournament does), and
  the mean fame of both;
* **data**: per seat count, the cards on which the top panel's second-highest modifier is tied
  (D45: the final auction then bars more than "the 2 objects").

The counts are read by wrapping the engine's Wolfgang steps on the game instance (the batched
path and the one-game twins); the game's rules are untouched.
"""

from __future__ import annotations

import argparse

import numpy as np

import florentine_envs
from florentine_envs.agents import make_agent
from florentine_envs.core.rng import hash64
from florentine_envs.games.princes.data import AUTOMA_ACTIONS
from florentine_envs.training.match import play_games
from florentine_envs.training.progress import bar
from florentine_envs.training.tournament import _DEAL_STREAM

STACK_NAMES = ("Forest", "Lake", "Park", "Prestige", "Recruiting", "Jester", "Builder")
DIFFICULTIES = ("easy", "standard", "hard")
SOURCES = ("panel", "fallback", "exception")


class WolfgangRecorder:
    """Wraps a solo game's ``_wolf_buys``, ``_wolf_action_choice`` and its one-game twin to count
    what Wolfgang buys and does (``bought`` int[8]: stacks, then nothing; ``actions`` int[6, 3]:
    action kind (last row: nothing possible) by source)."""

    def __init__(self, game):
        self.game = game
        self.bought = np.zeros(len(STACK_NAMES) + 1, np.int64)
        self.you = np.zeros(len(STACK_NAMES) + 1, np.int64)
        self.actions = np.zeros((len(AUTOMA_ACTIONS) + 1, len(SOURCES)), np.int64)
        buys, choice, choice_one = game._wolf_buys, game._wolf_action_choice, game._wolf_action_choice_one

        def wolf_buys(st, g):
            you = st.you_bought[g].astype(np.int64)
            buys(st, g)
            np.add.at(self.bought, np.where(st.wolf_bought[g] >= 0, st.wolf_bought[g], len(STACK_NAMES)), 1)
            np.add.at(self.you, np.where(you >= 0, you, len(STACK_NAMES)), 1)

        def action_choice(st, g, panel):
            rec = (st.hand_prof[g, 1].sum(1), st.hand_recruit[g, 1].copy(), st.round[g].copy())
            chosen, x = choice(st, g, panel)
            self._record(rec, panel, chosen)
            return chosen, x

        def action_choice_one(st, b, panel):
            rec = (st.hand_prof[[b], 1].sum(1), st.hand_recruit[[b], 1].copy(), st.round[[b]].copy())
            kind, x = choice_one(st, b, panel)
            self._record(rec, panel[None], np.array([kind]))
            return kind, x

        game._wolf_buys = wolf_buys
        game._wolf_action_choice = action_choice
        game._wolf_action_choice_one = action_choice_one

    def _record(self, before, panel, chosen) -> None:
        """Count the actions ``chosen`` (int[n]) from the face-down counts and rounds ``before``."""
        prof, recruit, rnd = before
        exception = prof + recruit >= self.game.T.num_rounds - rnd.astype(np.int64)
        in_panel = (panel == chosen[:, None]).any(1)
        source = np.where(exception, 2, np.where(in_panel, 0, 1))
        np.add.at(self.actions, (np.where(chosen >= 0, chosen, len(AUTOMA_ACTIONS)), source), 1)


def play_table(dummies: int, difficulty: str, games: int, seed: int, agent: str, data=None) -> dict:
    """One table: counts of Wolfgang's purchases and actions, the agent's wins and mean fames."""
    game = florentine_envs.make("princes_solo", dummies=dummies, difficulty=difficulty, data=data)
    recorder = WolfgangRecorder(game)
    final = {}

    def on_step(state):
        final["state"] = state

    seeds = hash64(np.uint64(seed), _DEAL_STREAM, np.arange(games))  # the tournament's deals for this seed
    _, _, ranks = play_games(game, [make_agent(agent, game, seed=seed)], seeds, on_step=on_step)
    st = final["state"]
    return {
        "bought": recorder.bought, "you": recorder.you, "actions": recorder.actions,
        "win": float((ranks[:, 0] == 1).mean()), "fame_you": float(st.fame[:, 0].mean()),
        "fame_wolfgang": float(st.fame[:, 1].mean()),
    }  # fmt: skip


def tied_second(dummies: int, data=None) -> list[int]:
    """Automa cards whose second-highest top-panel modifier (none = 0) is shared by two entries."""
    game = florentine_envs.make("princes_solo", dummies=dummies, data=data)
    cards = game.data["automa"]["cards"]
    column = dummies - 2
    out = []
    for i, c in enumerate(cards):
        mods = sorted(
            (0 if e["mod"] is None else e["mod"] if not isinstance(e["mod"], list) else e["mod"][column] or 0)
            for e in c["top"]
        )[::-1]  # fmt: skip
        if mods[1] == mods[2]:
            out.append(i)
    return out


def pct(x: float) -> str:
    return f"{100 * x:.1f}"


def report(cells: dict, games: int, data=None) -> str:
    lines = ["Wolfgang's purchases, % of auction phases (his / yours):", ""]
    head = "| table | " + " | ".join(STACK_NAMES) + " | nothing |"
    lines += [head, "|" + "---|" * (len(STACK_NAMES) + 2)]
    for (dummies, difficulty), c in cells.items():
        n = c["bought"].sum()
        row = [f"{pct(c['bought'][k] / n)} / {pct(c['you'][k] / n)}" for k in range(len(STACK_NAMES) + 1)]
        lines.append(f"| {dummies + 2} seats, {difficulty} | " + " | ".join(row) + " |")
    lines += ["", "Wolfgang's actions, % of his actions (panel + fallback + exception):", ""]
    names = list(AUTOMA_ACTIONS) + ["nothing"]
    lines += ["| table | " + " | ".join(names) + " |", "|" + "---|" * (len(names) + 1)]
    for (dummies, difficulty), c in cells.items():
        a = c["actions"]
        n = a.sum()
        row = [f"{pct(a[k].sum() / n)} ({'+'.join(pct(a[k, j] / n) for j in range(3))})" for k in range(len(names))]
        lines.append(f"| {dummies + 2} seats, {difficulty} | " + " | ".join(row) + " |")
    levels = [x for x in DIFFICULTIES if any(x == d for _, d in cells)]
    lines += ["", f"Agent's wins over Wolfgang ({games} games per cell; a tie counts as a win), mean fame you / him:"]
    lines += ["", "| seats | " + " | ".join(levels) + " |", "|---|" + "---|" * len(levels)]
    for dummies in sorted({d for d, _ in cells}):
        row = []
        for x in levels:
            c = cells[dummies, x]
            row.append(f"{pct(c['win'])} % ({c['fame_you']:.1f} / {c['fame_wolfgang']:.1f})")
        lines.append(f"| {dummies + 2} | " + " | ".join(row) + " |")
    lines += [""]
    for dummies in sorted({d for d, _ in cells}):
        lines.append(f"Cards with a tied second-highest modifier at {dummies + 2} seats: {tied_second(dummies, data)}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--dummies", default="2,3")
    parser.add_argument("--difficulty", default=",".join(DIFFICULTIES))
    parser.add_argument("--data", default=None, help="a component data file to play instead (another Automa deck)")
    args = parser.parse_args(argv)
    tables = [(int(d), difficulty) for d in args.dummies.split(",") for difficulty in args.difficulty.split(",")]
    shown = bar(len(tables), "Automa tables", unit="table")  # stderr: the report goes to stdout
    cells = {}
    for dummies, difficulty in tables:
        cells[dummies, difficulty] = play_table(dummies, difficulty, args.games, args.seed, args.agent, args.data)
        shown.update()
    shown.close()
    print(report(cells, args.games, args.data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
