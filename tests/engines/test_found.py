"""Engines installed on the system, offered by name: only executables with the known
names count, PATH order wins, Plies' own brain is not offered, nothing is started."""

from __future__ import annotations

import os

import pytest

from game.engines import found
from game.engines.found import found_engines
from game.players import engine_name


def program(folder, name: str, executable: bool = True) -> str:
    path = folder / name
    path.write_text("#!/bin/sh\nexit 1\n")  # started, it would fail: it must not be
    path.chmod(0o755 if executable else 0o644)
    return str(path)


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setattr(found, "GAMES_DIRS", (str(tmp_path / "games"),))
    first, second, games = tmp_path / "bin1", tmp_path / "bin2", tmp_path / "games"
    for folder in (first, second, games):
        folder.mkdir()
    return first, second, games


def test_othello_engines_by_name_with_their_levels(folders):
    first, second, games = folders
    rhino = program(games, "gtp-rhino")  # Debian's place, off the PATH
    edax = program(second, "lEdax-x86-64-v2")
    program(first, "edax", executable=False)  # not executable: not an engine
    path = os.pathsep.join(map(str, (first, second)))
    engines = found_engines("othello", path)
    assert [e.menu_label for e in engines] == [
        "GRhino level 1 (GTP)", "GRhino level 2 (GTP)", "GRhino level 3 (GTP)",
        # not 4 nor 5: GRhino ignores the clock (test_gtp.py)
        "Edax level 1 (NBoard)", "Edax level 5 (NBoard)", "Edax level 10 (NBoard)"]
    assert engines[2].command == f"{rhino} -l 3"
    assert engines[3].command == f"{edax} -nboard -l 1"
    # Edax's weights where its own layout puts them (data/ beside bin/) are passed on:
    # Edax looks for data/eval.dat from the folder Plies runs in.
    (second.parent / "data").mkdir()
    (second.parent / "data" / "eval.dat").write_bytes(b"")
    weights = second.parent / "data" / "eval.dat"
    assert found_engines("othello", path)[3].command == \
        f"{edax} -nboard -eval-file {weights} -l 1"
    # and its opening book, when installed there too
    (second.parent / "data" / "book.dat").write_bytes(b"")
    book = second.parent / "data" / "book.dat"
    assert found_engines("othello", path)[3].command == \
        f"{edax} -nboard -eval-file {weights} -book-file {book} -l 1"
    assert found_engines("connect4", path) == []


def test_gomocup_brains_on_the_path_first_one_wins(folders):
    first, second, _ = folders
    rapfi = program(first, "pbrain-rapfi")
    program(second, "pbrain-rapfi")
    program(second, "pbrain-plies")  # Plies itself
    program(second, "pbrain-")
    engines = found_engines("gomoku", os.pathsep.join(map(str, (first, second, "/nonexistent"))))
    assert [(e.label, e.command, e.protocol) for e in engines] == [("Rapfi", rapfi, "pbrain")]


def test_a_folder_with_a_space_gives_a_command_that_splits_right(folders):
    import shlex

    first, _, _ = folders
    spaced = first / "my engines"
    spaced.mkdir()
    rhino = program(spaced, "gtp-rhino")
    [one, *_] = found_engines("othello", str(spaced))
    assert shlex.split(one.command) == [rhino, "-l", "1"]


def test_the_label_never_shows_the_command_line():
    assert engine_name("/usr/games/gtp-rhino -l 5") == "GRhino level 5"
    assert engine_name("/home/me/edax -nboard -l 12 -eval-file /x/eval.dat") == "Edax level 12"
    assert engine_name("/home/me/pbrain-rapfi --secret") == "Rapfi"
    assert engine_name("/opt/x/brain --token abc") == "brain"


def test_doctest():
    import doctest

    assert doctest.testmod(found).failed == 0
