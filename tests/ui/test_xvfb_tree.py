"""The tree explorer in a real X window: `plies play`, the T key, a screenshot.

Like ``test_xvfb_end_to_end``: Xvfb, the real command line, xdotool for the key and
ImageMagick's ``import`` for the picture, kept in ``PLIES_SCREENSHOT_DIR`` when set.
The picture must show the explorer, not the game: where the Othello board was, the
tree's white card; on the right, the small board's green.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pygame
import pytest

from tests.ui.xvfb import WINDOW_CLASS, load_image, screenshot_dir, under_a_veil, x_session


@pytest.mark.xvfb
def test_t_opens_the_tree_explorer_in_a_real_window(tmp_path):
    with x_session(tmp_path / "config", wm_class=WINDOW_CLASS + "-tree") as x:
        x.launch(["play", "--game", "othello", "--first", "human"], cwd=tmp_path)
        shot = screenshot_dir(tmp_path) / "xvfb-othello-tree-explorer.png"
        probe = tmp_path / "probe.png"
        key = x.key

        def look() -> tuple[str, bytes]:
            x.screenshot(probe)
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
        key("Return", closes=True)  # ...and Enter confirms.
        assert x.program.wait(timeout=20) == 0, x.errors()


def _pixels(shot: Path) -> bytes:
    return pygame.image.tobytes(load_image(shot), "RGB")


def _scene_of(shot: Path) -> str:
    """``"dialog"`` under a dialog's veil (the light background turns dark),
    ``"explorer"`` when the left of the window is the tree's white card, else ``"game"``."""
    image = load_image(shot)
    if under_a_veil(image):
        return "dialog"
    points = [(x, y) for x in range(60, 460, 20) for y in range(200, 500, 20)]
    white = sum(1 for p in points if min(image.get_at(p)[:3]) > 235)
    return "explorer" if white > 0.8 * len(points) else "game"


def _check(shot: Path) -> None:
    image = load_image(shot)
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
