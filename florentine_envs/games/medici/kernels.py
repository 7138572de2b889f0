"""The rules of Medici as compiled kernels (numba), each written once over one game of the batch.

Every kernel reads and writes the batch-first arrays of :class:`~.state.MediciState` at one row
``g``: ``s`` is the state's arrays (:data:`Arrays`, in the order of :data:`FIELDS`) and ``t`` the
game's tables (:data:`Tables`, built by :func:`tables`). The entry points at the end run a kernel
over a list of games in a plain loop; a game alone (B=1: the AEC env, search) runs the same code
(``advance_game``). Python calls them with the arrays as separate arguments (``*arrays``): numba
unboxes those fastest (a tuple argument is typed in Python, several times slower).

The rules (rulebook "Playing the game", "Scoring the day"), in the order a turn meets them:
:func:`reveal`, :func:`take`, :func:`end_turn`, :func:`end_day` (:func:`day_payout`,
:func:`shuffle_deck`, the next start player), :func:`refresh_mask`, :func:`observe_one`. The
writes are those of the numpy engine before it, entry for entry (entries past the end of the
market line included), so trajectories are unchanged (SPEC.md "Randomness": the counter-based
streams of :mod:`florentine_envs.core.rng`, through its kernels).

No ``prange``: a batch is stepped on one core. Measured at B=4096 on the 2-core machine shared
with other jobs, a ``prange`` over the games cost 1.9 us of CPU per game-step against 0.5 us in
one thread (the threads' start and spin), and numba cannot cache a function that reads the thread
count, so every process would compile it again.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from ...core.game import MAX_FORCED_CHAIN
from ...core.jit import jit
from ...core.kernels import only_legal_action
from ...core.rng import hash_prefix_kernel, mix_kernel, randint_kernel, sort_by_key
from .constants import (
    LOC_BOX,
    LOC_DECK,
    LOC_MARKET,
    LOC_SHIP,
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
)

#: the state's arrays in the order the kernels take them (MediciState's fields)
FIELDS = (
    "seed", "current_player", "phase", "legal_action_mask", "rewards", "terminated", "scores", "step_count",
    "truncated", "day", "start_player", "revealed", "final_turn", "deck", "deck_top", "deck_end", "market",
    "market_len", "card_loc", "card_owner", "deck_counts", "market_counts", "ship_value", "ship_slots",
    "ship_icons", "warehouse_icons", "acquired",
)  # fmt: skip
Arrays = namedtuple("Arrays", FIELDS)

# Rows of the card table (int64[6, N]) and entries of the parameter vector (int64[11]) of tables()
KIND, VALUE, NONGREEN, COLOUR, ICONS, UNLOAD_TO = range(6)
(PLAYERS, CAPACITY, NUM_KINDS, ROUND_TO, MONO_THRESHOLD, MONO_BONUS, VARIANT, VARIANT_THRESHOLD, VARIANT_BONUS,
 MAX_MARKET, OBS_SIZE) = range(11)  # fmt: skip
#: the observation fields whose first column the observer needs (int64[len] of tables())
OBS_FIELDS = (
    "phase", "day", "revealed_this_turn", "final_turn", "deck_size", "market_size", "market_line",
    "market_counts", "unseen_counts", "to_move", "start_player", "ship_value", "ship_slots", "ship_full",
    "ship_icons", "warehouse_icons", "florins",
)  # fmt: skip
Tables = namedtuple(
    "Tables",
    "kind value nongreen colour icons unload_to ship_cum commodity_cum mixed_ids obs players capacity num_kinds "
    "round_to mono_threshold mono_bonus variant variant_threshold variant_bonus max_market keys ids tmp counts",
)
#: The decorator of the per-game kernels of every step: compiled without numba's reference counting
#: (NRT), since they allocate nothing and only read and write arrays their entry point holds, and
#: inlined into their callers. A call of a kernel that is not inlined copies the ~40 arrays of
#: ``s`` and ``t`` (their pointers, shapes and strides) and, with NRT, increfs and decrefs each:
#: ~250 ns a call, measured, more than most rules cost.
rule = jit(_nrt=False, forceinline=True)
#: The decorator of the kernels of a day's end (scoring, shuffle): as :data:`rule`, but called, not
#: inlined -- they run once a day, and each entry point inlining them would compile them again.
day_end = jit(_nrt=False)
#: what the entry points return for a game whose forced-move chain does not end (an engine bug)
CHAIN_ERROR = -2


def tables(game) -> tuple:
    """The game's tables as the arrays the entry points take after the state's:
    ``(cards int64[6, N], ship_cum, commodity_cum, mixed_ids uint64[N], obs_columns, params)``."""
    from ...core.rng import _mixed_ids

    cards = np.stack([game.card_kind, game.card_value, game.card_nongreen, game.card_colour, game.card_icons,
                      game._unload_to]).astype(np.int64)  # fmt: skip
    obs = np.array([game.obs_layout[field].start for field in OBS_FIELDS], np.int64)
    options = game.options
    params = np.array([
        game.num_players, game.capacity, game.num_kinds, game._round_to, game.monopoly_threshold,
        game._mono_bonus, bool(options["monopoly_variant"]), game._mono_variant_threshold,
        game._mono_variant_bonus, game.max_market, game.obs_size], np.int64)  # fmt: skip
    return (cards, np.asarray(game._ship_cum, np.int64), np.asarray(game._commodity_cum, np.int64),
            _mixed_ids(game.num_cards).copy(), obs, params)  # fmt: skip


@jit()
def _tables(cards, ship_cum, commodity_cum, mixed_ids, obs, p):
    """Tables from the arrays of :func:`tables` (views, no copies), and the scratch space of a
    shuffle (``keys``, ``ids``, ``tmp``, ``counts``: the kernels allocate nothing)."""
    return Tables(cards[KIND], cards[VALUE], cards[NONGREEN], cards[COLOUR], cards[ICONS], cards[UNLOAD_TO],
                  ship_cum, commodity_cum, mixed_ids, obs, p[PLAYERS], p[CAPACITY], p[NUM_KINDS], p[ROUND_TO],
                  p[MONO_THRESHOLD], p[MONO_BONUS], p[VARIANT], p[VARIANT_THRESHOLD], p[VARIANT_BONUS],
                  p[MAX_MARKET], np.empty(cards.shape[1], np.uint64), np.empty(cards.shape[1], np.int64),
                  np.empty(cards.shape[1], np.int64), np.empty(257, np.int64))  # fmt: skip


@jit()
def _unpack(arrays):
    """(Arrays, Tables) from the flat tuple of an entry point's ``*arrays``."""
    return Arrays(*arrays[:27]), _tables(*arrays[27:])


