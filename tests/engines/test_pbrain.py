"""``plies engine gomoku``: the Gomocup (pbrain) protocol, command by command and error by error.

Coordinates are the protocol's: ``x,y`` from 0, ``y`` counted from the top, so on
15x15 ``7,7`` is h8 and ``0,0`` is a15.
"""

from __future__ import annotations

import doctest
import io
import re

import pytest

from game.cli import pbrain_main
from game.engines import pbrain, thinking, timing
from game.engines.pbrain import PbrainEngine
from game.rules import Gomoku
from tests.engines.helpers import Session, Subprocess, record_searches, without

MOVE = re.compile(r"\d{1,2},\d{1,2}")
ABOUT_LINE = 'name="Plies", version="0.1.0", author="The Plies authors", country="International"'
MESSAGE = re.compile(r"MESSAGE depth \d+ score (?:[+-]\d+|(?:win|loss)-in-\d+) nodes \d+ "
                     r"time \d+\.\d\d pv( \d+,\d+)+")


def session(level: int = 5, depth: int | None = 2) -> Session:
    stream = io.StringIO()
    engine = PbrainEngine(stream, level_number=level, seed=1)
    s = Session(engine, stream)
    if depth is not None:
        assert s.send(f"INFO max_depth {depth}") == []
    return s


def moves_of(lines: list[str]) -> list[str]:
    return [line for line in lines if MOVE.fullmatch(line)]


def board(*cells: tuple[int, int, int]) -> list[str]:
    return ["BOARD", *(f"{x},{y},{f}" for x, y, f in cells), "DONE"]


def test_doctests_of_the_engine_modules():
    for module in (pbrain, thinking, timing):
        assert doctest.testmod(module).failed == 0


def test_about_start_begin_turn_transcript():
    s = session()
    assert s.send("ABOUT") == [
        'name="Plies", version="0.1.0", author="The Plies authors", country="International"']
    assert s.send("START 15") == ["OK"]
    out = s.send("BEGIN")
    assert moves_of(out) == ["7,7"]  # the centre, h8
    assert all(MESSAGE.fullmatch(line) for line in without("7,7", out)), out
    out = s.send("TURN 8,8")
    [answer] = moves_of(out)
    game = s.engine.game
    assert game.moves_text() == "h8 i7 " + game.move_name(game.move_stack[2])
    assert answer != "8,8" and answer != "7,7"


def test_start_sizes_and_rectstart():
    s = session()
    assert s.send("START 20") == ["OK"] and s.engine.game.size == 20
    assert s.send("START 8") == ["ERROR unsupported size 8: a Gomoku board must be 9 to 25 "
                                 "cells wide, not 8"]
    assert s.send("START 26")[0].startswith("ERROR unsupported size 26")
    assert s.send("START") == ["ERROR START needs the board size, like START 15"]
    assert s.send("START fifteen") == ["ERROR START needs the board size, like START 15"]
    assert s.engine.game.size == 20  # the refused sizes changed nothing
    assert s.send("RECTSTART 15,15") == ["OK"] and s.engine.game.size == 15
    assert s.send("RECTSTART 15,20") == ["ERROR only square boards are supported, not 15x20"]
    assert s.send("RECTSTART 15") == ["ERROR RECTSTART needs width,height, like RECTSTART 15,15"]


def test_commands_before_start_are_errors_and_the_engine_keeps_running():
    s = session()
    for command in ("BEGIN", "TURN 7,7", "RESTART", "TAKEBACK 7,7", "YXNBEST 2",
                    "YXSHOWFORBID"):
        assert s.send(command) == ["ERROR no board yet: send START first"], command
    assert s.send(*board((7, 7, 1))) == ["ERROR no board yet: send START first"]
    assert s.send("START 15") == ["OK"]


def test_bad_turns_change_nothing():
    s = session()
    s.send("START 15")
    s.send("TURN 7,7")
    before = s.engine.game.moves_text()
    taken = s.engine.game.move_stack[1]
    x, row = s.engine.game.cell_xy(taken)
    assert s.send(f"TURN {x},{14 - row}") == [f"ERROR {x},{14 - row} is already taken"]
    assert s.send("TURN 15,3") == ["ERROR TURN: 15,3 is off the 15x15 board"]
    assert s.send("TURN 3") == ["ERROR TURN needs x,y, like TURN 7,7"]
    assert s.send("TURN -1,3") == ["ERROR TURN needs x,y, like TURN 7,7"]
    assert s.send("TURN a,b") == ["ERROR TURN needs x,y, like TURN 7,7"]
    assert s.engine.game.moves_text() == before
    assert len(moves_of(s.send("TURN 0,0"))) == 1  # still playing


