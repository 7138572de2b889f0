"""Florenza rulebook, lines 1-310: game contents, the summary, set-up (the city, Life in Florenza,
the districts, the tracks, the first game's workshops, the starting workshops). Each test quotes the
sentence(s) it checks; ``NOT_ENGINE_BEHAVIOUR`` lists the sentences of these lines that state no
engine behaviour (see ``test_florenza_rules_coverage``)."""

from __future__ import annotations

import numpy as np
import pytest
from florenza_scenarios_a import (
    act,
    bring_into_play,
    char_action,
    clear_districts,
    empty_round,
    fresh,
    in_play,
    names,
    of_kind,
    place_then,
    prestige,
    put_workshop,
    run_stage,
    workshop,
)  # fmt: skip

import florentine_envs
from florentine_envs.games.florenza import Florenza
from florentine_envs.games.florenza import constants as C
from florentine_envs.games.florenza.data import load_data

PART = "a"

NOT_ENGINE_BEHAVIOUR = {
    # contents: pieces with no counterpart in the engine (money and certificates are plain numbers)
    "1 Rulebook": "component",
    "1 Game Board:": "component",
    "5 Buildings/Artworks tables": "component",
    "40 Fiorini coins": "component",
    "12 x 50 Fiorini": "component",
    "24 x 100 Fiorini": "component",
    "4 x 500 Fiorini": "component",
    "90 Prestige Point certificates": "component",
    "40 x 1 Prestige Point": "component",
    "25 x 5 Prestige Point": "component",
    "25 x 10 Prestige Point": "component",
    "2 Game Summary cards": "component",
    "(in different languages)": "component",
    "6 Turn order cards, including the Captain of the People and the Bishop cards.": "component",
    "1 Turn marker": "component",
    "10 Plastic bags": "component",
    "(for storing your pieces)": "component",
    "4 Markers": "component",
    # the summary's atmosphere
    "In Florenza, the players are the heads of the most powerful families in the city of Florenza (now known as Florence) during the Renaissance period.": "flavour",  # noqa: E501
    "The goal of the game is to become the most famous patron of the arts by hiring the most famous artists of the period and financing their works.": "flavour",  # noqa: E501
    "During the game, players will earn prestige points, primarily by completing artworks.": "flavour",
    "All of the characters in the game are real historical figures that lived and worked in Italy during the Renaissance.": "flavour",  # noqa: E501
    "Most of them worked in Florence.": "flavour",
    "All of the buildings in the game were real Renaissance workshops.": "flavour",
    "The artworks the players can complete include the masterpieces of some of the most famous artists in the world.": "flavour",  # noqa: E501
    "In this second edition we made some small changes to the original rules.": "flavour",
    "They are marked with this symbol: II": "layout",
    # set-up at the table
    "Follow these steps to set up and begin the game:": "layout",
    "Place the Game Board in the center of the table (as shown in the picture).": "table",
    "Place all resource cubes on the matching colored spaces of the gameboard.": "table",
    "Place the Fiorini coins on the 'Banco' and the prestige point certificates near the board.": "table",
    "Find the matching character card for each tile drawn (the ID numbers on each tile and card can help).": "table",
    "Each player chooses a family and takes all of the pieces that match that family's color:": "layout",
    "1 Building/Artwork table": "component",
    "4 markers": "component",
    # captions of the character card's picture
    "New Artist side": "layout",
    "Completed Masterpiece side": "layout",
    "Life in Florenza cards": "layout",
    "Identification number to help match cards and tiles.": "layout",
    "In the four corners of the Game Board, you can find the tracks you will need during the game.": "table",
    "Set the last family marker to the side for now.": "table",
    "To help players remember their turn order, there is a set of turn order cards.": "component",
    "Give each player the card that matches his family's position on the turn order track.": "component",
    "Turn the cards with the Captain and the Bishop face down before handing out the turn order cards.": "component",
    "Set aside the card showing a '2' on both sides, for now.": "component",
    "Turn order track": "layout",
    "There are many different workshops in Florenza, and choosing which to use to start the game can be difficult for new players.": "flavour",  # noqa: E501
    "Identification number listed in brackets": "layout",
    "Each player has a Building table he can read to see construction costs and benefits of all the Buildings.": "component",  # noqa: E501
    "Having workshops that other players will want to use can prove to be a profitable strategy.": "flavour",
    "You are now ready to begin the game!": "flavour",
}


