"""Animations: discs fall, flips turn over, and the computer waits for them."""

from __future__ import annotations

import pygame

from game.rules import new_game
from game.ui.boards.connect4 import DropAnimation
from game.ui.boards.othello import FlipAnimation
from tests.ui.helpers import HUMAN, computer, post_click, post_key


def test_connect4_disc_falls_into_its_cell(make_app):
    app = make_app(animation_speed="slow")
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    play = app.play
    post_key(pygame.K_4, 0, "4")
    app.run_frames(2)
    assert play.view.animating
    drop = play.view.animations[0]
    assert isinstance(drop, DropAnimation) and drop.cell == (3, 5)
    assert play.view.hidden_cells() == {(3, 5)}  # drawn falling, not yet in place
    rows = []
    while play.view.animating:
        rows.append(drop.row())
        app.run_frames(1)
    assert rows[0] < rows[-1] and -1 <= rows[0] and rows[-1] <= 5.0
    assert play.view.hidden_cells() == set()


def test_othello_flips_animate_and_the_computer_waits_for_them(make_app):
    app = make_app(animation_speed="normal")
    app.start_game(new_game("othello"), [HUMAN, computer(1)])
    play = app.play
    game = play.game
    post_click(play.view.cell_center(game.move_cell(game.parse_move("f5"))))
    app.run_frames(2)
    flips = [a for a in play.view.animations if isinstance(a, FlipAnimation)]
    assert [a.cell for a in flips] == game.flipped_by_last_move()
    while play.view.animating:
        assert game.ply == 1  # the answer is held back until the flips are done
        app.run_frames(1)
    assert app.pump_until(lambda: game.ply == 2, 10)


def test_no_animation_when_switched_off(make_app):
    app = make_app(animation_speed="off")
    app.start_game(new_game("gomoku"), [HUMAN, HUMAN])
    post_key(pygame.K_RETURN)
    app.run_frames(1)
    assert app.play.game.ply == 1 and not app.play.view.animating


def test_a_forced_pass_is_announced_then_played_and_listed_as_pa(make_app):
    """After d3 c3 e6 d2 d1 e1 b2 c1 Black has no move::

          a b c d e f g h
        1 - - O O O - - -
        2 - X - O - - - -
        3 - - X X - - - -
        4 - - - X X - - -
        5 - - - X X - - -
        6 - - - - X - - -
    """
    from game.rules import PASS
    from game.ui.scenes.play_bars import pass_toast
    from game.ui.session import PASS_DELAY

    app = make_app(animation_speed="fast")
    game = new_game("othello")
    game.play_moves("d3c3e6d2d1e1b2c1")
    app.start_game(game, [HUMAN, HUMAN])
    play = app.play
    app.run_frames(2)
    assert play.status_text() == ("Black has no move and passes", "info")
    assert pass_toast(play) == "Black has no move and passes"  # also over the board
    assert game.ply == 8 and not play.session.human_to_move()
    assert app.pump_until(lambda: game.ply == 9, PASS_DELAY + 2)
    assert game.move_stack[-1] == PASS and game.turn == 1
    assert play.panel._names(play.session, game.move_stack)[-1] == "pass"  # a word for a person (PA is the notation)
    assert play.session.human_to_move()
