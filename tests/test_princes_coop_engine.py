"""The Princes of Florence's cooperative building expansion in the batched engine (option
``cooperative``; SPEC.md section COOP, readings C1-C16 in COOP_NOTES.md): the rulebook's
Workshop example, the additional rule for building alone (CP4), adjacency per principality
(C5), the proposal budget, the price ladder, rule 5 on the partner's side, what a shared
building counts for, errors, and random games with invariants."""

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from florentine_envs.games.princes import Princes
from florentine_envs.games.princes.constants import (
    NUM_BUILDINGS,
    NUM_PIECES,
    PH_ACTION,
    PH_COOP_ANSWER,
    PH_COOP_PLACE,
    PH_COOP_SIDE,
    PH_PLACE,
    RESUME_ACTION,
)
from florentine_envs.games.princes.data import FEATURE
from florentine_envs.games.princes.geometry import cells_mask
from florentine_envs.testing import random_legal_actions, states_equal
from tests.princes_scenarios import act, furnish, legal_names, new_game, set_money, start_turn

G0 = np.array([0])
PACKAGE = Path(__file__).resolve().parents[1] / "florentine_envs" / "games" / "princes"
WORKSHOP = json.loads((PACKAGE / "princes_coop.json").read_text())["examples"]["workshop"]


def put_cells(game, st, p: int, name: str, cells) -> None:
    """Seat p's building or landscape ``name`` on exactly ``cells`` (a furnished position,
    conserved like the scenario helpers); every seat's fits refreshed (CP4 reads neighbours)."""
    T = game.T
    mask = cells_mask([tuple(c) for c in cells], T.cols)
    assert st.occupied[0, p] & mask == 0
    st.occupied[0, p] |= mask
    if name in T.building_names:
        b = T.building_names.index(name)
        st.blocked[0, p] |= mask
        st.built[0, p, b] = True
        st.supply_buildings[0, b] -= 1
        st.piece_cells[0, p * NUM_PIECES + b] |= mask
    else:
        land = T.landscape_names.index(name)
        st.landscapes[0, p, land] += 1
        st.supply_landscapes[0, land] -= 1
        st.piece_cells[0, p * NUM_PIECES + NUM_BUILDINGS + land] |= mask
    game._refresh_all_fits(st, G0)


def workshop_position(leon_builders: int = 1):
    """The rulebook's Workshop example (examples.workshop of princes_coop.json): Alexandra (seat
    0, 3 Builders, a Tower) on her turn, Leon (seat 1, right of her, a Chapel)."""
    game, st = new_game(2, start=0, cooperative=True)
    her, him = WORKSHOP["alexandra"], WORKSHOP["leon"]
    for seat, who, builders in ((0, her, her["builders"]), (1, him, leon_builders)):
        furnish(game, st, seat, builders=builders)
        set_money(st, seat, who["money"], fame=who["fame"])
        for name, cells in who["buildings"].items():
            put_cells(game, st, seat, name, cells)
    start_turn(game, st, 0, round_index=0)
    return game, st


def coop_biased_actions(game, st, rng, share: float) -> np.ndarray:
    """Random legal actions, but a cooperative one (uniformly) with probability ``share`` where
    one is legal: uniform play over the mask would seldom propose."""
    mask = st.legal_action_mask
    actions = random_legal_actions(mask, rng)
    for b in np.flatnonzero(mask[:, game.a_coop :].any(1) & (rng.random(len(actions)) < share)):
        actions[b] = game.a_coop + rng.choice(np.flatnonzero(mask[b, game.a_coop :]))
    return actions


def place_id(game, j: int) -> int:
    return game.a_coop_place + j


# ------------------------------------------------------------------ the Workshop example


