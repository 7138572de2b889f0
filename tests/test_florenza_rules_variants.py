"""Florenza rule tests, part b: the official variants -- the no-die variant (an artist's prestige
from the zone's base value and a paid incentive, with the Raffaello example) and the two-player
variant (a player holding both offices may only detain an artist) -- and the strategy hints.

Conventions as in ``test_florenza_rules_production.py``; the variant's base values and incentive
steps are the rulebook's and are asserted literally.
"""

from __future__ import annotations

import numpy as np
from florenza_scenarios_b import (
    NAMED,
    act,
    bare,
    char,
    finish_artworks,
    hire_on,
    in_play,
    main_box,
    names,
    pay_exactly,
    prestige,
    resolve_artworks,
    run_stage,
    skill,
)

from florentine_envs.games.florenza import constants as C

PART = "b"

NOT_ENGINE_BEHAVIOUR = {
    # the strategy hints (advice; the hints that state a rule are quoted by the tests of that rule)
    "Florenza offers many strategic options and challenges.": "flavour",
    "No strategy guide could hope to cover all of them, but here are some things to think about the first time you play:": "flavour",  # noqa: E501
    "Try to develop the best of everything: artworks in civic buildings, the cathedral, and your district have different costs, but grant different rewards as well.": "flavour",  # noqa: E501
    "Taking a look at these rewards may help you develop a strategy.": "flavour",
    "Try to construct workshops in your district that will help you complete the artworks you want to create.": "flavour",  # noqa: E501
    "Try to build some workshops that can make you money.": "flavour",
    "You will often be short of funds, especially early in the game.": "flavour",
    "Workers are most valuable in the middle game.": "flavour",
    "Having too few means you can't do enough things.": "flavour",
    "But make sure you can use workers before you pay a preacher to get more.": "flavour",
    # the no-die variant's page
    "FLORENZA *florenza official no die variant*": "layout",
    "Here at Placentia Games, we think it's more exciting not to know beforehand if an artist work will be a masterpiece or not, but we decided to publish this variant for those players who prefer to reduce randomness at minimum.": "flavour",  # noqa: E501
    "Enjoy!": "flavour",
    "History teaches us that the most important masterpieces of the greatest Renaissance artists can be found in the most prestigious cathedrals or buildings.": "flavour",  # noqa: E501
    "So, it's clear that artists had some more creative ecstasy when they were working in those great buildings, where they tried to better themselves, to write their name in history books.": "flavour",  # noqa: E501
    "Beside this, of course, another good way to incentivize an artist is to give them a better salary.": "flavour",
    # the card game's advertisement
    "Prova Florenza 'The Card Game'!": "flavour",
    "Il gioco di carte, fruibile e piacevole che mantiene la bellezza del gioco da tavolo, oggi arricchito da una nuova espansione!": "flavour",  # noqa: E501
    "War and Religion": "flavour",
}


def no_die_completion(box: int, x: int, k: int, incentive: int | None, extra: int = 150, flipped: bool = True):
    """Seat 0 of a no-die game completes box id ``box`` (district d, main 8 + m) with character slot
    x on skill k, holding the cost plus ``extra`` Fiorini; -> (state at INCENTIVE, state after
    choosing ``incentive`` (50-Fiorini steps), prestige gained)."""
    game, st = bare(3, die="no_die")
    if x < NAMED:
        in_play(game, st, x)
        st.flipped[0, x] = flipped
    main = box >= C.NUM_BOXES
    hire_on(game, st, 0, box - C.NUM_BOXES if main else box, x, main=main)
    pay_exactly(game, st, 0, box, x, k, extra=extra)
    st = resolve_artworks(game, st)
    if st.phase[0] == C.PH_SKILL:
        st = act(game, st, f"skill_{game.t.skill_names[k]}")
    at_incentive = st.copy()
    if incentive is None:
        return game, at_incentive, None, None
    st, _ = finish_artworks(game, st, lambda s, legal: f"incentive_{50 * incentive}")
    return game, at_incentive, st, prestige(st, 0)


def test_work_prestige_is_the_zones_base_value_plus_a_paid_incentive():
    """Rulebook, the official no-die variant:

    "If you want to determine the Artist's prestige without using the die, please read the official variant at page 17."
    "Whenever you need to evaluate a work of art, instead of throwing the die, proceed as follows:"
    "Work prestige = base value + incentive"
    "Base value is assigned depending on the Florence's zone in which the work has been commissioned:"
    "In the player's own district the base value is 1 (as if he obtained 1 rolling the die)"
    "In the Florence city buildings the base value is 2 (as if he obtained 2 rolling the die)"
    "In the cathedral the base value is 3 (as if he obtained 3 rolling the die)."
    "It is possible to encourage the artists with money, so you can add 1 point to the base vale every 50 Fiorini spent to be added to the money spent to hire the artist."
    "It is possible to spend up to 150 Fiorini, to obtain a maximum of 3 points of incentive."
    "Now look on the artist card to obtain the prestige point indicated related to the value obtained."
    """
    game = bare(3, die="no_die")[0]
    t = game.t
    painter = skill(game, "painter")
    d = int(np.flatnonzero(t.box_skills[:, painter])[0])
    civic = int(np.flatnonzero((t.art_zone == C.Z_CIVIC) & t.art_skills[:, painter])[0])
    cathedral = int(np.flatnonzero((t.art_zone == C.Z_CATHEDRAL) & t.art_skills[:, painter])[0])
    for box, base in ((d, 1), (C.NUM_BOXES + civic, 2), (C.NUM_BOXES + cathedral, 3)):
        box_pp = game.box_info(box)[3]
        for incentive in range(4):
            _, at, st, gained = no_die_completion(box, NAMED + painter, painter, incentive)
            assert st.rolls[0] == at.rolls[0]  # no die is thrown
            assert gained == box_pp + t.die_pp[NAMED + painter, painter, base + incentive]
            assert st.money[0, 0] == 150 - 50 * incentive
    # only what the player can still pay is offered, and never more than 150
    _, at, _, _ = no_die_completion(d, NAMED + painter, painter, None, extra=120)
    assert at.phase[0] == C.PH_INCENTIVE and names(game, at) == {"incentive_0", "incentive_50", "incentive_100"}
    _, at, _, _ = no_die_completion(d, NAMED + painter, painter, None, extra=1000)
    assert names(game, at) == {f"incentive_{50 * i}" for i in range(4)}


