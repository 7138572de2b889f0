"""Florenza rule tests, part b: "DISTRICT WORKSHOPS IN DETAIL" -- each of the 29 workshops, its
quantity, construction cost and award, and its production (a gain, a "Spend X to take Y" formula,
or a phase-1 income for the three that cannot be occupied).

Each test quotes its workshop's lines; :func:`check_workshop` reads the numbers *from those quotes*
and plays them through the engine: the supply holds the quantity; building with exactly the cost
succeeds, pays it all and scores the award, while one unit short of any part of it fails; a worker
on the finished tile gains what the tile shows, or may pay the formula; an unoccupiable tile pays
its income in phase 1. So the data and the engine are both held to the rulebook's text.
"""

from __future__ import annotations

import re

import numpy as np
from florenza_rules_text import plain
from florenza_scenarios_b import act, bare, income_again, names, placing, prestige, put_tile, resolve_district

from florentine_envs.games.florenza import constants as C

PART = "b"

NOT_ENGINE_BEHAVIOUR: dict[str, str] = {}

CUBE_WORDS = {"wood": "wood", "marble": "marble", "metal": "metal", "gold": "gold", "textile": "textile",
              "textiles": "textile", "spice": "spice", "spices": "spice"}  # fmt: skip


def amounts(game, text: str) -> tuple[np.ndarray, int, int, int]:
    """'2 Wood + 1 Marble + 200 Fiorini' -> (cubes int[6], Fiorini, prestige, influence)."""
    t = game.t
    cubes, fl, pp, inf = np.zeros(C.NUM_RESOURCES, np.int64), 0, 0, 0
    for part in text.split("+"):
        n, what = part.split(maxsplit=1)
        what = what.strip().lower()
        if what == "fiorini":
            fl += int(n)
        elif what.startswith("prestige point"):
            pp += int(n)
        elif what == "church influence":
            inf += int(n)
        else:
            cubes[t.resource_names.index(CUBE_WORDS[what])] += int(n)
    return cubes, fl, pp, inf


def build_with(game, w: int, cubes: np.ndarray, fl: int):
    """Seat 0 builds workshop type w holding ``cubes`` and ``fl`` Fiorini: -> the state after phase 6."""
    game, st = bare(3)
    put_tile(game, st, 0, 0, w, built=False, worker=0)
    st.res[0, 0], st.money[0, 0] = cubes, fl
    return resolve_district(game, st)


