"""``plies engine gomoku``: Plies as a Gomocup brain (the "pbrain" protocol).

The protocol (Petr Lastovicka's "new protocol", protocl2en, with the Yixin-Board
extensions that managers use) is one command a line on stdin, one answer a line on
stdout. Coordinates are ``x,y`` from 0: ``x`` the column from the left, ``y`` the
row from the *top*, so ``7,7`` is the centre ``h8`` of 15x15.

A session, as Piskvork drives it (``>`` to the brain, ``<`` its answers)::

    > START 15
    < OK
    > INFO timeout_turn 5000
    > BEGIN
    < MESSAGE depth 1 score +0 nodes 1 time 0.00 pv 7,7
    < 7,7
    > TURN 8,8
    < 8,6
    > END

Commands: ``START n``, ``RECTSTART w,h`` (square only), ``RESTART``, ``BEGIN``,
``TURN x,y``, ``BOARD`` ... ``x,y,field`` ... ``DONE`` (field 1: the brain's own
stone, 2: the opponent's; the brain is to move after it), ``TAKEBACK x,y``,
``INFO key value``, ``ABOUT``, ``END``, and from Yixin-Board ``YXSTOP``/``STOP``
(answer now with the best move so far), ``YXNBEST n`` (the n best moves as MESSAGE
lines, then the best one, which is *not* played: it is analysis),
``YXSHOWFORBID`` and ``SWAP2BOARD`` (swap2, see ``_swap2``; its colour choice runs
to the end of its search even after ``END``, within the move's time). Anything else
gets ``UNKNOWN``; bad input
gets ``ERROR <sentence>`` and changes nothing. ``INFO`` is never answered at once (the
protocol: a brain answers no ``INFO``); a value it cannot take (``INFO rule 8``) is
refused with ``ERROR`` just before the answer to the next command that is not ``INFO``.

Threads: the caller of ``run`` reads; searches run on a ``Thinker``. While a search
runs, ``INFO`` and ``ABOUT`` are handled at once (``INFO`` applies from the next
search), ``YXSTOP``/``STOP`` answer with the best move so far, ``END`` ends at
once, ``START``/``RESTART``/``RECTSTART`` drop the search (a new game: its move
would be for the old one); every other command is refused at once with ``ERROR``
(it was sent before the manager could have read the move; waiting for the search
would leave the reader deaf to ``END`` and ``YXSTOP``). A command that comes while
the move is being written waits for it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from ai import openings
from ai.evaluators import load_evaluator
from ai.explain.scores import short_text
from ai.levels import Level, level
from ai.search import Limits, Searcher, SearchInfo, SearchResult, TopMoves
from game import __version__
from game.engines.external import PbrainPlayer
from game.engines.thinking import Job, LineEngine, Output, Thinker, quote, whole_number
from game.engines.timing import move_budget
from game.i18n import raw
from game.rules import Gomoku, Move, RulesError
from game.rules import gomoku as gomoku_rules

DEFAULT_LEVEL = 8
"""Engines play at the top level by default; the manager's clock bounds the time."""

RULE_CODES = {0: "freestyle", 1: "standard", 2: "renju", 4: "renju"}
"""``INFO rule`` values: Gomocup's bits (1 exactly five, 4 renju; 2 is Gomocup's
"continuous game", which Yixin-Board and Rapfi use for renju, as here) to rule names.
A rule is played when ``game.rules.gomoku.RULES`` has it: renju starts working the
day the rules gain it, with no change here."""

SWAP2_SUPPORTED = True
"""Whether ``SWAP2BOARD`` is answered (the swap2 opening's three phases, decided by
``ai.openings``); ``False`` refuses it with ERROR."""

ABOUT = raw(f'name="Plies", version="{__version__}", author="The Plies authors", '
            'country="International"')

# ASCII digits only: "\d" would take any script's digits ("٣,٤"), which no manager sends.
_XY = re.compile(r"\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*")
_XYF = re.compile(r"\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*")
_INT_KEYS = ("timeout_turn", "timeout_match", "time_left", "max_memory", "game_type",
             "rule", "max_depth", "max_node")
