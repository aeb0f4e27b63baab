"""Replays: a game record opened in the browser and stepped through, forwards and back.

A record is uploaded (size-limited), written into a fresh folder of its own and replayed by
:func:`~hachihachi.interpreter.records.gamerecord.replay`, which checks every action; the record may name a
bundled ruleset only (its folder holds nothing else). The game is then played again action by
action, and each step becomes a frame: what happened (the narrator's lines) and the table after
it, every hand open, as a record shows them.
"""

from __future__ import annotations

import secrets
import tempfile
from pathlib import Path
from typing import Any, Sequence

from ..interpreter.engine.events import Applied, RoundStarted
from ..interpreter.engine.gamestate import GameState
from ..interpreter.engine.registry import plugin_for
from ..cli.narrate import Narrator
from ..interpreter.records.gamerecord import replay
from ..ruleset.errors import HachiError, RecordError
from ..ruleset.model import Ruleset
from .cards import card_title
from .messages import captures, field_item, text

MAX_RECORD = 1024 * 1024
MAX_REPLAYS = 100
MAX_FRAMES = 5000


class Replays:
    def __init__(self, folder: Path):
        self.folder = folder
        self.games: dict[str, Ruleset] = {}

    def ruleset(self, replay_id: str) -> Ruleset:
        if replay_id not in self.games:
            raise HachiError("no such replay")
        return self.games[replay_id]

    def add(self, body: bytes) -> dict[str, Any]:
        """Frames of an uploaded record (YAML or JSON)."""
        if len(body) > MAX_RECORD:
            raise RecordError(f"a record may have at most {MAX_RECORD // 1024} KiB")
        with tempfile.TemporaryDirectory(prefix="hachi-replay-") as home:
            path = Path(home) / "record.yaml"
            path.write_bytes(body)
            try:
                rep = replay(path)
            except HachiError as e:
                place = (e.place or "record").replace(str(path), "record")
                raise RecordError(f"{place}: {e.message}".replace(str(path), "record")) from None
        return self.add_game(rep.game, rep.names)

    def add_game(self, game: GameState, names: Sequence[str]) -> dict[str, Any]:
        if len(self.games) >= MAX_REPLAYS:
            self.games.pop(next(iter(self.games)))
        replay_id = secrets.token_urlsafe(9)
        deck: Any = game.ruleset.deck
        self.games[replay_id] = game.ruleset
        return {"id": replay_id, "deck": f"r.{replay_id}", "names": [text(n) for n in names],
                "title": {"ja": text(game.ruleset.title.ja), "en": text(game.ruleset.title.en)},
                "play": game.ruleset.play, "frames": frames(game, names),
                "card_names": {lang: {str(c): text(card_title(deck, c, lang)) for c in deck.cards}
                               for lang in ("en", "ja")}}


def frames(game: GameState, names: Sequence[str]) -> list[dict[str, Any]]:
    """The game replayed step by step: one frame per action (a deal is one step); a frame names
    its round, so that the page jumps from round to round."""
    first = next(e for e in game.events if isinstance(e, RoundStarted))
    again = GameState(game.ruleset, game.players, start=first.start, rounds=game.rounds)
    narrators = [Narrator(game.ruleset, names, lang) for lang in ("en", "ja")]

    def told(events: Sequence[object]) -> tuple[list[str], list[str]]:
        en, ja = ([text(line) for line in n.lines(events)] for n in narrators)
        return en, ja

    out = [_frame(again, *told(again.events))]
    for e in game.events:
        if not isinstance(e, Applied) or len(out) >= MAX_FRAMES:
            continue
        produced = again.apply(e.action)
        out.append(_frame(again, *told(produced)))
    return out


def _frame(game: GameState, lines: list[str], lines_ja: list[str]) -> dict[str, Any]:
    """One step: what the table shows, and the account of the step in English (``lines``) and
    Japanese (``lines_ja``), the page choosing by its language."""
    views = [game.view(s) for s in range(game.players)]
    v = views[0]
    deck: Any = game.ruleset.deck
    suit = v.own("trump")
    shown = plugin_for(game.ruleset).shown(game.ruleset)       # a game without a field kind or a pot hides them
    return {"lines": lines, "lines_ja": lines_ja, "round": v.round_index + 1, "rounds": v.rounds,
            "phase": v.phase.value if v.phase else None, "to_act": v.to_act if v.to_act is None or v.to_act >= 0
            else None, "hands": [list(w.hand) for w in views], "indicator": v.own("indicator"),
            "field": field_item(v, "en") if shown.field else None, "chips": list(v.chips), "pot": v.pot,
            "shows_pot": shown.pot or v.pot != 0, "trick": list(v.own("trick", ())),
            "table_cards": list(v.own("table_cards", ())), "captures": captures(game.ruleset, v),
            "goers": list(v.goers), "trump": text(deck.suits[suit]) if suit is not None else None,
            "turned": v.own("turned", None),
            "tricks_won": [[w, n] for w, n in v.own("tricks_won", ())], "over": game.is_terminal,
            **({"pots": [[name, chips] for name, chips in v.pots]} if v.pots else {})}     # named pots (pots:)

