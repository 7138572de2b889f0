"""The Princes of Florence engine: set-up, the rulebook's own examples reproduced exactly,
placement rules, characters, invariants, hidden information and batch independence."""

import json

import numpy as np
import pytest

import florentine_envs
from florentine_envs import princes_v2
from florentine_envs.games.princes import Princes
from florentine_envs.games.princes.constants import (
    C_BANKER,
    C_MERCHANT,
    C_PRINCESS,
    DECK_BONUS,
    DECK_PRESTIGE,
    NUM_BUILDINGS,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    PH_PLACE,
    PH_SETUP_DISCARD,
    PH_WORK_PAY,
    RESUME_ACTION,
)
from florentine_envs.games.princes.data import FEATURES
from florentine_envs.games.princes.geometry import orient, parse_shape
from florentine_envs.testing import play_random, random_legal_actions, states_equal
from tests.princes_scenarios import (
    act,
    build,
    clear_hand,
    deck_list,
    furnish,
    give_card,
    give_profession,
    landscape,
    legal_names,
    new_game,
    overview_prestige_game,
    overview_principality,
    place_first,
    start_turn,
)

G0 = np.array([0])


# ------------------------------------------------------------------ set-up


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_setup_money_freedoms_hands_and_decks(num_players):
    game = Princes(num_players)
    st = game.init(np.arange(40))
    money = 25 if num_players == 2 else 35  # 2,500 / 3,500 Florin in units of 100
    assert (st.money == money).all() and (st.fame == 0).all()
    if num_players == 2:  # one of each kind plus one more of two different kinds
        assert (st.supply_freedoms.sum(1) == 5).all() and set(st.supply_freedoms.ravel()) == {1, 2}
    else:
        assert (st.supply_freedoms == num_players - 1).all()
    assert (st.hand_prof.sum(2) == 4).all() and (st.known == st.hand_prof).all()  # dealt face up (D2)
    assert (st.phase == PH_SETUP_DISCARD).all() and (st.current_player == st.start).all()
    assert len(set(st.start.tolist())) == num_players  # a random start player
    assert (st.deck_len[:, DECK_BONUS] == 20).all() and (st.deck_len[:, DECK_PRESTIGE] == 14).all()
    for _ in range(num_players):
        game.step(st, random_legal_actions(st.legal_action_mask, np.random.default_rng(0)))
    assert (st.hand_prof.sum(2) == 3).all() and (st.deck_len[:, 0] == 21 - 3 * num_players).all()
    assert (st.phase == PH_AUCTION_CHOOSE).all() and (st.current_player == st.start).all()
    assert st.fits.all()  # every piece fits an empty principality


def test_two_players_harder_freedoms_and_option_errors():
    st = Princes(2, hard_freedoms=True).init(np.arange(20))
    assert (st.supply_freedoms.sum(1) == 4).all()
    with pytest.raises(ValueError, match="hard_freedoms=True is a 2-player rule"):
        Princes(3, hard_freedoms=True)
    with pytest.raises(TypeError, match="mode"):  # the reserved option is gone: solo=True is the solo game
        Princes(2, mode="solo")
    with pytest.raises(ValueError, match="num_players=2 is not supported; allowed: 1"):
        Princes(2, solo=True)
    with pytest.raises(ValueError, match="characters must be True or False"):
        Princes(2, characters="yes")
    with pytest.raises(ValueError, match="cardinal_twice_limit must be True or False"):
        Princes(3, characters=True, cardinal_twice_limit=1)
    with pytest.raises(ValueError, match="cardinal_twice_limit=True is a rule of the Cardinal"):
        Princes(3, cardinal_twice_limit=True)  # no Character cards, no Cardinal
    with pytest.raises(ValueError, match="cardinal_twice_limit=True is not combined with cooperative=True"):
        Princes(3, characters=True, cardinal_twice_limit=True, cooperative=True)
    with pytest.raises(ValueError, match="cardinal_twice_limit"):
        florentine_envs.make("princes_solo", cardinal_twice_limit=True)
    with pytest.raises(ValueError, match="unknown option"):
        florentine_envs.make("princes", num_players=2, colour="red")


