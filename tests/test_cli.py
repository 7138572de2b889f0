"""The ``florentine`` command line."""

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


def test_demo_runs_a_tournament_for_every_game_with_a_heuristic(tmp_path, capsys):
    import json

    import florentine_envs
    from florentine_envs.agents import available_agents

    assert cli.main(["demo", "--games", "8", "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    for name in florentine_envs.available_games():
        counts = florentine_envs.player_counts(name)
        for players in [p for p in (2, 4) if p in counts] or [min(counts)]:
            folder = tmp_path / f"{name}_{players}p"
            if "heuristic" not in available_agents(florentine_envs.make(name, num_players=players)):
                assert not folder.exists() and f"{name}: skipped" in printed
                continue
            data = json.loads((folder / "tournament.json").read_text())
            assert data["rotations"] == "cyclic" and data["games"] == 8
            if players == 1:  # a one-agent game (the solo Princes): the heuristic alone
                (heuristic,) = data["agents"]
                assert heuristic["seat_games"] == [8]
                continue
            heuristic, random = data["agents"]
            assert heuristic["seat_games"] == [8 // players] * players  # the heuristic visits every seat
            assert random["games"] == 8 * (players - 1)
            assert (folder / "tournament.png").exists()
    assert "medici, 4 players: heuristic,random*3; 8 games" in printed


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
