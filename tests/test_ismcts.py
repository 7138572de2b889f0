"""The ISMCTS agent: every registered game, legal moves only, reproducible, blind to what the
player cannot see, independent of the batch it is searched in, and stronger than random."""

import numpy as np
import pytest

import florentine_envs
from florentine_envs.agents import HEURISTICS, ISMCTSAgent, make_agent
from florentine_envs.agents.ismcts import ISMCTSConfig, kth_legal, stack_states
from florentine_envs.testing import random_legal_actions, states_equal
from florentine_envs.training.match import play_games
from florentine_envs.training.tournament import run_tournament

GAMES = [(name, p) for name in florentine_envs.available_games() for p in florentine_envs.player_counts(name)]
SMALL = "ismcts:12:textbook:wave=4:depth=12"  # a small search: every code path, little time

def players(name: str, wanted: int) -> int:
    """``wanted`` players if the game has that count, else its first (the solo game has 1)."""
    counts = florentine_envs.player_counts(name)
    return wanted if wanted in counts else counts[0]



def positions(game, num_games=3, seed=0, moves=(0, 7, 23)):
    """A batch of live decisions: games ``seed..`` after each number of random moves."""
    rng = np.random.default_rng(seed)
    found = []
    for k, count in enumerate(moves):
        state = game.init(np.arange(num_games) + 100 * k + seed)
        for _ in range(count):
            game.step(state, random_legal_actions(state.legal_action_mask, rng))
        found.append(state.select(np.flatnonzero(~state.terminated)))
    return stack_states(found)


def heuristic_positions(name, num_players):
    """``(game, state, rows, heuristic, obs)``: a batch of positions, the game's heuristic and the
    observations of the players to move."""
    game = florentine_envs.make(name, num_players=num_players)
    state = positions(game)
    obs = game.observe(state, state.current_player)
    return game, state, np.arange(state.batch_size), make_agent("heuristic", game, seed=4), obs


def redraw_hidden(game, state, seed):
    """``state`` with what each game's player to move cannot see re-drawn."""
    other = state.copy()
    for p in range(game.num_players):
        rows = np.flatnonzero(state.current_player == p)
        if rows.size:
            other.assign(rows, game.randomize_hidden(state.select(rows), p, seed))
    return other


@pytest.mark.parametrize("name,num_players", GAMES)
def test_searches_every_game_and_plays_only_legal_moves(name, num_players):
    game = florentine_envs.make(name, num_players=num_players)
    state = positions(game)
    agent = make_agent(SMALL, game, seed=1)
    actions = agent.act_state(state, np.arange(state.batch_size))
    assert actions.shape == (state.batch_size,)
    assert state.legal_action_mask[np.arange(state.batch_size), actions].all()
    searched = [tree for tree in agent.last_trees]
    assert searched, "every position has a choice to make: something was searched"
    for tree in searched:
        assert sum(tree.root_visits().values()) == 12  # every simulation backed up at the root
        assert max(tree.total) <= max(tree.visits)  # values lie in [0, 1]


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_randomize_hidden_depends_only_on_what_the_player_knows(name):
    # the property the agent relies on to be blind: a redraw of a redrawn state is the redraw
    # of the original (same seed), so nothing of the hidden part survives into a determinisation
    game = florentine_envs.make(name, num_players=players(name, 2))
    state = positions(game, moves=(5, 30))
    for p in range(game.num_players):
        twice = game.randomize_hidden(game.randomize_hidden(state, p, 5), p, 9)
        assert states_equal(twice, game.randomize_hidden(state, p, 9))


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_decision_ignores_what_the_player_cannot_see(name):
    game = florentine_envs.make(name, num_players=players(name, 2))
    state = positions(game, moves=(6, 25))
    other = redraw_hidden(game, state, seed=77)
    assert not states_equal(state, other), "the redraw changed nothing: the test would be vacuous"
    rows = np.arange(state.batch_size)
    first = make_agent(SMALL, game, seed=3)
    second = make_agent(SMALL, game, seed=3)
    np.testing.assert_array_equal(first.act_state(state, rows), second.act_state(other, rows))
    assert [t.root_visits() for t in first.last_trees] == [t.root_visits() for t in second.last_trees]


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_reproducible_and_independent_of_the_batch(name):
    game = florentine_envs.make(name, num_players=players(name, 3))
    state = positions(game)
    rows = np.arange(state.batch_size)
    together = make_agent(SMALL, game, seed=5).act_state(state, rows)
    np.testing.assert_array_equal(together, make_agent(SMALL, game, seed=5).act_state(state, rows))
    agent = make_agent(SMALL, game, seed=5)
    alone = [int(agent.act_state(state, [r])[0]) for r in rows[::-1]]  # one at a time, backwards
    np.testing.assert_array_equal(together, alone[::-1])


