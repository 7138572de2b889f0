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
    captain_vp: int = 1
    bishop_vp: int = 1
    atrio_gold: int = 1  # the Atrio's income: 1 gold ...
    atrio_sell_florins: int = 200  # ... or the sale of 1 gold for 200 Fiorini
    cubes_per_vp: int = 3
    florins_per_vp: int = 300
    empty_slot_vp: int = 1
    unfinished_vp: int = 1
    no_palazzo_vp: int = 4
    no_chiesa_vp: int = 4


DATA_FILE = Path(__file__).resolve().parent.parent / "florenza_data.json"


def load_json(data=None) -> dict:
    """The packaged ``florenza_data.json`` with ``data`` applied: None (as packaged), a str/Path (a
    complete replacement file) or a dict patch. A patch follows DATA_NOTES.md: nested dicts merge key
    by key, a dotted key is a path, and inside a list a path step names a record by its ``id`` (or any
    other list item by its 0-based position); any other value replaces the one at its path."""
    if isinstance(data, (str, Path)):
        return json.loads(Path(data).read_text())
    base = json.loads(DATA_FILE.read_text())
    if data is None:
        return base
    if not isinstance(data, dict):
        raise ValueError(f"florenza reference: data must be a dict patch or a path, got {type(data).__name__}")
    _apply_patch(base, copy.deepcopy(data))
    return base


def _step(container, key: str):
    """(container, index) of path step ``key``: a dict key, a list record's ``id`` or a list position."""
    if isinstance(container, list):
        ids = [str(item.get("id")) if isinstance(item, dict) else None for item in container]
        return ids.index(key) if key in ids else int(key)
    return key


def _apply_patch(target, patch: dict) -> None:
    for dotted, value in patch.items():
        *parents, last = str(dotted).split(".")
        node = target
        for key in parents:
            node = node[_step(node, key)]
        index = _step(node, last)
        exists = index in node if isinstance(node, dict) else 0 <= index < len(node)
        if isinstance(value, dict) and exists and isinstance(node[index], (dict, list)):
            _apply_patch(node[index], value)
        else:
            node[index] = value


def load_tables(data=None) -> Tables:
    return parse(load_json(data))


