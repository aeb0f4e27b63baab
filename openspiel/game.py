"""The OpenSpiel game and state: a thin adapter over the engine's ``GameState``."""

from __future__ import annotations

import functools
import hashlib
import random
from typing import Any, Callable, Iterable, Optional, Sequence

import pyspiel

from ..interpreter.engine.actions import CHANCE
from ..interpreter.engine.events import Applied, RoundStarted
from ..interpreter.engine.gamestate import GameState as Engine
from ..ruleset.errors import HachiError
from ..ruleset.loader import load_ruleset
from ..ruleset.model import Ruleset
from .dealing import DealLayout
from .encoding import ActionCodec, answers_of
from .bridge_registry import BRIDGES, BY_NAME
from .observer import HachiObserver, describe_action
from .resample import sample_deal, seed_from

UTILITY_BOUND = 100_000.0      # no rule bounds a game's payments; returns stay far inside this
RESAMPLE_ATTEMPTS = 100


@functools.lru_cache(maxsize=16)
def _ruleset(rules: str) -> Ruleset:
    """The ruleset a ``rules`` parameter names, read once per process (OpenSpiel loads a game
    again for every state it deserializes)."""
    return load_ruleset(rules)


def _game_type(short_name: str, players_min: int, players_max: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=short_name.replace("_", " ").title(),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,       # a pot left after the last round is nobody's
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players_max,
        min_num_players=players_min,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(BY_NAME[short_name].defaults))


class _Shared:
    """Read-only data of one OpenSpiel game, shared by every state and every clone."""

    def __init__(self, rules: str, ruleset: Ruleset, players: int, rounds: int) -> None:
        self.rules, self.ruleset, self.players, self.rounds = rules, ruleset, players, rounds
        self.layout = DealLayout.of(ruleset, players)
        self.codec = ActionCodec(ruleset.deck.size, BRIDGES[ruleset.play], answers_of(ruleset, BRIDGES[ruleset.play]))
        self.observer = HachiObserver(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Shared], tuple[str, int, int]]:     # pickled by the rule reference
        return _Shared.load, (self.rules, self.players, self.rounds)

    @staticmethod
    def load(rules: str, players: int, rounds: int) -> "_Shared":
        return _Shared(rules, _ruleset(rules), players, rounds)

    def engine(self, actions: Iterable[Any] = ()) -> Engine:
        """A new engine game, with ``actions`` applied."""
        game = Engine(self.ruleset, self.players, rounds=self.rounds, start=0)
        for action in actions:
            game.apply(action)
        return game


class _EngineBox:
    """The engine game inside a state; copying the state clones it with the engine's ``clone``,
    pickling it keeps the actions applied."""

    def __init__(self, shared: _Shared, game: Optional[Engine]) -> None:
        self.shared, self.game = shared, game

    def __deepcopy__(self, memo: dict[int, Any]) -> _EngineBox:
        return _EngineBox(self.shared, self.game and self.game.clone())

    def __reduce__(self) -> tuple[Callable[..., _EngineBox], tuple[_Shared, Optional[list[Any]]]]:
        actions = None if self.game is None else [e.action for e in self.game.events if isinstance(e, Applied)]
        return type(self).replayed, (self.shared, actions)

    @staticmethod
    def replayed(shared: _Shared, actions: Optional[list[Any]]) -> "_EngineBox":
        return _EngineBox(shared, None if actions is None else shared.engine(actions))


class _AtDeal:
    """The engine game just before a deal, shared by a state and its clones. Only resampling
    needs it, so it is made on first use, by replaying the engine actions before the deal (the
    log up to there is the same in every state that shares this object)."""

    def __init__(self, shared: _Shared, events_before: int) -> None:
        self.shared, self.events_before = shared, events_before
        self._game: Optional[Engine] = None
        self._base: Optional[HachiState] = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _AtDeal:
        return self

    def __reduce__(self) -> tuple[type[_AtDeal], tuple[_Shared, int]]:
        return _AtDeal, (self.shared, self.events_before)

    def base(self, state: "HachiState") -> "HachiState":
        """The OpenSpiel state at the deal, made once (from ``state``, which shares this object)."""
        if self._base is None:
            self._base = state._at_deal_state()
        return self._base

    def game(self, now: Engine) -> Engine:
        """The engine game at the deal, given the engine game of a state sharing this object."""
        if self._game is None:
            before = now.events[:self.events_before]
            self._game = self.shared.engine([e.action for e in before if isinstance(e, Applied)])
        return self._game


