"""The play scene: toolbar, board, side panel and status line (which shows the result).

Input, in one place (everything with the mouse has a key too):

==============================  ==========================================
New game                        N, or the New button
Undo / Redo                     Ctrl+Z / Ctrl+Y or Ctrl+Shift+Z
Hint                            H
Review the game                 R, or the Review button (game/ui/scenes/review.py)
Analysis (top moves, why)       A, or the Analyse button; [ and ] preview its lines
Scores: chances, unit, points   U, or click the evaluation's value
Play                            click; arrows move the cursor, Enter/Space play;
                                Connect-4: digits 1-9, 0 drop in a column
Demo (computer vs computer)     Space pause/resume, S or Right step, + / - speed
Save / Open                     Ctrl+S / Ctrl+O
Settings                        Ctrl+, (or F2)
Keyboard help                   F1 or ?
Swap / swap2 choice (Gomoku)    B take Black, W take White, 2 place two more
Play on (a game opened to study) P, or the Play button in the status line
Move numbers on the stones      M (Gomoku; Othello's and Gomoku's in the review)
Close the innermost thing       Esc: a previewed line, the analysis card, the focus
Quit                            Esc, then Enter or Y (in a dialog, Esc closes it)
==============================  ==========================================
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ai.worker import WorkerReport
from game.clock import Snapshot, Timing
from game.i18n import NP_, _
from game.players import Computer, Player
from game.rules import PASS, Cell, Game, Move
from game.rules.othello import Othello
from game.ui import draw
from game.ui.boards import ANIMATION_FACTORS, BoardOverlay, view_for
from game.ui.boards.base import move_numbers
from game.ui.keys import PLAY_KEYS, command_for
from game.ui.opening_phase import (
    CHOICE_LABELS,
    CHOICE_SHORT,
    CHOICE_TIPS,
    OpeningPhase,
)
from game.ui.panel import Panel
from game.ui.scenes.base import Scene
from game.ui.scenes.play_bars import (
    draw_pass_toast,
    draw_status,
    draw_title,
    forbidden_cells,
    status_text,
)
from game.ui.session import DEMO_DELAYS, Session, is_computer
from game.ui.text_input import ctrl_held
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.review import ReviewScene

TOOLBAR = 60
HINT_PULSE = 3.0
"""Seconds the hint's ring pulses before it stays still."""
MARGIN = 16
STATUS = 40


