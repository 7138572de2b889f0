"""Rulebook scenario tests for The Princes of Florence, part 8: the SOLO RULES (the game against
Wolfgang, issue 13). Every sentence of the section is quoted by a test below that plays it
through the engine on a position built for it, or is exempt in the coverage module.

The positions come from ``test_princes_solo_engine``'s helpers (Automa card 0 is the rulebook's
example card: Builder 2+1D6, Jester 6+1D6, Recruiting 1D6, Landscape 1D6, Prestige 1D6 / 2+1D6);
dice are steered by choosing the die counter (the rolls are a function of (seed, counter)).
"""

from __future__ import annotations

import numpy as np
import pytest
from princes_rules_text import quote_meta_test
from test_princes_solo_engine import _in_action_phase_with_recruiting, _set_row, at_first_auction, counter_for, play
from test_princes_solo_reference import at_first_auction as reference_at_first_auction
from test_princes_solo_reference import solo as reference_solo

import florentine_envs
from florentine_envs.games.princes import Princes, PrincesSolo
from florentine_envs.games.princes.constants import (
    A_OPEN,
    A_PASS,
    A_RAISE,
    A_RECRUIT,
    A_WITHDRAW,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    NUM_BONUS,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_PLACE,
    RECRUIT_CARD,
    S_BUILDER,
    S_FOREST,
    S_JESTER,
    S_LAKE,
    S_PRESTIGE,
    S_RECRUITING,
)
from florentine_envs.games.princes.rules.solo import W_BONUS, W_BUILD, W_FREEDOM, W_PROFESSION, W_WORK

LANDSCAPE_FIRST_CARD = 2  # an Automa card whose top panel starts with the Landscape
G = np.array([0])

DECK_SIZE = {DECK_PROFESSIONS: 21, DECK_PRESTIGE: 14, DECK_BONUS: 20}

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def _deck_run(st, deck: int, start: int, count: int) -> list[int]:
    """The cards of ``deck`` at positions start .. start+count-1 from its top (game 0)."""
    top = int(st.deck_top[0, deck])
    return [int(st.deck_cards[0, deck, (top + start + i) % DECK_SIZE[deck]]) for i in range(count)]


def _random_games(dummies: int, n: int = 8, seed: int = 0):
    """(game, [state snapshots (round, start, current_player)], final state) of n random games."""
    game = PrincesSolo(dummies=dummies)
    st = game.init(np.arange(n))
    r = np.random.default_rng(seed)
    trace = [(st.round.copy(), st.start.copy(), st.current_player.copy())]
    while not st.terminated.all():
        mask = st.legal_action_mask
        game.step(st, np.array([r.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask]))
        trace.append((st.round.copy(), st.start.copy(), st.current_player.copy()))
    return game, trace, st


def test_solo_setup():
    """Rulebook: "In the solo game, you are competing directly against Wolfgang, but there are also
    another 2 or 3 dummy players." "Note: It is not possible to use the expansions when playing the
    solo game." "Set up the game using two Player boards (one for yourself and one for Wolfgang)
    and choose to use either 2 or 3 dummy players, making a 4- or 5-player game." "6 Freedoms are
    available (2 of each type)." "Deal 4 Profession cards to yourself (you keep 3 of them as per
    standard rules) and 3 Profession cards to each of the other players." "Place Wolfgang's cards
    facedown in a row below his Player board and the dummy players' cards in 2 or 3 columns to one
    side of the Game board." "Wolfgang's starting Money depends on the difficulty level you would
    like to play at:" "EASY: 0 Florin STANDARD: 1500 Florin HARD: 3500 Florin" "Create the Automa
    deck by shuffling the Automa cards separately according to their back and then placing the
    cards for rounds 5-7 at the bottom, the cards for rounds 3-4 on top of them, and finally the
    cards for rounds 1-2 on the top." "Randomly choose the starting player (you or Wolfgang)."
    """
    for dummies in (2, 3):
        for difficulty, wolf_money in (("easy", 0), ("standard", 15), ("hard", 35)):
            game = florentine_envs.make("princes_solo", dummies=dummies, difficulty=difficulty)
            st = game.init(np.arange(24))
            assert st.money.shape[1] == 2 + dummies  # you, Wolfgang and the dummies: 4 or 5 seats
            assert (st.money[:, 0] == 35).all() and (st.money[:, 1] == wolf_money).all()
            assert (st.supply_freedoms == 2).all() and st.supply_freedoms.shape[1] == 3
            assert (st.hand_prof[:, 0].sum(1) == 4).all()
            assert (st.wolf_len == 3).all() and not st.wolf_up.any()  # his row, face down
            assert (st.dummy_len[:, :dummies] == 3).all()  # one column of 3 per dummy
            back = game.ST.back[st.automa_order]  # drawn from the front
            assert (back[:, :6] == 0).all() and (back[:, 6:12] == 1).all() and (back[:, 12:] == 2).all()
            assert set(st.start.tolist()) == {0, 1}
    orders = PrincesSolo().init(np.arange(8)).automa_order
    assert len({tuple(o[:6]) for o in orders}) > 1  # shuffled within the back
    with pytest.raises(ValueError, match="expansions cannot be used in the solo game"):
        Princes(num_players=1, solo=True, characters=True)


def test_seven_rounds_the_start_alternates_and_dummies_never_play():
    """Rulebook: "The overall flow is identical to the normal game; you play 7 rounds, each
    consisting of an Auction phase followed by an Action phase." "The starting player alternates
    each round between you and Wolfgang." "Play this phase according to turn order with either you
    or Wolfgang as the starting player." "Dummy players do not take a turn."
    """
    game, trace, st = _random_games(dummies=3)
    rounds = np.array([t[0] for t in trace])
    starts = np.array([t[1] for t in trace])
    players = np.array([t[2] for t in trace])
    assert rounds.max() == 6 and st.terminated.all()  # rounds 0..6: seven
    assert (players[:-1] == 0).all()  # only you are ever asked; Wolfgang's turns run by themselves
    for b in range(rounds.shape[1]):
        assert all(starts[i, b] == (starts[0, b] + rounds[i, b]) % 2 for i in range(len(trace)))
    assert (st.automa_next == 21).all()  # one card per auction and two per Wolfgang's turn


