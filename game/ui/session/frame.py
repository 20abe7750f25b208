"""The session's frame: its start, each frame's step, the worker's reports, the demo's
controls, and the end.

``update(dt)`` advances the session's own time and does what is due: a fallen flag,
the computer's part of the opening, the analysis, a forced pass (announced, then
played), the computer's move once its minimum delay has passed, or its request.
"""

from __future__ import annotations

from ai.worker import WorkerReport
from game.i18n import _
from game.rules import PASS
from game.ui.session.core import DEMO_DELAYS, PASS_DELAY, is_computer
from game.ui.session.swap import SessionOpening


class Session(SessionOpening):
    """The game in the window and everything around it (``game.ui.session``)."""

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
        self._search_report(report)
        return True

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
