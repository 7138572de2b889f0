"""Firenze (Andreas Steding), batched numpy engine for 2-4 players: the game module.

:class:`Firenze` assembles the mixins of this package (the package's ``__init__`` lists its
modules in dependency order) and keeps what concerns the game as a whole: the options, the step
(dispatch and queued continuations), the invariants and hidden-information resampling.
:class:`FirenzeState` (``state.py``), :func:`load_data` (``data.py``) and the encoding of
``constants.py`` are re-exported from here: tests and agents import them from this module.

The encoding (action ids, observation layout, order of automatic steps, use of randomness) is
fixed in ``SPEC.md`` beside this file, on top of the design notes ``DESIGN_NOTES.md`` (phases,
readings of ambiguous rule sentences in §13, how the batched engine works in §15). The rules are
the rulebook's (``shared/rules/firenze.txt``). Every component number is read from
``firenze_data.json``; the option ``data=`` (a dict patch or a path to a full file) overrides it
for balance studies.

Changelog:

* v1 -- the Saboteur is personnel (was an event): it joins the hand, the
  ``played`` flags and the card limit, with two new actions appended
  (``patrician_discard_saboteur`` 166, ``limit_discard_saboteur`` 167; 168 in
  all, ids 0-165 unchanged); phase 4 (was EVENT_SABOTEUR) is never entered; the
  observation's ``played`` and ``own_hand`` (and ``opponent_hands``) fields grow
  by the Saboteur, ``event`` loses it. The Patrician is not offered against an
  event that would change nothing. The recommended neutral seals follow the
  brick-count reading of "the third and fourth Levels" by default
  (``levels_are_positions`` is read). See SPEC.md "Changes".
* v0 -- first release.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game, dispatch
from ..redraw import redraw_until_plausible
from .constants import (  # noqa: F401 (the public names are re-exported: tests and agents import them from here)
    A_ALCHEMIST,
    A_ARCHITECT,
    A_BELL,
    A_BRICK,
    A_BUILD_ON,
    A_EXCHANGE,
    A_FULFILL,
    A_IGNORE,
    A_LIMIT,
    A_LIMIT_SABOTEUR,
    A_MASON,
    A_PASS,
    A_PATRICIAN_DISCARD,
    A_PATRICIAN_SABOTEUR,
    A_PRINCESS,
    A_SABOTAGE,
    A_SELECT,
    A_SMUGGLE,
    A_START,
    A_TAKE,
    A_WHOLESALE,
    NUM_ACTIONS,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_COMMISSIONS,
    NUM_KINDS,
    NUM_PHASES,
    NUM_SLOTS,
    NUM_TOWER_SLOTS,
    PH_ALCH_GIVE,
    PH_BUILD,
    PH_CHOOSE,
    PH_EV_DISCARD,
    PH_EV_KEEP,
    PH_EV_OWN_TOWER,
    PH_EV_PATRICIAN,
    PH_EV_PAY,
    PH_EXCHANGE,
    PH_EXCHANGE_PAY,
    PH_FULFILL,
    PH_LIMIT_BRICKS,
    PH_LIMIT_CARDS,
    PH_OVER,
    PH_PAY_BUILD,
    PH_PAY_CARD,
    PH_SMUG_GIVE,
    PH_UNUSED,
    PHASE_NAMES,
    STREAM_DECK,
    STREAM_POUCH,
    STREAM_SETUP,
)
from .data import FirenzeTables, load_data
from .features import FirenzeFeatures
from .masks import FirenzeMasks
from .observation import FirenzeObservation
from .pending import check_phase_fields
from .presentation import FirenzePresentation
from .rules import FirenzeComponents, FirenzeEvents, FirenzeRules, FirenzeScoring, FirenzeTurn
from .setup import FirenzeSetup
from .state import FirenzeState


class Firenze(
    FirenzeComponents,
    FirenzeFeatures,
    FirenzePresentation,
    FirenzeObservation,
    FirenzeTables,
    FirenzeSetup,
    FirenzeTurn,
    FirenzeEvents,
    FirenzeRules,
    FirenzeMasks,
    FirenzeScoring,
    Game,
):
    """Firenze. Options: ``campanile`` (bool), ``auto_discard`` (bool), ``neutral_seals``
    ("recommended" | "uniform" | list of 5 commission ids), ``balconies`` ("random" | list
    of 4 tile ids), ``opponent_hands`` ("hidden" | "recall"), ``reward`` ("win" | "score"),
    ``max_turns`` (int, default 60*P), ``data`` (dict patch or path), ``end_rule``
    ("rulebook": every other player has one more turn after the last seal; "round": the
    round is finished instead, so every player has had as many turns -- a balance-study
    variant that isolates the end rule's part in the seat advantage)."""

    name = "firenze"
    version = 1  # see the changelog in the module docstring
    player_counts = (2, 3, 4)
    reference = "florentine_envs.games.firenze.reference:FirenzeReference"
    option_names = (
        "campanile", "auto_discard", "neutral_seals", "balconies", "opponent_hands", "reward", "max_turns", "data",
        "end_rule",
    )  # fmt: skip
    END_RULES = ("rulebook", "round")

    def _draw_picture(self, state, index: int, view: int | None):
        """The picture of one game: this package's ``picture.py`` (imported on use, the optional
        ``pictures`` extra)."""
        from .picture import draw

        return draw(self, state, index, view)

    def __init__(
        self,
        num_players: int = 4,
        campanile: bool = True,
        auto_discard: bool = False,
        neutral_seals="recommended",
        balconies="random",
        opponent_hands: str = "hidden",
        reward: str = "win",
        max_turns: int | None = None,
        data=None,
        end_rule: str = "rulebook",
    ):
        for opt, value in (("campanile", campanile), ("auto_discard", auto_discard)):
            if not isinstance(value, (bool, np.bool_)):
                raise ValueError(f"firenze: {opt} must be True or False, got {value!r}")
        if opponent_hands not in ("hidden", "recall"):
            raise ValueError(
                f"firenze: opponent_hands={opponent_hands!r} is not supported; allowed: 'hidden', 'recall'"
            )
        if reward not in ("win", "score"):
            raise ValueError(f"firenze: reward={reward!r} is not supported; allowed: 'win', 'score'")
        if end_rule not in self.END_RULES:
            raise ValueError(f"firenze: end_rule={end_rule!r} is not supported; allowed: 'rulebook', 'round'")
        if max_turns is None:
            max_turns = 60 * int(num_players) if num_players in self.player_counts else 1
        if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)) or max_turns < 1:
            raise ValueError(f"firenze: max_turns must be a positive integer, got {max_turns!r}")
        options = {
            "campanile": bool(campanile),
            "auto_discard": bool(auto_discard),
            "neutral_seals": list(neutral_seals) if isinstance(neutral_seals, (list, tuple)) else neutral_seals,
            "balconies": list(balconies) if isinstance(balconies, (list, tuple)) else balconies,
            "opponent_hands": opponent_hands,
            "reward": reward,
            "max_turns": int(max_turns),
        }
        if data is not None:
            options["data"] = str(data) if isinstance(data, Path) else data
        if end_rule != "rulebook":  # only when changed: saved states and option dicts stay as they were
            options["end_rule"] = end_rule
        super().__init__(num_players, **options)
        self.end_rule = end_rule
        self.campanile = bool(campanile)
        self.auto_discard = bool(auto_discard)
        self.recall = opponent_hands == "recall"
        self.max_turns = int(max_turns)
        self.data = load_data(data)
        try:
            self._read_data(self.data)
        except (KeyError, TypeError, IndexError) as err:
            raise ValueError(f"firenze: component data is malformed ({type(err).__name__}: {err})") from None
        self._check_board_options(neutral_seals, balconies)
        self._build_actions()
        self._build_layout()
        self._build_components()

    # ------------------------------------------------------------------ step

    def _later(self, stage: str, games: np.ndarray) -> None:
        """Queue ``games`` for an automatic stage run once per step for the whole batch (see
        :meth:`_apply`): continuations reached from several phases are then vectorised together."""
        if games.size:
            self._queue[stage].append(games)

    def _apply(self, state: FirenzeState, games: np.ndarray, actions: np.ndarray) -> None:
        st = state
        # Each stage only queues games for later stages, so one ordered pass drains the queue.
        self._queue = {"take": [], "resolve": [], "all_players": [], "event_done": [], "finish": []}
        stages = (
            ("take", self._take),
            ("resolve", self._resolve_event),
            ("all_players", self._all_players),
            ("event_done", self._event_done),
            ("finish", self._finish_take),
        )
        handlers = self._handlers
        if games.size == 1:  # one game (the AEC env): its handler at once, no partials to bind
            handler = handlers.get(st.phase.item(games.item(0)))
            if handler is not None:
                handler(self, st, games, actions)
        else:
            dispatch(st.phase, games, actions, {phase: functools.partial(h, self, st) for phase, h in handlers.items()})
        for stage, run in stages:
            parts = self._queue[stage]
            if parts:
                run(st, parts[0] if len(parts) == 1 else np.concatenate(parts))
        self._refresh_mask(st, games)

    # ------------------------------------------------------------ invariants

    @staticmethod
    def _kind_counts(kinds: np.ndarray) -> np.ndarray:
        """int[n, 27]: how often each kind appears in ``kinds`` (int[n, m]; 27 = none)."""
        n, m = kinds.shape
        rows = np.repeat(np.arange(n), m)
        counts = np.bincount(rows * (NUM_KINDS + 1) + kinds.ravel(), minlength=n * (NUM_KINDS + 1))
        return counts.reshape(n, NUM_KINDS + 1)[:, :NUM_KINDS]

    def card_counts(self, st: FirenzeState) -> dict[str, np.ndarray]:
        """int[B, 27] cards of each kind per place: deck, row, hands, buildings, church, discard,
        limbo (the event card being resolved)."""
        B = st.batch_size
        pos = np.arange(NUM_CARDS)[None, :]
        live = (pos >= st.deck_pos[:, None]) & (pos < st.deck_len[:, None])
        deck = self._kind_counts(np.where(live & (st.deck >= 0), st.deck, NUM_KINDS).astype(np.int64))
        row = self._kind_counts(np.where(st.row_card >= 0, st.row_card, NUM_KINDS).astype(np.int64))
        church = self._kind_counts(np.where(st.church >= 0, st.church, NUM_KINDS).astype(np.int64))
        buildings = np.zeros((B, NUM_KINDS), np.int64)
        buildings[:, self.building_kinds] = st.buildings.sum(1)
        limbo = np.zeros((B, NUM_KINDS), np.int64)
        ev = st.event_kind >= 0
        limbo[np.flatnonzero(ev), st.event_kind[ev]] = 1
        return {
            "deck": deck, "row": row, "hands": st.hand.sum(1).astype(np.int64), "buildings": buildings,
            "church": church, "discard": st.discard.astype(np.int64), "limbo": limbo,
        }  # fmt: skip

    def brick_counts_by_place(self, st: FirenzeState) -> np.ndarray:
        """int[B, 6]: bricks of each colour over pouch, card row, storehouses, aside and towers."""
        B = st.batch_size
        total = st.pouch.astype(np.int64) + st.row_bricks.sum(1) + st.storehouse.sum(1) + st.aside
        colour = st.tower_colour.reshape(B, -1).astype(np.int64)
        height = st.tower_height.reshape(B, -1).astype(np.int64)
        total += ((colour[:, :, None] == np.arange(6)) * height[:, :, None]).sum(1)
        return total

    def state_field_bounds(self) -> dict:
        """The range of every integer state field (the core checks them in ``from_json``; SPEC §0
        and DESIGN_NOTES §2 give the meanings): ids of phases, kinds, colours, seats, slots and
        tiles; brick and card counts within the component data; prestige and scores within the
        observation's bounds. Which combinations are consistent is :meth:`check_invariants`' part."""
        P, obs = self.num_players, self.obs_field_bounds()
        prestige = (obs["players"][0][0], obs["players"][1][0])
        bricks, in_game = self.brick_counts, self.in_game
        per_seat = np.broadcast_to(self.in_game, (P, NUM_KINDS))
        # final scores add to prestige (check_invariants ties a live game's scores to it) the
        # majority bonuses and the celebrations (score_breakdown): a seat wins a colour's majority
        # only with a commission of it, so at most seals_per_player colours' bonuses; it holds at
        # most every copy of a celebration card (the hand's bound), and Recognition counts its
        # commissions at the recognition heights, at most seals_per_player of them
        won = min(NUM_COLOURS, self.seals_per_player)
        majority = np.sort(self.majority_bonus)
        recognised = min(self.seals_per_player, int(np.isin(self.comm_height, self.recognition_heights).sum()))
        recognition = int(in_game[self.K["Recognition"]]) * recognised * self.recognition_pp
        celebrations = in_game * self.celebration_pp
        score_low = prestige[0] + int(np.minimum(majority[:won], 0).sum() + np.minimum(celebrations, 0).sum())
        score_low += min(recognition, 0)
        score_high = prestige[1] + int(np.maximum(majority[-won:], 0).sum() + np.maximum(celebrations, 0).sum())
        score_high += max(recognition, 0)
        big = np.iinfo(np.int32).max  # RNG counters: any count of draws is possible
        return {
            "phase": (0, NUM_PHASES - 1), "return_phase": (0, NUM_PHASES - 1), "turn_player": (0, P - 1),
            "turn_number": (0, self.max_turns), "pouch": (0, bricks), "storehouse": (0, bricks), "aside": (0, bricks),
            "tower_colour": (-1, NUM_COLOURS - 1), "tower_height": (0, int(bricks.max())),
            "deck": (-1, NUM_KINDS - 1), "deck_pos": (0, NUM_CARDS), "deck_len": (0, NUM_CARDS),
            "discard": (0, in_game), "row_card": (-1, NUM_KINDS - 1), "row_bricks": (0, bricks),
            "hand": (0, per_seat), "church": (-1, NUM_KINDS - 1), "commission_owner": (-2, P - 1),
            "balcony_tile": (0, len(self.tile_comm) - 1), "next_balcony": (0, 4),
            "seals_left": (0, self.seals_per_player), "prestige": prestige, "end_trigger": (-1, P - 1),
            "architect": (0, 2), "bricks_built": (0, self.max_build), "chosen_slot": (0, NUM_SLOTS - 1),
            "pay_index": (0, NUM_SLOTS - 1), "pay_left": (0, obs["payment"][1][0]),
            "event_kind": (-1, NUM_KINDS - 1), "event_offset": (0, P - 1), "keep_left": (0, NUM_TOWER_SLOTS),
            "keep_colour": (-1, NUM_COLOURS - 1),
            "pending_take": (0, np.array([NUM_COLOURS - 1, P - 1, 0])),  # (colour, seat, unused)
            "exchange_slot": (0, NUM_SLOTS - 1), "acquired": (0, np.iinfo(np.int16).max),
            "pouch_draws": (0, big), "deck_shuffles": (0, big), "scores": (score_low, score_high),
        }  # fmt: skip

    def check_invariants(self, state: FirenzeState) -> None:
        st = state
        B, P = st.batch_size, self.num_players
        problems = []

        def bad(cond, what):
            rows = np.flatnonzero(cond)
            if rows.size:
                problems.append(f"game {int(rows[0])}: {what}")

        bad((self.brick_counts_by_place(st) != self.brick_counts).any(1), "bricks not conserved (88 by colour)")
        negative = (st.pouch < 0).any(1) | (st.storehouse < 0).any((1, 2)) | (st.row_bricks < 0).any((1, 2))
        bad(negative | (st.aside < 0).any(1), "negative brick count")
        counts = self.card_counts(st)
        total = sum(counts.values())
        bad((total != self.in_game).any(1), f"cards not conserved ({self.total_cards} by kind)")
        bad((st.hand < 0).any((1, 2)) | (st.discard < 0).any(1), "negative card count")
        bad(~(0 <= st.deck_pos).all() | (st.deck_pos > st.deck_len) | (st.deck_len > NUM_CARDS), "deck bounds")
        place = np.arange(NUM_CARDS)[None, :]
        live = (place >= st.deck_pos[:, None]) & (place < st.deck_len[:, None])
        past = (place >= st.deck_len[:, None]) & (st.deck >= 0)  # a shuffle leaves no card past the deck's end
        bad((live & (st.deck < 0)).any(1) | past.any(1), "deck: a gap in its live part, or a card past its end")
        hand_ok = np.zeros(NUM_KINDS, bool)
        hand_ok[self.hand_kinds] = True
        bad((st.hand[:, :, ~hand_ok] != 0).any((1, 2)), "a non-hand card in a hand")
        church_ok = (st.church < 0) | np.isin(st.church, self.church_kinds)
        bad(~church_ok.all(1), "a non-church card on a church space")
        # towers: single colour (by construction), heights 1.. and compact slots
        colour, height = st.tower_colour, st.tower_height
        exists = colour >= 0
        bad(((height <= 0) & exists).any((1, 2)) | ((height != 0) & ~exists).any((1, 2)), "tower heights")
        compact = (exists[:, :, 1:] & ~exists[:, :, :-1]).any((1, 2))
        bad(compact, "tower slots not compact")
        count = exists.sum(2)  # [B, P]
        giving = np.isin(st.phase, (PH_ALCH_GIVE, PH_SMUG_GIVE)) & (st.return_phase == PH_BUILD)
        outside_build = ~np.isin(st.phase, (PH_BUILD, PH_PAY_BUILD)) & ~giving
        bad(outside_build & (count > 6).any(1), "more than 6 towers outside Build")
        # seals
        owner = st.commission_owner.astype(np.int64)
        placed = (owner[:, None, :] == np.arange(P)[None, :, None]).sum(2)
        bad((st.seals_left + placed != self.seals_per_player).any(1), "seals not conserved")
        bad((owner == -2).sum(1) != self.neutral_count, "neutral seal count")
        tcomm = self.tile_comm[st.balcony_tile.astype(np.int64)]
        bad((np.take_along_axis(owner, tcomm, 1) == -2).any(1), "a neutral seal on a balcony")
        balcony_sealed = np.take_along_axis(owner, tcomm, 1) >= 0  # [B, 4]
        bad(balcony_sealed.sum(1) != st.next_balcony, "next_balcony differs from sealed balconies")
        # "The Balcony Commissions can only be performed in a particular sequence": the sealed ones come first
        in_order = np.arange(4)[None, :] < st.next_balcony[:, None]
        bad((balcony_sealed != in_order).any(1), "balconies sealed out of order")
        # Set Up 4: one tile of each numeral (the option's tiles, when given)
        numeral_ok = self.tile_numeral[st.balcony_tile.astype(np.int64)] == np.arange(4)[None, :]
        if self.fixed_balconies is not None:
            numeral_ok &= st.balcony_tile == self.fixed_balconies[None, :]
        bad(~numeral_ok.all(1), "balcony_tile is not a tile of its numeral (or not the option's)")
        sealed_heights = np.where(owner >= 0, self.comm_height, -1)
        tile_reached = (sealed_heights[:, :, None] == self.level_tile_height).any(1)
        bad((tile_reached != st.level_tile_taken).any(1), "level tiles inconsistent with seals")
        # the bell tower: sealed only while the Campanile is in the church (taking it clears the
        # seals; the last seal discards it), and only by a player who gave a bell tower
        campanile = (st.church == self.K["Campanile"]).any(1)
        sealed = st.campanile_sealed
        bad(~campanile & sealed.any(1), "campanile_sealed is set without the Campanile in the church")
        bad(sealed.all(1), "campanile_sealed by every player, yet the Campanile is not discarded")
        bells = st.acquired[:, :, self.acq_bell] > 0
        bad((sealed & ~bells).any(1), "campanile_sealed by a player with no bell tower")
        # a bell tower given but no longer sealed: the Campanile left the church, which needs every seal
        bad((bells & ~sealed).any(1) & ~bells.all(1), "campanile_sealed cleared before every player gave a bell tower")
        trig = st.end_trigger.astype(np.int64)
        bad((trig >= 0) & (st.seals_left[np.arange(B), np.maximum(trig, 0)] != 0), "end trigger holds seals")
        bad((st.bricks_built < 0) | (st.bricks_built > self.max_build), "bricks_built out of range")
        building = st.phase == PH_BUILD
        cost = self._build_cost(st, np.arange(B), st.bricks_built.astype(np.int64))
        store_total = st.storehouse[np.arange(B), st.turn_player.astype(np.int64)].sum(1)
        bad(building & (store_total < cost), "construction cost unpayable")
        bad(st.terminated & st.legal_action_mask.any(1), "finished game has legal actions")
        bad(~st.terminated & ~st.legal_action_mask.any(1), "live game has no legal action")
        bad(st.terminated != (st.phase == PH_OVER), "terminated differs from phase GAME_OVER")
        bad(st.truncated & ~st.terminated, "truncated but not terminated")
        bad(~st.terminated & (st.scores != st.prestige).any(1), "scores differ from prestige during the game")
        self._check_acquired(st, bad)
        check_phase_fields(self, st, bad)  # the phase and its pending decision (pending.py)
        if st.terminated.any():  # "Final Scoring": prestige plus majorities and celebrations
            done = np.flatnonzero(st.terminated)
            terms = self.score_breakdown(st, done)
            final = st.prestige[done].astype(np.int64) + terms["majority"] + terms["celebrations"]
            differ = np.isin(np.arange(B), done[(st.scores[done] != final).any(1)])
            bad(differ, "final scores differ from the final scoring")
        bad((st.current_player < 0) | (st.current_player >= P) | (st.turn_player < 0) | (st.turn_player >= P), "seats")
        if problems:
            raise ValueError(f"{self.name}: invalid state: " + "; ".join(problems[:5]))

    # --------------------------------------------------------- hidden info

    def randomize_hidden(self, state: FirenzeState, player: int, seed: int) -> FirenzeState:
        """Re-deal what ``player`` cannot see: the deck order, in "hidden" mode the opponents'
        hands (sizes kept; only personnel and celebration cards can be in a hand), and every
        future draw (a new seed). The deal is one the game could have reached (``games/redraw.py``:
        the player to move has a choice; see :meth:`_deal_hidden` for the turn player's hand) and
        every mask is recomputed from it."""
        out = state.copy()
        out.seed[:] = rng.hash64(np.uint64(seed), 99, np.arange(state.batch_size))
        redraw_until_plausible(
            out, state, lambda b, attempt: self._deal_hidden(out, b, player, attempt), self._refresh_mask
        )
        return out

    def _deal_hidden(self, out: FirenzeState, b: int, player: int, attempt: int) -> None:
        """One deal of game ``b``: the deck and the hidden hands pooled, shuffled (keys from the
        new seed and ``attempt``) and dealt back. The turn player's hand, when hidden, keeps what
        its phase shows everyone: asked the Patrician question (EVENT_PATRICIAN), he holds a
        Patrician; discarding for the card limit (LIMIT_CARDS), the discards still due are
        ``min(cards - limit, personnel + buildings)`` as when the phase began (each discard
        lowers both sides by one), which fixes how many personnel cards he holds."""
        P = self.num_players
        pos, end = int(out.deck_pos[b]), int(out.deck_len[b])
        pool = list(out.deck[b, pos:end])
        sizes = {}
        if not self.recall:
            turn = int(out.turn_player[b])
            for q in sorted(range(P), key=lambda q: q != turn):  # the turn player first: his hand is bound
                if q == player:
                    continue
                sizes[q] = int(out.hand[b, q].sum())
                for kind in np.flatnonzero(out.hand[b, q]):
                    pool += [int(kind)] * int(out.hand[b, q, kind])
                out.hand[b, q] = 0
        # sorted first: the redraw is a function of what the player knows and the seed, not
        # of the hidden order it replaces (a search agent's decision must not depend on it)
        pool.sort()
        keys = rng.hash64(out.seed[b], 98, attempt, np.arange(len(pool)))
        pool = [pool[i] for i in np.argsort(keys, kind="stable")]

        def take(q: int, allowed: np.ndarray) -> None:  # the first card of the pool that ``allowed`` (bool[27]) admits
            i = next(i for i, kind in enumerate(pool) if allowed[kind])
            out.hand[b, q, pool.pop(i)] += 1

        for q, size in sizes.items():
            first, need, rest = self._hand_bound(out, b, q, size)
            for _ in range(need):
                take(q, first)
            for _ in range(size - need):
                take(q, rest)
        out.deck[b, :] = -1
        out.deck[b, : len(pool)] = pool
        out.deck_pos[b], out.deck_len[b] = 0, len(pool)

    def _hand_bound(self, st: FirenzeState, b: int, p: int, size: int) -> tuple[np.ndarray, int, np.ndarray]:
        """(first, n, rest): seat p's hand of ``size`` cards in game ``b`` holds n cards of the
        kinds ``first`` admits, its other cards of the kinds ``rest`` admits (bool[27] each), as
        the phase of the turn shows (see :meth:`_deal_hidden`)."""
        phase = int(st.phase[b]) if p == st.turn_player[b] else -1
        if phase == PH_EV_PATRICIAN:
            return self._patrician_card, 1, self._hand_ok
        if phase != PH_LIMIT_CARDS:
            return self._hand_ok, 0, self._hand_ok
        owned, due = int(st.buildings[b, p].sum()), int(st.pay_left[b])
        warehouse = st.buildings[b, p, self.KB["Warehouse"]]
        limit = self.card_limit if not warehouse else self.warehouse_card_limit
        exact = limit is not None and due < size + owned - limit  # then every personnel card is due
        return self.is_personnel, max(0, due - owned), self._hand_ok & ~self.is_personnel if exact else self._hand_ok

    @functools.cached_property
    def _hand_ok(self) -> np.ndarray:
        """bool[27]: the kinds a hand can hold (personnel and celebrations)."""
        ok = np.zeros(NUM_KINDS, bool)
        ok[self.hand_kinds] = True
        ok.flags.writeable = False
        return ok

    @functools.cached_property
    def _patrician_card(self) -> np.ndarray:
        """bool[27]: the Patrician alone."""
        ok = np.zeros(NUM_KINDS, bool)
        ok[self.K["Patrician"]] = True
        ok.flags.writeable = False
        return ok
