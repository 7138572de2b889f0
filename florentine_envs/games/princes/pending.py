"""The Princes of Florence's pending decision, phase by phase (issue 32): which fields each phase's
decision is about, where the round stands in each phase, and what both imply; checked by
:meth:`~.princes.Princes.check_invariants` through :func:`check_pending`.

Derived from the handlers (``setup.py``, ``rules/``: which phase sets, reads and clears which
field) and the rulebook's round (``shared/rules/princes_of_florence.txt``: "Course of a Game
Round", the auction phase, the action phase, "End of the Round"):

* :func:`stage` -- the part of the game each position belongs to: the set-up discards, the
  auction phase (the choosing, the bidding, and what an object won starts: its placing, its
  draw, the Recruiting card's use, the characters offered at the win), the characters between
  the phases (the uses at the auction phase's end, the character auction), the action phase
  (a turn: its actions, the work under way, the placing or draw an action started, the
  cooperative proposals), and the end. A subroutine's stage is that of the phase it returns to
  (``resume``, ``ctx``), which ``check_invariants`` already ties to ``stack`` and ``ctx``.
* :data:`NEUTRAL` -- the value of each pending-decision field while no decision uses it: the
  blank state's, and the value the rules restore when the decision is over (``_clear_auction``,
  ``_end_turn``, ``_on_work_pay``, ``_after_drawn_move``, ``_on_place``, ``_settle``,
  ``_char_auction_start``, ``_solo_auction_end``); :data:`USES` -- where each is used.
* the round's own counters follow from the stage: the discards made (``setup_done``), whose turn
  it is (``start``, ``turns_done``, ``current_player``), the actions of the turn
  (``actions_left``, ``took_*``, ``acts_done``), which seat chooses and which opened the auction.

Every message names the phase and the field.
"""

from __future__ import annotations

import numpy as np

from .constants import (
    ACT_BONUS,
    ACT_BUILD,
    ACT_WORK,
    C_BANKER,
    C_CARDINAL,
    C_PRINCESS,
    C_PROFESSOR,
    COOP_PHASE_NAMES,
    CTX_END,
    CTX_NONE,
    CTX_WIN,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    DRAWN_OFFSET,
    NUM_BUILDINGS,
    NUM_DRAWN,
    NUM_PROFESSIONS,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    PH_COOP_ANSWER,
    PH_COOP_PLACE,
    PH_COOP_PRICE,
    PH_COOP_SIDE,
    PH_KEEP,
    PH_LANDSCAPE_PICK,
    PH_ORDER,
    PH_OVER,
    PH_PLACE,
    PH_RECRUIT_NOW,
    PH_SETUP_DISCARD,
    PH_WORK_BONUS,
    PH_WORK_PAY,
    PHASE_NAMES,
    PRINCESS_WORK,
    RESUME_ACTION,
    RESUME_AUCTION,
    RESUME_CHAR_USE,
    S_PRESTIGE,
)
from .rules.common import next_seat

#: the parts of the game (:func:`stage`)
SETUP, AUCTION, CHARACTERS, ACTIONS, OVER = range(5)
STAGE_NAMES = ("set-up", "auction phase", "characters", "action phase", "game end")
SUBROUTINES = (PH_PLACE, PH_KEEP, PH_ORDER, PH_RECRUIT_NOW)
COOP_PHASES = (PH_COOP_SIDE, PH_COOP_PLACE, PH_COOP_PRICE, PH_COOP_ANSWER)
_NAMES = PHASE_NAMES + COOP_PHASE_NAMES  # the cooperative phases follow GAME_OVER (13)

#: the pending-decision fields and their value when no decision uses them
NEUTRAL = {
    "piece": -1,  # the piece being placed (PLACE)
    "draw_deck": -1,  # the deck of the pending draw (KEEP, ORDER)
    "work_prof": -1,  # the work under way (WORK_BONUS, WORK_PAY)
    "work_value": 0,
    "merchant_paid": False,  # set by merchant_pay and cleared by the settling in the same step
    "forced": False,  # solo: the pending price must be paid (solo AUCTION_BID)
    "truncated": False,  # no turn limit: the game ends after its last round only
}
#: phase -> the fields of NEUTRAL its decision uses (the others are at NEUTRAL in that phase)
USES = {
    PH_PLACE: ("piece",),
    PH_KEEP: ("draw_deck",),
    PH_ORDER: ("draw_deck",),
    PH_WORK_BONUS: ("work_prof", "work_value"),
    PH_WORK_PAY: ("work_prof", "work_value"),
    PH_AUCTION_BID: ("forced",),  # the solo game's (checked below)
}
#: the fields of a turn (SPEC T5): set when a turn starts, cleared by end_turn
TURN_NEUTRAL = ("actions_left", "took_profession", "took_freedom", "acts_done")


