"""A learner in the real window: `plies learn`, lesson 1's question answered wrong, then right.

The expected count comes from a tic-tac-toe written here (not the rules' perft), and what
the window did is read from the progress file it keeps (``<config>/plies/learn.json``)
and from the screen: the reason in the theme's red after the wrong answer (a hint), in its green
after the right one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.learning import counting_question
from game.ui.theme import CLASSIC
from tests.ui.xvfb import load_image, screenshot_dir, wait_for, x_session

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
          (2, 4, 6))


def _lines_of_play(board: list[str], to_move: str, plies: int) -> int:
    """Textbook count of move sequences of length ``plies`` (a finished game stops)."""
    if plies == 0 or any(board[a] != "." and board[a] == board[b] == board[c]
                         for a, b, c in _LINES):
        return 1 if plies == 0 else 0
    empty = [i for i, cell in enumerate(board) if cell == "."]
    if not empty:
        return 0
    total = 0
    for i in empty:
        board[i] = to_move
        total += _lines_of_play(board, "o" if to_move == "x" else "x", plies - 1)
        board[i] = "."
    return total


def _board(moves: str) -> tuple[list[str], str]:
    """The 3x3 board after ``moves`` ("b2 a1 ..."; a1 bottom left) and the side to move."""
    board, side = ["."] * 9, "x"
    for name in moves.split():
        board[(int(name[1]) - 1) * 3 + "abc".index(name[0])] = side
        side = "o" if side == "x" else "x"
    return board, side


def _progress(config: Path) -> dict | None:
    try:
        return json.loads((config / "plies" / "learn.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _entry_rect(size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Where lesson 1's answer field is in a window of ``size`` (the same layout code)."""
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.learn import LearnScene

    app = App(size=size, settings=Settings(sound=False), save_on_quit=False, fps=0)
    try:
        app.show_start()
        app.push_scene(LearnScene(app))
        app.run_frames(2)
        return tuple(app.top.entry.rect)
    finally:
        app.close()


@pytest.mark.xvfb
def test_a_learner_answers_lesson_one_wrong_then_right_in_a_real_window(tmp_path):
    question = counting_question(1, "easy", "tictactoe")  # a fresh learner's first question
    assert not question.distinct  # "easy" asks for lines of play
    board, side = _board(question.moves)
    truth = _lines_of_play(board, side, question.plies)
    config = tmp_path / "config"
    with x_session(config) as x:
        window = x.launch(["learn"], cwd=tmp_path)
        field = _entry_rect((1120, 760))
        x_pos, y_pos = field[0] + field[2] // 2, field[1] + field[3] // 2
        before = load_image(x.screenshot(tmp_path / "before.png"))
        for text, right in ((str(truth + 1), 0), (str(truth), 1)):
            shown = _field(x.look(tmp_path / "field.png"), field)
            x.xdotool("mousemove", "--window", window, str(x_pos), str(y_pos), "click", "1")
            # Typed as a keyboard types (XTEST, to the window under the pointer, with real
            # timestamps), not sent to the window: SDL takes sent key events, all stamped
            # 0, for a held key's repeats. End, then Backspace over the earlier answer.
            x.xdotool("key", "--delay", "30", "End", *["BackSpace"] * 8)
            x.xdotool("type", "--delay", "30", text)
            # The answer is checked only once the field shows it changed: on a loaded
            # machine the keys may still be on their way when Return would be sent.
            x.wait_for_screen(lambda image: _field(image, field) != shown,
                              tmp_path / "field.png", 60, f"{text} typed into the field")
            x.xdotool("key", "Return")
            tried = 1 if right == 0 else 2
            saved = wait_for(lambda: (p := _progress(config)) and p["tried"].get("1", 0) >= tried
                             and p, 90, f"the answer {text} to be checked and recorded")
            assert saved["tried"]["1"] == tried, f"{text} was checked more than once: {saved}"
            if len(saved["solved"].get("1", [])) != right:  # keep what the window showed
                x.screenshot(screenshot_dir(tmp_path) / "xvfb-learn-lesson1-unexpected.png")
            assert len(saved["solved"].get("1", [])) == right, saved
            name = f"xvfb-learn-lesson1-{'right' if right else 'wrong'}.png"
            colour = CLASSIC.success if right else CLASSIC.danger
            # The answer is recorded before the frame that shows its reason is drawn.
            wait_for(lambda: _pixels(load_image(x.screenshot(screenshot_dir(tmp_path) / name)),
                                     colour) > _pixels(before, colour) + 20, 60,
                     f"the {'green' if right else 'red'} reason on the screen")
        x.program.terminate()
        assert x.program.wait(timeout=20) == 0, x.errors()


def _field(image, field) -> bytes:
    """The answer field's pixels in a screenshot."""
    import pygame

    return pygame.image.tobytes(image.subsurface(pygame.Rect(field)), "RGB")


def _pixels(image, colour) -> int:
    """How many pixels near ``colour`` are in the lesson card's lower part, where the
    answer's reason is written (the question's board, with red marks, is on the left)."""
    import pygame

    width, height = image.get_size()
    area = image.subsurface(pygame.Rect(width * 3 // 10, height * 3 // 4,
                                        width * 7 // 10, height // 4)).convert(24)
    return pygame.mask.from_threshold(area, (*colour, 255), (40, 40, 40, 255)).count()
