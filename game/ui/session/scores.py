"""The session's values of positions: what the bar, the graph and the board's cells show.

Every search's value of a position is kept (``game.ui.evaluation``: the steady value
shown for each); every score reads from ``view_side`` in the person's chosen mode
(``ai.explain.scores``: the words themselves).
"""

from __future__ import annotations

import dataclasses

from ai.explain.scores import (
    Evaluation,
    root_score_text,
    score_words,
    turned,
)
from ai.search import SearchInfo, SearchResult
from game.i18n import _
from game.rules import PASS, Cell
from game.ui.evaluation import SOLVED_NOW, Estimate, leaf_turn, solved_now
from game.ui.session.core import SessionCore


class SessionScores(SessionCore):
    """Values of positions, and how their scores read."""

    def _evaluation(self, score: int, exact: bool) -> Evaluation:
        return self.evaluation(score, exact, self.search_side)

    def evaluation(self, score: int, exact: bool, side: int) -> Evaluation:
        """An ``Evaluation`` of a score seen from ``side`` by the last search's evaluator."""
        first = score if side == 0 else -score
        return Evaluation(first, self.search_unit, exact, self.game.name, self.search_preset)

    def score_text(self, ev: Evaluation, margin: int | None = None, side: int = 0) -> str:
        """How every score reads: from ``view_side``, as a chance or in the game's unit
        (``ai.explain.scores.score_words``).

        ``margin``: a solver's exact score in the game's convention, from ``side``'s view.
        """
        first = None if margin is None else (margin if side == 0 else -margin)
        return score_words(ev, self.game.side_names, self.view_side, self.score_mode, first)

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
                seen = turned(root) if turn else root
                if solved and seen.score == 0:
                    cells[cell] = "="
                else:
                    cells[cell] = root_score_text(seen, self.game.name, self.search_preset,
                                                  self.score_mode)
        return cells
