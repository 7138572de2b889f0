"""Shared by the Medici rule-scenario tests (``test_medici_rules_*.py``): the rulebook's literals,
helpers that drive a game to a position through real actions from an arranged deck, an independent
re-reading of the scoring rules used as an oracle, and the rulebook text (the sentences that state no
engine behaviour, the sentence splitter) for ``test_medici_rules_coverage.py``.

Colour names: the rulebook's scoring example names colours (yellow, gray,
brown, purple, blue) but never says which commodity has which colour. The
tests map them, in the rulebook's order of commodities, to grain, spice, fur,
dye and cloth; scoring is symmetric in the colours, so the mapping does not
affect any expected value.
"""

from __future__ import annotations

import re

import numpy as np
from rulebook_quotes import RULES_DIR, needs, normalise

import florentine_envs
from florentine_envs.games.medici.medici import (
    LOC_BOX,
    LOC_DECK,
    LOC_MARKET,
    LOC_SHIP,
    LOC_WAREHOUSE,
    PHASE_REVEAL,
    STOP,
    TAKE_LAST,
    TAKE_LAST_AND_2ND,
    TAKE_LAST_AND_3RD,
    TAKE_LAST_THREE,
)

RULEBOOK = RULES_DIR / "medici_card_game.txt"

# ---------------------------------------------------------------------------
# Rulebook literals
# ---------------------------------------------------------------------------

# "1st Place ... 6th Place" table, by number of players (column per player count).
SHIP_TABLE = {2: [20, 0], 3: [30, 15, 0], 4: [30, 20, 10, 0], 5: [30, 20, 10, 5, 0], 6: [30, 20, 15, 10, 5, 0]}
# "Your ship can never hold more than five cards (seven cards in a 2 player game.)"
CAPACITY = {2: 7, 3: 5, 4: 5, 5: 5, 6: 5}
# "receives a payout of 10 florins, the player with the second most ... receives 5 florins"
COMMODITY_TABLE = [10, 5]
# "at least 5 commodities ... 10 florins. In a 2 player game ... at least 7"
MONOPOLY_THRESHOLD = {2: 7, 3: 5, 4: 5, 5: 5, 6: 5}
# Variant: "from 10 to 20 ... with 2 players, for at least 10 ...; with 3-6 players, for at least 8"
VARIANT_THRESHOLD = {2: 10, 3: 8, 4: 8, 5: 8, 6: 8}
GRAIN, SPICE, FUR, DYE, CLOTH = range(5)
YELLOW, GREY, BROWN, PURPLE, BLUE = GRAIN, SPICE, FUR, DYE, CLOTH  # see the module docstring
ANNA, BRITTA, CARLOS, DANIEL = range(4)
TAKES = (TAKE_LAST, TAKE_LAST_AND_2ND, TAKE_LAST_AND_3RD, TAKE_LAST_THREE)


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def make(num_players: int, **options):
    return florentine_envs.make("medici", num_players=num_players, **options)


class Cards:
    """Hands out distinct card ids by kind name ('Grain 2', 'Fur 0 (double)', 'Neutral 7', ...)."""

    def __init__(self, game):
        self.game = game
        self.used: set[int] = set()

    def __call__(self, name: str) -> int:
        kind = self.game.kind_names.index(name)
        for card in np.flatnonzero(self.game.card_kind == kind):
            if int(card) not in self.used:
                self.used.add(int(card))
                return int(card)
        raise AssertionError(f"no copy of {name!r} left")

    def many(self, *names: str) -> list[int]:
        return [self(n) for n in names]


def assert_cards_conserved(game, state) -> None:
    """Invariant check of the engine plus our own count: each of the 110 cards is in exactly
    one place (deck, market, a ship, a warehouse, the box)."""
    game.check_invariants(state)
    for b in range(state.batch_size):
        loc, owner = state.card_loc[b], state.card_owner[b]
        deck = state.deck[b, state.deck_top[b] : state.deck_end[b]].tolist()
        market = state.market[b, : state.market_len[b]].tolist()
        ships = np.flatnonzero(loc == LOC_SHIP).tolist()
        houses = np.flatnonzero(loc == LOC_WAREHOUSE).tolist()
        box = np.flatnonzero(loc == LOC_BOX).tolist()
        everything = deck + market + ships + houses + box
        assert len(everything) == 110
        assert sorted(everything) == list(range(110))
        assert sorted(deck) == np.flatnonzero(loc == LOC_DECK).tolist()
        assert sorted(market) == np.flatnonzero(loc == LOC_MARKET).tolist()
        assert (owner[ships + houses] >= 0).all() and (owner[box] == -1).all()


def unreveal(game, state, b: int = 0) -> None:
    """Put the cards revealed in the current turn back on top of the deck (same order)."""
    k, m, top = int(state.revealed[b]), int(state.market_len[b]), int(state.deck_top[b])
    cards = state.market[b, m - k : m].copy()
    assert state.deck[b, top - k : top].tolist() == cards.tolist()
    state.deck_top[b] = top - k
    state.market_len[b] = m - k
    state.card_loc[b, cards] = LOC_DECK
    np.add.at(state.deck_counts[b], game.card_kind[cards], 1)
    np.add.at(state.market_counts[b], game.card_kind[cards], -1)
    state.revealed[b] = 0
    state.phase[b] = PHASE_REVEAL