def raw_data() -> dict:
    """The component data as loaded (``florenza_data.json``), for keys the engine's tables drop."""
    return load_data()


# ------------------------------------------------------------------ game contents


def test_contents_workshop_tiles_and_characters():
    """"45 Workshop tiles" "48 Character tiles" "34 Artists 6 Unnamed Artists" "6 Preachers 2 Unnamed
    Preachers" "34 Artist cards" "6 Preacher cards" """
    game = Florenza(3)
    t = game.t
    assert t.ws_qty.sum() == 45
    assert t.is_artist.sum() == 34 and t.is_preacher.sum() == 6
    st = game.init(np.array([1], np.uint64))
    # unnamed tiles: one kind per skill (painter, sculptor, architect) and the preacher, 2 each
    assert st.unnamed_left[0, :3].sum() == 6 and st.unnamed_left[0, 3] == 2
    assert t.is_artist.sum() + t.is_preacher.sum() + st.unnamed_left[0].sum() == 48


def test_contents_resource_cubes():
    """"84 Wooden resource cubes" "12 Yellow 'Gold' cubes" "12 Grey 'Metal' cubes" "12 Red 'Textile'
    cubes" "12 Green 'Spice' cubes" "18 White 'Marble' cubes" "18 Brown 'Wood' cubes" """
    t = Florenza(3).t
    count = dict(zip(t.resource_names, t.cubes.tolist()))
    assert count == {"gold": 12, "metal": 12, "textile": 12, "spice": 12, "marble": 18, "wood": 18}
    assert sum(count.values()) == 84


def test_contents_one_six_sided_die_and_seven_life_cards():
    """"1 Six-sided die" "7 Life in Florenza cards" "Place the seven Life in Florenza cards in a row along
    the side of the board, in order from I to VII." Every roll is a face 1..6 (the income table has six
    rows); every character arrives under one of the cards I..VII."""
    game = Florenza(4)
    t = game.t
    assert t.die_resource.shape == (6,)
    assert t.rounds.min() >= 1 and t.rounds.max() <= 7
    st = game.init(np.arange(20, dtype=np.uint64))
    life = st.life[st.char_state == C.IN_PLAY]
    assert life.min() >= 1 and life.max() <= 7


def test_contents_families_workers_crests_district_board():
    """"5 Sets of playing pieces, one for each family (Medici, Pazzi, Pitti, Rucellai and Strozzi),
    including:" "8 Worker tokens" "15 Family Crests" "1 District board" (2 to 5 families; each with 8
    workers, 15 crests and a district board of 8 workshop spaces and 8 artwork boxes)."""
    assert Florenza.player_counts == (2, 3, 4, 5)
    with pytest.raises(ValueError):
        florentine_envs.make("florenza", num_players=6)
    game, st = fresh(5)
    assert (st.avail[0] + st.pool[0] == 8).all() and (st.crests[0] == 15).all()
    assert st.space_type.shape[1:] == (5, 8) and st.box_crest.shape[1:] == (5, 8)


# ------------------------------------------------------------------ summary


def test_artworks_in_own_district_cathedral_and_civic_buildings():
    """"Each player can commission artworks in his own district, the Cathedral, or in the civic buildings
    of the city." "Each artwork requires money and resources to complete." At the first placement a
    worker may go to an own district box, a civic box and a Cathedral box; every box has a cost."""
    game, st = fresh(3)
    t = game.t
    legal = names(game, st)
    civic = int(np.flatnonzero(t.art_zone == C.Z_CIVIC)[0])
    cathedral = int(np.flatnonzero(t.art_zone == C.Z_CATHEDRAL)[0])
    assert f"artwork_{t.art_names[civic]}" in legal and f"artwork_{t.art_names[cathedral]}" in legal
    assert any(f"artwork_district_{b}" in legal for b in t.box_names)
    assert ((t.all_cost.sum(1) + t.all_cost_fl) > 0).all()


