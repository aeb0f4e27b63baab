"""The ISMCTS bot: single-observer Information Set Monte Carlo Tree Search (Cowling, Powley and
Whitehouse 2012, SO-ISMCTS).

One tree over the searching seat's information sets: each iteration deals a world (the hidden
cards sampled anew, consistent with what the seat has seen, :mod:`.determinize`), walks the tree
choosing among the children whose action is legal in that world by UCB1 with availability counts
(each seat in the tree maximises its own result), adds one node (the heuristic's choice first),
plays the round out with the heuristic bots and backs up every seat's change of chips for the
round (carried pot restored). A deal met in the tree (before the cards are dealt) is sampled and
ends the tree walk. The exploration term is scaled by the standard deviation of all the rewards
backed up so far, so one exploration constant fits any ruleset's scale of chips (a hanafuda round
moves hundreds of points, a trick round a few). Below the root, a node visited fewer than
``expand_after`` times plays the roll-out heuristic's choice in the iteration's world rather than
exploring: with the few dozen iterations of 100 ms, UCB there would make the other seats play
near-random cards in the contenders' play-outs.

The heuristic's choice is the bot's prior: when deciding, every world is played from the root
with the same random numbers by the heuristic's action and by up to ``per_world`` contenders
(each untried one first, then by UCB1 on the paired differences), so the root compares actions
on the same deals, as flat Monte Carlo does, while spending its play-outs on the contenders that
look best, and one sampled world serves several play-outs (each a copy of the world dealt once,
``GameState.clone``, cheaper than replaying its actions). The heuristic's action stands unless a contender beats it by
more than ``confidence`` standard errors of the paired difference (:func:`.search.confident_best`): a budget of a few
dozen play-outs then never plays worse than the heuristic by chasing noise, which is what made
the plain arg-max of visits lose to the heuristic. ``confidence=None`` is plain
SO-ISMCTS (most visits); :meth:`IsmctsBot.search` (hints) is always plain.

The worlds of a declaration (go/drop, split, mizuten) are dealt with inference (``infer``,
:mod:`.inference`): each other seat's hidden hand is drawn to fit its go or drop, as the
heuristic would have declared, so that a seat that went holds a hand worth going with;
``infer=False`` deals them uniformly, as ``mc`` does. The worlds of a card are dealt uniformly:
measured on the real deal (``benchmarks/budget.py``, 3,000 positions of the trick game at 10 ms),
a card chosen on inferred worlds gained -0.06 +- 0.11 chips over the heuristic's and one chosen
on uniform worlds +0.13 +- 0.11 (paired +0.19 +- 0.12).

The search stops early when the decision is settled (every contender behind the default,
:func:`.search.settled`). With ``ms``, that is the mean CPU time a decision (:mod:`.clock`): the
go/drop declarations, where the search pays, get several times the mean and the cards a
fraction; a mizuten call, or a decision whose allowance cannot buy one paired comparison (the
running cost of its kind's first pair, ``pair_cost``), keeps the heuristic's choice; the time a
settled or light decision leaves goes to a bank the heavy ones draw on, and no decision is given
more than ``cap_ms``. Past the deadline a world stops after the pair it is playing.
``managed=False`` gives every decision ``ms``.

It works through the engine API only (``legal_actions``, ``apply``, ``current_player``, ``view``,
the events) plus :func:`.determinize.determinize`, so it plays any rule file of
either kind of play. The budget is ``iterations`` (play-outs) per decision, or ``ms``
milliseconds of the process's CPU time when given (then the choice depends on the machine's
speed, though not on how busy it is; with iterations alone it depends on ``rng`` only).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..engine.actions import CHANCE, YesNo
from ..engine.draws import choice
from ..engine.events import RoundEnded
from ..engine.gamestate import GameState
from .base import Bot
from .determinize import carried_pot, determinize, play_out, round_value
from .rollout import rollout_policy
from .clock import CAP_MS, Clock, hand_of, weight
from .search import CONFIDENCE, Estimate, SearchBot, confident_best, heuristic_choice, settled

DEFAULT_ITERATIONS = 20          # under 100 ms a decision on one core (p95, trick, hanafuda, go/drop)
EXPLORATION = 0.7
PER_WORLD = 6                    # contenders played against the default in each sampled world
EXPAND_AFTER = 8                 # visits a node below the root needs before its actions are searched
DECLARATIONS = YesNo        # the decisions (go or drop, split, mizuten) whose worlds are dealt with inference
PAIR_MEMORY = 0.8                # weight of the past in the running cost of a decision's first pair


@dataclass(eq=False)
class Node:
    """The statistics of the edge into this node, for the seat ``actor`` that chose it."""

    actor: int
    visits: int = 0
    total: float = 0.0               # the actor's summed reward (chips)
    squares: float = 0.0             # summed squared reward, for the interval of a hint
    avail: int = 0                   # iterations in which the edge was legal (availability)
    pairs: int = 0                   # root only: worlds played by this action and by the default
    gain: float = 0.0                # their summed paired difference (this action minus the default)
    gain_sq: float = 0.0
    children: dict[Any, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class ActionStats:
    """Per legal action at the root: visits and the mean and variance of the seat's chips."""

    action: Any
    visits: int
    mean: float
    variance: float


