"""Conformance checker shipped with the library, run by the test suite on every
registered game and player count (like pgx's ``api_test``).

    >>> import florentine_envs
    >>> from florentine_envs.testing import check_game
    >>> report = check_game(florentine_envs.make("medici", num_players=2), num_games=8)
    >>> report["games_finished"]
    8

Per-action features (``Game.action_features``) have two checks of their own,
:func:`check_action_features` (shapes, bounds, zero rows, batch independence) and
:func:`check_action_features_hidden` (nothing the mover cannot see enters them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from .core.game import Game
from .core.state import State


def random_legal_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """int[B]: a uniformly random legal action per row of ``mask`` (bool[B, A]; 0 for rows with
    no legal action).

    With few actions (A <= 8) each row's mask is read as a bit pattern and the k-th legal action
    of the pattern, k uniform below its count, is looked up in a table: one uniform number per
    row instead of one per action, and no reduction over the short action axis.
    """
    mask = np.asarray(mask)
    if mask.dtype != np.bool_:
        mask = mask.astype(bool)
    A = mask.shape[1]
    if A > 8:
        scores = rng.random(mask.shape) * mask
        return np.where(mask.any(1), scores.argmax(1), 0)
    kth, counts = _pattern_tables(A)
    pattern = mask.view(np.uint8) @ _BITS[:A]  # uint8[B]: bit j set when action j is legal
    k = (rng.random(mask.shape[0]) * counts.take(pattern)).astype(np.int64)  # uniform in [0, count)
    return kth.take(pattern.astype(np.int64) * A + k)


_BITS = (1 << np.arange(8)).astype(np.uint8)  # uint8[8]
_PATTERN_TABLES: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _pattern_tables(A: int) -> tuple[np.ndarray, np.ndarray]:
    """(int64[2**A * A] flat table: entry ``pattern * A + k`` is the k-th legal action of the mask
    whose bits are ``pattern`` (0 past the last), int64[2**A] legal actions of each pattern)."""
    if A not in _PATTERN_TABLES:
        patterns = np.arange(2**A)[:, None]
        legal = (patterns >> np.arange(A)) & 1 == 1  # bool[2**A, A]
        kth = np.zeros((2**A, A), np.int64)
        for pattern, row in enumerate(legal):
            actions = np.flatnonzero(row)
            kth[pattern, : actions.size] = actions
        _PATTERN_TABLES[A] = (kth.reshape(-1), legal.sum(1))
    return _PATTERN_TABLES[A]


def states_equal(a: State, b: State) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a.arrays().values(), b.arrays().values()))


def _first_difference(a: State, b: State) -> str:
    for name, x in a.arrays().items():
        y = getattr(b, name)
        if not np.array_equal(x, y):
            return name
    return ""


def play_random(game: Game, seeds, rng: np.random.Generator, max_steps: int = 100_000, on_step=None, policy=None):
    """Play random legal games to the end; returns (final state, actions int[T, B]).

    ``on_step(state, t)`` is called before every step (for checks along the way).
    ``policy(obs, mask) -> actions`` (float32[B, obs_size], bool[B, A] -> int[B]) plays instead of
    uniformly random legal actions when given (finished games get a random legal-or-zero action).
    """
    state = game.init(np.asarray(seeds, dtype=np.uint64))
    history = []
    for t in range(max_steps):
        if state.terminated.all():
            break
        if on_step is not None:
            on_step(state, t)
        actions = random_legal_actions(state.legal_action_mask, rng)
        if policy is not None:
            live = ~state.terminated
            obs = game.observe(state, state.current_player)
            chosen = np.asarray(policy(obs[live], state.legal_action_mask[live]), np.int64)
            actions[live] = chosen
        history.append(actions)
        game.step(state, actions)
    else:
        raise AssertionError(f"{game.name}: games not finished after {max_steps} steps")
    return state, np.array(history, dtype=np.int64).reshape(len(history), -1)


def assert_observations_in_bounds(game: Game, state: State, where: str = "") -> None:
    """Every player's observation of every game of ``state`` lies inside ``game.obs_bounds``."""
    low, high = game.obs_bounds
    for p in range(game.num_players):
        obs = game.observe(state, np.full(state.batch_size, p))
        outside = (obs < low) | (obs > high)
        if outside.any():
            b, i = (int(x[0]) for x in np.nonzero(outside))
            field = next(f for f, sl in game.obs_layout.items() if sl.start <= i < sl.stop)
            entry = i - game.obs_layout[field].start
            raise AssertionError(
                f"{game.name}: player {p}'s observation of game {b} {where}has {field}[{entry}]"
                f" = {obs[b, i]}, outside the declared bounds [{low[i]}, {high[i]}]"
            )


