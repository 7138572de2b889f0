"""``randomize_hidden`` for every observer, mover or not, on every registered game, player count
and variant: a determinisation is a position the game could have reached given everything
public (issue 21, item 4).

After ``randomize_hidden(state, player, seed)``:

* every legal-action mask is a fresh recomputation from the new state (the mover's included when
  the observer is someone else: his hand may be new), and the mover has a real choice (two legal
  actions at least: the engine plays every other decision itself, so no position rests there);
* the state passes ``check_invariants`` and the game's public constraints hold (below);
* the observer's observation is unchanged, and so is his mask when he is the mover;
* play goes on from it: the random games below continue from each re-drawn position, with the
  invariants checked after every step (``game.debug``).

Public constraints checked, per game (the others re-draw only an order: Medici the deck,
Florenza the bag, the Princes solo game the decks, Wolfgang's and the dummies' face-down cards):

* Firenze: a turn player asked the Patrician question holds a Patrician; one discarding for the
  card limit owes ``min(cards - limit, personnel + buildings)`` discards, as when he began;
* Florenza card game: a discard pile holds only cards of the decks shuffled in before it was
  made (rounds 2 and 3);
* Princes: a work under way can still reach the round's minimum with the Bonus cards held.
"""

from pathlib import Path

import numpy as np
import pytest
from rulebook_quotes import quote_meta_test

import florentine_envs
from florentine_envs.core.game import legal_counts
from florentine_envs.games.firenze.constants import PH_EV_PATRICIAN, PH_LIMIT_CARDS
from florentine_envs.games.florenza_cards.constants import PH_CAPTAIN_CHOICE, PH_KEEP, PH_MERCHANT_CHOICE
from florentine_envs.games.princes.constants import PH_WORK_BONUS
from florentine_envs.testing import random_legal_actions

RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "rules" / "florenza_card_game.txt"

VARIANTS = {
    "princes": [{}, {"characters": True}, {"cooperative": True}, {"cooperative": True, "characters": True}],
    "princes_solo": [{"dummies": 2}, {"dummies": 3}],
    "florenza": [{}, {"die": "no_die"}],
    "firenze": [{"max_turns": 10}, {"max_turns": 10, "opponent_hands": "recall"}],
}
CASES = [
    (name, p, options)
    for name in florentine_envs.available_games()
    for options in VARIANTS.get(name, [{}])
    for p in florentine_envs.player_counts(name)
]
HIDDEN_HANDS = ("firenze", "florenza_cards", "princes")  # where another seat's re-drawn hand moves masks


def fresh_masks(game, state) -> np.ndarray:
    """bool[B, A]: the masks of ``state`` recomputed from scratch by the engine's mask code."""
    s = state.copy()
    s.legal_action_mask[:] = False
    live = np.flatnonzero(~s.terminated)
    if live.size == 0:
        return s.legal_action_mask
    if game.name == "florenza":
        for b in live.tolist():
            game.refresh_mask(s, b)
    elif game.name == "firenze":  # the batched path (randomize_hidden may take the one-game path)
        game._refresh_mask_batch(s, live)
    else:
        game._refresh_mask(s, live)
    return s.legal_action_mask