# ------------------------------------------------------------------------------ a turn


@rule
def reveal(s, t, g):
    """Reveal the deck's top card: "Card after card, reveal one OR two OR three cards from the deck,
    displaying these cards face up in a line next to the deck"; after the third the player must take."""
    top, m = s.deck_top[g], s.market_len[g]
    card = s.deck[g, top]
    s.deck_top[g] = top + 1
    s.market[g, m] = card
    s.market_len[g] = m + 1
    s.card_loc[g, card] = LOC_MARKET
    kind = t.kind[card]
    s.deck_counts[g, kind] -= 1
    s.market_counts[g, kind] += 1
    s.revealed[g] += 1
    if s.revealed[g] >= 3:
        s.phase[g] = PHASE_TAKE


@rule
def take(s, t, g, action):
    """Load the cards of a take action: "you MUST take the last card from the market ... In
    addition, you MAY take any one or two of the previous two cards from the market." "If
    necessary, push the remaining cards back to fill any occurring gaps": only a kept 2nd-last card
    whose 3rd-last neighbour was taken moves."""
    player, m = s.current_player[g], s.market_len[g]
    taken = 0
    second = action == TAKE_LAST_AND_2ND or action == TAKE_LAST_THREE
    third = action == TAKE_LAST_AND_3RD or action == TAKE_LAST_THREE
    for back in range(1, 4):
        if (back == 2 and not second) or (back == 3 and not third):
            continue
        card = s.market[g, m - back]
        s.ship_value[g, player] += t.value[card]
        s.ship_slots[g, player] += t.nongreen[card]
        if t.colour[card] >= 0:
            s.ship_icons[g, player, t.colour[card]] += t.icons[card]
        s.card_loc[g, card] = LOC_SHIP
        s.card_owner[g, card] = player
        s.market_counts[g, t.kind[card]] -= 1
        s.acquired[g, player, t.kind[card]] += 1
        taken += 1
    if action == TAKE_LAST_AND_3RD:
        s.market[g, m - 3] = s.market[g, m - 2]
    s.market_len[g] = m - taken


