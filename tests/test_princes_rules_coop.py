"""Rulebook scenario tests for The Princes of Florence, part 9: the COOPERATIVE BUILDING EXPANSION
(option ``cooperative=True``, issue 13): the set-up, the phases, the proposal, what a shared
building counts for, rule 5 and the characters; part 10 (``test_princes_rules_coop_building.py``)
has the Cooperative Building Rules, the Workshop example and building alone. Every sentence of the
section is quoted by a test of the two that plays it through the engine on a position built for
it, or is exempt in the coverage module.

The encoding is SPEC.md's section COOP: ``coop_build_{building}``, then
``coop_left`` / ``coop_right`` (the partner), ``coop_place_k{k}_r{r}c{c}`` (a placement on the
border's frame: the left board's columns 0-6, then the right board's as 7-13), ``coop_price_{florin}``
and the partner's ``coop_accept`` / ``coop_decline``. The readings are COOP_NOTES.md (C1-C16).
What is legal is held to the geometry prototype of ``test_princes_coop_layout`` (it reads the JSON
files and knows no engine code): the engine's legal placements must be exactly the ones it computes
for the same boards.
"""

from __future__ import annotations

import numpy as np
import pytest
from princes_rules_text import quote_meta_test
from princes_scenarios import (
    Twin,
    act,
    clear_hand,
    furnish,
    give_profession,
    legal_names,
    new_game,
    place_first,
    seed_with_start,
    set_money,
    start_turn,
    work_value,
)
from test_princes_coop_layout import (
    COLS,
    COOP,
    PALAZZO,
    ROWS,
    SHAPES,
    Board,
    coop_legal,
    frame_placements,
    split,
)

from florentine_envs.games.princes import Princes
from florentine_envs.games.princes.constants import (
    A_BUILD,
    NUM_BUILDINGS,
    NUM_PIECES,
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
)
from florentine_envs.games.princes.data import FEATURE
from florentine_envs.games.princes.reference import PrincesCoopReference
from florentine_envs.games.princes.reference.tables import SETUP_DISCARD as REF_SETUP_DISCARD
from florentine_envs.testing import random_legal_actions

G0 = np.array([0])
# SPEC.md COOP, CM: the four phases of a proposal, after the base game's 14
COOP_SIDE, COOP_PLACE, COOP_PRICE, COOP_ANSWER = PH_COOP_SIDE, PH_COOP_PLACE, PH_COOP_PRICE, PH_COOP_ANSWER
LADDER = COOP["negotiation"]["price_ladder"]  # the prices a builder may ask, in 100 Florin
K = COOP["negotiation"]["proposals_per_action"]  # declined proposals allowed per action
BUILD_COST = {0: 7, 1: 3, 2: 3, 3: 0}  # "700, 300, or 0 Florin if you have 0, 1-2, or 3 Builders"
BUILDING_POINTS = 3  # "Each cooperating player earns 3"
PREFERRED = 4  # a work's +4 for its profession's building
SIDES = {"left": 0, "right": 1}
AUCTION_PHASES = (PH_AUCTION_CHOOSE, PH_AUCTION_BID, PH_LANDSCAPE_PICK, PH_PLACE, PH_KEEP, PH_ORDER, PH_RECRUIT_NOW)

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


# ----------------------------------------------------------------- positions and names


def coop_game(num_players: int, **options):
    """A cooperative game (batch of one) at its first auction, seat 0 the start player."""
    return new_game(num_players, start=0, cooperative=True, **options)


def mask(cells) -> np.uint64:
    return np.uint64(sum(1 << (COLS * r + c) for r, c in cells))


def refresh_fits(game, st) -> None:
    """Every seat's ``fits``: with borders they read the neighbours' boards (SPEC.md COOP, CP4)."""
    seats = np.arange(game.seats)
    game._refresh_fits(st, np.zeros(seats.size, np.int64), seats)