def stage(st) -> np.ndarray:
    """int[B]: the part of the game each position is in (module docstring)."""
    phase = st.phase
    sub = np.isin(phase, SUBROUTINES)
    using = (phase == PH_CHAR_USE) | (sub & (st.resume == RESUME_CHAR_USE))
    auction = np.isin(phase, (PH_AUCTION_CHOOSE, PH_AUCTION_BID, PH_LANDSCAPE_PICK))
    auction |= (sub & (st.resume == RESUME_AUCTION)) | (using & (st.ctx == CTX_WIN))
    chars = (using & (st.ctx != CTX_WIN)) | (phase == PH_CHAR_AUCTION)
    actions = np.isin(phase, (PH_ACTION, PH_WORK_BONUS, PH_WORK_PAY) + COOP_PHASES)
    actions |= sub & (st.resume == RESUME_ACTION)
    return np.select([phase == PH_SETUP_DISCARD, auction, chars, actions], [SETUP, AUCTION, CHARACTERS, ACTIONS], OVER)


def _subset_sums(values: np.ndarray, present: np.ndarray, top: int) -> np.ndarray:
    """bool[n, top + 1]: which totals 0..top some subset of the cards ``present`` (bool[n, k]) adds
    up to, card i worth ``values[:, i]`` (int[n, k], >= 0)."""
    n, k = values.shape
    reach = np.zeros((n, top + 1), bool)
    reach[:, 0] = True
    at = np.arange(top + 1)[None, :]
    for i in range(k):
        src = at - values[:, i : i + 1]
        moved = np.where(src >= 0, np.take_along_axis(reach, np.clip(src, 0, top), 1), False)
        reach |= moved & present[:, i : i + 1]
    return reach


