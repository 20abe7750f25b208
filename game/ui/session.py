"""One game being played in the window: the position, the players and the computer's search.

The ``Session`` is the play scene's model, kept apart from drawing so that the rules
of the UI (DESIGN §4) live in one place:

* every action that changes the position — a move, undo, redo, a forced pass — first
  cancels the worker and takes a fresh *generation* id; a report carrying any other id
  is dropped, so a stale search result can never land;
* a computer move is requested as soon as it is the computer's turn, and shown no
  sooner than a short minimum delay after the request (and after the previous move's
  animation), so moves do not flash past;
* the game is autosaved when it starts and after every change, unless it is not worth
  resuming (a demo the person did not pause): then the autosave is emptied;
* every score is shown from one side's view (``view_side``): the person's side
  against the computer, the first player between two people or two computers;
* the analysis (top moves with their lines, and why the best one) runs as a worker
  job while nobody else needs the worker, and stops at every change;
* a person's clock (``game.clock``, optional, per side) runs only while that person is
  to move in a running game; a move presses it, an undo or redo sets both clocks back
  to the times they showed in that position, and a fallen flag ends the game (the
  session's ``outcome()``); a computer side may have a time per move instead of its
  level's limits.

Time is the session's own clock, advanced by ``update(dt)``, so tests and the frame
loop see the same behaviour.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from typing import Any

from ai.explain.scores import is_settled, root_score_text, signed_points
from ai.explain.why import Why, compare_lines, compared_line
from ai.levels import DEFAULT_LEVEL, level
from ai.search import (
    Bound,
    Limits,
    RootScore,
    Searcher,
    SearchInfo,
    SearchResult,
    TopMoves,
)
from ai.worker import WorkerReport
from game import records
from game.clock import Clock, Snapshot, Timing, move_seconds_text
from game.i18n import _, ngettext, number
from game.players import Computer, Engine, Player, standard_players
from game.rules import PASS, Cell, Game, Move, Outcome
from game.slots import clear_autosave, save_autosave
from game.ui.evaluation import (
    SOLVED_NOW,
    Estimate,
    Evaluation,
    EvaluationRecord,
    Searched,
    best_score,
    child_estimate,
    leaf_turn,
    solved_now,
)
from game.ui.opening_phase import OpeningPhase, choice_prompt

MIN_COMPUTER_DELAY = 0.5
"""Seconds from a computer move's request to its appearance (times the animation factor)."""

PASS_DELAY = 1.4
"""Seconds a forced pass is announced before it is played (times the animation factor)."""

DEMO_DELAYS = (3.0, 1.8, 1.0, 0.5, 0.2, 0.0)
"""Computer-versus-computer pause per move, slowest first; +/- moves along it."""
DEMO_DEFAULT_SPEED = 2

ANALYSIS_LINES = 3
"""Moves the analysis lists (each with its exact score and line)."""

ANALYSIS_SECONDS = 8.0
"""How long one position's analysis searches (deepening, reported per depth); it then
stops, so an open analysis costs nothing while the position stays the same."""


HINT_ENGINE = 2
"""``Session.engines`` key of the engine instance that answers hints."""

ENGINE_SECONDS = 5.0
"""An outside engine's time per move in the window unless the new-game dialog chose
another (late answers lose, with a tolerance)."""

VIEW_SECONDS = 1.0
"""At most this long Plies searches an outside engine's position for the bar, after
the engine has answered (its own scores are not on Plies' scale)."""


def is_computer(player: Player) -> bool:
    """A player the program moves for: Plies' search, or an outside engine."""
    return player.is_computer


def engine_command(player: Player) -> str | None:
    """The command line of an outside engine player (only the settings and the command
    line give one: an engine read from a game file has none), else ``None``."""
    return player.command if isinstance(player, Engine) and player.command.strip() else None


@dataclasses.dataclass(frozen=True)
class EngineForfeit:
    """An outside engine broke a rule or failed: it loses, for this reason (a sentence)."""

    reason: str


def _turned(root: RootScore) -> RootScore:
    """The same root score from the other side's view (a bound turns round)."""
    bound = {Bound.UPPER: Bound.LOWER, Bound.LOWER: Bound.UPPER}.get(root.bound, root.bound)
    return RootScore(-root.score, bound)


def _computer_choice_text(first: bool, choice: str, reason: str) -> str:
    """The status line after the computer chose in a swap opening: its reason when it
    gave one, else what it chose (a whole sentence for each role and choice)."""
    if reason:
        # Translators: {reason} is the computer's one sentence of why.
        return (_("The first player (the computer): {reason}") if first
                else _("The second player (the computer): {reason}")).format(reason=reason)
    if first:
        return {"black": _("The first player (the computer) takes Black"),
                "white": _("The first player (the computer) takes White"),
                "place-two": _("The first player (the computer) places two more stones")}[choice]
    return {"black": _("The second player (the computer) takes Black"),
            "white": _("The second player (the computer) takes White"),
            "place-two": _("The second player (the computer) places two more stones")}[choice]


