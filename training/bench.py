"""Throughput measurements (``florentine bench``). Figures are machine-dependent and
belong in reports, never in unit tests.

Every row plays uniformly random legal actions, sampling included, and counts
*agent-steps*: decisions taken by a player (forced moves the engine plays by
itself, chance nodes and the ``None`` steps PettingZoo asks of finished agents
are not decisions). Loops that have such extra iterations also report them as
``loop_steps_per_s``. Rows:

* ``AEC env() loop``: PettingZoo's own loop (``agent_iter``, ``last``, random
  legal action from the mask, ``step``) on our ``env()``;
* ``engine B=n``: the batched engine, ``n`` games stepped together with
  per-game auto-reset (:meth:`Game.reset_games`);
* ``scalar reference``: the game's independent pure-Python implementation;
* ``ismcts:16 decisions``: the search agent at its tuned preset (``make_agent("ismcts:16")``)
  playing every seat of whole games, one decision at a time; ``ms_per_decision`` is its
  CPU-milliseconds per decision (search is what steps one game at a time most);
* peers, when the ``bench`` extra is installed: PettingZoo classic's
  ``texas_holdem_v4`` and ``leduc_holdem_v4`` ``env()`` loops (the same loop as
  ours) and OpenSpiel's ``leduc_poker`` (its idiomatic loop: sample chance
  outcomes by their probabilities, ``random.choice(state.legal_actions())``,
  ``apply_action``).

Every row of a game also carries ``first_use_s``: the wall seconds of the game's first
``init``, ``step`` (one game and a batch) and ``observe`` in this process -- where its rules
are compiled kernels (numba), the compilation, or the load from numba's cache on disk.

Rates are per second of this process's CPU time (``time.process_time``): the loops are
single-threaded, so on an idle machine this equals wall time, and on a machine shared
with other jobs it does not count the time the process waits for a core. The
wall-clock rates are kept too (``wall_agent_steps_per_s``).
"""

from __future__ import annotations

import importlib
import importlib.util
import platform
import random
import time

import numpy as np

import florentine_envs
from florentine_envs.core.aec import make_env_functions
from florentine_envs.core.registry import env_module
from florentine_envs.testing import random_legal_actions
from florentine_envs.training.progress import bar

DEFAULT_BATCH_SIZES = (1, 64, 1024, 4096)
DEFAULT_SEARCH = "ismcts:16"  # the search row: the game's tuned preset, 16 simulations
PEERS = ("texas_holdem_v4", "leduc_holdem_v4", "leduc_poker")
# Peer -> (what its row measures, header of the ratio column of our figures to it)
PEER_LABELS = {
    "texas_holdem_v4": ("PettingZoo AEC env() loop", "× texas AEC"),
    "leduc_holdem_v4": ("PettingZoo AEC env() loop", "× leduc AEC"),
    "leduc_poker": ("OpenSpiel loop", "× OpenSpiel leduc"),
}


class _Timer:
    """CPU and wall time since creation; ``rates`` turns counts into per-second figures."""

    def __init__(self):
        self.cpu0, self.wall0 = time.process_time(), time.perf_counter()
        self._next_check = self.wall0

    def cpu(self) -> float:
        """CPU seconds so far. Reading the process clock is a system call (several µs here), so
        between readings at most every 10 ms of wall time this returns the last value."""
        now = time.perf_counter()
        if now >= self._next_check:
            self._cpu = time.process_time() - self.cpu0
            self._next_check = now + 0.01
        return self._cpu

    def rates(self, steps: int, games: float | None, **extra: int) -> dict:
        """Per CPU-second figures; ``games=None`` (no game finished) gives ``games_per_s=None``."""
        cpu, wall = max(self.cpu(), 1e-9), max(time.perf_counter() - self.wall0, 1e-9)
        out = {"agent_steps_per_s": steps / cpu, "games_per_s": None if games is None else games / cpu}
        out.update({f"{name}_per_s": count / cpu for name, count in extra.items()})
        out.update({"wall_agent_steps_per_s": steps / wall, "cpu_seconds": cpu, "wall_seconds": wall})
        return out


def _done(state) -> np.ndarray:
    """bool[B]: games over, by termination or (for games that have it) truncation."""
    truncated = getattr(state, "truncated", None)
    return state.terminated if truncated is None else state.terminated | truncated