def test_wolfgang_pays_with_fame_when_out_of_money():
    """Rulebook: "Wolfgang has a few privileges while playing:" "If he has no Money remaining, any
    costs he needs to pay are paid by moving his Fame disk backward on the Fame track; this is done
    at an exchange rate of 200 Florin for each space moved backward." "Wolfgang may go below 0
    Prestige Points (👑) if necessary." "If he only requires 100 Florin, move his Fame disk backward
    one space on the Fame track and give him 100 Florin in change." "Example: Wolfgang buys a Jester
    for 900 Florin, but has no Money remaining. Move his Fame disk backward five spaces on the Fame
    track and give him 100 Florin in change. If he had 300 Florin remaining, he would pay those 300
    Florin to the Bank and move his Fame disk backward three spaces on the Fame track."
    """
    game, st = at_first_auction()
    ref = reference_at_first_auction()
    for money, fame, cost, after in ((0, 4, 9, (1, -1)), (3, 10, 9, (0, 7)), (0, 0, 1, (1, -1)), (5, 2, 4, (1, 2))):
        st.money[0, 1], st.fame[0, 1] = money, fame
        game._wolf_pay(st, G, cost)
        assert (int(st.money[0, 1]), int(st.fame[0, 1])) == after
        ref.money[1], ref.fame[1] = money, fame
        ref._pay_wolfgang(cost)
        assert (ref.money[1], ref.fame[1]) == after


def test_wolfgang_ignores_the_placement_rules():
    """Rulebook: "He is not bound by any of the rules on placing a Building or Landscape (see
    Placing a Building or Landscape on page 7)." "This means you may always place his Buildings
    adjacent to each other and he may build the same Building several times." "Remember that
    Wolfgang is not bound by any of the rules on placing a Building or Landscape (see 'Wolfgang's
    special rules' on page 10)." "Remember: Wolfgang is not bound by any of the rules on placing a
    Building or Landscape (see 'Wolfgang's special rules' on page 10)." His buildings are counted,
    never placed on a board (D-notes), so the same Building twice is allowed.
    """
    game, st = at_first_auction()
    x = int(st.wolf_row[0, 0])
    building = int(game.T.prof_building[x])
    for _ in range(2):
        game._wolf_action(st, G, np.array([[W_BUILD, -1, -1, -1, -1]]))
    assert st.wolf_buildings[0, building] == 2
    game.check_invariants(st)


def test_the_auction_against_the_automa_card():
    """Rulebook: "Draw the top card of the Automa deck." "The top panel on the card is used to
    determine the cost of each auctioned object." "Choose an object to auction and roll the die,
    adding the appropriate modifier shown on the Automa card for your player count." "Where just one
    value is shown, it applies to both the 4- and 5-player game." "The total multiplied by 100
    represents the last bid; in order to buy the object, you have to pay an extra 100 Florin." "You
    may pay this cost to buy the object, or decline." "If you decline, choose a different object and
    proceed in the same way from step 2." "Each time you decline, you must choose an object you have
    not yet chosen in this Auction phase."
    """
    game, st = at_first_auction()
    assert game.ST.back[int(st.automa_order[0, 0])] == 0  # round 1 drew a card of the 1-2 back
    # the example card: the Jester is 6+1D6 for 4 and 5 players; other cards differ by player count
    assert PrincesSolo(dummies=2).ST.mod[0, S_JESTER] == PrincesSolo(dummies=3).ST.mod[0, S_JESTER] == 6
    assert (PrincesSolo(dummies=2).ST.mod != PrincesSolo(dummies=3).ST.mod).any()
    st.die_count[0] = counter_for(int(st.seed[0]), [4, 5])
    play(game, st, A_OPEN + S_JESTER)
    assert st.last_bid[0, S_JESTER] == 10 and st.bid[0] == 11
    assert st.legal_action_mask[0, A_RAISE] and st.legal_action_mask[0, A_PASS]
    play(game, st, A_PASS)
    assert st.phase[0] == PH_AUCTION_CHOOSE and not st.legal_action_mask[0, A_OPEN + S_JESTER]
    play(game, st, A_OPEN + S_BUILDER)
    assert st.last_bid[0, S_BUILDER] == 7 and st.bid[0] == 8
    money = int(st.money[0, 0])
    play(game, st, A_RAISE)
    assert st.money[0, 0] == money - 8 and st.builders[0, 0] == 1


def test_each_landscape_is_an_object_of_its_own():
    """Rulebook: "Note: Just as in the normal game, each Landscape type is a different object even
    though they are shown together on the Automa card. Therefore, you may choose to auction a
    Landscape up to 3 times, each time choosing a different type of Landscape. Make a separate die
    roll each time."
    """
    game, st = at_first_auction(dummies=3)
    st.die_count[0] = counter_for(int(st.seed[0]), [6, 6, 6])
    dice = int(st.die_count[0])
    for k, s in enumerate((S_FOREST, S_LAKE, 2)):
        assert st.legal_action_mask[0, A_OPEN + s]
        play(game, st, A_OPEN + s)
        assert st.die_count[0] == dice + k + 1 and st.last_bid[0, s] == 6
        play(game, st, A_PASS)
    assert not st.legal_action_mask[0, A_OPEN + S_FOREST : A_OPEN + 3].any()


