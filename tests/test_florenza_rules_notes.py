"""Florenza rule tests, part b: the HISTORICAL NOTES as rules for the data -- each of the 40
named characters' note gives his number (the character's id), his name, and whether he is a
preacher or an artist of which skills -- and the publishers' notes and credits (no rules).

Each character test quotes the note's name line and the sentence(s) naming his craft, and states
the skills that reading gives (a ``Reading:`` line explains any choice); :func:`check_character`
holds the engine's tables to it and plays it: an artist may be hired exactly for boxes asking for
one of his skills, a preacher is never hired but given charity.
"""

from __future__ import annotations

import re

import numpy as np
from florenza_rules_text import plain
from florenza_scenarios_b import bare, in_play

PART = "b"

# Everything else of the notes is history (birth places and dates, birth names, careers) and the
# publishers' notes and credits: none of it is a rule. (A note's name line and the sentence naming
# a character's craft are quoted by his test above.)
NOT_ENGINE_BEHAVIOUR = {
    "Florenza refers to a real historical background, though it has been simplified to aid game play.": "flavour",
    "For example, the characters have been chosen arbitrarily, based on the history of art, but not without some subjective choices.": "flavour",
    "Some characters belong to different time periods, though well-known contemporaries have been chosen whenever possible-even if some of them never worked in Florence.": "flavour",
    "Imagine that these characters do not represent the actual historical figures themselves, but rather preachers who follow their thoughts and works.": "flavour",
    "They are friars or monks from orders founded by these thinkers.": "flavour",
    "The payment for a preacher should be understood as an offering to their order.": "flavour",
    "Florence, 1437 - Venice, 1488": "flavour",
    "Highly esteemed, he was the master of a number of young painters including Leonardo, Ghirlandaio, and Perugino.": "flavour",
    "Isola di Carturo, 1431 - Mantua, September 13, 1506": "flavour",
    "Among his most famous works are the Wedding Chamber in the Ducal Palace of Mantua and the Dead Christ kept in the Brera Academy in Milan.": "flavour",
    "(Brother Giovanni da Fiesole, in the world: Guido di Pietro Trosini)": "flavour",
    "Vicchio, 1395 - Rome, 1455": "flavour",
    "He was beatified by John Paul II in 1984.": "flavour",
    "He merges the principles of Renaissance paintings with theological teaching through images inspiring to the Medieval Age.": "flavour",
    "(born Antonio Cordini)": "flavour",
    "Florence, April 12, 1484 - Terni, August 3, 1546": "flavour",
    "(born Andrea di Pietro dalla Gondola)": "flavour",
    "Padua, November 30, 1508 - Maser, August 19, 1580": "flavour",
    "He was inspired by classical and Roman architecture.": "flavour",
    "He mainly worked in Vicenza where he planned several churches, villas, and palaces.": "flavour",
    "Notorious for his unruly temper, he took part in a number of brawls, and in the defence of Rome during the infamous sacking.": "flavour",
    "His most renowned work is Perseus with the head of Medusa.": "flavour",
    "Florence, November 3, 1500 - Florence, February 13, 1571": "flavour",
    "Messina, 1430 - Messina February, 1479": "flavour",
    "After his young years in the south of Italy, he moved to Venice.": "flavour",
    "His peculiarity is the attention given to details.": "flavour",
    "Fontaine-lès-Dijon, 1090 - Ville-sous-la-Ferté, August 20, 1153": "flavour",
    "A French reformer, he founded the very strict Cistercian Order in opposition to the rich Benedictine monks of Cluny.": "flavour",
    "(in the world: Fernando Martim de Bulboes e Taveira Azevedo)": "flavour",
    "Lisbon, August 15, 1195 - Padua, June 13, 1231": "flavour",
    "Born in Portugal, he traveled very widely and met Francis of Assisi.": "flavour",
    "He moved to Padua where he died, still young, but already very famous.": "flavour",
    "During his life, many miracles were ascribed to him.": "flavour",
    "A scholar, he had both strictness and kindness, getting a hold over people belonging to all social classes.": "flavour",
    "(born Michelangelo Merisi)": "flavour",
    "Milan, September 29, 1571 - Porto Ercole, July 18, 1610": "flavour",
    "He mastered the use of colors, and especially of lighting.": "flavour",
    "He worked in Rome, Sicily, and Naples.": "flavour",
    "Among his works, the Vocation of St.": "flavour",
    "Matthew and St.": "flavour",
    "Jerome are worth remembering.": "flavour",
    "Correggio, August, 1489 - Correggio, March 5, 1534": "flavour",
    "Bissone, September 25, 1599 - Rome, August 3, 1667": "flavour",
    "Of practical and positive mind, he soon clashed with the other outstanding character of the artistic background of his age: Bernini, his rival.": "flavour",
    "Florence, 1449 - Florence, January 11, 1494": "flavour",
    "He influenced many artists of his age.": "flavour",
    "For a short time, he was the master of Michelangelo.": "flavour",
    "The reason for his pseudonym is still unknown.": "flavour",
    "Assisi, 1182 - Assisi, October 3, 1226": "flavour",
    "The son of a rich merchant, Francis had his life upset after his encounter with Christ.": "flavour",
    "A number of anecdotes and miracles are associated to him.": "flavour",
    "A very important character in the history of the Church, he is venerated as a saint, and is the patron saint of Italy.": "flavour",
    "(Donato di Niccolò di Betto Bardi)": "flavour",
    "Florence, 1386 - Florence, December 13, 1466": "flavour",
    "He was a skillful user of sculptural techniques such as 'tondo', 'stiacciato,' and 'basso-rilievo.'": "flavour",
    "Some of his numerous works are kept in the Bargello museum in Florence.": "flavour",
    "Montevarchi, July 29, 1580 - Roma, February 6, 1654": "flavour",
    "He traveled widely, and his wanderings deeply influenced his works.": "flavour",
    "He left his masterpieces in Piacenza: the equestrian monuments to Alessandro and Ranuccio.": "flavour",
    "While in Rome, he clashed with the outstanding Bernini, and he missed several opportunities because of him.": "flavour",
    "In spite of our research, no portrait of the artist has been found, so one of the game's illustrator Ivan Zoni has been used instead.": "flavour",
    "(Donato di Angelo di Pascuccio also known as Bramante)": "flavour",
    "Fermignano, 1444 - Rome, March 11, 1514": "flavour",
    "He worked in Milan, and mainly in Rome, where he was commissioned the planning of St.": "flavour",
    "Peter's.": "flavour",
    "Douai, 1529 - Florence, 1608": "flavour",
    "He worked in Florence and in Bologna, where he carried out the Neptune's fountain in Maggiore Square.": "flavour",
    "Florence, 1377 - Florence 1446": "flavour",
    "Brother Filippo di Tommaso Lippi": "flavour",
    "(Florence, 1406 - Spoleto, 1469)": "flavour",
    "A Carmelite, he left the monastery when he was dispensed from his vows by the Pope for marrying his favorite model.": "flavour",
    "Naples, December 7, 1598 - Rome, November 28, 1680": "flavour",
    "A precocious and great observer, he quickly drew attention to himself in Rome, where he had the Cardinal Scipione Borghese as his patron.": "flavour",
    "He was the most outstanding character of the artistic background under at least three popes, and he enriched the city with several masterpieces.": "flavour",
    "Nola, 1548 - Rome, February 17, 1600": "flavour",
    "He had a troubled life: he made a number of breaks in his monastic life, and he travelled widely through Italy, France, England, and Germany, where he was put on trial for heresy and sorcery.": "flavour",
    "He taught physics and astronomy.": "flavour",
    "(Birth name 'Pippi')": "flavour",
    "Rome, 1499 - Mantua, November 1, 1546": "flavour",
    "His real surname was Pippi.": "flavour",
    "He was greatly successful in Mantua at the court of the Gonzaga Family, for whom he designed the Palazzo Te, where the fresco of the Giants' chamber is one of his masterpieces.": "flavour",
    "Arezzo, July 30, 1511 - Florence, June 27, 1574": "flavour",
    "The Uffizi Palace, seat of the famous museum, is one of his masterpieces.": "flavour",
    "Genoa, February 18, 1404 - Rome, April 25, 1472": "flavour",
    "He planned the completion of Santa Maria Novella on commission of the Rucellai family, for whom he erected the palace.": "flavour",
    "(born Giorgio da Castelfranco)": "flavour",
    "Castelfranco Veneto, 1478 - Venice, 1510": "flavour",
    "Vinci, April 15, 1452 - Amboise, May 2, 1519": "flavour",
    "An artist and scientist, he is regarded as one of the most ingenious minds of history.": "flavour",
    "He worked in Florence in two different periods, in Milan, Rome, and in France.": "flavour",
    "An experimenter and inventor, we owe him for inventions and objects still used today.": "flavour",
    "Vespignano, 1267 - Florence, January 8, 1337": "flavour",
    "A pupil of Cimabue who, according to legend, had noticed him as a young shepherd drawing a sheep on a slab of marble.": "flavour",
    "He travelled widely and worked in several Italian towns.": "flavour",
    "Pelago, 1378 - Florence, 1455": "flavour",
    "Perhaps he had a disposition towards Gothic art rather than the Renaissance art peculiar to Brunelleschi or Alberti.": "flavour",
    "Ferrara, September 21, 1452 - Florence, May 23, 1498": "flavour",
    "He suffered at the stake.": "flavour",
    "During the Florentine Republic, he was an outstanding member of the party opposing the Medici family.": "flavour",
    "(born Tommaso di Giovanni di Mone Cassai)": "flavour",
    "Castel San Giovanni, December 21, 1401 - Roma, 1428": "flavour",
    "Caprese Michelangelo, March 6, 1475": "flavour",
    "Rome, February 18, 1564": "flavour",
    "His works both in Florence and in Rome are universally known and regarded as the most remarkable masterpieces of the age.": "flavour",
    "A proud strong-willed character, he also expressed a profound religious feeling in his works.": "flavour",
    "(born *Alessandro di Mariano di Vanni Filipepi*)": "flavour",
    "Florence, March 1, 1445 - Florence, May 17, 1510": "flavour",
    "He was very productive.": "flavour",
    "His works, many of which are kept in the Uffizi Museum in Florence, are well-known all over the world, especially *Spring* and *the Birth of Venus*.*": "flavour",
    "Sansepolcro, c. 1420 - Sansepolcro, October 12, 1492": "flavour",
    "Although the majority of his subjects were religious, his portraits-always in profile-are well known.": "flavour",
    "(real name *Jacopo Comin*)": "flavour",
    "Venice, September 29, 1518 - Venice, May 31, 1594": "flavour",
    "He never worked in Florence.": "flavour",
    "Pieve di Cadore, c. 1490 - Venice, August 27, 1576": "flavour",
    "His skill in painting portraits made him the official portraitist of the emperor Charles V.": "flavour",
    "He left a huge number of paintings.": "flavour",
    "Città della Pieve, c. 1450 - Fontignano, 1523": "flavour",
    "From the latter he took perspective and geometric quality, and merged them with naturalistic elements.": "flavour",
    "Roccasecca (FR), c. 1225 - Fossanova, March 7, 1274": "flavour",
    "A Dominican, venerated as a saint.": "flavour",
    "He was a theological and philosophical master, an outstanding representative of scholasticism.": "flavour",
    "He started the flourishing Thomist school, which would influence catholic thought for a long time.": "flavour",
    "Urbino, April 6, 1483 - Rome, April 6, 1520": "flavour",
    "He worked in Florence he worked in Florence and Rome where he superintended the work of St.": "flavour",
    "Peter's, and where he frescoed the papal chambers.": "flavour",
    "His works are numberless, and many of them are very famous.": "flavour",
    "(*Jacopo Barozzi da Vignola*)": "flavour",
    "Vignola, October, 1507 - Roma, July 7, 1573": "flavour",
    "Once in Rome he became the architect of the Farnese family, who commissioned several works to him, and he superintended work for the Construction of St.": "flavour",
    "Peter's in the Vatican.": "flavour",
    "After passing decades around a table, playing too many games, we asked ourselves (as many other gamers do): 'Why don't we create our own game?'": "flavour",
    "Immediately, we looked at the brightest among us, Stefano Groppi, who accepted the heat and, after a few weeks, showed us the first prototype of 'Florenza,' with which he tried to highlight the role of patrons of the arts.": "flavour",
    "Since that day, we've spent two years working on it, with continual playtests, corrections, and changes.": "flavour",
    "Along the way, we created Placentia Games, so we could share it with other players.": "flavour",
    "We tried to work out the best way to make our first (and hopefully not last) game.": "flavour",
    "We are happy to thank all the people who helped us with this project:": "credits",
    "The indispensable author and leader of the group, Stefano Groppi.": "credits",
    "The tireless Ivan Zoni (illustrator of the comic book Jonathan Steele), for the characters, the Cathedral, and the buildings of Florence.": "credits",
    "The young artists Valeria Gobbi and Daniele Zurla (students of the Art School in Piacenze), for the district buildings and the Market.": "credits",
    "The sharp Paolo Vallergera, for the game's artwork.": "credits",
    "All the people who let us use their faces for the unnamed characters (Franco Arcelloni, Giorgio Polizzi, Raffaello Carteny, Daniele Zurla, and Stefano Groppi).": "credits",
    "The Orizzonte degli Eventi gaming association, who playtested the game.": "credits",
    "Our spiritual guides, Mario Sacchi and Matteo Panara, who guided us into the publishing world, helping us with every critical decision.": "credits",
    "Everyone to tried Florenza and gave us their feedback.": "credits",
    "William Niebling, for his revisions to the English language rulebook.": "credits",
    "We apologize if we included some characters in the game who never worked in Florence during the Renaissance, but we wanted to include all of the most important artists (in our opinion) from that golden age of Italian art and culture.": "flavour",
    "Michelangelo, for example, left an important mark on the history of the city-and the Renaissance period-even if he was only in Florence for a short time.": "flavour",
    "We also added some portraits of military leaders (created by Ivan Zoni) to the rulebook.": "flavour",
    "They are not involved in the game, but they were influential members of public life during this era.": "flavour",
    "The names of the buildings, parts of the Cathedral, and the workshops are in the literal form they had in Italy during the 1400-1600 period.": "flavour",
    "Some of them are unchanged in the modern Italian language, some have changed a little, and others have completely disappeared or remain only in some dialects.": "flavour",
    "We chose to maintain those words, without translating them into a language that the real artists didn't know.": "flavour",
    "We hope you agree with our choice, and we hope you have a good time playing Florenza!": "flavour",
    "Thanks,": "credits",
    "- the publishers, Franco Arcelloni & Sandro Zurla": "credits",
    "Author: Stefano Groppi": "credits",
    "Illustrations: Ivan Zoni, Valeria Gobbi, Daniele Zurla": "credits",
    "Published by: Placentia Games": "credits",
    "Piazza Paolo 36, - 29029 Rivergaro (PC) - Italy info@placentiagames.it - www.placentiagames.it": "credits",
    "Developed by: Post Scriptum - www.postscriptum-games.it": "credits",
    "Artwork: Scribabs - www.scribabs.it": "credits",
    "© Copyright 2014 PLACENTIA GAMES": "credits",
    "Florenza is a trademark of PLACENTIA GAMES - All Rights Reserved": "credits",
    "Heidelberger": "credits",
    "Spieleverlag": "credits",
}  # fmt: skip


