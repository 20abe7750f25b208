"""Each scene's key table (game/ui/keys.py) is what its handler, its help card and the
README use: one list, so a key cannot be added to one and forgotten in another."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.rules import new_game
from game.ui.keys import (
    ANY_MODIFIER,
    EDITOR_KEYS,
    LEARN_KEYS,
    PLAY_KEYS,
    REVIEW_KEYS,
    START_KEYS,
    TREE_KEYS,
    Binding,
    command_for,
)
from game.ui.scenes.help import SHORTCUTS
from tests.ui.helpers import HUMAN, computer

README = Path(__file__).resolve().parents[2] / "README.md"
README_SPELLING = {"Arrows": "arrows", "Right": "`→`", "Left": "`←`", "Up": "`↑`", "Down": "`↓`",
                   "Shift+arrows": "`Shift`+arrows"}
"""Caps the README writes in words or as an arrow."""
ARROW_WORDS = {"↑", "↓", "←", "→", "Shift"}
"""Backticked in the README's tables as arrows or part of "Shift+arrows"."""


def readme_keyboard_column(heading: str) -> str:
    """The keyboard column of the first table with one under the README's ``heading``."""
    section = README.read_text(encoding="utf-8").split(heading, 1)[1].split("\n## ", 1)[0]
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| ")
                 and line.split("|")[3].strip() == "keyboard")
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    header, _rule, *rows = lines[start:end]
    assert header.split("|")[3].strip() == "keyboard"
    return "\n".join(row.split("|")[3] for row in rows)


def key(key: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text)


@pytest.mark.parametrize("table", [PLAY_KEYS, TREE_KEYS, REVIEW_KEYS, EDITOR_KEYS,
                                   LEARN_KEYS, START_KEYS])
def test_every_key_cap_has_a_command_or_none(table: tuple[Binding, ...]) -> None:
    for binding in table:
        assert len(binding.commands) in (0, len(binding.caps())), binding.action


def test_the_help_card_is_the_table() -> None:
    assert SHORTCUTS == tuple((b.action, b.keys) for b in PLAY_KEYS)


def test_the_readme_names_every_key_of_the_table() -> None:
    text = README.read_text(encoding="utf-8")
    missing = [cap for b in PLAY_KEYS for cap in b.caps()
               if README_SPELLING.get(cap, f"`{cap}`") not in text]
    assert missing == []


def test_the_readme_playing_table_has_no_key_the_table_lacks() -> None:
    """Every backticked key in the README's Playing table is a cap of the table (or a
    dialog's own key, listed here)."""
    column = readme_keyboard_column("## Playing")
    dialog_keys = {"Backspace", "Alt+↑", "Ctrl+A", "C", "X", "Y", "Ctrl+Backspace", "1", "4",
                   "←", "→", "V", "Enter"}
    caps = {cap for b in PLAY_KEYS for cap in b.caps()}
    found = set(re.findall(r"`([^`]+)`", column))
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


@pytest.mark.parametrize("heading, table", [
    ("## The search-tree explorer", TREE_KEYS),
    ("## Game review", REVIEW_KEYS),
    ("## Learn: game trees", LEARN_KEYS),
])
def test_the_readme_key_table_is_the_scenes_table(heading: str,
                                                  table: tuple[Binding, ...]) -> None:
    """The scene's README table names each key of its key table and no other."""
    column = readme_keyboard_column(heading)
    missing = [cap for b in table for cap in b.caps()
               if README_SPELLING.get(cap, f"`{cap}`") not in column]
    assert missing == []
    caps = {cap for b in table for cap in b.caps()}
    assert set(re.findall(r"`([^`]+)`", column)) - caps - ARROW_WORDS == set()


