"""Learn on a person's own tree (issue 35 item 1), played headless with real events: the
tree typed in the notes' syntax in lessons 2-4, a bad tree refused with its sentence
and the exercise kept, lesson 3's pruning rule switched; and Learn's sizes are the ones
``plies exercise --level`` uses. Expected values come from the slow textbook code of
this file, worked on the nested lists themselves (not on the lessons' trees)."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from ai.explain.exercises import DIFFICULTIES
from ai.explain.tree import value_text
from game.cli import main
from game.learning import load_progress, progress_path
from tests.ui.helpers import post_click, post_key, post_text
from tests.ui.test_learn import answer, open_learn, solve_alphabeta

WISCONSIN = [[100, 3, -1], [6, 5], [2, 9]]
"""Wisconsin CS540's S -> A(100 3 -1) B(6 5) C(2 9): root 5, the leaf 9 pruned."""


def text_of(tree) -> str:
    """The notes' syntax of a nested list: ``((100 3 -1) (6 5) (2 9))``."""
    if isinstance(tree, int):
        return str(tree)
    return "(" + " ".join(text_of(child) for child in tree) + ")"


def minimax(tree, is_max: bool = True) -> int:
    if isinstance(tree, int):
        return tree
    values = [minimax(child, not is_max) for child in tree]
    return max(values) if is_max else min(values)


def alphabeta(tree, strict: bool = False):
    """Fail-soft alpha-beta as the notes write it, children left to right, pruning when
    α ≥ β (``strict``: only when α > β). Returns per path (a tuple of child indices) the
    window at entry and the value returned; paths never reached are absent."""
    windows: dict[tuple[int, ...], tuple[float, float]] = {}
    values: dict[tuple[int, ...], float] = {}

    def stop(alpha: float, beta: float) -> bool:
        return alpha > beta if strict else alpha >= beta

    def search(node, path, alpha, beta, is_max) -> float:
        windows[path] = (alpha, beta)
        if isinstance(node, int):
            values[path] = node
            return node
        best = -math.inf if is_max else math.inf
        for index, child in enumerate(node):
            value = search(child, path + (index,), alpha, beta, not is_max)
            if is_max:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if stop(alpha, beta):
                break
        values[path] = best
        return best

    search(tree, (), -math.inf, math.inf, True)
    return windows, values


def leaf_paths(tree, path=()):
    if isinstance(tree, int):
        return [path]
    return [p for i, child in enumerate(tree) for p in leaf_paths(child, path + (i,))]


def paths_of(scene) -> dict[str, tuple[int, ...]]:
    """Each of the lesson's node names -> its path of child indices in the tree typed."""
    out = {}

    def walk(node, path):
        out[node.id] = path
        for index, child in enumerate(node.children):
            walk(child, path + (index,))

    walk(scene.exercise.root, ())
    return out


def choose_your_tree(app, scene) -> None:
    """Click "Your tree", the game choice's last segment."""
    segments = scene.s_game
    post_click(segments._segment(len(segments.options) - 1).center)
    app.run_frames(1)
    assert scene.typing_tree and scene.entry.visible


def lesson_typing_a_tree(make_app, lesson: int):
    """Learn open at ``lesson`` with "Your tree" chosen: (app, scene, the exercise shown)."""
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(lesson)
    before = scene.exercise
    choose_your_tree(app, scene)
    return app, scene, before


def type_tree(app, scene, text: str) -> None:
    """Choose "Your tree" with the mouse, type ``text`` and press Enter."""
    choose_your_tree(app, scene)
    post_key(pygame.K_a, pygame.KMOD_CTRL)
    post_text(text)
    post_key(pygame.K_RETURN)
    app.run_frames(2)


