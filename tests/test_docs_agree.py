"""The documents agree with each other and with the rule files they describe."""

import re
from pathlib import Path

from hachihachi.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent


def _section(text: str, heading: str) -> str:
    body = text[text.index(heading) + len(heading):]
    return body[:body.index("\n## ")] if "\n## " in body else body


def test_T5_T7_T8_what_effects_cannot_do_sends_the_deal_settings_to_the_files_that_make_them():
    """docs/effects.md says effects do not change the deal or the play; the settings that do
    (docs/house-rules.md: trump: none, indicator: dealer_hand, first_dealer: draw) are named
    there, not said to be impossible, and the file it names for a no-trump 2 loads."""
    effects = (ROOT / "docs" / "effects.md").read_text(encoding="utf-8")
    house = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    cannot = " ".join(_section(effects, "## What effects cannot do").split())
    for setting in ("trump: none", "indicator: dealer_hand", "first_dealer: draw"):
        assert setting in house and setting in cannot, setting
    assert "who deals first; only" not in cannot and "(no trump when the turned card is a 2; where" not in cannot
    (named,) = re.findall(r"`(tests/house_rules/variants/[a-z0-9_]+\.yaml)`", cannot)
    fields = {f.id: f for f in load_ruleset(str(ROOT / named)).fields}
    assert fields["no_trump"].ranks == ("2",)           # tests/house_rules/test_trick_fields.py plays it


def test_the_carried_capture_role_is_said_to_be_paid_once_as_the_house_file_pays_it():
    effects = " ".join((ROOT / "docs" / "effects.md").read_text(encoding="utf-8").split())
    assert "is paid **once**, in the **next** round instead of its own" in effects
    assert "it is moved, not paid again" in effects
