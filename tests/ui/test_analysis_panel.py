"""The analysis card, one point of view for every score, and scores in words (real events)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from ai.explain.scores import percent, signed_points
from game.rules import new_game
from tests.ui.helpers import HUMAN, computer, post_click, post_key


def motion(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])),
                                         rel=(0, 0), buttons=(0, 0, 0)))


def test_board_and_panel_speak_from_the_persons_side(make_app):
    # The person plays White; the computer (Black) thinks with its scores on the board.
    app = make_app(show_thinking=True)
    app.start_game(new_game("othello"), [computer(8), HUMAN])
    play, s = app.play, app.play.session
    assert s.view_side == 1
    # An odd depth: Black's search then ends with White to move, the parity the bar
    # shows for White's view (game.ui.evaluation), so the bar follows this depth.
    assert app.pump_until(lambda: s.pending == "move" and s.thinking is not None
                          and s.thinking.depth >= 3 and s.thinking.depth % 2, 20)
    info = s.thinking
    white = percent(s.evaluation(info.score, False, 0).chance(1))  # Black searched
    assert s.root_scores()[play.game.move_cell(info.move)] == str(white)
    best_so_far = play.panel._search_lines(s)[1]
    assert best_so_far.endswith(f"(White {white}%)"), best_so_far
    assert s.score_text(s.current_evaluation()[0]) == f"White {white}%"
    assert "scores on the board are White's" in play.status_text()[0]


def test_scores_switch_to_game_units_with_u_and_a_click(make_app):
    app = make_app()
    game = new_game("othello")
    app.start_game(game, [HUMAN, computer(2)])
    play, s = app.play, app.play.session
    post_click(play.view.cell_center(game.move_cell(game.parse_move("f5"))))
    assert app.pump_until(lambda: play.game.ply == 2 and s.current_evaluation() is not None, 20)
    chance = s.score_text(s.current_evaluation()[0])
    assert re.fullmatch(r"Black \d+%", chance)
    ev = s.current_evaluation()[0]
    post_key(pygame.K_u, 0, "u")
    app.run_frames(2)
    unit = s.score_text(ev)
    assert unit.endswith(" discs for Black") or unit.endswith(" disc for Black")
    post_click(play.panel.value_rect.center)  # the click does what U does
    app.run_frames(2)
    raw = s.score_text(ev)
    assert raw == f"{signed_points(ev.for_side(0))} points for Black"
    post_key(pygame.K_u, 0, "u")
    app.run_frames(2)
    assert s.score_text(ev) == chance


@pytest.mark.slow
def test_analysis_lists_top_moves_live_and_previews_a_hovered_line(make_app, monkeypatch):
    from game.ui.session import analysis as session_module

    # A second of analysis, not the program's 8: Connect-4 goes through several depths,
    # each listing three lines, within the first few milliseconds.
    monkeypatch.setattr(session_module, "ANALYSIS_SECONDS", 1.0)
    app = make_app()
    game = new_game("connect4")
    game.play_moves("4453")
    app.start_game(game, [HUMAN, computer(4)])
    play, s = app.play, app.play.session
    post_key(pygame.K_a, 0, "a")
    depths = []

    def watch():
        if s.analysis is not None and (not depths or depths[-1] != s.analysis.depth):
            depths.append(s.analysis.depth)
        return s.analysis_done

    assert app.pump_until(watch, 30)
    assert len(depths) >= 2 and depths == sorted(depths)  # updated per depth, deeper each time
    lines = s.analysis.lines
    assert len(lines) == 3 and lines[0].score >= lines[1].score >= lines[2].score
    app.run_frames(1)
    # Hovering the second line shows it on the board, numbered from 1.
    motion(play.panel.line_rect(1).center)
    app.run_frames(1)
    preview = play.board_overlay().preview
    probe = play.game.copy()
    probe.push(lines[1].pv[0])
    assert preview[0] == (probe.last_cell(), 0, 1) and len(preview) == len(lines[1].pv)
    motion(play.view.board_rect.center)  # leaving the card ends the preview
    app.run_frames(1)
    assert play.board_overlay().preview == []
    # The keyboard way: ] selects the first line, ] again the second, [ back.
    post_key(pygame.K_RIGHTBRACKET, 0, "]")
    app.run_frames(1)
    assert play.panel.hover_line == 0 and play.board_overlay().preview
    post_key(pygame.K_RIGHTBRACKET, 0, "]")
    post_key(pygame.K_LEFTBRACKET, 0, "[")
    app.run_frames(1)
    assert play.panel.hover_line == 0


def test_a_move_cancels_the_analysis_and_the_next_position_is_analysed(make_app, monkeypatch):
    from game.ui.session import analysis as session_module

    monkeypatch.setattr(session_module, "ANALYSIS_SECONDS", 1.0)  # a move comes first
    app = make_app()
    game = new_game("connect4")
    app.start_game(game, [HUMAN, computer(1)])
    play, s = app.play, app.play.session
    b = play.b_analyse
    post_click(b.rect.center)  # the button does what A does
    assert app.pump_until(lambda: s.pending == "analysis" and s.analysis_on, 10)
    old = s.generation
    post_key(pygame.K_4, 0, "4")
    app.run_frames(1)
    assert s.generation != old and s.analysis is None and play.game.ply == 1
    # The computer answers first; then the person's new position is analysed.
    assert app.pump_until(lambda: play.game.ply == 2 and s.analysis_done, 30)
    assert s.analysis.lines and all(m in play.game.legal_moves()
                                    for m in (ln.move for ln in s.analysis.lines))
    post_key(pygame.K_a, 0, "a")
    app.run_frames(1)
    assert not s.analysis_on and s.pending is None


def test_the_hint_is_reported_as_a_hint_and_proven_results_in_words(make_app):
    app = make_app()
    game = new_game("connect4")
    game.play_moves("444444333333")  # Red to move wins: 5 makes two threats at once
    app.start_game(game, [HUMAN, computer(4)])
    play, s = app.play, app.play.session
    post_key(pygame.K_h, 0, "h")
    assert app.pump_until(lambda: s.hint is not None, 20)
    lines = play.panel._search_lines(s)
    assert lines[1].startswith("Hint: ") and not any("Chose" in ln for ln in lines)
    assert re.search(r"Red wins in \d moves?", lines[1]), lines[1]
    assert re.fullmatch(r"Red wins in \d moves?", s.score_text(s.current_evaluation()[0]))
    assert "1000000" not in " ".join(lines) and "999" not in " ".join(lines)


SHOTS = os.environ.get("PLIES_SCREENSHOTS")


THEMES = ("classic", "dark", "high-contrast")


@pytest.mark.slow
def test_analysis_card_fits_and_draws_in_every_theme(make_app, tmp_path, monkeypatch):
    """Each game's analysis, a line previewed, at the default and the smallest size, drawn
    in every theme (PLIES_SCREENSHOTS=dir keeps the images:
    analysis-<theme>-<game>-<size>.png). Each analysis is searched once and drawn in the
    three themes in turn (the theme changed as Settings changes it), not searched again
    for each theme: the search does not depend on the theme."""
    from game.ui.session import analysis as session_module
    from game.ui.app import MIN_SIZE

    monkeypatch.setattr(session_module, "ANALYSIS_SECONDS", 1.5)
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    positions = {"connect4": "4453", "othello": "f5d6c3d3c4", "gomoku": "h8 h9 i8 g7"}
    for size in ((1120, 760), MIN_SIZE):
        app = make_app(size=size, theme=THEMES[0], show_thinking=True)
        for name, moves in positions.items():
            game = new_game(name)
            game.play_moves(moves)
            players = [HUMAN, computer(4)] if game.turn == 0 else [computer(4), HUMAN]
            app.start_game(game, players, remember=False)
            play, s = app.play, app.play.session
            if not s.analysis_on:
                post_key(pygame.K_a, 0, "a")
            # The first depth that lists every line is enough to draw (and quicker).
            assert app.pump_until(lambda: s.analysis_done or (
                s.analysis is not None and len(s.analysis.lines) == 3
                and s.analysis_why is not None), 20), name
            post_key(pygame.K_RIGHTBRACKET, 0, "]")
            app.run_frames(3)
            for theme in THEMES:
                app.settings.theme = theme
                app.apply_settings()
                app.run_frames(3)
                assert app.theme.name == theme
                panel = play.panel
                assert panel.lines_rect.height > 0 and panel.lines_rect.bottom <= size[1]
                assert not panel.lines_rect.colliderect(panel.analysis_rect)
                if panel.moves_rect.height:
                    assert not panel.lines_rect.colliderect(panel.moves_rect)
                # Every listed line's row lies inside the card.
                for index in range(len(s.analysis.lines)):
                    assert panel.lines_rect.contains(panel.line_rect(index))
                assert play.board_overlay().preview  # the first line is on the board
                path = folder / f"analysis-{theme}-{name}-{size[0]}x{size[1]}.png"
                if SHOTS:  # a PNG costs ~40 ms to write, and only a person looks at it
                    pygame.image.save(app.screen, str(path))
                card = app.screen.subsurface(panel.lines_rect)
                colours = {card.get_at((x, y))[:3] for x in range(0, card.get_width(), 7)
                           for y in range(0, card.get_height(), 5)}
                assert len(colours) > 6, f"{path.name}: the analysis card looks blank"
        # Closed before the next size's window opens: its last analysis stops now, where
        # it searched on beside the next window until its time was up (the test's end).
        app.close()
