"""Engine-level tests for Medici: the one-game path against the batched path, the declared
observation bounds, and the bound on the market's length.

The rules themselves are tested in ``test_medici_rules_*.py`` (scenarios quoting the rulebook)
and ``test_medici_differential.py`` (against the scalar reference).
"""

from pathlib import Path

import numpy as np
import pytest

import florentine_envs
from florentine_envs.agents import make_agent
from florentine_envs.testing import check_observation_bounds, random_legal_actions, states_equal

PLAYERS = [2, 3, 4, 5, 6]


def differing_fields(a, b) -> list[str]:
    return [name for name, x in a.arrays().items() if not np.array_equal(x, getattr(b, name))]


@pytest.mark.parametrize("num_players", PLAYERS)
def test_one_game_path_matches_batched_path(num_players):
    """Games stepped alone (B=1: ``kernels.advance_game``, what the AEC env and search use) and
    together in a batch (``kernels.advance``) follow the same trajectory, forced moves and day ends included,
    every array entry included; every player's observation of a lone game equals its row of the
    batched one."""
    game = florentine_envs.make("medici", num_players=num_players)
    rng = np.random.default_rng(num_players)
    for size in (4, 64):
        seeds = np.arange(size, dtype=np.uint64) + 50 * num_players
        batch = game.init(seeds)
        alone = [game.init(seeds[g : g + 1]) for g in range(4)]  # the first four games, each alone
        moves = day_ends = 0
        while not batch.terminated.all():
            actions = random_legal_actions(batch.legal_action_mask, rng)
            days = batch.day[:4].copy()
            game.step(batch, actions)
            for g, one in enumerate(alone):
                live = not one.terminated[0]
                game.step(one, actions[g : g + 1])  # a finished game too: frozen, its reward 0 as in the batch
                moves += live
                day_ends += live and bool(one.day[0] != days[g] or one.terminated[0])
                assert states_equal(one, batch.select(g)), (
                    f"game {g} of {size} differs after {game.action_names[actions[g]]}: "
                    f"{differing_fields(one, batch.select(g))}"
                )
                if moves % 7 == 0:
                    for p in range(num_players):
                        view = game.observe(one, np.array([p]))
                        assert np.array_equal(view, game.observe(batch, np.full(size, p))[g : g + 1]), f"player {p}"
                        reused = np.full_like(view, 7.0)  # an ``out`` buffer holding stale values
                        assert np.array_equal(game.observe(one, np.array([p]), out=reused), view)
        assert moves > 4 * 40 and day_ends == 4 * 3  # whole games, every day end through both paths


@pytest.mark.parametrize("num_players", PLAYERS)
def test_observations_stay_inside_the_declared_bounds(num_players):
    """``obs_field_bounds`` holds for random play and for the heuristic (every player's view at
    every decision, and the full-information state vector)."""
    game = florentine_envs.make("medici", num_players=num_players)
    assert check_observation_bounds(game, num_games=4, seed=1) > 0
    heuristic = make_agent("heuristic", game, seed=2)
    assert check_observation_bounds(game, num_games=4, seed=2, policy=heuristic.act) > 0


def test_declared_bounds_follow_the_rules():
    """The bounds that are tight: the market line and its length, ship slots and ship icons
    (at most C non-green cards besides every green one; per colour two doubles, C - 2 singles
    and the green single)."""
    for num_players, longest, capacity in [(2, 69, 7), (3, 71, 5), (4, 74, 5), (5, 74, 5), (6, 74, 5)]:
        game = florentine_envs.make("medici", num_players=num_players)
        bounds = game.obs_field_bounds()
        assert game.max_market == longest and bounds["market_size"] == (0, longest)
        assert game.obs_layout["market_line"].stop - game.obs_layout["market_line"].start == longest * 33
        assert game.obs_size == 73 + 33 * longest + 16 * num_players
        assert bounds["ship_slots"] == (0, capacity)
        assert (np.asarray(bounds["ship_icons"][1]) == capacity + 3).all()
        assert bounds["ship_value"] == (0, 5 * capacity + 5 * 2 + 10 * 7)
        assert bounds["florins"] == (0, 3 * ({2: 20}.get(num_players, 30) + 5 * (10 + 10)))
    variant = florentine_envs.make("medici", num_players=4, monopoly_variant=True)
    assert variant.obs_field_bounds()["florins"] == (0, 3 * (30 + 5 * (10 + 20)))


