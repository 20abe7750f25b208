"""``--board``/``--turn`` for every game in perft, analyse, solve and play (issue 14 §3)."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.rules import new_game

C4 = "......./......./......./......./...O.../..XX..."  # Yellow to move
GOMOKU = "/".join(["........."] * 4 + ["....X...."] + ["........."] * 4)


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.strip(), err.strip()


@pytest.mark.parametrize(("game", "moves", "options"), [
    ("connect4", "4344", []),
    ("connect4", "12", ["--width", "5", "--height", "4", "--connect", "3"]),
    ("othello", "f5d6c3", []),
    ("gomoku", "e5 d4 f6", ["--size", "9"]),
])
def test_perft_from_a_board_equals_perft_from_the_moves(capsys, game, moves, options):
    reached = new_game(game, **{k[2:]: int(v) for k, v in zip(options[::2], options[1::2])})
    reached.play_moves(moves)
    status, by_moves, _ = run(capsys, "perft", game, "2", "--moves", moves, *options)
    assert status == 0
    board_options = [o for o in options if o in ("--connect", "3")]
    status, by_board, err = run(capsys, "perft", game, "2", "--board", reached.diagram(),
                                "--turn", "XO"[reached.turn], *board_options)
    assert (status, err) == (0, "")
    assert by_board == by_moves


def test_othello_board_may_start_with_a_dash_and_defaults_to_black(capsys):
    board = new_game("othello").diagram()
    status, out, _ = run(capsys, "perft", "othello", "3", "--board", board)
    assert (status, out) == (0, "56")
    status, out, _ = run(capsys, "perft", "othello", "1", "--board", board, "--json")
    assert json.loads(out)["nodes"] == 4


def test_analyse_and_solve_from_a_board(capsys):
    status, out, _ = run(capsys, "analyse", "gomoku", "--board", GOMOKU, "--depth", "1",
                         "--json")
    assert status == 0 and json.loads(out)["side"] == "White"
    reached = new_game("connect4")
    reached.play_moves("444444333333555555")
    status, by_moves, _ = run(capsys, "solve", "connect4", "--moves", reached.moves_text(),
                              "--json")
    status, by_board, _ = run(capsys, "solve", "connect4", "--board", reached.diagram(),
                              "--json")
    assert status == 0
    assert json.loads(by_board)["score"] == json.loads(by_moves)["score"]
    assert json.loads(by_board)["best_moves"] == json.loads(by_moves)["best_moves"]


@pytest.mark.parametrize(("argv", "words"), [
    (["perft", "connect4", "1", "--board", "..../..../X.../...."], "floating"),
    (["perft", "connect4", "1", "--board", C4, "--turn", "X"], "Yellow's turn, not Red's"),
    (["perft", "gomoku", "1", "--board", GOMOKU.replace(".", "X", 1)], "cannot come from"),
    (["perft", "othello", "1", "--board", "X" + "-" * 62 + "O"], "already over"),
    (["perft", "gomoku", "1", "--board", GOMOKU, "--size", "15"], "not 15x15"),
    (["perft", "othello", "1", "--turn", "O"], "--turn goes with --board"),
    (["analyse", "connect4", "--board", "X.../X.O./X.O./X.O."], "Red already has four"),
    (["play", "--board", GOMOKU], "--board needs --game"),
    (["play", "--game", "connect4", "--board", "XX../..../..../...."], "floating"),
])
def test_bad_boards_are_refused_in_one_sentence(capsys, argv, words):
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert words in err and err.count("\n") == 0
