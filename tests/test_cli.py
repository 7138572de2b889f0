"""The ``florentine`` command line."""

import numpy as np

from training import cli


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


def test_play_accepts_action_names():
    lines = []
    args = cli.build_parser().parse_args(["play", "medici", "--players", "human,heuristic,random"])
    cli.cmd_play(args, read=scripted(["stop"] + ["take_last"] * 400 + ["1"] * 400), write=lines.append)
    assert any("player_0, your move:" in line for line in lines)
    assert any("chooses:" in line for line in lines)


def test_parse_options():
    assert cli.parse_options(["monopoly_variant=true", "reward=score", "x=3"]) == {
        "monopoly_variant": True, "reward": "score", "x": 3,
    }


def test_bad_player_count_is_a_clear_error(capsys):
    assert cli.main(["play", "medici", "--players", "human"]) == 2
    assert "num_players=1 is not supported" in capsys.readouterr().err
