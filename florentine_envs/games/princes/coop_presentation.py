"""The cooperative building expansion for people (SPEC.md COOP, CR): action names, descriptions,
narration of proposals and answers, and the shared building board drawn as a strip."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import NUM_BUILDINGS, PH_COOP_ANSWER, PH_COOP_PRICE
from .geometry import NUM_ORIENTATIONS

if TYPE_CHECKING:
    from .state import PrincesState

_SIDES = ("left", "right")


class CoopPresentation:
    """Mixin of :class:`~.princes.Princes`: text for the cooperative expansion."""

    def _coop_action_names(self, names: list[str]) -> None:
        """Fill the cooperative ids of ``names`` (SPEC CA)."""
        T, CT = self.T, self.CT
        for b, building in enumerate(T.building_names):
            names[self.a_coop + b] = f"coop_build_{building.replace(' ', '_')}"
        for side, word in enumerate(_SIDES):
            names[self.a_coop_side + side] = f"coop_{word}"
        for i, price in enumerate(CT.ladder):
            names[self.a_coop_price + i] = f"coop_price_{100 * int(price)}"
        names[self.a_coop_accept] = "coop_accept"
        names[self.a_coop_decline] = "coop_decline"
        width, frame_cells = 2 * CT.cols, 2 * CT.num_cells
        for k in range(NUM_ORIENTATIONS):
            for anchor in range(frame_cells):
                r, c = divmod(anchor, width)
                names[self.a_coop_place + k * frame_cells + anchor] = f"coop_place_k{k}_r{r}c{c}"

    def _coop_describe(self, st: PrincesState, game: int, action: int) -> str | None:
        """The description of a cooperative action, None for any other."""
        if action < self.a_coop:
            return None
        T, CT = self.T, self.CT
        name = self.action_names[action]
        if action < self.a_coop_side:
            return f"propose to build the {T.building_names[action - self.a_coop]} with a neighbour"
        if action < self.a_coop_price:
            side = action - self.a_coop_side
            partner = int(CT.nb[int(st.current_player[game]), side])
            return f"propose it to player_{partner} ({_SIDES[side]})"
        if action < self.a_coop_accept:
            return f"ask {100 * int(CT.ladder[action - self.a_coop_price])} Florin"
        if action == self.a_coop_accept:
            return "accept the proposal"
        if action == self.a_coop_decline:
            return "decline the proposal"
        return f"build it across the border at {name[len('coop_place_'):]}"

    def _coop_narrate(self, before: PrincesState, after: PrincesState, game: int, action: int) -> list[str]:
        """CR: the proposal once its price is named, and the answer."""
        T, CT, b = self.T, self.CT, game
        phase = int(before.phase[b])
        if phase not in (PH_COOP_PRICE, PH_COOP_ANSWER):
            return []
        builder, partner = int(before.prop_builder[b]), int(before.prop_partner[b])
        building = T.building_names[int(before.prop_building[b])]
        if phase == PH_COOP_PRICE:
            price = 100 * int(CT.ladder[action - self.a_coop_price])
            side = _SIDES[int(before.prop_side[b])]
            return [f"player_{builder} proposes a {building} to player_{partner} ({side}) for {price} Florin"]
        if action != self.a_coop_accept:
            return [f"player_{partner} declines"]
        price = 100 * int(CT.ladder[int(before.prop_price[b])])
        cost = 100 * int(T.build_cost[int(before.builders[b, builder])])
        return [
            f"player_{partner} accepts: pays player_{builder} {price} Florin; player_{builder} pays {cost} Florin;"
            f" both score {T.building_points}"
        ]

    def _coop_render_lines(self, st: PrincesState, b: int) -> list[str]:
        """CR: every principality in a strip, boards in the order of their ``drawing_origin``
        column (each board's right edge meets the next board's left edge); shared buildings in
        lower case on both boards."""
        CT, P = self.CT, self.seats
        order = sorted(range(P), key=lambda p: CT.drawing_origin[p][::-1])
        grids = [self.principality_lines(st, b, p)[: CT.rows] for p in order]
        lines = ["", "shared building board (" + " | ".join(f"player_{p}" for p in order) + "):"]
        lines += ["  " + " | ".join(grid[r] for grid in grids) for r in range(CT.rows)]
        if P > 2:
            lines.append(f"  (a ring: player_{order[-1]}'s right edge meets player_{order[0]}'s left edge)")
        shared = [
            f"{building} (player_{p} and player_{int(st.shared_with[b, p, k])})"
            for p in range(P)
            for k, building in enumerate(self.T.building_names)
            if st.shared_with[b, p, k] > p  # each pair once
        ]
        lines.append("  shared buildings (lower case): " + (", ".join(shared) or "none"))
        if st.prop_building[b] >= 0:
            lines.append(
                f"  proposal: player_{int(st.prop_builder[b])}'s "
                f"{self.T.building_names[int(st.prop_building[b])]}"
                + (f" to player_{int(st.prop_partner[b])}" if st.prop_partner[b] >= 0 else "")
                + (f" for {100 * int(CT.ladder[int(st.prop_price[b])])} Florin" if st.prop_price[b] >= 0 else "")
            )
        lines.append(f"  proposals left before the next action: {int(st.proposals_left[b])}")
        return lines

    def _shared_letter(self, st: PrincesState, b: int, p: int, piece: int, letter: str) -> str:
        """A building's letter, in lower case when seat p shares it (CR)."""
        if piece < NUM_BUILDINGS and st.shared_with[b, p, piece] >= 0:
            return letter.lower()
        return letter
