"""``plies show FILE --to FORMAT``: every format Plies reads converts to every one it writes."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.formats import load_record, save_record
from game.records import human, record_from_game
from game.rules import new_game

PSQ = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\n"
GGF = ("(;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O-----------"
       "---------------- *]B[F5]W[D6]B[C3];)")


def show(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["show", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("source, to, expect", [
    ("game.psq", "json", '"moves": "h8 i7 h7"'),
    ("game.psq", "text", "h8 i7 h7"),
    ("game.psq", "psq", PSQ.split("\n", 1)[1]),
    ("game.ggf", "json", '"moves": "f5d6c3"'),
    ("game.ggf", "text", "f5d6c3"),
    ("game.ggf", "ggf", "B[f5]W[d6]B[c3];)"),
])
def test_field_formats_convert(tmp_path, capsys, source, to, expect):
    path = tmp_path / source
    path.write_text(PSQ if source.endswith(".psq") else GGF)
    code, out, err = show(capsys, str(path), "--to", to)
    assert code == 0, err
    assert expect in out
    converted = tmp_path / f"again.{'txt' if to == 'text' else to}"
    converted.write_text(out)
    assert load_record(converted).moves == load_record(path).moves


def test_plies_files_convert_to_the_field_formats(tmp_path, capsys):
    game = new_game("gomoku")
    game.play_moves("h8 i9 h9")
    save_record(tmp_path / "mine.json", record_from_game(game, [human(), human()]))
    code, out, _ = show(capsys, str(tmp_path / "mine.json"), "--to", "psq")
    assert code == 0 and out.splitlines()[1:] == ["8,8,0", "9,7,0", "8,7,0"]
    game = new_game("othello")
    game.play_moves("f5d6")
    save_record(tmp_path / "o.txt", record_from_game(game, [human(), human()]))
    code, out, _ = show(capsys, str(tmp_path / "o.txt"), "--to", "ggf")
    assert code == 0 and out.strip().endswith("B[f5]W[d6];)")


def test_conversions_that_cannot_be_made_are_one_sentence(tmp_path, capsys):
    path = tmp_path / "game.psq"
    path.write_text(PSQ)
    code, out, err = show(capsys, str(path), "--to", "ggf")
    assert (code, out) == (2, "")
    assert err.strip() == "plies: error: a GGF file holds Othello games, not gomoku"
    code, _, err = show(capsys, str(path), "--to", "pgn")
    assert code == 2 and "unknown format 'pgn'; choose one of ggf, json, psq, text" in err
    code, _, err = show(capsys, str(path), "--to", "json", "--json")
    assert code == 2 and "--json and --to cannot be used together" in err
    json.loads(show(capsys, str(path), "--to", "json")[1])  # the JSON alone is valid
