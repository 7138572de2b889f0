"""What one player sees of a reference game (SPEC V), and the reference's invariants.

The observation is written field by field in SPEC V's order from the plain state of
:class:`~.rules.PrincesReference`; every field shows the raw state value (money in units of 100
Florin). Relative seats: block j is seat (observer + j) mod P.
"""

from __future__ import annotations

import functools

import numpy as np

from .tables import (
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSION,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_PHASES,
    NUM_PIECES,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
)  # fmt: skip

ROUNDS = 7  # the observation's round one-hot (SPEC V "round 7")
CELLS = 49  # SPEC V player block: "empty cells 49", "blocked cells 49"
PLAYER_BLOCK = 180


def obs_fields(num_players: int, num_phases: int = NUM_PHASES, twice: bool = False) -> list[tuple[str, int]]:
    """(field, size) in SPEC V's order (``num_phases``: SPEC CV's phase one-hot is wider;
    ``twice``: the option cardinal_twice_limit, whose ``turn`` also counts the turn's works,
    builds and Bonus cards)."""
    P = num_players
    return [
        ("phase", num_phases),
        ("round", ROUNDS),
        ("minimum", 1),
        ("to_move", P),
        ("start_player", P),
        ("auction", 17 + 4 * P),
        # landscapes 3, jesters, builders, recruiting, 3 deck lengths, buildings 10, freedoms 3
        ("supply", 22),
        ("bonus_out", NUM_BONUS),
        ("unseen_professions", NUM_PROFESSIONS),
        ("unseen_bonus", NUM_BONUS),
        ("unseen_prestige", NUM_PRESTIGE),
        ("turn", 6 if twice else 3),
        ("work", NUM_PROFESSIONS + 2),
        ("drawn", 4 + NUM_PROFESSIONS + NUM_BONUS + NUM_PRESTIGE),
        ("placing", NUM_PIECES),
        ("char_use", 3),
        ("characters", NUM_CHARACTERS * (2 * P + 3) + 1),
        ("players", PLAYER_BLOCK * P),
        ("own_hand", NUM_PROFESSIONS + NUM_BONUS + NUM_PRESTIGE),
    ]


def obs_offsets(num_players: int, num_phases: int = NUM_PHASES, twice: bool = False) -> dict[str, slice]:
    offsets, start = {}, 0
    for name, size in obs_fields(num_players, num_phases, twice):
        offsets[name] = slice(start, start + size)
        start += size
    return offsets


def obs_size(num_players: int, num_phases: int = NUM_PHASES, twice: bool = False) -> int:
    return sum(size for _, size in obs_fields(num_players, num_phases, twice))