def test_the_rulebooks_workshop_example():
    """"The Workshop may be placed next to a Building in Alexandra's Principality as she has 3
    Builders, but it may not be placed next to a Building in Leon's Principality as he only has
    1 Builder. Leon pays Alexandra 500 Florin and Alexandra pays 0 Florin to the Bank ... Both
    players score 3." """
    game, st = workshop_position()
    legal, illegal = WORKSHOP["legal_placement"]["frame_index"], WORKSHOP["illegal_placement"]["frame_index"]
    act(game, st, "coop_build_Workshop")
    # 2 players: one neighbour, on her right; the side is forced
    assert st.phase[0] == PH_COOP_PLACE and st.prop_side[0] == 1 and st.prop_partner[0] == 1
    assert st.legal_action_mask[0, place_id(game, legal)] and not st.legal_action_mask[0, place_id(game, illegal)]
    money_out, money_in = int(st.money_out[0]), int(st.money_in[0])
    game.step(st, np.array([place_id(game, legal)]))
    act(game, st, "coop_price_500")
    assert st.phase[0] == PH_COOP_ANSWER and st.current_player[0] == 1  # Leon answers
    assert legal_names(game, st) == ["coop_accept", "coop_decline"]
    act(game, st, "coop_accept")
    after = WORKSHOP["after"]
    assert st.money[0].tolist() == [after["alexandra"]["money"], after["leon"]["money"]]  # 10 -> 15, 12 -> 7
    assert st.fame[0].tolist() == [after["alexandra"]["fame"], after["leon"]["fame"]]  # 3 each
    assert st.money_out[0] == money_out + after["bank_receives"] and st.money_in[0] == money_in
    assert st.built[0, :, game.T.building_names.index("Workshop")].all() and st.supply_buildings[0, 2] == 2
    cells = {tuple(c) for c in WORKSHOP["legal_placement"]["frame_cells"]}
    mine = cells_mask([(r, c) for r, c in cells if c < 7], 7)
    his = cells_mask([(r, c - 7) for r, c in cells if c >= 7], 7)
    assert st.piece_cells[0, 0 * NUM_PIECES + 2] == mine and st.piece_cells[0, 1 * NUM_PIECES + 2] == his
    assert st.phase[0] == PH_ACTION and st.current_player[0] == 0 and st.actions_left[0] == 1
    game.check_invariants(st)


def test_the_workshop_next_to_leons_chapel_is_legal_when_he_has_two_builders():
    game, st = workshop_position(leon_builders=2)
    act(game, st, "coop_build_Workshop")
    for key in ("legal_placement", "illegal_placement"):
        assert st.legal_action_mask[0, place_id(game, WORKSHOP[key]["frame_index"])]


# ------------------------------------------------------------------ CP4


def _alone_legal(game, st, p: int, name: str, cells) -> bool:
    """Whether seat p may place building ``name`` alone on exactly ``cells`` now (PLACE mask)."""
    T = game.T
    b = T.building_names.index(name)
    j = int(np.flatnonzero(T.squares[b] == cells_mask(cells, T.cols))[0])
    st.phase[0], st.piece[0], st.resume[0], st.current_player[0] = PH_PLACE, b, RESUME_ACTION, p
    game._refresh_mask(st, G0)
    return bool(st.legal_action_mask[0, game.a_place + j])


@pytest.mark.parametrize(
    "builders,landscape,legal", [(0, False, False), (1, False, True), (1, True, False), (2, True, True)]
)
def test_building_alone_at_a_border(builders, landscape, legal):
    """"If you build a Building alone, you may only place the Building adjacent to a neighbor's
    Principality if either: You have 1 Builder and the adjacent space(s) in your neighbor's
    Principality does not contain a Building or Landscape, or You have 2 or more Builders." """
    game, st = new_game(2, start=0, cooperative=True)
    furnish(game, st, 0, builders=builders)
    if landscape:  # a Park in Leon's column 0, across the border from the Tower's middle square
        put_cells(game, st, 1, "Park", [(1, 0), (2, 0)])
    tower = [(0, 6), (1, 6), (2, 6)]  # seat 0's right column: seat 1's left column beyond it
    assert _alone_legal(game, st, 0, "Tower", tower) == legal
    # 2 players: seat 0's left column is an outer edge, no restriction there (C6 a)
    assert _alone_legal(game, st, 0, "Tower", [(0, 0), (1, 0), (2, 0)])
    assert st.fits[0, 0, game.T.building_names.index("Tower")]  # room away from the border


