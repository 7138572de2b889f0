"""The Princes heuristic's cooperative building (option ``cooperative``, SPEC.md section COOP):
what it proposes to a neighbour, at what price, and what it answers.

Everything is priced in money units (100 Florin), a prestige point at ``FAME`` units, as in
:mod:`florentine_envs.agents.princes_heuristic`. It reads only the observation and the mask.

**What a building is worth to seat x** (``U``): its 3 points, plus the +4 it adds to each work of
a Profession of x's hand that wants it (4 units: a work pays 100 Florin per point), at most as
many works as x still has (``WORKS_PER_ROUND`` a round; none after x's last turn), plus what it
adds to x's Bonus cards (buildings, sizes), less ``SPACE`` a square it covers on x's own board.
Prestige cards are left out (scored at the end against everyone; a building's share is small).

**What a deal is worth, for both.** What a deal gives the other side counts against a player's
own gain with weight ``RIVAL`` (he is a rival for the win): 0.25 with 3-5 players, 0 with 2.
The partner accepts price v when ``min(U, cap) - v - RIVAL * G >= 0`` and he can pay v in money
(he never sells fame for it): ``cap`` = his own cost plus an action (``ACTION``) when he could
build it alone, since then the deal only saves him those; ``G`` = what the builder gains, as
anyone can see it: the price, and the building's points less his cost when he could not build
it alone. The weights were chosen in mixed tables (``python -m florentine_envs.training.coop_report --mixed
rival=0,rival=0.25 --players 3,4 --games 150 --seed 2000``: half the seats one weight, half the
other, every arrangement, cooperative=True): 0.25 won as often as or more often than 0, 0.1 and
0.5 at 3-5 players (against 0: 35.7 % against 30.9 % per seat at 3 players, 450 games; 26.4 %
against 23.6 % at 4, 900 games; 24.2 % against 14.2 % at 5, 600 games), while with 2 players 0
beat 0.25 (58.4 % against 42.6 %, 500 games) and beat 1, the zero-sum reading (57.5 % against
43.8 %, 80 games): with one neighbour, refusing a deal for what it gives him costs more than it
denies him.

**The builder** sees every principality and his own hand, not the partner's. The partner's first
Professions are public (dealt face up) and so are his Bonus card count and his table; his drawn
Professions are not: each unknown card of his hand wants the building with the share of the
unseen Professions that want it (a binomial over his unknown cards), and each of his Bonus
cards is one of the unseen ones, equally likely (the hidden state is the pair: k unknown cards
wanting the building, j units it adds to his Bonus cards). For each building, open side and affordable rung he reckons
the chance of acceptance and his own gain if accepted: ``U`` less his cost plus the price less
``RIVAL`` times the partner's gain, against what he gets without the deal (building alone, when
he can, or nothing). A refusal costs him only one of the action's proposals, so an offer is
also worth ``FOLLOW`` times the better next try (the same partner, the belief conditioned on
the refusal, or the other neighbour). The building he wants (the base heuristic's own choice)
is offered first when a deal beats building it alone; a building he does not want is offered
(sold) when the deal is worth ``SELL_MIN`` units. Placement: the fewest squares on his own
board. After a decline the builder recomputes the proposal he made (the observation is the same
but for ``proposals_left``) and conditions his belief about that partner on the refusal; so his
second proposal is the other neighbour, or the same one at a lower price, or none (then the base
heuristic's action).

Vectorised over rows; the arrays are [rows, sides 2, buildings 10, hidden states K * J, rungs L].
"""

from __future__ import annotations

import math

import numpy as np

from florentine_envs.games.princes.constants import (
    A_BUILD,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_PROFESSIONS,
    PH_ACTION,
    PH_COOP_ANSWER,
    PH_COOP_PLACE,
    PH_COOP_PRICE,
    PH_COOP_SIDE,
)
from florentine_envs.games.princes.data import FEATURE
from florentine_envs.games.princes.observation import (
    _BLOCKED,
    _BONUS,
    _BUILDERS,
    _BUILT,
    _EMPTY,
    _FITS,
    _HAND,
    _KNOWN,
    _MONEY,
)

UNSCORED = -1e9


