"""The Princes of Florence (Wolfgang Kramer, Richard Ulrich), batched numpy engine, 2-5 players,
with the Muse and the Princess as an option.

The encoding (action ids, observation, order of automatic steps, randomness) is fixed in
``SPEC.md`` beside this file; the readings of ambiguous rule sentences are ``DESIGN_NOTES.md``
(D1-D36). The rules are the rulebook's (``shared/rules/princes_of_florence.txt``). Every
component number is read from ``princes_data.json``; the option ``data=`` overrides it.

This module is the game: the options, the step dispatch assembling the mixins of ``setup.py``,
``rules/``, ``masks.py``, the observations and the presentations, the invariants and the
hidden-information resampling; :class:`PrincesSolo` is the solo game as a game id of its own. The
state is ``state.py``; the package's table of contents is its ``__init__``.

Readings that change play most: money is public (every change of it is); the dealt starting
hands are public; fame is sold automatically for exactly a payment's shortfall (never with the
characters); nobody may bid on an object they could not take (a landscape with no room, a
fourth Builder); the lone buyer pays 200 also with two players.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game, dispatch
from ..redraw import redraw_until_plausible
from .constants import (
    A_PLACE,
    CTX_NONE,
    CTX_WIN,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    DECK_SIZES,
    DRAWN_OFFSET,
    NUM_AUTOMA,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_COOP_PHASES,
    NUM_PHASES,
    NUM_PIECES,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    NUM_STACKS,
    PH_ACTION,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    PH_KEEP,
    PH_LANDSCAPE_PICK,
    PH_ORDER,
    PH_OVER,
    PH_PLACE,
    PH_RECRUIT_NOW,
    PH_SETUP_DISCARD,
    PH_WORK_BONUS,
    PH_WORK_PAY,
    RESUME_ACTION,
    RESUME_AUCTION,
    RESUME_CHAR_USE,
    TWICE,
)
from .coop_observation import CoopObservation
from .coop_presentation import CoopPresentation
from .coop_tables import CoopTables, load_coop_data
from .data import SoloTables, Tables, load_data
from .features import PrincesFeatures
from .geometry import popcount
from .masks import MaskRules
from .observation import PrincesObservation
from .pending import check_pending
from .presentation import PrincesPresentation
from .rules.actions import ActionRules
from .rules.auction import AuctionRules
from .rules.characters import CharacterRules
from .rules.common import CommonRules
from .rules.coop import CoopRules
from .rules.scoring import ScoringRules
from .rules.solo import SOLO_NAME, SoloRules, check_solo_options
from .schema import check_totals
from .setup import SetupRules
from .solo_observation import SoloObservation
from .solo_presentation import SoloPresentation
from .state import PrincesCoopState, PrincesState

__all__ = ["SOLO_VERSION", "Princes", "PrincesCoopState", "PrincesSolo", "PrincesState"]

#: princes_solo_v1 (its own history: the base game's version 1, the cooperative expansion, did not
#: change it; v1: the rebuilt Automa deck, D50, the observed deck places; see princes_solo_v1's changelog)
SOLO_VERSION = 1


class Princes(
    CoopPresentation,
    SoloPresentation,
    PrincesPresentation,
    PrincesFeatures,
    PrincesObservation,
    SoloObservation,
    CoopObservation,
    SoloRules,
    ScoringRules,
    CoopRules,
    MaskRules,
    ActionRules,
    CharacterRules,
    AuctionRules,
    CommonRules,
    SetupRules,
    Game,
):
    """The Princes of Florence. Options: ``characters`` (bool: the Muse and the Princess),
    ``cardinal_twice_limit`` (bool, with characters: the Cardinal's third action may not be a
    third work, build or Bonus card; DESIGN_NOTES D17), ``hard_freedoms`` (bool, 2 players: 4
    Freedoms), ``cooperative`` (bool: the cooperative building expansion), ``solo`` (bool: you
    against Wolfgang, one agent; with ``dummies`` 2 | 3 and ``difficulty`` "easy" | "standard" | "hard"), ``reward``
    ("win" | "score"), ``data`` (dict patch or path)."""

    name = "princes"
    version = 2  # 1: the cooperative building expansion (option cooperative); 2: its price ladder by 100 Florin
    player_counts = (2, 3, 4, 5)
    option_names = (
        "characters", "cardinal_twice_limit", "hard_freedoms", "cooperative", "solo", "dummies", "difficulty", "reward",
        "data",
    )  # fmt: skip
    #: when False, check_invariants skips pending.py's checks of each phase's pending decision and
    #: where the round stands -- for the rule tests' scenarios, which edit positions no play reaches
    #: (professions handed out in round 0, a seat put to act out of turn); the totals stay checked
    pending_checks = True

    def _draw_picture(self, state, index: int, view: int | None):
        """The picture of one game (imported on use, the optional ``pictures`` extra): the solo
        game's ``picture_solo.py``, the cooperative expansion's ``picture_coop.py``, else the base
        game's ``picture.py``."""
        if self.solo:
            from .picture_solo import draw_solo

            return draw_solo(self, state, index, view)
        if self.cooperative:
            from .picture_coop import draw_coop

            return draw_coop(self, state, index, view)
        from .picture import draw

        return draw(self, state, index, view)

    def __init__(
        self,
        num_players: int | None = None,
        characters: bool = False,
        cardinal_twice_limit: bool = False,
        hard_freedoms: bool = False,
        cooperative: bool = False,
        solo: bool = False,
        dummies: int = 2,
        difficulty: str = "standard",
        reward: str = "win",
        data=None,
    ):
        game_id = type(self).name  # "princes", or "princes_solo" for PrincesSolo: the id asked for
        flags = {"characters": characters, "cardinal_twice_limit": cardinal_twice_limit, "hard_freedoms": hard_freedoms}
        flags.update(cooperative=cooperative, solo=solo)
        for opt, value in flags.items():
            if not isinstance(value, (bool, np.bool_)):
                raise ValueError(f"{game_id}: {opt} must be True or False, got {value!r}")
        if reward not in ("win", "score"):
            raise ValueError(f"{game_id}: reward={reward!r} is not supported; allowed: 'win', 'score'")
        self.solo = bool(solo)
        if self.solo and cooperative:
            raise ValueError(
                f"{game_id}: It is not possible to use the expansions when playing the solo game (cooperative=True); "
                "allowed with solo=True: dummies, difficulty, reward, data"
            )
        if cardinal_twice_limit and not characters:
            raise ValueError(
                f"{game_id}: cardinal_twice_limit=True is a rule of the Cardinal, a Character card; "
                "allowed only with characters=True"
            )
        if cardinal_twice_limit and cooperative:  # the cooperative module does not count its builds (DESIGN_NOTES D17)
            raise ValueError(
                f"{game_id}: cardinal_twice_limit=True is not combined with cooperative=True; allowed: either of them"
            )
        if self.solo:
            check_solo_options(game_id, num_players, characters, hard_freedoms, dummies, difficulty)
            self.name, self.version, self.player_counts = SOLO_NAME, SOLO_VERSION, (1,)
            num_players = 1 if num_players is None else num_players
            options = {"dummies": int(dummies), "difficulty": difficulty, "reward": reward}
        else:
            if (dummies, difficulty) != (2, "standard"):
                raise ValueError(
                    f"{game_id}: dummies={dummies!r} / difficulty={difficulty!r} are options of the solo game; "
                    "allowed only with solo=True"
                )
            num_players = 4 if num_players is None else num_players
            if hard_freedoms and num_players != 2:
                raise ValueError(
                    f"{game_id}: hard_freedoms=True is a 2-player rule, not for num_players={num_players!r}"
                )
            options = {"characters": bool(characters), "cardinal_twice_limit": bool(cardinal_twice_limit)}
            options.update(hard_freedoms=bool(hard_freedoms), cooperative=bool(cooperative), reward=reward)
        if data is not None:
            options["data"] = str(data) if isinstance(data, Path) else data
        super().__init__(num_players, **options)
        self.characters = bool(characters)
        self.hard_freedoms = bool(hard_freedoms)
        self.cooperative = bool(cooperative)
        #: the Cardinal's third action may not repeat an action done twice this turn (D17's other reading)
        self.cardinal_twice_limit = bool(cardinal_twice_limit)
        #: seats at the table: the players, or in the solo game you, Wolfgang and the dummies
        self.seats = 2 + int(dummies) if self.solo else self.num_players
        self.data = load_data(data)
        try:
            self.T = Tables(self.data, self.seats)
            self.ST = SoloTables(self.data, self.seats, difficulty) if self.solo else None
            self.CT = None
            if self.cooperative:  # SPEC CB: the B side's Palazzo replaces the A side's
                self.CT = CoopTables(load_coop_data(self.data), self.data["buildings"]["shapes"], self.T, self.seats)
                self.T.palazzo, self.T.free_cells = self.CT.palazzo, self.CT.free_cells
        except (KeyError, TypeError, IndexError) as err:
            raise ValueError(f"{game_id}: component data is malformed ({type(err).__name__}: {err})") from None
        if (self.T.num_bonus, self.T.num_prestige) != (NUM_BONUS, NUM_PRESTIGE):
            raise ValueError(f"{game_id}: the data must hold {NUM_BONUS} Bonus and {NUM_PRESTIGE} Prestige cards")
        if data is not None:
            check_totals(game_id, self.T, self._money_fame_bounds())
        self.a_place = A_PLACE
        self.a_fame = A_PLACE + 8 * self.T.num_cells
        self.fame_choices = self.T.max_work_value() * self.T.florin_per_work_point // self.T.florin_per_fame_taken + 1
        self.num_actions = self.a_fame + self.fame_choices
        if self.cooperative:
            self._coop_ids()
        self.action_names = self._build_action_names()
        self._build_layout()
        # balance hooks (core.game's contract): the objects of the principality, by kind
        T = self.T
        self.component_names = (
            tuple(f"building:{n}" for n in T.building_names) + tuple(f"landscape:{n}" for n in T.landscape_names)
            + tuple(f"freedom:{n}" for n in T.freedom_names) + ("character:Jester", "character:Builder")
        )  # fmt: skip

    def acquisitions(self, state: PrincesState) -> np.ndarray:
        """int32[B, P, C]: buildings built, landscapes, Freedoms, Jesters and Builders each
        player owns (``component_names``); none of them ever leaves a principality. Solo: yours."""
        N = self.num_players
        return np.concatenate(
            [state.built, state.landscapes, state.freedoms, state.jesters[..., None], state.builders[..., None]],
            axis=2,
        ).astype(np.int32)[:, :N]

    def running_scores(self, state: PrincesState) -> np.ndarray:
        """float32[B, P]: prestige points on the fame track so far (the Prestige cards score
        only at the end); the final score once the game is over. Solo: yours only (one agent: the
        hooks have no column for Wolfgang; his fame is observed)."""
        fame = state.fame[:, : self.num_players]
        return np.where(state.terminated[:, None], state.scores, fame).astype(np.float32)

    # -------------------------------------------------------------- step

    def _apply(self, state: PrincesState, games: np.ndarray, actions: np.ndarray) -> None:
        handlers = self._handlers
        if games.size == 1:
            handlers[state.phase.item(games.item(0))](self, state, games, actions)
        else:
            dispatch(state.phase, games, actions, {ph: functools.partial(h, self, state) for ph, h in handlers.items()})
        self._auto_end_turns(state, games)
        # the score is the fame track (SPEC E); solo: yours (SPEC SE)
        state.scores[games] = state.fame[games, : self.num_players]
        self._refresh_mask(state, games)

    @functools.cached_property
    def _handlers(self) -> dict:
        cls = type(self)
        if self.solo:
            return {
                PH_SETUP_DISCARD: cls._on_setup_discard,
                PH_AUCTION_CHOOSE: cls._solo_on_choose,
                PH_AUCTION_BID: cls._solo_on_bid,
                PH_PLACE: cls._on_place,
                PH_KEEP: cls._on_keep,
                PH_ORDER: cls._on_order,
                PH_RECRUIT_NOW: cls._on_recruit_now,
                PH_ACTION: cls._on_action,
                PH_WORK_BONUS: cls._on_work_bonus,
                PH_WORK_PAY: cls._on_work_pay,
            }
        return {
            **(self._coop_handlers if self.cooperative else {}),
            PH_SETUP_DISCARD: cls._on_setup_discard,
            PH_AUCTION_CHOOSE: cls._on_auction_choose,
            PH_AUCTION_BID: cls._on_auction_bid,
            PH_LANDSCAPE_PICK: cls._on_landscape_pick,
            PH_PLACE: cls._on_place,
            PH_KEEP: cls._on_keep,
            PH_ORDER: cls._on_order,
            PH_RECRUIT_NOW: cls._on_recruit_now,
            PH_CHAR_USE: cls._on_char_use,
            PH_CHAR_AUCTION: cls._on_char_auction,
            PH_ACTION: cls._on_action,
            PH_WORK_BONUS: cls._on_work_bonus,
            PH_WORK_PAY: cls._on_work_pay,
        }

    # -------------------------------------------------------- invariants

    #: state fields of the solo game, blank (their initial values) in the base and cooperative games
    _SOLO_FIELDS = (
        "wolf_row", "wolf_len", "wolf_up", "wolf_bonus", "wolf_buildings", "wolf_freedoms", "dummy_col", "dummy_len",
        "automa_order", "automa_next", "automa_card", "last_bid", "auctions_done", "you_bought", "wolf_bought",
        "die_count", "tie_count", "recruit_discarded", "builders_discarded",
    )  # fmt: skip

    def state_field_bounds(self) -> dict:
        """The range of every integer state field (the core checks them in ``from_json``; SPEC.md
        and the state's field comments give the meanings): ids of phases, seats, cards, pieces,
        stacks and characters; supplies and holdings within the data and the observation's bounds
        (money and fame: :meth:`_money_fame_bounds`). Outside the solo game its fields keep their
        blank values. Which combinations are consistent is :meth:`check_invariants`' part."""
        T, S = self.T, self.seats
        money, fame = self._money_fame_bounds()
        W = T.max_work_value()
        banker = max(T.banker_start, T.banker_refill) + T.num_rounds * T.banker_gain
        phases = NUM_PHASES + (NUM_COOP_PHASES if self.cooperative else 0)
        big = np.iinfo(np.int16).max  # RNG counters
        # a rolled last bid: the Automa card's modifier plus one die (SPEC SA)
        last_bid = self.ST.max_mod + self.ST.die_sides if self.solo else -1
        deck_sizes = np.array([NUM_PROFESSIONS, NUM_BONUS, NUM_PRESTIGE])  # DECK_PROFESSIONS, DECK_BONUS, DECK_PRESTIGE
        bounds = {
            "phase": (0, phases - 1), "round": (0, T.num_rounds - 1), "start": (0, S - 1), "setup_done": (0, S),
            "money": (0, money), "fame": (-fame if self.solo else 0, fame), "best_work": (0, W),
            "landscapes": (0, T.landscapes_per_type), "jesters": (0, T.jesters), "builders": (0, T.max_builders),
            "hand_recruit": (0, T.recruiting), "table_recruit": (0, T.recruiting),
            "deck_cards": (-1, deck_sizes[:, None] - 1), "deck_top": (0, deck_sizes - 1),
            "deck_len": (0, deck_sizes), "under_by": (-1, S - 1), "draw_deck": (-1, 2),
            "supply_buildings": (0, T.buildings_per_type), "supply_landscapes": (0, T.landscapes_per_type),
            "supply_freedoms": (0, 4), "supply_jesters": (0, T.jesters), "supply_builders": (0, T.builders),
            "supply_recruiting": (0, T.recruiting), "stack": (-1, NUM_STACKS - 1), "bid": (0, money + fame),
            "high": (-1, S - 1), "opener": (-1, S - 1), "piece": (-1, NUM_PIECES - 1), "resume": (0, 2),
            "ctx": (0, 3), "ctx_index": (0, S), "char_owner": (-1, S - 1), "banker_money": (0, banker),
            "pawn_card": (-1, NUM_CHARACTERS - 1), "pawn_value": (0, 15), "turns_done": (0, S),
            "actions_left": (0, 3), "acts_done": (0, 3), "work_prof": (-1, NUM_PROFESSIONS), "work_value": (0, W),
            "money_in": (0, np.iinfo(np.int32).max), "money_out": (0, np.iinfo(np.int32).max),
            "scores": (-fame if self.solo else 0, fame),
            "wolf_row": (-1, NUM_PROFESSIONS), "wolf_len": (0, 16), "wolf_bonus": (-1, 15),
            "wolf_buildings": (0, T.buildings_per_type), "wolf_freedoms": (0, 4),
            "dummy_col": (-1, NUM_PROFESSIONS - 1),
            "dummy_len": (0, 12), "automa_order": (-1, NUM_AUTOMA - 1), "automa_next": (0, NUM_AUTOMA),
            "automa_card": (-1, NUM_AUTOMA - 1), "last_bid": (-1, last_bid), "auctions_done": (0, NUM_STACKS),
            "you_bought": (-1, NUM_STACKS - 1), "wolf_bought": (-1, NUM_STACKS - 1), "die_count": (0, big),
            "tie_count": (0, big), "recruit_discarded": (0, T.recruiting), "builders_discarded": (0, T.builders),
        }  # fmt: skip
        if self.cooperative:
            bounds.update({
                "shared_with": (-1, S - 1), "prop_building": (-1, NUM_BUILDINGS - 1), "prop_builder": (-1, S - 1),
                "prop_partner": (-1, S - 1), "prop_side": (-1, 1), "prop_place": (-1, self.CT.frame_placements - 1),
                "prop_price": (-1, len(self.CT.ladder) - 1), "proposals_left": (0, self.CT.proposals),
            })  # fmt: skip
        if not self.solo:  # blank: exactly the initial values
            blank = self._init(np.zeros(1, np.uint64))
            for name in self._SOLO_FIELDS:
                value = getattr(blank, name)[0]
                if value.dtype != np.bool_:
                    bounds[name] = (value, value)
        return bounds

    def final_rewards_of(self, state: PrincesState) -> np.ndarray:
        """The rewards of the last step (SPEC E): fame then money ranks; solo: against Wolfgang."""
        games = np.arange(state.batch_size)
        if self.solo:
            return self._solo_final_rewards(state, games)
        return self.final_rewards(state.fame, state.money)

    def check_invariants(self, state: PrincesState) -> None:
        st, T, P = state, self.T, self.seats
        solo = self.solo
        grid = 1 if solo else P  # seats with a principality grid (solo: only you, D41)
        problems: list[str] = []

        def bad(cond, what):
            rows = np.flatnonzero(cond)
            if rows.size:
                problems.append(f"game {int(rows[0])}: {what}")

        prof = st.hand_prof.sum(1) + st.table_prof.sum(1) + st.drawn[:, :NUM_PROFESSIONS]  # [B, 21]
        prof = prof + self._deck_counts(st, DECK_PROFESSIONS)
        bad((prof != 1).any(1), "professions not conserved (each card in exactly one place)")
        lo, hi = DRAWN_OFFSET[1], DRAWN_OFFSET[2]
        bonus = st.bonus_hand.sum(1) + st.bonus_out + st.drawn[:, lo:hi] + self._deck_counts(st, DECK_BONUS)
        bad((bonus != 1).any(1), "Bonus cards not conserved")
        prestige = st.prestige_hand.sum(1) + st.drawn[:, hi:] + self._deck_counts(st, DECK_PRESTIGE)
        bad((prestige != 1).any(1), "Prestige cards not conserved")
        bad((st.known & ~st.hand_prof).any((1, 2)), "a known card outside its hand")
        if solo:  # the auction phase's Automa card is the one drawn last (rules/solo.py)
            drawn = np.maximum(st.automa_next.astype(np.int64) - 1, 0)
            last = np.take_along_axis(st.automa_order, drawn[:, None], 1)[:, 0]
            bad((st.automa_card >= 0) & (last != st.automa_card), "automa_card is not the Automa card drawn last")
        if not solo:  # the chooser buys alone exactly when its pawn is the last one free (rules/auction.py _choose)
            choosing = st.phase == PH_AUCTION_CHOOSE
            bad(choosing & (st.lone != (st.pawn_free.sum(1) == 1)), "lone differs from the free pawns")
            problems += self._auction_problems(st)
        in_deck = np.zeros(st.under_by.shape, bool)
        for deck, size in enumerate(DECK_SIZES):
            in_deck[:, deck, :size] = self._deck_counts(st, deck) > 0
        bad(((st.under_by >= 0) & ~in_deck).any((1, 2)), "a card marked as put under is not in its deck")
        bad(((st.under_by < -1) | (st.under_by >= P)).any((1, 2)), "put under by a seat out of range")
        built = st.built[:, :grid].sum(1) + (st.wolf_buildings if solo else 0)
        if self.cooperative:  # a shared building is one tile built by two seats (SPEC CF)
            built = built - self._coop_shared_tiles(st)
        bad((st.supply_buildings + built != T.buildings_per_type).any(1), "buildings not conserved")
        bad((st.supply_landscapes + st.landscapes.sum(1) != T.landscapes_per_type).any(1), "landscapes not conserved")
        bad(st.supply_jesters + st.jesters.sum(1) != T.jesters, "Jesters not conserved")
        builders = st.supply_builders + st.builders.sum(1) + st.builders_discarded
        bad(builders != T.builders, "Builders not conserved")
        recruits = st.supply_recruiting + st.hand_recruit.sum(1) + st.table_recruit.sum(1) + st.recruit_discarded
        bad(recruits != T.recruiting, "Recruiting cards not conserved")
        bad((st.builders > T.max_builders).any(1), "more Builders than allowed")
        most = TWICE if self.cardinal_twice_limit else 3  # two actions and the Cardinal's (D17)
        bad(
            ((st.acts_done < 0) | (st.acts_done > most)).any(1),
            "more works, builds or Bonus cards in a turn than allowed",
        )
        freedoms = st.supply_freedoms + st.freedoms[:, :grid].sum(1) + (st.wolf_freedoms if solo else 0)  # [B, 3]
        if solo:
            bad((freedoms != self.ST.freedoms_per_kind).any(1), "Freedoms not conserved")
        elif P > 2:
            bad((freedoms != P - 1).any(1), "Freedoms not conserved")
        else:  # the 2-player extras are random (SPEC R): the base of each kind plus the extras
            extra = T.two_player_extra_hard if self.hard_freedoms else T.two_player_extra
            base = T.two_player_base
            wrong = (freedoms < base).any(1) | (freedoms > base + 1).any(1)
            bad(wrong | (freedoms.sum(1) != 3 * base + extra), "Freedoms not conserved")
        # pieces on the grid: covered cells = Palazzo + the pieces' areas, buildings inside
        area = np.zeros((st.batch_size, P), np.int64)
        alone = st.built[:, :grid] & (st.shared_with < 0) if self.cooperative else st.built[:, :grid]
        area[:, :grid] = alone.astype(np.int64) @ T.piece_area[:NUM_BUILDINGS]
        if self.cooperative:
            area += self._coop_shared_area(st)
        area[:, :grid] += st.landscapes[:, :grid].astype(np.int64) @ T.piece_area[NUM_BUILDINGS:]
        palazzo = int(popcount(np.array([T.palazzo]))[0])
        bad((popcount(st.occupied) != palazzo + area).any(1), "covered cells differ from the pieces placed")
        bad(((st.blocked & ~st.occupied) != 0).any(1), "a blocked cell is not covered")
        bad(((st.occupied & T.palazzo) != T.palazzo).any(1), "the Palazzo is not covered")
        cells = st.piece_cells.reshape(st.batch_size, P, NUM_PIECES)
        pieces = np.bitwise_or.reduce(cells, axis=2) | T.palazzo  # [B, P]
        buildings = np.bitwise_or.reduce(cells[:, :, :NUM_BUILDINGS], axis=2) | T.palazzo
        bad((pieces != st.occupied).any(1) | (buildings != st.blocked).any(1), "piece cells differ from the grid")
        money = st.money.sum(1).astype(np.int64) + st.banker_money
        start = T.start_money + self.ST.wolfgang_money if solo else P * T.start_money
        start += T.banker_start if self.characters else 0
        bad(money != start + st.money_in.astype(np.int64) - st.money_out, "money not conserved")
        fame = np.delete(st.fame, 1, axis=1) if solo else st.fame  # Wolfgang may go below 0
        bad((st.money < 0).any(1) | (fame < 0).any(1), "negative money or fame")
        scored = st.fame[:, : self.num_players]
        bad(~st.terminated & (st.scores != scored).any(1), "scores differ from fame during the game")
        bad(st.terminated != (st.phase == PH_OVER), "terminated differs from phase GAME_OVER")
        # where a subroutine returns (``resume``, read when it ends): to a character's use exactly
        # while one is under way (``ctx``), else to the auction while an object is open (``stack``:
        # from its opening, through the bidding, the win and what the object starts, to its settling)
        sub = np.isin(st.phase, (PH_PLACE, PH_KEEP, PH_ORDER, PH_RECRUIT_NOW))
        use = st.ctx != CTX_NONE
        opened = (
            np.isin(st.phase, (PH_AUCTION_BID, PH_LANDSCAPE_PICK)) | (sub & (st.resume == RESUME_AUCTION))
            | (((st.phase == PH_CHAR_USE) | sub) & (st.ctx == CTX_WIN))
        )  # fmt: skip
        bad((st.stack >= 0) != opened, "field 'stack' disagrees with 'phase', 'resume' and 'ctx' (an object is open "
            "from its opening to its settling)")  # fmt: skip
        cleared = (st.high == -1) & (st.opener == -1) & (st.bid == 0) & ~st.in_auction.any(1)
        cleared &= ~st.lone | (st.phase == PH_AUCTION_CHOOSE)
        bad(~opened & ~cleared, "fields 'high', 'opener', 'bid', 'in_auction' or 'lone' set while no object is open")
        returns = np.where(use, RESUME_CHAR_USE, np.where(st.stack >= 0, RESUME_AUCTION, RESUME_ACTION))
        using = (st.phase == PH_CHAR_USE) | (sub & (st.resume == RESUME_CHAR_USE))
        bad(
            (sub & (st.resume != returns)) | (use != using) | (sub & use & ~np.isin(st.phase, (PH_KEEP, PH_ORDER))),
            "fields 'resume', 'ctx', 'stack' and 'phase' disagree (a subroutine returns to a character's use while "
            "'ctx' is set, else to the auction while an object is open, else to the action phase)",
        )
        bad(st.terminated & st.legal_action_mask.any(1), "finished game has legal actions")
        bad(~st.terminated & ~st.legal_action_mask.any(1), "live game has no legal action")
        bad((st.current_player < 0) | (st.current_player >= self.num_players), "current player out of range")
        if solo:
            problems += self._solo_invariant_problems(st)
        if self.cooperative:
            problems += self._coop_invariant_problems(st)
        if self.pending_checks:  # each phase's pending decision, where the round stands (pending.py)
            check_pending(self, st, bad)
        live = np.flatnonzero(~st.terminated)
        if live.size:
            check = st.copy()
            games = np.repeat(live, grid)
            seats = np.tile(np.arange(grid), live.size)
            self._refresh_fits(check, games, seats)
            stale = live[(check.fits[live] != st.fits[live]).any((1, 2))]
            bad(np.isin(np.arange(st.batch_size), stale), "fits differ from the grid (stale)")
        if problems:
            raise ValueError(f"{self.name}: invalid state: " + "; ".join(problems[:5]))

    @staticmethod
    def _deck_counts(st: PrincesState, deck: int) -> np.ndarray:
        """int[B, n]: how often each card of ``deck`` is in the live part of its queue."""
        size = DECK_SIZES[deck]
        i = np.arange(size)
        live = ((i[None, :] - st.deck_top[:, deck, None]) % size) < st.deck_len[:, deck, None]
        cards = st.deck_cards[:, deck, :size].astype(np.int64)
        out = np.zeros((st.batch_size, size), np.int64)
        rows = np.broadcast_to(np.arange(st.batch_size)[:, None], cards.shape)
        np.add.at(out, (rows[live], cards[live]), 1)
        return out

    # ------------------------------------------------------- hidden info

    def randomize_hidden(self, state: PrincesState, player: int, seed: int) -> PrincesState:
        if self.solo:
            return self._solo_randomize_hidden(state, player, seed)
        return self._randomize_hidden_base(state, player, seed)

    def _randomize_hidden_base(self, state: PrincesState, player: int, seed: int) -> PrincesState:
        """Re-deal what ``player`` cannot see (SPEC H): per deck, the cards ``player`` cannot
        locate (the deck, other players' unknown hand cards, another drawer's drawn cards) are
        shuffled and dealt back with the same counts; the cards ``player`` put under a deck
        stay where they are (it knows them and their places); the seed is replaced. The deal is
        one the game could have reached (``games/redraw.py``: the player to move has a choice,
        and a work under way can still reach its minimum, :meth:`_works_can_finish`) and every
        mask is recomputed from it."""
        out = state.copy()
        out.seed[:] = rng.hash64(np.uint64(seed), 99, np.arange(state.batch_size))
        redraw_until_plausible(
            out, state, lambda b, attempt: self._deal_hidden(out, b, player, attempt), self._refresh_mask,
            self._works_can_finish,
        )  # fmt: skip
        return out

    def _deal_hidden(self, out: PrincesState, b: int, player: int, attempt: int) -> None:
        """One deal of game ``b`` (keys from its new seed and ``attempt``)."""
        P = self.num_players
        drawer_is_other = out.draw_deck[b] >= 0 and int(out.current_player[b]) != player
        hands = (
            (DECK_PROFESSIONS, out.hand_prof), (DECK_BONUS, out.bonus_hand), (DECK_PRESTIGE, out.prestige_hand),
        )  # fmt: skip
        for deck, hand in hands:
            lo = DRAWN_OFFSET[deck]
            size = DECK_SIZES[deck]
            top, length = int(out.deck_top[b, deck]), int(out.deck_len[b, deck])
            cards = [int(out.deck_cards[b, deck, (top + i) % size]) for i in range(length)]
            # who put each position's card under (known to all by position, not by card)
            put_by = [int(out.under_by[b, deck, x]) for x in cards]
            kept = [x if by == player else None for x, by in zip(cards, put_by)]
            pool = [x for x, k in zip(cards, kept) if k is None]
            out.under_by[b, deck] = -1
            counts = {}
            for q in range(P):
                if q == player:
                    continue
                hidden = hand[b, q].copy()
                if deck == DECK_PROFESSIONS:
                    hidden &= ~out.known[b, q]
                counts[q] = int(hidden.sum())
                pool += [int(x) for x in np.flatnonzero(hidden)]
                hand[b, q][hidden] = False
            drawn = []
            if drawer_is_other and out.draw_deck[b] == deck:
                drawn = [int(x) for x in np.flatnonzero(out.drawn[b, lo : lo + size])]
                pool += drawn
                out.drawn[b, lo : lo + size] = False
            # sorted first, so the redraw depends only on what the player knows (the pool's
            # multiset), never on where the hidden cards actually lie
            pool.sort()
            keys = rng.hash64(out.seed[b], 98, deck + len(hands) * attempt, np.arange(len(pool)))
            pool = [pool[i] for i in np.argsort(keys, kind="stable")]
            for q, n in counts.items():
                for x in pool[:n]:
                    hand[b, q, x] = True
                pool = pool[n:]
            for x in pool[: len(drawn)]:
                out.drawn[b, lo + x] = True
            rest = iter(pool[len(drawn) :])
            cards = [x if x is not None else next(rest) for x in kept]
            out.deck_cards[b, deck] = -1
            out.deck_cards[b, deck, : len(cards)] = cards
            out.deck_top[b, deck] = 0
            out.deck_len[b, deck] = len(cards)
            for x, by in zip(cards, put_by):
                out.under_by[b, deck, x] = by

    def _works_can_finish(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """bool[n]: for games ``g`` (int[n]), no work is under way (WORK_BONUS) or its value
        with every Bonus card its worker holds reaches the round's minimum, as it did when the
        work was chosen (SPEC M: a work is legal only then; the Bonus cards played since are in
        its value)."""
        ok = st.phase[g] != PH_WORK_BONUS
        work = g[~ok]
        if work.size:
            p = st.current_player[work].astype(np.int64)
            bonus = (self.bonus_values(st, work, p) * st.bonus_hand[work, p]).sum(1)
            ok[~ok] = st.work_value[work] + bonus >= self.T.minimum[st.round[work].astype(np.int64)]
        return ok


class PrincesSolo(Princes):
    """The solo game against Wolfgang as a game id of its own (``princes_solo``): the one agent
    is you; ``dummies`` (2 | 3) and ``difficulty`` ("easy" | "standard" | "hard") choose the
    table (SPEC.md section SOLO). The same engine as ``Princes(solo=True)``."""

    name = SOLO_NAME
    version = SOLO_VERSION
    player_counts = (1,)
    option_names = ("dummies", "difficulty", "reward", "data")

    def __init__(
        self, num_players: int = 1, dummies: int = 2, difficulty: str = "standard", reward: str = "win", data=None
    ):
        super().__init__(num_players, solo=True, dummies=dummies, difficulty=difficulty, reward=reward, data=data)

    def _draw_picture(self, state, index: int, view: int | None):
        """The picture of one game: the solo game's ``picture_solo.py``."""
        from .picture_solo import draw_solo

        return draw_solo(self, state, index, view)
