"""Opening hostile files in the window (issue 11): one sentence, the game unchanged.

Special files (a FIFO would block the window for good, ``/dev/zero`` would grow it to
gigabytes) are refused before they are opened, and a record whose player names a file
as its evaluator is refused when it is opened, before anything of it is shown, so the
file it names is never read.
"""

from __future__ import annotations

import json
import os

import pytest

from game.rules import new_game
from game.settings import games_dir
from tests.files.hostile import HOSTILE_FILES
from tests.ui.helpers import HUMAN, computer, type_path
from tests.ui.test_files import open_dialog

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX files")


def playing_othello(app):
    game = new_game("othello")
    game.play_moves("f5d6c3")
    app.start_game(game, [HUMAN, computer(1)])
    play = app.play
    assert app.pump_until(lambda: play.session.human_to_move(), 5)  # after White's reply
    return play


def assert_refused(app, play, path, before: str) -> str:
    dialog = open_dialog(app)
    type_path(app, dialog, path)
    assert app.top is dialog, "the dialog stays open to show the problem"
    assert dialog.error and "\n" not in dialog.error, dialog.error
    assert app.play is play and play.game.moves_text() == before
    assert play.session.players[1] == computer(1)
    return dialog.error


@pytest.mark.parametrize("kind", ["fifo", "device", "dangling link", "oversized",
                                  "not utf-8", "nested"])
def test_special_and_hostile_files(make_app, tmp_path, kind):
    app = make_app()
    play = playing_othello(app)
    path = HOSTILE_FILES[kind](tmp_path)
    error = assert_refused(app, play, path, play.game.moves_text())
    assert path.name in error


@pytest.mark.parametrize("evaluator", ["../../etc/passwd", "/dev/zero", "FIFO", "mine.toml"])
def test_a_record_naming_a_file_as_evaluator(make_app, tmp_path, evaluator):
    if evaluator == "FIFO":
        fifo = tmp_path / "weights.toml"
        os.mkfifo(fifo)
        evaluator = str(fifo)
    app = make_app()
    play = playing_othello(app)
    path = games_dir() / "trap.json"
    path.write_text(json.dumps({
        "format": "plies-game", "version": 1, "game": "connect4", "moves": "4453",
        "players": [{"type": "human"}, {"type": "computer", "level": 2, "eval": evaluator}]}))
    error = assert_refused(app, play, path, play.game.moves_text())
    assert "evaluator" in error and "trap.json" in error


def test_a_user_evaluator_by_name_is_used(make_app, private_config):
    folder = private_config / "evaluators"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text('game = "connect4"\n[weights]\ncentre = 7\n')
    app = make_app()
    assert app.evaluator("connect4", "mine").weights.centre == 7
    with pytest.raises(ValueError, match="not an evaluator name"):
        app.evaluator("connect4", str(folder / "mine.toml"))
