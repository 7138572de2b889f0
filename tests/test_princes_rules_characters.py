"""Rulebook scenario tests for The Princes of Florence (batched engine), part 7: "The Muse and
the Princess" expansion -- its set-up, the Character Auction phase, when a Character card may be
used, and the six characters (Banker, Cardinal, Merchant, Muse, Princess, Professor) with the
rulebook's examples.

Conventions as in part 1 (``test_princes_rules_auction.py``). Character positions come from a
real character auction where that is cheap; otherwise ``own`` hands a character to a seat (the
state a purchase leaves).
"""

from __future__ import annotations

import numpy as np
import pytest
from princes_rules_text import quote_meta_test
from princes_scenarios import (
    Twin,
    act,
    build,
    clear_hand,
    deck_list,
    end_action_phase,
    furnish,
    give_card,
    give_profession,
    landscape,
    legal_names,
    new_game,
    set_money,
    start_turn,
    stepper,
    work_value,
)

from florentine_envs.games.princes.constants import (
    C_BANKER,
    C_CARDINAL,
    C_MERCHANT,
    C_MUSE,
    C_PRINCESS,
    C_PROFESSOR,
    DECK_BONUS,
    PH_ACTION,
    PH_AUCTION_CHOOSE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    PH_KEEP,
    PH_ORDER,
    PH_PLACE,
    PH_WORK_BONUS,
    PH_WORK_PAY,
)

G0 = np.array([0])
BANKER_START = 6  # "Place 600 Florin on the Banker Character card."
BANKER_UNSOLD = 1  # "place 100 Florins from the Bank onto the card"
BANKER_PER_POINT = 2  # "For each 200 Florin that you pay, score 1"
SPACES = {"Banker": (0, 5), "Cardinal": (3, 15), "Merchant": (3, 15), "Muse": (3, 15), "Princess": (3, 15), "Professor": (3, 15)}
DRAW = 5

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def to_character_auction(game, st=None) -> None:
    """Everybody withdraws from the object auction (and the start-of-phase uses pass); a game
    and its state, or a Twin."""
    st, play = stepper(game, st)
    while st.phase[0] in (PH_AUCTION_CHOOSE, PH_CHAR_USE):
        play("withdraw" if st.phase[0] == PH_AUCTION_CHOOSE else "pass")
    assert st.phase[0] == PH_CHAR_AUCTION


def own(game, st, seat: int, c: int) -> None:
    """Seat ``seat`` holds character c face up (as after buying it)."""
    st.char_owner[0, c] = seat
    st.char_faceup[0, c] = True
    game._refresh_mask(st, G0)


def bids(game, st) -> dict[str, list[int]]:
    """The legal character bids: character -> the spaces open to the current player."""
    out: dict[str, list[int]] = {}
    for name in legal_names(game, st):
        if name.startswith("char_bid_"):
            character, value = name[len("char_bid_") :].rsplit("_", 1)
            out.setdefault(character, []).append(int(value))
    return out


def test_the_expansion_adds_a_character_auction_each_round():
    """Rulebook:

    "This expansion adds 6 Character cards which players can bid on in the Character Auction phase."
    "This new phase happens after the existing Auction phase, but before the Action phase."
    "This new phase happens each round, after the existing Auction phase, but before the Action phase."
    "Follow the normal setup rules with the following additions:"
    "Place the 6 Character cards faceup separately near the Game board."
    "This is the Character card area."
    "Place 600 Florin on the Banker Character card."
    "THE MUSE AND THE PRINCESS EXPANSION: Character Auction phase (see page 14)."
    """
    game, st = new_game(3, start=0, characters=True)
    plain = new_game(3, start=0)[1]
    assert st.money[0].tolist() == plain.money[0].tolist() and st.supply_freedoms[0].tolist() == [2, 2, 2]
    assert st.char_owner[0].tolist() == [-1] * 6 and st.char_faceup[0].all()
    assert int(st.banker_money[0]) == BANKER_START
    for r in range(2):
        assert st.phase[0] == PH_AUCTION_CHOOSE and int(st.round[0]) == r
        to_character_auction(game, st)
        for _ in range(3):
            act(game, st, "pass")
        assert st.phase[0] == PH_ACTION
        end_action_phase(game, st)


