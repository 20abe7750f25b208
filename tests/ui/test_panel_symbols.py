"""The panel's small things a person reads (issue 34, item 5): each side's symbol, the
analysis lines whole, a tooltip that waits for a resting pointer."""

from __future__ import annotations

import pygame

from game.rules import new_game
from game.ui.widgets import TOOLTIP_DELAY, Button, WidgetGroup
from tests.ui.helpers import HUMAN, computer, post_key, record_drawn_texts
from tests.ui.pictures import around, dark, light, share


def test_high_contrast_move_list_shows_black_dark_and_white_light(make_app):
    app = make_app((800, 560), theme="high-contrast")
    game = new_game("othello")
    game.play_moves("f5d6c3d3")
    app.start_game(game, [HUMAN, HUMAN])
    app.run_frames(3)
    panel, screen = app.play.panel, app.screen
    area = panel.list_area()
    col_w = (area.width - 44) // 2
    # Row 2 (c3 d3) is not the latest move's highlighted row... row 1: f5 (Black), d6.
    for side, test in ((0, dark), (1, light)):
        centre = (area.x + 44 + side * col_w + 10, area.y + 1 + (26 - 2) // 2)
        # The symbol's middle is the piece's own colour (Black's is not a light ring
        # around the black card, which reads as White's hollow sign).
        assert share(screen, around(centre, 2), test) > 0.8, side
    # Around Black's dot, the board's green, not the black card.
    centre = (area.x + 44 + 10, area.y + 1 + 12)
    ring = [screen.get_at((centre[0] + 7, centre[1]))[:3], screen.get_at((centre[0] - 7,
                                                                          centre[1]))[:3]]
    assert all(g > r + 40 and g > b + 40 for r, g, b in ring), ring


def test_tictactoe_x_in_the_player_card_is_a_cross_not_a_disc(make_app):
    app = make_app((800, 560))
    app.start_game(new_game("tictactoe"), [HUMAN, computer(1)])
    app.run_frames(3)
    panel, screen = app.play.panel, app.screen
    row = panel.players_rect
    rh = panel.row_height  # where the panel puts side 0's row (Panel._players)
    first = pygame.Rect(row.x + 8, row.y + (7 if rh < 56 else 10), row.width - 16, rh - 4)
    centre = (first.x + 30, first.centery)
    card = screen.get_at((centre[0] + 16, centre[1]))[:3]  # the row, beside the mark
    ink = screen.get_at(centre)[:3]
    assert ink != card  # the strokes cross in the middle
    # Between the arms (left and right of the middle) the card shows: a cross, where a
    # disc would be filled.
    for dx, dy in ((7, 0), (-7, 0), (0, 7), (0, -7)):
        assert screen.get_at((centre[0] + dx, centre[1] + dy))[:3] == card, (dx, dy)


def test_the_analysis_card_lines_start_with_their_own_move(make_app, monkeypatch):
    from game.ui.session import analysis as session_module

    monkeypatch.setattr(session_module, "ANALYSIS_SECONDS", 0.5)
    app = make_app()
    game = new_game("connect4")
    game.play_moves("44")
    app.start_game(game, [HUMAN, HUMAN])
    s = app.play.session
    post_key(pygame.K_a, 0, "a")
    assert app.pump_until(lambda: s.analysis_done, 20)
    drawn = record_drawn_texts(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    written = [text for text, _size, _bold in drawn]
    for line in s.analysis.lines:
        whole = " ".join(s.game.move_name(m) for m in line.pv)
        assert whole in written, (whole, written)


def test_a_pointer_resting_on_a_button_at_the_start_waits_for_its_tooltip():
    button = Button("Undo", lambda: None, tooltip="Take back")
    button.rect = pygame.Rect(0, 0, 80, 30)
    group = WidgetGroup([button])
    group.update_hover((10, 10))
    group.update(3.0)  # the first frame: the window took long to appear
    assert group.tooltip_due() is not None  # still to come
    for _frame in range(round(TOOLTIP_DELAY * 60) + 2):
        group.update(1 / 60)
    assert group.tooltip_due() is None  # shown after the pointer rested its time
