"""The Princes of Florence, one game at a time: the rules, clause by clause.

Quotes: "RB: ..." is the rulebook (``shared/rules/princes_of_florence.txt``), "SPEC X" a section
of SPEC.md (the encoding contract), "Dn" a reading of DESIGN_NOTES.md. Money is in units of 100
Florin, as in the data file and the SPEC.
"""

from __future__ import annotations

import operator

import numpy as np

from florentine_envs.core.rng import hash64, randint

from .observation import check_invariants, obs_size, observe
from .tables import (
    ACTION,
    AUCTION_BID,
    AUCTION_CHOOSE,
    BANKER,
    BONUS,
    BUILD,
    BUILDER_STACK,
    CARD_ACTION_BASE,
    CARDINAL,
    CARDINAL_ACTION,
    CHAR_AUCTION,
    CHAR_BID,
    CHAR_USE,
    CTX_BOUGHT,
    CTX_END,
    CTX_NONE,
    CTX_WIN,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSION,
    DONE,
    END_TURN,
    FOREST,
    FREEDOM,
    GAME_OVER,
    JESTER_STACK,
    KEEP,
    LANDSCAPE,
    LANDSCAPE_PICK,
    MERCHANT,
    MERCHANT_FAME,
    MERCHANT_PAY,
    MUSE,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_PHASES,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    OPEN,
    ORDER,
    PASS,
    PLACE,
    PLACE_BASE,
    PRESTIGE_STACK,
    PRINCESS,
    PRINCESS_WORK,
    PROFESSION,
    PROFESSOR,
    PROFESSOR_BONUS,
    PROFESSOR_PRESTIGE,
    RAISE,
    RECRUIT,
    RECRUIT_NOW,
    RECRUITING_STACK,
    RESUME_ACTION,
    RESUME_AUCTION,
    RESUME_CHAR_USE,
    SETUP_DISCARD,
    STREAM_BONUS,
    STREAM_PRESTIGE,
    STREAM_PROFESSIONS,
    STREAM_SETUP,
    TAKE_BONUS,
    TAKE_PROFESSION,
    WITHDRAW,
    WORK_BONUS,
    WORK_PAY,
    action_names,
    tables_for,
)  # fmt: skip

REWARD_MODES = ("win", "score")
OPTION_NAMES = ("characters", "cardinal_twice_limit", "hard_freedoms", "reward", "data")  # SPEC O (solo: solo.py)
SIZE_CLASSES = ("large", "medium", "small")


def _shuffled(seed: int, stream: int, counter: int, items: list[int]) -> list[int]:
    """SPEC R: the items sorted by hash64(seed, stream, counter, id) ascending (stable, ties by id)."""
    keys = hash64(np.uint64(seed), stream, counter, np.arange(max(items, default=0) + 1))
    return sorted(items, key=lambda i: (int(keys[i]), i))


def _bits(mask: int) -> int:
    return bin(mask).count("1")


