"""Firenze's pending decision, phase by phase (issue 32): which fields each phase's decision is
about, where the turn stands in each phase, and what both imply, checked by
:meth:`~.firenze.Firenze.check_invariants` through :func:`check_phase_fields`.

Derived from the handlers (``rules/``: which phase sets, reads and clears which field) and the
rulebook's turn ("Game Play" 1-6, "Event Cards", "Personnel Cards"):

* :data:`NEUTRAL` -- the value of each pending-decision field when no decision uses it: the blank
  state's, and the value the rules restore when the decision is over (``_finish_take``,
  ``_event_done``, the give and exchange handlers).
* :data:`USES` -- per phase, the fields its decision is about. Every other pending field is at its
  neutral value; what each used field must hold is checked field by field below (a payment has
  something left to pay and can pay it, an event phase resolves an event that asks that decision,
  the card being taken or exchanged is where its slot says...).
* :data:`STAGE` -- per phase, the part of the turn it belongs to (ALCHEMIST_GIVE and SMUGGLER_GIVE:
  the phase they return to). The turn's own fields follow from it: nothing is built before Build,
  no Mason before Build, no Architect before Fulfill, no exchange before Exchange, and every turn
  before this one took exactly one card unless the row had run out ("Choose a card": the row is
  refilled only after a card is taken, so once empty it stays empty).

Every message names the phase and the field.
"""

from __future__ import annotations

import numpy as np

from .constants import (
    NUM_COLOURS,
    NUM_KINDS,
    NUM_SLOTS,
    PH_ALCH_GIVE,
    PH_BUILD,
    PH_CHOOSE,
    PH_EV_DISCARD,
    PH_EV_KEEP,
    PH_EV_OWN_TOWER,
    PH_EV_PATRICIAN,
    PH_EV_PAY,
    PH_EXCHANGE,
    PH_EXCHANGE_PAY,
    PH_FULFILL,
    PH_LIMIT_BRICKS,
    PH_LIMIT_CARDS,
    PH_OVER,
    PH_PAY_BUILD,
    PH_PAY_CARD,
    PH_SMUG_GIVE,
    PH_UNUSED,
    PHASE_NAMES,
)
from .state import FirenzeState

#: the pending-decision fields and their value when no decision uses them
NEUTRAL = {
    "chosen_slot": 0,  # row slot of the card being taken (PAY_CARD_COST and the card's event)
    "pay_index": 0,  # row slot the next card-cost brick goes on (the same)
    "pay_left": 0,  # bricks or cards still due (payment phases)
    "event_kind": -1,  # the event card being resolved (event phases)
    "event_offset": 0,  # the player an all-players event is at (Flood, Tribute, Luxury Tax)
    "keep_left": 0,  # towers still to choose (EVENT_KEEP_TOWER)
    "keep_colour": -1,  # Tribute's colour being decided (EVENT_KEEP_TOWER)
    "keep_marked": False,  # towers chosen to be paid for (EVENT_KEEP_TOWER, EVENT_PAY)
    "pending_take": 0,  # what the giver receives (ALCHEMIST_GIVE, SMUGGLER_GIVE, EXCHANGE_PAY)
    "exchange_slot": 0,  # row slot of the exchange being paid for (EXCHANGE_PAY)
    "return_phase": PH_CHOOSE,  # where a give returns to (ALCHEMIST_GIVE, SMUGGLER_GIVE)
}

_CARD = ("chosen_slot", "pay_index")  # the card taken, until its event is over
#: phase -> the pending fields its decision is about (the others are at NEUTRAL)
USES = {
    PH_CHOOSE: (),
    PH_PAY_CARD: _CARD + ("pay_left",),
    PH_EV_PATRICIAN: _CARD + ("event_kind",),
    PH_EV_OWN_TOWER: _CARD + ("event_kind",),
    PH_UNUSED: (),  # never entered since v1 (refused below)
    PH_EV_DISCARD: _CARD + ("event_kind", "event_offset", "pay_left"),
    PH_EV_KEEP: _CARD + ("event_kind", "event_offset", "keep_left", "keep_colour", "keep_marked"),
    PH_EV_PAY: _CARD + ("event_kind", "event_offset", "keep_marked", "pay_left"),
    PH_EXCHANGE: (),
    PH_EXCHANGE_PAY: ("exchange_slot", "pending_take", "pay_left"),
    PH_BUILD: (),
    PH_PAY_BUILD: ("pay_left",),
    PH_FULFILL: (),
    PH_LIMIT_BRICKS: ("pay_left",),
    PH_LIMIT_CARDS: ("pay_left",),
    PH_ALCH_GIVE: ("return_phase", "pending_take", "pay_left"),
    PH_SMUG_GIVE: ("return_phase", "pending_take", "pay_left"),
    PH_OVER: (),
}

