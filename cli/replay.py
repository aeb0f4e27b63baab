"""``hachi replay RECORD [--json] [--lang ja|en]``: replay a game record, checking every action."""

from __future__ import annotations

import json

import click

from ..ruleset.errors import HachiError
from ..ruleset.safetext import MAX_LINE, escape
from .errors_ja import LangCommand, error_line


@click.command(cls=LangCommand)
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.option("--rules", help="Replay with this ruleset (a bundled name or a rule file) instead of the one "
                              "the record names; a record may only name files in its own folder.")
@click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True,
              help="Language of the account of the game (and of its errors).")
def replay(record: str, as_json: bool, rules: str | None, lang: str) -> None:
    """Replay a game record, checking every action, and print the game with its settlement."""
    from ..interpreter.records.gamerecord import replay as run_replay
    from ..interpreter.records.gamerecord import summary
    from .narrate import Narrator

    try:
        rep = run_replay(record, rules)
    except HachiError as e:
        click.echo(escape(error_line(e.place or record, e.message, lang), MAX_LINE), err=True)
        raise SystemExit(1) from None
    if as_json:
        click.echo(json.dumps(summary(rep), ensure_ascii=False))
        return
    for line in Narrator(rep.game.ruleset, rep.names, lang).lines(rep.game.events):
        click.echo(escape(line, MAX_LINE))
