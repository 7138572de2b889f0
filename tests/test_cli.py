"""The ``florentine`` command line."""

import numpy as np
import pytest

from florentine_envs.training import cli


def scripted(answers):
    it = iter(answers)

    def read(prompt=""):
        return next(it)

    return read


def test_play_refuses_bad_input_and_asks_again():
    lines = []
    answers = ["", "0", "42", "fly", "1"] + ["1"] * 500
    args = cli.build_parser().parse_args(["play", "medici", "--players", "human,random", "--seed", "3"])
    assert cli.cmd_play(args, read=scripted(answers), write=lines.append) == 0
    refusals = [line for line in lines if "is not a legal choice" in line]
    assert len(refusals) == 4
    assert "type a number from 1 to" in refusals[0]
    assert any(line.startswith("rank 1: player_") for line in lines)
    assert any("Game over" in line for line in lines)


def test_play_accepts_action_names_and_narrates_every_move():
    lines = []
    args = cli.build_parser().parse_args(["play", "medici", "--players", "human,heuristic,random"])
    cli.cmd_play(args, read=scripted(["STOP"] + ["take_last"] * 400 + ["1"] * 400), write=lines.append)
    text = "\n".join(lines)
    assert "player_0, your move (? or help: what each action does; q to quit):" in text
    # the automatic first reveal and the computer players' moves are announced
    assert "player_0 (you) reveals " in text and "(the only legal move)" in text
    assert "player_1 (heuristic) takes " in text and "player_2 (random) " in text
    # each day's scoring is shown before the ships are unloaded
    for day in (1, 2, 3):
        assert f"--- end of day {day}: scoring ---" in text
    assert "--- the game is over ---" in text


def test_unknown_or_bad_options_are_clear_errors(capsys):
    assert cli.main(["play", "medici", "--players", "human,random", "--option", "foo=bar"]) == 2
    error = capsys.readouterr().err
    assert "unknown option(s) ['foo']; allowed: num_players, monopoly_variant, reward, cards_path" in error
    assert cli.main(["play", "medici", "--players", "human,random", "--option", "monopoly_variant=banana"]) == 2
    assert "monopoly_variant must be True or False" in capsys.readouterr().err


def test_parse_options():
    assert cli.parse_options(["monopoly_variant=true", "reward=score", "x=3"]) == {
        "monopoly_variant": True,
        "reward": "score",
        "x": 3,
    }


def test_bad_player_count_is_a_clear_error(capsys):
    assert cli.main(["play", "medici", "--players", "human"]) == 2
    assert "num_players=1 is not supported" in capsys.readouterr().err


