"""Issue 21 items 1 and 2: saved states are never taken on trust. For every registered game,
player count and variant, games saved at random points have every field mutated (wrong JSON types,
out-of-range values, values changed by one or drawn anew, flipped marks in the legal-action mask)
and their text cut short or garbled (tests/state_fuzz.py). Each mutation is refused with a
``ValueError`` -- naming the field when its type or shape is wrong -- or loads a position the game
can hold: invariants, mask, flags and rewards as the rules give them, and random play from it to
the end keeps every invariant and the observation bounds. ``--fuzz-states N`` fuzzes N saved
states per configuration (default 1, about 700 mutations per Princes configuration).

Issue 32 item 4, the scalar sweep: every scalar field of a saved state is set to every other value
of its declared range (``--fuzz-scalars N`` saved states per configuration, default 1;
``--fuzz-scalars-players`` adds each entry of the small per-player fields). Each mutation is refused,
or accepted as a position play can reach: ``state_fuzz.REACHABLE`` says why for the field (checked
by ``VERIFIED`` where a replay can), ``state_fuzz.OPEN`` lists the fields of the games whose own
invariants are still to be derived; an accepted mutation of any other field fails the test. The
counts per configuration are printed (``-s``)."""

import json

import numpy as np
import pytest
from game_configs import CASES, QUICK_OPTIONS, VARIANT_CASES
from state_fuzz import describe, describe_sweep, fuzz, scalar_sweep

import florentine_envs
from florentine_envs.games.florenza import constants as C

CONFIGS = [(name, p, {}) for name, p in CASES] + VARIANT_CASES


@pytest.mark.parametrize("name,num_players,options", CONFIGS)
def test_nothing_impossible_loads(request, name, num_players, options):
    game = florentine_envs.make(name, num_players=num_players, **options, **QUICK_OPTIONS.get(name, {}))
    stats = fuzz(game, request.config.getoption("--fuzz-states"), seed=num_players)
    assert stats["refused"] > stats["tried"] // 2, describe(stats)  # the fuzz mostly breaks things
    assert not stats["failures"], describe(stats) + "\n" + "\n".join(stats["failures"][:10])


@pytest.fixture
def medici():
    game = florentine_envs.make("medici", num_players=3)
    state = game.init(np.array([5]))
    return game, json.loads(game.to_json(state, 0))


def test_a_mask_that_differs_is_refused_naming_the_actions(medici):
    game, data = medici
    mask = data["fields"]["legal_action_mask"]
    a = mask.index(False)
    mask[a] = True
    with pytest.raises(ValueError, match=rf"legal_action_mask.*{a} \({game.action_names[a]}: saved legal\)"):
        game.from_json(json.dumps(data))


def test_no_legal_action_for_the_player_to_move_is_refused():
    game = florentine_envs.make("medici", num_players=3)
    data = json.loads(game.to_json(game.init(np.array([5])), 0))
    data["fields"]["legal_action_mask"] = [False] * game.num_actions
    with pytest.raises(ValueError, match="no legal action"):
        game.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "field,value,message",
    [
        ("truncated", 1e300, r"field 'truncated' = 1e\+300 is not allowed; allowed: true or false"),
        ("truncated", 1, "field 'truncated' = 1 is not allowed; allowed: true or false"),
        ("day", 1.5, "field 'day' = 1.5 is not allowed; allowed: an integer"),
        ("day", 2.0, "field 'day' = 2.0 is not allowed; allowed: an integer"),
        ("day", 3, r"field 'day' = 3 is out of range; allowed: 0..2"),
        ("step_count", -1, "field 'step_count' = -1 is out of range"),
        ("rewards", [float("nan"), 0, 0], r"field 'rewards'\[0\] = nan is not allowed; allowed: a finite number"),
        ("rewards", [1.0, -1.0, 0.0], "field 'rewards' = .* in a live game"),
        ("current_player", -1, "field 'current_player' = -1 is out of range; allowed: 0..2"),
    ],
)
def test_values_no_game_can_hold_are_refused_naming_the_field(medici, field, value, message):
    game, data = medici
    data["fields"][field] = value
    with pytest.raises(ValueError, match=message):
        game.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", '{"format": "florentine-state-v1", "game": "med', b"\xff\xfe", "[" * 5000])
