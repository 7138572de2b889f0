"""Florenza: The Card Game (Placentia Games), the batched engine (rules compiled with numba) for 2-4 players.

The encoding (action ids, observation layout, order of automatic steps, use of randomness)
is fixed in ``SPEC.md`` beside this file; ``DESIGN_NOTES.md`` numbers every reading of an
unclear rulebook sentence. The rules are the rulebook's
(``shared/rules/florenza_card_game.txt``). Every component number is read from
``florenza_cards_data.json``; the option ``data=`` (a dict patch or a path to a full file)
overrides it for balance studies.

The package's modules are listed in its ``__init__`` (the table of contents); this module is
the :class:`FlorenzaCards` class (options), the invariants and the hidden-information
resampling, assembled from the mixins of ``setup.py``, ``rules.py``, ``masks.py``,
``scoring.py``, ``observation.py``, ``features.py`` and ``presentation.py``.

Hidden information: other players' hands (sizes shown), the discard pile (each player knows
its own discards), every deck order, and the values of artists not yet hired (on the table,
reserved -- unseen even by their owner -- or in the deck). **Money and resources of every
player are shown**: they are held in hand, but every change to them is public, so a careful
player knows them (DESIGN_NOTES 20).

Readings that change play most (all in DESIGN_NOTES.md): a Residence or Preacher gives its
extra action in the round it is played; a card or monument that needs an artist is offered
only if an artist can be paid too; all 17 location cards at every player count; the round-5
deck is the leftovers only and round 5 still pays income and elects a Captain; majorities use
competition ranking; the artwork tie-break compares whole sorted lists.

Changelog (``florentine_envs/florenza_cards_v1.py`` has the details): v0 -- first release.
v1 -- issue 22: Mastro Artista without anonymous artists; income player by player after the
Captain's resource; option ``locations``; the public history (row order, discards, artist
values on works, artist cards hired) in the observation.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game
from ...core.registry import check_choice
from ..redraw import redraw_until_plausible
from .constants import (
    BEING_COMPLETED,
    DONE,
    IN_DECK,
    IN_ROW,
    NUM_PHASES,
    NUM_RESOURCES,
    NUM_SLOTS,
    PH_CAPTAIN_CHOICE,
    PH_HIRE,
    PH_KEEP,
    PH_MERCHANT_CHOICE,
    PH_OVER,
    RESERVED,
    ActionIds,
)
from .data import G_CRAFTSMEN, G_LANDLORD, G_LORD, G_MERCHANTS, G_PATRON, G_PROTECTOR, L_CAPTAIN, LOCATION_TABLES, Tables, load_data
from .features import FlorenzaFeatures
from .masks import MaskMixin
from .observation import FlorenzaObservation
from .pending import check_turn
from .presentation import FlorenzaPresentation
from .rules import RulesMixin
from .scoring import GUILD_POINTS, ScoringMixin
from .setup import SetupMixin
from .state import FlorenzaCardsState

__all__ = ["FlorenzaCards", "FlorenzaCardsState"]


class FlorenzaCards(
    FlorenzaPresentation, FlorenzaFeatures, FlorenzaObservation, ScoringMixin, MaskMixin, RulesMixin, SetupMixin, Game
):
    """Florenza: The Card Game. Options: ``guilds`` (bool, default True: the Guild cards are in
    the decks), ``locations`` ("all": the 17 Location cards at every player count, the default;
    "by_player_count": 14 / 16 / 17 at 2 / 3 / 4 players), ``reward`` ("win" | "score"),
    ``data`` (dict patch or path)."""

    name = "florenza_cards"
    version = 1  # issue 22: rules of DESIGN_NOTES 16 and 24, option locations, the public history observed
    player_counts = (2, 3, 4)
    reference = "florentine_envs.games.florenza_cards.reference:FlorenzaCardsReference"
    option_names = ("guilds", "locations", "reward", "data")
    #: False: :meth:`check_invariants` keeps to the totals and the fields' agreement and leaves out
    #: where the round stands (pending.py) -- for the rule tests' scenarios, which edit positions no
    #: play reaches (a round set without its draws, a seat put to act mid-round)
    round_checks = True

    def _draw_picture(self, state, index: int, view: int | None):
        """The picture of one game: this package's ``picture.py`` (imported on use, the optional
        ``pictures`` extra)."""
        from .picture import draw

        return draw(self, state, index, view)

    def __init__(
        self, num_players: int = 4, guilds: bool = True, locations: str = "all", reward: str = "win", data=None
    ):
        if not isinstance(guilds, (bool, np.bool_)):
            raise ValueError(f"florenza_cards: guilds must be True or False, got {guilds!r}")
        check_choice(self.name, "locations", locations, tuple(LOCATION_TABLES))
        if reward not in ("win", "score"):
            raise ValueError(f"florenza_cards: reward={reward!r} is not supported; allowed: 'win', 'score'")
        options = {"guilds": bool(guilds), "locations": locations, "reward": reward}
        if data is not None:
            options["data"] = str(data) if isinstance(data, Path) else data
        super().__init__(num_players, **options)
        self.guilds = bool(guilds)
        self.data = load_data(data)
        self.t = Tables(self.data, self.num_players, self.guilds, locations)
        t = self.t
        self.K, self.M, self.AK, self.NA, self.L, self.N = t.K, t.M, t.AK, t.NA, t.L, t.N
        self.ids = ActionIds(t.K, t.M, t.AK, t.L)
        self.num_actions = self.ids.total
        self._build_tables()
        self._build_action_names()
        self._build_layout()
        self._build_kernel_tables()  # rules.py: the tables of the kernels, from all of the above
        # balance hooks (core.game's contract): the Florenza cards played and the monuments
        # completed, by kind; the same names at every player count and with or without guilds
        self.component_names = tuple(f"card:{c}" for c in t.card_ids) + tuple(f"monument:{m}" for m in t.mon_ids)
        # the first round whose income the Merchants' Guild can pay: that of the first deck holding it
        # ("Round 2: Shuffle all cards from Deck II ..."); never without it
        decks = np.flatnonzero(t.n_deck[:, self.guild_kind[G_MERCHANTS]].sum(1) > 0) if self.guilds else []
        self.first_merchant_round = int(decks[0]) + 1 if len(decks) else t.rounds + 1

    def acquisitions(self, state: FlorenzaCardsState) -> np.ndarray:
        """int32[B, P, K + M]: Florenza cards each player has in play (never more than one of a
        kind) and monuments each has completed (``component_names``)."""
        seats = np.arange(self.num_players)
        completed = (state.mon_state == DONE)[:, None, :] & (state.mon_owner[:, None, :] == seats[None, :, None])
        return np.concatenate([state.in_play, completed], axis=2).astype(np.int32)

    def running_scores(self, state: FlorenzaCardsState) -> np.ndarray:
        """float32[B, P]: the score if the game ended now (SPEC §8 on the state as it stands:
        unfulfilled reservations already count against it; for analysis, it reads the hidden
        values of reserved artists); the final score once the game is over."""
        running = state.scores.astype(np.float32)
        live = np.flatnonzero(~state.terminated)
        if live.size:
            running[live] = sum(self.score_breakdown(state, live).values())
        return running

    def _build_action_names(self) -> None:
        t, res, types = self.t, self.t.resource_names, self.t.type_names
        names = [f"play_{c}" for c in t.card_ids]
        names += [f"complete_{m}" for m in t.mon_ids]
        names += [f"reserve_{m}" for m in t.mon_ids]
        names += [f"reserve_{a}" for a in t.art_ids]
        names += [f"location_{loc}" for loc in t.loc_ids]
        names += ["send_out_workers"]
        names += [f"market_sell_{r}" for r in res] + [f"market_buy_{r}" for r in res]
        names += ["market_exchange", "search_for_inspiration", "pass"]
        names += [f"hire_table_{a}" for a in t.art_ids] + [f"hire_reserved_{a}" for a in t.art_ids]
        names += [f"hire_anonymous_{x}" for x in types]
        names += [f"resource_{r}" for r in res]
        names += [f"keep_{c}" for c in t.card_ids]
        assert len(names) == self.num_actions
        self.action_names = names

    # --------------------------------------------------------- invariants

    def card_places(self, st: FlorenzaCardsState) -> np.ndarray:
        """int[B, K]: Florenza cards of each kind over the draw deck, Decks II and III still
        waiting, hands, discard pile, cards in play and a card waiting for its artist."""
        B, K, N = st.batch_size, self.K, self.N
        live = (np.arange(N) >= st.deck_pos[:, None]) & (np.arange(N) < st.deck_len[:, None])
        flat = (np.arange(B)[:, None] * K + st.deck.astype(np.int64)).ravel()[live.ravel()]
        total = np.bincount(flat, minlength=B * K).reshape(B, K)
        total += np.where((st.round <= 1)[:, None], self.t.n_deck[1], 0)
        total += np.where((st.round <= 2)[:, None], self.t.n_deck[2], 0)
        total += st.hand.sum(1) + st.discard.sum(1) + st.in_play.sum(1)
        pending = st.pending_card >= 0
        np.add.at(total, (np.flatnonzero(pending), st.pending_card[pending].astype(np.int64)), 1)
        return total

    def state_field_bounds(self) -> dict:
        """The range of every integer state field (the core checks them in ``from_json``; SPEC §7
        gives the meanings): ids of phases, card kinds, monuments, artist copies and seats; counts
        within the component data; money, resources and prestige within the observation's bounds.
        Which combinations are consistent is :meth:`check_invariants`' part."""
        t, P, K, M, NA = self.t, self.num_players, self.K, self.M, self.NA
        block = self.obs_field_bounds()["players"][1][: self.obs_layout["players"].stop // P]
        visible = int(block[1 + NUM_RESOURCES + 1])  # the block: money, resources, hand size, visible PP
        artist = max(int(t.copy_value.max()), int(t.anon_value.max()))
        # final scores (SPEC §8, score_breakdown): the prestige on the table (visible_pp), sets,
        # guilds, the majorities and the Captain, minus what is still reserved. A seat has each
        # kind in play at most once, so a class counts at most its kinds in this game; a set takes
        # one of each of three classes; its hired artists are distinct copies, so the fewest of
        # the three types is at most a third of them
        kinds = lambda cls: int((getattr(t, f"is_{cls}") & (t.n > 0)).sum())  # noqa: E731
        sets = min(kinds("family_palace"), kinds("district_church"), kinds("district_building"))
        units = {G_CRAFTSMEN: kinds("workshop"), G_LANDLORD: kinds("residence"), G_PROTECTOR: M,
                 G_PATRON: NA // 3, G_LORD: sets}  # fmt: skip
        guilds = sum(pts * units[effect] for effect, pts in GUILD_POINTS.items()) if self.guilds else 0
        extra = [t.majority_res + [0], t.majority_money + [0], [t.captain_pp, 0]]
        score_low = -int(np.maximum(t.mon_prestige, 0).sum() + np.maximum(t.copy_value, 0).sum())
        score_low += sum(min(x) for x in extra)
        score_high = visible + t.set_bonus * sets + guilds + sum(max(x) for x in extra)
        score_high -= int(np.minimum(t.mon_prestige, 0).sum() + np.minimum(t.copy_value, 0).sum())
        return {
            "phase": (0, NUM_PHASES - 1), "round": (1, t.rounds), "slot": (0, NUM_SLOTS - 1), "offset": (0, P - 1),
            "captain": (0, P - 1), "new_captain": (-1, P - 1), "money": (0, t.money0), "res": (0, t.supply0),
            "supply": (0, t.supply0), "supply_money": (0, t.money0), "hand": (0, t.n), "discard": (0, t.n),
            "card_artist": (-1, artist), "deck": (-1, K - 1), "deck_pos": (0, self.N), "deck_len": (0, self.N),
            "mon_pos": (0, M - 1), "mon_drawn": (0, M), "mon_state": (IN_DECK, BEING_COMPLETED),
            "mon_owner": (-1, P - 1), "mon_artist": (-1, artist), "art_pos": (0, NA - 1), "art_drawn": (0, NA),
            "art_state": (IN_DECK, DONE), "art_owner": (-1, P - 1), "table_count": (0, t.art_copies),
            "reserved_count": (0, t.art_copies), "hired_types": (0, NA), "anon_hired": (0, t.rounds * M + K),
            "visible_pp": (0, visible), "loc_up": (0, t.loc_copies), "pending_card": (-1, K - 1),
            "pending_monument": (-1, M - 1), "given": (0, 2), "keep_offset": (0, P), "final_rank": (0, P),
            "scores": (score_low, score_high),
        }  # fmt: skip

    def check_invariants(self, state: FlorenzaCardsState) -> None:
        st, t = state, self.t
        B, P = st.batch_size, self.num_players
        problems = []

        def bad(cond, what):
            rows = np.flatnonzero(cond)
            if rows.size:
                problems.append(f"game {int(rows[0])}: {what}")

        bad((self.card_places(st) != t.n).any(1), f"Florenza cards not conserved ({t.N} by kind)")
        bad((st.hand < 0).any((1, 2)) | (st.discard < 0).any((1, 2)), "negative card count")
        bad((st.deck_pos < 0) | (st.deck_pos > st.deck_len) | (st.deck_len > self.N), "deck bounds")
        bad((st.in_play & t.is_preacher).sum(2).max(1) > 1, "two preachers in front of a player")
        res_total = st.supply.astype(np.int64) + st.res.sum(1)
        bad((res_total != t.supply0).any(1), "resources not conserved")
        bad(st.supply_money.astype(np.int64) + st.money.sum(1) != t.money0, "money not conserved")
        bad((st.supply < 0).any(1) | (st.res < 0).any((1, 2)) | (st.money < 0).any(1) | (st.supply_money < 0),
            "negative resources or money")  # fmt: skip
        # monuments and artists: one state each, owners where they belong
        owned = np.isin(st.mon_state, (RESERVED, BEING_COMPLETED, DONE))
        bad(((st.mon_owner >= 0) != owned).any(1), "monument owner inconsistent with its state")
        bad(((st.mon_artist >= 0) != (st.mon_state == DONE)).any(1), "monument artist inconsistent")
        bad(((st.mon_state != IN_DECK) != (st.mon_pos < st.mon_drawn[:, None])).any(1), "monuments drawn")
        owned = np.isin(st.art_state, (RESERVED, DONE))
        bad(((st.art_owner >= 0) != owned).any(1), "artist owner inconsistent with its state")
        bad(((st.art_state != IN_DECK) != (st.art_pos < st.art_drawn[:, None])).any(1), "artists drawn")
        table = self._kind_counts(st.art_state == IN_ROW)
        bad((table != st.table_count).any(1), "table_count differs from the artists on the table")
        for p in range(P):
            mine = (st.art_state == RESERVED) & (st.art_owner == p)
            bad((self._kind_counts(mine) != st.reserved_count[:, p]).any(1), "reserved_count differs")
        bad(((st.card_artist >= 0) & ~st.in_play).any((1, 2)), "an artist on a card not in play")
        parts = self.score_breakdown(st, np.arange(B))
        bad((parts["cards"] + parts["monuments"] + parts["artists"] != st.visible_pp).any(1), "visible_pp differs")
        bad((st.in_play & t.card_needs_artist & (st.card_artist < 0)).any((1, 2)), "an artwork without artist")
        captain_kind = int(np.flatnonzero(t.loc_effect == L_CAPTAIN)[0])
        bad((st.loc_up[:, captain_kind] == 1) != (st.new_captain < 0), "New Captain card")
        bad((st.loc_up < 0).any(1) | (st.loc_up > t.loc_copies).any(1), "location copies")
        bad((st.pending_card >= 0) & (st.pending_monument >= 0), "two pending works")
        bad(((st.pending_card >= 0) | (st.pending_monument >= 0)) != (st.phase == PH_HIRE), "pending work")
        bad(st.terminated & st.legal_action_mask.any(1), "finished game has legal actions")
        bad(~st.terminated & ~st.legal_action_mask.any(1), "live game has no legal action")
        bad(st.terminated != (st.phase == PH_OVER), "terminated differs from phase GAME_OVER")
        bad(~st.terminated & (st.scores != 0).any(1), "scores are set before the end")
        done = np.flatnonzero(st.terminated)
        if done.size:  # a finished game's scores and ranks are those of its position (SPEC §8-§9)
            final = sum(self.score_breakdown(st, done).values())
            bad(np.isin(np.arange(B), done[(final != st.scores[done]).any(1)]), "scores differ from the final scoring")
            rank = self._final_ranks(final, self.artwork_values(st, done))
            bad(np.isin(np.arange(B), done[(rank != st.final_rank[done]).any(1)]), "final_rank differs from the scores")
        bad(~st.terminated & (st.final_rank != 0).any(1), "final_rank is set before the end")
        bad((st.current_player < 0) | (st.current_player >= P) | (st.captain < 0) | (st.captain >= P), "seats")
        bad((st.round < 1) | (st.round > t.rounds), "round out of range")
        if self.round_checks:  # the round, the action sequence and the end-of-round decisions (pending.py)
            check_turn(self, st, bad)
        if problems:
            raise ValueError(f"{self.name}: invalid state: " + "; ".join(problems[:5]))

    def _kind_counts(self, copies: np.ndarray) -> np.ndarray:
        """int[B, AK]: per artist kind, the copies where ``copies`` (bool[B, NA]) holds."""
        return np.add.reduceat(copies.astype(np.int64), self.t.abase, axis=1)

    # --------------------------------------------------------- hidden info

    def randomize_hidden(self, state: FlorenzaCardsState, player: int, seed: int) -> FlorenzaCardsState:
        """Re-deal what ``player`` cannot see (SPEC §12): the other seats' hands and discards and
        the draw deck from their combined cards (sizes kept), the undrawn monuments' order, the
        values of unrevealed artist copies (within each kind) and the artist deck; a new seed.
        The deal is one the game could have reached (``games/redraw.py``: the player to move has
        a choice; :meth:`_discard_room`: a discard pile holds only cards of the decks shuffled
        in before it was made) and every mask is recomputed from it."""
        out = state.copy()
        out.seed[:] = rng.hash64(np.uint64(seed), 99, np.arange(state.batch_size))
        redraw_until_plausible(
            out, state, lambda b, attempt: self._deal_hidden(out, b, player, attempt), self._refresh_mask
        )
        return out

    def _deal_hidden(self, out: FlorenzaCardsState, b: int, player: int, attempt: int) -> None:
        """One deal of game ``b`` (a generator seeded by its new seed and ``attempt``)."""
        P, t = self.num_players, self.t
        gen = np.random.default_rng((int(out.seed[b]), attempt))
        # Florenza cards: the draw deck + other seats' hands and discards
        pos, end = int(out.deck_pos[b]), int(out.deck_len[b])
        pool = [int(k) for k in out.deck[b, pos:end]]
        room, bound = self._discard_room(out, b, player)
        piles = []  # (where, seat, size, bound): the bound discard piles first, the others after
        for q in range(P):
            if q == player:
                continue
            for where in (out.discard, out.hand):
                piles.append((where, q, int(where[b, q].sum()), where is out.discard and q in bound))
                pool += np.repeat(np.arange(self.K), where[b, q]).tolist()
                where[b, q] = 0
        piles.sort(key=lambda pile: not pile[3])
        # sorted first, so the redraw depends only on what the player knows (the pool's
        # multiset), never on where the hidden cards actually lie
        pool = np.sort(pool)[gen.permutation(len(pool))].tolist()
        for where, q, size, bounded in piles:
            for _ in range(size):
                i = next(i for i, k in enumerate(pool) if room[k] > 0) if bounded else 0
                room[pool[i]] -= bounded
                where[b, q, pool.pop(i)] += 1
        out.deck[b, :] = -1
        out.deck[b, pos:end] = pool
        # monuments still in the deck: a new order among the undrawn draw positions
        undrawn = np.flatnonzero(out.mon_state[b] == IN_DECK)
        out.mon_pos[b, undrawn] = gen.permutation(np.sort(out.mon_pos[b, undrawn]))
        # artists: unrevealed copies (deck, table, reserved, discarded) swap identities within a
        # kind; the deck's copies then take a new order among the undrawn positions
        unrevealed = out.art_state[b] != DONE
        for a in range(self.AK):
            copies = np.arange(t.abase[a], t.abase[a] + t.art_copies[a])
            copies = copies[unrevealed[copies]]
            # the (position, state, owner) triples of the kind's unrevealed copies are public
            # as a multiset; dealt in a canonical order to a random permutation of the copies
            triples = np.stack([f[b, copies] for f in (out.art_pos, out.art_state, out.art_owner)])
            triples = triples[:, np.lexsort(triples[::-1])]
            perm = gen.permutation(copies)
            for field, values in zip((out.art_pos, out.art_state, out.art_owner), triples):
                field[b, perm] = values
        in_deck = np.flatnonzero(out.art_state[b] == IN_DECK)
        out.art_pos[b, in_deck] = gen.permutation(np.sort(out.art_pos[b, in_deck]))

    def _discard_room(self, st: FlorenzaCardsState, b: int, player: int) -> tuple[np.ndarray, set[int]]:
        """(room, bound) of game ``b``: the seats whose discard piles hold only cards discarded
        before this round, and int[K] how many more cards of each kind those piles can hold
        between them (huge where there is no bound).

        "Round 1: Only the cards in Deck I are available. Round 2: Shuffle all cards from Deck
        II with any left over from Round 1. Round 3: Shuffle all cards from Deck III with any
        left over from Round 2. Round 4: Shuffle any cards in the discard pile to the cards
        left over from Round 3." So in rounds 2 and 3, until a seat discards at this round's
        end (KEEP; every seat has by the income choices), its pile holds cards of the decks
        shuffled in before this round: at most ``n_I`` (round 2) or ``n_I + n_II`` (round 3)
        of each kind in all such piles, ``player``'s own (which it sees) included."""
        P, r = self.num_players, int(st.round[b])
        room = np.full(self.K, 1 << 30, np.int64)
        if r not in (2, 3):
            return room, set()
        phase = int(st.phase[b])
        done = P if phase in (PH_CAPTAIN_CHOICE, PH_MERCHANT_CHOICE) else 0
        if phase == PH_KEEP:
            done = int(st.keep_offset[b])
        bound = {(int(st.captain[b]) + j) % P for j in range(done, P)}
        room = self.t.n_deck[: r - 1].sum(0)
        if player in bound:
            room = room - st.discard[b, player]
        return room, bound
