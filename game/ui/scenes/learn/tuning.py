"""Lesson 7, learning the evaluation: a tuning run the learner starts and watches, then
questions on why a learned weight has the sign it has.

The run is ``plies tune``'s SPSA on tic-tac-toe from the ``naive`` weights (the centre
only): a few hundred games at depth 2, in a process of its own watched by a thread, so
that the window keeps drawing and never loads the match runner; the chart shows every
weight after each step, and a short match of the tuned weights against the naive ones
ends it. Nothing is written to the evaluators folder: the run's configuration folder
is a temporary one.

The exercise is one of three questions (a, b or c, typed or clicked) about the signs
and sizes the run gives the weights.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.i18n import N_, _, number
from game.rules import Game, new_game
from game.ui import draw
from game.ui.scenes.learn.base import LessonBase

if TYPE_CHECKING:
    from game.ui.scenes.learn.scene import LearnScene

RUN_GAMES = 200
"""Games of the tuning run (100 pairs: about ten seconds on one core)."""
MATCH_GAMES = 20
"""Games of the tuned weights against the naive ones after the run."""
START = "naive"
"""The weights the run starts from: the centre only, so that the threats' weights grow."""
WEIGHT_NAMES = ("open_two", "open_one", "centre")


@dataclasses.dataclass(frozen=True)
class Question:
    """A question with three answers, ``right`` the index of the right one, and the
    hint a first wrong answer gets."""

    text: str
    answers: tuple[str, str, str]
    right: int
    hint: str


QUESTIONS = (
    Question(N_("The run makes open_two grow from 0. Why is an open two worth points to the "
                "side to move?"),
             (N_("It is one move from three in a row: positions with more of them are won "
                 "more often, so the side with more of them should score higher."),
              N_("It fills the board faster, so the game ends sooner."),
              N_("Tuning makes every weight larger, whatever it measures.")),
             0, N_("Think of what an open two can become on the next move.")),
    Question(N_("The evaluation is the side to move's lines minus the opponent's. What would "
                "a negative open_two make the computer do?"),
             (N_("Play exactly as before: only the size of a weight matters, not its sign."),
              N_("Avoid its own open twos and leave the opponent's alone: it would lose more "
                 "games, so the games push the weight back above 0."),
              N_("Win faster, because it would attack less.")),
             1, N_("A negative weight turns what helps you into a penalty.")),
    Question(N_("A weight can end the run near 0 (open_one often does). What does that say?"),
             (N_("That term is bad for the side to move."),
              N_("The run was too short to move any weight."),
              N_("At this depth the term hardly changes who wins: the games with it nudged up "
                 "and down ended alike, so SPSA had no reason to move it.")),
             2, N_("SPSA moves a weight only when the games played with it up and with it "
                   "down end differently.")),
)
"""The exercises, one per seed in turn."""
LETTERS = "abc"


