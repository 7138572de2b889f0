"""Scenario harness for the Florenza: The Card Game rule tests
(``tests/test_florenza_cards_rules_*.py``).

A :class:`Scenario` is one game of the batched engine, made through the public API: ``init``
with a seed, then edits of the state's fields, then ``step`` with the action ids of
``SPEC.md`` §6 (computed here from the data's block sizes, not read from the engine). Every
edit moves cards, resources and money between their places (deck, hands, discard pile, play,
supply) so that the totals the engine's ``check_invariants`` holds stay exact; after edits
:meth:`Scenario.refresh` recomputes the legal-action mask with the engine's own method and
plays any forced move.

The game is played twice at once: as a batch of two identical games (the vectorised masks and
handlers, with ``debug = True``, so every ``step`` checks the invariants: conservation of
cards, resources and money) and as a lone game (the one-game fast paths of the AEC env); after
every step and in every observation read the two must agree. Everything reads game 0 of the
batch.

Numbers come from the rulebook (constants in the test modules) or from the component data
``florenza_cards_data.json`` read here directly; the engine's helper functions are never
used to compute an expected value.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from rulebook_quotes import RULES_DIR

import florentine_envs
from florentine_envs.testing import _first_difference, states_equal

DATA_PATH = Path(__file__).resolve().parents[1] / "florentine_envs" / "games" / "florenza_cards"
DATA = json.loads((DATA_PATH / "florenza_cards_data.json").read_text(encoding="utf-8"))
RULEBOOK = RULES_DIR / "florenza_card_game.txt"

# --------------------------------------------------------------------------- components (data order)

RESOURCES = DATA["resources"]  # marble, wood, gold, metal, fabric, spice
MARBLE, WOOD, GOLD, METAL, FABRIC, SPICE = (
    RESOURCES.index(r) for r in ("marble", "wood", "gold", "metal", "fabric", "spice")
)
TYPES = DATA["artist_types"]  # architect, painter, sculptor
ARCHITECT, PAINTER, SCULPTOR = (TYPES.index(t) for t in ("architect", "painter", "sculptor"))
CARDS = DATA["florenza_cards"]
CARD = {c["id"]: c for c in CARDS}
CARD_IDS = [c["id"] for c in CARDS]
MONUMENTS = DATA["monuments"]
MONUMENT = {m["id"]: m for m in MONUMENTS}
MON_IDS = [m["id"] for m in MONUMENTS]
ARTISTS = DATA["artists"]
ARTIST = {a["id"]: a for a in ARTISTS}
ART_IDS = [a["id"] for a in ARTISTS]
LOCATIONS = DATA["locations"]
LOCATION = {loc["id"]: loc for loc in LOCATIONS}
LOC_IDS = [loc["id"] for loc in LOCATIONS]
K, M, AK, L = len(CARDS), len(MONUMENTS), len(ARTISTS), len(LOCATIONS)
NA = sum(len(a["values"]) for a in ARTISTS)  # artist cards (copies), kind-major (SPEC §2)
ABASE = np.concatenate([[0], np.cumsum([len(a["values"]) for a in ARTISTS])[:-1]]).astype(int)
COPY_VALUE = [v for a in ARTISTS for v in a["values"]]
DECKS = ("I", "II", "III")


def copies(card_id: str, P: int, deck: str | None = None, guilds: bool = True) -> int:
    """Cards of ``card_id`` in a ``P``-player game (one deck or all three), from the data."""
    c = CARD[card_id]
    if c["class"] == "guild" and not guilds:
        return 0
    return sum(c["copies"][d][str(P)] for d in ((deck,) if deck else DECKS))


def cost(entry: dict) -> tuple[list[int], int]:
    """(resources[6], money) printed on a card or monument."""
    printed = entry.get("cost", {})
    return [printed.get(r, 0) for r in RESOURCES], printed.get("money", 0)


def copy_of(artist_id: str, value: int) -> int:
    """The artist card (copy index, SPEC §2) of ``artist_id`` with ``value``."""
    a = ART_IDS.index(artist_id)
    return int(ABASE[a] + ARTISTS[a]["values"].index(value))


# --------------------------------------------------------------------------- phases (SPEC §6)

(ACTION, HIRE, EXCHANGE_GIVE_1, EXCHANGE_GIVE_2, EXCHANGE_TAKE, BARTER_GIVE, BARTER_TAKE, KEEP, CAPTAIN_CHOICE,
 MERCHANT_CHOICE, GAME_OVER) = range(11)  # fmt: skip
IN_DECK, IN_ROW, DISCARDED, RESERVED, DONE = range(5)  # mon_state / art_state (SPEC §7)

# --------------------------------------------------------------------------- action ids (SPEC §6)


def play(card_id: str) -> int:
    return CARD_IDS.index(card_id)


def complete(mon_id: str) -> int:
    return K + MON_IDS.index(mon_id)


def reserve_monument(mon_id: str) -> int:
    return K + M + MON_IDS.index(mon_id)


def reserve_artist(artist_id: str) -> int:
    return K + 2 * M + ART_IDS.index(artist_id)


def location(loc_id: str) -> int:
    return K + 2 * M + AK + LOC_IDS.index(loc_id)


WORKERS = K + 2 * M + AK + L


def market_sell(r: int) -> int:
    return WORKERS + 1 + r


def market_buy(r: int) -> int:
    return WORKERS + 7 + r


MARKET_EXCHANGE = WORKERS + 13
INSPIRATION = WORKERS + 14
PASS = WORKERS + 15


def hire_table(artist_id: str) -> int:
    return PASS + 1 + ART_IDS.index(artist_id)


def hire_reserved(artist_id: str) -> int:
    return PASS + 1 + AK + ART_IDS.index(artist_id)


def hire_anonymous(t: int) -> int:
    return PASS + 1 + 2 * AK + t


def resource(r: int) -> int:
    return PASS + 4 + 2 * AK + r


def keep(card_id: str) -> int:
    return PASS + 10 + 2 * AK + CARD_IDS.index(card_id)


NUM_ACTIONS = PASS + 10 + 2 * AK + K  # the blocks of the SPEC §6 table (ids 0-317 with the packaged data)


# --------------------------------------------------------------------------- the scenario


class Scenario:
    """One Florenza game (batch of one) with state-editing helpers; ``s`` is the state and
    everything refers to game 0. ``round`` >= 2 opens the waiting decks (Deck II, and Deck III
    from round 3) by putting their cards at the bottom of the draw deck, so that every card of
    the game can be given to a player."""

    def __init__(self, num_players: int = 4, seed: int = 0, round: int = 1, **options):
        self.P = num_players
        self.guilds = options.get("guilds", True)
        self.game = florentine_envs.make("florenza_cards", num_players=num_players, **options)
        self.game.debug = True  # every step checks the invariants
        self.fast = florentine_envs.make("florenza_cards", num_players=num_players, **options)
        # the edits make positions no play reaches (a round without its draws, a seat put to act):
        # the totals are checked, not where the round stands (florenza_cards/pending.py)
        self.game.round_checks = self.fast.round_checks = False
        self.s = self.game.init([seed, seed])  # a batch of two identical games
        self.one = self.fast.init([seed])  # the same game alone
        self._same()
        if round > 1:
            self.set_round(round)

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
    def captain(self) -> int:
        return int(self.s.captain[0])

    @property
    def round(self) -> int:
        return int(self.s.round[0])

    def res(self, p: int) -> list[int]:
        return self.s.res[0, p].tolist()

    def money(self, p: int) -> int:
        return int(self.s.money[0, p])

    def supply(self) -> list[int]:
        return self.s.supply[0].tolist()

    def supply_money(self) -> int:
        return int(self.s.supply_money[0])

    def deck(self) -> list[str]:
        """The draw deck, top first, as card ids."""
        s = self.s
        return [CARD_IDS[k] for k in s.deck[0, s.deck_pos[0] : s.deck_len[0]].tolist()]

    def hand(self, p: int) -> dict[str, int]:
        return {CARD_IDS[k]: n for k, n in enumerate(self.s.hand[0, p].tolist()) if n}

    def discards(self) -> dict[str, int]:
        """The discard pile (all seats), by card id."""
        pile = self.s.discard[0].sum(0)
        return {CARD_IDS[k]: int(n) for k, n in enumerate(pile) if n}

    def in_play(self, p: int) -> set[str]:
        return {CARD_IDS[k] for k in np.flatnonzero(self.s.in_play[0, p])}

    def row(self) -> set[str]:
        return {MON_IDS[m] for m in np.flatnonzero(self.s.mon_state[0] == IN_ROW)}

    def mon_state(self, mon_id: str) -> tuple[int, int]:
        m = MON_IDS.index(mon_id)
        return int(self.s.mon_state[0, m]), int(self.s.mon_owner[0, m])

    def table(self) -> list[int]:
        """The artist cards (copies) on the table."""
        return np.flatnonzero(self.s.art_state[0] == IN_ROW).tolist()

    def obs(self, p: int) -> np.ndarray:
        """Seat ``p``'s observation (the batched and the one-game encoders agree)."""
        batched = self.game.observe(self.s, np.array([p, p]))
        alone = self.fast.observe(self.one, np.array([p]))[0]
        assert (batched[0] == alone).all() and (batched[1] == alone).all(), "the observation encoders differ"
        return batched[0]

    def field(self, p: int, name: str) -> np.ndarray:
        return self.obs(p)[self.game.obs_layout[name]]

    def visible_prestige(self, p: int) -> int:
        return int(self.s.visible_pp[0, p])

    def block(self, observer: int, seat: int) -> dict[str, np.ndarray]:
        """Seat ``seat``'s block in ``observer``'s observation (SPEC §10, ``players``)."""
        parts = {"money": 1, "res": 6, "hand_size": 1, "visible_pp": 1, "hired_types": 3, "in_play": K,
                 "completed": M, "reserved_monuments": M, "reserved_artists": AK, "anonymous_hired": 3,
                 "artwork_artists": K, "monument_artists": M, "hired_artists": NA}  # fmt: skip
        size = sum(parts.values())
        j = (seat - observer) % self.P
        b = self.field(observer, "players")[j * size : (j + 1) * size]
        out, at = {}, 0
        for name, n in parts.items():
            out[name] = b[at : at + n]
            at += n
        return out

    # ------------------------------------------------------------ acting

    def act(self, *actions: int) -> None:
        """Play ``actions`` in order, each of which must be legal (forced moves follow by themselves).
        Edits made since the last :meth:`refresh` are refreshed first."""
        if not states_equal(self.one, self.s.select(np.array([0]))):
            self.refresh()
        for a in actions:
            legal = self.legal()
            assert a in legal, (
                f"{self.game.action_names[a]} is not legal in phase {self.phase} for seat {self.to_move}; "
                f"legal: {self.names(legal)}"
            )
            self.game.step(self.s, np.array([a, a]))
            self.fast.step(self.one, np.array([a]))
            self._same()

    def auto(self) -> int:
        """One plain decision that plays no card: send out workers when possible (once the money
        supply runs out: reserve an artist, activate a location, search for inspiration); the first
        legal choice in every other phase. Returns the action played."""
        legal = self.legal()
        a = min(legal)
        if self.phase == ACTION:
            plain = [WORKERS, *range(K + 2 * M, K + 2 * M + AK + L), INSPIRATION]
            a = next((x for x in plain if x in legal), a)
        self.act(a)
        return a

    def run_until(self, done, limit: int = 400) -> None:
        """:meth:`auto` until ``done()``."""
        for _ in range(limit):
            if done():
                return
            self.auto()
        raise AssertionError("the condition was not reached")

    def finish_round(self) -> None:
        """Plain decisions until the next round starts (or the game ends)."""
        r = self.round
        self.run_until(lambda: self.round != r or bool(self.s.terminated[0]))

    # ------------------------------------------------------------ editing

    def refresh(self) -> None:
        """After edits (of game 0): check the totals, copy the game to the batch's other slot and
        to the lone game, recompute the masks with the engine's own methods (batched and one-game)
        and play any forced move."""
        s = self.s
        self.game.check_invariants(s.select(np.array([0])))
        s.assign(np.array([1]), s.select(np.array([0])))
        games = np.arange(2)
        self.game._refresh_mask(s, games)
        self.game._play_forced(s, games)
        self.game.check_invariants(s)
        self.one = s.select(np.array([0]))
        self.fast._refresh_mask(self.one, np.arange(1))  # the one-game mask
        assert (self.one.legal_action_mask == s.legal_action_mask[:1]).all(), "the mask paths differ"

    def _same(self) -> None:
        """The batch's two games and the lone game are in the same state."""
        s = self.s
        assert states_equal(s.select(np.array([0])), s.select(np.array([1]))), (
            "the batch's games differ: " + _first_difference(s.select(np.array([0])), s.select(np.array([1]))))
        assert states_equal(self.one, s.select(np.array([0]))), "the lone game differs from the batch"

    def turn(self, p: int, slot: int = 0) -> None:
        """Seat ``p`` to take its action of action slot ``slot`` (0-3 normal, 4-7 extra)."""
        s = self.s
        s.slot[0], s.offset[0] = slot, (p - self.captain) % self.P
        s.phase[0], s.current_player[0] = ACTION, p
        s.pending_card[0] = s.pending_monument[0] = -1
        self.refresh()

    def set_captain(self, p: int) -> None:
        """Seat ``p`` holds the Captain of the People (and acts first: slot 0, offset 0)."""
        self.s.captain[0] = p
        self.turn(p)

    def set_round(self, r: int) -> None:
        """Make it round ``r``: Decks II (from round 2) and III (from round 3) are no longer
        waiting; their cards go to the bottom of the draw deck."""
        s = self.s
        opened = [d for d, first in (("II", 2), ("III", 3)) if self.round < first <= r]
        extra = [k for k, c in enumerate(CARDS) for d in opened for _ in range(copies(c["id"], self.P, d, self.guilds))]
        self._set_deck([CARD_IDS.index(c) for c in self.deck()] + extra)
        s.round[0] = r
        self.refresh()

    def _set_deck(self, kinds: list[int]) -> None:
        s = self.s
        s.deck[0] = -1
        s.deck[0, : len(kinds)] = kinds
        s.deck_pos[0], s.deck_len[0] = 0, len(kinds)

    def set_deck(self, card_ids: list[str]) -> None:
        """The draw deck becomes exactly ``card_ids`` (top first): the cards named come from the
        deck, the hands or the discard pile; the deck's other cards go to the discard pile of
        seat 0 (they stay in the game)."""
        for c in card_ids:
            self.pull(c)
        for c in self.deck():
            self.s.discard[0, 0, CARD_IDS.index(c)] += 1
        self._set_deck([CARD_IDS.index(c) for c in card_ids])

    def pull(self, card_id: str) -> None:
        """Take one ``card_id`` out of the draw deck, else a hand, else the discard pile."""
        s, k = self.s, CARD_IDS.index(card_id)
        deck = self.deck()
        if card_id in deck:
            deck.remove(card_id)
            self._set_deck([CARD_IDS.index(c) for c in deck])
            return
        for where in (s.hand, s.discard):
            seats = np.flatnonzero(where[0, :, k] > 0)
            if seats.size:
                where[0, seats[0], k] -= 1
                return
        raise AssertionError(f"no {card_id} in the deck, the hands or the discard pile")

    def clear_hand(self, p: int) -> None:
        """Seat ``p``'s hand goes to the bottom of the draw deck."""
        s = self.s
        back = [k for k, n in enumerate(s.hand[0, p].tolist()) for _ in range(n)]
        s.hand[0, p] = 0
        self._set_deck([CARD_IDS.index(c) for c in self.deck()] + back)

    def give(self, p: int, *card_ids: str) -> None:
        """Cards into seat ``p``'s hand."""
        for c in card_ids:
            self.pull(c)
            self.s.hand[0, p, CARD_IDS.index(c)] += 1

    def put_in_play(self, p: int, card_id: str, artist_value: int | None = None, artist_type: int | None = None):
        """``card_id`` in front of seat ``p`` as if played earlier; an artwork needs the value
        (and, for the Patron of the Arts, the type) of the artist who made it."""
        s, k = self.s, CARD_IDS.index(card_id)
        needs = "artist_types" in CARD[card_id]
        assert needs == (artist_value is not None), f"{card_id}: artist value given iff the card needs an artist"
        self.pull(card_id)
        s.in_play[0, p, k] = True
        s.card_artist[0, p, k] = artist_value if needs else -1
        s.visible_pp[0, p] += CARD[card_id].get("prestige", 0) + (artist_value or 0)
        if artist_type is not None:
            s.hired_types[0, p, artist_type] += 1

    def monument_to_row(self, mon_id: str) -> None:
        """``mon_id`` joins the row: a discarded one comes back; one still in the deck is drawn
        next (it swaps draw positions with the deck's next monument) -- the row is not touched."""
        s, m = self.s, MON_IDS.index(mon_id)
        if s.mon_state[0, m] in (IN_ROW, DISCARDED):  # drawn already
            s.mon_state[0, m] = IN_ROW
            return
        assert s.mon_state[0, m] == IN_DECK, f"{mon_id} is neither drawn nor in the monument deck"
        nxt = int(np.flatnonzero(s.mon_pos[0] == s.mon_drawn[0])[0])
        s.mon_pos[0, [m, nxt]] = s.mon_pos[0, [nxt, m]]
        s.mon_drawn[0] += 1
        s.mon_state[0, m] = IN_ROW

    def set_row(self, mon_ids: list[str], positions: list[int] | None = None) -> None:
        """The row holds exactly ``mon_ids`` (others leave it for the discard), optionally with
        these draw positions (the order drawn): a wanted monument swaps position and place with
        the monument holding that position, and every position up to the highest is drawn."""
        s = self.s
        wanted = [MON_IDS.index(x) for x in mon_ids]
        if positions is None:
            for mon_id in mon_ids:
                self.monument_to_row(mon_id)
        else:
            for m, pos in zip(wanted, positions):
                holder = int(np.flatnonzero(s.mon_pos[0] == pos)[0])
                assert s.mon_state[0, holder] in (IN_DECK, IN_ROW, DISCARDED), "only unowned monuments move"
                for field in (s.mon_pos, s.mon_state):
                    field[0, [m, holder]] = field[0, [holder, m]]
            s.mon_drawn[0] = max(int(s.mon_drawn[0]), max(positions) + 1)
        for m in range(M):
            drawn = s.mon_pos[0, m] < s.mon_drawn[0]
            if m in wanted:
                s.mon_state[0, m] = IN_ROW
            elif s.mon_state[0, m] == IN_ROW or (s.mon_state[0, m] == IN_DECK and drawn):
                s.mon_state[0, m] = DISCARDED if drawn else IN_DECK

    def complete_for(self, p: int, mon_id: str, artist_value: int, artist_type: int | None = None) -> None:
        """``mon_id`` completed by seat ``p`` earlier (from the row, or from p's reservation),
        with an artist of ``artist_value``."""
        s, m = self.s, MON_IDS.index(mon_id)
        if not (s.mon_state[0, m] == RESERVED and s.mon_owner[0, m] == p):
            self.monument_to_row(mon_id)
        s.mon_state[0, m], s.mon_owner[0, m], s.mon_artist[0, m] = DONE, p, artist_value
        s.visible_pp[0, p] += MONUMENT[mon_id]["prestige"] + artist_value
        if artist_type is not None:
            s.hired_types[0, p, artist_type] += 1

    def reserve_for(self, p: int, mon_id: str) -> None:
        s, m = self.s, MON_IDS.index(mon_id)
        self.monument_to_row(mon_id)
        s.mon_state[0, m], s.mon_owner[0, m] = RESERVED, p

    def set_table(self, artist_copies: list[int]) -> None:
        """Exactly these artist cards lie on the table; the others there are discarded; a wanted
        card still in the deck swaps its draw position with a drawn card (which goes back)."""
        s = self.s
        wanted = set(artist_copies)
        for c in artist_copies:
            if s.art_state[0, c] == IN_DECK:
                drawn = np.flatnonzero(np.isin(s.art_state[0], (IN_ROW, DISCARDED)))
                d = [x for x in drawn.tolist() if x not in wanted][-1]
                s.art_pos[0, [c, d]] = s.art_pos[0, [d, c]]
                s.art_state[0, d] = IN_DECK
            s.art_state[0, c] = IN_ROW
        table = s.art_state[0] == IN_ROW
        for c in np.flatnonzero(table):
            if c not in wanted:
                s.art_state[0, c] = DISCARDED
        self._recount_artists()

    def swap_artists(self, a: int, b: int) -> None:
        """Artist cards ``a`` and ``b`` (copies of one artist) trade places: same artist, other values."""
        s = self.s
        for field in (s.art_pos, s.art_state, s.art_owner):
            field[0, [a, b]] = field[0, [b, a]]

    def reserve_artist_for(self, p: int, artist_copy: int) -> None:
        """An artist card (on the table now) reserved by seat ``p``."""
        s = self.s
        assert s.art_state[0, artist_copy] == IN_ROW
        s.art_state[0, artist_copy], s.art_owner[0, artist_copy] = RESERVED, p
        self._recount_artists()

    def _recount_artists(self) -> None:
        s = self.s
        kinds = np.repeat(np.arange(AK), [len(a["values"]) for a in ARTISTS])
        s.table_count[0] = np.bincount(kinds[s.art_state[0] == IN_ROW], minlength=AK)
        for p in range(self.P):
            mine = (s.art_state[0] == RESERVED) & (s.art_owner[0] == p)
            s.reserved_count[0, p] = np.bincount(kinds[mine], minlength=AK)

    def set_res(self, p: int, counts) -> None:
        """Seat ``p`` holds exactly ``counts`` (six numbers, or a dict by resource name); the
        difference goes to or comes from the supply."""
        if isinstance(counts, dict):
            counts = [counts.get(r, 0) for r in RESOURCES]
        s = self.s
        delta = np.array(counts, np.int16) - s.res[0, p]
        assert (s.supply[0] >= delta).all(), "the supply cannot give that much"
        s.res[0, p] += delta
        s.supply[0] -= delta

    def set_money(self, p: int, amount: int) -> None:
        s = self.s
        delta = amount - int(s.money[0, p])
        assert s.supply_money[0] >= delta, "the supply cannot give that much money"
        s.money[0, p] += delta
        s.supply_money[0] -= delta

    def set_supply(self, r: int, n: int, sink: int) -> None:
        """The supply holds ``n`` of resource ``r``; the difference goes to or comes from seat ``sink``."""
        s = self.s
        delta = n - int(s.supply[0, r])
        assert s.res[0, sink, r] >= delta
        s.supply[0, r] += delta
        s.res[0, sink, r] -= delta

    def set_supply_money(self, n: int, sink: int) -> None:
        s = self.s
        delta = n - int(s.supply_money[0])
        assert s.money[0, sink] >= delta
        s.supply_money[0] += delta
        s.money[0, sink] -= delta

    # ------------------------------------------------------------ the end of the game

    def last_action(self, p: int | None = None) -> int:
        """Round 5, the last normal action (slot 3) of the last seat in turn order (or of ``p``,
        made the last seat by moving the Captain); returns that seat."""
        s = self.s
        if p is not None:
            s.captain[0] = (p + 1) % self.P
        if self.round != 5:
            self.set_round(5)
        last = (self.captain + self.P - 1) % self.P
        self.turn(last, slot=3)
        return last
