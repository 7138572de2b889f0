"""Information-set Monte Carlo tree search for every registered game, rollouts in batches.

``make_agent("ismcts:200", game)`` builds a search agent for any game that follows the
:class:`~florentine_envs.core.game.Game` protocol; it needs nothing from the game but
``randomize_hidden``, ``step``, the legal masks, ``ranks`` and (for heuristic rollouts)
the game's heuristic agent.

    >>> import florentine_envs
    >>> from florentine_envs.agents import make_agent
    >>> game = florentine_envs.make("medici", num_players=2)
    >>> agent = make_agent("ismcts:32:textbook:wave=8", game, seed=1)
    >>> state = game.init([7])
    >>> action = agent.act_state(state, [0])
    >>> bool(state.legal_action_mask[0, action[0]])
    True

**Spec.** ``ismcts:N[:PRESET][:key=value]...`` -- N simulations (iterations) per decision,
then at most one preset (a bare name, or ``preset=NAME``) and options in any order; the
options override the preset's values. The presets (:data:`PRESETS`; each a function of N):

============  ===========================================================================
preset        options
============  ===========================================================================
``default``   what ``ismcts:N`` means: the game's tuned preset (:data:`TUNED`: per game and
              player count, the measured best; ``textbook`` where a game has no heuristic)
``textbook``  the plain algorithm, every option at the default of the table below
``K``         ``prior=heuristic:plies=1:rollout=heuristic:keep=1:wave=4:dets=D`` with
              ``D = min(16, max(1, N // 2))``: the heuristic's candidate moves judged by its
              own continuation, its move left only on evidence from finished games
``M``         ``prior=heuristic:plies=1:rollout=heuristic:wave=16:pair=1:value=margin:``
              ``scale=20:keep=2:dets=N``: the same with every candidate tried on the same
              determinisations and compared deal by deal (Medici)
============  ===========================================================================

The tuned presets (README, "Agents", has the tournaments behind them): Medici ``M``;
Firenze ``K:top=3:depth=40:value=margin``; the Florenza card game ``K:top=3``; the Princes
(solo included), the Florenza board game ``K``. So ``ismcts:16`` on Firenze is
``ismcts:16:K:top=3:depth=40:value=margin`` and ``ismcts:16:textbook`` the textbook search.
The table below gives the textbook values:

=============  =========  ===================================================================
key            default    meaning
=============  =========  ===================================================================
``rollout``    ``random`` rollout policy: ``random`` (uniform legal) or ``heuristic`` (the
                          game's rule-based agent, batched)
``c``          ``0.7``    UCB exploration constant (values lie in [0, 1])
``depth``      ``0``      rollout moves after leaving the tree before the game is scored as
                          it stands (0: play every rollout to the end)
``dets``       ``0``      determinisations per decision, cycled over the iterations
                          (0: a fresh one for every iteration, as in Cowling et al.); the
                          simulations of one determinisation share their rollout seed
                          (common random numbers)
``wave``       ``8``      iterations per tree run together in one batch (virtual loss)
``value``      ``win``    what a simulation is worth to each player: ``win`` (1 for first
                          place, shared between joint winners, else 0), ``rank``
                          (``(P - rank) / (P - 1)``) or ``margin``
                          (``0.5 + 0.5 tanh((score - mean of the others) / scale)`` on the
                          game's ``running_scores``, its standing "if the game ended now":
                          graded, for short rollouts that rarely change who leads)
``scale``      ``10``     score points of the ``margin`` value (both games score ~100)
``prior``      ``none``   ``heuristic``: at every tree step the game's heuristic agent names
                          its move, which is expanded first and gets the progressive bias
``bias``       ``1``      weight of that bias, ``bias / (visits + 1)`` added to its UCB score
``top``        ``0``      with the prior: only the ``top`` legal actions the heuristic rates
                          best are candidates at every tree step (needs a heuristic with a
                          ``scores(obs, mask)`` method: Firenze, the Florenza card game,
                          Medici); 0: all
``keep``       ``0``      with the prior: play the heuristic's move unless another root action
                          beats it by ``keep`` standard errors, counting only simulations
                          played to the end of the game (0: the most visited action)
``plies``      ``0``      tree moves per simulation at most, then the rollout (1: only the
                          root branches, each move judged by the rollout policy's
                          continuation; 0: no limit)
``pair``       ``0``      1 (with the prior, ``keep`` and ``dets``): every root candidate is
                          tried on the same determinisations (round robin: simulation i
                          plays candidate ``i mod A`` on determinisation
                          ``floor(i / A) mod dets``, not UCB), and ``keep`` tests each move's
                          paired differences from the heuristic's move, so the luck of the
                          draw cancels (Medici, where it dwarfs the moves' differences)
=============  =========  ===================================================================

e.g. ``ismcts:400:textbook:depth=20:value=margin``. The textbook values are the plain
algorithm; the strongest settings measured (docs/studies/search-ladder.md), now the tuned presets, add
``prior=heuristic``, and on Firenze, where
random rollouts say nothing and the running score a few moves ahead says little, judge the
heuristic's best moves by its own continuation and leave its move only on evidence from
finished games, ``prior=heuristic:top=3:plies=1:rollout=heuristic:depth=40:value=margin:keep=1:wave=4``
(docs/studies/search-ladder.md: 67 % of 100 games against the Firenze heuristic with 16 simulations); on Medici,
where what the deck brings next outweighs the difference between two moves, the same with
``pair=1`` (docs/studies/search-ladder.md). Ranks and scores
are the game's own (``game.ranks``, ``game.running_scores``), so a rollout cut by ``depth`` is scored as the game
stands at that point.

**Algorithm.** Single-observer ISMCTS (SO-ISMCTS; Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012), i.e. UCT (Kocsis and
Szepesvári 2006) over the acting player's information sets:

1. *Determinise*: each iteration draws a full state consistent with what the acting player
   knows, ``game.randomize_hidden(state, player, seed)`` (every game's leak test checks that it
   keeps that player's observation and legal actions). The true hidden state is read by
   nothing else, so the decision is a function of the player's information set and the seed.
2. *Select*: a node is an information set of the searching player: the actions played since
   the decision (every player's; moves are public in the games so far -- a game with hidden
   moves would need the multiple-observer variant) and what the player saw after each, its
   observation (so a revealed card branches the tree, an opponent's hidden draw does not;
   keyed by the action history alone, the tree would choose the same move whatever card was
   revealed). Only actions legal *in this determinisation* are
   candidates; among them UCB1 with *availability* counts,
   ``mean + c * sqrt(ln(available) / visits)``, where ``available`` counts the visits of the
   parent in which the action was legal. Each edge stores the value for the player who moved.
3. *Expand* one untried legal action (chosen at random), then *roll out* with the rollout
   policy to the end of the game, or for ``depth`` moves after which the game is scored by the
   current scores.
   With ``prior=heuristic`` the untried action expanded first is the heuristic's move in this
   determinisation, and that move's UCB score gets the *progressive bias* ``bias / (n + 1)``
   (Chaslot, Winands, van den Herik, Uiterwijk and Bouzy, "Progressive strategies for
   Monte-Carlo tree search", New Math. and Nat. Computation 4(3), 2008): with few simulations
   the search keeps to the heuristic's move unless the simulations show a better one, which
   matters where the branching factor is close to the budget (Firenze).
4. *Back up* the simulation's value of each player along the path, every edge taking the
   value of the player who moved there.

The move played is the most visited root action (ties: better mean, then lower action id).
With ``keep=z`` it is the heuristic's move unless another root action's mean value, over the
simulations through it that reached the end of the game, beats the heuristic move's by ``z``
standard errors of the difference (a one-sided Welch test; each spread shrunk toward 1/12 by one
pseudo-observation). A rollout cut by ``depth`` is valued by a guess whose bias no number of
simulations removes (in Firenze the running score 20 moves ahead hardly predicts the end), so
such simulations steer the tree but never overrule the prior; and a decision whose first wave
reaches no end of game stops there and plays the heuristic's move (no evidence can come).
With ``pair=1`` the test is paired: a move's value minus the heuristic move's on each
determinisation both were tried on (common random numbers; the rollouts of one determinisation
share their seed), so only the difference the move makes is weighed, not the deal.
Chance outcomes are fixed by the determinisation; they branch the tree only as far as the
searching player sees them.

**Batching.** Iterations run in *waves*: each of the M decisions being searched (one per
game of the batch handed to :meth:`ISMCTSAgent.act_state`) starts ``wave`` iterations at once,
and all ``M * wave`` determinised games are stacked into one batch state that the engine
steps together, tree moves and rollout moves alike, until every simulation has ended. Within
a wave, iterations of one tree see each other through *virtual loss* (Chaslot, Winands and van
den Herik, "Parallel Monte-Carlo Tree Search", 2008): a visit is counted when an edge is
chosen and its value only when the simulation ends, so the next iteration of the wave is
steered away from a branch already being explored. Finished simulations are dropped from the
batch as the wave thins out.

**Determinism.** A decision is a pure function of the agent's seed, the options, the acting
player's observation and legal actions (hashed into the decision's seed) and the information
set: determinisations, expansion choices and random rollout moves come from counter-based
hashes of that seed, never from a generator shared across the batch, so a decision does not
depend on which other decisions it was searched with or in which order.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
from collections.abc import Callable

import numpy as np

from florentine_envs.core.game import Game, legal_counts
from florentine_envs.core.rng import hash64
from florentine_envs.core.state import State

from .base import Agent
from .heuristics import HEURISTICS, make_heuristic

ROLLOUTS = ("random", "heuristic")
VALUES = ("win", "rank", "margin")
PRIORS = ("none", "heuristic")
MAX_WAVE_TICKS = 1_000_000  # guard: a wave still running after this many moves is an engine bug
COMPACT_BELOW = 0.75  # drop finished simulations from the batch once fewer than this share still run


class SearchStopped(Exception):
    """The search was stopped by :attr:`ISMCTSAgent.should_stop` before it chose a move."""


# hash64 streams of the agent's randomness (any distinct constants)
_STREAM_DECISION = 0x15C7
_STREAM_DETERMINISE = 0x15C8
_STREAM_ROLLOUT = 0x15C9
_STREAM_EXPAND = 0x15CA


@dataclasses.dataclass(frozen=True)
class ISMCTSConfig:
    """The options of a spec string (see the module docstring)."""

    simulations: int
    rollout: str = "random"
    exploration: float = 0.7
    depth: int = 0
    determinizations: int = 0
    wave: int = 8
    value: str = "win"
    scale: float = 10.0
    prior: str = "none"
    bias: float = 1.0
    top: int = 0
    keep: float = 0.0
    plies: int = 0
    pair: int = 0

    #: spec key -> field name
    KEYS = {"rollout": "rollout", "c": "exploration", "depth": "depth", "dets": "determinizations",
            "wave": "wave", "value": "value", "scale": "scale", "prior": "prior", "bias": "bias",
            "top": "top", "keep": "keep", "plies": "plies", "pair": "pair"}  # fmt: skip

    @classmethod
    def parse(cls, spec: str, game: str | None = None, num_players: int | None = None) -> ISMCTSConfig:
        """``ismcts:N[:PRESET][:key=value]...`` -> config for ``game`` (a game id) at ``num_players``,
        which the ``default`` preset needs (without a game it is ``textbook``); ``ValueError``
        naming the bad part and what is allowed.

        >>> config = ISMCTSConfig.parse("ismcts:200:rollout=heuristic:c=1.0")
        >>> config.simulations, config.rollout, config.exploration, config.depth
        (200, 'heuristic', 1.0, 0)
        >>> config = ISMCTSConfig.parse("ismcts:16", "firenze", 2)
        >>> config.prior, config.top, config.depth, config.determinizations
        ('heuristic', 3, 40, 8)
        """
        usage = f"write ismcts:N[:PRESET][:key=value]..., presets: {', '.join(PRESETS)}; keys: {', '.join(cls.KEYS)}"
        parts = spec.split(":")
        if parts[0] != "ismcts" or len(parts) < 2:
            raise ValueError(f"agent spec {spec!r}: {usage}")
        try:
            simulations = int(parts[1])
        except ValueError:
            raise ValueError(f"agent spec {spec!r}: N (simulations per decision) must be an integer; {usage}") from None
        preset, options = None, {}
        for part in parts[2:]:
            key, equals, text = part.partition("=")
            if not equals and key in PRESETS or key == "preset":
                if preset is not None:
                    raise ValueError(f"agent spec {spec!r}: two presets ({preset}, {text or key}); give one")
                preset = text if equals else key
                if preset not in PRESETS:
                    raise ValueError(f"agent spec {spec!r}: unknown preset {preset!r}; presets: {', '.join(PRESETS)}")
                continue
            if not equals or key not in cls.KEYS:
                raise ValueError(
                    f"agent spec {spec!r}: option {part!r} is neither a preset nor key=value with a known key; {usage}"
                )
            name = cls.KEYS[key]
            kind = type(getattr(cls, name))
            try:
                options[name] = kind(text)
            except ValueError:
                raise ValueError(f"agent spec {spec!r}: {key}={text!r} must be a {kind.__name__}") from None
        fields = preset_options(preset or "default", simulations, game, num_players)
        return cls(simulations=simulations, **{**{cls.KEYS[key]: value for key, value in fields.items()}, **options})

    def __post_init__(self):
        checks = [
            (self.simulations >= 1, f"N (simulations) must be at least 1, got {self.simulations}"),
            (self.rollout in ROLLOUTS, f"rollout={self.rollout!r}; allowed: {', '.join(ROLLOUTS)}"),
            (math.isfinite(self.exploration) and self.exploration >= 0, f"c={self.exploration} must be >= 0"),
            (self.depth >= 0, f"depth={self.depth} must be >= 0 (0: rollouts to the end)"),
            (self.determinizations >= 0, f"dets={self.determinizations} must be >= 0 (0: one per iteration)"),
            (self.wave >= 1, f"wave={self.wave} must be at least 1"),
            (self.value in VALUES, f"value={self.value!r}; allowed: {', '.join(VALUES)}"),
            (math.isfinite(self.scale) and self.scale > 0, f"scale={self.scale} must be > 0"),
            (self.prior in PRIORS, f"prior={self.prior!r}; allowed: {', '.join(PRIORS)}"),
            (math.isfinite(self.bias) and self.bias >= 0, f"bias={self.bias} must be >= 0"),
            (self.top >= 0, f"top={self.top} must be >= 0 (0: every legal action is a candidate)"),
            (math.isfinite(self.keep) and self.keep >= 0, f"keep={self.keep} must be >= 0 (0: most visited)"),
            (self.plies >= 0, f"plies={self.plies} must be >= 0 (0: the tree grows as deep as it likes)"),
            (self.prior == "heuristic" or not (self.top or self.keep),
             "top= and keep= rank moves by the heuristic: they need prior=heuristic"),
            (self.pair in (0, 1), f"pair={self.pair} must be 0 or 1"),
            (not self.pair or (self.keep > 0 and self.determinizations > 0),
             "pair=1 compares moves on shared determinisations by the keep test: it needs keep= and dets="),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(f"ismcts: {message}")

    @property
    def spec(self) -> str:
        """The canonical spec string (every option written out)."""
        options = ":".join(f"{key}={getattr(self, name)}" for key, name in self.KEYS.items())
        return f"ismcts:{self.simulations}:{options}"


# ------------------------------------------------------------------------------ presets


def _guided(simulations: int) -> dict:
    """``K``: the heuristic's candidates judged by its own continuation (README, "Agents")."""
    return {"prior": "heuristic", "plies": 1, "rollout": "heuristic", "keep": 1.0, "wave": 4,
            "dets": min(16, max(1, simulations // 2))}  # fmt: skip


def _paired(simulations: int) -> dict:
    """``M``: ``K`` with every candidate tried on the same determinisations (README, "Agents")."""
    return {"prior": "heuristic", "plies": 1, "rollout": "heuristic", "wave": 16, "pair": 1,
            "value": "margin", "scale": 20.0, "keep": 2.0, "dets": simulations}  # fmt: skip


#: named presets: N -> {spec key: value}; ``default`` is resolved per game by :data:`TUNED`
PRESETS = {"default": None, "textbook": lambda n: {}, "K": _guided, "M": _paired}

#: the tuned settings of each game, as ``(preset, extra options)``: by ``(game, players)`` where a
#: player count was tuned apart, else by game. All were measured at 2 players (README, "Agents",
#: the ladder and "The defaults"); the other counts take the same until measured.
TUNED: dict = {
    "medici": ("M", {}),
    "firenze": ("K", {"top": 3, "depth": 40, "value": "margin"}),
    "florenza_cards": ("K", {"top": 3}),
    "florenza": ("K", {}),  # untuned: 4 of 12 games against the heuristic with 16 simulations (README)
    "princes": ("K", {}),
    "princes_solo": ("K", {}),
}


def tuned_preset(game: str | None, num_players: int | None = None) -> tuple[str, dict]:
    """``(preset, extra options)`` of ``game``'s tuned settings; ``("textbook", {})`` for none."""
    found = TUNED.get((game, num_players), TUNED.get(game))
    if found is None:
        return "textbook", {}
    preset, extra = found
    if preset in ("K", "M"):  # both guide the search by the game's heuristic
        if game not in HEURISTICS:
            return "textbook", {}
    return preset, extra


def preset_options(preset: str, simulations: int, game: str | None = None, num_players: int | None = None) -> dict:
    """``{spec key: value}`` of ``preset`` with N = ``simulations`` (``default``: ``game``'s tuned one)."""
    if preset not in PRESETS:
        raise ValueError(f"ismcts: unknown preset {preset!r}; presets: {', '.join(PRESETS)}")
    extra: dict = {}
    if preset == "default":
        preset, extra = tuned_preset(game, num_players)
    return {**PRESETS[preset](simulations), **extra}


def describe_default(game: str, num_players: int | None = None) -> str:
    """What ``ismcts:N`` means on ``game``: ``"K:top=3"`` and the like."""
    preset, extra = tuned_preset(game, num_players)
    return ":".join([preset] + [f"{key}={value}" for key, value in extra.items()])


# ------------------------------------------------------------------------------ batch states


def stack_states(states: list[State]) -> State:
    """One batch state holding the games of ``states`` (all of one game class) in order."""
    if len(states) == 1:
        return states[0]
    fields = [s.arrays() for s in states]
    return dataclasses.replace(states[0], **{name: np.concatenate([f[name] for f in fields]) for name in fields[0]})


def repeat_game(state: State, game: int, copies: int) -> State:
    """``copies`` copies of game ``game`` of ``state`` as a new batch state."""
    return state.select(np.full(copies, game, np.int64))


def uniform(seeds: np.ndarray, stream: int, counter: int) -> np.ndarray:
    """float64[n] uniform in [0, 1), a counter-based hash of each row's seed (uint64[n])."""
    return (hash64(seeds, stream, counter) >> np.uint64(11)).astype(np.float64) * 2.0**-53


def kth_legal(mask: np.ndarray, u: np.ndarray) -> np.ndarray:
    """int[n]: the ``floor(u * count)``-th legal action of each row of ``mask`` (bool[n, A]),
    i.e. a uniform legal action for ``u`` uniform in [0, 1)."""
    k = (u * legal_counts(mask)).astype(np.int64)
    return (mask.cumsum(1) > k[:, None]).argmax(1)


# ------------------------------------------------------------------------------ tree


class SearchTree:
    """One ISMCTS tree over the information sets of one observer (the player searching).

    A *node* is an information set of the observer: node 0 is the root; the node reached by
    playing an action from a node is told apart by the observer's observation after the move,
    so a public chance outcome (a revealed card) leads to different nodes while hidden ones (an
    opponent's draw) do not. An *edge* is an action at a node; its statistics are ``visits``
    (virtual visits included), ``total`` (summed value for the player who took it) and
    ``available`` (visits of its node in which the action was legal); ``outcomes[edge]`` maps
    the digest of the observation after the move to the next node.
    """

    __slots__ = ("edges", "outcomes", "visits", "total", "available", "seed", "expansions", "anchor",
                 "ended", "ended_total", "ended_squares", "simulations_ended", "paired")

    def __init__(self, seed: int):
        self.edges: list[dict[int, int]] = [{}]  # per node: action -> edge
        self.outcomes: list[dict[bytes, int]] = []  # per edge: observation digest -> node
        self.visits: list[float] = []
        self.total: list[float] = []
        # the simulations through each edge that reached the end of the game (not cut by
        # ``depth``): their count, summed value and summed squared value, the evidence ``keep`` trusts
        self.ended: list[float] = []
        self.ended_total: list[float] = []
        self.ended_squares: list[float] = []
        self.simulations_ended = 0
        self.available: list[float] = []
        self.seed = seed  # uint64 seed of the random expansion choices
        self.expansions = 0
        self.anchor = -1  # the prior's move at the root (-1: no prior)
        #: with ``pair``: root action -> {determinisation: [summed value, simulations]} of the
        #: simulations played to the end
        self.paired: dict[int, dict[int, list[float]]] = {}

    def select(
        self, node: int, legal: list[int], exploration: float, hint: int = -1, bias: float = 0.0
    ) -> tuple[int, int, bool]:
        """Choose among ``legal`` (the actions legal in this determinisation) at ``node``:
        an untried one if any (``hint`` first, else at random), else the best UCB1 score with
        availability counts, plus the progressive bias ``bias / (visits + 1)`` for ``hint``.
        Counts a (virtual) visit of the chosen edge. Returns ``(edge, action, expanded)``."""
        edges = self.edges[node]
        if node == 0 and hint >= 0:
            self.anchor = hint  # what the player sees at the root is the same in every determinisation
        untried = []
        for action in legal:
            edge = edges.get(action)
            if edge is None:
                untried.append(action)
            else:
                self.available[edge] += 1.0
        if untried:
            if hint in untried:
                action = hint
            else:
                pick = int(hash64(self.seed, _STREAM_EXPAND, self.expansions) % np.uint64(len(untried)))
                self.expansions += 1
                action = untried[pick]
            edge = edges[action] = len(self.visits)
            self.outcomes.append({})
            self.visits.append(1.0)
            self.total.append(0.0)
            self.ended.append(0.0)
            self.ended_total.append(0.0)
            self.ended_squares.append(0.0)
            self.available.append(1.0)
            return edge, action, True
        best, best_action, best_score = -1, -1, -math.inf
        visits, total, available = self.visits, self.total, self.available
        for action in legal:  # legal is sorted: ties go to the lower action id
            edge = edges[action]
            n = visits[edge]
            score = total[edge] / n + exploration * math.sqrt(math.log(available[edge]) / n)
            if action == hint:
                score += bias / (n + 1.0)
            if score > best_score:
                best, best_action, best_score = edge, action, score
        visits[best] += 1.0
        return best, best_action, False

    def follow(self, edge: int, digest: bytes) -> int:
        """The node reached along ``edge`` when the observer then sees ``digest`` (created if new)."""
        node = self.outcomes[edge].get(digest)
        if node is None:
            node = self.outcomes[edge][digest] = len(self.edges)
            self.edges.append({})
        return node

    def record(self, edge: int, value: float, ended: bool) -> None:
        """Back up one simulation's ``value`` (for the player who took ``edge``); ``ended``:
        it was played to the end of the game."""
        self.total[edge] += value
        if ended:
            self.ended[edge] += 1.0
            self.ended_total[edge] += value
            self.ended_squares[edge] += value * value

    def record_paired(self, action: int, determinisation: int, value: float) -> None:
        """``pair``: a simulation through root ``action`` on ``determinisation`` played to the end."""
        held = self.paired.setdefault(action, {}).setdefault(determinisation, [0.0, 0.0])
        held[0] += value
        held[1] += 1.0

    def paired_difference(self, action: int) -> tuple[float, float] | None:
        """(mean, squared standard error) of ``action``'s value minus the anchor's over the
        determinisations both were played to the end on; None for fewer than two. The spread is
        shrunk by one pseudo-observation of 1/12, as in :meth:`mean_and_error`."""
        mine, anchor = self.paired.get(action, {}), self.paired.get(self.anchor, {})
        shared = sorted(mine.keys() & anchor.keys())
        if len(shared) < 2:
            return None
        diffs = np.array([mine[d][0] / mine[d][1] - anchor[d][0] / anchor[d][1] for d in shared])
        n = diffs.size
        spread = float(((diffs - diffs.mean()) ** 2).sum()) + 1.0 / 12.0
        return float(diffs.mean()), spread / (n * n)

    def best_action(self, keep: float = 0.0) -> int:
        """The most visited root action (ties: higher mean value, then lower action id); with
        ``keep`` > 0, the prior's move unless another root action beats it by ``keep`` standard
        errors (the best such action by its mean), counting only simulations that reached the
        end of the game: a cut-off rollout's value is a guess with a bias no number of
        simulations removes, so it may steer the search but not overrule the prior."""
        root, visits, total = self.edges[0], self.visits, self.total
        if keep <= 0 or self.anchor not in root:
            return min(root, key=lambda a: (-visits[root[a]], -total[root[a]] / visits[root[a]], a))
        if self.paired:  # pair: each move against the anchor on the determinisations both saw
            choice, choice_gain = self.anchor, 0.0
            for action in sorted(self.paired):
                found = self.paired_difference(action) if action != self.anchor else None
                if found and found[0] > choice_gain and found[0] > keep * math.sqrt(found[1]):
                    choice, choice_gain = action, found[0]
            return choice
        anchor = self.mean_and_error(root[self.anchor])
        if anchor is None:
            return self.anchor
        choice, choice_mean = self.anchor, anchor[0]
        for action, edge in sorted(root.items()):
            other = self.mean_and_error(edge)
            if other is None:
                continue
            mean, var = other
            if mean > choice_mean and mean - anchor[0] > keep * math.sqrt(var + anchor[1]):
                choice, choice_mean = action, mean
        return choice

    def mean_and_error(self, edge: int) -> tuple[float, float] | None:
        """(mean value, squared standard error of the mean) of the simulations through ``edge``
        that reached the end of the game; None for fewer than two. The spread is shrunk toward
        1/12 (a uniform value in [0, 1]) by one pseudo-observation, so that a few equal values
        (three wins in three) do not pass for certainty."""
        n = self.ended[edge]
        if n < 2:
            return None
        mean = self.ended_total[edge] / n
        spread = max(self.ended_squares[edge] - n * mean * mean, 0.0) + 1.0 / 12.0
        return mean, spread / (n * n)

    def root_visits(self) -> dict[int, int]:
        """``{action: visits}`` at the root."""
        return {action: int(self.visits[edge]) for action, edge in sorted(self.edges[0].items())}

    @property
    def num_nodes(self) -> int:
        return len(self.edges)


# ------------------------------------------------------------------------------ agent


class ISMCTSAgent(Agent):
    """Single-observer ISMCTS with batched rollouts (see the module docstring)."""

    name = "ismcts"
    needs_state = True

    def __init__(self, game: Game, spec: str | ISMCTSConfig = "ismcts:100", seed: int = 0):
        super().__init__(game, seed)
        if isinstance(spec, ISMCTSConfig):
            self.config = spec
        else:
            self.config = ISMCTSConfig.parse(spec, game.name, game.num_players)
        if not 0 <= int(seed) < 2**63:
            raise ValueError(f"ismcts: seed must be an integer in 0..2**63-1, got {seed!r}")
        self.seed = int(seed)
        heuristic = None
        if "heuristic" in (self.config.rollout, self.config.prior):
            try:
                heuristic = make_heuristic(game, seed=seed)
            except ValueError as err:
                raise ValueError(f"ismcts: rollout=heuristic and prior=heuristic need one: {err}") from None
        self.rollout_agent = heuristic if self.config.rollout == "heuristic" else None
        self.prior_agent = heuristic if self.config.prior == "heuristic" else None
        if self.config.top and not callable(getattr(heuristic, "scores", None)):
            raise ValueError(
                f"ismcts: top={self.config.top} needs a heuristic that rates every action (a scores(obs, mask) "
                f"method); the {game.name} heuristic only names its move: leave top out"
            )
        #: the trees of the last call of :meth:`act_state` (for inspection and tests)
        self.last_trees: list[SearchTree] = []
        #: checked before every wave: True stops the search with :class:`SearchStopped`, no move
        #: chosen (``florentine serve``'s deadline on a computer player's move); None: never
        self.should_stop: Callable[[], bool] | None = None

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        raise ValueError(
            "ismcts searches from the game state: call act_state(state, rows) "
            "(florentine_envs.training.match.play_games, "
            "tournaments and `florentine play` do); it cannot act from observations alone"
        )

    def act_state(self, state: State, rows, obs: np.ndarray | None = None) -> np.ndarray:
        """int[n]: the searched action for the pending decision of each game ``rows`` (int[n]) of
        ``state``. ``obs`` (float32[n, obs_size]): those games' observations for the players to
        move, if the caller has them. The true state is read only through
        ``game.randomize_hidden``, the legal mask and the player to move."""
        rows = np.atleast_1d(np.asarray(rows, np.int64))
        roots = state.select(rows)
        if obs is None:
            obs = self.game.observe(roots, roots.current_player)
        mask = roots.legal_action_mask
        if (roots.terminated | ~mask.any(1)).any():
            bad = int(np.flatnonzero(roots.terminated | ~mask.any(1))[0])
            raise ValueError(f"ismcts: game {int(rows[bad])} of the batch has no decision pending")
        actions = mask.argmax(1)  # the only legal action where there is one
        seeds = self.decision_seeds(obs, mask)
        search = np.flatnonzero(legal_counts(mask) > 1)
        self.last_trees = []
        if search.size:
            actions[search] = self.search(roots.select(search), seeds[search])
        return actions

    def decision_seeds(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """uint64[n]: the agent seed hashed with each row's observation and legal mask."""
        digests = [
            int.from_bytes(hashlib.blake2b(o.tobytes() + m.tobytes(), digest_size=7).digest(), "little")
            for o, m in zip(np.ascontiguousarray(obs, np.float32), np.ascontiguousarray(mask, bool))
        ]
        return hash64(np.uint64(self.seed), _STREAM_DECISION, np.array(digests, np.int64))

    # ---------------------------------------------------------------- search

    def search(self, roots: State, seeds: np.ndarray) -> np.ndarray:
        """int[M]: the move chosen for each of the M root states (live decisions) from its seed."""
        cfg = self.config
        M = roots.batch_size
        players = roots.current_player.astype(np.int64)
        trees = [SearchTree(int(seed)) for seed in seeds]
        fixed = None
        if cfg.determinizations:  # a fixed set per decision, cycled over the iterations
            fixed = [self.determinise(roots, m, int(players[m]), seeds[m], 0, cfg.determinizations) for m in range(M)]
        candidates = self.root_candidates(roots) if cfg.pair else None
        live = np.arange(M)  # the decisions still searched
        for first in range(0, cfg.simulations, cfg.wave):
            if self.should_stop is not None and self.should_stop():
                raise SearchStopped(f"ismcts: stopped after {first} of {cfg.simulations} simulations")
            if cfg.keep and first:
                # keep trusts only simulations played to the end: where the first wave shows the
                # end of the game lies beyond the rollout depth, nothing can overrule the prior
                live = np.array([m for m in live if trees[m].simulations_ended], np.int64)
                if not live.size:
                    break
            size = min(cfg.wave, cfg.simulations - first)
            iterations = first + np.arange(size)
            forced = None
            if candidates is not None:  # round robin: candidate i mod A on determinisation i // A
                counts = {m: len(candidates[m]) for m in live.tolist()}
                det_of = np.concatenate([(iterations // counts[m]) % cfg.determinizations for m in live])
                forced = np.concatenate([np.take(candidates[m], iterations % counts[m]) for m in live])
            elif fixed is not None:
                det_of = np.tile(iterations % cfg.determinizations, live.size)
            else:
                det_of = np.tile(iterations, live.size)  # a fresh determinisation per iteration
            if fixed is not None:
                dets = [fixed[m].select(det_of[k * size : (k + 1) * size]) for k, m in enumerate(live)]
            else:
                dets = [self.determinise(roots, m, int(players[m]), seeds[m], 1 + first, size) for m in live]
            tree_of = np.repeat(live, size)  # int[n*size] tree of each simulation
            # with a fixed set, simulations of one determinisation share their rollout randomness
            # too (common random numbers: the moves they try are compared on the same luck)
            rollout_seeds = hash64(seeds[tree_of], _STREAM_ROLLOUT, det_of)
            self.run_wave(stack_states(dets), trees, tree_of, rollout_seeds, players[tree_of], forced, det_of)
        self.last_trees = trees
        return np.array([tree.best_action(cfg.keep) for tree in trees], np.int64)

    def root_candidates(self, roots: State) -> list[np.ndarray]:
        """Per root (``pair``): the moves tried in turn, int[A] -- the heuristic's ``top`` rated
        or every legal move -- the same in every determinisation (a redraw keeps the legal moves)."""
        _, candidates = self.guide(roots, np.arange(roots.batch_size))
        if candidates is None:
            return [np.flatnonzero(m) for m in roots.legal_action_mask]
        return [np.array(c, np.int64) for c in candidates]

    def determinise(self, roots: State, game: int, player: int, seed, counter: int, copies: int) -> State:
        """``copies`` determinisations of root ``game`` for ``player``, from (seed, counter)."""
        redraw_seed = int(hash64(seed, _STREAM_DETERMINISE, counter) >> np.uint64(1))  # a non-negative int64
        return self.game.randomize_hidden(repeat_game(roots, game, copies), player, redraw_seed)

    def run_wave(self, batch: State, trees: list[SearchTree], tree_of: np.ndarray, seeds: np.ndarray,
                 observers: np.ndarray, forced: np.ndarray | None = None,
                 det_of: np.ndarray | None = None) -> None:  # fmt: skip
        """Run one simulation per game of ``batch`` (R determinised roots, R = len(tree_of)),
        simulation r in tree ``trees[tree_of[r]]`` for the player ``observers[r]``, with
        rollout seed ``seeds[r]``; then back up. ``forced`` (int[R], ``pair``): each
        simulation's root move, and ``det_of`` (int[R]) its determinisation, for the paired test."""
        game, cfg = self.game, self.config
        R = batch.batch_size
        node = [0] * R  # current tree node of each simulation
        paths: list[list[tuple[int, int]]] = [[] for _ in range(R)]  # (edge, player who took it)
        in_tree = np.ones(R, bool)
        moves = np.zeros(R, np.int64)  # rollout moves played
        values = np.zeros((R, game.num_players))  # float[R, P] value of each simulation to each player
        finished = np.zeros(R, bool)
        played_out = np.zeros(R, bool)  # finished at the end of the game, not cut by ``depth``
        row = np.arange(R)  # simulation held by each row of ``batch`` (rows are dropped as they finish)
        for tick in range(MAX_WAVE_TICKS):
            ended = ~finished[row] & batch.terminated
            if cfg.depth:
                ended |= ~finished[row] & ~in_tree[row] & (moves[row] >= cfg.depth)
            if ended.any():
                values[row[ended]] = self.value(batch, ended)
                played_out[row[ended]] = batch.terminated[ended]
                finished[row[ended]] = True
            running = ~finished[row]
            count = int(running.sum())
            if count == 0:
                break
            if count < COMPACT_BELOW * row.size:
                keep = np.flatnonzero(running)
                batch, row, running = batch.select(keep), row[keep], running[keep]
            actions = batch.legal_action_mask.argmax(1)  # any legal action for the finished rows
            searching = np.flatnonzero(running & in_tree[row])
            edges = []
            hints, candidates = self.guide(batch, searching)
            for i, b in enumerate(searching.tolist()):
                r = int(row[b])
                legal = candidates[i] if candidates else np.flatnonzero(batch.legal_action_mask[b]).tolist()
                if forced is not None and not paths[r]:
                    legal = [int(forced[r])]  # pair: the root move is the round robin's
                edge, action, expanded = trees[tree_of[r]].select(
                    node[r], legal, cfg.exploration, hints[i], cfg.bias
                )
                paths[r].append((edge, int(batch.current_player[b])))
                edges.append(edge)
                actions[b] = action
                if expanded or len(paths[r]) == cfg.plies:
                    in_tree[r] = False  # the rollout starts after this move
            playing = running & ~in_tree[row]
            playing[searching] = False
            if playing.any():
                actions[playing] = self.rollout_actions(batch, playing, seeds[row[playing]], tick)
                moves[row[playing]] += 1
            game.step(batch, actions)
            self.descend(batch, searching, row, edges, node, in_tree, trees, tree_of, observers)
        else:
            raise RuntimeError(f"{game.name}: an ISMCTS wave still running after {MAX_WAVE_TICKS} moves")
        for r in range(R):  # back up: each edge takes the value of the player who took it
            tree, value = trees[tree_of[r]], values[r]
            tree.simulations_ended += bool(played_out[r])
            for edge, mover in paths[r]:
                tree.record(edge, value[mover], played_out[r])
            if forced is not None and played_out[r]:
                tree.record_paired(int(forced[r]), int(det_of[r]), float(value[paths[r][0][1]]))

    def descend(self, batch, searching, row, edges, node, in_tree, trees, tree_of, observers) -> None:
        """After a tree move: move each simulation still in its tree (rows ``searching`` of
        ``batch``, along ``edges``) to the node of what its observer now sees."""
        staying = [i for i, b in enumerate(searching.tolist()) if in_tree[row[b]] and not batch.terminated[b]]
        if not staying:
            return
        rows = searching[staying]
        sims = row[rows]
        seen = self.game.observe(batch.select(rows), observers[sims])  # float32[n, obs_size]
        for i, r, obs in zip(staying, sims.tolist(), seen):
            digest = hashlib.blake2b(obs.tobytes(), digest_size=16).digest()
            node[r] = trees[tree_of[r]].follow(edges[i], digest)

    def guide(self, batch: State, rows: np.ndarray) -> tuple[list[int], list[list[int]] | None]:
        """The prior's move at each tree step (rows ``rows``, int[n], of ``batch``; -1 without a
        prior) and, with ``top``, each step's candidates: the ``top`` legal actions the
        heuristic rates best, in action order (None: every legal action)."""
        if self.prior_agent is None or rows.size == 0:
            return [-1] * rows.size, None
        chosen = batch.select(rows)
        obs = self.game.observe(chosen, chosen.current_player)
        mask = chosen.legal_action_mask
        if not self.config.top:
            return self.prior_agent.act(obs, mask).tolist(), None
        rating = self.prior_agent.scores(obs, mask)  # float[n, A], -inf where illegal
        order = np.argsort(-rating, axis=1, kind="stable")[:, : self.config.top]  # best first, ties: lower id
        legal = np.take_along_axis(mask, order, 1)  # False past the last legal action of a row
        candidates = [sorted(o[ok].tolist()) for o, ok in zip(order, legal)]
        return order[:, 0].tolist(), candidates

    def rollout_actions(self, batch: State, rows: np.ndarray, seeds: np.ndarray, tick: int) -> np.ndarray:
        """int[n]: rollout moves for the rows ``rows`` (bool[R]) of ``batch``."""
        mask = batch.legal_action_mask[rows]
        if self.rollout_agent is None:
            return kth_legal(mask, uniform(seeds, _STREAM_ROLLOUT, tick))
        obs = self.game.observe(batch, batch.current_player)[rows]
        return self.rollout_agent.act(obs, mask)

    def value(self, state: State, rows: np.ndarray) -> np.ndarray:
        """float[n, P] in [0, 1]: what the finished simulations in rows ``rows`` (bool[R]) of
        ``state`` are worth to each player."""
        P = self.game.num_players
        if P == 1:  # one agent against the game itself (the solo Princes): rank 1 is a win or a tie
            return (self.game.ranks(state)[rows] == 1).astype(np.float64)
        if self.config.value == "margin":
            scores = self.game.running_scores(state.select(np.flatnonzero(rows))).astype(np.float64)  # float[n, P]
            others = (scores.sum(1, keepdims=True) - scores) / (P - 1)
            return 0.5 + 0.5 * np.tanh((scores - others) / self.config.scale)
        ranks = self.game.ranks(state)[rows]  # int[n, P]
        if self.config.value == "rank":
            return (P - ranks) / (P - 1)
        first = ranks == 1
        return first / first.sum(1, keepdims=True)

