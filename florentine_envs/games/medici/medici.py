"""Medici: The Card Game (Reiner Knizia), batched numpy engine for 2-6 players.

The encoding (action ids, observation layout, order of automatic steps, use of
randomness) is fixed in ``SPEC.md`` beside this file; the scalar reference
``reference.py`` follows the same spec and the differential test holds the two
together. Rules are the rulebook's (``shared/rules/medici_card_game.txt``).

Readings of the rulebook where it is not explicit (each one is tested):

* "reveal one OR two OR three cards ... you can also decide NOT to reveal any
  new cards" -- revealing none is allowed only if the market holds cards, and
  nothing can be revealed from an empty deck; after the third card the player
  goes straight to taking.
* "you MUST take the last card ... you MAY take any one or two of the previous
  two cards" -- the choice is one action among {last}, {last, 2nd-last},
  {last, 3rd-last}, {last, 2nd-last, 3rd-last}, limited by the free space of
  the ship for non-green cards ("green cards ... do not require a loading
  space").
* "The player with the lowest value ship receives nothing" is read together with
  the tie rule ("the payouts for the involved players are added together and
  shared"): players tied for the lowest ship share the payouts of the places
  they cover, e.g. two players tied with 2 players get (20 + 0) / 2 = 10 each.
* Commodity ranking only pays players who hold at least one icon of the colour
  (the rulebook's example: "As there is no other player with grey commodities,
  there is no further payout for gray").
* A decision with a single legal action is played automatically (core rule),
  e.g. with an empty market the first card is revealed without asking.
* Every market card lies face up in a line ("displaying these cards face up in a line
  next to the deck"), so every player sees the whole line in order; the observation
  holds it up to the longest market the rules allow (:func:`longest_market`).

Changelog: v0 -- first release. v1 -- the observation shows the whole market in order
(``market_line``, one block per position counted from the last card, replaces
``market_last3``, which showed only the last three cards: two markets with the same
cards in another order looked alike, yet offer the next player different cards).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game, dispatch, layout_from_sizes, legal_counts
from ...core.state import State
from ...data_schema import load_checked
from .schema import SCHEMA

STREAM_DECK = 1
STREAM_START = 2

PHASE_REVEAL = 0
PHASE_TAKE = 1

REVEAL, STOP, TAKE_LAST, TAKE_LAST_AND_2ND, TAKE_LAST_AND_3RD, TAKE_LAST_THREE = range(6)
TAKES = (TAKE_LAST, TAKE_LAST_AND_2ND, TAKE_LAST_AND_3RD, TAKE_LAST_THREE)
ACTION_NAMES = ["reveal", "stop", "take_last", "take_last_and_2nd", "take_last_and_3rd", "take_last_three"]

# Card locations (card_loc values)
LOC_DECK, LOC_MARKET, LOC_SHIP, LOC_WAREHOUSE, LOC_BOX = range(5)
NUM_DAYS = 3
_KEY_MAX = np.iinfo(np.uint64).max  # sort key of the cards outside a shuffle's pool (_sort_keys)


def _flat(array: np.ndarray) -> np.ndarray:
    """1-D view of a C-contiguous state array, for element gathers and scatters through flat
    indices (``row * width + column``): numpy's fancy indexing with two index arrays costs
    several times more. Writes go through to the state."""
    if not array.flags.c_contiguous:
        raise ValueError("medici: state arrays must be C-contiguous")
    return array.reshape(-1)


def longest_market(num_cards: int, num_green: int, capacity: int, num_players: int) -> int:
    """The most cards the market can ever hold (SPEC.md, "Longest market").

    Within a day every completed turn added at most 2 cards to the market (it reveals at most
    three and takes at least one), the turn in progress at most 3, and the market starts the day
    empty. A completed turn loaded a non-green card -- at most ``P * C - 1`` of those while the
    day lasts, since a day with every ship full is over -- or only green cards, at most
    ``num_green`` of them. And the market never holds more than the cards revealed minus one per
    completed turn. So with ``t`` completed turns the market holds at most
    ``min(2 t + 3, num_cards - t)``; the bound is the largest such value (day 0, when the pool
    and the green cards are whole). It is reached (tests/test_medici_rules_*.py): 69, 71, 74, 74
    and 74 cards for 2 to 6 players.
    """
    turns = num_players * capacity - 1 + num_green
    return max(min(2 * t + 3, num_cards - t) for t in range(turns + 1))


def load_cards(path=None, data=None) -> dict:
    """The component data (``cards.json``); ``path`` (a complete file) or ``data`` (a dict patch
    merged into the packaged file, or a path) overrides it for balance studies."""
    if path is not None and data is not None:
        raise ValueError("medici: give cards_path or data, not both")
    return load_checked("medici", __package__, "cards.json", data if path is None else path, SCHEMA)


@dataclasses.dataclass
class MediciState(State):
    """Card positions are the truth (``card_loc``/``card_owner`` plus the ordered deck and
    market); the per-kind counts and per-ship aggregates are kept incrementally so that
    no step recounts cards, and ``check_invariants`` recomputes them all."""

    day: np.ndarray  # int8[B]             0, 1, 2
    start_player: np.ndarray  # int8[B]    start player of the current day
    revealed: np.ndarray  # int8[B]        cards revealed in the current turn (0..3)
    final_turn: np.ndarray  # bool[B]      the current turn is the lone final turn of the day
    deck: np.ndarray  # int16[B, N]        card ids of the deck in draw order; live part deck[deck_top:deck_end]
    deck_top: np.ndarray  # int16[B]
    deck_end: np.ndarray  # int16[B]
    market: np.ndarray  # int16[B, N]      card ids, oldest first; live part market[:market_len]
    market_len: np.ndarray  # int16[B]
    card_loc: np.ndarray  # int8[B, N]     LOC_* of every card
    card_owner: np.ndarray  # int8[B, N]   seat owning a card in a ship or warehouse, else -1
    deck_counts: np.ndarray  # int16[B, K]    cards of each kind in the deck
    market_counts: np.ndarray  # int16[B, K]  cards of each kind in the market
    ship_value: np.ndarray  # int16[B, P]
    ship_slots: np.ndarray  # int8[B, P]      non-green cards in each ship
    ship_icons: np.ndarray  # int8[B, P, 5]   icons per colour in each ship
    warehouse_icons: np.ndarray  # int16[B, P, 5]
    acquired: np.ndarray  # int16[B, P, K]  cards of each kind each player has loaded (balance studies)


class Medici(Game):
    """Medici: The Card Game. Options: ``monopoly_variant`` (bool), ``reward`` ("win" | "score"),
    ``cards_path`` (alternative component data file), ``data`` (a dict patch merged into
    ``cards.json``, or a path: see :mod:`florentine_envs.core.data`)."""

    name = "medici"
    version = 1
    player_counts = (2, 3, 4, 5, 6)
    reference = "florentine_envs.games.medici.reference:MediciReference"
    option_names = ("monopoly_variant", "reward", "cards_path", "data")

    def _draw_picture(self, state, index: int, view: int | None):
        """The picture of one game: this package's ``picture.py`` (imported on use, the optional
        ``pictures`` extra)."""
        from .picture import draw

        return draw(self, state, index, view)

    def __init__(
        self, num_players: int = 4, monopoly_variant: bool = False, reward: str = "win", cards_path=None, data=None
    ):
        if not isinstance(monopoly_variant, (bool, np.bool_)):
            raise ValueError(f"medici: monopoly_variant must be True or False, got {monopoly_variant!r}")
        options = {"monopoly_variant": bool(monopoly_variant), "reward": reward}
        if cards_path is not None:
            options["cards_path"] = str(cards_path)
        if data is not None:
            options["data"] = str(data) if isinstance(data, Path) else data
        super().__init__(num_players, **options)
        if reward not in ("win", "score"):
            raise ValueError(f"medici: reward={reward!r} is not supported; allowed: 'win', 'score'")
        data = load_cards(cards_path, data)
        self.data = data
        kinds = data["kinds"]
        colours = data["colours"]
        self.kind_names = [k["name"] for k in kinds]
        self.component_names = tuple(f"card:{name}" for name in self.kind_names)  # see acquisitions
        self.colour_names = colours
        kind_of_card = np.repeat(np.arange(len(kinds)), [k["copies"] for k in kinds])
        self.num_cards = len(kind_of_card)  # 110
        self.num_kinds = len(kinds)  # 32
        self.card_kind = kind_of_card.astype(np.int16)  # int16[N]
        kind_value = np.array([k["value"] for k in kinds], np.int16)
        kind_icons = np.array([k["icons"] for k in kinds], np.int8)
        kind_green = np.array([k["green"] for k in kinds], bool)
        kind_colour = np.array([colours.index(k["colour"]) if k["colour"] else -1 for k in kinds])
        # Public per-kind tables (agents read them to value the kinds seen in observations).
        self.kind_value, self.kind_icons, self.kind_green, self.kind_colour = (
            kind_value,
            kind_icons,
            kind_green,
            kind_colour,
        )
        self.card_value = kind_value[kind_of_card]  # int16[N]
        self.card_icons = kind_icons[kind_of_card]  # int8[N]
        self.card_nongreen = (~kind_green[kind_of_card]).astype(np.int8)  # int8[N]
        self.card_colour = kind_colour[kind_of_card]  # int[N], -1 for neutral
        # Lookup tables indexed by card id, with one extra row (id N) standing for "no card".
        pad = lambda a: np.concatenate([a, np.zeros((1,) + a.shape[1:], a.dtype)])  # noqa: E731
        icons_by_colour = np.zeros((self.num_cards, 5), np.int8)  # int8[N, 5]
        has_colour = self.card_colour >= 0
        icons_by_colour[np.flatnonzero(has_colour), self.card_colour[has_colour]] = self.card_icons[has_colour]
        self._icons_by_colour = pad(icons_by_colour)  # int8[N+1, 5]
        self._value = pad(self.card_value)  # int16[N+1]
        self._nongreen = pad(self.card_nongreen)  # int8[N+1]
        self._kind_or_empty = np.concatenate([kind_of_card, [self.num_kinds]])  # int[N+1]; K = "no card"
        self._kind_copies = np.bincount(kind_of_card, minlength=self.num_kinds).astype(np.int16)  # int16[K]
        # Where a card goes when its ship is unloaded: commodities to the warehouse, the rest to the box.
        self._unload_to = np.where(self.card_icons > 0, LOC_WAREHOUSE, LOC_BOX).astype(np.int8)  # int8[N]
        # Keys of the cards outside a shuffle's pool: distinct, rising with the card id, above any
        # likely pool key (see _sort_keys).
        self._outside_keys = (
            np.iinfo(np.uint64).max - np.uint64(self.num_cards - 1) + np.arange(self.num_cards, dtype=np.uint64)
        )

        players = num_players
        self.capacity = data["ship_capacity"]["two_players"] if players == 2 else data["ship_capacity"]["default"]
        payouts = data["ship_payouts"]["by_players"][str(players)]
        self._ship_cum = np.concatenate([[0], np.cumsum(payouts)])  # int[P+1]
        commodity = [data["commodity_payouts"]["first"], data["commodity_payouts"]["second"]] + [0] * players
        self._commodity_cum = np.concatenate([[0], np.cumsum(commodity[:players])])  # int[P+1]
        mono = data["monopoly"]
        self.monopoly_threshold = mono["threshold_2p"] if players == 2 else mono["threshold"]
        self._mono_bonus = mono["bonus"]
        self._mono_variant_threshold = mono["variant_threshold_2p"] if players == 2 else mono["variant_threshold"]
        self._mono_variant_bonus = mono["variant_bonus"]
        self._round_to = data["round_to"]
        #: the most cards the market can hold (``longest_market``): the length of ``market_line``
        self.max_market = longest_market(self.num_cards, int(kind_green[kind_of_card].sum()), self.capacity, players)
        # Cumulative payouts of the six rankings of a day's end (ships, then the five colours), flat
        # with a row stride of P + 1 (_day_payouts); None for component data with other table sizes.
        self._day_cum = None
        if len(self._ship_cum) == len(self._commodity_cum) == players + 1:
            self._day_cum = np.concatenate([self._ship_cum] + [self._commodity_cum] * 5)  # int[6 * (P + 1)]
            self._day_cum_rows = (np.arange(6) * (players + 1))[:, None]  # int[6, 1]
            self._player_ones = np.ones(players, np.uint8)  # uint8[P]: counts as products with ones
        self._back = np.arange(1, self.max_market + 1)  # int[M] market positions back from the end of the line
        self._blocks = np.arange(self.max_market)  # int[M] blocks of the market line (observe)
        # _takes[action]: which of (last, 2nd-last, 3rd-last) market cards a take action loads
        self._takes = np.zeros((len(ACTION_NAMES), 3), bool)  # bool[A, 3]
        self._takes[list(TAKES), 0] = True
        self._takes[[TAKE_LAST_AND_2ND, TAKE_LAST_THREE], 1] = True
        self._takes[[TAKE_LAST_AND_3RD, TAKE_LAST_THREE], 2] = True
        self._three_int8, self._three_int16 = np.ones(3, np.int8), np.ones(3, np.int16)
        # Python-int tables for the one-game path (_apply_one): list lookups cost far less than
        # numpy scalar indexing.
        self._kind_list = self.card_kind.tolist()
        self._value_list = self.card_value.tolist()
        self._nongreen_list = self.card_nongreen.tolist()
        self._colour_list = self.card_colour.tolist()
        self._icons_list = self.card_icons.tolist()
        # _take_backs[action]: positions back from the end of the market line of the cards it loads
        self._take_backs = {action: tuple((1 + np.flatnonzero(self._takes[action])).tolist()) for action in TAKES}
        # _clockwise_after[p]: the seats after p in turn order, p itself last
        self._clockwise_after = [[(p + k) % players for k in range(1, players + 1)] for p in range(players)]
        # _mask_rows[bits]: the mask row whose action a is legal when bit a of ``bits`` is set
        self._mask_rows = (np.arange(2 ** len(ACTION_NAMES))[:, None] >> np.arange(len(ACTION_NAMES))) & 1 == 1
        self._colours = np.arange(5)
        self._next_seats = np.arange(1, players + 1)
        # _seat_shift[p, j]: offset from seat p to seat (p + j) % P, so that
        # row * P + p + _seat_shift[p] lists a row's seats clockwise from p (observe)
        seat_ids = np.arange(players)
        self._seat_shift = (seat_ids[:, None] + seat_ids) % players - seat_ids[:, None]  # int[P, P]

        self.num_actions = len(ACTION_NAMES)
        self.action_names = list(ACTION_NAMES)
        K = self.num_kinds
        sizes = [
            ("phase", 2), ("day", NUM_DAYS), ("revealed_this_turn", 1), ("final_turn", 1),
            ("deck_size", 1), ("market_size", 1), ("market_line", self.max_market * (K + 1)),
            ("market_counts", K), ("unseen_counts", K), ("to_move", players),
            ("start_player", players), ("ship_value", players), ("ship_slots", players),
            ("ship_full", players), ("ship_icons", 5 * players), ("warehouse_icons", 5 * players),
            ("florins", players),
        ]  # fmt: skip
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)
        # market_line one-hots: block i (market position m-1-i) has K + 1 entries, the last one "no card"
        self._line_columns = self.obs_layout["market_line"].start + np.arange(self.max_market) * (K + 1)  # int[M]
        self._no_card_columns = self._line_columns + K  # int[M]: the "no card" column of each block
        # _observe_one: the columns of the scalar fields and of the first of each one-hot field, and
        # the observation from market_counts to its end
        self._one_columns = tuple(self.obs_layout[field].start for field in (
            "phase", "day", "revealed_this_turn", "final_turn", "deck_size", "market_size", "to_move",
            "start_player"))  # fmt: skip
        self._tail = slice(self.obs_layout["market_counts"].start, None)
        # _tail_gather[p]: for the observation of seat p from market_counts to its end, where each entry
        # comes from in the concatenation of the state rows market_counts (K), deck_counts (K),
        # ship_value (P), ship_slots (P), ship full (P), ship_icons (5P), warehouse_icons (5P),
        # scores (P) and one zero (the to_move and start_player columns, set afterwards); player
        # blocks in relative seating (_observe_one).
        order = (seat_ids[:, None] + seat_ids) % players  # int[P, P]: row p lists the seats clockwise from p
        by_colour = (5 * order[:, :, None] + np.arange(5)).reshape(players, 5 * players)  # int[P, 5P]
        zero = np.full((players, 2 * players), 2 * K + 14 * players)
        self._tail_gather = np.concatenate([
            np.tile(np.arange(2 * K), (players, 1)), zero, 2 * K + order, 2 * K + players + order,
            2 * K + 2 * players + order, 2 * K + 3 * players + by_colour, 2 * K + 8 * players + by_colour,
            2 * K + 13 * players + order], axis=1)  # fmt: skip  # int[P, 2K + 16P]
        self._zero = np.zeros((1, 1), np.int8)

    def obs_field_bounds(self) -> dict:
        """What the rules guarantee for each observation field (derived from the component data,
        so a modified card table gets matching bounds; each bound is argued in SPEC.md)."""
        N, P, C = self.num_cards, self.num_players, self.capacity
        copies = self._kind_copies
        green = self.card_nongreen == 0
        # A ship holds at most C non-green cards ("Your ship can never hold more than five cards")
        # besides any green ones ("Any number of green cards can be loaded onto a ship"): at best
        # the C most valuable non-green cards and every green card. Per colour, likewise for icons.
        def best_load(amount: np.ndarray, among: np.ndarray) -> int:  # amount int[N], among bool[N]
            return int(np.sort(amount[among & ~green])[::-1][:C].sum() + amount[among & green].sum())

        max_ship_value = best_load(self.card_value, np.ones(N, bool))
        ship_icons = [best_load(self.card_icons, self.card_colour == colour) for colour in range(5)]
        all_icons = np.bincount(self.card_colour[self.card_colour >= 0], self.card_icons[self.card_colour >= 0],
                                minlength=5)  # fmt: skip
        # A day pays at most the best ship place plus, per colour, the best commodity place and the
        # monopoly bonus (the variant's larger one only with the variant); a shared place pays at
        # most the best one of those it covers.
        bonus = self._mono_bonus
        if self.options["monopoly_variant"]:
            bonus = max(bonus, self._mono_variant_bonus)
        per_day = int(self._ship_cum[1]) + 5 * (int(self._commodity_cum[1]) + bonus)
        # A patched table can make a field always 0 (a kind without copies, a colour without icons, no
        # payout); the bound of such a field stays 0..1, a box with low < high.
        copies = np.maximum(copies, 1)
        max_ship_value, ship_icons = max(max_ship_value, 1), np.maximum(ship_icons, 1)
        all_icons = np.maximum(all_icons, 1)
        per_day = max(per_day, 1)
        return {
            "phase": (0, 1), "day": (0, 1), "revealed_this_turn": (0, 3), "final_turn": (0, 1),
            "deck_size": (0, N), "market_size": (0, self.max_market), "market_line": (0, 1),
            "market_counts": (0, copies), "unseen_counts": (0, copies), "to_move": (0, 1),
            "start_player": (0, 1), "ship_value": (0, max_ship_value), "ship_slots": (0, C),
            "ship_full": (0, 1), "ship_icons": (0, np.tile(ship_icons, P)),
            "warehouse_icons": (0, np.tile(all_icons, P)), "florins": (0, NUM_DAYS * per_day),
        }  # fmt: skip

    # ----------------------------------------------------------------- init

    def _init(self, seeds: np.ndarray) -> MediciState:
        B, P, N, K = len(seeds), self.num_players, self.num_cards, self.num_kinds
        state = MediciState(
            seed=seeds.copy(),
            current_player=np.zeros(B, np.int8),
            phase=np.zeros(B, np.int8),
            legal_action_mask=np.zeros((B, self.num_actions), bool),
            rewards=np.zeros((B, P), np.float32),
            terminated=np.zeros(B, bool),
            scores=np.zeros((B, P), np.int32),
            step_count=np.zeros(B, np.int32),
            truncated=np.zeros(B, bool),
            day=np.zeros(B, np.int8),
            start_player=np.zeros(B, np.int8),
            revealed=np.zeros(B, np.int8),
            final_turn=np.zeros(B, bool),
            deck=np.zeros((B, N), np.int16),
            deck_top=np.zeros(B, np.int16),
            deck_end=np.full(B, N, np.int16),  # every card starts in the deck (shuffled below)
            market=np.zeros((B, N), np.int16),
            market_len=np.zeros(B, np.int16),
            card_loc=np.zeros((B, N), np.int8),
            card_owner=np.full((B, N), -1, np.int8),
            deck_counts=np.repeat(self._kind_copies[None], B, axis=0),  # every card starts in the deck
            market_counts=np.zeros((B, K), np.int16),
            ship_value=np.zeros((B, P), np.int16),
            ship_slots=np.zeros((B, P), np.int8),
            ship_icons=np.zeros((B, P, 5), np.int8),
            warehouse_icons=np.zeros((B, P, 5), np.int16),
            acquired=np.zeros((B, P, K), np.int16),
        )
        games = np.arange(B)
        self._shuffle_deck(state, games)
        # "Randomly select a starting player."
        start = rng.randint(seeds, STREAM_START, 0, P).astype(np.int8)
        state.start_player[:] = start
        state.current_player[:] = start
        self._refresh_mask(state, games)
        return state

    def _shuffle_deck(self, state: MediciState, games: np.ndarray) -> None:
        """New deck for the current day from every card in the deck or the market
        ("return any remaining cards in the market to the deck and reshuffle")."""
        loc = state.card_loc.take(games, axis=0)  # int8[n, N]
        pool = loc <= LOC_MARKET  # in the deck or the market (LOC_DECK = 0, LOC_MARKET = 1)
        keys = rng.shuffle_keys(state.seed[games], STREAM_DECK, state.day[games].astype(np.int64), self.num_cards)
        order = self._sort_keys(keys, pool).astype(np.int16)
        # The pool's size and kind counts follow from the deck and market ones (kept incrementally).
        size = state.deck_end[games] - state.deck_top[games] + state.market_len[games]
        counts = state.deck_counts.take(games, axis=0) + state.market_counts.take(games, axis=0)
        state.deck[games] = order
        state.deck_top[games] = 0
        state.deck_end[games] = size
        np.putmask(loc, pool, LOC_DECK)
        state.card_loc[games] = loc
        state.market_len[games] = 0
        state.market_counts[games] = 0
        state.deck_counts[games] = counts

    def _sort_keys(self, keys: np.ndarray, pool: np.ndarray) -> np.ndarray:
        """int[n, N]: ``argsort(where(pool, keys, MAX), axis=1, kind="stable")`` -- the pool cards by
        key, then the others by id -- computed with numpy's faster unstable sort.

        The cards outside the pool get distinct keys at the very top of the range, rising with
        the id. The unstable sort then gives the stable order unless a row has two equal keys
        or a pool key in that top range (each about 1e-15 likely); such rows are sorted again
        the stable way, so the result is always exactly the stable one.
        """
        if len(keys) == 1:  # one game (B=1 play): the stable sort costs less than the checks below
            return np.argsort(np.where(pool, keys, _KEY_MAX), axis=1, kind="stable")
        keys = np.where(pool, keys, self._outside_keys)
        order = np.argsort(keys, axis=1)
        ordered = keys.reshape(-1).take(order + self._rows(len(keys))[:, None] * self.num_cards)  # sorted keys
        redo = (ordered[:, 1:] == ordered[:, :-1]).any(1) | (pool & (keys >= self._outside_keys[0])).any(1)
        if redo.any():
            keys[redo] = np.where(pool[redo], keys[redo], _KEY_MAX)
            order[redo] = np.argsort(keys[redo], axis=1, kind="stable")
        return order

    # ----------------------------------------------------------------- mask

    def _refresh_mask(self, state: MediciState, games: np.ndarray) -> None:
        mask = np.zeros((games.size, self.num_actions), bool)  # bool[n, A]
        phase = state.phase[games]
        market_len = state.market_len[games].astype(np.int64)
        reveal = phase == PHASE_REVEAL
        mask[:, REVEAL] = reveal & (state.deck_end[games] > state.deck_top[games]) & (state.revealed[games] < 3)
        mask[:, STOP] = reveal & (market_len > 0)
        take = ~reveal
        if take.any():
            seat = games * self.num_players + state.current_player[games]  # flat index into [B, P]
            free = self.capacity - _flat(state.ship_slots).take(seat).astype(np.int64)
            last3 = self._from_last(state, games, market_len)  # int[n, 3]; N = no card
            need = self._nongreen.take(last3)  # int8[n, 3]
            need12 = need[:, 0] + need[:, 1]
            has2, has3 = market_len >= 2, market_len >= 3
            mask[:, TAKE_LAST] = take
            mask[:, TAKE_LAST_AND_2ND] = take & has2 & (need12 <= free)
            mask[:, TAKE_LAST_AND_3RD] = take & has3 & (need[:, 0] + need[:, 2] <= free)
            mask[:, TAKE_LAST_THREE] = take & has3 & (need12 + need[:, 2] <= free)
        state.legal_action_mask[games] = mask

    def _from_last(self, state: MediciState, games: np.ndarray, market_len: np.ndarray, depth: int = 3) -> np.ndarray:
        """int[n, depth]: card ids at market positions m-1, m-2, ..., m-depth (N where there is no card)."""
        pos = market_len[:, None] - self._back[:depth]  # int[n, depth]
        cards = _flat(state.market).take(games[:, None] * self.num_cards + np.maximum(pos, 0))
        return np.where(pos >= 0, cards.astype(np.int64), self.num_cards)

    # ----------------------------------------------------------------- step

    def _apply(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        if games.size == 1:  # B=1 play (the AEC env) and lone forced moves: see _apply_one
            self._apply_one(state, int(games[0]), int(actions[0]))
        else:
            self._apply_batch(state, games, actions)

    def _apply_batch(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        dispatch(
            state.phase,
            games,
            actions,
            {
                PHASE_REVEAL: lambda g, a: self._reveal_phase(state, g, a),
                PHASE_TAKE: lambda g, a: self._take_phase(state, g, a),
            },
        )

    def _reveal_phase(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        reveal = games[actions == REVEAL]
        if reveal.size:
            # "Card after card, reveal one OR two OR three cards from the deck, displaying
            # these cards face up in a line next to the deck"
            N = self.num_cards
            row = reveal * N  # int[n] offsets of these games' rows in the flattened [B, N] arrays
            top = state.deck_top[reveal]
            card = _flat(state.deck).take(row + top).astype(np.int64)
            state.deck_top[reveal] = top + 1
            market_len = state.market_len[reveal]
            _flat(state.market)[row + market_len] = card
            state.market_len[reveal] = market_len + 1
            _flat(state.card_loc)[row + card] = LOC_MARKET
            kind_at = reveal * self.num_kinds + self.card_kind.take(card)  # flat index into [B, K]
            _flat(state.deck_counts)[kind_at] -= 1  # one card per game: no repeated index
            _flat(state.market_counts)[kind_at] += 1
            revealed = state.revealed[reveal] + 1
            state.revealed[reveal] = revealed
            # After the third card the player must take: no further reveal is possible.
            state.phase[reveal[revealed >= 3]] = PHASE_TAKE
        stop = actions == STOP
        if stop.any():
            state.phase[games[stop]] = PHASE_TAKE
        self._refresh_mask(state, games)

    def _take_phase(self, state: MediciState, games: np.ndarray, actions: np.ndarray) -> None:
        # "you MUST take the last card from the market ... In addition, you MAY take any one or
        # two of the previous two cards from the market."
        N, K = self.num_cards, self.num_kinds
        player = state.current_player[games].astype(np.int64)
        market_len = state.market_len[games].astype(np.int64)
        last3 = self._from_last(state, games, market_len)  # int[n, 3]: last, 2nd-last, 3rd-last card
        taken = self._takes.take(actions, axis=0)  # bool[n, 3]: which of them the action takes
        cards = np.where(taken, last3, N)  # int[n, 3], N = not taken (zero in every lookup table)
        # Sums over the three slots as products with ones (numpy's sum over a length-3 axis is slow).
        seat = games * self.num_players + player  # flat index into [B, P]
        _flat(state.ship_value)[seat] += self._value.take(cards) @ self._three_int16
        _flat(state.ship_slots)[seat] += self._nongreen.take(cards) @ self._three_int8
        gained = self._three_int8 @ self._icons_by_colour.take(cards, axis=0)  # int8[n, 5]
        _flat(state.ship_icons)[seat[:, None] * 5 + self._colours] += gained
        # A slot not taken points at the last card again: writing the same values twice is harmless,
        # and its count decrement below is zero.
        held = np.where(taken, last3, last3[:, :1])  # int[n, 3]
        placed = (games * N)[:, None] + held
        _flat(state.card_loc)[placed] = LOC_SHIP
        _flat(state.card_owner)[placed] = player[:, None]
        kinds = self.card_kind.take(held)  # int[n, 3]
        kind_at = (games * K)[:, None] + kinds  # flat index into [B, K]
        acquired_at = (seat * K)[:, None] + kinds  # flat index into [B, P, K]
        market_counts, acquired = _flat(state.market_counts), _flat(state.acquired)
        for slot in range(3):  # one card per slot and game: no index repeats within a statement
            market_counts[kind_at[:, slot]] -= taken[:, slot]
            acquired[acquired_at[:, slot]] += taken[:, slot]
        # "If necessary, push the remaining cards back to fill any occurring gaps." The cards before
        # the last three never move, and a kept 3rd-last card stays where it is; only a kept
        # 2nd-last card whose 3rd-last neighbour was taken moves down one place.
        moves = taken[:, 2] & ~taken[:, 1]
        if moves.any():
            _flat(state.market)[games[moves] * N + market_len[moves] - 3] = last3[moves, 1]
        state.market_len[games] = market_len - (taken @ self._three_int8)
        self._end_turn(state, games)

    def _end_turn(self, state: MediciState, games: np.ndarray) -> None:
        P = self.num_players
        open_ships = state.ship_slots.take(games, axis=0) < self.capacity  # bool[n, P]
        num_open = legal_counts(open_ships)
        # "If there is only one player left who does not yet have a fully loaded ship, this
        # player gets one final turn. Then the round ends, even if that last ship is not fully
        # loaded."  "Each of the three rounds ends once all players' ships are full of cards."
        day_over = state.final_turn[games] | (num_open == 0)
        lone = ~day_over & (num_open == 1)
        # "Players with a fully loaded ship do not take any further turns in the round."
        current = state.current_player[games].astype(np.int64)
        seats = (current[:, None] + self._next_seats) % P  # int[n, P]: clockwise from the next seat
        ring = open_ships.reshape(-1).take(self._rows(games.size)[:, None] * P + seats)  # bool[n, P] in that order
        next_open = (current + 1 + ring.argmax(1)) % P
        state.current_player[games] = np.where(day_over, current, next_open)
        state.final_turn[games] = lone
        state.phase[games] = PHASE_REVEAL
        state.revealed[games] = 0
        if day_over.any():
            self._end_day(state, games[day_over])
        live = games[~state.terminated[games]]
        self._refresh_mask(state, live)

    # ------------------------------------------------- one game, Python ints
    #
    # The same rules as the batched handlers above for a single game, in Python integers: at B=1
    # the fixed cost of each numpy call on a one-element array, not the work, is what counts.
    # Every write is the batched one, to the letter (entries past the end of the market line
    # included), so a game follows the same trajectory alone as in a batch (``check_game``) and
    # tests/test_medici_engine.py compares the two paths position by position.

    def _apply_one(self, state: MediciState, g: int, action: int) -> None:
        if state.phase.item(g) == PHASE_REVEAL:
            if action == REVEAL:
                top, m = state.deck_top.item(g), state.market_len.item(g)
                card = state.deck.item(g, top)
                state.deck_top[g] = top + 1
                state.market[g, m] = card
                state.market_len[g] = m + 1
                state.card_loc[g, card] = LOC_MARKET
                kind = self._kind_list[card]
                state.deck_counts[g, kind] -= 1
                state.market_counts[g, kind] += 1
                revealed = state.revealed.item(g) + 1
                state.revealed[g] = revealed
                if revealed >= 3:  # after the third card the player must take
                    state.phase[g] = PHASE_TAKE
            else:  # STOP
                state.phase[g] = PHASE_TAKE
            self._refresh_mask_one(state, g)
            return
        player, m = state.current_player.item(g), state.market_len.item(g)
        line = state.market[g]  # int16[N] view
        cards = [line.item(m - back) for back in self._take_backs[action]]  # last card first
        value = slots = 0
        for card in cards:
            value += self._value_list[card]
            slots += self._nongreen_list[card]
            colour = self._colour_list[card]
            if colour >= 0:
                state.ship_icons[g, player, colour] += self._icons_list[card]
            state.card_loc[g, card] = LOC_SHIP
            state.card_owner[g, card] = player
            state.market_counts[g, self._kind_list[card]] -= 1
            state.acquired[g, player, self._kind_list[card]] += 1
        state.ship_value[g, player] += value
        state.ship_slots[g, player] += slots
        if action == TAKE_LAST_AND_3RD:  # the kept 2nd-last card closes the gap (see _take_phase)
            line[m - 3] = line.item(m - 2)
        state.market_len[g] = m - len(cards)
        # End of the turn, as in _end_turn.
        capacity = self.capacity
        open_ships = [used < capacity for used in state.ship_slots[g].tolist()]
        num_open = sum(open_ships)
        day_over = state.final_turn.item(g) or num_open == 0
        if not day_over:
            player = next(seat for seat in self._clockwise_after[player] if open_ships[seat])
            state.current_player[g] = player
        state.final_turn[g] = not day_over and num_open == 1
        state.phase[g] = PHASE_REVEAL
        state.revealed[g] = 0
        if day_over:
            self._end_day(state, np.array([g]))
            if state.terminated.item(g):
                return
        self._refresh_mask_one(state, g)

    def _refresh_mask_one(self, state: MediciState, g: int) -> None:
        m = state.market_len.item(g)
        if state.phase.item(g) == PHASE_REVEAL:
            can_reveal = state.deck_end.item(g) > state.deck_top.item(g) and state.revealed.item(g) < 3
            legal = (1 << REVEAL) * can_reveal | (1 << STOP) * (m > 0)
        else:
            free = self.capacity - state.ship_slots.item(g, state.current_player.item(g))
            line, nongreen = state.market[g], self._nongreen_list
            need = [nongreen[line.item(m - back)] for back in range(1, min(m, 3) + 1)]  # last card first
            legal = 1 << TAKE_LAST
            if m >= 2 and need[0] + need[1] <= free:
                legal |= 1 << TAKE_LAST_AND_2ND
            if m >= 3 and need[0] + need[2] <= free:
                legal |= 1 << TAKE_LAST_AND_3RD
            if m >= 3 and need[0] + need[1] + need[2] <= free:
                legal |= 1 << TAKE_LAST_THREE
        state.legal_action_mask[g] = self._mask_rows[legal]

    # ------------------------------------------------------------ day end

    def ship_payouts(self, values: np.ndarray) -> np.ndarray:
        """int[n, P] florins for ship values int[n, P], ties sharing rounded down to 5."""
        return self._ranked_payouts(values, self._ship_cum, np.ones(values.shape, bool))

    def commodity_payouts(self, icons: np.ndarray) -> np.ndarray:
        """int[n, P] florins for warehouse icons int[n, P, 5]: majority payouts plus monopoly bonuses."""
        icons = np.moveaxis(icons, 2, 1).astype(np.int64)  # [n, 5, P]
        majority = self._ranked_payouts(icons, self._commodity_cum, icons > 0)
        bonus = np.where(icons >= self.monopoly_threshold, self._mono_bonus, 0)
        if self.options["monopoly_variant"]:
            bonus = np.where(icons >= self._mono_variant_threshold, self._mono_variant_bonus, bonus)
        return (majority + bonus).sum(1)

    def _ranked_payouts(self, amounts: np.ndarray, cumulative: np.ndarray, eligible: np.ndarray) -> np.ndarray:
        """Payouts by rank over the last axis; a tied group shares the payouts of the ranks it
        covers, each share rounded down to a multiple of 5 ("As 5 is the smallest payment unit,
        you must round down to the nearest 5 when tied")."""
        a = amounts.astype(np.int64)
        ones = np.ones(a.shape[-1], np.uint8)  # counts as products with ones: see legal_counts
        higher = ((a[..., None, :] > a[..., :, None]) & eligible[..., None, :]).view(np.uint8) @ ones
        tied = ((a[..., None, :] == a[..., :, None]) & eligible[..., None, :]).view(np.uint8) @ ones
        top = np.minimum(higher + tied, len(cumulative) - 1)
        share = (cumulative[top] - cumulative[np.minimum(higher, len(cumulative) - 1)]) // np.maximum(tied, 1)
        return np.where(eligible, share // self._round_to * self._round_to, 0)

    def _day_payouts(self, values: np.ndarray, icons: np.ndarray) -> np.ndarray:
        """int[n, P]: ``ship_payouts(values) + commodity_payouts(icons)`` (values int[n, P], icons
        int[n, P, 5]) in one ranking pass over six rows per game: the ships, then the five colours."""
        if self._day_cum is None:
            return self.ship_payouts(values) + self.commodity_payouts(icons)
        # [n, 6, P]; transpose rather than np.moveaxis, whose argument checks cost more than the work at small n
        amounts = np.concatenate([values[:, None, :], icons.transpose(0, 2, 1)], axis=1).astype(np.int64)
        eligible = amounts > 0
        eligible[:, 0] = True  # every ship is ranked, commodities only for players holding the colour
        ones = self._player_ones
        higher = ((amounts[..., None, :] > amounts[..., :, None]) & eligible[..., None, :]).view(np.uint8) @ ones
        tied = ((amounts[..., None, :] == amounts[..., :, None]) & eligible[..., None, :]).view(np.uint8) @ ones
        last = self.num_players  # index of the last entry of each cumulative payout row
        covered = self._day_cum.take(self._day_cum_rows + np.minimum(higher + tied, last))
        before = self._day_cum.take(self._day_cum_rows + np.minimum(higher, last))
        share = (covered - before) // np.maximum(tied, 1)
        paid = np.where(eligible, share // self._round_to * self._round_to, 0)  # [n, 6, P]
        colours = amounts[:, 1:]
        bonus = np.where(colours >= self.monopoly_threshold, self._mono_bonus, 0)
        if self.options["monopoly_variant"]:
            bonus = np.where(colours >= self._mono_variant_threshold, self._mono_variant_bonus, bonus)
        return paid.sum(1) + bonus.sum(1)

    def _end_day(self, state: MediciState, games: np.ndarray) -> None:
        # Ship values first, then "the ships are unloaded", then commodities are scored.
        values = state.ship_value.take(games, axis=0)
        warehouse = state.warehouse_icons.take(games, axis=0) + state.ship_icons.take(games, axis=0)
        state.warehouse_icons[games] = warehouse
        state.scores[games] += self._day_payouts(values, warehouse)
        # "Players move all their commodity cards into their 'warehouse' ... Neutral (green)
        # cards without commodities are returned to the box and out of the game."
        loc = state.card_loc.take(games, axis=0)  # int8[n, N]
        loc = np.where(loc == LOC_SHIP, self._unload_to, loc)
        state.card_loc[games] = loc
        owner = state.card_owner.take(games, axis=0)
        np.putmask(owner, loc == LOC_BOX, -1)
        state.card_owner[games] = owner
        state.ship_value[games] = 0
        state.ship_slots[games] = 0
        state.ship_icons[games] = 0
        state.final_turn[games] = False

        last_day = state.day[games] >= NUM_DAYS - 1
        over = games[last_day]
        if over.size:
            # "The game ends after the scoring of the third round. The player with the highest
            # sum of florins is the winner. In the case of a tie, the tied players become joint
            # winners."
            state.terminated[over] = True
            state.legal_action_mask[over] = False
            state.rewards[over] += self.terminal_rewards(state.scores[over])
        nxt = games[~last_day]
        if nxt.size:
            state.day[nxt] += 1
            self._shuffle_deck(state, nxt)
            # "The player with the lowest sum of florins starts the next round. (If there is a
            # tie, randomly choose one of the tied players.)"
            scores = state.scores.take(nxt, axis=0)
            poorest = scores == scores.min(1, keepdims=True)
            tied = legal_counts(poorest)  # int[n]
            pick = np.zeros(nxt.size, np.int64)  # randint(..., 1) is 0: draw only where players tie
            draw = tied > 1
            if draw.any():
                pick[draw] = rng.randint(state.seed[nxt[draw]], STREAM_START, state.day[nxt[draw]].astype(np.int64),
                                         tied[draw])  # fmt: skip
            start = (np.cumsum(poorest, 1) == (pick + 1)[:, None]).argmax(1)
            state.start_player[nxt] = start
            state.current_player[nxt] = start

    # ------------------------------------------------------------ observe

    def _observe(self, state: MediciState, players, out: np.ndarray | None = None) -> np.ndarray:
        B, P, M = state.batch_size, self.num_players, self.max_market
        players = np.asarray(players, np.int64)
        if B == 1 and players.size == 1:  # B=1 play (the AEC env): see _observe_one
            return self._observe_one(state, players.item(), out)
        if players.shape != (B,):
            players = np.broadcast_to(players, (B,))
        market_len = state.market_len.astype(np.int64)
        if market_len.max() > M:  # the line would be cut short: the state breaks the rules (see longest_market)
            raise ValueError(f"{self.name}: a market of {market_len.max()} cards is longer than the rules allow ({M})")
        L = self.obs_layout
        if out is None:
            obs = np.zeros((B, self.obs_size), np.float32)
        else:  # every field is overwritten below except the one-hot ones: clear only those
            obs = out
            for field in ("phase", "day", "market_line", "to_move", "start_player"):
                obs[:, L[field]] = 0
        rows = self._rows(B)
        # Every one-hot field in one scatter: int[B, 4 + M] columns set to 1. A finished game has
        # no player to move: its to_move entry repeats its phase column (set anyway).
        hot = np.empty((B, 4 + M), np.int64)
        hot[:, 0] = L["phase"].start + state.phase
        hot[:, 1] = L["day"].start + state.day
        relative_to_move = (state.current_player - players) % P
        hot[:, 2] = np.where(state.terminated, hot[:, 0], L["to_move"].start + relative_to_move)
        hot[:, 3] = L["start_player"].start + (state.start_player - players) % P
        # The market line: block i shows the card at flat index (row start + m - 1 - i) of the market;
        # blocks i >= m read a card of the row before (or wrap around) and are set to "no card".
        at = (rows * self.num_cards + market_len - 1)[:, None] - self._blocks  # int[B, M]
        kinds = self.card_kind.take(_flat(state.market).take(at, mode="wrap"))  # int16[B, M]
        np.putmask(kinds, self._blocks >= market_len[:, None], self.num_kinds)
        np.add(self._line_columns, kinds, out=hot[:, 4:])
        if obs.flags.c_contiguous:  # one flat scatter: far cheaper than indexing rows and columns
            _flat(obs)[(rows * self.obs_size)[:, None] + hot] = 1
        else:
            obs[rows[:, None], hot] = 1
        obs[:, L["revealed_this_turn"].start] = state.revealed
        obs[:, L["final_turn"].start] = state.final_turn
        obs[:, L["deck_size"].start] = state.deck_end - state.deck_top
        obs[:, L["market_size"].start] = market_len
        obs[:, L["market_counts"]] = state.market_counts
        obs[:, L["unseen_counts"]] = state.deck_counts
        # Relative seating: block j shows seat (player + j) % P; gathered through flat indices.
        seat = players % P
        seats = (rows * P + seat)[:, None] + self._seat_shift[seat]  # int[B, P] flat indices into [B, P]
        slots = _flat(state.ship_slots).take(seats)
        obs[:, L["ship_value"]] = _flat(state.ship_value).take(seats)
        obs[:, L["ship_slots"]] = slots
        obs[:, L["ship_full"]] = slots >= self.capacity
        flat_seats = seats.reshape(-1)
        for field in ("ship_icons", "warehouse_icons"):  # [B, P, 5] -> seat-major blocks of 5 colours
            icons = getattr(state, field).reshape(B * P, 5).take(flat_seats, axis=0)
            obs[:, L[field]] = icons.reshape(B, 5 * P)
        obs[:, L["florins"]] = _flat(state.scores).take(seats)
        return obs

    def _observe_one(self, state: MediciState, player: int, out: np.ndarray | None) -> np.ndarray:
        """:meth:`observe` of a batch of one, in Python integers and whole-array copies (the same
        values; tests/test_medici_engine.py compares the two)."""
        P = self.num_players
        m = state.market_len.item(0)
        if m > self.max_market:
            raise ValueError(f"{self.name}: a market of {m} cards is longer than the rules allow ({self.max_market})")
        if out is None:
            obs = np.zeros((1, self.obs_size), np.float32)
        else:
            obs = out
            obs.fill(0)
        o = obs[0]
        phase, day, revealed, final_turn, deck_size, market_size, to_move, start_player = self._one_columns
        o[phase + state.phase.item(0)] = 1
        o[day + state.day.item(0)] = 1
        o[revealed] = state.revealed.item(0)
        o[final_turn] = state.final_turn.item(0)
        o[deck_size] = state.deck_end.item(0) - state.deck_top.item(0)
        o[market_size] = m
        o[self._no_card_columns[m:]] = 1
        if m:  # kinds of the market cards, last card first
            o[self._line_columns[:m] + self.card_kind.take(state.market[0, m - 1 :: -1])] = 1
        # market_counts to florins: one gather from the state's [1, ...] arrays (see _tail_gather)
        slots = state.ship_slots
        rows = (state.market_counts, state.deck_counts, state.ship_value, slots, slots >= self.capacity,
                state.ship_icons.reshape(1, -1), state.warehouse_icons.reshape(1, -1), state.scores, self._zero)
        seat = player % P
        o[self._tail] = np.concatenate(rows, axis=1).take(self._tail_gather[seat])
        if not state.terminated.item(0):  # a finished game has no player to move
            o[to_move + (state.current_player.item(0) - seat) % P] = 1
        o[start_player + (state.start_player.item(0) - seat) % P] = 1
        return obs

    # ------------------------------------------------------ balance hooks

    def acquisitions(self, state: MediciState) -> np.ndarray:
        """int32[B, P, K]: cards of each kind (``component_names``: ``card:<kind>``) each player
        has loaded onto their ship so far, whether later stored in the warehouse or boxed."""
        return state.acquired.astype(np.int32)

    def running_scores(self, state: MediciState) -> np.ndarray:
        """float32[B, P]: florins plus what the day's scoring would pay if the day ended now
        (ship ranking, commodity majorities with the cargo counted, monopoly bonuses); the
        final florins once the game is over."""
        running = state.scores.astype(np.float32)
        live = np.flatnonzero(~state.terminated)
        if live.size:
            icons = state.warehouse_icons.take(live, axis=0) + state.ship_icons.take(live, axis=0)
            running[live] += self._day_payouts(state.ship_value.take(live, axis=0), icons)
        return running

    # --------------------------------------------------------- invariants

    def state_field_bounds(self) -> dict:
        """The range of every integer state field (the core checks them in ``from_json``): card ids
        and locations, the counts the component data allows, the observation's bounds for what is
        observed (florins, ship values and icons)."""
        N, P, C = self.num_cards, self.num_players, self.capacity
        copies = self._kind_copies
        obs = self.obs_field_bounds()
        return {
            "phase": (PHASE_REVEAL, PHASE_TAKE), "day": (0, NUM_DAYS - 1), "start_player": (0, P - 1),
            "revealed": (0, 3), "deck": (0, N - 1), "deck_top": (0, N), "deck_end": (0, N), "market": (0, N - 1),
            "market_len": (0, self.max_market), "card_loc": (LOC_DECK, LOC_BOX), "card_owner": (-1, P - 1),
            "deck_counts": (0, copies), "market_counts": (0, copies), "ship_value": obs["ship_value"],
            "ship_slots": (0, C), "ship_icons": (0, obs["ship_icons"][1][:5]),
            "warehouse_icons": (0, obs["warehouse_icons"][1][:5]), "acquired": (0, copies), "scores": obs["florins"],
        }  # fmt: skip

    def check_invariants(self, state: MediciState) -> None:
        P, N = self.num_players, self.num_cards
        problems = []
        for b in range(state.batch_size):
            loc, owner = state.card_loc[b], state.card_owner[b]
            top, end, mlen = int(state.deck_top[b]), int(state.deck_end[b]), int(state.market_len[b])
            if not (0 <= top <= end <= N and 0 <= mlen <= N):
                problems.append(f"game {b}: deck/market bounds out of range (top={top}, end={end}, market={mlen})")
                continue
            if mlen > self.max_market:
                problems.append(f"game {b}: the market holds {mlen} cards, more than the rules allow "
                                f"({self.max_market})")  # fmt: skip
            deck_cards = state.deck[b, top:end]
            market_cards = state.market[b, :mlen]
            every = np.concatenate([state.deck[b, :end], market_cards])
            if ((every < 0) | (every >= N)).any():
                problems.append(f"game {b}: card ids outside 0..{N - 1}")
                continue
            if not ((loc >= LOC_DECK) & (loc <= LOC_BOX)).all():
                problems.append(f"game {b}: card_loc holds an unknown location")
                continue
            # 110 cards conserved: every card is in exactly one of deck, market, ship, warehouse, box.
            if sorted(deck_cards.tolist()) != np.flatnonzero(loc == LOC_DECK).tolist():
                problems.append(f"game {b}: deck contents disagree with card locations")
            if sorted(market_cards.tolist()) != np.flatnonzero(loc == LOC_MARKET).tolist():
                problems.append(f"game {b}: market contents disagree with card locations")
            placed = (loc == LOC_SHIP) | (loc == LOC_WAREHOUSE)
            if ((owner[placed] < 0) | (owner[placed] >= P)).any() or (owner[~placed] != -1).any():
                problems.append(f"game {b}: card owners inconsistent with locations")
                continue
            if (state.deck_counts[b] != np.bincount(self.card_kind[deck_cards], minlength=self.num_kinds)).any():
                problems.append(f"game {b}: deck_counts disagree with the deck")
            if (state.market_counts[b] != np.bincount(self.card_kind[market_cards], minlength=self.num_kinds)).any():
                problems.append(f"game {b}: market_counts disagree with the market")
            for p in range(P):
                ship = np.flatnonzero((loc == LOC_SHIP) & (owner == p))
                house = np.flatnonzero((loc == LOC_WAREHOUSE) & (owner == p))
                if state.ship_value[b, p] != self.card_value[ship].sum():
                    problems.append(f"game {b}: ship value of seat {p} wrong")
                if state.ship_slots[b, p] != self.card_nongreen[ship].sum() or state.ship_slots[b, p] > self.capacity:
                    problems.append(f"game {b}: ship of seat {p} holds a wrong number of non-green cards")
                if (state.ship_icons[b, p] != self._icons_by_colour[ship].sum(0)).any():
                    problems.append(f"game {b}: ship icons of seat {p} wrong")
                if (state.warehouse_icons[b, p] != self._icons_by_colour[house].sum(0)).any():
                    problems.append(f"game {b}: warehouse icons of seat {p} wrong")
            if not state.terminated[b] and 0 <= state.day[b] < NUM_DAYS:
                # "Each of the three rounds ends once all players' ships are full of cards" (but the
                # last open ship's lone final turn): the rest of the game needs at least this many
                # non-green cards from the deck and the market, or a day can never end.
                free = np.maximum(self.capacity - state.ship_slots[b].astype(np.int64), 0)
                today = 0 if state.final_turn[b] else int(free.sum() - free.max())
                need = today + (NUM_DAYS - 1 - int(state.day[b])) * (P - 1) * self.capacity
                pool = int(self.card_nongreen[deck_cards].sum() + self.card_nongreen[market_cards].sum())
                if pool < need:
                    problems.append(f"game {b}: field 'day' = {int(state.day[b])}: the deck and the market hold "
                                    f"{pool} non-green cards, the rest of the game needs at least {need}")  # fmt: skip
            if self.card_icons[loc == LOC_BOX].any():
                problems.append(f"game {b}: a commodity card is in the box")
            # A card is loaded once (the market goes back to the deck at the end of a day, the box
            # holds only unloaded cards), so no more cards of a kind were acquired than left the deck
            # and the market. (Equality holds in play; hand-built test positions may leave it out.)
            out_kinds = np.bincount(self.card_kind[loc >= LOC_SHIP], minlength=self.num_kinds)
            acquired = state.acquired[b].astype(np.int64)  # [P, K]
            if (acquired < 0).any() or (acquired.sum(0) > out_kinds).any():
                problems.append(f"game {b}: more cards acquired than loaded")
            if not (
                0 <= state.day[b] < NUM_DAYS and 0 <= state.current_player[b] < P and 0 <= state.start_player[b] < P
            ):
                problems.append(f"game {b}: day or seat out of range")
            if state.phase[b] not in (PHASE_REVEAL, PHASE_TAKE) or not 0 <= state.revealed[b] <= 3:
                problems.append(f"game {b}: phase or revealed count out of range")
            if (state.scores[b] < 0).any() or (state.scores[b] % self._round_to).any():
                problems.append(f"game {b}: florins must be non-negative multiples of {self._round_to}")
            if state.terminated[b] and state.legal_action_mask[b].any():
                problems.append(f"game {b}: finished game has legal actions")
            if not state.terminated[b] and not state.legal_action_mask[b].any():
                problems.append(f"game {b}: live game has no legal action")
        if problems:
            raise ValueError(f"{self.name}: invalid state: " + "; ".join(problems[:5]))

    # ------------------------------------------------------ hidden info

    def randomize_hidden(self, state: MediciState, player: int, seed: int) -> MediciState:
        """Everything hidden in Medici is the order of the face-down deck and the future
        (the seed drives later shuffles and start-player ties); every player sees the rest."""
        out = state.copy()
        B = state.batch_size
        new_seeds = rng.hash64(np.uint64(seed), 99, np.arange(B))
        keys = rng.shuffle_keys(new_seeds, 0, 0, self.num_cards)
        for b in range(B):
            top, end = int(out.deck_top[b]), int(out.deck_end[b])
            # sorted first: the redraw is a function of what the player knows and the seed, not
            # of the hidden order it replaces (a search agent's decision must not depend on it)
            live = np.sort(out.deck[b, top:end])
            out.deck[b, top:end] = live[np.argsort(keys[b, : end - top], kind="stable")]
        out.seed[:] = new_seeds
        return out

    # ------------------------------------------------------------ render

    def card_label(self, card: int) -> str:
        kind = self.card_kind[card]
        # neutral cards are green too (they take no ship space); say so on screen
        return self.kind_names[kind] + (" (green)" if self.kind_icons[kind] == 0 else "")

    def describe_action(self, state: MediciState, game: int, action: int) -> str:
        if action == REVEAL:
            return "reveal the top card of the deck"
        if action == STOP:
            return "stop revealing and take cards" if state.revealed[game] else "take from the market without revealing"
        return "take " + " + ".join(self.card_label(c) for c in self._take_cards(state, game, action))

    def _take_cards(self, state: MediciState, game: int, action: int) -> list[int]:
        """Card ids a take action would load, last card first."""
        last3 = self._from_last(state, np.array([game]), state.market_len[[game]].astype(np.int64))[0]
        picks = {TAKE_LAST: [0], TAKE_LAST_AND_2ND: [0, 1], TAKE_LAST_AND_3RD: [0, 2], TAKE_LAST_THREE: [0, 1, 2]}
        return [int(last3[i]) for i in picks[action]]

    def narrate(
        self, before: MediciState, after: MediciState, game: int, action: int, forced: bool, viewer: int | None = None
    ) -> list[str]:
        b, P = game, self.num_players
        player = int(before.current_player[b])
        must = " (the only legal move)" if forced else ""
        if action == REVEAL:
            card = int(after.market[b, after.market_len[b] - 1])
            lines = [f"player_{player} reveals {self.card_label(card)}{must}"]
            if after.phase[b] == PHASE_TAKE and before.phase[b] == PHASE_REVEAL:
                lines.append(f"player_{player} has revealed three cards and must take")
            return lines
        if action == STOP:
            return [f"player_{player} stops revealing{must}"]
        taken = self._take_cards(before, b, action)
        lines = [f"player_{player} takes " + " + ".join(self.card_label(c) for c in taken) + must]
        if after.day[b] == before.day[b] and not after.terminated[b]:
            return lines
        # The day ended with this take: show its scoring, computed from the ships as loaded.
        values = before.ship_value[b].astype(np.int64).copy()
        values[player] += self.card_value[taken].sum()
        icons = (before.warehouse_icons[b] + before.ship_icons[b]).astype(np.int64)
        icons[player] += self._icons_by_colour[taken].sum(0)
        ship_pay = self.ship_payouts(values[None])[0]
        goods_pay = self.commodity_payouts(icons[None])[0]
        lines.append(f"--- end of day {int(before.day[b]) + 1}: scoring ---")
        # The player comes last: a front end may lengthen "player_1" (``florentine play`` adds
        # "(heuristic)"), which would shift every column after it.
        header = "ship value  payout | " + " ".join(f"{c[:5]:>5}" for c in self.colour_names)
        lines.append(header + " | goods payout | day total | florins | player")
        for p in range(P):
            lines.append(
                f"{values[p]:10d} {ship_pay[p]:7d} | "
                + " ".join(f"{int(n):5d}" for n in icons[p])
                + f" | {goods_pay[p]:12d} | {ship_pay[p] + goods_pay[p]:9d} | {int(after.scores[b, p]):7d} | player_{p}"
            )
        if after.terminated[b]:
            lines.append("--- the game is over ---")
        else:
            lines.append(f"--- day {int(after.day[b]) + 1} begins; player_{int(after.start_player[b])} "
                         "(fewest florins) starts ---")  # fmt: skip
        return lines

    def render(self, state: MediciState, game: int = 0) -> str:
        b = game
        P = self.num_players
        lines = [
            f"Medici — day {int(state.day[b]) + 1} of {NUM_DAYS}, start player player_{int(state.start_player[b])}, "
            f"deck {int(state.deck_end[b] - state.deck_top[b])} cards"
        ]
        size = int(state.market_len[b])
        new_from = size - int(state.revealed[b])  # cards revealed this turn are marked *
        labels = [self.card_label(c) + ("*" if i >= new_from else "") for i, c in enumerate(state.market[b, :size])]
        older, takeable = labels[: max(size - 3, 0)], labels[max(size - 3, 0) :]
        shown = (
            " | ".join(older)
            + (" | " if older and takeable else "")
            + ("[ " + " | ".join(takeable) + " ]" if takeable else "")
        )
        lines.append(f"Market ({size} cards; [ ] can be taken, * revealed this turn): " + (shown or "empty"))
        for p in range(P):
            ship_cards = np.flatnonzero((state.card_loc[b] == LOC_SHIP) & (state.card_owner[b] == p))
            icons = state.warehouse_icons[b, p]
            house = ", ".join(f"{self.colour_names[c]} {int(icons[c])}" for c in range(5) if icons[c])
            marker = ">" if (p == state.current_player[b] and not state.terminated[b]) else " "
            value, slots = int(state.ship_value[b, p]), int(state.ship_slots[b, p])
            lines.append(
                f"{marker} player_{p}: {int(state.scores[b, p]):3d} florins | ship value {value:2d},"
                f" {slots}/{self.capacity} non-green slots: "
                + (", ".join(self.card_label(c) for c in ship_cards) or "empty")
                + f" | warehouse: {house or 'empty'}"
            )
        if state.terminated[b]:
            lines.append("Game over. Final florins: " + ", ".join(str(int(s)) for s in state.scores[b]))
        else:
            turn = "final turn, " if state.final_turn[b] else ""
            lines.append(
                f"player_{int(state.current_player[b])} to move ({turn}{int(state.revealed[b])} revealed this turn)"
            )
        return "\n".join(lines)
