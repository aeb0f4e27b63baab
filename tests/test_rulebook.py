"""``hachi rulebook``: the whole game of a rule file in words, Markdown or HTML, English or Japanese."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from hachihachi.cli import rulebook as rb
from hachihachi.cli.main import cli
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.schema import ROLE_TABLE, RULESET, schema


def book(rules: str, *args: str) -> str:
    """The rulebook as Markdown unless another format is asked for (plain text is the default)."""
    if "--format" not in args:
        args = (*args, "--format", "md")
    res = CliRunner().invoke(cli, ["rulebook", rules, *args])
    assert res.exit_code == 0, res.output
    return res.stdout


def schema_keys(node: Any, path: tuple[str, ...], defs: dict[str, Any], seen: tuple[str, ...] = ()) -> Iterator[str]:
    """Every key a schema allows, as a dotted path (``*`` any id of a mapping, ``[]`` a list item)."""
    if "$ref" in node:
        name = node["$ref"].split("/")[-1]
        if name in seen:
            return
        node, seen = defs[name], seen + (name,)
    for combined in ("oneOf", "anyOf", "allOf"):
        for sub in node.get(combined, ()):
            yield from schema_keys(sub, path, defs, seen)
    for key, sub in node.get("properties", {}).items():
        yield ".".join(path + (key,))
        yield from schema_keys(sub, path + (key,), defs, seen)
    if isinstance(node.get("additionalProperties"), dict):
        yield from schema_keys(node["additionalProperties"], path + ("*",), defs, seen)
    if isinstance(node.get("items"), dict):
        yield from schema_keys(node["items"], path + ("[]",), defs, seen)


def all_schema_keys() -> set[str]:
    rules, table = schema(RULESET), schema(ROLE_TABLE)
    keys = set(schema_keys(rules, (), rules.get("$defs", {})))
    keys |= {f"role_table.{k}" for k in schema_keys(table, (), table.get("$defs", {}))}
    return keys


def enum_values(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        yield from (str(v) for v in node.get("enum", ()) if isinstance(v, str))
        for sub in node.values():
            yield from enum_values(sub)
    elif isinstance(node, list):
        for sub in node:
            yield from enum_values(sub)


def test_every_key_of_both_schemas_has_words_in_both_languages():
    keys = all_schema_keys()
    assert len(keys) > 150 and "declaration.drop_fee.first" in keys and "role_table.roles.*.forced" in keys
    words = rb.words()["keys"]
    missing = sorted(k for k in keys if k not in words or not all(words[k].get(lang) for lang in rb.LANGS))
    assert missing == [], f"keys of the schema without words in ruleset/locale/*.yaml (rulebook.keys): {missing}"


def test_the_word_table_names_no_key_the_schemas_do_not_have():
    assert sorted(set(rb.words()["keys"]) - all_schema_keys()) == []


def test_every_named_value_of_both_schemas_has_words_in_both_languages():
    values = set(enum_values(schema(RULESET))) | set(enum_values(schema(ROLE_TABLE)))
    words = rb.words()["values"]
    assert sorted(v for v in values if v not in words or not all(words[v].get(lang) for lang in rb.LANGS)) == []


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_t11_trick_rulebook_in_english_gives_drop_fees_roles_and_fields(fmt):
    text = book("hachihachi_trick", "--format", fmt)
    assert "Hachi-Hachi Trick" in text
    assert "2 + 1 × (n − 1): 2, 3, 4, 5" in text                     # T11, the drop fees
    for words in ("Four and Three", "ranks held 4+3", "Peak field", "x4", "Most players (T2)", "Mizuten",
                  "Points per trick above or below par (T20)", "1 per ace card"):
        assert words in text, words
    assert "四三" not in text                                        # names in the chosen language


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_t11_trick_rulebook_in_japanese(fmt):
    text = book("hachihachi_trick", "--lang", "ja", "--format", fmt)
    assert "降り賃" in text and "2 + 1 ×（n − 1）を払う: 2, 3, 4, 5" in text
    for words in ("四三", "見ず転", "ゼツバ", "x4", "手役", "最多人数（T2）"):
        assert words in text, words
    assert "Four and Three" not in text


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_h5_h17_hanafuda_rulebook_in_english(fmt):
    text = book("hanafuda_hachihachi", "--format", fmt)
    for words in ("Hachi-Hachi (hanafuda)", "Crow", "Five brights", "Peak field", "Points in one kan (貫, H3)",
                  "Sujūroku", "Crane", "exactly 3 of the cards 1r 2r 3r"):
        assert words in text, words
    assert "Drop fee" not in text and "Mizuten" not in text          # no declarations, no trick settings
    assert "Forced" not in text                                      # no forced-out column of zeros


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_h5_h17_hanafuda_rulebook_in_japanese(fmt):
    text = book("hanafuda_hachihachi", "--lang", "ja", "--format", fmt)
    for words in ("からす", "五光", "絶場", "一貫の点数（H3）", "松に鶴", "素十六"):
        assert words in text, words
    assert "Crow" not in text


def test_t11_go_drop_variant_gives_its_own_drop_fees():
    text = book("hanafuda_go_drop")
    assert "12 + 12 × (n − 1): 12, 24, 36, 48" in text and "12 per bright card" in text


def test_html_is_one_page_in_the_chosen_language():
    page = book("hanafuda_hachihachi", "--lang", "ja", "--format", "html")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="ja">' in page and page.rstrip().endswith("</html>")
    assert page.count("<ul>") == page.count("</ul>") and page.count("<table>") == page.count("</table>") >= 3


def test_text_from_the_rule_file_is_shown_never_interpreted(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(json.dumps({
        "extends": "hachihachi_trick", "name": "house",
        "title": {"en": "<script>alert(1)</script> [x](javascript:y)", "ja": "家"},
        "role_table": {"roles": {"karasu": {"name": {"en": "Crow <b>*bold*</b>", "ja": "からす"}}}},
    }), encoding="utf-8")
    page = book(str(house), "--format", "html")
    assert "<script>" not in page and "&lt;script&gt;" in page and "<b>" not in page
    md = book(str(house))
    assert "<script" not in md and "\\[x\\](javascript" in md and "\\*bold\\*" in md


def test_a_missing_rule_file_is_one_line_and_status_1(tmp_path):
    res = CliRunner().invoke(cli, ["rulebook", str(tmp_path / "none.yaml")])
    assert res.exit_code == 1 and len(res.stderr.splitlines()) == 1 and ": error: " in res.stderr


def test_describe_effects_is_empty_without_effects():
    assert rb.describe_effects(load_ruleset("hachihachi_trick"), "en") == []


def test_a_house_rule_file_s_effects_are_in_the_rulebook_in_words():
    path = Path(__file__).parent / "house_rules" / "variants" / "fx_every_trick_bonus.yaml"
    lines = rb.describe_effects(load_ruleset(str(path)), "en")
    assert len(lines) == 1 and "After the play" in lines[0]
    assert "- " + lines[0].split(":")[0] in book(str(path))


def test_the_effects_section_holds_what_describe_effects_says(monkeypatch):
    monkeypatch.setattr(rb, "describe_effects", lambda ruleset, lang: [f"effect in {lang}"])
    text = book("hachihachi_trick", "--lang", "ja")
    assert "## 効果" in text and "- effect in ja" in text


def test_a_ruleset_without_effects_has_no_effects_section():
    assert "## Effects" not in book("hachihachi_trick")


@pytest.mark.parametrize("name", ["hachihachi_trick", "hanafuda_hachihachi"])
def test_the_japanese_rulebook_words_the_settlement_effects_in_japanese(name):
    from hachihachi.cli.rulebook import describe_settlement

    import re

    lines = describe_settlement(load_ruleset(name), "ja")
    assert lines and all(re.search(r"（[TH]\d+）", line) and "In the phase" not in line for line in lines)
    assert not any(re.search(r"[a-z]{3,}", line.replace("sohachi.dealer", "")) for line in lines), lines


# -- a rulebook a table can read --------------------------------------------------------------

def plain(rules: str, *args: str) -> str:
    res = CliRunner().invoke(cli, ["rulebook", rules, *args])
    assert res.exit_code == 0, res.output
    return res.stdout


@pytest.mark.parametrize("name", ["hachihachi_trick", "hanafuda_go_drop"])
def test_the_rulebook_is_plain_text_by_default_markdown_and_html_when_asked(name):
    text = plain(name)
    for markup in ("**", "\\_", "&gt;", "|---", "## "):
        assert markup not in text, markup
    assert text.splitlines()[1].startswith("====") and "hachihachi_trick" in plain("hachihachi_trick")
    assert "## " in plain(name, "--format", "md") and plain(name, "--format", "html").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("name", ["hachihachi_trick", "hanafuda_hachihachi", "hanafuda_go_drop"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_T20_T22_H19_the_settlement_is_told_in_the_words_of_its_rules_not_as_expressions(name, lang):
    text = plain(name, "--lang", lang)
    for dump in ("min_of(", "number_of(", "round.most", "trick_settlement.", "hanafuda.special_roles", "In the phase"):
        assert dump not in text, dump
    if name == "hachihachi_trick":
        assert ("Trick settlement (T20): of every two goers" in text) if lang == "en" else ("勝負の精算（T20）" in text)
    else:
        assert ("二八 Nihachi (H19)" in text) if lang == "en" else ("二八（H19）: 基準より 80 点以上" in text)


def test_T7_T8_T14_the_rulebook_says_how_the_indicator_is_turned_and_what_a_forced_out_player_is_paid():
    text = " ".join(plain("hachihachi_trick").split())
    assert "the next card of the deck is turned face up: the indicator. Its suit is trump for the round (T7)" in text
    assert "1 per ace card, and the forced-out value of each hand role the forced-out player holds" in text
    assert "older spelling" not in text and "旧い書き方" not in plain("hachihachi_trick", "--lang", "ja")


def test_a_house_rules_reason_is_in_the_rulebook_and_its_facts_in_words(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: hachihachi_trick\nname: house\neffects:\n  - name: sweep\n    when: after_play\n"
                     "    do:\n      - pay: {from: each seat, to: each goer where tricks == 7, amount: "
                     "\"5 * round.multiplier\", reason: a sweep is paid by everyone}\n", encoding="utf-8")
    text = " ".join(plain(str(house)).split())
    assert "sweep: After the play: each seat pays each goer where tricks taken = 7 5 × the field's multiplier" in text
    assert "(“a sweep is paid by everyone”)" in text
    assert "a sweep is paid by everyone" in " ".join(plain(str(house), "--lang", "ja").split())


def test_the_japanese_rulebook_leaves_no_english_words_of_its_own():
    text = plain("hachihachi_trick", "--lang", "ja")
    for english in ("tie for the pot", "the pot", "mizuten bonus", "rank T J Q K A", "trick_settlement",
                    "mizuten_bonus"):
        assert english not in text, english
    assert "光札: T J Q K A の札" in text


def test_H4_a_deal_by_the_number_of_players_is_told_per_player_count():
    rules = str(Path(__file__).parent / "house_rules" / "variants" / "h4_hanaawase_by_players.yaml")
    text = " ".join(plain(rules).split())
    assert "Cards dealt to each player (T7, H4) - 2 players: 10 - 3 players: 7" in text
    assert "as many cards as the number of players gives (below) are laid face up" in text
    ja = " ".join(plain(rules, "--lang", "ja").split())
    assert "- 2人: 10 - 3人: 7" in ja and "人数で決まる枚数（下記）を表にして場に並べる" in ja
    assert "After the hands are dealt, 6 cards are laid face up" in " ".join(plain("hanafuda_hachihachi").split())
