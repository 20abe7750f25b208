"""A newcomer's rough edges (issue 12.6): the result, Esc, Save after the end, markers.

Every test drives the real loop with posted events, as the other UI tests do.
"""

from __future__ import annotations

import pygame
import pytest

from game.rules import new_game
from game.ui.boards import BoardOverlay
from game.ui.scenes.confirm import ConfirmDialog
from tests.ui.helpers import HUMAN, computer, post_key, post_text

CTRL = pygame.KMOD_LCTRL

FINISHED = {
    # Red wins along the bottom row; Yellow's discs sit on the row above.
    "connect4": ("4455667", {}),
    # White's five on the top row (a15..e15) at the top edge of the board.
    "gomoku": ("h8 a15 i8 b15 h9 c15 i9 d15 j10 e15", {"size": 15}),
    # The shortest Othello game: Black takes every White disc in nine moves.
    "othello": ("e6 f4 e3 f6 g5 d6 e7 f5 c5", {}),
}


def board_only(play) -> pygame.Surface:
    """The board as its view draws it alone (no status line, no dialog, no banner)."""
    ref = pygame.Surface(play.app.screen.get_size())
    play.view.draw_static(ref, play.game, play.theme)
    play.view.draw(ref, play.game, play.theme, BoardOverlay(), with_surface=False)
    return ref


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FINISHED))
@pytest.mark.parametrize("size", [(800, 560), (1600, 1000)])
def test_the_result_leaves_every_cell_of_the_final_position_visible(make_app, name, size):
    moves, variant = FINISHED[name]
    game = new_game(name, **variant)
    game.play_moves(moves)
    assert game.is_over()
    app = make_app(size)
    app.start_game(game, [HUMAN, computer(1)], remember=False)
    app.run_frames(40)
    play = app.play
    assert play.result_shown_at is not None
    text, kind = play.status_text()
    assert kind == "result" and text.startswith("Game over")
    ref = board_only(play)
    for y in range(game.height):
        for x in range(game.width):
            at = tuple(map(round, play.view.cell_center((x, y))))
            assert app.screen.get_at(at) == ref.get_at(at), f"cell {(x, y)} is covered"
    # The winning line is drawn on the board itself, not hidden under a card.
    assert play.status_rect.bottom <= app.screen.get_height()
    assert not play.status_rect.colliderect(play.view.board_rect)


def test_escape_on_the_game_asks_before_quitting(make_app):
    app = make_app()
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    post_key(pygame.K_F1)  # a dialog, closed by Esc: the next Esc must not quit
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top is app.play and app.running
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert isinstance(app.top, ConfirmDialog) and app.running
    post_key(pygame.K_ESCAPE)  # Esc again: back to the game
    app.run_frames(2)
    assert app.top is app.play and app.running
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_n, 0, "n")  # N also says no
    app.run_frames(2)
    assert app.top is app.play and app.running
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_RETURN)  # Enter confirms
    app.run_frames(2)
    assert not app.running


def test_escape_then_y_quits(make_app):
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_y, 0, "y")
    app.run_frames(2)
    assert not app.running


def test_save_after_the_end_says_where_it_saved(make_app, tmp_path):
    game = new_game("connect4")
    game.play_moves("4455667")
    app = make_app()
    app.start_game(game, [HUMAN, computer(1)], remember=False)
    app.run_frames(3)
    post_key(pygame.K_s, CTRL)
    app.run_frames(2)
    dialog = app.top
    target = tmp_path / "finished.json"
    post_key(pygame.K_a, CTRL)
    post_text(str(target))
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    assert target.exists() and app.top is app.play
    text, kind = app.play.status_text()
    assert kind == "info" and str(target) in text, text
    assert dialog is not app.top


