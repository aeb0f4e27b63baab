"""The words of ``hachi score``'s questions, in English and Japanese (``--lang``).

Each entry is a template filled with :meth:`str.format`; a missing Japanese entry falls back to
English. Help texts (``?``) may span lines.

>>> say("ja", "took", who="ann", n=3)
'  ann: 3'
"""

from __future__ import annotations

TEXT = {
    "en": {
        "intro": "Answer with a number or a word; ? explains, undo takes back the last answer, q saves and stops.",
        "header": "-- Round {n} of {of}: {role} {who}, pot {pot} --",
        "start": "start", "dealer": "dealer",
        "first": "Who starts the first round?",
        "first?": "The table chooses the first start player (T5).",
        "first_dealer": "Who deals the first round?",
        "first_dealer?": "The table chooses the first dealer (H2).",
        "no": "no", "yes": "yes", "go": "go", "drop": "drop", "play": "play", "split": "split",
        "points": "points", "capture": "capture",
        "mizuten": "Did {who} call mizuten (ミズテン)?",
        "mizuten?": "Mizuten: before the deal the start player may bind himself to go (T6).",
        "indicator": "The turned card (e.g. 5d), or the field's name: ",
        "indicator?": "The turned card sets trump and, by its rank, the field (T7, T8);\n"
                      "if it was not noted, name the field instead: {fields}.",
        "field_cards": "The {n} field cards, or the field's name: ",
        "field_cards?": "The cards turned face up at the deal make the field (H5);\n"
                        "if they were not noted, name the field instead: {fields}.",
        "not_field": "{answer} is not a card (like {example}) nor a field: {fields}.",
        "n_cards": "{n} card(s), not {got}.",
        "declare?": "Go to play the round, or drop and pay the drop fee into the pot (T10, T11).",
        "goes_mizuten": "  {who} goes (mizuten).",
        "forced_out": "  forced out: {who}",
        "answer_q": "A house rule asks {who} ({question}):",
        "answer?": "A house rule of the rule file asks this (docs/effects.md, ask);\n"
                   "the answer is kept in the round's answers and settles the round.",
        "split_q": "{who}, split the pot or play?",
        "split?": "Two goers: the earlier says play or split; the later answers only if the earlier\n"
                  "wants to split (T16).",
        "hand": "{who}'s hand if laid open for roles ({n} cards), r to claim, Enter: none: ",
        "hand?": "Type the whole hand as dealt (weak roles depend on every card), or r to say which\n"
                 "roles were claimed without showing. Enter: no role (and, forced out, no aces).",
        "not_hand": "{answer} is not {n} cards (like {example} ...); r to claim, Enter: none.",
        "standings": "Standings after {n} {unit} of {of}, pot {pot}:",
        "standings_final": "Standings after {n} {unit} (final), pot {pot}:",
        "round_one": "round", "rounds": "rounds",
        "roles": "{who}'s roles (names or ids, comma separated; Enter: none): ",
        "roles?": "A role by its id, English or Japanese name (karasu, crow or からす), as in\n"
                  "`hachi table`. The roles of {rules}:\n{table}",
        "not_role": "{answer} is not a role of {rules}; ? lists them.",
        "near_role": "{answer} is not a role of {rules}; did you mean {role}?",
        "class": "How many {cls} cards {who} holds",
        "class?": "A forced-out player is paid per card of this class (T14).",
        "tricks": "Tricks taken by {who}",
        "tricks?": "The tricks this goer took; they add up to {n} (T19).",
        "took": "  {who} took {n}.",
        "end": "How did the round end?",
        "end?": "points: played out, every player counts card points (H21);\n"
                "capture: a capture role (出来役) stopped the round (H18).",
        "who_made": "Who made it?", "who_made?": "The player who made the capture role.",
        "which_role": "Which role? (number or name)", "which_role?": "The capture role made (H18).",
        "card_points": "Card points of {who}",
        "card_points?": "The card points taken; with everyone playing they add up to {total} (H21).",
        "extras": "Chaff for 素十六 or 飛び込み (e.g. 'ann chaff 17'), Enter: none: ",
        "extras?": "sujuroku: a player's chaff (willow counts) when it makes the special role (H19);\n"
                   "tobikomi: a hand-role holder who captured the three cards of a month (H12).",
        "not_extra": "write NAME chaff N, or NAME tobikomi, or Enter when there is nothing more.",
        "played_on": "Capture roles paid while play went on (下げ), in order (e.g. 'cy akatan'), Enter: none: ",
        "played_on?": "A capture role whose maker played on (H18 play_on or choose): it was paid when made;\n"
                      "a role grown later (四光 to 五光) is told again and paid the difference.",
        "not_played_on": "write NAME ROLE (a player and a capture role), or Enter when there is nothing more.",
        "not_choice": "{answer} is not a choice: answer 1 to {n}, or ? for help.",
        "not_number": "a number from {lo} to {hi}, please (? for help).",
        "asked_again": "  {why}; the round is asked again.",
        "taken_back": "  round {n} taken back.",
        "answer_back": "  the last answer is taken back.",
        "card_told": "{card} is told already, in {where}; give this answer again.",
        "card_twice": "{card} is given twice; give this answer again.",
        "where_hand": "{who}'s hand", "where_indicator": "the turned card", "where_field_cards": "the field cards",
        "nothing_back": "  no round to take back.",
        "saved": "Saved {path}; go on with: hachi score {path} --add",
        "over": "The game is over. Saved {path}.",
        "add": "Add rounds?", "add?": "Ask the next rounds and add them to the sheet.",
        "save_failed": "cannot write the sheet ({reason}); the rounds are kept and the save is tried again after "
                       "every round.",
        "saved_again": "saved again; no round was lost.",
        "save_lost": "the sheet could not be saved; it is printed below, every round typed, to be kept by hand.",
    },
    "ja": {
        "intro": "番号か言葉で答えてください。? で説明、undo で最後の答えを取り消し、q で保存して終了。",
        "header": "-- 第{n}回（全{of}回）: {role} {who}、場 {pot} --",
        "start": "スタP", "dealer": "親",
        "first": "最初の回のスタPは？",
        "first?": "最初のスタPは卓で決めます (T5)。",
        "first_dealer": "最初の回の親は？",
        "first_dealer?": "最初の親は卓で決めます (H2)。",
        "no": "いいえ", "yes": "はい", "go": "出る", "drop": "降りる", "play": "勝負", "split": "山分け",
        "points": "札の点", "capture": "出来役",
        "mizuten": "{who}はミズテンを宣言しましたか？",
        "mizuten?": "ミズテン: 配る前にスタPが必ず出ると宣言すること (T6)。",
        "indicator": "めくった札（例 5d）、または場の名前: ",
        "indicator?": "めくった札で切り札と、その数で場が決まります (T7, T8)。\n"
                      "控えていなければ場の名前: {fields}。",
        "field_cards": "場札{n}枚、または場の名前: ",
        "field_cards?": "配ったときの場札で場が決まります (H5)。\n控えていなければ場の名前: {fields}。",
        "not_field": "{answer} は札（例 {example}）でも場（{fields}）でもありません。",
        "n_cards": "{n}枚です（{got}枚ではなく）。",
        "declare?": "出て勝負するか、降りて降り賃を場に払うか (T10, T11)。",
        "goes_mizuten": "  {who}は出る（ミズテン）。",
        "forced_out": "  降ろされ: {who}",
        "answer_q": "ハウスルールが {who} に尋ねます（{question}）:",
        "answer?": "ルールファイルのハウスルールの質問です (docs/effects.md の ask)。\n"
                   "答えはこの局の answers に記録され、ルールのとおりに精算されます。",
        "split_q": "{who}、山分けか勝負か？",
        "split?": "二人出: 先の人が勝負か山分けかを言い、山分けのときだけ後の人が答えます (T16)。",
        "hand": "{who}の見せた手（{n}枚）、r で役の申告、Enter で無し: ",
        "hand?": "配られた手を全部（弱い役は全部の札で決まる）、または r で見せずに申告した役。\n"
                 "Enter: 役無し（降ろされなら光札も無し）。",
        "not_hand": "{answer} は{n}枚の札ではありません（例 {example} ...）。r で申告、Enter で無し。",
        "standings": "{n}回終わっての成績（全{of}回）、場 {pot}:",
        "standings_final": "{n}回終わっての最終成績、場 {pot}:",
        "round_one": "回", "rounds": "回",
        "roles": "{who}の役（名前か id をコンマ区切り、Enter で無し）: ",
        "roles?": "役の id・日本語名・英語名（karasu、からす、crow）。`hachi table` と同じ。\n"
                  "{rules} の役:\n{table}",
        "not_role": "{answer} は {rules} の役ではありません。? で一覧。",
        "near_role": "{answer} は {rules} の役ではありません。{role} のことですか？",
        "class": "{who}の{cls}の枚数",
        "class?": "降ろされはこの札一枚ごとに受け取ります (T14)。",
        "tricks": "{who}の取ったトリック数",
        "tricks?": "この出た人が取ったトリック。合計 {n} (T19)。",
        "took": "  {who}: {n}",
        "end": "回の終わり方は？",
        "end?": "札の点: 最後まで打って札の点を数えた (H21)。\n出来役: 出来役で回が止まった (H18)。",
        "who_made": "出来役を作ったのは？", "who_made?": "出来役を作った人。",
        "which_role": "どの役？（番号か名前）", "which_role?": "作った出来役 (H18)。",
        "card_points": "{who}の札の点",
        "card_points?": "取った札の点。全員が打てば合計 {total} (H21)。",
        "extras": "素十六のカス札・飛び込み（例 'ann chaff 17'）、Enter で無し: ",
        "extras?": "素十六: 特別役になったカス札の枚数 (H19)。\n飛び込み: 手役の三枚を全部取った人 (H12)。",
        "not_extra": "「名前 chaff 枚数」か「名前 tobikomi」、無ければ Enter。",
        "played_on": "下げて続けた出来役（作った順、例 'cy akatan'）、Enter で無し: ",
        "played_on?": "作った人が下げて続けた出来役 (H18 play_on・choose)。作ったときに支払い済み。\n"
                      "後で育った役（四光から五光）はもう一度答え、差額を払います。",
        "not_played_on": "「名前 役」（人と出来役）、無ければ Enter。",
        "not_choice": "{answer} は選べません。1 から {n} で答えてください（? で説明）。",
        "not_number": "{lo} から {hi} の数で答えてください（? で説明）。",
        "asked_again": "  {why}。この回をもう一度聞きます。",
        "taken_back": "  第{n}回を取り消しました。",
        "answer_back": "  最後の答えを取り消しました。",
        "card_told": "{card} はもう{where}にあります。もう一度答えてください。",
        "card_twice": "{card} が二度あります。もう一度答えてください。",
        "where_hand": "{who}の手札", "where_indicator": "めくり札", "where_field_cards": "場札",
        "nothing_back": "  取り消す回がありません。",
        "saved": "{path} に保存しました。続きは: hachi score {path} --add",
        "over": "対局終了。{path} に保存しました。",
        "add": "回を追加しますか？", "add?": "次の回を聞いて記録に加えます。",
        "save_failed": "シートを書けません ({reason})。回は残してあり、回ごとに保存をやり直します。",
        "saved_again": "保存できました。失われた回はありません。",
        "save_lost": "シートを保存できませんでした。入力したすべての回を下に出力するので、手で残してください。",
    },
}


def say(lang: str, key: str, **values: object) -> str:
    """The text ``key`` in ``lang`` (English when missing), filled with ``values``."""
    template = TEXT.get(lang, TEXT["en"]).get(key) or TEXT["en"][key]
    return template.format(**values)
