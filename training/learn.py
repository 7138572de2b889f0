"""Train a game's learned baseline: imitate the heuristic, then reinforce against a league.

    >>> from florentine_envs.training.learn import learn                  # doctest: +SKIP
    >>> result = learn("medici", num_players=2, out_dir="runs/learn")    # doctest: +SKIP
    >>> result["policy"], result["curve"][-1]["vs_heuristic"]            # doctest: +SKIP

Also ``florentine learn medici --players 2`` (``--ship`` copies the policy into the package,
where ``make_agent("learned", game)`` finds it). Each game and player count has a recipe
(:data:`RECIPES`: network widths, how many rounds of each stage); the command line's
options override it, and the command that trained each shipped policy is stored in it.

**The policy** (``--net action``, the default; issue 30) is an action-scoring network: the
state is encoded once (an MLP on the scaled observation) and every legal action is scored by one
small MLP shared over the actions, whose input is the state's encoding joined with the action's
features (``game.action_features``: the component it names with its printed attributes, and
what it would cost and gain as far as the mover can know) -- the "action-in" design of DouZero
(Zha et al. 2021) for card games with large action sets. What it learns about one card's price
carries over to every action naming a card like it, where a logit per action id must be learned
action by action. It takes no heuristic prior (``prior_gain`` 0): it plays alone, and the
shipped policies are all of this kind.

**The MLP** (``--net mlp``) computes one logit per action id from the observation; with
``--prior-gain G`` its logits get G on the move the game's heuristic would make in the same
position (a residual policy, Silver et al. 2018), which then plays at every decision. The
previous round's policies were such MLPs: a plain one imitates the Medici heuristic to 99 %
agreement, but on Firenze, Florenza and the card game the heuristic's choices could not be read
off the flat observation (58-68 % agreement on fresh positions), which is what the action
features are for.

**Without a teacher** (``--teacher none``): no imitation stage, no heuristic labels, prior or
anchor, and a league of the learner's own frozen snapshots and random play only
(:data:`NO_TEACHER`); the heuristic appears only in the evaluations of the curve.

**Shaping** (``--shaping W``, on by default without a teacher). A terminal reward after 100-300
decisions tells a learner from scratch little about which of them won the game. With shaping,
each of the learner's decisions also earns the change, until its next decision, of a potential:
``W`` times its score margin (``game.running_scores``, the score if the game ended now: its
own minus the best other seat's), in units of the round's mean final margin; the potential of
the finished game is 0. Shaping of this form (Ng, Harada & Russell 1999) leaves the best policy
unchanged -- a game's shaped rewards sum to its terminal reward minus the first decision's
potential, whatever happened in between -- but tells each decision at once what it did to the
score. It reads the game's own scoring, not the heuristic. Like the final score, the running
score may count what the mover cannot see (the card game's reserved artists); it only shapes the
rewards, and the networks never read it.

**Stage 1, imitation with DAgger** (Ross, Gordon & Bagnell 2011). Batches of games are
played by a mixture: each seat of each game is the heuristic with probability ``beta``
(1 in the first round, falling linearly to ``beta_end``), the student policy otherwise,
with a few uniformly random moves mixed in for variety (``explore``). Every decision of
every seat is labelled with the heuristic's action for that position -- including the
positions only the student's own mistakes reach, which is what lets it recover from them.
The policy is fitted by masked cross-entropy to those labels, and a value head (a separate
network of the same widths) to each seat's final reward, so that the next stage starts with
a critic that already knows who is winning. Each imitation curve point also measures the
agreement with the heuristic on fresh games the heuristic plays in every seat (decisions with at
least two legal actions): how well the representation carries the heuristic's choices to
positions it was not trained on.

**Stage 2, PPO against a league** (Schulman et al. 2017; the league of earlier selves as in
AlphaStar). The learner takes one seat of each game (seats rotate over the batch); the
other seats are drawn per game from the league: the heuristic, the search (``ismcts:N`` at
the game's tuned preset, where it is cheap enough), frozen earlier snapshots of the learner
(sampling their moves) and random play. The reward is the game's terminal reward for the
learner's seat (+1 for a win, shared on ties); advantages by GAE (gamma 1); a clipped
surrogate with an entropy bonus and a cross-entropy term that keeps the policy near the
heuristic's labels (``anchor``, falling to 0), which stops the first noisy updates from
undoing the imitation.

Every ``eval_every`` rounds the greedy policy plays ``eval_games`` games against random and
against the heuristic on duplicate deals (every seat plays the same deals; a shared first
place is a win), and the run's curve gets a point: training CPU seconds (evaluation
excluded) and both win rates with 95 % Wilson intervals. The shipped policy is the
snapshot with the best win rate against the heuristic (ties: the later; without a teacher,
the last snapshot, so that the heuristic does not choose it), written with float16 weights;
the closing evaluation plays that archive itself.

A run writes ``<out_dir>/<game>_<P>p/``: ``policy.npz``, ``curve.csv``, ``curve.png`` (with
matplotlib) and ``summary.json``.
"""

from __future__ import annotations

import copy
import csv
import dataclasses
import json
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

import florentine_envs
from florentine_envs.agents import HEURISTICS, make_agent
from florentine_envs.agents.base import Agent
from florentine_envs.agents.learned import POLICY_DIR, LearnedAgent, LearnedPolicy, legal_decisions, shipped
from florentine_envs.testing import random_legal_actions
from florentine_envs.training.progress import step
from florentine_envs.training.seat_eval import evaluate, observation_scale


