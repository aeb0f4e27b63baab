"""``hachi sweep``: a grid of settings over a base rule file, each point on the base's deals."""

from __future__ import annotations

import json
from typing import Optional

import click

from .simulate import _fail, _progress, bot_list, guarded, ticker

TABLE_MEASURES = ("swing", "first_start", "skipped", "pot_after", "pot_taken")


@click.command()
@click.argument("base")
@click.option("--set", "sets", multiple=True, required=True, metavar="KEY=V1,V2,...",
              help="A setting and the values to try (repeat for a grid), e.g. trick_settlement.per_trick=1,2,3.")
@click.option("--games", "-n", type=click.IntRange(min=1), required=True, help="Games a point.")
@click.option("--players", "-p", type=int, default=None, help="Players per game (default 5).")
@click.option("--bots", default="random", show_default=True,
              help="Bot per seat, comma-separated; a shorter list repeats its last name (hachi play's "
                   "opponents are heuristic).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole sweep.")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes to play in (Ray: CPUs of a Ray started here); results do not depend on it.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Where to play: local processes, or Ray (the [ray] extra).")
@click.option("--address", default=None, metavar="HOST:PORT",
              help="An existing Ray cluster to play on (with --backend ray).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--plot", "plot_file", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Draw a measure over the settings into FILE (.svg or .png; the [plot] extra).")
@click.option("--measure", default="swing", show_default=True,
              help="The measure to plot: swing, first_start, skipped, pot_after, pot_taken, leftover_pot, seat0...")
@click.pass_context
def sweep(ctx: click.Context, base: str, sets: tuple[str, ...], games: int, players: Optional[int], bots: str,
          seed: int, workers: int, backend: str, address: Optional[str], as_json: bool, plot_file: Optional[str],
          measure: str) -> None:
    """Sweep a grid of settings over BASE (a bundled ruleset or a rule file).

    Every point is BASE with the point's settings merged over it as a variant, played on the same
    game seeds as BASE; each measure is shown as the difference point - BASE with its 95% interval.
    """
    names = bot_list(bots)
    if address and backend != "ray":
        _fail("--address", "--address is for --backend ray", 2)
    default_bots = ctx.get_parameter_source("bots") is click.core.ParameterSource.DEFAULT
    guarded(lambda: _sweep(base, sets, games, players, names, seed, workers, backend, address, as_json,
                           plot_file, measure, default_bots), "sweep", {"settings": "--set"})


def _sweep(base: str, sets: tuple[str, ...], games: int, players: Optional[int], names: list[str], seed: int,
           workers: int, backend: str, address: Optional[str], as_json: bool, plot_file: Optional[str],
           measure: str, default_bots: bool = False) -> None:
    from ..interpreter.runs.sweep import grid, repeated_key, sweep as run
    from ..ruleset.overrides import parse_set

    settings = [parse_set(text) for text in sets]
    twice = repeated_key(settings)
    if twice is not None:
        _fail(f"--set {twice}", f"{twice} is given twice; give all its values in one --set", 2)
    if plot_file:
        from .sweepplot import check_plot

        check_plot(plot_file, settings, measure)    # before the games, not after
    points = len(grid(settings))
    with _progress(games * (points + 1)) as bar:
        result = run(base, settings, games, players, names, seed, workers, backend, address, ticker(bar))
    if as_json:                 # the results first: a plot that cannot be written does not lose them
        click.echo(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        from .simreport import sweep_lines

        click.echo("\n".join(sweep_lines(result, TABLE_MEASURES, default_bots)))
    if plot_file:
        from .sweepplot import plot

        plot(result, measure, plot_file)