def test_building_alone_with_no_builder_never_touches_a_neighbour_with_three_players():
    game, st = new_game(3, start=0, cooperative=True)
    assert not _alone_legal(game, st, 0, "Tower", [(0, 0), (1, 0), (2, 0)])  # seat 2 is on the left
    assert not _alone_legal(game, st, 0, "Tower", [(0, 6), (1, 6), (2, 6)])
    assert _alone_legal(game, st, 0, "Tower", [(0, 3), (1, 3), (2, 3)])


def test_a_neighbours_placement_updates_the_fits_of_a_seat_with_one_builder():
    """SPEC CP4: fits read the neighbours' boards, so a placement refreshes every seat's fits."""
    game, st = new_game(2, start=0, cooperative=True)
    furnish(game, st, 0, builders=1)
    tower, park = game.T.building_names.index("Tower"), NUM_BUILDINGS + game.T.landscape_names.index("Park")
    # seat 0's board covered but its right column (fits only: not a position of real pieces),
    # so a Tower (3 in a line) fits only there, against seat 1's column 0
    st.occupied[0, 0] |= cells_mask([(r, c) for r in range(7) for c in range(6)], 7)
    put_cells(game, st, 1, "Park", [(4, 0), (5, 0)])
    assert st.fits[0, 0, tower]  # rows 0-2 and 1-3 still face empty cells
    j = int(np.flatnonzero(game.T.squares[park] == cells_mask([(1, 0), (2, 0)], 7))[0])
    st.phase[0], st.piece[0], st.resume[0], st.current_player[0] = PH_PLACE, park, RESUME_ACTION, 1
    game._refresh_mask(st, G0)
    game.step(st, np.array([game.a_place + j]))  # seat 1 places a Park through the engine
    assert not st.fits[0, 0, tower]


# ------------------------------------------------------------------ C5


def test_touching_a_shared_building_needs_two_builders_on_both_sides():
    """C5: "A cooperative Building counts as being in both players' Principalitys for all
    purposes" -- the shared Workshop is Leon's building too, also where it lies on her board."""
    results = {}
    for leon in (1, 2):
        game, st = workshop_position(leon_builders=leon)
        act(game, st, "coop_build_Workshop")
        game.step(st, np.array([place_id(game, WORKSHOP["legal_placement"]["frame_index"])]))
        act(game, st, "coop_price_0")
        act(game, st, "coop_accept")
        act(game, st, "coop_build_Opera")
        results[leon] = set(np.flatnonzero(st.legal_action_mask[0, game.a_coop_place :]))
        CT = game.CT
        workshop_on_her_board = st.piece_cells[0, 2]
        b = game.T.building_names.index("Opera")
    gained = results[2] - results[1]
    touching_hers_only = [
        j for j in gained
        if CT.span_halo[b, j, 0] & workshop_on_her_board and not CT.span_halo[b, j, 1] & st.blocked[0, 1]
    ]  # fmt: skip
    assert results[1] <= results[2] and touching_hers_only


# ------------------------------------------------------------------ the proposal budget


def test_a_decline_then_the_other_neighbour_then_the_budget_is_spent():
    """C9: "If you do not come to an agreement, either try to negotiate the building of another
    cooperative Building, Build a Building alone, or choose a different action." """
    game, st = new_game(3, start=0, cooperative=True)
    start_turn(game, st, 0, round_index=0)
    K = game.CT.proposals
    for side, partner in (("coop_left", 2), ("coop_right", 1)):
        act(game, st, "coop_build_Tower")
        assert st.phase[0] == PH_COOP_SIDE and legal_names(game, st) == ["coop_left", "coop_right"]
        act(game, st, side)
        act(game, st, legal_names(game, st)[0])  # a placement
        act(game, st, "coop_price_300")
        assert st.current_player[0] == partner
        act(game, st, "coop_decline")
        assert st.current_player[0] == 0 and st.phase[0] == PH_ACTION and st.actions_left[0] == 2
    assert st.proposals_left[0] == K - 2 == 0
    assert not any(name.startswith("coop_build") for name in legal_names(game, st))
    act(game, st, "freedom_Travel")  # an action used refills the budget
    assert st.proposals_left[0] == K and "coop_build_Tower" in legal_names(game, st)