def put_at(game, st, p: int, name: str, cells) -> None:
    """Building or landscape ``name`` on seat p's own board at ``cells`` (board coordinates; a
    furnished principality, not a legal build), supply and counts updated."""
    cells = [tuple(c) for c in cells]
    T, m = game.T, mask(cells)
    assert not st.occupied[0, p] & m, f"{name} overlaps a piece of seat {p}"
    if name in T.building_names:
        piece = T.building_names.index(name)
        st.blocked[0, p] |= m
        st.built[0, p, piece] = True
        st.supply_buildings[0, piece] -= 1
    else:
        piece = NUM_BUILDINGS + T.landscape_names.index(name)
        st.landscapes[0, p, piece - NUM_BUILDINGS] += 1
        st.supply_landscapes[0, piece - NUM_BUILDINGS] -= 1
    st.occupied[0, p] |= m
    st.piece_cells[0, p * NUM_PIECES + piece] |= m
    refresh_fits(game, st)


def turn(game, st, p: int, builders: int | None = None, money: int | None = None, round_index: int = 0) -> None:
    """Seat p's turn in the action phase, two actions and the whole proposal budget left;
    ``builders`` from the supply, ``money`` set (the difference to or from the Bank)."""
    if builders is not None:
        furnish(game, st, p, builders=builders - int(st.builders[0, p]))
    if money is not None:
        set_money(st, p, money)
    refresh_fits(game, st)
    st.proposals_left[0] = K
    start_turn(game, st, p, round_index)


def coop_build_name(game, building: str) -> str:
    return "coop_" + game.action_names[A_BUILD + game.T.building_names.index(building)]


def place_name(j: int) -> str:
    """SPEC.md COOP, CA: frame placement j = k * (2 * cells) + (2 * cols) * r + c."""
    k, rest = divmod(j, 2 * ROWS * COLS)
    r, c = divmod(rest, 2 * COLS)
    return f"coop_place_k{k}_r{r}c{c}"


def price_name(price: int) -> str:
    return f"coop_price_{100 * price}"


def _offered(game, st, phase: int, prefix: str, chosen: int, value) -> set:
    """The values the mask offers in proposal step ``phase`` (names ``prefix`` + value); when the
    engine played a lone choice by itself (forced move), that choice."""
    if int(st.phase[0]) == phase:
        return {value(n[len(prefix) :]) for n in legal_names(game, st) if n.startswith(prefix)}
    assert phase < int(st.phase[0]) <= COOP_ANSWER, "the proposal is not past that step"
    return {chosen}


def legal_places(game, st) -> set[int]:
    """The frame placements offered in COOP_PLACE."""
    index = {place_name(j)[len("coop_place_") :]: j for j in range(16 * ROWS * COLS)}
    return _offered(game, st, COOP_PLACE, "coop_place_", int(st.prop_place[0]), index.__getitem__)