class CoopPlanner:
    """The cooperative scores of :class:`florentine_envs.agents.princes_heuristic.PrincesHeuristic`."""

    #: money units per square of one's own board a building covers (room for later pieces)
    SPACE = 0.25
    #: money units an action is worth when a deal saves the partner building alone
    ACTION = 6.0
    #: the least expected gain for which the builder sells a building he does not want
    SELL_MIN = 3.0
    #: the base heuristic's priority just above a spare building (20) for a sale: + its gain
    SELL_TIER = 20.0
    #: a deal that beats building alone is proposed just before building alone
    PREFER = 0.5
    #: the most Bonus cards of a partner counted, and the most units a building adds to them
    BONUS_CARDS, BONUS_MAX = 3, 4
    #: weight of the other side's gain against one's own, with 3-5 players and with 2 (measured)
    RIVAL, RIVAL_TWO = 0.25, 0.0
    #: what the proposal left after a refusal is worth, as a share of its model value: below 1,
    #: so that an ask the model knows is refused is never made for nothing, and a high first ask
    #: needs a real chance of acceptance (the second ask also rests on the model)
    FOLLOW = 0.9

    def __init__(self, heuristic):
        self.h = heuristic
        game = heuristic.game
        T = game.T
        self.T, self.P = T, game.seats
        C = game.CT  # the cooperative tables (SPEC COOP)
        self.ladder = np.asarray(C.ladder, np.float64)  # [L] prices in 100 Florin
        self.K = int(C.proposals)
        # action ids (SPEC CA): coop_build_b, the sides, the rungs, accept, decline, the placements
        self.a_build, self.a_side, self.a_price = game.a_coop, game.a_coop_side, game.a_coop_price
        self.a_accept, self.a_decline, self.a_place = game.a_coop_accept, game.a_coop_decline, game.a_coop_place
        self.phases = (PH_COOP_SIDE, PH_COOP_PLACE, PH_COOP_PRICE, PH_COOP_ANSWER)
        self.builder_phases = self.phases[:3]
        self.rival = self.RIVAL_TWO if self.P == 2 else self.RIVAL
        self.points = heuristic.FAME * T.building_points
        self.size = T.piece_area[:NUM_BUILDINGS].astype(np.float64)  # [10]
        self.prof_building = heuristic.prof_building  # [21, 10]
        self.kmax = int(self.prof_building.sum(0).max())  # most Professions wanting one building
        # squares of each frame placement on the left and the right board: float64[10, 16 cells]
        self.span_left = np.bitwise_count(C.span_squares[..., 0]).astype(np.float64)
        self.span_right = np.bitwise_count(C.span_squares[..., 1]).astype(np.float64)
        # the spanning placements flat (building after building): uint64[m, 2] squares and halo
        self.flat_building, self.flat_squares, self.flat_halo = C.flat_building, C.flat_squares, C.flat_halo
        self.bits = np.arange(T.num_cells, dtype=np.uint64)
        self.num_cells = T.num_cells
        #: float64[22, K]: binomial coefficients C(t, k) for hands of up to 21 unknown cards
        self._comb = np.array([[math.comb(t, k) for k in range(self.kmax + 1)] for t in range(22)], np.float64)

    # ------------------------------------------------------------- reading

    def _proposal(self, obs):
        """The proposal field: building, builder rel, side, rung index, frame cells, proposals_left."""
        f = self.h.field(obs, "proposal")
        P, L, cells = self.P, len(self.ladder), self.num_cells
        at = NUM_BUILDINGS
        building = f[:, :at].argmax(1)
        builder = f[:, at : at + P].argmax(1)
        at += 2 * P
        side = f[:, at : at + 2].argmax(1)
        rung = f[:, at + 2 : at + 2 + L].argmax(1)
        at += 2 + L
        frame = f[:, at : at + 2 * cells]
        return building, builder, side, rung, frame[:, :cells].sum(1), frame[:, cells:].sum(1), f[:, -1]

    def _works_left(self, obs, left, seat_rel, turn_rel) -> np.ndarray:
        """float64: works seat ``seat_rel`` (relative seats, int[n, ...]) may still complete: this
        round's if its turn is not over (the turn player's own counts), then ``WORKS_PER_ROUND``
        a round."""
        start = self.h.field(obs, "start_player").argmax(1)
        shape = (-1,) + (1,) * (np.ndim(seat_rel) - 1)
        pos = (seat_rel - start.reshape(shape)) % self.P
        turn_pos = (turn_rel - start.reshape(shape)) % self.P
        still = (pos >= turn_pos).astype(np.float64)
        return self.h.WORKS_PER_ROUND * (left.reshape(shape) - 1) + still

    def _building_value(self, wants, works, squares) -> np.ndarray:
        """``U``: points, +4 a work it improves (at most ``works``), less the squares it covers."""
        return self.points + self.T.value_building * np.minimum(wants, works) - self.SPACE * squares

    def _bonus_gain(self, block, cards) -> np.ndarray:
        """float64[..., 10]: what building b adds to the Bonus cards ``cards`` (float[..., 20]:
        held, 0/1, or expected counts) of the seat of ``block`` (float32[..., 180]): +1 building,
        +1 of its size, +1 size when it is the seat's first of that size, at each card's
        coefficients (SPEC F). Every held card is played by the last round, so all count."""
        size_onehot = self.h.size_onehot  # [10, 3]
        by_size = block[..., _BUILT : _BUILT + NUM_BUILDINGS] @ size_onehot  # [..., 3]
        first_of_size = (by_size == 0) @ size_onehot.T  # [..., 10]
        coef = cards @ self.T.bonus_coef  # [..., F]: the cards' coefficients summed
        sizes = coef[..., [FEATURE["large"], FEATURE["medium"], FEATURE["small"]]] @ size_onehot.T
        return coef[..., FEATURE["buildings"], None] + sizes + coef[..., FEATURE["sizes"], None] * first_of_size

    def _masks(self, block) -> tuple[np.ndarray, np.ndarray]:
        """uint64[...]: the occupied and the blocked cells of player blocks (float32[..., 180])."""
        cells = self.num_cells
        occupied = (block[..., _EMPTY : _EMPTY + cells] == 0).astype(np.uint64) << self.bits
        blocked = (block[..., _BLOCKED : _BLOCKED + cells] > 0).astype(np.uint64) << self.bits
        return np.bitwise_or.reduce(occupied, -1), np.bitwise_or.reduce(blocked, -1)

    def _least_own_squares(self, me, partner) -> np.ndarray:
        """float64[n, 2, 10]: per side and building, the fewest squares on the builder's board of a
        spanning placement that is legal on both boards as far as they show (SPEC CP3 rules 2-4
        on each board; the squares of a neighbour's other shared buildings are not observed);
        ``inf`` where there is none."""
        occ_me, blk_me = self._masks(me)  # [n]
        occ_q, blk_q = self._masks(partner)  # [n, 2]
        two_me = me[:, _BUILDERS] >= 2
        two_q = partner[..., _BUILDERS] >= 2
        out = np.full(partner.shape[:2] + (NUM_BUILDINGS,), np.inf)
        sq, halo = self.flat_squares, self.flat_halo  # [m, 2]
        zero = np.uint64(0)
        for side in range(2):
            # side right: the builder is the frame's left board (index 0), the partner the right
            mine, theirs = (0, 1) if side == 1 else (1, 0)
            ok = ((sq[:, mine] & occ_me[:, None]) == zero) & ((sq[:, theirs] & occ_q[:, side, None]) == zero)
            ok &= two_me[:, None] | ((halo[:, mine] & blk_me[:, None]) == zero)
            ok &= two_q[:, side, None] | ((halo[:, theirs] & blk_q[:, side, None]) == zero)  # [n, m]
            own = np.where(ok, np.bitwise_count(sq[:, mine]).astype(np.float64), np.inf)
            for b in range(NUM_BUILDINGS):
                out[:, side, b] = own[:, self.flat_building == b].min(1, initial=np.inf)
        return out

    def _cost(self, builders) -> np.ndarray:
        return self.T.build_cost[builders.astype(np.int64)].astype(np.float64)

    def _alone(self, block, supply) -> np.ndarray:
        """bool[n, 10]: the seat of ``block`` could build each building alone now (fits, money,
        supply, not built)."""
        fits = block[:, _FITS : _FITS + NUM_BUILDINGS] > 0
        money_ok = block[:, _MONEY, None] >= self._cost(block[:, _BUILDERS])[:, None]
        return fits & money_ok & (supply > 0) & (block[:, _BUILT : _BUILT + NUM_BUILDINGS] == 0)

    def _builders_gain(self, v, alone_builder, cost_builder) -> np.ndarray:
        """``G``: the builder's gain from a deal at price ``v`` as anyone sees it."""
        return v + np.where(alone_builder, 0.0, self.points - cost_builder)

    def _accepts(self, u_partner, cap, v, gain_builder, money_partner) -> np.ndarray:
        """The partner's answer (bool), shared by the partner and by the builder's model of him."""
        return (np.minimum(u_partner, cap) - v - self.rival * gain_builder >= 0) & (v <= money_partner)

    # ------------------------------------------------------------- the builder's model

    def _offers(self, obs, left, squares_own=None, squares_partner=None):
        """The builder's (observer's) view of every deal.

        Returns ``(accept bool[n, 2, 10, H, L], belief float64[n, 2, 10, H], value float64[n, 2,
        10, H, L], possible bool[n, 2, 10, L])``: for rung l of building b on side s, whether the
        partner accepts in hidden state h (k of his unknown cards want b, b adds j units to his
        Bonus cards; H = K * J), the belief over h, the builder's gain
        if accepted over his alternative (building alone when he can, else nothing), and whether
        the offer can be made (a neighbour there without b, a placement, an affordable rung).
        ``squares_own`` / ``squares_partner`` (float64[n, 2, 10]) default to the builder's fewest
        squares of a placement that looks legal."""
        h, P = self.h, self.P
        n = len(obs)
        blocks = h._blocks(obs)
        me = blocks[:, 0]
        supply = h.field(obs, "supply")[:, 9 : 9 + NUM_BUILDINGS]
        rnd_left = left.astype(np.float64)
        prof_hand = h.field(obs, "own_hand")[:, : self.prof_building.shape[0]]
        has = h.field(obs, "coop_board")[:, :2] > 0  # [n, 2] observer's left / right neighbour
        rel = np.array([(P - 1) % P, 1 % P])  # relative seat of the left / right neighbour
        partner = blocks[:, rel]  # [n, 2, 180]
        # the builder (the observer, the turn player)
        wants_me = prof_hand @ self.prof_building  # [n, 10]
        works_me = self._works_left(obs, rnd_left, np.zeros(n, np.int64), np.zeros(n, np.int64))
        cost_me = self._cost(me[:, _BUILDERS])  # [n]
        alone_me = self._alone(me, supply)  # [n, 10]
        placeable = np.ones((n, 2, NUM_BUILDINGS), bool)
        if squares_own is None:
            squares_own = self._least_own_squares(me, partner)
            placeable = np.isfinite(squares_own)
            squares_own = np.where(placeable, squares_own, 0.0)
            squares_partner = self.size - squares_own
        bonus_me = self._bonus_gain(me, h.field(obs, "own_hand")[:, NUM_PROFESSIONS : NUM_PROFESSIONS + NUM_BONUS])
        u_me = self._building_value(wants_me[:, None], works_me[:, None, None], squares_own) + bonus_me[:, None]
        u_alone = self._building_value(wants_me, works_me[:, None], self.size) + bonus_me - cost_me[:, None]
        fallback = np.where(alone_me, np.maximum(u_alone, 0.0), 0.0)  # [n, 10]
        # the partner: known wants, and his unknown cards' wants by the unseen Professions
        known = partner[..., _KNOWN : _KNOWN + self.prof_building.shape[0]]  # [n, 2, 21]
        wants_known = known @ self.prof_building  # [n, 2, 10]
        unknown = np.maximum(partner[..., _HAND] - known.sum(-1), 0).astype(np.int64)  # [n, 2]
        unseen = h.field(obs, "unseen_professions")
        share = (unseen @ self.prof_building) / np.maximum(unseen.sum(1, keepdims=True), 1.0)  # [n, 10]
        wants_belief = self._binomial(unknown, share)  # [n, 2, 10, K]
        works_q = self._works_left(obs, rnd_left, np.broadcast_to(rel, (n, 2)), np.zeros((n, 2), np.int64))
        k = np.arange(self.kmax + 1)
        u_q = self._building_value(wants_known[..., None] + k, works_q[:, :, None, None], squares_partner[..., None])
        # his Bonus cards are hidden too: what b adds to them, j = 0 .. BONUS_MAX (units)
        bonus_belief = self._bonus_belief(obs, partner)  # [n, 2, 10, J]
        # the hidden states: (k, j) pairs, flat: belief and worth float64[n, 2, 10, K * J]
        belief = (wants_belief[..., :, None] * bonus_belief[..., None, :]).reshape(n, 2, NUM_BUILDINGS, -1)
        u_q = (u_q[..., :, None] + np.arange(self.BONUS_MAX + 1)).reshape(n, 2, NUM_BUILDINGS, -1)
        cost_q = self._cost(partner[..., _BUILDERS])  # [n, 2]
        alone_q = np.stack([self._alone(partner[:, s], supply) for s in range(2)], 1)  # [n, 2, 10]
        cap = np.where(alone_q, cost_q[..., None] + self.ACTION, np.inf)[..., None, None]  # [n, 2, 10, 1, 1]
        v = self.ladder  # [L]
        money_q = partner[..., _MONEY][:, :, None, None, None]
        gain_me = self._builders_gain(v, alone_me[:, None, :, None, None], cost_me[:, None, None, None, None])
        accept = self._accepts(u_q[..., None], cap, v, gain_me, money_q)  # [n, 2, 10, H, L]
        partner_gain = np.minimum(u_q[..., None], cap) - v
        value = (u_me - cost_me[:, None, None])[..., None, None] + v - self.rival * partner_gain
        value = value - fallback[:, None, :, None, None]
        # which offers exist: the side's neighbour, without the building, and an affordable rung
        partner_lacks = partner[..., _BUILT : _BUILT + NUM_BUILDINGS] == 0  # rule 5 on his side
        open_side = has[..., None] & placeable & partner_lacks & (supply[:, None] > 0)
        affordable = (v <= partner[..., _MONEY, None]) & (me[:, _MONEY, None, None] + v >= cost_me[:, None, None])
        possible = open_side[..., None] & affordable[:, :, None, :]  # [n, 2, 10, L]
        return accept, belief, value, possible

    def _bonus_belief(self, obs, partner) -> np.ndarray:
        """float64[n, 2, 10, J]: P(building b adds j units to the partner's hidden Bonus cards),
        j = 0 .. ``BONUS_MAX`` (more counted at the top): each of his cards (he holds a public
        number, at most ``BONUS_CARDS`` counted) is one of the unseen Bonus cards, equally likely."""
        unseen = self.h.field(obs, "unseen_bonus")
        share = unseen / np.maximum(unseen.sum(1, keepdims=True), 1.0)  # [n, 20]
        J = self.BONUS_MAX + 1
        # per card: what b adds to it, float64[n, 2, 20 cards, 10]
        per_card = self._bonus_gain(partner[:, :, None], np.eye(self.T.bonus_coef.shape[0]))
        per_card = np.minimum(per_card, J - 1).astype(np.int64)
        one = np.zeros(per_card.shape[:2] + (NUM_BUILDINGS, J))  # one card's distribution
        for j in range(J):
            one[..., j] = np.einsum("nc,nscb->nsb", share, per_card == j)
        one[..., 0] += 1.0 - one.sum(-1)  # no unseen card at all: nothing to add
        held = np.minimum(partner[..., _BONUS], self.BONUS_CARDS).astype(np.int64)  # [n, 2]
        pmf = np.zeros_like(one)
        pmf[..., 0] = 1.0
        for t in range(self.BONUS_CARDS):  # add one more card where he holds more than t
            more = np.zeros_like(pmf)
            for j in range(J):
                for i in range(J):
                    more[..., min(i + j, J - 1)] += pmf[..., i] * one[..., j]
            pmf = np.where((held > t)[..., None, None], more, pmf)
        return pmf

    def _binomial(self, trials: np.ndarray, share: np.ndarray) -> np.ndarray:
        """float64[n, 2, 10, K]: P(k of ``trials`` [n, 2] cards want building b), each with
        ``share`` [n, 10]; k beyond ``kmax`` is counted at ``kmax`` (no more cards want one)."""
        K = self.kmax + 1
        t = trials[:, :, None, None]
        p = share[:, None, :, None]
        k = np.arange(K)
        ways = self._comb[np.minimum(t, len(self._comb) - 1), k]  # [n, 2, 1, K]
        pmf = ways * p**k * (1 - p) ** np.maximum(t - k, 0)
        pmf[..., -1] += np.maximum(1.0 - pmf.sum(-1), 0.0)  # the tail, k > kmax
        return pmf

    def _once(self, accept, belief, value, possible) -> np.ndarray:
        """float64[n, 2, 10, L]: expected gain of each offer made once; ``-inf`` where impossible."""
        e = np.einsum("...k,...kl->...l", belief, accept * value)
        return np.where(possible, e, -np.inf)

    @staticmethod
    def _other_side(once) -> np.ndarray:
        """float64[n, 2, 10]: the best offer of the same building on the other side (``-inf``: none)."""
        return once.max(-1)[:, ::-1]

    def _expected(self, accept, belief, value, possible, follow, others=None) -> np.ndarray:
        """float64[n, 2, 10, L]: expected gain of each offer; where ``follow`` (bool[n]) a refusal
        leaves a proposal in the budget, so the offer is worth its acceptance plus, if refused,
        ``FOLLOW`` times the better of asking the same partner again (the belief conditioned on
        the refusal) or the other neighbour (``others`` float64[n, 2, 10], the best offer of the
        building on the other side, by default from these arrays). Another building is not
        counted: the building is chosen first (:meth:`_choose_building`)."""
        once = self._once(accept, belief, value, possible)
        if not follow.any():
            return once
        gain = np.where(possible[..., None, :], accept * value, 0.0)  # [n, 2, 10, H, L]
        refused = belief[..., None] * (1.0 - accept)  # [n, 2, 10, H, L]: rung l refused in state h
        again = np.einsum("...kl,...km->...lm", refused, gain).max(-1)  # the best second rung
        others = self._other_side(once) if others is None else others
        elsewhere = refused.sum(-2) * np.maximum(others, 0.0)[..., None]
        then = self.FOLLOW * np.maximum(np.maximum(again, elsewhere), 0.0)
        return np.where(follow[:, None, None, None], once + then, once)

    def _after_declines(self, obs, left, props_left, accept, belief, value, possible, build_scores):
        """Condition the beliefs on the proposals already refused in this action (``K -
        props_left``), each recomputed as the builder made it (the observation is the same but
        ``proposals_left``). Changes ``belief`` and ``possible`` in place."""
        n = len(obs)
        rows = np.arange(n)
        declines = np.clip(self.K - props_left, 0, self.K).astype(np.int64)
        for d in range(int(declines.max(initial=0))):
            sel = declines > d
            e = self._expected(accept, belief, value, possible, np.full(n, self.K - d > 1))
            b = self._choose_building(e, build_scores, obs).argmax(1)
            side = e[rows, :, b].max(-1).argmax(1)
            rung = e[rows, side, b].argmax(1)
            refused = 1.0 - accept[rows, side, b, :, rung]  # [n, H]
            post = belief[rows, side, b] * refused
            mass = post.sum(1, keepdims=True)
            r = rows[sel]
            belief[r, side[sel], b[sel]] = np.where(mass[sel] > 0, post[sel] / np.maximum(mass[sel], 1e-12), 0.0)
            # a refusal the model thought impossible: that offer is not repeated
            dead = sel & (mass[:, 0] <= 0)
            possible[rows[dead], side[dead], b[dead]] = False

    def _choose_building(self, expected, build_scores, obs) -> np.ndarray:
        """float64[n, 10]: the ACTION scores of ``coop_build_b``."""
        h = self.h
        best = expected.max(-1).max(1)  # [n, 10]
        prof_hand = h.field(obs, "own_hand")[:, : self.prof_building.shape[0]]
        wanted = (prof_hand @ self.prof_building) > 0
        return np.where(
            wanted & (best > 0),
            build_scores + self.PREFER,
            np.where(~wanted & (best >= self.SELL_MIN), self.SELL_TIER + best, UNSCORED),
        )

    # ------------------------------------------------------------- scoring

    def score(self, obs, phase, rnd, score) -> None:
        """Fill ``score`` (float64[n, A]) for the cooperative decisions of ``obs`` (the caller
        masks it)."""
        left = (self.h.rounds - rnd).astype(np.int64)
        side_ph, place_ph, price_ph, answer_ph = self.phases
        builder_rows = np.flatnonzero(np.isin(phase, (PH_ACTION, side_ph, place_ph, price_ph)))
        if builder_rows.size:
            r = builder_rows
            self._builder(obs[r], phase[r], left[r], score, r)
        rows = np.flatnonzero(phase == answer_ph)
        if rows.size:
            self._answer(obs[rows], left[rows], score, rows)

    def _builder(self, obs, phase, left, score, rows) -> None:
        """The builder's decisions: ACTION (``coop_build_b``), COOP_SIDE, COOP_PLACE, COOP_PRICE."""
        n = len(obs)
        idx = np.arange(n)
        side_ph, place_ph, price_ph, _ = self.phases
        b, _, side, _, frame_left, frame_right, props_left = self._proposal(obs)
        in_proposal = phase != PH_ACTION
        L = len(self.ladder)
        build_scores = score[rows, A_BUILD : A_BUILD + NUM_BUILDINGS]
        accept, belief, value, possible = self._offers(obs, left)
        self._after_declines(obs, left, props_left, accept, belief, value, possible, build_scores)
        follow = props_left > 1  # a refusal of this proposal leaves another
        e = self._expected(accept, belief, value, possible, follow)
        # ACTION: which building to propose
        act = ~in_proposal
        if act.any():
            s = self._choose_building(e[act], build_scores[act], obs[act])
            score[rows[act], self.a_build : self.a_build + NUM_BUILDINGS] = s
        # COOP_SIDE: the side with the better offer
        sel = phase == side_ph
        if sel.any():
            by_side = e[idx[sel], :, b[sel]].max(-1)
            score[rows[sel], self.a_side : self.a_side + 2] = np.nan_to_num(by_side, neginf=UNSCORED / 2)
        # COOP_PLACE: the fewest squares on the builder's own board
        sel = phase == place_ph
        if sel.any():
            own = np.where(side[sel, None] == 1, self.span_left[b[sel]], self.span_right[b[sel]])
            score[rows[sel], self.a_place : self.a_place + own.shape[1]] = -own
        # COOP_PRICE: the best rung, with the placement's real squares
        sel = phase == price_ph
        if sel.any():
            own = np.where(side == 1, frame_left, frame_right)
            theirs = np.where(side == 1, frame_right, frame_left)
            sq_own = np.broadcast_to(own[:, None, None], (n, 2, NUM_BUILDINGS))
            sq_theirs = np.broadcast_to(theirs[:, None, None], (n, 2, NUM_BUILDINGS))
            acc, bel, val, pos = self._offers(obs[sel], left[sel], sq_own[sel], sq_theirs[sel])
            # the beliefs conditioned on earlier refusals, and the other offers, as at ACTION
            others = self._other_side(self._once(accept, belief, value, possible))[sel]
            ep = self._expected(acc, belief[sel], val, pos, follow[sel], others)
            r = np.flatnonzero(sel)
            score[rows[sel], self.a_price : self.a_price + L] = np.nan_to_num(
                ep[np.arange(r.size), side[sel], b[sel]], neginf=UNSCORED / 2
            )

    def _answer(self, obs, left, score, rows) -> None:
        """COOP_ANSWER: the partner (observer) accepts when the deal is worth it to him."""
        h = self.h
        blocks = h._blocks(obs)
        me = blocks[:, 0]
        b, builder, side, rung, frame_left, frame_right, _ = self._proposal(obs)
        n = len(obs)
        idx = np.arange(n)
        supply = h.field(obs, "supply")[:, 9 : 9 + NUM_BUILDINGS]
        # the builder proposed to his right (side 1): he is the frame's left board, I the right
        squares = np.where(side == 1, frame_right, frame_left)
        prof_hand = h.field(obs, "own_hand")[:, : self.prof_building.shape[0]]
        wants = (prof_hand @ self.prof_building)[idx, b]
        works = self._works_left(obs, left, np.zeros(n, np.int64), builder)
        bonus = self._bonus_gain(me, h.field(obs, "own_hand")[:, NUM_PROFESSIONS : NUM_PROFESSIONS + NUM_BONUS])
        u = self._building_value(wants, works, squares) + bonus[idx, b]
        cap = np.where(self._alone(me, supply)[idx, b], self._cost(me[:, _BUILDERS]) + self.ACTION, np.inf)
        their = blocks[idx, builder]
        v = self.ladder[rung]
        gain = self._builders_gain(v, self._alone(their, supply)[idx, b], self._cost(their[:, _BUILDERS]))
        yes = self._accepts(u, cap, v, gain, me[:, _MONEY])
        margin = np.minimum(u, cap) - v - self.rival * gain
        score[rows, self.a_accept] = np.where(yes, 1.0 + margin, -1.0)
        score[rows, self.a_decline] = 0.0


__all__ = ["CoopPlanner"]