def decline_a_tower(game, st, side: str) -> None:
    """The current player proposes a Tower on ``side`` (any placement, no price); it is declined."""
    act(game, st, "coop_build_Tower")
    if st.phase[0] == PH_COOP_SIDE:
        act(game, st, side)
    act(game, st, legal_names(game, st)[0])
    act(game, st, "coop_price_0")
    act(game, st, "coop_decline")


def test_the_cardinal_is_a_free_action_and_its_extra_action_may_build_together():
    """C14: "a Cardinal's third action may be a cooperative building (C9's budget is refilled by
    it like any action)"; flipping the Cardinal is free and refills nothing."""
    game, st = new_game(3, start=0, cooperative=True, characters=True)
    st.char_owner[0, 1] = 0  # the Cardinal
    start_turn(game, st, 0, round_index=0)
    decline_a_tower(game, st, "coop_left")
    decline_a_tower(game, st, "coop_right")
    act(game, st, "cardinal")
    assert st.actions_left[0] == 3 and st.proposals_left[0] == 0  # the flip refills nothing
    assert not any(name.startswith("coop_build") for name in legal_names(game, st))
    act(game, st, "freedom_Travel")
    act(game, st, "take_bonus")
    while st.phase[0] != PH_ACTION:
        act(game, st, legal_names(game, st)[0])
    assert st.actions_left[0] == 1 and "coop_build_Tower" in legal_names(game, st)  # the third action
    act(game, st, "coop_build_Tower")
    act(game, st, "coop_right")
    act(game, st, legal_names(game, st)[0])
    act(game, st, "coop_price_0")
    act(game, st, "coop_accept")
    assert st.built[0, [0, 1], game.T.building_names.index("Tower")].all() and st.turns_done[0] == 1  # all used


def test_an_unaffordable_rung_is_not_offered():
    """C7: the partner cannot pay more than his purse; the builder's purse plus the price covers
    his cost (700 Florin with no Builder)."""
    game, st = new_game(2, start=0, cooperative=True)
    set_money(st, 0, 5, fame=0)
    set_money(st, 1, 3, fame=0)
    start_turn(game, st, 0, round_index=0)
    act(game, st, "coop_build_Tower")
    act(game, st, legal_names(game, st)[0])
    assert legal_names(game, st) == ["coop_price_200", "coop_price_300"]
    game, st = new_game(2, start=0, cooperative=True)
    set_money(st, 0, 2, fame=0)  # 200 + 300 < 700: no rung left
    set_money(st, 1, 3, fame=0)
    start_turn(game, st, 0, round_index=0)
    assert not any(name.startswith("coop_build") for name in legal_names(game, st))


def test_rule_5_holds_on_the_partners_side():
    """"Neither Principality may already have that Building built in it (either built alone or
    cooperatively)." """
    game, st = workshop_position()
    names = legal_names(game, st)
    assert "coop_build_Chapel" not in names and "build_Chapel" in names  # Leon has one
    assert "coop_build_Tower" not in names and "coop_build_Library" in names  # she has one


# ------------------------------------------------------------------ what it counts for


def test_a_shared_building_counts_for_both_seats():
    game, st = workshop_position()
    act(game, st, "coop_build_Workshop")
    game.step(st, np.array([place_id(game, WORKSHOP["legal_placement"]["frame_index"])]))
    act(game, st, "coop_price_500")
    act(game, st, "coop_accept")
    for seat, own_squares, other in ((0, 5, 3), (1, 2, 3)):
        features = game.features(st, G0, np.array([seat]))[0]
        assert features[FEATURE["buildings"]] == 2 and features[FEATURE["large"]] == 1  # the Workshop is large
        assert features[FEATURE["empty"]] == 49 - 6 - other - own_squares  # each board its own part
    x = game.T.prof_building.tolist().index(2)  # a profession whose building is the Workshop
    for seat in (0, 1):
        base = game.work_base(st, G0, np.array([seat]), np.array([x]))[0]
        st.built[0, seat, 2] = False
        assert base - game.work_base(st, G0, np.array([seat]), np.array([x]))[0] == game.T.value_building
        st.built[0, seat, 2] = True


