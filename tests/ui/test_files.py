"""Save and Open through the in-app dialog; hostile files leave the game untouched."""

from __future__ import annotations

import json

import pygame
import pytest

from game import records
from game.formats import load_record, save_record
from game.rules import new_game
from game.settings import games_dir
from game.slots import load_autosave
from tests.ui.helpers import HUMAN, computer, post_click, post_key, type_path

CTRL = pygame.KMOD_LCTRL


def open_dialog(app, key=pygame.K_o):
    post_key(key, CTRL)
    app.run_frames(2)
    dialog = app.top
    assert dialog is not app.play and dialog.overlay
    return dialog


HOSTILE = {
    "truncated.json": '{"format": "plies-game", "version": 1, "game": "oth',
    "wrong-format.json": '{"format": "chess", "moves": "e4"}',
    "bad-move.json": json.dumps({"format": "plies-game", "version": 1, "game": "othello",
                                 "variant": {}, "moves": "f5f5", "players": None}),
    "huge-variant.json": json.dumps({"format": "plies-game", "version": 1, "game": "gomoku",
                                     "variant": {"size": 10 ** 9}, "moves": ""}),
    "future.json": json.dumps({"format": "plies-game", "version": 99, "game": "othello",
                               "moves": ""}),
    "nan.json": '{"format": "plies-game", "version": 1, "game": "othello", "moves": NaN}',
    "binary.txt": "\x00\x01\x02garbage",
    "bad-moves.txt": "# game: connect4\n4 4 4 4 4 4 4\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_file_shows_one_sentence_and_leaves_the_game_alone(make_app, private_config,
                                                                     name):
    app = make_app()
    game = new_game("othello")
    game.play_moves("f5d6c3")
    app.start_game(game, [HUMAN, computer(1)])
    play = app.play
    assert app.pump_until(lambda: play.session.human_to_move(), 5)
    before = play.game.moves_text()
    path = games_dir() / name
    path.write_bytes(HOSTILE[name].encode("utf-8"))
    dialog = open_dialog(app)
    type_path(app, dialog, path)
    assert app.top is dialog, "the dialog stays open to show the problem"
    assert dialog.error and dialog.error.count(". ") == 0, dialog.error
    assert name in dialog.error
    assert app.play is play and play.game.moves_text() == before
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top is play and app.running  # Esc closed only the dialog


def test_a_missing_file_and_a_folder_are_explained(make_app, tmp_path):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    dialog = open_dialog(app)
    type_path(app, dialog, tmp_path / "nope.json")
    assert "does not exist" in dialog.error
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "a.json").write_text("{}")
    type_path(app, dialog, folder)  # a folder is browsed, not opened
    assert dialog.folder == folder and dialog.entries == [folder / "a.json"]


@pytest.mark.parametrize("suffix", [".json", ".txt", ".psq"])
def test_save_then_open_round_trips(make_app, suffix):
    app = make_app()
    game = new_game("gomoku", size=15)
    game.play_moves("h8 h9 i8")
    app.start_game(game, [HUMAN, computer(1)])
    play = app.play
    assert app.pump_until(lambda: play.session.human_to_move(), 5)
    moves = play.game.moves_text()
    dialog = open_dialog(app, pygame.K_s)
    assert dialog.path.text.endswith(".json")
    if suffix != ".json":  # Text (move list), or Piskvork's psq for Gomoku
        post_click(dialog.format._segment(1 if suffix == ".txt" else 2).center)
        app.run_frames(2)
        assert dialog.path.text.endswith(suffix)
    path = dialog.path.text
    post_click(dialog.b_ok.rect.center)
    app.run_frames(2)
    assert app.top is play
    record = load_record(path)
    assert record.game == "gomoku" and " ".join(record.moves) == moves
    # Start something else, then open the saved file from the list.
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    dialog = open_dialog(app)
    names = [p.name for p in dialog.entries]
    row = names.index(path.rsplit("/", 1)[-1])
    row_y = dialog.files.rect.y + 4 + row * dialog.files.ROW + dialog.files.ROW // 2
    post_click((dialog.files.rect.centerx, row_y))
    app.run_frames(2)
    assert dialog.path.text == path
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert app.play.game.name == "gomoku" and app.play.game.moves_text() == moves
    assert app.play.session.players[1].is_computer


def test_saving_over_a_file_asks_first(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    target = games_dir() / "mine.json"
    target.write_text("keep me")
    dialog = open_dialog(app, pygame.K_s)
    type_path(app, dialog, target)
    assert "already exists" in dialog.error and target.read_text() == "keep me"
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert app.top is app.play
    assert load_record(target).game == "connect4"


def test_autosave_follows_every_move_and_undo(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, computer(1)])
    play = app.play
    post_key(pygame.K_4, 0, "4")
    assert app.pump_until(lambda: play.game.ply == 2, 5)
    assert load_autosave().moves == [play.game.move_name(m) for m in play.game.move_stack]
    post_key(pygame.K_z, CTRL)
    app.run_frames(2)
    assert load_autosave().moves == []


def test_open_from_the_start_screen(make_app):
    game = new_game("othello")
    game.play_moves("f5d6c3")
    path = games_dir() / "opening.txt"
    save_record(path, records.record_from_game(game, [HUMAN, HUMAN]))
    app = make_app()
    app.show_start()
    app.run_frames(2)
    post_click(app.top.b_open.rect.center)
    app.run_frames(2)
    dialog = app.top
    assert dialog.entries == [path]
    post_click((dialog.files.rect.centerx, dialog.files.rect.y + 4 + dialog.files.ROW // 2))
    post_click(dialog.b_ok.rect.center)
    app.run_frames(3)
    assert app.play is not None and app.top is app.play
    assert app.play.game.moves_text() == "f5d6c3"
