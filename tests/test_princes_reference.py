"""Tests of the scalar Princes of Florence reference on its own (no batched engine).

Set-up counts, the rulebook's own examples (``shared/rules/princes_of_florence.txt``; each test
quotes the sentence it checks) and random games played to the end with every conservation law
checked after every step.
"""

import numpy as np
import pytest

from florentine_envs.games.princes.reference import PrincesReference
from florentine_envs.games.princes.reference.observation import obs_offsets
from florentine_envs.games.princes.reference.tables import (
    ACTION,
    AUCTION_BID,
    AUCTION_CHOOSE,
    BANKER,
    BONUS,
    BUILD,
    CARDINAL,
    CARDINAL_ACTION,
    CHAR_AUCTION,
    CHAR_BID,
    CHAR_USE,
    CTX_END,
    CTX_WIN,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSION,
    END_TURN,
    FREEDOM,
    GAME_OVER,
    KEEP,
    LANDSCAPE,
    LANDSCAPE_PICK,
    MERCHANT,
    MERCHANT_FAME,
    MERCHANT_PAY,
    MUSE,
    OPEN,
    ORDER,
    PASS,
    PLACE,
    PLACE_BASE,
    PRESTIGE,
    PRINCESS,
    PRINCESS_WORK,
    PROFESSION,
    PROFESSOR,
    PROFESSOR_BONUS,
    PROFESSOR_PRESTIGE,
    RAISE,
    RECRUIT,
    RECRUIT_NOW,
    SETUP_DISCARD,
    TAKE_PROFESSION,
    WITHDRAW,
    WORK_BONUS,
    WORK_PAY,
    orientations,
    parse_shape,
)  # fmt: skip

FOREST, LAKE, PARK, PRESTIGE_STACK, RECRUITING, JESTER, BUILDER = range(7)
TRAVEL, RELIGION, OPINION = range(3)
BUILDINGS = ["University", "Laboratory", "Workshop", "Library", "Opera", "Studio", "Hospital", "Theater", "Tower", "Chapel"]  # fmt: skip


# ------------------------------------------------------------------ helpers


def with_start(num_players: int, start: int, **options) -> PrincesReference:
    """A fresh game whose start player is ``start``."""
    for seed in range(500):
        ref = PrincesReference(num_players, seed, **options)
        if ref.start == start:
            return ref
    raise AssertionError("no seed gives that start player")


def finish_setup(ref: PrincesReference) -> None:
    """Each seat returns its lowest dealt profession."""
    while ref.phase == SETUP_DISCARD:
        ref.step(int(np.flatnonzero(ref.legal_action_mask())[0]))


def skip_to_actions(ref: PrincesReference) -> None:
    """Everybody withdraws from the auctions and passes at the character auction."""
    while ref.phase != ACTION:
        assert ref.phase in (AUCTION_CHOOSE, CHAR_AUCTION, CHAR_USE), ref.phase
        ref.step(WITHDRAW if ref.phase == AUCTION_CHOOSE else PASS)


def play_out(ref: PrincesReference) -> None:
    """The quietest game to the end: no auctions, no actions."""
    while not ref.terminated:
        if ref.phase == ACTION:
            ref.step(END_TURN)
        else:
            skip_to_actions(ref)


def place_pieces(ref: PrincesReference, p: int, buildings=(), forests=0, lakes=0, parks=0) -> None:
    """Put pieces on seat p's grid (from the supply, without scoring), first free placement each,
    as if built in earlier rounds; adjacency is not checked (as with 2 Builders)."""
    T = ref.T
    pieces = [T.building_names.index(n) for n in buildings] + [10] * forests + [11] * lakes + [12] * parks
    for piece in sorted(pieces, key=lambda q: -len(T.shapes[q])):
        squares = next(s for _, s, _ in T.placements[piece] if not s & ref.occupied[p])
        ref.occupied[p] |= squares
        if piece < 10:
            ref.blocked[p] |= squares
            ref.built[p][piece] = True
            ref.supply_buildings[piece] -= 1
        else:
            ref.landscapes[p][piece - 10] += 1
            ref.supply_landscapes[piece - 10] -= 1
    ref.refresh_fits(p)


def set_cards(ref: PrincesReference, p: int, hand=(), table=()) -> None:
    """Seat p holds exactly ``hand`` and has exactly ``table`` on the table (other places give way)."""
    for x in list(ref.hand_prof[p]) + list(ref.table_prof[p]):
        ref.hand_prof[p].discard(x)
        ref.table_prof[p].discard(x)
        ref.known[p].discard(x)
        ref.decks[DECK_PROFESSION].append(x)
    for x, where in [(x, ref.hand_prof) for x in hand] + [(x, ref.table_prof) for x in table]:
        for q in range(ref.num_players):
            ref.hand_prof[q].discard(x)
            ref.known[q].discard(x)
            ref.table_prof[q].discard(x)
        if x in ref.decks[DECK_PROFESSION]:
            ref.decks[DECK_PROFESSION].remove(x)
        where[p].add(x)


def give(ref: PrincesReference, p: int, jesters=0, builders=0, freedoms=(), recruiting=0, prestige=()) -> None:
    """Objects from the supply to seat p, as if acquired in earlier rounds (no points)."""
    ref.jesters[p] += jesters
    ref.supply_jesters -= jesters
    ref.builders[p] += builders
    ref.supply_builders -= builders
    for f in freedoms:
        ref.freedoms[p][f] = True
        ref.supply_freedoms[f] -= 1
    ref.hand_recruit[p] += recruiting
    ref.supply_recruiting -= recruiting
    for card in prestige:
        ref.decks[DECK_PRESTIGE].remove(card)
        ref.prestige_hand[p].add(card)
    ref.refresh_fits(p)


