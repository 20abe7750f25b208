"""The session on disk: the game's record, the evaluations saved with it, the autosave.

The game is autosaved when it starts and after every change, unless it is not worth
resuming (a demo the person did not pause): then the autosave is emptied.
"""

from __future__ import annotations

from ai.explain.scores import Evaluation
from game import records
from game.i18n import _
from game.players import Computer
from game.slots import clear_autosave, save_autosave
from game.ui.session.engine_seat import EngineSeat


class SessionRecord(EngineSeat):
    """The record of the game, and the autosave kept equal to it."""

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