_NOT_STARTED = raw("no board yet: send START first")
MAX_REFUSED_INFO = 8
"""Refusals of ``INFO`` lines kept for the next command; later ones are dropped (a
flood of bad ``INFO`` lines cannot grow memory)."""
MAX_BLOCK = 625
"""Lines of one ``BOARD``/``SWAP2BOARD`` block kept: a 25x25 board holds 625 stones.
Past it the block is refused at once and its remaining lines are read and dropped."""
_BLOCK_LINE = 64
"""Characters of one block line kept (``x,y,field`` needs under 20): a longer line is
kept clipped, which refuses it, so a block can never hold more than about 40 KB."""


class ProtocolError(ValueError):
    """Bad input: the message is the sentence after ``ERROR``."""


@dataclasses.dataclass
class Settings:
    """What ``INFO`` set (times in milliseconds, as the protocol gives them)."""

    timeout_turn: int | None = None
    timeout_match: int | None = None
    time_left: int | None = None
    max_memory: int | None = None
    game_type: int | None = None
    rule: str = "freestyle"
    max_depth: int | None = None
    max_node: int | None = None
    folder: str | None = None


class PbrainEngine(LineEngine):
    """One pbrain session over ``output``; feed it lines with ``run``.

    Args:
        output: the stream answers go to (stdout in real use).
        level: the strength (``ai.levels``); ``INFO max_depth`` overrides its depth.
        seed: seeds the easy levels' choice among near-equal moves.
    """

    def __init__(self, output: TextIO, *, level_number: int = DEFAULT_LEVEL,
                 seed: int | None = None) -> None:
        self.out = Output(output)
        self.level: Level = level("gomoku", level_number)
        self.settings = Settings()
        self.game: Gomoku | None = None
        self.evaluator = load_evaluator("gomoku")
        self.searcher = Searcher(self.evaluator, seed=seed)
        self.thinker = Thinker(self.out)
        self._block: list[str] | None = None  # lines of a BOARD/SWAP2BOARD being read
        self._block_kind = ""
        self._block_refused = False  # the block passed MAX_BLOCK: drop it up to DONE
        self._refused_info: list[str] = []  # ERROR lines owed for INFO, said at the next command
        self.ended = False

    # --- the reader ---------------------------------------------------------------

    def handle(self, received: str) -> None:
        """Handle one line (without or with its line end)."""
        line = received.strip()
        if self._block is not None:
            self._block_line(line)
            return
        if not line:
            return
        word, _, rest = line.partition(" ")
        command = word.upper()
        rest = rest.strip()
        if command == "INFO":
            try:
                self._info(rest)
            except ProtocolError as error:
                if len(self._refused_info) < MAX_REFUSED_INFO:
                    self._refused_info.append(f"ERROR {error}")
            return
        if command == "END":
            self.thinker.abort()
            self.ended = True
            return
        for refusal in self._refused_info:
            self.out.send(refusal)
        self._refused_info.clear()
        if command in ("YXSTOP", "STOP"):
            self.thinker.stop()
            return
        if command == "ABOUT":
            self.out.send(ABOUT)
            return
        handler = self._COMMANDS.get(command)
        if handler is None:
            self.out.send(raw(f"UNKNOWN {quote(word)} is not a command I know"))
            return
        if command in ("START", "RESTART", "RECTSTART"):
            self.thinker.abort()
        elif command not in ("BOARD", "SWAP2BOARD"):  # a block is judged at its DONE
            if self._refused_while_thinking(command):
                return
            self.thinker.wait()
        self._answer(handler, self, rest)

    def _refused_while_thinking(self, command: str) -> bool:
        """Refuse ``command`` at once when a search has not answered yet: waiting for it
        would leave the reader deaf to ``END`` and ``YXSTOP`` until the search ends."""
        if not self.thinker.searching:
            return False
        self.out.send(raw(f"ERROR {command} ignored: I am still thinking (YXSTOP gives my move "
                          "now)"))
        return True

    def _answer(self, handler: Callable[..., None], *args: Any) -> None:
        try:
            handler(*args)
        except ProtocolError as error:
            self.out.send(f"ERROR {error}")

    # --- commands -------------------------------------------------------------------

    def _start(self, rest: str) -> None:
        size = _int(rest, raw("START needs the board size, like START 15"))
        self._new_board(size)

    def _rectstart(self, rest: str) -> None:
        match = _XY.fullmatch(rest)
        if match is None:
            raise ProtocolError(raw("RECTSTART needs width,height, like RECTSTART 15,15"))
        width, height = int(match[1]), int(match[2])
        if width != height:
            raise ProtocolError(raw(f"only square boards are supported, not {width}x{height}"))
        self._new_board(width)

    def _new_board(self, size: int) -> None:
        try:
            self.game = Gomoku(size, self._rule_for_board())
        except RulesError as error:
            raise ProtocolError(raw(f"unsupported size {size}: {error}")) from None
        self.out.send("OK")

    def _restart(self, rest: str) -> None:
        game = self._board()
        self.game = Gomoku(game.size, self._rule_for_board())
        self.out.send("OK")

    def _begin(self, rest: str) -> None:
        game = self._board()
        if game.move_stack:
            raise ProtocolError(raw("BEGIN needs an empty board: send RESTART first"))
        self._think()

    def _turn(self, rest: str) -> None:
        game = self._board()
        move = self._cell(rest, "TURN")
        if game.is_over():
            raise ProtocolError(raw("the game is already over: send RESTART for a new one"))
        if not game.is_legal(move):
            if game.occupied >> move & 1:
                raise ProtocolError(raw(f"{_xy(game, move)} is already taken"))
            raise ProtocolError(raw(f"{_xy(game, move)} cannot be played: "
                                    f"{game.illegal_reason(move)}"))
        game.push(move)
        if game.is_over():
            game.pop()
            raise ProtocolError(raw(f"{_xy(game, move)} ends the game: there is no move left "
                                    "to answer"))
        self._think()

    def _board_command(self, rest: str) -> None:
        # Every line up to DONE belongs to the block, even when it will be refused.
        self._block, self._block_kind, self._block_refused = [], "BOARD", False

    def _swap2board(self, rest: str) -> None:
        self._block, self._block_kind, self._block_refused = [], "SWAP2BOARD", False

    def _block_line(self, line: str) -> None:
        """A line inside BOARD ... DONE: kept until DONE, when the block is judged."""
        assert self._block is not None
        if line.upper() == "END":  # a manager giving up mid-block still ends us
            self._block = None
            self.handle("END")
            return
        if line.upper() != "DONE":
            if not line or self._block_refused:
                return
            if len(self._block) == MAX_BLOCK:
                # Refused now, not at DONE: a flood without DONE must not grow memory.
                self._block.clear()
                self._block_refused = True
                self.out.send(raw(f"ERROR {self._block_kind} has more than {MAX_BLOCK} lines "
                                  "(a 25x25 board holds 625 stones): the block is ignored up "
                                  "to DONE"))
                return
            self._block.append(line if len(line) <= _BLOCK_LINE else line[:_BLOCK_LINE] + "...")
            return
        lines, kind = self._block, self._block_kind
        self._block = None
        if self._block_refused or self._refused_while_thinking(kind):
            return
        self.thinker.wait()
        if kind == "SWAP2BOARD":
            self._answer(self._swap2, lines)
        else:
            self._answer(self._board_done, lines)

    def _board_done(self, lines: list[str]) -> None:
        game = self._board()
        own: list[Move] = []
        other: list[Move] = []
        seen: set[Move] = set()
        for number, line in enumerate(lines, start=1):
            match = _XYF.fullmatch(line)
            if match is None:
                raise ProtocolError(raw(f"BOARD line {number} '{quote(line)}' is not x,y,field"))
            move = self._move_at(game, int(match[1]), int(match[2]), raw(f"BOARD line {number}"))
            field = int(match[3])
            if field == 3:
                raise ProtocolError(raw("BOARD field 3 (continuous game) is not supported"))
            if field not in (1, 2):
                raise ProtocolError(raw(f"BOARD line {number}: field must be 1 (mine) or 2 "
                                        f"(the opponent's), not {field}"))
            if move in seen:
                raise ProtocolError(raw(f"BOARD line {number}: {match[1]},{match[2]} is given "
                                        "twice"))
            seen.add(move)
            (own if field == 1 else other).append(move)
        # The brain is to move: it is Black with as many stones, White with one fewer.
        if len(own) == len(other):
            black, white = own, other
        elif len(other) == len(own) + 1:
            black, white = other, own
        else:
            raise ProtocolError(
                raw(f"BOARD gives me {len(own)} stones and the opponent {len(other)}: the side "
                    "to move must have as many stones as the other, or one fewer"))
        position = stones_position(game.size, game.rule, black, white)
        outcome = position.outcome()
        if outcome is not None:
            raise ProtocolError(raw(f"BOARD holds a finished game ({outcome.reason}): "
                                    "there is no move to make"))
        self.game = position
        self._think()

    def _swap2(self, lines: list[str]) -> None:
        """``SWAP2BOARD``, as the Gomocup's swap2 extension (2020) defines it: with no
        stones, place the first three (``x,y x,y x,y``); with three, answer ``SWAP``
        (take Black), the 4th move (stay White) or two more stones (``x,y x,y``); with
        five, ``SWAP`` or the 6th move. The decisions are ``ai.openings``'."""
        if not SWAP2_SUPPORTED:
            raise ProtocolError(raw("swap2 openings are not supported yet"))
        game = self._board()
        stones: list[Move] = []
        for number, line in enumerate(lines, start=1):
            match = _XY.fullmatch(line)
            if match is None:
                raise ProtocolError(raw(f"SWAP2BOARD line {number} '{quote(line)}' is not x,y"))
            move = self._move_at(game, int(match[1]), int(match[2]),
                                 raw(f"SWAP2BOARD line {number}"))
            if move in stones:
                raise ProtocolError(raw(f"SWAP2BOARD line {number}: {line.strip()} is given twice"))
            stones.append(move)
        if len(stones) not in (0, 3, 5):
            raise ProtocolError(raw(f"SWAP2BOARD needs 0, 3 or 5 stones, not {len(stones)}"))
        position = Gomoku(game.size, game.rule)
        for number, move in enumerate(stones, start=1):
            if not position.is_legal(move):
                raise ProtocolError(raw(f"SWAP2BOARD stone {number}: "
                                        f"{position.illegal_reason(move)}"))
            position.push(move)
        limits = dataclasses.replace(self.limits(), randomness=0)
        searcher = self.searcher

        def task(job: Job) -> str:
            if not stones:  # the opener: Black in the centre, then two to keep it even
                first = self.evaluator.candidate_moves(position)[0]
                position.push(first)
                placed, _why = openings.place_two(position, searcher)
                return " ".join(_xy(position, m) for m in (first, *placed))
            options = ("black", "white", "place-two") if len(stones) == 3 else ("black", "white")
            choice, _why = openings.choose(position, options, searcher, limits)
            if choice == "black":
                return "SWAP"
            if choice == "place-two":
                placed, _why = openings.place_two(position, searcher)
                return " ".join(_xy(position, m) for m in placed)
            result = searcher.search(position, limits, stop=job.stop)
            assert result.move is not None
            return _xy(position, result.move)

        def done(job: Job, answer: str) -> None:
            job.say(answer)

        self.thinker.start(task, done, self._failed)

    def _takeback(self, rest: str) -> None:
        game = self._board()
        move = self._cell(rest, "TAKEBACK")
        if not game.move_stack or game.move_stack[-1] != move:
            raise ProtocolError(raw(f"{_xy(game, move)} is not the last move, so it cannot be "
                                    "taken back"))
        game.pop()
        self.out.send("OK")

    def _yxnbest(self, rest: str) -> None:
        cells = self._board().size ** 2
        count = _int(rest, raw("YXNBEST needs a number of moves, like YXNBEST 3"))
        if not 1 <= count <= cells:
            raise ProtocolError(raw(f"YXNBEST needs 1 to {cells} moves, not {count}"))
        self._think_best(count)

    def _yxshowforbid(self, rest: str) -> None:
        game = self._board()
        points = "".join(f"{x:02d}{y:02d}" for x, y in
                         (_coords(game, m) for m in forbidden_points(game)))
        self.out.send(f"FORBID {points}.")

    def _info(self, rest: str) -> None:
        key, _, value = rest.partition(" ")
        key, value = key.lower(), value.strip()
        if not key:
            raise ProtocolError(raw("INFO needs a key and a value, like INFO timeout_turn 5000"))
        if key == "folder":
            self.settings.folder = value  # kept, never used: Plies writes no engine files
            return
        if key == "evaluate":
            return  # the manager's cursor position, for engines that show an evaluation
        if key not in _INT_KEYS:
            return  # the protocol: unknown keys are ignored (Yixin-Board sends many)
        number = _int(value, raw(f"INFO {key} needs a whole number, not '{quote(value)}'"),
                      signed=True)
        if key in ("max_depth", "max_node"):
            # 0 or a negative value (Yixin-Board sends -1): no limit of that kind.
            setattr(self.settings, key, number if number > 0 else None)
            return
        if key == "time_left":
            # Negative once the brain has overrun the match clock (the protocol allows
            # it): the budget is then the least one (``move_budget``).
            self.settings.time_left = number
            return
        if number < 0:
            raise ProtocolError(raw(f"INFO {key} must not be negative, not {number}"))
        if key == "rule":
            self.settings.rule = _rule_name(number)
            return
        setattr(self.settings, key, number)

    _COMMANDS = {
        "START": _start, "RECTSTART": _rectstart, "RESTART": _restart, "BEGIN": _begin,
        "TURN": _turn, "BOARD": _board_command, "TAKEBACK": _takeback, "YXNBEST": _yxnbest,
        "YXSHOWFORBID": _yxshowforbid, "SWAP2BOARD": _swap2board,
    }

    # --- thinking -------------------------------------------------------------------

    def limits(self) -> Limits:
        """The next search's limits: the level, ``INFO max_depth``/``max_node``, the clock."""
        s = self.settings
        base = self.level.limits(self.evaluator.unit)
        seconds = base.seconds
        budget = move_budget(s.timeout_turn, s.timeout_match, s.time_left)
        if budget is not None:
            seconds = budget if seconds is None else min(seconds, budget)
        depth = s.max_depth if s.max_depth is not None else base.depth
        nodes = s.max_node or None
        reach = base.solver_reach if (seconds is not None or nodes is not None) else None
        return dataclasses.replace(base, depth=depth, seconds=seconds, nodes=nodes,
                                   solver_reach=reach)

    def _think(self) -> None:
        """Search the position on the thinker thread; it answers the move and plays it."""
        game = self._board()
        limits = self.limits()

        def info(job: Job, progress: SearchInfo) -> None:
            job.say(_message(game, progress.depth, progress.score, progress.nodes,
                             progress.seconds, progress.pv))

        def done(job: Job, result: SearchResult) -> None:
            move = result.move
            if move is None:  # cannot happen: finished games are refused before thinking
                job.say(raw("ERROR the game is over: there is no move to make"))
                return
            # Played before it is sent: once the manager reads it, the next TURN may come.
            game.push(move)
            if not job.say(_xy(game, move)):
                game.pop()

        position = game.copy()
        self.thinker.start(
            lambda job: self.searcher.search(position, limits, stop=job.stop,
                                             on_info=lambda i: info(job, i)),
            done, self._failed)

    def _think_best(self, count: int) -> None:
        """``YXNBEST``: the ``count`` best moves, each with its exact score at the depth
        reached (``Searcher.search_top``), as MESSAGE lines, then the best as the answer
        (not played: this is analysis)."""
        game = self._board()
        limits = dataclasses.replace(self.limits(), randomness=0)
        position = game.copy()

        def info(job: Job, top: TopMoves) -> None:
            if top.lines:
                first = top.lines[0]
                job.say(_message(game, top.depth, first.score, top.nodes, top.seconds,
                                 first.pv))

        def done(job: Job, top: TopMoves) -> None:
            for rank, line in enumerate(top.lines, start=1):
                pv = " ".join(_xy(game, m) for m in line.pv[:8])
                job.say(raw(f"MESSAGE best {rank} {_xy(game, line.move)} score "
                            f"{_score(line.score)} pv {pv}"))
            move = top.lines[0].move if top.lines else self.evaluator.candidate_moves(game)[0]
            job.say(_xy(game, move))

        self.thinker.start(
            lambda job: self.searcher.search_top(position, limits, count, stop=job.stop,
                                                 on_info=lambda t: info(job, t)),
            done, self._failed)

    @staticmethod
    def _failed(job: Job, sentence: str) -> None:
        job.say(f"ERROR {sentence}")

    # --- helpers --------------------------------------------------------------------

    def _board(self) -> Gomoku:
        if self.game is None:
            raise ProtocolError(_NOT_STARTED)
        if self.game.rule != self._rule_for_board():
            # INFO rule came after START: the stones stay, the rule changes.
            self.game = stones_position(self.game.size, self._rule_for_board(),
                                        *_stones_by_side(self.game))
        return self.game

    def _rule_for_board(self) -> str:
        rule = self.settings.rule
        return rule if rule in gomoku_rules.RULES else "freestyle"

    def _cell(self, rest: str, command: str) -> Move:
        game = self._board()
        match = _XY.fullmatch(rest)
        if match is None:
            raise ProtocolError(raw(f"{command} needs x,y, like {command} 7,7"))
        return self._move_at(game, int(match[1]), int(match[2]), command)

    @staticmethod
    def _move_at(game: Gomoku, x: int, y: int, where: str) -> Move:
        if not (0 <= x < game.size and 0 <= y < game.size):
            raise ProtocolError(raw(f"{where}: {x},{y} is off the {game.size}x{game.size} board"))
        return game.cell_index(x, game.size - 1 - y)


