"""Two windows lose nothing (issue 11.6); leftovers are cleaned (issue 11.7).

Real processes share one config folder (``XDG_CONFIG_HOME``): each window holds its own
autosave slot under a lock, the start screen offers every unfinished game of the
windows that are gone, and settings saved by one window keep the other's changes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import records
from game.settings import Settings, load_settings, merge_changes, save_settings
from game.slots import (
    AUTOSAVE_NAME,
    WindowSlot,
    autosave_path,
    held_elsewhere,
    save_autosave,
    use_autosave_name,
)
from game.ui.app import tidy_config_folder
from tests.ui.helpers import HUMAN, computer, post_click

ROOT = Path(__file__).resolve().parents[2]

WINDOW = r"""
import sys
from game.players import Human
from game.rules import new_game
from game.ui.app import App
name, moves = sys.argv[1], sys.argv[2]
app = App(size=(900, 600), fps=0)
game = new_game(name)
game.play_moves(moves)
app.start_game(game, [Human(), Human()])
app.run_frames(2)
if len(sys.argv) > 3:
    setattr(app.settings, sys.argv[3], {"True": True, "False": False}.get(sys.argv[4], sys.argv[4]))
    print("loaded", flush=True)
    sys.stdin.readline()          # wait until told to save
    app.apply_settings()
