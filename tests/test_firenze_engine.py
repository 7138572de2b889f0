"""Firenze batched engine: conformance, conservation invariants, the PettingZoo wrapper,
out-of-turn decisions, truncation, options and saved-state validation.

Rule-by-rule scenarios live in ``test_firenze_rules_*.py`` and the comparison with the
scalar reference in ``test_firenze_differential.py``.
"""

import json

import numpy as np
import pytest
from pettingzoo.test import api_test

import florentine_envs
from florentine_envs import firenze_v1
from florentine_envs.games.firenze import Firenze, load_data
from florentine_envs.games.firenze.firenze import (
    A_BRICK,
    A_BUILD_ON,
    A_PASS,
    A_TAKE,
    PH_BUILD,
    PH_EV_DISCARD,
)
from florentine_envs.testing import check_game, random_legal_actions

DATA = load_data()
COLOURS = DATA["conventions"]["colour_order"]
KINDS = [card["name"] for card in DATA["action_cards"]["cards"]]
BRICKS = np.array([DATA["bricks"]["per_colour"][c] for c in COLOURS])  # [6]: 25 18 15 12 10 8
WHITE, YELLOW = COLOURS.index("white"), COLOURS.index("yellow")


def biased_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random legal actions that prefer fulfilling, then adding to existing towers, and mostly
    skip the exchange: such games reach the natural end (last seal, final turns, final
    scoring) instead of the turn limit."""
    actions = random_legal_actions(mask, rng)
    u = rng.random(len(mask))
    skip_exchange = mask[:, A_PASS] & mask[:, 6:42].any(1) & (u < 0.8)
    actions = np.where(skip_exchange, A_PASS, actions)
    for lo, hi, p in ((A_BUILD_ON, A_BUILD_ON + 12, 0.6), (60, 79, 0.9)):
        pick = mask[:, lo:hi].any(1) & (u < p)
        if pick.any():
            sub = np.zeros_like(mask)
            sub[:, lo:hi] = mask[:, lo:hi]
            actions = np.where(pick, random_legal_actions(sub, rng), actions)
    return actions


# ------------------------------------------------------------------ conformance


@pytest.mark.parametrize(
    "num_players, options",
    [
        (2, {}),
        (3, {}),
        (4, {}),
        (3, {"campanile": False}),
        (2, {"auto_discard": True, "opponent_hands": "recall"}),
    ],
)
def test_conformance(num_players, options):
    # A short turn limit keeps uniform random games (which end by truncation) quick.
    game = florentine_envs.make("firenze", num_players=num_players, max_turns=6 * num_players, **options)
    report = check_game(game, num_games=6, seed=num_players, checkpoint_every=10)
    assert report["games_finished"] == 6


# ------------------------------------------------------------------ invariants


def _independent_counts(game: Firenze, st):
    """Conservation totals recomputed here from the raw state fields (not via the engine)."""
    B = st.batch_size
    towers = np.zeros((B, 6), np.int64)
    for c in range(6):
        towers[:, c] = np.where(st.tower_colour == c, st.tower_height, 0).reshape(B, -1).sum(1)
    bricks = st.pouch + st.row_bricks.sum(1) + st.storehouse.sum(1) + st.aside + towers
    pos = np.arange(st.deck.shape[1])
    in_deck = (pos >= st.deck_pos[:, None]) & (pos < st.deck_len[:, None])
    cards = (
        in_deck.sum(1)
        + (st.row_card >= 0).sum(1)
        + st.hand.sum((1, 2))
        + st.buildings.sum((1, 2))
        + (st.church >= 0).sum(1)
        + st.discard.sum(1)
        + (st.event_kind >= 0)  # the event card being resolved
    )
    seals = st.seals_left.sum(1) + (st.commission_owner >= 0).sum(1)
    return bricks, cards, seals


@pytest.mark.parametrize("num_players, campanile", [(2, True), (3, False), (4, True)])
def test_conservation_and_invariants_on_random_games(num_players, campanile):
    """88 bricks (by colour), 52 cards (51 without the Campanile) and every player seal are
    conserved at every step; ``debug`` runs ``check_invariants`` after every step."""
    # Uniform random play (covered by the conformance test above) rarely ends before the turn
    # limit; these games lean towards fulfilling, to cover the end of the game too, and one in
    # eight plays uniformly. The turn limit (2/3 of the default) bounds the test's run time.
    max_turns = 40 * num_players
    game = florentine_envs.make("firenze", num_players=num_players, campanile=campanile, max_turns=max_turns)
    game.debug = True
    rng = np.random.default_rng(num_players)
    B = 64
    state = game.init(np.arange(B) + 500 * num_players)
    uniform = np.arange(B) % 8 == 0
    cards_total = 52 if campanile else 51
    seals_total = num_players * DATA["seals"]["per_player_by_player_count"][str(num_players)]
    steps = 0
    while not state.terminated.all():
        bricks, cards, seals = _independent_counts(game, state)
        assert (bricks == BRICKS).all()
        assert (cards == cards_total).all()
        assert (seals == seals_total).all()
        mask = state.legal_action_mask
        actions = np.where(uniform, random_legal_actions(mask, rng), biased_actions(mask, rng))
        game.step(state, actions)
        steps += 1
    natural = ~state.truncated
    assert natural[~uniform].mean() > 0.15, "biased games should often end by the last seal"
    # A natural end: someone placed every seal, and the game ended after the turn of the seat
    # to the trigger's right.
    trig = state.end_trigger[natural]
    assert (trig >= 0).all()
    assert (state.seals_left[natural, trig] == 0).all()
    assert (state.turn_player[natural] == (trig - 1) % num_players).all()
    assert (state.turn_number[state.truncated] == max_turns).all()
    assert steps > 100


# ------------------------------------------------------------------ PettingZoo


def test_pettingzoo_api():
    api_test(firenze_v1.env(num_players=3, max_turns=12), num_cycles=400)


def _state_before_flood(game: Firenze, seed: int = 7):
    """A fresh game whose first card (slot 0, free) is a Flood, with player 1 holding bricks of
    two colours, so that Flood asks player 1 to choose out of turn."""
    state = game.init(np.array([seed]))
    flood = KINDS.index("Flood")
    where = np.flatnonzero(state.deck[0] == flood)
    assert where.size == 1
    state.deck[0, where[0]], state.row_card[0, 0] = state.row_card[0, 0], flood
    state.storehouse[0, 1, YELLOW] += 2
    state.pouch[0, YELLOW] -= 2
    game._refresh_mask(state, np.arange(1))
    game.check_invariants(state)
    return state


def test_out_of_turn_decision_selects_the_deciding_agent():
    env = firenze_v1.raw_env(num_players=3)
    env.reset(seed=1)
    game = env.game
    env.game_state = _state_before_flood(game)
    env.agent_selection = "player_0"
    env.step(A_TAKE + 0)  # take the Flood; player 0's own discard is forced (white only)
    state = env.game_state
    assert state.phase[0] == PH_EV_DISCARD
    assert int(state.turn_player[0]) == 0 and int(state.current_player[0]) == 1
    assert env.agent_selection == "player_1"
    # Player 1 (3 white + 2 yellow = 5 bricks) must discard ceil(5 / 3) = 2.
    assert state.pay_left[0] == 2
    mask1 = env.observe("player_1")["action_mask"]
    assert mask1[A_BRICK + WHITE] and mask1[A_BRICK + YELLOW] and mask1.sum() == 2
    assert env.observe("player_0")["action_mask"].sum() == 0
    env.step(A_BRICK + YELLOW)
    env.step(A_BRICK + YELLOW)
    # Player 2 holds only white bricks: forced; the turn returns to player 0 after the event.
    assert env.agent_selection == "player_0"
    assert env.game_state.storehouse[0, 1].tolist() == [3, 0, 0, 0, 0, 0]


def test_auto_discard_makes_no_out_of_turn_decision():
    game = florentine_envs.make("firenze", num_players=3, auto_discard=True)
    state = _state_before_flood(game)
    game.step(state, np.array([A_TAKE]))
    assert int(state.current_player[0]) == 0
    # The cheapest colour goes first: white (no tower of either colour).
    assert state.storehouse[0, 1].tolist() == [1, 2, 0, 0, 0, 0]


# ------------------------------------------------------------------ truncation


def test_truncation_sets_truncated_and_aec_truncations():
    env = firenze_v1.env(num_players=2, max_turns=3)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    last = None
    for agent in env.agent_iter(10_000):
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            last = (termination, truncation)
            env.step(None)
            continue
        env.step(int(random_legal_actions(obs["action_mask"][None].astype(bool), rng)[0]))
    assert last == (False, True)
    state = env.unwrapped.game_state
    assert state.truncated[0] and state.terminated[0] and state.turn_number[0] == 3


def test_symmetry_rule_offers_only_the_lowest_of_identical_towers():
    game = florentine_envs.make("firenze", num_players=2)
    state = game.init(np.array([3]))
    game.step(state, np.array([A_TAKE]))  # the first card (free), then no exchange: Build
    game.step(state, np.array([A_PASS]))
    assert state.phase[0] == PH_BUILD
    # Two white towers of height 2 that both existed at the start of the turn.
    state.tower_colour[0, 0, :3] = [WHITE, WHITE, YELLOW]
    state.tower_height[0, 0, :3] = [2, 2, 2]
    state.tower_at_start[0, 0, :3] = True
    state.pouch[0, WHITE] -= 4  # the tower bricks come from the pouch; the 2 starting whites stay
    state.pouch[0, YELLOW] -= 2
    game._refresh_mask(state, np.arange(1))
    game.check_invariants(state)
    legal = np.flatnonzero(state.legal_action_mask[0])
    assert A_BUILD_ON + 0 in legal and A_BUILD_ON + 1 not in legal
    game.step(state, np.array([A_BUILD_ON + 0]))  # slot 0 grows to 3: the two differ now
    legal = np.flatnonzero(state.legal_action_mask[0])
    assert A_BUILD_ON + 1 in legal and A_PASS in legal


# ------------------------------------------------------------------ options and data


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 5}, "num_players=5 is not supported; allowed: 2, 3, 4"),
        ({"campanile": "no"}, "campanile must be True or False"),
        ({"auto_discard": 1}, "auto_discard must be True or False"),
        ({"opponent_hands": "open"}, "opponent_hands='open'.*allowed: 'hidden', 'recall'"),
        ({"reward": "points"}, "reward='points'.*allowed"),
        ({"max_turns": 0}, "max_turns must be a positive integer"),
        ({"neutral_seals": [0, 1, 2]}, "neutral_seals must be"),
        ({"neutral_seals": "everywhere"}, "neutral_seals='everywhere'"),
        ({"balconies": [0, 0, 0, 0]}, "balconies must be"),
        ({"data": 42}, "data must be a dict patch or a path"),
        ({"data": "/nonexistent/firenze.json"}, "cannot be read"),
        ({"data": {"limits": {"storehouse": None}}}, r"data\.limits\.storehouse = None is not allowed"),
        ({"data": {"action_cards": {"cards": []}}}, r"data\.action_cards\.cards = \[\] is not allowed"),
        ({"colour": "red"}, r"unknown option\(s\) \['colour'\]"),
    ],
)
def test_bad_options_raise_value_error(kwargs, message):
    kwargs = dict(kwargs)
    num_players = kwargs.pop("num_players", 3)
    with pytest.raises(ValueError, match=message):
        florentine_envs.make("firenze", num_players=num_players, **kwargs)


def test_data_patch_and_fixed_board_options(tmp_path):
    patch = {"card_row": {"bricks_per_new_card": 3}, "starting_bricks": {"by_turn_order": [4, 5, 6, 7]}}
    game = florentine_envs.make("firenze", num_players=2, data=patch, balconies=[0, 5, 10, 15],
                                neutral_seals=[0, 7, 14, 21, 28])  # fmt: skip
    state = game.init(np.arange(3))
    assert (state.row_bricks.sum(2) == 3).all()
    assert state.storehouse[:, :, WHITE].tolist() == [[4, 5]] * 3
    assert (state.balcony_tile == [0, 5, 10, 15]).all()
    assert ((state.commission_owner == -2).sum(1) == 5).all() and (state.commission_owner[:, 7] == -2).all()
    path = tmp_path / "firenze_data.json"
    full = load_data()
    full["limits"]["storehouse"] = 7
    path.write_text(json.dumps(full))
    assert florentine_envs.make("firenze", num_players=2, data=str(path)).store_limit == 7


def test_malformed_saved_state_is_refused():
    game = florentine_envs.make("firenze", num_players=3)
    state = game.init(np.array([11]))
    good = json.loads(game.to_json(state, 0))
    game.from_json(json.dumps(good))  # sanity: the untouched text loads
    bad_shape = json.loads(json.dumps(good))
    bad_shape["fields"]["storehouse"] = [[1, 2, 3]]
    with pytest.raises(ValueError, match="storehouse"):
        game.from_json(json.dumps(bad_shape))
    lost_brick = json.loads(json.dumps(good))
    lost_brick["fields"]["pouch"][0] -= 1
    with pytest.raises(ValueError, match="bricks not conserved"):
        game.from_json(json.dumps(lost_brick))
    stolen_card = json.loads(json.dumps(good))
    stolen_card["fields"]["row_card"][0] = -1
    with pytest.raises(ValueError, match="cards not conserved"):
        game.from_json(json.dumps(stolen_card))
    with pytest.raises(ValueError, match="not valid JSON"):
        game.from_json("{")
    other = florentine_envs.make("firenze", num_players=3, campanile=False)
    with pytest.raises(ValueError, match="options"):
        other.from_json(json.dumps(good))


def test_randomize_hidden_keeps_what_the_player_sees():
    game = florentine_envs.make("firenze", num_players=4)
    rng = np.random.default_rng(2)
    state = game.init(np.arange(8))
    for _ in range(300):
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
    for p in range(4):
        other = game.randomize_hidden(state, p, seed=p)
        game.check_invariants(other)
        assert np.array_equal(other.hand[:, p], state.hand[:, p])
        assert np.array_equal(other.hand.sum(2), state.hand.sum(2))  # hand sizes kept
        assert np.array_equal(game.observe(other, np.full(8, p)), game.observe(state, np.full(8, p)))
    assert not np.array_equal(game.randomize_hidden(state, 0, seed=9).deck, state.deck)


def test_narrate_and_render_tell_the_game():
    game = florentine_envs.make("firenze", num_players=2, max_turns=4)
    rng = np.random.default_rng(4)
    lines = []

    def on_move(before, after, games, actions, forced):
        lines.extend(game.narrate(before, after, 0, int(actions[0]), forced))

    state = game.init(np.array([2]), on_move=on_move)
    while not state.terminated[0]:
        game.step(state, random_legal_actions(state.legal_action_mask, rng), on_move=on_move)
    text = "\n".join(lines)
    assert "player_0 take" in text and "--- turn 2: player_1 ---" in text
    assert "game over (turn limit reached (truncated))" in text
    board = game.render(state, 0)
    assert "Row: [0]" in board and "player_1:" in board and "final scoring" in board
    assert all(isinstance(game.describe_action(state, 0, a), str) for a in (A_TAKE, A_PASS))


def test_build_prompt_shows_each_towers_next_open_commission():
    """Terminal play: the Build prompt names, for every tower, the next commission of its colour still
    open, and warns when none is left above it (all sealed)."""
    from firenze_scenarios import BLUE, BUILD, COMMISSION, YELLOW, Scenario, build_on, start_tower

    sc = Scenario(2)
    sc.add_tower(0, YELLOW, 3)
    sc.add_tower(0, BLUE, 4)  # blue 5 and 6 are player 1's, blue 7 and 8 carry neutral seals (the board)
    sc.own_commission(1, BLUE, 5)
    sc.own_commission(1, BLUE, 6)
    sc.s.level_tile_taken[0, :2] = True  # (the level tiles of 5 and 6 went with them)
    sc.set_store(0, yellow=2, blue=1)
    sc.refresh()
    sc.to_build()
    assert sc.phase == BUILD and sc.s.commission_owner[0, COMMISSION[(BLUE, 7)][0]] == -2
    prompt = sc.game.render(sc.s, 0)
    assert "next open commission per tower: yellow 3 -> 4, blue 4 -> none (all above 4 sealed)" in prompt
    assert sc.game.describe_action(sc.s, 0, build_on(0)).endswith("next open yellow commission: 4)")
    assert "no open blue commission above 4" in sc.game.describe_action(sc.s, 0, build_on(1))
    assert "next open yellow commission: 3" in sc.game.describe_action(sc.s, 0, start_tower(YELLOW))
