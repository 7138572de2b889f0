"""The compiled engine's ground floor (numba): the arrays and tables every kernel takes, and the
kernels that only read a game -- the legal actions of each phase (SPEC §6) and the observation
(SPEC §10) -- each written once over one game, for one game alone and for a batch alike.

Every kernel reads the batch-first arrays of :class:`~.state.FlorenzaCardsState` at one row ``g``:
``s`` is the state's arrays (:data:`Arrays`, its fields in their order) and ``t`` the game's
tables (:data:`Tables`, built by :func:`tables`). The choices are Medici's
(``games/medici/kernels.py``): the arrays passed to an entry point as separate arguments (numba
unboxes those fastest), the per-game kernels compiled without reference counting and inlined, no
``prange``. ``kernels.py`` holds the rules that change a game, and the step's entry points.
"""

from __future__ import annotations

import dataclasses
from collections import namedtuple

import numpy as np

from ...core.jit import jit
from .constants import (
    ACTION_PHASES,
    NUM_PHASES,
    DISCARDED,
    DONE,
    IN_ROW,
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
    RESERVED,
)
from .data import G_ART_COLLEGE, G_MASTER_BUILDER, L_BARTER, L_CAPTAIN, L_GAIN, L_SELL
from .state import FlorenzaCardsState

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


# ------------------------------------------------------------------------------ entry points


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