def own(ref: PrincesReference, character: int, p: int) -> None:
    """Seat p holds ``character`` face up, as if bought at the last character auction."""
    ref.char_owner[character] = p
    ref.char_faceup[character] = True


def legal(ref: PrincesReference) -> set[int]:
    return set(np.flatnonzero(ref.legal_action_mask()).tolist())


def prof(ref: PrincesReference, name: str) -> int:
    return ref.T.profession_names.index(name)


# ------------------------------------------------------------------ set-up


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_setup_counts(num_players):
    """RB SETUP 3: "a number of each type of Freedom equal to the number of players minus one";
    12: "3500 Florin"; 10: "deal 4 faceup to each player. From these 4 cards, each player chooses 3".
    TWO PLAYER RULES: "2500 Florin", "5 Freedoms are available (1 of each type, plus 2 of two
    different types, chosen randomly)"."""
    P = num_players
    for seed in range(6):
        ref = PrincesReference(P, seed)
        assert ref.money == [25 if P == 2 else 35] * P and ref.fame == [0] * P
        if P == 2:
            assert sorted(ref.supply_freedoms) == [1, 2, 2]
        else:
            assert ref.supply_freedoms == [P - 1] * 3
        assert [len(h) for h in ref.hand_prof] == [4] * P
        assert all(ref.known[q] == ref.hand_prof[q] for q in range(P))  # dealt face up (D2)
        assert ref.current_player == ref.start and ref.phase == SETUP_DISCARD
        assert len(ref.decks[DECK_PRESTIGE]) == 14 and len(ref.decks[DECK_BONUS]) == 20
        assert ref.supply_buildings == [3] * 10 and ref.supply_landscapes == [6] * 3
        assert (ref.supply_jesters, ref.supply_builders, ref.supply_recruiting) == (7, 6, 5)
        finish_setup(ref)
        assert [len(h) for h in ref.hand_prof] == [3] * P
        assert len(ref.decks[DECK_PROFESSION]) == 21 - 3 * P
        assert ref.phase == AUCTION_CHOOSE and ref.round == 0
        ref.check_invariants()
    # "Alternatively, choose randomly"
    assert {PrincesReference(P, seed).start for seed in range(60)} == set(range(P))


def test_two_player_hard_freedoms():
    """TWO PLAYER RULES: "For a more challenging game, use just 4 Freedoms (1 of each type, plus 1
    chosen randomly)"."""
    kinds = set()
    for seed in range(20):
        supply = PrincesReference(2, seed, hard_freedoms=True).supply_freedoms
        assert sorted(supply) == [1, 1, 2]
        kinds.add(supply.index(2))
    assert kinds == {0, 1, 2}


@pytest.mark.parametrize(
    "options",
    [{"hard_freedoms": True}, {"mode": "solo"}, {"reward": "points"}, {"characters": "yes"}, {"colour": 1}],
)
def test_bad_options_raise(options):
    with pytest.raises(ValueError):
        PrincesReference(3, 0, **options)
    with pytest.raises(ValueError):
        PrincesReference(6, 0)


def test_illegal_action_raises_and_changes_nothing():
    ref = PrincesReference(3, 5)
    before = [ref.observe(p) for p in range(3)]
    illegal = int(np.flatnonzero(~ref.legal_action_mask())[0])
    with pytest.raises(ValueError, match="legal actions"):
        ref.step(illegal)
    with pytest.raises(ValueError):
        ref.step(ref.num_actions)
    assert all(np.array_equal(b, ref.observe(p)) for p, b in enumerate(before))


def test_placement_table_and_palazzo():
    """RB Placing 1: "any orientation ... either side up"; the Palazzo leaves 43 free squares
    (shared/data). A square has 1 orientation, a domino 2, an L-tromino 4, an S (or Z) 4."""
    ref = PrincesReference(2, 0)
    T = ref.T
    assert T.cells - bin(T.palazzo).count("1") == 43
    distinct = {n: sum(o is not None for o in orientations(parse_shape(s))) for n, s in
                [("square", ["##", "##"]), ("domino", ["##"]), ("L", ["##", "#."]), ("S", ["##.", ".##"])]}  # fmt: skip
    assert distinct == {"square": 1, "domino": 2, "L": 4, "S": 4}
    # Forest (2 x 2): 6 x 6 positions; Park (domino): 2 orientations of 7 x 6.
    assert len(T.placements[10]) == 36 and len(T.placements[12]) == 84
    for table in T.placements:
        for j, squares, halo in table:
            assert not squares & halo and j < 8 * T.cells


# ------------------------------------------------------------------ auction phase