def check_character(number: int, craft: str, doc: str) -> None:
    game, st = bare(3)
    t = game.t
    c = number - 1
    quotes = [plain(q) for q in re.findall(r'"([^"]+)"', doc)]
    assert t.char_names[c] in quotes[0], (t.char_names[c], quotes[0])
    in_play(game, st, c)
    st.money[0, 0] = 10_000
    st.res[0, 0] = 10
    givable = bool(game.givable(st, 0, 0)[c])
    if craft == "preacher":
        assert t.is_preacher[c] and not t.skills[c].any() and givable
        assert not any(game.hireable(st, 0, 0, np.eye(3, dtype=bool)[k])[c] for k in range(3))
        return
    skills = [t.skill_names.index(k) for k in craft.split()]
    assert t.is_artist[c] and not givable
    assert np.flatnonzero(t.skills[c]).tolist() == sorted(skills)
    for k in range(3):  # hired exactly for a box asking for one of his skills
        assert bool(game.hireable(st, 0, 0, np.eye(3, dtype=bool)[k])[c]) == (k in skills)


def character_test(number: int, craft: str, doc: str):
    """A test of named character ``number`` (the note's number = the data id): ``craft`` is
    "preacher" or his skills; ``doc`` quotes the note."""

    def test() -> None:
        check_character(number, craft, doc)

    test.__doc__ = doc
    return test


