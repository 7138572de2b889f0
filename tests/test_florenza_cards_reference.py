"""Tests of the scalar Florenza: The Card Game reference on its own (no batched engine).

Set-up counts, positions checked by hand against the rulebook
(``shared/rules/florenza_card_game.txt``; each test quotes the sentence it checks, the
rulebook's two examples included), and random games played to the end with every
invariant checked after every step.
"""

import numpy as np
import pytest

from florentine_envs.games.florenza_cards import reference as R
from florentine_envs.games.florenza_cards.reference import FlorenzaCardsReference

MARBLE, WOOD, GOLD, METAL, FABRIC, SPICE = range(6)
ARCHITECT, PAINTER, SCULPTOR = range(3)


# ------------------------------------------------------------------ helpers


def card(ref: FlorenzaCardsReference, card_id: str) -> int:
    return ref.T.card_id.index(card_id)


def take_card(ref: FlorenzaCardsReference, card_id: str) -> int:
    """Remove one copy of ``card_id`` from the draw deck, a waiting deck or a hand (which gets the
    top card of the deck instead); returns its kind."""
    k = card(ref, card_id)
    if k in ref.deck:
        ref.deck.remove(k)
        return k
    for deck in ("II", "III"):
        waiting = ref.round == 1 or (deck == "III" and ref.round == 2)
        if waiting and ref.T.deck_copies[deck][k] > 0:
            ref.T.deck_copies[deck][k] -= 1
            return k
    holder = next(q for q in range(ref.num_players) if ref.hand[q][k])
    ref.hand[holder][k] -= 1
    if ref.deck:
        ref.hand[holder][ref.deck.pop(0)] += 1
    return k


def give_card(ref: FlorenzaCardsReference, p: int, card_id: str) -> int:
    k = take_card(ref, card_id)
    ref.hand[p][k] += 1
    return k


def put_in_play(ref: FlorenzaCardsReference, p: int, card_id: str) -> int:
    k = take_card(ref, card_id)
    ref.in_play[p][k] = True
    return k


def artist_copy(ref: FlorenzaCardsReference, artist_id: str, value: int) -> int:
    a = ref.T.artist_id.index(artist_id)
    return next(i for i in range(ref.T.NA) if ref.T.copy_kind[i] == a and ref.T.copy_value[i] == value)


def set_table(ref: FlorenzaCardsReference, copies: list[int]) -> None:
    """Make ``copies`` (undrawn or on the table) exactly the artists on the table: a wanted copy
    in the deck swaps its draw position with an unwanted table copy; the rest are discarded."""
    unwanted = [i for i in range(ref.T.NA) if ref.art_state[i] == "table" and i not in copies]
    for i in copies:
        if ref.art_state[i] == "table":
            continue
        assert ref.art_state[i] == "deck"
        j = unwanted.pop()
        pi, pj = ref.art_pos[i], ref.art_pos[j]
        ref.art_pos[i], ref.art_pos[j] = pj, pi
        ref.art_order[pi], ref.art_order[pj] = j, i
        ref.art_state[i], ref.art_state[j] = "table", "deck"
    for j in unwanted:
        ref.art_state[j] = "discarded"


def move_resource(ref: FlorenzaCardsReference, r: int, from_supply_to: int, amount: int) -> None:
    """Move resources between the supply and a seat (negative: back to the supply)."""
    ref.supply[r] -= amount
    ref.res[from_supply_to][r] += amount


def seed_with_captain(num_players: int, captain: int, **options) -> int:
    return next(s for s in range(1000) if FlorenzaCardsReference(num_players, s, **options).captain == captain)


def workers_or_first(ref: FlorenzaCardsReference, legal: list[int]) -> int:
    """A dull policy: send out workers when possible, else the first legal action."""
    return ref.A.WORKERS if ref.A.WORKERS in legal else legal[0]


def play_until(ref: FlorenzaCardsReference, done, policy=workers_or_first, limit: int = 10_000) -> None:
    for _ in range(limit):
        if done(ref):
            return
        ref.step(policy(ref, ref.legal_actions()))
        ref.check_invariants()
    raise AssertionError("the condition was never reached")


def play_random(ref: FlorenzaCardsReference, rng: np.random.Generator, prefer_building: bool = False) -> int:
    """Random legal actions to the end, invariants checked at every step; returns the steps."""
    A = ref.A
    steps = 0
    while not ref.terminated:
        legal = ref.legal_actions()
        assert len(legal) >= 2  # forced decisions are played by the reference itself
        action = int(rng.choice(legal))
        build = [a for a in legal if A.PLAY <= a < A.RESERVE_MONUMENT]
        if prefer_building and build and rng.random() < 0.8:
            action = int(rng.choice(build))
        ref.step(action)
        ref.check_invariants()
        steps += 1
    return steps