def test_rulebook_four_player_auction():
    """RB Auction phase, Example (1)-(5): Alexandra, Leon, Jen and Wolfgang (seats 0-3)."""
    A, L, J, W = range(4)
    ref = with_start(4, A)
    finish_setup(ref)
    assert ref.phase == AUCTION_CHOOSE and ref.current_player == A
    # (1) "She names a Park and starts the auction at 200 Florin. All other players pass, so she
    # wins the auction and pays 200 Florin ... She takes a Park and places it on her Principality"
    ref.step(OPEN + PARK)
    assert ref.bid == 2 and ref.current_player == L
    for _ in range(3):
        ref.step(PASS)
    assert ref.phase == PLACE and ref.current_player == A and ref.money[A] == 33
    ref.step(min(legal(ref)))
    assert ref.landscapes[A][PARK] == 1 and ref.stack_used[PARK] and not ref.pawn_free[A]
    # (2) "Leon is the next player in clockwise order and chooses to auction a Jester. Jen ... bids
    # 300 Florin. Wolfgang ... bids 400 Florin. Now it is Leon's turn again (remember, Alexandra
    # cannot bid) and he raises the bid to 500 Florin. Jen raises the bid to 600 and Wolfgang to
    # 700. Leon and Jen both pass, allowing Wolfgang to win the auction."
    assert ref.phase == AUCTION_CHOOSE and ref.current_player == L
    assert OPEN + PARK not in legal(ref)
    ref.step(OPEN + JESTER)
    for bidder in (J, W, L, J, W):
        assert ref.phase == AUCTION_BID and ref.current_player == bidder
        ref.step(RAISE)
    assert ref.bid == 7
    ref.step(PASS)  # Leon
    ref.step(PASS)  # Jen
    assert ref.jesters[W] == 1 and ref.money[W] == 28
    # (3) "Leon may again choose the auction object as he did not win the last auction ... Leon
    # chooses a Forest and Jen raises the bid to 300 Florin. Leon raises the bid to 400, Jen to
    # 500, Leon to 600, then Jen passes. Leon pays 600 Florin"
    assert ref.phase == AUCTION_CHOOSE and ref.current_player == L and not ref.lone
    ref.step(OPEN + FOREST)
    for bidder in (J, L, J, L):
        assert ref.current_player == bidder
        ref.step(RAISE)
    ref.step(PASS)  # Jen
    assert ref.phase == PLACE and ref.current_player == L and ref.money[L] == 29
    ref.step(min(legal(ref)))
    assert ref.landscapes[L][FOREST] == 1
    # (4) "Now only Jen may bid. She may choose freely from the four remaining stacks: Lake,
    # Prestige card, Recruiting card, or Builder. She takes a Builder and pays 200 Florin"
    assert ref.phase == AUCTION_CHOOSE and ref.current_player == J and ref.lone
    assert legal(ref) == {WITHDRAW} | {OPEN + s for s in (LAKE, PRESTIGE_STACK, RECRUITING, BUILDER)}
    ref.step(OPEN + BUILDER)
    assert ref.builders[J] == 1 and ref.money[J] == 33
    # (5) "All players now take their Pawns back": the action phase, from the start player.
    assert ref.phase == ACTION and ref.current_player == A
    assert ref.money == [33, 29, 33, 28]
    ref.check_invariants()


def test_bid_limit_and_fame_sale():
    """RB: "Players are allowed to bid more Money than they currently have. If they win the bid,
    they must go backwards on the Fame track"; "they may not make a bid that could cause this [to
    go below 0]"; Earning Money: "For each space your Fame disk is moved backward, take 100 Florin"."""
    ref = with_start(3, 0)
    finish_setup(ref)
    ref.money[1], ref.fame[1] = 2, 3  # seat 1 can pay up to 500
    ref.step(OPEN + JESTER)  # 200
    for _ in range(3):  # seat 1: 300, seat 2: 400, seat 0: 500
        ref.step(RAISE)
    # seat 1 cannot bid 600 > 200 + 3 fame: its only move, the pass, is played for it
    assert ref.current_player == 2 and not ref.in_auction[1]
    ref = with_start(3, 0)
    finish_setup(ref)
    ref.money[1], ref.fame[1] = 3, 3  # up to 600
    ref.step(OPEN + JESTER)
    for _ in range(4):  # 300, 400, 500, 600 (seat 1)
        ref.step(RAISE)
    assert ref.high == 1 and ref.bid == 6
    ref.step(PASS)
    ref.step(PASS)
    assert ref.jesters[1] == 1 and ref.money[1] == 0 and ref.fame[1] == 0
    # With the characters fame cannot be sold: "You may not earn Money by moving your Fame disk backward"
    ref = with_start(3, 0, characters=True)
    finish_setup(ref)
    ref.money[1], ref.fame[1] = 2, 10
    ref.step(OPEN + JESTER)
    assert ref.current_player == 2 and not ref.in_auction[1]  # 300 > 200 Florin: passed for it


def test_two_player_landscape_object_and_opening_bid():
    """TWO PLAYER RULES: "The starting bid is 300 Florin instead of 200 Florin. Auction the 3
    Landscapes (Forest, Lake, and Park) as 1 object. The winner of that auction chooses which
    Landscape they want. The other player cannot choose to bid on another Landscape this round."""
    ref = with_start(2, 0)
    finish_setup(ref)
    assert OPEN + FOREST in legal(ref) and not {OPEN + LAKE, OPEN + PARK} & legal(ref)
    ref.step(OPEN + FOREST)
    assert ref.bid == 3
    ref.step(PASS)
    assert ref.phase == LANDSCAPE_PICK and legal(ref) == {LANDSCAPE + kind for kind in range(3)}
    ref.step(LANDSCAPE + LAKE)
    assert ref.phase == PLACE
    ref.step(min(legal(ref)))
    assert ref.landscapes[0] == [0, 1, 0] and ref.money[0] == 22
    # the other player is lone: no landscape at all, 200 for any other object (D6)
    assert ref.current_player == 1 and ref.lone
    assert legal(ref) == {WITHDRAW} | {OPEN + s for s in (PRESTIGE_STACK, RECRUITING, JESTER, BUILDER)}


