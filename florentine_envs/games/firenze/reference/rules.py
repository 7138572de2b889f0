"""The Firenze reference game (rulebook, clause by clause): set-up, the turn's phases, building,
fulfilling commissions, limits, final scoring, stepping and forced moves, on plain Python lists
and ints (see the package docstring)."""

from __future__ import annotations

import operator

import numpy as np

from florentine_envs.core.rng import hash64, randint

from .events import ReferenceEvents
from .masks import ReferenceLegality
from .observation import ReferenceObservation, obs_offsets
from .tables import (
    ALCHEMIST,
    ALCHEMIST_GIVE,
    BELL_TOWER,
    BRICK,
    BUILD,
    BUILD_ON,
    BUILDING_NAMES,
    CHOOSE,
    EVENT_DISCARD,
    EVENT_KEEP_TOWER,
    EVENT_OWN_TOWER,
    EVENT_PATRICIAN,
    EVENT_PAY,
    EXCHANGE,
    EXCHANGE_BASE,
    EXCHANGE_PAY,
    FULFILL,
    FULFILL_BASE,
    GAME_OVER,
    IGNORE_EVENT,
    LIMIT_BRICKS,
    LIMIT_CARDS,
    LIMIT_DISCARD_IDS,
    NEUTRAL_SEAL_MODES,
    NUM_ACTIONS,
    NUM_COLOURS,
    NUM_ROW_SLOTS,
    OPPONENT_HAND_MODES,
    PASS,
    PATRICIAN_DISCARD_IDS,
    PAY_BUILD_COST,
    PAY_CARD_COST,
    PLAY_ARCHITECT,
    PLAY_MASON,
    PLAY_PRINCESS,
    PLAYED_NAMES,
    REWARD_MODES,
    SABOTAGE,
    SELECT_TOWER,
    SMUGGLE,
    SMUGGLER_GIVE,
    START_TOWER,
    STREAM_DECK,
    STREAM_POUCH,
    STREAM_SETUP,
    TAKE_CARD,
    WHOLESALE,
    Tables,
    compute_rewards,
    construction_cost,
    load_data,
    new_tower,
)


