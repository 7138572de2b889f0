"""A rule-based player for The Princes of Florence, batched, reading only its observation and the mask.

What it may see. Its observation (SPEC V): its own hand (Professions, Bonus and Prestige cards),
the cards it has drawn, every principality (buildings, landscapes, Freedoms, Jesters, Builders,
free cells), everyone's money and fame, card counts, the auction and the characters, and the
component data, which is public. Never another hand, a deck order or another player's draw; a test
re-draws all of that and checks the actions do not change.

How it thinks. Everything is priced in money units (100 Florin); a prestige point is worth
``FAME`` units, since a work pays 100 Florin per point or one point of fame per 200 Florin.

* **The hand decides the plan.** Each Profession in hand *wants* its building, landscape and
  Freedom (a work gets 4, 3 and 3 for them). At the set-up it returns the card that shares the
  least with the other three; a drawn Profession is kept for what it already has.
* **Auctions.** Each object gets a value: a landscape the hand wants (3 per Profession that
  wants it, plus the 3 points of a second of a kind), a Jester (+2 to every later work: about
  ``WORKS_PER_ROUND`` works a round), a Builder (the build cost it saves on the buildings the hand
  wants, plus its points), a Prestige card (more the later: it is scored at the end with the
  best of five), a Recruiting card (a card for every later work). It opens the object with the
  best surplus over the opening bid, bids up to the value as long as its money lasts (never on
  fame early), and withdraws when nothing is worth the opening bid.
* **Actions.** A free character action first (Cardinal, Merchant, Professor); then, with two
  actions left, the building or Freedom the hand wants (so the work that follows gets it); then
  the best work (the Princess's, or the Profession with the highest value); then other wanted
  buildings / Freedoms, a new Profession when the hand runs dry, a Bonus card when no work
  reaches the minimum, a cheap building for its points; otherwise it ends the turn.
* **A work** plays Bonus cards, best first, only as far as the minimum needs them (all of them
  in the last round), and takes its pay as fame except for the money it wants to keep for the
  next round (``RESERVE``; nothing in the last round).
* **Placement** packs pieces: the placement leaving the fewest free cells around it.

* **Cooperative building** (option ``cooperative``): :mod:`florentine_envs.agents.princes_coop_heuristic`.

Everything is vectorised over the rows of the batch (loops run only over pieces, stacks and
characters), so a batch gives the same actions as its games one at a time. Legal actions it has
no rule for get the lowest score and are chosen only when nothing else is legal.
"""

from __future__ import annotations

import numpy as np

from florentine_envs.games.princes.constants import (
    A_BONUS,
    A_BUILD,
    A_CARDINAL,
    A_CHAR_BID,
    A_DONE,
    A_END_TURN,
    A_FREEDOM,
    A_LANDSCAPE,
    A_MERCHANT_FAME,
    A_MERCHANT_PAY,
    A_OPEN,
    A_PASS,
    A_PRESTIGE,
    A_PRINCESS,
    A_PROFESSION,
    A_PROFESSOR_BONUS,
    A_PROFESSOR_PRESTIGE,
    A_RAISE,
    A_RECRUIT,
    A_TAKE_BONUS,
    A_TAKE_PROFESSION,
    A_WITHDRAW,
    C_BANKER,
    C_CARDINAL,
    C_MERCHANT,
    C_MUSE,
    C_PRINCESS,
    C_PROFESSOR,
    CHAR_SPACES,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_PIECES,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    NUM_STACKS,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    PH_KEEP,
    PH_LANDSCAPE_PICK,
    PH_PLACE,
    PH_RECRUIT_NOW,
    PH_SETUP_DISCARD,
    PH_WORK_BONUS,
    PH_WORK_PAY,
    S_BUILDER,
    S_JESTER,
    S_PRESTIGE,
    S_RECRUITING,
)
from florentine_envs.games.princes.data import FEATURE, FEATURES
from florentine_envs.games.princes.observation import (
    _BUILDERS,
    _BUILT,
    _EMPTY,
    _FAME,
    _FREE,
    _HAND,
    _HAND_RECRUIT,
    _JESTERS,
    _LAND,
    _MONEY,
    _PRESTIGE,
    _TABLE,
    _TABLE_RECRUIT,
    PLAYER_BLOCK,
)
from florentine_envs.games.princes.solo_observation import SOLO_OFFSETS

