"""Rulebook scenario tests for Florenza: The Card Game (batched engine), part 2: the end of the
round (monuments, artists, keeping a card, income, the Captain's choice, the election, the
reset, round 5), finite supplies, the guilds, final scoring and the artwork tie-break -- and
the two meta-tests over both parts.

Every test quotes, in its docstring, the exact rulebook sentence(s) it checks
(``shared/rules/florenza_card_game.txt``; curly quotes, dashes and line breaks are normalised).
``test_quotes_are_rulebook_sentences`` holds this module's quotes to the rulebook and
``test_every_rule_sentence_is_covered`` checks that every sentence of the rules is quoted by a
test of this module or of ``test_florenza_cards_rules_actions.py``, or is listed, with the
reason, among the sentences that state no engine behaviour.

Positions come from ``tests/florenza_cards_scenarios.py`` (conserving edits of a fresh game,
then real actions by their SPEC ids). Final scores are reached by playing out round 5: every
remaining action searches for inspiration (a card in hand scores nothing), then the income and
the election happen. Expected values are the rulebook's literals (the constants below) or the
component data -- never the engine's own helpers. Readings follow ``DESIGN_NOTES.md`` ("DN n").
"""

from __future__ import annotations

import inspect
import re
import sys
from collections import Counter

import numpy as np
import pytest
import test_florenza_cards_rules_actions as part_one
from florenza_cards_scenarios import (
    ACTION,
    AK,
    ARCHITECT,
    ART_IDS,
    ARTIST,
    CAPTAIN_CHOICE,
    CARD,
    CARD_IDS,
    CARDS,
    COPY_VALUE,
    DISCARDED,
    DONE,
    EXCHANGE_TAKE,
    FABRIC,
    GAME_OVER,
    GOLD,
    INSPIRATION,
    KEEP,
    LOC_IDS,
    MARBLE,
    MARKET_EXCHANGE,
    MERCHANT_CHOICE,
    METAL,
    MON_IDS,
    MONUMENT,
    NA,
    PAINTER,
    RESERVED,
    RULEBOOK,
    SCULPTOR,
    SPICE,
    WOOD,
    WORKERS,
    K,
    M,
    Scenario,
    complete,
    copies,
    copy_of,
    cost,
    hire_table,
    keep,
    location,
    market_buy,
    market_sell,
    play,
    resource,
)
from rulebook_quotes import meta_tests, needs, normalise, unquoted_sentences

# ---------------------------------------------------------------------------
# Rulebook literals
# ---------------------------------------------------------------------------

START_MONEY = 300
BASE_INCOME = {"marble": 1, "wood": 1, "money": 200}  # Step b
KEPT_MONUMENTS = 2
SET_BONUS = 5
MAJORITY = [4, 2, 1]  # "4 points if you have the most ..., 2 ... second most, or 1 ... third most"
CAPTAIN_POINT = 1
GUILD_BONUS = {"artemaggiore": 3, "padrone": 3, "protettore": 3, "mastroartista": 5, "signoredelorione": 2}
DISCOUNT = 50  # Bottega d'Arte, Edificatore
WORKERS_MONEY, MARKET_PRICE, LOCATION_SALE, ANONYMOUS_COST = 50, 100, 200, 50  # Send Out Workers, market, sale


def finish(sc: Scenario, choice: int = MARBLE, merchant: int = SPICE) -> None:
    """Play out the round from the position set: every action searches for inspiration, the
    Captain's choice is ``choice``, the Arte dei Mercatanti takes ``merchant``."""
    for _ in range(100):
        if sc.s.terminated[0]:
            return
        if sc.phase == ACTION:
            sc.act(INSPIRATION)
        elif sc.phase == CAPTAIN_CHOICE:
            sc.act(resource(choice))
        elif sc.phase == MERCHANT_CHOICE:
            sc.act(resource(merchant))
        else:
            sc.auto()
    raise AssertionError("the game did not end")


def scores(sc: Scenario) -> list[int]:
    assert sc.s.terminated[0] and sc.phase == GAME_OVER
    return sc.s.scores[0].tolist()


def to_keep(sc: Scenario) -> tuple[list[list[int]], list[int]]:
    """Plain decisions up to the first KEEP decision; returns each seat's resources and money then."""
    sc.run_until(lambda: sc.phase == KEEP)
    return [sc.res(p) for p in range(sc.P)], [sc.money(p) for p in range(sc.P)]


def gained(sc: Scenario, before: list[list[int]]) -> list[list[int]]:
    """Each seat's resources now less ``before``."""
    return [[a - b for a, b in zip(sc.res(p), before[p])] for p in range(sc.P)]


# ---------------------------------------------------------------------------
# Rulebook text: quotes and coverage
# ---------------------------------------------------------------------------

# Lines that are headings in mixed case (the capitals-only headings are in HEADINGS).
HEADING_LINES = {"Hiring Artists", "The Actions"}
# Section and figure headings: not sentences.
HEADINGS = {
    "GAME OVERVIEW:", "SET UP:", "PLAYING THE GAME", "PHASE 1: DRAW ARTISTS AND MONUMENTS",
    "PHASE 2: DRAW FLORENZA CARDS", "PHASE 3: TAKE ACTIONS", "EXAMPLE", "PHASE 4: END OF THE ROUND",
    "WINNING THE GAME", "SCORING PRESTIGE POINTS", "RESOURCE LIMITS:", "LEGEND OF SYMBOLS", "GUILD CARDS",
    "(ARTE CARDS)", "INCOME CARDS", "RESIDENCES", "WORKSHOPS", "STRATEGY HINTS",
}  # fmt: skip

# Sentences of the rules that state no behaviour of the engine, with the reason. Every other
# sentence must be quoted by a test.
NOT_ENGINE_BEHAVIOUR = {
    "In Florenza: The Card Game, the players are the heads of the most powerful families in Florence during the "
    "Renaissance period.": "flavour",
    "They will try to hire the best artists to create the monuments of the city.": "flavour",
    "Meanwhile, they can build buildings or join guilds to enhance their families' power, or to gain more "
    "resources and money.": "summary of the rules",
    "In order to complete these projects, they must collect the right combinations of resources.":
        "summary of the rules",
    "Note: All the text and names on the cards are written in Renaissance Italian, and are only intended to be "
    "decorative.": "card text is decorative",
    "All of the characters in the game represent real people who were central fi gures in the Italian "
    "Renaissance.": "flavour",
    "220 STANDARD-SIZED CARDS, INCLUDING: GAME COMPONENTS:":
        "total of the physical standard-sized cards (player aids included); each kind is counted in test_components",
    "110 SMALL CARDS, INCLUDING:": "total of the physical small cards; each kind is counted in test_components",
    "1 ACTION": "physical aid (the Action Marker is the observation's action slot, tested in the Medici example)",
    "MARKER CARD": "physical aid (see '1 ACTION')",
    "4 FAMILY CARDS": "player aids (the family's income is tested as base income)",
    "2 SUMMARY": "player aids",
    "CARDS": "fragment of '2 SUMMARY CARDS' (player aids)",
    "SCULPTORS IN GREEN": "card colour (the artist types are tested)",
    "ARCHITECTS IN RED": "card colour (the artist types are tested)",
    "PAINTERS IN BLUE": "card colour (the artist types are tested)",
    "1 Family card (the back of your card shows a summary of your income each round)":
        "player aid (the income it summarises is tested)",
    "Place the cards as shown in the illustration.": "table layout",
    "This phase is the heart of Florenza: the Card Game.": "flavour",
    "Guilds are an important part of the strategy in the game, because they can change your objectives.":
        "strategy advice",
    "Players may fi nd them easier to understand and manage once they have learned the game dynamics.":
        "advice (the option it motivates, guilds=False, is tested)",
    "RESOURCE: MARBLE": "symbol legend", "RESOURCE: METAL": "symbol legend", "RESOURCE: GOLD": "symbol legend",
    "RESOURCE: WOOD": "symbol legend", "RESOURCE: FABRIC": "symbol legend", "RESOURCE: SPICE": "symbol legend",
    "CAPTAIN OF THE PEOPLE": "symbol legend", "PRESTIGE POINT": "symbol legend",
    "At fi rst glance, it appears that cards that allow you to take extra actions (the Residences and Preachers) "
    "are necessary to win the game, or that they are too cheap.": "strategy hint",
    "But, our many playtests have shown that even though this is a common impression it is not correct.":
        "strategy hint",
    "These cards are important - just like every card in the game - but they do not guarantee victory!":
        "strategy hint",
    "There are many ways to win the game - different strategies and tactics - and you must continually make "
    "crucial choices.": "strategy hint",
    'There is no single, certain winning strategy, and there is not enough "luck of the draw" to ensure victory.':
        "strategy hint",
    "You must be clever and manage the cards in your hand if you are going to fi nd the route to victory!":
        "strategy hint",
}  # fmt: skip

