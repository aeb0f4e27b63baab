"""``hachi sweep --set parameters.NAME``: only a parameter the file declares (docs/effects.md, Parameters)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.loader import load_variant

RULES = """extends: hachihachi_trick
name: bonus
parameters: {sweep_bonus: 5, blank_fee: 2}
effects:
  - name: bonus
    when: after_play
    do:
      - pay: {from: each seat, to: "each goer where tricks == 7", amount: "parameter.sweep_bonus + parameter.blank_fee"}
"""


@pytest.fixture
def rules(tmp_path):
    path = tmp_path / "bonus.yaml"
    path.write_text(RULES, encoding="utf-8")
    return str(path)


def test_a_misspelt_parameter_is_refused_with_the_one_meant(rules):
    res = CliRunner().invoke(cli, ["sweep", rules, "--set", "parameters.sweep_bonuz=1,2", "--games", "1"])
    assert res.exit_code == 2
    assert res.output.strip() == ("--set parameters.sweep_bonuz: error: unknown parameter 'sweep_bonuz' in "
                                  "parameters; did you mean 'sweep_bonus'?")


def test_a_parameter_the_file_lacks_is_refused_with_those_it_has(rules):
    with pytest.raises(RuleFileError) as refused:
        load_variant(rules, (("parameters.nope", 1),))
    assert refused.value.message == "unknown parameter 'nope' in parameters (the parameters: blank_fee, sweep_bonus)."
    with pytest.raises(RuleFileError, match=r"\(the file has no parameters\)"):
        load_variant("hachihachi_trick", (("parameters.nope", 1),))


def test_a_parameter_the_file_has_is_swept(rules):
    assert dict(load_variant(rules, (("parameters.sweep_bonus", 9),)).parameters) == {"sweep_bonus": 9, "blank_fee": 2}