@pytest.mark.parametrize("how", ["bought", "withdrew", "all auctions"])
def test_when_the_auction_ends(how):
    """Rulebook: "The auction ends when either" "You have bought an object." "You have removed
    yourself from all auctions this round" "There have been as many auctions as the number of
    players (4 or 5)." "When the auction ends:" "Wolfgang buys an object (see 'Wolfgang buys an
    object', below)." "If a Recruiting card was not bought by either you or Wolfgang, discard a
    Recruiting card from the supply." "If a Builder was not bought by either you or Wolfgang,
    discard a Builder from the supply." "Discard the Automa card."
    """
    game, st = at_first_auction()
    st.die_count[0] = counter_for(int(st.seed[0]), [6, 6, 6, 6])
    recruiting, builders = int(st.supply_recruiting[0]), int(st.supply_builders[0])
    if how == "bought":
        play(game, st, A_OPEN + S_BUILDER)
        play(game, st, A_RAISE)
    elif how == "withdrew":
        play(game, st, A_WITHDRAW)
    else:
        for s in (S_PRESTIGE, S_FOREST, S_RECRUITING, S_LAKE):
            assert st.automa_card[0] == 0
            play(game, st, A_OPEN + s)
            play(game, st, A_PASS)
    assert st.automa_card[0] == -1 and st.phase[0] not in (PH_AUCTION_BID, PH_AUCTION_CHOOSE)
    if how == "bought":  # you took the Builder: Wolfgang the Jester; the Recruiting card discarded
        assert st.builders[0, 0] == 1 and st.jesters[0, 1] == 1 and st.supply_builders[0] == builders - 1
        assert st.builders_discarded[0] == 0 and st.recruit_discarded[0] == 1
    else:  # Wolfgang took the Builder: only a Recruiting card is discarded
        assert st.builders[0, 1] == 1 and st.builders_discarded[0] == 0 and st.recruit_discarded[0] == 1
    assert st.supply_recruiting[0] == recruiting - 1


def test_a_low_roll_on_an_unmodified_object_must_be_bought():
    """Rulebook: "Additionally, the Auction phase follows some extra rules:" "If you roll a 1 or a 2
    for an object that has no die modifier on the Automa card for your player count, you must buy
    that object (for 100 Florin more than this last bid, as usual); you may not decline."
    """
    for roll, forced in ((1, True), (2, True), (3, False)):
        game, st = at_first_auction()
        st.die_count[0] = counter_for(int(st.seed[0]), [roll])
        play(game, st, A_OPEN + S_FOREST)
        assert st.phase[0] == (PH_PLACE if forced else PH_AUCTION_BID)
        if forced:
            assert st.money[0, 0] == 35 - (roll + 1)
    game, st = at_first_auction()
    st.die_count[0] = counter_for(int(st.seed[0]), [1])
    play(game, st, A_OPEN + S_BUILDER)  # 2+1D6: a modifier, so a 1 may be declined
    assert st.legal_action_mask[0, A_PASS]


def test_the_final_auction():
    """Rulebook: "You may buy the object in the final (4th / 5th) auction in an Auction phase for
    200 Florin unless it is one of the 2 objects with the highest die modifier on the Automa card
    for your player count." "In this case, you may not buy that object in the final auction and must
    either choose another object to auction or remove yourself from the auction."
    """
    game, st = at_first_auction()
    st.die_count[0] = counter_for(int(st.seed[0]), [6, 6, 6])
    for s in (S_PRESTIGE, S_FOREST, S_RECRUITING):
        play(game, st, A_OPEN + s)
        play(game, st, A_PASS)
    mask = st.legal_action_mask[0]
    assert not mask[A_OPEN + S_JESTER] and not mask[A_OPEN + S_BUILDER]
    assert mask[A_OPEN + S_LAKE] and mask[A_WITHDRAW]
    play(game, st, A_OPEN + S_LAKE)
    money = int(st.money[0, 0])
    play(game, st, A_RAISE)
    assert st.money[0, 0] == money - 2


def test_wolfgang_buys_the_leftmost_object_he_can_and_the_rulebook_example():
    """Rulebook: "Once the auction ends, Wolfgang buys the leftmost object depicted on the Automa
    card that he is able to buy." "Wolfgang is not able to buy an object that:" "You bought in this
    Auction phase," "There are no more of in the supply, or" "Is a Builder, if Wolfgang already has
    3 Builders." "If you have already rolled the die for the object Wolfgang buys, the cost he pays
    is the last bid that you rolled for that object." "Otherwise, roll the die now to determine the
    last bid, remembering to add the modifier shown on the Automa card: Wolfgang pays this cost to
    buy the object." "Example: You auction a Jester which is shown as 6+1D6 on the Automa card. You
    roll a 4 on the die. You may either buy the Jester for 1100 Florin (600+400+100) or decline. You
    decline." "You then auction a Forest and roll a 2 on the die. As you rolled a 1 or a 2 on the die
    and the Forest has no modifier shown on the Automa card, you must buy the Forest. You pay 300
    Florin (200+100) and take a Forest." "Wolfgang now buys the Builder as it is the leftmost object
    on the Automa card that he is able to buy (you didn't buy a Builder, there is at least one left
    in the supply, and Wolfgang doesn't have 3 Builders). As you have not yet rolled the die for
    this object, you roll it now and roll a 3. Wolfgang pays 500 Florin (200+300) for a Builder."
    "Neither you or Wolfgang bought a Recruiting card, so you discard a Recruiting card from the
    supply."
    """
    game, st = at_first_auction()
    st.die_count[0] = counter_for(int(st.seed[0]), [4, 2, 3])
    wolf_money, recruiting = int(st.money[0, 1]), int(st.supply_recruiting[0])
    play(game, st, A_OPEN + S_JESTER)
    assert st.bid[0] == 11
    play(game, st, A_PASS)
    play(game, st, A_OPEN + S_FOREST)
    assert st.phase[0] == PH_PLACE and st.money[0, 0] == 35 - 3
    play(game, st, int(np.flatnonzero(st.legal_action_mask[0])[0]))
    assert st.builders[0, 1] == 1 and st.money[0, 1] == wolf_money - 5
    assert st.supply_recruiting[0] == recruiting - 1
    # a declined object he buys costs him its rolled last bid: 3 Builders -> the Jester at 1000
    game, st = at_first_auction()
    st.builders[0, 1] = 3
    st.supply_builders[0] -= 3
    st.die_count[0] = counter_for(int(st.seed[0]), [4])
    play(game, st, A_OPEN + S_JESTER)
    play(game, st, A_PASS)
    play(game, st, A_WITHDRAW)
    assert st.jesters[0, 1] == 1 and st.money[0, 1] == wolf_money - 10 and st.builders[0, 1] == 3
    # you bought the Builder, the Jesters are gone: the Recruiting card
    game, st = at_first_auction()
    game.debug = False  # the Jesters sold out by hand
    st.supply_jesters[0] = 0
    st.die_count[0] = counter_for(int(st.seed[0]), [1])
    play(game, st, A_OPEN + S_BUILDER)
    play(game, st, A_RAISE)
    assert st.builders[0, 1] == 0 and st.wolf_bought[0] == S_RECRUITING


