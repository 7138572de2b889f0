"""The schema of ``florenza_data.json``: every key, its type and range, and the cross-checks
between tables (counts, ranges, references), checked by :func:`validate` (``data.load_data``
runs it on the packaged file, a patched copy or a replacement file; DATA_NOTES.md, "SCHEMA",
describes every key). The check is written out here rather than in the vocabulary of
:mod:`florentine_envs.data_schema`; its ``ValueError`` names the data path.

    >>> from florentine_envs.games.florenza.data import load_data
    >>> validate(dict(load_data(), edition=3))
    Traceback (most recent call last):
    ...
    ValueError: florenza: data.edition: must be in 2..2, got 3
"""

from __future__ import annotations

PROVENANCES = ("rulebook", "public", "reconstructed")
INCOME_KINDS = ("none", "prestige", "influence", "worker", "fiorini", "atrio")
ZONES = ("civic", "cathedral")
AREAS = ("palazzo", "chiesa")
KINDS = ("artist", "preacher")
NUM_NAMED = 40
NUM_DISTRICT_BOXES = 8
DIE_FACES = 6

TOP_KEYS = (
    "game", "edition", "provenance", "resources", "cubes", "skills", "constants", "draw", "die_resource",
    "workshops", "start_types", "first_game", "characters", "unnamed_artists", "unnamed_preacher",
    "main_artworks", "district_artworks",
)  # fmt: skip
TABLES = TOP_KEYS[3:]  # every key that needs a provenance entry
CONSTANT_KEYS = (
    "rounds", "players_min", "players_max", "workers_per_family", "workers_start_board", "workers_start_pool",
    "start_fiorini", "start_cubes_each", "income_fiorini", "income_marble", "income_wood", "income_workers",
    "income_die_first_round", "die_fallback_fiorini", "market_sell", "market_buy", "trade_give", "trade_take",
    "go_to_work", "opponent_workshop_fee", "opponent_workshop_floor", "construction_failure_loss",
    "failure_loss_district", "failure_loss_civic", "failure_loss_cathedral", "failure_loss_named_extra",
    "workshop_spaces", "crests_per_family", "palazzo_complete_pp", "chiesa_complete_influence",
    "bishop_min_influence", "cardinal_influence", "cardinal_consecutive_rounds", "cardinal_pp", "cathedral_dice",
    "atrio_gold", "atrio_sell", "no_die_base_district", "no_die_base_civic", "no_die_base_cathedral",
    "incentive_step", "incentive_max", "life_cards", "guard_card", "end_captain_vp", "end_bishop_vp",
    "end_cubes_per_vp", "end_fiorini_per_vp", "end_empty_space_loss", "end_missing_district_artwork_loss",
    "end_no_palazzo_loss", "end_no_chiesa_loss",
)  # fmt: skip
SIGNED_CONSTANTS = ("opponent_workshop_floor",)  # every other constant is >= 0
WORKSHOP_KEYS = ("id", "name", "english", "quantity", "unique", "occupiable", "build_cost", "build_pp", "income",
                 "produce")  # fmt: skip
ARTIST_KEYS = ("id", "name", "kind", "rounds", "skills")
PREACHER_KEYS = ("id", "name", "kind", "rounds", "cost", "workers", "gain", "prestige", "influence")
SKILL_KEYS = ("cost", "die", "masterpiece", "masterpiece_pp")
UNNAMED_ARTIST_KEYS = ("life_card", "tiles", "cost", "die")
UNNAMED_PREACHER_KEYS = ("life_card", "tiles", "cost", "workers", "gain", "prestige", "influence")
MAIN_KEYS = ("id", "name", "building", "zone", "cost", "skills", "prestige", "influence", "income", "pulpit")
DISTRICT_KEYS = ("id", "name", "area", "cost", "skills", "prestige", "influence")


def _fail(path: str, what: str) -> None:
    where = "data" if path in ("(top)", "patch") else f"data.{path}"
    raise ValueError(f"florenza: {where}: {what}")


def _kind(value) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return type(value).__name__


#: the largest magnitude of any number in the data: money stays far inside int32 and prestige,
#: influence and cubes (int16 fields) inside their fields over a whole game
MAX_NUMBER = 1000
#: a die face's value (an artist's result, a preacher's workers), added to int8 fields
MAX_DIE = 20


def _int(v, path: str, lo=None, hi=None) -> int:
    if _kind(v) != "int":
        _fail(path, f"must be an integer, got {v!r}")
    lo = -MAX_NUMBER if lo is None else lo
    hi = MAX_NUMBER if hi is None else hi
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        _fail(path, f"must be in {lo if lo is not None else '-inf'}..{hi if hi is not None else 'inf'}, got {v}")
    return v