def legal_prices(game, st) -> set[int]:
    """The prices (100 Florin) offered in COOP_PRICE."""
    chosen = LADDER[int(st.prop_price[0])] if int(st.prop_price[0]) >= 0 else None
    return _offered(game, st, COOP_PRICE, "coop_price_", chosen, lambda florin: int(florin) // 100)


def legal_sides(game, st) -> set[str]:
    """The sides offered in COOP_SIDE."""
    chosen = ("left", "right")[int(st.prop_side[0])]
    return _offered(game, st, COOP_SIDE, "coop_", chosen, str) & {"left", "right"}


def propose(game, st, building: str, side: str, place: int, price: int) -> None:
    """The current player proposes ``building`` to his neighbour on ``side`` at frame placement
    ``place`` for ``price`` (100 Florin); a step with one legal choice is played by the engine
    (forced moves) and then checked in the proposal."""
    act(game, st, coop_build_name(game, building))
    steps = (
        (COOP_SIDE, f"coop_{side}", st.prop_side, SIDES[side]),
        (COOP_PLACE, place_name(place), st.prop_place, place),
        (COOP_PRICE, price_name(price), st.prop_price, LADDER.index(price)),
    )
    for phase, name, field, value in steps:
        if int(st.phase[0]) == phase:
            act(game, st, name)
        else:
            assert int(field[0]) == value, f"forced {name} expected"
    assert int(st.phase[0]) == COOP_ANSWER


def first_legal_place(building: str, left: Board, right: Board) -> int:
    return min(j for j, sq in frame_placements(SHAPES[building]).items() if coop_legal(sq, left, right))


def frame_index(building: str, frame_cells) -> int:
    cells = frozenset(map(tuple, frame_cells))
    return next(j for j, sq in frame_placements(SHAPES[building]).items() if sq == cells)


def expected_places(building: str, left: Board, right: Board) -> set[int]:
    return {j for j, sq in frame_placements(SHAPES[building]).items() if coop_legal(sq, left, right)}


def snapshot(st, *fields) -> dict:
    return {f: getattr(st, f).copy() for f in fields}


# ----------------------------------------------------------------- set-up


def test_setup_is_the_usual_one_but_the_principality_boards():
    """Rulebook:

    "Follow the usual setup rules except for the Principality boards:"
    "Players flip their Principality boards to their (B) sides and place them as shown in the diagram below, according to the number of players."
    """
    b_palazzo = mask(PALAZZO)
    for num_players in (2, 3, 4, 5):
        game, st = coop_game(num_players)
        base_game, base = new_game(num_players, start=0)
        for field in ("money", "fame", "hand_prof", "known", "deck_cards", "deck_len", "supply_buildings",
                      "supply_landscapes", "supply_freedoms", "supply_builders", "supply_jesters", "start",
                      "phase", "current_player", "round"):  # fmt: skip
            assert (getattr(st, field) == getattr(base, field)).all(), field
        # the boards: each is the B side, its Palazzo moved to the middle of the bottom edge
        assert (st.occupied[0] == b_palazzo).all() and (st.blocked[0] == b_palazzo).all()
        assert (base.occupied[0] != b_palazzo).all()
        assert (st.shared_with[0] == -1).all() and (st.shared_cells[0] == 0).all()
        n = base_game.num_actions
        assert (st.legal_action_mask[0, :n] == base.legal_action_mask[0]).all()
        assert not st.legal_action_mask[0, n:].any()  # no cooperative action during the auction


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_bordering_principalities_and_the_neighbours(num_players):
    """Rulebook:

    "This creates a shared Building board with bordering Principalitys."
    "Except in the 2-player game, each player has two neighbors who are potential building partners."
    """
    for p in range(num_players):
        game, st = coop_game(num_players)
        turn(game, st, p)
        act(game, st, coop_build_name(game, "Chapel"))
        if num_players == 2:  # one border: the only neighbour is chosen by itself
            assert int(st.phase[0]) == COOP_PLACE
            assert (int(st.prop_side[0]), int(st.prop_partner[0])) == ((1, 1) if p == 0 else (0, 0))
            continue
        assert int(st.phase[0]) == COOP_SIDE and legal_sides(game, st) == {"left", "right"}
        for side, partner in (("left", (p - 1) % num_players), ("right", (p + 1) % num_players)):
            probe = st.copy()
            act(game, probe, f"coop_{side}")
            assert int(probe.prop_partner[0]) == partner and int(probe.phase[0]) == COOP_PLACE


# ----------------------------------------------------------------- the phases


@pytest.mark.parametrize("characters", [False, True])
def test_the_auction_phase_is_played_as_normal(characters):
    """Rulebook:

    "The Auction phase is played as normal."
    "If you are playing with the Character cards, remember to play a Character Auction phase after the Auction phase."
    """
    game, st = coop_game(3, characters=characters)
    base_game, base = new_game(3, start=0, characters=characters)
    n = base_game.num_actions
    place = slice(game.a_place, game.a_fame)  # the boards differ: B sides
    r = np.random.default_rng(5)
    while int(st.phase[0]) in AUCTION_PHASES + (PH_CHAR_USE,):
        coop_mask, base_mask = st.legal_action_mask[0], base.legal_action_mask[0]
        assert not coop_mask[n:].any()
        outside = np.ones(n, bool)
        outside[place] = False
        assert (coop_mask[:n][outside] == base_mask[outside]).all()
        both = np.flatnonzero(coop_mask[:n] & base_mask)
        buying = [a for a in both if game.action_names[a] != "withdraw"]  # everybody buys something
        a = r.choice(buying or both)
        game.step(st, np.array([a]))
        base_game.step(base, np.array([a]))
    assert int(st.phase[0]) == int(base.phase[0]) == (PH_CHAR_AUCTION if characters else PH_ACTION)
    for field in ("money", "fame", "builders", "jesters", "landscapes", "hand_recruit", "prestige_hand", "stack_used"):
        assert (getattr(st, field) == getattr(base, field)).all(), field
    assert st.stack_used[0].sum() >= 3 and st.landscapes[0].any()  # objects were bought and placed


# ----------------------------------------------------------------- alone or together


def test_a_building_alone_or_with_one_neighbour_who_agrees():
    """Rulebook:

    "Each time you Build a Building, you may choose, with their agreement, to build it in cooperation with one neighboring player."
    "You may Build a Building alone (but see 'Additional rule for building alone', below) or with the help of one neighboring player."
    """
    game, st = coop_game(3)
    turn(game, st, 0)
    names = legal_names(game, st)
    for building in game.T.building_names:
        assert f"build_{building}" in names and coop_build_name(game, building) in names
    before = snapshot(st, "money", "fame", "built", "supply_buildings", "occupied")
    place = first_legal_place("Tower", Board(0), Board(0))
    propose(game, st, "Tower", "right", place, 0)
    # one neighbour: the one on the right answers, and only he; the other takes no part
    assert int(st.current_player[0]) == 1 == int(st.prop_partner[0])
    assert sorted(legal_names(game, st)) == ["coop_accept", "coop_decline"]
    probe = st.copy()
    act(game, probe, "coop_decline")  # no agreement: nothing is built, nothing paid
    assert all((getattr(probe, f) == v).all() for f, v in before.items())
    act(game, st, "coop_accept")
    assert st.built[0, 0, 8] and st.built[0, 1, 8] and not st.built[0, 2, 8]
    assert st.shared_with[0, :, 8].tolist() == [1, 0, -1]
    assert int(st.fame[0, 2]) == int(before["fame"][0, 2]) and int(st.occupied[0, 2]) == int(before["occupied"][0, 2])


def test_the_proposal_names_the_building_then_place_and_price_for_the_partner():
    """Rulebook:

    "State which Building you wish to build."
    "If one or both of your neighbors is interested, then the exact location of the Building and the amount that is to be paid is negotiated between you and each interested neighbor."
    "If you come to an agreement with one of your neighbors, you may build the Building following the Cooperative Building Rules."
    """
    game, st = coop_game(3)
    turn(game, st, 0)
    set_money(st, 2, LADDER[-1])  # the left neighbour can pay every rung
    act(game, st, coop_build_name(game, "Opera"))
    assert int(st.prop_building[0]) == 4 and int(st.prop_builder[0]) == 0 and int(st.phase[0]) == COOP_SIDE
    act(game, st, "coop_left")  # seat 2
    assert legal_places(game, st) == expected_places("Opera", Board(0), Board(0))  # where: the spanning ones
    place = max(legal_places(game, st))
    act(game, st, place_name(place))
    assert legal_prices(game, st) == set(LADDER)  # how much: every rung both can pay
    seen = {}
    for price in (2, 9):
        probe = st.copy()
        act(game, probe, price_name(price))
        assert int(probe.current_player[0]) == 2 and int(probe.prop_price[0]) == LADDER.index(price)
        proposal = game.observe(probe, np.array([2]))[0, game.obs_layout["proposal"]]
        assert proposal[4] == 1 and proposal[:10].sum() == 1  # the partner sees the building ...
        seen[price] = proposal
    assert (seen[2] != seen[9]).any()  # ... and the price asked
    act(game, st, price_name(9))
    act(game, st, "coop_accept")
    left, right = split(frame_placements(SHAPES["Opera"])[place])  # frame [2, 0]: seat 2's board left
    assert int(st.piece_cells[0, 2 * NUM_PIECES + 4]) == int(mask(left))
    assert int(st.piece_cells[0, 0 * NUM_PIECES + 4]) == int(mask(right))
    assert st.phase[0] == PH_ACTION and int(st.current_player[0]) == 0


def test_without_an_agreement_another_proposal_alone_or_another_action():
    """Rulebook:

    "If you do not come to an agreement, either try to negotiate the building of another cooperative Building, Build a Building alone, or choose a different action."
    """
    game, st = coop_game(3)
    turn(game, st, 0)
    place = first_legal_place("Tower", Board(0), Board(0))
    propose(game, st, "Tower", "right", place, 3)
    act(game, st, "coop_decline")
    assert st.phase[0] == PH_ACTION and int(st.current_player[0]) == 0 and int(st.actions_left[0]) == 2
    assert int(st.proposals_left[0]) == K - 1
    names = legal_names(game, st)
    assert {coop_build_name(game, "Chapel"), coop_build_name(game, "Tower")} <= set(names)
    assert {"build_Tower", "take_profession"} <= set(names)
    for _ in range(K - 1):  # the other neighbour, then the budget is spent
        propose(game, st, "Chapel", "left", first_legal_place("Chapel", Board(0), Board(0)), 0)
        act(game, st, "coop_decline")
    names = legal_names(game, st)
    assert not [n for n in names if n.startswith("coop_")]  # no more proposals before an action
    assert {"build_Tower", "take_profession", "end_turn"} <= set(names)
    act(game, st, "build_Tower")  # alone
    place_first(game, st)
    assert int(st.actions_left[0]) == 1 and int(st.proposals_left[0]) == K
    assert coop_build_name(game, "Chapel") in legal_names(game, st)


def test_backing_out_before_the_answer_is_not_proposing():
    """Rulebook (issue 22 item 14, a builder backing out; COOP_NOTES C9):

    "If you do not come to an agreement, either try to negotiate the building of another cooperative Building, Build a Building alone, or choose a different action."
    "To each neighbor you wish to cooperate with, give an indication of where the Building will be built and how much they should pay you to build the Building."

    No withdrawal action: from the builder's first step (``coop_build_b``) to the partner's
    answer nothing happens but the proposal itself (no piece, no money, no other seat moves),
    the builder learns nothing he did not see at ACTION, and every step has a legal way on. So
    backing out before the answer would return to the very ACTION position (the same as not
    proposing), and backing out while the partner decides is his refusal. Checked on random
    games at 3 players, with and without the characters."""
    import dataclasses  # noqa: PLC0415

    skip = {"phase", "current_player", "legal_action_mask", "proposals_left", "step_count"} | {
        f"prop_{k}" for k in ("building", "builder", "partner", "side", "place", "price")
    }
    for characters in (False, True):
        game = Princes(3, cooperative=True, characters=characters)
        rng = np.random.default_rng(7)
        st = game.init(np.arange(4) + 70)
        at_action = {}  # game -> (state copy, builder's observation) when the proposal began
        checked = 0
        while not st.terminated.all():
            mask = st.legal_action_mask
            actions = random_legal_actions(mask, rng)
            wants = mask[:, game.a_coop : game.a_coop + NUM_BUILDINGS].any(1) & (rng.random(len(actions)) < 0.5)
            for g in np.flatnonzero(wants & (st.phase == PH_ACTION) & ~st.terminated):
                actions[g] = game.a_coop + rng.choice(np.flatnonzero(mask[g, game.a_coop : game.a_coop + 10]))
                obs = game.observe(st, st.current_player)[g]
                at_action[g] = (st.select(int(g)), obs)
            game.step(st, actions)
            for g, (before, obs_before) in list(at_action.items()):
                phase = int(st.phase[g])
                if phase not in (COOP_SIDE, COOP_PLACE, COOP_PRICE, COOP_ANSWER):
                    del at_action[g]
                    continue
                now = st.select(int(g))
                assert now.legal_action_mask.any()  # a legal way on (never a dead end)
                for f in dataclasses.fields(now):
                    if f.name not in skip:
                        assert np.array_equal(getattr(now, f.name), getattr(before, f.name)), f.name
                builder = np.array([int(before.current_player[0])])
                obs = game.observe(now, builder)[0]
                same = np.ones(game.obs_size, bool)
                for field in ("phase", "proposal"):
                    same[game.obs_layout[field]] = False
                if phase == COOP_ANSWER:  # the partner is to move: the builder's turn marker
                    same[game.obs_layout["to_move"]] = False
                assert np.array_equal(obs[same], obs_before[same])
                checked += 1
        assert checked >= 20, checked


# ----------------------------------------------------------------- in both principalities


def shared_theater(characters: bool = False):
    """Three players; seat 0 builds a Theater with seat 1 for nothing. Seat 1 holds the Poet (who
    prefers the Theater)."""
    game, st = coop_game(3, characters=characters)
    clear_hand(game, st, 1)
    give_profession(game, st, 1, "Poet")
    turn(game, st, 0)
    propose(game, st, "Theater", "right", first_legal_place("Theater", Board(0), Board(0)), 0)
    act(game, st, "coop_accept")
    return game, st


def test_a_shared_building_counts_in_both_principalities_for_all_purposes():
    """Rulebook:

    "In this expansion, players build Buildings which are for shared use."
    "A cooperative Building counts as being in both players' Principalitys for all purposes."
    "It may be used by either player just as if they had built the Building alone in their Principality."
    """
    game, st = shared_theater()
    # the same principalities with the Theater built alone by both
    alone_game, alone = coop_game(3)
    clear_hand(alone_game, alone, 1)
    give_profession(alone_game, alone, 1, "Poet")
    put_at(alone_game, alone, 0, "Theater", [(0, 2), (0, 3), (1, 3), (1, 4), (1, 5)])
    put_at(alone_game, alone, 1, "Theater", [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)])
    T, empty = game.T, FEATURE["empty"]
    assert int(st.supply_buildings[0, 7]) == T.buildings_per_type - 1  # one tile for both
    bonus = T.bonus_coef[:, empty] == 0  # the Bonus cards that do not count empty spaces
    for p in (0, 1):
        seat = np.array([p])
        shared, own = game.features(st, G0, seat)[0], alone_game.features(alone, G0, seat)[0]
        assert np.delete(shared, empty).tolist() == np.delete(own, empty).tolist()
        assert shared[FEATURE["buildings"]] == 1 and shared[FEATURE["medium"]] == 1
        assert (game.bonus_values(st, G0, seat)[0][bonus] == alone_game.bonus_values(alone, G0, seat)[0][bonus]).all()
    on_empty = np.array([f == empty for f in T.prestige_feature]) | (T.prestige_need[:, empty] > 0)
    shared_prestige = game.prestige_points(st, G0)[0][:, ~on_empty]
    assert (shared_prestige == alone_game.prestige_points(alone, G0)[0][:, ~on_empty]).all()
    assert shared_prestige[0].tolist() == shared_prestige[1].tolist()  # seats 0 and 1 tie on buildings
    # the partner's Poet is worth 4 more for the Theater in his principality
    assert work_value(game, st, 1, "Poet") == work_value(alone_game, alone, 1, "Poet")
    plain_game, plain = coop_game(3)
    clear_hand(plain_game, plain, 1)
    give_profession(plain_game, plain, 1, "Poet")
    assert work_value(game, st, 1, "Poet") == work_value(plain_game, plain, 1, "Poet") + PREFERRED
    # the empty spaces stay each player's own board's: the Theater covers some squares of each
    lost = [plain_game.features(plain, G0, G0 + p)[0, empty] - game.features(st, G0, G0 + p)[0, empty] for p in (0, 1)]
    assert sum(lost) == 5 and min(lost) >= 1


