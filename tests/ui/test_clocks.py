"""Clocks in the window: the real loop (``App.frame``) driven with a time source the test
sets by hand, so a minute on the clock passes without waiting for it.

Expected times are worked out by hand from the time control (Fischer: the increment is
added when the side completes its move; a clock runs only while its person is to move).
"""

from __future__ import annotations

import pygame
import pytest

from game.clock import TimeControl, Timing
from game.formats.plies_json import record_from_json, record_to_json
from game.rules import new_game
from game.settings import Settings
from game.slots import load_autosave
from tests.ui.helpers import HUMAN, computer, post_click, post_key, type_path

CTRL = pygame.KMOD_CTRL


class FakeTime:
    def __init__(self) -> None:
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def timed_app():
    from game.ui.app import App

    apps = []

    def make(size=(1120, 760), *, saved=False, **settings):
        """``saved``: the settings as the last window saved them (else fresh ones)."""
        now = FakeTime()
        values = {"animation_speed": "off", "sound": False, **settings}
        app = App(size=size, settings=None if saved else Settings(**values), fps=0, now=now)
        apps.append(app)
        return app, now

    yield make
    for app in apps:
        app.close()


def advance(app, now, seconds: float) -> None:
    """Let ``seconds`` pass, then run one frame of the loop."""
    now.t += seconds
    app.frame(block=False)


def test_the_flag_falls_and_loses_the_game_announced_and_saved(timed_app):
    app, now = timed_app()
    app.start_game(new_game("connect4"), [HUMAN, computer(1)],
                   timing=Timing((TimeControl(1, 0), None)))
    play = app.play
    s = play.session
    app.run_frames(2)
    advance(app, now, 30)
    assert s.clock.remaining(0) == pytest.approx(30.0)
    assert s.clock.remaining(1) is None
    advance(app, now, 29.5)
    assert not s.is_over()
    advance(app, now, 0.5)                                 # 60 s used: the flag falls
    assert s.is_over() and s.flag == 0
    text, kind = play.status_text()
    assert kind == "result"
    assert "Red ran out of time" in text and "computer wins" in text.lower()
    post_key(pygame.K_4, 0, "4")                           # no move after the flag
    app.run_frames(3)
    assert play.game.ply == 0
    from game.tally import load_tally
    assert load_tally().counts["connect4"][1] == [0, 0, 1]  # a loss against level 1
    saved = load_autosave()
    assert saved.result == {"winner": 1, "reason": "Red ran out of time"}
    assert saved.clock["remaining"] == [0.0, None]
    # The saved file reads back, and a record from before clocks still loads without one.
    again = record_from_json(record_to_json(saved))
    assert again.result == saved.result and again.clock == saved.clock
    old = record_from_json('{"format": "plies-game", "version": 1, '
                                   '"game": "connect4", "moves": "44"}')
    assert old.clock is None


def test_a_ticking_clock_redraws_once_a_second_not_every_frame(timed_app):
    app, now = timed_app()
    app.start_game(new_game("othello"), [HUMAN, HUMAN],
                   timing=Timing((TimeControl(5, 0), TimeControl(5, 0))))
    app.run_frames(3)
    assert not app.busy()                                  # nothing animates or thinks
    advance(app, now, 0.25)                                # let the first redraw pass
    drawn = app.frames_drawn
    for _ in range(3):                                     # 5:00 -> shows 4:59 at 1.0 s
        advance(app, now, 0.2)
    assert app.frames_drawn == drawn
    advance(app, now, 0.4)
    assert app.frames_drawn == drawn + 1
    assert app.play.session.clock.remaining(0) == pytest.approx(298.75)   # 0.25 + 3 × 0.2 + 0.4


def test_undo_gives_back_the_times_of_that_position_and_the_computer_thinks_for_free(
        timed_app):
    app, now = timed_app()
    app.start_game(new_game("connect4"), [HUMAN, computer(1)],
                   timing=Timing((TimeControl(5, 3), None)))
    play = app.play
    s = play.session
    app.run_frames(2)
    advance(app, now, 20)
    post_key(pygame.K_4, 0, "4")                           # 300 - 20 + 3
    assert app.pump_until(lambda: play.game.ply == 2, 20)
    assert s.clock.remaining(0) == pytest.approx(283.0)
    advance(app, now, 50)
    post_key(pygame.K_3, 0, "3")                           # 283 - 50 + 3
    app.frame(block=False)
    assert s.clock.remaining(0) == pytest.approx(236.0)
    now.t += 40                                            # the computer's turn: Red's
    assert app.pump_until(lambda: play.game.ply == 4, 20)  # clock does not run
    assert s.clock.remaining(0) == pytest.approx(236.0)
    post_key(pygame.K_z, CTRL)                             # back to Red's second move
    app.run_frames(2)
    assert play.game.ply == 2
    assert s.clock.remaining(0) == pytest.approx(283.0) and s.clock.running == 0
    advance(app, now, 1.5)
    assert s.clock.remaining(0) == pytest.approx(281.5)


