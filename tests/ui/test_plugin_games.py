"""The README's example plugin games in the window (headless): their start tiles, a
move by click (two clicks where pieces move), the computer's answer from the plugin
process, undo, save and reopen; and an evaluator that never answers: the window keeps
drawing and Undo works."""

from __future__ import annotations

import sys
import time

import pygame
import pytest

from game.clock import Timing
from game.formats import load_record
from game.players import Computer
from game.plugins import unload_plugins, use_folder
from game.rules import new_game
from tests.plugins.helpers import EVALUATOR, install_examples, readme_folder
from tests.ui.helpers import (
    HUMAN,
    computer,
    post_click,
    post_key,
    pump_when_idle,
    record_drawn_texts,
)
from tests.ui.test_files import open_dialog

CTRL = pygame.KMOD_LCTRL


@pytest.fixture(autouse=True)
def example_plugins(private_config):
    install_examples()  # where the README says: $XDG_CONFIG_HOME/plies/plugins
    use_folder(readme_folder())
    yield
    unload_plugins()


def click_move(app, move) -> None:
    """Click the cells of ``move``: the piece first where it has a from-cell."""
    play = app.play
    start, end = play.game.cells(move)
    for cell in (start, end):
        if cell is not None:
            post_click(play.view.cell_center(cell))
            app.run_frames(2)


def after_the_search(app, predicate, timeout: float) -> bool:
    """``app.pump_until(predicate, timeout)``, after a wait with no frames drawn while the
    window's worker waits on the plugin process (its start, the search there).

    The process takes a second or two to start; the loop drew the unchanged window some
    hundred times a second meanwhile. Nothing here looks at those frames (the window
    drawing all along is the stuck evaluator's test); the frame that asked for the
    search and those that take in its answer are drawn as before."""
    app.run_frames(1)  # the computer's turn comes in a frame: its request is made there
    return pump_when_idle(app, lambda: app.worker.busy, predicate, timeout)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["breakthrough", "nim"])
def test_an_example_game_from_tile_to_saved_and_reopened(make_app, name):
    app = make_app()
    app.show_start()
    start = app.top
    tile = next(t for t in start.tiles if t.game_name == name)
    post_click(tile.rect.center)
    app.run_frames(2)
    assert start.game_name == name
    post_click(start.b_start.rect.center)  # the tile's game starts, with its board view
    app.run_frames(3)
    assert app.play is not None and app.play.game.name == name
    app.start_game(new_game(name), [HUMAN, computer(2)])
    play, session = app.play, app.play.session
    assert type(play.view).__name__ == "GenericView"
    move = play.game.legal_moves()[-1]
    click_move(app, move)
    assert app.pump_until(lambda: play.game.ply >= 1, 5) and play.game.move_stack[0] == move
    # The computer answers (a search in the plugin process).
    assert after_the_search(app, lambda: play.game.ply == 2 and session.human_to_move(), 60), \
        session.current_message
    post_key(pygame.K_z, CTRL)  # undo: back to the person's move
    assert app.pump_until(lambda: play.game.ply == 0, 5)
    click_move(app, move)
    assert after_the_search(app, lambda: play.game.ply == 2 and session.human_to_move(), 60)
    moves = play.game.moves_text()
    dialog = open_dialog(app, pygame.K_s)
    path = dialog.path.text
    post_click(dialog.b_ok.rect.center)
    app.run_frames(2)
    record = load_record(path)
    assert record.game == name and " ".join(record.moves) == moves
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    dialog = open_dialog(app)
    from tests.ui.helpers import type_path

    type_path(app, dialog, path)
    assert app.pump_until(lambda: app.play.game.name == name, 5)
    assert app.play.game.moves_text() == moves


@pytest.mark.slow
def test_an_evaluator_that_never_answers_leaves_the_window_drawing_and_undo_working(
        make_app, monkeypatch):
    import game.plugins

    # The window's grace past the search's time, 2 s in the program, is half a second
    # here, and the computer's time per move is 1 s, chosen as the new-game dialog
    # chooses it (the window searches with its level's limits, 5 s here, otherwise; the
    # Computer's own depth and seconds are a match's): what is checked (the window draws
    # all along, the sentence, undo) does not depend on how long it waits, and the stuck
    # plugin process burns a core meanwhile.
    monkeypatch.setattr(game.plugins, "GRACE_SECONDS", 0.5)
    # sum() over a huge range is one C call: the plugin process must be killed.
    (readme_folder() / "stuck.py").write_text(EVALUATOR.format(
        name="stuck", body="    return sum(range(10 ** 15)) * 0"))
    use_folder(readme_folder())
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, Computer(None, "stuck", depth=2, seconds=0.5)],
                   timing=Timing(move_seconds=(None, 1.0)))
    play, session = app.play, app.play.session
    post_click((play.view.cell_center((3, 0))[0], play.view.board_rect.top - play.view.cell / 2))
    assert app.pump_until(lambda: play.game.ply == 1, 5)
    # The window keeps drawing while the computer does not answer.
    gaps, last = [], time.monotonic()
    deadline = last + 20
    def said() -> str:
        return (session.current_message or ("", ""))[0]

    while "not answering" not in said() and time.monotonic() < deadline:
        app.frame(block=False)
        now = time.monotonic()
        gaps.append(now - last)
        last = now
        time.sleep(0.01)  # ~100 frames a second, faster than the window's own 60
    assert said().startswith("The computer is not answering: evaluator stuck did not return")
    assert len(gaps) > 100 and max(gaps) < 0.5, (len(gaps), max(gaps))
    shown = time.monotonic()
    post_key(pygame.K_z, CTRL)
    assert app.pump_until(lambda: play.game.ply == 0, 2)
    assert time.monotonic() - shown < 2
    # Undo while the computer is stuck: at once, and the window goes on drawing.
    post_click((play.view.cell_center((3, 0))[0], play.view.board_rect.top - play.view.cell / 2))
    assert app.pump_until(lambda: play.game.ply == 1, 5)
    app.run_frames(20)
    asked = time.monotonic()
    post_key(pygame.K_z, CTRL)
    assert app.pump_until(lambda: play.game.ply == 0, 2)
    assert time.monotonic() - asked < 2