ITEM = re.compile(r"^\s*([•►■]\s|(\d|[a-hA-H])\.\s|Step [a-d]:|Round \d:)")  # a list item starts a unit
FIGURE_LETTERS = re.compile(r"^(FI|G|U|R|E|ES|O|C|A|D|EC|K|S|IN|I|E \d|\d)$")  # vertical figure titles


def rule_sentences() -> list[str]:
    """The sentences of the rules, from the overview to the strategy hints (the credits after
    them are left out). The component list is taken block by block (its lines are a picture's
    labels); elsewhere a line without a trailing space ends a unit (the text extraction keeps
    the space where a sentence wraps), a list item or a change between capitals-only labels and
    text starts one, and units are split into sentences. Headings and the letters of vertical
    figure titles are dropped."""
    text = RULEBOOK.read_text(encoding="utf-8")
    body = text[text.index("GAME OVERVIEW:") : text.index("Placentia Games would like")]
    start, end = body.index("220 STANDARD-SIZED"), body.index("SET UP:")
    sentences = [normalise(block) for block in re.split(r"\n\s*\n", body[start:end]) if normalise(block)]
    units, unit = [], []
    for raw in (body[:start] + body[end:]).splitlines():
        line = raw.strip()
        if not line or FIGURE_LETTERS.match(line) or line in HEADING_LINES:
            continue
        capitals = not re.search(r"[a-z]", line)
        if unit and (ITEM.match(raw) or capitals != (not re.search(r"[a-z]", unit[-1]))):
            units.append(unit)
            unit = []
        unit.append(line)
        if raw == raw.rstrip():
            units.append(unit)
            unit = []
    units.append(unit)
    for lines in units:
        flat = re.sub(r"^([■►]\s*|(\d|[a-hA-H])\.\s+)", "", normalise("\n".join(lines)))
        sentences += [part for part in re.split(r"(?<=[.!?])\s+(?=[A-Z\"(])|(?<=[.!?]\))\s+", flat) if part]
    return [s for s in sentences if s not in HEADINGS]


test_quotes_are_rulebook_sentences, _ = meta_tests(__name__, RULEBOOK, rule_sentences, NOT_ENGINE_BEHAVIOUR)


@needs(RULEBOOK)
def test_every_rule_sentence_is_covered():
    """Every rule sentence is quoted by a test of either part (or is listed as stating no engine behaviour)."""
    sentences = rule_sentences()
    uncovered = set(unquoted_sentences(sentences, part_one, NOT_ENGINE_BEHAVIOUR)) & set(
        unquoted_sentences(sentences, sys.modules[__name__], NOT_ENGINE_BEHAVIOUR)
    )
    assert not uncovered, "rule sentences without a test:\n" + "\n".join(s for s in sentences if s in uncovered)
    assert not set(NOT_ENGINE_BEHAVIOUR) - set(sentences), "exemptions that are no rule sentence"


@needs(RULEBOOK)
def test_rule_sentence_helpers_find_the_rules():
    """Sanity check of the coverage test's sentence splitter (no rulebook quote)."""
    sentences = rule_sentences()
    assert "Take 50 Fiorini from the supply." in sentences
    assert "27 MONUMENT CARDS" in sentences and "4 players 10 Artists" in sentences
    assert "Step c: Elect the Captain of the People" in sentences
    assert "The order of play is ►Medici, ►Pazzi, ►Pitti, then ►Strozzi." in sentences
    assert "Predicatore" in sentences and "Reset Location Cards" in sentences  # list items, markers dropped
    assert "THREE OF THEM HAVE A VALUE OF 2, ONE HAS A VALUE OF 3." in sentences  # a caption over blank lines
    assert not set(sentences) & HEADINGS and not any(re.fullmatch(r"FI|[A-Z]", s) for s in sentences)
    assert len(sentences) > 300
    assert all(inspect.getdoc(fn) for name, fn in inspect.getmembers(part_one, inspect.isfunction)
               if name.startswith("test_"))  # fmt: skip


# ---------------------------------------------------------------------------
# Phase 4: the end of the round
# ---------------------------------------------------------------------------


def test_end_of_round_steps_in_order():
    """Rulebook:

    "You must now follow these steps, in order:"
    "Discard Cards" "Collect Income" "Elect the Captain of the People" "Reset Location Cards"
    "Step a: Discard unused cards (you can skip this step in Round 5)" "Step b: Collect Income"
    "Step c: Elect the Captain of the People" "Step d: Reset Location Cards"
    "Important: You must always follow the steps of this phase in order!"
    "The extra Resources are always chosen by the Captain before a new Captain is elected."

    Keeping a card is decided player by player in turn order from the Captain (DN 19); the
    Captain of the round that ends chooses the extra resource (DN 17), even when another player
    took the New Captain card.
    """
    P = 3
    sc = Scenario(P, seed=5, guilds=False)
    c = sc.captain
    sc.act(location("picconiere"), WORKERS, location("capitano"))  # the third player takes the card
    _, money = to_keep(sc)
    # step a: the row kept its two, the table is empty, and the keeping goes round from the Captain
    assert len(sc.row()) == KEPT_MONUMENTS and sc.table() == []
    keepers = []
    while sc.phase == KEEP:
        keepers.append(sc.to_move)
        assert [sc.money(p) for p in range(P)] == money  # no income yet
        sc.act(keep(min(sc.hand(sc.to_move))))
    assert keepers == [(c + j) % P for j in range(P)]
    # step b: the (old) Captain's choice comes first (DN 16), then the incomes, before the election
    assert sc.phase == CAPTAIN_CHOICE and sc.to_move == c and sc.captain == c
    assert [sc.money(p) for p in range(P)] == money
    assert sc.field(0, "locations_up")[LOC_IDS.index("picconiere")] == 1  # step d not yet
    sc.act(resource(GOLD))
    # step c, step d, then the next round
    assert [sc.money(p) for p in range(P)] == [m + BASE_INCOME["money"] for m in money]
    assert sc.captain == (c + 2) % P and sc.round == 2
    assert sc.field(0, "locations_up")[LOC_IDS.index("picconiere")] == 2