class _SeenLog:
    """The engine's event log as each seat sees it, rendered once per event: public events as
    text, deals kept whole (each seat sees a different part). The rounds before the current one
    are folded into one digest per seat."""

    def __init__(self, items: Iterable[Any] = (), round_at: int = 0,
                 digests: Optional[dict[int, tuple[int, str]]] = None) -> None:
        self.items, self.round_at, self.digests = list(items), round_at, dict(digests or {})

    def __deepcopy__(self, memo: dict[int, Any]) -> _SeenLog:
        return _SeenLog(self.items, self.round_at, self.digests)

    def sync(self, events: Sequence[Any]) -> None:
        for e in events[len(self.items):]:
            if isinstance(e, RoundStarted):
                self.round_at = len(self.items)
            self.items.append(e.action if isinstance(e, Applied) and e.seat == CHANCE else repr(e))

    def render(self, layout: DealLayout, seat: int, start: int, end: int) -> list[str]:
        return [x if isinstance(x, str) else layout.seen_by(x, seat) for x in self.items[start:end]]

    def agrees(self, other: "_SeenLog", seat: int, start: int, layout: DealLayout) -> bool:
        """Whether ``other`` shows ``seat`` what this log shows it, from item ``start`` on
        (``other`` may be shorter: a prefix being replayed)."""
        end = len(other.items)
        if end > len(self.items):
            return False
        return all(a == b or (not isinstance(a, str) and not isinstance(b, str)
                              and layout.seen_by(a, seat) == layout.seen_by(b, seat))
                   for a, b in zip(self.items[start:end], other.items[start:end]))

    def past(self, layout: DealLayout, seat: int) -> str:
        done = self.digests.get(seat)
        if done is None or done[0] != self.round_at:
            text = "\n".join(self.render(layout, seat, 0, self.round_at))
            done = self.digests[seat] = (self.round_at, hashlib.sha256(text.encode()).hexdigest())
        return done[1]


class HachiGame(pyspiel.Game):
    """A rule file as an OpenSpiel game (parameters ``rules``, ``players``, ``rounds``). Each play
    kind with a bridge (its package's ``spiel.py``) is one registered game: a subclass naming the
    kind's game (:data:`GAMES`)."""

    short_name: str = ""                # the registered name of the game, of one play kind

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        bridge = BY_NAME[self.short_name]
        params = {**bridge.defaults, **(params or {})}
        try:
            ruleset = _ruleset(str(params["rules"]))
        except HachiError as e:
            raise ValueError(f"{self.short_name}: {e}") from None
        if ruleset.play is not bridge.kind:
            other = BRIDGES[ruleset.play].short_name
            raise ValueError(f"{self.short_name}: the rules {ruleset.name} are played by "
                             f"{ruleset.play}; load them as {other}")
        players = int(params["players"])
        if not ruleset.players.min <= players <= ruleset.players.max:
            raise ValueError(f"{self.short_name}: {ruleset.name} is for {ruleset.players.min} to "
                             f"{ruleset.players.max} players, not {players}")
        rounds = int(params["rounds"]) or ruleset.rounds.standard
        if rounds < 0:
            raise ValueError(f"{self.short_name}: rounds must be 0 (the standard length) or more")
        self.shared = _Shared(str(params["rules"]), ruleset, players, rounds)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shared.codec.size,
            max_chance_outcomes=ruleset.deck.size,
            num_players=players,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=None,
            max_game_length=_max_length(self.shared))
        super().__init__(_game_type(self.short_name, ruleset.players.min, ruleset.players.max),
                         info, params)

    def new_initial_state(self) -> HachiState:
        return HachiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[dict[str, Any]] = None) -> HachiObserver:
        return HachiObserver(self.shared, iig_obs_type, params)