@pytest.mark.parametrize("name", sorted(HEURISTICS))
def test_heuristic_rollouts_and_options(name):
    game = florentine_envs.make(name, num_players=players(name, 2))
    state = positions(game, num_games=1)
    rows = np.arange(state.batch_size)
    specs = (
        "ismcts:6:textbook:rollout=heuristic:depth=3",
        "ismcts:10:textbook:dets=3:depth=10:value=margin:c=1.5",
        "ismcts:6:textbook:value=rank:prior=heuristic:bias=2:depth=5",
    )
    for spec in specs:
        actions = make_agent(spec, game, seed=2).act_state(state, rows)
        assert state.legal_action_mask[rows, actions].all(), spec


def test_beats_random_at_medici():
    game = florentine_envs.make("medici", num_players=2)
    agents = [make_agent("ismcts:16", game, seed=1), make_agent("random", game, seed=2)]
    seeds = np.repeat(np.arange(8), 2)  # each deal twice, the searcher once in each seat
    seats = np.tile([[0, 1], [1, 0]], (8, 1))
    _, _, ranks = play_games(game, agents, seeds, seats)
    wins = int((ranks[seats == 0] == 1).sum())
    # random wins half of these games against itself; ismcts:16 won 37 of 40 in a longer run
    assert wins >= 12, f"ismcts:16 won {wins} of 16 games against random"


def test_prior_expands_the_heuristic_move_first():
    # with one simulation the only root edge is the heuristic's move: the prior is consulted
    # in the determinisation, and the searcher plays it
    game, state, rows, heuristic, obs = heuristic_positions("medici", 3)
    expected = heuristic.act(obs, state.legal_action_mask)
    searcher = make_agent("ismcts:1:textbook:prior=heuristic", game, seed=4)
    np.testing.assert_array_equal(searcher.act_state(state, rows), expected)


def test_play_command_takes_a_search_agent(capsys):
    from florentine_envs.training.cli import main

    assert main(["play", "medici", "--players", "ismcts:4:textbook:wave=2,random", "--seed", "3"]) == 0
    assert "rank 1" in capsys.readouterr().out


def test_search_agent_as_a_learner_env_opponent():
    # the learner env asks a search agent through act_state, with the sub-batch of games whose
    # opponent seat is to move: its moves are those it makes on the same states in a match
    from florentine_envs.core.learner import LearnerVectorEnv

    game = florentine_envs.make("medici", num_players=2)
    searcher = make_agent("ismcts:4:textbook:wave=2", game, seed=1)
    calls = []
    act_state = searcher.act_state
    searcher.act_state = lambda state, rows, obs=None: calls.append(len(rows)) or act_state(state, rows, obs)
    env = LearnerVectorEnv(game, num_envs=3, opponents=searcher, seed=0)
    _, info = env.reset()
    finished = 0
    for _ in range(200):
        _, _, terminated, truncated, info = env.step(info["action_mask"].argmax(1))
        finished += int((terminated | truncated).sum())
    assert calls and finished >= 3, "the search agent moved and games ended"


def test_search_agent_as_an_sb3_opponent():
    pytest.importorskip("sb3_contrib")
    from florentine_envs.training.sb3_env import FlorentineVecEnv

    game = florentine_envs.make("medici", num_players=2)
    env = FlorentineVecEnv(game, num_envs=2, seed=0, opponents={"ismcts:4:textbook:wave=2": 0.5, "random": 0.5})
    env.reset()
    for _ in range(60):
        env.step(env.action_masks().argmax(1))
    names = {name for slot in range(2) for name in env.opponent_names(slot) if name}
    assert names <= {"ismcts:4:textbook:wave=2", "random"} and names


def test_tournament_entry():
    result = run_tournament("medici", ["ismcts:8:textbook:wave=4", "random"], num_players=2, games=2, progress=False)
    assert result.labels == ["ismcts:8:textbook:wave=4", "random"] and result.num_games == 2


def test_kth_legal_is_uniform_over_legal_actions():
    mask = np.zeros((3000, 9), bool)
    mask[:, [1, 4, 8]] = True
    picks = kth_legal(mask, (np.arange(3000) + 0.5) / 3000)
    assert np.array_equal(np.bincount(picks, minlength=9)[[1, 4, 8]], [1000, 1000, 1000])


