"""Tests of the scalar reference of the Princes of Florence solo game (no batched engine).

Set-up counts, the rulebook's solo examples (``shared/rules/princes_of_florence.txt``, SOLO
RULES; each test quotes the sentence it checks), Wolfgang's purchase, actions and fallback, the
completing-works exception, recruiting from his row and from a dummy column, and random games
played to the end with every invariant checked after every step.
"""

import numpy as np
import pytest

from florentine_envs.games.princes.reference import PrincesSoloReference
from florentine_envs.games.princes.reference.solo import LANDSCAPE_ENTRY, RECRUITING_CARD, WOLFGANG, YOU
from florentine_envs.games.princes.reference.tables import (
    ACTION,
    AUCTION_BID,
    AUCTION_CHOOSE,
    BUILDER_STACK,
    DECK_BONUS,
    DECK_PROFESSION,
    END_TURN,
    FOREST,
    GAME_OVER,
    JESTER_STACK,
    OPEN,
    PASS,
    PLACE,
    PRESTIGE_STACK,
    PROFESSION,
    RAISE,
    RECRUIT,
    RECRUIT_NOW,
    RECRUITING_STACK,
    SETUP_DISCARD,
    WITHDRAW,
)
from florentine_envs.testing import random_legal_actions

EXAMPLE_CARD = 0  # the data's card 0: the rulebook's example card (Builder +2, Jester 6+1D6, ...)


def solo(seed: int = 0, **options) -> PrincesSoloReference:
    return PrincesSoloReference(1, seed, solo=True, **options)


def scripted_dice(ref: PrincesSoloReference, rolls: list[int]) -> None:
    """Make the die of ``ref`` roll ``rolls`` in order (the tests' stand-in for the table's die)."""
    script = iter(rolls)

    def roll() -> int:
        ref.die_count += 1
        ref.rolls.append(d := next(script))
        return d

    ref._roll = roll


def at_first_auction(seed: int = 0, top=None, rolls=(), **options) -> PrincesSoloReference:
    """A game after your set-up discard, in round 1's auction phase, showing the rulebook's example
    card, or a card whose top panel is ``top`` (entries (object, (4-seat, 5-seat) modifiers))."""
    ref = solo(seed, **options)
    ref.step(PROFESSION + min(ref.hand_prof[YOU]))
    assert ref.phase == AUCTION_CHOOSE
    # the card in force is the one drawn last: move it to that place of the shuffled deck
    order, drawn = ref.automa_order, ref.automa_next - 1
    where = order.index(EXAMPLE_CARD)
    order[drawn], order[where] = order[where], order[drawn]
    ref.automa_card = EXAMPLE_CARD
    if top is not None:
        ref.S.cards[EXAMPLE_CARD] = dict(ref.S.cards[EXAMPLE_CARD], top=top)
    scripted_dice(ref, list(rolls))
    return ref


NO_MOD = (None, None)  # "1D6"


# ------------------------------------------------------------------------------ set-up


@pytest.mark.parametrize("dummies", [2, 3])
@pytest.mark.parametrize("difficulty, money", [("easy", 0), ("standard", 15), ("hard", 35)])
def test_setup(dummies, difficulty, money):
    """RB SOLO SETUP: "6 Freedoms are available (2 of each type). Deal 4 Profession cards to yourself
    (you keep 3 of them as per standard rules) and 3 Profession cards to each of the other players
    ... Wolfgang's starting Money ... EASY: 0 Florin STANDARD: 1500 Florin HARD: 3500 Florin"."""
    ref = solo(3, dummies=dummies, difficulty=difficulty)
    assert ref.phase == SETUP_DISCARD and ref.current_player == YOU
    assert ref.supply_freedoms == [2, 2, 2]
    assert len(ref.hand_prof[YOU]) == 4 and ref.known[YOU] == ref.hand_prof[YOU]
    assert [c.face_up for c in ref.wolf_row] == [False] * 3 and len(ref.hand_prof[WOLFGANG]) == 3
    assert [len(column) for column in ref.columns] == [3] * dummies
    assert len(ref.decks[DECK_PROFESSION]) == 21 - 4 - 3 - 3 * dummies
    assert ref.money[:2] == [35, money] and ref.money[2:] == [0] * dummies
    assert ref.start in (0, 1)
    ref.step(PROFESSION + min(ref.hand_prof[YOU]))
    assert len(ref.hand_prof[YOU]) == 3 and len(ref.decks[DECK_PROFESSION]) == 21 - 3 - 3 - 3 * dummies
    assert ref.phase == AUCTION_CHOOSE and ref.automa_next == 1
    ref.check_invariants()


