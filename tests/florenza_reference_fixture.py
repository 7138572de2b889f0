"""A small hand-made component table for the Florenza reference's scenario tests.

The rule tests must not depend on the reconstructed (and still changing) values of
``florenza_data.json``: this table uses the rulebook's workshops where a test needs them
(Armaiuolo, Boscaiuolo, ...) and plain round numbers elsewhere, so every expected number in
a test can be checked by hand.
"""

from florentine_envs.games.florenza.reference.tables import Artwork, Character, SkillLine, Tables, Workshop

RES = ["marble", "wood", "gold", "metal", "textile", "spice"]
SKILLS = ["painter", "sculptor", "architect"]
PAINTER, SCULPTOR, ARCHITECT = 0, 1, 2


def cubes(**amounts) -> list[int]:
    return [amounts.get(r, 0) for r in RES]


def workshops() -> list[Workshop]:
    """29 types; ids 1..29 as the rulebook's "DISTRICT WORKSHOPS IN DETAIL" (costs simplified)."""
    out = []
    for i in range(29):
        out.append(Workshop(i, f"w{i + 1}", 2, cubes(wood=1), 0, 1, True, gain_cubes=cubes(**{RES[i % 6]: 1})))
    # 1 Armaiuolo: "Spend 2 Metal to take 500 Fiorini"
    out[0] = Workshop(
        0,
        "Armaiuolo",
        1,
        cubes(wood=2, marble=1),
        0,
        2,
        True,
        converts=True,
        spend_cubes=cubes(metal=2),
        take_florins=500,
    )
    # 3 Boscaiuolo: "1 Textile + 1 Metal", produces 1 Wood
    out[2] = Workshop(2, "Boscaiuolo", 3, cubes(textile=1, metal=1), 0, 0, True, gain_cubes=cubes(wood=1))
    # 6 Casa: 2 Wood; 50 Fiorini and 1 worker in phase 1
    out[5] = Workshop(5, "Casa", 4, cubes(wood=2), 0, 0, False, income_florins=50, income_workers=1)
    # 10 Convento: 1 prestige + 1 influence
    out[9] = Workshop(
        9, "Convento", 2, cubes(wood=2, marble=1, textile=1), 100, 5, True, gain_prestige=1, gain_influence=1
    )
    return out


def skill(cost: int, masterpiece_face: int | None = 6, mp: int = 3) -> SkillLine:
    mask = [v == masterpiece_face for v in range(1, 7)]
    return SkillLine(cost, [0, 1, 1, 2, 3, 5], mask, [mp if m else 0 for m in mask])


def characters() -> list[Character]:
    out = []
    for c in range(40):
        if c in (4, 8, 17, 21, 25, 38):  # the six preachers of the historical notes (ids 5, 9, 18, 22, 26, 39)
            out.append(
                Character(
                    c,
                    f"preacher{c + 1}",
                    "preacher",
                    1 + c % 7,
                    cost_florins=50,
                    workers=[1, 1, 2, 2, 3, 3],
                    gain_prestige=1 if c % 2 else -1,
                )
            )
        else:
            lines = {c % 3: skill(100)}
            if c % 5 == 0:
                lines[(c + 1) % 3] = skill(150)
            out.append(Character(c, f"artist{c + 1}", "artist", 1 + c % 7, skills=lines))
    out[10] = Character(10, "Correggio", "artist", 5, skills={PAINTER: skill(100, 6, 3)})  # id 11
    return out


def artworks() -> tuple[list[Artwork], list[Artwork]]:
    district = [
        Artwork(d, "palazzo" if d < 4 else "chiesa", f"box{d}", [d % 3], cubes(wood=1), 50, 2, 1 if d >= 4 else 0)
        for d in range(8)
    ]
    main = []
    for m in range(19):
        zone = "cathedral" if m >= 15 else "civic"
        main.append(
            Artwork(
                m,
                zone,
                f"main{m}",
                [m % 3, (m + 1) % 3],
                cubes(marble=1),
                100,
                4,
                1 if zone == "cathedral" else 0,
                ["prestige", "influence", "worker", "fiorini", "none"][m % 5],
                1,
            )
        )
    # The Salone of the Palazzo della Signoria (rulebook example).
    main[0] = Artwork(
        0, "civic", "Salone", [PAINTER], cubes(wood=2, metal=1, textile=1, gold=1, spice=1), 100, 7, 0, "prestige", 1
    )
    main[1] = Artwork(1, "civic", "Atrio", [ARCHITECT], cubes(gold=1), 100, 3, 0, "atrio", 200)
    main[15].pulpit = True
    return district, main


def tables() -> Tables:
    district, main = artworks()
    return Tables(
        resources=RES,
        skills=SKILLS,
        workshops=workshops(),
        characters=characters(),
        unnamed_pp=[[-1, 0, 0, 1, 1, 2]] * 3,
        unnamed_preacher=Character(43, "unnamed preacher", "preacher", 0, cost_florins=100, workers=[2] * 6),
        district_artworks=district,
        main_artworks=main,
        die_resource=[0, 1, 2, 3, 4, 5],
        start_workshops=[2, 3, 10, 11, 13, 14, 17, 18, 19, 21, 26, 27],
        first_game=[[21, 14], [2, 19], [11, 10], [3, 18], [17, 13]],
        draws={2: 6, 3: 7, 4: 8, 5: 9},
        income_cubes=cubes(marble=1, wood=1),
    )