@pytest.mark.parametrize("event, called", [
    (key(pygame.K_SPACE, text=" "), ("next_step",)),
    (key(pygame.K_SPACE, pygame.KMOD_LSHIFT, " "), ("next_step",)),  # Shift means nothing here
    (key(pygame.K_PAGEUP), ("previous_step",)),
    (key(pygame.K_x, text="x"), ("next_cutoff",)),
    (key(pygame.K_x, pygame.KMOD_LSHIFT, "X"), ("previous_cutoff",)),
    (key(pygame.K_EQUALS, pygame.KMOD_LSHIFT, "+"), ("step_zoom", 1)),  # + on a US keyboard
    (key(pygame.K_EQUALS, text="="), ("step_zoom", 1)),
    (key(pygame.K_KP_MINUS, text="-"), ("step_zoom", -1)),
    (key(pygame.K_KP0, text="0"), ("actual_size",)),
    (key(pygame.K_KP_ENTER), ("toggle_selected",)),
    (key(pygame.K_c, text="c"), ("toggle_selected", False)),
    (key(pygame.K_d, pygame.KMOD_RSHIFT, "D"), ("step_depth", -1)),
    (key(pygame.K_SLASH, pygame.KMOD_LSHIFT, "?"), ("toggle_keys",)),
    (key(pygame.K_n, pygame.KMOD_LCTRL), None),
    (key(pygame.K_LEFT, pygame.KMOD_LSHIFT), None),  # panning: the scene's own code
])
def test_tree_keys_find_their_commands(event: pygame.event.Event, called: tuple | None) -> None:
    assert command_for(TREE_KEYS, event, loose=pygame.KMOD_SHIFT) == called


def test_play_keys_keep_shift_exact() -> None:
    """Only a table asked with a loose Shift ignores an unnamed Shift."""
    assert command_for(PLAY_KEYS, key(pygame.K_n, pygame.KMOD_LSHIFT, "N")) is None
    assert command_for(PLAY_KEYS, key(pygame.K_n, text="n")) == ("new_game",)


def test_the_explorer_runs_the_tables_commands(make_app, monkeypatch) -> None:
    from game.ui.scenes.tree import TreeScene

    app = make_app(size=(800, 560))
    app.start_game(new_game("connect4"), [HUMAN, HUMAN], remember=False)
    scene = TreeScene(app, app.play.game)
    app.push_scene(scene)
    seen = []
    for binding in TREE_KEYS:
        for command in binding.commands:
            if command is not None:
                monkeypatch.setattr(scene, command[0],
                                    lambda *args, name=command[0]: seen.append((name, *args)))
    for event in (key(pygame.K_PERIOD, text="."), key(pygame.K_HOME),
                  key(pygame.K_m, pygame.KMOD_LSHIFT, "M"), key(pygame.K_ESCAPE),
                  key(pygame.K_f, pygame.KMOD_LALT, "f")):
        scene.handle_event(event)
    assert seen == [("next_step",), ("go_to", 0), ("step_mode", -1), ("escape",)]


@pytest.mark.parametrize("event, called", [
    (key(pygame.K_UP), ("step_move", -1)),
    (key(pygame.K_RIGHT, pygame.KMOD_LSHIFT), ("step_move", 1)),
    (key(pygame.K_PAGEDOWN), ("step_page", 1)),
    (key(pygame.K_END), ("select_last",)),
    (key(pygame.K_m, pygame.KMOD_LSHIFT, "M"), ("jump_mistake", -1)),
    (key(pygame.K_t, text="t"), ("step_limits", "time", 1)),
    (key(pygame.K_d, pygame.KMOD_LSHIFT, "D"), ("step_limits", "depth", -1)),
    (key(pygame.K_r, pygame.KMOD_LCTRL), None),
    (key(pygame.K_h, text="h"), None),
])
def test_review_keys_find_their_commands(event: pygame.event.Event,
                                         called: tuple | None) -> None:
    assert command_for(REVIEW_KEYS, event, loose=pygame.KMOD_SHIFT) == called