def test_automa_deck_by_backs():
    """RB: "placing the cards for rounds 5-7 at the bottom, the cards for rounds 3-4 on top of
    them, and finally the cards for rounds 1-2 on the top" (D40: 6 / 6 / 9 cards)."""
    orders = set()
    for seed in range(20):
        ref = solo(seed)
        backs = [ref.S.cards[c]["back"] for c in ref.automa_order]
        assert backs == [0] * 6 + [1] * 6 + [2] * 9
        orders.add(tuple(ref.automa_order))
    assert len(orders) > 15  # each back is shuffled


def test_start_player_alternates():
    """RB: "The starting player alternates each round between you and Wolfgang"."""
    ref = solo(5)
    first = ref.start
    rng = np.random.default_rng(0)
    starts = [first]
    while not ref.terminated:
        rnd = ref.round
        ref.step(int(random_legal_actions(ref.legal_action_mask()[None], rng)[0]))
        if ref.round != rnd:
            starts.append(ref.start)
    assert starts == [first, 1 - first] * 3 + [first]


def test_bad_options_raise():
    with pytest.raises(ValueError, match="dummies"):
        solo(dummies=4)
    with pytest.raises(ValueError, match="difficulty"):
        solo(difficulty="brutal")
    with pytest.raises(ValueError, match="expansions"):
        solo(characters=True)
    with pytest.raises(ValueError, match="num_players"):
        PrincesSoloReference(2, 0, solo=True)


def test_illegal_action_leaves_the_game_unchanged():
    ref = at_first_auction()
    before = ref.observe(0).copy()
    with pytest.raises(ValueError, match="legal actions"):
        ref.step(RAISE)
    assert np.array_equal(ref.observe(0), before)


# ------------------------------------------------------------------------------ the rulebook's auction example


def test_jester_auction_forced_forest_and_wolfgangs_builder():
    """RB example: "You auction a Jester which is shown as 6+1D6 on the Automa card. You roll a 4
    on the die. You may either buy the Jester for 1100 Florin (600+400+100) or decline. You
    decline. ... You then auction a Forest and roll a 2 on the die. As you rolled a 1 or a 2 on
    the die and the Forest has no modifier shown on the Automa card, you must buy the Forest. You
    pay 300 Florin (200+100) and take a Forest. Wolfgang now buys the Builder ... you roll it now
    and roll a 3. Wolfgang pays 500 Florin (200+300) for a Builder. Neither you or Wolfgang bought a
    Recruiting card, so you discard a Recruiting card from the supply."""
    ref = at_first_auction(rolls=[4, 2, 3], difficulty="standard")
    # the example card: the Builder leftmost, the Jester "6+1D6" second ("one of the two leftmost
    # objects"), the Forest without modifier
    assert [obj for obj, _ in ref.S.cards[EXAMPLE_CARD]["top"][:2]] == [BUILDER_STACK, JESTER_STACK]
    assert (ref.modifier(JESTER_STACK), ref.modifier(FOREST), ref.modifier(BUILDER_STACK)) == (6, None, 2)
    ref.step(OPEN + JESTER_STACK)
    assert ref.phase == AUCTION_BID and ref.bid == 11
    assert sorted(np.flatnonzero(ref.legal_action_mask())) == [PASS, RAISE]  # buy or decline
    ref.step(PASS)
    assert ref.last_bid[JESTER_STACK] == 10  # "you take 1000 Florin from the Bank ... as a reminder"
    assert not ref.legal_action_mask()[OPEN + JESTER_STACK]  # "an object you have not yet chosen"
    money = ref.money[YOU]
    ref.step(OPEN + FOREST)  # the forced buy is the only legal action: played at once
    assert ref.phase == PLACE and ref.you_bought == FOREST and ref.money[YOU] == money - 3
    wolf_money = ref.money[WOLFGANG]
    recruiting = ref.supply_recruiting
    ref.step(int(np.flatnonzero(ref.legal_action_mask())[0]))  # place the Forest
    assert ref.landscapes[YOU][FOREST] == 1
    assert ref.rolls == [4, 2, 3]
    assert ref.builders[WOLFGANG] == 1 and ref.money[WOLFGANG] == wolf_money - 5
    assert ref.supply_recruiting == recruiting - 1 and ref.recruit_discarded == 1
    assert ref.builders_discarded == 0  # Wolfgang bought the Builder
    ref.check_invariants()