def cut_texts(app, monkeypatch) -> list[str]:
    """The texts one drawn frame had to cut with an ellipsis to make them fit."""
    from game.ui import draw

    cut: list[str] = []
    original = draw.ellipsize

    def recording(text, size, max_width, bold=False):
        out = original(text, size, max_width, bold)
        if out != text:
            cut.append(text)
        return out

    monkeypatch.setattr(draw, "ellipsize", recording)
    app.invalidate() if hasattr(app, "invalidate") else None
    app.draw(app.screen)
    monkeypatch.setattr(draw, "ellipsize", original)
    return cut


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 560), (1000, 700)])
def test_at_the_minimum_size_the_panel_and_status_line_read_whole(make_app, monkeypatch, size):
    game = new_game("othello")
    game.play_moves("f5d6c3d3c4f4f6f3e6e7d7")
    app = make_app(size)
    app.start_game(game, [HUMAN, computer(6)], remember=False)
    play = app.play
    assert app.pump_until(lambda: play.game.ply == 12 and play.session.human_to_move(), 30)
    app.run_frames(2)
    cut = [t for t in cut_texts(app, monkeypatch) if not t.startswith("Line:")]
    assert cut == [], cut
    # The end of a game: two-digit counts, the result and its keys.
    over = new_game("othello")
    over.play_moves("e6 f4 e3 f6 g5 d6 e7 f5 c5")
    app.start_game(over, [HUMAN, computer(6)], remember=False)
    app.run_frames(3)
    assert cut_texts(app, monkeypatch) == []


def test_below_the_minimum_the_same_window_is_kept_at_the_minimum(make_app, monkeypatch):
    from game.ui.app import MIN_SIZE

    app = make_app((900, 640))
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    app.run_frames(1)
    window = app._window()
    assert window is not None and tuple(window.minimum_size) == MIN_SIZE
    calls = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: calls.append(a) or real(*a, **k))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200))
    app.run_frames(2)
    assert app.screen.get_size() == MIN_SIZE and tuple(window.size) == MIN_SIZE
    assert calls == []  # the window was not re-created
    assert app.play.view.board_rect.bottom <= MIN_SIZE[1]


def test_othello_legal_markers_are_rings_far_larger_than_star_points(make_app):
    app = make_app((800, 560), legal_move_markers=True)
    game = new_game("othello")
    app.start_game(game, [HUMAN, HUMAN])
    app.run_frames(2)
    play = app.play
    overlay = play.board_overlay()
    assert sorted(overlay.legal) == sorted(game.move_cell(m) for m in game.legal_moves())
    plain = board_only(play)
    marked = pygame.Surface(plain.get_size())
    marked.blit(plain, (0, 0))
    play.view.draw_markers(marked, game, play.theme, play.theme.board("othello"), overlay)
    star_dot = max(3, round(play.view.cell * 0.07))
    half = int(play.view.cell / 2) - 2
    for cell in overlay.legal:
        cx, cy = map(round, play.view.cell_center(cell))
        changed = sum(marked.get_at((x, y)) != plain.get_at((x, y))
                      for x in range(cx - half, cx + half) for y in range(cy - half, cy + half))
        assert changed > 6 * 3.14 * star_dot ** 2, (cell, changed)
        # A ring: its rim is stronger than its middle.
        r = max(5, round(play.view.radius * 0.5))
        rim, middle = marked.get_at((cx + r - 1, cy)), marked.get_at((cx, cy))
        base = plain.get_at((cx, cy))
        assert sum(abs(a - b) for a, b in zip(rim[:3], base[:3])) > \
            sum(abs(a - b) for a, b in zip(middle[:3], base[:3]))


def test_gomoku_thinking_labels_stay_readable_on_a_small_window(make_app, monkeypatch):
    from game.ui import draw
    from game.ui.boards.base import LABELLED_WHEN_CROWDED, READABLE_SIZE

    game = new_game("gomoku", size=15)
    game.play_moves("h8 i9 g9")
    app = make_app((800, 560), show_thinking=True)
    app.start_game(game, [computer(4), HUMAN], remember=False)  # White (a person) to move
    play = app.play
    assert app.pump_until(lambda: play.session.human_to_move(), 10)
    post_key(pygame.K_h, 0, "h")
    assert app.pump_until(lambda: play.session.hint is not None, 20)
    scores = play.board_overlay().scores
    assert len(scores) > LABELLED_WHEN_CROWDED
    sizes = {}
    original = draw.blit_text

    def recording(surface, text, size, *args, **kwargs):
        sizes.setdefault(text, []).append(size)
        return original(surface, text, size, *args, **kwargs)

    monkeypatch.setattr(draw, "blit_text", recording)
    app.draw(app.screen)
    monkeypatch.setattr(draw, "blit_text", original)
    texts = list(scores.values())
    drawn = {t for t in texts if t in sizes}
    assert texts[0] in drawn and drawn <= set(texts[:LABELLED_WHEN_CROWDED])  # the best few
    assert all(min(sizes[t]) >= READABLE_SIZE for t in drawn)
    assert play.view.cell * 0.96 < draw.text_size(max(texts, key=len), READABLE_SIZE)[0] + 6