def test_the_review_runs_the_tables_commands(make_app, monkeypatch) -> None:
    from game.ui.scenes.review import ReviewScene

    app = make_app(size=(800, 560))
    game = new_game("connect4")
    game.play_moves("4453")
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    app.play.review()
    scene = app.top
    assert isinstance(scene, ReviewScene)
    seen = []
    for binding in REVIEW_KEYS:
        for command in binding.commands:
            if command is not None:
                monkeypatch.setattr(scene, command[0],
                                    lambda *args, name=command[0]: seen.append((name, *args)))
    for event in (key(pygame.K_DOWN), key(pygame.K_PAGEUP), key(pygame.K_ESCAPE),
                  key(pygame.K_SLASH, pygame.KMOD_LSHIFT, "?"), key(pygame.K_n, pygame.KMOD_LALT)):
        scene.handle_event(event)
    assert seen == [("step_move", 1), ("step_page", -1), ("escape",), ("help",)]


def test_the_readme_editor_keys_are_the_editors_table() -> None:
    """The README's board-editor paragraph names each key of EDITOR_KEYS and no other
    (besides `E`, which opens it from the game, and the command line's options)."""
    text = README.read_text(encoding="utf-8")
    bullet = text.split("- **The board editor**", 1)[1].split("\n- **", 1)[0]
    missing = [cap for b in EDITOR_KEYS for cap in b.caps()
               if README_SPELLING.get(cap, f"`{cap}`") not in bullet]
    assert missing == []
    caps = {cap for b in EDITOR_KEYS for cap in b.caps()}
    assert set(re.findall(r"`([^`]+)`", bullet)) - caps - {"E", "--board", "--turn"} == set()


@pytest.mark.parametrize("event, called", [
    (key(pygame.K_b, text="b"), ("put_at_cursor", 0)),
    (key(pygame.K_x, pygame.KMOD_LALT, "x"), ("put_at_cursor", 0)),
    (key(pygame.K_y, pygame.KMOD_LSHIFT, "Y"), ("put_at_cursor", 1)),
    (key(pygame.K_PERIOD, text="."), ("put_at_cursor", None)),
    (key(pygame.K_c, text="c"), ("clear",)),
    (key(pygame.K_c, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT), ("copy",)),
    (key(pygame.K_v, pygame.KMOD_LMETA), ("paste",)),
    (key(pygame.K_KP_ENTER), ("play",)),
    (key(pygame.K_RETURN, pygame.KMOD_LCTRL), None),
    (key(pygame.K_ESCAPE, pygame.KMOD_LCTRL), ("cancel",)),
    (key(pygame.K_x, pygame.KMOD_LCTRL), None),
])
def test_editor_keys_find_their_commands(event: pygame.event.Event,
                                         called: tuple | None) -> None:
    loose = pygame.KMOD_SHIFT | pygame.KMOD_ALT
    assert command_for(EDITOR_KEYS, event, loose=loose) == called


def test_the_editor_runs_the_tables_commands(make_app, monkeypatch) -> None:
    from game.ui.scenes.editor import EditorScene

    app = make_app(size=(800, 560))
    app.start_game(new_game("connect4"), [HUMAN, HUMAN], remember=False)
    app.play.edit()
    scene = app.top
    assert isinstance(scene, EditorScene)
    seen = []
    for binding in EDITOR_KEYS:
        for command in binding.commands:
            if command is not None:
                monkeypatch.setattr(scene, command[0],
                                    lambda *args, name=command[0]: seen.append((name, *args)))
    for event in (key(pygame.K_o, text="o"), key(pygame.K_t, text="t"),
                  key(pygame.K_s, pygame.KMOD_LCTRL), key(pygame.K_ESCAPE),
                  key(pygame.K_RETURN)):
        scene.handle_event(event)
    assert seen == [("put_at_cursor", 1), ("switch_turn",), ("cancel",), ("play",)]


