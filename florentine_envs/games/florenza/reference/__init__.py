"""Independent scalar reference of Florenza (board game, 2nd edition), written from the rulebook.

Modules: ``tables`` (fb-data's JSON as plain records; never the engine's ``data.py``), ``rng``
(SPEC §3), ``actions`` (SPEC §6 ids), ``state`` (plain dataclasses), ``rules`` (set-up, phases
1-9, end scoring: a generator of decisions that reads like the rulebook), ``observation``
(SPEC §10), ``game`` (``FlorenzaReference``: masks, step, observe, rewards). It never imports
the batched engine. Workers placed without the means to pay are legal (the rulebook allows
planning ahead and penalises failure: "You do not have to have the resources ... when you place").

Questions on SPEC / DESIGN_NOTES against the rulebook, with the reading this reference follows
(for the lead to arbitrate):

Q1. TRADE_GIVE_1 as first written (``res[p,r] >= 1 and sum >= 2``) could leave TRADE_GIVE_2 with
    no legal action (e.g. one marble and one spice, spice given first). Reading: a first cube is
    legal only if a second of the same or a later resource remains. SPEC fixed this after
    SPEC_READY ("Changes after SPEC_READY", §6.5) the same way.
Q2. SPEC §6.7 first rolled the artist's die before paying; RB: "You must choose the skill and pay
    the artist before rolling the die." Lead's arbitration: the rulebook. The reference pays the
    artist and the artwork on SKILL[k], then rolls (or asks for the incentive, paid on top from
    the money left), as SPEC §6.7 now says.
Q6. Where the crest and the box's prestige and influence come: the rulebook lists them right
    after the payment ("After paying the costs of the artwork, you receive all prestige points
    and church influence ... Then place one of your family crest tokens"), the artist's roll in
    its own section. Lead's arbitration: the rulebook's order -- box rewards, crest and a full
    area's bonus on SKILL[k], before the incentive / the die (SPEC §6.7 changed accordingly).
Q3. D3: a Captain elected with a negative track (every marker below 0) gets negative
    certificates. RB: "receive ... prestige certificates equal to your position" -- certificates
    cannot be negative on the table; the alternative reading keeps the negative position on the
    track. Totals are the same either way; the reference follows SPEC (certificates go negative).
Q4. D5: influence losses stop at 0 (the track has no negative spaces) -- the reference agrees.
Q5. D9: only skills whose whole cost can be paid are offered; none is a failure. RB: "If you cannot
    pay all of the costs ... you must lose prestige points" -- the reference agrees (failing is not
    a choice).
"""

from .game import FlorenzaReference, final_ranks, terminal_rewards

__all__ = ["FlorenzaReference", "final_ranks", "terminal_rewards"]
