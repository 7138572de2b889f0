"""The legal actions of a reference game (DN §6-§8, SPEC §M), phase by phase, as a sorted list of
action ids and as the mask; the symmetry rule (DN §8) offers only the lowest of interchangeable
towers."""

from __future__ import annotations

import numpy as np

from .tables import (
    ALCHEMIST,
    ALCHEMIST_GIVE,
    BELL_TOWER,
    BRICK,
    BUILD,
    BUILD_ON,
    CHOOSE,
    EVENT_DISCARD,
    EVENT_KEEP_TOWER,
    EVENT_OWN_TOWER,
    EVENT_PATRICIAN,
    EVENT_PAY,
    EXCHANGE,
    EXCHANGE_BASE,
    EXCHANGE_PAY,
    FULFILL,
    FULFILL_BASE,
    IGNORE_EVENT,
    LIMIT_BRICKS,
    LIMIT_CARDS,
    LIMIT_DISCARD_IDS,
    NUM_ACTIONS,
    NUM_COLOURS,
    PASS,
    PATRICIAN_DISCARD_IDS,
    PAY_BUILD_COST,
    PAY_CARD_COST,
    PLAY_ARCHITECT,
    PLAY_MASON,
    PLAY_PRINCESS,
    SABOTAGE,
    SELECT_TOWER,
    SMUGGLE,
    SMUGGLER_GIVE,
    START_TOWER,
    TAKE_CARD,
    WHOLESALE,
    first_of_groups,
)