def test_truncated_or_garbled_text_is_a_value_error(text):
    with pytest.raises(ValueError):
        florentine_envs.make("medici", num_players=3).from_json(text)


def test_rewards_of_a_finished_game_are_its_final_rewards_or_zero():
    game = florentine_envs.make("medici", num_players=3)
    state = game.init(np.array([1]))
    rng = np.random.default_rng(0)
    while not state.terminated[0]:
        game.step(state, np.array([rng.choice(np.flatnonzero(state.legal_action_mask[0]))]))
    data = json.loads(game.to_json(state, 0))
    game.from_json(json.dumps(data))  # the last step's rewards
    data["fields"]["rewards"] = [0.0, 0.0, 0.0]
    game.from_json(json.dumps(data))  # after a frozen step
    data["fields"]["rewards"] = [0.5, 0.5, -1.0] if state.rewards[0, 2] != -1.0 else [-1.0, 0.5, 0.5]
    with pytest.raises(ValueError, match="field 'rewards' .* in a finished game; allowed"):
        game.from_json(json.dumps(data))


def test_every_integer_field_of_every_game_has_declared_bounds():
    for name, p, options in CONFIGS:
        game = florentine_envs.make(name, num_players=p, **options)
        assert game.state_bounds_by_field  # raises ValueError naming a field without bounds


# ------------------------------------------------------------------ issue 32 item 4


@pytest.mark.parametrize("name,num_players,options", CONFIGS)
def test_every_scalar_value_is_refused_or_reachable(request, name, num_players, options):
    game = florentine_envs.make(name, num_players=num_players, **options, **QUICK_OPTIONS.get(name, {}))
    per_player = request.config.getoption("--fuzz-scalars-players")
    stats = scalar_sweep(game, request.config.getoption("--fuzz-scalars"), seed=num_players, per_player=per_player)
    print(f"{name} P={num_players} {options}: {describe_sweep(stats)}")
    assert not stats["failures"], describe_sweep(stats) + "\n" + "\n".join(stats["failures"][:10])
    assert not stats["unargued"], (
        describe_sweep(stats) + "\naccepted, but neither refused nor argued reachable (state_fuzz.REACHABLE):\n"
        + "\n".join(stats["unargued"][:20])
    )


def _firenze_at(phase: int, seed: int = 0):
    """A Firenze game (2 players) played at random until it reaches ``phase``."""
    game = florentine_envs.make("firenze", num_players=2, max_turns=24)
    rng = np.random.default_rng(seed)
    for s in range(seed, seed + 50):
        state = game.init(np.array([s]))
        while not state.terminated[0] and state.phase[0] != phase:
            game.step(state, np.array([rng.choice(np.flatnonzero(state.legal_action_mask[0]))]))
        if state.phase[0] == phase:
            return game, state
    raise AssertionError(f"phase {phase} not reached")


@pytest.mark.parametrize("other", [11, 13, 15])  # PAY_BUILD_COST, LIMIT_BRICKS, ALCHEMIST_GIVE
def test_firenze_phase_moved_to_one_with_the_same_mask_is_refused(other):
    """Issue 32: an exchange being paid for (EXCHANGE_PAY) saved as another brick payment: the mask
    the state implies is the same (a brick of each colour the storehouse holds), so the mask alone
    cannot tell; the phase table (firenze/pending.py) refuses it, naming the phase and a field."""
    game, state = _firenze_at(9)
    moved = state.copy()
    moved.phase[0] = other
    game._refresh_mask(moved, np.arange(1))
    assert np.array_equal(moved.legal_action_mask, state.legal_action_mask)  # the example's class
    data = json.loads(game.to_json(state, 0))
    data["fields"]["phase"] = other
    name = ["PAY_BUILD_COST", "LIMIT_BRICKS", "ALCHEMIST_GIVE"][[11, 13, 15].index(other)]
    with pytest.raises(ValueError, match=rf"phase {name}: field '\w+'"):
        game.from_json(json.dumps(data))