def test_the_partner_pays_by_selling_fame_without_the_characters():
    game, st = workshop_position()
    set_money(st, 1, 0, fame=10)
    start_turn(game, st, 0, round_index=0)
    money_in = int(st.money_in[0])
    act(game, st, "coop_build_Workshop")
    game.step(st, np.array([place_id(game, WORKSHOP["legal_placement"]["frame_index"])]))
    act(game, st, "coop_price_500")
    act(game, st, "coop_accept")
    assert st.money[0].tolist() == [15, 0] and st.fame[0].tolist() == [3, 10 - 5 + 3]
    assert st.money_in[0] == money_in + 5  # the Bank bought the fame; the price went player to player
    game.check_invariants(st)


# ------------------------------------------------------------------ errors and the base game


def test_illegal_actions_and_options_raise_and_leave_the_state_unchanged():
    game, st = workshop_position()
    before = st.copy()
    with pytest.raises(ValueError, match="is illegal"):
        game.step(st, np.array([game.action_names.index("coop_build_Chapel")]))
    with pytest.raises(ValueError, match="is illegal"):
        game.step(st, np.array([game.a_coop_accept]))
    assert states_equal(st, before)
    base, base_st = new_game(2, start=0)
    with pytest.raises(ValueError, match="illegal"):
        base.step(base_st, np.array([game.a_coop]))  # no such id without the option
    with pytest.raises(ValueError, match="cooperative must be True or False"):
        Princes(3, cooperative="yes")
    with pytest.raises(ValueError, match="solo game"):
        Princes(1, solo=True, cooperative=True)
    for patch, key in (
        ({"negotiation": {"price_ladder": [1, 2]}}, "price_ladder"),
        ({"negotiation": {"proposals_per_action": 0}}, "proposals_per_action"),
        ({"b_side": {"palazzo": [[5, 0]]}}, "palazzo"),
        ({"layouts": {"4": {"borders": [[0, 2]]}}}, "borders"),
    ):
        with pytest.raises(ValueError, match=key):
            Princes(4, cooperative=True, data={"cooperative": patch})
    patched = Princes(4, cooperative=True, data={"cooperative": {"negotiation": {"proposals_per_action": 3}}})
    assert patched.CT.proposals == 3


def test_a_finished_game_ignores_actions():
    game = Princes(2, cooperative=True)
    st = game.init(np.arange(1))
    rng = np.random.default_rng(0)
    while not st.terminated[0]:
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
    before = st.copy()
    before.rewards[:] = 0.0  # the core's rule: a finished game is a no-op with zero reward
    game.step(st, np.array([game.a_coop_accept]))
    assert states_equal(st, before)