def test_landscape_bonus_only_for_a_type_already_owned():
    """RB: "A player who has only a Lake then acquires a Forest. They do not earn 3. During a later
    round, that player acquires another Lake and so they earn the 3 bonus."""
    ref = with_start(3, 0)
    finish_setup(ref)
    place_pieces(ref, 0, lakes=1)
    for stack, fame in ((FOREST, 0), (LAKE, 3)):
        ref.pawn_free = [True, False, False]
        ref.stack_used = [False] * 7
        ref._choose(0)
        ref.step(OPEN + stack)  # lone: 200
        ref.step(min(legal(ref)))
        assert ref.fame[0] == fame


def test_builders_price_score_and_adjacency():
    """RB Builder: first Builder "you only pay 300 Florin (instead of 700)"; second: "you may build
    Buildings adjacent to each other"; third: "you pay 0 Florin"; "When you acquire a second
    Builder, you earn 3. When you acquire a third Builder, you earn another 3"; at most 3."""
    ref = with_start(3, 0)
    finish_setup(ref)
    skip_to_actions(ref)
    p = ref.current_player
    tower = BUILDINGS.index("Tower")
    # Placement rule 3: no building beside the Palazzo (rows 5-6, columns 0-2) with < 2 Builders.
    ref.step(BUILD + tower)
    assert ref.phase == PLACE and ref.money[p] == 35 - 7
    T = ref.T
    near_palazzo = {PLACE_BASE + j for j, s, _ in T.placements[tower] if s & T.bit(4, 0)}
    assert near_palazzo and not near_palazzo & legal(ref)
    ref.step(min(legal(ref)))
    assert ref.fame[p] == 3  # "It immediately earns you 3"
    assert BUILD + tower not in legal(ref)  # rule 5: each Building once
    ref.builders[p] = 2
    ref.refresh_fits(p)
    chapel = BUILDINGS.index("Chapel")
    ref.step(BUILD + chapel)
    assert ref.money[p] == 28 - 3
    assert {PLACE_BASE + j for j, s, _ in T.placements[chapel] if s & T.bit(4, 0)} & legal(ref)
    # Builder points through the auction
    ref = with_start(3, 0)
    finish_setup(ref)
    for count, fame in ((1, 0), (2, 3), (3, 6)):
        ref.pawn_free = [True, False, False]
        ref.stack_used = [False] * 7
        ref._choose(0)
        ref.step(OPEN + BUILDER)
        assert ref.builders[0] == count and ref.fame[0] == fame
    ref.pawn_free = [True, False, False]
    ref.stack_used = [False] * 7
    ref._choose(0)
    assert OPEN + BUILDER not in legal(ref)  # "each player is limited to acquiring 3 Builders"
    assert ref.T.build_cost == [7, 3, 3, 0]


def test_recruiting_card_used_at_once():
    """RB Recruiting cards: "choose a faceup Profession card previously played by any opponent, take
    that Profession card into your hand, and place the Recruiting card in its place"."""
    ref = with_start(3, 0)
    finish_setup(ref)
    poet = prof(ref, "Poet")
    set_cards(ref, 2, hand=list(ref.hand_prof[2] - {poet}), table=[poet])
    ref.pawn_free = [True, False, False]
    ref._choose(0)
    ref.step(OPEN + RECRUITING)
    assert ref.phase == RECRUIT_NOW and legal(ref) == {PASS, RECRUIT + poet}
    ref.step(RECRUIT + poet)
    assert poet in ref.hand_prof[0] and poet in ref.known[0] and ref.hand_recruit[0] == 0
    assert ref.table_recruit[2] == 1 and poet not in ref.table_prof[2]
    ref.check_invariants()


def test_prestige_draw_keep_and_order():
    """RB Prestige cards: "take the top 5 cards ... choose 1 ... place the other 4 cards facedown in
    any order at the bottom of the Prestige deck"."""
    ref = with_start(3, 0)
    finish_setup(ref)
    top = ref.decks[DECK_PRESTIGE][:5]
    ref.pawn_free = [True, False, False]
    ref._choose(0)
    ref.step(OPEN + PRESTIGE_STACK)
    assert ref.phase == KEEP and legal(ref) == {PRESTIGE + c for c in top}
    ref.step(PRESTIGE + top[2])
    order = [top[4], top[0], top[3]]
    for card in order:
        assert ref.phase == ORDER
        ref.step(PRESTIGE + card)
    # the last card is forced
    assert ref.prestige_hand[0] == {top[2]}
    assert ref.decks[DECK_PRESTIGE][-4:] == order + [top[1]]
    assert len(ref.decks[DECK_PRESTIGE]) == 13


# ------------------------------------------------------------------ works


def test_rulebook_poet_work_of_15():
    """RB Work scoring example: "In round 3 (minimum = 12), Alexandra chooses to complete a Work with
    a Poet ... she has a Travel Freedom, a Theater, and 2 Jesters ... Freedom 3, Building 4, Jesters
    4, Profession and Recruiting Cards 4 ... Total 15 ... She takes 100 Florin from the Bank and
    moves her scoring Fame disk 7 spaces." (Three professions and a Recruiting card make the 4 the
    example counts; the five cards it lists would give 16: see the package docstring, question 3,
    and DESIGN_NOTES D37.)"""
    ref = with_start(4, 0)
    finish_setup(ref)
    skip_to_actions(ref)
    ref.round = 2
    poet, other, earlier = prof(ref, "Poet"), prof(ref, "Doctor"), prof(ref, "Botanist")
    set_cards(ref, 0, hand=[poet, other], table=[earlier])
    give(ref, 0, jesters=2, freedoms=[TRAVEL], recruiting=1)
    place_pieces(ref, 0, buildings=["Theater"])
    money, fame = ref.money[0], ref.fame[0]
    assert PROFESSION + poet in legal(ref)
    ref.step(PROFESSION + poet)  # no Bonus card: "done" is forced
    assert ref.phase == WORK_PAY and ref.work_value == 15
    assert legal(ref) == {ref.T.fame_base + n for n in range(8)}
    ref.step(ref.T.fame_base + 7)
    assert ref.money[0] == money + 1 and ref.fame[0] == fame + 7
    assert ref.best_work[0] == 15 and ref.actions_left == 1 and ref.phase == ACTION
    ref.check_invariants()