# The parts of a turn, in order; GAME_OVER comes after the last turn's end.
S_CHOOSE, S_PAY_CARD, S_EVENT, S_EXCHANGE, S_BUILD, S_FULFILL, S_LIMITS, S_OVER = range(8)
#: phase -> the part of the turn it belongs to (the gives: that of the phase they return to)
STAGE = np.array([
    S_CHOOSE, S_PAY_CARD, S_EVENT, S_EVENT, S_EVENT, S_EVENT, S_EVENT, S_EVENT, S_EXCHANGE, S_EXCHANGE,
    S_BUILD, S_BUILD, S_FULFILL, S_LIMITS, S_LIMITS, -1, -1, S_OVER,
])  # fmt: skip
#: the phases Alchemist, Smuggler, Patrician and Saboteur are played in ("free" personnel): the
#: only phases a give returns to
FREE_PHASES = (PH_CHOOSE, PH_EXCHANGE, PH_BUILD, PH_FULFILL)
_PAYMENTS = (PH_PAY_CARD, PH_EV_DISCARD, PH_EV_PAY, PH_EXCHANGE_PAY, PH_PAY_BUILD, PH_LIMIT_BRICKS, PH_ALCH_GIVE,
             PH_SMUG_GIVE)  # fmt: skip
_ALL_PLAYERS = (PH_EV_DISCARD, PH_EV_KEEP, PH_EV_PAY)  # the phases an all-players event can be in


def _uses(field: str) -> np.ndarray:
    """bool[phases]: the phases whose decision uses ``field``."""
    return np.array([field in USES[ph] for ph in range(len(PHASE_NAMES))])