def test_forced_buy_beyond_the_purse_may_be_declined():
    """D44: "you must buy that object" applies when you can pay; a price above your purse is
    declined."""
    ref = at_first_auction(rolls=[1])
    ref.money[YOU] = 0
    ref.step(OPEN + FOREST)
    assert ref.phase == AUCTION_CHOOSE and ref.you_bought == -1  # the decline was the only move


def test_forced_buy_only_without_modifier():
    """RB: "If you roll a 1 or a 2 for an object that has no die modifier ... you must buy"; with a
    modifier the buyer may decline."""
    ref = at_first_auction(rolls=[1])
    ref.step(OPEN + JESTER_STACK)
    assert ref.phase == AUCTION_BID and ref.bid == 6 + 1 + 1
    assert ref.legal_action_mask()[PASS]


def test_final_auction_price_and_exclusions():
    """RB: "You may buy the object in the final (4th / 5th) auction in an Auction phase for 200
    Florin unless it is one of the 2 objects with the highest die modifier on the Automa card for
    your player count"."""
    ref = at_first_auction(rolls=[6, 6, 6], dummies=2)
    for s in (PRESTIGE_STACK, RECRUITING_STACK, FOREST):
        ref.step(OPEN + s)
        assert ref.phase == AUCTION_BID
        ref.step(PASS)
    assert ref.auctions_done == 3
    mask = ref.legal_action_mask()
    # card 0: Builder +2 and Jester +6 are the two highest modifiers
    assert not mask[OPEN + BUILDER_STACK] and not mask[OPEN + JESTER_STACK]
    assert mask[OPEN + 1] and mask[WITHDRAW]  # a Lake is allowed, or stop
    ref.step(OPEN + 1)
    assert ref.bid == 2 and ref.rolls == [6, 6, 6]  # no roll in the final auction
    ref.step(RAISE)
    assert ref.you_bought == 1


def test_auction_ends_after_as_many_auctions_as_players():
    """RB: "The auction ends when ... There have been as many auctions as the number of players"."""
    ref = at_first_auction(rolls=[6] * 10, dummies=2)
    for s in (PRESTIGE_STACK, RECRUITING_STACK, FOREST):
        ref.step(OPEN + s)
        ref.step(PASS)
        assert ref.phase == AUCTION_CHOOSE and ref.automa_card == EXAMPLE_CARD
    ref.step(OPEN + 1)
    ref.step(PASS)  # the 4th auction of 4 seats: the auction phase is over
    assert ref.phase == ACTION and ref.round == 0 and ref.automa_card == -1 and ref.auctions_done == 0
    assert ref.builders[WOLFGANG] == 1  # Wolfgang bought his leftmost entry


# ------------------------------------------------------------------------------ Wolfgang buys, pays with fame


def test_wolfgang_pays_with_fame():
    """RB example: "Wolfgang buys a Jester for 900 Florin, but has no Money remaining. Move his Fame
    disk backward five spaces on the Fame track and give him 100 Florin in change. If he had 300
    Florin remaining, he would pay those 300 Florin to the Bank and move his Fame disk backward
    three spaces"."""
    top = [(JESTER_STACK, (6, 6)), (BUILDER_STACK, (2, 2)), (LANDSCAPE_ENTRY, NO_MOD), (PRESTIGE_STACK, (1, 1)),
           (RECRUITING_STACK, NO_MOD)]  # fmt: skip
    ref = at_first_auction(top=top, rolls=[3], difficulty="easy")
    assert ref.money[WOLFGANG] == 0 and ref.fame[WOLFGANG] == 0
    ref.step(WITHDRAW)
    assert ref.jesters[WOLFGANG] == 1 and ref.fame[WOLFGANG] == -5 and ref.money[WOLFGANG] == 1
    ref.money[WOLFGANG], ref.fame[WOLFGANG] = 3, 0
    ref._pay_wolfgang(9)
    assert (ref.money[WOLFGANG], ref.fame[WOLFGANG]) == (0, -3)