def check_pending(game, st, bad) -> None:
    """Record (``bad(condition[B], what)``) every game whose phase disagrees with its pending
    fields or with where its round stands (module docstring)."""
    T = game.T
    B, P = st.batch_size, game.seats
    N = game.num_players
    solo, coop, chars = game.solo, game.cooperative, game.characters
    rows = np.arange(B)
    phase = st.phase.astype(np.int64)
    where = stage(st)

    def wrong(cond, field: str, what: str) -> None:
        cond = np.asarray(cond, bool)
        if cond.any():
            b = int(np.flatnonzero(cond)[0])
            value = getattr(st, field)[b]
            value = value.tolist() if hasattr(value, "tolist") else value
            bad(cond, f"phase {_NAMES[min(phase[b], len(_NAMES) - 1)]}: field {field!r} = {value} {what}")

    # --- the fields no decision of the phase uses are neutral
    for field, neutral in NEUTRAL.items():
        users = [ph for ph, fields in USES.items() if field in fields]
        wrong((getattr(st, field) != neutral) & ~np.isin(phase, users), field,
              f"outside the phases that use it; allowed: {neutral}")  # fmt: skip
    for field in TURN_NEUTRAL:
        value = getattr(st, field).reshape(B, -1)
        wrong((value != 0).any(1) & (where != ACTIONS), field, "outside the action phase; allowed: 0 (end_turn clears it)")
    wrong(~st.drawn.any(1) & np.isin(phase, (PH_KEEP, PH_ORDER)), "drawn", "holds no card to keep or order")
    wrong(st.drawn.any(1) & ~np.isin(phase, (PH_KEEP, PH_ORDER)), "drawn", "holds cards outside KEEP and ORDER")

    cur = st.current_player.astype(np.int64)
    start = st.start.astype(np.int64)
    turns = st.turns_done.astype(np.int64)
    rnd = st.round.astype(np.int64)

    # --- set-up ("each player discards one of his profession cards"): seat start + i discards i-th
    setup = where == SETUP
    wrong(setup & (st.setup_done >= N), "setup_done", f"counts every discard made while still discarding; allowed: 0..{N - 1}")
    wrong(~setup & (st.setup_done != N), "setup_done", f"after the set-up differs from the {N} discards made")
    wrong(setup & (rnd != 0), "round", "is not the first round during the set-up")
    if not solo:
        wrong(setup & (cur != (start + st.setup_done) % P), "current_player", "is not the seat 'start' + 'setup_done'")
        held = st.hand_prof.sum((1, 2))
        wrong(setup & (held != T.dealt * P - st.setup_done), "setup_done", "differs from the cards discarded")

    # --- the start player and the turns ("beginning with the start player and proceeding clockwise")
    if solo:  # you and Wolfgang alternate as start player (SPEC SOLO); 2 turns a round
        wrong(start > 1, "start", "is neither you (0) nor Wolfgang (1)")
    per_round = 2 if solo else P
    before = np.where(rnd == 0, 0, per_round)  # turns_done is reset when the action phase starts
    wrong(np.isin(where, (SETUP, AUCTION, CHARACTERS)) & (turns != before), "turns_done",
          f"before the action phase differs from the last action phase's turns (0 in round 1, else {per_round})")  # fmt: skip
    over = where == OVER
    wrong(over & (turns != per_round), "turns_done", f"at the end differs from the last round's {per_round} turns")
    acting = where == ACTIONS
    mover = cur.copy()
    if coop:  # the partner answers a proposal out of turn (C12)
        mover = np.where(phase == PH_COOP_ANSWER, st.prop_builder.astype(np.int64), cur)
    if not solo:
        wrong(acting & (turns >= P), "turns_done", "counts every turn of the action phase while one is under way")
        wrong(acting & (mover != (start + turns) % P), "current_player",
              "is not the seat whose turn it is ('start' + 'turns_done')")  # fmt: skip
        wrong(over & (cur != (start + P - 1) % P), "current_player", "is not the seat whose end_turn ended the game")

    # --- the turn's actions: two, a third with the Cardinal; each kind recorded but the shared builds
    mv = np.clip(mover, 0, P - 1)
    cardinal = np.zeros(B, bool)
    if chars:  # the Cardinal is usable in its owner's one turn of the round only: face down = used now
        cardinal = (st.char_owner[:, C_CARDINAL] == mover) & ~st.char_faceup[:, C_CARDINAL]
    used = 2 + cardinal - st.actions_left.astype(np.int64)
    recorded = st.took_profession.astype(np.int64) + st.took_freedom + st.acts_done.astype(np.int64).sum(1)
    wrong(acting & (used < 0), "actions_left", "exceeds the turn's actions")
    if coop:  # a shared build uses an action and is not counted in acts_done (D17)
        shared = (st.shared_with[rows, mv] >= 0).sum(1)
        wrong(acting & ((used < recorded) | (used > recorded + shared)), "actions_left",
              "differs from the actions taken this turn (took_profession, took_freedom, acts_done, shared builds)")  # fmt: skip
    else:
        wrong(acting & (used != recorded), "actions_left",
              "differs from the actions taken this turn (took_profession, took_freedom, acts_done)")  # fmt: skip

    # --- the work under way (WORK_BONUS, then WORK_PAY): the profession played, its value
    working = np.isin(phase, (PH_WORK_BONUS, PH_WORK_PAY))
    x = st.work_prof.astype(np.int64)
    wrong(working & ((x < 0) | ((x == PRINCESS_WORK) & (phase == PH_WORK_BONUS))), "work_prof",
          "is no work under way (the Princess's work is paid at once)")  # fmt: skip
    wrong(working & (st.acts_done[:, ACT_WORK] < 1), "acts_done", "counts no work though one is under way")
    g = np.flatnonzero(working & (x >= 0))
    if g.size:
        p, xg, value = mv[g], x[g], st.work_value[g].astype(np.int64)
        princess = xg == PRINCESS_WORK
        ok = np.ones(g.size, bool)
        if chars:  # the Princess is flipped to do the work: her owner's, face down; her value exactly
            pv = game.princess_value(st, g, p)
            mine = (st.char_owner[g, C_PRINCESS] == p) & ~st.char_faceup[g, C_PRINCESS]
            ok &= ~princess | (mine & (value == pv))
        else:
            ok &= ~princess
        prof = ~princess
        xs = np.minimum(xg, NUM_PROFESSIONS - 1)
        ok &= ~prof | st.table_prof[g, p, xs]  # the work's card lies on its table
        # the value: the base with the card on the table, plus the Bonus cards played for it, each
        # worth what it adds now ("the player can play any number of Bonus cards"): a subset of
        # those out of the game
        extra = value - game.work_base(st, g, p, xs)
        cards = game.bonus_values(st, g, p)
        reach = _subset_sums(cards, st.bonus_out[g], max(int(extra.max(initial=0)), 0))
        ok &= ~prof | ((extra >= 0) & reach[np.arange(g.size), np.maximum(extra, 0)])
        # WORK_PAY: done was legal, so the value reached the round's minimum
        paying = st.phase[g] == PH_WORK_PAY
        ok &= ~(paying & prof) | (value >= T.minimum[rnd[g]])
        wrong(np.isin(rows, g[~ok]), "work_value", "is no value the work of 'work_prof' can have now")

    # --- the pending draw (KEEP, ORDER): which deck, how many cards, who draws and why
    drawing = np.isin(phase, (PH_KEEP, PH_ORDER))
    deck = st.draw_deck.astype(np.int64)
    offsets = np.array(DRAWN_OFFSET + (NUM_DRAWN,))
    lo, hi = offsets[np.clip(deck, 0, 2)], offsets[np.clip(deck, 0, 2) + 1]
    flag = np.arange(NUM_DRAWN)[None, :]
    outside = (st.drawn & ((flag < lo[:, None]) | (flag >= hi[:, None]))).any(1)
    wrong(drawing & ((deck < 0) | outside), "draw_deck", "is not the deck the drawn cards come from")
    n = st.drawn.sum(1)
    left = st.deck_len[rows, np.clip(deck, 0, 2)]
    keep = phase == PH_KEEP
    wrong(keep & (n != T.draw_count) & ((n > T.draw_count) | (left > 0)), "draw_deck",
          f"holds another number of drawn cards than a draw takes ({T.draw_count}, or the whole deck)")  # fmt: skip
    wrong((phase == PH_ORDER) & (n >= T.draw_count), "draw_deck", "holds as many cards as were drawn: one was kept")
    resume = st.resume.astype(np.int64)
    professor = np.zeros(B, bool)
    if chars:  # the Professor draws free, once: his owner's card, face down since
        professor = (st.char_owner[:, C_PROFESSOR] == cur) & ~st.char_faceup[:, C_PROFESSOR]
    why = np.select(
        [deck == DECK_PROFESSIONS, deck == DECK_BONUS, deck == DECK_PRESTIGE],
        [
            (resume == RESUME_ACTION) & st.took_profession,
            ((resume == RESUME_ACTION) & (st.acts_done[:, ACT_BONUS] > 0)) | professor,
            ((resume == RESUME_AUCTION) & (st.stack == S_PRESTIGE)) | professor,
        ],
        False,
    )
    wrong(drawing & ~why, "draw_deck", "is a deck nothing under way draws from (take_profession, take_bonus, "
          "the Prestige object, the Professor)")  # fmt: skip

    # --- the piece being placed: a landscape won at auction, or a building the turn pays for
    placing = phase == PH_PLACE
    piece = st.piece.astype(np.int64)
    land = piece - NUM_BUILDINGS
    landed = placing & (resume == RESUME_AUCTION)
    wrong(landed & (land < 0), "piece", "is no landscape though an auction object is placed")
    if T.single_landscape:  # 2 players: the landscape object (stack 0), any type picked
        wrong(landed & (st.stack != 0), "piece", "is placed for an object that is no landscape")
    else:
        wrong(landed & (land != st.stack), "piece", "is not the landscape of the object won ('stack')")
    supply_l = st.supply_landscapes[rows, np.clip(land, 0, 2)]
    wrong(landed & (supply_l < 1), "piece", "is a landscape the supply has none of")
    built = placing & (resume == RESUME_ACTION)
    b = np.clip(piece, 0, NUM_BUILDINGS - 1)
    wrong(built & ((piece < 0) | (piece >= NUM_BUILDINGS)), "piece", "is no building though one is built")
    wrong(built & (st.built[rows, mv, b] | (st.supply_buildings[rows, b] < 1)), "piece",
          "is a building its builder has, or the supply has none of (rule 5)")  # fmt: skip
    wrong(built & (st.acts_done[:, ACT_BUILD] < 1), "acts_done", "counts no build though a building is placed")

    # --- the uses at the auction phase's end go round from the start player (SPEC T4)
    ends = st.ctx == CTX_END
    idx = st.ctx_index.astype(np.int64)
    wrong(ends & ((idx < 1) | (idx > P)), "ctx_index", f"is not the turn-order place 1..{P} of the seat using")
    wrong(ends & (cur != (start + idx - 1) % P), "current_player", "is not the seat 'ctx_index' points at")
    wrong((st.ctx_index != 0) & ~ends, "ctx_index", "is set outside the auction phase's end uses")
    if chars:  # the character auction: a seat still in whose pawn stands on no card (a pawn buys)
        card = st.pawn_card[rows, np.clip(cur, 0, P - 1)]
        asked = phase == PH_CHAR_AUCTION
        wrong(asked & (st.char_out[rows, np.clip(cur, 0, P - 1)] | (card >= 0)), "current_player",
              "is out of the character auction, or his pawn stands on a card (it buys)")  # fmt: skip

    if chars:
        fresh = ~st.char_out.any(1) & (st.pawn_card < 0).all(1) & (st.char_owner < 0).all(1)
        wrong((phase == PH_CHAR_AUCTION) & fresh & (cur != start), "current_player",
              "is not the start player, who is asked first in the character auction")  # fmt: skip
        # the Banker's purse goes to whoever buys him; it is refilled when he comes back
        wrong((st.char_owner[:, C_BANKER] >= 0) & (st.banker_money != 0), "banker_money",
              "is not 0 though the Banker was bought (his owner took it)")  # fmt: skip

    # --- the round: the last one at the end; at least the rounds the principalities took
    wrong(over & (rnd != T.num_rounds - 1), "round", "is not the last round at the game's end")
    _round_bounds(game, st, where, wrong)

    # --- the auction (3-5 players: choose, bid, win; the solo game: SPEC SA)
    if solo:
        _solo_auction(game, st, where, wrong)
    else:
        wrong(st.forced, "forced", "is set outside the solo game")
        _auction(game, st, where, wrong)

    # --- the code a subroutine returns with, kept after it ends (read by no rule)
    sub = np.isin(phase, SUBROUTINES)
    stale = ~sub
    if not chars:
        wrong(resume == RESUME_CHAR_USE, "resume", "returns to a character's use without the characters")
    # no subroutine before the first auction object; those of the first round's auction phase return to it
    wrong(stale & ((where == SETUP) | ((where == AUCTION) & (rnd == 0))) & (resume != RESUME_AUCTION), "resume",
          "differs from the last subroutine's (none yet, or the first auction phase's)")  # fmt: skip
    # a build or a draw of this turn returned to the action phase, and nothing since returns elsewhere
    turn_sub = st.took_profession | (st.acts_done[:, ACT_BUILD] > 0) | (st.acts_done[:, ACT_BONUS] > 0)
    wrong(stale & acting & turn_sub & (resume != RESUME_ACTION), "resume",
          "differs from the subroutine of this turn's build or draw")  # fmt: skip

    if not solo:  # a landscape or the Prestige object sold this phase ran a subroutine back to the auction
        subbed = st.stack_used[:, :4].any(1)  # Forest, Lake, Park (placed), Prestige (drawn)
        # the landscape being picked is settled (marked) but not yet placed
        subbed = np.where(phase == PH_LANDSCAPE_PICK, st.stack_used[:, S_PRESTIGE], subbed)
        wrong(stale & (where == AUCTION) & subbed & (resume == RESUME_ACTION), "resume",
              "returns to the action phase though an object of this auction phase was placed or drawn")  # fmt: skip

    if coop:
        _proposal(game, st, where, wrong)


