"""The tree explorer in a real X window: `plies play`, the T key, a screenshot.

Like ``test_xvfb_end_to_end``: Xvfb, the real command line, xdotool for the key and
ImageMagick's ``import`` for the picture, kept in ``PLIES_SCREENSHOT_DIR`` when set.
The picture must show the explorer, not the game: where the Othello board was, the
tree's white card; on the right, the small board's green.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ui.test_xvfb_end_to_end import WINDOW_CLASS, _need_tools, _wait_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.xvfb
def test_t_opens_the_tree_explorer_in_a_real_window(tmp_path):
    _need_tools()
    display = f":{420 + os.getpid() % 300}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x900x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "PYTHONPATH": str(ROOT), "SDL_VIDEO_X11_WMCLASS": WINDOW_CLASS + "-tree"}
    program = None
    try:
        _wait_for(lambda: subprocess.run(["xdotool", "getmouselocation"], env=env,
                                         capture_output=True).returncode == 0, 10, "Xvfb")
        program = subprocess.Popen(
            [sys.executable, "-m", "game", "play", "--game", "othello", "--first", "human"],
            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        window = _wait_for(lambda: subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", WINDOW_CLASS + "-tree"], env=env,
            capture_output=True, text=True).stdout.split(), 30, "the Plies window")[0]
        time.sleep(1.0)
        subprocess.run(["xdotool", "key", "--window", window, "t"], env=env, check=True)
        time.sleep(3.0)  # a depth-3 recording of the opening takes well under a second
        shot_dir = Path(os.environ.get("PLIES_SCREENSHOT_DIR", tmp_path))
        shot_dir.mkdir(parents=True, exist_ok=True)
        shot = shot_dir / "xvfb-othello-tree-explorer.png"
        subprocess.run(["import", "-window", window, str(shot)], env=env, check=True,
                       timeout=30)
        _check(shot)
        subprocess.run(["xdotool", "key", "--window", window, "Escape"], env=env, check=True)
        time.sleep(0.5)  # back in the game: Esc asks before quitting, Enter confirms
        subprocess.run(["xdotool", "key", "--window", window, "Escape"], env=env, check=True)
        time.sleep(0.5)
        subprocess.run(["xdotool", "key", "--window", window, "Return"], env=env, check=True)
        assert program.wait(timeout=10) == 0, program.stderr.read()[-2000:]
    finally:
        if program is not None and program.poll() is None:
            program.kill()
        server.terminate()
        server.wait(5)


def _check(shot: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    image = pygame.image.load(str(shot))
    w, h = image.get_size()
    assert (w, h) == (1120, 760)

    def share(rect: tuple[int, int, int, int], test) -> float:
        x0, y0, rw, rh = rect
        points = [(x, y) for x in range(x0, x0 + rw, 6) for y in range(y0, y0 + rh, 6)]
        return sum(1 for p in points if test(image.get_at(p))) / len(points)

    def white(c) -> bool:
        return min(c.r, c.g, c.b) > 235

    def green(c) -> bool:
        return c.g > 90 and c.g > c.r + 40 and c.g > c.b + 25

    # Where the game's board was (left), the explorer's tree card: mostly white.
    assert share((60, 200, 400, 300), white) > 0.8
    # The small board of the side panel (right) is Othello's green.
    assert share((w - 300, 90, 260, 260), green) > 0.1
