"""Florenza's pending decision and where the round stands (issue 32): which fields each phase's
decision is about, who decides it, where the flow's pointers stand (checked by
:meth:`~.florenza.Florenza.check_invariants` through :func:`check_round_fields`), and what the
rounds played so far imply (checked when a saved game is loaded, by
:meth:`~.florenza.Florenza.check_state` through :func:`check_round_history`: the rule tests' positions
built by hand jump rounds and draw characters out of turn, and must pass the invariants).

Derived from the flow and the handlers (``rules/``: which step sets, reads and clears which field)
and the rulebook's round (phases 1-9 and "Life in Florenza"):

* :data:`NEUTRAL` -- the value of each pending-decision field when no decision uses it (the blank
  state's, restored when the decision is over: ``_release_box``, ``_on_convert``,
  ``_on_preacher``, ``_on_die``, ``_on_trade``, ``_end_market_turn``).
* :data:`USES` -- per phase, the fields its decision is about; every other one is neutral. What a
  used field must hold is checked field by field (the box being hired for holds the player's
  worker and no artist yet; the conversion's workshop is the one the district pointer is at...).
* who decides and the pointers ``ptr`` / ``sub`` of each stage (``rules/flow.py``): the picker of
  the set-up, the Atrio's holder, the Captain, the Bishop, the turn slot of the placement (and the
  workers each family has placed in the placement's turns so far), the market, district and artwork
  players in turn order; what the stages before have cleared.
* the round: the Life in Florenza row is the same for every history (set-up draws, then each
  round's end retires the characters on their last card and draws as many): ``round`` with the bag
  fixes every character's place and card; there is no income die in round 1 and no office before
  the first phase 8; the offices lead the turn order; a detained or expelled piece has its office;
  until phase 6 every change of prestige, influence and cubes since the income shows, so the last
  phase 8's elections are replayed (:func:`check_round_start`); the holdings stay within what the
  rounds begun can give (:func:`check_holdings`).
* a finished game: its scores and ranks are the final scoring's; nothing truncates Florenza.

Every message names the field.
"""

from __future__ import annotations

import numpy as np

from .constants import (
    DETAINED,
    EXPELLED,
    GONE,
    IN_BAG,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_PHASES,
    NUM_SPACES,
    ON_BOX,
    ON_PULPIT,
    PH_ARTWORK,
    PH_ATRIO,
    PH_BISHOP,
    PH_CAPTAIN,
    PH_CATHEDRAL_DIE,
    PH_CONVERT,
    PH_HIRE,
    PH_INCENTIVE,
    PH_MARKET,
    PH_OVER,
    PH_PLACE,
    PH_PREACHER,
    PH_SKILL,
    PH_START_PICK,
    PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2,
    PH_TRADE_TAKE,
    PHASE_NAMES,
    ST_ARTWORK,
    ST_BISHOP,
    ST_CAPTAIN,
    ST_DISTRICT,
    ST_INCOME,
    ST_MARKET,
    ST_OVER,
    ST_PLACE,
    ST_SETUP,
    UNNAMED_PREACHER,
    Z_CATHEDRAL,
)  # fmt: skip
from .tables import I_INFLUENCE, I_PRESTIGE

#: the pending-decision fields and their value when no decision uses them
NEUTRAL = {
    "pend_box": -1,  # the box being hired for (HIRE) or completed (SKILL, INCENTIVE, CATHEDRAL_DIE)
    "pend_skill": -1,  # the skill chosen for the box being completed (INCENTIVE, CATHEDRAL_DIE)
    "pend_pulpit": -1,  # the pulpit a preacher is being chosen for (PREACHER)
    "pend_ws": -1,  # the conversion workshop being operated (CONVERT)
    "dice": 0,  # the Cathedral's two rolls (CATHEDRAL_DIE)
    "trade_given": 0,  # the cubes given so far in a trade (the TRADE phases)
    "market_used": 0,  # the sale, purchase and trade used this market turn (MARKET, TRADE)
}
_MARKET = ("market_used",)
_TRADE = ("market_used", "trade_given")
#: phase -> the pending fields its decision is about (the others are at NEUTRAL)
USES = {
    PH_HIRE: ("pend_box",),
    PH_PREACHER: ("pend_pulpit",),
    PH_MARKET: _MARKET,
    PH_TRADE_GIVE_1: _TRADE,
    PH_TRADE_GIVE_2: _TRADE,
    PH_TRADE_TAKE: _TRADE,
    PH_CONVERT: ("pend_ws",),
    PH_SKILL: ("pend_box",),
    PH_INCENTIVE: ("pend_box", "pend_skill"),
    PH_CATHEDRAL_DIE: ("pend_box", "pend_skill", "dice"),
}
#: the phases whose decider is the player at ``ptr`` of the distinct players in turn order
_IN_TURN = (PH_MARKET, PH_TRADE_GIVE_1, PH_TRADE_GIVE_2, PH_TRADE_TAKE, PH_SKILL, PH_INCENTIVE, PH_CATHEDRAL_DIE,
            PH_ARTWORK)  # fmt: skip
