"""What every phase's rules use: the scalar die (:func:`scalar_randint`, one value of
``core.rng.randint`` in Python integers), payments, influence (D5), workers taken from the pool
(D19), a decision handed to a player, and the batch sizes below which a step runs one game at a
time."""

from __future__ import annotations

from ..constants import PH_PLACE, STREAM_DIE

# fewer games than this reaching the same step run it one at a time (Python scalars beat index arrays)
BATCH_MIN = 4
DISTRICT_BATCH_MIN = 16  # phase 6 takes 8 passes per player: fewer games run faster one at a time
_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's finaliser in Python integers (core.rng's ``_mix``)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def scalar_randint(seed: int, stream: int, counter: int, n: int, index: int = 0) -> int:
    """``core.rng.randint(seed, stream, counter, n, index)`` for one value, in Python integers."""
    z = _mix((seed + _GOLDEN) & _MASK64)
    for position, word in ((2, stream), (3, counter), (4, index)):
        z = _mix(z ^ _mix((word + _GOLDEN * position) & _MASK64))
    return ((z >> 32) * n) >> 32


class RuleHelpers:
    """The helpers; a part of :class:`~.RulesMixin`."""

    def players_in_order(self, st, g) -> list[int]:
        """The distinct players of this round's turn order, in slot order (SPEC §4)."""
        order = st.order[g].tolist()
        if st.nslots[g] == self.num_players:
            return order[: self.num_players]
        return order[:1] + order[2 : self.num_players + 1]  # a double office holder's two slots

    def roll(self, st, g) -> int:
        """The next die roll of game g (SPEC §3): ``1 + rng.randint(seed, STREAM_DIE, rolls, 6)``,
        computed in Python integers (one value: far cheaper than numpy scalars; tested equal)."""
        v = 1 + scalar_randint(int(st.seed[g]), STREAM_DIE, int(st.rolls[g]), 6)
        st.rolls[g] += 1
        return v

    def can_pay(self, st, g, p, cubes, fl) -> bool:
        return bool(st.money[g, p] >= fl and (st.res[g, p] >= cubes).all())

    def pay(self, st, g, p, cubes, fl) -> None:
        st.money[g, p] -= fl
        st.res[g, p] -= cubes

    def add_influence(self, st, g, p, n) -> None:
        st.influence[g, p] = max(0, int(st.influence[g, p]) + int(n))  # D5

    def take_workers(self, st, g, p, n) -> None:
        """Move up to n workers from p's pool to its board (D19)."""
        n = min(int(n), int(st.pool[g, p]))
        st.pool[g, p] -= n
        st.avail[g, p] += n

    def decide(self, st, g, phase, player) -> None:
        st.phase[g] = phase
        st.current_player[g] = player
        deferred = self.__dict__.get("_deferred")
        if phase == PH_PLACE and deferred is not None:
            deferred.append(g)  # masked with the batch's other placements (see ``_batched``)
        else:
            self.refresh_mask(st, g)
