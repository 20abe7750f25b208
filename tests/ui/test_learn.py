"""The Learn lessons driven with real events: one exercise of each lesson, a wrong answer
(its reason shown) and a right one, progress kept in the config folder, and every
lesson drawn at 800 × 560 in the three themes with its text inside the window."""

from __future__ import annotations

import json

import pygame
import pytest

from ai.explain.exercises import INF
from game.learning import load_progress, progress_path
from game.ui.scenes.learn import LearnScene
from tests.ui.helpers import post_click, post_key, post_text


def open_learn(app, by_key=True) -> LearnScene:
    app.show_start()
    app.run_frames(2)
    if by_key:
        post_key(pygame.K_l, 0, "l")
    else:
        post_click(app.top.b_learn.rect.center)
    app.run_frames(2)
    scene = app.top
    assert isinstance(scene, LearnScene)
    return scene


def answer(app, scene, text: str) -> None:
    post_click(scene.entry.rect.center)
    app.run_frames(1)
    post_key(pygame.K_a, pygame.KMOD_CTRL)
    post_text(text)
    post_key(pygame.K_RETURN)
    app.run_frames(2)


def show(value: int) -> str:
    return "inf" if value >= INF else "-inf" if value <= -INF else str(value)


def test_lesson_1_counting_wrong_then_right(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app, by_key=False)
    assert scene.lesson == 1 and scene.question is not None
    truth = scene.question.answer
    answer(app, scene, str(truth + 1))
    assert not scene.feedback_ok and scene.feedback
    answer(app, scene, str(truth))
    assert scene.feedback_ok and scene.finished
    saved = load_progress(progress_path())
    assert saved.tried[1] == 2 and saved.right[1] == 1


