"""Firenze's balance hooks (see the contract in :mod:`florentine_envs.core.game`): the
components a player acquires and the running score, mixed into
:class:`~florentine_envs.games.firenze.firenze.Firenze`.

Components, in ``component_names`` order:

* ``card:<kind>`` (27): the player took a card of that kind from the row (its decision, paid
  for in bricks), whatever the card then did: an event resolves at once, a duplicate building
  is discarded, a Monument goes to the tallest tower.
* ``award:Monument``: the player received a Monument (tallest tower when someone took it).
* ``level_tile:<height>`` (4): the player took the level tile of that height.
* ``privilege:<name>`` (3): the player claimed the privilege card lying on the church.
* ``campanile:bell_tower``: the player sealed the Campanile with a bell tower.
* ``commission:<colour>-<height>`` (36) and ``balcony:<numeral>`` (4): the player fulfilled
  the commission (sealed it), or the balcony commission of that numeral.

The first group (36 columns) is counted by the engine in ``FirenzeState.acquired`` as it
happens; commissions and balconies are read from the board, where seals never move.
"""

from __future__ import annotations

import numpy as np

from ..constants import NUM_COMMISSIONS, NUM_KINDS

NUMERALS = ("I", "II", "III", "IV")


class FirenzeComponents:
    """Mixin: ``component_names``, ``acquisitions`` and ``running_scores`` for Firenze."""

    def _build_components(self) -> None:
        """Column ids of ``FirenzeState.acquired`` and the component names (after the data tables)."""
        counted = [f"card:{name}" for name in self.kind_names]  # kind order: column = kind
        self.acq_monument = len(counted)
        counted.append("award:Monument")
        self.acq_level_tile = len(counted)  # first of the level tiles, in data order
        counted += [f"level_tile:{int(h)}" for h in self.level_tile_height]
        self.acq_privilege = np.full(NUM_KINDS, -1, np.int64)  # kind -> column, -1: not a privilege
        self.acq_privilege[self.privilege_kinds] = len(counted) + np.arange(len(self.privilege_kinds))
        counted += [f"privilege:{self.kind_names[k]}" for k in self.privilege_kinds]
        self.acq_bell = len(counted)
        counted.append("campanile:bell_tower")
        self.num_counted = len(counted)
        commissions = [
            f"commission:{self.colour_names[c]}-{int(h)}" for c, h in zip(self.comm_colour, self.comm_height)
        ]
        self.component_names = tuple(counted + commissions + [f"balcony:{n}" for n in NUMERALS])

    def acquisitions(self, state) -> np.ndarray:
        """int32[B, P, C]: what each player has acquired so far (see the module docstring)."""
        B, P = state.batch_size, self.num_players
        owner = state.commission_owner.astype(np.int64)  # [B, 36]
        sealed = owner[:, None, :] == np.arange(P)[None, :, None]  # [B, P, 36]
        balcony = np.take_along_axis(sealed, self.tile_comm[state.balcony_tile.astype(np.int64)][:, None, :], 2)
        out = np.empty((B, P, self.num_counted + NUM_COMMISSIONS + len(NUMERALS)), np.int32)
        out[:, :, : self.num_counted] = state.acquired
        out[:, :, self.num_counted : self.num_counted + NUM_COMMISSIONS] = sealed
        out[:, :, self.num_counted + NUM_COMMISSIONS :] = balcony
        return out

    def running_scores(self, state) -> np.ndarray:
        """float32[B, P]: prestige plus the final scoring if the game ended now (majorities as
        the seals stand, celebration cards in hand); the final score once the game is over."""
        running = state.scores.astype(np.float32)
        live = np.flatnonzero(~state.terminated)
        if live.size:
            final = self.score_breakdown(state, live)
            running[live] += final["majority"] + final["celebrations"]
        return running

    def _check_acquired(self, state, bad) -> None:
        """Invariants of ``acquired`` (``bad(condition[B], what)`` records a violation)."""
        acquired = state.acquired.astype(np.int64)  # [B, P, 36]
        bad((acquired < 0).any((1, 2)), "negative acquisition count")
        tiles = acquired[:, :, self.acq_level_tile : self.acq_level_tile + len(self.level_tile_height)].sum(1)
        # each tile goes to one player, when taken (hand-built positions may leave it unattributed)
        bad((tiles > state.level_tile_taken).any(1), "a level tile acquired twice, or while still on the board")
        # "Choose a card": at most one card per turn, the turn in progress included
        taken = acquired[:, :, : len(self.kind_names)].sum((1, 2))  # [B]
        bad(taken > state.turn_number.astype(np.int64) + 1, "more cards taken than turns played")