def test_no_fame_sold_for_money_but_the_banker_pays():
    """Rulebook:

    "Other than the new Character Auction phase and Character cards, the rules for playing Princes of Florence with this expansion are the same with one exception:"
    "You may not earn Money by moving your Fame disk backward on the Fame track (see 'Earning Money' on page 8)."
    "However, you may earn Money with the new Banker Character card."
    """
    for characters in (False, True):
        game, st = new_game(3, start=0, characters=characters)
        set_money(st, 0, 1, fame=5)
        game._refresh_mask(st, G0)
        assert ("open_Jester" in legal_names(game, st)) == (not characters)  # 200 from 100 + fame
    to_character_auction(game, st)
    act(game, st, "char_bid_Banker_0")
    act(game, st, "pass")
    act(game, st, "pass")
    assert int(st.money[0, 0]) == 1 + BANKER_START and int(st.fame[0, 0]) == 5


def test_bidding_on_a_character():
    """Rulebook:

    "To perform the Character card auction:"
    "The starting player begins by placing their Pawn on any one of the bidding spaces on the Character card they want to buy."
    "If there is no card they want to buy, they may pass instead."
    "Their bid (in Florins) for the card is equal to the number on the chosen space multiplied by 100."
    "A player may not bid more Money than they currently have."
    "Example: Alexandra places her Pawn on space 6 of the Merchant card."
    "She is bidding 600 Florin to buy that card."
    "Whenever a player wants to place their Pawn on a card with no other player's Pawn on it, they may place their Pawn on any of the bidding spaces on the card."
    """
    game, st = new_game(3, start=1, characters=True)
    set_money(st, 2, 9)
    to_character_auction(game, st)
    alexandra = int(st.current_player[0])
    assert alexandra == 1  # the start player bids first
    spaces = bids(game, st)
    assert {c: (v[0], v[-1]) for c, v in spaces.items()} == SPACES
    assert "pass" in legal_names(game, st)
    act(game, st, "char_bid_Merchant_6")
    assert int(st.pawn_card[0, alexandra]) == C_MERCHANT and int(st.pawn_value[0, alexandra]) == 6
    assert int(st.current_player[0]) == 2 and max(max(v) for v in bids(game, st).values()) == 9  # only 900
    act(game, st, "pass")
    act(game, st, "pass")
    money = int(st.money[0, alexandra])
    assert st.phase[0] == PH_CHAR_USE or st.phase[0] == PH_ACTION
    assert int(st.char_owner[0, C_MERCHANT]) == alexandra and money == 35 - 6  # 600 Florin


def test_overbidding_returns_a_pawn_and_a_standing_pawn_buys():
    """Rulebook:

    "Bidding continues clockwise around the table with each player either placing their Pawn or passing."
    "Whenever a player wants to place their Pawn on a card that already has another player's Pawn on it, they must place their Pawn on a higher number than the other player's Pawn."
    "After placing their Pawn, they return the other player's Pawn to that player."
    "If a player's Pawn is already on a card and it is their turn to bid again, they have won the auction for that card."
    "They pay the cost of their bid to the bank (Florins equal to the number on the chosen space multiplied by 100), take back their Pawn, and take the Character card, placing it faceup in front of them."
    "They may not bid again in this Character Auction phase."
    """
    tw = Twin(3, start=0, characters=True)
    game, st = tw.game, tw.st
    to_character_auction(tw)
    tw.act("char_bid_Muse_3")  # seat 0
    assert bids(game, st)["Muse"][0] == 4  # seat 1 must go higher on the Muse
    tw.act("char_bid_Muse_4")  # seat 1: seat 0's pawn goes home
    assert st.pawn_card[0].tolist() == [-1, C_MUSE, -1]
    tw.act("pass")  # seat 2
    assert int(st.current_player[0]) == 0 and "Muse" in bids(game, st)  # seat 0 may bid again
    tw.act("char_bid_Cardinal_5")  # seat 0 elsewhere; seat 1's pawn still stands: it buys
    assert int(st.char_owner[0, C_MUSE]) == 1 and st.char_faceup[0, C_MUSE]
    assert int(st.money[0, 1]) == 35 - 4 and int(st.pawn_card[0, 1]) == -1
    assert int(st.char_owner[0, C_CARDINAL]) == 0 and st.phase[0] == PH_ACTION  # then seat 0's pawn