def test_every_character_has_a_note_and_the_six_preachers_are_named():
    """Rulebook, HISTORICAL NOTES: "Here are some short biographical notes about every character in the game:"
    "We must make one comment about the preachers: apart from Girolamo Savonarola, they are all outside of the time and location of the game."
    "Giordano Bruno has been chosen as a charismatic thinker, even though he never preached in Florence, whereas Francis of Assisi, Anthony of Padua, Bernardo of Chiaravalle, and Thomas Aquinas all lived before the Renaissance."
    """
    game = bare(3)[0]
    t = game.t
    assert len(t.char_names) == 40 and t.is_artist.sum() == 34
    preachers = {t.char_names[c] for c in np.flatnonzero(t.is_preacher)}
    assert preachers == {"Girolamo Savonarola", "Giordano Bruno", "Francesco d'Assisi", "Anthony of Padua",
                         "Bernardo di Chiaravalle", "Thomas Aquinas"}  # fmt: skip


test_character_01_verrocchio = character_test(
    1,
    "painter sculptor",
    """Rulebook, HISTORICAL NOTES, 1:

    "Andrea di Francesco di Cione known as Verrocchio"
    "A sculptor, goldsmith, and painter, he worked at the court of Lorenzo the Magnificent."

    Reading: a goldsmith is no skill of the game.
    """,
)


