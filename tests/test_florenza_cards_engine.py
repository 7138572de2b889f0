"""Florenza: The Card Game, batched engine: set-up, round structure, every action's effect, the
rulebook's two examples (the extra-action order of Medici, Pazzi, Pitti and Strozzi; Strozzi's
Fontana with Giambologna), finite supplies, scoring and tie-breaks, invariants, hidden
information, batch independence, the one-game fast paths, options and saved states.

Scenario positions are made from a fresh game by editing its fields, then refreshing the mask
(``fix``); they check behaviour, not conservation, so they do not run ``check_invariants``."""

import json

import numpy as np
import pytest

import florentine_envs
from florentine_envs import florenza_cards_v0, florenza_cards_v1
from florentine_envs.agents.florenza_cards_heuristic import FlorenzaCardsHeuristic
from florentine_envs.games.florenza_cards import FlorenzaCards
from florentine_envs.games.florenza_cards.constants import (
    DISCARDED,
    DONE,
    IN_DECK,
    IN_ROW,
    PH_ACTION,
    PH_BARTER_TAKE,
    PH_CAPTAIN_CHOICE,
    PH_EXCHANGE_GIVE_2,
    PH_EXCHANGE_TAKE,
    PH_HIRE,
    PH_KEEP,
    PH_OVER,
    RESERVED,
)
from florentine_envs.games.florenza_cards.data import Tables, load_data
from florentine_envs.games.florenza_cards.scoring import majority_points
from florentine_envs.testing import (
    check_game,
    check_observation_bounds,
    play_random,
    random_legal_actions,
    states_equal,
)

DATA = load_data()
RES = DATA["resources"]
MARBLE, WOOD, GOLD, METAL, FABRIC, SPICE = range(6)


def make(P=4, **options):
    return FlorenzaCards(P, **options)


def card(game, card_id):
    return game.t.card_ids.index(card_id)


def monument(game, mon_id):
    return game.t.mon_ids.index(mon_id)


def artist(game, art_id):
    return game.t.art_ids.index(art_id)


def location(game, loc_id):
    return game.t.loc_ids.index(loc_id)


def fix(game, st):
    """Refresh the masks after editing a position."""
    game._refresh_mask(st, np.arange(st.batch_size))


def to_move(game, st, seat):
    """Make ``seat`` (with captain 0) the acting seat of slot 0 in the ACTION phase."""
    st.captain[0], st.slot[0], st.offset[0] = 0, 0, seat
    st.current_player[0], st.phase[0] = seat, PH_ACTION
    fix(game, st)


def legal(st, b=0):
    return set(np.flatnonzero(st.legal_action_mask[b]).tolist())


def step(game, st, action):
    game.step(st, np.array([action]))


def set_table(game, st, copies):
    """Exactly the artist ``copies`` lie on the table of game 0 (others leave for the discard);
    a wanted copy still in the deck swaps its draw position with a drawn one."""
    drawn = [c for c in np.flatnonzero(st.art_state[0] != IN_DECK) if c not in copies]
    for c in copies:
        if st.art_state[0, c] == IN_DECK:
            d = drawn.pop()
            st.art_pos[0, [c, d]] = st.art_pos[0, [d, c]]
            st.art_state[0, d] = IN_DECK
        st.art_state[0, c] = IN_ROW
    st.art_state[0] = np.where((st.art_state[0] == IN_ROW) & ~np.isin(np.arange(game.NA), copies), DISCARDED,
                               st.art_state[0])  # fmt: skip
    st.table_count[0] = game._kind_counts(st.art_state[:1] == IN_ROW)[0]


# ------------------------------------------------------------------ set-up


@pytest.mark.parametrize("P, artists, deck_one", [(2, 6, 16), (3, 8, 21), (4, 10, 26)])
def test_setup_deals_what_the_rulebook_lists(P, artists, deck_one):
    game = make(P)
    st = game.init(np.arange(20))
    game.check_invariants(st)
    assert (st.hand.sum(2) == 5).all()  # 5 Florenza cards from Deck I
    assert (st.money == 300).all() and (st.res == 1).all()  # 300 Fiorini, one resource of each kind
    assert (st.supply == np.array([21, 21, 11, 11, 11, 11]) - P).all()
    assert (st.supply_money == 4000 - 300 * P).all()
    assert ((st.mon_state == IN_ROW).sum(1) == 7).all()
    assert ((st.art_state == IN_ROW).sum(1) == artists).all() and (st.table_count.sum(1) == artists).all()
    assert (st.loc_up.sum(1) == 17).all()  # all 17 location cards at every count (DESIGN_NOTES 13)
    assert (st.deck_len - st.deck_pos == deck_one - 5 * P).all()
    assert (st.round == 1).all() and (st.current_player == st.captain).all() and (st.phase == PH_ACTION).all()
    assert set(st.captain.tolist()) == set(range(P))  # a random first Captain
    # hands hold only Deck I cards of this player count
    assert (st.hand.sum(1) <= game.t.n_deck[0]).all()


