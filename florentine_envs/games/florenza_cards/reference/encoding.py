"""The reference's fixed encoding (SPEC §1-§3, §6): random streams, phase ids, sizes, the
options' allowed values, and the first id of every block of the flat action space
(:class:`ActionIds`, sized by the data's :class:`~.tables.Tables`)."""

from __future__ import annotations

from .tables import Tables

# ---------------------------------------------------------------------------------------
# Randomness streams (SPEC §3)
# ---------------------------------------------------------------------------------------

STREAM_FLORENZA = 1
STREAM_MONUMENTS = 2
STREAM_ARTISTS = 3
STREAM_SETUP = 4

# ---------------------------------------------------------------------------------------
# Phases (SPEC §6)
# ---------------------------------------------------------------------------------------

ACTION = 0
HIRE = 1
EXCHANGE_GIVE_1 = 2
EXCHANGE_GIVE_2 = 3
EXCHANGE_TAKE = 4
BARTER_GIVE = 5
BARTER_TAKE = 6
KEEP = 7
CAPTAIN_CHOICE = 8
MERCHANT_CHOICE = 9
GAME_OVER = 10
NUM_PHASES = 11

NUM_SLOTS = 8  # SPEC §2: four normal actions, then Palagio, Casamento, Casa, Predicatore
NUM_RESOURCES = 6
NUM_TYPES = 3

# The phases in which the observation shows the action slot (SPEC §10).
SLOT_PHASES = (ACTION, HIRE, EXCHANGE_GIVE_1, EXCHANGE_GIVE_2, EXCHANGE_TAKE, BARTER_GIVE, BARTER_TAKE)
GIVEN_PHASES = (EXCHANGE_GIVE_2, EXCHANGE_TAKE, BARTER_TAKE)

REWARD_MODES = ("win", "score")
LOCATION_MODES = ("all", "by_player_count")  # SPEC §1: the 17 Location cards always, or the port's per count
ARTWORK_CLASSES = ("family_palace", "district_church")  # SPEC §2: the kinds with artist_types
SET_CLASSES = ("family_palace", "district_church", "district_building")


class ActionIds:
    """SPEC §6: the first id of every block of the flat action space."""

    def __init__(self, T: Tables):
        self.PLAY = 0
        self.COMPLETE = self.PLAY + T.K
        self.RESERVE_MONUMENT = self.COMPLETE + T.M
        self.RESERVE_ARTIST = self.RESERVE_MONUMENT + T.M
        self.LOCATION = self.RESERVE_ARTIST + T.AK
        self.WORKERS = self.LOCATION + T.L
        self.MARKET_SELL = self.WORKERS + 1
        self.MARKET_BUY = self.MARKET_SELL + NUM_RESOURCES
        self.MARKET_EXCHANGE = self.MARKET_BUY + NUM_RESOURCES
        self.INSPIRATION = self.MARKET_EXCHANGE + 1
        self.PASS = self.INSPIRATION + 1
        self.HIRE_TABLE = self.PASS + 1
        self.HIRE_RESERVED = self.HIRE_TABLE + T.AK
        self.HIRE_ANONYMOUS = self.HIRE_RESERVED + T.AK
        self.RESOURCE = self.HIRE_ANONYMOUS + NUM_TYPES
        self.KEEP = self.RESOURCE + NUM_RESOURCES
        self.NUM_ACTIONS = self.KEEP + T.K
