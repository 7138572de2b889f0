"""The solo game's picture (SPEC.md SOLO): your principality and cards, Wolfgang's row of cards
with his Bonus cards on their slots and his pieces, the dummies' columns, the Automa card of the
auction phase with its modifiers and the last bids rolled.

Hidden from you (SPEC.md SH), so drawn as backs in your view: Wolfgang's face-down professions
he has not flipped to read (a seen one is drawn face up, marked "seen"), the dummies' face-down
cards. The whole table (``view=None``) shows them too, marked face down."""

from __future__ import annotations

from typing import TYPE_CHECKING

import drawsvg as dw
import numpy as np

from ...pictures import widgets as wg
from .constants import NUM_STACKS, RECRUIT_CARD
from .picture_common import (
    GAP,
    MARGIN,
    PANEL_H,
    WIDTH,
    draw_table,
    header_height,
    panel_width,
    player_cards,
    player_panel,
    profession_card,
    start_drawing,
)

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import PrincesState

SOLO_ROW_H = 150


def draw_solo(game: Game, st: PrincesState, b: int, view: int | None) -> dw.Drawing:
    top = header_height(game)
    height = top + PANEL_H + GAP + SOLO_ROW_H + MARGIN
    d = start_drawing(game, st, b, view, height)
    draw_table(d, game, st, b, view, MARGIN + 34 + GAP)
    w = panel_width()
    player_panel(d, MARGIN, top, w, PANEL_H, game, st, b, 0, view)
    wolfgang(d, MARGIN + w + GAP, top, w, PANEL_H, game, st, b, view)
    y = top + PANEL_H + GAP
    automa(d, MARGIN, y, 560, SOLO_ROW_H, game, st, b)
    dummies(d, MARGIN + 560 + GAP, y, WIDTH - 2 * MARGIN - 560 - GAP, SOLO_ROW_H, game, st, b, view)
    return d


def wolfgang(d, x, y, w, h, game: Game, st: PrincesState, b: int, view: int | None) -> None:
    """Wolfgang: Florin and fame (which may be negative), his pieces and Freedoms (repeats
    allowed), his row left to right with the Bonus cards lying on its slots, his Prestige cards."""
    T = game.T
    wg.panel(d, x, y, w, h)
    detail = f"{100 * int(st.money[b, 1]):,} Florin · fame {int(st.fame[b, 1])}"
    wg.player_header(d, x + 6, y + 6, w - 12, 1, detail=detail, label="Wolfgang (the Automa)")
    player_cards(d, x + 10, y + 38, w - 20, game, st, b, 1, view)
    built = [
        f"{T.building_names[i]}" + (f" ×{int(n)}" if n > 1 else "") for i, n in enumerate(st.wolf_buildings[b]) if n
    ]
    lands = [f"{T.landscape_names[i]} ×{int(n)}" for i, n in enumerate(st.landscapes[b, 1]) if n]
    wg.text(d, x + 10, y + 60, "Buildings: " + (", ".join(built) or "none") + " · Landscapes: "
            + (", ".join(lands) or "none"), 10, width=w - 20, max_lines=2)  # fmt: skip
    n = int(st.wolf_len[b])
    wg.text(d, x + 10, y + 88, f"Row ({n} cards, left to right; face up = work completed)", 10,
            fill=wg.PALETTE["muted"])  # fmt: skip
    slot_w = min(78, (w - 20 - 4 * max(n, 1)) / max(n + 1, 1))
    bonus = st.wolf_bonus[b]
    for k in range(n + 1):
        cx, cy = x + 10 + k * (slot_w + 4), y + 104
        on_slot = np.flatnonzero(bonus == k)
        if k < n:
            row_card(d, cx, cy, slot_w, 64, game, st, b, k, view)
        for i, card_id in enumerate(on_slot):  # a Bonus card lies under the slot's card, showing its text
            text = game.data["bonus_cards"]["cards"][int(card_id)]["text"]
            wg.card(d, cx, cy + 78 + i * 36, slot_w, 34, title=f"Bonus {int(card_id)}", lines=[text], size=7,
                    colour="#3d6e8c")  # fmt: skip
    prestige = [int(i) for i in np.flatnonzero(st.prestige_hand[b, 1])]
    texts = [game.data["prestige_cards"]["cards"][i]["text"] for i in prestige]
    wg.text(d, x + 10, y + h - 30, "Prestige cards (face up): " + ("; ".join(texts) or "none"), 10, width=w - 20,
            max_lines=2)  # fmt: skip