test_character_02_andrea_mantegna = character_test(
    2,
    "painter",
    """Rulebook, HISTORICAL NOTES, 2:

    "Andrea Mantegna"
    "A Venetian painter who mainly worked at the court of the Gonzaga family in Mantua, he was influenced by Tuscan artists, especially Donatello."
    """,
)


test_character_03_andrea_palladio = character_test(
    3,
    "architect",
    """Rulebook, HISTORICAL NOTES, 3:

    "Andrea Palladio"
    "The most important architect of the Venetian area, and the author of architectural treatises that would be followed for centuries."
    """,
)


test_character_04_antonello_da_messina = character_test(
    4,
    "painter",
    """Rulebook, HISTORICAL NOTES, 4:

    "Antonello da Messina"
    "He loved painting on wooden boards."
    """,
)


test_character_05_anthony_of_padua = character_test(
    5,
    "preacher",
    """Rulebook, HISTORICAL NOTES, 5:

    "St. Anthony of Padua"
    "A Franciscan friar, he is venerated as a saint by the Catholic Church."

    Reading: a friar of an order: one of the game's preachers.
    """,
)


test_character_06_antonio_da_sangallo = character_test(
    6,
    "architect",
    """Rulebook, HISTORICAL NOTES, 6:

    "Antonio da Sangallo"
    "He came from a family of architects (his uncle, also famous, had the same name), and he is a representative of the architecture of the Renaissance-especially in Rome, where he was apprenticed to Bramante."
    """,
)


