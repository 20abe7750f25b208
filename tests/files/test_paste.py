"""game.paste: what pasted text means, for each kind the issue names (pure, no window)."""

from __future__ import annotations

import pytest

from game.paste import MAX_PASTE, PasteError, read_paste
from game.rules import PASS, new_game

START = "-" * 27 + "OX------XO" + "-" * 27


@pytest.mark.parametrize(("text", "turn"), [
    (START, 0),
    (START + " O", 1),
    (START.replace("X", "b").replace("O", "w") + " W", 1),
    (START.replace("X", "*").replace("-", ".") + "\nx", 0),
    ("\n".join(START[i:i + 8] for i in range(0, 64, 8)), 0),    # a drawn board
    ("/".join(START[i:i + 8] for i in range(0, 64, 8)) + " B", 0),
    (START + " X; F5:+0; D3:-2;", 0),                              # OBF
    (START + " o;", 1),
])
def test_othello_boards_and_obf_lines(text, turn):
    for current in (new_game("othello"), new_game("connect4"), new_game("gomoku")):
        pasted = read_paste(text, current)
        game = pasted.game
        assert (game.name, game.turn, game.move_stack) == ("othello", turn, [])
        assert game.diagram() == START and "Othello position" in pasted.what


def test_othello_board_whose_side_must_pass():
    pasted = read_paste("------XO" + "-" * 56 + " X", new_game("othello"))
    assert pasted.game.legal_moves() == [PASS]


def test_diagrams_take_the_variant_of_the_game_on_the_screen():
    gomoku = "/".join(["........."] * 4 + ["....X...."] + ["........."] * 4)
    pasted = read_paste(gomoku, new_game("gomoku", rule="renju"))
    assert pasted.game.variant() == {"size": 9, "rule": "renju"} and pasted.game.turn == 1
    assert pasted.what == "a Gomoku position (White to move)"
    assert read_paste(gomoku, new_game("othello")).game.rule == "freestyle"
    connect = "...../...../...../..O../.XX.."
    pasted = read_paste(connect, new_game("connect4", connect=3))
    assert pasted.game.variant() == {"width": 5, "height": 5, "connect": 3}


@pytest.mark.parametrize(("text", "current", "name", "moves"), [
    ("f5d6c3", "connect4", "othello", "f5d6c3"),
    ("F5 D6", "othello", "othello", "f5d6"),
    ("4453", "othello", "connect4", "4453"),
    ("4 4 5 3", "gomoku", "connect4", "4453"),
    ("h8 i9 j10", "connect4", "gomoku", "h8 i9 j10"),
])
def test_move_lists_of_any_game(text, current, name, moves):
    pasted = read_paste(text, new_game(current))
    assert (pasted.game.name, pasted.game.moves_text()) == (name, moves)


def test_the_game_on_the_screen_keeps_its_variant_for_moves():
    pasted = read_paste("e5 d4", new_game("gomoku", size=9, rule="standard"))
    assert pasted.game.variant() == {"size": 9, "rule": "standard"}


@pytest.mark.parametrize(("text", "current", "words"), [
    ("", "othello", "the clipboard holds no text"),
    ("   \n", "connect4", "the clipboard holds no text"),
    ("hello", "connect4", "not a Connect-4 position or move list"),
    ("hello", "othello", "not an Othello position or move list"),
    (START[:63], "othello", "needs 64 squares, not 63"),
    (START + " Q; F5:+0", "othello", "the side to move must be X or O"),
    (START + " X; F5:+99;", "othello", "must be -64 to +64"),
    ("X" * 64, "othello", "neither side can move"),
    ("..X..../......./......./......./......./.......", "connect4", "floating"),
    ("4444444", "connect4", "column 4 is full"),
    ("e5 e5", "gomoku", "e5 is already taken"),
    ("x" * (MAX_PASTE + 1), "othello", "too long"),
])
def test_bad_pastes_are_one_sentence(text, current, words):
    with pytest.raises(PasteError) as caught:
        read_paste(text, new_game(current))
    message = str(caught.value)
    assert words in message and "\n" not in message and len(message) <= 200


def test_a_diagram_may_end_with_the_side_to_move():
    board = "......./......./......./......./...O.../..XX..."
    assert read_paste(board + " O", new_game("connect4")).game.turn == 1
    with pytest.raises(PasteError, match="it is Yellow's turn, not Red's"):
        read_paste(board + " X", new_game("connect4"))
    drawn = "\n".join([". . . . . . . . ."] * 8 + [". . . . X . . . ."])
    assert read_paste(drawn, new_game("gomoku")).game.counts() == (1, 0)