def test_wolfgangs_landscape_is_read_from_his_leftmost_profession():
    """Rulebook: "If Wolfgang buys a Landscape, determine the type of Landscape he buys by flipping
    his leftmost facedown Profession card faceup; the Landscape shown on the card is the Landscape he
    buys." "Then flip the Profession card facedown again." "If he is not able to buy that Landscape
    (either because you bought that type of Landscape, or because there are no more of that type in
    the supply), he buys a different object." "When Wolfgang buys a Landscape, if he already has a
    Landscape of that type, he scores 3 as usual."
    """
    game, st = at_first_auction(card=LANDSCAPE_FIRST_CARD)
    x = int(st.wolf_row[0, 0])
    land = int(game.T.prof_landscape[x])
    st.landscapes[0, 1, land] = 1
    st.supply_landscapes[0, land] -= 1
    game._refresh_mask(st, G)
    fame = int(st.fame[0, 1])
    play(game, st, A_WITHDRAW)
    assert st.landscapes[0, 1, land] == 2 and st.fame[0, 1] == fame + 3
    assert not st.wolf_up[0, 0] and st.known[0, 1, x]  # face down again, but you saw it
    game, st = at_first_auction(card=LANDSCAPE_FIRST_CARD)
    game.debug = False  # the Landscape sold out by hand
    st.supply_landscapes[0, int(game.T.prof_landscape[int(st.wolf_row[0, 0])])] = 0
    play(game, st, A_WITHDRAW)
    assert st.wolf_bought[0] not in (0, 1, 2) and st.landscapes[0, 1].sum() == 0


def test_recruiting_in_the_solo_game():
    """Rulebook: "As in the normal game, you may use a Recruiting card immediately after acquiring it
    or during a future Action phase." "When you use a Recruiting card, choose a faceup Profession
    card in any one of your opponents' displays (Wolfgang's row or a dummy player's column) and take
    it into your hand." "If you took the Profession card from Wolfgang's row, add the Recruiting
    card facedown to the right of Wolfgang's row of Profession and Recruiting cards." "If you took
    the Profession card from one of the dummy players' columns, discard the Recruiting card."
    """
    game, st = at_first_auction()
    game._wolf_work(st, G, np.array([-1]))  # his first card and each dummy's first card face up
    x, y = int(st.wolf_row[0, 0]), int(st.dummy_col[0, 0, 0])
    _in_action_phase_with_recruiting(game, st)
    assert st.legal_action_mask[0, A_RECRUIT + x] and st.legal_action_mask[0, A_RECRUIT + y]
    play(game, st, A_RECRUIT + x)
    assert st.hand_prof[0, 0, x] and st.wolf_row[0, 2] == RECRUIT_CARD and st.hand_recruit[0, 1] == 1
    st.hand_recruit[0, 0] = 1
    st.supply_recruiting[0] -= 1
    game._refresh_mask(st, G)
    play(game, st, A_RECRUIT + y)
    assert st.hand_prof[0, 0, y] and st.recruit_discarded[0] == 1 and st.hand_recruit[0, 1] == 1
    game.check_invariants(st)


def test_wolfgangs_recruiting_cards_jesters_and_builders():
    """Rulebook: "When Wolfgang buys a Recruiting card, add it facedown to the right of Wolfgang's
    row of Profession and Recruiting cards." "Wolfgang produces Works with Recruiting cards the same
    way he does with Profession cards (see 'Action phase' on page 12)." "Each of his Recruiting
    cards adds 1 to the value of each of his Works, as usual." "Each Jester in Wolfgang's
    Principality adds 2 to the value of each of his Works, as usual." "Wolfgang uses Builders
    according to the standard rules, including gaining 3 for his 2nd and 3rd Builders."
    """
    game, st = at_first_auction()
    st.supply_builders[0], st.supply_jesters[0] = 0, 0  # the Recruiting card is his leftmost choice
    game._wolf_buys(st, G)
    assert st.wolf_len[0] == 4 and st.wolf_row[0, 3] == RECRUIT_CARD and not st.wolf_up[0, 3]
    st.jesters[0, 1] = 2
    for slot in range(4):  # the three professions, then the Recruiting card itself
        game._wolf_work(st, G, np.array([-1]))
        assert st.wolf_up[0, slot]
    assert st.best_work[0, 1] == game.T.minimum[0] + 2 * 2 + 1 and st.table_recruit[0, 1] == 1
    game, st = at_first_auction()
    st.builders[0, 1] = 1
    st.supply_builders[0] -= 1
    fame = int(st.fame[0, 1])
    play(game, st, A_WITHDRAW)  # the Builder: his 2nd
    assert st.builders[0, 1] == 2 and st.fame[0, 1] == fame + 3


