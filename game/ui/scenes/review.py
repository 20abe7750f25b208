"""The Review scene: every move of the game judged, its mistakes one key away.

Opened from the play scene (the Review button or R) for the game on screen — a game
just finished, or any record opened from a file. The review runs on the app's one
worker thread (``SearchWorker.run_job``, the same generation and cancel rules as the
computer's moves), so the window stays alive; the game underneath is paused while
the review is open and goes on where it was when the review closes.

On screen: the position after the selected move (as lichess shows a step), the move
played marked with its label and the better move a ring marked "better"; a summary
per side (accuracy, counts per label) with a progress bar while the review runs; the
winning chances over the game (for the window's one side: the person's against the
computer, else the first player) with the judged mistakes marked; the move list with
each move's label.

Every key is in ``game.ui.keys.REVIEW_KEYS``, the list the key handler and the README's
table read.

Some 820 lines, over the 800 the window's modules aim for: the job, the navigation
and the four panes (board, summary, graph, move list) all read the same review and
selection, and the panes are each too small (40 to 75 lines) to stand alone; the move
list with its graph is the part to split out if the scene grows.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pygame

from ai.explain.review import (DEFAULT_DEPTH, LABELS, GameReview, MoveReview, ReviewLimits,
                               review_game, side_summary)
from ai.worker import WorkerReport
from game.clock import amount_text, move_seconds_text
from game.i18n import N_, _, percent
from game.players import Computer, Engine
from game.rules import PASS, Game
from game.ui import draw
from game.ui.boards import BoardOverlay, view_for
from game.ui.boards.base import move_numbers
from game.ui.keys import REVIEW_KEYS, command_for
from game.ui.panel import pass_name, side_dot
from game.ui.scenes.base import Scene
from game.ui.theme import Theme, icon_outline, mix, readable_on, visible_on
from game.ui.widgets import Button, Choice, WidgetGroup

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import Session

TOOLBAR = 60
MARGIN = 16
STATUS = 40
ROW = 26

MISTAKES = ("inaccuracy", "mistake", "blunder")
"""The labels M and Shift+M jump between."""

DEEPER = 3
"""How many plies past the game's default depth the Depth choice goes. Three plies more
cost 4 to 17 times as long per position (``plies analyse`` of one early position per
game, CPU seconds on the shared 2-core machine: Connect-4 depth 8 → 11 0.14 → 0.49,
Othello 6 → 9 0.24 → 4.1, Gomoku 5 → 8 0.20 → 0.84), so a review further down than
that would take too long for a whole game."""

REVIEW_TIMES = (0.5, 1.0, 2.0, 5.0)
"""The times per position the choice offers after the depths (seconds; the search then
goes as deep as the time allows, as the top levels do with their 3-6 s a move). A game
of 60 moves takes about a minute per second chosen, a little more where the move played
is searched on its own."""

FIRST_TIME = 1.0
"""The time T picks when the review was judging by depth (until another is chosen)."""

LIMIT_CHOICE_W = 160

MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}

LABEL_WORDS = {"best": N_("best"), "good": N_("good"), "inaccuracy": N_("inaccuracy"),
               "mistake": N_("mistake"), "blunder": N_("blunder")}
"""Each label of ``ai.explain.review.LABELS`` as a person reads it (translate with ``_()``)."""

COUNTED = {"best": N_("{n} best"), "good": N_("{n} good")}
"""The summary's pills for the labels without a mark ("3 best"); the others read
``"2 ?!"``."""


def label_word(label: str) -> str:
    """``label`` (``"mistake"``) in the language spoken."""
    return _(LABEL_WORDS[label]) if label in LABEL_WORDS else label


def depths_for(game_name: str) -> list[int]:
    """The depths the review's Depth choice offers for ``game_name``.

    >>> depths_for("othello")
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    return list(range(1, DEFAULT_DEPTH.get(game_name, 4) + DEEPER + 1))