def public_constraints_broken(game, st) -> list[str]:
    """What the public part of ``st`` rules out for its hidden part, where ``st`` breaks it."""
    broken = []
    live = ~st.terminated
    if game.name == "firenze":
        t = st.turn_player.astype(np.int64)
        rows = np.arange(st.batch_size)
        patrician = st.hand[rows, t, game.K["Patrician"]]
        for b in np.flatnonzero(live & (st.phase == PH_EV_PATRICIAN) & (patrician < 1)):
            broken.append(f"game {b}: asked the Patrician question without a Patrician")
        for b in np.flatnonzero(live & (st.phase == PH_LIMIT_CARDS)):
            p = t[b]
            owned = int(st.buildings[b, p].sum())
            cards = int(st.hand[b, p].sum()) + owned
            warehouse = st.buildings[b, p, game.KB["Warehouse"]]
            limit = game.card_limit if not warehouse else game.warehouse_card_limit
            limit = 10**6 if limit is None else limit
            personnel = int(st.hand[b, p, game.personnel_kinds].sum())
            if st.pay_left[b] != min(cards - limit, personnel + owned):
                broken.append(f"game {b}: {st.pay_left[b]} card-limit discards due, {personnel} personnel held")
    elif game.name == "florenza_cards":
        end_of_round = np.isin(st.phase, (PH_KEEP, PH_CAPTAIN_CHOICE, PH_MERCHANT_CHOICE))
        for r in (2, 3):  # before this round's discards every pile is from the earlier decks
            room = game.t.n_deck[: r - 1].sum(0)
            for b in np.flatnonzero(live & (st.round == r) & ~end_of_round):
                piles = st.discard[b].sum(0)
                if (piles > room).any():
                    over = np.flatnonzero(piles > room)
                    broken.append(f"game {b}, round {r}: the discard piles hold {piles[over]} of kinds {over}")
    elif game.name == "princes" and not game.solo:
        for b in np.flatnonzero(live & (st.phase == PH_WORK_BONUS)):
            p = np.array([st.current_player[b]], np.int64)
            bonus = int((game.bonus_values(st, np.array([b]), p)[0] * st.bonus_hand[b, p[0]]).sum())
            if st.work_value[b] + bonus < game.T.minimum[st.round[b]]:
                broken.append(f"game {b}: the work under way cannot reach the minimum with the Bonus cards held")
    return broken


def check_redraw(game, before, after, player: int) -> dict:
    """Assert everything a determinisation must satisfy; returns counts of what was checked."""
    B = before.batch_size
    live = ~before.terminated
    mover = live & (before.current_player == player)
    stale = (after.legal_action_mask != fresh_masks(game, after)).any(1)
    assert not stale.any(), f"{game.name}: masks not recomputed after a re-draw for seat {player}: games {stale}"
    assert (legal_counts(after.legal_action_mask[live]) >= 2).all(), f"{game.name}: a mover without a choice"
    game.check_invariants(after)
    broken = public_constraints_broken(game, after)
    assert not broken, f"{game.name}: re-draw for seat {player} is no reachable position: {broken}"
    seats = np.full(B, player)
    assert np.array_equal(game.observe(after, seats), game.observe(before, seats)), f"{game.name}: observation"
    assert np.array_equal(after.legal_action_mask[mover], before.legal_action_mask[mover]), f"{game.name}: own mask"
    moved = (after.legal_action_mask != before.legal_action_mask).any(1) & live & ~mover
    return {"redraws": int(live.sum()), "others": int((live & ~mover).sum()), "moved_masks": int(moved.sum())}


@pytest.mark.parametrize("name,num_players,options", CASES)
def test_redraws_for_every_observer_are_reachable_positions(name, num_players, options):
    game = florentine_envs.make(name, num_players=num_players, **options)
    game.debug = True  # step checks the invariants after every move, from re-drawn positions too
    rng = np.random.default_rng(num_players)
    state = game.init(np.arange(3) + 10 * num_players)
    totals = {"redraws": 0, "others": 0, "moved_masks": 0}
    for t in range(2000):
        if state.terminated.all():
            break
        if t % 4 == 0:  # every seat re-draws; the game goes on from the last seat's determinisation
            for player in range(num_players):
                redrawn = game.randomize_hidden(state, player, seed=1000 * t + player)
                for key, value in check_redraw(game, state, redrawn, player).items():
                    totals[key] += value
            state = redrawn
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
    assert state.terminated.all(), f"{name}: games not over"
    assert totals["redraws"] >= 10 * num_players
    if name in HIDDEN_HANDS and not options.get("opponent_hands") == "recall":
        # the case of the issue: another seat's re-drawn hand changes the mover's legal actions
        assert totals["moved_masks"] > 0, f"{name}: no re-draw changed a mover's mask: the test would be vacuous"