def stack_deck(game, state, cards, b: int = 0) -> None:
    """Rearrange the live deck in place so that ``cards`` are drawn first, in this order
    (the deck's contents and so ``deck_counts`` do not change)."""
    top, end = int(state.deck_top[b]), int(state.deck_end[b])
    live = state.deck[b, top:end].tolist()
    missing = [c for c in cards if c not in live]
    assert not missing, f"cards {missing} are not in the deck"
    chosen = set(cards)
    state.deck[b, top:end] = list(cards) + [c for c in live if c not in chosen]


def restart_turn_with(game, state, top, start=None) -> None:
    """Undo the automatic reveal of the current turn, optionally make ``start`` the start
    player, put ``top`` on top of the deck and replay the forced moves (as ``init`` does)."""
    unreveal(game, state)
    if start is not None:
        state.start_player[0] = start
        state.current_player[0] = start
    stack_deck(game, state, top)
    game._refresh_mask(state, np.arange(state.batch_size))
    game.check_invariants(state)
    game._play_forced(state, np.arange(state.batch_size))
    assert_cards_conserved(game, state)


def new_day_one(num_players: int, top, start: int = 0, seed: int = 0, game=None, **options):
    """Game at its first decision, with ``top`` as the first cards of the deck."""
    game = game or make(num_players, **options)
    state = game.init([seed])
    restart_turn_with(game, state, top, start)
    return game, state


def act(game, state, *actions) -> None:
    for a in actions:
        assert state.legal_action_mask[0, a], (
            f"{game.action_names[a]} is not legal; legal: "
            f"{[game.action_names[i] for i in np.flatnonzero(state.legal_action_mask[0])]}\n{game.render(state)}"
        )
        game.step(state, np.array([a]))
        assert_cards_conserved(game, state)


def legal(state) -> set[int]:
    return set(np.flatnonzero(state.legal_action_mask[0]).tolist())


def market(state) -> list[int]:
    return state.market[0, : state.market_len[0]].tolist()


def ship(state, p) -> list[int]:
    return np.flatnonzero((state.card_loc[0] == LOC_SHIP) & (state.card_owner[0] == p)).tolist()


def warehouse(state, p) -> list[int]:
    return np.flatnonzero((state.card_loc[0] == LOC_WAREHOUSE) & (state.card_owner[0] == p)).tolist()


def pool(state) -> list[int]:
    """Cards of the deck and the market, sorted."""
    return sorted(state.deck[0, state.deck_top[0] : state.deck_end[0]].tolist() + market(state))


def one_card_turn(game, state, seat) -> None:
    """Turn of ``seat`` with an empty market: the first card is revealed automatically; the
    player stops and takes it (a forced take)."""
    assert state.current_player[0] == seat, game.render(state)
    assert state.phase[0] == PHASE_REVEAL and state.revealed[0] == 1 and state.market_len[0] == 1
    act(game, state, STOP)


def single_colour_icons(num_players, colour, counts) -> np.ndarray:
    icons = np.zeros((1, num_players, 5), np.int64)
    icons[0, :, colour] = counts
    return icons


# An independent re-reading of the rulebook's scoring, used as an oracle in the random-play
# test (never the engine's functions): "The player with the most ... receives the highest
# payout, and so on", "the payouts for the involved players are added together and shared",
# "round down to the nearest 5 when tied".
def rulebook_ranked(amounts, table, only_holders=False) -> list[int]:
    n = len(amounts)
    out = [0] * n
    for p in range(n):
        if only_holders and amounts[p] == 0:
            continue  # "As there is no other player with grey commodities, there is no further payout"
        rivals = [q for q in range(n) if not (only_holders and amounts[q] == 0)]
        place = sum(1 for q in rivals if amounts[q] > amounts[p])
        tied = sum(1 for q in rivals if amounts[q] == amounts[p])
        total = sum(table[place : place + tied])
        out[p] = total // tied // 5 * 5
    return out


def rulebook_day_payouts(num_players, ship_values, house_icons, variant) -> list[int]:
    pay = rulebook_ranked(ship_values, SHIP_TABLE[num_players])
    for colour in range(5):
        counts = [int(house_icons[p][colour]) for p in range(num_players)]
        for p, florins in enumerate(rulebook_ranked(counts, COMMODITY_TABLE, only_holders=True)):
            pay[p] += florins
        for p, c in enumerate(counts):
            if variant and c >= VARIANT_THRESHOLD[num_players]:
                pay[p] += 20
            elif c >= MONOPOLY_THRESHOLD[num_players]:
                pay[p] += 10
    return pay


def rulebook_rewards(scores, mode) -> list[float]:
    P = len(scores)
    if mode == "score":
        return [s - (sum(scores) - s) / (P - 1) for s in scores]
    best = max(scores)
    winners = [s == best for s in scores]
    w = sum(winners)
    if w == P:
        return [0.0] * P
    return [1.0 / w if win else -1.0 / (P - w) for win in winners]


