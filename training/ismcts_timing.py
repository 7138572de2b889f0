"""Time per decision of search agents: ``python -m florentine_envs.training.ismcts_timing GAME PLAYERS SPEC...``.

    $ python -m florentine_envs.training.ismcts_timing medici 2 ismcts:100 ismcts:400
"""

from __future__ import annotations

import sys
import time

import numpy as np

import florentine_envs
from florentine_envs.agents import HEURISTICS, make_agent
from florentine_envs.core.game import Game


def time_per_decision(game: Game, spec: str, decisions: int = 64, seed: int = 0) -> dict:
    """CPU seconds per decision of ``spec`` on ``decisions`` positions of heuristic (else random)
    self-play, spread over the whole game: ``{"batched": s, "alone": s}`` -- all positions
    searched in one call (as in a tournament, where every game's decision is searched
    together), and the first eight one at a time (as in ``florentine play``)."""
    guide = make_agent("heuristic" if game.name in HEURISTICS else "random", game, seed=seed)
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(decisions) + seed)
    snapshot = state.copy()
    seen = np.zeros(decisions)  # decisions of each game so far
    while not state.terminated.all():  # reservoir sampling: a uniform decision of each game
        seen += ~state.terminated
        taken = np.flatnonzero(~state.terminated & (rng.random(decisions) * seen < 1))
        snapshot.assign(taken, state.select(taken))
        obs = game.observe(state, state.current_player)
        game.step(state, guide.act(obs, state.legal_action_mask))
    rows = np.flatnonzero(~snapshot.terminated)
    agent = make_agent(spec, game, seed=seed)
    started = time.process_time()
    agent.act_state(snapshot, rows)
    batched = (time.process_time() - started) / rows.size
    started = time.process_time()
    for r in rows[:8]:
        agent.act_state(snapshot, [r])
    alone = (time.process_time() - started) / min(8, rows.size)
    return {"batched": batched, "alone": alone, "positions": int(rows.size)}


if __name__ == "__main__":
    name, players, *specs = sys.argv[1:]
    measured_game = florentine_envs.make(name, num_players=int(players))
    for one in specs:
        times = time_per_decision(measured_game, one)
        print(
            f"{name} {players}p {one}: {1000 * times['batched']:.1f} CPU-ms/decision searching "
            f"{times['positions']} positions together, {1000 * times['alone']:.1f} CPU-ms alone"
        )
