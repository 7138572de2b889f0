import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--diff-games",
        type=int,
        default=2000,
        help="size of the differential tests: random games per player count for Medici; Firenze and the Florenza card game play a fixed fraction of it per configuration (see each test; default 2000)",
    )
    parser.addoption(
        "--data-fuzz",
        type=int,
        default=40,
        help="mutations of the component data per game in tests/test_data_patch_fuzz.py (default 40)",
    )
    parser.addoption(
        "--fuzz-states",
        type=int,
        default=1,
        help="saved states fuzzed per game, player count and variant by tests/test_saved_state_fuzz.py (default 1)",
    )
    parser.addoption(
        "--fuzz-scalars",
        type=int,
        default=1,
        help="saved states per game, player count and variant whose scalar fields tests/test_saved_state_fuzz.py "
        "sets to every other value of their range (default 1)",
    )
    parser.addoption(
        "--fuzz-scalars-players",
        action="store_true",
        default=False,
        help="the scalar sweep also sets each entry of the small per-player (and per-colour...) fields",
    )
    parser.addoption("--runslow", action="store_true", default=False, help="run long statistical checks")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip_slow = pytest.mark.skip(reason="long statistical check: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)