_BOX_DONE = (PH_INCENTIVE, PH_CATHEDRAL_DIE)  # the box is paid and crested (``_on_skill``)


def _uses(field: str) -> np.ndarray:
    """bool[phases]: the phases whose decision uses ``field``."""
    return np.array([field in USES.get(ph, ()) for ph in range(NUM_PHASES)])


def _reporter(st, bad):
    """``wrong(condition[B], field, what)``: ``bad`` with a message naming the phase of the first game
    concerned and the field."""
    name = np.array(PHASE_NAMES)
    phase = np.clip(st.phase.astype(np.int64), 0, NUM_PHASES - 1)

    def wrong(cond, field: str, what: str) -> None:
        cond = np.asarray(cond, bool)
        if cond.any():
            b = int(np.flatnonzero(cond)[0])
            bad(cond, f"phase {name[phase[b]]}: field {field!r} {what}")

    return wrong


def players_in_order(game, st) -> np.ndarray:
    """int64[B, P]: the distinct players of each game's turn order, in slot order (a double office
    holder's two slots once; ``RuleHelpers.players_in_order`` batched)."""
    P = game.num_players
    double = (st.nslots == P + 1)[:, None]
    once = np.concatenate([st.order[:, :1], st.order[:, 2 : P + 1]], 1)
    return np.where(double, once, st.order[:, :P]).astype(np.int64)


