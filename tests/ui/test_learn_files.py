"""Learn's files: a hostile ``learn.json`` (a named pipe, a link to one, a huge sparse
file, 60,000 nested brackets) is a fresh start at once; lesson 5's Save asks before it
replaces an evaluator someone already has; lesson 5's match says what counts, shows a
draw as a draw and counts a setting once; lesson 5 opens a person's evaluator by name
(a weights file, a plugin's function), and a fault of it is one sentence."""

from __future__ import annotations

import os
import re
import resource

import pygame
import pytest

from game.learning import Progress, load_progress, progress_path, save_progress
from game.ui.scenes.learn import LearnScene
from tests.ui.helpers import post_click, post_key, post_text


def open_learn(app) -> LearnScene:
    app.show_start()
    app.run_frames(2)
    post_key(pygame.K_l, 0, "l")
    app.run_frames(2)
    assert isinstance(app.top, LearnScene)
    return app.top


def _fifo(path):
    os.mkfifo(path)


def _sparse(path, size=300 * 1024 * 1024):
    with open(path, "wb") as handle:
        handle.truncate(size)


def _brackets(path):
    path.write_text("[" * 60_000 + "]" * 60_000)


def _open_brackets(path):
    path.write_text("[" * 60_000)


def _link_to(make):
    def build(path):
        target = path.with_name("target")
        make(target)
        path.symlink_to(target)
    return build


@pytest.mark.parametrize("make", [_fifo, _link_to(_fifo), _sparse, _link_to(_sparse),
                                  _brackets, _open_brackets],
                         ids=["fifo", "link-to-fifo", "sparse-300MB", "link-to-sparse",
                              "60000-brackets", "60000-open-brackets"])
def test_a_hostile_progress_file_is_a_fresh_start(make_app, private_config, make):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    saved = Progress(lesson=4, seed=7)
    save_progress(saved)
    assert load_progress().lesson == 4  # a good file is read
    path.unlink()
    make(path)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert load_progress() == Progress()
    app = make_app(size=(800, 560))
    scene = open_learn(app)  # a FIFO would block here for good if it were opened
    assert scene.lesson == 1 and scene.progress.seed == 1
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 100, grown_mb  # the file is never read whole


def test_a_version_1_file_keeps_the_place_but_not_its_single_answers(private_config):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "plies-learn", "version": 1, "right": {"2": 3}, '
                    '"tried": {"2": 3}, "lesson": 2, "seed": 5, "level": "hard"}')
    progress = load_progress()
    assert (progress.lesson, progress.seed, progress.level) == (2, 5, "hard")
    assert not progress.done(2)


def _lesson_5(app) -> LearnScene:
    scene = open_learn(app)
    post_key(pygame.K_5, 0, "5")
    app.run_frames(1)
    assert scene.lesson == 5
    return scene


def _type_name(app, scene, name: str) -> None:
    post_click(scene.entry.rect.center)
    app.run_frames(1)
    post_key(pygame.K_a, pygame.KMOD_CTRL)
    post_text(name)
    app.run_frames(1)


def test_save_asks_before_it_replaces_an_evaluator(make_app, private_config):
    from game.settings import evaluators_dir

    folder = evaluators_dir()
    folder.mkdir(parents=True)
    mine = 'game = "tictactoe"\nbase = "default"\n[weights]\nopen_two = 77\n'
    (folder / "mine.toml").write_text(mine)
    app = make_app(size=(800, 560))
    scene = _lesson_5(app)
    _type_name(app, scene, "mine")
    post_click(scene.b_save.rect.center)
    app.run_frames(2)
    assert "already" in scene.feedback and not scene.feedback_ok
    assert (folder / "mine.toml").read_text() == mine  # untouched
    _type_name(app, scene, "other")
    post_click(scene.b_save.rect.center)
    app.run_frames(2)
    assert scene.feedback.startswith("Saved") and (folder / "other.toml").exists()
    assert (folder / "mine.toml").read_text() == mine
    _type_name(app, scene, "mine")
    post_click(scene.b_save.rect.center)  # asks again
    app.run_frames(2)
    assert (folder / "mine.toml").read_text() == mine
    post_click(scene.b_save.rect.center)  # the second Save replaces it
    app.run_frames(2)
    assert scene.feedback.startswith("Saved") and "open_two = 10" in (
        folder / "mine.toml").read_text()


