"""Component tables of the reference, parsed from ``florenza_data.json`` by this module alone.

The reference never imports the engine's ``data.py``: it reads the JSON (with the
``data=`` patch of ``core.data``) and turns it into the plain records below, which
the rules read by attribute. Field names here are the reference's own.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path

from florentine_envs.core.data import deep_merge

SKILLS = ("architect", "painter", "sculptor")


@dataclass
class Workshop:
    index: int  # 0-based, data order (rulebook id = index + 1)
    name: str
    quantity: int
    cost_cubes: list[int]  # int[6] resources to build
    cost_florins: int
    build_prestige: int
    occupiable: bool  # False: Casa, Casamento, Palagio (phase-1 income only)
    # Production when operated (phase 6): a plain gain ...
    gain_cubes: list[int] = field(default_factory=lambda: [0] * 6)
    gain_florins: int = 0
    gain_prestige: int = 0
    gain_influence: int = 0
    # ... or an optional conversion "Spend X to take Y" (SPEC §2 spend/take).
    converts: bool = False
    spend_cubes: list[int] = field(default_factory=lambda: [0] * 6)
    spend_florins: int = 0
    take_cubes: list[int] = field(default_factory=lambda: [0] * 6)
    take_florins: int = 0
    # Phase-1 income of the non-occupiable workshops.
    income_florins: int = 0
    income_workers: int = 0
    income_prestige: int = 0


@dataclass
class SkillLine:
    cost: int  # Fiorini paid to the artist for this skill (phase 7)
    die_pp: list[int]  # int[6]: prestige of a work of value 1..6 (index value-1)
    masterpiece: list[bool]  # bool[6]: the gold box(es)
    masterpiece_pp: list[int]  # int[6]: prestige of a gold box while the card is not flipped


@dataclass
class Character:
    """A named character (SPEC §2: c = id - 1)."""

    index: int
    name: str
    kind: str  # "artist" | "preacher"
    rounds: int  # rounds in play = the Life in Florenza card it arrives beneath
    skills: dict[int, SkillLine] = field(default_factory=dict)  # artists: skill index -> line
    # Preachers (phase 4, E): cost paid at once, then workers by die roll, cubes and bonus.
    cost_florins: int = 0
    cost_cubes: list[int] = field(default_factory=lambda: [0] * 6)
    workers: list[int] = field(default_factory=lambda: [0] * 6)  # int[6] by die value
    gain_cubes: list[int] = field(default_factory=lambda: [0] * 6)
    gain_prestige: int = 0
    gain_influence: int = 0


@dataclass
class Artwork:
    index: int
    zone: str  # "palazzo" | "chiesa" (district boxes) | "civic" | "cathedral" (main board)
    name: str
    skills: list[int]
    cost_cubes: list[int]
    cost_florins: int
    prestige: int
    influence: int
    income: str = "none"  # "none" | "prestige" | "influence" | "worker" | "fiorini" | "atrio"
    income_amount: int = 0
    pulpit: bool = False


@dataclass
class Tables:
    resources: list[str]
    skills: list[str]
    workshops: list[Workshop]
    characters: list[Character]  # the 40 named characters
    unnamed_pp: list[list[int]]  # [skill][value-1]: prestige of an unnamed artist's work
    unnamed_preacher: Character  # cost, workers[0] (fixed), cubes, prestige, influence
    district_artworks: list[Artwork]  # the 8 boxes of every district board
    main_artworks: list[Artwork]  # the main board's boxes (civic + cathedral)
    die_resource: list[int]  # int[6]: resource index of die value 1..6 (phase 1)
    start_workshops: list[int]  # the 12 starting types
    first_game: list[list[int]]  # [player counted from the last][space]
    draws: dict[int, int]  # characters drawn at set-up per player count
    cubes: list[int] = field(default_factory=lambda: [18, 18, 12, 12, 12, 12])
    unnamed_tiles: int = 2
    rounds: int = 8
    max_workers: int = 8
    crests: int = 15
    start_florins: int = 300
    start_cubes: list[int] = field(default_factory=lambda: [1] * 6)
    start_workers_board: int = 4
    income_florins: int = 200
    income_cubes: list[int] = field(default_factory=lambda: [0] * 6)  # 1 marble, 1 wood
    income_workers: int = 4
    short_die_florins: int = 100  # "If there are not enough resource cubes ... 100 Fiorini"
    sell_price: int = 100
    buy_price: int = 200
    work_florins: int = 50  # "Go to work": 50 Fiorini
    fee: int = 1  # prestige paid to use an opponent's workshop
    fee_floor: int = -3  # "cannot ... if your marker ... is already on the -3 space"
    build_fail: int = 1
    fail_penalty: dict[str, int] = field(default_factory=lambda: {"district": 1, "civic": 2, "cathedral": 3})
    fail_named_extra: int = 1
    palazzo_bonus: int = 4
    chiesa_bonus: int = 4
    bishop_min: int = 3
    cardinal_influence: int = 10
    cardinal_bonus: int = 5
    incentive_step: int = 50  # no-die variant: 1 point per 50 Fiorini
    incentive_max: int = 3  # ... up to 150
    base_value: dict[str, int] = field(default_factory=lambda: {"district": 1, "civic": 2, "cathedral": 3})
    # End scoring
    office_vp: int = 1
    cubes_per_vp: int = 3
    florins_per_vp: int = 300
    empty_slot_vp: int = 1
    unfinished_vp: int = 1
    no_palazzo_vp: int = 4
    no_chiesa_vp: int = 4


DATA_FILE = Path(__file__).resolve().parent.parent / "florenza_data.json"


def load_json(data=None) -> dict:
    """The packaged ``florenza_data.json`` with ``data`` applied (``core.data``'s rules: a dict patch
    merges key by key, a str/Path is a complete replacement file)."""
    base = json.loads(DATA_FILE.read_text())
    if data is None:
        return base
    if isinstance(data, dict):
        return deep_merge(base, copy.deepcopy(data))
    if isinstance(data, (str, Path)):
        return json.loads(Path(data).read_text())
    raise ValueError(f"florenza reference: data must be a dict patch or a path, got {type(data).__name__}")


def load_tables(data=None) -> Tables:
    return parse(load_json(data))


def parse(raw: dict) -> Tables:
    raise NotImplementedError("florenza_data.json schema not frozen yet")
