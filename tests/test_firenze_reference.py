"""Tests of the scalar Firenze reference on its own (no batched engine).

Random games must reach the end with every conservation law intact, and a few
positions are checked by hand against the rulebook (``shared/rules/firenze.txt``);
each scenario quotes the sentence it checks.
"""

import numpy as np
import pytest

from florentine_envs.games.firenze import reference as R
from florentine_envs.games.firenze.reference import FirenzeReference

WHITE, YELLOW, GREEN, RED, BLUE, PURPLE = range(6)


def play(ref: FirenzeReference, rng: np.random.Generator, biased: bool = False, check_every: int = 1) -> int:
    """Play random legal actions to the end; check invariants; returns the number of steps."""
    steps = 0
    while not ref.terminated:
        legal = np.flatnonzero(ref.legal_action_mask())
        assert legal.size >= 2  # forced decisions are auto-played
        action = int(rng.choice(legal))
        if biased:
            # Lean towards completing commissions so that games reach the real end.
            fulfil = legal[(legal >= R.FULFILL_BASE) & (legal <= R.BELL_TOWER)]
            build = legal[(legal >= R.BUILD_ON) & (legal < R.START_TOWER)]
            exchange = (legal >= R.EXCHANGE_BASE) & (legal < R.BUILD_ON)
            u = rng.random()
            if fulfil.size and u < 0.9:
                action = int(rng.choice(fulfil))
            elif build.size and u < 0.6:
                action = int(rng.choice(build))
            elif exchange.any() and R.PASS in legal and u < 0.8:
                action = R.PASS
        ref.step(action)
        steps += 1
        if steps % check_every == 0:
            ref.check_invariants()
    ref.check_invariants()
    return steps


def set_store(ref: FirenzeReference, p: int, bricks: dict) -> None:
    """Give seat p exactly these storehouse bricks, moving the difference to/from the pouch."""
    for c in range(6):
        want = bricks.get(c, 0)
        ref.pouch[c] += ref.store[p][c] - want
        ref.store[p][c] = want
        assert ref.pouch[c] >= 0


def add_tower(ref: FirenzeReference, p: int, colour: int, height: int) -> None:
    """Put a tower (from the pouch) on seat p's site, as if built on an earlier turn."""
    ref.pouch[colour] -= height
    tower = R.new_tower(colour)
    tower.update(height=height, at_start=True)
    ref.towers[p].append(tower)


def put_in_row(ref: FirenzeReference, slot: int, name: str) -> None:
    """Swap a card of kind ``name`` from the deck or discard into row slot ``slot``."""
    kind = ref.T.kind[name]
    old = ref.row[slot][0]
    if kind in ref.deck:
        ref.deck[ref.deck.index(kind)] = old
    else:
        assert ref.discard[kind] > 0
        ref.discard[kind] -= 1
        ref.discard[old] += 1
    ref.row[slot][0] = kind


def give_hand(ref: FirenzeReference, p: int, name: str) -> None:
    """Move one card of kind ``name`` from the deck into seat p's hand."""
    kind = ref.T.kind[name]
    ref.deck.remove(kind)
    ref.hand[p][kind] += 1


# ---------------------------------------------------------------------------
# Whole games
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_games_reach_the_end_with_conservation(num_players):
    rng = np.random.default_rng(num_players)
    natural_ends = 0
    for seed in range(6):
        ref = FirenzeReference(num_players, seed)
        steps = play(ref, rng, biased=seed % 2 == 1)
        assert ref.terminated and ref.phase == R.GAME_OVER
        assert steps > 100
        assert not ref.legal_action_mask().any()
        assert sum(ref.rewards) == pytest.approx(0.0, abs=1e-6)  # zero-sum "win" rewards
        natural_ends += not ref.truncated
        if not ref.truncated:
            # RB: "The first player who places their last Seal ... receives a bonus of 5".
            assert ref.seals_left[ref.end_trigger] == 0
            assert ref.turn_player == (ref.end_trigger - 1) % num_players
    assert natural_ends >= 1