def _points(feedback: str) -> tuple[int, int, int]:
    won, drawn, lost = (int(n) for n in re.search(
        r"(\d+) won, (\d+) drawn, (\d+) lost", feedback).groups())
    return won, drawn, lost


def test_the_match_counts_more_than_half_the_points_once_and_shows_a_draw_as_one(
        make_app, private_config):
    app = make_app(size=(800, 560))
    scene = _lesson_5(app)
    post_click(scene.b_match.rect.center)  # the default against itself
    app.run_frames(2)
    won, drawn, lost = _points(scene.feedback)
    assert won == lost and scene.tone == "info" and "half" in scene.feedback
    post_key(pygame.K_F5)
    app.run_frames(1)
    counted, again = 0, 0
    for key, value in (("open_two", 5), ("open_one", 3)):
        scene.set_weight(key, value)
    for centre in (0, 0, 2):
        scene.set_weight("centre", centre)
        post_click(scene.b_match.rect.center)
        app.run_frames(2)
        won, drawn, lost = _points(scene.feedback)
        wins_half = 2 * won + drawn > 10
        assert (scene.tone == "right") == wins_half, scene.feedback
        counted += wins_half and "counts (" in scene.feedback
        again += "counted already" in scene.feedback
    assert load_progress().count(5) == counted
    assert 1 <= counted < 3 and again == 3 - counted  # the same setting twice: once


def _open(app, scene, name: str) -> None:
    _type_name(app, scene, name)
    post_click(scene.b_open.rect.center)
    app.run_frames(2)


def test_lesson_5_opens_a_persons_weights_file_by_name(make_app, private_config):
    from game.learning import lab_evaluator
    from game.settings import evaluators_dir
    from tests.ui.test_learn_keys import textbook_lab_values

    folder = evaluators_dir()
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text('game = "tictactoe"\nbase = "default"\n[weights]\n'
                                      'open_two = 0\nopen_one = 7\ncentre = 20\n')
    app = make_app(size=(800, 560))
    scene = _lesson_5(app)
    lab = scene.lab
    post_click(scene.b_open.rect.center)  # nothing typed: the names there are
    app.run_frames(2)
    assert "naive" in scene.feedback and "evaluators/NAME.toml" in scene.feedback
    _open(app, scene, "mine")
    assert lab.evaluator_name == "mine" and "mine" in lab.question(), scene.feedback
    expected = textbook_lab_values(lab.position(), lab_evaluator(
        {"open_two": 0, "open_one": 7, "centre": 20}))
    assert {row.move: row.value for row in lab.rows} == expected
    assert expected != textbook_lab_values(lab.position(), lab_evaluator(lab.weights))
    _open(app, scene, "nosuch")  # an unknown name: its sentence, the sliders back
    assert scene.tone == "wrong" and "nosuch" in scene.feedback
    assert lab.evaluator_name is None
    _open(app, scene, "mine")
    scene.set_weight("centre", 3)  # a slider moved: the weights again
    assert lab.evaluator_name is None and "your weights" in lab.question()


def test_lesson_5_says_a_plugin_evaluators_fault_in_a_sentence(make_app, private_config):
    from ai import evaluators
    from ai.evaluators.plugin import FunctionEvaluator

    def broken(game):
        raise ZeroDivisionError("division by zero")

    evaluators.register("tictactoe", "broken",
                        lambda: FunctionEvaluator("tictactoe", "broken", broken))
    try:
        app = make_app(size=(800, 560))
        scene = _lesson_5(app)
        _open(app, scene, "broken")
        assert scene.tone == "wrong" and "broken" in scene.feedback, scene.feedback
        assert "ZeroDivisionError" in scene.feedback or "division" in scene.feedback
        assert scene.lab.evaluator_name is None and scene.lab.rows  # the sliders' rows
        app.invalidate()
        app.run_frames(1)  # still drawing
    finally:
        evaluators.unregister("tictactoe", "broken")
