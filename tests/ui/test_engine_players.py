"""Outside engines as players in the window: asked on the worker thread, checked by the
rules, cancelled by undo, closed with their game (fake engines of tests/engines/fakes)."""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import players
from game.players import Engine, Human
from game.rules import new_game
from tests.ui.helpers import HUMAN, post_click, post_key, post_text
from tests.ui.pictures import around, dark, ink_span, light, share

ROOT = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parents[1] / "engines" / "fakes" / "fake_pbrain.py"


@pytest.fixture(autouse=True)
def importable(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def engine(mode: str, after: int = 1) -> Engine:
    return players.engine("gomoku", f"{sys.executable} {FAKE} {mode} {after}")


def click(play, name: str) -> None:
    game = play.game
    post_click(play.view.cell_center(game.move_cell(game.parse_move(name))))


def test_a_person_against_an_outside_engine(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("good")])
    play = app.play
    assert play.session.level_label(1) == "Engine · fake_pbrain"
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    assert play.game.moves_text() == "h8 a15"  # the fake plays its first empty cell
    click(play, "h9")
    assert app.pump_until(lambda: play.game.ply == 4, 10)
    assert play.game.moves_text() == "h8 a15 h9 b15"


def test_an_illegal_engine_move_loses_with_a_sentence(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("illegal", after=2)])
    play = app.play
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    click(play, "h9")
    assert app.pump_until(lambda: play.session.failed, 10)
    assert play.game.ply == 3  # the illegal move was never played
    message = play.session.message
    assert message.startswith("White (the engine) loses: The engine ")
    assert "which is illegal" in message
    app.run_frames(2)


def test_undo_while_the_engine_thinks_cancels_it_and_new_game_closes_it(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("silent")])
    play = app.play
    click(play, "h8")
    assert app.pump_until(lambda: play.session.pending == "move" and 1 in play.session.engines
                          and play.session.engines[1]._process is not None, 10)
    process = play.session.engines[1]._process.process
    time.sleep(0.2)
    post_key(pygame.K_z, pygame.KMOD_LCTRL)
    assert app.pump_until(lambda: play.game.ply == 0, 2)
    assert app.pump_until(lambda: process.poll() is not None, 5)  # closed on the cancel
    click(play, "h8")
    assert app.pump_until(lambda: play.session.engines[1]._process is not None, 10)
    second = play.session.engines[1]._process.process
    app.start_game(new_game("gomoku"), [HUMAN, HUMAN])  # a new game ends the engine
    assert second.poll() is not None or second.wait(5) is not None


def level_list(app, side: int, game_tile: int, *, again: bool = False):
    """In the start dialog (opened unless ``again``): the game's tile, the side made a
    computer, its level list focused. Returns the dialog."""
    if not again:
        app.show_start()
        app.run_frames(2)
    start = app.top
    post_click(start.tiles[game_tile].rect.center)
    post_click(start.kind[side]._segment(1).center)  # computer
    app.run_frames(2)
    post_click(start.levels[side].rect.center)  # focus (a click on the value cycles once)
    return start


def choose_outside_engine(app, side: int, command: str, game_tile: int = 2):
    """In the start dialog: the game, the side a computer, its level list to the end
    ("Engine…", by the keyboard), the command typed, Enter."""
    from tests.ui.helpers import post_text

    start = level_list(app, side, game_tile)
    for _ in start.levels[side].options:  # to the last choice, "Engine…"
        post_key(pygame.K_RIGHT)
    app.run_frames(2)
    assert start.commands[side].visible and not start.evals[side].visible
    post_click(start.commands[side].rect.center)
    post_key(pygame.K_a, pygame.KMOD_LCTRL)
    post_text(command)
    app.run_frames(2)
    return start


def test_the_new_game_dialog_offers_an_outside_engine_and_remembers_it(make_app, tmp_path):
    from game.settings import load_settings

    app = make_app()
    command = engine("good").command
    start = choose_outside_engine(app, 1, command)
    assert start.players["gomoku"][1].command == command
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    play = app.play
    assert play is not None and play.session.players[1].command == command
    saved = load_settings()
    assert saved.engine_commands == {"gomoku": command} and saved.engine_sides == {"gomoku": [1]}
    # The engine is kept as that engine (by name), never as a Plies level; the window's
    # record of the game says so too.
    assert saved.last_players["gomoku"][1] == Engine("fake_pbrain", "pbrain")
    assert play.session.record().players[1].to_json() == {
        "type": "engine", "name": "fake_pbrain", "protocol": "pbrain"}
    # The dialog comes back with the engine chosen; an empty command is refused.
    start = choose_outside_engine(app, 1, "")
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert app.top is start and "command" in start.error
    # Connect-4 has no outside engines: its level list ends at level 8.
    post_click(start.tiles[0].rect.center)
    app.run_frames(2)
    assert all(value != "engine" for value, _ in start.levels[1].options)


