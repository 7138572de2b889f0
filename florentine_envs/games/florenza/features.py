"""Florenza (board game)'s per-action features (issue 30; the contract is
:meth:`~florentine_envs.core.game.Game.action_features`): for each of the 9P + NW + NM + 91
actions (157 at 2 players), what it names and what it would do for the seat deciding, as far as
that seat can know it.

**What it names.** The action's *kind* (its group of ids in the phase where it is legal: operate
a workshop, build one, a starting pick, an artwork box, the order of one's artworks, the market,
charity, work, hiring an artist, the preacher given charity, the Captain's or the Bishop's power,
a market deal, a trade, a conversion, the Atrio, the skill, the work's value), and the component
it names with its printed attributes from ``florenza_data.json``: the artwork's zone (Palazzo or
Chiesa of the district, civic, Cathedral) and the skills it accepts, the artist's skills (named
or unnamed), the Cathedral Pulpit, a preacher's expected workers, a workshop's production (cubes
taken, Fiorini, prestige and influence, cubes a conversion spends) and the income a workshop or
an artwork pays every round (Fiorini, workers, prestige and influence, the Atrio's gold) with the
rounds it has left to pay it.

**What it would do.** Fiorini, cubes of each resource, prestige and influence the action brings or
takes -- on this step, or (``deferred``) when the placement resolves later in the round (phase 6
for a workshop, phase 7 for an artwork); workers back on the board; the prestige paid to an
opponent for his workshop; the artist's hire cost and the expected prestige of his work (over the
die, the Cathedral's better of two dice, or the no-die variant's base value) and the chance of his
masterpiece; whether the mover can pay what it names from what he holds, and the prestige lost if
he cannot; the final-scoring terms it settles (a space filled, a district box crested, an area's
first crest); what the mover's *started works* (his boxes and unfinished workshops with his
workers, less what his workers on gain workshops will bring first -- the arithmetic of
``agents/florenza_heuristic.py``) would still lack after it, in cubes and Fiorini; the change of his
running final score (SPEC §8) on this step; his prestige and influence margins over the best
opponent after it (the Captain and the Bishop of phase 8) and whether he would be Bishop; for the
Captain's and the Bishop's powers on a family, that family's score gap and workers.

Everything is computed from what the deciding seat sees: the public board, every family's holdings
and the component data; never the bag's order or a future die (expected values use the die's six
faces). Scales come from the data (the largest printed amount of each kind), so a ``data=`` patch
keeps every feature inside its bounds. Vectorised over the batch and the actions; the caller
(``Game.action_features``) zeroes the rows of actions that are not legal.
"""

from __future__ import annotations

import functools

import numpy as np

from .constants import (
    DETAINED,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_PHASES,
    NUM_RESOURCES,
    NUM_SKILLS,
    NUM_SLOTS_X,
    NUM_SPACES,
    ON_CARD,
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
    WORKERS,
    Z_CATHEDRAL,
    Z_DISTRICT,
)  # fmt: skip
from .tables import I_ATRIO, I_FIORINI, I_INFLUENCE, I_PRESTIGE, I_WORKER

#: the action kinds (groups of action ids in the phase where they are legal), in one-hot order
ACTION_KINDS = (
    "operate", "build", "start_pick", "artwork_box", "artwork_order", "market", "charity", "work", "hire",
    "give_charity", "office_character", "office_target", "pass", "market_deal", "trade", "trade_cube", "convert",
    "atrio", "skill", "work_value",
)  # fmt: skip
_KIND_DOCS = {
    "operate": "place a worker on a finished workshop, one's own or an opponent's (OPERATE, phase PLACE)",
    "build": "place a worker and a new workshop tile, to build it in phase 6 (BUILD, phase PLACE)",
    "start_pick": "a starting workshop, built at once and free (BUILD, phase START_PICK)",
    "artwork_box": "place a worker on an artwork box, district or main board (HIRE_DISTRICT / HIRE_MAIN, PLACE)",
    "artwork_order": "which of one's artworks of a zone is completed next (HIRE_DISTRICT / HIRE_MAIN, ARTWORK)",
    "market": "send a worker to the market (MARKET)",
    "charity": "place a worker on a pulpit to give charity, own or the Cathedral's (CHARITY_OWN / _CATHEDRAL)",
    "work": "go to work (WORK)",
    "hire": "the artist hired for the pending box (CHARACTER, phase HIRE)",
    "give_charity": "the preacher given charity (CHARACTER, phase PREACHER)",
    "office_character": "the Captain detains an artist / the Bishop expels a preacher (CHARACTER, CAPTAIN / BISHOP)",
    "office_target": "the Captain detains / the Bishop converts a worker of a family (TARGET)",
    "pass": "pass (PASS: the Captain's or Bishop's power, the market, a conversion)",
    "market_deal": "sell or buy one cube at the market (SELL / BUY)",
    "trade": "start the market's trade of two cubes for one (TRADE)",
    "trade_cube": "a cube given or taken in the trade (RESOURCE, phases TRADE_*)",
    "convert": "accept the workshop's conversion (ACCEPT, phase CONVERT)",
    "atrio": "the Atrio's income: a gold cube or a gold sold (ATRIO_GOLD / ATRIO_SELL)",
    "skill": "the skill the artist completes the artwork with, paid now (SKILL)",
    "work_value": "the work's value: one of the Cathedral's two dice, or the no-die incentive (DIE / INCENTIVE)",
}
ZONES = ("palazzo", "chiesa", "civic", "cathedral")


