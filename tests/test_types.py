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
def test_mypy_finds_no_error(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"),
         "--no-error-summary", "--hide-error-context"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors == [] and done.returncode == 0, done.stdout + done.stderr
