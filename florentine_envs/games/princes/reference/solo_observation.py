"""What you see of a solo reference game (SPEC SV), and the solo game's invariants.

The base observation (``observation.py``) of the table's S seats, with Wolfgang's public cards
removed from the unseen sets, then the field ``solo`` written part by part in SPEC SV's order.
"""

from __future__ import annotations

import numpy as np

from .observation import check_cards, obs_offsets, obs_size, observe
from .tables import AUCTION_BID, AUCTION_CHOOSE, NUM_BONUS, NUM_BUILDINGS, NUM_PRESTIGE, NUM_PROFESSIONS

ROW_SLOTS = 16  # SPEC SW: wolf_row int8[B, 16]
ROW_SLOT_SIZE = 4 + NUM_PROFESSIONS  # present, face up, Recruiting card, profession 21, Bonus count
MAX_DUMMIES = 3
SOLO_PARTS = (
    ("top_panel", 7 * 4),
    ("automa_card", 21),
    ("automa_out", 21),
    ("last_bids", 14),
    ("auction", 3),
    ("you_bought", 8),
    ("wolf_row", ROW_SLOTS * ROW_SLOT_SIZE),
    ("wolf_counts", NUM_BUILDINGS + 3),
    ("wolf_bonus", NUM_BONUS),
    ("wolf_prestige", NUM_PRESTIGE),
    ("dummies", (1 + NUM_PROFESSIONS) * MAX_DUMMIES),
    ("discards", 2),
    ("deck_places", NUM_PROFESSIONS + NUM_BONUS + NUM_PRESTIGE),
)
SOLO_SIZE = sum(size for _, size in SOLO_PARTS)


def solo_obs_size(seats: int) -> int:
    """SPEC SV: ``obs_size = 311 + 198 S + size(solo)``."""
    return obs_size(seats) + SOLO_SIZE


def observe_solo(ref, o: int) -> np.ndarray:
    """float32[solo_obs_size(S)]: what you (seat 0, the only observer) see."""
    if o != 0:
        raise ValueError(f"princes solo reference: observer {o!r}; allowed: 0 (the solo player)")
    base = observe(ref, 0)
    offsets = obs_offsets(ref.seats)
    # SPEC SV: "unseen_bonus / unseen_prestige also exclude Wolfgang's cards (public)".
    for i in ref.bonus_hand[1]:
        base[offsets["unseen_bonus"].start + i] = 0.0
    for i in ref.prestige_hand[1]:
        base[offsets["unseen_prestige"].start + i] = 0.0
    out: list[float] = []
    in_auction = ref.automa_card >= 0
    # top panel: per object s: has modifier, modifier, position, excluded in the final auction
    for s in range(7):
        if in_auction:
            pos, _ = ref._entry_of(s)
            mod = ref.modifier(s)
            out += [float(mod is not None), float(mod or 0), float(pos), float(ref.excluded(s))]
        else:
            out += [0.0] * 4
    out += [float(c == ref.automa_card) for c in range(21)]
    drawn = set(ref.automa_order[: ref.automa_next]) - {ref.automa_card}
    out += [float(c in drawn) for c in range(21)]
    out += [float(b >= 0) for b in ref.last_bid]
    out += [float(max(b, 0)) for b in ref.last_bid]
    # "final (auctions_done == S - 1 in the auction phase)": the phases AUCTION_CHOOSE and
    # AUCTION_BID (SPEC SA's header), not the placement, draw or recruiting after your purchase.
    auction_phase = ref.phase in (AUCTION_CHOOSE, AUCTION_BID)
    out += [ref.auctions_done, float(auction_phase and ref._final()), float(ref.forced)]
    out += [float(s == (7 if ref.you_bought < 0 else ref.you_bought)) for s in range(8)]
    for k in range(ROW_SLOTS):
        slot = [0.0] * ROW_SLOT_SIZE
        if k < len(ref.wolf_row):
            card = ref.wolf_row[k]
            slot[0] = 1.0
            slot[1] = float(card.face_up)
            slot[2] = float(not card.is_profession)
            if card.is_profession and (card.face_up or card.card in ref.known[1]):
                slot[3 + card.card] = 1.0
            slot[-1] = float(len(card.bonus))
        elif k == len(ref.wolf_row):  # D50: Bonus cards waiting for the next card of the row
            slot[-1] = float(len(ref.wolf_waiting_bonus))
        out += slot
    out += ref.wolf_buildings + ref.wolf_freedoms
    out += [float(i in ref.bonus_hand[1]) for i in range(NUM_BONUS)]
    out += [float(i in ref.prestige_hand[1]) for i in range(NUM_PRESTIGE)]
    for k in range(MAX_DUMMIES):
        if k < ref.dummies:
            out.append(len(ref.hand_prof[2 + k]))
            out += [float(x in ref.table_prof[2 + k]) for x in range(NUM_PROFESSIONS)]
        else:
            out += [0.0] * (1 + NUM_PROFESSIONS)
    out += [ref.recruit_discarded, ref.builders_discarded]
    out += ref.deck_places()
    obs = np.concatenate([base, np.array(out, dtype=np.float32)])
    assert obs.size == solo_obs_size(ref.seats)
    return obs


