"""The coverage meta-test of The Princes of Florence's rule-scenario tests
(``test_princes_rules_*.py``): every sentence of the rulebook is quoted by a test of some part,
or is listed below as stating no engine behaviour. The solo game's sentences are quoted by
``test_princes_rules_solo.py``, the cooperative building expansion's by
``test_princes_rules_coop*.py``.

Reasons: ``flavour`` (atmosphere, advice, a summary with no rule of its own), ``component``
(a physical piece with no counterpart in the engine: boards, screens, markers, the money's
denominations), ``table`` (how the table is laid out), ``pointer`` (a page reference),
``layout`` (a heading, a picture caption or the lead-in of a list), ``talk`` (table talk that
the engine models as the proposal itself: COOP_NOTES C9) and ``credits``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from princes_rules_text import RULEBOOK, needs, plain, rule_sentences
from rulebook_quotes import unquoted_sentences

PARTS = sorted(p.stem for p in Path(__file__).parent.glob("test_princes_rules_*.py") if p.stem != Path(__file__).stem)

NOT_ENGINE_BEHAVIOUR = {
    # the box's introduction
    "Experience the golden age of the Renaissance.": "flavour",
    "Assume the role of the head of an Italian aristocratic dynasty and lead your family like the Medici or Borgia.": "flavour",
    "The players support the builders, artists, and scholars so that their completed works will bring their families fame and prestige.": "flavour",
    "As the patrons of the creators of great works, the players seek to multiply their fame and reputations, but only one will become the most prestigious Princess or Prince of Florence!": "flavour",
    "Money is important to acquire more Buildings and Landscapes.": "flavour",
    "Also, the Builders and Jesters, who provide valuable services, expect to be paid.": "flavour",
    "Players will also find that Prestige and Bonus cards have great value in building their reputations and fame.": "flavour",
    "The different objects give their owners specific advantages throughout the game.": "flavour",
    "For a 2-player game, also see the additional rules on page 11.": "pointer",
    "For the solo game, see page 11.": "pointer",
    "There is an overview of all Prestige cards with examples on page 19.": "pointer",
    "See page 18 for a description of each Bonus card.": "pointer",
    # contents
    "A (1) Game board": "component",
    "G (5) Double-sided Reference sheets": "component",
    "N (1) Round marker": "component",
    "P (1) Starting Player marker": "component",
    "Q (58) Money (32 x 100 Florin, 14 x 500 Florin, and 12 x 1000 Florin)": "component",
    "R (21) Automa cards and 1 Die (for solo play, see page 11)": "component",
    # set-up at the table
    "Place the Game board in the middle of the table.": "table",
    "Place the Money next to the Game board.": "table",
    "This is the Bank.": "table",
    "Each player takes:": "layout",
    "1 Player board, which they place with the side of their choice in front of them on the table.": "table",
    "The board determines the player's color.": "table",
    "The side they choose (female or male) does not affect gameplay.": "table",
    "The Player screen in their color.": "component",
    # headings, captions, lead-ins
    "The 3 Builder spaces on your Player board.": "layout",
    "To complete a Work:": "layout",
    "Building/Landscape rule violations": "layout",
    "These rules explain how to play with just two players.": "layout",
    # the solo game: table-top handling with no counterpart in the engine
    "The following modifications apply:": "layout",
    "Place the die next to the Automa deck.": "component",
    "You may also rearrange his Principality at any time if space is lacking (his Buildings may even extend beyond the space on his Player board if necessary).": "table",
    "Mark Wolfgang's negative Prestige Points on the Fame track using a Fame disk of a different color.": "component",
    "Note: Each time you decline an object, especially if it is an object towards the left on the Automa card, you may want to take Money from the Bank equal to the last bid that you rolled and place it next to the object on the Automa card as a reminder of the cost Wolfgang will have to pay.": "flavour",
    "Return this Money to the Bank at the end of the Auction phase.": "flavour",
    "1D6 - not a modifier - use the value rolled": "layout",
    "2+1D6 - a modifier - use the value rolled and add 2": "layout",
    "As the Jester is one of the two leftmost objects on the Automa card, and is therefore an object that Wolfgang may buy, you take 1000 Florin from the Bank and place it next to the Jester as a reminder that this is the cost Wolfgang will have to pay if he buys it.": "flavour",
    "You take the 1000 Florin that you placed as a reminder next to the Jester, return it to the Bank, and discard the Automa card.": "flavour",
    "The descriptions of the actions below will instruct you when it is not possible for Wolfgang to perform the action.": "pointer",
    # the cooperative building expansion
    "This expansion is for players who value interaction with other players and are interested in cooperating with other players for mutual benefit.": "flavour",
    "To negotiate the building of a cooperative Building during your turn:": "layout",
    "To each neighbor you wish to cooperate with, give an indication of where the Building will be built and how much they should pay you to build the Building.": "talk",
    "When you Build a cooperative Building:": "layout",
    # the back cover
    "Game Design: Wolfgang Kramer, Richard Ulrich and Jens Christopher Ulrich": "credits",
    "Illustrations: Lukas Siegmon | Solo mode rules: Didier Renard": "credits",
    "Project manager: Leon Scheuber | Graphic Design: Alexandra Al-Far": "credits",
    "<The Princes of Florence> is published by Korea Boardgames Co., Ltd. under license by Wolfgang Kramer, Richard Ulrich, and Jens Christopher Ulrich.": "credits",
    "Copyright© 2022 Korea Boardgames Co., Ltd.": "credits",
    "All Rights Reserved.": "credits",
    "© 2023 WIZKIDS/NECA, LLC.": "credits",
    "WIZKIDS and related marks and logos are trademarks of WizKids.": "credits",
    "All rights reserved.": "credits",
    "WIZKIDS/NECA, LLC": "credits",
    "603 Sweetland Ave": "credits",
    "Hillside, NJ 07205 USA": "credits",
    "www.wizkids.com": "credits",
    "WIZKIDS™": "credits",
    "KOREA": "credits",
    "BOARD": "credits",
    "GAMES": "credits",
}
REASONS = {"flavour", "component", "table", "pointer", "layout", "talk", "credits"}


@needs(RULEBOOK)
def test_every_rule_sentence_is_covered():
    """Every rule sentence is quoted by a test of some part (or is listed as stating no engine behaviour)."""
    modules = [importlib.import_module(name) for name in PARTS]
    uncovered = unquoted_sentences(rule_sentences(), modules, NOT_ENGINE_BEHAVIOUR, plain)
    assert not uncovered, f"{len(uncovered)} rule sentences without a test:\n" + "\n".join(uncovered)


@needs(RULEBOOK)
def test_exemptions_are_rule_sentences_with_a_reason():
    """Every exempt sentence is a sentence of the rulebook with a known reason."""
    sentences = set(rule_sentences())
    assert not set(NOT_ENGINE_BEHAVIOUR) - sentences, "exemptions that are no rule sentence"
    assert set(NOT_ENGINE_BEHAVIOUR.values()) <= REASONS


@needs(RULEBOOK)
def test_rule_sentence_helpers_find_the_rules():
    """Sanity check of the sentence splitter (no rulebook quote): the base game, the characters,
    the solo game and the cooperative expansion are all split into sentences."""
    sentences = rule_sentences()
    assert len(PARTS) >= 9
    assert "Each Forest placed after the first in a Principality scores you 3👑." in sentences
    assert "Example: Leon has the Prestige card 'For the most Buildings you earn 6👑 (3)'." in sentences
    assert "Add 2 to the 🏠 for each Builder." in sentences and "Place the die next to the Automa deck." in sentences
    assert "This creates a shared Building board with bordering Principalitys." in sentences
    assert "You have 2 or more Builders." in sentences  # the last line of the expansion
    assert len(sentences) > 500