# ------------------------------------------------------------------ set-up


@pytest.mark.parametrize("num_players, guilds, cards", [(2, True, 48), (3, True, 64), (4, True, 76), (4, False, 64)])
def test_setup_counts(num_players, guilds, cards):
    """RB Set up: "in a 3-player game, remove all cards with the '4' symbol. In a 2-player game,
    remove all '4' and '3+' cards." "Randomly draw 7 Monument cards and place them in a row in
    order of value, with the highest value on the left ... If cards have the same value, place
    them in the order drawn." "2 players 6 Artists, 3 players 8 Artists, 4 players 10 Artists".
    Each player: "300 Fiorini, 1 Resource card of each kind, 5 Florenza cards, randomly drawn
    from Deck I"."""
    for seed in range(20):
        ref = FlorenzaCardsReference(num_players, seed, guilds=guilds)
        T = ref.T
        assert T.N == cards
        assert sum(T.loc_copies) == 17  # "Place the 17 Location cards"
        assert len(ref.row) == 7 and ref.mon_drawn == 7
        prestige = [T.mon_prestige[m] for m in ref.row]
        assert prestige == sorted(prestige, reverse=True)
        for m1, m2 in zip(ref.row, ref.row[1:]):
            if T.mon_prestige[m1] == T.mon_prestige[m2]:
                assert ref.mon_pos[m1] < ref.mon_pos[m2]
        assert sum(ref.table_count()) == {2: 6, 3: 8, 4: 10}[num_players]
        assert ref.money == [300] * num_players
        assert ref.res == [[1] * 6 for _ in range(num_players)]
        assert ref.supply == [21 - num_players, 21 - num_players] + [11 - num_players] * 4
        assert ref.supply_money == 4000 - 300 * num_players
        assert [sum(h) for h in ref.hand] == [5] * num_players
        assert len(ref.deck) == sum(T.deck_copies["I"]) - 5 * num_players
        for q in range(num_players):  # every card dealt comes from Deck I
            assert all(T.deck_copies["I"][k] >= ref.hand[q][k] for k in range(T.K))
        if not guilds:
            assert all(T.n[k] == 0 for k in range(T.K) if T.card_class[k] == "guild")
        assert ref.current_player == ref.captain and ref.phase == R.ACTION
        ref.check_invariants()


def test_first_captain_is_random_and_options_are_checked():
    """RB: "choose a first player randomly"."""
    assert {FlorenzaCardsReference(4, s).captain for s in range(40)} == {0, 1, 2, 3}
    for bad in ({"num_players": 5}, {"guilds": "no"}, {"reward": "money"}):
        kwargs = {"num_players": 3, "seed": 0, **bad}
        with pytest.raises(ValueError):
            FlorenzaCardsReference(**kwargs)


def test_same_seed_same_game():
    a, b = FlorenzaCardsReference(3, 123), FlorenzaCardsReference(3, 123)
    rng = np.random.default_rng(0)
    while not a.terminated:
        assert np.array_equal(a.observe(a.current_player), b.observe(b.current_player))
        action = int(rng.choice(a.legal_actions()))
        a.step(action)
        b.step(action)
    assert a.scores == b.scores


def test_illegal_action_raises_and_changes_nothing():
    ref = FlorenzaCardsReference(2, 5)
    before = [ref.observe(p) for p in range(2)]
    illegal = next(a for a in range(ref.num_actions) if a not in ref.legal_actions())
    for action in (illegal, -1, ref.num_actions, "x"):
        with pytest.raises(ValueError):
            ref.step(action)
    assert all(np.array_equal(before[p], ref.observe(p)) for p in range(2))


# ------------------------------------------------------------------ the rulebook's examples