# --- positions --------------------------------------------------------------------------

def stones_position(size: int, rule: str, black: list[Move], white: list[Move]) -> Gomoku:
    """A Gomoku position with these stones, Black's and White's moves interleaved.

    The rules know positions only as move sequences; any interleaving of the same
    stones gives the same board, key and side to move. ``len(black)`` must be
    ``len(white)`` or one more.

    >>> g = stones_position(15, "freestyle", [119], [120])
    >>> g.move_name(119), g.turn, g.counts()
    ('h8', 0, (1, 1))
    """
    assert len(white) <= len(black) <= len(white) + 1
    game = Gomoku(size, rule)
    for index, move in enumerate(black):
        game.push(move)
        if index < len(white):
            game.push(white[index])
    return game


def _stones_by_side(game: Gomoku) -> tuple[list[Move], list[Move]]:
    stack = game.move_stack
    return stack[0::2], stack[1::2]


def forbidden_points(game: Gomoku) -> list[Move]:
    """Black's forbidden points under renju (none under the other rules), in board order."""
    return sorted(game.forbidden_points())


def _rule_name(code: int) -> str:
    name = RULE_CODES.get(code)
    if name is None:
        raise ProtocolError(raw(f"rule {code} is not supported: use 0 (freestyle) or 1 "
                                "(exactly five)"))
    if name not in gomoku_rules.RULES:
        raise ProtocolError(raw(f"rule {code} ({name}) is not supported yet: use 0 (freestyle) "
                                "or 1 (exactly five)"))
    return name