class IsmctsBot(SearchBot):
    name = "ismcts"

    def __init__(self, iterations: Optional[int] = None, ms: Optional[float] = None,
                 exploration: float = EXPLORATION, confidence: Optional[float] = CONFIDENCE,
                 expand_after: int = EXPAND_AFTER, cap_ms: float = CAP_MS, managed: bool = True,
                 per_world: int = PER_WORLD, infer: bool = True) -> None:
        super().__init__()
        if iterations is None and ms is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = None if iterations is None else max(1, int(iterations))
        self.ms = ms
        self.exploration = exploration
        self.confidence = confidence
        self.expand_after = expand_after
        self.managed = managed
        self.per_world = max(1, per_world)
        self.infer = infer
        self.clock = None if ms is None else Clock(ms, cap_ms)
        self.pair_cost: dict[type, float] = {}       # per kind of action: CPU seconds of a first pair

    def decide(self, game: GameState, seat: int, legal: tuple[Any, ...], rng: random.Random, began: float) -> Any:
        default = heuristic_choice(rollout_policy(game.ruleset), game, seat, rng, legal)
        if default is None or self.confidence is None:
            stats = self.search(game, seat, rng)
            best = max(range(len(stats)), key=lambda i: (stats[i].visits, stats[i].mean, -i))
            return stats[best].action if stats[best].visits > 1 or default is None else default
        deadline = cap = None
        kind = type(legal[0])
        if self.clock is not None:
            w = 1.0
            if self.managed:
                hand = hand_of(game, seat)
                w = weight(legal, hand or 0, game.ruleset.hand_size)
                if w <= 0:
                    return default      # a kind of decision the search does not pay on (:mod:`.clock`)
            deadline, cap = began + self.clock.allowance(w), began + self.clock.cap
            cost = self.pair_cost.get(kind)
            if self.managed and cost is not None and time.process_time() + cost > deadline:
                return default          # the allowance cannot buy one paired comparison: the time is banked
        root, first_pair = self._run(game, seat, rng, default, deadline, cap)
        if first_pair is not None:
            old = self.pair_cost.get(kind)
            self.pair_cost[kind] = first_pair if old is None else PAIR_MEMORY * old + (1 - PAIR_MEMORY) * first_pair
        return confident_best(_estimates(root, legal, default), default, self.confidence)

    def spent(self, seconds: float) -> None:
        if self.clock is not None:
            self.clock.spent(seconds)

    def search(self, game: GameState, seat: int, rng: random.Random) -> list[ActionStats]:
        """Run the search from ``seat``'s information set; the statistics of each legal action."""
        root, _ = self._run(game, seat, rng, None)
        out: list[ActionStats] = []
        for a in game.legal_actions():
            node = root.children.get(a)
            if node is None or not node.visits:
                out.append(ActionStats(a, 0, 0.0, 0.0))
                continue
            var = max(0.0, node.squares / node.visits - node.mean ** 2)
            out.append(ActionStats(a, node.visits, node.mean, var))
        return out

    def _run(self, game: GameState, seat: int, rng: random.Random, default: Any,
             deadline: Optional[float] = None, cap: Optional[float] = None) -> tuple[Node, Optional[float]]:
        """The tree after the budget's iterations, and the CPU seconds its first world took to
        compare the default with one contender (None without a default). With a ``default`` action, each world is
        played twice from the root, by ``default`` and by a contender, with the same random
        numbers, and the contender's node keeps the paired difference (``gain``); the search
        stops early when the decision is settled (:func:`.search.settled`). ``deadline`` and
        ``cap`` (process times) replace the budget of ``ms``: the search stops after the
        deadline, or before a pair of play-outs would pass the cap."""
        legal = tuple(game.legal_actions())
        root = Node(actor=-1)
        policy = rollout_policy(game.ruleset)
        carried = carried_pot(game)
        spread: list[float] = [0, 0.0, 0.0]                  # count, sum and sum of squares of the rewards
        began = time.process_time()
        if deadline is None and self.ms is not None:
            deadline = began + self.ms / 1000
        others = [a for a in legal if a != default]
        per_world = 1 if default is None else min(self.per_world, len(others))
        memo: dict[Any, Any] = {}                          # the sampler's, for this decision
        infer = self.infer and bool(legal) and isinstance(legal[0], DECLARATIONS)   # cards: uniform
        done = 0
        first_pair: Optional[float] = None
        while not self._stop(done, began, deadline, cap, per_world, root, legal, default):
            sampled = determinize(game, seat, rng, memo, infer)
            if default is None:
                self._iterate(sampled.game(), root, policy, carried, spread, rng)
                done += 1
                continue
            played, first = self._pair(sampled.game(), root, policy, carried, spread, rng, default, others,
                                       per_world, deadline, began)
            done += played
            if first_pair is None:
                first_pair = first
        return root, first_pair

    def _stop(self, done: int, began: float, deadline: Optional[float], cap: Optional[float], per_world: int,
              root: Node, legal: tuple[Any, ...], default: Any) -> bool:
        """Whether the search stops before its next world: the budget's iterations done, the
        deadline passed (or the next pair of play-outs would pass the cap), or the decision settled."""
        if self.iterations is not None and done >= self.iterations:
            return True
        if deadline is not None and done:
            now = time.process_time()
            if now > deadline or (cap is not None and now + (now - began) / done * (per_world + 1) > cap):
                return True
        return default is not None and bool(done) and settled(_estimates(root, legal, default))

    def _pair(self, world: GameState, root: Node, policy: Bot, carried: int, spread: list[float],
              rng: random.Random, default: Any, others: list[Any], per_world: int, deadline: Optional[float],
              began: float) -> tuple[int, Optional[float]]:
        """One world (dealt once) played from the root by ``default`` and by ``per_world``
        contenders with the same random numbers, each contender's node keeping the paired
        difference; the play-outs played, and the CPU seconds since ``began`` at the first
        contender's end (None without one)."""
        rivals: list[Any] = []
        for _ in range(per_world):
            rivals.append(self._contender(root, [a for a in others if a not in rivals], spread, rng))
        seed = rng.getrandbits(64)
        base = self._iterate(world.clone(), root, policy, carried, spread, random.Random(seed), default)
        played, first = 1, None
        for n, other in enumerate(rivals, 1):
            copy = world if n == len(rivals) else world.clone()      # each play-out but the last plays a copy
            value = self._iterate(copy, root, policy, carried, spread, random.Random(seed), other)
            played += 1
            if first is None:
                first = time.process_time() - began
            if base is not None and value is not None:
                node = root.children[other]
                node.pairs += 1
                node.gain += value - base
                node.gain_sq += (value - base) ** 2
            if deadline is not None and time.process_time() > deadline:
                break                           # each pair is whole: the world's other rivals wait
        return played, first

    def _contender(self, root: Node, others: Sequence[Any], spread: list[float], rng: random.Random) -> Any:
        """The action to compare with the default in this world: one never compared yet (at
        random), else by UCB1 on the paired gains."""
        fresh = [a for a in others if a not in root.children or not root.children[a].pairs]
        if fresh:
            return choice(fresh, rng)
        n = sum(root.children[a].pairs for a in others)
        c = self.exploration * (_spread_sd(spread) or 1.0)
        return max(others, key=lambda a: root.children[a].gain / root.children[a].pairs
                   + c * math.sqrt(math.log(n) / root.children[a].pairs))

    def _iterate(self, world: GameState, root: Node, policy: Bot, carried: int, spread: list[float],
                 rng: random.Random, first: Any = None) -> Optional[float]:
        """One iteration (``first`` forced at the root when given); the searching seat's reward."""
        node = root
        path: list[Node] = []
        end: Optional[RoundEnded] = None
        searcher = world.current_player
        if searcher is None:
            return None
        while end is None:
            who = world.current_player
            if who is None or who == CHANCE:
                break
            if first is not None and node is root:
                action = first
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node(actor=who)
                child.avail += 1
                untried = [] if child.visits else [action]
            elif node is not root and node.visits < self.expand_after:
                action = policy.choose(world, who, rng)     # a young node plays as the roll-out would
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node(actor=who)
                child.avail += 1
                untried = [] if child.visits else [action]
            else:
                legal = world.legal_actions()
                untried = []
                for a in legal:
                    child = node.children.get(a)
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                if untried:
                    action = untried[0] if len(untried) == 1 else _first_try(policy, world, who, untried, rng)
                    child = node.children[action] = Node(actor=who, avail=1)
                else:
                    action = self._select(node, legal, spread)
                    child = node.children[action]
            path.append(child)
            end = _round_end(world.apply(action))
            node = child
            if untried:
                break
        if end is None:
            end = play_out(world, policy, rng)
        if end is None:
            return None
        rewards: dict[int, float] = {}
        for n in path:
            r = rewards.get(n.actor)
            if r is None:
                r = rewards[n.actor] = round_value(world, end, n.actor, carried)
                spread[0] += 1
                spread[1] += r
                spread[2] += r * r
            n.visits += 1
            n.total += r
            n.squares += r * r
        return rewards.get(searcher, round_value(world, end, searcher, carried))

    def _select(self, node: Node, legal: Sequence[Any], spread: list[float]) -> Any:
        c = self.exploration * (_spread_sd(spread) or 1.0)
        best, best_score = None, -math.inf
        for a in legal:
            child = node.children[a]
            if not child.visits:
                return a
            score = child.mean + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best