print("slot", app.slot.number, flush=True)
sys.stdin.readline()              # keep the window open until told to close
app.close()
print("closed", flush=True)
"""


def _window(tmp_path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", WINDOW, *args], cwd=tmp_path, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _expect(process: subprocess.Popen, word: str) -> str:
    line = process.stdout.readline()
    assert line.startswith(word), (line, process.stderr.read() if process.poll() else "")
    return line


def _close(process: subprocess.Popen) -> None:
    process.stdin.write("\n")
    process.stdin.flush()
    _expect(process, "closed")
    assert process.wait(30) == 0


def _start_screen(make_app):
    app = make_app()
    app.show_start()
    app.run_frames(1)
    return app, app.top


@pytest.mark.slow
def test_two_windows_keep_their_own_games_and_the_start_screen_offers_both(
        tmp_path, make_app, private_config):
    first = _window(tmp_path, "connect4", "4453")
    assert _expect(first, "slot") == "slot 1\n"
    second = _window(tmp_path, "othello", "f5d6")
    assert _expect(second, "slot") == "slot 2\n"
    try:
        saved = {path.name: json.loads(path.read_text())["moves"]
                 for path in private_config.glob("autosave*.json")}
        assert saved == {"autosave.json": "4453", "autosave-2.json": "f5d6"}
        assert held_elsewhere(1) and held_elsewhere(2) and not held_elsewhere(3)
        app, start = _start_screen(make_app)  # a third window, while both are open
        assert app.slot.number == 3 and start.offers == [] and start.other_windows == 2
        assert start.resume_text() == "2 other Plies windows are open; their games stay there"
        app.close()
    finally:
        _close(first)
        second.kill()  # a crash: the kernel drops its lock, its game is kept
        second.wait(30)
    app, start = _start_screen(make_app)
    assert app.slot.number == 1 and start.other_windows == 0
    assert [offer.game.name for offer in start.offers] == ["connect4", "othello"]
    assert "(1 of 2)" in start.resume_text()
    post_click(start.b_next_offer.rect.center)
    app.run_frames(1)
    assert start.resume_game.name == "othello"
    post_click(start.b_resume.rect.center)
    app.run_frames(2)
    assert app.play.game.moves_text() == "f5d6" and app.slot.number == 2
    assert autosave_path().name == "autosave-2.json"
    # The Connect-4 game stays in slot 1 for later.
    assert json.loads((private_config / "autosave.json").read_text())["moves"] == "4453"


def test_a_window_opened_into_a_game_leaves_the_unfinished_one_alone(make_app, private_config):
    game = records.record_from_game(_played("connect4", "44"), [HUMAN, computer(1)])
    save_autosave(game)
    slot = WindowSlot.claim(keep_unfinished=True)
    try:
        assert slot.number == 2
    finally:
        slot.release()
    slot = WindowSlot.claim()
    try:
        assert slot.number == 1  # the start screen's window takes it, to offer it
    finally:
        slot.release()


def _played(name, moves):
    from game.rules import new_game

    game = new_game(name)
    game.play_moves(moves)
    return game


@pytest.mark.slow
def test_settings_saved_by_two_windows_are_merged(tmp_path, private_config):
    save_settings(Settings(theme="classic", sound=True))
    first = _window(tmp_path, "connect4", "4", "theme", "dark")
    second = _window(tmp_path, "gomoku", "h8", "sound", "False")
    _expect(first, "loaded")
    _expect(second, "loaded")  # both read the file before either writes
    for window in (first, second):
        window.stdin.write("\n")
        window.stdin.flush()
        _expect(window, "slot")
    _close(first)
    _close(second)
    merged = load_settings()
    assert merged.theme == "dark" and merged.sound is False
    assert merged.window_size == [900, 600]


def test_merge_changes_takes_only_what_this_window_changed():
    current = {"theme": "dark", "last_players": {"othello": [1], "gomoku": [2]}}
    baseline = {"theme": "classic", "last_players": {"othello": [1]}}
    ours = {"theme": "classic", "last_players": {"othello": [1], "connect4": [3]}}
    assert merge_changes(current, baseline, ours) == {
        "theme": "dark", "last_players": {"othello": [1], "gomoku": [2], "connect4": [3]}}


def test_stale_temporary_files_are_removed_at_start(private_config, tmp_path):
    folder = private_config
    folder.mkdir(parents=True, exist_ok=True)
    old = folder / ".settings.json.k2j4h5g6.tmp"
    fresh = folder / ".autosave.json.a1b2c3d4.tmp"
    other = folder / ".notes.tmp"  # not a name atomic writes make
    elsewhere = tmp_path / "target.tmp"
    elsewhere.write_text("keep")
    link = folder / ".x.json.abcdefgh.tmp"
    for path in (old, fresh, other):
        path.write_text("{")
    link.symlink_to(elsewhere)
    hour_ago = time.time() - 3600
    for path in (old, other):
        os.utime(path, (hour_ago, hour_ago))
    os.utime(link, (hour_ago, hour_ago), follow_symlinks=False)
    tidy_config_folder()
    assert not old.exists()
    assert fresh.exists() and other.exists() and link.is_symlink() and elsewhere.exists()


def test_a_remembered_window_larger_than_the_screen_is_clamped(make_app):
    app = make_app(size=None, window_size=[4000, 3000])  # the remembered size
    screen = pygame.display.get_desktop_sizes()[0]  # the dummy driver's: 1024 x 768
    assert app.screen.get_size() == (min(4000, screen[0]), min(3000, screen[1]))


@pytest.mark.slow
def test_kill_9_leaves_no_lock_behind(tmp_path, private_config):
    window = _window(tmp_path, "connect4", "4")
    _expect(window, "slot")
    assert held_elsewhere(1)
    os.kill(window.pid, signal.SIGKILL)
    window.wait(30)
    assert not held_elsewhere(1)


def test_resuming_a_game_another_window_just_took_is_refused(make_app, private_config):
    import fcntl

    use_autosave_name("autosave-2.json")
    save_autosave(records.record_from_game(_played("othello", "f5d6"),
                                                   [HUMAN, computer(2)]))
    use_autosave_name(AUTOSAVE_NAME)
    app, start = _start_screen(make_app)
    assert app.slot.number == 1 and start.resume_game.moves_text() == "f5d6"
    lock = os.open(private_config / ".autosave-2.lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # another window opens it now
        post_click(start.b_resume.rect.center)
        app.run_frames(2)
        assert app.play is None and app.top is start
        assert "another Plies window" in start.error
        assert app.slot.number == 1
    finally:
        os.close(lock)


@pytest.mark.slow
def test_the_start_screen_counts_the_windows_again_when_it_gets_the_focus(
        tmp_path, make_app, private_config):
    other = _window(tmp_path, "connect4", "4453")
    assert _expect(other, "slot") == "slot 1\n"
    try:
        app, start = _start_screen(make_app)
        assert start.other_windows == 1
        assert start.resume_text() == "Another Plies window is open; its game stays there"
    finally:
        _close(other)
    # The other window closed; the person comes back to this one.
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.run_frames(1)
    assert start.other_windows == 0
    assert "another Plies window" not in start.resume_text().lower()
    assert [offer.game.name for offer in start.offers] == ["connect4"]
