"""The game review in a real X window: `plies FILE`, the R key, a screenshot.

Like ``test_xvfb_end_to_end``: Xvfb, the real command line, xdotool for the key and
ImageMagick's ``import`` for the picture, kept in ``PLIES_SCREENSHOT_DIR`` when set.
The picture must show the review, not the game: the label pills of the move list
("best" is the theme's green, a colour the Connect-4 play screen never shows).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ui.test_review_scene import FINISHED
from tests.ui.test_xvfb_end_to_end import WINDOW_CLASS, _need_tools, _wait_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.xvfb
def test_r_reviews_an_opened_game_in_a_real_window(tmp_path):
    _need_tools()
    from game import records
    from game.rules import new_game

    game = new_game("connect4")
    game.play_moves(FINISHED)
    saved = tmp_path / "finished.json"
    records.save_record(saved, records.record_from_game(
        game, [records.computer(5), records.computer(3)]))
    display = f":{440 + os.getpid() % 300}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x900x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "PYTHONPATH": str(ROOT), "SDL_VIDEO_X11_WMCLASS": WINDOW_CLASS + "-review"}
    program = None
    try:
        _wait_for(lambda: subprocess.run(["xdotool", "getmouselocation"], env=env,
                                         capture_output=True).returncode == 0, 10, "Xvfb")
        program = subprocess.Popen([sys.executable, "-m", "game", str(saved)], cwd=tmp_path,
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        window = _wait_for(lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", WINDOW_CLASS + "-review"],
            env=env, capture_output=True, text=True).stdout.split(), 30, "the Plies window")[0]
        time.sleep(1.0)
        subprocess.run(["xdotool", "key", "--window", window, "r"], env=env, check=True)
        shot_dir = Path(os.environ.get("PLIES_SCREENSHOT_DIR", tmp_path))
        shot_dir.mkdir(parents=True, exist_ok=True)
        shot = shot_dir / "xvfb-connect4-review.png"

        def reviewed() -> bool:
            subprocess.run(["import", "-window", window, str(shot)], env=env, check=True,
                           timeout=30)
            return _green_share(shot) > 0.01

        # The whole game at depth 8 takes a few seconds; the first labels come at once.
        _wait_for(reviewed, 60, "the review's labels")
        time.sleep(8.0)  # let it finish, for a complete picture
        subprocess.run(["import", "-window", window, str(shot)], env=env, check=True,
                       timeout=30)
        assert _green_share(shot) > 0.01
        program.terminate()  # SDL turns SIGTERM into a quit event
        assert program.wait(timeout=10) == 0, program.stderr.read()[-2000:]
    finally:
        if program is not None and program.poll() is None:
            program.kill()
        server.terminate()
        server.wait(5)


def _green_share(shot: Path) -> float:
    """The share of the right-hand panel in the classic theme's "best" green."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(shot))
    w, h = image.get_size()
    points = [(x, y) for x in range(w - 380, w - 10, 3) for y in range(70, h - 10, 3)]

    def green(c) -> bool:
        return c.g > 100 and c.g > c.r + 50 and c.g > c.b + 25

    return sum(1 for p in points if green(image.get_at(p))) / len(points)
