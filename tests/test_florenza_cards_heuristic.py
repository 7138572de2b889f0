"""The Florenza card-game heuristic: legal in every state it meets, the same decisions in a batch as
one game at a time, blind to what its seat cannot see, far stronger than random, and making the
decisions a decent player makes (artists, reservations, keeping a card, the last round)."""

import numpy as np
import pytest
from heuristic_checks import (
    assert_batch_decides_as_one_game,
    assert_blind_to_hidden,
    field_changed,
    phases_met_by_legal_play,
    results_against_random,
)
from test_florenza_cards_engine import artist, card, fix, make, set_table, step

import florentine_envs
from florentine_envs.agents import FlorenzaCardsHeuristic
from florentine_envs.games.florenza_cards.constants import DONE, IN_ROW, PH_ACTION, PH_KEEP, PHASE_NAMES, RESERVED


@pytest.mark.parametrize("num_players, guilds", [(2, True), (3, False), (4, True)])
def test_heuristic_picks_only_legal_actions(num_players, guilds):
    game = florentine_envs.make("florenza_cards", num_players=num_players, guilds=guilds)
    seeds = np.arange(24) + 100 * num_players
    phases_seen = phases_met_by_legal_play(
        game, FlorenzaCardsHeuristic(game), seeds, steps=2000, phase_names=PHASE_NAMES
    )
    # every decision kind was met: actions, hires, exchanges, barters, keeping, the Captain's choice
    wanted = {"ACTION", "HIRE", "EXCHANGE_GIVE_1", "EXCHANGE_GIVE_2", "EXCHANGE_TAKE", "BARTER_GIVE",
              "BARTER_TAKE", "KEEP", "CAPTAIN_CHOICE"}  # fmt: skip
    assert wanted <= phases_seen, wanted - phases_seen


def test_a_batch_decides_as_its_games_one_at_a_time():
    # Heuristic self-play on a batch; at every step each game's decision is asked again alone
    # (a batch of one, the engine's one-game observation): the answers are the same.
    game = florentine_envs.make("florenza_cards", num_players=3)
    assert_batch_decides_as_one_game(game, FlorenzaCardsHeuristic(game), np.arange(6) + 40, min_steps=100)


def test_re_randomising_what_the_player_cannot_see_does_not_change_its_action():
    # Other hands and discards, deck orders and the values of unhired artists (reserved ones too)
    # are re-drawn for the player to move; its decision stays the same.
    game = florentine_envs.make("florenza_cards", num_players=4)
    assert_blind_to_hidden(
        game,
        FlorenzaCardsHeuristic(game),
        np.arange(16) + 7,
        field_changed("deck"),
        every=7,
        min_checked=300,
        steps=700,
    )


@pytest.mark.parametrize("num_players, seat", [(2, 0), (2, 1), (4, 2)])
def test_heuristic_beats_random(num_players, seat):
    # measured with `florentine tournament` over 400 games: ~100 % at 2 and 4 players
    game = florentine_envs.make("florenza_cards", num_players=num_players)
    win_rate, margin = results_against_random(game, 40, seat)
    assert win_rate >= 0.9 and margin > 40


# ------------------------------------------------------------------ decisions a decent player makes
# Positions are made from a fresh game by editing its fields (with the engine tests' helpers).


def decide(game, st):
    agent = FlorenzaCardsHeuristic(game)
    return int(agent.act(game.observe(st, st.current_player), st.legal_action_mask)[0])


def act_as(game, st, seat, round_=1, slot=0, captain=0):
    """``seat`` is to act in ``round_`` at action slot ``slot`` (captain ``captain``)."""
    st.round[0], st.captain[0], st.slot[0] = round_, captain, slot
    st.offset[0] = (seat - captain) % game.num_players
    st.current_player[0], st.phase[0] = seat, PH_ACTION
    fix(game, st)


def test_it_hires_the_artist_with_the_better_expected_value_as_in_the_rulebook_example():
    """ "Giulio Romano (an Architect costing 100 Fiorini) and Giambologna (a Sculptor costing 100
    Fiorini). They have the same cost, but Giambologna has the potential to be worth more Prestige
    Points, so Strozzi chooses him." Romano's copies are worth 2 and 2, Giambologna's 2, 2, 2, 3."""
    game = make(4)
    st = game.init(np.array([9]))
    fontana = card(game, "fontana")
    romano, giambologna = artist(game, "romano_architect"), artist(game, "giambologna_sculptor")
    set_table(game, st, [game.t.abase[romano], game.t.abase[giambologna]])
    st.anon_up[0] = False
    st.hand[0, 3, fontana] = 1
    act_as(game, st, 3)
    step(game, st, fontana)
    assert decide(game, st) == game.ids.hire_table + giambologna