def test_neither_principality_may_already_have_that_building():
    """Rulebook:

    "Neither Principality may already have that Building built in it (either built alone or cooperatively)."
    "If the Building you want to build is not available in the supply, you may not build it."
    "You may build each Building only once in your Principality."
    """
    game, st = shared_theater()
    names = legal_names(game, st)
    assert coop_build_name(game, "Theater") not in names and "build_Theater" not in names  # seat 0 shares one
    turn(game, st, 1)
    assert coop_build_name(game, "Theater") not in legal_names(game, st)  # so does seat 1
    turn(game, st, 2)
    names = legal_names(game, st)
    assert coop_build_name(game, "Theater") not in names and "build_Theater" in names  # both neighbours have it
    game, st = coop_game(4)
    put_at(game, st, 1, "Tower", [(0, 3), (1, 3), (2, 3)])  # seat 0's right neighbour has a Tower alone
    turn(game, st, 0)
    act(game, st, coop_build_name(game, "Tower"))
    assert int(st.phase[0]) == COOP_PLACE and int(st.prop_partner[0]) == 3  # only the left side is open
    # cooperatively: seats 2 and 3 share a Chapel; seat 0 may share one only with seat 1
    game, st = coop_game(4)
    turn(game, st, 2)
    propose(game, st, "Chapel", "right", first_legal_place("Chapel", Board(0), Board(0)), 0)
    act(game, st, "coop_accept")
    turn(game, st, 0)
    act(game, st, coop_build_name(game, "Chapel"))
    assert int(st.phase[0]) == COOP_PLACE and int(st.prop_partner[0]) == 1
    # the supply: the last Chapel gone, nobody proposes one
    game, st = coop_game(4)
    for p in (1, 2, 3):
        put_at(game, st, p, "Chapel", [(0, 3), (0, 4), (1, 3)])
    turn(game, st, 0)
    assert int(st.supply_buildings[0, 9]) == 0
    assert coop_build_name(game, "Chapel") not in legal_names(game, st)
    assert coop_build_name(game, "Tower") in legal_names(game, st)