def run_to_day_end(game, state, rng):
    """Random legal play until the next action ends the day. Returns (state before that
    action, the action); ``state`` itself is left after the action."""
    day = int(state.day[0])
    while True:
        before = state.copy()
        action = int(rng.choice(np.flatnonzero(state.legal_action_mask[0])))
        game.step(state, np.array([action]))
        if state.day[0] != day or state.terminated[0]:
            return before, action


# ---------------------------------------------------------------------------
# Rulebook text: quotes and coverage
# ---------------------------------------------------------------------------


# Sentences of the rules that state no behaviour of the engine (flavour, physical components,
# table-side advice), with the reason. Every other sentence must be quoted by a test.
NOT_ENGINE_BEHAVIOUR = {
    "Place the coins (florins) within reach.": "physical component handling",
    "Each player is handed a player aid card to remind them how to earn money during the game.": "physical aid",
    "Most of the cards are commodity cards (with icons at the top).": "card layout; composition is tested",
    "Note: Some cards have green banners at the top.": "card layout; green cards are tested",
    "These work slightly differently to the other cards and will be explained soon.": "forward reference",
    "Recommendation: Place the new cards you reveal during your turn in a slightly lower position to cards "
    "already in the market.": "table-side advice; the engine counts revealed cards itself",
    "This helps to remember how many new cards you have already revealed.": "table-side advice",
    "Then it is the next player's turn, and play continues in this way.": "covered by the clockwise test",
    "Players take turns presenting goods to be loaded onto boats.": "summary of the turn rules",
    "Players then receive florins (money) for the value of the loads in their ships, and for how much of each "
    "commodity they have bought thus far.": "summary of the scoring rules",
    "Players will receive florins (scoring chips) at the end of each day, both for having high value loads, and "
    "for collecting different types of commodities.": "summary of the scoring rules",
    "(Please see the following examples for more info.)": "pointer to the examples (reproduced below)",
    "After scoring ships. the players score their warehouses.": "order of scoring; both parts are tested",
}


def rule_sentences() -> list[str]:
    """The sentences of the rules: from 'The aim' to the card list, minus headings, the
    payout table layout and the page repeated in the text extraction."""
    text = RULEBOOK.read_text(encoding="utf-8")
    start = text.index("The aim")
    end = text.index("Game design: Reiner Knizia")
    body = text[start:end]
    # The text extraction repeats part of page 2 (from "> In addition to the commodity cards")
    # before the scoring example; drop the repetition.
    first = body.index("> In addition to the commodity cards")
    again = body.index("> In addition to the commodity cards", first + 1)
    example = body.index("Example: In the first round")
    body = body[:again] + body[example:]
    # Headings and layout lines that are not sentences.
    drop = [
        "The aim", "Setting up the game", "Playing the game", "Scoring the day", "Preparing for the next day",
        "Game End and Winner", "The 110 Cards...", "Anna: Britta: Carlos:",
    ]  # fmt: skip
    lines = []
    for line in body.splitlines():
        stripped = line.strip()
        if re.fullmatch(r"(\d+(st|nd|rd|th) Place|\d+|Number of Players: 2 3 4 5 6)", stripped):
            continue
        if normalise(stripped) in drop:
            continue
        lines.append(line.replace("Number of Players: 2 3 4 5 6", ""))
    flat = normalise("\n".join(lines))
    flat = flat.replace("> ", "")
    flat = re.sub(r" [12]\. (?=Reveal cards|Take cards)", " ", flat)  # numbered steps
    parts = re.split(
        r"(?<=[.!?])\s+(?=[A-Z(\d])|(?<=[.!?]\))\s+|(?<=\(=\d\d\))\s+|(?<=were loaded:)\s+",
        flat,
    )
    sentences = []
    for part in parts:
        part = re.sub(r"^(On your turn, do the following: )?(Reveal cards|Take cards|Commodities): ", "", part.strip())
        if part and not re.fullmatch(r"[\d\s.]+|\(=\d+\)", part):
            sentences.append(part)
    return sentences


needs_rulebook = needs(RULEBOOK)


def green_capacity_day():
    """3 players. Player 0 loads 5 non-green and 3 green cards; see the test below."""
    game = make(3)
    cards = Cards(game)
    n7, g2, n2 = cards.many("Neutral 7", "Grain 2", "Neutral 2")
    c1, c2, c3 = cards.many("Spice 3", "Spice 4", "Spice 5")
    x, y, z = cards.many("Fur 2", "Grain 0 (green)", "Fur 3")
    a = cards.many("Dye 2", "Dye 3", "Dye 4", "Dye 5", "Dye 2")
    b = cards.many("Cloth 2", "Cloth 3", "Cloth 4", "Cloth 5")
    deck = [n7, g2, n2, a[0], b[0], c1, c2, c3, a[1], b[1], x, y, z, a[2], a[3], b[2], a[4], b[3]]
    game, state = new_day_one(3, deck, game=game)
    return game, state, {"n7": n7, "g2": g2, "n2": n2, "c": (c1, c2, c3), "x": x, "y": y, "z": z, "a": a, "b": b}