def test_it_hires_its_reserved_artist_before_an_equal_one_from_the_table():
    # the reserved copy is no dearer, and hiring it removes the penalty for an unused reservation
    game = make(4)
    st = game.init(np.array([9]))
    giambologna = artist(game, "giambologna_sculptor")
    first = game.t.abase[giambologna]
    set_table(game, st, [first, first + 1])
    st.art_state[0, first + 1], st.art_owner[0, first + 1] = RESERVED, 0
    st.table_count[0, giambologna], st.reserved_count[0, 0, giambologna] = 1, 1
    st.anon_up[0] = False
    fontana = card(game, "fontana")
    st.hand[0, 0, fontana] = 1
    act_as(game, st, 0, round_=3)
    step(game, st, fontana)
    assert decide(game, st) == game.ids.hire_reserved + giambologna


def test_it_turns_a_full_storehouse_into_a_monument():
    # (with cards in hand it would first play a Residence: extra actions for the whole game)
    game = make(2)
    st = game.init(np.array([4]))
    st.res[0, 0], st.money[0, 0], st.hand[0, 0] = 10, 2000, 0
    act_as(game, st, 0)
    action = decide(game, st)
    assert game.ids.complete <= action < game.ids.reserve_monument, game.action_names[action]


def test_it_keeps_the_card_worth_most_next_round():
    # a 5-prestige Biblioteca over a 2-prestige Lastricato; never a card it cannot play (a second
    # Casa beside the one in front of it)
    game = make(2)
    st = game.init(np.array([3]))
    casa, biblioteca, lastricato = card(game, "casa"), card(game, "biblioteca"), card(game, "lastricato")
    st.in_play[0, 0, casa] = True
    st.hand[0, 0] = 0
    st.hand[0, 0, [casa, biblioteca, lastricato]] = 1
    st.phase[0], st.current_player[0], st.keep_offset[0] = PH_KEEP, 0, 0
    fix(game, st)
    assert decide(game, st) == game.ids.keep + biblioteca
    st.hand[0, 0, biblioteca] = 0
    fix(game, st)
    assert decide(game, st) == game.ids.keep + lastricato


def last_action_of_the_game(game, st, money, captain):
    """Seat 0's last action in round 5: nothing to play, resources far behind seat 1."""
    st.hand[0, 0] = 0
    st.res[0, 0], st.res[0, 1] = 0, 10
    st.money[0, 0], st.money[0, 1] = money, 1000
    st.mon_state[0] = np.where(st.mon_state[0] == IN_ROW, DONE, st.mon_state[0])
    st.mon_owner[0] = np.where(st.mon_state[0] == DONE, 1, st.mon_owner[0])
    act_as(game, st, 0, round_=5, slot=3, captain=captain)


def test_in_the_last_round_it_takes_the_new_captain_card_for_the_final_point():
    game = make(2)
    st = game.init(np.array([5]))
    last_action_of_the_game(game, st, money=0, captain=0)  # seat 1 would become Captain
    assert decide(game, st) == game.ids.location + game.t.loc_ids.index("capitano")


def test_in_the_last_round_it_minds_the_money_majority():
    # 980 Fiorini against 1000: sending out the workers (+50) wins the money majority (4 instead
    # of 2 points), more than the Captain's point it would get anyway (it is the next Captain)
    game = make(2)
    st = game.init(np.array([5]))
    last_action_of_the_game(game, st, money=980, captain=1)
    assert decide(game, st) == game.ids.workers


def test_it_rarely_leaves_a_reservation_unfulfilled():
    # heuristic self-play: reservations cost little at the end (an unused one scores its minus)
    game = florentine_envs.make("florenza_cards", num_players=3)
    agent = FlorenzaCardsHeuristic(game)
    state = game.init(np.arange(24, dtype=np.uint64) + 300)
    while not state.terminated.all():
        live = np.flatnonzero(~state.terminated)
        actions = np.zeros(state.batch_size, np.int64)
        actions[live] = agent.act(game.observe(state, state.current_player)[live], state.legal_action_mask[live])
        game.step(state, actions)
    parts = game.score_breakdown(state, np.arange(24))
    penalty = -(parts["reserved_monuments"] + parts["reserved_artists"]).mean()
    assert penalty < 0.5 and parts["monuments"].mean() > 20
