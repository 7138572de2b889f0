"""Florenza (board game) component data: the rulebook's fixed points, the workshop table
against the rulebook's text, the 40 named characters against the historical notes, the
counts, and ``load_data``'s overrides and validation.

The rulebook examples are fixed points every reconstruction must reproduce; the
reconstructed values themselves are argued in the package's DATA_NOTES.md.
"""

import json
import re

import pytest
from rulebook_quotes import RULES_DIR, needs

from florentine_envs.games.florenza.data import load_data, validate

RULEBOOK = RULES_DIR / "florenza_board_game_2nd_edition.txt"
CARD_GAME = RULES_DIR.parent / "data" / "florenza_card_game.json"
D = load_data()
C = D["constants"]
CHAR = {c["id"]: c for c in D["characters"]}
MAIN = {a["id"]: a for a in D["main_artworks"]}
BY_NAME = {c["name"]: c for c in D["characters"]}


def section(start: str, end: str) -> str:
    text = RULEBOOK.read_text(encoding="utf-8")
    return text[text.index(start) : text.index(end)]


def prestige_no_die(table: dict, zone: str, incentive: int) -> int:
    """The no-die variant's prestige of an artist whose masterpiece is not made yet."""
    value = C[f"no_die_base_{zone}"] + incentive
    return table["masterpiece_pp"][value - 1] if table["masterpiece"][value - 1] else table["die"][value - 1]


# ---------------------------------------------------------------- the rulebook's examples


def test_salone_example():
    """"EMBELLISH THE SALONE (MAIN ROOM) OF THE PALAZZO DELLA SIGNORIA" : "2 wood, 1 metal,
    1 fabric, 1 gold, 1 spice, and 200 Fiorini (100 for the artwork and 100 more for the
    artist)", a painter, 7 prestige, "1 prestige point during phase 1 of every round"."""
    salone = MAIN["signoria_salone"]
    assert salone["building"] == "Palazzo della Signoria" and salone["zone"] == "civic"
    assert salone["cost"] == {"wood": 2, "metal": 1, "textile": 1, "gold": 1, "spice": 1, "fiorini": 100}
    assert salone["skills"] == ["painter"]
    assert salone["prestige"] == 7
    assert salone["income"] == {"kind": "prestige", "amount": 1}


def test_correggio_example():
    """Mary hires Correggio for the Salone: "She must pay him 100 Fiorini" ... "earns 7 prestige
    points" ... a "6!" realises his masterpiece: "Mary earns 3 more prestige points"."""
    correggio = CHAR[11]
    assert correggio["name"] == "Correggio" and correggio["kind"] == "artist"
    assert list(correggio["skills"]) == ["painter"]
    painter = correggio["skills"]["painter"]
    assert painter["cost"] == 100
    assert painter["masterpiece"][5] and painter["masterpiece_pp"][5] == 3
    salone = MAIN["signoria_salone"]
    assert salone["cost"]["fiorini"] + painter["cost"] == 200  # the worked example's 200 Fiorini
    assert salone["prestige"] + painter["masterpiece_pp"][5] == 10