def observe(ref, o: int) -> np.ndarray:
    """float32[obs_size]: what seat ``o`` sees of ``ref`` (SPEC V and H); the solo game's table of
    ``ref.seats`` seats (SPEC SV: "The base layout (section V) built with P = S")."""
    T, P = ref.T, ref.seats
    if not 0 <= int(o) < P:
        raise ValueError(f"princes reference: observer {o!r} is not a seat 0..{P - 1}")
    o = int(o)
    out: list[float] = []

    def rel_one_hot(seat: int) -> list[float]:
        row = [0.0] * P
        if seat >= 0:
            row[(seat - o) % P] = 1.0
        return row

    def one_hot(index: int, size: int) -> list[float]:
        row = [0.0] * size
        if index >= 0:
            row[index] = 1.0
        return row

    def per_rel_seat(values) -> list[float]:
        return [float(values[(o + j) % P]) for j in range(P)]

    out += one_hot(ref.phase, ref.num_phases)
    out += one_hot(ref.round, ROUNDS)
    out.append(T.minimum[ref.round])
    out += rel_one_hot(-1 if ref.terminated else ref.current_player)
    out += rel_one_hot(ref.start)
    # auction: stack_used 7; stack one-hot 8 (index 7 when -1); bid; high; in_auction; pawn_free;
    # opener; lone
    out += [float(u) for u in ref.stack_used]
    out += one_hot(7 if ref.stack < 0 else ref.stack, 8)
    out.append(ref.bid)
    out += rel_one_hot(ref.high)
    out += per_rel_seat(ref.in_auction)
    out += per_rel_seat(ref.pawn_free)
    out += rel_one_hot(ref.opener)
    out.append(float(ref.lone))
    # supply
    out += ref.supply_landscapes
    out += [ref.supply_jesters, ref.supply_builders, ref.supply_recruiting]
    out += [len(ref.decks[DECK_PROFESSION]), len(ref.decks[DECK_BONUS]), len(ref.decks[DECK_PRESTIGE])]
    out += ref.supply_buildings
    out += ref.supply_freedoms
    out += [float(i in ref.bonus_out) for i in range(NUM_BONUS)]
    # unseen cards: what o cannot locate (SPEC V)
    mine_drawn = [set(), set(), set()]
    if ref.draw_deck >= 0 and ref.current_player == o:
        mine_drawn[ref.draw_deck] = set(ref.drawn)
    located = set(ref.hand_prof[o]) | mine_drawn[DECK_PROFESSION]
    for q in range(P):
        located |= ref.table_prof[q]
        if q != o:
            located |= ref.known[q]
    out += [float(x not in located) for x in range(NUM_PROFESSIONS)]
    located = ref.bonus_out | ref.bonus_hand[o] | mine_drawn[DECK_BONUS]
    out += [float(i not in located) for i in range(NUM_BONUS)]
    located = ref.prestige_hand[o] | mine_drawn[DECK_PRESTIGE]
    out += [float(i not in located) for i in range(NUM_PRESTIGE)]
    out += [ref.actions_left, float(ref.took_profession), float(ref.took_freedom)]
    if ref.cardinal_twice_limit:  # D17: what the twice limit reads
        out += [ref.works_done, ref.builds_done, ref.bonus_done]
    out += one_hot(ref.work_prof, NUM_PROFESSIONS + 1)
    out.append(ref.work_value)
    # drawn: deck one-hot, count, then the cards themselves for the drawer only
    out += one_hot(ref.draw_deck, 3)
    out.append(len(ref.drawn))
    flags = [0.0] * (NUM_PROFESSIONS + NUM_BONUS + NUM_PRESTIGE)
    if ref.draw_deck >= 0 and ref.current_player == o:
        base = (0, NUM_PROFESSIONS, NUM_PROFESSIONS + NUM_BONUS)[ref.draw_deck]
        for card in ref.drawn:
            flags[base + card] = 1.0
    out += flags
    out += one_hot(ref.piece, NUM_PIECES)
    out += one_hot(ref.ctx - 1, 3)
    # characters: owner, face up, pawn seat, pawn value, owned; then the Banker's money
    for c in range(NUM_CHARACTERS):
        out += rel_one_hot(ref.char_owner[c])
        out.append(float(ref.char_faceup[c]))
        pawn = next((q for q in range(P) if ref.pawn_card[q] == c), -1)
        out += rel_one_hot(pawn)
        out.append(ref.pawn_value[pawn] if pawn >= 0 else 0)
        out.append(float(ref.char_owner[c] >= 0))
    out.append(ref.banker_money)
    for j in range(P):
        out += _player_block(ref, (o + j) % P)
    out += [float(x in ref.hand_prof[o]) for x in range(NUM_PROFESSIONS)]
    out += [float(i in ref.bonus_hand[o]) for i in range(NUM_BONUS)]
    out += [float(i in ref.prestige_hand[o]) for i in range(NUM_PRESTIGE)]
    obs = np.array(out, dtype=np.float32)
    assert obs.size == obs_size(P, ref.num_phases, ref.cardinal_twice_limit)
    return obs


def _player_block(ref, q: int) -> list[float]:
    """SPEC V player block (180): what everybody sees of seat q."""
    block = [ref.money[q], ref.fame[q], ref.best_work[q]]
    block += _cells(ref.occupied[q], True)
    block += _cells(ref.blocked[q], False)
    block += [float(b) for b in ref.built[q]]
    block += ref.landscapes[q]
    block += [float(f) for f in ref.freedoms[q]]
    block += [ref.jesters[q], ref.builders[q], len(ref.prestige_hand[q]), len(ref.hand_prof[q])]
    block += [ref.hand_recruit[q], len(ref.bonus_hand[q])]
    block += [float(x in ref.table_prof[q]) for x in range(NUM_PROFESSIONS)]
    block.append(ref.table_recruit[q])
    block += [float(x in ref.known[q]) for x in range(NUM_PROFESSIONS)]
    block.append(float(ref.char_out[q]))
    block += [float(f) for f in ref.fits[q]]
    assert len(block) == PLAYER_BLOCK
    return block