def test_data_override_changes_the_rules():
    game = Princes(3, data={"setup": {"money_by_player_count": {"3": 50}}, "rounds": {"minimum_work_value": [1] * 7}})
    st = game.init(np.arange(2))
    assert (st.money == 50).all() and game.T.minimum.tolist() == [1] * 7


# ------------------------------------------------------------ the auction


def test_the_rulebooks_four_player_auction_example():
    """Auction phase, "Example": Alexandra (seat 0, start), Leon 1, Jen 2, Wolfgang 3."""
    game, st = new_game(4, start=0)
    alexandra, leon, jen, wolfgang = range(4)
    # (1) Alexandra names a Park at 200; all others pass; she pays 200 and places it.
    act(game, st, "open_Park")
    for seat in (leon, jen, wolfgang):
        assert st.current_player[0] == seat
        act(game, st, "pass")
    assert st.phase[0] == PH_PLACE and st.current_player[0] == alexandra
    place_first(game, st)
    assert st.money[0].tolist() == [33, 35, 35, 35] and st.landscapes[0, alexandra, 2] == 1
    # (2) Leon is the next player clockwise and auctions a Jester.
    assert st.phase[0] == PH_AUCTION_CHOOSE and st.current_player[0] == leon
    assert "open_Park" not in legal_names(game, st)  # the Park stack is taken this round
    act(game, st, "open_Jester")
    for seat in (jen, wolfgang, leon, jen, wolfgang):  # 300, 400, 500, 600, 700: never Alexandra
        assert st.current_player[0] == seat and st.phase[0] == PH_AUCTION_BID
        act(game, st, "raise")
    act(game, st, "pass")  # Leon
    act(game, st, "pass")  # Jen
    assert st.money[0, wolfgang] == 35 - 7 and st.jesters[0, wolfgang] == 1
    # (3) Leon chooses again as he did not win: a Forest; Jen 300, Leon 400, Jen 500, Leon 600, Jen passes.
    assert st.current_player[0] == leon
    act(game, st, "open_Forest")
    for seat in (jen, leon, jen, leon):
        assert st.current_player[0] == seat
        act(game, st, "raise")
    act(game, st, "pass")
    place_first(game, st)
    assert st.money[0, leon] == 35 - 6 and st.landscapes[0, leon, 0] == 1
    # (4) Only Jen may bid: she takes a Builder for 200 from the four remaining stacks.
    assert st.current_player[0] == jen and st.lone[0]
    assert legal_names(game, st) == ["withdraw", "open_Lake", "open_Prestige", "open_Recruiting", "open_Builder"]
    act(game, st, "open_Builder")
    assert st.money[0].tolist() == [33, 29, 33, 28] and st.builders[0, jen] == 1
    # (5) All pawns come back; the action phase begins with the start player.
    assert st.phase[0] == PH_ACTION and st.current_player[0] == alexandra and not st.pawn_free[0].any()


def test_two_players_open_at_300_and_the_landscapes_are_one_object():
    game, st = new_game(2, start=0)
    assert legal_names(game, st)[:2] == ["withdraw", "open_Forest"] and "open_Lake" not in legal_names(game, st)
    act(game, st, "open_Forest")
    assert st.bid[0] == 3
    act(game, st, "pass")
    assert legal_names(game, st) == ["landscape_Forest", "landscape_Lake", "landscape_Park"]
    act(game, st, "landscape_Lake")
    place_first(game, st)
    assert st.landscapes[0, 0].tolist() == [0, 1, 0] and st.money[0, 0] == 25 - 3
    assert st.stack_used[0, :3].all()  # no other landscape this round
    act(game, st, "open_Jester")  # the lone buyer pays 200 (D6)
    assert st.money[0, 1] == 25 - 2


def test_a_bid_beyond_money_sells_exactly_the_fame_missing():
    game, st = new_game(3, start=0)
    st.money[0, 0], st.fame[0, 0] = 1, 3
    st.money_out[0] += 34  # keep the Bank's books balanced (the money left the game)
    game._refresh_mask(st, G0)
    act(game, st, "open_Jester")  # 200 > 100 in hand: legal, one fame will be sold
    act(game, st, "raise")  # seat 1: 300
    act(game, st, "pass")  # seat 2
    assert st.current_player[0] == 0
    assert legal_names(game, st) == ["pass", "raise"]  # 400 <= 100 + 3 fame
    act(game, st, "raise")
    act(game, st, "pass")
    assert st.money[0, 0] == 0 and st.fame[0, 0] == 0 and st.jesters[0, 0] == 1
    game.check_invariants(st)


