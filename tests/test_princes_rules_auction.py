"""Rulebook scenario tests for The Princes of Florence (batched engine), part 1: the auction
phase (two players included).

Every test quotes, in its docstring, the exact rulebook sentence(s) it checks
(``shared/rules/princes_of_florence.txt``, markdown layout removed and curly quotes, dashes
and line breaks normalised, a straight quote inside a sentence written as a single quote:
``princes_rules_text.plain``). The coverage meta-test over all the parts, with the sentences
that state no engine behaviour, is ``test_princes_rules_coverage.py``. Positions come from
``tests/princes_scenarios.py``; expected values are the rulebook's literals (the constants
below, in units of 100 Florin as the engine keeps money), never the engine's helpers. A
scenario made of real actions only is played through ``princes_scenarios.Twin``: the scalar
reference plays it alongside and must agree after every step. Readings follow ``DESIGN_NOTES.md`` ("DN n").
"""

from __future__ import annotations

import numpy as np
from princes_rules_text import quote_meta_test
from princes_scenarios import Twin, act, furnish, legal_names, new_game, place_first, set_money

from florentine_envs.games.princes.constants import PH_ACTION, PH_AUCTION_BID, PH_AUCTION_CHOOSE, PH_PLACE

START_MONEY = {2: 25, 3: 35, 4: 35, 5: 35}  # "3500 Florin" (2 players: "2500 Florin")
OPENING_BID = {2: 3, 3: 2, 4: 2, 5: 2}  # "starting the bidding at 200 Florin" (2 players: 300)
RAISE = 1  # "by exactly 100 Florin"
LONE_PRICE = 2  # "pay the Bank 200 Florin"
STACKS = ["Forest", "Lake", "Park", "Prestige", "Recruiting", "Jester", "Builder"]

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def opened(game, st) -> list[str]:
    return [n[len("open_") :] for n in legal_names(game, st) if n.startswith("open_")]


def test_starting_player_chooses_a_stack_and_opens_at_200():
    """Rulebook:

    "The starting player begins by choosing one of the 7 stacks and starting the bidding at 200 Florin."
    "Then, in clockwise order, each player either increases the current bid by exactly 100 Florin or passes."
    "Starting Bidder bids 200 for any 1 Auction object (2 Players: Starting Bid is 300)."
    "Each player clockwise may bid exactly 100 higher or pass."
    "The starting bid is 300 Florin instead of 200 Florin."
    "Central to the Auction phase are the 7 stacks with the different 'objects' that are on the left side of the Game board: Forests, Lakes, Parks, Prestige cards, Recruiting cards, Jesters, and Builders."
    """
    for n in (2, 4):
        game, st = new_game(n, start=1)
        assert int(st.current_player[0]) == 1 and st.phase[0] == PH_AUCTION_CHOOSE
        act(game, st, "open_Jester")
        assert int(st.bid[0]) == OPENING_BID[n]
        assert int(st.current_player[0]) == 2 % n  # clockwise
        assert set(legal_names(game, st)) == {"raise", "pass"}
        act(game, st, "raise")
        assert int(st.bid[0]) == OPENING_BID[n] + RAISE
    game, st = new_game(4, start=0)
    assert opened(game, st) == STACKS


