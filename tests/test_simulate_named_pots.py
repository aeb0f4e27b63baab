"""``hachi simulate`` measures each named pot (``pots:``): what it holds at the game's end and
how often it paid seats out; a game without named pots has no such measure."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hachihachi.cli.simulate import simulate as simulate_cli
from hachihachi.interpreter.runs.simulate import simulate

JACKPOT = str(Path(__file__).resolve().parent / "house_rules" / "variants" / "fx_jackpot.yaml")


def test_H17_the_jackpot_is_measured_at_the_end_and_by_its_payouts():
    """fx_jackpot: the jackpot is won whole in a round with 四光 / 五光 (a payout each) and shared
    at a game's end (one more, unless the last round emptied it); 36 a round divides by 3, so
    nothing is left at the end."""
    s = simulate(JACKPOT, 20, players=3, seed=1)
    data = s.as_json()
    assert list(data["pots"]) == ["jackpot"]
    won = s.effects["jackpot won"]
    assert data["pots"]["jackpot"]["mean_at_end"] == 0.0 and won > 0
    shares = data["pots"]["jackpot"]["paid_out"] - won          # the game_end shares: at most one a game
    assert 0 < shares <= 20
    assert "pots" not in simulate("hanafuda_hachihachi", 3, players=3, seed=1).as_json()


def test_the_text_and_the_comparison_name_the_named_pot(tmp_path):
    runner = CliRunner()
    text = runner.invoke(simulate_cli, ["--rules", JACKPOT, "-p", "3", "--games", "4", "--seed", "1"])
    assert text.exit_code == 0, text.output
    assert "named pot jackpot: mean left in it at the end 0.00; paid seats out" in text.output
    plain = runner.invoke(simulate_cli, ["--rules", "hanafuda_hachihachi", "-p", "3", "--games", "2", "--seed", "1"])
    assert "named pot" not in plain.output
    both = runner.invoke(simulate_cli, ["--compare", JACKPOT, "hanafuda_hachihachi", "-p", "3", "--games", "3",
                                        "--seed", "1", "--json"])
    assert both.exit_code == 0, both.output
    names = [m["name"] for m in json.loads(both.output)["measures"]]
    assert names[-1] == "named pots left at the end"