@pytest.mark.slow
@pytest.mark.parametrize(("name", "moves", "sides"), [
    ("breakthrough", "a2-a3 f5-f4 a3-a4 f4-f3", ("White", "Black")),
    ("nim", "c3 a1", ("First", "Second")),
])
def test_the_explorer_records_an_example_game_s_tree(make_app, name, moves, sides):
    from ai.evaluators import evaluator_by_name
    from ai.explain.tree import record
    from tests.ui.test_tree_explorer import open_explorer

    app = make_app(size=(800, 560))
    scene = open_explorer(app, name, moves)
    game = new_game(name)
    game.play_moves(moves)
    expected = record(game, evaluator_by_name(name, "default"), scene.tree.depth, "alphabeta")
    assert (scene.tree.value, scene.tree.node_count) == (expected.value, expected.node_count)
    assert scene.tree.side_names == sides


def keyboard_to(app, cell) -> None:
    """Arrow keys until the cursor is on ``cell``, then Enter."""
    play = app.play
    if not play.cursor_visible:
        post_key(pygame.K_RIGHT)  # the first press only shows the cursor
        app.run_frames(1)
    while play.cursor != cell:
        x, y = play.cursor
        key = (pygame.K_RIGHT if cell[0] > x else pygame.K_LEFT if cell[0] < x
               else pygame.K_DOWN if cell[1] > y else pygame.K_UP)
        post_key(key)
        app.run_frames(1)
    post_key(pygame.K_RETURN)
    app.run_frames(2)


def test_a_piece_moves_by_keyboard_too(make_app):
    app = make_app()
    app.start_game(new_game("breakthrough"), [HUMAN, HUMAN])
    play = app.play
    move = play.game.parse_move("c2-d3")
    start, end = play.game.cells(move)
    keyboard_to(app, start)
    assert play.view.selected == start and play.game.ply == 0
    assert sorted(play.view.destinations(play.game)) == sorted(
        [(1, 3), (2, 3), (3, 3)])  # b3, c3, d3
    keyboard_to(app, end)
    assert play.game.move_stack == [move]


def test_an_evaluator_that_raises_is_one_sentence_and_the_game_stays_playable(make_app):
    (readme_folder() / "raising.py").write_text(EVALUATOR.format(name="raising",
                                                                 body="    return 1 / 0"))
    use_folder(readme_folder())
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, Computer(2, "raising")])
    play, session = app.play, app.play.session
    post_click((play.view.cell_center((3, 0))[0], play.view.board_rect.top - play.view.cell / 2))
    assert after_the_search(app, lambda: session.failed, 30)
    assert session.current_message[0] == ("Evaluator raising raised ZeroDivisionError: "
                                          "division by zero (raising.py, line 6).")
    post_key(pygame.K_z, CTRL)
    assert app.pump_until(lambda: play.game.ply == 0, 2)


@pytest.mark.parametrize("name", ["breakthrough", "nim"])
def test_learn_lesson_2_offers_and_asks_on_an_example_game(make_app, name):
    from game.ui.scenes.learn import LearnScene

    app = make_app()
    app.show_start()
    scene = LearnScene(app, lesson=2)
    app.push_scene(scene)
    app.run_frames(2)
    options = [value for value, _label in scene.s_game.options]
    assert options[:2] == ["tictactoe", "connect4"] and name in options
    scene.set_game(name)
    app.run_frames(2)
    assert scene.exercise is not None and scene.exercise.game_name == name
    assert type(scene.board).__name__ == "GenericView"

    def textbook(node) -> int:
        if node.kind == "leaf":
            return node.value
        values = [textbook(child) for child in node.children]
        return max(values) if node.kind == "max" else min(values)

    nodes = {n.id: n for n in scene.exercise.root.walk()}
    asked = scene.selected
    post_click(scene.entry.rect.center)
    app.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(textbook(nodes[asked]))))
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert scene.current.answers.get(asked) == textbook(nodes[asked]) and scene.feedback_ok


