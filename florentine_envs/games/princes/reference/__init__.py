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
* ``observation.py`` -- the observation vector (SPEC V) and the invariants;
* ``coop.py`` -- :class:`PrincesCoopReference`: the cooperative building expansion (RB
  COOPERATIVE BUILDING EXPANSION, SPEC COOP): B sides, building alone at a border, the
  negotiation and shared buildings; ``coop_tables.py`` its data and frame placement table,
  ``coop_observation.py`` its observation (SPEC CV) and invariants;
* ``solo.py`` -- :class:`PrincesSoloReference`: the solo game against Wolfgang (RB SOLO RULES,
  SPEC SOLO), reusing the base rules for your own decisions;
* ``solo_observation.py`` -- the solo observation (SPEC SV) and the solo invariants.

Questions for the lead (the SPEC is silent, ambiguous or differs from its own text; the reading
taken here is stated; 1-3 were read the same way by the engine, 4-6 are where the SPEC's text
and both implementations part, the reference following the engine, as the rulebook is silent):

1. SPEC S / SETUP_DISCARD: a returned profession goes "into the pool"; the reference appends it to
   the profession deck at once (the supply's "profession deck length" is 21 - 4P + returned
   cards during the set-up), since the pool is reshuffled into the deck.
2. SPEC V ``drawn``: "number of drawn cards" is read as the cards still waiting (drawn, not yet
   kept or put under), i.e. it falls during ORDER.
3. RB Work scoring example: "She also has 4 Profession cards (including the Poet she just played)
   and a Recruiting card" but counts "Profession and Recruiting Cards: 4" for a total of 15. The
   total 15 (and 100 Florin + 7 fame) is reproduced with 3 professions and 1 Recruiting card;
   the five cards the sentence lists give 16 by the rule (DESIGN_NOTES D37: the example miscounts).
Notes 4-6 are now written into SPEC.md (2026-11-23, "Changes after SPEC_READY").

4. SPEC AUCTION_CHOOSE, lone ``open_s``: "opener = p, bid = lone_buyer_price, stack = s" leaves
   ``high`` at -1; the reference (like the engine) makes the lone buyer the high bidder too.
5. SPEC choose(q): ``lone`` is set "Otherwise" (a seat is left) and cleared at T1 and when an
   auction continues, so after a lone player withdraws it would stay 1 through the action phase;
   the reference (like the engine) sets ``lone = (n == 1)`` also when n = 0.
6. SPEC C: returned characters are "(owner -1, face up)" and SPEC S says nothing of ``face up``;
   the reference (like the engine) shows ``face up`` = 1 only for a card face up in front of
   its owner (bought, not yet flipped): 0 in the Character card area. Without the expansion the
   Banker holds no money (RB: its 600 Florin is an "addition" to the set-up of the expansion).
"""

from .coop import PrincesCoopReference
from .rules import OPTION_NAMES, PrincesReference
from .solo import PrincesSoloReference

__all__ = ["OPTION_NAMES", "PrincesCoopReference", "PrincesReference", "PrincesSoloReference"]
