"""``hachi roles`` (evaluate hands, or count roles over all hands) and ``hachi table`` (the sheet)."""

from __future__ import annotations

import json
import sys
from typing import Any, Optional

import click

from hachihachi.ruleset.errors import CardError, HachiError, shown
from hachihachi.ruleset.model import Ruleset
from hachihachi.ruleset.kind_registry import rule_kind
from hachihachi.ruleset.safetext import MAX_LINE, escape
from hachihachi.ruleset.textlines import read_lines

from .errors_ja import LangCommand, error_line

MAX_SAMPLES = 100_000_000   # fewer than the 133,784,560 hands of 7 of 52; for more, count exactly


def _fail(place: str, err: HachiError, lang: str = "en") -> None:
    click.echo(escape(error_line(err.place or place, err.message, lang), MAX_LINE), err=True)


def _load(rules: str) -> Ruleset:
    from hachihachi.ruleset.loader import load_ruleset

    return load_ruleset(rules)


def _context(ruleset: Ruleset, trump: str | None, indicator: str | None) -> tuple[int | None, int | None]:
    """The trump suit and indicator card given as options; a bad one is an error placed at its option."""
    deck = ruleset.deck
    try:
        t = deck.suit_index(trump) if trump is not None else None
    except CardError as e:
        raise CardError(e.message, "--trump") from None
    try:
        i = deck.parse(indicator) if indicator is not None else None
    except CardError as e:
        raise CardError(e.message, "--indicator") from None
    if i is not None and rule_kind(ruleset.play).indicator_makes_trump:     # T7: the indicator's suit is trump
        if t is None:
            t = deck.suit(i)
        elif t != deck.suit(i):
            raise CardError(f"the trump suit is the indicator's (T7): {deck.name(i)} makes "
                            f"{deck.suits[deck.suit(i)]} trump, not {deck.suits[t]}.", "--trump")
    return t, i


def evaluate_text(ruleset: Ruleset, text: str, trump: int | None, indicator: int | None) -> dict[str, Any]:
    """Evaluate one hand written as text; the JSON object of interfaces.md."""
    deck = ruleset.deck
    hand = deck.parse_list(text)
    if len(hand) != ruleset.hand_size:
        raise CardError(f"a hand has {ruleset.hand_size} cards, but {shown(text.strip(), 60)} has {len(hand)}.")
    if indicator is not None and indicator in hand:
        raise CardError(f"the indicator {deck.name(indicator)} cannot also be in the hand.")
    result = ruleset.evaluator.evaluate(hand, trump, indicator)
    aces = sum(1 for c in hand if deck.ranks[deck.rank(c)] == "A")
    return {"hand": deck.format(hand),
            "roles": [{"id": h.id, "go": h.go, "forced": h.forced, "cards": [deck.name(c) for c in h.cards]}
                      for h in result.roles],
            "go": result.go, "forced": result.forced, "aces": aces}


def _text_line(obj: dict[str, Any], names: Optional[dict[str, str]] = None) -> str:
    """One hand's roles in words: each role by the name the game says (its id after it)."""
    if not obj["roles"]:
        return f"{obj['hand']}: no role; aces {obj['aces']}"
    said = names or {}
    roles = "; ".join(f"{said[r['id']] + ' (' + r['id'] + ')' if r['id'] in said else r['id']} go {r['go']} "
                      f"forced {r['forced']} ({' '.join(r['cards'])})" for r in obj["roles"])
    return f"{obj['hand']}: {roles}; total go {obj['go']} forced {obj['forced']}; aces {obj['aces']}"


def _emit(obj: dict[str, Any], as_json: bool, ruleset: Optional[Ruleset] = None) -> None:
    if as_json:
        click.echo(json.dumps({k: v for k, v in obj.items() if k != "hand"}, ensure_ascii=False))
    else:
        names = {r.id: r.name.en for r in ruleset.roles.roles if r.name and r.name.en} if ruleset else {}
        click.echo(escape(_text_line(obj, names)))


def _stats(ruleset: Ruleset, samples: int | None, seed: int, trump: int | None, indicator: int | None,
           as_json: bool) -> None:
    from hachihachi.ruleset.stats import exact_counts, sampled_counts

    if samples is None:
        counts = exact_counts(ruleset.evaluator, ruleset.hand_size, trump, indicator)
    else:
        counts = sampled_counts(ruleset.evaluator, ruleset.hand_size, samples, seed, trump, indicator)
    data = counts.as_json()
    if as_json:
        click.echo(json.dumps(data))
        return
    what = "deals (each indicator card with each hand of the other cards)" if counts.unit == "deals" else "hands"
    kind = "exact"
    if not counts.exact:
        kind = f"estimated from {samples:,} random {counts.unit} (seed {seed}; ± is a 99.9% interval)"
    click.echo(f"{counts.unit}: {counts.hands:,} {what}; {kind}")
    for role, n in list(counts.roles.items()) + [("no role at all", counts.none)]:
        share = n / counts.hands * 100 if counts.hands else 0
        margin = f"  ± {counts.margin(n):,}" if not counts.exact else ""
        click.echo(f"{role:20} {n:>14,}  {share:8.4f}%{margin}")