# ----------------------------------------------------------------- the options


def test_with_or_without_the_character_cards():
    """Rulebook:

    "This expansion may be played with or without the Character cards (see 'The Muse and the Princess Expansion')."
    "Note: It is not possible to use the expansions when playing the solo game."
    """
    for characters in (False, True):
        game, st = coop_game(3, characters=characters)
        set_money(st, 1, 2, fame=10)
        turn(game, st, 0)
        act(game, st, coop_build_name(game, "Chapel"))
        act(game, st, "coop_right")
        act(game, st, place_name(first_legal_place("Chapel", Board(0), Board(0))))
        # the partner's purse: with the characters no fame is sold for money
        purse = 2 if characters else 12
        assert legal_prices(game, st) == {v for v in LADDER if v <= purse}
        princess = game.princess_value(st, G0, np.array([1]))[0]
        act(game, st, price_name(2))
        act(game, st, "coop_accept")
        assert st.built[0, 1, 9] and int(st.money[0, 1]) == 0
        assert game.princess_value(st, G0, np.array([1]))[0] == princess + game.T.princess[1]  # counted for him
    with pytest.raises(ValueError, match="cooperative"):
        Princes(num_players=1, solo=True, cooperative=True)
    with pytest.raises(ValueError, match="cooperative"):
        Princes(num_players=3, cooperative="yes")