def _trajectory_digest(num_players: int, characters: bool) -> str:
    game = Princes(num_players, characters=characters)
    st = game.init(np.arange(4, dtype=np.uint64))
    rng = np.random.default_rng(7)
    h = hashlib.sha256()
    while not st.terminated.all():
        h.update(st.legal_action_mask.tobytes())
        h.update(game.observe(st, st.current_player).tobytes())
        game.step(st, random_legal_actions(st.legal_action_mask, rng))
        h.update(st.rewards.tobytes())
    h.update(st.scores.tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(
    "num_players,characters,digest",
    [(2, False, "b0e7386a5a81e4b9"), (3, True, "7a357e7302b717fa"), (5, False, "9fa3f52ba554e7c4")],
)
def test_without_the_option_the_base_game_is_unchanged(num_players, characters, digest):
    """Masks, observations, rewards and scores of seeded random base games, step by step, as the
    engine played them before the expansion existed (digests taken from that code)."""
    game = Princes(num_players, characters=characters)
    assert game.num_actions == 760 and game.obs_size == 311 + 198 * num_players
    assert not hasattr(game.init(np.arange(1)), "shared_with")
    assert _trajectory_digest(num_players, characters) == digest


def test_version_2_and_the_older_modules_raise_deprecated_env():
    """The price ladder of version 2 (issue 22 item 14) changed the cooperative action ids: the
    PettingZoo convention is that the old module raises rather than give the new ids."""
    from pettingzoo.utils.deprecated_module import DeprecatedEnv  # noqa: PLC0415

    from florentine_envs import princes_v0, princes_v1, princes_v2  # noqa: PLC0415

    assert Princes.version == 2 and Princes(1, solo=True).version == 1  # the solo game has its own version
    env = princes_v2.env(num_players=2, cooperative=True)
    assert env.metadata["name"] == "princes_v2"
    for old in (princes_v0, princes_v1):
        with pytest.raises(DeprecatedEnv, match="use princes_v2 instead"):
            old.env(num_players=2)


# ------------------------------------------------------------------ random games


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("characters", [False, True])
def test_random_games_keep_the_invariants_and_build_together(num_players, characters):
    game = Princes(num_players, cooperative=True, characters=characters)
    assert game.num_actions == 760 + 849 and game.obs_size == 477 + 222 * num_players
    st = game.init(np.arange(6))
    rng = np.random.default_rng(num_players)
    bounds = game.obs_field_bounds()
    while not st.terminated.all():
        game.step(st, coop_biased_actions(game, st, rng, share=0.6))
        game.check_invariants(st)
        obs = game.observe(st, st.current_player)
        for field, (low, high) in bounds.items():
            values = obs[:, game.obs_layout[field]]
            assert (values >= low).all() and (values <= high).all(), field
    assert (st.shared_with >= 0).any()
    restored = game.from_json(game.to_json(st, 1))
    assert states_equal(restored, st.select(1))


def test_names_narration_and_the_board_strip():
    game, st = workshop_position()
    assert game.action_names[game.a_coop : game.a_coop + 2] == ["coop_build_University", "coop_build_Laboratory"]
    assert "coop_price_500" in game.action_names and "coop_place_k0_r0c5" in game.action_names
    before = st.copy()
    act(game, st, "coop_build_Workshop")
    game.step(st, np.array([place_id(game, 5)]))
    mid = st.copy()
    act(game, st, "coop_price_500")
    assert game.narrate(mid, st, 0, game.action_names.index("coop_price_500"), False)[-1] == (
        "player_0 proposes a Workshop to player_1 (right) for 500 Florin"
    )
    answer = st.copy()
    act(game, st, "coop_accept")
    assert game.narrate(answer, st, 0, game.a_coop_accept, False)[-1] == (
        "player_1 accepts: pays player_0 500 Florin; player_0 pays 0 Florin; both score 3"
    )
    text = game.render(st)
    assert "shared building board" in text and "Workshop (player_0 and player_1)" in text
    assert text.count("w") >= 7 and before.phase[0] == PH_ACTION


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("characters", [False, True])
def test_the_one_game_coop_mask_and_observation_equal_the_batched_ones(num_players, characters):
    # the AEC env's scalar paths (_mask_coop_action_one skips sides and buildings early,
    # _coop_observe_one reads cached seat views) must give the batched mask in every position
    # and the batched observation everywhere, of cooperative-heavy random games; during a
    # proposal the JSON round trip keeps it and randomize_hidden leaves it (SPEC CH, CJ)
    game = Princes(num_players, cooperative=True, characters=characters)
    rng = np.random.default_rng(num_players + 10 * characters)
    st = game.init(np.arange(12))
    compared = proposable = proposals = steps = 0
    while not st.terminated.all():
        observer = steps % num_players
        batched = game.observe(st, np.full(12, observer))
        for b in np.flatnonzero(~st.terminated):
            one = st.select(np.array([b]))
            assert (game.observe(one, np.array([observer]))[0] == batched[b]).all(), (num_players, int(b))
            game._refresh_mask(one, G0)  # a batch of one: the scalar path
            assert (one.legal_action_mask[0] == st.legal_action_mask[b]).all(), (num_players, int(b))
            coop_ids = slice(game.a_coop, game.a_coop + 10)
            if one.phase[0] == PH_ACTION:
                compared += 1
                proposable += one.legal_action_mask[0, coop_ids].any()
            elif one.phase[0] >= PH_COOP_SIDE:
                proposals += 1
                assert states_equal(game.from_json(game.to_json(st, int(b))), one)
                hidden = game.randomize_hidden(one, 0, 11)
                assert (hidden.shared_with == one.shared_with).all() and hidden.prop_place[0] == one.prop_place[0]
        game.step(st, coop_biased_actions(game, st, rng, share=0.6))
        steps += 1
    assert compared > 200 and proposable > 20 and proposals > 20
