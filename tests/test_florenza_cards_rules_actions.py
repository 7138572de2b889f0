"""Rulebook scenario tests for Florenza: The Card Game (batched engine), part 1: components,
set-up, the rounds and their decks, the order of actions (the Medici, Pazzi, Pitti and Strozzi
example), the eight actions, and hiring artists (Strozzi's Fontana with Giambologna).

Every test quotes, in its docstring, the exact rulebook sentence(s) it checks
(``shared/rules/florenza_card_game.txt``; curly quotes, dashes and line breaks are normalised;
the text extraction splits some words, "Shuffl e", and those quotes keep the split).
``test_quotes_are_rulebook_sentences`` holds this module's quotes to the rulebook; the
coverage meta-test, over both parts, is in ``test_florenza_cards_rules_scoring.py``.

Positions come from ``tests/florenza_cards_scenarios.py``: ``init`` with a seed, conserving
edits of the state's fields, then real actions by their SPEC ids. Expected values are the
rulebook's literals (the constants below) or the component data (``florenza_cards_data.json``,
read directly) -- never the engine's own helpers. Readings of ambiguous sentences follow
``DESIGN_NOTES.md`` ("DN n" below), as each test says.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from florenza_cards_scenarios import (
    ABASE,
    ACTION,
    ARCHITECT,
    ART_IDS,
    ARTIST,
    ARTISTS,
    BARTER_GIVE,
    BARTER_TAKE,
    CARD,
    CARD_IDS,
    CARDS,
    COPY_VALUE,
    DONE,
    EXCHANGE_GIVE_1,
    EXCHANGE_GIVE_2,
    EXCHANGE_TAKE,
    FABRIC,
    GOLD,
    HIRE,
    IN_DECK,
    IN_ROW,
    INSPIRATION,
    KEEP,
    LOC_IDS,
    LOCATION,
    MARBLE,
    MARKET_EXCHANGE,
    MON_IDS,
    MONUMENT,
    NUM_ACTIONS,
    PAINTER,
    PASS,
    RESERVED,
    RESOURCES,
    RULEBOOK,
    SCULPTOR,
    SPICE,
    WOOD,
    WORKERS,
    Scenario,
    complete,
    copies,
    copy_of,
    cost,
    hire_anonymous,
    hire_reserved,
    hire_table,
    keep,
    location,
    market_buy,
    market_sell,
    play,
    reserve_artist,
    reserve_monument,
    resource,
)
from rulebook_quotes import meta_tests

import florentine_envs

# ---------------------------------------------------------------------------
# Rulebook literals
# ---------------------------------------------------------------------------

COMPONENTS = {"monuments": 27, "artists": 85, "locations": 17, "anonymous": 3, "resources": 86, "florenza": 76}
MONEY_CARDS = {50: 8, 100: 16, 500: 4}  # "28 MONEY CARDS ... 8 x 50, 16 x 100, AND 4 x 500"
CLASS_COUNTS = {"residence": 9, "workshop": 13, "guild": 12, "district_church": 12, "district_building": 12,
                "family_palace": 12, "preacher": 6}  # fmt: skip
ARTISTS_PER_ROUND = {2: 6, 3: 8, 4: 10}
FIRST_MONUMENTS, NEW_MONUMENTS, KEPT_MONUMENTS = 7, 5, 2
START_MONEY, START_HAND = 300, 5
ROUNDS, NORMAL_ACTIONS = 5, 4
DRAW, MAX_DRAW = 4, 7
ANONYMOUS_COST = 50
LOCATION_SALE, WORKERS_MONEY, MARKET_PRICE = 200, 50, 100
GAIN_LOCATIONS = ["boscaiuolo", "erbolaio", "fabbro", "lanaiuolo", "montepieta", "picconiere"]
SELL_LOCATIONS = ["legnaiuolo", "orafo", "ottonaio", "scarpellino", "speziale", "tintore"]
PREACHERS = [c["id"] for c in CARDS if c["class"] == "preacher"]

test_quotes_are_rulebook_sentences, _ = meta_tests(__name__, RULEBOOK, list, {})


def deck_one(P: int) -> Counter:
    return Counter({c["id"]: copies(c["id"], P, "I") for c in CARDS if copies(c["id"], P, "I")})


def cards_in_round_one(sc: Scenario) -> Counter:
    """Deck, hands and discard pile, by card id."""
    total = Counter(sc.deck())
    for p in range(sc.P):
        total.update(sc.hand(p))
    total.update(sc.discards())
    return total


def acting_order(sc: Scenario, until) -> list[tuple[int, int]]:
    """(seat, action slot shown in the observation) of every action until ``until()``; every
    action is Send Out Workers (or the first legal one)."""
    order = []
    while not until():
        if sc.phase == ACTION:
            slot = int(np.argmax(sc.field(sc.to_move, "action_slot")))
            order.append((sc.to_move, slot))
        sc.auto()
    return order


# ---------------------------------------------------------------------------
# Components and set-up
# ---------------------------------------------------------------------------


def test_components():
    """Rulebook:

    "27 MONUMENT CARDS" "85 ARTIST CARDS" "17 LOCATION CARDS" "3 ANONYMOUS ARTIST CARDS"
    "86 RESOURCE CARDS, INCLUDING:" "21" "11 MARBLE WOOD12" "METAL" "FABRIC" "GOLD" "SPICE"
    "28 MONEY CARDS (“FIORINI” - 8 x 50, 16 x 100, AND 4 x 500)" "50, 100, AND 500 FIORINI"
    "76 FLORENZA CARDS, INCLUDING:" "9 RESIDENCES (“ABITAZIONE”- PURPLE)" "13 WORKSHOPS (“BOTTEGA” - YELLOW)"
    "12 GUILDS (“ARTE” - ORANGE)" "DISTRICT CHURCHES (“CHIESA DI RIONE” - BLUE)"
    "12 DISTRICT BUILDINGS (“EDIFICI DI RIONE” - GREY)" "12 FAMILY PALACES (“PALAZZO DI FAMIGLIA” - GREEN)"
    "6 PREACHERS (“PREDICATORE” -" "BROWN)" "1 CAPTAIN OF THE PEOPLE CARD"

    The text extraction garbles the resource counts ("21", "11 MARBLE WOOD12"): 21 marble and
    21 wood, 11 of each other kind (86 in all), and 12 district churches.
    """
    sc = Scenario(4)
    s = sc.s
    assert s.mon_state.shape[1] == COMPONENTS["monuments"] and s.art_state.shape[1] == COMPONENTS["artists"]
    assert int(s.loc_up[0].sum()) == COMPONENTS["locations"] and s.anon_up.shape[1] == COMPONENTS["anonymous"]
    resources = s.supply[0] + s.res[0].sum(0)
    assert resources.tolist() == [21 if r in ("marble", "wood") else 11 for r in RESOURCES]
    assert int(resources.sum()) == COMPONENTS["resources"]
    assert int(s.supply_money[0] + s.money[0].sum()) == sum(v * n for v, n in MONEY_CARDS.items())
    # 76 Florenza cards at 4 players: Deck I in the deck and hands, Decks II and III waiting
    waiting = sc.field(0, "waiting_decks")
    assert sum(cards_in_round_one(sc).values()) + waiting.sum() == COMPONENTS["florenza"]
    by_class = Counter()
    for c in CARDS:
        by_class[c["class"]] += copies(c["id"], 4)
    assert by_class == CLASS_COUNTS
    # one Captain of the People: exactly one seat holds it
    assert sc.field(0, "captain").sum() == 1


@pytest.mark.parametrize("P", [2, 3, 4])
def test_setup_removes_florenza_cards_by_player_count(P):
    """Rulebook:

    "Based on the number of players, remove any Florenza cards that won’t be used: in a 3-player
        game, remove all cards with the “4” symbol."
    "In a 2-player game, remove all “4” and “3+” cards."
    "CARD TO BE USED WITH 3 OR MORE PLAYERS" "CARD TO BE USED" "IN 4-PLAYER GAMES ONLY"
    "TO BE USED ONLY IN 3- OR" "4-PLAYER GAMES" "TO BE USED ONLY IN 4-PLAYER GAMES"

    The data gives each card's copies per deck and player count (the symbols).
    """
    sc = Scenario(P, seed=P)
    assert cards_in_round_one(sc) == deck_one(P)
    waiting = sc.field(0, "waiting_decks").tolist()
    assert waiting == [sum(copies(c["id"], P, d) for c in CARDS) for d in ("II", "III")]
    total = {n: sum(copies(c["id"], n) for c in CARDS) for n in (2, 3, 4)}
    assert total[2] < total[3] < total[4] == COMPONENTS["florenza"]
    for c in CARDS:  # a "3+" card is out with 2 players; a "4" card with 2 and 3
        assert copies(c["id"], 2) <= copies(c["id"], 3) <= copies(c["id"], 4)
    assert sum(cards_in_round_one(sc).values()) + sum(waiting) == total[P]


def test_setup_three_decks_shuffled_apart():
    """Rulebook:

    "Divide the rest of the Florenza cards into three decks by the numbers shown on the cards."
    "Shuffl e each deck separately, and put them on the table, face down."
    "FLORENZA CARD DECK NUMBER" "DECK I - DECK II - DECK III" "FLORENZA CARD DECKS (DIVIDED AND SHUFFLED)"
    "Round 1: Only the cards in Deck I are available."

    Decks II and III are shuffled together with the leftovers before anyone draws from them
    (DN 2), so only Deck I's order can be seen in round 1.
    """
    orders = set()
    for seed in range(8):
        sc = Scenario(3, seed=seed)
        assert cards_in_round_one(sc) == deck_one(3)  # nothing of Decks II and III is in play
        orders.add(tuple(sc.deck()))
        assert sc.field(0, "deck_size")[0] == sum(deck_one(3).values()) - 3 * START_HAND
    assert len(orders) == 8


@pytest.mark.parametrize("P", [2, 3, 4])
def test_setup_table_locations_anonymous_artists_and_supply(P):
    """Rulebook:

    "Place the 17 Location cards, the 3 Anonymous Artist cards, the Resource cards, and the Money
        cards on the table, as shown below."
    "LOCATION CARDS THAT CONVERT RESOURCES INTO FIORINI" "LOCATION CARDS THAT PRODUCE RESOURCES"
    "ANONYMOUS ARTISTS NEW CAPTAIN CARD"

    All 17 location cards at every player count (DN 13); the starting holdings come out of the
    supply (DN 29).
    """
    sc = Scenario(P, seed=1)
    up = dict(zip(LOC_IDS, sc.field(0, "locations_up").tolist()))
    assert sum(up.values()) == COMPONENTS["locations"]
    assert all(LOCATION[x]["effect"] == "sell" for x in SELL_LOCATIONS)
    assert all(LOCATION[x]["effect"] == "gain" for x in GAIN_LOCATIONS)
    assert up["capitano"] == 1 and sc.field(0, "new_captain").sum() == 0  # the New Captain card is out
    assert sc.field(0, "anonymous_up").tolist() == [1, 1, 1]
    totals = [21 if r in ("marble", "wood") else 11 for r in RESOURCES]
    assert sc.supply() == [n - P for n in totals]
    assert sc.supply_money() == sum(v * n for v, n in MONEY_CARDS.items()) - P * START_MONEY


@pytest.mark.parametrize("P, marked", [(2, 14), (3, 16), (4, 17)])
def test_location_cards_by_player_count_is_an_option(P, marked):
    """Rulebook:

    "Place the 17 Location cards, the 3 Anonymous Artist cards, the Resource cards, and the Money
        cards on the table, as shown below."
    "Based on the number of players, remove any Florenza cards that won't be used"

    Only Florenza cards are removed by player count, so all 17 Location cards are laid out at every
    count (the default, DN 13). The public port lays out 14 / 16 / 17, as if the Location cards
    carried player-count marks too: the option ``locations='by_player_count'`` (the copies of each
    kind are the data's ``marked_copies_by_players``); a New Captain card in both.
    """
    default = Scenario(P, seed=2)
    option = Scenario(P, seed=2, locations="by_player_count")
    assert default.field(0, "locations_up").sum() == 17
    up = dict(zip(LOC_IDS, option.field(0, "locations_up").tolist()))
    assert sum(up.values()) == marked and up["capitano"] == 1
    assert up == {x: LOCATION[x]["marked_copies_by_players"][str(P)] for x in LOC_IDS}
    # the option changes nothing else at set-up: the same deal, row, table and hands
    assert default.hand(0) == option.hand(0) and default.row() == option.row() and default.table() == option.table()
    # and after a round the marked copies are turned face up again, no more
    option.run_until(lambda: option.round == 2)
    assert option.field(0, "locations_up").sum() == marked
    with pytest.raises(ValueError, match="locations"):
        florentine_envs.make("florenza_cards", num_players=P, locations="some")


def test_setup_monument_row():
    """Rulebook:

    "Shuffl e the Monument cards and place them face down on the table."
    "Randomly draw 7 Monument cards and place them in a row in order of value, with the highest
        value on the left and the lowest on the right."
    "MONUMENT CARDS IN PLAY" "MONUMENT CARD DECK"

    The row's order shows at the end of the round, in which two stay
    (``test_end_of_round_keeps_the_two_leftmost_monuments``, part 2).
    """
    game = florentine_envs.make("florenza_cards", num_players=3)
    st = game.init(np.arange(30))
    rows = set()
    for b in range(30):
        row = np.flatnonzero(st.mon_state[b] == IN_ROW)
        assert len(row) == FIRST_MONUMENTS
        assert sorted(st.mon_pos[b, row].tolist()) == list(range(FIRST_MONUMENTS))  # the first 7 drawn
        rows.add(tuple(row))
    assert len(rows) > 20  # drawn at random
    obs = game.observe(st.select(np.arange(1)), np.array([0]))[0]
    assert obs[game.obs_layout["monument_deck"]][0] == COMPONENTS["monuments"] - FIRST_MONUMENTS
    assert obs[game.obs_layout["row"]].sum() == FIRST_MONUMENTS


@pytest.mark.parametrize("P", [2, 3, 4])
def test_setup_artists_face_down_by_player_count(P):
    """Rulebook:

    "Shuffl e the Artist cards, face down."
    "Based on the number of players, draw a number of cards and place them on the table, divided by
        type, without turning them over (as pictured):"
    "2 players 6 Artists" "3 players 8 Artists" "4 players 10 Artists"
    "ARTIST CARDS IN PLAY, DIVIDED BY TYPE (TO MAKE PLAY EASIER)" "ARTIST CARD DECK"
    """
    sc = Scenario(P, seed=5)
    table = sc.table()
    assert len(table) == ARTISTS_PER_ROUND[P]
    assert sorted(sc.s.art_pos[0, table].tolist()) == list(range(ARTISTS_PER_ROUND[P]))
    assert sc.field(0, "artist_deck")[0] == COMPONENTS["artists"] - ARTISTS_PER_ROUND[P]
    shown = sc.field(0, "table_artists")  # per artist (name and type), not per value
    kinds = Counter(int(np.searchsorted(ABASE, c, side="right") - 1) for c in table)
    assert shown.tolist() == [kinds[a] for a in range(len(ART_IDS))]
    # not turned over: a table card and a deck card of the same artist with another value swap,
    # and nobody's observation changes
    low, high = copy_of("delverrocchio_sculptor", 1), copy_of("delverrocchio_sculptor", 3)
    sc.set_table([low])
    assert sc.s.art_state[0, high] == IN_DECK
    sc.refresh()
    before = [sc.obs(p) for p in range(P)]
    sc.swap_artists(low, high)
    sc.refresh()
    assert sc.table() == [high] and all((sc.obs(p) == before[p]).all() for p in range(P))


@pytest.mark.parametrize("P", [2, 3, 4])
def test_setup_each_player_takes_money_resources_and_five_cards(P):
    """Rulebook:

    "Each player chooses a Family and takes the following:"
    "300 Fiorini (Money cards)" "1 Resource card of each kind" "5 Florenza cards, randomly drawn from Deck I"
    "Your Fiorini, Resources, and Florenza cards make up your hand, and must be kept secret from the
        other players."

    Florenza cards in hand are secret (others see how many); Fiorini and Resources are shown,
    since every change to them is public (DN 20).
    """
    sc = Scenario(P, seed=3)
    for p in range(P):
        assert sc.money(p) == START_MONEY and sc.res(p) == [1] * 6
        assert sum(sc.hand(p).values()) == START_HAND
        assert set(sc.hand(p)) <= set(deck_one(P))
    # seat 0's hand composition changes: only seat 0's own observation shows it
    before = [sc.obs(p) for p in range(P)]
    mine = next(iter(sc.hand(0)))
    other = next(c for c in sc.deck() if c != mine)
    sc.s.hand[0, 0, CARD_IDS.index(mine)] -= 1
    sc.give(0, other)
    sc.s.deck[0, sc.s.deck_len[0]] = CARD_IDS.index(mine)  # the swapped-out card joins the deck
    sc.s.deck_len[0] += 1
    sc.refresh()
    assert not (sc.obs(0) == before[0]).all()
    assert all((sc.obs(p) == before[p]).all() for p in range(1, P))
    assert sc.block(1, 0)["hand_size"][0] == START_HAND and sc.block(1, 0)["money"][0] == START_MONEY


def test_setup_first_player_is_random_and_holds_the_captain():
    """Rulebook:

    "Finally, choose a fi rst player randomly and give him the Captain of the People card, the Action
        Marker card, and a Summary card."
    """
    game = florentine_envs.make("florenza_cards", num_players=4)
    st = game.init(np.arange(40))
    assert set(st.captain.tolist()) == {0, 1, 2, 3}
    assert (st.current_player == st.captain).all() and (st.phase == ACTION).all() and (st.round == 1).all()


# ---------------------------------------------------------------------------
# Rounds, phases and the Florenza decks
# ---------------------------------------------------------------------------


def test_five_rounds_of_four_phases():
    """Rulebook:

    "The game is played over fi ve rounds." "Each round is divided into 4 phases."
    "All players complete each phase before the next phase begins:"
    "Draw Artists and Monuments" "Draw Florenza Cards" "Take Actions" "End of the Round"
    "Note: The fi rst two phases are skipped during the fi rst round (they are included in the set up)."
    "Important: Skip this phase during the fi rst round of play."
    "Draw a number of Artist cards based on the number of players:"
    "These Artists will be available for use until the end of the round, when they will be
        discarded and replaced for the next round."
    "Next, turn over 5 Monument cards and place them on the table in order of value (highest to the
        left - if tied, place in the order drawn), adding them to any remaining from the previous
        round (see Phase 4)."
    "Hint: If you correctly draw the Monument cards during Phase 1, you won’t need to count the
        rounds: at the beginning of Round 5, the deck will run out."
    "The game ends at the end of the fi fth round."
    """
    P = 3
    sc = Scenario(P, seed=11, guilds=False)
    # round 1: the set-up's draws, nothing more
    assert int(sc.s.art_drawn[0]) == ARTISTS_PER_ROUND[P] and int(sc.s.mon_drawn[0]) == FIRST_MONUMENTS
    assert all(sum(sc.hand(p).values()) == START_HAND for p in range(P))
    for r in range(2, ROUNDS + 1):
        table_before = set(sc.table())
        sc.finish_round()
        assert sc.round == r and sc.phase == ACTION
        # phase 1: new artists (the old ones left the table), 5 new monuments beside the 2 kept
        table = sc.table()
        assert len(table) == ARTISTS_PER_ROUND[P] and not table_before & set(table)
        assert sorted(sc.s.art_pos[0, table].tolist()) == list(range(ARTISTS_PER_ROUND[P] * (r - 1),
                                                                        ARTISTS_PER_ROUND[P] * r))  # fmt: skip
        assert int(sc.s.mon_drawn[0]) == FIRST_MONUMENTS + NEW_MONUMENTS * (r - 1)
        assert len(sc.row()) == KEPT_MONUMENTS + NEW_MONUMENTS
        # phase 2: the kept card and 4 new ones
        assert all(sum(sc.hand(p).values()) == 1 + DRAW for p in range(P))
    assert sc.field(0, "monument_deck")[0] == 0  # round 5 drew the last monuments
    sc.finish_round()
    assert sc.s.terminated[0] and sc.phase == 10 and sc.round == ROUNDS


def test_phase_two_draws_from_the_captain_clockwise_and_round_five_has_only_leftovers():
    """Rulebook:

    "Starting with the Captain and going clockwise, each player draws 4 Florenza cards, plus 1 card
        for each Residence card (purple) in front of him."
    "Round 5: Only the cards left over from Round 4 are available."

    Round 5 shuffles nothing in (DN 3) and draws take what is left, player by player (DN 4).
    """
    P = 3
    sc = Scenario(P, seed=2, round=4, guilds=False)
    leftovers = ["casa", "lanaiuolo", "sagrato", "fabbro", "ritratto", "cambiavalute"]
    sc.set_deck(leftovers)
    sc.run_until(lambda: sc.phase == KEEP)
    captain = sc.captain
    kept = {}
    while sc.round == 4:
        if sc.phase == KEEP:
            kept[sc.to_move] = min(sc.hand(sc.to_move))
            sc.act(keep(kept[sc.to_move]))
        else:
            sc.auto()
    discards = sc.discards()
    new = (captain + 1) % P  # no New Captain: the left neighbour
    assert sc.captain == new and sc.round == 5
    drawn = {p: Counter(sc.hand(p)) - Counter({kept[p]: 1}) for p in range(P)}
    assert sorted(drawn[new].elements()) == sorted(leftovers[:4])
    assert sorted(drawn[(new + 1) % P].elements()) == sorted(leftovers[4:])
    assert sum(drawn[(new + 2) % P].values()) == 0 and sc.deck() == []
    assert sc.discards() == discards and sum(discards.values()) > 0  # round 4's discards stay out


def test_residences_draw_extra_cards_from_the_next_round_and_preachers_do_not():
    """Rulebook:

    "Starting with the Captain and going clockwise, each player draws 4 Florenza cards, plus 1 card
        for each Residence card (purple) in front of him."
    "Hint: You can draw a maximum of 7 cards, if you have the Palagio, Casamento, and Casa."
    "If the card lets you draw additional Florenza cards (purple Residences), you draw the card at
        the beginning of the round (starting with the next round)."
    "In the next round, the players will draw extra Florenza cards for the Casa, Casamento, and
        Palagio cards in front of them."
    "Predicatore cards do not award extra cards."
    "DRAW AN EXTRA CARD"
    """
    sc = Scenario(3, seed=4, round=3, guilds=False)
    for c in ("palagio", "casamento", "casa"):
        sc.put_in_play(0, c)
    sc.put_in_play(1, "girolamosavonarola")
    sc.put_in_play(2, "casa")
    assert all("extra_cards_drawn" not in CARD[c] for c in PREACHERS)
    sc.refresh()
    sc.finish_round()
    assert sc.round == 4
    sizes = [sum(sc.hand(p).values()) for p in range(3)]
    assert sizes == [1 + MAX_DRAW, 1 + DRAW, 1 + DRAW + 1]
    assert MAX_DRAW == DRAW + sum(CARD[c]["extra_cards_drawn"] for c in ("palagio", "casamento", "casa"))
    # a Residence played this round draws nothing extra until the next round starts
    sc2 = Scenario(2, seed=4, guilds=False)
    p = sc2.captain
    sc2.give(p, "casa")
    sc2.set_res(p, {"wood": 2})
    sc2.turn(p)
    hand = sum(sc2.hand(p).values())
    sc2.act(play("casa"))
    assert sum(sc2.hand(p).values()) == hand - 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_florenza_cards_available_change_each_round(seed):
    """Rulebook:

    "The Florenza cards available changes each round:"
    "Round 1: Only the cards in Deck I are available."
    "Round 2: Shuffl e all cards from Deck II with any left over from Round 1."
    "Round 3: Shuffl e all cards from Deck III with any left over from Round 2."
    "Round 4: Shuffl e any cards in the discard pile to the cards left over from Round 3."
    "Round 5: Only the cards left over from Round 4 are available."
    "Discard the rest of your Florenza cards into the discard pile."

    At the Captain's income choice every player has kept one card; what the deck holds after the
    next round's draws plus what was drawn is the round's pool.
    """
    P = 2
    sc = Scenario(P, seed=seed, guilds=False)
    newcomers = {2: "II", 3: "III", 4: "discard", 5: None}
    drew_deck_two = False
    for r in range(2, ROUNDS + 1):
        sc.run_until(lambda: sc.phase == 8)  # CAPTAIN_CHOICE: the keeping is done
        leftovers, pile = Counter(sc.deck()), Counter(sc.discards())
        kept = [Counter(sc.hand(p)) for p in range(P)]
        assert all(sum(k.values()) == 1 for k in kept)
        sc.act(resource(MARBLE))
        assert sc.round == r
        drawn = Counter()
        for p in range(P):
            drawn += Counter(sc.hand(p)) - kept[p]
        pool = leftovers.copy()
        if newcomers[r] in ("II", "III"):
            pool += Counter({c["id"]: copies(c["id"], P, newcomers[r], guilds=False) for c in CARDS})
        elif newcomers[r] == "discard":
            pool += pile
            assert sc.discards() == {}
        else:
            assert Counter(sc.discards()) == pile
        assert Counter(sc.deck()) + drawn == +pool
        if r == 2:
            only_two = {c["id"] for c in CARDS if copies(c["id"], P, "II") and not copies(c["id"], P, "I")}
            drew_deck_two = bool(set(drawn) & only_two)
    assert drew_deck_two  # the Deck II cards are shuffled in, not put under the leftovers


# ---------------------------------------------------------------------------
# Phase 3: the order of actions
# ---------------------------------------------------------------------------


def test_players_act_in_turn_from_the_captain_four_times():
    """Rulebook:

    "In this phase, the players take actions in turn, starting with the Captain and going clockwise."
    "Each player will take at least 4 actions."
    "Once all players have completed their actions for the round, the round ends."

    Clockwise is seat + 1 (DN 1).
    """
    sc = Scenario(3, seed=7)
    c = sc.captain
    order = acting_order(sc, lambda: sc.phase != ACTION)
    assert [seat for seat, _ in order] == [(c + j) % 3 for j in range(3)] * NORMAL_ACTIONS
    assert [slot for _, slot in order] == [s for s in range(NORMAL_ACTIONS) for _ in range(3)]
    assert sc.phase == KEEP and sc.round == 1  # the round's end follows at once


def test_rulebook_example_extra_actions_of_medici_pazzi_pitti_and_strozzi():
    """Rulebook (Phase 3 example):

    "Players who have played Residences (purple) or Preachers (brown) receive additional actions, in
        this order:" "Palagio" "Casamento" "Casa" "Predicatore"
    "If the card gives you an extra action (from a purple Residence or brown Preacher), you take it
        after all players have taken their normal actions, as shown on the back of the Captain of the
        People card."
    "The order of play is ►Medici, ►Pazzi, ►Pitti, then ►Strozzi." "Medici has the Captain of the People card."
    "He places the Action Marker card on the back, just below the number 1."
    "The Captain keeps track of the number of actions taken by using the Action Marker card and the
        back of the Captain of the People card."
    "Medici has built a Casamento, Pazzi has a Palagio and a Predicatore, Pitti owns a Casa and a
        Predicatore, and Strozzi has a Casamento."
    "The phase is played as follows:"
    "All players take their fi rst action in turn order (Medici, Pazzi, Pitti, Strozzi)."
    "Medici moves the Action Marker card to show the next action number."
    "Steps a and b are repeated 3 more times, until Strozzi has taken her fourth action."
    "Medici moves the Action Marker card to show the Palagio action." "Only Pazzi gets to take an action."
    "Medici moves the Action Marker card to show the Casamento action."
    "Now Medici and Strozzi each take an action, following the normal turn order."
    "Medici moves the Action Marker card to show the Casa action." "Only Pitti takes an action."
    "Medici moves the Action Marker card to show the Predicatore action."
    "Only Pazzi and Pitti take actions, in the normal order."
    "The end of the action phase."
    "In the next round, the players will draw extra Florenza cards for the Casa, Casamento, and
        Palagio cards in front of them." "Predicatore cards do not award extra cards."
    "TURN ORDER" "(RANDOMLY CHOSEN FOR THIS EXAMPLE)" "MEDICI MOVES THE ACTION MARKER CARD TO SHOW"
    "THE NEXT ACTION NUMBER" "EXTRA ACTION"

    The Action Marker is the observation's ``action_slot`` (slots 0-3: actions 1-4, then
    Palagio, Casamento, Casa, Predicatore).
    """
    medici, pazzi, pitti, strozzi = range(4)
    sc = Scenario(4, seed=1, round=3, guilds=False)
    for seat, cards in ((medici, ["casamento"]), (pazzi, ["palagio", PREACHERS[0]]),
                        (pitti, ["casa", PREACHERS[1]]), (strozzi, ["casamento"])):  # fmt: skip
        for c in cards:
            sc.put_in_play(seat, c)
    sc.set_captain(medici)
    assert sc.field(medici, "action_slot").tolist() == [1, 0, 0, 0, 0, 0, 0, 0]  # "just below the number 1"
    assert [CARD[c]["extra_action_slot"] for c in ("palagio", "casamento", "casa", PREACHERS[0])] == [5, 6, 7, 8]
    order = acting_order(sc, lambda: sc.phase != ACTION)
    normal = [(seat, slot) for slot in range(NORMAL_ACTIONS) for seat in (medici, pazzi, pitti, strozzi)]
    extra = [(pazzi, 4), (medici, 5), (strozzi, 5), (pitti, 6), (pazzi, 7), (pitti, 7)]
    assert order == normal + extra
    sc.finish_round()
    assert [sum(sc.hand(p).values()) for p in range(4)] == [1 + DRAW + 1] * 4  # one Residence each


def test_an_extra_action_is_taken_in_the_round_its_card_is_played():
    """Rulebook:

    "If the card gives you an extra action (from a purple Residence or brown Preacher), you take it
        after all players have taken their normal actions, as shown on the back of the Captain of the
        People card."

    Whether a player takes the Casa action is decided when it comes round: a Casa played this
    round gives it already (DN 7).
    """
    sc = Scenario(2, seed=3)
    c = sc.captain
    sc.give(c, "casa")
    sc.set_res(c, {"wood": 2})
    sc.turn(c)
    sc.act(play("casa"))
    order = acting_order(sc, lambda: sc.phase != ACTION)
    assert [seat for seat, _ in order] == [1 - c] + [c, 1 - c] * 3 + [c]
    assert order[-1] == (c, 6)


# ---------------------------------------------------------------------------
# The eight actions
# ---------------------------------------------------------------------------


def test_the_eight_actions():
    """Rulebook:

    "On your turn, you may choose one of these 8 actions:"
    "Play a Florenza Card" "Complete a Monument" "Reserve a Monument" "Reserve an Artist"
    "Activate a Location Card" "Send Out Workers" "Go to Market" "Search for Inspiration"
    "PLAY A FLORENZA CARD" "COMPLETE A MONUMENT" "RESERVE A MONUMENT" "RESERVE AN ARTIST"
    "ACTIVATE A LOCATION CARD" "SEND OUT WORKERS" "GO TO MARKET" "SEARCH FOR INSPIRATION"

    The action ids follow SPEC §6; ``pass`` is legal only when none of the eight is (DN 27).
    """
    sc = Scenario(4)
    names = sc.game.action_names
    assert len(names) == sc.game.num_actions == NUM_ACTIONS
    assert names[play("casa")] == "play_casa" and names[complete(MON_IDS[0])] == f"complete_{MON_IDS[0]}"
    assert names[reserve_monument(MON_IDS[-1])] == f"reserve_{MON_IDS[-1]}"
    assert names[reserve_artist(ART_IDS[0])] == f"reserve_{ART_IDS[0]}"
    assert names[location("capitano")] == "location_capitano" and names[WORKERS] == "send_out_workers"
    assert names[market_sell(SPICE)] == "market_sell_spice" and names[market_buy(MARBLE)] == "market_buy_marble"
    assert names[MARKET_EXCHANGE] == "market_exchange" and names[INSPIRATION] == "search_for_inspiration"
    assert names[PASS] == "pass" and names[keep(CARD_IDS[-1])] == f"keep_{CARD_IDS[-1]}"
    assert PASS not in sc.legal() and WORKERS in sc.legal()
    # a seat with nothing to do passes: no money, resources or cards, an empty supply and table
    p = sc.to_move
    sc.set_money(p, 0)
    sc.set_res(p, [0] * 6)
    sc.clear_hand(p)
    for r in range(6):
        sc.set_supply(r, 0, sink=(p + 1) % 4)
    sc.set_supply_money(0, sink=(p + 1) % 4)
    sc.set_deck([])
    sc.set_row([])
    sc.set_table([])
    sc.s.new_captain[0], sc.s.loc_up[0, LOC_IDS.index("capitano")] = (p + 1) % 4, 0
    sc.turn(p)
    assert sc.to_move != p  # the pass was its only choice: played at once, the turn moved on


def test_play_a_florenza_card_pays_its_cost_and_places_it():
    """Rulebook:

    "You may play a Florenza card from your hand."
    "You must pay all the Resources and Money shown on the left side of the card by returning those
        cards to the supply."
    "The Florenza card is placed face up in front of you."
    "The effects of the card are shown on the right side of the card:"
    "COST TO PLAY THE CARD: 1 WOOD 2 MARBLE" "1 FABRIC" "EFFECT OF" "THE CARD"

    The card pictured beside the example (1 wood, 2 marble, 1 fabric) is the Palagio.
    """
    assert cost(CARD["palagio"]) == ([2, 1, 0, 0, 1, 0], 0)  # marble, wood, gold, metal, fabric, spice
    sc = Scenario(3, seed=2, round=3)
    p = sc.to_move
    res, money = cost(CARD["segheria"])  # a Workshop: 1 metal, 1 marble, 50 Fiorini
    assert sum(res) == 2 and money == 50
    assert play("segheria") not in sc.legal()  # not in the hand
    sc.give(p, "segheria")
    sc.set_res(p, {"marble": 1, "metal": 1, "gold": 1})
    sc.turn(p)
    supply, supply_money = sc.supply(), sc.supply_money()
    sc.act(play("segheria"))
    assert sc.res(p) == [0, 0, 1, 0, 0, 0] and sc.money(p) == START_MONEY - money
    assert sc.supply() == [a + b for a, b in zip(supply, res)] and sc.supply_money() == supply_money + money
    assert "segheria" in sc.in_play(p) and "segheria" not in sc.hand(p)
    assert sc.block((p + 1) % 3, p)["in_play"][CARD_IDS.index("segheria")] == 1  # face up: everyone sees it
    # without one of the resources, or the money, it cannot be played
    sc.give(p, "cava")  # 1 metal, 1 wood, 50
    sc.turn(p)
    assert play("cava") not in sc.legal()
    sc.set_res(p, {"metal": 1, "wood": 1})
    sc.set_money(p, 49)
    sc.turn(p)
    assert play("cava") not in sc.legal()
    sc.set_money(p, 50)
    sc.turn(p)
    assert play("cava") in sc.legal()


def test_never_two_identical_cards_nor_two_preachers():
    """Rulebook:

    "Important: You may never play 2 identical Florenza cards."
    "You can never have 2 cards of the same kind with the same name in front of you."
    "Also, you may never have more than 1 Preacher card (brown) in front of you."

    Identical = the same card: the family palace Facciata and the district church Facciata are
    different cards (DN 8).
    """
    sc = Scenario(4, seed=2, round=3)
    p = sc.to_move
    sc.set_money(p, 1000)
    sc.set_res(p, [5, 5, 3, 3, 3, 3])
    sc.put_in_play(p, "casa")
    sc.put_in_play(p, "edificatore")
    sc.put_in_play(p, "facciata", artist_value=2)
    sc.give(p, "casa", "edificatore", "facciatachiesa", PREACHERS[0], PREACHERS[1])
    sc.turn(p)
    legal = sc.legal()
    assert play("casa") not in legal and play("edificatore") not in legal
    assert CARD["facciata"]["name"] == CARD["facciatachiesa"]["name"] == "Facciata"
    assert play("facciatachiesa") in legal  # same name, another kind of card
    assert play(PREACHERS[0]) in legal and play(PREACHERS[1]) in legal
    sc.act(play(PREACHERS[0]))
    sc.turn(p)
    assert play(PREACHERS[1]) not in sc.legal()


def test_a_palace_or_church_needs_one_artist_of_a_listed_type():
    """Rulebook:

    "If you play a Family Palace (green) or District Church (blue) card, you must also hire an
        Artist (as described under “Hiring Artists”)."
    "In order to play some Florenza cards or to complete any Monument, you must “hire” an Artist."
    "Each card that requires an Artist will show 1 or more types of Artists that can complete the project."
    "You only need 1 Artist to play the card, but it must be 1 of the types of Artist shown on the card."
    "There are 3 types of Artists:" "PAINTER SCULPTOR ARCHITECT" "SCULPTOR ARCHITECT PAINTER"

    A card is offered only if an artist can be paid too (DN 10).
    """
    needs = {c["class"] for c in CARDS if "artist_types" in c}
    assert needs == {"family_palace", "district_church"}
    assert all(len(c["artist_types"]) >= 1 for c in CARDS if "artist_types" in c)
    assert {a["type"] for a in ARTISTS} == {"architect", "painter", "sculptor"}
    sc = Scenario(4, seed=4)
    p = sc.to_move
    perugino, romano = copy_of("perugino_painter", 2), copy_of("romano_architect", 2)
    sc.set_table([perugino, romano, copy_of("giambologna_sculptor", 2), copy_of("vasari_architect", 2)])
    sc.reserve_artist_for(p, copy_of("vasari_architect", 2))  # reserved, but of another type
    sc.give(p, "ritratto")  # 1 spice, 1 fabric, a painter
    assert CARD["ritratto"]["artist_types"] == ["painter"]
    sc.turn(p)
    sc.act(play("ritratto"))
    assert sc.phase == HIRE and sc.to_move == p
    assert sc.legal() == {hire_table("perugino_painter"), hire_anonymous(PAINTER)}
    sc.act(hire_table("perugino_painter"))
    assert "ritratto" in sc.in_play(p) and sc.phase == ACTION and sc.to_move != p  # one artist: done
    assert sc.s.art_state[0, perugino] == DONE and sc.s.art_owner[0, perugino] == p
    # no painter that can be paid: the card is not offered
    q = sc.to_move
    sc.give(q, "paladaltare")  # 1 wood, 1 gold, 1 spice, a painter
    sc.s.anon_up[0, PAINTER] = False
    sc.turn(q)
    assert play("paladaltare") not in sc.legal()
    sc.s.anon_up[0, PAINTER] = True
    sc.set_money(q, ANONYMOUS_COST - 1)
    sc.turn(q)
    assert play("paladaltare") not in sc.legal()
    sc.set_money(q, ANONYMOUS_COST)
    sc.turn(q)
    assert play("paladaltare") in sc.legal()


def test_hiring_pays_the_cost_and_reveals_the_value():
    """Rulebook:

    "The back of the Artist card shows the range of Prestige Points you could earn for using that
        Artist, and the cost you must pay to hire the Artist."
    "After you pay to hire the Artist and complete the project, turn the Artist card over."
    "The front of the card shows the actual number of Prestige Points you earned from that Artist."
    "BACK" "FRONT"

    Before the hire the value is hidden (swapping the card with another of the same artist changes
    no observation); the card's cost is paid first, then the artist's (DN 9).
    """
    sc = Scenario(4, seed=6)
    p = sc.to_move
    low, high = copy_of("delverrocchio_sculptor", 1), copy_of("delverrocchio_sculptor", 3)
    sc.set_table([high])
    sc.give(p, "fontana")  # 1 marble, 1 metal, 50; an architect or sculptor
    sc.s.anon_up[0, ARCHITECT] = False
    sc.turn(p)
    before = [sc.obs(q) for q in range(4)]
    sc.swap_artists(high, low)  # the low card lies on the table now
    sc.refresh()
    assert all((sc.obs(q) == before[q]).all() for q in range(4))
    sc.swap_artists(high, low)
    sc.refresh()
    sc.act(play("fontana"))
    assert sc.money(p) == START_MONEY - cost(CARD["fontana"])[1]
    assert sc.legal() == {hire_table("delverrocchio_sculptor"), hire_anonymous(SCULPTOR)}
    sc.act(hire_table("delverrocchio_sculptor"))
    assert sc.money(p) == START_MONEY - cost(CARD["fontana"])[1] - ARTIST["delverrocchio_sculptor"]["cost"]
    shown = CARD["fontana"]["prestige"] + COPY_VALUE[high]
    assert all(sc.block(q, p)["visible_pp"][0] == shown for q in range(4))  # turned over: public
    assert min(ARTIST["delverrocchio_sculptor"]["values"]) <= COPY_VALUE[high] <= max(
        ARTIST["delverrocchio_sculptor"]["values"])  # fmt: skip


def test_anonymous_artists():
    """Rulebook:

    "You may choose to hire an Anonymous Artist, if that Artist card is still face up (i.e., no one
        has hired that artist yet this round)."
    "You don’t get any Prestige Points, but you only pay 50 Fiorini."
    "After you hire an Anomymous Artist, turn the card face down (it will be turned face up again at
        the end of the round)."
    """
    sc = Scenario(4, seed=8)
    p = sc.to_move
    sc.set_table([copy_of("perugino_painter", 2), copy_of("lippi_painter", 2)])
    sc.give(p, "ritratto")
    sc.turn(p)
    sc.act(play("ritratto"), hire_anonymous(PAINTER))
    assert sc.money(p) == START_MONEY - ANONYMOUS_COST
    assert sc.visible_prestige(p) == CARD["ritratto"]["prestige"]  # no points from the artist
    assert sc.field(p, "anonymous_up").tolist() == [1, 0, 1]
    q = sc.to_move
    sc.give(q, "paladaltare")
    sc.turn(q)
    sc.act(play("paladaltare"))
    assert sc.legal() == {hire_table("perugino_painter"), hire_table("lippi_painter")}
    sc.act(hire_table("perugino_painter"))
    sc.finish_round()
    assert sc.field(p, "anonymous_up").tolist() == [1, 1, 1]


def test_rulebook_example_strozzi_plays_the_fontana_with_giambologna():
    """Rulebook (Hiring Artists example and Figure 3):

    "It is Strozzi’s turn." "He decides to play a Palazzo di Famiglia: Fontana."
    "The card costs 1 Marble, 1 Metal, and 50 Fiorini, as shown on the card."
    "He pays those Resources and Money from his hand." "He must also hire an Architect or Sculptor."
    "The only choices this round are Giulio Romano (an Architect costing 100 Fiorini) and Giambologna
        (a Sculptor costing 100 Fiorini)."
    "They have the same cost, but Giambologna has the potential to be worth more Prestige Points, so
        Strozzi chooses him."
    "He pays 100 Coins and turns over the Artist card: he gets 3 Prestige Points!"
    "Since that value is in gold, we see that this is Giambologna’s “Masterpiece” - the highest
        Prestige Points that the Artist can award."
    "(Masterpieces don’t have any special effect on the game, except letting the player be satisfi ed
        by the work of the Artist.)"
    "COST TO PLAY" "THE CARD: 1 MARBLE" "1 METAL" "50 FIORINI" "CARD ALSO REQUIRES AN ARCHITECT OR SCULPTOR"
    "THERE ARE FOUR CARDS SHOWING GIAMBOLOGNA." "THREE OF THEM HAVE A VALUE OF 2, ONE HAS A VALUE OF 3."
    "THERE ARE TWO CARDS SHOWING GIULIO ROMANO." "BOTH HAVE THE SAME VALUE (2)."

    "The only choices": both anonymous artists of those types were hired earlier this round.
    """
    fontana, romano, giambologna = CARD["fontana"], ARTIST["romano_architect"], ARTIST["giambologna_sculptor"]
    assert cost(fontana) == ([1, 0, 0, 1, 0, 0], 50) and sorted(fontana["artist_types"]) == ["architect", "sculptor"]
    assert romano["cost"] == giambologna["cost"] == 100
    assert sorted(giambologna["values"]) == [2, 2, 2, 3] and romano["values"] == [2, 2]
    medici, pazzi, pitti, strozzi = range(4)
    sc = Scenario(4, seed=9)
    sc.s.captain[0] = medici
    sc.give(strozzi, "fontana")
    sc.set_table([copy_of("romano_architect", 2), copy_of("giambologna_sculptor", 3)])
    sc.s.anon_up[0, [ARCHITECT, SCULPTOR]] = False
    sc.turn(strozzi)
    sc.act(play("fontana"))
    assert sc.res(strozzi) == [0, 1, 1, 0, 1, 1] and sc.money(strozzi) == START_MONEY - 50
    assert sc.legal() == {hire_table("romano_architect"), hire_table("giambologna_sculptor")}
    sc.act(hire_table("giambologna_sculptor"))
    assert sc.money(strozzi) == START_MONEY - 50 - 100
    assert sc.visible_prestige(strozzi) == fontana["prestige"] + 3
    assert 3 == max(giambologna["values"])  # the masterpiece: nothing more than its value
    assert "fontana" in sc.in_play(strozzi) and sc.phase == ACTION


def test_complete_a_monument():
    """Rulebook:

    "You can complete any of the Monuments that are in the middle of the table, or any that you
        reserved during an earlier turn (see below)."
    "To complete a Monument, pay the required Resources and Fiorini (as shown on the card), then take
        the card and place it in front of you."
    "You must also hire an Artist (as described under “Hiring Artists”)."
    "You may hire an Anonymous Artist (if available)."
    """
    sc = Scenario(3, seed=3)
    p, q = sc.to_move, (sc.to_move + 1) % 3
    pulpito = MONUMENT["duomo_pulpito"]  # 2 marble, 1 fabric, 200; a sculptor; 9 points
    res, money = cost(pulpito)
    sc.set_row(["duomo_pulpito", "lastricato_fontana", "ospedale_chiostro"])
    sc.reserve_for(q, "ospedale_chiostro")
    sc.reserve_for(p, "battistero_portali")
    sc.set_table([copy_of("ghiberti_sculptor", 3)])
    sc.set_res(p, [4, 4, 1, 4, 1, 1])
    sc.set_money(p, 1000)
    sc.turn(p)
    legal = sc.legal()
    assert complete("duomo_pulpito") in legal and complete("battistero_portali") in legal
    assert complete("ospedale_chiostro") not in legal  # another player's reservation
    sc.act(complete("duomo_pulpito"))
    assert sc.phase == HIRE
    assert sc.res(p) == [4 - res[0], 4, 1, 4, 1 - res[4], 1] and sc.money(p) == 1000 - money
    assert sc.legal() == {hire_table("ghiberti_sculptor"), hire_anonymous(SCULPTOR)}
    sc.act(hire_anonymous(SCULPTOR))
    assert sc.mon_state("duomo_pulpito") == (DONE, p) and "duomo_pulpito" not in sc.row()
    assert sc.money(p) == 1000 - money - ANONYMOUS_COST and sc.visible_prestige(p) == pulpito["prestige"]
    assert sc.block(q, p)["completed"][MON_IDS.index("duomo_pulpito")] == 1


def test_reserve_a_monument():
    """Rulebook:

    "You may reserve a Monument to complete later."
    "Take 1 Monument card from those available for the round and place it face down in front of you."
    "Later on, you can complete that Monument by using another action."
    "You may reserve as many Monuments as you wish (by spending 1 action each), and you may complete
        other Monuments before completing your reserved ones."
    "Hint: Reserving a Monument and then completing it later takes 2 separate actions!"

    Reserved from the row only; the reservation is public (everyone saw it taken, DN 30).
    """
    sc = Scenario(2, seed=5)
    p = sc.to_move
    row = sorted(sc.row())
    sc.set_money(p, 1000)
    sc.set_res(p, [6, 6, 3, 3, 3, 3])
    sc.act(reserve_monument(row[0]))
    assert sc.mon_state(row[0]) == (RESERVED, p) and row[0] not in sc.row() and sc.to_move != p  # one action
    assert sc.block(1 - p, p)["reserved_monuments"][MON_IDS.index(row[0])] == 1
    assert reserve_monument(row[0]) not in sc.legal() and complete(row[0]) not in sc.legal()
    sc.act(WORKERS)
    sc.act(reserve_monument(row[1]))  # as many as you wish
    sc.act(WORKERS)
    assert sc.mon_state(row[1]) == (RESERVED, p)
    deck_monument = next(m for m in MON_IDS if sc.mon_state(m)[0] == IN_DECK)
    assert reserve_monument(deck_monument) not in sc.legal()
    sc.set_table([copy_of("giambologna_sculptor", 2), copy_of("romano_architect", 2),
                  copy_of("perugino_painter", 2)])  # fmt: skip
    sc.refresh()
    other = next(m for m in sorted(sc.row()) if complete(m) in sc.legal())
    sc.act(complete(other))  # another monument first
    sc.act(min(sc.legal()))
    sc.act(WORKERS)
    assert complete(row[0]) in sc.legal()  # a later action completes the reservation
    sc.act(complete(row[0]))
    sc.act(min(sc.legal()))
    assert sc.mon_state(row[0]) == (DONE, p)


def test_reserve_an_artist():
    """Rulebook:

    "You may reserve Artist cards also (but not Anonymous Artists)."
    "Take 1 Artist card from those available for the round and place it in front of you, without
        turning it over or looking at the other side of the card."
    "Later on, you can hire the Artist to play a card or complete a Monument that requires an Artist."
    "You must pay the cost of the Artist when you use him."
    "You may reserve as many Artists as you wish (by spending 1 action each)."

    Unseen even by its owner (DN 12); a reserved artist is not on the table, so it stays through the
    end of the round.
    """
    sc = Scenario(4, seed=5)
    p = sc.to_move
    assert not any(n.startswith("reserve_anonymous") for n in sc.game.action_names)
    cellini, ghiberti = copy_of("cellini_sculptor", 4), copy_of("ghiberti_sculptor", 3)
    sc.set_table([cellini, ghiberti])
    sc.turn(p)
    sc.act(reserve_artist("cellini_sculptor"))
    assert sc.money(p) == START_MONEY and sc.s.art_state[0, cellini] == RESERVED and sc.to_move != p
    assert sc.field(p, "table_artists")[ART_IDS.index("cellini_sculptor")] == 0
    assert sc.block(p, p)["reserved_artists"][ART_IDS.index("cellini_sculptor")] == 1
    before = [sc.obs(q) for q in range(4)]
    sc.swap_artists(cellini, copy_of("cellini_sculptor", 2))  # another value, still in the deck
    sc.refresh()
    assert all((sc.obs(q) == before[q]).all() for q in range(4))  # its owner did not look
    sc.swap_artists(cellini, copy_of("cellini_sculptor", 2))
    sc.refresh()
    sc.act(WORKERS, WORKERS, WORKERS)
    sc.act(reserve_artist("ghiberti_sculptor"))  # as many as you wish
    sc.finish_round()
    assert sc.s.art_state[0, cellini] == RESERVED and sc.s.art_state[0, ghiberti] == RESERVED
    sc.give(p, "fontana")
    sc.s.anon_up[0] = False
    sc.set_table([])
    sc.turn(p)
    sc.act(play("fontana"))
    assert sc.legal() == {hire_reserved("cellini_sculptor"), hire_reserved("ghiberti_sculptor")}
    money = sc.money(p)
    sc.act(hire_reserved("cellini_sculptor"))
    assert sc.money(p) == money - ARTIST["cellini_sculptor"]["cost"]
    assert sc.visible_prestige(p) == CARD["fontana"]["prestige"] + COPY_VALUE[cellini]


@pytest.mark.parametrize("loc", GAIN_LOCATIONS)
def test_locations_that_produce_resources(loc):
    """Rulebook:

    "You can activate a Location card (that is face up in the middle of the table), as follows:"
    "Boscaiuolo, Erbolaio, Fabbro, Lanaiuolo, Monte di Pietà, or Picconiere: Flip the card face down
        and take the Resource shown from the supply."
    "THE PLAYER ACTIVATES A LOCATION CARD"
    "HE FLIPS IT FACE DOWN AND TAKES THE INDICATED RESOURCE NEW CAPTAIN: IF THE NEW CAPTAIN CARD HAS
        NOT BEEN TAKEN FROM THE MIDDLE OF THE TABLE, YOU MAY TAKE IT AND PLACE IT IN FRONT OF YOU."
    """
    sc = Scenario(4, seed=1)
    r = RESOURCES.index(LOCATION[loc]["resource"])
    n = LOCATION[loc]["copies_by_players"]["4"]
    for use in range(n):
        p = sc.to_move
        res, supply = sc.res(p), sc.supply()
        sc.act(location(loc))
        assert sc.res(p)[r] == res[r] + 1 and sc.supply()[r] == supply[r] - 1
        assert sc.field(0, "locations_up")[LOC_IDS.index(loc)] == n - use - 1
    assert location(loc) not in sc.legal()  # every copy is face down


@pytest.mark.parametrize("loc", SELL_LOCATIONS)
def test_locations_that_convert_resources_into_fiorini(loc):
    """Rulebook:

    "Legnaiulo, Orafo, Ottonaio, Scarpellino, Speziale, or Tintore: Flip the card face down and spend
        the Resource shown to take 200 Fiorini from the supply."

    (The data spells the first one Legnaiuolo.)
    """
    sc = Scenario(3, seed=1)
    p = sc.to_move
    r = RESOURCES.index(LOCATION[loc]["resource"])
    sc.act(location(loc))
    assert sc.res(p)[r] == 0 and sc.money(p) == START_MONEY + LOCATION_SALE
    assert location(loc) not in sc.legal()
    q = sc.to_move
    sc.set_res(q, [1] * 6)
    sc.set_res(q, [0 if i == r else 1 for i in range(6)])
    sc.turn(q)
    assert location(loc) not in sc.legal()  # nothing to spend (and the card is face down anyway)


def test_baratto_exchanges_for_a_different_resource():
    """Rulebook:

    "Baratto: Flip the card face down to exchange 1 Resource from your hand for a different Resource
        from the supply."
    """
    sc = Scenario(3, seed=2)
    p = sc.to_move
    sc.set_res(p, {"marble": 2, "spice": 1})
    sc.turn(p)
    sc.act(location("baratto"))
    assert sc.phase == BARTER_GIVE and sc.legal() == {resource(MARBLE), resource(SPICE)}
    sc.act(resource(MARBLE))
    assert sc.phase == BARTER_TAKE and sc.legal() == {resource(r) for r in range(6) if r != MARBLE}
    sc.act(resource(GOLD))
    assert sc.res(p) == [1, 0, 1, 0, 0, 1] and sc.to_move != p
    assert sc.field(0, "locations_up")[LOC_IDS.index("baratto")] == LOCATION["baratto"]["copies_by_players"]["3"] - 1


def test_new_captain_card():
    """Rulebook:

    "New Captain: Take the card and place it in front of you."
    "You will be the fi rst player in the next round."
    "YOU WILL BE THE FIRST PLAYER IN THE NEXT ROUND."
    "If you took the New Captain card during the Take Actions Phase, you become the Captain of the People."
    "Return the New Captain card to the center, take the Captain of the People card, the Action Marker
        card, and the Summary card and place them in front of you."

    Only one player a round can take it (DN 22).
    """
    sc = Scenario(4, seed=3, guilds=False)
    sc.act(WORKERS)
    p = sc.to_move
    sc.act(location("capitano"))
    assert all(sc.field(q, "new_captain")[(p - q) % 4] == 1 for q in range(4))
    assert location("capitano") not in sc.legal()
    sc.finish_round()
    assert sc.captain == p and sc.to_move == p and sc.round == 2
    assert sc.field(0, "new_captain").sum() == 0 and location("capitano") in sc.legal()


def test_send_out_workers():
    """Rulebook:

    "Take 50 Fiorini from the supply."
    """
    sc = Scenario(2, seed=1)
    p, supply_money = sc.to_move, sc.supply_money()
    sc.act(WORKERS)
    assert sc.money(p) == START_MONEY + WORKERS_MONEY and sc.supply_money() == supply_money - WORKERS_MONEY


def test_go_to_market():
    """Rulebook:

    "You may choose only one of the following:"
    "Sell 1 Resource from your hand to the supply for 100 Fiorini."
    "Buy 1 Resource from the supply for 100 Fiorini."
    "Exchange 2 Resources from your hand for 1 Resource from the supply."
    "During a round, you may go to the market as many times as you wish, as long as you have actions."

    The exchange names no restriction: any resource may be taken, one of those given included; the
    two are given one at a time (DN 14).
    """
    sc = Scenario(2, seed=1)
    p = sc.to_move
    q = 1 - p
    sc.act(market_sell(SPICE))
    assert sc.res(p)[SPICE] == 0 and sc.money(p) == START_MONEY + MARKET_PRICE and sc.to_move == q
    sc.act(WORKERS)
    sc.act(market_buy(GOLD))  # again, in the next action
    assert sc.res(p)[GOLD] == 2 and sc.money(p) == START_MONEY
    sc.act(WORKERS)
    sc.act(MARKET_EXCHANGE)
    assert sc.phase == EXCHANGE_GIVE_1
    sc.act(resource(MARBLE))
    assert sc.phase == EXCHANGE_GIVE_2
    sc.act(resource(GOLD))
    assert sc.phase == EXCHANGE_TAKE and resource(MARBLE) in sc.legal() and resource(GOLD) in sc.legal()
    sc.act(resource(MARBLE))
    assert sc.res(p) == [1, 1, 1, 1, 1, 0] and sc.to_move == q
    sc.set_money(q, MARKET_PRICE - 1)
    sc.set_res(q, {"wood": 1})
    sc.turn(q)
    legal = sc.legal()
    assert not any(market_buy(r) in legal for r in range(6)) and MARKET_EXCHANGE not in legal
    assert market_sell(WOOD) in legal and market_sell(FABRIC) not in legal


def test_search_for_inspiration():
    """Rulebook:

    "Draw 1 Florenza card from the current deck."
    "Important: You may not choose this action if there are no cards left in the deck!"

    The current deck is the round's draw deck (DN 31).
    """
    sc = Scenario(3, seed=2)
    p = sc.to_move
    top = sc.deck()[0]
    hand = Counter(sc.hand(p))
    sc.act(INSPIRATION)
    assert Counter(sc.hand(p)) == hand + Counter({top: 1})
    sc.set_deck([])
    sc.turn(sc.to_move)
    assert INSPIRATION not in sc.legal() and sc.field(0, "deck_size")[0] == 0