@dataclasses.dataclass
class Recipe:
    """How one policy is trained (each field is also a ``florentine learn`` option)."""

    hidden: tuple[int, ...] = (256, 128)
    prior_gain: float = 0.0  # logit bonus of the heuristic's action (0: the network alone; net "mlp" only)
    net: str = "action"  # "action": each legal action scored from its features; "mlp": logits from the observation
    scorer: tuple[int, ...] = (128, 64)  # hidden widths of the action network's per-action scorer
    # the action network's scorer also reads the action's id (a learned vector per action); off: on the card game
    # it changed nothing (held-out agreement 61.9 % with it, 62.6 % without, 8 imitation rounds)
    id_embedding: bool = False
    teacher: str = "heuristic"  # "none": no heuristic labels, prior or opponents (self-play and random only)
    games: int = 256  # games per round (both stages)
    imitation_rounds: int = 12
    beta_end: float = 0.2  # last imitation round: share of seats still played by the heuristic
    explore: float = 0.03  # share of moves played uniformly at random in imitation rounds
    epochs: int = 3  # passes over each round's data
    rl_rounds: int = 40
    league: dict = dataclasses.field(default_factory=lambda: {"heuristic": 0.6, "self": 0.3, "random": 0.1})
    snapshot_every: int = 5  # RL rounds between frozen snapshots joining the league
    lr: float = 1e-3  # imitation
    rl_lr: float = 1e-4
    clip: float = 0.2
    entropy: float = 0.003
    anchor: float = 0.5  # weight of the heuristic cross-entropy at the first RL round, falling to 0
    # weight of the score-margin potential in the RL stage's rewards (0: the terminal reward alone);
    # potential-based (Ng, Harada & Russell 1999), so the policy that wins most stays the best one
    shaping: float = 0.0
    eval_every: int = 4  # rounds between curve points
    eval_games: int = 200  # games per curve point and opponent (duplicate deals over the seats)
    final_games: int = 1000  # closing evaluation of the shipped archive, per opponent


#: per-game recipes (``(game, players)``): what differs from :class:`Recipe`'s defaults
RECIPES: dict[tuple[str, int], dict] = {
    # Medici's heuristic is learned to 99 % agreement from the observation alone: no prior
    ("medici", 2): {"prior_gain": 0.0, "league": {"heuristic": 0.5, "self": 0.3, "ismcts:16": 0.1, "random": 0.1}},
    # at 4 players the plain network won 64.5 % against three random players, with the prior 72.2 %
    ("medici", 4): {"imitation_rounds": 8, "rl_rounds": 16, "final_games": 400},
    # the search joins Medici's league only: elsewhere its per-call cost (a few games searched at
    # every step) made a round ten times slower than without it
    ("florenza_cards", 2): {"rl_rounds": 160, "eval_every": 8},
    ("florenza_cards", 4): {"imitation_rounds": 8, "rl_rounds": 16, "final_games": 400},
    ("princes", 2): {"rl_rounds": 160, "eval_every": 8},
    ("princes", 4): {"imitation_rounds": 8, "rl_rounds": 16, "final_games": 400},
    ("princes_solo", 1): {"league": {}, "rl_rounds": 120, "eval_every": 8, "final_games": 2000},
    # the slow heuristics (Firenze 4,500 and the Florenza board game 5,700 decisions a second)
    # a 60-round run (6 points) was no better at its 30th round than this one at its 24th: 46.5 % against 52 %
    ("firenze", 2): {"games": 128, "imitation_rounds": 10, "rl_rounds": 24, "final_games": 600},
    ("firenze", 4): {"games": 64, "imitation_rounds": 8, "rl_rounds": 12, "final_games": 200},
    ("florenza", 2): {"games": 128, "imitation_rounds": 10, "rl_rounds": 24, "final_games": 600},
    ("florenza", 4): {"games": 64, "imitation_rounds": 8, "rl_rounds": 12, "final_games": 200},
}


#: what ``--teacher none`` changes in any recipe: no imitation, no prior, no anchor towards the
#: heuristic's labels, and a league of the learner's own snapshots and random play; the score
#: margin shapes the rewards and the learning rate is the from-scratch one (on the Princes at 2
#: players, 16 rounds of 256 games: 61 % against the heuristic with both, 0 % at rl_lr 5e-4
#: without shaping, 1 % with shaping at the fine-tuning rate 1e-4 after 24 rounds)
NO_TEACHER = {"imitation_rounds": 0, "prior_gain": 0.0, "anchor": 0.0, "league": {"self": 0.8, "random": 0.2},
              "shaping": 1.0, "rl_lr": 5e-4}  # fmt: skip
#: league members that play the heuristic's moves (the search's tuned presets roll out with it)
HEURISTIC_OPPONENTS = ("heuristic", "ismcts")


def recipe_for(game_name: str, num_players: int, **overrides) -> Recipe:
    given = {k: v for k, v in overrides.items() if v is not None}
    base = {**RECIPES.get((game_name, num_players), {}), **given}
    unknown = sorted(set(base) - {f.name for f in dataclasses.fields(Recipe)})
    if unknown:
        raise ValueError(f"unknown recipe field(s) {unknown}; allowed: {[f.name for f in dataclasses.fields(Recipe)]}")
    for key in ("hidden", "scorer"):
        if key in base:
            base[key] = tuple(int(h) for h in base[key])
    if base.get("net", "mlp") not in ("mlp", "action"):
        raise ValueError(f"net={base['net']!r}; allowed: 'mlp' or 'action'")
    if base.get("teacher", "heuristic") not in ("heuristic", "none"):
        raise ValueError(f"teacher={base['teacher']!r}; allowed: 'heuristic' or 'none'")
    if base.get("teacher") == "none":
        clash = [k for k in ("imitation_rounds", "prior_gain", "anchor") if given.get(k, NO_TEACHER[k]) != NO_TEACHER[k]]
        clash += [f"league member {name!r}" for name in given.get("league", {})
                  if name.split(":")[0] in HEURISTIC_OPPONENTS]  # fmt: skip
        if clash:
            raise ValueError(f"teacher='none' learns without the heuristic; these settings use it: {clash}")
        base = {**base, **{k: v for k, v in NO_TEACHER.items() if k not in given}}
    if base.get("net") == "action":
        if given.get("prior_gain"):
            raise ValueError("net='action' plays alone: it takes no heuristic prior (prior_gain 0)")
        base["prior_gain"] = 0.0
    return Recipe(**base)


