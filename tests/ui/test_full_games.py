"""Whole games through the real window loop: a person clicking against the computer, and a demo.

The person's moves are chosen by a simple rule and *clicked* at the pixel centre of
their cell; the computer answers through the worker thread and the posted events.
"""

from __future__ import annotations

import pygame

from game.rules import PASS, new_game
from game.slots import load_autosave
from tests.ui.helpers import HUMAN, computer, post_click

GAME_TIMEOUT = 60.0


def click_move(app, move) -> None:
    """Click where ``move`` is played on the board (Connect-4: over its column)."""
    play = app.play
    game = play.game
    if game.name == "connect4":
        x = play.view.cell_center((move, 0))[0]
        post_click((x, play.view.board_rect.top - play.view.cell * 0.5))
    else:
        post_click(play.view.cell_center(game.move_cell(move)))


def play_to_the_end(app, choose) -> int:
    """Click ``choose(game)`` on every human turn until the game ends; returns human moves."""
    session = app.play.session
    game = session.game
    clicks = 0
    while not game.is_over():
        assert app.pump_until(lambda: game.is_over() or session.human_to_move(), GAME_TIMEOUT), \
            f"stuck:\n{game}\nmessage={session.current_message}"
        if game.is_over():
            break
        before = game.ply
        move = choose(game)
        click_move(app, move)
        assert app.pump_until(lambda: game.ply > before, 5), f"click on {move} ignored\n{game}"
        assert game.move_stack[before] == move
        clicks += 1
    app.run_frames(3)
    return clicks


def first_legal(game):
    return [m for m in game.legal_moves() if m != PASS][0]


def assert_finished_cleanly(app) -> None:
    play = app.play
    assert play.game.is_over()
    assert play.result_shown_at is not None  # the result banner is up
    text, _ = play.status_text()
    assert text.startswith("Game over")
    saved = load_autosave()
    assert saved is not None and saved.result is not None  # kept, with its result
    assert saved.moves == [play.game.move_name(m) for m in play.game.move_stack]


def test_connect4_against_level_1(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, computer(1)])
    clicks = play_to_the_end(app, lambda g: min(g.legal_moves()))  # leftmost open column
    assert clicks >= 4
    assert_finished_cleanly(app)


def test_othello_against_level_1_with_passes_announced(make_app):
    app = make_app()
    app.start_game(new_game("othello"), [computer(1), HUMAN])
    clicks = play_to_the_end(app, first_legal)
    assert clicks >= 10
    assert_finished_cleanly(app)
    game = app.play.game
    assert sum(game.counts()) > 20
    passes = [i for i, m in enumerate(game.move_stack) if m == PASS]
    if passes:  # every forced pass was announced by name and written PA
        seen = app.play.session.recent_messages
        assert any(text.endswith("has no move and passes") for text in seen)
        assert all(game.move_name(game.move_stack[i]) == "PA" for i in passes)


def test_gomoku_9x9_against_level_1(make_app):
    app = make_app()
    app.start_game(new_game("gomoku", size=9), [HUMAN, computer(1)])
    play_to_the_end(app, first_legal)
    assert_finished_cleanly(app)
    assert app.play.game.winning_line()


def test_demo_between_two_computers_reaches_its_result(make_app):
    app = make_app()
    app.start_game(new_game("connect4", width=5, height=4, connect=3), [computer(1), computer(2)],
                   demo=True)
    session = app.play.session
    session.demo_speed = 5  # the fastest: no pause between moves
    assert app.pump_until(lambda: session.game.is_over(), GAME_TIMEOUT)
    app.run_frames(3)
    assert app.play.result_shown_at is not None
    assert not app.worker.busy


def test_window_close_event_quits_at_once_even_while_searching(make_app):
    import time
    app = make_app()
    app.start_game(new_game("othello"), [computer(8), HUMAN])
    assert app.pump_until(lambda: app.play.session.pending == "move" and app.worker.busy, 5)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run_frames(1)
    assert not app.running
    started = time.monotonic()
    app.close()
    assert time.monotonic() - started < 1.5


def test_tictactoe_from_its_tile_against_level_8_never_won_by_the_person(make_app):
    """The fourth tile starts tic-tac-toe; the exact solver (level 8) never loses, so a
    person who plays the first empty cell each time loses or draws."""
    from game.ui.scenes.start import Draft

    app = make_app(size=(800, 560))
    app.show_start()
    app.run_frames(2)
    start = app.top
    post_click(start.tiles[3].rect.center)
    app.run_frames(1)
    assert start.game_name == "tictactoe"
    start.players["tictactoe"] = [Draft.of("tictactoe", p) for p in (HUMAN, computer(8))]
    start._sync()
    post_click(start.b_start.rect.center)
    app.run_frames(2)
    assert app.play is not None and app.play.game.name == "tictactoe"
    play_to_the_end(app, lambda g: g.legal_moves()[0])
    assert_finished_cleanly(app)
    assert app.play.game.outcome().winner != 0