def test_workers_labor_in_own_and_opponents_workshops():
    """"To earn the money and resources the artists need, the players send their workers to labor in
    various workshops, possibly even in their opponents' districts." "Additional workers can be earned by
    offering charity to the church." """
    game, st = fresh(3)
    legal = names(game, st)
    assert {"operate_0_1", "operate_1_1", "operate_2_2"} <= legal
    assert "charity_own_pulpit" in legal  # 300 Fiorini: the unnamed preacher (100) is affordable
    p = int(st.current_player[0])
    before = int(st.avail[0, p])
    st = place_then(game, st, "charity_own_pulpit", "character_unnamed preacher")
    assert st.avail[0, p] == before - 1 + 2


def test_prestige_is_spent_in_play_and_scores_at_the_end():
    """"Prestige points can be spent during the game, but at the end of the game they will be the
    player's primary source of victory points." Using an opponent's workshop spends a point; the final
    score counts certificates and the track."""
    game, st = fresh(3)
    p = int(st.current_player[0])
    st = act(game, st, "operate_1_1")
    assert st.track[0, p] == -1
    parts = game.score_parts(st)
    assert (parts["prestige"][0] == st.certs[0] + st.track[0]).all()


# ------------------------------------------------------------------ Life in Florenza


def test_bag_holds_the_forty_named_characters_and_unnamed_ones_are_set_aside():
    """"Separate the eight unnamed character tiles from the rest and set them aside." "Put all 40
    remaining character tiles in the cloth bag." "1 Cloth bag" "Mix the tiles in the bag and randomly
    draw out tiles based on the number of players:" """
    game = Florenza(3)
    st = game.init(np.arange(6, dtype=np.uint64))
    assert st.bag.shape[1] == 40 and all(sorted(row) == list(range(40)) for row in st.bag.tolist())
    assert (st.unnamed_left == 2).all()  # never in the bag
    assert len({tuple(row) for row in st.bag.tolist()}) == 6  # mixed: another order per seed


@pytest.mark.parametrize("P, drawn", [(2, 6), (3, 7), (4, 8), (5, 9)])
def test_tiles_drawn_by_player_count(P, drawn):
    """"2 Players 6 Tiles" "3 Players 7 Tiles" "4 Players 8 Tiles" "5 Players 9 Tiles" """
    st = Florenza(P).init(np.arange(5, dtype=np.uint64))
    assert ((st.char_state == C.IN_PLAY).sum(1) == drawn).all() and (st.bag_pos == drawn).all()


def test_drawn_characters_sit_under_their_rounds_card_new_side_up():
    """"Each character will remain in the game for a limited number of rounds, indicated on his card next
    to his name." "Place the character card with the 'new artist' side up beneath the Life in Florenza
    card with the matching number (if it is an artist-both sides of the preacher cards are identical)."
    "Place the character tile on top of the card." "Rounds of play that character will remain in
    Florenza" "These cards show how many Rounds of play characters will remain in Florenza." """
    game = Florenza(5)
    st = game.init(np.arange(10, dtype=np.uint64))
    live = st.char_state == C.IN_PLAY
    assert (st.life[live] == np.broadcast_to(game.t.rounds, live.shape)[live]).all()
    assert not st.flipped.any() and (st.char_where[live] == C.ON_CARD).all()