def test_end_of_round_keeps_the_two_leftmost_monuments():
    """Rulebook:

    "Discard the Monument cards left in the middle of the table except for the 2 at the left end of
        the row (the highest values)."
    "If cards have the same value, place them in the order drawn."
    "Randomly draw 7 Monument cards and place them in a row in order of value, with the highest value
        on the left and the lowest on the right."
    "Next, turn over 5 Monument cards and place them on the table in order of value (highest to the
        left - if tied, place in the order drawn), adding them to any remaining from the previous
        round (see Phase 4)."
    "These cards are removed from the game."

    A kept monument was drawn earlier, so it stays left of a new one of equal value (DN 5, 6);
    reserved monuments are not in the row.
    """
    sc = Scenario(3, seed=2, guilds=False)
    row1 = ["duomo_cupola", "duomo_cappella", "duomo_altare", "duomo_pulpito", "ospedale_chiostro",
            "sanlorenzo_navata", "uffizzi_interni"]  # fmt: skip
    sc.set_row(row1, positions=[3, 2, 5, 0, 6, 1, 4])
    sc.reserve_for(0, "banco_atrio")  # drawn as the eighth monument, then reserved
    assert [MONUMENT[m]["prestige"] for m in row1[:3]] == [19, 14, 12]
    sc.refresh()
    sc.finish_round()
    kept = {"duomo_cupola", "duomo_cappella"}
    assert sc.row() & set(row1) == kept and len(sc.row()) == KEPT_MONUMENTS + 5
    assert all(sc.mon_state(m)[0] == DISCARDED for m in row1 if m not in kept)
    assert sc.mon_state("banco_atrio") == (RESERVED, 0)
    # round 2: three 14s in the row -- the kept one was drawn first
    row2 = ["duomo_cupola", "duomo_cappella", "duomo_navata", "duomo_abside", "palazzodellasignoria_salone",
            "santacroce_cappella", "battistero_portali"]  # fmt: skip
    first_new = int(sc.s.mon_drawn[0]) - 5  # this round's five
    sc.set_row(row2, positions=[3, 2, *range(first_new, first_new + 5)])
    assert [MONUMENT[m]["prestige"] for m in row2[1:4]] == [14, 14, 14]
    sc.refresh()
    sc.finish_round()
    assert sc.row() & set(row2) == kept
    assert all(sc.mon_state(m)[0] == DISCARDED for m in row2 if m not in kept)


def test_two_or_fewer_monuments_stay():
    """Rulebook:

    "If there are only 2 or fewer cards left, they remain where they are."
    """
    sc = Scenario(2, seed=3, guilds=False)
    sc.set_row(["ospedale_chiostro", "uffizzi_interni"])
    sc.refresh()
    sc.finish_round()
    assert {"ospedale_chiostro", "uffizzi_interni"} <= sc.row() and len(sc.row()) == 2 + 5


def test_artists_left_on_the_table_leave_the_game():
    """Rulebook:

    "Discard all Artist cards left in the middle of the table."
    "These cards are removed from the game."
    "These Artists will be available for use until the end of the round, when they will be discarded
        and replaced for the next round."
    """
    sc = Scenario(3, seed=4, guilds=False)
    p = sc.to_move
    table = sc.table()
    reserved = table[0]
    sc.reserve_artist_for(p, reserved)
    sc.refresh()
    sc.finish_round()
    assert all(sc.s.art_state[0, c] == DISCARDED for c in table[1:])
    assert sc.s.art_state[0, reserved] == RESERVED
    for _ in range(3):
        sc.finish_round()
        assert all(sc.s.art_state[0, c] == DISCARDED for c in table[1:])  # never back


def test_every_player_keeps_one_florenza_card():
    """Rulebook:

    "Choose 1 Florenza card from your hand to keep for the next round."
    "Discard the rest of your Florenza cards into the discard pile."
    """
    sc = Scenario(3, seed=6, guilds=False)
    to_keep(sc)
    p = sc.to_move
    hand = Counter(sc.hand(p))
    assert sc.legal() == {keep(c) for c in hand}
    kept = max(hand)
    own = sc.field(p, "own_discards").copy()
    sc.act(keep(kept))
    assert sc.hand(p) == {kept: 1}
    discarded = hand - Counter({kept: 1})
    new_own = sc.field(p, "own_discards") - own
    assert {CARDS[k]["id"]: int(n) for k, n in enumerate(new_own) if n} == dict(discarded)
    # a player with an empty hand has nothing to keep: no decision
    q = sc.to_move
    sc.clear_hand((q + 1) % 3)
    sc.refresh()
    sc.act(keep(min(sc.hand(q))))
    assert sc.phase != KEEP or sc.to_move != (q + 1) % 3


def test_base_income_and_the_captains_resource():
    """Rulebook:

    "Each player receives a base income from his Family card:" "1 Marble Resource" "1 Wood Resource"
    "200 Fiorini"
    "1 Resource, chosen by the Captain (it could be another Marble or Wood) - all players receive the
        same Resource."
    """
    P = 4
    sc = Scenario(P, seed=7, guilds=False)
    res, money = to_keep(sc)
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)
    assert sc.legal() == {resource(r) for r in range(6)}
    sc.act(resource(MARBLE))
    assert [sc.money(p) for p in range(P)] == [m + BASE_INCOME["money"] for m in money]
    assert gained(sc, res) == [[2, 1, 0, 0, 0, 0]] * P


def test_workshop_and_residence_income():
    """Rulebook:

    "Remember: You may receive additional income from Workshop and Residence cards you have completed
        (see page 16)!"
    "If the card gives you income (from a yellow Workshop or purple Residence), you receive it at the
        end of each round."
    "In addition to the extra action and Florenza card, the Casamento and Palagio also give additional
        Fiorini, as shown on the card."
    "All Workshops grant additional income, in Resources and/or Fiorini during the income step of Phase
        4, as shown on the card."
    """
    sc = Scenario(3, seed=8, round=3, guilds=False)
    for c in ("miniera", "lanaiuolo", "palagio", "casamento"):
        sc.put_in_play(0, c)
    assert "income" not in CARD["casa"] and CARD["palagio"]["income"] == {"money": 100}
    sc.refresh()
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)  # no income paid yet (DN 16)
    money, res = [sc.money(p) for p in range(3)], [sc.res(p) for p in range(3)]
    sc.act(resource(SPICE))
    extra = sum(CARD[c]["income"].get("money", 0) for c in ("miniera", "lanaiuolo", "palagio", "casamento"))
    assert extra == 50 + 100 + 50
    base = BASE_INCOME["money"]
    assert [sc.money(p) for p in range(3)] == [money[0] + base + extra, money[1] + base, money[2] + base]
    gained = [a - b for a, b in zip(sc.res(0), res[0])]
    assert gained == [1, 1, 1, 0, 1, 1]  # the base marble and wood, Miniera's gold, Lanaiuolo's fabric, spice
    assert [a - b for a, b in zip(sc.res(1), res[1])] == [1, 1, 0, 0, 0, 1]


