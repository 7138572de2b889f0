"""The legal actions of a reference game (SPEC: "Turn structure and actions"), as a list of action
ids and as the mask."""

from __future__ import annotations

import numpy as np

from .tables import A_REVEAL, A_STOP, A_TAKE_LAST, CARD_GREEN, NUM_ACTIONS, REVEAL, TAKE_OFFSETS


class ReferenceLegality:
    """Mixed into :class:`~.rules.MediciReference`."""

    def _legal_list(self) -> list[int]:
        if self.terminated:
            return []
        legal = []
        if self.phase == REVEAL:
            # RB: "Reveal cards: Card after card, reveal one OR two OR three
            # cards from the deck". SPEC: reveal is legal when "deck non-empty
            # and fewer than 3 cards revealed this turn".
            if len(self.deck) > 0 and self.revealed_this_turn < 3:
                legal.append(A_REVEAL)
            # RB: "If there are already cards in the market (from a previous
            # turn), you can also decide NOT to reveal any new cards!"
            # SPEC: stop is legal when "market non-empty".
            if len(self.market) > 0:
                legal.append(A_STOP)
        else:
            m = len(self.market)
            free = self._free_slots(self.current_player)
            for action, offsets in TAKE_OFFSETS.items():
                # RB: "You can never access any cards beyond the last three
                # positions in the market."
                if m < max(offsets):
                    continue
                # RB: "Your ship can never hold more than five cards (seven
                # cards in a 2 player game.)" + "Any number of green cards can
                # be loaded onto a ship, as these do not require a loading
                # space!"
                needed = sum(1 for off in offsets if not CARD_GREEN[self.market[m - off]])
                if needed <= free:
                    legal.append(action)
            # SPEC: take_last is legal "always (the acting player has >= 1
            # free slot)" -- RB: "Now you MUST take the last card".
            assert A_TAKE_LAST in legal, "take_last must always be legal in TAKE"
        return legal

    def legal_action_mask(self) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        for action in self._legal_list():
            mask[action] = True
        return mask
