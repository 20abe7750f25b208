"""Real input events for the UI tests, posted to pygame's queue as SDL would."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.players import Computer, Human


def post_click(pos: tuple[float, float], button: int = 1) -> None:
    """A left click (press and release) at ``pos``, as SDL posts it."""
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def post_key(key: int, mod: int = 0, unicode: str = "") -> None:
    """A key press and release."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode,
                                         scancode=0))


def post_text(text: str) -> None:
    """Typed text, as SDL's text input delivers it."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


HUMAN = Human()


def computer(level: int = 1, evaluator: str = "default") -> Computer:
    return Computer(level, evaluator)


def install_catalog(catalog: Any, folder: Path, monkeypatch: Any) -> None:
    """Compile ``catalog`` (Babel's, of one language) into ``folder`` and make that the
    program's locale folder for this test (``game.i18n.LOCALE_DIR``)."""
    from babel.messages.mofile import write_mo

    from game import i18n

    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    path = i18n.catalog_path(str(catalog.locale))
    path.parent.mkdir(parents=True)
    with open(path, "wb") as mo:
        write_mo(mo, catalog)


def type_path(app: Any, dialog: Any, path: Any) -> None:
    """In the file dialog: clear the path field with the keyboard, type ``path``, Enter."""
    post_key(pygame.K_END)
    app.run_frames(1)
    for _ in range(len(dialog.path.text)):
        post_key(pygame.K_BACKSPACE)
    post_text(str(path))
    post_key(pygame.K_RETURN)
    app.run_frames(3)


def record_drawn_texts(monkeypatch: Any) -> list[tuple[str, int, bool]]:
    """From now on in the test, every text ``game.ui.draw.blit_text`` draws, as
    ``(text, size, bold)`` in drawing order (the text is still drawn). Measuring a text
    draws too: copy the list before drawing anything while reading it."""
    from game.ui import draw

    drawn: list[tuple[str, int, bool]] = []
    real = draw.blit_text

    def record(surface: Any, text: str, size: int, colour: Any, pos: Any,
               anchor: str = "topleft", max_width: Any = None, bold: bool = False,
               min_size: Any = None) -> Any:
        drawn.append((text, size, bold))
        return real(surface, text, size, colour, pos, anchor, max_width, bold, min_size)

    monkeypatch.setattr(draw, "blit_text", record)
    return drawn


def pump_when_idle(app: Any, busy: Callable[[], bool], predicate: Callable[[], Any],
                   timeout: float) -> bool:
    """``app.pump_until(predicate, timeout)``, after a wait that draws no frames while
    ``busy()`` (a worker at work whose frames nothing looks at: at full speed the loop
    redraws an unchanged window a hundred times a second or more, costing more CPU than
    the work itself). The frames that take in the work's result are drawn as before."""
    deadline = time.monotonic() + timeout
    while busy() and time.monotonic() < deadline:
        time.sleep(0.01)  # polled: the work's end is what is waited for
    return app.pump_until(predicate, max(1.0, deadline - time.monotonic()))
