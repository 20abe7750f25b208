"""``LANGUAGE=de plies`` opens the real window in German, ``LANGUAGE=ja`` in Japanese
(issue 29): the desktop's language reaches the program as a desktop starts it.

The real program runs under Xvfb with only ``LANGUAGE`` set; its toolbar on the screen
must be, pixel for pixel, the toolbar a window drawn here in that language shows, and
not the English one.
"""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.rules import new_game
from game.settings import Settings
from game.ui import fonts
from game.ui.app import App
from tests.ui.helpers import HUMAN, computer
from tests.ui.xvfb import load_image, screenshot_dir, wait_for, x_session

SIZE = (1120, 760)
"""The window's size when the settings name none (``Settings().window_size``)."""


def _toolbar(language: str) -> tuple[pygame.Surface, pygame.Rect]:
    """An Othello game's window in ``language``, drawn here, and its toolbar's place."""
    app = App(size=SIZE, settings=Settings(sound=False, language=language), save_on_quit=False,
              fps=0, autosave=False)
    try:
        app.start_game(new_game("othello"), [HUMAN, computer(4)], remember=False)
        app.run_frames(1)
        drawn = pygame.Surface(app.screen.get_size())
        app.draw(drawn)
        return drawn, app.play.toolbar_rect.copy()
    finally:
        app.close()
        i18n.set_language("en")


def _differing(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    """How many sampled pixels (every 2nd) of ``rect`` differ between ``a`` and ``b``."""
    return sum(a.get_at((x, y))[:3] != b.get_at((x, y))[:3]
               for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2))


@pytest.mark.xvfb
@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_desktops_language_opens_the_window_in_it(tmp_path, language):
    if fonts.missing_font(language):
        pytest.skip(f"no font for {language} here: install {fonts.FONT_PACKAGES}")
    expected, bar = _toolbar(language)
    english, _bar = _toolbar("en")
    assert _differing(expected, english, bar) > 100  # the two languages' toolbars differ
    config = tmp_path / "config"
    with x_session(config) as x:
        x.env["LANGUAGE"] = language
        x.launch(["play", "--game", "othello", "--first", "human"], cwd=tmp_path)
        shot = screenshot_dir(tmp_path) / f"xvfb-{language}-toolbar.png"

        def shows_the_language() -> bool:
            image = load_image(x.screenshot(shot))
            return image.get_size() == SIZE and _differing(image, expected, bar) == 0

        wait_for(shows_the_language, 60, f"the window's toolbar in {language} "
                                         f"(last screenshot: {shot})")
        x.program.terminate()
        assert x.program.wait(timeout=20) == 0, x.errors()