def test_four_player_auction_example():
    """Rulebook:

    "(1) In a game with four players, Alexandra is the starting player."
    "She names a Park and starts the auction at 200 Florin."
    "All other players pass, so she wins the auction and pays 200 Florin to the Bank."
    "She takes a Park and places it on her Principality, placing her Pawn on the Park stack."
    "This shows that the Park stack is unavailable for later auctions this round and that Alexandra is not allowed to bid in any other auctions this round."
    "(2) Leon is the next player in clockwise order and chooses to auction a Jester."
    "Jen is also interested and bids 300 Florin."
    "Wolfgang also wants the Jester and bids 400 Florin."
    "Now it is Leon's turn again (remember, Alexandra cannot bid) and he raises the bid to 500 Florin."
    "Jen raises the bid to 600 and Wolfgang to 700."
    "Leon and Jen both pass, allowing Wolfgang to win the auction."
    "Wolfgang pays 700 Florin to the Bank, takes a Jester, and places his Pawn next to the Jester stack."
    "(3) Leon may again choose the auction object as he did not win the last auction."
    "Only he and Jen may now bid."
    "Leon chooses a Forest and Jen raises the bid to 300 Florin."
    "Leon raises the bid to 400, Jen to 500, Leon to 600, then Jen passes."
    "Leon pays 600 Florin to the Bank."
    "He takes a Forest, placing it on his Principality, and places his Pawn on the Forest stack."
    "(4) Now only Jen may bid."
    "She may choose freely from the four remaining stacks: Lake, Prestige card, Recruiting card, or Builder."
    "She takes a Builder and pays 200 Florin to the Bank."
    "(5) All players now take their Pawns back."
    """
    alexandra, leon, jen, wolfgang = range(4)
    tw = Twin(4, start=alexandra)
    game, st = tw.game, tw.st
    tw.act("open_Park")
    for _ in range(3):
        tw.act("pass")
    assert st.phase[0] == PH_PLACE and int(st.current_player[0]) == alexandra
    tw.place_first()
    assert int(st.money[0, alexandra]) == 35 - 2 and st.landscapes[0, alexandra].tolist() == [0, 0, 1]
    assert int(st.current_player[0]) == leon and "open_Park" not in legal_names(game, st)
    tw.act("open_Jester")
    seen = []
    for move in ("raise", "raise", "raise", "raise", "raise"):  # Jen 3, Wolfgang 4, Leon 5, Jen 6, Wolfgang 7
        seen.append(int(st.current_player[0]))
        tw.act(move)
    assert seen == [jen, wolfgang, leon, jen, wolfgang]  # Alexandra is skipped
    assert int(st.current_player[0]) == leon
    tw.act("pass")
    tw.act("pass")
    assert int(st.money[0, wolfgang]) == 35 - 7 and int(st.jesters[0, wolfgang]) == 1
    assert int(st.current_player[0]) == leon and st.phase[0] == PH_AUCTION_CHOOSE
    tw.act("open_Forest")
    for who, move in ((jen, "raise"), (leon, "raise"), (jen, "raise"), (leon, "raise"), (jen, "pass")):
        assert int(st.current_player[0]) == who
        tw.act(move)
    tw.place_first()
    assert int(st.money[0, leon]) == 35 - 6 and st.landscapes[0, leon].tolist() == [1, 0, 0]
    assert int(st.current_player[0]) == jen and bool(st.lone[0])
    assert opened(game, st) == ["Lake", "Prestige", "Recruiting", "Builder"]
    tw.act("open_Builder")  # the lone buyer pays 200 at once
    assert int(st.money[0, jen]) == 35 - LONE_PRICE and int(st.builders[0, jen]) == 1
    assert st.phase[0] == PH_ACTION  # everyone's pawn is back; the action phase begins


def test_one_object_per_player_and_per_stack():
    """Rulebook:

    "Each player may acquire, at most, 1 object each round."
    "After a player has acquired an object, they may not bid for other objects in this round."
    "From each stack, only 1 object may be acquired each round."
    "After an object has been acquired, no more objects from that stack may be auctioned in this round."
    "The Pawn indicates that this stack cannot be chosen again this round and that the player who acquired the object may not bid on any other objects this round."
    "They then take the object and place their Pawn on the stack of the acquired object (or beside the stack in the case of the Builder or Jester)."
    """
    game, st = new_game(3, start=0)
    act(game, st, "open_Jester")
    act(game, st, "pass")
    act(game, st, "pass")  # seat 0 wins the Jester
    assert int(st.current_player[0]) == 1
    assert "open_Jester" not in legal_names(game, st)
    act(game, st, "open_Builder")
    assert int(st.current_player[0]) == 2  # seat 0 is out of the bidding
    act(game, st, "raise")
    assert int(st.current_player[0]) == 1
    act(game, st, "pass")  # seat 2 wins the Builder
    assert int(st.current_player[0]) == 1 and st.lone[0]
    assert opened(game, st) == ["Forest", "Lake", "Park", "Prestige", "Recruiting"]


