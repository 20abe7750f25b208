"""Colours and sizes: three themes (classic, dark, high-contrast), each with per-game boards.

Every colour the UI draws comes from a ``Theme``; nothing else in ``game.ui`` names an
RGB value, so a theme switch is one assignment.

>>> theme_for("dark").name
'dark'
>>> theme_for("no such theme").name  # unknown names fall back to the first theme
'classic'
"""

from __future__ import annotations

import dataclasses

RGB = tuple[int, int, int]


@dataclasses.dataclass(frozen=True)
class BoardColours:
    """How one game's board looks in one theme.

    Attributes:
        surface: the playing surface (Connect-4: the frame; Othello: felt; Gomoku: wood).
        surface_dark: the second stop of the surface's gradient.
        frame: the rim around the surface (Othello's and Gomoku's border).
        line: grid lines and star points.
        hole: what shows through an empty Connect-4 hole.
        label: the coordinate labels on the rim.
        pieces: colours of side 0's and side 1's pieces.
        piece_outline: drawn around each piece (high contrast), or ``None``.
    """

    surface: RGB
    surface_dark: RGB
    frame: RGB
    line: RGB
    hole: RGB
    label: RGB
    pieces: tuple[RGB, RGB]
    piece_outline: RGB | None = None


@dataclasses.dataclass(frozen=True)
class Theme:
    """One look for the whole application."""

    name: str
    background: RGB
    background_low: RGB
    card: RGB
    card_border: RGB
    text: RGB
    text_dim: RGB
    accent: RGB
    accent_text: RGB
    button: RGB
    button_hover: RGB
    button_pressed: RGB
    button_border: RGB
    disabled_text: RGB
    focus: RGB
    danger: RGB
    success: RGB
    highlight: RGB
    """Winning line, hint ring, keyboard cursor."""
    last_move: RGB
    shadow_alpha: int
    dim_alpha: int
    """How dark the veil behind a dialog is."""
    border_width: int
    boards: dict[str, BoardColours]

    def board(self, game_name: str) -> BoardColours:
        """The board colours of ``game_name``; a plugin's game (a name the theme does
        not know) gets ``"plugin"``'s: Connect-4's blue and pieces on a square grid
        with a dark rim, whose coordinates are light on it."""
        return self.boards.get(game_name, self.boards["plugin"])


RED = (222, 49, 56)
YELLOW = (247, 201, 40)
BLACK_DISC = (34, 35, 40)
WHITE_DISC = (242, 241, 236)

CLASSIC = Theme(
    name="classic",
    background=(236, 239, 244),
    background_low=(220, 226, 235),
    card=(255, 255, 255),
    card_border=(212, 218, 228),
    text=(30, 34, 44),
    text_dim=(88, 97, 114),
    accent=(47, 104, 214),
    accent_text=(255, 255, 255),
    button=(248, 249, 251),
    button_hover=(232, 238, 248),
    button_pressed=(210, 222, 242),
    button_border=(196, 204, 218),
    disabled_text=(168, 174, 186),
    focus=(47, 104, 214),
    danger=(196, 40, 48),
    success=(28, 132, 76),
    highlight=(255, 255, 255),
    last_move=(230, 60, 60),
    shadow_alpha=70,
    dim_alpha=120,
    border_width=1,
    boards={
        "connect4": BoardColours(
            surface=(38, 96, 212), surface_dark=(24, 66, 168), frame=(20, 54, 140),
            line=(18, 46, 120), hole=(214, 224, 240), label=(98, 107, 124),
            pieces=(RED, YELLOW)),
        "plugin": BoardColours(
            surface=(38, 96, 212), surface_dark=(24, 66, 168), frame=(20, 54, 140),
            line=(18, 46, 120), hole=(214, 224, 240), label=(226, 234, 248),
            pieces=(RED, YELLOW)),
        "othello": BoardColours(
            surface=(34, 134, 82), surface_dark=(22, 108, 64), frame=(74, 52, 36),
            line=(14, 72, 42), hole=(0, 0, 0), label=(236, 222, 200),
            pieces=(BLACK_DISC, WHITE_DISC)),
        "gomoku": BoardColours(
            surface=(232, 190, 122), surface_dark=(212, 164, 98), frame=(140, 96, 54),
            line=(84, 58, 32), hole=(0, 0, 0), label=(250, 236, 214),
            pieces=(BLACK_DISC, WHITE_DISC)),
        "tictactoe": BoardColours(  # a sheet of paper: X in blue ink, O in red
            surface=(250, 248, 240), surface_dark=(238, 234, 222), frame=(120, 128, 146),
            line=(60, 66, 84), hole=(0, 0, 0), label=(240, 242, 248),
            pieces=((36, 88, 200), (206, 52, 52))),
    },
)