def life_schedule(game, st) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(char_state, life, bag_pos) that the bag's order and ``round`` imply: the set-up draws
    ``draw[P]`` characters ("Set up": a Life in Florenza card each), every end of round moves each
    character one card down and retires the ones on their last card, drawing one for each (phase
    9; D14: none left, none). No decision changes it, so it is the same for every history."""
    t, B = game.t, st.batch_size
    rows = np.arange(B)
    state = np.full((B, NUM_NAMED), IN_BAG, np.int64)
    life = np.zeros((B, NUM_NAMED), np.int64)
    pos = np.zeros(B, np.int64)
    bag = np.clip(st.bag.astype(np.int64), 0, NUM_NAMED - 1)

    def draw(games):
        games = games[pos[games] < NUM_NAMED]
        c = bag[games, pos[games]]
        pos[games] += 1
        state[games, c] = IN_PLAY
        life[games, c] = t.rounds[c]

    for _ in range(t.draw[game.num_players]):
        draw(rows)
    for r in range(1, int(st.round.max(initial=1))):  # the end of round r, in the games past it
        ended = (st.round > r)[:, None]
        in_play = state == IN_PLAY
        leaving = in_play & (life == 1) & ended
        state[leaving] = GONE
        life[leaving] = 0
        life[in_play & ~leaving & ended] -= 1
        n = leaving.sum(1)
        for i in range(int(n.max(initial=0))):
            draw(rows[n > i])
    return state, life, pos


def check_round_fields(game, st, bad) -> None:
    """Record (``bad(condition[B], what)``) every game whose pending fields, pointers, decider or
    round disagree with its phase and the rest of the state (module docstring)."""
    t, B, P = game.t, st.batch_size, game.num_players
    rows = np.arange(B)
    phase = np.clip(st.phase.astype(np.int64), 0, NUM_PHASES - 1)
    stage = st.stage.astype(np.int64)
    live = ~st.terminated
    cur = st.current_player.astype(np.int64)
    ptr, sub = st.ptr.astype(np.int64), st.sub.astype(np.int64)
    seats = np.arange(P)

    wrong = _reporter(st, bad)

    # --- Florenza ends after round 8's phase 8 ("End of the game"): no turn limit truncates it
    wrong(st.truncated, "truncated", "is true; allowed: false (\"After the 8th round, the game ends\": no turn limit)")

    # --- neutral values: what no decision of this phase uses
    for field, neutral in NEUTRAL.items():
        value = getattr(st, field)
        off = (value != neutral).reshape(B, -1).any(1) & ~_uses(field)[phase]
        wrong(off, field, f"= {value[np.argmax(off)].tolist()} outside the phases that use it; allowed: {neutral}")

    players = players_in_order(game, st)  # [B, P]
    j = np.clip(ptr, 0, P - 1)
    at_ptr = players[rows, j]  # the distinct player the market, district and artwork pointers name

    # --- who decides, and where the stage's pointers stand (rules/flow.py)
    # the set-up: "each player, starting with the last player in turn order", picks a workshop, twice
    pick = phase == PH_START_PICK
    wrong(pick & ((ptr < 0) | (ptr >= 2 * P)), "ptr", "is not a set-up pick 0..2P-1")
    wrong(pick & (cur != players[rows, P - 1 - ptr % P]), "current_player", "is not the set-up picker ptr names")
    tiles = (st.space_type >= 0).sum((1, 2))
    wrong(pick & (tiles != ptr), "ptr", "differs from the starting workshops placed so far")
    before = np.isin(phase, (PH_START_PICK, PH_ATRIO, PH_CAPTAIN, PH_BISHOP))
    wrong(before & (sub != (phase != PH_START_PICK)), "sub", "is not the income/office done flag (0 at the picks, 1 at the Atrio and offices)")
    wrong(np.isin(phase, (PH_ATRIO, PH_CAPTAIN, PH_BISHOP)) & (ptr != 0), "ptr", "is not 0 before the placements")
    atrio = int(t.atrio)
    holder = st.main_crest[:, atrio].astype(np.int64) if atrio >= 0 else np.full(B, -1)
    wrong((phase == PH_ATRIO) & (cur != holder), "current_player", "is not the Atrio's holder")
    wrong((phase == PH_CAPTAIN) & (cur != st.captain), "current_player", "is not the Captain")
    wrong((phase == PH_BISHOP) & (cur != st.bishop), "current_player", "is not the Bishop")
    # placement: the turn slot ptr's family places (HIRE and PREACHER finish its placement)
    placing = np.isin(phase, (PH_PLACE, PH_HIRE, PH_PREACHER))
    wrong(placing & ((ptr < 0) | (ptr >= st.nslots)), "ptr", "is not a slot of the turn order")
    slot = st.order[rows, np.clip(ptr, 0, P)].astype(np.int64)
    wrong(placing & (cur != slot), "current_player", "is not the family at turn slot ptr")
    wrong((phase == PH_PLACE) & (st.avail[rows, cur] < 1), "current_player", "has no worker left to place")
    check_placement_turns(game, st, wrong, placing)
    # the market, the district and the artworks go through the players in turn order
    wrong((np.isin(phase, _IN_TURN) | (phase == PH_CONVERT)) & ((ptr < 0) | (ptr >= P)), "ptr",
          "is not a player's place in the turn order")  # fmt: skip
    wrong(np.isin(phase, _IN_TURN) & (cur != at_ptr), "current_player", "is not the player ptr names")
    wrong((phase == PH_CONVERT) & ((sub < 0) | (sub >= NUM_SPACES)), "sub", "is not a district space 0..7")
    s = np.clip(sub, 0, NUM_SPACES - 1)
    worker = st.space_worker[rows, at_ptr, s].astype(np.int64)
    wrong((phase == PH_CONVERT) & (cur != worker), "current_player", "is not the worker on the space ptr and sub name")
    wrong((phase != PH_CONVERT) & ~before & (sub != 0), "sub", "is not 0 outside phase 6 and the income/offices")
    wrong(~live & (ptr != 0), "ptr", "is not 0 in a finished game (phase 8 resets it)")
    market = np.isin(phase, (PH_MARKET, PH_TRADE_GIVE_1, PH_TRADE_GIVE_2, PH_TRADE_TAKE))
    wrong(market & ~st.market_worker[rows, cur], "current_player", "has no worker at the market")

    # --- what the stages before have cleared (phase 6 sends every space's worker home, phase 7
    # every box's; each resolves its spaces / players in order)
    space_busy = st.space_worker >= 0  # [B, P, 8]
    wrong((stage >= ST_ARTWORK) & space_busy.any((1, 2)), "stage", "is past phase 6 with a worker on a workshop")
    unbuilt = (st.space_type >= 0) & ~st.space_built
    wrong(((stage < ST_PLACE) | (stage >= ST_ARTWORK)) & unbuilt.any((1, 2)), "stage",
          "has a workshop under construction outside phases 4-6")  # fmt: skip
    wrong((unbuilt & (st.space_worker != seats[None, :, None])).any((1, 2)), "space_built",
          "is false on a space without its owner's builder")  # fmt: skip
    district = stage == ST_DISTRICT
    done_space = np.arange(NUM_SPACES)[None, None, :] < sub[:, None, None]  # [B, 1, 8]
    wrong(district & (space_busy & done_space).any((1, 2)), "sub", "is past a space with a worker left on it")
    order_pos = np.argsort(players, 1)  # [B, P]: each seat's place in the turn order
    done_here = order_pos < ptr[:, None]  # [B, P] the players before ptr
    wrong(district & (space_busy[rows, :, s] & done_here).any(1), "ptr", "is past a player whose space sub has a worker")
    boxes_busy = st.box_worker.any(2) | (st.main_worker[:, :, None] == seats).any(1)  # [B, P]
    wrong((stage == ST_ARTWORK) & (boxes_busy & done_here).any(1), "ptr", "is past a player with a worker on an artwork")
    wrong(~live & boxes_busy.any(1), "stage", "is finished with a worker on an artwork")

    # --- the pending decision's fields
    box = st.pend_box.astype(np.int64)
    d = np.clip(box, 0, NUM_BOXES - 1)
    m = np.clip(box - NUM_BOXES, 0, t.NM - 1)
    is_district = box < NUM_BOXES
    boxed = _uses("pend_box")[phase]
    wrong(boxed & (box < 0), "pend_box", "is -1 while a box is hired for or completed")
    mine = np.where(is_district, st.box_worker[rows, cur, d], st.main_worker[rows, m] == cur)
    wrong(boxed & ~mine, "pend_box", "is a box without the deciding player's worker")
    artist = np.where(is_district, st.box_artist[rows, cur, d], st.main_artist[rows, m]).astype(np.int64)
    wrong((phase == PH_HIRE) & (artist >= 0), "pend_box", "already has its artist (HIRE)")
    wrong(boxed & (phase != PH_HIRE) & (artist < 0), "pend_box", "has no artist to complete it")
    crested = np.where(is_district, st.box_crest[rows, cur, d], st.main_crest[rows, m] == cur)
    crest_any = np.where(is_district, crested, st.main_crest[rows, m] >= 0)
    # "You must choose the skill and pay the artist before rolling the die": the crest goes on at SKILL
    wrong(np.isin(phase, (PH_HIRE, PH_SKILL)) & crest_any, "pend_box", "already holds a crest")
    wrong(np.isin(phase, _BOX_DONE) & ~crested, "pend_box", "holds no crest of the player after its skill was paid")
    zone = t.all_zone[np.clip(box, 0, t.all_zone.size - 1)]
    wrong((phase == PH_INCENTIVE) & (not game.no_die), "phase", "is INCENTIVE outside the no-die variant")
    wrong((phase == PH_CATHEDRAL_DIE) & (game.no_die or False), "phase", "is CATHEDRAL_DIE in the no-die variant")
    wrong((phase == PH_CATHEDRAL_DIE) & (zone != Z_CATHEDRAL), "pend_box", "is not a Cathedral artwork (CATHEDRAL_DIE)")
    k = st.pend_skill.astype(np.int64)
    x = np.clip(artist, 0, t.skills.shape[0] - 1)
    fits = t.skills[x, np.clip(k, 0, 2)] & t.all_skills[np.clip(box, 0, t.all_zone.size - 1), np.clip(k, 0, 2)]
    wrong(np.isin(phase, _BOX_DONE) & ((k < 0) | ~fits), "pend_skill", "is not a skill of both the artist and the box")
    wrong((phase == PH_CATHEDRAL_DIE) & (st.dice < 1).any(1), "dice", "holds no roll (allowed: 1..6 each)")
    # the pulpit of a preacher being chosen was just taken by the placing family, still without one
    pulpit = st.pend_pulpit.astype(np.int64)
    preaching = phase == PH_PREACHER
    wrong(preaching & (pulpit < 0), "pend_pulpit", "is -1 while a preacher is chosen")
    own_free = st.pulpit_own[rows, cur] & (st.own_preacher[rows, cur] < 0)
    cath_free = (st.cath_pulpit == cur) & (st.cath_preacher < 0)
    wrong(preaching & (pulpit == 0) & ~own_free, "pend_pulpit", "names the own pulpit, not taken without a preacher")
    wrong(preaching & (pulpit == 1) & ~cath_free, "pend_pulpit", "names the Cathedral pulpit, not taken without a preacher")
    # the conversion: the workshop at district space sub of the player ptr names, built and converting
    w = st.pend_ws.astype(np.int64)
    here = st.space_type[rows, at_ptr, s].astype(np.int64)
    converting = phase == PH_CONVERT
    wrong(converting & ((w < 0) | (w != here) | ~t.ws_convert[np.clip(w, 0, t.NW - 1)]), "pend_ws",
          "is not the converting workshop on the space ptr and sub name")  # fmt: skip
    wrong(converting & ~st.space_built[rows, at_ptr, s], "pend_ws", "is a workshop not yet built")
    # the market: a turn ends once sale, purchase and trade are used; a trade gives two cubes, one at a time
    used = st.market_used.astype(np.int64)
    wrong((phase == PH_MARKET) & (used == 1).all(1), "market_used", "has all three used (the turn is over)")
    trade = np.isin(phase, (PH_TRADE_GIVE_1, PH_TRADE_GIVE_2, PH_TRADE_TAKE))
    wrong(trade & (used[:, 2] != 1), "market_used", "does not mark the trade under way")
    given = st.trade_given.astype(np.int64).sum(1)
    want = np.select([phase == PH_TRADE_GIVE_2, phase == PH_TRADE_TAKE], [1, 2], 0)
    wrong(trade & (given != want), "trade_given", "is not the cubes this step of the trade has given (0, 1, 2)")

    # --- pulpits and artists: every tile on a pulpit or a box is accounted for ("Charity": a
    # preacher on each pulpit taken, until the end of the round; "Artwork": an artist on each box)
    own = st.own_preacher.astype(np.int64)  # [B, P]
    cath = st.cath_preacher.astype(np.int64)
    pend_own = preaching & (pulpit == 0)
    pend_cath = preaching & (pulpit == 1)
    wrong((own >= 0) & ~st.pulpit_own, "own_preacher", "holds a preacher on a pulpit nobody took")
    lacking = st.pulpit_own & (own < 0) & ~(pend_own[:, None] & (seats == cur[:, None]))
    wrong(lacking.any(1), "own_preacher", "is -1 on a pulpit taken before this decision")
    wrong((cath >= 0) & (st.cath_pulpit < 0), "cath_preacher", "holds a preacher on the empty Cathedral pulpit")
    wrong((st.cath_pulpit >= 0) & (cath < 0) & ~pend_cath, "cath_preacher", "is -1 on the taken Cathedral pulpit")
    preacher_ok = np.append(t.is_preacher, [False] * 3 + [True])  # named preachers and the unnamed one
    on_pulpits = np.concatenate([own, cath[:, None]], 1)  # [B, P + 1]
    wrong(((on_pulpits >= 0) & ~preacher_ok[np.maximum(on_pulpits, 0)]).any(1), "own_preacher",
          "or cath_preacher holds a character who is not a preacher")  # fmt: skip
    named = np.arange(NUM_NAMED)
    preached = (on_pulpits[:, :, None] == named).sum(1)  # [B, 40]
    wrong((preached != (st.char_where == ON_PULPIT)).any(1), "cath_preacher",
          "or own_preacher differs from the characters on pulpits (char_where)")  # fmt: skip
    wrong((on_pulpits == UNNAMED_PREACHER).sum(1) != 2 - st.unnamed_left[:, 3], "unnamed_left",
          "[3] differs from the unnamed preachers on pulpits")  # fmt: skip
    hiring = phase == PH_HIRE
    pending_box = np.zeros((B, P, NUM_BOXES), bool)
    pending_box[rows, cur, d] = hiring & is_district
    wrong((st.box_worker != ((st.box_artist >= 0) | pending_box)).any((1, 2)), "box_artist",
          "differs from the workers on the district boxes (each has its artist, but the one being hired for)")  # fmt: skip
    pending_main = np.zeros((B, t.NM), bool)
    pending_main[rows, m] = hiring & ~is_district
    wrong(((st.main_worker >= 0) != ((st.main_artist >= 0) | pending_main)).any(1), "main_artist",
          "differs from the workers on the artworks (each has its artist, but the one being hired for)")  # fmt: skip
    artists = np.concatenate([st.box_artist.reshape(B, -1), st.main_artist], 1).astype(np.int64)
    hired = (artists[:, :, None] == named).sum(1)
    wrong((hired != (st.char_where == ON_BOX)).any(1), "box_artist", "or main_artist differs from the characters on boxes (char_where)")
    for u in range(3):
        wrong((artists == NUM_NAMED + u).sum(1) != 2 - st.unnamed_left[:, u], "unnamed_left",
              f"[{u}] differs from the unnamed artists on boxes")  # fmt: skip

    # --- before the placements, no worker has been placed this round
    placed = st.at_work.sum(1) + st.market_worker.sum(1) + st.pulpit_own.sum(1) + (st.cath_pulpit >= 0)
    placed = placed + space_busy.sum((1, 2)) + st.box_worker.sum((1, 2)) + (st.main_worker >= 0).sum(1)
    wrong(live & (stage < ST_PLACE) & (placed > 0), "stage", "is before the placements with workers placed")

    # --- a finished game: "the player with the most prestige points wins" after the final scoring
    if not live.all():
        done = np.flatnonzero(~live)
        fin = st.select(done)
        score = game.score_now(fin)
        wrong(np.isin(rows, done[(fin.scores != score).any(1)]), "scores", "differ from the final scoring")
        key = np.stack([score, fin.res.sum(2).astype(np.int64), fin.money.astype(np.int64)], 2)  # [n, P, 3]
        beats = np.zeros((done.size, P, P), bool)  # [n, p, q]: p's key beats q's (lexicographic)
        undecided = np.ones((done.size, P, P), bool)
        for i in range(3):
            a, b = key[:, :, None, i], key[:, None, :, i]
            beats |= undecided & (a > b)
            undecided &= a == b
        rank = 1 + beats.sum(1)
        wrong(np.isin(rows, done[(fin.final_rank != rank).any(1)]), "final_rank", "differs from the final scores' ranks")


def check_round_history(game, st, bad) -> None:
    """Record (``bad(condition[B], what)``) every game whose round disagrees with what the rounds
    played so far imply (module docstring: the Life in Florenza row, the income die, the offices and
    their powers, the last phase 8's elections, the holdings). Run when a saved game is loaded
    (:meth:`~.florenza.Florenza.check_state`), not by ``check_invariants``: the rule tests build
    positions by hand (a round jumped to, a character drawn out of turn) that only these tell apart."""
    t, B, P = game.t, st.batch_size, game.num_players
    rows = np.arange(B)
    stage = st.stage.astype(np.int64)
    live = ~st.terminated

    wrong = _reporter(st, bad)

    players = players_in_order(game, st)

    # --- the round: the Life in Florenza row (the same for every history), the income die, the offices
    state, life, pos = life_schedule(game, st)
    wrong((st.char_state != state).any(1) | (st.life != life).any(1) | (st.bag_pos != pos), "round",
          "disagrees with the Life in Florenza row (bag, bag_pos, char_state, life)")  # fmt: skip
    # "Roll the die" is phase 1, which round 1 skips (the set-up's income): its resource from round 2 on
    r = st.income_res.astype(np.int64)
    wrong((st.round == 1) != (r < 0), "income_res", "is set in round 1 or -1 later (the income die comes from round 2)")
    wrong((r >= 0) & ~np.isin(r, t.die_resource), "income_res", "is no face's resource")
    # the offices are given in phase 8, first at the end of round 1; their holders lead the order
    captain, bishop = st.captain.astype(np.int64), st.bishop.astype(np.int64)
    wrong((st.round == 1) & (captain >= 0), "captain", "is set in round 1 (offices come with the first phase 8)")
    wrong((st.round == 1) & (bishop >= 0), "bishop", "is set in round 1 (offices come with the first phase 8)")
    wrong((captain >= 0) & (st.order[:, 0] != captain), "captain", "does not lead the turn order")
    second = st.order[rows, (captain >= 0).astype(np.int64)]
    wrong((bishop >= 0) & (second != bishop), "bishop", "does not follow the Captain in the turn order")
    double = st.nslots == P + 1
    wrong(double != ((captain >= 0) & (captain == bishop)), "captain",
          "and bishop: one family holds both offices exactly when the order has P + 1 slots")  # fmt: skip
    # this round's Captain detained at most one worker or artist, this round's Bishop expelled at
    # most one preacher (phases 2-3; the offices change only in phase 8, when every piece goes home)
    detained = st.detained.sum(1) + (st.char_where == DETAINED).sum(1)
    expelled = (st.char_where == EXPELLED).sum(1)
    wrong(live & (detained > ((captain >= 0) & (stage > ST_CAPTAIN))), "captain", "has detained more than its power allows")
    wrong(live & (expelled > ((bishop >= 0) & (stage > ST_BISHOP))), "bishop", "has expelled more than its power allows")
    wrong(live & (captain >= 0) & (st.detained[rows, np.maximum(captain, 0)] > 0), "captain", "detained its own worker")

    check_round_start(game, st, wrong, players)
    check_holdings(game, st, wrong)


def check_round_start(game, st, wrong, players) -> None:
    """What the round's first phases leave traceable (live games of round 2 on, from the income to
    the market): until phase 6 the only changes to prestige, influence and cubes since the income
    are visible -- a fee per worker on another family's workshop, a preacher's gifts, the Atrio's
    choice, the market turns under way -- and the income itself follows from the board (the built
    workshops' and crested artworks' income). So the prestige and influence each family held right
    after the last phase 8 can be recovered, and with them that phase's elections ("Captain: the
    player with the most prestige points on the track ... moves them to certificates"; "Bishop: the
    player with the most church influence, at least 3"; a tie elects nobody; the Cardinal's
    influence returns to 0 and he gains 5 prestige); and every family holds a cube of the income
    die's resource (D7: unless the supply was short) unless it could have spent it since."""
    t, B, P = game.t, st.batch_size, game.num_players
    rows, seats = np.arange(B), np.arange(P)
    stage = st.stage.astype(np.int64)
    early = ~st.terminated & (st.round >= 2) & (stage >= ST_INCOME) & (stage <= ST_MARKET)
    elections = early | st.terminated  # a finished game stops right after its last phase 8
    if not elections.any():
        return
    # the income (rules/income.py): built workshops' prestige, crested artworks' prestige and influence
    types = st.space_type.astype(np.int64)
    built = st.space_built & (types >= 0)
    crest = st.main_crest[:, :, None] == seats  # [B, NM, P]
    kind, amount = t.art_income_kind, t.art_income_n
    inc_pp = (t.ws_inc_pp[np.maximum(types, 0)] * built).sum(2) + (crest * (amount * (kind == I_PRESTIGE))[:, None]).sum(1)
    inc_inf = (crest * (amount * (kind == I_INFLUENCE))[:, None]).sum(1)
    # phase 4 so far: fees (a worker on another family's workshop pays it "1 prestige point"), preachers
    worker = st.space_worker.astype(np.int64)  # [B, P(owner), 8]
    foreign = (worker >= 0) & (worker != seats[None, :, None])
    paid = (foreign[:, :, :, None] & (worker[:, :, :, None] == seats)).sum((1, 2))  # [B, P] fees paid
    received = foreign.sum(2)  # [B, P] fees received
    own = st.own_preacher.astype(np.int64)
    cath = st.cath_preacher.astype(np.int64)
    on_cath = (st.cath_pulpit[:, None] == seats) & (cath >= 0)[:, None]  # [B, P]
    x_own, x_cath = np.maximum(own, 0), np.maximum(cath, 0)[:, None]
    has_own = own >= 0
    pre_pp = t.ch_pp[x_own] * has_own + t.ch_pp[x_cath] * on_cath
    pre_inf = t.ch_inf[x_own] * has_own + t.ch_inf[x_cath] * on_cath
    # a negative gift may have been cut at 0 (D5): that family's influence before it is unknown
    floored = ((t.ch_inf[x_own] < 0) & has_own | (t.ch_inf[x_cath] < 0) & on_cath).any(1) | (amount < 0).any()
    since = early[:, None]  # what changed since the last phase 8 (nothing in a finished game)
    track0 = st.track.astype(np.int64) - since * (inc_pp - paid * t.fee + received * t.fee + pre_pp)
    inf0 = st.influence.astype(np.int64) - since * (inc_inf + pre_inf)
    floored &= early
    captain, bishop = st.captain.astype(np.int64), st.bishop.astype(np.int64)
    c, b = np.maximum(captain, 0), np.maximum(bishop, 0)
    # the Bishop: unique most influence, at least bishop_min; a Cardinal's influence went back to 0
    cardinal = (bishop >= 0) & (inf0[rows, b] == 0)
    others = np.where(seats == b[:, None], -(10**9), inf0).max(1)
    sure = elections & ~floored
    wrong(sure & (bishop >= 0) & ~cardinal & ((inf0[rows, b] < t.bishop_min) | (inf0[rows, b] <= others)), "bishop",
          "did not have the most church influence (at least bishop_min) at the last phase 8")  # fmt: skip
    top = inf0.max(1)
    wrong(sure & (bishop < 0) & (top >= t.bishop_min) & ((inf0 == top[:, None]).sum(1) == 1), "bishop",
          "is -1 though one family alone had the most influence (at least bishop_min) at the last phase 8")  # fmt: skip
    # the Captain: his track went to certificates (then a Cardinal's 5 prestige); nobody on a tie
    known = sure | elections & (bishop < 0)  # whether the Bishop became Cardinal is known
    bonus = np.where((seats == b[:, None]) & cardinal[:, None], t.cardinal_pp, 0)
    wrong(known & (captain >= 0) & (track0[rows, c] != bonus[rows, c]), "captain",
          "does not hold the track the last phase 8 left its Captain (0, or the Cardinal's prestige)")  # fmt: skip
    elected = track0 - bonus
    top = elected.max(1)
    wrong(known & (captain < 0) & ((elected == top[:, None]).sum(1) == 1), "captain",
          "is -1 though one family alone had the most prestige on the track at the last phase 8")  # fmt: skip
    # the income die's resource: a cube to every family unless the supply was short (D7)
    r = np.maximum(st.income_res.astype(np.int64), 0)
    gold = (r == t.gold) & (st.phase != PH_ATRIO)
    holder = st.main_crest[:, t.atrio].astype(np.int64) if t.atrio >= 0 else np.full(B, -1)
    touched = gold[:, None] & (seats == holder[:, None])  # the Atrio: a gold cube taken or sold
    r_col = r[:, None]
    touched |= has_own & ((t.ch_cost[x_own, r_col] > 0) | (t.ch_gain[x_own, r_col] > 0))
    touched |= on_cath & ((t.ch_cost[x_cath, r_col] > 0) | (t.ch_gain[x_cath, r_col] > 0))
    order_pos = np.argsort(players, 1)
    touched |= (stage == ST_MARKET)[:, None] & st.market_worker & (order_pos <= st.ptr[:, None])
    held = st.res[rows, :, r].astype(np.int64)  # [B, P]
    supply = t.cubes[r] - held.sum(1)
    wrong(early & ~touched.any(1) & (supply >= P) & (held == 0).any(1), "income_res",
          "is a resource some family lacks though it received one cube of it this round and spent none")  # fmt: skip


