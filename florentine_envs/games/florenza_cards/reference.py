"""Scalar reference implementation of Florenza: The Card Game (Placentia Games), 2-4 players.

This is the *readable* implementation: one game, plain Python lists and ints, written
clause by clause from the rulebook (``shared/rules/florenza_card_game.txt``, quoted as
"RB: ..."), with the encoding fixed by ``SPEC.md`` (action ids, phases, randomness,
observation) and the readings numbered in ``DESIGN_NOTES.md`` ("DN n"). It was written
without reading the batched engine, so that the differential test
(``tests/test_florenza_cards_differential.py``) catches a misreading by either side.
Every number comes from ``florenza_cards_data.json`` (or the ``data`` override).

The game is one generator, :meth:`FlorenzaCardsReference._play`, whose methods are the
rulebook's phases and steps in the rulebook's order; it stops at each decision (``yield``)
and :meth:`step` sends the chosen action into it. Legal actions are computed from the
state when asked, so a test may rearrange the state between two decisions.

Money and resources of every seat are **shown** in the observation: they are kept in
hand, but every change to them is public (DN 20, SPEC §10). Hidden: other hands (sizes
only), the discard pile's composition (own discards only), deck orders and the values of
artists not yet hired.

Questions met while writing this (SPEC against the rulebook), and the reading taken:

1. SPEC §6 gives ``num_actions = 2K + 2M + 3AK + L + 31``, but its own id table (0..317
   with the packaged data) adds up to ``2K + 2M + 3AK + L + 25`` = 318. The table is
   followed (the blocks and their order), the formula is a typo.
2. No contradiction of the rulebook by SPEC.md was found; where the rulebook is silent
   (order of the income steps, the keep order, the round-5 steps, tie-breaks), the SPEC's
   reading (DN 16-19, 23, 26) is what a careful player would do and is followed.

numpy is used only for the counter-based randomness (``core.rng``) and to return the mask
and the observation as arrays.
"""

from __future__ import annotations

import copy
import json
import operator
import os

import numpy as np

from florentine_envs.core.data import deep_merge
from florentine_envs.core.rng import hash64, randint

# ---------------------------------------------------------------------------------------
# Randomness streams (SPEC §3)
# ---------------------------------------------------------------------------------------

STREAM_FLORENZA = 1
STREAM_MONUMENTS = 2
STREAM_ARTISTS = 3
STREAM_SETUP = 4

# ---------------------------------------------------------------------------------------
# Phases (SPEC §6)
# ---------------------------------------------------------------------------------------

ACTION = 0
HIRE = 1
EXCHANGE_GIVE_1 = 2
EXCHANGE_GIVE_2 = 3
EXCHANGE_TAKE = 4
BARTER_GIVE = 5
BARTER_TAKE = 6
KEEP = 7
CAPTAIN_CHOICE = 8
MERCHANT_CHOICE = 9
GAME_OVER = 10
NUM_PHASES = 11

NUM_SLOTS = 8  # SPEC §2: four normal actions, then Palagio, Casamento, Casa, Predicatore
NUM_RESOURCES = 6
NUM_TYPES = 3

# The phases in which the observation shows the action slot (SPEC §10).
SLOT_PHASES = (ACTION, HIRE, EXCHANGE_GIVE_1, EXCHANGE_GIVE_2, EXCHANGE_TAKE, BARTER_GIVE, BARTER_TAKE)
GIVEN_PHASES = (EXCHANGE_GIVE_2, EXCHANGE_TAKE, BARTER_TAKE)

REWARD_MODES = ("win", "score")
LOCATION_MODES = ("all", "by_player_count")  # SPEC §1: the 17 Location cards always, or the port's per count
ARTWORK_CLASSES = ("family_palace", "district_church")  # SPEC §2: the kinds with artist_types
SET_CLASSES = ("family_palace", "district_church", "district_building")

# ---------------------------------------------------------------------------------------
# Component data
# ---------------------------------------------------------------------------------------

DATA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "florenza_cards_data.json")


def load_data(data=None) -> dict:
    """SPEC §1 ``data``: ``None`` (the packaged file), a dict patch merged into it, or a path
    naming a complete replacement JSON file."""
    if isinstance(data, (str, os.PathLike)):
        with open(data) as f:
            return json.load(f)
    with open(DATA_PATH) as f:
        packaged = json.load(f)
    if data is None:
        return packaged
    if isinstance(data, dict):
        return deep_merge(packaged, copy.deepcopy(data))
    raise ValueError(f"florenza_cards reference: data must be None, a dict patch or a path, got {type(data).__name__}")


class Tables:
    """The numbers of one data file for one player count, in the shapes the rules use."""

    def __init__(self, data: dict, num_players: int, guilds: bool, locations: str = "all"):
        P = str(num_players)
        self.resources = list(data["resources"])
        self.res_index = {name: r for r, name in enumerate(self.resources)}
        self.supply0 = [int(data["resource_supply"][name]) for name in self.resources]
        self.money0 = int(data["money_supply"])
        self.types = list(data["artist_types"])
        self.type_index = {name: t for t, name in enumerate(self.types)}
        c = data["constants"]
        self.c = c

        # Florenza cards (SPEC §2): kind k, copies per deck for this player count.
        cards = data["florenza_cards"]
        self.K = len(cards)
        self.card_id = [card["id"] for card in cards]
        self.card_class = [card["class"] for card in cards]
        self.card_cost = [self._resources(card.get("cost", {})) for card in cards]
        self.card_money = [int(card.get("cost", {}).get("money", 0)) for card in cards]
        self.card_prestige = [int(card.get("prestige", 0)) for card in cards]
        self.card_types = [[self.type_index[t] for t in card["artist_types"]] if "artist_types" in card else None
                           for card in cards]  # fmt: skip
        self.card_income = [self._resources(card.get("income", {})) for card in cards]
        self.card_income_money = [int(card.get("income", {}).get("money", 0)) for card in cards]
        self.card_slot = [card.get("extra_action_slot") for card in cards]  # 5..8 or None
        self.card_extra_cards = [int(card.get("extra_cards_drawn", 0)) for card in cards]
        self.card_guild = [card.get("guild_effect") for card in cards]
        # RB Set up: "in a 3-player game, remove all cards with the '4' symbol. In a 2-player
        # game, remove all '4' and '3+' cards" -- the data's copies per player count;
        # SPEC §1: guilds=False removes every guild.
        self.deck_copies = {
            deck: [0 if (not guilds and card["class"] == "guild") else int(card["copies"][deck][P]) for card in cards]
            for deck in ("I", "II", "III")
        }
        self.n = [sum(self.deck_copies[d][k] for d in ("I", "II", "III")) for k in range(self.K)]
        self.N = sum(self.n)
        self.fbase = [sum(self.n[:k]) for k in range(self.K)]  # SPEC §3: canonical item ids

        # Monuments.
        monuments = data["monuments"]
        self.M = len(monuments)
        self.mon_id = [m["id"] for m in monuments]
        self.mon_cost = [self._resources(m.get("cost", {})) for m in monuments]
        self.mon_money = [int(m.get("cost", {}).get("money", 0)) for m in monuments]
        self.mon_prestige = [int(m.get("prestige", 0)) for m in monuments]
        self.mon_types = [[self.type_index[t] for t in m["artist_types"]] for m in monuments]

        # Artists: kinds a, copies i kind-major (SPEC §2).
        artists = data["artists"]
        self.AK = len(artists)
        self.artist_id = [a["id"] for a in artists]
        self.artist_type = [self.type_index[a["type"]] for a in artists]
        self.artist_cost = [int(a["cost"]) for a in artists]
        self.copy_kind, self.copy_value = [], []
        for a, artist in enumerate(artists):
            for value in artist["values"]:
                self.copy_kind.append(a)
                self.copy_value.append(int(value))
        self.NA = len(self.copy_kind)
        anonymous = data["anonymous_artists"]
        self.anon_cost = [int(anonymous[t]["cost"]) for t in self.types]
        self.anon_value = [int(anonymous[t]["value"]) for t in self.types]

        # Locations.
        location_cards = data["locations"]
        self.L = len(location_cards)
        self.loc_id = [loc["id"] for loc in location_cards]
        self.loc_effect = [loc["effect"] for loc in location_cards]
        self.loc_resource = [self.res_index[loc["resource"]] if "resource" in loc else None for loc in location_cards]
        # RB Set up: "Place the 17 Location cards" (DN 13); the option locations="by_player_count"
        # lays out the public port's 14 / 16 / 17 instead (SPEC §1).
        table = "copies_by_players" if locations == "all" else "marked_copies_by_players"
        self.loc_copies = [int(loc[table][P]) for loc in location_cards]

        # Constants.
        self.rounds = int(c["rounds"])
        self.base_actions = int(c["base_actions_per_round"])
        self.artists_per_round = int(c["artists_per_round"][P])
        self.start_resources = self._resources(c["starting_resources"])

    def _resources(self, amounts: dict) -> list[int]:
        """A ``{name: amount}`` dict (``money`` ignored) as a list per resource index."""
        return [int(amounts.get(name, 0)) for name in self.resources]


