"""``plies review``: the table, the JSON lines, and one sentence with status 2 for bad files."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.formats import save_record
from game.records import computer, human, record_from_game
from game.rules import new_game
from tests.ai.test_review import C4_WON


def _saved(tmp_path, name: str, moves: str, game_name: str = "connect4") -> str:
    game = new_game(game_name)
    game.play_moves(moves)
    path = tmp_path / name
    save_record(path, record_from_game(game, [human(), computer(3)]))
    return str(path)


@pytest.mark.slow
def test_json_has_one_object_per_move_then_a_summary(tmp_path, capsys) -> None:
    path = _saved(tmp_path, "blunder.json", C4_WON + "4")
    assert main(["review", path, "--depth", "2", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    moves, summary = lines[:-1], lines[-1]
    assert [m["ply"] for m in moves] == list(range(1, 24))
    for m in moves:
        assert {"ply", "move", "label", "best", "exact", "score_before", "score_after",
                "chance_before", "chance_after"} <= set(m)
        assert m["type"] == "move"
    last = moves[-1]
    assert (last["move"], last["best"], last["label"], last["exact"]) == ("4", "5", "blunder", True)
    assert last["verdict"] == "turned a win into a loss"
    assert last["score_before"] > 0 > last["score_after"]
    assert summary["type"] == "summary" and summary["moves"] == 23
    red, yellow = summary["sides"]
    assert red["side"] == "Red" and red["counts"]["blunder"] >= 1
    assert sum(red["counts"].values()) == red["moves"] == 12
    assert sum(yellow["counts"].values()) == yellow["moves"] == 11
    assert 0 <= red["accuracy"] <= 100


def test_text_table_and_summary(tmp_path, capsys) -> None:
    path = _saved(tmp_path, "game.txt", "4453526771")
    assert main(["review", path, "--depth", "2"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == 10
    assert "Red (human): accuracy" in out and "Yellow (computer level 3): accuracy" in out
    assert "inaccuracy ≥ 10, mistake ≥ 20, blunder ≥ 30" in out


def test_time_limit_and_bare_move_list_with_game(tmp_path, capsys) -> None:
    path = tmp_path / "bare.txt"
    path.write_text("f5 d6 c3\n", encoding="utf-8")
    assert main(["review", str(path), "--game", "othello", "--time", "0.05", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and json.loads(lines[0])["move"] == "f5"


C4_RECORD = ('{"format": "plies-game", "version": 1, "game": "connect4", "variant": {},'
             ' "moves": "4453", "players": [{"type": "human"}, {"type": "human"}],'
             ' "result": null}')


@pytest.mark.parametrize("content, args, words", [
    (None, [], "does not exist"),
    ("{not json", [], "bad.json"),
    ('{"format": "plies-game", "version": 1, "game": "connect4", "variant": {},'
     ' "moves": "4444444", "players": [{"type": "human"}, {"type": "human"}],'
     ' "result": null}', [], "move 7"),
    ("4453", ["--depth", "0"], "depth"),
    ("4453", ["--game", "chess"], "chess"),
    # A Connect-4 record is not reviewed as Othello, nor is --game ignored in silence.
    (C4_RECORD, ["--game", "othello"],
     "bad.json holds a connect4 game, not othello (--game names the game of a bare move list)"),
])
def test_bad_input_is_one_sentence_and_status_2(tmp_path, capsys, content, args, words) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["review", str(path), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("plies: error: ") and words in lines[0]