def test_builders_cost_points_adjacency_and_the_limit_of_three():
    game, st = new_game(2, start=0)
    for n in (1, 2, 3):
        if st.current_player[0] == 1:  # seat 1 chooses first in even rounds: it withdraws
            act(game, st, "withdraw")
        act(game, st, "open_Builder")
        if st.phase[0] == PH_AUCTION_BID:
            act(game, st, "pass")
        assert st.builders[0, 0] == n and st.fame[0, 0] == [0, 3, 6][n - 1]
        if st.phase[0] == PH_AUCTION_CHOOSE:
            act(game, st, "withdraw")
        while st.phase[0] == PH_ACTION:
            act(game, st, "end_turn")
    assert st.current_player[0] == 1
    act(game, st, "withdraw")
    assert "open_Builder" not in legal_names(game, st)  # a fourth Builder: never (D7)
    # Build costs 700 / 300 / 300 / 0 by Builders (units of 100).
    assert game.T.build_cost.tolist() == [7, 3, 3, 0]


# ------------------------------------------------------------------ works


def test_the_poets_work_of_15_taken_as_100_florin_and_7_fame():
    """Complete a Work, "Work scoring example" (round 3, minimum 12)."""
    game, st = new_game(4, start=0)
    clear_hand(game, st, 0)
    poet = give_profession(game, st, 0, "Poet")
    give_profession(game, st, 0, "Painter")
    give_profession(game, st, 0, "Mathematician", table=True)
    build(game, st, 0, "Theater")
    furnish(game, st, 0, jesters=2, freedoms=["Travel"], hand_recruit=1)
    start_turn(game, st, 0, round_index=2)
    money, fame = int(st.money[0, 0]), int(st.fame[0, 0])
    assert game.work_base(st, G0, G0, np.array([poet]))[0] == 15
    act(game, st, "profession_Poet")
    # Landscape 0 + Freedom 3 + Building 4 + Jesters 4 + cards 4 (3 professions, 1 Recruiting; D37)
    assert st.phase[0] == PH_WORK_PAY and st.work_value[0] == 15
    assert legal_names(game, st)[-1] == "fame_7"  # 15 points: at most 7 x 200 Florin as fame
    act(game, st, "fame_7")
    assert st.money[0, 0] == money + 1 and st.fame[0, 0] == fame + 7 and st.best_work[0, 0] == 15
    assert st.table_prof[0, 0, poet] and not st.hand_prof[0, 0, poet] and st.actions_left[0] == 1


def test_work_value_formula_and_the_minimum():
    game, st = new_game(3, start=0)
    clear_hand(game, st, 0)
    bell = give_profession(game, st, 0, "Bell Maker")  # Forest / Workshop / Religion
    start_turn(game, st, 0, round_index=0)
    value = lambda: int(game.work_base(st, G0, G0, np.array([bell]))[0])  # noqa: E731
    assert value() == 1  # only the card itself
    landscape(game, st, 0, "Forest")
    assert value() == 4
    furnish(game, st, 0, freedoms=["Religion"], jesters=3)
    assert value() == 4 + 3 + 6
    build(game, st, 0, "Workshop")
    assert value() == 4 + 3 + 6 + 4
    start_turn(game, st, 0, round_index=6)  # minimum 17: 17 is reached, the work is legal
    assert "profession_Bell_Maker" in legal_names(game, st)
    st.jesters[0, 0] -= 1
    st.supply_jesters[0] += 1
    start_turn(game, st, 0, round_index=6)  # 15 < 17 and no Bonus card: not legal (D18)
    assert "profession_Bell_Maker" not in legal_names(game, st)
    give_card(game, st, 0, DECK_BONUS, 6)  # each Forest +2: 15 + 2 = 17
    start_turn(game, st, 0, round_index=6)
    act(game, st, "profession_Bell_Maker")
    # `done` is illegal below the minimum, so the Bonus card was the only move: forced, then `done`
    assert st.work_value[0] == 17 and st.bonus_out[0, 6] and st.phase[0] == PH_WORK_PAY


