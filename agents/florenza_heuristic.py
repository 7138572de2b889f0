"""A rule-based player for Florenza (the board game), batched, reading only its observation and the mask.

What it may see (SPEC §10): everything on the table — every district, the main board, the
characters in play and on their cards, money, cubes, tracks and influence — plus the component
data, which is public. Never the bag's order or a future die; a test re-draws them and checks
the actions do not change.

How it thinks. Everything is priced in prestige points; 100 Fiorini are worth ``PP_PER_100``
points (a Fiorino buys prestige through artworks at about that rate) and a cube ``CUBE`` points,
more when an artwork it has started, or an open box, needs it; in the last round both are worth
what the final scoring pays (300 Fiorini or 3 cubes a point).

* **Placement** (one worker): a score per legal action.
  - An artwork box (district or main) it can pay for from what is not yet promised to its
    pending works (its workers on gain workshops count: they produce in phase 6, before the
    artworks are paid in phase 7): the box's prestige and influence, the artist's expected
    prestige (the best artist it can pay after the box), the income of a main artwork for the
    rounds left; a district box the −1 it avoids at the end, more for an area's first box (the
    −4 of an empty Palazzo or Chiesa) and its last (the +4). A box it cannot pay yet is still
    taken when the workers it has left this round can **reach** it (``_reach``): the missing
    cubes from its idle gain workshops (a worker each), then the market (one worker: buy one
    cube with money nothing else needs, trade two spare cubes for one), priced in workers,
    money and a risk per cube to gather. Otherwise it is not tried (a failure costs prestige).
  - A workshop it can build (or reach, as above): its build prestige, the empty-space point it
    saves and what its production is worth for the rounds left, more when it makes a cube its
    open artworks need.
  - Operating a workshop: what it produces (a conversion only when it can pay and it gains);
    an opponent's costs the fee, and gives the owner a point. A workshop making a cube its
    started works miss comes first (``FIX``), and so does the market when it must buy or trade.
  - Charity when its pool has workers and the charity is affordable from money nothing else
    needs (a planned purchase keeps its 200 Fiorini); Go to work (50 Fiorini) otherwise.
* **Hiring** the artist with the best expected prestige it can pay for, a named artist whose
  masterpiece is still open first.
* **The market** trades two spare cubes for a missing one first, then buys a missing cube with
  money nothing promised needs, and sells a spare cube only when its works miss money (or to
  afford that purchase).
* **Conversions** when what it takes is worth more than what it spends and nothing its artworks
  still have to pay is spent; **the Cathedral dice**:
  the better value; **the incentive** (no-die): the value with the most prestige it can afford.
* **The order of its artworks** (when it cannot pay all of a zone's): a box it can pay now before
  one it cannot, and among those the one worth most — the box's prestige and influence, the
  artist's expected prestige, the failure loss it avoids (and a district box's end-of-game point)
  — less what it costs in money and cubes.
* **Captain and Bishop** act against the leader (most track prestige): detain one of its
  workers (or the best artist on a card) / convert one of its workers.

Everything is vectorised over the rows of the batch (loops run over action blocks, boxes and
spaces), so a batch gives the same actions as its games one at a time. Legal actions it has no
rule for get the lowest score and are chosen only when nothing else is legal.
"""

from __future__ import annotations

import numpy as np

from florentine_envs.games.florenza.constants import (
    NUM_BOXES,
    NUM_NAMED,
    NUM_SLOTS_X,
    NUM_SPACES,
    PH_ARTWORK,
    PH_ATRIO,
    PH_BISHOP,
    PH_CAPTAIN,
    PH_CATHEDRAL_DIE,
    PH_CONVERT,
    PH_HIRE,
    PH_INCENTIVE,
    PH_MARKET,
    PH_PLACE,
    PH_PREACHER,
    PH_SKILL,
    PH_START_PICK,
    PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2,
    PH_TRADE_TAKE,
    ROUNDS,
)  # fmt: skip
from florentine_envs.games.florenza.observation import PLAYER_FIELDS, PLAYER_SIZES
from florentine_envs.games.florenza.tables import I_ATRIO, I_FIORINI, I_INFLUENCE, I_PRESTIGE

from .base import Agent

