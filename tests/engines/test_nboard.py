"""``plies engine othello``: the NBoard protocol, command by command and error by error."""

from __future__ import annotations

import doctest
import io
import re

import pytest

from ai.endgame.othello import OthelloSolver
from game.engines import nboard
from game.engines.nboard import NBoardEngine
from game.formats import ggf
from game.rules import Othello
from tests.engines.helpers import Session, Subprocess, record_searches, without

START = "-" * 27 + "O*------*O" + "-" * 27


def ggf_game(moves: str = "", board: str = START, side: str = "*") -> str:
    colours = "BW"
    played = "".join(f"{colours[i % 2]}[{moves[2 * i:2 * i + 2].upper()}]"
                     for i in range(len(moves) // 2))
    return (f"(;GM[Othello]PC[NBoard]PB[me]PW[Plies]RE[?]TI[15:00]TY[8]BO[8 {board} {side}]"
            f"{played};)")


def session(level: int = 5) -> Session:
    stream = io.StringIO()
    s = Session(NBoardEngine(stream, level_number=level), stream)
    assert s.send("nboard 2") == ["set myname Plies"]
    assert s.send("set depth 3") == []
    return s


def test_doctests():
    assert doctest.testmod(nboard).failed == 0
    assert doctest.testmod(ggf).failed == 0


def test_go_answers_a_move_with_eval_and_time_and_leaves_the_board():
    s = session()
    assert s.send(f"set game {ggf_game('f5f6')}") == []
    assert s.send("ping 1") == ["pong 1"]
    out = s.send("go")
    assert out[0] == "status Plies is thinking" and out[-1] == "status Plies is waiting"
    assert all(re.fullmatch(r"nodestats \d+ \d+\.\d\d", line) for line in out[1:-2]), out
    move, evaluation, seconds = re.fullmatch(r"=== ([a-h][1-8])/([+-]\d+\.\d\d)/(\d+\.\d\d)",
                                             out[-2]).groups()
    game = s.engine.game
    assert game.parse_move(move) in game.legal_moves() and game.moves_text() == "f5f6"
    assert s.send(f"move {move}/{evaluation}/{seconds}") == []
    assert s.engine.game.moves_text() == "f5f6" + move


def test_hint_gives_the_best_moves_best_first():
    s = session()
    s.send(f"set game {ggf_game('f5f6')}")
    out = s.send("hint 3")
    assert out[0] == "status Plies is analysing" and out[-1] == "status"
    lines = [line for line in out if line.startswith("search")]
    assert len(lines) == 3
    parsed = [re.fullmatch(r"search ([a-h][1-8](?:-[a-h][1-8])*) ([+-]\d+\.\d\d) 0 3", line)
              for line in lines]
    assert all(parsed), lines
    evals = [float(p[2]) for p in parsed]
    assert evals == sorted(evals, reverse=True)
    assert len({p[1][:2] for p in parsed}) == 3


def test_hint_near_the_end_is_exact_with_the_solvers_margins():
    # 10 empty squares: the solver answers, depth 100%, margins in discs.
    board = "OOOOOOOO" "O*****OO" "OO****O-" "O*O**OO-" "O**O*OO-" "O*****--" "O*****--" "OO*O*---"
    game = Othello.from_board(board.replace("*", "X"), 0)
    solution = OthelloSolver().solve(game)
    s = session()
    assert s.send(f"set game {ggf_game(board=board)}") == []
    out = without("status", s.send("hint 2"))
    best = re.fullmatch(r"search ([a-h][1-8]) ([+-]\d+\.\d\d) 0 100%", out[0])
    assert best and game.parse_move(best[1]) in solution.best_moves
    assert float(best[2]) == solution.score
    go = s.send("go")
    assert re.fullmatch(rf"=== [a-h][1-8]/{solution.score:+.2f}/\d+\.\d\d", go[-2]), go


def test_a_forced_pass_and_a_finished_game():
    # White to move has no move on this board, Black has: go answers PA.
    board = "*" * 8 + "*" * 8 + "*" * 8 + "*" * 8 + "*" * 8 + "*" * 8 + "******OO" + "******O-"
    s = session()
    s.send(f"set game {ggf_game(board=board, side='O')}")
    assert s.engine.game.legal_moves() == [-1]
    assert s.send("go") == ["=== PA"]
    assert s.send("hint 1") == ["search PA 0.00 0 100%"]
    assert s.send("move PA") == [] and s.engine.game.turn == 0
    s.send("move h8")
    assert s.engine.game.is_over()
    assert s.send("go") == ["status the game is over: there is no move to make"]
    assert s.send("hint 2") == ["status the game is over: there is nothing to hint"]


def test_bad_lines_get_a_status_sentence_and_change_nothing():
    s = session()
    s.send(f"set game {ggf_game('f5d6')}")
    cases = {
        "move a1": "status move a1 refused: a1 does not flip any disc",
        "move z9": "status move z9 refused: 'z9' is not a square: columns are a-h and rows 1-8",
        "move": "status move needs a square, like move f5",
        "set depth deep": "status set depth needs a whole number of plies, like set depth 6",
        "set depth 0": "status set depth must be 1 to 60, not 0",
        "set colour red": "status set 'colour' is not a setting I know; ignored",
        "set contempt lots": "status set contempt needs a number from -6400 to 6400 "
                             "(centidiscs), not 'lots'",
        "set game (;GM[Chess];)": "status set game refused: game 1 is a game of 'Chess', "
                                  "not Othello",
        "set game (;GM[Othello]B[a1];)": "status set game refused: move 1 (a1): a1 does not flip "
                                         "any disc",
        "set game (;GM[Othello]TY[10];)": "status set game refused: game 1 is played on board "
                                          "type '10': only 8 (the standard 8x8 board) is "
                                          "supported",
        "set game nonsense": "status set game refused: no GGF game found: a game starts with (; "
                             "and ends with ;)",
        "hint many": "status hint needs a number of moves, like hint 3",
        "hint 0": "status hint needs 1 to 60 moves, not 0",
        "dance": "status unknown command 'dance' ignored",
    }
    for line, answer in cases.items():
        assert s.send(line) == [answer], line
    assert s.engine.game.moves_text() == "f5d6" and s.engine.depth == 3


def test_the_other_commands():
    s = session()
    assert s.send("nboard 1") == ["status protocol version '1' asked; I speak version 2",
                                  "set myname Plies"]
    assert s.send("set contempt 300") == [] and s.engine.contempt == 300
    assert s.send("learn") == ["learned"]
    assert s.send("analyze") == []
    assert s.send("set myname Someone") == []
    assert s.send("F5") == [] and s.engine.game.moves_text() == "f5"  # NBoard 1.1's bare move
    assert s.send("ping 7") == ["pong 7"]
    s.engine.handle("quit")
    assert s.engine.ended


def test_ping_during_a_search_stops_it_and_answers_first():
    s = session(level=8)
    s.send("set depth 20")
    s.send(f"set game {ggf_game('f5f6e6f4')}")
    searches = record_searches(s.engine)
    assert s.send("go", wait=False)[0] == "status Plies is thinking"
    s.wait_for_line("nodestats")  # a depth is done: there is a best move so far
    s.engine.handle("ping 5")
    out = [line for line in s.new_lines() if not line.startswith("nodestats")]
    assert re.fullmatch(r"=== [a-h][1-8]/[+-]\d+\.\d\d/\d+\.\d\d", out[0])
    assert out[1:] == ["status Plies is waiting", "pong 5"]
    assert [r.stopped for r in searches] == [True]  # by the ping, not its own 6 s (level 8)


def test_quit_during_a_search_ends_without_an_answer():
    s = session(level=8)
    s.send("set depth 20")
    s.send(f"set game {ggf_game('f5f6e6f4')}")
    s.send("go", wait=False)
    s.wait_for_line("nodestats")  # the search is under way
    s.engine.handle("quit")
    assert s.engine.ended and not s.engine.thinker.busy
    assert not [line for line in s.new_lines() if line.startswith("===")]


def test_a_set_up_board_in_set_game():
    board = START[:19] + "*" + START[20:]  # an extra black disc on d3
    s = session()
    assert s.send(f"set game {ggf_game(board=board, side='O')}") == []
    game = s.engine.game
    assert game.turn == 1 and game.counts() == (3, 2) and game.move_stack == []


@pytest.mark.slow
def test_a_real_subprocess_session():
    engine = Subprocess("othello", "--level", "4")
    try:
        engine.send("nboard 2")
        engine.expect("set myname Plies", next_line=True)  # nothing before it
        engine.send("set depth 2")
        engine.send(f"set game {ggf_game('f5d6')}")
        engine.send("ping 1")
        engine.expect("pong 1")
        engine.send("go")
        move = engine.expect(r"=== .*")
        assert re.fullmatch(r"=== [a-h][1-8]/[+-]\d+\.\d\d/\d+\.\d\d", move)
        engine.send("hint 2")
        engine.expect(r"search .* 0 2")
        engine.send("move zz")
        engine.expect(r"status move zz refused: .*")
        engine.send("quit")
        assert engine.close() == 0
    finally:
        if engine.process.poll() is None:
            engine.process.kill()
            engine.process.wait()


def test_a_forced_pass_left_out_by_the_gui_is_filled_in():
    board = "*" * 8 * 6 + "******OO" + "******O-"
    s = session()
    s.send(f"set game {ggf_game(board=board, side='O')}")
    assert s.send("move h8") == []  # White must pass; Black's h8 follows
    assert s.engine.game.move_stack == [-1, 63] and s.engine.game.is_over()
    s.send(f"set game {ggf_game(board=board, side='O')}")
    assert s.send("move g1") == ["status move g1 refused: the square is taken"]
    assert s.engine.game.move_stack == []  # the pass was taken back too


def test_numbers_must_be_finite_ascii_and_in_range():
    """Infinity, 1e400, NaN, huge and non-ASCII digits: one status line each, nothing
    changes, and the engine answers the next ping (``int(float("inf"))`` raised)."""
    s = session()
    s.send(f"set game {ggf_game('f5d6')}")
    for line in ("set contempt inf", "set contempt -inf", "set contempt 1e400",
                 "set contempt nan", "set contempt 1e30", "set contempt ٣",
                 "set depth 1e400", "set depth ٣", "set depth 99999999999999999999",
                 "hint inf", "hint ٣", "hint 1000"):
        out = s.send(line, "ping 1")
        assert len(out) == 2 and out[0].startswith("status ") and out[1] == "pong 1", (line, out)
    assert s.engine.contempt == 0 and s.engine.depth == 3
    assert s.send("set contempt -12.5") == [] and s.engine.contempt == -12


def test_a_long_move_is_not_echoed_back_whole():
    s = session()
    for line in ("move " + "x" * 50_000, "move f" + "5" * 50_000, "x" * 50_000,
                 "set " + "y" * 50_000 + " 3"):
        [answer] = s.send(line)
        assert answer.startswith("status ") and len(answer) < 200, answer[:200]
    assert s.engine.game.moves_text() == ""


def test_a_stray_line_during_a_search_is_refused_at_once_and_quit_still_ends():
    s = session(level=8)
    s.send("set depth 20")  # a search of 10 s: far longer than any wait below
    s.send(f"set game {ggf_game('f5f6e6f4')}")
    searches = record_searches(s.engine)
    assert s.send("go", wait=False)[0] == "status Plies is thinking"
    s.engine.handle("hint 3")  # before: waited for the whole search
    s.engine.handle("move e3")
    assert s.engine.thinker.searching  # both refused without waiting for it
    status = [line for line in s.new_lines() if line.startswith("status ")]
    assert status == ["status hint ignored: Plies is still thinking (ping stops the search)",
                      "status move ignored: Plies is still thinking (ping stops the search)"]
    s.engine.handle("quit")
    assert s.engine.ended and [r.stopped for r in searches] == [True]
    assert s.engine.game.moves_text() == "f5f6e6f4"
