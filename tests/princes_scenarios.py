"""Helpers that build The Princes of Florence positions for scenario tests: a game at its first
auction with a chosen start player, and principalities furnished piece by piece while every
component stays conserved (``check_invariants`` holds after each helper). :class:`Twin` plays
a scenario made of real actions through the engine and the scalar reference at once."""

from __future__ import annotations

import numpy as np
from differential import assert_matches_references

import florentine_envs
from florentine_envs.core import rng
from florentine_envs.games.princes import Princes
from florentine_envs.games.princes.constants import (
    DECK_SIZES,
    NUM_BUILDINGS,
    NUM_PIECES,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_SETUP_DISCARD,
    STREAM_SETUP,
)
from florentine_envs.games.princes.reference import PrincesReference
from florentine_envs.games.princes.reference.tables import SETUP_DISCARD as REF_SETUP_DISCARD


def seed_with_start(num_players: int, start: int) -> int:
    """The first seed that draws ``start`` as the start player."""
    return next(s for s in range(10_000) if int(rng.randint(np.uint64(s), STREAM_SETUP, 0, num_players)) == start)


def new_game(num_players: int, start: int = 0, **options) -> tuple[Princes, object]:
    """A game (batch of one) past the setup discards (each seat returns its first card), at the
    first auction, with ``start`` as the start player."""
    game = florentine_envs.make("princes", num_players=num_players, **options)
    # the helpers below edit positions no play reaches (cards handed out, a seat put to act): the
    # totals are checked, not where the round stands (princes/pending.py)
    game.pending_checks = False
    st = game.init(np.array([seed_with_start(num_players, start)], np.uint64))
    while st.phase[0] == PH_SETUP_DISCARD:
        game.step(st, np.array([np.flatnonzero(st.legal_action_mask[0])[0]]))
    return game, st


def act(game: Princes, st, name: str) -> None:
    """Play the action called ``name`` (it must be legal)."""
    a = game.action_names.index(name)
    assert st.legal_action_mask[0, a], f"{name} is not legal; legal: {legal_names(game, st)}"
    game.step(st, np.array([a]))


def legal_names(game: Princes, st) -> list[str]:
    return [game.action_names[a] for a in np.flatnonzero(st.legal_action_mask[0])]


def place_first(game: Princes, st) -> None:
    """Play the first legal placement of the pending piece."""
    legal = np.flatnonzero(st.legal_action_mask[0, game.a_place : game.a_fame])
    game.step(st, np.array([game.a_place + legal[0]]))


def _deck_list(st, deck: int) -> list[int]:
    size = DECK_SIZES[deck]
    top, length = int(st.deck_top[0, deck]), int(st.deck_len[0, deck])
    return [int(st.deck_cards[0, deck, (top + i) % size]) for i in range(length)]


def _set_deck(st, deck: int, cards: list[int]) -> None:
    st.under_by[0, deck, np.isin(np.arange(st.under_by.shape[2]), cards, invert=True)] = -1
    st.deck_cards[0, deck] = -1
    st.deck_cards[0, deck, : len(cards)] = cards
    st.deck_top[0, deck] = 0
    st.deck_len[0, deck] = len(cards)


def give_profession(game: Princes, st, p: int, name: str, table: bool = False) -> int:
    """Move profession ``name`` from wherever it is into seat p's hand (or onto its table)."""
    x = game.T.profession_names.index(name)
    st.hand_prof[0, :, x] = st.table_prof[0, :, x] = st.known[0, :, x] = False
    _set_deck(st, 0, [c for c in _deck_list(st, 0) if c != x])
    (st.table_prof if table else st.hand_prof)[0, p, x] = True
    return x


def clear_hand(game: Princes, st, p: int) -> None:
    """Seat p's professions go to the bottom of the deck."""
    held = [int(x) for x in np.flatnonzero(st.hand_prof[0, p])]
    st.hand_prof[0, p] = st.known[0, p] = False
    _set_deck(st, 0, _deck_list(st, 0) + held)


def give_card(game: Princes, st, p: int, deck: int, card: int) -> None:
    """Bonus (deck 1) or Prestige (deck 2) card from the deck into seat p's hand."""
    _set_deck(st, deck, [c for c in _deck_list(st, deck) if c != card])
    (st.bonus_hand if deck == 1 else st.prestige_hand)[0, p, card] = True


