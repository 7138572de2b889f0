"""The Princes of Florence's per-action features (``florentine_envs/games/princes/features.py``):
a differential test against the engine -- at positions of random games of every variant, each
legal action is stepped on a copy and every feature that claims an effect the engine makes at
once and in plain sight (florins paid, fame sold, points scored, a work's value, what the held
Bonus and Prestige cards and the Professions in hand gain, the squares left, the buildings that
still fit, the actions left) must equal the change the engine made -- and scenarios of the
rulebook whose arithmetic a feature computes. The generic contract (bounds, zero rows, batch
independence, hidden information) is ``tests/test_action_features.py``'s."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from princes_rules_text import quote_meta_test
from princes_scenarios import (
    act,
    build,
    clear_hand,
    furnish,
    give_card,
    give_profession,
    landscape,
    new_game,
    set_money,
    start_turn,
)

import florentine_envs
from florentine_envs.games.princes.constants import (
    A_BONUS,
    A_PROFESSION,
    A_RECRUIT,
    C_MERCHANT,
    C_PRINCESS,
    CTX_WIN,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_PROFESSIONS,
    PH_ACTION,
    PH_AUCTION_CHOOSE,
    PH_CHAR_USE,
    PH_COOP_ANSWER,
    PH_COOP_PLACE,
    PH_COOP_PRICE,
    PH_LANDSCAPE_PICK,
    PH_PLACE,
    PH_WORK_BONUS,
    PH_WORK_PAY,
)
from florentine_envs.games.princes.data import FEATURE
from florentine_envs.games.princes.features import expected_best
from florentine_envs.games.princes.geometry import popcount
from florentine_envs.testing import random_legal_actions

G0 = np.array([0])
VARIANTS = [
    ("princes", 2, {}),
    ("princes", 3, {"characters": True}),
    ("princes", 4, {}),
    ("princes", 3, {"cooperative": True}),
    ("princes", 2, {"cooperative": True, "characters": True}),
    ("princes_solo", 1, {}),
]

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def positions(game, num_games: int, every: int, seed: int) -> list:
    """Positions (states of one game) of random play, one every ``every`` steps of each game."""
    st = game.init(np.arange(num_games, dtype=np.uint64) + np.uint64(100 * seed))
    rng = np.random.default_rng(seed)
    out = []
    for t in range(100_000):
        if st.terminated.all():
            return out
        if t % every == 0:
            out += [st.select(np.array([b])) for b in np.flatnonzero(~st.terminated)]
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
    raise AssertionError("games not finished")


class Mover:
    """What the engine says about seat ``p`` (int[n]) of the games of ``st``."""

    def __init__(self, game, st, p):
        rows = np.arange(st.batch_size)
        self.money = st.money[rows, p].astype(np.int64)
        self.fame = st.fame[rows, p].astype(np.int64)
        self.bonus = (game.bonus_values(st, rows, p) * st.bonus_hand[rows, p]).sum(1)
        held = st.prestige_hand[rows, p]
        self.points = game.prestige_points(st, rows)[rows, p]  # [n, 14] every card's points for p
        self.prestige = (self.points * held).sum(1)
        self.card_values = game.bonus_values(st, rows, p)  # [n, 20]
        self.hand = st.hand_prof[rows, p].copy()
        self.work = np.stack([game.work_base(st, rows, p, np.full(rows.size, x)) for x in range(NUM_PROFESSIONS)], 1)
        self.empty = game.T.num_cells - popcount(st.occupied[rows, p])
        self.others = game.all_features(st, rows)  # [n, scored, F]
        self.others[rows, np.minimum(p, self.others.shape[1] - 1)] = 0  # the mover's own row aside
        self.round = st.round.copy()
        self.turns = st.turns_done.copy()


def finish_placement(game, st) -> None:
    """Rows of ``st`` waiting on a placement (after a build or a landscape pick) take the first legal one."""
    rows = np.flatnonzero(st.phase == PH_LANDSCAPE_PICK)
    if rows.size:
        sub = st.select(rows)
        game.step(sub, np.argmax(sub.legal_action_mask, 1))
        st.assign(rows, sub)
    rows = np.flatnonzero(st.phase == PH_PLACE)
    if rows.size:
        sub = st.select(rows)
        game.step(sub, np.argmax(sub.legal_action_mask, 1))
        st.assign(rows, sub)


def check_position(game, one) -> int:
    """Step every legal action of position ``one`` (a state of one game) on a copy and compare
    the features with the engine's changes. Returns the number of (action, feature) checks made."""
    T, fi, rate = game.T, {n: i for i, n in enumerate(game.action_feature_names)}, game.T.florin_per_fame_sold
    legal = np.flatnonzero(one.legal_action_mask[0])
    n = legal.size
    st = one.select(np.zeros(n, np.int64))
    p = st.current_player.astype(np.int64)
    rows = np.arange(n)
    feats = game.action_features(st, p)[rows, legal].astype(np.float64)  # [n, F]
    col = lambda name: feats[:, fi[name]]  # noqa: E731
    kind = lambda name: col(f"kind_{name}") > 0  # noqa: E731
    phase = int(one.phase[0])
    before = Mover(game, st, p)
    before_occupied = after_occupied(st, p)
    game.step(st, legal)
    steps = kind("build") | kind("landscape_pick")
    if steps.any():
        sub = st.select(rows[steps])
        finish_placement(game, sub)
        st.assign(rows[steps], sub)
    proposal = kind("coop_place") | kind("coop_price")
    if proposal.any():  # the proposal completed: the first price asked (after a placement), then accepted
        sub = st.select(rows[proposal])
        asking = np.flatnonzero(sub.phase == PH_COOP_PRICE)
        if asking.size:
            ask = sub.select(asking)
            game.step(ask, game.a_coop_price + np.argmax(ask.legal_action_mask[:, game.a_coop_price :], 1))
            sub.assign(asking, ask)
        assert (sub.phase == PH_COOP_ANSWER).all()
        game.step(sub, np.full(sub.batch_size, game.a_coop_accept))
        st.assign(rows[proposal], sub)
    after = Mover(game, st, p)
    checks = 0

    def same(sel, got, want, what):
        nonlocal checks
        sel = np.asarray(sel, bool) & np.ones(n, bool)
        if sel.any():
            bad = sel & ~np.isclose(got, want, atol=1e-4)
            assert not bad.any(), (
                f"{game.name} {game.options}: {what} of {game.action_names[legal[bad.argmax()]]} in phase {phase}: "
                f"feature {np.asarray(got)[bad.argmax()]}, engine {np.asarray(want)[bad.argmax()]}"
            )
            checks += int(sel.sum())

    calm = (after.round == before.round) & ~st.terminated  # no round end (its best-work points) in between
    others_same = (after.others == before.others).all((1, 2))
    sold = col("fame_sold") * 10
    # florins and fame, where the action settles them at once
    lone = phase == PH_AUCTION_CHOOSE and bool(one.lone[0]) and not game.solo
    bought = (kind("open") & lone) | (kind("raise") & game.solo)
    landscape_object = (kind("open") | kind("raise")) & (
        sum(col(f"landscape_{name.lower()}") for name in T.landscape_names) > 0
    )
    win_pass = kind("pass") & (phase == PH_CHAR_USE) & (int(one.ctx[0]) == CTX_WIN)
    money_kinds = (
        kind("build") | kind("freedom") | kind("take_profession") | kind("take_bonus") | kind("fame_split")
        | kind("merchant_pay") | win_pass | bought | kind("coop_accept") | kind("place") | kind("landscape_pick")
        | kind("coop_price")
    )  # fmt: skip
    pending_use = st.phase == PH_CHAR_USE  # an auction win waiting on the Merchant / Professor: not paid yet
    money_kinds &= ~(bought & pending_use)
    want_money = col("money_gain") * 10 - col("cost") * 10 + sold * rate
    same(money_kinds & calm, after.money - before.money, want_money, "florins")
    merchant = kind("use_character") & (col(f"character_{T.character_names[C_MERCHANT].lower()}") > 0)
    fame_kinds = (
        kind("build") | kind("freedom") | kind("take_profession") | kind("take_bonus") | kind("fame_split")
        | kind("coop_accept") | kind("coop_price") | kind("place") | kind("landscape_pick") | merchant
        | (bought & ~landscape_object & ~pending_use)
    )  # fmt: skip
    same(fame_kinds & calm, after.fame - before.fame, col("fame_gain") * 10 - sold, "prestige points")
    # what the component adds to the held Bonus and Prestige cards and to the works of the hand
    gains = (
        kind("build") | kind("place") | kind("freedom") | kind("coop_accept") | kind("landscape_pick")
        | (bought & ~landscape_object & ~(col("object_prestige") > 0) & ~pending_use)
        | (kind("keep") & ((col("deck_profession") > 0) | (col("deck_prestige") > 0)))
    )  # fmt: skip
    same(gains & calm, after.bonus - before.bonus, col("bonus_gain") * 10, "Bonus cards' gain")
    same(
        gains & calm & others_same, after.prestige - before.prestige, col("prestige_gain") * 10, "Prestige cards' gain"
    )
    hand_gain = ((after.work - before.work) * before.hand).sum(1)
    same(gains & ~kind("coop_accept") & calm, hand_gain, col("hand_work_gain") * 10, "works of the hand")
    pieces = kind("build") | kind("place") | kind("coop_accept") | kind("coop_place") | kind("landscape_pick")
    same(pieces & calm, after.empty / T.num_cells, col("empty_after"), "empty squares after")
    # the empty squares around a placement, from the grid's cells
    if phase == PH_PLACE:
        new = after_occupied(st, p) & ~before_occupied
        same(calm, empty_around(T, new, before_occupied) / 16, col("halo_empty"), "empty squares around")
    if phase == PH_COOP_PLACE:  # the building spans the border: the squares around it on the own board
        q = int(one.prop_partner[0])
        own_left = int(one.prop_side[0]) == 1  # the partner on the right: the own board is the frame's left
        new = after_occupied(st, p) & ~before_occupied
        partner_new = st.occupied[:, q] & ~one.occupied[0, q]
        around = empty_around_frame(T, new, partner_new, before_occupied, own_left)
        same(calm, around / 16, col("halo_empty"), "empty squares around")
    # the buildings that still fit after a placement
    if phase == PH_PLACE:
        piece = int(one.piece[0])
        wanted = (st.supply_buildings > 0) & ~st.built[rows, p] & (np.arange(NUM_BUILDINGS) != piece)
        fit = (st.fits[rows, p, :NUM_BUILDINGS] & wanted).sum(1)
        same(np.ones(n, bool), fit / NUM_BUILDINGS, col("buildings_fit_after"), "buildings that still fit")
    # a work's value
    if phase == PH_ACTION:
        started = (kind("work") | kind("princess_work")) & np.isin(st.phase, (PH_WORK_BONUS, PH_WORK_PAY))
        unplayed = (st.bonus_out == one.bonus_out).all(1)
        same(started & unplayed, st.work_value, col("work_value") * 10, "work value")
        same(
            kind("recruit") & calm, _recruited_work(after, legal), col("work_value") * 10, "recruited card's work value"
        )
        # every held Bonus card played on the work: the most it can be worth
        work = kind("work") & (st.phase == PH_WORK_BONUS)
        for _ in range(NUM_BONUS):
            held = st.bonus_hand[rows, p] & work[:, None]
            go = np.flatnonzero(held.any(1) & (st.phase == PH_WORK_BONUS))
            if go.size == 0:
                break
            sub = st.select(go)
            game.step(sub, A_BONUS + held[go].argmax(1))
            st.assign(go, sub)
        done = work | (kind("work") & (st.phase == PH_WORK_PAY))
        same(done, st.work_value, col("work_value_max") * 10, "work value with every Bonus card")
        # (a cooperative proposal uses the action only when it is accepted)
        same(calm & (st.turns_done == before.turns) & ~kind("end_turn") & ~kind("coop_build"), st.actions_left,
             col("actions_left_after") * 3, "actions left")  # fmt: skip
    if phase == PH_WORK_BONUS:
        same(np.ones(n, bool), st.work_value, col("work_value") * 10, "work value after the Bonus card")
        same(
            kind("play_bonus"),
            before.card_values[rows, np.clip(legal - A_BONUS, 0, NUM_BONUS - 1)],
            col("card_value") * 10,
            "Bonus card value",
        )
    if phase == PH_WORK_PAY and calm.any():
        best = st.best_work[:, : game.scored_seats].astype(np.int64)
        own = best[rows, p]
        rivals = np.where(np.arange(best.shape[1]) != p[:, None], best, 0).max(1)
        same(calm, (own >= rivals) & (own > 0), col("best_work_after"), "best work of the round")
        same(calm, (own - rivals) / 10, col("best_work_margin"), "best work margin")
    if kind("keep").any() or kind("order").any():
        drawn = kind("keep") | kind("order")
        bonus_card = drawn & (col("deck_bonus") > 0)
        prestige_card = drawn & (col("deck_prestige") > 0)
        card = legal - A_PROFESSION
        same(bonus_card, before.card_values[rows, np.clip(card - NUM_PROFESSIONS, 0, NUM_BONUS - 1)],
             col("card_value") * 10, "drawn Bonus card's value")  # fmt: skip
        same(prestige_card, before.points[rows, np.clip(card - NUM_PROFESSIONS - NUM_BONUS, 0, 13)],
             col("card_value") * 10, "drawn Prestige card's points")  # fmt: skip
    return checks