def test_medici_day_moved_on_early_in_the_first_day_is_refused():
    """Issue 32: a game early in its first day saved with ``day`` one further, nothing else
    changed, claims a day's end that unloaded no card and paid no florin."""
    game = florentine_envs.make("medici", num_players=3)
    state = game.init(np.array([5]))
    rng = np.random.default_rng(5)
    for _ in range(3):
        game.step(state, np.array([rng.choice(np.flatnonzero(state.legal_action_mask[0]))]))
    data = json.loads(game.to_json(state, 0))
    game.from_json(json.dumps(data))
    data["fields"]["day"] = 1
    with pytest.raises(ValueError, match="field 'day' = 1"):
        game.from_json(json.dumps(data))


@pytest.mark.parametrize("num_players", [2, 4, 6])
def test_the_day_replay_finds_every_position_of_play(num_players):
    """Medici's loader replays the day (``Medici.day_history``): every position random play reaches,
    finished games included, has turns that lead to it."""
    game = florentine_envs.make("medici", num_players=num_players)
    rng = np.random.default_rng(num_players)
    for seed in range(3):
        state = game.init(np.array([seed]))
        while True:
            assert game.day_history(state, 0) is True, game.render(state)
            if state.terminated[0]:
                break
            game.step(state, np.array([rng.choice(np.flatnonzero(state.legal_action_mask[0]))]))


def _princes_at(name: str, phase: int, **options):
    """A Princes game played (first legal action) until it reaches ``phase``; its JSON as a dict."""
    game = florentine_envs.make(name, **options)
    state = game.init(np.array([3]))
    while state.phase[0] != phase:
        game.step(state, np.array([np.flatnonzero(state.legal_action_mask[0])[0]]))
    return game, json.loads(game.to_json(state, 0))


def test_princes_solo_start_is_you_or_wolfgang():
    """Issue 32: a solo game saved in its first auction with ``start`` 0 -> 2 loaded and failed later
    (Automa cards drawn). "The starting player alternates each round between you and Wolfgang": a
    dummy (seat 2) never starts; pending.py refuses it, naming the field."""
    game, data = _princes_at("princes_solo", 1)  # AUCTION_CHOOSE
    data["fields"]["start"] = 2
    with pytest.raises(ValueError, match=r"field 'start' = 2 is neither you \(0\) nor Wolfgang \(1\)"):
        game.from_json(json.dumps(data))


def test_princes_chooser_is_the_first_free_pawn_from_the_start_player():
    """"The starting player begins by choosing one of the 7 stacks": with every pawn still in front
    of its owner, the chooser is the start player; another start is refused, naming 'start'."""
    game, data = _princes_at("princes", 1, num_players=4)
    fields = data["fields"]
    assert all(fields["pawn_free"]) and fields["current_player"] == fields["start"]
    fields["start"] = (fields["start"] + 1) % 4
    with pytest.raises(ValueError, match=r"phase AUCTION_CHOOSE: field 'start' .* first free pawn from the start"):
        game.from_json(json.dumps(data))


@pytest.mark.parametrize("field,value", [("merchant_paid", True), ("forced", True), ("work_prof", 3)])
def test_princes_pending_field_outside_its_phase_is_refused(field, value):
    """A pending decision's field set in a phase whose decision does not use it (pending.NEUTRAL):
    the Merchant's payment settles in the step it is made, only the solo game forces a price, no work is
    under way while choosing an object."""
    game, data = _princes_at("princes", 1, num_players=3, characters=True)
    data["fields"][field] = value
    with pytest.raises(ValueError, match=rf"phase AUCTION_CHOOSE: field '{field}' .* outside the phases that use it"):
        game.from_json(json.dumps(data))