def test_player_count_removes_cards_and_guilds_option_removes_guilds():
    counts = {P: Tables(DATA, P, True).N for P in (2, 3, 4)}
    assert counts == {2: 48, 3: 64, 4: 76}  # "4" cards out below 4 players, "3+" cards out with 2
    no_guilds = Tables(DATA, 4, False)
    assert no_guilds.N == 76 - 12 and no_guilds.n[no_guilds.is_guild].sum() == 0
    game = make(4, guilds=False)
    st, _ = play_random(game, np.arange(8), np.random.default_rng(0))
    assert not st.in_play[:, :, game.t.is_guild].any()


def test_the_monument_row_is_ordered_by_value_then_draw_order():
    game = make(3)
    st = game.init(np.arange(50))
    prestige = game.t.mon_prestige
    for b in range(50):
        row = np.flatnonzero(st.mon_state[b] == IN_ROW)
        assert sorted(st.mon_pos[b, row].tolist()) == list(range(7))  # the first seven drawn
    # end of round: the two leftmost (highest value, earlier drawn on ties) stay
    st2 = st.select(np.arange(1))
    b_row = np.flatnonzero(st2.mon_state[0] == IN_ROW)
    order = sorted(b_row, key=lambda m: (-prestige[m], st2.mon_pos[0, m]))
    game._end_of_round(st2, np.array([0]))
    kept = set(np.flatnonzero(st2.mon_state[0] == IN_ROW).tolist())
    assert kept == set(order[:2])
    assert set(np.flatnonzero(st2.mon_state[0] == DISCARDED).tolist()) == set(order[2:])


# ------------------------------------------------------------------ round structure


def play_workers_round(game, st):
    """Send out workers for every action of the round; returns the seats in the order they acted."""
    seats = []
    while st.phase[0] == PH_ACTION and st.round[0] == 1:
        assert st.legal_action_mask[0, game.ids.workers]
        seats.append(int(st.current_player[0]))
        step(game, st, game.ids.workers)
    return seats


def test_round_one_gives_four_actions_each_from_the_captain_then_the_next_captain_is_left():
    game = make(3)
    st = game.init(np.array([7]))
    captain = int(st.captain[0])
    seats = play_workers_round(game, st)
    assert seats == [(captain + j) % 3 for j in range(3)] * 4
    assert (st.money[0] == 300 + 4 * 50).all()
    # end of round: everybody keeps one card (decisions in turn order from the Captain)
    keepers = []
    while st.phase[0] == PH_KEEP:
        keepers.append(int(st.current_player[0]))
        step(game, st, min(legal(st)))
    assert keepers == [(captain + j) % 3 for j in range(3)]
    while st.phase[0] == PH_CAPTAIN_CHOICE:
        assert st.current_player[0] == captain  # the old Captain chooses, before the election
        step(game, st, game.ids.resource + GOLD)
    assert st.round[0] == 2 and st.captain[0] == (captain + 1) % 3  # the left neighbour
    # income: 1 marble, 1 wood, 200 Fiorini and the Captain's gold, to every player
    assert (st.res[0, :, [MARBLE, WOOD, GOLD]] == 2).all() and (st.res[0, :, METAL] == 1).all()
    assert (st.money[0] == 300 + 200 + 200).all()
    # phase 1-2: new artists and monuments, 1 kept + 4 drawn cards each
    assert (st.mon_state[0] == IN_ROW).sum() == 2 + 5 and st.table_count[0].sum() == 8
    assert (st.hand[0].sum(1) == 5).all() and (st.discard[0].sum(1) == 4).all()
    game.check_invariants(st)