test_character_07_beato_angelico = character_test(
    7,
    "painter",
    """Rulebook, HISTORICAL NOTES, 7:

    "Beato Angelico"
    "He was a Dominican and a painter."

    Reading: a Dominican, yet a painter: an artist.
    """,
)


test_character_08_benvenuto_cellini = character_test(
    8,
    "sculptor",
    """Rulebook, HISTORICAL NOTES, 8:

    "Benvenuto Cellini"
    "He was a Florentine sculptor."
    """,
)


test_character_09_bernardo_di_chiaravalle = character_test(
    9,
    "preacher",
    """Rulebook, HISTORICAL NOTES, 9:

    "Bernardo di Chiaravalle"
    "A talented preacher, he was entrusted by Pope Eugene II with preaching the call for the Second Crusade."
    """,
)


test_character_10_caravaggio = character_test(
    10,
    "painter",
    """Rulebook, HISTORICAL NOTES, 10:

    "Caravaggio"
    "Known as the 'Pittore Maledetto' (the Cursed Painter) because of his many troubles with justice, owing to his restless disposition."
    """,
)


test_character_11_correggio = character_test(
    11,
    "painter",
    """Rulebook, HISTORICAL NOTES, 11:

    "Correggio (born Antonio Allegri)"
    "An Italian painter appreciated for the importance of the lighting in his paintings, he worked mainly in the Plain of the Po, especially in Parma."
    """,
)


test_character_12_domenico_ghirlandaio = character_test(
    12,
    "painter",
    """Rulebook, HISTORICAL NOTES, 12:

    "Domenico Ghirlandaio"
    "A very skilled painter, mainly a portraitist."
    """,
)


test_character_13_donatello = character_test(
    13,
    "sculptor",
    """Rulebook, HISTORICAL NOTES, 13:

    "Donatello"
    "A master of sculpture, he did not only work in Florence, but in Padua, too."
    """,
)


test_character_14_donato_bramante = character_test(
    14,
    "architect",
    """Rulebook, HISTORICAL NOTES, 14:

    "Donato Bramante"
    "A very famous architect, he was one of the first who could re-create buildings with all the details of the classical Roman world."
    """,
)


