"""The engine API: one game of any ruleset, driven action by action.

>>> import random
>>> from hachihachi.interpreter import CHANCE, GameState
>>> g, rng = GameState("hachihachi_trick", players=5, seed=1, rounds=1), random.Random(7)
>>> while not g.is_terminal:
...     _ = g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
>>> sum(g.chips) + g.pot == 5 * 50
True

As in OpenSpiel and python-chess: ``current_player`` is a seat, :data:`CHANCE` for the deal, or
None once the game is over; ``legal_actions()`` supports ``in``; ``apply(action)`` returns the
events it produced (also appended to ``events``); ``returns`` is each seat's change of chips.
An illegal action raises :class:`IllegalAction` naming the reason and the state, and changes
nothing.
"""

from __future__ import annotations

import random
from operator import sub
from typing import Any, Callable, Optional, Sequence, Union, cast

from ...ruleset.errors import IllegalAction, SetupError
from ...ruleset.model import PhaseName, Ruleset
from ...ruleset.tablenumbers import at_table
from ...ruleset.model import TransferReason
from .actions import CHANCE, POT, ActionBase, malformed
from .draws import choice, sample
from .events import Applied, DealerDrawn, GameEnded, RoundEnded, RoundStarted, Seat
from .parts import RoundPart, parts_for
from .phases.base import PhaseRule, describe
from .phases.chance import ChanceSpace
from .phases.effects import game_end_effects
from .registry import plugin_for
from .round_phases import build_phases
from .state import RoundState, Table
from .view import View

__all__ = ["GameState", "CHANCE", "next_start"]


def next_start(ruleset: Ruleset, r: RoundState, parts: Optional[tuple[RoundPart, ...]] = None) -> int:
    """The start player of the round after ``r``: the play kind's rule, else a part's (go/drop's
    T13, T24), else the left neighbour of the start player (``parts``: the ruleset's, when known)."""
    dealer = plugin_for(ruleset).next_dealer(ruleset, r)
    if dealer is not None:
        return dealer                       # the play kind passes the deal by its own rule
    for part in parts_for(ruleset) if parts is None else parts:
        start = part.next_start(ruleset, r)
        if start is not None:
            return start
    return (r.start + 1) % r.players


# One step of a round: a phase's own ``applies``, ``enter`` and its actions' ``actor``
# (:meth:`~.phases.base.PhaseRule.acting`), each None where the phase keeps the base class's
# (always applies, does nothing, asks nobody), so that ``_advance`` calls only what a phase does.
Step = tuple[Optional[Callable[[Table], bool]], Optional[Callable[[Table], None]],
             Optional[Callable[[Table], Optional[int]]]]


def _own(phase: PhaseRule, name: str) -> Any:
    """``phase``'s method ``name`` bound, or None when it is :class:`PhaseRule`'s default."""
    if getattr(type(phase), name) is getattr(PhaseRule, name):
        return None
    return getattr(phase, name)


def steps_of(phases: tuple[PhaseRule, ...]) -> tuple[Step, ...]:
    """The steps of a round of ``phases`` (see :data:`Step`)."""
    return tuple((_own(p, "applies"), _own(p, "enter"), None if _own(p, "actor") is None else p.acting().actor)
                 for p in phases)


class Program:
    """What every game of one ruleset on the same phases shares, built once: the phases of a round,
    their steps (:data:`Step`), what takes each phase's actions, the play kind's plug-in, the
    round's parts and the effects of the game's end (folded, or None). Nothing in it changes while games are played."""

    def __init__(self, ruleset: Ruleset, phases: tuple[PhaseRule, ...]) -> None:
        self.ruleset = ruleset
        self.phases = phases
        self.steps = steps_of(phases)
        self.acts = tuple(p.acting() for p in phases)       # what takes each phase's actions
        self.kind = plugin_for(ruleset)
        self.parts = parts_for(ruleset)                     # the parts of its round (go/drop), or none
        self.at_end = game_end_effects(ruleset)             # the effects of the game's end, or None


