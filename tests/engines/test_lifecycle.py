"""An outside engine's life: started, closed from another thread at any moment, closed off
the window's thread, and nothing it started left behind.

The waits below wait for a state (a process started, a thread ended); a bound on a wait
only turns a hang into a failure, it measures nothing.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest

from game.engines import detect, external
from game.engines.detect import DetectingPlayer
from game.engines.external import (
    STARTUP_SECONDS,
    EngineCancelled,
    PbrainPlayer,
    close_later,
    closed_later,
)
from game.rules import Gomoku, Othello

ROOT = Path(__file__).resolve().parents[2]
FAKES = Path(__file__).resolve().parent / "fakes"


@pytest.fixture(autouse=True)
def importable(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def fake(mode: str) -> str:
    return f"{sys.executable} {FAKES / 'fake_pbrain.py'} {mode} 1"


def wait_for(condition, timeout: float = 30.0) -> None:
    """Until ``condition()`` holds; a failure (not a hang) if it never does."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the state never came"
        time.sleep(0.01)


def gone(pid: int) -> bool:
    """Whether no process ``pid`` runs (a zombie counts as gone: it is only a status)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def in_thread(call) -> tuple[threading.Thread, list[BaseException]]:
    raised: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:  # noqa: BLE001 -- handed to the test
            raised.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, raised


def test_a_close_during_the_handshake_ends_a_slow_starting_engine():
    """The engine takes a minute to answer START; a close from another thread ends the
    wait at once (not at STARTUP_SECONDS) and the program with it."""
    player = PbrainPlayer(fake("slowstart"), seconds=1)
    thread, raised = in_thread(lambda: player.start(Gomoku()))
    wait_for(lambda: player._process is not None)
    process = player._process.process
    player.close()
    thread.join(STARTUP_SECONDS / 2)  # it would otherwise wait STARTUP_SECONDS
    assert not thread.is_alive()
    assert [type(e) for e in raised] == [EngineCancelled]
    assert process.poll() is not None and player._process is None


def test_a_close_while_the_program_starts_is_not_missed(monkeypatch):
    """A close that comes between Popen and the assignment (issue 33: it saw no process
    and the engine ran on): the start sees it and ends the program it started."""
    player = PbrainPlayer(fake("good"), seconds=1)
    started = []

    class ClosedMeanwhile(external._Process):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            started.append(self.process)
            closer = threading.Thread(target=player.close)
            closer.start()
            closer.join()

    monkeypatch.setattr(external, "_Process", ClosedMeanwhile)
    with pytest.raises(EngineCancelled):
        player.start(Gomoku())
    [process] = started
    assert process.poll() is not None and player._process is None
    monkeypatch.undo()
    with player:  # and it starts again afterwards
        assert Gomoku().move_name(player.best_move(Gomoku())) == "a15"


def test_a_close_ends_the_protocol_probe_at_once(monkeypatch):
    """An Othello engine that never answers is asked for PROBE_SECONDS; a close from
    another thread ends the asking at once and no protocol player is made."""
    probing = threading.Event()

    class Probe(detect._Process):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            probing.set()

    monkeypatch.setattr(detect, "_Process", Probe)
    player = DetectingPlayer("sleep 60", seconds=1)
    thread, raised = in_thread(lambda: player.start(Othello()))
    assert probing.wait(30)
    player.close()
    thread.join(detect.PROBE_SECONDS / 2)  # it would otherwise ask PROBE_SECONDS
    assert not thread.is_alive()
    assert [type(e) for e in raised] == [EngineCancelled] and player.inner is None


def test_a_stop_during_the_handshake_cancels_it():
    stop = threading.Event()
    player = PbrainPlayer(fake("slowstart"), seconds=1)
    thread, raised = in_thread(lambda: player.best_move(Gomoku(), stop))
    wait_for(lambda: player._process is not None)
    process = player._process.process
    stop.set()
    thread.join(STARTUP_SECONDS / 2)
    assert not thread.is_alive()
    assert [type(e) for e in raised] == [EngineCancelled]
    assert process.poll() is not None


def test_close_later_returns_at_once_and_the_one_closer_ends_the_engine():
    """The window's way: ``close_later`` hands the engine to the closing thread (a
    stubborn engine takes seconds: its goodbye, then SIGTERM, are ignored)."""
    player = PbrainPlayer(fake("stubborn"), seconds=1)
    game = Gomoku()
    game.play(player.best_move(game))
    process = player._process.process
    close_later(player)
    assert closed_later(30)
    assert process.poll() is not None and gone(process.pid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the launcher is Linux's")
def test_a_grandchild_in_a_session_of_its_own_ends_with_the_engine():
    """The fake starts a grandchild that calls ``setsid()``: a signal to the engine's
    process group cannot reach it (issue 33: it outlived the match). The launcher, its
    subreaper, ends it when the engine is closed."""
    from game.engines.external import EngineFault

    with PbrainPlayer(fake("setsid"), seconds=5) as player:
        with pytest.raises(EngineFault, match=r"answered 'child \d+'") as caught:
            player.best_move(Gomoku())  # it starts the grandchild and answers its pid
        grandchild = int(str(caught.value).split("'child ")[1].split("'")[0])
        assert not gone(grandchild)
        assert os.getpgid(grandchild) != player._process.process.pid  # out of its group
    wait_for(lambda: gone(grandchild))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the launcher is Linux's")
def test_no_preexec_fn(monkeypatch):
    """Engines start from worker threads: no code runs between fork and exec."""
    import subprocess

    seen = []
    real = subprocess.Popen

    def popen(*args, **kwargs):
        seen.append(kwargs.get("preexec_fn"))
        return real(*args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", popen)
    with PbrainPlayer(fake("good"), seconds=5) as player:
        assert Gomoku().move_name(player.best_move(Gomoku())) == "a15"
    assert seen and all(fn is None for fn in seen)
