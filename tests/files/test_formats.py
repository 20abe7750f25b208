"""The field's formats: psq (Gomoku), GGF (Othello games), OBF (Othello positions).

The sample files are written by hand from the published descriptions (Piskvork's
psq, the GGF of GGS/NBoard, the OBF lines of Edax's problem sets), not produced by
the code under test.
"""

from __future__ import annotations

import doctest
import json
import re

import pytest

from game.formats import ggf, load_record, obf, psq, save_record
from game.records import RecordError, computer, human, record_from_game, record_to_game
from game.rules import Gomoku, Othello, new_game

NBOARD_SAMPLE = ("(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]"
                 "TI[15:00]TY[8]BO[8 ---------------------------O*------*O------------------"
                 "--------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)")


def test_doctests():
    from game.formats import convert

    for module in (ggf, obf, psq, convert):
        assert doctest.testmod(module).failed == 0


# --- psq ------------------------------------------------------------------------------------

PSQ_SAMPLE = """Piskvorky 15x15, 11:11, 0
8,8,1000
9,9,250
1,1,30
15,15,40
pbrain-one.exe
pbrain-two.exe
-1
"""


def test_psq_written_by_hand_reads_with_1_based_coordinates_from_the_top(tmp_path):
    path = tmp_path / "game.psq"
    path.write_text(PSQ_SAMPLE)
    record = load_record(path)
    # 8,8 is the centre h8; 1,1 the top-left a15; 15,15 the bottom-right o1.
    assert record.game == "gomoku" and record.variant == {"size": 15, "rule": "freestyle"}
    assert record.moves == ["h8", "i7", "a15", "o1"]
    parsed = psq.parse(PSQ_SAMPLE)
    assert parsed.times == [1000, 250, 30, 40]
    assert parsed.trailer == ["pbrain-one.exe", "pbrain-two.exe", "-1"]
    assert psq.write(parsed) == PSQ_SAMPLE


def test_psq_round_trip_of_a_finished_game(tmp_path):
    game = Gomoku(19)
    game.play_moves("j10 k11 j11 k10 j12 k12 j9 k9 j8")
    record = record_from_game(game, [human(), human()])
    save_record(tmp_path / "g.psq", record)
    text = (tmp_path / "g.psq").read_text()
    assert text.startswith("Piskvorky 19x19, ") and text.splitlines()[1] == "10,10,0"
    again = load_record(tmp_path / "g.psq", default_players=[human(), human()])
    assert again == record and again.result == {"winner": 0, "reason": "five in a row"}
    # Sniffed without the extension, too.
    (tmp_path / "g.game").write_text(text)
    assert load_record(tmp_path / "g.game").moves == record.moves


@pytest.mark.parametrize("text, message", [
    ("", "the file is empty"),
    ("Piskvorky\n8,8,0\n", "the first line must be the header 'Piskvorky WxH, ...'"),
    ("Piskvorky 15x20, 11:11, 0\n", "the board is 15x20: Plies plays square boards only"),
    ("Piskvorky 15x15, 11:11, 0\n16,1,0\n", "line 2: 16,1 is off the 15x15 board"),
    ("Piskvorky 15x15, 11:11, 0\n0,1,0\n", "line 2: 0,1 is off the 15x15 board"),
    ("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", "move 2 (8,8): h8 is already taken"),
    ("Piskvorky 40x40, 11:11, 0\n", "a Gomoku board must be 9 to 25 cells wide"),
    # A garbled first move is not an empty game with a trailer, nor a later one the end.
    ("Piskvorky 15x15, 11:11, 0\nh8 i9 j10\n8,8,0\n", "line 2: 'h8 i9 j10' is not a move"),
    ("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,x\n10,10,0\n", "line 3: '9,9,x' is not a move"),
    ("Piskvorky 15x15, 11:11, 0\n8;8;0\n", "line 2: '8;8;0' is not a move"),
    # Digits of other scripts are not numbers here (int("٣") is 3).
    ("Piskvorky 15x15, 11:11, 0\n٣,٤,0\n", "line 2: '٣,٤,0' is not a move"),
    ("Piskvorky ١٥x١٥, 11:11, 0\n", "the first line must be the header"),
])
def test_bad_psq_files_give_one_sentence(tmp_path, text, message):
    path = tmp_path / "bad.psq"
    path.write_text(text)
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_psq_holds_gomoku_only(tmp_path):
    record = record_from_game(new_game("othello"), [human(), human()])
    with pytest.raises(RecordError, match="a psq file holds Gomoku games, not othello"):
        save_record(tmp_path / "x.psq", record)
    assert not (tmp_path / "x.psq").exists()