def test_the_captain_chooses_only_a_resource_there_is_enough_of():
    """Rulebook:

    "The Captain of the People cannot choose a Resource for the extra income unless there are enough
        in the supply to give 1 to every player."

    Judged before any income is paid, since the Captain's resource goes to every player first; with
    one choice left the engine plays it, with none there is no extra resource that round (DN 16).
    """
    P = 3
    sc = Scenario(P, seed=9, guilds=False)
    sink = (sc.captain + 1) % P
    sc.set_supply(GOLD, 2, sink)
    sc.refresh()
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)
    assert resource(GOLD) not in sc.legal() and resource(METAL) in sc.legal()
    # only wood left in quantity: no decision, everybody gets wood
    sc2 = Scenario(P, seed=9, guilds=False)
    sink = (sc2.captain + 1) % P
    for r in (MARBLE, GOLD, METAL, FABRIC, SPICE):
        sc2.set_supply(r, P - 1, sink)
    c = sc2.captain
    res, _ = to_keep(sc2)
    sc2.run_until(lambda: sc2.round == 2)
    got = gained(sc2, res)
    # the only choice, wood, for all; then the base marble for the first two in turn order
    assert [got[(c + j) % P] for j in range(P)] == [[1, 2, 0, 0, 0, 0]] * 2 + [[0, 2, 0, 0, 0, 0]]
    # nothing anyone could have for all: no extra resource
    sc3 = Scenario(P, seed=9, guilds=False)
    sink = (sc3.captain + 1) % P
    for r in range(6):
        sc3.set_supply(r, P - 1, sink)
    c = sc3.captain
    res, _ = to_keep(sc3)
    sc3.run_until(lambda: sc3.round == 2)
    got = gained(sc3, res)
    assert [got[(c + j) % P] for j in range(P)] == [[1, 1, 0, 0, 0, 0]] * 2 + [[0, 0, 0, 0, 0, 0]]


def test_the_new_captain_or_the_left_neighbour_is_elected():
    """Rulebook:

    "If no one took the New Captain card, the offi ce of Captain passes to the player to the left of
        the previous Captain."
    "IF THE NEW CAPTAIN CARD HAS NOT BEEN TAKEN FROM THE MIDDLE OF THE TABLE, YOU MAY TAKE IT AND PLACE
        IT IN FRONT OF YOU."

    The left neighbour is seat + 1 (DN 1); the Captain may take the New Captain card and stays
    Captain (DN 22).
    """
    sc = Scenario(4, seed=10, guilds=False)
    for r in range(2, 5):
        c = sc.captain
        sc.finish_round()
        assert sc.captain == (c + 1) % 4 and sc.round == r
    c = sc.captain
    sc.act(location("capitano"))
    sc.finish_round()
    assert sc.captain == c


def test_locations_and_anonymous_artists_are_turned_face_up_again():
    """Rulebook:

    "All cards that were fl ipped face down during the round, including any Anonymous Artists used, are
        fl ipped face up again."
    "(you can skip this step in Round 5)"
    """
    sc = Scenario(3, seed=2, round=4, guilds=False)
    p = sc.to_move
    sc.give(p, "ritratto")
    sc.set_table([])
    sc.turn(p)
    sc.act(play("ritratto"))  # the anonymous painter is the only choice: hired at once
    sc.act(location("fabbro"), location("erbolaio"))
    assert sc.field(0, "anonymous_up")[PAINTER] == 0
    assert sc.field(0, "locations_up")[[LOC_IDS.index("fabbro"), LOC_IDS.index("erbolaio")]].tolist() == [0, 0]
    sc.finish_round()
    assert sc.field(0, "anonymous_up").tolist() == [1, 1, 1]
    assert sc.field(0, "locations_up")[[LOC_IDS.index("fabbro"), LOC_IDS.index("erbolaio")]].tolist() == [1, 1]
    # round 5: no reset before the game ends
    sc.act(location("fabbro"))
    finish(sc)
    assert sc.field(0, "locations_up")[LOC_IDS.index("fabbro")] == 0


def test_round_five_ends_with_income_and_the_election_only():
    """Rulebook:

    "After the End of the Round Phase is complete (you only need to complete Step b: Collect Income
        and Step c: Elect the Captain of the People)."
    "Step a: Discard unused cards (you can skip this step in Round 5)"
    "The game ends at the end of the fi fth round."
    "Once the game is over, it’s time to add up your score!"

    Round 5 pays the whole income and elects a Captain before scoring (DN 18).
    """
    P = 3
    sc = Scenario(P, seed=3, round=5, guilds=False)
    last = sc.last_action(1)
    row, table = sc.row(), sc.table()
    money = [sc.money(p) for p in range(P)]
    assert sc.s.scores[0].tolist() == [0, 0, 0]  # no score during play (DN 32)
    sc.act(INSPIRATION)
    hands = [sum(sc.hand(p).values()) for p in range(P)]
    assert sc.phase == CAPTAIN_CHOICE and sc.to_move == (last + 1) % P
    sc.act(resource(METAL))
    assert sc.s.terminated[0] and sc.captain == (last + 2) % P
    assert sc.row() == row and sc.table() == table  # nothing discarded
    assert [sum(sc.hand(p).values()) for p in range(P)] == hands  # nobody keeps or discards
    assert [sc.money(p) for p in range(P)] == [m + BASE_INCOME["money"] for m in money]


# ---------------------------------------------------------------------------
# Resource limits
# ---------------------------------------------------------------------------


def test_nobody_takes_from_an_empty_supply():
    """Rulebook:

    "During the game, it is possible (but unlikely) that the supply will run out of a type of Resource
        or Fiorini."
    "If that happens, you must follow these rules:"
    "If there are no more cards of a type left in the supply, no one can take any (those incomes are
        lost)."

    An action that takes from the supply is legal only if the supply holds it (DN 15).
    """
    P = 3
    sc = Scenario(P, seed=1, guilds=False)
    p = sc.to_move
    sink = (p + 1) % P
    sc.set_supply(MARBLE, 0, sink)
    sc.set_supply(GOLD, 0, sink)
    sc.turn(p)
    legal = sc.legal()
    assert location("picconiere") not in legal and location("montepieta") not in legal
    assert market_buy(MARBLE) not in legal and market_buy(WOOD) in legal
    sc.act(MARKET_EXCHANGE, resource(WOOD), resource(SPICE))
    assert sc.phase == EXCHANGE_TAKE and resource(MARBLE) not in sc.legal() and resource(GOLD) not in sc.legal()
    sc.act(resource(WOOD))
    # income: no marble for anybody
    marble = [sc.res(q)[MARBLE] for q in range(P)]
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)
    assert [sc.res(q)[MARBLE] for q in range(P)] == marble and resource(MARBLE) not in sc.legal()


def test_short_income_goes_out_in_turn_order():
    """Rulebook:

    "If there are not enough cards to give everyone the cards they earn (i.e., income), they are
        distributed in turn order."
    "Remember: You may receive additional income from Workshop and Residence cards you have completed
        (see page 16)!"

    The cards a player earns are the whole income, Family card and Workshops together: player after
    player in turn order from the Captain, each receives all of theirs before the next (DN 16).
    """
    P = 3
    sc = Scenario(P, seed=4, round=3, guilds=False)
    c = sc.captain
    sink = (c + 2) % P
    sc.put_in_play(c, "setaiuolo")  # a fabric income
    sc.put_in_play((c + 1) % P, "lanaiuolo")  # a fabric income
    sc.set_supply(MARBLE, 2, sink)
    sc.set_supply(FABRIC, 1, sink)
    res, _ = to_keep(sc)
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)
    sc.act(resource(GOLD))
    got = gained(sc, res)
    assert [got[(c + j) % P][MARBLE] for j in range(P)] == [1, 1, 0]
    assert [got[(c + j) % P][FABRIC] for j in range(P)] == [1, 0, 0]
    # Fiorini, an amount, go out as far as the supply holds (DN 15): 200, 100, nothing
    sc = Scenario(P, seed=4, guilds=False)
    c = sc.captain
    to_keep(sc)
    sc.set_supply_money(BASE_INCOME["money"] + 100, sink=(c + 2) % P)
    money = [sc.money(q) for q in range(P)]
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)
    sc.act(resource(GOLD))
    assert [sc.money((c + j) % P) - money[(c + j) % P] for j in range(P)] == [BASE_INCOME["money"], 100, 0]


