"""Outside engines as players in the window: asked on the worker thread, checked by the
rules, cancelled by undo, closed with their game (fake engines of tests/engines/fakes)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame
import pytest

from game.rules import new_game
from tests.ui.helpers import HUMAN, post_click, post_key

ROOT = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parents[1] / "engines" / "fakes" / "fake_pbrain.py"


@pytest.fixture(autouse=True)
def importable(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def engine(mode: str, after: int = 1) -> dict:
    return {"type": "computer", "level": 4, "eval": "default",
            "engine": f"{sys.executable} {FAKE} {mode} {after}"}


def click(play, name: str) -> None:
    game = play.game
    post_click(play.view.cell_center(game.move_cell(game.parse_move(name))))


def test_a_person_against_an_outside_engine(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("good")])
    play = app.play
    assert play.session.level_label(1).startswith("Engine · python")
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    assert play.game.moves_text() == "h8 a15"  # the fake plays its first empty cell
    click(play, "h9")
    assert app.pump_until(lambda: play.game.ply == 4, 10)
    assert play.game.moves_text() == "h8 a15 h9 b15"


def test_an_illegal_engine_move_loses_with_a_sentence(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("illegal", after=2)])
    play = app.play
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    click(play, "h9")
    assert app.pump_until(lambda: play.session.failed, 10)
    assert play.game.ply == 3  # the illegal move was never played
    message = play.session.message
    assert message.startswith("White (the engine) loses: The engine ")
    assert "which is illegal" in message
    app.run_frames(2)


def test_undo_while_the_engine_thinks_cancels_it_and_new_game_closes_it(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("silent")])
    play = app.play
    click(play, "h8")
    assert app.pump_until(lambda: play.session.pending == "move" and 1 in play.session.engines
                          and play.session.engines[1]._process is not None, 10)
    process = play.session.engines[1]._process.process
    time.sleep(0.2)
    post_key(pygame.K_z, pygame.KMOD_LCTRL)
    assert app.pump_until(lambda: play.game.ply == 0, 2)
    assert app.pump_until(lambda: process.poll() is not None, 5)  # closed on the cancel
    click(play, "h8")
    assert app.pump_until(lambda: play.session.engines[1]._process is not None, 10)
    second = play.session.engines[1]._process.process
    app.start_game(new_game("gomoku"), [HUMAN, HUMAN])  # a new game ends the engine
    assert second.poll() is not None or second.wait(5) is not None