def test_demo_shows_every_games_skill_ladder_and_seat_advantage(tmp_path, capsys):
    import json

    import florentine_envs

    assert cli.main(["demo", "--games", "8", "--seconds", "0", "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    for name in florentine_envs.available_games():
        counts = florentine_envs.player_counts(name)
        folder = tmp_path / name
        data = json.loads((folder / "demo.json").read_text())
        ladder, seats = data["ladder"], data["seat_advantage"]
        rows = ladder["rows"]
        assert [row["agent"] for row in rows] == ["random", "33 % heuristic", "67 % heuristic", "heuristic"]
        assert [row["heuristic_share"] for row in rows] == pytest.approx([0, 1 / 3, 2 / 3, 1])
        assert (folder / "demo.png").exists() and (folder / "ladder.csv").exists()
        if counts == (1,):  # the solo Princes: each rung alone against the Automa, no seats to compare
            assert ladder["players"] == 1 and [row["games"] for row in rows] == [2] * 4  # 8 games, 4 tables of 1
            assert all(row["ordinal"] is None for row in rows)  # one player at a table is not rated
            assert seats == [] and not (folder / "seats.csv").exists()
            continue
        P = 2 if 2 in counts else min(counts)
        # a round: each of the C(4, P) tables on one deal, seats rotated; every rung in every seat alike
        assert ladder["players"] == P and len({tuple(row["seat_games"]) for row in rows}) == 1
        assert [cell["players"] for cell in seats] == list(counts) and all(cell["games"] == 8 for cell in seats)
    assert "medici: skill ladder at 2 players, seats rotated; 12 games (6 deals)" in printed
    assert "princes_solo: skill ladder against the Automa; 8 games" in printed
    assert "medici, the heuristic in every seat: " in printed and "at 6 players" in printed


def test_demo_puts_another_agent_in_the_seats_and_on_the_ladder(tmp_path, capsys, monkeypatch):
    import json

    import florentine_envs

    # issue 30 item 5: "florentine balance and florentine demo take --agents learned"
    monkeypatch.setattr(florentine_envs, "available_games", lambda: ("medici", "princes_solo"))
    assert cli.main(["demo", "--games", "8", "--seconds", "0", "--agents", "learned", "--out", str(tmp_path)]) == 0
    printed = " ".join(capsys.readouterr().out.split())  # the console wraps long lines
    for name in ("medici", "princes_solo"):
        data = json.loads((tmp_path / name / "demo.json").read_text())
        assert data["seat_agent"] == "learned"
        rows = data["ladder"]["rows"]
        assert [row["agent"] for row in rows] == ["random", "33 % heuristic", "67 % heuristic", "heuristic", "learned"]
        assert rows[-1]["heuristic_share"] is None and rows[-1]["games"] > 0
        assert (tmp_path / name / "demo.png").exists()
    seats = json.loads((tmp_path / "medici" / "demo.json").read_text())["seat_advantage"]
    assert [cell["players"] for cell in seats] == [2, 4]  # the player counts with a shipped policy
    assert "medici: learned cannot take every seat at 3, 5, 6 players; the seat study skips them" in printed
    assert "medici, learned in every seat: " in printed


def test_a_mixed_agent_plays_the_heuristic_on_its_share_of_decisions():
    import florentine_envs
    from florentine_envs.agents import make_agent
    from florentine_envs.training.demo import MixedAgent

    game = florentine_envs.make("medici", num_players=3)
    state = game.init(np.arange(64))
    obs, mask = game.observe(state, state.current_player), state.legal_action_mask
    heuristic = make_agent("heuristic", game, seed=5).act(obs, mask)
    assert (MixedAgent(game, 1.0, seed=5).act(obs, mask) == heuristic).all()
    for share in (0.0, 0.5):
        actions = MixedAgent(game, share, seed=5).act(obs, mask)
        assert mask[np.arange(64), actions].all()
        assert (actions != heuristic).any()  # random moves differ from the heuristic's somewhere


def test_help_shows_every_default(capsys):
    import argparse

    parser = cli.build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name, command in commands.choices.items():
        with pytest.raises(SystemExit):
            cli.main([name, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        shown = [a for a in command._actions if not (a.default is None or a.default is False)
                 and a.default != argparse.SUPPRESS]  # fmt: skip
        assert shown
        for action in shown:
            assert f"(default: {action.default})" in text, (name, action.dest)
    with pytest.raises(SystemExit):
        cli.main(["demo", "--help"])
    assert "about this long per game (0: no limit) (default: 30.0)" in " ".join(capsys.readouterr().out.split())


def test_demo_skips_a_game_without_a_heuristic(tmp_path, capsys, monkeypatch):
    import florentine_envs.agents as agents

    monkeypatch.setattr(agents, "available_agents", lambda game: ["random"])
    assert cli.main(["demo", "--games", "8", "--out", str(tmp_path)]) == 0
    assert "medici: skipped, it has no heuristic agent yet (agents: random)" in capsys.readouterr().out
    assert not any(tmp_path.iterdir())


def test_quit_leaves_the_game():
    import pytest

    args = cli.build_parser().parse_args(["play", "medici", "--players", "human,random"])
    with pytest.raises(SystemExit, match="abandoned"):
        cli.cmd_play(args, read=scripted(["q"]), write=lambda line: None)


def test_play_firenze_with_a_person_suggests_no_campanile_for_a_first_game():
    """Set Up 9: "If this is your first time playing Firenze, we recommend that you do not use the Campanile
    Action Card." -- said (with the option that does it) when a person plays, unless already left out."""
    import pytest

    for extra, said in (([], True), (["--option", "campanile=False"], False)):
        lines = []
        args = cli.build_parser().parse_args(["play", "firenze", "--players", "human,random", *extra])
        with pytest.raises(SystemExit, match="abandoned"):
            cli.cmd_play(args, read=scripted(["q"]), write=lines.append)
        advice = [line for line in lines if "Campanile" in line and "--option campanile=False" in line]
        assert len(advice) == int(said)
    lines = []  # computer players only: no advice
    args = cli.build_parser().parse_args(["play", "firenze", "--players", "random,random", "--option", "max_turns=2"])
    assert cli.cmd_play(args, write=lines.append) == 0
    assert not [line for line in lines if "--option campanile=False" in line]