class Session:
    """The game in the window and everything around it (see the module docstring).

    Args:
        game: the position to start from (its move stack is the history).
        players: two players (``game.players``), by side.
        worker: the app's ``SearchWorker`` (``request``/``cancel``).
        next_generation: gives a fresh, never repeated generation id.
        settings: the app's ``Settings`` (animation speed).
        demo: computer-versus-computer play with pause, step and speed controls.
        evaluators: a shared ``(game, preset) -> Evaluator`` cache loader.
        autosave: write the autosave after each change.
        timing: the people's clocks and the computer's time per move (``game.clock``);
            ``clock_times``: the clocks' remaining seconds to start from.
        now: the clocks' time source (seconds); default: the session's own time.
    """

    def __init__(self, game: Game, players: list[Player], *, worker: Any,
                 next_generation: Callable[[], int], settings: Any,
                 evaluators: Callable[[str, str], Any], demo: bool = False,
                 autosave: bool = True, paused: bool = False,
                 opening: OpeningPhase | None = None, study: bool = False,
                 names: list[str | None] | None = None, timing: Timing | None = None,
                 clock_times: Snapshot | None = None,
                 now: Callable[[], float] | None = None) -> None:
        self.game = game
        self.players = list(players)
        self.names: list[str | None] = list(names or [None, None])[:2]
        """The players' names from an opened file (GGF ``PB``/``PW``, psq), by side."""
        self.study = study and not demo and any(is_computer(p) for p in self.players)
        """A game opened from a file (Open, ``plies FILE``, a paste) is studied first:
        the computer makes no move and the person may move either side, until Play
        (``play_on``) hands the sides to their players."""
        self.opening = opening
        """A swap / swap2 opening (``game.ui.opening_phase``): it sets ``players``."""
        if opening is not None:
            self.players = opening.players(game.ply)
        self.worker = worker
        self._next_generation = next_generation
        self.settings = settings
        self._evaluators = evaluators
        self.demo = demo
        self.autosave_enabled = autosave
        self._start_position()
        # Everything below outlives a change of position: the clock, the history (redo,
        # evals), the last request and its result (tagged with its ply, for the panel),
        # the person's choices (score mode, analysis open, pause, speed), the messages
        # and the engines.
        self.time = 0.0
        self.redo: list[Move] = []
        self.evals: dict[int, Evaluation] = {}
        """The value the bar and the graph show for each position, by ply (steady:
        ``game.ui.evaluation``)."""
        self.estimates = EvaluationRecord()
        """Every search's value of every position, by ply (what ``evals`` is chosen from)."""
        self.request_time = 0.0
        self.search_ply = -1
        self.search_side = 0
        self.search_unit = 100
        self.search_preset = "default"
        self.last_purpose = "move"
        self.score_mode = "chance"
        """How scores read: ``"chance"`` (winning chances), ``"unit"`` (the game's unit:
        discs, threats, points) or ``"raw"`` (the evaluator's points); U cycles."""
        self.analysis_on = False
        self._analysis_searcher: Searcher | None = None
        """Reused from position to position (same evaluator): its table still helps."""
        self.last_result: SearchResult | None = None
        self.last_result_ply = -1
        self.last_search: Searched | None = None
        """The last finished move or hint search and what it searched (the panel's lines)."""
        self.plies_view = False
        """The bar shows Plies' own search of an outside engine's positions."""
        self.paused = paused
        self.step_requested = False
        self.demo_speed = DEMO_DEFAULT_SPEED
        self.message = ""
        self.message_kind = "info"
        self.message_until = 0.0
        self.recent_messages: list[str] = []
        """The last few status messages (what a test or a log may check)."""
        self.is_animating: Callable[[], bool] = lambda: False
        self.on_move: Callable[[Move, bool], None] = lambda move, computer: None
        self.on_position: Callable[[], None] = lambda: None
        self.engines: dict[int, Any] = {}
        """Outside engine players by side (``game.engines.external``), started lazily."""
        self.timing = timing or Timing()
        """The people's clocks and the computer's time per move (``game.clock``)."""
        self.flag: int | None = None
        """The side whose time ran out: the game is over, lost on time."""
        self.clock: Clock | None = None
        self.clock_history: dict[int, Snapshot] = {}
        """Both clocks' times when each position of the game began, by ply (undo)."""
        # A swap opening decides the colours as it goes, so its sides have no clock.
        controls = self.timing.controls if opening is None else (None, None)
        self.reason_ply = -1
        """The position (its ply) the computer's last opening decision led to: its
        reason stays in the search card until a person has moved after it."""
        if opening is not None and any(self.timing.controls):
            self.say(_("No clocks in a swap opening: the colours are only settled during "
                       "the game"), "info", 10.0)
        if any(controls):
            # The clocks read the loop's own time source (``App.now``), not the frame
            # time, which a stalled frame caps: a clock must count every real second.
            self.clock = Clock(controls, now=now or (lambda: self.time),
                               remaining=clock_times)
            self.clock_history[game.ply] = self.clock.snapshot()

    # --- who is who ----------------------------------------------------------------

    def player(self, side: int) -> Player:
        return self.players[side]

    @property
    def humans(self) -> list[int]:
        return [s for s in (0, 1) if not is_computer(self.players[s])]

    def is_over(self) -> bool:
        """The game has ended: by its rules, or a flag fell."""
        return self.flag is not None or self.game.is_over()

    def outcome(self) -> Outcome | None:
        """How the game ended (the rules' outcome, or a loss on time), else ``None``."""
        if self.flag is not None:
            name = _(self.game.side_names[self.flag])
            return Outcome(1 - self.flag, _("{side} ran out of time").format(side=name))
        return self.game.outcome()

    def computer_to_move(self) -> bool:
        return not self.is_over() and is_computer(self.players[self.game.turn])

    def forced_pass(self) -> bool:
        return not self.is_over() and self.game.legal_moves() == [PASS]

    def human_to_move(self) -> bool:
        """A person may act now: their turn (any turn in study), a real choice, the
        game running."""
        return (not self.is_over() and self._by_hand(self.game.turn)
                and not self.forced_pass())

    def _by_hand(self, side: int) -> bool:
        """Whether ``side``'s moves are made by the person now (any side in study)."""
        return self.study or not is_computer(self.players[side])

    def _human_choice(self, game: Game) -> bool:
        return (not game.is_over() and self._by_hand(game.turn)
                and game.legal_moves() != [PASS])

    def play_on(self) -> bool:
        """Play (P): end the study, or resume a paused demo: the players of the file
        take their sides and the computer moves when it is its turn. ``False`` when
        there is nothing to start."""
        if self.study:
            self.study = False
            self.paused = False
            computers = [_(self.game.side_names[s]) for s in (0, 1)
                         if is_computer(self.players[s])]
            if len(computers) == 2:
                text = _("Playing on: the computer plays {first} and {second}").format(
                    first=computers[0], second=computers[1])
            elif computers:
                text = _("Playing on: the computer plays {side}").format(side=computers[0])
            else:  # two people (a study has a computer side; kept whole all the same)
                text = _("Playing on: two people play")
            self.say(text, "info", 3.0)
            self._run_clock()
            self.autosave()
            return True
        if self.demo and self.paused:
            self.toggle_pause()
            return True
        return False

    @property
    def view_side(self) -> int:
        """The side every score is shown for: the person's side against the computer,
        the first player otherwise (two people, or a demo)."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else 0

    def side_label(self, side: int) -> str:
        """``"You"``, ``"Computer"``, ``"Human"`` — how the panel names a player
        (``"Colour not chosen"`` while a swap opening has not settled the colours)."""
        if self.opening is not None and not self.opening.decided:
            return _("Colour not chosen")
        player = self.players[side]
        # Translators: how the panel names a player (short: a card's heading).
        if is_computer(player):
            return _("Computer")
        return _("You") if len(self.humans) == 1 else _("Human")

    def level_label(self, side: int) -> str:
        if self.opening is not None and not self.opening.decided:
            # Translators: {kind} is the opening's name, "swap" or "swap2".
            return _("{kind} opening").format(kind=self.opening.kind)
        player = self.players[side]
        if not is_computer(player):
            return ""
        seconds = self.timing.move_seconds[side]
        if isinstance(player, Engine):
            if seconds is None:
                return _("Engine · {engine}").format(engine=player.name)
            return _("Engine · {engine} · {per_move}").format(
                engine=player.name, per_move=move_seconds_text(seconds))
        assert isinstance(player, Computer)
        try:
            label = level(self.game.name, player.level or DEFAULT_LEVEL).label
        except ValueError:
            label = _("Level {level}").format(level=player.level)
        if seconds is not None:  # the time replaces the level's depth (``_player_search``)
            label = _("Level {level} · {per_move}").format(
                level=player.level or DEFAULT_LEVEL, per_move=move_seconds_text(seconds))
        evaluator = player.evaluator_name(self.game.name)
        return label if evaluator == "default" else f"{label} · {evaluator}"

    # --- messages ---------------------------------------------------------------------

    def say(self, text: str, kind: str = "info", seconds: float | None = 4.0) -> None:
        """Show ``text`` in the status line (``kind`` ``"error"`` is drawn in red)."""
        self.message, self.message_kind = text, kind
        self.recent_messages = [*self.recent_messages[-19:], text]
        self.message_until = math.inf if seconds is None else self.time + seconds

    @property
    def current_message(self) -> tuple[str, str] | None:
        if self.message and self.time <= self.message_until:
            return self.message, self.message_kind
        return None

    # --- the search ---------------------------------------------------------------------

    def _factor(self) -> float:
        from game.ui.boards.base import ANIMATION_FACTORS
        return ANIMATION_FACTORS.get(self.settings.animation_speed, 1.0)

    def min_delay(self) -> float:
        if self.demo:
            return DEMO_DELAYS[self.demo_speed]
        return MIN_COMPUTER_DELAY * self._factor()

    def _player_search(self, side: int, purpose: str) -> tuple[Any, Any] | None:
        """The evaluator and limits a request for ``side`` uses (``None`` on an error)."""
        player = self.players[side]
        if not isinstance(player, Computer):  # a hint (or an engine's side): the
            # computer's level, or the default
            others = [p for p in self.players if isinstance(p, Computer)]
            player = others[0] if others else standard_players()[1]
        assert isinstance(player, Computer)
        try:
            lvl = level(self.game.name, player.level or DEFAULT_LEVEL)
            evaluator = self._evaluators(self.game.name, player.evaluator_name(self.game.name))
        except Exception as error:  # an unknown preset, a broken weights file
            self._fail(str(error) or type(error).__name__)
            return None
        limits = lvl.limits(evaluator.unit)
        seconds = self.timing.move_seconds[side]
        if purpose == "move" and seconds is not None and is_computer(self.players[side]):
            # The time per move chosen in the window replaces the level's depth and time:
            # the search deepens until that time is used (the level keeps its evaluator,
            # randomness and solver).
            limits = dataclasses.replace(limits, depth=None, seconds=seconds)
        if purpose == "hint" and limits.randomness:
            limits = dataclasses.replace(limits, randomness=0)
        return evaluator, limits

    def _request(self, purpose: str) -> None:
        mover = self.players[self.game.turn]
        if purpose == "move" and engine_command(mover) is not None:
            assert isinstance(mover, Engine)
            self._request_engine(mover)
            return
        if purpose == "hint":
            # Playing an outside engine, the person's hint comes from that engine too
            # (its own instance, so the game engine's idea of the game is not disturbed).
            engines = [p for p in self.players
                       if isinstance(p, Engine) and engine_command(p) is not None]
            if engines:
                self._request_engine(engines[0], purpose="hint")
                return
        found = self._player_search(self.game.turn, purpose)
        if found is None:
            return
        evaluator, limits = found
        self.worker.request(self.generation, self.game, evaluator, limits, purpose=purpose)
        self.pending = purpose
        self.request_time = self.time
        self.search_ply = self.game.ply
        self.search_side = self.game.turn
        self.search_unit = evaluator.unit
        self.search_preset = evaluator.name
        self.thinking = None

    def _request_engine(self, spec: Engine, purpose: str = "move") -> None:
        """Ask the outside engine ``spec`` for the side to move's move, on the worker
        thread (``run_job``): cancelled like a search (its process is then closed and
        started again later). ``purpose`` ``"hint"`` uses an engine instance of its own.
        It speaks ``spec``'s protocol, or is asked which (``forced_protocol``)."""
        from game.engines.detect import forced_protocol, player_for
        from game.engines.external import EngineError, EngineFault, close_later

        command = spec.command
        side = self.game.turn
        slot = side if purpose == "move" else HINT_ENGINE
        player = self.engines.get(slot)
        if player is None or player.command != command:
            if player is not None:
                close_later(player)  # off the UI thread: it may take seconds to leave
            seconds = self.timing.move_seconds[side] if purpose == "move" else None
            try:
                player = player_for(self.game, command, seconds or ENGINE_SECONDS,
                                    protocol=forced_protocol(self.game.name, spec.protocol),
                                    name=spec.name)
            except EngineError as error:
                self._fail(str(error))
                return
            self.engines[slot] = player
        game = self.game.copy()
        # The engine's scores are not on Plies' scale: the bar shows Plies' own view of
        # the engine's positions, a short search once it has answered (its clock is
        # not running then).
        view = self._player_search(side, "hint") if purpose == "move" else None
        if view is not None:
            evaluator, limits = view
            limits = dataclasses.replace(limits, seconds=min(limits.seconds or VIEW_SECONDS,
                                                             VIEW_SECONDS))
            self.search_unit, self.search_preset = evaluator.unit, evaluator.name
            self.plies_view = True

        def job(stop: Any, progress: Any) -> Any:
            started = time.perf_counter()
            try:
                move = player.best_move(game, stop)
            except (EngineFault, EngineError) as fault:
                player.close()
                return EngineForfeit(str(fault))
            answer = SearchResult(move, 0, 0, (move,), 0, time.perf_counter() - started, {})
            if view is not None and not stop.is_set():
                progress(Searcher(view[0], tt_bits=16).search(game, limits, stop=stop))
            return answer

        self.worker.run_job(self.generation, job, purpose=purpose)
        self.pending = purpose
        self.request_time = self.time
        self.search_ply = self.game.ply
        self.search_side = side
        self.thinking = None

    def _forfeit(self, reason: str) -> None:
        """The outside engine to move loses: the game stops here, with the reason."""
        self.failed = True
        self.pending = None
        side = _(self.game.side_names[self.game.turn])
        reason = reason[0].upper() + reason[1:] if reason else _("It failed")
        # Translators: {reason} is a sentence without its final full stop.
        self.say(_("{side} (the engine) loses: {reason}.").format(
            side=side, reason=reason.rstrip(".")), "error", None)

    def _fail(self, text: str) -> None:
        self.failed = True
        self.pending = None
        text = text[0].upper() + text[1:] if text else _("The computer player failed")
        self.say(text.rstrip(".") + ".", "error", None)

    def handle_report(self, report: WorkerReport) -> bool:
        """Take a worker report; ``False`` (ignored) when it belongs to another generation."""
        if report.generation != self.generation or self.pending != report.purpose:
            return False
        if report.purpose == "analysis":
            self._analysis_report(report)
            return True
        if report.purpose == "opening":
            self._opening_report(report)
            return True
        if report.kind == "progress" and isinstance(report.payload, SearchResult):
            # Plies' own search of the outside engine's position: the bar's value.
            self.plies_view = True
            view = report.payload
            if view.move is not None:
                self._remember_eval(best_score(view), exact=view.exact, depth=view.depth)
            return True
        if report.kind == "result" and report.result is None:  # an outside engine's answer
            hint = report.purpose == "hint"
            if hint and isinstance(report.payload, EngineForfeit | SearchResult):
                self.pending = None
                if isinstance(report.payload, EngineForfeit):
                    self.say(_("No hint: {reason}").format(reason=report.payload.reason),
                             "error", 6.0)
                else:
                    self.hint = report.payload.move
                    if self.hint is not None:
                        self.say(_("Hint from the engine: {move}").format(
                            move=self.game.move_name(self.hint)), "info", 6.0)
                return True
            if isinstance(report.payload, EngineForfeit):
                self._forfeit(report.payload.reason)
                return True
            if isinstance(report.payload, SearchResult):
                # Only the move: the engine's own evaluation is not on Plies' scale (the
                # bar has Plies' view of the position, above); no search lines for it.
                self.pending = None
                self.ready = report.payload
                return True
        if report.kind == "progress" and report.info is not None:
            self.thinking = report.info
            if report.purpose == "move":  # a hint's shallow depths never move the bar
                self._remember_eval(report.info.score, exact=False, depth=report.info.depth)
        elif report.kind == "result" and report.result is not None:
            result = report.result
            self.pending = None
            self.last_result, self.last_result_ply = result, self.search_ply
            self.last_purpose = report.purpose
            if result.move is not None:
                self.last_search = Searched(result, tuple(self.game.move_stack),
                                            self.search_side, self.search_unit,
                                            self.search_preset, report.purpose)
                self._remember_eval(best_score(result), exact=result.exact,
                                    depth=result.depth)
            if report.purpose == "hint":
                self.hint = result.move
                if result.move is not None:
                    value = self.score_text(self._evaluation(result.score, result.exact))
                    self.hint_score = value
                    name = self.game.move_name(result.move)
                    # Translators: {score} is how good the move is ("Black 72%").
                    self.say(_("Hint: {move} ({score})").format(move=name, score=value),
                             "info", 6.0)
            else:
                self.ready = result
        elif report.kind == "error":
            self._fail(report.error or _("the computer player failed"))
        return True

    def _evaluation(self, score: int, exact: bool) -> Evaluation:
        return self.evaluation(score, exact, self.search_side)

    def evaluation(self, score: int, exact: bool, side: int) -> Evaluation:
        """An ``Evaluation`` of a score seen from ``side`` by the last search's evaluator."""
        first = score if side == 0 else -score
        return Evaluation(first, self.search_unit, exact, self.game.name, self.search_preset)

    def score_text(self, ev: Evaluation, margin: int | None = None, side: int = 0) -> str:
        """How every score reads: from ``view_side``, as a chance or in the game's unit.

        ``margin``: a solver's exact score in the game's convention, from ``side``'s view.
        """
        if self.score_mode != "chance" and not is_settled(ev.score, ev.exact):
            side = _(self.game.side_names[self.view_side])
            if self.score_mode == "raw":
                # Translators: {points} is a signed number of the evaluator's points ("+120").
                return _("{points} points for {side}").format(
                    points=signed_points(ev.for_side(self.view_side)), side=side)
            # Translators: {score} is a score in the game's unit ("+3.5 discs").
            return _("{score} for {side}").format(score=ev.raw(self.view_side), side=side)
        first = None if margin is None else (margin if side == 0 else -margin)
        return ev.text(self.game.side_names, self.view_side, first)

    def toggle_raw(self) -> None:
        """Cycle every score through winning chances, the game's unit and the evaluator's
        raw points (Gomoku's unit is its points: two steps)."""
        unit = {"othello": "discs", "connect4": "threats"}.get(self.game.name)
        modes = ["chance", "unit", "raw"] if unit else ["chance", "raw"]
        self.score_mode = modes[(modes.index(self.score_mode) + 1) % len(modes)
                                if self.score_mode in modes else 0]
        if self.score_mode == "chance":
            text = _("Scores as winning chances")
        elif self.score_mode == "raw":
            text = _("Scores in the evaluator's points")
        else:
            text = _("Scores in discs") if unit == "discs" else _("Scores in threats")
        self.say(text, "info", 2.0)

    def _remember_eval(self, score: int, exact: bool, margin: int | None = None, *,
                       depth: int) -> None:
        """Keep a search's value of the searched position, ``depth`` plies deep."""
        ev = self._evaluation(score, exact)
        if margin is not None:
            first = margin if self.search_side == 0 else -margin
            ev = dataclasses.replace(ev, margin=first)
        self._estimate(self.search_ply, Estimate(ev, depth, leaf_turn(self.search_side, depth)))

    def _estimate(self, ply: int, estimate: Estimate) -> None:
        """Keep ``estimate`` of the position after ``ply`` moves and show that position's
        steady value (``game.ui.evaluation.steady``)."""
        self.estimates.add(ply, estimate)
        shown = self.estimates.steady(ply, self.view_side)
        if shown is not None:  # else the bar keeps the position before (or a saved value)
            self.evals[ply] = shown.evaluation

    def _settle_position(self) -> None:
        """Solve the shown position when its game is solved at once (tic-tac-toe): a
        dead draw reads 50%, as the review says, whatever depth the levels search."""
        if self.game.name not in SOLVED_NOW or (
                self.game.ply in self.evals and self.evals[self.game.ply].settled):
            return
        found = self._player_search(self.game.turn, "hint")
        if found is None:
            return
        solved = solved_now(self.game, found[0].unit, found[0].name)
        if solved is not None:
            self._estimate(self.game.ply, solved)

    def current_evaluation(self) -> tuple[Evaluation, int] | None:
        """The latest evaluation at or before this position, with the ply it belongs to."""
        plies = [p for p in self.evals if p <= self.game.ply]
        if not plies:
            return None
        p = max(plies)
        return self.evals[p], p

    def root_scores(self) -> dict[Cell, str]:
        """The root moves' scores of the search of this position, by cell, best first
        (show thinking; the board labels the best and shades the rest when crowded)."""
        if self.search_ply != self.game.ply:
            return {}
        source: SearchInfo | SearchResult | None = self.thinking
        solved = False
        if self.pending in (None, "analysis") and self.last_result is not None \
                and self.last_result_ply == self.game.ply:
            source = self.last_result
            solved = self.last_result.exact and self.last_result.depth == 0
        if source is None:
            return {}
        cells: dict[Cell, str] = {}
        ranked = sorted(source.root_scores.items(), key=lambda item: -item[1].score)
        turn = self.search_side != self.view_side
        for move, root in ranked:
            if move == PASS:
                continue
            cell = self.game.move_cell(move)
            if cell is not None:
                seen = _turned(root) if turn else root
                if solved and seen.score == 0:
                    cells[cell] = "="
                else:
                    cells[cell] = root_score_text(seen, self.game.name, self.search_preset,
                                                  self.score_mode)
        return cells

    # --- the frame ---------------------------------------------------------------------

    def start(self) -> None:
        """Begin: request the computer's move if it is to play, or run the person's
        clock (called once shown)."""
        self._run_clock()
        self._settle_position()
        self.on_position()

    def update(self, dt: float) -> None:
        self.time += dt
        game = self.game
        if self.clock is not None and self.flag is None:
            fallen = self.clock.flagged()
            if fallen is not None:
                self._flag_fall(fallen)
        if self.is_over() or self.failed:
            return
        can_go = not self.paused or self.step_requested
        if self.opening is not None and not self.opening.decided:
            self._opening_update(can_go and not self.study)
            return
        self._maybe_analyse(can_go)
        if self.forced_pass():
            if not can_go or self.is_animating():
                return
            if self.pass_at is None:
                self.pass_at = self.time + PASS_DELAY * (self._factor() if not self.demo else
                                                         max(0.3, DEMO_DELAYS[self.demo_speed]))
                side = _(game.side_names[game.turn])
                self.say(_("{side} has no move and passes").format(side=side), "info",
                         PASS_DELAY + 1.5)
            if self.time >= self.pass_at:
                self.step_requested = False
                self._apply(PASS, computer=is_computer(self.players[game.turn]))
            return
        if self._by_hand(game.turn):
            return
        if self.ready is not None:
            delay = 0.0 if self.step_requested else self.min_delay()
            if can_go and not self.is_animating() and self.time >= self.request_time + delay:
                result, self.ready = self.ready, None
                self.step_requested = False
                if result.move is not None and result.move in game.legal_moves():
                    self._apply(result.move, computer=True)
                else:
                    self._fail(_("the computer player returned no legal move"))
            return
        if self.pending != "move" and can_go:
            self._request("move")

    # --- actions that change the position ------------------------------------------------

    def _start_position(self) -> None:
        """Set the state that belongs to one position: a fresh generation, and no
        request, result, hint, announced pass, failure or analysis for it yet.

        The one home of these fields: ``__init__`` and every change of the position
        (``_before_change``) both call it, so a field added here is reset too. Only a
        change stops the worker first: a new session has no search of its own yet.
        """
        self.generation = self._next_generation()
        self.pending: str | None = None
        """What the worker is doing for this generation: ``"move"``, ``"hint"``,
        ``"analysis"``, ``"opening"``, or ``None``."""
        self.ready: SearchResult | None = None
        self.thinking: SearchInfo | None = None
        self.hint: Move | None = None
        self.hint_score: str | None = None
        self.pass_at: float | None = None
        self.failed = False
        self.analysis: TopMoves | None = None
        self.analysis_why: Why | None = None
        self.analysis_done = False
        """The analysis of this position (this generation) finished: do not start it again."""
        self.analysis_error: str | None = None

    def _before_change(self) -> None:
        """Stop the search and retire its generation before the position changes."""
        self.worker.cancel()
        self._start_position()

    def _after_change(self) -> None:
        if self.opening is not None:
            self.players = self.opening.players(self.game.ply)
        if self.clock is not None:
            # Every position has the times its clocks showed when it began (an undo, a
            # redo or a jump goes back to them; a new move has just stored its own).
            self.flag = None
            times = self.clock_history.get(self.game.ply)
            if times is not None:
                self.clock.restore(times)
            self._run_clock()
        self._settle_position()
        self.autosave()
        self.on_position()

    # --- the clocks ------------------------------------------------------------------

    def _run_clock(self) -> None:
        """Run the clock of the side to move when a person plays it in a running game
        (not in study, not on a forced pass); otherwise no clock runs."""
        clock = self.clock
        if clock is None:
            return
        side = self.game.turn
        if (self.is_over() or self.failed or self.study or self.forced_pass()
                or is_computer(self.players[side])):
            clock.stop()
        else:
            clock.start(side)

    def _flag_fall(self, side: int) -> None:
        """``side``'s time ran out: it loses; the search stops and the result is saved."""
        assert self.clock is not None
        self._before_change()
        self.clock.stop()
        self.clock.restore((0.0, self.clock.remaining(1)) if side == 0
                           else (self.clock.remaining(0), 0.0))
        self.flag = side
        self.autosave()

    def clock_wake(self) -> float | None:
        """Seconds until a running clock shows another time (or its flag falls)."""
        return None if self.clock is None else self.clock.next_change()

    def _apply(self, move: Move, *, computer: bool) -> None:
        self._before_change()
        if self.clock is not None:
            self.clock.press(self.game.turn)
        searched = self.last_search
        parent = self.game.copy() if searched is not None \
            and searched.line == tuple(self.game.move_stack) else None
        self.game.push(move)
        if self.clock is not None:
            self.clock_history[self.game.ply] = self.clock.snapshot()
        if self.redo and self.redo[-1] == move:
            self.redo.pop()
        else:
            self.redo.clear()
            # The estimates of the old line's positions go (this one's too: another
            # move led here before).
            for ply in [p for p in self.evals if p >= self.game.ply]:
                del self.evals[ply]
            self.estimates.forget_after(self.game.ply - 1)
        if parent is not None and searched is not None:
            # The search of the position just left valued this one too (its root
            # score for the move, one ply less deep, the same leaves).
            child = child_estimate(parent, searched.result, move,
                                   searched.evaluation(self.game.name))
            if child is not None:
                self._estimate(self.game.ply, child)
        if move == PASS and self.message.endswith("passes"):
            self.message_until = max(self.message_until, self.time + 1.5)
        self.on_move(move, computer)
        self._after_change()

    def play(self, move: Move) -> bool:
        """A person's move; ``False`` (and nothing changes) when it is not theirs to make."""
        if not self.human_to_move():
            return False
        if self.opening is not None and self.opening.choosing(self.game.ply):
            self.say(choice_prompt(self.opening.choosing(self.game.ply)), "error", 3.0)
            return False
        if move not in self.game.legal_moves():
            self.say(self.game.illegal_reason(move), "error", 3.0)
            return False
        self._apply(move, computer=False)
        return True

    def undo_target(self) -> int | None:
        """How many moves Undo takes back, or ``None`` when it cannot.

        Against the computer: back to the person's previous turn (also after the
        end); between two computers: one move; forced passes are never stopped on.
        """
        stack = self.game.move_stack
        if not stack:
            return None
        if not self.humans:
            return 1
        probe = self.game.copy()
        for count in range(1, len(stack) + 1):
            probe.pop()
            if self._human_choice(probe):
                return count
        return None

    def undo(self) -> bool:
        if self.opening is not None and self._undo_into_opening():
            return True
        moves = self.undo_target()
        if moves is None:
            self.say(_("Nothing to undo"), "info", 2.0)
            return False
        self._before_change()
        for _unused in range(moves):
            self.redo.append(self.game.pop())
        self._after_history_step(undone=True, moves=moves)
        return True

    def can_jump(self) -> bool:
        """Whether the person may go to any move of the game (the graph): in study,
        between people, and in a paused demo; not while the computer plays its side."""
        return self.study or not any(is_computer(p) for p in self.players) or (
            self.demo and self.paused)

    def go_to(self, ply: int) -> bool:
        """Show the position after ``ply`` moves of this game (undone moves stay for
        redo); ``False`` when that is not a position of it or jumping is not allowed."""
        start = self.game.ply - len(self.game.move_stack)
        if not self.can_jump() or not start <= ply <= self.game.ply + len(self.redo) \
                or ply == self.game.ply:
            return False
        self._before_change()
        while self.game.ply > ply:
            self.redo.append(self.game.pop())
        while self.game.ply < ply:
            self.game.push(self.redo.pop())
        self.say(_("Move {number}").format(number=ply) if ply > start else _("The start"),
                 "info", 1.5)
        self._after_change()
        return True

    def can_redo(self) -> bool:
        return bool(self.redo)

    def redo_moves(self) -> bool:
        """Replay undone moves up to the person's next turn (one move between computers)."""
        if not self.redo:
            self.say(_("Nothing to redo"), "info", 2.0)
            return False
        self._before_change()
        moves = 0
        while self.redo:
            self.game.push(self.redo.pop())
            moves += 1
            if not self.humans or self._human_choice(self.game) or self.is_over():
                break
        self._after_history_step(undone=False, moves=moves)
        return True

    def _after_history_step(self, *, undone: bool, moves: int) -> None:
        """Finish an undo (``undone``) or a redo of ``moves`` moves: pause a demo, say
        ``"Took back 2 moves"`` or ``"Replayed 1 move"``, then what follows every change
        of the position.

        A demo pauses because whoever steps through its history wants to look at the
        position, not have the computers play on from it at once.
        """
        if self.demo:
            self.paused = True
        if undone:
            text = ngettext("Took back {n} move", "Took back {n} moves", moves)
        else:
            text = ngettext("Replayed {n} move", "Replayed {n} moves", moves)
        self.say(text.format(n=number(moves)), "info", 2.0)
        self._after_change()

    def request_hint(self) -> bool:
        if not self.human_to_move():
            self.say(_("A hint is for your own turn"), "info", 2.5)
            return False
        if self.pending == "hint":
            return False
        self.hint = None
        self._request("hint")
        if self.pending == "hint":
            self.say(_("Looking for a good move…"), "info", None)
        return True

    # --- analysis ------------------------------------------------------------------------------

    def toggle_analysis(self) -> None:
        """Open or close the analysis; closing stops its search."""
        self.analysis_on = not self.analysis_on
        if not self.analysis_on and self.pending == "analysis":
            self.worker.cancel(self.generation)
            self.pending = None
            self.analysis_done = False  # reopened: search this position again
        self.say(_("Analysis on") if self.analysis_on else _("Analysis off"), "info", 1.5)

    def analysis_waits(self) -> str | None:
        """Why the analysis is not running now, in words (``None``: it runs or is done)."""
        if self.is_over():
            return _("The game is over.")
        if self.pending in ("move", "hint"):
            return _("Waiting for the computer's search…")
        if not self._by_hand(self.game.turn) and not self.paused:
            return _("The computer is to move.")
        return None

    def _maybe_analyse(self, can_go: bool) -> None:
        """Start the analysis job when it is wanted and the worker is free."""
        if (not self.analysis_on or self.analysis_done or self.pending is not None
                or self.forced_pass()):
            return
        if not self._by_hand(self.game.turn) and can_go:
            return  # the computer's own move comes first
        found = self._player_search(self.game.turn, "hint")
        if found is None:
            return
        evaluator = found[0]
        game = self.game.copy()
        # threats: a win by a threat sequence (Gomoku VCT) shows as proven, not as a score.
        limits = Limits(seconds=ANALYSIS_SECONDS, threats=True)

        def job(stop: Any, progress: Callable[[Any], None]) -> Any:
            searcher = self._analysis_searcher
            if searcher is None or searcher.evaluator is not evaluator:
                searcher = self._analysis_searcher = Searcher(evaluator, tt_bits=16)

            def explained(top: TopMoves) -> tuple[TopMoves, Why | None]:
                why = None
                other = compared_line(top.lines)
                if other is not None:
                    why = compare_lines(game, evaluator, top.lines[0].pv, top.lines[other].pv)
                return top, why

            top = searcher.search_top(game, limits, ANALYSIS_LINES, stop=stop,
                                      on_info=lambda info: progress(explained(info)))
            return explained(top)

        self.worker.run_job(self.generation, job, purpose="analysis")
        self.pending = "analysis"
        self.search_side = self.game.turn
        self.search_ply = self.game.ply
        self.search_unit = evaluator.unit
        self.search_preset = evaluator.name
        self.request_time = self.time

    def _analysis_report(self, report: WorkerReport) -> None:
        if report.kind == "error":
            self.pending = None
            self.analysis_done = True
            self.analysis_error = report.error or _("the analysis failed")
            return
        if report.payload is not None:
            self.analysis, self.analysis_why = report.payload
            if self.analysis.lines:
                best = self.analysis.lines[0]
                self._remember_eval(best.score, exact=self.analysis.exact, margin=best.margin,
                                    depth=self.analysis.depth)
        if report.kind == "result":
            self.pending = None
            self.analysis_done = True

    def analysis_line_cells(self, index: int) -> list[tuple[Cell, int, int]]:
        """The cells of analysis line ``index`` as ``(cell, side, number)`` for a preview."""
        if self.analysis is None or not 0 <= index < len(self.analysis.lines):
            return []
        probe = self.game.copy()
        cells = []
        for order, move in enumerate(self.analysis.lines[index].pv, start=1):
            if probe.is_over() or move not in probe.legal_moves():
                break
            side = probe.turn
            probe.push(move)
            cell = probe.last_cell() if move != PASS else None
            if cell is not None:
                cells.append((cell, side, order))
        return cells

    # --- demo controls ---------------------------------------------------------------------

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.step_requested = False
        if self.failed and not self.paused:
            self.failed = False
        self.say(_("Paused") if self.paused else _("Resumed"), "info", 1.5)
        self.autosave()  # a paused demo may be resumed later; a running one is not kept

    def step(self) -> None:
        """Play one move now (paused or not), ignoring the demo delay."""
        if self.is_over():
            return
        if self.failed:
            self.failed = False
        self.paused = True
        self.step_requested = True

    def change_speed(self, delta: int) -> None:
        self.demo_speed = min(len(DEMO_DELAYS) - 1, max(0, self.demo_speed + delta))
        self.say(f"Speed {self.demo_speed + 1} of {len(DEMO_DELAYS)}", "info", 1.5)

    # --- swap / swap2 openings ----------------------------------------------------------

    def _opening_update(self, can_go: bool) -> None:
        """The opening's turn: ask the computer for its stones or its choice."""
        phase = self.opening
        assert phase is not None
        if self.pending == "opening" or self.ready is not None or not can_go:
            return
        plies = self.game.ply
        who = phase.actor(plies)
        player = phase.participants[0 if who == "first" else 1]
        if not is_computer(player) or self.is_animating():
            return
        found = self._player_search(self.game.turn, "move")
        if found is None:
            return
        evaluator, limits = found
        game = self.game.copy()
        options = phase.choosing(plies)
        seed = self.generation

        def job(stop: Any, progress: Any) -> Any:
            from ai.openings import choose, first_stones, place_two
            searcher = Searcher(evaluator, tt_bits=16, seed=seed)
            if options:
                return ("choose",) + choose(game, options, searcher, limits)
            if game.ply < 3:
                return ("place",) + first_stones(game, searcher, seed)
            return ("place",) + place_two(game, searcher, limits)

        self.worker.run_job(self.generation, job, purpose="opening")
        self.pending = "opening"
        self.request_time = self.time

    def _opening_report(self, report: WorkerReport) -> None:
        if report.kind == "error":
            self._fail(report.error or _("the computer's opening failed"))
            return
        if report.kind != "result" or not isinstance(report.payload, tuple):
            return
        self.pending = None
        phase = self.opening
        assert phase is not None
        what, value, why = report.payload
        phase.reason = why
        self.reason_ply = self.game.ply + (0 if what == "choose" else len(value))
        if what == "choose":
            self.choose_opening(value, computer=True)
            return
        for move in value:
            if move not in self.game.legal_moves():
                self._fail(_("the computer placed an illegal opening stone"))
                return
            self._apply(move, computer=True)
        self.say(why, "info", 8.0)

    def choose_opening(self, choice: str, *, computer: bool = False) -> bool:
        """The chooser's choice (a person's, or the computer's from its job); ``False``
        and nothing changes when it is not open now."""
        phase = self.opening
        if phase is None or choice not in phase.choosing(self.game.ply):
            return False
        who = phase.actor(self.game.ply)
        if not computer and is_computer(phase.participants[0 if who == "first" else 1]):
            return False
        self._before_change()
        phase.opening.choose(choice, self.game.ply)
        if not computer:
            phase.reason = ""
        if not computer:  # a person's own choice needs no echo: the next prompt follows
            self.message = ""
        else:
            self.say(_computer_choice_text(who == "first", choice, phase.reason), "info", 8.0)
        self._after_change()
        return True

    def _undo_into_opening(self) -> bool:
        """Undo inside the opening (or back into it) starts the opening again; ``False``
        when the undo stays after it (the ordinary undo then applies)."""
        phase = self.opening
        assert phase is not None
        if phase.decided:
            target = self.undo_target()
            last = phase.choice_plies()[-1]
            if target is not None and self.game.ply - target > last:
                return False
            if target is None and not any(not is_computer(p) for p in phase.participants):
                return False
        if not self.game.move_stack and not phase.opening.choices:
            self.say(_("Nothing to undo"), "info", 2.0)
            return True
        self._before_change()
        while self.game.move_stack:
            self.game.pop()
        self.redo.clear()
        self.evals.clear()
        self.estimates.clear()
        phase.rewind(0)
        phase.reason = ""
        self.say(_("The opening starts again"), "info", 3.0)
        self._after_change()
        return True

    # --- persistence --------------------------------------------------------------------------

    def spoken(self, side: int) -> Player:
        """``side``'s player, an outside engine with the protocol it was found to speak
        once it was asked (a typed GRhino command is recorded as GTP, not NBoard)."""
        player = self.players[side]
        running = self.engines.get(side)
        protocol = getattr(running, "protocol", "") if running is not None else ""
        if isinstance(player, Engine) and protocol and protocol != player.protocol \
                and running.command == player.command:
            return dataclasses.replace(player, protocol=protocol)
        return player

    def record(self) -> records.GameRecord:
        """The game so far, with the evaluations seen (the graph) when there are any."""
        plies = range(len(self.game.move_stack) + 1)
        scores = [self.evals[p].score if p in self.evals else None for p in plies]
        players = [self.spoken(side) for side in (0, 1)] if self.opening is None else \
            self.opening.record_players(self.game.ply)
        record = records.record_from_game(self.game, players,
                                          scores if any(s is not None for s in scores) else None)
        outcome = self.outcome()
        if self.flag is not None and outcome is not None:
            record.result = {"winner": outcome.winner, "reason": outcome.reason}
        if not self.timing.off:
            record.clock = self.timing.to_json(
                None if self.clock is None else self.clock.snapshot())
        if self.opening is not None:
            record.opening = self.opening.as_dict()
        record.names = list(self.names) if any(self.names) else None
        return record

    def restore_scores(self, scores: list[int | None]) -> None:
        """Bring back the evaluations saved with the game (``GameRecord.scores``), in the
        unit of the evaluator the computer player (or a hint) would use."""
        computers = [p for p in self.players if isinstance(p, Computer)]
        preset = computers[0].evaluator_name(self.game.name) if computers else "default"
        try:
            unit = self._evaluators(self.game.name, preset).unit
        except Exception:  # an unknown preset: the graph's scale is only approximate
            unit = self.search_unit
        self.search_unit = unit
        for ply, score in enumerate(scores[:len(self.game.move_stack) + 1]):
            if score is not None:
                self.evals[ply] = Evaluation(int(score), unit)

    def worth_resuming(self) -> bool:
        """Whether the autosave should keep this game: one a person plays, or a demo the
        person paused (a running demo is never offered for resuming)."""
        return bool(self.humans) or self.paused

    def autosave(self) -> None:
        """Keep the autosave equal to this game (or empty, when it is not worth resuming)."""
        if not self.autosave_enabled:
            return
        try:
            if self.worth_resuming():
                save_autosave(self.record())
            else:
                clear_autosave()
        except Exception as error:  # never lose the game over a full disk
            self.say(_("Autosave failed: {error}").format(error=error), "error", 4.0)

    def shutdown(self) -> None:
        """Leaving this game: stop its search, end its engines, retire its generation;
        a running clock stops and the autosave keeps its time (a resumed game goes on
        from there: no time passes while the window is closed)."""
        self.worker.cancel()
        if self.clock is not None and self.clock.running is not None:
            self.clock.stop()
            self.autosave()
        if self.engines:
            from game.engines.external import close_later

            for player in self.engines.values():  # off the UI thread (closing may wait)
                close_later(player)
        self.engines.clear()
        self.generation = self._next_generation()
        self.pending = None

