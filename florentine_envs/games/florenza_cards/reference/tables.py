"""The component data as the reference reads it (SPEC §1-§2): :func:`load_data` (the packaged
``florenza_cards_data.json`` or the ``data`` override) and :class:`Tables`, the numbers of one
data file for one player count as plain lists. Written apart from the engine's ``data.py``."""

from __future__ import annotations

import copy
import json
import os

from florentine_envs.core.data import deep_merge

# the package folder above this one
DATA_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "florenza_cards_data.json")


def load_data(data=None) -> dict:
    """SPEC §1 ``data``: ``None`` (the packaged file), a dict patch merged into it, or a path
    naming a complete replacement JSON file."""
    if isinstance(data, (str, os.PathLike)):
        with open(data) as f:
            return json.load(f)
    with open(DATA_PATH) as f:
        packaged = json.load(f)
    if data is None:
        return packaged
    if isinstance(data, dict):
        return deep_merge(packaged, copy.deepcopy(data))
    raise ValueError(f"florenza_cards reference: data must be None, a dict patch or a path, got {type(data).__name__}")


class Tables:
    """The numbers of one data file for one player count, in the shapes the rules use."""

    def __init__(self, data: dict, num_players: int, guilds: bool, locations: str = "all"):
        P = str(num_players)
        self.resources = list(data["resources"])
        self.res_index = {name: r for r, name in enumerate(self.resources)}
        self.supply0 = [int(data["resource_supply"][name]) for name in self.resources]
        self.money0 = int(data["money_supply"])
        self.types = list(data["artist_types"])
        self.type_index = {name: t for t, name in enumerate(self.types)}
        c = data["constants"]
        self.c = c

        # Florenza cards (SPEC §2): kind k, copies per deck for this player count.
        cards = data["florenza_cards"]
        self.K = len(cards)
        self.card_id = [card["id"] for card in cards]
        self.card_class = [card["class"] for card in cards]
        self.card_cost = [self._resources(card.get("cost", {})) for card in cards]
        self.card_money = [int(card.get("cost", {}).get("money", 0)) for card in cards]
        self.card_prestige = [int(card.get("prestige", 0)) for card in cards]
        self.card_types = [[self.type_index[t] for t in card["artist_types"]] if "artist_types" in card else None
                           for card in cards]  # fmt: skip
        self.card_income = [self._resources(card.get("income", {})) for card in cards]
        self.card_income_money = [int(card.get("income", {}).get("money", 0)) for card in cards]
        self.card_slot = [card.get("extra_action_slot") for card in cards]  # 5..8 or None
        self.card_extra_cards = [int(card.get("extra_cards_drawn", 0)) for card in cards]
        self.card_guild = [card.get("guild_effect") for card in cards]
        # RB Set up: "in a 3-player game, remove all cards with the '4' symbol. In a 2-player
        # game, remove all '4' and '3+' cards" -- the data's copies per player count;
        # SPEC §1: guilds=False removes every guild.
        self.deck_copies = {
            deck: [0 if (not guilds and card["class"] == "guild") else int(card["copies"][deck][P]) for card in cards]
            for deck in ("I", "II", "III")
        }
        self.n = [sum(self.deck_copies[d][k] for d in ("I", "II", "III")) for k in range(self.K)]
        self.N = sum(self.n)
        self.fbase = [sum(self.n[:k]) for k in range(self.K)]  # SPEC §3: canonical item ids

        # Monuments.
        monuments = data["monuments"]
        self.M = len(monuments)
        self.mon_id = [m["id"] for m in monuments]
        self.mon_cost = [self._resources(m.get("cost", {})) for m in monuments]
        self.mon_money = [int(m.get("cost", {}).get("money", 0)) for m in monuments]
        self.mon_prestige = [int(m.get("prestige", 0)) for m in monuments]
        self.mon_types = [[self.type_index[t] for t in m["artist_types"]] for m in monuments]

        # Artists: kinds a, copies i kind-major (SPEC §2).
        artists = data["artists"]
        self.AK = len(artists)
        self.artist_id = [a["id"] for a in artists]
        self.artist_type = [self.type_index[a["type"]] for a in artists]
        self.artist_cost = [int(a["cost"]) for a in artists]
        self.copy_kind, self.copy_value = [], []
        for a, artist in enumerate(artists):
            for value in artist["values"]:
                self.copy_kind.append(a)
                self.copy_value.append(int(value))
        self.NA = len(self.copy_kind)
        anonymous = data["anonymous_artists"]
        self.anon_cost = [int(anonymous[t]["cost"]) for t in self.types]
        self.anon_value = [int(anonymous[t]["value"]) for t in self.types]

        # Locations.
        location_cards = data["locations"]
        self.L = len(location_cards)
        self.loc_id = [loc["id"] for loc in location_cards]
        self.loc_effect = [loc["effect"] for loc in location_cards]
        self.loc_resource = [self.res_index[loc["resource"]] if "resource" in loc else None for loc in location_cards]
        # RB Set up: "Place the 17 Location cards" (DN 13); the option locations="by_player_count"
        # lays out the public port's 14 / 16 / 17 instead (SPEC §1).
        table = "copies_by_players" if locations == "all" else "marked_copies_by_players"
        self.loc_copies = [int(loc[table][P]) for loc in location_cards]

        # Constants.
        self.rounds = int(c["rounds"])
        self.base_actions = int(c["base_actions_per_round"])
        self.artists_per_round = int(c["artists_per_round"][P])
        self.start_resources = self._resources(c["starting_resources"])

    def _resources(self, amounts: dict) -> list[int]:
        """A ``{name: amount}`` dict (``money`` ignored) as a list per resource index."""
        return [int(amounts.get(name, 0)) for name in self.resources]