def limit_options(game_name: str, current: ReviewLimits) -> list[tuple[ReviewLimits, str]]:
    """The review choice's options: the depths, then the times (``current`` included).

    >>> [label for _limits, label in limit_options("connect4", ReviewLimits(seconds=3))][-6:]
    ['Depth 11', 'Time 0.5 s', 'Time 1 s', 'Time 2 s', 'Time 3 s', 'Time 5 s']
    """
    depths, times = set(depths_for(game_name)), set(REVIEW_TIMES)
    if current.seconds is not None:
        times.add(current.seconds)
    elif current.depth is not None:
        depths.add(current.depth)
    return [(ReviewLimits(depth=d), _("Depth {depth}").format(depth=d)) for d in sorted(depths)] \
        + [(ReviewLimits(seconds=t), _("Time {seconds} s").format(seconds=amount_text(t)))
           for t in sorted(times)]


def _kind(limits: ReviewLimits) -> str:
    """``"time"`` for a time per position, else ``"depth"``."""
    return "depth" if limits.seconds is None else "time"


def label_colour(theme: Theme, label: str) -> tuple[int, int, int]:
    """The colour of a label, readable on the theme's cards."""
    base = {
        "best": theme.success,
        "good": mix(theme.card, theme.text, 0.45),
        "inaccuracy": (226, 168, 20),
        "mistake": (236, 116, 28),
        "blunder": theme.danger,
    }[label]
    return visible_on(base, theme.card, 2.2)


