"""The tree explorer in a real X window: `plies play`, the T key, a screenshot.

Like ``test_xvfb_end_to_end``: Xvfb, the real command line, xdotool for the key and
ImageMagick's ``import`` for the picture, kept in ``PLIES_SCREENSHOT_DIR`` when set.
The picture must show the explorer, not the game: where the Othello board was, the
tree's white card; on the right, the small board's green.
"""

from __future__ import annotations

import pytest

from tests.ui.xvfb import WINDOW_CLASS, screenshot_dir, under_a_veil, x_session


@pytest.mark.xvfb
def test_t_opens_the_tree_explorer_in_a_real_window(tmp_path):
    with x_session(tmp_path / "config", wm_class=WINDOW_CLASS + "-tree") as x:
        x.launch(["play", "--game", "othello", "--first", "human"], cwd=tmp_path)
        shot = screenshot_dir(tmp_path) / "xvfb-othello-tree-explorer.png"
        probe = tmp_path / "probe.png"

        def showing(scene: str):
            return lambda image: _scene_of(image) == scene

        # T until the explorer shows (a key sent before the window reads its input may
        # be lost), then wait until the picture stops changing (the recording is done).
        x.press_until("t", showing("explorer"), probe, "the tree explorer (T)")
        _check(x.settled(shot, 90, "the recording to finish"))
        # Each key once its screen shows: Esc leaves the explorer (a recording still
        # under way would take a second Esc, which this waits to see first)...
        x.press_until("Escape", showing("game"), probe, "the game again (Esc)")
        # ...Esc in the game asks before quitting (a veil darkens the window)...
        x.press_until("Escape", showing("dialog"), probe, "the quit question (Esc)")
        x.key("Return", closes=True)  # ...and Enter confirms.
        assert x.program.wait(timeout=30) == 0, x.errors()


def _scene_of(image) -> str:
    """``"dialog"`` under a dialog's veil (the light background turns dark),
    ``"explorer"`` when the left of the window is the tree's white card, else ``"game"``."""
    if under_a_veil(image):
        return "dialog"
    points = [(x, y) for x in range(60, 460, 20) for y in range(200, 500, 20)]
    white = sum(1 for p in points if min(image.get_at(p)[:3]) > 235)
    return "explorer" if white > 0.8 * len(points) else "game"


def _check(image) -> None:
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