UNSCORED = -1e9  # legal but not considered: chosen only when nothing else is legal
NR = 6


class FlorenzaHeuristic(Agent):
    name = "heuristic"

    #: prestige points per 100 Fiorini
    PP_PER_100 = 0.6
    #: prestige points per cube with no use in sight (it sells for 100 Fiorini; 0.6 measured
    #: 25 points of win rate worse at 4 players, 1.2-1.5 worse at 2)
    CUBE = 0.9
    #: extra worth of a cube a started or affordable artwork is missing
    CUBE_NEEDED = 1.5
    #: extra worth of a cube the open boxes need (at most; scaled by how many need it)
    CUBE_WISHED = 0.6
    #: prestige points per influence point (the Bishop, the Cardinal)
    INFLUENCE = 0.5
    #: prestige of a worker more every round (the income of Casa, Casamento, Palagio)
    INCOME_WORKER = 1.0
    #: prestige a worker is worth when it must gather a missing cube instead of its best use
    WORKER = 0.7
    #: prestige the two spare cubes of a market trade are worth
    TRADE = 0.8
    #: prestige per cube it must still gather (an opponent may take the workshop first)
    RISK = 0.3
    #: extra score of a placement that brings a cube its started works miss (a failure costs more)
    FIX = 4.0

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        self.t, self.ids, self.P = game.t, game.ids, game.num_players
        t = self.t
        # expected prestige of a work by character slot and skill: the masterpiece box while open
        v = np.where(t.mp[:, :, 1:], t.mp_pp[:, :, 1:], t.die_pp[:, :, 1:]).astype(np.float64)
        self.expect_open = v.mean(2)  # [44, 3] masterpiece not made yet
        self.expect_done = t.die_pp[:, :, 1:].mean(2)  # [44, 3] once flipped
        self.has_mp = t.mp[:, :, 1:].any(2)  # [44, 3]
        # per-slot offsets inside a player block (SPEC §10)
        head = np.cumsum([0] + PLAYER_SIZES)
        self.off = dict(zip(PLAYER_FIELDS, head[:-1]))
        self.space_size = t.NW + 1 + self.P
        self.spaces_at = int(head[-1])
        self.boxes_at = self.spaces_at + NUM_SPACES * self.space_size
        self.block = game.player_block
        # income of a main artwork per round in prestige
        inc = np.zeros(t.NM)
        n = t.art_income_n.astype(np.float64)
        inc[t.art_income_kind == I_PRESTIGE] = n[t.art_income_kind == I_PRESTIGE]
        inc[t.art_income_kind == I_INFLUENCE] = self.INFLUENCE * n[t.art_income_kind == I_INFLUENCE]
        inc[t.art_income_kind == I_FIORINI] = self.PP_PER_100 * n[t.art_income_kind == I_FIORINI] / 100
        inc[t.art_income_kind == I_ATRIO] = 2 * self.PP_PER_100
        self.art_income_pp = inc
        # prestige a box gives on completion, its influence priced [8 + NM] (district boxes, then main)
        self.box_pp = np.concatenate([t.box_pp, t.art_pp]) + self.INFLUENCE * np.concatenate([t.box_inf, t.art_inf])

    # ------------------------------------------------------------------ reading the observation
    def _read(self, obs):
        f, P, t = self.field, self.P, self.t
        B = obs.shape[0]
        players = f(obs, "players").reshape(B, P, self.block)
        o = self.off
        me = players[:, 0]
        s = {
            "phase": f(obs, "phase").argmax(1),
            "round": f(obs, "round").argmax(1) + 1,
            "players": players,
            "money": me[:, o["money"]].astype(np.float64),
            "res": me[:, o["cubes"] : o["cubes"] + NR].astype(np.float64),
            "track": players[:, :, o["track"]],
            "score_now": players[:, :, o["track"]] + players[:, :, o["certificates"]],
            "influence": players[:, :, o["influence"]],
            "avail": players[:, :, o["avail"]],
            "pool": me[:, o["pool"]],
            "crests": me[:, o["crests"]],
        }
        spaces = players[:, :, self.spaces_at : self.boxes_at].reshape(B, P, NUM_SPACES, self.space_size)
        s["space_type"] = np.where(spaces[..., : t.NW].any(3), spaces[..., : t.NW].argmax(3), -1)  # [B, P, 8]
        s["space_built"] = spaces[..., t.NW] > 0
        s["space_worker"] = spaces[..., t.NW + 1 :]  # [B, P, 8, P] relative occupant
        boxes = players[:, 0, self.boxes_at : self.boxes_at + NUM_BOXES * 3].reshape(B, NUM_BOXES, 3)
        s["box_crest"], s["box_worker"], s["box_artist"] = boxes[..., 0] > 0, boxes[..., 1] > 0, boxes[..., 2] - 1
        s["main_crest"] = f(obs, "main_crest").reshape(B, t.NM, P)
        s["main_worker"] = f(obs, "main_worker").reshape(B, t.NM, P)
        s["main_artist"] = f(obs, "main_artist") - 1
        s["on_card"] = f(obs, "char_on_card") > 0
        s["flipped"] = f(obs, "char_flipped") > 0
        s["unnamed_left"] = f(obs, "unnamed_left")
        # what its started works still have to pay (phase 7 pays them): boxes with its worker and
        # no crest, its unfinished workshops with its worker
        owe_fl = np.zeros(B)
        owe = np.zeros((B, NR))
        for d in range(NUM_BOXES):
            pend = s["box_worker"][:, d] & ~s["box_crest"][:, d]
            owe_fl += pend * (t.box_cost_fl[d] + self._artist_cost(s["box_artist"][:, d], t.box_skills[d]))
            owe += pend[:, None] * t.box_cost[d]
        for m in range(t.NM):
            pend = (s["main_worker"][:, m, 0] > 0) & (s["main_crest"][:, m].sum(1) == 0)
            owe_fl += pend * (t.art_cost_fl[m] + self._artist_cost(s["main_artist"][:, m], t.art_skills[m]))
            owe += pend[:, None] * t.art_cost[m]
        mine = s["space_worker"][:, 0, :, 0] > 0  # [B, 8] its own spaces with its own worker
        unbuilt = mine & ~s["space_built"][:, 0] & (s["space_type"][:, 0] >= 0)
        w = np.maximum(s["space_type"][:, 0], 0)
        owe_fl += (unbuilt * t.ws_cost_fl[w]).sum(1)
        owe += (unbuilt[..., None] * t.ws_cost[w]).sum(1)
        # what its workers on gain workshops bring before the artworks are paid (phase 6 before 7)
        types = np.maximum(s["space_type"], 0)  # [B, P, 8]
        on = (s["space_worker"][..., 0] > 0) & s["space_built"] & (s["space_type"] >= 0) & ~t.ws_convert[types]
        owe_fl -= (on * t.ws_gain_fl[types]).sum((1, 2))
        owe -= (on[..., None] * t.ws_gain[types]).sum((1, 2))
        s["free_fl"] = s["money"] - owe_fl
        s["free_res"] = s["res"] - owe
        # its own finished gain workshops nobody works this round: the cubes a worker there would
        # bring before the artworks are paid; by resource, workshops making 2 and making 1 [B, 6]
        free_ws = s["space_built"][:, 0] & (s["space_type"][:, 0] >= 0) & (s["space_worker"][:, 0].sum(2) == 0)
        free_ws &= ~t.ws_convert[w] & t.ws_occupiable[w]
        gain = free_ws[..., None] * t.ws_gain[w]  # [B, 8, 6]
        s["ws2"] = (gain >= 2).sum(1).astype(np.float64)
        s["ws1"] = (gain == 1).sum(1).astype(np.float64)
        # money the market must keep for a cube its started works miss that neither an idle
        # workshop nor a trade brings: other spending (building, charity) leaves it alone
        rest = np.maximum(0.0, -s["free_res"] - 2 * s["ws2"] - s["ws1"]).sum(1)
        buy = rest - ((rest >= 1) & (np.maximum(s["free_res"], 0).sum(1) >= 2))
        s["spend_fl"] = s["free_fl"] - t.buy_price * (buy >= 1)
        s["at_market"] = me[:, o["market"]] > 0
        s["short"] = np.maximum(0, -s["free_res"])  # cubes its started works are missing [B, 6]
        # cubes the open boxes it could still take need beyond what is free: worth gathering
        open_main = (s["main_crest"].sum(2) == 0) & (s["main_worker"].sum(2) == 0)  # [B, NM]
        open_box = ~s["box_crest"] & ~s["box_worker"]  # [B, 8]
        gap = np.maximum(0, t.all_cost[None] - np.maximum(s["free_res"], 0)[:, None])  # [B, 8 + NM, 6]
        wanted = np.concatenate([open_box, open_main], 1)[..., None] & (gap > 0)
        s["wish"] = wanted.sum(1)  # [B, 6] open boxes missing each resource
        s["rounds_left"] = ROUNDS - s["round"]  # after this one
        # in the last round money and cubes are worth only what the final scoring pays for them
        last = s["round"] == ROUNDS
        s["fl"] = np.where(last, 100 / t.end_fiorini, self.PP_PER_100)  # [B] prestige per 100 Fiorini
        s["cube"] = np.where(last, 1 / t.end_cubes, self.CUBE)  # [B] prestige of a cube without a use
        return s

    def _artist_cost(self, x, skills):
        """float[B]: the cheapest hire cost of artist slots ``x`` (int-valued float[B], -1 none)
        among ``skills`` (bool[3])."""
        t = self.t
        xi = np.clip(x.astype(np.int64), 0, NUM_SLOTS_X - 1)
        cost = np.where(t.skills[xi] & skills, t.hire_cost[xi], 10**6).min(1)
        return np.where((x >= 0) & (cost < 10**6), cost, 0)

    def _cube_worth(self, s):
        """float[B, 6]: prestige a cube of each resource is worth to the player now."""
        wished = np.minimum(s["wish"], 3) / 3
        return s["cube"][:, None] + self.CUBE_NEEDED * (s["short"] > 0) + self.CUBE_WISHED * wished

    def _pay_ok(self, s, cost, cost_fl, extra_fl=0.0):
        """bool[B]: it can pay ``cost`` (int[6]) and ``cost_fl`` + ``extra_fl`` from what is free."""
        return (s["free_res"] >= cost).all(1) & (s["free_fl"] >= cost_fl + extra_fl)

    def _reach(self, s, cost, cost_fl, extra_fl=0.0):
        """(bool[B], float[B]): whether it can pay ``cost`` (int[6]) and ``cost_fl`` + ``extra_fl``
        on top of what it has promised, with the workers it has left this round, and what that
        costs in prestige.

        The missing cubes (this work's and those its started works still miss) come first from
        its own idle gain workshops (a worker each; they produce in phase 6, before the artworks
        are paid in phase 7), then from the market (one worker, or the one already there: buy
        one cube, trade two spare cubes for one), each at most once. Its workers left are those
        after the one being placed."""
        need = np.maximum(0.0, cost - s["free_res"])  # [B, 6]
        by2 = np.minimum(s["ws2"], np.ceil(need / 2))
        by1 = np.minimum(s["ws1"], np.maximum(0.0, need - 2 * by2))
        rest = np.maximum(0.0, need - 2 * by2 - by1).sum(1)  # [B] cubes left for the market
        ws_workers = (by2 + by1).sum(1)
        spare = np.maximum(0.0, s["free_res"] - cost).sum(1)
        money = s["free_fl"] - cost_fl - extra_fl
        trade = (rest >= 1) & (spare >= 2)
        buy = np.maximum(0.0, rest - trade)
        market = rest >= 1
        workers = ws_workers + (market & ~s["at_market"])
        ok = (buy <= 1) & (money >= self.t.buy_price * buy) & (workers <= s["avail"][:, 0] - 1)
        price = (self.WORKER * workers + s["fl"] * self.t.buy_price * buy / 100 + self.TRADE * trade
                 + self.RISK * (ws_workers + rest))  # fmt: skip
        return ok, price

    def _hire_worth(self, s, skills, box_fl=0):
        """(float[B], float[B]): the best expected prestige of an artist it may hire now for a box
        needing ``skills`` (bool[3]) and costing ``box_fl`` Fiorini, and that artist's hire cost."""
        t = self.t
        B = s["money"].shape[0]
        best, best_cost = np.full(B, -np.inf), np.zeros(B)
        for x in range(NUM_SLOTS_X - 1):
            k = t.skills[x] & skills
            if not k.any():
                continue
            here = s["on_card"][:, x] if x < NUM_NAMED else s["unnamed_left"][:, x - NUM_NAMED] >= 1
            if x < NUM_NAMED:
                value = np.where(s["flipped"][:, x, None], self.expect_done[x], self.expect_open[x])[:, k]
            else:
                value = np.broadcast_to(self.expect_done[x][k], (B, int(k.sum())))
            cost = t.hire_cost[x][k]
            net = value - self.PP_PER_100 * cost / 100
            j = net.argmax(1)
            v, c = net[np.arange(B), j], cost[j]
            ok = here & (s["free_fl"] >= c + box_fl) & (v > best)
            best, best_cost = np.where(ok, v, best), np.where(ok, c, best_cost)
        return best, best_cost

    # ------------------------------------------------------------------ deciding
    def act(self, obs, mask):
        mask = np.asarray(mask, bool)
        s = self._read(obs)
        score = np.full(mask.shape, UNSCORED)
        phase = s["phase"]
        for ph, rule in (
            (PH_START_PICK, self._start_pick), (PH_ATRIO, self._atrio), (PH_CAPTAIN, self._office),
            (PH_BISHOP, self._office), (PH_PLACE, self._place), (PH_HIRE, self._hire), (PH_PREACHER, self._preacher),
            (PH_MARKET, self._market), (PH_TRADE_GIVE_1, self._trade_give), (PH_TRADE_GIVE_2, self._trade_give),
            (PH_TRADE_TAKE, self._trade_take), (PH_CONVERT, self._convert), (PH_SKILL, self._skill),
            (PH_INCENTIVE, self._incentive), (PH_CATHEDRAL_DIE, self._die), (PH_ARTWORK, self._artwork),
        ):  # fmt: skip
            rows = np.flatnonzero(phase == ph)
            if rows.size:
                sub = {k: v[rows] for k, v in s.items()}
                score[rows] = rule(sub, obs[rows], rows.size)
        score = np.where(mask, score, -np.inf)
        # ties: the lowest action id (deterministic)
        return score.argmax(1).astype(np.int64)

    def _blank(self, n):
        return np.full((n, self.ids.total), UNSCORED)

    def _workshop_worth(self, s):
        """float[B, NW]: prestige of one production of each workshop type for the player."""
        t = self.t
        cube = self._cube_worth(s)
        fl = s["fl"][:, None] / 100
        gain = (t.ws_gain @ cube.T).T + fl * t.ws_gain_fl + t.ws_gain_pp + self.INFLUENCE * t.ws_gain_inf
        spend = (t.ws_spend @ cube.T).T + fl * t.ws_spend_fl
        return np.where(t.ws_convert, gain - spend, gain)

    def _start_pick(self, s, obs, n):
        score = self._blank(n)
        w = self._workshop_worth(s)
        score[:, self.ids.build : self.ids.build + self.t.NW] = w + self.t.ws_build_pp
        return score

    def _atrio(self, s, obs, n):
        score = self._blank(n)
        score[:, self.ids.atrio_gold] = self._cube_worth(s)[:, self.t.gold]
        score[:, self.ids.atrio_sell] = 2 * self.PP_PER_100
        return score

    def _office(self, s, obs, n):
        """Captain / Bishop: against the leader (most prestige), else pass."""
        ids, P = self.ids, self.P
        score = self._blank(n)
        score[:, ids.pass_] = 0.0
        lead = s["score_now"][:, 1:]  # [n, P-1] relative seats 1..P-1
        score[:, ids.target : ids.target + P - 1] = 1.0 + 0.1 * (lead - lead.max(1, keepdims=True))
        # a named artist on its card: the best one (an opponent could hire it)
        arts = np.where(self.t.is_artist, self.expect_open[:NUM_NAMED].max(1), 0.0)
        score[:, ids.character : ids.character + NUM_NAMED] = 0.5 + 0.05 * arts
        return score

    def _place(self, s, obs, n):
        ids, t, P = self.ids, self.t, self.P
        score = self._blank(n)
        left = s["rounds_left"].astype(np.float64)
        fl, cube = s["fl"] / 100, s["cube"]  # [n] prestige per Fiorino, per spare cube
        # artworks
        for d in range(NUM_BOXES):
            value, cost = self._hire_worth(s, t.box_skills[d], t.box_cost_fl[d])
            ok = self._pay_ok(s, t.box_cost[d], t.box_cost_fl[d], cost) & np.isfinite(value)
            reach, price = self._reach(s, t.box_cost[d], t.box_cost_fl[d], cost)
            area = t.box_chiesa == t.box_chiesa[d]
            taken = (s["box_crest"] | s["box_worker"])[:, area].sum(1)  # [n] its boxes of this area
            # the final scoring's −1 per open box and −4 for an area without one; all four: +4
            complete = t.palazzo_pp if not t.box_chiesa[d] else self.INFLUENCE * t.chiesa_influence
            miss_area = t.end_no_chiesa if t.box_chiesa[d] else t.end_no_palazzo
            area_bonus = 1.5 + 0.1 * left + 0.3 * (miss_area * (taken == 0) + complete * (taken == 3))
            worth = t.box_pp[d] + self.INFLUENCE * t.box_inf[d] + value + area_bonus
            worth -= fl * t.box_cost_fl[d] + cube * t.box_cost[d].sum()
            planned = np.where(reach & np.isfinite(value), 2.0 + worth - price, -5.0)
            score[:, ids.hire_district + d] = np.where(ok, 2.0 + worth, planned)
        for m in range(t.NM):
            value, cost = self._hire_worth(s, t.art_skills[m], t.art_cost_fl[m])
            ok = self._pay_ok(s, t.art_cost[m], t.art_cost_fl[m], cost) & np.isfinite(value)
            reach, price = self._reach(s, t.art_cost[m], t.art_cost_fl[m], cost)
            worth = t.art_pp[m] + self.INFLUENCE * t.art_inf[m] + value + self.art_income_pp[m] * left
            worth -= fl * t.art_cost_fl[m] + cube * t.art_cost[m].sum()
            planned = np.where(reach & np.isfinite(value), 2.0 + worth - price, -5.0)
            score[:, ids.hire_main + m] = np.where(ok, 2.0 + worth, planned)
        # workshops: build
        prod = self._workshop_worth(s)  # [n, NW]
        uses = np.minimum(left, 4.0)[:, None] * 0.5
        can_build = np.stack([self._pay_ok(s, t.ws_cost[w], t.ws_cost_fl[w]) for w in range(t.NW)], 1)
        can_build &= (s["spend_fl"][:, None] >= t.ws_cost_fl)
        build = t.ws_build_pp + 1.0 + uses * np.maximum(prod, 0)
        build += left[:, None] * (fl[:, None] * t.ws_inc_fl + t.ws_inc_pp + self.INCOME_WORKER * t.ws_inc_workers)
        build -= fl[:, None] * t.ws_cost_fl + cube[:, None] * t.ws_cost.sum(1) * 0.5
        reach = np.full((n, t.NW), -5.0)
        for w in range(t.NW):
            ok, price = self._reach(s, t.ws_cost[w], t.ws_cost_fl[w])
            reach[:, w] = np.where(ok, build[:, w] - price, -5.0)
        score[:, ids.build : ids.build + t.NW] = np.where(can_build, build, reach)
        # workshops: operate
        types = np.maximum(s["space_type"], 0)  # [n, P, 8]
        rows = np.arange(n)[:, None, None]
        w = prod[rows, types]
        payable = np.ones_like(w, bool)
        for j in range(P):
            for sp in range(NUM_SPACES):
                ty = types[:, j, sp]
                has_inputs = (s["free_res"] >= t.ws_spend[ty]).all(1) & (s["free_fl"] >= t.ws_spend_fl[ty])
                payable[:, j, sp] = has_inputs | ~t.ws_convert[ty]
        w = np.where(payable, w, -5.0)
        # a cube its started works miss: gathering it first avoids a failure
        fixes = ((t.ws_gain[types] > 0) & (s["short"] > 0)[:, None, None, :]).any(3) & ~t.ws_convert[types]
        w += self.FIX * fixes
        w[:, 1:] -= t.fee + 0.5 * (P == 2)
        score[:, : 8 * P] = w.reshape(n, 8 * P)
        # charity: workers back when its pool has some
        pay = s["spend_fl"] >= 150
        charity = np.where((s["pool"] >= 1) & pay & (left >= 1), 1.2 + 0.3 * np.minimum(s["pool"], 2), -1.0)
        score[:, ids.charity_own] = charity
        score[:, ids.charity_cathedral] = charity - 0.1
        # market: the cubes its started works miss, bought or traded for spare ones
        missing = s["short"].sum(1)
        spare = np.maximum(0, s["free_res"]).sum(1)
        cover = (s["free_fl"] >= t.buy_price).astype(np.float64) + (spare >= 2)
        score[:, ids.market] = np.where((missing >= 1) & (missing <= cover), self.FIX - 0.5 - fl * t.buy_price, -2.0)
        score[:, ids.work] = fl * t.work_pay
        return score

    def _hire(self, s, obs, n):
        t, ids = self.t, self.ids
        score = self._blank(n)
        box = np.concatenate([self.field(obs, "pending_district"), self.field(obs, "pending_main")], 1).argmax(1)
        skills = t.all_skills[box]  # [n, 3]
        for x in range(NUM_SLOTS_X - 1):
            k = t.skills[x] & skills  # [n, 3]
            if x < NUM_NAMED:
                value = np.where(s["flipped"][:, x, None], self.expect_done[x], self.expect_open[x])
            else:
                value = np.broadcast_to(self.expect_done[x], (n, 3))
            net = value - self.PP_PER_100 * t.hire_cost[x] / 100
            # the box's own cost is already promised (its worker is on it): free_fl is what is left
            pay = (s["free_fl"][:, None] >= t.hire_cost[x]) & k
            best = np.where(pay, net, np.where(k, net - 20, -np.inf)).max(1)
            score[:, ids.character + x] = best
        return score

    def _preacher(self, s, obs, n):
        t, ids = self.t, self.ids
        score = self._blank(n)
        workers = t.ch_workers[:, 1:].mean(1)  # [44] expected workers back (the unnamed: its 2)
        cube = self._cube_worth(s)  # [n, 6]
        value = (np.minimum(workers, s["pool"][:, None]) + t.ch_pp + self.INFLUENCE * t.ch_inf + cube @ t.ch_gain.T
                 - s["fl"][:, None] * t.ch_cost_fl / 100 - cube @ t.ch_cost.T)  # fmt: skip
        score[:, ids.character : ids.character + NUM_SLOTS_X] = value
        return score

    def _market(self, s, obs, n):
        """The cubes its started works miss: a trade of two spare cubes first, then a purchase
        with money nothing else needs; a spare cube sold when its works miss money."""
        t, ids = self.t, self.ids
        score = self._blank(n)
        score[:, ids.pass_] = 0.0
        short = s["short"]
        free = np.maximum(s["free_res"], 0)  # [n, 6] cubes nothing promised needs
        missing = short.sum(1, keepdims=True)
        score[:, ids.trade] = np.where((missing[:, 0] >= 1) & (free.sum(1) >= 2), 2.0, -1.0)
        score[:, ids.buy : ids.buy + NR] = np.where((short > 0) & (s["free_fl"][:, None] >= t.buy_price), 1.0, -1.0)
        # sell a spare cube when its works miss money, or to buy a missing cube no trade brings
        fl = s["free_fl"][:, None]
        broke = (fl < 0) | ((missing >= 1) & (fl < t.buy_price) & (fl + t.sell_price >= t.buy_price))
        spare = free - (s["wish"] > 0)  # keep a cube an open box wants
        score[:, ids.sell : ids.sell + NR] = np.where((spare >= 1) & broke, 1.5 + 0.01 * spare, -1.0)
        return score

    def _trade_give(self, s, obs, n):
        score = self._blank(n)
        spare = s["free_res"] - (s["short"] > 0) * 100
        score[:, self.ids.resource : self.ids.resource + NR] = spare
        return score

    def _trade_take(self, s, obs, n):
        score = self._blank(n)
        score[:, self.ids.resource : self.ids.resource + NR] = s["short"] - 0.01 * s["res"]
        return score

    def _convert(self, s, obs, n):
        score = self._blank(n)
        w = self.field(obs, "pending_workshop").argmax(1)
        prod = self._workshop_worth(s)[np.arange(n), w]
        # never spend what its artworks, still to be paid this round, need
        t = self.t
        spare = (s["free_res"] >= t.ws_spend[w]).all(1) & (s["free_fl"] >= t.ws_spend_fl[w])
        score[:, self.ids.pass_] = 0.0
        score[:, self.ids.accept] = np.where(spare, prod, -1.0)
        return score

    def _pending_artist(self, obs):
        return self.field(obs, "pending_character").argmax(1)

    def _skill(self, s, obs, n):
        t = self.t
        score = self._blank(n)
        x = self._pending_artist(obs)
        done = s["flipped"][np.arange(n), np.minimum(x, NUM_NAMED - 1)] & (x < NUM_NAMED)
        value = np.where(done[:, None], self.expect_done[x], self.expect_open[x])
        score[:, self.ids.skill : self.ids.skill + 3] = value - self.PP_PER_100 * t.hire_cost[x] / 100
        return score

    def _value_pp(self, s, obs, n):
        """float[n, 7]: prestige of a work of value v = 1..6 by the pending artist and skill."""
        t = self.t
        x = self._pending_artist(obs)
        k = self.field(obs, "pending_skill").argmax(1)
        done = s["flipped"][np.arange(n), np.minimum(x, NUM_NAMED - 1)] & (x < NUM_NAMED)
        return np.where(t.mp[x, k] & ~done[:, None], t.mp_pp[x, k], t.die_pp[x, k]).astype(np.float64)

    def _die(self, s, obs, n):
        score = self._blank(n)
        score[:, self.ids.die : self.ids.die + 6] = self._value_pp(s, obs, n)[:, 1:]
        return score

    def _incentive(self, s, obs, n):
        t = self.t
        score = self._blank(n)
        pp = self._value_pp(s, obs, n)  # [n, 7]
        box = np.concatenate([self.field(obs, "pending_district"), self.field(obs, "pending_main")], 1).argmax(1)
        base = t.no_die_base[t.all_zone[box]]
        i = np.arange(4)
        v = np.minimum(base[:, None] + i, 6)
        gain = pp[np.arange(n)[:, None], v] - s["fl"][:, None] * t.incentive_step * i / 100
        score[:, self.ids.incentive : self.ids.incentive + 4] = gain - 0.01 * i
        return score

    def _artwork(self, s, obs, n):
        """Which of its boxes of the zone to complete next: one it can pay now first, then the most
        worth (the box's prestige and influence, the artist's expected prestige, the failure loss and,
        for a district box, the end-of-game point avoided) less its cost in money and cubes."""
        t, rows = self.t, np.arange(n)[:, None]
        x = np.concatenate([s["box_artist"], s["main_artist"]], 1).astype(np.int64)  # [n, 8 + NM], -1 none
        xi = np.clip(x, 0, NUM_SLOTS_X - 1)
        fits = t.skills[xi] & t.all_skills  # [n, 8 + NM, 3]
        done = s["flipped"][rows, np.minimum(xi, NUM_NAMED - 1)] & (xi < NUM_NAMED)
        expect = np.where(done[..., None], self.expect_done[xi], self.expect_open[xi])
        artist = np.where(fits, expect - s["fl"][:, None, None] * t.hire_cost[xi] / 100, -np.inf).max(2)
        hire_fl = np.where(fits, t.hire_cost[xi], 10**6).min(2)
        payable = (s["money"][:, None] >= t.all_cost_fl + hire_fl) & (s["res"][:, None] >= t.all_cost).all(2)
        zone = t.all_zone
        district = np.arange(NUM_BOXES + t.NM) < NUM_BOXES
        gain = (self.box_pp + artist + t.failure_loss[zone] + t.named_loss * (x < NUM_NAMED)
                + t.end_open_box * district)  # fmt: skip
        cost = s["fl"][:, None] * t.all_cost_fl / 100 + t.all_cost @ np.ones(NR) * s["cube"][:, None]
        score = self._blank(n)
        score[:, self.ids.hire_district : self.ids.hire_district + NUM_BOXES + t.NM] = gain - cost + 1000 * payable
        return score