@pytest.mark.parametrize(
    "spec,message",
    [
        ("ismcts", "write ismcts:N"),
        ("ismcts:many", "N \\(simulations per decision\\) must be an integer"),
        ("ismcts:0", "at least 1"),
        ("ismcts:10:textbook:rollout=greedy", "allowed: random, heuristic"),
        ("ismcts:10:depth", "neither a preset nor key=value"),
        ("ismcts:10:speed=3", "nor key=value with a known key"),
        ("ismcts:10:fast", "neither a preset .* presets: default, textbook, K, M"),
        ("ismcts:10:preset=fast", "unknown preset 'fast'; presets: default, textbook, K, M"),
        ("ismcts:10:K:textbook", "two presets"),
        ("ismcts:10:textbook:c=-1", "c=-1.0 must be >= 0"),
        ("ismcts:10:textbook:wave=x", "wave='x' must be a int"),
        ("ismcts:10:textbook:value=score", "allowed: win, rank, margin"),
        ("ismcts:10:textbook:prior=ppo", "allowed: none, heuristic"),
        ("ismcts:10:textbook:bias=nan", "bias=nan must be >= 0"),
        ("ismcts:10:textbook:prior=heuristic:top=-1", "top=-1 must be >= 0"),
        ("ismcts:10:textbook:prior=heuristic:keep=-1", "keep=-1.0 must be >= 0"),
        ("ismcts:10:textbook:prior=heuristic:keep=1:dets=4:pair=2", "pair=2 must be 0 or 1"),
        ("ismcts:10:textbook:prior=heuristic:keep=1:pair=1", "pair=1 .* needs keep= and dets="),
        ("ismcts:10:textbook:prior=heuristic:dets=4:pair=1", "pair=1 .* needs keep= and dets="),
    ],
)
def test_bad_specs_are_refused(spec, message):
    game = florentine_envs.make("medici", num_players=2)
    with pytest.raises(ValueError, match=message):
        make_agent(spec, game)


def test_spec_round_trip_and_refusals():
    config = ISMCTSConfig.parse("ismcts:50:textbook:depth=20:value=margin")
    assert ISMCTSConfig.parse(config.spec) == config
    game = florentine_envs.make("medici", num_players=2)
    agent = ISMCTSAgent(game, config)
    with pytest.raises(ValueError, match="act_state"):
        agent.act(np.zeros((1, game.obs_size), np.float32), np.ones((1, game.num_actions), bool))
    state = game.init([0])
    state.terminated[0] = True
    with pytest.raises(ValueError, match="no decision pending"):
        agent.act_state(state, [0])


@pytest.mark.parametrize("name", ["firenze", "florenza_cards"])
def test_keep_plays_the_heuristic_move_without_evidence_against_it(name):
    # keep=z leaves the heuristic's move only when another move's mean beats it by z standard
    # errors: with an unreachable z the searcher plays exactly the heuristic
    game, state, rows, heuristic, obs = heuristic_positions(name, 2)
    expected = heuristic.act(obs, state.legal_action_mask)
    agent = make_agent("ismcts:16:textbook:prior=heuristic:keep=1000:depth=6:value=margin:wave=4", game, seed=4)
    np.testing.assert_array_equal(agent.act_state(state, rows), expected)
    assert any(len(tree.root_visits()) > 1 for tree in agent.last_trees), "other moves were searched too"


def test_keep_leaves_the_anchor_on_evidence():
    from florentine_envs.agents.ismcts import SearchTree

    tree = SearchTree(seed=1)
    for action, values in ((0, [0.2] * 20), (1, [0.8] * 20), (2, [0.3, 0.9])):
        for value in values:
            edge, _, _ = tree.select(0, [action], exploration=0.7, hint=0 if action == 0 else -1)
            tree.record(edge, value, ended=True)
    edge, _, _ = tree.select(0, [3], exploration=0.7)
    tree.record(edge, 1.0, ended=False)  # a cut-off simulation is no evidence
    tree.select(0, [3], exploration=0.7)
    tree.record(edge, 1.0, ended=False)
    assert tree.anchor == 0
    assert tree.best_action(keep=2.0) == 1  # 0.8 against 0.2, twenty simulations each: clear evidence
    assert tree.best_action(keep=50.0) == 0  # not that clear
    assert tree.best_action(keep=0.0) == 1  # without keep: the most visited, ties by the mean
    one = tree.edges[0][1]
    tree.ended_total[one], tree.ended_squares[one] = 0.25 * 20, 0.25**2 * 20  # now only a little better
    # action 2 (mean 0.6) beats the anchor by 1.6 standard errors, action 1 (0.25) by 2.4
    assert tree.best_action(keep=2.0) == 1
    assert tree.best_action(keep=1.0) == 2  # both pass: the better mean
    assert tree.best_action(keep=0.1) == 2  # action 3 (two cut-off simulations worth 1) never counts