DARK = Theme(
    name="dark",
    background=(30, 33, 41),
    background_low=(22, 24, 30),
    card=(42, 46, 57),
    card_border=(60, 66, 80),
    text=(232, 235, 242),
    text_dim=(166, 174, 192),
    accent=(98, 154, 248),
    accent_text=(14, 18, 28),
    button=(52, 57, 70),
    button_hover=(64, 71, 88),
    button_pressed=(80, 90, 112),
    button_border=(74, 82, 100),
    disabled_text=(98, 104, 120),
    focus=(122, 172, 255),
    danger=(255, 110, 110),
    success=(96, 210, 140),
    highlight=(255, 255, 255),
    last_move=(255, 90, 90),
    shadow_alpha=120,
    dim_alpha=150,
    border_width=1,
    boards={
        "connect4": BoardColours(
            surface=(36, 78, 170), surface_dark=(24, 54, 128), frame=(16, 38, 96),
            line=(14, 32, 84), hole=(20, 22, 28), label=(152, 160, 178),
            pieces=((214, 58, 64), (236, 196, 52))),
        "plugin": BoardColours(
            surface=(36, 78, 170), surface_dark=(24, 54, 128), frame=(16, 38, 96),
            line=(14, 32, 84), hole=(20, 22, 28), label=(206, 214, 232),
            pieces=((214, 58, 64), (236, 196, 52))),
        "othello": BoardColours(
            surface=(34, 120, 76), surface_dark=(28, 104, 64), frame=(52, 38, 28),
            line=(10, 56, 32), hole=(0, 0, 0), label=(214, 200, 180),
            pieces=((26, 27, 31), (232, 231, 226))),
        "gomoku": BoardColours(
            surface=(188, 148, 92), surface_dark=(162, 124, 74), frame=(98, 70, 42),
            line=(58, 40, 22), hole=(0, 0, 0), label=(232, 218, 196),
            pieces=((26, 27, 31), (232, 231, 226))),
        "tictactoe": BoardColours(  # a slate: chalk-light X and O
            surface=(44, 52, 64), surface_dark=(36, 42, 52), frame=(24, 28, 36),
            line=(150, 160, 178), hole=(0, 0, 0), label=(200, 206, 218),
            pieces=((120, 176, 255), (255, 140, 130))),
    },
)