class PolicyValueNet(nn.Module):
    """Policy MLP (``hidden`` ReLU layers, logits, plus ``prior_gain`` on the heuristic's action)
    and a separate value MLP of the same widths."""

    def __init__(self, scale: np.ndarray, num_actions: int, hidden: tuple[int, ...], prior_gain: float = 0.0):
        super().__init__()
        self.num_actions, self.prior_gain = num_actions, float(prior_gain)
        self.register_buffer("scale", torch.as_tensor(np.asarray(scale, np.float32)))  # float32[obs_size]
        widths = [len(scale), *hidden]

        def mlp(out: int) -> nn.Sequential:
            layers: list[nn.Module] = []
            for a, b in zip(widths[:-1], widths[1:]):
                layers += [nn.Linear(a, b), nn.ReLU()]
            return nn.Sequential(*layers, nn.Linear(widths[-1], out))

        self.policy, self.value = mlp(num_actions), mlp(1)

    def forward(self, obs: torch.Tensor, hint=None, pairs=None) -> tuple[torch.Tensor, torch.Tensor]:
        """``hint`` (int[B]): the heuristic's actions, needed when ``prior_gain`` is set
        (``pairs``: read by :class:`ActionScoringNet` only)."""
        x = obs * self.scale
        logits = self.policy(x)
        if self.prior_gain:
            bonus = nn.functional.one_hot(torch.as_tensor(hint, dtype=torch.int64), self.num_actions)
            logits = logits + self.prior_gain * bonus
        return logits, self.value(x).squeeze(-1)

    def export(self, meta: dict) -> LearnedPolicy:
        linears = [m for m in self.policy if isinstance(m, nn.Linear)]
        layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linears]
        return LearnedPolicy(self.scale.numpy(), layers, {**meta, "prior_gain": self.prior_gain})


def feature_scale(game) -> np.ndarray:
    """float32[F]: 1 / the largest magnitude the features' bounds allow, for features whose
    bounds reach past 1 (the rest keep scale 1), so the scorer's inputs sit in about [-1, 1]."""
    low, high = game.action_feature_bounds
    span = np.maximum(np.abs(low), np.abs(high))
    return np.where(span > 1, 1.0 / np.maximum(span, 1e-9), 1.0).astype(np.float32)


class ActionScoringNet(nn.Module):
    """The action-in network (DouZero, Zha et al. 2021): an encoder of the scaled observation
    (``hidden`` ReLU layers) and a scorer shared by every action -- the encoding joined with the
    action's scaled features (float32[F]) through ``scorer`` ReLU layers to one logit. Only the
    legal actions are scored (``pairs``); a separate value MLP of the ``hidden`` widths reads
    the observation. No heuristic prior."""

    prior_gain = 0.0

    def __init__(self, scale: np.ndarray, features: np.ndarray, num_actions: int, hidden: tuple[int, ...],
                 scorer: tuple[int, ...], id_embedding: bool = False):  # fmt: skip
        super().__init__()
        self.num_actions = num_actions
        self.register_buffer("scale", torch.as_tensor(np.asarray(scale, np.float32)))  # float32[obs_size]
        self.register_buffer("fscale", torch.as_tensor(np.asarray(features, np.float32)))  # float32[F]

        def stack(widths: list[int], last_relu: bool) -> nn.Sequential:
            layers: list[nn.Module] = []
            for k, (a, b) in enumerate(zip(widths[:-1], widths[1:])):
                layers.append(nn.Linear(a, b))
                if last_relu or k < len(widths) - 2:
                    layers.append(nn.ReLU())
            return nn.Sequential(*layers)

        self.encoder = stack([len(scale), *hidden], last_relu=True)
        self.scorer = stack([hidden[-1] + len(features), *scorer, 1], last_relu=False)
        self.value = stack([len(scale), *hidden, 1], last_relu=False)
        # the action's id as one more input (a one-hot, so a learned vector per action added to the
        # scorer's first layer; starts at 0): two actions whose features tie -- the same printed
        # attributes, the same gains -- can still be told apart where the teacher tells them apart
        self.id_embed = nn.Embedding(num_actions, (scorer or (1,))[0]) if id_embedding else None
        if self.id_embed is not None:
            nn.init.zeros_(self.id_embed.weight)

    def forward(self, obs: torch.Tensor, hint=None, pairs=None) -> tuple[torch.Tensor, torch.Tensor]:
        """``pairs``: ``(rows int[m], actions int[m], features float32[m, F])``, the legal
        (decision, action) pairs of the batch; logits are -1e9 elsewhere."""
        x = obs * self.scale
        rows, actions, feats = pairs
        encoded = self.encoder(x)
        first = self.scorer[0](torch.cat([encoded[rows], feats * self.fscale], 1))
        if self.id_embed is not None:
            first = first + self.id_embed(actions)
        scores = self.scorer[1:](first).squeeze(-1)
        logits = torch.full((len(obs), self.num_actions), -1e9, dtype=scores.dtype)
        logits = logits.index_put((rows, actions), scores)
        return logits, self.value(x).squeeze(-1)

    def export(self, meta: dict) -> LearnedPolicy:
        def weights(seq: nn.Sequential) -> list:
            return [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
                    for m in seq if isinstance(m, nn.Linear)]  # fmt: skip

        embedding = None if self.id_embed is None else self.id_embed.weight.detach().numpy().copy()
        return LearnedPolicy(self.scale.numpy(), weights(self.encoder), {**meta, "net": "action", "prior_gain": 0.0,
                             "num_actions": self.num_actions}, weights(self.scorer), self.fscale.numpy(),
                             embedding)  # fmt: skip


