"""Saved Princes positions that no play reaches are refused (issue 21): the bidding fields must be
the result of a bidding history, the solo game's Automa cards drawn must agree with the round and
whose turn it is, and a subroutine returns where it was started from. Each check is exercised by
loading a legal position with one field changed; random play keeps every one of them
(``test_princes_engine.py``, ``test_princes_solo_engine.py`` and the differential tests run the
invariants at every step)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from princes_rules_text import quote_meta_test
from princes_scenarios import act, new_game

import florentine_envs
from florentine_envs.games.princes.constants import NUM_AUTOMA, PH_ACTION, PH_AUCTION_BID, PH_KEEP, PH_PLACE
from florentine_envs.games.princes.rules.auction import bidding_reachable
from florentine_envs.testing import random_legal_actions

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def reload(game, st, **changes):
    """``from_json`` of ``st`` saved with ``changes`` ({field: function of its saved value})."""
    data = json.loads(game.to_json(st, 0))
    for name, change in changes.items():
        data["fields"][name] = change(data["fields"][name])
    return game.from_json(json.dumps(data))


def setting(index, value):
    def change(entries):
        entries[index] = value
        return entries

    return change


def test_the_bidding_fields_must_come_from_a_bidding():
    """Rulebook:

    "Then, in clockwise order, each player either increases the current bid by exactly 100 Florin or passes."
    "If a player passes, they are out of the bidding for this object this round."
    """
    game, st = new_game(4, start=0)
    act(game, st, "open_Jester")  # seat 0 opens; seat 1 is asked first, nobody has passed
    assert st.phase[0] == PH_AUCTION_BID and int(st.current_player[0]) == 1
    reload(game, st)
    with pytest.raises(ValueError, match="'in_auction'.*'high'.*'current_player'.*'bid'.*no bidding"):
        reload(game, st, in_auction=setting(1, False))  # the seat asked is out
    with pytest.raises(ValueError, match="'in_auction'.*no bidding"):
        reload(game, st, in_auction=setting(3, False))  # out before it was asked
    with pytest.raises(ValueError, match="'in_auction'.*no bidding"):
        reload(game, st, bid=lambda bid: bid + 1)  # a raise by nobody
    act(game, st, "raise")  # seat 1 raises
    act(game, st, "pass")  # seat 2 is out; seat 3 is asked
    assert int(st.current_player[0]) == 3 and st.in_auction[0].tolist() == [True, True, False, True]
    reload(game, st)
    with pytest.raises(ValueError, match="'in_auction'.*no bidding"):
        reload(game, st, in_auction=setting(2, True))  # back in after passing
    with pytest.raises(ValueError, match="'in_auction'.*no bidding"):
        reload(game, st, high=lambda high: 0)  # seat 0's bid was raised since


def test_bidding_histories_count_the_raises():
    """Three seats, seat 0 opens: seats 1 and 2 left, seat 1 the high bidder and seat 2 asked.
    Seat 0 can only be out after passing, which needs a raise by 1, one by 2, and 1's again:
    after two raises no history leads there, after three one does (1, 2 raise; 0 passes; 1 raises)."""
    assert not bidding_reachable(3, 0b111, 0, 0b110, 1, 2, 2)
    assert bidding_reachable(3, 0b111, 0, 0b110, 1, 2, 3)
    assert bidding_reachable(3, 0b111, 0, 0b111, 0, 1, 0)  # the opening itself
    assert not bidding_reachable(3, 0b111, 0, 0b111, 1, 2, 0)  # a high bidder who never bid


def solo_position(phase: int, round_at_least: int = 1):
    """A solo game (batch of one) played at random to the first position in ``phase`` from round
    ``round_at_least`` on."""
    game = florentine_envs.make("princes_solo")
    for seed in range(50):
        st = game.init(np.array([seed], np.uint64))
        rng = np.random.default_rng(seed)
        while not st.terminated[0]:
            if st.phase[0] == phase and st.round[0] >= round_at_least:
                return game, st
            game.step(st, random_legal_actions(st.legal_action_mask, rng))
    raise AssertionError("no such position")


@pytest.mark.parametrize("phase", [PH_AUCTION_BID, PH_ACTION])
def test_the_automa_cards_drawn_agree_with_the_round(phase):
    """Rulebook:

    "Draw the top card of the Automa deck."
    "At the start of Wolfgang's turn, reveal an Automa card and use its middle panel to determine his first action."
    "Once he has completed that action, reveal a second Automa card and use its bottommost panel to determine his second action."
    """
    game, st = solo_position(phase)
    loaded = reload(game, st)
    wolfgang_done = int(st.turns_done[0]) if phase == PH_ACTION else 0  # his turn comes first or after yours
    assert int(loaded.automa_next[0]) == 3 * int(st.round[0]) + 1 + 2 * wolfgang_done
    for change in ({"automa_next": lambda n: n + 1}, {"automa_next": lambda n: n - 1}, {"round": lambda r: r + 1}):
        with pytest.raises(ValueError, match="'automa_next'.*'round'.*'start'.*'turns_done'"):
            reload(game, st, **change)
    if phase == PH_ACTION:  # who started the round tells whether Wolfgang has had his turn
        with pytest.raises(ValueError, match="'automa_next'.*'round'.*'start'.*'turns_done'"):
            reload(game, st, start=lambda s: 1 - s)


def test_the_automa_deck_keeps_its_backs_in_order():
    """Rulebook:

    "Create the Automa deck by shuffling the Automa cards separately according to their back and then placing the cards for rounds 5-7 at the bottom, the cards for rounds 3-4 on top of them, and finally the cards for rounds 1-2 on the top."
    """
    game, st = solo_position(PH_ACTION, round_at_least=0)
    order = st.automa_order[0].tolist()

    def swapped(entries):  # a card of rounds 5-7 (the bottom) swapped with one of rounds 1-2 (the top)
        entries[0], entries[NUM_AUTOMA - 1] = entries[NUM_AUTOMA - 1], entries[0]
        return entries

    assert game.ST.back[order[0]] != game.ST.back[order[-1]]
    with pytest.raises(ValueError, match="'automa_order'"):
        reload(game, st, automa_order=swapped)


def test_a_finished_solo_game_has_drawn_the_whole_automa_deck():
    """Rulebook:

    "Draw the top card of the Automa deck."
    """
    game = florentine_envs.make("princes_solo")
    st = game.init(np.array([3], np.uint64))
    rng = np.random.default_rng(3)
    while not st.terminated[0]:
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
    assert int(st.automa_next[0]) == NUM_AUTOMA  # 3 a round, 7 rounds
    with pytest.raises(ValueError, match="'automa_next'"):
        reload(game, st, automa_next=lambda n: n - 1)


@pytest.mark.parametrize("name,options", [("princes", {"num_players": 3}), ("princes_solo", {})])
def test_a_subroutine_returns_where_it_was_started(name, options):
    """A placement or a draw started in the auction returns to it, one started by an action to the
    action phase (SPEC T ``resume``); another return is refused, naming the fields."""
    game = florentine_envs.make(name, **options)
    found = 0
    for seed in range(40):
        st = game.init(np.array([seed], np.uint64))
        rng = np.random.default_rng(seed)
        while not st.terminated[0] and found < 6:
            if st.phase[0] in (PH_PLACE, PH_KEEP):
                reload(game, st)
                for other in {0, 1, 2} - {int(st.resume[0])}:
                    with pytest.raises(ValueError, match="'resume', 'ctx', 'stack' and 'phase' disagree"):
                        reload(game, st, resume=lambda _, other=other: other)
                found += 1
            game.step(st, random_legal_actions(st.legal_action_mask, rng))
        if found >= 6:
            return
    raise AssertionError(f"only {found} placements or draws seen")
