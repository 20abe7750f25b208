"""The entry points the command line uses: ``run_app`` and ``run_ui_bench``."""

from __future__ import annotations

import pytest

from game.players import Computer
from game.ui import app as app_module
from game.ui.app import demo_players, players_for, run_app
from game.ui.bench import run_ui_bench


@pytest.fixture
def captured(monkeypatch):
    """Replace the endless loop by three frames, keeping what ``run_app`` set up."""
    seen = {}

    def run(self):
        self.run_frames(3)
        seen["top"] = type(self.top).__name__
        seen["play"] = self.play
        if self.play is not None:
            seen["game"] = self.play.game.name
            seen["variant"] = self.play.game.variant()
            seen["players"] = self.play.session.players
            seen["demo"] = self.play.session.demo
        self.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    return seen


def test_plies_alone_opens_the_start_screen(captured):
    assert run_app() == 0
    assert captured["top"] == "StartScene" and captured["play"] is None


def test_plies_play_starts_the_game_at_once(captured):
    assert run_app(game="othello", players=players_for("ai", 2)) == 0
    assert captured["top"] == "PlayScene" and captured["game"] == "othello"
    assert captured["players"][0] == Computer(2, "default")
    assert not captured["demo"]


def test_plies_play_with_a_variant(captured):
    run_app(game="connect4", variant={"width": 9, "height": 7, "connect": 5},
            players=players_for("human", 1))
    assert captured["variant"] == {"width": 9, "height": 7, "connect": 5}


def test_plies_demo_is_computer_against_computer(captured):
    run_app(game="gomoku", players=demo_players(1, 2), demo=True)
    assert captured["demo"] and captured["game"] == "gomoku"
    run_app(demo=True)
    assert captured["demo"]


def test_a_bad_variant_is_an_error_status(captured, capsys):
    assert run_app(game="connect4", variant={"width": 30}) == 2
    assert "Connect-4" in capsys.readouterr().err


def test_ui_bench_reports_its_figures():
    result = run_ui_bench(0.6)
    assert set(result) == {"frame_ms_median", "frame_ms_p99", "cancel_ms", "frames"}
    assert result["frames"] > 5
    assert 0 < result["cancel_ms"] < 1000
