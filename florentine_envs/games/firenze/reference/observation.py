"""What one player sees of a reference game (SPEC §O: the layout, field by field, and
:meth:`ReferenceObservation.observe`), and the reference's invariants (DN §11)."""

from __future__ import annotations

import numpy as np

from .tables import (
    ALCHEMIST_GIVE,
    BUILD,
    BUILDING_NAMES,
    EVENT_KEEP_TOWER,
    EVENT_NAMES,
    EVENT_PATRICIAN,
    EVENT_PAY,
    EXCHANGE_PAY,
    HAND_KIND_NAMES,
    MAX_NAMED_TOWERS,
    MAX_TOWER_SLOTS,
    NUM_COLOURS,
    NUM_PHASES,
    NUM_ROW_SLOTS,
    PAY_BUILD_COST,
    PAY_CARD_COST,
    PAY_LEFT_PHASES,
    PLAYED_NAMES,
    SMUGGLER_GIVE,
    construction_discount,
)

# ---------------------------------------------------------------------------
# Observation layout (SPEC §O)
# ---------------------------------------------------------------------------

TOWER_FEATURES = NUM_COLOURS + 3  # colour one-hot, height, at_start, built
PLAYER_BLOCK = 2 + NUM_COLOURS + len(BUILDING_NAMES) + 2 + NUM_COLOURS + MAX_TOWER_SLOTS * TOWER_FEATURES  # 127


def obs_fields(num_players: int, opponent_hands: str = "hidden", num_kinds: int = 27, levels: int = 6) -> list:
    """(name, size) of every observation field, in order (SPEC §O)."""
    P = num_players
    fields = [
        ("phase", NUM_PHASES),
        ("to_move", P),
        ("turn_player", P),
        ("start_player", P),
        ("turn_number", 1),
        ("end", 2 + P),
        ("turn_flags", 5),
        ("build", 3),
        ("played", len(PLAYED_NAMES)),
        ("payment", 3),
        ("event", len(EVENT_NAMES) + 1),
        ("exchange_slot", 1),
        ("take_colour", NUM_COLOURS),
        ("keep", 1 + NUM_COLOURS + MAX_NAMED_TOWERS),
        ("row_cards", NUM_ROW_SLOTS * (num_kinds + 1)),
        ("row_bricks", NUM_ROW_SLOTS * NUM_COLOURS),
        ("deck_size", 1),
        ("discard_counts", num_kinds),
        ("unseen_counts", num_kinds),
        ("pouch", NUM_COLOURS),
        ("commissions", NUM_COLOURS * levels * (8 + P)),
        ("next_balcony", 5),
        ("level_tiles", 4),
        ("church", 4 + P),
        ("majority_bonus", NUM_COLOURS),
        ("players", P * PLAYER_BLOCK),
        ("own_hand", len(HAND_KIND_NAMES)),
    ]
    if opponent_hands == "recall":
        fields.append(("opponent_hands", (P - 1) * len(HAND_KIND_NAMES)))
    return fields


def obs_offsets(num_players: int, opponent_hands: str = "hidden") -> dict[str, tuple[int, int]]:
    """Field name -> (start, length) in the observation vector."""
    offsets = {}
    pos = 0
    for name, size in obs_fields(num_players, opponent_hands):
        offsets[name] = (pos, size)
        pos += size
    return offsets


