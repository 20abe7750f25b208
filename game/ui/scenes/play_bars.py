"""The play scene's two bars: the status line (its words, the result, the forced pass's
toast) and the toolbar's title.

``status_text`` says what the person should know now, most urgent first: a swap choice
due, a fresh message, the result, a paused demo, the opening, a study, the computer
thinking, a forbidden Renju point under the pointer, else whose move and how to play.
Functions of the scene (``game.ui.scenes.play``), which keeps the state they read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.rules import PASS, Cell, Game
from game.rules.gomoku import Gomoku
from game.ui import draw
from game.ui.opening_phase import phase_text
from game.ui.panel import RULE_WORDS, result_text, side_piece
from game.ui.session import is_computer
from game.ui.theme import mix

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene


def status_text(scene: PlayScene) -> tuple[str, str]:
    """The status line: ``(text, kind)`` with kind ``info``/``error``/``turn``/``result``.

    A finished game's result stays here (the board is left uncovered, its winning
    line drawn); a fresh message, such as "Saved to …", shows over it for its time.
    """
    s, game = scene.session, scene.game
    message = s.current_message
    if s.opening is not None and scene.person_choices() \
            and (message is None or message[1] != "error"):
        return phase_text(s.opening, game.ply, is_computer) or "", "turn"
    said_after_end = scene.result_shown_at is not None and \
        (s.message, s.message_until) != scene._message_at_end
    if message is not None and (message[1] == "error" or not s.is_over()
                                or said_after_end):
        return message
    if s.is_over():
        headline, detail = result_text(s)
        headline = headline.rstrip("!")
        text = _("Game over: {result} ({how}) · N for a new game · Ctrl+Z takes back") \
            if s.humans else _("Game over: {result} ({how}) · N for a new game")
        return text.format(result=headline, how=detail), "result"
    side = _(game.side_names[game.turn])
    if s.demo and s.paused:
        return _("Paused — Space resumes, S steps one move"), "info"
    if s.opening is not None:
        words = phase_text(s.opening, game.ply, is_computer)
        if words:
            return words, "turn"
    if s.study:
        computers = [_(game.side_names[x]) for x in (0, 1) if is_computer(s.players[x])]
        if len(computers) == 2:
            study = _("Study: {side} to move — you move both sides; Play (P) lets the "
                      "computer play {first} and {second}").format(
                          side=side, first=computers[0], second=computers[1])
        elif computers:
            study = _("Study: {side} to move — you move both sides; Play (P) lets the "
                      "computer play {computer}").format(side=side, computer=computers[0])
        else:  # no computer side: nobody to hand the moves to
            study = _("Study: {side} to move — you move both sides").format(side=side)
        return study, "turn"
    if is_computer(s.players[game.turn]):
        level = s.level_label(game.turn)
        viewer = _(game.side_names[s.view_side])
        if scene.app.settings.show_thinking:
            # Translators: {level} is the computer's level ("Level 4"); the scores drawn
            # on the board are from {viewer}'s point of view.
            text = _("{side}: the computer is thinking ({level}) · scores on the board "
                     "are {viewer}'s").format(side=side, level=level, viewer=viewer)
        else:
            text = _("{side}: the computer is thinking ({level})").format(side=side,
                                                                          level=level)
        return text, "turn"
    why = forbidden_reason(scene)
    if why:
        return why, "info"
    if len(s.humans) == 2:
        prefix = _("{side} to move").format(side=side)
    else:
        prefix = _("Your move ({side})").format(side=side)
    if game.name == "connect4":
        how = _("click a column or press 1–{last}").format(last=game.width) \
            if game.width < 10 else _("click a column or press 1–9, 0")
    elif scene.cursor_visible:
        how = _("arrows move, Enter plays")
    else:
        how = _("click an intersection") if game.name == "gomoku" \
            else _("click a square")  # Othello, tic-tac-toe, a plugin's grid
    # Translators: the status line: whose move ("Your move (Black)"), then how to play.
    return _("{turn} — {how}").format(turn=prefix, how=how), "turn"


def forbidden_reason(scene: PlayScene) -> str | None:
    """Renju: why the point under the mouse (or the keyboard cursor) is forbidden."""
    cell = scene.cursor if scene.cursor_visible else scene.hover_cell
    if cell is None:
        return None
    kind = forbidden_cells(scene.game).get(cell)
    if kind is None:
        return None
    move = scene.game.move_at(*cell)
    return None if move is None else scene.game.illegal_reason(move)


def draw_status(scene: PlayScene, surface: pygame.Surface) -> None:
    theme = scene.theme
    text, kind = status_text(scene)
    rect = scene.status_rect
    if kind == "result":
        _draw_result(scene, surface, rect)
        return
    colour = theme.danger if kind == "error" else theme.text if kind == "turn" \
        else theme.text_dim
    if kind == "error":
        pill = pygame.Rect(rect.x, rect.y + 2, rect.width, rect.height - 4)
        draw.translucent_rect(surface, pill, theme.danger, 28, radius=8)
    x = rect.x + 12
    choosing = bool(scene.person_choices())
    if choosing and draw.text_size(text, 15)[0] > scene._choice_left - x - 8:
        text = _("Your choice:")  # the minimum window size: the buttons say the rest
    if kind == "turn" and not scene.session.is_over() and not choosing:
        side_piece(surface, scene.game.name, theme.board(scene.game.name), scene.game.turn,
                   (x + 9, rect.centery), 9, theme.background, with_shadow=False)
        x += 26
    right = scene._choice_left if scene.person_choices() else \
        scene.b_play_on.rect.x - 4 if scene.b_play_on.visible else rect.right
    # Two lines at the smallest size rather than a cut sentence.
    draw.blit_lines(surface, text, 22, colour, (x, rect.centery), right - x - 8)


def pass_toast(scene: PlayScene) -> str | None:
    """``"Black has no move and passes"`` while a pass is pending or just played."""
    game = scene.game
    if scene.session.forced_pass():
        return _("{side} has no move and passes").format(side=_(game.side_names[game.turn]))
    if scene.time < scene.pass_toast_until and game.move_stack and game.move_stack[-1] == PASS:
        return _("{side} has no move and passes").format(
            side=_(game.side_names[1 - game.turn]))
    return None


def draw_pass_toast(scene: PlayScene, surface: pygame.Surface) -> None:
    text = pass_toast(scene)
    if text is None:
        return
    theme = scene.theme
    w = draw.text_size(text, 28)[0] + 76
    rect = pygame.Rect(0, 0, w, 56)
    rect.center = scene.view.board_rect.center
    draw.shadow(surface, rect, 28, theme.shadow_alpha * 2, blur=12, offset=(0, 6))
    draw.rounded_rect(surface, rect, theme.card, 28, 2, theme.accent)
    side = scene.game.turn if scene.session.forced_pass() else 1 - scene.game.turn
    side_piece(surface, scene.game.name, theme.board(scene.game.name), side,
               (rect.x + 30, rect.centery), 13, theme.card, with_shadow=False)
    draw.blit_text(surface, text, 28, theme.text, (rect.x + 52, rect.centery), "midleft")


def _draw_result(scene: PlayScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The result in the status line: the winner's piece, the headline in bold, how
    the game ended, and the keys for what comes next (as far as they fit)."""
    theme = scene.theme
    pill = pygame.Rect(rect.x, rect.y + 1, rect.width, rect.height - 2)
    if theme.name == "high-contrast":
        draw.rounded_rect(surface, pill, theme.card, 10, 2, theme.accent)
    else:
        draw.rounded_rect(surface, pill, mix(theme.card, theme.accent, 0.14), 10, 1,
                          theme.accent)
    headline, detail = result_text(scene.session)
    outcome = scene.session.outcome()
    x = pill.x + 12
    if outcome is not None and outcome.winner is not None:
        side_piece(surface, scene.game.name, theme.board(scene.game.name), outcome.winner,
                   (x + 10, pill.centery), 10, theme.card, with_shadow=False)
        x += 28
    right = pill.right - 12
    tip = _("N new game · R review · Ctrl+Z undo") if scene.session.humans \
        else _("N new game · R review")
    tip_w = draw.text_size(tip, 19)[0]
    head = draw.blit_text(surface, headline, 24, theme.text, (x, pill.centery), "midleft",
                          max_width=right - x, bold=True)
    x = head.right + 12
    detail_w = draw.text_size(detail, 20)[0]
    if x + detail_w + 16 + tip_w <= right:
        draw.blit_text(surface, tip, 19, theme.text_dim, (right, pill.centery), "midright")
        right -= tip_w + 16
    if right - x > 40:
        draw.blit_text(surface, detail, 20, theme.text_dim, (x, pill.centery), "midleft",
                       max_width=right - x)


