"""The command line does not change the window's choices (issue 12.5).

* ``plies play`` / ``plies demo`` with options leave the start screen's remembered
  game, variants and players alone;
* a demo is offered for resuming only when the person paused it;
* starting a new game replaces the autosave at once.
"""

from __future__ import annotations

import pygame
import pytest

from game import records
from game.cli import main
from game.rules import new_game
from game.settings import Settings, load_settings, save_settings
from game.slots import load_autosave, save_autosave
from game.ui import app as app_module
from game.ui.scenes.start import StartScene
from tests.ui.helpers import HUMAN, computer, post_click, post_key


@pytest.fixture
def frames(monkeypatch):
    """``plies ...`` runs this many frames of the real loop instead of running for ever."""
    state = {"frames": 3, "app": None, "before_close": None}

    def run(self):
        state["app"] = self
        self.run_frames(state["frames"])
        if state["before_close"] is not None:
            state["before_close"](self)
        self.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    return state


def _unfinished(name="connect4", moves="4453", players=(HUMAN, computer(2))):
    game = new_game(name)
    game.play_moves(moves)
    save_autosave(records.record_from_game(game, list(players)))


def _start_screen_offer(make_app):
    app = make_app()
    app.show_start()
    app.run_frames(1)
    scene = app.top
    assert isinstance(scene, StartScene)
    return scene.resume_game


def test_plies_play_and_demo_keep_the_remembered_players(frames):
    chosen = Settings(last_game="gomoku", last_players={"othello": [HUMAN, computer(6)]},
                      sound=False)
    save_settings(chosen)
    assert main(["play", "--game", "othello", "--first", "ai", "--level", "2"]) == 0
    assert main(["demo", "--game", "othello", "--levels", "1", "3"]) == 0
    assert main(["play", "--game", "connect4", "--width", "9"]) == 0
    after = load_settings()
    assert after.last_game == "gomoku"
    assert after.last_players == {"othello": [HUMAN, computer(6)]}
    assert after.last_variants == {}


def test_plies_play_without_a_game_opens_the_game_last_chosen(frames):
    """Not always Connect-4: the game (and variant) the start screen would offer."""
    save_settings(Settings(last_game="gomoku", sound=False,
                           last_variants={"gomoku": {"size": 19, "rule": "standard"}}))
    assert main(["play", "--first", "ai", "--level", "3"]) == 0
    play = frames["app"].play
    assert play.game.name == "gomoku" and play.game.variant() == {"size": 19,
                                                                   "rule": "standard"}
    assert play.session.players[0].is_computer and play.session.players[1] == HUMAN
    assert main(["demo", "--levels", "1", "2"]) == 0
    assert frames["app"].play.game.name == "gomoku" and frames["app"].play.session.demo
    assert load_settings().last_game == "gomoku"  # and the choice stays as it was


def test_plies_play_opens_connect4_when_nothing_was_chosen_yet(frames):
    assert main(["play"]) == 0
    assert frames["app"].play.game.name == "connect4"


def test_a_running_demo_is_never_offered_for_resuming(frames, make_app):
    frames["frames"] = 1
    assert main(["demo", "--game", "connect4", "--levels", "1", "1"]) == 0
    demo = frames["app"]
    assert demo.play.session.demo and not demo.play.session.paused
    assert load_autosave() is None
    assert _start_screen_offer(make_app) is None


def test_a_demo_the_person_paused_is_offered(frames, make_app):
    def pause(app):
        assert app.pump_until(lambda: app.play.game.ply >= 1, 20)
        post_key(pygame.K_SPACE)  # the person pauses
        app.run_frames(2)
        assert app.play.session.paused

    frames["frames"], frames["before_close"] = 1, pause
    assert main(["demo", "--game", "connect4", "--levels", "1", "1"]) == 0
    offer = _start_screen_offer(make_app)
    assert offer is not None and offer.ply >= 1


def test_resuming_the_paused_demo_then_letting_it_run_forgets_it(make_app):
    _unfinished(players=(computer(1), computer(1)))
    app = make_app()
    app.show_start()
    app.run_frames(1)
    post_click(app.top.b_resume.rect.center)
    app.run_frames(2)
    assert app.play.session.demo and app.play.session.paused
    assert load_autosave() is not None
    post_key(pygame.K_SPACE)  # running again
    app.run_frames(2)
    assert load_autosave() is None


def test_starting_a_new_game_replaces_the_autosave_at_once(make_app):
    _unfinished()
    app = make_app()
    app.show_start()
    app.run_frames(1)
    start = app.top
    assert start.resume_game is not None and start.resume_game.moves_text() == "4453"
    start.choose_game("othello")
    post_key(pygame.K_RETURN)  # Start, not Resume
    app.run_frames(2)
    assert app.play is not None and app.play.game.name == "othello"
    saved = load_autosave()
    assert saved is not None and saved.game == "othello" and saved.moves == []
    app.close()
    assert _start_screen_offer(make_app) is None  # the abandoned game is not offered


def test_a_new_game_from_the_game_screen_replaces_it_too(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    for column in (4, 4, 5):
        post_key(pygame.K_0 + column)
        app.run_frames(1)
    assert load_autosave().moves == ["4", "4", "5"]
    post_key(pygame.K_n)
    app.run_frames(1)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert app.play.game.ply == 0
    assert load_autosave().moves == []