def check_solo_invariants(ref) -> None:
    """Raise ValueError at the first broken conservation law or bound of a solo game."""
    T = ref.T
    seats = range(ref.seats)

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"princes solo reference invariant: {what}")

    check_cards(ref, need)
    # Wolfgang's row is what the mirrors say (SPEC SW).
    row = ref.wolf_row
    need(len(row) <= ROW_SLOTS, "Wolfgang's row is longer than 16 slots")
    need({c.card for c in row if c.is_profession and not c.face_up} == ref.hand_prof[1], "row / hand_prof[1]")
    need({c.card for c in row if c.is_profession and c.face_up} == ref.table_prof[1], "row / table_prof[1]")
    need(sum(not c.is_profession and not c.face_up for c in row) == ref.hand_recruit[1], "row / hand_recruit[1]")
    need(sum(not c.is_profession and c.face_up for c in row) == ref.table_recruit[1], "row / table_recruit[1]")
    on_row = {i for c in row for i in c.bonus} | set(ref.wolf_waiting_bonus)
    need(on_row == ref.bonus_hand[1], "Wolfgang's Bonus cards lie on his row or wait beside it (D50)")
    need(all(not c.bonus for c in row if c.face_up), "a Bonus card on a completed work")
    need(ref.known[1] <= ref.hand_prof[1], "Wolfgang's seen cards are face down in his row")
    for k, column in enumerate(ref.columns):
        need(set(column) == ref.hand_prof[2 + k] | ref.table_prof[2 + k], f"dummy {k}'s column")
        need(not ref.bonus_hand[2 + k] and not ref.prestige_hand[2 + k] and ref.money[2 + k] == 0, f"dummy {k} acts")
    # Pieces and supplies (discards are out of the game).
    recruiting = ref.supply_recruiting + ref.recruit_discarded + sum(ref.hand_recruit) + sum(ref.table_recruit)
    need(recruiting == T.recruiting, "Recruiting cards are not conserved")
    need(ref.supply_builders + ref.builders_discarded + sum(ref.builders) == T.builders, "Builders are not conserved")
    need(ref.supply_jesters + sum(ref.jesters) == T.jesters, "Jesters are not conserved")
    for b in range(NUM_BUILDINGS):
        need(ref.supply_buildings[b] + ref.built[0][b] + ref.wolf_buildings[b] == T.buildings_per_type, "buildings")
        need(ref.built[1][b] == (ref.wolf_buildings[b] > 0), "Wolfgang's built mirror")
    for f in range(3):
        need(ref.supply_freedoms[f] + ref.freedoms[0][f] + ref.wolf_freedoms[f] == ref.freedoms_in_game[f], "Freedoms")
        need(ref.freedoms[1][f] == (ref.wolf_freedoms[f] > 0), "Wolfgang's Freedom mirror")
    for l in range(3):  # noqa: E741
        owned = ref.landscapes[0][l] + ref.landscapes[1][l]
        need(ref.supply_landscapes[l] + owned == T.landscapes_per_type, "landscapes")
    need(max(ref.builders) <= T.max_builders, "more than 3 Builders")
    need(ref.fits[0] == ref._fits_of(0), "your fits are stale")
    # Money: never negative (Wolfgang's fame may be); the Bank's ledger balances.
    need(min(ref.money) >= 0 and ref.fame[0] >= 0, "negative money or fame")
    need(sum(ref.money) == ref.money_in_game + ref.bank_out - ref.bank_in, "money is not conserved")
    # The Automa deck: 1 card per auction phase, 2 per Wolfgang turn (D40).
    need(ref.automa_next <= len(ref.automa_order) == len(set(ref.automa_order)), "the Automa deck")
    need(all(seat in seats for seat in (ref.start,)) and ref.start in (0, 1), "the start player is you or Wolfgang")
