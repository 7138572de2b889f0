"""The rules of Florenza: The Card Game as compiled kernels (numba), each written once over one game.

The kernels here change a game; ``kernel_views.py`` holds the arrays and tables they take (``s``,
``t``) and the kernels that only read it (the masks, the observation). The entry points at the end
run a kernel over a list of games in a plain loop; a game alone (B=1: the AEC env, search) runs
the same code.

The rules, in the order a round meets them (SPEC §4-§6): :func:`setup_one` (the shuffles, the
first row and table, the deal), the decisions of :func:`apply_one` (:func:`on_action` with
:func:`activate_location`, :func:`on_hire`, the exchange and barter steps, :func:`on_keep`, the
Captain's and the merchants' choices), :func:`next_action`, :func:`round_over` (the round's end:
:func:`discards`, :func:`next_keep`, :func:`captain_choice`, :func:`next_income`,
:func:`election`), :func:`round_start`. The end of the game only marks the game over: its scores,
ranks and rewards are ``scoring.py``'s (numpy, once per game). The writes are those of the numpy
engine before it, so trajectories are unchanged (SPEC §3: the counter-based streams of
:mod:`florentine_envs.core.rng`, through its kernels).
"""

from __future__ import annotations

import numpy as np

from ...core.game import MAX_FORCED_CHAIN
from ...core.jit import jit
from ...core.rng import hash_prefix_kernel, mix_kernel, randint_kernel, sort_by_key
from .constants import (
    BASE_ACTIONS,
    BEING_COMPLETED,
    DISCARDED,
    DONE,
    IN_ROW,
    NUM_RESOURCES,
    PH_ACTION,
    PH_BARTER_GIVE,
    PH_BARTER_TAKE,
    PH_CAPTAIN_CHOICE,
    PH_EXCHANGE_GIVE_1,
    PH_EXCHANGE_GIVE_2,
    PH_EXCHANGE_TAKE,
    PH_HIRE,
    PH_KEEP,
    PH_MERCHANT_CHOICE,
    PH_OVER,
    RESERVED,
    STREAM_ARTISTS,
    STREAM_FLORENZA,
    STREAM_MONUMENTS,
    STREAM_SETUP,
)
from .data import G_ART_COLLEGE, G_MASTER_BUILDER, G_MERCHANTS, L_BARTER, L_CAPTAIN, L_GAIN, L_SELL
from .kernel_views import (
    ANON_COST,
    ANON_VALUE,
    ART_BASE,
    ART_COPIES,
    ART_COST,
    ART_TYPE,
    BASE_INCOME,
    CARD_DRAWS,
    CARD_INCOME,
    CARD_MONEY,
    CARD_NEEDS,
    CARD_PP,
    CARD_RES,
    CARD_SLOT,
    COPY_KIND,
    COPY_VALUE,
    ITEM_COPY,
    ITEM_KIND,
    LOC_COPIES,
    LOC_EFFECT,
    LOC_RES,
    MON_MONEY,
    MON_PP,
    MON_RES,
    RES_START,
    _unpack,
    discount,
    has_guild,
    refresh_mask,
    called,
    row_rank,
    rule,
)

#: what the entry points return for a game whose forced-move chain does not end (an engine bug)
CHAIN_ERROR = -2
_NONE = np.uint64(0xFFFFFFFFFFFFFFFF)  # the shuffle key of an item left out: after every other


# ------------------------------------------------------------------------------ payments




@rule
def gain_resource(s, g, p, r, amount):
    """Seat ``p`` takes ``amount`` of resource ``r`` from the supply (gives it back if negative)."""
    s.res[g, p, r] += amount
    s.supply[g, r] -= amount


@rule
def gain_money(s, g, p, amount):
    """Seat ``p`` takes ``amount`` Fiorini from the supply (pays them if negative)."""
    s.money[g, p] += amount
    s.supply_money[g] -= amount


# ------------------------------------------------------------------------------ the action phase


@rule
def place_card(s, t, g, p, k, artist):
    """Card ``k`` goes in front of seat ``p`` with its artist's value (-1: none)."""
    s.in_play[g, p, k] = True
    s.card_artist[g, p, k] = artist
    s.visible_pp[g, p] += t.cards[CARD_PP, k]


