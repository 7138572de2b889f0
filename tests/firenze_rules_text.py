"""Shared by the Firenze rule-scenario tests (``test_firenze_rules_*.py``): the rulebook's literals,
small helpers over a scenario, and the rulebook text (its headings, the sentences that state no engine
behaviour, the sentence splitter) for the coverage meta-test ``test_firenze_rules_coverage.py``.

Expected values in the tests are these literals or the reconstructed values of ``firenze_data.json``
(through ``firenze_scenarios``) -- never the engine's own helper functions.
"""

from __future__ import annotations

import re
from collections import Counter

from firenze_scenarios import (
    COMMISSION,
    FULFILL,
    KIND,
    Scenario,
)
from rulebook_quotes import RULES_DIR, needs, normalise

RULEBOOK = RULES_DIR / "firenze.txt"

# ---------------------------------------------------------------------------
# Rulebook literals
# ---------------------------------------------------------------------------

# Game Contents: "88 Bricks: 25x White 18x Yellow 15x Green 12x Red 10x Blue 8x Purple"
BRICK_COUNTS = [25, 18, 15, 12, 10, 8]
# Action Cards Summary: "Alchemist (4x)" ... "Workshop (4x)"
CARD_COUNTS = {
    "Alchemist": 4, "Architect": 3, "Botch": 1, "Bridge": 1, "Campanile": 1, "Collapse": 1, "Disgrace": 2,
    "Fame": 2, "Flood": 1, "Luxury Tax": 1, "Major Privilege": 1, "Mason": 3, "Minor Privilege": 1,
    "Monument": 2, "Patrician": 3, "Princess": 2, "Privilege": 1, "Recognition": 2, "Renaissance": 1,
    "Saboteur": 1, "Scandal": 2, "Smuggler": 3, "Storehouse Fire": 2, "Tribute": 2, "Warehouse": 3,
    "Wholesaler": 2, "Workshop": 4,
}  # fmt: skip
SEALS = {2: 9, 3: 7, 4: 6}  # Set Up 7
START_WHITES = [2, 3, 4, 5]  # Set Up 8
ROW_SLOTS, BRICKS_PER_CARD = 6, 4  # Set Up 11
CARD_COST = [0, 1, 2, 3, 4, 5]  # "The card at the far left is free. The others each cost one Brick more ..."
EXCHANGE_GIVE, BRIDGE_GIVE = 3, 2
MAX_BUILD = 6
BUILD_COST = {0: 0, 1: 0, 2: 0, 3: 1, 4: 3, 5: 6, 6: 10}  # "1 Bricks used to build --> 0 ..."
WORKSHOP_DISCOUNT, MASON_DISCOUNT, BOTH_DISCOUNT = 1, 3, 4
STORE_LIMIT, WAREHOUSE_STORE_LIMIT, CARD_LIMIT = 10, 15, 5
END_BONUS = 5
PRIVILEGES = {"Minor Privilege": (5, 2), "Privilege": (6, 3), "Major Privilege": (7, 4)}  # (height, PP)
CELEBRATION_PP = {"Fame": 3, "Monument": 3, "Disgrace": -2, "Scandal": -3}
LUXURY_MIN_HEIGHT, LUXURY_PER_TOWER = 5, 2
FIRE_BRICKS = 3
CHURCH_SPACES = 4
NEUTRAL_SEALS = 5


def construction_cost(n: int, discount: int = 0) -> int:
    """The rulebook's table less a discount; "A negative number is regarded as zero"."""
    return max(0, BUILD_COST[n] - discount)


def prestige(sc: Scenario) -> list[int]:
    return sc.s.prestige[0].tolist()


def commission_value(colour: int, height: int) -> int:
    return COMMISSION[(colour, height)][1]


def cid(colour: int, height: int) -> int:
    return COMMISSION[(colour, height)][0]


def card_total(sc: Scenario) -> Counter:
    """Cards per kind over every place: deck, discard, row, hands, buildings, church."""
    s = sc.s
    total = Counter(sc.deck())
    for k, n in enumerate(sc.discard()):
        total[k] += n
    total.update(k for k in s.row_card[0].tolist() if k >= 0)
    total.update(k for k in s.church[0].tolist() if k >= 0)
    for p in range(sc.P):
        for k, n in enumerate(s.hand[0, p].tolist()):
            total[k] += n
        for i, name in enumerate(["Bridge", "Warehouse", "Workshop"]):
            total[KIND[name]] += int(s.buildings[0, p, i])
    return +total


# ---------------------------------------------------------------------------
# Rulebook text: quotes and coverage
# ---------------------------------------------------------------------------


