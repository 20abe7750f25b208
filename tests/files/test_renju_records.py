"""Renju games in records: the rule round-trips, a forbidden move is refused in one
sentence, and a game White won because Black had only forbidden points replays."""

from __future__ import annotations

import pytest

from game.formats import load_record, save_record
from game.formats.text import record_from_text
from game.records import RecordError, record_from_game, record_to_game, standard_players
from game.rules.gomoku import Gomoku
from tests.rules.test_renju import STUCK_MOVES


def test_a_renju_game_round_trips(tmp_path) -> None:
    game = Gomoku(9, "renju")
    game.play_moves("c5 a1 d5 a9 e6 i9 e7 i1")
    path = tmp_path / "renju.json"
    save_record(path, record_from_game(game, standard_players()))
    back = record_to_game(load_record(path))
    assert back.variant() == {"size": 9, "rule": "renju"}
    assert back.forbidden_points() == game.forbidden_points() != {}


def test_a_forbidden_move_in_a_record_is_refused_in_one_sentence() -> None:
    text = "# game: gomoku size=9 rule=renju\nc5 a1 d5 a9 e6 i9 e7 i1 e5\n"
    with pytest.raises(RecordError, match="e5 is a double-three: forbidden for Black in renju"):
        record_to_game(record_from_text(text))
    # The same moves are a fine standard game.
    game = record_to_game(record_from_text(text.replace("renju", "standard")))
    assert len(game.move_stack) == 9


def test_black_with_only_forbidden_points_replays_as_a_white_win(tmp_path) -> None:
    game = Gomoku(9, "renju")
    game.play_moves(STUCK_MOVES)
    assert game.outcome().reason == "Black has only forbidden points"
    path = tmp_path / "stuck.json"
    record = record_from_game(game, standard_players())
    save_record(path, record)
    loaded = load_record(path)
    assert loaded.result == record.result and loaded.result is not None
    assert record_to_game(loaded).outcome() == game.outcome()
