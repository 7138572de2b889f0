"""Cooperative building in The Princes of Florence (issue 13): how often neighbours agree, and at
what prices, with the same agent in every seat.

    python -m florentine_envs.training.coop_report --games 200 --players 2-5 --seed 0

plays ``--games`` deals per player count, without and with the characters, with
``cooperative=True`` and, for contrast, the same seeds with ``cooperative=False``; prints one
markdown table (and ``--json PATH`` writes every figure). Per cell:

* **proposals / game**: proposals answered (every proposal ends in an answer, SPEC COOP CM);
* **accepted**: their share; **1st**, **later (n)**: the share for the first proposal since the
  builder's last action and for a later one (after a refusal in the same action; n of them);
* **price**: accepted prices in Florin, mean and median [quartiles]; **vs own cost**: mean of
  the price minus what the partner would have paid to build it alone (his Builders' cost), and
  the share of prices below that cost;
* **shared / game**: shared buildings at the end (one per accepted proposal);
* **winner**, **mean**: mean winning score and mean score, cooperative / base game.

``--mixed A,B`` plays cooperative tables of two heuristics instead (``heuristic``, ``rival=W``
for another weight of the other side's gain, ``refuse`` for one that never proposes and declines
everything): A in ``players // 2`` seats, B in the others, every arrangement of each deal:

    python -m florentine_envs.training.coop_report --mixed refuse,heuristic --players 3-5 --games 60 --seed 1000
    python -m florentine_envs.training.coop_report --mixed rival=0,rival=0.25 --players 2 --games 250 --seed 2000

Read from the state after every step (``play_games``'s ``on_step``): a game in COOP_ANSWER holds
the proposal; the next step answers it, accepted when the game's shared buildings grew.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

import florentine_envs
from florentine_envs.agents import make_agent
from florentine_envs.games.princes.constants import (
    PH_ACTION,
    PH_COOP_ANSWER,
    PH_COOP_PLACE,
    PH_COOP_PRICE,
    PH_COOP_SIDE,
)
from florentine_envs.training.match import play_games


class CoopRecorder:
    """``on_step`` of ``play_games``: every answered proposal of a cooperative Princes batch.

    ``answers`` (after play): dict of int arrays, one entry per answered proposal: ``game``,
    ``builder``, ``partner``, ``building``, ``price`` (100 Florin), ``first`` (the first
    proposal since the builder's last action), ``partner_cost`` (his cost of building alone),
    ``accepted``."""

    def __init__(self, game):
        self.game = game
        self.pending = None  # the proposals awaiting an answer after the last step
        #: decisions in ACTION with an action left but no proposal left (the budget binds there)
        self.budget_spent = 0
        keys = ("game", "builder", "partner", "building", "price", "first", "partner_cost", "accepted")
        self.rows = {k: [] for k in keys}

    @staticmethod
    def shared(state) -> np.ndarray:
        """int[B]: shared buildings of each game (each counts at both partners)."""
        return (state.shared_with >= 0).sum((1, 2)) // 2

    def __call__(self, state) -> None:
        shared = self.shared(state)
        live = ~state.terminated & (state.phase == PH_ACTION)
        self.budget_spent += int((live & (state.actions_left >= 1) & (state.proposals_left == 0)).sum())
        if self.pending is not None:
            games, before, record = self.pending
            for key, values in record.items():
                self.rows[key].append(values)
            self.rows["accepted"].append(shared[games] > before)
        games = np.flatnonzero((state.phase == PH_COOP_ANSWER) & ~state.terminated)
        if games.size:
            CT, T = self.game.CT, self.game.T
            partner = state.prop_partner[games].astype(np.int64)
            record = {
                "game": games,
                "builder": state.prop_builder[games].astype(np.int64),
                "partner": partner,
                "building": state.prop_building[games].astype(np.int64),
                "price": CT.ladder[state.prop_price[games].astype(np.int64)],
                "first": state.proposals_left[games] == CT.proposals,
                "partner_cost": T.build_cost[state.builders[games, partner].astype(np.int64)],
            }
            self.pending = (games, shared[games], record)
        else:
            self.pending = None

    @property
    def answers(self) -> dict[str, np.ndarray]:
        return {k: np.concatenate(v) if v else np.zeros(0, np.int64) for k, v in self.rows.items()}


def play_cell(
    players: int, characters: bool, games: int, seed: int, agent: str = "heuristic", coop_data=None, both=False
) -> dict:
    """One cell: ``games`` seeded games with ``cooperative=True`` and the same seeds without.
    ``coop_data``: a patch of ``princes_coop.json`` (another ladder or budget); ``both``: also
    probe every choice of a side (:class:`BothSidesProbe`)."""
    seeds = np.arange(games) + seed
    out = {"players": players, "characters": characters, "games": games}
    for cooperative in (True, False):
        options = {"data": {"cooperative": coop_data}} if cooperative and coop_data else {}
        game = florentine_envs.make(
            "princes", num_players=players, characters=characters, cooperative=cooperative, **options
        )
        agents = [make_agent(agent, game, seed=s) for s in range(players)]
        recorder = CoopRecorder(game) if cooperative else None
        probe = BothSidesProbe(game, agents) if cooperative and both else None
        final = {}

        def on_step(state, recorder=recorder, probe=probe, final=final):
            if recorder is not None:
                recorder(state)
            if probe is not None:
                probe(state)
            final["state"] = state

        scores, _, _ = play_games(game, agents, seeds, on_step=on_step)
        key = "coop" if cooperative else "base"
        out[f"{key}_winner"] = float(scores.max(1).mean())
        out[f"{key}_mean"] = float(scores.mean())
        if cooperative:
            out.update(summarise(recorder.answers, games))
            out["shared_per_game"] = float(CoopRecorder.shared(final["state"]).mean())
            out["budget_spent"] = recorder.budget_spent / games
            if probe is not None:
                out["both"] = probe.summary()
    return out


class BothSidesProbe:
    """``on_step`` of ``play_games``: what offering a building to both neighbours at once could
    have changed (COOP_NOTES C9, issue 22 item 14). At every COOP_SIDE decision (both sides open)
    it plays the rest of the proposal on a copy of the game once for each side, the agents
    deciding placement, price and answer as they would, and records per side whether the
    partner accepts, the price and the squares on the builder's own board. With offers to both,
    a builder could pick between two acceptances; the sequential rule already lets him turn to
    the other neighbour after a refusal. ``better``: both accept and the side not chosen gives
    the builder more (price less ``SPACE`` per own square, his value's only terms that differ
    between the sides besides the partner's hidden gain)."""

    def __init__(self, game, agents):
        self.game, self.agents = game, agents
        self.rows = []  # (chosen accepts, other accepts, chosen gain, other gain)

    def _finish(self, one, side: int) -> tuple[bool, float]:
        """Play side ``side`` of one game's proposal to its answer: (accepted, builder's gain)."""
        from florentine_envs.agents.princes_coop_heuristic import CoopPlanner  # noqa: PLC0415

        game, CT = self.game, self.game.CT
        before = int(CoopRecorder.shared(one)[0])
        game.step(one, np.array([game.a_coop_side + side]))
        gain = 0.0
        while one.phase[0] in (PH_COOP_PLACE, PH_COOP_PRICE, PH_COOP_ANSWER):
            if one.phase[0] == PH_COOP_ANSWER:
                b, j = int(one.prop_building[0]), int(one.prop_place[0])
                own = int(np.bitwise_count(CT.span_squares[b, j, 0 if side == 1 else 1]))
                gain = float(CT.ladder[one.prop_price[0]]) - CoopPlanner.SPACE * own
            p = int(one.current_player[0])
            game.step(one, self.agents[p].act(game.observe(one, one.current_player), one.legal_action_mask))
        return int(CoopRecorder.shared(one)[0]) > before, gain

    def __call__(self, state) -> None:
        game = self.game
        for g in np.flatnonzero((state.phase == PH_COOP_SIDE) & ~state.terminated):
            one = state.select(int(g))
            p = int(one.current_player[0])
            chosen = int(self.agents[p].act(game.observe(one, one.current_player), one.legal_action_mask)[0])
            chosen -= game.a_coop_side
            acc_c, gain_c = self._finish(state.select(int(g)), chosen)
            acc_o, gain_o = self._finish(state.select(int(g)), 1 - chosen)
            self.rows.append((acc_c, acc_o, gain_c, gain_o))

    def summary(self) -> dict:
        r = np.array(self.rows, np.float64).reshape(-1, 4)
        acc_c, acc_o = r[:, 0] > 0, r[:, 1] > 0
        both = acc_c & acc_o
        better = both & (r[:, 3] > r[:, 2])
        excess = (r[:, 3] - r[:, 2])[better] * 100.0
        return {
            "side_choices": len(r),
            "chosen_accepted": float(acc_c.mean()) if len(r) else float("nan"),
            "other_accepted": float(acc_o.mean()) if len(r) else float("nan"),
            "both_accepted": int(both.sum()),
            "other_better": int(better.sum()),
            "other_better_florin_mean": float(excess.mean()) if excess.size else 0.0,
            "only_other_accepted": int((~acc_c & acc_o).sum()),
        }


class _Refuser:
    """A heuristic's cooperative decisions switched off: it never proposes and declines every
    offer (the contrast of "cooperation pays")."""

    def __init__(self, planner):
        self.builder_phases, self.a_accept, self.a_decline = planner.builder_phases, planner.a_accept, planner.a_decline
        self.answer_phase = planner.phases[3]

    def score(self, obs, phase, rnd, score) -> None:
        rows = phase == self.answer_phase
        score[rows, self.a_accept] = -1.0
        score[rows, self.a_decline] = 0.0


def configured_heuristic(game, spec: str):
    """The heuristic as ``spec`` says: ``heuristic``, ``rival=W`` (the weight of the other side's
    gain, :attr:`~florentine_envs.agents.princes_coop_heuristic.CoopPlanner.RIVAL`) or ``refuse``."""
    from florentine_envs.agents import PrincesHeuristic  # noqa: PLC0415

    agent = PrincesHeuristic(game)
    if spec == "refuse":
        agent.coop = _Refuser(agent.coop)
    elif spec.startswith("rival="):
        agent.coop.rival = float(spec.split("=", 1)[1])
    elif spec != "heuristic":
        raise ValueError(f"coop_report: agent {spec!r}; allowed: heuristic, rival=W, refuse")
    return agent


def mixed_table(players: int, characters: bool, deals: int, seed: int, first: str, second: str) -> dict:
    """Cooperative games with ``first`` in ``players // 2`` seats and ``second`` in the others,
    every distinct arrangement of the seats on each deal: win rate (a shared first place counts
    for each) and mean score per seat of each."""
    import itertools  # noqa: PLC0415

    game = florentine_envs.make("princes", num_players=players, characters=characters, cooperative=True)
    agents = [configured_heuristic(game, first), configured_heuristic(game, second)]
    labels = [0] * (players // 2) + [1] * (players - players // 2)
    arrangements = sorted(set(itertools.permutations(labels)))
    seats = np.array(arrangements * deals)
    seeds = np.repeat(np.arange(deals) + seed, len(arrangements))
    scores, _, ranks = play_games(game, agents, seeds, seats)
    out = {"players": players, "characters": characters, "games": len(seeds)}
    for label, name in enumerate((first, second)):
        mine = seats == label
        out[name] = {"win_per_seat": float((ranks == 1)[mine].mean()), "score": float(scores[mine].mean())}
    return out


def summarise(answers: dict, games: int) -> dict:
    """The negotiation figures of one cell from :attr:`CoopRecorder.answers`."""
    acc, first = answers["accepted"].astype(bool), answers["first"].astype(bool)
    price = answers["price"][acc] * 100.0
    below = (answers["price"] - answers["partner_cost"])[acc] * 100.0

    def share(sel):
        return float(acc[sel].mean()) if sel.any() else float("nan")

    quartiles = np.percentile(price, [25, 50, 75]) if price.size else [float("nan")] * 3
    return {
        "proposals_per_game": acc.size / games,
        "accepted": share(np.ones_like(acc)),
        "accepted_first": share(first),
        "accepted_later": share(~first),
        "proposals_first": int(first.sum()),
        "proposals_later": int((~first).sum()),
        "price_mean": float(price.mean()) if price.size else float("nan"),
        "price_q1": float(quartiles[0]),
        "price_median": float(quartiles[1]),
        "price_q3": float(quartiles[2]),
        "price_minus_own_cost": float(below.mean()) if below.size else float("nan"),
        "below_own_cost": float((below < 0).mean()) if below.size else float("nan"),
        "accepted_per_game": float(acc.sum()) / games,
    }


HEADER = (
    "| players | characters | proposals / game | accepted: all; 1st; later (n) | price, mean; median [Q1, Q3] "
    "| price − partner's own cost; share below it | shared / game | winner: coop / base | mean: coop / base |\n"
    "|---|---|---:|---|---|---|---:|---|---|"
)


def table_row(c: dict) -> str:
    """One markdown row of :data:`HEADER` from a :func:`play_cell` result."""

    def pct(x):
        return "–" if x != x else f"{100 * x:.1f} %"

    def florin(x):
        return "–" if x != x else f"{x:,.0f}"

    return (
        f"| {c['players']} | {'yes' if c['characters'] else 'no'} | {c['proposals_per_game']:.2f} "
        f"| {pct(c['accepted'])}; {pct(c['accepted_first'])}; {pct(c['accepted_later'])} ({c['proposals_later']}) "
        f"| {florin(c['price_mean'])}; {florin(c['price_median'])} [{florin(c['price_q1'])}, {florin(c['price_q3'])}] "
        f"| {florin(c['price_minus_own_cost'])}; {pct(c['below_own_cost'])} | {c['shared_per_game']:.2f} "
        f"| {c['coop_winner']:.1f} / {c['base_winner']:.1f} | {c['coop_mean']:.1f} / {c['base_mean']:.1f} |"
    )


def mixed_line(cell: dict, first: str, second: str) -> str:
    """One line of a :func:`mixed_table` result."""
    parts = [f"{n}: {cell[n]['win_per_seat']:.1%} win / seat, {cell[n]['score']:.1f} points" for n in (first, second)]
    return f"{cell['players']} players, {cell['games']} games: " + " | ".join(parts)


def parse_players(text: str) -> list[int]:
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.split(",")]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m florentine_envs.training.coop_report", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=200, help="games (deals with --mixed) per cell")
    parser.add_argument("--players", default="2-5", help="player counts: 2-5 or 2,4")
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    parser.add_argument("--agent", default="heuristic", help="the agent in every seat (make_agent name)")
    parser.add_argument("--json", metavar="PATH", help="also write every figure to this JSON file")
    parser.add_argument(
        "--mixed", metavar="A,B",
        help="instead: mixed tables, A in players // 2 seats and B in the others (heuristic, rival=W, refuse)",
    )  # fmt: skip
    parser.add_argument("--characters", action="store_true", help="with --mixed: with the Muse and the Princess")
    parser.add_argument(
        "--coop-data", metavar="JSON",
        help="a patch of princes_coop.json for the cooperative games, e.g. "
        '\'{"negotiation": {"proposals_per_action": 4}}\'',
    )  # fmt: skip
    parser.add_argument(
        "--both", action="store_true",
        help="also probe every choice of a side: would the other neighbour have accepted, and paid more?",
    )  # fmt: skip
    args = parser.parse_args(argv)
    coop_data = json.loads(args.coop_data) if args.coop_data else None
    if args.mixed:
        first, second = args.mixed.split(",")
        cells = []
        for players in parse_players(args.players):
            cells.append(mixed_table(players, args.characters, args.games, args.seed, first, second))
            print(mixed_line(cells[-1], first, second), flush=True)
    else:
        cells = []
        print(HEADER)
        for players in parse_players(args.players):
            for characters in (False, True):
                cells.append(play_cell(players, characters, args.games, args.seed, args.agent, coop_data, args.both))
                print(table_row(cells[-1]), flush=True)
                print(f"  ACTION decisions with no proposal left, per game: {cells[-1]['budget_spent']:.3f}")
                if args.both:
                    print("  both sides:", json.dumps(cells[-1]["both"]), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(cells, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
