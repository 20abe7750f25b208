"""The game screen's key table (game/ui/keys.py) is what the handler, the help card and
the README use: one list, so a key cannot be added to one and forgotten in another."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.rules import new_game
from game.ui.keys import PLAY_KEYS, command_for
from game.ui.scenes.help import SHORTCUTS
from tests.ui.helpers import HUMAN, computer

README = Path(__file__).resolve().parents[2] / "README.md"
README_SPELLING = {"Arrows": "arrows", "Right": "`→`"}
"""Caps the README writes in words or as an arrow."""


def test_the_help_card_is_the_table() -> None:
    assert SHORTCUTS == tuple((b.action, b.keys) for b in PLAY_KEYS)
    for binding in PLAY_KEYS:
        assert len(binding.commands) in (0, len(binding.caps())), binding.action


def test_the_readme_names_every_key_of_the_table() -> None:
    text = README.read_text(encoding="utf-8")
    missing = [cap for b in PLAY_KEYS for cap in b.caps()
               if README_SPELLING.get(cap, f"`{cap}`") not in text]
    assert missing == []


def test_the_readme_playing_table_has_no_key_the_table_lacks() -> None:
    """Every backticked key in the README's Playing table is a cap of the table (or a
    dialog's own key, listed here)."""
    section = README.read_text(encoding="utf-8").split("## Playing", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][2:]
    dialog_keys = {"Backspace", "Alt+↑", "Ctrl+A", "C", "X", "Y", "Ctrl+Backspace", "1", "4",
                   "←", "→", "V", "Enter"}
    caps = {cap for b in PLAY_KEYS for cap in b.caps()}
    found = {key for row in rows for key in re.findall(r"`([^`]+)`", row.split("|")[3])}
    assert found - caps - dialog_keys == set()


@pytest.mark.parametrize("key, mod, called", [
    (pygame.K_n, 0, ("new_game",)),
    (pygame.K_z, pygame.KMOD_LCTRL, ("undo",)),
    (pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT, ("redo",)),
    (pygame.K_y, pygame.KMOD_LMETA, ("redo",)),
    (pygame.K_RIGHTBRACKET, 0, ("step_preview", 1)),
    (pygame.K_COMMA, pygame.KMOD_LCTRL, ("settings",)),
    (pygame.K_u, 0, ("toggle_scores",)),
    (pygame.K_n, pygame.KMOD_LALT, None),
    (pygame.K_b, 0, None),  # a swap opening's choice: the scene decides when
])
def test_keys_find_their_commands(key: int, mod: int, called: tuple | None) -> None:
    event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")
    assert command_for(PLAY_KEYS, event) == called


def test_the_game_screen_runs_the_tables_commands(make_app, monkeypatch) -> None:
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, computer(1)])
    play = app.play
    seen = []
    for binding in PLAY_KEYS:
        for command in binding.commands:
            if command is not None:
                monkeypatch.setattr(play, command[0],
                                    lambda *args, name=command[0]: seen.append((name, *args)))
    for key, mod, text in ((pygame.K_h, 0, "h"), (pygame.K_LEFTBRACKET, 0, "["),
                           (pygame.K_SLASH, pygame.KMOD_LSHIFT, "?"),
                           (pygame.K_s, pygame.KMOD_LCTRL, "")):
        play.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))
    assert seen == [("hint",), ("step_preview", -1), ("help",), ("save_file",)]