def test_wolfgangs_prestige_card():
    """Rulebook: "When Wolfgang buys a Prestige card, draw the top 5 Prestige cards from the Prestige
    deck (all cards if there are fewer than 5) and choose the card giving the highest Prestige
    Points () according to the current state of Wolfgang's Principality." "In case of a tie for the
    highest (including when all of the cards provide 0 ) , choose a card at random from the tied
    cards." "Place the chosen Prestige card faceup in Wolfgang's Principality and place the other 4
    cards facedown in any order at the bottom of the Prestige deck."
    """
    game, st = at_first_auction()
    length = int(st.deck_len[0, DECK_PRESTIGE])
    top5 = _deck_run(st, DECK_PRESTIGE, 0, 5)
    worth = game.prestige_points(st, G)[0, 1]
    game._wolf_draw(st, G, DECK_PRESTIGE)
    held = int(np.flatnonzero(st.prestige_hand[0, 1])[0])
    assert held in top5 and worth[held] == max(worth[c] for c in top5)
    assert st.deck_len[0, DECK_PRESTIGE] == length - 1
    bottom = _deck_run(st, DECK_PRESTIGE, length - 5, 4)
    assert sorted(bottom) == sorted(c for c in top5 if c != held)
    # fewer than 5 left: all of them are drawn; ties are broken at random across seeds
    picks = set()
    for seed in range(12):
        game, st = at_first_auction(seed=seed)
        st.deck_len[0, DECK_PRESTIGE] = 2
        tied = _deck_run(st, DECK_PRESTIGE, 0, 2)
        game._wolf_draw(st, G, DECK_PRESTIGE)
        held = int(np.flatnonzero(st.prestige_hand[0, 1])[0])
        assert held in tied and st.deck_len[0, DECK_PRESTIGE] == 1
        worth = game.prestige_points(st, G)[0, 1]
        if worth[tied[0]] == worth[tied[1]]:
            picks.add(tied.index(held))
    assert picks == {0, 1}


def test_wolfgangs_turn_draws_two_cards_and_picks_the_leftmost_possible_action():
    """Rulebook: "At the start of Wolfgang's turn, reveal an Automa card and use its middle panel to
    determine his first action." "Once he has completed that action, reveal a second Automa card and
    use its bottommost panel to determine his second action." "If several actions are shown in the
    relevant panel, choose the leftmost action that it is possible for Wolfgang to perform." "If it
    is not possible for Wolfgang to perform any of the actions shown in the panel, he takes the
    earliest action in the following list that it is possible for him to perform:" "Take a
    Profession card" "Build a Building" "Acquire a Bonus card" "Introduce a Freedom" "Exception: If
    Wolfgang has a number of facedown Profession and / or Recruiting cards equal to or greater than
    the number of rounds remaining (including the current round), instead, Wolfgang will complete a
    Work." "You must still draw an Automa card for this action, but the contents of the card are
    ignored." "Wolfgang's actions as shown on the Automa cards are described below." "The cost of
    each action is the same as in the normal game."
    """
    game, st = at_first_auction()
    drawn = int(st.automa_next[0])
    first, second = (int(c) for c in st.automa_order[0, drawn : drawn + 2])
    calls = []
    original = game._wolf_action
    game._wolf_action = lambda s, g, panel: (calls.append(panel[0].tolist()), original(s, g, panel))
    game._solo_turn_start(st, G, np.array([1]))
    assert calls == [game.ST.panels[first, 0].tolist(), game.ST.panels[second, 1].tolist()]
    # nothing on the panel possible (empty Bonus deck): the fallback's first, a Profession card for 300
    game, st = at_first_auction()
    st.deck_len[0, DECK_BONUS] = 0
    length, money = int(st.wolf_len[0]), int(st.money[0, 1])
    game._wolf_action(st, G, np.array([[W_BONUS, -1, -1, -1, -1]]))
    assert st.wolf_len[0] == length + 1 and st.money[0, 1] == money - 3
    # round 6: 2 rounds remain and he holds 4 face-down cards: a Work instead of the panel
    st.round[0] = 5
    game._wolf_action(st, G, np.array([[W_PROFESSION, -1, -1, -1, -1]]))
    assert st.wolf_up[0, 0] and st.wolf_len[0] == length + 1
    drawn = int(st.automa_next[0])
    game._solo_turn_start(st, G, np.array([1]))
    assert st.automa_next[0] == drawn + 2 and st.wolf_up[0, :3].all()


