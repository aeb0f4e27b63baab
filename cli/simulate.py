"""``hachi simulate``: play many bot games and summarise them, or compare two variants."""

from __future__ import annotations

import json
import sys
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Callable, Mapping, Optional, TypedDict

import click

from ..ruleset.errors import HachiError, RuleFileError, SetupError

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

Bar = Optional["ProgressBar[int]"]


class Run(TypedDict):
    """Where a run's games are played (the library's ``backend`` and ``address`` arguments)."""

    backend: str
    address: Optional[str]


def _fail(place: str, message: str, code: int) -> None:
    click.echo(f"{place}: error: {message}", err=True)
    raise SystemExit(code)


def _progress(games: int) -> AbstractContextManager[Bar]:
    """A progress bar on standard error when it is a terminal, else nothing."""
    from .safeout import raw

    if not sys.stderr.isatty():
        return nullcontext(None)
    return click.progressbar(length=games, label="games", file=raw(sys.stderr))   # its own text only


def ticker(bar: Bar) -> Callable[[int], None]:
    """A progress callback (games done so far) that moves ``bar`` (None: nothing to move)."""
    step = [0]

    def tick(done: int) -> None:
        if bar is not None:
            bar.update(done - step[0])
            step[0] = done

    return tick


@click.command()
@click.option("--games", "-n", type=click.IntRange(min=1), required=True, help="Number of games to play.")
@click.option("--players", "-p", type=int, default=None, help="Players per game (default 5).")
@click.option("--bots", default="random", show_default=True,
              help="Bot per seat, comma-separated; a shorter list repeats its last name (hachi play's "
                   "opponents are heuristic).")
@click.option("--rules", default="hachihachi_trick", show_default=True, help="Bundled ruleset name or rule file.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole run.")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes to play in; the totals do not depend on it.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--record", "record_dir", type=click.Path(file_okay=False), default=None,
              help="Write every game's record into this folder.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Where to play: local processes, or Ray (the [ray] extra).")
@click.option("--address", default=None, metavar="HOST:PORT",
              help="An existing Ray cluster to play on (with --backend ray).")
@click.option("--compare", nargs=2, type=click.Path(dir_okay=False), default=None, metavar="HOUSE BASE",
              help="Play the house rule file HOUSE and the file BASE on the same deals and show house - base.")
@click.pass_context
def simulate(ctx: click.Context, games: int, players: Optional[int], bots: str, rules: str, seed: int, workers: int,
             as_json: bool, record_dir: Optional[str], backend: str, address: Optional[str],
             compare: Optional[tuple[str, str]]) -> None:
    """Play many bot games and summarise them (or compare a house rule with its base: --compare HOUSE BASE)."""
    names = bot_list(bots)
    default_bots = ctx.get_parameter_source("bots") is click.core.ParameterSource.DEFAULT
    if address and backend != "ray":
        _fail("--address", "--address is for --backend ray", 2)
    if address and record_dir:
        _fail("--record", "--record writes on this machine; it is not available with --address", 2)
    if compare and rules != "hachihachi_trick":
        _fail("--compare", "give the two rule files to --compare, not --rules as well", 2)
    if compare and record_dir:
        _fail("--compare", "--record is not available with --compare", 2)
    run = Run(backend=backend, address=address)
    if compare:
        guarded(lambda: _compare(compare, games, players, names, seed, workers, as_json, run, default_bots))
    else:
        guarded(lambda: _simulate(rules, games, players, names, seed, workers, as_json, record_dir, run,
                                  default_bots))


def bot_list(bots: str) -> list[str]:
    """The ``--bots`` names, each checked."""
    from ..interpreter.bots import bot_names, is_bot

    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if not is_bot(b)]
    if not names or unknown:
        _fail("--bots", f"there is no bot '{(unknown or [bots])[0]}'; bots are {', '.join(bot_names())}.", 2)
    return names


def guarded(call: Callable[[], None], command: str = "simulate", flags: Mapping[str, str] = {}) -> None:
    """Run ``call()`` as a command: errors, Ctrl-C and SIGTERM become one line and an exit code.

    A :class:`SetupError` of a library argument is placed at the command's option for it:
    ``flags`` maps the argument's name to the option where they differ (``--NAME`` otherwise),
    and a message that begins with the argument's name begins with the option instead. A problem
    placed at a setting (``setting KEY``, :mod:`..ruleset.overrides`) is placed at the option that
    gave the settings (``flags["settings"]``, ``--set KEY``)."""
    from ..interpreter.runs.pool import Stopped, stop_signals
    from ..ruleset.overrides import setting_of

    with stop_signals(ending=True):     # the command ends with the block: a second Ctrl-C is ignored
        try:
            try:
                call()
            except SetupError as e:
                arg = e.argument or ""
                flag = flags.get(arg, f"--{arg}") if arg else command
                message = flag + e.message[len(arg):] if arg and e.message.startswith(f"{arg} ") else e.message
                _fail(flag, message, 2 if arg else 1)
            except HachiError as e:
                place = e.place or ("--rules" if isinstance(e, RuleFileError) else command)
                key = setting_of(place)
                if key is not None and "settings" in flags:
                    place = f"{flags['settings']} {key}".rstrip()
                _fail(place, e.message, 2 if place.startswith("--") and place != "--rules" else 1)
        except KeyboardInterrupt:
            _fail(command, "interrupted; the run was stopped and nothing was summarised.", 130)
        except Stopped as e:
            _fail(command, f"stopped by {e.name}; the run was stopped and nothing was summarised.",
                  128 + e.signum)


def _simulate(rules: str, games: int, players: Optional[int], names: list[str], seed: int, workers: int,
              as_json: bool, record_dir: Optional[str], run: Run, default_bots: bool = False) -> None:
    from .simreport import summary_lines
    from ..interpreter.runs.simulate import simulate as simulate_games

    with _progress(games) as bar:
        tick = ticker(bar)
        result = simulate_games(rules, games, players, names, seed, workers, record_dir, progress=tick, **run)
    if as_json:
        click.echo(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        from ..ruleset.loader import load_ruleset

        click.echo("\n".join(summary_lines(result, default_bots, load_ruleset(rules))))


def file_words(ref: str) -> str:
    """A rule file as the user named it: a bundled one by its name, never its installed path."""
    from ..ruleset.bundled import is_name
    from ..ruleset.safetext import escape

    return f"{ref} (bundled)" if is_name(ref) else escape(ref)


def _compare(files: tuple[str, str], games: int, players: Optional[int], names: list[str], seed: int, workers: int,
             as_json: bool, run: Run, default_bots: bool = False) -> None:
    from ..interpreter.runs.compare import compare
    from .simreport import comparison_lines

    result = compare(files[0], files[1], games, players, names, seed, workers, **run)
    if as_json:
        click.echo(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        click.echo("\n".join(comparison_lines(result, file_words(files[0]), file_words(files[1]), default_bots)))
