"""Florenza rule tests, part b: the characters -- an artist's prestige (the die table, one line per
skill, the Cathedral's two dice, the unnamed artists' losses), masterpieces, and the CHARACTERS
chapter (hiring an artist, paying him in phase 7, preachers, the unnamed characters).

Conventions as in ``test_florenza_rules_production.py``.
"""

from __future__ import annotations

import numpy as np
from florenza_scenarios_b import (
    NAMED,
    act,
    bare,
    char,
    finish_artworks,
    force_roll,
    force_rolls,
    hire_on,
    in_play,
    main_with_skills,
    names,
    pay_exactly,
    placing,
    prestige,
    resolve_artworks,
    two_skill_artist,
)

from florentine_envs.games.florenza import constants as C
from florentine_envs.games.florenza.data import load_data

PART = "b"

NOT_ENGINE_BEHAVIOUR = {
    "The skill of the artist is often just as important as the complexity of the artwork.": "flavour",
    "Characters are very important in this game, and are one of your most important sources of prestige points.": "flavour",  # noqa: E501
    "There are two types:": "layout",
    "Preachers are different from artists in three ways:": "layout",
}


def single_skill_artist(game, zone: int = C.Z_CIVIC) -> tuple[int, int, int]:
    """(c, k, m): a one-skill named artist, his skill, and a main box of ``zone`` asking for it."""
    t = game.t
    for c in np.flatnonzero(t.is_artist & (t.skills[:NAMED].sum(1) == 1)).tolist():
        k = int(np.flatnonzero(t.skills[c])[0])
        ok = np.flatnonzero((t.art_zone == zone) & t.art_skills[:, k] & (np.arange(t.NM) != t.pulpit))
        if ok.size:
            return c, k, int(ok[0])
    raise AssertionError("no one-skill artist for that zone")


def complete(game, c: int, k: int, m: int, faces, flipped: bool = False, pick=None):
    """Seat 0 completes main box m with named artist c (skill k), the next rolls showing ``faces``;
    -> (the state after phase 7, the prestige gained)."""
    game, st = bare(3)
    in_play(game, st, c)
    st.flipped[0, c] = flipped
    hire_on(game, st, 0, m, c)
    pay_exactly(game, st, 0, C.NUM_BOXES + m, c, k)
    force_rolls(st, tuple(faces))
    st = resolve_artworks(game, st)
    if st.phase[0] == C.PH_SKILL:
        st = act(game, st, f"skill_{game.t.skill_names[k]}")
    st, _ = finish_artworks(game, st, pick)
    return st, prestige(st, 0)


def two_skills_on_a_civic_box(differ: str):
    """(game, c, k1, k2, m): a two-skill artist whose ``differ`` differs between his skills and a
    civic box asking for both."""
    game = bare(3)[0]
    c, k1, k2 = two_skill_artist(game, differ)
    return game, c, k1, k2, main_with_skills(game, C.Z_CIVIC, k1, k2)


def test_the_artist_adds_the_prestige_of_the_die_on_his_card():
    """Rulebook, ARTIST PRESTIGE: "Each artist will award you bonus prestige points when he completes an artwork for you."
    "At the bottom of each artist card (or the matching Life in Firenze card for the unnamed artists) is a table showing the prestige points you can earn when you use that artist."
    "Roll the die and find the result on the chart to see how many bonus prestige points you earn."
    "Remember to advance your marker on the prestige track when you receive bonus prestige points."
    """
    game = bare(3)[0]
    t = game.t
    c, k, m = single_skill_artist(game)
    for face in range(1, 7):
        _, gained = complete(game, c, k, m, [face], flipped=True)  # the purple side's plain table
        assert gained == t.art_pp[m] + t.die_pp[c, k, face]


def test_a_two_skill_artist_rolls_on_the_line_of_the_skill_paid_for():
    """Rulebook: "If the artist has more than one skill, the table will have one line for each skill."
    "You must roll on the line that matches the skill you chose to use (and paid for) when you completed the artwork."
    """
    game, c, k1, k2, m = two_skills_on_a_civic_box("die")
    t = game.t
    face = int(np.flatnonzero(t.die_pp[c, k1] != t.die_pp[c, k2])[0])
    for k in (k1, k2):
        st, gained = complete(game, c, k, m, [face], flipped=True)
        assert gained == t.art_pp[m] + t.die_pp[c, k, face]
        assert st.money[0, 0] == 0  # exactly the chosen skill's fee was paid


