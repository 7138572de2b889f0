"""The reconstructed shared building board of the cooperative expansion (princes_coop.json) is a
layout on which every cooperative rule can be played, and SPEC.md section COOP's numbers are its numbers.

A geometry prototype: it reads the two data files as plain JSON (the layout, and the piece
shapes and costs of princes_data.json) and re-derives everything from SPEC.md section COOP's
definitions; it imports no engine code, so the engine and the reference that implement the
contract next can be checked against the same numbers.

Rulebook sentences checked (shared/rules/princes_of_florence.txt, COOPERATIVE BUILDING
EXPANSION): "each player has two neighbors who are potential building partners" (except with 2
players); "at least one square of the Building must be in each of the cooperating players'
Principalities"; "The number of Builders in each Principality determine whether the Building may
be adjacent to another Building in that Principality"; the Workshop example; "Additional rule for
building alone".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "florentine_envs" / "games" / "princes"
COOP = json.loads((PACKAGE / "princes_coop.json").read_text())
BASE = json.loads((PACKAGE / "princes_data.json").read_text())
SPEC_TEXT = (PACKAGE / "SPEC.md").read_text().split("## COOP.", 1)[1]

ROWS, COLS = COOP["b_side"]["rows"], COOP["b_side"]["cols"]
LEFT_COL, RIGHT_COL = COOP["b_side"]["left_border_column"], COOP["b_side"]["right_border_column"]
PALAZZO = frozenset(map(tuple, COOP["b_side"]["palazzo"]))
BUILDINGS = BASE["buildings"]["names"]
BUILD_COST = BASE["prices"]["build_by_builders"]  # by number of Builders 0..3
PLAYER_COUNTS = range(2, 6)  # "COOPERATIVE BUILDING EXPANSION for 2–5 players"


# --- SPEC P orientations and SPEC COOP's frame table, as sets of (row, col) squares ---


def parse_shape(rows: list[str]) -> list[tuple[int, int]]:
    return [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]


def orient(cells, k: int) -> tuple[tuple[int, int], ...]:
    """SPEC P: mirror when k >= 4, k % 4 quarter turns clockwise, shifted to (0, 0)."""
    out = [(r, -c) if k >= 4 else (r, c) for r, c in cells]
    for _ in range(k % 4):
        out = [(c, -r) for r, c in out]
    r0, c0 = min(r for r, _ in out), min(c for _, c in out)
    return tuple(sorted((r - r0, c - c0) for r, c in out))


SHAPES = {name: parse_shape(BASE["buildings"]["shapes"][name]) for name in BUILDINGS}


def placements(cells, rows: int, cols: int) -> dict[int, frozenset]:
    """Index ``k * rows * cols + cols * ar + ac`` -> squares, for every non-duplicate orientation
    and anchor inside a rows x cols grid (SPEC P on the board, SPEC COOP CP2 on a frame)."""
    first_k = {}  # each distinct oriented shape -> the smallest k giving it (the others duplicate it)
    for k in range(8):
        first_k.setdefault(orient(cells, k), k)
    return {
        k * rows * cols + cols * ar + ac: frozenset((r + ar, c + ac) for r, c in shape)
        for shape, k in first_k.items()
        for ar in range(rows - max(r for r, _ in shape))
        for ac in range(cols - max(c for _, c in shape))
    }


def frame_placements(cells) -> dict[int, frozenset]:
    """SPEC COOP CP2: the frame placements with at least one square on each board."""
    return {
        j: sq
        for j, sq in placements(cells, ROWS, 2 * COLS).items()
        if any(c < COLS for _, c in sq) and any(c >= COLS for _, c in sq)
    }


def halo(squares, rows: int, cols: int) -> frozenset:
    return frozenset(
        nb
        for r, c in squares
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
        if 0 <= nb[0] < rows and 0 <= nb[1] < cols and nb not in squares
    )


def split(frame_cells) -> tuple[frozenset, frozenset]:
    """Frame cells -> (cells of the left board, cells of the right board) in board coordinates."""
    left = frozenset((r, c) for r, c in frame_cells if c < COLS)
    right = frozenset((r, c - COLS) for r, c in frame_cells if c >= COLS)
    return left, right


class Board:
    """One principality's B side: what SPEC COOP calls occupied, blocked and shared cells."""

    def __init__(self, builders: int, buildings=(), landscapes=()):
        self.builders = builders
        self.blocked = set(PALAZZO)  # Palazzo + every building square on this board
        self.occupied = set(PALAZZO)  # + every landscape square
        self.shared_left: set = set()  # squares here of buildings shared with the left neighbour
        self.shared_right: set = set()  # ... with the right neighbour
        for cells in buildings:
            self.blocked |= set(map(tuple, cells))
            self.occupied |= set(map(tuple, cells))
        for cells in landscapes:
            self.occupied |= set(map(tuple, cells))