def test_lesson_2_minimax_node_by_node(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    post_key(pygame.K_2, 0, "2")
    app.run_frames(1)
    assert scene.lesson == 2 and scene.exercise is not None
    values = scene.exercise.key["values"]
    first = scene.selected
    wrong = values[first] + 1
    answer(app, scene, str(wrong))
    assert not scene.feedback_ok
    assert "takes the" in scene.feedback  # "A MIN node takes the smallest …"
    while scene.selected is not None:
        answer(app, scene, str(values[scene.selected]))
        assert scene.feedback_ok
    assert scene.finished and scene.answers == {k: v for k, v in values.items()
                                                if scene.exercise.node(k).kind != "leaf"}


def test_lesson_3_alphabeta_windows_then_pruned_leaves(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(3)
    scene.set_level("medium")
    app.run_frames(1)
    trace = scene.exercise.key["alphabeta"]
    a, b = trace["windows"][scene.selected]
    answer(app, scene, f"{show(a)} {show(b + 1 if b < INF else 5)}")
    assert not scene.feedback_ok
    while scene.selected is not None:
        a, b = trace["windows"][scene.selected]
        answer(app, scene, f"({show(a)}, {show(b)})")
        assert scene.feedback_ok, scene.feedback
    for leaf in trace["leaves_never_visited"]:
        post_click(scene.placed[leaf])
        app.run_frames(1)
    post_click(scene.b_check.rect.center)
    app.run_frames(2)
    assert scene.feedback_ok and scene.finished, scene.feedback


def test_lesson_4_ordering_reaches_the_best_count(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    post_key(pygame.K_4, 0, "4")
    app.run_frames(1)
    key = scene.exercise.key["ordering"]
    if scene.order == key["best_order"]:
        post_click(scene.b_new.rect.center)  # a fresh one where the given order is not best
        app.run_frames(1)
        key = scene.exercise.key["ordering"]
    # Put the best order in place with clicks and arrow keys, as a learner would.
    for place, wanted in enumerate(key["best_order"]):
        post_click(scene.placed[wanted])
        app.run_frames(1)
        while scene.order.index(wanted) > place:
            post_key(pygame.K_LEFT)
            app.run_frames(1)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert scene.feedback_ok and scene.finished, scene.feedback


def test_progress_is_remembered_and_a_damaged_file_is_a_fresh_start(make_app, private_config):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(3)
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert not isinstance(app.top, LearnScene)
    assert json.loads(progress_path().read_text())["lesson"] == 3
    assert open_learn(app).lesson == 3
    progress_path().write_text("{not json")
    assert load_progress().lesson == 1


@pytest.mark.parametrize("theme", ["classic", "dark", "high-contrast"])
def test_every_lesson_draws_inside_the_window(make_app, theme):
    app = make_app(size=(800, 560), theme=theme)
    scene = open_learn(app)
    for lesson in (1, 2, 3, 4, 5, 6):
        scene.set_lesson(lesson)
        app.invalidate()
        app.run_frames(1)
        for rect in (scene.text_rect, scene.work, scene.tree_rect, scene.board_rect):
            assert pygame.Rect(0, 0, 800, 560).contains(rect), (lesson, rect)
        for x, y in scene.placed.values():
            assert scene.tree_rect.collidepoint(x, y)


def test_lesson_6_horizon_depth_four_sees_further(make_app):
    """The deep search's move is checked against a search run here; the two depths
    really disagree on the lesson's position."""
    from ai.evaluators import load_evaluator
    from ai.search import Limits, Searcher
    from game.rules import new_game

    app = make_app(size=(800, 560))
    scene = open_learn(app)
    post_key(pygame.K_6, 0, "6")
    app.run_frames(1)
    q = scene.horizon
    assert scene.lesson == 6 and q is not None
    game = new_game(q.game_name)
    game.play_moves(q.moves)
    evaluator = load_evaluator(q.game_name)
    moves = {d: game.move_name(Searcher(evaluator, mode="alphabeta").search(
        game, Limits(depth=d, use_solver=False)).move) for d in (2, 4)}
    assert moves == {2: q.shallow, 4: q.deep} and q.shallow != q.deep
    wrong = q.shallow
    answer(app, scene, wrong)
    assert not scene.feedback_ok and f"plays {q.deep}" in scene.feedback
    post_click(scene.b_new.rect.center)
    app.run_frames(1)
    answer(app, scene, scene.horizon.deep)
    assert scene.feedback_ok


def test_lesson_5_weights_change_the_values_match_and_save(make_app, private_config):
    """Lower open twos to 0 with the slider's arrow: the search no longer sees threats at
    depth 1, loses the quick match; the weights saved by name read back as an evaluator."""
    from ai.evaluators import evaluator_by_name
    from game.settings import evaluators_dir

    app = make_app(size=(800, 560))
    scene = open_learn(app)
    post_key(pygame.K_5, 0, "5")
    app.run_frames(1)
    assert scene.lesson == 5 and scene.lab_values
    before = list(scene.lab_values)
    twos = scene.c_weights[0]
    for _ in range(2):  # 10 -> 5 -> 0 with the left arrow
        post_click((twos.rect.x + 12, twos.rect.centery))
        app.run_frames(1)
    assert scene.weights["open_two"] == 0
    assert scene.lab_values != before
    post_click(scene.b_match.rect.center)
    app.run_frames(2)
    assert "10 lost" in scene.feedback and not scene.feedback_ok
    answer_name = "my-eval"
    post_click(scene.entry.rect.center)
    app.run_frames(1)
    post_text(answer_name)
    post_click(scene.b_save.rect.center)
    app.run_frames(2)
    assert scene.feedback.startswith("Saved"), scene.feedback
    saved = evaluator_by_name("tictactoe", answer_name, user_dir=evaluators_dir())
    assert saved.weights.open_two == 0 and saved.weights.open_one == 1
    from game.ui.scenes.start import preset_options
    assert answer_name in preset_options("tictactoe")  # the new-game dialog offers it
    assert answer_name not in preset_options("connect4")
    post_click(scene.entry.rect.center)
    post_key(pygame.K_a, pygame.KMOD_CTRL)
    post_text("../x")
    post_click(scene.b_save.rect.center)
    app.run_frames(2)
    assert "letters, digits" in scene.feedback