class EngineLoop:
    """Batched engine with random legal actions (sampling included) and per-game auto-reset.
    Each call measures for ``seconds`` of CPU time, carrying on from where the last call stopped.

    ``games_per_s`` is agent-steps/s divided by the mean decisions of the games that finished:
    the batch starts in lock-step, so simply counting the games finished in a window of a few
    seconds would undercount at large B (no game ends during the first ~100 steps).
    """

    def __init__(self, game, batch_size: int, seed: int = 0):
        self.game, self.batch_size = game, batch_size
        self.rng = np.random.default_rng(seed)
        self.next_seed = batch_size
        self.state = game.init(np.arange(batch_size, dtype=np.uint64))

    def __call__(self, seconds: float) -> dict:
        game, state, B = self.game, self.state, self.batch_size
        steps = games = game_steps = 0
        timer = _Timer()
        while True:
            actions = random_legal_actions(state.legal_action_mask, self.rng)
            game.step(state, actions)
            steps += B  # every slot is live: finished games are replaced at once
            done = np.flatnonzero(_done(state))
            if done.size:
                games += done.size
                game_steps += int(state.step_count[done].sum())
                game.reset_games(state, done, np.arange(self.next_seed, self.next_seed + done.size, dtype=np.uint64))
                self.next_seed += done.size
            if timer.cpu() >= seconds:
                break
        # no finished game in this round: no games/s figure (long games, short rounds)
        return {"batch_size": B, **timer.rates(steps, steps * games / game_steps if games else None)}


def _pick(mask, rand: random.Random) -> int:
    """A uniformly random legal action of a 1-D 0/1 mask (the one sampler every scalar loop uses)."""
    legal = np.flatnonzero(mask)
    return int(legal[rand.randrange(legal.size)])


class AECLoop:
    """PettingZoo's own loop: ``agent_iter``, ``last``, random legal action, ``step``; whole games."""

    def __init__(self, env_fn, seed: int = 0):
        self.env = env_fn()
        self.rand = random.Random(seed)

    def __call__(self, seconds: float) -> dict:
        env, rand = self.env, self.rand
        decisions = iterations = games = 0
        timer = _Timer()
        while timer.cpu() < seconds:
            env.reset(seed=rand.randrange(2**31))
            for _agent in env.agent_iter():
                obs, reward, termination, truncation, info = env.last()
                if termination or truncation:
                    action = None
                else:
                    action = _pick(obs["action_mask"], rand)
                    decisions += 1
                env.step(action)
                iterations += 1
            games += 1
        return timer.rates(decisions, games, loop_steps=iterations)


class ReferenceLoop:
    """The scalar reference implementation, one game at a time, random legal actions."""

    def __init__(self, reference_cls, num_players: int, seed: int = 0, **options):
        self.reference_cls, self.num_players, self.options = reference_cls, num_players, options
        self.rand = random.Random(seed)

    def __call__(self, seconds: float) -> dict:
        rand = self.rand
        steps = games = 0
        timer = _Timer()
        while timer.cpu() < seconds:
            ref = self.reference_cls(self.num_players, rand.randrange(2**31), **self.options)
            while not (ref.terminated or getattr(ref, "truncated", False)):
                ref.step(_pick(ref.legal_action_mask(), rand))
                steps += 1
            games += 1
        return timer.rates(steps, games)


class OpenSpielLoop:
    """OpenSpiel's idiomatic loop (as in its ``examples/example.py``); chance nodes are not decisions."""

    def __init__(self, game_name: str = "leduc_poker", seed: int = 0):
        import pyspiel

        self.game = pyspiel.load_game(game_name)
        self.rand = random.Random(seed)

    def __call__(self, seconds: float) -> dict:
        rand = self.rand
        decisions = iterations = games = 0
        timer = _Timer()
        while timer.cpu() < seconds:
            state = self.game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(rand.choices(outcomes, weights=probs)[0])
                else:
                    state.apply_action(rand.choice(state.legal_actions()))
                    decisions += 1
                iterations += 1
            games += 1
        return timer.rates(decisions, games, loop_steps=iterations)


class SearchLoop:
    """The search agent ``spec`` (default ``ismcts:16``, the game's tuned preset) choosing every
    decision of whole games (B=1), all seats; carries on from where the last call stopped."""

    def __init__(self, game, spec: str = "ismcts:16", seed: int = 0):
        from florentine_envs.agents import make_agent

        self.game, self.spec = game, spec
        self.agent = make_agent(spec, game, seed=seed)
        self.next_seed = seed
        self.state = game.init([self.next_seed])

    def __call__(self, seconds: float) -> dict:
        game = self.game
        decisions = games = 0
        timer = _Timer()
        while True:  # at least one decision
            action = self.agent.act_state(self.state, np.zeros(1, np.int64))
            game.step(self.state, np.asarray(action, np.int64))
            decisions += 1
            if _done(self.state)[0]:
                games += 1
                self.next_seed += 1
                self.state = game.init([self.next_seed])
            if timer.cpu() >= seconds:
                break
        rates = timer.rates(decisions, games or None)
        return {**rates, "ms_per_decision": 1000.0 / rates["agent_steps_per_s"]}