def coop_legal(frame_cells, left: Board, right: Board) -> bool:
    """SPEC COOP CP3: a cooperative placement on the frame (left board, right board): no overlap on
    either board, and each principality with fewer than 2 Builders touches none of its buildings
    (its own squares on its board, and the squares on the other board of buildings the two share)."""
    sq_l, sq_r = split(frame_cells)
    halo_l, halo_r = split(halo(frame_cells, ROWS, 2 * COLS))
    if sq_l & left.occupied or sq_r & right.occupied:
        return False
    if left.builders < 2 and (halo_l & left.blocked or halo_r & right.shared_left):
        return False
    if right.builders < 2 and (halo_r & right.blocked or halo_l & left.shared_right):
        return False
    return True


def alone_legal(squares, board: Board, left_nb: Board | None, right_nb: Board | None) -> bool:
    """SPEC P rules 1-4 on the own board plus SPEC COOP CP4, the additional rule for building alone."""
    if squares & board.occupied:
        return False
    if board.builders < 2 and halo(squares, ROWS, COLS) & board.blocked:
        return False
    for neighbour, own_col, their_col in ((right_nb, RIGHT_COL, LEFT_COL), (left_nb, LEFT_COL, RIGHT_COL)):
        across = {(r, their_col) for r, c in squares if c == own_col}
        if neighbour is None or not across or board.builders >= 2:
            continue
        if board.builders == 0 or across & neighbour.occupied:
            return False
    return True


def neighbours(num_players: int) -> dict[int, tuple[int | None, int | None]]:
    """seat -> (left neighbour, right neighbour) from the layout's borders."""
    out: dict[int, list] = {p: [None, None] for p in range(num_players)}
    for left_seat, right_seat in COOP["layouts"][str(num_players)]["borders"]:
        assert out[left_seat][1] is None and out[right_seat][0] is None, "one border per edge"
        out[left_seat][1], out[right_seat][0] = right_seat, left_seat
    return {p: tuple(nb) for p, nb in out.items()}


def spec_table(marker: str) -> dict[str, list[str]]:
    """The rows of the markdown table that follows the line containing ``marker`` in SPEC COOP."""
    lines = SPEC_TEXT[SPEC_TEXT.index(marker) :].splitlines()[1:]
    rows = {}
    for line in lines:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if cells[0] in BUILDINGS:
            rows[cells[0]] = cells[1:]
    return rows


# --- the layout ---


def test_there_is_a_layout_for_each_player_count_of_the_expansion():
    assert sorted(int(key) for key in COOP["layouts"] if key.isdigit()) == list(PLAYER_COUNTS)


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_every_seat_borders_exactly_the_seats_beside_it(num_players):
    nb = neighbours(num_players)
    borders = COOP["layouts"][str(num_players)]["borders"]
    if num_players == 2:
        # "two players share one border": one border, seat 0's right edge against seat 1's left
        assert borders == [[0, 1]]
        assert nb == {0: (None, 1), 1: (0, None)}
    else:
        # "each player has two neighbors": a ring in seat order, the next seat on the right
        assert len(borders) == num_players
        for p in range(num_players):
            assert nb[p] == ((p - 1) % num_players, (p + 1) % num_players)
    assert len(COOP["layouts"][str(num_players)]["drawing_origin"]) == num_players


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_border_cells_pair_the_right_column_with_the_left_column(num_players):
    for left_seat, right_seat in COOP["layouts"][str(num_players)]["borders"]:
        left_cells = [(r, RIGHT_COL) for r in range(ROWS)]
        right_cells = [(r, LEFT_COL) for r in range(ROWS)]
        # in the border's frame the paired cells are orthogonal neighbours, and nothing else is
        touching = {
            (a, b)
            for a in left_cells
            for b in right_cells
            if abs(a[0] - b[0]) + abs(a[1] - (b[1] + COLS)) == 1
        }
        assert touching == {((r, RIGHT_COL), (r, LEFT_COL)) for r in range(ROWS)}
        assert len(touching) == ROWS == 7 and left_seat != right_seat


def test_the_b_side_palazzo_keeps_43_squares_and_both_borders_free():
    assert len(PALAZZO) == 6 and ROWS * COLS - len(PALAZZO) == 43
    rows = {r for r, _ in PALAZZO}
    cols = {c for _, c in PALAZZO}
    assert len(rows) == 2 and len(cols) == 3  # 3 wide, 2 high, as on the A side
    # no border cell is next to or under the Palazzo, and the board is mirror-symmetric
    assert all(1 < c < COLS - 2 for c in cols)
    assert PALAZZO == {(r, COLS - 1 - c) for r, c in PALAZZO}


