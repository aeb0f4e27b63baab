"""The ``hachi`` command: a click group whose subcommands are imported only when used.

Keeping imports lazy keeps ``hachi --help`` fast; each command lives in its own module and
calls one library function.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import sys
from typing import Any, NoReturn, Optional

import click

# name -> (module, attribute, one-line help shown by ``hachi --help``)
COMMANDS = {
    "validate": ("hachihachi.cli.validate", "validate", "Check rule files against the schema and the rules."),
    "schema": ("hachihachi.cli.validate", "schema", "Print the JSON Schema of rule files."),
    "roles": ("hachihachi.cli.roles", "roles", "Evaluate hand roles, or count them over all hands."),
    "table": ("hachihachi.cli.roles", "table", "Print the hand-role sheet (手役表)."),
    "rulebook": ("hachihachi.cli.rulebook", "rulebook_command", "Print the whole game of a rule file in words."),
    "replay": ("hachihachi.cli.replay", "replay", "Replay a game record, checking every action."),
    "play": ("hachihachi.cli.play", "play", "Play a game in the terminal against bots."),
    "simulate": ("hachihachi.cli.simulate", "simulate", "Play many bot games and summarise them."),
    "score": ("hachihachi.cli.score", "score", "Settle a score sheet of games played with real cards."),
    "sweep": ("hachihachi.cli.sweep", "sweep", "Sweep a grid of settings over a rule file on the same deals."),
    "serve": ("hachihachi.cli.serve", "serve", "Serve the table, scorekeeper and replay pages in the browser."),
}


class LazyGroup(click.Group):
    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command with standard output and error made safe (:mod:`.safeout`), click's
        own messages (usage errors, help) included."""
        from .safeout import guarded_streams

        try:
            with guarded_streams():
                try:
                    return super().main(*args, **kwargs)
                finally:
                    sys.stdout.flush()          # here, so that a full disk is said, not ignored at exit
        except OSError as e:
            if e.errno not in _FULL:
                raise
            _output_lost(e)



    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        if name not in COMMANDS:
            return None
        module, attr, _ = COMMANDS[name]
        try:
            command: click.Command = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            return None
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[Optional[str], Optional[click.Command], list[str]]:
        """click's lookup, with the nearest command name suggested for a mistyped one."""
        if args and args[0] not in COMMANDS and not ctx.resilient_parsing:
            close = suggestion(args[0])
            if close:
                ctx.fail(f"No such command {args[0]!r}. Did you mean {close!r}?")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}     # the output cannot be written


def _output_lost(e: OSError) -> NoReturn:
    """Standard output could not be written (a full disk, /dev/full): one line, exit status 1."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)                        # what is still buffered goes nowhere, quietly
    with contextlib.suppress(OSError):
        sys.stderr.write(f"stdout: error: cannot write the output ({e.strerror or e}); nothing more is written.\n")
        sys.stderr.flush()
    raise SystemExit(1)


def suggestion(name: str) -> Optional[str]:
    """The command ``name`` was most likely meant to be, or None when none is close.

    >>> suggestion("plya"), suggestion("valdiate"), suggestion("xyzzy")
    ('play', 'validate', None)
    """
    import difflib

    close = difflib.get_close_matches(name, sorted(COMMANDS), n=1, cutoff=0.6)
    return close[0] if close else None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(None, "-V", "--version", package_name="hachihachi", prog_name="hachi",
                      message="%(prog)s %(version)s")
def cli() -> None:
    """hachihachi: a rules-as-data engine for Hachi-Hachi card games.

    Enable shell completion with, for bash: eval "$(_HACHI_COMPLETE=bash_source hachi)"
    (zsh: zsh_source; fish: _HACHI_COMPLETE=fish_source hachi | source)
    """