def test_extra_action_order_of_the_rulebook_example():
    """Medici (Captain) has a Casamento, Pazzi a Palagio and a Predicatore, Pitti a Casa and a
    Predicatore, Strozzi a Casamento: after four normal actions each, Palagio: Pazzi;
    Casamento: Medici, Strozzi; Casa: Pitti; Predicatore: Pazzi, Pitti."""
    game = make(4)
    st = game.init(np.array([1]))
    medici, pazzi, pitti, strozzi = range(4)
    preachers = [k for k in range(game.K) if game.t.is_preacher[k]]
    for seat, ids in ((medici, ["casamento"]), (pazzi, ["palagio"]), (pitti, ["casa"]), (strozzi, ["casamento"])):
        for c in ids:
            st.in_play[0, seat, card(game, c)] = True
    st.in_play[0, pazzi, preachers[0]] = st.in_play[0, pitti, preachers[1]] = True
    to_move(game, st, medici)
    seats = play_workers_round(game, st)
    assert seats[:16] == [medici, pazzi, pitti, strozzi] * 4
    assert seats[16:] == [pazzi, medici, strozzi, pitti, pazzi, pitti]
    # next round: one extra card per Residence (Casa, Casamento, Palagio), none for a Preacher
    while st.round[0] == 1:
        step(game, st, min(legal(st)))
    assert st.hand[0].sum(1).tolist() == [6, 6, 6, 6]  # the kept card + 4 + 1


def test_a_residence_played_this_round_gives_its_extra_action_this_round():
    game = make(2)
    st = game.init(np.array([3]))
    to_move(game, st, 0)
    casa = card(game, "casa")
    st.hand[0, 0, casa] = 1
    st.res[0, 0, WOOD] = 2
    fix(game, st)
    step(game, st, casa)
    assert st.in_play[0, 0, casa]
    seats = play_workers_round(game, st)
    assert seats[:7] == [1, 0, 1, 0, 1, 0, 1] and seats[7:] == [0]  # the Casa action comes round


# ------------------------------------------------------------------ actions


def test_play_a_card_pays_and_places_it_and_identical_cards_or_two_preachers_are_refused():
    game = make(4)
    st = game.init(np.array([2]))
    to_move(game, st, 0)
    workshop, preacher = card(game, "lanaiuolo"), card(game, "girolamosavonarola")
    st.hand[0, 0] = 0
    st.hand[0, 0, [workshop, preacher]] = 2  # two copies in hand
    st.money[0, 0] = 500
    fix(game, st)
    step(game, st, workshop)  # costs 1 wood, 1 spice
    assert st.in_play[0, 0, workshop] and st.res[0, 0, WOOD] == 0 and st.res[0, 0, SPICE] == 0
    assert st.supply[0, WOOD] == 21 - 4 + 1
    to_move(game, st, 0)
    assert workshop not in legal(st)  # never two identical cards in front of a player
    step(game, st, preacher)
    assert st.money[0, 0] == 400
    other = card(game, "sanfrancescodassisi")
    st.hand[0, 0, other] = 1
    to_move(game, st, 0)
    assert other not in legal(st)  # never more than one Preacher


def test_a_card_or_monument_needing_an_artist_is_offered_only_if_one_can_be_paid():
    game = make(4)
    st = game.init(np.array([4]))
    ritratto = card(game, "ritratto")  # 1 spice, 1 fabric, a painter
    st.hand[0, 0, ritratto] = 1
    romano = game.t.abase[artist(game, "romano_architect")]
    set_table(game, st, [romano])  # no painter on the table
    st.anon_up[0, 1] = False  # the anonymous painter is used
    to_move(game, st, 0)
    assert ritratto not in legal(st)
    st.anon_up[0, 1] = True
    st.money[0, 0] = 49
    to_move(game, st, 0)
    assert ritratto not in legal(st)  # the anonymous painter costs 50
    st.money[0, 0] = 50
    to_move(game, st, 0)
    assert ritratto in legal(st)
    step(game, st, ritratto)  # the only possible hire, the anonymous painter, is played by the engine
    assert st.in_play[0, 0, ritratto] and st.card_artist[0, 0, ritratto] == 0 and st.money[0, 0] == 0
    assert not st.anon_up[0, 1] and st.phase[0] == PH_ACTION


