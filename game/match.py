"""Computer-versus-computer games for ``plies match`` and ``plies tournament``
(``game/commands/``): player specs, openings, one game played to the end
(``play_game``), the worker processes that play many (``WorkerPool``), and the
records folder they are written into, with ``--resume``. The statistics are
``game.tournament``'s.

Games come in pairs: both players play the same opening once with each colour, so a
lopsided opening favours nobody. Each finished game is written as a record that the
application can open.

>>> spec = parse_player_spec("depth=6,eval=naive,time=1.5")
>>> (spec.depth, spec.evaluator, spec.seconds)
(6, 'naive', 1.5)
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import json
import os
import pickle
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import Any, cast

from ai.evaluators import EvaluatorError
from ai.openings import random_openings
from ai.search import Searcher
from game import players
from game.commands.common import (
    MAX_DEPTH,
    CliError,
    add_game_argument,
    build_game,
    emit,
    int_range,
    positions_from_file,
)
from game.files import atomic_write_text, os_reason, read_text, remove_stale_temporaries
from game.formats import load_record, save_record
from game.i18n import N_, _, ngettext, number
from game.players import Computer, Engine, Player
from game.records import GameRecord, RecordError, record_from_game, record_to_game
from game.rules import Game, Outcome, RulesError, new_game
from game.rules.openings import FIRST, SECOND, Opening
from game.settings import find_evaluator, games_dir
from game.tournament import Tally

MAX_GAMES = 100_000
"""Most games one ``plies match`` plays (more would take months)."""
JOBS_PER_CORE = 4
"""``--jobs`` may not exceed this many processes per core: more only thrash."""

def parse_player_spec(text: str, game_name: str = "") -> Player:
    """``level=5`` or ``depth=6,eval=NAME,time=1.5`` (also ``nodes=N``, ``random=0.5``,
    ``solver=off``, ``vct=on|off``), or an outside engine ``time=2,engine="CMD"``: the
    one spec parser (``game.players.parse_spec``), its errors as ``CliError``.

    ``vct=off`` plays a level without its threat search (level 8 as it was before
    the VCT: the fixed opponent of ai/TUNING.md). ``solver=off`` keeps the exact
    solver out, so that a match between evaluators is not decided by perfect endgame
    play. A person (``human``) cannot play a match.
    """
    try:
        player = players.parse_spec(text, game_name)
    except players.PlayerError as error:
        raise CliError(str(error)) from None
    if isinstance(player, players.Human):
        raise CliError(_("player spec {spec}: a match is played by computers and engines").format(
            spec=repr(text)))
    return player


# --- openings -------------------------------------------------------------------------------

def openings_from_file(game: Game, path: str, count: int | None = None) -> list[list[int]]:
    """One opening (move list in notation) per line of ``path``; each checked.

    ``count``: read no further than the first ``count`` openings (a match needs one
    per pair of games), so a huge file costs no more than the openings it uses.
    """
    openings = []
    lines = positions_from_file(path)
    for line_number, line in lines:
        trial = game.copy()
        try:
            trial.play_moves(line)
        except RulesError as error:
            raise CliError(_("{path}, line {line}: {error}").format(path=path, line=line_number,
                                                                   error=error)) from None
        openings.append(trial.move_stack[len(game.move_stack):])
        if count is not None and len(openings) >= count:
            lines.close()
            break
    if not openings:
        raise CliError(_("{path} holds no openings").format(path=path))
    return openings


# --- playing ---------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class GameTask:
    """One game to play in a worker process (plain data: it is sent between processes)."""

    index: int
    game_name: str
    variant: dict[str, Any]
    start_moves: tuple[int, ...]
    opening: tuple[int, ...]
    a_plays_first: bool
    spec_a: Player
    spec_b: Player
    opening_rule: str | None = None
    """``"swap"`` or ``"swap2"``: the first participant (A when ``a_plays_first``) placed
    the three ``opening`` stones; the colours are then chosen by search."""


@dataclasses.dataclass(frozen=True)
class GameResult:
    """How one game went, from player A's view: ``score`` is 1, 0.5 or 0."""

    index: int
    a_plays_first: bool
    score: float
    winner: int | None
    reason: str
    moves: str
    plies: int
    seconds: float
    record: GameRecord
    forfeit: str | None = None
    """``"a"`` or ``"b"``: that player lost by breaking a rule (an engine's illegal, late
    or garbled move, a crash); ``None``: the rules ended the game."""