def test_every_bonus_card_on_the_overview_principality():
    game, st = new_game(3, start=0)
    overview_principality(game, st, 0)
    give_profession(game, st, 0, "Doctor", table=True)  # the card being played is on the table
    game.check_invariants(st)
    values = game.bonus_values(st, G0, G0)[0]
    printed = [card["example"] for card in game.data["bonus_cards"]["cards"]]
    assert values.tolist() == printed == [5, 4, 3, 5, 6, 3, 4, 2, 0, 4, 0, 2, 4, 3, 2, 3, 4, 5, 1, 3]


def test_every_prestige_card_example():
    """Overview of the 14 Prestige cards: seat 0 is the overview's principality (4 professions and
    a Recruiting card on the table, 1 profession in hand); seat 1 ties on Buildings, Landscapes
    and Works and has fewer empty spaces; seats 1 and 2 have a Lake each."""
    game, st = overview_prestige_game()
    feats = game.all_features(st, G0)[0]
    assert feats[0, FEATURES.index("empty")] > feats[1, FEATURES.index("empty")]
    points = game.prestige_points(st, G0)[0, 0].tolist()
    # most buildings (tied: 3), 2 large 5, fewest empty (an opponent has fewer: 0), 3 landscape types
    # 0, most landscapes (tied: 4), most forests 7, most lakes (tied with two: 3), 3 freedoms 0,
    # 4 buildings + 2 freedoms + 4 works 6, jesters 0, most builders 6, most parks 0 (seat 1 has
    # them), builder + jester + 2 landscapes 0, most works (tied: 4)
    assert points == [3, 5, 0, 0, 4, 7, 3, 0, 6, 0, 6, 0, 0, 4]
    # "You cannot score the most for having nothing": nobody scores Most Jesters or, without seat
    # 1's Parks, Most Parks.
    assert game.prestige_points(st, G0)[0, :, 9].tolist() == [0, 0, 0]


def test_prestige_cards_score_at_the_end_for_their_holder_only():
    game, st = new_game(2, start=0)
    give_card(game, st, 0, DECK_PRESTIGE, 10)  # most Builders 6 (3)
    furnish(game, st, 0, builders=1)
    give_card(game, st, 1, DECK_PRESTIGE, 11)  # most Parks: seat 1 has none
    fame = st.fame[0].copy()
    game._final_scoring(st, G0)
    assert (st.fame[0] - fame).tolist() == [6, 0] and st.terminated[0]
    assert st.rewards[0].tolist() == [1.0, -1.0]


def test_ties_are_broken_by_money_then_shared():
    game = Princes(3)
    fame, money = np.array([[10, 10, 4]]), np.array([[5, 7, 50]])
    assert game.final_rewards(fame, money).tolist() == [[-0.5, 1.0, -0.5]]
    assert game.final_rewards(fame, np.array([[7, 7, 50]])).tolist() == [[0.5, 0.5, -1.0]]
    assert Princes(3, reward="score").final_rewards(fame, money).tolist() == [[3.0, 3.0, -6.0]]


# ------------------------------------------------------------- placement


def test_orientation_tables():
    assert len({orient(parse_shape(["###"]), k) for k in range(8)}) == 2  # a bar: 2 orientations
    assert len({orient(parse_shape(["##", "##"]), k) for k in range(8)}) == 1
    assert len({orient(parse_shape(["##", "#."]), k) for k in range(8)}) == 4
    assert len({orient(parse_shape(["###", "###", "#.."]), k) for k in range(8)}) == 8
    T = Princes(2).T
    # Rule 1: every table entry lies inside the 7 x 7 grid and covers the piece's area.
    for piece in range(13):
        masks = T.squares[piece][T.squares[piece] != 0]
        assert (masks >> np.uint64(49) == 0).all()
        assert (np.bitwise_count(masks) == T.piece_area[piece]).all()
        assert len(set(masks.tolist())) == masks.size  # no placement twice (duplicates removed)


