"""The benchmark functions run and return sane rows (no timing is asserted: figures are
machine-dependent and belong in reports)."""

import json

import numpy as np
import pytest

import florentine_envs
from florentine_envs.games.medici.reference import MediciReference
from florentine_envs.games.princes.reference import PrincesCoopReference, PrincesReference
from florentine_envs.training import bench, cli

TINY = 0.05  # seconds per row: enough for a few steps, the figures themselves are not checked


def test_engine_rows_count_decisions_and_finished_games():
    game = florentine_envs.make("medici", num_players=2)
    row = bench.bench_engine(game, batch_size=8, seconds=0.3)
    assert row["batch_size"] == 8 and row["agent_steps_per_s"] > 0
    # a 2-player Medici game takes well over 20 decisions: games/s must be far below steps/s
    assert 0 < row["games_per_s"] < row["agent_steps_per_s"] / 20


def test_aec_loop_counts_decisions_not_the_none_steps_of_finished_agents():
    from florentine_envs import medici_v1

    row = bench.bench_aec(lambda: medici_v1.env(num_players=3), seconds=TINY)
    assert row["games_per_s"] > 0
    # each game ends with one None step per agent on top of its decisions
    assert row["loop_steps_per_s"] > row["agent_steps_per_s"] > 0


def test_reference_is_found_from_the_game_class():
    game = florentine_envs.make("medici", num_players=2)
    assert bench.reference_class(game) is MediciReference
    row = bench.bench_reference(MediciReference, 2, seconds=TINY, **game.options)
    assert row["agent_steps_per_s"] > 0


def test_a_game_without_reference_gets_no_reference_row():
    class Unreferenced:
        name = "no_such_game"
        reference = ""

    assert bench.reference_class(Unreferenced()) is None


def test_run_benchmarks_rows_and_ratios():
    rows = bench.run_benchmarks("medici", num_players=2, seconds=TINY, batch_sizes=(1, 16))
    assert [r["what"] for r in rows] == ["AEC env() loop", "engine B=1", "engine B=16", "scalar reference",
                                         "ismcts:16 decisions"]  # fmt: skip
    assert all(r["game"] == "medici" and r["players"] == 2 and r["agent_steps_per_s"] > 0 for r in rows)
    assert all(r["first_use_s"] >= 0 for r in rows) and rows[-1]["ms_per_decision"] > 0
    peer = {"game": "texas_holdem_v4", "kind": "peer", "status": "ok", "agent_steps_per_s": 2.0}
    absent = {"game": "leduc_poker", "kind": "peer", "status": "not installed"}
    bench.add_ratios(rows, [peer, absent])
    by_what = {r["what"]: r for r in rows}
    engine, reference = by_what["engine B=16"], by_what["scalar reference"]
    assert engine["x_reference"] == pytest.approx(engine["agent_steps_per_s"] / reference["agent_steps_per_s"])
    assert engine["x_texas_holdem_v4"] == pytest.approx(engine["agent_steps_per_s"] / 2.0)
    assert by_what["AEC env() loop"]["x_texas_holdem_v4"] > 0 and "x_reference" not in by_what["AEC env() loop"]
    assert "x_texas_holdem_v4" not in reference and not any("x_leduc_poker" in r for r in rows)


def test_missing_peer_library_is_reported_not_raised(monkeypatch):
    monkeypatch.setattr(bench, "peer_available", lambda peer: False)
    row = bench.run_peer("texas_holdem_v4", seconds=TINY)
    assert row["status"].startswith("not installed") and "agent_steps_per_s" not in row


@pytest.mark.parametrize("peer", bench.PEERS)
def test_peer_rows_when_the_bench_extra_is_installed(peer):
    pytest.importorskip("pyspiel" if peer == "leduc_poker" else "rlcard")
    row = bench.run_peer(peer, seconds=TINY)
    assert row["status"] == "ok" and row["players"] == 2
    assert row["loop_steps_per_s"] >= row["agent_steps_per_s"] > row["games_per_s"] > 0


def test_bench_command_prints_the_table_and_writes_json(tmp_path, capsys):
    path = tmp_path / "bench.json"
    assert (
        cli.main(["bench", "medici", "--players", "2", "--seconds", str(TINY), "--no-peers", "--json", str(path)]) == 0
    )
    out = capsys.readouterr().out
    for label in ("AEC env() loop", "engine B=4096", "scalar reference", "× reference"):
        assert label in out
    saved = json.loads(path.read_text())
    assert [r["what"] for r in saved["rows"]][:2] == ["AEC env() loop", "engine B=1"]
    assert saved["peers"] == [] and saved["machine"]["cpus"] >= 1
    assert all(np.isfinite(r["agent_steps_per_s"]) for r in saved["rows"])


