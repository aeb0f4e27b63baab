"""Hostile rule files (as strangers might share them), each with the message that must refuse it.

Used by tests/test_ruleset_hostile.py, tests/test_untrusted_input.py, benchmarks/cli_startup.py
and benchmarks/hostile.py. Each case writes its files into a folder and returns the path to
validate. Files a case must not reveal hold :data:`SECRET`.

- :data:`CASES`: files refused, by ``hachi validate`` and by ``load_ruleset`` alike;
- :data:`FOLDER_CASES`: folders given to ``hachi validate``, refused in one line;
- :data:`COSTLY`: valid files whose cost would grow far beyond their size if their classes,
  numbers, roles, combos or decks were expanded; they must be answered with bounded work;
- :data:`STATS_CASES`: valid tables whose exact statistics are refused before counting.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

SECRET = "hunter2-do-not-print"


def _write(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def alias_bomb(folder):
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return _write(folder, "bomb.yaml", "\n".join(lines) + "\n")


def deep_list(folder):
    return _write(folder, "deep.yaml", "players: " + "[" * 50_000 + "]" * 50_000 + "\n")


def deep_mapping(folder):
    return _write(folder, "deep.yaml", "players: " + "{a: " * 20_000 + "1" + "}" * 20_000 + "\n")


def deep_block(folder):
    return _write(folder, "deep.yaml", "".join(" " * i + f"k{i}:\n" for i in range(500)) + " " * 500 + "v: 1\n")


def oversized(folder):
    return _write(folder, "big.yaml", "extends: hachihachi_trick\n" + "# padding\n" * 40_000)


def infinite_role_table(folder):
    return _write(folder, "zero.yaml", "extends: hachihachi_trick\nrole_table: /dev/zero\n")


def huge_integer(folder):
    return _write(folder, "num.yaml", "extends: hachihachi_trick\nchips: {start: 1" + "0" * 100_000 + "}\n")


def huge_float(folder):
    return _write(folder, "num.yaml", "extends: hachihachi_trick\nchips: {start: 1.0e+999999}\n")


def many_values(folder):
    return _write(folder, "many.yaml", "round: [" + ", ".join(["1"] * 30_000) + "]\n")


def long_text(folder):
    return _write(folder, "text.yaml", "extends: hachihachi_trick\ndescription: " + "x" * 100_000 + "\n")


def duplicate_keys(folder):
    return _write(folder, "dup.yaml", "extends: hachihachi_trick\nhand_size: 7\nhand_size: 99\n")


def tab_indent(folder):
    return _write(folder, "tab.yaml", "extends: hachihachi_trick\nplayers:\n\tmin: 3\n")


def binary_garbage(folder):
    return _write(folder, "junk.yaml", random.Random(88).randbytes(4096))


def invalid_utf8(folder):
    return _write(folder, "latin1.yaml", "name: café\n".encode("latin-1"))


def nul_bytes(folder):
    return _write(folder, "nul.yaml", b"name: a\x00b\n")


def control_characters(folder):
    return _write(folder, "ctrl.yaml", "name: \x07\x1b[31m\n")


def empty_file(folder):
    return _write(folder, "empty.yaml", "")


def only_comments(folder):
    return _write(folder, "comments.yaml", "# nothing here\n\n")


def scalar_document(folder):
    return _write(folder, "scalar.yaml", "just some text\n")


def python_object_tag(folder):
    return _write(folder, "tag.yaml", 'name: !!python/object/apply:os.system ["touch pwned"]\n')


def recursive_alias(folder):
    return _write(folder, "rec.yaml", "extends: hachihachi_trick\nround: &r [deal, *r]\n")


def merge_key(folder):
    return _write(folder, "merge.yaml", "a: &a {min: 3}\nplayers:\n  <<: *a\n")


def several_documents(folder):
    return _write(folder, "docs.yaml", "extends: hachihachi_trick\n---\nname: other\n")


def extends_cycle(folder):
    _write(folder, "b.yaml", "extends: a.yaml\n")
    return _write(folder, "a.yaml", "extends: b.yaml\n")


def extends_itself(folder):
    return _write(folder, "self.yaml", "extends: self.yaml\n")


def extends_long_chain(folder):
    for i in range(20):
        _write(folder, f"v{i}.yaml", f"extends: v{i + 1}.yaml\n")
    _write(folder, "v20.yaml", "extends: hachihachi_trick\n")
    return folder / "v0.yaml"


def base_is_role_table(folder):
    return _write(folder, "x.yaml", "extends: hand_roles\nname: x\n")


def base_is_binary(folder):
    _write(folder, "base.yaml", random.Random(8).randbytes(512))
    return _write(folder, "x.yaml", "extends: base.yaml\n")


def base_is_folder(folder):
    (folder / "sub.yaml").mkdir()
    return _write(folder, "x.yaml", "extends: sub.yaml\n")


def base_missing(folder):
    return _write(folder, "x.yaml", "extends: nowhere.yaml\n")


def _secret(folder: Path, name: str = "secret.yaml") -> Path:
    """A file outside ``folder`` (in its parent's ``outside``) that no output may quote."""
    outside = folder / "outside"
    outside.mkdir(exist_ok=True)
    return _write(outside, name, f"password: {SECRET}\n{SECRET}: 1\n")


def _rules(folder: Path) -> Path:
    rules = folder / "rules"
    rules.mkdir(exist_ok=True)
    return rules


def extends_absolute(folder):
    secret = _secret(folder)
    return _write(_rules(folder), "x.yaml", f"extends: {secret}\n")


def extends_dotdot(folder):
    _secret(folder)
    return _write(_rules(folder), "x.yaml", "extends: ../outside/secret.yaml\n")


def extends_symlink_out(folder):
    secret = _secret(folder)
    rules = _rules(folder)
    os.symlink(secret, rules / "base.yaml")
    return _write(rules, "x.yaml", "extends: base.yaml\n")


def extends_folder_symlink_out(folder):
    _secret(folder)
    rules = _rules(folder)
    os.symlink(folder / "outside", rules / "shared")
    return _write(rules, "x.yaml", "extends: shared/secret.yaml\n")


def extends_secret_in_tree(folder):
    _write(folder, "config.yaml", f"api_key: {SECRET}\n")
    return _write(folder, "x.yaml", "extends: config.yaml\n")


def extends_bad_yaml_in_tree(folder):
    _write(folder, "config.yaml", f"token: {SECRET}\ntoken: {SECRET}\n\t{SECRET}: [\n")
    return _write(folder, "x.yaml", "extends: config.yaml\n")


def extends_env_file(folder):
    _write(folder, ".env", f"SECRET={SECRET}\n")
    return _write(folder, "x.yaml", "extends: ./.env\n")


def extends_home(folder):
    return _write(folder, "x.yaml", "extends: ~/.ssh/config.yaml\n")


def extends_nul(folder):
    return _write(folder, "x.yaml", 'extends: "base\\0.yaml"\n')


def extends_symlink_loop(folder):
    os.symlink(folder / "b.yaml", folder / "a.yaml")
    os.symlink(folder / "a.yaml", folder / "b.yaml")
    return _write(folder, "x.yaml", "extends: a.yaml\n")


def extends_long_name(folder):
    return _write(folder, "x.yaml", "extends: " + "a" * 300 + ".yaml\n")


def extends_fifo(folder):
    os.mkfifo(folder / "pipe.yaml")
    return _write(folder, "x.yaml", "extends: pipe.yaml\n")


def role_table_fifo(folder):
    os.mkfifo(folder / "pipe.yaml")
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nrole_table: pipe.yaml\n")


def role_table_outside(folder):
    _secret(folder)
    return _write(_rules(folder), "x.yaml", "extends: hachihachi_trick\nrole_table: ../outside/secret.yaml\n")


def fifo_itself(folder):
    os.mkfifo(folder / "pipe.yaml")
    return folder / "pipe.yaml"


def extends_large_chain(folder):
    pad = "# " + "x" * 76 + "\n"
    _write(folder, "c.yaml", "extends: hachihachi_trick\n" + pad * 1600)
    _write(folder, "b.yaml", "extends: c.yaml\n" + pad * 1600)
    return _write(folder, "a.yaml", "extends: b.yaml\n" + pad * 1600)


def _with_table(folder: Path, name: str, roles: list[tuple[str, str]], classes: tuple[tuple[str, str], ...] = (),
                head: str = "extends: hachihachi_trick\n", tail: str = "") -> Path:
    """A rule file extending the standard one, with ``classes`` and ``roles`` (id, pattern) in its table."""
    lines = [head.rstrip("\n"), "role_table:"]
    if classes:
        lines += ["  classes:"] + [f"    {k}: {v}" for k, v in classes]
    if roles:
        lines += ["  roles:"] + [f"    {rid}: {{name: {{ja: x, en: x}}, pattern: '{pat}', go: 1, forced: 1}}"
                                 for rid, pat in roles]
    return _write(folder, name, "\n".join(lines) + "\n" + tail)


# -- numbers, nesting and classes of the pattern language

def pattern_number_huge(folder):
    return _with_table(folder, "x.yaml", [("x", "count(light) >= 999999999999")])


def pattern_number_1900_digits(folder):
    return _with_table(folder, "x.yaml", [("x", "count(light) >= " + "9" * 1900)])


def groups_number_huge(folder):
    return _with_table(folder, "x.yaml", [("x", "groups(999999999999) >= 1 and run >= 2")])


def shape_number_huge(folder):
    return _with_table(folder, "x.yaml", [("x", "shape 2 2 " + "9" * 40)])


def pattern_nested_not(folder):
    return _with_table(folder, "x.yaml", [("x", "not " * 300 + "run >= 5")])


def pattern_nested_sets(folder):
    return _with_table(folder, "x.yaml", [("x", "count(" + "(rank A | " * 60 + "rank K" + ")" * 60 + ") >= 1")])


def class_ring(folder):
    ring = tuple((f"c{i}", f"c{(i + 1) % 3000}") for i in range(3000))
    return _with_table(folder, "x.yaml", [("x", "count(c0) >= 1")], ring)


def class_chain_to_nowhere(folder):
    chain = tuple((f"c{i}", f"c{i + 1}") for i in range(3000))
    return _with_table(folder, "x.yaml", [("x", "count(c0) >= 1")], chain)


# -- numbers where whole numbers are meant

def float_players(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nplayers: {min: 3.0, max: 7}\n")


def float_chips(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nchips: {start: 50.0}\n")


def float_per_trick(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\ntrick_settlement: {per_trick: 2.0}\n")


def float_role_points(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nrole_table:\n  roles:\n    karasu: {go: 4.0}\n")


def exponent_hand_size(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nhand_size: 7.0e+0\n")


# -- unicode oddities

def two_byte_order_marks(folder):
    return _write(folder, "x.yaml", b"\xef\xbb\xbf\xef\xbb\xbfextends: hachihachi_trick\n")


def byte_order_mark_inside(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\n\ufeffname: x\n")


def zero_width_space(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\ntitle: {ja: a\u200bb, en: ab}\n")


def bidi_override_key(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\n\"na\u202eme\": x\n")


# -- YAML tags and anchors

def binary_tag(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nname: !!binary aGVsbG8=\n")


def set_tag(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nplayers: !!set {a, b}\n")


def local_tag(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nname: !shell x\n")


def anchor_bomb_in_examples(folder):
    lines = ["extends: hachihachi_trick", "role_table:", "  examples:",
             "    - &e0 {hand: As Kh Qd Js 9c 7h 5d, roles: []}"]
    lines += [f"    - &e{i} [" + ", ".join([f"*e{i - 1}"] * 8) + "]" for i in range(1, 8)]
    return _write(folder, "x.yaml", "\n".join(lines) + "\n")


def _examples_over_contexts(folder: Path, contexts: int) -> Path:
    """480 roles read the indicator (with the standard ones, near the 500 allowed), and 1,000
    examples give ``contexts`` different indicators among them."""
    cards = [r + s for r in "23456789TJQKA" for s in "shdc"]
    hand = "As Kh Qd Js 9c 7h 5d"
    roles = [(f"z{i}", f"count(rank indicator | cards {cards[i % 52]}) >= 7") for i in range(480)]
    others = [c for c in cards if c not in hand.split()]
    examples = "".join(f"    - {{hand: {hand}, indicator: {others[i % contexts]}, roles: []}}\n"
                       for i in range(1000))
    path = _with_table(folder, "x.yaml", roles)
    with open(path, "a", encoding="utf-8") as out:
        out.write("  examples:\n" + examples)
    return path


def examples_in_every_context(folder):
    """The table compiled once per indicator: 45 times 480 roles."""
    return _examples_over_contexts(folder, 45)


def examples_in_few_contexts(folder):
    return _examples_over_contexts(folder, 9)


# name -> (builder, a substring of the one error line it must produce)
CASES = {
    "alias_bomb": (alias_bomb, "expands to more than"),
    "deep_list": (deep_list, "nested more than"),
    "deep_mapping": (deep_mapping, "nested more than"),
    "deep_block": (deep_block, "nested more than"),
    "oversized": (oversized, "larger than 128 KiB, the limit for rule files"),
    "infinite_role_table": (infinite_role_table, "is an absolute path"),
    "huge_integer": (huge_integer, "characters long"),
    "huge_float": (huge_float, "not a finite number"),
    "many_values": (many_values, "holds more than 20000 values"),
    "long_text": (long_text, "characters long"),
    "duplicate_keys": (duplicate_keys, "appears twice"),
    "tab_indent": (tab_indent, "indented with a tab"),
    "binary_garbage": (binary_garbage, "not UTF-8"),
    "invalid_utf8": (invalid_utf8, "not UTF-8"),
    "nul_bytes": (nul_bytes, "NUL"),
    "control_characters": (control_characters, "YAML does not allow"),
    "empty_file": (empty_file, "empty"),
    "only_comments": (only_comments, "empty"),
    "scalar_document": (scalar_document, "single value"),
    "python_object_tag": (python_object_tag, "not allowed"),
    "recursive_alias": (recursive_alias, "nested more than"),
    "merge_key": (merge_key, "merge keys"),
    "several_documents": (several_documents, "not valid YAML"),
    "extends_cycle": (extends_cycle, "cycle"),
    "extends_itself": (extends_itself, "cycle"),
    "extends_long_chain": (extends_long_chain, "chain of extends is longer"),
    "base_is_role_table": (base_is_role_table, "is a role table, not a rule file"),
    "base_is_binary": (base_is_binary, "'base.yaml' is not a rule file: it cannot be read as one"),
    "base_is_folder": (base_is_folder, "is a folder"),
    "base_missing": (base_missing, "does not exist"),
    # where a rule file may reach, and what it may show
    "extends_absolute": (extends_absolute, "is an absolute path"),
    "extends_dotdot": (extends_dotdot, "is outside the folder"),
    "extends_symlink_out": (extends_symlink_out, "is outside the folder"),
    "extends_folder_symlink_out": (extends_folder_symlink_out, "is outside the folder"),
    "extends_secret_in_tree": (extends_secret_in_tree, "'config.yaml' is not a rule file"),
    "extends_bad_yaml_in_tree": (extends_bad_yaml_in_tree, "'config.yaml' is not a rule file"),
    "extends_env_file": (extends_env_file, "is not a .yaml or .yml file"),
    "extends_home": (extends_home, "is an absolute path"),
    "extends_nul": (extends_nul, "holds the control character U+0000"),
    "extends_symlink_loop": (extends_symlink_loop, "cannot be read (Too many levels of symbolic links)"),
    "extends_long_name": (extends_long_name, "is longer than a file name may be"),
    "extends_fifo": (extends_fifo, "is not a regular file"),
    "role_table_fifo": (role_table_fifo, "is not a regular file"),
    "role_table_outside": (role_table_outside, "is outside the folder"),
    "fifo_itself": (fifo_itself, "not a regular file"),
    "extends_large_chain": (extends_large_chain, "larger than 160 KiB in all"),
    "pattern_number_huge": (pattern_number_huge, "is larger than any hand can hold"),
    "pattern_number_1900_digits": (pattern_number_1900_digits, "is larger than any hand can hold"),
    "groups_number_huge": (groups_number_huge, "is larger than any hand can hold"),
    "shape_number_huge": (shape_number_huge, "is larger than any hand can hold"),
    "pattern_nested_not": (pattern_nested_not, "nested more than 40 levels"),
    "pattern_nested_sets": (pattern_nested_sets, "nested more than 40 levels"),
    "class_ring": (class_ring, "card classes refer to each other in a circle"),
    "class_chain_to_nowhere": (class_chain_to_nowhere, "unknown card class 'c3000'"),
    "float_players": (float_players, "players.min must be a whole number"),
    "float_chips": (float_chips, "chips.start must be a whole number"),
    "float_per_trick": (float_per_trick, "trick_settlement.per_trick must be a whole number"),
    "float_role_points": (float_role_points, "must be a whole number"),
    "exponent_hand_size": (exponent_hand_size, "hand_size must be a whole number"),
    "two_byte_order_marks": (two_byte_order_marks, "byte order mark (U+FEFF)"),
    "byte_order_mark_inside": (byte_order_mark_inside, "byte order mark (U+FEFF)"),
    "zero_width_space": (zero_width_space, "control character U+200B"),
    "bidi_override_key": (bidi_override_key, "control character U+202E"),
    "binary_tag": (binary_tag, "the tag !!binary is not allowed"),
    "set_tag": (set_tag, "the tag !!set is not allowed"),
    "local_tag": (local_tag, "the tag !shell is not allowed"),
    "anchor_bomb_in_examples": (anchor_bomb_in_examples, "expands to more than"),
    "examples_in_every_context": (examples_in_every_context, "the table is compiled once for each"),
}


def folder_past_path_max(folder):
    """A folder of rule files nested deeper than a path may be long (PATH_MAX, 4096 on Linux)."""
    top = folder / "deep"
    top.mkdir()
    fd = os.open(top, os.O_RDONLY)
    try:
        for _ in range(30):                 # 30 x 201 characters: past PATH_MAX, built one level at a time
            os.mkdir("d" * 200, dir_fd=fd)
            inner = os.open("d" * 200, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        inner = os.open("x.yaml", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(inner, b"extends: hachihachi_trick\n")
        os.close(inner)
    finally:
        os.close(fd)
    return top


# name -> (builder of a folder for hachi validate, a substring of the one error line)
FOLDER_CASES = {
    "folder_past_path_max": (folder_past_path_max, "cannot be read (File name too long)"),
}


# -- valid files whose cost must not grow with what they would expand to

def class_doubling(folder):
    """40 classes, each twice the one before: 2**40 leaves if expanded."""
    classes = (("e0", "rank A"),) + tuple((f"e{i}", f"e{i - 1} | e{i - 1}") for i in range(1, 40))
    return _with_table(folder, "x.yaml", [("doubled", "count(e39) >= 1")], classes)


def class_chain(folder):
    """3,000 classes, each naming the next: deeper than Python's recursion if followed by recursion."""
    chain = tuple((f"c{i}", f"c{i + 1}") for i in range(3000)) + (("c3000", "rank A"),)
    return _with_table(folder, "x.yaml", [("chained", "count(c0) >= 1")], chain)


def many_classes(folder):
    classes = (("k0", "rank A"),) + tuple((f"k{i}", f"rank A | k{i - 1}") for i in range(1, 4000))
    return _with_table(folder, "x.yaml", [], classes)


def many_combos(folder):
    cards = [r + s for r in "23456789TJQKA" for s in "shdc"]
    roles = [(f"q{i}", f"count(cards {cards[i]}) >= 1") for i in range(52)]
    pairs = [(a, b) for a in range(52) for b in range(a + 1, 52)][:1300]
    combos = "".join(f"    c{n}: {{roles: [q{a}, q{b}], go: 2}}\n" for n, (a, b) in enumerate(pairs))
    path = _with_table(folder, "x.yaml", roles)
    with open(path, "a", encoding="utf-8") as out:
        out.write("  combos:\n" + combos)
    return path


def many_roles(folder, count=400):
    cards = [r + s for r in "23456789TJQKA" for s in "shdc"]
    roles = [(f"r{i}", f"count(cards {cards[i % 52]} {cards[(i * 7 + 1) % 52]}) == 2") for i in range(count)]
    return _with_table(folder, "x.yaml", roles)


def roles_reading_the_indicator(folder):
    ranks = "23456789TJ"
    roles = []
    for i, r in enumerate(ranks):
        roles += [(f"a{i}", f"count(rank indicator | cards {r}s) >= 2"),
                  (f"b{i}", f"run(suit indicator | rank {r}) >= 3"),
                  (f"c{i}", f"groups(2, suit trump | cards indicator {r}h) >= 1")]
    return _with_table(folder, "x.yaml", roles)


def roles_comparing_context_sets(folder):
    """30 roles each compare two card sets that change with the indicator: every level of two
    ladders, for each of the 52 indicators (about 90 s of CPU if counted)."""
    ranks, suits = "23456789TJQKA", "shdc"
    roles = [(f"h{i}", f"count(rank indicator | cards {ranks[i % 13]}{suits[i % 4]}) > "
                       f"count(suit trump - cards {ranks[(i * 5) % 13]}{suits[(i + 1) % 4]})") for i in range(30)]
    return _with_table(folder, "x.yaml", roles)


def _deck(ranks: int, suits: int) -> str:
    names = [f"r{i}" for i in range(ranks)]
    return ("extends: hachihachi_trick\n"
            f"deck: {{ranks: [{', '.join(names)}], suits: [{', '.join('abcdefghijklmnop'[:suits])}]}}\n"
            f"fields:\n  - {{id: normal, name: {{ja: x, en: x}}, ranks: [{', '.join(names)}], multiplier: 1, "
            "applies_to: [drop_fee, forced_out, roles, tricks, mizuten]}\n")


def deck_of_120(folder):
    return _with_table(folder, "x.yaml", [("pair", "count(rank r1) >= 2")],
                       (("ace", "rank r29"), ("light", "rank r28"), ("plain", "rank r2")), head=_deck(30, 4))


def deck_of_1024(folder):
    return _with_table(folder, "x.yaml", [("pair", "count(rank r1) >= 2")],
                       (("ace", "rank r63"), ("light", "rank r62"), ("plain", "rank r2")), head=_deck(64, 16))


DECK_HAND = "r1a r1b r2a r3a r4a r5a r6a"      # a hand of the decks below

COSTLY = {
    "class_doubling": class_doubling,
    "class_chain": class_chain,
    "many_classes": many_classes,
    "many_combos": many_combos,
    "many_roles": many_roles,
    "roles_reading_the_indicator": roles_reading_the_indicator,
    "roles_comparing_context_sets": roles_comparing_context_sets,
    "examples_in_few_contexts": examples_in_few_contexts,
    "deck_of_120": deck_of_120,
    "deck_of_1024": deck_of_1024,
}

# name -> (builder, a substring of the one line that refuses exact statistics of it)
TOO_COSTLY = "estimate them with hachi roles --stats --samples N instead"
STATS_CASES = {
    "many_roles": (many_roles, TOO_COSTLY),
    "roles_comparing_context_sets": (roles_comparing_context_sets, TOO_COSTLY),
    "deck_of_120": (deck_of_120, TOO_COSTLY),
    "deck_of_1024": (deck_of_1024, TOO_COSTLY),
}


# -- the third pass: numbers a game makes, expressions' limits, the longest game, sheets, saves
#
# Valid files whose games pass the bound on every number a game holds (docs/limits.md): hachi
# validate accepts them (--warnings names the effect), a game of them stops with one error.

_TEN = " * ".join(["counter.x"] * 10)


def power_tower(folder):
    """A table counter raised to the 10th power 32 times at round_start: past the bound in round 1."""
    actions = "".join(f'      - counter: {{name: x, set: "{_TEN}"}}\n' for _ in range(32))
    return _write(folder, "x.yaml", "extends: hachihachi_trick\ncounters:\n  - {name: x, scope: table, start: 10}\n"
                                    "effects:\n  - name: tower\n    when: round_start\n    do:\n" + actions)


def squared_counter(folder):
    """A table counter squared at the end of every round: past the bound in round 5."""
    return _write(folder, "x.yaml", "extends: hachihachi_trick\ncounters:\n  - {name: x, scope: table, start: 3}\n"
                                    "effects:\n  - name: square\n    when: round_end\n    do:\n"
                                    '      - counter: {name: x, set: "counter.x * counter.x"}\n')


def growing_payments(folder):
    """Payments growing a thousandfold a round (negative chips allowed): chips past the bound in round 2."""
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nchips: {allow_negative: true}\n"
                                    "counters:\n  - {name: stake, scope: table, start: 1000000}\n"
                                    "effects:\n  - name: stake\n    when: round_start\n    do:\n"
                                    '      - pay: {from: "each seat where seat == 0", to: "each seat where seat == 1", '
                                    'amount: "counter.stake * 1000"}\n'
                                    '      - counter: {name: stake, set: "counter.stake * 1000"}\n')


# name -> (builder, the round a game of it stops in)
BOUND_CASES = {
    "power_tower": (power_tower, 1),
    "squared_counter": (squared_counter, 5),
    "growing_payments": (growing_payments, 2),
}
BOUND_ERROR = "the bound on every number a game holds"
GROWTH_WARNING = "can grow without bound"


def longest_game_past_the_cap(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nrounds: {standard: 1000}\n")


def yaml_integer_constant(folder):
    return _write(folder, "x.yaml", "extends: hachihachi_trick\neffects:\n  - name: big\n    when: after_play\n"
                                    "    do:\n      - pay: {from: each seat, to: each goer,\n"
                                    "              amount: 99999999999999999}\n")


def nested_past_the_limit(folder):
    deep = "(" * 25 + "1" + ")" * 25
    return _write(folder, "x.yaml", "extends: hachihachi_trick\neffects:\n  - name: deep\n    when: after_play\n"
                                    f'    do:\n      - pay: {{from: each seat, to: each goer, amount: "{deep}"}}\n')


def folded_expression_error(folder):
    """An unknown fact on the third line of an expression YAML folds from three lines (11:13)."""
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nname: folded\neffects:\n  - name: x\n"
                                    "    when: after_play\n    do:\n      - pay:\n          from: each seat\n"
                                    "          amount: 2 * round.multiplier +\n            round.pot +\n"
                                    "            round.nope\n          to: each goer\n")


CASES.update({
    "longest_game_past_the_cap": (longest_game_past_the_cap, "rounds.standard must be at most 300"),
    "yaml_integer_constant": (yaml_integer_constant, "is larger than any constant of an expression"),
    "nested_past_the_limit": (nested_past_the_limit, "nested more than 24 levels deep"),
    "folded_expression_error": (folded_expression_error, "there is no fact 'round.nope'"),      # at x.yaml:11:13
})


FOLDED_PLACE = "x.yaml:11:13: error: there is no fact 'round.nope'"     # the third line of the expression


def calls_side_by_side(folder):
    """25 calls side by side: 25 parentheses, nested 2 deep (within the nesting limit)."""
    amount = " + ".join(["max(1, round.goers)"] * 18)
    return _write(folder, "x.yaml", "extends: hachihachi_trick\neffects:\n  - name: wide\n    when: after_play\n"
                                    f'    do:\n      - pay: {{from: each seat, to: each goer, amount: "{amount}"}}\n')


_LATE = '"round.number + table.players + round.goers >= 310"'      # true in the last of 6,000 states


def costly_conditions(folder):
    """200 effects, each condition true only in the last of its 6,000 table states."""
    effects = "".join(f"  - name: e{i}\n    when: round_end\n    if: {_LATE}\n    do:\n"
                      "      - end_game: true\n" for i in range(200))
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nrounds: {standard: 300}\neffects:\n" + effects)


def effects_filling_the_limit(folder):
    """200 effects of costly conditions, seat conditions and long amounts: about 92 KB."""
    amount = " + ".join(["max(tricks, round.goers) * 2"] * 8)
    act = (f'      - pay: {{from: "each seat where tricks == 0 and not went", to: "each goer where tricks >= 2", '
           f'amount: "{amount}"}}\n')
    effects = "".join(f"  - name: e{i}\n    when: after_play\n    if: {_LATE}\n    do:\n{act}" for i in range(200))
    return _write(folder, "x.yaml", "extends: hachihachi_trick\nrounds: {standard: 300}\neffects:\n" + effects)


def many_counter_actions(folder):
    """44 effects of 32 seat-counter actions each (1,408 actions): about 108 KB."""
    act = '      - counter: {name: x, seats: "each seat where counter.x > 0", add: 1}\n'
    effects = "".join(f"  - name: e{i}\n    when: round_end\n    do:\n" + act * 32 for i in range(44))
    return _write(folder, "x.yaml", "extends: hachihachi_trick\ncounters:\n  - {name: x, scope: seat}\n"
                                    "effects:\n" + effects)


COSTLY.update({
    "calls_side_by_side": calls_side_by_side,
    "costly_conditions": costly_conditions,
    "effects_filling_the_limit": effects_filling_the_limit,
    "many_counter_actions": many_counter_actions,
})
