"""Gomoku wins by continuous threats (VCT) show in the window as proven wins (real events).

The position (15x15, from a level-8 match game, White to move): White wins by a VCT
of 13 plies starting k8 (``find_vct``, under a thousand nodes), with no win by fours
alone (``find_vcf``), and a plain depth-limited search sees only a good score there.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from ai import levels
from ai.endgame.gomoku import find_vcf
from ai.endgame.gomoku_vct import find_vct
from ai.evaluators import load_evaluator
from ai.evaluators.base import WIN
from game.rules import new_game
from tests.ui.helpers import HUMAN, computer, post_key

VCT_GAME = ("h8 i9 g9 i7 h10 h7 i10 g10 h9 i11 g8 f7 g7 h11 j11 k12 i12 f8 k10 l9 f6 g6 "
            "j10 l10 f5 j8 k9 l8 l7")
"""White to move: k8 starts a 13-ply VCT (White wins on its 7th move)."""


def _vct_position():
    game = new_game("gomoku")
    game.play_moves(VCT_GAME)
    board = load_evaluator("gomoku").board(game)
    found = find_vct(board, 1)
    assert found is not None and found[0] == 13 and game.move_name(found[1][0]) == "k8"
    assert find_vcf(board, 1, 12) is None  # fours alone do not win: the VCT proves it
    return game


def test_the_analysis_lists_a_vct_as_a_proven_win(make_app, monkeypatch):
    from game.ui.session import analysis as session_module

    # Wall-clock shares again (see below): room for the threat search under load.
    monkeypatch.setattr(session_module, "ANALYSIS_SECONDS", 60.0)
    app = make_app()
    app.start_game(_vct_position(), [computer(8), HUMAN])  # the person plays White
    play, s = app.play, app.play.session
    post_key(pygame.K_a, 0, "a")
    assert app.pump_until(lambda: s.analysis is not None and s.analysis.lines, 30)
    best = s.analysis.lines[0]
    assert play.game.move_name(best.move) == "k8" and best.score == WIN - 13
    assert len(best.pv) == 13 and best.pv[0] == best.move  # the proof's line, to the five
    ev = s.evaluation(best.score, s.analysis.exact, play.game.turn)
    assert s.score_text(ev, best.margin, play.game.turn) == "White wins in 7 moves"
    app.run_frames(2)
    assert s.score_text(s.current_evaluation()[0]) == "White wins in 7 moves"  # the card


@pytest.mark.slow
def test_level_8_shows_the_vct_it_plays_as_a_proven_win(make_app, monkeypatch):
    # Level 8's time shares are wall-clock: on a loaded machine its 6 s may leave the
    # threat search too little, so the test gives it 60 s (a found proof ends the
    # search at once; this changes how long it may look, not what it finds).
    row = levels.LEVELS["gomoku"]
    monkeypatch.setitem(levels.LEVELS, "gomoku",
                        (*row[:7], dataclasses.replace(row[7], seconds=60.0)))
    app = make_app()
    app.start_game(_vct_position(), [HUMAN, computer(8)])  # the computer plays White
    play, s = app.play, app.play.session
    assert app.pump_until(lambda: play.game.ply == 30, 60)
    result = s.last_result
    assert play.game.move_name(result.move) == "k8"
    assert result.exact and result.score == WIN - 13
    app.run_frames(2)
    chose = play.panel._search_lines(s)[1]
    assert chose.startswith("Chose k8 (Black loses in 7 moves)"), chose  # the person's view