@functools.lru_cache(maxsize=4096)
def _cells(mask: int, empty: bool) -> tuple[float, ...]:
    """The 49 cells of a grid mask (bit i = cell i): 1 where covered, or where free if ``empty``."""
    return tuple(float((mask >> i & 1) != empty) for i in range(CELLS))


def check_cards(ref, need) -> None:
    """Every profession, Bonus and Prestige card is in exactly one place (hands of every seat,
    tables, decks, the drawn cards; Bonus cards also out of the game)."""
    drawn = [set(), set(), set()]
    if ref.draw_deck >= 0:
        drawn[ref.draw_deck] = set(ref.drawn)
    places = [*ref.hand_prof, *ref.table_prof, set(ref.decks[DECK_PROFESSION]), drawn[DECK_PROFESSION]]
    need(sum(len(s) for s in places) == NUM_PROFESSIONS, "professions are not conserved")
    need(set().union(*places) == set(range(NUM_PROFESSIONS)), "a profession is missing")
    places = [*ref.bonus_hand, ref.bonus_out, set(ref.decks[DECK_BONUS]), drawn[DECK_BONUS]]
    need(sum(len(s) for s in places) == NUM_BONUS, "Bonus cards are not conserved")
    need(set().union(*places) == set(range(NUM_BONUS)), "a Bonus card is missing")
    places = [*ref.prestige_hand, set(ref.decks[DECK_PRESTIGE]), drawn[DECK_PRESTIGE]]
    need(sum(len(s) for s in places) == NUM_PRESTIGE, "Prestige cards are not conserved")
    need(set().union(*places) == set(range(NUM_PRESTIGE)), "a Prestige card is missing")
    for d, deck in enumerate(ref.decks):
        need(len(deck) == len(set(deck)), f"deck {d} holds a card twice")


def check_invariants(ref) -> None:
    """Raise ValueError at the first broken conservation law or bound."""
    T, P = ref.T, ref.num_players

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"princes reference invariant: {what}")

    check_cards(ref, need)
    for q in range(P):
        need(ref.known[q] <= ref.hand_prof[q], f"seat {q} knows a card it does not hold")
    need(ref.supply_recruiting + sum(ref.hand_recruit) + sum(ref.table_recruit) == T.recruiting, "Recruiting cards")
    # Pieces.
    for b in range(NUM_BUILDINGS):
        need(ref.supply_buildings[b] + ref._tiles_taken(b) == T.buildings_per_type, "buildings")
    for l in range(3):  # noqa: E741
        need(
            ref.supply_landscapes[l] + sum(ref.landscapes[q][l] for q in range(P)) == T.landscapes_per_type,
            "landscapes",
        )
    need(ref.supply_jesters + sum(ref.jesters) == T.jesters, "Jesters are not conserved")
    need(ref.supply_builders + sum(ref.builders) == T.builders, "Builders are not conserved")
    need(max(ref.builders) <= T.max_builders, "a player has more than 3 Builders")
    most = 2 if ref.cardinal_twice_limit else 3  # two actions and the Cardinal's (D17)
    need(max(ref.works_done, ref.builds_done, ref.bonus_done) <= most, "an action done more often than allowed")
    for f in range(3):
        owned = sum(ref.freedoms[q][f] for q in range(P))
        need(ref.supply_freedoms[f] + owned == ref.freedoms_in_game[f], "Freedoms are not conserved")
    for q in range(P):
        size = ref._building_area(q)
        need(bin(ref.blocked[q]).count("1") == bin(T.palazzo).count("1") + size, f"seat {q}: blocked cells")
        size += sum(n * len(T.shapes[NUM_BUILDINGS + l]) for l, n in enumerate(ref.landscapes[q]))  # noqa: E741
        need(bin(ref.occupied[q]).count("1") == bin(T.palazzo).count("1") + size, f"seat {q}: pieces overlap")
        need(ref.blocked[q] & ~ref.occupied[q] == 0, f"seat {q}: a building is not on the grid")
        need(ref.fits[q] == ref._fits_of(q), f"seat {q}: fits is stale")
    # Money and fame: never negative; the Bank's ledger balances.
    need(min(ref.money) >= 0 and min(ref.fame) >= 0, "negative money or fame")
    need(sum(ref.money) == P * T.money_start[P] + ref.bank_out - ref.bank_in, "money is not conserved")
    need(sum(ref.pawn_card[q] >= 0 for q in range(P)) == len({c for c in ref.pawn_card if c >= 0}), "two pawns")
