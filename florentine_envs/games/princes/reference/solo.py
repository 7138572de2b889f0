"""The Princes of Florence solo game against Wolfgang, one game at a time: the rules, clause by clause.

"RB: ..." quotes the rulebook's SOLO RULES (``shared/rules/princes_of_florence.txt``), "SPEC X"
a section of SPEC.md ("SOLO": SO, SR, SS, SW, SP, SA, SC, ST, SE, SV, SH), "Dn" a reading of
DESIGN_NOTES.md. Everything the solo rules do not change is the base game of ``rules.py``
(your own turn, works, placements, draws), reused by inheritance. Money is in units of 100 Florin.

Seats (SPEC SO): 0 you (the only agent: ``num_players = 1``), 1 Wolfgang, 2 .. S - 1 the dummy
players (S = 4 or 5). Wolfgang's and the dummies' moves run inside :meth:`step`.

State mirrors (as SPEC SW keeps them, so that the base observation reads them): a face-down
profession of Wolfgang's row is in ``hand_prof[1]`` (``known[1]`` once flipped to be read), a
face-up one in ``table_prof[1]``; his Recruiting cards are counted in ``hand_recruit[1]`` /
``table_recruit[1]``; his Bonus cards are in ``bonus_hand[1]`` and on a row slot; a dummy's
face-down cards are in ``hand_prof[q]``, its face-up ones in ``table_prof[q]``.

Questions for the lead (where the SPEC was silent or ambiguous when this was written; the
reading taken is stated; the engine, run in the differential test, reads them the same way):

1. SPEC SV ``solo`` field: the top panel was "0s outside the auction phase" and ``final`` was
   "auctions_done == S - 1 in the auction phase". Read as: the top panel shows while an Automa
   card is out (``automa_card >= 0``, also during the placement, draw or immediate recruiting
   after your purchase); ``final`` only in the phases AUCTION_CHOOSE / AUCTION_BID. The SPEC
   now says so (change of 05:25 UTC).
2. RB "You may buy the object in the final (4th / 5th) auction ... for 200 Florin": read with
   SPEC SA as a purchase you may decline (no die is rolled; Wolfgang rolls for that object if he
   buys it, D46), not as an automatic purchase.
3. RB "If you roll a 1 or a 2 ... you must buy that object": the rulebook assumes you can pay; a
   price above your purse (money + fame sold) may be declined (D44). The reference offers only
   the decline then.
No rule of the SOLO RULES was found where the SPEC contradicts the rulebook.
"""

from __future__ import annotations

import numpy as np

from florentine_envs.core.rng import randint

from .rules import REWARD_MODES, PrincesReference, _shuffled
from .solo_observation import check_solo_invariants, observe_solo, solo_obs_size
from .tables import (
    ACTION,
    AUCTION_BID,
    AUCTION_CHOOSE,
    BUILDER_STACK,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSION,
    DECK_SIZES,
    GAME_OVER,
    JESTER_STACK,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    OPEN,
    PASS,
    PRESTIGE_STACK,
    RAISE,
    RECRUITING_STACK,
    SETUP_DISCARD,
    STREAM_PROFESSIONS,
    STREAM_SETUP,
    WITHDRAW,
    action_names,
    tables_for,
)  # fmt: skip

YOU, WOLFGANG = 0, 1
RECRUITING_CARD = 21  # a Recruiting card in Wolfgang's row (SPEC SW)
SOLO_OPTIONS = ("solo", "dummies", "difficulty", "reward", "data", "characters", "hard_freedoms")

# Randomness streams of the solo game (SPEC SR).
STREAM_AUTOMA, STREAM_DIE, STREAM_TIES = 5, 6, 7

# The Automa card's objects (data "automa.objects") as stacks; the Landscape entry stands for
# the three types (RB: "each Landscape type is a different object even though they are shown
# together on the Automa card").
LANDSCAPE_ENTRY = -1
OBJECT_STACKS = {"Landscape": LANDSCAPE_ENTRY, "Prestige": PRESTIGE_STACK, "Recruiting": RECRUITING_STACK,
                 "Jester": JESTER_STACK, "Builder": BUILDER_STACK}  # fmt: skip

# RB Wolfgang's turn: "he takes the earliest action in the following list that it is possible
# for him to perform: 1. Take a Profession card 2. Build a Building 3. Acquire a Bonus card
# 4. Introduce a Freedom".
FALLBACK = ("profession", "build", "bonus", "freedom")


class RowCard:
    """One card of Wolfgang's row (SPEC SW): a profession 0..20 or a Recruiting card (21), face down
    or up, with the Bonus cards placed on it."""

    __slots__ = ("card", "face_up", "bonus")

    def __init__(self, card: int):
        self.card = card
        self.face_up = False
        self.bonus: list[int] = []

    @property
    def is_profession(self) -> bool:
        return self.card != RECRUITING_CARD