def test_passing_or_buying_ends_ones_bidding_and_the_banker_gains_when_unsold():
    """Rulebook:

    "If a player passes, they may not bid again in this Character Auction phase."
    "As a reminder, lay down the Pawn of any player who may not bid again in this Character Auction phase."
    "The Character Auction phase ends when all players have either passed or bought a Character card (all players' Pawns are laid down)."
    "Place all Pawns upright again."
    "If no player bought the Banker Character card, place 100 Florins from the Bank onto the card."
    """
    tw = Twin(3, start=0, characters=True)
    st = tw.st
    to_character_auction(tw)
    tw.act("pass")  # seat 0 is out
    tw.act("char_bid_Muse_3")  # seat 1
    assert st.char_out[0].tolist() == [True, False, False]
    tw.act("char_bid_Muse_4")  # seat 2 overbids
    assert int(st.current_player[0]) == 1  # seat 0 is skipped: it passed
    tw.act("pass")  # seat 1 out; seat 2's pawn stands: it buys, and all are done
    assert int(st.char_owner[0, C_MUSE]) == 2 and st.phase[0] == PH_ACTION
    assert not st.char_out[0].any() and (st.pawn_card[0] == -1).all()  # pawns upright again
    assert int(st.banker_money[0]) == BANKER_START + BANKER_UNSOLD


def test_characters_return_face_up_at_the_next_character_auction():
    """Rulebook:

    "At the start of this phase, each player with a Character card in front of them (only possible from the second round onwards) returns it faceup to the Character card area."
    "If the Banker Character card was returned (and so has no Money on it), place 600 Florin from the Bank on it."
    "Note: You must return your Character card faceup to the Character card area at the start of the next Character Auction phase."
    "Therefore, if you do not use it before then, you may not use it."
    "Reminder: When the Banker Character card is returned at the start of the next Character Auction phase, place 600 Florin from the Bank on it."
    "Some Character cards are flipped facedown when they are used."
    """
    tw = Twin(3, start=0, characters=True)
    game, st = tw.game, tw.st
    to_character_auction(tw)
    tw.act("char_bid_Cardinal_3")  # seat 0
    tw.act("char_bid_Banker_2")  # seat 1
    tw.act("char_bid_Professor_3")  # seat 2
    assert st.phase[0] == PH_CHAR_USE and int(st.current_player[0]) == 2  # the Professor: now or later
    tw.act("pass")
    assert st.phase[0] == PH_ACTION
    tw.act("cardinal")  # seat 0 uses it: face down
    assert not st.char_faceup[0, C_CARDINAL]
    end_action_phase(tw)
    assert int(st.char_owner[0, C_PROFESSOR]) == 2  # kept through the next auction phase
    while st.phase[0] == PH_AUCTION_CHOOSE:
        tw.act("withdraw")
    assert st.phase[0] == PH_CHAR_USE and int(st.current_player[0]) == 2  # its last chance
    tw.act("pass")
    assert st.phase[0] == PH_CHAR_AUCTION
    assert st.char_owner[0].tolist() == [-1] * 6 and st.char_faceup[0].all()
    assert int(st.banker_money[0]) == BANKER_START
    tw.act("pass")
    tw.act("pass")
    tw.act("pass")
    assert st.phase[0] == PH_ACTION and "professor_bonus" not in legal_names(game, st)


