"""The computer's move and the person's hint: Plies' own search, or an outside engine's seat.

A request goes to the worker tagged with the session's generation: Plies' search
(``SearchWorker.request``) or, for a side an outside engine plays, a job that asks
that engine (``game.engines``) and then searches its position briefly for the bar
(the engine's own scores are not on Plies' scale). An engine that breaks a rule or
fails loses the game (``EngineForfeit``). Engines are started lazily, one per seat,
and closed off the UI thread (``close_later``).
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable
from typing import Any

from ai.search import Searcher, SearchResult
from ai.worker import WorkerReport
from game.i18n import _
from game.players import Engine, Player
from game.ui.evaluation import Searched, best_score
from game.ui.session.core import engine_command
from game.ui.session.scores import SessionScores

HINT_ENGINE = 2
"""``Session.engines`` key of the engine instance that answers hints."""

ENGINE_SECONDS = 5.0
"""An outside engine's time per move in the window unless the new-game dialog chose
another (late answers lose, with a tolerance)."""

VIEW_SECONDS = 1.0
"""At most this long Plies searches an outside engine's position for the bar, after
the engine has answered (its own scores are not on Plies' scale)."""


@dataclasses.dataclass(frozen=True)
class EngineForfeit:
    """An outside engine broke a rule or failed: it loses, for this reason (a sentence)."""

    reason: str


class EngineSeat(SessionScores):
    """Requests for a move or a hint, and their answers."""

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

        def job(stop: threading.Event,
                progress: Callable[[Any], None]) -> EngineForfeit | SearchResult:
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

    def _search_report(self, report: WorkerReport) -> None:
        """Take a report of this generation's move or hint request (Plies' search, or
        an outside engine's answer and Plies' view of its position)."""
        if report.kind == "progress" and isinstance(report.payload, SearchResult):
            # Plies' own search of the outside engine's position: the bar's value.
            self.plies_view = True
            view = report.payload
            if view.move is not None:
                self._remember_eval(best_score(view), exact=view.exact, depth=view.depth)
            return
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
                return
            if isinstance(report.payload, EngineForfeit):
                self._forfeit(report.payload.reason)
                return
            if isinstance(report.payload, SearchResult):
                # Only the move: the engine's own evaluation is not on Plies' scale (the
                # bar has Plies' view of the position, above); no search lines for it.
                self.pending = None
                self.ready = report.payload
                return
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

    def spoken(self, side: int) -> Player:
        """``side``'s player, an outside engine with the protocol it was found to speak
        once it was asked (a typed GRhino command is recorded as GTP, not NBoard)."""
        player = self.players[side]
        running = self.engines.get(side)
        if isinstance(player, Engine) and running is not None and running.protocol \
                and running.protocol != player.protocol and running.command == player.command:
            return dataclasses.replace(player, protocol=running.protocol)
        return player