def check_observation_bounds(game: Game, num_games: int = 32, seed: int = 0, policy=None) -> int:
    """Play ``num_games`` games (random legal actions, or ``policy(obs, mask) -> actions``) and
    assert at every decision that every player's observation stays inside ``game.obs_bounds``
    and that the full-information ``state_vector`` stays inside ``game.state_bounds``;
    returns the number of positions checked."""
    rng = np.random.default_rng(seed)
    seeds = np.arange(num_games, dtype=np.uint64) + np.uint64(7919 * seed)
    state_low, state_high = game.state_bounds
    positions = [0]

    def on_step(s: State, t: int) -> None:
        assert_observations_in_bounds(game, s, where=f"at step {t} ")
        vector = game.state_vector(s)
        assert ((vector >= state_low) & (vector <= state_high)).all(), f"{game.name}: state vector out of bounds"
        positions[0] += s.batch_size

    final, _ = play_random(game, seeds, rng, on_step=on_step, policy=policy)
    assert_observations_in_bounds(game, final, where="at the end ")
    return positions[0]


def check_balance_hooks(game: Game, num_games: int = 4, seed: int = 0, policy=None) -> dict:
    """Play ``num_games`` games and assert the balance-hook contract of :class:`Game` at every
    step: ``component_names`` are distinct ``kind:name`` strings; ``acquisitions`` is an
    int[B, P, C] array that never decreases; ``running_scores`` is a finite float32[B, P]
    array, equal to ``state.scores`` in finished games. Returns what was acquired in all."""
    names = list(game.component_names)
    assert len(set(names)) == len(names), f"{game.name}: component names repeat"
    assert all(isinstance(n, str) and ":" in n for n in names), f"{game.name}: components are named kind:name"
    rng = np.random.default_rng(seed)
    seeds = np.arange(num_games, dtype=np.uint64) + np.uint64(104_729 * seed)
    B, P, C = num_games, game.num_players, len(names)
    previous = [np.zeros((B, P, C), np.int64)]

    def check(state: State, t) -> None:
        acquired = game.acquisitions(state)
        assert acquired.shape == (B, P, C) and np.issubdtype(acquired.dtype, np.integer), (
            f"{game.name}: acquisitions must be int[B, P, C], got {acquired.dtype}{acquired.shape}"
        )
        assert (acquired >= previous[0]).all(), f"{game.name}: acquisitions decreased at step {t}"
        previous[0] = acquired.astype(np.int64)
        running = game.running_scores(state)
        assert running.shape == (B, P) and running.dtype == np.float32, f"{game.name}: running_scores dtype/shape"
        assert np.isfinite(running).all(), f"{game.name}: running scores not finite at step {t}"
        done = state.terminated
        assert (running[done] == state.scores[done]).all(), f"{game.name}: running score of a finished game"

    final, _ = play_random(game, seeds, rng, on_step=check, policy=policy)
    check(final, "end")
    return {"acquired": previous[0].sum((0, 1)), "names": names}


def hidden_redraws(game: Game, states: list[State], seed: int) -> Iterator[tuple[int, State, State]]:
    """``(player, state, redrawn)`` for every state of ``states`` and every seat: ``redrawn`` is
    ``game.randomize_hidden(state, player, seed + k * P + player)`` (state ``k``), a position that
    only differs from ``state`` in what ``player`` cannot see. The leak tests compare what ``player``
    is shown in the two (:func:`assert_same_view`)."""
    P = game.num_players
    for k, state in enumerate(states):
        for p in range(P):
            yield p, state, game.randomize_hidden(state, p, seed=seed + k * P + p)