def test_short_income_a_players_whole_income_before_the_next():
    """Rulebook:

    "If there are not enough cards to give everyone the cards they earn (i.e., income), they are
        distributed in turn order."
    "Each player receives a base income from his Family card:" "1 Marble Resource"

    Issue 22's case: four players, three marble left, the Captain holds the Cava (1 marble). The
    Captain earns two marble and receives both, the next player one, the last two none -- not one
    marble each for the first three with the Captain's Cava marble lost (version 0's reading,
    which paid every base income before any Workshop's).
    """
    P = 4
    sc = Scenario(P, seed=4, round=3, guilds=False)
    c = sc.captain
    sc.put_in_play(c, "cava")
    to_keep(sc)
    sc.set_supply(MARBLE, 3, (c + 3) % P)
    sc.refresh()
    res = [sc.res(q) for q in range(P)]
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)
    assert resource(MARBLE) not in sc.legal()  # 3 marble cannot give 1 to every player
    sc.act(resource(GOLD))
    got = gained(sc, res)
    assert [got[(c + j) % P][MARBLE] for j in range(P)] == [2, 1, 0, 0]


def test_money_is_an_amount_change_is_always_made():
    """Rulebook:

    "If possible, all players must “make change” with their coins for other values, including
        exchanging cards with other players."

    Money is modelled as an amount, so change is always possible and only the supply's total
    counts (DN 15).
    """
    sc = Scenario(3, seed=2, guilds=False)
    p = sc.to_move
    for supply, workers, market, sale in ((LOCATION_SALE, True, True, True), (MARKET_PRICE, True, True, False),
                                          (WORKERS_MONEY, True, False, False)):  # fmt: skip
        sc.set_supply_money(supply, sink=(p + 1) % 3)
        sc.turn(p)
        legal = sc.legal()
        assert (WORKERS in legal, market_sell(MARBLE) in legal, location("scarpellino") in legal) == (
            workers, market, sale)  # fmt: skip
    sc.act(WORKERS)
    assert sc.supply_money() == 0 and WORKERS not in sc.legal()


def test_barter_needs_a_different_resource_in_the_supply():
    """Rulebook:

    "Baratto: Flip the card face down to exchange 1 Resource from your hand for a different Resource
        from the supply."
    "If there are no more cards of a type left in the supply, no one can take any (those incomes are
        lost)."
    """
    sc = Scenario(3, seed=3, guilds=False)
    p = sc.to_move
    sink = (p + 1) % 3
    sc.set_res(p, {"marble": 1})
    for r in range(6):
        sc.set_supply(r, 1 if r == MARBLE else 0, sink)
    sc.turn(p)
    assert location("baratto") not in sc.legal()  # only marble could come back: not a different one
    sc.set_supply(GOLD, 1, sink)
    sc.turn(p)
    sc.act(location("baratto"))  # give marble (the only choice), take gold (the only choice)
    assert sc.res(p) == [0, 0, 1, 0, 0, 0] and sc.to_move != p


# ---------------------------------------------------------------------------
# Guilds
# ---------------------------------------------------------------------------


def test_guild_names_and_effects():
    """Rulebook:

    "The effects of the Guild cards (orange) are described under “Guild Cards” on page 15."
    "ARTE DEI MERCATANTI MERCHANTS’ GUILD" "ARTE MAGGIORE" "CRAFTSMEN’S GUILD" "BOTTEGA D’ARTE"
    "ART COLLEGE" "EDIFICATORE" "MASTER BUILDER" "MASTRO ARTISTA PATRON OF THE ARTS" "PADRONE" "LANDLORD"
    "PROTETTORE PROTECTOR" "SIGNORE DE LO RIONE" "LORD OF THE DISTRICT"
    """
    effects = {c["name"]: c["guild_effect"] for c in CARDS if c["class"] == "guild"}
    assert effects == {
        "Arte dei Mercatanti": "extra_resource_income", "Arte Maggiore": "pp_per_workshop_3",
        "Bottega d'Arte": "artist_discount_50", "Edificatore": "monument_discount_50",
        "Mastro Artista": "pp_per_abc_set_5", "Padrone": "pp_per_residence_3",
        "Protettore": "pp_per_monument_3", "Signore de lo Rione": "set_bonus_plus_2",
    }  # fmt: skip


def test_merchants_guild_takes_a_resource_of_choice_at_income():
    """Rulebook:

    "During the Collect Income step of the End of the Round Phase, you receive 1 additional Resource
        of your choice from the supply."

    Part of the holder's own income: right after its Family card's and Workshops' income and before
    the next player's (DN 16); any resource the supply holds.
    """
    P = 3
    sc = Scenario(P, seed=5, round=3)
    sc.put_in_play(1, "artedeimercatanti")
    sink = 2
    sc.set_supply(GOLD, 0, sink)
    res, _ = to_keep(sc)
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)
    sc.act(resource(METAL))
    assert sc.phase == MERCHANT_CHOICE and sc.to_move == 1
    assert sc.legal() == {resource(r) for r in range(6) if r != GOLD}
    sc.act(resource(FABRIC))
    got = gained(sc, res)
    assert got[1][FABRIC] == 1 and got[0][FABRIC] == got[2][FABRIC] == 0
    assert sc.round == 4
    # round 5 pays it too (DN 18)
    sc = Scenario(P, seed=5, round=5)
    sc.put_in_play(1, "artedeimercatanti")
    sc.last_action(2)
    finish(sc, choice=METAL, merchant=FABRIC)
    assert sc.res(1)[FABRIC] == sc.res(0)[FABRIC] + 1
    # the holder's choice comes before the next player's income: the last spice goes to the holder,
    # and the Erbolaio of the player after it yields nothing
    sc = Scenario(P, seed=5, round=3)
    c = sc.captain
    sc.put_in_play(c, "artedeimercatanti")
    sc.put_in_play((c + 1) % P, "erbolaio")
    to_keep(sc)
    sc.set_supply(SPICE, 1, (c + 2) % P)
    sc.refresh()
    res = [sc.res(q) for q in range(P)]
    sc.run_until(lambda: sc.phase == CAPTAIN_CHOICE)
    sc.act(resource(METAL))
    assert sc.phase == MERCHANT_CHOICE and sc.to_move == c
    sc.act(resource(SPICE))
    got = gained(sc, res)
    assert [got[(c + j) % P][SPICE] for j in range(P)] == [1, 0, 0]


def test_art_college_discount_on_every_artist():
    """Rulebook:

    "You receive a discount of 50 Fiorini when you hire any kind of Artist, including Anonymous Artists."

    Never below 0 (DN 9).
    """
    sc = Scenario(3, seed=6, round=3)
    p = sc.to_move
    sc.put_in_play(p, "bottegadarte")
    sc.give(p, "ritratto", "affresco")
    sc.set_res(p, [1, 1, 1, 1, 2, 3])
    sc.set_table([copy_of("perugino_painter", 2), copy_of("lippi_painter", 3)])
    sc.turn(p)
    sc.act(play("ritratto"), hire_table("perugino_painter"))
    assert sc.money(p) == START_MONEY - (ARTIST["perugino_painter"]["cost"] - DISCOUNT)
    sc.set_money(p, cost(CARD["affresco"])[1])  # exactly the card's Fiorini: the anonymous painter is free
    sc.turn(p)
    assert play("affresco") in sc.legal()
    sc.act(play("affresco"))  # the free anonymous painter is the only artist it can pay: hired at once
    assert sc.money(p) == 0 and "affresco" in sc.in_play(p) and sc.field(p, "anonymous_up")[PAINTER] == 0