def test_wisconsins_tree_in_lesson_3_root_5_and_the_leaf_9_never_visited(make_app):
    windows, values = alphabeta(WISCONSIN)
    assert values[()] == 5 == minimax(WISCONSIN)  # the notes' answer, by the textbook
    never = [p for p in leaf_paths(WISCONSIN) if p not in windows]
    assert never == [(2, 1)]  # ... and 9 is the only leaf it never visits

    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(3)
    type_tree(app, scene, "((100 3 -1) (6 5) (2 9))")
    assert not scene.typing_tree and scene.exercise.hand_made, scene.feedback
    assert [n.value for n in scene.exercise.nodes if n.kind == "leaf"] == [100, 3, -1, 6, 5,
                                                                          2, 9]
    assert not scene.s_level.visible and scene.s_prune.visible
    paths = paths_of(scene)
    by_name = {node: path for node, path in paths.items() if path in windows}
    assert values[paths["A"]] == 5
    pruned = [node for node, path in paths.items() if path in never]
    assert [scene.exercise.node(n).value for n in pruned] == [9]
    # Every window and value typed as the textbook has them (the root's 5 among them),
    # then the leaf 9 clicked as never visited, then Check.
    solve_alphabeta(app, scene, {n: windows[p] for n, p in by_name.items()},
                    {n: values[p] for n, p in by_name.items()})
    assert "do not count" in scene.feedback
    assert load_progress(progress_path()).count(3) == 0  # anyone can type easy trees
    # The solution says what alpha-beta knows: C (2 9) was cut short after 2, so it is
    # only known to be at most 2; the nodes searched whole are exact.
    lesson = scene.current
    for node, path in paths.items():
        if scene.exercise.node(node).kind != "leaf":
            first = lesson.node_text(scene.exercise.node(node)).split("\n")[0]
            assert first == (f"≤ {value_text(2)}" if path == (2,)
                             else value_text(values[path])), (node, first)


def test_the_walk_through_tree_in_lesson_2_and_a_min_root(make_app):
    tree = [[[[3, 17], [2, 12]], [[15], [25, 0]]], [[[2, 5], [3]], [[2, 14]]]]
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(2)
    type_tree(app, scene, text_of(tree))
    paths = paths_of(scene)

    def value_at(path, is_max=True):
        node = tree
        for index in path:
            node, is_max = node[index], not is_max
        return minimax(node, is_max)

    while scene.selected is not None:
        answer(app, scene, value_text(value_at(paths[scene.selected])))
        assert scene.feedback_ok or scene.finished, scene.feedback
    assert scene.finished and value_at(()) == 3
    # A MIN root: "min" first. min(max(3, 5), max(1, 2)) = 2.
    post_click(scene.b_new.rect.center)  # "Another tree"
    app.run_frames(1)
    assert scene.typing_tree and scene.entry.text == text_of(tree)
    post_key(pygame.K_a, pygame.KMOD_CTRL)
    post_text("min ((3 5) (1 2))")
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert scene.exercise.root.kind == "min"
    answer(app, scene, "5")  # B, a MAX node below the MIN root
    answer(app, scene, "2")
    answer(app, scene, "2")
    assert scene.finished and scene.feedback_ok, scene.feedback


@pytest.mark.parametrize("lesson", [2, 3, 4])
@pytest.mark.parametrize("bad, words", [
    ("((3 12) (2 4)", "never closed"),
    ("((3 x) (2 4))", "not a number"),
    ("((3 12) ())", "empty"),
    ("((3.5 1) (2 4))", "whole number"),
    ("(" + " ".join(["(1 2)"] * 9) + ")", "too large"),
])
def test_a_bad_tree_gets_its_sentence_and_the_exercise_stays(make_app, lesson, bad, words):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(lesson)
    before = scene.exercise
    type_tree(app, scene, bad)
    assert scene.tone == "wrong" and words in scene.feedback, scene.feedback
    assert scene.exercise is before and scene.typing_tree  # kept; the tree can be fixed
    assert scene.entry.text == bad
    post_key(pygame.K_ESCAPE)  # back to the exercise, not out of Learn
    app.run_frames(1)
    assert scene.app.top is scene and not scene.typing_tree
    assert scene.exercise is before and scene.s_game.value == "tictactoe"


