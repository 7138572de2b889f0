"""A rule-based Firenze player, batched, reading only its observation and the mask.

How it thinks. Everything it owns is valued colour by colour with one table per
decision row, ``V[colour, tower height, bricks of that colour in the storehouse]``:
the worth of the best open commission of that colour it could still fulfil from
there (prestige + balcony, level tile, privilege, Recognition and majority
bonuses, + the end bonus on the last seal), discounted for every brick still to
build and, more steeply, for every brick it does not have yet; a tower at the
exact height of an open commission is worth that commission now; spare bricks
are worth a little as currency (card costs, exchanges, construction costs). The
worth of a whole position is the sum over the six colours, so every decision is
a small one-ply search over table lookups:

* **take a card**: storehouse after paying (the least useful bricks) plus the
  card's bricks, plus a fixed worth per card kind (Workshop early, Warehouse,
  Bridge, personnel; Fame/Scandal/Disgrace at face value; Monument to the tallest
  tower; the Saboteur at the harm it can do to a rival's tower), minus what an
  event would cost itself;
* **exchange**: the colour whose brick gains most, if it beats the bricks given;
* **build**: "macros" (k bricks on one colour's tower, k = 1..6, then pass, i.e.
  abandoned towers torn down, construction cost paid from the least useful
  bricks); the first brick of the best macro is built, then it plans again. So it
  builds toward the exact height of the best commission, keeps its towers alive
  when that is worth a brick, and never pays a construction cost that costs more
  than it gains;
* **fulfil** when the commission is worth more than going on building (highest
  first; Architect when a tower is one off); bell tower first under the Campanile;
* **pay / discard / give** the brick whose loss hurts least (colours it builds
  nothing of, the most plentiful colour), keep the most valuable towers in
  Tribute and Luxury Tax, play the Saboteur on the rival tower that loses most
  (when that beats keeping the card), play the Patrician against an event that
  would cost it more than the card is worth.

One tower per colour is planned (it never starts a second tower of a colour it
is building), and it never plays the Wholesaler. Legal actions it has no rule for get the
lowest score and are chosen only when nothing else is legal, and illegal ones are
never chosen. Everything is vectorised over the rows of the batch, loops run only
over colours, commission levels and brick counts.
"""

from __future__ import annotations

import numpy as np

from florentine_envs.games.firenze.firenze import (
    A_ALCHEMIST,
    A_ARCHITECT,
    A_BELL,
    A_BRICK,
    A_BUILD_ON,
    A_EXCHANGE,
    A_FULFILL,
    A_IGNORE,
    A_MASON,
    A_PASS,
    A_PATRICIAN_DISCARD,
    A_PRINCESS,
    A_SABOTAGE,
    A_SELECT,
    A_SMUGGLE,
    A_START,
    A_TAKE,
    NUM_ACTIONS,
    PH_ALCH_GIVE,
    PH_BUILD,
    PH_CHOOSE,
    PH_EV_DISCARD,
    PH_EV_KEEP,
    PH_EV_OWN_TOWER,
    PH_EV_PATRICIAN,
    PH_EV_PAY,
    PH_EXCHANGE,
    PH_EXCHANGE_PAY,
    PH_FULFILL,
    PH_LIMIT_BRICKS,
    PH_LIMIT_CARDS,
    PH_PAY_BUILD,
    PH_PAY_CARD,
    PH_SMUG_GIVE,
)

from .base import Agent

NC = 6  # colours
NT = 12  # tower slots
HMAX = 12  # tower heights 0..HMAX in the value tables (0 = no tower)
SMAX = 20  # bricks of one colour 0..SMAX in the value tables (more are clipped)
UNSCORED = -1e9  # legal but not considered: chosen only when nothing else is legal
# event index in the observation's one-hot `event` field (SPEC §O)
EVENT_ORDER = ("Botch", "Collapse", "Flood", "Luxury Tax", "Renaissance", "Storehouse Fire", "Tribute")
EV_BOTCH, EV_COLLAPSE, EV_FLOOD, EV_LUX, EV_RENAISSANCE, EV_FIRE, EV_TRIBUTE = range(len(EVENT_ORDER))