def test_high_contrast_shows_blacks_share_of_the_evaluation_bar(make_app):
    app = make_app((800, 560), theme="high-contrast")
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    app.run_frames(2)
    rect = app.play.panel.analysis_rect
    bar = pygame.Rect(rect.x + 16, rect.y + 38, rect.width - 32, 22)
    card = app.theme.card
    quarter = bar.x + bar.width // 4
    inside = app.screen.get_at((quarter, bar.centery))[:3]
    edge = app.screen.get_at((quarter, bar.y + 1))[:3]
    from game.ui.theme import contrast
    assert contrast(inside, card) >= 1.25  # Black's half is not the card's black
    assert contrast(edge, card) >= 7.0  # and it has a rim that stands out


def test_the_evaluation_graph_comes_back_when_the_game_is_resumed(make_app):
    from game.slots import load_autosave
    from tests.ui.helpers import post_click

    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, computer(2)])
    play = app.play
    post_key(pygame.K_4, 0, "4")
    assert app.pump_until(lambda: play.game.ply == 2, 10)
    post_key(pygame.K_3, 0, "3")
    assert app.pump_until(lambda: play.game.ply == 4, 10)
    seen = {p: e.score for p, e in play.session.evals.items()}
    assert 1 in seen and 3 in seen
    saved = load_autosave()
    assert saved.scores == [seen.get(p) for p in range(5)]
    app.close()
    again = make_app()
    again.show_start()
    again.run_frames(2)
    post_click(again.top.b_resume.rect.center)
    again.run_frames(2)
    resumed = again.play.session
    assert {p: e.score for p, e in resumed.evals.items()} == seen
    assert resumed.current_evaluation() is not None


def test_results_against_the_computer_are_tallied_shown_and_reset(make_app, monkeypatch):
    from game.tally import load_tally
    from game.ui import draw
    from game.ui.scenes.results import ResultsDialog
    from tests.ui.helpers import post_click

    game = new_game("connect4")
    game.play_moves("445566")  # Red (the person) wins with 7
    app = make_app()
    app.start_game(game, [HUMAN, computer(3)])
    post_key(pygame.K_7, 0, "7")
    app.run_frames(3)
    assert app.play.game.is_over()
    assert load_tally().get("connect4", 3) == (1, 0, 0)
    post_key(pygame.K_z, CTRL)  # take back and win again: still one game
    app.run_frames(2)
    post_key(pygame.K_7, 0, "7")
    app.run_frames(3)
    assert load_tally().get("connect4", 3) == (1, 0, 0)
    # Two people: not a result against the computer.
    two = new_game("connect4")
    two.play_moves("445566")
    app.start_game(two, [HUMAN, HUMAN])
    post_key(pygame.K_7, 0, "7")
    app.run_frames(3)
    assert load_tally().total("connect4") == (1, 0, 0)
    # The start screen shows it; R opens the table; Reset asks, Enter confirms.
    app.show_start()
    app.run_frames(2)
    start = app.top
    assert start.tally.total("connect4") == (1, 0, 0)
    post_key(pygame.K_r, 0, "r")
    app.run_frames(2)
    dialog = app.top
    assert isinstance(dialog, ResultsDialog) and dialog.b_reset.enabled
    # Games against an outside engine show under the table, by the engine's name.
    dialog.tally.add_engine("gomoku", "pbrain-embryo", "loss")
    drawn = []
    original = draw.blit_text
    monkeypatch.setattr(draw, "blit_text",
                        lambda s, text, *a, **k: drawn.append(text) or original(s, text, *a, **k))
    app.draw(app.screen)
    monkeypatch.setattr(draw, "blit_text", original)
    assert "Gomoku against pbrain-embryo: 0 · 0 · 1" in drawn
    post_click(dialog.b_reset.rect.center)
    app.run_frames(2)
    assert isinstance(app.top, ConfirmDialog)
    post_key(pygame.K_ESCAPE)  # no: nothing changes
    app.run_frames(2)
    assert app.top is dialog and load_tally().total("connect4") == (1, 0, 0)
    post_click(dialog.b_reset.rect.center)
    post_key(pygame.K_RETURN)
    app.run_frames(2)
    assert app.top is dialog and load_tally().is_empty() and not dialog.b_reset.enabled
    post_key(pygame.K_RETURN)  # closes the table
    app.run_frames(2)
    assert app.top is start and start.tally.is_empty()