def test_extra_action_order_example():
    """RB example: "Medici has the Captain of the People card ... Medici has built a Casamento,
    Pazzi has a Palagio and a Predicatore, Pitti owns a Casa and a Predicatore, and Strozzi has a
    Casamento ... a. All players take their first action in turn order ... c. Steps a and b are
    repeated 3 more times ... d. ... the Palagio action. Only Pazzi gets to take an action. e.
    ... the Casamento action. Now Medici and Strozzi each take an action ... f. ... the Casa
    action. Only Pitti takes an action. g. ... the Predicatore action. Only Pazzi and Pitti take
    actions, in the normal order." """
    medici, pazzi, pitti, strozzi = range(4)
    ref = FlorenzaCardsReference(4, seed_with_captain(4, medici))
    put_in_play(ref, medici, "casamento")
    put_in_play(ref, pazzi, "palagio")
    put_in_play(ref, pazzi, "girolamosavonarola")
    put_in_play(ref, pitti, "casa")
    put_in_play(ref, pitti, "giordanobruno")
    put_in_play(ref, strozzi, "casamento")
    ref.check_invariants()
    order = []

    def done(r):
        if r.phase == R.ACTION:
            order.append((r.slot, r.current_player))
        return r.phase != R.ACTION

    play_until(ref, done)
    normal = [(s, q) for s in range(4) for q in range(4)]
    extra = [(4, pazzi), (5, medici), (5, strozzi), (6, pitti), (7, pazzi), (7, pitti)]
    assert order == normal + extra
    # RB: "In the next round, the players will draw extra Florenza cards for the Casa, Casamento,
    # and Palagio cards in front of them. Predicatore cards do not award extra cards."
    play_until(ref, lambda r: r.round == 2)
    assert [sum(ref.hand[q]) for q in range(4)] == [1 + 5, 1 + 5, 1 + 5, 1 + 5]


def test_fontana_with_giambologna_example():
    """RB example: "Strozzi ... decides to play a Palazzo di Famiglia: Fontana. The card costs 1
    Marble, 1 Metal, and 50 Fiorini ... He must also hire an Architect or Sculptor. The only
    choices this round are Giulio Romano (an Architect costing 100 Fiorini) and Giambologna (a
    Sculptor costing 100 Fiorini) ... Strozzi chooses him. He pays 100 Coins and turns over the
    Artist card: he gets 3 Prestige Points!" """
    ref = FlorenzaCardsReference(4, 11)
    strozzi = ref.current_player
    A = ref.A
    fontana = give_card(ref, strozzi, "fontana")
    romano, giambologna = artist_copy(ref, "romano_architect", 2), artist_copy(ref, "giambologna_sculptor", 3)
    set_table(ref, [romano, giambologna])
    ref.check_invariants()
    assert A.PLAY + fontana in ref.legal_actions()
    ref.step(A.PLAY + fontana)
    assert ref.phase == R.HIRE and ref.pending_card == fontana
    assert ref.res[strozzi][MARBLE] == 0 and ref.res[strozzi][METAL] == 0 and ref.money[strozzi] == 250
    romano_kind, giambologna_kind = ref.T.copy_kind[romano], ref.T.copy_kind[giambologna]
    hires = [A.HIRE_TABLE + giambologna_kind, A.HIRE_TABLE + romano_kind]
    assert ref.legal_actions() == sorted(hires) + [A.HIRE_ANONYMOUS + ARCHITECT, A.HIRE_ANONYMOUS + SCULPTOR]
    ref.step(A.HIRE_TABLE + giambologna_kind)
    assert ref.money[strozzi] == 150
    assert ref.in_play[strozzi][fontana] and ref.card_artist[strozzi][fontana] == 3
    assert ref.visible_prestige(strozzi) == 3 + 3  # Fontana's 3 and the masterpiece's 3
    assert ref.art_state[giambologna] == "hired" and ref.art_owner[giambologna] == strozzi
    ref.check_invariants()


# ------------------------------------------------------------------ actions


def test_identical_cards_and_one_preacher():
    """RB: "You can never have 2 cards of the same kind with the same name in front of you. Also,
    you may never have more than 1 Preacher card (brown) in front of you." """
    ref = FlorenzaCardsReference(4, 3)
    p, A = ref.current_player, ref.A
    casa = put_in_play(ref, p, "casa")
    give_card(ref, p, "casa")
    put_in_play(ref, p, "girolamosavonarola")
    bruno = give_card(ref, p, "giordanobruno")
    ref.money[p] += 1000
    ref.supply_money -= 1000
    legal = ref.legal_actions()
    assert A.PLAY + casa not in legal and A.PLAY + bruno not in legal
    ref.in_play[p][card(ref, "girolamosavonarola")] = False
    ref.hand[p][card(ref, "girolamosavonarola")] += 1
    assert A.PLAY + bruno in ref.legal_actions()


