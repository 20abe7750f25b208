"""Renju in the window: forbidden points marked on Black's turn, the status line says
why on hover and on a click, the click changes nothing, the start screen offers renju.

PLIES_SCREENSHOTS=dir keeps the screenshots (every theme, the minimum window size).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.rules.gomoku import Gomoku
from game.ui.app import MIN_SIZE
from tests.ui import pictures as pic
from tests.ui.helpers import HUMAN, computer, post_click, post_key

SCREENS = Path(os.environ["PLIES_SCREENSHOTS"]) if os.environ.get("PLIES_SCREENSHOTS") \
    else None

MOVES = "c5 a1 d5 a9 e6 i9 e7 i1"
"""On 9x9 Black to move, e5 is a double-three (row c5 d5, column e6 e7)::

     9 O . . . . . . . O
     7 . . . . X . . . .
     6 . . . . X . . . .
     5 . . X X * . . . .
     1 O . . . . . . . O
"""


def renju_game(moves: str = MOVES) -> Gomoku:
    game = Gomoku(9, "renju")
    game.play_moves(moves)
    return game


def move_to(pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                         buttons=(0, 0, 0)))


def test_forbidden_point_is_marked_explained_and_refused(make_app) -> None:
    app = make_app()
    game = renju_game()
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    app.run_frames(2)
    play = app.play
    e5 = play.view.cell_center(game.move_cell(game.parse_move("e5")))
    assert play.board_overlay().forbidden == {game.move_cell(game.parse_move("e5")):
                                              "double-three"}
    # The marker is drawn: the pixel at e5 is the sign's red, not the wood.
    ring = (round(e5[0] + play.view.cell * 0.3 - 1), round(e5[1]))
    assert app.screen.get_at(ring)[:3] == (190, 22, 32)
    # Hovering says why.
    move_to(e5)
    app.run_frames(2)
    text, _kind = play.status_text()
    assert "double-three: forbidden for Black in renju" in text
    assert play.board_overlay().ghost is None
    # Clicking says it again and plays nothing.
    before = game.moves_text()
    post_click(e5)
    app.run_frames(2)
    assert play.game.moves_text() == before
    assert "double-three: forbidden for Black in renju" in play.status_text()[0]
    # Elsewhere is fine, and once it is White's turn the marks go.
    post_click(play.view.cell_center(game.move_cell(game.parse_move("b8"))))
    app.run_frames(2)
    assert play.game.turn == 1
    assert play.board_overlay().forbidden == {}


def test_keyboard_cursor_on_a_forbidden_point_says_why(make_app) -> None:
    app = make_app()
    game = renju_game()
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    app.run_frames(2)
    play = app.play
    # The cursor starts at the last move or the centre; walk it onto e5 with the arrows.
    post_key(pygame.K_RIGHT)
    app.run_frames(1)
    target = game.move_cell(game.parse_move("e5"))
    for _ in range(20):
        cursor = play.cursor
        if cursor == target:
            break
        dx = (target[0] > cursor[0]) - (target[0] < cursor[0])
        dy = (target[1] > cursor[1]) - (target[1] < cursor[1])
        post_key(pygame.K_RIGHT if dx > 0 else pygame.K_LEFT if dx < 0
                 else pygame.K_DOWN if dy > 0 else pygame.K_UP)
        app.run_frames(1)
    assert play.cursor == target and play.cursor_visible
    assert "double-three: forbidden for Black in renju" in play.status_text()[0]
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert play.game.moves_text() == game.moves_text()


def test_the_computer_as_black_never_plays_a_forbidden_point(make_app) -> None:
    app = make_app()
    game = Gomoku(9, "renju")
    # Black c5 d5 e6 e7 (e5 forbidden) and White far: Black's best-looking e5 is out.
    game.play_moves("c5 a1 d5 a9 e6 i9 e7")
    app.start_game(game, [computer(5), HUMAN], remember=False)
    play = app.play
    post_click(play.view.cell_center(game.move_cell(game.parse_move("i1"))))
    for _ in range(400):
        app.run_frames(1)
        if len(play.game.move_stack) == 9:
            break
    assert len(play.game.move_stack) == 9
    assert play.game.move_name(play.game.move_stack[-1]) != "e5"


@pytest.mark.parametrize("theme", ["classic", "dark", "high-contrast"])
def test_screenshots(make_app, tmp_path, theme) -> None:
    folder = SCREENS or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    app = make_app(size=MIN_SIZE, theme=theme)
    game = Gomoku(15, "renju")
    # Several forbidden points of every kind around the centre.
    game.play_moves("h8 a1 i8 a15 g9 o15 g10 o1 j10 b2 k11 n2 f8 b14 e8 n14 g11 c3 i6 m3")
    app.start_game(game, [HUMAN, computer(1)], remember=False)
    app.run_frames(3)
    kinds = set(app.play.board_overlay().forbidden.values())
    assert len(app.play.board_overlay().forbidden) >= 2, kinds
    move_to(app.play.view.cell_center(next(iter(app.play.board_overlay().forbidden))))
    app.run_frames(3)
    assert "forbidden for Black in renju" in app.play.status_text()[0]
    if SCREENS:  # a PNG costs ~40 ms to write, and only a person looks at it
        pygame.image.save(app.screen, str(folder / f"renju-{theme}.png"))
    # The picture: a red sign on each forbidden point, none on another empty point; the
    # stones in their colours.
    view = app.play.view
    forbidden = app.play.board_overlay().forbidden
    for cell in forbidden:
        sign = pic.around(view.cell_center(cell), view.cell * 0.35)
        assert pic.share(app.screen, sign, pic.deep_red) > 0.05, (theme, cell)
    empty = next(c for c in map(game.move_cell, game.legal_moves()) if c is not None
                 and min(abs(c[0] - f[0]) + abs(c[1] - f[1]) for f in forbidden) > 2)
    no_sign = pic.around(view.cell_center(empty), view.cell * 0.35)
    assert pic.share(app.screen, no_sign, pic.deep_red) == 0, (theme, empty)
    for name, test in (("h8", pic.dark), ("a1", pic.light)):
        empty_board = Gomoku(15, "renju")  # where the cell is, on a board where it is free
        cell = empty_board.move_cell(empty_board.parse_move(name))
        stone = pic.around(view.cell_center(cell), view.cell * 0.25)
        assert pic.share(app.screen, stone, test) > 0.6, (theme, name)
    app.show_start()
    app.run_frames(2)
    start = app.top
    post_click(start.tiles[2].rect.center)  # Gomoku
    app.run_frames(2)
    post_click(start.go_rule._segment(2).center)  # Renju
    app.run_frames(3)
    assert start.go_rule.value == "renju"
    if SCREENS:  # a PNG costs ~40 ms to write, and only a person looks at it
        pygame.image.save(app.screen, str(folder / f"renju-start-{theme}.png"))
    # The chosen segment looks unlike the others, and each names its rule.
    chosen, other = (pic.dominant(app.screen, start.go_rule._segment(i)) for i in (2, 0))
    assert pic.distance(chosen, other) > 30, (theme, chosen, other)
    assert all(pic.ink(app.screen, start.go_rule._segment(i)) > 10 for i in range(3))
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert app.play.game.name == "gomoku" and app.play.game.rule == "renju"