class PrincesReference:
    """One game of The Princes of Florence (2-5 players), stepped one action at a time.

    The differential test drives it through ``legal_action_mask()``, ``step(action)``,
    ``observe(player)``, ``current_player``, ``phase``, ``scores``, ``rewards`` and
    ``terminated``, exactly like the batched engine's Game protocol.
    """

    truncated = False  # the game always ends after round 7 (no turn limit)
    cardinal_twice_limit = False  # D17's other reading (an option of the base game only)
    num_phases = NUM_PHASES  # the observation's phase one-hot (cooperative building adds 4)

    def __init__(self, num_players: int, seed: int, **options):
        unknown = sorted(set(options) - set(OPTION_NAMES))
        if unknown:
            raise ValueError(f"princes reference: unknown option(s) {unknown}; allowed: {', '.join(OPTION_NAMES)}")
        characters = options.get("characters", False)
        twice = options.get("cardinal_twice_limit", False)
        hard_freedoms = options.get("hard_freedoms", False)
        reward = options.get("reward", "win")
        T = self.T = tables_for(options.get("data"))
        players = T.data["players"]
        if not isinstance(num_players, (int, np.integer)) or not players["min"] <= num_players <= players["max"]:
            raise ValueError(f"princes reference: num_players={num_players!r}; allowed: 2, 3, 4, 5")
        for name, value in (
            ("characters", characters),
            ("cardinal_twice_limit", twice),
            ("hard_freedoms", hard_freedoms),
        ):
            if not isinstance(value, (bool, np.bool_)):
                raise ValueError(f"princes reference: {name}={value!r}; allowed: False, True")
        if twice and not characters:
            raise ValueError(
                "princes reference: cardinal_twice_limit=True is a rule of the Cardinal; needs characters=True"
            )
        if twice and type(self).num_phases != NUM_PHASES:  # the cooperative reference: its builds are not counted
            raise ValueError("princes reference: cardinal_twice_limit=True is not combined with cooperative=True")
        if hard_freedoms and num_players != 2:
            raise ValueError("princes reference: hard_freedoms=True is a 2-player option (RB: TWO PLAYER RULES)")
        if reward not in REWARD_MODES:
            raise ValueError(f"princes reference: reward={reward!r}; allowed: {', '.join(map(repr, REWARD_MODES))}")
        P = self.num_players = self.seats = int(num_players)
        self.seed = int(seed)
        self.characters = bool(characters)
        self.cardinal_twice_limit = bool(twice)
        self.reward_mode = reward
        self.num_actions = T.num_actions
        self.action_names = action_names(T)
        self._init_state(P)
        self._set_up(hard_freedoms)
        self._play_forced()

    def _init_state(self, P: int) -> None:
        """Every state field of a game of P seats, before the set-up (the solo game reuses it)."""
        T = self.T
        self.terminated = False
        self.rewards = [0.0] * P

        # -- RB SETUP 12: "3500 Florin in Money"; 2 players: 2500. RB 9: Fame disk on space 0.
        self.money = [T.money_start[P]] * P
        self.bank_in = self.bank_out = 0  # the Bank's ledger (check_invariants: money is conserved)
        self.fame = [0] * P
        self.best_work = [0] * P  # the Pawn on the Fame track this round (0 = no work)
        # -- the principality: bit masks of the grid (SPEC P); the Palazzo is pre-printed
        self.occupied = [T.palazzo] * P
        self.blocked = [T.palazzo] * P  # Palazzo + buildings (rule 3)
        self.built = [[False] * NUM_BUILDINGS for _ in range(P)]
        self.landscapes = [[0, 0, 0] for _ in range(P)]
        self.freedoms = [[False] * 3 for _ in range(P)]
        self.jesters = [0] * P
        self.builders = [0] * P
        self.fits = [self._fits_of(p) for p in range(P)]
        # -- cards
        self.hand_prof = [set() for _ in range(P)]
        self.known = [set() for _ in range(P)]  # D2: hand professions everybody has seen
        self.table_prof = [set() for _ in range(P)]
        self.hand_recruit = [0] * P
        self.table_recruit = [0] * P
        self.bonus_hand = [set() for _ in range(P)]
        self.bonus_out = set()
        self.prestige_hand = [set() for _ in range(P)]
        self.decks = [[], [], []]  # professions, Bonus, Prestige; index 0 is the top card
        self.drawn = []  # cards drawn and not yet kept / put under (SPEC D)
        self.draw_deck = -1
        # -- supply. RB SETUP 3 and CONTENTS.
        self.supply_buildings = [T.buildings_per_type] * NUM_BUILDINGS
        self.supply_landscapes = [T.landscapes_per_type] * 3
        self.supply_jesters = T.jesters
        self.supply_builders = T.builders
        self.supply_recruiting = T.recruiting
        # -- auction (SPEC T1: "clear auction")
        self.stack_used = [False] * 7
        self.pawn_free = [False] * P
        self.in_auction = [False] * P
        self.stack = self.high = self.opener = -1
        self.bid = 0
        self.lone = False
        self.winner = -1
        self.merchant_paid = False
        # -- sub-decisions
        self.piece = -1
        self.resume = RESUME_AUCTION
        self.ctx = CTX_NONE
        self.ctx_index = 0
        # -- characters. RB The Muse and the Princess, SETUP: "Follow the normal setup rules with the
        # following additions: ... Place 600 Florin on the Banker Character card." Without the
        # expansion there is no money on it. ``char_faceup`` is "face up in front of its owner" (a
        # card that can still be used): False while a card lies in the Character card area.
        self.char_owner = [-1] * NUM_CHARACTERS
        self.char_faceup = [False] * NUM_CHARACTERS
        self.banker_money = T.banker_start if self.characters else 0
        self.pawn_card = [-1] * P
        self.pawn_value = [0] * P
        self.char_out = [False] * P
        # -- action phase
        self.turns_done = 0
        self.actions_left = 0
        self.took_profession = False
        self.took_freedom = False
        # this turn's Complete a Work (the Princess's too), Build a Building and Acquire a Bonus card
        # actions: "Each Action can be done twice per round per player" (D17, cardinal_twice_limit)
        self.works_done = self.builds_done = self.bonus_done = 0
        self.work_prof = -1
        self.work_value = 0

    # ================================================================== SETUP

    def _set_up(self, hard_freedoms: bool) -> None:
        """RB SETUP 3-10, SPEC S and R."""
        T, P, seed = self.T, self.num_players, self.seed
        # RB 3: "There should be a number of each type of Freedom equal to the number of players
        # minus one." TWO PLAYER RULES: "5 Freedoms are available (1 of each type, plus 2 of two
        # different types, chosen randomly). For a more challenging game, use just 4 Freedoms".
        if P == 2:
            extra = T.extra_kinds_hard if hard_freedoms else T.extra_kinds
            kinds = _shuffled(seed, STREAM_SETUP, 1, [0, 1, 2])
            self.supply_freedoms = [T.freedom_base_2p + (f in kinds[:extra]) for f in range(3)]
        else:
            self.supply_freedoms = [P - 1] * 3
        self.freedoms_in_game = list(self.supply_freedoms)
        # Prestige and Bonus decks: "All of the cards should be facedown".
        self.decks[DECK_PRESTIGE] = _shuffled(seed, STREAM_PRESTIGE, 0, list(range(NUM_PRESTIGE)))
        self.decks[DECK_BONUS] = _shuffled(seed, STREAM_BONUS, 0, list(range(NUM_BONUS)))
        # RB 5: "Alternatively, choose randomly" (D4).
        self.round = 0
        self.start = int(randint(np.uint64(seed), STREAM_SETUP, 0, P))
        # RB 10: "Shuffle the 21 Profession cards and deal 4 faceup to each player."
        order = _shuffled(seed, STREAM_PROFESSIONS, 0, list(range(NUM_PROFESSIONS)))
        for i in range(P):
            seat = (self.start + i) % P
            dealt = order[T.dealt * i : T.dealt * (i + 1)]
            self.hand_prof[seat] = set(dealt)
            self.known[seat] = set(dealt)  # D2: dealt face up
        self.decks[DECK_PROFESSION] = order[T.dealt * P :]  # the order is irrelevant: reshuffled
        self.discards_done = 0
        self.phase = SETUP_DISCARD
        self.current_player = self.start

    def _setup_discard(self, x: int) -> None:
        """RB 10: "From these 4 cards, each player chooses 3 to be their starting hand and returns
        the 4th. Shuffle the undealt and unchosen Profession cards together" (D1: in turn)."""
        p = self.current_player
        self.hand_prof[p].discard(x)
        self.known[p].discard(x)
        self.decks[DECK_PROFESSION].append(x)  # into the pool, reshuffled below
        self.discards_done += 1
        if self.discards_done < self.num_players:
            self.current_player = (p + 1) % self.num_players
            return
        pool = [x for x in range(NUM_PROFESSIONS) if not any(x in hand for hand in self.hand_prof)]
        self.decks[DECK_PROFESSION] = _shuffled(self.seed, STREAM_PROFESSIONS, 1, pool)
        self._start_round()

    # ================================================================== features (SPEC F)

    def features(self, p: int) -> dict[str, int]:
        """The counts the Bonus and Prestige cards read for seat p (SPEC F)."""
        T = self.T
        built = [b for b in range(NUM_BUILDINGS) if self.built[p][b]]
        by_size = {k: sum(T.size_class[b] == k for b in built) for k in SIZE_CLASSES}
        forests, lakes, parks = self.landscapes[p]
        freedoms = self.freedoms[p]
        prestige = len(self.prestige_hand[p])
        counts = (forests, lakes, parks, self.jesters[p], self.builders[p], prestige, sum(freedoms))
        return {
            # RB overview: "Your Palazzo does not count as a Building!"
            "buildings": len(built), **by_size, "sizes": sum(v > 0 for v in by_size.values()),
            "forests": forests, "lakes": lakes, "parks": parks, "landscapes": forests + lakes + parks,
            "landscape_types": sum(v > 0 for v in (forests, lakes, parks)),
            "freedoms": sum(freedoms), "travel": int(freedoms[0]), "religion": int(freedoms[1]),
            "opinion": int(freedoms[2]), "jesters": self.jesters[p], "builders": self.builders[p],
            "prestige_cards": prestige,
            # RB Bonus overview: "Each Category counts just once"
            "categories": sum(v > 0 for v in counts),
            "hand_cards": len(self.hand_prof[p]) + self.hand_recruit[p],
            "table_cards": len(self.table_prof[p]) + self.table_recruit[p],
            "empty": self.T.cells - _bits(self.occupied[p]),
        }  # fmt: skip

    def bonus_value(self, card: int, feats: dict[str, int]) -> int:
        """RB "Overview of the 20 different Bonus cards": the value card adds to a work."""
        return sum(v * feats[f] for f, v in self.T.bonus_coef[card].items())

    def _muse(self, p: int) -> int:
        """RB Muse: "increase the Work Value of each Work you complete this round by an amount
        equal to the round number" (D29)."""
        return self.round + 1 if self.characters and self.char_owner[MUSE] == p else 0

    def _work_base(self, p: int, x: int, feats: dict[str, int]) -> int:
        """RB Complete a Work 2, with x already on the table (``feats`` computed so)."""
        T = self.T
        value = T.w_landscape * (self.landscapes[p][T.prof_landscape[x]] >= 1)
        value += T.w_freedom * self.freedoms[p][T.prof_freedom[x]]
        value += T.w_building * self.built[p][T.prof_building[x]]
        value += T.w_jester * self.jesters[p]
        # "For each Profession card or Recruiting card you have in your hand or on the table, add 1
        # ... (including the card currently being played)" (D19)
        value += T.w_card * (feats["hand_cards"] + feats["table_cards"])
        return value + self._muse(p)

    def _features_with_played(self, p: int, x: int) -> dict[str, int]:
        """Features of p as if x had moved from the hand to the table (RB Bonus overview: "The
        Profession card just played is on the table and does not count!")."""
        feats = self.features(p)
        feats["hand_cards"] -= 1
        feats["table_cards"] += 1
        return feats

    def princess_value(self, p: int) -> int:
        """RB Princess: "Add 3 ... for each Landscape (including duplicates). Add 2 ... for each
        Building. Add 2 ... for each Builder. Add 1 ... for each Profession card or Recruiting card.
        ... Freedoms, Jesters, and Bonus cards may not be used" (D30)."""
        T, f = self.T, self.features(p)
        return (
            T.p_landscape * f["landscapes"] + T.p_building * f["buildings"] + T.p_builder * f["builders"]
            + T.p_card * (f["hand_cards"] + f["table_cards"])
        )  # fmt: skip

    def prestige_points(self, p: int, card: int, feats: list[dict[str, int]] | None = None) -> int:
        """RB Prestige cards: "If you are tied for the most with any opponents, you only earn half
        the points" (the bracketed value); "You cannot score the most for having nothing" (D34)."""
        spec = self.T.prestige[card]
        if feats is None:
            feats = [self.features(q) for q in range(self.num_players)]
        if spec["kind"] == "at_least":
            return spec["points"] if all(feats[p][f] >= n for f, n in spec["need"].items()) else 0
        values = [f[spec["feature"]] for f in feats]
        mine = values[p]
        if spec["kind"] == "most":
            if mine == 0 or mine < max(values):
                return 0
        elif mine > min(values):  # "fewest": 0 counts (a full principality can be the fewest)
            return 0
        return spec["points"] if values.count(mine) == 1 else spec["tie"]

    # ================================================================== money (SPEC M "Purse")

    def purse(self, p: int) -> int:
        """RB Auction: "Players are allowed to bid more Money than they currently have ... they
        may not make a bid that could cause this [fame below 0]" (D8); with the characters "You may
        not earn Money by moving your Fame disk backward" (D33)."""
        if self.characters:
            return self.money[p]
        return self.money[p] + self.fame[p] * self.T.per_fame_sold

    def _pay(self, p: int, amount: int) -> None:
        """Pay the Bank; a shortfall is covered by selling exactly enough fame (D9)."""
        self._sell_fame_for(p, amount)
        self.money[p] -= amount
        self.bank_in += amount

    def _sell_fame_for(self, p: int, amount: int) -> None:
        """Before p pays ``amount``, sell exactly the fame that covers the shortfall (RB Earning
        Money: "For each space your Fame disk is moved backward, take 100 Florin", D9)."""
        short = amount - self.money[p]
        if short > 0:
            spaces = -(-short // self.T.per_fame_sold)
            self.fame[p] -= spaces
            self.money[p] += spaces * self.T.per_fame_sold
            self.bank_out += spaces * self.T.per_fame_sold
        assert self.money[p] >= amount and self.fame[p] >= 0, "a payment above the purse was allowed"

    # ================================================================== placement (RB rules 1-6)

    def _legal_placements(self, p: int, piece: int) -> list[int]:
        """RB Placing: "1 ... completely within the grid ... either side up. 2 ... not ... overlaps
        ... 3 You may not place a Building directly adjacent to another Building ... also applies to
        your Palazzo. Exception: If you have 2 or 3 Builders"; "4 ... Landscape directly adjacent to
        any number of Buildings and / or Landscapes"."""
        occupied = self.occupied[p]
        strict = piece < NUM_BUILDINGS and self.builders[p] < 2
        blocked = self.blocked[p]
        return [
            j
            for j, squares, halo in self.T.placements[piece]
            if not squares & occupied and not (strict and halo & blocked)
        ]

    def _fits_of(self, p: int) -> list[bool]:
        """SPEC P: fits[p, q] = some legal placement of piece q exists."""
        occupied, blocked = self.occupied[p], self.blocked[p]
        strict = self.builders[p] < 2
        fits = []
        for piece, table in enumerate(self.T.placements):
            check = strict and piece < NUM_BUILDINGS
            fits.append(any(not s & occupied and not (check and h & blocked) for _, s, h in table))
        return fits

    def refresh_fits(self, p: int) -> None:
        """Recompute fits[p] after its grid or Builders changed (SPEC P / PLACE)."""
        self.fits[p] = self._fits_of(p)

    def _place(self, j: int) -> None:
        """PLACE: put the pending piece on placement j of the current player's grid."""
        T, p, piece = self.T, self.current_player, self.piece
        squares = next(s for jj, s, _ in T.placements[piece] if jj == j)
        self.occupied[p] |= squares
        if piece < NUM_BUILDINGS:
            # RB Build a Building: "It immediately earns you 3"; rule 5 was checked at the choice.
            self.blocked[p] |= squares
            self.built[p][piece] = True
            self.supply_buildings[piece] -= 1
            self.fame[p] += T.building_points
        else:
            l = piece - NUM_BUILDINGS  # noqa: E741
            # RB Forest: "Each Forest placed after the first in a Principality scores you 3" (D14).
            if self.landscapes[p][l] >= 1:
                self.fame[p] += T.extra_landscape_points
            self.landscapes[p][l] += 1
            self.supply_landscapes[l] -= 1
        self.piece = -1
        self.refresh_fits(p)
        self._resume()

    # ================================================================== drawing (SPEC D)

    def _draw(self, deck: int, resume: int) -> None:
        """RB Prestige cards / Take a Profession / Acquire a Bonus card: "take the top 5 cards ...
        (all cards if there are fewer than 5), choose 1 ... place the other 4 cards facedown in any
        order at the bottom"."""
        n = min(self.T.draw_count, len(self.decks[deck]))
        assert n > 0, "a draw was started on an empty deck"  # the masks never allow it (D23, D38)
        self.resume = resume
        self.drawn = self.decks[deck][:n]
        del self.decks[deck][:n]
        self.draw_deck = deck
        self.phase = KEEP

    def _keep(self, card: int) -> None:
        p = self.current_player
        self.drawn.remove(card)
        if self.draw_deck == DECK_PROFESSION:
            self.hand_prof[p].add(card)  # drawn privately: not known (D2)
        elif self.draw_deck == DECK_BONUS:
            self.bonus_hand[p].add(card)
        else:
            self.prestige_hand[p].add(card)
        self._after_draw_step()

    def _order(self, card: int) -> None:
        """D16: each card put under goes below the one put before it."""
        self.drawn.remove(card)
        self.decks[self.draw_deck].append(card)
        self._after_draw_step()

    def _after_draw_step(self) -> None:
        if self.drawn:
            self.phase = ORDER
            return
        self.draw_deck = -1
        self._resume()

    def _resume(self) -> None:
        """Return from a placement, a draw or an immediate recruiting to where it began."""
        if self.resume == RESUME_AUCTION:
            self._auction_continues()
        elif self.resume == RESUME_ACTION:
            self.phase = ACTION
        else:
            self.phase = CHAR_USE

    # ================================================================== recruiting

    def _opponent_table_professions(self, p: int) -> list[int]:
        return sorted(x for q in range(self.num_players) if q != p for x in self.table_prof[q])

    def _recruit(self, x: int) -> None:
        """RB Recruiting cards: "choose a faceup Profession card previously played by any
        opponent, take that Profession card into your hand, and place the Recruiting card in its
        place" (D13)."""
        p = self.current_player
        owner = next(q for q in range(self.num_players) if x in self.table_prof[q])
        self.table_prof[owner].discard(x)
        self.table_recruit[owner] += 1
        self.hand_prof[p].add(x)
        self.known[p].add(x)
        self.hand_recruit[p] -= 1

    # ================================================================== auction phase

    def _clear_auction(self) -> None:
        self.stack = self.high = self.opener = -1
        self.bid = 0
        self.in_auction = [False] * self.num_players
        self.lone = False

    def _start_round(self) -> None:
        """SPEC T1. RB Auction phase: "Auction 1 object per player"."""
        self.pawn_free = [True] * self.num_players
        self.stack_used = [False] * 7
        self._clear_auction()
        self._choose(self.start)

    def _choose(self, q: int) -> None:
        """The first available player at or after q chooses a stack (D11)."""
        P = self.num_players
        free = sum(self.pawn_free)
        # RB: "When there is only one player who still has their Pawn in front of them, they may
        # simply pay the Bank 200 Florin to take any one available object".
        self.lone = free == 1
        if free == 0:
            self._end_auction_phase()
            return
        self.current_player = next(s % P for s in range(q, q + P) if self.pawn_free[s % P])
        self.phase = AUCTION_CHOOSE

    def _available(self, p: int, s: int, ignore_used: bool = False) -> bool:
        """SPEC AUCTION_CHOOSE "available to p"; RB "When a stack is exhausted, no more objects of
        that type can be acquired", "each player is limited to acquiring 3 Builders" and a landscape
        "you must immediately place" (D7)."""
        if not ignore_used and self.stack_used[s]:
            return False
        if s <= 2:
            if self.num_players == 2 and self.T.single_landscape_2p:
                # TWO PLAYER RULES: "Auction the 3 Landscapes ... as 1 object" (D10).
                return s == FOREST and any(self._landscape_available(p, kind) for kind in range(3))
            return self._landscape_available(p, s)
        return self._in_supply(s) and (s != BUILDER_STACK or self.builders[p] < self.T.max_builders)

    def _in_supply(self, s: int) -> bool:
        """RB: "When a stack is exhausted, no more objects of that type can be acquired" (the
        Prestige stack is its deck)."""
        if s <= 2:
            return self.supply_landscapes[s] > 0
        if s == PRESTIGE_STACK:
            return len(self.decks[DECK_PRESTIGE]) > 0
        if s == RECRUITING_STACK:
            return self.supply_recruiting > 0
        if s == JESTER_STACK:
            return self.supply_jesters > 0
        return self.supply_builders > 0

    def _landscape_available(self, p: int, l: int) -> bool:  # noqa: E741
        return self.supply_landscapes[l] > 0 and self.fits[p][NUM_BUILDINGS + l]

    def _next_in_auction(self, p: int) -> int:
        P = self.num_players
        return next(s % P for s in range(p + 1, p + P + 1) if self.in_auction[s % P])

    def _open(self, s: int) -> None:
        """RB: "The starting player begins by choosing one of the 7 stacks and starting the bidding
        at 200 Florin" (2 players: 300)."""
        p = self.current_player
        self.stack = s
        self.opener = self.high = p  # the lone buyer is the high bidder too (question 4)
        if self.lone:
            self.bid = self.T.lone_price  # D6
            self._win(p)
            return
        self.bid = self.T.opening_bid[self.num_players]
        self.in_auction = list(self.pawn_free)
        self.current_player = self._next_in_auction(p)
        self.phase = AUCTION_BID

    def _withdraw(self) -> None:
        """RB: "A player whose turn it is to choose a stack ... may instead remove themselves from
        all auctions this round"; the lone player "may choose to pay nothing and not take
        anything"."""
        p = self.current_player
        self.pawn_free[p] = False
        self._choose(p + 1)

    def _raise(self) -> None:
        """RB: "each player either increases the current bid by exactly 100 Florin or passes"."""
        p = self.current_player
        self.bid += self.T.raise_by
        self.high = p
        self.current_player = self._next_in_auction(p)

    def _pass_bid(self) -> None:
        """RB: "If a player passes, they are out of the bidding for this object this round. When
        all players have passed except one, the player with the highest bid pays"."""
        p = self.current_player
        self.in_auction[p] = False
        if sum(self.in_auction) == 1:
            self._win(self.high)
        else:
            self.current_player = self._next_in_auction(p)

    def _win(self, w: int) -> None:
        """A won bid; RB Merchant / Professor: "when you win a bid on an object in the Auction
        phase, you may flip" (D12, D26): CHAR_USE before paying."""
        self.winner = w
        self.current_player = w
        if self.characters and self._char_use_options(w, CTX_WIN):
            self.phase = CHAR_USE
            self.ctx = CTX_WIN
            return
        self._settle(w)

    def _settle(self, w: int) -> None:
        """RB: "the player with the highest bid pays the bid amount to the Bank ... takes the object
        and places their Pawn on the stack"."""
        T = self.T
        if self.merchant_paid:
            self.merchant_paid = False  # RB Merchant: "instead of paying the cost of your bid"
        else:
            self._pay(w, self.bid)
        self.pawn_free[w] = False
        s = self.stack
        two_player_landscape = self.num_players == 2 and T.single_landscape_2p and s <= 2
        if two_player_landscape:
            self.stack_used[0] = self.stack_used[1] = self.stack_used[2] = True
        else:
            self.stack_used[s] = True
        self.current_player = w
        if two_player_landscape:
            # TWO PLAYER RULES: "The winner of that auction chooses which Landscape they want."
            self.resume = RESUME_AUCTION
            self.phase = LANDSCAPE_PICK
        else:
            self._take_object(w, s)

    def _take_object(self, w: int, s: int) -> None:
        """w takes the object of stack s bought in the auction phase; the auction goes on after it
        (at once, or after its placement, draw or immediate recruiting)."""
        T = self.T
        self.resume = RESUME_AUCTION
        if s <= 2:
            # RB Forest: "When you acquire a Forest, you must immediately place it".
            self.piece = NUM_BUILDINGS + s
            self.phase = PLACE
        elif s == PRESTIGE_STACK:
            self._draw(DECK_PRESTIGE, RESUME_AUCTION)
        elif s == RECRUITING_STACK:
            self.supply_recruiting -= 1
            self.hand_recruit[w] += 1
            # RB: "you may either use it immediately or keep it in your hand" (D13).
            if self._opponent_table_professions(w):
                self.phase = RECRUIT_NOW
            else:
                self._auction_continues()
        elif s == JESTER_STACK:
            self.supply_jesters -= 1
            self.jesters[w] += 1
            self._auction_continues()
        else:
            # RB Builder: "When you acquire a second Builder, you earn 3. ... a third ... another 3"
            self.supply_builders -= 1
            self.builders[w] += 1
            self.fame[w] += T.builder_points[self.builders[w]]
            self.refresh_fits(w)
            self._auction_continues()

    def _auction_continues(self) -> None:
        """RB: "If the player who started the auction did not win the bid, they choose a stack from
        those remaining ... If the player who started the auction did win the bid, the next
        available player ... in clockwise order, chooses"."""
        w, o = self.winner, self.opener
        self._clear_auction()
        self._choose(w + 1 if o == w else o)

    def _end_auction_phase(self) -> None:
        """SPEC T4; RB Merchant / Professor may be used "at the end of the Auction phase"."""
        if not self.characters:
            self._start_action_phase()
            return
        self.ctx_index = 0
        self._end_of_auction_uses()

    def _end_of_auction_uses(self) -> None:
        P = self.num_players
        while self.ctx_index < P:
            q = (self.start + self.ctx_index) % P
            if self._char_use_options(q, CTX_END):
                self.current_player = q
                self.phase = CHAR_USE
                self.ctx = CTX_END
                return
            self.ctx_index += 1
        self._start_character_auction()

    # ================================================================== characters

    def _owns_faceup(self, p: int, c: int) -> bool:
        return self.char_owner[c] == p and self.char_faceup[c]

    def _char_use_options(self, p: int, ctx: int) -> list[int]:
        """The non-pass CHAR_USE actions of p (SPEC C)."""
        options = []
        if self._owns_faceup(p, MERCHANT):
            options.append(MERCHANT_FAME)
            if ctx == CTX_WIN:
                options.append(MERCHANT_PAY)
        if self._owns_faceup(p, PROFESSOR):
            # D38: at a won Prestige auction the Professor may not take the card the object needs
            # ("When a stack is exhausted, no more objects of that type can be acquired").
            need = 2 if ctx == CTX_WIN and self.stack == PRESTIGE_STACK else 1
            if len(self.decks[DECK_PRESTIGE]) >= need:
                options.append(PROFESSOR_PRESTIGE)
            if self.decks[DECK_BONUS]:
                options.append(PROFESSOR_BONUS)
        return options

    def _merchant_fame(self, p: int) -> None:
        """RB Merchant: "flip the Merchant Character card facedown to score 1 plus 1 for each
        opponent with more Prestige Points than you" (D27)."""
        self.char_faceup[MERCHANT] = False
        self.fame[p] += 1 + sum(f > self.fame[p] for q, f in enumerate(self.fame) if q != p)

    def _professor(self, deck: int, resume: int) -> None:
        """RB Professor: "flip the Professor Character card facedown to Take a Prestige card or
        Acquire a Bonus card for free" (D28)."""
        self.char_faceup[PROFESSOR] = False
        self._draw(deck, resume)

    def _char_use(self, a: int) -> None:
        p = self.current_player
        if a == MERCHANT_FAME:
            self._merchant_fame(p)
        elif a in (PROFESSOR_PRESTIGE, PROFESSOR_BONUS):
            self._professor(DECK_PRESTIGE if a == PROFESSOR_PRESTIGE else DECK_BONUS, RESUME_CHAR_USE)
        elif a == MERCHANT_PAY:
            self.char_faceup[MERCHANT] = False
            self.merchant_paid = True
            self.ctx = CTX_NONE
            self._settle(p)
        else:  # pass: leave CHAR_USE
            ctx, self.ctx = self.ctx, CTX_NONE
            if ctx == CTX_WIN:
                self._settle(p)
            elif ctx == CTX_END:
                self.ctx_index += 1
                self._end_of_auction_uses()
            else:
                self._char_turn(p + 1)

    def _start_character_auction(self) -> None:
        """RB Character Auction phase: "each player with a Character card in front of them ...
        returns it faceup ... If the Banker Character card was returned ... place 600 Florin"."""
        if self.char_owner[BANKER] >= 0:
            self.banker_money = self.T.banker_refill
        self.char_owner = [-1] * NUM_CHARACTERS
        self.char_faceup = [False] * NUM_CHARACTERS  # back in the Character card area (question 6)
        self.char_out = [False] * self.num_players
        self.pawn_card = [-1] * self.num_players
        self._char_turn(self.start)

    def _char_turn(self, q: int) -> None:
        """RB: "Bidding continues clockwise ... If a player's Pawn is already on a card and it is
        their turn to bid again, they have won the auction for that card" (D31)."""
        P = self.num_players
        seat = next((s % P for s in range(q, q + P) if not self.char_out[s % P]), None)
        if seat is None:
            self._end_character_auction()
            return
        c = self.pawn_card[seat]
        if c < 0:
            self.current_player = seat
            self.phase = CHAR_AUCTION
            return
        # "They pay the cost of their bid to the bank ... take the Character card".
        self._pay(seat, self.pawn_value[seat])
        self.char_owner[c] = seat
        self.char_faceup[c] = True
        self.char_out[seat] = True
        self.pawn_card[seat] = -1
        self.pawn_value[seat] = 0
        if c == BANKER:
            # RB Banker: "When you use the Banker Character card (which must be done immediately),
            # take all the Money on it."
            self.money[seat] += self.banker_money
            self.bank_out += self.banker_money  # the Bank put it on the card
            self.banker_money = 0
        if c in (MERCHANT, PROFESSOR) and self._char_use_options(seat, CTX_BOUGHT):
            self.current_player = seat
            self.phase = CHAR_USE
            self.ctx = CTX_BOUGHT
            return
        self._char_turn(seat + 1)

    def _char_bid(self, c: int, v: int) -> None:
        """RB: "they must place their Pawn on a higher number than the other player's Pawn. After
        placing their Pawn, they return the other player's Pawn to that player."""
        p = self.current_player
        for q in range(self.num_players):
            if self.pawn_card[q] == c:
                self.pawn_card[q] = -1
                self.pawn_value[q] = 0
        self.pawn_card[p] = c
        self.pawn_value[p] = v
        self._char_turn(p + 1)

    def _end_character_auction(self) -> None:
        """RB: "If no player bought the Banker Character card, place 100 Florins from the Bank onto
        the card."""
        if self.char_owner[BANKER] < 0:
            self.banker_money += self.T.banker_gain
        self.char_out = [False] * self.num_players
        self.pawn_card = [-1] * self.num_players
        self.pawn_value = [0] * self.num_players
        self._start_action_phase()

    # ================================================================== action phase

    def _start_action_phase(self) -> None:
        """RB Action phase: "each player, in clockwise order beginning with the starting player,
        may perform up to two actions"."""
        self.turns_done = 0
        self._start_turn()

    def _start_turn(self) -> None:
        self.current_player = (self.start + self.turns_done) % self.num_players
        self.actions_left = 2
        self.took_profession = self.took_freedom = False
        self.works_done = self.builds_done = self.bonus_done = 0
        self.phase = ACTION

    def _end_turn(self) -> None:
        self.turns_done += 1
        self.actions_left = 0
        self.took_profession = self.took_freedom = False
        self.works_done = self.builds_done = self.bonus_done = 0
        if self.turns_done == self.num_players:
            self._end_round()
        else:
            self._start_turn()

    def _can_work(self, p: int, x: int) -> bool:
        """D18: "The value of the Work must equal or exceed the minimum ... Otherwise, you may not
        play the Profession card": reachable with every Bonus card held."""
        feats = self._features_with_played(p, x)
        value = self._work_base(p, x, feats) + sum(self.bonus_value(i, feats) for i in self.bonus_hand[p])
        return value >= self.T.minimum[self.round]

    def _complete_work(self, x: int) -> None:
        """RB Complete a Work 1-2: "Play the appropriate Profession card from your hand faceup onto
        the table ... Calculate the Work Value"."""
        p = self.current_player
        self.hand_prof[p].discard(x)
        self.known[p].discard(x)
        self.table_prof[p].add(x)
        self.work_prof = x
        self.work_value = self._work_base(p, x, self.features(p))
        self.phase = WORK_BONUS

    def _play_bonus(self, card: int) -> None:
        """RB Acquire a Bonus card: "You may play any number of Bonus cards when you complete a Work
        ... Each Bonus card may only be played once ... it is out of the game"."""
        p = self.current_player
        self.work_value += self.bonus_value(card, self.features(p))
        self.bonus_hand[p].discard(card)
        self.bonus_out.add(card)

    def _take_payment(self, n: int) -> None:
        """RB Complete a Work 3: "The Bank pays 100 Florin per [work point] ... For every 200 Florin
        you don't take, earn 1 [Prestige Point] instead" (D20); the Pawn marks the higher work."""
        T, p = self.T, self.current_player
        self.fame[p] += n
        paid = self.work_value * T.per_work_point - n * T.per_fame_taken
        self.money[p] += paid
        self.bank_out += paid
        self.best_work[p] = max(self.best_work[p], self.work_value)
        self.work_prof = -1
        self.work_value = 0
        self.phase = ACTION

    def _action(self, a: int) -> None:
        """One decision of the ACTION phase (SPEC T5)."""
        T, p = self.T, self.current_player
        if a == END_TURN:
            self._end_turn()
        elif PROFESSION <= a < PROFESSION + NUM_PROFESSIONS:
            self.actions_left -= 1
            self.works_done += 1
            self._complete_work(a - PROFESSION)
        elif a == PRINCESS_WORK:
            # RB Princess: "as a Complete a Work action, you may flip the Princess Character card
            # facedown to complete a Work without playing a Profession card".
            self.actions_left -= 1
            self.works_done += 1  # a Complete a Work action
            self.char_faceup[PRINCESS] = False
            self.work_prof = NUM_PROFESSIONS
            self.work_value = self.princess_value(p)
            self.phase = WORK_PAY
        elif BUILD <= a < BUILD + NUM_BUILDINGS:
            # RB Build: "pay the building cost to the Bank ... and immediately place the Building".
            self.actions_left -= 1
            self.builds_done += 1
            self._pay(p, T.build_cost[self.builders[p]])
            self.piece = a - BUILD
            self.resume = RESUME_ACTION
            self.phase = PLACE
        elif a == TAKE_PROFESSION:
            self.actions_left -= 1
            self._pay(p, T.take_profession_price)
            self.took_profession = True
            self._draw(DECK_PROFESSION, RESUME_ACTION)
        elif FREEDOM <= a < FREEDOM + 3:
            # RB Introduce a Freedom: "pay 300 Florin to the Bank, take the Freedom you want".
            self.actions_left -= 1
            self._pay(p, T.freedom_price)
            self.took_freedom = True
            self.freedoms[p][a - FREEDOM] = True
            self.supply_freedoms[a - FREEDOM] -= 1
        elif a == TAKE_BONUS:
            self.actions_left -= 1
            self.bonus_done += 1  # (the Professor's free Bonus card: "you do not use an action")
            self._pay(p, T.bonus_price)
            self._draw(DECK_BONUS, RESUME_ACTION)
        elif RECRUIT <= a < RECRUIT + NUM_PROFESSIONS:
            self._recruit(a - RECRUIT)  # "This does not count as one of your two actions"
        elif a == CARDINAL_ACTION:
            # RB Cardinal: "flip the Cardinal Character card facedown to gain one extra action".
            self.char_faceup[CARDINAL] = False
            self.actions_left += 1
        elif a == MERCHANT_FAME:
            self._merchant_fame(p)
        else:  # PROFESSOR_PRESTIGE / PROFESSOR_BONUS: free, no action used
            self._professor(DECK_PRESTIGE if a == PROFESSOR_PRESTIGE else DECK_BONUS, RESUME_ACTION)

    # ================================================================== round and game end

    def _end_round(self) -> None:
        """RB ROUND END, Best Work: "The player with the highest [work value] for the round scores 3.
        If two or more players tie ... they all score 3 ... If no player completes a Work in the
        round, no one scores"; New Round: "The starting player gives the player to their left the
        Starting Player marker"."""
        best = max(self.best_work)
        if best > 0:
            for p in range(self.num_players):
                if self.best_work[p] == best:
                    self.fame[p] += self.T.best_work_points
        self.best_work = [0] * self.num_players
        if self.round == self.T.rounds - 1:
            self._end_game()
            return
        self.round += 1
        self.start = (self.start + 1) % self.num_players
        self._start_round()

    def _end_game(self) -> None:
        """RB END OF THE GAME: "The players now score their Prestige cards ... The player with the
        most Prestige Points is the winner ... the player among them with the most Money"."""
        P = self.num_players
        feats = [self.features(q) for q in range(P)]
        gained = [sum(self.prestige_points(p, c, feats) for c in self.prestige_hand[p]) for p in range(P)]
        for p in range(P):
            self.fame[p] += gained[p]
        # RB Banker: "If you have the Banker Character card at the end of the game ... you may
        # exchange Money for Prestige Points. For each 200 Florin that you pay, score 1" (D32).
        owner = self.char_owner[BANKER] if self.characters else -1
        if owner >= 0:
            n = self.money[owner] // self.T.banker_per_point
            self.fame[owner] += n
            self.money[owner] -= n * self.T.banker_per_point
            self.bank_in += n * self.T.banker_per_point
        self.phase = GAME_OVER
        self.terminated = True
        self.rewards = self._terminal_rewards()

    def _terminal_rewards(self) -> list[float]:
        """DESIGN.md rule 8 / SPEC E: winners (most fame, then most money) share +1, the others
        share -1, all tied 0; ``reward="score"``: fame minus the mean fame of the others."""
        P = self.num_players
        if self.reward_mode == "score":
            total = sum(self.fame)
            return [float(f - (total - f) / (P - 1)) for f in self.fame]
        keys = [(f, m) for f, m in zip(self.fame, self.money)]
        best = max(keys)
        winners = [k == best for k in keys]
        n = sum(winners)
        if n == P:
            return [0.0] * P
        return [1.0 / n if w else -1.0 / (P - n) for w in winners]

    @property
    def scores(self) -> list[int]:
        """SPEC E: ``scores = fame`` (also during the game)."""
        return list(self.fame)

    # ================================================================== legal actions

    def _legal_list(self) -> list[int]:
        T, P, p, phase = self.T, self.num_players, self.current_player, self.phase
        if phase == GAME_OVER:
            return []
        if phase == SETUP_DISCARD:
            return sorted(PROFESSION + x for x in self.hand_prof[p])
        if phase == AUCTION_CHOOSE:
            price = T.lone_price if self.lone else T.opening_bid[P]
            legal = [WITHDRAW]
            if price <= self.purse(p):
                legal += [OPEN + s for s in range(7) if self._available(p, s)]
            return sorted(legal)
        if phase == AUCTION_BID:
            ok = self.bid + T.raise_by <= self.purse(p) and self._available(p, self.stack, ignore_used=True)
            return [PASS, RAISE] if ok else [PASS]
        if phase == LANDSCAPE_PICK:
            return [LANDSCAPE + kind for kind in range(3) if self._landscape_available(p, kind)]
        if phase == PLACE:
            return [PLACE_BASE + j for j in self._legal_placements(p, self.piece)]
        if phase in (KEEP, ORDER):
            return sorted(CARD_ACTION_BASE[self.draw_deck] + c for c in self.drawn)
        if phase == RECRUIT_NOW:
            return [PASS] + [RECRUIT + x for x in self._opponent_table_professions(p)]
        if phase == CHAR_USE:
            return sorted([PASS] + self._char_use_options(p, self.ctx))
        if phase == CHAR_AUCTION:
            return self._char_auction_legal(p)
        if phase == ACTION:
            return self._action_legal(p)
        if phase == WORK_BONUS:
            legal = sorted(BONUS + i for i in self.bonus_hand[p])
            if self.work_value >= T.minimum[self.round]:
                legal.insert(0, DONE)
            return legal
        # WORK_PAY: "take some or all of the payment ... For every 200 Florin you don't take, earn 1"
        most = self.work_value * T.per_work_point // T.per_fame_taken
        return [T.fame_base + n for n in range(most + 1)]

    def _char_auction_legal(self, p: int) -> list[int]:
        """RB: "Whenever a player wants to place their Pawn on a card with no other player's Pawn on
        it, they may place their Pawn on any of the bidding spaces ... A player may not bid more
        Money than they currently have."""
        T = self.T
        legal = [PASS]
        for c in range(NUM_CHARACTERS):
            if self.char_owner[c] >= 0:
                continue
            above = max((self.pawn_value[q] for q in range(self.num_players) if self.pawn_card[q] == c), default=-1)
            for v in range(T.char_low[c], T.char_high[c] + 1):
                if v > above and v <= self.money[p]:
                    legal.append(CHAR_BID + 16 * c + v)
        return legal

    def _action_legal(self, p: int) -> list[int]:
        """SPEC T5 ACTION: the five actions (two per turn, D17), free recruiting and characters."""
        T = self.T
        legal = [END_TURN]
        has_action = self.actions_left >= 1
        purse = self.purse(p)
        # RB: "Each Action can be done twice per round per player" -- binding only with the
        # Cardinal's third action, and only with the option cardinal_twice_limit (D17).
        twice = self.cardinal_twice_limit
        may_work, may_build = not twice or self.works_done < 2, not twice or self.builds_done < 2
        if has_action:
            if may_work:
                legal += [PROFESSION + x for x in sorted(self.hand_prof[p]) if self._can_work(p, x)]
            for b in range(NUM_BUILDINGS):
                # RB Build: "If the Building you want to build is not available in the supply, you may
                # not build it"; rule 5: "You may build each Building only once" (D22).
                if (
                    may_build and self.supply_buildings[b] > 0 and not self.built[p][b]
                    and T.build_cost[self.builders[p]] <= purse and self.fits[p][b]
                ):  # fmt: skip
                    legal.append(BUILD + b)
            for f in range(3):
                # RB Freedom: "You may only introduce each Freedom once ... If the Freedom you want is
                # not available in the supply, you may not introduce it" (D24).
                if (
                    not self.took_freedom and self.supply_freedoms[f] > 0 and not self.freedoms[p][f]
                    and T.freedom_price <= purse
                ):  # fmt: skip
                    legal.append(FREEDOM + f)
            # RB: "You may not select this action if the Profession deck is empty" (D23).
            if not self.took_profession and self.decks[DECK_PROFESSION] and T.take_profession_price <= purse:
                legal.append(TAKE_PROFESSION)
            if (not twice or self.bonus_done < 2) and self.decks[DECK_BONUS] and T.bonus_price <= purse:
                legal.append(TAKE_BONUS)
            if (
                may_work and self.characters and self._owns_faceup(p, PRINCESS)
                and self.princess_value(p) >= T.minimum[self.round]
            ):  # fmt: skip
                legal.append(PRINCESS_WORK)
        if self.hand_recruit[p] >= 1:
            legal += [RECRUIT + x for x in self._opponent_table_professions(p)]
        if self.characters:
            if self._owns_faceup(p, CARDINAL):
                legal.append(CARDINAL_ACTION)
            # RB Merchant / Professor: "at any time on your turn during the Action phase"
            legal += self._char_use_options(p, CTX_NONE)
        return sorted(legal)

    def legal_action_mask(self) -> np.ndarray:
        """bool[num_actions]: the actions legal for ``current_player`` now (all False at the end)."""
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[self._legal_list()] = True
        return mask

    # ================================================================== stepping

    def step(self, action: int) -> None:
        """Apply ``action`` for ``current_player``, then every forced decision (SPEC M "Forced
        moves"). An illegal action raises ValueError and leaves the game unchanged."""
        legal = self._legal_list()
        try:
            a = operator.index(action)
        except TypeError:
            a = None
        if a is None or a not in legal:
            why = "the game is over" if self.terminated else "it is not legal now"
            raise ValueError(
                f"princes reference: action {action!r} cannot be played by player {self.current_player}: "
                f"{why}; legal actions: {legal}"
            )
        self.rewards = [0.0] * self.num_players
        self._apply(a)
        self._play_forced()

    def _play_forced(self) -> None:
        """The core's ``_play_forced``: a decision with exactly one legal action is played."""
        while not self.terminated:
            legal = self._legal_list()
            if len(legal) >= 2:
                return
            if not legal:
                raise RuntimeError(f"princes reference: no legal action in phase {self.phase}")
            self._apply(legal[0])

    def _apply(self, a: int) -> None:
        phase = self.phase
        if phase == SETUP_DISCARD:
            self._setup_discard(a - PROFESSION)
        elif phase == AUCTION_CHOOSE:
            if a == WITHDRAW:
                self._withdraw()
            else:
                self._open(a - OPEN)
        elif phase == AUCTION_BID:
            self._raise() if a == RAISE else self._pass_bid()
        elif phase == LANDSCAPE_PICK:
            self.piece = NUM_BUILDINGS + a - LANDSCAPE
            self.phase = PLACE
        elif phase == PLACE:
            self._place(a - PLACE_BASE)
        elif phase == KEEP:
            self._keep(a - CARD_ACTION_BASE[self.draw_deck])
        elif phase == ORDER:
            self._order(a - CARD_ACTION_BASE[self.draw_deck])
        elif phase == RECRUIT_NOW:
            if a != PASS:
                self._recruit(a - RECRUIT)
            self._resume()
        elif phase == CHAR_USE:
            self._char_use(a)
        elif phase == CHAR_AUCTION:
            if a == PASS:
                self.char_out[self.current_player] = True
                self._char_turn(self.current_player + 1)
            else:
                self._char_bid((a - CHAR_BID) // 16, (a - CHAR_BID) % 16)
        elif phase == ACTION:
            self._action(a)
        elif phase == WORK_BONUS:
            if a == DONE:
                self.phase = WORK_PAY
            else:
                self._play_bonus(a - BONUS)
        elif phase == WORK_PAY:
            self._take_payment(a - self.T.fame_base)

    # ================================================================== checks and views

    def check_invariants(self) -> None:
        """Pieces, cards and money are conserved; counts stay within their bounds."""
        check_invariants(self)

    def observe(self, player: int) -> np.ndarray:
        """float32[obs_size]: what ``player`` sees (SPEC V)."""
        return observe(self, player)

    @property
    def obs_size(self) -> int:
        return obs_size(self.num_players, twice=self.cardinal_twice_limit)

    def _tiles_taken(self, b: int) -> int:
        """Building tiles of type b out of the supply (check_invariants): one per built building."""
        return sum(self.built[q][b] for q in range(self.num_players))

    def _building_area(self, q: int) -> int:
        """Squares of seat q's board covered by buildings (check_invariants; the Palazzo apart)."""
        return sum(len(self.T.shapes[b]) for b in range(NUM_BUILDINGS) if self.built[q][b])