def _round_bounds(game, st, where, wrong) -> None:
    """The round is at least what the principalities took: one auction object a round per seat
    ("each player may acquire only one item per auction phase"), and per turn two actions (three
    with the Cardinal, once a round) for the works (their cards on the table), the buildings built
    alone, the Freedoms, the professions taken (the hand cards nobody saw) and, without the
    Professor, the Bonus cards held."""
    T, P, B = game.T, game.seats, st.batch_size
    seats = 1 if game.solo else P  # the solo game: yours (Wolfgang's and the dummies' are the Automa's)
    rnd = st.round.astype(np.int64)[:, None]
    objects = st.landscapes.sum(2).astype(np.int64) + st.jesters + st.builders  # [B, P]
    if not game.characters:  # the Professor's Prestige card is no auction object
        objects = objects + st.prestige_hand.sum(2)
    wrong((objects[:, :seats] > rnd + 1).any(1), "round", "is too early for the auction objects a principality holds")
    # each stack is sold once an auction phase ("this stack cannot be chosen again this round")
    land = st.landscapes.sum(1).astype(np.int64)  # [B, 3]
    sold = [land.sum(1, keepdims=True) if T.single_landscape else land, st.jesters.sum(1, keepdims=True),
            st.builders.sum(1, keepdims=True),
            (T.recruiting - st.supply_recruiting.astype(np.int64) - st.recruit_discarded)[:, None]]  # fmt: skip
    wrong((np.concatenate(sold, 1) > rnd + 1).any(1), "round", "is too early for the objects sold from each stack")
    alone = st.built & (st.shared_with < 0) if game.cooperative else st.built
    acts = st.table_prof.sum(2).astype(np.int64) + st.table_recruit + alone.sum(2) + st.freedoms.sum(2)
    acts += (st.hand_prof & ~st.known).sum(2)
    if not game.characters:
        acts += st.bonus_hand.sum(2)
    # the seat's turns so far: the earlier rounds', and this round's once it has started
    start, done = st.start.astype(np.int64)[:, None], st.turns_done.astype(np.int64)[:, None]
    order = (np.arange(P)[None, :] - start) % P
    if game.solo:
        order = np.where(np.arange(P)[None, :] == 0, (0 - start) % 2, order)
    started = ((where == ACTIONS)[:, None] & (order <= done)) | (where == OVER)[:, None]
    turns = rnd + started
    wrong((acts[:, :seats] > (2 + game.characters) * turns[:, :seats]).any(1), "round",
          "is too early for the works, buildings, Freedoms and cards a principality took (two actions a turn)")  # fmt: skip
    # one profession and one Freedom a turn at most (took_profession, took_freedom)
    once = np.maximum((st.hand_prof & ~st.known).sum(2), st.freedoms.sum(2))
    wrong((once[:, :seats] > turns[:, :seats]).any(1), "round",
          "is too early for the professions taken or Freedoms introduced (one of each a turn)")  # fmt: skip