def test_begin_needs_an_empty_board_and_restart_empties_it():
    s = session()
    s.send("START 15")
    s.send("BEGIN")
    assert s.send("BEGIN") == ["ERROR BEGIN needs an empty board: send RESTART first"]
    assert s.send("RESTART") == ["OK"]
    assert s.engine.game.move_stack == [] and s.engine.game.size == 15
    assert moves_of(s.send("BEGIN")) == ["7,7"]


def test_board_sets_the_position_and_the_brain_moves_for_the_side_to_move():
    s = session()
    s.send("START 15")
    # Black (the brain: as many stones as White) has four in row y=7: it must win.
    out = s.send(*board((5, 7, 1), (5, 8, 2), (6, 7, 1), (6, 8, 2), (7, 7, 1), (7, 8, 2),
                        (8, 7, 1), (0, 0, 2)))
    assert moves_of(out)[0] in ("4,7", "9,7")
    assert s.engine.game.is_over()
    # White (the brain: one stone fewer) must block Black's four in column x=3.
    s.send("RESTART")
    out = s.send(*board((3, 3, 2), (10, 10, 1), (3, 4, 2), (0, 14, 1), (3, 5, 2),
                        (14, 0, 1), (3, 6, 2)))
    assert moves_of(out)[0] in ("3,2", "3,7")
    assert s.engine.game.turn == 0 and s.engine.game.counts() == (4, 4)


def test_board_errors_leave_the_position_unchanged():
    s = session()
    s.send("START 15")
    s.send("TURN 7,7")
    before = s.engine.game.moves_text()
    cases = {
        ("7,7",): "ERROR BOARD line 1 '7,7' is not x,y,field",
        ("7,7,1", "7,7,2"): "ERROR BOARD line 2: 7,7 is given twice",
        ("7,7,3",): "ERROR BOARD field 3 (continuous game) is not supported",
        ("7,7,4",): "ERROR BOARD line 1: field must be 1 (mine) or 2 (the opponent's), not 4",
        ("20,7,1",): "ERROR BOARD line 1: 20,7 is off the 15x15 board",
        ("7,7,1", "8,8,1"): "ERROR BOARD gives me 2 stones and the opponent 0: the side to move "
                            "must have as many stones as the other, or one fewer",
    }
    for lines, error in cases.items():
        assert s.send("BOARD", *lines, "DONE") == [error], lines
    finished = [f"{x},7,1" for x in range(5)] + [f"{x},9,2" for x in range(5)]
    assert s.send("BOARD", *finished, "DONE") == [
        "ERROR BOARD holds a finished game (five in a row): there is no move to make"]
    assert s.engine.game.moves_text() == before
    assert s.send("BOARD", "DONE")[-1] == "7,7"  # an empty BOARD: the brain opens


def test_takeback_and_its_errors():
    s = session()
    s.send("START 15")
    s.send("TURN 7,7")
    game = s.engine.game
    x, row = game.cell_xy(game.move_stack[-1])
    assert s.send("TAKEBACK 7,7") == ["ERROR 7,7 is not the last move, so it cannot be taken back"]
    assert s.send(f"TAKEBACK {x},{14 - row}") == ["OK"]
    assert s.engine.game.moves_text() == "h8"
    assert s.send("TAKEBACK 7,7") == ["OK"]
    assert s.send("TAKEBACK 7,7") == ["ERROR 7,7 is not the last move, so it cannot be taken back"]
    assert s.send("TAKEBACK x") == ["ERROR TAKEBACK needs x,y, like TAKEBACK 7,7"]