def test_placement_rules_2_to_5():
    game, st = new_game(3, start=0)
    T = game.T
    start_turn(game, st, 0, round_index=0)
    act(game, st, "build_Tower")
    legal = st.legal_action_mask[0, game.a_place : game.a_fame]
    squares, halo = T.squares[8], T.halo[8]
    assert not legal[(squares & T.palazzo) != 0].any()  # rule 2: no overlap (the Palazzo)
    assert not legal[(halo & T.palazzo) != 0].any()  # rule 3: no building beside the Palazzo
    assert legal[(squares != 0) & ((squares | halo) & T.palazzo == 0)].all()
    place_first(game, st)
    assert st.fame[0, 0] == 3 and st.built[0, 0, 8]
    assert "build_Tower" not in legal_names(game, st)  # rule 5: each building once
    tower = int(st.blocked[0, 0] & ~T.palazzo)
    act(game, st, "build_Chapel")  # rule 3: not beside the Tower either
    legal = st.legal_action_mask[0, game.a_place : game.a_fame]
    assert not legal[(T.halo[9] & np.uint64(tower)) != 0].any()
    # the exception: with 2 Builders a building may touch buildings (the Palazzo too)
    furnish(game, st, 0, builders=2)
    game._refresh_mask(st, G0)
    legal = st.legal_action_mask[0, game.a_place : game.a_fame]
    assert legal[(T.squares[9] != 0) & ((T.squares[9] & st.occupied[0, 0]) == 0)].all()


def test_landscapes_may_touch_anything_and_a_second_of_a_kind_scores():
    game, st = new_game(3, start=0)
    T = game.T
    act(game, st, "open_Lake")
    act(game, st, "pass")
    act(game, st, "pass")
    legal = st.legal_action_mask[0, game.a_place : game.a_fame]
    squares = T.squares[NUM_BUILDINGS + 1]
    assert legal[(squares != 0) & ((squares & T.palazzo) == 0)].all()  # rule 4
    place_first(game, st)
    assert st.fame[0, 0] == 0 and st.landscapes[0, 0, 1] == 1
    landscape(game, st, 0, "Forest")  # another type: nothing (the helper scores nothing anyway)
    start_turn(game, st, 0, round_index=1)
    game._start_place(st, G0, NUM_BUILDINGS + 1, RESUME_ACTION)  # a second Lake, placed by the engine
    game._refresh_mask(st, G0)
    place_first(game, st)
    assert st.fame[0, 0] == 3 and st.landscapes[0, 0, 1] == 2 and st.phase[0] == PH_ACTION


def test_occupied_cells_only_grow_in_random_play():  # rule 6: nothing moves or goes away
    game = Princes(4, characters=True)
    previous = {}

    def on_step(s, t):
        if "occ" in previous:
            assert ((previous["occ"] & ~s.occupied) == 0).all()
        previous["occ"] = s.occupied.copy()

    play_random(game, np.arange(8), np.random.default_rng(1), on_step=on_step)


# ------------------------------------------------------------- characters


def test_the_princesss_work_of_16():
    game, st = new_game(3, start=0, characters=True)
    landscape(game, st, 0, "Forest", 2)
    landscape(game, st, 0, "Lake")
    build(game, st, 0, "Laboratory", "Library")
    st.char_owner[0, C_PRINCESS] = 0
    start_turn(game, st, 0, round_index=5)  # minimum 16
    assert st.hand_prof[0, 0].sum() == 3 and "princess_work" in legal_names(game, st)
    act(game, st, "princess_work")
    assert st.work_value[0] == 16 and st.phase[0] == PH_WORK_PAY  # 6 + 3 + 2 + 2 + 3
    assert not st.char_faceup[0, C_PRINCESS] and st.actions_left[0] == 1


