"""Per-action features (issue 30; ``Game.action_features``): for each of the six actions, what it
is and what it would do, as far as the mover can see -- the market, every ship and warehouse and
the unseen counts are public; only the order of the deck is hidden.

* **reveal** -- the card it would turn over, in expectation over the unseen cards of each kind
  (``deck_counts``, the observation's ``unseen_counts``): its value, the chance it is green, its
  icons per colour, and what loading that card alone would add to the mover's day payout; and the
  card a reveal puts out of the mover's reach (the 3rd-last, which falls to 4th-last).
* **take_*** -- the cards it loads (count, space, value, icons per colour: "you MUST take the last
  card ... you MAY take any one or two of the previous two cards"), the ship after it (value,
  free space, full), its standing among the ships as they stand and the ship payout it would be
  paid by the payout table if the day ended now, the change of the mover's commodity payouts per
  colour (majorities and monopoly bonuses, the ship's cargo counted, as ``running_scores`` does)
  and its lead per colour, the monopolies it reaches, and the market it leaves: its size and the
  last three cards, the ones the next player can reach before revealing.
* **stop** -- the same take features for the take of the market as it stands that loads the most
  value and fits the ship (ties: the lower action id), and how many takes fit.

Per-colour features are named by the colours of the component data (grain, spice, fur, dye,
cloth). Florins are in tens; values divided by the largest card value, icons by the most icons on a card,
ship values by the largest ship load (``obs_field_bounds``). Computed for every action at once,
numpy over [B, A, ...]; the caller zeroes the rows of actions that are not legal.
"""

from __future__ import annotations

import numpy as np

from .constants import ACTION_NAMES, REVEAL, STOP, TAKES
from .state import MediciState, _flat

FLORIN_UNIT = 10.0  # florin features are in tens of florins