def play_game(task: GameTask) -> GameResult:
    """Play ``task`` to the end; deterministic for deterministic players."""
    started = time.perf_counter()
    from game.plugins import loaded_plugins

    loaded_plugins()  # a worker process: the plugins' games and evaluators too
    game = new_game(task.game_name, **task.variant)
    for move in (*task.start_moves, *task.opening):
        game.push(move)
    specs = (task.spec_a, task.spec_b) if task.a_plays_first else (task.spec_b, task.spec_a)
    opening = None
    if task.opening_rule is not None:
        # specs are (first participant, second) until the colours are chosen.
        opening = _swap_opening(game, task, specs)
        if opening.black == SECOND:
            specs = (specs[1], specs[0])
    movers: list[Any] = []
    try:
        for spec in specs:
            if isinstance(spec, Engine):
                movers.append(_engine_player(game, spec))
                continue
            assert isinstance(spec, Computer)
            evaluator = find_evaluator(task.game_name, spec.evaluator_name(task.game_name),
                                       paths=True)
            movers.append((Searcher(evaluator, seed=task.index),
                           spec.limits(task.game_name, evaluator.unit)))
        outcome = _play_out(game, movers)
    finally:
        for mover in movers:
            if not isinstance(mover, tuple):
                mover.close()  # every engine process ends with its game
    a_side = 0 if specs[0] is task.spec_a else 1
    score = 0.5 if outcome.winner is None else float(outcome.winner == a_side)
    forfeit = None
    if game.outcome() is None and outcome.winner is not None:  # the rules did not end it
        forfeit = "b" if outcome.winner == a_side else "a"
    record = record_from_game(game, [_as_recorded(s, task.game_name) for s in specs])
    if opening is not None:
        record.opening = opening.as_dict()
    if record.result is None:  # a forfeit: the rules did not end the game
        record.result = {"winner": outcome.winner, "reason": outcome.reason[:200]}
    # With a swap opening the colours were chosen: "first" below means Black.
    return GameResult(task.index, a_side == 0, score, outcome.winner, outcome.reason,
                      game.moves_text(), game.ply, time.perf_counter() - started, record,
                      forfeit)


def _as_recorded(player: Player, game_name: str) -> Player:
    """``player`` as its game's record keeps it: an engine by its name (never its
    command line), a computer with its evaluator named (``Computer.for_file``)."""
    return player.for_file(game_name) if isinstance(player, Computer) else player


def _swap_opening(game: Game, task: GameTask, specs: tuple[Player, Player]) -> Opening:
    """Play out the choices of a swap / swap2 opening after its first three stones.

    ``specs`` are the first and the second participant's; each decides by its own
    search (``ai.openings``), with its level's limits.
    """
    from ai.openings import choose, place_two

    opening = Opening(task.opening_rule or "")
    while not opening.decided:
        plies = len(game.move_stack)
        spec = specs[0] if opening.chooser(plies) == FIRST else specs[1]
        assert isinstance(spec, Computer)  # run() refuses engines with an opening rule
        evaluator = find_evaluator(task.game_name, spec.evaluator_name(task.game_name),
                                   paths=True)
        searcher = Searcher(evaluator, seed=task.index)
        limits = spec.limits(task.game_name, evaluator.unit)
        choice, _why = choose(game, opening.options(plies), searcher, limits)
        opening.choose(choice, plies)
        if choice == "place-two":
            for move in place_two(game, searcher, limits)[0]:
                game.push(move)
    return opening


ENGINE_SECONDS = 5.0
"""An engine's time per move when its spec gives no ``time``."""


def _engine_player(game: Game, spec: Engine) -> Any:
    from game.engines.detect import player_for

    return player_for(game, spec.command, spec.seconds or ENGINE_SECONDS, spec.depth,
                      spec.protocol or None, spec.name)  # a forfeit names its name=


