"""The window: resizing, the keyboard, the settings, the start screen, and screenshots."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game import records
from game.rules import PASS, new_game
from game.settings import load_settings
from game.slots import save_autosave
from game.ui.app import MIN_SIZE, demo_players, players_for
from tests.ui import pictures as pic
from tests.ui.helpers import HUMAN, computer, post_click, post_key

CTRL = pygame.KMOD_LCTRL


def resize(app, size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["connect4", "othello", "gomoku"])
def test_resizing_rescales_the_board_and_clicks_still_map_to_cells(make_app, name):
    app = make_app()
    app.start_game(new_game(name), [HUMAN, HUMAN])
    play = app.play
    app.run_frames(2)
    big = play.view.board_rect.copy()
    resize(app, (900, 640))
    assert app.screen.get_size() == (900, 640)
    small = play.view.board_rect
    assert small.width < big.width and app.screen.get_rect().contains(small)
    assert not small.colliderect(play.panel.rect)
    game = play.game
    for cell in [(0, 0), (game.width - 1, game.height - 1), (game.width // 2, 1)]:
        assert play.view.cell_at(tuple(map(round, play.view.cell_center(cell)))) == cell
    move = [m for m in game.legal_moves() if m != PASS][-1]
    post_click(play.view.cell_center(game.move_cell(move)))
    app.run_frames(2)
    assert game.move_stack == [move]


def test_the_window_never_gets_smaller_than_the_minimum(make_app):
    app = make_app()
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    resize(app, (300, 200))
    assert app.screen.get_size() == MIN_SIZE
    app.close()
    assert load_settings().window_size == list(MIN_SIZE)  # remembered on quit


def test_connect4_by_keyboard(make_app):
    app = make_app()
    app.start_game(new_game("connect4", width=10), [HUMAN, HUMAN])
    play, game = app.play, app.play.game
    post_key(pygame.K_3, 0, "3")
    post_key(pygame.K_0, 0, "0")  # column 10
    app.run_frames(2)
    assert game.moves_text() == "30"
    post_key(pygame.K_LEFT)  # the first arrow shows the cursor (on the last column used)
    post_key(pygame.K_LEFT)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert play.cursor_visible and game.moves_text() == "309"


def test_othello_by_keyboard_starts_on_a_legal_move(make_app):
    app = make_app()
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    play, game = app.play, app.play.game
    post_key(pygame.K_DOWN)
    app.run_frames(1)
    assert play.board_overlay().cursor in [game.move_cell(m) for m in game.legal_moves()]
    post_key(pygame.K_SPACE, 0, " ")
    app.run_frames(2)
    assert game.ply == 1


def test_gomoku_by_keyboard_from_the_centre(make_app):
    app = make_app()
    app.start_game(new_game("gomoku", size=15), [HUMAN, HUMAN])
    game = app.play.game
    post_key(pygame.K_UP)
    post_key(pygame.K_RETURN)
    post_key(pygame.K_UP)
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_SPACE, 0, " ")
    app.run_frames(2)
    assert game.moves_text() == "h8 i9"
    post_key(pygame.K_LEFT)
    post_key(pygame.K_DOWN)
    post_key(pygame.K_RETURN)  # h8 is taken: refused with a reason
    app.run_frames(2)
    assert game.ply == 2
    text, kind = app.play.status_text()
    assert kind == "error"


def test_toolbar_buttons_have_keyboard_focus(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    post_key(pygame.K_TAB)  # focus the first button: New
    post_key(pygame.K_TAB)  # Undo (disabled: skipped), Redo (disabled), Hint
    app.run_frames(2)
    play = app.play
    assert play.widgets.focus_visible and play.widgets.focus is not None
    assert play.widgets.focus.enabled


def test_settings_dialog_toggles_apply_and_are_saved(make_app):
    app = make_app(theme="classic", show_thinking=False, legal_move_markers=True)
    app.start_game(new_game("othello"), [HUMAN, computer(1)])
    post_key(pygame.K_COMMA, CTRL)
    app.run_frames(2)
    dialog = app.top
    assert dialog.title == "Settings"
    post_click(dialog.t_thinking.rect.center)
    post_click(dialog.t_markers.rect.center)
    post_click(dialog.theme_choice._segment(2).center)  # high contrast
    app.run_frames(2)
    assert app.theme.name == "high-contrast"
    assert app.play.board_overlay().legal == []
    # keyboard: focus the speed selector and step it right
    while dialog.widgets.focus is not dialog.speed:
        post_key(pygame.K_TAB)
        app.run_frames(1)
    post_key(pygame.K_RIGHT)
    app.run_frames(1)
    saved = load_settings()
    assert saved.show_thinking and not saved.legal_move_markers
    assert saved.theme == "high-contrast" and saved.animation_speed == "slow"
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top is app.play and app.running


def test_start_screen_starts_a_game_and_remembers_the_choices(make_app):
    app = make_app()
    app.show_start()
    app.run_frames(2)
    start = app.top
    post_click(start.tiles[2].rect.center)  # Gomoku
    app.run_frames(2)
    for _ in range(6):  # 15 -> 9 by the size selector's left arrow
        post_click((start.go_size.rect.x + 10, start.go_size.rect.centery))
    post_click(start.go_rule._segment(1).center)  # standard
    post_click(start.kind[0]._segment(1).center)  # Black: computer
    post_click(start.kind[1]._segment(0).center)  # White: human
    app.run_frames(2)
    assert start.levels[0].visible and not start.levels[1].visible
    post_click((start.levels[0].rect.x + 10, start.levels[0].rect.centery))  # level 3
    app.run_frames(2)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    play = app.play
    assert play is not None and app.top is play
    assert play.game.variant() == {"size": 9, "rule": "standard"}
    assert play.session.players == [computer(3), HUMAN]
    saved = load_settings()
    assert saved.last_game == "gomoku"
    assert saved.last_variants["gomoku"] == {"size": 9, "rule": "standard"}
    assert saved.last_players["gomoku"] == [computer(3), HUMAN]
    assert pygame.display.get_caption()[0] == "Plies — Gomoku"


def test_start_screen_offers_to_resume_an_unfinished_game_only(make_app):
    game = new_game("othello")
    game.play_moves("f5d6")
    save_autosave(records.record_from_game(game, [HUMAN, computer(2)]))
    app = make_app()
    app.show_start()
    app.run_frames(2)
    start = app.top
    assert start.b_resume in start.widgets.widgets
    post_click(start.b_resume.rect.center)
    app.run_frames(2)
    assert app.play.game.moves_text() == "f5d6"
    assert app.play.session.players[1] == computer(2)
    finished = new_game("connect4")
    finished.play_moves("4455667")
    save_autosave(records.record_from_game(finished, [HUMAN, HUMAN]))
    app.show_start()
    app.run_frames(2)
    assert app.top.resume_record is None


def test_escape_quits_from_the_game_and_the_start_screen(make_app):
    app = make_app()
    app.show_start()
    post_key(pygame.K_ESCAPE)
    app.run_frames(1)
    assert not app.running


def test_cli_helpers():
    assert players_for("human", 5) == [HUMAN, computer(5)]
    assert players_for("ai", 2, "naive") == [computer(2, "naive"), HUMAN]
    assert demo_players(1, 8) == [computer(1), computer(8)]
    with pytest.raises(ValueError):
        players_for("nobody", 1)


SCREENS = Path(os.environ.get("PLIES_SCREENSHOTS", "")) if os.environ.get("PLIES_SCREENSHOTS") \
    else None


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["classic", "dark", "high-contrast"])
def test_every_screen_draws(make_app, theme):
    """Each screen in each theme draws something (PLIES_SCREENSHOTS=dir keeps the images)."""
    if SCREENS:
        SCREENS.mkdir(parents=True, exist_ok=True)
    app = make_app(theme=theme, show_thinking=True)
    shots = []

    def shot(name: str) -> None:
        app.run_frames(3)
        path = f"{theme}-{name}.png"
        if SCREENS:  # a PNG costs ~40 ms to write, and only a person looks at it
            pygame.image.save(app.screen, str(SCREENS / path))
        colours = {app.screen.get_at((x, y))[:3] for x in range(0, app.screen.get_width(), 37)
                   for y in range(0, app.screen.get_height(), 29)}
        assert len(colours) > 8, f"{name} looks blank"
        shots.append(path)

    app.show_start()
    shot("start")
    games = {"connect4": "4453", "othello": "f5d6c3d3c4", "gomoku": "h8 h9 i8 i9 j8"}
    boards = {"connect4": lambda c: c[2] > 150 and c[0] < 120,  # blue
              "othello": lambda c: c[1] > c[0] + 40 and c[1] > c[2] + 25,  # green
              "gomoku": lambda c: c[0] > c[2] + 50 and c[1] > c[2] + 20}  # wood
    for name, moves in games.items():
        game = new_game(name)
        game.play_moves(moves)
        app.start_game(game, [HUMAN, computer(1)], remember=False)
        shot(f"play-{name}")
        board = app.play.view.board_rect
        assert pic.share(app.screen, board, boards[name]) > 0.12, f"no {name} board"
    play = app.screen.copy()
    for key, mod, name in ((pygame.K_n, 0, "new"), (pygame.K_COMMA, CTRL, "settings"),
                           (pygame.K_s, CTRL, "save"), (pygame.K_o, CTRL, "open"),
                           (pygame.K_F1, 0, "help")):
        post_key(key, mod)
        shot(f"dialog-{name}")
        # Each covers the game (a dialog over its veil, or a screen of its own).
        assert pic.changed(play, app.screen) > 0.3, f"{name} left the game showing"
        post_key(pygame.K_ESCAPE)
        app.run_frames(2)
    over = new_game("connect4")
    over.play_moves("4455667")
    app.start_game(over, [HUMAN, computer(1)], remember=False)
    app.run_frames(5)
    shot("result")
    assert len(shots) == 10


def test_the_move_list_scrolls_with_the_wheel_and_follows_new_moves(make_app):
    app = make_app(size=(800, 560))
    game = new_game("gomoku", size=19)
    game.play_moves("a1 a2 b1 b2 c1 c2 d1 d2 e3 e4 f3 f4 g3 g4 h3 h4 i5 i6 j5 j6 k5 k6 l5 l6 "
                    "m7 m8 n7 n8 o7 o8 p9 p10")
    app.start_game(game, [HUMAN, HUMAN])
    panel = app.play.panel
    app.run_frames(2)
    assert panel.scroll > 0  # the latest move is in view
    bottom = panel.scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=panel.moves_rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    app.run_frames(2)
    assert panel.scroll < bottom
    post_key(pygame.K_RETURN)  # a move (at the centre) brings the list back to the end
    app.run_frames(2)
    assert panel.scroll >= bottom


@pytest.mark.parametrize("demo", [False, True])
def test_nothing_overlaps_at_the_smallest_size(make_app, demo):
    app = make_app(size=MIN_SIZE)
    players = [computer(1), computer(1)] if demo else [HUMAN, computer(1)]
    app.start_game(new_game("connect4"), players, demo=demo, paused=demo)
    app.run_frames(2)
    play = app.play
    buttons = [b.rect for b in play.left_buttons + play.right_buttons]
    for i, a in enumerate(buttons):
        assert app.screen.get_rect().contains(a)
        assert all(not a.colliderect(b) for b in buttons[i + 1:])
    assert not play.view.board_rect.colliderect(play.panel.rect)
    assert play.panel.moves_rect.bottom <= MIN_SIZE[1]
    assert play.panel.visible_rows() >= 3


@pytest.mark.slow
def test_dragging_the_window_through_many_sizes_keeps_memory_bounded(make_app):
    from game.ui import draw
    app = make_app()
    app.start_game(new_game("gomoku", size=19), [HUMAN, HUMAN])
    for step in range(40):
        resize(app, (820 + step * 17, 580 + step * 11))
    assert draw._shapes.pixels <= draw._shapes.max_pixels
    assert len(draw._layers.items) <= 3
