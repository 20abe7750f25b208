"""The results tally file: counting, strict loading, atomic writes."""

from __future__ import annotations

import json

import pytest

from game import tally as tally_module
from game.tally import Tally, load_tally, record_result, save_tally, tally_path


@pytest.fixture(autouse=True)
def _config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))


def test_counts_survive_a_save_and_a_load():
    record_result("othello", 4, "win")
    record_result("othello", 4, "loss")
    record_result("othello", 4, "loss")
    record_result("connect4", 8, "draw")
    loaded = load_tally()
    assert loaded.get("othello", 4) == (1, 0, 2)
    assert loaded.get("connect4", 8) == (0, 1, 0)
    assert loaded.get("gomoku", 1) == (0, 0, 0)
    assert loaded.total("othello") == (1, 0, 2)
    data = json.loads(tally_path().read_text())
    assert data == {"format": "plies-results", "version": 1,
                    "games": {"connect4": {"8": [0, 1, 0]}, "othello": {"4": [1, 0, 2]}}}


@pytest.mark.parametrize("game, level, result", [
    ("chess", 4, "win"), ("othello", 9, "win"), ("othello", 0, "win"),
    ("othello", 4, "resign")])
def test_adding_nonsense_is_refused(game, level, result):
    with pytest.raises(ValueError):
        Tally().add(game, level, result)


@pytest.mark.parametrize("content", [
    "", "not json", "[]", '{"format": "plies-game"}', "\xff\xfe",
    '{"format": "plies-results", "version": 2, "games": {}}',
    '{"format": "plies-results", "version": 1, "games": []}',
])
def test_an_unreadable_file_gives_an_empty_tally(content):
    tally_path().write_bytes(content.encode("latin-1"))
    assert load_tally().is_empty()


def test_bad_entries_are_dropped_one_by_one():
    games = {"othello": {"4": [1, 2, 3], "9": [1, 1, 1], "x": [1, 1, 1], "5": [1, 2],
                         "6": [1, True, 0], "7": [-1, 0, 0], "3": [1.5, 0, 0]},
             "chess": {"1": [1, 0, 0]}, "gomoku": [1, 2, 3], "connect4": {"2": [0, 0, 7]}}
    tally_path().write_text(json.dumps({"format": "plies-results", "version": 1,
                                        "games": games}))
    loaded = load_tally()
    assert loaded.counts == {"othello": {4: [1, 2, 3]}, "connect4": {2: [0, 0, 7]}}


def test_a_huge_file_is_not_read(monkeypatch):
    monkeypatch.setattr(tally_module, "MAX_FILE_BYTES", 10)
    record_result("othello", 1, "win")
    assert load_tally().is_empty()


def test_a_failed_write_leaves_the_old_file(monkeypatch):
    record_result("gomoku", 2, "win")
    before = tally_path().read_text()

    def broken(path, text):
        raise OSError("disk full")

    monkeypatch.setattr(tally_module, "atomic_write_text", broken)
    tally = load_tally()
    tally.add("gomoku", 2, "win")
    assert save_tally(tally) is False
    assert tally_path().read_text() == before