def test_fontana_with_giambologna_example():
    """Strozzi plays Palazzo di Famiglia: Fontana (1 marble, 1 metal, 50 Fiorini) and must hire an
    architect or sculptor: Giulio Romano (100) or Giambologna (100); Giambologna turns out 3."""
    game = make(4)
    st = game.init(np.array([9]))
    strozzi = 3
    fontana = card(game, "fontana")
    romano, giambologna = artist(game, "romano_architect"), artist(game, "giambologna_sculptor")
    three = game.t.abase[giambologna] + 3  # Giambologna's values are 2, 2, 2, 3
    assert game.t.copy_value[three] == 3 and game.t.art_cost[romano] == game.t.art_cost[giambologna] == 100
    set_table(game, st, [game.t.abase[romano], three])
    st.anon_up[0] = False  # "The only choices this round are Giulio Romano and Giambologna"
    st.hand[0, strozzi, fontana] = 1
    st.money[0, strozzi] = 300
    to_move(game, st, strozzi)
    assert fontana in legal(st)
    step(game, st, fontana)
    assert st.phase[0] == PH_HIRE and st.pending_card[0] == fontana
    assert legal(st) == {game.ids.hire_table + romano, game.ids.hire_table + giambologna}
    assert st.money[0, strozzi] == 250 and st.res[0, strozzi, MARBLE] == 0 and st.res[0, strozzi, METAL] == 0
    step(game, st, game.ids.hire_table + giambologna)
    assert st.money[0, strozzi] == 150  # He pays 100 Coins and turns over the Artist card
    assert st.art_state[0, three] == DONE and st.art_owner[0, three] == strozzi
    assert st.card_artist[0, strozzi, fontana] == 3  # he gets 3 Prestige Points
    assert st.visible_pp[0, strozzi] == 3 + 3 and st.hired_types[0, strozzi].tolist() == [0, 0, 1]
    assert st.phase[0] == PH_ACTION and st.current_player[0] != strozzi


def test_bottega_d_arte_and_edificatore_discounts():
    game = make(4)
    st = game.init(np.array([5]))
    st.in_play[0, 0, card(game, "bottegadarte")] = True
    st.in_play[0, 0, card(game, "edificatore")] = True
    m = int(np.flatnonzero(st.mon_state[0] == IN_ROW)[0])
    st.res[0, 0] = 10
    st.money[0, 0] = 1000
    to_move(game, st, 0)
    step(game, st, game.ids.complete + m)
    assert st.money[0, 0] == 1000 - max(0, game.t.mon_cost_money[m] - 50)
    x = int(np.flatnonzero(game.t.mon_types[m])[0])
    before = int(st.money[0, 0])
    step(game, st, game.ids.hire_anonymous + x)  # anonymous artists too: 50 - 50 = 0
    assert st.money[0, 0] == before and st.mon_state[0, m] == DONE and st.mon_artist[0, m] == 0


def test_reserve_a_monument_then_complete_it_and_reserve_an_artist_unseen():
    game = make(2)
    st = game.init(np.array([6]))
    to_move(game, st, 0)
    m = int(np.flatnonzero(st.mon_state[0] == IN_ROW)[0])
    step(game, st, game.ids.reserve_monument + m)
    assert st.mon_state[0, m] == RESERVED and st.mon_owner[0, m] == 0
    to_move(game, st, 1)
    assert game.ids.complete + m not in legal(st) and game.ids.reserve_monument + m not in legal(st)
    a = int(np.argmax(st.table_count[0]))  # a kind with the most copies on the table
    same = list(range(game.t.abase[a], game.t.abase[a] + game.t.art_copies[a]))
    on_table = [c for c in same if st.art_state[0, c] == IN_ROW]
    count = int(st.table_count[0, a])
    step(game, st, game.ids.reserve_artist + a)
    assert st.reserved_count[0, 1, a] == 1 and st.table_count[0, a] == count - 1
    copy = int(np.flatnonzero((st.art_state[0] == RESERVED) & (st.art_owner[0] == 1))[0])
    assert copy == min(on_table, key=lambda c: st.art_pos[0, c])  # the copy drawn first (DESIGN_NOTES 11)
    # its value is seen by nobody, its owner included
    obs = game.observe(st, np.array([1]))[0]
    changed = st.copy()
    value_twin = [c for c in same if c != copy]
    if value_twin:
        twin = value_twin[0]
        for f in (changed.art_pos, changed.art_state, changed.art_owner):
            f[0, [copy, twin]] = f[0, [twin, copy]]
        assert np.array_equal(game.observe(changed, np.array([1]))[0], obs)
    # complete the reserved monument: resources and money given, then any artist that can be paid
    st.res[0, 0] = 10
    st.money[0, 0] = 2000
    to_move(game, st, 0)
    assert game.ids.complete + m in legal(st)
    step(game, st, game.ids.complete + m)
    step(game, st, min(legal(st)))
    assert st.mon_state[0, m] == DONE and st.mon_owner[0, m] == 0


