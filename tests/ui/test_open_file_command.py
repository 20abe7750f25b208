"""``plies FILE``: the window opens straight into the saved game; a bad file opens nothing."""

from __future__ import annotations

import json

import pytest

from game import records
from game.cli import main
from game.formats import save_record
from game.rules import new_game
from game.settings import load_settings
from game.ui import app as app_module
from tests.ui.helpers import HUMAN, computer


@pytest.fixture
def opened(monkeypatch):
    """Run ``plies ...`` with the endless loop replaced by a few frames; what it showed."""
    seen: dict = {}

    def run(self):
        self.run_frames(3)
        seen["top"] = type(self.top).__name__
        if self.play is not None:
            seen.update(moves=self.play.game.moves_text(), game=self.play.game.name,
                        players=self.play.session.players, demo=self.play.session.demo,
                        paused=self.play.session.paused, study=self.play.session.study,
                        message=self.play.session.message)
        self.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    return seen


@pytest.fixture
def no_window(monkeypatch):
    """Fail the test if a window is made."""
    def refuse(self, *args, **kwargs):
        raise AssertionError("a window was opened for a bad file")

    monkeypatch.setattr(app_module.App, "__init__", refuse)


def _save(path, name, moves, players):
    game = new_game(name)
    game.play_moves(moves)
    save_record(path, records.record_from_game(game, players))
    return path


def test_a_json_record_opens_in_the_window(tmp_path, opened):
    path = _save(tmp_path / "game.json", "othello", "f5d6c3", [HUMAN, computer(3)])
    assert main([str(path)]) == 0
    assert opened["top"] == "PlayScene" and opened["game"] == "othello"
    assert opened["moves"] == "f5d6c3" and opened["players"] == [HUMAN, computer(3)]
    assert opened["message"] == ("Opened game.json (3 moves) · nobody moves until you press "
                                 "Play (P)")
    assert not opened["demo"] and opened["study"]  # the computer waits for Play


def test_a_text_move_list_opens_and_two_computers_start_paused(tmp_path, opened):
    path = _save(tmp_path / "moves.txt", "connect4", "4453", [computer(2), computer(5)])
    assert main([str(path)]) == 0
    assert opened["game"] == "connect4" and opened["moves"] == "4453"
    assert opened["demo"] and opened["paused"]


def test_opening_a_file_changes_no_remembered_choice(tmp_path, opened):
    path = _save(tmp_path / "g.json", "gomoku", "h8 h9", [computer(7), HUMAN])
    assert main([str(path)]) == 0
    settings = load_settings()
    assert "gomoku" not in settings.last_players and settings.last_game == "connect4"


@pytest.mark.parametrize("content, words", [
    (None, "does not exist"),
    ("{\"format\": \"plies-game\"", "g.json"),
    (json.dumps({"format": "plies-game", "version": 1, "game": "chess", "variant": {},
                 "moves": [], "players": [HUMAN.to_json(), HUMAN.to_json()],
                 "result": None}), "chess"),
    ("4 4 4 4 4 4 4", "g.json"),
])
def test_a_bad_file_is_one_sentence_status_2_and_no_window(tmp_path, capsys, no_window,
                                                           content, words):
    path = tmp_path / "g.json"
    if content is not None:
        path.write_text(content)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("plies: error: ") and words in err, err


def test_a_folder_and_a_mistyped_command_are_refused(tmp_path, capsys, no_window):
    assert main([str(tmp_path)]) == 2
    assert "folder" in capsys.readouterr().err
    assert main(["plya"]) == 2
    err = capsys.readouterr().err
    assert "neither a plies command" in err and "play" in err


def test_command_names_still_win_over_files(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "perft").write_text("not a game")
    assert main(["perft", "connect4", "2"]) == 0
    assert capsys.readouterr().out.strip() == "49"