def test_info_keys_values_and_rules():
    s = session(depth=None)
    for line in ("INFO timeout_turn 5000", "INFO timeout_match 180000", "INFO time_left 90000",
                 "INFO max_memory 83886080", "INFO game_type 1", "INFO folder C:\\brains",
                 "INFO evaluate 3,4", "INFO thread_num 4", "INFO max_depth 3",
                 "INFO max_node 100000"):
        assert s.send(line) == [], line
    settings = s.engine.settings
    assert (settings.timeout_turn, settings.timeout_match, settings.time_left) == (5000, 180000,
                                                                                   90000)
    assert settings.max_memory == 83886080 and settings.folder == "C:\\brains"
    limits = s.engine.limits()
    assert limits.depth == 3 and limits.nodes == 100000
    assert limits.seconds == timing.move_budget(5000, 180000, 90000)
    # A refused INFO is answered at the next command that is not INFO, never at once.
    assert s.send("INFO timeout_turn soon", "INFO") == []
    assert s.send("ABOUT") == [
        "ERROR INFO timeout_turn needs a whole number, not 'soon'",
        "ERROR INFO needs a key and a value, like INFO timeout_turn 5000", ABOUT_LINE]
    assert s.send("INFO timeout_match -5") == []
    assert s.send("ABOUT") == ["ERROR INFO timeout_match must not be negative, not -5",
                               ABOUT_LINE]
    assert s.send("ABOUT") == [ABOUT_LINE]  # said once
    assert s.send("INFO max_node -1", "INFO max_depth 0") == []  # Yixin-Board: no limit
    assert s.engine.limits().nodes is None
    assert s.engine.limits().depth == s.engine.level.depth  # the level's own
    s.send("INFO max_depth 3", "INFO max_node 100000")
    assert s.engine.settings.timeout_turn == 5000
    assert s.send("INFO rule 1") == [] and s.engine.settings.rule == "standard"
    s.send("START 15")
    assert s.engine.game.rule == "standard"
    for code in (2, 4):  # Yixin-Board's and Gomocup's renju
        assert s.send(f"INFO rule {code}") == [] and s.engine.settings.rule == "renju"
    assert s.send("INFO rule 8") == []  # refused at the next command, not at once
    assert s.engine.settings.rule == "renju"  # unchanged
    assert s.send("ABOUT") == ["ERROR rule 8 is not supported: use 0 (freestyle) or 1 "
                               "(exactly five)", ABOUT_LINE]
    assert s.send("INFO rule 0") == [] and s.send("TURN 7,7")  # a rule change after START
    assert s.engine.game.rule == "freestyle"


def test_renju_forbidden_points_and_moves():
    s = session()
    s.send("INFO rule 4", "START 15")
    # Black: f8 g8 and h7 h6, so h8 (7,7) makes two open threes: forbidden.
    s.engine.game = pbrain.stones_position(15, "renju", [_cell("f8"), _cell("g8"), _cell("h7"),
                                                         _cell("h6")],
                                           [_cell("a1"), _cell("o1"), _cell("a15"),
                                            _cell("o15")])
    assert s.send("YXSHOWFORBID") == ["FORBID 0707."]
    assert s.send("TURN 7,7") == [
        "ERROR 7,7 cannot be played: h8 is a double-three: forbidden for Black in renju"]
    [move] = moves_of(s.send("TURN 7,0"))  # Black's h15 is allowed; the brain (White) answers
    game = s.engine.game
    assert game.turn == 0 and game.counts() == (5, 5)
    s.send("RESTART")
    assert s.send("YXSHOWFORBID") == ["FORBID ."]


def _cell(name: str) -> int:
    return Gomoku(15).parse_move(name)


def test_the_clock_bounds_the_search():
    s = session(level=8, depth=None)
    assert s.engine.limits().seconds == 6.0  # level 8's own cap, no clock given
    s.send("INFO timeout_turn 1000")
    assert s.engine.limits().seconds == pytest.approx(0.55)
    s.send("INFO timeout_match 100000", "INFO time_left 4000")
    assert s.engine.limits().seconds == pytest.approx(0.05)  # nearly out: the minimum
    s.send("INFO timeout_turn 0")
    assert s.engine.limits().seconds == timing.MIN_BUDGET


def test_a_negative_time_left_is_taken():
    """The Gomocup protocol allows ``time_left`` below zero (the brain overran the match
    clock): taken without an ERROR, and the next move gets the least budget."""
    s = session(level=8, depth=None)
    assert s.send("INFO timeout_match 100000", "INFO time_left -250") == []
    assert s.engine.settings.time_left == -250
    assert s.engine.limits().seconds == timing.MIN_BUDGET
    assert s.send("START 15") == ["OK"]  # nothing owed: no ERROR before the answer