def test_master_builder_discount_on_monuments():
    """Rulebook:

    "You receive a discount of 50 Fiorini when you pay to complete any Monument."
    """
    sc = Scenario(3, seed=6, round=3)
    p = sc.to_move
    sc.put_in_play(p, "edificatore")
    sc.set_row(["duomo_pulpito", "ospedale_chiostro"])
    sc.set_table([copy_of("giambologna_sculptor", 2), copy_of("mochi_sculptor", 1)])
    sc.set_res(p, [6, 1, 1, 1, 1, 1])
    pay = cost(MONUMENT["duomo_pulpito"])[1] - DISCOUNT + ANONYMOUS_COST  # the monument and the cheapest artist
    sc.set_money(p, pay - 1)
    sc.turn(p)
    assert complete("duomo_pulpito") not in sc.legal()
    sc.set_money(p, pay)
    sc.turn(p)
    sc.act(complete("duomo_pulpito"))  # then the anonymous sculptor, the only one left to pay: at once
    assert sc.money(p) == 0 and sc.mon_state("duomo_pulpito") == (DONE, p)


def guild_position(guild: str, with_guild: bool) -> list[int]:
    """Final scores of a 4-player game (the Mastro Artista is a "4" card) where seat 0 holds the
    cards that ``guild`` counts (and the guild itself when ``with_guild``)."""
    sc = Scenario(4, seed=12, round=5)
    if guild == "artemaggiore":
        sc.put_in_play(0, "lanaiuolo")
        sc.put_in_play(0, "cambiavalute")
    elif guild == "padrone":
        sc.put_in_play(0, "casa")
        sc.put_in_play(0, "casamento")
    elif guild == "protettore":
        sc.complete_for(0, "duomo_pulpito", 2)
        sc.complete_for(0, "uffizzi_interni", 0)
    elif guild == "mastroartista":  # architect, painter, painter, sculptor: one complete set
        sc.put_in_play(0, "ritratto", 2, PAINTER)
        sc.put_in_play(0, "affresco", 3, PAINTER)
        sc.complete_for(0, "duomo_pulpito", 2, SCULPTOR)
        sc.complete_for(0, "pontevecchio_struttura", 0, ARCHITECT)
    elif guild == "signoredelorione":  # two complete district sets
        for c, v in (("ritratto", 2), ("affresco", 3), ("sagrato", 1), ("pulpito", 2)):
            sc.put_in_play(0, c, v)
        sc.put_in_play(0, "lastricato")
        sc.put_in_play(0, "pozzo")
    if with_guild:
        sc.put_in_play(0, guild)
    sc.last_action(2)
    finish(sc)
    return scores(sc)


@pytest.mark.parametrize("guild, units", [
    ("artemaggiore", 2), ("padrone", 2), ("protettore", 2), ("mastroartista", 1), ("signoredelorione", 2),
])  # fmt: skip
def test_scoring_guilds(guild, units):
    """Rulebook:

    "For each Guild card you played: You score points as described under “Guild Cards” on page 16."
    "At the end of the game, you receive 3 Prestige Points for each Workshop (yellow) card you have completed."
    "At the end of the game, you receive 3 Prestige Points for each Residence (purple) card you have completed."
    "At the end of the game, you receive 3 Prestige Points for each Monument you completed."
    "At the end of the game, you receive 5 Prestige Points for each complete set of Architect, Painter,
        and Sculptor you have hired."
    "At the end of the game, you score 2 Prestige Points for each complete set of Family Palace
        (green), District Church (blue), and District Building (grey) you have completed."

    The same game with and without the guild: the difference is the guild's points.
    """
    with_guild, without = guild_position(guild, True), guild_position(guild, False)
    assert with_guild[0] - without[0] == GUILD_BONUS[guild] * units
    assert with_guild[1:] == without[1:]


def test_patron_of_the_arts_sets_are_artist_cards_not_anonymous_artists():
    """Rulebook:

    "At the end of the game, you receive 5 Prestige Points for each complete set of Architect, Painter,
        and Sculptor you have hired."
    "After you hire an Anomymous Artist, turn the card face down (it will be turned face up again at
        the end of the round)."
    "You may choose to hire an Anonymous Artist, if that Artist card is still face up (i.e., no one has
        hired that artist yet this round)."

    An anonymous artist goes back face down to the middle and never lies in front of the player, so it
    makes no set (DN 24): a painter and a sculptor card plus the anonymous architect are worth nothing
    to the Mastro Artista; the same hands with an architect card are worth one set.
    """
    gains = []
    for architect in (None, "romano_architect"):
        results = []
        for with_guild in (True, False):
            sc = Scenario(4, seed=13, round=5)
            sc.put_in_play(0, "ritratto", 2, PAINTER)
            sc.complete_for(0, "duomo_pulpito", 2, SCULPTOR)
            if with_guild:
                sc.put_in_play(0, "mastroartista")
            sc.give(0, "sagrato")  # 1 marble, 100; an architect
            sc.set_table([] if architect is None else [copy_of(architect, 2)])
            sc.last_action(0)
            if architect is None:
                sc.act(play("sagrato"))  # the anonymous architect is the only choice: hired at once
            else:
                sc.act(play("sagrato"), hire_table(architect))
            assert "sagrato" in sc.in_play(0)
            assert sc.field(0, "anonymous_up")[ARCHITECT] == (0 if architect is None else 1)
            finish(sc)
            results.append(scores(sc)[0])
        gains.append(results[0] - results[1])
    assert gains == [0, GUILD_BONUS["mastroartista"]]


def test_without_guilds():
    """Rulebook:

    "For this reason, the game designer recommends that you remove them from the deck for your fi rst game."
    "Starting from your second game, you should be able to use them without any problem."

    ``guilds=False`` takes every Guild card out of the decks; nothing else changes.
    """
    guilds = {c["id"] for c in CARDS if c["class"] == "guild"}
    for P in (2, 3, 4):
        with_guilds, without = Scenario(P, seed=1), Scenario(P, seed=1, guilds=False)
        assert with_guilds.game.num_actions == without.game.num_actions
        assert with_guilds.game.obs_size == without.game.obs_size
        waiting = without.field(0, "waiting_decks").tolist()
        assert waiting == [sum(copies(c["id"], P, d, guilds=False) for c in CARDS) for d in ("II", "III")]
        assert sum(copies(g, P) for g in guilds) > 0
    sc = Scenario(4, seed=1, guilds=False)
    seen = set(sc.deck()) | {c for p in range(4) for c in sc.hand(p)}
    for _ in range(3):
        sc.finish_round()
        seen |= set(sc.deck()) | {c for p in range(4) for c in sc.hand(p)} | set(sc.discards())
    assert not seen & guilds and sc.round == 4


# ---------------------------------------------------------------------------
# Final scoring
# ---------------------------------------------------------------------------