@pytest.mark.parametrize("use", ["merchant_fame", "merchant_pay"])
def test_the_merchant_example(use):
    """Leon (seat 1) wins a Lake for 400 with a face-up Merchant; 3 opponents have more fame."""
    game, st = new_game(4, start=1, characters=True)
    st.char_owner[0, C_MERCHANT] = 1
    st.fame[0] = [5, 0, 5, 5]
    game._refresh_mask(st, G0)
    act(game, st, "open_Lake")  # Leon 200
    act(game, st, "raise")  # Jen 300
    act(game, st, "pass")  # Wolfgang
    act(game, st, "pass")  # Alexandra
    act(game, st, "raise")  # Leon 400
    act(game, st, "pass")  # Jen
    assert st.phase[0] == PH_CHAR_USE and legal_names(game, st) == ["pass", "merchant_fame", "merchant_pay"]
    act(game, st, use)
    assert st.phase[0] == PH_PLACE and not st.char_faceup[0, C_MERCHANT]
    if use == "merchant_fame":
        assert st.fame[0, 1] == 4 and st.money[0, 1] == 35 - 4
    else:
        assert st.fame[0, 1] == 0 and st.money[0, 1] == 35


def test_the_banker_example():
    game, st = new_game(4, start=0, characters=True)
    chris = 1

    def quiet_round():
        while st.phase[0] == PH_AUCTION_CHOOSE:
            act(game, st, "withdraw")

    quiet_round()
    assert st.phase[0] == PH_CHAR_AUCTION and st.banker_money[0] == 6
    for _ in range(4):
        act(game, st, "pass")
    assert st.banker_money[0] == 7  # nobody bought it in round 1: +100
    while st.phase[0] == PH_ACTION:
        act(game, st, "end_turn")
    quiet_round()
    assert st.current_player[0] == chris  # round 2: start player seat 1
    act(game, st, "char_bid_Banker_2")
    for _ in range(3):
        act(game, st, "pass")
    assert st.char_owner[0, C_BANKER] == chris and st.money[0, chris] == 35 - 2 + 7 and st.banker_money[0] == 0
    while st.phase[0] == PH_ACTION:
        act(game, st, "end_turn")
    quiet_round()
    assert st.char_owner[0, C_BANKER] == -1 and st.banker_money[0] == 6  # returned: 600 on it


def test_character_auction_overbids_and_a_standing_pawn_buys():
    game, st = new_game(3, start=0, characters=True)
    while st.phase[0] == PH_AUCTION_CHOOSE:
        act(game, st, "withdraw")
    act(game, st, "char_bid_Muse_3")  # seat 0
    assert "char_bid_Muse_3" not in legal_names(game, st)  # seat 1 must bid higher on the Muse
    act(game, st, "char_bid_Muse_4")  # seat 1 overbids: seat 0's pawn goes home
    assert st.pawn_card[0].tolist() == [-1, 3, -1]
    act(game, st, "pass")  # seat 2
    act(game, st, "char_bid_Cardinal_3")  # seat 0 again
    assert st.char_owner[0, 3] == 1 and st.money[0, 1] == 35 - 4  # seat 1's pawn stood: bought
    assert st.char_owner[0, 1] == 0 and st.phase[0] == PH_ACTION  # seat 0 next: bought too


# ------------------------------------------------------ invariants, hidden info


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("characters", [False, True])
def test_invariants_hold_through_random_games(num_players, characters):
    game = Princes(num_players, characters=characters)
    game.debug = True  # check_invariants after every step
    final, actions = play_random(game, np.arange(12), np.random.default_rng(num_players))
    assert final.terminated.all() and len(actions) > 20 * num_players
    assert (final.scores == final.fame).all()


def test_randomize_hidden_keeps_the_observers_view_and_changes_the_rest():
    game = Princes(4, characters=True)
    rng = np.random.default_rng(5)
    st = game.init(np.arange(16))
    changed = 0
    for _ in range(60):
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
        for p in range(4):
            other = game.randomize_hidden(st, p, seed=p)
            players = np.full(16, p)
            assert np.array_equal(game.observe(other, players), game.observe(st, players))
            game.check_invariants(other)
            changed += not np.array_equal(other.hand_prof, st.hand_prof)
    assert changed > 0
    # the known (face-up dealt, recruited) cards of an opponent stay where they are
    assert (game.randomize_hidden(st, 0, seed=9).known == st.known).all()


