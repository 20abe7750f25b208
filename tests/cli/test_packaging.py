"""Packaging: the Pythons Plies supports, pygame-ce, and the CI smoke test on each."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUPPORTED = ("3.11", "3.12", "3.13", "3.14", "3.15")


def _project() -> dict:
    return tomllib.loads(ROOT.joinpath("pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_classifiers_name_every_supported_python_and_the_readme_says_so():
    project = _project()
    versions = [c.rsplit(" :: ", 1)[1] for c in project["classifiers"]
                if c.startswith("Programming Language :: Python :: 3.")]
    assert tuple(versions) == SUPPORTED
    assert project["requires-python"] == ">=3.11"
    head = ROOT.joinpath("README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    assert "3.11 to 3.15" in head


def test_the_window_library_is_pygame_ce():
    """pygame (the original) has no wheels for 3.14+; both would fight over ``import pygame``."""
    assert any(d.lower().startswith("pygame-ce") for d in _project()["dependencies"])
    assert not any(d.split(">")[0].split("=")[0].strip().lower() == "pygame"
                   for d in _project()["dependencies"])
    import pygame

    assert getattr(pygame, "IS_CE", False)
    assert importlib.metadata.version("pygame-ce") == pygame.version.ver


def test_ci_smoke_tests_every_python_after_the_readme_command():
    lines = [line.strip() for line in ROOT.joinpath(".ci/run").read_text().splitlines()]
    readme_test = next(i for i, line in enumerate(lines) if ".venv/bin/python -m pytest" in line)
    assert "bash .ci/smoke-pythons" in lines[readme_test + 1:]
    script = ROOT.joinpath(".ci/smoke-pythons").read_text()
    assert "3.1[1-5]" in script and "/bin/pip\" install -q ." in script
    assert ".ci/smoke.py" in script


SCRIPTS = sorted(p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
                 for folder in ("ai/tools", "ai/tuning") for p in (ROOT / folder).glob("*.py")
                 if p.stem != "__init__")


def test_developer_scripts_are_not_installed():
    """setuptools' own package finder, given pyproject's include and exclude, leaves
    ai.tools and ai.tuning out of the wheel and keeps everything else."""
    from setuptools import find_packages

    found = tomllib.loads(ROOT.joinpath("pyproject.toml").read_text(encoding="utf-8"))
    rules = found["tool"]["setuptools"]["packages"]["find"]
    packages = set(find_packages(str(ROOT), include=rules["include"],
                                 exclude=rules.get("exclude", ())))
    assert not {p for p in packages if p.startswith(("ai.tools", "ai.tuning"))}
    assert {"ai", "ai.evaluators", "ai.endgame", "ai.explain", "game", "game.ui",
            "game.engines", "game.formats", "game.rules", "game.commands"} <= packages
    assert not {p for p in packages if p.startswith("tests")}


HELP_OF_EACH = """
import contextlib, io, json, runpy, sys, traceback

found = {}
for module in sys.argv[1:]:
    out, err, status = io.StringIO(), io.StringIO(), 0
    sys.argv = [module, "--help"]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:  # as `python -m MODULE --help` runs it
            runpy.run_module(module, run_name="__main__", alter_sys=True)
        except SystemExit as stop:
            status = 0 if stop.code is None else stop.code if isinstance(stop.code, int) else 1
        except BaseException:
            traceback.print_exc()
            status = 1
    found[module] = {"status": status, "stdout": out.getvalue(), "stderr": err.getvalue()}
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def script_help() -> dict:
    """``MODULE --help`` of every developer script, from the repository (not installed),
    in one program of its own: a script's ``--help`` needs no fresh interpreter, and one
    started for each took a quarter of a CPU-second apiece."""
    done = subprocess.run([sys.executable, "-c", HELP_OF_EACH, *SCRIPTS], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("module", SCRIPTS)
def test_each_developer_script_still_runs_from_the_repository(module, script_help):
    done = script_help[module]
    assert done["status"] == 0, done["stderr"]
    assert "usage:" in done["stdout"]


@pytest.mark.slow
def test_the_ci_smoke_script_runs_against_this_code(tmp_path):
    """`.ci/smoke.py` is run by CI only after the suite, on other Pythons, so a change of
    the window's API (players became typed) broke it unseen: run it here, from a copy, so
    it takes this checkout for the installed package it insists on."""
    copy = tmp_path / ".ci" / "smoke.py"
    copy.parent.mkdir()
    copy.write_text(ROOT.joinpath(".ci/smoke.py").read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run([sys.executable, str(copy)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("smoke ok:"), done.stdout
