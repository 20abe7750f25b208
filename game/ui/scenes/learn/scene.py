"""The Learn scene: the window's part of the course — the lesson tabs, the text, the
small board, the answer field and the buttons — dispatching everything else to the
lesson open (``game.ui.scenes.learn``'s modules, one per lesson)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ai.explain.exercises import DIFFICULTIES, Exercise, ExerciseError
from ai.explain.trees import TreeSyntaxError
from game.i18n import N_, _, ngettext, number
from game.learning import EXERCISES_TO_PASS, LESSONS, LEVEL_NAMES, load_progress, save_progress
from game.rules import GAMES, Game
from game.ui import draw
from game.ui.boards import BoardOverlay, view_for
from game.ui.keys import ANY_MODIFIER, LEARN_KEYS, command_for
from game.ui.scenes.base import Scene
from game.ui.scenes.learn.alphabeta import AlphaBetaLesson
from game.ui.scenes.learn.base import Lesson, Tone
from game.ui.scenes.learn.counting import CountingLesson
from game.ui.scenes.learn.evaluation import WEIGHTS, EvaluationLesson
from game.ui.scenes.learn.horizon import HorizonLesson
from game.ui.scenes.learn.minimax import MinimaxLesson
from game.ui.scenes.learn.ordering import OrderingLesson
from game.ui.scenes.learn.trees import OWN_GAME
from game.ui.scenes.learn.tuning import TuningLesson
from game.ui.text_input import TextInput, clipboard_text
from game.ui.widgets import Button, Choice, Segmented, WidgetGroup

if TYPE_CHECKING:
    from game.ui.app import App

TEXT_SIZE = 17
LABEL_STEP = 0.25
LABEL_STEPS = (-1, 4)
"""Projector mode: each Ctrl+= or Ctrl+− changes the tree's labels by a quarter, from
three quarters of their size to twice it."""
PROJECTOR_STEPS = 4
"""Where Settings' projector mode starts the labels: node letters and values at least
18 px tall at 1280 × 800 (the tree explorer reads the same setting)."""
LESSON_CLASSES: dict[int, Callable[[LearnScene], Lesson]] = {
    1: CountingLesson, 2: MinimaxLesson, 3: AlphaBetaLesson, 4: OrderingLesson,
    5: EvaluationLesson, 6: HorizonLesson, 7: TuningLesson}
"""One class per lesson, by number (``game.learning.LESSONS`` has their texts)."""
# Translators: the lessons' tabs, after the lesson's number: short (the seven share a row).
TAB_NAMES = {1: N_("Tree"), 2: N_("Minimax"), 3: N_("Alpha-beta"), 4: N_("Ordering"),
             5: N_("Evaluation"), 6: N_("Horizon"), 7: N_("Tuning")}


BUILT_IN = ("connect4", "othello", "gomoku", "tictactoe")
"""The games Plies ships; lessons 2-4 offer tic-tac-toe, Connect-4 and plugins' games,
and the person's own tree (``trees.OWN_GAME``)."""
TREE_EXAMPLE = "((3 12 8) (2 4 6) (14 5 2))"
"""The notes' syntax, by example (the answer field's hint while a tree is typed)."""
PASTE_LIMIT = 2_000
"""The longest tree text pasted (an own tree of ``trees.OWN_LEAVES`` leaves is far
shorter): a longer clipboard is refused whole, never put in the field."""