@click.command()
@click.argument("cards", nargs=-1)
@click.option("--rules", default="hachihachi_trick", show_default=True, help="Ruleset name or rule file.")
@click.option("--trump", help="The trump suit (s, h, d, c).")
@click.option("--indicator", help="The indicator card, such as 7h.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--stats", is_flag=True, help="Count every role over all hands (or deals) instead.")
@click.option("--exact", is_flag=True, help="With --stats: count exactly (the default).")
@click.option("--samples", type=click.IntRange(1, MAX_SAMPLES),
              help="With --stats: estimate from N random hands (or deals).")
@click.option("--seed", type=int, default=1, show_default=True, help="With --samples: the random seed.")
@click.option("--captures", "captures", is_flag=True,
              help="Evaluate CARDS as a captured pile against the capture roles (hanafuda, H17).")
def roles(cards: tuple[str, ...], rules: str, trump: Optional[str], indicator: Optional[str], as_json: bool,
          stats: bool, exact: bool, samples: Optional[int], seed: int, captures: bool) -> None:
    """Evaluate the hand roles of CARDS (or of one hand per line on standard input).

    With --stats, count how many of all hands have each role; when the table reads the trump or
    the indicator (and they are not given), count every deal instead: each indicator card with
    each hand of the other cards (133,784,560 x 45 for 7 of 52).
    """
    if exact and samples is not None:
        raise click.UsageError("--exact and --samples exclude each other.")
    if (exact or samples is not None) and not stats:
        raise click.UsageError("--exact and --samples go with --stats.")
    try:
        ruleset = _load(rules)
        t, i = _context(ruleset, trump, indicator)
    except HachiError as err:
        _fail("--rules", err)
        sys.exit(1)
    if captures:
        _captures(ruleset, " ".join(cards), as_json)
        return
    if stats:
        if cards:
            raise click.UsageError("--stats takes no cards.")
        try:
            _stats(ruleset, samples, seed, t, i, as_json)
        except HachiError as err:           # exact counts too costly: refused before counting
            _fail("--stats", err)
            sys.exit(1)
        return
    if cards:
        try:
            _emit(evaluate_text(ruleset, " ".join(cards), t, i), as_json, ruleset)
        except HachiError as err:
            _fail("<hand>", err)
            sys.exit(1)
        return
    bad = False
    for n, line in read_lines(sys.stdin.buffer):
        try:
            if isinstance(line, HachiError):
                raise line
            if not line.strip():
                continue
            _emit(evaluate_text(ruleset, line, t, i), as_json, ruleset)
        except HachiError as err:
            bad = True
            if as_json:
                click.echo(json.dumps({"error": escape(err.message, MAX_LINE), "line": n}, ensure_ascii=False))
                _fail(f"<stdin>:{n}", err)
            else:
                click.echo(escape(f"<stdin>:{n}: error: {err.message}", MAX_LINE))   # in line with the answers
    if bad:
        sys.exit(1)


def _captures(ruleset: Ruleset, text: str, as_json: bool) -> None:
    """``--captures``: the capture roles of one captured pile."""
    if not text.strip():
        raise click.UsageError("--captures needs the captured cards, such as: 1r 2r 3r 1c1.")
    pile_roles = rule_kind(ruleset.play).own_roles_of
    try:
        if pile_roles is None:
            raise CardError(f"the ruleset {shown(ruleset.name)} has no capture roles (only matching play has them).")
        obj = pile_roles(ruleset, text)
    except HachiError as err:
        _fail("<captures>", err)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps({k: v for k, v in obj.items() if k != "captures"}, ensure_ascii=False))
        return
    from ..interpreter.engine.registry import plugin_for

    table = plugin_for(ruleset).shown(ruleset)      # Koi-Koi: values in points, no card points (K1)
    def unit(n: int) -> str:
        return f"{n} kan" if table.kan else f"{n} point{'' if n == 1 else 's'}"

    roles = "; ".join(f"{r['id']} {unit(r['go'])} ({' '.join(r['cards'])})" for r in obj["roles"]) or "no capture role"
    total = f"; total {unit(obj['go'])}" if obj["roles"] else ""
    points = f"; {obj['points']} points" if table.card_points else ""
    click.echo(f"{obj['captures']}: {roles}{total}{points}")


@click.command(cls=LangCommand)
@click.option("--rules", default="hachihachi_trick", show_default=True, help="Ruleset name or rule file.")
@click.option("--lang", type=click.Choice(["ja", "en"]), default="en", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "md", "html"]), default="text", show_default=True)
@click.option("--no-probability", is_flag=True, help="Leave out the probability column (faster).")
def table(rules: str, lang: str, fmt: str, no_probability: bool) -> None:
    """Print the hand-role sheet (手役表) of a ruleset."""
    from hachihachi.cli.sheet import render
    from hachihachi.ruleset.stats import TooCostly, exact_counts

    try:
        ruleset = _load(rules)
        counts = None if no_probability else exact_counts(ruleset.evaluator, ruleset.hand_size)
    except TooCostly as err:
        _fail("--rules", HachiError(f"{err.message.rstrip('.')} (or print the sheet without them: "
                                    f"--no-probability)."), lang)
        sys.exit(1)
    except HachiError as err:
        _fail("--rules", err, lang)
        sys.exit(1)
    click.echo(render(ruleset, counts, lang, fmt), nl=False)