def row_card(d, x, y, w, h, game: Game, st: PrincesState, b: int, k: int, view: int | None) -> None:
    """Slot k of Wolfgang's row: a Recruiting card, a profession face up (its work done), a
    face-down profession he has flipped to read (seen: public), or a face-down one (a back in
    your view; the whole table shows it, dimmed)."""
    card_id, up = int(st.wolf_row[b, k]), bool(st.wolf_up[b, k])
    if card_id == RECRUIT_CARD:
        wg.card(d, x, y, w, h, title="Recruiting", lines=["a work" if up else "face down"], size=8, dim=not up)
        return
    seen = bool(st.known[b, 1, card_id])
    if up or seen or view is None:
        profession_card(d, x, y, w, h, game, card_id)
        note = "work done" if up else ("seen" if seen else "face down")
        wg.text(d, x + w / 2, y + h + 1, note, 8, anchor="middle", weight="bold",
                fill=wg.PALETTE["good"] if up else wg.PALETTE["muted"])  # fmt: skip
    else:
        wg.card(d, x, y, w, h, face_down=True)


def automa(d, x, y, w, h, game: Game, st: PrincesState, b: int) -> None:
    """The Automa card in force: its top panel (objects in Wolfgang's order, each with its
    modifier, or 1D6; excluded from the final auction marked), the last bids rolled; the deck."""
    T, ST = game.T, game.ST
    wg.panel(d, x, y, w, h)
    drawn = int(st.automa_next[b])
    card = int(st.automa_card[b])
    title = f"Automa card {card}" if card >= 0 else "Automa deck"
    wg.text(d, x + 10, y + 6, f"{title} · {drawn} of 21 cards drawn", 12, weight="bold")
    if card < 0:
        wg.text(
            d,
            x + 10,
            y + 28,
            "No auction in progress: in the action phase each of Wolfgang's two actions"
            " draws a card (its middle, then its bottom panel).",
            11,
            fill=wg.PALETTE["muted"],
            width=w - 20,
        )
        return
    box = (w - 20 - 4 * 6) / 5
    for k in range(ST.entries.shape[1]):
        stacks = [s for s in range(NUM_STACKS) if ST.pos[card, s] == k]
        s = stacks[0]
        name = "Landscape" if len(stacks) == 3 else T.stack_names[s]
        mod = f"+{int(ST.mod[card, s])} + 1D6" if ST.has_mod[card, s] else "1D6"
        bids = [f"{100 * int(st.last_bid[b, q])}" for q in stacks if st.last_bid[b, q] >= 0]
        lines = [mod] + (["last bid " + "/".join(bids)] if bids else [])
        if ST.excluded[card, s]:
            lines.append("not in the final auction")
        wg.card(d, x + 10 + k * (box + 6), y + 28, box, 76, title=f"{k + 1}. {name}", lines=lines, size=9,
                colour="#5d4037", dim=bool(st.stack_used[b, stacks].any()))  # fmt: skip
    wg.text(d, x + 10, y + 110, f"Auctions this phase: {int(st.auctions_done[b])} of {game.seats}", 10)


def dummies(d, x, y, w, h, game: Game, st: PrincesState, b: int, view: int | None) -> None:
    """The dummies' columns, first-placed card first: face up (flipped when Wolfgang works)
    cards by name; face-down ones as backs in your view."""
    T = game.T
    wg.panel(d, x, y, w, h)
    n_dummies = game.seats - 2
    col_w = (w - 20 - (n_dummies - 1) * 10) / n_dummies
    for k in range(n_dummies):
        cx = x + 10 + k * (col_w + 10)
        seat = 2 + k
        cards = [int(c) for c in st.dummy_col[b, k, : int(st.dummy_len[b, k])]]
        wg.text(d, cx, y + 6, f"dummy {k + 1}: {len(cards)} cards", 12, weight="bold")
        cw = min(70, (col_w - 3 * max(len(cards) - 1, 0)) / max(len(cards), 1))
        for i, card_id in enumerate(cards):
            up = bool(st.table_prof[b, seat, card_id])
            px = cx + i * (cw + 3)
            if up or view is None:
                profession_card(d, px, y + 26, cw, 60, game, card_id)
                if not up:
                    wg.text(d, px + cw / 2, y + 26 + 48, "face down", 8, anchor="middle", fill=wg.PALETTE["muted"])
            else:
                wg.card(d, px, y + 26, cw, 60, face_down=True)
        up_names = [T.profession_names[c] for c in cards if st.table_prof[b, seat, c]]
        wg.text(d, cx, y + 94, "face up: " + (", ".join(up_names) or "none"), 10, width=col_w, max_lines=3)
    wg.text(d, x + w - 10, y + h - 18, f"discarded: Recruiting {int(st.recruit_discarded[b])},"
            f" Builders {int(st.builders_discarded[b])}", 10, anchor="end", fill=wg.PALETTE["muted"])  # fmt: skip
