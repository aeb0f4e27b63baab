"""The text accounts ``hachi simulate`` prints: a run's summary and a comparison of two variants."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ..interpreter.engine.registry import plugin_for
from ..interpreter.runs.compare import Comparison
from ..interpreter.runs.simstats import histogram
from ..ruleset.safetext import escape
from ..interpreter.runs.simulate import Summary
from ..interpreter.runs.sweep import Sweep
from ..ruleset.kind_registry import KINDS
from ..ruleset.part_registry import PARTS
from .screen_registry import PartScreen, kind_screen, part_screen, part_screens
from .screenkind import SummaryLines


def _share(k: int, n: int) -> str:
    return f"{k:7d}  {100 * k / n:5.1f}%" if n else f"{k:7d}"


def _has(ruleset: Optional[Any]) -> tuple[bool, tuple[Any, ...], tuple[PartScreen, ...]]:
    """What the game of ``ruleset`` has to tell of: a pot something can fill, the screen of its play
    kind (its own lines, :meth:`~.screenkind.ScreenPlugin` ``summary_lines``) and those of its
    parts (the words of the roles they show); every registered kind's and part's when the ruleset
    is not given."""
    if ruleset is None:
        every = (kind_screen(play) for play in KINDS)
        return True, tuple(s for s in every if s is not None), tuple(part_screen(name) for name in PARTS)
    screen = kind_screen(ruleset.play)
    return plugin_for(ruleset).shown(ruleset).pot, () if screen is None else (screen,), part_screens(ruleset)


def summary_lines(s: Summary, default_bots: bool = False, ruleset: Optional[Any] = None) -> list[str]:
    """The text summary of a run (of ``ruleset``: what its game has not, such as a pot nothing
    fills or a play kind's own lines in another kind's game, is left out)."""
    pot, kinds, parts = _has(ruleset)
    pot = pot or bool(s.pot_taken.n or s.pot_after.mean or s.leftover_pot.mean)
    out = [f"{s.ruleset}: {s.games} games, {s.players} players, {s.rounds} rounds, seed {s.seed}, "
           f"{s.workers} worker(s), {s.elapsed_s:.2f} s ({s.rounds_per_s:.0f} rounds/s)",
           bots_words([seat.bot for seat in s.seats], default_bots),
           "",
           f"final chips per seat (start {s.start_chips}; mean with 95% confidence interval); "
           "wins: sole wins, shared wins, and the win rate counting a win shared by k seats as 1/k",
           f"  {'seat':>4s} {'bot':12s} {'mean':>8s} {'95% CI':>17s} {'stdev':>7s} {'wins':>6s} "
           f"{'shared':>6s} {'win rate':>8s}"]
    for seat in s.seats:
        m = seat.chips
        ci = f"[{m.mean - m.ci95:7.2f}, {m.mean + m.ci95:7.2f}]"
        rate = 100 * seat.win_share / s.games if s.games else 0.0
        out.append(f"  {seat.seat:4d} {seat.bot:12s} {m.mean:8.2f} {ci:>17s} {m.stdev:7.2f} {seat.wins:6d} "
                   f"{seat.shared_wins:6d} {rate:7.1f}%")
    if s.kinds:                         # a game with go/drop: how its rounds went
        out += ["", "round kinds (share of rounds)"]
        out += [f"  {k:16s} {_share(n, s.rounds)}" for k, n in s.kinds.most_common()]
    told = ([f"pot: mean after a round {s.pot_after.mean:.2f}; mean amount taken {s.pot_taken.mean:.2f} "
             f"({s.pot_taken.n} times); mean left over at the end {s.leftover_pot.mean:.2f}"] if pot else [])
    told += [f"named pot {escape(name)}: mean left in it at the end {m.mean:.2f}; paid seats out "
             f"{s.pots_paid[name]} times ({100 * s.pots_paid[name] / max(1, s.rounds):.2f} per 100 rounds)"
             for name, m in s.pots.items()]
    for screen in kinds:                # the play kind's own lines (the trick game's calls, T6)
        told += screen.summary_lines(s, ruleset) if isinstance(screen, SummaryLines) else []
    out += ["", *told] if told else []
    out += ["", "fields (share of rounds)"]
    out += [f"  {k:16s} {_share(n, s.rounds)}" for k, n in s.fields.most_common()]
    shown = next((p.roles_shown for p in parts), "roles shown")      # by whom a part's round shows them
    out += ["", f"{shown} (times; per 100 rounds)"]
    out += [f"  {k:16s} {n:7d}  {100 * n / s.rounds:6.2f}" for k, n in s.roles.most_common()] or ["  none"]
    if s.specials:
        out += ["", "special roles made at the end of a round (times; per 100 rounds)"]
        out += [f"  {k:16s} {n:7d}  {100 * n / s.rounds:6.2f}" for k, n in s.specials.most_common()]
    if s.effects:
        out += ["", "house rules (effects) fired (times; per 100 rounds; chips their payments moved)"]
        out += [f"  {k:24s} {n:7d}  {100 * n / max(1, s.rounds):6.2f}  {s.effect_chips[k]:8d}"
                for k, n in sorted(s.effects.items())]
    out += ["", "final chips of every seat in every game"]
    out += ["  " + line for line in histogram(s.final_chips)]
    out += ["", f"zero-sum violations (T27): {s.zero_sum_violations}"]
    return out


def bots_words(bots: Sequence[str], default: bool) -> str:
    """Which bots played: ``bots random (the default; ...)`` when ``--bots`` was not given."""
    said = f"bots: {bots[0]} at every seat" if len(set(bots)) == 1 else f"bots by seat: {', '.join(bots)}"
    if default:
        said += " (the default; hachi play's opponents are heuristic: --bots heuristic)"
    return said


def comparison_lines(c: Comparison, house: str = "", base: str = "", default_bots: bool = False) -> list[str]:
    """The text account of ``--compare HOUSE BASE`` (``c`` compares A = HOUSE with B = BASE): each
    per-game measure under the house rule and under the base, and the paired difference house - base."""
    house, base = house or escape(c.a), base or escape(c.b)
    out = [f"house rule: {house}", f"base:       {base}",
           f"{c.games} games each on the same seeds (seed {c.seed}), {c.players} players, {c.elapsed_s:.2f} s",
           bots_words(c.bots, default_bots),
           f"common deals: {c.same_deals} of {c.rounds} rounds were dealt the same cards under both",
           "", "per-game measures: mean under the house rule, under the base, and the paired",
           "difference house - base with its 95% CI",
           f"  {'measure':38s} {'house':>8s} {'base':>8s} {'house-base':>10s} {'95% CI':>19s}"]
    starred = False
    for m in c.measures:
        d = -m.diff.mean or 0.0                 # the library pairs B - A (and no "-0.000")
        ci = f"[{d - m.diff.ci95:+8.3f}, {d + m.diff.ci95:+8.3f}]"
        flag = " *" if m.diff.ci95 and abs(d) > m.diff.ci95 else ""
        starred = starred or bool(flag)
        out.append(f"  {m.name:38s} {m.a.mean:8.3f} {m.b.mean:8.3f} {d:+10.3f} {ci:>19s}{flag}")
    if starred:
        out += ["", "* the interval excludes zero: the house rule changes this measure"]
    names = sorted(set(c.effects_a) | set(c.effects_b))
    if names:
        out += ["", "house rules (effects) fired (times per 100 rounds)",
                f"  {'effect':24s} {'house':>8s} {'base':>8s}"]
        out += [f"  {n:24s} {100 * c.effects_a[n] / max(1, c.rounds_a):8.2f} "
                f"{100 * c.effects_b[n] / max(1, c.rounds_b):8.2f}" for n in names]
    return out


def shown_value(value: object) -> str:
    """A setting's value for a terminal: words as they are when printable, else escaped."""
    return escape(str(value).lower() if isinstance(value, bool) else str(value))