def assert_same_view(game: Game, view: Callable, state: State, redrawn: State, player: int, what: str) -> None:
    """``view(state, players)`` (``game.observe``, ``game.action_features``) of seat ``player`` is the
    same, exactly, in ``state`` and in ``redrawn`` (a re-draw of what the player cannot see)."""
    players = np.full(state.batch_size, player)
    seen, seen_redrawn = view(state, players), view(redrawn, players)
    if not np.array_equal(seen, seen_redrawn):
        b = int(np.flatnonzero((seen != seen_redrawn).reshape(state.batch_size, -1).any(1))[0])
        raise AssertionError(
            f"{game.name}: player {player}'s {what} depends on hidden information "
            f"(game {b} of the batch changes when what the player cannot see is re-drawn)"
        )


def check_game(game: Game, num_games: int = 64, seed: int = 0, checkpoint_every: int = 15) -> dict:
    """Run every conformance check on ``game``; raises ``AssertionError`` on the first failure.

    Checks: dtypes and shapes; named observation layout; no live decision with an all-false
    mask; finished games frozen with zero reward; invariants along the way; batch invariance
    (game i of a batch of ``num_games`` follows exactly the trajectory of its seed stepped
    alone); replay determinism from ``(seed, actions)``; copies never alias; JSON round trip;
    illegal actions refused with ``ValueError`` and the state unchanged; hidden information
    (re-randomising what a player cannot see changes neither their observation nor, when
    they are to move, their mask); terminal rewards zero-sum.
    """
    name, P, A = game.name, game.num_players, game.num_actions
    rng = np.random.default_rng(seed)
    seeds = np.arange(1000 * seed, 1000 * seed + num_games, dtype=np.uint64)
    report = {"game": name, "num_players": P}

    # --- static metadata -------------------------------------------------------------
    assert len(game.action_names) == A, f"{name}: {len(game.action_names)} action names for {A} actions"
    covered = np.zeros(game.obs_size, int)
    for field, sl in game.obs_layout.items():
        assert isinstance(sl, slice) and 0 <= sl.start < sl.stop <= game.obs_size, f"{name}: bad slice {field}"
        covered[sl] += 1
    assert (covered == 1).all(), f"{name}: obs_layout must cover the observation exactly once"
    low, high = game.obs_bounds  # raises ValueError for missing, misshapen or infinite bounds
    assert low.shape == high.shape == (game.obs_size,)

    # --- shapes and dtypes -----------------------------------------------------------
    state = game.init(seeds)
    B = num_games
    expected = {
        "seed": (np.uint64, (B,)),
        "current_player": (None, (B,)),
        "legal_action_mask": (np.bool_, (B, A)),
        "rewards": (np.float32, (B, P)),
        "terminated": (np.bool_, (B,)),
        "scores": (None, (B, P)),
        "step_count": (None, (B,)),
    }
    for field, (dtype, shape) in expected.items():
        arr = getattr(state, field)
        assert arr.shape == shape, f"{name}: {field} has shape {arr.shape}, expected {shape}"
        assert dtype is None or arr.dtype == dtype, f"{name}: {field} has dtype {arr.dtype}"
    for field, arr in state.arrays().items():
        assert isinstance(arr, np.ndarray) and arr.shape[:1] == (B,), f"{name}: {field} lacks the batch axis"
    obs = game.observe(state, state.current_player)
    assert obs.dtype == np.float32 and obs.shape == (B, game.obs_size), f"{name}: observe shape/dtype"
    assert np.isfinite(obs).all()

    # --- copies never alias ----------------------------------------------------------
    clone = state.copy()
    for field, arr in state.arrays().items():
        assert not np.shares_memory(arr, getattr(clone, field)), f"{name}: copy aliases {field}"
    before = state.copy()
    game.step(clone, random_legal_actions(clone.legal_action_mask, rng))
    assert states_equal(state, before), f"{name}: stepping a copy changed the original"

    # --- a batch played to the end, with checks along the way ---------------------------
    checkpoints: list[State] = []
    previous: dict = {}

    def on_step(s: State, t: int) -> None:
        live = ~s.terminated
        assert s.legal_action_mask[live].any(1).all(), f"{name}: a live game has no legal action at step {t}"
        assert not s.legal_action_mask[~live].any(), f"{name}: a finished game has legal actions"
        game.check_invariants(s)
        assert_observations_in_bounds(game, s, where=f"at step {t} ")
        if "state" in previous:
            frozen = previous["state"].terminated
            for field, arr in s.arrays().items():
                if field != "rewards":
                    assert np.array_equal(arr[frozen], getattr(previous["state"], field)[frozen]), (
                        f"{name}: finished games must be frozen ({field} changed)"
                    )
            assert not s.rewards[frozen].any(), f"{name}: finished games must get zero reward"
        previous["state"] = s.copy()
        if t % checkpoint_every == 0:  # positions spread over the whole game for the later checks
            checkpoints.append(s.copy())

    final, actions = play_random(game, seeds, rng, on_step=on_step)
    game.check_invariants(final)
    report["games_finished"] = int(final.terminated.sum())
    report["steps"] = int(final.step_count.sum())

    # --- replay determinism --------------------------------------------------------
    replay = game.init(seeds)
    for a in actions:
        game.step(replay, a)
    assert states_equal(replay, final), f"{name}: replay from (seed, actions) diverged"

    # --- batch invariance: game i alone follows the same trajectory -----------------------
    for i in sorted({0, B // 2, B - 1}):
        alone = game.init(seeds[i : i + 1])
        batch = game.init(seeds)
        for t, a in enumerate(actions):
            assert states_equal(alone, batch.select(i)), (
                f"{name}: game {i} alone diverges from the batch at step {t} "
                f"(field {_first_difference(alone, batch.select(i))})"
            )
            game.step(alone, a[i : i + 1])  # a finished game ignores it, as in the batch
            game.step(batch, a)
        assert states_equal(alone, final.select(i)), f"{name}: game {i} alone ends differently"

    # --- JSON round trip -----------------------------------------------------------
    for s in checkpoints + [final]:
        for i in (0, B - 1):
            restored = game.from_json(game.to_json(s, i))
            assert states_equal(restored, s.select(i)), (
                f"{name}: JSON round trip changed {_first_difference(restored, s.select(i))}"
            )

    # --- illegal actions are refused, state unchanged --------------------------------
    for s in checkpoints:
        live = np.flatnonzero(~s.terminated)
        illegal_rows = [b for b in live if not s.legal_action_mask[b].all()]
        if not illegal_rows:
            continue
        b = illegal_rows[0]
        bad = rng.random(A) * ~s.legal_action_mask[b]
        acts = random_legal_actions(s.legal_action_mask, rng)
        acts[b] = int(bad.argmax())
        snapshot = s.copy()
        try:
            game.step(s, acts)
        except ValueError as err:
            assert game.action_names[acts[b]] in str(err), f"{name}: error must name the action: {err}"
        else:
            raise AssertionError(f"{name}: illegal action {acts[b]} accepted")
        assert states_equal(s, snapshot), f"{name}: a refused action changed the state"
        out_of_range = acts.copy()
        out_of_range[b] = A
        try:
            game.step(s, out_of_range)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{name}: out-of-range action accepted")
        assert states_equal(s, snapshot)

    # --- hidden information ----------------------------------------------------------
    changed = 0
    for p, s, other in hidden_redraws(game, checkpoints, seed=1234):
        changed += not states_equal(other, s)
        assert_same_view(game, game.observe, s, other, p, "observation")
        to_move = (s.current_player == p) & ~s.terminated
        assert np.array_equal(other.legal_action_mask[to_move], s.legal_action_mask[to_move]), (
            f"{name}: player {p}'s legal actions depend on hidden information"
        )
    assert changed > 0, f"{name}: randomize_hidden never changed anything: the leak test would be vacuous"
    report["leak_checks"] = len(checkpoints) * P

    # --- rewards ------------------------------------------------------------------
    replay = game.init(seeds)
    totals = np.zeros((B, P), np.float64)
    for a in actions:
        game.step(replay, a)
        totals += replay.rewards
    if P > 1:  # a one-agent game (the solo Princes against its Automa) has no one to sum with
        assert np.allclose(totals.sum(1), 0.0, atol=1e-4), f"{name}: rewards are not zero-sum"
    report["mean_reward_by_seat"] = totals.mean(0).round(3).tolist()
    return report


# ------------------------------------------------------------------ per-action features


def check_action_feature_metadata(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """Assert the static part of the per-action features: F > 0 distinct names, a one-line doc for
    each (and for nothing else), finite bounds with ``low <= 0 <= high`` (an illegal action's row
    is zero, so zero must be a value of every feature). Returns the bounds ``(low, high)``."""
    name = game.name
    names = game.action_feature_names
    assert len(names) > 0, f"{name}: no per-action features (action_feature_fields() is empty)"
    assert all(isinstance(n, str) and n for n in names), f"{name}: feature names must be non-empty strings"
    assert len(set(names)) == len(names), f"{name}: feature names repeat"
    docs = game.action_feature_docs()
    missing = [n for n in names if not (isinstance(docs.get(n), str) and docs[n].strip())]
    assert not missing, f"{name}: action_feature_docs() lacks a line for {missing}"
    unknown = sorted(set(docs) - set(names))
    assert not unknown, f"{name}: action_feature_docs() documents features that do not exist: {unknown}"
    several = [n for n in names if "\n" in docs[n].strip()]
    assert not several, f"{name}: the docs of {several} are not one line"
    low, high = game.action_feature_bounds
    assert low.shape == high.shape == (len(names),), f"{name}: action_feature_bounds must be float32[F] each"
    assert np.isfinite(low).all() and np.isfinite(high).all(), f"{name}: feature bounds must be finite"
    outside = [n for n, lo, hi in zip(names, low, high) if not lo <= 0.0 <= hi]
    assert not outside, f"{name}: 0 (the value of an illegal action) is outside the bounds of {outside}"
    return low, high


def assert_bad_players_refused(game: Game, state: State) -> None:
    """``action_features`` raises ``ValueError`` for every kind of bad ``players``."""
    B, P = state.batch_size, game.num_players
    bad = [-1, P, 1.5, True, "0", None, np.zeros(B + 1, np.int64), np.full(B, P), np.full(B, -1), np.zeros(B)]
    for players in bad:
        try:
            game.action_features(state, players)
        except ValueError:
            continue
        raise AssertionError(f"{game.name}: action_features accepted players={players!r}")


def check_action_features(game: Game, num_games: int = 8, seed: int = 0) -> int:
    """Play ``num_games`` random games and assert, at every decision, the contract of
    ``game.action_features`` (see :meth:`~florentine_envs.core.game.Game.action_features`):

    * the metadata (:func:`check_action_feature_metadata`): F > 0 named and documented features,
      finite bounds holding 0;
    * for every seat: float32[B, A, F], finite, inside ``action_feature_bounds``; zero rows for the
      actions not legal for that seat now (illegal, another seat's turn, a finished game); and some
      legal action somewhere with a nonzero feature (else the features say nothing);
    * one seat per game (``players=state.current_player``) gives each game its seat's rows, and
      ``legal_action_features`` gives the same rows packed (the legal pairs, row-major);
    * batch independence: a game stepped alone has the features it has inside the batch (to float32
      rounding: a batched reduction may round differently);
    * ``ValueError`` for bad ``players`` (:func:`assert_bad_players_refused`).

    Returns the number of (game, seat) positions checked."""
    name, P, A = game.name, game.num_players, game.num_actions
    low, high = check_action_feature_metadata(game)
    F = low.size
    rng = np.random.default_rng(seed)
    seeds = np.arange(num_games, dtype=np.uint64) + np.uint64(7907 * seed)
    B = num_games
    state = game.init(seeds)
    assert_bad_players_refused(game, state)
    alone = {i: game.init(seeds[i : i + 1]) for i in sorted({0, B - 1})}  # stepped beside the batch
    positions, informative = 0, False
    for t in range(100_000):
        mixed = np.zeros((B, A, F), np.float32)
        for p in range(P):
            features = game.action_features(state, np.full(B, p))
            assert features.dtype == np.float32 and features.shape == (B, A, F), (
                f"{name}: action_features must be float32{(B, A, F)}, got {features.dtype}{features.shape}"
            )
            assert np.isfinite(features).all(), f"{name}: seat {p}'s action features are not finite at step {t}"
            outside = (features < low) | (features > high)
            if outside.any():
                b, a, f = (int(x[0]) for x in np.nonzero(outside))
                raise AssertionError(
                    f"{name}: seat {p}'s feature {game.action_feature_names[f]} of action {a} "
                    f"({game.action_names[a]}) in game {b} at step {t} is {features[b, a, f]}, outside the "
                    f"declared bounds [{low[f]}, {high[f]}]"
                )
            legal = state.legal_action_mask & ((state.current_player == p) & ~state.terminated)[:, None]
            stray = features.any(2) & ~legal
            if stray.any():
                b, a = (int(x[0]) for x in np.nonzero(stray))
                raise AssertionError(
                    f"{name}: seat {p}'s features of action {a} ({game.action_names[a]}) in game {b} at step "
                    f"{t} are not zero, but the action is not legal for that seat now"
                )
            informative |= bool(features.any())
            mover = state.current_player == p
            mixed[mover] = features[mover]
            positions += B
        assert np.array_equal(game.action_features(state, state.current_player), mixed), (
            f"{name}: action_features with one seat per game differs from the seats asked one by one (step {t})"
        )
        rows, actions, packed = game.legal_action_features(state, state.current_player)
        legal = state.legal_action_mask & ~state.terminated[:, None]
        assert np.array_equal(np.stack(np.nonzero(legal)), np.stack([rows, actions])), (
            f"{name}: legal_action_features does not list the legal (game, action) pairs in row-major order (step {t})"
        )
        assert np.array_equal(packed, mixed[rows, actions]), (
            f"{name}: legal_action_features differs from action_features at the legal pairs (step {t})"
        )
        for i, single in alone.items():
            seat = single.current_player.astype(np.int64)
            assert np.allclose(game.action_features(single, seat)[0], mixed[i], rtol=1e-6, atol=1e-6), (
                f"{name}: game {i}'s action features differ alone and in a batch of {B} at step {t}"
            )
        if state.terminated.all():
            break
        actions = random_legal_actions(state.legal_action_mask, rng)
        game.step(state, actions)
        for i, single in alone.items():
            game.step(single, actions[i : i + 1])  # a finished game ignores it, as in the batch
    else:
        raise AssertionError(f"{name}: games not finished")
    assert informative, f"{name}: every legal action's features were zero in every game: they tell nothing"
    return positions


def check_action_features_hidden(game: Game, num_games: int = 8, seed: int = 0, checkpoint_every: int = 5) -> int:
    """Nothing a player cannot see enters his per-action features: at positions of random games
    (every ``checkpoint_every`` steps), re-randomising what each seat cannot see
    (``randomize_hidden``, through :func:`hidden_redraws`) leaves that seat's
    ``action_features`` exactly as they were -- the leak test :func:`check_game` runs on the
    observations. Returns the number of re-draws compared."""
    check_action_feature_metadata(game)
    rng = np.random.default_rng(seed)
    seeds = np.arange(num_games, dtype=np.uint64) + np.uint64(7907 * seed + 101)
    checkpoints: list[State] = []

    def keep(state: State, t: int) -> None:
        if t % checkpoint_every == 0:
            checkpoints.append(state.copy())

    play_random(game, seeds, rng, on_step=keep)
    changed = 0
    for p, state, redrawn in hidden_redraws(game, checkpoints, seed=4321 + seed):
        changed += not states_equal(redrawn, state)
        assert_same_view(game, game.action_features, state, redrawn, p, "per-action features")
    assert changed > 0, f"{game.name}: randomize_hidden never changed anything: the leak test would be vacuous"
    return len(checkpoints) * game.num_players
