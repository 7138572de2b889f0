"""The Princes heuristic in cooperative building (option ``cooperative``, SPEC.md COOP): legal at
2-5 players with and without the characters, a batch decides as its games one at a time, blind to
what its seat cannot see, stronger than random; it proposes, accepts and declines, a refused
offer is not repeated as it was, an answer is monotone in the price; the base game's choices are
those of the heuristic before cooperative building; and the report tool counts what happened."""

import hashlib

import numpy as np
import pytest
from heuristic_checks import (
    assert_batch_decides_as_one_game,
    assert_blind_to_hidden,
    field_changed,
    phases_met_by_legal_play,
    results_against_random,
)

import florentine_envs
from florentine_envs.agents import PrincesHeuristic, RandomAgent
from florentine_envs.games.princes.constants import COOP_PHASE_NAMES, PH_ACTION, PH_COOP_ANSWER, PHASE_NAMES
from florentine_envs.training.coop_report import CoopRecorder, configured_heuristic, mixed_table, play_cell
from florentine_envs.training.match import play_games

COOP_NAMES = PHASE_NAMES + COOP_PHASE_NAMES  # phase ids 0..17


def coop_game(num_players, characters=False):
    return florentine_envs.make("princes", num_players=num_players, characters=characters, cooperative=True)


def action_digest(num_players: int, characters: bool, seeds) -> tuple[str, list]:
    """The heuristic's self-play moves in the base game, hashed, and the final scores."""
    game = florentine_envs.make("princes", num_players=num_players, characters=characters)
    agent = PrincesHeuristic(game)
    state = game.init(np.asarray(seeds, np.uint64))
    digest = hashlib.sha256()
    while not state.terminated.all():
        actions = agent.act(game.observe(state, state.current_player), state.legal_action_mask)
        actions = np.where(state.terminated, 0, actions)
        digest.update(actions.astype(np.int64).tobytes())
        game.step(state, actions)
    return digest.hexdigest()[:16], state.scores.tolist()


@pytest.mark.parametrize(
    "num_players, characters, digest, scores",
    [
        (2, False, "17ae5ed8aba1a69b", [[51, 55], [37, 52], [61, 41]]),
        (3, True, "34f7f200fd7ff28d", [[57, 57, 34], [66, 24, 57], [53, 42, 73]]),
        (4, False, "9bfbeb3783b1a97b", [[48, 34, 32, 62], [39, 49, 38, 49], [34, 45, 47, 51]]),
        (5, True, "68cc5c01a3c5cd7b", [[44, 37, 22, 63, 37], [52, 32, 33, 52, 46], [41, 50, 55, 34, 50]]),
    ],
)
def test_without_cooperation_the_moves_are_those_of_the_heuristic_before_it(num_players, characters, digest, scores):
    # recorded with the heuristic of main at b49bf7b (before cooperative building): every move of
    # three self-play games, hashed; cooperative=False must not change one of them
    assert action_digest(num_players, characters, np.arange(3) + 70) == (digest, scores)


@pytest.mark.parametrize("num_players, characters", [(2, False), (3, True), (4, False), (5, True)])
def test_cooperative_heuristic_picks_only_legal_actions(num_players, characters):
    game = coop_game(num_players, characters)
    seeds = np.arange(6) + 100 * num_players
    phases_seen = phases_met_by_legal_play(game, PrincesHeuristic(game), seeds, phase_names=COOP_NAMES)
    wanted = {"ACTION", "PLACE", "COOP_PLACE", "COOP_PRICE", "COOP_ANSWER"}
    wanted |= {"COOP_SIDE"} if num_players > 2 else set()  # 2 players: one neighbour, a forced side
    assert wanted <= phases_seen, wanted - phases_seen


def test_cooperative_batch_decides_as_its_games_one_at_a_time():
    game = coop_game(3, characters=True)
    assert_batch_decides_as_one_game(game, PrincesHeuristic(game), np.arange(3) + 40, min_steps=200)


