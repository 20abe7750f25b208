"""Real windows: a game opened with `plies FILE` waits for the person, and Esc closes
the innermost thing first (the analysis card before the quit question).

Both start the real program under Xvfb (``tests/ui/xvfb.py``) and send real keys with
xdotool. What must *not* happen (a computer move with no input) is watched for a fixed
span, failing at the first sign of it; everything that must happen is waited for on
what the window shows or writes.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest

from tests.ui.helpers import HUMAN, computer
from tests.ui.xvfb import (
    autosaved_moves,
    load_image,
    screenshot_dir,
    under_a_veil,
    wait_for,
    x_session,
)


def stays_for(predicate: Callable[[], bool], seconds: float, what: str) -> None:
    """``predicate`` holds at every look for ``seconds`` (polled every 0.1 s)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert predicate(), what
        time.sleep(0.1)


@pytest.mark.xvfb
def test_plies_file_with_a_computer_side_makes_no_move_until_play(tmp_path):
    from game import records
    from game.formats import save_record
    from game.rules import new_game

    game = new_game("othello")
    game.play_moves("f5")  # White, the computer at level 1, is to move
    saved = tmp_path / "study.json"
    save_record(saved, records.record_from_game(game, [HUMAN, computer(1)]))
    config = tmp_path / "config"
    with x_session(config) as x:
        x.launch([str(saved)], cwd=tmp_path)
        wait_for(lambda: autosaved_moves(config) == ["f5"], 90, "the opened game's autosave")
        # Level 1 answers within a second when it may move (0.5 s of delay, a tiny
        # search): four seconds with no input must leave the game as it was.
        stays_for(lambda: autosaved_moves(config) == ["f5"], 4.0,
                  "the computer moved in a game opened from a file, with no input")
        waiting = x.look(screenshot_dir(tmp_path) / "xvfb-study-waits-for-play.png")
        assert waiting.get_size() == (1120, 760) and not under_a_veil(waiting)  # no dialog
        x.key("p")  # Play: now the computer takes White
        moves = wait_for(lambda: (m := autosaved_moves(config)) and len(m) == 2 and m, 90,
                         "the computer's move after Play")
        assert moves[0] == "f5", moves
        x.program.terminate()
        assert x.program.wait(timeout=20) == 0, x.errors()


def _strip(image, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(image.subsurface(rect), "RGB")


@pytest.mark.xvfb
def test_esc_with_the_analysis_card_open_closes_the_card_not_the_window(tmp_path, make_app):
    from game.rules import new_game

    # Where the move list's title sits with the card closed (the card covers it when
    # open): the same layout, headless, in this process.
    app = make_app(size=(1120, 760))
    app.start_game(new_game("othello"), [HUMAN, computer(1)], remember=False)
    moves = app.play.panel.moves_rect
    title = pygame.Rect(moves.x + 4, moves.y + 4, moves.width - 8, 32)

    config = tmp_path / "window-config"
    with x_session(config) as x:
        x.launch(["play", "--game", "othello", "--first", "human", "--level", "1"],
                 cwd=tmp_path)
        probe = tmp_path / "probe.png"
        # The first frame drawn: the light background in the corner (black before it).
        closed = wait_for(lambda: (img := load_image(x.screenshot(probe))).get_size()
                          == (1120, 760) and not under_a_veil(img) and img, 90,
                          "the window's first frame")
        before = _strip(closed, title)
        x.press_until("a", lambda image: _strip(image, title) != before, probe,
                      "the analysis card to open over the move list")
        x.screenshot(screenshot_dir(tmp_path) / "xvfb-analysis-card-open.png")
        x.press_until("Escape", lambda image: _strip(image, title) == before, probe,
                      "Esc to close the analysis card")
        assert not under_a_veil(load_image(x.screenshot(probe))), "Esc asked to quit"
        # Nothing open now: Esc asks whether to quit.
        x.press_until("Escape", under_a_veil, probe, "the quit question")
        x.key("Return", closes=True)
        assert x.program.wait(timeout=20) == 0, x.errors()