def test_wolfgang_pays_your_rolled_last_bid():
    """RB: "If you have already rolled the die for the object Wolfgang buys, the cost he pays is the
    last bid that you rolled for that object"."""
    ref = at_first_auction(rolls=[5], difficulty="hard")
    ref.step(OPEN + BUILDER_STACK)
    ref.step(PASS)  # declined at 2 + 5: Wolfgang's cost is 700
    ref.step(WITHDRAW)
    assert ref.builders[WOLFGANG] == 1 and ref.money[WOLFGANG] == 35 - 7 and ref.rolls == [5]


def test_wolfgang_cannot_buy_what_you_bought():
    """RB: "Wolfgang is not able to buy an object that: You bought in this Auction phase"."""
    ref = at_first_auction(rolls=[1, 4])
    ref.step(OPEN + BUILDER_STACK)
    ref.step(RAISE)  # you buy the Builder for 400: Wolfgang takes the next entry, the Jester
    assert ref.builders[YOU] == 1 and ref.builders[WOLFGANG] == 0 and ref.jesters[WOLFGANG] == 1
    assert ref.builders_discarded == 0 and ref.recruit_discarded == 1


def test_wolfgangs_landscape_from_his_leftmost_profession():
    """RB: "determine the type of Landscape he buys by flipping his leftmost facedown Profession
    card faceup; the Landscape shown on the card is the Landscape he buys"."""
    top = [(LANDSCAPE_ENTRY, NO_MOD), (JESTER_STACK, (6, 6)), (BUILDER_STACK, (2, 2)), (PRESTIGE_STACK, (1, 1)),
           (RECRUITING_STACK, NO_MOD)]  # fmt: skip
    ref = at_first_auction(top=top, rolls=[4])
    x = ref.wolf_row[0].card
    kind = ref.T.prof_landscape[x]
    ref.step(WITHDRAW)
    assert ref.landscapes[WOLFGANG][kind] == 1 and x in ref.known[WOLFGANG]  # seen by you (D47)


def test_wolfgangs_prestige_card_is_his_best():
    """RB Prestige cards: "choose the card giving the highest Prestige Points according to the current
    state of Wolfgang's Principality" (ties at random; the others go under the deck)."""
    top = [(PRESTIGE_STACK, (1, 1)), (JESTER_STACK, (6, 6)), (BUILDER_STACK, (2, 2)), (LANDSCAPE_ENTRY, NO_MOD),
           (RECRUITING_STACK, NO_MOD)]  # fmt: skip
    ref = at_first_auction(top=top, rolls=[2])
    top5 = ref.decks[2][:5]
    ref.jesters[WOLFGANG] = 1  # "Most Jesters" would now score for him
    ref.supply_jesters -= 1
    ref.step(WITHDRAW)
    (chosen,) = ref.prestige_hand[WOLFGANG]
    feats = ref._duel_features()
    points = [ref.prestige_points(WOLFGANG, c, feats) for c in top5]
    assert ref.prestige_points(WOLFGANG, chosen, feats) == max(points)
    assert ref.decks[2][-4:] == [c for c in top5 if c != chosen]


# ------------------------------------------------------------------------------ Wolfgang's turn


def wolfgang_to_act(seed: int = 0, **options) -> PrincesSoloReference:
    """A game in round 1's action phase with your turn first (Wolfgang acts at your end_turn)."""
    ref = at_first_auction(seed, rolls=[6] * 20, **options)
    ref.start = YOU
    ref.step(WITHDRAW)
    while ref.phase != ACTION:
        ref.step(int(np.flatnonzero(ref.legal_action_mask())[-1]))
    return ref


