"""The Review scene, driven with real events: start, progress, mistakes, cancel, new game."""

from __future__ import annotations

import functools

import pygame
import pytest

from ai.evaluators import load_evaluator
from ai.explain import review as review_module
from ai.explain.review import ReviewLimits, review_game
from game import records
from game.formats import save_record
from game.rules import new_game
from game.settings import games_dir
from game.ui.scenes.review import MISTAKES, REVIEW_TIMES, ReviewScene
from tests.ai.test_review import C4_WON
from tests.ui.helpers import HUMAN, computer, post_click, post_key, record_drawn_texts, type_path

C4_BLUNDER = C4_WON + "4"
"""Red to move could win at once with 5 and plays 4, which loses (checked by the solver
in ``tests/ai/test_review.py``)."""

FINISHED = "534355674633565666277125337122144"
"""A finished Connect-4 game (level 5 against level 3; Red wins). Yellow's 22nd move
turns a draw into a loss: the review's exact blunder."""


def finished_app(make_app, size=(1120, 760), moves: str = FINISHED):
    app = make_app(size=size)
    game = new_game("connect4")
    game.play_moves(moves)
    app.start_game(game, [HUMAN, computer(3)])
    app.run_frames(2)
    return app


def open_review(app) -> ReviewScene:
    post_click(app.play.b_review.rect.center)
    app.run_frames(1)
    scene = app.top
    assert isinstance(scene, ReviewScene)
    return scene


def back_and_review_again(app, review: ReviewScene) -> ReviewScene:
    """Esc from a finished review back to the game, then R: the new review scene."""
    post_key(pygame.K_ESCAPE)
    app.run_frames(1)
    assert app.top is app.play
    post_key(pygame.K_r)
    app.run_frames(1)
    again = app.top
    assert isinstance(again, ReviewScene) and again is not review
    return again


def expected_labels(moves: str, depth: int) -> list[tuple[str, int]]:
    """The labels and better moves of ``review_game`` itself (the window's reference)."""
    return list(_expected_labels(moves, depth))


@functools.cache
def _expected_labels(moves: str, depth: int) -> tuple[tuple[str, int], ...]:
    # Cached: two tests compare their window's review of FINISHED with the same one.
    game = new_game("connect4")
    game.play_moves(moves)
    review = review_game(game, load_evaluator("connect4"), ReviewLimits(depth=depth))
    return tuple((m.label, m.best) for m in review.moves)


@pytest.mark.slow
def test_review_button_runs_with_progress_and_labels_every_move(make_app) -> None:
    """The finished game reviewed once through the window, then read
    three ways: its progress and labels, its graph, and the keys and clicks that go from
    mistake to mistake (three tests before, which each reviewed the same game again)."""
    app = finished_app(make_app)
    scene = open_review(app)
    assert scene.running and app.play.session.paused
    seen: list[int] = []
    app.frame_hook = lambda dt: seen.append(len(scene.results))
    assert app.pump_until(lambda: scene.complete and not scene.running, timeout=120)
    assert any(0 < n < len(FINISHED) for n in seen), "no progress was shown"
    assert seen == sorted(seen)
    assert [m.ply for m in scene.results] == list(range(1, len(FINISHED) + 1))
    depth = scene.limits.depth
    assert [(m.label, m.best) for m in scene.results] == expected_labels(FINISHED, depth)
    blunder = scene.results[21]
    assert (blunder.label, blunder.exact, blunder.verdict) == (
        "blunder", True, "turned a draw into a loss")
    app.frame_hook = None
    check_the_graph_does_not_saw_tooth(scene)
    check_mistake_keys_clicks_and_the_board_shows_the_better_move(app, scene)