def test_work_below_the_minimum_is_not_offered():
    """RB: "The Work must have a value of at least 10 [in round 2] ... Otherwise, you may not play the
    Profession card"."""
    ref = with_start(3, 0)
    finish_setup(ref)
    skip_to_actions(ref)
    ref.round = 1
    set_cards(ref, 0, hand=[prof(ref, "Poet")])
    assert not any(PROFESSION <= a < PROFESSION + 21 for a in legal(ref))  # value 1 < 10
    give(ref, 0, jesters=4)  # 8 + 1 = 9 < 10
    assert PROFESSION + prof(ref, "Poet") not in legal(ref)
    give(ref, 0, freedoms=[TRAVEL])  # 12
    assert PROFESSION + prof(ref, "Poet") in legal(ref)


def overview_principality(ref: PrincesReference, p: int) -> None:
    """RB Bonus overview: "2 Forests, 1 Lake, 0 Parks, 0 Jesters, 2 Builders, 1 Prestige card, 2
    Freedoms ... University, Workshop, Opera, Tower, Chapel"."""
    place_pieces(ref, p, buildings=["University", "Workshop", "Opera", "Tower", "Chapel"], forests=2, lakes=1)
    give(ref, p, builders=2, freedoms=[TRAVEL, RELIGION], prestige=[ref.decks[DECK_PRESTIGE][0]])


# RB "Overview of the 20 different Bonus cards", the example in parentheses of each card.
BONUS_EXAMPLES = [5, 4, 3, 5, 6, 3, 4, 2, 0, 4, 0, 2, 4, 3, 2, 3, 4, 5, 1, 3]


@pytest.mark.parametrize("card", range(20))
def test_rulebook_bonus_cards_on_the_overview_principality(card):
    """RB Bonus overview: "2 Profession cards already on the table, 1 Profession card being played,
    1 Recruiting card in your hand"; e.g. "Each Building ... increases the score by 1 (The score
    increases by 5)"; "The Profession card just played is on the table and does not count!"."""
    ref = with_start(3, 0)
    finish_setup(ref)
    skip_to_actions(ref)
    philosopher = prof(ref, "Philosopher")  # University, Forest, Opinion
    set_cards(ref, 0, hand=[philosopher], table=[prof(ref, "Poet"), prof(ref, "Doctor")])
    overview_principality(ref, 0)
    give(ref, 0, recruiting=1)
    ref.decks[DECK_BONUS].remove(card)
    ref.bonus_hand[0].add(card)
    ref.step(PROFESSION + philosopher)
    assert ref.phase == WORK_BONUS
    before = ref.work_value
    ref.step(BONUS + card)
    assert ref.work_value - before == BONUS_EXAMPLES[card]
    assert card in ref.bonus_out and ref.phase in (WORK_BONUS, WORK_PAY)


def overview_end_position(num_opponents: int = 3) -> PrincesReference:
    """RB Prestige overview: "2 Forests, 1 Lake, 0 Parks, 0 Jesters, 2 Builders, 1 Prestige card, 2
    Freedoms, 4 Profession and 1 Recruiting card on the table, 1 Profession card in your hand,
    University, Workshop, Opera, Tower, Chapel" for seat 0."""
    ref = with_start(1 + num_opponents, 0)
    finish_setup(ref)
    for q in range(1 + num_opponents):
        set_cards(ref, q)
    set_cards(ref, 0, hand=[0], table=[1, 2, 3, 4])
    ref.table_recruit[0] = 1
    ref.supply_recruiting -= 1
    overview_principality(ref, 0)
    return ref


def _opponent(ref, q, **kind):
    place_pieces(ref, q, **{k: v for k, v in kind.items() if k in ("buildings", "forests", "lakes", "parks")})
    if "works" in kind:
        set_cards(ref, q, table=list(range(5, 5 + kind["works"])))


# (card, opponents' positions, points): RB "Overview of the 14 different Prestige cards"
PRESTIGE_EXAMPLES = [
    (0, [{"buildings": ["University", "Laboratory", "Library", "Tower", "Chapel"]}], 3),  # "also has 5 Buildings"
    (1, [{"buildings": ["University", "Laboratory"]}], 5),  # "does not change if another player also has"
    (2, [{"buildings": ["University", "Workshop", "Opera", "Tower", "Chapel"], "forests": 2, "lakes": 1, "parks": 1}], 0),
    (3, [], 0),  # "You earn 0 crowns, as you have no Park."
    (4, [{"forests": 1, "lakes": 2}], 4),  # "An opponent also has 3 Landscapes"
    (5, [{"forests": 1}, {"forests": 1}], 7),  # "You are the only player with the most"
    (6, [{"lakes": 1}, {"lakes": 1}], 3),  # "Two opponents also have 1 Lake"
    (7, [], 0),  # "as you only have 2 Freedoms"
    (8, [], 6),
    (9, [], 0),  # "no Jesters. This is true even if no player has Jesters"
    (10, [], 6),
    (11, [], 0),  # "You cannot score the most for having nothing"
    (12, [], 0),  # "as you have no Jesters"
    (13, [{"works": 5}], 4),  # "An opponent also has 5 Works"
]  # fmt: skip


