"""Rulebook scenario tests for The Princes of Florence (batched engine), part 0: the contents,
the set-up (two players included) and the rules overview's set-up lines.

Conventions as in part 1 (``test_princes_rules_auction.py``).
"""

from __future__ import annotations

import numpy as np
import pytest
from princes_rules_text import quote_meta_test
from princes_scenarios import deck_list, legal_names, new_game

import florentine_envs
from florentine_envs.games.princes import Princes
from florentine_envs.games.princes.constants import DECK_BONUS, DECK_PRESTIGE, DECK_PROFESSIONS, PH_AUCTION_CHOOSE

START_MONEY = {2: 25, 3: 35, 4: 35, 5: 35}  # "3500 Florin" (2 players: "2500 Florin")
BOX = {"buildings": 3, "landscapes": 6, "jesters": 7, "builders": 6, "recruiting": 5}
CARDS = {"professions": 21, "prestige": 14, "bonus": 20}

test_quotes_are_rulebook_sentences = quote_meta_test(__name__)


def test_start_money_and_fame():
    """Rulebook:

    "3500 Florin in Money (2 x 1000, 2 x 500, and 5 x 100), placing it behind their Player screen."
    "The Fame disk in their color, which they place on space '0' on the Game board's Fame track."
    "Each player takes 2500 Florin in Money (1 x 1000, 2 x 500, and 5 x 100) instead of 3500."
    "Each player gets a Player board, Principality board, Pawn, Fame disk, Player screen, and 3500 Florin (2 Players: 2500)."
    "Place Fame disk on space 0 on Fame track."
    """
    for n in (2, 3, 4, 5):
        game, st = new_game(n)
        assert st.money[0].tolist() == [START_MONEY[n]] * n
        assert st.fame[0].tolist() == [0] * n


def test_freedoms_per_player_count():
    """Rulebook:

    "There should be a number of each type of Freedom equal to the number of players minus one."
    "Return the rest of the Freedoms to the box."
    "Example: In a game with three players, use only 2 Travel, 2 Religion, and 2 Opinion Freedoms."
    "5 Freedoms are available (1 of each type, plus 2 of two different types, chosen randomly)."
    "For a more challenging game, use just 4 Freedoms (1 of each type, plus 1 chosen randomly)."
    "Place objects on Game board. 1 fewer of each Freedom than players (2 Players: 1 of each, plus 2 different ones)."
    "F (12) Freedoms (4 each of Travel, Religion, and Opinion)"
    """
    for n in (3, 4, 5):
        game, st = new_game(n)
        assert st.supply_freedoms[0].tolist() == [n - 1] * 3  # at most 4 of a kind: the box's
    for seed_start in (0, 1):
        game, st = new_game(2, start=seed_start)
        assert sorted(st.supply_freedoms[0].tolist()) == [1, 2, 2]
        game, st = new_game(2, start=seed_start, hard_freedoms=True)
        assert sorted(st.supply_freedoms[0].tolist()) == [1, 1, 2]


def test_deal_four_keep_three():
    """Rulebook:

    "3 Profession cards, in the following way: Shuffle the 21 Profession cards and deal 4 faceup to each player."
    "From these 4 cards, each player chooses 3 to be their starting hand and returns the 4th."
    "Shuffle the undealt and unchosen Profession cards together and place them facedown on their designated spot on the Game board."
    "Profession cards: Each player is dealt 4, keeps 3, and discards 1."
    "Reshuffle the deck."
    """
    for n in (2, 5):
        game = Princes(n)
        st = game.init(np.array([7], np.uint64))
        assert st.hand_prof[0].sum(axis=1).tolist() == [4] * n
        assert st.known[0].sum() == 4 * n  # dealt face up: public
        for _ in range(n):
            p = int(st.current_player[0])
            choices = legal_names(game, st)
            held = [game.T.profession_names[x] for x in np.flatnonzero(st.hand_prof[0, p])]
            assert len(held) == 4 and sorted(choices) == sorted(f"profession_{h}".replace(" ", "_") for h in held)
            game.step(st, np.array([game.action_names.index(choices[0])]))
        assert st.hand_prof[0].sum(axis=1).tolist() == [3] * n
        deck = deck_list(st, DECK_PROFESSIONS)
        assert len(deck) == 21 - 3 * n and not st.hand_prof[0][:, deck].any()  # undealt and returned, face down
        assert st.phase[0] == PH_AUCTION_CHOOSE