class FirenzeReference(ReferenceEvents, ReferenceLegality, ReferenceObservation):
    """One game of Firenze, stepped one action at a time."""

    def __init__(
        self,
        num_players: int,
        seed: int,
        campanile: bool = True,
        auto_discard: bool = False,
        neutral_seals="recommended",
        balconies="random",
        opponent_hands: str = "hidden",
        reward: str = "win",
        max_turns: int | None = None,
        data=None,
    ):
        # RB: "2-4 players"
        if not isinstance(num_players, (int, np.integer)) or not 2 <= int(num_players) <= 4:
            raise ValueError(f"num_players must be in 2..4, got {num_players!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"unknown reward mode {reward!r}; expected one of {REWARD_MODES}")
        if opponent_hands not in OPPONENT_HAND_MODES:
            raise ValueError(f"unknown opponent_hands {opponent_hands!r}; expected one of {OPPONENT_HAND_MODES}")
        for option, value in (("campanile", campanile), ("auto_discard", auto_discard)):
            if not isinstance(value, (bool, np.bool_)):
                raise ValueError(f"{option} must be True or False, got {value!r}")
        P = int(num_players)
        if max_turns is None:
            max_turns = 60 * P  # DN §1
        if not isinstance(max_turns, (int, np.integer)) or max_turns < 1:
            raise ValueError(f"max_turns must be a positive integer, got {max_turns!r}")
        self.num_players = P
        self.seed = int(seed)
        self.campanile_option = bool(campanile)
        self.auto_discard = bool(auto_discard)
        self.opponent_hands = opponent_hands
        self.reward_mode = reward
        self.max_turns = int(max_turns)
        self.T = Tables(load_data(data))
        self.num_actions = NUM_ACTIONS
        self._offsets = obs_offsets(P, opponent_hands)
        self.obs_size = sum(size for _, size in self._offsets.values())
        T = self.T
        K = T.kind

        # -- bookkeeping
        self.pouch_draws = 0
        self.deck_shuffles = 0
        self.turn_number = 0
        self.terminated = False
        self.truncated = False
        self.rewards = [0.0] * P
        # -- bricks. RB Set Up 8: "Place all the other Bricks in the Pouch"
        self.pouch = list(T.bricks)
        self.store = [[0] * NUM_COLOURS for _ in range(P)]
        self.aside = [0] * NUM_COLOURS  # DN §6.2: bricks of a Flood / Storehouse Fire card
        self.towers = [[] for _ in range(P)]  # list of tower dicts per player, compact
        # -- cards, by kind (SPEC §0.1: "Cards are tracked by kind, not by copy.")
        self.in_game = list(T.kind_count)  # cards of each kind in this game
        if not campanile:
            # RB Set Up 9: "Take it out of the deck and put it back in the box."
            self.in_game[K["Campanile"]] = 0
        self.deck = []  # kinds, top = deck[0]
        self.discard = [0] * T.num_kinds  # count per kind (order never matters: shuffled before reuse)
        self.row = []  # list of [kind, bricks[6]]; slot = index (the row shifts left); None = the hole
        self.hand = [[0] * T.num_kinds for _ in range(P)]  # counts per kind
        self.buildings = [[False] * len(BUILDING_NAMES) for _ in range(P)]
        self.church = [-1] * T.church_spaces  # kind on each church space
        self.campanile_sealed = [False] * P
        # -- board
        self.owner = [-1] * T.num_commissions  # -1 open, -2 neutral seal, else seat
        self.balcony_tile = [-1] * 4
        self.next_balcony = 0
        self.level_tile_taken = [False] * len(T.level_tiles)
        self.seals_left = [T.seals[P]] * P
        self.prestige = [0] * P
        self.end_trigger = -1
        self.scores = [0] * P
        # -- this turn
        self.phase = CHOOSE
        self.return_phase = CHOOSE
        self.turn_player = 0
        self.current_player = 0
        self._reset_turn_fields()
        self.chosen_slot = 0
        self.pay_index = 0
        self.pay_left = 0
        self.event_kind = -1
        self.event_offset = 0
        self.keep_left = 0
        self.keep_colour = -1
        self.keep_marked = set()  # tower slots paid for in the current Tribute / Luxury Tax
        self.tribute_colour = 0  # Tribute: next colour to settle
        self.pending_take = (-1, -1)  # (colour, source seat) of an exchange / Alchemist / Smuggler take
        self.exchange_slot = -1

        # ---- Set Up
        self._setup_board(neutral_seals, balconies)
        # Observation columns fixed for the whole game (SPEC §O commissions): balcony numeral
        # one-hot, printed height and prestige, plus the tile bonus where a balcony covers it.
        self._balcony_columns = np.zeros((T.num_commissions, 4), dtype=np.float32)
        self._commission_columns = np.array(
            [[T.commission_height[cid], T.commission_prestige[cid]] for cid in range(T.num_commissions)],
            dtype=np.float32,
        )
        for g, tile in enumerate(self.balcony_tile):
            _, cid, bonus = T.balcony_tiles[tile]
            self._balcony_columns[cid, g] = 1
            self._commission_columns[cid, 1] += bonus  # RB: balconies "yield additional Prestige Points"
        # RB Set Up 8: "the Starting Player ... receives 2 white Bricks. Proceeding
        # in a clockwise direction, each other player receives one more brick".
        for p in range(P):
            n = T.starting_bricks[p]
            self.store[p][T.starting_colour] += n
            self.pouch[T.starting_colour] -= n
        # RB Set Up 10: "Pick the 10 Start Cards out of the Action Cards ... Shuffle the
        # rest of the cards ... Now shuffle the 10 Start Cards and place them on top of
        # the Deck". SPEC §R: one shuffle (k = 0); start items by key first, then the rest.
        items = self._items(self.in_game)
        keys = self._shuffle_keys(items)
        start = [i for i in items if i - T.item_base[self._item_kind(i)] < T.start_count[self._item_kind(i)]]
        rest = [i for i in items if i not in start]
        order = sorted(start, key=lambda i: (keys[i], i)) + sorted(rest, key=lambda i: (keys[i], i))
        self.deck = [self._item_kind(i) for i in order]
        # RB Set Up 11: "place it on the leftmost space of the Card Row ... until
        # all six spaces ... are occupied. Now place 4 Bricks drawn randomly from
        # the Pouch on each of the six cards".
        for _ in range(T.row_slots):
            self.row.append([self.deck.pop(0), [0] * NUM_COLOURS])
        for slot in range(T.row_slots):
            for _ in range(T.bricks_per_new_card):
                self._draw_onto(self.row[slot][1])
        self._start_turn(0)
        self._apply_forced_moves()

    # ------------------------------------------------------------------ setup

    def _setup_board(self, neutral_seals, balconies) -> None:
        T = self.T
        # RB Set Up 4: "Turn over 4 Balcony Tiles, one I, one II, one III, and one IV."
        if isinstance(balconies, str):
            if balconies != "random":
                raise ValueError(f"balconies must be 'random' or a list of 4 tile ids, got {balconies!r}")
            for g in range(4):
                tiles = [i for i, (numeral, _, _) in enumerate(T.balcony_tiles) if numeral == g]
                # DN §3: "balcony of numeral g: randint(seed,3,g,n_g) indexes the tiles of that numeral"
                self.balcony_tile[g] = tiles[int(randint(self.seed, STREAM_SETUP, g, len(tiles)))]
        else:
            tiles = list(balconies)
            if len(tiles) != 4 or any(
                not isinstance(t, (int, np.integer)) or not 0 <= t < len(T.balcony_tiles) for t in tiles
            ):
                raise ValueError(f"balconies must list 4 tile ids in 0..{len(T.balcony_tiles) - 1}, got {balconies!r}")
            for g, t in enumerate(tiles):
                if T.balcony_tiles[t][0] != g:
                    raise ValueError(f"balconies: tile {t} is not a numeral-{g + 1} tile (list them in order I..IV)")
            self.balcony_tile = [int(t) for t in tiles]
        balcony_spaces = {T.balcony_tiles[t][1] for t in self.balcony_tile}

        # RB Set Up 5: "take the 5 neutral Seals and use them to cover 5 Levels ...
        # as long as they don't already have a Balcony Tile on them."
        if isinstance(neutral_seals, str):
            if neutral_seals not in NEUTRAL_SEAL_MODES:
                raise ValueError(
                    f"neutral_seals must be one of {NEUTRAL_SEAL_MODES} or a list of commission ids, "
                    f"got {neutral_seals!r}"
                )
            recommended = neutral_seals == "recommended"
            lo, hi = T.seals_on_levels_34
            # DN §3: "n34 = 2 + randint(seed,3,10,2)"
            n34 = lo + int(randint(self.seed, STREAM_SETUP, 10, hi - lo + 1))
            for k in range(T.neutral_seals):
                valid = []
                for cid in range(T.num_commissions):
                    if self.owner[cid] != -1 or cid in balcony_spaces:
                        continue
                    if recommended:
                        colour, level = divmod(cid, T.levels)
                        level += 1
                        # RB: "We recommend that no more than two tiles (Balconies
                        # and/or neutral Seals) be placed on any given tower."
                        tiles = sum(
                            1
                            for other in range(T.levels * colour, T.levels * (colour + 1))
                            if self.owner[other] == -2 or other in balcony_spaces
                        )
                        if tiles >= T.max_tiles_per_tower:
                            continue
                        # RB: "two or three neutral seals should be set on the
                        # third and fourth Levels". DN §13.21: a Level counts bricks
                        # ("1 Brick = 1 Level"), so the commissions of 3 and 4 bricks;
                        # with levels_are_positions, the 3rd and 4th spaces of the tower.
                        # DN §4: first n34 seals there, the rest elsewhere.
                        counted = level if T.levels_are_positions else T.commission_height[cid]
                        on_34 = counted in T.advised_levels
                        if on_34 != (k < n34):
                            continue
                    valid.append(cid)
                # DN §3: "Seal k goes to the valid space with the smallest hash64(seed,3,20+k,commission_id)."
                keys = hash64(self.seed, STREAM_SETUP, 20 + k, np.array(valid, dtype=np.int64))
                best = min(range(len(valid)), key=lambda i: (int(keys[i]), valid[i]))
                self.owner[valid[best]] = -2
        else:
            ids = list(neutral_seals)
            if (
                len(ids) != T.neutral_seals
                or len(set(ids)) != len(ids)
                or any(not isinstance(c, (int, np.integer)) or not 0 <= c < T.num_commissions for c in ids)
            ):
                raise ValueError(
                    f"neutral_seals must list {T.neutral_seals} distinct commission ids in "
                    f"0..{T.num_commissions - 1}, got {neutral_seals!r}"
                )
            for cid in ids:
                if cid in balcony_spaces:
                    raise ValueError(f"neutral seal on commission {cid}, which carries a balcony tile")
                self.owner[int(cid)] = -2

    # ------------------------------------------------------------ randomness

    def _items(self, counts: list[int]) -> list[int]:
        """SPEC §R: "A pool with n_q cards of kind q consists of the items base[q] + j, j < n_q"."""
        return [self.T.item_base[q] + j for q in range(self.T.num_kinds) for j in range(counts[q])]

    def _item_kind(self, item: int) -> int:
        return max(q for q in range(self.T.num_kinds) if self.T.item_base[q] <= item)

    def _shuffle_keys(self, items: list[int]) -> dict[int, int]:
        """DN §3 DECK: shuffle k gives item i the key hash64(seed, 1, k, i); k counts shuffles."""
        keys = hash64(self.seed, STREAM_DECK, self.deck_shuffles, np.array(items, dtype=np.int64))
        self.deck_shuffles += 1
        return {i: int(key) for i, key in zip(items, np.atleast_1d(keys))}

    def _shuffled(self, counts: list[int]) -> list[int]:
        """The pool (count per kind) as a new deck of kinds, ordered by key (ties by item id)."""
        items = self._items(counts)
        keys = self._shuffle_keys(items)
        return [self._item_kind(i) for i in sorted(items, key=lambda i: (keys[i], i))]

    def _draw_brick(self) -> int:
        """DN §3 POUCH: r = randint(seed,2,pouch_draws,total); colour = first c with cumsum > r."""
        total = sum(self.pouch)
        r = int(randint(self.seed, STREAM_POUCH, self.pouch_draws, total))
        self.pouch_draws += 1
        cum = 0
        for c in range(NUM_COLOURS):
            cum += self.pouch[c]
            if cum > r:
                self.pouch[c] -= 1
                return c
        raise AssertionError("drew from an empty pouch")

    def _draw_onto(self, bricks: list[int]) -> None:
        # RB: "In the unusual case that the Pouch has fewer than 4 Bricks, simply
        # place all the Bricks left in the Pouch on the card."
        if sum(self.pouch) > 0:
            bricks[self._draw_brick()] += 1

    # ----------------------------------------------------------- card moves

    def _discard_from_hand(self, p: int, kind: int) -> None:
        assert self.hand[p][kind] > 0
        self.hand[p][kind] -= 1
        self.discard[kind] += 1

    def _discard_building(self, p: int, b: int) -> None:
        assert self.buildings[p][b]
        self.buildings[p][b] = False
        self.discard[self.T.building_kinds[b]] += 1

    def _has_building(self, p: int, name: str) -> bool:
        return self.buildings[p][BUILDING_NAMES.index(name)]

    def _campanile_active(self) -> bool:
        """RB Campanile: the card "remains on the Game Board until every player has placed his small Seal"."""
        K = self.T.kind
        return K["Campanile"] in self.church

    # ------------------------------------------------------------ turn flow

    def _reset_turn_fields(self) -> None:
        # DN §6.1: "Reset played, princess_active, mason_active, architect=0,
        # exchange_done, bricks_built=0."
        self.played = {name: False for name in PLAYED_NAMES}
        self.princess_active = False
        self.mason_active = False
        self.architect = 0
        self.exchange_done = False
        self.bricks_built = 0

    def _start_turn(self, p: int) -> None:
        """DN §6.1 Turn start."""
        self.turn_player = p
        self.current_player = p
        self._reset_turn_fields()
        # RB 4: towers "under construction at the beginning of your turn". SPEC §0.2:
        # the flags are reset for every seat, not only the turn player's.
        for towers in self.towers:
            for t in towers:
                t["at_start"] = True
                t["built"] = False
        self.phase = CHOOSE
        # DN §6.1: "If the row is empty (deck and discard both exhausted), skip to EXCHANGE."
        if not self.row:
            self.phase = EXCHANGE

    def _end_turn(self) -> None:
        """DN §6.6 step 3, §9."""
        P = self.num_players
        p = self.turn_player
        self.turn_number += 1
        # RB: "The game ends, therefore, with the turn of the player to the right
        # of the one with the End of Game Tile."
        if self.end_trigger >= 0 and p == (self.end_trigger - 1) % P:
            self._final_scoring()
            return
        # DN §9 Truncation: the game stops at the end of a turn after max_turns turns.
        if self.turn_number >= self.max_turns:
            self.truncated = True
            self._final_scoring()
            return
        # RB: "each player takes a turn in clockwise order."
        self._start_turn((p + 1) % P)

    # ------------------------------------------------------------- choose a card

    def _take_card(self) -> None:
        """RB 1: "Now take the chosen Card along with the Bricks on top of it ..."."""
        T = self.T
        K = T.kind
        p = self.turn_player
        slot = self.chosen_slot
        kind, bricks = self.row[slot]
        self.row[slot] = None  # the hole; closed after the card is dealt with
        name = T.kind_names[kind]
        # DN §13.1: the card's bricks go to the storehouse, except that Flood and
        # Storehouse Fire keep them aside (Flood: "The Bricks on the card do not
        # count towards the total"; Storehouse Fire: "The Bricks on the card may
        # not be used for this").
        if name in ("Flood", "Storehouse Fire"):
            for c in range(NUM_COLOURS):
                self.aside[c] += bricks[c]
        else:
            for c in range(NUM_COLOURS):
                self.store[p][c] += bricks[c]
        ktype = T.kind_type[kind]
        if kind == K["Monument"]:
            # RB Monument: "determine who has the tallest Tower on their Construction
            # Site. This player puts the card in their hand, even if it's not their
            # turn. If a tie, no one receives the card; it goes on the Discard Pile."
            tallest = [max((t["height"] for t in self.towers[q]), default=0) for q in range(self.num_players)]
            best = max(tallest)
            if best > 0 and tallest.count(best) == 1:
                self.hand[tallest.index(best)][kind] += 1
            else:
                self.discard[kind] += 1
        elif ktype in ("personnel", "celebration"):
            # RB: "Put Personnel Cards into your hand." / "Put Celebration Cards into your hand".
            self.hand[p][kind] += 1
        elif ktype == "building":
            b = T.building_kinds.index(kind)
            # RB: "You may not possess two identical Buildings. You may draw identical
            # Building Cards, but they must be put in the Discard Deck immediately."
            if self.buildings[p][b]:
                self.discard[kind] += 1
            else:
                self.buildings[p][b] = True
        elif ktype == "church":
            # RB: "Place Church Cards on the Church Spaces face up."
            space = self.church.index(-1)
            self.church[space] = kind
            if kind == K["Campanile"]:
                # RB Campanile: "all players must build a bell tower out of 3 white Bricks."
                self.campanile_sealed = [False] * self.num_players
        else:
            self.event_kind = kind
            # RB Patrician: "you may ignore the effect of an Event Card that you chose". DN §13.5:
            # not offered when the event would have no effect.
            if self.hand[p][K["Patrician"]] > 0 and not self.played["Patrician"] and self._event_has_effect():
                self.phase = EVENT_PATRICIAN
                return
            self._resolve_event()
            return
        self._after_take()

    def _after_take(self) -> None:
        """DN §6.2: shift, refill, aside joins the storehouse, phase EXCHANGE."""
        T = self.T
        # RB: "There is now a hole in the Card Row. Move all the cards to its right
        # one place to the left ... Then turn over the top card of the Deck and
        # place it on the now-open, rightmost field. Take 4 Bricks from the Pouch".
        self.row = [entry for entry in self.row if entry is not None]
        self._refill_row()
        for c in range(NUM_COLOURS):
            self.store[self.turn_player][c] += self.aside[c]
            self.aside[c] = 0
        self.chosen_slot = 0
        self.pay_index = 0
        self.phase = EXCHANGE
        assert len(self.row) <= T.row_slots

    def _refill_row(self) -> None:
        """One card onto the rightmost free slot (one card left the row)."""
        T = self.T
        if len(self.row) >= T.row_slots:
            return
        if not self.deck:
            # RB: "When the Deck on the Game Board is all used up, shuffle all the
            # cards in the Discard Pile and use them as a new Deck."
            if not any(self.discard):
                return  # DN §13.25: with deck and discard exhausted the slot stays empty
            self.deck = self._shuffled(self.discard)
            self.discard = [0] * self.T.num_kinds
        entry = [self.deck.pop(0), [0] * NUM_COLOURS]
        self.row.append(entry)
        for _ in range(T.bricks_per_new_card):
            self._draw_onto(entry[1])

    # ------------------------------------------------------ bricks and towers

    def _tear_down(self, q: int, i: int) -> None:
        """RB 4: "Place half of such towers' Bricks into the Pouch (rounding odd
        numbers up). Place the remainder in your Storehouse." Compact (DN §2)."""
        t = self.towers[q].pop(i)
        h = t["height"]
        self.pouch[t["colour"]] += (h + 1) // 2
        self.store[q][t["colour"]] += h // 2

    def _brick_to_pouch(self, q: int, c: int) -> None:
        assert self.store[q][c] > 0
        self.store[q][c] -= 1
        self.pouch[c] += 1

    # ------------------------------------------------------------------ build

    def _discount_flags(self, p: int) -> tuple[bool, bool]:
        return self._has_building(p, "Workshop"), self.mason_active

    def _cost(self, p: int, n: int) -> int:
        workshop, mason = self._discount_flags(p)
        return construction_cost(self.T, n, workshop, mason)

    def _can_add_brick(self, p: int) -> bool:
        """DN §6.4: "A brick may be added only if bricks_built < 6 and the storehouse
        after adding it still holds at least cost(bricks_built+1) bricks."."""
        if self.bricks_built >= self.T.max_build:
            return False
        return sum(self.store[p]) - 1 >= self._cost(p, self.bricks_built + 1)

    def _end_build(self) -> None:
        """After the construction cost: RB 4 Tear down abandoned construction."""
        p = self.turn_player
        towers = self.towers[p]
        # RB 4: "All the towers on your Construction Site that were under construction
        # at the beginning of your turn but were not worked on are considered
        # abandoned construction. You now have to tear them down."
        for i in range(len(towers) - 1, -1, -1):
            if towers[i]["at_start"] and not towers[i]["built"]:
                self._tear_down(p, i)
        self.phase = FULFILL

    # ---------------------------------------------------------------- fulfill

    def _commission_for(self, colour: int, height: int) -> int:
        """The commission id of ``colour`` with exactly ``height`` levels, or -1."""
        T = self.T
        for level in range(T.levels):
            cid = T.levels * colour + level
            if T.commission_height[cid] == height:
                return cid
        return -1

    def _balcony_on(self, cid: int) -> int:
        """The numeral (0..3) of the balcony tile on ``cid``, or -1."""
        for g, tile in enumerate(self.balcony_tile):
            if self.T.balcony_tiles[tile][1] == cid:
                return g
        return -1

    def _fulfillable(self, colour: int, height: int) -> int:
        """The commission a tower of ``colour`` scored at ``height`` fulfils, or -1.

        RB 5: "You may only fulfill Commissions that are not covered by a Seal. You
        may only fulfill the Balcony Commission with the lowest Roman numeral." and
        "The number of Levels ... must match the number in the Commission exactly."
        """
        cid = self._commission_for(colour, height)
        if cid < 0 or self.owner[cid] != -1:
            return -1
        g = self._balcony_on(cid)
        if g >= 0 and g != self.next_balcony:
            return -1
        return cid

    def _fulfill(self, t: int, d: int) -> None:
        """DN §6.5 FULFILL[t,d], effects in order."""
        T = self.T
        p = self.turn_player
        tower = self.towers[p][t]
        height = tower["height"] + d
        cid = self._fulfillable(tower["colour"], height)
        assert cid >= 0
        # RB 5b: "Take the number of Prestige Points indicated on the Game Board".
        gain = T.commission_prestige[cid]
        g = self._balcony_on(cid)
        if g >= 0:
            # RB: "These balconies ... yield additional Prestige Points." Then
            # "only after one player has executed that Commission, may Balcony II be undertaken".
            gain += T.balcony_tiles[self.balcony_tile[g]][2]
            self.next_balcony += 1
        self.prestige[p] += gain
        # RB 5c/5d: "Cover the Commission you executed with one of your Seals. Put all
        # the Bricks of the Tower in question in the Pouch."
        self.owner[cid] = p
        self.seals_left[p] -= 1
        self.towers[p].pop(t)
        self.pouch[tower["colour"]] += tower["height"]
        if d != 0:
            # RB Architect: "You may count one tower as one Level taller or shorter".
            self.architect = 2
        # RB Level Bonus: "These award a bonus to the first player who fulfills a
        # Commission for the corresponding Tower height."
        for i, (tile_height, bonus) in enumerate(T.level_tiles):
            if tile_height == height and not self.level_tile_taken[i]:
                self.prestige[p] += bonus
                self.level_tile_taken[i] = True
        # RB (Privileges): "This card remains face up on a Church space until a
        # player fulfills a commission of exactly 7 Levels. This player then
        # immediately receives an additional 4 Prestige Points. Then place the card
        # on the Discard Pile."
        for space, kind in enumerate(self.church):
            if kind in T.privilege and T.privilege[kind][0] == height:
                self.prestige[p] += T.privilege[kind][1]
                self.discard[kind] += 1
                self.church[space] = -1
        # RB: "The first player who places their last Seal on the Game board,
        # receives a bonus of 5 Prestige Points".
        if self.seals_left[p] == 0 and self.end_trigger == -1:
            self.prestige[p] += T.end_bonus
            self.end_trigger = p
        self.scores = list(self.prestige)

    def _bell_tower(self) -> None:
        """RB Campanile: "Upon finishing the bell tower, players place the white Bricks
        back in the Pouch during the Fulfill Commissions phase and put their small Seal
        on the Campanile card." ... "The card remains on the Game Board until every
        player has placed his small Seal on it. Then, everyone takes their small Seal
        back, and the card is placed on the Discard Pile."."""
        T = self.T
        p = self.turn_player
        t = self._bell_tower_slot(p)
        tower = self.towers[p].pop(t)
        self.pouch[tower["colour"]] += tower["height"]
        self.campanile_sealed[p] = True
        if all(self.campanile_sealed):
            for space, kind in enumerate(self.church):
                if kind == T.kind["Campanile"]:
                    self.discard[kind] += 1
                    self.church[space] = -1
            self.campanile_sealed = [False] * self.num_players

    def _bell_tower_slot(self, p: int) -> int:
        """The lowest slot holding a white tower of exactly 3 bricks, or -1."""
        for i, t in enumerate(self.towers[p]):
            if t["colour"] == self.T.bell_colour and t["height"] == self.T.bell_height:
                return i
        return -1

    # ----------------------------------------------------------------- limits

    def _check_limits(self) -> None:
        """RB 6 Check Limits: storehouse first, then cards (DN §6.6)."""
        p = self.turn_player
        # RB: "you may have at most 10 Bricks in your Storehouse" / Warehouse: "a
        # maximum of 15 Bricks".
        limit = self.T.store_limit_warehouse if self._has_building(p, "Warehouse") else self.T.store_limit
        excess = sum(self.store[p]) - limit
        if excess > 0:
            self.pay_left = excess
            self.phase = LIMIT_BRICKS
            return
        self._check_card_limit()

    def _card_count(self, p: int) -> int:
        # RB: "All Personnel and Celebration cards in your hand, and all Buildings you
        # have in play count towards this limit."
        return sum(self.hand[p]) + sum(self.buildings[p])

    def _discardable_at_limit(self, p: int) -> int:
        T = self.T
        personnel = sum(self.hand[p][k] for k in range(len(T.kind_names)) if T.kind_type[k] == "personnel")
        return personnel + sum(self.buildings[p])

    def _check_card_limit(self) -> None:
        p = self.turn_player
        # RB Warehouse: "In addition, you may keep as many cards in your hand as you
        # wish." DN §13.18: no card limit at all for a Warehouse owner.
        if not (self._has_building(p, "Warehouse") and self.T.card_limit_warehouse is None):
            limit = self.T.card_limit
            if self._has_building(p, "Warehouse"):
                limit = int(self.T.card_limit_warehouse)
            excess = self._card_count(p) - limit
            # RB: "you must put enough Personnel and Building Cards in the discard pile
            # until you only have 5 cards left" / "you may not discard Celebration Cards".
            due = min(excess, self._discardable_at_limit(p))
            if due > 0:
                self.pay_left = due
                self.phase = LIMIT_CARDS
                return
        self._end_turn()

    # ---------------------------------------------------------------- scoring

    def _final_scoring(self) -> None:
        """RB Final Scoring: majorities, then celebration cards."""
        T = self.T
        P = self.num_players
        scores = list(self.prestige)
        for c in range(NUM_COLOURS):
            # RB: "It is given to the player who has fulfilled the most Commissions of
            # this color ... In case of a tie, the bonus goes to the tied player who
            # executed the biggest Commission".
            seals = [0] * P
            highest = [-1] * P
            for level in range(T.levels):
                cid = T.levels * c + level
                q = self.owner[cid]
                if q >= 0:
                    seals[q] += 1
                    highest[q] = max(highest[q], T.commission_height[cid])
            best = max(seals)
            if best == 0:
                continue
            tied = [q for q in range(P) if seals[q] == best]
            winner = max(tied, key=lambda q: highest[q])
            scores[winner] += T.majority_bonus[c]
        # RB: "Now turn over all your Celebration Cards and move your Prestige Marker
        # forward or backwards, as appropriate."
        recognition = T.kind["Recognition"]
        for q in range(P):
            for kind, pp in T.celebration_pp.items():
                scores[q] += pp * self.hand[q][kind]
            # RB Recognition: "count up all the 3- and 4-Level Commissions you've fulfilled."
            small = sum(
                1
                for cid in range(T.num_commissions)
                if self.owner[cid] == q and T.commission_height[cid] in T.recognition_heights
            )
            scores[q] += self.hand[q][recognition] * small * T.recognition_pp
        self.scores = scores
        self.terminated = True
        self.phase = GAME_OVER
        self.current_player = self.turn_player
        self.rewards = compute_rewards(scores, self.reward_mode)

    # ---------------------------------------------------------------- stepping

    def step(self, action: int) -> None:
        """Apply ``action`` for ``current_player``, then every forced decision."""
        legal = self._legal_list()
        try:
            a = operator.index(action)
        except TypeError:
            a = None
        if a is None or a not in legal:
            why = "the game is over" if self.terminated else "it is not legal now"
            raise ValueError(f"firenze reference: action {action!r} cannot be played: {why}; legal actions: {legal}")
        self.rewards = [0.0] * self.num_players
        self._apply(a)
        self._apply_forced_moves()

    def _apply_forced_moves(self) -> None:
        # Core `_play_forced`: a decision with exactly one legal action is played automatically.
        while not self.terminated:
            legal = self._legal_list()
            if len(legal) >= 2:
                return
            if not legal:
                raise RuntimeError(f"no legal action in phase {self.phase} for player {self.current_player}")
            self._apply(legal[0])

    def _apply(self, a: int) -> None:
        T = self.T
        P = self.num_players
        p = self.current_player
        phase = self.phase

        # -- personnel cards that work in several phases (DN §6.7)
        if ALCHEMIST <= a < ALCHEMIST + NUM_COLOURS:
            self._play_personnel(p, "Alchemist")
            self.pending_take = (a - ALCHEMIST, -1)
            self.return_phase = phase
            self.phase = ALCHEMIST_GIVE
            return
        if SMUGGLE <= a < SMUGGLE + 6 * 3:
            k, c = divmod(a - SMUGGLE, 6)
            self._play_personnel(p, "Smuggler")
            self.pending_take = (c, (p + k + 1) % P)
            self.return_phase = phase
            self.phase = SMUGGLER_GIVE
            return
        if WHOLESALE <= a < WHOLESALE + NUM_ROW_SLOTS:
            # RB Wholesaler: "Place all of that card's Bricks in the Pouch and shuffle
            # the Pouch. Draw the same number of Bricks from the Pouch and put them
            # back on the card."
            self._play_personnel(p, "Wholesaler")
            bricks = self.row[a - WHOLESALE][1]
            n = sum(bricks)
            for c in range(NUM_COLOURS):
                self.pouch[c] += bricks[c]
                bricks[c] = 0
            for _ in range(n):
                self._draw_onto(bricks)
            return
        if a in PATRICIAN_DISCARD_IDS:
            # RB Patrician: "spend the Patrician to discard one card from your hand".
            self._play_personnel(p, "Patrician")
            self._discard_from_hand(p, T.hand_kinds[PATRICIAN_DISCARD_IDS.index(a)])
            return
        if SABOTAGE <= a < SABOTAGE + 6 * 3:
            # RB Saboteur: "Choose a Tower of another player. Take one Brick from it and put
            # it in the Pouch." A tower left with no brick is gone (DN §2: compact).
            k, t = divmod(a - SABOTAGE, 6)
            self._play_personnel(p, "Saboteur")
            q = (p + k + 1) % P
            tower = self.towers[q][t]
            tower["height"] -= 1
            self.pouch[tower["colour"]] += 1
            if tower["height"] == 0:
                self.towers[q].pop(t)
            return

        if phase == CHOOSE:
            if a == PLAY_PRINCESS:
                self._play_personnel(p, "Princess")
                self.princess_active = True
                return
            slot = a - TAKE_CARD
            self.chosen_slot = slot
            cost = 0 if self.princess_active else T.card_cost[slot]
            # RB: "You must pay the Costs before you can take the Card and the Bricks."
            if cost > 0:
                self.pay_index = 0
                self.pay_left = cost
                self.phase = PAY_CARD_COST
                return
            self._take_card()
        elif phase == PAY_CARD_COST:
            # RB: "Place one Brick on each Card Row card to the left of your card."
            c = a - BRICK
            self.store[p][c] -= 1
            self.row[self.pay_index][1][c] += 1
            self.pay_index += 1
            self.pay_left -= 1
            if self.pay_left == 0:
                self._take_card()
        elif phase == EVENT_PATRICIAN:
            if a == IGNORE_EVENT:
                self._play_personnel(p, "Patrician")
                self._finish_event()
            else:
                self._resolve_event()
        elif phase == EVENT_OWN_TOWER:
            t = a - SELECT_TOWER
            tower = self.towers[p][t]
            if T.kind_names[self.event_kind] == "Botch":
                # RB Botch: "Choose 1 Tower on your Construction Site. Put one Brick from
                # that Tower in the Pouch."
                tower["height"] -= 1
                self.pouch[tower["colour"]] += 1
                if tower["height"] == 0:
                    self.towers[p].pop(t)
            else:
                # RB Collapse: "You must tear down 1 Tower ... All of this Tower's Bricks go into the Pouch."
                self.towers[p].pop(t)
                self.pouch[tower["colour"]] += tower["height"]
            self._finish_event()
        elif phase == EVENT_DISCARD:
            self._brick_to_pouch(p, a - BRICK)
            self.pay_left -= 1
            if self.pay_left == 0:
                if T.kind_names[self.event_kind] == "Storehouse Fire":
                    self._finish_event()
                else:
                    self._event_next_player()
        elif phase == EVENT_KEEP_TOWER:
            t = a - SELECT_TOWER
            self.keep_marked.add(t)
            self.keep_left -= 1
            if self.keep_left == 0:
                if self.keep_colour >= 0:
                    # SPEC §E Tribute: "when keep_left hits 0, pay b_c bricks of c now and
                    # continue with the next colour."
                    c = self.keep_colour
                    chosen = [i for i in self.keep_marked if self.towers[p][i]["colour"] == c]
                    for _ in range(len(chosen) * T.tribute_bricks):
                        self._brick_to_pouch(p, c)
                    self.keep_colour = -1
                    if not self._tribute_continue(p):
                        self._event_next_player()
                elif not self._luxury_pay(p):
                    self._event_next_player()
        elif phase == EVENT_PAY:
            self._brick_to_pouch(p, a - BRICK)
            self.pay_left -= 1
            if self.pay_left == 0:
                self._luxury_teardown(p)
                self._event_next_player()
        elif phase == EXCHANGE:
            if a == PASS:
                self.phase = BUILD
                return
            s, c = divmod(a - EXCHANGE_BASE, 6)
            self.exchange_slot = s
            self.pending_take = (c, -1)
            self.pay_left = T.exchange_give_bridge if self._has_building(p, "Bridge") else T.exchange_give
            self.phase = EXCHANGE_PAY
        elif phase == EXCHANGE_PAY:
            # RB 2: "Simply place the 3 Bricks from your Storehouse on the card where the
            # Brick you want is sitting, and place the desired Brick in your Storehouse."
            c = a - BRICK
            self.store[p][c] -= 1
            self.row[self.exchange_slot][1][c] += 1
            self.pay_left -= 1
            if self.pay_left == 0:
                want = self.pending_take[0]
                self.row[self.exchange_slot][1][want] -= 1
                self.store[p][want] += 1
                self.exchange_done = True
                self.exchange_slot = -1
                self.pending_take = (-1, -1)
                self.phase = EXCHANGE
        elif phase == BUILD:
            if a == PLAY_MASON:
                self._play_personnel(p, "Mason")
                self.mason_active = True
            elif a == PASS:
                cost = self._cost(p, self.bricks_built)
                if cost > 0:
                    # RB 3: "move the appropriate number of Bricks from your Storehouse to the Pouch."
                    self.pay_left = cost
                    self.phase = PAY_BUILD_COST
                else:
                    self._end_build()
            elif a >= START_TOWER:
                # RB 3: "You may begin new towers". A new tower takes the first free slot.
                c = a - START_TOWER
                tower = new_tower(c)
                self.towers[p].append(tower)
                self._add_brick(p, tower)
            else:
                self._add_brick(p, self.towers[p][a - BUILD_ON])
        elif phase == PAY_BUILD_COST:
            self._brick_to_pouch(p, a - BRICK)
            self.pay_left -= 1
            if self.pay_left == 0:
                self._end_build()
        elif phase == FULFILL:
            if a == PASS:
                self._check_limits()
            elif a == BELL_TOWER:
                self._bell_tower()
            elif a == PLAY_ARCHITECT:
                self._play_personnel(p, "Architect")
                self.architect = 1
            else:
                t, d = divmod(a - FULFILL_BASE, 3)
                self._fulfill(t, d - 1)
        elif phase == LIMIT_BRICKS:
            # RB 6: "you must surrender enough Bricks to the Pouch to bring you down to 10 Bricks."
            self._brick_to_pouch(p, a - BRICK)
            self.pay_left -= 1
            if self.pay_left == 0:
                self._check_card_limit()
        elif phase == LIMIT_CARDS:
            kind = T.limit_kinds[LIMIT_DISCARD_IDS.index(a)]
            if kind in T.building_kinds:
                self._discard_building(p, T.building_kinds.index(kind))
            else:
                self._discard_from_hand(p, kind)
            self.pay_left -= 1
            if self.pay_left == 0:
                self._end_turn()
        elif phase == ALCHEMIST_GIVE:
            # RB Alchemist: swap one storehouse brick for one from the pouch; the give
            # comes from the storehouse as it was before the swap (DN §6.7).
            c, _ = self.pending_take
            self._brick_to_pouch(p, a - BRICK)
            self.pouch[c] -= 1
            self.store[p][c] += 1
            self.pending_take = (-1, -1)
            self.phase = self.return_phase
        elif phase == SMUGGLER_GIVE:
            c, q = self.pending_take
            g = a - BRICK
            self.store[p][g] -= 1
            self.store[q][g] += 1
            self.store[q][c] -= 1
            self.store[p][c] += 1
            self.pending_take = (-1, -1)
            self.phase = self.return_phase
        else:
            raise AssertionError(f"action {a} in phase {phase}")

    def _play_personnel(self, p: int, name: str) -> None:
        """RB Personnel Cards: "Personnel Cards that have been played are put into the discard pile."."""
        self.played[name] = True
        self._discard_from_hand(p, self.T.kind[name])

    def _add_brick(self, p: int, tower: dict) -> None:
        """RB 3: "1 Brick = 1 Level."."""
        c = tower["colour"]
        self.store[p][c] -= 1
        tower["height"] += 1
        tower["built"] = True
        self.bricks_built += 1