class SoloTables:
    """The data's ``solo`` and ``automa`` sections in the shapes the solo rules use."""

    def __init__(self, data: dict):
        solo = data["solo"]
        self.dummies_allowed = [int(d) for d in solo["dummies_allowed"]]
        self.wolfgang_money = {k: int(v) for k, v in solo["wolfgang_money_by_difficulty"].items()}
        self.freedoms_per_kind = int(solo["freedoms_per_kind"])
        self.dealt_you = int(solo["professions_dealt_you"])
        self.dealt_others = int(solo["professions_dealt_others"])
        self.per_fame = int(solo["wolfgang_florin_per_fame"])
        self.final_price = int(solo["final_auction_price"])
        self.final_excluded = int(solo["final_auction_excluded"])
        self.forced_max_roll = int(solo["forced_buy_max_roll"])
        self.die_sides = int(solo["die_sides"])
        self.draw_count = int(solo["wolfgang_draw_count"])
        self.max_builders = int(solo["wolfgang_max_builders"])
        automa = data["automa"]
        self.backs = list(automa["backs"])
        # cards[i]: back index, top entries [(stack or LANDSCAPE_ENTRY, (mod4, mod5))],
        # middle and bottom panels (action names).
        self.cards = []
        for card in automa["cards"]:
            top = [(OBJECT_STACKS[e["object"]], self._modifiers(e["mod"])) for e in card["top"]]
            self.cards.append({"back": self.backs.index(card["back"]), "top": top,
                               "middle": list(card["middle"]), "bottom": list(card["bottom"])})  # fmt: skip
        self.max_modifier = max((m or 0 for c in self.cards for _, mods in c["top"] for m in mods), default=0)

    @staticmethod
    def _modifiers(mod) -> tuple[int | None, int | None]:
        """(4 players, 5 players): None prints as "1D6"; a single value applies to both (RB: "Where
        just one value is shown, it applies to both the 4- and 5-player game")."""
        if mod is None or isinstance(mod, int):
            return (mod, mod)
        return tuple(None if m is None else int(m) for m in mod)


