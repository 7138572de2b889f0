"""The rules of Florenza (2nd edition), one game, clause by clause.

The game is written as a generator (:meth:`Rules.flow`) that reads like the rulebook's
"PLAYING THE GAME": set-up, eight rounds of the nine phases, the end. Every decision is
``action = yield Decision(phase, player, legal action ids)`` (SPEC §6 ids); everything
automatic (income, production without a choice, construction, offices, aging) runs between
decisions. "RB:" quotes the rulebook, "SPEC §n" / "D n" the engine's contract and notes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import NUM_CHARACTER_SLOTS, PHASE, UNNAMED_PREACHER_SLOT, ActionIds
from .state import DETAINED, EXPELLED, HIRED, IN_BAG, IN_PLAY, ON_CARD, OUT, Hire, Named, Player, Slot
from .tables import Tables

NAMED = 40  # SPEC §2: named characters c = 0..39; unnamed kinds are slots 40 + u


@dataclass
class Decision:
    phase: int
    player: int
    options: list[int]


@dataclass
class Pending:
    """What the pending decision is about (SPEC §10 pending_* fields)."""

    main: int | None = None
    district: int | None = None
    character: int | None = None
    skill: int | None = None
    pulpit: int | None = None  # 0 own, 1 cathedral
    workshop: int | None = None
    dice: list[int] = field(default_factory=list)
    trade_given: list[int] = field(default_factory=lambda: [0] * 6)


class Rules:
    """Board state plus the rules that change it (see the module docstring)."""

    def __init__(
        self,
        tables: Tables,
        num_players: int,
        rng,
        die: bool = True,
        two_player_variant: bool = True,
        first_game: bool = False,
    ):
        self.t = t = tables
        self.P = num_players
        self.A = ActionIds(num_players, len(t.workshops), len(t.main_artworks))
        self.rng = rng
        self.die = die
        # SPEC §1 / D17: the 2-player variant has an effect only at 2 players.
        self.two_player_variant = two_player_variant and num_players == 2
        self.first_game = first_game
        self.players: list[Player] = []
        self.named = [Named() for _ in t.characters]
        self.unnamed_left = [t.unnamed_tiles] * 4
        self.supply = [w.quantity for w in t.workshops]
        self.box_crest = [[False] * len(t.district_artworks) for _ in range(num_players)]
        self.box_hire: list[list[Hire | None]] = [[None] * len(t.district_artworks) for _ in range(num_players)]
        self.main_crest: list[int | None] = [None] * len(t.main_artworks)
        self.main_hire: list[Hire | None] = [None] * len(t.main_artworks)
        self.cathedral_pulpit: int | None = None  # seat of the worker on the Cathedral pulpit
        self.cathedral_preacher: int | None = None  # character slot on the Cathedral pulpit
        self.round = 1
        self.phase = PHASE["START_PICK"]
        self.current = 0
        self.order: list[int] = []  # turn slots (SPEC §4)
        self.captain: int | None = None
        self.bishop: int | None = None
        self.income_resource: int | None = None
        self.pending = Pending()

    # ------------------------------------------------------------------ helpers

    def player_order(self) -> list[int]:
        """SPEC §4: the distinct players in slot order (D32: "The Captain always acts first")."""
        out: list[int] = []
        for p in self.order:
            if p not in out:
                out.append(p)
        return out

    def has(self, p: int, cubes: list[int], florins: int) -> bool:
        pl = self.players[p]
        return pl.florins >= florins and all(h >= c for h, c in zip(pl.cubes, cubes))

    def pay(self, p: int, cubes: list[int], florins: int) -> None:
        pl = self.players[p]
        pl.florins -= florins
        pl.cubes = [h - c for h, c in zip(pl.cubes, cubes)]

    def gain(self, p: int, cubes=None, florins=0, prestige=0, influence=0) -> None:
        pl = self.players[p]
        if cubes:
            pl.cubes = [h + c for h, c in zip(pl.cubes, cubes)]
        pl.florins += florins
        pl.track += prestige
        pl.influence = max(0, pl.influence + influence)  # D5: influence never negative

    def one(self, r: int) -> list[int]:
        return [int(i == r) for i in range(len(self.t.resources))]

    def rel(self, p: int, q: int) -> int:
        return (q - p) % self.P

    def lowest_empty_space(self, p: int) -> int | None:
        """RB: "You must place it in the lowest-numbered space on your district board.\""""
        return next((s for s, slot in enumerate(self.players[p].slots) if slot is None), None)

    def decide(self, phase: str, p: int, options: list[int]):
        self.phase, self.current = PHASE[phase], p
        action = yield Decision(PHASE[phase], p, options)
        return action

    # ------------------------------------------------------------------ the game

    def flow(self):
        """RB "PLAYING THE GAME": eight rounds of nine phases; "In the first round of the game, the
        first three phases are skipped." D15: phase 9 of round 8 is skipped."""
        yield from self.setup()
        for round_number in range(1, self.t.rounds + 1):
            self.round = round_number
            if round_number > 1:
                yield from self.phase1_collect_income()
                yield from self.phase2_captain()
                yield from self.phase3_bishop()
            yield from self.phase4_worker_placement()
            yield from self.phase5_market()
            yield from self.phase6_district_activities()
            yield from self.phase7_artwork()
            self.phase8_turn_order()
            if self.round < self.t.rounds:
                self.phase9_end_of_round()
        self.phase = PHASE["GAME_OVER"]

    # ------------------------------------------------------------------ set-up

    def setup(self):
        """SPEC §5.1, in order: turn order, families, characters from the bag, starting workshops."""
        t = self.t
        # RB: "Take one of the family markers from each player and mix them"
        self.order = self.rng.turn_order(self.P)
        # RB "THE DISTRICTS": 300 Fiorini, 1 cube of each type, 4 workers on the board, 4 in the pool.
        for _ in range(self.P):
            self.players.append(
                Player(
                    t.start_florins, list(t.start_cubes), t.start_workers_board, t.max_workers - t.start_workers_board
                )
            )
        # RB: "randomly draw out tiles based on the number of players" (6/7/8/9), each beneath
        # "the Life in Florenza card with the matching number".
        self.draw_characters(t.draws[self.P])
        yield from self.starting_workshops()

    def draw_characters(self, n: int) -> None:
        for c in self.rng.draw(n):
            self.named[c] = Named(where=IN_PLAY, life=self.t.characters[c].rounds)

    def starting_workshops(self):
        """RB: "Starting with the player in the last space on the turn order track, and taking turns
        in reverse order, each player will select one of these workshops and place it on the "1"
        space ... each player, in the same order, chooses a second workshop ... built for free".
        One tile of each of the twelve types is set apart, so a type goes once."""
        reverse = list(reversed(self.player_order()))
        picked: list[int] = []
        for s in range(2):
            for i, p in enumerate(reverse):
                if self.first_game:
                    w = self.t.first_game[i][s]
                else:
                    options = [self.A.BUILD + w for w in self.t.start_workshops if w not in picked]
                    w = (yield from self.decide("START_PICK", p, options)) - self.A.BUILD
                picked.append(w)
                self.supply[w] -= 1
                self.players[p].slots[s] = Slot(w, built=True)

    # ------------------------------------------------------------------ phase 1

    def phase1_collect_income(self):
        """RB "1. COLLECT INCOME" (SPEC §5.2.1)."""
        t = self.t
        # RB: "The first player rolls the die once ... All players each receive the resource shown
        # ... If there are not enough resource cubes of that type, each player instead receives
        # 100 Fiorini." D7: the board holds the cubes no player holds.
        r = t.die_resource[self.rng.roll() - 1]
        self.income_resource = r
        short = t.cubes[r] - sum(pl.cubes[r] for pl in self.players) < self.P
        for p, pl in enumerate(self.players):
            # RB: "200 Fiorini, 1 Marble, 1 Wood, 4 Workers"
            self.gain(p, cubes=t.income_cubes, florins=t.income_florins)
            self.gain(p, florins=t.short_die_florins) if short else self.gain(p, cubes=self.one(r))
            workers = t.income_workers
            # RB: "Each Casa pays its owner 50 Fiorini and 1 worker" (Casamento, Palagio likewise).
            for slot in pl.slots:
                if slot is not None and slot.built:
                    w = t.workshops[slot.workshop]
                    self.gain(p, florins=w.income_florins, prestige=w.income_prestige)
                    workers += w.income_workers
            # RB: "If your family crest is on an artwork that provides income, you receive that
            # income during this phase" (district artworks never pay).
            for m, art in enumerate(t.main_artworks):
                if self.main_crest[m] != p:
                    continue
                if art.income == "prestige":
                    self.gain(p, prestige=art.income_amount)
                elif art.income == "influence":
                    self.gain(p, influence=art.income_amount)
                elif art.income == "fiorini":
                    self.gain(p, florins=art.income_amount)
                elif art.income == "worker":
                    workers += art.income_amount
            # D19: all workers were in the pool; income takes them from it.
            pl.avail = min(t.max_workers, workers)
            pl.pool = t.max_workers - pl.avail
        # RB: "The Atrio of the Banco gives an income of 1 gold cube, or the option to sell 1 gold
        # cube for 200 Fiorini. You choose" (D12: after the whole income).
        for m, art in enumerate(t.main_artworks):
            p = self.main_crest[m]
            if art.income != "atrio" or p is None:
                continue
            gold = t.resources.index("gold")
            options = [self.A.ATRIO_GOLD] + ([self.A.ATRIO_SELL] if self.players[p].cubes[gold] else [])
            if (yield from self.decide("ATRIO", p, options)) == self.A.ATRIO_GOLD:
                self.gain(p, cubes=[t.atrio_gold * g for g in self.one(gold)])
            else:
                self.pay(p, self.one(gold), 0)
                self.gain(p, florins=t.atrio_sell_florins)

    # ------------------------------------------------------------------ phases 2-3

    def targets(self, p: int) -> list[int]:
        """TARGET[j]: an opponent (relative seat j) with a worker on his board (D28)."""
        return [self.A.TARGET + j - 1 for j in range(1, self.P) if self.players[(p + j) % self.P].avail >= 1]

    def on_card(self, kind: str) -> list[int]:
        return [
            c
            for c, ch in enumerate(self.t.characters)
            if ch.kind == kind and self.named[c].where == IN_PLAY and self.named[c].tile == ON_CARD
        ]

    def phase2_captain(self):
        """RB: "The Captain can detain one worker or one named artist" (D2: or decline). Two-player
        variant: holding both offices, "the Captain of the People may only choose the reserve an
        artist"."""
        c = self.captain
        if c is None:
            return
        options = [] if (self.two_player_variant and self.bishop == c) else self.targets(c)
        options += [self.A.CHARACTER + x for x in self.on_card("artist")] + [self.A.PASS]
        a = yield from self.decide("CAPTAIN", c, sorted(options))
        if self.A.TARGET <= a < self.A.PASS:
            # RB: "Take the chosen worker from your opponent's district board and place it on the "VI""
            q = self.players[(c + a - self.A.TARGET + 1) % self.P]
            q.avail -= 1
            q.detained += 1
        elif a != self.A.PASS:
            self.named[a - self.A.CHARACTER].tile = DETAINED

    def phase3_bishop(self):
        """RB: "The Bishop can convert one worker or expel one preacher" (D2: or decline)."""
        b = self.bishop
        if b is None:
            return
        options = self.targets(b) + [self.A.CHARACTER + x for x in self.on_card("preacher")] + [self.A.PASS]
        a = yield from self.decide("BISHOP", b, sorted(options))
        if self.A.TARGET <= a < self.A.PASS:
            # RB: "Take one worker from your opponent's district board and return it to the pool.
            # Then take one of your workers from the pool (if there is one)"
            q = self.players[(b + a - self.A.TARGET + 1) % self.P]
            q.avail -= 1
            q.pool += 1
            me = self.players[b]
            if me.pool >= 1:
                me.pool -= 1
                me.avail += 1
        elif a != self.A.PASS:
            self.named[a - self.A.CHARACTER].tile = EXPELLED

    # ------------------------------------------------------------------ phase 4

    def hireable(self, p: int, skills: list[int]) -> list[int]:
        """Character slots p may hire for a box of ``skills`` (SPEC §6.2 hireable): RB "You cannot
        hire an artist if his tile is not on his card"; "Only the Captain of the People can hire a
        detained artist"; the unnamed artists "are available every round" (2 tiles a skill)."""
        out = []
        for c, ch in enumerate(self.t.characters):
            n = self.named[c]
            if ch.kind != "artist" or n.where != IN_PLAY or not set(ch.skills) & set(skills):
                continue
            if n.tile == ON_CARD or (n.tile == DETAINED and p == self.captain):
                out.append(c)
        out += [NAMED + u for u in range(3) if u in skills and self.unnamed_left[u] >= 1]
        return out

    def givable(self, p: int) -> list[int]:
        """SPEC §6.2 givable: a preacher still on his card whom p can pay at once (D24)."""
        out = [
            c
            for c in self.on_card("preacher")
            if self.has(p, self.t.characters[c].cost_cubes, self.t.characters[c].cost_florins)
        ]
        u = self.t.unnamed_preacher
        if self.unnamed_left[3] >= 1 and self.has(p, u.cost_cubes, u.cost_florins):
            out.append(UNNAMED_PREACHER_SLOT)
        return out

    def crests_left(self, p: int) -> int:
        """D10: crests not yet placed minus p's pending hires."""
        pending = sum(h is not None for h in self.box_hire[p])
        pending += sum(h is not None and h.player == p for h in self.main_hire)
        return self.t.crests - self.players[p].crests_placed - pending

    def cathedral_pulpit_box(self) -> int:
        return next(m for m, a in enumerate(self.t.main_artworks) if a.pulpit)

    def place_options(self, p: int) -> list[int]:
        """RB "WORKER ASSIGNMENTS: You can place a worker in six ways" (SPEC §6.2)."""
        A, pl = self.A, self.players[p]
        options = []
        # A. RB: "You can use a workshop on another player's district board ... you must pay that
        # player 1 prestige point ... You cannot ... if your marker ... is already on the -3 space."
        for j in range(self.P):
            q = (p + j) % self.P
            if j and pl.track <= self.t.fee_floor:
                continue
            for s, slot in enumerate(self.players[q].slots):
                if slot and slot.built and slot.worker is None and self.t.workshops[slot.workshop].occupiable:
                    options.append(A.operate(j, s))
        # B. a workshop type with a tile in the supply, on the lowest empty space (D21).
        if self.lowest_empty_space(p) is not None:
            options += [A.BUILD + w for w in range(len(self.t.workshops)) if self.supply[w] >= 1]
        # C. RB: "The artwork box must not have any player's family crest token, and it cannot
        # already have a worker"; own district or the main board; some artist fits (D10 crests).
        if self.crests_left(p) >= 1:
            for d, art in enumerate(self.t.district_artworks):
                if not self.box_crest[p][d] and self.box_hire[p][d] is None and self.hireable(p, art.skills):
                    options.append(A.HIRE_DISTRICT + d)
            for m, art in enumerate(self.t.main_artworks):
                if self.main_crest[m] is None and self.main_hire[m] is None and self.hireable(p, art.skills):
                    options.append(A.HIRE_MAIN + m)
        # D. RB: "each player can place one (and only one) worker here."
        if not pl.market:
            options.append(A.MARKET)
        # E. RB: "the Pulpit in your own family church ... or the Pulpit in the Cathedral ... only
        # after an artist has completed it" (D1: the own pulpit needs no artwork).
        if self.givable(p):
            if not pl.pulpit:
                options.append(A.CHARITY_OWN)
            if self.main_crest[self.cathedral_pulpit_box()] is not None and self.cathedral_pulpit is None:
                options.append(A.CHARITY_CATHEDRAL)
        # F. RB: "every player can place as many workers as he wants" (D11: always legal).
        options.append(A.WORK)
        return options

    def phase4_worker_placement(self):
        """RB: "Each player places a worker until the last placed his first one. Then the first
        player places his second worker and so on, until all the workers of all players have been
        used." SPEC §5.2.4: a pointer walks the turn slots cyclically (D30, D31)."""
        pointer = 0
        while any(pl.avail for pl in self.players):
            p = self.order[pointer % len(self.order)]
            pointer += 1
            if self.players[p].avail >= 1:
                a = yield from self.decide("PLACE", p, self.place_options(p))
                yield from self.place_worker(p, a)

    def place_worker(self, p: int, a: int):
        A, pl = self.A, self.players[p]
        pl.avail -= 1
        if a < A.BUILD:
            j, s = divmod(a - A.OPERATE, 8)
            q = (p + j) % self.P
            if j:
                # RB: "you must pay that player 1 prestige point when you place your worker there"
                self.gain(p, prestige=-self.t.fee)
                self.gain(q, prestige=self.t.fee)
            self.players[q].slots[s].worker = p
        elif a < A.HIRE_DISTRICT:
            # RB: "place it on your district board with the building side up ... in the
            # lowest-numbered space ... Then, place your worker on top of the workshop tile."
            w = a - A.BUILD
            self.supply[w] -= 1
            pl.slots[self.lowest_empty_space(p)] = Slot(w, built=False, worker=p)
        elif a < A.MARKET:
            yield from self.hire_artist(p, a)
        elif a == A.MARKET:
            pl.market = True
        elif a in (A.CHARITY_OWN, A.CHARITY_CATHEDRAL):
            yield from self.give_charity(p, 0 if a == A.CHARITY_OWN else 1)
        else:
            # RB F: "This allows you to take immediately 50 Fiorini from the supply."
            pl.work += 1
            self.gain(p, florins=self.t.work_florins)

    def hire_artist(self, p: int, a: int):
        """RB C: "Place your worker on the artwork you want to complete ... you must also immediately
        choose which artist you will hire. Take the chosen artist's tile from his card" (SPEC §6.2-6.3:
        the worker is on the box during the HIRE decision)."""
        A = self.A
        district = a < A.HIRE_MAIN
        box = a - (A.HIRE_DISTRICT if district else A.HIRE_MAIN)
        art = (self.t.district_artworks if district else self.t.main_artworks)[box]
        hire = Hire(p, None)
        if district:
            self.box_hire[p][box] = hire
        else:
            self.main_hire[box] = hire
        self.pending = Pending(district=box) if district else Pending(main=box)
        options = [A.CHARACTER + x for x in self.hireable(p, art.skills)]
        x = (yield from self.decide("HIRE", p, options)) - A.CHARACTER
        self.pending = Pending()
        if x < NAMED:
            self.named[x].tile = HIRED
        else:
            self.unnamed_left[x - NAMED] -= 1
        hire.character = x

    def give_charity(self, p: int, pulpit: int):
        """RB E: "You must pay the cost shown on the top of the preacher's card as soon as you place
        his tile on a Pulpit. Then immediately take from the supply the resource and the workers
        shown on the card"; "unnamed preachers always provide 2 workers" (SPEC §6.4)."""
        A, pl = self.A, self.players[p]
        # SPEC §6.2: the worker is on the pulpit during the PREACHER decision.
        if pulpit == 0:
            pl.pulpit = True
        else:
            self.cathedral_pulpit = p
        self.pending = Pending(pulpit=pulpit)
        x = (yield from self.decide("PREACHER", p, [A.CHARACTER + x for x in self.givable(p)])) - A.CHARACTER
        self.pending = Pending()
        if x < NAMED:
            ch = self.t.characters[x]
            self.pay(p, ch.cost_cubes, ch.cost_florins)
            self.named[x].tile = HIRED
            workers = ch.workers[self.rng.roll() - 1]  # D27: a named preacher's workers by die roll
        else:
            ch = self.t.unnamed_preacher
            self.pay(p, ch.cost_cubes, ch.cost_florins)
            self.unnamed_left[3] -= 1
            workers = ch.workers[0]
        # the preacher's tile stays on the pulpit until phase 9 returns it (public, D35)
        if pulpit == 0:
            pl.preacher = x
        else:
            self.cathedral_preacher = x
        g = min(workers, pl.pool)  # D19: workers come from the pool
        pl.pool -= g
        pl.avail += g
        self.gain(p, cubes=ch.gain_cubes, prestige=ch.gain_prestige, influence=ch.gain_influence)

    # ------------------------------------------------------------------ phase 5

    def phase5_market(self):
        """RB "5. MARKET": "1. Sell one resource cube to the supply for 100 Fiorini. 2. Buy one
        resource cube from the supply for 200 Fiorini. 3. Trade any two resource cubes to the supply
        for one different resource cube. Each of the three actions can be taken only once, but you
        can take them in any order" (SPEC §6.5)."""
        A = self.A
        for p in self.player_order():
            pl = self.players[p]
            if not pl.market:
                continue
            while not all(pl.market_used):
                options = []
                if not pl.market_used[0]:
                    options += [A.SELL + r for r in range(6) if pl.cubes[r] >= 1]
                if not pl.market_used[1] and pl.florins >= self.t.buy_price:
                    options += [A.BUY + r for r in range(6)]
                if not pl.market_used[2] and sum(pl.cubes) >= 2:
                    options.append(A.TRADE)
                a = yield from self.decide("MARKET", p, options + [A.PASS])
                if a == A.PASS:
                    break
                if a < A.BUY:
                    pl.market_used[0] = True
                    self.pay(p, self.one(a - A.SELL), 0)
                    self.gain(p, florins=self.t.sell_price)
                elif a < A.TRADE:
                    pl.market_used[1] = True
                    self.pay(p, [0] * 6, self.t.buy_price)
                    self.gain(p, cubes=self.one(a - A.BUY))
                else:
                    pl.market_used[2] = True
                    yield from self.trade(p)

    def trade(self, p: int):
        """Two cubes given (in non-decreasing resource order), one of a type different from both
        taken (D29)."""
        A, pl = self.A, self.players[p]
        given = self.pending.trade_given
        # Q1 (package docstring): a first cube is offered only when a second one of the
        # same or a later resource remains, so TRADE_GIVE_2 is never empty.
        options = [A.RESOURCE + r for r in range(6) if pl.cubes[r] >= 2 or (pl.cubes[r] and any(pl.cubes[r + 1 :]))]
        first = (yield from self.decide("TRADE_GIVE_1", p, options)) - A.RESOURCE
        self.pay(p, self.one(first), 0)
        given[first] += 1
        options = [A.RESOURCE + r for r in range(first, 6) if pl.cubes[r]]
        second = (yield from self.decide("TRADE_GIVE_2", p, options)) - A.RESOURCE
        self.pay(p, self.one(second), 0)
        given[second] += 1
        take = (
            yield from self.decide("TRADE_TAKE", p, [A.RESOURCE + r for r in range(6) if not given[r]])
        ) - A.RESOURCE
        self.gain(p, cubes=self.one(take))
        self.pending = Pending()

    # ------------------------------------------------------------------ phase 6

    def phase6_district_activities(self):
        """RB: "each player looks at the workshop in the "1" space of his district board ... When all
        workshops on "1" spaces have finished, each player in turn order then checks any workshop on
        his "2" space, and so on until all workshops on all district boards have resolved.\""""
        for s in range(8):
            for q in self.player_order():
                slot = self.players[q].slots[s]
                if slot is None or slot.worker is None:
                    continue
                u = slot.worker
                if slot.built:
                    yield from self.produce(u, slot.workshop)
                else:
                    self.construct(q, s)
                if self.players[q].slots[s] is not None:
                    slot.worker = None
                self.players[u].pool += 1  # RB: "Return your worker to the pool after resolving"

    def produce(self, u: int, w: int):
        """RB "WORKSHOP PRODUCTION": "If the tile shows resource cubes, coins, prestige points, or
        church influence, you receive what is shown. If the tile shows a formula, you may pay what is
        shown to receive the benefit listed after the equal sign" (D20)."""
        ws = self.t.workshops[w]
        if not ws.converts:
            self.gain(
                u, cubes=ws.gain_cubes, florins=ws.gain_florins, prestige=ws.gain_prestige, influence=ws.gain_influence
            )
            return
        if not self.has(u, ws.spend_cubes, ws.spend_florins):
            return
        self.pending = Pending(workshop=w)
        a = yield from self.decide("CONVERT", u, [self.A.PASS, self.A.ACCEPT])
        self.pending = Pending()
        if a == self.A.ACCEPT:
            self.pay(u, ws.spend_cubes, ws.spend_florins)
            self.gain(u, cubes=ws.take_cubes, florins=ws.take_florins)

    def construct(self, q: int, s: int) -> None:
        """RB "WORKSHOP CONSTRUCTION": "You must pay the resources and coins shown ... Then turn the
        workshop tile over ... you immediately receive the prestige points shown"; "If you cannot pay
        the required resources, return your worker and the workshop tile to the supply and lose 1
        prestige point" (D22: the tile is available again)."""
        slot = self.players[q].slots[s]
        ws = self.t.workshops[slot.workshop]
        if self.has(q, ws.cost_cubes, ws.cost_florins):
            self.pay(q, ws.cost_cubes, ws.cost_florins)
            slot.built = True
            self.gain(q, prestige=ws.build_prestige)
        else:
            self.players[q].slots[s] = None
            self.supply[slot.workshop] += 1
            self.gain(q, prestige=-self.t.build_fail)

    # ------------------------------------------------------------------ phase 7

    def phase7_artwork(self):
        """RB: "Starting with the first player and going in turn order, each player attempts to
        complete all artworks he has assigned workers to. Complete any artworks you are attempting in
        your home district first, then any on civic buildings, and finally any artwork in the
        Cathedral." Inside a zone the player picks the order ("You can complete the artworks on your
        district board in any order you choose."), asked only while it can matter (D8)."""
        A, main = self.A, self.t.main_artworks
        for p in self.player_order():
            district = [(d, None) for d in range(len(self.t.district_artworks)) if self.box_hire[p][d] is not None]
            mine = [m for m in range(len(main)) if self.main_hire[m] is not None and self.main_hire[m].player == p]
            civic = [(None, m) for m in mine if main[m].zone == "civic"]
            cathedral = [(None, m) for m in mine if main[m].zone == "cathedral"]
            for zone in (district, civic, cathedral):
                while zone:
                    # a box p cannot pay now fails in any order (paying only ever lowers what p holds)
                    short = [(d, m) for d, m in zone if not self.payable_skills(p, d, m)]
                    box = short[0] if short else zone[0]
                    if not short and len(zone) >= 2 and self.order_matters(p, zone):
                        ids = {(A.HIRE_DISTRICT + d if d is not None else A.HIRE_MAIN + m): (d, m) for d, m in zone}
                        box = ids[(yield from self.decide("ARTWORK", p, sorted(ids)))]
                    zone.remove(box)
                    yield from self.complete_artwork(p, *box)

    def order_matters(self, p: int, boxes: list[tuple[int | None, int | None]]) -> bool:
        """D8: with every box of ``boxes`` payable on its own, the order can change the outcome unless
        p can pay them all at once, each with the dearest skill p could pay for it alone, plus
        (no-die variant) the largest incentive on every box but the last."""
        t = self.t
        cubes, florins = [0] * len(t.resources), 0
        for d, m in boxes:
            art = t.district_artworks[d] if d is not None else t.main_artworks[m]
            x = (self.box_hire[p][d] if d is not None else self.main_hire[m]).character
            cubes = [c + a for c, a in zip(cubes, art.cost_cubes)]
            florins += art.cost_florins + max(self.artist_cost(x, k) for k in self.payable_skills(p, d, m))
        if not self.die:
            florins += t.incentive_max * t.incentive_step * (len(boxes) - 1)
        return not self.has(p, cubes, florins)

    def payable_skills(self, p: int, d: int | None, m: int | None) -> list[int]:
        """D9: the skills of the box's artist that fit it and whose whole cost p can pay now."""
        art = self.t.district_artworks[d] if d is not None else self.t.main_artworks[m]
        x = (self.box_hire[p][d] if d is not None else self.main_hire[m]).character
        return [
            k
            for k in self.artist_skills(x)
            if k in art.skills and self.has(p, art.cost_cubes, art.cost_florins + self.artist_cost(x, k))
        ]

    def artist_cost(self, x: int, k: int) -> int:
        return self.t.characters[x].skills[k].cost if x < NAMED else 0

    def artist_skills(self, x: int) -> list[int]:
        return sorted(self.t.characters[x].skills) if x < NAMED else [x - NAMED]

    def complete_artwork(self, p: int, d: int | None, m: int | None):
        """RB "7. ARTWORK" with "ARTIST PRESTIGE", "MASTERPIECES", "FAILURE", "DISTRICT ARTWORKS"."""
        A, t = self.A, self.t
        art = t.district_artworks[d] if d is not None else t.main_artworks[m]
        x = (self.box_hire[p][d] if d is not None else self.main_hire[m]).character
        zone = "district" if d is not None else art.zone
        # D9: "you must choose which one to use, which must fill the requirements for the artwork";
        # only skills whose whole cost p can pay are offered, none is a failure.
        skills = self.payable_skills(p, d, m)
        if not skills:
            # RB "FAILURE": "Your district 1 ... A civic building 2 ... The Cathedral 3"; "If you hired
            # a named artist and cannot pay the costs, you lose 1 additional prestige point."
            self.gain(p, prestige=-(t.fail_penalty[zone] + (t.fail_named_extra if x < NAMED else 0)))
            self.release(p, d, m, x)
            return
        self.pending = Pending(main=m, district=d, character=x)
        k = (yield from self.decide("SKILL", p, [A.SKILL + k for k in skills])) - A.SKILL
        self.pending.skill = k
        # RB: "You must choose the skill and pay the artist before rolling the die" (lead's Q2
        # arbitration, SPEC §6.7): artist and artwork are paid on SKILL[k]; then, in the rulebook's
        # order (lead's Q6 arbitration), the box's rewards, the crest and a full area's bonus, and
        # only then the value (incentive or die) and the artist's prestige.
        self.pay(p, art.cost_cubes, art.cost_florins + self.artist_cost(x, k))
        # RB: "you receive all prestige points and church influence shown ... Then place one of your
        # family crest tokens on the artwork box."
        self.players[p].crests_placed += 1
        if d is not None:
            self.box_crest[p][d] = True
        else:
            self.main_crest[m] = p
        self.gain(p, prestige=art.prestige, influence=art.influence)
        if d is not None:
            # RB: "If you complete all four artworks in the Palazzo ... 4 prestige points ... all four
            # artworks in the Chiesa ... 4 church influence."
            area = art.zone
            boxes = [e for e, a in enumerate(t.district_artworks) if a.zone == area]
            if all(self.box_crest[p][e] for e in boxes):
                if area == "palazzo":
                    self.gain(p, prestige=t.palazzo_bonus)
                else:
                    self.gain(p, influence=t.chiesa_bonus)
        if not self.die:
            # No-die variant: "Work prestige = base value + incentive"; "add 1 point to the base value
            # every 50 Fiorini ... up to 150 Fiorini" (as far as the money left after payment allows).
            most = min(t.incentive_max, self.players[p].florins // t.incentive_step)
            i = (yield from self.decide("INCENTIVE", p, [A.INCENTIVE + i for i in range(most + 1)])) - A.INCENTIVE
            self.pay(p, [0] * len(t.resources), t.incentive_step * i)
            value = t.base_value[zone] + i
        elif zone != "cathedral":
            value = self.rng.roll()  # RB: "Roll the die and find the result on the chart"
        else:
            # RB: "If the artwork is in the Cathedral, roll the die twice and choose which result to use."
            self.pending.dice = [self.rng.roll(), self.rng.roll()]
            options = sorted({A.DIE + v - 1 for v in self.pending.dice})
            value = (yield from self.decide("CATHEDRAL_DIE", p, options)) - A.DIE + 1
        self.pending = Pending()
        if x < NAMED:
            line, named = t.characters[x].skills[k], self.named[x]
            # RB: "When you roll the die and the result shows a gold colored box ... he has completed
            # his masterpiece ... turn the artist's card over"; "only one masterpiece in the game".
            if line.masterpiece[value - 1] and not named.flipped:
                self.gain(p, prestige=line.masterpiece_pp[value - 1])
                named.flipped = True
            else:
                self.gain(p, prestige=line.die_pp[value - 1])
        else:
            self.gain(p, prestige=t.unnamed_pp[x - NAMED][value - 1])
        self.release(p, d, m, x)

    def release(self, p: int, d: int | None, m: int | None, x: int) -> None:
        """RB: "Return the artist tile to his matching card. Return your worker to the pool.\""""
        if d is not None:
            self.box_hire[p][d] = None
        else:
            self.main_hire[m] = None
        if x < NAMED:
            self.named[x].tile = ON_CARD
        else:
            self.unnamed_left[x - NAMED] += 1
        self.players[p].pool += 1

    # ------------------------------------------------------------------ phase 8

    def phase8_turn_order(self) -> None:
        """RB "8. TURN ORDER" (SPEC §6.8)."""
        t, players = self.t, self.players
        # RB: "the player whose marker is highest on the prestige track becomes the Captain ... If
        # there is a tie, then no player will be Captain"; "you immediately receive ... prestige
        # certificates equal to your position ... Then, move your marker ... back to the "0" space."
        best = max(pl.track for pl in players)
        top = [p for p, pl in enumerate(players) if pl.track == best]
        captain = top[0] if len(top) == 1 else None
        if captain is not None:
            players[captain].certs += players[captain].track
            players[captain].track = 0
        # RB: "If a single player has at least 3 church influence and more points than each of the
        # other players, he becomes the Bishop".
        most = max(pl.influence for pl in players)
        leaders = [p for p, pl in enumerate(players) if pl.influence == most]
        bishop = leaders[0] if len(leaders) == 1 and most >= t.bishop_min else None
        if bishop is not None and (self.bishop == bishop or players[bishop].influence >= t.cardinal_influence):
            # RB "CARDINAL": "named Bishop two rounds in a row; or ... reaches the "10" space"; "you
            # immediately receive 5 prestige points ... and ... return your marker ... to "0"" (D4).
            self.gain(bishop, prestige=t.cardinal_bonus)
            players[bishop].influence = 0
        # RB: "The turn order for all players that did not gain an office ... remains unchanged" (D16).
        others = [p for p in self.player_order() if p not in (captain, bishop)]
        self.order = [p for p in (captain, bishop) if p is not None] + others
        self.captain, self.bishop = captain, bishop

    # ------------------------------------------------------------------ phase 9

    def phase9_end_of_round(self) -> None:
        """RB "9. END OF THE ROUND", steps 1-7 (rounds 1..7, D15)."""
        # 1-3: the detained artist and worker, the preachers and every worker return.
        for n in self.named:
            n.tile = ON_CARD
        self.unnamed_left = [self.t.unnamed_tiles] * 4
        self.cathedral_pulpit = self.cathedral_preacher = None
        for pl in self.players:
            pl.avail, pl.pool, pl.detained, pl.work = 0, self.t.max_workers, 0, 0
            pl.market, pl.pulpit, pl.preacher, pl.market_used = False, False, None, [False, False, False]
            for slot in pl.slots:
                if slot is not None:
                    slot.worker = None
        # 4-5: RB: "Any character cards beneath the "I" Life in Florenza card are removed from the
        # game"; "All character cards still in play move down one space".
        left = 0
        for n in self.named:
            if n.where != IN_PLAY:
                continue
            if n.life == 1:
                n.where, n.life = OUT, 0
                left += 1
            else:
                n.life -= 1
        # 6: "an equal number of replacement tiles are drawn from the bag" (D14: none from an empty bag).
        self.draw_characters(left)

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> None:
        """SPEC §11: workers, workshop tiles, characters and crests accounted for; nothing negative."""
        t = self.t
        for p, pl in enumerate(self.players):
            placed = pl.work + pl.market + pl.pulpit + (self.cathedral_pulpit == p)
            placed += sum(s is not None and s.worker == p for q in self.players for s in q.slots)
            placed += sum(h is not None for h in self.box_hire[p])
            placed += sum(h is not None and h.player == p for h in self.main_hire)
            assert pl.avail + pl.pool + pl.detained + placed == t.max_workers, (p, pl, placed)
            assert min(pl.avail, pl.pool, pl.detained, pl.florins, pl.influence, *pl.cubes) >= 0, (p, pl)
            crests = sum(self.box_crest[p]) + sum(c == p for c in self.main_crest)
            assert crests == pl.crests_placed <= t.crests, (p, crests, pl.crests_placed)
        for w, ws in enumerate(t.workshops):
            on_boards = sum(s is not None and s.workshop == w for pl in self.players for s in pl.slots)
            assert self.supply[w] + on_boards == ws.quantity, (w, self.supply[w], on_boards)
        assert sorted(c for c, n in enumerate(self.named) if n.where == IN_BAG) == sorted(self.rng.in_bag())
        assert all(0 <= u <= t.unnamed_tiles for u in self.unnamed_left)

    # ------------------------------------------------------------------ end

    def final_scores(self) -> list[int]:
        """RB "THE END OF THE GAME" (SPEC §8)."""
        t = self.t
        scores = []
        for p, pl in enumerate(self.players):
            vp = pl.certs + pl.track + t.captain_vp * (self.captain == p) + t.bishop_vp * (self.bishop == p)
            vp += sum(pl.cubes) // t.cubes_per_vp + pl.florins // t.florins_per_vp
            vp -= t.empty_slot_vp * sum(slot is None for slot in pl.slots)
            vp -= t.unfinished_vp * sum(not c for c in self.box_crest[p])
            for area, penalty in (("palazzo", t.no_palazzo_vp), ("chiesa", t.no_chiesa_vp)):
                if not any(self.box_crest[p][d] for d, a in enumerate(t.district_artworks) if a.zone == area):
                    vp -= penalty
            scores.append(vp)
        return scores


assert NUM_CHARACTER_SLOTS == NAMED + 4