def test_characters_move_down_a_card_each_round_and_leave_after_card_one():
    """"These cards are used to track the number of turns each character is in the game." "At the end of
    each round, they are moved to a lower value card, until they end their time in Florenza." "At the end
    of each Round, all the Characters will move down one space along the row of Life in Florenza cards
    (see page 14)." "Cards I and VII have no special function." (A character under card I leaves at the
    end of the round; one under VII simply moves to VI.)"""
    game, st = fresh(3, seed=4)
    empty_round(st)
    live = in_play(st)
    st.life[0, live[0]], st.life[0, live[1]] = 1, 7
    life = st.life[0].copy()
    st = run_stage(game, st, C.ST_END)
    assert st.char_state[0, live[0]] == C.GONE and st.life[0, live[1]] == 6
    assert (st.life[0, live[2:]] == life[live[2:]] - 1).all()
    assert (st.char_state[0] == C.IN_PLAY).sum() == len(live)  # one replacement drawn
    assert st.round[0] == 2


def test_any_character_in_play_may_be_chosen_whatever_his_card():
    """"You can use any character under any card, regardless of the number on the card." "As long as a
    character is in play, he can be chosen by a player regardless of which Life in Florenza card he is
    beneath." A painter under card I and one under card VII are both offered for the Salone."""
    game, st = fresh(3)
    painters = of_kind(game, artist=True, skill="painter")[:2]
    for c, life in zip(painters, (1, 7)):
        bring_into_play(st, c, life)
    st = act(game, st, "artwork_signoria_salone")
    legal = names(game, st)
    assert all(char_action(game, c) in legal for c in painters)


def test_unnamed_characters_two_on_each_of_cards_two_to_five():
    """"Set the unnamed character tiles on cards II through V as shown." "There will be 2 tiles on each
    card." (The data puts the unnamed painter, sculptor, architect and preacher under four different cards
    II..V; the engine keeps 2 tiles of each kind.)"""
    d = raw_data()
    cards = [a["life_card"] for a in d["unnamed_artists"].values()] + [d["unnamed_preacher"]["life_card"]]
    assert sorted(cards) == [2, 3, 4, 5]
    tiles = [a["tiles"] for a in d["unnamed_artists"].values()] + [d["unnamed_preacher"]["tiles"]]
    assert tiles == [2, 2, 2, 2]
    _, st = fresh(4)
    assert st.unnamed_left[0].tolist() == [2, 2, 2, 2]


def test_card_six_is_the_guard_of_the_captain():
    """"The VI card is the Guard, and is used by the Captain of the People." A worker the Captain detains
    is off the board until the round ends."""
    game, st = fresh(3)
    empty_round(st)
    st.captain[0] = 0
    st.order[0, :3] = [0, 1, 2]
    st = run_stage(game, st, C.ST_CAPTAIN, avail=[4, 4, 4], pool=[4, 4, 4], round=2)
    st = act(game, st, "target_seat_1")
    assert st.detained[0].tolist() == [0, 1, 0] and st.avail[0, 1] == 3
    assert raw_data()["constants"]["guard_card"] == 6


# ------------------------------------------------------------------ the districts


def test_each_family_starts_with_its_pieces():
    """"1 district board" "8 workers" "4 on your district board" "4 nearby (but not on your district
    board) to create a 'pool' of workers" "15 family crests" "300 Fiorini" "1 resource cube of each
    type" """
    game = Florenza(4)
    st = game.init(np.arange(3, dtype=np.uint64))
    assert (st.avail == 4).all() and (st.pool == 4).all() and (st.crests == 15).all()
    assert (st.money == 300).all() and (st.res == 1).all() and st.res.shape[2] == 6
    assert st.space_type.shape[1:] == (4, 8)


def test_hire_cost_is_by_skill():
    """"Cost to hire the artist, according to his skills" "Artists with more than one skill will have a
    different cost for each skill." Every multi-skill artist has a cost line for each of his skills (and
    only for them), and no two of his skills cost the same (issue 22: Verrocchio, Giulio Romano and
    Michelangelo had equal costs, DATA_NOTES.md §4)."""
    t = Florenza(3).t
    multi = [c for c in range(40) if t.is_artist[c] and t.skills[c].sum() > 1]
    assert multi
    assert all(((t.hire_cost[c] > 0) <= t.skills[c]).all() for c in multi)
    same = [t.char_names[c] for c in multi if len(set(t.hire_cost[c][t.skills[c]].tolist())) < t.skills[c].sum()]
    assert same == [], same


