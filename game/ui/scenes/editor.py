"""The board editor: set up any position of the game on the screen, then play from it.

Mouse: the left button puts a piece of the first player (Black, Red), the right button
one of the second; clicking a piece of that colour again removes it. The keys are
``game.ui.keys.EDITOR_KEYS`` (the list the README's is compared with): the arrows move
the cursor, X and O put a piece, T switches the side to move, Enter plays, Esc goes
back to the game unchanged, …

The position is checked by the rules (``Game.from_diagram``) after every change: the
status line under the board says whose turn it is, or in one sentence why the position
cannot happen (floating discs, impossible counts, a game already over); Play refuses
such a position with that sentence. Play starts the game against the computer or
between two people (the choice on the right), and Undo later stops at this position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game.i18n import N_, NP_, _
from game.players import Human, Player, standard_players
from game.rules import Game, RulesError, new_game, set_up
from game.ui import draw
from game.ui.boards import BoardOverlay, BoardView, view_for
from game.ui.keys import EDITOR_KEYS, command_for
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, Segmented, WidgetGroup

if TYPE_CHECKING:
    from game.ui.app import App

MARGIN = 16
SIDE = 260
"""Width of the column of choices and buttons on the right."""
STATUS = 40


SET_UP_TITLES = {"othello": N_("Set up an Othello position"),
                 "gomoku": N_("Set up a Gomoku position"),
                 "connect4": N_("Set up a Connect-4 position"),
                 "tictactoe": N_("Set up a Tic-tac-toe position")}
"""The editor's title for each game (a whole phrase each: the article and the word order
differ by game and language)."""


class _Sketch:
    """What the board view draws: the edited cells on the look of ``template`` (labels,
    size). Not a game: the cells may hold what no game can reach while being edited."""

    def __init__(self, template: Game, cells: list[list[int | None]]) -> None:
        self._template = template
        self.cells = cells

    def __getattr__(self, name: str) -> Any:
        return getattr(self._template, name)

    def piece_at(self, x: int, y: int) -> int | None:
        return self.cells[y][x]

    def last_cell(self) -> None:
        return None

    def winning_line(self) -> list:
        return []

    def flipped_by_last_move(self) -> list:
        return []


class EditorScene(Scene):
    """Set up a position of ``game``'s kind and variant (starting from ``game``'s board).

    Args:
        app: the app.
        game: the game on the screen: its kind, variant and current board.
        players: the players on the screen (their level and evaluator are kept).
    """

    def __init__(self, app: App, game: Game, players: list[Player]) -> None:
        super().__init__(app)
        self.template = new_game(game.name, **game.variant())
        self.name = game.name
        self.variant = dict(game.variant())
        self.cells: list[list[int | None]] = [
            [game.piece_at(x, y) for x in range(game.width)] for y in range(game.height)]
        self.turn = game.turn
        self.old_players = list(players)
        humans = [i for i, p in enumerate(players) if not p.is_computer]
        self.who = "two" if len(humans) == 2 else "second" if humans == [1] else "first"
        self.cursor = (game.width // 2, game.height // 2)
        self.cursor_visible = False
        self.hover: tuple[int, int] | None = None
        self.message: tuple[str, str] | None = None  # (text, kind) said by an action
        self.view = view_for(game.name)
        self.widgets = WidgetGroup(arrows_move_focus=False)
        names = [_(name) for name in game.side_names]
        self.turn_choice = Segmented([(0, _("{side} to move").format(side=names[0])),
                                      (1, _("{side} to move").format(side=names[1]))],
                                     self.turn, self._set_turn,
                                     tooltip=_("The side to move (T)"), size=20)
        # Translators: which side the person plays ("You: Black").
        self.who_choice = Segmented([("first", _("You: {side}").format(side=names[0])),
                                     ("second", _("You: {side}").format(side=names[1])),
                                     ("two", _("Two people"))],
                                    self.who, self._set_who,
                                    tooltip=_("Against the computer, or two people"), size=18)
        self.b_clear = Button(_("Clear"), self.clear, tooltip=_("Empty the board (C)"))
        self.b_start = Button(_("Start position"), self.start_position,
                              tooltip=_("The usual start of the game (S)"))
        self.b_paste = Button(_("Paste"), self.paste,
                              tooltip=_("Paste a position or moves (Ctrl+V)"))
        # Translators: a button: play from the position set up.
        self.b_play = Button(NP_("button", "Play"), self.play, primary=True,
                             tooltip=_("Play from here (Enter)"))
        self.b_cancel = Button(_("Cancel"), self.cancel, tooltip=_("Back to the game (Esc)"))
        self.widgets.add(self.turn_choice, self.who_choice, self.b_clear, self.b_start,
                         self.b_paste, self.b_play, self.b_cancel)
        self._follow_counts()

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        side = min(SIDE, max(200, w // 3))
        self.side_rect = pygame.Rect(w - side - MARGIN, MARGIN, side, h - 2 * MARGIN)
        top = MARGIN + 44
        self.title_pos = (MARGIN, MARGIN + 18)
        self.board_area = pygame.Rect(MARGIN, top, w - side - 3 * MARGIN,
                                      h - top - MARGIN - STATUS)
        self.status_rect = pygame.Rect(MARGIN, self.board_area.bottom + 4,
                                       self.board_area.width, STATUS - 4)
        self.view.layout(self.board_area.inflate(-8, -8), self.template)
        x, y, bw = self.side_rect.x + 14, self.side_rect.y + 40, self.side_rect.width - 28
        self.turn_label_y = y
        self.turn_choice.rect = pygame.Rect(x, y + 24, bw, 38)
        y += 76
        self.who_label_y = y
        self.who_choice.rect = pygame.Rect(x, y + 24, bw, 38)
        y += 80
        for button in (self.b_clear, self.b_start, self.b_paste):
            button.rect = pygame.Rect(x, y, bw, 38)
            y += 46
        self.help_y = y + 4
        bottom = self.side_rect.bottom - 14
        half = (bw - 10) // 2
        self.b_cancel.rect = pygame.Rect(x, bottom - 42, half, 42)
        self.b_play.rect = pygame.Rect(x + half + 10, bottom - 42, bw - half - 10, 42)

    # --- the position -----------------------------------------------------------------------

    def diagram(self) -> str:
        """The edited cells as ``Game.from_diagram`` reads them (Othello: 64 squares)."""
        marks = {None: "-" if self.name == "othello" else ".", 0: "X", 1: "O"}
        rows = ["".join(marks[c] for c in row) for row in self.cells]
        return "".join(rows) if self.name == "othello" else "/".join(rows)

    def position(self) -> Game:
        """The edited position as a game; raises ``RulesError`` (one sentence) when it
        cannot happen."""
        options = {k: v for k, v in self.variant.items() if k in ("connect", "rule")}
        return set_up(self.name, self.diagram(), self.turn, **options)

    def check(self) -> tuple[str, str]:
        """The status line: ``(text, kind)``; kind ``error`` when the position is refused."""
        if self.message is not None:
            return self.message
        try:
            game = self.position()
        except RulesError as error:
            text = str(error)
            return text[:1].upper() + text[1:], "error"
        names = [_(name) for name in game.side_names]
        turn = names[game.turn]
        if game.legal_moves() == [-1]:
            turn = _("{side} has no move and passes first").format(side=turn)
        else:
            turn = _("{side} to move").format(side=turn)
        # Translators: {turn} is "Black to move"; a left click places {first}'s piece.
        return _("{turn} — Enter plays · left click {first}, right click {second}").format(
            turn=turn, first=names[0], second=names[1]), "turn"

    def _counted_turn(self) -> int | None:
        """Connect-4 and Gomoku: the side the counts give (``None`` when they give none)."""
        if self.name == "othello":
            return None
        first = sum(row.count(0) for row in self.cells)
        second = sum(row.count(1) for row in self.cells)
        return first - second if first - second in (0, 1) else None

    def _follow_counts(self) -> None:
        counted = self._counted_turn()
        if counted is not None:
            self.turn = counted
            self.turn_choice.index = counted

    def _changed(self) -> None:
        self.message = None
        self._follow_counts()

    def put(self, cell: tuple[int, int], side: int | None) -> None:
        """Put ``side``'s piece on ``cell`` (``None`` empties it); the same piece again
        removes it."""
        x, y = cell
        self.cells[y][x] = None if side is None or self.cells[y][x] == side else side
        self._changed()

    def clear(self) -> None:
        for row in self.cells:
            row[:] = [None] * len(row)
        self.turn = 0
        self.turn_choice.index = 0
        self._changed()

    def start_position(self) -> None:
        game = self.template
        self.cells = [[game.piece_at(x, y) for x in range(game.width)]
                      for y in range(game.height)]
        self.turn = game.turn
        self.turn_choice.index = game.turn
        self._changed()

    def paste(self) -> None:
        """The clipboard's position (or the position after its moves) into the editor."""
        from game.paste import PasteError, read_paste
        from game.ui.text_input import clipboard_text

        try:
            pasted = read_paste(clipboard_text(), self.template)
        except PasteError as error:
            self.message = (str(error)[:1].upper() + str(error)[1:], "error")
            return
        game = pasted.game
        if game.name != self.name or game.width != self.template.width \
                or game.height != self.template.height:
            self.message = (_("The clipboard holds {what}: paste it on the game screen "
                              "(Ctrl+V) to play it").format(what=pasted.what), "error")
            return
        self.cells = [[game.piece_at(x, y) for x in range(game.width)]
                      for y in range(game.height)]
        self.turn = game.turn
        self.turn_choice.index = game.turn
        self._changed()
        self.message = (_("Pasted {what}").format(what=pasted.what), "info")

    def copy(self) -> None:
        """Ctrl+C: the diagram and the side to move on the clipboard (what paste and
        ``--board``/``--turn`` read)."""
        from game.ui.text_input import set_clipboard_text

        text = f"{self.diagram()} {'XO'[self.turn]}"
        if set_clipboard_text(text):
            self.message = (_("Copied the position: paste it here or give it to --board"),
                            "info")
        else:
            self.message = (_("There is no clipboard to copy to"), "error")

    def _set_turn(self, value: int) -> None:
        self.turn = value
        self.message = None

    def _set_who(self, value: str) -> None:
        self.who = value

    def players(self) -> list[Player]:
        """The players chosen on the right; the computer (or engine) of the game stays."""
        computers = [p for p in self.old_players if p.is_computer]
        computer = computers[0] if computers else standard_players()[1]
        if self.who == "two":
            return [Human(), Human()]
        return [Human(), computer] if self.who == "first" else [computer, Human()]

    def play(self) -> None:
        """Play from the edited position, or say in the status line why it cannot be."""
        try:
            game = self.position()
        except RulesError as error:
            text = str(error)
            self.message = (text[:1].upper() + text[1:], "error")
            return
        self.app.start_game(game, self.players(), demo=False, remember=False)
        if self.app.play is not None:
            self.app.play.session.say(_("Playing from the set-up position: Undo stops here"),
                                      "info", 4.0)

    def cancel(self) -> None:
        self.app.pop_scene(self)

    # --- events -------------------------------------------------------------------------------

    def put_at_cursor(self, side: int | None) -> None:
        """X / O / Delete: put ``side``'s piece at the cursor (``None`` empties it)."""
        self.cursor_visible = True
        self.put(self.cursor, side)

    def switch_turn(self) -> None:
        self._set_turn(1 - self.turn)
        self.turn_choice.index = self.turn

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.widgets.handle_event(event)
            self.hover = self.view.cell_at(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if event.button == 1 and self.widgets.handle_event(event):
                return
            cell = self.view.cell_at(event.pos)
            if cell is not None:
                self.cursor, self.cursor_visible = cell, False
                self.put(cell, 0 if event.button == 1 else 1)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        self.widgets.handle_event(event)

    def _key(self, event: pygame.event.Event) -> None:
        """The keys of ``game.ui.keys.EDITOR_KEYS`` after the toolbar's (Tab; Enter and
        Space on a focused widget), which do not take Esc or Ctrl; below, the arrows."""
        key = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if key != pygame.K_ESCAPE and not ctrl and self.widgets.toolbar_key(event):
            return
        command = command_for(EDITOR_KEYS, event, loose=pygame.KMOD_SHIFT | pygame.KMOD_ALT)
        if command is not None:
            name, *arguments = command
            getattr(self, name)(*arguments)
        elif ctrl:
            return
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            if self.widgets.focus_visible and self.widgets.focus in (self.turn_choice,
                                                                     self.who_choice):
                self.widgets.handle_event(event)
                return
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key, 0)
            if self.cursor_visible:
                x, y = self.cursor
                self.cursor = (min(max(0, x + dx), self.template.width - 1),
                               min(max(0, y + dy), self.template.height - 1))
            self.cursor_visible = True
            self.widgets.set_focus(None)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        size = surface.get_size()
        surface.blit(draw.vertical_gradient(size, theme.background, theme.background_low),
                     (0, 0))
        title = SET_UP_TITLES.get(self.name)
        title = _(title) if title is not None else \
            _("Set up a {game} position").format(game=_(self.template.title))
        draw.blit_text(surface, title, 28, theme.text,
                       self.title_pos, "midleft", bold=True,
                       max_width=self.board_area.width)
        draw.rounded_rect(surface, self.side_rect, theme.card, 12, theme.border_width,
                          theme.card_border)
        # The views read only what _Sketch answers (cells, size, labels), not the rules.
        sketch = cast(Game, _Sketch(self.template, self.cells))
        self.view.draw_static(surface, sketch, theme)
        self.view.draw(surface, sketch, theme, BoardOverlay(), with_surface=False)
        if self.cursor_visible:  # one cell, even on Connect-4 (whose play cursor is a column)
            BoardView.draw_cursor(self.view, surface, theme, self.cursor)
        x = self.side_rect.x + 14
        draw.blit_text(surface, _("Side to move"), 20, theme.text, (x, self.turn_label_y),
                       "topleft", bold=True)
        draw.blit_text(surface, _("Players"), 20, theme.text, (x, self.who_label_y), "topleft",
                       bold=True)
        room = self.b_cancel.rect.top - 10 - self.help_y
        if room > 40:
            y = self.help_y
            # Translators: the editor's keys (X and O place the two sides' pieces).
            for line in (_("Keys: arrows, X, O, Del"), _("T turn · C clear · S start")):
                if y + 20 > self.help_y + room:
                    break
                draw.blit_text(surface, line, 17, theme.text_dim, (x, y), "topleft",
                               max_width=self.side_rect.width - 28)
                y += 22
        self._draw_status(surface)
        super().draw(surface)

    def _draw_status(self, surface: pygame.Surface) -> None:
        theme = self.theme
        text, kind = self.check()
        rect = self.status_rect
        colour = theme.danger if kind == "error" else theme.text
        if kind == "error":
            pill = pygame.Rect(rect.x, rect.y + 2, rect.width, rect.height - 4)
            draw.translucent_rect(surface, pill, theme.danger, 28, radius=8)
        draw.blit_text(surface, text, 21, colour, (rect.x + 12, rect.centery), "midleft",
                       max_width=rect.width - 24, min_size=15)


__all__ = ["EditorScene"]