def test_artwork_needs_an_affordable_artist():
    """RB A: "If you play a Family Palace (green) or District Church (blue) card, you must also
    hire an Artist" -- so it is playable only if the card *and* an artist can be paid (DN 10).
    Bottega d'Arte: "a discount of 50 Fiorini when you hire any kind of Artist, including
    Anonymous Artists"."""
    ref = FlorenzaCardsReference(4, 7)
    p, A = ref.current_player, ref.A
    ritratto = give_card(ref, p, "ritratto")  # spice 1, fabric 1, no money; a painter
    set_table(ref, [])
    ref.anon_up[PAINTER] = False
    assert A.PLAY + ritratto not in ref.legal_actions()  # no painter at all
    ref.anon_up[PAINTER] = True
    ref.supply_money += ref.money[p] - 50
    ref.money[p] = 50
    assert A.PLAY + ritratto in ref.legal_actions()  # the anonymous painter for 50
    ref.supply_money += 50
    ref.money[p] = 0
    assert A.PLAY + ritratto not in ref.legal_actions()
    put_in_play(ref, p, "bottegadarte")
    assert A.PLAY + ritratto in ref.legal_actions()  # the anonymous painter is free now
    ref.step(A.PLAY + ritratto)  # the only hire is forced
    assert ref.in_play[p][ritratto] and ref.card_artist[p][ritratto] == 0 and not ref.anon_up[PAINTER]
    ref.check_invariants()


def test_anonymous_artist_once_a_round():
    """RB: "You may choose to hire an Anonymous Artist, if that Artist card is still face up (i.e.,
    no one has hired that artist yet this round) ... it will be turned face up again at the end of
    the round"."""
    ref = FlorenzaCardsReference(2, 1)
    p, A = ref.current_player, ref.A
    k = give_card(ref, p, "ritratto")
    set_table(ref, [])
    ref.step(A.PLAY + k)
    assert not ref.anon_up[PAINTER]
    assert ref.money[p] == 250
    play_until(ref, lambda r: r.round == 2)
    assert ref.anon_up == [True, True, True]


def test_complete_and_reserve_monuments():
    """RB B/C: "You can complete any of the Monuments that are in the middle of the table, or any
    that you reserved" -- "If you do not complete your reserved Monument before the end of the
    game, you lose the Prestige Points shown on the card." Edificatore: "a discount of 50 Fiorini
    when you pay to complete any Monument"."""
    ref = FlorenzaCardsReference(3, 4)
    p, A, T = ref.current_player, ref.A, ref.T
    m = ref.row[0]
    ref.step(A.RESERVE_MONUMENT + m)
    assert ref.mon_state[m] == "reserved" and m not in ref.row
    assert A.COMPLETE + m not in ref.legal_actions() and A.RESERVE_MONUMENT + m not in ref.legal_actions()
    # p gets what the monument costs (and exactly the cheapest artist, less Edificatore's 50).
    put_in_play(ref, p, "edificatore")
    for r in range(6):
        move_resource(ref, r, p, max(0, T.mon_cost[m][r] - ref.res[p][r]))
    cheapest = ref.cheapest_artist(p, T.mon_types[m])
    need = max(0, T.mon_money[m] - 50) + cheapest
    ref.supply_money += ref.money[p] - need
    ref.money[p] = need
    ref.check_invariants()
    before = ref.score(p)
    play_until(ref, lambda r: r.current_player == p and r.phase == R.ACTION, policy=lambda r, legal: legal[0]
               if r.current_player == p else workers_or_first(r, legal))  # fmt: skip
    assert A.COMPLETE + m in ref.legal_actions()
    ref.step(A.COMPLETE + m)
    if ref.phase == R.HIRE:
        ref.step(ref.legal_actions()[0])
    assert ref.mon_state[m] == "completed" and ref.mon_owner[m] == p
    assert ref.money[p] == 0
    assert ref.score(p) > before  # the penalty is gone and the monument scores


def test_reserve_artist_is_hired_later_and_penalised_if_not():
    """RB D: "Take 1 Artist card from those available for the round and place it in front of you,
    without turning it over ... If you do not use the Artist before the end of the game, you lose
    the Prestige Points shown on the card." Reserved artists stay after the table is discarded."""
    ref = FlorenzaCardsReference(2, 9)
    p, A, T = ref.current_player, ref.A, ref.T
    copy = artist_copy(ref, "vasari_architect", 2)
    set_table(ref, [copy])
    a = T.copy_kind[copy]
    ref.step(A.RESERVE_ARTIST + a)
    assert ref.art_state[copy] == "reserved" and ref.art_owner[copy] == p
    obs = ref.observe(p)
    players = obs[ref.obs_slices()["players"]]
    assert players[12 + T.K + 2 * T.M + a] == 1  # the reservation is shown by kind, not by value
    play_until(ref, lambda r: r.round == 2)
    assert ref.art_state[copy] == "reserved"  # not discarded with the table
    base = ref.score(p)
    ref.art_state[copy] = "hired"  # as if hired: no penalty, the value scores
    assert ref.score(p) == base + 2 * 2


