"""PROVISIONAL component data in the engine form (``tables.py``), used only until fb-data's
``florenza_data.json`` lands (its schema was not frozen when the engine was written).

The workshops are the rulebook's ("DISTRICT WORKSHOPS IN DETAIL"); characters and artworks are
placeholders with the right shapes (40 named characters with the historical notes' ids,
6 preachers, Correggio and Raffaello as in the rulebook's examples, 19 main-board artworks,
8 district boxes). Nothing here is meant to be balanced."""

from __future__ import annotations

R = ["marble", "wood", "gold", "metal", "textile", "spice"]
M, W, G, ME, T, S = R

# id: (name, quantity, build cost, build pp, production) -- rulebook ids 1..29
_WS = [
    ("Armaiuolo", 1, {W: 2, M: 1}, 2, {"spend": {ME: 2}, "take": {"fiorini": 500}}),
    ("Biblioteca", 1, {W: 2, M: 1, "fiorini": 200}, 5, {"gain": {"prestige": 2}}),
    ("Boscaiuolo", 3, {T: 1, ME: 1}, 0, {"gain": {W: 1}}),
    ("Cambiavalute", 2, {W: 1, G: 1, "fiorini": 100}, 1, {"spend": {"fiorini": 200}, "take": {"fiorini": 300}}),
    ("Carpentiere", 1, {W: 2, ME: 1, "fiorini": 100}, 2, {"spend": {W: 2}, "take": {"fiorini": 500}}),
    ("Casa", 4, {W: 2}, 0, None),
    ("Casamento", 2, {W: 2, M: 1, "fiorini": 50}, 0, None),
    ("Cava", 2, {ME: 2, W: 1, "fiorini": 100}, 1, {"gain": {M: 2}}),
    ("Cerusico", 1, {G: 1, T: 1, ME: 1, "fiorini": 50}, 2, {"spend": {S: 2}, "take": {"fiorini": 500}}),
    ("Convento", 2, {W: 2, M: 1, T: 1, "fiorini": 100}, 5, {"gain": {"prestige": 1, "influence": 1}}),
    ("Erbolaio", 2, {T: 1, W: 1}, 1, {"gain": {S: 1}}),
    ("Fabbro", 2, {M: 1, W: 1}, 0, {"gain": {ME: 1}}),
    ("Fonderia", 1, {M: 2, W: 1, "fiorini": 100}, 2, {"gain": {ME: 2}}),
    ("Lanaiuolo", 2, {W: 1, "fiorini": 50}, 0, {"gain": {T: 1}}),
    ("Legnaiuolo", 1, {ME: 1, W: 1}, 0, {"spend": {W: 1}, "take": {"fiorini": 200}}),
    ("Mercatante", 2, {T: 2, G: 1, "fiorini": 200}, 2, {"gain": {S: 2}}),
    ("Miniera", 1, {ME: 2, W: 2, "fiorini": 200}, 2, {"gain": {G: 2}}),
    ("Monte di Pieta", 2, {W: 1, M: 1, ME: 1}, 0, {"gain": {G: 1}}),
    ("Orafo", 1, {W: 1, ME: 1}, 1, {"spend": {G: 1}, "take": {"fiorini": 200}}),
    ("Ottonaio", 1, {W: 1, ME: 1}, 1, {"spend": {ME: 1}, "take": {"fiorini": 200}}),
    ("Palagio", 1, {M: 2, W: 1, T: 1, "fiorini": 100}, 0, None),
    ("Picconiere", 2, {ME: 1, "fiorini": 50}, 0, {"gain": {M: 1}}),
    ("Sartore", 1, {W: 2, S: 1, "fiorini": 100}, 1, {"spend": {T: 2}, "take": {"fiorini": 500}}),
    ("Scarpellino", 1, {W: 1, ME: 1, "fiorini": 50}, 1, {"spend": {M: 1}, "take": {"fiorini": 200}}),
    ("Segheria", 1, {ME: 2, M: 1}, 1, {"gain": {W: 2}}),
    ("Setaiuolo", 2, {W: 1, S: 1, "fiorini": 100}, 1, {"gain": {T: 2}}),
    ("Speziale", 1, {W: 1, T: 1, "fiorini": 100}, 1, {"spend": {S: 1}, "take": {"fiorini": 200}}),
    ("Tintore", 1, {S: 2, W: 1}, 0, {"spend": {T: 1}, "take": {"fiorini": 200}}),
    ("Zecca", 1, {ME: 2, W: 1, M: 1}, 3, {"spend": {G: 2}, "take": {"fiorini": 500}}),
]
_INCOME = {"Casa": {"fiorini": 50, "workers": 1}, "Casamento": {"fiorini": 100, "workers": 1},
           "Palagio": {"fiorini": 100, "workers": 1, "prestige": 1}}  # fmt: skip