def put_piece(game: Princes, st, p: int, piece: int) -> None:
    """Place ``piece`` for seat p on the first free spot (adjacency ignored: a furnished
    principality, not a legal build), with its supply, counts and ``fits`` updated."""
    T = game.T
    squares = T.squares[piece]
    free = np.flatnonzero((squares != 0) & ((squares & st.occupied[0, p]) == 0))
    assert free.size, f"no room for piece {piece}"
    mask = squares[free[0]]
    st.occupied[0, p] |= mask
    st.piece_cells[0, p * NUM_PIECES + piece] |= mask
    if piece < NUM_BUILDINGS:
        st.blocked[0, p] |= mask
        st.built[0, p, piece] = True
        st.supply_buildings[0, piece] -= 1
    else:
        st.landscapes[0, p, piece - NUM_BUILDINGS] += 1
        st.supply_landscapes[0, piece - NUM_BUILDINGS] -= 1
    game._refresh_fits(st, np.array([0]), np.array([p]))


def build(game: Princes, st, p: int, *names: str) -> None:
    for name in names:
        put_piece(game, st, p, game.T.building_names.index(name))


def landscape(game: Princes, st, p: int, name: str, count: int = 1) -> None:
    for _ in range(count):
        put_piece(game, st, p, NUM_BUILDINGS + game.T.landscape_names.index(name))


def furnish(game: Princes, st, p: int, jesters=0, builders=0, freedoms=(), hand_recruit=0, table_recruit=0) -> None:
    """Jesters, Builders, Freedoms and Recruiting cards from the supply to seat p."""
    st.jesters[0, p] += jesters
    st.supply_jesters[0] -= jesters
    st.builders[0, p] += builders
    st.supply_builders[0] -= builders
    for name in freedoms:
        f = game.T.freedom_names.index(name)
        st.freedoms[0, p, f] = True
        st.supply_freedoms[0, f] -= 1
    st.hand_recruit[0, p] += hand_recruit
    st.table_recruit[0, p] += table_recruit
    st.supply_recruiting[0] -= hand_recruit + table_recruit
    game._refresh_fits(st, np.array([0]), np.array([p]))


def start_turn(game: Princes, st, p: int, round_index: int) -> None:
    """Seat p's turn in the action phase of round ``round_index`` (0-based), two actions left."""
    st.round[0] = round_index
    st.phase[0] = PH_ACTION
    st.pawn_free[0] = st.lone[0] = False  # the auction phase is over: every pawn is placed
    st.current_player[0] = p
    st.actions_left[0] = 2
    st.took_profession[0] = st.took_freedom[0] = False
    st.acts_done[0] = 0
    st.scores[0] = st.fame[0]  # the score is the fame track (a scenario may have set fame)
    game._refresh_mask(st, np.array([0]))
    game.check_invariants(st)


def acquire(game: Princes, st, seat: int, stack: str) -> None:
    """Play on (everyone else withdraws, turns end) until ``seat`` chooses an object, then open
    ``stack`` and let the others pass: ``seat`` wins it at the opening bid (or, last to
    choose, buys it for the lone price). The pending placement of a landscape is left to the
    caller."""
    for _ in range(100):
        phase = int(st.phase[0])
        if phase == PH_AUCTION_CHOOSE and int(st.current_player[0]) == seat:
            break
        act(game, st, {PH_AUCTION_CHOOSE: "withdraw", PH_ACTION: "end_turn"}[phase])
    act(game, st, f"open_{stack}")
    while st.phase[0] == PH_AUCTION_BID:
        act(game, st, "pass")


def stepper(game, st=None):
    """(state, play) for a game and its state, or for a :class:`Twin` (``st`` omitted):
    ``play(name)`` plays a named action (on both implementations of a Twin)."""
    if st is None:
        return game.st, game.act
    return st, lambda name: act(game, st, name)


def end_action_phase(game, st=None) -> None:
    """Every remaining turn of the action phase ends at once (a game and state, or a Twin)."""
    st, play = stepper(game, st)
    while st.phase[0] == PH_ACTION:
        play("end_turn")