@pytest.mark.parametrize("theme", ["classic", "dark", "high-contrast"])
def test_screenshots_of_the_dialog_with_an_engine(make_app, theme, tmp_path):
    import os

    size = (1120, 760) if theme != "high-contrast" else (640, 480)  # the minimum window
    app = make_app(size, theme=theme)
    start = choose_outside_engine(app, 1, "pbrain-rapfi --fast", game_tile=1)
    app.run_frames(2)
    folder = os.environ.get("PLIES_SCREENSHOT_DIR")
    target = Path(folder) if folder else tmp_path
    target.mkdir(parents=True, exist_ok=True)
    if folder:  # a PNG costs ~40 ms to write, and only a person looks at it
        pygame.image.save(app.screen, str(target / f"engine-dialog-{theme}.png"))
    # The picture shows the typed command in its field, inside the window: its text
    # draws many times wider than a one-letter command's.
    field = start.commands[1].rect
    assert app.screen.get_rect().contains(field), (theme, field)
    inner = field.inflate(-8, -8)  # the text, not the field's border
    typed = ink_span(app.screen, inner)
    post_key(pygame.K_a, pygame.KMOD_LCTRL)
    post_text("x")
    app.run_frames(2)
    assert start.commands[1].text == "x"
    assert typed > 5 * ink_span(app.screen, inner), theme


def test_screenshot_of_a_game_against_an_engine(make_app, tmp_path):
    import os

    app = make_app((640, 480), theme="dark")
    app.start_game(new_game("gomoku"), [HUMAN, engine("good")])
    play = app.play
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    app.run_frames(3)
    folder = os.environ.get("PLIES_SCREENSHOT_DIR")
    target = Path(folder) if folder else tmp_path
    target.mkdir(parents=True, exist_ok=True)
    if folder:  # a PNG costs ~40 ms to write, and only a person looks at it
        pygame.image.save(app.screen, str(target / "engine-game-dark.png"))
    # The picture: the person's black stone on h8, the engine's white one on a15.
    empty = new_game("gomoku")  # where the cells are, on a board where they are free
    for name, test in (("h8", dark), ("a15", light)):
        centre = play.view.cell_center(empty.move_cell(empty.parse_move(name)))
        assert share(app.screen, around(centre, play.view.cell * 0.25), test) > 0.6, name


def test_a_stubborn_engine_never_freezes_the_window_and_is_still_ended(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("stubborn")])
    play = app.play
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    process = play.session.engines[1]._process.process
    started = time.monotonic()
    app.start_game(new_game("gomoku"), [HUMAN, HUMAN])  # leaves the old game
    assert time.monotonic() - started < 1.0  # not the END and SIGTERM grace periods
    assert process.wait(10) is not None  # killed once it ignored both


def test_playing_an_engine_the_hint_comes_from_the_engine(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("good")])
    play = app.play
    post_key(pygame.K_h)
    assert app.pump_until(lambda: play.session.hint is not None, 10)
    assert play.game.move_name(play.session.hint) == "a15"  # the fake's choice, not Plies'
    assert play.session.message == "Hint from the engine: a15"
    assert play.game.ply == 0 and 2 in play.session.engines  # its own instance
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    assert play.game.moves_text() == "h8 a15"


def test_after_undo_the_engine_is_sent_the_new_position(make_app):
    app = make_app()
    app.start_game(new_game("gomoku"), [HUMAN, engine("good")])
    play = app.play
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    post_key(pygame.K_z, pygame.KMOD_LCTRL)  # back to the person's last turn: the start
    assert app.pump_until(lambda: play.game.ply == 0, 5)
    click(play, "i9")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    # An engine still believing a15 taken would answer b15: it got RESTART and BOARD.
    assert play.game.moves_text() == "i9 a15"



# --- engines found on this system (game.engines.found), chosen by name -------------------

RHINO = shutil.which("gtp-rhino") or shutil.which("gtp-rhino", path="/usr/games")

OPENING_MOVES = {"d3", "c4", "f5", "e6"}
"""Black's four legal first moves in Othello (each outflanks one of White's two discs)."""


def choose_level(app, side: int, label: str, game_tile: int = 1, *, again: bool = False):
    """In the start dialog (opened unless ``again``): the game, the side a computer, its
    level list stepped by the keyboard to the choice shown as ``label``."""
    start = level_list(app, side, game_tile, again=again)
    labels = [text for _, text in start.levels[side].options]
    for _ in labels:
        post_key(pygame.K_LEFT)
    for _ in range(labels.index(label)):
        post_key(pygame.K_RIGHT)
    app.run_frames(2)
    assert start.levels[side].options[start.levels[side].index][1] == label
    return start


