"""Records of games from a set-up board (issue 14 §3): every game, JSON and text."""

from __future__ import annotations

import json

import pytest

from game.formats import load_record, save_record
from game.formats.plies_json import record_to_json
from game.formats.text import record_from_text, record_to_text
from game.players import Human
from game.records import RecordError, record_from_game, record_to_game, start_of
from game.rules import new_game, set_up

PEOPLE = [Human(), Human()]
_OTHELLO = new_game("othello")
_OTHELLO.play_moves("f5d6")  # Black to move, as a set-up Othello board defaults to
SET_UPS = [
    ("connect4", {}, "......./......./......./......./...O.../..XX...", "3"),
    ("connect4", {"width": 5, "height": 4, "connect": 3}, "...../...../...../.XO..", "22"),
    ("othello", {}, _OTHELLO.diagram(), "c3"),
    ("gomoku", {"rule": "renju"}, "/".join(["........."] * 4 + ["....X...."]
                                            + ["........."] * 4), "d4 e4"),
]


@pytest.mark.parametrize(("name", "variant", "board", "moves"), SET_UPS)
@pytest.mark.parametrize("suffix", [".json", ".txt"])
def test_set_up_games_round_trip(tmp_path, name, variant, board, moves, suffix):
    game = set_up(name, board, **variant)
    start_turn = game.turn
    game.play_moves(moves)
    record = record_from_game(game, PEOPLE)
    assert record.start == {"board": set_up(name, board, **variant).diagram(),
                            "turn": start_turn}
    path = tmp_path / f"g{suffix}"
    save_record(path, record)
    if suffix == ".txt":
        assert "# start: " in path.read_text()
    loaded = load_record(path)
    assert loaded.start == record.start and loaded.moves == record.moves
    again = record_to_game(loaded)
    assert again.key() == game.key() and again.move_stack == game.move_stack
    while again.move_stack:  # undo stops at the set-up board
        again.pop()
    assert again.diagram() == set_up(name, board, **variant).diagram()


def test_a_usual_start_has_no_start_field_and_old_records_load():
    game = new_game("gomoku", size=9)
    game.play_moves("e5 d4")
    assert start_of(game) is None
    data = json.loads(record_to_json(record_from_game(game, PEOPLE)))
    assert "start" not in data
    text = record_to_text(record_from_game(game, PEOPLE))
    assert "# start" not in text
    assert record_from_text("# game: connect4\n4453\n").start is None


@pytest.mark.parametrize(("start", "message"), [
    ({"board": "......./......./......./......./X....../.......", "turn": 1},
     "floating above an empty cell"),
    ({"board": "......./......./......./......./......./XXX....", "turn": 1}, "alternate"),
    ({"board": "......./......./......./......./......./X......", "turn": 0},
     "it is Yellow's turn"),
    ({"board": "..../..../..../....", "turn": 0}, "the diagram is 4 columns wide, not 7"),
    ({"board": "......./......./......./......./......./X......", "turn": 2}, "must be"),
    ({"board": ["X"], "turn": 1}, "must be"),
    ({"board": "." * 5000, "turn": 0}, "too long"),
    ({"board": "X", "turn": 0, "extra": 1}, "must be"),
])
def test_json_start_is_validated_strictly(tmp_path, start, message):
    base = {"format": "plies-game", "version": 1, "game": "connect4", "moves": "",
            "start": start}
    (tmp_path / "s.json").write_text(json.dumps(base))
    with pytest.raises(RecordError, match=message):
        load_record(tmp_path / "s.json")


def test_text_start_is_validated_and_needs_the_game(tmp_path):
    with pytest.raises(RecordError, match="it is Yellow's turn"):
        record_from_text("# game: connect4\n# start: ......./......./......./......./"
                         "......./X...... X\n")
    with pytest.raises(RecordError, match="does not say which game"):
        record_from_text("# start: ......./......./......./......./......./X...... O\n4\n",
                         default_game="connect4")
    record = record_from_text("# game: connect4\n# start: ......./......./......./"
                              "......./......./X...... O\n4\n")
    assert record.start == {"board": "......./......./......./......./......./X......",
                            "turn": 1}
    assert record.moves == ["4"]
