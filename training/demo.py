"""``florentine demo``: for every game, two things worth looking at, in about ``seconds`` each.

* **Skill ladder.** Four agents in a round robin at one table size (2 players where the game
  allows it; the solo Princes alone against its Automa): random, the heuristic on a third and on
  two thirds of its decisions (random legal moves on the others), and the heuristic. Seats are
  rotated on duplicate deals (:func:`florentine_envs.training.tournament.schedule`), so every
  rung meets the same cards in every seat. Does the win rate climb with the share of good moves,
  and how far apart do the rungs' scores lie? (Heuristic against random alone wins every game:
  the rungs between show how much each step of skill is worth.)
* **Seat advantage.** The heuristic in every seat at every player count of the game: the win
  rate by position in turn order against the fair share, and the balance study's verdict
  (:func:`florentine_envs.training.balance.report.seat_verdict`). A solo game has no seats to
  compare and skips it.

``agent`` (``florentine demo --agents learned``; any :func:`~florentine_envs.agents.make_agent`
name) plays the seat study in the heuristic's place, at the player counts it can play (the
shipped learned policies exist for 2 and 4 players; the others are named as skipped), and joins
the ladder as a fifth rung above the heuristic: is the first player's advantage the same with
stronger players, and how strong is the agent on the ladder's scale?

Half of ``seconds`` goes to each part (at least one batch each), ``games`` caps the games of
each. Files under ``out/<game>/``: ``ladder.csv``, ``seats.csv`` (not for a solo game),
``demo.json`` and ``demo.png`` (with matplotlib).
"""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path

import numpy as np

import florentine_envs
from florentine_envs.agents import Agent, make_agent
from florentine_envs.testing import random_legal_actions
from florentine_envs.training.extras import installed, skipped_note
from florentine_envs.training.match import play_games
from florentine_envs.training.progress import Ticker, bar, step
from florentine_envs.training.tournament import _json_safe, schedule, summarize

#: (share of the decisions the heuristic takes, label), weakest first
LADDER = ((0.0, "random"), (1 / 3, "33 % heuristic"), (2 / 3, "67 % heuristic"), (1.0, "heuristic"))
LADDER_CHUNK_GAMES = 96  # ladder games per batch (whole rounds): small, so that the time box holds
SEAT_CHUNK_GAMES = 16  # seat-study games per batch, for the same reason (a Firenze game takes ~0.3 s)


class MixedAgent(Agent):
    """The heuristic on a random ``share`` of its decisions, a uniformly random legal move on the others."""

    name = "mixed"

    def __init__(self, game, share: float, seed: int = 0):
        super().__init__(game, seed)
        self.share = share
        self.heuristic = make_agent("heuristic", game, seed=seed)

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        mask = np.asarray(mask, bool)
        actions = random_legal_actions(mask, self.rng)  # int[B]
        chosen = self.rng.random(len(mask)) < self.share  # bool[B] rows the heuristic decides
        if chosen.any():
            actions[chosen] = self.heuristic.act(obs[chosen], mask[chosen])
        return actions


def ladder_table_size(name: str) -> int:
    counts = florentine_envs.player_counts(name)
    return 2 if 2 in counts else min(counts)


def _agent_seed(seed: int, rung: int, chunk: int) -> int:
    return int(np.random.SeedSequence([seed, 0xDE30, rung, chunk]).generate_state(1)[0])


def agent_plays(agent: str, game) -> bool:
    """Whether ``make_agent(agent, game)`` gives an agent (``learned`` has policies for some
    player counts only)."""
    try:
        make_agent(agent, game)
    except ValueError:
        return False
    return True


