"""No display, no hang (issue 11.5); no sound card, no noise (issue 12.6).

The program runs in a subprocess with the environment a person would have: no
``SDL_VIDEODRIVER`` (the other UI tests set ``dummy``), and no or a dead ``DISPLAY``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.display import fallback_reason, no_display_reason

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    env.update(PYTHONPATH=str(ROOT), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), **extra)
    return env


def _plies(tmp_path, args: list[str], **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=tmp_path,
                          env=_env(tmp_path, **extra), capture_output=True, text=True,
                          timeout=60)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland platforms")
@pytest.mark.parametrize("args", [[], ["play", "--game", "othello"], ["demo"]])
def test_no_display_exits_at_once_with_one_sentence(tmp_path, args):
    done = _plies(tmp_path, args)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("plies: no display found:"), done.stderr
    assert "command-line commands" in lines[0]
    assert not (tmp_path / "config" / "plies" / "settings.json").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland platforms")
def test_a_display_that_cannot_be_opened_is_no_display_either(tmp_path):
    done = _plies(tmp_path, ["play"], DISPLAY=":4321")  # no X server has this number
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISPLAY=:4321" in lines[0], done.stderr


def test_headless_commands_need_no_display(tmp_path):
    done = _plies(tmp_path, ["perft", "connect4", "3"])
    assert done.returncode == 0 and done.stdout.strip() == "343"


def test_the_rules_of_the_check():
    assert no_display_reason({}, "linux") is not None
    assert no_display_reason({"DISPLAY": ":0"}, "linux") is None
    assert no_display_reason({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert no_display_reason({"SDL_VIDEODRIVER": "dummy"}, "linux") is None  # tests
    assert no_display_reason({}, "darwin") is None and no_display_reason({}, "win32") is None
    assert fallback_reason("offscreen", {"DISPLAY": ":9"}) is not None
    assert fallback_reason("offscreen", {"SDL_VIDEODRIVER": "offscreen"}) is None
    assert fallback_reason("x11", {"DISPLAY": ":0"}) is None


OPEN_AUDIO = r"""
import pygame
from game.ui.sound import Sounds, init_pygame
{how}
"""


def test_opening_audio_without_a_sound_card_prints_nothing(tmp_path):
    """With ALSA and no card, opening audio prints ALSA's lines unless it is quieted."""
    env = _env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa")
    raw = subprocess.run([sys.executable, "-c", OPEN_AUDIO.format(
        how="pygame.display.init()\ntry:\n    pygame.mixer.init()\nexcept pygame.error:\n"
            "    pass\nprint(pygame.mixer.get_init() is not None)")],
        env=env, capture_output=True, text=True, timeout=60)
    if "ALSA lib" not in raw.stderr:
        pytest.skip("this machine opens ALSA without complaint (it has a sound card)")
    quiet = subprocess.run([sys.executable, "-c", OPEN_AUDIO.format(
        how="init_pygame()\nsounds = Sounds(True)\nsounds.play('place')\n"
            "print('available', sounds.available)")],
        env=env, capture_output=True, text=True, timeout=60)
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stderr == "", quiet.stderr
    assert "available False" in quiet.stdout