# ------------------------------------------------------------------ the tracks


def test_tracks_and_turn_marker_start_at_zero_and_round_one():
    """"Place the turn marker on the first space of the game turn track." "Place your marker with the
    Captain portrait on the '0' square of the prestige track, and place your marker with the Bishop on
    the '0' square of the church influence track." """
    st = Florenza(5).init(np.arange(4, dtype=np.uint64))
    assert (st.round == 1).all() and (st.track == 0).all() and (st.certs == 0).all() and (st.influence == 0).all()


def test_random_turn_order_with_no_offices_in_round_one():
    """"Take one of the family markers from each player and mix them, then randomly place them on the
    turn order track starting with the third box." "Do not place any markers on the spaces with the
    Bishop or the Captain at this time." "Important: During the first round, all turn order cards must be
    placed with the numbered side up, not the side showing the Captain and the Bishop." """
    game = Florenza(4, first_game=True)
    st = game.init(np.arange(30, dtype=np.uint64))
    assert (st.captain == -1).all() and (st.bishop == -1).all() and (st.nslots == 4).all()
    assert all(sorted(row[:4]) == [0, 1, 2, 3] for row in st.order.tolist())
    assert len({tuple(row[:4]) for row in st.order.tolist()}) > 10  # mixed


def test_starting_player_is_the_front_marker():
    """"The starting player (the player with the family marker in the front on the turn order track) also
    takes a game summary card in your language." The front marker's player places first."""
    game = Florenza(4, first_game=True)
    st = game.init(np.arange(8, dtype=np.uint64))
    assert (st.current_player == st.order[:, 0]).all() and (st.phase == C.PH_PLACE).all()


def test_prestige_and_influence_are_scored_on_their_tracks():
    """"During the game, all Prestige Points earned or lost by players are scored by moving the marker on
    the Prestige Track." "During the game, all prestige points gained or lost are scored by moving your
    marker on the prestige track." "During the game, all church influence points gained or lost are
    scored by moving your marker on the church influence track." A fee moves two prestige markers; a
    Convento's production moves the worker's prestige and influence markers."""
    game, st = fresh(3)
    p = int(st.current_player[0])
    q = (p + 1) % 3
    st = act(game, st, "operate_1_1")
    assert st.track[0, p] == -1 and st.track[0, q] == 1
    game, st = fresh(3)
    empty_round(st)
    convento = put_workshop(game, st, 0, 2, "Convento")
    st.space_worker[0, 0, 2] = 0
    st.pool[0, 0] -= 1
    st = run_stage(game, st, C.ST_DISTRICT, round=8)
    assert prestige(st, 0) == game.t.ws_gain_pp[convento] and st.influence[0, 0] == game.t.ws_gain_inf[convento]


def test_turn_marker_moves_in_phase_nine_and_the_game_ends_after_round_eight():
    """"The turn marker moves forward in phase 9 each round." "After the 8th round, the game ends."
    "Florenza is played over a series of eight rounds." """
    game, st = fresh(2)
    rounds = []
    while not st.terminated[0]:
        if st.phase[0] == C.PH_PLACE and (not rounds or rounds[-1] != int(st.round[0])):
            rounds.append(int(st.round[0]))
        st = game.step(st, np.array([game.ids.work if st.phase[0] == C.PH_PLACE else int(np.flatnonzero(st.legal_action_mask[0])[0])]))  # noqa: E501
    assert rounds == list(range(1, 9)) and st.round[0] == 8 and st.phase[0] == C.PH_OVER


def test_income_die_from_round_two():
    """"Players receive an extra resource from this table in phase 1 each round, starting in round 2." """
    game, st = fresh(3)
    assert st.income_res[0] == -1 and st.rolls[0] == 0
    empty_round(st)
    st = run_stage(game, st, C.ST_INCOME, round=2)
    assert st.income_res[0] >= 0 and st.rolls[0] == 1