# --- GGF ------------------------------------------------------------------------------------

def test_the_nboard_sample_reads(tmp_path):
    path = tmp_path / "sample.ggf"
    path.write_text(NBOARD_SAMPLE)
    record = load_record(path)
    assert record.game == "othello" and "".join(record.moves) == "f5f6d3c5e6f7e7f4"
    assert record.start is None and record.note is None
    [game] = ggf.parse_games(NBOARD_SAMPLE)
    assert game.tags["PB"] == "./mEdax" and game.tags["TI"] == "15:00"


def test_ggf_set_up_board_passes_and_round_trip(tmp_path):
    # A set-up board (from a random game) where Black must pass after White's f2.
    board = "--XXXXOXX-OOX-OXXOOOXXOXXOXXOXOXXOOOXOOXXOXOOXOXXOOOOOXXXOOXXXXX"
    text = f"(;GM[Othello]TY[8]BO[8 {board.replace('X', '*')} *]B[b2]W[f2]B[pass]W[b1]B[a1];)"
    path = tmp_path / "setup.ggf"
    path.write_text(text)
    record = load_record(path)
    assert record.start == {"board": board, "turn": 0}
    assert record.moves == ["b2", "f2", "PA", "b1", "a1"]
    game = record_to_game(record)
    assert game.is_over() and game.counts() == (35, 29) and record.result["winner"] == 0
    save_record(tmp_path / "again.ggf", record)
    assert load_record(tmp_path / "again.ggf") == record
    save_record(tmp_path / "again.json", record)
    assert json.loads((tmp_path / "again.json").read_text())["start"]["board"] == board
    assert load_record(tmp_path / "again.json") == record


def test_ggf_round_trip_keeps_plies_players_and_result(tmp_path):
    game = Othello()
    game.play_moves("f5f4c3c6c5d6f3c4c7")  # Black wipes White out
    record = record_from_game(game, [computer(5), human()])
    save_record(tmp_path / "w.ggf", record)
    text = (tmp_path / "w.ggf").read_text()
    assert "PB[Plies level 5]PW[human]RE[+64.000]" in text
    assert load_record(tmp_path / "w.ggf") == record


def test_a_file_of_several_games_opens_the_first_and_says_how_many(tmp_path):
    other = NBOARD_SAMPLE.replace("B[F5]W[F6]", "B[D3]W[C5]").split("B[D3]W[C5]B[E6]")[0] + ";)"
    path = tmp_path / "many.ggf"
    path.write_text(NBOARD_SAMPLE + "\n" + other + "\n" + NBOARD_SAMPLE + "\n")
    record = load_record(path)
    assert "".join(record.moves) == "f5f6d3c5e6f7e7f4"
    assert record.note == "many.ggf holds 3 games; this is the first"


def test_ggf_escapes_round_trip():
    game = ggf.GGFGame(tags={"PC": "a]b\\c"}, moves=["f5"], colours=["B"])
    assert ggf.parse_game(ggf.write_game(game)).tags["PC"] == "a]b\\c"


@pytest.mark.parametrize("text, message", [
    ("(;GM[Go]TY[8];)", "game 1 is a game of 'Go', not Othello"),
    ("(;GM[Othello]TY[8r];)", "only 8 (the standard 8x8 board) is supported"),
    ("(;GM[Othello]B[F5]", "game 1 does not end: the closing ;) is missing"),
    ("(;GM[Othello]B[J9];)", "game 1, move 1: 'J9' is not a square a1-h8 or PA"),
    ("(;GM[Othello]B[F5]W[F5];)", "move 2 (f5): the square is taken"),
    ("(;GM[Othello]B[F5]B[D6];)", "move 2 (d6): it is White's turn, not Black's"),
    ("(;GM[Othello]BO[8 ---];)", "the board BO needs 64 squares and the side to move"),
    ("(;GM[Othello]BO[9 " + "-" * 81 + " *];)", "the board BO must start with its size 8"),
    ("(;GM[Othello]BO[8 " + "x" * 64 + " *];)", "the board BO holds 'x'"),
    ("(;GM[Othello]BO[8 " + "-" * 64 + " X];)", "the side to move in BO must be * (Black)"),
    ("(;GM[Othello]B[F5]BO[8 " + "-" * 64 + " *];)", "the board BO comes after the first move"),
    ("junk (;GM[Othello];)", "unexpected text before game 1"),
    ("(;GM[Othello];) junk", "unexpected text after the last game"),
    ("(;GM[Othello] what ;)", "game 1: cannot read 'what ;)': properties are written KEY[value]"),
    # Start boards where nobody can move: the file is named like every other error.
    ("(;GM[Othello]BO[8 " + "-" * 64 + " *];)", "neither side can move on this board"),
    ("(;GM[Othello]BO[8 " + "O" * 64 + " *];)", "neither side can move on this board"),
])
def test_bad_ggf_files_give_one_sentence(tmp_path, text, message):
    path = tmp_path / "bad.ggf"
    path.write_text(text)
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert message in str(caught.value) and str(caught.value).startswith("bad.ggf: ")