@pytest.mark.parametrize("num_players", PLAYERS)
def test_market_never_longer_than_the_bound(num_players):
    """Play that grows the market as fast as it can (reveal while possible, take only the last
    card) never goes past ``max_market``."""
    game = florentine_envs.make("medici", num_players=num_players)
    state = game.init(np.arange(64, dtype=np.uint64))
    longest = 0
    while not state.terminated.all():
        mask = state.legal_action_mask
        actions = np.where(mask[:, 0], 0, np.where(mask[:, 1], 1, 2))  # reveal, else stop, else take_last
        game.step(state, actions)
        longest = max(longest, int(state.market_len.max()))
    assert 20 < longest <= game.max_market


def test_overlong_market_is_refused():
    """A state whose market is longer than the rules allow is an invalid state: ``check_invariants``
    and ``observe`` (whose market line would be cut short) say so."""
    game = florentine_envs.make("medici", num_players=4)
    state = game.init(np.arange(2, dtype=np.uint64))
    M = game.max_market
    for b in range(2):  # move the top M + 1 cards of the deck into the market
        top = int(state.deck_top[b])
        cards = state.deck[b, top : top + M + 1 - int(state.market_len[b])]
        state.market[b, int(state.market_len[b]) : M + 1] = cards
        state.market_len[b] = M + 1
        state.deck_top[b] = top + len(cards)
        state.card_loc[b, cards] = 1  # LOC_MARKET
        np.add.at(state.deck_counts[b], game.card_kind[cards], -1)
        np.add.at(state.market_counts[b], game.card_kind[cards], 1)
    with pytest.raises(ValueError, match=f"market holds {M + 1} cards, more than the rules allow"):
        game.check_invariants(state)
    for view in (state, state.select(0)):  # the batched path and the one-game path
        with pytest.raises(ValueError, match="longer than the rules allow"):
            game.observe(view, np.zeros(view.batch_size, np.int64))


@pytest.mark.parametrize("module", ["florentine_envs.games.medici.kernels",
                                    "florentine_envs.games.florenza_cards.kernels"])  # fmt: skip
def test_a_kernels_disk_cache_is_renewed_when_a_source_it_reads_changes(module, tmp_path):
    """Numba judges a cached function fresh by its own file alone; a kernel also inlines the draws
    of core/rng.py and freezes its game's constants, so ``core.jit`` stamps the cache with a digest
    of every source of the kernel's package and of the core."""
    import importlib

    from florentine_envs.core import jit as jit_module

    kernels = importlib.import_module(module)
    sources = jit_module.kernel_sources(module)
    package = Path(kernels.__file__).parent
    assert {package / "kernels.py", package / "constants.py", jit_module.CORE / "rng.py"} <= set(sources)
    stamp = kernels.advance._cache._cache_file._source_stamp  # what numba compares with its index
    assert stamp[1] == jit_module.sources_digest(sources)
    # the digest follows the bytes of each file, not only its own
    copies = [tmp_path / "a.py", tmp_path / "b.py"]
    for path in copies:
        path.write_text("X = 1\n")
    before = jit_module.sources_digest(copies)
    copies[1].write_text("X = 2\n")
    assert jit_module.sources_digest(copies) != before


def test_kernels_compile_where_numba_cannot_write_its_cache(monkeypatch):
    """A read-only install without a writable home: numba finds no place for its disk cache and
    refuses ``cache=True`` at import; ``core.jit`` (every kernel's decorator) compiles without it."""
    from numba import njit
    from numba.core import caching

    from florentine_envs.core.jit import jit

    impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl  # numba 0.60 named it _CacheImpl
    monkeypatch.setattr(impl, "_locator_classes", [])

    def double(x):
        return 2 * x

    with pytest.raises(RuntimeError, match="no locator available"):
        njit(cache=True)(double)
    assert jit()(double)(21) == 42
