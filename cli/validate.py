"""``hachi validate`` and ``hachi schema``."""

from __future__ import annotations

from typing import Any, Optional

import click

from .errors_ja import LangCommand


@click.command(cls=LangCommand)
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--format", "style", type=click.Choice(["text", "json", "github"]), default="text",
              show_default=True, help="text lines, a JSON list, or GitHub workflow annotations.")
@click.option("--json", "as_json", is_flag=True, help="Print the problems as a JSON list (the same as --format json).")
@click.option("--warnings", "count_roles", is_flag=True,
              help="Also count every role over all hands and warn about roles no hand can have "
                   "(about a second per distinct role table), and about effects that can grow a counter "
                   "without bound.")
@click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True,
              help="The language of the text lines (JSON and GitHub annotations stay in English).")
@click.pass_context
def validate(ctx: click.Context, paths: tuple[str, ...], style: str, as_json: bool, count_roles: bool,
             lang: str) -> None:
    """Check rule files and role tables (files, or folders of *.yaml) against the schema and the rules.

    Exit status: 0 when all are valid, 1 when any is not, 2 for a usage error. Warnings do not
    change the exit status.
    """
    from hachihachi.ruleset.reach import rule_files
    from hachihachi.ruleset.safetext import MAX_LINE, escape

    from .problem_format import format_problems

    if as_json:
        if style != "json" and ctx.get_parameter_source("style") is not click.core.ParameterSource.DEFAULT:
            raise click.UsageError(f"--json is --format json; it cannot go with --format {style}.")
        style = "json"
    roots = rule_files(paths)
    if not roots:
        raise click.UsageError(f"no *.yaml or *.yml file in {', '.join(paths)}.")
    results = _check(roots)
    if count_roles:
        from hachihachi.ruleset.validation import file_warnings

        for file, found in results.items():
            for line in ([] if found else file_warnings(file, roots[file], lang=lang)):
                click.echo(escape(line, MAX_LINE), err=True)
    problems = [p for found in results.values() for p in found]
    if style == "text":
        if problems:
            click.echo(format_problems(problems, lang=lang), err=True)
        bad = sum(1 for found in results.values() if found)
        click.echo(_verdict(bad, len(results), lang), err=bool(problems))
    elif style == "json" or problems:
        click.echo(format_problems(problems, style))
    raise SystemExit(1 if problems else 0)


def _check(roots: dict[str, Optional[str]]) -> dict[str, list[Any]]:
    """Each file's problems: none for a file found valid before and unchanged since, with all it
    read (:mod:`hachihachi.ruleset.verdicts`), which is not checked again."""
    from hachihachi.ruleset.verdicts import Verdicts

    kept = Verdicts()
    results: dict[str, list[Any]] = {}
    for file, root in roots.items():
        if kept.valid(file, root):
            results[file] = []
            continue
        from hachihachi.ruleset.loader import check_file
        from hachihachi.ruleset.variants import noting

        with noting() as read:
            results[file] = check_file(file, root)
        if not results[file]:
            kept.found_valid(file, root, read)
    kept.save()
    return results


def _verdict(bad: int, files: int, lang: str) -> str:
    """``1 file is valid.``, ``1 of 2 files has problems.``; in Japanese, ``1 件のファイルに問題があります。``"""
    if lang == "ja":
        return f"{files} 件のファイルはすべて正しく書けています。" if not bad else \
            f"{files} 件のファイルのうち {bad} 件に問題があります。"
    if bad:
        if files == 1:
            return "1 file has problems."
        return f"{bad} of {files} files {'has' if bad == 1 else 'have'} problems."
    return "1 file is valid." if files == 1 else f"{files} files are valid."


@click.command()
@click.option("--roles", is_flag=True, help="Print the schema of role tables instead.")
def schema(roles: bool) -> None:
    """Print the JSON Schema (Draft 2020-12) of rule files, or of role tables with --roles."""
    from hachihachi.ruleset.schema import ROLE_TABLE, RULESET, schema_text

    click.echo(schema_text(ROLE_TABLE if roles else RULESET), nl=False)
