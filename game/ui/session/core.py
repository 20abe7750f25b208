"""The session's state, declared once, and what every other part of it reads.

``SessionCore`` declares every attribute of the session (with its meaning) and
sets them in ``__init__``, or in ``_start_position`` for those that belong to one
position; it answers who is who (the players, the side to move, the game's end),
keeps the status line's messages, and finds the evaluator and limits a search of
Plies uses. The other modules of ``game.ui.session`` add one job each on top of it.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from ai.explain.scores import Evaluation
from ai.explain.why import Why
from ai.levels import DEFAULT_LEVEL, level
from ai.search import Limits, Searcher, SearchInfo, SearchResult, TopMoves
from game.clock import Clock, Snapshot, Timing, move_seconds_text
from game.i18n import _
from game.players import Computer, Engine, Player, standard_players
from game.rules import PASS, Game, Move, Outcome
from game.ui.evaluation import EvaluationRecord, Searched
from game.ui.opening_phase import OpeningPhase

if TYPE_CHECKING:
    from ai.evaluators.base import Evaluator
    from ai.worker import SearchWorker
    from game.engines.external import ExternalPlayer
    from game.settings import Settings

MIN_COMPUTER_DELAY = 0.5
"""Seconds from a computer move's request to its appearance (times the animation factor)."""

PASS_DELAY = 1.4
"""Seconds a forced pass is announced before it is played (times the animation factor)."""

DEMO_DELAYS = (3.0, 1.8, 1.0, 0.5, 0.2, 0.0)
"""Computer-versus-computer pause per move, slowest first; +/- moves along it."""
DEMO_DEFAULT_SPEED = 2


def is_computer(player: Player) -> bool:
    """A player the program moves for: Plies' search, or an outside engine."""
    return player.is_computer


def engine_command(player: Player) -> str | None:
    """The command line of an outside engine player (only the settings and the command
    line give one: an engine read from a game file has none), else ``None``."""
    return player.command if isinstance(player, Engine) and player.command.strip() else None