@rule
def end_turn(s, t, g):
    """The next player: "Players with a fully loaded ship do not take any further turns in the round." "If there is
    only one player left who does not yet have a fully loaded ship, this player gets one final
    turn. Then the round ends, even if that last ship is not fully loaded." "Each of the three
    rounds ends once all players' ships are full of cards." True when the game ended."""
    P = t.players
    num_open = 0
    for p in range(P):
        num_open += s.ship_slots[g, p] < t.capacity
    day_over = s.final_turn[g] or num_open == 0
    if not day_over:
        current = s.current_player[g]
        for k in range(1, P + 1):
            seat = (current + k) % P
            if s.ship_slots[g, seat] < t.capacity:
                s.current_player[g] = seat
                break
    s.final_turn[g] = not day_over and num_open == 1
    s.phase[g] = PHASE_REVEAL
    s.revealed[g] = 0
    if day_over:
        return end_day(s, t, g)
    return False


@day_end
def end_day(s, t, g):
    """The end of a day: its scoring (ship values first, then "the ships are unloaded", then the
    commodities), the unloading ("Players move all their commodity cards into their 'warehouse'
    ... Neutral (green) cards without commodities are returned to the box"), then the end of the
    game after the third day or the next day's deck and start player. True when the game ended."""
    P = t.players
    for p in range(P):
        for c in range(5):
            s.warehouse_icons[g, p, c] += s.ship_icons[g, p, c]
    for p in range(P):
        s.scores[g, p] += day_payout(s.ship_value[g], s.warehouse_icons[g], p, t)
    for card in range(s.card_loc.shape[1]):
        if s.card_loc[g, card] == LOC_SHIP:
            s.card_loc[g, card] = t.unload_to[card]
        if s.card_loc[g, card] == LOC_BOX:
            s.card_owner[g, card] = -1
    s.ship_value[g] = 0
    s.ship_slots[g] = 0
    s.ship_icons[g] = 0
    s.final_turn[g] = False
    if s.day[g] >= NUM_DAYS - 1:
        # "The game ends after the scoring of the third round." (the rewards: Game.terminal_rewards)
        s.terminated[g] = True
        s.legal_action_mask[g] = False
        return True
    s.day[g] += 1
    shuffle_deck(s, t, g)
    # "The player with the lowest sum of florins starts the next round. (If there is a tie,
    # randomly choose one of the tied players.)"
    low = s.scores[g, 0]
    for p in range(P):
        low = min(low, s.scores[g, p])
    tied = 0
    for p in range(P):
        tied += s.scores[g, p] == low
    pick = 0  # a draw only where players tie
    if tied > 1:
        pick = randint_kernel(s.seed[g], STREAM_START, np.int64(s.day[g]), tied, 0)
    for p in range(P):
        if s.scores[g, p] == low:
            if pick == 0:
                s.start_player[g] = p
                s.current_player[g] = p
                break
            pick -= 1
    return False


@day_end
def shuffle_deck(s, t, g):
    """New deck for the current day from every card in the deck or the market ("return any
    remaining cards in the market to the deck and reshuffle"): the pool's cards ordered by their
    keys (core.rng's shuffle keys), then the other cards by id -- numpy's stable argsort of the
    keys, the others' keys the largest."""
    N = s.card_loc.shape[1]
    keys, ids = t.keys, t.ids
    size = s.deck_end[g] - s.deck_top[g] + s.market_len[g]
    prefix = hash_prefix_kernel(s.seed[g], STREAM_DECK, np.int64(s.day[g]))
    for card in range(N):
        ids[card] = card
        if s.card_loc[g, card] <= LOC_MARKET:  # LOC_DECK = 0, LOC_MARKET = 1
            keys[card] = mix_kernel(prefix ^ t.mixed_ids[card])
            s.card_loc[g, card] = LOC_DECK
        else:
            keys[card] = np.uint64(0xFFFFFFFFFFFFFFFF)
    sort_by_key(ids, keys, t.tmp, t.counts)
    for i in range(N):
        s.deck[g, i] = ids[i]
    s.deck_top[g] = 0
    s.deck_end[g] = size
    s.market_len[g] = 0
    for k in range(t.num_kinds):
        s.deck_counts[g, k] += s.market_counts[g, k]
        s.market_counts[g, k] = 0


# ------------------------------------------------------------------------------ scoring


@day_end
def rank_share(amounts, p, cumulative, holders, round_to):
    """The florins of ``amounts[p]`` by its rank among ``amounts`` (int[P]; only the amounts above
    0 with ``holders``): a tied group shares the payouts of the ranks it covers, each share
    rounded down to a multiple of 5 ("As 5 is the smallest payment unit, you must round down to
    the nearest 5 when tied")."""
    if holders and amounts[p] <= 0:
        return 0
    higher = tied = 0
    for q in range(amounts.shape[0]):
        if not holders or amounts[q] > 0:
            higher += amounts[q] > amounts[p]
            tied += amounts[q] == amounts[p]
    last = cumulative.shape[0] - 1
    share = (cumulative[min(higher + tied, last)] - cumulative[min(higher, last)]) // max(tied, 1)
    return share // round_to * round_to