class FirenzeHeuristic(Agent):
    name = "heuristic"

    # The weights below were set by duplicate self-play matches (one changed weight against
    # these, seats rotated, 256-384 games at 2 players, 256 at 4): `pending`, `per_brick` and
    # `missing_started` move the result by 5-12 points of margin a game, `missing_new` by up to
    # 24; the others were flat within noise (about +-1.5 points). Ideas that did not help and
    # were dropped: a discount on commissions a rival can complete next turn, a fixed cost per
    # seal used, and discounting long plans when a rival is one seal from the end.

    #: worth of a brick nobody plans to build with (it still pays card costs and exchanges)
    brick_worth = 0.45
    #: a commission not yet completed is uncertain (events, rivals, teardown)
    pending = 0.9
    #: per brick still to be built (turns, construction costs)
    per_brick = 0.95
    #: per brick still missing from the storehouse: for a standing tower (which must grow every
    #: turn or be torn down) and for a tower not yet started (which can wait for its bricks)
    missing_started = 0.72
    missing_new = 0.8
    #: a tower not yet started
    not_started = 0.9
    #: a balcony whose numeral is not yet next
    later_balcony = 0.5
    #: share of a majority flag counted when a commission changes who holds it
    majority_share = 0.7
    #: the bell tower unlocks every other commission while the Campanile stands
    bell_worth = 10.0
    #: share of a commission's worth while my bell tower is missing (it has to come first)
    blocked_share = 0.6
    #: worth of taking a card, by name (celebrations: their final points from the data; events:
    #: their estimated damage, computed per decision)
    card_worth = {
        "Workshop": 2.0, "Warehouse": 1.5, "Bridge": 1.0, "Mason": 1.2, "Princess": 1.0, "Architect": 1.0,
        "Patrician": 1.5, "Alchemist": 0.8, "Smuggler": 0.8, "Wholesaler": 0.2, "Major Privilege": 0.3,
        "Minor Privilege": 0.3, "Privilege": 0.3, "Campanile": -0.5, "Renaissance": 0.0, "Saboteur": 0.3,
    }  # fmt: skip
    #: a Saboteur worth playing is played at once, before anything else this turn (rival towers do not
    #: change during my turn, so nothing is lost by playing it first)
    sabotage_first = 500.0
    #: the Workshop saves less the later it comes: its worth fades by this factor per completed turn / P
    workshop_fade = 0.03
    #: an exchange, Alchemist or Smuggler move is made only when it gains more than this
    trade_margin = 0.1

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        if game.name != "firenze":
            raise ValueError(f"FirenzeHeuristic plays firenze only, got {game.name!r}")
        if tuple(game.kind_names[k] for k in game.event_kinds) != EVENT_ORDER:
            raise ValueError(f"FirenzeHeuristic expects the events {EVENT_ORDER} in the observation")
        self.P = game.num_players
        K = game.K
        self.K = K
        self.comm_height = game.comm_height.reshape(NC, 6)  # [colour, level]
        self.base_cost = game.cost_table[0, 0, : game.max_build + 1].astype(np.float64)  # [7]
        self.max_build = game.max_build
        self.discount_table = game.discount_table  # [workshop, mason]
        self.level_of = np.full((NC, HMAX + 2), -1)  # [colour, height] -> commission level, -1 none
        for col in range(NC):
            for lv in range(6):
                if self.comm_height[col, lv] <= HMAX + 1:
                    self.level_of[col, self.comm_height[col, lv]] = lv
        self.card_cost = game.card_cost.astype(np.float64)  # [6]
        self.hand_names = [game.kind_names[k] for k in game.hand_kinds]  # own_hand order
        self.limit_names = [game.kind_names[k] for k in game.limit_kinds]  # LIMIT_DISCARD order
        self.limit_ids = game.limit_ids  # LIMIT_DISCARD action id of each
        self.personnel_names = [game.kind_names[k] for k in game.personnel_kinds]  # `played` order
        self.privilege_height = game.privilege_height[game.privilege_kinds]  # church fields 0-2
        self.privilege_pp = game.privilege_pp[game.privilege_kinds].astype(np.float64)
        self.level_tile_height = game.level_tile_height
        self.level_tile_bonus = game.level_tile_bonus.astype(np.float64)
        self.recognition_heights = np.array(game.recognition_heights)
        self.recognition_pp = float(game.recognition_pp)
        self.end_bonus = float(game.end_bonus)
        self.majority_bonus = game.majority_bonus.astype(np.float64)
        self.exchange_give = (game.exchange_give, game.exchange_give_bridge)
        self.store_limit = (game.store_limit, game.store_limit_warehouse)
        self.card_limit = game.card_limit
        self.lux_min_height, self.lux_per_tower = game.lux_min_height, game.lux_per_tower
        self.fire_bricks, self.flood_divisor = game.fire_bricks, game.flood_divisor
        self.bell_colour, self.bell_height = game.bell_colour, game.bell_height
        # worth of taking a card of each kind (27 + "empty"), before situational terms
        kind_worth = np.zeros(28)
        for name, w in self.card_worth.items():
            kind_worth[K[name]] = w
        kind_worth[: len(game.celebration_pp)] += game.celebration_pp  # Fame, Disgrace, Scandal (Monument: below)
        kind_worth[K["Monument"]] = 0.0
        self.kind_worth = kind_worth
        self.limit_worth = np.array([self.card_worth[n] for n in self.limit_names])  # [11]
        hs = np.arange(HMAX + 1)
        ss = np.arange(SMAX + 1)
        self.h_grid, self.s_grid = hs[:, None], ss[None, :]  # [13, 1], [1, 21]

    # ------------------------------------------------------------------ reading

    def _read(self, obs: np.ndarray) -> dict:
        """The observation as named arrays (block 0 = the deciding player)."""
        B, P = obs.shape[0], self.P
        f = self.field
        players = f(obs, "players").reshape(B, P, 127)
        towers = players[:, :, 19:].reshape(B, P, NT, 9)
        has = towers[..., :6].sum(-1) > 0
        colour = np.where(has, towers[..., :6].argmax(-1), -1)  # [B, P, 12]
        comm = f(obs, "commissions").reshape(B, 36, 8 + P)
        end = f(obs, "end")
        church = f(obs, "church")
        o = {
            "phase": f(obs, "phase").argmax(1),
            "turn_number": f(obs, "turn_number")[:, 0],
            "my_turn": f(obs, "turn_player")[:, 0] > 0,
            # after someone else placed their last seal, each turn of mine is my last one
            "last_turn": (end[:, 0] > 0) & (end[:, 2] == 0) & (f(obs, "turn_player")[:, 0] > 0),
            "flags": f(obs, "turn_flags"),
            "build": f(obs, "build"),
            "played": f(obs, "played") > 0,
            "event": f(obs, "event").argmax(1),
            "take_colour": np.where(f(obs, "take_colour").sum(1) > 0, f(obs, "take_colour").argmax(1), -1),
            "keep": f(obs, "keep"),
            "row_kind": f(obs, "row_cards").reshape(B, 6, 28).argmax(-1),
            "row_bricks": f(obs, "row_bricks").reshape(B, 6, 6).astype(np.float64),
            "comm_open": comm[:, :, 0] > 0,
            "comm_balcony": np.where(comm[:, :, 2:6].sum(-1) > 0, comm[:, :, 2:6].argmax(-1), -1),
            "comm_owner": np.where(comm[:, :, 6 : 6 + P].sum(-1) > 0, comm[:, :, 6 : 6 + P].argmax(-1), -1),
            "comm_prestige": comm[:, :, 7 + P].astype(np.float64),
            "next_balcony": f(obs, "next_balcony").argmax(1),
            "level_tiles": f(obs, "level_tiles") > 0,
            "privileges": church[:, :3] > 0,
            "bell_blocked": (church[:, 3] > 0) & (church[:, 4] == 0),
            "prestige": players[:, :, 0].astype(np.float64),
            "seals_left": players[:, :, 1],
            "store": players[:, :, 2:8].astype(np.int64),  # [B, P, 6]
            "buildings": players[:, 0, 8:11] > 0,  # Bridge, Warehouse, Workshop
            "hand_size": players[:, 0, 11],
            "seals": players[:, :, 13:19],  # [B, P, 6]
            "t_colour": colour,
            "t_height": towers[..., 6].astype(np.int64),
            "t_at_start": towers[..., 7] > 0,
            "t_built": towers[..., 8] > 0,
            "hand": f(obs, "own_hand"),
        }
        return o

    def _sub(self, o: dict, rows: np.ndarray) -> dict:
        return {k: v[rows] for k, v in o.items()}

    # ------------------------------------------------------------------ values

    def _commission_values(self, o: dict) -> tuple[np.ndarray, np.ndarray]:
        """(float[n, 6, 6] worth to me of fulfilling commission [colour, level],
        float[n, 6, 6] availability: 1 open now, `later_balcony` for a later balcony, 0 closed)."""
        n = o["phase"].shape[0]
        heights = self.comm_height[None]  # [1, 6, 6]
        F = o["comm_prestige"].reshape(n, NC, 6).copy()
        for i, h in enumerate(self.level_tile_height):
            F += np.where(o["level_tiles"][:, i, None, None] & (heights == h), self.level_tile_bonus[i], 0.0)
        for i, h in enumerate(self.privilege_height):
            F += np.where(o["privileges"][:, i, None, None] & (heights == h), self.privilege_pp[i], 0.0)
        recognitions = o["hand"][:, self.hand_names.index("Recognition")]
        F += recognitions[:, None, None] * self.recognition_pp * np.isin(heights, self.recognition_heights)
        # majority: who holds each flag now (most seals, ties by the highest seal) and after my seal
        owner = o["comm_owner"].reshape(n, NC, 6)  # relative seat, -1 none
        seals = o["seals"]  # [n, P, 6]
        top = np.zeros((n, self.P, NC))
        for j in range(self.P):
            top[:, j] = np.where(owner == j, heights, 0).max(-1)
        key = seals * 100 + top  # [n, P, 6]
        mine_now = (key[:, 0] > key[:, 1:].max(1)) & (seals[:, 0] > 0)  # [n, 6]
        key_after = (seals[:, 0, :, None] + 1) * 100 + np.maximum(top[:, 0, :, None], heights)  # [n, 6, 6]
        mine_after = key_after > key[:, 1:].max(1)[:, :, None]
        F += self.majority_share * self.majority_bonus[None, :, None] * (mine_after & ~mine_now[:, :, None])
        # the last seal triggers the end (+5 at once)
        last = (o["seals_left"][:, 0] == 1)[:, None, None]
        F += np.where(last, self.end_bonus, 0.0)
        numeral = o["comm_balcony"].reshape(n, NC, 6)
        nb = o["next_balcony"][:, None, None]
        avail = np.where(o["comm_open"].reshape(n, NC, 6), 1.0, 0.0)
        avail *= np.where((numeral >= 0) & (numeral > nb), self.later_balcony, 1.0)
        avail *= (o["seals_left"][:, 0] > 0)[:, None, None]
        # Campanile standing and my bell tower not built: a white 3 is the bell tower, and nothing
        # else can be fulfilled before it
        blocked = o["bell_blocked"][:, None, None]
        bell = (np.arange(NC)[None, :, None] == self.bell_colour) & (heights == self.bell_height)
        F = np.where(blocked & bell, np.maximum(F, self.bell_worth), np.where(blocked, self.blocked_share * F, F))
        avail = np.where(blocked & bell, 1.0, avail)
        return F, avail

    def _tables(self, o: dict, F: np.ndarray, avail: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(V float[n, 6, 13, 21], Vgo float[n, 6, 13, 21]): worth of a colour with a tower of
        height h (0 = none) and s bricks in the storehouse; Vgo excludes fulfilling a tower that
        stands at an exact height now (the value of building on instead)."""
        n = F.shape[0]
        future = (~o["last_turn"]).astype(np.float64)[:, None, None, None]  # a last turn has no later
        h, s = self.h_grid[None, None], self.s_grid[None, None]  # [1, 1, 13, 1], [1, 1, 1, 21]
        spare = self.brick_worth * future * s  # nothing planned
        Vgo = np.broadcast_to(spare, (n, NC, HMAX + 1, SMAX + 1)).copy()
        exact = np.full_like(Vgo, -np.inf)
        blocked = o["bell_blocked"][:, None, None, None]
        for lv in range(6):
            H = self.comm_height[:, lv][None, :, None, None]  # [1, 6, 1, 1]
            worth = (F[:, :, lv] * avail[:, :, lv])[:, :, None, None]  # [n, 6, 1, 1]
            r = H - h  # bricks still to build
            missing = np.maximum(0, r - s)
            leftover = self.brick_worth * future * np.maximum(0, s - r)
            started = h > 0
            q = np.where(started, self.missing_started, self.missing_new) ** missing
            start = np.where(started, 1.0, self.not_started)
            go = worth * future * self.pending * start * self.per_brick**r * q + leftover
            Vgo = np.where(r > 0, np.maximum(Vgo, go), Vgo)
            # exactly at an open commission: fulfil it this turn (not while the Campanile blocks,
            # except the bell tower itself)
            is_bell = (np.arange(NC)[None, :, None, None] == self.bell_colour) & (H == self.bell_height)
            now = (avail[:, :, lv] == 1.0)[:, :, None, None] & (~blocked | is_bell)
            fulfil = np.where(now, worth, -np.inf) + self.brick_worth * future * s
            exact = np.where((r == 0) & started, np.maximum(exact, fulfil), exact)
        return np.maximum(Vgo, exact), Vgo

    @staticmethod
    def _look(V: np.ndarray, h: np.ndarray, s: np.ndarray) -> np.ndarray:
        """V[row, colour, h, s] for h, s int[n, ..., 6] (clipped to the table)."""
        n = V.shape[0]
        flat = (np.arange(n) * NC).reshape((n,) + (1,) * (max(h.ndim, s.ndim) - 1)) + np.arange(NC)
        flat = (flat * (HMAX + 1) + np.minimum(np.maximum(h, 0), HMAX)) * (SMAX + 1) + np.minimum(
            np.maximum(s, 0), SMAX
        )
        return V.reshape(-1)[flat]

    def _phi(self, V, h, s) -> np.ndarray:
        return self._look(V, h, s).sum(-1)

    def _drop_cheapest(self, V, h, s, count, avoid=None) -> np.ndarray:
        """s (int[n, ..., 6]) after giving up ``count`` (int[n, ...]) bricks, each time the one
        whose loss costs least; ``avoid`` (bool[n, ..., 6]) colours are given last."""
        s = s.copy()
        count = np.asarray(count)
        for j in range(int(count.max(initial=0))):
            loss = self._look(V, h, s) - self._look(V, h, s - 1)
            loss = np.where(s > 0, loss, np.inf)
            if avoid is not None:
                loss = loss + np.where(avoid, 1e6, 0.0)
            pick = loss.argmin(-1)
            go = (j < count) & (s.sum(-1) > 0)
            s -= (pick[..., None] == np.arange(NC)) & go[..., None]
        return s

    def _my_towers(self, o: dict) -> dict:
        """Per colour: my tallest tower of that colour (height, slot, at_start, built), [n, 6]."""
        colour, height = o["t_colour"][:, 0], o["t_height"][:, 0]  # [n, 12]
        of = colour[:, None, :] == np.arange(NC)[None, :, None]  # [n, 6, 12]
        hh = np.where(of, height[:, None, :], -1)
        slot = hh.argmax(-1)  # lowest slot among the tallest
        h = np.maximum(hh.max(-1), 0)
        take = np.take_along_axis
        at_start = take(o["t_at_start"][:, 0], slot, 1) & (h > 0)
        built = take(o["t_built"][:, 0], slot, 1) & (h > 0)
        return {"h": h, "slot": slot, "at_start": at_start, "built": built}

    # ------------------------------------------------------------------ acting

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return self.scores(obs, mask).argmax(1)

    def scores(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """float[B, NUM_ACTIONS]: the worth of every action (-inf: illegal; UNSCORED: legal, no
        rule); ``act`` plays the best. Search agents rank candidate moves by it."""
        mask = np.asarray(mask, bool)
        B = mask.shape[0]
        scores = np.full((B, NUM_ACTIONS), UNSCORED)
        if B:
            o = self._read(np.asarray(obs))
            F, avail = self._commission_values(o)
            V, Vgo = self._tables(o, F, avail)
            ctx = {"o": o, "F": F, "avail": avail, "V": V, "Vgo": Vgo, "T": self._my_towers(o)}
            ph = o["phase"]
            for phases, handler in (
                ((PH_CHOOSE,), self._choose),
                ((PH_EXCHANGE,), self._exchange),
                ((PH_BUILD,), self._build),
                ((PH_FULFILL,), self._fulfil),
                ((PH_PAY_CARD, PH_EXCHANGE_PAY, PH_PAY_BUILD, PH_EV_DISCARD, PH_EV_PAY, PH_LIMIT_BRICKS,
                  PH_ALCH_GIVE, PH_SMUG_GIVE), self._pay),
                ((PH_LIMIT_CARDS,), self._limit_cards),
                ((PH_EV_PATRICIAN,), self._patrician),
                ((PH_EV_OWN_TOWER, PH_EV_KEEP), self._select_tower),
            ):  # fmt: skip
                rows = np.flatnonzero(np.isin(ph, phases))
                if rows.size:
                    sub = {k: (self._sub(v, rows) if isinstance(v, dict) else v[rows]) for k, v in ctx.items()}
                    scores[rows] = handler(sub, scores[rows], mask[rows])
        return np.where(mask, scores, -np.inf)

    # every handler gets the rows of its phases and returns their scores[n, NUM_ACTIONS]

    def _free_personnel(self, c: dict, scores: np.ndarray, phase_ok: np.ndarray) -> np.ndarray:
        """Patrician against Scandal / Disgrace; Alchemist and Smuggler when a swap gains; the
        Saboteur when the harm beats keeping it."""
        o, V, T = c["o"], c["V"], c["T"]
        n = scores.shape[0]
        hand = self.hand_names
        for bad in ("Scandal", "Disgrace"):
            scores[:, A_PATRICIAN_DISCARD + hand.index(bad)] = np.where(
                o["hand"][:, hand.index(bad)] > 0,
                -self.kind_worth[self.K[bad]] - self.card_worth["Patrician"],
                UNSCORED,
            )
        h, s = T["h"], o["store"][:, 0]
        base = self._phi(V, h, s)
        give = self._drop_cheapest(V, h, s, np.ones(n, np.int64))
        gain = np.stack([self._phi(V, h, give + np.eye(NC, dtype=np.int64)[k]) for k in range(NC)], 1) - base[:, None]
        alch = gain - self.card_worth["Alchemist"] - self.trade_margin
        scores[:, A_ALCHEMIST : A_ALCHEMIST + NC] = np.where(phase_ok[:, None] & (alch > 0), alch, UNSCORED)
        for k in range(1, self.P):
            smug = gain - self.card_worth["Smuggler"] - self.trade_margin
            lo = A_SMUGGLE + NC * (k - 1)
            scores[:, lo : lo + NC] = np.where(phase_ok[:, None] & (smug > 0), smug, UNSCORED)
        worth = self._sabotage_gain(c) - self.card_worth["Saboteur"]  # [n, P-1, 6]
        lead = 1e-4 * o["prestige"][:, 1:, None]  # ties: the leading rival
        for k in range(1, self.P):
            lo = A_SABOTAGE + 6 * (k - 1)
            play = self.sabotage_first + worth[:, k - 1] + lead[:, k - 1]
            scores[:, lo : lo + 6] = np.where(worth[:, k - 1] > 0, play, UNSCORED)
        return scores

    def _event_loss(self, c: dict, event: np.ndarray, s: np.ndarray) -> np.ndarray:
        """float[n]: what an event (index as in the `event` field, [n]) costs me with storehouse s."""
        V, T = c["V"], c["T"]
        n = event.shape[0]
        h = T["h"]
        base = self._phi(V, h, s)
        total = s.sum(-1)
        loss = np.zeros(n)
        fire = base - self._phi(V, h, self._drop_cheapest(V, h, s, np.minimum(total, self.fire_bricks)))
        flood = base - self._phi(V, h, self._drop_cheapest(V, h, s, -(-total // self.flood_divisor)))
        # Botch: one brick off the tower that minds it least; Collapse: the tower that minds least
        has = h > 0
        botch = np.where(has, self._look(V, h, s) - self._look(V, h - 1, s), np.inf).min(-1)
        collapse = np.where(has, self._look(V, h, s) - self._look(V, 0 * h, s), np.inf).min(-1)
        # Tribute: one brick of each tower's colour, or the tower is torn down (half back)
        paid = np.where(has & (s > 0), s - 1, s + h // 2 * (s == 0))
        tribute = base - self._phi(V, np.where(has & (s == 0), 0, h), np.where(has, paid, s))
        # Luxury Tax: 2 bricks per tower of 5+, from the least useful bricks
        tall = (h >= self.lux_min_height).sum(-1)
        lux = base - self._phi(V, h, self._drop_cheapest(V, h, s, np.minimum(total, tall * self.lux_per_tower)))
        loss = np.select(
            [event == EV_FIRE, event == EV_FLOOD, event == EV_BOTCH, event == EV_COLLAPSE, event == EV_TRIBUTE,
             event == EV_LUX],
            [fire, flood, np.where(np.isfinite(botch), botch, 0), np.where(np.isfinite(collapse), collapse, 0),
             tribute, lux], 0.0)  # fmt: skip
        return loss

    def _choose(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        o, V, T = c["o"], c["V"], c["T"]
        n = scores.shape[0]
        h, s = T["h"], o["store"][:, 0]
        base = self._phi(V, h, s)
        princess = o["flags"][:, 0] > 0
        kinds = o["row_kind"]  # [n, 6]
        kind_value = self._kind_values(c)  # [n, 28]
        card_value = np.take_along_axis(kind_value, kinds, 1)  # [n, 6]
        limit = np.where(o["buildings"][:, 1], self.store_limit[1], self.store_limit[0])
        hand_has_patrician = (o["hand"][:, self.hand_names.index("Patrician")] > 0) & ~o["played"][
            :, self.personnel_names.index("Patrician")
        ]

        def take_values(costs):  # costs float[6] or [n, 6] -> worth of taking each slot [n, 6]
            cost = np.broadcast_to(costs, (n, 6)).astype(np.int64)
            paid = self._drop_cheapest(V, h[:, None], np.repeat(s[:, None], 6, 1), cost)  # [n, 6, 6]
            # events hurt after paying, before the card's bricks arrive (Flood / Fire keep them aside)
            ev = np.where(kinds < 27, self.event_of_kind[np.minimum(kinds, 26)], -1)
            loss = np.zeros((n, 6))
            for slot in np.flatnonzero((ev >= 0).any(0)):
                loss[:, slot] = np.where(ev[:, slot] >= 0, self._event_loss(c, ev[:, slot], paid[:, slot]), 0.0)
            loss = np.where(hand_has_patrician[:, None], np.minimum(loss, self.card_worth["Patrician"]), loss)
            after = paid + o["row_bricks"].astype(np.int64)
            over = np.maximum(0, after.sum(-1) - limit[:, None] - 2)  # beyond what building can absorb
            after = self._drop_cheapest(V, h[:, None], after, over)
            return self._phi(V, h[:, None], after) - base[:, None] + card_value - loss

        normal = take_values(np.where(princess[:, None], 0.0, self.card_cost[None]))
        scores[:, A_TAKE : A_TAKE + 6] = normal
        can = mask[:, A_PRINCESS]
        if can.any():
            free = np.where(mask[:, A_TAKE : A_TAKE + 6], take_values(np.zeros(6)), -np.inf).max(1)
            now = np.where(mask[:, A_TAKE : A_TAKE + 6], normal, -np.inf).max(1)
            gain = free - now - self.card_worth["Princess"]
            scores[:, A_PRINCESS] = np.where(can & (gain > 0), free, UNSCORED)
        return self._free_personnel(c, scores, np.zeros(n, bool))

    def _kind_values(self, c: dict) -> np.ndarray:
        """float[n, 28]: worth of taking one card of each kind (last column: empty slot)."""
        o = c["o"]
        n = o["phase"].shape[0]
        K = self.K
        w = np.broadcast_to(self.kind_worth, (n, 28)).copy()
        w[:, K["Workshop"]] *= np.maximum(0.3, 1 - self.workshop_fade * o["turn_number"] / self.P)
        for i, name in enumerate(("Bridge", "Warehouse", "Workshop")):
            w[:, K[name]] = np.where(o["buildings"][:, i], 0.0, w[:, K[name]])
        # the card limit: a 6th card without a Warehouse means discarding one
        full = (o["hand_size"] + o["buildings"].sum(1) >= self.card_limit) & ~o["buildings"][:, 1]
        for name in ("Mason", "Princess", "Architect", "Patrician", "Alchemist", "Smuggler", "Wholesaler", "Saboteur"):
            w[:, K[name]] = np.where(full, np.minimum(w[:, K[name]], 0.2), w[:, K[name]])
        # Recognition: +1 per own 3/4 commission, counting the ones done and one more to come
        owner = o["comm_owner"].reshape(n, NC, 6)
        small = np.isin(self.comm_height, self.recognition_heights)[None]
        w[:, K["Recognition"]] = self.recognition_pp * (((owner == 0) & small).sum((1, 2)) + 1)
        # Monument: to the unique tallest tower, mine or a rival's
        tallest = o["t_height"].max(-1)  # [n, P]
        best = tallest.max(1)
        unique = (tallest == best[:, None]).sum(1) == 1
        mine = unique & (tallest[:, 0] == best) & (best > 0)
        theirs = unique & (tallest[:, 0] < best)
        monument = float(self.kind_worth[K["Fame"]])
        w[:, K["Monument"]] = np.where(mine, monument, np.where(theirs, -monument / (self.P - 1), 0.0))
        # Saboteur: the worst I can do to one rival tower now, or the worth of keeping it for later
        w[:, K["Saboteur"]] = np.maximum(self._sabotage_gain(c).reshape(n, -1).max(1), self.card_worth["Saboteur"])
        w[:, 27] = -np.inf
        return w

    @property
    def event_of_kind(self) -> np.ndarray:
        """int[27]: index in the observation's `event` field per card kind (-1: not an event)."""
        if not hasattr(self, "_event_of_kind"):
            table = np.full(27, -1)
            table[self.game.event_kinds] = np.arange(len(self.game.event_kinds))
            self._event_of_kind = table
        return self._event_of_kind

    def _sabotage_damage(self, c: dict) -> np.ndarray:
        """float[n, P-1, 12]: loss of rival k+1's tower t from one brick (-inf: no tower)."""
        o, V = c["o"], c["V"]
        col = o["t_colour"][:, 1:]  # [n, P-1, 12]
        hgt = o["t_height"][:, 1:]
        has = col >= 0
        colc = np.maximum(col, 0)
        store = o["store"][:, 1:]  # [n, P-1, 6]
        sc = np.take_along_axis(store, colc, 2)  # bricks of the tower's colour
        rows = np.arange(V.shape[0])[:, None, None]
        now = V[rows, colc, np.clip(hgt, 0, HMAX), np.clip(sc, 0, SMAX)]
        less = V[rows, colc, np.clip(hgt - 1, 0, HMAX), np.clip(sc, 0, SMAX)]
        return np.where(has, now - less, -np.inf)

    def _exchange(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        o, V, T = c["o"], c["V"], c["T"]
        n = scores.shape[0]
        h, s = T["h"], o["store"][:, 0]
        base = self._phi(V, h, s)
        give = np.where(o["buildings"][:, 0], self.exchange_give[1], self.exchange_give[0])
        gains = np.zeros((n, NC))
        for k in range(NC):
            avoid = np.zeros((n, NC), bool)
            avoid[:, k] = True
            after = self._drop_cheapest(V, h, s, give, avoid=avoid)
            after[:, k] += 1
            gains[:, k] = self._phi(V, h, after) - base
        # give to the dearest card (the bricks then sit where a rival pays most to reach them)
        for slot in range(6):
            lo = A_EXCHANGE + 6 * slot
            scores[:, lo : lo + NC] = np.where(gains > self.trade_margin, gains + 1e-3 * slot, UNSCORED)
        scores[:, A_PASS] = 0.0
        return self._free_personnel(c, scores, np.ones(n, bool))

    def _build_plans(self, c: dict, mason: np.ndarray) -> np.ndarray:
        """float[n, 6, 7]: worth after k bricks on colour c's tower (k = 0: pass) then passing
        (abandoned towers torn down, construction cost and storehouse limit paid), -inf when
        impossible; ``mason`` (bool[n]) assumes the Mason played."""
        o, V, T = c["o"], c["V"], c["T"]
        n = mason.shape[0]
        h, s = T["h"], o["store"][:, 0]
        built_n = o["build"][:, 0].astype(np.int64)
        # the Mason's discount (with or without the Workshop) when it is to be played now
        ws = o["buildings"][:, 2].astype(np.int64)
        planned = mason & ~(o["flags"][:, 1] > 0)
        discount = np.where(planned, self.discount_table[ws, 1], o["build"][:, 1])
        limit = np.where(o["buildings"][:, 1], self.store_limit[1], self.store_limit[0])
        # candidates j = (colour, k) on a second axis: [n, 6 * 7, 6]
        K1 = self.max_build + 1
        col_of = np.repeat(np.arange(NC), K1)  # [42]
        k_of = np.tile(np.arange(K1), NC)
        add = (col_of[:, None] == np.arange(NC)[None]) * k_of[:, None]  # [42, 6] bricks moved
        hk = h[:, None] + add[None]
        sk = s[:, None] - add[None]
        total_n = built_n[:, None] + k_of[None]  # [n, 42]
        ok = (sk.min(-1) >= 0) & (total_n <= self.max_build) & (hk.max(-1) <= HMAX)
        ok &= ((k_of > 0) | (col_of == 0))[None]  # passing (k = 0) is one plan
        built = T["built"][:, None] | (add > 0)[None]
        torn = T["at_start"][:, None] & ~built
        h2 = np.where(torn, 0, hk)
        s2 = sk + np.where(torn, h[:, None] // 2, 0)
        due = np.maximum(0.0, self.base_cost[np.minimum(total_n, self.max_build)] - discount[:, None]).astype(np.int64)
        ok &= s2.sum(-1) >= due
        s3 = self._drop_cheapest(V, h2, s2, np.where(ok, due, 0))
        s3 = self._drop_cheapest(V, h2, s3, np.maximum(0, s3.sum(-1) - limit[:, None]))
        out = np.where(ok, self._phi(V, h2, s3), -np.inf)
        return out.reshape(n, NC, K1)

    def _build(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        T = c["T"]
        n = scores.shape[0]
        plans = self._build_plans(c, np.zeros(n, bool))  # [n, 6, 7]
        stay = plans[:, 0, 0]  # scores are gains over passing now
        best_k = np.nan_to_num(plans[:, :, 1:].max(-1) - stay[:, None], nan=-np.inf)  # per colour built on
        scores[:, A_PASS] = 0.0
        rows = np.arange(n)
        for col in range(NC):
            has = T["h"][:, col] > 0
            slot = T["slot"][:, col]
            scores[rows[has], A_BUILD_ON + slot[has]] = best_k[has, col]
            scores[~has, A_START + col] = best_k[~has, col]
        mason_ok = mask[:, A_MASON]
        if mason_ok.any():
            with_mason = self._build_plans(c, mason_ok).reshape(n, -1).max(1)
            gain = with_mason - np.max(plans.reshape(n, -1), 1) - self.card_worth["Mason"]
            scores[:, A_MASON] = np.where(mason_ok & (gain > 0), with_mason - stay, UNSCORED)
        return self._free_personnel(c, scores, np.ones(n, bool))

    def _fulfil(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        o, F, V, Vgo = c["o"], c["F"], c["V"], c["Vgo"]
        n = scores.shape[0]
        s = o["store"][:, 0]
        col = o["t_colour"][:, 0, :6]  # [n, 6] tower slots 0-5 (FULFILL's range)
        hgt = o["t_height"][:, 0, :6]
        colc = np.maximum(col, 0)
        rows = np.arange(n)[:, None]
        sc = np.clip(np.take_along_axis(s, colc, 1), 0, SMAX)
        going_on = Vgo[rows, colc, np.clip(hgt, 0, HMAX), sc]  # worth of building on instead
        fresh = V[rows, colc, 0, sc]
        best_now = np.full(n, -np.inf)
        for d in (-1, 0, 1):
            H = np.clip(hgt + d, 0, HMAX + 1)
            level = self.level_of[colc, H]  # -1: no commission of that height
            lv = np.maximum(level, 0)
            worth = F[rows, colc, lv] + fresh - going_on
            ok = (col >= 0) & (level >= 0)
            # prefer the exact fulfilment by a hair; the Architect is a card worth keeping
            worth = worth - (d != 0) * 0.01
            sc_ = np.where(ok & (worth >= 0), F[rows, colc, lv] + 100.0, UNSCORED)
            scores[:, A_FULFILL + 3 * np.arange(6) + d + 1] = sc_
            if d != 0:
                legal_now = (
                    ok
                    & (c["avail"][rows, colc, lv] == 1.0)
                    & (worth - self.card_worth["Architect"] >= 0)
                    & ~(o["bell_blocked"][:, None])
                )
                best_now = np.maximum(best_now, np.where(legal_now, worth, -np.inf).max(1))
        exact_any = (mask[:, A_FULFILL + 1 : A_FULFILL + 18 : 3]).any(1)
        scores[:, A_ARCHITECT] = np.where(np.isfinite(best_now) & ~exact_any, 50.0, UNSCORED)
        scores[:, A_BELL] = 1000.0
        scores[:, A_PASS] = 0.0
        return self._free_personnel(c, scores, np.ones(n, bool))

    def _pay(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        o, V, T = c["o"], c["V"], c["T"]
        h, s = T["h"], o["store"][:, 0]
        loss = self._look(V, h, s) - self._look(V, h, s - 1)
        # don't hand over the colour about to be received in its place
        take = o["take_colour"]
        loss = loss + np.where((np.arange(NC)[None] == take[:, None]) & (s.sum(-1) > 1)[:, None], 5.0, 0.0)
        # ties: the most plentiful colour first
        scores[:, A_BRICK : A_BRICK + NC] = -loss + 1e-3 * s
        return scores

    def _limit_cards(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        scores[:, self.limit_ids] = -self.limit_worth[None]
        return scores

    def _patrician(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        o = c["o"]
        loss = self._event_loss(c, o["event"], o["store"][:, 0])
        scores[:, A_IGNORE] = loss - self.card_worth["Patrician"]
        scores[:, A_PASS] = 0.0
        return scores

    def _select_tower(self, c: dict, scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Botch / Collapse: the tower that minds it least; Tribute / Luxury Tax: keep the tower
        that would lose most by being torn down."""
        o, V = c["o"], c["V"]
        n = scores.shape[0]
        col = o["t_colour"][:, 0, :6]
        hgt = o["t_height"][:, 0, :6]
        colc = np.maximum(col, 0)
        rows = np.arange(n)[:, None]
        s = np.take_along_axis(o["store"][:, 0], colc, 1)
        now = V[rows, colc, np.clip(hgt, 0, HMAX), np.clip(s, 0, SMAX)]
        botch = now - V[rows, colc, np.clip(hgt - 1, 0, HMAX), np.clip(s, 0, SMAX)]
        gone = now - V[rows, colc, 0, np.clip(s, 0, SMAX)]
        torn = now - V[rows, colc, 0, np.clip(s + hgt // 2, 0, SMAX)]
        ev = o["event"][:, None]
        keep = o["phase"][:, None] == PH_EV_KEEP
        score = np.where(keep, torn, np.where(ev == EV_BOTCH, -botch, -gone))
        scores[:, A_SELECT : A_SELECT + 6] = np.where(col >= 0, score, UNSCORED)
        return scores

    def _sabotage_gain(self, c: dict) -> np.ndarray:
        """float[n, P-1, 6]: my gain from one brick off rival k+1's tower t (a rival's loss, shared out
        over the rivals), -inf where there is no tower."""
        damage = self._sabotage_damage(c)[:, :, :6]  # outside their own turn rivals have at most 6 towers
        return damage / (self.P - 1)