def check_holdings(game, st, wrong) -> None:
    """The holdings within what the rounds begun so far can give or take (the observation's bounds,
    ``bound_constants``, are the most one round can change them, times the rounds): a saved round-2
    game cannot hold what eight rounds could pile up. Certificates come only from phase 8 ("moves them
    to certificates"): none in round 1, only the Captain's in round 2."""
    table = game.__dict__.get("_round_bounds")
    if table is None:  # per round 0..8 (0 unused): money, cubes, prestige gain, prestige loss, influence
        keys = ("money", "cubes", "pp_gain", "pp_loss", "influence")
        table = np.array([[0] * 5] + [[game.bound_constants(r)[k] for k in keys] for r in range(1, 9)], np.int64)
        game.__dict__["_round_bounds"] = table
    b = table[np.clip(st.round.astype(np.int64), 1, 8)]  # [B, 5]
    wrong((st.money > b[:, :1]).any(1), "money", "is more than the rounds played so far can give")
    wrong((st.res > b[:, 1, None, None]).any((1, 2)), "res", "is more than the rounds played so far can give")
    for field in ("track", "certs"):
        value = getattr(st, field)
        wrong((value > b[:, 2:3]).any(1) | (value < -b[:, 3:4]).any(1), field,
              "is beyond the prestige the rounds played so far can give or take")  # fmt: skip
    wrong((st.influence > b[:, 4:5]).any(1), "influence", "is more than the rounds played so far can give")
    certs = st.certs != 0
    wrong(~st.terminated & (st.round == 1) & certs.any(1), "certs", "is not 0 in round 1 (none before the first phase 8)")
    others = np.arange(game.num_players) != st.captain[:, None]
    wrong(~st.terminated & (st.round == 2) & (certs & others).any(1), "certs",
          "is set in round 2 for a family that is not the Captain (one phase 8 so far)")  # fmt: skip


