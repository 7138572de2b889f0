"""Balance studies (issue 12): the games' balance hooks, the statistics, the sampling design,
variants, the report files, the command line, and Ray giving the local result."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from firenze_scenarios import BLUE, GREEN, RED, YELLOW, Scenario, build_on, fulfill

import florentine_envs
from florentine_envs.games.medici.medici import LOC_MARKET, LOC_SHIP
from florentine_envs.testing import check_balance_hooks, random_legal_actions
from florentine_envs.training.balance import StudySpec, parse_variant, run_study, stats
from florentine_envs.training.balance.design import build_cells, lineup, parse_players, plan_tasks
from florentine_envs.training.balance.report import write_report
from florentine_envs.training.balance.variants import BASELINE, game_options
from florentine_envs.training.cli import main

# ------------------------------------------------------------------------------ balance hooks


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_every_game_follows_the_balance_hook_contract(name):
    game = florentine_envs.make(name, num_players=min(florentine_envs.player_counts(name)))
    report = check_balance_hooks(game, num_games=3)
    assert report["acquired"].sum() > 0  # random play acquires something in every game
    names_at = {
        p: florentine_envs.make(name, num_players=p).component_names for p in florentine_envs.player_counts(name)
    }
    assert len(set(names_at.values())) == 1  # names do not depend on the player count


def test_medici_acquisitions_are_the_cards_each_player_loaded():
    game = florentine_envs.make("medici", num_players=3)
    rng = np.random.default_rng(1)
    loaded = np.zeros((4, 3, game.num_kinds), np.int64)

    def on_move(before, after, games, actions, forced):
        for b in games:  # every card leaving the market for a ship was loaded by the player to move
            cards = np.flatnonzero((before.card_loc[b] == LOC_MARKET) & (after.card_loc[b] >= LOC_SHIP))
            np.add.at(loaded[b, before.current_player[b]], game.card_kind[cards], 1)

    state = game.init(np.arange(4), on_move=on_move)
    while not state.terminated.all():
        game.step(state, random_legal_actions(state.legal_action_mask, rng), on_move=on_move)
    np.testing.assert_array_equal(game.acquisitions(state), loaded)
    assert game.component_names[game.kind_names.index("Neutral 7")] == "card:Neutral 7"


def last_seal_scenario(end_rule: str) -> Scenario:
    """Three players; seat 1 places its last seal (blue 3, after taking a Mason) in its second
    turn, seat 0 and seat 2 take filler cards (the scenario of the Firenze rule tests)."""
    from firenze_rules_text import to_fulfill

    sc = Scenario(3, end_rule=end_rule)
    for colour in (YELLOW, GREEN, RED):
        for height in (3, 4):
            sc.own_commission(1, colour, height)
    sc.add_tower(1, BLUE, 2)
    sc.set_store(1, blue=1)
    sc.refresh()
    sc.filler_turn()  # seat 0
    to_fulfill(sc, [build_on(0)], blank="Mason")  # seat 1
    sc.act(fulfill(0))
    sc.finish_turn(1)
    sc.filler_turn()  # seat 2
    return sc


def test_firenze_acquisitions_count_cards_taken_and_commissions_sealed():
    sc = last_seal_scenario("rulebook")
    names = sc.game.component_names
    got = sc.game.acquisitions(sc.s)[0]  # int[P, C]
    by_seat = [{names[c]: int(n) for c, n in enumerate(got[p]) if n} for p in range(3)]
    seals = {f"commission:{c}-{h}": 1 for c in ("yellow", "green", "red") for h in (3, 4)}
    assert by_seat[1] == {"card:Mason": 1, "commission:blue-3": 1, **seals}
    assert sum(by_seat[0].values()) == sum(by_seat[2].values()) == 1  # one filler card each
    assert all(name.startswith("card:") for seat in (0, 2) for name in by_seat[seat])


def test_firenze_end_rule_round_ends_the_game_at_the_end_of_the_round():
    rulebook, round_end = last_seal_scenario("rulebook"), last_seal_scenario("round")
    # "All other players receive exactly one more turn": seat 0 still plays after seat 2.
    assert not rulebook.s.terminated[0] and rulebook.turn == 0
    # end_rule="round": the round ends with seat 2, so every seat has had one turn
    assert round_end.s.terminated[0] and int(round_end.s.turn_number[0]) == 3
    with pytest.raises(ValueError, match="end_rule='sudden'.*allowed: 'rulebook', 'round'"):
        florentine_envs.make("firenze", num_players=3, end_rule="sudden")


def test_florenza_positions_and_offices_taken_in_a_study():
    # The study's recorder counts, per player, each time an office passes to it from another
    # player or a vacancy; checked against the holders read from the state after every step.
    from florentine_envs.agents import RandomAgent
    from florentine_envs.training.balance.play import LeadRecorder, component_names_of
    from florentine_envs.training.match import play_games

    game = florentine_envs.make("florenza", num_players=3)
    recorder, holders = LeadRecorder(game), []

    def on_step(state):
        recorder(state)
        holders.append(np.stack([state.captain, state.bishop], 1).copy())  # [B, 2]

    _, _, ranks = play_games(game, [RandomAgent(game, 0)], np.arange(4), np.zeros((4, 3), np.int64), on_step=on_step)
    # positions are the set-up turn order, not the seats in turn from the player to move first
    # (the last player makes the first starting pick, SPEC §5.1)
    start = game.init(np.arange(4))
    positions = recorder.results(ranks)["positions"]
    np.testing.assert_array_equal(positions, start.order[:, :3])
    assert (positions[:, -1] == start.current_player).all()
    expected = np.zeros((4, 3, 2), np.int64)
    for before, after in zip(holders, holders[1:]):
        for g, k in zip(*np.nonzero((after >= 0) & (after != before))):
            expected[g, after[g, k], k] += 1
    names, acquired = component_names_of(game), recorder.acquired()
    assert names[-2:] == ("office:Captain", "office:Bishop") and acquired.shape[2] == len(names)
    np.testing.assert_array_equal(acquired[:, :, -2:], expected)
    assert (expected[:, :, 0].sum(1) >= 1).all()  # every game had a Captain


@pytest.mark.parametrize("name", ["medici", "firenze"])
def test_running_score_is_the_score_if_the_game_ended_now(name):
    game = florentine_envs.make(name, num_players=3)
    rng = np.random.default_rng(0)
    state = game.init(np.arange(3))
    for t in range(400):
        if t % 37 == 0 and not state.terminated.any():
            ended = state.copy()
            live = np.arange(3)
            if name == "medici":
                game._end_day(ended, live)  # the day's scoring applied now
            else:
                game._final_scoring(ended, live)
            np.testing.assert_array_equal(game.running_scores(state), ended.scores.astype(np.float32))
        game.step(state, random_legal_actions(state.legal_action_mask, rng))


# ------------------------------------------------------------------------------ statistics


def test_wilson_interval_matches_newcombes_worked_examples():
    # Newcombe (1998), Statistics in Medicine 17:857, Table I, method 3 (score interval)
    low, high = stats.wilson(np.array([81, 15, 0, 1]), np.array([263, 148, 20, 29]))
    np.testing.assert_allclose(low, [0.2553, 0.0624, 0.0, 0.0061], atol=5e-5)
    np.testing.assert_allclose(high, [0.3662, 0.1605, 0.1611, 0.1718], atol=5e-5)


def test_bootstrap_interval_of_a_proportion_is_close_to_the_normal_one():
    D = 2000
    num = (np.arange(D) % 2 == 0).astype(float)[:, None]  # half the deals a success
    low, high = stats.percentile(stats.bootstrap_ratios(num, np.ones((D, 1)), seed=3))
    half = stats.Z95 * math.sqrt(0.25 / D)
    assert low[0] == pytest.approx(0.5 - half, abs=0.004) and high[0] == pytest.approx(0.5 + half, abs=0.004)
    same = stats.percentile(stats.bootstrap_ratios(np.full((50, 1), 2.0), np.full((50, 1), 4.0), seed=0))
    assert (same[0][0], same[1][0]) == (0.5, 0.5)  # identical deals: no width


def test_delta_method_difference_is_the_paired_t_standard_error():
    rng = np.random.default_rng(5)
    x, y = rng.normal(1.0, 1.0, 300), rng.normal(0.0, 2.0, 300)
    ones = np.ones((300, 1))
    test = stats.ratio_difference_test(x[:, None], ones, y[:, None], ones)
    assert test["diff"][0] == pytest.approx(x.mean() - y.mean())
    assert test["se"][0] == pytest.approx(np.std(x - y, ddof=1) / math.sqrt(300))
    assert test["p"][0] == pytest.approx(math.erfc(abs(test["diff"][0] / test["se"][0]) / math.sqrt(2)))


def test_benjamini_hochberg_adjusts_like_the_textbook():
    p = np.array([0.01, 0.02, 0.03, 0.04, 0.05, np.nan])
    np.testing.assert_allclose(stats.benjamini_hochberg(p)[:5], 0.05)  # every one at q = 0.05
    q = stats.benjamini_hochberg(np.array([0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205]))
    np.testing.assert_allclose(q, [0.008, 0.032, 0.0672, 0.0672, 0.0672, 0.08, 0.0846, 0.205], atol=1e-4)
    assert np.isnan(stats.benjamini_hochberg(p)[5])


# ------------------------------------------------------------------------------ design


def test_player_counts_and_lineups():
    assert parse_players("2-5", "medici") == (2, 3, 4, 5) and parse_players("3,4", "firenze") == (3, 4)
    with pytest.raises(ValueError, match="firenze plays with 2, 3, 4 players"):
        parse_players("2-5", "firenze")
    labels, arrangements = lineup("heuristic", 4)
    assert labels == ("heuristic",) and arrangements.tolist() == [[0, 0, 0, 0]]  # identical agents: played once
    labels, arrangements = lineup("heuristic,random*2", 3)
    assert labels == ("heuristic", "random")
    assert sorted(map(tuple, arrangements.tolist())) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]  # each seat once
    with pytest.raises(ValueError, match="exactly 4"):
        lineup("heuristic,random", 4)


def test_duplicate_deal_design_shares_deals_across_variants_and_rotates_ladder_seats():
    variants = [BASELINE, parse_variant("monopoly_variant=true")]
    cells = build_cells("medici", (3, 4), "heuristic", variants, 10, ladder=["random", "heuristic"], ladder_deals=5)
    assert [(c.kind, c.players, c.variant.label) for c in cells] == [
        ("main", 3, "baseline"), ("main", 3, "monopoly_variant=true"), ("main", 4, "baseline"),
        ("main", 4, "monopoly_variant=true"), ("ladder", 3, "baseline"), ("ladder", 4, "baseline")]  # fmt: skip
    tasks = plan_tasks("medici", cells, seed=7, chunk_games=4)
    chunk_order = [t.chunk for t in tasks]
    assert chunk_order == sorted(chunk_order)  # chunk-major: a time box leaves every cell about as far
    seeds = {}
    for task in tasks:
        for deal, seed in zip(task.deals.tolist(), task.seeds.tolist()):
            assert seeds.setdefault(deal, seed) == seed  # deal d has one seed in every cell
    for index, cell in enumerate(cells):
        mine = [t for t in tasks if t.cell == index]
        assert np.concatenate([t.deals for t in mine]).tolist() == list(range(cell.num_deals))
        assert all(t.num_games <= 4 or t.deals.size == 1 for t in mine)  # whole deals per chunk
    ladder = [t for t in tasks if cells[t.cell].kind == "ladder" and t.players == 4][0]
    assert ladder.agents == ("heuristic", "random") and ladder.num_games == 4  # the stronger in each seat
    base, variant = (next(t for t in tasks if t.cell == i and t.chunk == 0) for i in (0, 1))
    assert base.agent_seeds == variant.agent_seeds  # common random numbers for the paired comparison


# ------------------------------------------------------------------------------ variants


def test_variants_parse_labels_several_changes_and_json_values():
    v = parse_variant("equal start: data.starting_bricks.by_turn_order=[3, 3, 3, 3]; end_rule=round")
    assert v.label == "equal start"
    assert v.changes == (("data.starting_bricks.by_turn_order", [3, 3, 3, 3]), ("end_rule", "round"))
    assert parse_variant("campanile=FALSE").changes == (("campanile", False),)
    with pytest.raises(ValueError, match="must look like key=value"):
        parse_variant("campanile")


def test_data_changes_become_minimal_patches_and_change_play():
    options = game_options("firenze", 3, parse_variant("data.action_cards.cards.*.start_copies=0"))
    cards = options["data"]["action_cards"]["cards"]  # the list is given whole, every start copy off
    assert set(options["data"]) == {"action_cards"} and all(
        c["start_copies"] == 0 for c in cards if "start_copies" in c
    )
    prestige = game_options("firenze", 3, parse_variant("data.commissions.towers.red.2.prestige=12"))
    assert prestige["data"]["commissions"]["towers"]["red"][2]["prestige"] == 12
    assert prestige["data"]["commissions"]["towers"].keys() == {"red"}
    game = florentine_envs.make("firenze", num_players=3, **prestige)
    assert game.comm_prestige[6 * 3 + 2] == 12  # red, level 3 (9 in the packaged data)
    medici = florentine_envs.make("medici", num_players=3, **game_options("medici", 3, parse_variant(
        "data.kinds.31.value=9")))  # fmt: skip
    assert medici.kind_value[31] == 9 and medici.kind_names[31] == "Neutral 7"


@pytest.mark.parametrize(
    "text, message",
    [
        ("colour=red", r"unknown variant key 'colour'; allowed: .*campanile.*end_rule.* or data.<path>"),
        ("data.comissions.red=1", r"no key 'comissions' under data; allowed: .*commissions"),
        ("data.commissions.towers.pink.0.prestige=1", r"no key 'pink' under data.commissions.towers; allowed: white"),
        ("data.commissions.towers.red.6.prestige=1", r"data.commissions.towers.red is a list of 6; use an index 0..5"),
        ("data.commissions.towers.red.2.prestige=high", r"holds 9 \(int\); 'high' cannot replace it"),
        ("campanile=maybe", r"campanile must be True or False"),
    ],
)
def test_bad_variant_keys_name_what_is_allowed(text, message):
    with pytest.raises(ValueError, match=message):
        game_options("firenze", 3, parse_variant(text))


# ------------------------------------------------------------------------------ studies


@pytest.fixture(scope="module")
def study():
    spec = StudySpec("medici", players="2-3", games=24, seed=3, variants=("mono: monopoly_variant=true",),
                     compare=True, ladder="random,heuristic", ladder_games=6, chunk_games=16)  # fmt: skip
    return run_study(spec, progress=False)


def test_study_statistics_are_the_counts_of_its_games(study):
    cells = {(c["players"], c["variant"], c["kind"]): c for c in study.summary["cells"]}
    base = cells[(3, "baseline", "main")]["stats"]
    data = study.data[2]  # 3 players, baseline
    first = data["first_player"]
    wins_first = (data["ranks"][np.arange(first.size), first] == 1).mean()
    assert base["win_pos0"]["estimate"] == pytest.approx(wins_first) and base["win_pos0"]["method"] == "Wilson"
    assert base["length"]["estimate"] == pytest.approx(data["length"].mean())
    assert base["games"] == base["deals"] == 24
    ladder = cells[(3, "baseline", "ladder")]["stats"]
    assert ladder["games"] == 18 and ladder["win_pos0"]["method"] == "cluster bootstrap"  # 6 deals x 3 seats
    assert study.summary["ladder"][1]["edge"]["low"] > 0  # the heuristic beats random players
    for entry in (base["first_player_advantage"], base["lead_changes"], base["winner_behind"]):
        assert entry["low"] <= entry["estimate"] <= entry["high"]
    comparison = study.summary["comparisons"][0]["stats"]
    assert comparison["deals"] == 24 and comparison["length"]["method"] == "paired cluster bootstrap"
    rows = study.summary["components"][0]["rows"]
    assert {r["component"] for r in rows} == set(study.component_names[0])
    assert all(0 <= r["acquisition_rate"] <= 1 and (np.isnan(r["win_q"]) or r["win_q"] >= r["win_p"]) for r in rows)


def test_large_studies_resample_blocks_of_deals(study, monkeypatch):
    from florentine_envs.training.balance.metrics import cell_summary

    data = study.data[2]
    exact = cell_summary(data, 3, ("heuristic",), 1, seed=0)
    monkeypatch.setattr(stats, "MAX_UNITS", 6)  # 24 deals in 6 blocks of 4
    unit, U = stats.resampling_units(data["deal"], 24)
    assert U == 6 and np.bincount(unit).tolist() == [4] * 6 and (np.diff(unit) >= 0).all()
    blocked = cell_summary(data, 3, ("heuristic",), 1, seed=0)
    assert blocked["length"]["estimate"] == pytest.approx(exact["length"]["estimate"])  # the same estimates
    assert blocked["length"]["low"] != exact["length"]["low"]  # resampled over blocks


def test_report_files_are_written(study, tmp_path):
    paths = write_report(study, tmp_path)
    markdown = paths["markdown"].read_text()
    assert "## Seat and first-player advantage" in markdown and "## Variants side by side" in markdown
    assert "florentine balance medici --players 2-3 --games 24 --seed 3" in markdown
    assert "](fig_positions.png)" in markdown and (tmp_path / "fig_positions.png").exists()
    page = paths["html"].read_text()
    assert page.count("data:image/png;base64,") >= 5 and 'src="fig_' not in page  # self-contained
    games = paths["games"].read_text().splitlines()
    assert len(games) == 1 + study.num_games and games[0].startswith("cell,kind,players,variant,deal")
    acquisitions = paths["acquisitions"].read_text().splitlines()
    assert acquisitions[0] == "cell,game,seat,component,count" and acquisitions[1].split(",")[3].startswith("card:")
    summary = json.loads(paths["json"].read_text())
    assert summary["spec"]["seed"] == 3 and summary["games"] == study.num_games
    assert "win_lift" in paths["components"].read_text().splitlines()[0]


def test_a_time_box_plays_the_first_chunk_of_every_cell():
    spec = StudySpec("medici", players=2, games=40, variants=("monopoly_variant=true",), compare=True, chunk_games=4)
    result = run_study(spec, max_seconds=0.0, progress=False)
    assert [d["deal"].size for d in result.data] == [4, 4]
    assert result.summary["comparisons"][0]["stats"]["deals"] == 4


def test_the_command_line_writes_a_report_and_refuses_bad_keys(tmp_path, capsys):
    out = tmp_path / "study"
    arguments = ["balance", "medici", "--players", "2", "--games", "6", "--out", str(out), "--no-progress"]
    assert main([*arguments, "--no-raw"]) == 0
    assert (out / "report.html").exists() and "at 2 players: first-player advantage" in capsys.readouterr().out
    assert not (out / "games.csv").exists()  # --no-raw: no per-game files
    assert main(["balance", "medici", "--players", "2", "--set", "bogus=1", "--no-progress"]) == 2
    assert "unknown variant key 'bogus'; allowed: cards_path, data, monopoly_variant, reward" in capsys.readouterr().err


def test_a_study_with_the_learned_policy_in_every_seat(tmp_path, capsys):
    # issue 30 item 5: "florentine balance and florentine demo take --agents learned"; the shipped
    # policy scores actions from their features, so the study must hand it the state
    out = tmp_path / "learned"
    arguments = ["balance", "florenza_cards", "--players", "2", "--agents", "learned", "--games", "6",
                 "--out", str(out), "--no-progress", "--no-raw"]  # fmt: skip
    assert main(arguments) == 0
    assert "at 2 players: first-player advantage" in capsys.readouterr().out
    summary = json.loads((out / "summary.json").read_text())
    assert summary["cells"][0]["labels"] == ["learned"] and summary["games"] == 6
    assert main(["balance", "medici", "--players", "3", "--agents", "learned", "--no-progress", "--games", "2"]) == 2
    assert "no learned policy for medici with 3 player(s)" in capsys.readouterr().err


# ------------------------------------------------------------------------------ Ray


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    from florentine_envs.training.balance.ray_backend import init_ray

    init_ray(num_cpus=2)
    yield ray
    ray.shutdown()


def test_ray_gives_the_local_result(local_ray):
    from florentine_envs.training.tournament import run_tournament

    spec = StudySpec("medici", players="2-3", games=12, variants=("monopoly_variant=true",), compare=True,
                     agents="heuristic", ladder="random,heuristic", ladder_games=4, chunk_games=8)  # fmt: skip
    local, distributed = run_study(spec, progress=False), run_study(spec, backend="ray", progress=False)
    assert json.dumps(local.summary, sort_keys=True) == json.dumps(distributed.summary, sort_keys=True)
    for mine, theirs in zip(local.data, distributed.data):
        assert all(np.array_equal(mine[k], theirs[k], equal_nan=True) for k in mine)
    lineup_ = ["heuristic", "random*2"]
    here = run_tournament("medici", lineup_, 3, games=30, chunk_games=6, progress=False)
    there = run_tournament("medici", lineup_, 3, games=30, chunk_games=6, progress=False, backend="ray")
    np.testing.assert_array_equal(here.scores, there.scores)
    assert here.to_dict() | {"wall_s": 0} == there.to_dict() | {"wall_s": 0}
