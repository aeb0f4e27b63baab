"""Build settings beside pyproject.toml (which holds everything else): the opt-in compiled engine.

``pip install .`` installs the pure-Python package, the reference. ``HACHIHACHI_MYPYC=1 pip install .``
also compiles the engine's modules (:data:`ENGINE`) with mypyc, the same source, as black and mypy
ship theirs; the compiled modules sit beside their sources and Python imports them first.
``docs/compiled.md`` tells how to build, test and measure it.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

# The engine: GameState, the table, the phases of a round (with the effects and settlement phases)
# and trick play. Code that mostly reads Python objects runs as fast as Python 3.11's own bytecode,
# or faster (measured: the driver of bot games, botgame.summarise, ran 2.5 times slower compiled;
# the random bot, the expressions and ruleset/effects/ gained nothing): not compiled. Not the actions and
# events (actions.py, events.py): they stay Python classes, so that a bad action (a card that is not
# an int) is refused by the engine in the same words on both builds (actions.malformed reads the
# fields' declared types before compiled code reads the fields), and the log holds chance and the
# pot as Party. Not (yet) hanafuda's phases; not the role evaluator (ruleset/roles.py compiles, and
# runs slower) nor the effects' actions (a compiled Pay does not load: its dataclass takes its class
# variables for fields). docs/compiled.md says why of each.
ENGINE = [
    "interpreter/parts/go_drop/state.py",
    "interpreter/engine/state.py",
    "interpreter/engine/round_phases.py",
    "interpreter/engine/gamestate.py",
    "interpreter/engine/phases/base.py",
    "interpreter/engine/phases/rolecache.py",
    "interpreter/engine/phases/chance.py",
    "interpreter/engine/draws.py",
    "interpreter/games/tricks/deal.py",
    "interpreter/games/tricks/mizuten_call.py",
    "interpreter/parts/go_drop/declarations.py",
    "interpreter/parts/go_drop/forced_out.py",
    "interpreter/parts/go_drop/two_goer_choice.py",
    "interpreter/parts/go_drop/one_goer_pot.py",
    "interpreter/parts/go_drop/role_settlement.py",
    "interpreter/engine/phases/play_phase.py",
    "interpreter/engine/playengine.py",
    "interpreter/games/tricks/play.py",
    "interpreter/engine/phases/effects.py",
    "interpreter/games/matching/play.py",
]


def compiled() -> list[object]:
    """The mypyc extensions of :data:`ENGINE`, named as installed (``hachihachi.interpreter...``):
    mypy reads the modules through ``.typing/hachihachi`` (one symlink per top-level folder)."""
    from mypyc.build import mypycify

    os.environ["MYPYPATH"] = ".typing"
    options = ["--config-file=", "--explicit-package-bases", "--python-version=3.10", "--ignore-missing-imports"]
    return list(mypycify(options + [os.path.join(".typing", "hachihachi", p) for p in ENGINE], opt_level="3"))


# What the compiled build needs besides setuptools: mypy (which brings mypyc) and the type hints of
# the libraries the engine's modules import (mypyc type-checks them). pip installs these into its
# isolated build environment when it asks for the build's requirements (``setup_requires``).
COMPILER = ["mypy>=1.10", "types-PyYAML", "types-jsonschema"]

# Only a build compiles: pip first asks for the package's metadata (``dist_info``/``egg_info``),
# which the extensions do not change, and mypyc would type-check and generate the C code twice.
MYPYC = os.environ.get("HACHIHACHI_MYPYC") == "1"
METADATA_ONLY = bool({"dist_info", "egg_info"} & set(sys.argv[1:]))
setup(ext_modules=compiled() if MYPYC and not METADATA_ONLY else [], setup_requires=COMPILER if MYPYC else [])