def check_the_graph_does_not_saw_tooth(scene: ReviewScene) -> None:
    """Each position's search leans to the side moving last in it: taken ply by ply the
    graph saw-toothed (48 63 45 67 48 62 ...). With the viewer moving at the leaves of
    every point, quiet moves (no proven result) change it by a few points."""
    shares = [round(100 * chance) for _ply, chance in scene._chances()]
    assert len(shares) == len(FINISHED) + 1
    quiet = [abs(a - b) for a, b in zip(shares, shares[1:]) if 2 < a < 98 and 2 < b < 98]
    assert len(quiet) >= 10
    assert sorted(quiet)[len(quiet) // 2] < 5, shares
    moves = [b - a for a, b in zip(shares, shares[1:])]
    saw = [(a, b) for a, b in zip(moves, moves[1:]) if abs(a) >= 10 and abs(b) >= 10
           and (a > 0) != (b > 0)]
    assert len(saw) <= 1, shares


def check_mistake_keys_clicks_and_the_board_shows_the_better_move(app, scene: ReviewScene) \
        -> None:
    mistakes = [i for i, m in enumerate(scene.results) if m.label in MISTAKES]
    assert len(mistakes) >= 2
    post_key(pygame.K_HOME)
    post_key(pygame.K_m)
    app.run_frames(1)
    assert scene.selected == mistakes[0]
    post_key(pygame.K_m)
    app.run_frames(1)
    assert scene.selected == mistakes[1]
    post_key(pygame.K_m, pygame.KMOD_LSHIFT)
    app.run_frames(1)
    assert scene.selected == mistakes[0]
    # The board: the position after the move (as lichess shows it), the better move
    # ringed where it would have gone.
    judged = scene.results[scene.selected]
    assert scene.position.moves_text() == FINISHED[:scene.selected + 1]
    overlay = scene.board_overlay()
    assert overlay.hint == scene.before.move_cell(judged.best)
    assert overlay.scores[overlay.hint] == "better"
    # The toolbar buttons do the same.
    post_click(scene.b_next.rect.center)
    app.run_frames(1)
    assert scene.selected == mistakes[1]
    # A click on a move in the list selects it.
    area = scene.list_area()
    row = 2
    post_click((area.centerx, area.y + row * 26 + 10))
    app.run_frames(1)
    assert scene.selected == scene.scroll + row
    # A click on the graph selects the move under it.
    graph = scene.graph_area()
    post_click((graph.x + 1, graph.centery))
    app.run_frames(1)
    assert scene.selected == 0
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RIGHT)
    app.run_frames(1)
    assert scene.selected == 2


@pytest.mark.slow
def test_escape_stops_the_review_and_r_resumes_it(make_app) -> None:
    app = finished_app(make_app)
    scene = open_review(app)
    assert app.pump_until(lambda: len(scene.results) >= 3, timeout=60)
    post_key(pygame.K_ESCAPE)
    app.run_frames(1)
    assert not scene.running and not scene.complete and app.top is scene
    stopped_at = len(scene.results)
    assert app.pump_until(lambda: not app.worker.busy, timeout=5)
    app.run_frames(5)
    assert len(scene.results) == stopped_at  # nothing late from the cancelled job
    assert scene.b_stop.text == "Resume"
    post_key(pygame.K_r)
    app.run_frames(1)
    assert scene.running
    assert app.pump_until(lambda: scene.complete and not scene.running, timeout=60)
    assert [m.ply for m in scene.results] == list(range(1, len(FINISHED) + 1))
    assert [(m.label, m.best) for m in scene.results] == \
        expected_labels(FINISHED, scene.limits.depth)
    # Esc now goes back to the game, which is as it was and no longer paused.
    post_key(pygame.K_ESCAPE)
    app.run_frames(1)
    assert app.top is app.play and app.play.game.moves_text() == FINISHED
    assert not app.play.session.paused


def test_a_new_game_during_a_review_cancels_it(make_app) -> None:
    app = finished_app(make_app)
    scene = open_review(app)
    assert app.pump_until(lambda: len(scene.results) >= 1, timeout=60)
    assert scene.running
    post_key(pygame.K_n)
    app.run_frames(2)
    assert app.top is not scene and app.top.overlay  # the new-game dialog over the review
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert scene not in app.scenes and not scene.running
    assert app.top is app.play and app.play.game.ply == 0
    assert app.pump_until(lambda: not app.worker.busy, timeout=5)
    frozen = len(scene.results)
    app.run_frames(5)
    assert len(scene.results) == frozen
    # The new game plays normally: the person moves, the computer answers.
    post_key(pygame.K_4)
    assert app.pump_until(lambda: app.play.game.ply == 2, timeout=30)