def _keys(d, allowed, path: str, required=None) -> None:
    if not isinstance(d, dict):
        _fail(path, f"must be an object, got {d!r}")
    unknown = [k for k in d if k not in allowed]
    if unknown:
        _fail(path, f"unknown keys {unknown}; allowed: {', '.join(allowed)}")
    missing = [k for k in (allowed if required is None else required) if k not in d]
    if missing:
        _fail(path, f"missing keys {missing}")


def _bag(d, allowed, path: str) -> None:
    """A sparse cost / gain dict: allowed keys only, non-negative integers."""
    _keys(d, allowed, path, required=())
    for k, v in d.items():
        _int(v, f"{path}.{k}", 0)


def _die(v, path: str, lo=None) -> None:
    if not isinstance(v, list) or len(v) != DIE_FACES:
        _fail(path, f"must be a list of {DIE_FACES} values (die faces 1..6), got {v!r}")
    for i, x in enumerate(v):
        _int(x, f"{path}.{i}", -MAX_DIE if lo is None else lo, MAX_DIE)


def _skills(v, skills: list, path: str) -> None:
    if not isinstance(v, list) or not v or len(set(v)) != len(v) or any(k not in skills for k in v):
        _fail(path, f"must be a non-empty list of distinct skills from {skills}, got {v!r}")


def _text(v, path: str) -> None:
    if not isinstance(v, str) or not v:
        _fail(path, f"must be a non-empty string, got {v!r}")


def _ids(records, path: str, kind: str) -> list:
    """The ids of a list of records; ``kind`` is ``"int"`` (numbered components) or ``"str"``."""
    if not isinstance(records, list) or not all(isinstance(r, dict) and "id" in r for r in records):
        _fail(path, "must be a list of records with an 'id'")
    ids = [r["id"] for r in records]
    for i in ids:
        if _kind(i) != kind or i == "":
            _fail(path, f"ids must be {'integers' if kind == 'int' else 'non-empty strings'}, got {i!r}")
    if len(set(map(str, ids))) != len(ids):
        _fail(path, f"duplicate ids in {ids}")
    return ids


def validate(d: dict) -> None:
    """Raise ``ValueError`` naming the first thing wrong in the component data ``d``."""
    try:
        _validate(d)
    except (KeyError, TypeError, AttributeError, IndexError) as err:  # a value of the wrong shape
        raise ValueError(f"florenza: component data is malformed ({type(err).__name__}: {err})") from None


def _validate(d: dict) -> None:
    _keys(d, TOP_KEYS, "(top)")
    if d["game"] != "florenza":
        _fail("game", f"must be 'florenza', got {d['game']!r}")
    _int(d["edition"], "edition", 2, 2)
    prov = d["provenance"]
    _keys(prov, TABLES, "provenance")
    for t, entry in prov.items():
        if not isinstance(entry, dict) or entry.get("provenance") not in PROVENANCES:
            _fail(f"provenance.{t}", f"needs 'provenance' in {PROVENANCES}")
        if entry["provenance"] == "reconstructed" and not entry.get("rationale"):
            _fail(f"provenance.{t}", "a reconstructed table needs a 'rationale'")
    res, skills = d["resources"], d["skills"]
    if not isinstance(res, list) or len(res) != 6 or len(set(res)) != 6 or not all(isinstance(r, str) for r in res):
        _fail("resources", f"must name 6 distinct resources, got {res!r}")
    if not isinstance(skills, list) or len(skills) != 3 or len(set(skills)) != 3:
        _fail("skills", f"must name 3 distinct skills, got {skills!r}")
    if not isinstance(d["cubes"], list) or len(d["cubes"]) != 6:
        _fail("cubes", "must give 6 cube counts (one per resource)")
    for i, n in enumerate(d["cubes"]):
        _int(n, f"cubes.{i}", 0)
    c = d["constants"]
    _keys(c, CONSTANT_KEYS, "constants")
    for k, v in c.items():
        _int(v, f"constants.{k}", None if k in SIGNED_CONSTANTS else 0)
    if c["workers_start_board"] + c["workers_start_pool"] != c["workers_per_family"]:
        _fail("constants", "workers_start_board + workers_start_pool must equal workers_per_family")
    if not 1 <= c["guard_card"] <= c["life_cards"]:
        _fail("constants.guard_card", f"must be a Life in Florenza card 1..{c['life_cards']}")
    players = [str(p) for p in range(c["players_min"], c["players_max"] + 1)]
    _keys(d["draw"], players, "draw")
    for p, n in d["draw"].items():
        _int(n, f"draw.{p}", 1, NUM_NAMED)
    if not isinstance(d["die_resource"], list) or len(d["die_resource"]) != DIE_FACES:
        _fail("die_resource", "must give a resource for each die face 1..6")
    for i, r in enumerate(d["die_resource"]):
        if r not in res:
            _fail(f"die_resource.{i}", f"unknown resource {r!r}; allowed: {', '.join(res)}")
    _validate_workshops(d, res, c)
    _validate_characters(d, res, skills, c)
    _validate_artworks(d, res, skills)


