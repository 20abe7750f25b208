"""GTP for Othello, both ways: GRhino (the Debian package ``grhino``, ``/usr/games/gtp-rhino``)
as a player inside Plies, Plies' own ``plies engine othello --protocol gtp`` as a GTP
engine, and GRhino playing against it through a small referee written here.

The GTP answers expected below are the protocol's (GTP version 2, section 2.6: ``=``
or ``?``, an optional id, the text, an empty line); every move of every game is checked
with Plies' rules.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.engines import gtp
from game.engines.detect import detect_protocol, player_for
from game.engines.external import EngineError, EngineFault
from game.engines.gtp import GtpEngine, GtpPlayer
from game.rules import PASS, Othello

ROOT = Path(__file__).resolve().parents[2]
RHINO = shutil.which("gtp-rhino") or shutil.which("gtp-rhino", path="/usr/games")
needs_rhino = pytest.mark.skipif(
    RHINO is None, reason="GRhino is not installed (apt-get install grhino puts gtp-rhino "
                          "in /usr/games)")
PLIES_GTP = f"{sys.executable} -m game engine othello --protocol gtp --level 1"


@pytest.fixture(autouse=True)
def importable(monkeypatch):
    """``plies engine`` started by the tests finds the ``game`` package."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def test_doctest():
    import doctest

    assert doctest.testmod(gtp).failed == 0


def session(*lines: str, level: int = 1) -> list[tuple[str, str]]:
    """Each command's answer as ``(status-and-id, text)``; answers end with an empty line."""
    out = io.StringIO()
    engine = GtpEngine(out, level)
    engine.run(lines)
    blocks = out.getvalue().split("\n\n")
    assert blocks[-1] == ""  # every answer, the last too, ends with an empty line
    answers = []
    for block in blocks[:-1]:
        match = re.fullmatch(r"([=?]\d*) ?(.*)", block, re.DOTALL)
        assert match, block
        answers.append((match[1], match[2]))
    return answers


def test_the_core_commands_answer_as_gtp_says():
    answers = session("protocol_version", "5 name", "known_command genmove",
                      "known_command fly", "boardsize 9", "boardsize 8", "frobnicate",
                      "play black d3", "play white d3", "play black", "play red c4",
                      "# a comment", "", "quit", "name")
    assert answers == [
        ("=", "2"), ("=5", "Plies"), ("=", "true"), ("=", "false"),
        ("?", "unacceptable size"), ("=", ""), ("?", "unknown command"), ("=", ""),
        # GTP 2 (section 6.3, play): the failure is "illegal move"; Plies adds the reason
        ("?", "illegal move: the square is taken"), ("?", "syntax error"),
        ("?", "syntax error: the colour is black or white"), ("=", ""),
    ]  # nothing after quit


def test_quarry_finds_an_othello_engine():
    """The commands Quarry sends, in its order (Quarry's ``gtp-client.c``:
    ``protocol_version``, ``name``, ``version``, ``list_commands``; ``list_games`` only
    when listed, else the engine is a Go engine; then ``set_game Othello``, whose answer
    must be empty, ``boardsize``, ``clear_board``, ``komi %.f``, ``time_settings``, the
    moves, ``time_left COLOUR SECONDS MOVES`` in whole numbers, ``genmove``)."""
    answers = session("protocol_version", "name", "version", "list_commands", "list_games",
                      "set_game Othello", "boardsize 8", "clear_board", "komi 0",
                      "time_settings 600 0 0", "play black f5", "time_left white 599 0",
                      "genmove white", "set_game Go", "quit")
    assert answers[0] == ("=", "2") and answers[1] == ("=", "Plies")
    commands = answers[3][1].split("\n")
    # Quarry refuses a command list with an empty line or a space in a line.
    assert all(c and " " not in c for c in commands)
    assert {"list_games", "set_game", "time_left", "genmove", "play"} <= set(commands)
    # Quarry compares the one listed game with its own name for GM[2], "Othello".
    assert answers[4] == ("=", "Othello")
    assert answers[5:10] == [("=", "")] * 5
    assert answers[10:12] == [("=", "")] * 2
    head, move = answers[12]
    after_f5 = Othello()
    after_f5.play(after_f5.parse_move("f5"))
    assert head == "=" and after_f5.parse_move(move) in after_f5.legal_moves()
    assert answers[13] == ("?", "unsupported game: this engine plays Othello")
    assert answers[14] == ("=", "")


