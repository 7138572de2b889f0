"""Rulebook scenario tests for The Princes of Florence (batched engine), part 4: "Build a
Building" and "Placing a Building or Landscape" (rules 1-6 and the picture of violations), with
the rules overview's lines on building.

Conventions as in part 1 (``test_princes_rules_auction.py``). Placement legality is checked
against sets of grid cells computed here, not against the engine's halo tables alone.
"""

from __future__ import annotations

import numpy as np
from princes_rules_text import quote_meta_test
from princes_scenarios import (
    act,
    build,
    clear_hand,
    furnish,
    give_profession,
    landscape,
    legal_names,
    new_game,
    place_first,
    start_turn,
)

from florentine_envs.games.princes.constants import NUM_BUILDINGS, PH_PLACE
from florentine_envs.games.princes.geometry import parse_shape
from florentine_envs.testing import play_random

G0 = np.array([0])
BUILD_COST = {0: 7, 1: 3, 2: 3, 3: 0}  # "700 Florin", "300 Florin", "pay nothing"
BUILDING_POINTS = 3  # "It immediately earns you 3"
PREFERRED = 4  # "It adds 4 to the Work Value"
SIZES = {"large": (3, 7), "medium": (5, 5), "small": (2, 3)}  # how many, empty spaces each
ROWS = COLS = 7

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def cells(mask) -> set[tuple[int, int]]:
    m = int(mask)
    return {(i // COLS, i % COLS) for i in range(ROWS * COLS) if m >> i & 1}


def sides(cs: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The grid cells orthogonally next to ``cs`` and not in it."""
    out = {(r + dr, c + dc) for r, c in cs for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    return {(r, c) for r, c in out if 0 <= r < ROWS and 0 <= c < COLS} - cs


def corners(cs: set[tuple[int, int]]) -> set[tuple[int, int]]:
    out = {(r + dr, c + dc) for r, c in cs for dr in (-1, 1) for dc in (-1, 1)}
    return out - cs - sides(cs)


def legal_cells(game, st) -> list[set[tuple[int, int]]]:
    """The cell sets of the legal placements of the pending piece."""
    piece = int(st.piece[0])
    legal = np.flatnonzero(st.legal_action_mask[0, game.a_place : game.a_fame])
    return [cells(game.T.squares[piece, j]) for j in legal]


def shapes_in_grid(rows: list[str]) -> set[frozenset]:
    """Every placement of a shape inside the grid: turned, mirrored (the other side up), shifted."""
    base = parse_shape(rows)
    out = set()
    for mirror in (False, True):
        pts = [(r, -c if mirror else c) for r, c in base]
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            r0, c0 = min(r for r, _ in pts), min(c for _, c in pts)
            norm = [(r - r0, c - c0) for r, c in pts]
            h, w = max(r for r, _ in norm) + 1, max(c for _, c in norm) + 1
            for ar in range(ROWS - h + 1):
                for ac in range(COLS - w + 1):
                    out.add(frozenset((r + ar, c + ac) for r, c in norm))
    return out


def building_turn(num_players=3, builders=0, round_index=0):
    game, st = new_game(num_players, start=0)
    furnish(game, st, 0, builders=builders)
    start_turn(game, st, 0, round_index=round_index)
    return game, st


def test_build_cost_by_builders():
    """Rulebook:

    "You must pay 700 Florin to build a Building regardless of its size."
    "If you have 1 or 2 Builders in your Principality, you pay only 300 Florin to build a Building."
    "If you have 3 Builders in your Principality, you pay nothing to build a Building (see 'Builder' on page 5)."
    "Cost: 700, 300, or 0, depending on Builders."
    """
    for builders, cost in BUILD_COST.items():
        for name in ("University", "Opera", "Chapel"):  # large, medium, small: the same price
            game, st = building_turn(builders=builders)
            money = int(st.money[0, 0])
            act(game, st, f"build_{name}")
            assert money - int(st.money[0, 0]) == cost and int(st.money_out[0]) == cost


def test_building_sizes():
    """Rulebook:

    "There are:"
    "3 large Buildings, each requiring 7 empty spaces:"
    "5 medium Buildings, each requiring 5 empty spaces:"
    "2 small Buildings, each requiring 3 empty spaces:"
    """
    game = new_game(3)[0]
    T = game.T
    for k, (count, area) in enumerate(SIZES.values()):
        of_size = np.flatnonzero(T.building_size == k)
        assert of_size.size == count and (T.piece_area[of_size] == area).all()
    assert T.building_size.size == NUM_BUILDINGS == 10


def test_a_building_is_paid_taken_placed_at_once_and_scores():
    """Rulebook:

    "When you build a Building, pay the building cost to the Bank, take the Building from the supply, and immediately place the Building in your Principality."
    "Building a Building helps you in two ways:"
    "It immediately earns you 3 ."
    "It adds 4 to the Work Value of a Work you complete if the artist or scholar prefers to work in this Building (see 'Complete a Work' on page 5)."
    "You build Buildings in your Principality to enhance your Prestige and to increase the of your completed Works."
    "Place on your Player board."
    "Earn 3 ."
    """
    game, st = building_turn()
    clear_hand(game, st, 0)
    poet = give_profession(game, st, 0, "Poet")  # prefers the Theater
    doctor = give_profession(game, st, 0, "Doctor")  # the Hospital
    value = lambda x: int(game.work_base(st, G0, G0, np.array([x]))[0])  # noqa: E731
    before = value(poet), value(doctor)
    supply, fame = int(st.supply_buildings[0, 7]), int(st.fame[0, 0])
    act(game, st, "build_Theater")
    assert st.phase[0] == PH_PLACE and int(st.piece[0]) == 7  # placed at once, nothing else first
    assert all(n.startswith("place_") for n in legal_names(game, st))
    place_first(game, st)
    assert int(st.supply_buildings[0, 7]) == supply - 1 and st.built[0, 0, 7]
    assert int(st.fame[0, 0]) == fame + BUILDING_POINTS
    assert (value(poet), value(doctor)) == (before[0] + PREFERRED, before[1])


def test_a_building_out_of_supply_cannot_be_built():
    """Rulebook:

    "If the Building you want to build is not available in the supply, you may not build it."
    """
    game, st = new_game(4, start=0)
    for seat in (1, 2, 3):
        build(game, st, seat, "Tower")
    start_turn(game, st, 0, round_index=0)
    assert int(st.supply_buildings[0, 8]) == 0
    assert "build_Tower" not in legal_names(game, st) and "build_Chapel" in legal_names(game, st)


def test_pieces_lie_within_the_grid_in_any_orientation_either_side_up():
    """Rulebook:

    "You may place a Building or a Landscape wherever you choose in your Principality as long as you follow these rules:"
    "You may place a Building or a Landscape in any orientation on the grid, but must place it completely within the grid."
    "As the pieces have two sides, you may place them either side up."
    "1 Violates rule 1: Not within grid"
    """
    game, st = new_game(3, start=0)
    T = game.T
    shapes = game.data["buildings"]["shapes"]
    for name in ("University", "Studio", "Theater"):  # pieces whose mirror image differs
        b = T.building_names.index(name)
        expected = shapes_in_grid(shapes[name])
        tables = {frozenset(cells(m)) for m in T.squares[b] if m}
        assert tables == expected  # every turned / flipped placement in the grid, none outside
        probe = st.copy()
        furnish(game, probe, 0, builders=2)  # adjacency aside: only the Palazzo's cells are taken
        start_turn(game, probe, 0, round_index=0)
        act(game, probe, f"build_{name}")
        palazzo = cells(T.palazzo)
        assert {frozenset(c) for c in legal_cells(game, probe)} == {s for s in expected if not s & palazzo}


def test_pieces_never_overlap():
    """Rulebook:

    "You may not place a Building or a Landscape so that it overlaps, even partially, another Building or Landscape."
    "2 Violates rule 2: Overlaps another Building or Landscape"
    """
    game, st = building_turn(builders=2)
    landscape(game, st, 0, "Forest")
    build(game, st, 0, "Opera")
    taken = cells(st.occupied[0, 0])
    for order in ("build_University", "build_Chapel"):
        probe = st.copy()
        act(game, probe, order)
        assert all(not c & taken for c in legal_cells(game, probe))
    game._start_place(st, G0, NUM_BUILDINGS + 2, 1)  # a Park
    game._refresh_mask(st, G0)
    assert all(not c & taken for c in legal_cells(game, st)) and legal_cells(game, st)


def test_buildings_touch_buildings_only_at_corners_until_two_builders():
    """Rulebook:

    "You may not place a Building directly adjacent to another Building."
    "Buildings may touch, at most, at their corners."
    "This rule also applies to your Palazzo (the pre-printed Building on your Principality board)."
    "Exception: If you have 2 or 3 Builders in your Principality, you may build a Building directly adjacent to another Building (including your Palazzo)."
    "3 Violates rule 3: Adjacent to another Building or your Palazzo (assuming you do not have 2 or 3 Builders)"
    "Edge can't be adjacent to Palazzo or other Building until have 2nd Builder."
    """
    for builders in (0, 1, 2, 3):
        game, st = building_turn(builders=builders)
        build(game, st, 0, "Tower")
        buildings = cells(st.blocked[0, 0])  # the Palazzo and the Tower
        act(game, st, "build_Chapel")
        legal = legal_cells(game, st)
        beside = [c for c in legal if sides(c) & buildings]
        at_corner = [c for c in legal if corners(c) & buildings and not sides(c) & buildings]
        assert at_corner  # touching at a corner is always allowed
        if builders < 2:
            assert not beside
        else:
            assert beside and any(sides(c) & cells(game.T.palazzo) for c in beside)


def test_landscapes_and_buildings_may_touch():
    """Rulebook:

    "You may place a Building directly adjacent to any number of Landscapes."
    "You may place a Landscape directly adjacent to any number of Buildings and / or Landscapes."
    """
    game, st = building_turn()
    landscape(game, st, 0, "Forest")
    landscape(game, st, 0, "Lake")
    lands = cells(st.occupied[0, 0] & ~st.blocked[0, 0])
    act(game, st, "build_Chapel")
    assert any(sides(c) & lands for c in legal_cells(game, st))
    game, st = building_turn()
    build(game, st, 0, "Tower")
    landscape(game, st, 0, "Lake")
    taken = cells(st.occupied[0, 0])
    game._start_place(st, G0, NUM_BUILDINGS, 1)  # a Forest
    game._refresh_mask(st, G0)
    legal = {frozenset(c) for c in legal_cells(game, st)}
    forests = {frozenset(cells(m)) for m in game.T.squares[NUM_BUILDINGS] if m}
    assert legal == {s for s in forests if not s & taken}  # next to the Palazzo, Tower and Lake too


def test_each_building_once_per_principality():
    """Rulebook:

    "You may build each Building only once in your Principality."
    "5 Violates rule 5: Two of the same Building (the second Tower could not be placed)"
    "May build each Building once in each Principality."
    """
    game, st = building_turn(builders=3)
    act(game, st, "build_Tower")
    place_first(game, st)
    assert "build_Tower" not in legal_names(game, st) and "build_Chapel" in legal_names(game, st)
    assert int(st.supply_buildings[0, 8]) == 2  # Towers are left, for the others
    start_turn(game, st, 1, round_index=0)
    assert "build_Tower" in legal_names(game, st)


def test_placed_pieces_never_move():
    """Rulebook:

    "Once a Building or a Landscape is placed in a Principality, you may not move or remove it."
    "May not move or demolish a Building."
    """
    game = new_game(3)[0]
    seen = {}

    def on_step(state, t):
        if "cells" in seen:
            assert ((seen["cells"] & ~state.piece_cells) == 0).all()  # every piece's cells stay
        seen["cells"] = state.piece_cells.copy()

    final, _ = play_random(game, np.arange(4), np.random.default_rng(3), on_step=on_step)
    assert (final.built.sum((1, 2)) + final.landscapes.sum((1, 2)) > 0).all()
    assert final.terminated.all()
