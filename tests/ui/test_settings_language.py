"""The Settings dialog's Language row: the keyboard and the mouse cycle it through the
desktop's language ("auto") and each installed catalog, each change is saved, spoken at
once (``game.i18n``) and heard by the drawing layer; the next frame's texts are in the new
language.

The German catalog here is the test's own (three messages, compiled with Babel into a
private locale folder), so the test does not depend on the translators' catalogs.
"""

from __future__ import annotations

import pygame
import pytest
from babel.messages.catalog import Catalog

from game import i18n
from game.settings import load_settings
from game.ui import draw
from game.ui.scenes.settings import SettingsDialog
from tests.ui.helpers import install_catalog, post_click, post_key

GERMAN = {
    "Settings": "Einstellungen",
    "Language": "Sprache",
    "As the desktop ({language})": "Wie der Desktop ({language})",
}


@pytest.fixture
def german_catalog(tmp_path, monkeypatch):
    """A locale folder with a small German catalog; the desktop speaks German."""
    catalog = Catalog(locale="de", domain=i18n.DOMAIN)
    for english, german in GERMAN.items():
        catalog.add(english, german)
    install_catalog(catalog, tmp_path / "locale", monkeypatch)
    monkeypatch.setenv("LANGUAGE", "de")
    told = []
    monkeypatch.setattr(draw, "language_changed", lambda: told.append(i18n.current()),
                        raising=False)
    yield told
    i18n.set_language("en")  # the other tests read English


def drawn_texts(app, monkeypatch) -> list[str]:
    """The texts one full frame draws."""
    texts: list[str] = []
    real = draw.blit_text

    def record(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(draw, "blit_text", record)
    app.invalidate()
    app.run_frames(1)
    monkeypatch.setattr(draw, "blit_text", real)
    return texts


def test_the_language_row_cycles_saves_and_speaks_the_new_language(make_app, german_catalog,
                                                                    monkeypatch):
    told = german_catalog
    app = make_app(language="en")
    assert i18n.current() == "en" and told == ["en"]  # the window speaks its setting at once
    told.clear()
    dialog = SettingsDialog(app)
    app.push_scene(dialog)
    app.run_frames(2)
    # The desktop's language by its own name, then English and the one catalog installed.
    assert [label for _value, label in dialog.language.options] == [
        "As the desktop (Deutsch)", "English", "Deutsch"]
    assert dialog.language.value == "en"
    texts = drawn_texts(app, monkeypatch)
    assert "Settings" in texts and "Language" in texts and "English" in texts

    # The keyboard: Tab to the row, Right to the next language.
    for _step in range(10):
        if dialog.widgets.focus is dialog.language:
            break
        post_key(pygame.K_TAB)
        app.run_frames(1)
    assert dialog.widgets.focus is dialog.language
    post_key(pygame.K_RIGHT)
    app.run_frames(1)
    assert load_settings().language == "de"
    assert i18n.current() == "de" and told == ["de"]
    texts = drawn_texts(app, monkeypatch)
    assert "Einstellungen" in texts and "Sprache" in texts and "Deutsch" in texts
    assert "Settings" not in texts

    # The mouse: the right arrow goes round to the desktop's choice, shown in German.
    post_click(dialog.language._arrow_rects()[1].center)
    app.run_frames(1)
    assert load_settings().language == "auto"
    assert i18n.current() == "de"  # what the desktop asks for
    assert told == ["de", "de"]
    texts = drawn_texts(app, monkeypatch)
    assert "Wie der Desktop (Deutsch)" in texts

    # Once more: English again, and the window speaks it at the next frame.
    post_click(dialog.language._arrow_rects()[1].center)
    app.run_frames(1)
    assert load_settings().language == "en"
    assert i18n.current() == "en" and told == ["de", "de", "en"]
    texts = drawn_texts(app, monkeypatch)
    assert "Settings" in texts and "Einstellungen" not in texts


def test_a_game_on_screen_speaks_the_new_language_at_once(make_app, monkeypatch):
    """Every label of the game screen is translated where drawn, so a language chosen in
    Settings reaches the toolbar already built (a button built with its context too)."""
    from game.rules import new_game
    from tests.ui.helpers import HUMAN, computer

    app = make_app(language="en")
    app.start_game(new_game("othello"), [HUMAN, computer(1)], remember=False)
    app.run_frames(2)
    assert "Open" in drawn_texts(app, monkeypatch)
    app.set_language("de")  # the real German catalog
    texts = drawn_texts(app, monkeypatch)
    assert "Open" not in texts and "New" not in texts
    assert i18n.pgettext("file", "Open") in texts and i18n._("New") in texts
