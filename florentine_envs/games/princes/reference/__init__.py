"""Scalar reference implementation of The Princes of Florence (with The Muse and the Princess).

The slow, readable implementation: one game, plain Python sets, lists and ints, written clause by
clause from the rulebook (``shared/rules/princes_of_florence.txt``), with the encoding (action ids,
observation layout, randomness, forced moves) of ``SPEC.md`` and the readings of
``DESIGN_NOTES.md`` beside this package. It was written without reading the batched engine, so
that the differential test (``tests/test_princes_differential.py``) catches a misreading by
either. Its placement table is built here from the data file's shapes and SPEC P's canonical
order, not taken from the engine.

* ``tables.py`` -- the data file in the shapes the rules use, action ids, phases, the placement
  table;
* ``rules.py`` -- :class:`PrincesReference`: set-up, auction phase, objects, character auction,
  action phase, round end, game end, legal actions, forced moves;
* ``observation.py`` -- the observation vector (SPEC V) and the invariants.

Questions for the lead (the SPEC is silent, ambiguous or self-contradictory; the reading taken
here is stated):

1. SPEC S / SETUP_DISCARD: a returned profession goes "into the pool"; the reference appends it to
   the profession deck at once (the supply's "profession deck length" is 21 - 4P + returned
   cards during the set-up), since the pool is reshuffled into the deck.
2. SPEC T1 / AUCTION_CHOOSE: ``lone`` is set only by choose(q) when a seat is left, and cleared
   only at T1 and when an auction continues; so after a lone player withdraws it stays 1 until
   the next round's auction (taken literally).
3. SPEC V ``drawn``: "number of drawn cards" is read as the cards still waiting (drawn, not yet
   kept or put under), i.e. it falls during ORDER.
4. RB Work scoring example: "She also has 4 Profession cards (including the Poet she just played)
   and a Recruiting card" but counts "Profession and Recruiting Cards: 4" for a total of 15. The
   total 15 (and 100 Florin + 7 fame) is reproduced with 3 professions and 1 Recruiting card
   (DESIGN_NOTES D37 reads it the same way).
5. A draw from an empty deck cannot be started by the rules, except in one corner: the Professor
   taking the last Prestige card when its owner has just won the Prestige object. The reference
   then draws nothing and the auction continues.
"""

from .rules import OPTION_NAMES, PrincesReference

__all__ = ["OPTION_NAMES", "PrincesReference"]