_NAMES = [
    "Verrocchio", "Andrea Mantegna", "Andrea Palladio", "Antonello da Messina", "Anthony of Padua",
    "Antonio da Sangallo", "Beato Angelico", "Benvenuto Cellini", "Bernardo di Chiaravalle", "Caravaggio",
    "Correggio", "Domenico Ghirlandaio", "Donatello", "Donato Bramante", "Filippo Brunelleschi", "Filippo Lippi",
    "Francesco Borromini", "Francesco d'Assisi", "Francesco Mochi", "Giambologna", "Gian Lorenzo Bernini",
    "Giordano Bruno", "Giorgio Vasari", "Giorgione", "Giotto", "Girolamo Savonarola", "Giulio Romano",
    "Leon Battista Alberti", "Leonardo da Vinci", "Lorenzo Ghiberti", "Masaccio", "Michelangelo Buonarroti",
    "Piero della Francesca", "Pietro Perugino", "Raffaello Sanzio", "Sandro Botticelli", "Tintoretto",
    "Tiziano Vecellio", "Thomas Aquinas", "Vignola",
]  # fmt: skip
_PREACHERS = {5, 9, 18, 22, 26, 39}
_SKILLS = {  # by biography; the rest are painters
    3: ["architect"], 6: ["architect"], 8: ["sculptor"], 13: ["sculptor"], 14: ["architect"],
    15: ["architect"], 17: ["architect"], 19: ["sculptor"], 20: ["sculptor"], 21: ["sculptor", "architect"],
    23: ["painter", "architect"], 27: ["painter", "architect"], 28: ["architect"], 29: ["painter"],
    30: ["sculptor"], 32: ["painter", "sculptor", "architect"], 35: ["painter", "architect"], 40: ["architect"],
}  # fmt: skip


def _artist(i: int) -> dict:
    skills = {}
    for k in _SKILLS.get(i, ["painter"]):
        top = 2 + i % 4
        die = [0, 1, 2, 3, 4, top]
        if i == 35:  # Raffaello (no-die example): a 4 gives 5, a 5 no more, the masterpiece needs a 6
            die = [1, 2, 3, 5, 5, 6]
        skills[k] = {"cost": 100 if i == 11 else 100 + 50 * (i % 3), "die": die, "masterpiece": [False] * 5 + [True],
                     "masterpiece_pp": [0] * 5 + [top + 3 if i != 11 else 3]}  # fmt: skip
    return skills


def provisional_data() -> dict:
    chars = []
    for i, name in enumerate(_NAMES, start=1):
        c = {"id": i, "name": name, "rounds": 2 + i % 4}
        if i in _PREACHERS:
            c.update(kind="preacher", cost={"fiorini": 100 + 50 * (i % 3)}, workers=[1, 1, 2, 2, 3, 3],
                     gain={R[i % 6]: 1}, prestige=(i % 3) - 1, influence=1 + i % 2)  # fmt: skip
        else:
            c.update(kind="artist", skills=_artist(i))
        chars.append(c)
    main = []
    skills3 = ["painter", "sculptor", "architect"]
    buildings = ["Banco", "Battistero", "Lastricato", "Ospedale", "Palazzo della Signoria", "Palazzo Vescovile"]
    incomes = [{"kind": "prestige", "amount": 1}, {"kind": "influence", "amount": 1}, {"kind": "worker", "amount": 1},
               {"kind": "fiorini", "amount": 100}, {"kind": "none"}]  # fmt: skip
    for i in range(13):
        a = {"name": f"{buildings[i % 6]} {i // 6 + 1}", "building": buildings[i % 6], "zone": "civic",
             "cost": {R[i % 6]: 1, R[(i + 1) % 6]: 1, "fiorini": 100}, "skills": [skills3[i % 3]],
             "prestige": 4 + i % 3, "influence": i % 2, "income": incomes[i % 5]}  # fmt: skip
        main.append(a)
    main[0].update(name="Atrio", income={"kind": "atrio"})
    main[4].update(name="Salone", building="Palazzo della Signoria", skills=["painter"], prestige=7,
                   cost={W: 2, ME: 1, T: 1, G: 1, S: 1, "fiorini": 100}, income={"kind": "prestige", "amount": 1})
    for i in range(6):
        main.append({"name": f"Duomo {i + 1}" if i else "Pulpito", "building": "Duomo", "zone": "cathedral",
                     "cost": {M: 2, R[(i + 2) % 6]: 1, "fiorini": 150}, "skills": [skills3[i % 3], skills3[(i + 1) % 3]],
                     "prestige": 6 + i % 2, "influence": 2, "pulpit": i == 0,
                     "income": {"kind": "influence", "amount": 1} if i % 2 else {"kind": "none"}})  # fmt: skip
    district = []
    for i in range(8):
        district.append({"name": ("Palazzo " if i < 4 else "Chiesa ") + str(i % 4 + 1),
                         "area": "palazzo" if i < 4 else "chiesa", "cost": {R[i % 6]: 1, "fiorini": 50},
                         "skills": [skills3[i % 3]], "prestige": 2 + i % 2, "influence": i // 4})  # fmt: skip
    return {
        "resources": R,
        "cubes": [18, 18, 12, 12, 12, 12],
        "skills": skills3,
        "workshops": [
            {"name": n, "quantity": q, "occupiable": prod is not None, "build_cost": cost, "build_pp": pp,
             "income": _INCOME.get(n, {}), "produce": prod or {}}
            for n, q, cost, pp, prod in _WS
        ],  # fmt: skip
        "start_types": [3, 4, 11, 12, 14, 15, 18, 19, 20, 22, 27, 28],
        "first_game": [[22, 15], [3, 20], [12, 11], [4, 19], [18, 14]],
        "characters": chars,
        "unnamed_artists": {k: {"die": [-1, 0, 0, 1, 1, 2]} for k in skills3},
        "unnamed_preacher": {"cost": {"fiorini": 100}, "workers": 2},
        "main_artworks": main,
        "district_artworks": district,
        "die_resource": [M, W, G, ME, T, S],
        "draw": {"2": 6, "3": 7, "4": 8, "5": 9},
    }
