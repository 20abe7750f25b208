"""The Learn lessons played headless as a student would, with real events: a wrong answer
gets a hint without the answer, a second the worked answer, and that exercise never
counts; a lesson is done after three whole exercises solved unaided — not after copied
answers or trivial windows; lesson 4 with the mouse alone; every lesson drawn at
800 × 560 in the three themes. The expected answers come from the textbook code of
``tests/ui/test_learn_keys.py``, not from the lessons' own keys."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from ai.explain.exercises import INF
from ai.explain.tree import value_text
from game.learning import load_progress, progress_path
from game.ui.scenes.learn import LearnScene
from tests.ui.helpers import post_click, post_key, post_text, record_drawn_texts
from tests.ui.test_learn_keys import textbook_alphabeta, textbook_minimax


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
    return "inf" if value >= INF else "-inf" if value <= -INF else value_text(value)


def contains(feedback: str, value: int) -> bool:
    """Whether ``feedback`` writes ``value`` (as a word: "13" does not contain 3)."""
    words = {value_text(value), str(value), show(value).replace("-", "−")}
    return any(re.search(rf"(?<![\w+−-]){re.escape(w)}(?!\w)", feedback) for w in words)


def click_check(app, scene) -> None:
    post_click(scene.b_check.rect.center)
    app.run_frames(2)


def new_exercise(app, scene) -> None:
    post_click(scene.b_new.rect.center)
    app.run_frames(1)


def solve_minimax(app, scene) -> None:
    """Lesson 2 answered right, every node, from the textbook minimax."""
    values = textbook_minimax(scene.exercise.root)
    while scene.selected is not None:
        answer(app, scene, value_text(values[scene.selected]))
        assert scene.feedback_ok or scene.finished, scene.feedback


def solve_alphabeta(app, scene, windows=None, values=None) -> None:
    """Lesson 3 answered right from the textbook alpha-beta (or the ``windows`` and
    ``values`` given, by node name): windows (or never), values, then the leaves never
    visited clicked."""
    if windows is None or values is None:
        windows, values = textbook_alphabeta(scene.exercise.root)
    lesson = scene.current
    while lesson.part != "pruned":
        node = scene.selected
        if lesson.part == "window":
            text = (f"({show(windows[node][0])}, {show(windows[node][1])})"
                    if node in windows else "never")
        else:
            text = show(values[node])
        answer(app, scene, text)
        assert scene.feedback_ok, (node, text, scene.feedback)
    for node in scene.exercise.nodes:
        if node.kind == "leaf" and node.id not in windows:
            post_click(scene.placed[node.id])
            app.run_frames(1)
    click_check(app, scene)
    assert scene.finished and scene.feedback_ok, scene.feedback


def test_lesson_1_a_hint_first_then_the_worked_answer_and_it_does_not_count(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app, by_key=False)
    assert scene.lesson == 1
    truth = scene.current.asked.answer
    answer(app, scene, str(truth + 1))
    assert scene.tone == "wrong" and not contains(scene.feedback, truth), scene.feedback
    answer(app, scene, str(truth + 2))
    assert scene.tone == "shown" and contains(scene.feedback, truth) and scene.finished
    answer(app, scene, str(truth))  # copied from the feedback: the exercise is over
    assert load_progress(progress_path()).count(1) == 0
    new_exercise(app, scene)
    truth = scene.current.asked.answer
    answer(app, scene, str(truth + 1))  # one hint, then right: still unaided
    answer(app, scene, str(truth))
    assert scene.finished and scene.feedback_ok
    saved = load_progress(progress_path())
    assert saved.count(1) == 1 and saved.tried[1] == 4  # the copied answer: not checked


def test_lesson_2_wrong_answers_never_hold_the_answer(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    post_key(pygame.K_2, 0, "2")
    app.run_frames(1)
    values = textbook_minimax(scene.exercise.root)
    node = scene.selected
    answer(app, scene, value_text(values[node] + 1))
    assert scene.tone == "wrong" and "takes the" in scene.feedback
    assert not contains(scene.feedback, values[node]), scene.feedback
    answer(app, scene, value_text(values[node] + 2))  # the second miss: the worked answer
    assert scene.tone == "shown" and contains(scene.feedback, values[node])
    assert scene.selected != node  # moved on
    solve_minimax(app, scene)
    assert scene.finished and "does not count" in scene.feedback
    assert load_progress(progress_path()).count(2) == 0


def test_three_copied_exercises_do_not_finish_a_lesson_nor_does_coming_back(make_app):
    """Each exercise: every item missed twice, the worked answer then shown; switching
    lessons and back to retype the shown answers does not count either."""
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(2)
    for _exercise in range(3):
        values = textbook_minimax(scene.exercise.root)
        while scene.selected is not None:
            wrong = values[scene.selected] + 1
            answer(app, scene, value_text(wrong))
            answer(app, scene, value_text(wrong))
        assert scene.finished
        scene.set_lesson(1)
        scene.set_lesson(2)  # the same exercise again, answers now known
        solve_minimax(app, scene)
        assert "has counted already" in scene.feedback
        new_exercise(app, scene)
    assert not load_progress(progress_path()).done(2)
    assert load_progress(progress_path()).count(2) == 0


def test_three_exercises_solved_finish_lesson_2(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(2)
    for done in (1, 2, 3):
        solve_minimax(app, scene)
        assert scene.finished and load_progress(progress_path()).count(2) == done
        new_exercise(app, scene)
    assert load_progress(progress_path()).done(2)


def test_three_trivial_windows_do_not_finish_lesson_3(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(3)
    scene.set_level("hard")
    for _ in range(3):
        answer(app, scene, "-inf inf")
    assert not scene.finished and load_progress(progress_path()).count(3) == 0


def test_lesson_3_every_node_asked_in_an_order_that_reveals_nothing_then_solved(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(3)
    scene.set_level("medium")
    for done in (1, 2, 3):
        lesson = scene.current
        inner = [n.id for n in scene.exercise.nodes if n.kind != "leaf"]
        asked = {node for node, part in lesson.items if part == "value"}
        assert asked == set(inner)  # pruned or not, every inner node is asked
        windows, values = textbook_alphabeta(scene.exercise.root)
        node = scene.selected
        truth = windows.get(node)
        answer(app, scene, "5 6")
        assert scene.tone == "wrong", scene.feedback
        if truth is not None:
            assert not any(contains(scene.feedback, v) for v in truth if abs(v) < INF)
        assert "never" not in scene.feedback.split(":")[0]
        answer(app, scene, "never" if truth is not None else "-inf inf")
        assert scene.tone == "shown"
        assert load_progress(progress_path()).count(3) == done - 1
        new_exercise(app, scene)
        solve_alphabeta(app, scene)
        assert load_progress(progress_path()).count(3) == done
        assert "never visited" in scene.current.question()  # the worked solution shows
        new_exercise(app, scene)
    assert load_progress(progress_path()).done(3)


def test_lesson_3_loss_2_parses_in_a_window():
    from game.ui.scenes.learn import parse_window
    from ai.evaluators.base import WIN
    assert parse_window("(-inf, loss 2)") == (-INF, -(WIN - 2))
    assert parse_window("(win 3, +∞)") == (WIN - 3, INF)


def solve_ordering_with_the_mouse(app, scene) -> None:
    """Click-to-swap every node's children into the textbook best order, then Check."""
    from tests.ui.test_learn_keys import textbook_best_order
    best = textbook_best_order(scene.exercise.root)
    lesson = scene.current
    for parent, wanted in best.items():
        for place, child in enumerate(wanted):
            now = lesson.order[parent]
            if now[place] != child:
                post_click(scene.placed[now[place]])
                app.run_frames(1)
                post_click(scene.placed[child])
                app.run_frames(1)
                assert lesson.order[parent][place] == child
    click_check(app, scene)


