"""Final scoring (SPEC §8), the artwork tie-break, ranks and terminal rewards (SPEC §9)."""

from __future__ import annotations

import numpy as np

from .constants import DONE, PH_OVER, RESERVED
from .data import G_CRAFTSMEN, G_LANDLORD, G_LORD, G_PATRON, G_PROTECTOR
from .state import FlorenzaCardsState

# Guild scoring: effect -> points per unit (the numbers in the effects' names, SPEC §2)
GUILD_POINTS = {G_CRAFTSMEN: 3, G_LANDLORD: 3, G_PROTECTOR: 3, G_PATRON: 5, G_LORD: 2}


def majority_points(amounts: np.ndarray, points: list[int]) -> np.ndarray:
    """int[n, P]: place = 1 + players with strictly more; places 1-3 score ``points``, ties
    score the full points of their place (DESIGN_NOTES 23)."""
    place = (amounts[:, None, :] > amounts[:, :, None]).sum(2)  # [n, P] players above, 0-based place
    table = np.array([*points, 0], np.int64)
    return table[np.minimum(place, len(points))]


class ScoringMixin:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: scoring, tie-break, ranks, rewards."""

    def score_breakdown(self, st: FlorenzaCardsState, games: np.ndarray) -> dict[str, np.ndarray]:
        """Each scoring term of SPEC §8 as int64[n, P] (they sum to the score), from the state as
        it stands (at the end: the final scores)."""
        t, P = self.t, self.num_players
        seats = np.arange(P)
        in_play = st.in_play[games]  # [n, P, K]
        mon_owner = st.mon_owner[games][:, None, :] == seats[None, :, None]  # [n, P, M]
        done = (st.mon_state[games] == DONE)[:, None, :] & mon_owner
        reserved_mon = (st.mon_state[games] == RESERVED)[:, None, :] & mon_owner
        art_owner = st.art_owner[games][:, None, :] == seats[None, :, None]  # [n, P, NA]
        reserved_art = (st.art_state[games] == RESERVED)[:, None, :] & art_owner
        card_artist = np.maximum(st.card_artist[games], 0).astype(np.int64)  # -1 = no artist on it
        mon_artist = np.where(done, st.mon_artist[games][:, None, :], 0).astype(np.int64)
        count = lambda cls: in_play[:, :, getattr(t, f"is_{cls}")].sum(2)  # noqa: E731
        sets = np.minimum(np.minimum(count("family_palace"), count("district_church")), count("district_building"))
        # Mastro Artista counts the artist cards hired; anonymous artists go back face down and
        # never lie in front of the player, so they make no set (DESIGN_NOTES 24)
        units = {
            G_CRAFTSMEN: count("workshop"), G_LANDLORD: count("residence"), G_PROTECTOR: done.sum(2),
            G_PATRON: st.hired_types[games].min(2), G_LORD: sets,
        }  # fmt: skip
        guilds = np.zeros((games.size, P), np.int64)
        if self.guilds:
            for effect, pts in GUILD_POINTS.items():
                held = in_play[:, :, self.guild_kind[effect]].any(2)
                guilds += np.where(held, pts * units[effect], 0)
        money = st.money[games].astype(np.int64)
        return {
            "cards": in_play.astype(np.int64) @ t.card_prestige,
            "monuments": done.astype(np.int64) @ t.mon_prestige,
            "artists": card_artist.sum(2) + mon_artist.sum(2),
            "sets": t.set_bonus * sets,
            "guilds": guilds,
            "resources": majority_points(st.res[games].sum(2).astype(np.int64), t.majority_res),
            "money": majority_points(money, t.majority_money),
            "captain": np.where(st.captain[games, None] == seats, t.captain_pp, 0),
            "reserved_monuments": -(reserved_mon.astype(np.int64) @ t.mon_prestige),
            "reserved_artists": -(reserved_art.astype(np.int64) @ t.copy_value),
        }

    def artwork_values(self, st: FlorenzaCardsState, games: np.ndarray) -> np.ndarray:
        """int64[n, P, K + M]: each seat's artworks (played palaces and churches, completed
        monuments) worth prestige + artist value, sorted from the highest, padded with -1."""
        t, P = self.t, self.num_players
        cards = np.where(
            st.in_play[games] & t.card_needs_artist, t.card_prestige + st.card_artist[games].astype(np.int64), -1
        )
        mine = st.mon_owner[games][:, None, :] == np.arange(P)[None, :, None]
        done = (st.mon_state[games] == DONE)[:, None, :] & mine
        mons = np.where(done, t.mon_prestige + st.mon_artist[games][:, None, :].astype(np.int64), -1)
        return -np.sort(-np.concatenate([cards, mons], 2), axis=2)

    def _final_ranks(self, scores: np.ndarray, artworks: np.ndarray) -> np.ndarray:
        """int[n, P]: 1 + the seats that beat each seat (higher score, or equal score and a
        lexicographically greater artwork list), SPEC §8."""
        a, b = artworks[:, :, None, :], artworks[:, None, :, :]  # [n, P, 1, X], [n, 1, P, X]
        differ = a != b
        first = differ.argmax(3)[..., None]
        a_first = np.take_along_axis(np.broadcast_to(a, differ.shape), first, 3)[..., 0]
        b_first = np.take_along_axis(np.broadcast_to(b, differ.shape), first, 3)[..., 0]
        greater = differ.any(3) & (a_first > b_first)
        s = scores[:, :, None]
        beats = (s > scores[:, None, :]) | ((s == scores[:, None, :]) & greater)  # [n, p, q]: p beats q
        return 1 + beats.sum(1)

    def _game_over(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Score, rank, reward; the game is over (SPEC §8-§9)."""
        scores = sum(self.score_breakdown(st, games).values())
        rank = self._final_ranks(scores, self.artwork_values(st, games))
        st.scores[games] = scores
        st.final_rank[games] = rank
        st.phase[games] = PH_OVER
        st.terminated[games] = True
        st.rewards[games] += self._rewards(scores, rank)

    def _rewards(self, scores: np.ndarray, rank: np.ndarray) -> np.ndarray:
        """float32[n, P]: ``reward="win"``: the rank-1 seats share +1, the others -1 (all rank 1:
        0); ``reward="score"``: score minus the others' mean."""
        P = self.num_players
        if self.options.get("reward", "win") == "score":
            return self.terminal_rewards(scores)
        winners = rank == 1
        n_win = winners.sum(1, keepdims=True)
        out = np.where(winners, 1.0 / np.maximum(n_win, 1), -1.0 / np.maximum(P - n_win, 1))
        out[n_win[:, 0] == P] = 0.0
        return out.astype(np.float32)

    def final_rewards_of(self, state: FlorenzaCardsState) -> np.ndarray:
        """The rewards of the last step (SPEC §9): by ``final_rank``, the artwork tie-break applied
        (the core's default ranks the scores alone, and would refuse a finished game whose tie the
        artworks broke)."""
        return self._rewards(state.scores, state.final_rank)

    def ranks(self, state: FlorenzaCardsState) -> np.ndarray:
        """int[B, P]: the final ranks with the tie-break once a game is over; score ranks before."""
        return np.where(state.terminated[:, None], state.final_rank, super().ranks(state))
