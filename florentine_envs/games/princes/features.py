"""The Princes of Florence's per-action features (issue 30; the contract is
:meth:`~florentine_envs.core.game.Game.action_features`): for each action, what it names and what
it would do for the player deciding, as far as he can know it. The base game, the Muse and the
Princess, the cooperative building expansion and the solo game share one list of features.

What it names: the action's kind (its group of ids read with the phase it is taken in: the ids
``profession_x`` are a set-up discard, a kept or ordered card or a work); the building (one-hot,
with its area), landscape, Freedom, auction object, character, deck or Prestige card (printed
points) it names, from ``princes_data.json``; for a Profession card the building, landscape and
Freedom it wants.

What it would do: the florins it costs (a bid, a price, the building cost, a character's space)
and the prestige points the automatic sale of fame would take to pay them; the money and the
prestige points it brings now (a building's or a second landscape's points, a Builder's, the
Merchant's, a work's pay split); the work value a Profession would reach now from the mover's
buildings, landscapes, Freedoms, Jesters, cards (and the Muse), with and without his Bonus cards,
against the round's minimum and against the best work of the round so far (the 3 points of the
best work); how many of its three wants are missing and how many of those can no longer be had;
what a component adds to the works of the Professions in hand, to the held Bonus cards and to the
held Prestige cards (scored as if the game ended now); the expected best card of a draw (from the
public count of unseen cards); the squares a piece covers, the empty squares left, the empty
squares around a placement and how many buildings still fit after it; the actions left in the
turn; the partner's purse in a cooperative proposal; the chance that a solo auction's roll forces
the buy.

Every number is computed from what the mover sees: the public boards, money, fame, card counts
and supplies, his own hands and his own drawn cards; never another hand, a deck order or a future
die. Money is in 100 Florin and divided by 10 (1,000 Florin), points and work values by 10,
squares by the grid's cells. Vectorised over the batch and, kind by kind, over that kind's ids;
the caller (``Game.action_features``) zeroes the rows of actions that are not legal.
"""

from __future__ import annotations