def test_when_each_character_is_used():
    """Rulebook:

    "Character cards may be used at different times:"
    "The Banker is used immediately, and also at the end of the game if you buy it in the final round."
    "The Cardinal, Muse, and Princess may be used on your turn in the Action phase this round."
    "The Merchant and Professor may be used on your turn in the Action phase this round, or at certain times during the Auction phase next round."
    "You may not use a facedown Character card."
    """
    game, st = new_game(3, start=0, characters=True)
    landscape(game, st, 0, "Forest", 3)
    to_character_auction(game, st)
    money = int(st.money[0, 1])
    act(game, st, "char_bid_Princess_3")  # seat 0
    act(game, st, "char_bid_Banker_0")  # seat 1
    assert int(st.money[0, 1]) == money  # not yet: the pawn must stand until its next turn
    act(game, st, "char_bid_Cardinal_3")  # seat 2
    assert int(st.money[0, 1]) == money + BANKER_START  # bought: used at once
    assert st.phase[0] == PH_ACTION and int(st.current_player[0]) == 0
    assert "princess_work" in legal_names(game, st)
    act(game, st, "princess_work")
    act(game, st, "fame_0")
    assert "princess_work" not in legal_names(game, st)  # face down now
    act(game, st, "end_turn")
    act(game, st, "end_turn")
    assert "cardinal" in legal_names(game, st)  # seat 2, on its turn
    end_action_phase(game, st)
    assert not st.char_faceup[0, C_PRINCESS] and st.char_faceup[0, C_CARDINAL]  # unused, then lost
    while st.phase[0] == PH_AUCTION_CHOOSE:
        act(game, st, "withdraw")
    assert st.phase[0] == PH_CHAR_AUCTION  # no Merchant or Professor: nothing to use now


def test_the_banker_example():
    """Rulebook:

    "When you use the Banker Character card (which must be done immediately), take all the Money on it."
    "Leave the card faceup in front of you."
    "Example: In the first round, no player bought the Banker, so the card now has 700 Florin on it."
    "In the second round, Chris wins the auction for the card."
    "His Pawn is on the 2 space on the card, so he pays 200 Florin to the bank, and takes the card and the 700 Florin on it."
    "At the start of the next Character Auction phase, Chris returns the card to the Character card area and places 600 Florin from the Bank on it."
    """
    tw = Twin(4, start=0, characters=True)
    st = tw.st
    chris = 1
    to_character_auction(tw)
    for _ in range(4):
        tw.act("pass")
    assert int(st.banker_money[0]) == 7
    end_action_phase(tw)
    to_character_auction(tw)
    assert int(st.current_player[0]) == chris  # round 2: Chris starts
    tw.act("char_bid_Banker_2")
    for _ in range(3):
        tw.act("pass")
    assert int(st.char_owner[0, C_BANKER]) == chris and st.char_faceup[0, C_BANKER]
    assert int(st.money[0, chris]) == 35 - 2 + 7 and int(st.banker_money[0]) == 0
    end_action_phase(tw)
    to_character_auction(tw)
    assert int(st.char_owner[0, C_BANKER]) == -1 and int(st.banker_money[0]) == BANKER_START


