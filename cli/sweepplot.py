"""Draw a sweep: a heat map of one measure over two settings, or a line over one setting.

matplotlib is the optional ``[plot]`` extra, imported only here and only when a plot is asked for.
A problem found before the games is a :class:`SetupError` of the argument ``plot`` (the plot asked
for: its file, what it can show, matplotlib to draw it) or ``measure``. The plot is written last
and atomically: one that cannot be written (a full disk) is one error after the results.
"""

from __future__ import annotations

import io
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

from ..ruleset.errors import HachiError, SetupError
from ..ruleset.overrides import Setting
from ..ruleset.safetext import quote
from ..interpreter.records.atomicfile import WriteFailed, write_atomic
from ..interpreter.runs.compare import Measure
from ..interpreter.runs.sweep import Sweep

__all__ = ["check_plot", "plot", "FORMATS"]

FORMATS = (".svg", ".png")
MEASURE_KEYS = ("swing", "first_start", "skipped", "pot_after", "pot_taken", "leftover_pot")


def check_plot(file: str, settings: Sequence[Setting], measure: str) -> None:
    """Refuse a plot that cannot be drawn, before any game is played."""
    if Path(file).suffix.lower() not in FORMATS:
        raise SetupError("the plot is written as SVG or PNG: name the file .svg or .png", "plot")
    folder = Path(file).parent
    if not folder.is_dir():
        raise SetupError(f"the plot's folder {quote(str(folder), 200)} does not exist", "plot")
    if not 1 <= len(settings) <= 2:
        raise SetupError(f"a plot shows one setting (a line) or two (a heat map), not {len(settings)}", "plot")
    if measure not in MEASURE_KEYS and not (measure.startswith("seat") and measure[4:].isdigit()):
        raise SetupError(f"there is no measure '{measure[:40]}'; measures are {', '.join(MEASURE_KEYS)}, "
                         f"seat0, seat1, ...", "measure")
    _pyplot()


def _pyplot() -> ModuleType:
    try:
        import matplotlib
    except ImportError:
        raise SetupError("plot needs matplotlib, which is not installed: pip install 'hachihachi[plot]'",
                         "plot") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pyplot: ModuleType = plt        # Any when matplotlib is not installed (mypy)
    return pyplot


def _text(value: object) -> str:
    """A label that matplotlib draws as written (no mathtext)."""
    from .simreport import shown_value

    return shown_value(value).replace("$", r"\$")


def plot(sweep: Sweep, measure: str, file: str) -> None:
    """Write the plot of ``measure`` (point - base) over the sweep's settings to ``file``."""
    plt = _pyplot()
    cells = _cells(sweep, measure)
    title = f"{cells[0].name}: point - base ({sweep.games} games a point)"
    fig, ax = plt.subplots(figsize=(7, 5))
    try:
        if len(sweep.settings) == 1:
            _draw_line(ax, sweep, cells)
        else:
            _draw_heat_map(fig, ax, sweep, cells)
        ax.set_title(_text(title), fontsize=10)
        fig.tight_layout()
        drawn = io.BytesIO()
        fig.savefig(drawn, format=Path(file).suffix.lower()[1:])
    finally:
        plt.close(fig)
    try:
        write_atomic(file, drawn.getvalue())            # a failed write leaves no half picture
    except WriteFailed as e:
        raise HachiError(f"cannot write the plot ({e.reason}); the results are printed above.", file) from None


def _cells(sweep: Sweep, measure: str) -> list[Measure]:
    """The measure ``measure`` of every point of the sweep, in order."""
    cells = []
    for p in sweep.points:
        m = next((m for m in p.comparison.measures if m.key == measure), None)
        if m is None:
            raise SetupError(f"there is no measure '{measure[:40]}' in this sweep", "measure")
        cells.append(m)
    return cells


def _draw_line(ax: Any, sweep: Sweep, cells: list[Measure]) -> None:
    """One setting: each point's difference with its 95% interval, over the setting's values."""
    xs = range(len(cells))
    ax.errorbar(xs, [m.diff.mean for m in cells], yerr=[m.diff.ci95 for m in cells], marker="o", capsize=4)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xticks(list(xs), [_text(v) for v in sweep.settings[0].values])
    ax.set_xlabel(_text(sweep.settings[0].key))
    ax.set_ylabel("difference with its 95% interval")


def _draw_heat_map(fig: Any, ax: Any, sweep: Sweep, cells: list[Measure]) -> None:
    """Two settings: a heat map of the differences (white is no change), each cell written."""
    rows, cols = sweep.settings
    grid = [[cells[i * len(cols.values) + j].diff for j in range(len(cols.values))]
            for i in range(len(rows.values))]
    top = max((abs(d.mean) for row in grid for d in row), default=0.0) or 1.0
    image = ax.imshow([[d.mean for d in row] for row in grid], cmap="RdBu_r", aspect="auto",
                      vmin=-top, vmax=top)             # white is no change
    fig.colorbar(image, ax=ax, label="difference (point - base)")
    for i, row in enumerate(grid):
        for j, d in enumerate(row):
            ax.text(j, i, f"{d.mean:+.2f}\n±{d.ci95:.2f}", ha="center", va="center", fontsize=8,
                    color="white" if abs(d.mean) > 0.6 * top else "black")
    ax.set_xticks(range(len(cols.values)), [_text(v) for v in cols.values])
    ax.set_yticks(range(len(rows.values)), [_text(v) for v in rows.values])
    ax.set_xlabel(_text(cols.key))
    ax.set_ylabel(_text(rows.key))