def obs_fields(P: int, T: Tables) -> list[tuple[str, int]]:
    """SPEC §10: the observation fields and their sizes, in order."""
    player_block = 12 + T.K + 2 * T.M + T.AK + NUM_TYPES + T.K + T.M + T.NA
    return [
        ("phase", NUM_PHASES),
        ("to_move", P),
        ("captain", P),
        ("new_captain", P),
        ("round", T.rounds),
        ("action_slot", NUM_SLOTS),
        ("pending_card", T.K),
        ("pending_monument", T.M),
        ("given", NUM_RESOURCES),
        ("supply", NUM_RESOURCES + 1),
        ("locations_up", T.L),
        ("anonymous_up", NUM_TYPES),
        ("deck_size", 1),
        ("discard_size", 1),
        ("own_discards", T.K),
        ("waiting_decks", 2),
        ("monument_deck", 1),
        ("artist_deck", 1),
        ("row", T.M),
        ("row_position", T.M),
        ("table_artists", T.AK),
        ("discarded_monuments", T.M),
        ("discarded_artists", T.AK),
        ("players", P * player_block),
        ("own_hand", T.K),
    ]


class ActionIds:
    """SPEC §6: the first id of every block of the flat action space."""

    def __init__(self, T: Tables):
        self.PLAY = 0
        self.COMPLETE = self.PLAY + T.K
        self.RESERVE_MONUMENT = self.COMPLETE + T.M
        self.RESERVE_ARTIST = self.RESERVE_MONUMENT + T.M
        self.LOCATION = self.RESERVE_ARTIST + T.AK
        self.WORKERS = self.LOCATION + T.L
        self.MARKET_SELL = self.WORKERS + 1
        self.MARKET_BUY = self.MARKET_SELL + NUM_RESOURCES
        self.MARKET_EXCHANGE = self.MARKET_BUY + NUM_RESOURCES
        self.INSPIRATION = self.MARKET_EXCHANGE + 1
        self.PASS = self.INSPIRATION + 1
        self.HIRE_TABLE = self.PASS + 1
        self.HIRE_RESERVED = self.HIRE_TABLE + T.AK
        self.HIRE_ANONYMOUS = self.HIRE_RESERVED + T.AK
        self.RESOURCE = self.HIRE_ANONYMOUS + NUM_TYPES
        self.KEEP = self.RESOURCE + NUM_RESOURCES
        self.NUM_ACTIONS = self.KEEP + T.K


def terminal_rewards(scores: list[int], final_rank: list[int], mode: str) -> list[float]:
    """SPEC §9. ``win``: the seats ranked first share +1, the others share -1, all first
    gives 0. ``score``: own score minus the mean of the others'."""
    P = len(scores)
    if mode == "score":
        return [s - (sum(scores) - s) / (P - 1) for s in scores]
    winners = [p for p in range(P) if final_rank[p] == 1]
    if len(winners) == P:
        return [0.0] * P
    return [1.0 / len(winners) if p in winners else -1.0 / (P - len(winners)) for p in range(P)]