def test_the_cathedral_rolls_twice_after_the_artist_is_paid():
    """Rulebook: "Important: If the artwork is in the Cathedral, roll the die twice and choose which result to use."
    CHARACTERS: "You must choose the skill and pay the artist before rolling the die."
    """
    game = bare(3)[0]
    t = game.t
    c, k, m = single_skill_artist(game, C.Z_CATHEDRAL)
    for chosen in (2, 5):
        seen = []

        def pick(st, legal, seen=seen, chosen=chosen):
            seen.append((set(legal), int(st.money[0, 0]), int(st.res[0, 0].sum())))
            return f"die_{chosen}"

        _, gained = complete(game, c, k, m, (2, 5), flipped=True, pick=pick)
        assert seen == [({"die_2", "die_5"}, 0, 0)]  # the artist and the box paid before the dice
        assert gained == t.art_pp[m] + t.die_pp[c, k, chosen]


def test_an_unnamed_artist_may_lose_prestige():
    """Rulebook: "Note: On an unlucky die roll, it is possible that you will lose prestige points when you use an unnamed artist!" """
    game, st = bare(3)
    t = game.t
    d = 0
    k = int(np.flatnonzero(t.box_skills[d])[0])
    hire_on(game, st, 0, d, NAMED + k, main=False)
    pay_exactly(game, st, 0, d, NAMED + k, k)
    force_roll(st, 1)
    st = resolve_artworks(game, st)
    assert t.die_pp[NAMED + k, k, 1] < 0
    assert prestige(st, 0) == t.box_pp[d] + t.die_pp[NAMED + k, k, 1]


def gold_face(game, c: int, k: int) -> int:
    return int(np.flatnonzero(game.t.mp[c, k])[0])


def test_a_gold_box_is_the_masterpiece_made_once_and_the_card_stays_turned():
    """Rulebook, MASTERPIECES:

    "All named artists have the ability to create one 'masterpiece.'"
    "A masterpiece is usually worth more prestige points (as shown on the artist's card)."
    "When you roll the die and the result shows a gold colored box on the artist's table, he has completed his masterpiece."
    "After you receive the prestige points shown, turn the artist's card over to the completed masterpiece side (purple)."
    "Each named artist can complete only one masterpiece in the game."
    "He remains turned over for as long as he remains in the city."
    CHARACTERS: "Artist cards have two sides, to show if he has completed his Masterpiece."
    STRATEGY HINTS: "If the price and skills are the same, it's usually better to hire an artist that can still complete his masterpiece."
    """
    game = bare(3)[0]
    t = game.t
    artists = np.flatnonzero(t.is_artist)
    assert all(t.mp[c].any() for c in artists) and not t.mp[NAMED:].any()  # named ones only
    assert (t.mp_pp[t.mp] > t.die_pp[t.mp]).all()
    c, k, m = single_skill_artist(game)
    face = gold_face(game, c, k)
    st, first = complete(game, c, k, m, [face])
    assert first == t.art_pp[m] + t.mp_pp[c, k, face] and st.flipped[0, c]
    st2, again = complete(game, c, k, m, [face], flipped=True)
    assert again == t.art_pp[m] + t.die_pp[c, k, face] < first and st2.flipped[0, c]
    # the flipped card survives the end of the round while he stays in the city
    game, st = bare(3)
    in_play(game, st, c, life=3)
    st.flipped[0, c] = True
    game._end_of_round(st, 0)
    assert st.flipped[0, c] and st.char_state[0, c] == C.IN_PLAY


def test_a_masterpiece_on_one_skill_closes_it_on_the_other():
    """Rulebook: "Note: this happens also to artists who have more than one skill."
    "Achieving the masterpiece on a skill would prevent him from achieving it in the other(s)"
    """
    game, c, k1, k2, m = two_skills_on_a_civic_box("cost")
    t = game.t
    face = gold_face(game, c, k2)
    _, fresh_card = complete(game, c, k2, m, [face])
    st, after_k1 = complete(game, c, k2, m, [face], flipped=True)  # flipped by a masterpiece on k1
    assert fresh_card == t.art_pp[m] + t.mp_pp[c, k2, face]
    assert after_k1 == t.art_pp[m] + t.die_pp[c, k2, face] and st.flipped[0, c]


def test_most_artists_have_one_skill_some_two_and_michelangelo_three():
    """Rulebook, ARTISTS: "Most artists are specialized in only one skill (painting, sculpting, or architecture)."
    "Some have two skills, and Michelangelo has all three."
    """
    t = bare(2)[0].t
    counts = t.skills[:NAMED][t.is_artist].sum(1)
    assert (counts == 1).sum() > len(counts) / 2 and (counts == 2).any()
    three = [t.char_names[c] for c in range(NAMED) if t.skills[c].sum() == 3]
    assert three == ["Michelangelo Buonarroti"]
    assert t.skill_names == ["painter", "sculptor", "architect"]