@rule
def copy_of(s, t, g, p, a, where):
    """The copy of artist kind ``a`` drawn first among those on the table (``where`` = IN_ROW) or
    reserved by seat ``p`` (RESERVED), DESIGN_NOTES 11."""
    base = t.arts[ART_BASE, a]
    best, best_pos = base, 127
    for c in range(base, base + t.arts[ART_COPIES, a]):
        if s.art_state[g, c] == where and (where != RESERVED or s.art_owner[g, c] == p) and s.art_pos[g, c] < best_pos:
            best, best_pos = c, s.art_pos[g, c]
    return best


@rule
def on_action(s, t, g, action):
    """An action of the ACTION phase (SPEC §6); True when it is complete (no follow-up decision)."""
    p = np.int64(s.current_player[g])
    if action < t.complete:  # PLAY[k]: pay, then the card in play or waiting for its artist
        k = action
        for r in range(NUM_RESOURCES):
            gain_resource(s, g, p, r, -t.cards[CARD_RES + r, k])
        gain_money(s, g, p, -t.cards[CARD_MONEY, k])
        s.hand[g, p, k] -= 1
        if not t.cards[CARD_NEEDS, k]:
            place_card(s, t, g, p, k, -1)
            return True
        s.pending_card[g] = k
        s.phase[g] = PH_HIRE
        return False
    if action < t.reserve_monument:  # COMPLETE[m]: pay, then hire its artist
        m = action - t.complete
        for r in range(NUM_RESOURCES):
            gain_resource(s, g, p, r, -t.mons[MON_RES + r, m])
        gain_money(s, g, p, -max(0, t.mons[MON_MONEY, m] - discount(s, t, g, p, G_MASTER_BUILDER)))
        s.mon_state[g, m] = BEING_COMPLETED
        s.mon_owner[g, m] = p
        s.pending_monument[g] = m
        s.phase[g] = PH_HIRE
        return False
    if action < t.reserve_artist:
        m = action - t.reserve_monument
        s.mon_state[g, m] = RESERVED
        s.mon_owner[g, m] = p
    elif action < t.location:
        a = action - t.reserve_artist
        copy = copy_of(s, t, g, p, a, IN_ROW)
        s.art_state[g, copy] = RESERVED
        s.art_owner[g, copy] = p
        s.table_count[g, a] -= 1
        s.reserved_count[g, p, a] += 1
    elif action < t.workers:
        return activate_location(s, t, g, p, action - t.location)
    elif action == t.workers:
        gain_money(s, g, p, t.workers_money)
    elif action < t.buy:
        gain_resource(s, g, p, action - t.sell, -1)
        gain_money(s, g, p, t.market_sell)
    elif action < t.exchange:
        gain_money(s, g, p, -t.market_buy)
        gain_resource(s, g, p, action - t.buy, 1)
    elif action == t.exchange:
        s.phase[g] = PH_EXCHANGE_GIVE_1
        return False
    elif action == t.inspiration:
        draw_cards(s, g, p, 1)
    # PASS: nothing happens; the action is used up (DESIGN_NOTES 27)
    return True


@rule
def activate_location(s, t, g, p, loc):
    """LOCATION[l] (SPEC §6); False for a barter, which waits for its two choices."""
    effect, r = t.locs[LOC_EFFECT, loc], t.locs[LOC_RES, loc]
    s.loc_up[g, loc] -= 1
    if effect == L_GAIN:
        gain_resource(s, g, p, r, t.gain_amount)
    elif effect == L_SELL:
        gain_resource(s, g, p, r, -1)
        gain_money(s, g, p, t.location_sell)
    elif effect == L_CAPTAIN:
        s.new_captain[g] = p
    elif effect == L_BARTER:
        s.phase[g] = PH_BARTER_GIVE
        return False
    return True