@pytest.mark.parametrize("event, called", [
    (key(pygame.K_ESCAPE), ("close",)),
    (key(pygame.K_ESCAPE, pygame.KMOD_LCTRL), ("close",)),
    (key(pygame.K_F5, pygame.KMOD_LSHIFT | pygame.KMOD_LALT), ("next_exercise",)),
    (key(pygame.K_1, text="1"), None),  # a lesson, unless an answer is being typed
    (key(pygame.K_RETURN), None),
])
def test_learn_keys_find_their_commands(event: pygame.event.Event,
                                        called: tuple | None) -> None:
    assert command_for(LEARN_KEYS, event, loose=ANY_MODIFIER) == called


def test_the_learn_scene_runs_the_tables_commands(make_app, monkeypatch) -> None:
    from game.ui.scenes.learn import LearnScene

    app = make_app(size=(800, 560))
    app.show_start()
    scene = LearnScene(app)
    app.push_scene(scene)
    seen = []
    for binding in LEARN_KEYS:
        for command in binding.commands:
            if command is not None:
                monkeypatch.setattr(scene, command[0],
                                    lambda *args, name=command[0]: seen.append((name, *args)))
    for event in (key(pygame.K_F5, pygame.KMOD_LCTRL), key(pygame.K_ESCAPE)):
        scene.handle_event(event)
    assert seen == [("next_exercise",), ("close",)]


def test_the_readme_start_screen_paragraph_is_the_start_table() -> None:
    """The README's start-screen paragraph names each key of START_KEYS and no other
    (besides `N`, the game screen's New, which leads there)."""
    text = README.read_text(encoding="utf-8")
    paragraph = text.split("`plies` opens the start screen", 1)[1].split("\n\n", 1)[0]
    caps = {cap for b in START_KEYS for cap in b.caps()}
    assert set(re.findall(r"`([^`]+)`", paragraph)) - {"N"} == caps


@pytest.mark.parametrize("event, called", [
    (key(pygame.K_r, pygame.KMOD_LSHIFT, "R"), ("show_results",)),
    (key(pygame.K_r, pygame.KMOD_LCTRL), None),
    (key(pygame.K_o, pygame.KMOD_LMETA | pygame.KMOD_LSHIFT), ("open_file",)),
    (key(pygame.K_o, text="o"), None),
    (key(pygame.K_ESCAPE, pygame.KMOD_LCTRL), ("escape",)),
    (key(pygame.K_KP_ENTER, pygame.KMOD_LCTRL), ("start",)),
    (key(pygame.K_F1, pygame.KMOD_LALT), ("help",)),
    (key(pygame.K_l, pygame.KMOD_LCTRL), None),
])
def test_start_keys_find_their_commands(event: pygame.event.Event,
                                        called: tuple | None) -> None:
    assert command_for(START_KEYS, event) == called


def test_the_start_screen_runs_the_tables_commands_when_it_can(make_app, monkeypatch) -> None:
    from game.ui.text_input import TextInput

    app = make_app(size=(800, 560))
    app.show_start()
    scene = app.top
    seen = []
    for binding in START_KEYS:
        for command in binding.commands:
            monkeypatch.setattr(scene, command[0],
                                lambda *args, name=command[0]: seen.append((name, *args)))
    for event in (key(pygame.K_l, text="l"), key(pygame.K_r, text="r"), key(pygame.K_F1),
                  key(pygame.K_RETURN), key(pygame.K_ESCAPE)):
        scene.handle_event(event)
    assert seen == [("show_learn",), ("show_results",), ("help",), ("start",), ("escape",)]
    seen.clear()
    monkeypatch.setattr(scene.widgets, "focus", TextInput(""))  # typing a command line
    monkeypatch.setattr(scene.widgets, "handle_event", lambda event: seen.append("widgets"))
    scene.handle_event(key(pygame.K_r, text="r"))
    assert seen == ["widgets"]