@pytest.mark.parametrize(
    "options",
    [
        {"campanile": False},
        {"auto_discard": True},
        {"reward": "score", "opponent_hands": "recall"},
        {"neutral_seals": "uniform"},
        {"max_turns": 12},
    ],
)
def test_random_games_with_options(options):
    rng = np.random.default_rng(5)
    for num_players in (2, 4):
        ref = FirenzeReference(num_players, 11, **options)
        play(ref, rng, biased=True, check_every=7)
        assert ref.observe(0).shape == (ref.obs_size,)
        if options.get("reward") == "score":
            assert sum(ref.rewards) == pytest.approx(0.0, abs=1e-4)
        if "max_turns" in options:
            assert ref.turn_number <= 12


def test_auto_discard_keeps_the_turn_player_deciding():
    """Option auto_discard: "this is done automatically by the system" -- no out-of-turn decisions."""
    rng = np.random.default_rng(3)
    for seed in range(4):
        ref = FirenzeReference(3, seed, auto_discard=True)
        while not ref.terminated:
            assert ref.current_player == ref.turn_player
            ref.step(int(rng.choice(np.flatnonzero(ref.legal_action_mask()))))


def test_same_seed_same_game_and_observation_sizes():
    for num_players, size in ((2, 989), (3, 1157), (4, 1325)):
        a, b = FirenzeReference(num_players, 99), FirenzeReference(num_players, 99)
        assert a.obs_size == size  # SPEC §0.3: 653 + 168 P
        rng = np.random.default_rng(0)
        for _ in range(300):
            if a.terminated:
                break
            action = int(rng.choice(np.flatnonzero(a.legal_action_mask())))
            a.step(action)
            b.step(action)
            assert np.array_equal(a.observe(1), b.observe(1))
    assert FirenzeReference(3, 1, opponent_hands="recall").obs_size == 1157 + 26  # 13 hand kinds per opponent


def test_illegal_actions_and_options_are_refused():
    ref = FirenzeReference(2, 0)
    before = ref.observe(0)
    illegal = int(np.flatnonzero(~ref.legal_action_mask())[0])
    with pytest.raises(ValueError, match="cannot be played"):
        ref.step(illegal)
    with pytest.raises(ValueError):
        ref.step(R.NUM_ACTIONS)
    assert np.array_equal(before, ref.observe(0))
    with pytest.raises(ValueError, match="num_players"):
        FirenzeReference(5, 0)
    with pytest.raises(ValueError, match="reward"):
        FirenzeReference(2, 0, reward="points")
    with pytest.raises(ValueError, match="neutral_seals"):
        FirenzeReference(2, 0, neutral_seals=[0, 1, 2])
    with pytest.raises(ValueError, match="balconies"):
        FirenzeReference(2, 0, balconies=[0, 0, 0, 0])