def test_quit_stops_a_running_search(monkeypatch):
    """``genmove`` searches on a thread of its own; ``quit`` stops it (the move is then
    answered at once with the best so far, then ``quit``). The search here waits for its
    stop event: without the stop it would answer only after a minute."""
    engine = GtpEngine(io.StringIO(), 8)
    searching = threading.Event()

    def search(game, limits, stop=None):
        searching.set()
        stopped = stop.wait(60)
        move = game.legal_moves()[0] if stopped else PASS
        return type("Result", (), {"move": move})()

    monkeypatch.setattr(engine.searcher, "search", search)

    def lines():
        yield "1 genmove black"
        assert searching.wait(30)
        yield "2 quit"

    engine.run(lines())
    assert engine.output.getvalue() == f"=1 {Othello().move_name(Othello().legal_moves()[0])}" \
        "\n\n=2\n\n"


def test_a_command_during_a_search_waits_for_its_answer(monkeypatch):
    """GTP answers in order: ``showboard`` sent while ``genmove`` searches is answered
    after the move, and shows it."""
    engine = GtpEngine(io.StringIO(), 1)
    engine.handle("genmove black")
    engine.handle("showboard")  # waits for the move's answer
    answers = engine.output.getvalue().split("\n\n")
    move = Othello().parse_move(answers[0].removeprefix("= "))
    after = Othello()
    after.play(move)
    assert answers[1] == "=\n" + str(after)  # (trailing spaces go, as GTP asks)


def test_time_left_is_kept_per_colour(monkeypatch):
    """``time_left white 1 1`` after ``time_left black 600 0`` bounds White's move, not
    Black's: Black has 600 s for about 20 moves (30 s, so the level's own limit), White
    1 s for its next move: 70% of it less 0.15 s (``game.engines.timing``) = 0.55 s."""
    from ai.levels import level

    engine = GtpEngine(io.StringIO(), 8)
    seen: list[float | None] = []

    def search(game, limits, stop=None):
        seen.append(limits.seconds)
        move = game.legal_moves()[0]
        return type("Result", (), {"move": move})()

    monkeypatch.setattr(engine.searcher, "search", search)
    engine.run(["time_left black 600 0", "time_left white 1 1", "genmove black",
                "genmove white"])
    own = level("othello", 8).limits(engine.evaluator.unit).seconds
    assert own is not None and own < 30 * 0.7
    assert seen == [own, pytest.approx(0.55)]


def test_genmove_plays_a_legal_move_and_undo_takes_it_back():
    answers = session("genmove black", "showboard", "undo", "showboard", "undo")
    head, move = answers[0]
    assert head == "=" and Othello().parse_move(move) in Othello().legal_moves()
    board_after, board_before = answers[1][1], answers[3][1]
    assert (board_after.count("X"), board_after.count("O")) == (4, 1 + 1)  # and the legend's O
    assert board_before == "\n" + str(Othello())
    assert answers[4] == ("?", "cannot undo")


def test_a_pass_is_put_in_for_the_side_that_must_pass():
    """A set-up board, White to move with no move::

        XXXXXXXX (rows 1-6 all Black)
        XXXXXXOO
        XXXXXXO-

    ``genmove white`` answers ``pass``; ``genmove black`` then plays h8, the only
    square (it flanks g8 and g7... through the White discs next to it)."""
    engine = GtpEngine(io.StringIO(), 1)
    engine.game = Othello.from_board("X" * 8 * 6 + "XXXXXXOO" + "XXXXXXO-", 1)
    assert engine.game.legal_moves() == [PASS]
    engine.handle("genmove white")
    engine.handle("genmove black")
    engine.thinker.wait()  # genmove answers from its search's thread
    answers = engine.output.getvalue().split("\n\n")
    assert answers[0] == "= pass"
    assert answers[1] == "= h8"
    assert engine.game.move_stack == [PASS, engine.game.parse_move("h8")]


