"""A language whose script no installed font has: the window says so in one English
sentence and speaks English, never boxes in place of letters (issue 29, item 4)."""

from __future__ import annotations

import pygame

from game import i18n
from game.ui import fonts
from tests.ui.helpers import post_key


def test_without_a_font_for_japanese_the_window_says_so_and_speaks_english(make_app,
                                                                          monkeypatch):
    monkeypatch.setenv("PLIES_FONT", "default")  # pygame's own font: Latin letters only
    app = make_app((800, 560), language="ja")
    try:
        assert i18n.current() == "en"
        assert app.language_notice is not None
        assert "Japanese" in app.language_notice and "fonts-noto-cjk" in app.language_notice
        drawn = []
        from game.ui import draw

        original = draw.blit_text
        monkeypatch.setattr(draw, "blit_text", lambda s, text, *a, **k: drawn.append(text)
                            or original(s, text, *a, **k))
        app.run_frames(1)
        app.draw(app.screen)
        assert any("No installed font can show Japanese" in text for text in drawn)
        # A key puts it away (and still does its work).
        post_key(pygame.K_F1)
        app.run_frames(2)
        assert app.language_notice is None
    finally:
        i18n.set_language("en")


def test_with_a_font_the_language_is_spoken(make_app):
    if fonts.missing_font("ja"):
        import pytest

        pytest.skip(f"no Japanese font here: install {fonts.FONT_PACKAGES}")
    app = make_app((800, 560), language="ja")
    try:
        assert i18n.current() == "ja"
        assert app.language_notice is None
    finally:
        i18n.set_language("en")