from .base import Agent
from .princes_coop_heuristic import CoopPlanner

UNSCORED = -1e9  # legal but not considered: chosen only when nothing else is legal
_F = FEATURE


def _bits(masks: np.ndarray, cells: int) -> np.ndarray:
    """float32[..., cells]: the cells of uint64 masks as 0/1."""
    shifts = np.arange(cells, dtype=np.uint64)
    return ((masks[..., None] >> shifts) & np.uint64(1)).astype(np.float32)


class PrincesHeuristic(Agent):
    name = "heuristic"

    #: money units per prestige point (a work pays 1 unit per point, or 1 point per 2 units)
    FAME = 2.0
    #: works a player completes per round, for the worth of a Jester or a Recruiting card
    WORKS_PER_ROUND = 1.2
    #: money kept back from a work's pay for the next round, by round (the last round: none)
    RESERVE = (12, 12, 11, 10, 9, 7, 0)
    #: share of a value bid at auction (a bargain is the point of an auction)
    BID_SHARE = 0.8

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        T = self.T = game.T
        self.P = game.seats  # seats at the table (the solo game: you, Wolfgang and the dummies)
        self.solo = bool(getattr(game, "solo", False))
        #: seats whose principalities the Prestige cards compare (solo: you and Wolfgang, D54)
        self.scored = 2 if self.solo else self.P
        self.rounds = T.num_rounds
        self.prof_building = np.eye(NUM_BUILDINGS)[T.prof_building]  # [21, 10]
        self.prof_landscape = np.eye(3)[T.prof_landscape]  # [21, 3]
        self.prof_freedom = np.eye(3)[T.prof_freedom]  # [21, 3]
        self.size_onehot = np.eye(3)[T.building_size]  # [10, 3]
        self.halo = _bits(T.halo, T.num_cells)  # [13, 8 * cells, cells]
        self.L = game.obs_layout
        #: the cooperative building decisions (option ``cooperative``), or None
        self.coop = CoopPlanner(self) if getattr(game, "cooperative", False) else None

    # ------------------------------------------------------------- reading the observation

    def _blocks(self, obs: np.ndarray) -> np.ndarray:
        """float32[n, P, 180]: the player blocks, the observer first."""
        return self.field(obs, "players").reshape(len(obs), self.P, PLAYER_BLOCK)

    def _features(self, blocks: np.ndarray, prestige_own: np.ndarray) -> np.ndarray:
        """float64[n, P, F]: every seat's features (SPEC F) from the public blocks."""
        n, P = blocks.shape[:2]
        T = self.T
        out = np.zeros((n, P, len(FEATURES)))
        built = blocks[..., _BUILT : _BUILT + NUM_BUILDINGS]
        by_size = built @ self.size_onehot
        land = blocks[..., _LAND : _LAND + 3]
        free = blocks[..., _FREE : _FREE + 3]
        out[..., _F["buildings"]] = built.sum(-1)
        out[..., _F["large"] : _F["small"] + 1] = by_size
        out[..., _F["sizes"]] = (by_size > 0).sum(-1)
        out[..., _F["forests"] : _F["parks"] + 1] = land
        out[..., _F["landscapes"]] = land.sum(-1)
        out[..., _F["landscape_types"]] = (land > 0).sum(-1)
        out[..., _F["freedoms"]] = free.sum(-1)
        out[..., _F["travel"] : _F["opinion"] + 1] = free
        out[..., _F["jesters"]] = blocks[..., _JESTERS]
        out[..., _F["builders"]] = blocks[..., _BUILDERS]
        out[..., _F["prestige_cards"]] = blocks[..., _PRESTIGE]
        out[:, 0, _F["prestige_cards"]] = np.maximum(out[:, 0, _F["prestige_cards"]], prestige_own)
        others = out[..., [_F["jesters"], _F["builders"], _F["prestige_cards"], _F["freedoms"]]] > 0
        kinds = np.concatenate([land > 0, others], -1)
        out[..., _F["categories"]] = kinds.sum(-1)
        out[..., _F["hand_cards"]] = blocks[..., _HAND] + blocks[..., _HAND_RECRUIT]
        table = blocks[..., _TABLE : _TABLE + NUM_PROFESSIONS].sum(-1)
        out[..., _F["table_cards"]] = table + blocks[..., _TABLE_RECRUIT]
        out[..., _F["empty"]] = blocks[..., _EMPTY : _EMPTY + T.num_cells].sum(-1)
        return out

    def _prestige_points(self, feats: np.ndarray) -> np.ndarray:
        """float64[n, 14]: what each Prestige card would score for the observer now."""
        T = self.T
        value = feats[:, : self.scored, T.prestige_feature]  # [n, P, 14]
        mine = value[:, 0]
        top, low = value.max(1), value.min(1)
        n_top, n_low = (value == top[:, None]).sum(1), (value == low[:, None]).sum(1)
        most = np.where((mine == top) & (top > 0), np.where(n_top == 1, T.prestige_points, T.prestige_tie), 0)
        fewest = np.where(mine == low, np.where(n_low == 1, T.prestige_points, T.prestige_tie), 0)
        reached = (feats[:, 0, None, :] >= T.prestige_need[None]).all(2)
        at_least = np.where(reached, T.prestige_points, 0)
        kind = T.prestige_kind
        return np.where(kind == 0, most, np.where(kind == 1, fewest, at_least)).astype(np.float64)

    # ------------------------------------------------------------- acting

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        obs = np.asarray(obs, np.float32)
        mask = np.asarray(mask, bool)
        n = len(obs)
        T = self.T
        score = np.full((n, mask.shape[1]), UNSCORED)
        phase = self.field(obs, "phase").argmax(1)
        rnd = self.field(obs, "round").argmax(1)
        left = self.rounds - rnd  # rounds left, this one included
        blocks = self._blocks(obs)
        me = blocks[:, 0]
        money, fame = me[:, _MONEY], me[:, _FAME]
        hand = self.field(obs, "own_hand")
        prof_hand = hand[:, :NUM_PROFESSIONS]
        prestige_hand = hand[:, NUM_PROFESSIONS + NUM_BONUS :]
        built = me[:, _BUILT : _BUILT + NUM_BUILDINGS]
        land = me[:, _LAND : _LAND + 3]
        free = me[:, _FREE : _FREE + 3]
        jesters, builders = me[:, _JESTERS], me[:, _BUILDERS]
        feats = self._features(blocks, prestige_hand.sum(1))
        cards = feats[:, 0, _F["hand_cards"]] + feats[:, 0, _F["table_cards"]]

        # What a Profession's work is worth now (its own parts), and what the hand wants.
        has_land = (self.prof_landscape @ land.T).T > 0  # [n, 21]
        has_free = (self.prof_freedom @ free.T).T > 0
        has_built = (self.prof_building @ built.T).T > 0
        own_parts = T.value_landscape * has_land + T.value_freedom * has_free + T.value_building * has_built
        base = own_parts + T.value_jester * jesters[:, None] + T.value_card * cards[:, None]
        want_building = (prof_hand @ self.prof_building) * (1 - built)  # [n, 10]
        want_land = (prof_hand @ self.prof_landscape) * (land == 0)  # [n, 3]
        want_free = (prof_hand @ self.prof_freedom) * (1 - free)  # [n, 3]
        bonus_value = feats[:, 0] @ T.bonus_coef.T  # [n, 20]
        n_prof = prof_hand.sum(1)

        # ---- set-up: return the card sharing least with the rest of the hand
        same = (self.prof_building @ self.prof_building.T) * 2 + self.prof_landscape @ self.prof_landscape.T
        same = same + self.prof_freedom @ self.prof_freedom.T  # [21, 21], the diagonal counts itself
        synergy = prof_hand @ same - np.diag(same)  # [n, 21]
        rows = phase == PH_SETUP_DISCARD
        score[rows, A_PROFESSION : A_PROFESSION + NUM_PROFESSIONS] = -synergy[rows]

        # ---- auctions
        obj = self._object_values(obs, rnd, left, want_land, land, want_building, builders, n_prof)  # [n, 7]
        limit = np.minimum(obj * self.BID_SHARE, np.where(rnd == self.rounds - 1, money + fame, money)[:, None])
        price = np.where(self.field(obs, "auction")[:, -1] > 0, T.lone_price, T.opening_bid)
        rows = phase == PH_AUCTION_CHOOSE
        score[rows, A_WITHDRAW] = 0.0
        surplus = limit - price[:, None]
        score[rows, A_OPEN : A_OPEN + NUM_STACKS] = np.where(surplus[rows] >= 0, 1.0 + surplus[rows], UNSCORED / 2)
        rows = phase == PH_AUCTION_BID
        auction = self.field(obs, "auction")
        stack = auction[:, NUM_STACKS : 2 * NUM_STACKS + 1].argmax(1)
        bid = auction[:, 2 * NUM_STACKS + 1]
        stack_limit = np.take_along_axis(np.pad(limit, ((0, 0), (0, 1))), stack[:, None], 1)[:, 0]
        score[rows, A_PASS] = 0.0
        # the solo game's AUCTION_BID: ``raise`` buys at the rolled price ``bid`` (SPEC SA)
        price_to_pay = bid if self.solo else bid + T.raise_step
        score[rows, A_RAISE] = np.where(price_to_pay[rows] <= stack_limit[rows], 1.0, -1.0)
        if self.solo:
            self._solo_choose(obs, phase, limit, score)
        rows = phase == PH_LANDSCAPE_PICK
        score[rows, A_LANDSCAPE : A_LANDSCAPE + 3] = self._landscape_values(want_land, land)[rows]

        # ---- drawn cards: keep the best
        rows = phase == PH_KEEP
        drawn_prof_value = own_parts + 2.0 * (prof_hand @ same) / 4.0
        score[rows, A_PROFESSION : A_PROFESSION + NUM_PROFESSIONS] = drawn_prof_value[rows]
        score[rows, A_BONUS : A_BONUS + NUM_BONUS] = bonus_value[rows]
        prestige = self._prestige_points(feats) + T.prestige_points / 10.0  # ties: the bigger card
        score[rows, A_PRESTIGE : A_PRESTIGE + NUM_PRESTIGE] = prestige[rows]

        # ---- recruiting: take a Profession from a table when it fits this principality
        recruit = np.where(own_parts >= 6, 60.0 + own_parts, UNSCORED / 2)
        rows = phase == PH_RECRUIT_NOW
        score[rows, A_PASS] = 0.0
        score[rows, A_RECRUIT : A_RECRUIT + NUM_PROFESSIONS] = recruit[rows] - 60.0

        # ---- characters
        self._characters(obs, phase, rnd, money, bid, score)

        # ---- the action phase
        rows = phase == PH_ACTION
        if self.coop is not None:  # a proposal weighs building alone: the builder's scores too
            rows = rows | np.isin(phase, self.coop.builder_phases)
        if rows.any():
            self._actions(obs, mask, rows, score, base, want_building, want_free, builders, money, n_prof, recruit, rnd)

        # ---- a work: Bonus cards as far as the minimum needs them; the pay split
        rows = phase == PH_WORK_BONUS
        last = rnd == self.rounds - 1
        score[rows, A_DONE] = np.where(last[rows], -1.0, 0.0)
        score[rows, A_BONUS : A_BONUS + NUM_BONUS] = np.where(last[rows, None], bonus_value[rows], UNSCORED / 2)
        short = rows & ~mask[:, A_DONE]
        score[short, A_BONUS : A_BONUS + NUM_BONUS] = bonus_value[short]
        rows = phase == PH_WORK_PAY
        if rows.any():
            work_value = self.field(obs, "work")[:, -1]
            reserve = np.asarray(self.RESERVE, np.float64)[rnd]
            target = np.floor((money + work_value - reserve) / T.florin_per_fame_taken * T.florin_per_work_point)
            choices = np.arange(self.game.fame_choices)
            fame_ids = slice(self.game.a_fame, self.game.a_fame + len(choices))  # the cooperative ids follow
            score[rows, fame_ids] = -np.abs(choices[None, :] - np.maximum(target[rows, None], 0))

        # ---- placement: pack tightly
        rows = np.flatnonzero(phase == PH_PLACE)
        if rows.size:
            piece = self.field(obs, "placing")[rows].argmax(1)
            empty = me[rows, _EMPTY : _EMPTY + T.num_cells]
            for q in range(NUM_PIECES):
                sel = piece == q
                if sel.any():
                    free_around = empty[sel] @ self.halo[q].T  # [m, 8 * cells]
                    score[rows[sel], self.game.a_place : self.game.a_fame] = -free_around

        if self.coop is not None:
            self.coop.score(obs, phase, rnd, score)
        score = np.where(mask, score, -np.inf)
        return score.argmax(1)

    # ------------------------------------------------------------- values

    def _solo_choose(self, obs, phase, limit, score) -> None:
        """The solo auction (SPEC SA): auction the object whose worth most exceeds its expected
        price (the card's modifier + 3.5 + 1, or 200 in the final auction); withdraw when none does."""
        rows = phase == PH_AUCTION_CHOOSE
        if not rows.any():
            return
        solo = self.field(obs, "solo")
        at = SOLO_OFFSETS["top_panel"]
        top = solo[:, at : at + 4 * NUM_STACKS].reshape(len(obs), NUM_STACKS, 4)  # has mod, mod, place, excluded
        final = solo[:, SOLO_OFFSETS["auction"] + 1] > 0
        expected = np.where(final[:, None], self.game.ST.final_price, top[:, :, 1] + 4.5)
        surplus = limit - expected
        score[rows, A_WITHDRAW] = 0.0
        score[rows, A_OPEN : A_OPEN + NUM_STACKS] = np.where(surplus[rows] >= 0, 1.0 + surplus[rows], UNSCORED / 2)

    def _landscape_values(self, want_land: np.ndarray, land: np.ndarray) -> np.ndarray:
        """float64[n, 3]: a landscape's worth: 3 per Profession in hand that wants it, and the
        points of another of a kind already owned."""
        T = self.T
        return 1.0 + T.value_landscape * want_land + self.FAME * T.extra_landscape_points * (land > 0)

    def _object_values(self, obs, rnd, left, want_land, land, want_building, builders, n_prof) -> np.ndarray:
        """float64[n, 7]: what each auction object is worth to the observer, in money units."""
        T = self.T
        n = len(obs)
        values = np.zeros((n, NUM_STACKS))
        lv = self._landscape_values(want_land, land)
        values[:, :3] = lv
        if T.single_landscape:
            values[:, 0] = lv.max(1)
        works = self.WORKS_PER_ROUND * (left - 1) + 1.0  # works still to come, this round's included
        values[:, S_JESTER] = 0.5 * T.value_jester * works
        values[:, S_RECRUITING] = 0.3 * T.value_card * works + 1.0
        values[:, S_PRESTIGE] = 1.0 + 1.2 * rnd
        nb = builders.astype(np.int64)
        nxt = np.minimum(nb + 1, T.max_builders)
        planned = np.minimum(want_building.astype(bool).sum(1) + 1, np.maximum(left - 1, 0) + 1)
        saving = (T.build_cost[nb] - T.build_cost[nxt]) * planned * 0.5
        values[:, S_BUILDER] = np.where(nb < T.max_builders, saving + self.FAME * T.builder_points[nxt], 0.0)
        return values

    def _characters(self, obs, phase, rnd, money, bid, score) -> None:
        """Scores of the character auction and of CHAR_USE (the Muse and the Princess)."""
        rows = phase == PH_CHAR_AUCTION
        if rows.any():
            banker = self.field(obs, "characters")[:, -1]
            worth = np.zeros((len(obs), NUM_CHARACTERS))
            worth[:, C_BANKER] = banker - 1.0
            worth[:, C_CARDINAL] = 3.0
            worth[:, C_MERCHANT] = 3.0
            worth[:, C_MUSE] = (rnd + 1) * self.WORKS_PER_ROUND
            worth[:, C_PRINCESS] = 5.0
            worth[:, C_PROFESSOR] = 4.0
            values = np.arange(CHAR_SPACES)
            gain = worth[:, :, None] - values[None, None, :]  # [n, 6, 16]
            affordable = values[None, None, :] <= (money - 3.0)[:, None, None]
            gain = np.where((gain > 0) & affordable, gain, UNSCORED / 2)
            score[rows, A_PASS] = 0.0
            score[rows, A_CHAR_BID : A_CHAR_BID + NUM_CHARACTERS * CHAR_SPACES] = gain.reshape(len(obs), -1)[rows]
        rows = phase == PH_CHAR_USE
        score[rows, A_PASS] = 0.0
        score[rows, A_MERCHANT_PAY] = bid[rows]
        score[rows, A_MERCHANT_FAME] = 2.5
        score[rows, A_PROFESSOR_PRESTIGE] = np.where(rnd[rows] >= 3, 3.5, 2.0)
        score[rows, A_PROFESSOR_BONUS] = 3.0

    def _actions(self, obs, mask, rows, score, base, want_building, want_free, builders, money, n_prof, recruit, rnd):
        """Scores of the ACTION phase for ``rows`` (bool[n])."""
        T = self.T
        turn = self.field(obs, "turn")
        two = turn[:, 0] >= 2
        cost = T.build_cost[builders.astype(np.int64)]
        s = score[rows]
        s[:, A_END_TURN] = 0.0
        # free actions first: they cost nothing
        s[:, A_CARDINAL] = 300.0
        s[:, A_MERCHANT_FAME] = 290.0
        s[:, A_PROFESSOR_PRESTIGE] = np.where(rnd[rows] >= 3, 285.0, UNSCORED / 2)
        s[:, A_PROFESSOR_BONUS] = 280.0
        s[:, A_RECRUIT : A_RECRUIT + NUM_PROFESSIONS] = recruit[rows] + 200.0
        # what the hand wants before the work it improves
        wanted_b = want_building[rows] > 0
        first = np.where(two[rows], 200.0, 50.0)[:, None]
        # another building for its points: when cheap (Builders), or when money is plentiful
        m, c = money[rows], cost[rows]
        spare_build = np.where((c <= 3) & (m >= c + 4), 20.0, 5.0) - 100.0 * (m < c + 6)
        s[:, A_BUILD : A_BUILD + NUM_BUILDINGS] = np.where(wanted_b, first + want_building[rows], spare_build[:, None])
        spare_freedom = np.where(m >= 10, 8.0, -1.0)[:, None]
        s[:, A_FREEDOM : A_FREEDOM + 3] = np.where(want_free[rows] > 0, first - 1.0 + want_free[rows], spare_freedom)
        # the work of the highest value
        s[:, A_PROFESSION : A_PROFESSION + NUM_PROFESSIONS] = 100.0 + base[rows]
        s[:, A_PRINCESS] = 150.0
        s[:, A_TAKE_PROFESSION] = np.where(n_prof[rows] <= 1, 40.0, np.where(n_prof[rows] <= 2, 3.0, -1.0))
        # a Bonus card when the hand holds Professions but none reaches the minimum
        no_work = ~mask[rows, A_PROFESSION : A_PROFESSION + NUM_PROFESSIONS].any(1)
        s[:, A_TAKE_BONUS] = np.where((n_prof[rows] >= 1) & no_work, 30.0, -2.0)
        score[rows] = s


__all__ = ["PrincesHeuristic"]
