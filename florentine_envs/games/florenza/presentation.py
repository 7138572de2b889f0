"""Text for people (SPEC-independent): action names, ``describe_action``, ``narrate``, ``render``."""

from __future__ import annotations

import numpy as np

from .constants import (
    DETAINED,
    EXPELLED,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_SPACES,
    ON_CARD,
    PHASE_NAMES,
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

    def describe_action(self, state, game: int, action: int) -> str:
        ids, P = self.ids, self.num_players
        if action < ids.build:
            j, s = divmod(action, NUM_SPACES)
            p = int(state.current_player[game])
            q = (p + j) % P
            w = int(state.space_type[game, q, s])
            owner = "own" if j == 0 else f"player_{q}'s"
            return f"operate {owner} {self.t.ws_names[w] if w >= 0 else '?'} (space {s + 1})"
        return self.action_names[action].replace("_", " ")

    def narrate(self, before, after, game: int, action: int, forced: bool, viewer: int | None = None) -> list[str]:
        who = f"player_{int(before.current_player[game])}"
        line = f"{who} {'(forced) ' if forced else ''}{self.describe_action(before, game, action)}"
        lines = [line]
        delta = after.track[game].astype(int) - before.track[game]
        for p in np.flatnonzero(delta):
            lines.append(f"  player_{p} prestige {delta[p]:+d}")
        if after.round[game] != before.round[game]:
            lines.append(f"-- round {int(after.round[game])} --")
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
                       + f"  track {int(st.track[g, p])} certs {int(st.certs[g, p])} influence "
                       f"{int(st.influence[g, p])}  workers {int(st.avail[g, p])}/{int(st.pool[g, p])}")  # fmt: skip
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