def test_locations_barter_and_market():
    """RB E: "Baratto: Flip the card face down to exchange 1 Resource from your hand for a
    different Resource from the supply." RB G: "Exchange 2 Resources from your hand for 1
    Resource from the supply." """
    ref = FlorenzaCardsReference(2, 2)
    p, A, T = ref.current_player, ref.A, ref.T
    baratto = T.loc_id.index("baratto")
    ref.step(A.LOCATION + baratto)
    assert ref.phase == R.BARTER_GIVE and ref.loc_up[baratto] == 1
    ref.step(A.RESOURCE + GOLD)
    assert ref.phase == R.BARTER_TAKE
    assert A.RESOURCE + GOLD not in ref.legal_actions() and len(ref.legal_actions()) == 5
    ref.step(A.RESOURCE + SPICE)
    assert ref.res[p] == [1, 1, 0, 1, 1, 2]
    q = ref.current_player
    ref.step(A.MARKET_EXCHANGE)
    assert ref.phase == R.EXCHANGE_GIVE_1
    assert ref.legal_actions() == [A.RESOURCE + r for r in range(5)]  # spice is last: no pair after it
    ref.step(A.RESOURCE + WOOD)
    assert ref.legal_actions() == [A.RESOURCE + r for r in (GOLD, METAL, FABRIC, SPICE)]
    ref.step(A.RESOURCE + METAL)
    assert ref.given == [0, 1, 0, 1, 0, 0]
    assert A.RESOURCE + WOOD in ref.legal_actions()  # a given one may be taken back (DN 14)
    ref.step(A.RESOURCE + MARBLE)
    assert ref.res[q] == [2, 0, 1, 0, 1, 1]
    ref.check_invariants()


def test_new_captain_card():
    """RB E: "New Captain: Take the card and place it in front of you. You will be the first player
    in the next round." RB Step c: "If no one took the New Captain card, the office of Captain
    passes to the player to the left of the previous Captain." """
    ref = FlorenzaCardsReference(3, seed_with_captain(3, 0))
    A, T = ref.A, ref.T
    captain_card = T.loc_id.index("capitano")
    ref.step(A.WORKERS)
    assert ref.current_player == 1
    ref.step(A.LOCATION + captain_card)
    assert ref.new_captain == 1 and A.LOCATION + captain_card not in ref.legal_actions()
    play_until(ref, lambda r: r.round == 2)
    assert ref.captain == 1 and ref.new_captain == -1 and ref.current_player == 1
    play_until(ref, lambda r: r.round == 3)
    assert ref.captain == 2


def test_inspiration_and_the_round_decks():
    """RB H: "You may not choose this action if there are no cards left in the deck!" Phase 2:
    "Round 4: Shuffle any cards in the discard pile to the cards left over from Round 3. Round 5:
    Only the cards left over from Round 4 are available." Hint: "at the beginning of Round 5, the
    [monument] deck will run out." """
    ref = FlorenzaCardsReference(4, 21)
    A = ref.A
    inspire = lambda r, legal: A.INSPIRATION if A.INSPIRATION in legal else workers_or_first(r, legal)  # noqa: E731
    play_until(ref, lambda r: not r.deck, policy=inspire)
    assert ref.phase != R.ACTION or A.INSPIRATION not in ref.legal_actions()
    play_until(ref, lambda r: r.round == 4)
    assert sum(map(sum, ref.discard)) == 0  # shuffled into the round-4 deck
    play_until(ref, lambda r: r.round == 5)
    discarded = sum(map(sum, ref.discard))
    assert discarded > 0  # the round-4 discards stay out of play in round 5
    assert ref.mon_drawn == ref.T.M
    ref.check_invariants()


def test_keep_one_card():
    """RB Step a: "Choose 1 Florenza card from your hand to keep for the next round. Discard the
    rest of your Florenza cards into the discard pile." """
    ref = FlorenzaCardsReference(3, 8)
    play_until(ref, lambda r: r.phase == R.KEEP)
    hands = [list(h) for h in ref.hand]
    play_until(ref, lambda r: r.phase != R.KEEP)
    for q in range(3):
        assert sum(ref.hand[q]) == 1
        assert [ref.hand[q][k] + ref.discard[q][k] for k in range(ref.T.K)] == hands[q]


# ------------------------------------------------------------------ income