def parse(raw: dict) -> Tables:
    """``florenza_data.json`` (fb-data's frozen schema, DATA_NOTES.md "SCHEMA") -> :class:`Tables`.

    Cost bags are sparse (missing keys are 0); workshop and character ids are 1-based and in list
    order (index = id - 1); main artworks are in resolution order (civic first)."""
    res = list(raw["resources"])
    skills = list(raw["skills"])
    k = raw["constants"]

    def vec(bag: dict) -> list[int]:
        return [int(bag.get(r, 0)) for r in res]

    def fl(bag: dict) -> int:
        return int(bag.get("fiorini", 0))

    workshops = []
    for i, w in enumerate(raw["workshops"]):
        if int(w["id"]) != i + 1:
            raise ValueError(f"florenza reference: workshop ids must be 1..29 in order, got {w['id']} at {i}")
        produce, income = w.get("produce") or {}, w.get("income") or {}
        gain, spend, take = produce.get("gain", {}), produce.get("spend"), produce.get("take", {})
        workshops.append(
            Workshop(
                i,
                w["name"],
                int(w["quantity"]),
                vec(w["build_cost"]),
                fl(w["build_cost"]),
                int(w["build_pp"]),
                bool(w["occupiable"]),
                gain_cubes=vec(gain),
                gain_florins=fl(gain),
                gain_prestige=int(gain.get("prestige", 0)),
                gain_influence=int(gain.get("influence", 0)),
                converts=spend is not None,
                spend_cubes=vec(spend or {}),
                spend_florins=fl(spend or {}),
                take_cubes=vec(take),
                take_florins=fl(take),
                income_florins=int(income.get("fiorini", 0)),
                income_workers=int(income.get("workers", 0)),
                income_prestige=int(income.get("prestige", 0)),
            )
        )
    characters = []
    for c, ch in enumerate(raw["characters"]):
        if int(ch["id"]) != c + 1:
            raise ValueError(f"florenza reference: character ids must be 1..40 in order, got {ch['id']} at {c}")
        if ch["kind"] == "artist":
            lines = {
                skills.index(name): SkillLine(
                    int(line["cost"]),
                    [int(x) for x in line["die"]],
                    [bool(x) for x in line["masterpiece"]],
                    [int(x) for x in line["masterpiece_pp"]],
                )
                for name, line in ch["skills"].items()
            }
            characters.append(Character(c, ch["name"], "artist", int(ch["rounds"]), skills=lines))
        else:
            characters.append(
                Character(
                    c,
                    ch["name"],
                    "preacher",
                    int(ch["rounds"]),
                    cost_florins=fl(ch["cost"]),
                    cost_cubes=vec(ch["cost"]),
                    workers=[int(x) for x in ch["workers"]],
                    gain_cubes=vec(ch.get("gain", {})),
                    gain_prestige=int(ch.get("prestige", 0)),
                    gain_influence=int(ch.get("influence", 0)),
                )
            )
    ua, up = raw["unnamed_artists"], raw["unnamed_preacher"]
    unnamed_preacher = Character(
        43,
        "unnamed preacher",
        "preacher",
        0,
        cost_florins=fl(up["cost"]),
        cost_cubes=vec(up["cost"]),
        workers=[int(up["workers"])] * 6,
        gain_cubes=vec(up.get("gain", {})),
        gain_prestige=int(up.get("prestige", 0)),
        gain_influence=int(up.get("influence", 0)),
    )

    def artwork(index: int, zone: str, art: dict) -> Artwork:
        inc = art.get("income") or {"kind": "none", "amount": 0}  # district boxes never pay income
        skill_ids = [skills.index(x) for x in art["skills"]]
        return Artwork(
            index,
            zone,
            art["id"],
            skill_ids,
            vec(art["cost"]),
            fl(art["cost"]),
            int(art["prestige"]),
            int(art["influence"]),
            inc["kind"],
            int(inc.get("amount", 0)),
            bool(art.get("pulpit", False)),
        )

    return Tables(
        resources=res,
        skills=skills,
        workshops=workshops,
        characters=characters,
        unnamed_pp=[[int(x) for x in ua[name]["die"]] for name in skills],
        unnamed_preacher=unnamed_preacher,
        district_artworks=[artwork(d, art["area"], art) for d, art in enumerate(raw["district_artworks"])],
        main_artworks=[artwork(m, art["zone"], art) for m, art in enumerate(raw["main_artworks"])],
        die_resource=[res.index(r) for r in raw["die_resource"]],
        start_workshops=[int(w) - 1 for w in raw["start_types"]],
        first_game=[[int(w) - 1 for w in pair] for pair in raw["first_game"]],
        draws={int(p): int(n) for p, n in raw["draw"].items()},
        cubes=[int(x) for x in raw["cubes"]],
        unnamed_tiles=int(ua[skills[0]]["tiles"]),
        rounds=int(k["rounds"]),
        max_workers=int(k["workers_per_family"]),
        crests=int(k["crests_per_family"]),
        start_florins=int(k["start_fiorini"]),
        start_cubes=[int(k["start_cubes_each"])] * len(res),
        start_workers_board=int(k["workers_start_board"]),
        income_florins=int(k["income_fiorini"]),
        income_cubes=vec({"marble": k["income_marble"], "wood": k["income_wood"]}),
        income_workers=int(k["income_workers"]),
        short_die_florins=int(k["die_fallback_fiorini"]),
        sell_price=int(k["market_sell"]),
        buy_price=int(k["market_buy"]),
        work_florins=int(k["go_to_work"]),
        fee=int(k["opponent_workshop_fee"]),
        fee_floor=int(k["opponent_workshop_floor"]),
        build_fail=int(k["construction_failure_loss"]),
        fail_penalty={z: int(k[f"failure_loss_{z}"]) for z in ("district", "civic", "cathedral")},
        fail_named_extra=int(k["failure_loss_named_extra"]),
        palazzo_bonus=int(k["palazzo_complete_pp"]),
        chiesa_bonus=int(k["chiesa_complete_influence"]),
        bishop_min=int(k["bishop_min_influence"]),
        cardinal_influence=int(k["cardinal_influence"]),
        cardinal_bonus=int(k["cardinal_pp"]),
        incentive_step=int(k["incentive_step"]),
        incentive_max=int(k["incentive_max"]),
        base_value={z: int(k[f"no_die_base_{z}"]) for z in ("district", "civic", "cathedral")},
        captain_vp=int(k["end_captain_vp"]),
        bishop_vp=int(k["end_bishop_vp"]),
        atrio_gold=int(k["atrio_gold"]),
        atrio_sell_florins=int(k["atrio_sell"]),
        cubes_per_vp=int(k["end_cubes_per_vp"]),
        florins_per_vp=int(k["end_fiorini_per_vp"]),
        empty_slot_vp=int(k["end_empty_space_loss"]),
        unfinished_vp=int(k["end_missing_district_artwork_loss"]),
        no_palazzo_vp=int(k["end_no_palazzo_loss"]),
        no_chiesa_vp=int(k["end_no_chiesa_loss"]),
    )