def _int(text: str, message: str, *, signed: bool = False) -> int:
    number = whole_number(text)
    if number is None or (number < 0 and not signed):
        raise ProtocolError(message)
    return number


def _coords(game: Gomoku, move: Move) -> tuple[int, int]:
    col, row = game.cell_xy(move)
    return col, game.size - 1 - row


def _xy(game: Gomoku, move: Move) -> str:
    """The protocol's ``x,y`` of ``move`` (row from the top)."""
    x, y = _coords(game, move)
    return f"{x},{y}"


def _score(score: int) -> str:
    """``+120`` or ``win-in-3``: one token (``ai.explain.scores.short_text``)."""
    return short_text(score, "-")


def _message(game: Gomoku, depth: int, score: int, nodes: int, seconds: float,
             pv: tuple[Move, ...]) -> str:
    """The progress line a manager shows: ``MESSAGE depth 4 score +120 nodes ... pv 7,7 8,8``."""
    line = " ".join(_xy(game, m) for m in pv[:8])
    return raw(f"MESSAGE depth {depth} score {_score(score)} nodes {nodes} "
               f"time {seconds:.2f} pv {line}")


def main(stdin: Iterable[str], stdout: TextIO, level_number: int = DEFAULT_LEVEL) -> int:
    """Speak pbrain on ``stdin`` (lines)/``stdout`` until ``END`` or end of input."""
    PbrainEngine(stdout, level_number=level_number).run(stdin)
    return 0


PLAYER = PbrainPlayer
"""The player that speaks this protocol to an outside engine (``game.engines.adapters``)."""

__all__ = ["ABOUT", "DEFAULT_LEVEL", "PLAYER", "PbrainEngine", "ProtocolError", "RULE_CODES",
           "Settings", "forbidden_points", "main", "stones_position"]  # untranslated: identifiers