class FlorenzaFeatures:
    """The per-action features; mixed into :class:`~.florenza.Florenza` (reads ``self.t``, ``self.ids``)."""

    # ------------------------------------------------------------------ constant tables

    @functools.cached_property
    def _feature_tables(self) -> dict:
        """Constants of the features, from the data: scales and the artists' expected prestige."""
        t = self.t
        named = np.arange(NUM_SLOTS_X) < NUM_NAMED
        mp = t.mp & named[:, None, None]  # [44, 3, 7] masterpiece boxes (named artists only)
        pp_open = np.where(mp, t.mp_pp, t.die_pp).astype(np.float64)  # [x, k, v] masterpiece not made
        pp_done = t.die_pp.astype(np.float64)
        # expected prestige by zone (district, civic, Cathedral): one die, the better of two, the no-die base
        expect = np.zeros((2, NUM_SLOTS_X, NUM_SKILLS, 3))
        chance = np.zeros((NUM_SLOTS_X, NUM_SKILLS, 3))
        faces = mp[:, :, 1:].mean(2)  # [44, 3] share of masterpiece faces
        for i, pp in enumerate((pp_open, pp_done)):
            one = pp[:, :, 1:].mean(2)
            two = np.maximum(pp[:, :, 1:, None], pp[:, :, None, 1:]).mean((2, 3))
            for z in range(3):
                if self.no_die:
                    expect[i, :, :, z] = pp[:, :, t.no_die_base[z]]
                else:
                    expect[i, :, :, z] = two if z == Z_CATHEDRAL else one
        for z in range(3):
            if self.no_die:
                base = int(t.no_die_base[z])
                chance[:, :, z] = mp[:, :, base : base + 4].any(2)
            else:
                chance[:, :, z] = 1 - (1 - faces) ** 2 if z == Z_CATHEDRAL else faces
        nb = NUM_BOXES + t.NM
        # per box (district d, main 8 + m): the zone one-hot index, the zone of phase 7
        zone4 = np.concatenate([np.where(t.box_chiesa, 1, 0), np.where(t.art_zone == Z_CATHEDRAL, 3, 2)])
        fits = t.skills[None, :, :] & t.all_skills[:, None, :]  # [27, 44, 3]
        hire = np.broadcast_to(t.hire_cost, fits.shape)
        min_hire = np.where(fits, hire, 10**9).min(2)  # [27, 44] the artist's cheapest skill for the box
        min_hire = np.where(min_hire >= 10**9, 0, min_hire)
        # income per round of a main artwork (0 for district boxes)
        kind, n = t.art_income_kind, t.art_income_n
        inc = np.zeros((4, nb))  # Fiorini, workers, prestige + influence, gold (the Atrio)
        inc[0, NUM_BOXES:] = n * (kind == I_FIORINI)
        inc[1, NUM_BOXES:] = n * (kind == I_WORKER)
        inc[2, NUM_BOXES:] = n * ((kind == I_PRESTIGE) | (kind == I_INFLUENCE))
        inc[3, NUM_BOXES:] = t.atrio_gold * (kind == I_ATRIO)
        ws_inc = np.stack([t.ws_inc_fl, t.ws_inc_workers, t.ws_inc_pp, np.zeros(t.NW)]).astype(np.float64)
        # scales: the largest amount of each kind the data allows in one action
        item_fl = max(int(t.all_cost_fl.max()) + int(t.hire_cost.max()), int(t.ws_cost_fl.max()))
        prod_fl = (t.ws_gain_fl - t.ws_spend_fl).astype(np.int64)
        fl_low = -max(item_fl, int(t.ch_cost_fl.max()), t.buy_price, 3 * t.incentive_step, -int(prod_fl.min()), 0)
        fl_high = max(t.work_pay, t.sell_price, t.atrio_price, int(prod_fl.max()), 0)
        cu_low = -max(int(t.all_cost.max()), int(t.ws_cost.max()), int(t.ws_spend.max()), int(t.ch_cost.max()), 1)
        cu_high = max(int(t.ws_gain.max()), int(t.ch_gain.max()), t.atrio_gold, 1)
        artist = np.concatenate([t.die_pp.ravel(), t.mp_pp.ravel()])
        pp_high = max(int(t.ws_gain_pp.max()), int(t.ws_build_pp.max()), int(t.box_pp.max()) + t.palazzo_pp,
                      int(t.art_pp.max()), int(t.ch_pp.max()), int(artist.max()), 1)  # fmt: skip
        pp_low = min(0, int(t.ch_pp.min()), int(artist.min()), int(t.ws_gain_pp.min()))
        inf_high = max(int(t.ws_gain_inf.max()), int(t.box_inf.max()) + t.chiesa_influence, int(t.art_inf.max()),
                       int(t.ch_inf.max()), 1)  # fmt: skip
        inf_low = min(0, int(t.ch_inf.min()), int(t.ws_gain_inf.min()))
        item_cubes = max(int(t.all_cost.sum(1).max()), int(t.ws_cost.sum(1).max()))
        gain_cubes = max(int(t.ws_gain.sum(1).max()), int(t.ws_spend.sum(1).max()), 1)
        prod_pts = (t.ws_gain_pp + t.ws_gain_inf).astype(np.int64)
        inc_pts = np.concatenate([t.ws_inc_pp, inc[2]])
        return {
            "expect": expect, "chance": chance, "zone4": zone4, "min_hire": min_hire, "inc": inc,
            "ws_inc": ws_inc, "fl": max(-fl_low, fl_high), "fl_low": fl_low, "fl_high": fl_high,
            "cu": max(-cu_low, cu_high), "cu_low": cu_low, "cu_high": cu_high, "pp": max(-pp_low, pp_high),
            "pp_low": pp_low, "pp_high": pp_high, "inf": max(-inf_low, inf_high), "inf_low": inf_low,
            "inf_high": inf_high, "item_fl": item_fl, "item_cubes": item_cubes, "gain_cubes": gain_cubes,
            "prod_fl": max(int(np.abs(prod_fl).max()), 1), "prod_fl_low": min(0, int(prod_fl.min())),
            "prod_fl_high": max(0, int(prod_fl.max())), "prod_pts": max(int(np.abs(prod_pts).max()), 1),
            "prod_pts_low": min(0, int(prod_pts.min())), "prod_pts_high": max(0, int(prod_pts.max())),
            "inc_scale": np.maximum(np.concatenate([ws_inc, inc], 1).max(1), 1),
            "inc_pts_low": min(0, int(inc_pts.min())),
            "workers": max(int(t.ch_workers.max()), 1), "hire": max(int(t.hire_cost.max()), 1),
            "artist": max(-int(min(0, artist.min())), int(artist.max()), 1), "artist_low": min(0, int(artist.min())),
            "artist_high": max(0, int(artist.max())),
            "loss": max(int(t.failure_loss.max()) + t.named_loss, t.build_loss, 1),
            "end": max(t.end_open_box + max(t.end_no_palazzo, t.end_no_chiesa), t.end_empty, 1),
        }  # fmt: skip

    @functools.cached_property
    def _feature_spec(self) -> list[tuple[str, float, float, str]]:
        """(name, low, high, doc) of every feature, in order."""
        t, c = self.t, self._feature_tables
        out = [(f"kind_{k}", 0.0, 1.0, f"1: the action's kind is {k}: {_KIND_DOCS[k]}") for k in ACTION_KINDS]
        zone_docs = {"palazzo": "a Palazzo box of the district board", "chiesa": "a Chiesa box of the district board",
                     "civic": "a civic artwork of the main board", "cathedral": "a Cathedral artwork"}  # fmt: skip
        out += [(f"zone_{z}", 0.0, 1.0, f"1: the artwork it names (or the pending box) is {zone_docs[z]}")
                for z in ZONES]  # fmt: skip
        out += [(f"skill_{k}", 0.0, 1.0, f"1: {k} is among the skills the box accepts (a box), the artist's skills "
                 "fitting it (hire; detain: all his skills), or the skill chosen (skill, work value)")
                for k in t.skill_names]  # fmt: skip
        W, fl = c["workers"], c["fl"]
        item_fl, cu = c["item_fl"], c["cu"]
        sc = c["inc_scale"]
        out += [
            ("named_artist", 0.0, 1.0, "1: the artist is named (hire, detain; the box's artist in artwork_order, "
             "skill, work_value): a failure costs 1 more, he may make his masterpiece"),
            ("pulpit", 0.0, 1.0, "1: the Cathedral Pulpit: charity there, a preacher given charity there, or the "
             "Cathedral Pulpit artwork (which opens it)"),
            ("preacher_workers", 0.0, 1.0, f"the preacher's printed workers, the mean over the die's faces, / {W} "
             "(give_charity, expel; charity: the best givable preacher)"),
            ("prod_cubes", 0.0, 1.0, f"cubes the workshop's production takes, as printed, / {c['gain_cubes']} "
             "(operate, build, start_pick, convert)"),
            ("prod_florins", c["prod_fl_low"] / c["prod_fl"], c["prod_fl_high"] / c["prod_fl"],
             f"Fiorini the workshop's production takes less those a conversion spends, as printed, / {c['prod_fl']}"),
            ("prod_points", c["prod_pts_low"] / c["prod_pts"], c["prod_pts_high"] / c["prod_pts"],
             f"prestige plus influence the workshop's production gives, as printed, / {c['prod_pts']}"),
            ("prod_spend_cubes", 0.0, 1.0, f"cubes a conversion workshop spends, as printed, / {c['gain_cubes']}"),
            ("income_florins", 0.0, 1.0, f"Fiorini the workshop or artwork pays in every round's phase 1, as "
             f"printed, / {sc[0]:g}"),
            ("income_workers", 0.0, 1.0, f"workers the workshop or artwork brings every round, / {sc[1]:g}"),
            ("income_points", c["inc_pts_low"] / sc[2], 1.0, f"prestige plus influence the workshop or artwork pays "
             f"every round, / {sc[2]:g}"),
            ("income_gold", 0.0, 1.0, f"the Atrio's gold cube every round (or a gold sold for {t.atrio_price}), "
             f"/ {sc[3]:g}"),
            ("income_rounds", 0.0, 1.0, f"rounds left in which that income is paid (those after this one), "
             f"/ {ROUNDS - 1}; 0 for a component without income"),
            ("deferred", 0.0, 1.0, "1: the effects below come when the placement resolves later this round (phase 6 "
             "workshops, phase 7 artworks, the preacher chosen next), 0: on this step"),
            ("florins", c["fl_low"] / fl, c["fl_high"] / fl, f"Fiorini the mover gains (+) or pays (-), / {fl}: "
             "a workshop's production, the build cost, the box's cost (without the artist), the market, work, "
             "charity, a conversion, the Atrio, the skill (box and artist), the incentive"),
        ]  # fmt: skip
        out += [(f"cubes_{r}", c["cu_low"] / cu, c["cu_high"] / cu, f"{r} cubes the mover gains (+) or pays (-), "
                 f"/ {cu} (as florins)") for r in t.resource_names]  # fmt: skip
        pp, inf = c["pp"], c["inf"]
        end, loss = c["end"], c["loss"]
        lack_max = (WORKERS * c["item_cubes"] + NUM_RESOURCES * cu) / 10
        short_max = (WORKERS * item_fl - c["fl_low"]) / fl
        score_low = (c["pp_low"] - t.fee + c["fl_low"] / t.end_fiorini - 1 + NUM_RESOURCES * c["cu_low"]
                     / t.end_cubes - 1) / 10  # fmt: skip
        score_high = (c["pp_high"] + end + c["fl_high"] / t.end_fiorini + 1 + NUM_RESOURCES * c["cu_high"]
                      / t.end_cubes + 1) / 10  # fmt: skip
        out += [
            ("prestige", c["pp_low"] / pp, c["pp_high"] / pp, f"prestige on the mover's track, / {pp}: the "
             "production, the build, the box with a completed Palazzo's bonus, the preacher, the skill (box), the "
             "work's value (the artist's prestige, masterpiece included); not the fee, not an expected die"),
            ("influence", c["inf_low"] / inf, c["inf_high"] / inf, f"church influence the mover gains (+) or loses "
             f"(-, never below 0), / {inf}: the box with a completed Chiesa's bonus, the production, the preacher"),
            ("workers", 0.0, 1.0, f"workers back from the pool to the mover's board, / {W}: the preacher's (expected "
             "over the die, at most the pool), the Bishop's conversion"),
            ("fee", 0.0, 1.0, f"prestige the mover pays now to the owner of the workshop, / {max(t.fee, 1)}"),
            ("artist_cost", 0.0, 1.0, f"the artist's hire cost in Fiorini, / {c['hire']}: the cheapest available "
             "artist fitting the box (artwork_box), his cheapest fitting skill (hire, artwork_order, detain), the "
             "skill's (skill)"),
            ("artist_prestige", c["artist_low"] / c["artist"], c["artist_high"] / c["artist"], "the artist's "
             "expected prestige for the work (die: the mean over its faces; Cathedral: the better of two dice; "
             f"no-die: at the base value), his masterpiece box while open, / {c['artist']}; the best available "
             "artist (artwork_box), the best fitting skill (hire, artwork_order, detain), the skill's (skill)"),
            ("masterpiece", 0.0, 1.0, "the chance the work makes the artist's masterpiece (a masterpiece face of the "
             "die, of either Cathedral die; no-die: reachable with an incentive); work_value: 1 if it does"),
            ("payable_now", 0.0, 1.0, "1: the mover holds now the Fiorini and cubes the action names (the box and its "
             "cheapest artist, the build cost, the conversion, the preacher, a purchase)"),
            ("failure_loss", 0.0, 1.0, f"prestige lost if the work cannot be paid when it resolves, / {loss}: the "
             "zone's loss (+1 for a named artist), the failed construction's"),
            ("end_points", 0.0, 1.0, f"final-scoring points the action settles once resolved, / {end}: an empty "
             "space filled, a district box crested (and an area's first crest)"),
            ("lack_after", 0.0, lack_max, "cubes the mover's started works (boxes and unfinished workshops with his "
             "workers, this one included) would still lack after the action, less what his workers on gain workshops "
             "bring first, / 10"),
            ("lack_change", -lack_max, lack_max, "the change the action makes to those lacking cubes, / 10 "
             "(negative: it brings what they need)"),
            ("florins_short", 0.0, short_max, f"Fiorini those started works would lack after the action, / {fl}"),
            ("plan_payable", 0.0, 1.0, "1: after the action every started work of the mover is payable from what he "
             "holds and what his workshops bring first"),
            ("score_now", score_low, score_high, "the change of the mover's running final score (SPEC §8: prestige, "
             "cubes / 3, Fiorini / 300, spaces, boxes) on this step, / 10"),
            ("prestige_lead", -3.0, 3.0, "the mover's track after the action (with the expected artist and the fee) "
             "minus the best opponent's (with the fee he receives), / 10, clipped at 3: above 0 he would be Captain"),
            ("influence_lead", -3.0, 3.0, "the mover's influence after the action minus the best opponent's, / 10, "
             "clipped at 3"),
            ("bishop_if_now", 0.0, 1.0, f"1: after the action the mover has the unique highest influence, at least "
             f"{t.bishop_min}: the Bishop if phase 8 came now"),
            ("target_score_gap", -3.0, 3.0, "office_target: the targeted family's running final score minus the "
             "mover's, / 20, clipped at 3"),
            ("target_workers", 0.0, 1.0, f"office_target: the targeted family's workers still to place, / {WORKERS}"),
        ]  # fmt: skip
        return out

    def action_feature_fields(self) -> dict[str, tuple[float, float]]:
        return {name: (float(lo), float(hi)) for name, lo, hi, _ in self._feature_spec}

    def action_feature_docs(self) -> dict[str, str]:
        return {name: doc for name, _, _, doc in self._feature_spec}

    @functools.cached_property
    def _feature_index(self) -> dict[str, int]:
        return {name: i for i, (name, _, _, _) in enumerate(self._feature_spec)}

    # ------------------------------------------------------------------ the features

    # raw effects, unscaled, by column of ``_feature_static``'s second array (then scaled and combined)
    _RAW = ("florins", "cubes", "prestige", "influence", "deferred", "end_now", "fee", "income", "adj_florins",
            "adj_cubes", "artist_prestige")  # fmt: skip

    @functools.cached_property
    def _raw_index(self) -> dict[str, int]:
        """Column of each raw effect (``cubes`` and ``adj_cubes`` take six columns each)."""
        out, i = {}, 0
        for name in self._RAW:
            out[name] = i
            i += NUM_RESOURCES if name in ("cubes", "adj_cubes") else 1
        out["size"] = i
        return out

    @functools.cached_property
    def _feature_static(self) -> tuple[np.ndarray, np.ndarray]:
        """(float32[NUM_PHASES, A, F], float32[NUM_PHASES, A, raw]): everything that depends only on the
        phase and the action -- the kind, the printed attributes, the fixed effects (the market's
        prices, the build and box costs, the preachers' gains) -- gathered by phase at each call."""
        t, ids, c = self.t, self.ids, self._feature_tables
        F, R = self._feature_index, self._raw_index
        A, nb = self.num_actions, NUM_BOXES + t.NM
        S = np.zeros((NUM_PHASES, A, len(F)), np.float64)
        W = np.zeros((NUM_PHASES, A, R["size"]), np.float64)
        cu = R["cubes"]

        def kind(ph, lo, hi, name):
            S[ph, lo:hi, F[f"kind_{name}"]] = 1

        def production(ph, lo, hi, w):
            S[ph, lo:hi, F["prod_cubes"]] = t.ws_gain[w].sum(-1) / c["gain_cubes"]
            S[ph, lo:hi, F["prod_florins"]] = (t.ws_gain_fl[w] - t.ws_spend_fl[w]) / c["prod_fl"]
            S[ph, lo:hi, F["prod_points"]] = (t.ws_gain_pp[w] + t.ws_gain_inf[w]) / c["prod_pts"]
            S[ph, lo:hi, F["prod_spend_cubes"]] = t.ws_spend[w].sum(-1) / c["gain_cubes"]

        def income(ph, lo, hi, table):  # table [4, n]: Fiorini, workers, points, gold per round
            for i, name in enumerate(("income_florins", "income_workers", "income_points", "income_gold")):
                S[ph, lo:hi, F[name]] = table[i] / c["inc_scale"][i]
            W[ph, lo:hi, R["income"]] = table.any(0)

        # PLACE -------------------------------------------------------------------------------
        ph = PH_PLACE
        kind(ph, ids.operate, ids.build, "operate")
        W[ph, ids.operate : ids.build, R["deferred"]] = 1
        W[ph, ids.operate + NUM_SPACES : ids.build, R["fee"]] = t.fee
        w, lo, hi = np.arange(t.NW), ids.build, ids.hire_district
        for ph in (PH_PLACE, PH_START_PICK):
            kind(ph, lo, hi, "build" if ph == PH_PLACE else "start_pick")
            production(ph, lo, hi, w)
            income(ph, lo, hi, c["ws_inc"])
            S[ph, lo:hi, F["end_points"]] = t.end_empty / c["end"]
            W[ph, lo:hi, R["end_now"]] = t.end_empty  # the tile fills an empty space now (a failure empties it)
        ph = PH_PLACE
        S[ph, lo:hi, F["failure_loss"]] = t.build_loss / c["loss"]
        W[ph, lo:hi, R["florins"]] = -t.ws_cost_fl
        W[ph, lo:hi, cu : cu + NUM_RESOURCES] = -t.ws_cost
        W[ph, lo:hi, R["prestige"]] = t.ws_build_pp
        W[ph, lo:hi, R["deferred"]] = 1
        lo, hi = ids.hire_district, ids.market
        box_pp = np.concatenate([t.box_pp, t.art_pp])
        box_inf = np.concatenate([t.box_inf, t.art_inf])
        for ph in (PH_PLACE, PH_ARTWORK):
            kind(ph, lo, hi, "artwork_box" if ph == PH_PLACE else "artwork_order")
            for zi, z in enumerate(ZONES):
                S[ph, lo:hi, F[f"zone_{z}"]] = c["zone4"] == zi
            S[ph, lo:hi, F["pulpit"]] = np.arange(nb) == NUM_BOXES + t.pulpit
            income(ph, lo, hi, c["inc"])
            S[ph, lo:hi, F["failure_loss"]] = t.failure_loss[t.all_zone] / c["loss"]
            W[ph, lo:hi, R["florins"]] = -t.all_cost_fl
            W[ph, lo:hi, cu : cu + NUM_RESOURCES] = -t.all_cost
            W[ph, lo:hi, R["prestige"]] = box_pp
            W[ph, lo:hi, R["influence"]] = box_inf
            W[ph, lo:hi, R["deferred"]] = 1
        for k in range(NUM_SKILLS):
            S[PH_PLACE, lo:hi, F[f"skill_{t.skill_names[k]}"]] = t.all_skills[:, k]
        # the order of boxes already promised changes nothing in what the started works lack
        W[PH_ARTWORK, lo:hi, R["adj_florins"]] = t.all_cost_fl
        W[PH_ARTWORK, lo:hi, R["adj_cubes"] : R["adj_cubes"] + NUM_RESOURCES] = t.all_cost
        ph = PH_PLACE
        kind(ph, ids.market, ids.market + 1, "market")
        kind(ph, ids.charity_own, ids.charity_cathedral + 1, "charity")
        W[ph, ids.market : ids.charity_cathedral + 1, R["deferred"]] = 1
        S[ph, ids.charity_cathedral, F["pulpit"]] = 1
        kind(ph, ids.work, ids.work + 1, "work")
        W[ph, ids.work, R["florins"]] = t.work_pay
        # CHARACTER ---------------------------------------------------------------------------
        lo, hi = ids.character, ids.target
        named = np.arange(NUM_SLOTS_X) < NUM_NAMED
        is_artist = np.zeros(NUM_SLOTS_X, bool)  # the named artists, by character slot
        is_artist[:NUM_NAMED] = t.is_artist
        kind(PH_HIRE, lo, hi, "hire")
        S[PH_HIRE, lo:hi, F["named_artist"]] = named
        W[PH_HIRE, lo:hi, R["deferred"]] = 1
        ph = PH_PREACHER
        kind(ph, lo, hi, "give_charity")
        S[ph, lo:hi, F["payable_now"]] = 1
        W[ph, lo:hi, R["florins"]] = -t.ch_cost_fl
        W[ph, lo:hi, cu : cu + NUM_RESOURCES] = t.ch_gain - t.ch_cost
        W[ph, lo:hi, R["prestige"]] = t.ch_pp
        W[ph, lo:hi, R["influence"]] = t.ch_inf
        printed = t.ch_workers[:, 1:].mean(1) / c["workers"]
        for ph in (PH_PREACHER, PH_BISHOP):
            S[ph, lo:hi, F["preacher_workers"]] = printed
        for ph in (PH_CAPTAIN, PH_BISHOP):
            kind(ph, lo, hi, "office_character")
            kind(ph, ids.target, ids.pass_, "office_target")
        ph = PH_CAPTAIN
        for k in range(NUM_SKILLS):
            S[ph, lo:hi, F[f"skill_{t.skill_names[k]}"]] = t.skills[:, k] & is_artist
        S[ph, lo:hi, F["named_artist"]] = is_artist
        cheapest = np.where(t.skills, t.hire_cost, 10**9).min(1)
        S[ph, lo:hi, F["artist_cost"]] = np.where(is_artist, cheapest, 0) / c["hire"]
        # PASS, the market, the trade, the conversion, the Atrio ------------------------------
        for ph in range(NUM_PHASES):
            kind(ph, ids.pass_, ids.pass_ + 1, "pass")
        ph, eye = PH_MARKET, np.eye(NUM_RESOURCES)
        kind(ph, ids.sell, ids.trade, "market_deal")
        kind(ph, ids.trade, ids.trade + 1, "trade")
        W[ph, ids.sell : ids.buy, R["florins"]] = t.sell_price
        W[ph, ids.sell : ids.buy, cu : cu + NUM_RESOURCES] = -eye
        W[ph, ids.buy : ids.trade, R["florins"]] = -t.buy_price
        W[ph, ids.buy : ids.trade, cu : cu + NUM_RESOURCES] = eye
        S[ph, ids.buy : ids.trade, F["payable_now"]] = 1
        lo, hi = ids.resource, ids.resource + NUM_RESOURCES
        for ph, sign in ((PH_TRADE_GIVE_1, -1), (PH_TRADE_GIVE_2, -1), (PH_TRADE_TAKE, 1)):
            kind(ph, lo, hi, "trade_cube")
            W[ph, lo:hi, cu : cu + NUM_RESOURCES] = sign * eye
        kind(PH_CONVERT, ids.accept, ids.accept + 1, "convert")
        S[PH_CONVERT, ids.accept, F["payable_now"]] = 1
        ph = PH_ATRIO
        kind(ph, ids.atrio_gold, ids.atrio_sell + 1, "atrio")
        W[ph, ids.atrio_gold, cu + t.gold] = t.atrio_gold
        W[ph, ids.atrio_sell, cu + t.gold] = -1
        W[ph, ids.atrio_sell, R["florins"]] = t.atrio_price
        # the skill and the work's value ------------------------------------------------------
        ph, lo, hi = PH_SKILL, ids.skill, ids.skill + NUM_SKILLS
        kind(ph, lo, hi, "skill")
        S[ph, lo:hi, F["payable_now"]] = 1
        for k in range(NUM_SKILLS):
            S[ph, lo + k, F[f"skill_{t.skill_names[k]}"]] = 1
        kind(PH_CATHEDRAL_DIE, ids.die, ids.die + 6, "work_value")
        kind(PH_INCENTIVE, ids.incentive, ids.incentive + 4, "work_value")
        W[PH_INCENTIVE, ids.incentive : ids.incentive + 4, R["florins"]] = -t.incentive_step * np.arange(4)
        return S.astype(np.float32), W.astype(np.float32)

    def _action_features(self, st, players: np.ndarray) -> np.ndarray:
        """float32[B, A, F] (see the module docstring), for seats ``players`` (int[B]), computed on the
        actions legal for them only (the others' rows stay zero): the phase's static rows
        (``_feature_static``), then what depends on the position, one phase at a time on the games
        in that phase, then the features every action shares (the scaled effects, the started works
        after it, the score, the offices)."""
        t, ids, c, P = self.t, self.ids, self._feature_tables, self.num_players
        F, R = self._feature_index, self._raw_index
        B, A = st.batch_size, self.num_actions
        nb = NUM_BOXES + t.NM
        p = np.asarray(players, np.int64)
        phase = st.phase.astype(np.int64)
        out = np.zeros((B, A, len(F)), np.float32)
        legal = st.legal_action_mask & ((st.current_player == p) & ~st.terminated)[:, None]
        bi, ai = np.nonzero(legal)  # the legal (game, action) pairs, the rows computed below
        if not bi.size:
            return out
        pos = np.full((B, A), -1, np.int64)
        pos[bi, ai] = np.arange(bi.size)
        static, raw_static = self._feature_static
        val = static[phase[bi], ai]  # [n, F]
        raw = raw_static[phase[bi], ai].astype(np.float64)  # [n, raw]
        cu, adj_cu = R["cubes"], R["adj_cubes"]
        fee_owner = np.full(bi.size, -np.inf)  # the track of the workshop's owner after the fee he receives

        class Block:
            """The legal rows of actions lo..hi-1 in games G: ``put`` writes a feature, ``raw`` an effect."""

            def __init__(self, G, lo, hi):
                at = pos[G, lo:hi]
                self.m, self.i, self.shape = at >= 0, at[at >= 0], at.shape

            def pick(self, value, *tail):
                return np.broadcast_to(value, self.shape + tail)[self.m]

            def put(self, name, value):
                val[self.i, F[name]] = self.pick(value)

            def set(self, name, value, add=False):
                col = R[name]
                if name in ("cubes", "adj_cubes"):
                    raw[self.i, col : col + NUM_RESOURCES] = self.pick(value, NUM_RESOURCES)
                elif add:
                    raw[self.i, col] += self.pick(value)
                else:
                    raw[self.i, col] = self.pick(value)

        rows = np.arange(B)
        money = st.money[rows, p].astype(np.float64)  # [B]
        res = st.res[rows, p].astype(np.float64)  # [B, 6]
        track = st.track.astype(np.float64)  # [B, P]
        # ---- the started works: what they will take in phases 6-7, less what gain workshops bring first
        x_box = np.concatenate([st.box_artist[rows, p], st.main_artist], 1).astype(np.int64)  # [B, 27] -1 none
        xi_box = np.maximum(x_box, 0)
        box_hire = np.where(x_box >= 0, c["min_hire"][np.arange(nb), xi_box], 0)  # [B, 27]
        pending = np.concatenate([st.box_worker[rows, p] & ~st.box_crest[rows, p],
                                  (st.main_worker == p[:, None]) & (st.main_crest < 0)], 1)  # fmt: skip
        owe_cu = pending.astype(np.float64) @ t.all_cost
        owe_fl = (pending * (t.all_cost_fl + box_hire)).sum(1)
        own_type = np.maximum(st.space_type[rows, p], 0).astype(np.int64)  # [B, 8]
        unbuilt = (st.space_type[rows, p] >= 0) & ~st.space_built[rows, p] & (st.space_worker[rows, p] >= 0)
        owe_cu += (unbuilt[..., None] * t.ws_cost[own_type]).sum(1)
        owe_fl += (unbuilt * t.ws_cost_fl[own_type]).sum(1)
        types = np.maximum(st.space_type, 0).astype(np.int64)  # [B, P, 8]
        mine = (st.space_worker == p[:, None, None]) & st.space_built & (st.space_type >= 0) & ~t.ws_convert[types]
        free_cu = res + (mine[..., None] * t.ws_gain[types]).sum((1, 2)) - owe_cu  # [B, 6]
        free_fl = money + (mine * t.ws_gain_fl[types]).sum((1, 2)) - owe_fl  # [B]
        zone3, z4 = t.all_zone, c["zone4"]
        present = np.bincount(phase[bi], minlength=NUM_PHASES) > 0

        def games(*phases):
            return np.flatnonzero(np.isin(phase, phases) & legal.any(1))

        def artists(G):
            """(expected prestige, masterpiece chance) [n, 44, 3 skills, 3 zones] in games G."""
            flipped = np.zeros((G.size, NUM_SLOTS_X), bool)
            flipped[:, :NUM_NAMED] = st.flipped[G]
            expect = np.where(flipped[:, :, None, None], c["expect"][1], c["expect"][0])
            return expect, np.where(flipped[:, :, None, None], 0.0, c["chance"])

        def box_rewards(blk, G):
            """A box's area bonus (prestige, influence) and its final-scoring points, into ``blk``."""
            area_pp, area_inf, end_box = self._box_rewards(st, G, p[G])
            blk.set("prestige", area_pp, add=True)
            blk.set("influence", area_inf, add=True)
            blk.put("end_points", end_box / c["end"])

        def production(blk, w):
            """The printed production of workshop types ``w`` (int[n, k]) into ``blk``'s prod_* features."""
            blk.put("prod_cubes", t.ws_gain[w].sum(-1) / c["gain_cubes"])
            blk.put("prod_florins", (t.ws_gain_fl[w] - t.ws_spend_fl[w]) / c["prod_fl"])
            blk.put("prod_points", (t.ws_gain_pp[w] + t.ws_gain_inf[w]) / c["prod_pts"])
            blk.put("prod_spend_cubes", t.ws_spend[w].sum(-1) / c["gain_cubes"])

        # ------------------------------------------------ PLACE
        G = games(PH_PLACE) if present[PH_PLACE] else rows[:0]
        if G.size:
            pg, n = p[G], G.size
            # operate: the production of the workshop on each space, for the mover
            blk = Block(G, ids.operate, ids.build)
            j, s = np.divmod(np.arange(8 * P), NUM_SPACES)
            q = (pg[:, None] + j) % P  # [n, 8P] owner
            w = np.maximum(st.space_type[G[:, None], q, s], 0).astype(np.int64)  # [n, 8P]
            conv = t.ws_convert[w]
            can = (free_cu[G, None] >= t.ws_spend[w]).all(2) & (free_fl[G, None] >= t.ws_spend_fl[w])
            runs = ~conv | can
            blk.set("florins", (t.ws_gain_fl[w] - t.ws_spend_fl[w] * conv) * runs)
            blk.set("cubes", (t.ws_gain[w] - t.ws_spend[w] * conv[..., None]) * runs[..., None])
            blk.set("prestige", t.ws_gain_pp[w] * runs)
            blk.set("influence", t.ws_gain_inf[w] * runs)
            fee_owner[blk.i] = blk.pick(np.where(j > 0, track[G[:, None], q] + t.fee, -np.inf))
            production(blk, w)
            blk.put("payable_now", ~conv | ((res[G, None] >= t.ws_spend[w]).all(2)
                                            & (money[G, None] >= t.ws_spend_fl[w])))  # fmt: skip
            # build: the cost payable now
            blk = Block(G, ids.build, ids.hire_district)
            blk.put("payable_now", (res[G, None] >= t.ws_cost).all(2) & (money[G, None] >= t.ws_cost_fl))
            # an artwork box: its area's bonus and end-of-game points, the artists available for it now
            # (named on their cards, or detained by the Captain himself), the best of them by skill
            blk = Block(G, ids.hire_district, ids.market)
            box_rewards(blk, G)
            expect, chance = artists(G)
            where = st.char_where[G]
            free_char = (where == ON_CARD) | ((where == DETAINED) & (st.captain[G] == pg)[:, None])
            avail = np.zeros((n, NUM_SLOTS_X), bool)
            avail[:, :NUM_NAMED] = (st.char_state[G] == IN_PLAY) & free_char & t.is_artist
            avail[:, NUM_NAMED : NUM_NAMED + 3] = st.unnamed_left[G, :3] >= 1
            has = avail[:, :, None] & t.skills  # [n, 44, 3]
            k_cost = np.where(has, t.hire_cost, 10**9).min(1)  # [n, 3] the cheapest hire by skill
            k_pp = np.where(has[..., None], expect, -np.inf).max(1)  # [n, 3, 3 zones] the best work
            k_mp = np.where(has[..., None], chance, 0.0).max(1)
            fit = has.any(1)[:, None, :] & t.all_skills  # [n, 27, 3] skills the box accepts with an artist
            any_fit = fit.any(2)
            a_cost = np.where(any_fit, np.where(fit, k_cost[:, None], 10**9).min(2), 0)
            a_pp = np.where(any_fit, np.where(fit, np.moveaxis(k_pp[:, :, zone3], 2, 1), -np.inf).max(2), 0)
            blk.put("artist_cost", a_cost / c["hire"])
            blk.put("artist_prestige", a_pp / c["artist"])
            blk.put("masterpiece", np.where(fit, np.moveaxis(k_mp[:, :, zone3], 2, 1), 0.0).max(2))
            blk.put("payable_now", (res[G, None] >= t.all_cost).all(2) & (money[G, None] >= t.all_cost_fl + a_cost))
            blk.set("artist_prestige", a_pp)
            blk.set("adj_florins", -a_cost)  # the new box promises its artist too
            # charity: the best preacher the mover may give charity to, his workers (at most the pool)
            blk = Block(G, ids.charity_own, ids.charity_cathedral + 1)
            givable = self._givable_all(st, G, pg, res[G], money[G])  # [n, 44]
            pool = st.pool[G, pg].astype(np.float64)
            workers = np.minimum(t.ch_workers[None, :, 1:], pool[:, None, None]).mean(2)  # [n, 44] expected
            blk.put("workers", (np.where(givable, workers, 0).max(1) / c["workers"])[:, None])
            blk.put("preacher_workers", (np.where(givable, t.ch_workers[:, 1:].mean(1), 0).max(1)
                                         / c["workers"])[:, None])  # fmt: skip

        # ------------------------------------------------ ARTWORK: the artist on each of the mover's boxes
        G = games(PH_ARTWORK) if present[PH_ARTWORK] else rows[:0]
        if G.size:
            blk = Block(G, ids.hire_district, ids.market)
            box_rewards(blk, G)
            expect, chance = artists(G)
            xi = xi_box[G]
            ri = np.arange(G.size)[:, None]
            fit = t.skills[xi] & t.all_skills  # [n, 27, 3]
            pay = fit & (res[G, None] >= t.all_cost).all(2)[..., None]
            pay &= money[G, None, None] >= t.all_cost_fl[:, None] + t.hire_cost[xi]
            use = np.where(pay.any(2, keepdims=True), pay, fit)  # the payable skills, or all that fit
            e_x, ch_x = expect[ri, xi, :, zone3[None]], chance[ri, xi, :, zone3[None]]  # [n, 27, 3]
            a_cost = np.where(use.any(2), np.where(use, t.hire_cost[xi], 10**9).min(2), 0)
            a_pp = np.where(use.any(2), np.where(use, e_x, -np.inf).max(2), 0)
            named_x = (x_box[G] >= 0) & (x_box[G] < NUM_NAMED)
            for k in range(NUM_SKILLS):
                blk.put(f"skill_{t.skill_names[k]}", fit[:, :, k])
            blk.put("named_artist", named_x)
            blk.put("failure_loss", (t.failure_loss[zone3] + t.named_loss * named_x) / c["loss"])
            blk.put("artist_cost", a_cost / c["hire"])
            blk.put("artist_prestige", a_pp / c["artist"])
            blk.put("masterpiece", np.where(use, ch_x, 0.0).max(2))
            blk.put("payable_now", pay.any(2))
            blk.set("artist_prestige", a_pp)

        # ------------------------------------------------ HIRE: the artist for the pending box
        pb_all = np.clip(st.pend_box.astype(np.int64), 0, nb - 1)  # [B] the pending box (HIRE, SKILL, values)
        G = games(PH_HIRE) if present[PH_HIRE] else rows[:0]
        if G.size:
            blk = Block(G, ids.character, ids.target)
            pb = pb_all[G]
            zb = zone3[pb]
            expect, chance = artists(G)
            ri = np.arange(G.size)
            fit = t.skills[None] & t.all_skills[pb][:, None]  # [n, 44, 3]
            any_fit = fit.any(2)
            h_cost = np.where(any_fit, np.where(fit, t.hire_cost, 10**9).min(2), 0)
            h_pp = np.where(any_fit, np.where(fit, expect[ri, :, :, zb], -np.inf).max(2), 0)
            named = np.arange(NUM_SLOTS_X) < NUM_NAMED
            for zi, z in enumerate(ZONES):
                blk.put(f"zone_{z}", (z4[pb] == zi)[:, None])
            for k in range(NUM_SKILLS):
                blk.put(f"skill_{t.skill_names[k]}", fit[:, :, k])
            blk.put("artist_cost", h_cost / c["hire"])
            blk.put("artist_prestige", h_pp / c["artist"])
            blk.put("masterpiece", np.where(fit, chance[ri, :, :, zb], 0.0).max(2))
            blk.put("failure_loss", (t.failure_loss[zb][:, None] + t.named_loss * named) / c["loss"])
            blk.put("payable_now", (res[G] >= t.all_cost[pb]).all(1)[:, None]
                    & (money[G, None] >= t.all_cost_fl[pb][:, None] + h_cost))  # fmt: skip
            blk.set("artist_prestige", h_pp)
            blk.set("adj_florins", -h_cost)  # the box's artist, now promised

        # ------------------------------------------------ PREACHER: the workers from the pool (expected)
        G = games(PH_PREACHER) if present[PH_PREACHER] else rows[:0]
        if G.size:
            blk = Block(G, ids.character, ids.target)
            pool = st.pool[G, p[G]].astype(np.float64)
            blk.put("workers", np.minimum(t.ch_workers[None, :, 1:], pool[:, None, None]).mean(2) / c["workers"])
            blk.put("pulpit", (st.pend_pulpit[G] == 1)[:, None])

        # ------------------------------------------------ CAPTAIN: the artist detained (one die, a district box)
        G = games(PH_CAPTAIN) if present[PH_CAPTAIN] else rows[:0]
        if G.size:
            blk = Block(G, ids.character, ids.character + NUM_NAMED)
            expect, chance = artists(G)
            art = t.skills[:NUM_NAMED] & t.is_artist[:, None]  # [40, 3]
            e = np.where(art, expect[:, :NUM_NAMED, :, Z_DISTRICT], -np.inf).max(2)
            blk.put("artist_prestige", np.where(t.is_artist, e, 0) / c["artist"])
            blk.put("masterpiece", np.where(art, chance[:, :NUM_NAMED, :, Z_DISTRICT], 0.0).max(2))

        # ------------------------------------------------ TARGET (CAPTAIN, BISHOP): the family's standing
        G = games(PH_CAPTAIN, PH_BISHOP) if present[PH_CAPTAIN] | present[PH_BISHOP] else rows[:0]
        if G.size:
            blk = Block(G, ids.target, ids.pass_)
            pg = p[G]
            q = (pg[:, None] + 1 + np.arange(P - 1)) % P  # [n, P-1]
            score = self.score_now(st.select(G)).astype(np.float64)  # [n, P] running final scores (SPEC §8)
            ri = np.arange(G.size)[:, None]
            blk.put("target_score_gap", np.clip((score[ri, q] - score[ri, pg[:, None]]) / 20, -3, 3))
            blk.put("target_workers", st.avail[G[:, None], q] / WORKERS)
            bishop = st.phase[G] == PH_BISHOP
            blk.put("workers", (bishop & (st.pool[G, pg] >= 1))[:, None] / c["workers"])

        # ------------------------------------------------ CONVERT: the pending workshop's conversion
        G = games(PH_CONVERT) if present[PH_CONVERT] else rows[:0]
        if G.size:
            blk = Block(G, ids.accept, ids.accept + 1)
            w = np.maximum(st.pend_ws[G].astype(np.int64), 0)[:, None]  # [n, 1]
            blk.set("florins", t.ws_gain_fl[w] - t.ws_spend_fl[w])
            blk.set("cubes", t.ws_gain[w] - t.ws_spend[w])
            blk.set("prestige", t.ws_gain_pp[w])
            blk.set("influence", t.ws_gain_inf[w])
            production(blk, w)

        # ------------------------------------------------ SKILL, DIE, INCENTIVE: the pending box and artist
        G = games(PH_SKILL, PH_CATHEDRAL_DIE, PH_INCENTIVE)
        if G.size:
            pg, pb = p[G], pb_all[G]
            zb = zone3[pb]
            ri = np.arange(G.size)
            x = np.where(pb < NUM_BOXES, st.box_artist[G, pg, np.minimum(pb, NUM_BOXES - 1)],
                         st.main_artist[G, np.maximum(pb - NUM_BOXES, 0)]).astype(np.int64)  # fmt: skip
            x = np.clip(x, 0, NUM_SLOTS_X - 1)
            expect, chance = artists(G)
            k = np.clip(st.pend_skill[G].astype(np.int64), 0, NUM_SKILLS - 1)
            # the work's value: a Cathedral die face v, or the no-die base value plus the incentive i
            open_mp = (x < NUM_NAMED) & ~st.flipped[G, np.minimum(x, NUM_NAMED - 1)]
            mp_x = t.mp[x, k] & open_mp[:, None]  # [n, 7] by value
            pp_v = np.where(mp_x, t.mp_pp[x, k], t.die_pp[x, k])  # [n, 7]
            v = np.minimum(t.no_die_base[zb][:, None] + np.arange(4), 6)  # [n, 4]
            for lo, hi in ((ids.skill, ids.skill + NUM_SKILLS), (ids.die, ids.die + 6),
                           (ids.incentive, ids.incentive + 4)):  # fmt: skip
                blk = Block(G, lo, hi)
                for zi, z in enumerate(ZONES):
                    blk.put(f"zone_{z}", (z4[pb] == zi)[:, None])
                blk.put("named_artist", (x < NUM_NAMED)[:, None])
                if lo == ids.skill:
                    continue
                values = np.broadcast_to(np.arange(1, 7) if lo == ids.die else v, (G.size, hi - lo))
                blk.set("prestige", pp_v[ri[:, None], values])
                blk.put("masterpiece", mp_x[ri[:, None], values])
                for kk in range(NUM_SKILLS):
                    blk.put(f"skill_{t.skill_names[kk]}", (k == kk)[:, None])
            # the skill: the box and the artist paid now, the box's rewards and crest now
            blk = Block(G, ids.skill, ids.skill + NUM_SKILLS)
            box_pp = np.concatenate([t.box_pp, t.art_pp])[pb]
            box_inf = np.concatenate([t.box_inf, t.art_inf])[pb]
            area_pp, area_inf, end_box = self._box_rewards(st, G, pg)
            cost_k = t.hire_cost[x]  # [n, 3]
            blk.set("florins", -(t.all_cost_fl[pb][:, None] + cost_k))
            blk.set("cubes", -t.all_cost[pb][:, None])
            blk.set("prestige", (box_pp + area_pp[ri, pb])[:, None])
            blk.set("influence", (box_inf + area_inf[ri, pb])[:, None])
            blk.set("end_now", end_box[ri, pb][:, None])
            blk.put("end_points", end_box[ri, pb][:, None] / c["end"])
            e_k = expect[ri, x, :, zb]  # [n, 3]
            blk.set("artist_prestige", e_k)
            blk.put("artist_cost", cost_k / c["hire"])
            blk.put("artist_prestige", e_k / c["artist"])
            blk.put("masterpiece", chance[ri, x, :, zb])
            for i, name in enumerate(("income_florins", "income_workers", "income_points", "income_gold")):
                blk.put(name, (c["inc"][i][pb] / c["inc_scale"][i])[:, None])
            blk.set("income", c["inc"].any(0)[pb][:, None])
            # the box and its cheapest skill were promised; the skill chosen may cost more
            blk.set("adj_florins", (t.all_cost_fl[pb] + c["min_hire"][pb, x])[:, None])
            blk.set("adj_cubes", t.all_cost[pb][:, None])

        # ------------------------------------------------ scaled effects and what they change
        fl, pp, fee = raw[:, R["florins"]], raw[:, R["prestige"]], raw[:, R["fee"]]
        cubes = raw[:, cu : cu + NUM_RESOURCES]
        deferred = raw[:, R["deferred"]] > 0
        influence = st.influence[bi, p[bi]].astype(np.float64)
        inf_delta = np.maximum(0.0, influence + raw[:, R["influence"]]) - influence
        val[:, F["deferred"]] = deferred
        val[:, F["florins"]] = fl / c["fl"]
        first = F[f"cubes_{t.resource_names[0]}"]
        val[:, first : first + NUM_RESOURCES] = cubes / c["cu"]
        val[:, F["prestige"]] = pp / c["pp"]
        val[:, F["influence"]] = inf_delta / c["inf"]
        val[:, F["fee"]] = fee / max(t.fee, 1)
        val[:, F["income_rounds"]] = raw[:, R["income"]] * (ROUNDS - st.round[bi].astype(np.float64)) / (ROUNDS - 1)
        # the started works after the action: what its holdings change, and what it promises
        after_cu = free_cu[bi] + cubes + raw[:, adj_cu : adj_cu + NUM_RESOURCES]  # [n, 6]
        after_fl = free_fl[bi] + fl + raw[:, R["adj_florins"]]
        lack_before = np.maximum(0.0, -free_cu[bi]).sum(1)
        lack_after = np.maximum(0.0, -after_cu).sum(1)
        val[:, F["lack_after"]] = lack_after / 10
        val[:, F["lack_change"]] = (lack_after - lack_before) / 10
        val[:, F["florins_short"]] = np.maximum(0.0, -after_fl) / c["fl"]
        val[:, F["plan_payable"]] = (lack_after == 0) & (after_fl >= 0)
        # the running final score (SPEC §8) on this step
        now = ~deferred
        m, cube_total = money[bi], res[bi].sum(1)
        d_score = (pp * now - fee + raw[:, R["end_now"]] + np.floor((m + fl * now) / t.end_fiorini)
                   - np.floor(m / t.end_fiorini) + np.floor((cube_total + cubes.sum(1) * now) / t.end_cubes)
                   - np.floor(cube_total / t.end_cubes))  # fmt: skip
        val[:, F["score_now"]] = d_score / 10
        # the offices of phase 8: the prestige and influence margins over the best opponent
        others = np.arange(P)[None, :] != p[bi][:, None]  # [n, P]
        best_track = np.where(others, track[bi], -np.inf).max(1)
        mine_track = track[bi, p[bi]] + pp - fee + raw[:, R["artist_prestige"]]
        val[:, F["prestige_lead"]] = np.clip((mine_track - np.maximum(best_track, fee_owner)) / 10, -3, 3)
        best_inf = np.where(others, st.influence[bi], -np.inf).max(1)
        mine_inf = influence + inf_delta
        val[:, F["influence_lead"]] = np.clip((mine_inf - best_inf) / 10, -3, 3)
        val[:, F["bishop_if_now"]] = (mine_inf > best_inf) & (mine_inf >= t.bishop_min)
        out[bi, ai] = val
        return out

    # ------------------------------------------------------------------ helpers

    def _box_rewards(self, st, G, p):
        """(prestige, influence, final-scoring points) [n, 8 + NM] a crest of seats ``p`` on each box
        would add in games ``G``, beside the box's printed rewards: a completed Palazzo's prestige or
        Chiesa's influence (its other three boxes crested), the district box's end-of-game point and
        an area's first crest."""
        t = self.t
        B, nb = G.size, NUM_BOXES + t.NM
        crest = st.box_crest[G, p]  # [n, 8]
        area_pp, area_inf, end = np.zeros((B, nb)), np.zeros((B, nb)), np.zeros((B, nb))
        for chiesa in (False, True):
            area = t.box_chiesa == chiesa
            n = crest[:, area].sum(1)  # [B]
            boxes = np.flatnonzero(area)
            completes = (n[:, None] == area.sum() - 1) & ~crest[:, boxes]
            if chiesa:
                area_inf[:, boxes] = completes * t.chiesa_influence
            else:
                area_pp[:, boxes] = completes * t.palazzo_pp
            first = (n == 0) * (t.end_no_chiesa if chiesa else t.end_no_palazzo)
            end[:, boxes] = (t.end_open_box + first[:, None]) * ~crest[:, boxes]
        return area_pp, area_inf, end

    def _givable_all(self, st, G, p, res, money) -> np.ndarray:
        """bool[n, 44]: the preachers seats ``p`` may give charity to now in games ``G`` (masks.py's
        ``givable``, batched); ``res`` and ``money`` are theirs."""
        t = self.t
        out = np.zeros((G.size, NUM_SLOTS_X), bool)
        named = (st.char_state[G] == IN_PLAY) & (st.char_where[G] == ON_CARD) & t.is_preacher
        out[:, :NUM_NAMED] = named & (res[:, None] >= t.ch_cost[:NUM_NAMED]).all(2) & (
            money[:, None] >= t.ch_cost_fl[:NUM_NAMED])  # fmt: skip
        x = NUM_SLOTS_X - 1
        out[:, x] = (st.unnamed_left[G, 3] >= 1) & (money >= t.ch_cost_fl[x]) & (res >= t.ch_cost[x]).all(1)
        return out
