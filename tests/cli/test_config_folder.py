"""A configuration folder that cannot be made (a plain file where it belongs): the
commands that do not need it work as without one, those that need it say so in one
sentence with status 2, and the file in the way is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import learning
from game.cli import main
from game.settings import Settings, config_dir, load_settings, save_settings
from tests.files.hostile import assert_one_error_line

MATCH = ["match", "connect4", "--width", "5", "--height", "4", "--connect", "3",
         "--a", "depth=1", "--b", "depth=1", "--games", "2"]


@pytest.fixture
def blocked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$XDG_CONFIG_HOME/plies`` is a plain file; returns it."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    in_the_way = tmp_path / "config" / "plies"
    in_the_way.write_text("not a folder\n")
    return in_the_way


def test_config_dir_names_the_folder_in_one_sentence(blocked: Path) -> None:
    from game.settings import ConfigFolderError

    with pytest.raises(ConfigFolderError) as caught:
        config_dir()
    message = str(caught.value)
    assert str(blocked) in message and "configuration folder" in message and "\n" not in message
    assert isinstance(caught.value, OSError)


def test_analyse_needs_no_folder(blocked: Path, capsys) -> None:
    assert main(["analyse", "connect4", "--moves", "44", "--depth", "2"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("best move: ") and captured.err == ""
    assert blocked.read_text() == "not a folder\n"


def test_match_writes_to_the_folder_given(blocked: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "records"
    assert main([*MATCH, "--out", str(out)]) == 0
    assert sorted(p.name for p in out.glob("game-*.json")) == ["game-1.json", "game-2.json"]


def test_match_without_a_folder_for_its_records_is_one_sentence(blocked: Path, capsys) -> None:
    assert main(MATCH) == 2
    line = assert_one_error_line(capsys.readouterr().err)
    assert "configuration folder" in line and str(blocked) in line
    assert blocked.read_text() == "not a folder\n"


def test_learn_starts_afresh_and_settings_are_the_defaults(blocked: Path) -> None:
    assert learning.load_progress() == learning.Progress()
    assert learning.save_progress(learning.Progress(lesson=2)) is False
    assert load_settings() == Settings()
    assert save_settings(Settings(theme="dark")) is False
    assert blocked.read_text() == "not a folder\n"