def test_wolfgang_takes_the_leftmost_possible_panel_action():
    """RB: "reveal an Automa card and use its middle panel to determine his first action ... a
    second Automa card and use its bottommost panel ... choose the leftmost action that it is
    possible for Wolfgang to perform"."""
    ref = wolfgang_to_act(difficulty="hard")
    c1, c2 = ref.automa_order[ref.automa_next : ref.automa_next + 2]
    ref.S.cards[c1] = dict(ref.S.cards[c1], middle=["profession", "build"])
    ref.S.cards[c2] = dict(ref.S.cards[c2], bottom=["work", "freedom"])
    row = len(ref.wolf_row)
    deck = len(ref.decks[DECK_PROFESSION])
    money, fame = ref.money[WOLFGANG], ref.fame[WOLFGANG]
    ref.best_work[YOU] = 99  # your best work of the round (so Wolfgang's scores nothing more)
    ref.step(END_TURN)
    # profession: one card to his row, one to each dummy column; then a work
    assert len(ref.wolf_row) == row + 1 and len(ref.decks[DECK_PROFESSION]) == deck - 1 - ref.dummies
    assert money >= 3 and ref.money[WOLFGANG] == money - 3 + ref.T.minimum[0] % 2
    assert [c.face_up for c in ref.wolf_row] == [True] + [False] * row
    assert ref.fame[WOLFGANG] == fame + ref.T.minimum[0] // 2
    # "if there are any facedown Profession cards in the dummy players' columns ... flip one"
    assert all(len(ref.table_prof[2 + k]) == 1 for k in range(ref.dummies))


def test_wolfgang_falls_back_when_nothing_on_the_panel_is_possible():
    """RB: "If it is not possible for Wolfgang to perform any of the actions shown in the panel, he
    takes the earliest action in the following list ... 1. Take a Profession card"."""
    ref = wolfgang_to_act()
    c1, c2 = ref.automa_order[ref.automa_next : ref.automa_next + 2]
    ref.S.cards[c1] = dict(ref.S.cards[c1], middle=["bonus"])
    ref.S.cards[c2] = dict(ref.S.cards[c2], bottom=["bonus"])
    ref.decks[DECK_BONUS], bonus = [], ref.decks[DECK_BONUS]
    ref.bonus_out |= set(bonus)  # an empty Bonus deck: "not possible"
    row = len(ref.wolf_row)
    ref.step(END_TURN)
    assert len(ref.wolf_row) == row + 2  # two Profession cards taken


def test_wolfgang_completes_works_when_his_cards_outnumber_the_rounds():
    """RB: "Exception: If Wolfgang has a number of facedown Profession and / or Recruiting cards
    equal to or greater than the number of rounds remaining (including the current round),
    instead, Wolfgang will complete a Work. You must still draw an Automa card"."""
    ref = wolfgang_to_act()
    ref.round = 5  # rounds remaining 2 <= his 3 face-down cards
    drawn = ref.automa_next
    down = sum(not c.face_up for c in ref.wolf_row)
    ref.step(END_TURN)  # his two works, then the round ends and round 7's auction card is drawn
    assert ref.automa_next == drawn + 2 + 1
    assert [c.face_up for c in ref.wolf_row] == [True, True] + [False] * (down - 2)


def test_wolfgangs_work_value():
    """RB Complete a Work: "The minimum Work Value for the current round ... The value of his Jesters
    (2 each). The value of his Recruiting cards (1 each). The value of any Bonus cards that were
    placed on top ... Do not count his Profession cards"; "he will always earn either 0 or 100
    Florins"."""
    ref = wolfgang_to_act()
    ref.jesters[WOLFGANG] = 2
    ref.supply_jesters -= 2
    ref._row_append(RECRUITING_CARD)
    ref.supply_recruiting -= 1
    ref.money[WOLFGANG] = 0
    fame = ref.fame[WOLFGANG]
    ref._wolfgang_work()
    value = ref.T.minimum[0] + 4 + 1
    assert ref.best_work[WOLFGANG] == value
    assert ref.fame[WOLFGANG] == fame + value // 2 and ref.money[WOLFGANG] == value % 2


# ------------------------------------------------------------------------------ recruiting