def _validate_workshops(d: dict, res: list, c: dict) -> None:
    ws = d["workshops"]
    ids = _ids(ws, "workshops", "int")
    if ids != list(range(1, len(ws) + 1)):
        _fail("workshops", f"ids must be 1..{len(ws)} in order, got {ids}")
    cost_keys, gain_keys = res + ["fiorini"], res + ["fiorini", "prestige", "influence"]
    for w in ws:
        p = f"workshops.{w['id']}"
        _keys(w, WORKSHOP_KEYS, p)
        _text(w["name"], f"{p}.name")
        _text(w["english"], f"{p}.english")
        _int(w["quantity"], f"{p}.quantity", 1)
        if w["unique"] is not (w["quantity"] == 1):
            _fail(f"{p}.unique", f"must be {w['quantity'] == 1} (quantity {w['quantity']})")
        _bag(w["build_cost"], cost_keys, f"{p}.build_cost")
        _int(w["build_pp"], f"{p}.build_pp", 0)
        _bag(w["income"], ("fiorini", "workers", "prestige"), f"{p}.income")
        prod = w["produce"]
        if not isinstance(prod, dict):
            _fail(f"{p}.produce", f"must be an object, got {prod!r}")
        if prod == {}:
            pass
        elif set(prod) == {"gain"}:
            _bag(prod["gain"], gain_keys, f"{p}.produce.gain")
        elif set(prod) == {"spend", "take"}:
            _bag(prod["spend"], cost_keys, f"{p}.produce.spend")
            _bag(prod["take"], cost_keys, f"{p}.produce.take")
        else:
            _fail(f"{p}.produce", "must be {}, {'gain': {...}} or {'spend': {...}, 'take': {...}}")
        if w["occupiable"] is not (prod != {}):
            _fail(f"{p}.occupiable", "a workshop is occupiable exactly when it has a production")
        if not w["occupiable"] and not w["income"]:
            _fail(f"{p}.income", "a workshop no worker can occupy must pay a phase-1 income")
    starts = d["start_types"]
    if not isinstance(starts, list) or len(set(starts)) != len(starts) or any(s not in ids for s in starts):
        _fail("start_types", f"must be distinct workshop ids, got {starts!r}")
    fg = d["first_game"]
    if not isinstance(fg, list) or len(fg) != c["players_max"]:
        _fail("first_game", f"must list {c['players_max']} pairs (from the last player)")
    for i, pair in enumerate(fg):
        if not isinstance(pair, list) or len(pair) != 2 or any(t not in starts for t in pair) or pair[0] == pair[1]:
            _fail(f"first_game.{i}", f"must be two different start types, got {pair!r}")
    used = [t for pair in fg for t in pair]
    if len(set(used)) != len(used):
        _fail("first_game", "each start type is set apart once, so no type may appear twice")


def _validate_preacher(ch: dict, p: str, res: list, workers_die: bool) -> None:
    _bag(ch["cost"], res + ["fiorini"], f"{p}.cost")
    if workers_die:
        _die(ch["workers"], f"{p}.workers", 0)
    else:
        _int(ch["workers"], f"{p}.workers", 0)
    _bag(ch["gain"], res, f"{p}.gain")
    _int(ch["prestige"], f"{p}.prestige")
    _int(ch["influence"], f"{p}.influence")