def test_final_score_gives_the_empty_squares_to_the_winner():
    engine = GtpEngine(io.StringIO(), 1)
    engine.game = Othello.from_board("X" * 62 + "-O", 0)  # nobody can move on g8
    engine.handle("final_score")
    assert engine.output.getvalue() == "= B+62\n\n"  # 62 - 1, and the empty g8


def test_the_protocol_is_found_by_asking():
    game = Othello()
    assert detect_protocol(game, PLIES_GTP) == "gtp"
    assert detect_protocol(game, f"{sys.executable} -m game engine othello") == "nboard"
    assert isinstance(player_for(game, PLIES_GTP, protocol="gtp"), GtpPlayer)
    with player_for(game, "/nonexistent/engine") as player, \
            pytest.raises(EngineError, match="cannot be started"):
        player.best_move(game)


@needs_rhino
@pytest.mark.slow
def test_the_dialogs_grhino_levels_never_lose_on_time():
    """Every GRhino level the new-game dialog offers plays a whole game without losing on
    time, started as the window starts it (``player_for`` with the found command), at
    the dialog's shortest time per move: GRhino ignores the clock, so the shortest time
    is the tightest deadline (0.5 s, plus the tolerance of ``game.engines.external``).
    Its levels 4 (up to about 2 s a move on a loaded machine) and 5 (minutes) are not
    offered."""
    import random

    from game.clock import MOVE_SECONDS
    from game.engines.detect import forced_protocol
    from game.engines.found import found_engines

    offered = [f for f in found_engines("othello") if f.label.startswith("GRhino")]
    assert [f.label for f in offered] == [f"GRhino level {n}" for n in (1, 2, 3)]
    seconds = min(MOVE_SECONDS)
    for index, found in enumerate(offered):
        game = Othello()
        rhino_side, rng = index % 2, random.Random(index)
        player = player_for(game, found.command, seconds,
                            protocol=forced_protocol("othello", found.protocol))
        with player:
            while not game.is_over():
                if game.turn == rhino_side:
                    game.play(player.best_move(game))  # EngineFault when late: a loss
                else:
                    game.play(rng.choice(game.legal_moves()))
        assert game.outcome() is not None, found.label


def play_out(player, game: Othello, plies_side: int | None = None) -> Othello:
    """Play ``game`` to the end: ``player`` for both sides, or for one side with Plies'
    own first legal move for ``plies_side``; every move through ``play`` (checked)."""
    while not game.is_over():
        if game.turn == plies_side:
            game.play(game.legal_moves()[0])
        else:
            game.play(player.best_move(game))
    return game


def test_the_gtp_player_against_plies_gtp_engine():
    """Plies' client and Plies' server: a whole game, with passes, taken back and
    replayed after an undo (the client then starts the engine's board again)."""
    with GtpPlayer(PLIES_GTP, seconds=10) as player:
        game = play_out(player, Othello(), plies_side=0)
        assert game.outcome() is not None
        assert player.engine_name == "Plies"
        for _ in range(5):
            game.pop()
        while game.legal_moves() == [PASS] or game.turn == 0:
            game.play(game.legal_moves()[0])
        assert player.best_move(game) in game.legal_moves()


def test_a_set_up_board_needs_an_engine_that_can_take_one():
    game = Othello.from_board("-" * 19 + "X" + "-" * 7 + "OX------XO" + "-" * 27, 1)
    with GtpPlayer(PLIES_GTP, seconds=10) as player, \
            pytest.raises((EngineError, EngineFault), match="cannot be given a set-up board over GTP"):
        player.best_move(game)