import functools
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from .constants import (
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
    CTX_WIN,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    DRAWN_OFFSET,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_FREEDOMS,
    NUM_LANDSCAPES,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    NUM_STACKS,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    PH_COOP_ANSWER,
    PH_COOP_PLACE,
    PH_COOP_PRICE,
    PH_COOP_SIDE,
    PH_KEEP,
    PH_LANDSCAPE_PICK,
    PH_ORDER,
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
from .data import FEATURE, FEATURES
from .geometry import popcount

if TYPE_CHECKING:
    from .state import PrincesState

#: the action kinds (a group of ids, read with the phase it is legal in), in the order of their one-hot
ACTION_KINDS = (
    "open", "withdraw", "raise", "pass", "landscape_pick", "place", "setup_discard", "keep", "order", "recruit",
    "work", "princess_work", "build", "take_profession", "freedom", "take_bonus", "end_turn", "play_bonus",
    "done_bonus", "fame_split", "use_character", "merchant_pay", "char_bid", "coop_build", "coop_side", "coop_place",
    "coop_price", "coop_accept", "coop_decline",
)  # fmt: skip
_KIND_DOCS = {
    "open": "AUCTION_CHOOSE: open an object's auction at the opening bid (the last free pawn: buy it for the lone "
    "buyer's price; solo: choose the object, its price rolled)",
    "withdraw": "AUCTION_CHOOSE: withdraw from the auctions of the round (solo: end the auction phase)",
    "raise": "AUCTION_BID: raise the bid by 100 Florin (solo: buy the object at the rolled price)",
    "pass": "pass: out of this object's bidding (solo: decline it), out of the character auction, no (more) "
    "character now, or keep the Recruiting card for later",
    "landscape_pick": "LANDSCAPE_PICK (2 players): the landscape taken for the landscape object",
    "place": "PLACE: a placement of the pending building or landscape on the own grid",
    "setup_discard": "SETUP_DISCARD: return this Profession card of the dealt hand",
    "keep": "KEEP: keep this drawn card",
    "order": "ORDER: put this drawn card under its deck next",
    "recruit": "take this Profession from an opponent's table with a Recruiting card",
    "work": "ACTION: complete a work with this Profession card",
    "princess_work": "ACTION: complete a work with the Princess",
    "build": "ACTION: build this building alone (then place it)",
    "take_profession": "ACTION: take a Profession card (draw 5, keep 1)",
    "freedom": "ACTION: introduce this Freedom",
    "take_bonus": "ACTION: acquire a Bonus card (draw 5, keep 1)",
    "end_turn": "ACTION: end the turn",
    "play_bonus": "WORK_BONUS: play this Bonus card on the work under way",
    "done_bonus": "WORK_BONUS: play no more Bonus cards",
    "fame_split": "WORK_PAY: take this many prestige points of the work's pay, the rest as money",
    "use_character": "flip a character: the Cardinal (one more action), the Merchant (points) or the Professor "
    "(a free Prestige or Bonus card)",
    "merchant_pay": "CHAR_USE after an auction win: flip the Merchant instead of paying the bid",
    "char_bid": "CHARACTER_AUCTION: the pawn on this character's space (its value the price)",
    "coop_build": "ACTION (cooperative): propose to build this building with a neighbour",
    "coop_side": "COOP_SIDE: the neighbour (left or right) the proposal goes to",
    "coop_place": "COOP_PLACE: a placement of the proposed building across the border",
    "coop_price": "COOP_PRICE: the price asked of the partner",
    "coop_accept": "COOP_ANSWER (the partner): accept the proposal",
    "coop_decline": "COOP_ANSWER (the partner): decline the proposal",
}
#: the auction objects other than landscapes (stack ids 3..6), in the order of their one-hot
OBJECTS = ((S_PRESTIGE, "prestige"), (S_RECRUITING, "recruiting"), (S_JESTER, "jester"), (S_BUILDER, "builder"))
DECKS = ("profession", "bonus", "prestige")

# the components a gain is reckoned for (rows of ``_af_static['delta']``: what each adds to the features)
_C_BUILDING = 0  # + building (10)
_C_LANDSCAPE = NUM_BUILDINGS  # + landscape (3)
_C_FREEDOM = _C_LANDSCAPE + NUM_LANDSCAPES  # + Freedom (3)
_C_JESTER = _C_FREEDOM + NUM_FREEDOMS
_C_BUILDER = _C_JESTER + 1
_C_PRESTIGE = _C_BUILDER + 1  # a Prestige card (which one unknown)
_C_RECRUIT = _C_PRESTIGE + 1  # a Recruiting card in hand
_C_CARD = _C_RECRUIT + 1  # a Profession card in hand
NUM_COMPONENTS = _C_CARD + 1
#: the component an auction object stack gives (landscapes: the landscape's)
_STACK_COMPONENT = np.array([_C_LANDSCAPE, _C_LANDSCAPE + 1, _C_LANDSCAPE + 2, _C_PRESTIGE, _C_RECRUIT, _C_JESTER,
                             _C_BUILDER])  # fmt: skip
_F = FEATURE

MONEY = 10.0  # money scale: 1,000 Florin
POINTS = 10.0  # points and work values: tens


def _recount(f: np.ndarray) -> np.ndarray:
    """int[..., F]: the derived features (SPEC F) recomputed from the counted ones, in place."""
    size = f[..., _F["large"] : _F["small"] + 1]
    land = f[..., _F["forests"] : _F["parks"] + 1]
    free = f[..., _F["travel"] : _F["opinion"] + 1]
    f[..., _F["sizes"]] = (size > 0).sum(-1)
    f[..., _F["landscapes"]] = land.sum(-1)
    f[..., _F["landscape_types"]] = (land > 0).sum(-1)
    f[..., _F["freedoms"]] = free.sum(-1)
    others = f[..., [_F["jesters"], _F["builders"], _F["prestige_cards"]]] > 0
    f[..., _F["categories"]] = (land > 0).sum(-1) + others.sum(-1) + (f[..., _F["freedoms"]] > 0)
    return f


def expected_best(values: np.ndarray, pool: np.ndarray, k: np.ndarray) -> np.ndarray:
    """float64[n]: the expected largest of ``k`` (int[n]) values drawn without replacement from the
    entries of ``values`` (float[n, N]) where ``pool`` (bool[n, N]) is set, all draws equally
    likely: ``sum_r v_(r) C(r - 1, k - 1) / C(m, k)`` over the pool's m values sorted ascending.
    0 where k is 0 or the pool is empty; k is capped at the pool's size."""
    n, N = values.shape
    m = pool.sum(1)
    k = np.minimum(np.asarray(k, np.int64), m)
    key = np.where(pool, values, -np.inf)
    order = np.argsort(key, axis=1, kind="stable")
    sorted_values = np.take_along_axis(np.where(pool, values, 0.0), order, 1)
    rank = np.arange(1, N + 1)[None, :] - (N - m)[:, None]  # 1-based rank inside the pool; <= 0 outside
    table = _comb_table(N)
    r = np.clip(rank - 1, 0, N)
    weight = table[r, np.maximum(k - 1, 0)[:, None]] / np.maximum(table[m, k], 1)[:, None]
    weight = np.where((rank >= 1) & (k[:, None] >= 1), weight, 0.0)
    return (weight * sorted_values).sum(1)


@functools.lru_cache(maxsize=4)
def _comb_table(N: int) -> np.ndarray:
    """float64[N + 1, N + 1]: C(a, b)."""
    return np.array([[comb(a, b) for b in range(N + 1)] for a in range(N + 1)], np.float64)


class _Context:
    """The mover's facts every kind reads, for the whole batch (arrays [B, ...])."""


class PrincesFeatures:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: the per-action features."""

    # ------------------------------------------------------------------ the list

    @functools.cached_property
    def _af_specs(self) -> list[tuple[str, float, float, str]]:
        """(name, low, high, doc) of every feature, in order."""
        T = self.T
        money_max, fame_max = self._money_fame_bounds()
        purse_max = money_max + fame_max * T.florin_per_fame_sold
        W = T.max_work_value()
        fmax = T.feature_max()
        banker_max = max(T.banker_start, T.banker_refill) + T.num_rounds * T.banker_gain
        ladder_max = int(self.CT.ladder[-1]) if self.cooperative else 0
        bonus_card_max = int((T.bonus_coef * fmax).max())
        # what one component changes in each feature at most (a piece's squares, else one)
        step = np.ones(len(FEATURES), np.int64)
        step[_F["empty"]] = int(T.piece_area.max())
        bonus_step = int((T.bonus_coef * step).sum())
        wanting = (
            T.value_building * np.bincount(T.prof_building, minlength=NUM_BUILDINGS).max(),
            T.value_landscape * np.bincount(T.prof_landscape, minlength=NUM_LANDSCAPES).max(),
            T.value_freedom * np.bincount(T.prof_freedom, minlength=NUM_FREEDOMS).max(),
            T.value_jester * NUM_PROFESSIONS, T.value_card * NUM_PROFESSIONS, T.num_rounds,
        )  # fmt: skip
        fame_gain = max(
            W * T.florin_per_work_point // T.florin_per_fame_taken, T.building_points, T.extra_landscape_points,
            int(T.builder_points.max()), self.seats,
        )  # fmt: skip
        halo_max = int(popcount(T.halo).max())
        specs: list[tuple[str, float, float, str]] = []

        def add(name, low, high, doc):
            specs.append((name, float(low), float(high), doc))

        for kind in ACTION_KINDS:
            add(f"kind_{kind}", 0, 1, f"1: the action is of this kind: {_KIND_DOCS[kind]}")
        for b, name in enumerate(T.building_names):
            add(f"building_{_slug(name)}", 0, 1, f"1: it names the {name} (to build, place, propose or share; or "
                "the building a Profession card wants)")  # fmt: skip
        for name in T.landscape_names:
            add(
                f"landscape_{_slug(name)}",
                0,
                1,
                f"1: it names a {name} (its auction, pick or placement, or the "
                "landscape a Profession wants; the 2-player landscape object: each landscape it could give)",
            )
        for name in T.freedom_names:
            add(f"freedom_{_slug(name)}", 0, 1, f"1: it names the {name} Freedom (to introduce, or the Freedom a "
                "Profession supports)")  # fmt: skip
        for _, name in OBJECTS:
            add(
                f"object_{name}", 0, 1, f"1: the auction object it opens, raises on, buys or passes is the {name} stack"
            )
        for name in T.character_names:
            add(f"character_{_slug(name)}", 0, 1, f"1: it names the {name} (a bid on its space, or flipping it)")
        for name in DECKS:
            add(f"deck_{name}", 0, 1, f"1: the card it names or draws is of the {name} deck")
        add("printed_points", 0, T.prestige_points.max() / POINTS,
            "a Prestige card's printed points (the full points, not the tie's) / 10")  # fmt: skip
        add("area", 0, 1, "squares of the building or landscape it names or places (on the own board for a "
            "cooperative building) / the largest piece's squares")  # fmt: skip
        add(
            "cost",
            0,
            purse_max / MONEY,
            "florins it commits the mover to pay, / 1000: the price if this bid wins, "
            "a building, Profession, Freedom or Bonus card price, a character's space, the bid an auction win settles; "
            "solo: the expected price of an object (the card's modifier + the die's mean + 100, or the final 200)",
        )
        add("fame_sold", 0, fame_max / POINTS, "prestige points the automatic sale of fame would take to pay the "
            "cost (money short of it, 100 Florin a point; never with the characters) / 10")  # fmt: skip
        add(
            "money_gain",
            0,
            max(W * T.florin_per_work_point, banker_max, ladder_max) / MONEY,
            "florins it brings now / 1000: a work's pay not taken as points, the Banker's money, a cooperative price",
        )
        add("fame_gain", 0, fame_gain / POINTS, "prestige points it scores now (or at the placement that follows a "
            "build) / 10: a building, a second landscape of a type, a Builder, the Merchant, the points of a work's "
            "pay; a cooperative building's points if accepted")  # fmt: skip
        add("work_value", 0, W / POINTS, "the work value the Profession it names would have now (played, kept or "
            "recruited then played: its landscape, Freedom, building, Jesters, cards, the Muse), the Princess's "
            "work, or the work under way after this Bonus card / 10")  # fmt: skip
        add("work_value_max", 0, W / POINTS, "work_value with every Bonus card the mover holds played too / 10")
        add("minimum_margin", -T.minimum.max() / POINTS, W / POINTS, "work_value_max minus the round's minimum work "
            "value / 10 (below 0: the work cannot be completed this round)")  # fmt: skip
        add(
            "best_work_after",
            0,
            1,
            "1: after this work (work_value_max) the mover's best work of the round would "
            "be at least every other player's (the 3 points of the best work if the round ended now)",
        )
        add("best_work_margin", -W / POINTS, W / POINTS, "the mover's best work of the round after this work minus "
            "the best of the others / 10")  # fmt: skip
        add("requirements_missing", 0, 1, "of the named Profession's wants (building, landscape, Freedom): the share "
            "the mover lacks")  # fmt: skip
        add("requirements_unobtainable", 0, 1, "of those missing: the share the mover can no longer get (none left "
            "in the supply, or the piece fits nowhere on his grid)")  # fmt: skip
        add(
            "hand_overlap",
            0,
            3 * (NUM_PROFESSIONS - 1) / POINTS,
            "the wants (building, landscape, Freedom) the "
            "named Profession shares with the other Profession cards in the mover's hand, counted per card / 10",
        )
        add("hand_work_gain", 0, max(wanting) / POINTS, "the work value the component adds to the Professions in "
            "the mover's hand, summed / 10 (a wanted building, landscape or Freedom he lacks; a Jester or a card: "
            "every one of them; the Muse: the round number, per work)")  # fmt: skip
        add("bonus_gain", -bonus_step / POINTS, bonus_step / POINTS, "the change in what the mover's Bonus cards "
            "would add to a work, summed, once he has the component / 10")  # fmt: skip
        add("prestige_gain", -T.prestige_points.sum() / POINTS, T.prestige_points.sum() / POINTS,
            "the change in the points the mover's Prestige cards would score if the game ended now, once he has "
            "the component / 10")  # fmt: skip
        add("card_value", 0, max(bonus_card_max, int(T.prestige_points.max())) / POINTS,
            "the named Bonus card's value for the mover now, or the named Prestige card's points for him if the game "
            "ended now / 10")  # fmt: skip
        add("draw_expected_best", 0, max(W, bonus_card_max, int(T.prestige_points.max())) / POINTS,
            "a draw from a deck (5 cards or what is left): the expected best of the drawn cards, each card worth its "
            "work value (a Profession kept), its value (a Bonus card) or its points now (a Prestige card), the cards "
            "drawn at random from those the mover has not seen / 10")  # fmt: skip
        add("empty_after", 0, 1, "empty squares of the mover's grid after the piece is placed / the grid's squares")
        add("halo_empty", 0, halo_max / 16.0, "empty squares orthogonally next to the placement (on the own board) "
            "/ 16: the room it leaves around it")  # fmt: skip
        add("buildings_fit_after", 0, 1, "of the buildings the mover has not built and the supply holds (the placed "
            "one aside): the share that would still fit on his grid after this placement")  # fmt: skip
        add("actions_left_after", 0, 1, "the turn's actions left after this one (the Cardinal: one more) / 3")
        add("partner_purse", 0, purse_max / MONEY, "cooperative proposal: the most the partner can pay (money, and "
            "fame he may sell) / 1000")  # fmt: skip
        add("forced_chance", 0, 1, "solo: the chance that the roll of this auction forces the buy (no modifier on "
            "the Automa card and a low roll)")  # fmt: skip
        return specs

    def action_feature_fields(self) -> dict[str, tuple[float, float]]:
        return {name: (low, high) for name, low, high, _ in self._af_specs}

    def action_feature_docs(self) -> dict[str, str]:
        return {name: doc for name, _, _, doc in self._af_specs}

    @functools.cached_property
    def _af_index(self) -> dict[str, int]:
        return {name: i for i, (name, *_) in enumerate(self._af_specs)}

    # ------------------------------------------------------------------ static tables

    @functools.cached_property
    def _af_static(self) -> dict[str, np.ndarray]:
        T = self.T
        nf = len(FEATURES)
        delta = np.zeros((NUM_COMPONENTS, nf), np.int64)  # counted features only; _recount does the rest
        size_feature = np.array([_F["large"], _F["medium"], _F["small"]])
        for b in range(NUM_BUILDINGS):
            delta[_C_BUILDING + b, _F["buildings"]] = 1
            delta[_C_BUILDING + b, size_feature[T.building_size[b]]] = 1
            delta[_C_BUILDING + b, _F["empty"]] = -T.piece_area[b]
        for l in range(NUM_LANDSCAPES):  # noqa: E741
            delta[_C_LANDSCAPE + l, _F["forests"] + l] = 1
            delta[_C_LANDSCAPE + l, _F["empty"]] = -T.piece_area[NUM_BUILDINGS + l]
        for f in range(NUM_FREEDOMS):
            delta[_C_FREEDOM + f, _F["travel"] + f] = 1
        delta[_C_JESTER, _F["jesters"]] = 1
        delta[_C_BUILDER, _F["builders"]] = 1
        delta[_C_PRESTIGE, _F["prestige_cards"]] = 1
        delta[_C_RECRUIT, _F["hand_cards"]] = 1
        delta[_C_CARD, _F["hand_cards"]] = 1
        prof = np.arange(NUM_PROFESSIONS)
        same = (T.prof_building[:, None] == T.prof_building[None, :]).astype(np.int64)
        same += T.prof_landscape[:, None] == T.prof_landscape[None, :]
        same += T.prof_freedom[:, None] == T.prof_freedom[None, :]
        same[prof, prof] = 0
        counts = (T.squares[:NUM_BUILDINGS] != 0).sum(1)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        by_building = np.full((NUM_BUILDINGS, int(counts.max())), -1, np.int64)
        for b in range(NUM_BUILDINGS):
            by_building[b, : counts[b]] = starts[b] + np.arange(counts[b])
        return {
            "delta": delta,
            "same": same,  # [21, 21] wants two Professions share (0 on the diagonal)
            "want_building": np.eye(NUM_BUILDINGS, dtype=np.int64)[T.prof_building],  # [21, 10]
            "want_landscape": np.eye(NUM_LANDSCAPES, dtype=np.int64)[T.prof_landscape],  # [21, 3]
            "want_freedom": np.eye(NUM_FREEDOMS, dtype=np.int64)[T.prof_freedom],  # [21, 3]
            "area": T.piece_area / float(T.piece_area.max()),  # [13]
            "by_building": by_building,  # [10, C] the placements of ``_flat_placements`` of each building, -1 padded
        }

    # ------------------------------------------------------------------ the mover's facts

    def _af_context(self, st: PrincesState, p: np.ndarray) -> _Context:
        """Everything the kinds share, for mover p of each game (int[B])."""
        T = self.T
        B = st.batch_size
        rows = np.arange(B)
        c = _Context()
        c.p = p
        c.round = st.round.astype(np.int64)
        c.minimum = T.minimum[c.round]
        all_f = self.all_features(st, rows)  # [B, scored, F]
        c.f = all_f[rows, p]  # [B, F] the mover's
        c.money = st.money[rows, p].astype(np.int64)
        c.fame = st.fame[rows, p].astype(np.int64)
        held_bonus = st.bonus_hand[rows, p]  # [B, 20]
        c.held_coef = held_bonus.astype(np.int64) @ T.bonus_coef  # [B, F]: what a feature adds to the held cards
        c.bonus_now = c.f @ T.bonus_coef.T  # [B, 20] each Bonus card's value now
        c.held_prestige = st.prestige_hand[rows, p]  # [B, 14]
        # Prestige cards: the other scored seats' values of each card's feature
        scored = all_f.shape[1]
        other = np.arange(scored)[None, :] != p[:, None]  # [B, scored]
        values = all_f[:, :, T.prestige_feature].astype(np.float64)  # [B, scored, 14]
        c.others_max = np.where(other[:, :, None], values, -np.inf).max(1)  # [B, 14]
        c.others_min = np.where(other[:, :, None], values, np.inf).min(1)
        c.points_now = self._af_prestige(c, c.f[:, None, :])[:, 0]  # [B, 14]
        # the professions: what a work with each would be worth now
        S = self._af_static
        hand = st.hand_prof[rows, p]  # [B, 21]
        c.hand = hand
        c.n_hand = hand.sum(1)
        land = st.landscapes[rows, p] > 0  # [B, 3]
        free = st.freedoms[rows, p]
        built = st.built[rows, p]
        c.land, c.free, c.built = land, free, built
        has_l = land[:, T.prof_landscape]  # [B, 21]
        has_f = free[:, T.prof_freedom]
        has_b = built[:, T.prof_building]
        parts = T.value_landscape * has_l + T.value_freedom * has_f + T.value_building * has_b
        cards = c.f[:, _F["hand_cards"]] + c.f[:, _F["table_cards"]]
        muse = self._muse(st, rows, p) if self.characters else 0
        common = T.value_jester * st.jesters[rows, p].astype(np.int64) + T.value_card * cards + muse
        c.work_base = parts + common[:, None]  # [B, 21] played from the hand now (SPEC T5 base)
        e_hand = np.eye(len(FEATURES), dtype=np.int64)[_F["hand_cards"]]
        e_table = np.eye(len(FEATURES), dtype=np.int64)[_F["table_cards"]]
        c.bonus_play = ((c.f - e_hand + e_table) * c.held_coef).sum(1)  # [B] held Bonus cards on a work from the hand
        c.bonus_keep = ((c.f + e_table) * c.held_coef).sum(1)  # the same for a card that joins the hand first
        missing = (~has_l).astype(np.int64) + ~has_f + ~has_b
        c.missing = missing
        fits = st.fits[rows, p]  # [B, 13]
        gone_b = (st.supply_buildings[rows][:, T.prof_building] == 0) | ~fits[:, T.prof_building]
        gone_l = (st.supply_landscapes[rows][:, T.prof_landscape] == 0) | ~fits[:, NUM_BUILDINGS + T.prof_landscape]
        gone_f = st.supply_freedoms[rows][:, T.prof_freedom] == 0
        c.unobtainable = (~has_b & gone_b).astype(np.int64) + (~has_l & gone_l) + (~has_f & gone_f)
        c.overlap = hand.astype(np.int64) @ S["same"]  # [B, 21]
        # the best work of the round
        best = st.best_work[:, : self.scored_seats].astype(np.int64)
        c.own_best = best[rows, p]
        c.others_best = np.where(np.arange(best.shape[1])[None, :] != p[:, None], best, 0).max(1)
        # the components: what each would add
        f_after = _recount(c.f[:, None, :] + S["delta"][None])  # [B, C, F]
        d = f_after - c.f[:, None, :]
        c.comp_bonus = (d * c.held_coef[:, None, :]).sum(2)  # [B, C]
        after_points = self._af_prestige(c, f_after)  # [B, C, 14]
        c.comp_prestige = ((after_points - c.points_now[:, None, :]) * c.held_prestige[:, None, :]).sum(2)
        fame = np.zeros((B, NUM_COMPONENTS), np.int64)
        fame[:, _C_BUILDING : _C_BUILDING + NUM_BUILDINGS] = T.building_points
        fame[:, _C_LANDSCAPE : _C_LANDSCAPE + NUM_LANDSCAPES] = np.where(land, T.extra_landscape_points, 0)
        nxt = np.minimum(st.builders[rows, p].astype(np.int64) + 1, T.max_builders)
        fame[:, _C_BUILDER] = T.builder_points[nxt]
        c.comp_fame = fame
        gain = np.zeros((B, NUM_COMPONENTS), np.int64)
        h = hand.astype(np.int64)
        gain[:, _C_BUILDING : _C_BUILDING + NUM_BUILDINGS] = T.value_building * (h @ S["want_building"]) * ~built
        gain[:, _C_LANDSCAPE : _C_LANDSCAPE + NUM_LANDSCAPES] = T.value_landscape * (h @ S["want_landscape"]) * ~land
        gain[:, _C_FREEDOM : _C_FREEDOM + NUM_FREEDOMS] = T.value_freedom * (h @ S["want_freedom"]) * ~free
        gain[:, _C_JESTER] = T.value_jester * c.n_hand
        gain[:, [_C_RECRUIT, _C_CARD]] = T.value_card * c.n_hand[:, None]
        c.comp_hand = gain
        # what the mover has not seen (the observation's unseen_* fields): the pools of a draw
        drawn = st.drawn
        known_other = (st.known & (np.arange(st.known.shape[1])[None, :] != p[:, None])[:, :, None]).any(1)
        c.unseen_prof = ~(st.table_prof.any(1) | hand | known_other | drawn[:, :NUM_PROFESSIONS])
        lo, hi = DRAWN_OFFSET[1], DRAWN_OFFSET[2]
        c.unseen_bonus = ~(st.bonus_out | held_bonus | drawn[:, lo:hi])
        c.unseen_prestige = ~(c.held_prestige | drawn[:, hi:])
        if self.solo:  # Wolfgang's Bonus and Prestige cards are public (D48)
            c.unseen_bonus &= ~st.bonus_hand[:, 1]
            c.unseen_prestige &= ~st.prestige_hand[:, 1]
        return c

    def _af_prestige(self, c: _Context, f: np.ndarray) -> np.ndarray:
        """float64[n, C, 14]: the points each Prestige card would score for the mover with
        features ``f`` (int[n, C, F]) against the others' (SPEC E; solo: Wolfgang's, D54)."""
        T = self.T
        me = f[:, :, T.prestige_feature].astype(np.float64)  # [n, C, 14]
        top, low = c.others_max[:, None, :], c.others_min[:, None, :]
        points, tie = T.prestige_points.astype(np.float64), T.prestige_tie.astype(np.float64)
        most = np.where((me > 0) & (me >= top), np.where(me > top, points, tie), 0.0)
        fewest = np.where(me <= low, np.where(me < low, points, tie), 0.0)
        reached = (f[:, :, None, :] >= T.prestige_need[None, None]).all(3)
        at_least = np.where(reached, points, 0.0)
        kind = T.prestige_kind
        return np.where(kind == 0, most, np.where(kind == 1, fewest, at_least))

    # ------------------------------------------------------------------ the features

    def _action_features(self, st: PrincesState, players: np.ndarray) -> np.ndarray:
        B, A, F = st.batch_size, self.num_actions, len(self._af_specs)
        out = np.empty((B, A, F), np.float32)
        out.fill(0.0)  # written at once: cheaper than zero pages faulted in by the scattered stores
        p = np.asarray(players, np.int64)
        live = np.flatnonzero((st.current_player == p) & ~st.terminated)
        if live.size == 0:
            return out
        c = self._af_context(st, p)
        phase = st.phase
        for ph, fill in self._af_fillers.items():
            g = live[phase[live] == ph]
            if g.size:
                fill(self, st, c, g, out)
        return out

    @functools.cached_property
    def _af_fillers(self) -> dict:
        cls = type(self)
        fillers = {
            PH_SETUP_DISCARD: cls._feat_setup, PH_AUCTION_CHOOSE: cls._feat_choose, PH_AUCTION_BID: cls._feat_bid,
            PH_LANDSCAPE_PICK: cls._feat_landscape, PH_PLACE: cls._feat_place, PH_KEEP: cls._feat_drawn,
            PH_ORDER: cls._feat_drawn, PH_RECRUIT_NOW: cls._feat_recruit_now, PH_CHAR_USE: cls._feat_char_use,
            PH_CHAR_AUCTION: cls._feat_char_auction, PH_ACTION: cls._feat_action, PH_WORK_BONUS: cls._feat_work_bonus,
            PH_WORK_PAY: cls._feat_work_pay,
        }  # fmt: skip
        if self.cooperative:
            fillers.update({
                PH_COOP_SIDE: cls._feat_coop_side, PH_COOP_PLACE: cls._feat_coop_place,
                PH_COOP_PRICE: cls._feat_coop_price, PH_COOP_ANSWER: cls._feat_coop_answer,
            })  # fmt: skip
        return fillers

    # --- helpers: a block [n, k, F] for the ids ``ids`` of games g

    def _af_block(self, g: np.ndarray, ids, kind: str) -> np.ndarray:
        ids = np.atleast_1d(np.asarray(ids, np.int64))
        block = np.zeros((g.size, ids.size, len(self._af_specs)), np.float32)
        block[:, :, self._af_index[f"kind_{kind}"]] = 1.0
        return block

    def _af_set(self, block: np.ndarray, name: str, values) -> None:
        """Column ``name`` of the block: ``values`` broadcast to [n, k] (a scalar, [n, 1] or [n, k])."""
        block[:, :, self._af_index[name]] = values

    @staticmethod
    def _af_store(out: np.ndarray, g: np.ndarray, ids, block: np.ndarray) -> None:
        """The block's rows into ``out`` at games g and the contiguous ids ``ids``."""
        ids = np.atleast_1d(np.asarray(ids, np.int64))
        out[g, ids[0] : ids[-1] + 1] = block

    def _af_one_hot(self, block: np.ndarray, prefix: str, names, index) -> None:
        """Set ``prefix_<name>`` to 1 where ``index`` (int[n, k] or [n, 1], -1 none) names it."""
        index = np.asarray(index)
        columns = self._af_columns.get(prefix)
        if columns is None:
            columns = self._af_columns[prefix] = [self._af_index[f"{prefix}_{_slug(name)}"] for name in names]
        for i, column in enumerate(columns):
            block[:, :, column] = index == i

    @functools.cached_property
    def _af_columns(self) -> dict[str, list[int]]:
        """``{prefix: the columns of prefix_<name>}``, filled on first use (each prefix names one table)."""
        return {}

    def _af_cost(self, block, c: _Context, g, cost, money=None) -> None:
        """``cost`` (int[n, k] or [n, 1]) and the fame its automatic sale would take."""
        cost = np.asarray(cost, np.int64)
        money = (c.money[g] if money is None else money)[:, None]
        self._af_set(block, "cost", cost / MONEY)
        if not self.characters:
            short = np.maximum(cost - money, 0)
            self._af_set(block, "fame_sold", -(-short // self.T.florin_per_fame_sold) / POINTS)

    def _af_component(self, block, c: _Context, g, comp) -> None:
        """What a component (int[n, k] or [n, 1] of _C_*) adds: points now, to the works of the
        hand, to the Bonus and Prestige cards held; the empty squares after a piece."""
        comp = np.asarray(comp, np.int64)
        gg = g[:, None]
        self._af_set(block, "fame_gain", c.comp_fame[gg, comp] / POINTS)
        self._af_set(block, "hand_work_gain", c.comp_hand[gg, comp] / POINTS)
        self._af_set(block, "bonus_gain", c.comp_bonus[gg, comp] / POINTS)
        self._af_set(block, "prestige_gain", c.comp_prestige[gg, comp] / POINTS)

    def _af_piece(self, block, c: _Context, g, piece) -> None:
        """The piece (int[n, k] or [n, 1]; building 0..9, landscape 10..12) named: one-hot, area,
        the empty squares after it."""
        T, S = self.T, self._af_static
        piece = np.asarray(piece, np.int64)
        self._af_one_hot(block, "building", T.building_names, np.where(piece < NUM_BUILDINGS, piece, -1))
        self._af_one_hot(
            block, "landscape", T.landscape_names, np.where(piece >= NUM_BUILDINGS, piece - NUM_BUILDINGS, -1)
        )
        self._af_set(block, "area", S["area"][piece])
        self._af_set(block, "empty_after", (c.f[g, _F["empty"]][:, None] - T.piece_area[piece]) / T.num_cells)

    def _af_profession(self, block, c: _Context, g, x, keep: bool = False) -> None:
        """A Profession card x (int[n, k]): its wants, what a work with it would be worth now
        (``keep``: the card joins the hand first), the best work, what it shares with the hand."""
        T = self.T
        x = np.asarray(x, np.int64)
        gg = g[:, None]
        self._af_one_hot(block, "building", T.building_names, T.prof_building[x])
        self._af_one_hot(block, "landscape", T.landscape_names, T.prof_landscape[x])
        self._af_one_hot(block, "freedom", T.freedom_names, T.prof_freedom[x])
        block[:, :, self._af_index["deck_profession"]] = 1.0
        value = c.work_base[gg, x] + (T.value_card if keep else 0)
        bonus = (c.bonus_keep if keep else c.bonus_play)[g][:, None]
        self._af_work(block, c, g, value, value + bonus)
        self._af_set(block, "requirements_missing", c.missing[gg, x] / 3.0)
        self._af_set(block, "requirements_unobtainable", c.unobtainable[gg, x] / 3.0)
        self._af_set(block, "hand_overlap", c.overlap[gg, x] / POINTS)

    def _af_work(self, block, c: _Context, g, value, most) -> None:
        """A work's value (int[n, k]), with every held Bonus card (``most``), against the minimum
        and the round's best work."""
        value, most = np.asarray(value, np.int64), np.asarray(most, np.int64)
        self._af_set(block, "work_value", value / POINTS)
        self._af_set(block, "work_value_max", most / POINTS)
        self._af_set(block, "minimum_margin", (most - c.minimum[g][:, None]) / POINTS)
        best = np.maximum(c.own_best[g][:, None], most)
        others = c.others_best[g][:, None]
        self._af_set(block, "best_work_after", (best >= others) & (best > 0))
        self._af_set(block, "best_work_margin", (best - others) / POINTS)

    def _af_actions_after(self, block, st, g, change: int) -> None:
        left = st.actions_left[g].astype(np.int64) + change
        self._af_set(block, "actions_left_after", np.maximum(left, 0)[:, None] / 3.0)

    def _af_draw(self, block, c: _Context, st, g, deck: int) -> None:
        """A draw of ``deck``: the deck one-hot and the expected best card (SPEC D: 5 cards or fewer)."""
        T = self.T
        block[:, :, self._af_index[f"deck_{DECKS[deck]}"]] = 1.0
        k = np.minimum(T.draw_count, st.deck_len[g, deck].astype(np.int64))
        if deck == DECK_PROFESSIONS:
            values, pool = c.work_base[g] + T.value_card, c.unseen_prof[g]
        elif deck == DECK_BONUS:
            values, pool = c.bonus_now[g], c.unseen_bonus[g]
        else:
            values, pool = c.points_now[g], c.unseen_prestige[g]
        self._af_set(block, "draw_expected_best", expected_best(values.astype(np.float64), pool, k)[:, None] / POINTS)

    def _af_object(self, block, c: _Context, st, g, stack) -> None:
        """The auction object ``stack`` (int[n, k] or [n, 1]) and what it would give the mover."""
        T = self.T
        stack = np.asarray(stack, np.int64)
        for s, name in OBJECTS:
            block[:, :, self._af_index[f"object_{name}"]] = stack == s
        comp = _STACK_COMPONENT[stack]
        self._af_component(block, c, g, comp)
        land = stack < NUM_LANDSCAPES
        if T.single_landscape:  # the one landscape object: each landscape it could give, the best of each
            avail = (st.supply_landscapes[g] > 0) & st.fits[g, c.p[g], NUM_BUILDINGS:]  # [n, 3]
            for l, name in enumerate(T.landscape_names):  # noqa: E741
                block[:, :, self._af_index[f"landscape_{_slug(name)}"]] = land & avail[:, l : l + 1]
            lands = _C_LANDSCAPE + np.arange(NUM_LANDSCAPES)
            for name, table in (("fame_gain", c.comp_fame), ("hand_work_gain", c.comp_hand),
                                ("bonus_gain", c.comp_bonus), ("prestige_gain", c.comp_prestige)):  # fmt: skip
                best = np.where(avail, table[g][:, lands], -np.inf).max(1)
                best = np.where(avail.any(1), best, 0.0)
                col = block[:, :, self._af_index[name]]
                block[:, :, self._af_index[name]] = np.where(land, best[:, None] / POINTS, col)
        else:
            self._af_one_hot(block, "landscape", T.landscape_names, np.where(land, stack, -1))
            piece = NUM_BUILDINGS + np.minimum(stack, NUM_LANDSCAPES - 1)
            area = self._af_static["area"][piece]
            empty = (c.f[g, _F["empty"]][:, None] - T.piece_area[piece]) / T.num_cells
            block[:, :, self._af_index["area"]] = np.where(land, area, 0.0)
            block[:, :, self._af_index["empty_after"]] = np.where(land, empty, 0.0)
        prestige = stack == S_PRESTIGE
        if prestige.any():
            k = np.minimum(T.draw_count, st.deck_len[g, DECK_PRESTIGE].astype(np.int64))
            best = expected_best(c.points_now[g], c.unseen_prestige[g], k)[:, None] / POINTS
            block[:, :, self._af_index["draw_expected_best"]] = np.where(prestige, best, 0.0)
            block[:, :, self._af_index["deck_prestige"]] = prestige

    # --- the phases

    def _feat_setup(self, st, c, g, out) -> None:
        ids = A_PROFESSION + np.arange(NUM_PROFESSIONS)
        block = self._af_block(g, ids, "setup_discard")
        self._af_profession(block, c, g, np.broadcast_to(ids - A_PROFESSION, (g.size, ids.size)))
        self._af_store(out, g, ids, block)

    def _feat_choose(self, st, c, g, out) -> None:
        T = self.T
        ids = A_OPEN + np.arange(NUM_STACKS)
        block = self._af_block(g, ids, "open")
        stack = np.broadcast_to(np.arange(NUM_STACKS), (g.size, NUM_STACKS))
        self._af_object(block, c, st, g, stack)
        if self.solo:
            ST = self.ST
            card = np.maximum(st.automa_card[g].astype(np.int64), 0)
            final = self._solo_final(st, g)[:, None]
            mean = (ST.die_sides + 1) / 2.0
            expected = np.where(final, ST.final_price, ST.mod[card] + mean + 1)  # [n, 7]
            block[:, :, self._af_index["cost"]] = expected / MONEY
            if not self.characters:
                short = np.maximum(expected - c.money[g][:, None], 0)
                block[:, :, self._af_index["fame_sold"]] = np.ceil(short / T.florin_per_fame_sold) / POINTS
            forced = ~ST.has_mod[card] & ~final
            block[:, :, self._af_index["forced_chance"]] = forced * min(ST.forced_max_roll, ST.die_sides) / ST.die_sides
        else:
            price = np.where(st.lone[g], T.lone_price, T.opening_bid)
            self._af_cost(block, c, g, price[:, None])
        self._af_store(out, g, ids, block)
        self._af_store(out, g, A_WITHDRAW, self._af_block(g, A_WITHDRAW, "withdraw"))

    def _feat_bid(self, st, c, g, out) -> None:
        stack = st.stack[g].astype(np.int64)[:, None]
        block = self._af_block(g, A_RAISE, "raise")
        self._af_object(block, c, st, g, stack)
        price = st.bid[g].astype(np.int64) + (0 if self.solo else self.T.raise_step)
        self._af_cost(block, c, g, price[:, None])
        self._af_store(out, g, A_RAISE, block)
        block = self._af_block(g, A_PASS, "pass")
        for s, name in OBJECTS:
            block[:, :, self._af_index[f"object_{name}"]] = stack == s
        if not self.T.single_landscape:
            self._af_one_hot(block, "landscape", self.T.landscape_names, np.where(stack < NUM_LANDSCAPES, stack, -1))
        self._af_store(out, g, A_PASS, block)

    def _feat_landscape(self, st, c, g, out) -> None:
        ids = A_LANDSCAPE + np.arange(NUM_LANDSCAPES)
        block = self._af_block(g, ids, "landscape_pick")
        lands = np.broadcast_to(np.arange(NUM_LANDSCAPES), (g.size, NUM_LANDSCAPES))
        self._af_piece(block, c, g, NUM_BUILDINGS + lands)
        self._af_component(block, c, g, _C_LANDSCAPE + lands)
        self._af_store(out, g, ids, block)

    def _feat_place(self, st, c, g, out) -> None:
        T = self.T
        ids = self.a_place + np.arange(self.a_fame - self.a_place)
        p = c.p[g]
        piece = st.piece[g].astype(np.int64)
        block = self._af_block(g, ids, "place")
        self._af_piece(block, c, g, piece[:, None])
        comp = np.where(piece < NUM_BUILDINGS, _C_BUILDING + piece, _C_LANDSCAPE + piece - NUM_BUILDINGS)
        self._af_component(block, c, g, comp[:, None])
        # the empty squares around each placement
        halo = T.halo[piece]  # [n, 8 * cells]
        around = popcount(halo & ~st.occupied[g, p][:, None])
        self._af_set(block, "halo_empty", around / 16.0)
        self._af_set(block, "buildings_fit_after", self._af_fit_after(st, g, p, piece) / NUM_BUILDINGS)
        self._af_store(out, g, ids, block)

    def _af_fit_after(self, st, g, p, piece) -> np.ndarray:
        """int[n, 8 * cells]: for each legal placement of the pending piece, how many of the
        buildings the mover has not built and the supply holds (the piece aside) would still fit
        after it. Such a building fits when one of its placements legal now keeps clear of the
        new piece's squares (its *zone*: its squares, and with fewer than 2 Builders and a
        building placed, the squares next to them too).

        Exact, and cheap: per building a few placements legal now whose zones are disjoint are
        tried first (a piece rarely reaches them all); only where the new piece hits every one of
        them are all the building's placements tried."""
        T = self.T
        squares, halo, _, M = self._flat_placements
        occ = st.occupied[g, p]
        blocked = np.where(st.builders[g, p] >= 2, np.uint64(0), st.blocked[g, p])
        ok = ((squares[None, :M] & occ[:, None]) == 0) & ((halo[None, :] & blocked[:, None]) == 0)  # [n, M]
        if self.cooperative:
            self._restrict_alone_at_border(st, g, p, ok)
        wanted = (st.supply_buildings[g] > 0) & ~st.built[g, p]  # [n, 10]
        wanted &= np.arange(NUM_BUILDINGS)[None, :] != piece[:, None]
        index = self._af_static["by_building"]  # [10, C] each building's placements, -1 padded
        okb = ok[:, np.maximum(index, 0)] & (index >= 0) & wanted[:, :, None]  # [n, 10, C]
        touch = (piece < NUM_BUILDINGS) & (st.builders[g, p] < 2)  # the new piece's halo rule applies
        sq = squares[np.maximum(index, 0)]
        zone = np.where(touch[:, None, None], sq | halo[np.maximum(index, 0)], sq)  # uint64[n, 10, C]
        n, C = g.size, index.shape[1]
        witnesses = 4
        chosen = np.zeros((n, NUM_BUILDINGS, witnesses), np.int64)
        has = np.zeros((n, NUM_BUILDINGS, witnesses), bool)
        union = np.zeros((n, NUM_BUILDINGS), np.uint64)
        for w in range(witnesses):  # greedy: the first placement clear of the zones chosen so far
            free = okb & ((zone & union[:, :, None]) == 0)
            chosen[:, :, w] = free.argmax(2)
            has[:, :, w] = free.any(2)
            picked = np.take_along_axis(zone, chosen[:, :, w : w + 1], 2)[:, :, 0]
            union |= np.where(has[:, :, w], picked, np.uint64(0))
        legal = st.legal_action_mask[g, self.a_place : self.a_fame]
        lg, lj = np.nonzero(legal)
        out = np.zeros((n, 8 * T.num_cells), np.int64)
        if lg.size == 0:
            return out
        new = T.squares[piece[lg], lj]  # uint64[K] the new piece's squares
        seen = np.take_along_axis(zone, chosen, 2)[lg]  # [K, 10, witnesses] the witnesses' zones
        fits = (has[lg] & ((seen & new[:, None, None]) == 0)).any(2)  # [K, 10]
        count = okb.sum(2)
        undecided = ~fits & (count > has.sum(2))[lg]  # every witness hit, and more placements to try
        uk, ub = np.nonzero(undecided)
        step = max(1, (1 << 20) // max(C, 1))  # rows of the exact check held at once
        for lo in range(0, uk.size, step):
            k, b = uk[lo : lo + step], ub[lo : lo + step]
            clear = okb[lg[k], b] & ((zone[lg[k], b] & new[k][:, None]) == 0)  # [u, C]
            fits[k, b] = clear.any(1)
        out[lg, lj] = fits.sum(1)
        return out

    def _feat_drawn(self, st, c, g, out) -> None:
        T = self.T
        keep = st.phase[g] == PH_KEEP
        for kind, sel in (("keep", keep), ("order", ~keep)):
            gs = g[sel]
            if gs.size == 0:
                continue
            deck = st.draw_deck[gs].astype(np.int64)
            for d in range(3):
                gd = gs[deck == d]
                if gd.size == 0:
                    continue
                lo = A_PROFESSION + DRAWN_OFFSET[d]
                n = (NUM_PROFESSIONS, NUM_BONUS, NUM_PRESTIGE)[d]
                ids = lo + np.arange(n)
                block = self._af_block(gd, ids, kind)
                cards = np.broadcast_to(np.arange(n), (gd.size, n))
                if d == DECK_PROFESSIONS:
                    self._af_profession(block, c, gd, cards, keep=True)
                    if kind == "keep":
                        self._af_component(block, c, gd, np.full((gd.size, 1), _C_CARD))
                elif d == DECK_BONUS:
                    block[:, :, self._af_index["deck_bonus"]] = 1.0
                    self._af_set(block, "card_value", c.bonus_now[gd] / POINTS)
                else:
                    block[:, :, self._af_index["deck_prestige"]] = 1.0
                    self._af_set(block, "printed_points", np.broadcast_to(T.prestige_points / POINTS, cards.shape))
                    self._af_set(block, "card_value", c.points_now[gd] / POINTS)
                    if kind == "keep":
                        self._af_component(block, c, gd, np.full((gd.size, 1), _C_PRESTIGE))
                        # the card itself scores too once held: its own points join the gain
                        gain = block[:, :, self._af_index["prestige_gain"]] + c.points_now[gd] / POINTS
                        block[:, :, self._af_index["prestige_gain"]] = gain
                self._af_store(out, gd, ids, block)

    def _af_recruit(self, st, c, g, out) -> None:
        ids = A_RECRUIT + np.arange(NUM_PROFESSIONS)
        block = self._af_block(g, ids, "recruit")
        self._af_profession(block, c, g, np.broadcast_to(ids - A_RECRUIT, (g.size, ids.size)))
        self._af_store(out, g, ids, block)

    def _feat_recruit_now(self, st, c, g, out) -> None:
        self._af_recruit(st, c, g, out)
        self._af_store(out, g, A_PASS, self._af_block(g, A_PASS, "pass"))

    def _af_character_uses(self, st, c, g, out) -> None:
        """The Merchant's points and the Professor's draws (CHAR_USE and ACTION alike)."""
        T = self.T
        fame = st.fame[g].astype(np.int64)
        more = (fame > c.fame[g][:, None]).sum(1)
        block = self._af_block(g, A_MERCHANT_FAME, "use_character")
        self._af_one_hot(block, "character", T.character_names, np.full((g.size, 1), C_MERCHANT))
        self._af_set(block, "fame_gain", (1 + more)[:, None] / POINTS)
        self._af_store(out, g, A_MERCHANT_FAME, block)
        for a, deck in ((A_PROFESSOR_PRESTIGE, DECK_PRESTIGE), (A_PROFESSOR_BONUS, DECK_BONUS)):
            block = self._af_block(g, a, "use_character")
            self._af_one_hot(block, "character", T.character_names, np.full((g.size, 1), C_PROFESSOR))
            self._af_draw(block, c, st, g, deck)
            if deck == DECK_PRESTIGE:
                self._af_component(block, c, g, np.full((g.size, 1), _C_PRESTIGE))
            self._af_store(out, g, a, block)

    def _feat_char_use(self, st, c, g, out) -> None:
        T = self.T
        self._af_character_uses(st, c, g, out)
        win = st.ctx[g] == CTX_WIN
        bid = np.where(win, st.bid[g].astype(np.int64), 0)
        block = self._af_block(g, A_MERCHANT_PAY, "merchant_pay")
        self._af_one_hot(block, "character", T.character_names, np.full((g.size, 1), C_MERCHANT))
        self._af_store(out, g, A_MERCHANT_PAY, block)
        block = self._af_block(g, A_PASS, "pass")
        self._af_cost(block, c, g, bid[:, None])  # an auction win is settled: the bid is paid
        self._af_store(out, g, A_PASS, block)

    def _feat_char_auction(self, st, c, g, out) -> None:
        T = self.T
        ids = A_CHAR_BID + np.arange(NUM_CHARACTERS * CHAR_SPACES)
        block = self._af_block(g, ids, "char_bid")
        card = np.broadcast_to(np.arange(NUM_CHARACTERS).repeat(CHAR_SPACES), (g.size, ids.size))
        value = np.broadcast_to(np.tile(np.arange(CHAR_SPACES), NUM_CHARACTERS), (g.size, ids.size))
        self._af_one_hot(block, "character", T.character_names, card)
        self._af_cost(block, c, g, value)
        banker = st.banker_money[g].astype(np.int64)[:, None]
        self._af_set(block, "money_gain", np.where(card == C_BANKER, banker, 0) / MONEY)
        muse = (c.round[g] + 1)[:, None]
        self._af_set(block, "hand_work_gain", np.where(card == C_MUSE, muse, 0) / POINTS)
        p = c.p[g]
        princess = self.princess_value(st, g, p)[:, None]
        block[:, :, self._af_index["work_value"]] = np.where(card == C_PRINCESS, princess / POINTS, 0.0)
        block[:, :, self._af_index["work_value_max"]] = np.where(card == C_PRINCESS, princess / POINTS, 0.0)
        self._af_store(out, g, ids, block)
        self._af_store(out, g, A_PASS, self._af_block(g, A_PASS, "pass"))

    def _feat_action(self, st, c, g, out) -> None:
        T = self.T
        p = c.p[g]
        build_cost = T.build_cost[st.builders[g, p].astype(np.int64)][:, None]
        # works
        ids = A_PROFESSION + np.arange(NUM_PROFESSIONS)
        block = self._af_block(g, ids, "work")
        self._af_profession(block, c, g, np.broadcast_to(ids - A_PROFESSION, (g.size, ids.size)))
        self._af_actions_after(block, st, g, -1)
        self._af_store(out, g, ids, block)
        if self.characters:
            block = self._af_block(g, A_PRINCESS, "princess_work")
            self._af_one_hot(block, "character", T.character_names, np.full((g.size, 1), C_PRINCESS))
            value = self.princess_value(st, g, p)[:, None]
            self._af_work(block, c, g, value, value)
            self._af_actions_after(block, st, g, -1)
            self._af_store(out, g, A_PRINCESS, block)
            block = self._af_block(g, A_CARDINAL, "use_character")
            self._af_one_hot(block, "character", T.character_names, np.full((g.size, 1), C_CARDINAL))
            self._af_actions_after(block, st, g, +1)
            self._af_store(out, g, A_CARDINAL, block)
            self._af_character_uses(st, c, g, out)
            for a in (A_MERCHANT_FAME, A_PROFESSOR_PRESTIGE, A_PROFESSOR_BONUS):
                out[g, a, self._af_index["actions_left_after"]] = st.actions_left[g] / 3.0
        # buildings (alone)
        ids = A_BUILD + np.arange(NUM_BUILDINGS)
        block = self._af_block(g, ids, "build")
        b = np.broadcast_to(np.arange(NUM_BUILDINGS), (g.size, NUM_BUILDINGS))
        self._af_piece(block, c, g, b)
        self._af_component(block, c, g, _C_BUILDING + b)
        self._af_cost(block, c, g, build_cost)
        self._af_actions_after(block, st, g, -1)
        self._af_store(out, g, ids, block)
        # a Profession card, a Bonus card
        for a, kind, deck, price in (
            (A_TAKE_PROFESSION, "take_profession", DECK_PROFESSIONS, T.profession_price),
            (A_TAKE_BONUS, "take_bonus", DECK_BONUS, T.bonus_price),
        ):
            block = self._af_block(g, a, kind)
            self._af_draw(block, c, st, g, deck)
            self._af_cost(block, c, g, np.full((g.size, 1), price))
            if deck == DECK_PROFESSIONS:
                self._af_component(block, c, g, np.full((g.size, 1), _C_CARD))
            self._af_actions_after(block, st, g, -1)
            self._af_store(out, g, a, block)
        # Freedoms
        ids = A_FREEDOM + np.arange(NUM_FREEDOMS)
        block = self._af_block(g, ids, "freedom")
        f = np.broadcast_to(np.arange(NUM_FREEDOMS), (g.size, NUM_FREEDOMS))
        self._af_one_hot(block, "freedom", T.freedom_names, f)
        self._af_component(block, c, g, _C_FREEDOM + f)
        self._af_cost(block, c, g, np.full((g.size, 1), T.freedom_price))
        self._af_actions_after(block, st, g, -1)
        self._af_store(out, g, ids, block)
        # Recruiting cards (free)
        self._af_recruit(st, c, g, out)
        out[g[:, None], (A_RECRUIT + np.arange(NUM_PROFESSIONS))[None, :], self._af_index["actions_left_after"]] = (
            st.actions_left[g][:, None] / 3.0
        )
        self._af_store(out, g, A_END_TURN, self._af_block(g, A_END_TURN, "end_turn"))
        if self.cooperative:
            ids = self.a_coop + np.arange(NUM_BUILDINGS)
            block = self._af_block(g, ids, "coop_build")
            self._af_one_hot(block, "building", T.building_names, b)
            self._af_set(block, "area", self._af_static["area"][b])
            self._af_component(block, c, g, _C_BUILDING + b)
            self._af_cost(block, c, g, build_cost)
            self._af_actions_after(block, st, g, -1)
            self._af_store(out, g, ids, block)

    def _feat_work_bonus(self, st, c, g, out) -> None:
        p = c.p[g]
        ids = A_BONUS + np.arange(NUM_BONUS)
        values = self.bonus_values(st, g, p)  # [n, 20] with the work's card on the table
        now = st.work_value[g].astype(np.int64)[:, None]
        held = st.bonus_hand[g, p]
        most = now + (values * held).sum(1, keepdims=True)
        block = self._af_block(g, ids, "play_bonus")
        block[:, :, self._af_index["deck_bonus"]] = 1.0
        self._af_set(block, "card_value", values / POINTS)
        self._af_work(block, c, g, now + values, most)
        self._af_store(out, g, ids, block)
        block = self._af_block(g, A_DONE, "done_bonus")
        self._af_work(block, c, g, now, now)
        self._af_store(out, g, A_DONE, block)

    def _feat_work_pay(self, st, c, g, out) -> None:
        T = self.T
        ids = self.a_fame + np.arange(self.fame_choices)
        value = st.work_value[g].astype(np.int64)[:, None]
        n = np.arange(self.fame_choices)[None, :]
        block = self._af_block(g, ids, "fame_split")
        self._af_work(block, c, g, value, value)
        self._af_set(block, "fame_gain", np.broadcast_to(n, (g.size, n.size)) / POINTS)
        money = np.maximum(value * T.florin_per_work_point - n * T.florin_per_fame_taken, 0)
        self._af_set(block, "money_gain", money / MONEY)
        self._af_store(out, g, ids, block)

    # --- the cooperative expansion (SPEC COOP)

    def _af_coop_building(self, block, st, c, g) -> np.ndarray:
        """The proposed building's one-hot; returns it (int[n])."""
        b = st.prop_building[g].astype(np.int64)
        self._af_one_hot(block, "building", self.T.building_names, b[:, None])
        return b

    def _feat_coop_side(self, st, c, g, out) -> None:
        ids = self.a_coop_side + np.arange(2)
        block = self._af_block(g, ids, "coop_side")
        b = self._af_coop_building(block, st, c, g)
        self._af_component(block, c, g, (_C_BUILDING + b)[:, None])
        p = c.p[g]
        q = self.CT.nb[p]  # [n, 2]
        purse = np.where(q >= 0, self._purse(st, np.repeat(g, 2), np.maximum(q, 0).reshape(-1)).reshape(-1, 2), 0)
        self._af_set(block, "partner_purse", purse / MONEY)
        self._af_store(out, g, ids, block)

    def _feat_coop_place(self, st, c, g, out) -> None:
        CT, T = self.CT, self.T
        ids = self.a_coop_place + np.arange(CT.frame_placements)
        block = self._af_block(g, ids, "coop_place")
        b = self._af_coop_building(block, st, c, g)
        self._af_component(block, c, g, (_C_BUILDING + b)[:, None])
        p = c.p[g]
        side = st.prop_side[g].astype(np.int64)
        own = np.where(side == 0, 1, 0)[:, None]  # the partner on p's left: p is the frame's right board
        squares = np.take_along_axis(CT.span_squares[b], own[:, :, None], 2)[:, :, 0]  # [n, J]
        halo = np.take_along_axis(CT.span_halo[b], own[:, :, None], 2)[:, :, 0]
        n_sq = popcount(squares)
        self._af_set(block, "area", n_sq / float(T.piece_area.max()))
        self._af_set(block, "empty_after", (c.f[g, _F["empty"]][:, None] - n_sq) / T.num_cells)
        self._af_set(block, "halo_empty", popcount(halo & ~st.occupied[g, p][:, None]) / 16.0)
        self._af_store(out, g, ids, block)

    def _feat_coop_price(self, st, c, g, out) -> None:
        CT, T = self.CT, self.T
        ids = self.a_coop_price + np.arange(len(CT.ladder))
        block = self._af_block(g, ids, "coop_price")
        b = self._af_coop_building(block, st, c, g)
        self._af_component(block, c, g, (_C_BUILDING + b)[:, None])
        p, q = c.p[g], st.prop_partner[g].astype(np.int64)
        cost = T.build_cost[st.builders[g, p].astype(np.int64)][:, None]
        price = CT.ladder[None, :]
        self._af_cost(block, c, g, cost, money=c.money[g])
        if not self.characters:  # the price comes in before the cost is paid
            short = np.maximum(cost - c.money[g][:, None] - price, 0)
            self._af_set(block, "fame_sold", -(-short // T.florin_per_fame_sold) / POINTS)
        self._af_set(block, "money_gain", np.broadcast_to(price, (g.size, price.size)) / MONEY)
        self._af_set(block, "partner_purse", self._purse(st, g, q)[:, None] / MONEY)
        self._af_store(out, g, ids, block)

    def _feat_coop_answer(self, st, c, g, out) -> None:
        CT, T = self.CT, self.T  # the partner answers: he is the mover
        block = self._af_block(g, self.a_coop_accept, "coop_accept")
        b = self._af_coop_building(block, st, c, g)
        price = CT.ladder[st.prop_price[g].astype(np.int64)][:, None]
        self._af_cost(block, c, g, price)
        # the partner's part of the building: his squares on his own board
        builder_side = st.prop_side[g].astype(np.int64)  # the partner is on this side of the builder
        own = np.where(builder_side == 1, 1, 0)  # partner on the builder's right: he is the right board
        sq = CT.span_squares[b, st.prop_place[g].astype(np.int64)]  # [n, 2]
        mine = sq[np.arange(g.size), own]
        n_sq = popcount(mine)
        # what the building gives him, with his own squares on his board
        delta = self._af_static["delta"][_C_BUILDING + b].copy()  # [n, F]
        delta[:, _F["empty"]] = -n_sq
        f_after = _recount(c.f[g] + delta)[:, None, :]  # [n, 1, F]
        d = f_after[:, 0] - c.f[g]
        self._af_set(block, "fame_gain", np.full((g.size, 1), T.building_points / POINTS))
        self._af_set(block, "hand_work_gain", c.comp_hand[g, _C_BUILDING + b][:, None] / POINTS)
        self._af_set(block, "bonus_gain", (d * c.held_coef[g]).sum(1)[:, None] / POINTS)
        sub = _Context()
        sub.others_max, sub.others_min = c.others_max[g], c.others_min[g]
        after = self._af_prestige(sub, f_after)[:, 0]
        gain = ((after - c.points_now[g]) * c.held_prestige[g]).sum(1)
        self._af_set(block, "prestige_gain", gain[:, None] / POINTS)
        self._af_set(block, "area", n_sq[:, None] / float(T.piece_area.max()))
        self._af_set(block, "empty_after", (c.f[g, _F["empty"]] - n_sq)[:, None] / T.num_cells)
        self._af_store(out, g, self.a_coop_accept, block)
        block = self._af_block(g, self.a_coop_decline, "coop_decline")
        self._af_coop_building(block, st, c, g)
        self._af_store(out, g, self.a_coop_decline, block)


def _slug(name: str) -> str:
    return "_".join(name.lower().replace("-", " ").split())


__all__ = ["ACTION_KINDS", "PrincesFeatures", "expected_best"]
