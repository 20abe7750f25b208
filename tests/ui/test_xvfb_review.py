"""The game review in a real X window: `plies FILE`, the R key, a screenshot.

Like ``test_xvfb_end_to_end``: Xvfb, the real command line, xdotool for the key and
ImageMagick's ``import`` for the picture, kept in ``PLIES_SCREENSHOT_DIR`` when set.
The picture must show the review, not the game: the label pills of the move list
("best" is the theme's green, a colour the Connect-4 play screen never shows).
"""

from __future__ import annotations

import pytest

from tests.ui.test_review_scene import FINISHED
from tests.ui.xvfb import WINDOW_CLASS, screenshot_dir, x_session


@pytest.mark.xvfb
def test_r_reviews_an_opened_game_in_a_real_window(tmp_path):
    from game import records
    from game.formats import save_record
    from game.rules import new_game

    game = new_game("connect4")
    game.play_moves(FINISHED)
    saved = tmp_path / "finished.json"
    save_record(saved, records.record_from_game(
        game, [records.computer(5), records.computer(3)]))
    with x_session(tmp_path / "config", wm_class=WINDOW_CLASS + "-review") as x:
        x.launch([str(saved)], cwd=tmp_path)
        shot = screenshot_dir(tmp_path) / "xvfb-connect4-review.png"
        # R until the first labels show (they come at once; a key sent before the window
        # reads its input may be lost), then the whole game at depth 8: the picture
        # stops changing once every move is labelled.
        x.press_until("r", lambda image: _green_share(image) > 0.01, shot, "the review's labels")
        final = x.settled(shot, 120, "the review to finish", interval=2.0)
        assert _green_share(final) > 0.01
        x.program.terminate()  # SDL turns SIGTERM into a quit event
        assert x.program.wait(timeout=30) == 0, x.errors()


def _green_share(image) -> float:
    """The share of the right-hand panel in the classic theme's "best" green."""
    w, h = image.get_size()
    points = [(x, y) for x in range(w - 380, w - 10, 3) for y in range(70, h - 10, 3)]

    def green(c) -> bool:
        return c.g > 100 and c.g > c.r + 50 and c.g > c.b + 25

    return sum(1 for p in points if green(image.get_at(p))) / len(points)
