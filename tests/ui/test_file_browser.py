"""The file dialog as a small browser: selection, clipboard, folders, Up, the keyboard."""

from __future__ import annotations

import os

import platformdirs
import pygame

from game import records
from game.formats import load_record, save_record
from game.rules import new_game
from tests.ui.helpers import HUMAN, post_click, post_key, post_text

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT
ALT = pygame.KMOD_LALT


def dialog_for(app, key):
    post_key(key, CTRL)
    app.run_frames(2)
    return app.top


def save_game(folder, name, moves="f5d6"):
    game = new_game("othello")
    game.play_moves(moves)
    path = folder / name
    save_record(path, records.record_from_game(game, [HUMAN, HUMAN]))
    return path


def test_saving_starts_in_the_documents_folder_with_the_name_selected(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    dialog = dialog_for(app, pygame.K_s)
    documents = platformdirs.user_documents_dir()
    assert dialog.folder == dialog.folder.__class__(documents)
    assert dialog.path.text.startswith(documents + os.sep)
    assert dialog.path.selected_text.startswith("connect4-")  # the stem, not ".json"
    post_text("opening")  # typing replaces the selected name
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    saved = os.path.join(documents, "opening.json")
    assert load_record(saved).game == "connect4"
    assert app.top is app.play


def test_path_field_select_all_word_delete_and_paste(make_app, tmp_path):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    dialog = dialog_for(app, pygame.K_s)
    field = dialog.path
    post_key(pygame.K_a, CTRL)
    app.run_frames(1)
    assert field.selected_text == field.text
    post_key(pygame.K_BACKSPACE)
    app.run_frames(1)
    assert field.text == ""
    post_text("/one/two/three.json")
    post_key(pygame.K_BACKSPACE, CTRL)  # the word before the caret ("json")
    post_key(pygame.K_BACKSPACE, CTRL)  # then "three."
    app.run_frames(1)
    assert field.text == "/one/two/", field.text
    post_key(pygame.K_HOME)
    post_key(pygame.K_END, SHIFT)  # Shift+End selects to the end
    post_key(pygame.K_c, CTRL)
    app.run_frames(1)
    assert field.selected_text == "/one/two/"
    assert pygame.scrap.get_text() == "/one/two/"
    pygame.scrap.put_text(f"{tmp_path}/pasted.json\nsecond line")
    post_key(pygame.K_a, CTRL)
    post_key(pygame.K_v, CTRL)  # replaces the selection with the clipboard's first line
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert (tmp_path / "pasted.json").exists()


def test_the_path_field_selects_with_the_mouse(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    dialog = dialog_for(app, pygame.K_o)
    field = dialog.path
    # A short path that fits the field: the folder it opens in (the test's temporary
    # one) may be longer than the field, which then shows its end, scrolled.
    post_key(pygame.K_a, CTRL)
    post_text("/games/final.json")
    app.run_frames(1)
    assert field.text == "/games/final.json"
    y = field.rect.centery
    start = (field.rect.x + 12, y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(field.rect.right - 12, y),
                                         rel=(1, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(field.rect.right - 12, y),
                                         button=1))
    app.run_frames(2)
    assert field.selection == (0, len(field.text))  # from the first letter past the last


def test_folders_are_listed_first_and_browsed_with_the_keyboard(make_app, tmp_path):
    root = tmp_path / "games"
    (root / "club" / "2025").mkdir(parents=True)
    (root / ".hidden").mkdir()
    (root / "notes.md").write_text("not a game")
    inner = save_game(root / "club", "final.txt", "f5d6c3")
    save_game(root, "top.json")
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    dialog = dialog_for(app, pygame.K_o)
    post_key(pygame.K_a, CTRL)
    post_text(str(root) + os.sep)  # typing a folder lists it at once
    app.run_frames(2)
    assert dialog.folder == root
    assert [p.name for p in dialog.entries] == ["club", "top.json"]
    assert dialog.files.rows[0] == ("club" + os.sep, "folder")
    post_key(pygame.K_TAB)  # Up
    post_key(pygame.K_TAB)  # the list
    post_key(pygame.K_DOWN)  # "club/"
    post_key(pygame.K_RETURN)  # opens the folder
    app.run_frames(2)
    assert dialog.folder == root / "club"
    assert [p.name for p in dialog.entries] == ["2025", "final.txt"]
    post_key(pygame.K_BACKSPACE)  # in the list: up a folder, "club" stays selected
    app.run_frames(2)
    assert dialog.folder == root and dialog.entries[dialog.files.selected].name == "club"
    post_key(pygame.K_RETURN)
    app.run_frames(1)
    post_key(pygame.K_DOWN)
    post_key(pygame.K_DOWN)  # final.txt
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert app.top is app.play and app.play.game.moves_text() == "f5d6c3"
    # The next dialog starts where this file was.
    dialog = dialog_for(app, pygame.K_o)
    assert dialog.folder == inner.parent
    assert dialog.files.top == 0  # the folder "2025" above the selected file is in view
    assert dialog.entries[dialog.files.selected].name == "final.txt"
    post_key(pygame.K_UP, ALT)
    app.run_frames(1)
    assert dialog.folder == root
    post_click(dialog.b_up.rect.center)
    app.run_frames(1)
    assert dialog.folder == tmp_path


def test_a_headerless_move_list_of_another_game_opens_as_that_game(make_app, tmp_path):
    (tmp_path / "moves.txt").write_text("4453\n")
    app = make_app()
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    dialog_for(app, pygame.K_o)
    post_key(pygame.K_a, CTRL)
    post_text(str(tmp_path / "moves.txt"))
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert app.play.game.name == "connect4" and app.play.game.moves_text() == "4453"
    text, _ = app.play.status_text()
    assert "opened as Connect-4" in text


def test_a_text_file_that_is_no_game_is_said_to_be_none(make_app, tmp_path):
    # A settings file, not moves: not "'vm' is not a move" of the game on screen.
    (tmp_path / "sysctl.conf").write_text("vm.overcommit_memory = 1\nfs.file-max = 100\n")
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    dialog = dialog_for(app, pygame.K_o)
    post_key(pygame.K_a, CTRL)
    post_text(str(tmp_path / "sysctl.conf"))
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert app.top is dialog and app.play.game.ply == 0
    assert dialog.error == ("sysctl.conf is not a game file: it has no '# game:' line and "
                            "does not start with a move."), dialog.error
