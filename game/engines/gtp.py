"""The Go Text Protocol (GTP, version 2) for Othello, both ways.

GTP is what GRhino (``/usr/games/gtp-rhino``), Quarry's engines and Edax (``-gtp``)
speak for Reversi. One command a line; every answer is ``=`` (success) or ``?``
(failure), an optional id, text that may run over several lines, and an empty line::

    > boardsize 8
    < =
    <
    > play black f5
    > genmove white
    < = F6
    <

Vertices are Othello's own names (``d3``: column d, row 3 counted from the top, as
GRhino's ``showboard`` draws them), in either case; ``pass`` is a pass.

* ``GtpPlayer``: an outside GTP engine as a Plies player (``game.engines.external``).
  It tells the engine the real moves only: GRhino has no ``play COLOUR pass`` (it
  passes for itself), and every ``genmove`` names the colour, so a pass needs no word.
  A set-up board (a game not from the standard start) goes through GRhino's
  ``grhino-setup_board``, the one way GRhino knows; an engine without it is refused.
* ``GtpEngine``: Plies as a GTP engine (``plies engine othello --protocol gtp``).

>>> parse_response(["= F5", ""])
(True, 'F5')
>>> parse_response(["=12 Next move: White", "  a b", ""])
(True, 'Next move: White\\n  a b')
>>> parse_response(["? illegal move", ""])
(False, 'illegal move')
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, ClassVar, TextIO

from game.engines.external import (
    STARTUP_SECONDS,
    EngineFault,
    ExternalPlayer,
    _clip,
)
from game.engines.thinking import Job, Output, Thinker
from game.i18n import _, raw
from game.rules import PASS, Game, Move, Othello, RulesError

if TYPE_CHECKING:
    from ai.search import Limits

MAX_RESPONSE_LINES = 200
"""Lines of one answer read at most (``showboard`` is about 10): a flood ends the game."""

COLOURS = ("black", "white")

GAME_NAME = raw("Othello")
"""The game's name in Quarry's ``list_games``/``set_game`` (SGF's ``GM[2]``, spelt as
Quarry's list of games spells it, which it compares letter for letter)."""


def parse_response(lines: list[str]) -> tuple[bool, str]:
    """``(success, text)`` of one answer's lines (the last one empty)."""
    first = lines[0]
    ok = first.startswith("=")
    head = first[1:].lstrip("0123456789").strip()
    text = "\n".join([head, *(line.rstrip() for line in lines[1:-1])]).strip("\n")
    return ok, text


def board_text(game: Othello) -> str:
    """The 64 squares a1..h8, ``X`` Black, ``O`` White, ``-`` empty (``from_board``'s
    form, and ``grhino-setup_board``'s)."""
    black, white = game.black, game.white
    return "".join("X" if black >> s & 1 else "O" if white >> s & 1 else "-" for s in range(64))


def start_of(game: Othello) -> Othello:
    """The position before the first move of ``game.move_stack``."""
    base = game.copy()
    while base.move_stack:
        base.pop()
    return base


class GtpPlayer(ExternalPlayer):
    """An Othello engine over GTP (``boardsize``, ``clear_board``, ``play``, ``genmove``)."""

    goodbye = "quit"
    protocol = "gtp"

    def __init__(self, command: str, seconds: float = 5.0, name: str | None = None,
                 depth: int | None = None) -> None:
        super().__init__(command, seconds, name, depth)  # GTP has no depth to tell
        self._known: list[Move] = []  # the moves (passes too) the engine has been told
        self._commands: set[str] = set()

    def _call(self, line: str, deadline: float) -> str:
        """Send one command; its answer's text, or ``EngineFault`` on ``?``."""
        ok, text = self._exchange(line, deadline)
        if not ok:
            # Translators: {command} is the GTP command refused (genmove, play), {reason}
            # the engine's own words.
            raise EngineFault(_("{engine} refused {command}: {reason}").format(
                engine=self.name, command=repr(line.split(" ", 1)[0]),
                reason=_clip(text) or _("no reason given")))
        return text

    def _exchange(self, line: str, deadline: float) -> tuple[bool, str]:
        p = self.process
        p.send(line)
        word = line.split(" ", 1)[0]
        lines: list[str] = []
        while True:
            text = p.read(deadline, word).rstrip()
            if not lines and not text.startswith(("=", "?")):
                continue  # chatter before the answer (a banner, a debug line)
            lines.append(text)
            if not text and lines:
                return parse_response(lines)
            if len(lines) > MAX_RESPONSE_LINES:
                raise EngineFault(_("{engine} answered {command} with more than {count} "
                                    "lines").format(engine=self.name, command=word,
                                                    count=MAX_RESPONSE_LINES))

    def _handshake(self, game: Game) -> None:
        if not isinstance(game, Othello):
            raise EngineFault(_("{engine} plays Othello over GTP, not {game}").format(
                engine=self.name, game=_(game.title)))
        deadline = time.monotonic() + STARTUP_SECONDS
        self._call("protocol_version", deadline)
        ok, listed = self._exchange("list_commands", deadline)
        self._commands = set(listed.split()) if ok else set()
        ok, name = self._exchange("name", deadline)
        if ok and name.strip():
            self.engine_name = " ".join(name.split())[:40]
        self._call("boardsize 8", deadline)
        if "time_settings" in self._commands:  # byo-yomi: this many seconds every move
            self._exchange(f"time_settings 0 {max(1, math.ceil(self.seconds))} 1", deadline)
        self._known = []
        self._reset(game, deadline)

    def _reset(self, game: Othello, deadline: float) -> None:
        """The engine's board to the start of ``game`` (no moves told yet)."""
        base = start_of(game)
        if base.key() == Othello().key():
            self._call("clear_board", deadline)
        elif "grhino-setup_board" in self._commands:
            self._call(f"grhino-setup_board {board_text(base)} {COLOURS[base.turn]}",
                       deadline)
        else:
            raise EngineFault(_("{engine} cannot be given a set-up board over GTP").format(
                engine=self.name))
        self._known = []

    def _ask(self, game: Game) -> Move:
        assert isinstance(game, Othello)
        deadline = time.monotonic() + self.deadline_seconds
        stack = game.move_stack
        if stack[:len(self._known)] != self._known:
            self._reset(game, deadline)  # an undo, a new game: tell the moves again
        replay = start_of(game)
        for move in self._known:
            replay.push(move)
        for move in stack[len(self._known):]:
            if move != PASS:  # GRhino has no "play COLOUR pass": it passes for itself
                self._call(f"play {COLOURS[replay.turn]} {replay.move_name(move)}",
                           deadline)
            replay.push(move)
        self._known = list(stack)
        answer = self._call(f"genmove {COLOURS[game.turn]}", deadline)
        word = answer.split()[0] if answer.split() else ""
        if word.lower() == "resign":
            raise EngineFault(_("{engine} resigned").format(engine=self.name))
        try:
            move = game.parse_move(word)
        except ValueError:
            raise EngineFault(_("{engine} answered {answer}, not a move").format(
                engine=self.name, answer=repr(_clip(answer)))) from None
        self._known.append(move)  # genmove plays it on the engine's board
        return move


# --- Plies as a GTP engine ------------------------------------------------------------------

class _Refused(ValueError):
    """A command that cannot be followed: the message becomes a ``?`` answer."""


class GtpEngine:
    """One GTP session for Othello: feed it lines with ``run``; answers go to ``output``.

    Commands: the GTP core (``protocol_version``, ``name``, ``version``,
    ``known_command``, ``list_commands``, ``quit``, ``boardsize`` (8 only),
    ``clear_board``, ``komi`` (accepted, meaningless here), ``play``, ``genmove``),
    ``undo``, ``showboard``, ``final_score``, ``time_settings``, ``time_left`` (one
    clock per colour), and Quarry's ``list_games`` (``Othello``) and ``set_game``.
    ``play``/``genmove`` for a colour that is not to move while the other side must
    pass put the pass in first (a controller need not send passes); ``genmove`` for a
    colour that has no move answers ``pass``.
    """

    def __init__(self, output: TextIO, level_number: int = 8) -> None:
        from ai.evaluators import load_evaluator
        from ai.search import Searcher

        self.output = output
        self.out = Output(output)
        self.thinker = Thinker(self.out)
        self.level_number = level_number
        self.game = Othello()
        self.byo_yomi: float | None = None  # seconds a move, from ``time_settings``
        self.per_move: dict[int, float] = {}
        """Seconds a move for each colour, from its own ``time_left``."""
        self.ended = False
        self.evaluator = load_evaluator("othello")
        self.searcher = Searcher(self.evaluator)

    def run(self, lines: Iterable[str]) -> None:
        """Answer every line until ``quit`` or the end of input (a search still running
        then answers at once with its best move so far)."""
        try:
            for received in lines:
                self.handle(received)
                if self.ended:
                    break
        finally:
            self.thinker.stop()

    def handle(self, received: str) -> None:
        """Answer one line (comments and empty lines get nothing, as GTP says).

        ``genmove`` searches on the thinker thread, so that the reader reads on: GTP
        answers in order, so a command that comes meanwhile waits for the move, but
        ``quit`` stops the search first (the move is answered at once, then ``quit``).
        """
        line = "".join(c if c.isprintable() else " " for c in received.split("#", 1)[0]).strip()
        if not line:
            return
        words = line.split()
        if words[-1].lower() == "quit" and len(words) <= 2:
            self.thinker.stop()  # answer now: the controller is leaving
        self.thinker.wait()
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
            if not words:
                return self._say(False, ident, raw("no command after the id"))
        command, args = words[0].lower(), words[1:]
        handler = self._COMMANDS.get(command)
        if handler is None:
            return self._say(False, ident, raw("unknown command"))
        if command == "genmove":
            try:
                self._genmove(args, ident)
            except _Refused as error:
                self._say(False, ident, str(error))
            return
        try:
            text = handler(self, args)
        except _Refused as error:
            return self._say(False, ident, str(error))
        self._say(True, ident, text)
        if command == "quit":
            self.ended = True

    def _say(self, ok: bool, ident: str, text: str, job: Job | None = None) -> None:
        answer = f"{'=' if ok else '?'}{ident} {text}"
        line = "\n".join(line.rstrip() for line in answer.split("\n")) + "\n"
        if job is None:
            self.out.send(line)  # one write: the answer and its empty line
        else:
            job.say(line)

    # --- commands ------------------------------------------------------------------------

    def _protocol_version(self, args: list[str]) -> str:
        return "2"

    def _name(self, args: list[str]) -> str:
        return raw("Plies")

    def _version(self, args: list[str]) -> str:
        from game import __version__

        return __version__

    def _known_command(self, args: list[str]) -> str:
        return "true" if args and args[0].lower() in self._COMMANDS else "false"

    def _list_commands(self, args: list[str]) -> str:
        return "\n".join(self._COMMANDS)

    def _quit(self, args: list[str]) -> str:
        return ""

    def _boardsize(self, args: list[str]) -> str:
        if args != ["8"]:
            raise _Refused(raw("unacceptable size"))  # GTP's own wording for this failure
        self.game = Othello()
        return ""

    def _clear_board(self, args: list[str]) -> str:
        self.game = Othello()
        return ""

    def _komi(self, args: list[str]) -> str:
        _number(args, "komi")
        return ""

    def _colour(self, args: list[str], needed: int) -> int:
        if len(args) != needed:
            raise _Refused(raw("syntax error"))
        word = args[0].lower()
        if word in ("b", "black"):
            return 0
        if word in ("w", "white"):
            return 1
        raise _Refused(raw("syntax error: the colour is black or white"))

    def _turn_to(self, colour: int) -> None:
        """Make it ``colour``'s turn by a pass of the other side when that side must pass."""
        if self.game.turn != colour and self.game.legal_moves() == [PASS]:
            self.game.push(PASS)

    def _play(self, args: list[str]) -> str:
        colour = self._colour(args, 2)
        try:
            move = self.game.parse_move(args[1])
        except ValueError:
            raise _Refused(raw("illegal move")) from None
        game = self.game
        if move == PASS and game.turn != colour:
            return ""  # a pass of the side not to move changes nothing
        self._turn_to(colour)
        if game.turn != colour:
            raise _Refused(raw(f"illegal move: it is {COLOURS[game.turn]}'s turn"))
        try:
            game.play(move)
        except RulesError as error:
            raise _Refused(raw(f"illegal move: {error}")) from None
        return ""

    def _genmove(self, args: list[str], ident: str = "") -> None:
        """Answer ``genmove``: at once when there is nothing to search, else from the
        thinker thread when its search ends (or is stopped)."""
        colour = self._colour(args, 1)
        game = self.game
        if game.is_over():
            return self._say(True, ident, "pass")
        self._turn_to(colour)
        if game.turn != colour:
            return self._say(True, ident, "pass")  # as GRhino: the other side is to move
        if game.legal_moves() == [PASS]:
            game.push(PASS)
            return self._say(True, ident, "pass")
        limits = self._limits()

        def search(job: Job) -> Move:
            result = self.searcher.search(game.copy(), limits, stop=job.stop)
            assert result.move is not None
            return result.move

        def done(job: Job, move: Move) -> None:
            game.push(move)  # the reader waits for this job before the next command
            self._say(True, ident, game.move_name(move), job)

        def failed(job: Job, sentence: str) -> None:
            self._say(False, ident, sentence, job)

        self.thinker.start(search, done, failed)

    def _limits(self) -> Limits:
        """The next search's limits: the level's, within the clock of the side to move."""
        from ai.levels import level
        from game.engines.timing import move_budget

        limits = level("othello", self.level_number).limits(self.evaluator.unit)
        per_move = self.per_move.get(self.game.turn, self.byo_yomi)
        if per_move:
            budget = move_budget(turn_ms=round(per_move * 1000))
            assert budget is not None
            seconds = min(limits.seconds or budget, budget)
            limits = dataclasses.replace(limits, seconds=seconds)
        return limits

    def _genmove_now(self, args: list[str]) -> str:
        raise AssertionError("handle answers genmove itself")  # untranslated: developer

    def _undo(self, args: list[str]) -> str:
        if not self.game.move_stack:
            raise _Refused(raw("cannot undo"))
        self.game.pop()
        while self.game.move_stack and self.game.move_stack[-1] == PASS:
            self.game.pop()  # passes were ours to insert: take them back with the move
        return ""

    def _showboard(self, args: list[str]) -> str:
        return "\n" + str(self.game)

    def _final_score(self, args: list[str]) -> str:
        outcome = self.game.outcome()
        black, white = self.game.black.bit_count(), self.game.white.bit_count()
        if outcome is None and self.game.legal_moves():
            raise _Refused(raw("the game is not over"))
        if black == white:
            return "0"
        empty = 64 - black - white
        margin = abs(black - white) + empty  # the empty squares go to the winner
        return f"{'B' if black > white else 'W'}+{margin}"

    def _time_settings(self, args: list[str]) -> str:
        if len(args) != 3:
            raise _Refused(raw("syntax error"))
        main, byo, stones = (_number([a], "time_settings") for a in args)
        self.byo_yomi = byo / stones if byo > 0 and stones > 0 else (main / 30 or None)
        self.per_move.clear()  # new settings: each clock starts again
        return ""

    def _time_left(self, args: list[str]) -> str:
        if len(args) != 3:
            raise _Refused(raw("syntax error"))
        colour = self._colour(args[:1], 1)
        seconds, stones = _number([args[1]], "time_left"), _number([args[2]], "time_left")
        if seconds > 0:  # that colour's clock only: the other keeps its own
            self.per_move[colour] = seconds / stones if stones > 0 else seconds / 20
        return ""

    def _list_games(self, args: list[str]) -> str:
        # Quarry's extension: the game names of SGF's GM list, as Quarry spells them;
        # an engine that lists none is taken for a Go engine.
        return GAME_NAME

    def _set_game(self, args: list[str]) -> str:
        if " ".join(args).lower() not in (GAME_NAME.lower(), "reversi"):
            raise _Refused(raw(f"unsupported game: this engine plays {GAME_NAME}"))
        return ""

    _COMMANDS: ClassVar[dict[str, Callable[[GtpEngine, list[str]], str]]] = {
        "protocol_version": _protocol_version, "name": _name, "version": _version,
        "known_command": _known_command, "list_commands": _list_commands, "quit": _quit,
        "boardsize": _boardsize, "clear_board": _clear_board, "komi": _komi,
        "play": _play, "genmove": _genmove_now, "undo": _undo, "showboard": _showboard,
        "final_score": _final_score, "time_settings": _time_settings,
        "time_left": _time_left, "list_games": _list_games, "set_game": _set_game,
    }


def _number(args: list[str], command: str) -> float:
    if len(args) != 1:
        raise _Refused(raw("syntax error"))
    try:
        value = float(args[0])
    except ValueError:
        raise _Refused(raw(f"syntax error: {command} needs a number")) from None
    if not math.isfinite(value) or abs(value) >= 1e9:
        raise _Refused(raw(f"syntax error: {command} needs a finite number"))
    return value


def main(stdin: Iterable[str], stdout: TextIO, level_number: int = 8) -> int:
    """Speak GTP for Othello on ``stdin`` (lines)/``stdout`` until ``quit`` or end of input."""
    GtpEngine(stdout, level_number).run(stdin)
    return 0


PLAYER = GtpPlayer
"""The player that speaks this protocol to an outside engine (``game.engines.adapters``)."""

__all__ = ["PLAYER", "GtpEngine", "GtpPlayer", "board_text", "main", "parse_response", "start_of"]
