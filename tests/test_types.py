"""The types are checked, not just written (issue 33): mypy over ``game`` and ``ai``
with the settings of ``pyproject.toml`` (strict for the rules, the search library and
the engine adapters, mypy's default checks elsewhere) finds no error.

Run by itself: ``.venv/bin/mypy`` from the project's folder.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy comes with the test extra: pip install '.[test]'")


@pytest.mark.slow
def test_mypy_finds_no_error() -> None:
    # mypy's own cache in the project (.mypy_cache, ignored by git), shared with a mypy run
    # by hand: a fresh clone checks everything (about 17 s of a core), a second run only
    # what changed (about 3 s).
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--hide-error-context"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors == [] and done.returncode == 0, done.stdout + done.stderr
