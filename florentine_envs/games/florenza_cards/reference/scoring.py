"""RB "SCORING PRESTIGE POINTS", "GUILD CARDS" and "WINNING THE GAME" (SPEC §8-§9): the
visible prestige, the final score, the artwork tie-break, ranks and terminal rewards
(:func:`terminal_rewards`, :class:`Scoring`)."""

from __future__ import annotations

from .encoding import GAME_OVER, NUM_TYPES, SET_CLASSES


def terminal_rewards(scores: list[int], final_rank: list[int], mode: str) -> list[float]:
    """SPEC §9. ``win``: the seats ranked first share +1, the others share -1, all first
    gives 0. ``score``: own score minus the mean of the others'."""
    P = len(scores)
    if mode == "score":
        return [s - (sum(scores) - s) / (P - 1) for s in scores]
    winners = [p for p in range(P) if final_rank[p] == 1]
    if len(winners) == P:
        return [0.0] * P
    return [1.0 / len(winners) if p in winners else -1.0 / (P - len(winners)) for p in range(P)]


class Scoring:
    """Part of :class:`~.game.FlorenzaCardsReference`: scoring and the end of the game."""

    # ------------------------------------------------------------ scoring

    def counts_by_class(self, p: int) -> dict[str, int]:
        counts: dict[str, int] = {}
        for k in range(self.T.K):
            if self.in_play[p][k]:
                counts[self.T.card_class[k]] = counts.get(self.T.card_class[k], 0) + 1
        return counts

    def hired_values(self, p: int) -> list[int]:
        """Values of the artists p hired (anonymous ones: their value, 0)."""
        T = self.T
        values = [T.copy_value[i] for i in range(T.NA) if self.art_state[i] == "hired" and self.art_owner[i] == p]
        return values + [T.anon_value[t] for t in range(NUM_TYPES) for _ in range(self.hired_anonymous[p][t])]

    def hired_types(self, p: int) -> list[int]:
        """Artist cards p hired per type; anonymous artists are not among them (DN 24: they go back
        face down and never lie in front of the player)."""
        T = self.T
        counts = [0] * NUM_TYPES
        for i in range(T.NA):
            if self.art_state[i] == "hired" and self.art_owner[i] == p:
                counts[T.artist_type[T.copy_kind[i]]] += 1
        return counts

    def completed_monuments(self, p: int) -> list[int]:
        return [m for m in range(self.T.M) if self.mon_state[m] == "completed" and self.mon_owner[m] == p]

    def reserved_monuments(self, p: int) -> list[int]:
        return [m for m in range(self.T.M) if self.mon_state[m] == "reserved" and self.mon_owner[m] == p]

    def visible_prestige(self, p: int) -> int:
        """SPEC §10: printed prestige of cards in play and completed monuments + hired values."""
        T = self.T
        cards = sum(T.card_prestige[k] for k in range(T.K) if self.in_play[p][k])
        return cards + sum(T.mon_prestige[m] for m in self.completed_monuments(p)) + sum(self.hired_values(p))

    def score(self, p: int) -> int:
        """RB "SCORING PRESTIGE POINTS" and "GUILD CARDS" (SPEC §8)."""
        T, P, c = self.T, self.num_players, self.T.c
        classes = self.counts_by_class(p)
        # RB: "For each Monument, District Building, Family Palace, and District Church you have
        # completed ... For each Artist you hired to complete projects: You score the points
        # shown on the card." (Other classes print no prestige.)
        total = self.visible_prestige(p)
        # RB: "For each complete set of 1 Family Palace (green), 1 District Church (blue), and 1
        # District Building (grey) you have completed: You score 5 bonus points." (DN 25)
        sets = min(classes.get(name, 0) for name in SET_CLASSES)
        total += int(c["set_bonus_pp"]) * sets
        # RB "GUILD CARDS" (scored only when guilds are in the game).
        if self.has_guild(p, "pp_per_workshop_3"):
            total += 3 * classes.get("workshop", 0)
        if self.has_guild(p, "pp_per_residence_3"):
            total += 3 * classes.get("residence", 0)
        if self.has_guild(p, "pp_per_monument_3"):
            total += 3 * len(self.completed_monuments(p))
        # RB Mastro Artista: "5 Prestige Points for each complete set of Architect, Painter, and
        # Sculptor you have hired" -- the artist cards in front of the player (DN 24).
        if self.has_guild(p, "pp_per_abc_set_5"):
            total += 5 * min(self.hired_types(p))
        if self.has_guild(p, "set_bonus_plus_2"):
            total += 2 * sets
        # RB: "You score 4 points if you have the most Resource cards, 2 points if you have the
        # second most, or 1 point if you have the third most (even if there are less than 4
        # players). If there is a tie, all tied players earn the full points." The same for
        # Fiorini. (DN 23: competition ranking.)
        for holdings, points in (
            ([sum(self.res[q]) for q in range(P)], c["majority_pp_resources"]),
            (list(self.money), c["majority_pp_money"]),
        ):
            place = 1 + sum(1 for q in range(P) if holdings[q] > holdings[p])
            total += int(points[place - 1]) if place <= len(points) else 0
        # RB: "You score 1 point if you are the Captain of the People at the end of the game."
        if p == self.captain:
            total += int(c["final_captain_pp"])
        # RB: "You must subtract points for ... each reserved Monument that you did not complete
        # ... each reserved Artist that you did not hire."
        total -= sum(T.mon_prestige[m] for m in self.reserved_monuments(p))
        total -= sum(T.copy_value[i] for i in range(T.NA) if self.art_state[i] == "reserved" and self.art_owner[i] == p)
        return total

    def artworks(self, p: int) -> list[int]:
        """RB tie-break: "any card that requires an Artist to play), including the value of the
        Artist that created it" -- palaces, churches and monuments, highest first (DN 26)."""
        T = self.T
        values = [T.card_prestige[k] + self.card_artist[p][k] for k in range(T.K)
                  if self.in_play[p][k] and T.card_types[k] is not None]  # fmt: skip
        values += [T.mon_prestige[m] + self.mon_artist[m] for m in self.completed_monuments(p)]
        return sorted(values, reverse=True)

    def beats(self, p: int, q: int) -> bool:
        """RB: "The player with the most Prestige Points is the winner! If there is a tie, the
        winner is the tied player who completed the single most valuable artwork ... If there is
        still a tie, compare their second most valuable artwork, and so on." A player who runs
        out of artworks first loses (lists padded with -1)."""
        if self.scores[p] != self.scores[q]:
            return self.scores[p] > self.scores[q]
        mine, theirs = self.artworks(p), self.artworks(q)
        length = max(len(mine), len(theirs))
        return mine + [-1] * (length - len(mine)) > theirs + [-1] * (length - len(theirs))

    def winning_the_game(self) -> None:
        """RB: "The game ends at the end of the fifth round." Scores, ranks, rewards."""
        P = self.num_players
        self.scores = [self.score(p) for p in range(P)]
        self.final_rank = [1 + sum(1 for q in range(P) if self.beats(q, p)) for p in range(P)]
        self.rewards = terminal_rewards(self.scores, self.final_rank, self.reward_mode)
        self.phase = GAME_OVER
        self.terminated = True