def test_cooperative_decisions_do_not_read_what_the_player_cannot_see():
    # the partner's hand is hidden from the builder: re-drawn, the offers stay the same
    game = coop_game(4)
    hands, decks = field_changed("hand_prof"), field_changed("deck_cards")
    assert_blind_to_hidden(
        game, PrincesHeuristic(game), np.arange(6) + 7, lambda s, o, g: hands(s, o, g) | decks(s, o, g),
        every=5, min_checked=100,
    )  # fmt: skip


@pytest.mark.parametrize("num_players, seat", [(2, 1), (5, 2)])
def test_cooperative_heuristic_beats_random(num_players, seat):
    win_rate, margin = results_against_random(coop_game(num_players), 16, seat)
    assert win_rate >= 0.9 and margin > 25, (win_rate, margin)


def answers_of(game, agents, seeds):
    """Every answered proposal of games ``seeds`` played by ``agents`` (one per seat), and the
    shared buildings of each game at the end."""
    recorder = CoopRecorder(game)
    final = {}

    def on_step(state):
        recorder(state)
        final["state"] = state

    play_games(game, agents, seeds, on_step=on_step)
    return recorder.answers, CoopRecorder.shared(final["state"])


@pytest.mark.parametrize("num_players, characters", [(2, False), (3, True), (5, False)])
def test_heuristic_neighbours_propose_and_agree(num_players, characters):
    # The partners' first Professions are public (dealt face up): the builder knows nearly all
    # a building is worth to them and asks what they accept (measured: about 99 % agreed).
    game = coop_game(num_players, characters)
    answers, shared = answers_of(game, [PrincesHeuristic(game)] * num_players, np.arange(6) + 11)
    accepted = answers["accepted"].astype(bool)
    assert accepted.sum() >= 6 and accepted.mean() >= 0.9, (accepted.sum(), accepted.mean())
    # every accepted proposal is one shared building at the end, and prices are paid in money
    assert shared.sum() == accepted.sum()
    assert (answers["price"][accepted] >= 0).all()


def test_the_heuristic_partner_declines_what_is_not_worth_it():
    # Random builders ask random prices of the heuristic in seat 0: it accepts some and declines
    # others, and the offers it declines are dearer on the whole.
    game = coop_game(4, characters=True)
    agents = [PrincesHeuristic(game)] + [RandomAgent(game, seed=s) for s in range(1, 4)]
    answers, _ = answers_of(game, agents, np.arange(8) + 31)
    mine = answers["partner"] == 0
    accepted = answers["accepted"].astype(bool)
    yes, no = mine & accepted, mine & ~accepted
    assert yes.sum() >= 3 and no.sum() >= 3, (yes.sum(), no.sum())
    assert answers["price"][no].mean() > answers["price"][yes].mean()


def offer_of(state, g) -> tuple[int, int, int]:
    """(building, partner, price rung) of game g's pending proposal."""
    return int(state.prop_building[g]), int(state.prop_partner[g]), int(state.prop_price[g])


def test_a_refused_offer_is_not_made_again_as_it_was():
    # After a decline the builder conditions his belief on the refusal: the next proposal of the
    # same action differs in building, partner or price. The heuristic builds in seat 0; random
    # partners refuse often.
    game = coop_game(4)
    heuristic, rnd = PrincesHeuristic(game), RandomAgent(game, seed=1)
    state = game.init(np.arange(10, dtype=np.uint64) + 11)
    refused = {}  # game -> (building, partner, price) refused in the builder's current action
    pairs = 0
    while not state.terminated.all():
        live = np.flatnonzero(~state.terminated)
        asking = live[(state.phase[live] == PH_COOP_ANSWER) & (state.prop_builder[live] == 0)]
        for g in asking:
            if state.proposals_left[g] < game.CT.proposals and g in refused:
                assert offer_of(state, g) != refused[g], offer_of(state, g)
                pairs += 1
        obs = game.observe(state, state.current_player)
        actions = rnd.act(obs, state.legal_action_mask)
        ours = live[state.current_player[live] == 0]
        actions[ours] = heuristic.act(obs[ours], state.legal_action_mask[ours])
        offers = {g: offer_of(state, g) for g in asking if actions[g] == game.a_coop_decline}
        game.step(state, actions)
        for g in live:
            if g in offers:
                refused[g] = offers[g]
            elif state.phase[g] == PH_ACTION and state.proposals_left[g] == game.CT.proposals:
                refused.pop(g, None)  # an action was used: a new budget
    assert pairs >= 3, pairs


