"""The swap and swap2 openings' choreography in the session.

``game.ui.opening_phase`` says who places and who chooses; here the computer is asked
for its stones or its choice (a worker job, purpose ``"opening"``), a choice is
applied, and an undo inside the opening starts it again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ai.search import Searcher
from ai.worker import WorkerReport
from game.i18n import _
from game.rules import Move
from game.ui.opening_phase import choice_prompt
from game.ui.session.core import is_computer
from game.ui.session.history import SessionHistory


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


class SessionOpening(SessionHistory):
    """The computer's part of a swap opening, the choices, and undo inside the opening."""

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

        def job(stop: threading.Event, progress: Callable[[Any], None]) -> tuple[Any, ...]:
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

    def play(self, move: Move) -> bool:
        """A person's move, refused while the opening waits for a choice (see
        ``SessionHistory.play``)."""
        choices = self.opening.choosing(self.game.ply) if self.opening is not None else ()
        if choices and self.human_to_move():
            self.say(choice_prompt(choices), "error", 3.0)
            return False
        return super().play(move)

    def undo(self) -> bool:
        """Undo; inside the opening (or back into it) the opening starts again."""
        if self.opening is not None and self._undo_into_opening():
            return True
        return super().undo()
