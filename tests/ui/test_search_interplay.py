"""The UI and the search worker: stale results never land, cancels are prompt, errors show.

The computer plays Othello at level 8 here (depth 10, several seconds), so a search is
certainly running when the test acts.
"""

from __future__ import annotations

import time

import pygame

from ai.search import SearchResult
from ai.worker import WorkerReport
from game.rules import new_game
from game.ui.app import AI_EVENT
from tests.ui.helpers import HUMAN, computer, post_click, post_key

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


def start_thinking(app):
    """A person opens with f5 (clicked); the top-level computer starts thinking."""
    app.start_game(new_game("othello"), [HUMAN, computer(8)])
    play = app.play
    game = play.game
    post_click(play.view.cell_center(game.move_cell(game.parse_move("f5"))))
    assert app.pump_until(lambda: game.ply == 1 and play.session.pending == "move"
                          and app.worker.busy, 5)
    return play


def test_undo_while_thinking_stops_the_search_and_drops_its_result(make_app):
    app = make_app()
    play = start_thinking(app)
    session, game = play.session, play.game
    old_generation = session.generation
    post_key(pygame.K_z, CTRL)
    app.run_frames(1)
    assert game.ply == 0 and session.redo == [game.parse_move("f5")]
    assert session.generation != old_generation
    started = time.monotonic()
    assert app.pump_until(lambda: not app.worker.busy, 1.0)
    assert time.monotonic() - started < 0.5  # the search stopped promptly
    # Whatever the cancelled search might still report carries the old generation.
    stale = SearchResult(game.parse_move("f5"), 0, 1, (), 1, 0.0, {})
    pygame.event.post(pygame.event.Event(AI_EVENT, report=WorkerReport(
        old_generation, "move", "result", result=stale)))
    app.run_frames(20)
    assert game.ply == 0
    assert session.human_to_move()


def test_redo_replays_up_to_the_persons_next_turn(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, computer(1)])
    play = app.play
    session, game = play.session, play.game
    for column in ("4", "3"):
        before = game.ply
        post_key(pygame.K_0 + int(column), 0, column)
        assert app.pump_until(lambda: game.ply == before + 2, 10)
    stack = list(game.move_stack)
    post_key(pygame.K_z, CTRL)
    app.run_frames(2)
    assert game.move_stack == stack[:2]  # back to the person's previous turn
    post_key(pygame.K_z, CTRL)
    app.run_frames(2)
    assert game.move_stack == []
    assert not play.b_undo.enabled
    post_key(pygame.K_y, CTRL)
    app.run_frames(2)
    assert game.move_stack == stack[:2]  # the person's move and the computer's answer
    post_key(pygame.K_z, CTRL | SHIFT)
    app.run_frames(2)
    assert game.move_stack == stack
    assert session.human_to_move()
    assert not session.redo


def test_undo_after_the_end_goes_back_to_the_persons_last_turn(make_app):
    app = make_app()
    game = new_game("connect4")
    game.play_moves("445566")
    app.start_game(game, [HUMAN, computer(1)])
    play = app.play
    post_key(pygame.K_7, 0, "7")
    assert app.pump_until(lambda: play.game.is_over(), 5)
    app.run_frames(2)
    post_click(play.b_undo.rect.center)
    app.run_frames(2)
    assert play.game.moves_text() == "445566"
    assert play.session.human_to_move()


def test_new_game_while_thinking_never_receives_the_old_result(make_app):
    app = make_app()
    play = start_thinking(app)
    old_generation = play.session.generation
    post_key(pygame.K_n, 0, "n")
    app.run_frames(2)
    dialog = app.top
    assert dialog is not play and dialog.overlay
    dialog.choose_game("connect4")  # the tile click is tested elsewhere
    post_click(dialog.b_start.rect.center)
    app.run_frames(2)
    new_play = app.play
    assert new_play is not play and new_play.game.name == "connect4"
    assert app.pump_until(lambda: not app.worker.busy or new_play.session.pending, 1.0)
    stale = SearchResult(3, 0, 1, (), 1, 0.0, {})
    pygame.event.post(pygame.event.Event(AI_EVENT, report=WorkerReport(
        old_generation, "move", "result", result=stale)))
    app.run_frames(30)
    assert new_play.game.ply == 0


