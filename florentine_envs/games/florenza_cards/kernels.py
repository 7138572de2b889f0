"""The rules of Florenza: The Card Game as compiled kernels (numba), each written once over one game.

Every kernel reads and writes the batch-first arrays of :class:`~.state.FlorenzaCardsState` at one
row ``g``: ``s`` is the state's arrays (:data:`Arrays`, its fields in their order) and ``t`` the
game's tables (:data:`Tables`, built by :func:`tables`). The entry points at the end run a kernel
over a list of games in a plain loop; a game alone (B=1: the AEC env, search) runs the same code.
The choices are Medici's (``games/medici/kernels.py``): the arrays passed to an entry point as
separate arguments (numba unboxes those fastest), the per-game kernels compiled without
reference counting and inlined, no ``prange``. Numba alone renews a function's disk cache only
when its own file changes ("Cache invalidation fails to recognize changes in symbols defined in a
different file", numba's notes on caching); :func:`florentine_envs.core.jit.jit` stamps the cache
with a digest of this package's and the core's sources as well, so a change to the constants,
the data or the draws of ``core/rng.py`` recompiles these kernels.

The module, section by section: the arrays and tables; the rules the others share (guilds,
discounts, the row's order); the legal actions (SPEC §6: :func:`refresh_mask`, the least hire
costs of :func:`cheapest`); the observation (SPEC §10: :func:`observe_one`); the payments; the
action phase (:func:`on_action` with :func:`activate_location`, :func:`on_hire`,
:func:`next_action`); the round's end (:func:`round_over`: :func:`discards`, :func:`next_keep`,
:func:`captain_choice`, :func:`next_income`, :func:`election`); the draws and shuffles; the set-up
(:func:`setup_one`) and the next round (:func:`round_start`); the decisions (:func:`apply_one`);
the entry points. The end of the game only marks the game over: its scores, ranks and rewards
are ``scoring.py``'s (numpy, once per game). The writes are those of the numpy engine before it,
so trajectories are unchanged (SPEC §3: the counter-based streams of
:mod:`florentine_envs.core.rng`, through its kernels).
"""

from __future__ import annotations

import dataclasses
from collections import namedtuple

import numpy as np