@pytest.mark.parametrize("card, opponents, points", PRESTIGE_EXAMPLES)
def test_rulebook_prestige_cards_on_the_overview_principality(card, opponents, points):
    ref = overview_end_position()
    for q, kind in enumerate(opponents, start=1):
        _opponent(ref, q, **kind)
    feats = ref.features(0)
    assert (feats["buildings"], feats["landscapes"], feats["table_cards"], feats["hand_cards"]) == (5, 3, 5, 1)
    assert ref.prestige_points(0, card) == points


def test_prestige_cards_score_at_the_end_of_the_game():
    """RB END OF THE GAME: "The players now score their Prestige cards: Each player who has fulfilled
    the requirements on any of their Prestige cards, scores the appropriate number"."""
    ref = overview_end_position()
    for card in ref.prestige_hand[0]:
        ref.decks[DECK_PRESTIGE].append(card)
    ref.prestige_hand[0].clear()
    give(ref, 0, prestige=[5, 8, 10])  # most Forests 7, 4 Buildings + 2 Freedoms + 4 Works 6, most Builders 6
    play_out(ref)
    assert ref.phase == GAME_OVER and ref.terminated
    assert ref.fame[0] == 19 and ref.rewards[0] == 1.0
    assert sum(ref.rewards) == pytest.approx(0.0)


def test_best_work_ties_and_no_work():
    """RB Best Work: "If two or more players tie with the highest, they all score 3 ... If no player
    completes a Work in the round, no one scores the 3"."""
    ref = with_start(3, 0)
    finish_setup(ref)
    skip_to_actions(ref)
    ref.best_work = [9, 12, 12]
    for _ in range(3):
        ref.step(END_TURN)
    assert ref.fame == [0, 3, 3] and ref.best_work == [0, 0, 0]
    assert ref.round == 1 and ref.start == 1  # "The starting player gives the player to their left"
    skip_to_actions(ref)
    for _ in range(3):
        ref.step(END_TURN)
    assert ref.fame == [0, 3, 3]


def test_action_limits():
    """RB Action phase: "Take a Profession card (Only once per Action phase)", "Introduce a Freedom
    (Only once per Action phase)"; "You may only introduce each Freedom once"."""
    ref = with_start(3, 0)
    finish_setup(ref)
    skip_to_actions(ref)
    ref.step(FREEDOM + TRAVEL)
    assert ref.freedoms[0][TRAVEL] and ref.money[0] == 32 and ref.supply_freedoms[TRAVEL] == 1
    assert not {FREEDOM + f for f in range(3)} & legal(ref)
    ref.step(END_TURN)
    assert FREEDOM + TRAVEL in legal(ref)  # the next player
    ref.freedoms[1][RELIGION] = True
    assert FREEDOM + RELIGION not in legal(ref)


# ------------------------------------------------------------------ The Muse and the Princess


def test_rulebook_princess_work_of_16():
    """RB Princess: "She has 2 Forests, 1 Lake, 1 Laboratory, 1 Library, and 3 Profession cards. The
    Work has a Work Value of 16 (6 + 3 + 2 + 2 + 3)"; "satisfying the minimum value"."""
    ref = with_start(3, 0, characters=True)
    finish_setup(ref)
    skip_to_actions(ref)
    place_pieces(ref, 0, buildings=["Laboratory", "Library"], forests=2, lakes=1)
    give(ref, 0, jesters=1, freedoms=[TRAVEL])  # "Freedoms, Jesters ... may not be used"
    own(ref, PRINCESS, 0)
    assert ref.princess_value(0) == 16
    ref.round = 6  # minimum 17
    assert PRINCESS_WORK not in legal(ref)
    ref.round = 5  # minimum 16
    ref.step(PRINCESS_WORK)
    assert ref.phase == WORK_PAY and ref.work_value == 16 and not ref.char_faceup[PRINCESS]
    ref.step(ref.T.fame_base + 8)
    assert ref.fame[0] == 8 and ref.best_work[0] == 16 and ref.actions_left == 1
    assert PRINCESS_WORK not in legal(ref)  # "You may not use a facedown Character card"


def test_rulebook_muse_adds_the_round_number():
    """RB Muse: "Chris has the Muse Character card in round 6 and completes 2 Works. The Work Value of
    each of these Works is increased by 6."""
    ref = with_start(3, 0, characters=True)
    finish_setup(ref)
    skip_to_actions(ref)
    ref.round = 5
    a, b = prof(ref, "Poet"), prof(ref, "Painter")  # both Lake / Travel
    set_cards(ref, 0, hand=[a, b])
    place_pieces(ref, 0, lakes=1)
    give(ref, 0, jesters=3, freedoms=[TRAVEL])
    own(ref, MUSE, 0)
    values = []
    for x in (a, b):
        ref.step(PROFESSION + x)
        values.append(ref.work_value)
        ref.step(ref.T.fame_base)
    # Lake 3 + Travel 3 + 3 Jesters 6 + 2 cards + Muse 6 = 20
    assert values == [20, 20] and ref.money[0] == 35 + 40


