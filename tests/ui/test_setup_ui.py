"""The board editor and pasting positions (issue 14 §3), driven by real events."""

from __future__ import annotations

import pygame

from game.rules import new_game
from game.ui.scenes.confirm import ConfirmDialog
from game.ui.scenes.editor import EditorScene
from tests.ui.helpers import HUMAN, computer, post_click, post_key

CTRL = pygame.KMOD_LCTRL


def open_editor(app, name="connect4", players=(HUMAN, HUMAN), **variant):
    app.start_game(new_game(name, **variant), list(players))
    app.run_frames(1)
    post_key(pygame.K_e)
    app.run_frames(2)
    assert isinstance(app.top, EditorScene)
    return app.top


def click(app, editor, cell, button=1):
    post_click(editor.view.cell_center(cell), button)
    app.run_frames(1)


def test_editor_refuses_a_floating_disc_then_plays_and_undo_stops_at_the_set_up(make_app):
    app = make_app(size=(800, 560))
    editor = open_editor(app)
    click(app, editor, (3, 5))          # Red on d1 (bottom row)
    click(app, editor, (3, 3), 3)       # Yellow floating on d3
    assert editor.check() == ("Column 4 has a disc floating above an empty cell", "error")
    post_key(pygame.K_RETURN)           # Play is refused with that sentence
    app.run_frames(2)
    assert app.top is editor and editor.check()[1] == "error"
    click(app, editor, (3, 3), 3)       # the same colour again removes it
    click(app, editor, (3, 4), 3)       # Yellow on d2: a legal position, Red to move
    assert editor.check()[1] == "turn" and editor.turn == 0
    post_click(editor.b_play.rect.center)
    app.run_frames(3)
    game = app.play.session.game
    assert app.top is app.play and game.move_stack == [] and game.counts() == (1, 1)
    assert game.diagram().endswith("/...O.../...X...")
    post_key(pygame.K_1)                # Red plays column 1, Yellow (a person) then 5
    post_key(pygame.K_5)
    app.run_frames(3)
    assert app.play.session.game.moves_text() == "15"
    for _ in range(4):                  # Undo goes back to the set-up board, not beyond
        post_key(pygame.K_z, CTRL)
        app.run_frames(2)
    game = app.play.session.game
    assert game.move_stack == [] and game.counts() == (1, 1)
    assert app.play.session.record().start == {"board": game.diagram(), "turn": 0}


def test_editor_keyboard_clear_turn_start_and_cancel(make_app):
    app = make_app()
    editor = open_editor(app, "othello")
    post_key(pygame.K_c)
    app.run_frames(1)
    assert editor.check() == ("Neither side can move on this board: the game is already "
                              "over", "error")
    post_key(pygame.K_RIGHT)            # shows the cursor (e5, the middle of the board)
    post_key(pygame.K_x)                # Black e5
    post_key(pygame.K_LEFT)
    post_key(pygame.K_o)                # White d5
    post_key(pygame.K_LEFT)
    post_key(pygame.K_x)                # Black c5
    app.run_frames(1)
    assert editor.cells[4][2:5] == [0, 1, 0]
    post_key(pygame.K_DELETE)           # c5 empty again
    post_key(pygame.K_t)                # White to move: f5 takes e5
    app.run_frames(1)
    assert editor.turn == 1 and editor.cells[4][2] is None
    assert editor.check()[0].startswith("White to move")
    post_key(pygame.K_s)                # the usual start, Black to move
    app.run_frames(1)
    assert editor.turn == 0 and editor.diagram() == new_game("othello").diagram()
    post_key(pygame.K_ESCAPE)           # back to the game, unchanged
    app.run_frames(2)
    assert app.top is app.play and app.play.session.game.move_stack == []


def test_editor_enter_presses_the_focused_button_and_arrows_stay_on_a_choice(make_app):
    """With the focus ring on a toolbar button, Enter is that button's, not Play; with it
    on a choice, the arrows step the choice and leave the board cursor where it is."""
    app = make_app()
    editor = open_editor(app, "othello")
    for _ in range(len(editor.widgets.widgets)):
        post_key(pygame.K_TAB)
        app.run_frames(1)
        if editor.widgets.focus is editor.b_clear:
            break
    assert editor.widgets.focus is editor.b_clear and editor.widgets.focus_visible
    post_key(pygame.K_RETURN)           # Clear, though Enter alone means Play
    app.run_frames(2)
    assert app.top is editor and all(c is None for row in editor.cells for c in row)
    post_key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    post_key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    app.run_frames(1)
    assert editor.widgets.focus is editor.turn_choice and editor.turn == 0
    cursor = editor.cursor
    post_key(pygame.K_RIGHT)            # White to move; the cursor stays hidden and put
    app.run_frames(1)
    assert editor.turn == 1 and editor.cursor == cursor and not editor.cursor_visible