def check_engine(game: Game, spec: Engine, label: str) -> tuple[Engine, str]:
    """``spec`` with its engine's protocol found, and the engine's name (``GRhino level
    3``, never the command line), after a handshake on ``game``. An Othello engine with
    the game's default protocol (``nboard``, also when the spec named none) is asked
    which it speaks (``game.engines.detect``: an NBoard engine says so; a GTP engine
    such as GRhino then plays over GTP). An engine that cannot start or fails its
    handshake is a ``CliError`` (one sentence), before any game is played."""
    from game.engines.external import EngineError, EngineFault
    from game.protocols import default_protocol

    ask = game.name == "othello" and spec.protocol in ("", default_protocol(game.name))
    if ask:
        spec = dataclasses.replace(spec, protocol="")
    try:
        player = _engine_player(game, spec)
        with player:
            player.start(game)
    except (EngineError, EngineFault) as error:
        raise CliError(f"player {label}: {_sentence(error)}") from None
    return dataclasses.replace(spec, protocol=player.protocol), spec.name


def _play_out(game: Game, players: list[Any]) -> Outcome:
    """Play to the end; an engine that faults (illegal, late, crashed) loses at once."""
    from ai.evaluators.plugin import EvaluatorFault
    from game.engines.external import EngineError, EngineFault
    from game.plugins import turn_limit

    while True:
        player = players[game.turn]
        try:  # a plugin's evaluator or game code failed: the side to move forfeits
            with turn_limit(game, player[1].seconds if isinstance(player, tuple) else None):
                outcome = game.outcome()
                if outcome is not None:
                    return outcome
                if isinstance(player, tuple):
                    searcher, limits = player
                    result = searcher.search(game, limits)
                    assert result.move is not None
                    game.push(result.move)
                    continue
        except EvaluatorFault as fault:
            return Outcome(game.turn ^ 1, _sentence(fault))
        try:
            game.push(player.best_move(game))
        except (EngineFault, EngineError) as fault:
            return Outcome(game.turn ^ 1, _sentence(fault))


def _sentence(fault: Exception) -> str:
    text = " ".join(str(fault).split())
    return text[:1].upper() + text[1:]