def test_the_components_in_play():
    """Rulebook:

    "D (30) Buildings (3 each of University, Laboratory, Workshop, Library, Opera, Studio, Hospital, Theater, Tower, and Chapel)"
    "E (18) Landscapes (6 each of Forest, Lake, and Park)"
    "H (6) Builders"
    "I (7) Jesters"
    "K (60) Cards (21 Profession cards, 14 Prestige cards, 20 Bonus cards, and 5 Recruiting cards)"
    "S (6) Character cards (for 'The Muse and the Princess' Expansion, see pages 14-16)"
    "Place the Landscapes, Prestige cards, Recruiting cards, Builders, Jesters, Buildings, Freedoms, Bonus cards, and Profession cards on their designated spots on the Game board."
    "Place objects on Game board."
    """
    game, st = new_game(4, start=0, characters=True)
    T = game.T
    assert T.building_names == [
        "University", "Laboratory", "Workshop", "Library", "Opera", "Studio", "Hospital", "Theater", "Tower", "Chapel",
    ]  # fmt: skip
    assert st.supply_buildings[0].tolist() == [BOX["buildings"]] * 10
    assert st.supply_landscapes[0].tolist() == [BOX["landscapes"]] * 3
    assert int(st.supply_builders[0]) == BOX["builders"] and int(st.supply_jesters[0]) == BOX["jesters"]
    assert int(st.supply_recruiting[0]) == BOX["recruiting"]
    in_hands = int(st.hand_prof[0].sum())
    assert int(st.deck_len[0, DECK_PROFESSIONS]) + in_hands == CARDS["professions"]
    assert int(st.deck_len[0, DECK_PRESTIGE]) == CARDS["prestige"] and int(st.deck_len[0, DECK_BONUS]) == CARDS["bonus"]
    assert sorted(deck_list(st, DECK_PRESTIGE)) == list(range(14)) and sorted(deck_list(st, DECK_BONUS)) == list(range(20))
    assert st.char_owner[0].size == 6


def test_two_to_five_players():
    """Rulebook:

    "The rules presented here are for a 2-5 player game."
    "B (5) Double-sided Player boards"
    "C (5) Double-sided Principality boards"
    "J (5) Player screens"
    "L (5) Pawns"
    "M (5) Fame disks"
    "O (5) 50/100 disks"
    """
    for n in (2, 3, 4, 5):
        assert Princes(n).num_players == n
    for n in (1, 6):
        with pytest.raises(ValueError):
            Princes(n)


def test_the_round_marker_starts_on_round_one_and_the_cards_are_hidden():
    """Rulebook:

    "Place the Round marker on space '1' of the Game board's round / minimum Work Value table."
    "Game board: Place the Round marker on round 1."
    "All of the cards should be facedown except for the Recruiting cards which should be faceup."
    """
    game, st = new_game(3, start=0)
    assert int(st.round[0]) == 0
    obs = game.observe(st, np.array([1]))[0]
    assert obs[game.obs_layout["round"]].tolist() == [1, 0, 0, 0, 0, 0, 0]
    assert obs[game.obs_layout["unseen_prestige"]].all() and obs[game.obs_layout["unseen_bonus"]].all()
    supply = obs[game.obs_layout["supply"]]
    assert supply[5] == BOX["recruiting"]  # the Recruiting cards are counted in the open
    deck = deck_list(st, DECK_PROFESSIONS)
    assert obs[game.obs_layout["unseen_professions"]][deck].all()  # the deck is face down


def test_a_random_start_player_holds_the_marker():
    """Rulebook (DN D4: the start player is drawn at random):

    "Give the Starting Player marker to the player who has been to Italy most recently."
    "Alternatively, choose randomly."
    "Choose a starting player."
    "Give them the Starting Player marker."
    """
    game = Princes(4)
    st = game.init(np.arange(40, dtype=np.uint64))
    assert set(st.start.tolist()) == {0, 1, 2, 3}  # every seat is drawn for some seed
    for b in range(3):
        seat = int(st.start[b])
        obs = game.observe(st, np.array([seat] * 40))[b]
        assert obs[game.obs_layout["start_player"]].tolist() == [1, 0, 0, 0]  # the observer itself
        assert int(st.current_player[b]) == seat  # it deals and discards first


def test_each_player_starts_with_an_empty_principality_and_a_free_pawn():
    """Rulebook:

    "1 Principality board which they place in front of them."
    "The Pawn in their color, which they place next to their Player board."
    """
    game, st = new_game(5, start=2)
    assert (st.occupied[0] == game.T.palazzo).all() and not st.built[0].any() and not st.landscapes[0].any()
    assert st.pawn_free[0].all() and st.phase[0] == PH_AUCTION_CHOOSE


def test_the_standard_side_is_the_game_played():
    """Rulebook (the co-operative side is the option ``cooperative``, SPEC.md COOP):

    "Decide collectively if you want to play with the standard side (A) or the side with co-operative building rules (B) (explained on pages 16-17)."
    "For your first game we recommend playing with the standard side."
    """
    standard = Princes(3)
    assert standard.options["cooperative"] is False  # the standard side unless asked for
    b_side = florentine_envs.make("princes", num_players=3, cooperative=True)
    assert b_side.options["cooperative"] is True and b_side.T.palazzo != standard.T.palazzo  # the B side's Palazzo

