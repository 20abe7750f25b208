"""Set-up positions (issue 14 §3): every refusal, and a set-up board behaves exactly
like the same position reached by moves (key, legal moves, perft, push/pop)."""

from __future__ import annotations

import random

import pytest

from game.rules import PASS, Connect4, Gomoku, Othello, SetupError, new_game, set_up
from game.rules.perft import perft
from tests.positions import random_game

VARIANTS = [("connect4", {}), ("connect4", {"width": 5, "height": 4, "connect": 3}),
            ("othello", {}), ("gomoku", {"size": 9}), ("gomoku", {"size": 9, "rule": "renju"}),
            ("gomoku", {"size": 9, "rule": "standard"})]


def _played(name: str, variant: dict, plies: int, rng: random.Random):
    return random_game(name, rng, plies, **variant)


def _options(name: str, variant: dict) -> dict:
    """What a diagram does not say: Connect-4's line length, Gomoku's rule."""
    return {k: v for k, v in variant.items() if k in ("connect", "rule")}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_set_up_equals_the_same_position_reached_by_moves(name, variant):
    rng = random.Random(14)
    checked = 0
    for trial in range(40):
        reached = _played(name, variant, rng.randrange(0, 14), rng)
        if reached.is_over():
            continue
        setup = set_up(name, reached.diagram(), reached.turn, **_options(name, variant))
        assert setup.move_stack == []
        assert setup.key() == reached.key()
        assert setup.turn == reached.turn
        assert str(setup) == str(reached)
        assert setup.legal_moves() == reached.legal_moves()
        assert setup.counts() == reached.counts()
        assert perft(setup, 2) == perft(reached.copy(), 2)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_playouts_from_a_set_up_position_round_trip(name, variant):
    """Random games from a set-up board: each push/pop restores key() and str(), the
    outcome matches the same moves played from the start, and everything pops back."""
    rng = random.Random(7)
    for _ in range(6):
        prefix = _played(name, variant, rng.randrange(1, 10), rng)
        if prefix.is_over():
            continue
        setup = set_up(name, prefix.diagram(), prefix.turn, **_options(name, variant))
        start_key, start_text = setup.key(), str(setup)
        trail = []
        while not setup.is_over():
            moves = setup.legal_moves()
            assert moves == prefix.legal_moves()
            move = rng.choice(moves)
            before = (setup.key(), str(setup))
            setup.push(move)
            prefix.push(move)
            assert setup.key() == prefix.key()
            assert setup.outcome() == prefix.outcome()
            trail.append(before)
            popped = setup.pop()
            assert popped == move and (setup.key(), str(setup)) == before
            setup.push(move)
        assert setup.winning_line() == prefix.winning_line()
        while setup.move_stack:
            setup.pop()
            assert (setup.key(), str(setup)) == trail.pop()
        assert (setup.key(), str(setup)) == (start_key, start_text)


def test_perft_from_a_set_up_position_equals_perft_by_moves():
    for name, moves in (("connect4", "4453"), ("othello", "f5d6c3d3c4"), ):
        reached = new_game(name)
        reached.play_moves(moves)
        setup = set_up(name, reached.diagram(), reached.turn)
        assert [perft(setup, d) for d in range(4)] == [perft(reached, d) for d in range(4)]
    reached = Gomoku(9)
    reached.play_moves("e5 d4 f6")
    setup = Gomoku.from_diagram(reached.diagram())
    assert perft(setup, 2) == perft(reached, 2) == 78 * 77


def test_turn_is_inferred_and_a_contradicting_turn_refused():
    assert Connect4.from_diagram("..../..../..../X...").turn == 1
    assert Gomoku.from_diagram(("........./" * 9)[:-1]).turn == 0
    with pytest.raises(SetupError, match="it is Yellow's turn, not Red's"):
        Connect4.from_diagram("..../..../..../X...", 0)
    with pytest.raises(SetupError, match="it is Black's turn, not White's"):
        Gomoku.from_diagram(("........./" * 9)[:-1], 1)
    assert Othello.from_diagram(Othello().diagram()).turn == 0
    assert Othello.from_diagram(Othello().diagram(), 1).turn == 1