def test_income_under_short_supply():
    """RB Resource limits: "If there are not enough cards to give everyone the cards they earn
    (i.e., income), they are distributed in turn order. The Captain of the People cannot choose a
    Resource for the extra income unless there are enough in the supply to give 1 to every
    player." Step b: "1 Marble Resource, 1 Wood Resource, 200 Fiorini"."""
    ref = FlorenzaCardsReference(3, seed_with_captain(3, 1))
    A = ref.A
    move_resource(ref, MARBLE, 0, ref.supply[MARBLE] - 1)  # one marble left for three players
    move_resource(ref, GOLD, 0, ref.supply[GOLD] - 2)  # gold cannot be the Captain's choice
    marble_before = [ref.res[q][MARBLE] for q in range(3)]
    money_before = list(ref.money)
    # Nobody takes from the supply this round (the dull policy sends out workers).
    play_until(ref, lambda r: r.phase == R.CAPTAIN_CHOICE)
    assert ref.current_player == 1
    # DN 16: the Captain's choice comes before any income
    assert [ref.money[q] - money_before[q] for q in range(3)] == [4 * 50] * 3
    assert A.RESOURCE + GOLD not in ref.legal_actions() and A.RESOURCE + MARBLE not in ref.legal_actions()
    spice = [ref.res[q][SPICE] for q in range(3)]
    ref.step(A.RESOURCE + SPICE)
    assert [ref.res[q][SPICE] - spice[q] for q in range(3)] == [1, 1, 1]
    assert [ref.res[q][MARBLE] - marble_before[q] for q in range(3)] == [0, 1, 0]  # the Captain first
    assert [ref.money[q] - money_before[q] for q in range(3)] == [200 + 4 * 50] * 3


def test_workshop_income_and_merchants_guild():
    """RB Workshops: "grant additional income, in Resources and/or Fiorini during the income step".
    Arte dei Mercatanti: "you receive 1 additional Resource of your choice from the supply"."""
    ref = FlorenzaCardsReference(2, seed_with_captain(2, 0))
    A = ref.A
    put_in_play(ref, 1, "lanaiuolo")  # +1 fabric
    put_in_play(ref, 1, "artedeimercatanti")
    play_until(ref, lambda r: r.phase == R.CAPTAIN_CHOICE)
    fabric = ref.res[1][FABRIC]
    ref.step(A.RESOURCE + WOOD)
    assert ref.res[1][FABRIC] == fabric + 1
    assert ref.phase == R.MERCHANT_CHOICE and ref.current_player == 1
    ref.step(A.RESOURCE + GOLD)
    assert ref.res[1][FABRIC] == fabric + 1 and ref.round == 2


def test_merchants_guild_is_inert_without_guilds():
    ref = FlorenzaCardsReference(2, 0, guilds=False)
    assert not ref.has_guild(0, "extra_resource_income")
    assert ref.T.n[card(ref, "artedeimercatanti")] == 0


# ------------------------------------------------------------------ scoring


def empty_table(ref: FlorenzaCardsReference) -> None:
    """Everybody with the same resources and money, no captain point difference in the way."""
    for q in range(ref.num_players):
        for r in range(6):
            move_resource(ref, r, q, -ref.res[q][r])
        ref.supply_money += ref.money[q]
        ref.money[q] = 0


def test_majorities_with_ties():
    """RB: "You score 4 points if you have the most Resource cards, 2 points if you have the second
    most, or 1 point if you have the third most (even if there are less than 4 players). If there
    is a tie, all tied players earn the full points." """
    ref = FlorenzaCardsReference(4, seed_with_captain(4, 3))
    empty_table(ref)
    for q, count in enumerate((5, 5, 3, 1)):
        move_resource(ref, MARBLE, q, count)
    for q, money in enumerate((100, 300, 300, 0)):
        ref.money[q] = money
        ref.supply_money -= money
    # resources: 4, 4, 1 (third place after two tied firsts), 0; money: 1, 4, 4, 0; captain: seat 3
    assert [ref.score(q) for q in range(4)] == [4 + 1, 4 + 4, 1 + 4, 0 + 0 + 1]
    ref2 = FlorenzaCardsReference(2, seed_with_captain(2, 0))
    empty_table(ref2)
    move_resource(ref2, WOOD, 1, 2)
    assert [ref2.score(q) for q in range(2)] == [2 + 4 + 1, 4 + 4]  # tied money: both first


