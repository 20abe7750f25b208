"""The tree explorer in a real X window: `plies play`, the T key, a screenshot.

Like ``test_xvfb_end_to_end``: Xvfb, the real command line, xdotool for the key and
ImageMagick's ``import`` for the picture, kept in ``PLIES_SCREENSHOT_DIR`` when set.
The picture must show the explorer, not the game: where the Othello board was, the
tree's white card; on the right, the small board's green.
"""

from __future__ import annotations

import os
import shutil
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
        shot_dir = Path(os.environ.get("PLIES_SCREENSHOT_DIR", tmp_path))
        shot_dir.mkdir(parents=True, exist_ok=True)
        shot = shot_dir / "xvfb-othello-tree-explorer.png"
        probe = tmp_path / "probe.png"

        def key(name: str) -> None:
            assert program.poll() is None, program.stderr.read()[-2000:]
            subprocess.run(["xdotool", "key", "--window", window, name], env=env, check=True)

        def look() -> tuple[str, bytes]:
            subprocess.run(["import", "-window", window, str(probe)], env=env, check=True,
                           timeout=30)
            return _scene_of(probe), _pixels(probe)

        # A loaded machine may drop or delay the first key: press T until the explorer
        # shows, then wait until the picture stops changing (the recording is done).
        deadline = time.monotonic() + 60
        seen = ("game", b"")
        while seen[0] != "explorer" and time.monotonic() < deadline:
            key("t")
            time.sleep(2.0)
            seen = look()
        assert seen[0] == "explorer", "T did not open the tree explorer"
        while time.monotonic() < deadline:
            time.sleep(1.0)
            again = look()
            if again == seen:
                break
            seen = again
        shutil.copyfile(probe, shot)
        _check(shot)
        # Esc leaves the explorer (after a cancel, if it was still recording)...
        while _scene_of(probe) == "explorer" and time.monotonic() < deadline:
            key("Escape")
            time.sleep(1.5)
            look()
        assert _scene_of(probe) == "game"
        key("Escape")  # ...and in the game asks before quitting (a veil darkens the
        while _scene_of(probe) != "dialog" and time.monotonic() < deadline:  # window)...
            time.sleep(0.5)
            look()
        key("Return")  # ...and Enter confirms.
        assert program.wait(timeout=20) == 0, program.stderr.read()[-2000:]
    finally:
        if program is not None and program.poll() is None:
            program.kill()
        server.terminate()
        server.wait(5)


def _image(shot: Path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    return pygame, pygame.image.load(str(shot))


def _pixels(shot: Path) -> bytes:
    pygame, image = _image(shot)
    return pygame.image.tobytes(image, "RGB")


def _scene_of(shot: Path) -> str:
    """``"dialog"`` under a dialog's veil (the light background turns dark),
    ``"explorer"`` when the left of the window is the tree's white card, else ``"game"``."""
    _, image = _image(shot)
    corner = image.get_at((image.get_width() - 4, image.get_height() - 4))
    if max(corner[:3]) < 180:
        return "dialog"
    points = [(x, y) for x in range(60, 460, 20) for y in range(200, 500, 20)]
    white = sum(1 for p in points if min(image.get_at(p)[:3]) > 235)
    return "explorer" if white > 0.8 * len(points) else "game"


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