# ------------------------------------------------------------------ the first game's workshops


def test_first_game_workshops():
    """"We recommend that you use these workshops for your first game:" "The last player (who chooses
    first) should place a Picconiere on space '1' and a Legnaiuolo on space '2.'" "The second to last
    player should place a Boscaiuolo in space '1' and an Ottonaio on space '2.'" "The third to last player
    should place a Fabbro on space '1' and an Erbolαιο on space '2.'" "The fourth to last player should
    place a Cambiavalute on space '1' and an Orafo on space '2.'" "The final player should place a Monte
    di Pietà on space '1' and a Lanaiuolo on space '2.'" """
    game, st = fresh(5, seed=9)
    t = game.t
    from_last = st.order[0, :5][::-1].tolist()
    expect = [("Picconiere", "Legnaiuolo"), ("Boscaiuolo", "Ottonaio"), ("Fabbro", "Erbolaio"),
              ("Cambiavalute", "Orafo"), ("Monte di Pieta", "Lanaiuolo")]  # fmt: skip
    for q, pair in zip(from_last, expect):
        assert tuple(t.ws_names[w] for w in st.space_type[0, q, :2]) == pair
        assert st.space_built[0, q, :2].all() and (st.space_type[0, q, 2:] < 0).all()
    # fewer players: the suggestions from the last player on
    game, st = fresh(2, seed=9)
    last = int(st.order[0, 1])
    assert [t.ws_names[w] for w in st.space_type[0, last, :2]] == ["Picconiere", "Legnaiuolo"]


# ------------------------------------------------------------------ the workshops


def test_start_workshops_are_the_twelve_set_apart():
    """"Sort the workshop tiles and place them near the gameboard, forming a supply." "Each player will
    begin the game with two workshops, but only a limited number are available at the beginning of the
    game." "Take one each of the following tiles from the supply and set them apart:" "Boscaiuolo (3)
    Monte di Pietà (18)" "Cambiavalute (4) Orafo (19)" "Erbolαιο (11) Otonaio (20)" "Fabbro (12)
    Picconiere (22)" "Lanaiuolo (14) Speziale (27)" "Legnaiuolo (15) Tintore (28)" The table has two
    columns (a tab between them in the text): each row names two of the twelve tiles (DATA_NOTES.md)."""
    game = Florenza(3)
    st = game.init(np.array([2], np.uint64))
    assert sorted(int(w) + 1 for w in game.t.start_types) == [3, 4, 11, 12, 14, 15, 18, 19, 20, 22, 27, 28]
    assert (st.ws_supply[0] == game.t.ws_qty).all()
    assert names(game, st) == {f"build_{game.t.ws_names[w]}" for w in game.t.start_types}


def test_one_or_more_copies_of_a_workshop():
    """"There is only 1 of this workshop in the game." "There is more than 1 of this workshop in the
    game." Every type has one tile or more; the data's unique flag is exactly a quantity of 1."""
    t = Florenza(3).t
    unique = [w["unique"] for w in raw_data()["workshops"]]
    assert (t.ws_qty >= 1).all() and [q == 1 for q in t.ws_qty.tolist()] == unique


