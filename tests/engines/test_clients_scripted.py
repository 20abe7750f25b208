"""Plies' side of each protocol, in-process: the player against a scripted engine
(``tests.engines.mock_transport``), every line Plies sends asserted, no process, no sleep.

The conversations follow the protocols' own pages: GTP version 2 (answers ``=``/``?``, an
empty line after each), NBoard (``ping``/``pong``, ``=== MOVE``), the Gomocup protocol
(``x,y`` with ``y`` counted from the top: on 15x15, ``7,7`` is h8 and ``8,8`` is i7).
"""

from __future__ import annotations

import re

import pytest

from game.engines import external
from game.engines.external import EngineError, EngineFault, NBoardPlayer, PbrainPlayer
from game.engines.gtp import GtpPlayer
from game.rules import Gomoku, Othello
from tests.engines.mock_transport import Script, install

GTP_READY = [
    (">", "protocol_version"), ("<", "= 2"), ("<", ""),
    (">", "list_commands"), ("<", "= protocol_version"), ("<", "list_commands"),
    ("<", "name"), ("<", "boardsize"), ("<", "clear_board"), ("<", "play"),
    ("<", "genmove"), ("<", "time_settings"), ("<", ""),
    (">", "name"), ("<", "= GRhino"), ("<", ""),
    (">", "boardsize 8"), ("<", "="), ("<", ""),
    (">", "time_settings 0 5 1"), ("<", "="), ("<", ""),  # byo-yomi: 5 s every move
    (">", "clear_board"), ("<", "="), ("<", ""),
]


@pytest.fixture(autouse=True)
def no_settling(monkeypatch):
    monkeypatch.setattr(external, "SETTLE_SECONDS", 0.0)  # Rapfi's pause: no engine here


def othello_after(moves: str) -> Othello:
    game = Othello()
    game.play_moves(moves)
    return game


def test_gtp_handshake_moves_and_a_take_back(monkeypatch):
    """After Black's f5 White has d6, f4 and f6 (the rules' textbook start); the engine
    answers ``D6`` (any case). After an undo of both moves the engine's board starts
    again (``clear_board``) and hears the moves again."""
    script = Script(*GTP_READY,
                    (">", "play black f5"), ("<", "= "), ("<", ""),
                    (">", "genmove white"), ("<", "GRhino thinks..."),  # chatter first
                    ("<", "= D6"), ("<", ""),
                    (">", "clear_board"), ("<", "="), ("<", ""),
                    (">", "play black f5"), ("<", "="), ("<", ""),
                    (">", "genmove white"), ("<", "=7 f4"), ("<", ""))
    install(monkeypatch, script)
    player = GtpPlayer("gtp-rhino -l 1", seconds=5)
    game = othello_after("f5")
    assert game.move_name(player.best_move(game)) == "d6"
    assert player.engine_name == "GRhino"
    game = othello_after("f5")  # d6 taken back: a different line than the engine's
    assert game.move_name(player.best_move(game)) == "f4"
    assert script.done


@pytest.mark.parametrize("answer, sentence", [
    (["? illegal move", ""], r"refused 'genmove': illegal move"),
    (["= resign", ""], r"resigned"),
    (["= e4", ""], r"played e4, which is illegal"),  # taken: d5's neighbour, Black's own
    (["= z9", ""], r"answered 'z9', not a move"),
])
def test_gtp_answers_that_lose(monkeypatch, answer, sentence):
    script = Script(*GTP_READY, (">", "play black f5"), ("<", "="), ("<", ""),
                    (">", "genmove white"), *[("<", line) for line in answer])
    install(monkeypatch, script)
    with pytest.raises(EngineFault, match=sentence):
        GtpPlayer("gtp-rhino", seconds=5).best_move(othello_after("f5"))


def test_gtp_silence_in_the_handshake_is_an_engine_error(monkeypatch):
    install(monkeypatch, Script((">", "protocol_version")))
    with pytest.raises(EngineError, match="did not answer protocol_version in time"):
        GtpPlayer("mute", seconds=5).start(Othello())


def test_nboard_edax_is_told_version_1_and_its_chatter_is_skipped(monkeypatch):
    set_game = re.compile(r"set game \(;GM\[Othello\].*BO\[8 -{27}O\*-{6}\*O-{27} \*\]"
                          r"B\[f5\];\)", re.IGNORECASE)
    script = Script((">", "nboard 1"), (">", "ping 1"), ("<", "set myname Edax"),
                    ("<", "pong 1"),
                    (">", set_game), (">", "ping 2"), ("<", "pong 2"),
                    (">", "go"), ("<", "status Edax is thinking"), ("<", "nodestats 100 0.01"),
                    ("<", "=== d6 0.00 0.0"))
    install(monkeypatch, script)
    player = NBoardPlayer("/opt/edax/bin/lEdax-x64 -nboard -l 1", seconds=5)
    game = othello_after("f5")
    assert game.move_name(player.best_move(game)) == "d6"
    assert player.engine_name == "Edax" and script.done


def test_nboard_depth_is_told_when_given(monkeypatch):
    script = Script((">", "nboard 2"), (">", "set depth 4"), (">", "ping 1"), ("<", "pong 1"))
    install(monkeypatch, script)
    NBoardPlayer("my-engine", seconds=5, depth=4).start(Othello())
    assert script.done


def test_pbrain_begin_turn_and_the_whole_board_after_a_lost_turn(monkeypatch):
    """The engine (Black) opens at 7,7 (h8); White's i7 is 8,8; the engine loses that
    TURN (Rapfi's race, ``ERROR``) and is given the whole board: its stone 1, White's 2."""
    script = Script((">", "START 15"), ("<", "OK"),
                    (">", "INFO rule 0"), (">", "INFO timeout_turn 5000"),
                    (">", "INFO timeout_match 0"), (">", "INFO max_memory 0"),
                    (">", "INFO game_type 1"),
                    (">", "BEGIN"), ("<", "MESSAGE opening"), ("<", "7,7"),
                    (">", "TURN 8,8"), ("<", "ERROR busy"),
                    (">", "RESTART"), ("<", "OK"),
                    (">", "BOARD"), (">", "7,7,1"), (">", "8,8,2"), (">", "DONE"),
                    ("<", "6,6"))
    install(monkeypatch, script)
    player = PbrainPlayer("pbrain-rapfi", seconds=5)
    game = Gomoku()
    assert game.move_name(player.best_move(game)) == "h8"
    game.play_moves("h8 i7")
    assert game.move_name(player.best_move(game)) == "g9"  # 6,6: column g, row 15-6
    assert script.done


def test_pbrain_a_move_off_the_board_loses(monkeypatch):
    script = Script((">", "START 15"), ("<", "OK"), *[(">", re.compile(r"INFO .*"))] * 5,
                    (">", "BEGIN"), ("<", "15,3"))
    install(monkeypatch, script)
    with pytest.raises(EngineFault, match=r"played 15,3, off the 15x15 board"):
        PbrainPlayer("pbrain-x", seconds=5).best_move(Gomoku())