def test_randomize_hidden_keeps_the_cards_the_player_put_under_the_deck():
    """A player who drew 5 Bonus cards, kept one and put 4 under knows them and their order at
    the bottom of the deck; a redraw for it keeps them there (another seat's redraw does not),
    and cards an opponent put under later stay unknown to it, their places kept."""
    game, st = new_game(3, start=0)
    start_turn(game, st, 0, round_index=0)
    deck = deck_list(st, DECK_BONUS)
    act(game, st, "take_bonus")
    act(game, st, f"bonus_{deck[0]}")
    order = [deck[3], deck[1], deck[4], deck[2]]
    for card in order[:-1]:
        act(game, st, f"bonus_{card}")
    act(game, st, "end_turn")
    act(game, st, "take_bonus")  # seat 1 draws the next 5 and puts 4 under after seat 0's cards
    for _ in range(4):
        act(game, st, legal_names(game, st)[0])
    assert st.phase[0] == PH_ACTION and int(st.current_player[0]) == 1
    after = deck_list(st, DECK_BONUS)
    assert after[-8:-4] == order and len(after) == 20 - 2
    game.check_invariants(st)
    moved_for_seat_2 = 0
    for seed in range(6):
        mine = game.randomize_hidden(st, 0, seed)
        game.check_invariants(mine)
        redrawn = deck_list(mine, DECK_BONUS)
        assert redrawn[-8:-4] == order  # seat 0's cards, in its order, where it put them
        assert sorted(redrawn[:-8] + redrawn[-4:] + np.flatnonzero(mine.bonus_hand[0, 1]).tolist()) == sorted(
            after[:-8] + after[-4:] + np.flatnonzero(st.bonus_hand[0, 1]).tolist()
        )  # the rest is re-dealt among the places seat 0 cannot see
        assert (mine.under_by[0, DECK_BONUS][redrawn[-4:]] == 1).all()  # seat 1's places stay seat 1's
        twice = game.randomize_hidden(game.randomize_hidden(st, 0, seed + 50), 0, seed)
        assert states_equal(twice, mine)  # depends only on what seat 0 knows
        moved_for_seat_2 += deck_list(game.randomize_hidden(st, 2, seed), DECK_BONUS)[-8:-4] != order
    assert moved_for_seat_2 > 0


def test_batch_independence_and_json_round_trip():
    game = Princes(3, characters=True)
    rng = np.random.default_rng(2)
    batch = game.init(np.arange(6))
    alone = game.init(np.arange(2, 3))
    for _ in range(150):
        actions = random_legal_actions(batch.legal_action_mask, rng)
        game.step(batch, actions)
        game.step(alone, actions[2:3])
        assert states_equal(alone, batch.select(2))
    restored = game.from_json(game.to_json(batch, 4))
    assert states_equal(restored, batch.select(4))
    assert json.loads(game.to_json(batch, 4))["options"]["characters"] is True


def test_illegal_actions_are_refused_and_leave_the_state_unchanged():
    game, st = new_game(3, start=0)
    before = st.copy()
    with pytest.raises(ValueError, match=r"princes: action 1 \(raise\) is illegal for player_0; legal"):
        game.step(st, np.array([1]))
    assert states_equal(st, before)


def test_the_cardinal_option_is_in_version_2():
    """v2 added the option cardinal_twice_limit (DESIGN_NOTES D17): the turn field has 6 entries."""
    import gymnasium

    env = gymnasium.make("florentine/Princes-v2", num_players=3, characters=True, cardinal_twice_limit=True)
    obs, _ = env.reset(seed=1)
    assert obs.shape == (314 + 198 * 3,)  # SPEC V: turn has 6 entries with the option


def test_aec_env_plays_a_game_with_characters_and_renders():
    env = princes_v2.env(num_players=3, characters=True, render_mode="ansi")
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    text = env.unwrapped.game.render(env.unwrapped.game_state)
    assert "game over" in text and text.count(" P P P") == 6  # every Palazzo drawn


SOLO_4, SOLO_5 = {"solo": True, "dummies": 2}, {"solo": True, "dummies": 3}