@pytest.fixture
def fake_rhino(tmp_path, monkeypatch):
    """A program named ``gtp-rhino`` in a games folder the finder is pointed at (the
    real one is not looked for): Plies' own GTP engine behind GRhino's name."""
    from game.engines import found

    games = tmp_path / "games"
    games.mkdir()
    rhino = games / "gtp-rhino"
    rhino.write_text(f"#!/bin/sh\nexec {sys.executable} -m game engine othello "
                     "--protocol gtp --level 1\n")
    rhino.chmod(0o755)
    monkeypatch.setattr(found, "GAMES_DIRS", (str(games),))
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    return str(rhino)


def test_the_dialog_offers_an_engine_found_on_this_system(make_app, fake_rhino):
    app = make_app((800, 560))
    start = choose_level(app, 0, "GRhino level 3 (GTP)")
    labels = [text for _, text in start.levels[0].options]
    assert labels[8:] == [f"GRhino level {n} (GTP)" for n in range(1, 4)] + [
        "GTP engine…", "Engine…"]
    # Its name says it all: no command to type, no evaluator beside it, nothing cut.
    assert not start.commands[0].visible and not start.evals[0].visible
    assert start.card.contains(start.levels[0].rect)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    play = app.play
    assert play is not None
    assert play.session.players[0] == Engine("GRhino level 3", "gtp", f"{fake_rhino} -l 3")
    assert play.session.level_label(0) == "Engine · GRhino level 3"
    assert play.session.record().players[0].to_json() == {
        "type": "engine", "name": "GRhino level 3", "protocol": "gtp"}
    # Black moves first: it is asked over GTP (not asked which protocol it speaks).
    assert app.pump_until(lambda: play.game.ply == 1, 30), play.session.message
    assert type(play.session.engines[0]).__name__ == "GtpPlayer"
    assert play.game.moves_text() in OPENING_MOVES
    # The dialog comes back with it chosen.
    app.show_start()
    app.run_frames(2)
    again = app.top
    assert again.levels[0].options[again.levels[0].index][1] == "GRhino level 3 (GTP)"


def test_a_typed_command_with_a_protocol_chosen(make_app, fake_rhino):
    app = make_app((800, 560))
    start = choose_level(app, 1, "GTP engine…")
    assert start.commands[1].visible and not start.evals[1].visible
    post_click(start.commands[1].rect.center)
    post_key(pygame.K_a, pygame.KMOD_LCTRL)
    post_text(f"{fake_rhino} -l 2")
    app.run_frames(2)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    # A typed command is named by its program, never by the command line.
    assert app.play.session.players[1] == Engine("GRhino level 2", "gtp", f"{fake_rhino} -l 2")
    # "Engine…": the same command (kept while the found engines were stepped past), its
    # protocol asked when it first moves; the record then says what it speaks.
    choose_level(app, 1, "Engine…")
    post_click(app.top.kind[1]._segment(0).center)  # White a person, Black the engine
    app.run_frames(1)
    choose_level(app, 0, "Engine…", again=True)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    play = app.play
    assert play.session.players[0] == Engine("GRhino level 2", "nboard", f"{fake_rhino} -l 2")
    assert play.session.players[1] == Human()
    assert app.pump_until(lambda: play.game.ply == 1, 30), play.session.message
    assert type(play.session.engines[0]).__name__ == "DetectingPlayer"
    assert play.session.record().players[0].to_json() == {
        "type": "engine", "name": "GRhino level 2", "protocol": "gtp"}
    assert play.game.moves_text() in OPENING_MOVES


def test_a_gomocup_brain_on_the_path_is_offered_by_name(make_app, fake_rhino, tmp_path,
                                                      monkeypatch):
    folder = tmp_path / "bin"
    folder.mkdir()
    brain = folder / "pbrain-fake"
    brain.write_text(f"#!/bin/sh\nexec {sys.executable} {FAKE} good 1\n")
    brain.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    app = make_app((800, 560))
    start = choose_level(app, 1, "Fake (Gomocup)", game_tile=2)
    assert [text for _, text in start.levels[1].options][8:] == ["Fake (Gomocup)", "Engine…"]
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    play = app.play
    assert play.session.players[1] == Engine("Fake", "pbrain", str(brain))
    click(play, "h8")
    assert app.pump_until(lambda: play.game.ply == 2, 10), play.session.message
    assert play.game.moves_text() == "h8 a15"  # the fake plays its first empty cell


@pytest.mark.skipif(RHINO is None, reason="GRhino is not installed (apt-get install grhino "
                                          "puts gtp-rhino in /usr/games)")
def test_grhino_chosen_in_the_dialog_plays_a_real_move(make_app):
    app = make_app((800, 560))
    choose_level(app, 0, "GRhino level 1 (GTP)")
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    play = app.play
    assert play.session.players[0].name == "GRhino level 1"
    assert app.pump_until(lambda: play.game.ply == 1 or play.session.failed, 60)
    assert not play.session.failed, play.session.message
    assert play.game.moves_text() in OPENING_MOVES