def check_phase_fields(game, st: FirenzeState, bad) -> None:
    """Record (``bad(condition[B], what)``) every game whose phase disagrees with its pending fields
    or with where its turn stands (module docstring)."""
    B, P = st.batch_size, game.num_players
    rows = np.arange(B)
    phase = st.phase.astype(np.int64)
    name = np.array(PHASE_NAMES)

    def wrong(cond, field: str, what: str) -> None:
        cond = np.asarray(cond, bool)
        if cond.any():
            b = int(np.flatnonzero(cond)[0])
            bad(cond, f"phase {name[phase[b]]}: field {field!r} {what}")

    wrong(phase == PH_UNUSED, "phase", "is never entered since v1 (the Saboteur is personnel)")
    # --- neutral values: what no decision of this phase uses
    for field, neutral in NEUTRAL.items():
        value = getattr(st, field)
        off = (value != neutral).reshape(B, -1).any(1) & ~_uses(field)[phase]
        wrong(off, field, f"= {value[np.argmax(off)].tolist()} outside the phases that use it; allowed: {neutral}")

    turn = st.turn_player.astype(np.int64)
    cur = st.current_player.astype(np.int64)
    ev = st.event_kind.astype(np.int64)
    store = st.storehouse.astype(np.int64)  # [B, P, 6]
    store_cur = store[rows, cur].sum(1)
    K = game.K
    in_ = np.isin

    # --- who decides: the turn player, but for another player's part of an all-players event
    all_players = in_(phase, _ALL_PLAYERS) & (ev != K["Storehouse Fire"])
    offset = st.event_offset.astype(np.int64)
    wrong(all_players & ((offset < 0) | (offset >= P)), "event_offset", "is not a seat's offset 0..P-1")
    wrong(all_players & (cur != (turn + offset) % P), "current_player", "is not the seat event_offset points at")
    wrong(~all_players & (cur != turn), "current_player", "differs from turn_player outside an all-players event")

    # --- payments: something is due and the payer can pay it
    paying = in_(phase, _PAYMENTS)
    due = st.pay_left.astype(np.int64)
    wrong(in_(phase, _PAYMENTS + (PH_LIMIT_CARDS,)) & (due < 1), "pay_left", "= 0: nothing left to pay")
    wrong(paying & (store_cur < due), "pay_left", "exceeds the payer's storehouse")

    # --- the card taken (PAY_CARD_COST, then its event)
    slot = st.chosen_slot.astype(np.int64)
    card = st.row_card[rows, np.minimum(slot, NUM_SLOTS - 1)]
    cost = game.card_cost[np.minimum(slot, NUM_SLOTS - 1)]
    pay_card = phase == PH_PAY_CARD
    event = STAGE[phase] == S_EVENT
    wrong(pay_card & (card < 0), "chosen_slot", "is an empty row slot: no card to pay for")
    wrong(pay_card & (st.pay_index + due != cost), "pay_index", "+ pay_left differs from the chosen card's cost")
    wrong(pay_card & st.princess_active, "pay_left", "is due though a Princess made the card free")
    wrong(event & (card >= 0), "chosen_slot", "holds a card: the event's card has left the row")
    paid = np.where(st.princess_active, 0, cost)
    wrong(event & (st.pay_index != paid), "pay_index", "differs from the bricks the event's card cost")
    wrong((phase == PH_CHOOSE) & (st.row_card < 0).all(1), "row_card", "is empty: no card to choose")
    # the row: cards move left when one is taken ("Move all the cards to its right one place to
    # the left"), so they fill its first slots, but for the taken card's slot while its event is
    # resolved; a slot without a card holds no bricks
    has = st.row_card >= 0
    hole = event[:, None] & (np.arange(NUM_SLOTS)[None, :] == slot[:, None])
    gap = ((~has & ~hole).cumsum(1)[:, :-1] > 0) & has[:, 1:]  # a card right of an empty slot
    wrong(gap.any(1), "row_card", "leaves a gap: the cards of the row fill its first slots")
    wrong((~has & st.row_bricks.any(2)).any(1), "row_bricks", "puts bricks on an empty row slot")

    # --- events: each phase resolves an event that asks its decision
    is_event = np.zeros(NUM_KINDS + 1, bool)
    is_event[game.event_kinds] = True
    wrong(event & ~is_event[ev], "event_kind", "is not an event card")
    asks = {
        PH_EV_OWN_TOWER: ("Botch", "Collapse"),
        PH_EV_DISCARD: ("Flood", "Storehouse Fire"),
        PH_EV_KEEP: ("Tribute", "Luxury Tax"),
        PH_EV_PAY: ("Luxury Tax",),
    }
    for ph, kinds in asks.items():
        wrong((phase == ph) & ~in_(ev, [K[k] for k in kinds]), "event_kind", f"is not {' or '.join(kinds)}")
    if game.auto_discard:  # the engine pays and chooses for every player (DESIGN_NOTES §7.3)
        auto = in_(phase, (PH_EV_KEEP, PH_EV_PAY)) | ((phase == PH_EV_DISCARD) & (ev == K["Flood"]))
        wrong(auto, "phase", "is decided by the engine with auto_discard")
    fire = (phase == PH_EV_DISCARD) & (ev == K["Storehouse Fire"])
    wrong(fire & (due > game.fire_bricks), "pay_left", "exceeds the Storehouse Fire's bricks")
    # Fire asks only a storehouse of more than its bricks: what is left exceeds what is due
    wrong(fire & (store_cur - due < 1), "pay_left", "leaves no brick: the Fire took a small storehouse whole")
    # Flood: ceil(bricks / divisor) due at the start; each brick paid lowers both sides, the due faster
    flood = (phase == PH_EV_DISCARD) & (ev == K["Flood"])
    share = -(-store_cur // game.flood_divisor)
    wrong(flood & (due > share), "pay_left", "exceeds the Flood's share of the storehouse")
    wrong(fire & (offset != 0), "event_offset", "is set for Storehouse Fire (the taker alone)")
    aside = st.aside.any(1)
    wrong(aside & ~(event & game.aside_kinds[np.maximum(ev, 0)] & (ev >= 0)), "aside",
          "holds bricks outside a Flood or Storehouse Fire being resolved")  # fmt: skip
    # Patrician: asked only of a turn player holding one, not yet played, against an event that
    # would change something ("you may ignore the effect of an Event Card that you chose")
    patrician = phase == PH_EV_PATRICIAN
    if patrician.any():
        g = np.flatnonzero(patrician)
        holds = st.hand[g, turn[g], K["Patrician"]] > 0
        holds &= ~st.played[g, game.KP["Patrician"]]
        holds &= game._event_has_effect(st, g, ev[g], turn[g])
        wrong(np.isin(rows, g[~holds]), "event_kind", "asks the Patrician question it cannot ask")

    # --- EVENT_KEEP_TOWER and EVENT_PAY: towers of the deciding player, chosen to be paid for
    colour = st.tower_colour[rows, cur].astype(np.int64)  # [B, 12]
    height = st.tower_height[rows, cur].astype(np.int64)
    marked = st.keep_marked
    keep, pay = phase == PH_EV_KEEP, phase == PH_EV_PAY
    left = st.keep_left.astype(np.int64)
    wrong(keep & (left < 1), "keep_left", "= 0: no tower left to choose")
    wrong((keep | pay) & (marked & (colour < 0)).any(1), "keep_marked", "marks an empty tower slot")
    tribute, lux = (ev == K["Tribute"]), (ev == K["Luxury Tax"])
    kc = st.keep_colour.astype(np.int64)
    wrong(keep & tribute & (kc < 0), "keep_colour", "is no colour for Tribute")
    wrong(keep & lux & (kc >= 0), "keep_colour", "is a colour for Luxury Tax")
    # Tribute: colours in order; colour c stops for a choice when 0 < bricks of c < towers of c,
    # and the player marks as many towers of c as he has bricks of c (paid when all are chosen)
    of_c = colour == kc[:, None]
    bricks_c = store[rows, cur, np.clip(kc, 0, NUM_COLOURS - 1)]
    short = of_c.sum(1) > bricks_c
    wrong(keep & tribute & ((left + (marked & of_c).sum(1) != bricks_c) | ~short), "keep_left",
          "differs from the Tribute bricks of keep_colour not yet assigned")  # fmt: skip
    wrong(keep & tribute & (marked & (colour > kc[:, None])).any(1), "keep_marked",
          "marks a tower of a colour Tribute has not reached")  # fmt: skip
    # Luxury Tax: m = min(towers of lux height, bricks // per tower) towers are paid for; a choice
    # only when 0 < m < towers, then EVENT_PAY asks for the bricks of the marked ones
    eligible = (colour >= 0) & (height >= game.lux_min_height)
    m = np.minimum(eligible.sum(1), store_cur // game.lux_per_tower)
    wrong((keep & lux) & ((left + marked.sum(1) != m) | (m >= eligible.sum(1))), "keep_left",
          "differs from the Luxury Tax towers still to choose")  # fmt: skip
    wrong((keep & lux | pay) & (marked & ~eligible).any(1), "keep_marked", "marks a tower below the Luxury Tax height")
    wrong(pay & (due > game.lux_per_tower * marked.sum(1)), "pay_left", "exceeds the Luxury Tax of the marked towers")
    # fewer towers marked than reach the height: the storehouse paid for no more, so what it holds
    # beside the bricks still due is less than one more tower's tax
    paid = game.lux_per_tower * marked.sum(1) - due
    short_lux = pay & (marked.sum(1) < eligible.sum(1))
    wrong(short_lux & (store_cur + paid >= game.lux_per_tower * (marked.sum(1) + 1)), "pay_left",
          "leaves the bricks of another Luxury Tax tower unpaid")  # fmt: skip

    # --- exchange: the card it takes a brick from, the colour received
    ex = phase == PH_EXCHANGE_PAY
    take = st.pending_take.astype(np.int64)
    es = st.exchange_slot.astype(np.int64)
    give = np.where(st.buildings[rows, turn, game.KB["Bridge"]], game.exchange_give_bridge, game.exchange_give)
    wrong(ex & (st.row_bricks[rows, es, take[:, 0]] < 1), "pending_take", "names a colour the exchanged card lacks")
    wrong(ex & (take[:, 1:] != 0).any(1), "pending_take", "names a seat or slot: an exchange takes from the row")
    wrong(ex & (due > give), "pay_left", "exceeds the exchange's bricks")
    wrong(ex & st.exchange_done, "exchange_done", "is set while an exchange is paid for (one a turn)")
    # the bricks paid so far lie on the exchanged card, which held the colour taken before them
    on_card = st.row_bricks[rows, es].sum(1).astype(np.int64)
    wrong(ex & (on_card < give - due + 1), "pay_left", "counts more bricks paid than the exchanged card holds")

    # --- Alchemist and Smuggler: the brick given is paid, then the chosen brick taken
    alch, smug = phase == PH_ALCH_GIVE, phase == PH_SMUG_GIVE
    giving = alch | smug
    back = st.return_phase.astype(np.int64)
    wrong(giving & ~in_(back, FREE_PHASES), "return_phase", "is not a phase personnel cards are played in")
    wrong(giving & (due != 1), "pay_left", "differs from the one brick a swap gives")
    wrong(giving & (take[:, 2] != 0), "pending_take", "names a slot: a swap has none")
    wrong(alch & (take[:, 1] != 0), "pending_take", "names a seat: the Alchemist takes from the pouch")
    wrong(alch & (st.pouch[rows, take[:, 0]] < 1), "pending_take", "names a colour the pouch lacks")
    src = np.clip(take[:, 1], 0, P - 1)
    wrong(smug & ((src == cur) | (store[rows, src, take[:, 0]] < 1)), "pending_take",
          "names no opponent holding that colour")  # fmt: skip
    for ph, card_name in ((PH_ALCH_GIVE, "Alchemist"), (PH_SMUG_GIVE, "Smuggler")):
        wrong((phase == ph) & ~st.played[:, game.KP[card_name]], "played", f"lacks the {card_name} being resolved")

    # --- payments whose amount the state fixes
    p_turn = store[rows, turn].sum(1)
    warehouse = st.buildings[rows, turn, game.KB["Warehouse"]]
    brick_limit = np.where(warehouse, game.store_limit_warehouse, game.store_limit)
    wrong((phase == PH_LIMIT_BRICKS) & (due != p_turn - brick_limit), "pay_left",
          "differs from the bricks over the storehouse limit")  # fmt: skip
    wrong((phase == PH_LIMIT_CARDS) & (p_turn > brick_limit), "storehouse", "is over its limit at the card limit")
    hand = st.hand[rows, turn].astype(np.int64)
    owned = st.buildings[rows, turn].sum(1).astype(np.int64)
    no_limit = 10**6 if game.warehouse_card_limit is None else game.warehouse_card_limit
    card_limit = np.where(warehouse, no_limit, game.card_limit)
    over = np.minimum(hand.sum(1) + owned - card_limit, hand[:, game.personnel_kinds].sum(1) + owned)
    wrong((phase == PH_LIMIT_CARDS) & (due != over), "pay_left", "differs from the cards over the card limit")
    built = st.bricks_built.astype(np.int64)
    build_cost = game._build_cost(st, rows, np.minimum(built, game.max_build))
    wrong((phase == PH_PAY_BUILD) & (due > build_cost), "pay_left", "exceeds the construction cost")

    # --- where the turn stands: its own fields
    stage = np.where(giving, STAGE[np.clip(back, 0, len(STAGE) - 1)], STAGE[phase])
    KP = game.KP
    wrong((stage < S_BUILD) & (built != 0), "bricks_built", "is set before the Build phase")
    wrong((stage < S_BUILD) & st.tower_built.any((1, 2)), "tower_built", "is set before the Build phase")
    wrong(st.tower_built.any(2) & (np.arange(P)[None, :] != turn[:, None]), "tower_built",
          "marks a tower of a player whose turn it is not")  # fmt: skip
    wrong(st.mason_active != st.played[:, KP["Mason"]], "mason_active", "differs from the Mason played")
    wrong(st.princess_active != st.played[:, KP["Princess"]], "princess_active", "differs from the Princess played")
    wrong((st.architect > 0) != st.played[:, KP["Architect"]], "architect", "differs from the Architect played")
    wrong((stage < S_BUILD) & st.played[:, KP["Mason"]], "played", "holds a Mason before the Build phase")
    wrong((stage < S_FULFILL) & st.played[:, KP["Architect"]], "played", "holds an Architect before Fulfill")
    wrong((stage < S_EXCHANGE) & st.exchange_done, "exchange_done", "is set before the Exchange phase")
    # an exchange leaves its card with the bricks given and minus the one taken: at least ``give``
    # (a Wholesaler redraws as many; the Bridge may be discarded since, hence the smaller give)
    least = min(game.exchange_give, game.exchange_give_bridge)
    wrong(st.exchange_done & (st.row_bricks.sum(2).max(1) < least), "exchange_done",
          "is set but no card in the row holds the bricks an exchange leaves")  # fmt: skip
    # right after an exchange the storehouse holds the brick taken (it held ``give`` before)
    wrong((stage == S_EXCHANGE) & (phase != PH_EXCHANGE_PAY) & st.exchange_done & (store[rows, turn].sum(1) < 1),
          "exchange_done", "is set but the storehouse lacks the brick the exchange gave")  # fmt: skip
    _check_towers(game, st, stage, wrong)
    _check_turns(game, st, stage, wrong)


def _check_turns(game, st: FirenzeState, stage: np.ndarray, wrong) -> None:
    """The turn counter, the seat whose turn it is and the cards taken agree ("Choose a card":
    one card a turn; the row is refilled only after a card is taken, so once empty it stays
    empty and every turn before took exactly one card while it was not)."""
    P = game.num_players
    over = stage == S_OVER
    turns = st.turn_number.astype(np.int64)
    turn = st.turn_player.astype(np.int64)
    wrong(~over & (turn != turns % P), "turn_player", "differs from the seat turn_number gives (seat 0 first)")
    wrong(over & (turn != (turns - 1) % P), "turn_player", "is not the seat of the last turn played")
    wrong(~over & (turns >= game.max_turns), "turn_number", "has reached max_turns in a live game")
    trig = st.end_trigger.astype(np.int64)
    ended = (trig >= 0) & (turn == game.last_turn_seat(np.maximum(trig, 0)))
    wrong(over & st.truncated & ((turns != game.max_turns) | ended), "truncated", "is set but max_turns was not hit")
    wrong(over & ~st.truncated & ~ended, "truncated", "is false but the game did not end by the last seal")
    wrong((trig < 0) & (st.seals_left == 0).any(1), "end_trigger", "is unset though a player has placed every seal")
    if game.end_rule == "round":  # the round is finished: the turns after the trigger's are later seats
        wrong(~over & (trig >= 0) & (turn < trig), "end_trigger", "is a later seat than the turn player's")
    # cards taken: one per completed turn (and one in this turn once taken), fewer only once the
    # row ran out
    taken = st.acquired[:, :, : len(game.kind_names)].sum(2).astype(np.int64)  # [B, P]
    row = (st.row_card >= 0).any(1)
    now = (stage == S_EVENT) | ((stage > S_EVENT) & (stage < S_OVER) & row)
    exact = row | (stage <= S_EVENT)
    seats = np.arange(P)[None, :]
    done = (turns[:, None] - seats + P - 1) // P  # completed turns of each seat
    expect = done + (now[:, None] & (seats == turn[:, None]))
    wrong(exact & (taken != expect).any(1), "turn_number", "differs from the turns the cards taken give")
    wrong(~exact & (taken > done + (stage < S_OVER)[:, None] * (seats == turn[:, None])).any(1), "turn_number",
          "is below the turns the cards taken need")  # fmt: skip


def _check_towers(game, st: FirenzeState, stage: np.ndarray, wrong) -> None:
    """The turn's marks on towers ("3) Build Towers", "4) Tear down abandoned construction"): every
    tower of the other players, and the turn player's before Build, stood when the turn began; after
    Build each of the turn player's towers received a brick in it (the others were torn down); and
    ``bricks_built`` covers the bricks the marked towers received."""
    B, P = st.batch_size, game.num_players
    rows = np.arange(B)
    turn = st.turn_player.astype(np.int64)
    exists = st.tower_colour >= 0  # [B, P, 12]
    own = np.arange(P)[None, :] == turn[:, None]  # [B, P]
    before_build = own & (stage < S_BUILD)[:, None]
    stood = (st.tower_at_start == exists).all(2)
    wrong(((~own | before_build) & ~stood).any(1), "tower_at_start",
          "differs from the towers that stood when the turn began")  # fmt: skip
    mine = exists[rows, turn]
    at_start, built = st.tower_at_start[rows, turn], st.tower_built[rows, turn]
    wrong((stage >= S_FULFILL) & (mine & ~built).any(1), "tower_built",
          "misses a tower the end of Build would have torn down")  # fmt: skip
    wrong((mine & ~at_start & ~built).any(1), "tower_at_start", "misses a tower started after the turn began")
    height = st.tower_height[rows, turn].astype(np.int64)
    new = (mine & ~at_start).astype(np.int64)
    old = (mine & at_start & built).astype(np.int64)
    low = (new * height).sum(1) + old.sum(1)  # a new tower's bricks all came now, an old one's at least one
    high = (new * height).sum(1) + (old * (height - 1)).sum(1)
    n = st.bricks_built.astype(np.int64)
    wrong((stage >= S_BUILD) & (n < low), "bricks_built", "is below the bricks the built towers received")
    wrong((stage == S_BUILD) & (n > high), "bricks_built", "exceeds the bricks the towers built this turn hold")
    # after Build a built tower leaves only when fulfilled or given to the bell tower: a player who
    # has done neither yet still has every tower built this turn
    removed_any = (st.seals_left[rows, turn] < game.seals_per_player) | (st.acquired[rows, turn, game.acq_bell] > 0)
    wrong((stage > S_BUILD) & ~removed_any & (n > high), "bricks_built",
          "exceeds the bricks the towers built this turn hold (none was fulfilled)")  # fmt: skip