def test_recruit_from_wolfgang_and_from_a_dummy():
    """RB Recruiting cards: "If you took the Profession card from Wolfgang's row, add the Recruiting
    card facedown to the right of Wolfgang's row ... If you took the Profession card from one of the
    dummy players' columns, discard the Recruiting card." """
    ref = wolfgang_to_act()
    ref._wolfgang_work()  # his first card is face up now, and one card of each dummy column
    x = ref.wolf_row[0].card
    y = next(iter(ref.table_prof[2]))
    ref.hand_recruit[YOU] = 2
    ref.supply_recruiting -= 2
    mask = ref.legal_action_mask()
    assert mask[RECRUIT + x] and mask[RECRUIT + y]
    row, discarded = len(ref.wolf_row), ref.recruit_discarded
    ref.step(RECRUIT + x)
    assert x in ref.hand_prof[YOU] and ref.wolf_row[-1].card == RECRUITING_CARD and len(ref.wolf_row) == row
    assert ref.hand_recruit[WOLFGANG] >= 1 and not ref.wolf_row[-1].face_up
    ref.step(RECRUIT + y)
    assert y in ref.hand_prof[YOU] and y not in ref.columns[0] and ref.recruit_discarded == discarded + 1
    ref.check_invariants()


def test_recruiting_card_bought_may_be_used_at_once():
    ref = wolfgang_to_act()
    ref._wolfgang_work()
    ref.step(END_TURN)  # to the next round's auction
    while ref.phase != AUCTION_CHOOSE:
        ref.step(int(np.flatnonzero(ref.legal_action_mask())[0]))
    scripted_dice(ref, [3] * 10)
    ref.step(OPEN + RECRUITING_STACK)
    ref.step(RAISE)
    assert ref.phase == RECRUIT_NOW  # RB: "you may use a Recruiting card immediately after acquiring it"
    assert sorted(np.flatnonzero(ref.legal_action_mask())) == [PASS] + [RECRUIT + x for x in sorted(
        ref.table_prof[1] | ref.table_prof[2] | ref.table_prof[3])]


# ------------------------------------------------------------------------------ whole games


@pytest.mark.parametrize("dummies", [2, 3])
@pytest.mark.parametrize("difficulty", ["easy", "standard", "hard"])
def test_random_games_keep_every_invariant(dummies, difficulty):
    rng = np.random.default_rng(dummies * 10 + len(difficulty))
    for seed in range(8):
        ref = solo(seed, dummies=dummies, difficulty=difficulty)
        steps = 0
        while not ref.terminated:
            ref.check_invariants()
            assert ref.current_player == YOU
            assert ref.observe(0).shape == (ref.obs_size,)
            mask = ref.legal_action_mask()
            assert mask.sum() >= 2  # forced moves are played inside step
            ref.step(int(random_legal_actions(mask[None], rng)[0]))
            steps += 1
        ref.check_invariants()
        assert ref.phase == GAME_OVER and ref.automa_next == 21  # the deck is used up exactly (D40)
        mine, his = (ref.fame[0], ref.money[0]), (ref.fame[1], ref.money[1])
        assert ref.rewards == [1.0 if mine > his else -1.0 if mine < his else 0.0]
        assert ref.scores == [ref.fame[0]]