def test_editor_plays_against_the_computer_who_moves_first(make_app):
    app = make_app()
    editor = open_editor(app, "gomoku", players=(HUMAN, computer(1)), size=9)
    click(app, editor, (4, 4))                              # Black e5: White to move
    rect = editor.who_choice.rect
    post_click((rect.x + rect.width * 5 // 6, rect.centery))   # "Two people"
    app.run_frames(1)
    assert editor.who == "two"
    post_click((rect.x + rect.width // 6, rect.centery))       # "You: Black"
    app.run_frames(1)
    assert editor.who == "first"
    post_click(editor.b_play.rect.center)
    app.run_frames(2)
    players = app.play.session.players
    assert not players[0].is_computer and players[1].is_computer
    assert app.play.session.game.start_position().turn == 1  # the computer (White) moves
    app.pump_until(lambda: app.play.session.game.move_stack, timeout=20)
    assert len(app.play.session.game.move_stack) == 1


def paste(app, text):
    pygame.scrap.put_text(text)
    post_key(pygame.K_v, CTRL)
    app.run_frames(3)


def test_paste_each_kind_on_the_game_screen(make_app):
    app = make_app()
    for name in ("othello", "gomoku"):  # another game's paste takes its remembered players
        app.settings.last_players[name] = [HUMAN, HUMAN]
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    app.run_frames(1)
    start = "-" * 27 + "wb------bw" + "-" * 27
    paste(app, start + " w")                                   # Othello 64 squares + side
    game = app.play.session.game
    assert (game.name, game.turn, game.move_stack) == ("othello", 1, [])
    paste(app, "-" * 27 + "OX------XO" + "-" * 27 + " X; F5:+0; D3:-2;")   # OBF
    assert app.play.session.game.turn == 0
    paste(app, "f5d6c3")                                       # the current game's moves
    assert app.play.session.game.moves_text() == "f5d6c3"
    paste(app, "4453")                                         # a game in progress: confirm
    assert isinstance(app.top, ConfirmDialog)
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert app.play.session.game.name == "connect4"
    assert app.play.session.game.moves_text() == "4453"
    diagram = "\n".join(["........."] * 4 + ["....X...."] + ["........."] * 4)
    paste(app, diagram)                                        # confirm again: Esc keeps it
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.play.session.game.moves_text() == "4453"
    paste(app, diagram)
    post_key(pygame.K_y)
    app.run_frames(3)
    game = app.play.session.game
    assert (game.name, game.size, game.turn, game.counts()) == ("gomoku", 9, 1, (1, 0))
    paste(app, "e5 d4 f6")                                     # Gomoku moves (its 9x9)
    assert app.play.session.game.moves_text() == "e5 d4 f6"


def test_a_bad_paste_says_why_and_keeps_the_game(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    post_key(pygame.K_4)
    app.run_frames(2)
    for text, words in [("hello there", "Not a Connect-4 position or move list"),
                        ("..X..../......./......./......./......./.......",
                         "floating above an empty cell"),
                        ("", "The clipboard holds no text")]:
        paste(app, text)
        message = app.play.status_text()
        assert message[1] == "error" and words in message[0], message
        assert app.play.session.game.moves_text() == "4"
        assert app.top is app.play


def test_paste_inside_the_editor(make_app):
    app = make_app()
    editor = open_editor(app)
    pygame.scrap.put_text("......./......./......./......./...O.../..XX...")
    post_click(editor.b_paste.rect.center)
    app.run_frames(1)
    assert editor.check() == ("Pasted a Connect-4 position (Yellow to move)", "info")
    assert editor.cells[5][2:4] == [0, 0] and editor.turn == 1
    pygame.scrap.put_text("f5d6")
    post_key(pygame.K_v, CTRL)
    app.run_frames(1)
    assert editor.check()[1] == "error" and "on the game screen" in editor.check()[0]


def test_editor_at_the_smallest_window_overlaps_nothing(make_app):
    app = make_app(size=(800, 560))
    editor = open_editor(app, "gomoku")
    rects = [w.rect for w in editor.widgets.widgets]
    for i, a in enumerate(rects):
        assert editor.side_rect.contains(a)
        for b in rects[i + 1:]:
            assert not a.colliderect(b)
    assert not editor.board_area.colliderect(editor.side_rect)


def test_plies_play_board_opens_the_window_on_the_set_up_position(monkeypatch):
    from game.cli import main
    from game.ui import app as app_module

    seen = {}

    def run(self):
        self.run_frames(2)
        seen["game"] = self.play.session.game.copy()
        self.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    board = "......./......./......./......./...O.../..XX..."
    assert main(["play", "--game", "connect4", "--board", board]) == 0
    game = seen["game"]
    assert game.start_position().diagram() == board
    assert game.start_position().turn == 1


def test_move_list_of_a_set_up_game_starts_in_the_second_players_column(make_app):
    """Yellow moves first from this board: row 1 holds only Yellow's move, so the three
    moves take two rows (a list from Red would need two as well, but start at row 1's left)."""
    from game.rules import set_up
    from game.ui.panel import _lead

    app = make_app()
    app.start_game(set_up("connect4", "......./......./......./......./...O.../..XX..."),
                   [HUMAN, HUMAN])
    for key in (pygame.K_4, pygame.K_4, pygame.K_3):
        post_key(key)
    app.run_frames(3)
    session = app.play.session
    assert session.game.moves_text() == "443"
    assert _lead(session) == 1 and app.play.panel.total_rows(session) == 2
    post_key(pygame.K_z, CTRL)
    app.run_frames(2)
    assert _lead(session) == 1


def test_editor_copy_then_paste_on_the_game_screen(make_app):
    app = make_app()
    editor = open_editor(app, "gomoku", size=9)
    click(app, editor, (4, 4))
    click(app, editor, (3, 3), 3)
    click(app, editor, (5, 5))
    post_key(pygame.K_c, CTRL)
    app.run_frames(1)
    assert pygame.scrap.get_text() == editor.diagram() + " O"
    assert editor.check()[0].startswith("Copied the position")
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top is app.play
    post_key(pygame.K_v, CTRL)
    app.run_frames(3)
    game = app.play.session.game
    assert game.counts() == (2, 1) and game.turn == 1 and game.move_stack == []
