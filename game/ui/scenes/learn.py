"""Learn: the classic game-tree lectures on real positions, with exercises checked at once.

Six lessons in the lectures' order (``game.learning.LESSONS``): the game tree (count the
lines and the positions a few moves ahead), minimax (fill in the backed-up values),
alpha-beta (predict each node's (α, β), then mark the leaves never visited), move
ordering (reorder the root's children to make alpha-beta visit as few nodes as it can),
the evaluation function (weights changed with sliders, the values and the chosen move
following; a quick match; saved as a user evaluator) and depth and the horizon (where
depth 2 and depth 4 disagree, and what deepening and the table cost).
Every exercise is cut from a real position with a seed (``ai.explain.exercises``); each
answer is checked when it is given, with the reason when it is wrong; the progress is
kept in the configuration folder (``game.learning``). The small board shows the
position at the selected node.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ai.evaluators import load_evaluator
from ai.evaluators.base import WIN
from ai.explain.exercises import (
    INF,
    Exercise,
    ExerciseKind,
    ExNode,
    check_pruned,
    check_value,
    check_window,
    nodes_visited,
)
from ai.explain.exercises import generate as generate_exercise
from ai.explain.tree import value_text
from game.i18n import N_, _, ngettext, number
from game.learning import (
    HORIZON_DEPTHS,
    LESSONS,
    LEVEL_NAMES,
    CountingQuestion,
    HorizonQuestion,
    counting_question,
    horizon_question,
    lab_position,
    load_progress,
    quick_match,
    root_values,
    save_evaluator,
    save_progress,
    tree_counts,
)
from game.rules import GAMES, Game, new_game
from game.ui import draw, tree_canvas
from game.ui.boards import BoardOverlay, view_for
from game.ui.keys import ANY_MODIFIER, LEARN_KEYS, command_for
from game.ui.scenes.base import Scene
from game.ui.text_input import TextInput
from game.ui.widgets import Button, Choice, Segmented, WidgetGroup

if TYPE_CHECKING:
    from game.ui.app import App

SIZES = {"easy": (2, 2), "medium": (2, 3), "hard": (3, 2)}
"""Difficulty -> (depth, moves kept per node) of the window's trees: small enough to
read at 800 × 560 (the command line's ``plies exercise`` goes further)."""
KINDS: dict[int, ExerciseKind] = {2: "minimax", 3: "alphabeta", 4: "ordering"}
TEXT_SIZE = 17
# Translators: the lessons' tabs, after the lesson's number: short (the six share a row).
TAB_NAMES = {1: N_("Tree"), 2: N_("Minimax"), 3: N_("Alpha-beta"), 4: N_("Ordering"),
             5: N_("Evaluation"), 6: N_("Horizon")}
LEVEL_LABELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
"""The difficulty buttons' words, by ``LEVEL_NAMES``."""
WEIGHTS = (("open_two", N_("open twos"), range(0, 101, 5)), ("open_one", N_("open ones"),
           range(21)), ("centre", N_("centre"), range(21)))
"""Lesson 5's sliders: the tic-tac-toe evaluator's weights (the names of its terms, as
``terms()`` gives them) and the values offered."""


def parse_value(text: str) -> int | None:
    """A value a learner types: ``-3``, ``+12``, ``−5``, ``inf``, ``-∞``; else ``None``.

    >>> parse_value(" −5"), parse_value("+inf"), parse_value("x"), parse_value("loss 2")
    (-5, 1000000000, None, -999998)
    """
    word = text.strip().replace("−", "-").replace("∞", "inf").lower()
    ended = re.fullmatch(r"(win|loss)\s*(\d{1,3})", word)
    if ended:  # a finished game n plies below the root (ai.explain.tree.value_text)
        plies = int(ended[2])
        return WIN - plies if ended[1] == "win" else -(WIN - plies)
    if word in ("inf", "+inf"):
        return INF
    if word == "-inf":
        return -INF
    return int(word) if re.fullmatch(r"[+-]?\d{1,9}", word) else None


def parse_window(text: str) -> tuple[int, int] | None:
    """``"(-inf, 3)"``, ``"-inf 3"`` -> ``(-1000000000, 3)``; ``None`` when unreadable."""
    parts = [p for p in re.split(r"[\s,;()]+", text) if p]
    if len(parts) != 2:
        return None
    a, b = parse_value(parts[0]), parse_value(parts[1])
    return None if a is None or b is None else (a, b)


BUILT_IN = ("connect4", "othello", "gomoku", "tictactoe")
"""The games Plies ships; lessons 2-4 offer tic-tac-toe, Connect-4 and plugins' games."""


class LearnScene(Scene):
    """The course (see the module docstring)."""

    def __init__(self, app: App, *, lesson: int | None = None) -> None:
        super().__init__(app)
        self.progress = load_progress()
        self.lesson = lesson or self.progress.lesson
        self.game_name = "tictactoe"
        self.exercise: Exercise | None = None
        self.question: CountingQuestion | None = None
        self.horizon: HorizonQuestion | None = None
        self.answers: dict[str, int] = {}
        """Lesson 2: the values the learner got right; lesson 3: the windows (as α)."""
        self.windows_done: set[str] = set()
        self.marked: set[str] = set()
        self.order: list[str] = []
        self.selected: str | None = None
        self.feedback = ""
        self.feedback_ok = True
        self.finished = False
        self.placed: dict[str, tuple[float, float]] = {}
        self.example = new_game("tictactoe")
        self.example_counts = tree_counts(self.example, 3)
        self.widgets = WidgetGroup(arrows_move_focus=False)
        self._build()
        self.board = view_for("tictactoe")
        self._children: dict[str, list[ExNode]] = {}
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.work = pygame.Rect(0, 0, 0, 0)
        self.tree_rect = pygame.Rect(0, 0, 0, 0)
        self.new_exercise(same_seed=True)

    # --- widgets ----------------------------------------------------------------------

    def _build(self) -> None:
        self.b_back = Button(_("‹ Back"), self.close,
                             tooltip=_("Back to the start screen (Esc)"))
        self.s_lesson = Segmented([(n, f"{n} {_(TAB_NAMES[n])}") for n in LESSONS],
                                  self.lesson, self.set_lesson, size=18,
                                  tooltip=_("The lessons, in the lectures' order (1-6)"))
        self.s_level = Segmented([(n, _(LEVEL_LABELS[n])) for n in LEVEL_NAMES],
                                 self.progress.level, self.set_level, size=17,
                                 tooltip=_("How large the exercises are"))
        self.s_game = Segmented([("tictactoe", _("Tic-tac-toe")),
                                 ("connect4", _("Connect-4")),
                                 *((name, cls.title) for name, cls in GAMES.items()
                                   if name not in BUILT_IN)],  # a plugin's games too
                                self.game_name, self.set_game, size=17,
                                tooltip=_("The game the exercises come from"))
        self.entry = TextInput("", self.check, size=20,
                               placeholder=_("your answer, then Enter"))
        # Translators: a button: checks the learner's answer.
        self.b_check = Button(_("Check"), lambda: self.check(self.entry.text), primary=True,
                              size=19, tooltip=_("Check the answer (Enter)"))
        self.b_new = Button(_("New exercise"), self.next_exercise, size=19,
                            tooltip=_("Another exercise from another position (F5)"))
        self.weights = {"open_two": 10, "open_one": 1, "centre": 0}
        self.c_weights = [Choice([(v, f"{_(label)} {v}") for v in values], self.weights[key],
                                 partial(self.set_weight, key), size=17,
                                 tooltip=_("The weight of {weight} (← →)").format(
                                     weight=_(label)))
                          for key, label, values in WEIGHTS]
        # Translators: a button: ten quick games (a match) of the learner's evaluator.
        self.b_match = Button(_("Match ×10"), self.play_match, size=19,
                              tooltip=_("Ten quick games of your evaluator against the "
                                        "default"))
        # Translators: a button: saves the weights as an evaluator.
        self.b_save = Button(_("Save"), self.save, size=19,
                             tooltip=_("Save your weights as an evaluator with the name "
                                       "typed"))
        self.widgets.add(self.b_back, self.s_lesson, self.s_level, self.s_game,
                         *self.c_weights, self.entry, self.b_check, self.b_save, self.b_match,
                         self.b_new)
        self.lab_values: list[tuple[str, int, str, dict[str, int]]] = []

    def close(self) -> None:
        self._save()
        self.app.pop_scene(self)

    def _save(self) -> None:
        self.progress.lesson = self.lesson
        save_progress(self.progress)

    def set_lesson(self, lesson: int) -> None:
        if lesson != self.lesson:
            self.lesson = lesson
            self.s_lesson.index = list(LESSONS).index(lesson)
            self.new_exercise(same_seed=True)
            self._save()

    def set_level(self, level: str) -> None:
        self.progress.level = level
        self.s_level.index = LEVEL_NAMES.index(level)
        self.new_exercise(same_seed=True)

    def set_game(self, name: str) -> None:
        self.game_name = name
        self.s_game.index = [value for value, _label in self.s_game.options].index(name)
        self.new_exercise(same_seed=True)

    def set_weight(self, key: str, value: int) -> None:
        """Lesson 5: a weight changed; the values and the chosen move follow at once."""
        self.weights[key] = value
        index = [k for k, _label, _values in WEIGHTS].index(key)
        if self.c_weights[index].value != value:
            self.c_weights[index].set_value(value)
        self.lab_values = root_values(self._position(0), self.weights)
        self.feedback = ""

    def play_match(self) -> None:
        wins, draws, losses = quick_match(self.weights, 10, self.progress.seed)
        better = wins > losses
        games = 10
        self._say(better, ngettext(
            "Your evaluator against the default, {games} game at depth 1: {wins} won, "
            "{draws} drawn, {losses} lost.",
            "Your evaluator against the default, {games} games at depth 1: {wins} won, "
            "{draws} drawn, {losses} lost.", games).format(
                games=number(games), wins=number(wins), draws=number(draws),
                losses=number(losses)), count=better)

    def save(self) -> None:
        name = self.entry.text.strip()
        saved, message = save_evaluator(name, self.weights)
        self._say(saved, message, count=False)

    def next_exercise(self) -> None:
        self.progress.seed += 1
        self.new_exercise(same_seed=True)
        self._save()

    # --- exercises --------------------------------------------------------------------

    def new_exercise(self, *, same_seed: bool) -> None:
        """The current lesson's exercise for the progress's seed and difficulty."""
        seed, level = self.progress.seed, self.progress.level
        self.exercise, self.question, self.horizon = None, None, None
        self.answers, self.windows_done, self.marked = {}, set(), set()
        self.feedback, self.feedback_ok, self.finished = "", True, False
        self.entry.set_text("")
        if self.lesson == 1:
            self.question = counting_question(seed, level, "tictactoe")
            self.selected = None
        elif self.lesson == 6:
            self.horizon = horizon_question(seed)
            self.selected = None
        elif self.lesson == 5:
            self.lab_values = root_values(self._position(0), self.weights)
            self.selected = None
        else:
            depth, width = SIZES[level]
            game = self._position(seed)
            self.exercise = generate_exercise(KINDS[self.lesson], game,
                                              load_evaluator(game.name), depth=depth,
                                              seed=seed, width=width)
            self.order = [c.id for c in self.exercise.root.children]
            self.selected = self._first_open()
        shown = (self.exercise.game_name if self.exercise is not None else
                 self.horizon.game_name if self.horizon is not None else "tictactoe")
        if self.board.game_name != shown:
            self.board = view_for(shown)
        self.s_game.visible = self.lesson in (2, 3, 4)
        self.s_level.visible = self.lesson not in (5, 6)
        self.entry.visible = self.lesson in (1, 2, 3, 5, 6)
        self.b_check.visible = self.lesson in (1, 2, 3, 6)
        self.b_save.visible = self.b_match.visible = self.lesson == 5
        for choice in self.c_weights:
            choice.visible = self.lesson == 5
        self.entry.placeholder = (_("a name for your evaluator") if self.lesson == 5
                                  else _("your answer, then Enter"))
        self.layout(self.app.screen.get_size())

    def _position(self, seed: int) -> Game:
        """A real position a few random moves from the start (seeded), not yet over
        (lesson 5: the exercise seed's tic-tac-toe position, whatever ``seed``)."""
        import random
        if self.lesson == 5:
            return lab_position(self.progress.seed)
        rng = random.Random(f"learn:{self.game_name}:{seed}")
        game = new_game(self.game_name)
        for _i in range(rng.randint(1, 3) if self.game_name == "tictactoe" else rng.randint(2, 8)):
            game.push(rng.choice(game.legal_moves()))
            if game.is_over():
                game.pop()
                break
        return game

    def _inner(self) -> list[ExNode]:
        """Inner nodes bottom-up (the order minimax fills them in)."""
        assert self.exercise is not None
        inner = [n for n in self.exercise.nodes if n.kind != "leaf"]
        return sorted(inner, key=lambda n: -len(n.path))

    def _to_predict(self) -> list[str]:
        """Lesson 3: the visited inner nodes, in visiting order."""
        assert self.exercise is not None
        trace = self.exercise.key["alphabeta"]
        kinds = {n.id: n.kind for n in self.exercise.nodes}
        return [i for i in trace["visited"] if kinds[i] != "leaf"]

    def _first_open(self) -> str | None:
        if self.exercise is None:
            return None
        if self.lesson == 2:
            return next((n.id for n in self._inner() if n.id not in self.answers), None)
        if self.lesson == 3:
            return next((i for i in self._to_predict() if i not in self.windows_done), None)
        return self.order[0] if self.order else None

    def _say(self, ok: bool, text: str, *, count: bool = True) -> None:
        self.feedback, self.feedback_ok = text, ok
        if count:
            self.progress.record(self.lesson, ok)
            save_progress(self.progress)

    def check(self, text: str) -> None:
        """Check what the learner typed (lessons 1-3) or their order (lesson 4)."""
        if self.finished:
            return
        if self.lesson == 1 and self.question is not None:
            guess = parse_value(text)
            if guess is None or abs(guess) >= INF:
                self._say(False, _("Type a whole number."), count=False)
                return
            ok, why = self.question.check(guess)
            self._say(ok, why)
            self.finished = ok
        elif self.lesson == 6 and self.horizon is not None:
            if not text.strip():
                self._say(False, _("Type a move, e.g. 4."), count=False)
                return
            ok, why = self.horizon.check(text)
            self._say(ok, why)
            self.finished = True  # the answer is shown either way
        elif self.lesson == 2 and self.exercise is not None and self.selected is not None:
            guess = parse_value(text)
            if guess is None:
                self._say(False, _("Type a value such as -12, 0 or +35."), count=False)
                return
            ok, why = check_value(self.exercise, self.selected, guess)
            self._say(ok, why)
            if ok:
                self.answers[self.selected] = guess
                self.selected = self._first_open()
                self.layout(self.app.screen.get_size())
                self.entry.set_text("")
                if self.selected is None:
                    self.finished = True
                    # Translators: {reason} is the sentence saying the last value was right.
                    self.feedback = _("{reason} Every node is done: that is minimax.").format(
                        reason=self.feedback)
        elif self.lesson == 3 and self.exercise is not None:
            if self.selected is not None:
                window = parse_window(text)
                if window is None:
                    self._say(False, _("Type α and β, e.g. -inf 5 (∞ may be written inf)."),
                              count=False)
                    return
                ok, why = check_window(self.exercise, self.selected, *window)
                self._say(ok, why)
                if ok:
                    self.windows_done.add(self.selected)
                    self.selected = self._first_open()
                    self.layout(self.app.screen.get_size())
                    self.entry.set_text("")
                    if self.selected is None:
                        # Translators: {reason} is the sentence saying the last window was
                        # right; "Check" is the button's word.
                        self.feedback = _("{reason} Now click the leaves alpha-beta never "
                                          "visits, then Check.").format(reason=self.feedback)
            else:
                ok, why = check_pruned(self.exercise, set(self.marked))
                self._say(ok, why)
                self.finished = ok
        elif self.lesson == 4 and self.exercise is not None:
            self.check_order()

    def check_order(self) -> None:
        assert self.exercise is not None
        key = self.exercise.key["ordering"]
        mine = nodes_visited(self.exercise.root, self.order)
        ok = mine == key["best_nodes"]
        if ok:
            why = ngettext("Right: {nodes} node, as few as any order gives.",
                           "Right: {nodes} nodes, as few as any order gives.",
                           mine).format(nodes=number(mine))
        else:
            # Translators: {player} is MAX or MIN (the search's two players).
            why = ngettext("{nodes} node; the best order visits {best} (the worst {worst}). "
                           "Put first the child whose value is best for {player}: its value "
                           "narrows the window for the others.",
                           "{nodes} nodes; the best order visits {best} (the worst {worst}). "
                           "Put first the child whose value is best for {player}: its value "
                           "narrows the window for the others.", mine).format(
                nodes=number(mine), best=number(key["best_nodes"]),
                worst=number(key["worst_nodes"]),
                player="MAX" if self.exercise.root.kind == "max" else "MIN")
        self._say(ok, why)
        self.finished = ok

    def move_child(self, step: int) -> None:
        """Lesson 4: move the selected root child one place left or right."""
        if self.lesson != 4 or self.selected not in self.order or self.finished:
            return
        i = self.order.index(self.selected)
        j = i + step
        if 0 <= j < len(self.order):
            self.order[i], self.order[j] = self.order[j], self.order[i]
            self.feedback = ""
            self.layout(self.app.screen.get_size())

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
        self.work = pygame.Rect(self.text_rect.right + pad, 64, w - self.text_rect.right - 2 * pad,
                                h - 64 - pad)
        wk = self.work
        row = wk.y + 10
        half = min(240, (wk.width - 34) // 2)
        self.s_level.rect = pygame.Rect(wk.x + 12, row, half, 34)
        self.s_game.rect = pygame.Rect(wk.right - 12 - half, row, half, 34)
        bottom = wk.bottom - 12
        self.b_new.rect = pygame.Rect(0, 0, max(140, self.b_new.preferred_width()), 40)
        self.b_new.rect.bottomright = (wk.right - 12, bottom)
        self.b_check.rect = pygame.Rect(0, 0, 92, 40)
        self.b_check.rect.bottomright = (self.b_new.rect.left - 8, bottom)
        self.entry.rect = pygame.Rect(wk.x + 12, bottom - 40, self.b_check.rect.left - 8
                                      - (wk.x + 12), 40)
        if self.lesson == 5:  # the name and Save beside New; the match above them
            self.b_save.rect = pygame.Rect(0, 0, 80, 40)
            self.b_save.rect.bottomright = (self.b_new.rect.left - 8, bottom)
            self.entry.rect.width = self.b_save.rect.left - 8 - self.entry.rect.x
            self.b_match.rect = pygame.Rect(0, 0, 120, 34)
            self.b_match.rect.bottomright = (wk.right - 12, self.entry.rect.top - 62)
        third = (wk.width - 24 - 16) // 3
        for i, choice in enumerate(self.c_weights):
            choice.rect = pygame.Rect(wk.x + 12 + i * (third + 8), row, third, 34)
        # The question above the tree, the feedback between the tree and the entry.
        self.tree_rect = pygame.Rect(wk.x + 12, row + 44 + 46, wk.width - 24,
                                     bottom - 40 - 64 - (row + 44 + 46))
        self._place_tree()
        self.board.layout(self.board_rect, self._shown_position())

    def _place_tree(self) -> None:
        self.placed = {}
        if self.exercise is None:
            return
        root = self.exercise.root
        children = {n.id: list(n.children) for n in self.exercise.nodes}
        if self.lesson == 4:
            by_id = {c.id: c for c in root.children}
            children[root.id] = [by_id[i] for i in self.order]
        leaves: list[str] = []

        def collect(node: ExNode) -> None:
            if node.kind == "leaf":
                leaves.append(node.id)
            for child in children[node.id]:
                collect(child)

        collect(root)
        area = self.tree_rect
        depth = self.exercise.depth
        slot = area.width / max(1, len(leaves))
        level_h = (area.height - 54) / max(1, depth)
        xs: dict[str, float] = {leaf: area.x + slot * (i + 0.5) for i, leaf in enumerate(leaves)}

        def place(node: ExNode, level: int) -> float:
            y = area.y + 18 + level * level_h
            if node.kind == "leaf":
                x = xs[node.id]
            else:
                got = [place(c, level + 1) for c in children[node.id]]
                x = (got[0] + got[-1]) / 2
            self.placed[node.id] = (x, y)
            return x

        place(root, 0)
        self._children = children

    # --- events -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            # game.ui.keys.LEARN_KEYS; below, its keys that depend on the lesson and typing.
            command = command_for(LEARN_KEYS, event, loose=ANY_MODIFIER)
            if command is not None:
                name, *arguments = command
                getattr(self, name)(*arguments)
                return
            typing = self.widgets.focus is self.entry and self.entry.visible
            if not typing and event.key - pygame.K_0 in LESSONS:
                self.set_lesson(event.key - pygame.K_0)
                return
            if self.lesson == 4 and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.move_child(-1 if event.key == pygame.K_LEFT else 1)
                return
            if self.lesson == 4 and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                    and not isinstance(self.widgets.focus, Button):
                self.check_order()
                return
            if event.key == pygame.K_TAB and self.exercise is not None and not typing:
                self._cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._node_at(event.pos)
            if hit is not None:
                self._click_node(hit)
                return
        self.widgets.handle_event(event)

    def _node_at(self, pos: tuple[int, int]) -> str | None:
        for node_id, (x, y) in self.placed.items():
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= 18 ** 2:
                return node_id
        return None

    def _click_node(self, node_id: str) -> None:
        assert self.exercise is not None
        node = self.exercise.node(node_id)
        if self.lesson == 3 and node.kind == "leaf" and not self.finished:
            self.marked ^= {node_id}
            self.feedback = ""
        elif self.lesson == 2 and node.kind != "leaf":
            self.selected = node_id
            self.widgets.set_focus(self.entry)
        elif self.lesson == 4 and node_id in self.order:
            self.selected = node_id
        self.layout(self.app.screen.get_size())  # the board shows the selected node

    def _cycle(self, step: int) -> None:
        assert self.exercise is not None
        ids = [n.id for n in self._inner()] if self.lesson == 2 else list(self.order)
        if not ids:
            return
        i = ids.index(self.selected) if self.selected in ids else -1
        self.selected = ids[(i + step) % len(ids)]
        self.layout(self.app.screen.get_size())

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
        x, y = rect.x + 14, rect.y + 12
        done = " ✓" if self.progress.done(self.lesson) else ""
        draw.blit_text(surface, f"{self.lesson}. {title}{done}", 22, theme.text, (x, y),
                       bold=True, max_width=rect.width - 28)
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
        game = self._shown_position()
        self.board.draw(surface, game, theme, BoardOverlay(mover=game.turn))
        caption = self._board_caption(game)
        draw.blit_text(surface, caption, 15, theme.text_dim,
                       (rect.centerx, self.board_rect.bottom + 6), "midtop",
                       max_width=rect.width - 20)
        right, tried = self.progress.right.get(self.lesson, 0), self.progress.tried.get(
            self.lesson, 0)
        if done:
            score = ngettext("{right} right of {tried} tried — lesson done",
                             "{right} right of {tried} tried — lesson done", tried)
        else:
            score = ngettext("{right} right of {tried} tried (3 right finish the lesson)",
                             "{right} right of {tried} tried (3 right finish the lesson)",
                             tried)
        score = score.format(right=number(right), tried=number(tried))
        draw.blit_text(surface, score, 15, theme.text_dim, (x, rect.bottom - 20),
                       "midleft", max_width=rect.width - 28)

    def _shown_position(self) -> Game:
        if self.lesson == 1:
            game = new_game("tictactoe")
            if self.question is not None:
                game.play_moves(self.question.moves)
            return game
        if self.lesson == 6:
            assert self.horizon is not None
            game = new_game(self.horizon.game_name)
            game.play_moves(self.horizon.moves)
            return game
        if self.lesson == 5:
            return lab_position(self.progress.seed)
        assert self.exercise is not None
        game = new_game(self.exercise.game_name)
        game.play_moves(self.exercise.moves)
        if self.selected is not None:
            node = self.exercise.node(self.selected)
            for move in node.path:
                game.play(game.parse_move(move))
        return game

    def _board_caption(self, game: Game) -> str:
        if self.lesson in (1, 6):
            return _("The question's position")
        if self.lesson == 5:
            return _("The position searched (depth 2)")
        if self.selected is None:
            return _("The root position (A)")
        if self.exercise and self.exercise.node(self.selected).path:
            # Translators: {node} is a node's letter, {moves} the moves to it (notation).
            return _("At node {node}, after {moves}").format(
                node=self.selected, moves=" ".join(self.exercise.node(self.selected).path))
        return _("At node {node}").format(node=self.selected)

    def _draw_work(self, surface: pygame.Surface) -> None:
        theme, wk = self.theme, self.work
        x = wk.x + 14
        y = (self.s_level.rect.bottom + 10 if self.s_level.visible or self.lesson == 5
             else wk.y + 14)
        question = self._question_text()
        for line in draw.wrap(question, TEXT_SIZE, wk.width - 28)[:2]:
            draw.blit_text(surface, line, TEXT_SIZE, theme.text, (x, y))
            y += 21
        if self.lesson == 1:
            self._draw_counts(surface)
        elif self.lesson == 6:
            self._draw_horizon(surface)
        elif self.lesson == 5:
            self._draw_lab(surface)
        else:
            self._draw_exercise_tree(surface)
        if self.feedback:
            colour = theme.success if self.feedback_ok else theme.danger
            fy = self.entry.rect.top - 8 if self.entry.visible else self.b_new.rect.top - 8
            lines = draw.wrap(self.feedback, 16, wk.width - 28)[:3]
            for i, line in enumerate(reversed(lines)):
                draw.blit_text(surface, line, 16, colour, (x, fy - i * 19), "bottomleft")

    def _question_text(self) -> str:
        if self.lesson == 1 and self.question is not None:
            return self.question.text
        if self.lesson == 5:
            game = lab_position(self.progress.seed)
            return _("{side} to move. Each move's value at depth 2 with your weights, the "
                     "reply MIN would choose and the terms there:").format(
                side=_(game.side_names[game.turn]))
        if self.lesson == 6 and self.horizon is not None:
            side = new_game(self.horizon.game_name)
            side.play_moves(self.horizon.moves)
            # Translators: {question} is the lesson's question (a sentence of its own).
            return _("{side} to move. {question}").format(side=_(side.side_names[side.turn]),
                                                          question=self.horizon.text)
        ex = self.exercise
        if ex is None:
            return ""
        # Translators: MAX and MIN are the search's two players; {max_side} and {min_side}
        # the game's sides ("Red").
        who = _("MAX is {max_side}, MIN {min_side}.").format(max_side=_(ex.side_names[0]),
                                                             min_side=_(ex.side_names[1]))
        if self.lesson == 2:
            if self.finished:
                # Translators: {players} is the sentence saying who MAX and MIN are.
                return _("{players} Done: A is worth {value}.").format(
                    players=who, value=value_text(ex.key["values"]["A"]))
            return _("{players} Value of node {node}? (Click a node to choose it.)").format(
                players=who, node=self.selected)
        if self.lesson == 3:
            if self.selected is not None:
                return _("{players} (α, β) as node {node} is entered? Type e.g. -inf 3."
                         ).format(players=who, node=self.selected)
            return _("{players} Click the leaves never visited, then Check.").format(
                players=who)
        mine = nodes_visited(ex.root, self.order)
        return ngettext("{players} Alpha-beta visits {nodes} node in this order. Select one "
                        "of A's children and move it with ← →; Enter checks.",
                        "{players} Alpha-beta visits {nodes} nodes in this order. Select one "
                        "of A's children and move it with ← →; Enter checks.", mine).format(
            players=who, nodes=number(mine))

    def _draw_counts(self, surface: pygame.Surface) -> None:
        """Lesson 1's live example: the empty board's tree, level by level."""
        theme, area = self.theme, self.tree_rect
        x, y = area.x + 4, area.y + 6
        draw.blit_text(surface, _("Example, from the empty board:"), 16, theme.text_dim, (x, y))
        y += 26
        rows = [(depth, lines, positions)
                for depth, (lines, positions) in enumerate(self.example_counts, 1)]
        # Translators: the heads of a table's three columns of numbers.
        y = self._draw_number_table(surface, (_("moves ahead"), _("lines (perft)"),
                                              _("different positions")), rows, (x, y), gap=24)
        note = _("After {moves} moves, {lines} lines reach only {positions} positions: "
                 "{line} and {other_line} are the same position.").format(
            moves=number(3), lines=number(504), positions=number(252),
            line="X a1, O b2, X c3", other_line="X c3, O b2, X a1")
        for line in draw.wrap(note, 15, area.width - 8)[:3]:
            draw.blit_text(surface, line, 15, theme.text_dim, (x, y + 4))
            y += 18

    def _draw_number_table(self, surface: pygame.Surface, heads: tuple[str, ...],
                           rows: Sequence[Sequence[int]], top_left: tuple[int, int], *,
                           gap: int) -> int:
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

    def _draw_lab(self, surface: pygame.Surface) -> None:
        """Lesson 5: each root move's backed-up value, MIN's reply and the leaf's terms."""
        theme, area = self.theme, self.tree_rect
        rows = self.lab_values
        if not rows:
            return
        best = max(row[1] for row in rows)
        chosen = next(row[0] for row in rows if row[1] == best)
        x, y = area.x + 4, area.y + 2
        pitch = max(18, min(24, (area.height - 30) // max(1, len(rows))))
        for name, value, reply, terms in rows:
            bold = name == chosen
            colour = theme.accent if bold else theme.text
            draw.blit_text(surface, name, 16, colour, (x, y), bold=bold)
            draw.blit_text(surface, value_text(value), 16, colour, (x + 36, y), bold=bold)
            words = ", ".join(f"{_(k)} {value_text(v)}" for k, v in terms.items()) or "0"
            # Translators: {move} is MIN's reply, {terms} the evaluator's terms there.
            detail = _("after {move}: {terms}").format(move=reply, terms=words) if reply \
                else words
            draw.blit_text(surface, detail, 15, theme.text_dim, (x + 96, y + 1),
                           max_width=area.width - 100)
            y += pitch
        draw.blit_text(surface, _("The search plays {move} (the first largest value)."
                                  ).format(move=chosen), 16,
                       theme.text, (x, y + 4), bold=True, max_width=area.width - 8)

    def _draw_horizon(self, surface: pygame.Surface) -> None:
        """Lesson 6's live table: nodes per depth, plain alpha-beta against the computer's
        search (iterative deepening, the transposition table, its move ordering)."""
        theme, area, q = self.theme, self.tree_rect, self.horizon
        assert q is not None
        x, y = area.x + 4, area.y + 6
        draw.blit_text(surface, _("Nodes searched in this position:"), 16, theme.text_dim, (x, y))
        y += 26
        # Translators: the heads of a table's columns: the depth, the nodes alpha-beta
        # searches, the nodes with iterative deepening and the transposition table.
        y = self._draw_number_table(surface, (_("depth"), _("alpha-beta"),
                                              _("+ deepening, table")),
                                    q.nodes, (x, y), gap=28)
        note = _("Deepening searches depths 1 to {depth} first: at a small depth that can "
                 "cost more than the better order saves; deeper, it pays.").format(
            depth=q.nodes[0][0])
        for line in draw.wrap(note, 15, area.width - 8)[:3]:
            draw.blit_text(surface, line, 15, theme.text_dim, (x, y + 4))
            y += 18
        if self.finished:
            shallow, deep = HORIZON_DEPTHS
            y += 12
            if q.game_name == "connect4":
                chose = _("Depth {shallow} chose column {shallow_move}; depth {deep} chose "
                          "column {deep_move}.")
            else:
                chose = _("Depth {shallow} chose {shallow_move}; depth {deep} chose "
                          "{deep_move}.")
            draw.blit_text(surface, chose.format(shallow=shallow, shallow_move=q.shallow,
                                                 deep=deep, deep_move=q.deep),
                           17, theme.text, (x, y), bold=True, max_width=area.width)

    def _draw_exercise_tree(self, surface: pygame.Surface) -> None:
        ex = self.exercise
        if ex is None or not self.placed:
            return
        theme = self.theme
        colours = theme.board(ex.game_name)
        start = new_game(ex.game_name)
        start.play_moves(ex.moves)
        mover = start.turn  # MAX is the side to move at the root
        look = tree_canvas.look_for(theme, colours.pieces[mover], colours.pieces[1 - mover])
        values = ex.key["values"]
        trace = ex.key.get("alphabeta")
        for node in ex.nodes:
            for child in self._children[node.id]:
                (x1, y1), (x2, y2) = self.placed[node.id], self.placed[child.id]
                # From under the parent's value (or its "?") down to the child's shape.
                pygame.draw.line(surface, look.edge, (x1, y1 + 38), (x2, y2 - 16), 2)
                label = child.move
                w = draw.text_size(label, 14)[0]
                pill = pygame.Rect(0, 0, w + 6, 17)
                pill.center = (round((x1 + x2) / 2), round((y1 + y2) / 2 + 4))
                pygame.draw.rect(surface, look.card, pill, border_radius=4)
                draw.blit_text(surface, label, 14, look.dim, pill.center, "center")
        for node in ex.nodes:
            cx, cy = self.placed[node.id]
            fill = {"max": look.max_fill, "min": look.min_fill}.get(node.kind, look.leaf_fill)
            if node.id == self.selected:
                box = pygame.Rect(0, 0, 40, 40)
                box.center = (round(cx), round(cy))
                pygame.draw.rect(surface, look.current, box, 3, border_radius=8)
            tree_canvas.draw_shape(surface, node.kind, False, (cx, cy), fill, look.text)
            draw.blit_text(surface, node.id, 12, readable(fill), (cx, cy + 1), "center",
                           bold=True)
            text = self._value_shown(node, values, trace)
            colour = look.text
            if self.lesson == 3 and node.id in self.marked:
                colour = theme.danger
                tree_canvas.cut_mark(surface, look.cut, (cx, cy - 30), (cx, cy - 18))
            if text:
                draw.blit_text(surface, text, 15, colour, (cx, cy + 20), "midtop", bold=True)

    def _value_shown(self, node: ExNode, values: dict[str, int], trace) -> str:
        if node.kind == "leaf":
            return value_text(node.value)
        if self.lesson == 2:
            return value_text(self.answers[node.id]) if node.id in self.answers else "?"
        if self.lesson == 3:
            if node.id in self.windows_done:
                a, b = trace["windows"][node.id]
                return f"({_inf(a)}, {_inf(b)})"
            return "?"
        if self.lesson == 4 and self.finished:
            return value_text(values[node.id])
        return ""


def _inf(value: int) -> str:
    return "+∞" if value >= INF else "−∞" if value <= -INF else value_text(value)


def readable(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads on ``fill``."""
    r, g, b = fill
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


__all__ = ["LearnScene", "parse_value", "parse_window"]