class PrincesSoloReference(PrincesReference):
    """One solo game (RB SOLO RULES): you against Wolfgang, with 2 or 3 dummy players.

    Driven like :class:`PrincesReference` (``legal_action_mask``, ``step``, ``observe(0)``,
    ``current_player`` (always 0), ``phase``, ``scores``, ``rewards``, ``terminated``).
    """

    def __init__(self, num_players: int = 1, seed: int = 0, **options):
        unknown = sorted(set(options) - set(SOLO_OPTIONS))
        if unknown:
            raise ValueError(f"princes solo reference: unknown option(s) {unknown}; allowed: {', '.join(SOLO_OPTIONS)}")
        if options.get("solo", True) is not True:
            raise ValueError("princes solo reference: solo must be True (the base game is PrincesReference)")
        if options.get("characters", False) or options.get("hard_freedoms", False):
            raise ValueError(
                "princes solo reference: characters and hard_freedoms must be False with solo=True "
                "(RB: 'It is not possible to use the expansions when playing the solo game')"
            )
        if num_players != 1:
            raise ValueError(f"princes solo reference: num_players={num_players!r}; allowed: 1 (the solo player)")
        self.T = T = tables_for(options.get("data"))
        self.S = S = SoloTables(T.data)
        dummies = options.get("dummies", 2)
        difficulty = options.get("difficulty", "standard")
        reward = options.get("reward", "win")
        if dummies not in S.dummies_allowed or isinstance(dummies, bool):
            raise ValueError(f"princes solo reference: dummies={dummies!r}; allowed: {S.dummies_allowed}")
        if difficulty not in S.wolfgang_money:
            raise ValueError(f"princes solo reference: difficulty={difficulty!r}; allowed: {sorted(S.wolfgang_money)}")
        if reward not in REWARD_MODES:
            allowed = ", ".join(map(repr, REWARD_MODES))
            raise ValueError(f"princes solo reference: reward={reward!r}; allowed: {allowed}")
        self.num_players = 1  # the agents (rewards, scores)
        self.seats = 2 + int(dummies)  # the table: you, Wolfgang, the dummies
        self.dummies = int(dummies)
        self.difficulty = difficulty
        self.seed = int(seed)
        self.characters = False
        self.reward_mode = reward
        self.num_actions = T.num_actions
        self.action_names = action_names(T)
        self.action_names[RAISE] = "buy"  # SPEC SA: "raise (named buy in solo)"
        self._init_state(self.seats)
        self.rewards = [0.0]
        self._init_solo_state()
        self._set_up()
        self._play_forced()

    def _init_solo_state(self) -> None:
        self.wolf_row: list[RowCard] = []
        # D50: Bonus cards he took with no face-down card wait beside the row for the next card
        self.wolf_waiting_bonus: list[int] = []
        # cards you put under a deck, yours or Wolfgang's draws (D49): you know where they lie
        self.put_under: list[set[int]] = [set(), set(), set()]
        self.wolf_buildings = [0] * NUM_BUILDINGS  # SPEC SW: his buildings and Freedoms may repeat
        self.wolf_freedoms = [0, 0, 0]
        self.columns: list[list[int]] = [[] for _ in range(self.dummies)]  # cards in the order placed
        self.automa_order: list[int] = []
        self.automa_next = 0
        self.automa_card = -1
        self.last_bid = [-1] * 7
        self.auctions_done = 0
        self.you_bought = -1
        self.wolf_bought = -1
        self.forced = False
        self.die_count = 0
        self.tie_count = 0
        self.recruit_discarded = 0
        self.builders_discarded = 0
        self.rolls: list[int] = []  # every die rolled (for the tests and the narration)

    # ================================================================== SETUP (RB SOLO SETUP, SPEC SS)

    def _set_up(self, hard_freedoms: bool = False) -> None:
        T, S, seed = self.T, self.S, self.seed
        # "6 Freedoms are available (2 of each type)."
        self.supply_freedoms = [S.freedoms_per_kind] * 3
        self.freedoms_in_game = list(self.supply_freedoms)
        self.decks[DECK_PRESTIGE] = _shuffled(seed, 2, 0, list(range(NUM_PRESTIGE)))
        self.decks[DECK_BONUS] = _shuffled(seed, 3, 0, list(range(NUM_BONUS)))
        # "Wolfgang's starting Money depends on the difficulty level"; the dummies hold none.
        self.money = [T.money_start[self.seats], S.wolfgang_money[self.difficulty]] + [0] * self.dummies
        self.money_in_game = sum(self.money)
        # "Randomly choose the starting player (you or Wolfgang)."
        self.round = 0
        self.start = int(randint(np.uint64(seed), STREAM_SETUP, 0, 2))
        # "Deal 4 Profession cards to yourself ... and 3 Profession cards to each of the other
        # players. Place Wolfgang's cards facedown in a row below his Player board and the dummy
        # players' cards in 2 or 3 columns".
        order = _shuffled(seed, STREAM_PROFESSIONS, 0, list(range(NUM_PROFESSIONS)))
        mine, order = order[: S.dealt_you], order[S.dealt_you :]
        self.hand_prof[YOU] = set(mine)
        self.known[YOU] = set(mine)  # D42: dealt face up, as the base game (D2)
        for x in order[: S.dealt_others]:
            self._row_append(x)
        for k in range(self.dummies):
            lo = S.dealt_others * (k + 1)
            for x in order[lo : lo + S.dealt_others]:
                self._column_append(k, x)
        self.decks[DECK_PROFESSION] = order[S.dealt_others * (self.dummies + 1) :]
        # "Create the Automa deck by shuffling the Automa cards separately according to their back
        # and then placing the cards for rounds 5-7 at the bottom, the cards for rounds 3-4 on top
        # of them, and finally the cards for rounds 1-2 on the top."
        for back in range(len(S.backs)):
            cards = [i for i, c in enumerate(S.cards) if c["back"] == back]
            self.automa_order += _shuffled(seed, STREAM_AUTOMA, 0, cards)
        # "Deal 4 ... to yourself (you keep 3 of them as per standard rules)"
        self.phase = SETUP_DISCARD
        self.current_player = YOU

    def _setup_discard(self, x: int) -> None:
        """RB SETUP 10 (you keep 3 of your 4): the discard and the undealt cards are reshuffled
        (SPEC SR: from every profession in no hand, row or column)."""
        self.hand_prof[YOU].discard(x)
        self.known[YOU].discard(x)
        pool = [y for y in range(NUM_PROFESSIONS) if not any(y in h for h in self.hand_prof)]
        self.decks[DECK_PROFESSION] = _shuffled(self.seed, STREAM_PROFESSIONS, 1, pool)
        self._start_round()

    # ================================================================== cards of Wolfgang and the dummies

    def _row_append(self, card: int) -> None:
        """Add a card face down "to the right of Wolfgang's row of Profession and Recruiting cards"."""
        self.wolf_row.append(RowCard(card))
        self.wolf_row[-1].bonus, self.wolf_waiting_bonus = self.wolf_waiting_bonus, []  # D50
        if card == RECRUITING_CARD:
            self.hand_recruit[WOLFGANG] += 1
        else:
            self.hand_prof[WOLFGANG].add(card)

    def _column_append(self, k: int, x: int) -> None:
        """A face-down card "on that dummy player's column"."""
        self.columns[k].append(x)
        self.hand_prof[2 + k].add(x)

    def _leftmost_face_down(self, professions_only: bool) -> int:
        """The slot of Wolfgang's leftmost face-down card (-1: none); ``professions_only`` skips
        Recruiting cards (they show no Landscape, Building or Freedom)."""
        for k, c in enumerate(self.wolf_row):
            if not c.face_up and (c.is_profession or not professions_only):
                return k
        return -1

    def _flip_to_read(self) -> int:
        """RB: "flipping his leftmost facedown Profession card faceup ... Then flip the Profession
        card facedown again": the profession read (-1: none); you have seen it (D47)."""
        k = self._leftmost_face_down(professions_only=True)
        if k < 0:
            return -1
        x = self.wolf_row[k].card
        self.known[WOLFGANG].add(x)
        return x

    def _face_down_count(self) -> int:
        return sum(not c.face_up for c in self.wolf_row)

    # ================================================================== Wolfgang's features (SPEC SW)

    def features(self, p: int) -> dict[str, int]:
        """Seat p's features (SPEC F); Wolfgang's count his repeated buildings and Freedoms and his
        pieces' areas without a grid (D41)."""
        feats = super().features(p)
        if p != WOLFGANG:
            return feats
        T = self.T
        by_size = {k: 0 for k in ("large", "medium", "small")}
        for b, n in enumerate(self.wolf_buildings):
            by_size[T.size_class[b]] += n
        freedoms = sum(self.wolf_freedoms)
        area = sum(n * len(T.shapes[b]) for b, n in enumerate(self.wolf_buildings))
        area += sum(n * len(T.shapes[NUM_BUILDINGS + l]) for l, n in enumerate(self.landscapes[p]))  # noqa: E741
        prestige = len(self.prestige_hand[p])
        counts = (*self.landscapes[p], self.jesters[p], self.builders[p], prestige, freedoms)
        feats.update(
            buildings=sum(self.wolf_buildings), **by_size, sizes=sum(v > 0 for v in by_size.values()),
            freedoms=freedoms, travel=int(self.wolf_freedoms[0] > 0), religion=int(self.wolf_freedoms[1] > 0),
            opinion=int(self.wolf_freedoms[2] > 0), categories=sum(v > 0 for v in counts),
            empty=max(0, T.cells - bin(T.palazzo).count("1") - area),
        )  # fmt: skip
        return feats

    def _duel_features(self) -> list[dict[str, int]]:
        """D54: "most" / "fewest" compare you and Wolfgang only."""
        return [self.features(YOU), self.features(WOLFGANG)]

    # ================================================================== paying (RB Wolfgang's special rules, SPEC SP)

    def _pay_wolfgang(self, amount: int) -> None:
        """"If he has no Money remaining, any costs he needs to pay are paid by moving his Fame disk
        backward on the Fame track ... at an exchange rate of 200 Florin for each space ... Wolfgang
        may go below 0 ... If he only requires 100 Florin, move his Fame disk backward one space ...
        and give him 100 Florin in change." """
        W = WOLFGANG
        paid = min(amount, self.money[W])
        self.money[W] -= paid
        self.bank_in += paid
        short = amount - paid
        if short > 0:
            spaces = -(-short // self.S.per_fame)
            self.fame[W] -= spaces
            change = spaces * self.S.per_fame - short
            self.money[W] += change
            self.bank_out += change

    # ================================================================== randomness (SPEC SR)

    def _roll(self) -> int:
        """A roll of the die: ``1 + randint(seed, 6, die_count, 6)``."""
        d = 1 + int(randint(np.uint64(self.seed), STREAM_DIE, self.die_count, self.S.die_sides))
        self.die_count += 1
        self.rolls.append(d)
        return d

    def _tie_break(self, n: int) -> int:
        """"In case of a tie for the highest ... choose a card at random from the tied cards"."""
        i = int(randint(np.uint64(self.seed), STREAM_TIES, self.tie_count, n))
        self.tie_count += 1
        return i

    def _draw_automa(self) -> int:
        card = self.automa_order[self.automa_next]
        self.automa_next += 1
        return card

    # ================================================================== the Automa card's top panel

    def _entry_of(self, s: int) -> tuple[int, list[int] | None]:
        """(position, modifiers) of object s's entry on the current card (landscapes share one)."""
        for pos, (obj, mod) in enumerate(self.S.cards[self.automa_card]["top"]):
            if obj == s or (obj == LANDSCAPE_ENTRY and s <= 2):
                return pos, mod
        raise ValueError(f"princes solo reference: object {s} is not on Automa card {self.automa_card}")

    def modifier(self, s: int) -> int | None:
        """RB Auction phase 2: "adding the appropriate modifier shown on the Automa card for your
        player count. Where just one value is shown, it applies to both" (None: "1D6")."""
        return self._entry_of(s)[1][self.seats - 4]

    def excluded(self, s: int) -> bool:
        """RB: "unless it is one of the 2 objects with the highest die modifier on the Automa card
        for your player count" (D45: every entry at least the second highest; none counts 0)."""
        top = self.S.cards[self.automa_card]["top"]
        values = sorted((mods[self.seats - 4] or 0 for _, mods in top), reverse=True)
        threshold = values[self.S.final_excluded - 1]
        return (self.modifier(s) or 0) >= threshold

    def _final(self) -> bool:
        """The auction being chosen is the final (4th / 5th) one (D43)."""
        return self.auctions_done == self.seats - 1

    # ================================================================== auction phase (RB Auction phase, SPEC SA)

    def _start_round(self) -> None:
        """RB Auction phase 1: "Draw the top card of the Automa deck"."""
        self.automa_card = self._draw_automa()
        self.stack_used = [False] * 7  # the objects chosen this phase
        self.last_bid = [-1] * 7
        self.auctions_done = 0
        self.you_bought = self.wolf_bought = -1
        self.stack, self.bid, self.forced = -1, 0, False
        self.current_player = YOU
        self.phase = AUCTION_CHOOSE

    def _choose_legal(self) -> list[int]:
        """RB Auction phase 2-3: "Choose an object to auction ... Each time you decline, you must
        choose an object you have not yet chosen"; "you may not buy that object in the final auction
        and must either choose another object to auction or remove yourself". (No price check:
        the price is rolled after the choice.)"""
        final = self._final()
        legal = [WITHDRAW]
        legal += [OPEN + s for s in range(7) if self._available(YOU, s) and not (final and self.excluded(s))]
        return sorted(legal)

    def _open_solo(self, s: int) -> None:
        """RB Auction phase 2: "roll the die, adding the appropriate modifier ... The total
        multiplied by 100 represents the last bid; in order to buy the object, you have to pay an
        extra 100 Florin"; "You may buy the object in the final (4th / 5th) auction ... for 200
        Florin"; "If you roll a 1 or a 2 for an object that has no die modifier ... you must buy"."""
        self.stack_used[s] = True
        self.stack = s
        final = self._final()
        self.auctions_done += 1
        if final:
            self.bid, self.forced = self.S.final_price, False
        else:
            d = self._roll()
            mod = self.modifier(s)
            self.last_bid[s] = (mod or 0) + d
            self.bid = self.last_bid[s] + 1
            self.forced = mod is None and d <= self.S.forced_max_roll
        self.phase = AUCTION_BID

    def _buy_legal(self) -> list[int]:
        """RB Auction phase 3: "You may pay this cost to buy the object, or decline"; the forced buy
        "you may not decline" (D44: a forced price above your purse is declined)."""
        affordable = self.bid <= self.purse(YOU)
        legal = [RAISE] if affordable else []
        if not (self.forced and affordable):
            legal.insert(0, PASS)
        return legal

    def _buy(self) -> None:
        """RB Auction phase 4: "The auction ends when ... You have bought an object"; you take it as in
        the base game (a landscape placed at once, a Prestige card drawn, a Recruiting card usable
        at once, a Builder's points); then the auction ends (``_auction_continues``)."""
        s = self.stack
        self._pay(YOU, self.bid)
        self.you_bought = s
        self.forced = False
        self._take_object(YOU, s)

    def _decline(self) -> None:
        """RB Auction phase 3-4: "If you decline, choose a different object"; the auction ends when
        "There have been as many auctions as the number of players (4 or 5)"."""
        self.forced, self.stack, self.bid = False, -1, 0
        if self.auctions_done == self.seats:
            self._auction_continues()
        else:
            self.phase = AUCTION_CHOOSE

    def _auction_continues(self) -> None:
        """After your purchase, a decline of the last auction or a withdrawal: RB Auction phase 5,
        "When the auction ends: Wolfgang buys an object ... If a Recruiting card was not bought by
        either you or Wolfgang, discard a Recruiting card from the supply. If a Builder was not
        bought ... discard a Builder from the supply. Discard the Automa card."."""
        self.stack, self.bid, self.forced = -1, 0, False
        self.wolf_bought = self._wolfgang_buys()
        bought = (self.you_bought, self.wolf_bought)
        if RECRUITING_STACK not in bought and self.supply_recruiting > 0:
            self.supply_recruiting -= 1
            self.recruit_discarded += 1
        if BUILDER_STACK not in bought and self.supply_builders > 0:
            self.supply_builders -= 1
            self.builders_discarded += 1
        self.automa_card = -1
        self.last_bid = [-1] * 7
        self.stack_used = [False] * 7
        self.auctions_done = 0
        self.you_bought = -1
        self._start_action_phase()

    # ================================================================== Wolfgang buys an object

    def _wolfgang_able(self, s: int) -> bool:
        """RB: "Wolfgang is not able to buy an object that: You bought in this Auction phase, There
        are no more of in the supply, or Is a Builder, if Wolfgang already has 3 Builders." """
        if s == self.you_bought or not self._in_supply(s):
            return False
        return s != BUILDER_STACK or self.builders[WOLFGANG] < self.S.max_builders

    def _wolfgang_buys(self) -> int:
        """RB: "Wolfgang buys the leftmost object depicted on the Automa card that he is able to buy
        ... If Wolfgang buys a Landscape, determine the type of Landscape he buys by flipping his
        leftmost facedown Profession card ... If he is not able to buy that Landscape ... he buys a
        different object. If you have already rolled the die for the object Wolfgang buys, the cost
        he pays is the last bid that you rolled for that object. Otherwise, roll the die now".
        Returns the stack bought (-1: none)."""
        for obj, mod in self.S.cards[self.automa_card]["top"]:
            s = obj
            if obj == LANDSCAPE_ENTRY:
                x = self._flip_to_read()
                if x < 0:
                    continue
                s = self.T.prof_landscape[x]
            if not self._wolfgang_able(s):
                continue
            cost = self.last_bid[s]
            if cost < 0:  # D46: also an object priced 200 in the final auction
                cost = (self.modifier(s) or 0) + self._roll()
            self._pay_wolfgang(cost)
            self._wolfgang_takes(s)
            return s
        return -1

    def _wolfgang_takes(self, s: int) -> None:
        """RB Wolfgang and objects."""
        T, W = self.T, WOLFGANG
        if s <= 2:
            # "if he already has a Landscape of that type, he scores 3 as usual"
            if self.landscapes[W][s] >= 1:
                self.fame[W] += T.extra_landscape_points
            self.landscapes[W][s] += 1
            self.supply_landscapes[s] -= 1
        elif s == PRESTIGE_STACK:
            self._wolfgang_draws(DECK_PRESTIGE)
        elif s == RECRUITING_STACK:
            # "add it facedown to the right of Wolfgang's row of Profession and Recruiting cards"
            self.supply_recruiting -= 1
            self._row_append(RECRUITING_CARD)
        elif s == JESTER_STACK:
            self.supply_jesters -= 1
            self.jesters[W] += 1
        else:
            # "Wolfgang uses Builders according to the standard rules, including gaining 3 for his
            # 2nd and 3rd Builders."
            self.supply_builders -= 1
            self.builders[W] += 1
            self.fame[W] += T.builder_points[self.builders[W]]

    def _wolfgang_draws(self, deck: int) -> None:
        """RB Prestige cards / Acquire a Bonus card: "draw the top 5 ... (all cards if there are
        fewer than 5) and choose the card giving the highest [Prestige Points / bonus] according to
        the current state of Wolfgang's Principality. In case of a tie for the highest ... choose a
        card at random from the tied cards ... place the other 4 cards facedown in any order at the
        bottom" (D49: in the order drawn)."""
        n = min(self.S.draw_count, len(self.decks[deck]))
        drawn = self.decks[deck][:n]
        del self.decks[deck][:n]
        if deck == DECK_PRESTIGE:
            feats = self._duel_features()
            values = [self.prestige_points(WOLFGANG, c, feats) for c in drawn]
        else:
            feats = self.features(WOLFGANG)
            values = [self.bonus_value(c, feats) for c in drawn]
        tied = sorted(c for c, v in zip(drawn, values) if v == max(values))
        chosen = tied[self._tie_break(len(tied))]
        self.decks[deck] += [c for c in drawn if c != chosen]
        self.put_under[deck].update(c for c in drawn if c != chosen)
        if deck == DECK_PRESTIGE:
            # "Place the chosen Prestige card faceup in Wolfgang's Principality"
            self.prestige_hand[WOLFGANG].add(chosen)
        else:
            # "Place the chosen Bonus card on the leftmost facedown Profession or Recruiting card";
            # with none, beside the row until a card joins it (D50)
            self.bonus_hand[WOLFGANG].add(chosen)
            k = self._leftmost_face_down(professions_only=False)
            (self.wolf_row[k].bonus if k >= 0 else self.wolf_waiting_bonus).append(chosen)

    def _order(self, card: int) -> None:
        """Your ORDER (D16); you know where the card lies (SPEC SV ``deck_places``)."""
        self.put_under[self.draw_deck].add(card)
        super()._order(card)

    def deck_places(self) -> list[int]:
        """SPEC SV ``deck_places``: per card (professions, Bonus, Prestige) its place in its deck
        from the top (1 = top) if you put it under the deck (for yourself or for Wolfgang), else 0.
        In the solo game every card that goes under a deck goes there by your hand, so a card of
        ``put_under`` that is in the deck is where you put it (or has moved up as cards were drawn)."""
        out: list[int] = []
        for deck, size in enumerate(DECK_SIZES):
            places = [0] * size
            for i, c in enumerate(self.decks[deck]):
                if c in self.put_under[deck]:
                    places[c] = i + 1
            out += places
        return out

    # ================================================================== recruiting (RB Recruiting cards, SPEC SC)

    def _recruit(self, x: int) -> None:
        """"choose a faceup Profession card in any one of your opponents' displays (Wolfgang's row or
        a dummy player's column) and take it into your hand. If you took the Profession card from
        Wolfgang's row, add the Recruiting card facedown to the right of Wolfgang's row ... If you
        took the Profession card from one of the dummy players' columns, discard the Recruiting
        card." (The base game's targets, every other seat's table, are exactly these cards.)"""
        owner = next(q for q in range(self.seats) if x in self.table_prof[q])
        self.table_prof[owner].discard(x)
        self.hand_prof[YOU].add(x)
        self.known[YOU].add(x)
        self.hand_recruit[YOU] -= 1
        if owner == WOLFGANG:
            k = next(k for k, c in enumerate(self.wolf_row) if c.card == x)
            del self.wolf_row[k]
            self._row_append(RECRUITING_CARD)
        else:
            self.columns[owner - 2].remove(x)
            self.recruit_discarded += 1

    def _opponent_table_professions(self, p: int) -> list[int]:
        return sorted(x for q in range(self.seats) if q != p for x in self.table_prof[q])

    # ================================================================== action phase (RB Action phase, SPEC ST)

    def _start_action_phase(self) -> None:
        """"Play this phase according to turn order with either you or Wolfgang as the starting
        player. Dummy players do not take a turn." """
        self.turns_done = 0
        self._next_turn()

    def _next_turn(self) -> None:
        while self.turns_done < 2:
            seat = self.start if self.turns_done == 0 else 1 - self.start
            if seat == YOU:
                self.current_player = YOU
                self.actions_left = 2
                self.took_profession = self.took_freedom = False
                self.phase = ACTION
                return
            self._wolfgang_turn()
            self.turns_done += 1
        self._end_round()

    def _end_turn(self) -> None:
        self.turns_done += 1
        self.actions_left = 0
        self.took_profession = self.took_freedom = False
        self._next_turn()

    def _wolfgang_turn(self) -> None:
        """RB Wolfgang's turn: "reveal an Automa card and use its middle panel to determine his
        first action. Once he has completed that action, reveal a second Automa card and use its
        bottommost panel to determine his second action. If several actions are shown in the
        relevant panel, choose the leftmost action that it is possible for Wolfgang to perform ...
        If it is not possible for Wolfgang to perform any of the actions shown in the panel, he
        takes the earliest action in the following list"."""
        for panel in ("middle", "bottom"):
            card = self._draw_automa()
            # "Exception: If Wolfgang has a number of facedown Profession and / or Recruiting cards
            # equal to or greater than the number of rounds remaining (including the current round),
            # instead, Wolfgang will complete a Work. You must still draw an Automa card for this
            # action, but the contents of the card are ignored."
            if self._face_down_count() >= self.T.rounds - self.round:
                self._wolfgang_work()
                continue
            for act in [*self.S.cards[card][panel], *FALLBACK]:
                if self._wolfgang_can(act):
                    self._wolfgang_act(act)
                    break

    def _wolfgang_can(self, act: str) -> bool:
        """Each action's "It is not possible for Wolfgang to ..." clauses, and only those (D50)."""
        if act == "work":
            return self._leftmost_face_down(professions_only=False) >= 0
        if act == "profession":
            return len(self.decks[DECK_PROFESSION]) > 0
        if act == "bonus":  # "It is not possible ... if the Bonus deck is empty" (the only clause, D50)
            return len(self.decks[DECK_BONUS]) > 0
        x = self._flip_to_read()  # build / freedom: "flip his leftmost facedown Profession card"
        if x < 0:
            return False
        if act == "build":
            return self.supply_buildings[self.T.prof_building[x]] > 0
        return self.supply_freedoms[self.T.prof_freedom[x]] > 0

    def _wolfgang_act(self, act: str) -> None:
        T, W = self.T, WOLFGANG
        if act == "work":
            self._wolfgang_work()
        elif act == "build":
            # "Wolfgang pays the usual cost when he builds a Building (700, 300, or 0 Florins if he
            # has 0, 1-2, or 3 Builders) ... place the Building shown on it into his Principality.
            # He scores 3." He "may build the same Building several times".
            self._pay_wolfgang(T.build_cost[min(self.builders[W], len(T.build_cost) - 1)])
            b = T.prof_building[self._flip_to_read()]
            self.wolf_buildings[b] += 1
            self.built[W][b] = True
            self.supply_buildings[b] -= 1
            self.fame[W] += T.building_points
        elif act == "profession":
            # "Wolfgang pays the usual cost of 300 Florins ... Take the top card of the Profession
            # deck and add it facedown to the right of Wolfgang's row ... Then, for each dummy player,
            # take the top card of the Profession deck and place it facedown on that dummy player's
            # column".
            self._pay_wolfgang(T.take_profession_price)
            self._row_append(self.decks[DECK_PROFESSION].pop(0))
            for k in range(self.dummies):
                if self.decks[DECK_PROFESSION]:
                    self._column_append(k, self.decks[DECK_PROFESSION].pop(0))
        elif act == "freedom":
            # "Wolfgang pays the usual cost of 300 Florins ... place the Freedom shown on it into his
            # Principality"; "Wolfgang may own the same Freedom more than once".
            self._pay_wolfgang(T.freedom_price)
            f = T.prof_freedom[self._flip_to_read()]
            self.wolf_freedoms[f] += 1
            self.freedoms[W][f] = True
            self.supply_freedoms[f] -= 1
        else:
            self._pay_wolfgang(T.bonus_price)  # "The cost of each action is the same as in the normal game."
            self._wolfgang_draws(DECK_BONUS)

    def _wolfgang_work(self) -> None:
        """RB Complete a Work (Wolfgang): "1. Turn over the leftmost facedown Profession or
        Recruiting card ... along with any Bonus cards that are placed on top of it. 2. Calculate
        the Work Value ... by adding: The minimum Work Value for the current round ... The value of
        his Jesters (2 each). The value of his Recruiting cards (1 each). The value of any Bonus
        cards that were placed on top ... 3. Wolfgang always takes as much of the payment for his
        completed Work in Prestige Points as possible ... 4. ... If Wolfgang completes a second Work
        in the same round, place his Pawn ... according to the Work with the higher value. Then, if
        there are any facedown Profession cards in the dummy players' columns of Profession cards,
        flip one of those cards faceup in each column." (D53, D56.)"""
        T, W = self.T, WOLFGANG
        card = self.wolf_row[self._leftmost_face_down(professions_only=False)]
        card.face_up = True
        if card.is_profession:
            self.hand_prof[W].discard(card.card)
            self.known[W].discard(card.card)
            self.table_prof[W].add(card.card)
        else:
            self.hand_recruit[W] -= 1
            self.table_recruit[W] += 1
        value = T.minimum[self.round] + T.w_jester * self.jesters[W]
        value += T.w_card * (self.hand_recruit[W] + self.table_recruit[W])
        feats = self.features(W)
        value += sum(self.bonus_value(i, feats) for i in card.bonus)
        for i in card.bonus:
            self.bonus_hand[W].discard(i)
            self.bonus_out.add(i)
        card.bonus = []
        fame = value * T.per_work_point // T.per_fame_taken
        self.fame[W] += fame
        paid = value * T.per_work_point - fame * T.per_fame_taken
        self.money[W] += paid
        self.bank_out += paid
        self.best_work[W] = max(self.best_work[W], value)
        for k, column in enumerate(self.columns):
            down = next((x for x in column if x in self.hand_prof[2 + k]), None)
            if down is not None:
                self.hand_prof[2 + k].discard(down)
                self.table_prof[2 + k].add(down)

    # ======================================================= round end, game end (RB ROUND END, END OF THE GAME)

    def _end_round(self) -> None:
        """"The end of the round works just like the normal game, with the scoring of the best Work
        (between you and Wolfgang only), the passing of the Starting Player marker (between you and
        Wolfgang only), and the moving of the Round marker." """
        T = self.T
        best = max(self.best_work[YOU], self.best_work[WOLFGANG])
        if best > 0:
            for p in (YOU, WOLFGANG):
                if self.best_work[p] == best:
                    self.fame[p] += T.best_work_points
        self.best_work = [0] * self.seats
        if self.round == T.rounds - 1:
            self._end_game()
            return
        self.round += 1
        self.start = 1 - self.start
        self._start_round()

    def _end_game(self) -> None:
        """"Scoring occurs exactly as in the base game. You only need to track your and Wolfgang's
        scores ... reveal and score any Prestige cards that you or Wolfgang acquired. Money is used
        to break ties" (D54, D55)."""
        feats = self._duel_features()
        gained = [sum(self.prestige_points(p, c, feats) for c in self.prestige_hand[p]) for p in (YOU, WOLFGANG)]
        self.fame[YOU] += gained[YOU]
        self.fame[WOLFGANG] += gained[WOLFGANG]
        self.phase = GAME_OVER
        self.terminated = True
        self.current_player = YOU
        if self.reward_mode == "score":
            self.rewards = [float(self.fame[YOU] - self.fame[WOLFGANG])]
        else:
            mine = (self.fame[YOU], self.money[YOU])
            his = (self.fame[WOLFGANG], self.money[WOLFGANG])
            self.rewards = [1.0 if mine > his else -1.0 if mine < his else 0.0]

    @property
    def scores(self) -> list[int]:
        """SPEC SE: ``scores[:, 0] = fame[0]``."""
        return [self.fame[YOU]]

    # ================================================================== decisions

    def _legal_list(self) -> list[int]:
        if self.phase == AUCTION_CHOOSE:
            return self._choose_legal()
        if self.phase == AUCTION_BID:
            return self._buy_legal()
        return super()._legal_list()

    def _apply(self, a: int) -> None:
        if self.phase == AUCTION_CHOOSE:
            self._auction_continues() if a == WITHDRAW else self._open_solo(a - OPEN)
        elif self.phase == AUCTION_BID:
            self._buy() if a == RAISE else self._decline()
        else:
            super()._apply(a)

    # ================================================================== checks and views

    # The views of a solo game (``solo_observation.py``): functions of the game, used as methods.
    check_invariants = check_solo_invariants
    observe = observe_solo
    obs_size = property(lambda self: solo_obs_size(self.seats))
