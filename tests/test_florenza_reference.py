"""The Florenza reference on its own: set-up, rule scenarios quoting the rulebook, random games.

Scenario tests use the hand-made table of ``florenza_reference_fixture`` (values checkable by
hand); the random games use the packaged ``florenza_data.json`` when it is present.
"""

import random

import numpy as np
import pytest
from florenza_reference_fixture import ARCHITECT, PAINTER, cubes, tables

from florentine_envs.games.florenza.reference import FlorenzaReference, final_ranks, terminal_rewards
from florentine_envs.games.florenza.reference.actions import PHASE
from florentine_envs.games.florenza.reference.rng import ReferenceRng
from florentine_envs.games.florenza.reference.rules import Rules
from florentine_envs.games.florenza.reference.state import DETAINED, IN_PLAY, ON_CARD, Hire, Named, Slot
from florentine_envs.games.florenza.reference.tables import DATA_FILE

T = tables()
CORREGGIO = 10


class FixedDice(ReferenceRng):
    """The SPEC's bag and turn order, but dice from a list (scenario tests)."""

    def __init__(self, seed: int, dice: list[int]):
        super().__init__(seed)
        self.dice = list(dice)

    def roll(self) -> int:
        return self.dice.pop(0)


def drive(gen, answers=()):
    """Run a rules generator to its end, answering its decisions from ``answers`` (action ids),
    then with the first legal option (a single legal option is played without an answer, like a
    forced move); returns (value, decisions seen)."""
    answers, seen = list(answers), []
    try:
        decision = next(gen)
        while True:
            seen.append(decision)
            a = answers.pop(0) if answers and len(decision.options) > 1 else decision.options[0]
            assert a in decision.options, (a, decision)
            decision = gen.send(a)
    except StopIteration as stop:
        return stop.value, seen


def new_rules(P=3, dice=(), **options) -> Rules:
    rules = Rules(T, P, FixedDice(7, list(dice)), first_game=True, **options)
    drive(rules.setup())
    return rules


# ---------------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("P, drawn", [(2, 6), (3, 7), (4, 8), (5, 9)])
def test_setup_counts(P, drawn):
    """RB: "2 Players 6 Tiles ... 5 Players 9 Tiles"; each player "300 Fiorini", "1 resource cube
    of each type", "4 on your district board ... 4 nearby"; two starting workshops, built free."""
    ref = FlorenzaReference(P, 11, tables=T)
    r = ref.rules
    in_play = [c for c, n in enumerate(r.named) if n.where == IN_PLAY]
    assert len(in_play) == drawn
    assert all(r.named[c].life == T.characters[c].rounds for c in in_play)
    assert r.phase == PHASE["START_PICK"]
    # "Starting with the player in the last space on the turn order track"
    assert ref.current_player == r.order[-1]
    for pl in r.players:
        assert (pl.florins, pl.cubes, pl.avail, pl.pool) == (300, [1] * 6, 4, 4)
    picks = 0
    while ref.phase == PHASE["START_PICK"]:
        ref.step(ref.legal_actions()[0])
        picks += 1
    assert picks >= 2 * P - 1  # the last pick may be forced
    for pl in r.players:
        assert [s.built for s in pl.slots[:2]] == [True, True] and pl.slots[2] is None
    types = [s.workshop for pl in r.players for s in pl.slots[:2]]
    assert len(set(types)) == 2 * P  # one tile of each starting type is set apart
    assert ref.phase == PHASE["PLACE"] and ref.current_player == r.order[0]


def test_first_game_workshops_by_seat_from_the_last():
    """RB "OUR FIRST GAME": "The last player (who chooses first) should place a Picconiere on space 1
    and a Legnaiuolo on space 2" -- first_game[0] goes to the last player."""
    ref = FlorenzaReference(5, 3, tables=T, first_game=True)
    r = ref.rules
    for i, p in enumerate(reversed(r.order)):
        assert [s.workshop for s in r.players[p].slots[:2]] == T.first_game[i]
    assert ref.phase == PHASE["PLACE"]


