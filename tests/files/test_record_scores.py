"""Records keep the evaluation graph (optional ``scores``); headerless move lists of
another game are recognised."""

from __future__ import annotations

import json

import pytest

from game.formats import load_record
from game.formats.plies_json import record_from_json, record_to_json
from game.formats.text import record_from_text, record_to_text
from game.records import RecordError, computer, human, record_from_game
from game.rules import new_game

PLAYERS = [human(), computer(4)]


def othello(moves: str = "f5d6c3"):
    game = new_game("othello")
    game.play_moves(moves)
    return game


def test_scores_round_trip_through_json():
    scores = [None, -40, 35, 10**6 - 7]
    record = record_from_game(othello(), PLAYERS, scores)
    data = json.loads(record_to_json(record))
    assert data["scores"] == scores
    back = record_from_json(record_to_json(record))
    assert back.scores == scores and back.moves == ["f5", "d6", "c3"]


def test_records_without_scores_still_load_and_write_none():
    record = record_from_game(othello(), PLAYERS)
    data = json.loads(record_to_json(record))
    assert "scores" not in data
    assert record_from_json(json.dumps(data)).scores is None
    data["scores"] = None
    assert record_from_json(json.dumps(data)).scores is None
    assert "scores" not in record_to_text(record_from_game(othello(), PLAYERS, [0, 1, 2, 3]))


@pytest.mark.parametrize("scores, words", [
    ([1, 2, 3], "must have 4 entries"),
    ([1, 2, 3, 4, 5], "must have 4 entries"),
    ("1 2 3 4", "must be a list"),
    ([1, 2, True, 4], "entry 3"),
    ([1, 2.5, 3, 4], "entry 2"),
    ([1, 2, 3, "4"], "entry 4"),
    ([1, 2, 3, 10**12], "entry 4"),
    ([[1], 2, 3, 4], "entry 1"),
])
def test_bad_scores_are_refused_in_one_sentence(scores, words):
    data = json.loads(record_to_json(record_from_game(othello(), PLAYERS)))
    data["scores"] = scores
    with pytest.raises(RecordError) as caught:
        record_from_json(json.dumps(data), name="g.json")
    message = str(caught.value)
    assert words in message and "'scores'" in message and message.count(". ") == 0
    with pytest.raises(RecordError):
        record_from_game(othello(), PLAYERS, scores if isinstance(scores, list) else [scores])


@pytest.mark.parametrize("text, default, expected, moves", [
    ("4453\n", "othello", "connect4", "4453"),
    ("f5 d6 c3\n", "connect4", "othello", "f5d6c3"),
    ("h8 h9 i8 j9\n", "othello", "gomoku", "h8 h9 i8 j9"),
    ("f5 d6 c3\n", "gomoku", "gomoku", "f5 d6 c3"),  # the current game is tried first
])
def test_headerless_text_is_tried_as_the_other_games(text, default, expected, moves):
    record = record_from_text(text, name="list.txt", default_game=default)
    assert record.game == expected
    game = new_game(expected)
    game.play_moves(moves)
    assert record.moves == [game.move_name(m) for m in game.move_stack]
    if expected != default:
        assert record.note and "list.txt" in record.note and "# game:" in record.note
    else:
        assert record.note is None


def test_headerless_text_no_game_takes_keeps_the_first_games_error(tmp_path):
    path = tmp_path / "junk.txt"
    path.write_text("zz9 qq\n")
    with pytest.raises(RecordError) as caught:
        load_record(path, default_game="othello")
    alone = None
    try:
        record_from_text("zz9 qq\n", name="junk.txt", default_game="othello")
    except RecordError as error:
        alone = str(error)
    assert str(caught.value) == alone


def test_a_header_is_never_second_guessed():
    with pytest.raises(RecordError):
        record_from_text("# game: othello\n4453\n", name="x.txt", default_game="othello")
