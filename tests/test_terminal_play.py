"""``florentine play`` as a person uses it (issue 24 item 4): every game and variant played to the
end by typed action names in mixed case, with ``help``, ``?`` and a bad name on the way; the
person's own hand on screen; and a narration that never tells a computer player's private draws."""

from __future__ import annotations

import re

import numpy as np
import pytest

import florentine_envs
from florentine_envs.training import cli

# (game, players, options): each game's variants, one table each (the option that makes the
# variant; the rest default). Two seats where the game allows it keeps the games short.
VARIANTS = [
    ("medici", 2, []),
    ("medici", 3, ["monopoly_variant=true"]),
    ("firenze", 2, ["max_turns=12"]),
    ("firenze", 2, ["max_turns=12", "campanile=false", "opponent_hands=recall"]),
    ("princes", 2, []),
    ("princes", 3, ["characters=true"]),
    ("princes", 3, ["characters=true", "cardinal_twice_limit=true"]),
    ("princes", 2, ["hard_freedoms=true"]),
    ("princes", 3, ["cooperative=true"]),
    ("princes_solo", 1, []),
    ("princes_solo", 1, ["dummies=3", "difficulty=hard"]),
    ("florenza_cards", 2, []),
    ("florenza_cards", 3, ["guilds=false", "locations=by_player_count"]),
    ("florenza", 2, []),
    ("florenza", 2, ["two_player_variant=false", "die=no_die"]),
    ("florenza", 3, ["first_game=true"]),
]
# What shows the person's own hand on the screen (a game without a hidden hand: its table).
HAND = {
    "medici": "> player_0",
    "firenze": "hand",
    "princes": "your hand (player_0):",
    "princes_solo": "your hand (player_0):",
    "florenza_cards": "hand: ",
    "florenza": "player_0",
}
OPTION = re.compile(r"^  (\d+)\. .*  \[(.+)\]$")


class Person:
    """Reads the screen and answers as a new player would: by the action's name in a random mix of
    upper and lower case, asking for help (``help``, then ``?``) and mistyping a name on the way."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)
        self.lines: list[str] = []
        self.pending: list[str] = []
        self.asked = {"help": 0, "?": 0, "bad": 0}

    def write(self, line: str) -> None:
        self.lines.extend(str(line).split("\n"))

    def read(self, prompt: str = "") -> str:
        if self.pending:
            return self.pending.pop(0)
        names = []
        for line in reversed(self.lines):
            found = OPTION.match(line)
            if found:
                names.append(found.group(2))
                if found.group(1) == "1":
                    break
        name = names[int(self.rng.integers(len(names)))]
        typed = "".join(c.upper() if self.rng.random() < 0.5 else c.lower() for c in name)
        for word in ("help", "?", "bad"):  # on the first three prompts: help, ?, then a mistyped name
            if not self.asked[word]:
                self.asked[word] += 1
                self.pending.append(typed)
                return "no_such_action" if word == "bad" else word
        return typed


@pytest.mark.parametrize("name, players, options", VARIANTS)
def test_play_every_game_by_typed_names(name, players, options):
    person = Person(seed=len(name) + players)
    kinds = ["human"] + ["random"] * (players - 1)
    argv = ["play", name, "--players", ",".join(kinds), "--seed", "5"]
    for option in options:
        argv += ["--option", option]
    assert cli.cmd_play(cli.build_parser().parse_args(argv), read=person.read, write=person.write) == 0
    text = "\n".join(person.lines)
    assert any(line.startswith("rank 1: player_") for line in person.lines) or name == "princes_solo"
    assert person.asked["help"] and person.asked["?"] and person.asked["bad"]
    assert text.count("The legal actions, what each does and costs") >= 2  # help and ?
    assert "'no_such_action' is not a legal choice" in text
    assert HAND[name] in text
    if name.startswith(("princes", "florenza")):
        assert "rulebook: " in text  # help says where each rule is


def test_a_line_that_names_one_action_is_that_answer():
    """``build_Monte di Pieta`` holds spaces: the whole line is one name, not three answers."""
    game = florentine_envs.make("florenza", num_players=2)
    state = game.init(np.array([0], dtype=np.uint64))
    legal = np.flatnonzero(state.legal_action_mask[0])
    names = [game.action_names[a] for a in legal]
    spaced = next(n for n in names if " " in n)
    ahead: list[str] = []
    typed = iter([spaced.upper().replace("_", " ")])
    chosen = cli.ask_human(game, state, 0, read=lambda prompt="": next(typed), write=lambda line: None, ahead=ahead)
    assert game.action_names[chosen] == spaced and ahead == []


@pytest.mark.parametrize("name, players, options", VARIANTS)
def test_narration_never_tells_a_bots_private_draws(name, players, options):
    """What the person (seat 0) reads about another player's move must be the same for every move
    and every hidden card that seat 0 cannot tell apart: (1) re-dealing what seat 0 cannot see
    (``randomize_hidden``) before and after the move leaves the lines unchanged; (2) each other
    legal move that leaves seat 0's observation the same as the move made is told the same way
    while the mover can (so "keeps the Doctor" and "keeps the Lawyer" are one line)."""
    game = florentine_envs.make(name, num_players=players, **cli.parse_options(options))
    viewer, rng = 0, np.random.default_rng(1)
    state = game.init(np.array([3], dtype=np.uint64))
    checked = 0
    while not state.terminated[0] and checked < 150:
        legal = np.flatnonzero(state.legal_action_mask[0])
        action = int(rng.choice(legal))
        moves = []
        game.step(state.copy(), np.array([action]),
                  on_move=lambda b, a, g, acts, forced: moves.append((b, a, int(acts[0]), forced)))  # fmt: skip
        for before, after, move, forced in moves:
            if int(before.current_player[0]) == viewer:
                continue
            told = game.narrate(before, after, 0, move, forced, viewer=viewer)
            if after.terminated[0]:
                checked += 1  # the final scores: every card is shown at the end
                continue
            seed = int(rng.integers(1 << 30))
            shuffled = game.randomize_hidden(before, viewer, seed), game.randomize_hidden(after, viewer, seed + 1)
            again = game.narrate(*shuffled, 0, move, forced, viewer=viewer)
            assert again == told, (name, options, told, again)
            actor = np.array([int(before.current_player[0])])
            seen = game.observe(after, np.array([viewer])).copy()  # observe may reuse its buffer
            known = game.observe(after, actor).copy()
            for other in np.flatnonzero(before.legal_action_mask[0]):
                if other == move:
                    continue
                alt = before.copy()
                alt_moves = []
                game.step(alt, np.array([other]),
                          on_move=lambda b, a, g, acts, f: alt_moves.append((b, a)))  # fmt: skip
                alt_after = alt_moves[0][1]
                private = not np.array_equal(game.observe(alt_after, actor), known)
                if private and np.array_equal(game.observe(alt_after, np.array([viewer])), seen):
                    assert game.narrate(before, alt_after, 0, int(other), forced, viewer=viewer) == told, (
                        name, options, move, other)  # fmt: skip
            checked += 1
        game.step(state, np.array([action]))
    assert checked > 20 or state.terminated[0]