# Section headings of the rules page (not sentences).
HEADINGS = {
    "The following rule changes apply here on", "Game Concept", "The Game Board", "Game Contents", "Set Up",
    "Construction Commissions", "Game Play", "Choose a card", "Exchange Bricks", "Build Towers",
    "Tear down abandoned construction", "Fulfill Commissions", "Level Bonus", "Check Limits",
    "The End of the Game", "Final Scoring", "Action Cards", "Event Cards", "Personnel Cards",
    "Celebration Cards", "Building Cards", "Church Cards", "Action Cards Summary",
}  # fmt: skip

# Sentences of the rules that state no behaviour of the engine, with the reason. Every other
# sentence must be quoted by a test.
NOT_ENGINE_BEHAVIOUR = {
    "In the Florence of the 12th-14th centuries, the city's powerful and influential families don't just compete "
    "with each other in trade and politics.": "flavour",
    "They also try to outdo one another by building tall, mostly square-based tower homes as status symbols.":
        "flavour",
    "In this game, you are master builders working on the families' construction commissions for such towers.":
        "flavour",
    "You build the towers from different-colored bricks you receive from the game's cards.": "summary of the rules",
    "Pay attention to other players' projects, so that they don't snatch commissions you were counting on right "
    "from under your nose!": "strategy advice",
    "1 Game Board": "physical component",
    "8 Overview Cards (4x A, 4x B)": "player aids, no game effect",
    "4 Construction Sites": "physical component (the towers' place; tested as per-player tower slots)",
    "4 Prestige Markers (in the 4 player colors)": "physical component (the prestige track is tested)",
    "1 Pouch": "physical component (the pouch counts are tested)",
    "1 Action Card Overview Sheet": "player aid",
    "Place the Game Board in the middle of the players.": "table set-up",
    "Place the Level Tiles on the four small spaces to the left of the white tower according to their respective "
    "levels.": "table set-up; the tiles' availability is tested",
    "Place the End of Game Tile on the oval space above the two towers in the middle.":
        "table set-up; the end tile is tested",
    "Each player takes one Construction Site and one of the Overview Cards, placing them in front of them.":
        "table set-up",
    "When you do play with the Campanile card, take care that all players know the effects of the Campanile before "
    "the game begins.": "table-side advice",
    "You'll find a description of it on the accompanying Summary Sheet.": "pointer to the summary (tested there)",
    "Lay them aside for the moment.": "physical handling of the start cards (their place in the deck is tested)",
    "In the top part of the Game Board, you'll see six towers.": "board layout; the 36 commissions are tested",
    "The small numbers to the left indicate how many Levels a tower requires to fulfill the commission.":
        "board layout; heights are data (reconstructed) and tested through fulfilments",
    "The large numbers indicate how many Prestige Points you receive for fulfilling the commission.":
        "board layout; prestige values are data (reconstructed) and tested through fulfilments",
    "The symbol on the Game Board below the chosen card shows how many Bricks must be paid for the card in "
    "question.": "board layout; the cost per slot is tested",
    "The following rules of construction apply:": "introduces the list below",
    "To fulfill a Commission, complete the following steps:": "introduces the list below",
    "There are five kinds of Action Cards, which can be differentiated by the Symbol at top left.":
        "card layout; the five types' effects are tested",
    "In general, if the text of an Action Card contradicts the general rules in these instructions, the card text "
    "always takes precedence.": "principle; each card's own rule is tested",
    "The abbreviation PP on the cards stands for Prestige Points.": "notation",
    "In the course of the game, it will transpire that you'll discard cards.": "introduces the discard pile",
    "As you do so, build a Discard Pile next to the Game Board.": "physical handling (the discard pile is tested)",
}  # fmt: skip


def rule_sentences() -> list[str]:
    """The sentences of the rules page, from the rule-change preamble to the last card (Workshop),
    without headings; list items and numbered steps are sentences of their own."""
    text = RULEBOOK.read_text(encoding="utf-8")
    body = text[text.index("The following rule changes") : text.index("Privacy statement")]
    sentences = []
    for line in body.splitlines():
        line = normalise(line)
        line = re.sub(r"^(-\s*|\d+\.\s+|\d\)\s+|[a-f]\)\s+)", "", line)  # bullets, "8.", "1)", "b)"
        if not line or line in HEADINGS:
            continue
        for part in re.split(r"(?<=[.!?])\s+(?=[A-Z(\-])|(?<=[.!?]\))\s+", line):
            if part.strip():
                sentences.append(part.strip())
    return sentences


needs_rulebook = needs(RULEBOOK)


def to_fulfill(sc: Scenario, builds: list[int], blank: str = "Fame") -> None:
    """From CHOOSE: take a brickless ``blank`` from slot 0, build ``builds`` and end the Build phase."""
    sc.to_build(blank)
    sc.act(*builds)
    sc.end_build()
    assert sc.phase == FULFILL, sc.phase