def test_review_of_an_opened_record_and_of_nothing(make_app) -> None:
    app = make_app()
    app.start_game(new_game("othello"), [HUMAN, computer(1)])
    app.run_frames(2)
    assert not app.play.b_review.enabled
    post_key(pygame.K_r)
    app.run_frames(1)
    assert app.top is app.play and "No moves to review yet" in app.play.session.recent_messages
    game = new_game("othello")
    game.play_moves("f5d6c3d3c4f4")
    path = games_dir() / "short.json"
    save_record(path, records.record_from_game(game, [HUMAN, HUMAN]))
    post_key(pygame.K_o, pygame.KMOD_LCTRL)
    app.run_frames(2)
    dialog = app.top
    type_path(app, dialog, path)
    assert app.play.game.moves_text() == "f5d6c3d3c4f4"
    post_key(pygame.K_r)
    app.run_frames(1)
    scene = app.top
    assert isinstance(scene, ReviewScene)
    assert app.pump_until(lambda: scene.complete, timeout=60)
    assert [scene.game.move_name(m.move) for m in scene.results] == \
        ["f5", "d6", "c3", "d3", "c4", "f4"]


@pytest.mark.parametrize("size", [(800, 560), (1120, 760)])
def test_nothing_overlaps_in_the_review(make_app, size, monkeypatch) -> None:
    monkeypatch.setitem(review_module.DEFAULT_DEPTH, "connect4", 2)
    app = finished_app(make_app, size=size)
    scene = open_review(app)
    assert app.pump_until(lambda: scene.complete, timeout=60)
    buttons = [b.rect for b in scene.left_buttons + scene.right_buttons]
    screen = app.screen.get_rect()
    scene.b_stop.text = "Resume"  # the text it takes when the review is stopped
    assert scene.b_stop.rect.width >= scene.b_stop.preferred_width()
    for i, a in enumerate(buttons):
        assert screen.contains(a)
        assert all(not a.colliderect(b) for b in buttons[i + 1:])
    cards = [scene.summary_rect, scene.graph_rect, scene.moves_rect]
    for i, a in enumerate(cards):
        assert screen.contains(a) and not a.colliderect(scene.view.board_rect)
        assert all(not a.colliderect(b) for b in cards[i + 1:])
    assert scene.visible_rows() >= 4


def test_reopening_reuses_the_judgements_of_the_moves_still_on_the_board(make_app,
                                                                         monkeypatch) -> None:
    monkeypatch.setitem(review_module.DEFAULT_DEPTH, "othello", 2)
    app = make_app()
    game = new_game("othello")
    game.play_moves("f5d6c3d3c4f4")
    app.start_game(game, [HUMAN, HUMAN])
    app.run_frames(2)
    first = open_review(app)
    assert app.pump_until(lambda: first.complete, timeout=60)
    again = back_and_review_again(app, first)
    assert again.complete and not again.running and not app.worker.busy
    assert again.results == first.results
    # One move taken back and another played: the shared first five are kept, one is new.
    post_key(pygame.K_ESCAPE)
    app.run_frames(1)
    post_key(pygame.K_z, pygame.KMOD_LCTRL)
    app.run_frames(1)
    assert app.play.game.moves_text() == "f5d6c3d3c4"
    f3 = app.play.game.move_cell(app.play.game.parse_move("f3"))
    post_click(app.play.view.cell_center(f3))
    app.run_frames(1)
    assert app.play.game.moves_text() == "f5d6c3d3c4f3"
    post_key(pygame.K_r)
    app.run_frames(1)
    third = app.top
    assert third.results[:5] == first.results[:5] and third.running
    assert app.pump_until(lambda: third.complete, timeout=60)
    assert third.game.move_name(third.results[5].move) == "f3"


def test_the_graph_speaks_for_the_persons_side(make_app, monkeypatch) -> None:
    """Against the computer the chances are the person's, as everywhere in the window."""
    monkeypatch.setitem(review_module.DEFAULT_DEPTH, "connect4", 2)
    app = make_app()
    game = new_game("connect4")
    game.play_moves(C4_BLUNDER)
    app.start_game(game, [computer(3), HUMAN])  # the person plays Yellow
    app.run_frames(2)
    scene = open_review(app)
    assert app.pump_until(lambda: scene.complete, timeout=60)
    assert scene.view_side == 1
    last = scene.results[-1]  # Red (the computer) throws its won position away
    assert last.side == 0 and last.chance_before == 1.0 and last.chance_after == 0.0
    points = dict(scene._chances())
    assert points[last.ply - 1] == 0.0 and points[last.ply] == 1.0  # Yellow: lost, then won