def test_help_has_a_page_per_game_with_its_levels_from_the_level_table(make_app, monkeypatch):
    from ai.levels import LEVEL_NUMBERS, level
    from game.ui import draw
    from game.ui.scenes.help import HelpDialog, level_text

    app = make_app((800, 560))
    app.start_game(new_game("othello"), [HUMAN, HUMAN])
    post_key(pygame.K_F1)
    app.run_frames(2)
    dialog = app.top
    assert isinstance(dialog, HelpDialog) and dialog.page == "keys"
    for key, page in ((pygame.K_RIGHT, "connect4"), (pygame.K_RIGHT, "othello")):
        post_key(key)
        app.run_frames(1)
        assert dialog.page == page
    post_key(pygame.K_4, 0, "4")
    app.run_frames(1)
    assert dialog.page == "gomoku"
    drawn = []
    original = draw.blit_text
    monkeypatch.setattr(draw, "blit_text", lambda s, text, *a, **k: drawn.append(text)
                        or original(s, text, *a, **k))
    app.draw(app.screen)
    monkeypatch.setattr(draw, "blit_text", original)
    for n in LEVEL_NUMBERS:
        assert level_text("gomoku", level("gomoku", n)) in drawn
    assert any("Five of your stones" in line for line in drawn)
    assert f"looks {level('gomoku', 8).depth} turns ahead" in level_text("gomoku",
                                                                         level("gomoku", 8))
    post_key(pygame.K_ESCAPE)
    app.run_frames(1)
    assert app.top is app.play and app.running
    # From the start screen, F1 opens the chosen game's page.
    app.show_start(game="connect4")
    app.run_frames(1)
    post_key(pygame.K_F1)
    app.run_frames(1)
    assert isinstance(app.top, HelpDialog) and app.top.page == "connect4"


def test_no_explaining_sentence_is_cut_at_the_minimum_size(make_app, monkeypatch):
    """The review's reason, the study line, the swap2 reason and the help: wrapped to a
    second line where needed, never cut with an ellipsis (issue 25, item 7)."""
    from game import records

    app = make_app((800, 560))
    # The review of a move that hangs a win in one (its reason is the long kind).
    game = new_game("connect4")
    game.play_moves("427271645")
    app.start_game(game, [HUMAN, computer(3)], remember=False)
    app.run_frames(2)
    from ai.explain.review import ReviewLimits
    from game.ui.scenes.review import ReviewScene
    app.push_scene(ReviewScene(app, app.play.session, limits=ReviewLimits(depth=4)))
    assert app.pump_until(lambda: getattr(app.top, "complete", False), 60)
    review = app.top
    review.select(7)
    app.run_frames(2)
    assert "allowed Red to win at once: 5" in review.status_text()
    assert cut_texts(app, monkeypatch) == []
    # A longer reason still: the review's status line at its longest.
    monkeypatch.setattr(type(review), "status_text", lambda self: (
        "Move 38: White played h10?? · blunder · better k12 · turned a loss into a "
        "quicker loss (ending at move 45 instead of 61)"))
    assert cut_texts(app, monkeypatch) == []
    monkeypatch.undo()
    # A game opened for study: its status line says how to play on.
    othello = new_game("othello")
    othello.play_moves("f5")
    record = records.record_from_game(othello, [HUMAN, computer(1)])
    app.show_game(records.record_to_game(record), record.players, "a-long-file-name.ggf",
                  names=["Edax 4.4", "chris"])
    app.run_frames(2)
    app.play.session.message_until = -1  # past the "Opened …" message
    app.run_frames(1)
    assert app.play.status_text()[0].startswith("Study")
    assert cut_texts(app, monkeypatch) == []


def test_the_swap2_reason_and_the_help_are_not_cut_at_the_minimum_size(make_app,
                                                                        monkeypatch):
    app = make_app((800, 560))
    # Swap2: the computer places the first three stones and says why.
    app.start_game(new_game("gomoku"), [computer(4), HUMAN], remember=False,
                   opening={"kind": "swap2", "choices": []})
    assert app.pump_until(lambda: app.play.game.ply >= 3 and app.play.session.pending is None,
                          60)
    app.run_frames(2)
    assert app.play.session.opening.reason.startswith("I place")
    assert cut_texts(app, monkeypatch) == []
    # Every page of the help.
    post_key(pygame.K_F1)
    app.run_frames(2)
    for page in range(4):
        assert cut_texts(app, monkeypatch) == [], page
        post_key(pygame.K_RIGHT)
        app.run_frames(1)