def test_unknown_commands_and_yixin_extensions():
    s = session()
    assert s.send("HELLO there") == ["UNKNOWN HELLO is not a command I know"]
    s.send("START 15")
    assert s.send("YXSHOWFORBID") == ["FORBID ."]
    assert s.send("YXNBEST 0") == ["ERROR YXNBEST needs 1 to 225 moves, not 0"]
    assert s.send("YXSTOP") == []  # nothing to stop: nothing to say
    s.send("TURN 7,7")
    before = s.engine.game.moves_text()
    out = s.send("YXNBEST 3")
    best = [re.fullmatch(r"MESSAGE best (\d) (\d+,\d+) score ([+-]\d+) pv (\d+,\d+(?: \d+,\d+)*)",
                         line) for line in out if line.startswith("MESSAGE best")]
    assert len(best) == 3 and all(best), out
    assert [b[1] for b in best] == ["1", "2", "3"]
    assert len({b[2] for b in best}) == 3  # three different moves
    scores = [int(b[3]) for b in best]
    assert scores == sorted(scores, reverse=True)  # best first, each exact
    assert all(b[4].startswith(b[2]) for b in best)  # each line starts with its move
    assert moves_of(out) == [best[0][2]]
    assert s.engine.game.moves_text() == before  # analysis: the move is not played


def test_lines_end_in_cr_lf_and_case_does_not_matter():
    s = session()
    assert s.send("start 15\r\n") == ["OK"]
    assert moves_of(s.send("begin\r\n")) == ["7,7"]


def test_yxstop_answers_at_once_with_the_best_move_so_far():
    s = session(level=8, depth=None)  # depth 9 within 6 s: far more than the test waits
    s.send("START 15")
    searches = record_searches(s.engine)
    s.send("BOARD", "7,7,2", "8,8,1", "8,7,2", "6,7,1", "6,8,2", "9,6,1", "DONE", wait=False)
    s.wait_for_line("MESSAGE depth")  # a depth is done: there is a best move so far
    s.engine.handle("YXSTOP")  # returns once the answer is written
    out = s.new_lines()
    [move] = moves_of(out)
    x, y = map(int, move.split(","))
    game = s.engine.game
    assert game.move_stack[-1] == game.cell_index(x, 14 - y) and game.counts() == (4, 3)
    # It answered because it was stopped, not because its own 6 s ran out.
    assert [r.stopped for r in searches] == [True]


def test_end_during_a_search_ends_at_once_without_a_move():
    s = session(level=8, depth=None)
    s.send("START 15")
    searches = record_searches(s.engine)
    s.send("TURN 7,7", wait=False)
    s.wait_for_line("MESSAGE depth")  # the search is under way
    s.engine.handle("END")
    assert s.engine.ended and not s.engine.thinker.busy
    assert moves_of(s.new_lines()) == []
    assert [r.stopped for r in searches] == [True]  # ended by END, not by its own 6 s


def test_info_and_about_are_answered_while_thinking():
    s = session(level=8, depth=None)
    s.send("START 15")
    s.send("TURN 7,7", wait=False)
    s.wait_for_line("MESSAGE depth")
    s.engine.handle("INFO timeout_turn 2000")
    s.engine.handle("ABOUT")
    assert s.engine.thinker.busy  # neither waited for the search
    assert s.engine.settings.timeout_turn == 2000
    s.engine.handle("YXSTOP")
    out = s.new_lines()
    assert any(line.startswith('name="Plies"') for line in out) and len(moves_of(out)) == 1


def test_start_during_a_search_drops_its_move():
    s = session(level=8, depth=None)
    s.send("START 15")
    s.send("TURN 7,7", wait=False)
    s.wait_for_line("MESSAGE depth")
    out = s.send("START 15")
    assert out[-1] == "OK" and moves_of(out) == []  # progress lines may come before
    assert s.engine.game.move_stack == [] and not s.engine.thinker.busy


def test_end_of_input_ends_the_session():
    stream = io.StringIO()
    engine = PbrainEngine(stream, level_number=5)
    engine.run(["START 15", "INFO max_depth 1"])
    assert stream.getvalue() == "OK\n" and not engine.thinker.busy


def test_stones_position_gives_the_side_to_move():
    game = pbrain.stones_position(15, "freestyle", [119, 120], [121])
    assert game.turn == 1 and game.counts() == (2, 1)
    assert game.key() == pbrain.stones_position(15, "freestyle", [120, 119], [121]).key()
    assert isinstance(game, Gomoku)