class LearnScene(Scene):
    """The course (see the module docstring)."""

    def __init__(self, app: App, *, lesson: int | None = None) -> None:
        super().__init__(app)
        self.progress = load_progress()
        self.lesson = lesson or self.progress.lesson
        self.game_name = "tictactoe"
        """The exercises' game, or ``OWN_GAME``: the person's own tree."""
        self.own_tree = ""
        """The own tree last used, as typed (lessons 2-4 build their exercise from it)."""
        self.typing_tree = False
        """The answer field takes a tree: Enter uses it; the exercise shown stays until
        a tree is accepted (a bad one gets its sentence)."""
        self.last_game = "tictactoe"
        """The last generated exercises' game (where an own tree that cannot be used in
        a lesson falls back)."""
        self.feedback = ""
        self.tone: Tone = "info"
        self.label_steps = PROJECTOR_STEPS if app.settings.projector else 0
        """Projector mode: Ctrl+= and Ctrl+− grow or shrink the tree's labels a step."""
        self.lessons: dict[int, Lesson] = {n: cls(self) for n, cls in LESSON_CLASSES.items()}
        self.widgets = WidgetGroup(arrows_move_focus=False)
        self._build()
        self.board = view_for("tictactoe")
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.work = pygame.Rect(0, 0, 0, 0)
        self.tree_rect = pygame.Rect(0, 0, 0, 0)
        self.new_exercise()

    # --- the lesson open, and what tests and the tour read of it ------------------------

    @property
    def current(self) -> Lesson:
        return self.lessons[self.lesson]

    @property
    def exercise(self) -> Exercise | None:
        return self.current.exercise

    @property
    def selected(self) -> str | None:
        return self.current.selected

    @property
    def finished(self) -> bool:
        return self.current.finished

    @property
    def placed(self) -> dict[str, tuple[float, float]]:
        return self.current.placed

    @property
    def feedback_ok(self) -> bool:
        return self.tone == "right"

    @property
    def lab(self) -> EvaluationLesson:
        lab = self.lessons[5]
        assert isinstance(lab, EvaluationLesson)
        return lab

    # --- widgets ----------------------------------------------------------------------

    def _build(self) -> None:
        self.b_back = Button(_("‹ Back"), self.close,
                             tooltip=_("Back to the start screen (Esc)"))
        self.s_lesson = Segmented([(n, f"{n} {_(TAB_NAMES[n])}") for n in LESSONS],
                                  self.lesson, self.set_lesson, size=18,
                                  tooltip=_("The lessons, in the lectures' order (1-7)"))
        self.s_level = Segmented([(n, _(DIFFICULTIES[n].label)) for n in LEVEL_NAMES],
                                 self.progress.level, self.set_level, size=17,
                                 tooltip=_("How large the exercises are"))
        self.s_game = Segmented([("tictactoe", _("Tic-tac-toe")),
                                 ("connect4", _("Connect-4")),
                                 *((name, cls.title) for name, cls in GAMES.items()
                                   if name not in BUILT_IN),  # a plugin's games too
                                 # Translators: the exercises' source: a tree the learner
                                 # types, beside the games.
                                 (OWN_GAME, _("Your tree"))],
                                self.game_name, self.set_game, size=17,
                                tooltip=_("The game the exercises come from, or your own "
                                          "tree typed as the notes write it"))
        # Translators: lesson 3's switch: when alpha-beta prunes (α ≥ β, or only α > β).
        self.s_prune = Segmented([("ge", "α ≥ β"), ("gt", "α > β")], "ge", self.set_prune,
                                 size=15, tooltip=_("When alpha-beta prunes: as soon as "
                                                    "α ≥ β (most notes), or only when α > β"))
        self.entry = TextInput("", self.check, size=20,
                               placeholder=_("your answer, then Enter"))
        # Translators: a button: checks the learner's answer.
        self.b_check = Button(_("Check"), lambda: self.check(self.entry.text), primary=True,
                              size=19, tooltip=_("Check the answer (Enter)"))
        self.b_new = Button(_("New exercise"), self.next_exercise, size=19,
                            tooltip=_("Another exercise from another position (F5)"))
        self.b_extra = Button("", lambda: self.current.extra(), size=19)
        """The lesson's own button (lesson 2's negamax view), where the answer field was."""
        lab = self.lab
        self.c_weights = [Choice([(v, f"{_(label)} {v}") for v in values], lab.weights[key],
                                 partial(self.set_weight, key), size=17,
                                 tooltip=_("The weight of {weight} (← →)").format(
                                     weight=_(label)))
                          for key, label, values in WEIGHTS]
        # Translators: a button: ten quick games (a match) of the learner's evaluator.
        self.b_match = Button(_("Match ×10"), lab.play_match, size=19,
                              tooltip=_("Ten quick games of your evaluator against the "
                                        "default"))
        # Translators: a button: saves the weights as an evaluator.
        self.b_save = Button(_("Save"), lab.save, size=19,
                             tooltip=_("Save your weights as an evaluator with the name "
                                       "typed"))
        # Translators: a button: opens the evaluator of the name typed (lesson 5).
        self.b_open = Button(_("Open"), lab.open_typed, size=19,
                             tooltip=_("Work with the evaluator of the name typed: a preset, "
                                       "your evaluators/NAME.toml or a plugin's function"))
        self.widgets.add(self.b_back, self.s_lesson, self.s_level, self.s_game, self.s_prune,
                         *self.c_weights, self.entry, self.b_extra, self.b_check, self.b_open,
                         self.b_save, self.b_match, self.b_new)

    @property
    def weights(self) -> dict[str, int]:
        return self.lab.weights

    def set_weight(self, key: str, value: int) -> None:
        """Lesson 5: a weight changed; the values and the chosen move follow at once."""
        index = [k for k, _label, _values in WEIGHTS].index(key)
        if self.c_weights[index].value != value:
            self.c_weights[index].set_value(value)
        self.lab.set_weight(key, value)

    # --- what lessons call --------------------------------------------------------------

    @property
    def label_scale(self) -> float:
        """How much larger than at 800 × 560 the tree's shapes and words are drawn: with
        the window and the learner's steps (Ctrl+=, Ctrl+−: a quarter each). The tree
        caps it where it would not fit (``TreeLesson.layout``)."""
        w, h = self.app.screen.get_size()
        auto = max(1.0, min(w / 800, h / 560))
        return auto * (1 + LABEL_STEP * self.label_steps)

    def scale_labels(self, step: int) -> None:
        """Projector mode: one step larger (``1``) or smaller (``-1``)."""
        self.label_steps = max(LABEL_STEPS[0], min(LABEL_STEPS[1], self.label_steps + step))
        self.relayout()

    def say(self, tone: Tone, text: str) -> None:
        """Show ``text`` as feedback in ``tone`` (see ``base.Tone``)."""
        self.feedback, self.tone = text, tone

    def save_progress(self) -> None:
        self.progress.lesson = self.lesson
        save_progress(self.progress)

    def relayout(self) -> None:
        self.layout(self.app.screen.get_size())

    def focus_entry(self) -> None:
        self.widgets.set_focus(self.entry)

    def typing(self) -> bool:
        return self.widgets.focus is self.entry and bool(self.entry.visible)

    # --- commands ---------------------------------------------------------------------

    def close(self) -> None:
        self.save_progress()
        self.app.pop_scene(self)

    def on_close(self) -> None:
        for lesson in self.lessons.values():
            getattr(lesson, "stop", lambda: None)()  # lesson 7's tuning run

    def update(self, dt: float) -> bool | None:
        """Lesson 7's tuning run moved on: redraw."""
        changed = super().update(dt)
        poll = getattr(self.current, "poll", None)
        return bool(poll()) or changed if poll is not None else changed

    def set_lesson(self, lesson: int) -> None:
        if lesson != self.lesson:
            self.lesson = lesson
            self.s_lesson.index = list(LESSONS).index(lesson)
            self.new_exercise()
            self.save_progress()

    def set_level(self, level: str) -> None:
        self.progress.level = level
        self.s_level.index = LEVEL_NAMES.index(level)
        self.new_exercise()

    def set_game(self, name: str) -> None:
        """The exercises' game; ``OWN_GAME``: the answer field takes the person's tree."""
        self.s_game.set_value(name)
        if name == OWN_GAME:
            self.edit_tree()
            return
        self.typing_tree = False
        self.game_name = self.last_game = name
        self.new_exercise()

    def set_prune(self, prune: str) -> None:
        """Lesson 3: prune on α ≥ β (``"ge"``) or only on α > β (``"gt"``)."""
        lesson = self.current
        if isinstance(lesson, AlphaBetaLesson) and prune in ("ge", "gt"):
            lesson.set_prune("gt" if prune == "gt" else "ge")

    def edit_tree(self) -> None:
        """The answer field takes a tree (the last one, to edit); the exercise stays."""
        self.typing_tree = True
        self.entry.set_text(self.own_tree, select=(0, len(self.own_tree)))
        self.say("info", _("Type or paste a tree, then Enter; Esc goes back to the "
                           "exercise."))
        self.relayout()
        self.focus_entry()

    def cancel_tree(self) -> None:
        """Back to the exercise shown, without a new tree."""
        self.typing_tree = False
        self.s_game.set_value(self.game_name)
        self.entry.set_text("")
        self.say("info", "")
        self.relayout()

    def use_tree(self, text: str) -> None:
        """The person's tree: the lesson's exercise from now on, or, when it cannot be
        used, its sentence and the exercise shown kept."""
        before = self.own_tree
        self.own_tree = text
        try:
            self.current.start(self.progress.seed, self.progress.level, OWN_GAME)
        except (TreeSyntaxError, ExerciseError) as error:
            self.own_tree = before
            # Translators: {reason} says what is wrong with the tree typed.
            self.say("wrong", _("This tree cannot be used: {reason}.").format(reason=error))
            return
        self.typing_tree = False
        self.game_name = OWN_GAME
        self.say("info", "")
        self.entry.set_text("")
        self.refresh()

    def next_exercise(self) -> None:
        if self.game_name == OWN_GAME and self.current.uses_game:
            self.edit_tree()  # another tree of one's own
            return
        self.progress.seed += 1
        self.new_exercise()
        self.save_progress()

    def check(self, text: str) -> None:
        """The learner's answer, to the lesson open (a tree, while one is typed)."""
        if self.typing_tree:
            self.use_tree(text)
        elif not self.current.finished:
            self.current.check(text)

    def new_exercise(self) -> None:
        """The current lesson's exercise for the progress's seed and difficulty (or the
        person's own tree; one a lesson cannot use gives way to a generated exercise,
        with its sentence)."""
        lesson = self.current
        self.say("info", "")
        self.entry.set_text("")
        if not lesson.uses_game and self.typing_tree:  # no tree to type here
            self.typing_tree = False
            self.s_game.set_value(self.game_name)
        game_name = self.game_name if lesson.uses_game else self.last_game
        try:
            lesson.start(self.progress.seed, self.progress.level, game_name)
        except (TreeSyntaxError, ExerciseError) as error:
            if game_name == self.last_game:  # a generated exercise: a plugin's game
                self.last_game = "tictactoe"
            self.game_name = self.last_game
            self.s_game.set_value(self.game_name)
            lesson.start(self.progress.seed, self.progress.level, self.game_name)
            self.say("wrong", _("This tree cannot be used: {reason}.").format(reason=error))
        self.refresh()

    def board_position(self) -> Game | None:
        """The small board's position; ``None`` for an own tree (no board: its text)."""
        game = self.current.position()
        return game if game.name in GAMES else None

    def refresh(self) -> None:
        """The widgets and the board for the lesson's exercise, as it now is."""
        lesson = self.current
        shown = self.board_position()
        if shown is not None and self.board.game_name != shown.name:
            self.board = view_for(shown.name)
        self.s_game.visible = lesson.uses_game
        self.s_level.visible = lesson.uses_level and not (
            lesson.uses_game and self.game_name == OWN_GAME)  # an own tree has its size
        self.s_prune.visible = isinstance(lesson, AlphaBetaLesson)
        if isinstance(lesson, AlphaBetaLesson):
            self.s_prune.set_value(lesson.conventions.prune)
        self.entry.visible = lesson.uses_entry
        self.b_check.visible = lesson.uses_check
        lab = self.current is self.lab
        self.b_save.visible = self.b_match.visible = self.b_open.visible = lab
        for choice in self.c_weights:
            choice.visible = lab
        self.relayout()

    # --- layout -----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        pad = 12
        self.b_back.rect = pygame.Rect(pad, pad, 96, 40)
        x = self.b_back.rect.right + 10
        self.s_lesson.rect = pygame.Rect(x, pad, w - x - pad, 40)
        left_w = max(250, min(330, w * 2 // 5 - 10))
        self.text_rect = pygame.Rect(pad, 64, left_w, h - 64 - pad)
        side = min(left_w - 40, 170, max(90, h - 64 - 300))
        self.board_rect = pygame.Rect(0, 0, side, side)
        self.board_rect.midbottom = (self.text_rect.centerx, self.text_rect.bottom - 44)
        self.work = pygame.Rect(self.text_rect.right + pad, 64,
                                w - self.text_rect.right - 2 * pad, h - 64 - pad)
        wk = self.work
        row = wk.y + 10
        half = min(240, (wk.width - 34) // 2)
        self.s_level.rect = pygame.Rect(wk.x + 12, row, half - 30, 34)
        self.s_game.rect = pygame.Rect(wk.right - 12 - half - 30, row, half + 30, 34)
        bottom = wk.bottom - 12
        self.b_new.rect = pygame.Rect(0, 0, max(140, self.b_new.preferred_width()), 40)
        self.b_new.rect.bottomright = (wk.right - 12, bottom)
        self.b_check.rect = pygame.Rect(0, 0, 92, 40)
        self.b_check.rect.bottomright = (self.b_new.rect.left - 8, bottom)
        self.entry.rect = pygame.Rect(wk.x + 12, bottom - 40, self.b_check.rect.left - 8
                                      - (wk.x + 12), 40)
        if self.current is self.lab:  # the name and Save beside New; the match above them
            self.b_save.rect = pygame.Rect(0, 0, 80, 40)
            self.b_save.rect.bottomright = (self.b_new.rect.left - 8, bottom)
            self.b_open.rect = pygame.Rect(0, 0, 80, 40)
            self.b_open.rect.bottomright = (self.b_save.rect.left - 8, bottom)
            self.entry.rect.width = self.b_open.rect.left - 8 - self.entry.rect.x
            self.b_match.rect = pygame.Rect(0, 0, 120, 34)
            self.b_match.rect.bottomright = (wk.right - 12, self.entry.rect.top - 62)
        third = (wk.width - 24 - 16) // 3
        for i, choice in enumerate(self.c_weights):
            choice.rect = pygame.Rect(wk.x + 12 + i * (third + 8), row, third, 34)
        # The question above the tree, the feedback between the tree and the entry.
        self.tree_rect = pygame.Rect(wk.x + 12, row + 44 + 46, wk.width - 24,
                                     bottom - 40 - 64 - (row + 44 + 46))
        self.s_prune.rect = pygame.Rect(0, 0, 124, 30)
        self.s_prune.rect.topright = self.tree_rect.topright
        extra = "" if self.typing_tree else self.current.extra_label()
        self.b_extra.text, self.b_extra.visible = extra, bool(extra)
        self.entry.visible = self.typing_tree or (self.current.uses_entry and not extra)
        self.entry.placeholder = (TREE_EXAMPLE if self.typing_tree
                                  else _(self.current.placeholder))
        # Translators: a button: uses the tree typed as the lesson's exercise.
        self.b_check.text = _("Use tree") if self.typing_tree else _("Check")
        self.b_check.visible = self.typing_tree or self.current.uses_check
        own = self.game_name == OWN_GAME and self.current.uses_game
        # Translators: a button: type another tree of one's own (instead of New exercise).
        self.b_new.text = _("Another tree") if own else _("New exercise")
        self.b_extra.rect = pygame.Rect(0, 0, max(160, self.b_extra.preferred_width()), 40)
        self.b_extra.rect.bottomleft = self.entry.rect.bottomleft
        self.current.layout(self.tree_rect)
        shown = self.board_position()
        if shown is not None:
            self.board.layout(self.board_rect, shown)

    # --- events -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.typing_tree:
            if event.key == pygame.K_ESCAPE:
                self.cancel_tree()
                return
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL and self.typing():
                # A tree pasted from the notes spans lines: all of them, not the first.
                pasted = " ".join(clipboard_text()[:4 * PASTE_LIMIT].split())
                if len(pasted) > PASTE_LIMIT:
                    self.say("wrong", _("This tree cannot be used: the text pasted is "
                                        "longer than {limit} characters.").format(
                        limit=number(PASTE_LIMIT)))
                else:
                    self.entry.on_text(pasted)
                return
        if event.type == pygame.KEYDOWN:
            # game.ui.keys.LEARN_KEYS; below, its keys that depend on the lesson and typing.
            command = command_for(LEARN_KEYS, event, loose=ANY_MODIFIER)
            if command is not None:
                name, *arguments = command
                getattr(self, name)(*arguments)
                return
            typing = self.typing()
            if not typing and event.key - pygame.K_0 in LESSONS:
                self.set_lesson(event.key - pygame.K_0)
                return
            if not isinstance(self.widgets.focus, Button) and not typing \
                    and self.current.on_key(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.current.click(event.pos):
            return
        self.widgets.handle_event(event)

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        surface.blit(draw.vertical_gradient(surface.get_size(), theme.background,
                                            theme.background_low), (0, 0))
        for rect in (self.text_rect, self.work):
            draw.rounded_rect(surface, rect, theme.card, 12, theme.border_width,
                              theme.card_border)
        self._draw_lesson(surface)
        self._draw_work(surface)
        super().draw(surface)

    def _draw_lesson(self, surface: pygame.Surface) -> None:
        theme, rect = self.theme, self.text_rect
        title, text = (_(words) for words in LESSONS[self.lesson])
        note = self.current.note()
        if note:
            # Translators: the lesson's text, then a sentence of the exercise's (its rules).
            text = _("{text} {note}").format(text=text, note=note)
        x, y = rect.x + 14, rect.y + 12
        done = self.progress.done(self.lesson)
        draw.blit_text(surface, f"{self.lesson}. {title}{' ✓' if done else ''}", 22,
                       theme.text, (x, y), bold=True, max_width=rect.width - 28)
        y += 32
        room = self.board_rect.top - 26 - y
        size, pitch = TEXT_SIZE, 21
        lines = draw.wrap(text, size, rect.width - 28)
        while len(lines) > max(1, room // pitch) and size > 13:
            size, pitch = size - 1, pitch - 1  # a longer language: smaller, no line lost
            lines = draw.wrap(text, size, rect.width - 28)
        for line in lines[:max(1, room // pitch)]:
            draw.blit_text(surface, line, size, theme.text, (x, y))
            y += pitch
        game = self.board_position()
        if game is not None:
            self.board.draw(surface, game, theme, BoardOverlay(mover=game.turn))
        elif self.exercise is not None:  # an own tree: its text where the board would be
            ty = self.board_rect.y
            typed = ("min " if self.exercise.root.kind == "min" else "") + self.exercise.moves
            for line in draw.wrap(typed, TEXT_SIZE, rect.width - 28)[:7]:
                draw.blit_text(surface, line, TEXT_SIZE, theme.text, (x, ty))
                ty += 21
        draw.blit_text(surface, self.current.caption(), 15, theme.text_dim,
                       (rect.centerx, self.board_rect.bottom + 6), "midtop",
                       max_width=rect.width - 20)
        solved = self.progress.count(self.lesson)
        if done:
            score = ngettext("{solved} exercise solved unaided — lesson done",
                             "{solved} exercises solved unaided — lesson done", solved)
        else:
            score = ngettext("{solved} of {needed} exercises solved unaided",
                             "{solved} of {needed} exercises solved unaided", EXERCISES_TO_PASS)
        score = score.format(solved=number(solved), needed=number(EXERCISES_TO_PASS))
        draw.blit_text(surface, score, 15, theme.text_dim, (x, rect.bottom - 20),
                       "midleft", max_width=rect.width - 28)

    def _draw_work(self, surface: pygame.Surface) -> None:
        theme, wk = self.theme, self.work
        x = wk.x + 14
        y = (self.s_level.rect.bottom + 10
             if self.s_level.visible or self.s_game.visible or self.current is self.lab
             else wk.y + 14)
        question = (_("Your own tree: a number is a leaf, a list is a node holding its "
                      "children; the root is MAX (type min first for MIN).")
                    if self.typing_tree else self.current.question())
        for line in draw.wrap(question, TEXT_SIZE, wk.width - 28)[:2]:
            draw.blit_text(surface, line, TEXT_SIZE, theme.text, (x, y))
            y += 21
        self.current.draw(surface, self.tree_rect)
        if self.feedback:
            colour = {"right": theme.success, "wrong": theme.danger,
                      "shown": theme.accent}.get(self.tone, theme.text)
            fy = self.entry.rect.top - 8 if self.entry.visible else self.b_new.rect.top - 8
            lines = draw.wrap(self.feedback, 16, wk.width - 28)[:3]
            for i, line in enumerate(reversed(lines)):
                draw.blit_text(surface, line, 16, colour, (x, fy - i * 19), "bottomleft")

    def draw_number_table(self, surface: pygame.Surface, heads: tuple[str, ...],
                          rows: list[Any], top_left: tuple[int, int], *, gap: int) -> int:
        """Bold column heads ``gap`` pixels apart, then each row's numbers (thousands
        grouped) centred under its head; returns the y below the last row."""
        x, y = top_left
        columns = []
        for head in heads:
            r = draw.blit_text(surface, head, 16, self.theme.text, (x, y), bold=True)
            columns.append(r.centerx)
            x = r.right + gap
        y += 24
        for row in rows:
            for centre, figure in zip(columns, row):
                draw.blit_text(surface, number(figure), 16, self.theme.text, (centre, y),
                               "midtop")
            y += 22
        return y


__all__ = ["LESSON_CLASSES", "LearnScene"]  # untranslated: names
