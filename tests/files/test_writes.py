"""What a write does to what is already at its path (``game.files.atomic_write_bytes``).

The rule: a write never replaces what is not a regular file. A named pipe or a device
the user named is written through (opened and written), anything else of the kind is
refused with a reason, and in both cases it is still there, the same kind of file,
afterwards. The special files are made in the test (a FIFO read by a thread, a
socket, a folder, links to them); the real ``/dev/null`` is never touched.
"""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import files
from game.files import WriteRefused, atomic_write_bytes, atomic_write_text
from game.formats import save_record
from game.records import RecordError
from game.settings import Settings, save_settings
from tests.files.hostile import PipeReader, is_fifo

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX files")


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "figure.svg"
    os.mkfifo(path)
    yield path
    if not os.path.exists(path):
        return
    # A reader thread still waiting for a writer is released by opening the other end.
    if stat.S_ISFIFO(os.stat(path).st_mode):
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def test_a_named_pipe_someone_reads_is_written_through(fifo: Path) -> None:
    reader = PipeReader(fifo)
    atomic_write_text(fifo, "<svg/>\n", special=True)
    assert reader.result() == b"<svg/>\n"
    assert is_fifo(fifo)
    assert [p.name for p in fifo.parent.iterdir()] == [fifo.name]  # no temporary left


def test_a_link_to_a_named_pipe_is_written_through_and_stays_a_link(fifo: Path) -> None:
    link = fifo.with_name("out.svg")
    link.symlink_to(fifo)
    reader = PipeReader(fifo)
    atomic_write_bytes(link, b"x" * 200_000, special=True)  # more than a pipe's buffer
    assert reader.result() == b"x" * 200_000
    assert link.is_symlink() and os.readlink(link) == str(fifo) and is_fifo(fifo)


def test_a_named_pipe_nobody_reads_is_refused_not_replaced(
        fifo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "READER_WAIT", 0.05)
    with pytest.raises(WriteRefused, match="no program reads"):
        atomic_write_text(fifo, "<svg/>", special=True)
    assert is_fifo(fifo)


def test_a_named_pipe_is_refused_where_a_file_belongs(fifo: Path) -> None:
    """Without ``special`` (a file Plies keeps for itself, a game saved from the window)
    a pipe is refused at once, before anything is opened."""
    with pytest.raises(WriteRefused, match="named pipe"):
        atomic_write_text(fifo, "{}")
    assert is_fifo(fifo)


def test_a_folder_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "kept.json").write_text("{}")
    for special in (False, True):
        with pytest.raises(WriteRefused, match="folder") as caught:
            atomic_write_text(folder, "{}", special=special)
        assert isinstance(caught.value, OSError) and caught.value.strerror == "it is a folder"
    assert folder.is_dir() and [p.name for p in folder.iterdir()] == ["kept.json"]


def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(WriteRefused, match="socket"):
            atomic_write_text(path, "{}", special=True)
        assert stat.S_ISSOCK(path.lstat().st_mode)
    finally:
        server.close()


def test_a_link_to_a_regular_file_replaces_that_file_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real" / "settings.json"
    target.parent.mkdir()
    target.write_text("old")
    target.chmod(0o600)
    link = tmp_path / "settings.json"
    link.symlink_to(target)
    atomic_write_text(link, "new")
    assert link.is_symlink() and target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in target.parent.iterdir()) == ["settings.json"]


def test_a_link_to_nothing_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "out.svg"
    link.symlink_to(tmp_path / "nowhere" / "x.svg")
    with pytest.raises(WriteRefused, match="does not exist"):
        atomic_write_text(link, "<svg/>", special=True)
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()


def test_a_game_saved_over_a_named_pipe_is_a_sentence_and_the_pipe_stays(fifo: Path) -> None:
    from game.records import record_from_game
    from game.rules import new_game
    from game.records import standard_players

    game = fifo.with_name("game.json")
    os.rename(fifo, game)
    with pytest.raises(RecordError) as caught:
        save_record(game, record_from_game(new_game("connect4"), standard_players()))
    assert "\n" not in str(caught.value) and "game.json" in str(caught.value)
    assert is_fifo(game)


def test_settings_over_a_named_pipe_are_not_saved_and_the_pipe_stays(fifo: Path) -> None:
    settings = fifo.with_name("settings.json")
    os.rename(fifo, settings)
    assert save_settings(Settings(), settings) is False
    assert is_fifo(settings)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")
def test_a_descriptors_link_to_a_file_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    """``--svg /dev/stdout > out.txt``: /dev/stdout is a link to ``/proc/self/fd/1``,
    which names out.txt. Replacing out.txt would leave the command's own output in a
    deleted file; the write is refused instead, and out.txt is as it was."""
    redirected = tmp_path / "out.txt"
    redirected.write_text("the command's output\n")
    with open(redirected, "a") as handle:
        stdout_like = tmp_path / "stdout"
        stdout_like.symlink_to(f"/proc/self/fd/{handle.fileno()}")
        with pytest.raises(WriteRefused, match="descriptor"):
            atomic_write_text(stdout_like, "<svg/>", special=True)
    assert redirected.read_text() == "the command's output\n" and stdout_like.is_symlink()


def test_settings_kept_through_a_link_are_read_and_saved_through_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.settings import load_settings, settings_path

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    dotfiles = tmp_path / "dotfiles" / "plies-settings.json"
    dotfiles.parent.mkdir()
    dotfiles.write_text('{"format": "plies-settings", "version": 1, "theme": "dark"}')
    link = settings_path()
    link.symlink_to(dotfiles)
    assert load_settings().theme == "dark"
    assert save_settings(Settings(theme="high-contrast")) is True
    assert link.is_symlink() and '"high-contrast"' in dotfiles.read_text()
    assert load_settings().theme == "high-contrast"
