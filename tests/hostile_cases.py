"""Hostile rule files (as strangers might share them), each with the message that must refuse it.

Used by tests/test_ruleset_hostile.py, tests/test_untrusted_input.py, benchmarks/cli_startup.py
and benchmarks/hostile.py. Each case writes its files into a folder and returns the path to
validate. Files a case must not reveal hold :data:`SECRET`.
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
    # issue 10: where a rule file may reach, and what it may show
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
}
