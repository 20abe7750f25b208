"""``plies solve othello --obf FILE``: every position solved, annotations checked.

The annotations of the hand-made file come from a plain negamax over the rules (the
slow reference), not from the solver under test.
"""

from __future__ import annotations

import json
import random

from game.cli import main
from game.rules import PASS, Othello
from tests.positions import playout


def reference_score(game: Othello) -> int:
    """Exact final disc difference for the side to move, by plain negamax."""
    if game.is_over():
        return game.margin_for_side_to_move()
    best = -65
    for move in game.legal_moves():
        game.push(move)
        best = max(best, -reference_score(game))
        game.pop()
    return best


def board_of(game: Othello) -> str:
    return "".join("-" if game.piece_at(i % 8, i // 8) is None else "XO"[game.piece_at(i % 8,
                                                                                         i // 8)]
                   for i in range(64))


def random_position(seed: int, empties: int) -> Othello:
    rng = random.Random(seed)
    while True:
        game = playout(Othello(), rng, 200, until=lambda g: 64 - sum(g.counts()) <= empties)
        if not game.is_over() and game.legal_moves() != [PASS]:
            return Othello.from_board(board_of(game), game.turn)


def obf_line(game: Othello, wrong: str | None = None) -> str:
    notes = []
    for move in game.legal_moves():
        game.push(move)
        score = -reference_score(game)
        game.pop()
        name = game.move_name(move)
        notes.append(f" {name.upper()}:{score + (2 if name == wrong else 0):+d};")
    return f"{board_of(game)} {'XO'[game.turn]};{''.join(notes)}"


def test_obf_positions_are_solved_and_the_annotations_checked(tmp_path, capsys):
    games = [random_position(seed, 6) for seed in (1, 2, 3)]
    wrong = games[2].move_name(games[2].legal_moves()[0])
    lines = ["% written for the test", obf_line(games[0]), obf_line(games[1]),
             f"{board_of(games[0])} {'XO'[games[0].turn]}", obf_line(games[2], wrong=wrong)]
    path = tmp_path / "set.obf"
    path.write_text("\n".join(lines) + "\n")
    assert main(["solve", "othello", "--obf", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 5
    for number, game, text in zip((2, 3), games, out):
        assert text.startswith(f"line {number}: score {reference_score(game):+d}  best ")
        scores = len(game.legal_moves())
        assert f"agrees with the file's {scores} score{'s' if scores != 1 else ''}" in text
    assert out[2].startswith("line 4: score") and "agree" not in out[2].lower()
    assert "DISAGREES: " + wrong in out[3]
    assert out[4] == "4 positions, 3 annotated: Plies agrees with 2"

    assert main(["solve", "othello", "--obf", str(path), "--json"]) == 0
    payloads = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [p["line"] for p in payloads] == [2, 3, 4, 5]
    assert [p["agrees"] for p in payloads] == [True, True, None, False]
    assert payloads[0]["score"] == reference_score(games[0])
    assert list(payloads[3]["disagreements"]) == [wrong]


def test_bad_obf_input_is_one_line_and_status_2(tmp_path, capsys):
    path = tmp_path / "bad.obf"
    path.write_text("-" * 27 + "OX------XO" + "-" * 27 + " X; A1:+2;\n")
    assert main(["solve", "othello", "--obf", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"plies: error: {path}: line 1: the annotated move a1 is not legal in the position")
    path.write_text("nonsense\n")
    assert main(["solve", "othello", "--obf", str(path)]) == 2
    assert "line 1: expected 64 squares" in capsys.readouterr().err
    assert main(["solve", "othello", "--obf", str(tmp_path / "none.obf")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["solve", "connect4", "--obf", str(path)]) == 2
    assert "--obf holds Othello positions" in capsys.readouterr().err


def test_a_position_out_of_time_is_reported_and_the_exit_status_is_1(tmp_path, capsys):
    game = random_position(4, 24)
    path = tmp_path / "hard.obf"
    path.write_text(f"{board_of(game)} {'XO'[game.turn]}\n")
    assert main(["solve", "othello", "--obf", str(path), "--time", "0.01"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == ["line 1: not solved within 0.01 s",
                   "1 positions, 0 annotated: Plies agrees with 0; 1 not solved in time"]


def test_a_folder_is_not_an_obf_file(tmp_path, capsys):
    assert main(["solve", "othello", "--obf", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"plies: error: {tmp_path} is a folder, not an OBF file\n"