class ReviewScene(Scene):
    """The review of ``session``'s game (see the module docstring).

    ``limits`` default to the depth or time an ``earlier`` review of the same game was
    left at (the person's last choice in this window), else the game's default depth.
    """

    def __init__(self, app: App, session: Session, limits: ReviewLimits | None = None,
                 preset: str = "default", earlier: ReviewScene | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.preset = preset
        self.game: Game = session.game.copy()
        self.players = list(session.players)
        self.moves = list(self.game.move_stack)
        self.sides = self._movers()
        if limits is None and earlier is not None and earlier.game.name == self.game.name:
            limits = earlier.limits
        self.limits: ReviewLimits = (limits or ReviewLimits()).for_game(self.game.name)
        self.results: list[MoveReview] = self._reusable(earlier)
        self._other_limits: dict[ReviewLimits, list[MoveReview]] = {}
        """The judgements made at the depths and times left behind, back when chosen
        again."""
        self._last = {"depth": ReviewLimits(depth=DEFAULT_DEPTH.get(self.game.name, 4)),
                      "time": ReviewLimits(seconds=FIRST_TIME)}
        """The depth and the time D and T return to from the other kind."""
        if earlier is not None and earlier.game.name == self.game.name:
            self._last.update(earlier._last)
        self._last[_kind(self.limits)] = self.limits
        self.running = False
        self.error = ""
        self.generation = 0
        self.selected = len(self.moves) - 1
        self.scroll = 0
        self.view = view_for(self.game.name)
        self.before = self._position_before(self.selected)
        """The position the selected move was played in (its side, its better move)."""
        self.position = self._position_before(self.selected + 1)
        """The position shown: after the selected move."""
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.summary_rect = pygame.Rect(0, 0, 0, 0)
        self.graph_rect = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.mouse_pos = (0, 0)
        # The game underneath waits: no computer move while its position is reviewed.
        self._was_paused = session.paused
        session.shutdown()
        session.paused = True
        self.widgets = WidgetGroup(arrows_move_focus=False)
        self.b_back = Button(_("Back"), self.back, tooltip=_("Back to the game (Esc)"))
        # Translators: a toolbar button, short: the previous move judged a mistake.
        self.b_prev = Button(_("Prev mistake"), lambda: self.jump_mistake(-1),
                             tooltip=_("Previous mistake (Shift+M)"))
        self.b_next = Button(_("Next mistake"), lambda: self.jump_mistake(1),
                             tooltip=_("Next mistake (M)"))
        self.b_stop = Button(_("Stop"), self.toggle_run, tooltip=_("Stop the review (Esc)"))
        self.b_new = Button(_("New"), self.new_game, tooltip=_("New game (N)"))
        self.c_limits = Choice(limit_options(self.game.name, self.limits), self.limits,
                               self.set_limits,
                               tooltip=_("Plies searched per move (D, Shift+D; {depth} by "
                                         "default), or seconds per move (T, Shift+T): more "
                                         "judges better and takes longer").format(
                                             depth=DEFAULT_DEPTH.get(self.game.name, 4)))
        self.left_buttons = [self.b_back, self.b_prev, self.b_next, self.b_stop]
        self.right_buttons = [self.c_limits, self.b_new]
        self.widgets.add(*self.left_buttons, *self.right_buttons)
        self.start()

    def _reusable(self, earlier: ReviewScene | None) -> list[MoveReview]:
        """The judgements of an earlier review of this game that still hold: those of
        the moves both games share from the start, judged the same way."""
        if earlier is None or (earlier.limits, earlier.preset) != (self.limits, self.preset) \
                or earlier.game.name != self.game.name \
                or earlier.game.variant() != self.game.variant():
            return []
        shared = 0
        for a, b in zip(earlier.moves, self.moves):
            if a != b:
                break
            shared += 1
        return list(earlier.results[:shared])

    # --- the review job ---------------------------------------------------------------

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.moves)

    def start(self) -> None:
        """Review the moves not judged yet, on the worker thread."""
        if self.complete or self.running:
            return
        self.error = ""
        self.generation = self.app.next_generation()
        game, first = self.game.copy(), len(self.results)
        evaluator = self.app.evaluator(game.name, self.preset)
        limits = self.limits

        def job(stop: threading.Event, progress: Any) -> GameReview:
            return review_game(game, evaluator, limits, stop=stop, first=first,
                               progress=lambda done, total, move: progress((done, move)))

        self.app.worker.run_job(self.generation, job, purpose="review")
        self.running = True
        self._refresh_buttons()

    def stop(self) -> None:
        """Cancel the review; what is judged stays on screen."""
        if self.running:
            self.app.worker.cancel(self.generation)
            self.generation = self.app.next_generation()  # late reports are stale now
            self.running = False
            self._refresh_buttons()

    def toggle_run(self) -> None:
        if self.running:
            self.stop()
        else:
            self.start()

    def set_limits(self, limits: ReviewLimits) -> None:
        """Judge the game with ``limits`` (a depth or a time per position) from the first
        move (judgements made with other limits are kept aside, not mixed in, and come
        back if those are chosen again)."""
        if limits == self.limits:
            return
        self.stop()
        self._other_limits[self.limits] = self.results
        self.limits = self._last[_kind(limits)] = limits
        self.results = self._other_limits.pop(self.limits, [])
        self.error = ""
        self.c_limits.set_value(limits)
        self.start()
        self._refresh_buttons()

    def step_limits(self, kind: str, delta: int) -> None:
        """D / T: ``delta`` steps among the depths (``kind`` "depth") or the times;
        from the other kind, back to the depth or time used last."""
        if _kind(self.limits) != kind:
            self.set_limits(self._last[kind])
            return
        values = [v for v, _label in self.c_limits.options if _kind(v) == kind]
        index = values.index(self.limits) + delta
        self.set_limits(values[max(0, min(len(values) - 1, index))])

    def owns_report(self, report: WorkerReport) -> bool:
        return report.purpose == "review" and report.generation == self.generation

    def handle_report(self, report: WorkerReport) -> None:
        if not self.owns_report(report):
            return
        if report.kind == "progress" and report.payload is not None:
            done, move = report.payload
            if move is not None and move.ply == len(self.results) + 1:
                self.results.append(move)
        elif report.kind == "result":
            review: GameReview = report.payload
            for move in review.moves:
                if move.ply == len(self.results) + 1:
                    self.results.append(move)
            self.running = False
        elif report.kind == "error":
            self.running = False
            self.error = report.error or _("the review failed")
        self._refresh_buttons()

    # --- navigation --------------------------------------------------------------------

    def _position_before(self, index: int) -> Game:
        position = self.game.copy()
        while len(position.move_stack) > max(0, index):
            position.pop()
        return position

    def select(self, index: int) -> None:
        """Show the position after move ``index`` (0-based) and keep it in the list's view."""
        if not self.moves:
            return
        index = max(0, min(len(self.moves) - 1, index))
        self.selected = index
        self.before = self._position_before(index)
        self.position = self._position_before(index + 1)
        rows = self.visible_rows()
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + rows:
            self.scroll = index - rows + 1

    def step_move(self, delta: int) -> None:
        self.select(self.selected + delta)

    def step_page(self, direction: int) -> None:
        self.select(self.selected + direction * self.visible_rows())

    def select_last(self) -> None:
        self.select(len(self.moves) - 1)

    def jump_mistake(self, direction: int) -> bool:
        """Select the next (``direction`` 1) or previous (-1) judged mistake."""
        order = range(self.selected + 1, len(self.results)) if direction > 0 \
            else range(min(self.selected, len(self.results)) - 1, -1, -1)
        for index in order:
            if self.results[index].label in MISTAKES:
                self.select(index)
                return True
        return False

    def back(self) -> None:
        self.app.pop_scene(self)

    def escape(self) -> None:
        """Esc: stop a running review, else back to the game."""
        if self.running:
            self.stop()
        else:
            self.back()

    def help(self) -> None:
        from game.ui.scenes.help import HelpDialog
        self.app.push_scene(HelpDialog(self.app))

    def new_game(self) -> None:
        self.app.show_start(dialog=True, game=self.game.name, variant=self.game.variant(),
                            players=self.players)

    def on_close(self) -> None:
        self.stop()
        self.session.paused = self._was_paused

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = max(300, min(400, round(w * 0.3)))
        top = TOOLBAR + 8
        px = w - panel_w - MARGIN
        compact = h < 680
        summary_h = 160
        graph_h = 96 if compact else 130
        self.summary_rect = pygame.Rect(px, top, panel_w, summary_h)
        self.graph_rect = pygame.Rect(px, self.summary_rect.bottom + 10, panel_w, graph_h)
        moves_top = self.graph_rect.bottom + 10
        self.moves_rect = pygame.Rect(px, moves_top, panel_w, max(90, h - MARGIN - moves_top))
        board_w = w - panel_w - 3 * MARGIN
        self.board_area = pygame.Rect(MARGIN, top, board_w, h - top - MARGIN - STATUS)
        self.status_rect = pygame.Rect(MARGIN, self.board_area.bottom + 4, board_w, STATUS - 4)
        self.view.layout(self.board_area.inflate(-8, -8), self.game)
        self._layout_toolbar(w)
        self.select(self.selected)

    def _layout_toolbar(self, w: int) -> None:
        bh = 38
        x = MARGIN
        for b in self.left_buttons:
            bw = max(64, b.preferred_width())
            if b is self.b_stop:  # laid out once, but its text changes: room for both
                bw = max(bw, draw.text_size(_("Resume"), b.size, b.primary)[0] + 28)
            b.rect = pygame.Rect(x, (TOOLBAR - bh) // 2, bw, bh)
            x += bw + 8
        x_right = w - MARGIN
        for widget in reversed(self.right_buttons):
            bw = max(64, widget.preferred_width()) if isinstance(widget, Button) \
                else LIMIT_CHOICE_W  # the limits' choice: room for its longest label
            widget.rect = pygame.Rect(x_right - bw, (TOOLBAR - bh) // 2, bw, bh)
            x_right -= bw + 8
        self._title_space = (x + 8, x_right - 8)

    def list_area(self) -> pygame.Rect:
        r = self.moves_rect
        return pygame.Rect(r.x + 10, r.y + 40, r.width - 20, r.height - 48)

    def visible_rows(self) -> int:
        return max(1, self.list_area().height // ROW)

    def graph_area(self) -> pygame.Rect:
        r = self.graph_rect
        return pygame.Rect(r.x + 16, r.y + 38, r.width - 32, r.height - 48)

    # --- input --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            self.widgets.handle_event(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.moves_rect.collidepoint(self.mouse_pos):
                most = max(0, len(self.moves) - self.visible_rows())
                self.scroll = max(0, min(most, self.scroll - event.y * 2))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.widgets.handle_event(event):
                return
            self._click(event.pos)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            self._refresh_buttons()
            return
        self.widgets.handle_event(event)

    def _click(self, pos: tuple[int, int]) -> None:
        area = self.list_area()
        if area.collidepoint(pos):
            index = self.scroll + (pos[1] - area.y) // ROW
            if 0 <= index < len(self.moves):
                self.select(index)
            return
        graph = self.graph_area()
        if graph.inflate(8, 8).collidepoint(pos) and self.moves:
            total = max(1, len(self.moves))
            # The position under the pointer is shown: the move that led to it.
            ply = round((pos[0] - graph.x) / graph.width * total)
            self.select(min(max(0, ply - 1), len(self.moves) - 1))

    def _key(self, event: pygame.event.Event) -> None:
        """The keys of ``game.ui.keys.REVIEW_KEYS``, after the toolbar's (Tab; Enter,
        Space and the arrows on a focused widget)."""
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return
        if event.key != pygame.K_ESCAPE and self.widgets.toolbar_key(
                event, arrows=(self.c_limits,)):
            return
        command = command_for(REVIEW_KEYS, event, loose=pygame.KMOD_SHIFT)
        if command is not None:
            name, *arguments = command
            getattr(self, name)(*arguments)

    def _refresh_buttons(self) -> None:
        self.b_stop.text = _("Stop") if self.running or self.complete else _("Resume")
        self.b_stop.tooltip = _("Stop the review (Esc)") if self.running \
            else _("Resume the review (R)")
        self.b_stop.enabled = self.running or not self.complete
        judged = [i for i, m in enumerate(self.results) if m.label in MISTAKES]
        self.b_prev.enabled = any(i < self.selected for i in judged)
        self.b_next.enabled = any(i > self.selected for i in judged)

    def update(self, dt: float) -> bool | None:
        super().update(dt)
        before = (self.b_prev.enabled, self.b_next.enabled, self.b_stop.text)
        self._refresh_buttons()
        return before != (self.b_prev.enabled, self.b_next.enabled, self.b_stop.text)

    # --- drawing --------------------------------------------------------------------------

    def selected_review(self) -> MoveReview | None:
        if 0 <= self.selected < len(self.results):
            return self.results[self.selected]
        return None

    def board_overlay(self) -> BoardOverlay:
        """The played move's label on its piece and the better move (a ring), on the
        position after the move (the better move's cell is still free there)."""
        position = self.before
        overlay = BoardOverlay(mover=position.turn)
        if not self.moves:
            return overlay
        played = self.moves[self.selected]
        cell = position.move_cell(played) if played != PASS else None
        judged = self.selected_review()
        if self.app.settings.move_numbers and self.game.name in ("gomoku", "othello"):
            overlay.opening = move_numbers(self.position)  # the discs and stones by move
        if cell is not None:
            mark = MARKS[judged.label] if judged is not None else ""
            # Translators: small words on the board's points: the move played, the best one.
            overlay.scores[cell] = mark or (_("played") if judged is None
                                            or judged.label != "best" else _("best"))
        if judged is not None and judged.best != played and judged.best != PASS:
            best_cell = position.move_cell(judged.best)
            if best_cell is not None:
                overlay.hint = best_cell
                # Translators: a small word on the board: the better move's point.
                overlay.scores[best_cell] = _("better")
        return overlay

    def status_text(self) -> str:
        if self.error:
            return self.error[0].upper() + self.error[1:].rstrip(".") + "."
        if not self.moves:
            return _("No moves to review")
        position, played = self.before, self.moves[self.selected]
        side = _(position.side_names[position.turn])
        name = position.move_name(played)
        number = self.selected + 1
        judged = self.selected_review()
        if played == PASS:
            # Translators: an Othello review step: {side} had no move and passed.
            return _("Move {number}: {side} had no move and passed").format(
                number=number, side=side)
        if judged is None:
            text = _("Move {number}: {side} played {move} — not judged yet") if self.running \
                else _("Move {number}: {side} played {move} — not judged")
            return text.format(number=number, side=side, move=name)
        # Translators: {mark} follows the move at once ("d3?!"); {label} is "mistake" etc.
        text = _("Move {number}: {side} played {move}{mark} · {label}").format(
            number=number, side=side, move=name, mark=MARKS[judged.label],
            label=label_word(judged.label))
        if judged.best != played:  # the better move first: it is what a narrow line keeps
            text += " · " + _("better {move}").format(move=position.move_name(judged.best))
        if judged.verdict:
            text += f" · {judged.verdict}"
        return text

    def title_text(self) -> str:
        """The toolbar's title, "Review · GAME", or "Review" where that does not fit
        between the buttons ("Review · Co…" reads worse; the board shows the game)."""
        x0, x1 = self._title_space
        title = _("Review · {game}").format(game=_(self.game.title))
        return title if draw.text_size(title, 24)[0] <= x1 - x0 else _("Review")

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        surface.blit(self._static_layer(surface.get_size()), (0, 0))
        x0, x1 = self._title_space
        if x1 - x0 > 80:
            draw.blit_text(surface, self.title_text(), 24, theme.text_dim,
                           ((x0 + x1) / 2, TOOLBAR // 2), "center", max_width=x1 - x0)
        overlay = self.board_overlay()
        self.view.draw(surface, self.position, theme, overlay, with_surface=False)
        self._draw_status(surface)
        self._draw_summary(surface)
        self._draw_graph(surface)
        self._draw_moves(surface)
        self.widgets.draw(surface, theme)
        self.widgets.draw_tooltip(surface, theme)

    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        theme, game = self.theme, self.game
        key = ("review-static", size, theme.name, tuple(self.view.board_rect),
               tuple(self.moves_rect), game.name, tuple(sorted(game.variant().items())))

        def make() -> pygame.Surface:
            layer = pygame.Surface(size)
            layer.blit(draw.vertical_gradient(size, theme.background, theme.background_low),
                       (0, 0))
            bar = pygame.Rect(0, 0, size[0], TOOLBAR)
            pygame.draw.rect(layer, theme.card, bar)
            pygame.draw.line(layer, theme.card_border, (0, bar.bottom - 1),
                             (bar.right, bar.bottom - 1), theme.border_width)
            for rect in (self.summary_rect, self.graph_rect, self.moves_rect):
                draw.card(layer, rect, theme.card, theme.card_border, 12, theme.shadow_alpha,
                          theme.border_width)
            self.view.draw_static(layer, game, theme)
            return layer

        return draw.memo(key, make)

    def _draw_status(self, surface: pygame.Surface) -> None:
        theme, rect = self.theme, self.status_rect
        colour = theme.danger if self.error else theme.text
        x = rect.x + 12
        if self.moves and not self.error:
            pieces = theme.board(self.game.name).pieces
            side = self.sides[self.selected]
            draw.piece(surface, (x + 9, rect.centery), 9, pieces[side],
                       outline=icon_outline(pieces[side], theme.background), with_shadow=False,
                       style="stone" if self.game.name == "gomoku" else "disc")
            x += 26
        draw.blit_lines(surface, self.status_text(), 21, colour, (x, rect.centery),
                        rect.right - x - 8)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        theme, rect = self.theme, self.summary_rect
        game = self.game
        # Translators: a card's title (shown in capitals).
        draw.blit_text(surface, _("Review").upper(), 18, theme.text_dim,
                       (rect.x + 16, rect.y + 14))
        depth, seconds = self.limits.depth, self.limits.seconds  # one is set (for_game)
        how = move_seconds_text(seconds) if depth is None and seconds is not None \
            else _("depth {depth}").format(depth=depth)
        draw.blit_text(surface, how, 17, theme.text_dim, (rect.right - 16, rect.y + 15),
                       "topright")
        colours = theme.board(game.name)
        row_h = 46
        for side in (0, 1):
            top = rect.y + 36 + side * row_h
            summary = side_summary(self.results, side)
            centre = (rect.x + 28, top + 14)
            draw.piece(surface, centre, 11, colours.pieces[side],
                       outline=icon_outline(colours.pieces[side], theme.card),
                       style="stone" if game.name == "gomoku" else "disc", with_shadow=False)
            player = self.players[side]
            humans = sum(1 for p in self.players if not p.is_computer)
            # Translators: who played a side, after its name ("Black · level 4").
            who = player.name if isinstance(player, Engine) else \
                _("level {level}").format(level=player.level) if isinstance(player, Computer) \
                else _("you") if humans == 1 else _("person")
            draw.blit_text(surface, f"{_(game.side_names[side])} · {who}", 20, theme.text,
                           (rect.x + 46, top + 14), "midleft", max_width=rect.width - 150,
                           bold=True)
            # round() first: the whole percentage exactly as f"{accuracy:.0f}" rounds it
            accuracy = "—" if summary.accuracy is None \
                else percent(round(summary.accuracy) / 100)
            draw.blit_text(surface, accuracy, 26, theme.text, (rect.right - 16, top + 14),
                           "midright", bold=True)
            x = rect.x + 46
            for label in LABELS:
                n = summary.counts[label]
                text = _(COUNTED[label]).format(n=n) if label in COUNTED \
                    else f"{n} {MARKS[label]}"
                w = draw.text_size(text, 16)[0] + 12
                pill = pygame.Rect(x, top + 30, w, 18)
                if pill.right > rect.right - 10:
                    break
                colour = label_colour(theme, label)
                draw.rounded_rect(surface, pill, colour, 9)
                draw.blit_text(surface, text, 16, readable_on(colour), pill.center, "center")
                x += w + 5
        line_y = rect.bottom - 20
        done, total = len(self.results), max(1, len(self.moves))
        if self.running or not self.complete:
            if self.running:
                text = _("Move {number} of {total} · Esc stops").format(
                    number=min(done + 1, total), total=total)
            else:
                text = _("Stopped at {number} of {total} · R resumes").format(number=done,
                                                                             total=total)
            said = draw.blit_text(surface, text, 16, theme.text_dim, (rect.x + 16, line_y),
                                  "midleft", max_width=rect.width - 110)
            bar = pygame.Rect(said.right + 10, line_y - 6, rect.right - 16 - said.right - 10,
                              12)
            if bar.width >= 40:
                draw.rounded_rect(surface, bar, mix(theme.card, theme.text, 0.15), 6)
                if done:
                    filled = pygame.Rect(bar.x, bar.y,
                                         max(12, round(bar.width * done / total)), bar.height)
                    draw.rounded_rect(surface, filled, theme.accent, 6)
        else:
            draw.blit_text(surface, _("Accuracy 100% = every move the best"), 16,
                           theme.text_dim,
                           (rect.x + 16, line_y), "midleft", max_width=rect.width - 32)

    @property
    def view_side(self) -> int:
        """The side the graph speaks for: the game's (the person against the computer,
        else the first player), as everywhere in the window."""
        return getattr(self.session, "view_side", 0)

    def _chances(self) -> list[tuple[int, float]]:
        """``(ply, view side's expected result)`` before each judged move and after the
        last one.

        Each position has two values: its own search's (the next move's "before") and
        the search of the position before it (the move's "after", the same leaves one
        ply less deep). As in the window's bar (``game.ui.evaluation``), the graph takes
        the one whose leaves have the viewer to move, so that a search's lean towards
        the side moving last in it does not saw-tooth the line; a proven one first.
        """
        view = self.view_side
        results = self.results
        points = []
        for index in range(len(results) + 1 if results else 0):
            # (proven, the side to move at the leaves, the viewer's chance)
            seen: list[tuple[bool, int, float]] = []
            if index < len(results):
                own = results[index]
                seen.append((own.exact, own.side ^ (own.depth & 1),
                             own.chance_before if own.side == view else 1 - own.chance_before))
            if index > 0:
                parent = results[index - 1]
                seen.append((parent.exact, parent.side ^ (parent.depth & 1),
                             parent.chance_after if parent.side == view
                             else 1 - parent.chance_after))
            chosen = next((s for s in seen if s[0]), None) \
                or next((s for s in seen if s[1] == view), seen[0])
            ply = results[index].ply - 1 if index < len(results) else results[-1].ply
            points.append((ply, chosen[2]))
        return points

    def _draw_graph(self, surface: pygame.Surface) -> None:
        theme, rect = self.theme, self.graph_rect
        game = self.game
        # Translators: a card's title (shown in capitals).
        draw.blit_text(surface, _("Winning chances").upper(), 18, theme.text_dim,
                       (rect.x + 16, rect.y + 14))
        # Translators: the graph's upper half is good for {side}.
        draw.blit_text(surface, _("{side} up").format(side=_(game.side_names[self.view_side])),
                       16, theme.text_dim,
                       (rect.right - 16, rect.y + 15), "topright")
        area = self.graph_area()
        fill = mix(theme.card, theme.text, 0.04) if theme.name != "high-contrast" else (0, 0, 0)
        draw.rounded_rect(surface, area.inflate(8, 8), fill, 6, 1, theme.card_border)
        pygame.draw.line(surface, theme.card_border, (area.x, area.centery),
                         (area.right, area.centery), 1)
        total = max(1, len(self.moves))

        def at(ply: float, chance: float) -> tuple[int, int]:
            return (area.x + round(area.width * ply / total),
                    area.bottom - round(area.height * chance))

        cursor_x = at(self.selected + 1, 0)[0]  # the position shown: after the move
        pygame.draw.line(surface, mix(theme.accent, fill, 0.3), (cursor_x, area.y - 2),
                         (cursor_x, area.bottom + 2), 2)
        chances = self._chances()
        points = [at(p, c) for p, c in chances]
        on_line = dict(chances)
        if len(points) >= 2:
            pygame.draw.lines(surface, theme.accent, False, points, 2)
        elif not points:
            draw.blit_text(surface, _("Filled in as the review runs"), 16, theme.text_dim,
                           area.center, "center", max_width=area.width - 8)
        for move in self.results:
            if move.label in MISTAKES:
                chance = on_line.get(move.ply, move.chance_after if move.side == self.view_side
                                     else 1 - move.chance_after)
                centre = at(move.ply, chance)  # on the line, at the position it led to
                draw.aa_circle(surface, label_colour(theme, move.label), centre, 5)
                draw.aa_circle(surface, theme.card, centre, 5, 1)

    def _draw_moves(self, surface: pygame.Surface) -> None:
        theme, rect = self.theme, self.moves_rect
        game = self.game
        draw.blit_text(surface, _("Moves").upper(), 18, theme.text_dim,
                       (rect.x + 16, rect.y + 14))
        draw.blit_text(surface, _("← → select · M next mistake"), 16, theme.text_dim,
                       (rect.right - 16, rect.y + 15), "topright", max_width=rect.width - 100)
        area = self.list_area()
        colours = theme.board(game.name)
        clip = surface.get_clip()
        surface.set_clip(area)
        rows = self.visible_rows()
        for index in range(self.scroll, min(len(self.moves), self.scroll + rows + 1)):
            y = area.y + (index - self.scroll) * ROW
            row = pygame.Rect(area.x, y, area.width, ROW - 2)
            chosen = index == self.selected
            if chosen:
                draw.rounded_rect(surface, row, theme.accent, 6)
            text_colour = theme.accent_text if chosen else theme.text
            dim = theme.accent_text if chosen else theme.text_dim
            side = self.sides[index]
            draw.blit_text(surface, f"{index + 1}.", 18, dim, (row.x + 30, row.centery),
                           "midright")
            side_dot(surface, colours, side, (row.x + 42, row.centery), 5,
                     theme.accent if chosen else theme.card)
            judged = self.results[index] if index < len(self.results) else None
            if self.moves[index] == PASS:  # forced: nothing to judge, no "best" for it
                draw.blit_text(surface, pass_name(), 19, text_colour,
                               (row.x + 54, row.centery), "midleft")
                # Translators: an Othello pass in the review: the side had no move.
                draw.blit_text(surface, _("forced"), 16, dim, (row.right - 8, row.centery),
                               "midright")
                continue
            name = game.move_name(self.moves[index])
            mark = MARKS[judged.label] if judged is not None else ""
            draw.blit_text(surface, name + mark, 19, text_colour, (row.x + 54, row.centery),
                           "midleft", bold=bool(mark))
            if judged is None:
                continue
            pill_x = row.x + 54 + max(58, draw.text_size("h10??", 19)[0] + 10)
            colour = label_colour(theme, judged.label)
            word = label_word(judged.label)
            w = draw.text_size(word, 16)[0] + 12
            pill = pygame.Rect(pill_x, row.y + 4, w, row.height - 8)
            draw.rounded_rect(surface, pill, colour, 8)
            if chosen and theme.name != "high-contrast":
                pygame.draw.rect(surface, theme.accent_text, pill, 1, border_radius=8)
            draw.blit_text(surface, word, 16, readable_on(colour), pill.center, "center")
            if judged.best != judged.move:
                draw.blit_text(surface, _("better {move}").format(
                    move=game.move_name(judged.best)), 16, dim,
                               (row.right - 8, row.centery), "midright",
                               max_width=row.right - pill.right - 14)
            elif judged.exact:
                # Translators: the move was judged by an exact (solved) search.
                draw.blit_text(surface, _("exact"), 16, dim, (row.right - 8, row.centery),
                               "midright", max_width=row.right - pill.right - 14)
        surface.set_clip(clip)
        total = len(self.moves)
        if total > rows:
            track = pygame.Rect(rect.right - 8, area.y, 4, area.height)
            h = max(18, round(track.height * rows / total))
            y = track.y + round((track.height - h) * self.scroll / max(1, total - rows))
            draw.rounded_rect(surface, pygame.Rect(track.x, y, 4, h), theme.text_dim, 2)

    def _movers(self) -> list[int]:
        """Who played each move (the side to move before it)."""
        position = self._position_before(0)
        sides = []
        for move in self.moves:
            sides.append(position.turn)
            position.push(move)
        return sides


__all__ = ["ReviewScene", "label_colour", "label_word"]  # untranslated: identifiers
