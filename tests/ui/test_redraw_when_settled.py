"""The screen left alone after the computer's move shows the settled position.

The window draws only when something changes. An animation that ends changes the look
(the flipped discs settle, the legal-move markers come back, the status line names the
side to move), and a person who does nothing after the computer's move must see that
last look without moving the mouse. These tests wait with no input after the computer's
move and compare what is on the screen with the same position drawn fresh.
"""

from __future__ import annotations

import pygame
import pytest

from game.rules import new_game
from game.settings import Settings
from game.ui.app import App
from tests.ui.helpers import HUMAN, computer
from tests.ui.xvfb import (
    autosaved_moves,
    load_image,
    screenshot_dir,
    wait_for,
    x_session,
)


def _same_pixels(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether ``a`` and ``b`` show the same colours inside ``rect`` (every 2nd pixel)."""
    return all(a.get_at((x, y))[:3] == b.get_at((x, y))[:3]
               for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2))


def _fresh_board(moves: list[str], size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect]:
    """The Othello position after ``moves``, drawn by a new window with the computer Black."""
    game = new_game("othello")
    for move in moves:
        game.play(game.parse_move(move))
    app = App(size=size, settings=Settings(sound=False), save_on_quit=False, fps=0)
    try:
        app.start_game(game, [computer(1), HUMAN])
        app.run_frames(1)
        fresh = pygame.Surface(app.screen.get_size())
        app.draw(fresh)
        return fresh, app.play.view.board_rect.copy()
    finally:
        app.close()


def test_the_frame_in_which_the_flips_end_is_drawn(make_app):
    """Headless: after the computer's move animates, no frame is needed to see it."""
    app = make_app(animation_speed="normal")
    app.start_game(new_game("othello"), [computer(1), HUMAN])
    game = app.play.game
    assert app.pump_until(lambda: game.ply == 1, 20), "the computer did not move"
    assert app.play.view.animating, "the computer's move should animate (speed normal)"
    assert app.pump_until(lambda: not app.busy(), 20), "the animation never ended"
    drawn = app.screen.copy()
    fresh = pygame.Surface(app.screen.get_size())
    app.draw(fresh)
    board = app.play.view.board_rect
    assert _same_pixels(drawn, fresh, board), \
        "the board on screen is not the settled position (a frame is missing)"


@pytest.mark.xvfb
@pytest.mark.slow
def test_the_real_window_left_alone_shows_the_settled_board(tmp_path):
    """Xvfb: the computer (Black) opens; with no input at all, the window must come to
    show White's legal-move markers and the settled discs, as a fresh drawing does."""
    config = tmp_path / "config"
    with x_session(config) as x:
        x.launch(["play", "--game", "othello", "--first", "ai", "--level", "1"], cwd=tmp_path)
        moves = wait_for(lambda: autosaved_moves(config), 120, "the computer's first move")
        assert len(moves) == 1, moves
        fresh, board = _fresh_board(moves, (1120, 760))
        shot = screenshot_dir(tmp_path) / "xvfb-othello-left-alone.png"

        def settled() -> bool:
            image = load_image(x.screenshot(shot))
            return image.get_size() == fresh.get_size() and _same_pixels(image, fresh, board)

        wait_for(settled, 60, "the window to show the settled board with no input "
                              f"(last screenshot: {shot})")
