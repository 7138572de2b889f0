"""Text for people (SPEC-independent): action names, ``describe_action`` (with what a choice costs
and gives), ``action_group`` (the headings the terminal lists the 60-odd choices under),
``action_help`` (where the rulebook has it), ``narrate`` (every change a move brings, with its
reason, the automatic phases told by name) and ``render``."""

from __future__ import annotations

from .constants import (
    DETAINED,
    EXPELLED,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_SPACES,
    ON_CARD,
    PHASE_NAMES,
    ST_END,
    ST_INCOME,
)  # fmt: skip


class FlorenzaPresentation:
    """Mixed into :class:`~.florenza.Florenza`."""

    def _build_action_names(self) -> None:
        t, P = self.t, self.num_players
        names = [f"operate_{j}_{s + 1}" for j in range(P) for s in range(NUM_SPACES)]
        names += [f"build_{w}" for w in t.ws_names]
        names += [f"artwork_district_{b}" for b in t.box_names]
        names += [f"artwork_{a}" for a in t.art_names]
        names += ["go_to_market", "charity_own_pulpit", "charity_cathedral_pulpit", "go_to_work"]
        names += [f"character_{c}" for c in t.slot_names]
        names += [f"target_seat_{j}" for j in range(1, P)]
        names += ["pass"]
        names += [f"sell_{r}" for r in t.resource_names] + [f"buy_{r}" for r in t.resource_names] + ["trade"]
        names += [f"resource_{r}" for r in t.resource_names]
        names += ["convert", "atrio_gold", "atrio_sell_gold"]
        names += [f"skill_{k}" for k in t.skill_names] + [f"die_{v}" for v in range(1, 7)]
        names += [f"incentive_{50 * i}" for i in range(4)]
        assert len(names) == self.num_actions
        self.action_names = names

    # The rulebook's phases, by the flow's stage (constants.ST_*), to name automatic changes.
    _STAGES = ("set-up", "1. Collect Income", "2. Captain of the People", "3. Bishop", "4. Worker Placement",
               "5. Market", "6. District Activities", "7. Artwork", "8. Turn Order", "9. End of the Round",
               "the end of the game")  # fmt: skip

    def _cost_text(self, cubes, fiorini: int = 0) -> str:
        parts = [f"{int(n)} {r}" for r, n in zip(self.t.resource_names, cubes) if n]
        return ", ".join(parts + ([f"{int(fiorini)} Fiorini"] if fiorini else [])) or "nothing"

    def _workshop_text(self, w: int) -> str:
        """A workshop tile: its building cost and prestige, what a worker on it makes."""
        t = self.t
        build = f"build: {self._cost_text(t.ws_cost[w], t.ws_cost_fl[w])}, +{int(t.ws_build_pp[w])} prestige"
        gain = self._cost_text(t.ws_gain[w], t.ws_gain_fl[w])
        extra = [f"+{int(t.ws_gain_pp[w])} prestige"] if t.ws_gain_pp[w] else []
        extra += [f"+{int(t.ws_gain_inf[w])} influence"] if t.ws_gain_inf[w] else []
        if t.ws_convert[w]:
            makes = f"pay {self._cost_text(t.ws_spend[w], t.ws_spend_fl[w])} for {', '.join([gain] + extra)}"
        elif t.ws_occupiable[w]:
            makes = f"a worker takes {', '.join([gain] + extra)}"
        else:
            makes = "no worker: income each round"
        income = [f"+{int(t.ws_inc_fl[w])} Fiorini"] if t.ws_inc_fl[w] else []
        income += [f"+{int(t.ws_inc_workers[w])} worker(s)"] if t.ws_inc_workers[w] else []
        income += [f"+{int(t.ws_inc_pp[w])} prestige"] if t.ws_inc_pp[w] else []
        return f"{build}; {makes}" + (f"; income {', '.join(income)}" if income else "")

    def _box_text(self, box: int) -> str:
        """An artwork (district box < 8, main board 8 + m): skills, cost before the artist, rewards."""
        t = self.t
        skills = "/".join(k for k, ok in zip(t.skill_names, t.all_skills[box]) if ok)
        pp = int(t.box_pp[box]) if box < NUM_BOXES else int(t.art_pp[box - NUM_BOXES])
        inf = int(t.box_inf[box]) if box < NUM_BOXES else int(t.art_inf[box - NUM_BOXES])
        gain = f"+{pp} prestige" + (f", +{inf} influence" if inf else "")
        return f"{skills}; cost {self._cost_text(t.all_cost[box], t.all_cost_fl[box])} + the artist; {gain}"

    def _seat(self, state, game: int, j: int) -> int:
        """The seat of relative seat j for the player to move."""
        return (int(state.current_player[game]) + j) % self.num_players

    def describe_action(self, state, game: int, action: int) -> str:
        ids, t = self.ids, self.t
        st, g = state, game
        name = self.action_names[action]
        phase = PHASE_NAMES[int(st.phase[g])]
        if action < ids.build:
            j, s = divmod(action, NUM_SPACES)
            q = self._seat(st, g, j)
            w = int(st.space_type[g, q, s])
            owner = "your" if j == 0 else f"player_{q}'s"
            toll = "" if j == 0 else f"; you -1 prestige, player_{q} +1"
            if w < 0:
                return f"operate {owner} workshop (space {s + 1})"
            return f"operate {owner} {t.ws_names[w]} (space {s + 1}): {self._workshop_text(w).split('; ')[1]}{toll}"
        if name.startswith("build_"):
            w = t.ws_names.index(name[len("build_"):])
            paid = "paid when its worker resolves (phase 6)" if phase == "PLACE" else "free at set-up"
            return f"build {t.ws_names[w]} ({self._workshop_text(w)}; {paid})"
        if name.startswith("artwork_district_"):
            d = t.box_names.index(name[len("artwork_district_"):])
            return f"artwork in your district: {t.box_names[d].replace('_', ' ')} ({self._box_text(d)})"
        if name.startswith("artwork_") and name[len("artwork_"):] in t.art_names:
            m = t.art_names.index(name[len("artwork_"):])
            return f"artwork on the main board: {t.art_titles[m]} ({self._box_text(NUM_BOXES + m)})"
        if name.startswith("character_"):
            return self._character_text(st, g, t.slot_names.index(name[len("character_"):]), phase)
        if name.startswith("target_seat_"):
            q = self._seat(st, g, int(name.rsplit("_", 1)[1]))
            if phase == "CAPTAIN":
                return f"detain one of player_{q}'s workers on the Guard"
            return f"convert one of player_{q}'s workers to the Church (one of yours comes back from the pool)"
        if name.startswith("sell_"):
            return f"sell 1 {name[5:]} for 100 Fiorini"
        if name.startswith("buy_"):
            return f"buy 1 {name[4:]} for 200 Fiorini"
        if name == "trade":
            return "trade 2 resource cubes for 1 different cube"
        if name.startswith("resource_"):
            verb = "take" if phase == "TRADE_TAKE" else "give"
            return f"{verb} 1 {name[len('resource_'):]}" + (" (trade)" if phase.startswith("TRADE") else "")
        if name == "convert":
            w = int(st.pend_ws[g])
            return f"convert at the {t.ws_names[w]}: {self._workshop_text(w).split('; ')[1]}" if w >= 0 else name
        if name == "pass":
            return {"CAPTAIN": "pass (detain nobody)", "BISHOP": "pass (convert nobody)",
                    "MARKET": "leave the market", "CONVERT": "do not convert"}.get(phase, "pass")  # fmt: skip
        if name == "go_to_work":
            return "go to work: +50 Fiorini"
        if name == "go_to_market":
            return "go to the market (sell 1 for 100, buy 1 for 200, trade 2 for 1 in phase 5)"
        if name.startswith("charity_"):
            where = "your own pulpit" if name == "charity_own_pulpit" else "the Cathedral pulpit"
            return f"charity: give to a preacher at {where} (workers back from the pool, cubes, prestige)"
        if name == "atrio_gold":
            return "the Atrio: take 1 gold"
        if name == "atrio_sell_gold":
            return "the Atrio: sell 1 gold for 200 Fiorini"
        if name.startswith("skill_"):
            return self._skill_text(st, g, name[len("skill_"):])
        if name.startswith("die_"):
            return f"keep the roll {name[4:]} for the Cathedral artwork"
        if name.startswith("incentive_"):
            amount = int(name.rsplit("_", 1)[1])
            return f"pay {amount} Fiorini incentive: the work's value +{amount // 50}"
        return name.replace("_", " ")

    def _character_text(self, st, g: int, x: int, phase: str) -> str:
        t = self.t
        name = t.slot_names[x]
        if phase == "CAPTAIN":
            return f"detain {name} on the Guard (nobody but you may hire him this round)"
        if phase == "BISHOP":
            return f"expel the preacher {name} this round"
        if phase == "PREACHER":
            return (f"give to {name}: pay {self._cost_text(t.ch_cost[x], t.ch_cost_fl[x])}; "
                    f"+{int(t.ch_pp[x])} prestige, {int(t.ch_inf[x]):+d} influence")  # fmt: skip
        skills = [f"{k} {int(t.hire_cost[x, i])} Fiorini" for i, k in enumerate(t.skill_names) if t.skills[x, i]]
        return f"hire {name} ({', '.join(skills)}; paid when the artwork is made in phase 7)"

    def _skill_text(self, st, g: int, skill: str) -> str:
        t = self.t
        k = t.skill_names.index(skill)
        box, x = int(st.pend_box[g]), -1
        if box >= 0:
            p = int(st.current_player[g])
            x = int(st.box_artist[g, p, box]) if box < NUM_BOXES else int(st.main_artist[g, box - NUM_BOXES])
        if x < 0:
            return f"work as {skill}"
        cost = self._cost_text(t.all_cost[box], t.all_cost_fl[box] + t.hire_cost[x, k])
        return f"work as {skill}: pay {cost}"

    def action_group(self, state, game: int, action: int) -> str:
        """The heading a choice is listed under (the terminal groups the placement's 60 choices)."""
        name = self.action_names[action]
        if action < self.ids.build:
            return "your workshops" if action < NUM_SPACES else "other players' workshops (you -1 prestige, they +1)"
        for prefix, group in (("build_", "build a workshop"), ("artwork_district_", "artworks in your district"),
                              ("artwork_", "artworks on the main board"), ("go_to_", "market and work"),
                              ("charity_", "charity (preachers)"), ("sell_", "market"), ("buy_", "market"),
                              ("trade", "market")):  # fmt: skip
            if name.startswith(prefix):
                return group
        return ""

    _RULES = (("operate_", "4. Worker Placement; 6. District Activities; Workshops (appendix)"),
              ("build_", "4. Worker Placement (build a workshop); 6. District Activities; Workshops (appendix)"),
              ("artwork_", "4. Worker Placement (hire an artist); 7. Artwork"),
              ("character_", "4. Worker Placement; 2. Captain of the People; 3. Bishop"),
              ("target_seat_", "2. Captain of the People; 3. Bishop"),
              ("go_to_market", "5. Market"), ("sell_", "5. Market"), ("buy_", "5. Market"), ("trade", "5. Market"),
              ("resource_", "5. Market"), ("charity_", "4. Worker Placement (charity)"),
              ("go_to_work", "4. Worker Placement (go to work)"), ("convert", "6. District Activities"),
              ("atrio_", "1. Collect Income (the Atrio)"), ("skill_", "7. Artwork"), ("die_", "7. Artwork"),
              ("incentive_", "7. Artwork (variant without the die)"),
              ("pass", "2. Captain; 3. Bishop; 5. Market"))  # fmt: skip

    def action_help(self, state, game: int, action: int) -> str:
        name = self.action_names[action]
        where = next((text for prefix, text in self._RULES if name.startswith(prefix)), "PLAYING THE GAME")
        return f"rulebook: {where}"

    def narrate(self, before, after, game: int, action: int, forced: bool, viewer: int | None = None) -> list[str]:
        """The move, then every player's changes (Fiorini, cubes, prestige, influence, workers)
        under the rulebook phase that made them; the offices and a new round by name."""
        b, P, t = game, self.num_players, self.t
        who = f"player_{int(before.current_player[b])}"
        text = self.describe_action(before, b, action)
        for mine, theirs in (("operate your ", "operates own "), ("in your district", "in own district"),
                             ("; you -1 prestige", "; -1 prestige")):  # fmt: skip
            text = text.replace(mine, theirs)  # the player to move is "you" in a prompt, not here
        lines = [f"{who} {'(forced) ' if forced else ''}{text}"]
        first, last = int(before.stage[b]), int(after.stage[b])
        if after.round[b] != before.round[b]:
            stages = [*range(first + 1, ST_END + 1), *range(ST_INCOME, last + 1)]
        else:
            stages = list(range(first + 1, last + 1))
        label = ", ".join(self._STAGES[x] for x in stages)
        label = f"the rest of {self._STAGES[first]}, then {label}" if stages else ""
        for p in range(P):
            parts = []
            money = int(after.money[b, p]) - int(before.money[b, p])
            if money:
                parts.append(f"Fiorini {int(before.money[b, p])} -> {int(after.money[b, p])}")
            cubes = after.res[b, p].astype(int) - before.res[b, p]
            parts += [f"{n:+d} {r}" for r, n in zip(t.resource_names, cubes) if n]
            prestige = int(after.track[b, p] + after.certs[b, p]) - int(before.track[b, p] + before.certs[b, p])
            if prestige:
                parts.append(f"prestige {prestige:+d}")
            if after.certs[b, p] != before.certs[b, p]:
                parts.append(f"(the track's {int(after.certs[b, p] - before.certs[b, p])} into certificates)")
            influence = int(after.influence[b, p]) - int(before.influence[b, p])
            if influence:
                parts.append(f"influence {influence:+d}")
            if parts:
                lines.append(f"  player_{p}: {', '.join(parts)}")
        if after.captain[b] != before.captain[b] or after.bishop[b] != before.bishop[b]:
            office = {-1: "nobody"}
            captain, bishop = int(after.captain[b]), int(after.bishop[b])
            lines.append(f"  8. Turn Order: Captain {office.get(captain, f'player_{captain}')} (the highest prestige "
                         f"on the track), Bishop {office.get(bishop, f'player_{bishop}')}")  # fmt: skip
        if after.round[b] != before.round[b]:
            die = int(after.income_res[b])
            rolled = f"the die gives {t.resource_names[die]} (or 100 Fiorini when short)" if die >= 0 else ""
            lines.append(f"-- round {int(after.round[b])} -- (income: {t.income_fl} Fiorini, {t.income_marble} "
                         f"marble, {t.income_wood} wood each; {rolled}; workshop and artwork incomes)")  # fmt: skip
        if label and len(lines) > 1:
            lines.insert(1, f"  ({label})")
        return lines

    def play_notes(self) -> list[str]:
        return ["Florenza: place workers; build workshops before you need them; complete at least one "
                "Palazzo and one Chiesa artwork (-4 each otherwise)."]  # fmt: skip

    def render(self, state, game: int = 0) -> str:
        st, t, P, g = state, self.t, self.num_players, game
        holder = {-1: "none"}  # an office nobody holds (no Captain in round 1; a tie elects nobody)
        captain, bishop = int(st.captain[g]), int(st.bishop[g])
        out = [f"Florenza round {int(st.round[g])}  phase {PHASE_NAMES[int(st.phase[g])]}  "
               f"to move: player_{int(st.current_player[g])}  captain: {holder.get(captain, f'player_{captain}')}  "
               f"bishop: {holder.get(bishop, f'player_{bishop}')}"]  # fmt: skip
        out.append("order: " + " ".join(f"player_{q}" for q in self.players_in_order(st, g)))
        marks = {ON_CARD: "", DETAINED: " (guard)", EXPELLED: " (expelled)"}
        life = []
        for card in range(7, 0, -1):
            chars = [t.char_names[c] + marks.get(int(st.char_where[g, c]), " (busy)") for c in range(NUM_NAMED)
                     if st.char_state[g, c] == IN_PLAY and st.life[g, c] == card]  # fmt: skip
            life.append(f"{['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'][card - 1]}: " + ", ".join(chars))
        out.append("Life in Florenza  " + " | ".join(life))
        out.append("unnamed tiles left (painter, sculptor, architect, preacher): "
                   + " ".join(str(int(n)) for n in st.unnamed_left[g]))  # fmt: skip
        out.append("Main board:")
        for m in range(t.NM):
            crest, worker = int(st.main_crest[g, m]), int(st.main_worker[g, m])
            if crest >= 0:
                tag = f"crest player_{crest}"
            elif worker >= 0:
                x = int(st.main_artist[g, m])
                tag = f"worker player_{worker}" + (f" with {t.slot_names[x]}" if x >= 0 else "")
            else:
                skills = "/".join(k for k, ok in zip(t.skill_names, t.art_skills[m]) if ok)
                tag = f"open ({skills}; {t.art_pp[m]} prestige)"
            out.append(f"  {t.art_titles[m]:<36} {tag}")
        market = [f"player_{q}" for q in range(P) if st.market_worker[g, q]]
        pulpit = int(st.cath_pulpit[g])
        out.append("market: " + (", ".join(market) or "-") + "   cathedral pulpit: "
                   + (f"player_{pulpit}" if pulpit >= 0 else "-"))  # fmt: skip
        for p in range(P):
            out.append(f"player_{p}: {int(st.money[g, p])} fl  cubes "
                       + " ".join(f"{r[:2]}{int(n)}" for r, n in zip(t.resource_names, st.res[g, p]))
                       + f"  prestige: track {int(st.track[g, p])} + certificates {int(st.certs[g, p])}, influence "
                       f"{int(st.influence[g, p])}  workers: {int(st.avail[g, p])} to place, "
                       f"{int(st.pool[g, p])} in the pool")  # fmt: skip
            ws = []
            for s in range(NUM_SPACES):
                w, u = int(st.space_type[g, p, s]), int(st.space_worker[g, p, s])
                name = "-" if w < 0 else t.ws_names[w] + ("" if st.space_built[g, p, s] else "*")
                ws.append(f"{s + 1}:{name}" + (f"[p{u}]" if u >= 0 else ""))
            out.append("   workshops (* unfinished, [pN] worker) " + " ".join(ws))
            boxes = []
            for d in range(NUM_BOXES):
                x = int(st.box_artist[g, p, d])
                mark = "#" if st.box_crest[g, p, d] else (f"[{t.slot_names[x]}]" if st.box_worker[g, p, d] else "")
                boxes.append(t.box_names[d] + mark)
            out.append("   district (# completed) " + " ".join(boxes))
        return "\n".join(out)