test_character_15_filippo_brunelleschi = character_test(
    15,
    "architect",
    """Rulebook, HISTORICAL NOTES, 15:

    "Filippo Brunelleschi"
    "Well-known mainly as an architect, after studying ancient Roman buildings he re-created their techniques, and used new machines which allowed him to execute his masterpiece: the dome of the Florence Cathedral, which consists of two domes: inside and outside, both self-bearing."
    """,
)


test_character_16_filippo_lippi = character_test(
    16,
    "painter",
    """Rulebook, HISTORICAL NOTES, 16:

    "Filippo Lippi"
    "A skillful painter, he worked almost exclusively in Florence."
    """,
)


test_character_17_francesco_borromini = character_test(
    17,
    "architect",
    """Rulebook, HISTORICAL NOTES, 17:

    "Francesco Borromini"
    "The son of a stonecutter, he moved to Rome, where he started working as an architect."
    """,
)


test_character_18_francesco_dassisi = character_test(
    18,
    "preacher",
    """Rulebook, HISTORICAL NOTES, 18:

    "Francesco d'Assisi (Giovanni di Pietro Bernardone)"
    "He gets rid of his possessions, and starts a life of poverty, which soon attracts many followers, thus originating the mendicant order which was named after him."

    Reading: the founder of an order: one of the game's preachers.
    """,
)


test_character_19_francesco_mochi = character_test(
    19,
    "sculptor",
    """Rulebook, HISTORICAL NOTES, 19:

    "Francesco Mochi"
    "A sculptor, one of the first to start Baroque."
    """,
)


test_character_20_giambologna = character_test(
    20,
    "sculptor",
    """Rulebook, HISTORICAL NOTES, 20:

    "Giambologna (the Italian form of Jean de Boulogne)"
    "A Flemish sculptor who moved to Italy to study classical and modern sculptures, such as those of Michelangelo."
    """,
)


test_character_21_gian_lorenzo_bernini = character_test(
    21,
    "sculptor architect",
    """Rulebook, HISTORICAL NOTES, 21:

    "Gian Lorenzo Bernini"
    "An outright artist, he is mainly remembered for his architectural works and his sculptures."
    """,
)


test_character_22_giordano_bruno = character_test(
    22,
    "preacher",
    """Rulebook, HISTORICAL NOTES, 22:

    "Giordano Bruno has been chosen as a charismatic thinker, even though he never preached in Florence, whereas Francis of Assisi, Anthony of Padua, Bernardo of Chiaravalle, and Thomas Aquinas all lived before the Renaissance."
    "A Dominican, he was a thinker and a Neoplatonic philosopher."

    Reading: a Dominican thinker: one of the game's preachers.
    """,
)


test_character_23_giorgio_vasari = character_test(
    23,
    "painter architect",
    """Rulebook, HISTORICAL NOTES, 23:

    "Giorgio Vasari"
    "A painter, sculptor, and architect, he is well-known as the author of 'The lives of the most outstanding Italian architects, painters, and sculptors from Cimabue to our times,' about the lives of the greatest Italian artists."
    "He was a successful architect."

    Reading: the note names three crafts, but the rulebook keeps all three for Michelangelo ('Michelangelo has all three'): painter and architect, the one the note stresses.
    """,
)


test_character_24_giorgione = character_test(
    24,
    "painter",
    """Rulebook, HISTORICAL NOTES, 24:

    "Giorgione"
    "A painter whose works are colorful and rich in landscapes and figures, he spent most of his short life in the Venetian area, where he influenced Titian's works of art."
    """,
)


test_character_25_giotto = character_test(
    25,
    "painter architect",
    """Rulebook, HISTORICAL NOTES, 25:

    "Giotto"
    "He was of fundamental importance to the development of painting."
    "He was often in Florence, and there he designed the bell tower of the cathedral and superintended the initial works of its construction."

    Reading: the bell tower makes him an architect too.
    """,
)


test_character_26_girolamo_savonarola = character_test(
    26,
    "preacher",
    """Rulebook, HISTORICAL NOTES, 26:

    "We must make one comment about the preachers: apart from Girolamo Savonarola, they are all outside of the time and location of the game."
    "A Dominican and a very strict preacher, he hoped for a reformation of the Church, against which he railed, finding favor with the people."
    """,
)


