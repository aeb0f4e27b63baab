"""Play kinds are found through one registry and imported when used: a run of one play kind
imports none of another's modules."""

from __future__ import annotations

import json
import subprocess
import sys

from hachihachi.ruleset.kind_registry import KINDS, kind_part

TRICK_RUN = """
import json, sys, tempfile
from pathlib import Path
from hachihachi.interpreter.records.gamerecord import replay
from hachihachi.interpreter.runs.simulate import simulate
with tempfile.TemporaryDirectory() as out:
    summary = simulate("hachihachi_trick", 2, bots=("random", "heuristic"), seed=3, record_dir=out)
    replay(sorted(Path(out).glob("*.yaml"))[0])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("hachihachi.interpreter.games."))))
"""


def test_a_trick_game_run_imports_no_module_of_matching_play():
    out = subprocess.run([sys.executable, "-c", TRICK_RUN], capture_output=True, text=True, check=True).stdout
    imported = json.loads(out)
    assert "hachihachi.interpreter.games.tricks.kind" in imported
    assert [m for m in imported if ".games.matching." in m] == []      # its package only, for its schema part


def test_every_registered_kind_has_its_parts():
    for play in KINDS:
        assert kind_part(play, "rules").kind == play
        assert kind_part(play, "kind").kind == play
        assert kind_part(play, "screen").kind == play