@day_end
def commodity_payout(icons, p, t):
    """Player ``p``'s florins for the warehouse icons int[P, 5] (the cargo included): per colour
    the majorities among the players holding it and the monopoly bonus (the variant's where it
    applies)."""
    paid = 0
    for c in range(5):
        paid += rank_share(icons[:, c], p, t.commodity_cum, True, t.round_to)
        if t.variant and icons[p, c] >= t.variant_threshold:
            paid += t.variant_bonus
        elif icons[p, c] >= t.mono_threshold:
            paid += t.mono_bonus
    return paid


@day_end
def day_payout(values, icons, p, t):
    """Player ``p``'s florins of a day's scoring: ship values int[P] ("every ship is ranked"),
    then the commodities (:func:`commodity_payout`)."""
    return rank_share(values, p, t.ship_cum, False, t.round_to) + commodity_payout(icons, p, t)


# ------------------------------------------------------------------------------ masks and view


@rule
def refresh_mask(s, t, g):
    """The legal actions of game ``g``: reveal while the deck lasts and fewer than three cards are
    revealed, stop with a card in the market; take the last card, and the 2nd- or 3rd-last
    besides where the ship has room for their non-green cards ("Your ship can never hold more
    than five cards ... Any number of green cards can be loaded onto a ship")."""
    mask = s.legal_action_mask
    mask[g] = False
    m = s.market_len[g]
    if s.phase[g] == PHASE_REVEAL:
        mask[g, REVEAL] = s.deck_end[g] > s.deck_top[g] and s.revealed[g] < 3
        mask[g, STOP] = m > 0
        return
    free = t.capacity - s.ship_slots[g, s.current_player[g]]
    need1 = t.nongreen[s.market[g, m - 1]]
    need2 = t.nongreen[s.market[g, m - 2]] if m >= 2 else 0
    need3 = t.nongreen[s.market[g, m - 3]] if m >= 3 else 0
    mask[g, TAKE_LAST] = True
    mask[g, TAKE_LAST_AND_2ND] = m >= 2 and need1 + need2 <= free
    mask[g, TAKE_LAST_AND_3RD] = m >= 3 and need1 + need3 <= free
    mask[g, TAKE_LAST_THREE] = m >= 3 and need1 + need2 + need3 <= free


@rule
def observe_one(s, t, g, player, o):
    """Fill ``o`` (float32[obs_size]) with what seat ``player`` sees of game ``g`` (SPEC.md
    "Observation"); False when the market is longer than the layout holds."""
    P, K = t.players, t.num_kinds
    m = s.market_len[g]
    if m > t.max_market:
        return False
    obs = t.obs
    phase, day, revealed, final_turn, deck_size, market_size = obs[0], obs[1], obs[2], obs[3], obs[4], obs[5]
    line, market_counts, unseen, to_move, start, ship_value = obs[6], obs[7], obs[8], obs[9], obs[10], obs[11]
    ship_slots, ship_full, ship_icons, warehouse_icons, florins = obs[12], obs[13], obs[14], obs[15], obs[16]
    for i in range(o.shape[0]):
        o[i] = 0
    o[phase + s.phase[g]] = 1
    o[day + s.day[g]] = 1
    o[revealed] = s.revealed[g]
    o[final_turn] = s.final_turn[g]
    o[deck_size] = s.deck_end[g] - s.deck_top[g]
    o[market_size] = m
    for i in range(t.max_market):  # block i: the card m - 1 - i of the line, or "no card" (column K)
        o[line + i * (K + 1) + (t.kind[s.market[g, m - 1 - i]] if i < m else K)] = 1
    for k in range(K):
        o[market_counts + k] = s.market_counts[g, k]
        o[unseen + k] = s.deck_counts[g, k]
    if not s.terminated[g]:  # a finished game has no player to move
        o[to_move + (s.current_player[g] - player) % P] = 1
    o[start + (s.start_player[g] - player) % P] = 1
    for j in range(P):  # relative seating: block j shows seat (player + j) % P
        seat = (player + j) % P
        o[ship_value + j] = s.ship_value[g, seat]
        o[ship_slots + j] = s.ship_slots[g, seat]
        o[ship_full + j] = s.ship_slots[g, seat] >= t.capacity
        for c in range(5):
            o[ship_icons + 5 * j + c] = s.ship_icons[g, seat, c]
            o[warehouse_icons + 5 * j + c] = s.warehouse_icons[g, seat, c]
        o[florins + j] = s.scores[g, seat]
    return True


