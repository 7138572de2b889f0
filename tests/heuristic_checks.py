"""Shared by the heuristic agents' tests: the checks every game's heuristic must pass.

* :func:`phases_met_by_legal_play` — the heuristic, asked in every state of half-random games,
  picks only legal actions; returns the decision kinds (phases) it met, for the caller to
  demand the ones its game has.
* :func:`assert_batch_decides_as_one_game` — a batch decides as its games one at a time.
* :func:`assert_blind_to_hidden` — re-drawing what the player to move cannot see
  (``game.randomize_hidden``) does not change the decision, and really re-draws something.
* :func:`results_against_random` — win rate and mean margin of the heuristic in one seat
  against random players elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from florentine_envs.agents import RandomAgent, make_agent
from florentine_envs.training.match import play_games


def mixed_play(game, heuristic, seeds, steps: int | None = None, seed: int = 0) -> Iterator[tuple]:
    """Yield ``(state, live rows)`` of games where half the moves are the heuristic's and half
    random, so the states cover a random player's odd positions as well as the heuristic's own
    lines of play; up to ``steps`` steps (None: until every game is over)."""
    rnd = RandomAgent(game, seed=seed + 1)
    coin = np.random.default_rng(seed + 2)
    state = game.init(np.asarray(seeds, np.uint64))
    step = 0
    while steps is None or step < steps:
        live = np.flatnonzero(~state.terminated)
        if live.size == 0:
            return
        yield state, live
        obs = game.observe(state, state.current_player)
        mask = state.legal_action_mask
        actions = np.zeros(state.batch_size, np.int64)
        ours = heuristic.act(obs[live], mask[live])
        actions[live] = np.where(coin.random(live.size) < 0.5, ours, rnd.act(obs[live], mask[live]))
        game.step(state, actions)
        step += 1


def phases_met_by_legal_play(game, heuristic, seeds, steps: int | None = None, phase_names=None) -> set:
    """Ask the heuristic in every state of :func:`mixed_play` and assert its actions are legal.

    Returns the phases met (their names when ``phase_names`` is given), and asserts the games ended
    when ``steps`` is None or large enough to end them."""
    phases_seen = set()
    state = None
    for state, live in mixed_play(game, heuristic, seeds, steps):
        obs = game.observe(state, state.current_player)
        mask = state.legal_action_mask
        ours = heuristic.act(obs[live], mask[live])
        assert mask[live, ours].all(), [game.action_names[a] for a in ours[~mask[live, ours]]]
        phases = state.phase[live].tolist()
        phases_seen.update(phases if phase_names is None else (phase_names[p] for p in phases))
    assert state is not None and state.terminated.all(), "the games did not end within the steps given"
    return phases_seen


def assert_batch_decides_as_one_game(game, agent, seeds, min_steps: int) -> None:
    """Heuristic self-play on a batch; at every step each game's decision is asked again alone
    (a batch of one, the engine's one-game observation): the answers must be the same."""
    state = game.init(np.asarray(seeds, np.uint64))
    steps = 0
    while not state.terminated.all():
        live = np.flatnonzero(~state.terminated)
        obs = game.observe(state, state.current_player)
        actions = np.zeros(state.batch_size, np.int64)
        actions[live] = agent.act(obs[live], state.legal_action_mask[live])
        for b in live:
            alone = state.select(int(b))
            one = agent.act(game.observe(alone, alone.current_player), alone.legal_action_mask)
            assert one.tolist() == [actions[b]], (steps, int(b))
        game.step(state, actions)
        steps += 1
    assert steps > min_steps, steps


def assert_blind_to_hidden(
    game,
    agent,
    seeds,
    redrawn: Callable[[object, object, np.ndarray], np.ndarray],
    every: int,
    min_checked: int,
    steps: int | None = None,
) -> None:
    """Every ``every``-th state of :func:`mixed_play`, re-draw what the player to move cannot see
    (``game.randomize_hidden``); the agent's decision must not change.

    ``redrawn(state, other, games)`` -> bool[len(games)]: which games' hidden part really
    changed; more than half of the checked decisions must have seen a change, or the test would
    prove nothing."""
    checked = changed = 0
    for i, (state, live) in enumerate(mixed_play(game, agent, seeds, steps, seed=3)):
        if i % every:
            continue
        actions = agent.act(game.observe(state, state.current_player)[live], state.legal_action_mask[live])
        for p in range(game.num_players):
            rows = np.flatnonzero(state.current_player[live] == p)
            if rows.size == 0:
                continue
            other = game.randomize_hidden(state, p, seed=i + p)
            games = live[rows]
            changed += int(redrawn(state, other, games).sum())
            again = agent.act(game.observe(other, other.current_player)[games], other.legal_action_mask[games])
            assert again.tolist() == actions[rows].tolist()
            checked += rows.size
    assert checked > min_checked and changed > checked // 2, (checked, changed)


def field_changed(name: str) -> Callable[[object, object, np.ndarray], np.ndarray]:
    """A ``redrawn`` for :func:`assert_blind_to_hidden`: the state field ``name`` differs."""

    def redrawn(state, other, games):
        before, after = getattr(state, name)[games], getattr(other, name)[games]
        return (before != after).reshape(games.size, -1).any(1)

    return redrawn


def results_against_random(game, deals: int, seat: int, first_seed: int = 900) -> tuple[float, float]:
    """(win rate, mean margin over the others' mean score) of the heuristic in ``seat`` against
    random players in every other seat, over ``deals`` games."""
    agents = [make_agent("random", game, seed=i) for i in range(game.num_players)]
    agents[seat] = make_agent("heuristic", game)
    scores, _, ranks = play_games(game, agents, np.arange(deals) + first_seed)
    margin = scores[:, seat] - np.delete(scores, seat, 1).mean(1)
    return float((ranks[:, seat] == 1).mean()), float(margin.mean())