def play_ladder(name: str, games: int, seconds: float | None, seed: int = 0, progress: bool = True,
                top: str | None = None) -> dict:  # fmt: skip
    """The skill ladder of ``name`` (see the module docstring): per rung its statistics
    (:func:`~florentine_envs.training.tournament.summarize`) and its final scores. ``top``: an
    agent name playing a fifth rung above the heuristic (its ``heuristic_share`` is None)."""
    P = ladder_table_size(name)
    game = florentine_envs.make(name, num_players=P)
    rungs = list(LADDER) + ([(None, top)] if top else [])  # (share or None, label)
    labels = [label for _, label in rungs]
    deal, seats, game_seed, round_games = schedule(labels, P, "cyclic", games, seed)
    per_chunk = max(1, LADDER_CHUNK_GAMES // round_games) * round_games
    table = f"{P} players" if P > 1 else "alone against the Automa"
    shown = bar(len(deal) if seconds is None else seconds, f"{name}: skill ladder, {table}",
                unit="game" if seconds is None else "s", enabled=progress)  # fmt: skip
    ticker = Ticker(shown)
    scores, ranks = [], []
    started, shown_s = time.perf_counter(), 0.0  # with a time box the bar counts seconds
    for chunk, lo in enumerate(range(0, len(deal), per_chunk)):
        if chunk and seconds is not None and time.perf_counter() - started >= seconds:
            break
        agents = [MixedAgent(game, share, _agent_seed(seed, rung, chunk)) if share is not None
                  else make_agent(label, game, seed=_agent_seed(seed, rung, chunk))
                  for rung, (share, label) in enumerate(rungs)]  # fmt: skip
        ticker.reset(f"{sum(len(s) for s in scores):,} games; batch {chunk + 1}")
        got, _, ranked = play_games(game, agents, game_seed[lo : lo + per_chunk], seats[lo : lo + per_chunk],
                                    on_step=ticker if progress else None)  # fmt: skip
        scores.append(got)
        ranks.append(ranked)
        if seconds is None:
            shown.update(len(got))
        else:
            advance = min(time.perf_counter() - started, seconds) - shown_s
            shown.update(advance)
            shown_s += advance
    shown.close()
    G = sum(len(s) for s in scores)
    deal, seats, scores, ranks = deal[:G], seats[:G], np.concatenate(scores), np.concatenate(ranks)
    rated = P > 1 and installed("openskill")  # alone at a table there is no one to be rated against
    with step("skill ladder: bootstrap intervals" + (" and ratings" if rated else ""), enabled=progress):
        rows, _ = summarize(labels, deal, seats, scores, ranks, seed=seed, rated=rated)
    for (share, _), row in zip(rungs, rows):
        row["heuristic_share"] = share
    return {
        "players": P,
        "games": G,
        "deals": int(deal.max()) + 1,
        "fair_share": float((ranks == 1).sum() / ranks.size),  # an equal player's win rate (ties included)
        "rows": rows,
        "scores": [scores[seats == i] for i in range(len(labels))],  # int[n] final scores of each rung
    }


def seat_counts(name: str, agent: str = "heuristic") -> list[int]:
    """The player counts (above 1) of ``name`` at which ``agent`` can take every seat."""
    counts = [p for p in florentine_envs.player_counts(name) if p > 1]
    return [p for p in counts if agent == "heuristic" or agent_plays(agent, florentine_envs.make(name, num_players=p))]


def play_seats(name: str, games: int, seconds: float | None, seed: int = 0, progress: bool = True,
               agent: str = "heuristic"):  # fmt: skip
    """The balance study of ``agent`` in every seat at every player count of ``name`` it plays
    (:func:`seat_counts`; None where there is none, as in a one-player game)."""
    from florentine_envs.training.balance import StudySpec, run_study

    counts = seat_counts(name, agent)
    if not counts:
        return None
    spec = StudySpec(name, players=tuple(counts), agents=agent, games=games, seed=seed,
                     chunk_games=SEAT_CHUNK_GAMES)  # fmt: skip
    about = f" (about {seconds:.0f} s)" if seconds is not None else ""
    at = ", ".join(map(str, counts))
    with step(f"{name}: seat advantage, {agent} in every seat at {at} players{about}", enabled=progress):
        return run_study(spec, max_seconds=seconds, progress=False)


def run_game(name: str, games: int, seconds: float | None, seed: int, out: Path, console, progress: bool = True,
             agent: str = "heuristic"):  # fmt: skip
    """The demo of one game: play both parts, print them, write the files; returns the paths
    written. ``agent``: who takes every seat of the seat study (and a fifth ladder rung)."""
    from rich.text import Text

    from florentine_envs.training.balance.report import seat_verdict

    half = None if seconds is None else seconds / 2
    table = florentine_envs.make(name, num_players=ladder_table_size(name))
    top = agent if agent != "heuristic" and agent_plays(agent, table) else None
    ladder = play_ladder(name, games, half, seed, progress, top=top)
    study = play_seats(name, games, half, seed, progress, agent=agent)
    console.print(ladder_table(name, ladder))
    counts = [p for p in florentine_envs.player_counts(name) if p > 1]
    missing = sorted(set(counts) - set(seat_counts(name, agent)))
    if missing:
        console.print(Text(f"{name}: {agent} cannot take every seat at {', '.join(map(str, missing))} players; "
                           "the seat study skips them"))  # fmt: skip
    seat_cells = [] if study is None else [c for c in study.summary["cells"] if c["kind"] == "main"]
    for cell in seat_cells:
        verdict = seat_verdict(cell["players"], cell["stats"]).replace("**", "")
        who = "the heuristic" if agent == "heuristic" else agent
        console.print(Text(f"{name}, {who} in every seat: {verdict}"))
    return write_files(name, ladder, study, seat_cells, out, agent)


def ladder_table(name: str, ladder: dict):
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from florentine_envs.training.balance.report import fmt

    P = ladder["players"]
    solo = P == 1
    title = (f"{name}: skill ladder {'against the Automa' if solo else f'at {P} players, seats rotated'}; "
             f"{ladder['games']:,} games ({ladder['deals']:,} deals)")  # fmt: skip
    caption = ("win: beating the Automa" if solo else
               f"win: first place (shared counts for each); an equal player wins {100 * ladder['fair_share']:.1f} %; "
               "margin: score minus the others' mean; rating: openskill mu - 3 sigma")  # fmt: skip
    table = Table(title=Text(title), caption=caption, box=box.SIMPLE_HEAD, pad_edge=False)
    columns = ["agent", "games", "win rate [95 % interval]", "mean score"] + ([] if solo else ["margin", "rating"])
    for col in columns:
        table.add_column(col, justify="left" if col == "agent" else "right")
    for row in ladder["rows"]:
        win = fmt({"estimate": row["win_rate"], "low": row["ci_low"], "high": row["ci_high"]}, percent=True)
        cells = [row["agent"], f"{row['games']:,}", win, f"{row['mean_score']:.1f}"]
        if not solo:
            rating = "-" if row["ordinal"] != row["ordinal"] else f"{row['ordinal']:.1f}"  # NaN: not rated
            cells += [f"{row['mean_margin']:+.1f}", rating]
        table.add_row(*cells)
    return table


def write_files(name: str, ladder: dict, study, seat_cells: list[dict], out: Path,
                agent: str = "heuristic") -> dict[str, Path]:  # fmt: skip
    out.mkdir(parents=True, exist_ok=True)
    paths = {"ladder": out / "ladder.csv", "json": out / "demo.json"}
    keys = ["agent", "heuristic_share", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_score",
            "mean_margin", "mu", "sigma", "ordinal"]  # fmt: skip
    with paths["ladder"].open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(keys)
        writer.writerows([row[k] for k in keys] for row in ladder["rows"])
    seats = []
    for cell in seat_cells:
        st = cell["stats"]
        for q in range(cell["players"]):
            win = st[f"win_pos{q}"]
            seats.append({"players": cell["players"], "position": q + 1, "games": st["games"],
                          "win_rate": win["estimate"], "ci_low": win["low"], "ci_high": win["high"],
                          "fair_share": st["win_any"]["estimate"]})  # fmt: skip
    if seats:
        paths["seats"] = out / "seats.csv"
        with paths["seats"].open("w", newline="") as fh:
            writer = csv.DictWriter(fh, list(seats[0]))
            writer.writeheader()
            writer.writerows(seats)
    summary = {"game": name, "seat_agent": agent, "ladder": {k: v for k, v in ladder.items() if k != "scores"},
               "seat_advantage": [{"players": c["players"], **{k: c["stats"][k] for k in (
                   "games", "deals", "win_any", "first_player_advantage")}} for c in seat_cells]}  # fmt: skip
    paths["json"].write_text(json.dumps(_json_safe(summary), indent=1) + "\n")
    if installed("matplotlib"):
        paths["png"] = out / "demo.png"
        plot(name, ladder, study, paths["png"], agent)
    return paths


def skipped() -> list[str]:
    return [] if installed("matplotlib") else [skipped_note("the plots demo.png", "matplotlib")]


def plot(name: str, ladder: dict, study, path: Path, agent: str = "heuristic") -> None:
    """The ladder's win rates and score distributions, and the seat advantage (multiplayer)."""
    from matplotlib.figure import Figure

    from florentine_envs.training.balance import figures

    P, rows = ladder["players"], ladder["rows"]
    solo = P == 1
    fig = Figure(figsize=(10 if solo else 14.5, 4.2), layout="constrained")
    axes = fig.subplots(1, 2 if solo else 3)
    mixed = [row for row in rows if row["heuristic_share"] is not None]
    shares = 100 * np.array([row["heuristic_share"] for row in mixed])

    def rates_of(some):
        rates = 100 * np.array([row["win_rate"] for row in some])
        err = 100 * np.array([[row["win_rate"] - row["ci_low"], row["ci_high"] - row["win_rate"]] for row in some]).T
        return rates, np.nan_to_num(err)

    left = axes[0]
    left.errorbar(shares, *rates_of(mixed), marker="o", capsize=4)
    ticks, tick_labels = list(shares), [f"{s:.0f} %" for s in shares]
    for k, row in enumerate(r for r in rows if r["heuristic_share"] is None):  # the extra rung, right of 100 %
        x = 100 + 25 * (k + 1)
        left.errorbar([x], *rates_of([row]), marker="s", capsize=4, color="tab:red", linestyle="none")
        ticks.append(x)
        tick_labels.append(row["agent"])
    if not solo:
        left.axhline(100 * ladder["fair_share"], color="grey", linestyle="--", linewidth=1,
                     label="an equal player's share")  # fmt: skip
        left.legend(fontsize=8, loc="upper left")
    left.set_xticks(ticks, tick_labels)
    left.set_xlabel("share of the decisions taken by the heuristic (the rest random)")
    left.set_ylabel(("win rate against the Automa" if solo else "win rate") + ", % (95 % interval)")
    left.set_ylim(-3, 103)
    left.set_title("Skill ladder: " + ("alone against the Automa" if solo else f"round robin at {P} players"))
    middle = axes[1]
    middle.boxplot(ladder["scores"], showmeans=True)
    middle.set_xticks(range(1, len(rows) + 1), [row["agent"] for row in rows])
    middle.set_ylabel("final score")
    middle.set_title("Final scores (box: middle half; triangle: mean)")
    if not solo and study is not None:
        figures.positions(study.summary, axes[2])
        axes[2].set_title(f"Seat advantage: {'the heuristic' if agent == 'heuristic' else agent} in every seat")
    what = f"{ladder['games']:,} ladder games" + ("" if study is None else f", {study.num_games:,} seat-study games")
    fig.suptitle(f"{name} ({what})")
    fig.savefig(path, dpi=100)
