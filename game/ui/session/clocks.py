"""The people's clocks (``game.clock``, optional, per side).

A person's clock runs only while that person is to move in a running game; a move
presses it, an undo or redo sets both clocks back to the times they showed in that
position (``clock_history``), and a fallen flag ends the game (``outcome()``). A
computer side may have a time per move instead of its level's limits
(``_player_search``).
"""

from __future__ import annotations

from game.ui.session.core import is_computer
from game.ui.session.persistence import SessionRecord


class SessionClocks(SessionRecord):
    """Running, stopping and the fall of the people's clocks."""

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
