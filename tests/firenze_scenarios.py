"""Scenario harness for the Firenze rule tests (``tests/test_firenze_rules_*.py``).

A :class:`Scenario` is one game (a batch of one) of the batched engine on a fixed
board. Positions are reached by driving real actions where that is cheap (take
a card, build, fulfil) and by editing state arrays where it is not (a storehouse
of a given colour mix, a tower of a given height, a card in a given row slot).
Every edit moves bricks and cards between places (pouch, storehouses, towers,
row, deck, hands) so that the totals the engine's ``check_invariants`` holds
stay exact; after edits :meth:`Scenario.refresh` recomputes the legal-action
mask with the engine's own method and plays any forced move.

Numbers here come from the rulebook (constants in the test module) or from
``firenze_data.json`` (reconstructed values); the engine's helper functions are
never used to compute an expected value. Field names and ids follow
``florentine_envs/games/firenze/DESIGN_NOTES.md`` (§2 state, §5 phases, §8
actions).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np

import florentine_envs

DATA_PATH = Path(__file__).resolve().parents[1] / "florentine_envs" / "games" / "firenze" / "firenze_data.json"
DATA = json.loads(DATA_PATH.read_text(encoding="utf-8"))

# --------------------------------------------------------------------------- colours and cards

COLOURS = DATA["conventions"]["colour_order"]  # white, yellow, green, red, blue, purple
WHITE, YELLOW, GREEN, RED, BLUE, PURPLE = range(6)
COLOUR = {name: i for i, name in enumerate(COLOURS)}

CARDS = DATA["action_cards"]["cards"]
KINDS = [c["name"] for c in CARDS]  # kind id = index (alphabetical)
KIND = {name: i for i, name in enumerate(KINDS)}
KIND_TYPE = [c["type"] for c in CARDS]
KIND_COUNT = [c["count"] for c in CARDS]
# The engine tracks cards by kind (SPEC.md §0.1). Start cards per kind (reconstructed data).
START_KINDS = {KIND[name]: n for name, n in DATA["start_cards"]["copies"].items()}
BUILDING_KINDS = ["Bridge", "Warehouse", "Workshop"]  # order of the ``buildings`` axis

# Commission (colour, height) -> (id, prestige), from the reconstructed data.
COMMISSION = {}
for _colour, _levels in DATA["commissions"]["towers"].items():
    for _lv in _levels:
        COMMISSION[(COLOUR[_colour], _lv["height"])] = (
            6 * COLOUR[_colour] + _lv["level"] - 1,
            _lv["prestige"],
        )
LEVEL_TILE_BONUS = {t["height"]: t["bonus"] for t in DATA["level_tiles"]["tiles"]}
MAJORITY = [DATA["majority_bonus"]["by_colour"][c] for c in COLOURS]
BALCONY = {t["id"]: t for t in DATA["balcony_tiles"]["tiles"]}

# --------------------------------------------------------------------------- phases (§5)

(
    CHOOSE,
    PAY_CARD_COST,
    EVENT_PATRICIAN,
    EVENT_OWN_TOWER,
    UNUSED_PHASE,  # EVENT_SABOTEUR until v0: the Saboteur is personnel since v1
    EVENT_DISCARD,
    EVENT_KEEP_TOWER,
    EVENT_PAY,
    EXCHANGE,
    EXCHANGE_PAY,
    BUILD,
    PAY_BUILD_COST,
    FULFILL,
    LIMIT_BRICKS,
    LIMIT_CARDS,
    ALCHEMIST_GIVE,
    SMUGGLER_GIVE,
    GAME_OVER,
) = range(18)

# --------------------------------------------------------------------------- action ids (§8)

NUM_ACTIONS = 168
# Hand and card-limit kinds in action-id order; the Saboteur (a hand card since v1) got ids
# appended after PASS (SPEC §A).
HAND_ORDER = [
    "Alchemist", "Architect", "Disgrace", "Fame", "Mason", "Monument",
    "Patrician", "Princess", "Recognition", "Scandal", "Smuggler", "Wholesaler",
]  # fmt: skip
LIMIT_ORDER = [
    "Alchemist", "Architect", "Bridge", "Mason", "Patrician", "Princess",
    "Smuggler", "Warehouse", "Wholesaler", "Workshop",
]  # fmt: skip


def take_card(slot: int) -> int:
    return slot


def exchange(slot: int, colour: int) -> int:
    return 6 + 6 * slot + colour


def build_on(tower: int) -> int:
    return 42 + tower


def start_tower(colour: int) -> int:
    return 54 + colour


def fulfill(tower: int, delta: int = 0) -> int:
    return 60 + 3 * tower + delta + 1


BELL_TOWER = 78


def brick(colour: int) -> int:
    return 79 + colour


def select_tower(tower: int) -> int:
    return 85 + tower


def sabotage(offset: int, tower: int) -> int:
    return 91 + 6 * (offset - 1) + tower


def alchemist(colour: int) -> int:
    return 109 + colour


def smuggle(offset: int, colour: int) -> int:
    return 115 + 6 * (offset - 1) + colour


def wholesale(slot: int) -> int:
    return 133 + slot


def patrician_discard(kind_name: str) -> int:
    return 166 if kind_name == "Saboteur" else 139 + HAND_ORDER.index(kind_name)


PLAY_PRINCESS, PLAY_MASON, PLAY_ARCHITECT, IGNORE_EVENT = 151, 152, 153, 154


def limit_discard(name: str) -> int:
    return 167 if name == "Saboteur" else 155 + LIMIT_ORDER.index(name)


PASS = 165

BRICKS = range(79, 85)
EXCHANGES = range(6, 42)
FULFILLS = range(60, 78)
ALCHEMISTS = range(109, 115)
SMUGGLES = range(115, 133)
WHOLESALES = range(133, 139)
SABOTAGES = range(91, 109)
PERSONNEL_ACTIONS = set(ALCHEMISTS) | set(SMUGGLES) | set(WHOLESALES) | set(SABOTAGES) | set(range(139, 154)) | {166}

# A fixed board for every scenario: the four balconies all on the white tower
# (I = 5 levels ... IV = 8 levels) and the five neutral seals high on the red,
# blue and purple towers, so the yellow and green towers are wholly open.
BOARD = {"balconies": [0, 5, 10, 15], "neutral_seals": [23, 28, 29, 34, 35]}
# Personnel cards used to end a turn quickly: taking them changes no score, and
# PASS stays available in every phase they open.
FILLER_KINDS = ["Architect", "Alchemist", "Smuggler", "Wholesaler", "Princess", "Mason", "Patrician"]


def cards_with(**by_name: int) -> list[dict]:
    """The data's card list with some counts changed, for a ``data`` patch (a patch replaces a
    whole list): ``cards_with(Saboteur=2, Alchemist=3)``. The deck must still hold 52 cards."""
    cards = copy.deepcopy(CARDS)
    for card in cards:
        card["count"] = by_name.get(card["name"], card["count"])
    assert sum(card["count"] for card in cards) == 52
    return cards


def counts(**by_name: int) -> np.ndarray:
    """int[6] brick counts from colour names: ``counts(white=2, red=1)``."""
    out = np.zeros(6, np.int64)
    for name, n in by_name.items():
        out[COLOUR[name]] = n
    return out


class Scenario:
    """One Firenze game (batch of one) on :data:`BOARD`, with state-editing helpers.

    ``s`` is the engine state; everything refers to game 0 of the batch.
    """

    def __init__(self, num_players: int = 2, seed: int = 0, **options):
        opts = dict(BOARD)
        opts.update(options)
        self.P = num_players
        self.game = florentine_envs.make("firenze", num_players=num_players, **opts)
        self.s = self.game.init([seed])

    # ------------------------------------------------------------ reading

    def legal(self) -> set[int]:
        return set(np.flatnonzero(self.s.legal_action_mask[0]).tolist())

    def names(self, actions) -> list[str]:
        return [self.game.action_names[a] for a in sorted(actions)]

    @property
    def phase(self) -> int:
        return int(self.s.phase[0])

    @property
    def to_move(self) -> int:
        return int(self.s.current_player[0])

    @property
    def turn(self) -> int:
        return int(self.s.turn_player[0])

    def store(self, p: int) -> list[int]:
        return self.s.storehouse[0, p].tolist()

    def pouch(self) -> list[int]:
        return self.s.pouch[0].tolist()

    def towers(self, p: int) -> list[tuple[int, int]]:
        """(colour, height) of player p's towers, in slot order."""
        col, h = self.s.tower_colour[0, p], self.s.tower_height[0, p]
        return [(int(c), int(x)) for c, x in zip(col, h) if c >= 0]

    def row(self) -> list[int]:
        """Kind in each row slot (-1 empty)."""
        return self.s.row_card[0].tolist()

    def deck(self) -> list[int]:
        return self.s.deck[0, self.s.deck_pos[0] : self.s.deck_len[0]].tolist()

    def discard(self) -> list[int]:
        """Cards in the discard pile, per kind (int[27])."""
        return self.s.discard[0].tolist()

    def hand(self, p: int, name: str) -> int:
        return int(self.s.hand[0, p, KIND[name]])

    def owns(self, p: int, name: str) -> bool:
        return bool(self.s.buildings[0, p, BUILDING_KINDS.index(name)])

    def bricks_total(self) -> np.ndarray:
        """int[6] bricks of each colour over every place (must stay the rulebook's counts)."""
        s = self.s
        heights = s.tower_height[0].astype(np.int64)
        on_towers = np.zeros(6, np.int64)
        for c, h in zip(s.tower_colour[0].ravel(), heights.ravel()):
            if c >= 0:
                on_towers[c] += h
        return s.pouch[0] + s.storehouse[0].sum(0) + s.aside[0] + s.row_bricks[0].sum(0) + on_towers

    # ------------------------------------------------------------ acting

    def act(self, *actions: int) -> None:
        """Play ``actions`` in order, each of which must be legal (forced moves follow by themselves)."""
        for a in actions:
            legal = self.legal()
            assert a in legal, (
                f"{self.game.action_names[a]} is not legal in phase {self.phase} for player {self.to_move}; "
                f"legal: {self.names(legal)}"
            )
            self.game.step(self.s, np.array([a]))
            self.game.check_invariants(self.s)

    def pass_until(self, phase: int) -> None:
        """PASS until the game reaches ``phase`` (only phases where PASS ends the phase)."""
        for _ in range(10):
            if self.phase == phase:
                return
            self.act(PASS)
        raise AssertionError(f"phase {phase} not reached; now {self.phase}")

    def finish_turn(self, seat: int) -> None:
        """End ``seat``'s turn if it is still running (forced moves may have ended it): PASS
        through the optional phases and give up the first legal brick/card at the limits."""
        for _ in range(60):
            if self.s.terminated[0] or self.turn != seat:
                return
            legal = self.legal()
            self.act(PASS if PASS in legal else min(legal))
        raise AssertionError("turn did not end")

    def filler_turn(self) -> None:
        """A turn that changes no score: take a personnel card with no bricks from slot 0 and PASS."""
        seat = self.turn
        self.put_row(0, self._available_filler(), {})
        self.refresh()
        self.take(0)
        self.finish_turn(seat)
        assert self.s.terminated[0] or self.turn == (seat + 1) % self.P

    def _available_filler(self) -> str:
        for name in FILLER_KINDS:
            if KIND[name] in self.deck() or self.discard()[KIND[name]] > 0:
                return name
        raise AssertionError("no filler card left")

    # ------------------------------------------------------------ editing bricks

    def _move(self, src: np.ndarray, dst: np.ndarray, colour: int, n: int) -> None:
        assert src[colour] >= n, f"not enough {COLOURS[colour]} bricks to move ({int(src[colour])} < {n})"
        src[colour] -= n
        dst[colour] += n

    def _sources(self, p: int) -> list[np.ndarray]:
        """Where bricks for player p's storehouse come from: the pouch, then the other
        storehouses, then the row cards (right to left)."""
        s = self.s
        others = [s.storehouse[0, q] for q in range(self.P) if q != p]
        return [s.pouch[0], *others, *[s.row_bricks[0, j] for j in range(5, -1, -1)]]

    def set_store(self, p: int, **by_name: int) -> None:
        """Make player p's storehouse exactly ``by_name`` (other colours 0): surplus goes to
        the pouch; what is missing comes from the pouch, else other storehouses, else the row."""
        want = counts(**by_name)
        store, pouch = self.s.storehouse[0, p], self.s.pouch[0]
        for c in range(6):
            if store[c] > want[c]:
                self._move(store, pouch, c, int(store[c] - want[c]))
            for src in self._sources(p):
                n = int(min(want[c] - store[c], src[c]))
                if n > 0:
                    self._move(src, store, c, n)
            assert store[c] == want[c], f"not enough {COLOURS[c]} bricks in the game"

    def set_row_bricks(self, slot: int, by_name: dict[str, int]) -> None:
        want = counts(**by_name)
        row, pouch = self.s.row_bricks[0, slot], self.s.pouch[0]
        for c in range(6):
            if row[c] > want[c]:
                self._move(row, pouch, c, int(row[c] - want[c]))
            elif row[c] < want[c]:
                self._move(pouch, row, c, int(want[c] - row[c]))

    def set_pouch(self, into: int, **by_name: int) -> None:
        """Leave exactly ``by_name`` in the pouch; the rest goes to player ``into``'s storehouse."""
        want = counts(**by_name)
        pouch, store = self.s.pouch[0], self.s.storehouse[0, into]
        for c in range(6):
            if pouch[c] > want[c]:
                self._move(pouch, store, c, int(pouch[c] - want[c]))
            elif pouch[c] < want[c]:
                self._move(store, pouch, c, int(want[c] - pouch[c]))

    def add_tower(self, p: int, colour: int, height: int, at_start: bool = True, built: bool = False) -> int:
        """A tower of ``height`` bricks (from the pouch, else other storehouses, else the row)
        in p's first free slot; returns the slot."""
        free = np.flatnonzero(self.s.tower_colour[0, p] < 0)
        slot = int(free[0])
        sink = np.zeros(6, np.int64)
        for src in [self.s.pouch[0], *[self.s.storehouse[0, q] for q in range(self.P)],
                    *[self.s.row_bricks[0, j] for j in range(5, -1, -1)]]:  # fmt: skip
            n = int(min(height - sink[colour], src[colour]))
            if n > 0:
                self._move(src, sink, colour, n)
        assert sink[colour] == height, f"not enough {COLOURS[colour]} bricks in the game"
        self.s.tower_colour[0, p, slot] = colour
        self.s.tower_height[0, p, slot] = height
        self.s.tower_at_start[0, p, slot] = at_start
        self.s.tower_built[0, p, slot] = built
        return slot

    # ------------------------------------------------------------ editing cards

    def _pull(self, name: str) -> None:
        """Remove a card of kind ``name`` from the deck (else from the discard pile)."""
        kind = KIND[name]
        deck = self.deck()
        if kind in deck:
            deck.remove(kind)
            self._set_deck(deck)
            return
        assert self.s.discard[0, kind] > 0, f"no {name} in the deck or the discard pile"
        self.s.discard[0, kind] -= 1

    def _set_deck(self, kinds: list[int]) -> None:
        pos = int(self.s.deck_pos[0])
        self.s.deck[0, pos:] = -1
        self.s.deck[0, pos : pos + len(kinds)] = kinds
        self.s.deck_len[0] = pos + len(kinds)

    def give_hand(self, p: int, name: str, n: int = 1) -> None:
        for _ in range(n):
            self._pull(name)
            self.s.hand[0, p, KIND[name]] += 1

    def give_building(self, p: int, name: str) -> None:
        self._pull(name)
        self.s.buildings[0, p, BUILDING_KINDS.index(name)] = True

    def put_row(self, slot: int, name: str, bricks: dict[str, int] | None = None) -> None:
        """Put a ``name`` card (from the deck) in row ``slot``; the card there goes to the
        bottom of the deck. ``bricks``: the card's bricks afterwards (via the pouch)."""
        self._pull(name)
        old = int(self.s.row_card[0, slot])
        if old >= 0:
            self._set_deck(self.deck() + [old])
        self.s.row_card[0, slot] = KIND[name]
        if bricks is not None:
            self.set_row_bricks(slot, bricks)

    def to_discard(self, *names: str) -> None:
        """Move cards from the deck to the discard pile; no names: the whole deck."""
        kinds = [KIND[n] for n in names] if names else self.deck()
        for k in kinds:
            self._pull(KINDS[k])
            self.s.discard[0, k] += 1

    def copy(self) -> Scenario:
        """An independent scenario in the same position (same game object)."""
        other = object.__new__(Scenario)
        other.P, other.game, other.s = self.P, self.game, self.s.copy()
        return other

    def stack_deck(self, *names: str) -> None:
        """Put ``names`` on top of the deck, in this order."""
        for n in names:
            self._pull(n)
        self._set_deck([KIND[n] for n in names] + self.deck())

    def own_commission(self, p: int, colour: int, height: int) -> int:
        """Seal a commission for player p (no prestige): the board as after an earlier fulfilment."""
        cid, _ = COMMISSION[(colour, height)]
        assert self.s.commission_owner[0, cid] == -1, "commission not open"
        self.s.commission_owner[0, cid] = p
        self.s.seals_left[0, p] -= 1
        return cid

    def refresh(self) -> None:
        """After edits: check the totals, recompute the mask with the engine's own method and
        play any forced move."""
        self.game.check_invariants(self.s)
        games = np.arange(1)
        self.game._refresh_mask(self.s, games)
        self.game._play_forced(self.s, games)
        self.game.check_invariants(self.s)

    # ------------------------------------------------------------ common openings

    def take(self, slot: int) -> None:
        """Take the card in ``slot``, unless the engine already did (it was the only choice)."""
        if self.phase == CHOOSE and take_card(slot) in self.legal():
            self.act(take_card(slot))
        else:
            assert self.phase != CHOOSE and slot == 0, "the card was not taken"

    def take_blank(self, name: str = "Architect", slot: int = 0) -> None:
        """Take a ``name`` card with no bricks from ``slot`` (free when ``slot`` is 0)."""
        self.put_row(slot, name, {})
        self.refresh()
        self.take(slot)

    def end_build(self) -> None:
        """PASS out of the Build phase (unless PASS was the only choice and already played)."""
        if self.phase == BUILD:
            self.act(PASS)

    def to_build(self, name: str = "Architect") -> None:
        """From CHOOSE: take a brickless ``name`` from slot 0 and skip the exchange."""
        assert self.phase == CHOOSE
        self.take_blank(name)
        self.pass_until(BUILD)

    def loose_bricks(self) -> np.ndarray:
        """int[6] bricks in the pouch and on the row cards (the refill moves bricks between the two)."""
        return self.s.pouch[0] + self.s.row_bricks[0].sum(0)