def test_the_dialogs_choices_become_the_clock_and_the_computers_search_limit(timed_app):
    app, _ = timed_app()
    app.show_start(dialog=False)
    app.run_frames(2)
    start = app.top
    start.choose_game("connect4")
    start._set_player(0, "type", "human")
    start._set_player(1, "type", "computer")
    app.run_frames(2)
    right = start.clock_choice.rect.right - 5, start.clock_choice.rect.centery
    post_click(right)                                      # No clock -> Clock 1+0
    post_click(right)                                      # -> Clock 3+2
    right = start.seconds_choice.rect.right - 5, start.seconds_choice.rect.centery
    for _ in range(3):                                     # level's time -> 0.5, 1, 2 s
        post_click(right)
    app.run_frames(3)
    assert start.clock_choice.value == (3, 2) and start.seconds_choice.value == 2
    asked = []
    request = app.worker.request

    def spy(generation, game, evaluator, limits, **kwargs):
        asked.append(limits)
        return request(generation, game, evaluator, limits, **kwargs)

    app.worker.request = spy
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    play = app.play
    s = play.session
    assert s.clock.controls == (TimeControl(3, 2), None)
    assert s.clock.running == 0
    assert s.level_label(1).startswith("Level 4 · 2 s a move")
    post_key(pygame.K_4, 0, "4")
    assert app.pump_until(lambda: bool(asked), 10)
    assert asked[0].seconds == 2 and asked[0].depth is None
    app.close()
    later, _ = timed_app(saved=True)                       # the choices are remembered
    later.show_start(dialog=False)
    later.run_frames(2)
    assert later.top.clock_choice.value == (3, 2) and later.top.seconds_choice.value == 2


def test_a_resumed_game_continues_with_the_saved_times(timed_app):
    app, now = timed_app()
    app.start_game(new_game("othello"), [HUMAN, HUMAN],
                   timing=Timing((TimeControl(10, 5), TimeControl(10, 5))))
    app.run_frames(2)
    advance(app, now, 12)
    game = app.play.game
    post_click(app.play.view.cell_center(game.move_cell(game.parse_move("f5"))))
    advance(app, now, 0)
    assert game.ply == 1                                      # 600 - 12 + 5
    advance(app, now, 100)                                     # White thinks 100 s
    app.close()                                               # the window closes
    later, now2 = timed_app()
    now2.t += 10_000                                          # hours pass: nothing runs
    later.show_start()
    later.run_frames(2)
    post_click(later.top.b_resume.rect.center)
    later.run_frames(2)
    s = later.play.session
    assert s.clock.remaining(0) == pytest.approx(593.0)
    assert s.clock.remaining(1) == pytest.approx(500.0, abs=0.01)
    assert s.clock.running == 1
    advance(later, now2, 2)
    assert s.clock.remaining(1) == pytest.approx(498.0, abs=0.01)


def test_an_outside_engine_is_given_the_time_per_move(timed_app):
    import sys
    from pathlib import Path

    fake = Path(__file__).resolve().parents[1] / "engines" / "fakes" / "fake_pbrain.py"
    from game import players

    engine = players.engine("gomoku", f"{sys.executable} {fake} good 1")
    app, _ = timed_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine],
                   timing=Timing((None, None), (None, 1.0)))
    play = app.play
    game = play.game
    post_click(play.view.cell_center(game.move_cell(game.parse_move("h8"))))
    assert app.pump_until(lambda: game.ply == 2, 20)
    assert play.session.engines[1].seconds == 1.0
    assert play.session.level_label(1).endswith("· 1 s a move")


def test_a_saved_game_opens_with_its_clocks_which_run_after_play(timed_app, tmp_path):

    game = new_game("connect4")
    game.play_moves("44")
    from game.formats import save_record
    from game.records import record_from_game

    record = record_from_game(game, [HUMAN, computer(1)])
    record.clock = Timing((TimeControl(3, 2), None)).to_json((75.5, None))
    path = tmp_path / "timed.json"
    save_record(path, record)
    app, now = timed_app()
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    app.run_frames(2)
    post_key(pygame.K_o, CTRL)                              # Open, type the path, Enter
    app.run_frames(2)
    dialog = app.top
    type_path(app, dialog, path)
    s = app.play.session
    assert app.play.game.moves_text() == "44" and s.study
    advance(app, now, 30)                                   # studying: no clock runs
    assert s.clock.remaining(0) == pytest.approx(75.5) and s.clock.running is None
    post_key(pygame.K_p)                                    # Play: Red's clock goes on
    app.run_frames(2)
    assert app.busy()                                       # the study's analysis runs:
    advance(app, now, 5)                                    # a frame's dt is capped, the
    assert s.clock.remaining(0) == pytest.approx(70.5)      # clock still counts all 5 s


def test_plies_file_opens_a_saved_game_with_its_clocks(tmp_path, monkeypatch):
    from game.cli import main
    from game.formats import save_record
    from game.records import record_from_game
    from game.ui import app as app_module

    game = new_game("othello")
    game.play_moves("f5")
    record = record_from_game(game, [computer(1), HUMAN])   # opened for study: no
    record.clock = Timing((None, TimeControl(5, 0))).to_json((None, 123.0))  # clock runs
    path = tmp_path / "timed.json"
    save_record(path, record)
    seen = {}

    def run(self):
        self.run_frames(3)
        seen["times"] = self.play.session.clock.snapshot()
        self.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    assert main([str(path)]) == 0
    assert seen["times"] == (None, 123.0)