def test_the_masterpiece_rule_is_unchanged_without_the_die():
    """Rulebook: "The masterpiece rule does not change, so flip the card after creating a masterpiece." """
    game = bare(3, die="no_die")[0]
    t = game.t
    raffaello, painter = char(game, "Raffaello Sanzio"), skill(game, "painter")
    cathedral = int(np.flatnonzero((t.art_zone == C.Z_CATHEDRAL) & t.art_skills[:, painter])[0])
    _, _, st, gained = no_die_completion(C.NUM_BOXES + cathedral, raffaello, painter, 3, flipped=False)
    assert st.flipped[0, raffaello] and t.mp[raffaello, painter, 6]
    assert gained == t.art_pp[cathedral] + t.mp_pp[raffaello, painter, 6]


def test_the_raffaello_example():
    """Rulebook, the no-die variant's example:

    "Example: The Strozzi player hires Raffaello to create the Cappella of the Ospedale."
    "This is a Florence city building, so the base value is 2."
    "Strozzi decides to boost Raffaello with 100 Fiorini so the value of the work is now 4."
    "For Raffaello a 4 point work is worth 5 prestige point (as if you obtained 4 with the die)."
    "It would have been worthless giving Raffaello an extra 50 Fiorini rising the value of the work to 5 as the number of prestige point does not change."
    "To have Raffaello's masterpiece you need to hire him for the Duomo and incetivate him with 150 Fiorini to have a work's value of 6."
    """
    game = bare(3, die="no_die")[0]
    t = game.t
    raffaello, painter = char(game, "Raffaello Sanzio"), skill(game, "painter")
    cappella = C.NUM_BOXES + main_box(game, "ospedale_cappella")
    box_pp = game.box_info(cappella)[3]
    assert game.box_info(cappella)[5] == C.Z_CIVIC
    _, _, boosted, gained_4 = no_die_completion(cappella, raffaello, painter, 2, flipped=False)
    assert gained_4 == box_pp + 5 and not boosted.flipped[0, raffaello]
    _, _, more, gained_5 = no_die_completion(cappella, raffaello, painter, 3, flipped=False)
    assert gained_5 == gained_4 and more.money[0, 0] == boosted.money[0, 0] - 50 and not more.flipped[0, raffaello]
    duomo = int(np.flatnonzero((t.art_zone == C.Z_CATHEDRAL) & t.art_skills[:, painter])[0])
    for incentive, masterpiece in ((2, False), (3, True)):
        _, _, st, _ = no_die_completion(C.NUM_BOXES + duomo, raffaello, painter, incentive, flipped=False)
        assert st.flipped[0, raffaello] == masterpiece


def test_an_incentive_saves_an_unnamed_artists_penalty_or_earns_his_bonus():
    """Rulebook: "Note: You can also incentivate anonymous artists to avoid a penalty on your district or to gain a bonus in the cathedral." """
    game = bare(3, die="no_die")[0]
    t = game.t
    painter = skill(game, "painter")
    unnamed = NAMED + painter
    d = int(np.flatnonzero(t.box_skills[:, painter])[0])
    cathedral = C.NUM_BOXES + int(np.flatnonzero((t.art_zone == C.Z_CATHEDRAL) & t.art_skills[:, painter])[0])
    artist = lambda box, i: no_die_completion(box, unnamed, painter, i)[3] - game.box_info(box)[3]  # noqa: E731
    assert artist(d, 0) < 0 <= artist(d, 1)
    assert artist(cathedral, 0) <= 0 < artist(cathedral, 1)


def both_offices_two_players(variant: bool):
    game, st = bare(2, two_player_variant=variant)
    c = int(np.flatnonzero(game.t.is_artist)[0])
    in_play(game, st, c)
    st.captain[0] = st.bishop[0] = 0
    st.order[0, :3], st.nslots[0] = [0, 0, 1], 3
    return game, run_stage(game, st, C.ST_CAPTAIN, avail=[4, 4], pool=[4, 4]), c


def test_two_players_the_double_office_holder_may_only_detain_an_artist():
    """Rulebook: "Official variant for the 2 players games"
    "In the (not rare) event of a single player holding both the Captain of the People and Bishop titles, the Captain of the People may only choose the reserve an artist, just to avoid to reduce other player workers by two."
    """
    game, st, c = both_offices_two_players(True)
    legal = names(game, st)
    assert st.phase[0] == C.PH_CAPTAIN and {"pass", f"character_{game.t.char_names[c]}"} <= legal
    assert not any(n.startswith("target_") for n in legal)  # no worker: an artist or nothing
    game, st, c = both_offices_two_players(False)  # the variant switched off: the worker too
    assert "target_seat_1" in names(game, st)
    # with the offices held by two players the Captain may detain a worker as usual
    game, st = bare(2)
    st.captain[0], st.bishop[0] = 0, 1
    st.order[0, :2] = [0, 1]
    st = run_stage(game, st, C.ST_CAPTAIN, avail=[4, 4], pool=[4, 4])
    assert "target_seat_1" in names(game, st)