# --- pieces spanning a border ---


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
@pytest.mark.parametrize("building", BUILDINGS)
def test_every_building_can_span_every_border(num_players, building):
    table = frame_placements(SHAPES[building])
    for _ in COOP["layouts"][str(num_players)]["borders"]:
        left, right = Board(builders=0), Board(builders=0)
        legal = [j for j, sq in table.items() if coop_legal(sq, left, right)]
        assert legal, f"{building} cannot span a border of an empty pair of B sides"


def test_cross_border_counts_are_the_ones_coop_spec_states():
    rows = spec_table("<!-- coop-counts -->")
    assert set(rows) == set(BUILDINGS)
    for building in BUILDINGS:
        table = frame_placements(SHAPES[building])
        pal_frame = PALAZZO | {(r, c + COLS) for r, c in PALAZZO}
        off_palazzo = [sq for sq in table.values() if not sq & pal_frame]
        legal_empty = [sq for sq in table.values() if coop_legal(sq, Board(0), Board(0))]
        by_left_squares = [0] * 7
        for sq in table.values():
            by_left_squares[len(split(sq)[0])] += 1
        squares, spanning, free, legal, by_split = rows[building]
        assert int(squares) == len(SHAPES[building])
        assert (int(spanning), int(free), int(legal)) == (len(table), len(off_palazzo), len(legal_empty))
        assert by_split == " / ".join(map(str, by_left_squares[1:])), building


def test_alone_counts_are_the_ones_coop_spec_states():
    rows = spec_table("<!-- alone-counts -->")
    assert set(rows) == set(BUILDINGS)
    for building in BUILDINGS:
        table = placements(SHAPES[building], ROWS, COLS)
        legal = [sq for sq in table.values() if alone_legal(sq, Board(0), None, None)]
        left = [sq for sq in legal if any(c == LEFT_COL for _, c in sq)]
        right = [sq for sq in legal if any(c == RIGHT_COL for _, c in sq)]
        inner = [sq for sq in legal if sq not in left and sq not in right]
        assert [int(x) for x in rows[building]] == [len(legal), len(inner), len(left), len(right)]
        # with two neighbours and no Builder only the inner placements are legal (CP4)
        nb = Board(0)
        assert len([sq for sq in table.values() if alone_legal(sq, Board(0), nb, nb)]) == len(inner)


def test_shared_buildings_stay_within_three_columns_of_their_border():
    """C4: a shared building never covers or touches a third principality, and the buildings a board
    shares with its two neighbours never touch each other (shapes span at most 4 squares)."""
    for building in BUILDINGS:
        for sq in frame_placements(SHAPES[building]).values():
            left, right = split(sq)
            assert min(c for _, c in left) >= COLS - 3 and max(c for _, c in right) <= 2
            # its halo stays inside the frame's two boards, away from their outer columns
            assert all(0 < c < 2 * COLS - 1 for _, c in halo(sq, ROWS, 2 * COLS))


def test_touching_a_shared_building_needs_two_builders_on_both_sides():
    """C5: a cooperative building is in both principalities "for all purposes", so a new one next to
    it must satisfy both partners' Builders, whichever board the touching squares lie on."""
    shared = frozenset({(2, 6), (2, 7), (3, 6)})  # a Chapel across the border, frame cells
    on_left, on_right = split(shared)
    tower = frozenset({(4, 5), (4, 6), (4, 7)})  # touches the Chapel's square (3, 6) on the left board only
    assert halo(tower, ROWS, 2 * COLS) & frozenset({(3, 6)}) and not tower & shared

    def pair(left_builders: int, right_builders: int) -> tuple[Board, Board]:
        left, right = Board(left_builders, [on_left]), Board(right_builders, [on_right])
        left.shared_right, right.shared_left = set(on_left), set(on_right)
        return left, right

    assert not coop_legal(tower, *pair(3, 1))  # the right principality has the Chapel too
    assert not coop_legal(tower, *pair(1, 3))
    assert coop_legal(tower, *pair(2, 2))
    # were the Chapel the left player's alone, only his Builders would matter
    left, right = pair(1, 1)
    left.shared_right, right.shared_left = set(), set()
    assert not coop_legal(tower, left, Board(1)) and coop_legal(tower, Board(2, [on_left]), Board(1))


# --- the rulebook's Workshop example ---

EXAMPLE = COOP["examples"]["workshop"]


def example_boards(leon_builders: int | None = None, alexandra_builders: int | None = None):
    a, b = EXAMPLE["alexandra"], EXAMPLE["leon"]
    alexandra = Board(a["builders"] if alexandra_builders is None else alexandra_builders, a["buildings"].values())
    leon = Board(b["builders"] if leon_builders is None else leon_builders, b["buildings"].values())
    return alexandra, leon