def check_quantity(game, w: int, n: int) -> None:
    game, st = bare(3)
    assert game.t.ws_qty[w] == n and st.ws_supply[0, w] == n
    for i in range(n):  # every tile of the type built somewhere: no more can be built
        put_tile(game, st, 1 + i % 2, i // 2, w)
    st = placing(game, st)
    assert f"build_{game.t.ws_names[w]}" not in names(game, st)


def check_construction(game, w: int, cost: str, benefit: str) -> None:
    cubes, fl, _, _ = amounts(game, cost)
    award = 0 if benefit == "None" else amounts(game, benefit)[2]
    st = build_with(game, w, cubes, fl)
    assert st.space_built[0, 0, 0] and st.space_type[0, 0, 0] == w, "built with exactly the cost"
    assert (st.res[0, 0] == 0).all() and st.money[0, 0] == 0, "the whole cost is paid"
    assert prestige(st, 0) == award
    for r in np.flatnonzero(cubes).tolist() + ([-1] if fl else []):
        short_cubes, short_fl = cubes.copy(), fl
        if r >= 0:
            short_cubes[r] -= 1
        else:
            short_fl -= 1
        st = build_with(game, w, short_cubes, short_fl)
        assert st.space_type[0, 0, 0] == -1 and prestige(st, 0) == -1, f"one unit short ({r}) fails"


def check_production(game, w: int, production: str, quotes: list[str]) -> None:
    game, st = bare(3)
    if production == "None":
        assert "This workshop cannot be occupied by a worker." in quotes
        put_tile(game, st, 0, 0, w)
        assert "operate_0_1" not in names(game, placing(game, st.copy()))
        (income,) = [re.search(r"income of (.*) to the player who built it", q).group(1) for q in quotes if "income of" in q]
        expected = {"fiorini": 0, "worker": 0, "prestige point": 0}
        for part in re.split(r", and |, | and ", income):
            n, what = part.split(maxsplit=1)
            expected[what.lower()] = int(n)
        put_tile(game, st, 1, 0, w, built=False)  # the building side pays nothing
        st = income_again(game, st)
        assert st.money[0, 0] - st.money[0, 2] == expected["fiorini"] and st.money[0, 1] == st.money[0, 2]
        assert st.avail[0, 0] - st.avail[0, 2] == expected["worker"] and st.avail[0, 1] == st.avail[0, 2]
        assert st.track[0, 0] - st.track[0, 2] == expected["prestige point"]
        return
    put_tile(game, st, 1, 0, w, worker=0)  # seat 0's worker on seat 1's tile (fee paid at placement)
    formula = re.fullmatch(r"Spend (.*) to take (.*) from the Banco", production)
    if formula:
        spend, spend_fl, _, _ = amounts(game, formula.group(1))
        take, take_fl, _, _ = amounts(game, formula.group(2))
        st.res[0, 0], st.money[0, 0] = spend, spend_fl
        st = resolve_district(game, st)
        assert st.phase[0] == C.PH_CONVERT and st.current_player[0] == 0
        st = act(game, st, "convert")
        assert (st.res[0, 0] == take).all() and st.money[0, 0] == take_fl
    else:
        cubes, fl, pp, inf = amounts(game, production)
        st = resolve_district(game, st)
        assert (st.res[0, 0] == cubes).all() and st.money[0, 0] == fl
        assert prestige(st, 0) == pp and st.influence[0, 0] == inf
    assert (st.res[0, 1] == 0).all() and st.money[0, 1] == 0  # the benefit is the worker's, not the owner's


def check_workshop(number: int, doc: str) -> None:
    game = bare(3)[0]
    w = number - 1
    heading = re.search(r"\d+\. ([A-Z' ]+?) \(", doc).group(1)
    assert game.t.ws_names[w].upper().replace("'", "") == heading.replace("'", "")
    quotes = [plain(q) for q in re.findall(r'"([^"]+)"', doc)]
    field = dict(q.split(": ", 1) for q in quotes if ": " in q)
    check_quantity(game, w, int(field["Quantity in Game"]))
    check_construction(game, w, field["Construction Costs"], field["Construction Benefit"])
    check_production(game, w, field["Production Benefit"], quotes)


def workshop_test(number: int, doc: str):
    """A test of workshop ``number`` (rulebook id) whose docstring ``doc`` quotes its lines."""

    def test() -> None:
        check_workshop(number, doc)

    test.__doc__ = doc
    return test


test_workshop_01_armaiuolo = workshop_test(
    1,
    """Rulebook, 1. ARMAIUOLO (ARMORY):

    "Quantity in Game: 1"
    "Construction Costs: 2 Wood + 1 Marble"
    "Construction Benefit: 2 Prestige Points"
    "Production Benefit: Spend 2 Metal to take 500 Fiorini from the Banco"
    """,
)


test_workshop_02_biblioteca = workshop_test(
    2,
    """Rulebook, 2. BIBLIOTECA (LIBRARY):

    "Quantity in Game: 1"
    "Construction Costs: 2 Wood + 1 Marble + 200 Fiorini"
    "Construction Benefit: 5 Prestige Points"
    "Production Benefit: 2 Prestige Points"
    """,
)


test_workshop_03_boscaiuolo = workshop_test(
    3,
    """Rulebook, 3. BOSCAIUOLO (FORESTER):

    "Quantity in Game: 3"
    "Construction Costs: 1 Textile + 1 Metal"
    "Construction Benefit: None"
    "Production Benefit: 1 Wood"
    """,
)


test_workshop_04_cambiavalute = workshop_test(
    4,
    """Rulebook, 4. CAMBIAVALUTE (MONEY CHANGER):

    "Quantity in Game: 2"
    "Construction Costs: 1 Wood + 1 Gold + 100 Fiorini"
    "Construction Benefit: 1 Prestige Point"
    "Production Benefit: Spend 200 Fiorini to take 300 Fiorini from the Banco"
    """,
)


test_workshop_05_carpentiere = workshop_test(
    5,
    """Rulebook, 5. CARPENTIERE (CARPENTER):

    "Quantity in Game: 1"
    "Construction Costs: 2 Wood + 1 Metal + 100 Fiorini"
    "Construction Benefit: 2 Prestige Points"
    "Production Benefit: Spend 2 Wood to take 500 Fiorini from the Banco"
    """,
)


test_workshop_06_casa = workshop_test(
    6,
    """Rulebook, 6. CASA (WORKER'S HOUSE):

    "Quantity in Game: 4"
    "Construction Costs: 2 Wood"
    "Construction Benefit: None"
    "Production Benefit: None"
    "This workshop cannot be occupied by a worker."
    "During phase 1, it automatically gives an income of 50 Fiorini and 1 worker to the player who built it in his district."
    """,
)


test_workshop_07_casamento = workshop_test(
    7,
    """Rulebook, 7. CASAMENTO (APARTMENTS):

    "Quantity in Game: 2"
    "Construction Costs: 2 Wood + 1 Marble + 50 Fiorini"
    "Construction Benefit: None"
    "Production Benefit: None"
    "This workshop cannot be occupied by a worker."
    "During phase 1, it automatically gives an income of 100 Fiorini and 1 worker to the player who built it in his district."
    """,
)


test_workshop_08_cava = workshop_test(
    8,
    """Rulebook, 8. CAVA (QUARRY):

    "Quantity in Game: 2"
    "Construction Costs: 2 Metal + 1 Wood + 100 Fiorini"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: 2 Marble"
    """,
)


test_workshop_09_cerusico = workshop_test(
    9,
    """Rulebook, 9. CERUSICO (PHYSICIAN):

    "Quantity in Game: 1"
    "Construction Costs: 1 Gold + 1 Textile + 1 Metal + 50 Fiorini"
    "Construction Benefit: 2 Prestige Points"
    "Production Benefit: Spend 2 Spice to take 500 Fiorini from the Banco"
    """,
)


test_workshop_10_convento = workshop_test(
    10,
    """Rulebook, 10. CONVENTO (CONVENT):

    "Quantity in Game: 2"
    "Construction Costs: 2 Wood + 1 Marble + 1 Textile + 100 Fiorini"
    "Construction Benefit: 5 Prestige Points"
    "Production Benefit: 1 Prestige point + 1 church influence"
    """,
)


test_workshop_11_erbolaio = workshop_test(
    11,
    """Rulebook, 11. ERBOLAIO (HERBALIST):

    "Quantity in Game: 2"
    "Construction Costs: 1 Textile + 1 Wood"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: 1 Spice"
    """,
)


test_workshop_12_fabbro = workshop_test(
    12,
    """Rulebook, 12. FABBRO (SMITH):

    "Quantity in Game: 2"
    "Construction Costs: 1 Marble + 1 Wood"
    "Construction Benefit: None"
    "Production Benefit: 1 Metal"
    """,
)


test_workshop_13_fonderia = workshop_test(
    13,
    """Rulebook, 13. FONDERIA (FOUNDRY):

    "Quantity in Game: 1"
    "Construction Costs: 2 Marble + 1 Wood + 100 Fiorini"
    "Construction Benefit: 2 Prestige Points"
    "Production Benefit: 2 Metal"
    """,
)


test_workshop_14_lanaiuolo = workshop_test(
    14,
    """Rulebook, 14. LANAIUOLO (WEAVER):

    "Quantity in Game: 2"
    "Construction Costs: 1 Wood + 50 Fiorini"
    "Construction Benefit: None"
    "Production Benefit: 1 Textile"
    """,
)


test_workshop_15_legnaiuolo = workshop_test(
    15,
    """Rulebook, 15. LEGNAIUOLO (WOODCARVER):

    "Quantity in Game: 1"
    "Construction Costs: 1 Metal + 1 Wood"
    "Construction Benefit: None"
    "Production Benefit: Spend 1 Wood to take 200 Fiorini from the Banco"
    """,
)


test_workshop_16_mercatante = workshop_test(
    16,
    """Rulebook, 16. MERCATANTE (MERCHANT):

    "Quantity in Game: 2"
    "Construction Costs: 2 Textiles + 1 Gold + 200 Fiorini"
    "Construction Benefit: 2 Prestige Points"
    "Production Benefit: 2 Spice"
    """,
)


test_workshop_17_miniera = workshop_test(
    17,
    """Rulebook, 17. MINIERA (MINE):

    "Quantity in Game: 1"
    "Construction Costs: 2 Metal + 2 Wood + 200 Fiorini"
    "Construction Benefit: 2 Prestige Points"
    "Production Benefit: 2 Gold"
    """,
)


test_workshop_18_monte_di_pieta = workshop_test(
    18,
    """Rulebook, 18. MONTE DI PIETA (PAWNBROKER):

    "Quantity in Game: 2"
    "Construction Costs: 1 Wood + 1 Marble + 1 Metal"
    "Construction Benefit: None"
    "Production Benefit: 1 Gold"
    """,
)


test_workshop_19_orafo = workshop_test(
    19,
    """Rulebook, 19. ORAFO (GOLDSMITH):

    "Quantity in Game: 1"
    "Construction Costs: 1 Wood + 1 Metal"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: Spend 1 Gold to take 200 Fiorini from the Banco"
    """,
)


test_workshop_20_ottonaio = workshop_test(
    20,
    """Rulebook, 20. OTTONAIO (BRASS WORKER):

    "Quantity in Game: 1"
    "Construction Costs: 1 Wood + 1 Metal"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: Spend 1 Metal to take 200 Fiorini from the Banco"
    """,
)


test_workshop_21_palagio = workshop_test(
    21,
    """Rulebook, 21. PALAGIO (PALACE):

    "Quantity in Game: 1"
    "Construction Costs: 2 Marble + 1 Wood + 1 Textile + 100 Fiorini"
    "Construction Benefit: None"
    "Production Benefit: None"
    "This workshop cannot be occupied by a worker."
    "During phase 1, it automatically gives an income of 100 Fiorini, 1 worker, and 1 prestige point to the player who built it in his district."
    """,
)


test_workshop_22_picconiere = workshop_test(
    22,
    """Rulebook, 22. PICCONIERE (STONECUTTER):

    "Quantity in Game: 2"
    "Construction Costs: 1 Metal + 50 Fiorini"
    "Construction Benefit: None"
    "Production Benefit: 1 Marble"
    """,
)


test_workshop_23_sartore = workshop_test(
    23,
    """Rulebook, 23. SARTORE (TAILOR):

    "Quantity in Game: 1"
    "Construction Costs: 2 Wood + 1 Spice + 100 Fiorini"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: Spend 2 Textiles to take 500 Fiorini from the Banco"
    """,
)


test_workshop_24_scarpellino = workshop_test(
    24,
    """Rulebook, 24. SCARPELLINO (STONE CARVER):

    "Quantity in Game: 1"
    "Construction Costs: 1 Wood + 1 Metal + 50 Fiorini"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: Spend 1 Marble to take 200 Fiorini from the Banco"
    """,
)


test_workshop_25_segheria = workshop_test(
    25,
    """Rulebook, 25. SEGHERIA (SAWMILL):

    "Quantity in Game: 1"
    "Construction Costs: 2 Metal + 1 Marble"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: 2 Wood"
    """,
)


test_workshop_26_setaiuolo = workshop_test(
    26,
    """Rulebook, 26. SETAIUOLO (SILK MERCHANT):

    "Quantity in Game: 2"
    "Construction Costs: 1 Wood + 1 Spice + 100 Fiorini"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: 2 Textiles"
    """,
)


test_workshop_27_speziale = workshop_test(
    27,
    """Rulebook, 27. SPEZIALE (SPICE MERCHANT):

    "Quantity in Game: 1"
    "Construction Costs: 1 Wood + 1 Textile + 100 Fiorini"
    "Construction Benefit: 1 Prestige point"
    "Production Benefit: Spend 1 Spice to take 200 Fiorini from the Banco"
    """,
)


test_workshop_28_tintore = workshop_test(
    28,
    """Rulebook, 28. TINTORE (DYE WORKS):

    "Quantity in Game: 1"
    "Construction Costs: 2 Spices + 1 Wood"
    "Construction Benefit: None"
    "Production Benefit: Spend 1 Textile to take 200 Fiorini from the Banco"
    """,
)


test_workshop_29_zecca = workshop_test(
    29,
    """Rulebook, 29. ZECCA (MINT):

    "Quantity in Game: 1"
    "Construction Costs: 2 Metal + 1 Wood + 1 Marble"
    "Construction Benefit: 3 Prestige Points"
    "Production Benefit: Spend 2 Gold to take 500 Fiorini from the Banco"
    """,
)