class SessionCore:
    """The state of the game in the window (see ``game.ui.session``'s docstring).

    Args:
        game: the position to start from (its move stack is the history).
        players: two players (``game.players``), by side.
        worker: the app's ``SearchWorker`` (``request``/``run_job``/``cancel``).
        next_generation: gives a fresh, never repeated generation id.
        settings: the app's ``Settings`` (animation speed).
        demo: computer-versus-computer play with pause, step and speed controls.
        evaluators: a shared ``(game, preset) -> Evaluator`` cache loader.
        autosave: write the autosave after each change.
        timing: the people's clocks and the computer's time per move (``game.clock``);
            ``clock_times``: the clocks' remaining seconds to start from.
        now: the clocks' time source (seconds); default: the session's own time.
    """

    # --- what outlives a change of position --------------------------------------------

    game: Game
    players: list[Player]
    names: list[str | None]
    """The players' names from an opened file (GGF ``PB``/``PW``, psq), by side."""
    study: bool
    """A game opened from a file (Open, ``plies FILE``, a paste) is studied first:
    the computer makes no move and the person may move either side, until Play
    (``play_on``) hands the sides to their players."""
    opening: OpeningPhase | None
    """A swap / swap2 opening (``game.ui.opening_phase``): it sets ``players``."""
    worker: SearchWorker
    settings: Settings
    demo: bool
    autosave_enabled: bool
    time: float
    """The session's own clock (seconds), advanced by ``update(dt)``."""
    redo: list[Move]
    evals: dict[int, Evaluation]
    """The value the bar and the graph show for each position, by ply (steady:
    ``game.ui.evaluation``)."""
    estimates: EvaluationRecord
    """Every search's value of every position, by ply (what ``evals`` is chosen from)."""
    request_time: float
    search_ply: int
    search_side: int
    search_unit: int
    search_preset: str
    last_purpose: str
    score_mode: str
    """How scores read: ``"chance"`` (winning chances), ``"unit"`` (the game's unit:
    discs, threats, points) or ``"raw"`` (the evaluator's points); U cycles."""
    analysis_on: bool
    last_result: SearchResult | None
    last_result_ply: int
    last_search: Searched | None
    """The last finished move or hint search and what it searched (the panel's lines)."""
    plies_view: bool
    """The bar shows Plies' own search of an outside engine's positions."""
    paused: bool
    step_requested: bool
    demo_speed: int
    message: str
    message_kind: str
    message_until: float
    recent_messages: list[str]
    """The last few status messages (what a test or a log may check)."""
    is_animating: Callable[[], bool]
    on_move: Callable[[Move, bool], None]
    on_position: Callable[[], None]
    engines: dict[int, ExternalPlayer]
    """Outside engine players by seat (a side, or ``HINT_ENGINE``), started lazily."""
    timing: Timing
    """The people's clocks and the computer's time per move (``game.clock``)."""
    flag: int | None
    """The side whose time ran out: the game is over, lost on time."""
    clock: Clock | None
    clock_history: dict[int, Snapshot]
    """Both clocks' times when each position of the game began, by ply (undo)."""
    reason_ply: int
    """The position (its ply) the computer's last opening decision led to: its
    reason stays in the search card until a person has moved after it."""
    good_moves: list[Move] | None
    """A plugin game's last move list on which a whole frame ran without a fault of its
    code (``mark_good``), and ``good_start`` a copy of its start: what ``recover`` goes
    back to. ``None`` for a built-in game, or before the first such frame."""
    good_start: Game | None

    # --- what belongs to one position (``_start_position``) -------------------------------

    generation: int
    pending: str | None
    """What the worker is doing for this generation: ``"move"``, ``"hint"``,
    ``"analysis"``, ``"opening"``, or ``None``."""
    ready: SearchResult | None
    """The computer's move, found and waiting for its minimum delay."""
    thinking: SearchInfo | None
    hint: Move | None
    hint_score: str | None
    pass_at: float | None
    """When the announced forced pass is played (session time)."""
    failed: bool
    analysis: TopMoves | None
    analysis_why: Why | None
    analysis_done: bool
    """The analysis of this position (this generation) finished: do not start it again."""
    analysis_error: str | None

    def __init__(self, game: Game, players: list[Player], *, worker: SearchWorker,
                 next_generation: Callable[[], int], settings: Settings,
                 evaluators: Callable[[str, str], Evaluator], demo: bool = False,
                 autosave: bool = True, paused: bool = False,
                 opening: OpeningPhase | None = None, study: bool = False,
                 names: list[str | None] | None = None, timing: Timing | None = None,
                 clock_times: Snapshot | None = None,
                 now: Callable[[], float] | None = None) -> None:
        self.game = game
        self.players = list(players)
        self.names = list(names or [None, None])[:2]
        self.study = study and not demo and any(is_computer(p) for p in self.players)
        self.opening = opening
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
        self.redo = []
        self.evals = {}
        self.estimates = EvaluationRecord()
        self.request_time = 0.0
        self.search_ply = -1
        self.search_side = 0
        self.search_unit = 100
        self.search_preset = "default"
        self.last_purpose = "move"
        self.score_mode = "chance"
        self.analysis_on = False
        self._analysis_searcher: Searcher | None = None
        """Reused from position to position (same evaluator): its table still helps."""
        self.last_result = None
        self.last_result_ply = -1
        self.last_search = None
        self.plies_view = False
        self.paused = paused
        self.step_requested = False
        self.demo_speed = DEMO_DEFAULT_SPEED
        self.message = ""
        self.message_kind = "info"
        self.message_until = 0.0
        self.recent_messages = []
        self.is_animating = lambda: False
        self.on_move = lambda move, computer: None
        self.on_position = lambda: None
        self.engines = {}
        self.timing = timing or Timing()
        self.flag = None
        self.clock = None
        self.clock_history = {}
        # A swap opening decides the colours as it goes, so its sides have no clock.
        controls = self.timing.controls if opening is None else (None, None)
        self.reason_ply = -1
        self.good_moves = None
        self.good_start = None
        if opening is not None and any(self.timing.controls):
            self.say(_("No clocks in a swap opening: the colours are only settled during "
                       "the game"), "info", 10.0)
        if any(controls):
            # The clocks read the loop's own time source (``App.now``), not the frame
            # time, which a stalled frame caps: a clock must count every real second.
            self.clock = Clock(controls, now=now or (lambda: self.time),
                               remaining=clock_times)
            self.clock_history[game.ply] = self.clock.snapshot()

    def _start_position(self) -> None:
        """Set the state that belongs to one position: a fresh generation, and no
        request, result, hint, announced pass, failure or analysis for it yet.

        The one home of these fields: ``__init__`` and every change of the position
        (``_before_change``) both call it, so a field added here is reset too. Only a
        change stops the worker first: a new session has no search of its own yet.
        """
        self.generation = self._next_generation()
        self.pending = None
        self.ready = None
        self.thinking = None
        self.hint = None
        self.hint_score = None
        self.pass_at = None
        self.failed = False
        self.analysis = None
        self.analysis_why = None
        self.analysis_done = False
        self.analysis_error = None

    def _before_change(self) -> None:
        """Stop the search and retire its generation before the position changes."""
        self.worker.cancel()
        self._start_position()

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

    # --- the search's settings and its failure -------------------------------------------

    def _factor(self) -> float:
        from game.ui.boards.base import ANIMATION_FACTORS
        return ANIMATION_FACTORS.get(self.settings.animation_speed, 1.0)

    def min_delay(self) -> float:
        if self.demo:
            return DEMO_DELAYS[self.demo_speed]
        return MIN_COMPUTER_DELAY * self._factor()

    def _player_search(self, side: int, purpose: str) -> tuple[Evaluator, Limits] | None:
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

    def _fail(self, text: str) -> None:
        self.failed = True
        self.pending = None
        text = text[0].upper() + text[1:] if text else _("The computer player failed")
        self.say(text.rstrip(".") + ".", "error", None)