def test_illegal_action_raises_and_leaves_the_state_unchanged():
    ref = FlorenzaReference(3, 5, tables=T)
    before = (ref.observe(0).copy(), ref.legal_action_mask().copy())
    with pytest.raises(ValueError, match="illegal"):
        ref.step(ref.A.WORK)  # not a START_PICK action
    assert np.array_equal(ref.observe(0), before[0]) and np.array_equal(ref.legal_action_mask(), before[1])


# ---------------------------------------------------------------------------------- phase 4


def test_opponent_workshop_costs_a_prestige_point_and_is_refused_at_minus_three():
    """RB: "you must pay that player 1 prestige point when you place your worker there ... You cannot
    place a worker on a workshop in an opponent's district if your marker ... is already on the -3"."""
    r = new_rules(3)
    p, q = r.order[0], r.order[1]
    j = (q - p) % 3
    a = r.A.operate(j, 0)
    assert a in r.place_options(p)
    drive(r.place_worker(p, a))
    assert (r.players[p].track, r.players[q].track) == (-1, 1)
    assert r.players[q].slots[0].worker == p
    assert a not in r.place_options(p)  # "Each workshop can be used only once per round!"
    r.players[p].track = -3
    assert not any(r.A.operate(j, s) in r.place_options(p) for j in (1, 2) for s in range(8))
    assert r.A.operate(0, 1) in r.place_options(p)  # own workshops stay free


def test_hiring_needs_a_matching_skill_and_the_tile_on_its_card():
    """RB: "You can only hire an artist if one of his skills matches one of the skills shown on the
    artwork"; "Only the Captain of the People can hire a detained artist.\""""
    r = new_rules(3)
    p = r.order[0]
    r.named[CORREGGIO] = Named(where=IN_PLAY, life=5)
    assert CORREGGIO in r.hireable(p, [PAINTER]) and CORREGGIO not in r.hireable(p, [ARCHITECT])
    assert 40 + ARCHITECT in r.hireable(p, [ARCHITECT])  # the unnamed architects, every round
    r.named[CORREGGIO].tile = DETAINED
    assert CORREGGIO not in r.hireable(p, [PAINTER])
    r.captain = p
    assert CORREGGIO in r.hireable(p, [PAINTER])


def test_both_offices_place_two_workers_at_a_time():
    """RB: "During Phase 4, he will place two of his workers before the other players place their
    first worker. Each time his turn comes around in Phase 4, he will place two more workers.\""""
    r = new_rules(3)
    boss = r.order[2]
    r.captain = r.bishop = boss
    r.order = [boss, boss] + [p for p in r.order if p != boss]
    movers = [d.player for d in drive(r.phase4_worker_placement(), [r.A.WORK] * 24)[1]]
    assert movers[:4] == [boss, boss, r.order[2], r.order[3]]
    assert movers.count(boss) == 4


def test_charity_pays_at_once_and_brings_workers():
    """RB E: "If you give charity to an unnamed preacher, you must pay 100 Fiorini. Do not roll the
    die: unnamed preachers always provide 2 workers.\""""
    r = new_rules(3)
    p = r.order[0]
    pl = r.players[p]
    pl.avail, pl.pool = 1, 7
    drive(r.place_worker(p, r.A.CHARITY_OWN), [r.A.CHARACTER + 43])
    assert (pl.florins, pl.avail, pl.pool, pl.pulpit) == (200, 2, 5, True)
    assert r.A.CHARITY_OWN not in r.place_options(p)


# ---------------------------------------------------------------------------------- phases 5-6