def _florenza_at(done, num_players: int = 3, seed: int = 0):
    """A Florenza game played at random until ``done(state)`` holds, saved as JSON fields."""
    game = florentine_envs.make("florenza", num_players=num_players)
    rng = np.random.default_rng(seed)
    for s in range(seed, seed + 50):
        state = game.init(np.array([s]))
        while not state.terminated[0] and not done(state):
            game.step(state, np.array([rng.choice(np.flatnonzero(state.legal_action_mask[0]))]))
        if done(state):
            data = json.loads(game.to_json(state, 0))
            game.from_json(json.dumps(data))  # the position itself loads
            return game, data
    raise AssertionError("position not reached")


def test_florenza_round_moved_on_is_refused_by_the_life_in_florenza_row():
    """Issue 32: "At the end of each round, they [the characters] are moved to a lower value card,
    until they end their time in Florenza": the bag and the round fix every character's card, so a
    round-3 game saved as round 4, nothing else changed, is refused (florenza/pending.py)."""
    game, data = _florenza_at(lambda st: st.round[0] == 3 and st.phase[0] == 4)
    data["fields"]["round"] = 4
    with pytest.raises(ValueError, match="field 'round' disagrees with the Life in Florenza row"):
        game.from_json(json.dumps(data))


def test_florenza_captain_must_be_the_one_phase_8_elected():
    """Issue 32: "the player whose marker is highest on the prestige track becomes the Captain ...
    move your marker on the prestige track back to the "0" space"; "If there is a tie, then no player
    will be Captain". Before phase 6 every prestige change of the round shows (income, fees, preachers),
    so a Captain with one prestige point too many, or a game saved without its Captain, is refused."""
    placing = (C.ST_PLACE, C.ST_MARKET)  # phases 4-5: the Captain's own decision (phase 2) is over
    game, data = _florenza_at(lambda st: st.captain[0] >= 0 and st.bishop[0] < 0 and st.stage[0] in placing)
    fields = data["fields"]
    captain = fields["captain"]
    moved = json.loads(json.dumps(data))
    moved["fields"]["track"][captain] += 1
    with pytest.raises(ValueError, match="field 'captain' does not hold the track the last phase 8 left"):
        game.from_json(json.dumps(moved))
    fields["captain"] = -1
    with pytest.raises(ValueError, match="field 'captain' is -1 though one family alone had the most prestige"):
        game.from_json(json.dumps(data))


@pytest.mark.parametrize("field,value", [("pend_box", 3), ("pend_ws", 0), ("dice", [2, 5])])
def test_florenza_pending_fields_outside_their_phase_are_refused(field, value):
    """Issue 32: a placement (phase PLACE) uses none of the pending-decision fields; each must be at
    its neutral value."""
    game, data = _florenza_at(lambda st: st.phase[0] == C.PH_PLACE and st.round[0] == 2)
    data["fields"][field] = value
    with pytest.raises(ValueError, match=f"field '{field}' = .* outside the phases that use it"):
        game.from_json(json.dumps(data))


def test_florenza_finished_game_is_never_truncated_and_scores_are_the_final_scoring():
    """Issue 32: "After the 8th round, the game ends." -- no turn limit cuts it short, so a finished game
    saved as truncated is refused; its scores are the final scoring's."""
    game, data = _florenza_at(lambda st: bool(st.terminated[0]), num_players=2)
    truncated = json.loads(json.dumps(data))
    truncated["fields"]["truncated"] = True
    with pytest.raises(ValueError, match="field 'truncated' is true; allowed: false"):
        game.from_json(json.dumps(truncated))
    data["fields"]["scores"][0] += 1
    data["fields"]["rewards"] = [0.0, 0.0]  # after a frozen step: the rewards do not tell
    with pytest.raises(ValueError, match="field 'scores' differ from the final scoring"):
        game.from_json(json.dumps(data))
