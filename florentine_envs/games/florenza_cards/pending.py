"""Where a round of Florenza: The Card Game stands (issue 32): what the phase, the action
sequence's position, the turn and the leftovers of the last decisions imply, checked by
:meth:`~.florenza_cards.FlorenzaCards.check_invariants` through :func:`check_turn`.

Derived from the rulebook's round ("Phase 3: Take Actions", "Phase 4: End of the Round" a-d) and
the handlers that carry it out (``rules.py``, ``setup.py``; SPEC §5):

* the round: "Draw a number of Artist cards ... turn over 5 Monument cards" each round, so the
  artists and monuments drawn so far count the rounds;
* the action sequence: slot ``slot``, offset ``offset`` from the Captain, whose seat acts there
  (``current_player``); a slot past the four normal actions belongs to a seat with its Residence
  or Preacher in play; at the end of the round it is the round's last action;
* the actions the round shows: every location card face down, every artist and monument of this
  round's draw reserved, hired or completed, every anonymous artist used, every card of round 1
  played (and the hand's size against the round's deal) is one action of one seat this round; no
  seat has taken fewer actions than its share and no round fewer than all of them;
* the end of the round: "Choose 1 Florenza card from your hand to keep" (KEEP, one seat after the
  other from the Captain: ``keep_offset``), the Captain's resource, then each seat's income and
  the Merchants' Guild resource (MERCHANT_CHOICE: ``keep_offset``); what is left of
  ``keep_offset`` once they are over; the New Captain card, taken by a seat that has acted;
* the exchange and the barter under way (``given``), the anonymous artists face down this round
  (``anon_up``: at most one of each type per round), and no turn limit (``truncated``).

Every message names the phase and the field.
"""

from __future__ import annotations

import numpy as np

from .constants import (
    BEING_COMPLETED,
    DONE,
    IN_ROW,
    NUM_SLOTS,
    PH_ACTION,
    PH_BARTER_TAKE,
    PH_CAPTAIN_CHOICE,
    PH_HIRE,
    PH_KEEP,
    PH_MERCHANT_CHOICE,
    PH_OVER,
    PHASE_NAMES,
    RESERVED,
)
from .data import G_MERCHANTS
from .state import FlorenzaCardsState

#: resources given so far in the exchange or barter under way, by phase (0 in every other phase)
GIVEN = np.array([{"EXCHANGE_GIVE_2": 1, "EXCHANGE_TAKE": 2, "BARTER_TAKE": 1}.get(ph, 0) for ph in PHASE_NAMES])