def test_raffaello_no_die_example():
    """The Cappella of the Ospedale, base 2, +100 Fiorini: "For Raffaello a 4 point work is worth 5
    prestige point"; a 5 would be worthless ("the number of prestige point does not change"); the
    masterpiece needs the Duomo and 150 Fiorini "to have a work's value of 6"."""
    raffaello = CHAR[35]
    assert raffaello["name"] == "Raffaello Sanzio"
    assert set(raffaello["skills"]) == {"painter", "architect"}  # "not only a great painter, but an architect"
    cappella = MAIN["ospedale_cappella"]
    assert cappella["building"] == "Ospedale" and cappella["zone"] == "civic" and "painter" in cappella["skills"]
    painter = raffaello["skills"]["painter"]
    step = C["incentive_step"]
    assert prestige_no_die(painter, "civic", 100 // step) == 5
    assert prestige_no_die(painter, "civic", 150 // step) == 5
    assert painter["masterpiece"] == [False] * 5 + [True]
    assert C["no_die_base_civic"] + C["incentive_max"] < 6 <= C["no_die_base_cathedral"] + C["incentive_max"]
    assert painter["masterpiece_pp"][5] > 5


def test_atrio_income():
    """"The Atrio of the Banco gives an income of 1 gold cube, or the option to sell 1 gold cube for
    200 Fiorini.\""""
    atrio = [a for a in D["main_artworks"] if a["income"]["kind"] == "atrio"]
    assert len(atrio) == 1 and atrio[0]["building"] == "Banco" and atrio[0]["name"] == "Atrio"
    assert (C["atrio_gold"], C["atrio_sell"]) == (1, 200)


def test_unnamed_artists_may_lose_prestige():
    """"On an unlucky die roll, it is possible that you will lose prestige points when you use an
    unnamed artist"; no-die: incentives "avoid a penalty on your district or ... gain a bonus in the
    cathedral"."""
    for skill, u in D["unnamed_artists"].items():
        die = u["die"]
        assert u["cost"] == 0 and u["tiles"] == 2
        assert die[C["no_die_base_district"] - 1] < 0 <= die[C["no_die_base_district"]]
        assert die[C["no_die_base_cathedral"] - 1] <= 0 < die[C["no_die_base_cathedral"]]


def test_unnamed_preacher():
    """"If you give charity to an unnamed preacher, you must pay 100 Fiorini. Do not roll the die:
    unnamed preachers always provide 2 workers.\""""
    up = D["unnamed_preacher"]
    assert up["cost"] == {"fiorini": 100} and up["workers"] == 2 and up["tiles"] == 2


def test_unnamed_tiles_sit_on_cards_ii_to_v():
    """"Set the unnamed character tiles on cards II through V" ... "2 tiles on each card. The VI card is
    the Guard\""""
    cards = sorted([u["life_card"] for u in D["unnamed_artists"].values()] + [D["unnamed_preacher"]["life_card"]])
    assert cards == [2, 3, 4, 5] and C["guard_card"] == 6 and C["life_cards"] == 7


# ---------------------------------------------------------------- workshops against the rulebook text

RES = {"marble": "marble", "wood": "wood", "gold": "gold", "metal": "metal", "textile": "textile",
       "textiles": "textile", "spice": "spice", "spices": "spice", "fiorini": "fiorini"}  # fmt: skip


def parse_amounts(text: str) -> dict:
    """'2 Wood + 1 Marble + 200 Fiorini' -> {'wood': 2, 'marble': 1, 'fiorini': 200}."""
    out = {}
    for part in text.split("+"):
        n, what = part.split(maxsplit=1)
        what = what.strip().lower()
        key = "prestige" if what.startswith("prestige") else "influence" if "influence" in what else RES[what]
        out[key] = out.get(key, 0) + int(n)
    return out


def rulebook_workshops() -> dict[int, dict]:
    text = section("DISTRICT WORKSHOPS IN DETAIL", "HISTORICAL NOTES")
    out = {}
    for block in re.split(r"\n(?=\d+\. [A-Z])", text)[1:]:
        head = re.match(r"(\d+)\. ([A-Z' ]+?) \(([A-Z' ]+)\)", block)
        field = {k: re.search(k + r": (.*)", block).group(1).strip() for k in
                 ("Quantity in Game", "Construction Costs", "Construction Benefit", "Production Benefit")}  # fmt: skip
        out[int(head.group(1))] = {"name": head.group(2), "english": head.group(3), **field, "text": block}
    return out


@needs(RULEBOOK)
def test_workshops_match_the_rulebook_detail():
    """Every workshop of "DISTRICT WORKSHOPS IN DETAIL": quantity, construction cost and benefit,
    production (a gain, or "Spend X to take Y"), the phase-1 income of the three that "cannot be
    occupied by a worker"."""
    book = rulebook_workshops()
    assert sorted(book) == [w["id"] for w in D["workshops"]] == list(range(1, 30))
    for w in D["workshops"]:
        b = book[w["id"]]
        where = f"workshop {w['id']} {w['name']}"
        assert w["name"].upper() == b["name"], where
        assert w["english"].upper() == b["english"], where
        assert w["quantity"] == int(b["Quantity in Game"]), where
        assert w["unique"] == (w["quantity"] == 1), where
        assert w["build_cost"] == parse_amounts(b["Construction Costs"]), where
        benefit = b["Construction Benefit"]
        assert w["build_pp"] == (0 if benefit == "None" else parse_amounts(benefit)["prestige"]), where
        production = b["Production Benefit"]
        if production == "None":
            assert not w["occupiable"] and w["produce"] == {}, where
            income = re.search(r"income of (.*?) to the player", " ".join(b["text"].split())).group(1)
            expected = {}
            for part in re.split(r", and |, | and ", income):
                n, what = part.split(maxsplit=1)
                expected[{"Fiorini": "fiorini", "worker": "workers", "prestige point": "prestige"}[what]] = int(n)
            assert w["income"] == expected, where
        elif production.startswith("Spend"):
            spend, take = re.match(r"Spend (.*) to take (.*) from the Banco", production).groups()
            assert w["occupiable"] and w["income"] == {}, where
            assert w["produce"] == {"spend": parse_amounts(spend), "take": parse_amounts(take)}, where
        else:
            assert w["occupiable"] and w["income"] == {}, where
            gain = parse_amounts(production.replace("church influence", "influence"))
            assert w["produce"] == {"gain": gain}, where


def test_workshop_totals():
    """"45 Workshop tiles"; Casa, Casamento and Palagio alone pay a phase-1 income."""
    assert sum(w["quantity"] for w in D["workshops"]) == 45
    assert [w["name"] for w in D["workshops"] if not w["occupiable"]] == ["Casa", "Casamento", "Palagio"]


def test_start_types_and_first_game():
    """The 12 set-apart tiles (ids 3, 4, 11, 12, 14, 15, 18, 19, 20, 22, 27, 28) and "OUR FIRST GAME":
    "The last player (who chooses first) should place a Picconiere on space "1" and a Legnaiuolo"."""
    assert sorted(D["start_types"]) == [3, 4, 11, 12, 14, 15, 18, 19, 20, 22, 27, 28]
    name = {w["id"]: w["name"] for w in D["workshops"]}
    assert [[name[a], name[b]] for a, b in D["first_game"]] == [
        ["Picconiere", "Legnaiuolo"], ["Boscaiuolo", "Ottonaio"], ["Fabbro", "Erbolaio"],
        ["Cambiavalute", "Orafo"], ["Monte di Pieta", "Lanaiuolo"],
    ]  # fmt: skip


# ---------------------------------------------------------------- characters


@needs(RULEBOOK)
def test_named_characters_match_the_historical_notes():
    """The 40 named characters carry the historical notes' numbers and names."""
    notes = " ".join(section("HISTORICAL NOTES", "PUBLISHERS' NOTES").split())
    for c in D["characters"]:
        at = re.search(rf"(?<![\d.]){c['id']}\. ", notes)
        assert at, f"no note numbered {c['id']}"
        assert c["name"].lower() in notes[at.end() : at.end() + 80].lower(), (c["id"], c["name"])


def test_preachers_are_the_six_of_the_historical_notes():
    """"apart from Girolamo Savonarola ... Giordano Bruno ... Francis of Assisi, Anthony of Padua,
    Bernardo of Chiaravalle, and Thomas Aquinas"; the rest are the 34 artists."""
    preachers = {c["id"] for c in D["characters"] if c["kind"] == "preacher"}
    assert preachers == {5, 9, 18, 22, 26, 39}
    assert sum(c["kind"] == "artist" for c in D["characters"]) == 34


def test_character_tiles():
    """"48 Character tiles": 34 artists, 6 preachers, 6 unnamed artists, 2 unnamed preachers."""
    unnamed = sum(u["tiles"] for u in D["unnamed_artists"].values())
    assert (len(D["characters"]), unnamed, D["unnamed_preacher"]["tiles"]) == (40, 6, 2)


def test_skills_from_the_biographies():
    """"Most artists are specialized in only one skill ... Some have two skills, and Michelangelo has
    all three"; the two-skill artists are those whose biography names two of the crafts."""
    multi = {c["name"]: set(c["skills"]) for c in D["characters"] if c["kind"] == "artist" and len(c["skills"]) > 1}
    assert multi.pop("Michelangelo Buonarroti") == {"painter", "sculptor", "architect"}
    assert all(len(s) == 2 for s in multi.values())
    assert multi == {
        "Verrocchio": {"sculptor", "painter"}, "Gian Lorenzo Bernini": {"sculptor", "architect"},
        "Giorgio Vasari": {"painter", "architect"}, "Giotto": {"painter", "architect"},
        "Giulio Romano": {"painter", "architect"}, "Leonardo da Vinci": {"painter", "sculptor"},
        "Lorenzo Ghiberti": {"sculptor", "architect"}, "Raffaello Sanzio": {"painter", "architect"},
    }  # fmt: skip


@pytest.mark.skipif(not CARD_GAME.exists(), reason="card game data not found")
def test_skills_cover_the_card_games_artists():
    """The card game reuses 28 of the board game's artists: each of its skills is one of ours."""
    card = json.loads(CARD_GAME.read_text())
    seen = set()
    for a in card["artists"]:
        ours = [c for c in D["characters"] if c["name"].split()[-1].lower() in a["name"].lower()]
        assert len(ours) == 1, a["name"]
        assert a["type"] in ours[0]["skills"], (a["name"], a["type"])
        seen.add(ours[0]["id"])
    assert len(seen) == 28


def test_artist_tables():
    """Every named artist can make "one" masterpiece (a gold box on some skill line); rounds in play
    mix 2..5; named preachers roll 1..3 workers."""
    artists = [c for c in D["characters"] if c["kind"] == "artist"]
    assert all(any(any(t["masterpiece"]) for t in c["skills"].values()) for c in artists)
    assert {c["rounds"] for c in artists} == {2, 3, 4, 5}
    for c in D["characters"]:
        if c["kind"] == "preacher":
            assert min(c["workers"]) >= 1 and max(c["workers"]) <= 3 and c["cost"]["fiorini"] > 0


def test_life_in_florenza_row_is_used():
    """"Place the seven Life in Florenza cards in a row" — characters start under every card up to VII."""
    assert max(c["rounds"] for c in D["characters"]) == C["life_cards"] == 7


# ---------------------------------------------------------------- artworks and constants


def test_artwork_counts():
    """19 main-board artworks in the six civic buildings and the Cathedral, one of them the Cathedral
    Pulpit; 8 district boxes (4 Palazzo, 4 Chiesa)."""
    assert len(D["main_artworks"]) == 19
    buildings = {a["building"] for a in D["main_artworks"]}
    assert buildings == {"Banco", "Battistero", "Lastricato", "Ospedale", "Palazzo della Signoria",
                         "Palazzo Vescovile", "Duomo"}  # fmt: skip
    assert all((a["zone"] == "cathedral") == (a["building"] == "Duomo") for a in D["main_artworks"])
    pulpit = [a for a in D["main_artworks"] if a["pulpit"]]
    assert [a["id"] for a in pulpit] == ["duomo_pulpito"]
    areas = [b["area"] for b in D["district_artworks"]]
    assert sorted(areas) == ["chiesa"] * 4 + ["palazzo"] * 4


def test_income_kinds_are_the_rulebooks():
    """"The other artworks shown would award 1 church influence, 1 worker, or in the case of the Atrio"."""
    kinds = {a["income"]["kind"] for a in D["main_artworks"]}
    assert kinds == {"none", "prestige", "influence", "worker", "atrio"}


def test_constants_are_the_rulebooks():
    """Set-up, income, market, penalties, offices and final scoring as the rulebook states them."""
    expected = dict(
        rounds=8, workers_per_family=8, workers_start_board=4, workers_start_pool=4, start_fiorini=300,
        start_cubes_each=1, income_fiorini=200, income_marble=1, income_wood=1, income_workers=4,
        die_fallback_fiorini=100, market_sell=100, market_buy=200, trade_give=2, trade_take=1, go_to_work=50,
        opponent_workshop_fee=1, opponent_workshop_floor=-3, construction_failure_loss=1, failure_loss_district=1,
        failure_loss_civic=2, failure_loss_cathedral=3, failure_loss_named_extra=1, palazzo_complete_pp=4,
        chiesa_complete_influence=4, bishop_min_influence=3, cardinal_influence=10, cardinal_pp=5,
        crests_per_family=15, workshop_spaces=8, end_cubes_per_vp=3, end_fiorini_per_vp=300, end_no_palazzo_loss=4,
        end_no_chiesa_loss=4, incentive_step=50, incentive_max=3,
    )  # fmt: skip
    assert {k: C[k] for k in expected} == expected
    assert D["cubes"] == [18, 18, 12, 12, 12, 12] and D["draw"] == {"2": 6, "3": 7, "4": 8, "5": 9}
    assert sorted(D["die_resource"]) == sorted(D["resources"])


def test_every_table_has_a_provenance():
    prov = D["provenance"]
    assert all(p["provenance"] in ("rulebook", "public", "reconstructed") for p in prov.values())
    assert all(p.get("rationale") for p in prov.values() if p["provenance"] == "reconstructed")
    assert prov["workshops"]["provenance"] == "rulebook"


# ---------------------------------------------------------------- load_data: overrides and validation


def test_dotted_path_override():
    d = load_data({"characters.11.skills.painter.cost": 150, "main_artworks.signoria_salone.prestige": 8})
    assert d["characters"][10]["skills"]["painter"]["cost"] == 150
    assert d["main_artworks"][8]["prestige"] == 8
    assert load_data()["characters"][10]["skills"]["painter"]["cost"] == 100  # the packaged file is untouched


def test_nested_override_and_list_positions():
    d = load_data({"constants": {"go_to_work": 100}, "characters.35.skills.painter.die.4": 6,
                   "workshops": {"2": {"produce": {"gain": {"prestige": 3}}}}})  # fmt: skip
    assert d["constants"]["go_to_work"] == 100 and d["constants"]["rounds"] == 8
    assert d["characters"][34]["skills"]["painter"]["die"] == [1, 2, 3, 5, 6, 6]
    assert d["workshops"][1]["produce"] == {"gain": {"prestige": 3}}


def test_a_sparse_cost_may_gain_a_resource():
    d = load_data({"district_artworks.palazzo_facciata.cost.gold": 1})
    assert d["district_artworks"][0]["cost"] == {"marble": 1, "fiorini": 50, "gold": 1}


@pytest.mark.parametrize(
    "patch, message",
    [
        ({"characters.11.skils": 1}, "unknown keys ['skils']; allowed: id, name, kind, rounds, skills"),
        ({"constants.go_to_wrk": 1}, "unknown keys ['go_to_wrk']; allowed: rounds"),
        ({"characters.41.name": "x"}, "no record with id '41'"),
        ({"charcters.1.name": "x"}, "unknown key 'charcters'; allowed: game"),
        ({"characters.11.skills.painter.cost": "cheap"}, "must be of type int"),
        ({"characters.11.skills.painter.die": [1, 2, 3]}, "list of 6 values"),
        ({"characters.11.skills.painter.die.6": 1}, "list position '6' out of range; allowed: 0..5"),
        ({"characters.11": 3}, "a whole record cannot be replaced"),
        ({"main_artworks.duomo_altare.pulpit": True}, "exactly one artwork is the Cathedral Pulpit"),
        ({"main_artworks.duomo_altare.skills": ["painter", "poet"]}, "distinct skills from"),
        ({"main_artworks.banco_atrio.income.kind": "gold"}, "must be one of"),
        ({"characters.11.skills.painter.masterpiece_pp.5": 0}, "exactly on the masterpiece"),
        ({"workshops.6.income": {}}, "must pay a phase-1 income"),
        ({"workshops.3.build_cost.wood": -1}, "must be in 0..1000"),
        ({"unnamed_preacher.life_card": 6}, "not the guard"),
        ({"first_game.0": [22, 1]}, "two different start types"),
        ({"district_artworks.chiesa_pala.area": "palazzo"}, "the palazzo has 4 boxes"),
        ({"provenance.die_resource.rationale": ""}, "needs a 'rationale'"),
    ],
)
def test_bad_overrides_raise(patch, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        load_data(patch)


def test_replacement_file(tmp_path):
    path = tmp_path / "data.json"
    d = load_data()
    d["constants"]["go_to_work"] = 75
    path.write_text(json.dumps(d))
    assert load_data(path)["constants"]["go_to_work"] == 75
    path.write_text("{not json")
    with pytest.raises(ValueError, match="cannot be read as JSON"):
        load_data(str(path))
    with pytest.raises(ValueError, match="data must be None, a dict patch or a path"):
        load_data(42)


def test_validate_rejects_a_missing_table():
    d = load_data()
    del d["die_resource"]
    with pytest.raises(ValueError, match=re.escape("missing keys ['die_resource']")):
        validate(d)


# ---------------------------------------------------------------- the economy of DATA_NOTES.md §1

CUBE_F, WORKER_F, PP_F, INFLUENCE_PP, INCOME_ROUNDS = 150, 200, 110, 0.6, 3.5
INCOME_PP = {"none": 0, "prestige": 1, "influence": INFLUENCE_PP, "worker": 1, "atrio": 1.1}


def fiorini_value(bag: dict) -> int:
    return bag.get("fiorini", 0) + CUBE_F * sum(n for k, n in bag.items() if k in D["resources"])


def artwork_price(a: dict) -> float:
    """Fiorini-equivalent per prestige-equivalent of a box (artist aside; district boxes with the
    -1 of an empty box and a quarter of their area's completion bonus)."""
    pp = a["prestige"] + INFLUENCE_PP * a["influence"]
    if "income" in a:
        pp += INCOME_PP[a["income"]["kind"]] * INCOME_ROUNDS * (a["income"]["amount"] or 1)
    else:
        pp += C["end_missing_district_artwork_loss"] + (1 if a["area"] == "palazzo" else INFLUENCE_PP)
    return (fiorini_value(a["cost"]) + WORKER_F) / pp


def first_work_bonus(die: list, masterpiece: list, masterpiece_pp: list) -> float:
    return sum(m if gold else v for v, gold, m in zip(die, masterpiece, masterpiece_pp, strict=True)) / 6


def test_economy_no_artwork_dominates():
    """Every box costs 100-135 F per prestige-equivalent; the Salone (the rulebook's) sits inside."""
    prices = {a["id"]: artwork_price(a) for a in D["main_artworks"] + D["district_artworks"]}
    assert all(100 <= p <= 135 for p in prices.values()), prices
    assert 110 <= prices["signoria_salone"] <= 120


def test_the_cathedral_facciata_is_not_the_cupola_without_its_income():
    """Issue 22: the Cathedral Facciata cost what the Cupola costs and gave the same, less the Cupola's
    +1 prestige a round (dead in the balance study). Now its extra prestige is what the value model
    prices that income at, so the two cost about the same per prestige-equivalent (DATA_NOTES.md §12)."""
    box = {a["id"]: a for a in D["main_artworks"]}
    facciata, cupola = box["duomo_facciata"], box["duomo_cupola"]
    assert fiorini_value(facciata["cost"]) == fiorini_value(cupola["cost"])
    assert facciata["prestige"] > cupola["prestige"] and facciata["influence"] == cupola["influence"]
    assert abs(artwork_price(facciata) / artwork_price(cupola) - 1) < 0.05


def test_economy_no_artist_tier_dominates():
    """An artist's expected bonus over an unnamed artist costs 75-90 F per PP (rounded) on every skill line."""
    unnamed = {k: sum(u["die"]) / 6 for k, u in D["unnamed_artists"].items()}
    for c in D["characters"]:
        for k, t in c.get("skills", {}).items():
            margin = first_work_bonus(t["die"], t["masterpiece"], t["masterpiece_pp"]) - unnamed[k]
            assert 74 <= t["cost"] / margin <= 90, (c["name"], k)


def test_economy_no_preacher_dominates():
    """Named preachers are worth 200-260 F net each, all above the unnamed preacher."""

    def net(p: dict) -> float:
        workers = sum(p["workers"]) / 6 if isinstance(p["workers"], list) else p["workers"]
        gain = WORKER_F * (workers - 1) + fiorini_value(p["gain"]) + PP_F * p["prestige"]
        return gain + PP_F * INFLUENCE_PP * p["influence"] - fiorini_value(p["cost"])

    named = [net(c) for c in D["characters"] if c["kind"] == "preacher"]
    assert all(200 <= v <= 260 for v in named), named
    assert net(D["unnamed_preacher"]) < min(named)


def test_validate_rejects_a_wrongly_shaped_value():
    d = load_data()
    d["characters"][10]["skills"]["painter"] = [100]
    with pytest.raises(ValueError, match="characters.11.skills.painter: must be an object"):
        validate(d)
    d = load_data()
    d["main_artworks"][0]["cost"] = None
    with pytest.raises(ValueError, match="main_artworks.banco_atrio.cost: must be an object"):
        validate(d)
    d = load_data()
    d["characters"][4]["workers"] = None
    with pytest.raises(ValueError, match="characters.5.workers: must be a list of 6 values"):
        validate(d)