def test_top_restricts_the_candidates_to_the_heuristic_best_rated():
    game, state, rows, heuristic, obs = heuristic_positions("firenze", 2)
    rating = heuristic.scores(obs, state.legal_action_mask)
    agent = make_agent("ismcts:24:textbook:prior=heuristic:top=2:depth=4:wave=4", game, seed=4)
    agent.act_state(state, rows)
    searched = np.flatnonzero(state.legal_action_mask.sum(1) > 1)
    assert len(agent.last_trees) == searched.size
    wide = 0
    for tree, r in zip(agent.last_trees, searched):
        best_two = set(np.argsort(-rating[r], kind="stable")[:2].tolist())
        assert set(tree.root_visits()) <= best_two
        wide += state.legal_action_mask[r].sum() > 2
    assert wide, "some position had more than two legal moves: the restriction was tested"


def test_top_and_keep_need_a_rating_heuristic_prior():
    princes, medici = (florentine_envs.make(name, num_players=2) for name in ("princes", "medici"))
    with pytest.raises(ValueError, match="top=3 needs a heuristic that rates every action"):
        make_agent("ismcts:10:textbook:prior=heuristic:top=3", princes)
    with pytest.raises(ValueError, match="need prior=heuristic"):
        make_agent("ismcts:10:textbook:keep=2", medici)


def test_margin_values_the_running_score():
    # a cut-off rollout is scored by the game's running score ("if the game ended now"), which in
    # Firenze includes the final majorities and celebrations that state.scores lacks until the end
    game = florentine_envs.make("firenze", num_players=2)
    state = positions(game, num_games=8, moves=(120,))
    running = game.running_scores(state).astype(np.float64)
    assert (running != state.scores).any(), "the positions must differ in the two scores"
    agent = make_agent("ismcts:4:textbook:value=margin:scale=10", game)
    expected = 0.5 + 0.5 * np.tanh((running - running[:, ::-1]) / 10.0)
    np.testing.assert_allclose(agent.value(state, np.ones(state.batch_size, bool)), expected)


def test_plies_limits_the_tree_and_keep_stops_where_no_game_ends():
    game, state, rows, _, _ = heuristic_positions("firenze", 2)
    shallow = make_agent("ismcts:12:textbook:plies=1:depth=3:wave=4", game, seed=4)
    shallow.act_state(state, rows)
    deep = make_agent("ismcts:12:textbook:depth=3:wave=4", game, seed=4)
    deep.act_state(state, rows)
    assert all(tree.num_nodes == 1 for tree in shallow.last_trees)  # only the root branches
    assert any(tree.num_nodes > 1 for tree in deep.last_trees)
    assert all(sum(tree.root_visits().values()) == 12 for tree in shallow.last_trees)
    # three rollout moves never reach the end of a Firenze game from these positions: with keep,
    # the first wave shows it and the search stops there (nothing could overrule the heuristic)
    keeping = make_agent("ismcts:12:textbook:prior=heuristic:keep=1:plies=1:depth=3:wave=4", game, seed=4)
    keeping.act_state(state, rows)
    assert all(sum(tree.root_visits().values()) == 4 for tree in keeping.last_trees)


PAIRED = "ismcts:24:textbook:prior=heuristic:plies=1:rollout=heuristic:keep=1:pair=1:dets=24:wave=8"


