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

import functools
import itertools
from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game
from .constants import (  # noqa: F401  (re-exported: tests, agents and training import them from here)
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


class _Undecided(Exception):
    """The replay of a day (:meth:`Medici.day_history`) ran out of its budget."""


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
        self._build_rule_tables()  # rules.py
        self.num_actions = len(ACTION_NAMES)
        self.action_names = list(ACTION_NAMES)
        self._build_observation_layout()  # observation.py
        self._build_kernel_tables()  # rules.py: the tables of kernels.py, from all of the above

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
            self._check_day(state, b, problems)
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

    def _check_day(self, state: MediciState, b: int, problems: list) -> None:
        """What the day of game ``b`` determines (rulebook "Playing the game", "Scoring the day";
        issue 32): the cards drawn so far and left in the deck, the ships' contents and turns, the
        cards unloaded and the florins credited at the ends of the days before."""
        P, N, C = self.num_players, self.num_cards, self.capacity
        loc, owner = state.card_loc[b], state.card_owner[b]
        day, over = int(state.day[b]), bool(state.terminated[b])
        top, end = int(state.deck_top[b]), int(state.deck_end[b])
        drawn = state.deck[b, :top].astype(np.int64)
        out = (loc == LOC_WAREHOUSE) | (loc == LOC_BOX)  # unloaded at the end of a day
        today = np.zeros(N, bool)
        today[drawn] = True  # the cards drawn since the day's shuffle
        here = (loc == LOC_MARKET) | (loc == LOC_SHIP)
        # A day's deck is every card not unloaded yet ("return any remaining cards in the market to
        # the deck and reshuffle"); the cards drawn from it are in the market or a ship, and after
        # the last day's end also in the warehouses and the box.
        gone = out if over else np.zeros(N, bool)  # drawn today, unloaded at the game's end
        if (here & ~today).any() or (today & ~here & ~gone).any():
            problems.append(f"game {b}: field 'deck_top' = {top}: the cards drawn today are not those in the "
                            "market and the ships")  # fmt: skip
        earlier = out & ~today if over else out  # unloaded at the ends of the days before this one
        if end != N - int(earlier.sum()):
            problems.append(f"game {b}: field 'deck_end' = {end}: the day's deck holds every card not unloaded "
                            f"before it ({N - int(earlier.sum())})")  # fmt: skip
        # "Each of the three rounds ends once all players' ships are full of cards" (the last open
        # ship's lone final turn aside): a day unloads (P-1)*C to P*C non-green cards
        for what, cards, days in (("the days before", earlier, day), ("the last day", out & today, int(over))):
            unloaded = int(self.card_nongreen[cards].sum())
            if not days * (P - 1) * C <= unloaded <= days * P * C or (days == 0 and cards.any()):
                problems.append(f"game {b}: field 'day' = {day}: {unloaded} non-green cards unloaded in {what}, "
                                f"{days} day(s) unload {days * (P - 1) * C}..{days * P * C}")  # fmt: skip
        scores = state.scores[b]
        if day + over == 0 and scores.any():
            problems.append(f"game {b}: field 'day' = 0: florins {scores.tolist()} before the first scoring")
        # "Scoring the day": each scoring pays a player at most the best ship place and, per colour,
        # the best commodity place and the monopoly bonus, and pays the ships at least the least
        # that any ranking of them shares out (every ship is ranked)
        least, most = self._day_florins
        if (scores > (day + over) * most).any() or int(scores.sum()) < (day + over) * least:
            problems.append(f"game {b}: field 'scores' = {scores.tolist()}: not florins {day + over} scoring(s) "
                            f"pay ({(day + over) * least} in all at least, {(day + over) * most} each at most)")  # fmt: skip
        start, current = int(state.start_player[b]), int(state.current_player[b])
        revealed, mlen = int(state.revealed[b]), int(state.market_len[b])
        if over:
            if state.truncated[b] or state.final_turn[b] or revealed or state.phase[b] != PHASE_REVEAL:
                problems.append(f"game {b}: a finished game has a turn in progress or a turn limit")
                return
        else:
            if day > 0 and scores[start] != scores.min():
                # "The player with the lowest sum of florins starts the next round."
                problems.append(f"game {b}: field 'start_player' = {start} has {int(scores[start])} florins, not "
                                f"the fewest ({int(scores.min())}): the poorest starts day {day + 1}")  # fmt: skip
            open_ = state.ship_slots[b] < C
            if not open_[current] or state.final_turn[b] != (open_.sum() == 1):
                # "Players with a fully loaded ship do not take any further turns in the round." "If there is
                # only one player left who does not yet have a fully loaded ship, this player gets one final turn."
                problems.append(f"game {b}: field 'final_turn' = {bool(state.final_turn[b])} or 'current_player' = "
                                f"{current} disagrees with the open ships {open_.astype(int).tolist()}")  # fmt: skip
                return
            if revealed > min(mlen, top) or (state.phase[b] == PHASE_REVEAL and revealed >= 3):
                problems.append(f"game {b}: field 'revealed' = {revealed}: more than the market holds, or a "
                                "fourth reveal")  # fmt: skip
                return
            # Turns go clockwise from the start player, skipping full ships, and each loads one to
            # three cards: with r rounds done before the current player's turn, a seat before it in
            # this round has had r + 1 turns, the others r (a full ship at most as many).
            cards = np.bincount(owner[loc == LOC_SHIP].astype(np.int64), minlength=P)
            ahead = ((np.arange(P) - start) % P < (current - start) % P).astype(np.int64)
            low = max(0, int((-(-cards // 3) - ahead).max()))
            if low > int((cards - ahead)[open_].min()):
                problems.append(f"game {b}: field 'current_player' = {current} (start_player {start}): no count "
                                f"of turns from the start player gives the ships' {cards.tolist()} cards")  # fmt: skip

    @functools.cached_property
    def _day_florins(self) -> tuple[int, int]:
        """(least paid in all, most paid to one player) by a day's scoring: the ships' payouts over
        every ranking of the ships (ties shared, rounded down), and the observation's bound."""
        P = self.num_players
        values = np.array(list(itertools.product(range(P), repeat=P)), np.int64)  # every ranking
        least = int(self.ship_payouts(values).sum(1).min())
        return least, int(self.obs_field_bounds()["florins"][1]) // NUM_DAYS

    #: the positions the replay of a day (:meth:`day_history`) explores before it gives up undecided
    #: (a real day is found within some 10**4; refuting a finished game's last mover can take 10**5,
    #: about a second)
    DAY_REPLAY_BUDGET = 200_000

    def check_state(self, state: MediciState) -> None:
        """The core's checks (:meth:`Game.check_state`), then the day replayed: a saved game is refused
        when no turns of its day lead to it (:meth:`day_history`; too slow for every step of play,
        where :meth:`check_invariants` checks what the day implies in bulk)."""
        super().check_state(state)
        for b in range(state.batch_size):
            if self.day_history(state, b) is False:
                raise ValueError(
                    f"{self.name}: field 'current_player' = {int(state.current_player[b])} (start_player "
                    f"{int(state.start_player[b])}, revealed {int(state.revealed[b])}, phase "
                    f"{int(state.phase[b])}): no turns of the day from its start draw the deck in its order and "
                    "give the ships and the market"
                )

    def day_history(self, state: MediciState, b: int, budget: int | None = None) -> bool | None:
        """Whether some sequence of turns from the start of game ``b``'s current day (an empty
        market, empty ships, ``start_player`` first) draws the deck's cards in their order, loads
        every drawn card that is in a ship into its owner's ship, leaves the market as it is and
        brings the turn to where the state is (``current_player`` to move, ``revealed`` cards of
        the market revealed this turn, ``phase``, ``final_turn``); for a finished game, a sequence
        whose last turn, the current player's, ends the day (the last day's cards now in the box,
        green ones whose owner the unloading forgot, may have been anyone's). Rulebook "Playing the
        game": reveal up to three cards, take the last card and any of the two before it, "Players
        with a fully loaded ship do not take any further turns in the round", the lone final turn.

        A depth-first search over the turns (positions seen are not explored twice); None when it
        explores more than ``budget`` positions (default :attr:`DAY_REPLAY_BUDGET`) undecided.
        Real days take a few hundred; refuting a finished game's last mover can take far more."""
        P, C = self.num_players, self.capacity
        budget = self.DAY_REPLAY_BUDGET if budget is None else budget
        seq = state.deck[b, : int(state.deck_top[b])].tolist()
        today = np.zeros(self.num_cards, bool)
        today[seq] = True
        wild = today & (state.card_loc[b] == LOC_BOX)
        loaded = (state.card_loc[b] == LOC_SHIP) | (state.card_loc[b] == LOC_WAREHOUSE)
        # whose ship a drawn card went into: -1 any (a box card of the last day: green, no slot), -2 none
        owner = np.where(wild, -1, np.where(loaded, state.card_owner[b], -2)).tolist()
        nongreen = self._nongreen_list
        market = tuple(state.market[b, : int(state.market_len[b])].tolist())
        current, ended = int(state.current_player[b]), bool(state.terminated[b])
        revealed = int(state.revealed[b])
        if ended:  # the day ended with the current player's turn: filling the last ship, or the lone final turn
            goal = None
            slots = np.bincount([owner[card] for card in seq if owner[card] >= 0],
                                [nongreen[card] for card in seq if owner[card] >= 0], minlength=P)  # fmt: skip
            short = np.flatnonzero(slots < C)
            if short.size > 1 or (short.size == 1 and short[0] != current):
                return False
            # the last turn takes the last card it reveals; revealing none, it takes a card of its own
            last = seq[-1] if seq else None
            if last is not None and last not in market and owner[last] not in (current, -1):
                if not any(owner[card] in (current, -1) for card in seq if card not in market):
                    return False
        else:  # the turn in progress began with the market less its last ``revealed`` cards, drawn last
            cut = len(market) - revealed
            if revealed and tuple(seq[len(seq) - revealed :]) != market[cut:]:
                return False
            if state.phase[b] != PHASE_REVEAL and revealed == 0 and cut == 0:
                return False  # a STOP needs a card in the market
            goal = (len(seq) - revealed, market[:cut], current, bool(state.final_turn[b]))
        # cards each seat still has to load after draw i (a full ship loads nothing more)
        later = [[0] * P for _ in range(len(seq) + 1)]
        for i in range(len(seq) - 1, -1, -1):
            later[i] = list(later[i + 1])
            if owner[seq[i]] >= 0:
                later[i][owner[seq[i]]] += 1
        seen = set()

        def hopeless(i: int, line: tuple, slots: list) -> bool:
            """A card left that no turn can load: behind two cards that stay in the market, or
            its owner's ship full."""
            left = list(later[i])
            stay = 0
            for card in reversed(line):
                who = owner[card]
                if who == -2:
                    stay += 1
                elif stay >= 2:
                    return True
                elif who >= 0:
                    left[who] += 1
            return any(left[q] and slots[q] >= C for q in range(P))

        def turns(i: int, line: tuple, mover: int, slots: tuple, final: bool) -> bool:
            # the ships' slots follow from the cards loaded (a wild card is green): not in the key
            if (i, line, mover, final) == goal:
                return True
            key = (i, line, mover)
            if key in seen or (goal is not None and i > goal[0]) or hopeless(i, line, slots):
                return False
            seen.add(key)
            if len(seen) > budget:
                raise _Undecided
            free = C - slots[mover]
            for k in range(4):
                if i + k > len(seq):
                    break
                if k == 0 and not line:
                    continue
                shown = line + tuple(seq[i : i + k])
                backs = [back for back in (1, 2, 3) if back <= len(shown) and owner[shown[-back]] in (mover, -1)]
                if 1 not in backs:  # the last card must be taken
                    continue
                for extra in ((2, 3), (2,), (3,), ()):
                    took = (1, *extra)
                    if any(back not in backs for back in took):
                        continue
                    need = sum(nongreen[shown[-x]] for x in took)
                    if need > free:
                        continue
                    rest = tuple(card for at, card in enumerate(shown) if len(shown) - at not in took)
                    after = list(slots)
                    after[mover] += need
                    open_ = [n < C for n in after]
                    if final or not any(open_):  # the day ends with this turn
                        if ended and i + k == len(seq) and rest == market and mover == current:
                            return True
                        continue
                    if ended and not open_[current]:  # the day's last turn is the last mover's
                        continue
                    nxt = next(q for q in self._clockwise_after[mover] if open_[q])
                    if turns(i + k, rest, nxt, tuple(after), sum(open_) == 1):
                        return True
            return False

        try:
            return turns(0, (), int(state.start_player[b]), (0,) * P, False)
        except _Undecided:
            return None

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
