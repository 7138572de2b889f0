"""Rulebook scenario tests for The Princes of Florence (batched engine), part 5: the card
actions (Take a Profession card, Introduce a Freedom, Acquire a Bonus card), playing Bonus
cards, and the overviews of the 20 Bonus cards and the 14 Prestige cards with their examples.

Conventions as in part 1 (``test_princes_rules_auction.py``).
"""

from __future__ import annotations

import numpy as np
from princes_rules_text import quote_meta_test
from princes_scenarios import (
    act,
    build,
    clear_hand,
    deck_list,
    give_card,
    give_profession,
    landscape,
    legal_names,
    new_game,
    overview_prestige_game,
    overview_principality,
    set_deck,
    start_turn,
)

from florentine_envs.games.princes.constants import (
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    PH_ACTION,
    PH_KEEP,
    PH_WORK_BONUS,
    PH_WORK_PAY,
)

G0 = np.array([0])
PRICE = 3  # "pay 300 Florin to the Bank"
DRAW = 5
FREEDOM = 3  # "The Freedom adds 3"
# The overviews' printed examples, card by card in the overview's order.
BONUS_EXAMPLES = [5, 4, 3, 5, 6, 3, 4, 2, 0, 4, 0, 2, 4, 3, 2, 3, 4, 5, 1, 3]
PRESTIGE_EXAMPLES = [3, 5, 0, 0, 4, 7, 3, 0, 6, 0, 6, 0, 0, 4]

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def take_and_order(game, st, deck: int, action: str):
    """Play ``action`` (a draw), keep the 3rd card drawn, put the rest under last-first; returns
    (the deck before, the cards drawn, the card kept, the order put under)."""
    before = deck_list(st, deck)
    act(game, st, action)
    assert st.phase[0] == PH_KEEP
    drawn = before[:DRAW]
    if deck == DECK_PROFESSIONS:
        names = [f"profession_{game.T.profession_names[x]}".replace(" ", "_") for x in drawn]
    else:
        names = [f"{('bonus', 'prestige')[deck - 1]}_{x}" for x in drawn]
    assert sorted(legal_names(game, st)) == sorted(names)
    kept = drawn[min(2, len(drawn) - 1)]
    act(game, st, names[drawn.index(kept)])
    under = [x for x in reversed(drawn) if x != kept]
    for x in under[:-1]:  # the last one goes by itself (forced)
        act(game, st, names[drawn.index(x)])
    return before, drawn, kept, under


def test_take_a_profession_card():
    """Rulebook:

    "To take a Profession card, pay 300 Florin to the Bank, draw the top 5 cards from the Profession deck (all cards if there are fewer than 5), choose 1 card, and add it to your hand."
    "You place the unchosen cards, facedown, in any order you choose, on the bottom of the Profession deck."
    "Cost: 300; Draw 5, put 1 in your hand, put the other 4 under the deck."
    """
    game, st = new_game(3, start=0)
    start_turn(game, st, 0, round_index=0)
    money = int(st.money[0, 0])
    before, drawn, kept, under = take_and_order(game, st, DECK_PROFESSIONS, "take_profession")
    assert int(st.money[0, 0]) == money - PRICE and st.hand_prof[0, 0, kept] and not st.known[0, 0, kept]
    assert deck_list(st, DECK_PROFESSIONS) == before[DRAW:] + under and st.phase[0] == PH_ACTION
    game, st = new_game(3, start=0)  # fewer than 5: all of them
    rest = deck_list(st, DECK_PROFESSIONS)
    set_deck(st, DECK_PROFESSIONS, rest[:3])
    st.hand_prof[0, 2, rest[3:]] = True
    start_turn(game, st, 0, round_index=0)
    before, drawn, kept, under = take_and_order(game, st, DECK_PROFESSIONS, "take_profession")
    assert drawn == rest[:3] and deck_list(st, DECK_PROFESSIONS) == under