def sweep_lines(s: Sweep, keys: Sequence[str], default_bots: bool = False) -> list[str]:
    """The text account of a sweep (:class:`~.sweep.Sweep`): one row a point, the measures ``keys``
    as the difference point - base with its 95% interval."""
    first = s.points[0].comparison if s.points else None
    names = {m.key: m.name for m in first.measures} if first else {}
    out = [f"base: {s.base}",
           f"{len(s.points)} points x {s.games} games on the base's seeds (seed {s.seed}), {s.players} players, "
           f"backend {s.backend}, {s.workers} worker(s), {s.elapsed_s:.2f} s", bots_words(s.bots, default_bots),
           "", "per-game measures: point - base, mean and 95% CI half-width (* the interval excludes zero)"]
    out += [f"  {k:12s} {names.get(k, k)}" for k in keys]
    widths = [max(len(st.key.rsplit(".", 1)[-1]), *(len(shown_value(v)) for v in st.values)) for st in s.settings]
    head = "  ".join(f"{st.key.rsplit('.', 1)[-1]:>{w}s}" for st, w in zip(s.settings, widths))
    out += ["", f"  {head}  " + "  ".join(f"{k:>17s}" for k in keys) + "  same deals"]
    for p in s.points:
        c = p.comparison
        by_key = {m.key: m.diff for m in c.measures}
        cells = []
        for k in keys:
            d = by_key[k]
            flag = "*" if d.ci95 and abs(d.mean) > d.ci95 else " "
            cells.append(f"{d.mean:+8.3f} ±{d.ci95:6.3f}{flag}")
        row = "  ".join(f"{shown_value(v):>{w}s}" for (_, v), w in zip(p.settings, widths))
        share = 100 * c.same_deals / c.rounds if c.rounds else 0.0
        out.append(f"  {row}  " + "  ".join(f"{x:>17s}" for x in cells) + f"  {share:9.1f}%")
    return out