@pytest.mark.parametrize("options", [{}, {"characters": True}, SOLO_4, SOLO_5])
def test_one_game_observation_equals_the_batched_one(options):
    # the solo game's one agent sees the base fields through the same one-game path, then its solo field
    game = Princes(1 if options.get("solo") else 5, **options)
    rng = np.random.default_rng(3)
    st = game.init(np.arange(8))
    for t in range(400):
        for b in range(0, 8, 3):
            one = st.select(np.array([b]))
            for p in range(game.num_players):
                batched = game._observe_batch(one, np.array([p]))
                if game.solo:
                    game._solo_observe(one, batched)
                np.testing.assert_array_equal(game.observe(one, np.array([p])), batched, err_msg=f"step {t}")
                if game.solo:  # the same rows as the one game's in a batch of eight
                    np.testing.assert_array_equal(game.observe(st, np.zeros(8, int))[b], batched[0])
        if st.terminated.all():
            break
        game.step(st, random_legal_actions(st.legal_action_mask, rng))


def test_recruiting_card_used_at_once_and_kept_for_later():
    game, st = new_game(3, start=0)
    doctor = give_profession(game, st, 1, "Doctor", table=True)
    poet = give_profession(game, st, 2, "Poet", table=True)
    game._refresh_mask(st, G0)
    act(game, st, "open_Recruiting")
    act(game, st, "pass")
    act(game, st, "pass")
    assert legal_names(game, st) == ["pass", "recruit_Doctor", "recruit_Poet"]  # immediately, or keep it
    act(game, st, "recruit_Doctor")
    assert st.hand_prof[0, 0, doctor] and st.known[0, 0, doctor] and st.table_recruit[0, 1] == 1
    assert st.hand_recruit[0, 0] == 0  # the card now lies on seat 1's table in the Doctor's place
    furnish(game, st, 0, hand_recruit=1)
    start_turn(game, st, 0, round_index=1)
    act(game, st, "recruit_Poet")  # a free action: no action used
    assert st.actions_left[0] == 2 and st.hand_prof[0, 0, poet] and st.table_recruit[0, 2] == 1


def test_the_cardinal_gives_a_third_action_and_the_professor_a_free_card():
    game, st = new_game(3, start=0, characters=True)
    st.char_owner[0, 1] = 0  # Cardinal
    st.char_owner[0, 5] = 0  # Professor (one character a round in play; here both, for the test)
    start_turn(game, st, 0, round_index=0)
    money = int(st.money[0, 0])
    act(game, st, "professor_bonus")  # free: no action, no Florin
    act(game, st, legal_names(game, st)[0])  # keep a card
    while st.phase[0] != PH_ACTION:  # order the rest under the deck
        act(game, st, legal_names(game, st)[0])
    assert st.bonus_hand[0, 0].sum() == 1 and st.money[0, 0] == money and st.actions_left[0] == 2
    act(game, st, "take_bonus")
    while st.phase[0] != PH_ACTION:
        act(game, st, legal_names(game, st)[0])
    act(game, st, "take_bonus")
    while st.phase[0] != PH_ACTION:
        act(game, st, legal_names(game, st)[0])
    assert st.actions_left[0] == 0 and "take_bonus" not in legal_names(game, st)
    act(game, st, "cardinal")
    assert st.actions_left[0] == 1 and "take_bonus" in legal_names(game, st)  # a third one (D17)
    assert st.money[0, 0] == money - 6


@pytest.mark.parametrize("options", [{}, {"characters": True}, {"characters": True, "cardinal_twice_limit": True}])
def test_one_game_mask_equals_the_batched_one(options):
    game = Princes(4, **options)
    rng = np.random.default_rng(4)
    st = game.init(np.arange(12))
    compared = 0
    while not st.terminated.all():
        for b in np.flatnonzero(~st.terminated)[:2]:
            one = st.select(np.array([b]))
            game._refresh_mask(one, np.array([0]))  # the scalar path (a batch of one)
            batched = st.copy()
            game._refresh_mask(batched, np.array([b, (b + 1) % 12]))  # the batched path
            np.testing.assert_array_equal(one.legal_action_mask[0], batched.legal_action_mask[b])
            compared += st.phase[b] == PH_ACTION
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
    assert compared > 50
