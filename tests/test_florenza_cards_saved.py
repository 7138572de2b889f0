"""Florenza: The Card Game, saved states (issue 32 item 4): positions no play reaches are refused by
``from_json`` naming the field (florenza_cards/pending.py), and a finished game whose tie the
artworks broke loads."""

import json

import numpy as np
import pytest

import florentine_envs
from florentine_envs.games.florenza_cards.constants import PH_ACTION, PH_CAPTAIN_CHOICE, PH_KEEP, PH_OVER
from florentine_envs.testing import random_legal_actions


def _saved_at(stop, num_players: int = 3, **options):
    """(game, saved fields) of the first random game (seeds 0, 1, ...) that reaches ``stop(state)``."""
    game = florentine_envs.make("florenza_cards", num_players=num_players, **options)
    for seed in range(60):
        state = game.init(np.array([seed], np.uint64))
        rng = np.random.default_rng(seed)
        while not state.terminated[0] and not stop(state):
            game.step(state, random_legal_actions(state.legal_action_mask, rng))
        if stop(state):
            return game, json.loads(game.to_json(state, 0))
    raise AssertionError("no game reached the position")


def _refused(game, data: dict, field: str, value, named: str = None) -> str:
    data = json.loads(json.dumps(data))
    data["fields"][field] = value
    with pytest.raises(ValueError) as err:
        game.from_json(data)
    assert repr(named or field) in str(err.value), str(err.value)
    return str(err.value)


def test_round_is_counted_by_the_artists_drawn():
    """"Draw a number of Artist cards based on the number of players ... These Artists will be
    available for use until the end of the round": round 2 with round 2's artists drawn is not round 3."""
    game, data = _saved_at(lambda s: s.round[0] == 2 and s.phase[0] == PH_ACTION)
    _refused(game, data, "round", 3)


def test_the_action_slot_and_its_seat():
    """"Players who have played Residences (purple) or Preachers (brown) receive additional
    actions": slot 4 (Palagio) belongs to no seat without the Palagio; and the seat at the offset
    from the Captain is the one to act."""
    game, data = _saved_at(lambda s: s.phase[0] == PH_ACTION and s.slot[0] == 1 and not s.in_play[0, :, 2].any())
    _refused(game, data, "slot", 4)
    P = game.num_players
    _refused(game, data, "current_player", (data["fields"]["current_player"] + 1) % P)


def test_keep_and_captain_choice_follow_the_keeps():
    """"Choose 1 Florenza card from your hand to keep for the next round. Discard the rest": once the
    keeps are over (the Captain chooses the income resource), keep_offset is one past the last seat
    that kept a card, and no card is kept after round 5 ("you can skip this step in Round 5")."""
    game, data = _saved_at(lambda s: s.phase[0] == PH_CAPTAIN_CHOICE and s.round[0] < 5)
    P = game.num_players
    _refused(game, data, "keep_offset", (data["fields"]["keep_offset"] + 1) % (P + 1))
    game, data = _saved_at(lambda s: s.phase[0] == PH_KEEP and s.round[0] == 4)
    text = _refused(game, data, "round", 5)
    assert "phase KEEP" in text or "artists drawn" in text


def test_a_finished_game_is_never_truncated():
    """The game ends "at the end of the fifth round": no turn limit truncates it."""
    game, data = _saved_at(lambda s: s.terminated[0])
    assert data["fields"]["phase"] == PH_OVER
    _refused(game, data, "truncated", True)


def test_a_tie_broken_by_the_artworks_loads():
    """SPEC §8: equal scores are ranked by the artworks; the rewards of the last step follow those
    ranks, and the saved finished game loads (the core's default reads the scores alone)."""
    game = florentine_envs.make("florenza_cards", num_players=4, guilds=False)
    state = game.init(np.arange(64, dtype=np.uint64))
    rng = np.random.default_rng(0)
    while not state.terminated.all():
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
    score_ranks = 1 + (state.scores[:, None, :] > state.scores[:, :, None]).sum(2)
    broken = np.flatnonzero((score_ranks != state.final_rank).any(1))
    assert broken.size, "no tie broken by the artworks in 64 games"
    for b in broken[:3]:
        game.check_state(state.select(np.array([b])))
        game.from_json(game.to_json(state, int(b)))