def _max_length(shared: _Shared) -> int:
    """A bound on the actions of a game: per round a deal and a redeal, the pre-deal call, the
    declarations and splits, and two actions per card in a hand (a play and a capture choice).
    With ``rounds.skipped_counts: false`` up to three skipped rounds per counted round are allowed
    for (nothing bounds them in the rules)."""
    n = shared.players
    per_round = 2 * shared.layout.length + 1 + 3 * n + 2 * n * shared.ruleset.hand_size
    rounds = shared.rounds * (1 if shared.ruleset.rounds.skipped_counts else 4)
    return rounds * per_round


TERMINAL_PLAYER: int = pyspiel.PlayerId.TERMINAL
CHANCE_PLAYER: int = pyspiel.PlayerId.CHANCE


class HachiState(pyspiel.State):
    """One position of the game. The engine game is at the deal while cards are being dealt;
    ``_dealt`` holds the cards dealt so far and ``_deal_at`` the history index of the first."""

    def __init__(self, game: HachiGame) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._box = _EngineBox(game.shared, game.shared.engine())
        self._dealt: list[int] = []
        self._deal_at = -1
        self._redeals = 0
        self._replay: list[int] = []         # players of history entries being fast-forwarded
        self._at_deal: Optional[_AtDeal] = None    # the engine game just before the current deal
        self._seen = _SeenLog()
        self.resample_misses = 0             # resamplings that found no other deal (see below)

    @property
    def engine(self) -> Engine:
        """The engine game behind this state (read it, do not change it)."""
        game = self._box.game
        assert game is not None         # only an unpickled deal snapshot has no game
        return game

    # -- the OpenSpiel API -----------------------------------------------------------------

    def current_player(self) -> int:
        if self._replay:
            return self._replay[0]
        who = self.engine.current_player
        if who is None:
            return TERMINAL_PLAYER
        return CHANCE_PLAYER if who == CHANCE else int(who)

    def _legal_actions(self, player: int) -> list[int]:
        codec = self._shared.codec
        return sorted(codec.encode(a) for a in self.engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(self._shared.layout.deck_size)).difference(self._dealt))
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        if self._replay:
            self._replay.pop(0)
            return
        engine = self.engine
        if engine.current_player != CHANCE:
            engine.apply(self._shared.codec.decode(action))
            return
        layout = self.deal_layout()
        if action in self._dealt or not 0 <= action < layout.deck_size:
            raise HachiError(f"card {action} cannot be dealt now")
        if not self._dealt and self._deal_at != len(self.history()):   # a new deal: keep its start
            self._deal_at = len(self.history())
            self._at_deal = _AtDeal(self._shared, len(engine.events))
        self._dealt.append(action)
        if len(self._dealt) < layout.length:
            return
        deal = layout.build(self._dealt)
        self._dealt = []
        if deal in engine.legal_actions():
            engine.apply(deal)
        else:                               # the engine deals such a deal again (H4: field_four)
            self._redeals += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._shared.ruleset.deck.name(action)}"
        return describe_action(self._shared, self._shared.codec.decode(action))

    def is_terminal(self) -> bool:
        return self.engine.is_terminal

    def returns(self) -> list[float]:
        if not self.engine.is_terminal:
            return [0.0] * self._shared.players
        return [float(r) for r in self.engine.returns]

    def copy(self) -> HachiState:
        """``clone()``, typed (OpenSpiel's own is not)."""
        state: HachiState = self.clone()
        return state

    def information_state_string(self, player: Optional[int] = None) -> str:
        player = self.current_player() if player is None else player
        return self._info_string(player)

    def observation_string(self, player: Optional[int] = None) -> str:
        player = self.current_player() if player is None else player
        return self._shared.observer.string_from(self, player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> HachiState:
        """A state ``player_id`` cannot tell from this one: the current round dealt anew
        (:mod:`.resample`), replayed, and kept when the information state matches. When no deal
        in ``RESAMPLE_ATTEMPTS`` matches, a copy of this state itself (counted in
        ``resample_misses``)."""
        rng = random.Random(seed_from(probability_sampler))
        if self._dealt or self.engine.is_terminal or self._at_deal is None:
            return self.copy()
        want = self._info_string(player_id)
        for _ in range(RESAMPLE_ATTEMPTS):
            deal = sample_deal(self.engine, player_id, rng)
            if deal is None:
                return self.copy()
            base = self._at_deal.base(self)
            state = self._dealt_again(base, self._shared.layout.cards_of(deal), player_id)
            if state is not None and state._info_string(player_id) == want:
                return state
        self.resample_misses += 1
        return self.copy()

    def __str__(self) -> str:
        pots = "".join(f", {name} {chips}" for name, chips in self.engine.pots)     # named pots (pots:)
        return f"{self.engine.describe_state()}; chips {list(self.engine.chips)}, pot {self.engine.pot}{pots}"

    # -- helpers ---------------------------------------------------------------------------

    @property
    def leftover_pot(self) -> int:
        """The pot on the table (at the end of the game, the chips nobody won: T27)."""
        return self.engine.pot

    @property
    def leftover_pots(self) -> dict[str, int]:
        """The named pots (``pots:``) and what each holds (at the end of the game, chips nobody
        won, like the table's pot: no seat's return counts them, T27); empty without named pots."""
        return dict(self.engine.pots)

    def deal_layout(self) -> DealLayout:
        """Where the cards of the deal being dealt go: the game's layout, less the seats the
        engine's deal space says sit this round out (``hanafuda.sit_out``)."""
        if self.engine.current_player != CHANCE:
            return self._shared.layout
        return self._shared.layout.for_space(self.engine.legal_actions())

    def _info_string(self, player: int) -> str:
        """Everything ``player`` has seen: its own cards and the face-up cards of every deal, and
        every public event of the engine's log (the log is public apart from the deals)."""
        layout, seen = self._shared.layout, self._seen
        seen.sync(self.engine.events)
        parts = [f"p{player}", seen.past(layout, player)]
        parts += seen.render(layout, player, seen.round_at, len(seen.items))
        if self._redeals:
            parts.append(f"redeals={self._redeals}")
        if self._dealt:
            parts.append(self.deal_layout().seen_pending(self._dealt, player))
        parts.append(self.observation_string(player))
        return "\n".join(parts)

    def _at_deal_state(self) -> "HachiState":
        """This state as it was just before the current deal: the history before it is
        fast-forwarded onto the copy of the engine game taken then."""
        start, at = self._deal_at, self._at_deal
        assert at is not None
        state: HachiState = self.get_game().new_initial_state()
        state._replay = [pa.player for pa in self.full_history()[:start]]
        for a in self.history()[:start]:
            state.apply_action(a)
        at_deal = at.game(self.engine)
        state._box = _EngineBox(self._shared, at_deal.clone())
        state._at_deal, state._deal_at, state._redeals = at, start, self._redeals
        self._seen.sync(self.engine.events)
        kept = len(at_deal.events)          # the log up to the deal is the same in both
        state._seen = _SeenLog(self._seen.items[:kept], self._seen.round_at, self._seen.digests)
        return state

    def _dealt_again(self, base: "HachiState", deal_cards: list[int], player: int) -> Optional[HachiState]:
        """``base`` (from :meth:`_at_deal_state`) dealt ``deal_cards`` and played on as this state
        was, or None as soon as ``player`` would see something else."""
        state = base.copy()
        checked = len(state._seen.items)
        try:
            for a in deal_cards + self.history()[self._deal_at + len(deal_cards):]:
                state.apply_action(a)
                seen = state._seen
                seen.sync(state.engine.events)
                if not self._seen.agrees(seen, player, checked, self._shared.layout):
                    return None
                checked = len(seen.items)
        except HachiError:
            return None
        return state


# one game class per play kind with a bridge, found through the registry and registered by its name
GAMES: dict[str, type[HachiGame]] = {
    name: type(f"HachiGame_{bridge.kind}", (HachiGame,), {"short_name": name}) for name, bridge in BY_NAME.items()}
for _name, _game in GAMES.items():
    pyspiel.register_game(_game_type(_name, *BY_NAME[_name].seats), _game)