class ReferenceLegality:
    """Mixin of :class:`~.rules.FirenzeReference`: the legal actions of ``current_player``."""

    def _personnel_actions(self, p: int) -> list[int]:
        """DN §6.7: Alchemist, Smuggler and Patrician (discard mode) in every window of
        the turn; "In any given turn, you may play as many Personnel Cards as you wish,
        just not two or more cards with the same name."."""
        T = self.T
        K = T.kind
        P = self.num_players
        legal = []
        own = sum(self.store[p])
        if self.hand[p][K["Alchemist"]] and not self.played["Alchemist"] and own >= 1:
            # RB Alchemist: "You may swap any one Brick from your Storehouse for any one from the Pouch."
            legal += [ALCHEMIST + c for c in range(NUM_COLOURS) if self.pouch[c] > 0]
        if self.hand[p][K["Smuggler"]] and not self.played["Smuggler"] and own >= 1:
            # RB Smuggler: "switch one Brick from your Storehouse with one from another player's Storehouse".
            for k in range(1, P):
                q = (p + k) % P
                legal += [SMUGGLE + 6 * (k - 1) + c for c in range(NUM_COLOURS) if self.store[q][c] > 0]
        if self.hand[p][K["Patrician"]] and not self.played["Patrician"]:
            # RB Patrician: "spend the Patrician to discard one card from your hand".
            for h, kind in enumerate(T.hand_kinds):
                need = 2 if kind == K["Patrician"] else 1
                if self.hand[p][kind] >= need:
                    legal.append(PATRICIAN_DISCARD_IDS[h])
        if self.hand[p][K["Saboteur"]] and not self.played["Saboteur"]:
            # RB Saboteur: "Choose a Tower of another player." Personnel (DN §13.8): any
            # window of one's own turn; DN §8 symmetry rule per player.
            for k in range(1, P):
                towers = self.towers[(p + k) % P]
                legal += [SABOTAGE + 6 * (k - 1) + t for t in first_of_groups(towers, range(len(towers)))]
        return legal

    def _wholesale_actions(self, p: int) -> list[int]:
        # RB Wholesaler: "Choose one card from the Card Row and note the number of Bricks
        # on it." DN §13.17: a card with no bricks is not a target.
        if not self.hand[p][self.T.kind["Wholesaler"]] or self.played["Wholesaler"]:
            return []
        return [WHOLESALE + s for s, (_, bricks) in enumerate(self.row) if sum(bricks) > 0]

    def _brick_actions(self, q: int) -> list[int]:
        return [BRICK + c for c in range(NUM_COLOURS) if self.store[q][c] > 0]

    def _legal_list(self) -> list[int]:
        if self.terminated:
            return []
        T = self.T
        K = T.kind
        p = self.current_player
        phase = self.phase
        legal: list[int] = []
        if phase == CHOOSE:
            # RB 1: "The card at the far left is free. The others each cost one Brick
            # more than the one to its left." Princess: "You must pay no Card Cost".
            own = sum(self.store[p])
            for s in range(len(self.row)):
                cost = 0 if self.princess_active else T.card_cost[s]
                if own >= cost:
                    legal.append(TAKE_CARD + s)
            if self.hand[p][K["Princess"]] and not self.played["Princess"]:
                legal.append(PLAY_PRINCESS)
            legal += self._wholesale_actions(p)
            legal += self._personnel_actions(p)
        elif phase in (PAY_CARD_COST, EVENT_DISCARD, EVENT_PAY, EXCHANGE_PAY, PAY_BUILD_COST, LIMIT_BRICKS):
            legal = self._brick_actions(p)
        elif phase in (ALCHEMIST_GIVE, SMUGGLER_GIVE):
            legal = self._brick_actions(p)
        elif phase == EVENT_PATRICIAN:
            legal = [IGNORE_EVENT, PASS]
        elif phase == EVENT_OWN_TOWER:
            towers = self.towers[p]
            legal = [SELECT_TOWER + t for t in first_of_groups(towers, range(len(towers)))]
        elif phase == EVENT_KEEP_TOWER:
            towers = self.towers[p]
            candidates = [t for t in range(len(towers)) if self._keep_eligible(towers[t]) and t not in self.keep_marked]
            legal = [SELECT_TOWER + t for t in first_of_groups(towers, candidates)]
        elif phase == EXCHANGE:
            # RB 2: "You may swap 1 Brick of your choice from a card in the Card Row for
            # 3 Bricks from your Storehouse." Bridge: "2 for 1".
            give = T.exchange_give_bridge if self._has_building(p, "Bridge") else T.exchange_give
            if not self.exchange_done and sum(self.store[p]) >= give:
                for s, (_, bricks) in enumerate(self.row):
                    legal += [EXCHANGE_BASE + 6 * s + c for c in range(NUM_COLOURS) if bricks[c] > 0]
            legal += self._wholesale_actions(p)
            legal += self._personnel_actions(p)
            legal.append(PASS)
        elif phase == BUILD:
            if self._can_add_brick(p):
                towers = self.towers[p]
                # RB 3: "Each tower must be of a single color."
                buildable = [t for t in range(len(towers)) if self.store[p][towers[t]["colour"]] > 0]
                legal += [BUILD_ON + t for t in first_of_groups(towers, buildable)]
                legal += [START_TOWER + c for c in range(NUM_COLOURS) if self.store[p][c] > 0]
            if self.hand[p][K["Mason"]] and not self.played["Mason"]:
                legal.append(PLAY_MASON)
            legal += self._personnel_actions(p)
            legal.append(PASS)
        elif phase == FULFILL:
            legal += self._fulfill_actions(p)
            if self._campanile_active() and not self.campanile_sealed[p] and self._bell_tower_slot(p) >= 0:
                legal.append(BELL_TOWER)
            if self.hand[p][K["Architect"]] and not self.played["Architect"]:
                legal.append(PLAY_ARCHITECT)
            legal += self._personnel_actions(p)
            legal.append(PASS)
        elif phase == LIMIT_CARDS:
            for i, kind in enumerate(T.limit_kinds):
                if kind in T.building_kinds:
                    held = self.buildings[p][T.building_kinds.index(kind)]
                else:
                    held = self.hand[p][kind] > 0
                if held:
                    legal.append(LIMIT_DISCARD_IDS[i])
        return sorted(legal)

    def _keep_eligible(self, tower: dict) -> bool:
        if self.keep_colour >= 0:
            return tower["colour"] == self.keep_colour  # Tribute: that colour
        return tower["height"] >= self.T.luxury_min_height  # Luxury Tax: >= 5 levels

    def _fulfill_actions(self, p: int) -> list[int]:
        # RB Campanile: "Until a player's bell tower is finished, they may not fulfill
        # any other Commissions!"
        if self.seals_left[p] <= 0:
            return []
        if self._campanile_active() and not self.campanile_sealed[p]:
            return []
        towers = self.towers[p]
        deltas = (-1, 0, 1) if self.architect == 1 else (0,)
        legal = []
        for t in first_of_groups(towers, range(len(towers))):
            for d in deltas:
                if self._fulfillable(towers[t]["colour"], towers[t]["height"] + d) >= 0:
                    legal.append(FULFILL_BASE + 3 * t + d + 1)
        return legal

    def legal_action_mask(self) -> np.ndarray:
        """bool[166]: the actions legal for ``current_player`` now."""
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[self._legal_list()] = True
        return mask
