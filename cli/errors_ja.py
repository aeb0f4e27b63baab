"""Errors in Japanese for ``--lang ja`` (``hachi play``, ``hachi score``, ``hachi replay``).

The loader, the records and the score sheets word their problems in English, from the project's
own sentences; this table gives the common ones in Japanese. A message keeps its place
(``FILE:LINE:COL``), the key names, the values quoted and a code snippet under it; only the
sentence changes. A message the table does not know is shown in English after a note saying so
(:data:`UNTRANSLATED`), never dropped. click's own usage errors (an option's value, an unknown
option, a missing argument) are given in Japanese by :class:`LangCommand`, with the same exit
codes (2 for usage).

>>> ja_message("unknown key 'playrs' at the top level; did you mean 'players'?")
"不明なキー 'playrs' (ファイルの最上位)。'players' のことですか?"
>>> ja_message("chips.start must be a whole number, not the text 'many'.")
"chips.start は整数でなければなりません (文字列 'many' ではなく)。"
>>> ja_message("chips.start must be at least 0, not -5.")
'chips.start は 0 以上でなければなりません (-5 ではなく)。'
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional, Sequence, Union

import click

UNTRANSLATED = "(この説明は英語のみ)"
ERROR = {"en": "error", "ja": "エラー"}

_TYPES = {"a condition": "条件", "a whole number": "整数", "a number": "数", "text": "文字列",
          "true or false": "true か false",
          "a mapping of keys to values": "キーと値のマッピング", "a list": "リスト", "null": "null"}
_KIND = {"rank": "数字", "suit": "スート", "card": "札"}
_TURNED = {"turned card": "めくり札", "field cards": "場札"}
_WHAT = {"rule file": "ルールファイル", "role table": "役表", "ruleset": "ルール", "score sheet": "スコアシート",
         "record": "記録", "sheet": "シート"}


def _value(text: str) -> str:
    """A value as the schema describes it (``the text 'x'``, ``the number 3``, ``a list``)."""
    m = re.fullmatch(r"the (text|number) (.*)", text, re.S)
    if m:
        return f"{'文字列' if m.group(1) == 'text' else '数'} {m.group(2)}"
    return {"a list": "リスト", "a mapping": "マッピング"}.get(text, text)


def _types(text: str) -> str:
    return " か ".join(_TYPES.get(t, t) for t in text.split(" or ")) if text not in _TYPES else _TYPES[text]


def _path(text: str) -> str:
    return "ファイル" if text == "the file" else text


def _what(text: str) -> str:
    return _WHAT.get(text, text)


Words = Union[str, Callable[[re.Match[str]], str]]

# (an English sentence of the project, in full, as a pattern; its Japanese). Named groups are
# filled in: ``path`` (a dotted key, "the file"), ``v`` (a value described), ``t`` (types),
# ``what`` (a kind of file); any other group as it is. The first pattern that matches wins.
SENTENCES: tuple[tuple[str, Words], ...] = (
    # -- the schema of rule files (ruleset/schema.py)
    (r"unknown key (?P<key>.+) at the top level", "不明なキー {key} (ファイルの最上位)"),
    (r"unknown key (?P<key>.+) in (?P<path>\S+); the keys are: (?P<keys>.*)\.",
     "不明なキー {key} ({path} の中)。使えるキー: {keys}"),
    (r"unknown key (?P<key>.+) in (?P<path>\S+)\.?", "不明なキー {key} ({path} の中)"),
    (r"(?P<key>.+) at the top level removes a key the base does not have(, so it removes nothing\.)?",
     "{key} (ファイルの最上位) は元のファイルにないキーを消しています (何も消えません)。"),
    (r"(?P<key>.+) in (?P<path>\S+) removes a key the base does not have(, so it removes nothing\.)?",
     "{key} ({path} の中) は元のファイルにないキーを消しています (何も消えません)。"),
    (r"(?P<path>\S+) must be at least (?P<n>\S+), not (?P<v>.+)\.",
     "{path} は {n} 以上でなければなりません ({v} ではなく)。"),
    (r"(?P<path>\S+) must be at most (?P<n>\S+), not (?P<v>.+)\.",
     "{path} は {n} 以下でなければなりません ({v} ではなく)。"),
    (r"(?P<path>\S+) must be larger than (?P<n>\S+), not (?P<v>.+)\.",
     "{path} は {n} より大きくなければなりません ({v} ではなく)。"),
    (r"(?P<path>\S+) must be (?P<t>.+), not (?P<v>.+)\.", "{path} は{t}でなければなりません ({v} ではなく)。"),
    (r"(?P<path>\S+) is (?P<v>.+), which is not one of: (?P<choices>.+?)\.?",
     "{path} は {v} ですが、使える値は {choices} のどれかです"),
    (r"(?P<path>\S+) is (?P<v>.+); the only value it may have is (?P<one>'.*')\.",
     "{path} は {v} ですが、使える値は {one} だけです。"),
    (r"(?P<path>\S+) has no (?P<keys>'.*'); (?:it is|they are) required\.",
     "{path} に {keys} がありません (必須です)。"),
    (r"(?P<path>\S+) must list at least (?P<n>\d+) items?\.", "{path} には {n} 個以上の項目が必要です。"),
    (r"(?P<path>\S+) may list at most (?P<n>\d+) items\.", "{path} の項目は {n} 個までです。"),
    (r"(?P<path>\S+) lists (?P<v>.+) twice; each item may appear once\.",
     "{path} に {v} が二度あります。同じ項目は一度だけです。"),
    (r"(?P<path>\S+) must not be empty\.", "{path} は空にできません。"),
    (r"(?P<path>\S+) is (?P<v>.+), which is not a valid id: use lower-case letters, digits and '_', starting "
     r"with a letter\.", "{path} は {v} ですが、id にできません: 英小文字・数字・'_' で、英字から始めてください。"),
    # -- the findings of the rules (ruleset/checks.py, patterns.py, roles.py)
    (r"field (?P<field>'[^']*') names the (?P<kind>rank|suit|card) (?P<x>'[^']*'), which is not a (?:rank|suit|card) "
     r"of the deck \((?P<deck>.+)\)\.",
     lambda m: f"場 {m['field']} の{_KIND[m['kind']]} {m['x']} はこの札の{_KIND[m['kind']]}ではありません "
               f"({m['deck']})。"),
    (r"no field lists the ranks? (?P<ranks>.+); every rank of the deck must make exactly one field \(T8\)\.",
     "どの場にもない数字があります: {ranks}。札のどの数字もちょうど一つの場を作ります (T8)。"),
    (r"the rank (?P<rank>'[^']*') is in both field (?P<a>'[^']*') and field (?P<b>'[^']*'); each rank makes exactly "
     r"one field\.", "数字 {rank} が場 {a} と場 {b} の両方にあります。数字は一つの場だけを作ります。"),
    (r"field (?P<field>'[^']*') lists no ranks, cards or suits, so no indicator makes it\.",
     "場 {field} に数字も札もスートもないので、どのめくり札もこの場を作りません。"),
    (r"round lists the phase (?P<phase>'[^']*') twice; each phase runs once\.",
     "round にフェーズ {phase} が二度あります。各フェーズは一度だけです。"),
    (r"unknown card class (?P<name>'[^']*')\.(?: Classes are: (?P<known>.*)\.)?",
     lambda m: f"札の種類 {m['name']} はありません。" + (f"種類: {m['known']}。" if m["known"] else "")),
    (r"unexpected (?P<found>'.*?'); expected (?P<words>.+)\.", "ここに {found} は書けません (書けるもの: {words})。"),
    (r"unexpected (?P<found>'.*?')\.", "ここに {found} は書けません。"),
    (r"the expression ends too early\.", "式が途中で終わっています。"),
    (r"(?P<label>example \d+ \(.*?\)): expected roles (?P<want>\[.*?\]) but got (?P<got>\[.*?\])\.",
     "{label}: 役は {want} のはずが {got} になります。"),
    (r"(?P<x>'[^']*') is not a card; write rank then suit, like 'As', 'Th' or '10h' \(ranks (?P<ranks>.+), suits "
     r"(?P<suits>.+)\)\.", "{x} は札ではありません。数字とスートの順に 'As'、'Th'、'10h' のように書きます "
     "(数字 {ranks}、スート {suits})。"),
    (r"(?P<x>'[^']*') is not a card; write a card like 'As' or 'Th'\.",
     "{x} は札ではありません。'As' や 'Th' のように書きます。"),
    (r"(?P<x>'[^']*') is not a (?P<kind>rank|suit); (?:ranks|suits) are (?P<known>.+)\.",
     lambda m: f"{m['x']} は{_KIND[m['kind']]}ではありません。{_KIND[m['kind']]}: {m['known']}。"),
    # -- reading files (ruleset/yamlfile.py, loader.py, reach.py)
    (r"this is not valid YAML: (?P<why>.+)\.", "YAML として読めません (YAML の説明: {why})。"),
    (r"the file is empty; .*", "ファイルが空です。"),
    (r"the key (?P<key>.+) appears twice in (?P<path>\S+) \(first on line (?P<n>\d+)\); keep one\.",
     "キー {key} が {path} に二度あります (最初は {n} 行目)。一つにしてください。"),
    (r"there is no bundled (?P<what>rule file|role table) named (?P<name>'.*'); the bundled ones are: (?P<names>.*)\.",
     "同梱の{what} {name} はありません。同梱のもの: {names}。"),
    (r"there is no bundled (?P<what>rule file|role table) named (?P<name>'.*')",
     "同梱の{what} {name} はありません"),
    (r"there is no (?P<what>rule file|role table) (?P<name>'.*')\.", "{what} {name} はありません。"),
    (r"this is a folder, not a (?P<what>.+)\.", "これはフォルダで、{what}ではありません。"),
    (r"this is not a regular file, so it cannot be a (?P<what>.+)\.",
     "これは通常のファイルではないので、{what}にできません。"),
    (r"the file cannot be read \((?P<why>.+)\)\.", "ファイルを読めません ({why})。"),
    # -- effects (ruleset/expressions.py, effects.py)
    (r"there is no fact (?P<fact>'[^']*')\. The facts are listed in (?P<doc>\S+)\.",
     "事実 {fact} はありません。事実の一覧は {doc} にあります。"),
    (r"there is no fact (?P<fact>'[^']*')\.", "事実 {fact} はありません。"),
    (r"(?P<fact>'[^']*') is a fact of (?P<kind>.+), which this game does not play\.",
     "{fact} は {kind} の事実で、このゲームの遊び方にはありません。"),
    (r"The facts are listed in (?P<doc>\S+)\.", "事実の一覧は {doc} にあります。"),
    (r"(?P<fact>'[^']*') is a fact of one seat \(.*\); read it in an effect for each seat or inside (?P<fs>.+) "
     r"and the like\.", "{fact} は一人ごとの事実です。各人についての効果の中か、{fs} などの中で読んでください。"),
    (r"(?P<what>.+) must be (?P<t>a number|a condition), not (?P<u>a number|a condition)\.",
     "{what}は{t}でなければなりません ({u}ではなく)。"),
    (r"'(?P<op>\S+)' compares (?P<t>a number|a condition) with (?P<u>a number|a condition)\.",
     "'{op}' で{t}と{u}を比べています。"),
    (r"the expression is empty; write one such as (?P<ex>'.*')\.", "式が空です。{ex} のように書いてください。"),
    (r"there is no function (?P<name>'[^']*')\.(?: The functions are (?P<known>.*)\.)?",
     "関数 {name} はありません。"),
    (r"compare with '==', not '='\.", "比べるには '=' ではなく '==' を使います。"),
    (r"divide whole numbers with '//' \(rounds down\); there is no '/'\.",
     "整数の割り算は '//' (切り捨て) です。'/' はありません。"),
    (r"write 'and' and 'or' instead of '&&' and '\|\|'\.", "'&&' と '||' ではなく 'and' と 'or' と書きます。"),
    (r"names are written in lower case \(tricks, round\.pot\)\.", "名前は小文字で書きます (tricks, round.pot)。"),
    (r"there is no counter (?P<name>'.*') \(the counters: (?P<known>.*)\); declare it under 'counters:'\.",
     "カウンター {name} はありません (カウンター: {known})。'counters:' で宣言してください。"),
    # -- score sheets and records (interpreter/scorekeeper, interpreter/records)
    (r"there is no such file\.", "そのファイルはありません。"),
    (r"this is not a regular file\.", "これは通常のファイルではありません。"),
    (r"the sheet has no (?P<key>'.*')\.", "シートに {key} がありません。"),
    (r"(?P<name>'.*') is not a field of a score sheet\.", "{name} はスコアシートの項目ではありません。"),
    (r"start: (?P<name>'.*') is not one of the players\.", "start: {name} は参加者の一人ではありません。"),
    (r"players: (?P<rules>\S+) is for (?P<lo>\d+) to (?P<hi>\d+) players, not (?P<n>\d+)\.",
     "players: {rules} は {lo} から {hi} 人用で、{n} 人ではできません。"),
    (r"(?P<name>'.*') is not one of the players \((?P<names>.*)\)", "{name} は参加者の一人ではありません ({names})"),
    (r"(?P<who>\S+): a whole number from 0 to (?P<hi>\d+), not (?P<v>.+)", "{who}: 0 から {hi} の整数 ({v} ではなく)"),
    (r"(?P<who>\S+): (?P<name>'.*') is not a role of (?P<rules>\S+)", "{who}: {name} は {rules} の役ではありません"),
    (r"the game is already over after (?P<n>\d+) rounds", "ゲームは {n} 局で終わっています"),
    (r"not a field of a round \(known: (?P<known>.*)\)", "局の項目ではありません (使える項目: {known})"),
    (r"true or false, not (?P<v>.+)", "true か false ({v} ではなく)"),
    (r"a list, not (?P<v>.+)", "リスト ({v} ではなく)"),
    (r"(?P<what>rule file|role table|record|sheet) cannot be written \((?P<why>.+)\)\.?",
     "{what}を書けません ({why})。"),
    (r"cannot write records into this folder \((?P<why>.+)\)\.", "このフォルダに記録を書けません ({why})。"),
    (r"the (?P<words>.+) \(or 'field: ID' when not noted\) are missing",
     lambda m: f"{_TURNED.get(m['words'], m['words'])} (書かなかったときは 'field: ID') がありません"),
    (r"give (?P<what>\S+) or field, not both", "{what} か field のどちらかだけを書いてください"),
    (r"a mapping from player to value, not (?P<v>.+)", "参加者から値へのマッピング ({v} ではなく)"),
    (r"a house rule asks (?P<who>\S+) '(?P<q>[^']*)' \((?P<opts>.*)\); write answers: (?P<ex>.+)",
     "ハウスルールが {who} に「{q}」を尋ねます ({opts})。answers: {ex} と書いてください"),
    (r"(?P<who>\S+) answers '(?P<q>[^']*)' with (?P<v>.+), not one of (?P<opts>.+)",
     "{who} の「{q}」への答え {v} は {opts} のどれでもありません"),
    (r"no house rule asked (?P<who>'.*') (?P<q>'.*') this round",
     "この局でハウスルールは {who} に {q} を尋ねていません"),
    (r"a mapping of questions to \{player: option\}, not (?P<v>.+)",
     "質問から {{参加者: 答え}} へのマッピング ({v} ではなく)"),
    (r"the round is not finished \((?P<state>.+)\)", "局が終わっていません ({state})"),
    (r"the record has no round", "記録に局がありません"),
    (r"the record has no (?P<key>'[^']*') \((?P<word>.+)\)\.", "記録に {key} がありません ({word})。"),
    (r"this record has no (?P<key>'[^']*'), so it is not a save of 'hachi play', or it was cut short; it is left "
     r"alone\. 'hachi replay' shows what it holds\.", "この記録には {key} がないので、'hachi play' の保存ではないか、"
     "途中で切れています。そのままにします。中身は 'hachi replay' で見られます。"),
    (r"cannot write the save file \((?P<why>.+)\)\.", "保存ファイルを書けません ({why})。"),
    (r"the list of players is empty\.", "参加者の一覧が空です。"),
    (r"the name (?P<name>'.*') is not a plain name of at most (?P<n>\d+) printable characters\.",
     "名前 {name} は {n} 文字までの、表示できる文字の名前にしてください。"),
    # -- the commands' own checks of their options (cli/play.py, cli/score.py)
    (r"--json needs --auto \(it prints the summary of a bots-only game\)",
     "--json は --auto と使います (ボットだけのゲームの要約を出力します)"),
    (r"there is no bot (?P<name>'.*'); bots are (?P<names>.*)", "ボット {name} はありません。ボット: {names}"),
    # the web table's answers to a seat (web/tables.py)
    (r"it is not your turn", "あなたの番ではありません"),
    (r"the game is over", "ゲームは終わりました"),
    (r"the round is over: everyone first sees its summary", "この局は終わりました。まず全員が局のまとめを見ます"),
    (r"the table has moved on since that choice was shown; choose again",
     "その選択肢が出た後で卓が進みました。選び直してください"),
    (r"there is no choice (?P<n>\S+); choose 0 to (?P<m>\d+)", "選択肢 {n} はありません。0 から {m} で選んでください"),
    (r"there is no such table \(it may have ended when the server stopped\)",
     "その卓はありません (サーバーが止まったときに終わったのかもしれません)"),
    (r"the server holds (?P<n>\d+) tables already", "サーバーはもう {n} 卓を開いています"),
    (r"a table needs at least one person", "卓には少なくとも一人の人が要ります"),
    (r"one name per seat", "席ごとに名前をひとつ"),
    (r"a table's replay opens when its game is over", "卓の再生はゲームが終わってから開きます"),
    (r"(?P<rules>\S+) is for (?P<lo>\d+) to (?P<hi>\d+) players", "{rules} は {lo} から {hi} 人用です"),
    (r"--players and --start go with --new", "--players と --start は --new と使います"),
    (r"--new needs --players NAME,NAME,\.\.\.", "--new には --players 名前,名前,... が要ります"),
    (r"(?P<path>.+) exists; go on with it: (?P<command>hachi score .+ --add)",
     "{path} はもうあります。続けるには: {command}"),
    # -- the bound on every number a game holds (ruleset/bounds.py), expressions' limits
    (r"effect '(?P<effect>[^']*)': (?P<num>[^:]+) would be past (?P<n>[\d,]+) \(either sign\), the bound on every "
     r"number a game holds \(docs/limits\.md\); the game stops here\.",
     "効果 '{effect}': {num} が {n} (正負とも) を超えます。これはゲームのすべての数の上限です (docs/limits.md)。"
     "ゲームはここで止まります。"),
    (r"(?P<num>[^:]+) would be past (?P<n>[\d,]+) \(either sign\), the bound on every number a game holds "
     r"\(docs/limits\.md\); the game stops here\.",
     "{num} が {n} (正負とも) を超えます。これはゲームのすべての数の上限です (docs/limits.md)。"
     "ゲームはここで止まります。"),
    (r"the deal is not the one the save's seed makes, so the save was changed since it was written; it is left "
     r"alone\.", "配札がセーブのシードの配札と違います。書かれた後で変えられたセーブなので、そのままにします。"),
    (r"seed: the first start player is not the one the save's seed draws, so the save was changed since it was "
     r"written; it is left alone\.",
     "seed: 最初の親がセーブのシードの引く親と違います。書かれた後で変えられたセーブなので、そのままにします。"),
    (r"(?P<name>\S+) answers '(?P<q>[^']*)' with (?P<tf>true|false) \(YAML reads yes, no, on and off unquoted as "
     r"true and false\); quote the option: one of (?P<options>.+)",
     "{name} は '{q}' に {tf} と答えています (YAML は引用符のない yes、no、on、off を true と false と読みます)。"
     "選択肢を引用符で囲んでください: {options} のどれか"),
    (r"the names (?P<a>'[^']*') and (?P<b>'[^']*') differ only in how their characters are written \(Unicode NFKC, "
     r"spaces around them, letters that print alike\) and would look like one seat; make them differ\.",
     "名前 {a} と {b} は文字の書き方 (Unicode NFKC、前後の空白、同じに見える文字) だけが違い、同じ席に見えます。"
     "違う名前にしてください。"),
    (r"unknown parameter (?P<name>'[^']*') in parameters \(the file has no parameters\)\.",
     "parameters に {name} はありません (このファイルにはパラメーターがありません)。"),
    (r"unknown parameter (?P<name>'[^']*') in parameters \(the parameters: (?P<known>.+)\)\.",
     "parameters に {name} はありません (パラメーター: {known})。"),
    (r"unknown parameter (?P<name>'[^']*') in parameters", "parameters に {name} はありません"),
    (r"the expression is nested more than (?P<n>\d+) levels deep; write it flatter\.",
     "式の入れ子が {n} 段を超えています。もっと平らに書いてください。"),
    (r"(?P<x>.+) is larger than any constant of an expression \(at most (?P<n>[\d,]+)\)\.",
     "{x} は式に書ける数 ({n} まで) より大きい数です。"),
)
_SUGGESTION = re.compile(r"(?:;|\.)? [Dd]id you mean (?P<near>'[^']*')\?(?P<rest>.*)$", re.S)
_PLACES = (     # a place written before a record's or a sheet's sentence
    (re.compile(r"round (\d+), action (\d+): (.*)", re.S), "第{0}局、{1}番目の手: {2}"),
    (re.compile(r"example (\d+) (\(.*?\)): (.*)", re.S), "例 {0} {1}: {2}"),
    (re.compile(r"round (\d+), (\w+): (.*)", re.S), "第{0}局、{1}: {2}"),
    (re.compile(r"round (\d+): (.*)", re.S), "第{0}局: {1}"),
    (re.compile(r"(players|start|ruleset|rounds|length|bots): (.*)", re.S), "{0}: {1}"),
)


def _number_of_game(text: str) -> str:
    """Which number of a game passed the bound (ruleset/bounds.py), in Japanese."""
    m = re.fullmatch(r"counter (\S+)", text)
    if m:
        return f"カウンター {m[1]}"
    return {"the pot": "場のチップ (ポット)", "a payment": "支払い", "a seat's chips": "席のチップ",
            "the multiplier": "倍率"}.get(text, text)


_FILLS: dict[str, Callable[[str], str]] = {"v": _value, "t": _types, "u": _types, "path": _path, "what": _what,
                                           "num": _number_of_game}


def _sentence(text: str) -> Optional[str]:
    """One sentence in Japanese, or None when the table has no words for it."""
    near = _SUGGESTION.search(text)
    tail = ""
    if near:
        text = text[:near.start()]
        rest = near.group("rest").strip()
        tail = f"{near.group('near')} のことですか?"
        if "only a new entry" in rest:
            tail += " (必要なのは新しい項目だけ)"
        elif rest:
            tail += " " + (_sentence(rest) or rest)
    for pattern, words in SENTENCES:
        m = re.fullmatch(pattern, text, re.S) or (re.fullmatch(pattern, text + ".", re.S) if near else None)
        if m:
            said = words(m) if callable(words) else words.format(
                **{k: _FILLS.get(k, str)(v or "") for k, v in m.groupdict().items()})
            return said + ("" if not tail or said.endswith("。") else "。") + tail
    for place, words in _PLACES:
        m = place.fullmatch(text)
        if m:
            inner = _sentence(m.groups()[-1])
            if inner is not None:
                return words.format(*m.groups()[:-1], inner)
    return None


def ja_message(message: str) -> str:
    """``message`` (a :class:`~..ruleset.errors.HachiError`'s) in Japanese: its first line by the
    table, a code snippet under it as it is; a message without words here, in English after
    :data:`UNTRANSLATED`.

    >>> ja_message("round 2, declare: 'zed' is not one of the players (ann, bob)")
    "第2局、declare: 'zed' は参加者の一人ではありません (ann, bob)"
    >>> ja_message("the moon is made of cheese.")
    '(この説明は英語のみ) the moon is made of cheese.'
    """
    first, newline, rest = message.partition("\n")
    said = _sentence(first)
    return (said if said is not None else f"{UNTRANSLATED} {first}") + newline + rest


def error_message(message: str, lang: str) -> str:
    return ja_message(message) if lang == "ja" else message


def error_line(place: str, message: str, lang: str = "en") -> str:
    """``PLACE: error: MESSAGE`` (``PLACE: エラー: ...`` in Japanese)."""
    return f"{place}: {ERROR.get(lang, 'error')}: {error_message(message, lang)}"


# -- click's usage errors ----------------------------------------------------------------------

CLICK_SENTENCES: tuple[tuple[str, str], ...] = (
    (r"Invalid value for (?P<opt>\S+): (?P<why>.+)", "{opt} の値が正しくありません: {why}"),
    (r"(?P<v>.+) is not in the range (?P<range>\S+)\.", "{v} は範囲 {range} の外です。"),
    (r"(?P<v>.+) is not one of (?P<choices>.+)\.", "{v} は {choices} のどれでもありません。"),
    (r"(?P<v>.+) is not a valid integer( range)?\.", "{v} は整数ではありません。"),
    (r"No such option (?P<opt>\S+?)\.? \(Did you mean one of: (?P<near>.+)\?\)",
     "{opt} というオプションはありません。{near} のことですか?"),
    (r"No such option (?P<opt>\S+?)\.? Did you mean (?P<near>\S+)\?",
     "{opt} というオプションはありません。{near} のことですか?"),
    (r"No such option:? (?P<opt>\S+?)\.?", "{opt} というオプションはありません。"),
    (r"Option (?P<opt>\S+) requires an argument\.", "オプション {opt} には値が要ります。"),
    (r"Option (?P<opt>\S+) does not take a value\.", "オプション {opt} は値をとりません。"),
    (r"Missing argument (?P<arg>\S+)\.", "引数 {arg} がありません。"),
    (r"Missing option (?P<opt>\S+)\.", "オプション {opt} がありません。"),
    (r"Got unexpected extra arguments? \((?P<args>.*)\)", "余分な引数があります ({args})"),
)
_METAVARS = {"[OPTIONS]": "[オプション]", "SHEET": "シート", "RECORD": "記録", "RULES": "ルール"}


def ja_usage(message: str) -> str:
    """A message of click's in Japanese (an unknown one: in English after :data:`UNTRANSLATED`).

    >>> ja_usage("Invalid value for '--players': 20 is not in the range 2<=x<=12.")
    "'--players' の値が正しくありません: 20 は範囲 2<=x<=12 の外です。"
    """
    for pattern, words in CLICK_SENTENCES:
        m = re.fullmatch(pattern, message, re.S)
        if m:
            found = m.groupdict()
            for key in ("why",):
                if found.get(key):
                    found[key] = ja_usage(found[key]) if _click_sentence(found[key]) else ja_message(found[key])
            return words.format(**found)
    return ja_message(message)


def _click_sentence(text: str) -> bool:
    return any(re.fullmatch(pattern, text, re.S) for pattern, _ in CLICK_SENTENCES)


class JaUsageError(click.UsageError):
    """A usage error shown in Japanese: the usage line, how to get help, the error; exit code 2."""

    def show(self, file: Any = None) -> None:
        err = file is None                      # standard error, as click shows its own
        if self.ctx is not None:
            pieces = " ".join(_METAVARS.get(p, p) for p in self.ctx.command.collect_usage_pieces(self.ctx))
            click.echo(f"使い方: {self.ctx.command_path} {pieces}", file=file, err=err)
            click.echo(f"'{self.ctx.command_path} --help' でヘルプを表示します。\n", file=file, err=err)
        click.echo(f"エラー: {self.format_message()}", file=file, err=err)


class JaClickException(click.ClickException):
    """Another error of click's (exit code kept), in Japanese."""

    def show(self, file: Any = None) -> None:
        click.echo(f"エラー: {self.format_message()}", file=file, err=file is None)


def wants_ja(args: Sequence[str]) -> bool:
    """``--lang ja`` (or ``--lang=ja``) among the arguments, before click has read them."""
    args = list(args)
    return any(a == "--lang=ja" or (a == "--lang" and args[i + 1:i + 2] == ["ja"]) for i, a in enumerate(args))


def in_japanese(error: click.ClickException, ctx: Optional[click.Context]) -> click.ClickException:
    """``error`` shown in Japanese; an error whose exit code the Japanese one would change stays as it is."""
    if isinstance(error, click.UsageError):
        out: click.ClickException = JaUsageError(ja_usage(error.format_message()), error.ctx or ctx)
    else:
        out = JaClickException(ja_usage(error.format_message()))
    return out if out.exit_code == error.exit_code else error


class LangCommand(click.Command):
    """A command with ``--lang``: under ``--lang ja`` click's errors (options misused, before the
    command runs, or raised by it) are shown in Japanese, with the same exit codes."""

    def make_context(self, info_name: Optional[str], args: list[str], parent: Optional[click.Context] = None,
                     **extra: Any) -> click.Context:
        ja = wants_ja(args)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as e:
            if ja:
                raise in_japanese(e, None) from None
            raise

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as e:
            if ctx.params.get("lang") == "ja" and not isinstance(e, (JaUsageError, JaClickException)):
                raise in_japanese(e, ctx) from None
            raise