def test_scoring_cards_monuments_artists_and_sets():
    """Rulebook:

    "You earn Prestige Points for the following:"
    "For each Monument, District Building, Family Palace, and District Church you have completed: You
        score the points shown on the card."
    "For each Artist you hired to complete projects: You score the points shown on the card."
    "For each complete set of 1 Family Palace (green), 1 District Church (blue), and 1 District Building
        (grey) you have completed: You score 5 bonus points."
    "If the card awards you Prestige Points, they are scored at the end of the game (see “Winning the Game”)."
    "The player with the most Prestige Points is the winner!"

    Everybody holds the same Fiorini and Resources (all share 4 + 4); seat 1 ends as Captain.
    """
    sc = Scenario(3, seed=1, round=5)
    sc.complete_for(0, "duomo_pulpito", 3)
    sc.put_in_play(0, "lastricato")
    sc.put_in_play(0, "convento")
    sc.put_in_play(0, "ritratto", 2)
    sc.put_in_play(0, "sagrato", 1)
    sc.put_in_play(1, "casa")  # no points
    sc.last_action(2)
    assert sc.s.scores[0].tolist() == [0, 0, 0]  # scored at the end of the game
    finish(sc)
    printed = (MONUMENT["duomo_pulpito"]["prestige"] + CARD["lastricato"]["prestige"] + CARD["convento"]["prestige"]
               + CARD["ritratto"]["prestige"] + CARD["sagrato"]["prestige"])  # fmt: skip
    assert printed == 9 + 2 + 5 + 2 + 3
    artists = 3 + 2 + 1
    majorities = MAJORITY[0] + MAJORITY[0]
    assert scores(sc) == [printed + artists + SET_BONUS + majorities, majorities + CAPTAIN_POINT, majorities]
    assert sc.s.final_rank[0].tolist() == [1, 2, 3] and sc.s.rewards[0].tolist() == [1.0, -0.5, -0.5]