def test_sets_guilds_artists_and_penalties():
    """RB: "For each complete set of 1 Family Palace (green), 1 District Church (blue), and 1
    District Building (grey) you have completed: You score 5 bonus points." Guilds: Signore de lo
    Rione "2 Prestige Points for each complete set", Arte Maggiore "3 ... for each Workshop",
    Padrone "3 ... for each Residence", Protettore "3 ... for each Monument", Mastro Artista "5
    ... for each complete set of Architect, Painter, and Sculptor you have hired"."""
    ref = FlorenzaCardsReference(4, seed_with_captain(4, 1))
    T = ref.T
    empty_table(ref)
    base = ref.score(0)  # majorities only (all tied first: 4 + 4)
    assert base == 8
    for card_id in ("sagrato", "biblioteca", "ritratto", "lanaiuolo", "casa", "signoredelorione", "artemaggiore",
                    "protettore", "bottegadarte"):  # fmt: skip
        put_in_play(ref, 0, card_id)
    ref.card_artist[0][card(ref, "sagrato")] = 0
    ref.card_artist[0][card(ref, "ritratto")] = 0
    printed = sum(T.card_prestige[card(ref, c)] for c in ("sagrato", "biblioteca", "ritratto"))
    assert ref.score(0) == base + printed + 5 + 2 + 3 * 1
    # Protettore: a completed monument with a hired artist of value 4.
    m = ref.row[0]
    ref.row.remove(m)
    ref.mon_state[m], ref.mon_owner[m], ref.mon_artist[m] = "completed", 0, 4
    hired, reserved = [i for i in range(T.NA) if ref.art_state[i] == "table"][:2]
    ref.art_state[hired], ref.art_owner[hired] = "hired", 0
    value = T.copy_value[hired]
    assert ref.score(0) == base + printed + 5 + 2 + 3 + T.mon_prestige[m] + value + 3
    # A reserved monument and a reserved artist are subtracted.
    m2 = ref.row[0]
    ref.row.remove(m2)
    ref.mon_state[m2], ref.mon_owner[m2] = "reserved", 0
    ref.art_state[reserved], ref.art_owner[reserved] = "reserved", 0
    penalty = T.mon_prestige[m2] + T.copy_value[reserved]
    assert ref.score(0) == base + printed + 5 + 2 + 3 + T.mon_prestige[m] + value + 3 - penalty


def test_patron_of_the_arts_counts_artist_cards_not_anonymous_artists():
    """RB Mastro Artista: "5 Prestige Points for each complete set of Architect, Painter, and
    Sculptor you have hired"; an anonymous artist goes back: "After you hire an Anomymous Artist,
    turn the card face down (it will be turned face up again at the end of the round)." DN 24:
    the sets are made of the artist cards in front of the player, so anonymous hires add none."""
    ref = FlorenzaCardsReference(4, seed_with_captain(4, 1))
    T = ref.T
    empty_table(ref)
    base = ref.score(0)
    put_in_play(ref, 0, "mastroartista")
    ref.hired_anonymous[0] = [2, 1, 1]  # three anonymous hires of the three types: no set
    assert ref.score(0) == base
    for x in range(3):  # one artist card of each type: one set (their values score too)
        i = next(i for i in range(T.NA) if T.artist_type[T.copy_kind[i]] == x and ref.art_state[i] == "deck")
        ref.art_state[i], ref.art_owner[i] = "hired", 0
        base += T.copy_value[i]
    assert ref.score(0) == base + 5
    assert FlorenzaCardsReference(4, 0, guilds=False).T.n[card(ref, "mastroartista")] == 0


def test_tie_break_by_artworks():
    """RB: "If there is a tie, the winner is the tied player who completed the single most
    valuable artwork (i.e., any card that requires an Artist to play), including the value of the
    Artist that created it. If there is still a tie, compare their second most valuable artwork,
    and so on." """
    ref = FlorenzaCardsReference(3, 0)
    ref.scores = [10, 10, 10]
    k1, k2 = put_in_play(ref, 0, "sagrato"), put_in_play(ref, 1, "cupola")
    ref.card_artist[0][k1] = 4  # 3 + 4 = 7
    ref.card_artist[1][k2] = 2  # 5 + 2 = 7
    assert ref.artworks(0) == [7] and ref.artworks(1) == [7]
    assert not ref.beats(0, 1) and not ref.beats(1, 0)
    assert ref.beats(0, 2) and ref.beats(1, 2)  # no artwork at all loses
    k3 = put_in_play(ref, 1, "ritratto")
    ref.card_artist[1][k3] = 0
    assert ref.beats(1, 0)  # second artwork decides
    ranks = [1 + sum(ref.beats(q, p) for q in range(3)) for p in range(3)]
    assert ranks == [2, 1, 3]
    assert R.terminal_rewards([10, 10, 10], ranks, "win") == [-0.5, 1.0, -0.5]
    assert R.terminal_rewards([10, 10, 10], [1, 1, 1], "win") == [0.0, 0.0, 0.0]
    assert R.terminal_rewards([9, 3, 3], [1, 2, 2], "score") == [6.0, -3.0, -3.0]