def deck_list(st, deck: int) -> list[int]:
    """The cards of ``deck`` (0 professions, 1 Bonus, 2 Prestige), top first."""
    return _deck_list(st, deck)


def set_deck(st, deck: int, cards: list[int]) -> None:
    """Make ``cards`` (top first) the whole deck; the cards left out must be placed by the caller."""
    _set_deck(st, deck, cards)


def set_money(st, p: int, money: int, fame: int | None = None) -> None:
    """Seat p holds ``money`` (units of 100 Florin; the difference goes to or comes from the
    Bank, so money stays conserved) and, if given, ``fame``."""
    st.money_out[0] += int(st.money[0, p]) - money
    st.money[0, p] = money
    if fame is not None:
        st.fame[0, p] = fame
        st.scores[0, p] = fame


def work_value(game: Princes, st, p: int, profession: str) -> int:
    """The value seat p's work with ``profession`` would have now, before Bonus cards."""
    x = game.T.profession_names.index(profession)
    return int(game.work_base(st, np.array([0]), np.array([p]), np.array([x]))[0])


def overview_principality(game: Princes, st, p: int) -> None:
    """The Bonus-card overview's principality: 2 Forests, 1 Lake, 2 Builders, 1 Prestige card,
    2 Freedoms, 2 professions on the table, 1 Recruiting card in hand; University, Workshop,
    Opera, Tower, Chapel."""
    build(game, st, p, "University", "Workshop", "Opera", "Tower", "Chapel")
    landscape(game, st, p, "Forest", 2)
    landscape(game, st, p, "Lake")
    furnish(game, st, p, builders=2, freedoms=["Travel", "Religion"], hand_recruit=1)
    give_card(game, st, p, 2, 0)  # Prestige card 0
    clear_hand(game, st, p)
    give_profession(game, st, p, "Poet", table=True)
    give_profession(game, st, p, "Painter", table=True)


def overview_prestige_game() -> tuple[Princes, object]:
    """Seat 0: the Prestige overview's principality (4 professions and a Recruiting card on the
    table, 1 profession in hand). Seat 1 ties it on Buildings (5), Landscapes (3) and Works (5)
    and has fewer empty spaces; seats 1 and 2 have a Lake each; nobody has a Jester."""
    game, st = new_game(3, start=0)
    overview_principality(game, st, 0)
    give_profession(game, st, 0, "Doctor", table=True)
    give_profession(game, st, 0, "Sculptor", table=True)
    st.hand_recruit[0, 0] -= 1
    st.table_recruit[0, 0] += 1
    give_profession(game, st, 0, "Lawyer")
    build(game, st, 1, "University", "Laboratory", "Workshop", "Library", "Opera")
    landscape(game, st, 1, "Lake")
    landscape(game, st, 1, "Park", 2)
    clear_hand(game, st, 1)
    for name in ("Goldsmith", "Organ Builder", "Theologian", "Botanist", "Alchemist"):
        give_profession(game, st, 1, name, table=True)
    landscape(game, st, 2, "Lake")
    game.check_invariants(st)
    return game, st


class Twin:
    """The engine game of :func:`new_game` and the scalar reference on the same seed, stepped
    together: after every action both must agree on the mask, the scores, the player to move
    and every player's observation (``tests/differential.py``)."""

    def __init__(self, num_players: int, start: int = 0, **options):
        self.game, self.st = new_game(num_players, start, **options)
        self.ref = PrincesReference(num_players, seed_with_start(num_players, start), **options)
        while self.ref.phase == REF_SETUP_DISCARD:
            self.ref.step(int(np.flatnonzero(self.ref.legal_action_mask())[0]))
        self.steps = 0
        self.check()

    def act(self, name: str) -> None:
        act(self.game, self.st, name)
        self.ref.step(self.game.action_names.index(name))
        self.steps += 1
        self.check()

    def place_first(self) -> None:
        """Play the first legal placement of the pending piece."""
        self.act(next(n for n in legal_names(self.game, self.st) if n.startswith("place_")))

    def check(self) -> None:
        assert_matches_references(self.game, self.st, [self.ref], lambda b: f"after {self.steps} steps", True)
