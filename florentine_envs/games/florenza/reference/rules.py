"""The rules of Florenza (2nd edition), one game, clause by clause.

The round is written as a generator (:meth:`Rules.flow`) that reads like the
rulebook's "PLAYING THE GAME": set-up, then eight rounds of the nine phases, then
"THE END OF THE GAME". Every decision is ``choice = yield Decision(...)`` with the
list of its legal options as symbolic tuples; ``actions.py`` maps them to SPEC's
flat action ids. Everything automatic (income, production without a choice,
construction, offices, aging) runs inside the generator between decisions.

"RB:" quotes the rulebook (shared/rules/florenza_board_game_2nd_edition.txt).
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import DETAINED, EXPELLED, HIRED, ON_CARD, Character, Hire, Player, Slot
from .tables import Tables


@dataclass
class Decision:
    """One small decision: who decides, what kind (SPEC phase), the legal options."""

    player: int
    kind: str
    options: list[tuple]


class Rules:
    """Board state plus the rules that change it (see the module docstring)."""

    def __init__(self, tables: Tables, num_players: int, rng, die: bool = True, two_player_variant: bool = False,
                 first_game: bool = False):  # fmt: skip
        self.t = tables
        self.P = num_players
        self.rng = rng  # the SPEC's random protocol (``rng.py``)
        self.die = die
        self.two_player_variant = two_player_variant
        self.first_game = first_game
        t = tables
        self.players = [
            Player(t.start_florins, list(t.start_cubes), t.start_workers_board, t.start_workers_pool)
            for _ in range(num_players)
        ]
        self.chars = [Character(c.index, in_play=not c.named, life=c.life) for c in t.characters]
        self.supply = [w.quantity for w in t.workshops]  # workshop tiles in the supply
        self.district_crest = [[None] * len(t.district_artworks) for _ in range(num_players)]
        self.main_crest: list[int | None] = [None] * len(t.main_artworks)
        self.district_hire: list[list[Hire | None]] = [[None] * len(t.district_artworks) for _ in range(num_players)]
        self.main_hire: list[Hire | None] = [None] * len(t.main_artworks)
        self.cathedral_pulpit_used = False
        self.round = 1
        self.phase = "setup"
        self.captain: int | None = None
        self.bishop: int | None = None
        self.was_bishop: int | None = None  # Bishop of the previous round (Cardinal rule 1)
        self.track: list[int] = []  # turn order track below the two office spaces
        self.detained_worker: int | None = None  # seat whose worker is on the guard card
        self.bag: list[int] = [c.index for c in t.characters if c.named]
        self.last_die: int = 0

    # ------------------------------------------------------------------ helpers

    def turn_order(self) -> list[int]:
        """RB: "The Captain always acts first in each phase of the round." / "The Bishop always
        acts second ..., unless there is no Captain." Then the track's order."""
        order = [] if self.captain is None else [self.captain]
        if self.bishop is not None and self.bishop != self.captain:
            order.append(self.bishop)
        return order + [p for p in self.track if p not in order]

    def cube_supply(self, r: int) -> int:
        """Cubes of resource r left in the supply (the 2nd edition lets it run negative
        for production: "resources cubes don't form a limit for the game")."""
        return self.t.cube_supply[r] - sum(pl.cubes[r] for pl in self.players)

    def can_pay(self, p: int, cubes: list[int], florins: int) -> bool:
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
        pl.prestige += prestige
        pl.influence = max(0, pl.influence + influence)

    def add_workers(self, p: int, n: int) -> None:
        """Workers from the pool to the district board, as many as the pool holds."""
        pl = self.players[p]
        n = min(n, pl.workers_pool)
        pl.workers_pool -= n
        pl.workers_board += n

    def artwork(self, key: tuple):
        return self.t.district_artworks[key[2]] if key[0] == "d" else self.t.main_artworks[key[1]]

    def crest(self, key: tuple):
        return self.district_crest[key[1]][key[2]] if key[0] == "d" else self.main_crest[key[1]]

    def hire_of(self, key: tuple):
        return self.district_hire[key[1]][key[2]] if key[0] == "d" else self.main_hire[key[1]]

    def set_hire(self, key: tuple, hire) -> None:
        if key[0] == "d":
            self.district_hire[key[1]][key[2]] = hire
        else:
            self.main_hire[key[1]] = hire

    @staticmethod
    def zone_class(zone: str) -> str:
        """The three zones of failure penalties and the no-die base value."""
        return "district" if zone in ("palazzo", "chiesa") else zone

    def lowest_empty_slot(self, p: int) -> int | None:
        """RB: "You must place it in the lowest-numbered space on your district board.\""""
        for s, slot in enumerate(self.players[p].slots):
            if slot is None:
                return s
        return None

    # ------------------------------------------------------------------ the game

    def flow(self):
        """RB "PLAYING THE GAME": eight rounds of nine phases; round 1 starts with phase 4."""
        self.setup_characters()
        self.setup_turn_order()
        yield from self.setup_workshops()
        for self.round in range(1, self.t.rounds + 1):
            if self.round > 1:
                # RB: "In the first round of the game, the first three phases are skipped."
                yield from self.phase1_collect_income()
                yield from self.phase2_captain()
                yield from self.phase3_bishop()
            yield from self.phase4_worker_placement()
            yield from self.phase5_market()
            yield from self.phase6_district_activities()
            yield from self.phase7_artwork()
            self.phase8_turn_order()
            self.phase9_end_of_round()
        self.phase = "game_over"

    # ------------------------------------------------------------------ set-up

    def setup_characters(self) -> None:
        """RB: "randomly draw out tiles based on the number of players" (6/7/8/9), each placed
        "beneath the Life in Florenza card with the matching number"."""
        self.enter_characters(self.t.draws[self.P])

    def enter_characters(self, n: int) -> None:
        for c in self.rng.draw_from_bag(self, n):
            self.bag.remove(c)
            ch = self.chars[c]
            ch.in_play, ch.life, ch.tile = True, self.t.characters[c].rounds, ON_CARD

    def setup_turn_order(self) -> None:
        """RB: "Take one of the family markers from each player and mix them, then randomly place
        them on the turn order track starting with the third box.\""""
        self.track = self.rng.turn_order(self)

    def setup_workshops(self):
        """RB: "Starting with the player in the last space on the turn order track, and taking turns
        in reverse order, each player will select one of these workshops and place it on the "1"
        space ... each player, in the same order, chooses a second workshop ... built for free".
        Only one tile of each of the twelve types is set apart, so a type goes once."""
        self.phase = "draft"
        reverse = list(reversed(self.track))
        set_apart = list(self.t.start_workshops)
        for s in range(2):
            for k, p in enumerate(reverse):
                if self.first_game:
                    w = self.t.first_game[k][s]
                else:
                    choice = yield Decision(p, "draft", [("draft", w) for w in set_apart])
                    w = choice[1]
                set_apart.remove(w)
                self.supply[w] -= 1
                self.players[p].slots[s] = Slot(w, built=True)

    # ------------------------------------------------------------------ phase 1

    def phase1_collect_income(self):
        """RB "1. COLLECT INCOME": family income, the die resource, artwork and workshop incomes."""
        self.phase = "income"
        t = self.t
        for p in range(self.P):
            # RB: "200 Fiorini, 1 Marble, 1 Wood, 4 Workers"
            self.gain(p, cubes=t.income_cubes, florins=t.income_florins)
            self.add_workers(p, t.income_workers)
        # RB: "The first player rolls the die once ... All players each receive the resource shown
        # ... If there are not enough resource cubes of that type, each player instead receives 100."
        face = self.rng.income_die(self)
        self.last_die = face
        r = t.die_resource[face - 1]
        short = self.cube_supply(r) < self.P
        for p in range(self.P):
            if short:
                self.gain(p, florins=t.short_die_florins)
            else:
                self.gain(p, cubes=[int(i == r) for i in range(6)])
        for p in self.turn_order():
            yield from self.artwork_income(p)
            self.workshop_income(p)

    def artwork_income(self, p: int):
        """RB: "If your family crest is on an artwork that provides income, you receive that income
        during this phase." Only main-board artworks pay ("Artworks in your home district never
        pay incomes")."""
        for j, art in enumerate(self.t.main_artworks):
            if self.main_crest[j] != p or art.income is None:
                continue
            if art.income == "prestige":
                self.gain(p, prestige=art.income_amount)
            elif art.income == "influence":
                self.gain(p, influence=art.income_amount)
            elif art.income == "worker":
                self.add_workers(p, art.income_amount)
            elif art.income == "florins":
                self.gain(p, florins=art.income_amount)
            elif art.income == "atrio":
                # RB: "1 gold cube, or the option to sell 1 gold cube for 200 Fiorini. You choose."
                gold = self.t.resources.index("gold")
                options = [("atrio_gold",)]
                if self.players[p].cubes[gold] > 0:
                    options.append(("atrio_sell",))
                choice = yield Decision(p, "atrio", options)
                if choice == ("atrio_gold",):
                    self.gain(p, cubes=[int(i == gold) for i in range(6)])
                else:
                    self.pay(p, [int(i == gold) for i in range(6)], 0)
                    self.gain(p, florins=art.income_amount)

    def workshop_income(self, p: int) -> None:
        """RB: "Each Casa pays its owner 50 Fiorini and 1 worker. ... Casamento ... 100 Fiorini and
        1 worker. ... The Palagio pays its owner 1 prestige point, 100 Fiorini, and 1 worker.\""""
        for slot in self.players[p].slots:
            if slot is not None and slot.built:
                w = self.t.workshops[slot.workshop]
                if not w.occupiable:
                    self.gain(p, florins=w.income_florins, prestige=w.income_prestige)
                    self.add_workers(p, w.income_workers)

    # ------------------------------------------------------------------ phases 2-3

    def phase2_captain(self):
        """RB "2. CAPTAIN OF THE PEOPLE": "The Captain can detain one worker or one named artist."
        Two-player variant: a player holding both offices "may only choose the reserve an artist"."""
        self.phase = "captain"
        c = self.captain
        if c is None:
            return
        options = [("pass",)]
        if not (self.two_player_variant and self.bishop == c):
            options += [("detain_worker", q) for q in range(self.P) if q != c and self.players[q].workers_board > 0]
        options += [("detain_artist", i) for i in self.available_artists(c, detained_ok=False) if self.t.characters[i].named]
        choice = yield Decision(c, "captain", options)
        if choice[0] == "detain_worker":
            self.players[choice[1]].workers_board -= 1
            self.detained_worker = choice[1]
        elif choice[0] == "detain_artist":
            self.chars[choice[1]].tile = DETAINED

    def phase3_bishop(self):
        """RB "3. BISHOP": "The Bishop can convert one worker or expel one preacher.\""""
        self.phase = "bishop"
        b = self.bishop
        if b is None:
            return
        options = [("pass",)]
        options += [("convert", q) for q in range(self.P) if q != b and self.players[q].workers_board > 0]
        options += [("expel", i) for i in self.available_preachers() if self.t.characters[i].named]
        choice = yield Decision(b, "bishop", options)
        if choice[0] == "convert":
            # RB: "Take one worker from your opponent's district board and return it to the pool.
            # Then take one of your workers from the pool (if there is one)"
            q = self.players[choice[1]]
            q.workers_board -= 1
            q.workers_pool += 1
            self.add_workers(b, 1)
        elif choice[0] == "expel":
            self.chars[choice[1]].tile = EXPELLED

    # ------------------------------------------------------------------ phase 4

    def available_artists(self, p: int, detained_ok: bool = True) -> list[int]:
        """RB: "You cannot hire an artist if his tile is not on his card"; "Only the Captain of the
        People can hire a detained artist.\""""
        out = []
        for i, c in enumerate(self.t.characters):
            ch = self.chars[i]
            if c.kind != "artist" or not ch.in_play:
                continue
            if ch.tile == ON_CARD or (detained_ok and ch.tile == DETAINED and p == self.captain):
                out.append(i)
        return out

    def available_preachers(self) -> list[int]:
        """A preacher "whose tile is still on his card" (not used, not expelled)."""
        return [
            i for i, c in enumerate(self.t.characters)
            if c.kind == "preacher" and self.chars[i].in_play and self.chars[i].tile == ON_CARD
        ]  # fmt: skip

    def open_artworks(self, p: int) -> list[tuple]:
        """RB: "The artwork box must not have any player's family crest token, and it cannot already
        have a worker. The artwork you choose can be on your own district board or on the main
        gameboard.\""""
        keys = [("d", p, i) for i in range(len(self.t.district_artworks))]
        keys += [("m", j) for j in range(len(self.t.main_artworks))]
        return [k for k in keys if self.crest(k) is None and self.hire_of(k) is None]

    def pulpits(self, p: int) -> list[str]:
        """RB E: "the Pulpit in your own family church ... or the Pulpit in the Cathedral ... only
        after an artist has completed it"; "you must place one of your workers on an empty Pulpit"."""
        out = []
        if not self.players[p].chiesa_pulpit_used:
            out.append("chiesa")
        cathedral = [j for j, a in enumerate(self.t.main_artworks) if a.pulpit]
        if not self.cathedral_pulpit_used and cathedral and self.main_crest[cathedral[0]] is not None:
            out.append("cathedral")
        return out

    def placement_options(self, p: int) -> list[tuple]:
        """RB "WORKER ASSIGNMENTS: You can place a worker in six ways" (A-F)."""
        pl = self.players[p]
        options = []
        # A. operate a finished workshop, own or (for a prestige point) an opponent's.
        for q in range(self.P):
            if q != p and pl.prestige <= self.t.fee_floor:
                continue  # RB: "You cannot ... if your marker ... is already on the "-3" space."
            for s, slot in enumerate(self.players[q].slots):
                if slot and slot.built and slot.worker is None and self.t.workshops[slot.workshop].occupiable:
                    options.append(("operate", q, s))
        # B. build a workshop in the lowest empty space (a tile must be left in the supply).
        if self.lowest_empty_slot(p) is not None:
            options += [("build", w) for w in range(len(self.t.workshops)) if self.supply[w] > 0]
        # C. hire an artist whose skill matches the artwork.
        artists = self.available_artists(p)
        for key in self.open_artworks(p):
            art = self.artwork(key)
            for i in artists:
                if set(self.t.characters[i].skills) & set(art.skills):
                    options.append(("hire", key, i))
        # D. the market, one worker per player.
        if not pl.market_worker:
            options.append(("market",))
        # E. charity: a free pulpit and a preacher still on his card, paid at once.
        for pulpit in self.pulpits(p):
            for i in self.available_preachers():
                if pl.florins >= self.t.characters[i].cost:
                    options.append(("charity", pulpit, i))
        # F. go to work: always possible.
        options.append(("work",))
        return options

    def phase4_worker_placement(self):
        """RB: "Each player places a worker until the last placed his first one. Then the first
        player places his second worker and so on, until all the workers of all players have been
        used." One player holding both offices places two at a time."""
        self.phase = "placement"
        while True:
            placed_any = False
            for p in self.turn_order():
                per_turn = 2 if (self.captain == p and self.bishop == p) else 1
                for _ in range(per_turn):
                    if self.players[p].workers_board == 0:
                        break
                    choice = yield Decision(p, "placement", self.placement_options(p))
                    self.place_worker(p, choice)
                    placed_any = True
            if not placed_any:
                return

    def place_worker(self, p: int, choice: tuple) -> None:
        pl = self.players[p]
        pl.workers_board -= 1
        kind = choice[0]
        if kind == "operate":
            _, q, s = choice
            if q != p:
                # RB: "you must pay that player 1 prestige point when you place your worker there"
                self.gain(p, prestige=-self.t.fee)
                self.gain(q, prestige=self.t.fee)
            self.players[q].slots[s].worker = p
        elif kind == "build":
            s = self.lowest_empty_slot(p)
            self.supply[choice[1]] -= 1
            pl.slots[s] = Slot(choice[1], built=False, worker=p)
        elif kind == "hire":
            _, key, i = choice
            self.chars[i].tile = HIRED
            self.set_hire(key, Hire(p, i))
        elif kind == "market":
            pl.market_worker = True
        elif kind == "charity":
            self.give_charity(p, choice[1], choice[2])
        elif kind == "work":
            # RB F: "This allows you to take immediately 50 Fiorini from the supply."
            self.gain(p, florins=self.t.work_florins)

    def give_charity(self, p: int, pulpit: str, i: int) -> None:
        """RB E: "You must pay the cost shown ... Then immediately take from the supply the resource
        and the workers shown on the card." Named preachers roll the die for their workers;
        "unnamed preachers always provide 2 workers"; bonuses or penalties "apply immediately"."""
        c = self.t.characters[i]
        self.chars[i].tile = HIRED
        if pulpit == "chiesa":
            self.players[p].chiesa_pulpit_used = True
        else:
            self.cathedral_pulpit_used = True
        self.pay(p, [0] * 6, c.cost)
        if c.fixed_workers is not None:
            workers = c.fixed_workers
        else:
            workers = c.workers[self.rng.preacher_die(self) - 1]
        self.add_workers(p, workers)
        self.gain(p, cubes=c.gain_cubes, prestige=c.gain_prestige, influence=c.gain_influence)

    # ------------------------------------------------------------------ phase 5

    def phase5_market(self):
        """RB "5. MARKET": "1. Sell one resource cube to the supply for 100 Fiorini. 2. Buy one
        resource cube ... for 200 Fiorini. 3. Trade any two resource cubes to the supply for one
        different resource cube. Each of the three actions can be taken only once".
        Decisions: sell r / buy r / trade (give a, give b, get c) / done."""
        self.phase = "market"
        for p in self.turn_order():
            pl = self.players[p]
            if not pl.market_worker:
                continue
            while True:
                options = self.market_options(p)
                choice = yield Decision(p, "market", options)
                if choice == ("done",):
                    break
                self.market_action(p, choice)

    def market_options(self, p: int) -> list[tuple]:
        pl = self.players[p]
        options = []
        if not pl.market_done[0]:
            options += [("sell", r) for r in range(6) if pl.cubes[r] > 0]
        if not pl.market_done[1] and pl.florins >= self.t.buy_price:
            options += [("buy", r) for r in range(6)]
        if not pl.market_done[2]:
            for a in range(6):
                for b in range(a, 6):
                    have = pl.cubes[a] >= 2 if a == b else (pl.cubes[a] > 0 and pl.cubes[b] > 0)
                    if have:
                        options += [("trade", a, b, c) for c in range(6) if c not in (a, b)]
        return options + [("done",)]

    def market_action(self, p: int, choice: tuple) -> None:
        pl = self.players[p]
        one = [[int(i == r) for i in range(6)] for r in range(6)]
        if choice[0] == "sell":
            pl.market_done[0] = True
            self.pay(p, one[choice[1]], 0)
            self.gain(p, florins=self.t.sell_price)
        elif choice[0] == "buy":
            pl.market_done[1] = True
            self.pay(p, [0] * 6, self.t.buy_price)
            self.gain(p, cubes=one[choice[1]])
        else:
            pl.market_done[2] = True
            _, a, b, c = choice
            self.pay(p, one[a], 0)
            self.pay(p, one[b], 0)
            self.gain(p, cubes=one[c])

    # ------------------------------------------------------------------ phase 6

    def phase6_district_activities(self):
        """RB: "each player looks at the workshop in the "1" space of his district board ... When all
        workshops on "1" spaces have finished, each player in turn order then checks any workshop on
        his "2" space, and so on"."""
        self.phase = "district"
        for s in range(self.t.slots):
            for q in self.turn_order():
                slot = self.players[q].slots[s]
                if slot is None or slot.worker is None:
                    continue
                w = slot.worker
                slot.worker = None  # RB: "Return your worker to the pool after resolving"
                if slot.built:
                    yield from self.produce(w, self.t.workshops[slot.workshop])
                else:
                    self.construct(q, s)

    def produce(self, p: int, ws):
        """RB "WORKSHOP PRODUCTION": "If the tile shows resource cubes, coins, prestige points, or
        church influence, you receive what is shown. If the tile shows a formula, you may pay what
        is shown to receive the benefit listed after the equal sign.\""""
        if ws.converts:
            if not self.can_pay(p, ws.spend_cubes, ws.spend_florins):
                return
            choice = yield Decision(p, "convert", [("convert",), ("decline",)])
            if choice != ("convert",):
                return
            self.pay(p, ws.spend_cubes, ws.spend_florins)
        self.gain(p, cubes=ws.gain_cubes, florins=ws.gain_florins, prestige=ws.gain_prestige,
                  influence=ws.gain_influence)  # fmt: skip

    def construct(self, p: int, s: int) -> None:
        """RB "WORKSHOP CONSTRUCTION": pay and turn the tile over, taking its prestige; "If you cannot
        pay the required resources, return your worker and the workshop tile to the supply and lose
        1 prestige point" (the empty space is filled by the next construction)."""
        slot = self.players[p].slots[s]
        ws = self.t.workshops[slot.workshop]
        if self.can_pay(p, ws.cost_cubes, ws.cost_florins):
            self.pay(p, ws.cost_cubes, ws.cost_florins)
            slot.built = True
            self.gain(p, prestige=ws.build_prestige)
        else:
            self.players[p].slots[s] = None
            self.supply[slot.workshop] += 1
            self.gain(p, prestige=-self.t.build_fail)

    # ------------------------------------------------------------------ phase 7

    def phase7_artwork(self):
        """RB "7. ARTWORK": "Starting with the first player and going in turn order, each player
        attempts to complete all artworks he has assigned workers to. Complete any artworks you are
        attempting in your home district first, then any on civic buildings, and finally any
        artwork in the Cathedral." Within a zone: board order."""
        self.phase = "artwork"
        zone_rank = {"palazzo": 0, "chiesa": 0, "civic": 1, "cathedral": 2}
        for p in self.turn_order():
            keys = [("d", p, i) for i, h in enumerate(self.district_hire[p]) if h is not None]
            keys += [("m", j) for j, h in enumerate(self.main_hire) if h is not None and h.player == p]
            keys.sort(key=lambda k: (zone_rank[self.artwork(k).zone], k[0] == "m", k[-1]))
            for key in keys:
                yield from self.complete_artwork(p, key)

    def complete_artwork(self, p: int, key: tuple):
        art = self.artwork(key)
        hire = self.hire_of(key)
        c = self.t.characters[hire.character]
        zone = self.zone_class(art.zone)
        # RB: "If the artist has more than one skill, you must choose which one to use, which must
        # fill the requirements for the artwork" -- a decision only if more than one fits.
        fitting = [k for k in c.skills if k in art.skills]
        if len(fitting) > 1:
            choice = yield Decision(p, "skill", [("skill", k) for k in fitting])
            skill = choice[1]
        else:
            skill = fitting[0]
        hire.skill = skill
        line = c.skills[skill]
        self.set_hire(key, None)
        self.chars[hire.character].tile = ON_CARD  # RB: "Return the artist tile to his matching card."
        florins = line.cost + art.cost_florins
        if not self.can_pay(p, art.cost_cubes, florins):
            # RB "FAILURE": district 1, civic 2, Cathedral 3; "If you hired a named artist and cannot
            # pay the costs, you lose 1 additional prestige point."
            self.gain(p, prestige=-(self.t.fail_penalty[zone] + (self.t.fail_named_extra if c.named else 0)))
            return
        self.pay(p, art.cost_cubes, florins)
        self.gain(p, prestige=art.prestige, influence=art.influence)
        if key[0] == "d":
            self.district_crest[p][key[2]] = p
        else:
            self.main_crest[key[1]] = p
        value = yield from self.artist_value(p, zone)
        ch = self.chars[hire.character]
        table = line.prestige_after if ch.masterpiece else line.prestige
        self.gain(p, prestige=table[value - 1])
        if c.named and not ch.masterpiece and line.masterpiece[value - 1]:
            ch.masterpiece = True  # RB: "Each named artist can complete only one masterpiece"
        self.district_bonus(p, art.zone)

    def artist_value(self, p: int, zone: str):
        """RB "ARTIST PRESTIGE": roll the die; "If the artwork is in the Cathedral, roll the die twice
        and choose which result to use." No-die variant: "base value + incentive", base 1/2/3 by
        zone, "1 point ... every 50 Fiorini ... up to 150 Fiorini"."""
        if not self.die:
            pl = self.players[p]
            most = min(self.t.incentive_max, pl.florins // self.t.incentive_step)
            choice = yield Decision(p, "incentive", [("incentive", k) for k in range(most + 1)])
            pl.florins -= choice[1] * self.t.incentive_step
            return self.t.base_value[zone] + choice[1]
        first = self.rng.artist_die(self)
        if zone != "cathedral":
            return first
        second = self.rng.artist_die(self)
        options = [("die", first)] if first == second else [("die", first), ("die", second)]
        choice = yield Decision(p, "cathedral_die", options)
        return choice[1]

    def district_bonus(self, p: int, zone: str) -> None:
        """RB: "If you complete all four artworks in the Palazzo ... 4 prestige points. If you complete
        all four artworks in the Chiesa ... 4 church influence.\""""
        if zone not in ("palazzo", "chiesa"):
            return
        boxes = [i for i, a in enumerate(self.t.district_artworks) if a.zone == zone]
        if all(self.district_crest[p][i] == p for i in boxes):
            if zone == "palazzo":
                self.gain(p, prestige=self.t.palazzo_bonus)
            else:
                self.gain(p, influence=self.t.chiesa_bonus)

    # ------------------------------------------------------------------ phase 8

    def phase8_turn_order(self) -> None:
        """RB "8. TURN ORDER": Captain, then Bishop (and Cardinal), then the others unchanged."""
        self.phase = "turn_order"
        previous = self.turn_order()
        t = self.t
        # RB: "the player whose marker is highest on the prestige track becomes the Captain ... If
        # there is a tie, then no player will be Captain"; he "receive[s] ... prestige certificates
        # equal to your position ... Then, move your marker ... back to the "0" space".
        best = max(pl.prestige for pl in self.players)
        top = [p for p, pl in enumerate(self.players) if pl.prestige == best]
        captain = top[0] if len(top) == 1 else None
        if captain is not None:
            pl = self.players[captain]
            pl.certificates += pl.prestige
            pl.prestige = 0
        # RB: "If a single player has at least 3 church influence and more points than each of the
        # other players, he becomes the Bishop".
        most = max(pl.influence for pl in self.players)
        leaders = [p for p, pl in enumerate(self.players) if pl.influence == most]
        bishop = leaders[0] if len(leaders) == 1 and most >= t.bishop_min else None
        if bishop is not None:
            # RB "CARDINAL": "named Bishop two rounds in a row; or ... reaches the "10" space", once.
            pl = self.players[bishop]
            if self.bishop == bishop or pl.influence >= t.cardinal_influence:
                self.gain(bishop, prestige=t.cardinal_bonus)
                pl.influence = 0
        self.captain, self.bishop = captain, bishop
        # RB: "The turn order for all players that did not gain an office ... remains unchanged."
        self.track = [p for p in previous if p not in (captain, bishop)]

    # ------------------------------------------------------------------ phase 9

    def phase9_end_of_round(self) -> None:
        """RB "9. END OF THE ROUND", steps 1-7."""
        self.phase = "end_of_round"
        # 1-3: detained artist and worker, preachers and all workers return.
        for ch in self.chars:
            ch.tile = ON_CARD
        self.detained_worker = None
        for pl in self.players:
            pl.workers_pool = self.t.max_workers
            pl.workers_board = 0
            pl.market_worker = False
            pl.market_done = [False, False, False]
            pl.chiesa_pulpit_used = False
        self.cathedral_pulpit_used = False
        if self.round == self.t.rounds:
            return  # RB 7: "If it was already on the 8th space, the game ends!"
        # 4-5: characters beneath card I leave; the others move down one card.
        left = 0
        for i, c in enumerate(self.t.characters):
            ch = self.chars[i]
            if not c.named or not ch.in_play:
                continue
            if ch.life == 1:
                ch.in_play, ch.removed, ch.life = False, True, 0
                left += 1
            else:
                ch.life -= 1
        # 6: as many replacements from the bag.
        self.enter_characters(min(left, len(self.bag)))

    # ------------------------------------------------------------------ end

    def final_scores(self) -> list[int]:
        """RB "THE END OF THE GAME": certificates + track + 1 per office + 1 per 3 cubes + 1 per 300
        Fiorini - 1 per empty workshop space - 1 per unfinished district artwork - 4 without a
        Palazzo artwork - 4 without a Chiesa artwork."""
        t = self.t
        scores = []
        for p, pl in enumerate(self.players):
            vp = pl.certificates + pl.prestige
            vp += t.office_vp * ((self.captain == p) + (self.bishop == p))
            vp += sum(pl.cubes) // t.cubes_per_vp + pl.florins // t.florins_per_vp
            vp -= t.empty_slot_vp * sum(slot is None for slot in pl.slots)
            vp -= t.unfinished_vp * sum(c is None for c in self.district_crest[p])
            for zone, penalty in (("palazzo", t.no_palazzo_vp), ("chiesa", t.no_chiesa_vp)):
                boxes = [i for i, a in enumerate(t.district_artworks) if a.zone == zone]
                if not any(self.district_crest[p][i] == p for i in boxes):
                    vp -= penalty
            scores.append(vp)
        return scores
