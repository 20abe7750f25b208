"""What every lesson shares: the ``Lesson`` protocol the scene dispatches to, the answer
words (values and windows are read by ``ai.explain.answers``, as ``plies exercise check``
reads them), and the rule of tries (a hint first, the worked answer second, and an item shown
worked out never counts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

import pygame

from ai.explain.answers import parse_value, parse_window
from ai.explain.exercises import INF
from game.i18n import N_, _, ngettext, number
from game.learning import EXERCISES_TO_PASS

if TYPE_CHECKING:
    from ai.explain.exercises import Exercise
    from game.rules import Game
    from game.ui.scenes.learn.scene import LearnScene

Tone = Literal["right", "wrong", "shown", "info"]
"""How feedback reads: right (green), a wrong answer's hint (red), a worked answer or
the solution (the accent), a neutral fact such as a drawn match (the text's colour)."""

NEVER_WORDS = ("never", "-", "none", "pruned")
"""What a learner types for a node alpha-beta never visits (English in every language,
like ``win n`` and ``loss n``: the answer words are notation)."""


def is_never(text: str) -> bool:
    """The learner says the node is never visited."""
    return text.strip().lower() in NEVER_WORDS


def shown(value: int) -> str:
    """A value or a window's edge as the lessons write it (``+∞``, ``−3``, ``win 2``)."""
    from ai.explain.tree import value_text
    return "+∞" if value >= INF else "−∞" if value <= -INF else value_text(value)


class Tries:
    """The rule of tries: per item, the first wrong answer gets a hint, the second the
    worked answer, and that item then no longer counts (``given``)."""

    def __init__(self) -> None:
        self.misses: dict[str, int] = {}
        self.given: set[str] = set()

    def miss(self, item: str) -> bool:
        """A wrong answer to ``item``: ``True`` when it is the second (show the answer)."""
        self.misses[item] = self.misses.get(item, 0) + 1
        if self.misses[item] >= 2:
            self.given.add(item)
            return True
        return False


class Lesson(Protocol):
    """One lesson, as the scene sees it. The scene owns the window's widgets and the
    progress; a lesson owns its exercise, its answers and its drawing area."""

    number: ClassVar[int]
    uses_entry: ClassVar[bool]
    uses_check: ClassVar[bool]
    uses_level: ClassVar[bool]
    uses_game: ClassVar[bool]
    placeholder: ClassVar[str]
    """The answer field's hint when empty (marked with ``N_``)."""
    finished: bool
    selected: str | None
    exercise: Exercise | None
    placed: dict[str, tuple[float, float]]

    def start(self, seed: int, level: str, game_name: str) -> None:
        """A fresh exercise for ``seed``, ``level`` and ``game_name`` (where they apply)."""

    def question(self) -> str:
        """The task at this moment, one or two sentences."""

    def check(self, text: str) -> None:
        """The learner's answer (typed, or the Check button with ``""``)."""

    def click(self, pos: tuple[int, int]) -> bool:
        """A click in the lesson's area: whether the lesson took it."""

    def on_key(self, event: pygame.event.Event) -> bool:
        """A key the lesson acts on (arrows, Tab, Enter): whether it took it."""

    def layout(self, area: pygame.Rect) -> None:
        """Place the lesson's drawing in ``area``."""

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Draw the lesson's part (changes nothing)."""

    def position(self) -> Game:
        """The position the small board shows."""

    def caption(self) -> str:
        """The small board's caption."""

    def note(self) -> str:
        """A sentence after the lesson's text (lesson 3: the alpha-beta rules it uses)."""

    def extra_label(self) -> str:
        """The words of the lesson's extra button at this moment (``""``: none); it
        takes the answer field's place."""

    def extra(self) -> None:
        """The extra button pressed."""


class LessonBase:
    """Defaults and the shared rule of tries for the lessons (see :class:`Lesson`)."""

    number: ClassVar[int] = 0
    uses_entry: ClassVar[bool] = True
    uses_check: ClassVar[bool] = True
    uses_level: ClassVar[bool] = True
    uses_game: ClassVar[bool] = False
    placeholder: ClassVar[str] = N_("your answer, then Enter")

    def __init__(self, scene: LearnScene) -> None:
        self.scene = scene
        self.finished = False
        self.selected: str | None = None
        self.exercise: Exercise | None = None
        self.placed: dict[str, tuple[float, float]] = {}
        self.tries = Tries()
        self.name = ""
        """The exercise's name in the progress (``lesson:game:level:seed``)."""

    def restart(self, name: str) -> None:
        """Forget the answers of the exercise before; ``name`` names the new one."""
        self.finished, self.selected, self.tries, self.name = False, None, Tries(), name

    # --- feedback ---------------------------------------------------------------------

    def right(self, text: str) -> None:
        self.scene.progress.record(self.number)
        self.scene.say("right", text)
        self.scene.save_progress()

    def wrong(self, item: str, hint: str, worked: str) -> bool:
        """A wrong answer to ``item``: the hint, or on the second try the worked answer
        (then ``True``: the caller moves on as if it had been answered)."""
        self.scene.progress.record(self.number)
        given = self.tries.miss(item)
        if given:
            self.scene.progress.reveal(self.name)
        self.scene.say("shown" if given else "wrong", worked if given else hint)
        self.scene.save_progress()
        return given

    def finish(self, text: str) -> None:
        """The whole exercise answered: it counts when no item was shown worked out."""
        self.finished = True
        progress = self.scene.progress
        if self.exercise is not None and self.exercise.hand_made:
            # Anyone can type three easy trees: the lesson counts the generated ones.
            text = _("{reason} Your own trees are for practice: they do not count towards "
                     "the lesson.").format(reason=text)
        elif self.tries.given:
            # Translators: {reason} is the sentence about the last answer.
            text = _("{reason} This exercise does not count: an answer was shown. Try a "
                     "new one (F5).").format(reason=text)
        elif progress.solve(self.number, self.name):
            solved = progress.count(self.number)
            text = ngettext("{reason} Exercise solved unaided: {solved} of {needed}.",
                            "{reason} Exercise solved unaided: {solved} of {needed}.",
                            solved).format(reason=text, solved=number(solved),
                                           needed=number(EXERCISES_TO_PASS))
        else:
            text = _("{reason} This exercise has counted already (or its answer was "
                     "shown before).").format(reason=text)
        self.scene.say("shown" if self.tries.given else "right", text)
        self.scene.save_progress()
        self.scene.relayout()  # the solution's layout, the lesson's extra button

    # --- defaults ---------------------------------------------------------------------

    def click(self, pos: tuple[int, int]) -> bool:
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        return False

    def layout(self, area: pygame.Rect) -> None:
        pass

    def caption(self) -> str:
        return _("The question's position")

    def note(self) -> str:
        return ""

    def extra_label(self) -> str:
        return ""

    def extra(self) -> None:
        pass


__all__ = ["NEVER_WORDS", "Lesson", "LessonBase", "Tone", "Tries", "is_never", "parse_value",  # untranslated: names
           "parse_window", "shown"]  # untranslated: names