def test_hiring_checks_the_skill_and_puts_the_tile_on_the_box_unpaid():
    """Rulebook: "When you hire an artist, you must first check that the artist has at least one of the skills required for the artwork you are attempting."
    "If so, you can take the artist's tile and place it with your worker on the artwork box."
    "You do not pay the artist at this time, but it would be wise to plan everything carefully so you will have the money and resources when required (in phase 7)."
    """
    game, st = bare(3)
    t = game.t
    m = int(np.flatnonzero((t.art_zone == C.Z_CIVIC) & (t.art_skills.sum(1) == 1))[0])
    c = int(np.flatnonzero(t.is_artist & t.skills[:NAMED, t.art_skills[m].argmax()])[0])
    misfit = int(np.flatnonzero(t.is_artist & ~(t.skills[:NAMED] & t.art_skills[m]).any(1))[0])
    for x in (c, misfit):
        in_play(game, st, x)
    st.money[0] = 1000
    st = placing(game, st)
    st = act(game, st, f"artwork_{t.art_names[m]}")
    legal = names(game, st)
    assert f"character_{t.char_names[c]}" in legal and f"character_{t.char_names[misfit]}" not in legal
    st = act(game, st, f"character_{t.char_names[c]}")
    assert st.char_where[0, c] == C.ON_BOX and st.main_artist[0, m] == c and st.main_worker[0, m] == 0
    assert st.money[0, 0] == 1000


def test_preachers_are_paid_at_once_and_their_bonus_or_penalty_applies_at_once():
    """Rulebook, PREACHERS:

    "Both sides of the preacher card are the same, because they don't create Masterpieces."
    "Preachers must be paid immediately when you use them."
    "Some preachers give a bonus or penalty to your prestige or church influence."
    "Apply them immediately when the preacher is used."
    """
    game, st = bare(3)
    t = game.t
    preachers = np.flatnonzero(t.is_preacher)
    assert not t.skills[preachers].any() and not t.mp[preachers].any()
    bonus = [c for c in preachers if t.ch_pp[c] > 0]
    penalty = [c for c in preachers if t.ch_pp[c] < 0 or t.ch_inf[c] < 0]
    assert bonus and penalty
    for c in (bonus[0], penalty[0]):
        game, st = bare(3)
        in_play(game, st, int(c))
        st.money[0, 0] = t.ch_cost_fl[c]
        st.res[0, 0] = t.ch_cost[c]
        st.influence[0, 0] = 2
        st = placing(game, st)
        st = act(game, st, "charity_own_pulpit")
        st = act(game, st, f"character_{t.char_names[c]}")
        # still phase 4 (the next player places): paid and applied at once
        assert st.phase[0] == C.PH_PLACE and st.money[0, 0] == 0
        assert st.track[0, 0] == t.ch_pp[c] and st.influence[0, 0] == 2 + t.ch_inf[c]
        assert not st.flipped[0, c]


def test_the_unnamed_characters_are_always_there_cheap_and_weaker():
    """Rulebook, UNNAMED CHARACTERS:

    "There are two character tiles of each type (painter, sculptor, architect, and preacher) that represent little known characters in Florence."
    "These tiles are available every round, and are placed on the matching Life in Florence cards."
    "They are not moved in phase 9."
    "They can be hired cheaply, but they provide a lower benefit."
    """
    game, st = bare(3)
    t = game.t
    data = load_data()
    assert [u["tiles"] for u in data["unnamed_artists"].values()] + [data["unnamed_preacher"]["tiles"]] == [2] * 4
    assert (st.unnamed_left[0] == 2).all()
    cards = [u["life_card"] for u in data["unnamed_artists"].values()] + [data["unnamed_preacher"]["life_card"]]
    assert len(set(cards)) == 4  # each type on its own Life in Florenza card
    st.unnamed_left[0] = 0  # all hired or given charity this round
    game._end_of_round(st, 0)
    assert (st.unnamed_left[0] == 2).all()  # back every round, never aging out
    # cheap: an unnamed artist costs nothing, the unnamed preacher the cheapest charity
    assert (t.hire_cost[NAMED : NAMED + 3] == 0).all() and t.hire_cost[:NAMED][t.skills[:NAMED]].min() > 0
    assert t.ch_cost_fl[C.UNNAMED_PREACHER] <= t.ch_cost_fl[np.flatnonzero(t.is_preacher)].min()
    # weaker: every named line beats the unnamed table on average, and a preacher's bonus is theirs alone
    unnamed_mean = t.die_pp[NAMED, 0, 1:].mean()
    assert all(t.die_pp[c, k, 1:].mean() > unnamed_mean for c in range(NAMED) for k in range(3) if t.skills[c, k])
    assert t.ch_pp[C.UNNAMED_PREACHER] == t.ch_inf[C.UNNAMED_PREACHER] == 0 and not t.ch_gain[C.UNNAMED_PREACHER].any()
    assert char(game, "Correggio") < NAMED