def test_rulebook_merchant_example():
    """RB Merchant: "Leon wins a bid on a Lake for 400 Florins ... There are currently 3 opponents
    with more Prestige Points than him. He may either flip the card instead of paying the 400
    Florin cost of the Lake, or flip the card to score 4"."""
    for choice in (MERCHANT_FAME, MERCHANT_PAY):
        ref = with_start(4, 1, characters=True)  # Leon is seat 1
        finish_setup(ref)
        own(ref, MERCHANT, 1)
        ref.fame = [2, 1, 3, 4]
        ref.step(OPEN + LAKE)
        ref.step(RAISE)  # seat 2: 300
        ref.step(PASS)  # seat 3
        ref.step(PASS)  # seat 0
        ref.step(RAISE)  # Leon: 400
        ref.step(PASS)  # seat 2
        assert ref.phase == CHAR_USE and ref.ctx == CTX_WIN and ref.current_player == 1
        assert legal(ref) == {PASS, MERCHANT_FAME, MERCHANT_PAY}
        ref.step(choice)
        assert ref.phase == PLACE and not ref.char_faceup[MERCHANT]
        if choice == MERCHANT_FAME:
            assert ref.fame[1] == 1 + 4 and ref.money[1] == 35 - 4
        else:
            assert ref.fame[1] == 1 and ref.money[1] == 35


def test_rulebook_banker_example():
    """RB Banker: "In the first round, no player bought the Banker, so the card now has 700 Florin on
    it. In the second round, Chris wins the auction for the card. His Pawn is on the 2 space ... he
    pays 200 Florin ... and takes the card and the 700 Florin on it. At the start of the next
    Character Auction phase, Chris returns the card ... and places 600 Florin from the Bank on it."""
    ref = with_start(3, 2, characters=True)
    finish_setup(ref)
    skip_to_actions(ref)
    assert ref.banker_money == 7
    play_round = [END_TURN] * 3
    for a in play_round:
        ref.step(a)
    assert ref.round == 1 and ref.start == 0  # Chris: seat 0, the start player of round 2
    while ref.phase == AUCTION_CHOOSE:
        ref.step(WITHDRAW)
    assert ref.phase == CHAR_AUCTION and ref.current_player == 0
    ref.step(CHAR_BID + 16 * BANKER + 2)
    ref.step(PASS)
    ref.step(PASS)  # Chris's pawn still stands: he buys the Banker
    assert ref.char_owner[BANKER] == 0 and ref.money[0] == 35 - 2 + 7 and ref.banker_money == 0
    assert ref.phase == ACTION
    for a in play_round:
        ref.step(a)
    while ref.phase == AUCTION_CHOOSE:
        ref.step(WITHDRAW)
    assert ref.phase == CHAR_AUCTION and ref.banker_money == 6 and ref.char_owner[BANKER] == -1


def test_banker_converts_money_at_the_end():
    """RB Banker: "If you have the Banker Character card at the end of the game (as you bought it in
    the Character Auction phase in the 7th round), you may exchange Money for Prestige Points. For
    each 200 Florin that you pay, score 1"."""
    ref = with_start(2, 0, characters=True)
    finish_setup(ref)
    while ref.round < 6:
        if ref.phase == ACTION:
            ref.step(END_TURN)
        else:
            skip_to_actions(ref)
    while ref.phase == AUCTION_CHOOSE:
        ref.step(WITHDRAW)
    p = ref.current_player
    ref.step(CHAR_BID + 16 * BANKER + 0)
    ref.step(PASS)
    money = ref.money[p]
    assert ref.char_owner[BANKER] == p
    play_out(ref)
    assert ref.fame[p] == money // 2 and ref.money[p] == money % 2


def test_character_auction_overbids():
    """RB Character Auction: "Alexandra places her Pawn on space 6 of the Merchant card"; "they must
    place their Pawn on a higher number than the other player's Pawn ... they return the other
    player's Pawn"; "If a player passes, they may not bid again"."""
    ref = with_start(3, 0, characters=True)
    finish_setup(ref)
    while ref.phase == AUCTION_CHOOSE:
        ref.step(WITHDRAW)
    assert ref.phase == CHAR_AUCTION
    assert CHAR_BID + 16 * MERCHANT + 2 not in legal(ref)  # spaces 3-15
    assert CHAR_BID + 16 * BANKER + 0 in legal(ref)  # spaces 0-5
    ref.step(CHAR_BID + 16 * MERCHANT + 6)
    assert ref.pawn_card[0] == MERCHANT and ref.pawn_value[0] == 6
    assert CHAR_BID + 16 * MERCHANT + 6 not in legal(ref) and CHAR_BID + 16 * MERCHANT + 7 in legal(ref)
    ref.step(CHAR_BID + 16 * MERCHANT + 7)
    assert ref.pawn_card == [-1, MERCHANT, -1]
    ref.step(PASS)  # seat 2 is out
    assert ref.current_player == 0
    ref.step(CHAR_BID + 16 * MUSE + 3)
    # seat 1's pawn still stands: it buys the Merchant and may use it "immediately"
    assert ref.char_owner[MERCHANT] == 1 and ref.money[1] == 28
    assert ref.phase == CHAR_USE and legal(ref) == {PASS, MERCHANT_FAME}
    ref.step(PASS)
    assert ref.char_owner[MUSE] == 0 and ref.money[0] == 32
    assert ref.phase == ACTION and ref.banker_money == 7