def _auction(game, st, where, wrong) -> None:
    """The base game's auction: who chooses, who opened, what the object won cost."""
    T, P, B = game.T, game.seats, st.batch_size
    rows = np.arange(B)
    phase = st.phase.astype(np.int64)
    cur = st.current_player.astype(np.int64)
    start = st.start.astype(np.int64)
    free = st.pawn_free
    # The chooser moves clockwise from the start player and passes a seat only once its pawn has
    # left (a withdrawal or a purchase; a loser's opener chooses again): it is the first seat with
    # its pawn free at or after the start player.
    choosing = phase == PH_AUCTION_CHOOSE
    first = next_seat(free, start - 1)
    wrong(choosing & (cur != first), "start", "disagrees with the chooser: the first free pawn from the start player")
    bidding = phase == PH_AUCTION_BID
    opened = (st.stack >= 0) & (where == AUCTION)
    won = opened & ~bidding
    high = np.clip(st.high.astype(np.int64), 0, P - 1)
    # the winner's pawn stays free until the object is settled (after the characters offered at the win)
    before_settle = (st.ctx == CTX_WIN) & won
    free_then = free | (won[:, None] & (np.arange(P)[None, :] == high[:, None]))
    chooser = next_seat(free_then, start - 1)
    wrong(opened & (st.opener != chooser), "opener", "is not the seat that chose (the first free pawn from 'start')")
    wrong(bidding & st.lone, "lone", "is set while others bid")
    wrong(won & (cur != st.high), "high", "is not the winner, who takes the object")
    wrong(won & (free[rows, high] != before_settle), "pawn_free", "of the winner disagrees with the object's settling")
    others = (free_then & (np.arange(P)[None, :] != high[:, None])).any(1)
    lone = st.lone
    wrong(won & lone & (others | (st.bid != T.lone_price) | (st.opener != st.high) | st.in_auction.any(1)), "lone",
          "is set, but the object was not bought alone (the last free pawn, at the lone buyer's price)")  # fmt: skip
    raises, rest = np.divmod(st.bid.astype(np.int64) - T.opening_bid, T.raise_step)
    alone_in = st.in_auction.sum(1) == 1
    wrong(won & ~lone & (~others | (raises < 0) | (rest != 0) | ~alone_in), "lone",
          "is not set, but the object was not bid for (two free pawns, opening bid plus raises, the winner left)")  # fmt: skip
    wrong(won & ~lone & (raises == 0) & (st.high != st.opener), "bid", "is the opening bid, won by another than the opener")
    purse = game._purse(st, rows, high)
    raised = bidding & (raises > 0)  # the high bidder raised to the bid: he could pay it (nothing paid since)
    wrong((before_settle | raised) & (purse < st.bid), "bid", "exceeds the high bidder's purse: he could not bid it")
    # the object: one this phase has not sold yet (it is marked when settled); 2 players: the one
    # landscape object is stack 0 ("open_Lake" and "open_Park" are never legal)
    s = np.clip(st.stack.astype(np.int64), 0, 6)
    settled = won & ~before_settle
    wrong(opened & (st.stack_used[rows, s] != settled), "stack", "disagrees with 'stack_used' (an object is marked "
          "used when settled)")  # fmt: skip
    if T.single_landscape:
        wrong(opened & ((st.stack == 1) | (st.stack == 2)), "stack", "is a landscape stack of its own with 2 players")
        wrong((phase == PH_LANDSCAPE_PICK) & (st.stack != 0), "stack", "is not the landscape object")
    # the opener could take the object he opened, and so can a high bidder who raised (nothing
    # changed since); who else raised the state does not tell (as _auction_problems)
    g = np.flatnonzero(bidding)
    if g.size:
        opener = np.clip(st.opener[g].astype(np.int64), 0, P - 1)
        ok = game._objects(st, g, opener)[np.arange(g.size), s[g]]
        ok &= ~raised[g] | game._objects(st, g, high[g])[np.arange(g.size), s[g]]
        wrong(np.isin(rows, g[~ok]), "stack", "is an object the opener or the high bidder could not take")
    # the seats between the start player and the chooser have left (checked above through the
    # chooser); any other seat without its pawn bought an object that a chooser opened: so at the
    # opening (or now, while choosing) the objects sold this phase number at least the seats
    # without their pawns outside that stretch, and at most all seats without their pawns
    auction = where == AUCTION
    free_open = np.where(won[:, None], free_then, free)
    sold = st.stack_used.astype(np.int64)
    if T.single_landscape:  # the landscape object marks its three stacks
        sold = np.concatenate([sold[:, :1], sold[:, 3:]], 1)
        s = np.where(s < 3, 0, s - 2)
    count = sold.sum(1) - (settled & (sold[rows, s] > 0))
    chooser_then = np.where(choosing, cur, st.opener.astype(np.int64))
    stretch = (np.arange(P)[None, :] - start[:, None]) % P < ((chooser_then - start) % P)[:, None]
    gone = ~free_open
    wrong(auction & ((count < (gone & ~stretch).sum(1)) | (count > gone.sum(1))), "start",
          "disagrees with the objects sold this phase: each seat without its pawn past the chooser bought one")  # fmt: skip