def test_starter_who_lost_chooses_again_winner_hands_on():
    """Rulebook:

    "If the player who started the auction did not win the bid, they choose a stack from those remaining, beginning a new auction by bidding 200 Florin."
    "The rules for this auction are the same as before."
    "If the player who started the auction did win the bid, the next available player (only players with their Pawn in front of them are available), in clockwise order, chooses a stack from those remaining."
    "Last remaining Bidder who did not pass wins."
    "When all players have passed except one, the player with the highest bid pays the bid amount to the Bank (the other players pay nothing)."
    """
    tw = Twin(4, start=0)
    st = tw.st
    tw.act("open_Jester")
    tw.act("raise")  # seat 1 bids 300
    tw.act("pass")
    tw.act("pass")
    tw.act("pass")  # seat 0 passes: seat 1 wins
    assert st.money[0].tolist() == [35, 35 - 3, 35, 35]
    assert int(st.current_player[0]) == 0 and st.phase[0] == PH_AUCTION_CHOOSE  # the loser chooses again
    tw.act("open_Builder")
    assert int(st.bid[0]) == OPENING_BID[4]
    tw.act("pass")
    tw.act("pass")  # seat 0 wins its own auction
    assert int(st.current_player[0]) == 2  # next available clockwise (seat 1 has its object)


def test_withdraw_from_all_auctions():
    """Rulebook:

    "A player whose turn it is to choose a stack and start a bid may instead remove themselves from all auctions this round."
    "That player may not bid on any other auctions for the rest of the round."
    "Place their Pawn next to the Game board to indicate they have removed themselves from the bidding."
    "After all players have acquired an object or chosen not to acquire an object this round, the Auction phase ends and all players take back their Pawns."
    """
    game, st = new_game(3, start=0)
    act(game, st, "withdraw")
    assert int(st.current_player[0]) == 1
    act(game, st, "open_Jester")
    assert int(st.current_player[0]) == 2  # seat 0 does not bid
    act(game, st, "pass")
    assert int(st.current_player[0]) == 2 and st.lone[0]  # seat 1 won; seat 2 alone
    act(game, st, "withdraw")  # the lone player takes nothing
    assert st.phase[0] == PH_ACTION and st.money[0].tolist() == [35, 35 - 2, 35]
    assert not st.lone[0] and int(st.high[0]) == -1  # no seat left: the auction is cleared


def test_last_player_pays_200_or_takes_nothing():
    """Rulebook:

    "When there is only one player who still has their Pawn in front of them, they may simply pay the Bank 200 Florin to take any one available object (objects with Pawns are not available)."
    "Alternatively, they may choose to pay nothing and not take anything."
    "Last player chooses 1 remaining object and pays 200 to the bank."
    """
    game, st = new_game(2, start=0)
    act(game, st, "open_Jester")
    act(game, st, "pass")
    assert int(st.current_player[0]) == 1 and st.lone[0]
    assert "withdraw" in legal_names(game, st) and "open_Jester" not in legal_names(game, st)
    act(game, st, "open_Prestige")
    assert int(st.money[0, 1]) == START_MONEY[2] - LONE_PRICE  # 200, not the two-player opening bid


def test_bid_beyond_money_covered_by_fame():
    """Rulebook:

    "Players are allowed to bid more Money than they currently have."
    "If they win the bid, they must go backwards on the Fame track to earn Money (See 'Earning Money' on page 8 for details)."
    "However, as they are not allowed to go below 0 Prestige Points this way, they may not make a bid that could cause this to happen."
    """
    game, st = new_game(3, start=0)
    st.money[0] = [1, 3, 35]
    st.fame[0] = [2, 0, 0]
    game._refresh_mask(st, np.array([0]))
    act(game, st, "open_Jester")  # 200 with 100 in money and 2 fame (worth 100 each)
    act(game, st, "raise")  # seat 1: 300, exactly its money
    act(game, st, "pass")  # seat 2
    # seat 0 may not raise to 400 (100 in money + 2 fame): its only move, pass, is forced, seat 1 wins
    assert st.phase[0] != PH_AUCTION_BID and int(st.jesters[0, 1]) == 1
    assert int(st.money[0, 1]) == 0 and int(st.fame[0, 1]) == 0
    game, st = new_game(3, start=0)
    st.money[0] = [1, 35, 35]
    st.fame[0] = [2, 0, 0]
    game._refresh_mask(st, np.array([0]))
    act(game, st, "open_Jester")
    act(game, st, "pass")
    act(game, st, "pass")  # seat 0 wins at 200 with 100 in money: one fame goes back (DN: D9)
    assert int(st.money[0, 0]) == 0 and int(st.fame[0, 0]) == 1