def test_lesson_4_done_with_the_mouse_alone(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    post_click(scene.s_lesson.rect.move(0, 0).midleft)  # lesson 1's tab
    app.run_frames(1)
    tab = scene.s_lesson.rect
    post_click((tab.x + tab.width * 3.5 / len(scene.s_lesson.options), tab.centery))  # the fourth tab
    app.run_frames(1)
    assert scene.lesson == 4
    for done in (1, 2, 3):
        assert scene.current.checked is None and scene.b_check.visible
        # The count is hidden until Check: nothing drawn under the inner nodes.
        assert all(scene.current.node_text(n) == "" for n in scene.exercise.nodes
                   if n.kind != "leaf")
        solve_ordering_with_the_mouse(app, scene)
        assert scene.finished and scene.feedback_ok, scene.feedback
        assert load_progress(progress_path()).count(4) == done
        new_exercise(app, scene)
    assert load_progress(progress_path()).done(4)


def test_lesson_4_a_wrong_order_gets_a_hint_without_the_best_count(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(4)
    key = scene.current.key.ordering
    assert key.given_nodes > key.best_nodes  # the given order is not the best
    click_check(app, scene)
    assert scene.tone == "wrong" and not contains(scene.feedback, key.best_nodes)
    click_check(app, scene)
    assert scene.tone == "shown" and contains(scene.feedback, key.best_nodes)
    assert scene.finished and load_progress(progress_path()).count(4) == 0


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


def _depth_2_value(moves: str, move: str) -> int:
    """The textbook depth-2 value of ``move`` for the side to move after ``moves``: the
    smallest, over the opponent's replies, of the evaluator's score (or the result)."""
    from ai.evaluators import load_evaluator
    from ai.evaluators.base import WIN
    from game.rules import new_game

    evaluator = load_evaluator("connect4")
    game = new_game("connect4")
    game.play_moves(moves)
    mover = game.turn
    game.play(game.parse_move(move))
    values = []
    for reply in game.legal_moves():
        game.push(reply)
        outcome = game.outcome()
        if outcome is None:
            values.append(evaluator.evaluate(game))
        else:
            values.append(0 if outcome.winner is None else
                          WIN - 2 if outcome.winner == mover else -(WIN - 2))
        game.pop()
    return min(values)


def test_lesson_6_depth_2_worked_out_by_hand_then_what_depth_4_sees(make_app):
    """The two moves' depth-2 values from a textbook depth-2 minimax here; the two
    depths really disagree (a search run here)."""
    from ai.evaluators import load_evaluator
    from ai.search import Limits, Searcher
    from game.rules import new_game

    app = make_app(size=(800, 560))
    scene = open_learn(app)
    post_key(pygame.K_6, 0, "6")
    app.run_frames(1)
    q = scene.current.horizon
    assert scene.lesson == 6 and q is not None
    game = new_game(q.game_name)
    game.play_moves(q.moves)
    evaluator = load_evaluator(q.game_name)
    moves = {d: game.move_name(Searcher(evaluator, mode="alphabeta").search(
        game, Limits(depth=d, use_solver=False)).move) for d in (2, 4)}
    assert moves == {2: q.shallow, 4: q.deep} and q.shallow != q.deep
    b, c = _depth_2_value(q.moves, q.shallow), _depth_2_value(q.moves, q.deep)
    assert b >= c  # depth 2 prefers its move
    answer(app, scene, value_text(b + 1))
    assert scene.tone == "wrong" and not contains(scene.feedback, b), scene.feedback
    answer(app, scene, value_text(b))
    assert scene.feedback_ok
    answer(app, scene, value_text(c))
    assert scene.feedback_ok
    answer(app, scene, q.deep)  # depth 4's move: not what depth 2 plays
    assert scene.tone == "wrong" and q.shallow not in re.findall(r"\w+", scene.feedback)
    answer(app, scene, q.shallow)
    assert scene.finished and scene.feedback_ok and f"plays {q.deep}" in scene.feedback
    assert load_progress(progress_path()).count(6) == 1
    game.play(game.parse_move(q.shallow))  # the board shows depth 2's move and beyond
    assert scene.current.position().moves_text().startswith(game.moves_text())
    assert len(scene.current.position().move_stack) > len(game.move_stack)


def test_lesson_6_never_says_deepening_pays_beside_a_larger_count():
    from game.ui.scenes.learn.horizon import deepening_note
    costs = deepening_note(((4, 1203, 1466), (6, 9000, 9500)))
    assert "more" in costs and "pay" not in costs and "saves more than" not in costs
    assert "fewer" in deepening_note(((4, 1203, 1000), (6, 9000, 5000)))


def test_the_keyboard_still_chooses_nodes_and_moves_children(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(2)
    first = scene.selected
    post_key(pygame.K_TAB)
    app.run_frames(1)
    assert scene.selected not in (first, None)
    scene.set_lesson(4)
    lesson = scene.current
    post_key(pygame.K_TAB)
    app.run_frames(1)
    chosen = scene.selected
    parent = lesson.parent_of(chosen)
    before = list(lesson.order[parent])
    post_key(pygame.K_RIGHT)
    app.run_frames(1)
    assert lesson.order[parent] != before and lesson.order[parent].index(chosen) == 1
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert scene.tone in ("right", "wrong") and lesson.checked is not None


def _ink_height(text: str, size: int, bold: bool) -> int:
    """The height in pixels of the ink ``text`` leaves at ``size`` (not the line's)."""
    from game.ui import draw
    surface = pygame.Surface((900, 300), pygame.SRCALPHA)
    draw.blit_text(surface, text, size, (255, 255, 255), (5, 5), bold=bold)
    return surface.get_bounding_rect().height


@pytest.mark.parametrize("projector", [False, True])
def test_the_projector_setting_starts_learn_with_labels_18_px_at_1280x800(
        make_app, monkeypatch, projector) -> None:
    app = make_app(size=(1280, 800), projector=projector)
    scene = open_learn(app)
    scene.set_lesson(2)
    sizes = record_drawn_texts(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    ids = {n.id for n in scene.exercise.nodes}
    letters = [_ink_height(t, s, b) for t, s, b in list(sizes) if t in ids and t.isalpha()]
    assert letters
    assert (min(letters) >= 18) == projector, min(letters)


@pytest.mark.parametrize("lesson, level", [(2, "easy"), (2, "medium"), (3, "medium"),
                                           (4, "easy")])
def test_projector_mode_node_letters_and_values_are_18_px_at_1280x800(
        make_app, monkeypatch, lesson, level):
    app = make_app(size=(1280, 800))
    scene = open_learn(app)
    scene.set_lesson(lesson)
    scene.set_level(level)
    drawn = record_drawn_texts(monkeypatch)

    def heights() -> tuple[int, int]:
        drawn.clear()
        app.invalidate()
        app.run_frames(1)
        ids = {n.id for n in scene.exercise.nodes}
        values = {value_text(n.value) for n in scene.exercise.nodes if n.kind == "leaf"}
        seen = list(drawn)  # measuring draws text too
        letters = [_ink_height(t, s, b) for t, s, b in seen if t in ids and t.isalpha()]
        numbers = [_ink_height(t, s, b) for t, s, b in seen if t in values]
        assert letters and numbers
        return min(letters), min(numbers)

    before = heights()
    for _ in range(4):
        post_key(pygame.K_EQUALS, pygame.KMOD_LCTRL, "=")
        app.run_frames(1)
    letters, values = heights()
    assert letters >= 18 and values >= 18, (letters, values)
    assert letters > before[0] and values > before[1]
    for x, y in scene.placed.values():
        assert scene.tree_rect.collidepoint(x, y)
    post_key(pygame.K_MINUS, pygame.KMOD_LCTRL, "-")
    app.run_frames(1)
    assert heights()[0] < letters


@pytest.mark.parametrize("game", ["tictactoe", "connect4"])
def test_exercises_test_something_a_cut_to_find_an_order_to_improve(make_app, game):
    """Lesson 3's trees have a leaf never visited; lesson 4's given order is not already
    the best (both by the textbook code)."""
    from tests.ui.test_learn_keys import textbook_best_order

    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(3)
    scene.set_game(game)
    for level in ("easy", "medium"):
        scene.set_level(level)
        for seed in range(1, 7):
            scene.progress.seed = seed
            scene.set_lesson(3)
            scene.new_exercise()
            windows, _values = textbook_alphabeta(scene.exercise.root)
            assert any(n.id not in windows for n in scene.exercise.nodes), (level, seed)
            scene.set_lesson(4)
            root = scene.exercise.root
            given = len(textbook_alphabeta(root)[0])
            assert given > len(textbook_alphabeta(root, textbook_best_order(root))[0])


def textbook_negamax(node, sign: int = 1) -> int:
    """The value for the side to move at ``node`` (``sign`` 1 where MAX moves): a leaf
    its value in that side's view, an inner node the largest negated child value."""
    if not node.children:
        return sign * node.value
    return max(-textbook_negamax(child, -sign) for child in node.children)


def test_lesson_2_ends_with_the_same_tree_as_negamax(make_app):
    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(2)
    assert not scene.b_extra.visible
    solve_minimax(app, scene)
    values, node, line = textbook_minimax(scene.exercise.root), scene.exercise.root, []
    while node.children:  # the principal variation, by the textbook values
        node = next(c for c in node.children if values[c.id] == values[node.id])
        line.append(node.move)
    assert f"best line: {' '.join(line)}." in scene.current.question()
    assert scene.b_extra.visible and not scene.entry.visible
    post_click(scene.b_extra.rect.center)
    app.run_frames(1)
    lesson = scene.current
    assert lesson.negamax and "Negamax" in lesson.question()

    def check(node, sign):
        assert lesson.node_text(node) == value_text(textbook_negamax(node, sign)), node.id
        for child in node.children:
            check(child, -sign)

    check(scene.exercise.root, 1)
    post_click(scene.b_extra.rect.center)  # back to minimax's view
    app.run_frames(1)
    assert not lesson.negamax


def test_lesson_4_ends_with_b_to_the_d_against_the_best_case_measured(make_app):
    from tests.ui.test_learn_keys import textbook_best_order

    app = make_app(size=(800, 560))
    scene = open_learn(app)
    scene.set_lesson(4)
    solve_ordering_with_the_mouse(app, scene)
    root = scene.exercise.root
    note = scene.current.cost_note()
    leaves = [n.id for n in scene.exercise.nodes if not n.children]

    def visited(order=None) -> int:
        return sum(i in textbook_alphabeta(root, order)[0] for i in leaves)

    numbers = re.search(r"minimax all (\d+).*worst first (\d+), as given (\d+), best first "
                        r"(\d+)", note)
    assert numbers, note
    every, worst, given, best = (int(n) for n in numbers.groups())
    assert (every, given, best) == (len(leaves), visited(), visited(textbook_best_order(root)))
    assert best <= given <= every and best <= worst <= every
