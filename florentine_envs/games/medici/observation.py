"""The observation (SPEC.md "Observation"): its layout, the bounds of its fields, and the encoder
(the kernel ``kernels.observe_one`` over the batch)."""

from __future__ import annotations

import numpy as np

from ...core.game import layout_from_sizes
from . import kernels
from .constants import NUM_DAYS
from .state import MediciState


class ObservationMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _build_observation_layout(self) -> None:
        players = self.num_players
        K = self.num_kinds
        sizes = [
            ("phase", 2), ("day", NUM_DAYS), ("revealed_this_turn", 1), ("final_turn", 1),
            ("deck_size", 1), ("market_size", 1), ("market_line", self.max_market * (K + 1)),
            ("market_counts", K), ("unseen_counts", K), ("to_move", players),
            ("start_player", players), ("ship_value", players), ("ship_slots", players),
            ("ship_full", players), ("ship_icons", 5 * players), ("warehouse_icons", 5 * players),
            ("florins", players),
        ]  # fmt: skip
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)

    def obs_field_bounds(self) -> dict:
        """What the rules guarantee for each observation field (derived from the component data,
        so a modified card table gets matching bounds; each bound is argued in SPEC.md)."""
        N, P, C = self.num_cards, self.num_players, self.capacity
        copies = self._kind_copies
        green = self.card_nongreen == 0
        # A ship holds at most C non-green cards ("Your ship can never hold more than five cards")
        # besides any green ones ("Any number of green cards can be loaded onto a ship"): at best
        # the C most valuable non-green cards and every green card. Per colour, likewise for icons.
        def best_load(amount: np.ndarray, among: np.ndarray) -> int:  # amount int[N], among bool[N]
            return int(np.sort(amount[among & ~green])[::-1][:C].sum() + amount[among & green].sum())

        max_ship_value = best_load(self.card_value, np.ones(N, bool))
        ship_icons = [best_load(self.card_icons, self.card_colour == colour) for colour in range(5)]
        all_icons = np.bincount(self.card_colour[self.card_colour >= 0], self.card_icons[self.card_colour >= 0],
                                minlength=5)  # fmt: skip
        # A day pays at most the best ship place plus, per colour, the best commodity place and the
        # monopoly bonus (the variant's larger one only with the variant); a shared place pays at
        # most the best one of those it covers.
        bonus = self._mono_bonus
        if self.options["monopoly_variant"]:
            bonus = max(bonus, self._mono_variant_bonus)
        per_day = int(self._ship_cum[1]) + 5 * (int(self._commodity_cum[1]) + bonus)
        # A patched table can make a field always 0 (a kind without copies, a colour without icons, no
        # payout); the bound of such a field stays 0..1, a box with low < high.
        copies = np.maximum(copies, 1)
        max_ship_value, ship_icons = max(max_ship_value, 1), np.maximum(ship_icons, 1)
        all_icons = np.maximum(all_icons, 1)
        per_day = max(per_day, 1)
        return {
            "phase": (0, 1), "day": (0, 1), "revealed_this_turn": (0, 3), "final_turn": (0, 1),
            "deck_size": (0, N), "market_size": (0, self.max_market), "market_line": (0, 1),
            "market_counts": (0, copies), "unseen_counts": (0, copies), "to_move": (0, 1),
            "start_player": (0, 1), "ship_value": (0, max_ship_value), "ship_slots": (0, C),
            "ship_full": (0, 1), "ship_icons": (0, np.tile(ship_icons, P)),
            "warehouse_icons": (0, np.tile(all_icons, P)), "florins": (0, NUM_DAYS * per_day),
        }  # fmt: skip

    def _observe(self, state: MediciState, players, out: np.ndarray | None = None) -> np.ndarray:
        B = state.batch_size
        players = np.asarray(players, np.int64)
        if players.shape != (B,) or not players.flags.writeable:
            players = np.full(B, players) if players.ndim == 0 else players.copy()
        obs = np.empty((B, self.obs_size), np.float32) if out is None else out
        if not kernels.observe(players, obs, *self._arrays(state)):
            # the line would be cut short: the state breaks the rules (see longest_market)
            longest = int(state.market_len.max())
            raise ValueError(f"{self.name}: a market of {longest} cards is longer than the rules allow "
                             f"({self.max_market})")  # fmt: skip
        return obs