def draw_for_dealer(ruleset: Ruleset, players: int, rng: random.Random,
                    cards: Optional[Sequence[int]] = None) -> DealerDrawn:
    """``first_dealer: draw`` (T5, H2): each seat in turn draws a card of the shuffled deck (or
    ``cards``, as a record keeps them); the card first in the deck's order deals first.
    ``first_dealer: draw_again`` (Koi-Koi K3): while the earliest rank (month) is drawn by more
    than one seat, the cards go back and every seat draws again; ``cards`` then holds every draw,
    one card per seat each, in order."""
    again = ruleset.first_dealer == "draw_again"
    if cards is None:
        drawn: list[int] = []
        while True:
            one = sample(ruleset.deck.cards, players, rng)
            drawn += one
            if not (again and _tied(ruleset, one)):
                break
        cards = drawn
    every = tuple(cards)
    draws = [every[i:i + players] for i in range(0, len(every), players)] or [()]
    last = draws[-1]
    if (len(every) % players or (len(draws) > 1 and not again)
            or not all(len(set(d)) == players and all(c in ruleset.deck.cards for c in d) for d in draws)):
        raise SetupError(f"the draw for the first dealer is one different card per seat ({players}), "
                         f"{'in each draw, ' if again else ''}not {list(every)}")
    if again and (_tied(ruleset, last) or not all(_tied(ruleset, d) for d in draws[:-1])):
        raise SetupError(f"the draw for the first dealer is drawn again exactly while the earliest month "
                         f"is drawn twice, not {list(every)}")
    return DealerDrawn(every, last.index(min(last)))


def _tied(ruleset: Ruleset, drawn: Sequence[int]) -> bool:
    """Whether the earliest rank (month) of a draw was drawn by more than one seat (K3)."""
    ranks = [ruleset.deck.rank(c) for c in drawn]
    return ranks.count(min(ranks)) > 1


def _load(ruleset: Union[Ruleset, str]) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset
    from ...ruleset.loader import load_ruleset

    return load_ruleset(ruleset)


