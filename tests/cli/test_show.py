"""``plies show FILE [--json]``: the record loader seen from outside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.records import computer, human, record_from_game
from game.formats import load_record, save_record
from game.formats.plies_json import record_to_json
from game.rules import new_game
from tests.files.hostile import HOSTILE_FILES, assert_one_sentence, run_plies


def finished_connect4():
    game = new_game("connect4")
    game.play_moves("4343434")  # Red's column 4 wins on the 7th move
    return game


def test_text_has_header_moves_diagram_and_result(tmp_path: Path, capsys) -> None:
    game = finished_connect4()
    path = tmp_path / "game.json"
    save_record(path, record_from_game(game, [human(), computer(3, "naive")]))
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Connect-4")
    assert "Red: human" in lines and "Yellow: computer level 3 (naive)" in lines
    assert "moves (7): 1. 4 3  2. 4 3  3. 4 3  4. 4" in lines
    *board, status = str(game).rstrip("\n").splitlines()
    assert "\n".join(board) + "\nresult: " in out  # the whole board, then the result
    assert status == "Red won (four in a row)" and status not in lines  # said once
    assert lines[-1] == f"result: Red wins ({game.outcome().reason})"


def _played_out(name: str, moves: str | None):
    """``moves`` played, or with ``None`` the first legal move each turn to the end."""
    game = new_game(name)
    if moves is not None:
        game.play_moves(moves)
    while moves is None and game.outcome() is None:
        game.play(game.legal_moves()[0])
    assert game.outcome() is not None
    return game


@pytest.mark.parametrize("name, moves", [("connect4", "4343434"),
                                         ("gomoku", "h8 a1 i8 a2 j8 a3 k8 a4 l8"),
                                         ("othello", None)])
def test_the_result_is_said_once_after_the_board(tmp_path: Path, capsys, name,
                                                 moves) -> None:
    """Each game's diagram ends with its own status line (whose turn or the outcome);
    ``show`` prints the board without it, then one ``result:`` line."""
    game = _played_out(name, moves)
    path = tmp_path / "game.json"
    save_record(path, record_from_game(game, [human(), human()]))
    assert main(["show", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    *board, status = str(game).rstrip("\n").splitlines()
    assert lines[-1 - len(board):-1] == board
    assert status not in lines
    said = [line for line in lines if "win" in line.lower() or "draw" in line.lower()]
    assert said == [lines[-1]] and lines[-1].startswith("result: "), said
    winner = game.outcome().winner
    assert (f"{game.side_names[winner]} wins" if winner is not None else "draw") in said[0]


@pytest.mark.parametrize("moves, choices, line", [
    ("h8 h9 i9", [], "opening: swap2 (no choice made yet)"),
    ("h8 h9 i9 j10 g7", ["place-two", "white"], "opening: swap2 (place-two, white)"),
])
def test_a_swap_opening_is_shown_with_its_choices(tmp_path: Path, capsys, moves, choices,
                                                   line) -> None:
    game = new_game("gomoku")
    game.play_moves(moves)
    record = record_from_game(game, [human(), computer(3)])
    record.opening = {"kind": "swap2", "choices": choices}
    path = tmp_path / "game.txt"
    save_record(path, record)
    assert main(["show", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == line


def test_unfinished_othello_from_a_text_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.txt"
    path.write_text("# game: othello\nf5d6c3\n")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "moves (3): 1. f5 d6  2. c3" in out
    assert out.splitlines()[-1] == "result: unfinished, White to move"
    assert out.count("to move") == 1  # not the diagram's status line too


def test_json_is_the_validated_record(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.txt"
    path.write_text("# game: connect4 width=5 height=4 connect=3\n1 2 1 2 1\n")
    assert main(["show", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert out == record_to_json(load_record(path))
    data = json.loads(out)
    assert data["variant"] == {"width": 5, "height": 4, "connect": 3}
    assert data["result"]["winner"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "device", "directory", "dangling link", "oversized",
                                  "not utf-8", "nul byte", "nested"])
def test_hostile_files_give_one_sentence(tmp_path: Path, kind: str) -> None:
    path = HOSTILE_FILES[kind](tmp_path)
    done = run_plies("show", str(path))
    assert_one_sentence(done, contains=path.name)
    assert done.stdout == ""


@pytest.mark.parametrize("content, words", [
    ('{"format": "plies-game", "version": 1, "game": "connect4", "moves": "4453", '
     '"players": [{"type": "human"}, {"type": "computer", "eval": "../../etc/passwd"}]}',
     "evaluator"),
    ('{"format": "plies-game", "version": 1, "game": "connect4", "moves": 4453}', "moves"),
    ('{"format": "plies-game", "version": 2}', "newer version"),
    ("# game: connect4\n4444444\n", "line 2"),
])
def test_bad_records_give_status_2(tmp_path: Path, capsys, content: str, words: str) -> None:
    path = tmp_path / ("game.txt" if content.startswith("#") else "game.json")
    path.write_text(content)
    assert main(["show", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], captured.err