def after_occupied(st, p) -> np.ndarray:
    """uint64[n]: seat p's covered squares in each game."""
    return st.occupied[np.arange(st.batch_size), p].copy()


def empty_around(T, placed: np.ndarray, occupied: np.ndarray) -> np.ndarray:
    """int[n]: the squares orthogonally next to the squares ``placed`` (uint64[n]) that are not
    covered in ``occupied`` (uint64[n]) nor placed, counted on the rows x cols grid."""
    out = np.zeros(placed.size, np.int64)
    for i, (cells, covered) in enumerate(zip(placed.tolist(), occupied.tolist())):
        squares = {(b // T.cols, b % T.cols) for b in range(T.num_cells) if cells >> b & 1}
        near = {(r + dr, c + dc) for r, c in squares for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        near = {(r, c) for r, c in near - squares if 0 <= r < T.rows and 0 <= c < T.cols}
        out[i] = sum(1 for r, c in near if not covered >> (r * T.cols + c) & 1)
    return out


def empty_around_frame(T, own: np.ndarray, other: np.ndarray, occupied: np.ndarray, own_left: bool) -> np.ndarray:
    """:func:`empty_around` of a building across a border: ``own`` and ``other`` its squares on
    the own and the partner's board; the neighbours are taken on the two boards side by side
    (the own board on the left when ``own_left``) and counted on the own board."""
    out = np.zeros(own.size, np.int64)
    shift_own, shift_other = (0, T.cols) if own_left else (T.cols, 0)
    for i, (mine, theirs, covered) in enumerate(zip(own.tolist(), other.tolist(), occupied.tolist())):
        squares = {(b // T.cols, b % T.cols + shift_own) for b in range(T.num_cells) if mine >> b & 1}
        squares |= {(b // T.cols, b % T.cols + shift_other) for b in range(T.num_cells) if theirs >> b & 1}
        near = {(r + dr, c + dc) for r, c in squares for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))} - squares
        cells = [(r, c - shift_own) for r, c in near if 0 <= r < T.rows and shift_own <= c < shift_own + T.cols]
        out[i] = sum(1 for r, c in cells if not covered >> (r * T.cols + c) & 1)
    return out


def _recruited_work(after: Mover, legal: np.ndarray) -> np.ndarray:
    """The work value of the Profession each ``recruit_x`` took, with it in the hand now."""
    x = np.clip(legal - A_RECRUIT, 0, NUM_PROFESSIONS - 1)
    return after.work[np.arange(legal.size), x]


@pytest.mark.parametrize("name,num_players,options", VARIANTS)
def test_features_equal_the_changes_the_engine_makes(name, num_players, options):
    game = florentine_envs.make(name, num_players=num_players, **options)
    checks = sum(check_position(game, one) for one in positions(game, num_games=2, every=3, seed=num_players))
    assert checks > 500


# ------------------------------------------------------------------ the rulebook's arithmetic


def features_of(game, st, name: str) -> dict[str, float]:
    """The features of the legal action ``name`` for the player to move."""
    a = game.action_names.index(name)
    assert st.legal_action_mask[0, a], f"{name} is not legal"
    row = game.action_features(st, st.current_player)[0, a]
    return dict(zip(game.action_feature_names, row.tolist()))


def test_the_poets_work_of_15_and_its_pay():
    """Rulebook, "Work scoring example":

    "In round 3 (minimum 🏆 = 12), Alexandra chooses to complete a Work with a Poet."
    "If you have the Building where the artist or scholar prefers to work, add 4 to the 🏆 for this Work. ▶ +4 🏆"
    "For each Jester you have on your Theater Stage, add 2 to the 🏆 for this Work. ▶ +2 🏆 Each"
    "Alexandra could take 1500 Florin from the Bank, but she decides she does not need the Money at this time and so
    exchanges as much Money as possible from the Work for Prestige Points (👑): She takes 100 Florin from the Bank and
    moves her scoring Fame disk 7 spaces along the Fame track."

    Travel 3 + Theater 4 + 2 Jesters 4 + 4 cards (D37) = 15, no Lake: one of the Poet's three wants missing."""
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    for prof in ("Poet", "Lawyer"):
        give_profession(game, st, 0, prof)
    give_profession(game, st, 0, "Sculptor", table=True)
    build(game, st, 0, "Theater")
    furnish(game, st, 0, jesters=2, freedoms=("Travel",), hand_recruit=1)
    start_turn(game, st, 0, round_index=2)
    f = features_of(game, st, "profession_Poet")
    assert f["kind_work"] == 1 and f["building_theater"] == 1 and f["landscape_lake"] == 1 and f["freedom_travel"] == 1
    assert f["work_value"] == pytest.approx(1.5) and f["work_value_max"] == pytest.approx(1.5)
    assert f["minimum_margin"] == pytest.approx(0.3)  # 15 - 12
    assert f["requirements_missing"] == pytest.approx(1 / 3)  # the Lake
    assert f["best_work_after"] == 1 and f["best_work_margin"] == pytest.approx(1.5)  # nobody has worked yet
    assert f["actions_left_after"] == pytest.approx(1 / 3)
    act(game, st, "profession_Poet")
    f = features_of(game, st, "fame_7")
    assert f["money_gain"] == pytest.approx(0.1) and f["fame_gain"] == pytest.approx(0.7)
    f = features_of(game, st, "fame_0")
    assert f["money_gain"] == pytest.approx(1.5) and f["fame_gain"] == 0


def test_a_wanted_lake_adds_3_to_the_poet_and_a_second_lake_scores():
    """Rulebook: "If you have the Landscape that the artist or scholar wants to recreate, add 3 to the 🏆 for this
    Work. ▶ +3 🏆" and "Each Forest placed after the first in a Principality scores you 3👑." with "Lakes are used in
    the same way as Forests." """
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    give_profession(game, st, 0, "Poet")  # wants a Lake
    give_profession(game, st, 0, "Lawyer")  # wants a Forest
    game._refresh_mask(st, G0)
    assert st.phase[0] == PH_AUCTION_CHOOSE and st.current_player[0] == 0
    lake, forest = features_of(game, st, "open_Lake"), features_of(game, st, "open_Forest")
    assert lake["hand_work_gain"] == pytest.approx(0.3) and lake["fame_gain"] == 0
    assert forest["hand_work_gain"] == pytest.approx(0.3)
    assert lake["cost"] == pytest.approx(0.2)  # "starting the bidding at 200 Florin"
    landscape(game, st, 0, "Lake")
    game._refresh_mask(st, G0)
    lake = features_of(game, st, "open_Lake")
    assert lake["hand_work_gain"] == 0 and lake["fame_gain"] == pytest.approx(0.3)


def test_building_costs_700_or_300_with_builders_and_scores_3():
    """Rulebook: "You must pay 700 Florin to build a Building regardless of its size." "If you have 1 or 2 Builders in
    your Principality, you pay only 300 Florin to build a Building." "It immediately earns you 3 ." """
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    give_profession(game, st, 0, "Poet")  # wants the Theater
    start_turn(game, st, 0, round_index=0)
    theater, tower = features_of(game, st, "build_Theater"), features_of(game, st, "build_Tower")
    assert theater["cost"] == pytest.approx(0.7) and theater["fame_gain"] == pytest.approx(0.3)
    assert theater["hand_work_gain"] == pytest.approx(0.4) and tower["hand_work_gain"] == 0
    assert theater["area"] == pytest.approx(5 / 7) and tower["area"] == pytest.approx(3 / 7)
    empty = game.T.free_cells
    assert theater["empty_after"] == pytest.approx((empty - 5) / 49)
    furnish(game, st, 0, builders=1)
    start_turn(game, st, 0, round_index=0)
    assert features_of(game, st, "build_Theater")["cost"] == pytest.approx(0.3)


def test_a_bid_beyond_money_sells_the_fame_missing():
    """Rulebook: "If they win the bid, they must go backwards on the Fame track to earn Money (See 'Earning Money' on
    page 8 for details)." "For each space your Fame disk is moved backward, take 100 Florin from the Bank." """
    game, st = new_game(3, start=0)
    set_money(st, 0, 5, fame=4)
    start_turn(game, st, 0, round_index=0)
    f = features_of(game, st, "build_Theater")
    assert f["cost"] == pytest.approx(0.7) and f["fame_sold"] == pytest.approx(0.2)  # 700 = 500 + 2 points sold
    money, fame = int(st.money[0, 0]), int(st.fame[0, 0])
    act(game, st, "build_Theater")
    assert st.money[0, 0] + 7 - money == 2 and fame - st.fame[0, 0] == 2


def test_the_princesss_work_of_16():
    """Rulebook: "The Work has a Work Value (🏠) of 16 (6 + 3 + 2 + 2 + 3)." """
    game, st = new_game(3, start=0, characters=True)
    landscape(game, st, 0, "Forest", 2)
    landscape(game, st, 0, "Lake")
    build(game, st, 0, "Laboratory", "Library")
    st.char_owner[0, C_PRINCESS] = 0
    start_turn(game, st, 0, round_index=5)  # minimum 16
    f = features_of(game, st, "princess_work")
    assert f["work_value"] == pytest.approx(1.6) and f["minimum_margin"] == 0 and f["character_princess"] == 1


def test_the_merchants_points_and_the_tie_for_the_best_work():
    """Rulebook: "Either immediately, at any time on your turn during the Action phase, when you win a bid on an object
    in the Auction phase, or at the end of the Auction phase, you may flip the Merchant Character card facedown to score
    1 ♔ plus 1 ♔ for each opponent with more Prestige Points (♔) than you." and, for the best work, "If two or more
    players tie with the highest , they all score 3 ." """
    game, st = new_game(4, start=0, characters=True)
    st.char_owner[0, C_MERCHANT] = 0
    st.fame[0] = [0, 5, 5, 5]
    st.best_work[0] = [0, 12, 9, 0]
    clear_hand(game, st, 0)
    give_profession(game, st, 0, "Poet")
    build(game, st, 0, "Theater")
    furnish(game, st, 0, jesters=3, freedoms=("Travel",))
    start_turn(game, st, 0, round_index=1)  # minimum 10
    assert features_of(game, st, "merchant_fame")["fame_gain"] == pytest.approx(0.4)  # 1 + 3 opponents ahead
    f = features_of(game, st, "profession_Poet")  # 4 + 3 + 6 + 1 = 14: beats the 12
    assert f["work_value"] == pytest.approx(1.4) and f["best_work_after"] == 1
    assert f["best_work_margin"] == pytest.approx(0.2)
    st.best_work[0, 1] = 14
    assert features_of(game, st, "profession_Poet")["best_work_after"] == 1  # a tie scores too
    st.best_work[0, 1] = 15
    f = features_of(game, st, "profession_Poet")
    assert f["best_work_after"] == 0 and f["best_work_margin"] == pytest.approx(-0.1)


def test_a_bonus_card_adds_its_value_to_the_work():
    """Rulebook: "For each Bonus card you now play, add X to the 🏆 for the Work (see “Acquire a Bonus card” on page
    9). ▶ +X 🏆 Each" -- card 6: "Each Forest in your Principality increases the score by 2", two Forests: +4."""
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    give_profession(game, st, 0, "Lawyer")  # Forest / Library / Opinion
    give_profession(game, st, 0, "Poet")
    landscape(game, st, 0, "Forest", 2)
    furnish(game, st, 0, jesters=1)
    give_card(game, st, 0, 1, 6)
    start_turn(game, st, 0, round_index=0)
    f = features_of(game, st, "profession_Lawyer")  # Forest 3 + a Jester 2 + 2 cards = 7; + 4 with the card
    assert f["work_value"] == pytest.approx(0.7) and f["work_value_max"] == pytest.approx(1.1)
    act(game, st, "profession_Lawyer")
    assert st.phase[0] == PH_WORK_BONUS
    f = features_of(game, st, "bonus_6")
    assert f["card_value"] == pytest.approx(0.4) and f["work_value"] == pytest.approx(1.1)
    assert features_of(game, st, "done")["work_value"] == pytest.approx(0.7)


def test_the_solo_final_auction_costs_200():
    """Solo rules: "You may buy the object in the final (4th / 5th) auction in an Auction phase for 200 Florin unless it
    is one of the 2 objects with the highest die modifier on the Automa card for your player count." Before it, the
    price is rolled: the card's modifier, a die, and 100 Florin more."""
    game = florentine_envs.make("princes_solo")
    st = game.init(np.array([3], np.uint64))
    while not (st.phase[0] == PH_AUCTION_CHOOSE):
        game.step(st, np.array([np.flatnonzero(st.legal_action_mask[0])[0]]))
    ST = game.ST
    card = int(st.automa_card[0])
    f = game.action_features(st, st.current_player)[0]
    fi = {n: i for i, n in enumerate(game.action_feature_names)}
    for s in np.flatnonzero(st.legal_action_mask[0, 5:12]):
        assert f[5 + s, fi["cost"]] == pytest.approx((ST.mod[card, s] + 3.5 + 1) / 10)
        assert f[5 + s, fi["forced_chance"]] == pytest.approx(0 if ST.has_mod[card, s] else 1 / 3)
    st.auctions_done[0] = game.seats - 1  # the final auction
    game._refresh_mask(st, G0)
    f = game.action_features(st, st.current_player)[0]
    for s in np.flatnonzero(st.legal_action_mask[0, 5:12]):
        assert f[5 + s, fi["cost"]] == pytest.approx(0.2) and f[5 + s, fi["forced_chance"]] == 0


def test_expected_best_of_a_draw_is_the_mean_of_the_best_over_every_draw():
    rng = np.random.default_rng(0)
    for _ in range(40):
        N = int(rng.integers(1, 9))
        values = rng.integers(0, 10, N).astype(np.float64)
        pool = rng.random(N) < 0.7
        k = int(rng.integers(0, 6))
        members = values[pool]
        draws = list(itertools.combinations(members, min(k, members.size))) if k and members.size else []
        want = np.mean([max(d) for d in draws]) if draws else 0.0
        got = expected_best(values[None], pool[None], np.array([k]))[0]
        assert got == pytest.approx(want)


def test_features_use_the_feature_names_of_the_data():
    game = florentine_envs.make("princes", num_players=3)
    names = game.action_feature_names
    assert len(names) == len(set(names)) and set(game.action_feature_docs()) == set(names)
    assert "building_university" in names and "landscape_forest" in names and "character_banker" in names
    assert FEATURE["empty"] >= 0  # the engine's feature list backs empty_after
