"""Dependencies point one way: ``game.rules`` and ``ai`` load with pygame blocked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PURE_MODULES = [
    "game.rules", "game.rules.perft", "ai.search", "ai.worker", "ai.levels",
    "ai.evaluators", "ai.evaluators.connect4", "ai.evaluators.othello",
    "ai.evaluators.gomoku", "ai.endgame", "ai.explain.winchance", "ai.explain.why",
    "ai.explain.tree", "game.tally", "game.files", "ai.tools.soak",
    # The protocol adapters and file formats run headless (managers start them).
    "game.engines.pbrain", "game.engines.nboard", "game.engines.external",
    "game.formats.psq", "game.formats.ggf", "game.formats.obf",
]


# One interpreter imports them all in turn: a module that needs pygame fails at its own
# import (pygame is blocked for all), and one that pulls in the window is seen right after
# it; what a culprit loaded is dropped again, so each module is judged as a process of its
# own would judge it.
IMPORT_EACH = """
import importlib, sys, traceback
sys.modules['pygame'] = None  # a None entry makes any `import pygame` raise ImportError
for name in sys.argv[1:]:
    before = set(sys.modules)
    try:
        importlib.import_module(name)
        problem = 'pulled in the UI' if 'game.ui' in sys.modules else None
    except Exception:
        problem = traceback.format_exc(limit=-1).strip().splitlines()[-1]
    if problem:
        print(name + ': ' + problem)
        for loaded in set(sys.modules) - before:
            del sys.modules[loaded]
"""


@pytest.mark.slow
def test_every_pure_module_imports_without_pygame():
    done = subprocess.run([sys.executable, "-c", IMPORT_EACH, *PURE_MODULES], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "", done.stdout


def test_the_blocking_trick_really_blocks_pygame():
    code = "import sys; sys.modules['pygame'] = None\nimport pygame\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    # ModuleNotFoundError is the ImportError subclass Python raises for a None entry.
    assert done.returncode != 0 and "ModuleNotFoundError" in done.stderr