class PlayScene(Scene):
    """A game on screen (see the module docstring for the controls)."""

    def __init__(self, app: App, game: Game, players: list[Player], *,
                 demo: bool = False, paused: bool = False,
                 scores: list[int | None] | None = None,
                 opening: dict[str, Any] | None = None, study: bool = False,
                 names: list[str | None] | None = None, timing: Timing | None = None,
                 clock_times: Snapshot | None = None) -> None:
        super().__init__(app)
        phase = OpeningPhase.from_record(opening, players, game.ply) \
            if opening is not None else None
        self.session = Session(game, players, worker=app.worker,
                               next_generation=app.next_generation, settings=app.settings,
                               evaluators=app.evaluator, demo=demo, paused=paused,
                               autosave=app.autosave, opening=phase, study=study,
                               names=names, timing=timing, clock_times=clock_times,
                               now=app.now)
        if scores:
            self.session.restore_scores(scores)
        self.view = view_for(game.name)
        self.panel = Panel()
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.toolbar_rect = pygame.Rect(0, 0, 0, 0)
        self.hover_cell: Cell | None = None
        self.mouse_pos = (0, 0)
        self.cursor: Cell = self._initial_cursor()
        self.cursor_visible = False
        self._mouse_in_lines = False
        self._choice_left = 0
        self.time = 0.0
        self.result_shown_at: float | None = None
        self._hint_seen: tuple[Move, float] | None = None
        """The hint on the board and when it appeared (its ring pulses for a while)."""
        self.tallied = False
        """This game's result is in the tally of results against the computer."""
        self._message_at_end: tuple[str, float] | None = None
        """The status message current when the result came up (it gives way to the result)."""
        self.pass_toast_until = 0.0
        self._last_review: ReviewScene | None = None
        """Show "<side> passes" over the board until then (after the pass was played)."""
        self.session.is_animating = lambda: self.view.animating
        self.session.on_move = self._moved
        self.session.on_position = self._position_changed
        self.widgets = WidgetGroup(arrows_move_focus=False)
        self._build_toolbar()
        self._refresh_buttons()

    # --- toolbar --------------------------------------------------------------------------

    def _build_toolbar(self) -> None:
        s = self.session
        # Translators: the toolbar's buttons are short (one word where possible).
        self.b_new = Button(_("New"), self.new_game, tooltip=_("New game (N)"))
        self.b_undo = Button(_("Undo"), self.undo, tooltip=_("Take back (Ctrl+Z)"))
        self.b_redo = Button(_("Redo"), self.redo, tooltip=_("Replay (Ctrl+Y)"))
        self.b_hint = Button(_("Hint"), self.hint, tooltip=_("Suggest a move (H)"))
        # Translators: a button that opens the search tree of the position.
        self.b_tree = Button(_("Tree"), self.tree, tooltip=_("Watch minimax and alpha-beta "
                                                             "search this position (T)"))
        self.b_review = Button(_("Review"), self.review, tooltip=_("Judge every move (R)"))
        self.b_edit = Button(_("Edit"), self.edit, tooltip=_("Set up a position (E); "
                                                             "Ctrl+V pastes one"))
        self.b_analyse = Button(_("Analyse"), self.toggle_analysis,
                                tooltip=_("Top moves, their lines and why (A)"))
        self.b_pause = Button(_("Pause"), self.toggle_pause, tooltip=_("Pause / resume (Space)"))
        self.b_step = Button(_("Step"), self.step, tooltip=_("Play one move (S or Right)"))
        self.b_slower = Button("−", lambda: s.change_speed(-1), tooltip=_("Slower (−)"))
        self.b_faster = Button("+", lambda: s.change_speed(1), tooltip=_("Faster (+)"))
        # Translators: "Open" a saved game (a file).
        self.b_open = Button(NP_("file", "Open"), self.open_file,
                             tooltip=_("Open a saved game (Ctrl+O)"))
        self.b_save = Button(_("Save"), self.save_file, tooltip=_("Save this game (Ctrl+S)"))
        self.b_settings = Button(_("Settings"), self.settings, tooltip=_("Settings (Ctrl+,)"))
        self.b_help = Button("?", self.help, tooltip=_("Keyboard shortcuts (F1)"))
        self.b_quit = Button(_("Quit"), self.app.quit, tooltip=_("Quit (Esc, then Enter)"))
        left = [self.b_new, self.b_undo, self.b_redo]
        left += [self.b_pause, self.b_step, self.b_slower, self.b_faster] if s.demo \
            else [self.b_hint]
        left += [self.b_analyse, self.b_tree, self.b_review, self.b_edit]
        self.left_buttons = left
        self.right_buttons = [self.b_open, self.b_save, self.b_settings, self.b_help, self.b_quit]
        self.widgets.add(*left, *self.right_buttons)
        # A swap opening's choice: shown at the right of the status line while a person
        # must choose (the keys B, W and 2 do the same).
        self.choice_buttons = {
            choice: Button(_(label), partial(self.choose_opening, choice), size=19,
                           tooltip=_(CHOICE_TIPS[choice]))
            for choice, label in CHOICE_LABELS.items()}
        self.widgets.add(*self.choice_buttons.values())
        # A game opened for study: Play hands the sides to the file's players (P too).
        # Translators: a button: the players of an opened game play on from here.
        self.b_play_on = Button(NP_("button", "Play"), self.play_on, size=19,
                                tooltip=_("Let the players of this game play on (P)"))
        self.widgets.add(self.b_play_on)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.toolbar_rect = pygame.Rect(0, 0, w, TOOLBAR)
        panel_w = max(300, min(400, round(w * 0.3)))
        top = TOOLBAR + 8
        self.panel.layout(pygame.Rect(w - panel_w - MARGIN, top, panel_w, h - top - MARGIN),
                          analysis=self.session.analysis_on)
        board_w = w - panel_w - 3 * MARGIN
        self.board_area = pygame.Rect(MARGIN, top, board_w, h - top - MARGIN - STATUS)
        self.status_rect = pygame.Rect(MARGIN, self.board_area.bottom + 4, board_w, STATUS - 4)
        x = self.status_rect.right
        for choice, button in self.choice_buttons.items():  # short when the line is narrow
            button.text = _(CHOICE_LABELS[choice])
        if sum(b.preferred_width() + 6 for b in self.choice_buttons.values()) > \
                self.status_rect.width - 260:
            for choice, button in self.choice_buttons.items():
                button.text = _(CHOICE_SHORT[choice])
        for button in reversed(list(self.choice_buttons.values())):
            bw = button.preferred_width()
            button.rect = pygame.Rect(x - bw, self.status_rect.y + 1, bw,
                                      self.status_rect.height - 2)
            x -= bw + 6
        self._choice_left = x
        bw = self.b_play_on.preferred_width()
        self.b_play_on.rect = pygame.Rect(self.status_rect.right - bw, self.status_rect.y + 1,
                                          bw, self.status_rect.height - 2)
        self.view.layout(self.board_area.inflate(-8, -8), self.session.game)
        self._layout_toolbar(w)
        self.panel.follow_latest(self.session)

    def _layout_toolbar(self, w: int) -> None:
        """Buttons left and right; narrower (down to their text) when the window is narrow."""
        bh = 38
        buttons = self.left_buttons + self.right_buttons

        tight = 0  # 1: tighter padding; 2: tightest (a language with longer words)

        def width(b: Button, roomy: bool) -> int:
            if len(b.text) == 1:
                return 44 if roomy else 30 if tight else 36
            text = max(b.preferred_width(), draw.text_size(_("Resume"), b.size)[0] + 28) \
                if b is self.b_pause else b.preferred_width()
            return max(68, text) if roomy else text - (10, 14, 18)[tight]

        for b in buttons:
            b.size = 22
        roomy = sum(width(b, True) for b in buttons) + 8 * len(buttons) + 2 * MARGIN <= w
        gap = 8 if roomy else 6
        if sum(width(b, False) for b in buttons) + gap * len(buttons) + 2 * MARGIN > w:
            for b in buttons:  # the demo's full toolbar at the smallest width: smaller text
                b.size = 19
            if sum(width(b, False) for b in buttons) + gap * len(buttons) + 2 * MARGIN > w:
                tight, gap = 1, 4  # and, if that is not enough, tighter padding
            while sum(width(b, False) for b in buttons) + gap * len(buttons) + 2 * MARGIN > w \
                    and buttons[0].size > 16:  # a language with longer words: smaller still
                for b in buttons:
                    b.size -= 1
            if sum(width(b, False) for b in buttons) + gap * len(buttons) + 2 * MARGIN > w:
                tight, gap = 2, 3
        x = MARGIN
        for b in self.left_buttons:
            bw = width(b, roomy)
            b.rect = pygame.Rect(x, (TOOLBAR - bh) // 2, bw, bh)
            x += bw + gap
        x_right = w - MARGIN
        for b in reversed(self.right_buttons):
            bw = width(b, roomy)
            b.rect = pygame.Rect(x_right - bw, (TOOLBAR - bh) // 2, bw, bh)
            x_right -= bw + gap
        self._toolbar_title_space = (x + 8, x_right - 8)

    # --- helpers ---------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    def _factor(self) -> float:
        return ANIMATION_FACTORS.get(self.app.settings.animation_speed, 1.0)

    def _initial_cursor(self) -> Cell:
        game = self.session.game
        if game.name == "othello":
            return self._nearest_legal((game.width // 2, game.height // 2))
        return (game.width // 2, game.height // 2)

    def _nearest_legal(self, near: Cell) -> Cell:
        found = [self.game.move_cell(m) for m in self.game.legal_moves() if m != PASS]
        cells = [c for c in found if c is not None]
        if not cells:
            return near
        return min(cells, key=lambda c: (abs(c[0] - near[0]) + abs(c[1] - near[1]), c[1], c[0]))

    def _moved(self, move: Move, computer: bool) -> None:
        """A move was pushed: animate it and play its sound."""
        game = self.game
        self.view.animate_move(game, self._factor())
        sounds = self.app.sounds
        if move == PASS:
            self.pass_toast_until = self.time + 1.2 * max(0.5, self._factor())
        elif game.name == "connect4":
            sounds.play("drop")
        else:
            sounds.play("place")
            if isinstance(game, Othello) and game.flipped_by_last_move():
                sounds.play("flip")
        if game.is_over():
            self._game_ended()

    def _game_ended(self) -> None:
        """The game just ended (a move, or a flag): its sound, and the tally."""
        outcome = self.session.outcome()
        humans = self.session.humans
        lost = (len(humans) == 1 and outcome is not None and outcome.winner is not None
                and outcome.winner not in humans)
        self.app.sounds.play("lose" if lost else "win")
        self._count_result()

    def _count_result(self) -> None:
        """Add the finished game to the tally of results against the computer: once per
        game on screen (an undo and a second ending do not count twice), only for a
        person against the computer, and only for endings played here."""
        s, outcome = self.session, self.session.outcome()
        if self.tallied or outcome is None or len(s.humans) != 1 or s.study \
                or not self.app.save_on_quit:
            return
        person = s.humans[0]
        result = "draw" if outcome.winner is None else \
            "win" if outcome.winner == person else "loss"
        try:  # against a level, or an outside engine by its name (game.tally)
            from game.tally import record_result
            record_result(self.game.name, s.players[1 - person], result)
        except ValueError:  # a computer without a level: not counted
            return
        self.tallied = True

    def _position_changed(self) -> None:
        self.result_shown_at = None
        self.panel.follow_latest(self.session)
        if self.game.name == "othello":
            legal = [self.game.move_cell(m) for m in self.game.legal_moves() if m != PASS]
            if self.cursor not in legal:
                self.cursor = self._nearest_legal(self.cursor)

    def wants_frames(self) -> bool:
        s = self.session
        return (self.view.animating or s.pending is not None or s.ready is not None
                or self._hint_pulsing() or s.forced_pass() or (
                    self.result_shown_at is not None and self.time - self.result_shown_at < 1)
                or (s.demo and not s.paused and not s.is_over()))

    def _hint_pulsing(self) -> bool:
        """The hint's ring pulses for ``HINT_PULSE`` seconds, then stays still (so a hint
        left on the board does not keep the window drawing 60 frames a second)."""
        seen = self._hint_seen
        return (self.session.hint is not None and seen is not None
                and seen[0] == self.session.hint and self.time - seen[1] < HINT_PULSE)

    def wake_in(self) -> float | None:
        """The next change with no input: a message or the pass notice ending, a
        clock's next second, a tooltip."""
        s = self.session
        # A running clock redraws once a second (when its shown time changes), not
        # every frame.
        times = [t for t in (s.message_until - s.time if s.message else None,
                             self.pass_toast_until - self.time, s.clock_wake(),
                             super().wake_in())
                 if t is not None and 0 <= t < float("inf")]
        return min(times) if times else None

    def on_cover(self) -> None:
        super().on_cover()
        self.hover_cell = None

    def close_session(self) -> None:
        self.session.shutdown()

    def on_close(self) -> None:
        self.session.shutdown()

    # --- actions ----------------------------------------------------------------------------

    def new_game(self) -> None:
        s = self.session
        players = s.players
        if s.opening is not None:  # the start screen lists first and second, not colours
            self.app.last_opening = s.opening.kind
            players = s.opening.participants
        self.app.show_start(dialog=True, game=self.game.name, variant=self.game.variant(),
                            players=players)

    def undo(self) -> None:
        if self.session.undo():
            self.view.clear_animations()

    def redo(self) -> None:
        if self.session.redo_moves():
            self.view.clear_animations()

    def hint(self) -> None:
        if self.session.request_hint():
            self.app.sounds.play("hint")

    def tree(self) -> None:
        """Open the search-tree explorer on the position on the board."""
        from game.ui.scenes.tree import TreeScene
        computers = [p for p in self.session.players if isinstance(p, Computer)]
        preset = computers[0].evaluator_name(self.game.name) if computers else "default"
        self.app.push_scene(TreeScene(self.app, self.game, preset=preset))

    def review(self) -> None:
        """Open the review of the moves played so far (the game waits meanwhile)."""
        if not self.game.move_stack:
            self.session.say(_("No moves to review yet"), "info", 2.0)
            return
        from game.ui.scenes.review import ReviewScene
        scene = ReviewScene(self.app, self.session, earlier=self._last_review)
        self._last_review = scene  # R again, after Back or more moves: no work done twice
        self.app.push_scene(scene)

    def edit(self) -> None:
        """Open the board editor on the position on the board."""
        from game.ui.scenes.editor import EditorScene
        self.app.push_scene(EditorScene(self.app, self.game, self.session.players))

    def paste(self) -> None:
        """Ctrl+V: play from the clipboard's position or moves (any game); a paste that
        does not read is one sentence in the status line and the game stays."""
        from game.paste import PasteError, read_paste
        from game.ui.text_input import clipboard_text
        try:
            pasted = read_paste(clipboard_text(), self.game)
        except PasteError as error:
            text = str(error)
            self.session.say(text[:1].upper() + text[1:], "error", 6.0)
            return
        s, app = self.session, self.app
        players = list(s.players)
        if pasted.game.name != self.game.name:  # engines and evaluators are per game
            players = app.settings.players_for(pasted.game.name)
        demo = s.demo and all(p.is_computer for p in players)

        def go() -> None:
            app.start_game(pasted.game, players, demo=demo, paused=demo, remember=False,
                           study=True)
            if app.play is not None:
                # Translators: {what} says what was pasted ("a Connect-4 position").
                app.play.session.say(_("Pasted {what}").format(what=pasted.what), "info", 5.0)

        if self.game.move_stack and not self.game.is_over():
            from game.ui.scenes.confirm import ConfirmDialog
            app.push_scene(ConfirmDialog(app, _("Replace this game?"),
                                         _("The clipboard holds {what}. Enter or Y plays it; "
                                           "Esc keeps this game.").format(what=pasted.what),
                                         _("Replace"), go))
        else:
            go()

    def toggle_pause(self) -> None:
        self.session.toggle_pause()

    def toggle_scores(self) -> None:
        """U: the scores as winning chances, in the game's unit, or in raw points."""
        self.session.toggle_raw()

    def toggle_move_numbers(self) -> None:
        """M: number the stones in the order played (a setting: Gomoku here, Gomoku and
        Othello in the review)."""
        settings = self.app.settings
        settings.move_numbers = not settings.move_numbers
        self.app.apply_settings()
        if self.game.name == "gomoku":
            text = _("Move numbers on") if settings.move_numbers else _("Move numbers off")
        elif settings.move_numbers:
            text = _("Move numbers on (on Gomoku stones; here in the review)")
        else:
            text = _("Move numbers off (on Gomoku stones; here in the review)")
        self.session.say(text, "info", 2.5)

    def play_on(self) -> None:
        """P or Play: end the study of an opened game (or resume a paused demo)."""
        if not self.session.play_on():
            self.session.say(_("Already playing"), "info", 1.5)
        self._refresh_buttons()

    def toggle_analysis(self) -> None:
        """Open or close the analysis card (and its search)."""
        self.session.toggle_analysis()
        self.panel.hover_line = None
        self.panel.layout(self.panel.rect, analysis=self.session.analysis_on)
        self.panel.follow_latest(self.session)

    def step_preview(self, delta: int) -> None:
        """Select the next (``+1``) or previous (``-1``) analysis line to preview;
        stepping past either end clears the preview."""
        s = self.session
        if not s.analysis_on or s.analysis is None or not s.analysis.lines:
            return
        count = len(s.analysis.lines)
        current = self.panel.hover_line
        if current is None:
            self.panel.hover_line = 0 if delta > 0 else count - 1
        else:
            nxt = current + delta
            self.panel.hover_line = nxt if 0 <= nxt < count else None

    def step(self) -> None:
        self.session.step()

    def open_file(self) -> None:
        from game.ui.scenes.files import FileDialog
        self.app.push_scene(FileDialog(self.app, "open"))

    def save_file(self) -> None:
        from game.ui.scenes.files import FileDialog
        self.app.push_scene(FileDialog(self.app, "save"))

    def settings(self) -> None:
        from game.ui.scenes.settings import SettingsDialog
        self.app.push_scene(SettingsDialog(self.app))

    def help(self) -> None:
        from game.ui.scenes.help import HelpDialog
        self.app.push_scene(HelpDialog(self.app))

    def escape(self) -> None:
        """Esc closes the innermost thing first: a previewed analysis line, then the
        analysis card, then the keyboard's focus on a toolbar button; only then does it
        ask whether to quit."""
        if self.session.analysis_on and self.panel.hover_line is not None \
                and not self._mouse_in_lines:
            self.panel.hover_line = None
        elif self.session.analysis_on:
            self.toggle_analysis()
        elif self.widgets.focus_visible and self.widgets.focus is not None:
            self.widgets.focus_visible = False
            self.widgets.focus = None
        else:
            self.ask_quit()

    def ask_quit(self) -> None:
        """Esc: quitting asks first, so an Esc too many after closing a dialog is harmless."""
        from game.ui.scenes.confirm import ConfirmDialog
        self.app.push_scene(ConfirmDialog(self.app, _("Quit Plies?"),
                                          _("Enter or Y quits; Esc goes back to the game."),
                                          _("Quit"), self.app.quit))

    def person_choices(self) -> tuple[str, ...]:
        """The swap choices a person must make now (``()`` when none is due)."""
        phase = self.session.opening
        if phase is None or self.game.is_over():
            return ()
        choices = phase.choosing(self.game.ply)
        who = phase.actor(self.game.ply)
        if not choices or is_computer(phase.participants[0 if who == "first" else 1]):
            return ()
        return choices

    def choose_opening(self, choice: str) -> bool:
        """A person's choice in a swap opening (a button or B / W / 2)."""
        done = self.session.choose_opening(choice)
        if done:
            self.app.sounds.play("place")
        self._refresh_buttons()
        return done

    def play_cell(self, cell: Cell) -> bool:
        """A person plays at ``cell`` (a column for Connect-4)."""
        s = self.session
        if not s.human_to_move():
            if not self.game.is_over() and is_computer(s.players[self.game.turn]):
                s.say(_("Wait for the computer's move"), "info", 1.5)
            return False
        move = self.view.click(self.game, cell)
        if move is None:
            return False
        if move not in self.game.legal_moves():
            self.app.sounds.play("illegal")
            s.say(self.game.illegal_reason(move), "error", 2.5)
            return False
        self.view.clear_animations()  # a quick player need not wait for the last one
        return s.play(move)

    def handle_report(self, report: WorkerReport) -> None:
        self.session.handle_report(report)

    # --- events ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._refresh_buttons()
        if event.type == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            self.widgets.handle_event(event)
            # Hovering an analysis line previews it; leaving the card ends the preview
            # (one chosen with [ and ] stays while the mouse is elsewhere).
            inside = self.panel.lines_rect.collidepoint(event.pos)
            if inside:
                self.panel.hover_line = self.panel.line_at(event.pos, self.session)
            elif self._mouse_in_lines:
                self.panel.hover_line = None
            self._mouse_in_lines = inside
            cell = self.view.cell_at(event.pos)
            if cell != self.hover_cell:
                self.hover_cell = cell
                if cell is not None:
                    self.cursor_visible = False
            return
        if event.type == pygame.MOUSEWHEEL:
            self.panel.handle_wheel(self.mouse_pos, event.y, self.session)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.widgets.handle_event(event):
                return
            if self.panel.value_rect.collidepoint(event.pos):
                self.session.toggle_raw()
                return
            ply = self.panel.ply_at(event.pos, self.session)
            if ply is not None:  # the graph: go to that move (study, people, demo)
                if self.session.go_to(ply):
                    self.view.clear_animations()
                elif not self.session.can_jump():
                    self.session.say(_("The graph takes you to a move in study, between "
                                       "people, or in a paused demo"), "info", 3.0)
                return
            cell = self.view.cell_at(event.pos)
            self.hover_cell = cell
            if cell is not None:
                self.cursor_visible = False
                self.cursor = cell
                self.play_cell(cell)
            return
        if event.type == pygame.MOUSEBUTTONUP:
            self.widgets.handle_event(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        self.widgets.handle_event(event)

    def _key(self, event: pygame.event.Event) -> None:
        """The keys of ``game.ui.keys.PLAY_KEYS`` (the help card's list); below, the keys
        that depend on the moment (a swap opening's choice, a demo, the board)."""
        key, s = event.key, self.session
        command = command_for(PLAY_KEYS, event)
        if command is not None:
            name, *arguments = command
            getattr(self, name)(*arguments)
        elif ctrl_held(event) or getattr(event, "mod", 0) & pygame.KMOD_ALT:
            return
        elif self.person_choices() and key in (pygame.K_b, pygame.K_w, pygame.K_2,
                                                pygame.K_KP2):
            choice = {pygame.K_b: "black", pygame.K_w: "white"}.get(key, "place-two")
            if not self.choose_opening(choice):
                # Translators: {choices} lists the choice names as the program knows them
                # ("black, white, place-two").
                s.say(_("That is not a choice now: {choices}").format(
                    choices=", ".join(self.person_choices())), "error", 3.0)
        elif self.widgets.toolbar_key(event):
            return
        elif s.demo and key == pygame.K_SPACE:
            self.toggle_pause()
        elif s.demo and key in (pygame.K_s, pygame.K_RIGHT):
            self.step()
        elif s.demo and key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            s.change_speed(1)
        elif s.demo and key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            s.change_speed(-1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._move_cursor(key)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.cursor_visible = True
            self.play_cell(self.cursor)
        elif self.game.name == "connect4" and pygame.K_0 <= key <= pygame.K_9:
            self._digit(key - pygame.K_0)
        elif self.game.name == "connect4" and pygame.K_KP1 <= key <= pygame.K_KP9:
            self._digit(key - pygame.K_KP1 + 1)
        elif self.game.name == "connect4" and key == pygame.K_KP0:
            self._digit(0)

    def _digit(self, digit: int) -> None:
        column = 9 if digit == 0 else digit - 1
        if column < self.game.width:
            self.cursor = (column, self.cursor[1])
            self.play_cell(self.cursor)

    def _move_cursor(self, key: int) -> None:
        if self.widgets.focus_visible:
            self.widgets.focus_visible = False
            self.widgets.focus = None
        if not self.cursor_visible:
            self.cursor_visible = True  # the first press shows the cursor where it is
            return
        dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key, 0)
        dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key, 0)
        x = min(self.game.width - 1, max(0, self.cursor[0] + dx))
        y = min(self.game.height - 1, max(0, self.cursor[1] + dy))
        self.cursor = (x, y)

    # --- frame ----------------------------------------------------------------------------------

    def update(self, dt: float) -> bool | None:
        self.time += dt
        hint = self.session.hint
        if hint is None:
            self._hint_seen = None
        elif self._hint_seen is None or self._hint_seen[0] != hint:
            self._hint_seen = (hint, self.time)
        self.view.update(dt)
        flag = self.session.flag
        self.session.update(dt)
        if flag is None and self.session.flag is not None:
            self._game_ended()  # lost on time: no move announced it
        self.widgets.update(dt)
        self._refresh_buttons()
        if self.session.is_over() and not self.view.animating and self.result_shown_at is None:
            self.result_shown_at = self.time
            self._message_at_end = (self.session.message, self.session.message_until)
            return True
        return None

    def _refresh_buttons(self) -> None:
        """Enable the toolbar buttons that can act now (also before input is handled)."""
        s = self.session
        self.b_undo.enabled = s.undo_target() is not None
        self.b_redo.enabled = bool(s.redo)
        self.b_hint.enabled = s.human_to_move() and s.pending != "hint"
        self.b_review.enabled = bool(self.game.move_stack)
        self.b_pause.text = _("Resume") if s.paused else _("Pause")
        self.b_pause.enabled = not s.is_over()
        self.b_step.enabled = not s.is_over()
        self.b_slower.enabled = s.demo_speed > 0
        self.b_faster.enabled = s.demo_speed < len(DEMO_DELAYS) - 1
        choices = self.person_choices()
        for choice, button in self.choice_buttons.items():
            button.visible = choice in choices
        self.b_play_on.visible = s.study and not choices

    # --- drawing ------------------------------------------------------------------------------

    def board_overlay(self) -> BoardOverlay:
        """What the board view should show besides the position (pure)."""
        s, game = self.session, self.game
        overlay = BoardOverlay(mover=game.turn, time=self.time)
        can_play = s.human_to_move() and not self.view.animating and not self.person_choices()
        if can_play:
            cell = self.cursor if self.cursor_visible else self.hover_cell
            if cell is not None:
                move = game.move_at(*cell)
                if game.name == "connect4":
                    if move is not None and move in game.legal_moves():
                        overlay.ghost = (cell, game.turn)
                elif move is not None and move in game.legal_moves():
                    overlay.ghost = (cell, game.turn)
            if self.app.settings.legal_move_markers and game.name == "othello":
                overlay.legal = [c for c in (game.move_cell(m) for m in game.legal_moves()
                                             if m != PASS) if c is not None]
            if s.hint is not None:
                overlay.hint = game.move_cell(s.hint)
            elif s.analysis_on and s.analysis is not None and s.analysis.lines \
                    and s.analysis.lines[0].move != PASS:
                # Studying with the analysis open: the engine's best move is ringed.
                overlay.hint = game.move_cell(s.analysis.lines[0].move)
        overlay.forbidden = forbidden_cells(game)
        if s.opening is not None:
            stones = 5 if s.opening.opening.choices[:1] == ["place-two"] else 3
            # move_cell is None for a taken point: ask it of the position before each stone.
            probe = game.copy()
            while probe.ply > stones:
                probe.pop()
            cells = []
            while probe.move_stack:
                move = probe.pop()
                cells.append((probe.move_cell(move), probe.ply))
            overlay.opening = [(c, ply % 2, ply + 1) for c, ply in reversed(cells)
                               if c is not None]
        if self.app.settings.move_numbers and game.name == "gomoku":
            overlay.opening = move_numbers(game)  # every stone numbered (M), as Yixin does
        if self.cursor_visible and can_play:
            overlay.cursor = self.cursor
        if self.app.settings.show_thinking:
            overlay.scores = s.root_scores()
        if s.analysis_on and self.panel.hover_line is not None:
            overlay.preview = s.analysis_line_cells(self.panel.hover_line)
            overlay.ghost = None
        return overlay

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        surface.blit(self._static_layer(surface.get_size()), (0, 0))
        draw_title(self, surface)
        self.view.draw(surface, self.game, theme, self.board_overlay(), with_surface=False)
        self.panel.draw(surface, theme, self.session, self.time)
        draw_status(self, surface)
        draw_pass_toast(self, surface)
        self.widgets.draw(surface, theme)
        self.widgets.draw_tooltip(surface, theme)

    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """Background, toolbar band, card and board shadows: redrawn only on a change of
        size, theme or board (memoised, so drawing stays free of state changes)."""
        theme, game = self.theme, self.game
        key = ("play-static", size, theme.name, tuple(self.view.board_rect),
               self.panel.static_key(), game.name, tuple(sorted(game.variant().items())))

        def make() -> pygame.Surface:
            layer = pygame.Surface(size)
            layer.blit(draw.vertical_gradient(size, theme.background, theme.background_low),
                       (0, 0))
            bar = self.toolbar_rect
            pygame.draw.rect(layer, theme.card, bar)
            pygame.draw.line(layer, theme.card_border, (0, bar.bottom - 1),
                             (bar.right, bar.bottom - 1), theme.border_width)
            self.panel.draw_static(layer, theme)
            self.view.draw_static(layer, game, theme)
            return layer

        return draw.memo(key, make)

    def status_text(self) -> tuple[str, str]:
        """The status line: ``(text, kind)`` with kind ``info``/``error``/``turn``/``result``
        (``game.ui.scenes.play_status``)."""
        return status_text(self)


__all__ = ["PlayScene"]  # untranslated: identifiers
