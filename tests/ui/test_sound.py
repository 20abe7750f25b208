"""The sound device is open exactly while sound is on.

An open audio device costs CPU even when nothing plays (SDL's audio thread wakes about
90 times a second to mix silence), so the mixer opens when the person turns sound on
and closes when they turn it off. SDL's audio thread is looked for by name in
``/proc/self/task`` (Linux), besides asking ``pygame.mixer``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.rules import new_game
from game.settings import load_settings
from game.ui.sound import Sounds
from tests.ui.helpers import HUMAN, post_click, post_key

CTRL = pygame.KMOD_LCTRL


def audio_threads() -> list[str] | None:
    """Names of this process's SDL audio threads; ``None`` without ``/proc``."""
    tasks = Path(f"/proc/{os.getpid()}/task")
    if not tasks.is_dir():
        return None
    names = []
    for task in tasks.iterdir():
        try:
            names.append((task / "comm").read_text().strip())
        except OSError:  # the thread ended meanwhile
            continue
    return [name for name in names if name.startswith("SDLAudio")]


def assert_mixer(is_open: bool) -> None:
    assert (pygame.mixer.get_init() is not None) == is_open
    threads = audio_threads()
    if threads is not None:
        assert bool(threads) == is_open, threads


def open_settings(app):
    post_key(pygame.K_COMMA, CTRL)
    app.run_frames(2)
    dialog = app.top
    assert dialog.title == "Settings"
    return dialog


def test_sound_off_keeps_the_mixer_closed_and_turning_it_on_opens_it(make_app, monkeypatch):
    app = make_app(sound=False)
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    app.run_frames(2)
    assert_mixer(False)
    post_key(pygame.K_4, 0, "4")  # a move's sound while sound is off: nothing opens
    app.run_frames(2)
    assert app.play.game.moves_text() == "4"
    assert_mixer(False)

    dialog = open_settings(app)
    post_click(dialog.t_sound.rect.center)
    app.run_frames(2)
    assert app.settings.sound and load_settings().sound
    assert_mixer(True)
    assert app.sounds.available  # the dummy driver opens and every effect loaded

    post_key(pygame.K_LEFT)  # the Sound toggle has the focus: Left turns it off
    app.run_frames(2)
    assert not app.settings.sound and not load_settings().sound
    assert_mixer(False)
    assert not app.sounds.available

    post_key(pygame.K_RIGHT)  # and Right on again
    app.run_frames(2)
    assert_mixer(True)
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top is app.play
    # A move with sound on is heard: the mixer plays right after the effect is asked
    # for (looked at then, since a loaded machine may let the short effect end before
    # the frame is over).
    heard = []
    play = app.sounds.play

    def play_and_listen(name: str) -> None:
        play(name)
        heard.append((name, pygame.mixer.get_busy()))

    monkeypatch.setattr(app.sounds, "play", play_and_listen)
    post_key(pygame.K_3, 0, "3")
    app.run_frames(1)
    assert app.play.game.moves_text() == "43"
    assert heard and all(busy for _, busy in heard), heard


def test_sound_on_at_start_opens_the_mixer_and_closing_the_window_closes_it(make_app):
    app = make_app(sound=True)
    app.run_frames(2)
    assert_mixer(True)
    app.close()
    assert_mixer(False)


def test_the_timer_runs_without_pygame_init(make_app):
    """``init_pygame`` leaves ``pygame.init`` out; the widgets' double-click timing
    reads ``pygame.time.get_ticks``, which stays 0 unless SDL's timer was started."""
    app = make_app()
    before = pygame.time.get_ticks()
    pygame.time.wait(30)  # whole milliseconds: 30 of them are at least 29 ticks later
    app.run_frames(1)
    assert pygame.time.get_ticks() >= before + 20 > 20


def test_no_audio_device_plays_silently_and_says_nothing(make_app, monkeypatch, capfd):
    """A driver that does not exist stands for a machine without any audio device."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    app = make_app(sound=True)
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    post_key(pygame.K_4, 0, "4")
    app.run_frames(2)
    assert app.play.game.moves_text() == "4" and app.running
    assert_mixer(False)
    assert not app.sounds.available
    dialog = open_settings(app)
    post_key(pygame.K_LEFT)  # off and on again: it tries again, and fails quietly again
    post_key(pygame.K_RIGHT)
    app.run_frames(2)
    assert app.settings.sound and not app.sounds.available
    assert_mixer(False)
    assert dialog is app.top and app.running
    out, err = capfd.readouterr()
    assert err == "" and out == ""


@pytest.mark.parametrize("enabled", [False, True])
def test_sounds_on_their_own(enabled):
    """``Sounds`` without a window: the setting alone decides whether the mixer is open."""
    sounds = Sounds(enabled)
    try:
        assert_mixer(enabled)
        sounds.play("place")
        assert pygame.mixer.get_init() is None or sounds.available
        sounds.enabled = not enabled
        assert_mixer(not enabled)
    finally:
        sounds.close()
    assert_mixer(False)