class GameState:
    """One play-through of a ruleset (what OpenSpiel calls a state; the :class:`Ruleset` is the game):
    a game of ``rounds`` rounds (default: the ruleset's standard length) at ``players`` seats.

    ``seed`` seeds the game's own random generator, used to pick the first start player when
    ``start`` is None (T5) and by :meth:`sample_chance` / :meth:`deal_random`. ``phases`` replaces
    the ruleset's own phases of a round (the scorekeeper's told rounds, :mod:`.told`). ``program``:
    another game's :class:`Program` (its ``_program``) of the same ruleset and phases, shared rather than built again.
    """

    def __init__(self, ruleset: Union[Ruleset, str], players: int, seed: Optional[int] = None,
                 rounds: Optional[int] = None, start: Optional[int] = None,
                 phases: Optional[tuple[PhaseRule, ...]] = None, draw: Optional[Sequence[int]] = None,
                 program: Optional["Program"] = None):
        self.ruleset = at_table(_load(ruleset), players)     # its numbers of the table filled in
        lo, hi = self.ruleset.players.min, self.ruleset.players.max
        if not lo <= players <= hi:
            raise SetupError(f"{self.ruleset.name} is for {lo} to {hi} players, not {players}")
        self.rng = random.Random(seed)
        rounds = self.ruleset.rounds.standard if rounds is None else rounds
        if rounds < 1:
            raise SetupError(f"a game needs at least one round, not {rounds}")
        drawn: Optional[DealerDrawn] = None
        if draw is not None or (start is None and self.ruleset.first_dealer in ("draw", "draw_again")):
            drawn = draw_for_dealer(self.ruleset, players, self.rng, draw)
            if start is not None and start != drawn.start:
                raise SetupError(f"the draw makes seat {drawn.start} the first dealer, not seat {start}")
            start = drawn.start
        if start is None:
            start = choice(range(players), self.rng)     # the draw rng.randrange(players) makes
        elif not 0 <= start < players:
            raise SetupError(f"start player {start} is not a seat of {players} players")
        if program is None or program.ruleset is not self.ruleset or not (phases is None or phases is program.phases):
            program = Program(self.ruleset, phases or build_phases(self.ruleset))
        self._program = program
        self._phases, self._steps, self._acts = program.phases, program.steps, program.acts
        self._kind = program.kind
        self._parts = program.parts                 # the parts of the round (go/drop), or none
        self._t = Table(self.ruleset, players, rounds, start, self._kind.state.new(), self._new_parts(),
                        {part.name: part.new_game() for part in self._parts} if self._parts else {})
        self._at_end = program.at_end
        self._counted = 0
        self._trusted: tuple[object, ...] = ()         # actions known legal in the current state
        self._legal: Any = None                        # legal_actions() in the current state, once asked
        self._who: Optional[Seat] = None    # the current player, kept by _advance (chance: Party.CHANCE)
        if drawn is not None:
            self._t.emit(drawn)
        self._t.emit(RoundStarted(0, start, 0))
        self._advance()

    # -- the state -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._t.players

    @property
    def rounds(self) -> int:
        return self._t.rounds

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(self._t.chips)

    @property
    def pot(self) -> int:
        return self._t.pot

    @property
    def pots(self) -> tuple[tuple[str, int], ...]:
        """The named pots of the rule file (``pots:``) and the chips in each now, in the file's order;
        empty for a game without them. Chips, the pot and these always add up to the start (T27)."""
        return tuple(self._t.pots.items())

    @property
    def events(self) -> tuple[object, ...]:
        return tuple(self._t.events)

    @property
    def pot_taken(self) -> tuple[int, ...]:
        """Each amount a seat took from the pot so far, in order (the transfers from the pot)."""
        return tuple(self._t.pot_taken)

    @property
    def round_index(self) -> int:
        """The 0-based index of the round being played (the number of rounds finished)."""
        return self._t.round.index

    @property
    def round(self) -> RoundState:
        """The current round's state (read it, do not change it)."""
        return self._t.round

    @property
    def phase(self) -> Optional[PhaseName]:
        """The phase waiting for an action, or None when the game is over."""
        return None if self.is_terminal else self._current_rule().phase

    @property
    def is_terminal(self) -> bool:
        return self._t.finished

    @property
    def current_player(self) -> Optional[int]:
        """The seat to act, :data:`CHANCE` for the deal, or None when the game is over."""
        return self._who

    @property
    def returns(self) -> tuple[int, ...]:
        """Each seat's change of chips since the start (T26: the highest wins)."""
        start = self.ruleset.chips.start
        return tuple(c - start for c in self._t.chips)

    @property
    def winners(self) -> tuple[int, ...]:
        """T26: every seat with the highest total (more than one is a shared win)."""
        best = max(self._t.chips)
        return tuple(s for s, c in enumerate(self._t.chips) if c == best)

    def legal_actions(self) -> Any:
        """The legal actions of :attr:`current_player`: a tuple, or for the deal a space of deals
        (the same one until the next action is applied)."""
        legal = self._legal
        if legal is None:
            t = self._t
            legal = self._legal = () if t.finished else self._acts[t.round.phase_index].legal(t)
        self._trusted = legal if type(legal) is tuple else ()
        return legal

    # -- acting ----------------------------------------------------------------------------

    def apply(self, action: ActionBase) -> tuple[object, ...]:
        """Apply ``action`` for the current player; return the events it produced."""
        t = self._t
        for known in self._trusted:             # most often one of the very actions legal_actions() gave
            if known is action:
                break
        else:
            if action not in self._trusted:     # legal_actions() has not vouched for it
                self._check(action)
        self._trusted = ()
        self._legal = None
        r = t.round
        rule = self._acts[r.phase_index]
        log = t.events
        first = len(log)
        who = self._who
        assert who is not None                  # a seat or chance acts while the game is not over
        log.append(Applied(r.index, who, action))
        rule.apply(t, action)
        self._advance()
        return tuple(log[first:])

    def sample_chance(self, rng: Optional[random.Random] = None) -> ActionBase:
        """A random deal drawn from ``rng`` (default: the game's seeded generator)."""
        if self.current_player != CHANCE:
            raise IllegalAction(f"no deal is due ({self.describe_state()})")
        space = cast(ChanceSpace, self._acts[self._t.round.phase_index].legal(self._t))    # chance deals
        deal = space.sample(rng or self.rng)
        self._trusted = (deal,)                 # a deal drawn from the deal space is valid
        return deal

    def deal_random(self, rng: Optional[random.Random] = None) -> tuple[object, ...]:
        """Apply a random deal (see :meth:`sample_chance`)."""
        return self.apply(self.sample_chance(rng))

    def watch(self, see: Optional[Callable[[object], None]], transfers: bool = True,
              play: bool = True) -> None:
        """Hand ``see`` the events the phases emit, as they happen, from now on (None: stop):
        unless ``transfers`` is False every :class:`~.events.Transfer`, and unless ``play`` is
        False the play kind's events of play (each trick taken, each card placed in matching play).
        The applied actions are not handed over (they are the bulk of the log; a watcher reads a
        round's deal and calls from :attr:`round` when the round ends, the amounts taken from the
        pot from :attr:`pot_taken`). A clone is not watched."""
        self._t.watch = see
        self._t.watch_transfers = see if transfers else None
        self._t.watch_play = see if play else None

    def clone(self) -> "GameState":
        """An independent copy, not watched (for search): the table and the round copied part by
        part (:meth:`.state.Table.copy`); the immutable ruleset, the phases and the frozen events
        shared; the random generator in the same state."""
        other = GameState(self.ruleset, self._t.players, seed=0, rounds=self._t.rounds, start=0, program=self._program)
        other.rng.setstate(self.rng.getstate())
        other._t = self._t.copy()
        other._counted, other._trusted, other._who = self._counted, self._trusted, self._who
        return other

    def restarted(self, start: int, rounds: int = 1) -> "GameState":
        """A new game of ``rounds`` rounds at these seats, its first round starting at ``start``, on this
        game's ruleset and phases (their :class:`Program` shared, not built again): the worlds of a
        search (:mod:`..bots.determinize`). Its own generator is seeded with 0 (a search deals its
        worlds from generators of its own)."""
        return GameState(self.ruleset, self._t.players, seed=0, rounds=rounds, start=start, program=self._program)

    def replay(self, actions: Sequence[ActionBase]) -> None:
        """Apply ``actions`` in turn without checking them again: actions this engine accepted or
        made itself (a round's actions from the log of a game of the same ruleset, a deal its plug-in
        sampled for them). Only for those: an action not legal here is not refused. Anything else
        goes through :meth:`apply`. An action after the game's end is refused all the same, in the
        words :meth:`apply` would use."""
        for action in actions:
            if self._t.finished:
                raise IllegalAction(f"illegal action {describe(action, self._t)}: the game is over")
            self._trusted = (action,)
            self.apply(action)

    def view(self, seat: int) -> View:
        """What ``seat`` may see now."""
        r, t = self._t.round, self._t
        to_act = self.current_player
        own: dict[str, Any] = {}
        for part in self._parts:
            own.update(part.view(r))
        return View(
            seat=seat, players=t.players, round_index=r.index, rounds=t.rounds, phase=self.phase,
            to_act=to_act, start=r.start,
            hand=tuple(sorted(r.hands[seat])) if r.hands else (),
            field=r.field, multiplier=r.multiplier, goers=tuple(r.playing), kind=r.outcome,
            chips=tuple(t.chips), pot=t.pot, pots=tuple(t.pots.items()),
            legal=tuple(self.legal_actions()) if to_act == seat else (),
            play=self._kind.view(r), **own,
        )

    def describe_state(self) -> str:
        """A one-line account of where the game is, for error messages."""
        if self.is_terminal:
            return "the game is over"
        r = self._t.round
        who = self.current_player
        actor = "chance" if who == CHANCE else f"seat {who}"
        phase = self.phase.value if self.phase else "none"
        return f"round {r.index + 1}, phase {phase}, {actor} to act"

    # -- driving the phases ----------------------------------------------------------------

    def _current_rule(self) -> PhaseRule:
        return self._phases[self._t.round.phase_index]

    def _check(self, action: ActionBase) -> None:
        """Raise :class:`IllegalAction` naming the reason and the state when ``action`` is not
        legal now: first when its fields do not hold what they are typed as (:func:`.actions.malformed`),
        before anything reads them."""
        t = self._t
        problem = malformed(action)
        if problem is not None:
            raise IllegalAction(f"illegal action {action!r}: {problem} ({self.describe_state()})")
        if t.finished:
            raise IllegalAction(f"illegal action {describe(action, t)}: the game is over")
        try:
            self._check_kind(action)
            self._acts[t.round.phase_index].check(t, action)
        except IllegalAction as e:
            raise IllegalAction(f"illegal action {describe(action, t)}: {e.message} "
                                f"({self.describe_state()})") from None

    def _check_kind(self, action: object) -> None:
        """Refuse an action a part refuses whatever the phase (a declaration once they closed)."""
        for part in self._parts:
            why = part.refuse(self._t.round, action)
            if why is not None:
                raise IllegalAction(why)

    def _new_parts(self) -> dict[str, Any]:
        """Each part's own state of a new round."""
        return {part.name: part.new_round() for part in self._parts} if self._parts else {}

    def _advance(self) -> None:
        """Run phases until one waits for an action, ending rounds and the game as they finish."""
        t, steps = self._t, self._steps
        while not t.finished:
            r = t.round
            i = r.phase_index
            if i >= 0 and r.entered:
                actor = steps[i][2]
                if actor is not None:
                    who: Optional[Seat] = actor(t)     # Seat: chance stays Party.CHANCE on every build
                    if who is not None:
                        self._who = who
                        return
            who = self._enter_next(r, i)
            if who is not None:
                self._who = who
                return
            self._end_round()
        self._who = None

    def _enter_next(self, r: RoundState, i: int) -> Optional[Seat]:
        """Enter the round's phases after the ``i``-th that apply, until one waits for an action:
        the seat it waits for (the phase is then ``r.phase_index``). None when none waits: the
        round's phases are done."""
        t, steps = self._t, self._steps
        last = len(steps) - 1
        while i < last:
            i += 1
            applies, enter, actor = steps[i]
            if applies is None or applies(t):
                r.phase_index, r.entered = i, True
                if enter is not None:
                    enter(t)
                if actor is not None:
                    who: Optional[Seat] = actor(t)
                    if who is not None:
                        return who
        r.phase_index, r.entered = last + 1, False
        return None

    def _end_round(self) -> None:
        t, r = self._t, self._t.round
        counts = True
        for part in self._parts:
            counts = counts and part.counts(self.ruleset, r)
        if counts and self._counted + 1 >= t.rounds and self.ruleset.rounds.leftover_pot == "split":
            self._share_leftover_pot()
        nxt = next_start(self.ruleset, r, self._parts)
        t.emit(RoundEnded(
            round=r.index, kind=r.outcome, multiplier=r.multiplier, goers=tuple(r.playing),
            tricks=self._kind.state.round_tricks(r), pot_to=r.pot_to,
            delta=tuple(map(sub, t.chips, r.chips_before)), pot_after=t.pot, next_start=nxt))
        if counts:
            self._counted += 1
            t.counted = self._counted
        if self._counted >= t.rounds or t.ending:
            if self._at_end is not None:
                self._at_end.enter(t)
            t.finished = True
            t.emit(GameEnded(tuple(t.chips), self.winners, t.pot))
            return
        t.round = RoundState(index=r.index + 1, start=nxt, players=t.players, chips_before=tuple(t.chips),
                             kind_state=self._kind.state.new(), parts=self._new_parts())
        t.emit(RoundStarted(r.index + 1, nxt, t.pot))

    def _share_leftover_pot(self) -> None:
        """``rounds.leftover_pot: split``: after the last round every seat takes an equal share of
        the pot; what does not divide evenly is left over (T13 as a house rule)."""
        t = self._t
        share = t.pot // t.players
        for seat in range(t.players):
            t.pay(TransferReason.POT, POT, seat, share, "share of the pot left after the last round",
                  multiply=False)