def test_rulebook_professor_example():
    """RB Professor: "It is the end of the Auction phase and Leon has the Professor Character card in
    front of him that he bought last round and that he has not yet used ... He draws 5 Bonus cards
    from the Bonus deck, chooses 1 to keep, and places the others facedown on the bottom"."""
    ref = with_start(3, 0, characters=True)
    finish_setup(ref)
    own(ref, PROFESSOR, 1)
    while ref.phase == AUCTION_CHOOSE:
        ref.step(WITHDRAW)
    assert ref.phase == CHAR_USE and ref.ctx == CTX_END and ref.current_player == 1
    assert legal(ref) == {PASS, PROFESSOR_PRESTIGE, PROFESSOR_BONUS}
    top = ref.decks[DECK_BONUS][:5]
    ref.step(PROFESSOR_BONUS)
    assert ref.phase == KEEP and ref.money[1] == 35
    ref.step(BONUS + top[0])
    for card in top[1:4]:
        ref.step(BONUS + card)
    assert ref.bonus_hand[1] == {top[0]} and ref.decks[DECK_BONUS][-4:] == top[1:]
    assert ref.phase == CHAR_AUCTION and ref.char_owner[PROFESSOR] == -1  # returned


def test_professor_leaves_the_won_prestige_card():
    """D38: the Professor may be used "when you win a bid on an object", but not to take the last
    Prestige card of a won Prestige auction ("When a stack is exhausted, no more objects of that
    type can be acquired")."""
    for cards, offered in ((1, False), (2, True)):
        ref = with_start(3, 0, characters=True)
        finish_setup(ref)
        own(ref, PROFESSOR, 0)
        for card in ref.decks[DECK_PRESTIGE][cards:]:
            ref.prestige_hand[1].add(card)
        del ref.decks[DECK_PRESTIGE][cards:]
        ref.pawn_free = [True, False, False]
        ref._choose(0)
        ref.step(OPEN + PRESTIGE_STACK)  # lone: a won bid (D12)
        assert ref.phase == CHAR_USE and ref.ctx == CTX_WIN
        assert (PROFESSOR_PRESTIGE in legal(ref)) == offered and PROFESSOR_BONUS in legal(ref)
        if offered:
            ref.step(PROFESSOR_PRESTIGE)  # both drawn: keep one, the other goes under
            assert ref.phase == KEEP
            ref.step(min(legal(ref)))  # then the won object takes the card put under
            assert len(ref.prestige_hand[0]) == 2 and not ref.decks[DECK_PRESTIGE]
        ref.check_invariants()


def test_cardinal_gives_a_third_action():
    """RB Cardinal: "flip the Cardinal Character card facedown to gain one extra action ... You may
    still only perform the Take a Profession card and Introduce a Freedom actions once each"."""
    ref = with_start(3, 0, characters=True)
    finish_setup(ref)
    skip_to_actions(ref)
    own(ref, CARDINAL, 0)
    ref.step(FREEDOM + TRAVEL)
    ref.step(BUILD + BUILDINGS.index("Tower"))
    ref.step(min(legal(ref)))
    assert ref.actions_left == 0 and legal(ref) == {END_TURN, CARDINAL_ACTION}
    ref.step(CARDINAL_ACTION)
    assert ref.actions_left == 1 and FREEDOM + RELIGION not in legal(ref)
    assert BUILD + BUILDINGS.index("Chapel") in legal(ref)


# ------------------------------------------------------------------ random games


def play_random(ref: PrincesReference, rng: np.random.Generator) -> int:
    steps = 0
    while not ref.terminated:
        legal_actions = np.flatnonzero(ref.legal_action_mask())
        assert legal_actions.size >= 2  # forced decisions are played automatically
        ref.step(int(rng.choice(legal_actions)))
        steps += 1
        ref.check_invariants()
    return steps


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("characters", [False, True])
def test_random_games_reach_the_end(num_players, characters):
    rng = np.random.default_rng(num_players + 10 * characters)
    for seed in range(3):
        ref = PrincesReference(num_players, seed, characters=characters)
        steps = play_random(ref, rng)
        assert steps > 20 and ref.phase == GAME_OVER and ref.round == 6
        assert not ref.legal_action_mask().any()
        assert sum(ref.rewards) == pytest.approx(0.0) and max(ref.rewards) > 0 or set(ref.rewards) == {0.0}
        assert ref.scores == ref.fame
        obs = ref.observe(0)
        assert obs.shape == (ref.obs_size,) and not obs[obs_offsets(num_players)["to_move"]].any()


def test_score_rewards():
    ref = PrincesReference(3, 4, reward="score")
    play_random(ref, np.random.default_rng(1))
    f = ref.fame
    assert ref.rewards == pytest.approx([f[0] - (f[1] + f[2]) / 2, f[1] - (f[0] + f[2]) / 2, f[2] - (f[0] + f[1]) / 2])


def test_observation_hides_what_others_hold():
    """Hidden information (SPEC H): another player's drawn profession, Bonus and Prestige cards and
    the deck orders are not in the observation; their counts are."""
    ref = with_start(3, 0)
    finish_setup(ref)
    skip_to_actions(ref)
    ref.step(TAKE_PROFESSION)  # seat 0 draws 5
    ref.step(min(legal(ref)))
    seen = ref.observe(1)
    # swap what seat 0 kept with a card still in the deck, and shuffle the decks
    kept = next(x for x in ref.hand_prof[0] if x not in ref.known[0])
    other = ref.decks[DECK_PROFESSION][-1]
    ref.hand_prof[0].discard(kept)
    ref.hand_prof[0].add(other)
    ref.decks[DECK_PROFESSION][-1] = kept
    for deck in ref.decks:
        deck.reverse()
    assert np.array_equal(seen, ref.observe(1))
    assert not np.array_equal(ref.observe(0), seen)