def check_placement_turns(game, st, wrong, placing) -> None:
    """Phase 4 goes round the turn slots from the first ("The players take turns in the order shown
    on the turn order chart, beginning with the Captain"; a double office holder's two slots each
    place), one worker per slot and turn, skipping a family with none left (which gets none back
    until the round's end: a preacher's workers come during the family's own placement). So each
    family's workers placed this round (all still where they were placed until phase 6) follow from
    the slot ``ptr`` and the round of turns: a family with workers left has placed once per turn of
    its slots so far, one that has run out at most that."""
    P, B = game.num_players, st.batch_size
    rows, seats = np.arange(B), np.arange(P)
    if not placing.any():
        return
    k = st.at_work + st.market_worker + st.pulpit_own + (st.cath_pulpit[:, None] == seats)
    k = k + (st.space_worker[:, :, :, None] == seats).sum((1, 2)) + st.box_worker.sum(2)
    k = (k + (st.main_worker[:, :, None] == seats).sum(1)).astype(np.int64)  # [B, P] placed this round
    c = st.ptr.astype(np.int64)
    cur = st.current_player.astype(np.int64)
    done = (st.phase != PH_PLACE).astype(np.int64)  # HIRE / PREACHER: slot c's placement is made
    order = st.order.astype(np.int64)  # [B, P + 1]
    slot = np.arange(P + 1)
    # per slot: placed in this turn of the slots already (before c, or c itself once its placement is made)
    ahead = (slot[None, :] < c[:, None]) | ((slot[None, :] == c[:, None]) & (done[:, None] == 1))
    used = slot[None, :] < st.nslots[:, None]
    slots_of = (order[:, :, None] == seats) & used[:, :, None]  # [B, P + 1, P]
    n_slots = slots_of.sum(1)  # [B, P] 1, or 2 for a double office holder
    ahead_of = (slots_of & ahead[:, :, None]).sum(1)  # [B, P]
    turns = (k[rows, cur] - ahead_of[rows, cur]) // np.maximum(n_slots[rows, cur], 1)  # full turns so far
    expected = turns[:, None] * n_slots + ahead_of  # [B, P]
    exact = (st.avail > 0) | (seats == cur[:, None])  # never skipped: the decider, and who still has workers
    off = (exact & (k != expected)) | (k > expected)
    wrong(placing & off.any(1), "ptr", "disagrees with the workers each family has placed this round (one per turn of its slots)")