def test_locations_gain_sell_barter_and_new_captain():
    game = make(3)
    st = game.init(np.array([8]))
    to_move(game, st, 0)
    pic, scarp, barter, captain = (location(game, x) for x in ("picconiere", "scarpellino", "baratto", "capitano"))
    step(game, st, game.ids.location + pic)
    assert st.res[0, 0, MARBLE] == 2 and st.loc_up[0, pic] == 1  # two Picconiere cards
    to_move(game, st, 0)
    step(game, st, game.ids.location + scarp)
    assert st.res[0, 0, MARBLE] == 1 and st.money[0, 0] == 500 and st.loc_up[0, scarp] == 0
    to_move(game, st, 0)
    assert game.ids.location + scarp not in legal(st)  # flipped face down for the round
    step(game, st, game.ids.location + barter)
    step(game, st, game.ids.resource + GOLD)
    assert st.phase[0] == PH_BARTER_TAKE and game.ids.resource + GOLD not in legal(st)  # a *different* one
    step(game, st, game.ids.resource + SPICE)
    assert st.res[0, 0, GOLD] == 0 and st.res[0, 0, SPICE] == 2 and st.phase[0] == PH_ACTION
    to_move(game, st, 2)
    step(game, st, game.ids.location + captain)
    assert st.new_captain[0] == 2
    to_move(game, st, 1)
    assert game.ids.location + captain not in legal(st)
    game._election(st, np.array([0]))
    assert st.captain[0] == 2 and st.new_captain[0] == -1  # first player next round


def test_workers_market_and_inspiration():
    game = make(2)
    st = game.init(np.array([10]))
    ids = game.ids
    to_move(game, st, 0)
    step(game, st, ids.workers)
    assert st.money[0, 0] == 350
    to_move(game, st, 0)
    step(game, st, ids.sell + METAL)
    assert st.money[0, 0] == 450 and st.res[0, 0, METAL] == 0
    to_move(game, st, 0)
    step(game, st, ids.buy + METAL)
    assert st.money[0, 0] == 350 and st.res[0, 0, METAL] == 1
    to_move(game, st, 0)
    step(game, st, ids.exchange)
    step(game, st, ids.resource + WOOD)
    assert st.phase[0] == PH_EXCHANGE_GIVE_2 and ids.resource + MARBLE not in legal(st)  # non-decreasing order
    step(game, st, ids.resource + FABRIC)
    assert st.phase[0] == PH_EXCHANGE_TAKE
    step(game, st, ids.resource + GOLD)
    assert st.res[0, 0].tolist() == [1, 0, 2, 1, 0, 1]
    hand = int(st.hand[0, 0].sum())
    to_move(game, st, 0)
    step(game, st, ids.inspiration)
    assert st.hand[0, 0].sum() == hand + 1
    st.deck_pos[0] = st.deck_len[0]
    to_move(game, st, 0)
    assert ids.inspiration not in legal(st)  # not from an empty deck


# ------------------------------------------------------------------ finite supplies


def test_supply_exhaustion_blocks_taking_and_short_income_goes_in_turn_order():
    game = make(3)
    st = game.init(np.array([11]))
    ids = game.ids
    st.res[0, 1, MARBLE] += st.supply[0, MARBLE]  # the supply runs out of marble ...
    st.supply[0, MARBLE] = 0
    st.supply[0, WOOD], st.res[0, 2, WOOD] = 2, st.res[0, 2, WOOD] + st.supply[0, WOOD] - 2  # ... and is short of wood
    to_move(game, st, 0)
    assert ids.location + location(game, "picconiere") not in legal(st) and ids.buy + MARBLE not in legal(st)
    assert ids.buy + WOOD in legal(st)
    st.captain[0] = 1
    before = st.res[0].copy()
    game._income(st, np.array([0]))
    fix(game, st)
    # the Captain chooses first, and only a resource the supply holds for every player
    assert st.phase[0] == PH_CAPTAIN_CHOICE
    assert legal(st) == {ids.resource + r for r in (GOLD, METAL, FABRIC, SPICE)}
    step(game, st, ids.resource + GOLD)
    gained = st.res[0] - before
    assert gained[:, GOLD].tolist() == [1, 1, 1]
    assert gained[:, MARBLE].tolist() == [0, 0, 0]  # those incomes are lost
    assert gained[:, WOOD].tolist() == [0, 1, 1]  # distributed in turn order from the Captain (seat 1)
    st.supply_money[0] = 50
    to_move(game, st, 0)
    assert ids.workers in legal(st) and ids.sell + GOLD not in legal(st)


def test_no_captain_choice_when_no_resource_suffices_for_everyone():
    game = make(4)
    st = game.init(np.array([12]))
    for r in range(6):
        st.res[0, 0, r] += st.supply[0, r] - 3
        st.supply[0, r] = 3
    game._income(st, np.array([0]))
    assert st.phase[0] != PH_CAPTAIN_CHOICE