def test_worker_error_is_shown_not_hung(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [computer(8), HUMAN])
    session = app.play.session
    assert app.pump_until(lambda: session.pending == "move", 5)
    pygame.event.post(pygame.event.Event(AI_EVENT, report=WorkerReport(
        session.generation, "move", "error", error="the computer player failed: boom")))
    app.run_frames(2)
    text, kind = app.play.status_text()
    assert kind == "error" and "boom" in text
    assert session.pending is None


def test_unknown_evaluator_is_reported(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [computer(1, "no-such-preset"), HUMAN])
    app.run_frames(3)
    text, kind = app.play.status_text()
    assert kind == "error" and "no-such-preset" in text


def test_hint_is_computed_in_the_background_and_shown_on_the_board(make_app):
    app = make_app()
    app.start_game(new_game("othello"), [HUMAN, computer(2)])
    play = app.play
    post_key(pygame.K_h, 0, "h")
    assert app.pump_until(lambda: play.session.hint is not None, 10)
    hint = play.session.hint
    assert hint in play.game.legal_moves()
    assert play.board_overlay().hint == play.game.move_cell(hint)
    assert play.session.current_message[0].startswith("Hint:")
    post_click(play.view.cell_center(play.game.move_cell(hint)))
    app.run_frames(2)
    assert play.game.move_stack[0] == hint and play.session.hint is None


def test_show_thinking_puts_root_scores_on_the_cells(make_app):
    app = make_app(show_thinking=True)
    app.start_game(new_game("connect4"), [computer(8), HUMAN])
    play = app.play
    assert app.pump_until(lambda: bool(play.board_overlay().scores), 10)
    scores = play.board_overlay().scores
    game = play.game
    assert set(scores) <= {game.move_cell(m) for m in game.legal_moves()}
    assert all(text and len(text) <= 8 for text in scores.values())
    thinking_lines = play.panel._search_lines(play.session)
    assert thinking_lines[0].startswith("Thinking: depth")


def test_demo_pause_step_and_speed(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [computer(1), computer(1)], demo=True)
    play = app.play
    session, game = play.session, play.game
    post_key(pygame.K_SPACE, 0, " ")
    app.run_frames(2)
    assert session.paused
    plies = game.ply
    app.run_frames(30)
    assert game.ply == plies
    post_key(pygame.K_s, 0, "s")
    assert app.pump_until(lambda: game.ply == plies + 1, 5)
    app.run_frames(20)
    assert game.ply == plies + 1 and session.paused
    post_key(pygame.K_RIGHT)
    assert app.pump_until(lambda: game.ply == plies + 2, 5)
    speed = session.demo_speed
    post_key(pygame.K_EQUALS, 0, "=")
    post_key(pygame.K_EQUALS, 0, "=")
    post_key(pygame.K_MINUS, 0, "-")
    app.run_frames(2)
    assert session.demo_speed == speed + 1
    post_key(pygame.K_SPACE, 0, " ")
    app.run_frames(2)
    assert not session.paused
    assert app.pump_until(lambda: game.ply >= plies + 4, 10)


def test_undo_and_redo_pause_a_demo_and_say_how_many_moves(make_app):
    app = make_app()
    game = new_game("connect4")
    game.play_moves("4453")
    app.start_game(game, [computer(1), computer(1)], demo=True)
    session, game = app.play.session, app.play.game
    assert not session.paused
    post_key(pygame.K_z, CTRL)
    app.run_frames(2)
    assert session.paused and session.message == "Took back 1 move"
    stack = list(game.move_stack)
    app.run_frames(20)
    assert game.move_stack == stack  # paused: the computers do not play on
    post_key(pygame.K_y, CTRL)
    app.run_frames(2)
    assert session.paused and session.message == "Replayed 1 move"
    assert game.move_stack[:-1] == stack and not session.redo