def run_games(tasks: list[GameTask], jobs: int) -> Generator[GameResult, None, None]:
    """Results as games finish, in ``jobs`` processes (in this process when ``jobs == 1``).

    The worker processes live exactly as long as this generator: closing it early
    (an error, Ctrl-C) ends them too (``WorkerPool.close``)."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(play_game, tasks)
        return
    pool = WorkerPool(min(jobs, len(tasks)))
    try:
        yield from pool.play(tasks)
    finally:
        pool.close()


STOP_SECONDS = 10.0
"""How long a worker told to stop (or signalled) may take to end before it is killed."""


class WorkerFailed(RuntimeError):
    """A worker process ended without giving back the game it was playing."""


class WorkerPool:
    """Worker processes that play games, owned by the process that made them.

    Why not ``multiprocessing.Pool``: its ``terminate`` (which ``with Pool`` runs)
    signals workers that are already ending on their own and joins them without a
    bound, so a worker caught mid-exit (its SIGTERM handler raising inside the
    interpreter's shutdown, a lock left held) hung ``plies match`` for good after the
    last game (issue 33, D2). Here each worker has its own pipe: the parent sends one
    game at a time and reads the results of every worker with ``connection.wait``
    (which also sees a worker that died), tells an idle worker to stop with ``None``,
    and waits for each with a bound before it kills it. A worker never raises from a
    signal handler (``_end_now``).
    """

    def __init__(self, size: int) -> None:
        # "spawn" keeps children free of the parent's threads and pygame state.
        import multiprocessing  # here: every `plies` command would pay for it at start

        context = multiprocessing.get_context("spawn")
        self._workers: list[tuple[Any, Any]] = []  # (process, the parent's end of its pipe)
        self._busy: dict[Any, GameTask] = {}  # a worker's pipe: the game it plays
        self.exitcodes: list[int | None] = []
        """Each worker's exit status once ``close`` has run (0: it stopped when told)."""
        try:
            for _number in range(size):
                mine, theirs = context.Pipe()
                process = context.Process(target=_worker, args=(theirs,), daemon=True,
                                          name="plies-match-worker")
                process.start()
                theirs.close()  # the worker's end: its death is then an EOF here
                self._workers.append((process, mine))
        except BaseException:
            self.close()
            raise

    def play(self, tasks: Iterable[GameTask]) -> Iterator[GameResult]:
        """Play every task, one at a time per worker; results as they finish."""
        from multiprocessing.connection import Connection, wait

        pending = iter(tasks)
        busy = self._busy
        for _process, idle in self._workers:
            first = next(pending, None)
            if first is None:
                break
            idle.send(first)
            busy[idle] = first
        while busy:
            for ready in wait(list(busy)):
                pipe = cast(Connection, ready)  # wait() gives back what it was given
                task = busy.pop(pipe)
                try:
                    kind, value = pipe.recv()
                except (EOFError, OSError):
                    process = next(p for p, end in self._workers if end is pipe)
                    process.join(STOP_SECONDS)
                    raise WorkerFailed(_(
                        "a worker process ended (status {status}) while playing game "
                        "{number}").format(status=process.exitcode,
                                           number=task.index + 1)) from None
                if kind == "error":
                    assert isinstance(value, BaseException)
                    raise value
                following = next(pending, None)
                if following is not None:
                    pipe.send(following)
                    busy[pipe] = following
                yield value

    def close(self) -> None:
        """End every worker: an idle one is told to stop; one still playing (the games
        were abandoned) is sent SIGTERM, which kills its engines; any that has not
        ended within ``STOP_SECONDS`` is killed. Signals that would interrupt this
        (Ctrl-C, SIGTERM) wait until it is done."""
        with _signals_held():
            for process, pipe in self._workers:
                try:
                    if pipe in self._busy:
                        process.terminate()  # mid-game, or its result was never read
                    else:
                        pipe.send(None)
                except (OSError, ValueError):
                    pass  # it is gone already
            deadline = time.monotonic() + STOP_SECONDS
            for process, _pipe in self._workers:
                process.join(max(0.0, deadline - time.monotonic()))
            for process, pipe in self._workers:
                if process.exitcode is None:
                    process.kill()
                    process.join()
                pipe.close()
            self.exitcodes = [process.exitcode for process, _pipe in self._workers]


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back Ctrl-C, SIGTERM and SIGHUP in this thread meanwhile; they act after."""
    held = {signal.SIGINT, *_ENDING_SIGNALS}
    if not hasattr(signal, "pthread_sigmask") \
            or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _worker(pipe: Any) -> None:
    """A worker process: play the games the parent sends until it sends ``None`` (or
    goes away); each result, or the exception that ended the game, goes back."""
    _leave_interrupts_to_parent()
    while True:
        try:
            task = pipe.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if task is None:
            return
        try:
            message: tuple[str, Any] = ("result", play_game(task))
        except Exception as error:  # the parent raises it, as with --jobs 1
            message = ("error", error)
        try:
            pipe.send(message)
        except (pickle.PicklingError, TypeError, AttributeError):
            pipe.send(("error", RuntimeError(f"game {task.index + 1}: {message[1]!r}")))
        except (OSError, ValueError):
            return


def _leave_interrupts_to_parent() -> None:
    """A worker's start: Ctrl-C reaches every process of the terminal's group; the
    parent answers it and ends the workers, so a worker ignores it. SIGTERM (the
    parent ending a worker mid-game) and SIGHUP end the worker at once, its engines
    killed first (``_end_now``); the kernel sends SIGTERM when the parent dies."""
    from game.engines.external import end_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in _ENDING_SIGNALS:
        signal.signal(sig, _end_now)
    end_with_parent(signal.SIGTERM)  # the parent killed outright: close the engines too


_ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                        if hasattr(signal, name))
"""Besides Ctrl-C, the signals that end a match: engines are closed on every one."""


def _end_now(signum: int, frame: object) -> None:
    """A worker's SIGTERM/SIGHUP handler. It never raises: an exception thrown from a
    handler lands wherever the worker happens to be, also inside the interpreter's
    shutdown (``Exception ignored in <module 'threading'>``) or with a lock held (a
    worker that never ends). The engines' process groups are killed, then the process
    ends on the spot; the engines' reaper sees its pipe close and ends what is left."""
    from game.engines.external import kill_every_engine

    kill_every_engine()
    os._exit(128 + signum)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def _signals_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP act as Ctrl-C does while the games run: the games' ``finally``
    closes the engines (and a pool its workers) before Plies ends."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (and receives the signals)
        return
    previous = {sig: signal.signal(sig, _interrupt) for sig in _ENDING_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


# --- openings, processes, the records folder -------------------------------------------------

def match_openings(args: argparse.Namespace, game: Game, pairs: int) -> list[list[int]]:
    swap = getattr(args, "opening", "none") != "none"
    text = args.openings or ("random:3" if swap else "random:2")
    found = _opening_moves(args, game, pairs, text)
    if swap and any(len(game.move_stack) + len(o) != 3 for o in found):
        raise CliError(_("--opening {rule} needs openings that make three stones "
                         "(the first player's): use --openings random:3").format(
                             rule=args.opening))
    return found


def _opening_moves(args: argparse.Namespace, game: Game, pairs: int,
                   text: str) -> list[list[int]]:
    if text.startswith("random:"):
        try:
            plies = int(text.removeprefix("random:"))
        except ValueError:
            raise CliError(_("--openings random:K needs a whole number K")) from None
        if plies < 0:
            raise CliError(_("--openings random:K needs K >= 0"))
        if plies > MAX_DEPTH:
            raise CliError(_("--openings random:K needs K from 0 to {high}").format(
                high=MAX_DEPTH))
        swap = getattr(args, "opening", "none") != "none"
        return random_openings(game, plies, pairs, args.seed, balanced=not swap) \
            if plies else [[]]
    return openings_from_file(game, text, pairs)


def job_count(asked: int | None, games: int) -> int:
    """The worker processes: ``asked`` checked, or one per core and at most one per game."""
    cores = os.cpu_count() or 1
    if asked is None:
        return max(1, min(cores, games))
    if asked < 1:
        raise CliError(_("--jobs must be at least 1, not {jobs}").format(jobs=asked))
    if asked > games:
        raise CliError(ngettext("--jobs {jobs} is more than the {n} game to play",
                                "--jobs {jobs} is more than the {n} games to play",
                                games).format(jobs=asked, n=number(games)))
    if asked > cores * JOBS_PER_CORE:
        # Translators: English keeps "cores" for one too.
        raise CliError(ngettext("--jobs {jobs} is more than {per_core} per core ({n} cores "
                                "here)",
                                "--jobs {jobs} is more than {per_core} per core ({n} cores "
                                "here)", cores).format(jobs=asked, per_core=JOBS_PER_CORE,
                                                       n=cores))
    return asked


def _check_writable(out: Path) -> None:
    """Refuse, before any game is played, a records folder that cannot be written or
    that already holds something (a match never writes over or among other files)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(out)  # what a match killed mid-write left: never a record
        if any(out.iterdir()):
            raise CliError(_("--out {path} already holds files: give a new or empty folder "
                             "(a match never writes over records)").format(path=out))
        probe = tempfile.NamedTemporaryFile(dir=out, prefix=".plies-probe-")
        probe.close()
    except FileExistsError:
        raise CliError(_("--out {path} is a file, not a folder").format(path=out)) from None
    except OSError as error:
        raise CliError(_("--out {path} cannot be written: {reason}").format(
            path=out, reason=os_reason(error))) from None


def out_dir(args: argparse.Namespace, kind: str = "match") -> Path:
    """``--out`` (checked), or a new folder under the games folder: ``KIND-GAME-DATE-TIME``,
    then ``-2``, ``-3``... when a match started in the same second has it (``mkdir``
    claims a name for one match only)."""
    if args.out:
        out = Path(args.out)
        _check_writable(out)
        return out
    parent = games_dir()
    for old in parent.glob(f"{kind}-*"):  # leftovers of matches killed mid-write
        remove_stale_temporaries(old)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{kind}-{args.game}-{stamp}"
    for attempt in range(1, 1000):
        out = parent / (base if attempt == 1 else f"{base}-{attempt}")
        try:
            out.mkdir()
            return out
        except FileExistsError:
            continue
        except OSError as error:
            raise CliError(_("{path} cannot be made: {reason}").format(
                path=out, reason=os_reason(error))) from None
    raise CliError(_("no free folder name for the records under {path}").format(path=parent))




# --- playing into a records folder, and resuming --------------------------------------------

def record_path(out: Path, index: int, total: int) -> Path:
    """``game-N.json``, N from 1, zero-padded to the width of ``total``."""
    return out / f"game-{index + 1:0{len(str(total))}d}.json"


GameRunner = Callable[[list[GameTask]], Generator[GameResult, None, None]]
"""Where games are played: given tasks, their results as games finish, each once
(``run_games`` on this machine's cores, ``game.cluster.run_games_on_cluster`` on a Dask
cluster). Closing the generator ends the games still being played."""


def play_all(tasks: list[GameTask], jobs: int, out: Path,
             done: Iterable[GameResult] = (),
             enough: Callable[[list[GameResult]], bool] | None = None,
             two_players: bool = True,
             runner: GameRunner | None = None) -> list[GameResult]:
    """Play the ``tasks`` that ``done`` (results already recorded in ``out``) lacks,
    saving each game's record as it ends; every result, by game number. ``runner``
    plays them (default: ``jobs`` local processes).

    ``enough(results)`` is asked after each game: ``True`` stops the games (an SPRT
    decided); the games still being played are abandoned. Ctrl-C (and SIGTERM, SIGHUP)
    keeps what was played: its records are in ``out`` for ``--resume``.
    ``two_players``: the progress line shows A's wins, draws and losses."""
    out.mkdir(parents=True, exist_ok=True)
    results = list(done)
    have = {r.index for r in results}
    todo = [task for task in tasks if task.index not in have]
    bar = Progress(len(tasks), len(results))
    if enough is not None and results and enough(results):
        todo = []
    try:
        with _signals_interrupt():
            games = run_games(todo, jobs) if runner is None else runner(todo)
            try:
                for result in games:
                    results.append(result)
                    try:
                        save_record(record_path(out, result.index, len(tasks)), result.record)
                    except RecordError as error:  # the disk filled up, the folder went away...
                        raise CliError(str(error)) from None
                    bar.show(len(results), tally_of(results) if two_players else None)
                    if enough is not None and enough(results):
                        break
            finally:
                games.close()  # the workers end with the games, however they end
    except WorkerFailed as error:  # killed from outside, out of memory: its records stay
        raise CliError(_("{problem}; records: {path}").format(problem=error, path=out)) \
            from None
    except KeyboardInterrupt:
        # The progress line ends, and the games already played are not lost.
        print("\n" + ngettext("{n} game of {total} played; records: {path}",
                              "{n} games of {total} played; records: {path}",
                              len(results)).format(n=number(len(results)), total=len(tasks),
                                                   path=out), file=sys.stderr)
        raise
    bar.end()
    return sorted(results, key=lambda r: r.index)


def tally_of(results: Iterable[GameResult]) -> Tally:
    """Player A's wins, draws and losses in ``results``."""
    return Tally.of_scores(r.score for r in results)


class Progress:
    """A one-line progress bar with an estimate of the time left, redrawn in place on
    stderr when it is a terminal; quiet when piped or redirected."""

    def __init__(self, total: int, done: int = 0) -> None:
        self.total = total
        self.started = time.monotonic()
        self.first = done  # games played before (a resumed run): not in the pace
        self.live = sys.stderr.isatty()
        self.drawn = False

    def show(self, done: int, tally: Tally | None, note: str = "") -> None:
        """Redraw the bar: ``done`` of the total, A's score, the time left, ``note``
        (``plies tune``: the weights as they stand)."""
        if not self.live:
            return
        filled = round(30 * done / max(1, self.total))
        played = done - self.first
        left = ""
        if 0 < played and done < self.total:
            seconds = (time.monotonic() - self.started) / played * (self.total - done)
            left = "  " + _("{minutes}:{seconds:02d} left").format(
                minutes=int(seconds // 60), seconds=int(seconds % 60))
        score = "" if tally is None else f"  A +{tally.wins} ={tally.draws} -{tally.losses}"
        note = f"  {note}" if note else ""
        print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}{score}{left}{note}   ",
              end="",
              file=sys.stderr, flush=True)
        self.drawn = True

    def end(self) -> None:
        if self.drawn:
            print(file=sys.stderr)


MANIFEST = ".plies-run"
"""In a records folder: what was being played there, so that ``--resume`` can check
that it is given the same games to finish."""
MANIFEST_FORMAT = "plies-run"
MAX_MANIFEST_BYTES = 100_000
_NOT_SETTINGS = frozenset({"out", "resume", "jobs", "json", "run"})
"""Options that do not change which games are played or how they end."""


def run_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The options that decide the games of a run, as plain JSON values."""
    return {key: value for key, value in sorted(vars(args).items())
            if key not in _NOT_SETTINGS
            and isinstance(value, (str, int, float, bool, list, type(None)))}


def start_folder(args: argparse.Namespace, kind: str) -> tuple[Path, list[Path]]:
    """The records folder of a run and the records already in it: a new one (``--out``
    or under the games folder) with the run's settings written in it, or with
    ``--resume DIR`` the folder of a run stopped early, checked to hold the same run.

    The settings file is only compared, never obeyed: the command line names the
    players (an engine's command among them) and the openings' file."""
    settings = run_settings(args)
    resume = getattr(args, "resume", None)
    if not resume:
        out = out_dir(args, kind)
        try:
            atomic_write_text(out / MANIFEST, json.dumps(
                {"format": MANIFEST_FORMAT, "version": 1, "kind": kind,
                 "settings": settings}, indent=1) + "\n")
        except OSError as error:
            raise CliError(_("{path} cannot be written: {reason}").format(
                path=out / MANIFEST, reason=os_reason(error))) from None
        return out, []
    out = Path(resume)
    try:
        data = json.loads(read_text(out / MANIFEST, limit=MAX_MANIFEST_BYTES,
                                    what=N_("records folder's settings file")))
        remove_stale_temporaries(out)
    except (OSError, ValueError, RecursionError):
        raise CliError(_("--resume {path}: not the records folder of a plies {kind} "
                         "(its {file} cannot be read)").format(
                             path=out, kind=kind, file=MANIFEST)) from None
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT \
            or data.get("kind") != kind:
        raise CliError(_("--resume {path}: not the records folder of a plies {kind}").format(
            path=out, kind=kind))
    if data.get("settings") != settings:
        stored = data.get("settings")
        differ = sorted(k for k in {*settings, *(stored if isinstance(stored, dict) else {})}
                        if not isinstance(stored, dict) or stored.get(k) != settings.get(k))
        raise CliError(_("--resume {path}: those games were played with other options "
                         "({names}); give the same options as the run that made it").format(
                             path=out, names=", ".join(differ[:10])))
    return out, sorted(p for p in out.glob("game-*.json") if p.is_file())


def recorded_results(paths: list[Path], tasks: list[GameTask]) -> list[GameResult]:
    """The results of the games already recorded (``paths``, named as ``record_path``
    names them), each checked against the game it should be; a record that is not
    that game is a ``CliError`` (the folder holds something else)."""
    by_name = {record_path(Path(), task.index, len(tasks)).name: task for task in tasks}
    results = []
    for path in paths:
        task = by_name.get(path.name)
        if task is None:
            raise CliError(_("--resume: {path} is not one of this run's games").format(
                path=path))
        try:
            record = load_record(path, follow_links=False)
            results.append(_result_of(task, record))
        except (RecordError, RulesError, ValueError, KeyError, TypeError) as error:
            raise CliError(_("--resume: {path} is not the game this run played there: "
                             "{reason}").format(path=path, reason=error)) from None
    return results


def _result_of(task: GameTask, record: GameRecord) -> GameResult:
    """``task``'s result, read back from its record (as ``play_game`` made it)."""
    game = record_to_game(record)
    if game.name != task.game_name or game.variant() != task.variant \
            or list(game.move_stack[:len(task.start_moves) + len(task.opening)]) \
            != [*task.start_moves, *task.opening]:
        raise ValueError(_("another game or opening"))
    if not isinstance(record.result, dict):
        raise ValueError(_("the game has no result"))
    winner = record.result.get("winner")
    if winner not in (0, 1, None):
        raise ValueError(_("the game has no result"))
    first_is_a = task.a_plays_first
    if task.opening_rule is not None:
        chosen = Opening.replay(record.opening, len(game.move_stack))
        if chosen.black == SECOND:
            first_is_a = not first_is_a
    a_side = 0 if first_is_a else 1
    score = 0.5 if winner is None else float(winner == a_side)
    forfeit = None
    if game.outcome() is None and winner is not None:
        forfeit = "b" if winner == a_side else "a"
    return GameResult(task.index, first_is_a, score, winner, str(record.result.get("reason", "")),
                      game.moves_text(), game.ply, 0.0, record, forfeit)


def checked_player(game: Game, text: str, label: str,
                   opening_rule: str | None = None) -> tuple[Player, str | None]:
    """The player of spec ``text`` for ``game``, checked before any game is played (its
    evaluator loads, its limits hold; an engine starts and answers), and an engine's
    name (``None`` for a Plies player). ``label`` names the player in errors (A, B, 3)."""
    spec = parse_player_spec(text, game.name)
    if isinstance(spec, Engine):
        if opening_rule is not None:
            raise CliError(_("--opening needs Plies players: an engine cannot choose "
                             "a colour over its protocol"))
        if game.name not in ("gomoku", "othello"):
            raise CliError(_("external engines play gomoku (Gomocup protocol) or "
                             "othello (NBoard), not {game}").format(game=game.name))
        return check_engine(game, spec, label)
    assert isinstance(spec, Computer)
    try:
        find_evaluator(game.name, spec.evaluator_name(game.name), paths=True)
        spec.limits(game.name)
    except (EvaluatorError, ValueError) as error:
        raise CliError(str(error)) from None
    return spec, None


def opening_rule_of(args: argparse.Namespace, game: Game) -> str | None:
    """``--opening``'s rule (``None`` for none), refused for a game other than Gomoku."""
    rule = None if getattr(args, "opening", "none") == "none" else str(args.opening)
    if rule is not None and game.name != "gomoku":
        raise CliError(_("--opening {rule} is a Gomoku opening, not {game}'s").format(
            rule=rule, game=game.name))
    return rule


def warn_repeated_openings(found: int, pairs: int) -> None:
    """Pairs reuse openings in turn: say so, since a short set decides more games."""
    if found < pairs:
        # Translators: {openings} is "3 distinct openings", {pairs} is "5 game pairs".
        print(_("plies: only {openings} for {pairs}; they repeat (try other --openings)").format(
            openings=ngettext("{n} distinct opening", "{n} distinct openings",
                              found).format(n=number(found)),
            pairs=ngettext("{n} game pair", "{n} game pairs", pairs).format(n=number(pairs))),
            file=sys.stderr)


def add_cluster_argument(parser: argparse.ArgumentParser) -> None:
    """``--cluster ADDRESS``: the games on a Dask cluster (``game.cluster``), for every
    command that plays games."""
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help=_("play the games on the Dask cluster whose scheduler is at "
                               "ADDRESS (tcp://host:8786; pip install \".[cluster]\")"))


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """The options ``plies match`` and ``plies tournament`` share: openings, start
    position, processes, seed, records folder, resume, JSON."""
    parser.add_argument("--openings", default=None, metavar="random:K|FILE",
                        help=_("K random balanced plies per pair (default 2; 3 with "
                               "--opening), or one opening per line"))
    parser.add_argument("--opening", choices=("none", "swap", "swap2"), default="none",
                        help=_("Gomoku: the first player places three stones (the "
                               "--openings), then the colours are chosen by the swap or swap2 "
                               "rule"))
    parser.add_argument("--moves", metavar="M", help=_("every game starts after these moves"))
    parser.add_argument("--jobs", type=int, default=None,
                        help=_("worker processes (default: one per core, at most one per "
                               "game; at most four per core)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the random openings"))
    place = parser.add_mutually_exclusive_group()
    place.add_argument("--out", metavar="DIR",
                       help=_("a new or empty folder for the game records (default: a new "
                              "folder under the games folder)"))
    place.add_argument("--resume", metavar="DIR",
                       help=_("finish the run whose records are in DIR (stopped early: "
                              "Ctrl-C, kill, power cut), with the same options: only the "
                              "games it lacks are played"))
    add_cluster_argument(parser)
    parser.add_argument("--json", action="store_true", help=_("results as one JSON object"))


__all__ = [  # untranslated: names
    "GameResult", "GameRunner", "GameTask", "WorkerFailed", "WorkerPool", "add_cluster_argument",
    "add_run_arguments",
    "check_engine", "checked_player", "job_count", "match_openings", "opening_rule_of",
    "parse_player_spec", "play_all", "play_game", "random_openings", "recorded_results",
    "run_games", "start_folder", "tally_of", "warn_repeated_openings"]
