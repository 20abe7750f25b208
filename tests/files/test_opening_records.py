"""Swap and swap2 openings in the files that are not JSON.

* ``.txt`` keeps the opening in a ``# opening: KIND CHOICE...`` line, a comment to
  any other reader, so a game saved mid-opening resumes there;
* ``.psq`` has no place for it (nor for the rule): the file is not changed, and the
  save says in one clause what it left out.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.formats import psq
from game.records import GameRecord, RecordError, computer, human, record_from_game
from game.formats import load_record, save_record
from game.formats.text import record_to_text
from game.rules import Gomoku
from game.rules.openings import Opening

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


def swap2_record(moves: str, choices: list[str] | None,
                 rule: str = "freestyle") -> GameRecord:
    """A Gomoku record; with ``choices``, played with a swap2 opening that made them."""
    game = Gomoku(15, rule=rule)
    game.play_moves(moves)
    record = record_from_game(game, [computer(3), human()])
    if choices is not None:
        record.opening = {"kind": "swap2", "choices": choices}
        Opening.replay(record.opening, game.ply)  # the fixture is a possible opening
    return record


@pytest.mark.parametrize("moves, choices", [
    ("h8 h9 i9", []),                                 # saved before Second chose
    ("h8 h9 i9 j10 g7", ["place-two"]),               # before First chose again
    ("h8 h9 i9 j10 g7 g8", ["place-two", "white"]),   # decided, the game goes on
    ("h8 h9 i9 j10", ["white"]),
])
def test_text_keeps_the_opening(tmp_path, moves, choices):
    record = swap2_record(moves, choices)
    path = tmp_path / "game.txt"
    assert save_record(path, record) is None  # nothing to tell: all is kept
    text = path.read_text()
    assert f"# opening: swap2 {' '.join(choices)}".rstrip() in text.splitlines()
    again = load_record(path)
    assert again == record and again.opening == {"kind": "swap2", "choices": choices}


def test_the_opening_line_is_a_comment_to_a_reader_that_does_not_know_it(tmp_path):
    """Without the line the file reads as before (moves, players): only the opening
    is new, and a reader that skips ``#`` lines it does not know loses just that."""
    record = swap2_record("h8 h9 i9 j10", ["white"])
    lines = record_to_text(record).splitlines()
    without = "\n".join(line for line in lines if not line.startswith("# opening:")) + "\n"
    path = tmp_path / "old.txt"
    path.write_text(without)
    old = load_record(path)
    assert (old.moves, old.players, old.opening) == (record.moves, record.players, None)


@pytest.mark.parametrize("line, message", [
    ("# opening: swap2 purple", "line 2 of"),
    ("# opening: swap2 black", "line 2 of"),       # a choice due after the 3rd stone...
    ("# Opening : SWAP white\n# opening: swap white", "the opening is given twice"),
])
def test_a_bad_opening_line_is_one_sentence(tmp_path, line, message):
    path = tmp_path / "bad.txt"
    path.write_text(f"# game: gomoku size=15 rule=freestyle\n{line}\nh8 h9\n")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_only_a_line_naming_a_swap_before_the_moves_is_an_opening(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("# game: gomoku size=15 rule=freestyle\n# opening: the Sun, direct\n"
                    "h8 h9 i9\n# opening: swap2\n")
    assert load_record(path).opening is None
    othello = tmp_path / "othello.txt"
    othello.write_text("# game: othello\n# opening: swap\nf5d6\n")
    with pytest.raises(RecordError, match="only Gomoku games have a swap opening"):
        load_record(othello)


@pytest.mark.parametrize("rule, choices, lost", [
    ("freestyle", None, None),
    ("freestyle", ["white"], "the swap2 opening"),
    ("renju", None, "the renju rule"),
    ("standard", ["white"], "the swap2 opening and the standard rule"),
])
def test_psq_says_what_it_does_not_keep(tmp_path, rule, choices, lost):
    record = swap2_record("h8 h9 i9 j10", choices, rule=rule)
    path = tmp_path / "game.psq"
    said = save_record(path, record)
    assert said == lost
    # The file is Piskvork's, with nothing added: header and one line a move.
    assert path.read_text().splitlines()[1:] == ["8,8,0", "8,7,0", "9,7,0", "10,6,0"]
    assert load_record(path).moves == record.moves


def test_plies_show_to_psq_says_it_on_stderr(tmp_path):
    source = tmp_path / "g.txt"
    save_record(source, swap2_record("h8 h9 i9 j10", ["white"]))
    shown = subprocess.run([sys.executable, "-m", "game", "show", str(source), "--to", "psq"],
                           capture_output=True, text=True, cwd=ROOT,
                           env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                "XDG_CONFIG_HOME": str(tmp_path)})
    assert shown.returncode == 0
    assert shown.stdout.splitlines()[1:] == ["8,8,0", "8,7,0", "9,7,0", "10,6,0"]
    assert shown.stderr == ("plies: note: a .psq file cannot hold the swap2 opening: only "
                            "the moves are in it\n")