def test_pair_tries_every_move_on_the_same_determinisations():
    game, state, rows, _, _ = heuristic_positions("medici", 2)
    agent = make_agent(PAIRED, game, seed=4)
    agent.act_state(state, rows)
    searched = np.flatnonzero(state.legal_action_mask.sum(1) > 1)
    assert len(agent.last_trees) == searched.size
    for tree, r in zip(agent.last_trees, searched):
        legal = np.flatnonzero(state.legal_action_mask[r]).tolist()
        visits = tree.root_visits()
        assert sorted(visits) == legal  # round robin: every legal move, not UCB's choice
        assert max(visits.values()) - min(visits.values()) <= 1
        # candidate i mod A on determinisation i // A: the first 24 // A determinisations are shared
        shared = set(range(24 // len(legal)))
        assert all(set(tree.paired[a]) >= shared for a in legal), "every move saw the same deals"


def test_pair_weighs_the_difference_not_the_deal():
    from florentine_envs.agents.ismcts import SearchTree

    # on each of 16 deals the other move is worth 0.1 more than the anchor, while the deals
    # themselves range from 0.05 to 0.85: unpaired, the spread of the deals hides the difference
    tree = SearchTree(seed=1)
    deals = np.linspace(0.05, 0.85, 16)
    for action, gain in ((0, 0.0), (1, 0.1)):
        for d, luck in enumerate(deals):
            edge, _, _ = tree.select(0, [action], exploration=0.7, hint=0)
            tree.record(edge, luck + gain, ended=True)
            tree.record_paired(action, d, luck + gain)
    mean, squared_error = tree.paired_difference(1)
    assert mean == pytest.approx(0.1) and squared_error < 0.001
    assert tree.best_action(keep=2.0) == 1
    tree.paired.clear()  # the unpaired test of the same simulations keeps the heuristic's move
    assert tree.best_action(keep=2.0) == 0


def test_pair_plays_the_heuristic_move_without_evidence_against_it():
    game, state, rows, heuristic, obs = heuristic_positions("medici", 2)
    expected = heuristic.act(obs, state.legal_action_mask)
    agent = make_agent(PAIRED.replace("keep=1", "keep=1000"), game, seed=4)
    np.testing.assert_array_equal(agent.act_state(state, rows), expected)


@pytest.mark.parametrize("num_players", [2, 4])
def test_medici_heuristic_scores_rate_every_legal_move_and_act_plays_the_best(num_players):
    # the rating top= ranks Medici's moves by: -inf exactly where illegal, and the heuristic's
    # own move is the best rated (ties: the lower action id), in both phases of a turn
    game = florentine_envs.make("medici", num_players=num_players)
    heuristic = make_agent("heuristic", game, seed=0)
    state = positions(game, num_games=8, moves=(0, 1, 2, 9, 30))
    obs, mask = game.observe(state, state.current_player), state.legal_action_mask
    rating = heuristic.scores(obs, mask)
    assert rating.shape == mask.shape
    np.testing.assert_array_equal(np.isfinite(rating), mask)
    np.testing.assert_array_equal(rating.argmax(1), heuristic.act(obs, mask))
    phases = {frozenset(np.flatnonzero(m).tolist()) <= {0, 1} for m in mask}
    assert phases == {True, False}, "reveal and take decisions were both rated"


def test_medici_stop_rating_is_the_best_load_against_the_bar():
    # with three or more players the heuristic stops revealing once the market offers a load
    # worth its threshold (12 before the first reveal): stop is rated by that load, reveal by the bar
    game = florentine_envs.make("medici", num_players=3)
    heuristic = make_agent("heuristic", game, seed=0)
    state = positions(game, num_games=16, moves=(0, 1, 2, 9, 30))
    obs, mask = game.observe(state, state.current_player), state.legal_action_mask
    rating = heuristic.scores(obs, mask)
    both = np.flatnonzero(mask[:, 0] & mask[:, 1])
    assert both.size
    revealed = heuristic.field(obs, "revealed_this_turn")[both, 0].astype(int)
    bar = np.array(heuristic.stop_threshold)[revealed]
    np.testing.assert_allclose(rating[both, 0], bar)  # one ulp below the bar
    assert (rating[both, 0] < bar).all()
    stops = rating[both, 1] >= bar
    np.testing.assert_array_equal(heuristic.act(obs[both], mask[both]) == 1, stops)


def test_pair_with_top_tries_only_the_best_rated_moves():
    game, state, rows, heuristic, obs = heuristic_positions("medici", 2)
    rating = heuristic.scores(obs, state.legal_action_mask)
    agent = make_agent(PAIRED + ":top=2", game, seed=4)
    agent.act_state(state, rows)
    searched = np.flatnonzero(state.legal_action_mask.sum(1) > 1)
    wide = 0
    for tree, r in zip(agent.last_trees, searched):
        assert set(tree.root_visits()) == set(np.argsort(-rating[r], kind="stable")[:2].tolist())
        wide += state.legal_action_mask[r].sum() > 2
    assert wide, "some position had more than two legal moves: the restriction was tested"


def test_pair_decision_is_independent_of_the_batch():
    game = florentine_envs.make("medici", num_players=2)
    state = positions(game)
    rows = np.arange(state.batch_size)
    together = make_agent(PAIRED, game, seed=5).act_state(state, rows)
    agent = make_agent(PAIRED, game, seed=5)
    np.testing.assert_array_equal(together, [int(agent.act_state(state, [r])[0]) for r in rows])