def test_a_player_with_no_possible_action_passes():
    game = make(2)
    st = game.init(np.array([13]))
    st.res[0, 0] = 0
    st.money[0, 0] = 0
    st.hand[0, 0] = 0
    st.supply_money[0] = 0
    st.mon_state[0] = np.where(st.mon_state[0] == IN_ROW, DISCARDED, st.mon_state[0])
    st.table_count[0] = 0
    st.deck_pos[0] = st.deck_len[0]
    st.new_captain[0] = 1
    st.loc_up[0] = 0
    to_move(game, st, 0)
    assert legal(st) == {game.ids.pass_}


# ------------------------------------------------------------------ scoring


def test_majorities_use_competition_ranking_with_full_points_for_ties():
    assert majority_points(np.array([[10, 10, 5, 1]]), [4, 2, 1]).tolist() == [[4, 4, 1, 0]]
    assert majority_points(np.array([[3, 5, 5]]), [4, 2, 1]).tolist() == [[1, 4, 4]]
    assert majority_points(np.array([[0, 0]]), [4, 2, 1]).tolist() == [[4, 4]]
    assert majority_points(np.array([[7, 2]]), [4, 2, 1]).tolist() == [[4, 2]]  # even with fewer than 4


def test_final_scoring_terms():
    game = make(2)
    st = game.init(np.array([14]))
    t = game.t
    palace, church, building = card(game, "affresco"), card(game, "abside"), card(game, "lastricato")
    lord, patron = card(game, "signoredelorione"), card(game, "mastroartista")
    st.in_play[0, 0, [palace, church, building, lord, patron]] = True
    st.card_artist[0, 0, [palace, church]] = [4, 0]
    st.hired_types[0, 0] = [1, 2, 1]
    m0, m1 = int(np.flatnonzero(st.mon_state[0] == IN_ROW)[0]), int(np.flatnonzero(st.mon_state[0] == IN_ROW)[1])
    st.mon_state[0, [m0, m1]] = [DONE, RESERVED]
    st.mon_owner[0, [m0, m1]] = 0
    st.mon_artist[0, m0] = 2
    copy = int(np.flatnonzero(st.art_state[0] == IN_ROW)[0])
    st.art_state[0, copy], st.art_owner[0, copy] = RESERVED, 0
    st.money[0] = [500, 500]
    st.res[0, 1, MARBLE] += 1
    st.captain[0] = 1
    parts = {k: v[0].tolist() for k, v in game.score_breakdown(st, np.array([0])).items()}
    assert parts["cards"][0] == t.card_prestige[[palace, church, building]].sum()
    assert parts["monuments"] == [t.mon_prestige[m0], 0] and parts["artists"] == [4 + 0 + 2, 0]
    assert parts["sets"] == [5, 0] and parts["guilds"] == [2 + 5, 0]  # Lord +2 per set, Patron 5 per set
    assert parts["resources"] == [2, 4] and parts["money"] == [4, 4]  # ties take the full points
    assert parts["captain"] == [0, 1]
    assert parts["reserved_monuments"] == [-t.mon_prestige[m1], 0]
    assert parts["reserved_artists"] == [-t.copy_value[copy], 0]


def test_artwork_tie_break_compares_the_whole_sorted_lists():
    game = make(3)
    artworks = np.array([[[9, 7, 5, -1], [9, 7, 6, -1], [9, 7, -1, -1]]])
    ranks = game._final_ranks(np.array([[20, 20, 20]]), artworks)
    assert ranks.tolist() == [[2, 1, 3]]  # second artwork equal, third decides; none at all loses
    same = game._final_ranks(np.array([[20, 20, 19]]), np.array([[[8, -1, -1, -1]] * 3]))
    assert same.tolist() == [[1, 1, 3]]  # complete tie shares the place
    rewards = game._rewards(np.array([[20, 20, 19]]), same)
    assert np.allclose(rewards, [[0.5, 0.5, -1.0]])
    assert np.allclose(game._rewards(np.array([[20, 20, 19]]), np.array([[2, 1, 3]])), [[-0.5, 1, -0.5]])


