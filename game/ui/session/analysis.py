"""The analysis: the top moves with their lines, and why the best one.

It runs as a worker job (purpose ``"analysis"``) while nobody else needs the worker,
for ``ANALYSIS_SECONDS`` at most per position, and stops at every change.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ai.explain.why import Why, compare_lines, compared_line
from ai.search import Limits, Searcher, TopMoves
from ai.worker import WorkerReport
from game.i18n import _
from game.rules import PASS, Cell
from game.ui.session.clocks import SessionClocks


ANALYSIS_LINES = 3
"""Moves the analysis lists (each with its exact score and line)."""

ANALYSIS_SECONDS = 8.0
"""How long one position's analysis searches (deepening, reported per depth); it then
stops, so an open analysis costs nothing while the position stays the same."""

class SessionAnalysis(SessionClocks):
    """The analysis run of the shown position."""

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

        def job(stop: threading.Event,
                progress: Callable[[Any], None]) -> tuple[TopMoves, Why | None]:
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