def test_an_exhausted_stack_is_no_object():
    """Rulebook:

    "When a stack is exhausted, no more objects of that type can be acquired."
    """
    game, st = new_game(3, start=0)
    furnish(game, st, 1, jesters=int(st.supply_jesters[0]))  # every Jester already given out
    game._refresh_mask(st, np.array([0]))
    assert "open_Jester" not in legal_names(game, st) and "open_Builder" in legal_names(game, st)
    act(game, st, "open_Builder")
    assert "raise" in legal_names(game, st)
    st.builders[0, 1:] = 3  # the last Builders are gone while it is open (a built position)
    st.supply_builders[0] = 0
    game.check_invariants(st)
    game._refresh_mask(st, np.array([0]))
    assert legal_names(game, st) == ["pass"]


def test_a_player_who_passed_is_out_of_this_object_only():
    """Rulebook:

    "If a player passes, they are out of the bidding for this object this round."
    "The players bid against each other for objects in the Auction phase."
    "Auction phase (🔨): Auction 1 object per player"
    """
    tw = Twin(4, start=0)
    game, st = tw.game, tw.st
    tw.act("open_Jester")
    tw.act("pass")  # seat 1 is out of the Jester
    seen = []
    for _ in range(4):
        seen.append(int(st.current_player[0]))
        tw.act("raise")
    assert seen == [2, 3, 0, 2]  # seat 1 skipped
    tw.act("pass")  # seat 3
    tw.act("pass")  # seat 0: seat 2 wins
    assert int(st.jesters[0, 2]) == 1 and int(st.current_player[0]) == 0
    tw.act("open_Builder")
    assert int(st.current_player[0]) == 1 and "raise" in legal_names(game, st)  # back in for the next


def test_money_is_shown_to_every_player():
    """Rulebook (DN D3: every change of money is public, so the observation shows it):

    "Each player should keep their Money secret behind their Player screen."
    """
    game, st = new_game(3, start=0)
    set_money(st, 0, 17)
    players = game.obs_layout["players"]
    for viewer, block in ((1, 2), (2, 1)):  # seat 0 is 2 seats after 1 and 1 after 2
        row = game.observe(st, np.array([viewer]))[0, players]
        assert row[180 * block] == 17


def test_two_players_auction_the_landscapes_as_one_object():
    """Rulebook:

    "Auction the 3 Landscapes (Forest, Lake, and Park) as 1 object."
    "The winner of that auction chooses which Landscape they want."
    "The other player cannot choose to bid on another Landscape this round."
    "Players should use the original rules for the game, making only the changes described below."
    """
    game, st = new_game(2, start=0)
    assert opened(game, st) == ["Forest", "Prestige", "Recruiting", "Jester", "Builder"]
    act(game, st, "open_Forest")  # the landscape object
    act(game, st, "pass")
    assert legal_names(game, st) == ["landscape_Forest", "landscape_Lake", "landscape_Park"]
    act(game, st, "landscape_Park")
    place_first(game, st)
    assert st.landscapes[0, 0].tolist() == [0, 0, 1]
    assert int(st.current_player[0]) == 1 and bool(st.lone[0])
    assert opened(game, st) == ["Prestige", "Recruiting", "Jester", "Builder"]  # no other Landscape


def test_two_player_rules_hold_with_the_expansion():
    """Rulebook:

    "When playing a 2-player game with any of the expansions, you must still use the rules shown here."
    """
    game, st = new_game(2, start=0, characters=True)
    assert st.money[0].tolist() == [START_MONEY[2]] * 2
    assert sorted(st.supply_freedoms[0].tolist()) == [1, 2, 2]
    assert opened(game, st) == ["Forest", "Prestige", "Recruiting", "Jester", "Builder"]
    act(game, st, "open_Jester")
    assert int(st.bid[0]) == OPENING_BID[2]