@pytest.mark.parametrize("P, money, resources, expected", [
    # three players: money 1000/500/500, resources 3/5/4 (+ the same income each)
    (3, [1000, 500, 500], [3, 5, 4], [4 + 1, 2 + 4, 2 + 2]),
    # four players: two tie for the most Fiorini, the next is third; resources all equal
    (4, [1000, 1000, 500, 100], [6, 6, 6, 6], [4 + 4, 4 + 4, 1 + 4, 0 + 4]),
    (2, [500, 300], [6, 6], [4 + 4, 2 + 4]),
])  # fmt: skip
def test_scoring_majorities_of_resources_and_fiorini(P, money, resources, expected):
    """Rulebook:

    "For Resources in your hand: You score 4 points if you have the most Resource cards, 2 points if
        you have the second most, or 1 point if you have the third most (even if there are less than 4
        players)."
    "For Fiorini in your hand: You score 4 points if you have the most coins, 2 points if you have the
        second most, or 1 point if you have the third most (even if there are less than 4 players)."
    "If there is a tie, all tied players earn the full points."

    A player's place is 1 + the players with more: two tied first, the next is third (DN 23).
    Resources count cards of every kind; Fiorini their value.
    """
    sc = Scenario(P, seed=2, round=5, guilds=False)
    for p in range(P):
        sc.set_money(p, money[p])
        n = resources[p]
        sc.set_res(p, [n // 6 + (1 if r < n % 6 else 0) for r in range(6)])
    last = sc.last_action(P - 1)
    finish(sc)
    captain = (last + 2) % P
    assert scores(sc) == [e + (CAPTAIN_POINT if p == captain else 0) for p, e in enumerate(expected)]


def test_scoring_the_captain_of_the_people():
    """Rulebook:

    "For the Captain of the People: You score 1 point if you are the Captain of the People at the end of
        the game."

    The Captain elected at the end of round 5 (DN 18): here the player who took the New Captain card.
    """
    P = 3
    plain, taken = Scenario(P, seed=3, round=5, guilds=False), Scenario(P, seed=3, round=5, guilds=False)
    for sc in (plain, taken):
        sc.last_action(2)
    plain.act(INSPIRATION)
    taken.act(location("capitano"))
    finish(plain)
    finish(taken)
    assert plain.captain == 1 and taken.captain == 2
    equal = MAJORITY[0] * 2
    assert scores(plain) == [equal, equal + CAPTAIN_POINT, equal]
    assert scores(taken) == [equal, equal, equal + CAPTAIN_POINT]


def test_scoring_subtracts_unfulfilled_reservations():
    """Rulebook:

    "You must subtract points for the following:"
    "The value of each reserved Monument that you did not complete."
    "The value of each reserved Artist that you did not hire."
    "If you do not complete your reserved Monument before the end of the game, you lose the Prestige
        Points shown on the card."
    "If you do not use the Artist before the end of the game, you lose the Prestige Points shown on the card."

    The reserved artist's value, unseen until now (DN 12), is what is lost.
    """
    sc = Scenario(3, seed=4, round=5, guilds=False)
    sc.reserve_for(0, "duomo_campanile")
    bernini = copy_of("bernini_architect", 6)
    sc.set_table([bernini])
    sc.reserve_artist_for(0, bernini)
    sc.reserve_for(1, "ospedale_chiostro")
    sc.complete_for(1, "ospedale_chiostro", 2)  # reserved, then completed: no loss
    sc.last_action(2)
    finish(sc)
    equal = MAJORITY[0] * 2
    lost = MONUMENT["duomo_campanile"]["prestige"] + 6
    assert lost == 15 + 6
    assert scores(sc) == [equal - lost, equal + MONUMENT["ospedale_chiostro"]["prestige"] + 2 + CAPTAIN_POINT,
                          equal]  # fmt: skip


def tie_break_game(first: list, second: list) -> Scenario:
    """Seats 0 and 1 hold the works listed ((kind, id, artist value): kind "monument", "card"
    with an artist, or "plain" without), seat 2 ends as Captain; the game is played out."""
    sc = Scenario(3, seed=5, round=5, guilds=False)
    for seat, works in ((0, first), (1, second)):
        for kind, name, value in works:
            if kind == "monument":
                sc.complete_for(seat, name, value)
            else:
                sc.put_in_play(seat, name, value)
    sc.last_action(0)
    finish(sc)
    return sc


def test_ties_go_to_the_most_valuable_artwork():
    """Rulebook:

    "If there is a tie, the winner is the tied player who completed the single most valuable artwork
        (i.e., any card that requires an Artist to play), including the value of the Artist that
        created it."
    "If there is still a tie, compare their second most valuable artwork, and so on."

    Artworks are the palaces, churches and monuments, each worth its points plus its artist's;
    identical lists share the place (DN 26).
    """
    equal = MAJORITY[0] * 2
    # 9 + 3 against 2 + 2 and 6 + 2: both score 12 (+ 8), the single 12 wins
    sc = tie_break_game([("monument", "duomo_pulpito", 3)],
                        [("card", "ritratto", 2), ("monument", "santamarianovella_cappella", 2)])  # fmt: skip
    assert scores(sc)[:2] == [12 + equal] * 2
    assert sc.s.final_rank[0].tolist() == [1, 2, 3] and sc.s.rewards[0].tolist()[0] == 1.0
    # the best artworks tie at 12; the second ones are 2 + 2 against 3 + 3 (a district building's 2
    # does not count: it needs no artist)
    sc = tie_break_game([("monument", "duomo_pulpito", 3), ("card", "ritratto", 2), ("plain", "lastricato", None)],
                        [("monument", "duomo_altare", 0), ("card", "sagrato", 3)])  # fmt: skip
    assert scores(sc)[:2] == [18 + equal] * 2
    assert sc.s.final_rank[0].tolist() == [2, 1, 3]
    # the same lists: the place (and the win) is shared
    sc = tie_break_game([("monument", "duomo_pulpito", 3)], [("monument", "battistero_portali", 4)])
    assert sc.s.final_rank[0].tolist() == [1, 1, 3] and sc.s.rewards[0].tolist() == [0.5, 0.5, -1.0]


# ---------------------------------------------------------------------------
# The public history in the observation (version 1, issue 22 item 7)
# ---------------------------------------------------------------------------

# the fields version 1 added: without them the observation is version 0's (reordered)
V1_BLOCK = ("anonymous_hired", "artwork_artists", "monument_artists", "hired_artists")
V1_FIELDS = ("row_position", "discarded_monuments", "discarded_artists")


def version_0_view(sc: Scenario, p: int) -> np.ndarray:
    """Seat ``p``'s observation without the fields version 1 added."""
    obs = sc.obs(p)
    keep = np.ones(obs.size, bool)
    for field in V1_FIELDS:
        keep[sc.game.obs_layout[field]] = False
    players = np.arange(obs.size)[sc.game.obs_layout["players"]].reshape(sc.P, -1)
    sizes = {"hired_types": 12 + K + 2 * M + AK, "anonymous_hired": 3, "artwork_artists": K,
             "monument_artists": M, "hired_artists": NA}  # fmt: skip
    at = 0
    for name, n in sizes.items():
        if name in V1_BLOCK:
            keep[players[:, at : at + n].ravel()] = False
        at += n
    return obs[keep]


def test_the_artist_value_on_each_work_is_observed():
    """Rulebook:

    "If there is a tie, the winner is the tied player who completed the single most valuable artwork
        (i.e., any card that requires an Artist to play), including the value of the Artist that
        created it."
    "The front of the card shows the actual number of Prestige Points you earned from that Artist."

    Issue 22: works worth 9 and 8 against 10 and 7 have the same sum and used to give every player
    the same observation although the tie-break differs. The value of the artist on each artwork
    and completed monument is on the table for all to see (``artwork_artists``, ``monument_artists``).
    """
    views, old_views = [], []
    for painter, sculptor in ((3, 2), (4, 1)):
        sc = Scenario(3, seed=5, round=5, guilds=False)
        sc.put_in_play(0, "ritratto", painter)
        sc.complete_for(0, "duomo_pulpito", sculptor)
        sc.refresh()
        for observer in range(3):
            block = sc.block(observer, 0)
            assert block["artwork_artists"][CARD_IDS.index("ritratto")] == painter
            assert block["monument_artists"][MON_IDS.index("duomo_pulpito")] == sculptor
            assert block["artwork_artists"].sum() == painter and block["monument_artists"].sum() == sculptor
        views.append([sc.obs(p) for p in range(3)])
        old_views.append([version_0_view(sc, p) for p in range(3)])
    assert all(not np.array_equal(a, b) for a, b in zip(*views))
    assert all(np.array_equal(a, b) for a, b in zip(*old_views))  # what version 0 could not tell apart


def test_the_row_order_is_observed():
    """Rulebook:

    "If cards have the same value, place them in the order drawn."
    "Discard the Monument cards left in the middle of the table except for the 2 at the left end of
        the row (the highest values)."
    "These cards are removed from the game."

    The row lies on the table in its order: ``row_position`` (1 = leftmost) shows which of two
    monuments of equal value stays at the end of the round; the discarded ones are public
    (``discarded_monuments``).
    """
    kept = []
    for positions in ([0, 1, 2], [0, 2, 1]):
        sc = Scenario(3, seed=2, guilds=False)
        row = ["duomo_cupola", "duomo_cappella", "duomo_navata"]  # 19, 14, 14
        sc.set_row(row, positions=positions)
        sc.refresh()
        shown = sc.field(1, "row_position")
        assert [int(shown[MON_IDS.index(m)]) for m in row] == [1, *(2 + np.argsort(np.argsort(positions[1:])))]
        assert int(shown.max()) == 3 and (shown > 0).sum() == 3
        second = row[1] if shown[MON_IDS.index(row[1])] == 2 else row[2]
        sc.finish_round()
        assert sc.row() & set(row) == {"duomo_cupola", second}
        discarded = sc.field(2, "discarded_monuments")
        assert {m for m in row if discarded[MON_IDS.index(m)]} == set(row) - {"duomo_cupola", second}
        kept.append(second)
    assert kept == ["duomo_cappella", "duomo_navata"]


def test_discarded_artists_are_observed_by_name_not_value():
    """Rulebook:

    "Discard all Artist cards left in the middle of the table."
    "Take 1 Artist card from those available for the round and place it in front of you, without
        turning it over or looking at the other side of the card."

    The names on the backs of the discarded artists are public (``discarded_artists``, per
    artist); their values never show: a Giambologna of value 3 or of value 2 discarded gives the
    same observation.
    """
    views = []
    for swapped in (False, True):
        sc = Scenario(3, seed=4, guilds=False)
        sc.set_table([copy_of("giambologna_sculptor", 2), copy_of("perugino_painter", 2)])
        if swapped:  # the Giambologna on the table is the one of value 3 (the 2 lies where the 3 lay)
            sc.swap_artists(copy_of("giambologna_sculptor", 2), copy_of("giambologna_sculptor", 3))
        sc.refresh()
        before = sc.field(0, "discarded_artists")
        sc.finish_round()
        added = sc.field(0, "discarded_artists") - before
        assert {ART_IDS[a]: int(n) for a, n in enumerate(added) if n} == {"giambologna_sculptor": 1,
                                                                         "perugino_painter": 1}  # fmt: skip
        views.append([sc.obs(p) for p in range(3)])
    assert all(np.array_equal(a, b) for a, b in zip(*views))


def test_hired_artist_cards_and_anonymous_artists_are_observed():
    """Rulebook:

    "After you pay to hire the Artist and complete the project, turn the Artist card over."
    "After you hire an Anomymous Artist, turn the card face down (it will be turned face up again at
        the end of the round)."

    Every player sees the artist cards each player hired, by artist and value (``hired_artists``:
    copies of one artist with the same value look alike, so which of them it was does not show),
    and the anonymous artists each player hired, per type (``anonymous_hired``).
    """
    views = []
    for copy in (copy_of("giambologna_sculptor", 2), copy_of("giambologna_sculptor", 2) + 1,
                 copy_of("giambologna_sculptor", 3)):  # fmt: skip
        sc = Scenario(4, seed=8)
        p = sc.to_move
        sc.set_table([copy])
        sc.give(p, "fontana")
        sc.turn(p)
        sc.act(play("fontana"), hire_table("giambologna_sculptor"))
        q = sc.to_move
        sc.give(q, "ritratto")
        sc.turn(q)
        sc.act(play("ritratto"))  # the anonymous painter is the only painter: hired at once
        for observer in range(4):
            mine, theirs = sc.block(observer, p), sc.block(observer, q)
            assert np.flatnonzero(mine["hired_artists"]).tolist() == [copy_of("giambologna_sculptor", COPY_VALUE[copy])]
            assert mine["anonymous_hired"].tolist() == [0, 0, 0] and theirs["anonymous_hired"].tolist() == [0, 1, 0]
            assert mine["hired_types"].tolist() == [0, 0, 1] and theirs["hired_types"].tolist() == [0, 0, 0]
        views.append([sc.obs(o) for o in range(4)])
    assert all(np.array_equal(a, b) for a, b in zip(views[0], views[1]))  # two alike copies of value 2
    assert all(not np.array_equal(a, b) for a, b in zip(views[0], views[2]))  # value 2 against 3