TRAP = '''from game.plugins import GridGame, Outcome

ARMED = None
"""Which method loops (the test arms it in the window's process after the load check;
the plugin process, which searches for the computer, loads its own copy unarmed)."""


class Trap(GridGame):
    name = "trap"
    title = "Trap"
    width = 4
    height = 1

    def legal_moves(self):
        while ARMED == "legal_moves" and self.board[3] is not None:
            pass
        return [] if self.outcome() else [i for i in range(4) if self.board[i] is None]

    def apply(self, move):
        while ARMED == "apply" and self.turn == 1:  # the second player's moves
            pass
        self.board[move] = self.turn

    def outcome(self):
        return Outcome(None, "full") if None not in self.board else None
'''


def trapped_app(make_app, monkeypatch, method, players):
    """A window on a new Trap game, its ``method`` armed, the limit 0.3 s, and the list
    of texts it draws."""
    import game.plugins

    (readme_folder() / "trap.py").write_text(TRAP)
    use_folder(readme_folder())
    sys.modules["plies_plugins.trap"].ARMED = method  # the load check has passed
    monkeypatch.setattr(game.plugins, "CALL_SECONDS", 0.3)
    drawn = record_drawn_texts(monkeypatch)
    app = make_app()
    app.start_game(new_game("trap"), players)
    return app, drawn


def assert_said_and_drawn(app, drawn, method) -> None:
    session = app.play.session
    assert session.current_message == (
        f"Game trap: {method} did not return within 0.3 s (an endless loop?); the game is "
        "back at its last position that worked.", "error")
    frames = app.frames_drawn
    drawn.clear()
    app.run_frames(3)  # the window draws on, the sentence in its status line
    assert app.frames_drawn > frames
    assert any(text.startswith("Game trap: ") and method in text for text, *_ in drawn)


def test_a_move_into_a_position_whose_code_never_returns_is_taken_back(make_app, monkeypatch):
    app, drawn = trapped_app(make_app, monkeypatch, "legal_moves", [HUMAN, HUMAN])
    play, session = app.play, app.play.session
    post_click(play.view.cell_center((0, 0)))  # a1: a move that works
    assert app.pump_until(lambda: play.game.move_stack == [0], 5)
    post_click(play.view.cell_center((3, 0)))  # d1: then legal_moves never returns
    assert app.pump_until(lambda: session.failed, 0.3 + 2)
    assert play.game.move_stack == [0] and play.game.board == [0, None, None, None]
    assert_said_and_drawn(app, drawn, "legal_moves")
    post_key(pygame.K_z, CTRL)  # undo works
    assert app.pump_until(lambda: play.game.ply == 0, 2)
    post_click(play.view.cell_center((1, 0)))  # and the game goes on
    assert app.pump_until(lambda: play.game.move_stack == [1], 2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # and quitting quits
    app.run_frames(1)
    assert not app.running


@pytest.mark.slow
def test_a_computer_move_whose_code_never_returns_leaves_the_computer_waiting(
        make_app, monkeypatch):
    app, drawn = trapped_app(make_app, monkeypatch, "apply", [HUMAN, computer(1)])
    play, session = app.play, app.play.session
    post_click(play.view.cell_center((0, 0)))
    assert app.pump_until(lambda: play.game.move_stack == [0], 5)
    # The computer's answer comes from the plugin process; its apply never returns here.
    assert after_the_search(app, lambda: session.failed, 30), session.current_message
    assert play.game.move_stack == [0] and play.game.board == [0, None, None, None]
    assert_said_and_drawn(app, drawn, "apply")
    app.run_frames(20)  # the computer does not play into it again by itself
    assert session.pending is None and play.game.move_stack == [0]
    post_key(pygame.K_z, CTRL)  # undo works
    assert app.pump_until(lambda: play.game.ply == 0 and session.human_to_move(), 2)


def test_a_game_whose_first_position_never_returns_goes_back_to_the_start_screen(
        make_app, monkeypatch):
    import game.plugins
    from game.ui.scenes.start import StartScene

    (readme_folder() / "trap.py").write_text(TRAP)
    use_folder(readme_folder())
    monkeypatch.setattr(game.plugins, "CALL_SECONDS", 0.3)
    trapped = new_game("trap")
    trapped.play_moves("d1")  # before the trap is armed
    sys.modules["plies_plugins.trap"].ARMED = "legal_moves"
    app = make_app()
    app.show_start()

    def open_it(dt: float) -> None:  # during a frame, as the Open dialog opens a game
        app.frame_hook = None
        app.start_game(trapped, [HUMAN, HUMAN])

    app.frame_hook = open_it
    app.run_frames(1)
    assert app.pump_until(lambda: isinstance(app.top, StartScene), 0.3 + 2)
    assert app.top.error == ("Game trap: legal_moves did not return within 0.3 s (an "
                             "endless loop?).")
    assert app.play is None and app.running