def test_json_start_is_validated(tmp_path):
    base = {"format": "plies-game", "version": 1, "game": "othello", "moves": ""}
    for start, message in [
        ({"board": "x"}, "'start' must be"),
        ({"board": "-" * 64, "turn": "X"}, "'start' must be"),
        ({"board": "Z" * 64, "turn": 0}, "holds 'Z'"),
    ]:
        (tmp_path / "s.json").write_text(json.dumps({**base, "start": start}))
        with pytest.raises(RecordError, match=message):
            load_record(tmp_path / "s.json")
    gomoku = {**base, "game": "gomoku", "start": {"board": "-" * 64, "turn": 0}}
    (tmp_path / "s.json").write_text(json.dumps(gomoku))
    with pytest.raises(RecordError, match="a Gomoku board diagram needs rows of 9 to 25"):
        load_record(tmp_path / "s.json")


# --- OBF ------------------------------------------------------------------------------------

OBF_SAMPLE = """% two positions, written by hand
--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6;

---------------------------OX------XO--------------------------- X
"""


def test_obf_reads_positions_and_annotations():
    first, second = obf.parse(OBF_SAMPLE)
    assert (first.line, first.turn) == (2, 0)
    assert first.annotations == {"g8": 18, "h1": 12, "h7": 6}
    assert second.line == 4 and second.annotations == {}
    assert Othello.from_board(first.board, first.turn).counts() == (27, 23)
    for position in (first, second):
        [again] = obf.parse(obf.write(position))
        assert (again.board, again.turn, again.annotations) == (position.board, position.turn,
                                                                position.annotations)


@pytest.mark.parametrize("line, message", [
    ("X" * 63 + " X", "line 1: expected 64 squares, a space and the side to move"),
    ("Z" * 64 + " X", "line 1: a square holds 'Z'"),
    ("-" * 64 + " B", "line 1: the side to move must be X or O, not 'B'"),
    ("-" * 64 + " X; G8=18;", "line 1: 'G8=18' is not an annotation MOVE:SCORE"),
    ("-" * 64 + " X; G8:+80;", "line 1: the score of g8 must be -64 to +64, not 80"),
])
def test_bad_obf_lines(line, message):
    with pytest.raises(obf.OBFError, match=re.escape(message)):
        obf.parse(line)
    with pytest.raises(obf.OBFError, match="no position found"):
        obf.parse("% nothing\n\n")


# --- conversion -----------------------------------------------------------------------------

def test_convert_between_every_format(tmp_path):
    from game.formats.convert import FORMATS, ConvertError, convert

    gomoku = Gomoku()
    gomoku.play_moves("h8 i9 h9 i8 h10")
    othello = Othello()
    othello.play_moves("f5d6c3")
    for game, names in ((gomoku, ("json", "text", "psq")), (othello, ("json", "text", "ggf"))):
        record = record_from_game(game, [human(), human()])
        for name in names:
            path = tmp_path / f"x{FORMATS[name]}"
            path.write_text(convert(record, name))
            again = load_record(path, default_players=[human(), human()])
            assert again.moves == record.moves and again.game == record.game, name
    with pytest.raises(ConvertError, match="a psq file holds Gomoku games, not othello"):
        convert(record_from_game(othello, [human(), human()]), "psq")
    with pytest.raises(ConvertError, match="a GGF file holds Othello games, not gomoku"):
        convert(record_from_game(gomoku, [human(), human()]), "ggf")
    with pytest.raises(ConvertError, match="unknown format 'pgn'; choose one of ggf, json, psq"):
        convert(record_from_game(gomoku, [human(), human()]), "pgn")