def draw_title(scene: PlayScene, surface: pygame.Surface) -> None:
    """The toolbar's middle: the game, its variant, and "demo" for a computer game."""
    theme = scene.theme
    bar = scene.toolbar_rect
    x0, x1 = scene._toolbar_title_space
    game = scene.game
    variant = variant_text(game)
    title = _(game.title) + (f" · {variant}" if variant else "")
    if scene.session.demo:
        # Translators: the window's title line of a game the computer plays alone.
        title = _("{title} · demo").format(title=title)
    # The whole title where it fits, else the game's name alone ("Connect-4 · 7×…"
    # reads worse; the board shows the variant), else nothing.
    shown = next((t for t in (title, _(game.title))
                  if draw.text_size(t, 24)[0] <= x1 - x0), None)
    if x1 - x0 > 80 and shown is not None:
        draw.blit_text(surface, shown, 24, theme.text_dim, ((x0 + x1) / 2, bar.centery),
                       "center", max_width=x1 - x0)


def forbidden_cells(game: Game) -> dict[Cell, str]:
    """Renju with Black to move: Black's forbidden points by view cell, with their kind."""
    if not isinstance(game, Gomoku) or game.turn != 0 or game.is_over():
        return {}
    points = game.forbidden_points()
    return {cell: kind for move, kind in points.items()
            if (cell := game.move_cell(move)) is not None}


def variant_text(game: Game) -> str:
    """``"7×6 · four in a row"``, ``"15×15 · freestyle"``, or ``""`` for Othello."""
    v = game.variant()
    if game.name == "connect4":
        connect = v.get("connect", 4)
        row = _(IN_A_ROW[connect]) if connect in IN_A_ROW \
            else _("{n} in a row").format(n=connect)
        return f"{v.get('width', 7)}×{v.get('height', 6)} · {row}"
    if game.name == "gomoku":
        size = v.get("size", 15)
        rule = v.get("rule", "freestyle")
        return f"{size}×{size} · {_(RULE_WORDS[rule]) if rule in RULE_WORDS else rule}"
    return ""


IN_A_ROW = {3: N_("three in a row"), 4: N_("four in a row"), 5: N_("five in a row"),
            6: N_("six in a row")}
"""Connect-4's goal in the title line, by the length of the row."""


__all__ = ["IN_A_ROW", "draw_pass_toast", "draw_status", "draw_title", "forbidden_cells",
           "forbidden_reason", "pass_toast", "status_text", "variant_text"]