def test_no_card_from_an_empty_deck():
    """Rulebook:

    "You may not select this action if the Profession deck is empty."
    "You may not select this action if the Bonus deck is empty."
    """
    game, st = new_game(3, start=0)
    professions, bonus = deck_list(st, DECK_PROFESSIONS), deck_list(st, DECK_BONUS)
    set_deck(st, DECK_PROFESSIONS, [])
    set_deck(st, DECK_BONUS, [])
    st.hand_prof[0, 2, professions] = True
    st.bonus_hand[0, 2, bonus] = True
    start_turn(game, st, 0, round_index=0)
    legal = legal_names(game, st)
    assert "take_profession" not in legal and "take_bonus" not in legal and "freedom_Travel" in legal


def test_introduce_a_freedom_once_each_while_in_supply():
    """Rulebook:

    "To introduce a Freedom into your Principality, pay 300 Florin to the Bank, take the Freedom you want from the"
    "Game board, and place it in the appropriate space on your Player board."
    "The Freedom adds 3 to the of a Work you complete if this Freedom is the one important to the artist or scholar completing the Work."
    "You may only introduce each Freedom once into your Principality."
    "If the Freedom you want is not available in the supply, you may not introduce it into your Principality."
    "Cost: 300; Choose any 1 available and put it on your Player board."
    """
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    give_profession(game, st, 0, "Poet")  # Travel
    give_profession(game, st, 0, "Lawyer")  # Opinion
    value = lambda x: int(game.work_base(st, G0, G0, np.array([x]))[0])  # noqa: E731
    poet, lawyer = (game.T.profession_names.index(n) for n in ("Poet", "Lawyer"))
    before = value(poet), value(lawyer)
    start_turn(game, st, 0, round_index=0)
    assert {"freedom_Travel", "freedom_Religion", "freedom_Opinion"} <= set(legal_names(game, st))
    money, supply = int(st.money[0, 0]), int(st.supply_freedoms[0, 0])
    act(game, st, "freedom_Travel")
    assert st.freedoms[0, 0].tolist() == [True, False, False] and int(st.supply_freedoms[0, 0]) == supply - 1
    assert int(st.money[0, 0]) == money - PRICE
    assert (value(poet), value(lawyer)) == (before[0] + FREEDOM, before[1])
    start_turn(game, st, 0, round_index=1)  # the next round: Travel again is not allowed
    assert "freedom_Travel" not in legal_names(game, st) and "freedom_Opinion" in legal_names(game, st)
    st.freedoms[0, 1:, 2] = True  # both Opinion Freedoms of a 3-player game are taken
    st.supply_freedoms[0, 2] = 0
    start_turn(game, st, 0, round_index=1)
    assert "freedom_Opinion" not in legal_names(game, st) and "freedom_Religion" in legal_names(game, st)


def test_acquire_a_bonus_card():
    """Rulebook:

    "To take a Bonus card, pay 300 Florin to the Bank, draw the top 5 cards from the Bonus deck (all cards if there are fewer than 5), choose 1 card, and add it to your hand."
    "Place the unchosen cards, facedown, in any order you choose, on the bottom of the Bonus deck."
    """
    game, st = new_game(3, start=0)
    start_turn(game, st, 0, round_index=0)
    money = int(st.money[0, 0])
    before, drawn, kept, under = take_and_order(game, st, DECK_BONUS, "take_bonus")
    assert int(st.money[0, 0]) == money - PRICE and st.bonus_hand[0, 0, kept]
    assert deck_list(st, DECK_BONUS) == before[DRAW:] + under
    game, st = new_game(3, start=0)
    rest = deck_list(st, DECK_BONUS)
    set_deck(st, DECK_BONUS, rest[:2])
    st.bonus_hand[0, 1, rest[2:]] = True
    start_turn(game, st, 0, round_index=0)
    before, drawn, kept, under = take_and_order(game, st, DECK_BONUS, "take_bonus")
    assert drawn == rest[:2]


