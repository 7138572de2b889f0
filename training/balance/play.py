"""Playing one chunk of a study (the unit of work, local or on a Ray worker) and recording it.

:func:`play_task` plays every game of a :class:`~florentine_envs.training.balance.design.Task` as one batch
(``florentine_envs.training.match.play_games``, so any agent ``florentine_envs.agents.make_agent`` builds plays, search
agents included) and returns per-game arrays. During play, :class:`LeadRecorder` reads the
game's running score (``Game.running_scores``) after every step:

* **lead changes**: how often the sole leader changes to another player (a tie for the lead
  changes nothing: the lead changes when a new sole leader emerges who is not the last one);
* **lead for good**: the decision (counted in the game's ``step_count``) after which the
  eventual winner became sole leader and stayed so to the end, as a fraction of the game's
  decisions (NaN when the game ends in a shared first place); near 1 means the game was
  decided late;
* **winner behind**: the share of the game's decisions after which the eventual winner was
  strictly behind the leader (NaN for a shared first place): Ludii's "drama" in spirit.

Positions in turn order come from the game's ``turn_positions(state) -> int[B, P]`` (the seat at
each position after ``init``) when it has one, else the seats in turn from the first player to
move. Components acquired come from ``Game.acquisitions`` on the finished batch. A game with offices
(``office_names`` and ``office_holders(state) -> int[B, K]``, the seat holding each or -1) also
reports, as components ``office:<name>`` after its own, how many times each player took each
office from another player or a vacancy (a re-election counts nothing): summed over the seats,
how often the office changed hands.
"""

from __future__ import annotations

import numpy as np

import florentine_envs

_GAMES: dict = {}  # (game, players, options as JSON) -> Game: built once per process


def game_for(name: str, players: int, options: dict):
    import json

    key = (name, players, json.dumps(options, sort_keys=True))
    if key not in _GAMES:
        if len(_GAMES) > 32:
            _GAMES.clear()
        _GAMES[key] = florentine_envs.make(name, num_players=players, **options)
    return _GAMES[key]


def component_names_of(game) -> tuple[str, ...]:
    """The game's components, then its offices as ``office:<name>`` (see the module docstring)."""
    return tuple(game.component_names) + tuple(f"office:{name}" for name in getattr(game, "office_names", ()))


class LeadRecorder:
    """``on_step`` callback of ``play_games``: lead statistics from the running scores, and the
    offices taken by each player when the game has offices."""

    def __init__(self, game):
        self.game = game
        self.calls = 0
        self.has_offices = bool(getattr(game, "office_names", ()))

    def __call__(self, state) -> None:
        running = self.game.running_scores(state)  # float32[B, P]
        top = running.max(1)
        leading = running == top[:, None]
        sole = np.where(leading.sum(1) == 1, leading.argmax(1), -1)
        if self.calls == 0:  # after init: nothing happened yet
            B, P = running.shape
            if hasattr(self.game, "turn_positions"):  # the game says its turn order
                self.positions = self.game.turn_positions(state)  # int[B, P] seat at each position
            else:  # seats in turn from the player to move first
                self.positions = (state.current_player[:, None].astype(np.int64) + np.arange(P)) % P
            self.first_player = self.positions[:, 0].copy()
            self.sole = sole
            self.since = np.zeros(B, np.int64)
            self.last_sole = sole.copy()
            self.changes = np.zeros(B, np.int64)
            self.behind = np.zeros((B, P), np.int64)
            self.live = ~state.terminated
            if self.has_offices:
                self.holders = self.game.office_holders(state)  # int[B, K]
                self.taken = np.zeros((B, P, self.holders.shape[1]), np.int64)  # [B, P, K]
        else:
            if self.has_offices:
                holders = self.game.office_holders(state)
                g, k = np.nonzero((holders >= 0) & (holders != self.holders))
                np.add.at(self.taken, (g, holders[g, k], k), 1)
                self.holders = holders
            moved = self.live  # games that took this step (finished games are frozen)
            changed = sole != self.sole
            self.since = np.where(changed, state.step_count, self.since)
            self.sole = sole
            new_leader = (sole >= 0) & (sole != self.last_sole)
            self.changes += new_leader & (self.last_sole >= 0)
            self.last_sole = np.where(sole >= 0, sole, self.last_sole)
            self.behind += (running < top[:, None]) & moved[:, None]
            self.live = ~state.terminated
        self.calls += 1
        self.state = state

    def acquired(self) -> np.ndarray:
        """int16[B, P, C]: ``Game.acquisitions`` of the finished batch, then the offices taken."""
        own = self.game.acquisitions(self.state)
        if self.has_offices:
            own = np.concatenate([own, self.taken], 2)
        return own.astype(np.int16)

    def results(self, ranks: np.ndarray) -> dict[str, np.ndarray]:
        """Per-game lead statistics once every game is over (``ranks``: int[B, P])."""
        length = self.state.step_count.astype(np.int64)
        winners = ranks == 1
        sole_winner = winners.sum(1) == 1
        winner = winners.argmax(1)
        rows = np.arange(length.size)
        with np.errstate(invalid="ignore", divide="ignore"):
            lead_for_good = np.where(sole_winner, self.since / np.maximum(length, 1), np.nan)
            behind = np.where(sole_winner, self.behind[rows, winner] / np.maximum(length, 1), np.nan)
        return {
            "first_player": self.first_player,
            "positions": self.positions,
            "length": length,
            "truncated": self.state.truncated.copy(),
            "lead_changes": self.changes,
            "lead_for_good": lead_for_good,
            "winner_behind": behind,
        }


def play_task(task) -> dict[str, np.ndarray]:
    """Play one chunk; per-game arrays, games deal-major (each deal under every arrangement), and
    under ``"replays"`` the replay dicts of its first ``task.keep`` games."""
    from florentine_envs.agents import make_agent
    from florentine_envs.training.match import play_games
    from florentine_envs.training.replay import ActionRecorder

    game = game_for(task.game, task.players, task.options)
    agents = [make_agent(name, game, seed=seed) for name, seed in zip(task.agents, task.agent_seeds)]
    A = task.arrangements.shape[0]
    seats = np.tile(task.arrangements, (task.deals.size, 1))  # int[G, P]
    seeds = np.repeat(task.seeds, A)
    recorder = LeadRecorder(game)
    kept = ActionRecorder(task.keep)
    scores, _, ranks = play_games(game, kept.wrap(agents), seeds, seats, on_step=recorder)
    names = np.array(task.agents, dtype=object)[seats[: task.keep]]  # object[keep, P] agent by seat
    return {
        "replays": kept.replays(game, seeds, names, scores, "balance"),  # run_study takes these out before merging
        "deal": np.repeat(task.deals, A),
        "arrangement": np.tile(np.arange(A), task.deals.size),
        "seats": seats,
        "scores": scores,
        "ranks": ranks,
        "acquired": recorder.acquired(),
        **recorder.results(ranks),
    }
