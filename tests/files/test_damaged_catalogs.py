"""A damaged catalog in the installation (an empty or cut ``plies.mo``, a pipe or a huge
file in its place): that language falls back to English, and every command still runs.

The damage is done to a copy of the locale folder (``i18n.LOCALE_DIR`` pointed at it);
the installed catalogs are never touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game import i18n
from tests.files.hostile import ROOT, TIMEOUT

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX files")

REAL = i18n.catalog_path("de")
"""The installed German catalog (read, copied, never changed)."""
GERMAN_UNDO = "Zurück"
"""What the German catalog says for "Undo" (checked on the intact copy below)."""


def empty(path: Path) -> None:
    path.write_bytes(b"")


def header_only(path: Path) -> None:
    path.write_bytes(REAL.read_bytes()[:12])  # the magic number and a bit more


def cut_in_half(path: Path) -> None:
    path.write_bytes(REAL.read_bytes()[: REAL.stat().st_size // 2])


def last_string_cut(path: Path) -> None:
    path.write_bytes(REAL.read_bytes()[:-3])  # every table intact, the last string short


def not_a_catalog(path: Path) -> None:
    path.write_bytes(b"\xde\x12\x04\x95" + b"\xff" * 60)  # the magic, then nonsense


def named_pipe(path: Path) -> None:
    os.mkfifo(path)  # nobody writes: a blocking open or read would wait for good


def link_to_a_pipe(path: Path) -> None:
    os.mkfifo(path.with_name("pipe"))
    path.symlink_to(path.with_name("pipe"))


def huge(path: Path) -> None:
    with open(path, "wb") as handle:  # sparse: costs no disk
        handle.truncate(i18n.CATALOG_BYTES + 1)


def folder(path: Path) -> None:
    path.mkdir()


DAMAGE: dict[str, Callable[[Path], None]] = {
    "empty": empty, "header only": header_only, "cut in half": cut_in_half,
    "last string cut": last_string_cut, "not a catalog": not_a_catalog,
    "named pipe": named_pipe, "link to a pipe": link_to_a_pipe, "huge": huge,
    "folder": folder,
}


@pytest.fixture
def locale_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the installed locale folder that ``game.i18n`` reads instead."""
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    yield copy
    i18n.set_language("en")


def test_the_intact_copy_speaks_german(locale_copy: Path) -> None:
    assert i18n.set_language("de") == "de" and i18n._("Undo") == GERMAN_UNDO


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_catalog_means_english(locale_copy: Path, kind: str) -> None:
    catalog = i18n.catalog_path("de")
    assert catalog.is_relative_to(locale_copy)
    catalog.unlink()
    DAMAGE[kind](catalog)
    assert i18n.set_language("de") == "en"
    assert i18n._("Undo") == "Undo" and i18n.current() == "en"
    assert i18n.translated("Undo", "de") == "Undo"
    assert i18n.set_language("fr") == "fr"  # the other catalogs still work


@pytest.mark.parametrize("kind", ["empty", "header only"])
def test_every_command_runs_in_english_with_the_catalog_damaged(tmp_path: Path,
                                                                kind: str) -> None:
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    catalog = copy / REAL.relative_to(i18n.LOCALE_DIR)
    catalog.unlink()
    DAMAGE[kind](catalog)
    program = ("import sys, game.i18n as i18n, pathlib; "
               f"i18n.LOCALE_DIR = pathlib.Path({str(copy)!r}); "
               "from game.cli import main; "
               "sys.exit(main(['tree', 'tictactoe', '--moves', 'b2', '--depth', '1']))")
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "de", "LANG": "de_DE"}
    done = subprocess.run([sys.executable, "-c", program], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0 and done.stderr == "", done.stderr[-2000:]
    assert done.stdout.startswith("alpha-beta search of depth 1")  # English