def test_the_banker_bought_in_round_seven_buys_fame_at_the_end():
    """Rulebook:

    "If you have the Banker Character card at the end of the game (as you bought it in the Character Auction phase in the 7th round), you may exchange Money for Prestige Points (♔)."
    "For each 200 Florin that you pay, score 1 ♔."
    """
    game, st = new_game(3, start=0, characters=True)
    own(game, st, 1, C_BANKER)
    set_money(st, 1, 9, fame=4)
    set_money(st, 2, 9, fame=4)
    start_turn(game, st, 0, round_index=6)
    end_action_phase(game, st)
    assert st.terminated[0]
    assert st.fame[0, 1:].tolist() == [4 + 9 // BANKER_PER_POINT, 4] and st.money[0, 1:].tolist() == [1, 9]


def test_the_cardinal_gives_a_third_action():
    """Rulebook:

    "On your turn during the Action phase, you may flip the Cardinal Character card facedown to gain one extra action (so you may perform up to 3 actions instead of 2)."
    "You may still only perform the 'Take a Profession card' and 'Introduce a Freedom' actions once each."
    """
    game, st = new_game(3, start=0, characters=True)
    own(game, st, 0, C_CARDINAL)
    start_turn(game, st, 0, round_index=0)
    act(game, st, "freedom_Travel")
    act(game, st, "cardinal")
    assert int(st.actions_left[0]) == 2 and not st.char_faceup[0, C_CARDINAL]
    assert not any(n.startswith("freedom_") for n in legal_names(game, st))  # still once
    act(game, st, "build_Chapel")
    act(game, st, legal_names(game, st)[0])
    act(game, st, "build_Tower")
    assert st.phase[0] == PH_PLACE
    act(game, st, legal_names(game, st)[0])
    assert int(st.current_player[0]) == 1  # three actions, then the turn passed


def merchant_game(fame: list[int]):
    """Leon (seat 1) holds the face-up Merchant in a 4-player game; the others' fame as given."""
    game, st = new_game(4, start=1, characters=True)
    for seat in range(4):
        set_money(st, seat, 35, fame=fame[seat])
    own(game, st, 1, C_MERCHANT)
    return game, st


def test_the_merchant_example():
    """Rulebook:

    "You may use the Merchant Character card for one of two effects:"
    "When you win a bid on an object in the Auction phase, you may flip the Merchant Character card facedown instead of paying the cost of your bid."
    "Example: Leon wins a bid on a Lake for 400 Florins."
    "He has the Merchant Character card in front of him that he bought last round and that he has not yet used (it is still faceup)."
    "There are currently 3 opponents with more Prestige Points (♔) than him."
    "He may either flip the card instead of paying the 400 Florin cost of the Lake, or flip the card to score 4 ♔."
    "He decides he has enough Money to pay for the Lake, so he flips the card to gain 4 ♔."
    """
    for use in ("merchant_fame", "merchant_pay"):
        game, st = merchant_game([5, 0, 5, 5])
        act(game, st, "open_Lake")  # Leon 200
        act(game, st, "raise")  # Jen 300
        act(game, st, "pass")
        act(game, st, "pass")
        act(game, st, "raise")  # Leon 400
        act(game, st, "pass")
        assert st.phase[0] == PH_CHAR_USE and set(legal_names(game, st)) == {"pass", use, "merchant_pay", "merchant_fame"}
        act(game, st, use)
        assert st.phase[0] == PH_PLACE and not st.char_faceup[0, C_MERCHANT]
        if use == "merchant_fame":  # he pays for the Lake and gains 4
            assert int(st.fame[0, 1]) == 4 and int(st.money[0, 1]) == 35 - 4
        else:
            assert int(st.fame[0, 1]) == 0 and int(st.money[0, 1]) == 35


def test_the_merchants_fame_in_the_action_phase_or_at_the_end_of_the_auction():
    """Rulebook:

    "Either immediately, at any time on your turn during the Action phase, when you win a bid on an object in the Auction phase, or at the end of the Auction phase, you may flip the Merchant Character card facedown to score 1 ♔ plus 1 ♔ for each opponent with more Prestige Points (♔) than you."
    """
    game, st = merchant_game([6, 3, 3, 2])  # one opponent has more, one as many, one fewer
    start_turn(game, st, 1, round_index=0)
    assert "merchant_fame" in legal_names(game, st)
    act(game, st, "merchant_fame")
    assert int(st.fame[0, 1]) == 3 + 1 + 1 and int(st.actions_left[0]) == 2  # a free action
    game, st = merchant_game([6, 3, 3, 2])
    while st.phase[0] == PH_AUCTION_CHOOSE:
        act(game, st, "withdraw")
    assert st.phase[0] == PH_CHAR_USE and int(st.current_player[0]) == 1  # the end of the auction phase
    act(game, st, "merchant_fame")
    assert int(st.fame[0, 1]) == 5
    game, st = new_game(3, start=0, characters=True)
    set_money(st, 1, 35, fame=4)
    to_character_auction(game, st)
    act(game, st, "char_bid_Merchant_3")
    act(game, st, "pass")
    act(game, st, "pass")
    assert st.phase[0] == PH_CHAR_USE and "merchant_fame" in legal_names(game, st)  # immediately
    act(game, st, "merchant_fame")
    assert int(st.fame[0, 0]) == 2


def test_the_muse_adds_the_round_number_to_each_work():
    """Rulebook:

    "If you have the Muse Character card, increase the Work Value (🏠) of each Work you complete this round by an amount equal to the round number (as shown on the space the Round marker is on)."
    "Example: Chris has the Muse Character card in round 6 and completes 2 Works."
    "The Work Value (🏠) of each of these Works is increased by 6."
    """
    game, st = new_game(3, start=0, characters=True)
    chris = 0
    clear_hand(game, st, chris)
    give_profession(game, st, chris, "Poet")
    give_profession(game, st, chris, "Doctor")
    furnish(game, st, chris, jesters=4)
    start_turn(game, st, chris, round_index=5)
    plain = [work_value(game, st, chris, n) for n in ("Poet", "Doctor")]
    assert plain == [10, 10] and "profession_Poet" not in legal_names(game, st)  # 10 < 16
    own(game, st, chris, C_MUSE)
    start_turn(game, st, chris, round_index=5)
    values = []
    for name in ("Poet", "Doctor"):
        act(game, st, f"profession_{name}")
        if st.phase[0] == PH_WORK_BONUS:
            act(game, st, "done")
        values.append(int(st.work_value[0]))
        act(game, st, "fame_0")
    assert values == [plain[0] + 6, plain[1] + 6] and int(st.best_work[0, chris]) == 16


def princess_position(round_index=5):
    """The Princess example: Alexandra (seat 0) has 2 Forests, 1 Lake, a Laboratory, a Library and
    3 Profession cards (her starting hand), and holds the face-up Princess."""
    game, st = new_game(3, start=0, characters=True)
    landscape(game, st, 0, "Forest", 2)
    landscape(game, st, 0, "Lake")
    build(game, st, 0, "Laboratory", "Library")
    own(game, st, 0, C_PRINCESS)
    start_turn(game, st, 0, round_index=round_index)
    return game, st


def test_the_princess_work_of_16():
    """Rulebook:

    "On your turn during the Action phase, as a Complete a Work action, you may flip the Princess Character card facedown to complete a Work without playing a Profession card."
    "To calculate the Work Value (🏠) of this Work:"
    "Add 3 to the 🏠 for each Landscape (including duplicates)."
    "Add 2 to the 🏠 for each Building."
    "Add 1 to the 🏠 for each Profession card or Recruiting card."
    "The Princess Character card does not count as a Profession card."
    "Example: Alexandra uses an action to Complete a Work using the Princess card."
    "She has 2 Forests, 1 Lake, 1 Laboratory, 1 Library, and 3 Profession cards."
    "The Work has a Work Value (🏠) of 16 (6 + 3 + 2 + 2 + 3)."
    """
    game, st = princess_position()  # round 6: minimum 16
    hand = st.hand_prof[0, 0].copy()
    assert int(hand.sum()) == 3 and "princess_work" in legal_names(game, st)
    act(game, st, "princess_work")
    assert int(st.work_value[0]) == 6 + 3 + 2 + 2 + 3 and st.phase[0] == PH_WORK_PAY
    assert not st.char_faceup[0, C_PRINCESS] and int(st.actions_left[0]) == 1  # flipped, an action used
    assert (st.hand_prof[0, 0] == hand).all() and not st.table_prof[0, 0].any()  # no profession played


def test_the_princess_counts_builders_not_freedoms_jesters_or_bonus_cards():
    """Rulebook:

    "Add 2 to the 🏠 for each Builder."
    "Freedoms, Jesters, and Bonus cards may not be used to increase this Work Value (🏠)."
    "All other rules for completing a Work apply as usual, such as satisfying the minimum value shown on the round / minimum 🏠 table, earning Money from the Bank for the Work, taking some of the payment as Prestige Points (♔), etc."
    """
    game, st = princess_position(round_index=6)  # minimum 17: 16 is not enough
    assert "princess_work" not in legal_names(game, st)
    furnish(game, st, 0, jesters=3, freedoms=("Travel", "Religion"))
    give_card(game, st, 0, DECK_BONUS, 9)  # each Freedom +2
    start_turn(game, st, 0, round_index=6)
    assert "princess_work" not in legal_names(game, st)  # none of them counts
    furnish(game, st, 0, builders=1)
    start_turn(game, st, 0, round_index=6)
    money, fame = int(st.money[0, 0]), int(st.fame[0, 0])
    act(game, st, "princess_work")
    assert int(st.work_value[0]) == 18 and st.phase[0] == PH_WORK_PAY  # no Bonus card step
    act(game, st, "fame_4")
    assert int(st.money[0, 0]) == money + 18 - 8 and int(st.fame[0, 0]) == fame + 4
    assert int(st.best_work[0, 0]) == 18 and st.bonus_hand[0, 0, 9]


def test_the_professor_example_at_the_end_of_the_auction_phase():
    """Rulebook:

    "Example: It is the end of the Auction phase and Leon has the Professor Character card in front of him that he bought last round and that he has not yet used (it is still faceup)."
    "This is his last chance to use the card as the Character Auction phase is next."
    "He decides to use the card to Acquire a Bonus card."
    "He draws 5 Bonus cards from the Bonus deck, chooses 1 to keep, and places the others facedown on the bottom of the Bonus deck."
    "Otherwise follow the usual rules for taking a Prestige card or acquiring a Bonus card."
    """
    game, st = new_game(4, start=0, characters=True)
    leon = 1
    own(game, st, leon, C_PROFESSOR)
    deck = deck_list(st, DECK_BONUS)
    money = int(st.money[0, leon])
    while st.phase[0] == PH_AUCTION_CHOOSE:
        act(game, st, "withdraw")
    assert st.phase[0] == PH_CHAR_USE and int(st.current_player[0]) == leon
    act(game, st, "professor_bonus")
    assert st.phase[0] == PH_KEEP and not st.char_faceup[0, C_PROFESSOR]
    assert sorted(legal_names(game, st)) == sorted(f"bonus_{c}" for c in deck[:DRAW])
    act(game, st, f"bonus_{deck[0]}")
    for c in deck[1:DRAW - 1]:
        act(game, st, f"bonus_{c}")
    assert st.bonus_hand[0, leon, deck[0]] and deck_list(st, DECK_BONUS) == deck[DRAW:] + deck[1:DRAW]
    assert int(st.money[0, leon]) == money and st.phase[0] == PH_CHAR_AUCTION  # free; then the next phase


def test_the_professor_free_card_in_the_action_phase_or_at_a_won_bid():
    """Rulebook:

    "Either immediately, at any time on your turn during the Action phase, when you win a bid on an object in the Auction phase, or at the end of the Auction phase, you may flip the Professor Character card facedown to Take a Prestige card or Acquire a Bonus card for free; you do not pay any Florin, and in the case of acquiring a Bonus card, you do not use an action."
    """
    game, st = new_game(3, start=0, characters=True)
    own(game, st, 0, C_PROFESSOR)
    start_turn(game, st, 0, round_index=0)
    money = int(st.money[0, 0])
    act(game, st, "professor_prestige")
    while st.phase[0] in (PH_KEEP, PH_ORDER):
        act(game, st, legal_names(game, st)[0])
    assert int(st.prestige_hand[0, 0].sum()) == 1 and int(st.money[0, 0]) == money
    assert int(st.actions_left[0]) == 2 and "professor_bonus" not in legal_names(game, st)
    game, st = new_game(3, start=0, characters=True)
    own(game, st, 0, C_PROFESSOR)
    act(game, st, "open_Jester")
    act(game, st, "pass")
    act(game, st, "pass")
    assert st.phase[0] == PH_CHAR_USE and "professor_bonus" in legal_names(game, st)  # at the won bid
    act(game, st, "professor_bonus")
    while st.phase[0] in (PH_KEEP, PH_ORDER):
        act(game, st, legal_names(game, st)[0])
    assert st.phase[0] == PH_AUCTION_CHOOSE  # nothing left to use: the Jester is paid and taken
    assert int(st.bonus_hand[0, 0].sum()) == 1 and int(st.jesters[0, 0]) == 1
    assert int(st.money[0, 0]) == 35 - 2  # only the Jester's price


def test_a_lone_purchase_is_a_won_bid_for_the_merchant():
    """Rulebook (DN D12: the last player's purchase at 200 is a won bid; SPEC: the lone buyer is
    recorded as the high bidder):

    "When you win a bid on an object in the Auction phase, you may flip the Merchant Character card facedown instead of paying the cost of your bid."
    "When there is only one player who still has their Pawn in front of them, they may simply pay the Bank 200 Florin to take any one available object (objects with Pawns are not available)."
    """
    game, st = new_game(3, start=1, characters=True)
    own(game, st, 0, C_MERCHANT)
    act(game, st, "withdraw")  # seat 1
    act(game, st, "withdraw")  # seat 2
    assert int(st.current_player[0]) == 0 and st.lone[0]
    act(game, st, "open_Jester")
    assert st.phase[0] == PH_CHAR_USE and int(st.high[0]) == 0 and int(st.bid[0]) == 2
    act(game, st, "merchant_pay")
    assert int(st.jesters[0, 0]) == 1 and int(st.money[0, 0]) == 35 and not st.lone[0]


def _finish_action(game, st) -> None:
    """The first legal choice in each sub-decision (placement, kept card, order, Bonus cards,
    pay) until the turn is back in ACTION."""
    while st.phase[0] != PH_ACTION:
        act(game, st, legal_names(game, st)[0])


@pytest.mark.parametrize("twice_limit", [False, True], ids=["default", "cardinal_twice_limit"])
def test_the_cardinals_third_action_may_repeat_an_action_done_twice(twice_limit):
    """Rulebook:

    "Each Action can be done twice per round per player except for the actions, Take a Profession Card and Introduce a Freedom, which can only be done once a round per player."
    "you may flip the Cardinal Character card facedown to gain one extra action (so you may perform up to 3 actions instead of 2)."
    "You may still only perform the 'Take a Profession card' and 'Introduce a Freedom' actions once each."
    "Other than the new Character Auction phase and Character cards, the rules for playing Princes of Florence with this expansion are the same"

    DESIGN_NOTES D17: the Cardinal's sentence names the limits that still hold, the two
    once-a-round actions, so a third build is allowed; the option cardinal_twice_limit keeps
    "twice" for every action, and the observation's ``turn`` then shows the counts it reads.
    """
    game, st = new_game(3, start=0, characters=True, cardinal_twice_limit=twice_limit)
    own(game, st, 0, C_CARDINAL)
    start_turn(game, st, 0, round_index=0)
    for name in ("build_Chapel", "build_Tower"):
        act(game, st, name)
        _finish_action(game, st)
    act(game, st, "cardinal")
    names = legal_names(game, st)
    assert int(st.actions_left[0]) == 1 and "take_bonus" in names and "freedom_Travel" in names
    assert ("build_Hospital" in names) is not twice_limit
    obs = game.observe(st, np.array([0]))  # the one-game path, as the batched one
    np.testing.assert_array_equal(obs, game._observe_batch(st, np.array([0])))
    assert obs[0, game.obs_layout["turn"]].tolist() == ([1, 0, 0, 0, 2, 0] if twice_limit else [1, 0, 0])
    if not twice_limit:
        act(game, st, "build_Hospital")
        _finish_action(game, st)
        assert st.built[0, 0].sum() == 3 and int(st.current_player[0]) == 1  # three builds, the turn passed


def test_with_the_twice_limit_the_princess_work_counts_and_the_professors_card_does_not():
    """Rulebook:

    "On your turn during the Action phase, as a Complete a Work action, you may flip the Princess Character card facedown to complete a Work without playing a Profession card."
    "in the case of acquiring a Bonus card, you do not use an action."

    DESIGN_NOTES D17, option cardinal_twice_limit: the Princess's work is one of the two works; the
    Professor's free Bonus card is no Acquire a Bonus card action.
    """
    game, st = new_game(3, start=0, characters=True, cardinal_twice_limit=True)
    for c in (C_CARDINAL, C_PROFESSOR):  # one character a round in play; here both, for the test
        own(game, st, 0, c)
    start_turn(game, st, 0, round_index=0)
    act(game, st, "professor_bonus")
    _finish_action(game, st)
    for _ in range(2):
        act(game, st, "take_bonus")  # the second is legal: the Professor's card was not counted
        _finish_action(game, st)
    act(game, st, "cardinal")
    names = legal_names(game, st)
    assert "take_bonus" not in names and "build_Chapel" in names and int(st.deck_len[0, DECK_BONUS]) > 0
    clear_hand(game, st, 0)
    for name in ("Poet", "Painter"):
        give_profession(game, st, 0, name)
    furnish(game, st, 0, jesters=3, builders=2)  # every work reaches the minimum 7
    landscape(game, st, 0, "Forest")  # the Princess's: 3 + 2 * 2 Builders + 2 cards
    for c in (C_CARDINAL, C_PRINCESS):
        own(game, st, 0, c)
    start_turn(game, st, 0, round_index=0)
    act(game, st, "princess_work")
    _finish_action(game, st)
    act(game, st, "profession_Poet")
    _finish_action(game, st)
    act(game, st, "cardinal")
    names = legal_names(game, st)
    assert "profession_Painter" not in names and "take_bonus" in names and work_value(game, st, 0, "Painter") >= 7