def test_market_three_actions_once_each():
    """RB: "Sell one resource cube ... for 100 Fiorini. Buy one ... for 200 Fiorini. Trade any two
    resource cubes ... for one different resource cube. Each of the three actions can be taken only
    once" -- Paul's example: sell a marble, buy a wood, trade a spice and a marble for a wood."""
    r = new_rules(2)
    p = r.order[0]
    r.players[p].market = True
    r.players[p].cubes[0] = 2
    A = r.A
    _, seen = drive(r.phase5_market(), [A.SELL + 0, A.BUY + 1, A.TRADE, A.RESOURCE + 0, A.RESOURCE + 5, A.RESOURCE + 1])
    assert r.players[p].cubes == [2 - 1 - 1, 1 + 1 + 1, 1, 1, 1, 0]
    assert r.players[p].florins == 300 + 100 - 200
    assert A.RESOURCE + 0 not in seen[-1].options  # "one different resource cube"
    assert len(seen) == 6  # all three used: the turn ends without a PASS


def test_construction_failure_returns_the_tile_and_leaves_a_gap():
    """RB: "If you cannot pay the required resources, return your worker and the workshop tile to the
    supply and lose 1 prestige point ... the next workshop to be built must be placed in such space.\""""
    r = new_rules(2)
    p = r.order[0]
    pl = r.players[p]
    pl.slots[2] = Slot(9, built=False, worker=p)  # Convento: 100 Fiorini and cubes
    pl.slots[3] = Slot(2, built=False, worker=p)  # Boscaiuolo: 1 textile + 1 metal
    r.supply[9] -= 1
    r.supply[2] -= 1
    pl.florins = 0
    supply = list(r.supply)
    drive(r.phase6_district_activities())
    assert pl.slots[2] is None and r.supply[9] == supply[9] + 1 and pl.track == -1
    assert pl.slots[3].built and pl.cubes[4] == 0 and pl.cubes[3] == 0
    assert r.lowest_empty_space(p) == 2


def test_conversion_is_optional_and_benefits_the_worker():
    """RB: "If the tile shows a formula, you may pay what is shown to receive the benefit"
    (Armaiuolo: "Spend 2 Metal to take 500 Fiorini")."""
    r = new_rules(2)
    owner, user = r.order
    r.players[owner].slots[2] = Slot(0, built=True, worker=user)
    r.players[user].cubes[3] = 2
    _, seen = drive(r.phase6_district_activities(), [r.A.ACCEPT])
    assert [d.phase for d in seen] == [PHASE["CONVERT"]] and seen[0].player == user
    assert (r.players[user].florins, r.players[user].cubes[3]) == (800, 0)


# ---------------------------------------------------------------------------------- phase 7


def hire(r, p, m, x):
    r.main_hire[m] = Hire(p, x)
    if x < 40:
        r.named[x] = Named(where=IN_PLAY, life=3, tile="hired")
    r.players[p].avail -= 1


def test_salone_with_correggio_and_his_masterpiece():
    """RB example: Mary pays Correggio 100, "2 wood ..., 1 metal, 1 textile, 1 gold, 1 spice, and 100
    Fiorini", "earns 7 prestige points ... She gets a 6! Correggio has realized his masterpiece. Mary
    earns 3 more prestige points. She turns Correggio's card over"; then 1 prestige each phase 1."""
    r = new_rules(2, dice=[6, 1])
    p = r.order[0]
    pl = r.players[p]
    pl.cubes = cubes(wood=2, metal=1, textile=1, gold=1, spice=1)
    hire(r, p, 0, CORREGGIO)
    drive(r.phase7_artwork())
    assert (pl.florins, pl.cubes, pl.track) == (100, [0] * 6, 10)
    assert r.main_crest[0] == p and r.named[CORREGGIO].flipped and r.named[CORREGGIO].tile == ON_CARD
    r.round = 2
    before = pl.track
    drive(r.phase1_collect_income())
    assert pl.track == before + 1