@rule
def on_hire(s, t, g, action):
    """HIRE: the artist on the pending work, paid (the Bottega d'Arte discount), then the work
    placed; the action is complete."""
    p = np.int64(s.current_player[g])
    if action < t.hire_anonymous:  # an artist card, from the table or reserved
        table = action < t.hire_reserved
        a = action - (t.hire_table if table else t.hire_reserved)
        copy = copy_of(s, t, g, p, a, IN_ROW if table else RESERVED)
        s.art_state[g, copy] = DONE
        s.art_owner[g, copy] = p
        if table:
            s.table_count[g, a] -= 1
        else:
            s.reserved_count[g, p, a] -= 1
        value = t.copies[COPY_VALUE, copy]
        s.hired_types[g, p, t.arts[ART_TYPE, a]] += 1
        cost = t.arts[ART_COST, a]
    else:
        x = action - t.hire_anonymous
        s.anon_up[g, x] = False
        value = t.small[ANON_VALUE, x]
        s.anon_hired[g, p, x] += 1
        cost = t.small[ANON_COST, x]
    gain_money(s, g, p, -max(0, cost - discount(s, t, g, p, G_ART_COLLEGE)))
    s.visible_pp[g, p] += value
    card, m = s.pending_card[g], s.pending_monument[g]
    if card >= 0:
        place_card(s, t, g, p, card, value)
    else:
        s.mon_state[g, m] = DONE
        s.mon_owner[g, m] = p
        s.mon_artist[g, m] = value
        s.visible_pp[g, p] += t.mons[MON_PP, m]
    s.pending_card[g] = -1
    s.pending_monument[g] = -1


@rule
def next_action(s, t, g):
    """The next (slot, offset) whose seat acts (SPEC §5: slots 4-7 only for a seat with the card
    of that slot in play), or the end of the round. True when the game ended."""
    P = t.P
    s.phase[g] = PH_ACTION
    for index in range(s.slot[g] * P + s.offset[g] + 1, 8 * P):
        slot, j = index // P, index % P
        acts = slot < BASE_ACTIONS
        if not acts:
            seat = (s.captain[g] + j) % P
            for k in range(t.K):
                if t.cards[CARD_SLOT, k] == slot and s.in_play[g, seat, k]:
                    acts = True
                    break
        if acts:
            s.slot[g] = slot
            s.offset[g] = j
            s.current_player[g] = (s.captain[g] + j) % P
            return False
    return round_over(s, t, g, np.int64(END_OF_ROUND))


# ------------------------------------------------------------------------------ the round's end

#: the automatic steps of a round's end, in order: :func:`round_over` runs them from one on
END_OF_ROUND, KEEPS, INCOME, INCOMES, ELECTION = range(5)


@called
def round_over(s, t, g, step):
    """The automatic steps of the round's end (SPEC §5, "Phase 4") from ``step`` on, until a
    decision or the next round's first action: step a (:func:`discards`, in rounds 1-4, then the
    keeps), step b (the Captain's choice, then the incomes), steps c and d (:func:`election`).
    One kernel called, not inlined, for all of them: each rule in it is compiled once. True when
    the game ended."""
    if step == END_OF_ROUND:
        step = INCOME
        if s.round[g] < t.rounds:
            discards(s, t, g)
            step = KEEPS
    if step == KEEPS:
        if next_keep(s, t, g):
            return False
        step = INCOME
    if step == INCOME:
        if captain_choice(s, t, g):
            return False
        s.keep_offset[g] = 0
        step = INCOMES
    if step == INCOMES and next_income(s, t, g):
        return False
    return election(s, t, g)


@rule
def discards(s, t, g):
    """Step a: the row keeps its first ``monuments_kept`` (DESIGN_NOTES 5: prestige descending,
    then the order drawn), the table's artists are discarded; the keeps start from the Captain."""
    for m in range(t.M):
        if s.mon_state[g, m] == IN_ROW and row_rank(s, t, g, m) >= t.monuments_kept:
            s.mon_state[g, m] = DISCARDED
    for c in range(t.NA):
        if s.art_state[g, c] == IN_ROW:
            s.art_state[g, c] = DISCARDED
    s.table_count[g] = 0
    s.keep_offset[g] = 0


@rule
def next_keep(s, t, g):
    """The next seat (in turn order from ``keep_offset``) with cards in hand keeps one: True, its
    decision set; False after the last."""
    P = t.P
    for j in range(np.int64(s.keep_offset[g]), P):
        seat = (s.captain[g] + j) % P
        for k in range(t.K):
            if s.hand[g, seat, k] > 0:
                s.phase[g] = PH_KEEP
                s.current_player[g] = seat
                s.keep_offset[g] = j
                return True
    return False