class TuningRun:
    """One tuning run in a thread: ``entries`` grows by one step at a time (read them
    under ``lock``), then ``tally`` (wins, draws, losses of the tuned weights) is set;
    ``error`` holds a sentence if the run failed. ``stop()`` ends it after the step
    being played."""

    def __init__(self, seed: int, games: int | None = None,
                 match_games: int | None = None) -> None:
        self.seed = seed
        self.games = RUN_GAMES if games is None else games
        self.match_games = MATCH_GAMES if match_games is None else match_games
        self.lock = threading.Lock()
        self.entries: list[dict[str, Any]] = []
        self.start_weights: list[int] = []
        self.tally: tuple[int, int, int] | None = None
        self.error: str | None = None
        self.done = False
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._work, name="plies-lesson-tuning",
                                       daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _work(self) -> None:
        """``plies tune`` in a process of its own (the window never loads the match
        runner), its configuration folder a temporary one: the user's evaluators folder
        is left alone. The steps are read from its state file as it writes them (after
        each step, atomically), the match from its JSON at the end."""
        folder = Path(tempfile.mkdtemp(prefix="plies-lesson-"))
        state_path = folder / "plies" / "evaluators" / "lesson.tune.json"
        command = [sys.executable, "-m", "game", "tune", "tictactoe", "--eval", START,
                   "--games", str(self.games), "--final-games", str(self.match_games),
                   "--seed", str(self.seed), "--out", "lesson", "--json"]
        try:
            process = subprocess.Popen(
                command, env={**os.environ, "XDG_CONFIG_HOME": str(folder)},
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True)
        except OSError as error:
            self.error, self.done = str(error), True
            shutil.rmtree(folder, ignore_errors=True)
            return
        try:
            while process.poll() is None:
                if self._stop.wait(0.2):
                    process.kill()
                    process.wait()
                    return
                self._read_state(state_path)
            out, err = process.communicate()
            try:
                payload = json.loads(out)
                final = payload["final"]
                with self.lock:
                    self.entries = list(payload["history"])
                    self.start_weights = [w["start"] for w in payload["weights"]]
                self.tally = (final["wins"], final["draws"], final["losses"])
            except (ValueError, KeyError, TypeError):
                self.error = (err.strip().splitlines() or [_("The tuning run failed.")])[-1]
        finally:
            self.done = True
            shutil.rmtree(folder, ignore_errors=True)

    def _read_state(self, path: Path) -> None:
        """The steps so far, from the run's state file (absent before the first)."""
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
            history = list(state["history"])
            start = [int(v) for v in state["config"]["start"].values()]
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return
        with self.lock:
            self.entries, self.start_weights = history, start