def test_a_real_subprocess_session():
    engine = Subprocess("gomoku", "--level", "5")
    try:
        engine.send("ABOUT")
        # The very first line: nothing (a library banner, a warning) may come before it.
        assert engine.expect(r'name="Plies".*', next_line=True).startswith('name="Plies"')
        engine.send("START 15")
        engine.expect("OK")
        engine.send("INFO max_depth 2")
        engine.send("INFO timeout_turn 2000")
        engine.send("BEGIN")
        assert engine.expect(r"\d+,\d+") == "7,7"
        engine.send("TURN 8,8")
        engine.expect(r"\d+,\d+")
        engine.send("TURN 99,1")
        assert engine.expect(r"ERROR.*") == "ERROR TURN: 99,1 is off the 15x15 board"
        engine.send("END")
        assert engine.close() == 0
    finally:
        if engine.process.poll() is None:
            engine.process.kill()
            engine.process.wait()


def test_pbrain_plies_script_is_plies_engine_gomoku(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("START 15\nABOUT\nEND\n"))
    assert pbrain_main(["--level", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "OK" and out[1].startswith('name="Plies"')
    assert pbrain_main(["--level", "9"]) == 2


def test_swap2board_the_three_phases(monkeypatch):
    s = session()
    s.send("INFO rule 1", "START 15")
    # Phase 1: the opener places three stones, Black in the centre first.
    [answer] = s.send("SWAP2BOARD", "DONE")
    stones = answer.split()
    assert len(stones) == 3 and stones[0] == "7,7" and len(set(stones)) == 3
    assert all(re.fullmatch(r"\d+,\d+", xy) for xy in stones)
    # Phase 2: Black clearly better (two black stones together, White's far away): swap.
    assert s.send("SWAP2BOARD", "7,7", "0,0", "8,7", "DONE") == ["SWAP"]
    # The other two answers (which one is chosen is ai.openings'; here it is forced):
    # stay White and play the 4th move, or place two more stones.
    monkeypatch.setattr(pbrain.openings, "choose", lambda *args: ("white", "better"))
    [answer] = s.send("SWAP2BOARD", "0,0", "7,7", "14,14", "DONE")
    assert re.fullmatch(r"\d+,\d+", answer) and answer not in ("0,0", "7,7", "14,14")
    monkeypatch.setattr(pbrain.openings, "choose", lambda *args: ("place-two", "even"))
    [answer] = s.send("SWAP2BOARD", "7,7", "8,8", "6,8", "DONE")
    assert re.fullmatch(r"\d+,\d+ \d+,\d+", answer)
    assert not set(answer.split()) & {"7,7", "8,8", "6,8"}
    monkeypatch.undo()
    # Phase 3: after five stones, SWAP or the 6th move.
    [answer] = s.send("SWAP2BOARD", "7,7", "8,8", "6,8", "9,9", "5,9", "DONE")
    assert answer == "SWAP" or re.fullmatch(r"\d+,\d+", answer)
    assert s.engine.game.move_stack == []  # the board waits for the manager's BOARD


def test_swap2board_errors():
    s = session()
    s.send("START 15")
    assert s.send("SWAP2BOARD", "7,7", "8,8", "DONE") == [
        "ERROR SWAP2BOARD needs 0, 3 or 5 stones, not 2"]
    assert s.send("SWAP2BOARD", "7,7", "7,7", "1,1", "DONE") == [
        "ERROR SWAP2BOARD line 2: 7,7 is given twice"]
    assert s.send("SWAP2BOARD", "7,7,1", "DONE") == [
        "ERROR SWAP2BOARD line 1 '7,7,1' is not x,y"]
    assert s.send("SWAP2BOARD", "7,7", "8,8", "30,1", "DONE") == [
        "ERROR SWAP2BOARD line 3: 30,1 is off the 15x15 board"]


def test_garbled_bytes_and_endless_lines_never_end_the_engine():
    import subprocess
    import sys

    from tests.engines.helpers import ROOT

    data = (b"ST\xff\xfeART 15\r\n" + b"x" * 250_000 + b"\nSTART 15\r\nABOUT\r\nEND\r\n")
    done = subprocess.run([sys.executable, "-m", "game", "engine", "gomoku"], input=data,
                          capture_output=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
                          timeout=60)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0
    assert lines[0].startswith("UNKNOWN ST\ufffd\ufffdART")
    assert all(line == "UNKNOWN " + "x" * 30 + "... is not a command I know"
               for line in lines[1:4])  # the long line, in bounded pieces
    assert lines[4:] == ["OK", ABOUT_LINE]


def test_digits_of_other_scripts_are_not_numbers():
    """Arabic-Indic ``٣,٤`` is not ``3,4``: Python's ``int`` and ``\\d`` take them."""
    s = session()
    assert s.send("START ١٥")[0].startswith("ERROR")
    assert s.send("START 15") == ["OK"]
    for line in ("TURN ٣,٤", "YXNBEST ٣", "TAKEBACK ٣,٤"):
        [answer] = s.send(line)
        assert answer.startswith("ERROR"), (line, answer)
    assert s.send("INFO timeout_turn ٥٠٠٠") == []
    assert s.send("ABOUT")[0].startswith("ERROR INFO timeout_turn needs")
    assert s.send("BOARD", "٣,٤,1", "DONE")[0].startswith("ERROR BOARD line 1")
    assert s.engine.game.move_stack == [] and s.engine.settings.timeout_turn is None


def test_numbers_out_of_range_are_refused():
    s = session()
    s.send("START 15")
    assert s.send("YXNBEST 999999999999") == [
        "ERROR YXNBEST needs 1 to 225 moves, not 999999999999"]
    assert s.send("INFO timeout_turn 1e400", "ABOUT")[0].startswith(
        "ERROR INFO timeout_turn needs")
    assert s.send("INFO timeout_turn 9999999999999", "ABOUT")[0].startswith("ERROR")  # 13 digits


def test_unknown_escapes_control_characters():
    s = session()
    [answer] = s.send("\x1b[2J\x00\x07 x")
    assert answer == "UNKNOWN \\x1b[2J\\x00\\x07 is not a command I know"
    assert all(c.isprintable() for c in answer)


def _xy_of(game: Gomoku, move: int) -> str:
    """The protocol's x,y (row from the top) of ``move``."""
    col, row = game.cell_xy(move)
    return f"{col},{game.size - 1 - row}"


def _long_search(s: Session) -> None:
    """A search of about 14 s (20 s a move): far longer than any wait below."""
    s.send("INFO timeout_turn 20000", "START 15")
    s.send("TURN 7,7", wait=False)
    assert s.engine.thinker.searching


@pytest.mark.parametrize("stray", ["TURN 8,8", "BEGIN", "TAKEBACK 7,7", "YXNBEST 2"])
def test_a_stray_line_during_a_search_is_refused_at_once_and_end_still_ends(stray):
    s = session(level=8, depth=None)
    searches = record_searches(s.engine)
    _long_search(s)
    s.engine.handle(stray)  # before: waited for the whole search
    assert s.engine.thinker.searching  # refused without waiting for it
    assert [line for line in s.new_lines() if line.startswith("ERROR")] == [
        f"ERROR {stray.split()[0]} ignored: I am still thinking (YXSTOP gives my move now)"]
    s.engine.handle("END")
    assert s.engine.ended
    assert moves_of(s.new_lines()) == [] and not s.engine.thinker.busy
    assert [r.stopped for r in searches] == [True]  # ended by END, not by its own 6 s


def test_yxstop_after_a_stray_turn_answers_at_once():
    s = session(level=8, depth=None)
    searches = record_searches(s.engine)
    _long_search(s)
    s.engine.handle("TURN 8,8")
    assert s.engine.thinker.searching  # the stray TURN did not wait for the search
    s.engine.handle("YXSTOP")
    assert [r.stopped for r in searches] == [True]
    [move] = moves_of(s.new_lines())
    game = s.engine.game
    assert game.move_stack[0] == game.parse_move("h8") and move == _xy_of(game, game.move_stack[1])
    # The next turn's own search is not what this is about: depth 2 (INFO between two
    # turns, as a manager sends it), not level 8's seconds of search.
    assert s.send("INFO max_depth 2") == []
    assert s.send("TURN 8,8")  # the search is over: the next turn is taken
    assert s.engine.game.move_name(s.engine.game.move_stack[2]) == "i7"


def test_a_stray_board_block_is_refused_at_its_done():
    s = session(level=8, depth=None)
    _long_search(s)
    s.engine.handle("BOARD")
    s.engine.handle("1,1,1")
    s.engine.handle("DONE")
    assert s.engine.thinker.searching  # refused at its DONE without waiting
    assert "ERROR BOARD ignored: I am still thinking (YXSTOP gives my move now)" in s.new_lines()
    s.engine.handle("END")
    assert s.engine.game.move_stack == [s.engine.game.parse_move("h8")]