# ------------------------------------------------------------------------------ one game


@rule
def setup_one(s, t, g):
    """A fresh game (rulebook "Set up"): the shuffled deck, "Randomly select a starting player"."""
    shuffle_deck(s, t, g)
    start = randint_kernel(s.seed[g], STREAM_START, 0, t.players, 0)
    s.start_player[g] = start
    s.current_player[g] = start
    refresh_mask(s, t, g)


@rule
def apply_one(s, t, g, action):
    """One legal action of game ``g``, the mask refreshed; True when the game ended."""
    if s.phase[g] == PHASE_REVEAL:
        if action == REVEAL:
            reveal(s, t, g)
        else:  # STOP
            s.phase[g] = PHASE_TAKE
        refresh_mask(s, t, g)
        return False
    take(s, t, g, action)
    if end_turn(s, t, g):
        return True
    refresh_mask(s, t, g)
    return False


@rule
def advance_one(s, t, g, action, forced):
    """``action`` (none if negative), then with ``forced`` every decision of game ``g`` that has
    one legal action (DESIGN.md rule 1): 1 when the game ended, 0, or CHAIN_ERROR."""
    for _ in range(MAX_FORCED_CHAIN):
        if action >= 0 and apply_one(s, t, g, action):
            return 1
        if not forced:
            return 0
        action = only_legal_action(s.terminated, s.legal_action_mask, g)
        if action < 0:
            return 0
    return CHAIN_ERROR


# ------------------------------------------------------------------------------ entry points


@jit()
def advance(g, action, forced, games, actions, result, *arrays):
    """:func:`advance_one` of game ``g`` with ``action`` (returning its result), or when ``games``
    (int64[n] rows) is not empty of each of them with ``actions[i]`` (-1: none) into ``result[i]``
    (int8[n]): 1 where the game ended, CHAIN_ERROR where a forced-move chain did not end, else 0.
    ``arrays``: the state's (FIELDS), then tables(). (Measured: a conditional expression choosing
    the action inside the loop made the loop three times slower.)"""
    s, t = _unpack(arrays)
    if not games.shape[0]:
        return advance_one(s, t, g, action, forced)
    for i in range(games.shape[0]):
        result[i] = advance_one(s, t, games[i], actions[i], forced)
    return 0


#: what :func:`run` does to each game
SETUP, END_DAY, REFRESH_MASK = range(3)


@jit()
def run(op, games, result, *arrays):
    """``op`` on each of ``games`` (int64[n] rows), ``result`` as :func:`advance`'s (apart from
    it: the step's loop is kept to the step, measured three times faster so)."""
    s, t = _unpack(arrays)
    for i in range(games.shape[0]):
        g = games[i]
        result[i] = 0
        if op == SETUP:
            setup_one(s, t, g)
        elif op == END_DAY and end_day(s, t, g):
            result[i] = 1
        else:
            refresh_mask(s, t, g)


@jit()
def observe(players, out, *arrays):
    """``out[b]``: what ``players[b]`` sees of game b; False when a market is too long to show."""
    s, t = _unpack(arrays)
    for g in range(out.shape[0]):
        if not observe_one(s, t, g, players[g], out[g]):
            return False
    return True


@jit()
def ships_payouts(values, out, *tables):
    """``out[r, p]``: the ship florins of ship values int[n, P] (:func:`rank_share`); then the tables."""
    t = _tables(*tables)
    for r in range(values.shape[0]):
        for p in range(values.shape[1]):
            out[r, p] = rank_share(values[r], p, t.ship_cum, False, t.round_to)


@jit()
def goods_payouts(icons, out, *tables):
    """``out[r, p]``: :func:`commodity_payout` of every row of ``icons`` (int[n, P, 5])."""
    t = _tables(*tables)
    for r in range(icons.shape[0]):
        for p in range(icons.shape[1]):
            out[r, p] = commodity_payout(icons[r], p, t)


@jit()
def days_payouts(values, icons, out, *tables):
    """``out[r, p]``: :func:`day_payout` of ship values int[n, P] and icons int[n, P, 5]."""
    t = _tables(*tables)
    for r in range(values.shape[0]):
        for p in range(values.shape[1]):
            out[r, p] = day_payout(values[r], icons[r], p, t)