from ...core.game import MAX_FORCED_CHAIN
from ...core.jit import jit
from ...core.kernels import only_legal_action
from ...core.rng import hash_prefix_kernel, mix_kernel, randint_kernel, sort_by_key
from .constants import (
    ACTION_PHASES,
    BASE_ACTIONS,
    BEING_COMPLETED,
    DISCARDED,
    DONE,
    IN_ROW,
    NUM_PHASES,
    NUM_RESOURCES,
    NUM_TYPES,
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
from .state import FlorenzaCardsState

# ------------------------------------------------------------------------------ the arrays and tables

#: the state's arrays in the order the kernels take them (FlorenzaCardsState's fields)
FIELDS = tuple(field.name for field in dataclasses.fields(FlorenzaCardsState))
NUM_FIELDS = len(FIELDS)
Arrays = namedtuple("Arrays", FIELDS)

# Rows of the tables (Tables.cards int64[., K], monuments [., M], artist kinds [., AK], artist copies
# [., NA], locations [., L], Florenza items [., N], the small vectors [., 7]), then the parameters
# that open the int64 array of tables()
CARD_RES, CARD_MONEY, CARD_PP, CARD_NEEDS, CARD_TMASK, CARD_SLOT, CARD_DRAWS, CARD_PREACHER, CARD_GUILD, \
    CARD_INCOME = 0, 6, 7, 8, 9, 10, 11, 12, 13, 14  # fmt: skip
MON_RES, MON_MONEY, MON_PP, MON_TMASK = 0, 6, 7, 8
ART_TYPE, ART_COST, ART_COPIES, ART_BASE = range(4)
COPY_VALUE, COPY_KIND, COPY_GROUP, COPY_RANK = range(4)
LOC_EFFECT, LOC_RES, LOC_COPIES = range(3)
ITEM_KIND, ITEM_COPY = range(2)
ANON_COST, ANON_VALUE, RES_START, BASE_INCOME = range(4)
(PLAYERS, ROUNDS, ARTISTS_PER_ROUND, MONUMENTS_INITIAL, MONUMENTS_PER_ROUND, MONUMENTS_KEPT, HAND_SIZE, DRAW_BASE,
 GAIN_AMOUNT, LOCATION_SELL, WORKERS_MONEY, MARKET_SELL, MARKET_BUY, CAPTAIN_KIND, WAITING_2, WAITING_3,
 BLOCK_SIZE, MONEY_START, NUM_GROUPS, DIM_K, DIM_M, DIM_AK, DIM_NA, DIM_L, DIM_N, NUM_PARAMS) = range(26)  # fmt: skip
#: the observation fields whose first column the encoder needs (int64[len] of tables())
OBS_FIELDS = (
    "phase", "to_move", "captain", "new_captain", "round", "action_slot", "pending_card", "pending_monument",
    "given", "supply", "locations_up", "anonymous_up", "deck_size", "discard_size", "own_discards",
    "waiting_decks", "monument_deck", "artist_deck", "row", "row_position", "table_artists",
    "discarded_monuments", "discarded_artists", "players", "own_hand",
)  # fmt: skip
Tables = namedtuple(
    "Tables",
    "cards mons arts copies locs items n_deck small mixed_ids obs P K M AK NA L N rounds artists_per_round "
    "monuments_initial monuments_per_round monuments_kept hand_size draw_base gain_amount location_sell "
    "workers_money market_sell market_buy captain_kind waiting_2 waiting_3 block_size money_start "
    "complete reserve_monument reserve_artist location workers sell buy exchange inspiration pass_ hire_table "
    "hire_reserved hire_anonymous resource keep keys ids tmp counts cheap groups pool",
)
#: The decorator of the per-game kernels: compiled without numba's reference counting (they
#: allocate nothing and only touch arrays their entry point holds) and inlined (a call that is
#: not inlined copies the ~65 arrays of ``s`` and ``t``), as measured for Medici.
rule = jit(_nrt=False, forceinline=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)
#: The decorator of a kernel that is called, not inlined (the round's end, the set-up: they run a
#: few times a game, and every caller would compile them again). Neither decorator builds the
#: wrappers Python would call them through: a wrapper taking ``s`` and ``t`` unboxes every array
#: of both, and building those took half of the cold compile (measured: 62 against 33 CPU-s).
called = jit(_nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)
BIG = 1 << 40  # "no artist can be hired": a cost nobody can pay
_IN_ACTION = np.zeros(NUM_PHASES, np.bool_)  # the phases that show the action slot
_IN_ACTION[list(ACTION_PHASES)] = True


def as_indices(array) -> np.ndarray:
    """int64[n] ``array`` as the entry points take it (writable: numba compiles read-only arrays apart)."""
    array = np.asarray(array, np.int64)
    return array if array.flags.writeable else array.copy()


def tables(game) -> tuple:
    """The game's tables as the two arrays the entry points take after the state's: int64[.] (the
    parameters, then every table and the scratch space of the shuffles and the masks: the kernels
    allocate nothing) and uint64[.] (the shuffles' item words, then their keys). Two arrays, not
    twenty: numba unboxes each argument of every call (~0.1 us an array)."""
    from ...core.rng import _mixed_ids

    t, P = game.t, game.num_players
    guild = t.card_guild if game.guilds else np.full(t.K, -1)  # no guild is held without them
    small = np.zeros((4, 7), np.int64)
    small[ANON_COST, :NUM_TYPES], small[ANON_VALUE, :NUM_TYPES] = t.anon_cost, t.anon_value
    small[RES_START, :NUM_RESOURCES] = t.res_start
    small[BASE_INCOME] = game.base_income
    n, groups = max(t.N, t.M, t.NA), int(game.copy_group.max()) + 1
    params = [
        P, t.rounds, t.artists_per_round, t.monuments_initial, t.monuments_per_round, t.monuments_kept,
        t.hand_size0, t.draw_base, t.gain_amount, t.location_sell_price, t.workers_money, t.market_sell_price,
        t.market_buy_price, int(np.flatnonzero(t.loc_effect == L_CAPTAIN)[0]), game.waiting_sizes[0],
        game.waiting_sizes[1], game.block_size, t.money_start, groups, t.K, t.M, t.AK, t.NA, t.L, t.N]  # fmt: skip
    # the parameters, then in the order _tables reads them: cards [21, K], monuments [9, M], artist
    # kinds [4, AK], copies [4, NA], locations [3, L], items [2, N], the decks [3, K], the small
    # vectors [4, 7], the observation's field starts; the scratch: ids and tmp of a shuffle [n],
    # counts [257], cheap [8] (the least hire costs), groups (hired copies), pool (a deck's cards)
    parts = [
        params,
        np.vstack([t.card_cost_res.T, t.card_cost_money, t.card_prestige, t.card_needs_artist, game.card_tmask,
                   t.card_slot, t.card_draws, t.is_preacher, guild, game.card_income.T]),
        np.vstack([t.mon_cost_res.T, t.mon_cost_money, t.mon_prestige, game.mon_tmask]),
        [t.art_type, t.art_cost, t.art_copies, t.abase],
        [t.copy_value, t.copy_kind, game.copy_group, game.group_rank],
        [t.loc_effect, t.loc_res, t.loc_copies],
        [t.item_kind, np.arange(t.N) - t.fbase[t.item_kind]],
        t.n_deck, small, [game.obs_layout[field].start for field in OBS_FIELDS],
        np.zeros(2 * n + 257 + (1 << NUM_TYPES) + groups + t.K),
    ]  # fmt: skip
    ints = np.concatenate([np.ravel(np.asarray(part, np.int64)) for part in parts])
    return ints, np.concatenate([_mixed_ids(n), np.zeros(n, np.uint64)])


@jit(no_cpython_wrapper=True, no_cfunc_wrapper=True)
def _table(ints, start, rows, cols):
    """(the table int64[rows, cols] at ``ints[start:]``, a view; where the next one starts)."""
    end = start + rows * cols
    return ints[start:end].reshape((rows, cols)), end


@jit(no_cpython_wrapper=True, no_cfunc_wrapper=True)
def _tables(ints, words):
    """Tables from the arrays of :func:`tables` (views, no copies)."""
    p = ints
    K, M, AK, NA, L, N, G = p[DIM_K], p[DIM_M], p[DIM_AK], p[DIM_NA], p[DIM_L], p[DIM_N], p[NUM_GROUPS]
    n = max(N, M, NA)
    cards, o = _table(ints, NUM_PARAMS, 21, K)
    mons, o = _table(ints, o, 9, M)
    arts, o = _table(ints, o, 4, AK)
    copies, o = _table(ints, o, 4, NA)
    locs, o = _table(ints, o, 3, L)
    items, o = _table(ints, o, 2, N)
    n_deck, o = _table(ints, o, 3, K)
    small, o = _table(ints, o, 4, 7)
    obs = ints[o : o + len(OBS_FIELDS)]
    o += len(OBS_FIELDS)
    ids, tmp, counts = ints[o : o + n], ints[o + n : o + 2 * n], ints[o + 2 * n : o + 2 * n + 257]
    o += 2 * n + 257
    cheap, groups, pool = ints[o : o + 8], ints[o + 8 : o + 8 + G], ints[o + 8 + G : o + 8 + G + K]
    complete = K
    reserve_artist = K + 2 * M
    location = reserve_artist + AK
    workers = location + L
    hire_table = workers + 2 * NUM_RESOURCES + 4
    resource = hire_table + 2 * AK + NUM_TYPES
    return Tables(cards, mons, arts, copies, locs, items, n_deck, small, words[:n], obs, p[PLAYERS], K, M, AK, NA,
                  L, N, p[ROUNDS], p[ARTISTS_PER_ROUND], p[MONUMENTS_INITIAL], p[MONUMENTS_PER_ROUND],
                  p[MONUMENTS_KEPT], p[HAND_SIZE], p[DRAW_BASE], p[GAIN_AMOUNT], p[LOCATION_SELL], p[WORKERS_MONEY],
                  p[MARKET_SELL], p[MARKET_BUY], p[CAPTAIN_KIND], p[WAITING_2], p[WAITING_3], p[BLOCK_SIZE],
                  p[MONEY_START], complete, K + M, reserve_artist, location, workers, workers + 1,
                  workers + 1 + NUM_RESOURCES, workers + 1 + 2 * NUM_RESOURCES, workers + 2 + 2 * NUM_RESOURCES,
                  workers + 3 + 2 * NUM_RESOURCES, hire_table, hire_table + AK, hire_table + 2 * AK, resource,
                  resource + NUM_RESOURCES, words[n : 2 * n], ids, tmp, counts, cheap, groups, pool)  # fmt: skip


@jit(no_cpython_wrapper=True, no_cfunc_wrapper=True)
def _unpack(arrays):
    """(Arrays, Tables) from the flat tuple of an entry point's ``*arrays``."""
    return Arrays(*arrays[:NUM_FIELDS]), _tables(*arrays[NUM_FIELDS:])


# ------------------------------------------------------------------------------ shared rules


@rule
def has_guild(s, t, g, p, effect):
    """Seat ``p`` holds the guild with ``effect`` in play (never without guilds)."""
    for k in range(t.K):
        if t.cards[CARD_GUILD, k] == effect and s.in_play[g, p, k]:
            return True
    return False


@rule
def discount(s, t, g, p, effect):
    """50 Fiorini off for a seat holding the discount guild ``effect``, else 0."""
    return 50 if has_guild(s, t, g, p, effect) else 0


@rule
def row_rank(s, t, g, m):
    """0-based place of row monument ``m`` in the row (DESIGN_NOTES 5: prestige descending, then
    the order drawn)."""
    key = -t.mons[MON_PP, m] * 256 + s.mon_pos[g, m]
    rank = 0
    for other in range(t.M):
        if s.mon_state[g, other] == IN_ROW and -t.mons[MON_PP, other] * 256 + s.mon_pos[g, other] < key:
            rank += 1
    return rank


# ------------------------------------------------------------------------------ legal actions


@rule
def cheapest(s, t, g, p, out):
    """``out`` (int64[8]): for each set of artist types (bit set; 0 = no artist needed, cost 0)
    the least seat ``p`` pays to hire one: table or own reserved copies, face-up anonymous
    artists, the Bottega d'Arte discount applied (SPEC §6, "Hire options"); BIG: none."""
    out[:] = BIG
    out[0] = 0
    for a in range(t.AK):
        bit = 1 << t.arts[ART_TYPE, a]
        if (s.table_count[g, a] > 0 or s.reserved_count[g, p, a] > 0) and t.arts[ART_COST, a] < out[bit]:
            out[bit] = t.arts[ART_COST, a]
    off = discount(s, t, g, p, G_ART_COLLEGE)
    for x in range(NUM_TYPES):
        bit = 1 << x
        if s.anon_up[g, x] and t.small[ANON_COST, x] < out[bit]:
            out[bit] = t.small[ANON_COST, x]
        if out[bit] < BIG:
            out[bit] = max(0, out[bit] - off)
    for types in range(3, 1 << NUM_TYPES):
        if types & (types - 1):  # two types or more: the cheaper
            for x in range(NUM_TYPES):
                if types >> x & 1:
                    out[types] = min(out[types], out[1 << x])


@rule
def barter_give(s, g, p, r):
    """Resource ``r`` can be given at the Baratto: held, and another resource is in the supply."""
    if s.res[g, p, r] <= 0:
        return False
    for other in range(NUM_RESOURCES):
        if other != r and s.supply[g, other] > 0:
            return True
    return False


@rule
def action_mask(s, t, g, p, mask):
    """``mask`` (bool[A], cleared): the legal actions of seat ``p`` in the ACTION phase (SPEC §6)."""
    cheap = t.cheap
    cheapest(s, t, g, p, cheap)
    money = np.int64(s.money[g, p])
    preacher = False
    for k in range(t.K):
        preacher |= t.cards[CARD_PREACHER, k] != 0 and s.in_play[g, p, k]
    # PLAY[k]: in hand, not already in front (one Preacher at most), resources and money
    for k in range(t.K):
        if s.hand[g, p, k] <= 0 or s.in_play[g, p, k] or (preacher and t.cards[CARD_PREACHER, k] != 0):
            continue
        ok = money >= t.cards[CARD_MONEY, k] + cheap[t.cards[CARD_TMASK, k]]
        for r in range(NUM_RESOURCES):
            ok &= s.res[g, p, r] >= t.cards[CARD_RES + r, k]
        mask[k] = ok
    # COMPLETE[m]: in the row or reserved by the seat, resources and money with an artist
    off = discount(s, t, g, p, G_MASTER_BUILDER)
    for m in range(t.M):
        state = s.mon_state[g, m]
        if state == IN_ROW:
            mask[t.reserve_monument + m] = True
        elif state != RESERVED or s.mon_owner[g, m] != p:
            continue
        ok = money >= max(0, t.mons[MON_MONEY, m] - off) + cheap[t.mons[MON_TMASK, m]]
        for r in range(NUM_RESOURCES):
            ok &= s.res[g, p, r] >= t.mons[MON_RES + r, m]
        mask[t.complete + m] = ok
    for a in range(t.AK):
        mask[t.reserve_artist + a] = s.table_count[g, a] > 0
    # LOCATION[l]: a face-up copy and what its effect needs from the seat and the supply
    supply_money = s.supply_money[g]
    barter = False
    for r in range(NUM_RESOURCES):
        barter |= barter_give(s, g, p, r)
    for loc in range(t.L):
        if s.loc_up[g, loc] <= 0:
            continue
        effect, r = t.locs[LOC_EFFECT, loc], t.locs[LOC_RES, loc]
        if effect == L_GAIN:
            ok = s.supply[g, r] >= t.gain_amount
        elif effect == L_SELL:
            ok = s.res[g, p, r] >= 1 and supply_money >= t.location_sell
        elif effect == L_BARTER:
            ok = barter
        else:
            ok = s.new_captain[g] < 0
        mask[t.location + loc] = ok
    mask[t.workers] = supply_money >= t.workers_money
    held = 0
    for r in range(NUM_RESOURCES):
        mask[t.sell + r] = s.res[g, p, r] > 0 and supply_money >= t.market_sell
        mask[t.buy + r] = money >= t.market_buy and s.supply[g, r] > 0
        held += s.res[g, p, r]
    mask[t.exchange] = held >= 2
    mask[t.inspiration] = s.deck_pos[g] < s.deck_len[g]
    for a in range(t.pass_):
        if mask[a]:
            return
    mask[t.pass_] = True  # DESIGN_NOTES 27


@rule
def hire_mask(s, t, g, p, mask):
    """``mask`` (bool[A], cleared): the artists seat ``p`` can hire for the pending work: of its
    types, on the table, reserved by the seat or anonymous and face up, and affordable."""
    card, mon = s.pending_card[g], s.pending_monument[g]
    types = t.cards[CARD_TMASK, card] if card >= 0 else t.mons[MON_TMASK, max(mon, 0)]
    off = discount(s, t, g, p, G_ART_COLLEGE)
    money = s.money[g, p]
    for a in range(t.AK):
        if (types >> t.arts[ART_TYPE, a] & 1) == 1 and money >= max(0, t.arts[ART_COST, a] - off):
            mask[t.hire_table + a] = s.table_count[g, a] > 0
            mask[t.hire_reserved + a] = s.reserved_count[g, p, a] > 0
    for x in range(NUM_TYPES):
        affordable = money >= max(0, t.small[ANON_COST, x] - off)
        mask[t.hire_anonymous + x] = s.anon_up[g, x] and (types >> x & 1) == 1 and affordable


@rule
def refresh_mask(s, t, g):
    """The legal actions of game ``g`` in its phase (SPEC §6); none once it is over."""
    mask = s.legal_action_mask[g]
    mask[:] = False
    phase, p, R = s.phase[g], np.int64(s.current_player[g]), t.resource
    if phase == PH_ACTION:
        action_mask(s, t, g, p, mask)
    elif phase == PH_HIRE:
        hire_mask(s, t, g, p, mask)
    elif phase == PH_KEEP:
        for k in range(t.K):
            mask[t.keep + k] = s.hand[g, p, k] > 0
    elif phase == PH_EXCHANGE_GIVE_1:  # two of a kind, or one below another held (order kept)
        higher = False
        for r in range(NUM_RESOURCES - 1, -1, -1):
            mask[R + r] = s.res[g, p, r] >= 2 or (s.res[g, p, r] >= 1 and higher)
            higher |= s.res[g, p, r] > 0
    elif phase == PH_EXCHANGE_GIVE_2:  # not below the first one given
        first = 0
        for r in range(NUM_RESOURCES - 1, -1, -1):
            if s.given[g, r] > 0:
                first = r
        for r in range(first, NUM_RESOURCES):
            mask[R + r] = s.res[g, p, r] > 0
    elif phase == PH_EXCHANGE_TAKE or phase == PH_MERCHANT_CHOICE:
        for r in range(NUM_RESOURCES):
            mask[R + r] = s.supply[g, r] > 0
    elif phase == PH_BARTER_GIVE:
        for r in range(NUM_RESOURCES):
            mask[R + r] = barter_give(s, g, p, r)
    elif phase == PH_BARTER_TAKE:
        for r in range(NUM_RESOURCES):
            mask[R + r] = s.supply[g, r] > 0 and s.given[g, r] == 0
    elif phase == PH_CAPTAIN_CHOICE:
        for r in range(NUM_RESOURCES):
            mask[R + r] = s.supply[g, r] >= t.P


# ------------------------------------------------------------------------------ the observation


@rule
def observe_one(s, t, g, o, out):
    """Fill ``out`` (float32[obs_size]) with what seat ``o`` sees of game ``g`` (SPEC §10)."""
    P, K, M, AK, NA = t.P, t.K, t.M, t.AK, t.NA
    f = t.obs  # the first column of each field, in the order of OBS_FIELDS
    for i in range(out.shape[0]):
        out[i] = 0
    phase, over = s.phase[g], s.terminated[g]
    out[f[0] + phase] = 1
    if not over:
        out[f[1] + (s.current_player[g] - o) % P] = 1
        if _IN_ACTION[phase]:
            out[f[5] + s.slot[g]] = 1
    out[f[2] + (s.captain[g] - o) % P] = 1
    if s.new_captain[g] >= 0:
        out[f[3] + (s.new_captain[g] - o) % P] = 1
    out[f[4] + s.round[g] - 1] = 1
    if s.pending_card[g] >= 0:
        out[f[6] + s.pending_card[g]] = 1
    if s.pending_monument[g] >= 0:
        out[f[7] + s.pending_monument[g]] = 1
    for r in range(NUM_RESOURCES):
        out[f[8] + r] = s.given[g, r]
        out[f[9] + r] = s.supply[g, r]
    out[f[9] + NUM_RESOURCES] = s.supply_money[g]
    for loc in range(t.L):
        out[f[10] + loc] = s.loc_up[g, loc]
    for x in range(NUM_TYPES):
        out[f[11] + x] = s.anon_up[g, x]
    out[f[12]] = s.deck_len[g] - s.deck_pos[g]
    discards = 0
    for q in range(P):
        for k in range(K):
            discards += s.discard[g, q, k]
    out[f[13]] = discards
    for k in range(K):
        out[f[14] + k] = s.discard[g, o, k]
        out[f[24] + k] = s.hand[g, o, k]
    out[f[15]] = t.waiting_2 if s.round[g] <= 1 else 0
    out[f[15] + 1] = t.waiting_3 if s.round[g] <= 2 else 0
    out[f[16]] = M - s.mon_drawn[g]
    out[f[17]] = NA - s.art_drawn[g]
    for m in range(M):
        if s.mon_state[g, m] == IN_ROW:
            out[f[18] + m] = 1
            out[f[19] + m] = row_rank(s, t, g, m) + 1
        out[f[21] + m] = s.mon_state[g, m] == DISCARDED
    for a in range(AK):
        out[f[20] + a] = s.table_count[g, a]
    for c in range(NA):
        if s.art_state[g, c] == DISCARDED:
            out[f[22] + t.copies[COPY_KIND, c]] += 1
    x = 12 + K + 2 * M + AK  # the version-1 fields of a player's block
    for j in range(P):  # relative seating: block j shows seat (o + j) % P
        seat = (o + j) % P
        b = f[23] + j * t.block_size
        out[b] = s.money[g, seat]
        hand = 0
        for k in range(K):
            hand += s.hand[g, seat, k]
            out[b + 12 + k] = s.in_play[g, seat, k]
            out[b + x + 3 + k] = max(s.card_artist[g, seat, k], 0)
        for r in range(NUM_RESOURCES):
            out[b + 1 + r] = s.res[g, seat, r]
        out[b + 7] = hand
        out[b + 8] = s.visible_pp[g, seat]
        for y in range(NUM_TYPES):
            out[b + 9 + y] = s.hired_types[g, seat, y]
            out[b + x + y] = s.anon_hired[g, seat, y]
        for m in range(M):
            if s.mon_owner[g, m] == seat:
                if s.mon_state[g, m] == DONE:
                    out[b + 12 + K + m] = 1
                    out[b + x + 3 + K + m] = s.mon_artist[g, m]
                elif s.mon_state[g, m] == RESERVED:
                    out[b + 12 + K + M + m] = 1
        for a in range(AK):
            out[b + 12 + K + 2 * M + a] = s.reserved_count[g, seat, a]
        # hired artist cards by (kind, value) group: as many of a group's first copies as hired
        t.groups[:] = 0
        for c in range(NA):
            if s.art_state[g, c] == DONE and s.art_owner[g, c] == seat:
                t.groups[t.copies[COPY_GROUP, c]] += 1
        for c in range(NA):
            out[b + x + 3 + K + M + c] = t.copies[COPY_RANK, c] < t.groups[t.copies[COPY_GROUP, c]]


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


# ------------------------------------------------------------------------------ entry points


@jit()
def advance(forced, games, actions, result, *arrays):
    """Each of ``games`` (int64[n] rows; one for a game alone) takes ``actions[i]`` (none if
    negative), then with ``forced`` every decision that has one legal action (DESIGN.md rule 1);
    ``result[i]`` (int8[n]): 1 where the game ended, CHAIN_ERROR where a forced-move chain did not
    end, else 0. ``arrays``: the state's (:data:`FIELDS`), then :func:`tables`'s.
    One call of :func:`apply_one` in the whole kernel: each inlined copy of the rules costs seconds
    of compiling."""
    s, t = _unpack(arrays)
    for i in range(games.shape[0]):
        g, action, outcome = games[i], actions[i], CHAIN_ERROR
        for _ in range(MAX_FORCED_CHAIN):
            if action >= 0 and apply_one(s, t, g, action):
                outcome = 1
                break
            action = only_legal_action(s.terminated, s.legal_action_mask, g) if forced else -1
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


@jit()
def observe(players, out, *arrays):
    """``out[b]``: what ``players[b]`` sees of game b."""
    s, t = _unpack(arrays)
    for g in range(out.shape[0]):
        observe_one(s, t, g, players[g], out[g])


@jit()
def action_masks(games, seats, out, *arrays):
    """``out[i]`` (cleared): the ACTION-phase mask of seat ``seats[i]`` in game ``games[i]``."""
    s, t = _unpack(arrays)
    for i in range(games.shape[0]):
        out[i] = False
        action_mask(s, t, games[i], seats[i], out[i])


@jit()
def hire_costs(games, seats, out, *arrays):
    """``out[i]`` (int64[8]): :func:`cheapest` for seat ``seats[i]`` in game ``games[i]``."""
    s, t = _unpack(arrays)
    for i in range(games.shape[0]):
        cheapest(s, t, games[i], seats[i], out[i])