def check_turn(game, st: FlorenzaCardsState, bad) -> None:
    """Record (``bad(condition[B], what)``) every game whose round, action sequence, turn or
    end-of-round decisions disagree (module docstring)."""
    t, P, B = game.t, game.num_players, st.batch_size
    rows = np.arange(B)
    phase = st.phase.astype(np.int64)
    name = np.array(PHASE_NAMES)

    def wrong(cond, field: str, what: str) -> None:  # the phase of the first game at fault, and the field
        at = np.flatnonzero(cond)
        if at.size:
            bad(np.asarray(cond, bool), f"phase {name[phase[at[0]]]}: field {field!r} {what}")

    rnd = st.round.astype(np.int64)
    cap = st.captain.astype(np.int64)
    cur = st.current_player.astype(np.int64)
    ko = st.keep_offset.astype(np.int64)
    index = st.slot.astype(np.int64) * P + st.offset.astype(np.int64)  # the position in the action sequence
    acting_phase = phase <= PH_BARTER_TAKE  # ACTION and its follow-up decisions (HIRE, EXCHANGE_*, BARTER_*)
    end = np.isin(phase, (PH_KEEP, PH_CAPTAIN_CHOICE, PH_MERCHANT_CHOICE))
    over = phase == PH_OVER
    early = rnd < t.rounds  # rounds 1-4: "Discard unused cards (you can skip this step in Round 5)"
    hand = st.hand.sum(2).astype(np.int64)  # [B, P]
    merchant = _merchants(game, st)  # [B, P]

    # "There is no turn limit": the game ends only after round 5
    wrong(st.truncated, "truncated", "is set; allowed: false (the game has no turn limit)")

    # --- the round: Phase 1 draws the same number of artists every round, and monuments
    art_drawn = np.minimum(game.NA, t.artists_per_round * rnd)
    mon_drawn = np.minimum(game.M, t.monuments_initial + t.monuments_per_round * (rnd - 1))
    wrong(st.art_drawn != art_drawn, "round", f"disagrees with the artists drawn ({t.artists_per_round} a round)")
    wrong(st.mon_drawn != mon_drawn, "round", "disagrees with the monuments drawn (the first row, then 5 a round)")
    wrong((phase == PH_KEEP) & ~early, "round", "is the last: no card is kept after round 5")

    # --- the action sequence: (slot, offset) is an action of the seat at offset from the Captain
    acting = _acting(game, st, cap)  # [B, 8P]
    last = NUM_SLOTS * P - 1 - acting[:, ::-1].argmax(1)
    wrong(acting_phase & ~acting[rows, np.minimum(index, NUM_SLOTS * P - 1)], "slot",
          "is an extra action of a seat without the Residence or Preacher that gives it")  # fmt: skip
    wrong(acting_phase & (cur != (cap + st.offset) % P), "current_player", "is not the seat at offset from the Captain")
    # the round ends after its last action: the end-of-round decisions keep that position
    wrong(end & (st.slot != last // P), "slot", "is not the round's last action slot")
    wrong(end & (st.slot == last // P) & (st.offset != last % P), "offset", "is not the round's last action")

    # --- the end of the round: a. keep one card (seat by seat), b. the Captain's resource, then
    # each seat's income and its Merchants' Guild resource (seat by seat); c. the election
    keeping = phase == PH_KEEP
    choosing = phase == PH_MERCHANT_CHOICE
    wrong((keeping | choosing) & (ko >= P), "keep_offset", "is past the last seat")
    seat_at = (cap + np.minimum(ko, P - 1)) % P
    wrong((keeping | choosing) & (cur != seat_at), "current_player", "is not the seat at keep_offset from the Captain")
    wrong((phase == PH_CAPTAIN_CHOICE) & (cur != cap), "current_player", "is not the Captain")
    wrong(choosing & ~merchant[rows, cur], "current_player", "does not hold the Merchants' Guild")
    offsets = (np.arange(P)[None, :] - cap[:, None]) % P  # [B, P]: each seat's offset from the Captain
    kept = (offsets < ko[:, None]) | (end & ~keeping)[:, None]  # the seats past their keep decision
    wrong(early & (end | keeping) & ((hand > 1) & kept).any(1), "keep_offset",
          "is past a seat that holds more than the one card it kept")  # fmt: skip
    # after the keeps, keep_offset is one past the last seat that kept a card (0 if none did)
    last_keeper = np.where(hand > 0, offsets + 1, 0).max(1)
    wrong((phase == PH_CAPTAIN_CHOICE) & early & (ko != last_keeper), "keep_offset",
          "is not one past the last seat that kept a card")  # fmt: skip
    # what a round's income leaves: 0, or one past the last seat that chose its Merchants' resource
    income = rnd - 1  # the round whose income came last (0: none yet)
    left = (ko > 0) & ((income < game.first_merchant_round) | ~merchant.any(1))
    wrong(acting_phase & left, "keep_offset", "is left by no income: no Merchants' Guild chose in the last one")
    wrong((phase == PH_CAPTAIN_CHOICE) & ~early & left, "keep_offset",
          "is left by no income: no Merchants' Guild chose in round 4's")  # fmt: skip
    # the end of rounds 1-4 discards the row but its first two monuments, and every artist left
    row = (st.mon_state == IN_ROW).sum(1)
    wrong(early & end & (st.table_count.sum(1) > 0), "table_count", "holds artists after the round's discards")
    wrong(early & end & (row > t.monuments_kept), "mon_state", f"keeps more than {t.monuments_kept} in the row")

    # --- the New Captain card: "Take the card and place it in front of you" -- as an action
    nc = st.new_captain.astype(np.int64)
    wrong(acting_phase & (nc >= 0) & ((nc - cap) % P >= index), "new_captain", "has not acted yet this round")

    # --- the exchange or barter under way: what was given so far, 0 in every other phase
    wrong(st.given.sum(1) != GIVEN[phase], "given", "differs from the resources this phase has given")
    wrong((phase == PH_BARTER_TAKE) & (st.given > 1).any(1), "given", "gives one resource twice at the barter")

    # --- anonymous artists: each type can be hired once a round ("flipped face up again")
    hired = st.anon_hired.sum(1).astype(np.int64)  # [B, 3]
    down = ~st.anon_up
    wrong((down & (hired < 1)).any(1), "anon_up", "is face down but no anonymous artist of its type is hired")
    wrong((hired > rnd[:, None] - 1 + down).any(1), "anon_up", "leaves more anonymous hires than rounds")

    # --- the actions the round shows, seat by seat, against those taken by this position
    live = ~over
    need, total = _actions_shown(game, st, phase)
    taken = _actions_taken(game, st, phase, acting, np.where(acting_phase, index, NUM_SLOTS * P), cur)
    wrong(live & ((need > taken).any(1) | (total > taken.sum(1))), "slot",
          "comes before the actions the round shows (artists, monuments, locations, cards played)")  # fmt: skip

    # --- the finished game: its last round's Captain (any seat, if one took the New Captain card)
    # must explain the last action, who decided last and what the income left of keep_offset
    if over.any():
        g = np.flatnonzero(over)
        fits = np.ones(B, bool)
        fits[g] = _some_last_captain(game, st, g, merchant)
        wrong(~fits, "current_player",
              "with slot, offset and keep_offset, fits no Captain of round 5 (the last action, the last "
              "decision: the Captain's resource, a Merchants' resource or the last action)")  # fmt: skip


def _merchants(game, st: FlorenzaCardsState) -> np.ndarray:
    """bool[B, P]: the seats holding the Merchants' Guild (Arte dei Mercatanti)."""
    kinds = game.guild_kind[G_MERCHANTS]
    if not game.guilds or kinds.size == 0:
        return np.zeros(st.in_play.shape[:2], bool)
    return st.in_play[:, :, kinds].any(2)


def _acting(game, st: FlorenzaCardsState, cap: np.ndarray) -> np.ndarray:
    """bool[B, 8P]: position s * P + j of the action sequence is an action for Captain ``cap``:
    a normal action (s < 4), or an extra one of a seat with the card of slot s in play (SPEC §5;
    judged by the cards in play now, which include those in play when the position was reached)."""
    P = game.num_players
    owned = (st.in_play.astype(np.uint8) @ game.card_slot_onehot.astype(np.uint8)) > 0  # [B, P, 8]
    seats = (cap[:, None] + np.arange(P)) % P  # [B, P]
    acting = np.take_along_axis(owned, seats[:, :, None], 1).transpose(0, 2, 1).copy()  # [B, 8, P]
    acting[:, :4] = True
    return acting.reshape(st.batch_size, NUM_SLOTS * P)


def _actions_taken(game, st, phase, acting: np.ndarray, index: np.ndarray, cur: np.ndarray) -> np.ndarray:
    """int[B, P]: the most actions each seat can have taken this round before position ``index``
    (the positions it acts at before it), plus the action under way (a follow-up decision)."""
    P, B = game.num_players, st.batch_size
    before = acting & (np.arange(NUM_SLOTS * P)[None, :] < index[:, None])
    by_offset = before.reshape(B, NUM_SLOTS, P).sum(1)  # [B, P] by offset from the Captain
    cap = st.captain.astype(np.int64)
    taken = np.take_along_axis(by_offset, (np.arange(P)[None, :] - cap[:, None]) % P, 1)  # by seat
    follow_up = (phase > PH_ACTION) & (phase <= PH_BARTER_TAKE)
    taken[np.flatnonzero(follow_up), cur[follow_up]] += 1
    return taken


def _actions_shown(game, st: FlorenzaCardsState, phase: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(int[B, P], int[B]): the fewest actions each seat, and all seats together, must have taken
    this round to leave what the state shows. Each of these is one action of its own: a location
    card face down (the New Captain card: of its holder); an artist of this round's draw reserved
    (by its owner) or hired (in a play or a completion, each of which hires one artist); an
    anonymous artist face down (a hire); a monument of this round's draw reserved or completed; in
    round 1, every card in play (the cards dealt are all the hand held) and every card drawn by
    Search for Inspiration (the hand and the cards discarded at its end, against the deal); in
    later rounds, before the keeps, the cards drawn beyond a kept card and the round's draw
    (Inspiration), or played below the round's draw (when the deck never ran out)."""
    t, P, B = game.t, game.num_players, st.batch_size
    rnd = st.round.astype(np.int64)[:, None]
    seats = np.arange(P)[None, :, None]
    # this round's draws: artists [apr (r-1), art_drawn), monuments [drawn before this round, mon_drawn)
    art_this = (st.art_pos >= t.artists_per_round * (rnd - 1)) & (st.art_pos < st.art_drawn[:, None])
    before = np.where(rnd == 1, 0, np.minimum(game.M, t.monuments_initial + t.monuments_per_round * (rnd - 2)))
    mon_this = (st.mon_pos >= before) & (st.mon_pos < st.mon_drawn[:, None])
    art_mine = (art_this & (st.art_owner >= 0))[:, None, :] & (st.art_owner[:, None, :] == seats)  # [B, P, NA]
    mon_mine = (mon_this & (st.mon_owner >= 0))[:, None, :] & (st.mon_owner[:, None, :] == seats)  # [B, P, M]
    art_reserved = (art_mine & (st.art_state == RESERVED)[:, None, :]).sum(2)
    art_hired = (art_mine & (st.art_state == DONE)[:, None, :]).sum(2)
    mon_reserved = (mon_mine & (st.mon_state == RESERVED)[:, None, :]).sum(2)
    mon_done = (mon_mine & np.isin(st.mon_state, (DONE, BEING_COMPLETED))[:, None, :]).sum(2)
    hand = st.hand.sum(2).astype(np.int64)
    first = rnd[:, 0] == 1
    # round 1: the deal (starting_hand_size each) - plays + Inspiration = hand + the keep's discards
    plays1 = st.in_play.sum(2).astype(np.int64)
    pending = (phase == PH_HIRE) & (st.pending_card >= 0)
    plays1[np.flatnonzero(pending), st.current_player[pending].astype(np.int64)] += 1
    insp1 = np.maximum(0, hand + st.discard.sum(2) - t.hand_size0 + plays1)
    # later rounds, before the keeps: the hand is at most the kept card + 4 + the Residences' draws
    # + Inspiration; at least the round's draw - plays, where the round's draw lacks the draws of
    # the Residences played this round (each a play), unless the deck ran out (now empty)
    extra = st.in_play.astype(np.int64) @ t.card_draws  # [B, P] the extra draws of the cards in play now
    insp = np.maximum(0, hand - 1 - t.draw_base - extra)
    short = t.draw_base + extra - hand
    plays = np.maximum(0, np.maximum(t.draw_base - hand, -(-short // (1 + max(int(t.card_draws.max()), 0)))))
    full = (st.deck_pos < st.deck_len)[:, None]
    acting = (phase <= PH_BARTER_TAKE)[:, None]
    plays = np.where(first[:, None], plays1, np.where(full & acting, plays, 0))
    insp = np.where(first[:, None], insp1, np.where(acting, insp, 0))
    anon = np.where(first[:, None], st.anon_hired.sum(2).astype(np.int64), 0)
    work = np.maximum(plays + mon_done, art_hired + anon)  # plays and completions; each hires one artist
    captain = st.new_captain[:, None] == np.arange(P)[None, :]
    need = captain + art_reserved + mon_reserved + work + insp
    locations = (t.loc_copies[None, :] - st.loc_up).sum(1).astype(np.int64)  # face down (the New Captain card too)
    anon_down = (~st.anon_up).sum(1)
    total = locations + (art_reserved + mon_reserved + insp).sum(1)
    total += np.maximum(work.sum(1), art_hired.sum(1) + anon_down)
    return need, total


def _some_last_captain(game, st: FlorenzaCardsState, g: np.ndarray, merchant: np.ndarray) -> np.ndarray:
    """bool[n]: some seat, as round 5's Captain, explains the finished games ``g``: the round's last
    action is (slot, offset); who decided last (``current_player``) is the last seat that chose a
    Merchants' resource (``keep_offset`` one past its offset), else the Captain (its resource) or
    the last action's seat; the round shows no more actions than were taken (with the New Captain
    card taken, by the final Captain, when it is not the next seat)."""
    P = game.num_players
    index = st.slot[g].astype(np.int64) * P + st.offset[g].astype(np.int64)
    cur, ko, final = (st.current_player[g].astype(np.int64), st.keep_offset[g].astype(np.int64),
                      st.captain[g].astype(np.int64))  # fmt: skip
    sub = st.select(g)
    need, total = _actions_shown(game, sub, sub.phase.astype(np.int64))
    ok = np.zeros(g.size, bool)
    for c5 in range(P):
        cap = np.full(g.size, c5)
        acting = _acting(game, sub, cap)
        last = NUM_SLOTS * P - 1 - acting[:, ::-1].argmax(1)
        by_offset = acting.reshape(g.size, NUM_SLOTS, P).sum(1)
        taken = np.take_along_axis(by_offset, (np.arange(P)[None, :] - c5) % P, 1)
        took = final != (c5 + 1) % P  # the final Captain took the New Captain card in round 5
        n = need + (took[:, None] & (np.arange(P)[None, :] == final[:, None]))
        counts = ~(n > taken).any(1) & (total + took <= taken.sum(1))
        merchant_last = (ko >= 1) & (cur == (c5 + ko - 1) % P) & merchant[g, cur]
        no_merchant = (ko == 0) & ((cur == c5) | (cur == (c5 + st.offset[g]) % P))
        ok |= (index == last) & (merchant_last | no_merchant) & counts
    return ok