def test_interleaved_rounds_keep_each_loops_best_round():
    calls = []

    class Fake:
        def __init__(self, name, rates):
            self.name, self.rates = name, iter(rates)

        def __call__(self, seconds):
            calls.append((self.name, seconds))
            return {"agent_steps_per_s": next(self.rates)}

    out = bench.measure_interleaved([Fake("a", [1.0, 5.0, 2.0]), Fake("b", [7.0, 3.0, 4.0])], seconds=3.0, rounds=3)
    assert calls == [("a", 1.0), ("b", 1.0)] * 3  # a, b, a, b, a, b: each round a third of the time
    assert [r["agent_steps_per_s"] for r in out] == [5.0, 7.0]
    assert out[0]["round_agent_steps_per_s"] == [1.0, 5.0, 2.0]


def test_engine_loop_carries_on_from_round_to_round():
    loop = bench.EngineLoop(florentine_envs.make("medici", num_players=2), batch_size=4)
    state = loop.state
    first = loop(0.3)
    assert loop.next_seed > 4 and first["games_per_s"] > 0  # games finished and were replaced
    seeds_used = loop.next_seed
    loop(0.3)
    assert loop.state is state and loop.next_seed > seeds_used  # same batch, later games


def test_run_all_without_peers_fills_rows_in_order():
    rows, peers = bench.run_all(["medici"], num_players=2, seconds=TINY, batch_sizes=(1, 8), peers=(), rounds=2)
    assert peers == [] and [r["what"] for r in rows][-2:] == ["scalar reference", "ismcts:16 decisions"]
    assert all(len(r["round_agent_steps_per_s"]) == 2 for r in rows)
    assert rows[1]["x_reference"] == pytest.approx(rows[1]["agent_steps_per_s"] / rows[-2]["agent_steps_per_s"])
    assert "x_reference" not in rows[-1]  # the search row has no ratio: it plays no random moves


def test_a_round_in_which_no_game_ends_has_no_games_per_second_figure():
    row = bench.EngineLoop(florentine_envs.make("medici", num_players=2), batch_size=4)(0.0)  # a single step
    assert row["games_per_s"] is None and row["agent_steps_per_s"] > 0
    table = cli.bench_table([{**row, "game": "medici", "players": 2, "what": "engine B=4", "kind": "engine"}], [], 0.0)
    assert table.row_count == 1


def test_game_options_reach_the_aec_env_the_engine_and_the_reference():
    pairs = bench.game_loops("princes", 2, batch_sizes=(1,), options={"cooperative": True})
    (_, aec), (_, engine), (_, reference), (_, search) = pairs
    assert aec.env.unwrapped.game.options["cooperative"] is True
    assert engine.game.options["cooperative"] is True and search.game.options["cooperative"] is True
    assert reference.options["cooperative"] is True and reference.reference_cls is PrincesCoopReference
    assert reference(TINY)["agent_steps_per_s"] > 0
    plain = bench.game_loops("princes", 2, batch_sizes=(1,))
    assert plain[1][1].game.options["cooperative"] is False
    # the base reference rejects cooperative=False, so only the options asked for reach it
    assert plain[2][1].reference_cls is PrincesReference and plain[2][1](TINY)["agent_steps_per_s"] > 0


def test_an_unknown_game_option_is_refused_before_anything_is_measured():
    with pytest.raises(ValueError, match="cooperativ"):
        bench.game_loops("princes", 2, batch_sizes=(1,), options={"cooperativ": True})


def test_bench_command_passes_option_values_parsed_like_the_tournament(monkeypatch):
    seen = {}

    def fake_run_all(games, num_players, seconds, peers, rounds, options, progress):
        seen.update(games=games, options=options)
        return [], []

    monkeypatch.setattr(bench, "run_all", fake_run_all)
    args = ["bench", "princes", "--no-peers", "--option", "cooperative=true", "--option", "rounds=3"]
    assert cli.main(args) == 0
    assert seen == {"games": ["princes"], "options": {"cooperative": True, "rounds": 3}}