class TuningLesson(LessonBase):
    """An exercise is one question; the run is the lesson's extra button."""

    number: ClassVar[int] = 7
    uses_entry: ClassVar[bool] = False
    uses_check: ClassVar[bool] = False
    uses_level: ClassVar[bool] = False

    def __init__(self, scene: LearnScene) -> None:
        super().__init__(scene)
        self.run: TuningRun | None = None
        self.asked = 0
        self.seen: tuple[int, bool] = (0, False)
        """The run's steps and whether it had ended when last drawn (``poll``)."""
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.answer_rects: list[pygame.Rect] = []

    def start(self, seed: int, level: str, game_name: str) -> None:
        self.asked = seed % len(QUESTIONS)
        self.restart(f"7:{self.asked}")

    def question(self) -> str:
        return _(QUESTIONS[self.asked].text)

    def check(self, text: str) -> None:
        """``text``: the letter of an answer."""
        letter = text.strip().lower()[:1]
        if self.finished or letter not in LETTERS or not letter:
            return
        asked = QUESTIONS[self.asked]
        right = LETTERS[asked.right]
        # Translators: {letter} is the right answer's letter, {answer} its words.
        worked = _("The answer is {letter}: {answer}").format(letter=right,
                                                             answer=_(asked.answers[asked.right]))
        if letter == right:
            self.right(_("Right."))
            self.finish(_("Right: {answer}").format(answer=_(asked.answers[asked.right])))
        elif self.wrong("answer", _(asked.hint), worked):
            self.finish(worked)

    # --- the run ----------------------------------------------------------------------

    def extra_label(self) -> str:
        if self.run is not None and not self.run.done:
            return _("Stop the run")
        # Translators: a button: starts a tuning run of {games} games.
        return _("Tune: {games} games").format(games=number(RUN_GAMES))

    def extra(self) -> None:
        if self.run is not None and not self.run.done:
            self.run.stop()
            return
        self.run = TuningRun(self.scene.progress.seed)
        self.seen = (0, False)
        self.run.start()
        self.scene.relayout()  # the button now stops the run

    def poll(self) -> bool:
        """Whether the run moved on since the last look (the scene then redraws)."""
        run = self.run
        if run is None:
            return False
        with run.lock:
            now = (len(run.entries), run.done)
        if now == self.seen:
            return False
        self.seen = now
        if run.done:
            self.scene.relayout()  # the button starts a run again
        return True

    def stop(self) -> None:
        if self.run is not None:
            self.run.stop()

    # --- answering by mouse and keys ---------------------------------------------------

    def click(self, pos: tuple[int, int]) -> bool:
        for letter, rect in zip(LETTERS, self.answer_rects):
            if rect.collidepoint(pos):
                self.check(letter)
                return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        letter = getattr(event, "unicode", "").lower()
        if letter and letter in LETTERS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.check(letter)
            return True
        return False

    # --- drawing ----------------------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        self.chart = pygame.Rect(area.x + 4, area.y + 4, area.width - 8,
                                 max(60, area.height * 7 // 20))
        y = self.chart.bottom + 28
        room = (area.bottom - y) // 3
        self.answer_rects = [pygame.Rect(area.x + 4, y + i * room, area.width - 8, room - 4)
                             for i in range(3)]

    def position(self) -> Game:
        return new_game("tictactoe")

    def caption(self) -> str:
        return _("The run plays tic-tac-toe at depth 2")

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The weights after every step of the run, the match, and the three answers."""
        theme = self.scene.theme
        run = self.run
        entries: list[dict[str, Any]] = []
        if run is not None:
            with run.lock:
                entries = list(run.entries)
        chart = self.chart
        pygame.draw.rect(surface, theme.text_dim, chart, 1)
        colours = (theme.accent, theme.success, theme.danger)
        if run is None:
            draw.blit_text(surface, _("Press Tune: the weights start at the naive ones "
                                      "(centre 10, the others 0)."), 15, theme.text_dim,
                           chart.center, "center", max_width=chart.width - 12)
        else:
            steps = max(1, -(-run.games // 2 // 4))  # spsa_steps: four game pairs a step
            points = [run.start_weights] + [e["theta"] for e in entries]
            top = max([20.0] + [max(p) for p in points if p])
            for i, name in enumerate(WEIGHT_NAMES):
                polyline = [(chart.x + chart.width * k / steps,
                             chart.bottom - (chart.height - 4) * p[i] / top)
                            for k, p in enumerate(points) if len(p) > i]
                if len(polyline) > 1:
                    pygame.draw.lines(surface, colours[i], False, polyline, 2)
                value = points[-1][i] if len(points[-1]) > i else 0
                draw.blit_text(surface, f"{name} {value:.1f}", 15, colours[i],
                               (chart.x + 8 + i * (chart.width // 3), chart.y + 4))
        y = chart.bottom + 6
        if run is not None:
            pairs = entries[-1]["pairs"] if entries else 0
            if run.error:
                status = run.error
            elif run.tally is not None:
                wins, draws, losses = run.tally
                status = _("Done. The tuned weights against the naive ones, {games} games: "
                           "{wins} won, {draws} drawn, {losses} lost.").format(
                    games=number(sum(run.tally)), wins=number(wins), draws=number(draws),
                    losses=number(losses))
            elif pairs * 2 >= run.games - 1 or (run.done and not entries):
                status = _("Playing the match of the tuned weights against the naive ones…")
            else:
                status = _("{games} of {total} games played.").format(
                    games=number(pairs * 2), total=number(run.games))
            draw.blit_text(surface, status, 15, theme.text, (chart.x, y),
                           max_width=chart.width)
        asked = QUESTIONS[self.asked]
        for letter, answer, rect in zip(LETTERS, asked.answers, self.answer_rects):
            size = 15
            lines = draw.wrap(f"{letter})  {_(answer)}", size, rect.width - 8)
            while len(lines) * (size + 2) > rect.height and size > 12:
                size -= 1  # a longer language: smaller, no line lost
                lines = draw.wrap(f"{letter})  {_(answer)}", size, rect.width - 8)
            for i, line in enumerate(lines[:max(1, rect.height // (size + 2))]):
                draw.blit_text(surface, line, size, theme.text,
                               (rect.x + 4, rect.y + i * (size + 2)))


__all__ = ["QUESTIONS", "RUN_GAMES", "TuningLesson", "TuningRun"]  # untranslated: names
