"""The solo game of The Princes of Florence: you against Wolfgang, the Automa, with 2 or 3 dummy
players (SPEC.md section SOLO; readings D39-D58 in DESIGN_NOTES.md).

Only you decide (``num_players = 1``); Wolfgang (seat 1) and the dummies (seats 2..) are played
inside ``step``: your auction against the die and the Automa card, Wolfgang's purchase at the
end of it, his two actions per round from the cards' middle and bottom panels, the dummy
columns. Your own moves (placing, drawing, works, the action phase) are the base game's.

Every random event is counter-based (streams AUTOMA, DIE, TIE of ``constants``), so a game's
trajectory depends on its seed and actions only, never on its batch."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from ....core import rng
from ..constants import (
    A_OPEN,
    A_PASS,
    A_RAISE,
    A_WITHDRAW,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    NUM_AUTOMA,
    NUM_BUILDINGS,
    NUM_PROFESSIONS,
    NUM_STACKS,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_KEEP,
    PH_LANDSCAPE_PICK,
    PH_ORDER,
    PH_PLACE,
    PH_RECRUIT_NOW,
    PH_SETUP_DISCARD,
    RECRUIT_CARD,
    RESUME_AUCTION,
    ROW,
    S_BUILDER,
    S_JESTER,
    S_PRESTIGE,
    S_RECRUITING,
    STREAM_AUTOMA,
    STREAM_DIE,
    STREAM_PROFESSIONS,
    STREAM_SETUP,
    STREAM_TIE,
)
from ..data import AUTOMA_ACTIONS, DIFFICULTIES, FEATURE
from .common import _DECK_SIZE

if TYPE_CHECKING:
    from ..state import PrincesState

SOLO_NAME = "princes_solo"
YOU, WOLFGANG, FIRST_DUMMY = 0, 1, 2
W_WORK, W_BUILD, W_PROFESSION, W_BONUS, W_FREEDOM = range(len(AUTOMA_ACTIONS))  # AUTOMA_ACTIONS order
#: "he takes the earliest action in the following list that it is possible for him to perform"
FALLBACK = np.array([W_PROFESSION, W_BUILD, W_BONUS, W_FREEDOM])
_SIZE_FEATURES = [FEATURE["large"], FEATURE["medium"], FEATURE["small"]]
#: Automa cards drawn per round (D40): one for the auction phase, two for Wolfgang's turn
AUTOMA_PER_ROUND = 3


def check_solo_options(game_id: str, num_players, characters, hard_freedoms, dummies, difficulty) -> None:
    """ValueError for options the solo game does not allow (SPEC.md SO); ``game_id`` begins the
    message: the id the user asked for (``princes`` with ``solo=True``, or ``princes_solo``)."""
    if num_players not in (None, 1):
        raise ValueError(
            f"{game_id}: num_players={num_players!r} is not supported; allowed: 1 (the solo game has one player: you)"
        )
    if characters or hard_freedoms:
        raise ValueError(
            f"{game_id}: the expansions cannot be used in the solo game (characters=True / hard_freedoms=True); "
            "allowed with solo=True: dummies, difficulty, reward, data"
        )
    if isinstance(dummies, bool) or dummies not in (2, 3):
        raise ValueError(f"{game_id}: dummies={dummies!r}; allowed: 2, 3")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"{game_id}: difficulty={difficulty!r}; allowed: {', '.join(map(repr, DIFFICULTIES))}")


def _first(flags: np.ndarray) -> np.ndarray:
    """int[n]: index of the first True of each row of ``flags`` (bool[n, k]); -1 where none."""
    return np.where(flags.any(1), flags.argmax(1), -1)


def _at(a: np.ndarray):
    """``a`` (games g, or per-game values, int[n]) as the scalar it holds when n is 1 (reads and
    writes through scalar indices are several times cheaper than through arrays of one), else a."""
    return a.item(0) if a.size == 1 else a


def _remove_slot(cards: np.ndarray, slot: np.ndarray) -> np.ndarray:
    """``cards`` (int/bool[n, k]) with entry ``slot[i]`` of row i removed, later entries moved one
    left and the last entry copied (the caller sets it)."""
    k = cards.shape[1]
    idx = np.arange(k)[None, :] + (np.arange(k)[None, :] >= slot[:, None])
    return np.take_along_axis(cards, np.minimum(idx, k - 1), 1)


class SoloRules:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: the solo game (reads
    ``self.ST``, the solo tables).

    Where ``g`` holds one game (the AEC env's batch of one, or one game of a batch reaching a step
    alone), the steps take one-game twins (``*_one``, ``b`` the game's index) or write through a
    scalar index (:func:`_at`): the same rules from Python scalars, where numpy's index arithmetic
    on arrays of one costs several times more. Tests play games alone and batched and compare the
    states at every step (``tests/test_princes_solo_single_game.py``)."""

    @functools.cached_property
    def _solo_lists(self) -> tuple[list, list, list, list]:
        """The tables the one-game paths read, as Python lists: the Automa cards' top-panel
        entries [21][5]; each profession's landscape, building and Freedom [21]."""
        T = self.T
        return self.ST.entries.tolist(), T.prof_landscape.tolist(), T.prof_building.tolist(), T.prof_freedom.tolist()

    # ------------------------------------------------------------ set-up (SS)

    def _solo_init(self, seeds: np.ndarray) -> PrincesState:
        T, ST, S = self.T, self.ST, self.seats
        st = self._table(seeds)
        B = len(seeds)
        g = np.arange(B)
        st.money[:, YOU] = T.start_money
        st.money[:, WOLFGANG] = ST.wolfgang_money
        st.supply_freedoms[:] = ST.freedoms_per_kind
        st.start[:] = rng.randint(seeds, STREAM_SETUP, 0, 2)
        keys = rng.shuffle_keys(seeds, STREAM_PROFESSIONS, np.zeros(B, np.int64), NUM_PROFESSIONS)
        deal = np.argsort(keys, axis=1, kind="stable")  # [B, 21]
        mine = deal[:, : ST.dealt_you]
        st.hand_prof[g[:, None], YOU, mine] = True
        st.known[:, YOU] = st.hand_prof[:, YOU]  # your 4 are dealt face up (D42)
        k, at = ST.dealt_others, ST.dealt_you
        st.wolf_row[:, :k] = deal[:, at : at + k]
        st.wolf_len[:] = k
        st.hand_prof[g[:, None], WOLFGANG, deal[:, at : at + k]] = True
        for d in range(S - FIRST_DUMMY):
            at += k
            st.dummy_col[:, d, :k] = deal[:, at : at + k]
            st.dummy_len[:, d] = k
            st.hand_prof[g[:, None], FIRST_DUMMY + d, deal[:, at : at + k]] = True
        at += k
        rest = NUM_PROFESSIONS - at
        st.deck_cards[:, DECK_PROFESSIONS, :rest] = deal[:, at:]
        st.deck_len[:, DECK_PROFESSIONS] = rest
        # The Automa deck: each back shuffled apart, rounds 1-2 on top, 5-7 at the bottom (SR).
        keys = rng.hash64(seeds[:, None], STREAM_AUTOMA, 0, np.arange(NUM_AUTOMA))
        back = np.broadcast_to(ST.back, keys.shape)
        st.automa_order[:] = np.lexsort((keys, back), axis=1)
        st.current_player[:] = YOU
        st.phase[:] = PH_SETUP_DISCARD
        self._refresh_mask(st, g)
        return st

    # ------------------------------------------------------ randomness (SR)

    def _roll(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """int64[n]: one die roll per game (1..die_sides), counting it."""
        if g.size == 1:
            return np.array([self._roll_one(st, g.item(0))])
        d = 1 + rng.randint(st.seed[g], STREAM_DIE, st.die_count[g].astype(np.int64), self.ST.die_sides)
        st.die_count[g] += 1
        return d

    def _roll_one(self, st: PrincesState, b: int) -> int:
        count = st.die_count.item(b)
        st.die_count[b] = count + 1
        return 1 + rng.randint_one(st.seed.item(b), STREAM_DIE, count, self.ST.die_sides)

    def _tie_pick(self, st: PrincesState, g: np.ndarray, n: np.ndarray) -> np.ndarray:
        """int64[n]: a uniform index below n (>= 1) for Wolfgang's tie-breaks, counting it."""
        if g.size == 1:
            b = g.item(0)
            count = st.tie_count.item(b)
            st.tie_count[b] = count + 1
            return np.array([rng.randint_one(st.seed.item(b), STREAM_TIE, count, n.item(0))])
        r = rng.randint(st.seed[g], STREAM_TIE, st.tie_count[g].astype(np.int64), n)
        st.tie_count[g] += 1
        return r

    # ---------------------------------------------------------- paying (SP)

    def _wolf_pay(self, st: PrincesState, g: np.ndarray, amount) -> None:
        """Wolfgang pays ``amount``: his money first, the rest in fame at 200 Florin a space
        (below 0 if need be), the Bank giving 100 change (SPEC SP)."""
        if g.size == 1:  # one game: the same arithmetic on scalars, scalar reads and writes
            at, amount = g.item(0), int(np.asarray(amount).reshape(-1)[0])
            money = st.money.item(at, WOLFGANG)
        else:
            at, amount = g, np.broadcast_to(np.asarray(amount, np.int64), g.shape)
            money = st.money[g, WOLFGANG].astype(np.int64)
        paid = np.minimum(amount, money)
        short = amount - paid
        spaces = -(-short // self.ST.florin_per_fame)
        change = spaces * self.ST.florin_per_fame - short
        st.money[at, WOLFGANG] = money - paid + change
        st.fame[at, WOLFGANG] -= spaces
        st.money_out[at] += paid
        st.money_in[at] += change

    # ------------------------------------------------------- Wolfgang's cards

    def _wolf_facedown(self, st: PrincesState, g: np.ndarray, professions_only: bool) -> np.ndarray:
        """bool[n, ROW]: Wolfgang's face-down slots (of professions only, or of either kind)."""
        row = st.wolf_row[g]
        down = (row >= 0) & ~st.wolf_up[g]
        return down & (row < RECRUIT_CARD) if professions_only else down

    def _wolf_leftmost_profession(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """int64[n]: his leftmost face-down profession card, -1 if none."""
        slot = _first(self._wolf_facedown(st, g, True))
        return np.where(slot >= 0, st.wolf_row[g, np.maximum(slot, 0)], -1).astype(np.int64)

    def _wolf_leftmost_profession_one(self, st: PrincesState, b: int) -> int:
        for x, up in zip(st.wolf_row[b].tolist(), st.wolf_up[b].tolist()):
            if 0 <= x < RECRUIT_CARD and not up:
                return x
        return -1

    def _wolf_append(self, st: PrincesState, g: np.ndarray, card) -> None:
        """A face-down card (profession or RECRUIT_CARD) at the right end of Wolfgang's row."""
        if g.size == 1:
            b, card = g.item(0), int(np.asarray(card).reshape(-1)[0])
            end = st.wolf_len.item(b)
            st.wolf_row[b, end] = card
            st.wolf_up[b, end] = False
            st.wolf_len[b] = end + 1
            if card < RECRUIT_CARD:
                st.hand_prof[b, WOLFGANG, card] = True
            else:
                st.hand_recruit[b, WOLFGANG] += 1
            return
        card = np.broadcast_to(np.asarray(card, np.int64), g.shape)
        end = st.wolf_len[g].astype(np.int64)
        st.wolf_row[g, end] = card
        st.wolf_up[g, end] = False
        st.wolf_len[g] += 1
        prof = card < RECRUIT_CARD
        st.hand_prof[g[prof], WOLFGANG, card[prof]] = True
        st.hand_recruit[g[~prof], WOLFGANG] += 1

    def _see(self, st: PrincesState, g: np.ndarray, x: np.ndarray) -> None:
        """Flip Wolfgang's face-down profession x (>= 0) to read it: it is seen from now on (D47)."""
        has = x >= 0
        st.known[g[has], WOLFGANG, x[has]] = True

    def _stack_supply(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """int64[n, 7]: what is left of each auction object (the Prestige deck for Prestige)."""
        return np.concatenate(
            [
                st.supply_landscapes[g], st.deck_len[g, DECK_PRESTIGE][:, None], st.supply_recruiting[g][:, None],
                st.supply_jesters[g][:, None], st.supply_builders[g][:, None],
            ],
            axis=1,
        ).astype(np.int64)  # fmt: skip

    # ------------------------------------------------------- the auction (SA)

    def _solo_round_start(self, st: PrincesState, g: np.ndarray) -> None:
        self._clear_auction(st, g)
        at = _at(g)
        st.pawn_free[at] = False
        st.stack_used[at] = False
        st.automa_card[at] = st.automa_order[at, st.automa_next[at]]
        st.automa_next[at] += 1
        st.last_bid[at] = -1
        st.auctions_done[at] = 0
        st.you_bought[at] = -1
        st.forced[at] = False
        st.current_player[at] = YOU
        st.phase[at] = PH_AUCTION_CHOOSE

    def _solo_final(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """bool[n]: the next auction is the phase's last (the 200 rule)."""
        return st.auctions_done[g] == self.seats - 1

    def _solo_on_choose(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        """You open an object at its price (the final auction's 200, else the card's modifier plus
        a die as the last bid, 100 more to pay; forced on a low roll without modifier), or withdraw."""
        if g.size == 1 and actions.item(0) != A_WITHDRAW:
            self._solo_open_one(st, g.item(0), actions.item(0) - A_OPEN)
            return
        out = actions == A_WITHDRAW
        if out.any():
            self._solo_auction_end(st, g[out])
            g, actions = g[~out], actions[~out]
            if g.size == 0:
                return
        ST = self.ST
        s = actions - A_OPEN
        final = self._solo_final(st, g)
        st.stack_used[g, s] = True
        st.auctions_done[g] += 1
        st.stack[g] = s
        st.bid[g] = ST.final_price
        st.forced[g] = False
        roll = ~final
        if roll.any():
            gr, sr = g[roll], s[roll]
            card = st.automa_card[gr].astype(np.int64)
            d = self._roll(st, gr)
            last = ST.mod[card, sr] + d
            st.last_bid[gr, sr] = last
            st.bid[gr] = last + 1  # "in order to buy the object, you have to pay an extra 100 Florin"
            st.forced[gr] = ~ST.has_mod[card, sr] & (d <= ST.forced_max_roll)
        st.phase[g] = PH_AUCTION_BID

    def _solo_open_one(self, st: PrincesState, b: int, s: int) -> None:
        """:meth:`_solo_on_choose` of game b opening stack s."""
        ST = self.ST
        final = st.auctions_done.item(b) == self.seats - 1
        st.stack_used[b, s] = True
        st.auctions_done[b] += 1
        st.stack[b] = s
        st.bid[b] = ST.final_price
        st.forced[b] = False
        if not final:
            card = st.automa_card.item(b)
            d = self._roll_one(st, b)
            last = ST.mod.item(card, s) + d
            st.last_bid[b, s] = last
            st.bid[b] = last + 1
            st.forced[b] = not ST.has_mod.item(card, s) and d <= ST.forced_max_roll
        st.phase[b] = PH_AUCTION_BID

    def _solo_on_bid(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        """You buy the open object at the pending price, or decline it (the phase ends after the
        last auction)."""
        if g.size == 1:
            self._solo_on_bid_one(st, g, actions.item(0))
            return
        st.forced[g] = False
        buy = actions == A_RAISE
        if buy.any():
            gb = g[buy]
            st.you_bought[gb] = st.stack[gb]
            self._settle(st, gb)  # pay the price, take the object; the auction ends on resume
        gd = g[~buy]
        if gd.size:
            st.stack[gd] = -1
            st.bid[gd] = 0
            over = st.auctions_done[gd] >= self.seats
            if over.any():
                self._solo_auction_end(st, gd[over])
            st.phase[gd[~over]] = PH_AUCTION_CHOOSE

    def _solo_mask_choose_one(self, st: PrincesState, b: int) -> None:
        """``MaskRules._mask_choose`` of game b (yours: you choose every object): an object you
        could take (``_objects``) not chosen yet in this phase, not excluded from the final auction."""
        T = self.T
        land = (st.supply_landscapes[b] > 0) & st.fits[b, YOU, NUM_BUILDINGS:]  # [3]
        ok = np.zeros(NUM_STACKS, bool)
        if T.single_landscape:
            ok[0] = land.any()
        else:
            ok[:3] = land
        ok[S_PRESTIGE] = st.deck_len.item(b, DECK_PRESTIGE) > 0
        ok[S_RECRUITING] = st.supply_recruiting.item(b) > 0
        ok[S_JESTER] = st.supply_jesters.item(b) > 0
        ok[S_BUILDER] = st.supply_builders.item(b) > 0 and st.builders.item(b, YOU) < T.max_builders
        ok &= ~st.stack_used[b]
        if st.auctions_done.item(b) == self.seats - 1:  # the final auction (SPEC SA, D45)
            ok &= ~self.ST.excluded[st.automa_card.item(b)]
        mask = st.legal_action_mask[b]
        mask[A_OPEN : A_OPEN + NUM_STACKS] = ok
        mask[A_WITHDRAW] = True

    def _solo_mask_bid_one(self, st: PrincesState, b: int) -> None:
        """``MaskRules._mask_bid`` of game b: buy at the pending price if you can pay it; decline
        unless the price is forced (D44)."""
        buy = st.bid.item(b) <= self._purse(st, b, YOU)
        st.legal_action_mask[b, A_RAISE] = buy
        st.legal_action_mask[b, A_PASS] = not (st.forced.item(b) and buy)

    def _solo_on_bid_one(self, st: PrincesState, g: np.ndarray, action: int) -> None:
        """:meth:`_solo_on_bid` of the one game in ``g``."""
        b = g.item(0)
        st.forced[b] = False
        if action == A_RAISE:
            st.you_bought[b] = st.stack[b]
            self._settle(st, g)
            return
        st.stack[b] = -1
        st.bid[b] = 0
        if st.auctions_done.item(b) >= self.seats:
            self._solo_auction_end(st, g)
        else:
            st.phase[b] = PH_AUCTION_CHOOSE

    def _solo_auction_end(self, st: PrincesState, g: np.ndarray) -> None:
        self._clear_auction(st, g)
        at = _at(g)
        st.pawn_free[at] = False
        st.forced[at] = False
        self._wolf_buys(st, g)
        # "If a Recruiting card [a Builder] was not bought by either you or Wolfgang, discard one" (D58)
        for stack, supply, discarded in (
            (S_RECRUITING, st.supply_recruiting, st.recruit_discarded),
            (S_BUILDER, st.supply_builders, st.builders_discarded),
        ):
            drop = (st.you_bought[at] != stack) & (st.wolf_bought[at] != stack) & (supply[at] > 0)
            supply[at] -= drop
            discarded[at] += drop
        st.automa_card[at] = -1
        st.last_bid[at] = -1
        st.stack_used[at] = False
        st.auctions_done[at] = 0
        st.you_bought[at] = -1
        self._action_phase_start(st, g)

    def _wolf_buys(self, st: PrincesState, g: np.ndarray) -> None:
        """Wolfgang buys the leftmost object of the card's top panel he is able to buy (SA 2)."""
        if g.size == 1:
            b = g.item(0)
            choice = self._wolf_choice_one(st, b)
            st.wolf_bought[b] = choice
            if choice >= 0:
                self._wolf_take_one(st, g, choice)
            return
        choice = self._wolf_choice(st, g)
        st.wolf_bought[g] = choice
        bought = choice >= 0
        if bought.any():
            self._wolf_take(st, g[bought], choice[bought])

    def _wolf_choice(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """int64[n]: the stack Wolfgang buys, -1 for none: the first of the card's top panel that
        you did not buy, is left in the supply and he may take (a fourth Builder he may not)."""
        ST, T = self.ST, self.T
        n = g.size
        rows = np.arange(n)
        card = st.automa_card[g].astype(np.int64)
        supply = self._stack_supply(st, g)  # [n, 7]
        you = st.you_bought[g].astype(np.int64)
        x = self._wolf_leftmost_profession(st, g)
        land = T.prof_landscape[np.maximum(x, 0)]
        choice = np.full(n, -1, np.int64)
        for k in range(ST.entries.shape[1]):
            entry = ST.entries[card, k]  # object index in AUTOMA_OBJECT_STACKS order
            pending = choice < 0
            # Landscape: the type on his leftmost face-down profession, read by flipping it (D47).
            reach = pending & (entry == 0)
            self._see(st, g[reach], x[reach])
            land_ok = reach & (x >= 0) & (you != land) & (supply[rows, land] > 0)
            stack = _OBJECT_STACK[entry]  # [n] the stack of a non-landscape entry
            other_ok = pending & (entry != 0) & (you != stack) & (supply[rows, stack] > 0)
            other_ok &= (stack != S_BUILDER) | (st.builders[g, WOLFGANG] < ST.max_builders)
            choice = np.where(land_ok, land, np.where(other_ok, stack, choice))
        return choice

    def _wolf_choice_one(self, st: PrincesState, b: int) -> int:
        """:meth:`_wolf_choice` of game b."""
        entries, prof_landscape, _, _ = self._solo_lists
        you = st.you_bought.item(b)
        x = self._wolf_leftmost_profession_one(st, b)
        supply = st.supply_landscapes[b].tolist() + [
            st.deck_len.item(b, DECK_PRESTIGE), st.supply_recruiting.item(b), st.supply_jesters.item(b),
            st.supply_builders.item(b),
        ]  # fmt: skip
        for entry in entries[st.automa_card.item(b)]:
            if entry == 0:
                if x < 0:
                    continue
                st.known[b, WOLFGANG, x] = True  # flipped to read its landscape (D47)
                stack = prof_landscape[x]
            else:
                stack = _OBJECT_STACK_LIST[entry]
                if stack == S_BUILDER and st.builders.item(b, WOLFGANG) >= self.ST.max_builders:
                    continue
            if stack != you and supply[stack] > 0:
                return stack
        return -1

    def _wolf_take(self, st: PrincesState, g: np.ndarray, s: np.ndarray) -> None:
        """Wolfgang pays for stack s (int64[n]) and takes its object."""
        ST, T = self.ST, self.T
        card = st.automa_card[g].astype(np.int64)
        cost = st.last_bid[g, s].astype(np.int64)
        unrolled = cost < 0  # "Otherwise, roll the die now" (D46: the 200 price is not rolled)
        if unrolled.any():
            cost[unrolled] = ST.mod[card[unrolled], s[unrolled]] + self._roll(st, g[unrolled])
        self._wolf_pay(st, g, cost)
        is_land = s < 3
        if is_land.any():
            gl, lt = g[is_land], s[is_land]
            again = st.landscapes[gl, WOLFGANG, lt] > 0
            st.fame[gl, WOLFGANG] += np.where(again, T.extra_landscape_points, 0).astype(np.int32)
            st.landscapes[gl, WOLFGANG, lt] += 1
            st.supply_landscapes[gl, lt] -= 1
        gj = g[s == S_JESTER]
        st.supply_jesters[gj] -= 1
        st.jesters[gj, WOLFGANG] += 1
        gb = g[s == S_BUILDER]
        if gb.size:
            st.supply_builders[gb] -= 1
            st.builders[gb, WOLFGANG] += 1
            st.fame[gb, WOLFGANG] += T.builder_points[st.builders[gb, WOLFGANG]].astype(np.int32)
        gr = g[s == S_RECRUITING]
        if gr.size:
            st.supply_recruiting[gr] -= 1
            self._wolf_append(st, gr, RECRUIT_CARD)
        gp = g[s == S_PRESTIGE]
        if gp.size:
            self._wolf_draw(st, gp, DECK_PRESTIGE)

    def _wolf_take_one(self, st: PrincesState, g: np.ndarray, s: int) -> None:
        """:meth:`_wolf_take` of the one game in ``g``."""
        ST, T, b = self.ST, self.T, g.item(0)
        cost = st.last_bid.item(b, s)
        if cost < 0:  # "Otherwise, roll the die now" (D46: the 200 price is not rolled)
            cost = ST.mod.item(st.automa_card.item(b), s) + self._roll_one(st, b)
        self._wolf_pay(st, g, cost)
        if s < 3:
            if st.landscapes.item(b, WOLFGANG, s) > 0:
                st.fame[b, WOLFGANG] += T.extra_landscape_points
            st.landscapes[b, WOLFGANG, s] += 1
            st.supply_landscapes[b, s] -= 1
        elif s == S_JESTER:
            st.supply_jesters[b] -= 1
            st.jesters[b, WOLFGANG] += 1
        elif s == S_BUILDER:
            st.supply_builders[b] -= 1
            st.builders[b, WOLFGANG] += 1
            st.fame[b, WOLFGANG] += T.builder_points[st.builders.item(b, WOLFGANG)]
        elif s == S_RECRUITING:
            st.supply_recruiting[b] -= 1
            self._wolf_append(st, g, RECRUIT_CARD)
        else:
            self._wolf_draw(st, g, DECK_PRESTIGE)

    def _wolf_draw(self, st: PrincesState, g: np.ndarray, deck: int) -> None:
        """Wolfgang draws up to 5 cards of ``deck`` (Prestige or Bonus, never empty here), keeps the
        one worth most to him now (ties: at random, SR) and the others go under the deck in the
        order drawn, known to you (D49)."""
        ST = self.ST
        n = g.size
        rows = np.arange(n)
        size = int(_DECK_SIZE[deck])
        top = st.deck_top[g, deck].astype(np.int64)
        length = st.deck_len[g, deck].astype(np.int64)
        k = np.minimum(ST.draw_count, length)
        j = np.arange(ST.draw_count)
        cards = st.deck_cards[g[:, None], deck, (top[:, None] + j) % size].astype(np.int64)  # [n, 5]
        valid = j[None, :] < k[:, None]
        cards = np.where(valid, cards, 0)
        if deck == DECK_PRESTIGE:
            worth = self.prestige_points(st, g)[:, WOLFGANG]  # [n, 14]
        else:
            worth = self.features(st, g, np.full(n, WOLFGANG)) @ self.T.bonus_coef.T  # [n, 20]
        value = np.where(valid, np.take_along_axis(worth, cards, 1), np.iinfo(np.int64).min)
        tied = valid & (value == value.max(1, keepdims=True))
        by_id = np.sort(np.where(tied, cards, size), axis=1)  # tied cards in ascending id first
        chosen = by_id[rows, self._tie_pick(st, g, tied.sum(1))]
        st.under_by[np.broadcast_to(g[:, None], cards.shape)[valid], deck, cards[valid]] = -1  # off the deck
        top = (top + k) % size
        length = length - k
        for i in range(ST.draw_count):  # the others under the deck, in the order drawn
            back = valid[:, i] & (cards[:, i] != chosen)
            gi = g[back]
            st.deck_cards[gi, deck, (top[back] + length[back]) % size] = cards[back, i]
            st.under_by[gi, deck, cards[back, i]] = YOU
            length[back] += 1
        st.deck_top[g, deck] = top
        st.deck_len[g, deck] = length
        if deck == DECK_PRESTIGE:
            st.prestige_hand[g, WOLFGANG, chosen] = True
        else:
            st.bonus_hand[g, WOLFGANG, chosen] = True
            # on his leftmost face-down card; with none it waits beside the row for the next card
            # that joins it, i.e. on slot wolf_len (D50)
            slot = _first(self._wolf_facedown(st, g, False))
            st.wolf_bonus[g, chosen] = np.where(slot >= 0, slot, st.wolf_len[g])

    # -------------------------------------------------- Wolfgang's turn (ST)

    def _solo_turn_start(self, st: PrincesState, g: np.ndarray, seat: np.ndarray) -> None:
        """Seat 0: your turn (the base ACTION phase). Seat 1: Wolfgang's two actions, run now;
        then your turn or the round end."""
        if g.size == 1:
            self._solo_turn_start_one(st, g, seat.item(0))
            return
        wolf = seat == WOLFGANG
        if not wolf.all():
            self._turn_start(st, g[~wolf], YOU)
        if not wolf.any():
            return
        gw = g[wolf]
        st.current_player[gw] = YOU
        for panel in (0, 1):
            card = st.automa_order[gw, st.automa_next[gw].astype(np.int64)].astype(np.int64)
            st.automa_next[gw] += 1
            self._wolf_action(st, gw, self.ST.panels[card, panel])
        st.turns_done[gw] += 1
        over = st.turns_done[gw] >= 2
        if over.any():
            self._round_end(st, gw[over])
        if not over.all():
            self._turn_start(st, gw[~over], YOU)

    def _solo_turn_start_one(self, st: PrincesState, g: np.ndarray, seat: int) -> None:
        """:meth:`_solo_turn_start` of the one game in ``g``."""
        if seat != WOLFGANG:
            self._turn_start(st, g, YOU)
            return
        b = g.item(0)
        st.current_player[b] = YOU
        for panel in (0, 1):
            drawn = st.automa_next.item(b)
            st.automa_next[b] = drawn + 1
            self._wolf_action(st, g, self.ST.panels[st.automa_order.item(b, drawn), panel][None])
        st.turns_done[b] += 1
        if st.turns_done.item(b) >= 2:
            self._round_end(st, g)
        else:
            self._turn_start(st, g, YOU)

    def _wolf_action(self, st: PrincesState, g: np.ndarray, panel: np.ndarray) -> None:
        """One action of Wolfgang's: the exception, else the panel's leftmost possible action,
        else the fallback list (``panel``: int[n, 5] action ids, -1 padded)."""
        if g.size == 1:
            kind, x = self._wolf_action_choice_one(st, g.item(0), panel[0])
            if kind >= 0:
                self._wolf_actions[kind](self, st, g, np.array([x]))
            return
        chosen, x = self._wolf_action_choice(st, g, panel)
        for kind, act in enumerate(self._wolf_actions):
            sel = chosen == kind
            if sel.any():
                act(self, st, g[sel], x[sel])

    @functools.cached_property
    def _wolf_actions(self) -> list:
        """Wolfgang's action handlers by action id (AUTOMA_ACTIONS order)."""
        cls = type(self)
        return [cls._wolf_work, cls._wolf_build, cls._wolf_profession, cls._wolf_bonus, cls._wolf_freedom]

    def _wolf_action_choice(self, st: PrincesState, g: np.ndarray, panel: np.ndarray):
        """(int64[n] the action Wolfgang takes, -1 for none; int64[n] his leftmost face-down
        profession, -1 for none), flipping that card where building or a Freedom is examined."""
        T = self.T
        n = g.size
        rows = np.arange(n)
        facedown = st.hand_prof[g, WOLFGANG].sum(1) + st.hand_recruit[g, WOLFGANG]
        exception = facedown >= T.num_rounds - st.round[g].astype(np.int64)  # D51
        x = self._wolf_leftmost_profession(st, g)
        xi = np.maximum(x, 0)
        possible = np.zeros((n, len(AUTOMA_ACTIONS)), bool)
        possible[:, W_WORK] = facedown >= 1
        possible[:, W_BUILD] = (x >= 0) & (st.supply_buildings[g, T.prof_building[xi]] > 0)
        possible[:, W_PROFESSION] = st.deck_len[g, DECK_PROFESSIONS] > 0
        possible[:, W_BONUS] = st.deck_len[g, DECK_BONUS] > 0  # the one clause of L673 (D50)
        possible[:, W_FREEDOM] = (x >= 0) & (st.supply_freedoms[g, T.prof_freedom[xi]] > 0)
        order = np.concatenate([panel, np.broadcast_to(FALLBACK, (n, FALLBACK.size))], 1)
        listed = order >= 0
        ok = listed & possible[rows[:, None], np.maximum(order, 0)]
        first = np.where(ok.any(1), ok.argmax(1), order.shape[1])
        chosen = np.where(ok.any(1), order[rows, np.minimum(first, order.shape[1] - 1)], -1)
        # build and freedom flip his leftmost face-down profession when they are examined
        examined = listed & (np.arange(order.shape[1])[None, :] <= first[:, None])
        flips = ~exception & (examined & ((order == W_BUILD) | (order == W_FREEDOM))).any(1)
        self._see(st, g[flips], x[flips])
        return np.where(exception, W_WORK, chosen), x

    def _wolf_action_choice_one(self, st: PrincesState, b: int, panel: np.ndarray) -> tuple[int, int]:
        """:meth:`_wolf_action_choice` of game b (``panel`` int[5])."""
        _, _, prof_building, prof_freedom = self._solo_lists
        facedown = np.count_nonzero(st.hand_prof[b, WOLFGANG]) + st.hand_recruit.item(b, WOLFGANG)
        x = self._wolf_leftmost_profession_one(st, b)
        possible = {
            W_WORK: facedown >= 1,
            W_BUILD: x >= 0 and st.supply_buildings.item(b, prof_building[x]) > 0,
            W_PROFESSION: st.deck_len.item(b, DECK_PROFESSIONS) > 0,
            W_BONUS: st.deck_len.item(b, DECK_BONUS) > 0,
            W_FREEDOM: x >= 0 and st.supply_freedoms.item(b, prof_freedom[x]) > 0,
        }
        if facedown >= self.T.num_rounds - st.round.item(b):  # the exception (D51): nothing examined
            return W_WORK, x
        for kind in panel.tolist() + _FALLBACK_LIST:
            if kind < 0:
                continue
            if kind in (W_BUILD, W_FREEDOM) and x >= 0:  # examined: flipped
                st.known[b, WOLFGANG, x] = True
            if possible[kind]:
                return kind, x
        return -1, x

    def _wolf_work(self, st: PrincesState, g: np.ndarray, x: np.ndarray) -> None:
        """Wolfgang completes a work with his leftmost face-down card (SPEC ST): he turns it face up
        and takes the value (the round's minimum, his Jesters, his Recruiting cards and the Bonus
        cards on it) in fame and Florin; each dummy column turns its first face-down card."""
        T = self.T
        if g.size == 1:
            slot = np.array([self._wolf_turn_up_one(st, g.item(0))])
        else:
            slot = _first(self._wolf_facedown(st, g, False))
            card = st.wolf_row[g, slot].astype(np.int64)
            st.wolf_up[g, slot] = True
            prof = card < RECRUIT_CARD
            gp, cp = g[prof], card[prof]
            st.hand_prof[gp, WOLFGANG, cp] = False
            st.known[gp, WOLFGANG, cp] = False
            st.table_prof[gp, WOLFGANG, cp] = True
            gr = g[~prof]
            st.hand_recruit[gr, WOLFGANG] -= 1
            st.table_recruit[gr, WOLFGANG] += 1
        recruits = st.hand_recruit[g, WOLFGANG].astype(np.int64) + st.table_recruit[g, WOLFGANG]
        value = T.minimum[st.round[g].astype(np.int64)] + T.value_jester * st.jesters[g, WOLFGANG].astype(np.int64)
        value += T.value_card * recruits
        on = st.wolf_bonus[g] == slot[:, None]  # [n, 20] Bonus cards on the card (D53)
        if on.any():
            worth = self.features(st, g, np.full(g.size, WOLFGANG)) @ T.bonus_coef.T
            value += (worth * on).sum(1)
            st.bonus_hand[g, WOLFGANG] &= ~on
            st.bonus_out[g] |= on
            st.wolf_bonus[g] = np.where(on, -1, st.wolf_bonus[g])
        florins = value * T.florin_per_work_point
        fame = florins // T.florin_per_fame_taken
        st.fame[g, WOLFGANG] += fame.astype(np.int32)
        self._receive(st, g, np.full(g.size, WOLFGANG), florins - fame * T.florin_per_fame_taken)
        st.best_work[g, WOLFGANG] = np.maximum(st.best_work[g, WOLFGANG], value)
        if g.size == 1:
            self._dummies_turn_up_one(st, g.item(0))
            return
        for d in range(self.seats - FIRST_DUMMY):  # each dummy column flips its first face-down card
            seat = FIRST_DUMMY + d
            col = st.dummy_col[g, d].astype(np.int64)  # [n, COLUMN]
            down = (col >= 0) & st.hand_prof[g[:, None], seat, np.maximum(col, 0)]
            at = _first(down)
            has = at >= 0
            gf, xf = g[has], col[has, at[has]]
            st.hand_prof[gf, seat, xf] = False
            st.table_prof[gf, seat, xf] = True

    def _wolf_turn_up_one(self, st: PrincesState, b: int) -> int:
        """The first block of :meth:`_wolf_work` for game b: his leftmost face-down card (there
        is one: the work is possible) turned face up; returns its slot."""
        row = st.wolf_row[b].tolist()
        slot = next(k for k, (card, up) in enumerate(zip(row, st.wolf_up[b].tolist())) if card >= 0 and not up)
        card = row[slot]
        st.wolf_up[b, slot] = True
        if card < RECRUIT_CARD:
            st.hand_prof[b, WOLFGANG, card] = False
            st.known[b, WOLFGANG, card] = False
            st.table_prof[b, WOLFGANG, card] = True
        else:
            st.hand_recruit[b, WOLFGANG] -= 1
            st.table_recruit[b, WOLFGANG] += 1
        return slot

    def _dummies_turn_up_one(self, st: PrincesState, b: int) -> None:
        """The dummy columns' part of :meth:`_wolf_work` for game b."""
        for d in range(self.seats - FIRST_DUMMY):
            hand = st.hand_prof[b, FIRST_DUMMY + d]  # a view: written in place
            for x in st.dummy_col[b, d, : st.dummy_len.item(b, d)].tolist():
                if hand[x]:
                    hand[x] = False
                    st.table_prof[b, FIRST_DUMMY + d, x] = True
                    break

    def _wolf_build(self, st: PrincesState, g: np.ndarray, x: np.ndarray) -> None:
        T, at = self.T, _at(g)
        b = T.prof_building[_at(x)]
        self._wolf_pay(st, g, T.build_cost[np.minimum(st.builders[at, WOLFGANG], T.max_builders)])
        st.wolf_buildings[at, b] += 1
        st.built[at, WOLFGANG, b] = True
        st.supply_buildings[at, b] -= 1
        st.fame[at, WOLFGANG] += T.building_points

    def _wolf_profession(self, st: PrincesState, g: np.ndarray, x: np.ndarray) -> None:
        self._wolf_pay(st, g, self.T.profession_price)
        self._wolf_append(st, g, self._deal_top(st, g))
        if g.size == 1:
            b = g.item(0)
            for d in range(self.seats - FIRST_DUMMY):
                if st.deck_len.item(b, DECK_PROFESSIONS) == 0:
                    return
                card = self._deal_top(st, g)
                end = st.dummy_len.item(b, d)
                st.dummy_col[b, d, end] = card
                st.dummy_len[b, d] = end + 1
                st.hand_prof[b, FIRST_DUMMY + d, card] = True
            return
        for d in range(self.seats - FIRST_DUMMY):  # then one to each dummy, while the deck lasts
            gd = g[st.deck_len[g, DECK_PROFESSIONS] > 0]
            card = self._deal_top(st, gd)
            end = st.dummy_len[gd, d].astype(np.int64)
            st.dummy_col[gd, d, end] = card
            st.dummy_len[gd, d] += 1
            st.hand_prof[gd, FIRST_DUMMY + d, card] = True

    def _deal_top(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """int64[n]: the top card of the (non-empty) profession deck, taken off it (a numpy integer
        when g holds one game)."""
        at = _at(g)
        top = st.deck_top[at, DECK_PROFESSIONS].astype(np.int64)
        card = st.deck_cards[at, DECK_PROFESSIONS, top].astype(np.int64)
        st.under_by[at, DECK_PROFESSIONS, card] = -1
        st.deck_top[at, DECK_PROFESSIONS] = (top + 1) % NUM_PROFESSIONS
        st.deck_len[at, DECK_PROFESSIONS] -= 1
        return card

    def _wolf_bonus(self, st: PrincesState, g: np.ndarray, x: np.ndarray) -> None:
        self._wolf_pay(st, g, self.T.bonus_price)
        self._wolf_draw(st, g, DECK_BONUS)

    def _wolf_freedom(self, st: PrincesState, g: np.ndarray, x: np.ndarray) -> None:
        at, f = _at(g), self.T.prof_freedom[_at(x)]
        self._wolf_pay(st, g, self.T.freedom_price)
        st.wolf_freedoms[at, f] += 1
        st.freedoms[at, WOLFGANG, f] = True
        st.supply_freedoms[at, f] -= 1

    # ------------------------------------------------------- recruiting (SC)

    def _solo_recruit(self, st: PrincesState, g: np.ndarray, x: np.ndarray) -> None:
        """You take face-up profession x from Wolfgang's row (your Recruiting card joins it, face
        down) or from a dummy column (the Recruiting card is discarded)."""
        owner = st.table_prof[g, :, x].argmax(1)
        st.table_prof[g, owner, x] = False
        st.hand_prof[g, YOU, x] = True
        st.known[g, YOU, x] = True
        st.hand_recruit[g, YOU] -= 1
        wolf = owner == WOLFGANG
        if wolf.any():
            gw, xw = g[wolf], x[wolf]
            slot = (st.wolf_row[gw] == xw[:, None]).argmax(1)
            end = st.wolf_len[gw].astype(np.int64) - 1
            st.wolf_row[gw] = _remove_slot(st.wolf_row[gw], slot)
            st.wolf_up[gw] = _remove_slot(st.wolf_up[gw], slot)
            bonus = st.wolf_bonus[gw]
            st.wolf_bonus[gw] = np.where(bonus > slot[:, None], bonus - 1, bonus)
            st.wolf_row[gw, end] = RECRUIT_CARD
            st.wolf_up[gw, end] = False
            st.hand_recruit[gw, WOLFGANG] += 1
        dummy = ~wolf
        if dummy.any():
            gd, xd, d = g[dummy], x[dummy], owner[dummy] - FIRST_DUMMY
            col = st.dummy_col[gd, d]
            slot = (col == xd[:, None]).argmax(1)
            col = _remove_slot(col, slot)
            col[np.arange(gd.size), st.dummy_len[gd, d].astype(np.int64) - 1] = -1
            st.dummy_col[gd, d] = col
            st.dummy_len[gd, d] -= 1
            st.recruit_discarded[gd] += 1

    # -------------------------------------------------- hidden information (SH)

    def _solo_randomize_hidden(self, state: PrincesState, player: int, seed: int) -> PrincesState:
        """Re-deal what you cannot see: the professions in the deck, Wolfgang's unseen face-down
        cards and the dummies' face-down cards; the Bonus and Prestige decks but for the cards you
        put under them; the undrawn Automa cards within their backs; new dice (SPEC SH)."""
        if player != YOU:
            raise ValueError(f"{self.name}: the solo game has one player (0), not {player!r}")
        out = state.copy()
        new_seeds = rng.hash64(np.uint64(seed), 99, np.arange(state.batch_size))
        for b in range(state.batch_size):
            self._redeal_professions(out, b, new_seeds[b])
            for deck in (DECK_BONUS, DECK_PRESTIGE):
                self._redeal_deck(out, b, deck, new_seeds[b])
            left = np.arange(NUM_AUTOMA) >= out.automa_next[b]
            order = out.automa_order[b].astype(np.int64)
            for back in range(3):
                places = np.flatnonzero(left & (self.ST.back[order] == back))
                cards = np.sort(order[places])
                keys = rng.hash64(new_seeds[b], 97, 0, cards)
                order[places] = cards[np.argsort(keys, kind="stable")]
            out.automa_order[b] = order
        out.seed[:] = new_seeds
        return out

    def _redeal_professions(self, st: PrincesState, b: int, seed) -> None:
        """Pool the deck (but for the cards you put under it), Wolfgang's unseen face-down
        professions and the dummies' face-down cards; shuffle; deal back to the same places
        (Wolfgang's slots, the dummies, the deck)."""
        size = NUM_PROFESSIONS
        top, length = int(st.deck_top[b, DECK_PROFESSIONS]), int(st.deck_len[b, DECK_PROFESSIONS])
        deck_places = [(top + i) % size for i in range(length)]
        # the cards you put under the deck stay where you know them to be
        put_by = st.under_by[b, DECK_PROFESSIONS]
        deck_places = [i for i in deck_places if put_by[st.deck_cards[b, DECK_PROFESSIONS, i]] != YOU]
        pool = [int(st.deck_cards[b, DECK_PROFESSIONS, i]) for i in deck_places]
        row = st.wolf_row[b]
        wolf_slots = [
            k for k in range(int(st.wolf_len[b]))
            if row[k] < RECRUIT_CARD and not st.wolf_up[b, k] and not st.known[b, WOLFGANG, row[k]]
        ]  # fmt: skip
        pool += [int(row[k]) for k in wolf_slots]
        dummy_places = []
        for d in range(self.seats - FIRST_DUMMY):
            for k in range(int(st.dummy_len[b, d])):
                x = int(st.dummy_col[b, d, k])
                if st.hand_prof[b, FIRST_DUMMY + d, x]:
                    dummy_places.append((d, k))
                    pool.append(x)
        for x in pool:
            st.hand_prof[b, 1:, x] = False
        pool.sort()  # the redraw depends only on what you know, not on where the cards lie
        keys = rng.hash64(seed, 98, 0, np.arange(len(pool)))
        pool = [pool[i] for i in np.argsort(keys, kind="stable")]
        it = iter(pool)
        for k in wolf_slots:
            x = next(it)
            row[k] = x
            st.hand_prof[b, WOLFGANG, x] = True
        for d, k in dummy_places:
            x = next(it)
            st.dummy_col[b, d, k] = x
            st.hand_prof[b, FIRST_DUMMY + d, x] = True
        for i in deck_places:
            st.deck_cards[b, DECK_PROFESSIONS, i] = next(it)

    def _redeal_deck(self, st: PrincesState, b: int, deck: int, seed) -> None:
        """Shuffle the places of a Bonus / Prestige deck's cards except those you put under it."""
        size = int(_DECK_SIZE[deck])
        top, length = int(st.deck_top[b, deck]), int(st.deck_len[b, deck])
        places = [(top + i) % size for i in range(length)]
        free = [i for i in places if st.under_by[b, deck, st.deck_cards[b, deck, i]] != YOU]
        cards = sorted(int(st.deck_cards[b, deck, i]) for i in free)
        keys = rng.hash64(seed, 98, deck, np.arange(len(cards)))
        for i, j in zip(free, np.argsort(keys, kind="stable")):
            st.deck_cards[b, deck, i] = cards[j]
            st.under_by[b, deck, cards[j]] = -1

    # ------------------------------------------------------------ invariants

    def _solo_invariant_problems(self, st: PrincesState) -> list[str]:
        """Messages for the solo state's own invariants: Wolfgang's row and the dummy columns agree
        with the hands and tables, his Bonus cards lie on face-down cards, the Automa deck."""
        problems: list[str] = []
        B = st.batch_size

        def bad(cond, what):
            rows = np.flatnonzero(cond)
            if rows.size:
                problems.append(f"game {int(rows[0])}: {what}")

        row, up = st.wolf_row.astype(np.int64), st.wolf_up
        used = np.arange(ROW)[None, :] < st.wolf_len[:, None]
        bad(((row >= 0) != used).any(1), "Wolfgang's row has gaps")
        down = np.zeros((B, NUM_PROFESSIONS + 1), np.int64)
        face = np.zeros((B, NUM_PROFESSIONS + 1), np.int64)
        rows = np.broadcast_to(np.arange(B)[:, None], row.shape)
        np.add.at(down, (rows[used & ~up], row[used & ~up]), 1)
        np.add.at(face, (rows[used & up], row[used & up]), 1)
        bad((down[:, :NUM_PROFESSIONS] != st.hand_prof[:, WOLFGANG]).any(1), "Wolfgang's face-down cards differ")
        bad((face[:, :NUM_PROFESSIONS] != st.table_prof[:, WOLFGANG]).any(1), "Wolfgang's face-up cards differ")
        bad(down[:, RECRUIT_CARD] != st.hand_recruit[:, WOLFGANG], "Wolfgang's face-down Recruiting cards differ")
        bad(face[:, RECRUIT_CARD] != st.table_recruit[:, WOLFGANG], "Wolfgang's face-up Recruiting cards differ")
        slot = st.wolf_bonus.astype(np.int64)  # [B, 20]
        on = slot >= 0
        bad((on != st.bonus_hand[:, WOLFGANG]).any(1), "Wolfgang's Bonus cards differ from those on his row")
        under = np.minimum(np.maximum(slot, 0), ROW - 1)
        lies_down = ~np.take_along_axis(up, under, 1) & (np.take_along_axis(row, under, 1) >= 0)
        waits = slot == st.wolf_len[:, None]  # D50: beside the row, for the next card to join it
        bad((on & ~lies_down & ~waits).any(1), "a Bonus card of Wolfgang's lies on no face-down card")
        bad((st.built[:, WOLFGANG] != (st.wolf_buildings > 0)).any(1), "Wolfgang's built mirror is stale")
        bad((st.freedoms[:, WOLFGANG] != (st.wolf_freedoms > 0)).any(1), "Wolfgang's Freedom mirror is stale")
        for d in range(self.seats - FIRST_DUMMY):
            col = st.dummy_col[:, d].astype(np.int64)
            have = col >= 0
            bad((have != (np.arange(col.shape[1]) < st.dummy_len[:, d, None])).any(1), "a dummy column has gaps")
            cards = np.zeros((B, NUM_PROFESSIONS + 1), np.int64)
            np.add.at(cards, (np.broadcast_to(np.arange(B)[:, None], col.shape)[have], col[have]), 1)
            seat = FIRST_DUMMY + d
            held = st.hand_prof[:, seat].astype(np.int64) + st.table_prof[:, seat]
            bad((cards[:, :NUM_PROFESSIONS] != held).any(1), "a dummy column differs from its cards")
        for seat in range(FIRST_DUMMY, self.seats):
            bad(st.money[:, seat] != 0, "a dummy holds money")
        deck = np.sort(st.automa_order, axis=1)
        bad((deck != np.arange(NUM_AUTOMA)).any(1), "the Automa deck is not the 21 cards")
        backs = self.ST.back[np.clip(st.automa_order, 0, NUM_AUTOMA - 1)]
        bad((np.diff(backs, axis=1) < 0).any(1), "field 'automa_order' is not the backs 1-2, 3-4, 5-7 top first (SR)")
        bad((st.automa_next < 0) | (st.automa_next > NUM_AUTOMA), "Automa cards drawn out of range")
        problems += self._automa_drawn_problems(st)
        bad(st.current_player != YOU, "the current player is not you")
        # the base game's bidding fields stay blank: you buy at the die's price (SA)
        blank = ~st.in_auction.any(1) & ~st.pawn_free.any(1) & (st.high == -1) & (st.opener == -1) & ~st.lone
        bad(~blank, "fields 'in_auction', 'pawn_free', 'high', 'opener' or 'lone' set (no bidding in the solo game)")
        return problems

    def _automa_drawn_problems(self, st: PrincesState) -> list[str]:
        """Messages where ``automa_next`` (cards drawn), ``automa_card``, ``round``, ``start``,
        ``turns_done``, ``phase`` and ``last_bid`` disagree. The deck is consumed exactly (D40):
        one card per auction phase ("Draw the top card of the Automa deck"), two per Wolfgang turn,
        3 per round; so before round r's auction 3r cards are drawn, during it 3r + 1 (its card is
        ``automa_card``), in its action phase 3r + 1 more 2 once Wolfgang has had his turn (he has
        when he starts the round: ``turns_done`` is then 1, else 0, as your turn is the one under
        way), and all 21 at the end. A rolled last bid (``last_bid[s]``) is only on an object
        opened in this auction, the card's modifier plus one die."""
        ST, r = self.ST, st.round.astype(np.int64)
        drawn, start, done = st.automa_next.astype(np.int64), st.start.astype(np.int64), st.turns_done.astype(np.int64)
        phase, card = st.phase, st.automa_card.astype(np.int64)
        sub = np.isin(phase, (PH_LANDSCAPE_PICK, PH_PLACE, PH_KEEP, PH_ORDER, PH_RECRUIT_NOW))
        auction = np.isin(phase, (PH_AUCTION_CHOOSE, PH_AUCTION_BID)) | (sub & (st.resume == RESUME_AUCTION))
        action = ~auction & ~st.terminated & (phase != PH_SETUP_DISCARD)
        setup = phase == PH_SETUP_DISCARD
        expected = np.select(
            [setup, auction, action], [0, AUTOMA_PER_ROUND * r + 1, AUTOMA_PER_ROUND * r + 1 + 2 * start], NUM_AUTOMA
        )
        wrong = (
            (drawn != expected) | ((card >= 0) != auction) | (setup & (r != 0)) | (action & (done != start))
            | (st.terminated & (r != self.T.num_rounds - 1))
        )  # fmt: skip
        problems = []
        for b in np.flatnonzero(wrong)[:1]:
            problems.append(
                f"game {b}: field 'automa_next' = {drawn[b]} (Automa cards drawn) disagrees with 'round' = {r[b]}, "
                f"'start' = {start[b]}, 'turns_done' = {done[b]}, 'phase' = {int(phase[b])}, 'automa_card' = "
                f"{card[b]}: the deck gives 3 cards a round, one at the auction and two on Wolfgang's turn (D40)"
            )
        rolled = st.last_bid.astype(np.int64)
        mod = ST.mod[np.maximum(card, 0)]  # [B, 7]
        ok = (rolled < 0) | ((card[:, None] >= 0) & st.stack_used & (rolled > mod) & (rolled <= mod + ST.die_sides))
        for b in np.flatnonzero(~ok.all(1))[:1]:
            problems.append(
                f"game {b}: field 'last_bid' = {rolled[b].tolist()} is no roll on this auction's card "
                f"('automa_card' = {card[b]}, 'stack_used' = {st.stack_used[b].tolist()}): a rolled last bid is "
                "the object's modifier plus 1..die_sides"
            )
        return problems

    # -------------------------------------------------- features, scoring (SE)

    def _solo_features(self, st: PrincesState, g: np.ndarray, p: np.ndarray, out: np.ndarray) -> None:
        """Wolfgang's features (SW) in place of the grid-based ones, for the rows where p == 1."""
        w = p == WOLFGANG
        if not w.any():
            return
        T, gw = self.T, g[w]
        counts = st.wolf_buildings[gw].astype(np.int64)  # [m, 10]
        by_size = counts @ self._size_onehot
        sub = out[w]
        sub[:, FEATURE["buildings"]] = counts.sum(1)
        sub[:, _SIZE_FEATURES] = by_size
        sub[:, FEATURE["sizes"]] = (by_size > 0).sum(1)
        sub[:, FEATURE["freedoms"]] = st.wolf_freedoms[gw].sum(1)
        nb = len(T.building_names)
        area = counts @ T.piece_area[:nb] + st.landscapes[gw, WOLFGANG].astype(np.int64) @ T.piece_area[nb:]
        sub[:, FEATURE["empty"]] = np.maximum(T.free_cells - area, 0)
        out[w] = sub

    def _solo_final_rewards(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """float32[n, 1]: +1 / -1 / 0 against Wolfgang (fame, then money); or the fame margin."""
        fame = st.fame[g].astype(np.int64)
        if self.options.get("reward", "win") == "score":
            return (fame[:, YOU] - fame[:, WOLFGANG]).astype(np.float32)[:, None]
        key = self.rank_key(st.fame[g], st.money[g])
        return np.sign(key[:, YOU] - key[:, WOLFGANG]).astype(np.float32)[:, None]

    def _solo_ranks(self, state: PrincesState) -> np.ndarray:
        key = self.rank_key(state.fame[:, :2], state.money[:, :2])
        return np.where(key[:, YOU] >= key[:, WOLFGANG], 1, 2)[:, None]


#: the auction stack of each Automa object (AUTOMA_OBJECT_STACKS order; the landscape's is read
#: from Wolfgang's card)
_OBJECT_STACK = np.array([-1, S_PRESTIGE, S_RECRUITING, S_JESTER, S_BUILDER])
_OBJECT_STACK_LIST = _OBJECT_STACK.tolist()
_FALLBACK_LIST = FALLBACK.tolist()