def first_use(game) -> float:
    """Wall seconds of ``game``'s first ``init``, ``step`` (one game, then a batch of two) and
    ``observe`` in this process: compiling its kernels, or loading them from numba's disk cache
    (near 0 for an engine in numpy, or once they are loaded)."""
    start = time.perf_counter()
    rand = np.random.default_rng(0)
    for batch in (1, 2):
        state = game.init(np.arange(batch, dtype=np.uint64))
        game.step(state, random_legal_actions(state.legal_action_mask, rand))
        game.observe(state, state.current_player)
    return time.perf_counter() - start


def bench_engine(game, batch_size: int, seconds: float = 3.0, seed: int = 0) -> dict:
    """One :class:`EngineLoop` measurement of ``seconds``."""
    return EngineLoop(game, batch_size, seed)(seconds)


def bench_aec(env_fn, seconds: float = 3.0, seed: int = 0) -> dict:
    """One :class:`AECLoop` measurement of ``seconds``."""
    return AECLoop(env_fn, seed)(seconds)


def bench_reference(reference_cls, num_players: int, seconds: float = 3.0, seed: int = 0, **options) -> dict:
    """One :class:`ReferenceLoop` measurement of ``seconds``."""
    return ReferenceLoop(reference_cls, num_players, seed, **options)(seconds)


def bench_openspiel(game_name: str = "leduc_poker", seconds: float = 3.0, seed: int = 0) -> dict:
    """One :class:`OpenSpielLoop` measurement of ``seconds``."""
    return OpenSpielLoop(game_name, seed)(seconds)


def measure_interleaved(loops: list, seconds: float, rounds: int = 1, on_done=None) -> list[dict]:
    """Measure every loop for ``seconds`` of CPU time in all, in ``rounds`` interleaved rounds
    (loop 1, loop 2, ..., loop 1, loop 2, ...), keeping each loop's best round.

    On a machine shared with other jobs the speed drifts; interleaving exposes every loop to
    the same conditions and the best round is the least disturbed one (as ``timeit`` keeps
    the fastest run). ``round_agent_steps_per_s`` lists every round. ``on_done()`` is called
    after each measurement (a progress bar).
    """
    best: list[dict | None] = [None] * len(loops)
    history: list[list[float]] = [[] for _ in loops]
    for _ in range(max(rounds, 1)):
        for i, loop in enumerate(loops):
            result = loop(seconds / max(rounds, 1))
            if on_done is not None:
                on_done()
            history[i].append(result["agent_steps_per_s"])
            if best[i] is None or result["agent_steps_per_s"] > best[i]["agent_steps_per_s"]:
                best[i] = result
    return [{**b, "round_agent_steps_per_s": h} for b, h in zip(best, history)]


def reference_class(game):
    """The scalar reference class of ``game`` or ``None``.

    A game names it in its class attribute ``reference`` (``"module:Class"``); otherwise the
    convention ``florentine_envs.games.<name>.reference.<Name>Reference`` is tried.
    """
    spec = getattr(game, "reference", "") or f"florentine_envs.games.{game.name}.reference:{game.name.title()}Reference"
    module_name, _, class_name = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name is not None and module_name.startswith(err.name):  # the reference module itself is absent
            return None
        raise
    return getattr(module, class_name, None)


def aec_env_fn(game_name: str, num_players: int, **options):
    """``env()`` of the game's public ``<name>_v<version>`` module (or the same wrapper stack built
    generically), called with ``options`` (game options such as ``cooperative=True``)."""
    try:
        env = importlib.import_module(f"florentine_envs.{env_module(game_name)}").env
    except ModuleNotFoundError:
        env, _, _ = make_env_functions(lambda **kw: florentine_envs.make(game_name, **kw))
    return lambda: env(num_players=num_players, **options)


def default_players(game_name: str, wanted: int) -> int:
    """``wanted`` if the game supports it, else its largest supported player count."""
    counts = florentine_envs.player_counts(game_name)
    return wanted if wanted in counts else max(counts)


def game_loops(
    game_name: str,
    num_players: int,
    batch_sizes=DEFAULT_BATCH_SIZES,
    options: dict | None = None,
    search: str | None = DEFAULT_SEARCH,
) -> list[tuple[dict, object]]:
    """(row, loop) pairs for one game: the AEC loop, the engine at each batch size, the scalar
    reference, the search agent ``search`` (None: no search row) -- all built with the same game
    ``options`` (the engine's validated copy)."""
    game = florentine_envs.make(game_name, num_players=num_players, **(options or {}))
    base = {"game": game_name, "players": num_players, "first_use_s": first_use(game)}
    aec = AECLoop(aec_env_fn(game_name, num_players, **(options or {})))
    pairs = [({**base, "what": "AEC env() loop", "kind": "aec"}, aec)]
    for b in batch_sizes:
        pairs.append(({**base, "what": f"engine B={b}", "kind": "engine"}, EngineLoop(game, b)))
    reference = reference_class(game)
    if reference is not None:
        pairs.append(
            (
                {**base, "what": "scalar reference", "kind": "reference"},
                # the options asked for, not game.options: a reference need not know every engine
                # option at its default (princes' base reference rejects cooperative=False)
                ReferenceLoop(reference, num_players, **(options or {})),
            )
        )
    if search:
        pairs.append(({**base, "what": f"{search} decisions", "kind": "search"}, SearchLoop(game, search)))
    return pairs


