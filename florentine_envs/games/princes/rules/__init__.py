"""The rules of The Princes of Florence: the step handlers and what they share, one mixin of
:class:`~florentine_envs.games.princes.princes.Princes` per module (the game module assembles them;
nothing here imports it).

* ``common.py`` -- CommonRules: paying (with the automatic sale of fame), drawing and ordering
  cards, placing pieces, the Recruiting card, the features Bonus and Prestige cards count, seats.
* ``auction.py`` -- AuctionRules: the auction phase (SPEC.md T1-T4).
* ``characters.py`` -- CharacterRules: the Muse and the Princess (option ``characters``, SPEC.md C).
* ``actions.py`` -- ActionRules: the action phase, works, the round end (SPEC.md T5, T6).
* ``scoring.py`` -- ScoringRules: Prestige cards, final scores, ranks and rewards (SPEC.md E).
* ``solo.py`` -- SoloRules: the solo game against Wolfgang, the Automa, and the dummies (SPEC.md
  SOLO): its set-up, auction, Wolfgang's turn, hidden information and invariants.
* ``coop.py`` -- CoopRules: the cooperative building expansion (option ``cooperative``, SPEC.md
  COOP, COOP_NOTES.md C1-C16): proposals, answers, shared buildings, building alone at a border.
"""
