"""Contrast of the themes' colours, by the WCAG 2.1 formula written out here.

Text needs 4.5:1 against what it is drawn on (WCAG 1.4.3); the parts of a graphic a
person must see (a piece off the board, its share of the evaluation bar, Othello's
legal-move rings) need 3:1 (1.4.11). Disabled controls are exempt, and so is nothing
else: a tip or a placeholder is text a person reads.
"""

from __future__ import annotations

import pytest

from game.ui.boards.base import BoardView
from game.ui.theme import THEMES, icon_outline, marker_colour, visible_on

THEME_NAMES = sorted(THEMES)


def relative_luminance(rgb) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour (0..255 channels)."""
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b) -> float:
    """WCAG 2.1's contrast ratio, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_formula_gives_the_published_extremes() -> None:
    assert ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("name", THEME_NAMES)
def test_every_text_colour_reads_on_its_backgrounds(name) -> None:
    t = THEMES[name]
    for text in (t.text, t.text_dim):
        for ground in (t.card, t.background, t.background_low, t.button):
            assert ratio(text, ground) >= 4.5, (name, text, ground)
    assert ratio(t.accent_text, t.accent) >= 4.5, name
    assert ratio(t.danger, t.card) >= 4.5, name


@pytest.mark.parametrize("name", THEME_NAMES)
def test_pieces_off_the_board_stand_out_from_the_card(name) -> None:
    """The panel's and the status line's discs: the piece or its outline at 3:1."""
    t = THEMES[name]
    for game, board in t.boards.items():
        for piece in board.pieces:
            for ground in (t.card, t.background):
                outline = icon_outline(piece, ground)
                best = max(ratio(piece, ground), ratio(outline, ground) if outline else 0)
                assert best >= 3.0, (name, game, piece, ground)


@pytest.mark.parametrize("name", THEME_NAMES)
def test_each_share_of_the_evaluation_bar_is_seen(name) -> None:
    """The bar draws each side's share in ``bar_fill``, with a rim where the fill is
    under 3:1 against the card: the fill or its rim stands out."""
    from game.ui.panel import bar_fill

    t = THEMES[name]
    for game, board in t.boards.items():
        for piece in board.pieces:
            fill = bar_fill(piece, t.card)
            rim = visible_on(piece, t.card, 7.0) if icon_outline(fill, t.card) else None
            assert max(ratio(fill, t.card), ratio(rim, t.card) if rim else 0) >= 3.0, \
                (name, game, piece)


@pytest.mark.parametrize("name", THEME_NAMES)
def test_othello_legal_move_rings_stand_out_from_the_felt(name) -> None:
    board = THEMES[name].board("othello")
    for piece in board.pieces:
        edge = marker_colour(piece, board.surface)
        for felt in (board.surface, board.surface_dark):
            assert ratio(edge, felt) >= 3.0, (name, piece, felt)
    assert BoardView  # the view draws the ring in marker_colour (test_polish checks its size)


@pytest.mark.parametrize("name", THEME_NAMES)
def test_coordinates_read_on_the_rim_they_are_drawn_on(name) -> None:
    """Othello's, Gomoku's and a plugin game's views write the coordinates on the rim
    (WCAG 1.4.3's 4.5:1): in high contrast a plugin board once had white on white."""
    for game in ("othello", "gomoku", "a-plugin-game"):
        board = THEMES[name].board(game)
        assert ratio(board.label, board.frame) >= 4.5, (name, game, board.label, board.frame)