def _judged(moves: str, depth: int) -> list[tuple]:
    """What ``plies review --depth`` says of an Othello game: the reference."""
    game = new_game("othello")
    game.play_moves(moves)
    review = review_game(game, load_evaluator("othello"), ReviewLimits(depth=depth))
    return [(m.label, m.best, m.score_before, m.score_after, m.depth) for m in review.moves]


def _shown(scene: ReviewScene) -> list[tuple]:
    return [(m.label, m.best, m.score_before, m.score_after, m.depth) for m in scene.results]


def test_the_depth_choice_judges_again_at_the_chosen_depth(make_app, monkeypatch) -> None:
    """D / Shift+D, the choice's arrows and Left/Right on it all set the review's depth;
    the game is judged as ``plies review --depth`` judges it, and the depth stays for
    the next review of the game."""
    monkeypatch.setitem(review_module.DEFAULT_DEPTH, "othello", 2)
    moves = "f5d6c3d3c4f4f6"
    app = make_app()
    game = new_game("othello")
    game.play_moves(moves)
    app.start_game(game, [HUMAN, HUMAN])
    app.run_frames(2)
    scene = open_review(app)
    options = [v for v, _ in scene.c_limits.options]
    assert options == [ReviewLimits(depth=d) for d in (1, 2, 3, 4, 5)] + [  # default 2, 3 more
        ReviewLimits(seconds=t) for t in REVIEW_TIMES]
    assert app.pump_until(lambda: scene.complete, timeout=60)
    assert scene.limits.depth == 2 and _shown(scene) == _judged(moves, 2)

    post_key(pygame.K_d)  # deeper: judged again from the first move
    app.run_frames(1)
    assert scene.limits.depth == 3 and scene.c_limits.value.depth == 3 and scene.running
    assert app.pump_until(lambda: scene.complete, timeout=60)
    assert _shown(scene) == _judged(moves, 3)
    assert _judged(moves, 3) != _judged(moves, 2)  # the test tells the depths apart

    post_key(pygame.K_d, pygame.KMOD_LSHIFT)  # back: the depth-2 judgements return
    app.run_frames(1)
    assert scene.limits.depth == 2 and scene.complete and not scene.running
    assert _shown(scene) == _judged(moves, 2)

    left_arrow = scene.c_limits.rect.left + 5, scene.c_limits.rect.centery
    post_click(left_arrow)  # the mouse: one less
    app.run_frames(1)
    assert scene.limits.depth == 1
    assert app.pump_until(lambda: scene.complete, timeout=60)
    assert _shown(scene) == _judged(moves, 1)

    for _ in range(len(scene.widgets.widgets) + 1):  # the keyboard alone: Tab to the choice
        post_key(pygame.K_TAB)
        app.run_frames(1)
        if scene.widgets.focus is scene.c_limits:
            break
    assert scene.widgets.focus is scene.c_limits and scene.widgets.focus_visible
    selected = scene.selected
    post_key(pygame.K_RIGHT)  # on the choice, Right is the next depth, not the next move
    app.run_frames(1)
    assert scene.limits.depth == 2 and scene.selected == selected

    again = back_and_review_again(app, scene)
    assert again.limits.depth == 2 and again.c_limits.value == ReviewLimits(depth=2)
    assert again.complete and _shown(again) == _judged(moves, 2)  # nothing judged twice