def frame_cells_of(index: int, building: str) -> frozenset:
    return frame_placements(SHAPES[building])[index]


def test_workshop_example_positions_are_reachable():
    alexandra, leon = example_boards()
    assert EXAMPLE["side"] == "right" and neighbours(EXAMPLE["num_players"])[0] == (None, 1)
    for board, player in ((alexandra, "alexandra"), (leon, "leon")):
        for name, cells in EXAMPLE[player]["buildings"].items():
            squares = frozenset(map(tuple, cells))
            assert sorted(squares) in [sorted(sq) for sq in placements(SHAPES[name], ROWS, COLS).values()]
            # each was legal to build alone with the Builders the player has now
            rest = Board(board.builders, [c for n, c in EXAMPLE[player]["buildings"].items() if n != name])
            assert alone_legal(squares, rest, None, None), (player, name)


def test_workshop_next_to_alexandras_building_is_legal():
    alexandra, leon = example_boards()
    placed = EXAMPLE["legal_placement"]
    squares = frame_cells_of(placed["frame_index"], EXAMPLE["building"])
    assert squares == frozenset(map(tuple, placed["frame_cells"]))
    assert coop_legal(squares, alexandra, leon)
    # it does touch her Tower: only her 3 Builders allow that
    assert halo(squares, ROWS, 2 * COLS) & frozenset(map(tuple, EXAMPLE["alexandra"]["buildings"]["Tower"]))
    assert not coop_legal(squares, *example_boards(alexandra_builders=1))


def test_workshop_next_to_leons_building_is_illegal_with_his_one_builder():
    placed = EXAMPLE["illegal_placement"]
    squares = frame_cells_of(placed["frame_index"], EXAMPLE["building"])
    assert squares == frozenset(map(tuple, placed["frame_cells"]))
    assert not coop_legal(squares, *example_boards())
    assert coop_legal(squares, *example_boards(leon_builders=2))


def test_workshop_example_payments():
    a, b, after = EXAMPLE["alexandra"], EXAMPLE["leon"], EXAMPLE["after"]
    price, cost = EXAMPLE["price"], BUILD_COST[a["builders"]]
    assert price in COOP["negotiation"]["price_ladder"] and price == 5 and cost == 0
    fame = BASE["scoring"]["building"]
    assert after["alexandra"] == {"money": a["money"] + price - cost, "fame": a["fame"] + fame}
    assert after["leon"] == {"money": b["money"] - price, "fame": b["fame"] + fame}
    assert after["bank_receives"] == cost


# --- the additional rule for building alone, at the example's border ---


def test_building_alone_at_a_border_depends_on_builders_and_the_neighbours_cells():
    alexandra, _ = example_boards()
    workshop_left, _ = split(frame_cells_of(EXAMPLE["legal_placement"]["frame_index"], EXAMPLE["building"]))
    alexandra_after = Board(3, [*EXAMPLE["alexandra"]["buildings"].values(), workshop_left])
    tower = frozenset({(0, 0), (1, 0), (2, 0)})  # Leon's left column, across from her (0..2, 6)
    leon = {n: Board(n, EXAMPLE["leon"]["buildings"].values()) for n in range(4)}
    assert not alone_legal(tower, leon[0], alexandra, None)  # 0 Builders: never at a border
    assert alone_legal(tower, leon[1], alexandra, None)  # 1 Builder: her adjacent cells are empty
    assert not alone_legal(tower, leon[1], alexandra_after, None)  # ... but not next to her Workshop
    assert alone_legal(tower, leon[2], alexandra_after, None)  # 2 or more Builders: always
    # a Landscape in the neighbour's adjacent cell also forbids it with 1 Builder
    park = Board(3, landscapes=[[(1, 6), (2, 6)]])
    assert not alone_legal(tower, leon[1], park, None)
    # the outer edge of a 2-player board has no neighbour: no restriction there
    assert alone_legal(frozenset({(4, 6), (5, 6), (6, 6)}), leon[0], alexandra, None)


# --- the negotiation data ---


def test_price_ladder_and_proposal_bound():
    ladder = COOP["negotiation"]["price_ladder"]
    assert ladder[0] == 0 and all(a < b for a, b in zip(ladder, ladder[1:]))
    assert ladder[-1] > max(BUILD_COST)  # "can also be more than the cost of the Building"
    assert COOP["negotiation"]["proposals_per_action"] >= 2  # room to try the other neighbour
    # the action count SPEC COOP states for the packaged data
    match = re.search(r"packaged data: (\d+) cooperative action ids", SPEC_TEXT)
    assert match and int(match.group(1)) == len(BUILDINGS) + 2 + len(ladder) + 2 + 8 * ROWS * 2 * COLS