def test_round_five_income_election_and_captain_point():
    """RB Winning the game: "After the End of the Round Phase is complete (you only need to
    complete Step b: Collect Income and Step c: Elect the Captain of the People)." "You score 1
    point if you are the Captain of the People at the end of the game." """
    ref = FlorenzaCardsReference(2, seed_with_captain(2, 0))
    play_until(ref, lambda r: r.round == 5)
    row = list(ref.row)
    captain = ref.captain
    play_until(ref, lambda r: r.terminated)
    assert ref.captain == (captain + 1) % 2  # elected after round 5
    assert ref.phase == R.GAME_OVER and ref.legal_actions() == []
    assert sum(ref.rewards) == pytest.approx(0.0)
    # no step a in round 5: the hands and the row are not discarded
    assert all(sum(ref.hand[q]) >= 1 for q in range(2))
    assert ref.row == row
    obs = ref.observe(0)
    s = ref.obs_slices()
    assert not obs[s["to_move"]].any() and not obs[s["action_slot"]].any()


# ------------------------------------------------------------------ hidden information


def test_observation_hides_other_hands_and_unhired_values():
    """RB: "Your ... Florenza cards make up your hand, and must be kept secret"; reserved artists
    are taken "without turning it over or looking at the other side of the card"."""
    a, b = FlorenzaCardsReference(3, 42), FlorenzaCardsReference(3, 42)
    o = a.current_player
    other = (o + 1) % 3
    # swap a card of another seat's hand with a different card of the deck in b only
    k_hand = next(k for k in range(b.T.K) if b.hand[other][k])
    k_deck = next(k for k in b.deck if k != k_hand)
    b.hand[other][k_hand] -= 1
    b.hand[other][k_deck] += 1
    b.deck[b.deck.index(k_deck)] = k_hand
    assert np.array_equal(a.observe(o), b.observe(o))
    assert not np.array_equal(a.observe(other), b.observe(other))
    # two copies of one artist with different values look the same on the table
    copies = [artist_copy(a, "giambologna_sculptor", 2), artist_copy(a, "giambologna_sculptor", 3)]
    set_table(a, [copies[0]])
    set_table(b, [copies[0]])
    i, j = copies  # in b the two copies trade places: the one on the table is worth 3
    b.art_pos[i], b.art_pos[j] = b.art_pos[j], b.art_pos[i]
    b.art_state[i], b.art_state[j] = b.art_state[j], b.art_state[i]
    b.art_order[b.art_pos[i]], b.art_order[b.art_pos[j]] = i, j
    assert np.array_equal(a.observe(o), b.observe(o))


def test_observation_layout():
    """SPEC §10: obs_size = 423 + 343 P with the packaged data (version 1)."""
    for P in (2, 3, 4):
        ref = FlorenzaCardsReference(P, 0)
        assert ref.obs_size == 423 + 343 * P and ref.num_actions == 318
        obs = ref.observe(ref.current_player)
        s = ref.obs_slices()
        assert obs.shape == (ref.obs_size,) and obs.dtype == np.float32
        assert obs[s["to_move"]].tolist() == [1] + [0] * (P - 1)
        assert obs[s["phase"]][R.ACTION] == 1 and obs[s["round"]][0] == 1
        assert obs[s["own_hand"]].sum() == 5


# ------------------------------------------------------------------ whole games


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("guilds", [True, False])
def test_random_games_keep_every_invariant(num_players, guilds):
    rng = np.random.default_rng(num_players + 10 * guilds)
    for seed in range(6):
        ref = FlorenzaCardsReference(num_players, 1000 + seed, guilds=guilds)
        steps = play_random(ref, rng, prefer_building=seed % 2 == 1)
        assert steps > 10 * num_players
        assert ref.terminated and ref.round == 5 and ref.phase == R.GAME_OVER
        assert sorted(ref.final_rank)[0] == 1
        assert sum(ref.rewards) == pytest.approx(0.0, abs=1e-9)
        winners = [p for p in range(num_players) if ref.final_rank[p] == 1]
        assert all(ref.scores[p] == max(ref.scores) for p in winners)
