"""The observation (SPEC §10): its fields and sizes (:func:`obs_fields`) and what a seat sees
(:class:`Observation`)."""

from __future__ import annotations

import numpy as np

from .encoding import GIVEN_PHASES, HIRE, NUM_PHASES, NUM_RESOURCES, NUM_SLOTS, NUM_TYPES, SLOT_PHASES
from .tables import Tables


def obs_fields(P: int, T: Tables) -> list[tuple[str, int]]:
    """SPEC §10: the observation fields and their sizes, in order."""
    player_block = 12 + T.K + 2 * T.M + T.AK + NUM_TYPES + T.K + T.M + T.NA
    return [
        ("phase", NUM_PHASES),
        ("to_move", P),
        ("captain", P),
        ("new_captain", P),
        ("round", T.rounds),
        ("action_slot", NUM_SLOTS),
        ("pending_card", T.K),
        ("pending_monument", T.M),
        ("given", NUM_RESOURCES),
        ("supply", NUM_RESOURCES + 1),
        ("locations_up", T.L),
        ("anonymous_up", NUM_TYPES),
        ("deck_size", 1),
        ("discard_size", 1),
        ("own_discards", T.K),
        ("waiting_decks", 2),
        ("monument_deck", 1),
        ("artist_deck", 1),
        ("row", T.M),
        ("row_position", T.M),
        ("table_artists", T.AK),
        ("discarded_monuments", T.M),
        ("discarded_artists", T.AK),
        ("players", P * player_block),
        ("own_hand", T.K),
    ]


class Observation:
    """Part of :class:`~.game.FlorenzaCardsReference`: the observation."""

    # =================================================================== OBSERVATION

    def observe(self, player: int) -> np.ndarray:
        """float32[obs_size]: what seat ``player`` sees, laid out as SPEC §10."""
        T, P, o = self.T, self.num_players, int(player)
        over = self.terminated

        def one_hot(size: int, index: int) -> list[float]:
            v = [0.0] * size
            if index >= 0:
                v[index] = 1.0
            return v

        def rel(q: int) -> int:
            return (q - o) % P

        parts: dict[str, list[float]] = {}
        parts["phase"] = one_hot(NUM_PHASES, self.phase)
        parts["to_move"] = one_hot(P, -1 if over else rel(self.current_player))
        parts["captain"] = one_hot(P, rel(self.captain))
        parts["new_captain"] = one_hot(P, -1 if self.new_captain < 0 else rel(self.new_captain))
        parts["round"] = one_hot(T.rounds, self.round - 1)
        in_action = self.phase in SLOT_PHASES and not over
        parts["action_slot"] = one_hot(NUM_SLOTS, self.slot if in_action else -1)
        hiring = self.phase == HIRE and not over
        parts["pending_card"] = one_hot(T.K, self.pending_card if hiring else -1)
        parts["pending_monument"] = one_hot(T.M, self.pending_monument if hiring else -1)
        parts["given"] = list(self.given) if self.phase in GIVEN_PHASES and not over else [0.0] * NUM_RESOURCES
        parts["supply"] = list(self.supply) + [self.supply_money]
        loc_up = list(self.loc_up)
        for loc in range(T.L):
            if T.loc_effect[loc] == "captain":
                loc_up[loc] = 1 if self.new_captain == -1 else 0
        parts["locations_up"] = loc_up
        parts["anonymous_up"] = [1.0 if up else 0.0 for up in self.anon_up]
        parts["deck_size"] = [len(self.deck)]
        parts["discard_size"] = [sum(sum(row) for row in self.discard)]
        parts["own_discards"] = list(self.discard[o])
        parts["waiting_decks"] = [
            sum(T.deck_copies["II"]) if self.round == 1 else 0,
            sum(T.deck_copies["III"]) if self.round <= 2 else 0,
        ]
        parts["monument_deck"] = [T.M - self.mon_drawn]
        parts["artist_deck"] = [T.NA - self.art_drawn]
        parts["row"] = [1.0 if self.mon_state[m] == "row" else 0.0 for m in range(T.M)]
        # the row lies on the table in its order (DN 5): 1 = leftmost, the first kept
        parts["row_position"] = [self.row.index(m) + 1 if m in self.row else 0 for m in range(T.M)]
        parts["table_artists"] = self.table_count()
        # RB Step a: discarded monuments and artists "are removed from the game" in sight of all:
        # the monuments face up, the artists by the names on their backs (values never shown)
        parts["discarded_monuments"] = [1.0 if self.mon_state[m] == "discarded" else 0.0 for m in range(T.M)]
        discarded = [0] * T.AK
        for i in range(T.NA):
            if self.art_state[i] == "discarded":
                discarded[T.copy_kind[i]] += 1
        parts["discarded_artists"] = discarded
        players: list[float] = []
        for j in range(P):
            q = (o + j) % P
            players += [self.money[q], *self.res[q], sum(self.hand[q]), self.visible_prestige(q)]
            players += self.hired_types(q)
            players += [1.0 if x else 0.0 for x in self.in_play[q]]
            completed, reserved = self.completed_monuments(q), self.reserved_monuments(q)
            players += [1.0 if m in completed else 0.0 for m in range(T.M)]
            players += [1.0 if m in reserved else 0.0 for m in range(T.M)]
            players += self.reserved_count(q)
            # what the table shows of each finished work: the anonymous artists hired, the value
            # of the artist on each artwork and monument, the artist cards hired (kind and value)
            players += self.hired_anonymous[q]
            players += [max(self.card_artist[q][k], 0) if self.in_play[q][k] else 0 for k in range(T.K)]
            players += [self.mon_artist[m] if m in completed else 0 for m in range(T.M)]
            players += self.hired_cards_shown(q)
        parts["players"] = players
        parts["own_hand"] = list(self.hand[o])
        out = []
        for name, size in self.fields:
            assert len(parts[name]) == size, name
            out += parts[name]
        return np.array(out, dtype=np.float32)

    def hired_cards_shown(self, q: int) -> list[float]:
        """Per artist copy (SPEC §10): q's hired artist cards as the table shows them, by kind and
        value -- for each (kind, value), as many of its copies in data order as q hired."""
        T = self.T
        hired: dict[tuple[int, int], int] = {}
        for i in range(T.NA):
            if self.art_state[i] == "hired" and self.art_owner[i] == q:
                key = (T.copy_kind[i], T.copy_value[i])
                hired[key] = hired.get(key, 0) + 1
        shown = []
        for i in range(T.NA):
            key = (T.copy_kind[i], T.copy_value[i])
            shown.append(1.0 if hired.get(key, 0) > 0 else 0.0)
            if key in hired:
                hired[key] -= 1
        return shown

    def obs_slices(self) -> dict[str, slice]:
        """``{field: slice}`` of the observation (SPEC §10)."""
        slices, start = {}, 0
        for name, size in self.fields:
            slices[name] = slice(start, start + size)
            start += size
        return slices
