"""`plies match --opening swap|swap2`: the first player's three stones, the colours
chosen by search, results from the right side's view, records that replay."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.records import (
    RecordError,
    load_record,
    record_from_game,
    record_from_json,
    record_to_game,
    record_to_json,
    standard_players,
)
from game.rules.gomoku import Gomoku
from game.rules.openings import Opening


@pytest.mark.parametrize("kind", ["swap", "swap2"])
def test_match_with_a_swap_opening(kind: str, tmp_path, capsys) -> None:
    status = main(["match", "gomoku", "--size", "9", "--a", "level=4", "--b", "level=3",
                   "--games", "4", "--opening", kind, "--jobs", "1", "--out", str(tmp_path),
                   "--json"])
    assert status == 0, capsys.readouterr().err
    payload = json.loads(capsys.readouterr().out)
    assert payload["opening"] == kind and payload["games"] == 4
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    for index, (path, summary) in enumerate(zip(records, payload["results"])):
        record = load_record(path)
        game = record_to_game(record)
        assert game.moves_text() == summary["moves"]
        opening = Opening.replay(record.opening, len(game.move_stack))
        assert opening.kind == kind and opening.decided
        # Even games: A (level 4) placed the first three stones; odd games: B (level 3).
        first_level = 4 if index % 2 == 0 else 3
        first_side = 0 if opening.black == "first" else 1
        assert record.players[first_side]["level"] == first_level
        assert record.players[1 - first_side]["level"] == 7 - first_level
        # "a_first" is now "A ended up Black", and A's score follows that colour.
        a_side = 0 if summary["a_first"] else 1
        assert record.players[a_side]["level"] == 4
        winner = summary["winner"]
        assert summary["a_score"] == (0.5 if winner is None else float(winner == a_side))


def test_match_opening_refusals(capsys) -> None:
    assert main(["match", "othello", "--a", "depth=1", "--b", "depth=1", "--opening",
                 "swap"]) == 2
    assert "Gomoku opening" in capsys.readouterr().err
    assert main(["match", "gomoku", "--a", "depth=1", "--b", "depth=1", "--opening", "swap2",
                 "--openings", "random:2", "--jobs", "1"]) == 2
    assert "three stones" in capsys.readouterr().err


def test_records_keep_the_opening_and_refuse_a_contradiction() -> None:
    game = Gomoku(15)
    game.play_moves("h8 h9 a1 j10 k11 g7")
    record = record_from_game(game, standard_players())
    record.opening = {"kind": "swap2", "choices": ["place-two", "black"]}
    back = record_from_json(record_to_json(record))
    assert back.opening == record.opening
    record.opening = {"kind": "swap2", "choices": ["place-two"]}  # First never chose
    with pytest.raises(RecordError, match="needs a choice after stone 5"):
        record_to_json(record)
    text = record_to_json(back).replace('"place-two",', '"sideways",')
    with pytest.raises(RecordError, match="black or white or place-two, not 'sideways'"):
        record_from_json(text)