def test_bonus_cards_played_with_a_work_then_out_of_the_game():
    """Rulebook:

    "You may play any number of Bonus cards when you complete a Work to add to the of the Work (see 'Complete a Work' on page 5)."
    "Each Bonus card may only be played once."
    "After playing a Bonus card, place it faceup next to the Game board: it is out of the game."
    "Play later from your hand when Completing a Work to increase its ."
    "May be played with a Bonus card(s)."
    "Discard the played Bonus card from game."
    """
    game, st = new_game(3, start=0)
    overview_principality(game, st, 0)
    give_profession(game, st, 0, "Doctor")
    held = [0, 6, 9]  # each Building +1, each Forest +2, each Freedom +2
    for card in held:
        give_card(game, st, 0, DECK_BONUS, card)
    start_turn(game, st, 0, round_index=0)
    assert not any(n.startswith("bonus_") for n in legal_names(game, st))  # only with a work
    act(game, st, "profession_Doctor")
    base = int(st.work_value[0])
    assert st.phase[0] == PH_WORK_BONUS and sorted(legal_names(game, st)) == ["bonus_0", "bonus_6", "bonus_9", "done"]
    act(game, st, "bonus_0")
    act(game, st, "bonus_9")
    assert int(st.work_value[0]) == base + 5 + 4
    assert st.bonus_out[0, [0, 9]].all() and not st.bonus_hand[0, 0, [0, 9]].any()
    assert sorted(legal_names(game, st)) == ["bonus_6", "done"]  # each card only once
    act(game, st, "done")
    assert st.phase[0] == PH_WORK_PAY
    seen = game.observe(st, np.array([1]))[0, game.obs_layout["bonus_out"]]
    assert seen[[0, 9]].tolist() == [1, 1]  # face up: everybody sees them out of the game


def test_every_bonus_card_on_the_overview_principality():
    """Rulebook:

    "For each Bonus card, an example is given in parentheses based on you having the following objects:"
    "2 Forests" "1 Lake" "0 Parks" "0 Jesters" "2 Builders" "1 Prestige card" "2 Freedoms"
    "2 Profession cards already on the table" "1 Profession card being played"
    "1 Recruiting card in your hand" "University, Workshop, Opera, Tower, Chapel"
    "(Note: Your Palazzo does not count as a Building!)"
    "Each Building in your Principality increases the score by 1" "(The score increases by 5)"
    "Each large Building in your Principality increases the score by 2" "(The score increases by 4)"
    "Each medium Building and each Forest in your Principality increases the score by 1" "(The score increases by 3)"
    "Each small Building and each Landscape in your Principality increases the score by 1"
    "Each Building size (large, medium, small) in your Principality increases the score by 2" "(The score increases by 6)"
    "Each Landscape in your Principality increases the score by 1"
    "Each Forest in your Principality increases the score by 2"
    "Each Lake in your Principality increases the score by 2" "(The score increases by 2)"
    "Each Park in your Principality increases the score by 2" "(The score increases by 0)"
    "Each Freedom in your Principality increases the score by 2"
    "Each Jester in your Principality increases the score by 2"
    "Each Jester and each Freedom in your Principality increases the score by 1"
    "Each Builder in your Principality increases the score by 2"
    "Each Builder and each Lake in your Principality increases the score by 1"
    "Each Prestige card you have increases the score by 2"
    "Each Prestige card you have and each Freedom in your Principality increases the score by 1"
    "Each Landscape type (Forest, Lake, Park) in your Principality increases the score by 2"
    "Each of the following Categories (Forest, Lake, Park, Jester, Builder, Prestige card, Freedom) in your Principality increases the score by 1"
    "Each Profession (and Recruiting) card in your hand (excluding any just played) increases the score by 1"
    "(The score increases by 1)"
    "Note: The Profession card just played is on the table and does not count!"
    "Each of your own Profession (and Recruiting) card on the table (including any just played) increases the score by 1"
    "Note: The card just played is on the table."

    Each card is played, alone, with the Doctor on this principality; its printed example is
    what it adds to the work.
    """
    added = []
    for card in range(20):
        game, st = new_game(3, start=0)
        overview_principality(game, st, 0)
        give_profession(game, st, 0, "Doctor")
        give_card(game, st, 0, DECK_BONUS, card)
        game.check_invariants(st)
        start_turn(game, st, 0, round_index=0)
        act(game, st, "profession_Doctor")
        base = int(st.work_value[0])
        act(game, st, f"bonus_{card}")
        added.append(int(st.work_value[0]) - base)
    assert added == BONUS_EXAMPLES


