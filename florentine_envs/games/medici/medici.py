"""Medici: The Card Game (Reiner Knizia), batched numpy engine for 2-6 players: the game module.

The :class:`Medici` class assembles the package's mixins (set-up, rules, scoring, masks,
observation, features, presentation; the package ``__init__`` lists them in order) and holds what
is the game's as a whole: its options, the state invariants and the hidden-information resampling.

The encoding (action ids, observation layout, order of automatic steps, use of randomness) is
fixed in ``SPEC.md`` beside this file; the scalar reference ``reference/`` follows the same spec
and the differential test holds the two together. Rules are the rulebook's
(``shared/rules/medici_card_game.txt``); the readings of the rulebook where it is not explicit
are in ``DESIGN_NOTES.md``.

Changelog: v0 -- first release. v1 -- the observation shows the whole market in order
(``market_line``, one block per position counted from the last card, replaces
``market_last3``, which showed only the last three cards: two markets with the same
cards in another order looked alike, yet offer the next player different cards).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game
from .constants import (  # noqa: F401  (re-exported: tests, agents and training import them from here)
    _KEY_MAX,
    ACTION_NAMES,
    LOC_BOX,
    LOC_DECK,
    LOC_MARKET,
    LOC_SHIP,
    LOC_WAREHOUSE,
    NUM_DAYS,
    PHASE_REVEAL,
    PHASE_TAKE,
    REVEAL,
    STOP,
    STREAM_DECK,
    STREAM_START,
    TAKE_LAST,
    TAKE_LAST_AND_2ND,
    TAKE_LAST_AND_3RD,
    TAKE_LAST_THREE,
    TAKES,
)
from .data import CardTables, load_cards, longest_market  # noqa: F401
from .features import FeaturesMixin
from .masks import MaskMixin
from .observation import ObservationMixin
from .presentation import PresentationMixin
from .rules import RulesMixin
from .scoring import ScoringMixin
from .setup import SetupMixin
from .state import MediciState, _flat  # noqa: F401


class Medici(
    FeaturesMixin,
    PresentationMixin,
    ObservationMixin,
    MaskMixin,
    ScoringMixin,
    RulesMixin,
    SetupMixin,
    CardTables,
    Game,
):
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
        self._build_card_tables(data)  # data.py
        self._build_setup_tables()  # setup.py
        self._build_score_tables()  # scoring.py
        self._build_rule_tables()  # rules.py
        self._build_mask_tables()  # masks.py
        self.num_actions = len(ACTION_NAMES)
        self.action_names = list(ACTION_NAMES)
        self._build_observation_layout()  # observation.py

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
