"""Day scoring and the final rewards of the reference, as pure functions: ranked payouts with
shared ties, the ship ranking, the commodity majorities and monopoly bonuses, the rewards."""

from __future__ import annotations

from .tables import (
    COMMODITY_PAYOUTS,
    MONOPOLY_BONUS,
    MONOPOLY_VARIANT_BONUS,
    NUM_COLOURS,
    PAYMENT_UNIT,
    REWARD_MODES,
    SHIP_PAYOUTS,
    monopoly_threshold,
    monopoly_variant_threshold,
)

# ---------------------------------------------------------------------------
# Day scoring (pure functions)
# ---------------------------------------------------------------------------


def share_payouts(amounts: list[int], payouts: list[int], eligible: list[bool] | None = None) -> list[int]:
    """Pay ``payouts[rank]`` to players ranked by ``amounts`` (highest first).

    Only ``eligible`` players are ranked (all by default); the others get 0.
    Ranks beyond the end of ``payouts`` pay 0.

    RB: "Ties: In the case of ties, the payouts for the involved players are
    added together and shared. Where necessary, the shares are rounded down.
    Note: As 5 is the smallest payment unit, you must round down to the nearest
    5 when tied."
    SPEC: "A group of k players tied at ranks r...r+k-1 shares the payouts of
    those ranks: each gets floor(sum / k / 5) * 5."
    """
    n = len(amounts)
    if eligible is None:
        eligible = [True] * n
    ranked = [p for p in range(n) if eligible[p]]
    result = [0] * n
    for p in ranked:
        # Rank r = number of ranked players with a strictly higher amount; the
        # tied group is everyone ranked with exactly the same amount.
        r = sum(1 for q in ranked if amounts[q] > amounts[p])
        k = sum(1 for q in ranked if amounts[q] == amounts[p])
        pot = sum(payouts[rank] for rank in range(r, r + k) if rank < len(payouts))
        # floor(floor(pot / k) / 5) == floor(pot / k / 5) for non-negative ints.
        result[p] = (pot // k) // PAYMENT_UNIT * PAYMENT_UNIT
    return result


def score_ships(values: list[int], num_players: int) -> list[int]:
    """Florins for ship values, one entry per seat.

    RB: "Ship values: First, compare the total values of the ships by adding
    up the numbers on every card in each ship. The player with the most
    valuable ship (highest total value) receives the highest payout, and so
    on. The player with the lowest value ship receives nothing. The payouts
    depend on the number of players in the game..."
    """
    if len(values) != num_players:
        raise ValueError(f"expected {num_players} ship values, got {len(values)}")
    return share_payouts(list(values), SHIP_PAYOUTS[num_players])


def score_commodities(icons: list[list[int]], num_players: int, monopoly_variant: bool = False) -> list[int]:
    """Florins for warehouses (majorities and monopoly bonuses), per seat.

    ``icons[p][c]`` is the number of icons of colour ``c`` in seat ``p``'s
    warehouse.

    RB: "Now each of the five commodities are scored one at a time... Players
    must count the number of icons (not the number of cards) they have for each
    commodity type in turn."
    """
    if len(icons) != num_players:
        raise ValueError(f"expected {num_players} icon rows, got {len(icons)}")
    result = [0] * num_players
    threshold = monopoly_threshold(num_players)
    variant_threshold = monopoly_variant_threshold(num_players)
    for c in range(NUM_COLOURS):
        counts = [int(icons[p][c]) for p in range(num_players)]
        # RB: "The player with the most commodities (icons) of each type (color)
        # receives a payout of 10 florins, the player with the second most
        # commodities of the colour receives 5 florins."
        # RB example: "As there is no other player with grey commodities, there
        # is no further payout for gray." -- SPEC: "Players with 0 icons of the
        # colour get nothing."
        majority = share_payouts(counts, COMMODITY_PAYOUTS, [n >= 1 for n in counts])
        for p in range(num_players):
            result[p] += majority[p]
            # RB: "Furthermore, each player who has at least 5 commodities of a
            # color receives a monolpoly bonus of 10 florins. In a 2 player
            # game, each player with at least 7 commodities of a color receives
            # this bonus."
            # RB (Game Variant): "the monopoly bonus increases from 10 to 20
            # when the following thresholds are reached ... The thresholds for
            # the lower monopoly bonuses remain unchanged."
            if monopoly_variant and counts[p] >= variant_threshold:
                result[p] += MONOPOLY_VARIANT_BONUS
            elif counts[p] >= threshold:
                result[p] += MONOPOLY_BONUS
    return result


def compute_rewards(scores: list[int], mode: str) -> list[float]:
    """Final-step rewards (SPEC: "Rewards and scores").

    "win": winners = players with the highest score; if every player is a
    winner all get 0; else each winner gets +1/w and each other player
    -1/(P-w). "score": player p gets score_p - mean(score_q for q != p).
    """
    P = len(scores)
    if mode == "win":
        # RB: "The player with the highest sum of florins is the winner. In the
        # case of a tie, the tied players become joint winners."
        best = max(scores)
        winners = [p for p in range(P) if scores[p] == best]
        w = len(winners)
        if w == P:
            return [0.0] * P
        return [1.0 / w if scores[p] == best else -1.0 / (P - w) for p in range(P)]
    if mode == "score":
        total = sum(scores)
        return [float(scores[p]) - (total - scores[p]) / (P - 1) for p in range(P)]
    raise ValueError(f"unknown reward mode {mode!r}; expected one of {REWARD_MODES}")
