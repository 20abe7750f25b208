"""The game's history: moves, undo, redo, jumps, and what follows every change.

Every action that changes the position first cancels the worker and takes a fresh
generation id (``_before_change``); ``_after_change`` then sets the clocks back,
settles the position's value, autosaves and tells the scene.
"""

from __future__ import annotations

from ai.evaluators.plugin import EvaluatorFault
from game.i18n import _, ngettext, number
from game.plugins import is_plugin_game
from game.rules import PASS, Move
from game.ui.evaluation import child_estimate
from game.ui.session.analysis import SessionAnalysis
from game.ui.session.core import is_computer


class SessionHistory(SessionAnalysis):
    """Moves, undo, redo, jumps and hints."""

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
        """Take back moves up to the person's previous turn (``undo_target``); ``False``
        and a message when there is nothing to undo."""
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

    # --- a plugin game's code that does not return ------------------------------------------

    def mark_good(self) -> None:
        """A whole frame ran with no fault of a plugin game's code (the window's loop
        calls this): keep its move list, and once a copy of its start, for ``recover``.
        A built-in game: nothing."""
        game = self.game
        if not is_plugin_game(game) or game.move_stack == self.good_moves:
            return
        if self.good_start is None:
            self.good_start = game.start_position()  # the faulty game's pop is not trusted later
        self.good_moves = list(game.move_stack)

    def recover(self, sentence: str) -> bool:
        """A plugin game's code did not return on the window's thread (``sentence`` says
        which method, ``game.plugins``): put back the last position a frame ran on
        (``mark_good``: the one before the move that led to the fault), rebuilt from a
        copy of the start and its moves, and stop the computer there as a failed search
        does (``_fail``): undo, another player or the person's own move goes on.
        ``False`` when no position has worked yet, or the rebuilt one faults too."""
        if self.good_start is None or self.good_moves is None:
            return False
        self._before_change()
        try:
            game = self.good_start.copy()
            for move in self.good_moves:
                game.push(move)
        except EvaluatorFault:
            return False
        self.game = game
        self.redo.clear()  # its line went through the faulty position
        for ply in [p for p in self.evals if p > game.ply]:
            del self.evals[ply]
        self.estimates.forget_after(game.ply)
        # Translators: {fault} is a sentence saying which code of a plugin game did not
        # return ("game nim: legal_moves did not return within 2 s (an endless loop?)").
        self._fail(_("{fault}; the game is back at its last position that worked").format(
            fault=sentence))
        self._after_change()
        return True

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