def test_game_ends_after_round_five_with_scores_ranks_and_zero_sum_rewards():
    game = make(4)
    st = game.init(np.arange(32))
    rng = np.random.default_rng(0)
    total = np.zeros((32, 4))
    rounds_seen = set()
    while not st.terminated.all():
        rounds_seen |= set(st.round.tolist())
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
        total += st.rewards
    assert rounds_seen == {1, 2, 3, 4, 5} and (st.phase == PH_OVER).all()
    assert (st.mon_drawn == 27).all()  # "at the beginning of Round 5, the deck will run out"
    assert np.allclose(total.sum(1), 0, atol=1e-5)
    parts = sum(game.score_breakdown(st, np.arange(32)).values())
    assert np.array_equal(parts, st.scores)
    assert np.array_equal(game.ranks(st), st.final_rank) and (st.final_rank.min(1) == 1).all()


# ------------------------------------------------------------------ invariants, hidden info, batches


@pytest.mark.parametrize("P", [2, 3, 4])
@pytest.mark.parametrize("guilds", [True, False])
def test_conformance_with_and_without_guilds(P, guilds):
    report = check_game(make(P, guilds=guilds), num_games=32, seed=P)
    assert report["games_finished"] == 32


def test_invariants_hold_along_random_games_and_catch_corruption():
    game = make(4)
    game.debug = True  # check_invariants after every step
    st, _ = play_random(game, np.arange(24), np.random.default_rng(5))
    broken = st.copy()
    broken.supply[3, GOLD] += 1
    with pytest.raises(ValueError, match="game 3: resources not conserved"):
        game.check_invariants(broken)
    broken = st.copy()
    broken.hand[1, 0, 0] += 1
    with pytest.raises(ValueError, match="game 1: Florenza cards not conserved"):
        game.check_invariants(broken)


@pytest.mark.parametrize("P", [2, 4])
def test_observation_bounds_hold_and_the_new_fields_reach_theirs(P):
    """SPEC §10 bounds (version 1): random and heuristic play stay inside ``obs_bounds``; the
    row position reaches its bound (the seven monuments of the set-up), and so do the anonymous
    artists and the value of the best artist on a work where the bound is one hire a round."""
    game = make(P)
    assert check_observation_bounds(game, num_games=4, seed=P) > 0
    agent = FlorenzaCardsHeuristic(game, seed=P)
    assert check_observation_bounds(game, num_games=2, seed=P + 10, policy=agent.act) > 0
    low, high = game.obs_field_bounds()["row_position"]
    st = game.init(np.arange(3))
    assert game.longest_row == 7 and (game.observe(st, np.zeros(3, int))[:, game.obs_layout["row_position"]].max(1)
                                      == np.asarray(high).max()).all()  # fmt: skip
    blocks = game.obs_field_bounds()["players"][1].reshape(P, game.block_size)
    x = 12 + game.K + 2 * game.M + game.AK
    assert (blocks[:, x : x + 3] == game.t.rounds).all()  # anonymous artists: one of each type a round
    best = blocks[0, x + 3 + card(game, "ritratto")]  # a painter's work: the best painter card (Buonarroti's 7)
    assert best == game.t.copy_value[game.t.copy_type == 1].max() == 7


def test_randomize_hidden_keeps_the_players_view_and_mask_and_changes_the_rest():
    game = make(4)
    st = game.init(np.arange(16))
    rng = np.random.default_rng(3)
    for _ in range(45):
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
    for p in range(4):
        other = game.randomize_hidden(st, p, seed=p)
        game.check_invariants(other)
        seats = np.full(16, p)
        assert np.array_equal(game.observe(other, seats), game.observe(st, seats))
        mine = st.current_player == p
        assert np.array_equal(other.legal_action_mask[mine], st.legal_action_mask[mine])
        assert np.array_equal(other.hand[:, p], st.hand[:, p]) and np.array_equal(other.discard[:, p], st.discard[:, p])
        assert not np.array_equal(other.deck, st.deck) and not np.array_equal(other.art_pos, st.art_pos)
        # a reserved artist keeps its kind but its value is re-drawn among that kind's unseen copies
        assert np.array_equal(other.reserved_count, st.reserved_count)


def test_a_game_does_not_depend_on_its_batch():
    game = make(3)
    seeds = np.arange(40, 48)
    batch = game.init(seeds)
    alone = [game.init(seeds[i : i + 1]) for i in range(8)]
    rng = np.random.default_rng(2)
    while not batch.terminated.all():
        actions = random_legal_actions(batch.legal_action_mask, rng)
        game.step(batch, actions)
        for i in range(8):
            game.step(alone[i], actions[i : i + 1])
            assert states_equal(alone[i], batch.select(i))


