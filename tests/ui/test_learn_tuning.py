"""Learn lesson 7, learning the evaluation: the Tune button runs ``plies tune``'s SPSA in
the background while the window keeps drawing, the weights it draws are those the
command gives for the same seed, the match ends it, and the questions on a weight's
sign follow the rule of tries (a hint, then the answer, which no longer counts)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.cli import main
from game.settings import THEMES, evaluators_dir
from game.ui.scenes.learn import LearnScene
from game.ui.scenes.learn import tuning
from tests.ui.helpers import post_click, post_key
from tests.ui.xvfb import wait_for


@pytest.fixture
def lesson7(make_app, monkeypatch):
    monkeypatch.setattr(tuning, "RUN_GAMES", 16)
    monkeypatch.setattr(tuning, "MATCH_GAMES", 2)
    app = make_app(size=(800, 560))
    app.show_start()
    scene = LearnScene(app, lesson=7)
    app.push_scene(scene)
    app.run_frames(2)
    assert isinstance(scene.current, tuning.TuningLesson)
    return app, scene


def test_the_tuning_run_is_plies_tune_watched(lesson7, capsys):
    app, scene = lesson7
    lesson = scene.current
    assert scene.b_extra.visible and "16" in scene.b_extra.text
    post_click(scene.b_extra.rect.center)
    app.run_frames(1)
    run = lesson.run
    assert run is not None
    wait_for(lambda: app.run_frames(1) or run.done, 120, "the run and its match")
    app.run_frames(2)
    assert run.error is None
    # 16 games are 8 pairs: two steps of four; the weights drawn are plies tune's own
    assert main(["tune", "tictactoe", "--eval", "naive", "--games", "16", "--final-games",
                 "2", "--seed", str(scene.progress.seed), "--out", "same", "--json"]) == 0
    command = json.loads(capsys.readouterr().out)
    assert run.entries == command["history"]
    final = command["final"]
    assert run.tally == (final["wins"], final["draws"], final["losses"])
    assert run.start_weights == [0, 0, 10]  # naive: the centre only
    # the lesson wrote nothing of its own to the evaluators folder (only the command did)
    assert sorted(p.name for p in evaluators_dir().iterdir()) == ["same.toml"]
    assert "Tune" in scene.b_extra.text  # the button starts a run again


def test_closing_the_lesson_stops_the_run(lesson7, monkeypatch):
    app, scene = lesson7
    monkeypatch.setattr(tuning, "RUN_GAMES", 400)
    post_click(scene.b_extra.rect.center)
    app.run_frames(1)
    run = scene.current.run
    assert "Stop" in scene.b_extra.text
    wait_for(lambda: app.run_frames(1) or run.entries, 60, "a first step")
    scene.close()
    wait_for(lambda: run.done, 60, "the run to stop")
    assert len(run.entries) < 50 and run.tally is None


def test_the_questions_follow_the_rule_of_tries(lesson7):
    app, scene = lesson7
    lesson = scene.current
    asked = tuning.QUESTIONS[lesson.asked]
    right = "abc"[asked.right]
    wrong = next(letter for letter in "abc" if letter != right)
    post_key(getattr(pygame, f"K_{wrong}"), 0, wrong)
    app.run_frames(1)
    assert scene.tone == "wrong" and scene.feedback == asked.hint
    assert not lesson.finished
    post_click(lesson.answer_rects[asked.right].center)  # the right answer, by mouse
    app.run_frames(1)
    assert lesson.finished and scene.tone == "right"
    assert scene.progress.count(7) == 1
    # the next question: two wrong answers show the right one, and it does not count
    post_key(pygame.K_F5)
    app.run_frames(1)
    asked = tuning.QUESTIONS[lesson.asked]
    assert asked is not tuning.QUESTIONS[(lesson.asked - 1) % 3]
    for letter in [x for x in "abc" if x != "abc"[asked.right]]:
        post_key(getattr(pygame, f"K_{letter}"), 0, letter)
        app.run_frames(1)
    assert lesson.finished and scene.tone == "shown"
    assert "abc"[asked.right] in scene.feedback
    assert scene.progress.count(7) == 1


@pytest.mark.parametrize("theme", THEMES)
def test_lesson_7_draws_in_every_theme(make_app, theme):
    app = make_app(size=(800, 560), theme=theme)
    app.show_start()
    scene = LearnScene(app, lesson=7)
    app.push_scene(scene)
    app.run_frames(2)
    assert scene.current.answer_rects and all(
        scene.work.contains(rect) for rect in scene.current.answer_rects)