def legal_pairs(game, state, rows: np.ndarray, mask: np.ndarray) -> dict:
    """The action features of the legal actions of the decisions ``rows`` of ``state`` (for
    the players to move), packed: ``feat`` float16[m, F], ``action`` int32[m], ``count``
    int64[n] (legal actions per decision, in row order)."""
    games = state.select(rows) if len(rows) < state.batch_size else state
    _, actions, features = game.legal_action_features(games, state.current_player[rows])
    return {"feat": features.astype(np.float16), "action": actions.astype(np.int32),
            "count": mask.sum(1).astype(np.int64)}  # fmt: skip


def pairs_tensors(packed: dict, idx: np.ndarray | None = None) -> tuple:
    """``(rows, actions, features)`` tensors of decisions ``idx`` (all: None) of packed pairs
    (:func:`legal_pairs`, concatenated), rows numbered 0..len(idx)-1."""
    count = packed["count"]
    starts = np.concatenate([[0], np.cumsum(count)[:-1]])
    if idx is None:
        idx = np.arange(len(count))
    n = count[idx]
    rows = np.repeat(np.arange(len(idx)), n)
    flat = np.repeat(starts[idx] - np.concatenate([[0], np.cumsum(n)[:-1]]), n) + np.arange(n.sum())
    return (torch.as_tensor(rows), torch.as_tensor(packed["action"][flat].astype(np.int64)),
            torch.as_tensor(packed["feat"][flat].astype(np.float32)))  # fmt: skip


def concat_pairs(parts: list[dict]) -> dict:
    return {key: np.concatenate([p[key] for p in parts]) for key in ("feat", "action", "count")}


class NetAgent(Agent):
    """The network being trained as an :class:`Agent` (greedy, or sampling for league snapshots)."""

    name = "student"

    def __init__(self, game, net: PolicyValueNet | ActionScoringNet, seed: int = 0, greedy: bool = True):
        super().__init__(game, seed)
        self.net, self.greedy = net, greedy
        self.hinter = make_agent("heuristic", game, seed=seed) if net.prior_gain else None
        self.needs_state = isinstance(net, ActionScoringNet)

    def act_state(self, state, rows, obs=None) -> np.ndarray:
        if not self.needs_state:
            return super().act_state(state, rows, obs)
        obs, mask, (pair_rows, actions, features) = legal_decisions(self.game, state, rows, obs)
        pairs = (torch.as_tensor(pair_rows), torch.as_tensor(actions), torch.as_tensor(features, dtype=torch.float32))
        return self.act(obs, mask, pairs=pairs)

    def act(self, obs: np.ndarray, mask: np.ndarray, hint: np.ndarray | None = None, pairs=None) -> np.ndarray:
        if self.hinter is not None and hint is None:
            hint = self.hinter.act(obs, mask)
        with torch.no_grad():
            logits, _ = self.net(torch.as_tensor(obs, dtype=torch.float32), hint, pairs=pairs)
        logits = logits.masked_fill(~torch.as_tensor(mask), -1e9)
        if self.greedy:
            return logits.argmax(1).numpy()
        g = torch.Generator().manual_seed(int(self.rng.integers(2**62)))
        return torch.multinomial(torch.softmax(logits, 1), 1, generator=g).squeeze(1).numpy()