@rule
def captain_choice(s, t, g):
    """Step b (DESIGN_NOTES 16) begins with the Captain's choice, which every player receives,
    where a resource the supply holds for every player exists: True, the decision set."""
    for r in range(NUM_RESOURCES):
        if s.supply[g, r] >= t.P:
            s.phase[g] = PH_CAPTAIN_CHOICE
            s.current_player[g] = s.captain[g]
            return True
    return False


@rule
def next_income(s, t, g):
    """From offset ``keep_offset`` on, in turn order: each seat receives its whole income (the
    Family card's with its cards', as far as the supply goes), then chooses its Arte dei
    Mercatanti resource: True, that decision set; False after the last seat."""
    P = t.P
    for j in range(np.int64(s.keep_offset[g]), P):
        seat = (s.captain[g] + j) % P
        for r in range(NUM_RESOURCES + 1):
            amount = t.small[BASE_INCOME, r]
            for k in range(t.K):
                if s.in_play[g, seat, k]:
                    amount += t.cards[CARD_INCOME + r, k]
            if r < NUM_RESOURCES:
                gain_resource(s, g, seat, r, min(amount, s.supply[g, r]))
            else:
                gain_money(s, g, seat, min(amount, s.supply_money[g]))
        if has_guild(s, t, g, seat, G_MERCHANTS):
            for r in range(NUM_RESOURCES):
                if s.supply[g, r] > 0:
                    s.phase[g] = PH_MERCHANT_CHOICE
                    s.current_player[g] = seat
                    s.keep_offset[g] = j
                    return True
    return False


@rule
def election(s, t, g):
    """Steps c and d: the holder of the New Captain card or the next seat becomes Captain, then
    the next round or the end of the game (scored by ``scoring.py``). True when the game ended."""
    holder = s.new_captain[g]
    s.captain[g] = holder if holder >= 0 else (s.captain[g] + 1) % t.P
    s.new_captain[g] = -1
    s.loc_up[g, t.captain_kind] = 1
    if s.round[g] >= t.rounds:
        s.phase[g] = PH_OVER
        s.terminated[g] = True
        s.legal_action_mask[g] = False
        return True
    for loc in range(t.L):
        s.loc_up[g, loc] = t.locs[LOC_COPIES, loc]
    s.anon_up[g] = True
    s.round[g] += 1
    round_start(s, t, g)
    return False


# ------------------------------------------------------------------------------ draws and shuffles


@rule
def draw_monuments(s, t, g, n):
    """The next ``n`` monuments of the deck (fewer if it runs out) join the row."""
    first = np.int64(s.mon_drawn[g])
    for m in range(t.M):
        if first <= s.mon_pos[g, m] < first + n:
            s.mon_state[g, m] = IN_ROW
    s.mon_drawn[g] = min(first + n, t.M)


@rule
def draw_artists(s, t, g):
    """Phase 1: the next ``artists_per_round`` artist copies go face down on the (empty) table."""
    first, n = np.int64(s.art_drawn[g]), t.artists_per_round
    s.table_count[g] = 0
    for c in range(t.NA):
        if first <= s.art_pos[g, c] < first + n:
            s.art_state[g, c] = IN_ROW
            s.table_count[g, t.copies[COPY_KIND, c]] += 1
    s.art_drawn[g] = min(first + n, t.NA)


@rule
def draw_cards(s, g, p, n):
    """Seat ``p`` draws ``n`` cards from the top of the draw deck (as many as it holds)."""
    pos = np.int64(s.deck_pos[g])
    take = min(n, s.deck_len[g] - pos)
    for i in range(take):
        s.hand[g, p, s.deck[g, pos + i]] += 1
    s.deck_pos[g] = pos + take


@rule
def draw_positions(s, t, g, stream, positions, n):
    """``positions[g]`` (int8[., n]): each item's place in the shuffle of ``n`` items (set-up)."""
    keys, ids = t.keys[:n], t.ids[:n]
    prefix = hash_prefix_kernel(s.seed[g], stream, 0)
    for i in range(n):
        ids[i] = i
        keys[i] = mix_kernel(prefix ^ t.mixed_ids[i])
    sort_by_key(ids, keys, t.tmp[:n], t.counts)
    for i in range(n):
        positions[g, ids[i]] = i


