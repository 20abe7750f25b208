"""Helpers for the headless UI tests: an app in a private config folder, real input events.

Every test drives the real loop (``App.frame``) with events posted to pygame's queue,
exactly as SDL would deliver them; nothing calls the scenes' methods to fake input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.settings import Settings


@pytest.fixture(autouse=True)
def private_config(tmp_path, monkeypatch) -> Iterator[Any]:
    """Settings, autosave and saved games live under ``tmp_path``, never the real config."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # The documents folder (platformdirs reads it from user-dirs.dirs): saving starts there.
    documents = tmp_path / "documents"
    documents.mkdir()
    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "user-dirs.dirs").write_text(f'XDG_DOCUMENTS_DIR="{documents}"\n')
    yield tmp_path / "config" / "plies"


@pytest.fixture
def make_app() -> Iterator[Callable[..., Any]]:
    """``make_app(size=..., **settings)``: a fresh App, closed after the test."""
    from game.ui.app import App

    apps: list[App] = []

    def make(size: tuple[int, int] = (1120, 760), *, save: bool = True, **settings: Any) -> App:
        values = {"animation_speed": "off", "sound": False, **settings}
        app = App(size=size, settings=Settings(**values), save_on_quit=save, fps=0)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()
