"""Search presets (issue 23 item 2): ``ismcts:N`` alone is each game's tuned search, the presets
are names in the spec (``ismcts:64:K`` or ``ismcts:64:preset=K``) and options override them."""

import numpy as np
import pytest

import florentine_envs
from florentine_envs.agents import make_agent
from florentine_envs.agents.ismcts import PRESETS, TUNED, ISMCTSConfig, describe_default, tuned_preset
from florentine_envs.training.cli import main

# the README's shorthands, written out as it defines them ("Agents", the ladder's K and M)
K = "prior=heuristic:plies=1:rollout=heuristic:keep=1:wave=4"
M = "prior=heuristic:plies=1:rollout=heuristic:wave=16:pair=1:value=margin:scale=20:keep=2"
# the README's ladder rows at 16 simulations, the measured settings the defaults must equal
README_16 = {
    "medici": f"ismcts:16:textbook:{M}:dets=16",
    "firenze": f"ismcts:16:textbook:{K}:top=3:depth=40:value=margin:dets=8",
    "florenza_cards": f"ismcts:16:textbook:{K}:top=3:dets=8",
    "princes": f"ismcts:16:textbook:{K}:dets=8",
}


@pytest.mark.parametrize("name", sorted(README_16))
def test_default_is_the_readme_tuned_search(name):
    game = florentine_envs.make(name, num_players=2)
    assert make_agent("ismcts:16", game).config == ISMCTSConfig.parse(README_16[name])


def test_every_game_has_a_tuned_default():
    assert set(florentine_envs.available_games()) <= set(TUNED)
    assert describe_default("firenze", 2) == "K:top=3:depth=40:value=margin"
    assert tuned_preset("no_such_game", 2) == ("textbook", {})  # a game without a heuristic: the plain search


def test_preset_by_name_or_key_and_options_override():
    game = florentine_envs.make("princes", num_players=2)
    named = make_agent("ismcts:64:K", game).config
    assert named == make_agent("ismcts:64:preset=K", game).config
    assert named == ISMCTSConfig.parse(f"ismcts:64:textbook:{K}:dets=16")
    changed = make_agent("ismcts:64:K:dets=4:c=1.5", game).config
    assert (changed.determinizations, changed.exploration, changed.rollout, changed.keep) == (4, 1.5, "heuristic", 1.0)
    assert make_agent("ismcts:64:textbook", game).config == ISMCTSConfig(simulations=64)
    # the preset may come after options; options still win
    assert make_agent("ismcts:64:dets=4:K", game).config.determinizations == 4


@pytest.mark.parametrize("simulations,k_dets", [(1, 1), (2, 1), (16, 8), (48, 16), (64, 16), (256, 16)])
def test_determinisations_follow_the_budget(simulations, k_dets):
    medici = florentine_envs.make("medici", num_players=2)
    assert make_agent(f"ismcts:{simulations}:K", medici).config.determinizations == k_dets
    assert make_agent(f"ismcts:{simulations}:M", medici).config.determinizations == simulations


def test_presets_named_in_errors():
    game = florentine_envs.make("medici", num_players=2)
    with pytest.raises(ValueError, match="presets: " + ", ".join(PRESETS)):
        make_agent("ismcts:64:fast", game)
    with pytest.raises(ValueError, match=r"ismcts:N\[:PRESET\]\[:key=value...\] \(presets: default, textbook, K, M\)"):
        make_agent("ismcts64", game)


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_default_search_plays_legal_moves(name):
    game = florentine_envs.make(name, num_players=florentine_envs.player_counts(name)[0])
    state = game.init([3])
    for _ in range(5):  # a few moves in, where the decisions are real
        game.step(state, state.legal_action_mask.argmax(1))
    rows = np.flatnonzero(~state.terminated)
    actions = make_agent("ismcts:2", game, seed=1).act_state(state, rows)
    assert state.legal_action_mask[rows, actions].all()


def test_tournament_command_takes_a_preset(tmp_path, capsys):
    args = ["tournament", "medici", "--agents", "ismcts:2:K,random", "--games", "2", "--out", str(tmp_path)]
    assert main(args) == 0
    assert "ismcts:2:K" in capsys.readouterr().out
    assert main(["tournament", "medici", "--agents", "ismcts:2:fast,random", "--games", "2"]) == 2
    assert "presets: default, textbook, K, M" in capsys.readouterr().err
