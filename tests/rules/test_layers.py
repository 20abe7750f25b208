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


@pytest.mark.slow
@pytest.mark.parametrize("module", PURE_MODULES)
def test_module_imports_without_pygame(module):
    # A None entry in sys.modules makes any `import pygame` raise ImportError.
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        f"import {module}\n"
        "assert 'game.ui' not in sys.modules, 'pulled in the UI'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_blocking_trick_really_blocks_pygame():
    code = "import sys; sys.modules['pygame'] = None\nimport pygame\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    # ModuleNotFoundError is the ImportError subclass Python raises for a None entry.
    assert done.returncode != 0 and "ModuleNotFoundError" in done.stderr
