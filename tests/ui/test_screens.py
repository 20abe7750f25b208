"""Screens a person reads: what each number means, where Results are, how the start
card uses a large window (issue 25, items 10-12)."""

from __future__ import annotations

import pygame

from game.rules import new_game
from game.ui import draw
from tests.ui.helpers import HUMAN, computer, post_key


def drawn_texts(app, monkeypatch, *, larger_than: int = 0) -> list[str]:
    """The texts one frame draws (those drawn larger than ``larger_than`` points)."""
    texts: list[str] = []
    real = draw.blit_text

    def spy(surface, text, size, *a, **k):
        if size > larger_than:
            texts.append(text)
        return real(surface, text, size, *a, **k)

    monkeypatch.setattr(draw, "blit_text", spy)
    app.draw(app.screen)
    monkeypatch.setattr(draw, "blit_text", real)
    return texts


def test_connect4_and_gomoku_piece_counts_say_what_they_count(make_app, monkeypatch):
    app = make_app((800, 560))
    game = new_game("connect4")
    game.play_moves("4453")
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    app.run_frames(2)
    texts = drawn_texts(app, monkeypatch)
    assert texts.count("2 discs") == 2, texts
    # No big bare number beside the players that reads like a score.
    assert not [t for t in drawn_texts(app, monkeypatch, larger_than=30) if t.isdigit()]
    gomoku = new_game("gomoku")
    gomoku.play_moves("h8 i9 h9")
    app.start_game(gomoku, [HUMAN, HUMAN], remember=False)
    app.run_frames(2)
    texts = drawn_texts(app, monkeypatch)
    assert "2 stones" in texts and "1 stone" in texts, texts
    # Othello's count is its score: the bare disc count stays, big.
    othello = new_game("othello")
    othello.play_moves("f5")
    app.start_game(othello, [HUMAN, HUMAN], remember=False)
    app.run_frames(2)
    big = drawn_texts(app, monkeypatch, larger_than=30)
    assert "4" in big and "1" in big, big


def test_results_are_reachable_from_the_game_screen(make_app):
    from game.ui.scenes.results import ResultsDialog

    app = make_app()
    app.start_game(new_game("othello"), [HUMAN, computer(1)], remember=False)
    app.run_frames(2)
    post_key(pygame.K_n, 0, "n")  # the new-game dialog, over the game
    app.run_frames(2)
    assert app.top.overlay and app.top.b_results.visible
    post_key(pygame.K_r, 0, "r")
    app.run_frames(2)
    assert isinstance(app.top, ResultsDialog)
    post_key(pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.top.overlay  # back in the new-game dialog, the game underneath
    assert app.play is not None


def test_the_start_card_uses_a_large_window(make_app):
    small = make_app((800, 560))
    small.show_start()
    small.run_frames(1)
    card_small = small.top.card.copy()
    large = make_app((1200, 840))
    large.show_start()
    large.run_frames(1)
    scene = large.top
    card = scene.card
    assert card.width >= 0.85 * 1200 and card.height >= 0.65 * 840, card
    assert card.width > card_small.width and card.height > card_small.height
    # Everything on it stays inside it, and the tiles grew with it.
    for widget in scene.widgets.widgets:
        if widget.visible and widget.rect.width:
            assert card.contains(widget.rect), (widget, widget.rect, card)
    assert scene.tiles[0].rect.height > small.top.tiles[0].rect.height


def test_move_numbers_on_gomoku_stones_toggle_with_m(make_app):
    game = new_game("gomoku")
    moves = ["h8", "i9", "h9", "h10", "g8"]
    game.play_moves(" ".join(moves))
    app = make_app()
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    app.run_frames(1)
    play = app.play
    assert play.board_overlay().opening == []
    post_key(pygame.K_m, 0, "m")
    app.run_frames(1)
    assert app.settings.move_numbers
    numbered = {n: (cell, side) for cell, side, n in play.board_overlay().opening}
    # Stone n is the n-th move, Black's odd and White's even, on the cell of its move.
    assert sorted(numbered) == [1, 2, 3, 4, 5]
    replay = new_game("gomoku")
    for n, name in enumerate(moves, start=1):
        move = replay.parse_move(name)
        assert numbered[n] == (replay.move_cell(move), (n - 1) % 2), n
        replay.push(move)
    post_key(pygame.K_m, 0, "m")
    app.run_frames(1)
    assert play.board_overlay().opening == [] and not app.settings.move_numbers


def test_othello_discs_carry_their_move_numbers_in_the_review(make_app):
    from ai.explain.review import ReviewLimits
    from game.ui.scenes.review import ReviewScene

    game = new_game("othello")
    game.play_moves("f5d6c3d3c4")
    app = make_app(move_numbers=True)
    app.start_game(game, [HUMAN, HUMAN], remember=False)
    app.push_scene(ReviewScene(app, app.play.session, limits=ReviewLimits(depth=1)))
    assert app.pump_until(lambda: app.top.complete, 30)
    review = app.top
    review.select(3)  # the position after d3: four moves on the board
    numbered = {n: (cell, side) for cell, side, n in review.board_overlay().opening}
    assert sorted(numbered) == [1, 2, 3, 4]
    replay = new_game("othello")
    for n, name in enumerate(["f5", "d6", "c3", "d3"], start=1):
        move = replay.parse_move(name)
        assert numbered[n][0] == replay.move_cell(move), n  # the square of move n
        replay.push(move)
    # Each numbered disc is drawn in the colour it has now (flips change it); White's
    # moves 2 (d6) and 4 (d3) are still White's four moves in.
    position = review.position
    for cell, side in numbered.values():
        assert position.piece_at(*cell) == side
    assert numbered[2][1] == 1 and numbered[4][1] == 1