@needs_rhino
def test_a_whole_game_against_grhino():
    """GRhino level 1 plays both colours against Plies' first legal move, every move
    checked by Plies' rules; GRhino's passes are its own (no ``play ... pass``)."""
    with player_for(Othello(), f"{RHINO} -l 1", seconds=30) as player:
        for side in (0, 1):
            game = play_out(player, Othello(), plies_side=side)
            assert game.outcome() is not None
            assert sum(1 for m in game.move_stack if m != PASS) == \
                (game.black | game.white).bit_count() - 4
        assert player.protocol == "gtp"  # found by asking
        assert player.engine_name == "GTP GRhino"  # its answer to "name"


@needs_rhino
def test_grhino_takes_a_set_up_board():
    """``grhino-setup_board``: Black's d3 already played, White to move; GRhino's answer
    must be one of White's legal moves in that position."""
    game = Othello.from_board("-" * 19 + "X" + "-" * 7 + "OX------XO" + "-" * 27, 1)
    with GtpPlayer(f"{RHINO} -l 1", seconds=30) as player:
        for _ in range(6):
            game.play(player.best_move(game))
            game.play(game.legal_moves()[0])


class Engine:
    """A GTP engine process for the referee: ``ask`` sends a command, returns the text."""

    def __init__(self, command: str) -> None:
        self.process = subprocess.Popen(command.split(), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1,
                                        env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.timer: threading.Timer | None = None

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        timer = threading.Timer(60, self.process.kill)  # a hung engine fails, never hangs
        timer.start()
        try:
            lines = []
            while True:
                line = self.process.stdout.readline()
                assert line, f"the engine ended while answering {command!r}"
                if line.strip() == "" and lines:
                    break
                if line.strip():
                    lines.append(line.strip())
        finally:
            timer.cancel()
        assert lines[0].startswith("="), f"{command!r}: {lines}"
        return " ".join([lines[0][1:].strip(), *lines[1:]]).strip()

    def close(self) -> None:
        try:
            self.ask("quit")
        except AssertionError:
            pass
        self.process.wait(10)


@needs_rhino
def test_grhino_plays_plies_gtp_engine_through_a_referee():
    """The referee asks the side to move for a move and tells the other engine; a
    side with no move is not asked (both engines pass for themselves)."""
    colours = ("black", "white")
    for engines in ([Engine(PLIES_GTP), Engine(f"{RHINO} -l 1")],):  # by colour
        try:
            for engine in engines:
                engine.ask("boardsize 8")
                engine.ask("clear_board")
            game = Othello()
            while not game.is_over():
                if game.legal_moves() == [PASS]:
                    game.play(PASS)
                    continue
                mover = game.turn
                answer = engines[mover].ask(f"genmove {colours[mover]}")
                game.play(game.parse_move(answer))  # checked by Plies' rules
                engines[1 - mover].ask(f"play {colours[mover]} {answer}")
            assert game.outcome() is not None and game.ply >= 58
        finally:
            for engine in engines:
                engine.close()


@needs_rhino
def test_a_match_against_grhino_names_it_and_has_no_forfeit(capsys, tmp_path):
    import json

    from game.cli import main

    code = main(["match", "othello", "--a", "level=1", "--b", f"engine={RHINO} -l 1",
                 "--games", "2", "--jobs", "1", "--out", str(tmp_path), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["b_engine"] == "GRhino level 1" and report["a_engine"] is None
    assert (report["a_forfeits"], report["b_forfeits"]) == (0, 0)
    assert all(r["reason"] == "no moves left" for r in report["results"])


def test_plies_engine_protocol_option(capsys):
    from game.cli import main
    from tests.engines.helpers import Subprocess

    assert main(["engine", "gomoku", "--protocol", "gtp"]) == 2
    assert "speaks Gomocup (pbrain), not gtp" in capsys.readouterr().err
    engine = Subprocess("othello", "--protocol", "gtp", "--level", "1")
    engine.send("1 protocol_version")
    engine.expect(r"=1 2", next_line=True)
    engine.expect(r"", next_line=True)  # every GTP answer ends with an empty line
    engine.send("quit")
    engine.expect(r"=", next_line=True)
    assert engine.close() == 0