def test_wolfgang_completes_a_work():
    """Rulebook: "It is not possible for Wolfgang to complete a Work if he has no more facedown
    Profession or Recruiting cards." "When Wolfgang completes a Work:" "Turn over the leftmost
    facedown Profession or Recruiting card in Wolfgang's Principality along with any Bonus cards
    that are placed on top of it." "Calculate the Work Value () of Wolfgang's Work by adding:" "The
    minimum Work Value () for the current round as shown on the round / minimum table on the Game
    board." "The value of his Jesters (2 each)." "The value of his Recruiting cards (1 each)." "The
    value of any Bonus cards that were placed on top of the Profession or Recruiting card (X
    each)." "Do not count his Profession cards or other objects (Landscape, Freedom, or Building)."
    "Place Wolfgang's Pawn on the Fame track on the space that matches the of his Work." "Wolfgang
    always takes as much of the payment for his completed Work in Prestige Points () as possible
    (at a rate of 1 for every 200 Florins, as usual)." "Therefore he will always earn either 0 or
    100 Florins from the Bank for his completed Work." "Leave Wolfgang's Pawn on the Fame track until
    the end of the Action phase." "If Wolfgang completes a second Work in the same round, place his
    Pawn on the Fame track space according to the Work with the higher , as usual." "Then, if there
    are any facedown Profession cards in the dummy players' columns of Profession cards, flip one of
    those cards faceup in each column."
    """
    game, st = at_first_auction(dummies=3)
    st.round[0] = 2  # round 3: minimum 12
    st.jesters[0, 1] = 1
    st.landscapes[0, 1, 0] = 2
    st.wolf_freedoms[0, 0] = 1
    money, fame = int(st.money[0, 1]), int(st.fame[0, 1])
    game._wolf_work(st, G, np.array([-1]))
    value = 12 + 2  # the Landscapes and the Freedom add nothing
    assert st.wolf_up[0, 0] and not st.wolf_up[0, 1] and st.best_work[0, 1] == value
    assert st.fame[0, 1] == fame + value // 2 and st.money[0, 1] == money + value % 2
    assert all(st.table_prof[0, 2 + d].sum() == 1 for d in range(3))  # one flipped in each column
    st.jesters[0, 1] = 0
    game._wolf_work(st, G, np.array([-1]))
    assert st.best_work[0, 1] == value  # the higher of his two Works
    ref = reference_solo(1, dummies=3)  # the reference agrees on the value and the payment
    ref.round, ref.jesters[1], ref.landscapes[1][0] = 2, 1, 2
    ref_money, ref_fame = ref.money[1], ref.fame[1]
    ref._wolfgang_work()
    assert ref.best_work[1] == value and (ref.fame[1] - ref_fame, ref.money[1] - ref_money) == (value // 2, value % 2)
    # a Bonus card on his next card is turned over with it and adds its value
    game._wolf_action(st, G, np.array([[W_BONUS, -1, -1, -1, -1]]))
    bonus = int(np.flatnonzero(st.bonus_hand[0, 1])[0])
    assert st.wolf_bonus[0, bonus] == 2
    worth = int((game.features(st, G, np.array([1])) @ game.T.bonus_coef.T)[0, bonus])
    st.best_work[0, 1] = 0
    game._wolf_work(st, G, np.array([-1]))
    assert st.best_work[0, 1] == 12 + worth and not st.bonus_hand[0, 1, bonus]
    # no face-down card left: a Work is impossible, the fallback (a Profession card) is taken
    length = int(st.wolf_len[0])
    game._wolf_action(st, G, np.array([[W_WORK, -1, -1, -1, -1]]))
    assert st.wolf_len[0] == length + 1 and not st.wolf_up[0, length]


def test_wolfgang_builds_a_building():
    """Rulebook: "It is not possible for Wolfgang to build a Building if he has no more facedown
    Profession cards." "Wolfgang pays the usual cost when he builds a Building (700, 300, or 0
    Florins if he has 0, 1-2, or 3 Builders)." "When Wolfgang builds a Building, flip his leftmost
    facedown Profession card faceup and place the Building shown on it into his Principality." "He
    scores 3 ." "Then flip the Profession card facedown again." "It is not possible for Wolfgang to
    build a Building if the Building shown on the flipped Profession card is no longer available in
    the supply."
    """
    for builders, cost in ((0, 7), (1, 3), (2, 3), (3, 0)):
        game, st = at_first_auction(difficulty="hard")
        st.builders[0, 1] = builders
        x = int(st.wolf_row[0, 0])
        money, fame = int(st.money[0, 1]), int(st.fame[0, 1])
        game._wolf_action(st, G, np.array([[W_BUILD, -1, -1, -1, -1]]))
        assert st.wolf_buildings[0, int(game.T.prof_building[x])] == 1 and not st.wolf_up[0, 0]
        assert st.money[0, 1] == money - cost and st.fame[0, 1] == fame + 3
    st.supply_buildings[0, int(game.T.prof_building[x])] = 0  # sold out: the next on the panel
    length = int(st.wolf_len[0])
    game._wolf_action(st, G, np.array([[W_BUILD, W_PROFESSION, -1, -1, -1]]))
    assert st.wolf_buildings[0].sum() == 1 and st.wolf_len[0] == length + 1
    # only a face-down Recruiting card: nothing to build
    game, st = at_first_auction()
    _set_row(game, st, [])
    game._wolf_append(st, G, RECRUIT_CARD)
    game._wolf_action(st, G, np.array([[W_BUILD, W_FREEDOM, W_BONUS, -1, -1]]))
    assert st.wolf_buildings[0].sum() == 0 and st.wolf_freedoms[0].sum() == 0 and st.bonus_hand[0, 1].sum() == 1


def test_wolfgang_takes_a_profession_card():
    """Rulebook: "It is not possible for Wolfgang to take a Profession card if the Profession deck is
    empty." "Wolfgang pays the usual cost of 300 Florins when he takes a Profession card." "Take the
    top card of the Profession deck and add it facedown to the right of Wolfgang's row of Profession
    and Recruiting cards." "Then, for each dummy player, take the top card of the Profession deck and
    place it facedown on that dummy player's column of Profession cards."
    """
    game, st = at_first_auction(dummies=2)
    deal = _deck_run(st, DECK_PROFESSIONS, 0, 3)
    money = int(st.money[0, 1])
    game._wolf_action(st, G, np.array([[W_PROFESSION, -1, -1, -1, -1]]))
    assert st.money[0, 1] == money - 3 and st.wolf_row[0, 3] == deal[0] and not st.wolf_up[0, 3]
    assert st.dummy_col[0, 0, 3] == deal[1] and st.dummy_col[0, 1, 3] == deal[2]
    assert not st.table_prof[0, 2:, deal[1:]].any()
    st.deck_len[0, DECK_PROFESSIONS] = 0
    game._wolf_action(st, G, np.array([[W_PROFESSION, W_BUILD, -1, -1, -1]]))
    assert st.wolf_len[0] == 4 and st.wolf_buildings[0].sum() == 1


def test_wolfgang_introduces_a_freedom():
    """Rulebook: "It is not possible for Wolfgang to introduce a Freedom if he has no more facedown
    Profession cards." "Wolfgang pays the usual cost of 300 Florins when he introduces a Freedom."
    "Flip Wolfgang's leftmost facedown Profession card faceup and place the Freedom shown on it into
    his Principality." "Then flip the Profession card facedown again." "It is not possible for
    Wolfgang to introduce a Freedom if the Freedom shown on the flipped Profession card is no longer
    available in the supply." "Note: Wolfgang may own the same Freedom more than once and may own
    more than 3 Freedoms."
    """
    game, st = at_first_auction()
    x = int(st.wolf_row[0, 0])
    freedom = int(game.T.prof_freedom[x])
    money = int(st.money[0, 1])
    for k in (1, 2):
        game._wolf_action(st, G, np.array([[W_FREEDOM, -1, -1, -1, -1]]))
        assert st.wolf_freedoms[0, freedom] == k and not st.wolf_up[0, 0] and st.known[0, 1, x]
    assert st.money[0, 1] == money - 6 and st.supply_freedoms[0, freedom] == 0
    length = int(st.wolf_len[0])
    game._wolf_action(st, G, np.array([[W_FREEDOM, -1, -1, -1, -1]]))  # sold out: the fallback
    assert st.wolf_freedoms[0, freedom] == 2 and st.wolf_len[0] == length + 1
    st.wolf_freedoms[0] = 2
    st.supply_freedoms[0] = 2
    game._wolf_action(st, G, np.array([[W_FREEDOM, -1, -1, -1, -1]]))
    assert st.wolf_freedoms[0].sum() == 7  # more than 3
    game, st = at_first_auction()
    _set_row(game, st, [])
    game._wolf_append(st, G, RECRUIT_CARD)
    game._wolf_action(st, G, np.array([[W_FREEDOM, W_BONUS, -1, -1, -1]]))
    assert st.wolf_freedoms[0].sum() == 0 and st.bonus_hand[0, 1].sum() == 1


def test_wolfgang_acquires_a_bonus_card():
    """Rulebook: "It is not possible for Wolfgang to take a Bonus card if the Bonus deck is empty."
    "Draw the top 5 Bonus cards from the Bonus deck (all cards if there are fewer than 5) and choose
    the card giving the highest bonus according to the current state of Wolfgang's Principality."
    "In case of a tie for the highest (including when all of the cards provide a bonus of 0 ) ,
    choose a card at random from the tied cards." "Place the chosen Bonus card on the leftmost
    facedown Profession or Recruiting card in Wolfgang's Principality (it will be used when that
    Profession or Recruiting card is scored)." "Place the other 4 cards facedown in any order at the
    bottom of the Bonus deck."
    """
    game, st = at_first_auction()
    game._wolf_work(st, G, np.array([-1]))  # his first card face up: the Bonus goes on the second
    length = int(st.deck_len[0, DECK_BONUS])
    top5 = _deck_run(st, DECK_BONUS, 0, 5)
    worth = (game.features(st, G, np.array([1])) @ game.T.bonus_coef.T)[0]
    money = int(st.money[0, 1])
    game._wolf_action(st, G, np.array([[W_BONUS, -1, -1, -1, -1]]))
    held = int(np.flatnonzero(st.bonus_hand[0, 1])[0])
    assert held in top5 and worth[held] == max(worth[c] for c in top5) and st.wolf_bonus[0, held] == 1
    assert st.money[0, 1] == money - 3 and st.deck_len[0, DECK_BONUS] == length - 1
    bottom = _deck_run(st, DECK_BONUS, length - 5, 4)
    assert sorted(bottom) == sorted(c for c in top5 if c != held)
    picks = set()
    for seed in range(12):
        game, st = at_first_auction(seed=seed)
        worth = (game.features(st, G, np.array([1])) @ game.T.bonus_coef.T)[0]
        top = _deck_run(st, DECK_BONUS, 0, 5)
        game._wolf_action(st, G, np.array([[W_BONUS, -1, -1, -1, -1]]))
        best = [c for c in top if worth[c] == max(worth[t] for t in top)]
        held = int(np.flatnonzero(st.bonus_hand[0, 1])[0])
        assert held in best
        if len(best) > 1:
            picks.add(best.index(held))
    assert len(picks) > 1
    st.deck_len[0, DECK_BONUS] = 0
    length = int(st.wolf_len[0])
    game._wolf_action(st, G, np.array([[W_BONUS, -1, -1, -1, -1]]))
    assert st.bonus_hand[0, 1].sum() == 1 and st.wolf_len[0] == length + 1


@pytest.mark.parametrize("engine", [True, False])
def test_wolfgangs_bonus_card_without_a_face_down_card(engine):
    """Rulebook: "The descriptions of the actions below will instruct you when it is not possible for
    Wolfgang to perform the action." "It is not possible for Wolfgang to take a Bonus card if the
    Bonus deck is empty." "Place the chosen Bonus card on the leftmost facedown Profession or
    Recruiting card in Wolfgang's Principality (it will be used when that Profession or Recruiting
    card is scored)."

    The Bonus card's description names only the empty deck (D50): with no face-down card the
    action is still possible; the card waits beside his row and lies on the next card that joins
    it (here a Recruiting card he buys), which scores it.
    """
    if engine:
        game, st = at_first_auction()
        for _ in range(int(st.wolf_len[0])):
            game._wolf_work(st, G, np.array([-1]))  # every card of his row face up
        assert st.hand_prof[0, 1].sum() + st.hand_recruit[0, 1] == 0
        money = int(st.money[0, 1])
        game._wolf_action(st, G, np.array([[W_BONUS, -1, -1, -1, -1]]))
        held = int(np.flatnonzero(st.bonus_hand[0, 1])[0])
        assert st.money[0, 1] == money - 3 and st.wolf_bonus[0, held] == st.wolf_len[0]  # beside the row
        game.check_invariants(st)
        game._wolf_append(st, G, RECRUIT_CARD)  # he buys a Recruiting card: it joins the row face down
        st.supply_recruiting[0] -= 1
        assert st.wolf_bonus[0, held] == st.wolf_len[0] - 1  # on it
        worth = int((game.features(st, G, np.array([1])) @ game.T.bonus_coef.T)[0, held])
        game._wolf_work(st, G, np.array([-1]))
        assert st.bonus_out[0, held] and not st.bonus_hand[0, 1].any()
        recruits = int(st.table_recruit[0, 1])
        assert st.best_work[0, 1] == game.T.minimum[0] + recruits + worth  # no Jesters: the minimum, cards, Bonus
        game.check_invariants(st)
        return
    ref = reference_at_first_auction(rolls=[6] * 20)
    for card in list(ref.wolf_row):
        ref._wolfgang_work()
    assert ref._wolfgang_can("bonus")
    ref._wolfgang_act("bonus")
    (held,) = ref.bonus_hand[1]
    assert ref.wolf_waiting_bonus == [held]
    ref._row_append(RECRUIT_CARD)
    ref.supply_recruiting -= 1
    assert ref.wolf_row[-1].bonus == [held]
    ref.check_invariants()


def test_the_cards_you_put_under_for_wolfgang_are_remembered():
    """Rulebook: "Draw the top 5 Bonus cards from the Bonus deck (all cards if there are fewer than 5)
    and choose the card giving the highest bonus according to the current state of Wolfgang's
    Principality." "Place the other 4 cards facedown in any order at the bottom of the Bonus deck."
    "Place the chosen Prestige card faceup in Wolfgang's Principality and place the other 4 cards
    facedown in any order at the bottom of the Prestige deck."

    You draw and place those cards: you know them and where they lie (D49), so the observation's
    ``deck_places`` shows each one's place from the top until it is drawn again (SPEC SV).
    """
    from florentine_envs.games.princes.solo_observation import SOLO_OFFSETS

    game, st = at_first_auction()
    first = game.obs_layout["solo"].start + SOLO_OFFSETS["deck_places"]
    bonus_at, prestige_at = first + NUM_PROFESSIONS, first + NUM_PROFESSIONS + NUM_BONUS

    def places(at, n):
        return game.observe(st, G)[0, at : at + n]

    assert not places(first, NUM_PROFESSIONS + NUM_BONUS + NUM_PRESTIGE).any()  # nothing put under yet
    length = int(st.deck_len[0, DECK_BONUS])
    top5 = _deck_run(st, DECK_BONUS, 0, 5)
    game._wolf_action(st, G, np.array([[W_BONUS, -1, -1, -1, -1]]))
    under = [c for c in top5 if not st.bonus_hand[0, 1, c]]
    bonus = places(bonus_at, NUM_BONUS)
    assert [int(bonus[c]) for c in under] == list(range(length - 4, length))  # the bottom 4 of 19, top first
    assert int((bonus > 0).sum()) == 4
    length = int(st.deck_len[0, DECK_PRESTIGE])
    game._wolf_draw(st, G, DECK_PRESTIGE)
    prestige = places(prestige_at, NUM_PRESTIGE)
    assert sorted(prestige[prestige > 0].astype(int).tolist()) == list(range(length - 4, length))
    st.deck_top[0, DECK_BONUS] = (st.deck_top[0, DECK_BONUS] + 3) % NUM_BONUS  # three cards drawn off the top
    st.deck_len[0, DECK_BONUS] -= 3
    moved = places(bonus_at, NUM_BONUS)
    assert [int(moved[c]) for c in under] == [int(bonus[c]) - 3 for c in under]  # each three places higher


@pytest.mark.parametrize("dummies", [2, 3])
def test_the_automa_deck_shows_every_action_and_object_and_bars_two(dummies):
    """Rulebook: "You may buy the object in the final (4th / 5th) auction in an Auction phase for 200
    Florin unless it is one of the 2 objects with the highest die modifier on the Automa card for
    your player count." "Wolfgang's actions as shown on the Automa cards are described below."
    "When Wolfgang buys a Recruiting card, add it facedown to the right of Wolfgang's row of
    Profession and Recruiting cards."

    The reconstructed deck (data ``automa``): on every card the second-highest modifier is unique,
    so the final auction bars exactly 2 entries; every action the rulebook describes for Wolfgang
    stands on some panel, and every object leads some card (DATA notes in DESIGN_NOTES.md).
    """
    game = PrincesSolo(dummies=dummies)
    ST = game.ST
    for card in range(21):
        mods = sorted(ST.mod[card, s] for s in (S_FOREST, S_PRESTIGE, S_RECRUITING, S_JESTER, S_BUILDER))[::-1]
        assert mods[1] != mods[2], f"card {card}: the second-highest modifier is tied"
        barred = {int(ST.pos[card, s]) for s in range(7) if ST.excluded[card, s]}
        assert len(barred) == 2, f"card {card} bars {sorted(barred)}"
    shown = set(ST.panels[ST.panels >= 0].tolist())
    assert shown == {W_WORK, W_BUILD, W_PROFESSION, W_BONUS, W_FREEDOM}
    assert set(ST.entries[:, 0].tolist()) == set(range(5))  # each object is the leftmost of some card


def test_round_end_and_end_of_the_game():
    """Rulebook: "The end of the round works just like the normal game, with the scoring of the best
    Work (between you and Wolfgang only), the passing of the Starting Player marker (between you and
    Wolfgang only), and the moving of the Round marker." "Scoring occurs exactly as in the base
    game." "You only need to track your and Wolfgang's scores throughout the game." "At the end of
    the game, reveal and score any Prestige cards that you or Wolfgang acquired." "Money is used to
    break ties for final Prestige Points () , as usual."
    """
    game, st = at_first_auction()
    st.best_work[0, :2] = 9
    fame, start = st.fame[0].copy(), int(st.start[0])
    st.stack_used[0] = False
    game._round_end(st, G)
    assert (st.fame[0, :2] == fame[:2] + 3).all() and (st.fame[0, 2:] == fame[2:]).all()
    assert st.start[0] == 1 - start and st.round[0] == 1
    game, trace, st = _random_games(dummies=2, n=6, seed=3)
    assert (st.fame[:, 2:] == 0).all()  # the dummies are never scored
    ranks = game.ranks(st)
    for b in range(6):
        you, wolf = (int(st.fame[b, 0]), int(st.money[b, 0])), (int(st.fame[b, 1]), int(st.money[b, 1]))
        assert ranks[b, 0] == (1 if you >= wolf else 2)
    # the Prestige cards that you and Wolfgang hold are scored at the end (the dummies hold none)
    game, st = at_first_auction()
    game._wolf_draw(st, G, DECK_PRESTIGE)
    st.landscapes[0, 1, 0] = 3  # something for his card to count
    mine = _deck_run(st, DECK_PRESTIGE, 0, 1)[0]
    st.prestige_hand[0, 0, mine] = True
    worth = game.prestige_points(st, G)[0]  # [seats, 14]
    expected = [int(worth[p][st.prestige_hand[0, p]].sum()) for p in (0, 1)]
    fame = st.fame[0, :2].copy()
    game._final_scoring(st, G)
    assert (st.fame[0, :2] - fame).tolist() == expected and st.terminated[0] and sum(expected) > 0