def test_failure_penalties_by_zone():
    """RB "FAILURE": "Your district 1 ... A civic building 2 ... The Cathedral 3"; "If you hired a
    named artist and cannot pay the costs, you lose 1 additional prestige point.\""""
    r = new_rules(2)
    p = r.order[0]
    r.players[p].florins = 0
    hire(r, p, 0, CORREGGIO)  # civic, named: -3
    hire(r, p, 16, 40 + (16 % 3))  # cathedral, unnamed: -3
    r.box_hire[p][0] = Hire(p, 40 + 0)  # district, unnamed: -1
    r.unnamed_left[0] -= 1
    drive(r.phase7_artwork())
    assert r.players[p].track == -7 and r.main_crest[0] is None and r.unnamed_left[0] == 2


def test_cathedral_rolls_twice_and_the_player_chooses():
    """RB: "If the artwork is in the Cathedral, roll the die twice and choose which result to use.\""""
    r = new_rules(2, dice=[2, 5])
    p = r.order[0]
    r.players[p].cubes[0] = 1
    hire(r, p, 15, 40 + 0)  # unnamed painter: [-1, 0, 0, 1, 1, 2]
    _, seen = drive(r.phase7_artwork(), [r.A.DIE + 4])
    assert seen[-1].phase == PHASE["CATHEDRAL_DIE"] and seen[-1].options == [r.A.DIE + 1, r.A.DIE + 4]
    assert r.players[p].track == 4 + 1  # box prestige + the 5's prestige


def test_no_die_variant_raffaello_example():
    """No-die variant: "Strozzi decides to boost Raffaello with 100 Fiorini so the value of the work is
    now 4" (a civic building: base value 2)."""
    r = new_rules(2, die=False)
    p = r.order[0]
    pl = r.players[p]
    pl.cubes = cubes(wood=2, metal=1, textile=1, gold=1, spice=1)
    pl.florins = 300
    hire(r, p, 0, CORREGGIO)
    _, seen = drive(r.phase7_artwork(), [r.A.INCENTIVE + 2])
    assert seen[-1].options == [r.A.INCENTIVE + i for i in range(3)]  # 300 - 200 pays at most 100 more
    assert pl.florins == 0 and pl.track == 7 + 2  # value 4 -> 2 prestige on the fixture's line


def test_full_palazzo_gives_four_prestige():
    """RB: "If you complete all four artworks in the Palazzo of your district board, you receive 4
    prestige points.\""""
    r = new_rules(2, dice=[3])
    p = r.order[0]
    r.box_crest[p][:3] = [True] * 3
    r.players[p].crests_placed = 3
    r.box_hire[p][3] = Hire(p, 40 + 0)
    drive(r.phase7_artwork())
    assert r.players[p].track == 2 + 0 + 4


# ---------------------------------------------------------------------------------- phase 8


def test_turn_order_example_captain_and_bishop():
    """RB: "The yellow player's marker is highest on the prestige track. The red player's marker is
    highest on the church influence track, and she has at least 3 points ... Yellow ... will play
    first in the next round. Red becomes the Bishop, and will play second. The other players will
    play third, fourth, and fifth, and remain in the same order on the track.\""""
    r = new_rules(5)
    red, black, green, yellow, blue = r.order
    r.players[yellow].track = 9
    r.players[red].influence = 3
    r.phase8_turn_order()
    assert r.order == [yellow, red, black, green, blue]
    assert (r.captain, r.bishop) == (yellow, red)
    assert (r.players[yellow].certs, r.players[yellow].track) == (9, 0)
    assert r.players[red].influence == 3  # "Do not reduce your church influence marker"


def test_ties_fill_no_office_and_cardinal_once():
    """RB: "If there is a tie, then no player will be Captain"; "If you fulfill both requirements at
    the same time, you only receive 5 prestige points (not 10).\""""
    r = new_rules(3)
    a, b, c = r.order
    r.players[a].track = r.players[b].track = 4
    r.players[c].influence = 11
    r.bishop = c
    r.phase8_turn_order()
    assert r.captain is None and r.bishop == c
    assert (r.players[c].track, r.players[c].influence) == (5, 0)
    assert r.order == [c, a, b]


# ---------------------------------------------------------------------------------- the end