HIGH_CONTRAST = Theme(
    name="high-contrast",
    background=(0, 0, 0),
    background_low=(0, 0, 0),
    card=(0, 0, 0),
    card_border=(255, 255, 255),
    text=(255, 255, 255),
    text_dim=(235, 235, 235),
    accent=(255, 230, 0),
    accent_text=(0, 0, 0),
    button=(0, 0, 0),
    button_hover=(50, 50, 50),
    button_pressed=(90, 90, 90),
    button_border=(255, 255, 255),
    disabled_text=(140, 140, 140),
    focus=(255, 230, 0),
    danger=(255, 90, 90),
    success=(80, 255, 120),
    highlight=(0, 255, 255),
    last_move=(255, 0, 255),
    shadow_alpha=0,
    dim_alpha=200,
    border_width=2,
    boards={
        "connect4": BoardColours(
            surface=(0, 40, 200), surface_dark=(0, 40, 200), frame=(255, 255, 255),
            line=(255, 255, 255), hole=(0, 0, 0), label=(255, 255, 255),
            pieces=((255, 40, 40), (255, 235, 0)), piece_outline=(255, 255, 255)),
        "plugin": BoardColours(
            surface=(0, 40, 200), surface_dark=(0, 40, 200), frame=(0, 0, 0),
            line=(255, 255, 255), hole=(0, 0, 0), label=(255, 255, 255),
            pieces=((255, 40, 40), (255, 235, 0)), piece_outline=(255, 255, 255)),
        "othello": BoardColours(
            surface=(0, 110, 0), surface_dark=(0, 110, 0), frame=(0, 0, 0),
            line=(0, 0, 0), hole=(0, 0, 0), label=(255, 255, 255),
            pieces=((0, 0, 0), (255, 255, 255)), piece_outline=(255, 255, 255)),
        "gomoku": BoardColours(
            surface=(255, 214, 140), surface_dark=(255, 214, 140), frame=(0, 0, 0),
            line=(0, 0, 0), hole=(0, 0, 0), label=(255, 255, 255),
            pieces=((0, 0, 0), (255, 255, 255)), piece_outline=(0, 0, 0)),
        "tictactoe": BoardColours(
            surface=(255, 255, 255), surface_dark=(255, 255, 255), frame=(0, 0, 0),
            line=(0, 0, 0), hole=(0, 0, 0), label=(255, 255, 255),
            pieces=((0, 0, 160), (170, 0, 0))),
    },
)

THEMES: dict[str, Theme] = {t.name: t for t in (CLASSIC, DARK, HIGH_CONTRAST)}


def theme_for(name: str) -> Theme:
    """The theme called ``name``, or the classic theme for an unknown name."""
    return THEMES.get(name, CLASSIC)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (``t`` in 0..1).

    >>> mix((0, 0, 0), (200, 100, 50), 0.5)
    (100, 50, 25)
    """
    t = min(1.0, max(0.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _channel(v: float) -> float:
    s = v / 255
    return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4


_CHANNELS = tuple(_channel(v) for v in range(256))
"""Each 0-255 channel value's linear light: a frame asks for contrasts thousands of times."""


def luminance(c: RGB) -> float:
    """Relative luminance (WCAG), 0 black to 1 white."""
    try:
        return 0.2126 * _CHANNELS[c[0]] + 0.7152 * _CHANNELS[c[1]] + 0.0722 * _CHANNELS[c[2]]
    except (TypeError, IndexError):  # a channel that is not a whole 0-255 number
        return 0.2126 * _channel(c[0]) + 0.7152 * _channel(c[1]) + 0.0722 * _channel(c[2])


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def visible_on(colour: RGB, background: RGB, minimum: float = 1.6) -> RGB:
    """``colour``, nudged towards black or white until it stands out from ``background``.

    Used for small marks in the players' colours (a black dot on a dark card).
    """
    target = readable_on(background)
    for step in range(11):
        candidate = mix(colour, target, step / 10)
        if contrast(candidate, background) >= minimum:
            return candidate
    return target


NON_TEXT_CONTRAST = 3.0
"""WCAG 2.1's minimum contrast for the parts of a graphic a person must see (1.4.11)."""


def icon_outline(piece: RGB, background: RGB) -> RGB | None:
    """An outline for a piece drawn off the board (panel, status line), or ``None``.

    A piece under ``NON_TEXT_CONTRAST`` against its background (a black disc on a dark
    card, white on white, yellow on white) gets a ring that stands out clearly (4.5:1).
    """
    if contrast(piece, background) >= NON_TEXT_CONTRAST:
        return None
    return visible_on(piece, background, 4.5)


def marker_colour(piece: RGB, background: RGB) -> RGB:
    """A mark in a piece's colour on a board (Othello's legal-move rings): the piece's
    own colour where it stands out (4.5:1), else black for a dark piece and white for
    a light one, so the ring still says whose move it is.

    >>> marker_colour((34, 35, 40), (34, 134, 82))
    (0, 0, 0)
    """
    if contrast(piece, background) >= 4.5:
        return piece
    return (0, 0, 0) if luminance(piece) < luminance(background) else (255, 255, 255)


def readable_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background``."""
    return (0, 0, 0) if contrast((0, 0, 0), background) >= contrast((255, 255, 255), background) \
        else (255, 255, 255)
