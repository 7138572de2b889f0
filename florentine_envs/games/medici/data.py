"""The component data (``cards.json``, or an override) and the tables the engine reads from it:
kinds and cards, ship capacity, payouts, monopoly thresholds, the longest market."""

from __future__ import annotations

import numpy as np

from ...data_schema import load_checked
from .constants import LOC_BOX, LOC_WAREHOUSE
from .schema import SCHEMA


def load_cards(path=None, data=None) -> dict:
    """The component data (``cards.json``); ``path`` (a complete file) or ``data`` (a dict patch
    merged into the packaged file, or a path) overrides it for balance studies."""
    if path is not None and data is not None:
        raise ValueError("medici: give cards_path or data, not both")
    return load_checked("medici", __package__, "cards.json", data if path is None else path, SCHEMA)


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


class CardTables:
    """Mixed into :class:`~.medici.Medici`: the tables of the component data, as attributes of the
    game (agents read the public ones to value the kinds seen in observations)."""

    def _build_card_tables(self, data: dict) -> None:
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
        self._kind_copies = np.bincount(kind_of_card, minlength=self.num_kinds).astype(np.int16)  # int16[K]
        # Where a card goes when its ship is unloaded: commodities to the warehouse, the rest to the box.
        self._unload_to = np.where(self.card_icons > 0, LOC_WAREHOUSE, LOC_BOX).astype(np.int8)  # int8[N]
        self._nongreen_list = self.card_nongreen.tolist()  # Python ints: the replay of a day (day_history)

        players = self.num_players
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