def test_final_scoring_formula():
    """RB "THE END OF THE GAME", every line."""
    r = new_rules(2)
    p = r.order[0]
    pl = r.players[p]
    pl.certs, pl.track, pl.cubes, pl.florins = 10, 3, [2, 2, 2, 1, 0, 0], 650
    r.captain = r.bishop = p
    r.box_crest[p][0] = True  # one Palazzo artwork, no Chiesa artwork
    # 10 + 3 + 2 offices + 7 // 3 + 650 // 300 - 6 empty spaces - 7 unfinished - 4 (no Chiesa)
    assert r.final_scores()[p] == 10 + 3 + 2 + 2 + 2 - 6 - 7 - 4


def test_ranks_and_rewards_break_ties_by_cubes_then_money():
    """RB: "the tied player with the most resources wins, with the most money acting as the second
    tie breaker.\""""
    ranks = final_ranks([20, 20, 20, 5], [4, 4, 3, 9], [100, 200, 900, 0])
    assert ranks == [2, 1, 3, 4]
    assert terminal_rewards([20, 20, 20, 5], ranks, "win") == [-1 / 3, 1.0, -1 / 3, -1 / 3]
    assert terminal_rewards([1, 1], [1, 1], "win") == [0.0, 0.0]
    assert terminal_rewards([10, 4, 1], [1, 2, 3], "score") == [7.5, -1.5, -6.0]


# ---------------------------------------------------------------------------------- random games


def play_random(ref: FlorenzaReference, rnd: random.Random, every: int = 1) -> int:
    steps = 0
    while not ref.terminated:
        mask = ref.legal_action_mask()
        assert mask.sum() >= 2  # forced moves are played by the reference
        ref.step(rnd.choice(ref.legal_actions()))
        steps += 1
        if steps % every == 0:
            ref.rules.check_invariants()
            assert all(np.isfinite(ref.observe(p)).all() for p in range(ref.num_players))
    return steps


@pytest.mark.parametrize("P", [2, 3, 4, 5])
@pytest.mark.parametrize("die", ["die", "no_die"])
def test_random_games_keep_the_invariants(P, die):
    for seed in range(3):
        ref = FlorenzaReference(P, seed, tables=T, die=die, first_game=seed == 1)
        play_random(ref, random.Random(seed))
        r = ref.rules
        assert r.round == 8 and ref.phase == PHASE["GAME_OVER"] and not ref.legal_actions()
        assert ref.scores == r.final_scores() and abs(sum(ref.rewards)) < 1e-9
        assert ref.observe(0)[ref.obs_layout()["to_move"]].sum() == 0


@pytest.mark.skipif(not DATA_FILE.exists(), reason="florenza_data.json (fb-data) is not on this branch yet")
@pytest.mark.parametrize("P", [2, 3, 4, 5])
def test_random_games_with_the_packaged_data(P):
    for seed, options in enumerate([{}, {"die": "no_die"}, {"first_game": True}, {"two_player_variant": False}]):
        ref = FlorenzaReference(P, 100 + seed, **options)
        steps = play_random(ref, random.Random(seed), every=5)
        assert steps > 20 * P
        assert ref.obs_size == len(ref.observe(P - 1))
        assert ref.num_actions == 9 * P + len(ref.tables.workshops) + len(ref.tables.main_artworks) + 91


# ---------------------------------------------------------------------------------- phases 1-3, 9


def test_income_family_die_and_casa():
    """RB: "200 Fiorini, 1 Marble, 1 Wood, 4 Workers"; "All players each receive the resource shown on
    the chart. If there are not enough resource cubes of that type, each player instead receives 100
    Fiorini"; "Each Casa pays its owner 50 Fiorini and 1 worker"."""
    r = new_rules(2, dice=[3, 3])  # die 3 -> gold in the fixture
    p, q = r.order
    r.players[p].slots[2] = Slot(5, built=True)  # a Casa
    r.round = 2
    drive(r.phase1_collect_income())
    assert r.players[p].cubes == [2, 2, 2, 1, 1, 1] and r.players[p].florins == 300 + 200 + 50
    assert (r.players[p].avail, r.players[p].pool) == (5, 3)
    assert (r.players[q].avail, r.players[q].pool) == (4, 4)
    r.players[q].cubes[2] = T.cubes[2] - 3  # the board holds one gold: fewer than the players
    drive(r.phase1_collect_income())
    assert r.players[p].florins == 550 + 200 + 50 + 100 and r.players[p].cubes[2] == 2


