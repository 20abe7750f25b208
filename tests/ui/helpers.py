"""Real input events for the UI tests, posted to pygame's queue as SDL would."""

from __future__ import annotations

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