test_character_27_giulio_romano = character_test(
    27,
    "painter architect",
    """Rulebook, HISTORICAL NOTES, 27:

    "Giulio Romano"
    "An architect and painter, he worked together with Raffaello."
    """,
)


test_character_28_leon_battista_alberti = character_test(
    28,
    "architect",
    """Rulebook, HISTORICAL NOTES, 28:

    "Leon Battista Alberti"
    "One of the most polyhedric minds of the Renaissance, he was an architect but also a mathematician, cryptographer, philosopher, humanist, and poet."
    """,
)


test_character_29_leonardo_da_vinci = character_test(
    29,
    "painter sculptor",
    """Rulebook, HISTORICAL NOTES, 29:

    "Leonardo da Vinci"
    "Very famous as a painter, he left many unfinished works because his interests were so wide that he had little time for everything."

    Reading: the note names painting; sculpting comes from the card game's Leonardo (DATA_NOTES, 'Named artists').
    """,
)


test_character_30_lorenzo_ghiberti = character_test(
    30,
    "sculptor architect",
    """Rulebook, HISTORICAL NOTES, 30:

    "Lorenzo Ghiberti"
    "A sculptor, goldsmith, and architect, he tied his name to the creation of the portals of Baptistery in Florence, his masterpieces."
    """,
)


test_character_31_masaccio = character_test(
    31,
    "painter",
    """Rulebook, HISTORICAL NOTES, 31:

    "Masaccio"
    "A skilled painter, a master in the usage of lighting and shades, he is especially worth remembering for the Brancacci Chapel with the Expulsion of Adam and Eve from the Garden of Eden."
    """,
)


test_character_32_michelangelo_buonarroti = character_test(
    32,
    "painter sculptor architect",
    """Rulebook, HISTORICAL NOTES, 32:

    "Michelangelo Buonarroti"
    "A painter, sculptor, and architect, he is one of the most important artists of the Renaissance."
    """,
)


test_character_33_piero_della_francesca = character_test(
    33,
    "painter",
    """Rulebook, HISTORICAL NOTES, 33:

    "Piero della Francesca"
    "A painter and mathematician, he was a master of perspective and composition of volumes, and he influenced the artists of his own age and after."
    """,
)


test_character_34_pietro_perugino = character_test(
    34,
    "painter",
    """Rulebook, HISTORICAL NOTES, 34:

    "Pietro Perugino (son of *Cristoforo Vannucci*)"
    "A painter who, in spite of being a pupil of Verrocchio, was deeply influenced by Piero della Francesca."
    """,
)


test_character_35_raffaello_sanzio = character_test(
    35,
    "painter architect",
    """Rulebook, HISTORICAL NOTES, 35:

    "Raffaello Sanzio"
    "A pupil of Perugino, he was not only a great painter, but an architect, too."
    """,
)


test_character_36_sandro_botticelli = character_test(
    36,
    "painter",
    """Rulebook, HISTORICAL NOTES, 36:

    "Sandro Botticelli"
    "*Although the true origin of the pseudonym is unknown, he is undoubtedly one of the most important painters of his age."
    """,
)


test_character_37_tintoretto = character_test(
    37,
    "painter",
    """Rulebook, HISTORICAL NOTES, 37:

    "Tintoretto"
    "Perhaps the last great representative of Renaissance painting, he knew very well how to use colors to give his works depth and perspective."
    """,
)


test_character_38_tiziano_vecellio = character_test(
    38,
    "painter",
    """Rulebook, HISTORICAL NOTES, 38:

    "Tiziano Vecellio"
    "A precocious painter, influenced by Giorgione, he was a master in the usage of colors, which he laid on canvas without any preparatory drawings."
    """,
)


test_character_39_thomas_aquinas = character_test(
    39,
    "preacher",
    """Rulebook, HISTORICAL NOTES, 39:

    "Giordano Bruno has been chosen as a charismatic thinker, even though he never preached in Florence, whereas Francis of Assisi, Anthony of Padua, Bernardo of Chiaravalle, and Thomas Aquinas all lived before the Renaissance."
    "Although he was not a real preacher, many generations of priests were inspired by him."

    Reading: 'not a real preacher' historically, but the game's preacher list names him.
    """,
)


test_character_40_vignola = character_test(
    40,
    "architect",
    """Rulebook, HISTORICAL NOTES, 40:

    "Vignola"
    "He was a skilled architect."
    """,
)