@pytest.mark.slow
def test_the_time_choice_judges_each_position_for_that_long(make_app, monkeypatch) -> None:
    """T / Shift+T, the choice's arrows past the last depth and a click on its value set
    a time per position: the worker's review gets that time (and no depth), the panel
    says it, the solver's exact blunder is still found, D goes back to the depth (its
    judgements kept aside) and the next review keeps the time."""
    monkeypatch.setitem(review_module.DEFAULT_DEPTH, "connect4", 2)
    monkeypatch.setattr("game.ui.scenes.review.REVIEW_TIMES", (0.02, 0.05, 0.1))
    monkeypatch.setattr("game.ui.scenes.review.FIRST_TIME", 0.05)
    asked: list[ReviewLimits] = []
    real_review = review_module.review_game

    def review_game_spy(game, evaluator, limits, **kwargs):
        asked.append(limits)
        return real_review(game, evaluator, limits, **kwargs)

    monkeypatch.setattr("game.ui.scenes.review.review_game", review_game_spy)
    app = finished_app(make_app)
    scene = open_review(app)
    assert app.pump_until(lambda: scene.complete, timeout=60)
    by_depth = list(scene.results)
    assert asked == [ReviewLimits(depth=2)]

    post_key(pygame.K_t)  # by depth -> the first time
    app.run_frames(1)
    assert scene.limits == ReviewLimits(seconds=0.05) and scene.running
    assert scene.c_limits.options[scene.c_limits.index][1] == "Time 0.05 s"
    assert app.pump_until(lambda: scene.complete, timeout=120)
    assert asked[-1] == ReviewLimits(seconds=0.05)
    assert len(scene.results) == len(FINISHED) and all(m.depth >= 0 for m in scene.results)
    blunder = scene.results[21]  # exact: the solver's verdict does not depend on the time
    assert (blunder.label, blunder.exact, blunder.verdict) == (
        "blunder", True, "turned a draw into a loss")

    post_key(pygame.K_t, pygame.KMOD_LSHIFT)  # less time
    app.run_frames(1)
    assert scene.limits == ReviewLimits(seconds=0.02)
    post_key(pygame.K_t, pygame.KMOD_LSHIFT)  # already the least: stays
    app.run_frames(1)
    assert scene.limits == ReviewLimits(seconds=0.02)

    post_key(pygame.K_d)  # back to judging by depth: the depth-2 judgements return
    app.run_frames(1)
    assert scene.limits == ReviewLimits(depth=2) and scene.complete and not scene.running
    assert scene.results == by_depth

    # The mouse: the right arrow goes from the deepest depth on to the times.
    right_arrow = scene.c_limits.rect.right - 5, scene.c_limits.rect.centery
    for _ in range(3):  # depths 3, 4 and 5 (the last)
        post_click(right_arrow)
        app.run_frames(1)
    assert scene.limits == ReviewLimits(depth=5)
    post_click(right_arrow)
    app.run_frames(1)
    assert scene.limits == ReviewLimits(seconds=0.02) and scene.running
    post_click(scene.c_limits.rect.center)  # a click on the value: the next one
    app.run_frames(1)
    assert scene.limits == ReviewLimits(seconds=0.05) and scene.complete  # judged above
    app.run_frames(1)
    assert "0.05 s a move" in _panel_texts(app, scene)

    again = back_and_review_again(app, scene)
    assert again.limits == ReviewLimits(seconds=0.05) and again.complete
    post_key(pygame.K_d)  # D returns to the depth used last in this window: 5
    app.run_frames(1)
    assert again.limits == ReviewLimits(depth=5)


def _panel_texts(app, scene: ReviewScene) -> list[str]:
    """The texts drawn in the summary card (the panel's header names the limits)."""
    from game.ui import draw

    drawn: list[str] = []
    real = draw.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    draw.blit_text = spy
    try:
        scene._draw_summary(app.screen)
    finally:
        draw.blit_text = real
    return drawn


def test_the_title_names_the_game_where_it_fits_and_is_never_cut(make_app) -> None:
    """At the minimum window width the buttons and the limits choice leave too little
    room for "Review · Connect-4": the title is then "Review", not "Review · Co…"."""
    titles = {}
    for width, height in ((800, 560), (1120, 760)):
        app = make_app(size=(width, height))
        game = new_game("connect4")
        game.play_moves("4455")
        app.start_game(game, [HUMAN, HUMAN])
        app.run_frames(2)
        scene = open_review(app)
        app.run_frames(1)
        titles[width] = scene.title_text()
    assert titles[1120] == "Review · Connect-4"
    assert titles[800] == "Review"


def test_a_forced_pass_is_written_as_a_pass_and_not_judged(make_app, monkeypatch) -> None:
    from ai.explain.review import ReviewLimits
    from game.rules import PASS

    game = new_game("othello")
    game.play_moves("d3c3e6d2d1e1b2c1")  # Black then has no move (tests/ui/test_animation)
    assert game.legal_moves() == [PASS]
    game.push(PASS)
    game.push(game.legal_moves()[0])
    app = make_app(size=(800, 560))
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    app.push_scene(ReviewScene(app, app.play.session, limits=ReviewLimits(depth=1)))
    scene = app.top
    assert app.pump_until(lambda: scene.complete, 30)
    scene.select(8)
    drawn = record_drawn_texts(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    written = [text for text, _size, _bold in drawn]
    assert scene.status_text() == "Move 9: Black had no move and passed"
    assert "pass" in written and "forced" in written and "PA" not in written