@rule
def shuffle_florenza(s, t, g, counter):
    """The draw deck becomes the shuffle of the pool ``t.pool`` (int64[K] cards per kind), SPEC §3:
    canonical items ``fbase[k] + j`` (j < pool[k]) ordered by ``hash64(seed, 1, counter, item)``
    (numpy's stable argsort: ties by item, the items left out last)."""
    N = t.N
    keys, ids = t.keys[:N], t.ids[:N]
    prefix = hash_prefix_kernel(s.seed[g], STREAM_FLORENZA, counter)
    size = 0
    for i in range(N):
        ids[i] = i
        if t.items[ITEM_COPY, i] < t.pool[t.items[ITEM_KIND, i]]:
            keys[i] = mix_kernel(prefix ^ t.mixed_ids[i])
            size += 1
        else:
            keys[i] = _NONE
    sort_by_key(ids, keys, t.tmp[:N], t.counts)
    for i in range(N):
        s.deck[g, i] = t.items[ITEM_KIND, ids[i]] if i < size else -1
    s.deck_pos[g] = 0
    s.deck_len[g] = size


# ------------------------------------------------------------------------------ set-up and round start


@rule
def start_actions(s, g):
    """Phase 3 begins: slot 0, offset 0, the Captain to act."""
    s.slot[g] = 0
    s.offset[g] = 0
    s.phase[g] = PH_ACTION
    s.current_player[g] = s.captain[g]


@rule
def round_start(s, t, g):
    """Rounds 2-5, phases 1 and 2 (SPEC §5): the artists, the monuments, the Florenza deck
    ("Round 2: Shuffle all cards from Deck II with any left over from Round 1. Round 3: ... Deck
    III ... Round 4: Shuffle any cards in the discard pile to the cards left over from Round 3"),
    each seat's draw in turn order from the Captain; then the first action."""
    P, rnd = t.P, s.round[g]
    draw_artists(s, t, g)
    draw_monuments(s, t, g, t.monuments_per_round)
    if 2 <= rnd <= 4:
        t.pool[:] = 0
        for i in range(s.deck_pos[g], s.deck_len[g]):
            t.pool[s.deck[g, i]] += 1
        for k in range(t.K):
            if rnd == 4:
                for q in range(P):
                    t.pool[k] += s.discard[g, q, k]
                    s.discard[g, q, k] = 0
            else:
                t.pool[k] += t.n_deck[rnd - 1, k]
        shuffle_florenza(s, t, g, rnd - 1)
    for j in range(P):
        seat = (s.captain[g] + j) % P
        extra = 0
        for k in range(t.K):
            if s.in_play[g, seat, k]:
                extra += t.cards[CARD_DRAWS, k]
        draw_cards(s, g, seat, t.draw_base + extra)
    start_actions(s, g)


@called
def setup_one(s, t, g):
    """A fresh game from its blank state (SPEC §4): the first Captain, the starting money and
    resources, the draw order of monuments and artists, the first row and table, Deck I shuffled
    and dealt in turn order from the Captain; then the first action (``run`` refreshes the mask)."""
    P = t.P
    s.captain[g] = randint_kernel(s.seed[g], STREAM_SETUP, 0, P, 0)
    for p in range(P):
        gain_money(s, g, p, t.money_start)
        for r in range(NUM_RESOURCES):
            gain_resource(s, g, p, r, t.small[RES_START, r])
    draw_positions(s, t, g, STREAM_MONUMENTS, s.mon_pos, t.M)
    draw_positions(s, t, g, STREAM_ARTISTS, s.art_pos, t.NA)
    draw_monuments(s, t, g, t.monuments_initial)
    draw_artists(s, t, g)
    for k in range(t.K):
        t.pool[k] = t.n_deck[0, k]
    shuffle_florenza(s, t, g, 0)
    for j in range(P):
        draw_cards(s, g, (s.captain[g] + j) % P, t.hand_size)
    start_actions(s, g)


# ------------------------------------------------------------------------------ the decisions


