"""A newcomer's rough edges (issue 12.6): the result, Esc, Save after the end, markers.

Every test drives the real loop with posted events, as the other UI tests do.
"""

from __future__ import annotations

import pygame
import pytest

from game.rules import new_game
from game.ui.boards import BoardOverlay
from game.ui.scenes.confirm import ConfirmDialog
from tests.ui.helpers import HUMAN, computer, post_key, post_text

CTRL = pygame.KMOD_LCTRL

FINISHED = {
    # Red wins along the bottom row; Yellow's discs sit on the row above.
    "connect4": ("4455667", {}),
    # White's five on the top row (a15..e15) at the top edge of the board.
    "gomoku": ("h8 a15 i8 b15 h9 c15 i9 d15 j10 e15", {"size": 15}),
    # The shortest Othello game: Black takes every White disc in nine moves.
    "othello": ("e6 f4 e3 f6 g5 d6 e7 f5 c5", {}),
}


def board_only(play) -> pygame.Surface:
    """The board as its view draws it alone (no status line, no dialog, no banner)."""
    ref = pygame.Surface(play.app.screen.get_size())
    play.view.draw_static(ref, play.game, play.theme)
    play.view.draw(ref, play.game, play.theme, BoardOverlay(), with_surface=False)
    return ref


@pytest.mark.parametrize("name", sorted(FINISHED))
@pytest.mark.parametrize("size", [(800, 560), (1600, 1000)])
def test_the_result_leaves_every_cell_of_the_final_position_visible(make_app, name, size):
    moves, variant = FINISHED[name]
    game = new_game(name, **variant)
    game.play_moves(moves)
    assert game.is_over()
    app = make_app(size)
    app.start_game(game, [HUMAN, computer(1)], remember=False)
    app.run_frames(40)
    play = app.play
    assert play.result_shown_at is not None
    text, kind = play.status_text()
    assert kind == "result" and text.startswith("Game over")
    ref = board_only(play)
    for y in range(game.height):
        for x in range(game.width):
            at = tuple(map(round, play.view.cell_center((x, y))))
            assert app.screen.get_at(at) == ref.get_at(at), f"cell {(x, y)} is covered"
    # The winning line is drawn on the board itself, not hidden under a card.
    assert play.status_rect.bottom <= app.screen.get_height()
    assert not play.status_rect.colliderect(play.view.board_rect)


def test_escape_on_the_game_asks_before_quitting(make_app):
    app = make_app()
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    post_key(pygame.K_F1)  # a dialog, closed by Esc: the next Esc must not quit
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top is app.play and app.running
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert isinstance(app.top, ConfirmDialog) and app.running
    post_key(pygame.K_ESCAPE)  # Esc again: back to the game
    app.run_frames(2)
    assert app.top is app.play and app.running
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_n, 0, "n")  # N also says no
    app.run_frames(2)
    assert app.top is app.play and app.running
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_RETURN)  # Enter confirms
    app.run_frames(2)
    assert not app.running


def test_escape_then_y_quits(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_y, 0, "y")
    app.run_frames(2)
    assert not app.running


def test_save_after_the_end_says_where_it_saved(make_app, tmp_path):
    game = new_game("connect4")
    game.play_moves("4455667")
    app = make_app()
    app.start_game(game, [HUMAN, computer(1)], remember=False)
    app.run_frames(3)
    post_key(pygame.K_s, CTRL)
    app.run_frames(2)
    dialog = app.top
    target = tmp_path / "finished.json"
    post_key(pygame.K_a, CTRL)
    post_text(str(target))
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert target.exists() and app.top is app.play
    text, kind = app.play.status_text()
    assert kind == "info" and str(target) in text, text
    assert dialog is not app.top