def test_one_game_paths_match_the_batched_mask_and_observation():
    for P in (2, 4):
        game = make(P)
        st = game.init(np.arange(12))
        rng = np.random.default_rng(P)
        while not st.terminated.all():
            masks = st.legal_action_mask.copy()
            for b in range(12):
                game._refresh_mask(st, np.array([b]))  # a game alone, from scratch
                assert np.array_equal(st.legal_action_mask[b], masks[b])
                for o in range(P):
                    one = game.observe(st.select(b), np.array([o]))[0]
                    assert np.array_equal(one, game.observe(st, np.full(12, o))[b])
            game.step(st, random_legal_actions(st.legal_action_mask, rng))


# ------------------------------------------------------------------ wrappers, options, saved states


def test_aec_env_plays_a_game_and_refuses_illegal_actions():
    env = florenza_cards_v1.env(num_players=3, guilds=False)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.game_state.copy()
    with pytest.raises(ValueError, match="illegal"):
        env.step(illegal)
    assert states_equal(before, env.unwrapped.game_state)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.metadata["name"] == "florenza_cards_v1"


def test_version_0_is_deprecated():
    """Version 1 changed rules and the observation (issue 22): the old module id raises
    PettingZoo's DeprecatedEnv instead of silently giving the new game."""
    from pettingzoo.utils.deprecated_module import DeprecatedEnv

    assert make(3).version == 1
    with pytest.raises(DeprecatedEnv, match="florenza_cards_v1"):
        florenza_cards_v0.env(num_players=3)


def test_options_and_data_overrides_are_validated():
    with pytest.raises(ValueError, match="guilds must be True or False"):
        make(3, guilds="yes")
    with pytest.raises(ValueError, match="reward='points'"):
        make(3, reward="points")
    with pytest.raises(ValueError, match="unknown option"):
        florentine_envs.make("florenza_cards", num_players=3, max_turns=5)
    with pytest.raises(ValueError, match="num_players=5"):
        make(5)
    with pytest.raises(ValueError, match=r"data\.artists\[0\]\.id = '\(missing\)'"):
        make(3, data={"artists": [{"name": "x"}]})
    with pytest.raises(ValueError, match="cannot be read"):
        make(3, data="/nonexistent.json")
    rich = make(2, data={"constants": {"starting_money": 600}})
    assert (rich.init(np.arange(2)).money == 600).all()


def test_saved_states_round_trip_and_malformed_ones_are_refused():
    game = make(3)
    st, _ = play_random(game, np.arange(3), np.random.default_rng(1))
    text = game.to_json(st, 1)
    assert states_equal(game.from_json(text), st.select(1))
    data = json.loads(text)
    data["fields"]["supply"][0] += 1
    with pytest.raises(ValueError, match="resources not conserved"):
        game.from_json(json.dumps(data))
    data = json.loads(text)
    del data["fields"]["hand"]
    with pytest.raises(ValueError, match="missing"):
        game.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="not valid JSON"):
        game.from_json("{")
    with pytest.raises(ValueError, match="options"):
        make(3, guilds=False).from_json(text)


def test_step_on_a_finished_game_is_ignored_and_illegal_actions_leave_the_state_unchanged():
    game = make(2)
    st, _ = play_random(game, np.arange(2), np.random.default_rng(2))
    frozen = st.copy()
    game.step(st, np.array([0, 5]))  # any action: a finished game ignores it
    frozen.rewards[:] = 0.0
    assert states_equal(st, frozen)
    live = game.init(np.array([3]))
    snapshot = live.copy()
    bad = int(np.flatnonzero(~live.legal_action_mask[0])[0])
    with pytest.raises(ValueError, match=game.action_names[bad]):
        game.step(live, np.array([bad]))
    assert states_equal(live, snapshot)


def test_terminal_play_advises_leaving_out_the_guilds_for_a_first_game():
    """"the game designer recommends that you remove them from the deck for your first game" -- said,
    with the option that does it, when a person plays with the guilds in; a whole game runs."""
    from florentine_envs.training import cli

    for extra, said in (([], True), (["--option", "guilds=False"], False)):
        lines = []
        args = cli.build_parser().parse_args(["play", "florenza_cards", "--players", "human,random", *extra])
        with pytest.raises(SystemExit, match="abandoned"):
            cli.cmd_play(args, read=lambda prompt="": "q", write=lines.append)
        assert sum("--option guilds=False" in line for line in lines) == int(said)
    lines = []
    args = cli.build_parser().parse_args(["play", "florenza_cards", "--players", "random,random,random"])
    assert cli.cmd_play(args, write=lines.append) == 0
    assert any("Game over" in line for line in lines) and any("rank 1" in line for line in lines)
