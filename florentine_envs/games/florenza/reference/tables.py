"""Component tables of the reference, parsed from ``florenza_data.json`` by this module alone.

The reference never imports the engine's ``data.py``: it reads the JSON (with the
``data=`` patch of ``core.data``) and turns it into the plain records below, which
the rules read by attribute. Field names here are the reference's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
    # Production when operated (phase 6): a plain gain, or an optional conversion.
    gain_cubes: list[int] = field(default_factory=lambda: [0] * 6)
    gain_florins: int = 0
    gain_prestige: int = 0
    gain_influence: int = 0
    spend_cubes: list[int] | None = None  # "Spend X to take Y": X (None: a plain gain)
    spend_florins: int = 0
    # Phase-1 income of the non-occupiable workshops.
    income_florins: int = 0
    income_workers: int = 0
    income_prestige: int = 0

    @property
    def converts(self) -> bool:
        return self.spend_cubes is not None


@dataclass
class SkillLine:
    cost: int  # Fiorini paid to the artist for this skill (phase 7)
    prestige: list[int]  # int[6]: bonus prestige for die faces 1..6 (index face-1)
    masterpiece: list[bool]  # bool[6]: the gold box(es)
    prestige_after: list[int]  # int[6]: the table once the masterpiece is done (purple side)


@dataclass
class Character:
    index: int  # data order
    number: int  # the rulebook's id (1..40 named; unnamed have their own)
    name: str
    kind: str  # "artist" | "preacher"
    named: bool
    rounds: int = 0  # rounds in play = Life in Florenza card it enters beneath (named)
    life: int = 0  # unnamed: the Life in Florenza card it sits on
    skills: dict[int, SkillLine] = field(default_factory=dict)  # skill index -> line (artists)
    # Preachers (phase 4, E): cost paid at once, then workers, resource and bonus.
    cost: int = 0
    workers: list[int] = field(default_factory=list)  # int[6] by die face; unnamed: fixed
    fixed_workers: int | None = None  # unnamed preachers: "always provide 2 workers"
    gain_cubes: list[int] = field(default_factory=lambda: [0] * 6)
    gain_prestige: int = 0
    gain_influence: int = 0


@dataclass
class Artwork:
    index: int
    zone: str  # "palazzo" | "chiesa" (district, one per player) | "civic" | "cathedral"
    building: str
    name: str
    skills: list[int]
    cost_cubes: list[int]
    cost_florins: int
    prestige: int
    influence: int
    income: str | None  # None | "prestige" | "influence" | "worker" | "florins" | "atrio"
    income_amount: int = 0
    pulpit: bool = False


@dataclass
class Tables:
    resources: list[str]
    workshops: list[Workshop]
    characters: list[Character]
    district_artworks: list[Artwork]  # the 8 boxes of every district board
    main_artworks: list[Artwork]  # the 19 boxes of the main board (civic + cathedral)
    die_resource: list[int]  # int[6]: resource index of die face 1..6 (phase 1)
    start_workshops: list[int]  # the 12 starting types
    first_game: list[list[int]]  # [seat from the last][slot]: the suggested first-game workshops
    draws: dict[int, int]  # characters drawn at set-up per player count
    rounds: int = 8
    slots: int = 8
    max_workers: int = 8
    start_florins: int = 300
    start_cubes: list[int] = field(default_factory=lambda: [1] * 6)
    start_workers_board: int = 4
    start_workers_pool: int = 4
    income_florins: int = 200
    income_cubes: list[int] = field(default_factory=lambda: [0] * 6)
    income_workers: int = 4
    short_die_florins: int = 100  # "If there are not enough resource cubes ... 100 Fiorini"
    cube_supply: list[int] = field(default_factory=lambda: [0] * 6)
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