@pytest.mark.parametrize(("diagram", "message"), [
    ("..../..../X.../....", "column 1 has a disc floating above an empty cell"),
    ("..../..../..../XXX.", "3 red and 0 yellow discs cannot come from alternate moves"),
    ("..../..../..../XOO.", "1 red and 2 yellow discs"),
    ("X.../X.O./X.O./X.O.", "Red already has four in a row: the game is over"),
    ("XO../XO../XO../XO..", "both Red and Yellow have four in a row"),
    ("O.../XO../OXO./XXXO", "Yellow already has four in a row"),
    ("XXOO/OOXX/XXOO/OOXX", "the board is full"),
    ("..../..../XO./....", "row 3 from the top has 3 cells, not 4"),
    ("..../..../..../X.Z.", "'Z' in column 3"),
    ("", "the Connect-4 diagram is empty"),
    ("../../..", "the diagram's board"),
])
def test_connect4_refusals(diagram, message):
    with pytest.raises(SetupError, match=message):
        Connect4.from_diagram(diagram)


def test_connect4_refuses_a_size_that_disagrees():
    with pytest.raises(SetupError, match="the diagram is 4 columns wide, not 7"):
        Connect4.from_diagram("..../..../..../....", width=7)


def _gomoku(rows: dict[int, str], size: int = 9) -> str:
    """A diagram with the given rows (numbered from the bottom) filled in."""
    return "/".join(rows.get(n, "." * size) for n in range(size, 0, -1))


@pytest.mark.parametrize(("rows", "rule", "message"), [
    ({1: "XX......."}, "freestyle", "2 black and 0 white stones cannot come from alternate"),
    ({1: "O........"}, "freestyle", "0 black and 1 white"),
    ({1: "XXXXX....", 2: "OOOO....."}, "freestyle", "Black already has five in a row"),
    ({1: "XXXXXX...", 2: "OOOOO...."}, "standard", "White already has five"),
    ({1: "XXXX.....", 2: "OOOOOO...", 3: "XX......."}, "freestyle", "White already has five"),
    ({1: "XXXX.....", 2: "OOOOOO...", 3: "XX......."}, "renju", "White already has five"),
    ({1: "X.......X"}, "freestyle", "2 black and 0 white"),
    ({1: "X.........."}, "freestyle", "row 1 of the diagram has 11 cells"),
])
def test_gomoku_refusals(rows, rule, message):
    with pytest.raises(SetupError, match=message):
        Gomoku.from_diagram(_gomoku(rows), rule=rule)


def test_gomoku_overlines_are_no_win_under_standard():
    """Black's six in a row is no five under standard: the game goes on."""
    game = Gomoku.from_diagram(_gomoku({1: "XXXXXX...", 2: "OOOO.....", 5: "O........",
                                        6: "O........"}), rule="standard")
    assert game.turn == 0 and not game.is_over()
    with pytest.raises(SetupError, match="Black already has five"):
        Gomoku.from_diagram(_gomoku({1: "XXXXXX...", 2: "OOOO.....", 5: "O........",
                                     6: "O........"}), rule="freestyle")


def test_gomoku_full_board_is_refused():
    """X where (column + 2 * row) % 4 < 2: runs of two across and along both diagonals'
    one way, alternating down: no five anywhere, 41 black and 40 white stones."""
    diagram = "/".join("".join("X" if (c + 2 * r) % 4 < 2 else "O" for c in range(9))
                       for r in range(9))
    with pytest.raises(SetupError, match="the board is full"):
        Gomoku.from_diagram(diagram)


def test_othello_any_placement_a_pass_and_a_finished_board():
    lone = "X" + "-" * 62 + "O"  # nobody can move: over
    with pytest.raises(SetupError, match="neither side can move"):
        Othello.from_diagram(lone)
    # Black to move has no move, White has one (f1 takes g1): Black starts with a pass.
    board = "------XO" + "-" * 56
    game = Othello.from_diagram(board, 0)
    assert game.legal_moves() == [PASS]
    game.play(PASS)
    assert [game.move_name(m) for m in game.legal_moves()] == ["f1"]
    game.pop()
    # paste letters: B/W/*, dots, rows on lines
    text = "\n".join(["........"] * 3 + ["...wb...", "...bW..."] + ["........"] * 3)
    assert Othello.from_diagram(text).key() == Othello().key()
    with pytest.raises(SetupError, match="64 squares"):
        Othello.from_diagram("XO--")
    with pytest.raises(SetupError, match="no options"):
        Othello.from_diagram(Othello().diagram(), size=9)