class FlorenzaCardsReference:
    """One game of Florenza: The Card Game, stepped one decision at a time."""

    def __init__(
        self, num_players: int, seed: int, guilds: bool = True, reward: str = "win", data=None, locations: str = "all"
    ):
        # RB: "2-4 players" (game box); SPEC §1 options.
        if not isinstance(num_players, (int, np.integer)) or isinstance(num_players, bool) or not 2 <= num_players <= 4:
            raise ValueError(f"florenza_cards reference: num_players must be 2, 3 or 4, got {num_players!r}")
        if not isinstance(guilds, (bool, np.bool_)):
            raise ValueError(f"florenza_cards reference: guilds must be True or False, got {guilds!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"florenza_cards reference: reward={reward!r}; allowed: {REWARD_MODES}")
        if locations not in LOCATION_MODES:
            raise ValueError(f"florenza_cards reference: locations={locations!r}; allowed: {LOCATION_MODES}")
        P = self.num_players = int(num_players)
        self.seed = int(seed)
        self.guilds = bool(guilds)
        self.reward_mode = reward
        T = self.T = Tables(load_data(data), P, self.guilds, locations)
        self.A = ActionIds(T)
        self.num_actions = self.A.NUM_ACTIONS
        self.fields = obs_fields(P, T)
        self.obs_size = sum(size for _, size in self.fields)

        # -- decision state
        self.phase = ACTION
        self.current_player = 0
        self.terminated = False
        self.truncated = False  # SPEC §1: no turn limit
        self.rewards = [0.0] * P
        self.scores = [0] * P
        self.final_rank = [0] * P
        self.round = 1
        self.slot = 0
        self.offset = 0
        self.pending_card = -1
        self.pending_monument = -1
        self.pending_types: list[int] = []
        self.given = [0] * NUM_RESOURCES

        self.setup()
        self._flow = self._play()
        self._send(None)
        self._play_forced()

    # =================================================================== SET UP

    def setup(self) -> None:
        """RB "SET UP", in SPEC §4's order."""
        T, P = self.T, self.num_players
        # RB: "choose a first player randomly and give him the Captain of the People card".
        self.captain = int(randint(self.seed, STREAM_SETUP, 0, P))
        self.new_captain = -1  # seat holding the New Captain card; -1: on the table

        # Supply (DN 29): the starting money and resources come out of it.
        # RB: "Each player ... takes ... 300 Fiorini ... 1 Resource card of each kind".
        self.supply = list(T.supply0)
        self.supply_money = T.money0
        self.money = [0] * P
        self.res = [[0] * NUM_RESOURCES for _ in range(P)]
        for p in range(P):
            self._gain_money(p, int(T.c["starting_money"]))
            for r in range(NUM_RESOURCES):
                self._gain_resource(p, r, T.start_resources[r])

        # RB: "Shuffle the Monument cards ... Randomly draw 7 Monument cards and place them in
        # a row in order of value". SPEC §3: the order is fixed once; draws take from the top.
        self.mon_order, self.mon_pos = self.deck_order(STREAM_MONUMENTS, T.M)
        self.mon_drawn = 0
        self.mon_state = ["deck"] * T.M  # deck, row, discarded, reserved, pending (being hired for), completed
        self.mon_owner = [-1] * T.M
        self.mon_artist = [-1] * T.M
        self.row: list[int] = []
        self.draw_monuments(int(T.c["monuments_initial"]))

        # RB: "Shuffle the Artist cards, face down. Based on the number of players, draw a number
        # of cards and place them on the table".
        self.art_order, self.art_pos = self.deck_order(STREAM_ARTISTS, T.NA)
        self.art_drawn = 0
        self.art_state = ["deck"] * T.NA  # deck, table, discarded, reserved, hired
        self.art_owner = [-1] * T.NA
        self.hired_anonymous = [[0] * NUM_TYPES for _ in range(P)]  # anonymous artists hired, per type
        self.draw_artists()

        # RB: "Divide the rest of the Florenza cards into three decks ... Shuffle each deck
        # separately" -- DN 2: Decks II and III are shuffled when their round comes.
        self.hand = [[0] * T.K for _ in range(P)]
        self.discard = [[0] * T.K for _ in range(P)]  # discard pile, by discarding seat
        self.in_play = [[False] * T.K for _ in range(P)]
        self.card_artist = [[-1] * T.K for _ in range(P)]  # artist value of a played artwork
        self.deck = self.shuffle_florenza(list(T.deck_copies["I"]), 0)
        # RB: "5 Florenza cards, randomly drawn from Deck I" -- DN 28: in turn order.
        for q in self.turn_order():
            self.draw_florenza(q, int(T.c["starting_hand_size"]))

        # RB: "Place the 17 Location cards, the 3 Anonymous Artist cards ... on the table"
        # (DN 13: at every player count).
        self.loc_up = list(T.loc_copies)  # the captain kind is tracked by new_captain
        self.anon_up = [True] * NUM_TYPES

    # ------------------------------------------------------------------- draws

    def deck_order(self, stream: int, size: int) -> tuple[list[int], list[int]]:
        """SPEC §3: items ``0..size-1`` sorted by ``hash64(seed, stream, 0, item)`` (ties by id):
        (the items in draw order, the draw position of each item)."""
        keys = hash64(self.seed, stream, 0, np.arange(size))
        order = sorted(range(size), key=lambda item: (int(keys[item]), item))
        position = [0] * size
        for drawn, item in enumerate(order):
            position[item] = drawn
        return order, position

    def turn_order(self) -> list[int]:
        """RB: "starting with the Captain and going clockwise" (DN 1: seat + 1)."""
        return [(self.captain + j) % self.num_players for j in range(self.num_players)]

    def shuffle_florenza(self, pool: list[int], counter: int) -> list[int]:
        """SPEC §3 Florenza shuffle: the pool's canonical items ordered by hashed key."""
        T = self.T
        keys = hash64(self.seed, STREAM_FLORENZA, counter, np.arange(max(T.N, 1)))
        items = [T.fbase[k] + j for k in range(T.K) for j in range(pool[k])]
        items.sort(key=lambda item: (int(keys[item]), item))
        kind_of = [k for k in range(T.K) for _ in range(T.n[k])]
        return [kind_of[item] for item in items]

    def draw_florenza(self, q: int, count: int) -> None:
        """Draw ``count`` cards from the top; DN 4: an empty deck gives nothing."""
        for _ in range(count):
            if not self.deck:
                return
            self.hand[q][self.deck.pop(0)] += 1

    def draw_monuments(self, count: int) -> None:
        """RB: "place them on the table in order of value (highest to the left - if tied, place
        in the order drawn), adding them to any remaining from the previous round" (DN 5)."""
        T = self.T
        for _ in range(count):
            if self.mon_drawn >= T.M:
                break
            m = self.mon_order[self.mon_drawn]
            self.mon_drawn += 1
            self.mon_state[m] = "row"
            self.row.append(m)
        self.row.sort(key=lambda m: (-T.mon_prestige[m], self.mon_pos[m]))

    def draw_artists(self) -> None:
        """RB: "2 players 6 Artists, 3 players 8 Artists, 4 players 10 Artists" face down."""
        for _ in range(self.T.artists_per_round):
            if self.art_drawn >= self.T.NA:
                break
            i = self.art_order[self.art_drawn]
            self.art_drawn += 1
            self.art_state[i] = "table"

    # ------------------------------------------------------------ supply moves

    def _gain_money(self, p: int, amount: int) -> None:
        assert 0 <= amount <= self.supply_money
        self.supply_money -= amount
        self.money[p] += amount

    def _pay_money(self, p: int, amount: int) -> None:
        assert 0 <= amount <= self.money[p]
        self.money[p] -= amount
        self.supply_money += amount

    def _gain_resource(self, p: int, r: int, amount: int = 1) -> None:
        assert 0 <= amount <= self.supply[r]
        self.supply[r] -= amount
        self.res[p][r] += amount

    def _pay_resource(self, p: int, r: int, amount: int = 1) -> None:
        assert 0 <= amount <= self.res[p][r]
        self.res[p][r] -= amount
        self.supply[r] += amount

    # =================================================================== THE GAME

    def _play(self):
        """RB "PLAYING THE GAME": "The game is played over five rounds. Each round is divided
        into 4 phases ... Note: The first two phases are skipped during the first round (they
        are included in the set up)." Yields at every decision."""
        for self.round in range(1, self.T.rounds + 1):  # noqa: B020 (the round is game state)
            if self.round > 1:
                self.draw_artists_and_monuments()
                self.draw_florenza_cards()
            yield from self.take_actions()
            yield from self.end_of_the_round()
        self.winning_the_game()

    def _decide(self, phase: int, player: int):
        """Stop at a decision of ``player`` in ``phase``; returns the action chosen."""
        self.phase, self.current_player = phase, player
        action = yield
        return action

    # ------------------------------------------------------------ phases 1-2

    def draw_artists_and_monuments(self) -> None:
        """RB Phase 1: "Draw a number of Artist cards based on the number of players ... Next,
        turn over 5 Monument cards"."""
        self.draw_artists()
        self.draw_monuments(int(self.T.c["monuments_per_round"]))

    def draw_florenza_cards(self) -> None:
        """RB Phase 2: "Round 2: Shuffle all cards from Deck II with any left over from Round 1.
        Round 3: Shuffle all cards from Deck III with any left over from Round 2. Round 4:
        Shuffle any cards in the discard pile to the cards left over from Round 3. Round 5:
        Only the cards left over from Round 4 are available." Then "Starting with the Captain
        and going clockwise, each player draws 4 Florenza cards, plus 1 card for each
        Residence card (purple) in front of him." """
        T = self.T
        leftover = [self.deck.count(k) for k in range(T.K)]
        if self.round == 2:
            pool = [leftover[k] + T.deck_copies["II"][k] for k in range(T.K)]
        elif self.round == 3:
            pool = [leftover[k] + T.deck_copies["III"][k] for k in range(T.K)]
        elif self.round == 4:
            pool = [leftover[k] + sum(self.discard[q][k] for q in range(self.num_players)) for k in range(T.K)]
            self.discard = [[0] * T.K for _ in range(self.num_players)]
        else:
            pool = None  # DN 3: no shuffle in round 5
        if pool is not None:
            self.deck = self.shuffle_florenza(pool, self.round - 1)
        for q in self.turn_order():
            extra = sum(T.card_extra_cards[k] for k in range(T.K) if self.in_play[q][k])
            self.draw_florenza(q, int(T.c["cards_drawn_per_round_base"]) + extra)

    # ------------------------------------------------------------ phase 3

    def acts_in_slot(self, q: int, slot: int) -> bool:
        """RB: "Each player will take at least 4 actions. Players who have played Residences
        (purple) or Preachers (brown) receive additional actions, in this order: Palagio,
        Casamento, Casa, Predicatore" (DN 7: judged when the extra action comes round)."""
        if slot < self.T.base_actions:
            return True
        return any(self.in_play[q][k] and self.T.card_slot[k] == slot + 1 for k in range(self.T.K))

    def take_actions(self):
        """RB Phase 3: "the players take actions in turn, starting with the Captain and going
        clockwise" -- the four actions round by round, then the extra ones."""
        for slot in range(NUM_SLOTS):
            for j in range(self.num_players):
                q = (self.captain + j) % self.num_players
                if self.acts_in_slot(q, slot):
                    self.slot, self.offset = slot, j
                    yield from self.take_one_action(q)

    def take_one_action(self, p: int):
        """RB: "On your turn, you may choose one of these 8 actions"."""
        A, T = self.A, self.T
        a = yield from self._decide(ACTION, p)
        if a < A.COMPLETE:
            yield from self.play_a_florenza_card(p, a - A.PLAY)
        elif a < A.RESERVE_MONUMENT:
            yield from self.complete_a_monument(p, a - A.COMPLETE)
        elif a < A.RESERVE_ARTIST:
            self.reserve_a_monument(p, a - A.RESERVE_MONUMENT)
        elif a < A.LOCATION:
            self.reserve_an_artist(p, a - A.RESERVE_ARTIST)
        elif a < A.WORKERS:
            yield from self.activate_a_location(p, a - A.LOCATION)
        elif a == A.WORKERS:
            # RB F: "Take 50 Fiorini from the supply."
            self._gain_money(p, int(T.c["send_workers_money"]))
        elif a < A.MARKET_BUY:
            # RB G: "Sell 1 Resource from your hand to the supply for 100 Fiorini."
            self._pay_resource(p, a - A.MARKET_SELL)
            self._gain_money(p, int(T.c["market_sell_price"]))
        elif a < A.MARKET_EXCHANGE:
            # RB G: "Buy 1 Resource from the supply for 100 Fiorini."
            self._pay_money(p, int(T.c["market_buy_price"]))
            self._gain_resource(p, a - A.MARKET_BUY)
        elif a == A.MARKET_EXCHANGE:
            yield from self.market_exchange(p)
        elif a == A.INSPIRATION:
            # RB H: "Draw 1 Florenza card from the current deck."
            self.draw_florenza(p, 1)
        elif a == A.PASS:
            pass  # DN 27: nothing was possible; the action is used up
        else:
            raise AssertionError(f"action {a} in phase ACTION")

    # -- A. play a Florenza card

    def has_guild(self, p: int, effect: str) -> bool:
        """A guild works from the moment it is in play (DN 9); none without guilds."""
        return self.guilds and any(self.in_play[p][k] and self.T.card_guild[k] == effect for k in range(self.T.K))

    def artist_discount(self, p: int) -> int:
        """RB Bottega d'Arte: "a discount of 50 Fiorini when you hire any kind of Artist,
        including Anonymous Artists"."""
        return 50 if self.has_guild(p, "artist_discount_50") else 0

    def monument_money(self, p: int, m: int) -> int:
        """RB Edificatore: "a discount of 50 Fiorini when you pay to complete any Monument"."""
        discount = 50 if self.has_guild(p, "monument_discount_50") else 0
        return max(0, self.T.mon_money[m] - discount)

    def can_play(self, p: int, k: int) -> bool:
        """RB A: "You must pay all the Resources and Money shown on the left side of the card"
        (and hire an artist for palaces and churches, DN 10). "You can never have 2 cards of
        the same kind with the same name in front of you. Also, you may never have more than
        1 Preacher card (brown) in front of you." """
        T = self.T
        if self.hand[p][k] < 1 or self.in_play[p][k]:
            return False
        if T.card_class[k] == "preacher" and any(
            self.in_play[p][k2] and T.card_class[k2] == "preacher" for k2 in range(T.K)
        ):
            return False
        if any(self.res[p][r] < T.card_cost[k][r] for r in range(NUM_RESOURCES)):
            return False
        need = T.card_money[k]
        if T.card_types[k] is not None:
            need += self.cheapest_artist(p, T.card_types[k])
        return self.money[p] >= need

    def play_a_florenza_card(self, p: int, k: int):
        """RB A: "You must pay all the Resources and Money shown on the left side of the card by
        returning those cards to the supply. If you play a Family Palace (green) or District
        Church (blue) card, you must also hire an Artist"."""
        T = self.T
        for r in range(NUM_RESOURCES):
            self._pay_resource(p, r, T.card_cost[k][r])
        self._pay_money(p, T.card_money[k])
        self.hand[p][k] -= 1
        if T.card_types[k] is not None:
            self.pending_card = k
            value = yield from self.hire_an_artist(p, T.card_types[k])
            self.pending_card = -1
            self.card_artist[p][k] = value
        self.in_play[p][k] = True

    # -- hiring artists

    def hire_options(self, p: int, types: list[int]) -> list[tuple[int, int]]:
        """Every way of hiring for ``types`` as ``(action id, price)``: a table artist, an artist
        p reserved, a face-up anonymous artist (RB "Hiring Artists")."""
        T, A = self.T, self.A
        discount = self.artist_discount(p)
        options = []
        on_table = self.table_count()
        reserved = self.reserved_count(p)
        for a in range(T.AK):
            if T.artist_type[a] in types:
                price = max(0, T.artist_cost[a] - discount)
                if on_table[a]:
                    options.append((A.HIRE_TABLE + a, price))
                if reserved[a]:
                    options.append((A.HIRE_RESERVED + a, price))
        for t in types:
            if self.anon_up[t]:
                options.append((A.HIRE_ANONYMOUS + t, max(0, T.anon_cost[t] - discount)))
        return options

    def cheapest_artist(self, p: int, types: list[int]) -> float:
        prices = [price for _, price in self.hire_options(p, types)]
        return min(prices) if prices else float("inf")

    def hire_an_artist(self, p: int, types: list[int]):
        """RB "Hiring Artists": "it must be 1 of the types of Artist shown on the card ... After
        you pay to hire the Artist and complete the project, turn the Artist card over." An
        Anonymous Artist: "You don't get any Prestige Points, but you only pay 50 Fiorini.
        After you hire an Anonymous Artist, turn the card face down". Returns the value."""
        T, A = self.T, self.A
        self.pending_types = types
        a = yield from self._decide(HIRE, p)
        self.pending_types = []
        price = dict(self.hire_options(p, types))[a]
        self._pay_money(p, price)
        if a >= A.HIRE_ANONYMOUS:
            t = a - A.HIRE_ANONYMOUS
            self.anon_up[t] = False
            self.hired_anonymous[p][t] += 1
            return T.anon_value[t]
        if a >= A.HIRE_RESERVED:
            i = self.first_copy(a - A.HIRE_RESERVED, "reserved", p)
        else:
            i = self.first_copy(a - A.HIRE_TABLE, "table")
        self.art_state[i], self.art_owner[i] = "hired", p
        return T.copy_value[i]

    def first_copy(self, a: int, where: str, owner: int = -1) -> int:
        """DN 11: copies of one artist look alike; the one drawn first is taken."""
        copies = [i for i in range(self.T.NA) if self.T.copy_kind[i] == a and self.art_state[i] == where]
        return min((i for i in copies if self.art_owner[i] == owner), key=lambda i: self.art_pos[i])

    def table_count(self) -> list[int]:
        counts = [0] * self.T.AK
        for i in range(self.T.NA):
            if self.art_state[i] == "table":
                counts[self.T.copy_kind[i]] += 1
        return counts

    def reserved_count(self, p: int) -> list[int]:
        counts = [0] * self.T.AK
        for i in range(self.T.NA):
            if self.art_state[i] == "reserved" and self.art_owner[i] == p:
                counts[self.T.copy_kind[i]] += 1
        return counts

    # -- B/C. monuments

    def can_complete(self, p: int, m: int) -> bool:
        """RB B: "You can complete any of the Monuments that are in the middle of the table, or
        any that you reserved ... pay the required Resources and Fiorini ... You must also hire
        an Artist" (DN 10: only if an artist can be paid too)."""
        T = self.T
        available = self.mon_state[m] == "row" or (self.mon_state[m] == "reserved" and self.mon_owner[m] == p)
        if not available or any(self.res[p][r] < T.mon_cost[m][r] for r in range(NUM_RESOURCES)):
            return False
        return self.money[p] >= self.monument_money(p, m) + self.cheapest_artist(p, T.mon_types[m])

    def complete_a_monument(self, p: int, m: int):
        """RB B: "pay the required Resources and Fiorini (as shown on the card), then take the
        card and place it in front of you. You must also hire an Artist"."""
        T = self.T
        for r in range(NUM_RESOURCES):
            self._pay_resource(p, r, T.mon_cost[m][r])
        self._pay_money(p, self.monument_money(p, m))
        if m in self.row:
            self.row.remove(m)
        self.mon_state[m], self.mon_owner[m] = "pending", p
        self.pending_monument = m
        value = yield from self.hire_an_artist(p, T.mon_types[m])
        self.pending_monument = -1
        self.mon_state[m], self.mon_artist[m] = "completed", value

    def reserve_a_monument(self, p: int, m: int) -> None:
        """RB C: "Take 1 Monument card from those available for the round and place it face down
        in front of you." (DN 30: from the row.)"""
        self.row.remove(m)
        self.mon_state[m], self.mon_owner[m] = "reserved", p

    # -- D. reserve an artist

    def reserve_an_artist(self, p: int, a: int) -> None:
        """RB D: "Take 1 Artist card from those available for the round and place it in front
        of you, without turning it over" (DN 11-12)."""
        i = self.first_copy(a, "table")
        self.art_state[i], self.art_owner[i] = "reserved", p

    # -- E. locations

    def can_activate(self, p: int, loc: int) -> bool:
        """RB E: "You can activate a Location card (that is face up in the middle of the table)"
        -- and, for a finite supply, "no one can take any" of what has run out (DN 15)."""
        T = self.T
        effect, r = T.loc_effect[loc], T.loc_resource[loc]
        if effect == "captain":
            return self.new_captain == -1  # RB: "IF THE NEW CAPTAIN CARD HAS NOT BEEN TAKEN"
        if self.loc_up[loc] < 1:
            return False
        if effect == "gain":
            return self.supply[r] >= int(T.c["location_gain_amount"])
        if effect == "sell":
            return self.res[p][r] >= 1 and self.supply_money >= int(T.c["location_sell_price"])
        if effect == "barter":
            return any(self.can_barter_give(p, r) for r in range(NUM_RESOURCES))
        raise ValueError(f"florenza_cards reference: unknown location effect {effect!r}")

    def activate_a_location(self, p: int, loc: int):
        """RB E: "Boscaiuolo, Erbolaio, Fabbro, Lanaiuolo, Monte di Pietà, or Picconiere: Flip
        the card face down and take the Resource shown from the supply. Legnaiulo, Orafo, ...:
        Flip the card face down and spend the Resource shown to take 200 Fiorini from the
        supply. Baratto: Flip the card face down to exchange 1 Resource from your hand for a
        different Resource from the supply. New Captain: Take the card and place it in front
        of you." """
        T = self.T
        effect, r = T.loc_effect[loc], T.loc_resource[loc]
        if effect == "captain":
            self.new_captain = p
            return
        self.loc_up[loc] -= 1
        if effect == "gain":
            self._gain_resource(p, r, int(T.c["location_gain_amount"]))
        elif effect == "sell":
            self._pay_resource(p, r)
            self._gain_money(p, int(T.c["location_sell_price"]))
        else:
            yield from self.barter(p)

    def can_barter_give(self, p: int, r: int) -> bool:
        return self.res[p][r] >= 1 and any(self.supply[r2] >= 1 for r2 in range(NUM_RESOURCES) if r2 != r)

    def barter(self, p: int):
        """Baratto: one resource given, then "a different Resource" taken (DN 14)."""
        A = self.A
        r = (yield from self._decide(BARTER_GIVE, p)) - A.RESOURCE
        self._pay_resource(p, r)
        self.given[r] = 1
        taken = (yield from self._decide(BARTER_TAKE, p)) - A.RESOURCE
        self._gain_resource(p, taken)
        self.given = [0] * NUM_RESOURCES

    # -- G. market exchange

    def market_exchange(self, p: int):
        """RB G: "Exchange 2 Resources from your hand for 1 Resource from the supply." -- given
        one at a time in non-decreasing index order, any resource taken (DN 14)."""
        A = self.A
        for phase in (EXCHANGE_GIVE_1, EXCHANGE_GIVE_2):
            r = (yield from self._decide(phase, p)) - A.RESOURCE
            self._pay_resource(p, r)
            self.given[r] += 1
        taken = (yield from self._decide(EXCHANGE_TAKE, p)) - A.RESOURCE
        self._gain_resource(p, taken)
        self.given = [0] * NUM_RESOURCES

    # ------------------------------------------------------------ phase 4

    def end_of_the_round(self):
        """RB Phase 4: "Step a: Discard unused cards (you can skip this step in Round 5) ...
        Step b: Collect Income ... Step c: Elect the Captain of the People ... Step d: Reset
        Location Cards (you can skip this step in Round 5)" (DN 18)."""
        last = self.round == self.T.rounds
        if not last:
            self.discard_monuments_and_artists()
            yield from self.keep_one_florenza_card()
        yield from self.collect_income()
        self.elect_the_captain()
        if not last:
            self.reset_location_cards()

    def discard_monuments_and_artists(self) -> None:
        """RB Step a: "Discard the Monument cards left in the middle of the table except for the
        2 at the left end of the row (the highest values) ... Discard all Artist cards left in
        the middle of the table. These cards are removed from the game." """
        kept = int(self.T.c["monuments_kept"])
        for m in self.row[kept:]:
            self.mon_state[m] = "discarded"
        self.row = self.row[:kept]
        for i in range(self.T.NA):
            if self.art_state[i] == "table":
                self.art_state[i] = "discarded"

    def keep_one_florenza_card(self):
        """RB Step a: "Choose 1 Florenza card from your hand to keep for the next round. Discard
        the rest of your Florenza cards into the discard pile." (DN 19: in turn order.)"""
        for j in range(self.num_players):
            q = (self.captain + j) % self.num_players
            if sum(self.hand[q]) == 0:
                continue
            kept = (yield from self._decide(KEEP, q)) - self.A.KEEP
            for k in range(self.T.K):
                self.discard[q][k] += self.hand[q][k] - (1 if k == kept else 0)
                self.hand[q][k] = 1 if k == kept else 0

    def collect_income(self):
        """RB Step b: "Each player receives a base income from his Family card: 1 Marble
        Resource, 1 Wood Resource, 200 Fiorini, 1 Resource, chosen by the Captain ... all players
        receive the same Resource. Remember: You may receive additional income from Workshop and
        Residence cards". RB Resource limits: "If there are no more cards of a type left in the
        supply, no one can take any (those incomes are lost). If there are not enough cards to
        give everyone the cards they earn (i.e., income), they are distributed in turn order.
        The Captain of the People cannot choose a Resource for the extra income unless there are
        enough in the supply to give 1 to every player."

        DN 16: the Captain's resource goes to every player first (it is chosen only when the supply
        holds one for each); then, in turn order, each player receives the whole of what they earn
        -- the Family card's marble, wood and Fiorini with the Workshops' and Residences' income --
        and, holding the Arte dei Mercatanti, its extra resource, before the next player."""
        T, P, A = self.T, self.num_players, self.A
        # RB: "The extra Resources are always chosen by the Captain before a new Captain is elected."
        if any(self.supply[r] >= P for r in range(NUM_RESOURCES)):
            r = (yield from self._decide(CAPTAIN_CHOICE, self.captain)) - A.RESOURCE
            for q in range(P):
                self._gain_resource(q, r)
        base = T.c["income_base"]
        for q in self.turn_order():
            for r in range(NUM_RESOURCES):
                amount = int(base.get(T.resources[r], 0))
                amount += sum(T.card_income[k][r] for k in range(T.K) if self.in_play[q][k])
                self._gain_resource(q, r, min(amount, self.supply[r]))
            amount = int(base.get("money", 0)) + sum(T.card_income_money[k] for k in range(T.K) if self.in_play[q][k])
            self._gain_money(q, min(amount, self.supply_money))
            # RB Arte dei Mercatanti: "During the Collect Income step ..., you receive 1 additional
            # Resource of your choice from the supply."
            if self.has_guild(q, "extra_resource_income") and any(s >= 1 for s in self.supply):
                r = (yield from self._decide(MERCHANT_CHOICE, q)) - A.RESOURCE
                self._gain_resource(q, r)

    def elect_the_captain(self) -> None:
        """RB Step c: "If you took the New Captain card during the Take Actions Phase, you become
        the Captain of the People. Return the New Captain card to the center ... If no one took
        the New Captain card, the office of Captain passes to the player to the left of the
        previous Captain." """
        if self.new_captain >= 0:
            self.captain, self.new_captain = self.new_captain, -1
        else:
            self.captain = (self.captain + 1) % self.num_players

    def reset_location_cards(self) -> None:
        """RB Step d: "All cards that were flipped face down during the round, including any
        Anonymous Artists used, are flipped face up again." """
        self.loc_up = list(self.T.loc_copies)
        self.anon_up = [True] * NUM_TYPES

    # ------------------------------------------------------------ scoring

    def counts_by_class(self, p: int) -> dict[str, int]:
        counts: dict[str, int] = {}
        for k in range(self.T.K):
            if self.in_play[p][k]:
                counts[self.T.card_class[k]] = counts.get(self.T.card_class[k], 0) + 1
        return counts

    def hired_values(self, p: int) -> list[int]:
        """Values of the artists p hired (anonymous ones: their value, 0)."""
        T = self.T
        values = [T.copy_value[i] for i in range(T.NA) if self.art_state[i] == "hired" and self.art_owner[i] == p]
        return values + [T.anon_value[t] for t in range(NUM_TYPES) for _ in range(self.hired_anonymous[p][t])]

    def hired_types(self, p: int) -> list[int]:
        """Artist cards p hired per type; anonymous artists are not among them (DN 24: they go back
        face down and never lie in front of the player)."""
        T = self.T
        counts = [0] * NUM_TYPES
        for i in range(T.NA):
            if self.art_state[i] == "hired" and self.art_owner[i] == p:
                counts[T.artist_type[T.copy_kind[i]]] += 1
        return counts

    def completed_monuments(self, p: int) -> list[int]:
        return [m for m in range(self.T.M) if self.mon_state[m] == "completed" and self.mon_owner[m] == p]

    def reserved_monuments(self, p: int) -> list[int]:
        return [m for m in range(self.T.M) if self.mon_state[m] == "reserved" and self.mon_owner[m] == p]

    def visible_prestige(self, p: int) -> int:
        """SPEC §10: printed prestige of cards in play and completed monuments + hired values."""
        T = self.T
        cards = sum(T.card_prestige[k] for k in range(T.K) if self.in_play[p][k])
        return cards + sum(T.mon_prestige[m] for m in self.completed_monuments(p)) + sum(self.hired_values(p))

    def score(self, p: int) -> int:
        """RB "SCORING PRESTIGE POINTS" and "GUILD CARDS" (SPEC §8)."""
        T, P, c = self.T, self.num_players, self.T.c
        classes = self.counts_by_class(p)
        # RB: "For each Monument, District Building, Family Palace, and District Church you have
        # completed ... For each Artist you hired to complete projects: You score the points
        # shown on the card." (Other classes print no prestige.)
        total = self.visible_prestige(p)
        # RB: "For each complete set of 1 Family Palace (green), 1 District Church (blue), and 1
        # District Building (grey) you have completed: You score 5 bonus points." (DN 25)
        sets = min(classes.get(name, 0) for name in SET_CLASSES)
        total += int(c["set_bonus_pp"]) * sets
        # RB "GUILD CARDS" (scored only when guilds are in the game).
        if self.has_guild(p, "pp_per_workshop_3"):
            total += 3 * classes.get("workshop", 0)
        if self.has_guild(p, "pp_per_residence_3"):
            total += 3 * classes.get("residence", 0)
        if self.has_guild(p, "pp_per_monument_3"):
            total += 3 * len(self.completed_monuments(p))
        # RB Mastro Artista: "5 Prestige Points for each complete set of Architect, Painter, and
        # Sculptor you have hired" -- the artist cards in front of the player (DN 24).
        if self.has_guild(p, "pp_per_abc_set_5"):
            total += 5 * min(self.hired_types(p))
        if self.has_guild(p, "set_bonus_plus_2"):
            total += 2 * sets
        # RB: "You score 4 points if you have the most Resource cards, 2 points if you have the
        # second most, or 1 point if you have the third most (even if there are less than 4
        # players). If there is a tie, all tied players earn the full points." The same for
        # Fiorini. (DN 23: competition ranking.)
        for holdings, points in (
            ([sum(self.res[q]) for q in range(P)], c["majority_pp_resources"]),
            (list(self.money), c["majority_pp_money"]),
        ):
            place = 1 + sum(1 for q in range(P) if holdings[q] > holdings[p])
            total += int(points[place - 1]) if place <= len(points) else 0
        # RB: "You score 1 point if you are the Captain of the People at the end of the game."
        if p == self.captain:
            total += int(c["final_captain_pp"])
        # RB: "You must subtract points for ... each reserved Monument that you did not complete
        # ... each reserved Artist that you did not hire."
        total -= sum(T.mon_prestige[m] for m in self.reserved_monuments(p))
        total -= sum(T.copy_value[i] for i in range(T.NA) if self.art_state[i] == "reserved" and self.art_owner[i] == p)
        return total

    def artworks(self, p: int) -> list[int]:
        """RB tie-break: "any card that requires an Artist to play), including the value of the
        Artist that created it" -- palaces, churches and monuments, highest first (DN 26)."""
        T = self.T
        values = [T.card_prestige[k] + self.card_artist[p][k] for k in range(T.K)
                  if self.in_play[p][k] and T.card_types[k] is not None]  # fmt: skip
        values += [T.mon_prestige[m] + self.mon_artist[m] for m in self.completed_monuments(p)]
        return sorted(values, reverse=True)

    def beats(self, p: int, q: int) -> bool:
        """RB: "The player with the most Prestige Points is the winner! If there is a tie, the
        winner is the tied player who completed the single most valuable artwork ... If there is
        still a tie, compare their second most valuable artwork, and so on." A player who runs
        out of artworks first loses (lists padded with -1)."""
        if self.scores[p] != self.scores[q]:
            return self.scores[p] > self.scores[q]
        mine, theirs = self.artworks(p), self.artworks(q)
        length = max(len(mine), len(theirs))
        return mine + [-1] * (length - len(mine)) > theirs + [-1] * (length - len(theirs))

    def winning_the_game(self) -> None:
        """RB: "The game ends at the end of the fifth round." Scores, ranks, rewards."""
        P = self.num_players
        self.scores = [self.score(p) for p in range(P)]
        self.final_rank = [1 + sum(1 for q in range(P) if self.beats(q, p)) for p in range(P)]
        self.rewards = terminal_rewards(self.scores, self.final_rank, self.reward_mode)
        self.phase = GAME_OVER
        self.terminated = True

    # =================================================================== LEGAL ACTIONS

    def legal_actions(self) -> list[int]:
        """The legal action ids of the pending decision (SPEC §6), ascending."""
        if self.terminated:
            return []
        T, A, p = self.T, self.A, self.current_player
        phase = self.phase
        if phase == ACTION:
            legal = [A.PLAY + k for k in range(T.K) if self.can_play(p, k)]
            legal += [A.COMPLETE + m for m in range(T.M) if self.can_complete(p, m)]
            legal += [A.RESERVE_MONUMENT + m for m in range(T.M) if self.mon_state[m] == "row"]
            on_table = self.table_count()
            legal += [A.RESERVE_ARTIST + a for a in range(T.AK) if on_table[a]]
            legal += [A.LOCATION + loc for loc in range(T.L) if self.can_activate(p, loc)]
            if self.supply_money >= int(T.c["send_workers_money"]):
                legal.append(A.WORKERS)
            if self.supply_money >= int(T.c["market_sell_price"]):
                legal += [A.MARKET_SELL + r for r in range(NUM_RESOURCES) if self.res[p][r] >= 1]
            if self.money[p] >= int(T.c["market_buy_price"]):
                legal += [A.MARKET_BUY + r for r in range(NUM_RESOURCES) if self.supply[r] >= 1]
            if sum(self.res[p]) >= 2:
                legal.append(A.MARKET_EXCHANGE)
            if self.deck:
                legal.append(A.INSPIRATION)
            return legal or [A.PASS]
        if phase == HIRE:
            return sorted(a for a, price in self.hire_options(p, self.pending_types) if self.money[p] >= price)
        resources = range(NUM_RESOURCES)
        if phase == EXCHANGE_GIVE_1:
            legal = [r for r in resources if self.res[p][r] >= 2 or (self.res[p][r] >= 1 and any(
                self.res[p][r2] >= 1 for r2 in range(r + 1, NUM_RESOURCES)))]  # fmt: skip
        elif phase == EXCHANGE_GIVE_2:
            first = min(r for r in resources if self.given[r])
            legal = [r for r in resources if r >= first and self.res[p][r] >= 1]
        elif phase == EXCHANGE_TAKE or phase == MERCHANT_CHOICE:
            legal = [r for r in resources if self.supply[r] >= 1]
        elif phase == BARTER_GIVE:
            legal = [r for r in resources if self.can_barter_give(p, r)]
        elif phase == BARTER_TAKE:
            legal = [r for r in resources if not self.given[r] and self.supply[r] >= 1]
        elif phase == CAPTAIN_CHOICE:
            legal = [r for r in resources if self.supply[r] >= self.num_players]
        elif phase == KEEP:
            return [A.KEEP + k for k in range(T.K) if self.hand[p][k] >= 1]
        else:
            raise AssertionError(f"phase {phase}")
        return [A.RESOURCE + r for r in legal]

    def legal_action_mask(self) -> np.ndarray:
        """bool[num_actions]: the legal actions of ``current_player`` now."""
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[self.legal_actions()] = True
        return mask

    # =================================================================== STEPPING

    def step(self, action: int) -> None:
        """Apply ``action`` for ``current_player``, then every forced decision (SPEC §6:
        "whenever the pending decision has exactly one legal action ..., the engine plays it
        itself"). Illegal input raises ``ValueError`` and changes nothing."""
        legal = self.legal_actions()
        try:
            a = operator.index(action)
        except TypeError:
            a = None
        if a is None or a not in legal:
            why = "the game is over" if self.terminated else "it is not legal now"
            raise ValueError(
                f"florenza_cards reference: action {action!r} cannot be played: {why}; legal actions: {legal}"
            )
        self.rewards = [0.0] * self.num_players
        self._send(a)
        self._play_forced()

    def _send(self, action) -> None:
        try:
            self._flow.send(action)
        except StopIteration:
            assert self.terminated

    def _play_forced(self) -> None:
        while not self.terminated:
            legal = self.legal_actions()
            if len(legal) >= 2:
                return
            if not legal:
                raise RuntimeError(f"florenza_cards reference: no legal action in phase {self.phase}")
            self._send(legal[0])

    # =================================================================== OBSERVATION

    def observe(self, player: int) -> np.ndarray:
        """float32[obs_size]: what seat ``player`` sees, laid out as SPEC §10."""
        T, P, o = self.T, self.num_players, int(player)
        over = self.terminated

        def one_hot(size: int, index: int) -> list[float]:
            v = [0.0] * size
            if index >= 0:
                v[index] = 1.0
            return v

        def rel(q: int) -> int:
            return (q - o) % P

        parts: dict[str, list[float]] = {}
        parts["phase"] = one_hot(NUM_PHASES, self.phase)
        parts["to_move"] = one_hot(P, -1 if over else rel(self.current_player))
        parts["captain"] = one_hot(P, rel(self.captain))
        parts["new_captain"] = one_hot(P, -1 if self.new_captain < 0 else rel(self.new_captain))
        parts["round"] = one_hot(T.rounds, self.round - 1)
        in_action = self.phase in SLOT_PHASES and not over
        parts["action_slot"] = one_hot(NUM_SLOTS, self.slot if in_action else -1)
        hiring = self.phase == HIRE and not over
        parts["pending_card"] = one_hot(T.K, self.pending_card if hiring else -1)
        parts["pending_monument"] = one_hot(T.M, self.pending_monument if hiring else -1)
        parts["given"] = list(self.given) if self.phase in GIVEN_PHASES and not over else [0.0] * NUM_RESOURCES
        parts["supply"] = list(self.supply) + [self.supply_money]
        loc_up = list(self.loc_up)
        for loc in range(T.L):
            if T.loc_effect[loc] == "captain":
                loc_up[loc] = 1 if self.new_captain == -1 else 0
        parts["locations_up"] = loc_up
        parts["anonymous_up"] = [1.0 if up else 0.0 for up in self.anon_up]
        parts["deck_size"] = [len(self.deck)]
        parts["discard_size"] = [sum(sum(row) for row in self.discard)]
        parts["own_discards"] = list(self.discard[o])
        parts["waiting_decks"] = [
            sum(T.deck_copies["II"]) if self.round == 1 else 0,
            sum(T.deck_copies["III"]) if self.round <= 2 else 0,
        ]
        parts["monument_deck"] = [T.M - self.mon_drawn]
        parts["artist_deck"] = [T.NA - self.art_drawn]
        parts["row"] = [1.0 if self.mon_state[m] == "row" else 0.0 for m in range(T.M)]
        # the row lies on the table in its order (DN 5): 1 = leftmost, the first kept
        parts["row_position"] = [self.row.index(m) + 1 if m in self.row else 0 for m in range(T.M)]
        parts["table_artists"] = self.table_count()
        # RB Step a: discarded monuments and artists "are removed from the game" in sight of all:
        # the monuments face up, the artists by the names on their backs (values never shown)
        parts["discarded_monuments"] = [1.0 if self.mon_state[m] == "discarded" else 0.0 for m in range(T.M)]
        discarded = [0] * T.AK
        for i in range(T.NA):
            if self.art_state[i] == "discarded":
                discarded[T.copy_kind[i]] += 1
        parts["discarded_artists"] = discarded
        players: list[float] = []
        for j in range(P):
            q = (o + j) % P
            players += [self.money[q], *self.res[q], sum(self.hand[q]), self.visible_prestige(q)]
            players += self.hired_types(q)
            players += [1.0 if x else 0.0 for x in self.in_play[q]]
            completed, reserved = self.completed_monuments(q), self.reserved_monuments(q)
            players += [1.0 if m in completed else 0.0 for m in range(T.M)]
            players += [1.0 if m in reserved else 0.0 for m in range(T.M)]
            players += self.reserved_count(q)
            # what the table shows of each finished work: the anonymous artists hired, the value
            # of the artist on each artwork and monument, the artist cards hired (kind and value)
            players += self.hired_anonymous[q]
            players += [max(self.card_artist[q][k], 0) if self.in_play[q][k] else 0 for k in range(T.K)]
            players += [self.mon_artist[m] if m in completed else 0 for m in range(T.M)]
            players += self.hired_cards_shown(q)
        parts["players"] = players
        parts["own_hand"] = list(self.hand[o])
        out = []
        for name, size in self.fields:
            assert len(parts[name]) == size, name
            out += parts[name]
        return np.array(out, dtype=np.float32)

    def hired_cards_shown(self, q: int) -> list[float]:
        """Per artist copy (SPEC §10): q's hired artist cards as the table shows them, by kind and
        value -- for each (kind, value), as many of its copies in data order as q hired."""
        T = self.T
        hired: dict[tuple[int, int], int] = {}
        for i in range(T.NA):
            if self.art_state[i] == "hired" and self.art_owner[i] == q:
                key = (T.copy_kind[i], T.copy_value[i])
                hired[key] = hired.get(key, 0) + 1
        shown = []
        for i in range(T.NA):
            key = (T.copy_kind[i], T.copy_value[i])
            shown.append(1.0 if hired.get(key, 0) > 0 else 0.0)
            if key in hired:
                hired[key] -= 1
        return shown

    def obs_slices(self) -> dict[str, slice]:
        """``{field: slice}`` of the observation (SPEC §10)."""
        slices, start = {}, 0
        for name, size in self.fields:
            slices[name] = slice(start, start + size)
            start += size
        return slices

    # =================================================================== INVARIANTS

    def check_invariants(self) -> None:
        """SPEC §11: every card in one place, supplies conserved, limits kept. ``ValueError``."""
        T, P = self.T, self.num_players
        waiting = [
            (T.deck_copies["II"][k] if self.round == 1 else 0) + (T.deck_copies["III"][k] if self.round <= 2 else 0)
            for k in range(T.K)
        ]
        for k in range(T.K):
            where = self.deck.count(k) + waiting[k] + (1 if self.pending_card == k else 0)
            where += sum(self.hand[q][k] + self.discard[q][k] + int(self.in_play[q][k]) for q in range(P))
            if where != T.n[k]:
                raise ValueError(f"card {T.card_id[k]}: {where} copies found, {T.n[k]} in the game")
        for r in range(NUM_RESOURCES):
            held = self.supply[r] + sum(self.res[q][r] for q in range(P))
            if held != T.supply0[r] or self.supply[r] < 0 or min(self.res[q][r] for q in range(P)) < 0:
                raise ValueError(f"resource {T.resources[r]} not conserved: supply {self.supply[r]}, total {held}")
        if self.supply_money + sum(self.money) != T.money0 or self.supply_money < 0 or min(self.money) < 0:
            raise ValueError(f"money not conserved: supply {self.supply_money}, players {self.money}")
        for q in range(P):
            preachers = sum(1 for k in range(T.K) if self.in_play[q][k] and T.card_class[k] == "preacher")
            if preachers > 1:
                raise ValueError(f"seat {q} has {preachers} preachers in play")
        for states, owners, owned in ((self.mon_state, self.mon_owner, ("reserved", "pending", "completed")),
                                      (self.art_state, self.art_owner, ("reserved", "hired"))):  # fmt: skip
            for state, owner in zip(states, owners):
                if (state in owned) != (0 <= owner < P):
                    raise ValueError(f"a monument or artist {state!r} has owner {owner}")
        if sorted(self.row, key=lambda m: (-T.mon_prestige[m], self.mon_pos[m])) != self.row:
            raise ValueError(f"monument row out of order: {self.row}")
        if sorted(m for m in range(T.M) if self.mon_state[m] == "row") != sorted(self.row):
            raise ValueError("monument row and monument states disagree")
        if any(self.mon_state[self.mon_order[i]] != "deck" for i in range(self.mon_drawn, T.M)):
            raise ValueError("an undrawn monument left the deck")
        if any(self.art_state[self.art_order[i]] != "deck" for i in range(self.art_drawn, T.NA)):
            raise ValueError("an undrawn artist left the deck")
        if self.terminated != (self.phase == GAME_OVER):
            raise ValueError("terminated and phase GAME_OVER disagree")
        if not self.terminated and len(self.legal_actions()) < 2:
            raise ValueError("a live game waits on a decision with fewer than two legal actions")