def test_wolfgangs_bonus_card_lies_on_his_leftmost_face_down_card_until_its_work():
    """RB Acquire a Bonus card: "choose the card giving the highest bonus according to the current
    state of Wolfgang's Principality ... Place the chosen Bonus card on the leftmost facedown
    Profession or Recruiting card ... (it will be used when that Profession or Recruiting card is
    scored)"."""
    ref = wolfgang_to_act()
    ref.jesters[WOLFGANG] = 3  # "Each Jester +2" is worth 6 to him now
    ref.supply_jesters -= 3
    top5 = ref.decks[DECK_BONUS][:5]
    ref._wolfgang_draws(DECK_BONUS)
    (card,) = ref.bonus_hand[WOLFGANG]
    feats = ref.features(WOLFGANG)
    assert ref.bonus_value(card, feats) == max(ref.bonus_value(c, feats) for c in top5)
    assert ref.wolf_row[0].bonus == [card]
    fame, money = ref.fame[WOLFGANG], ref.money[WOLFGANG]
    ref._wolfgang_work()
    value = ref.T.minimum[0] + 2 * 3 + ref.bonus_value(card, ref.features(WOLFGANG))
    assert ref.best_work[WOLFGANG] == value and card in ref.bonus_out and not ref.bonus_hand[WOLFGANG]
    assert (ref.fame[WOLFGANG], ref.money[WOLFGANG]) == (fame + value // 2, money + value % 2)


def test_final_auction_exclusion_counts_ties():
    """D45: the entries at least as high as the second highest modifier are refused in the final
    auction (a Landscape entry refuses all three types)."""
    top = [(LANDSCAPE_ENTRY, (2, 2)), (PRESTIGE_STACK, (3, 3)), (JESTER_STACK, (2, 3)), (RECRUITING_STACK, NO_MOD),
           (BUILDER_STACK, NO_MOD)]  # fmt: skip
    ref = at_first_auction(top=top, dummies=2)  # 4 seats: +3, then +2 twice
    assert {s for s in range(7) if ref.excluded(s)} == {0, 1, 2, PRESTIGE_STACK, JESTER_STACK}
    ref = at_first_auction(top=top, dummies=3)  # 5 seats: +3 twice
    assert {s for s in range(7) if ref.excluded(s)} == {PRESTIGE_STACK, JESTER_STACK}


def test_wolfgang_cannot_buy_the_landscape_type_you_bought():
    """RB: "If he is not able to buy that Landscape (either because you bought that type of
    Landscape, or because there are no more of that type in the supply), he buys a different
    object"."""
    top = [(LANDSCAPE_ENTRY, NO_MOD), (JESTER_STACK, (6, 6)), (BUILDER_STACK, (2, 2)), (PRESTIGE_STACK, (1, 1)),
           (RECRUITING_STACK, NO_MOD)]  # fmt: skip
    ref = at_first_auction(top=top, rolls=[6, 2])
    kind = ref.T.prof_landscape[ref.wolf_row[0].card]
    ref.step(OPEN + kind)
    ref.step(RAISE)  # you buy his landscape type at 6 + 1
    ref.step(int(np.flatnonzero(ref.legal_action_mask())[0]))  # placed
    assert ref.landscapes[WOLFGANG] == [0, 0, 0] and ref.jesters[WOLFGANG] == 1  # the Jester for 600 + 200
    assert ref.rolls == [6, 2]


def test_wolfgang_without_face_down_cards():
    """A Bonus card needs only a non-empty Bonus deck (D50: without a face-down card it waits beside
    his row for the next card that joins it); building, a Freedom and a landscape need a face-down
    Profession card ("if he has no more facedown Profession cards"): with only a face-down
    Recruiting card he may still complete a work."""
    ref = wolfgang_to_act()
    for card in ref.wolf_row:
        if not card.face_up:
            ref._wolfgang_work()
    assert ref._wolfgang_can("bonus") and not ref._wolfgang_can("build") and not ref._wolfgang_can("freedom")
    assert not ref._wolfgang_can("work") and ref._wolfgang_can("profession")
    ref._wolfgang_act("bonus")
    (waiting,) = ref.wolf_waiting_bonus
    assert ref.bonus_hand[WOLFGANG] == {waiting}
    ref.check_invariants()
    ref._row_append(RECRUITING_CARD)
    ref.supply_recruiting -= 1
    assert ref.wolf_row[-1].bonus == [waiting] and not ref.wolf_waiting_bonus
    assert ref._wolfgang_can("work") and ref._wolfgang_can("bonus") and not ref._wolfgang_can("build")
    ref.check_invariants()


def test_wolfgang_starts_the_action_phase_when_he_is_start_player():
    """RB: "Play this phase according to turn order with either you or Wolfgang as the starting
    player": his two Automa cards are drawn before your turn."""
    ref = at_first_auction(rolls=[6] * 10)
    ref.start = WOLFGANG
    ref.step(WITHDRAW)
    assert ref.phase == ACTION and ref.automa_next == 1 + 2 and ref.turns_done == 1
    ref.step(END_TURN)
    assert ref.round == 1 and ref.start == YOU and ref.automa_next == 4  # his turn is not repeated