def masked(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(~mask, -1e9)


# --------------------------------------------------------------------------- stage 1: imitation


def imitation_round(game, teacher: Agent, student: NetAgent, recipe: Recipe, beta: float, seeds, rng):
    """Play ``len(seeds)`` games by the teacher/student/random mixture; return every decision's
    ``obs`` float16[n, obs_size], ``mask`` bool[n, A], ``label`` int[n] (the teacher's move),
    ``value`` float32[n] (the seat's final reward) and, for an action network, ``pairs`` (the
    legal actions' features, :func:`legal_pairs`)."""
    state = game.init(np.asarray(seeds, np.uint64))
    B, P = state.batch_size, game.num_players
    by_teacher = rng.random((B, P)) < beta  # bool[B, P]: which seats the heuristic plays
    obs_l, mask_l, label_l, row_l, seat_l, pairs_l = [], [], [], [], [], []
    totals = np.zeros((B, P))
    while not state.terminated.all():
        live = np.flatnonzero(~state.terminated)
        seat = state.current_player[live]
        obs = game.observe(state.select(live), seat) if len(live) < B else game.observe(state, seat)
        mask = state.legal_action_mask[live]
        label = teacher.act_state(state, live, obs)
        packed = legal_pairs(game, state, live, mask) if student.needs_state else None
        actions = np.zeros(B, np.int64)
        chosen = label.copy()
        students = ~by_teacher[live, seat]
        if students.any():
            pairs = None if packed is None else pairs_tensors(packed, np.flatnonzero(students))
            chosen[students] = student.act(obs[students], mask[students], label[students], pairs=pairs)
        wild = rng.random(len(live)) < recipe.explore
        if wild.any():
            chosen[wild] = random_legal_actions(mask[wild], rng)
        actions[live] = chosen
        obs_l.append(obs.astype(np.float16))
        mask_l.append(mask.copy())
        label_l.append(label)
        row_l.append(live)
        seat_l.append(seat)
        if packed is not None:
            pairs_l.append(packed)
        game.step(state, actions)
        totals += state.rewards
    rows, seats = np.concatenate(row_l), np.concatenate(seat_l)
    data = {"obs": np.concatenate(obs_l), "mask": np.concatenate(mask_l), "label": np.concatenate(label_l),
            "value": totals[rows, seats].astype(np.float32)}  # fmt: skip
    if pairs_l:
        data["pairs"] = concat_pairs(pairs_l)
    return data


def batch_pairs(data: dict, idx: np.ndarray):
    """The minibatch ``idx``'s legal-action features, for an action network (else None)."""
    return pairs_tensors(data["pairs"], idx) if "pairs" in data else None


def fit_imitation(net, optimiser, data: dict, recipe: Recipe, rng, batch: int = 1024) -> dict:
    obs, mask, label, value = data["obs"], data["mask"], data["label"], data["value"]
    n = len(label)
    losses, hits = [], []
    for _ in range(recipe.epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            o = torch.as_tensor(obs[idx].astype(np.float32))
            m = torch.as_tensor(mask[idx])
            y = torch.as_tensor(label[idx])
            logits, v = net(o, y, pairs=batch_pairs(data, idx))
            logits = masked(logits, m)
            loss = nn.functional.cross_entropy(logits, y) + 0.5 * ((v - torch.as_tensor(value[idx])) ** 2).mean()
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            optimiser.step()
            losses.append(float(loss.detach()))
            hits.append(float((logits.argmax(1) == y).float().mean()))
    return {"loss": float(np.mean(losses[-20:])), "agreement": float(np.mean(hits[-20:]))}


def heldout_agreement(game, teacher: Agent, net, seeds) -> float:
    """The share of the teacher's decisions the network's greedy move agrees with, on fresh
    games (``seeds``, never trained on) that the teacher plays in every seat. A decision counts
    when at least two actions are legal."""
    student = NetAgent(game, net, seed=0)
    state = game.init(np.asarray(seeds, np.uint64))
    agree = total = 0
    while not state.terminated.all():
        live = np.flatnonzero(~state.terminated)
        label = teacher.act_state(state, live)
        choice = (student.act_state(state, live) if student.needs_state
                  else student.act(game.observe(state.select(live), state.current_player[live]),
                                   state.legal_action_mask[live], label))  # fmt: skip
        counts = state.legal_action_mask[live].sum(1) >= 2
        agree += int((choice == label)[counts].sum())
        total += int(counts.sum())
        actions = np.zeros(state.batch_size, np.int64)
        actions[live] = label
        game.step(state, actions)
    return agree / max(total, 1)


# --------------------------------------------------------------------------- stage 2: PPO league


class League:
    """The opponents of the RL stage: named agents and frozen snapshots of the learner."""

    def __init__(self, game, mix: dict, seed: int):
        self.game, self.seed = game, seed
        self.mix = {k: float(v) for k, v in mix.items() if float(v) > 0}
        self.named = {name: make_agent(name, game, seed=seed + k) for k, name in enumerate(self.mix) if name != "self"}
        self.snapshots: list[NetAgent] = []

    def add_snapshot(self, net: PolicyValueNet, size: int = 8) -> None:
        frozen = copy.deepcopy(net).eval()
        self.snapshots = [*self.snapshots, NetAgent(self.game, frozen, seed=self.seed + 97 * len(self.snapshots),
                                                    greedy=False)][-size:]  # fmt: skip

    def draw(self, n: int, rng) -> list[Agent]:
        """One opponent agent per game (all of a game's other seats)."""
        names = [k for k in self.mix if k != "self" or self.snapshots]
        if not names:
            return []
        weights = np.array([self.mix[k] for k in names])
        picks = rng.choice(len(names), size=n, p=weights / weights.sum())
        agents = []
        for k in picks:
            agents.append(self.snapshots[rng.integers(len(self.snapshots))] if names[k] == "self"
                          else self.named[names[k]])  # fmt: skip
        return agents


def rl_round(game, net, league: League, teacher: Agent, recipe: Recipe, seeds, rng):
    """Play ``len(seeds)`` games, learner in seat ``b % P`` of game b, others from the league;
    return the learner's transitions with GAE advantages and returns."""
    state = game.init(np.asarray(seeds, np.uint64))
    B, P = state.batch_size, game.num_players
    learner_seat = np.arange(B) % P
    opponents = league.draw(B, rng) if P > 1 else []
    groups: dict[int, list[int]] = {}
    for b, agent in enumerate(opponents):
        groups.setdefault(id(agent), []).append(b)
    agent_of = {id(a): a for a in opponents}
    group_rows = {key: np.array(rows) for key, rows in groups.items()}
    buf = {k: [] for k in ("obs", "mask", "action", "logp", "value", "row", "label")}
    totals = np.zeros(B)
    while not state.terminated.all():
        live_mask = ~state.terminated
        cur = state.current_player
        actions = np.zeros(B, np.int64)
        mine = np.flatnonzero(live_mask & (cur == learner_seat))
        if mine.size:
            sub = state.select(mine)
            obs = game.observe(sub, cur[mine])
            mask = state.legal_action_mask[mine]
            if recipe.shaping:
                buf.setdefault("margin", []).append(score_margin(game, sub, cur[mine]))
            # the heuristic's moves: the anchor's labels (none without a teacher)
            label = teacher.act_state(state, mine, obs) if teacher is not None else np.zeros(len(mine), np.int64)
            packed = legal_pairs(game, state, mine, mask) if isinstance(net, ActionScoringNet) else None
            with torch.no_grad():
                logits, value = net(torch.as_tensor(obs), label, pairs=None if packed is None else pairs_tensors(packed))
                logits = masked(logits, torch.as_tensor(mask))
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
                logp = dist.log_prob(action)
            actions[mine] = action.numpy()
            buf["obs"].append(obs.astype(np.float16))
            buf["mask"].append(mask.copy())
            buf["action"].append(action.numpy())
            buf["logp"].append(logp.numpy())
            buf["value"].append(value.numpy())
            buf["row"].append(mine)
            buf["label"].append(label)
            if packed is not None:
                buf.setdefault("pairs", []).append(packed)
        for key, rows in group_rows.items():
            theirs = rows[live_mask[rows] & (cur[rows] != learner_seat[rows])]
            if theirs.size:
                actions[theirs] = agent_of[key].act_state(state, theirs)
        game.step(state, actions)
        totals += state.rewards[np.arange(B), learner_seat]
    pairs = buf.pop("pairs", None)
    data = {k: np.concatenate(v) for k, v in buf.items()}
    if pairs:
        data["pairs"] = concat_pairs(pairs)
    potential = np.zeros(len(data["row"]), np.float32)  # [n]: the shaping potential at each decision
    if recipe.shaping:
        # the margin in units of this round's mean final margin, so that the weight means the same
        # on every game (Medici's florins and the Princes' prestige differ by an order of magnitude)
        final_margin = score_margin(game, state, learner_seat)  # [B]
        potential = recipe.shaping * data.pop("margin") / max(1.0, float(np.abs(final_margin).mean()))
    # GAE with gamma = 1: the terminal reward comes after each game's last decision; with shaping,
    # each decision also earns the change of the potential until the learner's next decision, and
    # the potential of the finished game is 0, so a game's shaped rewards sum to its terminal
    # reward minus the potential of its first decision, whatever the policy did in between
    adv = np.zeros(len(data["row"]), np.float32)
    reward = np.zeros(len(data["row"]), np.float32)  # [n]: what each decision earned until the next
    order = np.argsort(data["row"], kind="stable")  # each game's decisions, in time order
    bounds = np.flatnonzero(np.diff(data["row"][order])) + 1
    lam = 0.95
    for idx in np.split(order, bounds):
        reward[idx] = np.append(potential[idx][1:], 0.0) - potential[idx]
        reward[idx[-1]] += totals[data["row"][idx[0]]]
        values = data["value"][idx]
        delta = reward[idx] + np.append(values[1:], 0.0) - values
        running = 0.0
        for t in range(len(idx) - 1, -1, -1):
            running = delta[t] + lam * running
            adv[idx[t]] = running
    data["adv"], data["ret"], data["reward"], data["potential"] = adv, adv + data["value"], reward, potential
    wins = float((totals > 0).mean())
    return data, wins


def score_margin(game, state, seats: np.ndarray) -> np.ndarray:
    """float32[B]: each game's ``seats[b]`` standing (``game.running_scores``: the score if the game
    ended now, the final score once it has) minus the best other seat's; alone at the table,
    the standing itself. The potential of ``--shaping``: the game's own score, no heuristic."""
    scores = game.running_scores(state)  # [B, P]
    rows = np.arange(len(seats))
    mine = scores[rows, seats]
    if scores.shape[1] == 1:
        return mine.astype(np.float32)
    others = scores.copy()
    others[rows, seats] = -np.inf
    return (mine - others.max(axis=1)).astype(np.float32)


def fit_ppo(net, optimiser, data, recipe: Recipe, anchor: float, rng, batch: int = 2048) -> dict:
    n = len(data["action"])
    adv = (data["adv"] - data["adv"].mean()) / (data["adv"].std() + 1e-8)
    stats = []
    for _ in range(recipe.epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            logits, v = net(torch.as_tensor(data["obs"][idx].astype(np.float32)), data["label"][idx],
                            pairs=batch_pairs(data, idx))
            logits = masked(logits, torch.as_tensor(data["mask"][idx]))
            dist = torch.distributions.Categorical(logits=logits)
            a = torch.as_tensor(data["action"][idx])
            ratio = torch.exp(dist.log_prob(a) - torch.as_tensor(data["logp"][idx]))
            A = torch.as_tensor(adv[idx])
            policy_loss = -torch.min(ratio * A, ratio.clamp(1 - recipe.clip, 1 + recipe.clip) * A).mean()
            value_loss = ((v - torch.as_tensor(data["ret"][idx])) ** 2).mean()
            entropy = dist.entropy().mean()
            loss = policy_loss + 0.5 * value_loss - recipe.entropy * entropy
            if anchor > 0:
                loss = loss + anchor * nn.functional.cross_entropy(logits, torch.as_tensor(data["label"][idx]))
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimiser.step()
            stats.append((float(policy_loss.detach()), float(value_loss.detach()), float(entropy.detach())))
    p, v, e = np.mean(stats, 0)
    return {"policy_loss": float(p), "value_loss": float(v), "entropy": float(e)}


# --------------------------------------------------------------------------- the run


def learn(
    game_name: str,
    num_players: int = 2,
    seed: int = 0,
    out_dir: str | Path = "runs/learn",
    options: dict | None = None,
    ship: bool = False,
    command: str | None = None,
    progress: bool = True,
    threads: int | None = 1,
    **overrides,
) -> dict:
    """Train one policy (see the module docstring); returns the summary (also ``summary.json``).

    ``overrides`` replace :class:`Recipe` fields; ``ship=True`` also copies the policy into the
    package's ``policies/`` folder as ``<game>_<P>p.npz``."""
    recipe = recipe_for(game_name, num_players, **overrides)
    if threads is not None:
        torch.set_num_threads(int(threads))
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    game = florentine_envs.make(game_name, num_players=num_players, **(options or {}))
    if recipe.teacher == "heuristic" and game.name not in HEURISTICS:
        raise ValueError(f"florentine learn imitates the heuristic; {game.name} has none (use teacher='none')")
    if recipe.net == "action" and not game.action_feature_fields():
        raise ValueError(f"net='action' scores actions by their features; {game.name} has none (use net='mlp')")
    run_dir = Path(out_dir) / f"{game_name}_{num_players}p"
    run_dir.mkdir(parents=True, exist_ok=True)
    teacher = make_agent("heuristic", game, seed=seed + 1) if recipe.teacher == "heuristic" else None
    scale = observation_scale(game, seed=seed)
    if recipe.net == "action":
        net = ActionScoringNet(scale, feature_scale(game), game.num_actions, recipe.hidden, recipe.scorer,
                               recipe.id_embedding)  # fmt: skip
    else:
        net = PolicyValueNet(scale, game.num_actions, recipe.hidden, recipe.prior_gain)
    student = NetAgent(game, net, seed=seed + 2)
    meta = {
        "game": game.name, "num_players": num_players, "options": json.loads(json.dumps(game.options, default=list)),
        "version": getattr(game, "version", None), "hidden": list(recipe.hidden), "seed": seed,
        "command": command or f"florentine learn {game_name} --players {num_players} --seed {seed}",
        "recipe": dataclasses.asdict(recipe),
    }  # fmt: skip
    if recipe.net == "action":
        meta["feature_names"] = list(game.action_feature_names)
    curve: list[dict] = []
    cpu = 0.0  # training CPU seconds (evaluation excluded)
    best: tuple[float, int, LearnedPolicy] | None = None
    next_seed = 1_000_000 * (seed + 1)
    eval_seed = 900_000_000 + seed

    def point(stage: str, round_: int, extra: dict) -> None:
        nonlocal best
        exported = net.export(meta)
        agent = LearnedAgent(game, seed=seed, policy=exported)
        row = {"stage": stage, "round": round_, "cpu_s": round(cpu, 1), **extra}
        with step(f"{game_name} {num_players}p: {stage} round {round_}: evaluating", enabled=progress):
            for opponent in ["random", "heuristic"] if num_players > 1 else ["automa"]:
                name = "random" if opponent == "automa" else opponent
                r = evaluate(game, agent, name, recipe.eval_games, seed=eval_seed)
                row[f"vs_{opponent}"] = round(r["win_rate"], 4)
                row[f"vs_{opponent}_ci95"] = [round(x, 4) for x in r["ci95"]]
        curve.append(row)
        key = row["vs_heuristic"] if num_players > 1 else row["vs_automa"]
        # without a teacher the heuristic must not choose the archive either: the last snapshot ships
        if best is None or key >= best[0] or recipe.teacher == "none":
            best = (key, len(curve) - 1, exported)
        (run_dir / "curve.json").write_text(json.dumps(curve, indent=1))

    optimiser = torch.optim.Adam(net.parameters(), lr=recipe.lr)
    for k in range(recipe.imitation_rounds):
        t0 = time.process_time()
        # DAgger's mixture: the heuristic plays every seat at first, beta_end of them at the end
        beta = 1.0 + (recipe.beta_end - 1.0) * k / max(1, recipe.imitation_rounds - 1)
        with step(f"{game_name} {num_players}p: imitation round {k + 1}/{recipe.imitation_rounds}", enabled=progress):
            data = imitation_round(game, teacher, student, recipe, beta, next_seed + np.arange(recipe.games), rng)
            next_seed += recipe.games
            fit = fit_imitation(net, optimiser, data, recipe, rng)
        cpu += time.process_time() - t0
        if (k + 1) % recipe.eval_every == 0 or k + 1 == recipe.imitation_rounds:
            with step(f"{game_name} {num_players}p: agreement on fresh games", enabled=progress):
                held = heldout_agreement(game, teacher, net, eval_seed + 10_000_000 + np.arange(recipe.eval_games))
            point("imitation", k + 1, {"decisions": int(len(data["label"])), "heldout_agreement": round(held, 4), **fit})

    league = League(game, recipe.league, seed + 3)
    optimiser = torch.optim.Adam(net.parameters(), lr=recipe.rl_lr)
    for k in range(recipe.rl_rounds):
        t0 = time.process_time()
        if k % recipe.snapshot_every == 0:
            league.add_snapshot(net)
        anchor = recipe.anchor * max(0.0, 1.0 - k / max(1, recipe.rl_rounds // 2))
        with step(f"{game_name} {num_players}p: RL round {k + 1}/{recipe.rl_rounds}", enabled=progress):
            data, wins = rl_round(game, net, league, teacher, recipe, next_seed + np.arange(recipe.games), rng)
            next_seed += recipe.games
            fit = fit_ppo(net, optimiser, data, recipe, anchor, rng)
        cpu += time.process_time() - t0
        if (k + 1) % recipe.eval_every == 0 or k + 1 == recipe.rl_rounds:
            point("rl", k + 1, {"train_win_rate": round(wins, 4), **fit})

    assert best is not None
    chosen = best[2]
    chosen.meta.update({"train_cpu_s": round(cpu, 1), "curve_point": best[1],
                        "trained": time.strftime("%Y-%m-%d")})  # fmt: skip
    path = chosen.save(run_dir / "policy.npz")
    final = {}
    agent = LearnedAgent(game, path, seed=seed)
    for opponent in ["random", "heuristic"] if num_players > 1 else ["random"]:
        with step(f"{game_name} {num_players}p: final evaluation against {opponent}", enabled=progress):
            final[opponent] = evaluate(game, agent, opponent, recipe.final_games, seed=2_000_000_000 + seed)
    # the archive carries its own closing evaluation (the weights written above are unchanged)
    chosen.meta["evaluation"] = {
        name: {"games": r["games"], "win_rate": round(r["win_rate"], 4), "ci95": [round(x, 4) for x in r["ci95"]]}
        for name, r in final.items()
    }
    chosen.save(path)
    summary = {"policy": str(path), "train_cpu_s": round(cpu, 1), "chosen": curve[best[1]], "final": final,
               "meta": chosen.meta, "curve": curve}  # fmt: skip
    (run_dir / "summary.json").write_text(json.dumps(summary, indent=1))
    write_curve(curve, run_dir, f"{game_name}, {num_players} player(s)")
    if ship:
        target = POLICY_DIR / f"{game_name}_{num_players}p.npz"
        target.write_bytes(path.read_bytes())
        shipped.cache_clear()  # make_agent("learned", game) in this process sees the new policy
        summary["shipped"] = str(target)
    return summary


def write_curve(curve: list[dict], run_dir: Path, title: str) -> None:
    """``curve.csv`` and, with matplotlib, ``curve.png``: win rates against CPU time."""
    keys = sorted({k for row in curve for k in row if not k.endswith("_ci95")})
    with open(run_dir / "curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=keys)
        writer.writeheader()
        for row in curve:
            writer.writerow({k: row.get(k) for k in keys})
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots(figsize=(6, 3.5))
    minutes = [row["cpu_s"] / 60 for row in curve]
    for key in ("vs_random", "vs_heuristic", "vs_automa"):
        if key in curve[0]:
            low = [row[f"{key}_ci95"][0] for row in curve]
            high = [row[f"{key}_ci95"][1] for row in curve]
            ax.plot(minutes, [row[key] for row in curve], marker="o", label=key.replace("_", " "))
            ax.fill_between(minutes, low, high, alpha=0.2)
    switch = next((row["cpu_s"] / 60 for row in curve if row["stage"] == "rl"), None)
    if switch is not None:
        ax.axvline(switch, color="grey", lw=0.8, ls="--")
    ax.axhline(0.5, color="grey", lw=0.5)
    ax.set(xlabel="training CPU minutes", ylabel="win rate (95 % CI)", ylim=(0, 1), title=title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(run_dir / "curve.png", dpi=110)
    plt.close(fig)


def plot_routes(runs: dict[str, Path], path: Path, title: str) -> None:
    """One figure of several runs of one game (``{label: run folder}``, each holding the
    ``curve.json`` a run writes): win rate against the heuristic (solid) and against random
    (dotted) over training CPU minutes -- the imitation route beside learning without a teacher
    (issue 30 item 3). Needs matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    for k, (label, folder) in enumerate(runs.items()):
        curve = json.loads((Path(folder) / "curve.json").read_text())
        minutes = [row["cpu_s"] / 60 for row in curve]
        colour = f"C{k}"
        for key, style in (("vs_heuristic", "-"), ("vs_automa", "-"), ("vs_random", ":")):
            if key in curve[0]:
                ax.plot(minutes, [row[key] for row in curve], style, marker="o", ms=3, color=colour,
                        label=f"{label}: {key.replace('vs_', 'against ')}")  # fmt: skip
                ax.fill_between(minutes, [row[f"{key}_ci95"][0] for row in curve],
                                [row[f"{key}_ci95"][1] for row in curve], color=colour, alpha=0.12)  # fmt: skip
        switch = next((row["cpu_s"] / 60 for row in curve if row["stage"] == "rl" and curve[0]["stage"] != "rl"), None)
        if switch is not None:
            ax.axvline(switch, color=colour, lw=0.8, ls="--")
    ax.axhline(0.5, color="grey", lw=0.5)
    ax.set(xlabel="training CPU minutes", ylabel="win rate (95 % CI)", ylim=(0, 1), title=title)
    ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def policies_readme() -> str:
    """The text of ``policies/README.md``: every shipped policy, its command and its figures."""
    lines = [
        "# Shipped learned policies",
        "",
        "`make_agent(\"learned\", game)` loads the policy trained for the game, its player count and",
        "options (defaults). Each was trained by the command shown (`florentine learn`, see",
        "`florentine_envs/training/learn.py`: an action-scoring network on the observation and the",
        "per-action features, warm-started by imitation of the heuristic with DAgger, then PPO",
        "against a league) on one CPU thread of a 2-core machine, beside other jobs; `prior` is the",
        "logit bonus on the heuristic's move (0: the network plays alone and never calls the",
        "heuristic). Win rates are the closing evaluation of the",
        "archive itself: the policy in one seat, the opponent in the others, seats rotated over",
        "the same deals (duplicate), a shared first place a win, 95 % Wilson intervals; at 4 players",
        "the opponent takes the three other seats, so an equal share is 25 %. This file",
        "is written by `python -m florentine_envs.training.learn --readme`.",
        "",
        "| file | players | prior | training CPU | against random | against the heuristic | command |",
        "|---|---|---|---|---|---|---|",
    ]

    def cell(r):
        if not r:
            return "–"
        return f"{100 * r['win_rate']:.1f} % [{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}] ({r['games']})"

    for name, meta in shipped():
        ev = meta.get("evaluation", {})
        vs_random = "vs the Automa " + cell(ev.get("random")) if meta["num_players"] == 1 else cell(ev.get("random"))
        lines.append(f"| `{name}` | {meta['num_players']} | {meta.get('prior_gain', 0.0):g} | "
                     f"{meta['train_cpu_s'] / 60:.1f} min | {vs_random} | {cell(ev.get('heuristic'))} | "
                     f"`{meta['command']}` |")  # fmt: skip
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # python -m florentine_envs.training.learn --readme | --routes OUT.png TITLE LABEL=RUN...
    import sys

    if sys.argv[1:2] == ["--routes"] and len(sys.argv) >= 5:
        out, title, runs = sys.argv[2], sys.argv[3], dict(arg.split("=", 1) for arg in sys.argv[4:])
        plot_routes({label: Path(folder) for label, folder in runs.items()}, Path(out), title)
        print(f"wrote {out}")
    elif sys.argv[1:] == ["--readme"]:
        (POLICY_DIR / "README.md").write_text(policies_readme())
        print(f"wrote {POLICY_DIR / 'README.md'}")
    else:
        sys.exit("usage: python -m florentine_envs.training.learn --readme | --routes OUT.png TITLE LABEL=RUN_DIR...\n"
                 "(training: florentine learn GAME)")


__all__ = ["Recipe", "RECIPES", "learn", "recipe_for", "PolicyValueNet", "ActionScoringNet"]
