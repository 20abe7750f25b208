"""What pasted text means: a position or a move list for the window (pure, no pygame).

:func:`read_paste` takes the clipboard's text and the game on the screen and returns a
new game to play from, or raises :class:`PasteError` with one sentence. It reads, in
this order:

* **Othello**: an OBF line (``board side; move:score; ...``, ``game.formats.obf``), or
  64 squares ``a1..h8`` (``X``/``x``/``B``/``b``/``*`` Black, ``O``/``o``/``W``/``w``
  White, ``-``/``.`` empty; line breaks, ``/`` and spaces between rows are ignored)
  with an optional side to move after them (``X``/``O``/``B``/``W``; default Black).
* **Connect-4 and Gomoku diagrams**: rows from the top separated by ``/`` or line
  breaks, ``X`` first player, ``O`` second, ``.`` empty (``Game.from_diagram``; the
  side to move follows from the counts).
* **A move list** of the game on the screen (its variant, from its usual start), then
  of the other games (default variants): ``f5d6c3``, ``h8 i9 j10``, ``4453``.

Text that fits the game on the screen wins over the same text read as another game,
and when nothing reads the sentence is the one about the game on the screen.

>>> from game.rules import new_game
>>> pasted = read_paste("4453", new_game("othello"))
>>> pasted.game.name, pasted.game.moves_text(), pasted.what
('connect4', '4453', 'Connect-4 moves (4)')
"""

from __future__ import annotations

import dataclasses
import re

from game.formats import obf
from game.i18n import _, number
from game.rules import GAMES, Game, Othello, RulesError, SetupError, new_game, set_up
from game.rules.base import diagram_rows

MAX_PASTE = 20_000
"""Longest paste read (a 25x25 diagram or a long move list fit many times over)."""

_OTHELLO_SQUARES = "XxBb*OoWw.-"
_OTHELLO_BOARD = re.compile(r"([XxBb*OoWw.\-]{64})\s*([XxOoBbWw])?")


class PasteError(ValueError):
    """Pasted text that is no position or move list of any game; one sentence."""


@dataclasses.dataclass(frozen=True)
class Pasted:
    """A readable paste: the game to play from and what it was, for the status line."""

    game: Game
    what: str


def read_paste(text: str, current: Game) -> Pasted:
    """The position or game ``text`` describes (see the module docstring).

    Args:
        text: the clipboard's text.
        current: the game on the screen (its kind and variant are tried first).

    Raises:
        PasteError: nothing in ``text`` reads; the sentence says why for ``current``'s game.
    """
    if not isinstance(text, str) or not text.strip():
        raise PasteError(_("the clipboard holds no text to paste"))
    if len(text) > MAX_PASTE:
        raise PasteError(_("the clipboard holds {count} characters: too long to be a "
                           "position or a game").format(count=number(len(text))))
    text = text.strip()
    order = [current.name] + [name for name in GAMES if name != current.name]
    first_error: str | None = None
    for name in order:
        try:
            return _read_as(name, text, current if name == current.name else None)
        except RulesError as error:
            if first_error is None:
                first_error = str(error)
    title = _(current.title)
    if _article(current.title) == "an":
        message = _("not an {game} position or move list: {error}")
    else:
        message = _("not a {game} position or move list: {error}")
    raise PasteError(_clip(message.format(game=title, error=first_error)))


def _read_as(name: str, text: str, current: Game | None) -> Pasted:
    """``text`` as a position or move list of game ``name`` (``current``'s variant)."""
    variant = dict(current.variant()) if current is not None else {}
    title = GAMES[name].title
    if name == "othello":
        board = _othello_board(text)
        if board is not None:
            othello = Othello.from_diagram(*board)
            return Pasted(othello, _("an Othello position ({side} to move)").format(
                side=_(othello.side_names[othello.turn])))
    elif "/" in text or "\n" in text:
        # a diagram: the size is its own; keep the screen's line length / rule
        options = {k: v for k, v in variant.items() if k in ("connect", "rule")}
        position = _diagram_with_side(name, text, options)
        if _article(title) == "an":
            what = _("an {game} position ({side} to move)")
        else:
            what = _("a {game} position ({side} to move)")
        return Pasted(position, what.format(game=_(title),
                                            side=_(position.side_names[position.turn])))
    game = new_game(name, **variant)
    moves = game.parse_moves(text)
    if not moves:
        raise SetupError(_("{text} holds no {game} move").format(text=repr(text[:20]),
                                                                  game=_(title)))
    game.play_moves(moves)
    # Translators: "Connect-4 moves (4)": the game and how many moves were pasted.
    return Pasted(game, _("{game} moves ({count})").format(game=_(title),
                                                           count=len(game.move_stack)))


def _diagram_with_side(name: str, text: str, options: dict) -> Game:
    """A diagram, perhaps followed by the side to move (``... X``, as the editor's Ctrl+C
    writes it). The last word is the side only when the rows before it are all as long
    as the first (a drawn row ending in a spaced ``X`` keeps its stone)."""
    head, _space, last = text.rpartition(" ")
    if head.strip() and last in ("X", "O", "x", "o"):
        rows = diagram_rows(head, GAMES[name].title)
        if all(len(row) == len(rows[0]) for row in rows):
            return set_up(name, head, last, **options)
    return set_up(name, text, None, **options)


def _othello_board(text: str) -> tuple[str, int | None] | None:
    """``(64 squares, side or None)`` of an OBF line or a bare board, ``None`` when
    ``text`` is neither (a move list); raises ``SetupError`` for a broken OBF line."""
    if ";" in text:
        try:
            [position] = obf.parse(text.splitlines()[0]) if text.strip() else []
        except (obf.OBFError, ValueError) as error:
            message = re.sub(r"^line \d+: ", "", str(error))  # untranslated: a regex
            raise SetupError(_("not an OBF line: {error}").format(error=message)) from None
        return position.board, position.turn
    squeezed = "".join(text.replace("/", " ").split())
    match = _OTHELLO_BOARD.fullmatch(squeezed)
    if match is not None:
        side = match[2]
        return match[1], None if side is None else 0 if side in "XxBb" else 1
    if len(squeezed) >= 60 and set(squeezed) <= set(_OTHELLO_SQUARES):
        raise SetupError(_("an Othello board needs 64 squares, not {count}").format(
            count=len(squeezed)))
    return None


def _article(title: str) -> str:
    return "an" if title[0] in "AEIOU" else "a"


def _clip(message: str, limit: int = 200) -> str:
    message = " ".join(message.split())
    return message if len(message) <= limit else message[:limit - 1] + "…"


__all__ = ["MAX_PASTE", "PasteError", "Pasted", "read_paste"]  # untranslated: names