def positions_in_round(game, wanted_round: int, num_games: int = 12, seed: int = 0) -> list:
    """Four batches of random positions in round ``wanted_round`` before its discards: the games
    of ``num_games`` that are there, every third move while half of them are."""
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(num_games) + seed)
    found, moves = [], 0
    while not state.terminated.all() and len(found) < 4:
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
        here = (state.round == wanted_round) & ~np.isin(state.phase, (PH_KEEP, PH_CAPTAIN_CHOICE, PH_MERCHANT_CHOICE))
        if here.sum() >= num_games // 2:
            moves += 1
            if moves % 3 == 0:
                found.append(state.select(np.flatnonzero(here)))
    return found


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_florenza_cards_discard_piles_hold_only_cards_of_the_decks_shuffled_in_before(num_players):
    """The decks: "Round 1: Only the cards in Deck I are available. Round 2: Shuffl e all cards
    from Deck II with any left over from Round 1. Round 3: Shuffl e all cards from Deck III with
    any left over from Round 2." and "Choose 1 Florenza card from your hand to keep for the next
    round. Discard the rest of your Florenza cards into the discard pile." So in round 2 every
    discard pile holds Deck I cards only, in round 3 Deck I and II cards only: a re-draw for any
    seat keeps them so (on main's code 2,241 of these 2,244 re-draws broke it)."""
    game = florentine_envs.make("florenza_cards", num_players=num_players)
    t = game.t
    only_later = {2: (t.n_deck[0] == 0) & (t.n - t.n_deck[0] > 0), 3: (t.n_deck[:2].sum(0) == 0) & (t.n > 0)}
    checked = 0
    for r in (2, 3):
        room = t.n_deck[: r - 1].sum(0)
        for state in positions_in_round(game, r, seed=r):
            assert state.discard.sum() > 0  # the pile to re-deal is there
            for player in range(num_players):
                for seed in range(3):
                    other = game.randomize_hidden(state, player, seed)
                    piles = other.discard.sum(1)  # [B, K] every seat's pile together
                    assert (piles <= room).all(), f"round {r}: more of a kind in the piles than the earlier decks hold"
                    assert not piles[:, only_later[r]].any(), f"round {r}: a card of a later deck in a discard pile"
                    # the hidden cards moved: hands and piles of the other seats are re-dealt
                    assert np.array_equal(other.discard[:, player], state.discard[:, player])
                    checked += other.batch_size
    assert checked >= 2 * 3 * num_players * 3 * 6  # two rounds, three batches of six games at least


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_firenze_a_turn_player_asked_the_patrician_question_keeps_a_patrician(num_players):
    # Firenze rulebook, Patrician: 'Either you may ignore the effect of an Event Card that you chose
    # during the Choose a card phase of your turn, or ...'. The engine asks the question only of a
    # turn player holding one (EVENT_PATRICIAN), so every seat sees that he does: a re-draw for
    # another seat leaves him one (on main's code 102 of 114 such re-draws took it away).
    game = florentine_envs.make("firenze", num_players=num_players)
    rng = np.random.default_rng(5)
    state = game.init(np.arange(16) + 50 * num_players)
    checked = 0
    while not state.terminated.all() and checked < 12:
        asked = np.flatnonzero((state.phase == PH_EV_PATRICIAN) & ~state.terminated)
        if asked.size:
            position = state.select(asked)
            for player in range(num_players):
                others = position.turn_player != player
                for seed in range(3):
                    other = game.randomize_hidden(position, player, seed)
                    turn = other.turn_player.astype(np.int64)
                    held = other.hand[np.arange(asked.size), turn, game.K["Patrician"]]
                    assert (held[others] >= 1).all(), "the turn player asked the Patrician question holds none"
                    checked += int(others.sum())
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
    assert checked >= 12


test_quotes_are_rulebook_sentences = quote_meta_test(__name__, RULEBOOK)
