"""Swap and swap2 openings in the window, driven by real events (clicks and keys).

Each branch for a person (swap: take Black / take White; swap2: take Black, take White,
place two more and then the first player chooses), the computer in either role, undo
inside the opening, and a saved game that replays its opening.

PLIES_SCREENSHOTS=dir keeps a screenshot of each swap2 phase (every theme).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game import records
from game.formats import load_record, save_record
from game.rules.gomoku import Gomoku
from game.rules.openings import Opening
from game.ui.app import MIN_SIZE
from game.ui.session.core import DEMO_DELAYS
from tests.ui.helpers import HUMAN, computer, post_click, post_key, post_text

CTRL = pygame.KMOD_LCTRL

SCREENS = Path(os.environ["PLIES_SCREENSHOTS"]) if os.environ.get("PLIES_SCREENSHOTS") \
    else None

THREE = ("h8", "h9", "i9")
"""The three opening stones a person places in these tests (Black, White, Black)."""


def start(app, kind: str, players: list, size: int = 15, frames: int = 2) -> None:
    app.start_game(Gomoku(size), players, remember=False,
                   opening={"kind": kind, "choices": []})
    app.run_frames(frames)


def click_stone(app, name: str) -> None:
    play = app.play
    game = play.game
    before = game.ply
    post_click(play.view.cell_center(game.move_cell(game.parse_move(name))))
    assert app.pump_until(lambda: game.ply == before + 1, 5), name


def place(app, names) -> None:
    for name in names:
        click_stone(app, name)


def status(app) -> str:
    return app.play.status_text()[0]


def shot(app, name: str) -> None:
    if SCREENS is not None:
        SCREENS.mkdir(parents=True, exist_ok=True)
        app.run_frames(1)
        pygame.image.save(app.screen, str(SCREENS / f"{name}-{app.settings.theme}.png"))


def _open_after_another_game(app, path: str) -> None:
    """Start another game, then open ``path`` with Ctrl+O, typing its name."""
    app.start_game(Gomoku(15), [HUMAN, HUMAN], remember=False)
    app.run_frames(2)
    post_key(pygame.K_o, CTRL)
    app.run_frames(2)
    dialog = app.top
    for _ in range(len(dialog.path.text)):
        post_key(pygame.K_BACKSPACE)
    post_text(path)
    post_key(pygame.K_RETURN)


def _save_as(app, suffix: str) -> str:
    """Ctrl+S, the format chosen with its button, Save: the path saved to."""
    post_key(pygame.K_s, CTRL)
    app.run_frames(2)
    dialog = app.top
    post_click(dialog.format._segment({".txt": 1, ".psq": 2}[suffix]).center)
    app.run_frames(2)
    path = dialog.path.text
    assert path.endswith(suffix)
    post_click(dialog.b_ok.rect.center)
    app.run_frames(2)
    assert app.top is app.play
    return path


def computer_moved(app, ply: int, timeout: float = 30) -> None:
    assert app.pump_until(lambda: app.play.game.ply >= ply, timeout), status(app)


# --- a person in each branch ---------------------------------------------------------


def test_swap_person_first_places_three_then_person_second_takes_black(make_app) -> None:
    app = make_app()
    start(app, "swap", [HUMAN, HUMAN])
    assert status(app).startswith("Place 3 stones: black, white, black (you are the first")
    place(app, THREE)
    text = status(app)
    assert text == "Your choice as the second player:", text
    play = app.play
    assert play.choice_buttons["black"].visible and play.choice_buttons["white"].visible
    assert not play.choice_buttons["place-two"].visible
    # A stone is refused while the choice is due.
    post_click(play.view.cell_center(play.game.move_cell(play.game.parse_move("a1"))))
    app.run_frames(2)
    assert play.game.ply == 3
    post_key(pygame.K_b)
    app.run_frames(2)
    opening = play.session.opening
    assert opening.opening.choices == ["black"] and opening.decided
    assert opening.opening.black == "second"
    # The board numbers the opening stones.
    assert [n for _c, _s, n in play.board_overlay().opening] == [1, 2, 3]
    assert status(app).startswith("White to move")
    assert play.session.human_to_move() and play.game.turn == 1  # White's move


def test_swap_person_second_takes_white_with_the_button_computer_first(make_app) -> None:
    app = make_app()
    start(app, "swap", [computer(1), HUMAN], frames=0)  # its stones may come at once
    assert "The computer (the first player) places 3 stones" in status(app)
    computer_moved(app, 3)
    play = app.play
    assert play.session.opening.reason.startswith("I place ")
    assert app.pump_until(lambda: play.choice_buttons["white"].visible, 5)
    post_click(play.choice_buttons["white"].rect.center)
    app.run_frames(2)
    s = play.session
    assert s.opening.opening.choices == ["white"]
    # White is the person, and White is to move: the person's turn.
    assert s.players[1] == HUMAN and s.players[0].is_computer
    assert s.human_to_move()
    click_stone(app, "g7")
    computer_moved(app, 5)  # the computer (Black) answers


@pytest.mark.parametrize("key,colour", [(pygame.K_b, "black"), (pygame.K_w, "white")])
def test_swap2_person_second_takes_a_colour(make_app, key, colour) -> None:
    app = make_app()
    start(app, "swap2", [computer(1), HUMAN])
    computer_moved(app, 3)
    play = app.play
    assert app.pump_until(lambda: play.person_choices() == ("black", "white", "place-two"), 5)
    text = status(app)
    assert text == "Your choice as the second player:", text
    assert [b.text for b in play.choice_buttons.values() if b.visible] == \
        ["Take Black (B)", "Take White (W)", "Place two more (2)"]
    shot(app, "swap2-1-choose")
    post_key(key)
    app.run_frames(2)
    s = play.session
    assert s.opening.opening.choices == [colour]
    person_side = 0 if colour == "black" else 1
    assert s.players[person_side] == HUMAN and s.players[1 - person_side].is_computer
    if colour == "white":  # the person plays the 4th stone
        assert s.human_to_move()
        click_stone(app, "g7")
    else:  # the computer (White) plays the 4th stone
        computer_moved(app, 4)
    # New game (N) offers the same opening with the same first and second players.
    post_key(pygame.K_n)
    app.run_frames(2)
    scene = app.top
    assert scene.opening == "swap2" and scene.go_opening.value == "swap2"
    assert [d.kind for d in scene.players["gomoku"]] == ["computer", "human"]


def test_swap2_person_places_two_more_and_computer_first_chooses(make_app) -> None:
    app = make_app()
    start(app, "swap2", [computer(1), HUMAN])
    computer_moved(app, 3)
    play = app.play
    assert app.pump_until(lambda: bool(play.person_choices()), 5)
    post_click(play.choice_buttons["place-two"].rect.center)
    app.run_frames(2)
    assert status(app).startswith("Place two more stones: white, then black (you are the "
                                  "second player)")
    shot(app, "swap2-2-place-two")
    stones = [n for n in ("g7", "j10", "g9", "j7") if play.game.parse_move(n)
              in play.game.legal_moves()][:2]
    place(app, stones)
    s = play.session
    assert app.pump_until(lambda: s.opening.decided, 30), status(app)
    choice = s.opening.opening.choices[1]
    assert choice in ("black", "white")
    assert s.opening.reason.startswith(("I take Black", "I take White"))
    # The computer (first) holds the colour it chose; White moves next.
    computer_side = 0 if choice == "black" else 1
    assert s.players[computer_side].is_computer
    assert s.players[1 - computer_side] == HUMAN
    assert [n for _c, _s, n in play.board_overlay().opening] == [1, 2, 3, 4, 5]
    shot(app, "swap2-3-chosen")


def test_swap2_computer_second_chooses_after_a_person_places_three(make_app) -> None:
    """The computer as second player: whatever it chooses, the flow reaches play."""
    app = make_app()
    start(app, "swap2", [HUMAN, computer(1)])
    assert status(app).startswith("Place 3 stones")
    shot(app, "swap2-0-place-three")
    place(app, THREE)
    s = app.play.session
    assert app.pump_until(lambda: bool(s.opening.opening.choices), 30), status(app)
    first = s.opening.opening.choices[0]
    assert first in ("black", "white", "place-two")
    assert s.opening.reason
    if first == "place-two":
        assert app.pump_until(lambda: app.play.person_choices() == ("black", "white"), 30)
        assert status(app) == "Your choice as the first player:"
        post_key(pygame.K_w)
        app.run_frames(2)
        assert s.players[1] == HUMAN
    assert s.opening.decided
    assert sorted(p.is_computer for p in s.players) == [False, True]


@pytest.mark.slow
def test_two_computers_play_a_swap2_opening_through(make_app) -> None:
    app = make_app()
    start(app, "swap2", [computer(1), computer(1)])
    s = app.play.session
    # The demo at its fastest, as a person speeds it (+ three times): its pause between
    # moves (a second at the default speed, most of the test's time, frames drawn all
    # along) is not what is tested here; the opening's steps and its record are.
    for _press in range(3):
        post_key(pygame.K_PLUS, 0, "+")
    app.run_frames(1)
    assert s.demo and s.demo_speed == len(DEMO_DELAYS) - 1
    assert app.pump_until(lambda: s.opening.decided and s.game.ply >= 6, 60), status(app)
    Opening.replay(s.opening.as_dict(), s.game.ply)  # consistent with its moves


# --- undo, save and replay ---------------------------------------------------------------


def test_undo_in_the_opening_starts_it_again(make_app) -> None:
    app = make_app()
    start(app, "swap2", [HUMAN, HUMAN])
    place(app, THREE)
    post_key(pygame.K_2)
    app.run_frames(2)
    click_stone(app, "g7")
    post_key(pygame.K_z, pygame.KMOD_CTRL)
    app.run_frames(2)
    s = app.play.session
    assert s.game.ply == 0 and s.opening.opening.choices == []
    assert status(app) == "The opening starts again"
    s.message_until = s.time - 1  # the message's time is up
    assert status(app).startswith("Place 3 stones")


def test_saved_swap2_game_replays_its_opening(make_app) -> None:
    """Save with Ctrl+S and open with Ctrl+O, as a person does."""
    app = make_app()
    start(app, "swap2", [HUMAN, computer(1)])
    place(app, THREE)
    s = app.play.session
    assert app.pump_until(lambda: bool(s.opening.opening.choices), 30)
    if s.opening.opening.choices == ["place-two"]:
        assert app.pump_until(lambda: bool(app.play.person_choices()), 30)
        post_key(pygame.K_b)
        app.run_frames(2)
    assert app.pump_until(lambda: s.opening.decided and s.human_to_move(), 30)
    players = list(s.players)
    moves = s.game.moves_text()
    post_key(pygame.K_s, CTRL)
    app.run_frames(2)
    dialog = app.top
    path = dialog.path.text
    assert path.endswith(".json")
    post_click(dialog.b_ok.rect.center)
    app.run_frames(2)
    record = load_record(path)
    assert record.opening == s.opening.as_dict() and record.players == players
    _open_after_another_game(app, path)
    assert app.pump_until(lambda: app.play.game.moves_text() == moves, 5)
    again = app.play.session
    assert again.opening.as_dict() == record.opening
    assert again.players == players
    assert app.pump_until(lambda: again.human_to_move(), 5)
    assert [n for _c, _s, n in app.play.board_overlay().opening] == \
        list(range(1, 6 if record.opening["choices"][0] == "place-two" else 4))


def test_saved_game_in_the_middle_of_the_opening_resumes_there(make_app, tmp_path) -> None:
    app = make_app()
    start(app, "swap2", [HUMAN, computer(1)])
    click_stone(app, "h8")
    record = app.play.session.record()
    assert record.opening == {"kind": "swap2", "choices": []}
    path = tmp_path / "half.json"
    save_record(path, record)
    loaded = load_record(path)
    app.show_game(records.record_to_game(loaded), loaded.players, path.name,
                  opening=loaded.opening)
    app.run_frames(2)
    s = app.play.session
    assert status(app).startswith("Opened half.json (1 move)")
    s.message_until = s.time - 1
    assert "Place 3 stones" in status(app) and "2 to go" in status(app)
    click_stone(app, "h9")
    assert s.game.ply == 2 and s.human_to_move()


# --- the start screen and the look --------------------------------------------------------


def test_start_screen_offers_the_opening_for_gomoku(make_app) -> None:
    app = make_app()
    app.show_start(game="gomoku", players=[HUMAN, HUMAN])
    app.run_frames(2)
    scene = app.top
    assert scene.go_opening.visible
    right = scene.go_opening.rect
    post_click((right.right - right.height // 2, right.centery))  # its ">" arrow
    app.run_frames(2)
    assert scene.go_opening.value == "swap"
    post_key(pygame.K_RETURN)
    assert app.pump_until(lambda: app.play is not None, 5)
    assert app.play.session.opening.kind == "swap"


@pytest.mark.parametrize("theme", ["classic", "dark", "high-contrast"])
def test_swap2_choice_reads_at_the_minimum_size(make_app, theme) -> None:
    app = make_app(size=MIN_SIZE, theme=theme)
    start(app, "swap2", [HUMAN, HUMAN])
    place(app, THREE)
    play = app.play
    buttons = [b.rect for b in play.choice_buttons.values() if b.visible]
    assert len(buttons) == 3
    for a in buttons:
        assert play.status_rect.contains(a)
        assert not a.colliderect(play.board_area)
    shot(app, "swap2-min-choose")


# --- the command line ------------------------------------------------------------------


def test_plies_play_opening_starts_the_window_in_the_opening(monkeypatch, capsys) -> None:
    from game.cli import main
    from game.ui import app as app_module

    seen = {}

    def run(self):
        self.run_frames(2)
        seen["opening"] = self.play.session.opening.as_dict()
        seen["status"] = self.play.status_text()[0]
        self.close()
        return 0

    monkeypatch.setattr(app_module.App, "run", run)
    assert main(["play", "--game", "gomoku", "--opening", "swap2", "--first", "ai",
                 "--level", "1"]) == 0
    assert seen["opening"] == {"kind": "swap2", "choices": []}
    # The computer (first) places its stones, or has placed them already: then it is
    # the person's choice.
    assert seen["status"].startswith(("The computer (the first player) places 3 stones",
                                      "Your choice as the second player:")), seen["status"]
    # Not for other games, nor with a set-up board: one sentence, no window.
    assert main(["play", "--game", "connect4", "--opening", "swap"]) != 0
    assert "--opening is for a new Gomoku game" in capsys.readouterr().err


def test_a_text_file_saved_mid_opening_resumes_there_and_psq_says_what_it_drops(
        make_app) -> None:
    app = make_app()
    start(app, "swap2", [HUMAN, computer(1)])
    click_stone(app, "h8")
    path = _save_as(app, ".txt")
    assert status(app) == f"Saved to {path}"
    psq_path = _save_as(app, ".psq")
    assert psq_path.endswith(".psq")
    assert status(app) == "Saved without the swap2 opening, which a .psq file cannot hold"
    _open_after_another_game(app, path)
    assert app.pump_until(lambda: app.play.game.moves_text() == "h8", 5)
    s = app.play.session
    assert s.opening is not None and s.opening.as_dict() == {"kind": "swap2", "choices": []}
    s.message_until = s.time - 1
    assert "Place 3 stones" in status(app) and "2 to go" in status(app)
    click_stone(app, "h9")  # the same person places the opening's second stone
    assert s.game.ply == 2 and s.human_to_move()


def test_the_computers_swap2_reason_stays_until_the_person_moves(make_app) -> None:
    """The computer (first) chooses its colour after the person placed two more: its
    reason stays in the search card through its own first move, until the person's."""
    from game.ui.panel import opening_lines

    app = make_app()
    start(app, "swap2", [computer(1), HUMAN])
    computer_moved(app, 3)
    play, s = app.play, app.play.session
    assert app.pump_until(lambda: bool(play.person_choices()), 5)
    post_click(play.choice_buttons["place-two"].rect.center)
    app.run_frames(2)
    stones = [n for n in ("g7", "j10", "g9", "j7") if play.game.parse_move(n)
              in play.game.legal_moves()][:2]
    place(app, stones)
    assert app.pump_until(lambda: s.opening.decided, 30), status(app)
    # Whoever moves first now, by the time it is the person's turn the reason is there.
    assert app.pump_until(lambda: s.human_to_move() and s.pending is None, 30)
    width = play.panel.analysis_rect.width - 32
    lines, _size = opening_lines(s, width)
    reason = s.opening.reason
    assert reason.startswith(("I take Black", "I take White"))
    assert " ".join(line for line in lines if line).startswith(reason.split()[0])
    # The person's move, then the computer's: the card shows the searches again.
    ply = s.game.ply
    free = next(n for n in ("a1", "o15", "a15", "o1")
                if play.game.parse_move(n) in play.game.legal_moves())
    click_stone(app, free)
    computer_moved(app, ply + 2)
    assert opening_lines(s, width)[0] == []


def test_a_clock_chosen_for_a_swap_opening_is_said_to_be_off(make_app) -> None:
    from game.clock import TimeControl, Timing

    app = make_app()
    app.start_game(Gomoku(15), [HUMAN, computer(1)], remember=False,
                   opening={"kind": "swap", "choices": []},
                   timing=Timing(controls=(TimeControl(5, 3), None)))
    app.run_frames(2)
    assert app.play.session.clock is None
    assert any(m.startswith("No clocks in a swap opening") for m in
               app.play.session.recent_messages)