def _solo_auction(game, st, where, wrong) -> None:
    """The solo auction (SPEC SA): the objects chosen, the price of the open one, what you and
    Wolfgang bought."""
    ST, P, B = game.ST, game.seats, st.batch_size
    rows = np.arange(B)
    phase = st.phase.astype(np.int64)
    auction = where == AUCTION
    done = st.auctions_done.astype(np.int64)
    # each object chosen is marked used and counted; the phase's end clears both
    wrong(done != np.where(auction, st.stack_used.sum(1), 0), "auctions_done",
          "differs from the objects chosen in this auction phase ('stack_used')")  # fmt: skip
    opened = st.stack >= 0
    bidding = phase == PH_AUCTION_BID
    won = opened & ~bidding
    wrong(auction & (st.you_bought != np.where(won, st.stack, -1)), "you_bought",
          "is not the object you are taking (your purchase ends the auction phase)")  # fmt: skip
    wrong(~auction & (st.you_bought != -1), "you_bought", "is set outside the auction phase")
    wrong(~auction & st.stack_used.any(1), "stack_used", "marks objects outside the auction phase (its end clears them)")
    stack = np.clip(st.stack.astype(np.int64), 0, 6)
    card = np.clip(st.automa_card.astype(np.int64), 0, len(ST.mod) - 1)
    last = st.last_bid[rows, stack].astype(np.int64)
    final = done == P  # the phase's last auction costs final_price, without a roll (D45, D46)
    price = np.where(final, ST.final_price, last + 1)
    wrong(opened & ((final & (last >= 0)) | (~final & (last < 0)) | (st.bid != price)), "bid",
          "is not the open object's price (its rolled last bid + 1, or the final auction's price)")  # fmt: skip
    roll = last - ST.mod[card, stack]
    forced = bidding & ~final & ~ST.has_mod[card, stack] & (roll <= ST.forced_max_roll)
    wrong(bidding & (st.forced != forced), "forced", "disagrees with the roll (a low roll without modifier forces)")
    # Wolfgang's purchase at the last auction phase's end: none before the first; one of his holdings
    first = (st.round == 0) & np.isin(where, (SETUP, AUCTION))
    wrong(first & (st.wolf_bought != -1), "wolf_bought", "is set before the first auction phase ended")
    wolf = 1  # his objects stay with him: he holds one of the kind he bought last
    holds = np.concatenate([
        st.landscapes[:, wolf] > 0, st.prestige_hand[:, wolf].any(1, keepdims=True),
        (st.hand_recruit[:, wolf] + st.table_recruit[:, wolf] > 0)[:, None], (st.jesters[:, wolf] > 0)[:, None],
        (st.builders[:, wolf] > 0)[:, None],
    ], 1)  # fmt: skip
    bought = st.wolf_bought.astype(np.int64)
    wrong((bought >= 0) & ~holds[rows, np.clip(bought, 0, 6)], "wolf_bought", "is an object Wolfgang holds none of")