def _validate_characters(d: dict, res: list, skills: list, c: dict) -> None:
    chars = d["characters"]
    ids = _ids(chars, "characters", "int")
    if ids != list(range(1, NUM_NAMED + 1)):
        _fail("characters", f"ids must be 1..{NUM_NAMED} in order")
    names = [ch.get("name") for ch in chars]
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        _fail("characters", "names must be distinct non-empty strings")
    for ch in chars:
        p = f"characters.{ch['id']}"
        if ch.get("kind") not in KINDS:
            _fail(f"{p}.kind", f"must be one of {KINDS}, got {ch.get('kind')!r}")
        _int(ch.get("rounds"), f"{p}.rounds", 1, c["life_cards"])
        if ch["kind"] == "preacher":
            _keys(ch, PREACHER_KEYS, p)
            _validate_preacher(ch, p, res, workers_die=True)
            continue
        _keys(ch, ARTIST_KEYS, p)
        if not isinstance(ch["skills"], dict) or not ch["skills"]:
            _fail(f"{p}.skills", "an artist needs at least one skill")
        for k, t in ch["skills"].items():
            q = f"{p}.skills.{k}"
            if k not in skills:
                _fail(q, f"unknown skill; allowed: {', '.join(skills)}")
            _keys(t, SKILL_KEYS, q)
            _int(t["cost"], f"{q}.cost", 0)
            _die(t["die"], f"{q}.die")
            _die(t["masterpiece_pp"], f"{q}.masterpiece_pp", 0)
            mp = t["masterpiece"]
            if not isinstance(mp, list) or len(mp) != DIE_FACES or not all(isinstance(x, bool) for x in mp):
                _fail(f"{q}.masterpiece", "must be 6 booleans (the gold boxes of die faces 1..6)")
            for v in range(DIE_FACES):
                if mp[v] != (t["masterpiece_pp"][v] > 0):
                    _fail(f"{q}.masterpiece_pp.{v}", "must be > 0 exactly on the masterpiece (gold) boxes")
        if not any(any(t["masterpiece"]) for t in ch["skills"].values()):
            _fail(p, "every named artist can make a masterpiece: some skill needs a gold box")
    ua = d["unnamed_artists"]
    _keys(ua, skills, "unnamed_artists")
    cards = []
    for k, u in ua.items():
        p = f"unnamed_artists.{k}"
        _keys(u, UNNAMED_ARTIST_KEYS, p)
        cards.append(_int(u["life_card"], f"{p}.life_card", 1, c["life_cards"]))
        _int(u["tiles"], f"{p}.tiles", 1)
        _int(u["cost"], f"{p}.cost", 0)
        _die(u["die"], f"{p}.die")
    up = d["unnamed_preacher"]
    _keys(up, UNNAMED_PREACHER_KEYS, "unnamed_preacher")
    cards.append(_int(up["life_card"], "unnamed_preacher.life_card", 1, c["life_cards"]))
    _int(up["tiles"], "unnamed_preacher.tiles", 1)
    _validate_preacher(up, "unnamed_preacher", res, workers_die=False)
    if len(set(cards)) != len(cards) or c["guard_card"] in cards:
        _fail("unnamed_*.life_card", f"each unnamed kind has its own card, not the guard ({c['guard_card']})")


def _artwork_box(a: dict, p: str, keys: tuple, place: str, places: tuple, res: list, skills: list) -> None:
    """The fields a main-board and a district artwork box share; ``place`` is zone or area."""
    _keys(a, keys, p)
    _text(a["name"], f"{p}.name")
    if "building" in a:
        _text(a["building"], f"{p}.building")
    if a[place] not in places:
        _fail(f"{p}.{place}", f"must be one of {places}, got {a[place]!r}")
    _bag(a["cost"], res + ["fiorini"], f"{p}.cost")
    _skills(a["skills"], skills, f"{p}.skills")
    _int(a["prestige"], f"{p}.prestige", 0)
    _int(a["influence"], f"{p}.influence", 0)


def _validate_artworks(d: dict, res: list, skills: list) -> None:
    arts = d["main_artworks"]
    _ids(arts, "main_artworks", "str")
    for a in arts:
        p = f"main_artworks.{a['id']}"
        _artwork_box(a, p, MAIN_KEYS, "zone", ZONES, res, skills)
        _keys(a["income"], ("kind", "amount"), f"{p}.income")
        if a["income"]["kind"] not in INCOME_KINDS:
            _fail(f"{p}.income.kind", f"must be one of {INCOME_KINDS}, got {a['income']['kind']!r}")
        _int(a["income"]["amount"], f"{p}.income.amount", 0)
        if not isinstance(a["pulpit"], bool):
            _fail(f"{p}.pulpit", "must be true or false")
    pulpits = [a for a in arts if a["pulpit"]]
    if len(pulpits) != 1 or pulpits[0]["zone"] != "cathedral":
        _fail("main_artworks", "exactly one artwork is the Cathedral Pulpit (pulpit: true, zone cathedral)")
    if sum(a["income"]["kind"] == "atrio" for a in arts) > 1:
        _fail("main_artworks", "at most one artwork pays the Atrio's income")
    boxes = d["district_artworks"]
    _ids(boxes, "district_artworks", "str")
    if len(boxes) != NUM_DISTRICT_BOXES:
        _fail("district_artworks", f"a district board has {NUM_DISTRICT_BOXES} artwork boxes, got {len(boxes)}")
    for b in boxes:
        _artwork_box(b, f"district_artworks.{b['id']}", DISTRICT_KEYS, "area", AREAS, res, skills)
    for area in AREAS:
        if sum(b["area"] == area for b in boxes) != NUM_DISTRICT_BOXES // 2:
            _fail("district_artworks", f"the {area} has {NUM_DISTRICT_BOXES // 2} boxes")