# ----------------------------------------------------------------- through the reference


class CoopTwin(Twin):
    """:class:`princes_scenarios.Twin` with ``cooperative=True``: the engine and the scalar
    reference (``PrincesCoopReference``) stepped together, compared after every action."""

    def __init__(self, num_players: int, **options):
        self.game, self.st = coop_game(num_players, **options)
        self.ref = PrincesCoopReference(num_players, seed_with_start(num_players, 0), **options)
        while self.ref.phase == REF_SETUP_DISCARD:
            self.ref.step(int(np.flatnonzero(self.ref.legal_action_mask())[0]))
        self.steps = 0
        self.check()


@pytest.mark.parametrize("characters", [False, True])
def test_a_declined_and_an_accepted_proposal_through_the_reference(characters):
    """Rulebook (the engine and the reference agree at every step, the auction included):

    "If you do not come to an agreement, either try to negotiate the building of another cooperative Building, Build a Building alone, or choose a different action."
    "If you come to an agreement with one of your neighbors, you may build the Building following the Cooperative Building Rules."
    "The cooperating player pays you the agreed amount of Florin."
    "Each cooperating player earns 3 for Building a Building."
    """
    twin = CoopTwin(3, characters=characters)
    st = twin.st
    while int(st.phase[0]) != PH_ACTION:  # nobody buys anything
        twin.act("withdraw" if int(st.phase[0]) == PH_AUCTION_CHOOSE else "pass")
    builder = int(st.current_player[0])
    twin.act(coop_build_name(twin.game, "Tower"))
    twin.act("coop_right")
    twin.act(place_name(first_legal_place("Tower", Board(0), Board(0))))
    twin.act(price_name(10))
    twin.act("coop_decline")
    money, fame = st.money[0].copy(), st.fame[0].copy()
    twin.act(coop_build_name(twin.game, "Chapel"))  # another building, to the other neighbour
    twin.act("coop_left")
    twin.act(place_name(first_legal_place("Chapel", Board(0), Board(0))))
    twin.act(price_name(4))
    partner = int(st.current_player[0])
    assert partner == (builder - 1) % 3
    twin.act("coop_accept")
    assert int(st.money[0, partner]) == money[partner] - 4 and int(st.money[0, builder]) == money[builder] + 4 - 7
    assert int(st.fame[0, partner]) == fame[partner] + 3 and int(st.fame[0, builder]) == fame[builder] + 3
    twin.act("build_Tower")  # and one alone: 0 Builders, away from both borders
    twin.place_first()
    assert twin.steps > 10 and st.built[0, builder, 8]
