"""What the terminal says, in English and in Japanese: names that line up, answers in kana, the
rules' own words (no trump, the dealer who pays 総八, the counted cards, kan), role names."""

from pathlib import Path

from click.testing import CliRunner

from hachihachi.cli.display import columns
from hachihachi.cli.narrate import Narrator
from hachihachi.cli.screen import Screen
from hachihachi.cli.tui_input import parse_answer
from hachihachi.interpreter import CallMizuten, Declare
from hachihachi.interpreter.engine.events import RolesShown
from hachihachi.ruleset.catalog import say
from hachihachi.ruleset.loader import load_ruleset
from tests.interp_support import RULES, deal, new_game
from hachihachi.interpreter.parts.go_drop.rules import GoDropTransfer

HOUSE = Path(__file__).parent / "house_rules" / "variants"


def test_japanese_standings_line_up_by_columns():
    screen = Screen(RULES, ["bob", "あなた", "ann", "ゆうこりん"], "ja", False)
    lines = screen.standings([66, 39, 50, 41], [0])[1:-1]
    assert [columns(line) for line in lines] == [columns(lines[0])] * 4
    assert lines[3].startswith("  4. あなた") and lines[3].endswith("  39")


def test_a_scorekeepers_standings_line_up_by_columns(tmp_path):
    import yaml

    from hachihachi.cli.score import score

    sheet = tmp_path / "s.yaml"
    sheet.write_text(yaml.safe_dump({
        "ruleset": "hachihachi_trick", "players": ["ann", "ゆうこりん", "cy"], "start": "ann",
        "rounds": [{"indicator": "5d", "declare": ["go", "go", "go"], "tricks": {"ann": 4, "ゆうこりん": 2, "cy": 1}}]},
        allow_unicode=True), encoding="utf-8")
    out = CliRunner().invoke(score, [str(sheet)]).output
    rows = [line for line in out.splitlines() if line.startswith("  ") and line.strip()[:2] in ("1.", "2.", "3.")]
    assert len(rows) == 3 and len({columns(r.rsplit(" (", 1)[0]) for r in rows}) == 1, rows


def test_go_and_drop_in_kana_are_answers():
    game = new_game(players=3, start=0)
    game.apply(CallMizuten(False))
    deal(game, "As Ks 2h 3h 4h 5h 6h", "Ac Kc Qc Jc Tc 9c 8s", "Qs Js Ts 9s 8h 7s 6s", indicator="2d")
    view = game.view(game.current_player)
    assert parse_answer("でる", view, RULES) == Declare(True)
    assert parse_answer("おりる", view, RULES) == Declare(False)


def test_T8_a_round_without_trump_is_told_without_a_trump_suit():
    rules = load_ruleset(str(HOUSE / "t8_no_trump_on_a_two.yaml"))
    game = new_game(players=3, start=0, rules=rules)
    game.apply(CallMizuten(False))
    deal(game, "As Ks 2h 3h 4h 5h 6h", "Ac Kc Qc Jc Tc 9c 8s", "Qs Js Ts 9s 8h 7s 6s", indicator="2d")
    en = "\n".join(Narrator(rules, ["ann", "bob", "cy"]).lines(game.events))
    ja = "\n".join(Narrator(rules, ["ann", "bob", "cy"], "ja").lines(game.events))
    assert "indicator 2d: trump none, 切り札なし No trump x1" in en and "trump d" not in en
    assert "めくり札 2d: 切り札 なし、切り札なし x1" in ja


def test_H19_the_dealer_who_pays_sohachi_is_said_to_pay_it():
    from hachihachi.interpreter.games.matching.phases import RoundScored

    rules = load_ruleset(str(HOUSE / "h19_sohachi_dealer_pays.yaml"))
    scored = RoundScored(0, (88, 88, 88), (("sohachi", 1, 10),), True)
    en = Narrator(rules, ["ann", "bob", "cy"]).lines([scored])
    ja = Narrator(rules, ["ann", "bob", "cy"], "ja").lines([scored])
    assert any("bob pays each other player 総八" in line for line in en) and not any("makes" in x for x in en)
    assert any("bob: 総八を払う (10 貫)" in line for line in ja)
    standard = Narrator(load_ruleset("hanafuda_hachihachi"), ["ann", "bob", "cy"]).lines([scored])
    assert any("bob makes 総八" in line for line in standard)