def _estimates(root: Node, legal: Sequence[Any], default: Any) -> list[Estimate]:
    """Each contender's paired advantage over ``default`` so far (none yet: no samples)."""
    out = []
    for a in legal:
        if a == default:
            continue
        node = root.children.get(a)
        if node is None or not node.pairs:
            out.append(Estimate(a, 0, 0.0, math.inf))
        else:
            mean = node.gain / node.pairs
            var = (node.gain_sq - node.pairs * mean * mean) / (node.pairs - 1) if node.pairs > 1 else math.inf
            out.append(Estimate(a, node.pairs, mean, math.sqrt(max(0.0, var) / node.pairs)))
    return out


def _spread_sd(spread: list[float]) -> float:
    """The standard deviation of every reward backed up so far."""
    k, total, squares = spread
    return math.sqrt(max(0.0, squares / k - (total / k) ** 2)) if k else 0.0


def _first_try(policy: Bot, world: GameState, who: int, untried: list[Any], rng: random.Random) -> Any:
    """The untried action to expand: the heuristic's choice while untried, else one at random."""
    chosen = policy.choose(world, who, rng)
    return chosen if chosen in untried else choice(untried, rng)


def _round_end(events: Sequence[object]) -> Optional[RoundEnded]:
    return next((e for e in events if isinstance(e, RoundEnded)), None)
