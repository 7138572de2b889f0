"""The Princes of Florence for people: action names, ``describe_action``, ``narrate`` and
``render`` (a text drawing of every principality, for ``florentine play``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .constants import (
    A_BONUS,
    A_BUILD,
    A_CHAR_BID,
    A_FREEDOM,
    A_LANDSCAPE,
    A_OPEN,
    A_PRESTIGE,
    A_PROFESSION,
    A_RECRUIT,
    CHAR_SPACES,
    COOP_PHASE_NAMES,
    DECK_NAMES,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    PH_AUCTION_CHOOSE,
    PH_KEEP,
    PH_ORDER,
    PH_PLACE,
    PH_SETUP_DISCARD,
    PH_WORK_PAY,
    PHASE_NAMES,
    PRINCESS_WORK,
)
from .geometry import NUM_ORIENTATIONS

if TYPE_CHECKING:
    from .state import PrincesState

_FIXED_NAMES = {
    0: "pass", 1: "raise", 2: "withdraw", 3: "end_turn", 4: "done", 104: "take_profession", 105: "take_bonus",
    106: "princess_work", 107: "cardinal", 108: "merchant_fame", 109: "merchant_pay", 110: "professor_prestige",
    111: "professor_bonus",
}  # fmt: skip
# The drawing's letters: buildings by initial (Library B, Tower R), landscapes in lower case.
_LETTERS = "ULWBOSHTRC" + "f~p"  # University .. Chapel, then Forest, Lake, Park


def _slug(name: str) -> str:
    return name.replace(" ", "_")


class PrincesPresentation:
    """Mixin of :class:`~.princes.Princes`: text for people."""

    def _build_action_names(self) -> list[str]:
        T = self.T
        names = [""] * self.num_actions
        for a, name in _FIXED_NAMES.items():
            names[a] = name
        for s, stack in enumerate(T.stack_names):
            names[A_OPEN + s] = f"open_{_slug(stack)}"
        for lt, land in enumerate(T.landscape_names):
            names[A_LANDSCAPE + lt] = f"landscape_{_slug(land)}"
        for x, prof in enumerate(T.profession_names):
            names[A_PROFESSION + x] = f"profession_{_slug(prof)}"
            names[A_RECRUIT + x] = f"recruit_{_slug(prof)}"
        for i in range(NUM_BONUS):
            names[A_BONUS + i] = f"bonus_{i}"
        for i in range(NUM_PRESTIGE):
            names[A_PRESTIGE + i] = f"prestige_{i}"
        for b, building in enumerate(T.building_names):
            names[A_BUILD + b] = f"build_{_slug(building)}"
        for f, freedom in enumerate(T.freedom_names):
            names[A_FREEDOM + f] = f"freedom_{_slug(freedom)}"
        for c, char in enumerate(T.character_names):
            for v in range(CHAR_SPACES):
                names[A_CHAR_BID + CHAR_SPACES * c + v] = f"char_bid_{char}_{v}"
        cells = T.num_cells
        for k in range(NUM_ORIENTATIONS):
            for anchor in range(cells):
                r, c = divmod(anchor, T.cols)
                names[self.a_place + k * cells + anchor] = f"place_k{k}_r{r}c{c}"
        for n in range(self.fame_choices):
            names[self.a_fame + n] = f"fame_{n}"
        if self.solo:  # SPEC SA: AUCTION_BID offers buy / decline at the rolled price
            names[1] = "buy"
        if self.cooperative:
            self._coop_action_names(names)
        return names

    def _piece_name(self, piece: int) -> str:
        T = self.T
        return T.building_names[piece] if piece < NUM_BUILDINGS else T.landscape_names[piece - NUM_BUILDINGS]

    def _card_text(self, flag: int) -> str:
        """A drawn card by its face: flag 0..54 runs over professions, Bonus and Prestige cards."""
        if flag < NUM_PROFESSIONS:
            return f"the {self._profession_text(flag)}"
        if flag < NUM_PROFESSIONS + NUM_BONUS:
            return f"the Bonus card \"{self._bonus_texts[flag - NUM_PROFESSIONS]}\""
        return f"the Prestige card \"{self._prestige_texts[flag - NUM_PROFESSIONS - NUM_BONUS]}\""

    def _profession_text(self, x: int) -> str:
        """A profession and the three things its works count (rulebook, Complete a Work)."""
        T = self.T
        counts = (T.building_names[int(T.prof_building[x])], T.landscape_names[int(T.prof_landscape[x])],
                  T.freedom_names[int(T.prof_freedom[x])])  # fmt: skip
        return f"{T.profession_names[x]} ({', '.join(counts)})"

    @property
    def _bonus_texts(self) -> list[str]:
        return [card["text"] for card in self.data["bonus_cards"]["cards"]]

    @property
    def _prestige_texts(self) -> list[str]:
        return [card["text"] for card in self.data["prestige_cards"]["cards"]]

    def _cells_text(self, mask: int) -> str:
        """Squares of the principality in chess style: columns a.., rows 1.. from the top."""
        T = self.T
        return " ".join(f"{chr(97 + i % T.cols)}{i // T.cols + 1}" for i in range(T.num_cells) if mask >> i & 1)

    def _place_mask(self, st: PrincesState, game: int, action: int) -> int:
        piece = int(st.piece[game])
        return int(self.T.squares[piece, action - self.a_place]) if piece >= 0 else 0

    def describe_action(self, state: PrincesState, game: int, action: int) -> str:
        st, T = state, self.T
        name = self.action_names[action]
        phase = int(st.phase[game])
        solo = self._solo_describe(st, game, action) if self.solo else None
        if solo is not None:
            return solo
        coop = self._coop_describe(st, game, action) if self.cooperative else None
        if coop is not None:
            return coop
        p = int(st.current_player[game])
        if action >= self.a_fame:
            value = int(st.work_value[game])
            n = action - self.a_fame
            florin = value * T.florin_per_work_point - n * T.florin_per_fame_taken
            return f"take {n} fame and {100 * florin} Florin for the work of {value}"
        if action >= self.a_place:
            piece = int(st.piece[game])
            if piece < 0:
                return name
            return f"place the {self._piece_name(piece)} on {self._cells_text(self._place_mask(st, game, action))}"
        if phase in (PH_KEEP, PH_ORDER) and A_PROFESSION <= action < A_RECRUIT:  # professions, Bonus, Prestige
            card = self._card_text(action - A_PROFESSION)
            return f"keep {card}" if phase == PH_KEEP else f"put {card} under its deck"
        if A_PROFESSION <= action < A_PROFESSION + NUM_PROFESSIONS:
            x = action - A_PROFESSION
            if phase == PH_SETUP_DISCARD:
                return f"return the {self._profession_text(x)}"
            value = int(self.work_base(st, np.array([game]), np.array([p]), np.array([x]))[0])
            minimum = int(T.minimum[int(st.round[game])])
            return f"complete a work with the {self._profession_text(x)}: value {value} (minimum {minimum})"
        if A_BONUS <= action < A_BONUS + NUM_BONUS:
            i = action - A_BONUS
            add = int(self.bonus_values(st, np.array([game]), np.array([p]))[0, i])
            return f"play the Bonus card \"{self._bonus_texts[i]}\" on the work: +{add}"
        if A_BUILD <= action < A_BUILD + NUM_BUILDINGS:
            price = 100 * int(T.build_cost[int(st.builders[game, p])])
            return f"build the {T.building_names[action - A_BUILD]} ({price} Florin)"
        if A_FREEDOM <= action < A_FREEDOM + 3:
            return f"introduce the Freedom of {T.freedom_names[action - A_FREEDOM]} ({100 * T.freedom_price} Florin)"
        if action == 105:
            return f"acquire a Bonus card ({100 * T.bonus_price} Florin: draw {T.draw_count}, keep 1)"
        if action == 104:
            return f"take a Profession card ({100 * T.profession_price} Florin: draw {T.draw_count}, keep 1)"
        if A_RECRUIT <= action < A_RECRUIT + NUM_PROFESSIONS:
            return f"recruit the {self._profession_text(action - A_RECRUIT)} from an opponent's table"
        if A_OPEN <= action < A_OPEN + 7 and phase == PH_AUCTION_CHOOSE:
            stack = T.stack_names[action - A_OPEN]
            stack += " card" if stack in ("Prestige", "Recruiting") else ""
            return f"open the auction for a {stack} ({100 * T.opening_bid} Florin to start)"
        if action == 0 and (PHASE_NAMES + COOP_PHASE_NAMES)[phase] == "AUCTION_BID":
            return "pass (out of this auction)"
        if action == 1:
            return f"raise to {100 * (int(st.bid[game]) + T.raise_step)} Florin"
        return name.replace("_", " ")

    # What each kind of action does and where the rulebook says it (the terminal's help).
    _RULES = (
        (("open_",), "Auction phase; the meaning of the 7 objects"),
        (("pass", "raise", "buy", "withdraw"), "Auction phase, Flow of the Auction phase"),
        (("landscape_", "place_"), "Placing a Building or Landscape"),
        (("profession_",), "Complete a Work (Action phase); SETUP for the returned card; a drawn card is kept"),
        (("bonus_",), "Acquire a Bonus card; Complete a Work (Bonus cards)"),
        (("prestige_",), "Prestige cards; END OF THE GAME"),
        (("recruit_",), "Recruiting cards"),
        (("build_",), "Build a Building"),
        (("freedom_",), "Introduce a Freedom"),
        (("take_profession",), "Take a Profession card"),
        (("take_bonus",), "Acquire a Bonus card"),
        (("fame_",), "Complete a Work: Earning Money / Prestige Points"),
        (("end_turn", "done"), "Action phase"),
        (("char_bid_", "princess_work", "cardinal", "merchant_", "professor_"), "Character cards (variant)"),
        (("coop_",), "Cooperative Building Rules (expansion)"),
    )

    def action_help(self, state: PrincesState, game: int, action: int) -> str:
        """For ``help``: what the action costs and does, and the rulebook section of its rule."""
        T, st = self.T, state
        name = self.action_names[action]
        p = int(st.current_player[game])
        lines = []
        if A_BUILD <= action < A_BUILD + NUM_BUILDINGS:
            b = action - A_BUILD
            users = [T.profession_names[x] + ("*" if st.hand_prof[game, p, x] else "") for x in range(NUM_PROFESSIONS)
                     if T.prof_building[x] == b]  # fmt: skip
            size = ("large", "medium", "small")[int(T.building_size[b])]
            lines.append(f"{size}; +{T.building_points} fame at once; +{T.value_building} to works of "
                         f"{', '.join(users)} (* in your hand)")  # fmt: skip
            lines.append(f"cost by Builders 0/1/2/3: {', '.join(str(100 * int(c)) for c in T.build_cost)} Florin")
        elif A_FREEDOM <= action < A_FREEDOM + 3:
            f = action - A_FREEDOM
            users = [T.profession_names[x] + ("*" if st.hand_prof[game, p, x] else "") for x in range(NUM_PROFESSIONS)
                     if T.prof_freedom[x] == f]  # fmt: skip
            lines.append(f"+{T.value_freedom} to works of {', '.join(users)} (* in your hand); one Freedom a turn")
        elif A_OPEN <= action < A_OPEN + 7:
            lines.append(self._object_help(action - A_OPEN))
        elif action >= self.a_place and int(st.piece[game]) >= 0 and not self.cooperative:
            lines += self._placement_drawing(st, game, p, self._place_mask(st, game, action))
        elif A_PROFESSION <= action < A_PROFESSION + NUM_PROFESSIONS and int(st.phase[game]) not in (PH_KEEP, PH_ORDER):
            lines.append(f"a work scores its value: {T.value_landscape} for its Landscape, {T.value_freedom} for its "
                         f"Freedom, {T.value_building} for its Building, {T.value_jester} a Jester, "
                         f"{T.value_card} a Profession card; then take the pay in Florin or fame")  # fmt: skip
        for prefixes, where in self._RULES:
            if name.startswith(prefixes):
                lines.append(f"rulebook: {where}")
                break
        return "\n".join(lines)

    def _object_help(self, stack: int) -> str:
        """What the auctioned object gives (rulebook, The meaning of the 7 objects)."""
        T = self.T
        name = T.stack_names[stack]
        if name in T.landscape_names:
            lt = T.landscape_names.index(name)
            users = [T.profession_names[x] for x in range(NUM_PROFESSIONS) if T.prof_landscape[x] == lt]
            return f"a {name} to place: +{T.value_landscape} to works of {', '.join(users)}"
        return {
            "Prestige": f"draw {T.draw_count} Prestige cards, keep 1 secretly: fame at the end if its condition holds",
            "Recruiting": "take a profession from an opponent's table into your hand later",
            "Jester": f"+{T.value_jester} to the value of every work you complete",
            "Builder": "cheaper buildings (" + ", ".join(f"{100 * int(c)}" for c in T.build_cost) + " Florin with "
                       "0/1/2/3 Builders)",
        }.get(name, name)  # fmt: skip

    def _placement_drawing(self, st: PrincesState, b: int, p: int, mask: int) -> list[str]:
        """Seat p's principality with the piece to place drawn as #."""
        grid = self.principality_lines(st, b, p)[: self.T.rows]
        T = self.T
        out = []
        for r, row in enumerate(grid):
            cells = row.split(" ")
            cells = ["#" if mask >> (r * T.cols + c) & 1 else cell for c, cell in enumerate(cells)]
            out.append(f"{r + 1} " + " ".join(cells))
        return ["  " + " ".join(chr(97 + c) for c in range(T.cols))] + out

    def narrate(
        self, before: PrincesState, after: PrincesState, game: int, action: int, forced: bool, viewer: int | None = None
    ) -> list[str]:
        """What a move did, as ``viewer`` sees it (None: everything): another player's drawn
        cards stay face down ("Look at the 5 cards and keep 1 ... put the rest face down")."""
        b = game
        actor = int(before.current_player[b])
        who = f"player_{actor}"
        phase = int(before.phase[b])
        text = self.describe_action(before, b, action)
        hidden = viewer is not None and viewer != actor and not self.solo
        if hidden and phase in (PH_KEEP, PH_ORDER):
            deck = DECK_NAMES[int(before.draw_deck[b])]
            text = f"keeps one of the drawn {deck} cards" if phase == PH_KEEP else f"puts a card under the {deck} deck"
        lines = [f"{who}{' (forced)' if forced else ''}: {text}"]
        lines += self._money_lines(before, after, b, action)
        if self.solo:
            lines += self._solo_narrate(before, after, game)
        if self.cooperative:
            lines += self._coop_narrate(before, after, game, action)
        lines += self._round_end_lines(before, after, b)
        return lines

    def _money_lines(self, before: PrincesState, after: PrincesState, b: int, action: int) -> list[str]:
        """Fame sold to cover a payment (SPEC M): the one change a price alone does not explain."""
        p = int(before.current_player[b])
        if p >= self.seats:
            return []
        sold = int(before.fame[b, p]) - int(after.fame[b, p])
        if sold > 0 and after.round[b] == before.round[b]:
            return [f"  player_{p} sells {sold} fame to the Bank to pay"]
        return []

    def _round_end_lines(self, before: PrincesState, after: PrincesState, b: int) -> list[str]:
        """The round end told step by step (rulebook, ROUND END and END OF THE GAME): the best
        work, then at the end the Prestige cards and the Banker, then the scores."""
        T = self.T
        if after.round[b] == before.round[b] and not (after.terminated[b] and not before.terminated[b]):
            return []
        rnd = int(before.round[b]) + 1
        lines = [f"--- end of round {rnd} ---"]
        best = before.best_work[b].astype(int)
        if int(before.phase[b]) == PH_WORK_PAY:  # the round's last move was a work's pay: count it
            p = int(before.current_player[b])
            best[p] = max(best[p], int(before.work_value[b]))
        if best.max() > 0:
            top = [q for q in range(len(best)) if best[q] == best.max()]
            names = " and ".join(self._seat_name(q) for q in top)
            lines.append(f"  best work of the round ({int(best.max())}): {names} +{T.best_work_points} fame")
        else:
            lines.append("  no work this round: no best work bonus")
        if after.terminated[b] and not before.terminated[b]:
            lines += self._final_lines(before, after, b)
        else:
            start = int(after.start[b])
            lines.append(f"--- round {int(after.round[b]) + 1} of {T.num_rounds} begins; start player_{start} ---")
        return lines

    def _seat_name(self, q: int) -> str:
        return "Wolfgang" if self.solo and q == 1 else f"player_{q}"

    def _final_lines(self, before: PrincesState, after: PrincesState, b: int) -> list[str]:
        """END OF THE GAME: each Prestige card revealed with its points, then the scores."""
        lines = ["--- the game is over: Prestige cards are revealed ---"]
        points = self.prestige_points(after, np.array([b]))[0]  # [P, 14]
        for q in range(self.scored_seats):
            for i in np.flatnonzero(after.prestige_hand[b, q]):
                lines.append(f"  {self._seat_name(q)}: \"{self._prestige_texts[i]}\" scores {int(points[q, i])}")
        for q in range(self.scored_seats):
            lines.append(f"  {self._seat_name(q)}: {int(after.fame[b, q])} fame, {100 * int(after.money[b, q])} Florin")
        return lines

    def play_notes(self) -> list[str]:
        return [
            "Money is in Florin; fame is the prestige score. A work pays 100 Florin per point;",
            "each 200 Florin not taken is 1 fame. Squares of a principality are named like a chessboard:",
            "columns a-g from the left, rows 1-7 from the top; ? draws where each placement puts the piece.",
        ]

    def hand_lines(self, state: PrincesState, game: int, seat: int) -> list[str]:
        """Seat's own cards, which only it sees (behind its Player screen): Profession cards with
        what their works count and their value now, Bonus and Prestige cards, Recruiting cards."""
        st, b = state, game
        if seat >= self.seats or (self.solo and seat != 0):
            return []
        g, p = np.array([b]), np.array([seat])
        lines = [f"your hand (player_{seat}):"]
        profs = []
        for x in np.flatnonzero(st.hand_prof[b, seat]):
            value = int(self.work_base(st, g, p, np.array([x]))[0])
            profs.append(f"{self._profession_text(int(x))} worth {value} now")
        lines.append("  Profession cards: " + ("; ".join(profs) or "none"))
        if st.hand_recruit[b, seat]:
            lines.append(f"  Recruiting cards: {int(st.hand_recruit[b, seat])}")
        values = self.bonus_values(st, g, p)[0]
        bonus = [f"\"{self._bonus_texts[i]}\" (+{int(values[i])} now)" for i in np.flatnonzero(st.bonus_hand[b, seat])]
        lines.append("  Bonus cards: " + ("; ".join(bonus) or "none"))
        points = self.prestige_points(st, g)[0, seat] if seat < self.scored_seats else np.zeros(NUM_PRESTIGE, int)
        held = np.flatnonzero(st.prestige_hand[b, seat])
        prestige = [f"\"{self._prestige_texts[i]}\" ({int(points[i])} now)" for i in held]
        lines.append("  Prestige cards: " + ("; ".join(prestige) or "none"))
        if int(st.phase[b]) == PH_PLACE and int(st.piece[b]) >= 0 and st.current_player[b] == seat:
            piece = int(st.piece[b])
            lines.append(f"placing the {self._piece_name(piece)} in your principality:")
            lines += ["  " + line for line in self._placement_drawing(st, b, seat, 0)]
        return lines

    def principality_lines(self, st: PrincesState, b: int, p: int) -> list[str]:
        """A drawing of seat p's grid: P the Palazzo, a building's initial, f / ~ / p a Forest,
        Lake or Park, . an empty square."""
        T = self.T
        grid = [["." for _ in range(T.cols)] for _ in range(T.rows)]
        masks = [(int(T.palazzo), "P")] + [(int(m), _LETTERS[q]) for q, m in enumerate(self._cells_of(st, b, p))]
        if self.cooperative:  # a shared building in lower case (SPEC CR)
            pieces = enumerate(masks[1:])
            masks = masks[:1] + [(m, self._shared_letter(st, b, p, q, letter)) for q, (m, letter) in pieces]
        for mask, letter in masks:
            for i in range(T.num_cells):
                if mask >> i & 1:
                    grid[i // T.cols][i % T.cols] = letter
        lines = [" ".join(row) for row in grid]
        built = [f"{_LETTERS[i]}={T.building_names[i]}" for i in np.flatnonzero(st.built[b, p])]
        lands = ", ".join(f"{int(n)} {T.landscape_names[i]}" for i, n in enumerate(st.landscapes[b, p]) if n)
        return lines + [f"buildings: {', '.join(built) or 'none'}", f"landscapes: {lands or 'none'}"]

    def _cells_of(self, st: PrincesState, b: int, p: int) -> np.ndarray:
        """uint64[13]: seat p's cells of each building and landscape kind."""
        return st.piece_cells[b].reshape(self.seats, -1)[p]

    def render(self, state: PrincesState, game: int = 0) -> str:
        st, T, b = state, self.T, game
        rnd = int(st.round[b]) + 1
        head = (
            f"The Princes of Florence -- round {rnd}/{T.num_rounds} (minimum work {int(T.minimum[rnd - 1])}),"
            f" phase {(PHASE_NAMES + COOP_PHASE_NAMES)[int(st.phase[b])]}, start player_{int(st.start[b])}"
        )
        lines = [head]
        if st.draw_deck[b] >= 0:
            lines.append(f"drawing from the {DECK_NAMES[int(st.draw_deck[b])]} deck")
        if st.work_prof[b] >= 0:
            prof = "Princess" if st.work_prof[b] == PRINCESS_WORK else T.profession_names[int(st.work_prof[b])]
            lines.append(f"work in progress: {prof}, value {int(st.work_value[b])}")
        if st.stack[b] >= 0:
            lines.append(f"auction: {T.stack_names[int(st.stack[b])]} at {100 * int(st.bid[b])} Florin")
        for p in range(1 if self.solo else self.seats):  # solo: Wolfgang has no grid (below)
            owned = [T.character_names[c] for c in range(NUM_CHARACTERS) if st.char_owner[b, c] == p]
            info = (
                f"player_{p}: {100 * int(st.money[b, p])} Florin, fame {int(st.fame[b, p])},"
                f" jesters {int(st.jesters[b, p])}, builders {int(st.builders[b, p])},"
                f" freedoms {[T.freedom_names[f] for f in np.flatnonzero(st.freedoms[b, p])]},"
                f" works on table {int(st.table_prof[b, p].sum() + st.table_recruit[b, p])}"
                + (f", characters {owned}" if owned else "")
            )
            drawing = self.principality_lines(st, b, p)
            if self.cooperative:  # the grids are drawn together below, as the shared board
                drawing = drawing[T.rows :]
            lines += ["", info] + ["  " + line for line in drawing]
        if self.solo:
            lines += self._solo_render_lines(st, b)
        if self.cooperative:
            lines += self._coop_render_lines(st, b)
        if st.terminated[b]:
            lines.append("game over: scores " + ", ".join(str(int(s)) for s in st.scores[b]))
        return "\n".join(lines)