def test_atrio_gold_or_sale():
    """RB: "The Atrio of the Banco gives an income of 1 gold cube, or the option to sell 1 gold cube for
    200 Fiorini. You choose which benefit to use each round.\""""
    r = new_rules(2, dice=[1, 1])
    p = r.order[0]
    r.main_crest[1] = p
    r.round = 2
    _, seen = drive(r.phase1_collect_income(), [r.A.ATRIO_SELL])
    assert seen[-1].options == [r.A.ATRIO_GOLD, r.A.ATRIO_SELL]
    assert (r.players[p].cubes[2], r.players[p].florins) == (0, 300 + 200 + 200)
    _, seen = drive(r.phase1_collect_income())  # no gold left: the sale is not offered
    assert [d.options for d in seen] == [[r.A.ATRIO_GOLD]] and r.players[p].cubes[2] == 1


def test_captain_detains_a_worker_or_an_artist_and_the_two_player_variant():
    """RB: "The Captain of the People can detain one worker from any opponent's family ... Only named
    artists can be detained"; 2-player variant: holding both offices, "the Captain of the People may
    only choose the reserve an artist"."""
    r = new_rules(3)
    c, x, y = r.order
    r.captain = c
    _, seen = drive(r.phase2_captain(), [r.A.TARGET + (x - c) % 3 - 1])
    assert r.A.PASS in seen[0].options
    assert all(r.A.CHARACTER + i in seen[0].options for i in r.on_card("artist"))
    assert not any(r.A.CHARACTER + i in seen[0].options for i in r.on_card("preacher"))
    assert (r.players[x].avail, r.players[x].detained) == (3, 1)
    r2 = new_rules(2)
    r2.captain = r2.bishop = r2.order[0]
    _, seen = drive(r2.phase2_captain())
    assert not any(r2.A.TARGET <= a < r2.A.PASS for a in seen[0].options)
    r3 = new_rules(2, two_player_variant=False)
    r3.captain = r3.bishop = r3.order[0]
    _, seen = drive(r3.phase2_captain())
    assert r3.A.TARGET in seen[0].options


def test_bishop_converts_a_worker_or_expels_a_preacher():
    """RB: "Take one worker from your opponent's district board and return it to the pool. Then take one
    of your workers from the pool (if there is one)"; "The Bishop cannot expel an artist!\""""
    r = new_rules(2)
    b, q = r.order
    r.bishop = b
    preacher = next(c for c, ch in enumerate(T.characters) if ch.kind == "preacher")
    r.named[preacher] = Named(where=IN_PLAY, life=2)
    _, seen = drive(r.phase3_bishop(), [r.A.TARGET])
    assert r.A.CHARACTER + preacher in seen[0].options
    assert not any(r.A.CHARACTER + i in seen[0].options for i in r.on_card("artist"))
    assert (r.players[q].avail, r.players[q].pool, r.players[b].avail, r.players[b].pool) == (3, 5, 5, 3)
    drive(r.phase3_bishop(), [r.A.CHARACTER + preacher])
    assert preacher not in r.givable(q)


