"""``plies engine othello``: Plies as an NBoard engine (the NBoard protocol, version 2).

One command a line on stdin, answers on stdout (``>`` to the engine, ``<`` back)::

    > nboard 2
    < set myname Plies
    > set depth 4
    > set game (;GM[Othello]PC[NBoard]TY[8]BO[8 ---...--- *]B[F5]W[F6];)
    > ping 1
    < pong 1
    > go
    < status Plies is thinking
    < nodestats 57 0.01
    < === e6/+1.25/0.05
    < status Plies is waiting

Commands: ``nboard N``, ``set depth N``, ``set game GGF``, ``set contempt N``,
``move MOVE[/EVAL/TIME]`` (or the bare ``F5`` of NBoard 1.1), ``hint N`` (one
``search PV EVAL 0 DEPTH`` line per move, best first, depth ``100%`` when the value
is exact), ``go`` (``=== MOVE/EVAL/TIME``, ``PA`` for a forced pass; the board is
not changed: NBoard sends the ``move`` itself), ``ping N`` (``pong N`` once every
earlier command is done: a running search is stopped and answers first), ``learn``
(``learned``), ``analyze`` (accepted), ``quit``. Evaluations are in discs from the
side to move's view. Anything unknown or malformed gets a ``status`` sentence and the
engine keeps running.

Threads: as ``game.engines.pbrain``. Only ``ping`` and ``quit`` act while a search
runs; every other command is refused at once with a ``status`` line (NBoard sends
``ping`` first, which stops the search), so ``quit`` is never kept waiting.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable
from typing import TextIO

from ai.evaluators import load_evaluator
from ai.evaluators.base import WIN_THRESHOLD, is_proven
from ai.levels import Level, level
from ai.search import Bound, Limits, Searcher, SearchInfo, SearchResult, TopMoves
from game.engines.external import NBoardPlayer
from game.engines.thinking import (
    Job,
    LineEngine,
    Output,
    Thinker,
    decimal_number,
    quote,
    whole_number,
)
from game.formats.ggf import GGFError, parse_game, replay
from game.i18n import raw
from game.rules import PASS, Move, Othello, RulesError

DEFAULT_LEVEL = 8
"""The top level by default; ``set depth`` sets the depth."""

MAX_SECONDS = 10.0
"""NBoard gives no clock: a move never takes longer than this (or the level's time)."""

MAX_CONTEMPT = 6400
"""``set contempt`` is in centidiscs: a 64-disc margin at most (kept, not used yet)."""

NAME = raw("Plies")
DISC = 100
"""Evaluator points per disc (``ai.evaluators.othello``: 100 points are one disc)."""


class _Bad(ValueError):
    """A command that cannot be followed: the message becomes a ``status`` line."""


class _Stopped(Exception):
    """Raised by the solver's poll when the search must end now."""


@dataclasses.dataclass(frozen=True)
class Scored:
    """One root move's verdict for NBoard: eval in discs (side to move), exact or not."""

    move: Move
    discs: float
    depth: int
    exact: bool
    pv: tuple[Move, ...]
    bound: Bound = Bound.EXACT


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What a search found: root moves best first, effort."""

    moves: list[Scored]
    nodes: int
    seconds: float


class NBoardEngine(LineEngine):
    """One NBoard session over ``output``; feed it lines with ``run``.

    Args:
        output: the stream answers go to (stdout in real use).
        level_number: the strength (``ai.levels``); ``set depth`` overrides its depth.
    """

    def __init__(self, output: TextIO, *, level_number: int = DEFAULT_LEVEL) -> None:
        self.out = Output(output)
        self.level: Level = level("othello", level_number)
        self.depth: int = self.level.depth
        self.contempt = 0
        self.game = Othello()
        self.evaluator = load_evaluator("othello")
        self.searcher = Searcher(self.evaluator)
        self.thinker = Thinker(self.out)
        self.ended = False

    # --- the reader ---------------------------------------------------------------

    def handle(self, received: str) -> None:
        """Handle one line."""
        line = received.strip()
        if not line:
            return
        word, _, rest = line.partition(" ")
        command, rest = word.lower(), rest.strip()
        if command == "quit":
            self.thinker.abort()
            self.ended = True
            return
        if command == "ping":
            self.thinker.stop()  # the running search answers first, then the pong
            self.out.send(f"pong {rest}".rstrip())
            return
        handler = self._COMMANDS.get(command)
        if handler is None and len(word) == 2:
            handler, rest = NBoardEngine._move, word  # NBoard 1.1 sends a bare "F5"
        if handler is None:
            self.out.send(raw(f"status unknown command '{quote(word)}' ignored"))
            return
        if self.thinker.searching:
            # Waiting would leave the reader deaf to quit and ping until the search ends;
            # NBoard itself sends ping (which stops the search) before anything else.
            self.out.send(raw(f"status {quote(command)} ignored: {NAME} is still thinking "
                              "(ping stops the search)"))
            return
        self.thinker.wait()
        try:
            handler(self, rest)
        except _Bad as error:
            self.out.send(f"status {error}")

    # --- commands -------------------------------------------------------------------

    def _nboard(self, rest: str) -> None:
        if rest != "2":
            self.out.send(raw(f"status protocol version '{quote(rest)}' asked; I speak "
                              "version 2"))
        self.out.send(raw(f"set myname {NAME}"))

    def _set(self, rest: str) -> None:
        what, _, value = rest.partition(" ")
        what, value = what.lower(), value.strip()
        if what == "depth":
            depth = _int(value, raw("set depth needs a whole number of plies, like set depth 6"))
            if not 1 <= depth <= 60:
                raise _Bad(raw(f"set depth must be 1 to 60, not {depth}"))
            self.depth = depth
        elif what == "game":
            self.game = game_from_ggf(value)
        elif what == "contempt":
            contempt = decimal_number(value)
            if contempt is None or abs(contempt) > MAX_CONTEMPT:
                raise _Bad(raw(f"set contempt needs a number from -{MAX_CONTEMPT} to "
                               f"{MAX_CONTEMPT} (centidiscs), not '{quote(value)}'"))
            self.contempt = round(contempt)
        elif what == "myname":
            pass  # some GUIs echo it back: harmless
        else:
            raise _Bad(raw(f"set '{quote(what)}' is not a setting I know; ignored"))

    def _move(self, rest: str) -> None:
        text = rest.split("/", 1)[0].strip()
        if not text:
            raise _Bad(raw("move needs a square, like move f5"))
        if len(text) > 2:  # a square is two characters; the rules would echo it whole
            raise _Bad(raw(f"move '{quote(text)}' refused: a move is a square like f5, or PA"))
        game = self.game
        try:
            move = game.parse_move(text)
            if move != PASS and game.legal_moves() == [PASS]:
                game.push(PASS)  # a forced pass NBoard left out
                try:
                    game.play(move)
                except RulesError:
                    game.pop()
                    raise
            else:
                game.play(move)
        except RulesError as error:
            raise _Bad(f"move {text} refused: {error}") from None

    def _go(self, rest: str) -> None:
        game = self.game
        legal = game.legal_moves()
        if not legal:
            raise _Bad(raw("the game is over: there is no move to make"))
        if legal == [PASS]:
            self.out.send("=== PA")
            return
        self.out.send(raw(f"status {NAME} is thinking"))
        started = time.perf_counter()

        def done(job: Job, verdict: Verdict) -> None:
            best = verdict.moves[0]
            seconds = time.perf_counter() - started
            job.say(f"=== {game.move_name(best.move)}/{best.discs:+.2f}/{seconds:.2f}")
            job.say(raw(f"status {NAME} is waiting"))

        self._search(0, done)

    def _hint(self, rest: str) -> None:
        count = _int(rest or "1", raw("hint needs a number of moves, like hint 3"))
        if not 1 <= count <= 60:
            raise _Bad(raw(f"hint needs 1 to 60 moves, not {count}"))
        game = self.game
        legal = game.legal_moves()
        if not legal:
            raise _Bad(raw("the game is over: there is nothing to hint"))
        if legal == [PASS]:
            self.out.send(raw("search PA 0.00 0 100%"))
            return
        self.out.send(raw(f"status {NAME} is analysing"))

        def done(job: Job, verdict: Verdict) -> None:
            for scored in verdict.moves[:count]:
                pv = "-".join(game.move_name(m) for m in scored.pv) or game.move_name(scored.move)
                depth = "100%" if scored.exact else str(scored.depth)
                job.say(f"search {pv} {scored.discs:+.2f} 0 {depth}")
            job.say("status")

        self._search(count, done)

    def _learn(self, rest: str) -> None:
        self.out.send("learned")  # Plies keeps no opening book: nothing to learn into

    def _analyze(self, rest: str) -> None:
        pass  # accepted: NBoard's game analysis needs nothing from a bookless engine

    _COMMANDS: dict[str, Callable[[NBoardEngine, str], None]] = {
        "nboard": _nboard, "set": _set, "move": _move, "go": _go, "hint": _hint,
        "learn": _learn, "analyze": _analyze,
    }

    # --- searching ------------------------------------------------------------------

    def limits(self, hint: int = 0) -> Limits:
        """The level's limits with ``set depth``'s depth, capped at ``MAX_SECONDS``.

        ``hint``: how many best moves are wanted (0: a move to play, with the level's
        randomness; a hint shows the best moves, not a level's random pick).
        """
        base = self.level.limits(self.evaluator.unit)
        seconds = min(base.seconds or MAX_SECONDS, MAX_SECONDS)
        randomness = 0 if hint else base.randomness
        return dataclasses.replace(base, depth=self.depth, seconds=seconds,
                                   randomness=randomness)

    def _search(self, hint: int, done: Callable[[Job, Verdict], None]) -> None:
        """Search the position on the thinker thread (``hint``: as ``limits``)."""
        game = self.game.copy()
        limits = self.limits(hint)
        solver = self.evaluator.solver

        def progress(job: Job, info: SearchInfo | TopMoves) -> None:
            job.say(f"nodestats {info.nodes} {info.seconds:.2f}")

        def task(job: Job) -> Verdict:
            started = time.perf_counter()
            if limits.use_solver and solver is not None and solver.applies(
                    game, limits.solver_reach):
                verdict = self._solve(game, job, started, limits)
                if verdict is not None:
                    return verdict
                left = max(0.05, (limits.seconds or MAX_SECONDS) - (time.perf_counter() - started))
                search_limits = dataclasses.replace(limits, seconds=left, use_solver=False,
                                                    solver_reach=None)
            else:
                search_limits = limits
            if hint > 1:  # every listed move's score exact at the depth reached
                top = self.searcher.search_top(game, search_limits, hint, stop=job.stop,
                                               on_info=lambda t: progress(job, t))
                if top.lines:
                    return Verdict([Scored(line.move, _discs(line.score), top.depth, top.exact,
                                           line.pv) for line in top.lines],
                                   top.nodes, top.seconds)
            result = self.searcher.search(game, search_limits, stop=job.stop,
                                          on_info=lambda info: progress(job, info))
            return _verdict(result, chosen_first=not hint)

        def failed(job: Job, sentence: str) -> None:
            job.say(f"status {sentence}")

        self.thinker.start(task, done, failed)

    def _solve(self, game: Othello, job: Job, started: float, limits: Limits) -> Verdict | None:
        """The exact disc margins of every move, or ``None`` when time or a stop ran out.

        The solver gets half the time; the search takes the rest when it cannot finish.
        """
        solver = self.evaluator.solver
        assert solver is not None
        deadline = started + (limits.seconds or MAX_SECONDS) / 2

        def poll() -> None:
            if job.stop.is_set() or time.perf_counter() > deadline:
                raise _Stopped

        try:
            solution = solver.solve(game.copy(), poll, limits.solver_reach)
        except _Stopped:
            return None
        if solution is None:
            return None
        best = solution.best_moves[0]
        ranked = sorted(solution.move_scores.items(), key=lambda item: -item[1])
        moves = [Scored(m, float(s), 0, True, (m,)) for m, s in ranked]
        if not moves or moves[0].move != best:
            moves.insert(0, Scored(best, float(solution.score), 0, True, (best,)))
        return Verdict(moves, solution.nodes, time.perf_counter() - started)


def _verdict(result: SearchResult, chosen_first: bool) -> Verdict:
    """A search's root moves, best first, evaluations in discs.

    ``chosen_first``: the search's own choice leads (a level's randomness may pick a
    near-equal move); otherwise the list is by score alone (``hint``).
    """
    assert result.move is not None
    scored: list[Scored] = []
    for move, root in result.root_scores.items():
        pv = result.pv if move == result.move else (move,)
        scored.append(Scored(move, _discs(root.score), result.depth,
                             result.exact and root.bound == Bound.EXACT, pv, root.bound))
    scored.sort(key=lambda s: (s.bound != Bound.EXACT, -s.discs))
    if chosen_first and (not scored or scored[0].move != result.move):
        scored = [s for s in scored if s.move != result.move]
        scored.insert(0, Scored(result.move, _discs(result.score), result.depth, result.exact,
                                result.pv))
    return Verdict(scored, result.nodes, result.seconds)


def _discs(score: int) -> float:
    """Search points to discs; a proven result without its margin counts as +-64."""
    if is_proven(score):
        return 64.0 if score >= WIN_THRESHOLD else -64.0
    return round(score / DISC, 2)


def game_from_ggf(text: str) -> Othello:
    """The position at the end of a GGF game (NBoard's ``set game``); ``_Bad`` on a problem."""
    try:
        game = replay(parse_game(text))
    except GGFError as error:
        raise _Bad(raw(f"set game refused: {error}")) from None
    assert isinstance(game, Othello)  # a GGF game is an Othello game
    return game


def _int(text: str, message: str) -> int:
    number = whole_number(text)
    if number is None:
        raise _Bad(message)
    return number


def main(stdin: Iterable[str], stdout: TextIO, level_number: int = DEFAULT_LEVEL) -> int:
    """Speak NBoard on ``stdin`` (lines)/``stdout`` until ``quit`` or end of input."""
    NBoardEngine(stdout, level_number=level_number).run(stdin)
    return 0


PLAYER = NBoardPlayer
"""The player that speaks this protocol to an outside engine (``game.engines.adapters``)."""

# untranslated: identifiers
__all__ = ["DEFAULT_LEVEL", "MAX_SECONDS", "NBoardEngine", "PLAYER", "Scored", "Verdict",
           "game_from_ggf", "main"]
