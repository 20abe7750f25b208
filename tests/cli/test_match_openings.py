"""`plies match --opening swap|swap2`: the first player's three stones, the colours
chosen by search, results from the right side's view, records that replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.formats import load_record
from game.formats.plies_json import record_from_json, record_to_json
from game.match import openings_from_file
from game.records import RecordError, record_from_game, record_to_game, standard_players
from game.rules.gomoku import Gomoku
from game.rules.openings import Opening


@pytest.mark.slow
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
        assert record.players[first_side].level == first_level
        assert record.players[1 - first_side].level == 7 - first_level
        # "a_first" is now "A ended up Black", and A's score follows that colour.
        a_side = 0 if summary["a_first"] else 1
        assert record.players[a_side].level == 4
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


def test_the_26_renju_openings_file_holds_each_opening_once() -> None:
    """ai/tuning/gomoku-26-openings.txt: three stones each, h8 first and the second
    touching it, the third within the 5x5 square, and the 26 lines are the 26 classes
    of such openings under the board's symmetries (counted here by brute force)."""
    path = Path(__file__).parents[2] / "ai" / "tuning" / "gomoku-26-openings.txt"
    game = Gomoku()
    openings = openings_from_file(game, str(path))
    centre = 7

    def cells(line: list[int]) -> list[tuple[int, int]]:
        return [divmod(move, game.stride) for move in line]

    def images(stones: list[tuple[int, int]]) -> set[tuple]:
        """The opening under the 8 symmetries that keep h8 (colours kept apart)."""
        found = set()
        for swap in (False, True):
            for flip_r in (1, -1):
                for flip_c in (1, -1):
                    moved = []
                    for r, c in stones:
                        dr, dc = r - centre, c - centre
                        if swap:
                            dr, dc = dc, dr
                        moved.append((centre + flip_r * dr, centre + flip_c * dc))
                    found.add((moved[0], moved[1], moved[2]))
        return found

    classes = set()
    for line in openings:
        black1, white, black2 = stones = cells(line)
        assert black1 == (centre, centre)
        assert max(abs(white[0] - centre), abs(white[1] - centre)) == 1
        assert max(abs(black2[0] - centre), abs(black2[1] - centre)) <= 2
        classes.add(min(images(stones)))
    every_class = set()
    for white in [(centre + dr, centre + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]:
        for black2 in [(centre + dr, centre + dc) for dr in range(-2, 3) for dc in range(-2, 3)]:
            if white != (centre, centre) and black2 not in (white, (centre, centre)):
                every_class.add(min(images([(centre, centre), white, black2])))
    assert len(openings) == len(classes) == len(every_class) == 26
    assert classes == every_class
