"""The reference game, :class:`FlorenzaCardsReference`: the options, the decision state, the
legal actions of the pending decision, stepping (forced decisions played) and the invariants;
the rules themselves are its parts ``setup.py``, ``actions.py``, ``rounds.py``,
``scoring.py`` and ``observation.py``."""

from __future__ import annotations

import operator

import numpy as np

from .actions import Actions
from .encoding import (
    ACTION,
    BARTER_GIVE,
    BARTER_TAKE,
    CAPTAIN_CHOICE,
    EXCHANGE_GIVE_1,
    EXCHANGE_GIVE_2,
    EXCHANGE_TAKE,
    GAME_OVER,
    HIRE,
    KEEP,
    LOCATION_MODES,
    MERCHANT_CHOICE,
    NUM_RESOURCES,
    REWARD_MODES,
    ActionIds,
)
from .observation import Observation, obs_fields
from .rounds import Rounds
from .scoring import Scoring
from .setup import SetUp
from .tables import Tables, load_data


class FlorenzaCardsReference(Rounds, Actions, Scoring, Observation, SetUp):
    """One game of Florenza: The Card Game, stepped one decision at a time."""

    def __init__(
        self, num_players: int, seed: int, guilds: bool = True, reward: str = "win", data=None, locations: str = "all"
    ):
        # RB: "2-4 players" (game box); SPEC §1 options.
        if not isinstance(num_players, (int, np.integer)) or isinstance(num_players, bool) or not 2 <= num_players <= 4:
            raise ValueError(f"florenza_cards reference: num_players must be 2, 3 or 4, got {num_players!r}")
        if not isinstance(guilds, (bool, np.bool_)):
            raise ValueError(f"florenza_cards reference: guilds must be True or False, got {guilds!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"florenza_cards reference: reward={reward!r}; allowed: {REWARD_MODES}")
        if locations not in LOCATION_MODES:
            raise ValueError(f"florenza_cards reference: locations={locations!r}; allowed: {LOCATION_MODES}")
        P = self.num_players = int(num_players)
        self.seed = int(seed)
        self.guilds = bool(guilds)
        self.reward_mode = reward
        T = self.T = Tables(load_data(data), P, self.guilds, locations)
        self.A = ActionIds(T)
        self.num_actions = self.A.NUM_ACTIONS
        self.fields = obs_fields(P, T)
        self.obs_size = sum(size for _, size in self.fields)

        # -- decision state
        self.phase = ACTION
        self.current_player = 0
        self.terminated = False
        self.truncated = False  # SPEC §1: no turn limit
        self.rewards = [0.0] * P
        self.scores = [0] * P
        self.final_rank = [0] * P
        self.round = 1
        self.slot = 0
        self.offset = 0
        self.pending_card = -1
        self.pending_monument = -1
        self.pending_types: list[int] = []
        self.given = [0] * NUM_RESOURCES

        self.setup()
        self._flow = self._play()
        self._send(None)
        self._play_forced()

    # =================================================================== LEGAL ACTIONS

    def legal_actions(self) -> list[int]:
        """The legal action ids of the pending decision (SPEC §6), ascending."""
        if self.terminated:
            return []
        T, A, p = self.T, self.A, self.current_player
        phase = self.phase
        if phase == ACTION:
            legal = [A.PLAY + k for k in range(T.K) if self.can_play(p, k)]
            legal += [A.COMPLETE + m for m in range(T.M) if self.can_complete(p, m)]
            legal += [A.RESERVE_MONUMENT + m for m in range(T.M) if self.mon_state[m] == "row"]
            on_table = self.table_count()
            legal += [A.RESERVE_ARTIST + a for a in range(T.AK) if on_table[a]]
            legal += [A.LOCATION + loc for loc in range(T.L) if self.can_activate(p, loc)]
            if self.supply_money >= int(T.c["send_workers_money"]):
                legal.append(A.WORKERS)
            if self.supply_money >= int(T.c["market_sell_price"]):
                legal += [A.MARKET_SELL + r for r in range(NUM_RESOURCES) if self.res[p][r] >= 1]
            if self.money[p] >= int(T.c["market_buy_price"]):
                legal += [A.MARKET_BUY + r for r in range(NUM_RESOURCES) if self.supply[r] >= 1]
            if sum(self.res[p]) >= 2:
                legal.append(A.MARKET_EXCHANGE)
            if self.deck:
                legal.append(A.INSPIRATION)
            return legal or [A.PASS]
        if phase == HIRE:
            return sorted(a for a, price in self.hire_options(p, self.pending_types) if self.money[p] >= price)
        resources = range(NUM_RESOURCES)
        if phase == EXCHANGE_GIVE_1:
            legal = [r for r in resources if self.res[p][r] >= 2 or (self.res[p][r] >= 1 and any(
                self.res[p][r2] >= 1 for r2 in range(r + 1, NUM_RESOURCES)))]  # fmt: skip
        elif phase == EXCHANGE_GIVE_2:
            first = min(r for r in resources if self.given[r])
            legal = [r for r in resources if r >= first and self.res[p][r] >= 1]
        elif phase == EXCHANGE_TAKE or phase == MERCHANT_CHOICE:
            legal = [r for r in resources if self.supply[r] >= 1]
        elif phase == BARTER_GIVE:
            legal = [r for r in resources if self.can_barter_give(p, r)]
        elif phase == BARTER_TAKE:
            legal = [r for r in resources if not self.given[r] and self.supply[r] >= 1]
        elif phase == CAPTAIN_CHOICE:
            legal = [r for r in resources if self.supply[r] >= self.num_players]
        elif phase == KEEP:
            return [A.KEEP + k for k in range(T.K) if self.hand[p][k] >= 1]
        else:
            raise AssertionError(f"phase {phase}")
        return [A.RESOURCE + r for r in legal]

    def legal_action_mask(self) -> np.ndarray:
        """bool[num_actions]: the legal actions of ``current_player`` now."""
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[self.legal_actions()] = True
        return mask

    # =================================================================== STEPPING

    def step(self, action: int) -> None:
        """Apply ``action`` for ``current_player``, then every forced decision (SPEC §6:
        "whenever the pending decision has exactly one legal action ..., the engine plays it
        itself"). Illegal input raises ``ValueError`` and changes nothing."""
        legal = self.legal_actions()
        try:
            a = operator.index(action)
        except TypeError:
            a = None
        if a is None or a not in legal:
            why = "the game is over" if self.terminated else "it is not legal now"
            raise ValueError(
                f"florenza_cards reference: action {action!r} cannot be played: {why}; legal actions: {legal}"
            )
        self.rewards = [0.0] * self.num_players
        self._send(a)
        self._play_forced()

    def _send(self, action) -> None:
        try:
            self._flow.send(action)
        except StopIteration:
            assert self.terminated

    def _play_forced(self) -> None:
        while not self.terminated:
            legal = self.legal_actions()
            if len(legal) >= 2:
                return
            if not legal:
                raise RuntimeError(f"florenza_cards reference: no legal action in phase {self.phase}")
            self._send(legal[0])

    # =================================================================== INVARIANTS

    def check_invariants(self) -> None:
        """SPEC §11: every card in one place, supplies conserved, limits kept. ``ValueError``."""
        T, P = self.T, self.num_players
        waiting = [
            (T.deck_copies["II"][k] if self.round == 1 else 0) + (T.deck_copies["III"][k] if self.round <= 2 else 0)
            for k in range(T.K)
        ]
        for k in range(T.K):
            where = self.deck.count(k) + waiting[k] + (1 if self.pending_card == k else 0)
            where += sum(self.hand[q][k] + self.discard[q][k] + int(self.in_play[q][k]) for q in range(P))
            if where != T.n[k]:
                raise ValueError(f"card {T.card_id[k]}: {where} copies found, {T.n[k]} in the game")
        for r in range(NUM_RESOURCES):
            held = self.supply[r] + sum(self.res[q][r] for q in range(P))
            if held != T.supply0[r] or self.supply[r] < 0 or min(self.res[q][r] for q in range(P)) < 0:
                raise ValueError(f"resource {T.resources[r]} not conserved: supply {self.supply[r]}, total {held}")
        if self.supply_money + sum(self.money) != T.money0 or self.supply_money < 0 or min(self.money) < 0:
            raise ValueError(f"money not conserved: supply {self.supply_money}, players {self.money}")
        for q in range(P):
            preachers = sum(1 for k in range(T.K) if self.in_play[q][k] and T.card_class[k] == "preacher")
            if preachers > 1:
                raise ValueError(f"seat {q} has {preachers} preachers in play")
        for states, owners, owned in ((self.mon_state, self.mon_owner, ("reserved", "pending", "completed")),
                                      (self.art_state, self.art_owner, ("reserved", "hired"))):  # fmt: skip
            for state, owner in zip(states, owners):
                if (state in owned) != (0 <= owner < P):
                    raise ValueError(f"a monument or artist {state!r} has owner {owner}")
        if sorted(self.row, key=lambda m: (-T.mon_prestige[m], self.mon_pos[m])) != self.row:
            raise ValueError(f"monument row out of order: {self.row}")
        if sorted(m for m in range(T.M) if self.mon_state[m] == "row") != sorted(self.row):
            raise ValueError("monument row and monument states disagree")
        if any(self.mon_state[self.mon_order[i]] != "deck" for i in range(self.mon_drawn, T.M)):
            raise ValueError("an undrawn monument left the deck")
        if any(self.art_state[self.art_order[i]] != "deck" for i in range(self.art_drawn, T.NA)):
            raise ValueError("an undrawn artist left the deck")
        if self.terminated != (self.phase == GAME_OVER):
            raise ValueError("terminated and phase GAME_OVER disagree")
        if not self.terminated and len(self.legal_actions()) < 2:
            raise ValueError("a live game waits on a decision with fewer than two legal actions")