@rule
def on_keep(s, t, g, k):
    """KEEP[k]: the seat keeps one card of kind ``k`` and discards the rest of its hand."""
    p = s.current_player[g]
    for kind in range(t.K):
        kept = 1 if kind == k else 0
        s.discard[g, p, kind] += s.hand[g, p, kind] - kept
        s.hand[g, p, kind] = kept
    s.keep_offset[g] += 1
    return round_over(s, t, g, np.int64(KEEPS))


@rule
def apply_one(s, t, g, action):
    """One legal action of game ``g`` and the automatic steps after it, the mask refreshed; True
    when the game ended."""
    phase, p = s.phase[g], np.int64(s.current_player[g])
    r = action - t.resource  # the resource of the resource phases
    over = False
    if phase == PH_ACTION:
        if on_action(s, t, g, action):
            over = next_action(s, t, g)
    elif phase == PH_HIRE:
        on_hire(s, t, g, action)
        over = next_action(s, t, g)
    elif phase == PH_EXCHANGE_GIVE_1 or phase == PH_EXCHANGE_GIVE_2:  # the second leads to the take
        gain_resource(s, g, p, r, -1)
        s.given[g, r] += 1
        s.phase[g] += 1
    elif phase == PH_BARTER_GIVE:
        gain_resource(s, g, p, r, -1)
        s.given[g, r] = 1
        s.phase[g] = PH_BARTER_TAKE
    elif phase == PH_EXCHANGE_TAKE or phase == PH_BARTER_TAKE:  # one from the supply ends the action
        gain_resource(s, g, p, r, 1)
        s.given[g] = 0
        over = next_action(s, t, g)
    elif phase == PH_KEEP:
        over = on_keep(s, t, g, action - t.keep)
    elif phase == PH_CAPTAIN_CHOICE:  # every player receives the Captain's choice
        for q in range(t.P):
            gain_resource(s, g, q, r, 1)
        s.keep_offset[g] = 0
        over = round_over(s, t, g, np.int64(INCOMES))
    elif phase == PH_MERCHANT_CHOICE:
        gain_resource(s, g, p, r, 1)
        s.keep_offset[g] += 1
        over = round_over(s, t, g, np.int64(INCOMES))
    if over:
        return True
    refresh_mask(s, t, g)
    return False


@rule
def only_action(s, g):
    """The one legal action of game ``g``, or -1 (a finished game, or a real decision)."""
    only = -1
    if not s.terminated[g]:
        for a in range(s.legal_action_mask.shape[1]):
            if s.legal_action_mask[g, a]:
                if only >= 0:
                    return -1
                only = a
    return only


# ------------------------------------------------------------------------------ entry points


@jit()
def advance(forced, games, actions, result, *arrays):
    """Each of ``games`` (int64[n] rows; one for a game alone) takes ``actions[i]`` (none if
    negative), then with ``forced`` every decision that has one legal action (DESIGN.md rule 1);
    ``result[i]`` (int8[n]): 1 where the game ended, CHAIN_ERROR where a forced-move chain did not
    end, else 0. ``arrays``: the state's (``kernel_views.FIELDS``), then ``kernel_views.tables()``.
    One call of :func:`apply_one` in the whole kernel: each inlined copy of the rules costs seconds
    of compiling."""
    s, t = _unpack(arrays)
    for i in range(games.shape[0]):
        g, action, outcome = games[i], actions[i], CHAIN_ERROR
        for _ in range(MAX_FORCED_CHAIN):
            if action >= 0 and apply_one(s, t, g, action):
                outcome = 1
                break
            action = only_action(s, g) if forced else -1
            if action < 0:
                outcome = 0
                break
        result[i] = outcome


#: what :func:`run` does to each game besides the steps of a round's end (END_OF_ROUND, INCOME,
#: ELECTION: for the rule tests' hand-made positions)
SETUP, REFRESH_MASK = 5, 6


@jit()
def run(op, games, result, *arrays):
    """``op`` on each of ``games`` (int64[n] rows), ``result`` as :func:`advance`'s; the mask is
    refreshed after the automatic steps of a live game."""
    s, t = _unpack(arrays)
    for i in range(games.shape[0]):
        g = games[i]
        over = False
        if op == SETUP:
            setup_one(s, t, g)
        elif op <= ELECTION:
            over = round_over(s, t, g, op)
        if not over:
            refresh_mask(s, t, g)
        result[i] = over