# ---------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_setup(num_players):
    for seed in range(20):
        ref = FirenzeReference(num_players, seed)
        T = ref.T
        # RB Set Up 8: "the Starting Player ... receives 2 white Bricks ... 3, 4, or 5".
        assert [ref.store[p][WHITE] for p in range(num_players)] == [2, 3, 4, 5][:num_players]
        # RB Set Up 7: 9 / 7 / 6 seals.
        assert ref.seals_left == [{2: 9, 3: 7, 4: 6}[num_players]] * num_players
        # RB Set Up 11: six cards, "4 Bricks drawn randomly from the Pouch on each".
        assert len(ref.row) == 6 and all(sum(bricks) == 4 for _, bricks in ref.row)
        assert sum(ref.pouch) == {2: 59, 3: 55, 4: 50}[num_players]
        # RB Set Up 10: the 10 start cards are on top: the row plus the next 4 deck cards.
        first_ten = [kind for kind, _ in ref.row] + ref.deck[:4]
        counts = [first_ten.count(k) for k in range(T.num_kinds)]
        assert counts == T.start_count
        # RB Set Up 4: one balcony of each numeral.
        assert [T.balcony_tiles[t][0] for t in ref.balcony_tile] == [0, 1, 2, 3]
        # RB Set Up 5 as recommended: 5 neutral seals, none on a balcony, at most two
        # tiles per tower, two or three on the third and fourth levels (DN §13.21: the
        # commissions of 3 and 4 bricks, levels 1-2 of the reconstruction).
        neutral = [cid for cid in range(36) if ref.owner[cid] == -2]
        balcony = {T.balcony_tiles[t][1] for t in ref.balcony_tile}
        assert len(neutral) == 5 and not balcony & set(neutral)
        for colour in range(6):
            tiles = sum(1 for cid in range(6 * colour, 6 * colour + 6) if cid in balcony or cid in neutral)
            seals = sum(1 for cid in neutral if cid // 6 == colour)
            assert seals == 0 or tiles <= 2  # (the balcony draw alone may put 3 on a tower)
        assert sum(1 for cid in neutral if T.commission_height[cid] in (3, 4)) in (2, 3)
        ref.check_invariants()


def test_campanile_option_removes_the_card():
    """Set Up 9: "Take it out of the deck and put it back in the box." -- 51 cards."""
    ref = FirenzeReference(2, 4, campanile=False)
    assert sum(ref.in_game) == 51 and ref.in_game[ref.T.kind["Campanile"]] == 0
    assert sum(FirenzeReference(2, 4).in_game) == 52


def test_fixed_board_options():
    ref = FirenzeReference(2, 0, neutral_seals=[0, 7, 14, 21, 28], balconies=[0, 5, 10, 15])
    assert [cid for cid in range(36) if ref.owner[cid] == -2] == [0, 7, 14, 21, 28]
    assert ref.balcony_tile == [0, 5, 10, 15]


# ---------------------------------------------------------------------------
# Hand-checked scenarios
# ---------------------------------------------------------------------------


def fresh(num_players: int = 2, **options) -> FirenzeReference:
    """A game at seat 0's first CHOOSE with a fixed board (no neutral seal on white/yellow)."""
    # Balconies: I green height 4 (id 13), II purple 4 (31), III blue 5 (26), IV red 6 (21).
    return FirenzeReference(num_players, 1, neutral_seals=[12, 19, 27, 33, 35], balconies=[2, 9, 13, 18], **options)


def test_card_cost_is_paid_onto_the_cards_to_the_left():
    """RB 1: "The card at the far left is free. The others each cost one Brick more than the
    one to its left." and "Place one Brick on each Card Row card to the left of your card.\""""
    ref = fresh()
    set_store(ref, 0, {WHITE: 1, YELLOW: 1, RED: 1})
    put_in_row(ref, 3, "Fame")
    before = [list(b) for _, b in ref.row]
    taken = list(ref.row[3][1])
    ref.step(R.TAKE_CARD + 3)
    assert ref.phase == R.PAY_CARD_COST and ref.pay_left == 3
    ref.step(R.BRICK + RED)
    ref.step(R.BRICK + WHITE)  # the last brick (yellow) is forced and auto-played
    for slot, colour in enumerate((RED, WHITE, YELLOW)):
        expected = list(before[slot])
        expected[colour] += 1
        assert ref.row[slot][1] == expected
    # The card and its bricks were taken; the cards right of it shifted left.
    assert ref.hand[0][ref.T.kind["Fame"]] == 1
    assert ref.store[0] == taken
    assert ref.row[3][1] == before[4]
    ref.check_invariants()


def test_card_cost_cannot_use_the_cards_own_bricks():
    """RB 1: "you may not use the Bricks on the chosen Card to pay for it!\""""
    ref = fresh()
    set_store(ref, 0, {WHITE: 1})
    ref._apply_forced_moves()
    legal = set(np.flatnonzero(ref.legal_action_mask()))
    assert {R.TAKE_CARD, R.TAKE_CARD + 1} <= legal and R.TAKE_CARD + 2 not in legal


def go_to_build(ref: FirenzeReference) -> None:
    """Skip to the turn player's BUILD phase of the current turn."""
    ref.phase = R.BUILD


def test_construction_costs_with_workshop_and_mason():
    """RB 3: "3 Bricks used to build --> 1 ... 4 --> 3 ... 6 --> 10"; Workshop: "3 Bricks cost 0,
    4 Bricks cost 2"; Mason: "4 Bricks cost no Bricks, 6 Bricks cost 7" and with a Workshop
    "you pay 4 less bricks instead of 3"."""
    T = fresh().T
    assert [R.construction_cost(T, n, False, False) for n in range(7)] == [0, 0, 0, 1, 3, 6, 10]
    assert [R.construction_cost(T, n, True, False) for n in (3, 4)] == [0, 2]
    assert [R.construction_cost(T, n, False, True) for n in (4, 6)] == [0, 7]
    assert R.construction_cost(T, 6, True, True) == 6


def test_building_four_bricks_costs_three_and_one_tower_per_colour():
    """RB 3: "Each tower must be of a single color." / cost of 4 bricks is 3."""
    ref = fresh()
    go_to_build(ref)
    set_store(ref, 0, {WHITE: 4, RED: 3})
    ref.step(R.START_TOWER + WHITE)
    mask = ref.legal_action_mask()
    assert mask[R.BUILD_ON + 0]  # white tower, white brick available
    set_store(ref, 0, {RED: 6})
    assert not ref.legal_action_mask()[R.BUILD_ON + 0]  # no white left: cannot build on it
    ref.step(R.START_TOWER + RED)
    ref.step(R.BUILD_ON + 1)
    pouch_red = ref.pouch[RED]
    ref.step(R.BUILD_ON + 1)
    # A 5th brick would cost 6 with 2 left, so PASS was the only action and the 3 red
    # bricks left paid the cost of 4 bricks (forced moves, auto-played).
    assert ref.bricks_built == 4 and ref.phase == R.FULFILL
    assert sum(ref.store[0]) == 0 and ref.pouch[RED] == pouch_red + 3
    assert [(t["colour"], t["height"]) for t in ref.towers[0]] == [(WHITE, 1), (RED, 3)]
    ref.check_invariants()


def test_abandoned_towers_are_torn_down_half_up_to_the_pouch():
    """RB 4: "All the towers ... that were under construction at the beginning of your turn but
    were not worked on are considered abandoned construction ... Place half of such towers'
    Bricks into the Pouch (rounding odd numbers up). Place the remainder in your Storehouse.\""""
    ref = fresh()
    add_tower(ref, 0, GREEN, 5)
    add_tower(ref, 0, BLUE, 2)
    go_to_build(ref)
    set_store(ref, 0, {BLUE: 1, WHITE: 1})
    pouch_green = ref.pouch[GREEN]
    ref.step(R.BUILD_ON + 1)  # the blue tower is worked on
    ref.step(R.START_TOWER + WHITE)  # a new tower is never abandoned
    assert ref.phase == R.FULFILL  # storehouse empty: PASS was the only action (auto-played)
    assert [(t["colour"], t["height"]) for t in ref.towers[0]] == [(BLUE, 3), (WHITE, 1)]
    assert ref.pouch[GREEN] == pouch_green + 3 and ref.store[0][GREEN] == 2
    ref.check_invariants()


def test_fulfilment_exact_height_balcony_order_and_level_tile():
    """RB 5: "The number of Levels ... must match the number in the Commission exactly." /
    "You may only fulfill the Balcony Commission with the lowest Roman numeral." / Level Bonus:
    "These award a bonus to the first player who fulfills a Commission for the corresponding
    Tower height. This Commission may also be a Balcony Commission.\""""
    ref = fresh()
    T = ref.T
    # Balcony I is tile 2 = green level 2 (height 4); balcony II tile 9 = purple height 4.
    add_tower(ref, 0, GREEN, 4)
    add_tower(ref, 0, PURPLE, 4)
    add_tower(ref, 0, WHITE, 5)
    for t in ref.towers[0]:
        t["built"] = True
    ref.phase = R.FULFILL
    legal = set(np.flatnonzero(ref.legal_action_mask()))
    exact = 1  # d = 0
    assert R.FULFILL_BASE + 3 * 0 + exact in legal  # green 4 = balcony I
    assert R.FULFILL_BASE + 3 * 1 + exact not in legal  # purple 4 = balcony II: not yet
    assert R.FULFILL_BASE + 3 * 2 + exact in legal  # white 5
    ref.step(R.FULFILL_BASE + exact)  # green balcony I: 5 + 2 PP
    assert ref.prestige[0] == T.commission_prestige[GREEN * 6 + 1] + 2
    assert ref.next_balcony == 1
    # Now balcony II (purple 4, now slot 0) is open in the same turn.
    assert ref.legal_action_mask()[R.FULFILL_BASE + exact]
    ref.step(R.FULFILL_BASE + 3 * 1 + exact)  # white 5 (slot 1): level tile of height 5 (+2)
    assert ref.prestige[0] == 7 + T.commission_prestige[WHITE * 6 + 2] + 2
    assert ref.level_tile_taken == [True, False, False, False]
    assert ref.seals_left[0] == 7 and ref.owner[WHITE * 6 + 2] == 0
    ref.check_invariants()


def test_architect_scores_one_level_off():
    """RB Architect: "you can score a yellow tower with 3 Levels as if it had 4 Levels\""""
    ref = fresh()
    give_hand(ref, 0, "Architect")
    add_tower(ref, 0, YELLOW, 3)
    ref.towers[0][0]["built"] = True
    ref.phase = R.FULFILL
    assert not ref.legal_action_mask()[R.FULFILL_BASE + 2]
    ref.step(R.PLAY_ARCHITECT)
    ref.step(R.FULFILL_BASE + 2)  # + 1 level
    assert ref.owner[YELLOW * 6 + 1] == 0 and ref.owner[YELLOW * 6 + 0] == -1
    assert ref.prestige[0] == ref.T.commission_prestige[YELLOW * 6 + 1]


def test_tribute_when_short_the_player_chooses_which_tower_survives():
    """RB Tribute: "each builder must pay 1 Brick of the Tower's color. Every Tower for which the
    builder cannot pay is torn down." / "must pay the tribute if able.\""""
    ref = fresh(3)
    put_in_row(ref, 0, "Tribute")
    add_tower(ref, 1, RED, 2)
    add_tower(ref, 1, RED, 4)
    set_store(ref, 1, {RED: 1})
    set_store(ref, 2, {})
    add_tower(ref, 2, BLUE, 3)  # seat 2 cannot pay: torn down (2 to the pouch, 1 back)
    ref.step(R.TAKE_CARD + 0)
    assert ref.phase == R.EVENT_KEEP_TOWER and ref.current_player == 1
    ref.step(R.SELECT_TOWER + 1)  # keep the 4
    assert [(t["colour"], t["height"]) for t in ref.towers[1]] == [(RED, 4)]
    assert ref.store[1] == [0, 0, 0, 1, 0, 0]  # the 2-tower: 1 to the pouch, 1 back
    assert ref.towers[2] == [] and ref.store[2][BLUE] == 1
    assert ref.current_player == 0 and ref.phase in (R.EXCHANGE, R.BUILD)
    ref.check_invariants()


def test_luxury_tax_pays_for_what_it_can_and_tears_down_the_rest():
    """RB Luxury Tax: "For every Tower ... that has at least 5 Levels, the builder must pay 2
    Bricks ... Any tower for which the builder cannot pay is torn down. Half the Bricks
    (rounding up) are placed in the Pouch\""""
    ref = fresh()
    put_in_row(ref, 0, "Luxury Tax")
    add_tower(ref, 0, GREEN, 7)
    add_tower(ref, 0, YELLOW, 5)
    add_tower(ref, 0, WHITE, 4)
    for c in range(6):  # no bricks on the card, 3 blue in the storehouse
        ref.pouch[c] += ref.row[0][1][c]
        ref.row[0][1][c] = 0
    set_store(ref, 0, {BLUE: 3})
    ref.step(R.TAKE_CARD + 0)
    # 3 bricks (the card's included) pay for one tall tower: the player picks which.
    assert ref.phase == R.EVENT_KEEP_TOWER and ref.keep_left == 1
    ref.step(R.SELECT_TOWER + 1)  # keep the yellow 5; the 2 blue bricks are a forced payment
    heights = [(t["colour"], t["height"]) for t in ref.towers[0]]
    assert heights == [(YELLOW, 5), (WHITE, 4)]
    assert ref.store[0] == [0, 0, 3, 0, 1, 0]  # green 7 -> 4 to the pouch, 3 back
    ref.check_invariants()


def test_flood_takes_a_third_rounded_up_from_every_player():
    """RB Flood: "if you have 4 Bricks in your Storehouse, you have to round the number 1.33 up to 2"
    and "The Bricks on the card do not count towards the total\""""
    ref = fresh(3)
    put_in_row(ref, 0, "Flood")
    set_store(ref, 0, {WHITE: 2, RED: 2})
    set_store(ref, 1, {YELLOW: 4})
    set_store(ref, 2, {GREEN: 1, BLUE: 1})
    card_bricks = sum(ref.row[0][1])
    ref.step(R.TAKE_CARD + 0)
    assert ref.phase == R.EVENT_DISCARD and ref.current_player == 0 and ref.pay_left == 2
    ref.step(R.BRICK + RED)
    ref.step(R.BRICK + RED)
    # Seat 1 has one colour only (forced); seat 2 chooses 1 of 2.
    assert ref.current_player == 2 and ref.pay_left == 1
    assert ref.store[1][YELLOW] == 2
    ref.step(R.BRICK + BLUE)
    assert ref.store[2] == [0, 0, 1, 0, 0, 0]
    assert sum(ref.store[0]) == 2 + card_bricks  # the aside bricks joined afterwards
    ref.check_invariants()


def test_flood_auto_discard_prefers_colours_without_towers_then_cheapest():
    """Yucata preamble: "discard first those bricks where the user is currently not building a
    tower and of those it will discard the cheapest (white, ...)\""""
    ref = fresh(2, auto_discard=True)
    put_in_row(ref, 0, "Flood")
    set_store(ref, 0, {WHITE: 3, YELLOW: 2, RED: 1})
    add_tower(ref, 0, WHITE, 1)
    card_bricks = list(ref.row[0][1])
    ref.step(R.TAKE_CARD + 0)
    # ceil(6/3) = 2 (the card's bricks do not count): no tower in yellow or red, and yellow
    # is the cheaper, so both bricks are yellow; the white bricks (a white tower) are kept.
    assert [ref.store[0][c] - card_bricks[c] for c in range(6)] == [3, 0, 0, 1, 0, 0]
    assert ref.current_player == 0


def test_monument_goes_to_the_unique_tallest_tower_even_out_of_turn():
    """RB Monument: "This player puts the card in their hand, even if it's not their turn. If a
    tie, no one receives the card; it goes on the Discard Pile.\""""
    ref = fresh(3)
    monument = ref.T.kind["Monument"]
    put_in_row(ref, 0, "Monument")
    add_tower(ref, 2, RED, 4)
    add_tower(ref, 1, RED, 3)
    ref.step(R.TAKE_CARD + 0)
    assert ref.hand[2][monument] == 1 and ref.hand[0][monument] == 0
    ref2 = fresh(3)
    put_in_row(ref2, 0, "Monument")
    add_tower(ref2, 2, RED, 4)
    add_tower(ref2, 1, BLUE, 4)
    discarded = ref2.discard[monument]
    ref2.step(R.TAKE_CARD + 0)
    assert ref2.discard[monument] == discarded + 1
    assert all(ref2.hand[q][monument] == 0 for q in range(3))


def test_storehouse_and_card_limits():
    """RB 6: "you may have at most 10 Bricks in your Storehouse" and "If you have more than 5
    Action Cards, you must put enough Personnel and Building Cards in the discard pile" and
    "Even if someone has more than 5 Celebration Cards, they are not allowed to discard any.\""""
    ref = fresh()
    set_store(ref, 0, {WHITE: 13})
    for card in ("Fame", "Fame", "Scandal", "Scandal", "Disgrace", "Disgrace", "Mason"):
        give_hand(ref, 0, card)
    ref.phase = R.FULFILL
    ref.step(R.PASS)  # 3 white to the pouch (forced), then the Mason must go (forced)
    assert sum(ref.store[0]) == 10
    assert sum(ref.hand[0]) == 6 and ref.hand[0][ref.T.kind["Mason"]] == 0
    assert ref.turn_player == 1


def test_final_scoring_majority_tie_break_and_celebrations():
    """RB Final Scoring: "In case of a tie, the bonus goes to the tied player who executed the
    biggest Commission" and celebrations "move your Prestige Marker forward or backwards".
    Recognition: "count up all the 3- and 4-Level Commissions you've fulfilled.\""""
    ref = fresh()
    T = ref.T
    ref.owner[RED * 6 + 0] = 0  # red height 3, seat 0
    ref.owner[RED * 6 + 4] = 1  # red height 7, seat 1: wins the red tie
    ref.owner[WHITE * 6 + 1] = 0  # white height 4: seat 0 alone
    ref.seals_left = [ref.seals_left[0] - 2, ref.seals_left[1] - 1]
    give_hand(ref, 0, "Recognition")
    give_hand(ref, 0, "Recognition")
    give_hand(ref, 1, "Scandal")
    ref.prestige = [10, 10]
    ref.check_invariants()
    ref._final_scoring()
    assert ref.scores[0] == 10 + T.majority_bonus[WHITE] + 2 * 2
    assert ref.scores[1] == 10 + T.majority_bonus[RED] - 3
    assert ref.terminated and ref.rewards == ([1.0, -1.0] if ref.scores[0] > ref.scores[1] else [-1.0, 1.0])


def test_tied_winners_share_and_all_tied_gives_zero():
    """RB: "In case of a tie, there are multiple winners.\""""
    assert R.compute_rewards([5, 5, 3], "win") == [0.5, 0.5, -1.0]
    assert R.compute_rewards([4, 4], "win") == [0.0, 0.0]
    assert R.compute_rewards([6, 0, 3], "score") == [4.5, -4.5, 0.0]


def test_end_of_game_after_the_trigger_everyone_else_has_one_more_turn():
    """RB: "The game ends, therefore, with the turn of the player to the right of the one with the
    End of Game Tile." -- 3 players, trigger seat 1: seats 2 and 0 play, then it ends."""
    ref = fresh(3)
    ref.end_trigger = 1
    ref.seals_left[1] = 0
    balconies = {ref.T.balcony_tiles[t][1] for t in ref.balcony_tile}
    for c in range(36):
        if ref.owner[c] == -1 and c not in balconies and ref.owner.count(1) < 7:
            ref.owner[c] = 1
    ref._start_turn(2)
    ref._apply_forced_moves()
    seen = []
    rng = np.random.default_rng(0)
    while not ref.terminated:
        if not seen or seen[-1] != ref.turn_player:
            seen.append(ref.turn_player)
        ref.step(int(rng.choice(np.flatnonzero(ref.legal_action_mask()))))
    assert seen == [2, 0] and ref.turn_player == 0 and not ref.truncated
    ref.check_invariants()


def test_neutral_seals_on_board_spaces_with_levels_are_positions():
    """RB Set Up 5: "two or three neutral seals should be set on the third and fourth Levels." -- with
    ``levels_are_positions`` (data) the 3rd and 4th spaces from the bottom of a tower (DN §13.21)."""
    data = {"setup": {"neutral_seal_recommendations": {"levels_are_positions": True}}}
    for seed in range(40):
        ref = FirenzeReference(2, seed, data=data)
        neutral = [cid for cid in range(36) if ref.owner[cid] == -2]
        assert sum(1 for cid in neutral if cid % 6 + 1 in (3, 4)) in (2, 3)


def test_saboteur_is_a_hand_card_played_on_another_players_tower():
    """RB Personnel Cards: "If you pick a Personnel Card, place it in your hand. You may play the card
    immediately or at a later point in the game." Saboteur: "Choose a Tower of another player. Take one
    Brick from it and put it in the Pouch." (DN §13.8: personnel since v1.)"""
    ref = fresh(3)
    saboteur = ref.T.kind["Saboteur"]
    put_in_row(ref, 0, "Saboteur")
    set_store(ref, 0, {WHITE: 3})
    add_tower(ref, 1, RED, 2)
    add_tower(ref, 2, BLUE, 1)
    ref.step(R.TAKE_CARD + 0)
    assert ref.hand[0][saboteur] == 1 and ref.phase == R.EXCHANGE
    legal = set(np.flatnonzero(ref.legal_action_mask()))
    assert {a for a in legal if R.SABOTAGE <= a < R.SABOTAGE + 18} == {R.SABOTAGE, R.SABOTAGE + 6}
    pouch_blue = ref.pouch[BLUE]
    ref.step(R.SABOTAGE + 6)  # player 2's blue tower of 1: gone
    assert ref.towers[2] == [] and ref.pouch[BLUE] == pouch_blue + 1
    assert ref.hand[0][saboteur] == 0 and ref.played["Saboteur"] and ref.phase == R.EXCHANGE
    ref.check_invariants()


def test_saboteur_goes_at_the_card_limit():
    """RB 6: "All Personnel and Celebration cards in your hand ... count towards this limit." and "you
    must put enough Personnel and Building Cards in the discard pile until you only have 5 cards left." (DN §6.6)"""
    ref = fresh()
    for card in ("Saboteur", "Mason", "Fame", "Fame", "Scandal", "Disgrace"):
        give_hand(ref, 0, card)
    ref.phase = R.FULFILL
    ref.step(R.PASS)
    assert ref.phase == R.LIMIT_CARDS
    assert set(np.flatnonzero(ref.legal_action_mask())) == {R.LIMIT_DISCARD_SABOTEUR, R.LIMIT_DISCARD + 3}
    ref.step(R.LIMIT_DISCARD_SABOTEUR)
    assert ref.hand[0][ref.T.kind["Saboteur"]] == 0 and ref.turn_player == 1
    ref.check_invariants()


def test_patrician_question_only_when_the_event_has_an_effect():
    """RB Patrician: "you may ignore the effect of an Event Card that you chose"; Collapse: "If you have
    no Tower under construction, nothing happens." (DN §13.5: no effect, no question.)"""
    for own_tower, asked in ((False, False), (True, True)):
        ref = fresh()
        give_hand(ref, 0, "Patrician")
        put_in_row(ref, 0, "Collapse")
        set_store(ref, 0, {WHITE: 2})
        add_tower(ref, 1, RED, 3)
        if own_tower:
            add_tower(ref, 0, GREEN, 2)
        ref.step(R.TAKE_CARD + 0)
        assert (ref.phase == R.EVENT_PATRICIAN) == asked
        assert ref.hand[0][ref.T.kind["Patrician"]] == 1