def test_an_answer_is_monotone_in_the_price():
    # the partner who accepts a price accepts every lower rung; who declines, every higher one
    game = coop_game(5)
    agent = PrincesHeuristic(game)
    state = game.init(np.arange(6, dtype=np.uint64) + 900)
    checked = 0
    while not state.terminated.all() and checked < 40:
        live = np.flatnonzero(~state.terminated)
        actions = np.zeros(state.batch_size, np.int64)
        actions[live] = agent.act(game.observe(state, state.current_player)[live], state.legal_action_mask[live])
        for g in live[state.phase[live] == PH_COOP_ANSWER]:
            one = state.select(int(g))
            rung = int(one.prop_price[0])
            yes = actions[g] == game.a_coop_accept
            others = range(rung) if yes else range(rung + 1, len(game.CT.ladder))
            for other in others:
                one.prop_price[0] = other
                again = agent.act(game.observe(one, one.current_player), one.legal_action_mask)[0]
                assert (again == game.a_coop_accept) == yes, (rung, other, yes)
            checked += 1
        game.step(state, actions)
    assert checked >= 10, checked


def test_the_report_counts_proposals_prices_and_shared_buildings():
    cell = play_cell(3, False, games=4, seed=5)
    assert cell["games"] == 4 and cell["proposals_per_game"] > 0
    assert 0.0 <= cell["accepted"] <= 1.0
    assert cell["shared_per_game"] == pytest.approx(cell["accepted_per_game"])
    assert cell["price_q1"] <= cell["price_median"] <= cell["price_q3"]
    assert cell["coop_winner"] >= cell["coop_mean"] and cell["base_winner"] >= cell["base_mean"]


def test_the_report_compares_another_budget_and_probes_both_sides():
    # --coop-data reaches the cooperative games (a two-rung ladder: every price one of them, some
    # not the old ladder's 400 or 500) and --both plays each side choice out for both sides
    cell = play_cell(3, False, games=2, seed=5, coop_data={"negotiation": {"price_ladder": [0, 3]}}, both=True)
    assert cell["proposals_per_game"] > 0 and cell["budget_spent"] >= 0
    assert {cell["price_q1"], cell["price_median"], cell["price_q3"]} <= {0.0, 300.0}
    both = cell["both"]
    assert both["side_choices"] > 0 and 0.0 <= both["other_accepted"] <= 1.0
    assert both["other_better"] <= both["both_accepted"] <= both["side_choices"]


def test_mixed_tables_seat_two_configurations_and_refusers_never_share():
    cell = mixed_table(4, False, deals=2, seed=3, first="refuse", second="rival=0")
    assert cell["games"] == 2 * 6  # every arrangement of 2 + 2 seats on each deal
    assert set(cell) >= {"refuse", "rival=0"}
    game = coop_game(3)
    refuser = configured_heuristic(game, "refuse")
    answers, shared = answers_of(game, [refuser] * 3, np.arange(2) + 5)
    assert answers["accepted"].size == 0 and shared.sum() == 0  # never proposes
    with pytest.raises(ValueError, match="allowed: heuristic, rival=W, refuse"):
        configured_heuristic(game, "greedy")
