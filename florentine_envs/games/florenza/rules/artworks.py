"""Phase 7 (SPEC §5.2.7, §6.7): artworks completed zone by zone: the order of a player's boxes (D8), the
skill, the payment, the crest and the box's rewards, the die, the Cathedral's dice or the
no-die incentive, the artist's prestige and masterpieces, failures; one game at a time and
batched."""

from __future__ import annotations

import numpy as np

from ..constants import (
    NUM_BOXES,
    NUM_NAMED,
    ON_CARD,
    PH_ARTWORK,
    PH_CATHEDRAL_DIE,
    PH_INCENTIVE,
    PH_SKILL,
    ST_ORDER,
    Z_CATHEDRAL,
    Z_DISTRICT,
)  # fmt: skip
from .common import BATCH_MIN


class ArtworkRules:
    """Phase 7; a part of :class:`~.RulesMixin`."""

    def box_info(self, box):
        """(cubes[6], Fiorini, skills bool[3], prestige, influence, zone) of a box id
        (district d < 8, main 8 + m)."""
        t = self.t
        if box < NUM_BOXES:
            return t.box_cost[box], int(t.box_cost_fl[box]), t.box_skills[box], int(t.box_pp[box]), \
                int(t.box_inf[box]), Z_DISTRICT  # fmt: skip
        m = box - NUM_BOXES
        return t.art_cost[m], int(t.art_cost_fl[m]), t.art_skills[m], int(t.art_pp[m]), int(t.art_inf[m]), \
            int(t.art_zone[m])  # fmt: skip

    def box_artist_of(self, st, g, p, box) -> int:
        return int(st.box_artist[g, p, box]) if box < NUM_BOXES else int(st.main_artist[g, box - NUM_BOXES])

    def payable_skills(self, st, g, p, box) -> np.ndarray:
        """bool[3]: skills of the hired artist that fit the box and whose whole cost p can pay (D9)."""
        t = self.t
        cubes, fl, skills, _, _, _ = self.box_info(box)
        x = self.box_artist_of(st, g, p, box)
        ok = t.skills[x] & skills
        if not (st.res[g, p] >= cubes).all():
            return np.zeros(3, bool)
        return ok & (st.money[g, p] >= fl + t.hire_cost[x])

    def _zone_boxes(self, st, g, p) -> list[int]:
        """p's boxes with its worker in the first zone that still has one (district, then civic, then
        Cathedral: "Complete any artworks you are attempting in your home district first, then any on
        civic buildings, and finally any artwork in the Cathedral."), in data order; [] when none."""
        district = np.flatnonzero(st.box_worker[g, p])
        if district.size:
            return district.tolist()
        t = self.t
        mine = t.main_order[st.main_worker[g, t.main_order] == p]
        if not mine.size:
            return []
        return [NUM_BOXES + int(m) for m in mine if t.art_zone[m] == t.art_zone[mine[0]]]

    def order_matters(self, st, g, p, boxes) -> bool:
        """Whether the order of ``boxes`` (two or more of one zone with p's workers, each payable on
        its own) can change what p completes or the skills it may choose (D8): False when p can pay
        all of them together, each with the dearest skill it could pay for it alone (and, in the
        no-die variant, the largest incentive on all but the last), so that no order and no choice
        on the way leaves a later box short."""
        t = self.t
        cubes = t.all_cost[boxes].sum(0)
        fl = int(t.all_cost_fl[boxes].sum())
        for box in boxes:
            x = self.box_artist_of(st, g, p, box)
            fl += int(t.hire_cost[x][self.payable_skills(st, g, p, box)].max())
        if self.no_die:
            fl += 3 * t.incentive_step * (len(boxes) - 1)  # incentives of 0..3 steps (structural)
        return not self.can_pay(st, g, p, cubes, fl)

    def _artwork_step(self, st, g) -> bool:
        """Phase 7 (SPEC §6.7) until a decision (True) or its end (False, stage moved on). In p's
        zone, a box p cannot pay fails first (it would fail in any order: payments only shrink what
        p holds); with every box payable, p picks the next when the order can matter (D8)."""
        players = self.players_in_order(st, g)
        while st.ptr[g] < len(players):
            p = players[int(st.ptr[g])]
            boxes = self._zone_boxes(st, g, p)
            if not boxes:
                st.ptr[g] += 1
                continue
            short = [box for box in boxes if not self.payable_skills(st, g, p, box).any()]
            if short:
                self._fail_artwork(st, g, p, short[0])
                continue
            if len(boxes) >= 2 and self.order_matters(st, g, p, boxes):
                self.decide(st, g, PH_ARTWORK, p)  # the player picks the next box (D8)
                return True
            if self._attempt(st, g, p, boxes[0]):
                return True
        self._set_stage(st, g, ST_ORDER)
        return False

    def _attempt(self, st, g, p, box) -> bool:
        """p attempts box: True at its SKILL decision; False after a failure (nothing payable)."""
        st.pend_box[g] = box
        if self.payable_skills(st, g, p, box).any():
            self.decide(st, g, PH_SKILL, p)
            return True
        self._fail_artwork(st, g, p, box)
        return False

    def _on_artwork(self, st, g, a) -> None:
        """ARTWORK: the chosen box (``HIRE_DISTRICT[d]`` / ``HIRE_MAIN[m]``: box id = a - hire_district)."""
        if not self._attempt(st, g, int(st.current_player[g]), a - self.ids.hire_district):
            self._continue(st, g)

    def _resolve_artworks(self, st, G) -> None:
        """:meth:`_artwork_step` for games ``G`` together: failures resolve at once; each game
        stops at its next SKILL decision, or leaves phase 7 through :meth:`_continue`."""
        t, P, ids = self.t, self.num_players, self.ids
        active, leaving = G, []
        while active.size:
            done = st.ptr[active] >= P
            leaving.extend(active[done].tolist())
            g = active[~done]
            double = st.nslots[g] == P + 1  # the player order: a double office holder's slots once
            slot = st.ptr[g].astype(np.int64) + (double & (st.ptr[g] >= 1))
            p = st.order[g, slot].astype(np.int64)
            district = st.box_worker[g, p]  # [n, 8]
            mine = st.main_worker[g][:, t.main_order] == p[:, None]  # [n, NM] in resolution order
            box = np.where(district.any(1), district.argmax(1),
                           np.where(mine.any(1), NUM_BOXES + t.main_order[mine.argmax(1)], -1))  # fmt: skip
            idle = box < 0
            st.ptr[g[idle]] += 1
            # two or more boxes in the zone: the order may be the player's decision (D8), one at a time
            zone = t.all_zone[np.maximum(box, 0)]
            same = mine & (t.art_zone[t.main_order] == zone[:, None])
            several = np.where(district.any(1), district.sum(1), same.sum(1)) >= 2
            for gs in g[several].tolist():
                if not self._artwork_step(st, gs):
                    leaving.append(gs)
            has = (box >= 0) & ~several
            g, p, box = g[has], p[has], box[has]
            is_district = box < NUM_BOXES
            x = np.where(is_district, st.box_artist[g, p, np.minimum(box, NUM_BOXES - 1)],
                         st.main_artist[g, np.maximum(box - NUM_BOXES, 0)]).astype(np.int64)  # fmt: skip
            cubes_ok = (st.res[g, p] >= t.all_cost[box]).all(1)
            payable = t.skills[x] & t.all_skills[box] & cubes_ok[:, None]
            payable &= st.money[g, p][:, None] >= t.all_cost_fl[box][:, None] + t.hire_cost[x]
            ok = payable.any(1)
            if ok.any():
                Gk = g[ok]
                st.pend_box[Gk] = box[ok]
                st.phase[Gk] = PH_SKILL
                st.current_player[Gk] = p[ok]
                rows = np.zeros((Gk.size, self.num_actions), bool)
                rows[:, ids.skill : ids.skill + 3] = payable[ok]
                st.legal_action_mask[Gk] = rows
            fail = ~ok
            if fail.any():
                Gf, pf, bf, xf = g[fail], p[fail], box[fail], x[fail]
                st.track[Gf, pf] -= (t.failure_loss[t.all_zone[bf]] + t.named_loss * (xf < NUM_NAMED)).astype(np.int16)
                self._release_boxes(st, Gf, pf, bf, xf)
            active = np.concatenate([g[fail], active[~done][idle]])
        if len(leaving) >= BATCH_MIN:
            self._close_rounds(st, np.array(leaving))
            return
        for g in leaving:
            self._set_stage(st, g, ST_ORDER)
            self._continue(st, g)

    def _release_boxes(self, st, G, p, box, x) -> None:
        """:meth:`_release_box` for games ``G`` (one box each), batched."""
        d = box < NUM_BOXES
        st.box_worker[G[d], p[d], box[d]] = False
        st.box_artist[G[d], p[d], box[d]] = -1
        st.main_worker[G[~d], box[~d] - NUM_BOXES] = -1
        st.main_artist[G[~d], box[~d] - NUM_BOXES] = -1
        named = x < NUM_NAMED
        st.char_where[G[named], x[named]] = ON_CARD
        st.unnamed_left[G[~named], x[~named] - NUM_NAMED] += 1
        st.pool[G, p] += 1
        st.pend_box[G] = -1
        st.pend_skill[G] = -1

    def _release_box(self, st, g, p, box) -> int:
        """Take p's worker and the artist off the box; the artist's tile returns; -> the slot x."""
        x = self.box_artist_of(st, g, p, box)
        if box < NUM_BOXES:
            st.box_worker[g, p, box] = False
            st.box_artist[g, p, box] = -1
        else:
            st.main_worker[g, box - NUM_BOXES] = -1
            st.main_artist[g, box - NUM_BOXES] = -1
        if x < NUM_NAMED:
            st.char_where[g, x] = ON_CARD
        else:
            st.unnamed_left[g, x - NUM_NAMED] += 1
        st.pool[g, p] += 1
        st.pend_box[g] = -1
        st.pend_skill[g] = -1
        return x

    def _fail_artwork(self, st, g, p, box) -> None:
        zone = self.box_info(box)[5]
        x = self._release_box(st, g, p, box)
        st.track[g, p] -= self.t.failure_loss[zone] + self.t.named_loss * (x < NUM_NAMED)

    def _on_skill(self, st, g, a) -> None:
        """The skill is chosen, the artist and the artwork are paid, the box's prestige and
        influence taken and the crest placed, all before any die or incentive (the rulebook's
        order: "You must choose the skill and pay the artist before rolling the die"; "After
        paying the costs of the artwork, you receive all prestige points and church influence
        shown ... Then place one of your family crest tokens"; lead's Q2 and Q6)."""
        t = self.t
        p, k = int(st.current_player[g]), a - self.ids.skill
        st.pend_skill[g] = k
        box = int(st.pend_box[g])
        cubes, fl, _, _, _, zone = self.box_info(box)
        self.pay(st, g, p, cubes, fl + int(t.hire_cost[self.box_artist_of(st, g, p, box), k]))
        self._crest(st, g, p, box)
        if self.no_die:
            self.decide(st, g, PH_INCENTIVE, p)
        elif zone == Z_CATHEDRAL:
            st.dice[g, 0] = self.roll(st, g)
            st.dice[g, 1] = self.roll(st, g)
            self.decide(st, g, PH_CATHEDRAL_DIE, p)
        else:
            self._complete(st, g, p, self.roll(st, g))

    def _on_incentive(self, st, g, a) -> None:
        p, i = int(st.current_player[g]), a - self.ids.incentive
        zone = self.box_info(int(st.pend_box[g]))[5]
        st.money[g, p] -= i * self.t.incentive_step
        self._complete(st, g, p, int(self.t.no_die_base[zone]) + i)

    def _on_die(self, st, g, a) -> None:
        st.dice[g] = 0
        self._complete(st, g, int(st.current_player[g]), a - self.ids.die + 1)

    def _complete(self, st, g, p, value) -> None:
        """The artist's prestige for a work of ``value``; the tile and the worker leave the box
        (SPEC §6.7: the box is already paid and crested)."""
        t = self.t
        box, k = int(st.pend_box[g]), int(st.pend_skill[g])
        x = self.box_artist_of(st, g, p, box)
        if x < NUM_NAMED and t.mp[x, k, value] and not st.flipped[g, x]:
            st.track[g, p] += t.mp_pp[x, k, value]
            st.flipped[g, x] = True
        else:
            st.track[g, p] += t.die_pp[x, k, value]
        self._release_box(st, g, p, box)
        self._continue(st, g)

    def _crest(self, st, g, p, box) -> None:
        """The box's prestige and influence, p's crest on it, and a full Palazzo's / Chiesa's bonus."""
        t = self.t
        _, _, _, pp, inf, _ = self.box_info(box)
        st.track[g, p] += pp
        self.add_influence(st, g, p, inf)
        st.crests[g, p] -= 1
        if box < NUM_BOXES:
            st.box_crest[g, p, box] = True
            st.acq[g, p, self.acq_box + box] += 1
            area = t.box_chiesa == t.box_chiesa[box]
            if st.box_crest[g, p][area].all():
                if t.box_chiesa[box]:
                    self.add_influence(st, g, p, t.chiesa_influence)
                else:
                    st.track[g, p] += t.palazzo_pp
        else:
            st.main_crest[g, box - NUM_BOXES] = p
            st.acq[g, p, self.acq_main + box - NUM_BOXES] += 1