def run_benchmarks(
    game_name: str = "medici",
    num_players: int = 4,
    seconds: float = 3.0,
    batch_sizes=DEFAULT_BATCH_SIZES,
    rounds: int = 1,
    options: dict | None = None,
    search: str | None = DEFAULT_SEARCH,
) -> list[dict]:
    """Rows for one game: the AEC loop, the engine at each batch size, the scalar reference, the search."""
    pairs = game_loops(game_name, num_players, batch_sizes, options, search)
    results = measure_interleaved([loop for _, loop in pairs], seconds, rounds)
    return [{**row, **result} for (row, _), result in zip(pairs, results)]


def peer_available(peer: str) -> bool:
    module = "pyspiel" if peer == "leduc_poker" else "rlcard"  # PettingZoo classic card games need rlcard
    return importlib.util.find_spec(module) is not None


def peer_loop(peer: str) -> tuple[dict, object | None]:
    """A peer's row and loop; the loop is ``None`` and ``status`` says "not installed" when its
    library is absent."""
    row = {"game": peer, "players": 2, "what": PEER_LABELS[peer][0], "kind": "peer"}
    if not peer_available(peer):
        return {**row, "status": "not installed (pip install 'florentine-games[bench]')"}, None
    if peer == "leduc_poker":
        return {**row, "status": "ok"}, OpenSpielLoop(peer)
    from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

    module = {"texas_holdem_v4": texas_holdem_v4, "leduc_holdem_v4": leduc_holdem_v4}[peer]
    return {**row, "status": "ok"}, AECLoop(module.env)


def run_peer(peer: str, seconds: float = 3.0) -> dict:
    """One peer row (figures only when its library is installed)."""
    row, loop = peer_loop(peer)
    return row if loop is None else {**row, **loop(seconds)}


def add_ratios(rows: list[dict], peer_rows: list[dict]) -> None:
    """Ratios (in place) of our agent-steps/s: ``x_reference`` for engine rows (to the same
    game's scalar reference) and ``x_<peer>`` for AEC and engine rows (to each measured peer)."""
    references = {(r["game"], r["players"]): r["agent_steps_per_s"] for r in rows if r["kind"] == "reference"}
    for row in rows:
        if row["kind"] == "engine" and (row["game"], row["players"]) in references:
            row["x_reference"] = row["agent_steps_per_s"] / references[row["game"], row["players"]]
        if row["kind"] in ("aec", "engine"):
            for peer in peer_rows:
                if peer.get("status") == "ok":
                    row[f"x_{peer['game']}"] = row["agent_steps_per_s"] / peer["agent_steps_per_s"]


def run_all(
    games,
    num_players: int = 4,
    seconds: float = 3.0,
    batch_sizes=DEFAULT_BATCH_SIZES,
    peers=PEERS,
    rounds=3,
    options: dict | None = None,
    progress: bool = False,
    search: str | None = DEFAULT_SEARCH,
):
    """Every row of the benchmark, all loops (ours and the peers') measured in the same
    interleaved rounds: ``(our rows, peer rows)``, ratios filled in. ``options`` go to every
    game in ``games`` (so a game that does not know one raises ValueError). ``progress``: a bar
    over the measurements, with the time left, on stderr. ``search``: the agent of each game's
    search row (None: no search row)."""
    peer_pairs = [peer_loop(p) for p in peers]
    our_pairs = [
        pair
        for name in games
        for pair in game_loops(name, default_players(name, num_players), batch_sizes, options, search)
    ]
    measured = [pair for pair in peer_pairs + our_pairs if pair[1] is not None]
    shown = bar(len(measured) * max(rounds, 1), "measuring", unit="row", enabled=progress)
    results = iter(measure_interleaved([loop for _, loop in measured], seconds, rounds, on_done=shown.update))
    shown.close()
    filled = {id(row): {**row, **next(results)} for row, _ in measured}
    peer_rows = [filled.get(id(row), row) for row, _ in peer_pairs]
    rows = [filled[id(row)] for row, _ in our_pairs]
    add_ratios(rows, peer_rows)
    return rows, peer_rows


def machine() -> dict:
    import os

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
    }