def _proposal(game, st, where, wrong) -> None:
    """The cooperative proposal (SPEC CM): what each proposal phase has decided so far."""
    CT, B, P = game.CT, st.batch_size, game.seats
    rows = np.arange(B)
    phase = st.phase.astype(np.int64)
    step = np.select([phase == ph for ph in COOP_PHASES], [1, 2, 3, 4], 0)  # decisions so far
    builder = st.prop_builder.astype(np.int64)
    p = np.clip(builder, 0, P - 1)
    b = np.clip(st.prop_building.astype(np.int64), 0, NUM_BUILDINGS - 1)
    side = np.clip(st.prop_side.astype(np.int64), 0, 1)
    partner = st.prop_partner.astype(np.int64)
    fields = ("prop_building", "prop_side", "prop_place", "prop_price")  # decided at steps 1..4
    for k, field in enumerate(fields):
        value = getattr(st, field)
        wrong((step > k) & (value < 0), field, "is not decided though the proposal is past it")
        wrong((step > 0) & (step <= k) & (value >= 0), field, "is decided before its phase")
    wrong((step > 0) & ((builder < 0) | (builder != np.where(step == 4, builder, st.current_player))), "prop_builder",
          "is not the seat proposing")  # fmt: skip
    wrong((step > 1) & (partner != CT.nb[p, side]), "prop_partner", "is not the builder's neighbour on 'prop_side'")
    wrong((step <= 1) & (partner != -1), "prop_partner", "is set before a side is chosen")
    wrong((step == 4) & (st.current_player != partner), "current_player", "is not the partner, who answers")
    q = np.clip(partner, 0, P - 1)
    taken = st.built[rows, p, b] | ((step > 1) & st.built[rows, q, b]) | (st.supply_buildings[rows, b] < 1)
    wrong((step > 0) & taken, "prop_building", "is built by the builder or the partner, or out of supply (rule 5)")
    wrong((step > 0) & ((st.actions_left < 1) | (st.proposals_left < 1)), "proposals_left",
          "leaves no proposal or action for the one under way")  # fmt: skip
    g = np.flatnonzero(step >= 3)  # the placement chosen is legal on the border, the price affordable
    if g.size:
        _, x, y = game._frame_seats(p[g], side[g])
        place = np.clip(st.prop_place[g].astype(np.int64), 0, CT.frame_placements - 1)
        legal = game._frame_legal(st, g, x, y, CT.span_squares[b[g], place][:, None], CT.span_halo[b[g], place][:, None])
        ok = legal[:, 0] & CT.spanning[b[g], place]
        wrong(np.isin(rows, g[~ok]), "prop_place", "is no legal placement of the building on the border's frame")
        h = g[step[g] == 4]
        if h.size:
            rung = game._rungs(st, h, p[h], partner[h])
            price = np.clip(st.prop_price[h].astype(np.int64), 0, rung.shape[1] - 1)
            fine = rung[np.arange(h.size), price]
            wrong(np.isin(rows, h[~fine]), "prop_price", "is a rung the partner cannot pay or that does not cover the cost")
    # a proposal was declined since the turn's last action only where one could be made: the free
    # actions since change nothing a proposal depends on (boards, Builders, purses)
    short = (phase == PH_ACTION) & (st.proposals_left < CT.proposals)
    g = np.flatnonzero(short)
    if g.size:
        mover = st.current_player[g].astype(np.int64)
        could = (st.supply_buildings[g] > 0) & ~st.built[g, mover] & game._open_sides(st, g, mover).any(2)
        wrong(np.isin(rows, g[~could.any(1)]), "proposals_left",
              "counts declined proposals, but no proposal can be made in this position")  # fmt: skip
    # an action used refills the budget: full during a work, a build's placing and the draw of a
    # profession or of a Bonus card taken (not the Professor's free one)
    free_draw = np.zeros(B, bool)
    if game.characters:
        free_draw = (st.char_owner[:, C_PROFESSOR] == st.current_player) & ~st.char_faceup[:, C_PROFESSOR]
        free_draw &= st.draw_deck != DECK_PROFESSIONS
    after_action = np.isin(phase, (PH_WORK_BONUS, PH_WORK_PAY)) | (
        np.isin(phase, (PH_PLACE, PH_KEEP, PH_ORDER)) & (st.resume == RESUME_ACTION) & ~free_draw
    )
    wrong(after_action & (st.proposals_left != CT.proposals), "proposals_left",
          "is not the full budget though an action was just used (it refills the budget)")  # fmt: skip
    # the budget is full until the first action phase (refilled at every turn's start)
    early = (where == SETUP) | ((st.round == 0) & np.isin(where, (AUCTION, CHARACTERS)))
    wrong(early & (st.proposals_left != CT.proposals), "proposals_left", "is not the full budget before any turn")
