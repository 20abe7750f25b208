"""Quiet when idle: the loop draws only when something changed or moves (DESIGN §8).

The real loop runs (``App.frame``) with real events; ``frames_drawn`` counts the frames
that were actually drawn and flipped. The CPU figure itself is measured under Xvfb by
``.ci/idle_cpu.py`` (see ``test_xvfb_end_to_end.py``).
"""

from __future__ import annotations

import threading

import pygame

from game.rules import new_game
from game.ui.app import AI_EVENT
from game.ui.scenes.base import Scene
from tests.ui.helpers import HUMAN, computer, post_click, post_key


def test_the_start_screen_draws_once_then_only_after_input(make_app):
    app = make_app()
    app.show_start()
    app.run_frames(3)
    drawn = app.frames_drawn
    assert drawn >= 1
    app.run_frames(30)
    assert app.frames_drawn == drawn, "an idle start screen keeps drawing"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.run_frames(5)
    assert app.frames_drawn == drawn + 1


def test_waiting_for_the_person_draws_nothing_and_a_move_animates(make_app):
    app = make_app(animation_speed="normal")
    app.start_game(new_game("connect4"), [HUMAN, HUMAN], remember=False)
    app.run_frames(3)
    drawn = app.frames_drawn
    app.run_frames(30)
    assert app.frames_drawn == drawn
    post_click(app.play.view.cell_center((3, 0)))
    app.run_frames(1)
    assert app.play.view.animating and app.busy()
    assert app.pump_until(lambda: not app.busy(), 10)
    after_move = app.frames_drawn
    assert after_move > drawn + 2, "the drop was not animated frame by frame"
    assert app.play.game.moves_text() == "4"
    app.run_frames(20)
    assert app.frames_drawn <= after_move + 1  # the frame that noticed the end, at most


def test_a_computer_search_keeps_frames_coming_until_its_move_lands(make_app):
    app = make_app()
    app.start_game(new_game("othello"), [computer(1), HUMAN], remember=False)
    app.run_frames(1)
    assert app.busy()  # thinking: the panel shows progress
    assert app.pump_until(lambda: app.play.game.ply == 1, 20)
    assert app.pump_until(lambda: not app.busy(), 10)
    drawn = app.frames_drawn
    app.run_frames(20)
    assert app.frames_drawn == drawn


def test_a_status_message_that_expires_is_redrawn_without_input(make_app):
    """"Nothing to undo" shows for 2 s: the loop wakes for its end with no event."""
    app = make_app()
    app.fps = 60  # the real, sleeping loop (the dummy driver waits in short steps)
    app.start_game(new_game("connect4"), [HUMAN, HUMAN], remember=False)
    app.run_frames(2)
    post_key(pygame.K_z, pygame.KMOD_LCTRL)
    app.frame()
    assert app.play.status_text()[0] == "Nothing to undo"
    wake = app.play.wake_in()
    assert wake is not None and 1.5 < wake <= 2.0
    drawn = app.frames_drawn
    frames = 0
    while app.play.status_text()[0] == "Nothing to undo":
        app.frame()
        frames += 1
        assert frames < 400, "the loop spins instead of sleeping"
    assert app.frames_drawn == drawn + 1  # exactly the frame where the message ended
    assert app.play.status_text()[0].startswith("Red to move")


def test_a_report_posted_from_another_thread_wakes_a_sleeping_loop(make_app):
    app = make_app()
    app.fps = 60
    app.show_start()
    app.run_frames(2)
    seen = []
    original = app.dispatch

    def dispatch(event):
        if event.type == AI_EVENT:
            seen.append(event)
        original(event)

    app.dispatch = dispatch
    marker = pygame.event.Event(AI_EVENT, report=None)
    timer = threading.Timer(0.05, app.post_event, args=(marker,))
    timer.start()
    for _ in range(50):
        app.frame()
        if seen:
            break
    timer.join()
    assert seen, "the posted report never reached the loop"


def test_update_returning_true_redraws_and_wants_frames_keeps_drawing(make_app):
    app = make_app()

    class Ticker(Scene):
        changes = 0
        moving = False

        def update(self, dt):
            return self.changes > 0 and self._take()

        def _take(self):
            self.changes -= 1
            return True

        def wants_frames(self):
            return self.moving

    scene = Ticker(app)
    app.set_scene(scene)
    app.run_frames(3)
    drawn = app.frames_drawn
    scene.changes = 1
    app.run_frames(10)
    assert app.frames_drawn == drawn + 1
    scene.moving = True
    app.run_frames(10)
    assert app.frames_drawn == drawn + 11
    scene.moving = False
    app.run_frames(10)
    assert app.frames_drawn == drawn + 11
    app.invalidate()
    app.run_frames(3)
    assert app.frames_drawn == drawn + 12


def test_a_hint_left_on_the_board_stops_pulsing(make_app, monkeypatch):
    from game.ui.scenes import play as play_module

    monkeypatch.setattr(play_module, "HINT_PULSE", 0.3)
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, computer(1)], remember=False)
    app.run_frames(2)
    post_key(pygame.K_h)
    assert app.pump_until(lambda: app.play.session.hint is not None, 20)
    app.run_frames(1)
    assert app.busy()  # the ring pulses
    assert app.pump_until(lambda: not app.busy(), 5)
    drawn = app.frames_drawn
    app.run_frames(20)
    assert app.frames_drawn == drawn and app.play.session.hint is not None