def test_a_category_counts_once():
    """Rulebook:

    "Note: Each Category counts just once, regardless of how many objects the player has of that Category!"
    """
    categories, landscape_types, sizes = 17, 16, 4
    game, st = new_game(3, start=0)
    landscape(game, st, 0, "Forest")
    build(game, st, 0, "Tower")
    before = game.bonus_values(st, G0, G0)[0]
    landscape(game, st, 0, "Forest")  # a second Forest: no new category or type
    build(game, st, 0, "Chapel")  # a second small building: no new size
    after = game.bonus_values(st, G0, G0)[0]
    assert after[[categories, landscape_types, sizes]].tolist() == before[[categories, landscape_types, sizes]].tolist()
    landscape(game, st, 0, "Park")
    assert game.bonus_values(st, G0, G0)[0][categories] == before[categories] + 1


def test_every_prestige_card_example():
    """Rulebook:

    "For each Prestige card, an example is given in parentheses based on you having the following objects at the end of the game:"
    "4 Profession and 1 Recruiting card on the table" "1 Profession card in your hand"
    "For the most Buildings you earn 6 crowns (3)"
    "(Note: An opponent also has 5 Buildings and so you are tied for the most: you earn 3 crowns.)"
    "For at least two large Buildings you earn 5 crowns."
    "This does not change if another player also has at least two large Buildings."
    "(You earn 5 crowns.)"
    "For the fewest empty spaces you earn 8 crowns (4)"
    "(Note: An opponent has fewer empty spaces: you earn 0 crowns.)"
    "For all three Landscape types (Forest, Lake, Park) you earn 8 crowns"
    "(You earn 0 crowns, as you have no Park.)"
    "For the most Landscapes you earn 7 crowns (4)"
    "(Note: An opponent also has 3 Landscapes and so you are tied for the most: you earn 4 crowns.)"
    "For the most Forests you earn 7 crowns (4)"
    "(Note: You are the only player with the most: you earn 7 crowns.)"
    "For the most Lakes you earn 6 crowns (3)"
    "(Note: Two opponents also have 1 Lake and so you are tied for the most: you earn 3 crowns.)"
    "For all three Freedoms you earn 8 crowns"
    "(You earn 0 crowns, as you only have 2 Freedoms.)"
    "For at least 4 Buildings + 2 Freedoms + 4 Works (= Profession and Recruiting cards on the table) you earn 6 crowns"
    "(You earn 6 crowns.)"
    "For the most Jesters you earn 6 crowns (3)"
    "(You earn 0 crowns, as you have no Jesters."
    "For the most Builders you earn 6 crowns (3)"
    "(Note: You are the only player with the most: you earn 6 crowns.)"
    "For the most Parks you earn 5 crowns (3)"
    "For at least 1 Builder + 1 Jester + 2 Landscapes you earn 7 crowns"
    "(You earn 0 crowns, as you have no Jesters.)"
    "For the most Works (= Profession and Recruiting cards on the table) you earn 7 crowns (4)"
    "(Note: An opponent also has 5 Works and so you are tied for the most: you earn 4 crowns.)"

    Each card is held, alone, by seat 0 at the game's end; its example is what it scores.
    """
    scored = []
    for card in range(14):
        game, st = overview_prestige_game()
        st.prestige_hand[0, 0] = False
        st.prestige_hand[0, 0, card] = True
        others = [c for c in range(14) if c != card]
        set_deck(st, DECK_PRESTIGE, others)
        assert game.features(st, G0, G0)[0][game.T.prestige_feature[0]] == 5  # 5 Buildings
        fame = int(st.fame[0, 0])
        game._final_scoring(st, G0)
        scored.append(int(st.fame[0, 0]) - fame)
    assert scored == PRESTIGE_EXAMPLES


def test_most_of_nothing_scores_nothing():
    """Rulebook:

    "You cannot score the most for having nothing."
    "Therefore, you do not tie for the most with none and do not earn 3 crowns."
    "(Note: All other players have no Parks: you earn 0 crowns.)"
    "This is true even if no player has Jesters ... see Prestige card 'Most Parks')."
    """
    most_jesters, most_parks = 9, 11
    game, st = new_game(3, start=0)
    for seat, card in ((0, most_parks), (1, most_jesters)):
        give_card(game, st, seat, DECK_PRESTIGE, card)
    fame = st.fame[0].copy()
    game._final_scoring(st, G0)
    assert (st.fame[0] - fame).tolist() == [0, 0, 0]  # nobody has a Park or a Jester