def test_T14_a_forced_out_players_counted_cards_are_named_by_their_class():
    names = ["ann", "bob", "dee"]
    one = Narrator(RULES, names).lines([RolesShown(0, 2, (), 0, aces=1)])
    two = Narrator(RULES, names).lines([RolesShown(0, 2, (), 0, aces=2)])
    assert any("(value 0, 1 ace)" in line for line in one) and any("(value 0, 2 aces)" in line for line in two)
    assert not any("card(s)" in line for line in one + two)


def test_the_scorekeeper_asks_how_many_aces_in_words():
    assert say("en", "score.class", who="dee", cls="ace") == "How many ace cards dee holds"


def test_hachi_roles_names_each_role_as_the_game_says_it():
    from hachihachi.cli.main import cli

    out = CliRunner().invoke(cli, ["roles", "As Ah Ad 2s 3s 4s 5s"]).output
    assert "Three of a Kind (sanbon) go 2 forced 1" in out


def test_H17_capture_roles_are_explained_in_kan_and_the_hint_speaks_of_the_score():
    from hachihachi.interpreter.games.matching.explain import _capture_roles

    hana = load_ruleset("hanafuda_hachihachi")
    assert "Red poetry ribbons 7 kan" in _capture_roles(hana, "en") and "赤タン 7貫" in _capture_roles(hana, "ja")
    assert "chips" not in say("en", "screen.hint_head")


def test_T14_H18_payments_for_roles_name_the_roles_as_the_game_says_them():
    from hachihachi.interpreter.engine.events import Transfer

    hana = load_ruleset("hanafuda_go_drop")
    names = ["ann", "bob", "cy", "dee"]
    forced = Transfer(0, GoDropTransfer.FORCED_OUT, 0, 3, 60, "forced out: 1 bright, hikariichi 48", 60)
    from hachihachi.interpreter.games.matching.rules import MatchingTransfer

    capture = Transfer(0, MatchingTransfer.CAPTURE_ROLES, 1, 2, 168, "capture role akatan+aotan", 168)
    text = "\n".join(Narrator(hana, names).lines([forced, capture]))
    assert "forced out: 1 bright, One Bright 48" in text and "hikariichi" not in text
    assert "capture role Red poetry ribbons+Blue ribbons" in text and "akatan" not in text


def test_T14_a_claimed_hand_is_told_by_its_roles_names_and_its_counted_cards(tmp_path):
    import yaml

    from hachihachi.cli.score import score

    sheet = tmp_path / "s.yaml"
    sheet.write_text(yaml.safe_dump({
        "ruleset": "hachihachi_trick", "players": ["ann", "bob", "cy", "dee", "eve"], "start": "ann",
        "rounds": [{"indicator": "5d", "declare": ["go", "go", "go"], "roles": {"dee": ["karasu"]},
                    "aces": {"dee": 1}, "tricks": {"ann": 4, "bob": 2, "cy": 1}}]}), encoding="utf-8")
    out = CliRunner().invoke(score, [str(sheet)]).output
    assert "claimed: dee からす Crow 1 ace" in out and "1 aces" not in out


def test_T14_a_forced_out_payments_counted_cards_read_as_the_narration_counts_them():
    from hachihachi.interpreter.engine.events import Transfer

    def told(rules, reason, lang="en"):
        pay = Transfer(0, GoDropTransfer.FORCED_OUT, 0, 3, 4, reason, 4)
        return "\n".join(Narrator(rules, ["ann", "bob", "cy", "dee"], lang).lines([pay]))

    trick, hana = load_ruleset("hachihachi_trick"), load_ruleset("hanafuda_go_drop")
    assert told(trick, "forced out: 2 ace, sanbon 2").endswith("forced out: 2 aces, Three of a Kind 2")
    assert told(trick, "forced out: 1 ace").endswith("forced out: 1 ace")
    assert told(trick, "forced out: 2 ace (all the payer has: 1)").endswith("forced out: 2 aces (all the payer has: 1)")
    assert told(hana, "forced out: 3 bright").endswith("forced out: 3 brights")
    assert "ace" not in told(trick, "forced out: 2 ace", "ja")
