"""Florenza (board game, 2nd edition; Placentia Games), batched numpy engine for 2-5 players.

The encoding (action ids, observation layout, order of automatic steps, use of randomness) is
fixed in ``SPEC.md`` beside this file; ``DESIGN_NOTES.md`` numbers every reading of an unclear
rulebook sentence (D1..). The rules are the rulebook's
(``shared/rules/florenza_board_game_2nd_edition.txt``).

This module holds :class:`Florenza`: the options, the invariants, the rewards and the
hidden-information resampling, assembling the mixins of ``setup.py``, ``rules/``, ``masks.py``,
``observation.py``, ``features.py`` and ``presentation.py``; it re-exports
:class:`~.state.FlorenzaState`. The package's ``__init__`` lists every module.

Hidden information: only the order of the bag and future dice.

Changelog: v0 -- first release. v1 -- a player whose artworks of one zone cannot all be paid
chooses which to complete next (phase ARTWORK, D8); the observation shows who is on the
Cathedral pulpit and which preacher is on each pulpit (D35).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game
from .constants import (
    CRESTS,
    GONE,
    IN_BAG,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_PHASES,
    NUM_RESOURCES,
    NUM_SKILLS,
    NUM_SLOTS_X,
    NUM_SPACES,
    ON_CARD,
    ON_PULPIT,
    PH_OVER,
    ROUNDS,
    ST_ARTWORK,
    ST_BISHOP,
    ST_CAPTAIN,
    ST_DISTRICT,
    ST_INCOME,
    ST_MARKET,
    ST_OVER,
    ST_PLACE,
    ST_SETUP,
    WORKERS,
    ActionIds,
)  # fmt: skip
from .data import load_data
from .features import FlorenzaFeatures
from .masks import MaskMixin
from .observation import FlorenzaObservation
from .pending import check_round_fields, check_round_history
from .presentation import FlorenzaPresentation
from .rules import RulesMixin, ScoringMixin
from .setup import SetupMixin
from .state import FlorenzaState
from .tables import Tables

#: int[NUM_PHASES]: the round phase (``stage``) in which each decision is taken: set-up picks, the
#: income's Atrio, the offices, placement (with its hires and preachers), the market, the district
#: (conversions), the artworks (skills, incentives, the Cathedral's die, the order of artworks)
_STAGE_OF_PHASE = np.array([ST_SETUP, ST_INCOME, ST_CAPTAIN, ST_BISHOP, ST_PLACE, ST_PLACE, ST_PLACE, ST_MARKET,
                            ST_MARKET, ST_MARKET, ST_MARKET, ST_DISTRICT, ST_ARTWORK, ST_ARTWORK, ST_ARTWORK,
                            ST_OVER, ST_ARTWORK])  # fmt: skip


class Florenza(FlorenzaPresentation, FlorenzaFeatures, FlorenzaObservation, ScoringMixin, MaskMixin, RulesMixin, SetupMixin,
               Game):  # fmt: skip
    """Florenza (board game). Options: ``die`` ("die" | "no_die"), ``two_player_variant`` (bool),
    ``first_game`` (bool), ``reward`` ("win" | "score"), ``data`` (see SPEC §1)."""

    name = "florenza"
    version = 1
    player_counts = (2, 3, 4, 5)
    option_names = ("die", "two_player_variant", "first_game", "reward", "data")
    state_class = FlorenzaState

    def _draw_picture(self, state, index: int, view: int | None):
        """The picture of one game: this package's ``picture.py`` (imported on use, the optional
        ``pictures`` extra)."""
        from .picture import draw

        return draw(self, state, index, view)

    def __init__(self, num_players: int = 4, die: str = "die", two_player_variant: bool = True,
                 first_game: bool = False, reward: str = "win", data=None):  # fmt: skip
        if die not in ("die", "no_die"):
            raise ValueError(f"florenza: die={die!r} is not supported; allowed: 'die', 'no_die'")
        for option, value in (("two_player_variant", two_player_variant), ("first_game", first_game)):
            if not isinstance(value, (bool, np.bool_)):
                raise ValueError(f"florenza: {option} must be True or False, got {value!r}")
        if reward not in ("win", "score"):
            raise ValueError(f"florenza: reward={reward!r} is not supported; allowed: 'win', 'score'")
        options = {"die": die, "two_player_variant": bool(two_player_variant), "first_game": bool(first_game),
                   "reward": reward}  # fmt: skip
        if data is not None:
            options["data"] = str(data) if isinstance(data, Path) else data
        super().__init__(num_players, **options)
        self.no_die = die == "no_die"
        self.two_player_rule = bool(two_player_variant) and self.num_players == 2
        self.first_game = bool(first_game)
        #: the component data (validated), as every game keeps it (balance variants patch it)
        self.data = load_data(data)
        self.t = Tables(self.data)
        t = self.t
        self.ids = ActionIds(self.num_players, t.NW, t.NM)
        self.num_actions = self.ids.total
        # balance hooks: workshops built by type, artworks completed, characters hired
        self.acq_box = t.NW
        self.acq_main = t.NW + NUM_BOXES
        self.acq_char = self.acq_main + t.NM
        self.component_names = (
            tuple(f"workshop:{w}" for w in t.ws_names) + tuple(f"district_artwork:{b}" for b in t.box_names)
            + tuple(f"artwork:{a}" for a in t.art_names) + tuple(f"character:{c}" for c in t.slot_names)
        )  # fmt: skip
        self._build_action_names()
        seats = np.arange(self.num_players)
        self.seats_from = (seats[:, None] + seats) % self.num_players  # int[P, P]: [p, j] seat at p's relative j
        self._build_layout()
        self._build_mask_tables()

    # --------------------------------------------------------- invariants

    def state_field_bounds(self) -> dict:
        """The range of every integer state field (the core checks them in ``from_json``; SPEC §7
        gives the meanings): ids of phases, stages, seats, spaces, workshop types, artworks and
        character slots; holdings within the observation's bounds (:meth:`bound_constants`).
        Which combinations are consistent is :meth:`check_invariants`' part."""
        P, t, b = self.num_players, self.t, self.bound_constants()
        NW, NM = t.NW, t.NM
        pp = (-b["pp_loss"], b["pp_gain"])
        # ptr, at a decision: the set-up's pick (each player places two starting workshops, 2P
        # picks), a slot of the turn order (at most P + 1: a double office), or a player (P)
        return {
            "phase": (0, NUM_PHASES - 1), "stage": (0, ST_OVER), "round": (1, ROUNDS), "ptr": (0, 2 * P - 1),
            "sub": (0, NUM_SPACES), "order": (-1, P - 1), "nslots": (P, P + 1), "captain": (-1, P - 1),
            "bishop": (-1, P - 1), "money": (0, b["money"]), "res": (0, b["cubes"]), "track": pp, "certs": pp,
            "influence": (0, b["influence"]), "avail": (0, WORKERS), "pool": (0, WORKERS), "detained": (0, WORKERS),
            "at_work": (0, WORKERS), "cath_pulpit": (-1, P - 1), "own_preacher": (-1, NUM_SLOTS_X - 1),
            "cath_preacher": (-1, NUM_SLOTS_X - 1), "crests": (0, CRESTS), "space_type": (-1, NW - 1),
            "space_worker": (-1, P - 1), "ws_supply": (0, t.ws_qty), "box_artist": (-1, NUM_SLOTS_X - 1),
            "main_crest": (-1, P - 1), "main_worker": (-1, P - 1), "main_artist": (-1, NUM_SLOTS_X - 1),
            "bag": (0, NUM_NAMED - 1), "bag_pos": (0, NUM_NAMED), "char_state": (IN_BAG, GONE), "life": (0, 7),
            "char_where": (ON_CARD, ON_PULPIT), "unnamed_left": (0, 2), "rolls": (0, np.iinfo(np.int32).max),
            "income_res": (-1, NUM_RESOURCES - 1), "pend_box": (-1, NUM_BOXES + NM - 1),
            "pend_skill": (-1, NUM_SKILLS - 1),
            "pend_pulpit": (-1, 1), "pend_ws": (-1, NW - 1), "dice": (0, 6), "trade_given": (0, 2),
            "market_used": (0, 1), "acq": (0, np.iinfo(np.int16).max), "final_rank": (0, P),
            "scores": (2 * pp[0] - b["money"], 2 * pp[1] + b["money"] + b["cubes"] + b["influence"]),
        }  # fmt: skip

    def final_rewards_of(self, state: FlorenzaState) -> np.ndarray:
        """The rewards of the last step (SPEC §9): by ``final_rank`` (tie-breaks applied), or score margins."""
        P, score = self.num_players, state.scores.astype(np.float64)
        if self.options.get("reward", "win") == "score":
            return (score - (score.sum(1, keepdims=True) - score) / (P - 1)).astype(np.float32)
        winners = state.final_rank == 1
        w = winners.sum(1, keepdims=True)
        out = np.where(winners, 1.0 / np.maximum(w, 1), -1.0 / np.maximum(P - w, 1))
        out[w[:, 0] == P] = 0.0
        return out.astype(np.float32)

    def check_invariants(self, state: FlorenzaState) -> None:
        st, t, P = state, self.t, self.num_players
        problems = []

        def bad(cond, what):
            rows = np.flatnonzero(cond)
            if rows.size:
                problems.append(f"game {int(rows[0])}: {what}")

        seats = np.arange(P)
        placed = st.at_work + st.market_worker + st.pulpit_own + (st.cath_pulpit[:, None] == seats)
        placed = placed + (st.space_worker[:, :, :, None] == seats).sum((1, 2)) + st.box_worker.sum(2)
        placed = placed + (st.main_worker[:, :, None] == seats).sum(1)
        total = st.avail.astype(np.int64) + st.pool + st.detained + placed
        bad((total != WORKERS).any(1), f"workers not accounted for ({WORKERS} per family)")
        bad((st.avail < 0).any(1) | (st.pool < 0).any(1) | (st.detained < 0).any(1), "negative workers")
        on_spaces = np.zeros((st.batch_size, t.NW), np.int64)
        for w in range(t.NW):
            on_spaces[:, w] = (st.space_type == w).sum((1, 2))
        bad(((st.ws_supply + on_spaces) != t.ws_qty).any(1), "workshop tiles not conserved")
        crests = st.box_crest.sum(2) + (st.main_crest[:, :, None] == seats).sum(1)
        bad(((crests + st.crests) != CRESTS).any(1), "crests not accounted for")
        bad(((st.char_state == IN_BAG).sum(1) != NUM_NAMED - st.bag_pos), "bag count")
        bad(((st.char_state == IN_PLAY) != (st.life > 0)).any(1), "life cards")
        bad((st.money < 0).any(1) | (st.res < 0).any((1, 2)) | (st.influence < 0).any(1), "negative holdings")
        bad(((st.space_type < 0) & (st.space_worker >= 0)).any((1, 2)), "worker on an empty space")
        bad((st.unnamed_left < 0).any(1) | (st.unnamed_left > 2).any(1), "unnamed tiles")
        bad(st.terminated & st.legal_action_mask.any(1), "finished game has legal actions")
        bad(~st.terminated & ~st.legal_action_mask.any(1), "live game has no legal action")
        bad(st.terminated != (st.phase == PH_OVER), "terminated differs from phase GAME_OVER")
        bad((st.round < 1) | (st.round > 8), "round out of range")
        bad(((st.char_state == GONE) & (st.life != 0)).any(1), "a gone character on a card")
        bad((np.sort(st.bag, 1) != np.arange(NUM_NAMED)).any(1), "the bag is not an order of the 40 named characters")
        # every decision belongs to one round phase of the rulebook (the automatic flow waits there)
        bad(st.stage != _STAGE_OF_PHASE[st.phase.astype(np.int64)], "stage differs from the decision's round phase")
        # the turn order: nslots seats, every family once, but a double office holder's first two slots
        used = np.arange(P + 1)[None, :] < st.nslots[:, None]
        bad(((st.order >= 0) != used).any(1), "order holds seats exactly in its nslots slots")
        present = (st.order[:, :, None] == seats).any(1)
        bad(~present.all(1), "a family missing from the turn order")
        bad((st.nslots == P + 1) & (st.order[:, 0] != st.order[:, 1]), "a repeated slot that is not the first two")
        bad(~st.terminated & (st.scores != 0).any(1), "scores are set before the end")
        bad(~st.terminated & (st.final_rank != 0).any(1), "final_rank is set before the end")
        check_round_fields(self, st, bad)  # the phase, its pending decision and the round (pending.py)
        if problems:
            raise ValueError(f"{self.name}: invalid state: " + "; ".join(problems[:5]))

    def check_state(self, state: FlorenzaState) -> None:
        """The core's checks (:meth:`Game.check_state`, :meth:`check_invariants` among them), then what
        the rounds played so far imply (``pending.check_round_history``: the Life in Florenza row, the
        income die, the offices and the last phase 8's elections, the holdings): a saved game is
        refused when its round disagrees. Kept out of :meth:`check_invariants`, which the rule tests'
        positions built by hand (a round jumped to, a character drawn out of turn) must pass."""
        super().check_state(state)
        problems = []

        def bad(cond, what):
            rows = np.flatnonzero(cond)
            if rows.size:
                problems.append(f"game {int(rows[0])}: {what}")

        check_round_history(self, state, bad)
        if problems:
            raise ValueError(f"{self.name}: invalid state: " + "; ".join(problems[:5]))

    # --------------------------------------------------------- hidden info

    def randomize_hidden(self, state: FlorenzaState, player: int, seed: int) -> FlorenzaState:
        """Re-order the bag's undrawn characters and replace the seed (future dice) (SPEC §12)."""
        out = state.copy()
        new_seeds = rng.hash64(np.uint64(seed), 99, np.arange(out.batch_size))
        for b in range(out.batch_size):
            gen = np.random.default_rng(int(new_seeds[b]))
            pos = int(out.bag_pos[b])
            rest = np.sort(out.bag[b, pos:])
            out.bag[b, pos:] = rest[gen.permutation(rest.size)]
        out.seed[:] = new_seeds
        return out


__all__ = ["Florenza", "FlorenzaState"]