class ReferenceObservation:
    """Mixin of :class:`~.rules.FirenzeReference`: ``observe`` and ``check_invariants``."""

    # -------------------------------------------------------------- invariants

    def check_invariants(self) -> None:
        """Raise AssertionError if a conservation law or bound is broken (DN §11)."""
        T = self.T
        P = self.num_players
        # RB Game Contents: "88 Bricks" -- pouch + storehouses + aside + towers + row.
        for c in range(NUM_COLOURS):
            total = self.pouch[c] + self.aside[c] + sum(self.store[q][c] for q in range(P))
            total += sum(t["height"] for q in range(P) for t in self.towers[q] if t["colour"] == c)
            total += sum(e[1][c] for e in self.row if e is not None)
            assert total == T.bricks[c], f"colour {c}: {total} bricks, expected {T.bricks[c]}"
            assert self.pouch[c] >= 0 and self.aside[c] >= 0
            assert all(self.store[q][c] >= 0 for q in range(P))
        # RB Game Contents: "52 Action Cards" (51 without the Campanile).
        counts = list(self.discard)
        for kind in self.deck:
            counts[kind] += 1
        for e in self.row:
            if e is not None:
                counts[e[0]] += 1
        for kind in self.church:
            if kind >= 0:
                counts[kind] += 1
        for q in range(P):
            for k in range(T.num_kinds):
                counts[k] += self.hand[q][k]
            for b, owned in enumerate(self.buildings[q]):
                counts[T.building_kinds[b]] += owned
        if EVENT_PATRICIAN <= self.phase <= EVENT_PAY:
            counts[self.event_kind] += 1  # the event card in limbo
        assert counts == self.in_game, f"cards {counts} != {self.in_game}"
        assert len(self.row) <= T.row_slots
        # Seals: RB Set Up 5 "5 neutral Seals"; each player's seals placed + left = allotment.
        assert self.owner.count(-2) == T.neutral_seals
        for q in range(P):
            assert self.seals_left[q] + self.owner.count(q) == T.seals[P]
            assert self.seals_left[q] >= 0
        assert self.next_balcony == sum(1 for t in self.balcony_tile if self.owner[T.balcony_tiles[t][1]] >= 0)
        for q in range(P):
            for t in self.towers[q]:
                assert 1 <= t["height"] <= T.bricks[t["colour"]]
            in_build = self.phase in (BUILD, PAY_BUILD_COST) or (
                self.phase in (ALCHEMIST_GIVE, SMUGGLER_GIVE) and self.return_phase == BUILD
            )
            if not in_build or q != self.turn_player:
                assert len(self.towers[q]) <= MAX_NAMED_TOWERS
        assert 0 <= self.bricks_built <= T.max_build
        if self.end_trigger >= 0:
            assert self.seals_left[self.end_trigger] == 0

    # ------------------------------------------------------------- observation

    def observe(self, player: int) -> np.ndarray:
        """float32[obs_size]: what ``player`` sees (SPEC §O; blocks in relative seating)."""
        T = self.T
        P = self.num_players
        if not isinstance(player, (int, np.integer)) or not 0 <= int(player) < P:
            raise ValueError(f"player must be in 0..{P - 1}, got {player!r}")
        o = int(player)
        obs = np.zeros(self.obs_size, dtype=np.float32)
        # One writable view per named field.
        f = {name: obs[start : start + size] for name, (start, size) in self._offsets.items()}

        def rel(q: int) -> int:
            return (q - o) % P

        over = self.terminated
        phase = self.phase
        f["phase"][phase] = 1
        if not over:
            f["to_move"][rel(self.current_player)] = 1
        f["turn_player"][rel(self.turn_player)] = 1
        f["start_player"][rel(0)] = 1  # seat 0 is the starting player (DN §13.28)
        f["turn_number"][0] = self.turn_number
        if self.end_trigger >= 0:
            f["end"][0] = 1
            if not over:
                f["end"][1] = (self.end_trigger - 1 - self.turn_player) % P
            f["end"][2 + rel(self.end_trigger)] = 1

        # SPEC §O: at game over the turn-state fields are all 0.
        if not over:
            tp = self.turn_player
            f["turn_flags"][:] = (
                self.princess_active,
                self.mason_active,
                self.architect == 1,
                self.architect == 2,
                self.exchange_done,
            )
            workshop, mason = self._discount_flags(tp)
            f["build"][:] = (
                self.bricks_built,
                construction_discount(T, workshop, mason),
                self._cost(tp, self.bricks_built),
            )
            f["played"][:] = [self.played[name] for name in PLAYED_NAMES]
            if phase in PAY_LEFT_PHASES:
                f["payment"][0] = self.pay_left
            elif phase in (ALCHEMIST_GIVE, SMUGGLER_GIVE):
                f["payment"][0] = 1
            if phase == PAY_CARD_COST:
                f["payment"][1] = self.pay_index
                f["payment"][2] = self.chosen_slot
            if EVENT_PATRICIAN <= phase <= EVENT_PAY:
                f["event"][T.event_kinds.index(self.event_kind)] = 1
            else:
                f["event"][len(EVENT_NAMES)] = 1
            if phase == EXCHANGE_PAY:
                f["exchange_slot"][0] = self.exchange_slot
            if phase in (EXCHANGE_PAY, ALCHEMIST_GIVE, SMUGGLER_GIVE):
                f["take_colour"][self.pending_take[0]] = 1
            keep = f["keep"]
            if phase == EVENT_KEEP_TOWER:
                keep[0] = self.keep_left
                if self.keep_colour >= 0:
                    keep[1 + self.keep_colour] = 1
            if phase in (EVENT_KEEP_TOWER, EVENT_PAY):
                for t in self.keep_marked:
                    if t < MAX_NAMED_TOWERS:
                        keep[1 + NUM_COLOURS + t] = 1

        # Row: kind one-hot per slot (index num_kinds = empty) and bricks.
        row_cards = f["row_cards"].reshape(NUM_ROW_SLOTS, T.num_kinds + 1)
        row_bricks = f["row_bricks"].reshape(NUM_ROW_SLOTS, NUM_COLOURS)
        for s in range(NUM_ROW_SLOTS):
            entry = self.row[s] if s < len(self.row) else None
            if entry is None:
                row_cards[s, T.num_kinds] = 1
            else:
                row_cards[s, entry[0]] = 1
                row_bricks[s] = entry[1]
        f["deck_size"][0] = len(self.deck)
        f["discard_counts"][:] = self.discard
        # SPEC §O: unseen = in game - row - discard - church - buildings - own hand
        # (- opponents' hands in recall mode) - the event card in limbo (phases 2-7).
        unseen = [self.in_game[k] - self.discard[k] - self.hand[o][k] for k in range(T.num_kinds)]
        if self.opponent_hands == "recall":
            for q in range(P):
                if q != o:
                    unseen = [unseen[k] - self.hand[q][k] for k in range(T.num_kinds)]
        for entry in self.row:
            if entry is not None:
                unseen[entry[0]] -= 1
        for kind in self.church:
            if kind >= 0:
                unseen[kind] -= 1
        for q in range(P):
            for b, owned in enumerate(self.buildings[q]):
                unseen[T.building_kinds[b]] -= owned
        if EVENT_PATRICIAN <= phase <= EVENT_PAY and not over:
            unseen[self.event_kind] -= 1
        f["unseen_counts"][:] = unseen
        f["pouch"][:] = self.pouch

        # Commissions: open, neutral, balcony numeral (4), owner (P, relative), height, prestige.
        com = f["commissions"].reshape(T.num_commissions, 8 + P)
        com[:, 2:6] = self._balcony_columns  # fixed for the game: balcony numerals, set at init
        com[:, 6 + P :] = self._commission_columns  # height, prestige (+ tile bonus)
        seals_by_colour = [[0] * NUM_COLOURS for _ in range(P)]
        for cid, owner in enumerate(self.owner):
            if owner == -1:
                com[cid, 0] = 1
            elif owner == -2:
                com[cid, 1] = 1
            else:
                com[cid, 6 + rel(owner)] = 1
                seals_by_colour[owner][cid // T.levels] += 1
        f["next_balcony"][self.next_balcony] = 1
        f["level_tiles"][:] = [not taken for taken in self.level_tile_taken]
        church = f["church"]
        for i, name in enumerate(("Major Privilege", "Minor Privilege", "Privilege", "Campanile")):
            church[i] = T.kind[name] in self.church
        for q in range(P):
            church[4 + rel(q)] = self.campanile_sealed[q]
        f["majority_bonus"][:] = T.majority_bonus

        # Player blocks, block j = seat (o + j) mod P.
        blocks = f["players"].reshape(P, PLAYER_BLOCK)
        for j in range(P):
            q = (o + j) % P
            block = blocks[j]
            block[0] = self.prestige[q]
            block[1] = self.seals_left[q]
            block[2:8] = self.store[q]
            block[8:11] = self.buildings[q]
            block[11] = sum(self.hand[q])
            block[12] = self.end_trigger == q
            block[13 : 13 + NUM_COLOURS] = seals_by_colour[q]
            towers = block[13 + NUM_COLOURS :].reshape(MAX_TOWER_SLOTS, TOWER_FEATURES)
            for t, tower in enumerate(self.towers[q]):
                towers[t, tower["colour"]] = 1
                towers[t, NUM_COLOURS:] = (tower["height"], tower["at_start"], tower["built"])
        f["own_hand"][:] = [self.hand[o][k] for k in T.hand_kinds]
        if self.opponent_hands == "recall":
            hands = f["opponent_hands"].reshape(P - 1, len(HAND_KIND_NAMES))
            for j in range(1, P):
                hands[j - 1] = [self.hand[(o + j) % P][k] for k in T.hand_kinds]
        return obs