class FeaturesMixin:
    """Mixed into :class:`~.medici.Medici`: ``_action_features``, ``action_feature_fields`` and
    ``action_feature_docs`` (issue 30)."""

    def _feature_tables(self) -> dict:
        """Constants of the features, from the component data (built on first use)."""
        tables = self.__dict__.get("_feature_consts")
        if tables is not None:
            return tables
        A = len(ACTION_NAMES)
        takes = self._takes  # bool[A, 3]: which of (last, 2nd-last, 3rd-last) each action loads
        # keep[a]: the first three of the last six market cards (0 = the last) that stay after action a
        keep = np.zeros((A, 3), np.int64)
        for a in range(A):
            kept = [i for i in range(6) if not (i < 3 and takes[a, i])]
            keep[a] = kept[:3]
        icons_by_colour = np.zeros((self.num_kinds, 5), np.float64)  # [K, 5]
        coloured = self.kind_colour >= 0
        icons_by_colour[np.flatnonzero(coloured), self.kind_colour[coloured]] = self.kind_icons[coloured]
        all_icons = icons_by_colour.T @ self._kind_copies.astype(np.float64)  # [5] icons of each colour
        # A reveal's card, for its payout: only its value (ship) and its icons in its one colour count,
        # so the K kinds reduce to their distinct values and (icons, colour) pairs.
        values = np.unique(self.kind_value)
        value_of_kind = (self.kind_value[:, None] == values).astype(np.float64)  # [K, Uv]
        icon_counts = np.unique(self.kind_icons[coloured & (self.kind_icons > 0)])  # [Ui]
        icons_of_kind = np.zeros((self.num_kinds, icon_counts.size, 5), np.float64)  # [K, Ui, 5]
        for k in np.flatnonzero(coloured & (self.kind_icons > 0)):
            icons_of_kind[k, np.searchsorted(icon_counts, self.kind_icons[k]), self.kind_colour[k]] = 1
        bonus = self._mono_bonus
        if self.options["monopoly_variant"]:
            bonus = max(bonus, self._mono_variant_bonus)
        tables = {
            "keep": keep,
            "kind_icons_by_colour": icons_by_colour,
            "draw_values": values.astype(np.int64),
            "value_of_kind": value_of_kind,
            "draw_icons": icon_counts.astype(np.int64),
            "icons_of_kind": icons_of_kind.reshape(self.num_kinds, -1),
            "V": float(max(int(self.kind_value.max()), 1)),  # largest card value
            "I": float(max(int(self.kind_icons.max()), 1)),  # most icons on a card
            "S": float(self.obs_field_bounds()["ship_value"][1]),  # largest ship value
            "H": float(max(all_icons.max(), 1)),  # most icons of one colour in the game
            "ship_top": float(max(self._ship_cum[1], 0)),  # the best ship place's payout
            "colour_top": float(max(self._commodity_cum[1], 0) + max(bonus, 0)),  # best place + bonus
        }
        self.__dict__["_feature_consts"] = tables
        return tables

    # ------------------------------------------------------------------ metadata

    def action_feature_fields(self) -> dict[str, tuple[float, float]]:
        t = self._feature_tables()
        ship = max(t["ship_top"] / FLORIN_UNIT, 1.0)
        colour = max(t["colour_top"] / FLORIN_UNIT, 1.0)
        fields = {"kind_reveal": (0.0, 1.0), "kind_stop": (0.0, 1.0), "kind_take": (0.0, 1.0),
                  "load_cards": (0.0, 3.0), "load_space": (0.0, 3.0), "load_green": (0.0, 3.0),
                  "load_value": (0.0, 3.0)}  # fmt: skip
        fields.update({f"load_icons_{c}": (0.0, 3.0) for c in self.colour_names})
        fields.update({
            "ship_value_after": (0.0, 1.0), "ship_space_after": (0.0, 1.0), "ship_full_after": (0.0, 1.0),
            "ship_lead_after": (-1.0, 1.0), "ships_above_after": (0.0, 1.0), "ships_tied_after": (0.0, 1.0),
            "ship_payout_after": (0.0, ship), "ship_payout_gain": (0.0, ship),
        })  # fmt: skip
        fields.update({f"commodity_gain_{c}": (0.0, colour) for c in self.colour_names})
        fields.update({f"commodity_lead_after_{c}": (-1.0, 1.0) for c in self.colour_names})
        fields.update({
            "monopolies_reached": (0.0, 3.0), "day_payout_gain": (0.0, ship + 3 * colour),
            "left_market_size": (0.0, 1.0), "left_reach_cards": (0.0, 3.0), "left_reach_value": (0.0, 3.0),
            "left_reach_icons": (0.0, 3.0),
            "draw_deck_size": (0.0, 1.0), "draw_reveals_left": (0.0, 1.0), "draw_expected_value": (0.0, 1.0),
            "draw_p_green": (0.0, 1.0),
        })  # fmt: skip
        fields.update({f"draw_expected_icons_{c}": (0.0, 1.0) for c in self.colour_names})
        fields.update({
            "draw_expected_day_gain": (0.0, ship + colour), "draw_drops_value": (0.0, 1.0),
            "draw_drops_icons": (0.0, 1.0), "stop_fitting_takes": (0.0, 1.0),
        })  # fmt: skip
        return fields

    def action_feature_docs(self) -> dict[str, str]:
        load = "for a take the cards it loads, for stop those of the best-value fitting take (module docstring)"
        docs = {
            "kind_reveal": "1: reveal (turn over the top card of the deck)",
            "kind_stop": "1: stop revealing (its take features describe the fitting take loading the most value)",
            "kind_take": "1: one of the four takes (last card, with the 2nd-last, with the 3rd-last, all three)",
            "load_cards": f"cards loaded ({load})",
            "load_space": "non-green cards loaded: the ship slots they use (green cards use none)",
            "load_green": "green cards loaded (no slot)",
            "load_value": "sum of the printed values loaded / the largest card value",
        }
        docs.update({f"load_icons_{c}": f"{c} icons loaded / the most icons on one card" for c in self.colour_names})
        docs.update({
            "ship_value_after": "the mover's ship value after the load / the largest ship value (obs bound)",
            "ship_space_after": "free ship slots after the load / the capacity",
            "ship_full_after": "1: the load fills the ship (the mover takes no further turn this day)",
            "ship_lead_after": "(ship value after - the best rival ship value now) / the largest ship value",
            "ships_above_after": "rival ships worth more than the mover's after the load / (P - 1)",
            "ships_tied_after": "rival ships worth the same as the mover's after the load / (P - 1)",
            "ship_payout_after": "tens of florins the ship payout table pays the mover if the day ended now "
                                 "(ties share, rounded down to 5), ships as they stand",
            "ship_payout_gain": "the change of that ship payout the load makes, tens of florins",
        })  # fmt: skip
        docs.update({f"commodity_gain_{c}": f"change of the mover's {c} payout (majority and monopoly bonus, "
                                            f"warehouse plus ship as if unloaded now), tens of florins"
                     for c in self.colour_names})  # fmt: skip
        lead = "(the mover's {} icons after the load - the most of a rival) / the most icons of a colour in the game"
        docs.update({f"commodity_lead_after_{c}": lead.format(c) for c in self.colour_names})
        docs.update({
            "monopolies_reached": "colours in which the load brings the mover to the monopoly threshold",
            "day_payout_gain": "change of the mover's day payout (ship + commodities) if the day ended now, tens of "
                               "florins (the change of running_scores)",
            "left_market_size": "cards left in the market after the load / the longest market",
            "left_reach_cards": "cards in the last three places of the market left (the next player's reach)",
            "left_reach_value": "their value / the largest card value",
            "left_reach_icons": "their icons / the most icons on one card",
            "draw_deck_size": "reveal: cards in the deck / all cards",
            "draw_reveals_left": "reveal: reveals still allowed this turn after this one / 2",
            "draw_expected_value": "reveal: expected value of the card turned over (unseen counts) / the largest value",
            "draw_p_green": "reveal: probability the card turned over is green (uses no slot)",
        })  # fmt: skip
        docs.update({f"draw_expected_icons_{c}": f"reveal: expected {c} icons of the card turned over / the most "
                                                 f"icons on one card" for c in self.colour_names})  # fmt: skip
        docs.update({
            "draw_expected_day_gain": "reveal: expected change of the mover's day payout if that card alone were "
                                      "loaded, tens of florins",
            "draw_drops_value": "reveal: value of the 3rd-last card, which the reveal puts out of reach / the largest "
                                "value",
            "draw_drops_icons": "reveal: its icons / the most icons on one card",
            "stop_fitting_takes": "stop: takes of the market as it stands that fit the ship / 4",
        })  # fmt: skip
        return docs

    # ------------------------------------------------------------------ the features

    def _rank_share(self, own: np.ndarray, rivals: np.ndarray, cumulative: np.ndarray, holders: bool) -> np.ndarray:
        """int[B, X, C]: the mover's payout by rank for amounts ``own`` int[B, X, C] (X options, C
        rankings) against ``rivals`` int[B, R, C] (as they stand), ties sharing rounded down
        (``scoring._ranked_payouts``); ``holders``: only amounts > 0 are ranked (commodities)."""
        # [B, X, C, R] with the rivals last: counts as products with ones (see scoring.py)
        o = own[:, :, :, None]
        r = rivals.transpose(0, 2, 1)[:, None]  # [B, 1, C, R]
        ones = np.ones(rivals.shape[1], np.uint8)
        above, level = r > o, r == o
        if holders:
            ranked = r > 0
            above, level = above & ranked, level & ranked
        higher = above.view(np.uint8) @ ones
        tied = 1 + (level.view(np.uint8) @ ones).astype(np.int64)
        last = len(cumulative) - 1
        share = (cumulative[np.minimum(higher + tied, last)] - cumulative[np.minimum(higher, last)]) // tied
        share = share // self._round_to * self._round_to
        return np.where(own > 0, share, 0) if holders else share

    def _monopoly(self, icons: np.ndarray) -> np.ndarray:
        bonus = np.where(icons >= self.monopoly_threshold, self._mono_bonus, 0)
        if self.options["monopoly_variant"]:
            bonus = np.where(icons >= self._mono_variant_threshold, self._mono_variant_bonus, bonus)
        return bonus

    def _action_features(self, state: MediciState, players: np.ndarray) -> np.ndarray:
        t = self._feature_tables()
        col = self.__dict__.get("_feature_columns")
        if col is None:
            col = self.__dict__["_feature_columns"] = {name: i for i, name in enumerate(self.action_feature_names)}
        B, A, P, N, C = state.batch_size, self.num_actions, self.num_players, self.num_cards, self.capacity
        V, I, S, H = t["V"], t["I"], t["S"], t["H"]
        games = np.arange(B)
        p = np.asarray(players, np.int64)
        out = np.zeros((B, A, len(col)), np.float64)

        # ---- the market's last six cards (N: none) and the loads of the four takes
        m = state.market_len.astype(np.int64)
        pos = m[:, None] - np.arange(1, 7)  # [B, 6]
        last6 = np.where(pos >= 0, state.market[games[:, None], np.maximum(pos, 0)].astype(np.int64), N)
        last3 = last6[:, :3]
        exists = last3 < N
        value3 = self._value[last3].astype(np.float64)  # [B, 3]
        space3 = self._nongreen[last3].astype(np.int64)
        icons3 = self._icons_by_colour[last3].astype(np.int64)  # [B, 3, 5]
        seat = games * P + p
        ship_slots = _flat(state.ship_slots)[seat].astype(np.int64)
        free = C - ship_slots
        sel = np.broadcast_to(self._takes, (B, A, 3)).copy()  # bool[B, A, 3]
        takes = np.array(TAKES)
        take_sel = self._takes[takes]  # [4, 3]
        # a take fits when every card it names is there and its non-green cards fit the free slots (masks.py)
        missing = (take_sel[None] & ~exists[:, None]).any(2)  # [B, 4]
        fits = ~missing & ((take_sel[None] * space3[:, None]).sum(2) <= free[:, None])
        take_value = (take_sel[None] * value3[:, None]).sum(2)  # [B, 4]
        best = np.where(fits, take_value, -1.0).argmax(1)  # [B] index into TAKES (first on ties)
        sel[:, STOP] = take_sel[best]
        sel &= exists[:, None, :]

        n_cards = sel.sum(2)  # [B, A]
        n_space = (sel * space3[:, None]).sum(2)
        load_value = (sel * value3[:, None]).sum(2)
        load_icons = np.einsum("bak,bkc->bac", sel.astype(np.int64), icons3)  # [B, A, 5]
        loads = np.zeros(A, bool)
        loads[list(TAKES) + [STOP]] = True
        out[:, REVEAL, col["kind_reveal"]] = 1
        out[:, STOP, col["kind_stop"]] = 1
        out[:, takes, col["kind_take"]] = 1
        out[:, :, col["load_cards"]] = n_cards
        out[:, :, col["load_space"]] = n_space
        out[:, :, col["load_green"]] = n_cards - n_space
        out[:, :, col["load_value"]] = load_value / V
        first_icons = col["load_icons_" + self.colour_names[0]]
        out[:, :, first_icons : first_icons + 5] = load_icons / I

        # ---- the ship after the load, among the ships as they stand
        rival_seats = (p[:, None] + np.arange(1, P)) % P  # [B, P-1]
        values = state.ship_value.astype(np.int64)
        own_value = values[games, p]
        rival_values = values[games[:, None], rival_seats]  # [B, P-1]
        value_after = own_value[:, None] + load_value.astype(np.int64)  # [B, A]
        best_rival = rival_values.max(1)
        out[:, :, col["ship_value_after"]] = value_after / S
        out[:, :, col["ship_space_after"]] = (free[:, None] - n_space) / C
        out[:, :, col["ship_full_after"]] = (free[:, None] - n_space) <= 0
        out[:, :, col["ship_lead_after"]] = (value_after - best_rival[:, None]) / S
        rivals_ones = np.ones(P - 1, np.uint8)
        above = (rival_values[:, None, :] > value_after[:, :, None]).view(np.uint8) @ rivals_ones
        level = (rival_values[:, None, :] == value_after[:, :, None]).view(np.uint8) @ rivals_ones
        out[:, :, col["ships_above_after"]] = above / (P - 1)
        out[:, :, col["ships_tied_after"]] = level / (P - 1)

        # ---- the draw of a reveal: one option per kind
        counts = state.deck_counts.astype(np.float64)  # [B, K] public (the observation's unseen_counts)
        deck_size = counts.sum(1)
        prob = counts / np.maximum(deck_size, 1)[:, None]
        kind_icons = t["kind_icons_by_colour"]
        draw_value = own_value[:, None] + t["draw_values"]  # [B, Uv]: the distinct card values

        # ship payouts: [before, the A loads, the K draws] in one ranking
        own_ships = np.concatenate([own_value[:, None], value_after, draw_value], 1)[:, :, None]  # [B, 1+A+Uv, 1]
        ship_pay = self._rank_share(own_ships, rival_values[:, :, None], self._ship_cum, holders=False)[:, :, 0]
        ship_gain = ship_pay - ship_pay[:, :1]
        out[:, :, col["ship_payout_after"]] = ship_pay[:, 1 : 1 + A] / FLORIN_UNIT
        out[:, :, col["ship_payout_gain"]] = ship_gain[:, 1 : 1 + A] / FLORIN_UNIT

        # commodities: warehouse plus ship (unloaded at the day's end), per colour
        house = state.warehouse_icons.astype(np.int64) + state.ship_icons.astype(np.int64)  # [B, P, 5]
        mine = house[games, p]  # [B, 5]
        rival_icons = house[games[:, None], rival_seats]  # [B, P-1, 5]
        mine_after = mine[:, None] + load_icons  # [B, A, 5]
        mine_draw = mine[:, None] + t["draw_icons"][:, None]  # [B, Ui, 5]: i more icons in each colour
        own_icons = np.concatenate([mine[:, None], mine_after, mine_draw], 1)
        colour_pay = self._rank_share(own_icons, rival_icons, self._commodity_cum, holders=True)
        colour_pay = colour_pay + self._monopoly(own_icons)
        colour_gain = colour_pay - colour_pay[:, :1]  # [B, 1+A+Ui, 5]
        first_gain = col["commodity_gain_" + self.colour_names[0]]
        out[:, :, first_gain : first_gain + 5] = colour_gain[:, 1 : 1 + A] / FLORIN_UNIT
        first_lead = col["commodity_lead_after_" + self.colour_names[0]]
        rival_most = rival_icons.max(1)
        out[:, :, first_lead : first_lead + 5] = (mine_after - rival_most[:, None]) / H
        T = self.monopoly_threshold
        out[:, :, col["monopolies_reached"]] = ((mine[:, None] < T) & (mine_after >= T)).sum(2)
        day_gain = ship_gain[:, 1 : 1 + A] + colour_gain[:, 1 : 1 + A].sum(2)  # [B, A]
        out[:, :, col["day_payout_gain"]] = day_gain / FLORIN_UNIT
        # a reveal's card loaded alone: the expected ship gain by its value, colour gain by its icons
        draw_gain = (prob @ t["value_of_kind"] * ship_gain[:, 1 + A :]).sum(1)
        draw_gain += (prob @ t["icons_of_kind"] * colour_gain[:, 1 + A :].reshape(B, -1)).sum(1)

        # ---- the market left: its size and its last three cards
        keep = t["keep"][None].repeat(B, 0)  # [B, A, 3]
        keep[:, STOP] = t["keep"][takes[best]]
        left = np.take_along_axis(last6[:, None, :].repeat(A, 1), keep, axis=2)  # [B, A, 3]
        out[:, :, col["left_market_size"]] = (m[:, None] - n_cards) / self.max_market
        out[:, :, col["left_reach_cards"]] = (left < N).sum(2)
        out[:, :, col["left_reach_value"]] = self._value[left].sum(2) / V
        out[:, :, col["left_reach_icons"]] = self._icons_by_colour[left].sum((2, 3)) / I
        out[:, ~loads, col["load_cards"] : col["left_reach_icons"] + 1] = 0  # reveal loads nothing

        # ---- reveal: the expected card from the public counts
        r = out[:, REVEAL]
        r[:, col["draw_deck_size"]] = deck_size / N
        r[:, col["draw_reveals_left"]] = np.maximum(2 - state.revealed.astype(np.int64), 0) / 2
        r[:, col["draw_expected_value"]] = prob @ self.kind_value.astype(np.float64) / V
        r[:, col["draw_p_green"]] = prob @ self.kind_green.astype(np.float64)
        first_draw = col["draw_expected_icons_" + self.colour_names[0]]
        r[:, first_draw : first_draw + 5] = prob @ kind_icons / I
        r[:, col["draw_expected_day_gain"]] = draw_gain / FLORIN_UNIT
        r[:, col["draw_drops_value"]] = value3[:, 2] / V
        r[:, col["draw_drops_icons"]] = icons3[:, 2].sum(1) / I
        out[:, STOP, col["stop_fitting_takes"]] = fits.sum(1) / 4
        return out.astype(np.float32)
