"""``FlorenzaReference``: one game through SPEC's interface (masks, observations, step, rewards)."""

from __future__ import annotations

import numpy as np

from .actions import PHASE
from .observation import observe
from .rng import ReferenceRng
from .rules import Decision, Rules
from .tables import Tables, load_tables

DIE_OPTIONS = ("die", "no_die")
REWARD_MODES = ("win", "score")


def final_ranks(scores: list[int], cubes: list[int], florins: list[int]) -> list[int]:
    """SPEC §8 / RB: "If there is a tie, the tied player with the most resources wins, with the most
    money acting as the second tie breaker." Rank 1 + the number of players strictly better."""
    keys = list(zip(scores, cubes, florins))
    return [1 + sum(k > mine for k in keys) for mine in keys]


def terminal_rewards(scores: list[int], ranks: list[int], mode: str) -> list[float]:
    """SPEC §9: "win": the first-ranked share +1, the others share -1 (all tied: 0); "score": own
    score minus the mean of the others'."""
    P = len(scores)
    if mode == "score":
        total = sum(scores)
        return [float(s) - (total - s) / (P - 1) for s in scores]
    w = ranks.count(1)
    if w == P:
        return [0.0] * P
    return [1.0 / w if r == 1 else -1.0 / (P - w) for r in ranks]


class FlorenzaReference:
    """The scalar reference of Florenza (board game, 2nd edition): one game, plain Python.

    Forced moves (a decision with exactly one legal action) are played at once, as the core's
    forced-move loop does (SPEC §6)."""

    def __init__(
        self,
        num_players: int,
        seed: int,
        die: str = "die",
        two_player_variant: bool = True,
        first_game: bool = False,
        reward: str = "win",
        data=None,
        tables: Tables | None = None,
    ):
        if num_players not in (2, 3, 4, 5):
            raise ValueError(f"florenza reference: num_players={num_players!r}; allowed: 2, 3, 4, 5")
        if die not in DIE_OPTIONS:
            raise ValueError(f"florenza reference: die={die!r}; allowed: {DIE_OPTIONS}")
        if reward not in REWARD_MODES:
            raise ValueError(f"florenza reference: reward={reward!r}; allowed: {REWARD_MODES}")
        self.num_players = P = num_players
        self.reward_mode = reward
        self.tables = tables if tables is not None else load_tables(data)
        self.rules = Rules(
            self.tables,
            P,
            ReferenceRng(seed),
            die=die == "die",
            two_player_variant=bool(two_player_variant),
            first_game=bool(first_game),
        )
        self.num_actions = self.rules.A.num_actions
        self.rewards = [0.0] * P
        self.scores = [0] * P
        self.final_rank: list[int] = [0] * P
        self.terminated = False
        self.truncated = False
        self._flow = self.rules.flow()
        self._decision: Decision | None = None
        self._advance(None)
        self.obs_size = len(self.observe(0))

    @property
    def phase(self) -> int:
        return self.rules.phase

    @property
    def current_player(self) -> int:
        return self.rules.current

    @property
    def A(self):
        return self.rules.A

    def legal_actions(self) -> list[int]:
        return [] if self._decision is None else sorted(self._decision.options)

    def legal_action_mask(self) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[self.legal_actions()] = True
        return mask

    def observe(self, player: int) -> np.ndarray:
        return observe(self.rules, player)[0]

    def obs_layout(self) -> dict[str, slice]:
        return observe(self.rules, 0)[1]

    def step(self, action: int) -> None:
        """Apply one legal action; ``ValueError`` (state unchanged) for anything else."""
        if self.terminated:
            raise ValueError("florenza reference: the game is over")
        if action not in self.legal_actions():
            raise ValueError(f"florenza reference: action {action} is illegal; legal: {self.legal_actions()}")
        self.rewards = [0.0] * self.num_players
        self._advance(action)

    def _advance(self, action: int | None) -> None:
        """Send ``action`` into the rules and play forced moves until a real decision or the end."""
        try:
            decision = self._flow.send(action) if action is not None else next(self._flow)
            while len(set(decision.options)) == 1:
                decision = self._flow.send(decision.options[0])
            self._decision = decision
        except StopIteration:
            self._decision = None
            self._finish()

    def _finish(self) -> None:
        r = self.rules
        self.terminated = True
        self.scores = r.final_scores()
        self.final_rank = final_ranks(
            self.scores, [sum(pl.cubes) for pl in r.players], [pl.florins for pl in r.players]
        )
        self.rewards = terminal_rewards(self.scores, self.final_rank, self.reward_mode)
        assert r.phase == PHASE["GAME_OVER"]
