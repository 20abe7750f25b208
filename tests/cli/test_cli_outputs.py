"""The files a person names for a command's output (``plies tree --svg``, ``plies
exercise --svg/--answers``): a named pipe or a device is written through, never
replaced; what cannot be written is one sentence and status 2, and stays as it was.

The pipes are made in the test and read by a thread; ``/dev/null`` is never used.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import files
from game.cli import main
from tests.files.hostile import PipeReader, assert_one_error_line, is_fifo

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX files")

TREE = ["tree", "tictactoe", "--moves", "b2", "--depth", "1"]


def pipe(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_tree_svg_into_a_named_pipe_is_written_through(tmp_path: Path, capsys) -> None:
    fifo = pipe(tmp_path / "tree.svg")
    reader = PipeReader(fifo)
    assert main([*TREE, "--svg", str(fifo)]) == 0
    figure = reader.result().decode()
    assert figure.lstrip().startswith(("<?xml", "<svg")) and figure.rstrip().endswith("</svg>")
    assert is_fifo(fifo) and list(tmp_path.iterdir()) == [fifo]


def test_exercise_sheet_and_key_through_a_pipe_and_a_link_to_one(tmp_path: Path, capsys) -> None:
    sheet = pipe(tmp_path / "sheet.svg")
    key = pipe(tmp_path / "key-pipe")
    link = tmp_path / "key.svg"
    link.symlink_to(key)
    readers = PipeReader(sheet), PipeReader(key)
    assert main(["exercise", "minimax", "--game", "tictactoe", "--moves", "b2", "--seed", "1",
                 "--svg", str(sheet), "--answers", str(link)]) == 0
    for reader in readers:
        assert reader.result().rstrip().endswith(b"</svg>")
    assert is_fifo(sheet) and is_fifo(key) and link.is_symlink()


def test_a_pipe_nobody_reads_is_one_sentence_and_stays_a_pipe(
        tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "READER_WAIT", 0.05)
    fifo = pipe(tmp_path / "tree.svg")
    assert main([*TREE, "--svg", str(fifo)]) == 2
    line = assert_one_error_line(capsys.readouterr().err)
    assert "tree.svg" in line and "no program reads" in line
    assert is_fifo(fifo)


def test_a_folder_is_one_sentence_and_keeps_what_it_holds(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "out.svg"
    folder.mkdir()
    (folder / "mine.txt").write_text("kept")
    assert main([*TREE, "--svg", str(folder)]) == 2
    assert "folder" in assert_one_error_line(capsys.readouterr().err)
    assert [p.name for p in folder.iterdir()] == ["mine.txt"]