def test_starting_picks_in_reverse_order_space_one_then_two_for_free():
    """"Starting with the player in the last space on the turn order track, and taking turns in reverse
    order, each player will select one of these workshops and place it on the '1' space of his district
    board." "Once all players have chosen a workshop each player, in the same order, chooses a second
    workshop from the list and places it on the '2' space." "In this way, all players will begin the game
    with two workshops." "These workshops are built for free: place them with the finished side up." "Any
    workshop tiles that are not chosen are returned to the supply." "In this example, the red player is
    playing 1st, yellow is 2nd, green 3rd, blue 4th, and black 5th." "Black chooses workshops first." """
    game = Florenza(5)
    st = game.init(np.array([11], np.uint64))
    order = st.order[0, :5].tolist()
    picks = []
    while st.phase[0] == C.PH_START_PICK:
        p = int(st.current_player[0])
        w = int(np.flatnonzero(st.legal_action_mask[0])[-1]) - game.ids.build
        picks.append((p, w))
        st = game.step(st, np.array([game.ids.build + w]))
    assert [p for p, _ in picks] == order[::-1] * 2  # black (5th) first, then in reverse order, twice
    assert len({w for _, w in picks}) == 10  # a chosen tile is gone from the list
    for i, (p, w) in enumerate(picks):
        assert st.space_type[0, p, i // 5] == w and st.space_built[0, p, i // 5]
    assert (st.money[0] == 300).all() and (st.res[0] == 1).all()
    assert st.ws_supply[0].sum() == game.t.ws_qty.sum() - 10
    assert (st.ws_supply[0][game.t.start_types] >= game.t.ws_qty[game.t.start_types] - 1).all()


def test_workshop_tile_sides_building_then_finished():
    """"Each workshop tile has two sides." "The front (dark) side shows the cost that you must pay in order
    to build the workshop." "When you place a new workshop tile on your district board, you must always
    place it with this side up." "After you pay the cost shown, turn the tile over to the finished side."
    "The back (light) side shows the finished workshop and what benefit you can receive if you place a
    worker there." """
    game, st = fresh(3)
    t = game.t
    p = int(st.current_player[0])
    st = act(game, st, "build_Fabbro")
    fabbro = workshop(game, "Fabbro")
    assert st.space_type[0, p, 2] == fabbro and not st.space_built[0, p, 2]
    # nobody can operate the unfinished tile
    assert f"operate_{(p - int(st.current_player[0])) % 3}_3" not in names(game, st)
    empty_round(st)
    st.space_type[0, p, 2], st.space_worker[0, p, 2] = fabbro, p
    st.pool[0, p] -= 1
    st.res[0, p] = t.ws_cost[fabbro]
    st.money[0, p] = t.ws_cost_fl[fabbro]
    st = run_stage(game, st, C.ST_DISTRICT, round=8)
    assert st.space_built[0, p, 2] and (st.res[0, p] == 0).all() and st.money[0, p] == 0


def test_operating_an_opponents_workshop_costs_him_one_prestige_each_time():
    """"Strategy Hint: During the game, you can use workshops in another player's district, but you must
    pay him one prestige point each time." """
    game, st = fresh(3, seed=5)
    p = int(st.current_player[0])
    q = (p + 1) % 3
    st = act(game, st, "operate_1_1")
    while int(st.current_player[0]) != p:
        st = act(game, st, "go_to_work")
    st = act(game, st, "operate_1_2")
    assert st.track[0, p] == -2 and st.track[0, q] == 2


def test_workshops_resolve_in_space_order_so_a_seller_before_its_producer_sells_nothing():
    """"Also, remember that workshops are resolved in order." "It is not the best strategy to have a
    building that sells a resource come up before the workshop that produces that resource." A
    Legnaiuolo (spend 1 wood) on space 1 and a Boscaiuolo (1 wood) on space 2, both worked by a player
    with no wood: the Legnaiuolo resolves first and has nothing to sell; the wood comes after."""
    game, st = fresh(3)
    t = game.t
    empty_round(st)
    clear_districts(game, st)
    legnaiuolo = put_workshop(game, st, 0, 0, "Legnaiuolo")
    put_workshop(game, st, 0, 1, "Boscaiuolo")
    st.space_worker[0, 0, :2] = 0
    st.pool[0, 0] -= 2
    st.res[0, 0] = 0
    money = int(st.money[0, 0])
    st = run_stage(game, st, C.ST_DISTRICT, round=8)
    assert st.money[0, 0] == money and st.res[0, 0, t.wood] == 1  # no CONVERT was offered
    assert t.ws_convert[legnaiuolo] and (t.ws_spend[legnaiuolo] > 0).any()