def test_a_tree_too_shallow_to_reorder_falls_back_in_lesson_4(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(2)
    type_tree(app, scene, "(3 5 1)")
    assert scene.exercise.hand_made
    scene.set_lesson(4)  # one level: nothing below the root's children to order
    assert not scene.exercise.hand_made and scene.tone == "wrong"
    assert "depth 2" in scene.feedback and scene.s_game.value == "tictactoe"


def test_a_tree_pasted_over_several_lines_is_read_whole(make_app, monkeypatch):
    from game.ui.scenes.learn import scene as scene_module
    monkeypatch.setattr(scene_module, "clipboard_text",
                        lambda: "(\n  (100 3 -1)\n  (6 5)\n  (2 9)\n)\n")
    app, scene, _before = lesson_typing_a_tree(make_app, 3)
    post_key(pygame.K_v, pygame.KMOD_CTRL)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert scene.exercise.hand_made, scene.feedback
    assert [n.value for n in scene.exercise.nodes if n.kind == "leaf"] == [100, 3, -1, 6, 5,
                                                                          2, 9]


def test_lesson_3_states_its_rule_and_switches_to_alpha_greater_than_beta(make_app):
    tree = [[3, 5], [3, 1]]  # C's first child ties α: α ≥ β prunes 1, α > β does not
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(3)
    type_tree(app, scene, text_of(tree))
    lesson = scene.current
    drawn: list[str] = []
    from game.ui.scenes.learn import scene as module
    real = module.draw.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    module.draw.blit_text = spy
    try:
        app.invalidate()
        app.run_frames(1)
        said = " ".join(drawn)  # the lesson's text, wrapped: the rule is in it
        assert "prunes as soon as" in said and "tie is searched on" not in said, said
        for strict in (False, True):
            windows, _values = alphabeta(tree, strict)
            never = {p for p in leaf_paths(tree) if p not in windows}
            paths = paths_of(scene)
            assert {paths[n] for n in lesson.key.alphabeta.leaves_never_visited} == never
            if not strict:
                assert never == {(1, 1)}
                post_click(scene.s_prune._segment(1).center)  # "α > β"
                app.run_frames(1)
        assert lesson.conventions.prune == "gt" and scene.exercise.hand_made
        drawn.clear()
        app.invalidate()
        app.run_frames(1)
        said = " ".join(drawn)
        assert "prunes only when" in said and "tie is searched on" in said, said
    finally:
        module.draw.blit_text = real


@pytest.mark.parametrize("level", list(DIFFICULTIES))
def test_learn_and_plies_exercise_level_make_trees_of_one_size(make_app, capsys, level):
    assert main(["exercise", "alphabeta", "--game", "tictactoe", "--level", level,
                 "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(3)
    scene.set_level(level)
    ex = scene.exercise
    size = DIFFICULTIES[level]
    assert (ex.depth, ex.width) == (cli["depth"], cli["width"]) == (size.depth, size.width)
    # ... and the tree drawn is that size: as deep, as wide at the root.
    assert max(len(n.path) for n in ex.nodes) == size.depth
    assert len(ex.root.children) == size.width


def test_leaving_for_a_lesson_without_trees_ends_the_typing_and_the_choice_follows(make_app):
    app, scene, before = lesson_typing_a_tree(make_app, 2)
    scene.set_lesson(1)
    assert not scene.typing_tree
    scene.set_lesson(2)
    assert scene.s_game.value == scene.game_name == "tictactoe"
    assert scene.exercise.tree_lines() == before.tree_lines()  # the generated one again


def test_a_huge_paste_is_refused_whole(make_app, monkeypatch):
    from game.ui.scenes.learn import scene as scene_module
    monkeypatch.setattr(scene_module, "clipboard_text", lambda: "(1 2)\n" * 2_000_000)
    app, scene, before = lesson_typing_a_tree(make_app, 2)
    post_key(pygame.K_v, pygame.KMOD_CTRL)
    app.run_frames(1)
    assert scene.entry.text == "" and scene.tone == "wrong" and "longer" in scene.feedback
    assert scene.exercise is before and scene.typing_tree