def test_end_of_round_ages_characters_and_draws_replacements():
    """RB 9: "Any character cards beneath the "I" Life in Florenza card are removed from the game";
    "All character cards still in play move down one space"; "an equal number of replacement tiles
    are drawn from the bag" (steps 4-6)."""
    r = new_rules(4)
    in_play = [c for c, n in enumerate(r.named) if n.where == IN_PLAY]
    leaving = [c for c in in_play if r.named[c].life == 1]
    lives = {c: r.named[c].life for c in in_play}
    r.phase9_end_of_round()
    assert all(r.named[c].where == "out" for c in leaving)
    assert all(r.named[c].life == lives[c] - 1 for c in in_play if c not in leaving)
    assert sum(n.where == IN_PLAY for n in r.named) == 8
    assert all(pl.pool == 8 and pl.avail == 0 for pl in r.players)


@pytest.mark.skipif(not DATA_FILE.exists(), reason="florenza_data.json (fb-data) is not on this branch yet")
def test_packaged_data_parses_into_the_rulebook_examples():
    """The parser reads the rulebook's fixed points back: the Salone ("2 wood, 1 metal, 1 textile,
    1 gold, 1 spice, and 100 Fiorini", a painter, 7 prestige, 1 prestige income), Correggio (100
    Fiorini, a 6 is his masterpiece worth 3), Raffaello in the no-die example (a 4 is worth 5)."""
    from florentine_envs.games.florenza.reference.tables import load_tables

    t = load_tables()
    salone = next(a for a in t.main_artworks if a.name == "signoria_salone")
    res = {r: i for i, r in enumerate(t.resources)}
    assert salone.cost_florins == 100 and salone.prestige == 7 and salone.skills == [t.skills.index("painter")]
    assert [salone.cost_cubes[res[r]] for r in ("wood", "metal", "textile", "gold", "spice", "marble")] == [
        2,
        1,
        1,
        1,
        1,
        0,
    ]
    assert (salone.income, salone.income_amount) == ("prestige", 1)
    correggio = t.characters[10].skills[t.skills.index("painter")]
    assert correggio.cost == 100 and correggio.masterpiece[5] and correggio.masterpiece_pp[5] == 3
    raffaello = t.characters[34].skills[t.skills.index("painter")]
    assert raffaello.die_pp[3] == raffaello.die_pp[4] == 5 and raffaello.masterpiece[5]
    assert len(t.workshops) == 29 and sum(w.quantity for w in t.workshops) == 45
    assert sum(c.kind == "preacher" for c in t.characters) == 6 and len(t.main_artworks) == 19
    # DATA_NOTES.md patches: nested dicts merge, dotted paths, list records by id, other lists replaced
    patched = load_tables(
        {
            "cubes": [1] * 6,
            "characters.11.skills.painter.cost": 150,
            "main_artworks": {"signoria_salone": {"prestige": 9}},
        }
    )
    assert patched.cubes == [1] * 6 and patched.characters[10].skills[t.skills.index("painter")].cost == 150
    assert next(a for a in patched.main_artworks if a.name == "signoria_salone").prestige == 9


def test_the_artist_and_the_artwork_are_paid_before_the_dice():
    """RB: "You must choose the skill and pay the artist before rolling the die" (lead's Q2, SPEC
    §6.7), and "After paying the costs of the artwork, you receive all prestige points and church
    influence ... Then place one of your family crest tokens" (lead's Q6): at the Cathedral's
    choice of dice the costs are paid, the box's prestige is on the track and the crest on the box;
    the artist's prestige comes with the chosen die."""
    r = new_rules(2, dice=[2, 5])
    p = r.order[0]
    r.players[p].cubes[0] = 1
    hire(r, p, 15, 40 + 0)
    gen = r.phase7_artwork()
    decision = next(gen)
    assert decision.phase == PHASE["SKILL"]
    decision = gen.send(decision.options[0])
    assert decision.phase == PHASE["CATHEDRAL_DIE"]
    assert (r.players[p].florins, r.players[p].cubes[0], r.main_crest[15], r.players[p].track) == (200, 0, p, 4)
    with pytest.raises(StopIteration):
        gen.send(r.A.DIE + 4)
    assert (r.main_crest[15], r.players[p].track) == (p, 4 + 1)
