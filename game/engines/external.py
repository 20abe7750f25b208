"""An outside engine as a player: Plies runs the program and speaks its protocol.

Gomoku engines speak the Gomocup (pbrain) protocol, Othello engines NBoard. Plies
trusts nothing the program says: every answer must come within the move's time plus
a tolerance, must parse, and must be a legal move by Plies' own rules; otherwise the
engine loses the game and ``EngineFault`` says why in one sentence.

The process runs in a session (process group) of its own, so that ``close`` ends it
and anything it started: on a new game, on quit and after a crash no process is left
behind, and ``close`` reaps it (no zombie). If Plies dies without closing it (``kill
-9``), a small reaper process (``_Reaper``) ends every engine's group. On Linux a
launcher (``_launcher``) runs each engine as its child: the kernel tells it when Plies
ends, and it ends whatever the engine started, even outside the engine's group.

>>> parse_xy("7,7"), parse_xy(" 10 , 3 "), parse_xy("h8")
((7, 7), (10, 3), None)
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

from game.i18n import _, raw
from game.rules import PASS, Game, Gomoku, Move, Othello

STARTUP_SECONDS = 10.0
"""How long a program may take to start and answer its first command."""

TOLERANCE_SECONDS = 1.0
"""Added to every move's time limit: pipes, process scheduling, a loaded machine."""

TOLERANCE_FRACTION = 0.2
"""And this share of the limit on top (a slow machine slows everyone)."""

MAX_LINE = 100_000
"""Characters of an engine's output line read at a time: a longer line is dropped whole
(no piece of it is ever taken for an answer)."""

QUEUED_LINES = 64
"""Lines of an engine's output waiting to be read, at most: beyond it the reader stops
reading (the engine's pipe fills and it waits), so memory stays bounded."""

QUEUED_COMMENTS = 32
"""Of those, comments (``MESSAGE``, ``status``, ... : ``ExternalPlayer.comment``) kept
while nobody reads; later ones are dropped, so chatter never holds up an answer."""

SETTLE_SECONDS = 0.05
"""A pbrain engine is not written to within this moment after its answer. Rapfi drops
every word it reads while still marked as thinking, and clears that mark only after
printing its move: a ``TURN`` written at once lost its first word (8 of 160 games on a
loaded machine; none of 120 when the manager waited 50 ms)."""

CLOSE_SECONDS = 1.0
"""How long a program gets to leave by itself after ``END``/``quit``."""


class EngineProblem(Exception):
    """Base of what can go wrong with an outside engine (the three below): a caller that
    treats them alike catches this one."""


class EngineFault(EngineProblem):
    """The engine broke a rule (illegal, late, garbled, crashed): it loses; one sentence."""


class EngineError(EngineProblem):
    """The engine cannot be used at all (the command does not start, refuses the board)."""


class EngineCancelled(EngineProblem):
    """``best_move`` was stopped from outside (undo, new game); the engine was closed."""


POLL_SECONDS = 0.05
"""How often a wait for the engine looks at the caller's stop event."""


def parse_xy(text: str) -> tuple[int, int] | None:
    """``"x,y"`` as two ints, or ``None`` when the line is not a coordinate pair."""
    x, comma, y = text.partition(",")
    x, y = x.strip(), y.strip()
    if not comma or not x.isdigit() or not y.isdigit() or len(x) > 3 or len(y) > 3:
        return None
    return int(x), int(y)


PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: the signal a process gets when its parent thread ends."""


@functools.cache
def _prctl() -> Callable[..., int] | None:
    """libc's ``prctl``, looked up once in Plies itself (never in a forked child)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def end_with_parent(sig: int = signal.SIGKILL) -> bool:
    """On Linux, ask the kernel to send ``sig`` to this process when the thread that
    started it ends (its parent dies, even by ``kill -9``); whether it could ask."""
    prctl = _prctl()
    return prctl is not None and prctl(PR_SET_PDEATHSIG, sig) == 0


_LAUNCHER_CODE = raw("""
import ctypes, os, signal, sys
parent, argv = int(sys.argv[1]), sys.argv[2:]
prctl = ctypes.CDLL(None, use_errno=True).prctl
prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG: Plies gone, even by kill -9: end all below
if os.getppid() != parent:
    os._exit(1)  # Plies died before the request
prctl(36, 1)  # PR_SET_CHILD_SUBREAPER: what the engine starts and leaves comes to us


def children():
    mine = str(os.getpid())
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open("/proc/" + entry + "/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, ValueError, IndexError):
            continue
        if fields[1].decode() == mine:
            found.append(int(entry))
    return found


def end_all():
    while True:  # the orphans of a killed child come to us: until none is left
        pids = children()
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def ended(signum, frame):
    end_all()
    os._exit(128 + signum)


signal.signal(signal.SIGTERM, ended)
signal.signal(signal.SIGINT, signal.SIG_IGN)
engine = os.fork()
if engine == 0:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        os.execvp(argv[0], argv)
    except OSError as error:
        os.write(2, (str(error) + "\\n").encode())
    os._exit(127)
null = os.open(os.devnull, os.O_RDWR)
os.dup2(null, 0)  # the pipes are the engine's alone: its end of output is seen
os.dup2(null, 1)
status = os.waitpid(engine, 0)[1]
end_all()  # the engine is gone: so is anything it left (a grandchild in its own session)
code = os.waitstatus_to_exitcode(status)
if code < 0:
    signal.signal(-code, signal.SIG_DFL)
    os.kill(os.getpid(), -code)
os._exit(code)
""")


def _launcher() -> list[str]:
    """On Linux, what runs before the engine: a small Python program that asks the
    kernel for two things and then starts the engine as its child. When Plies ends,
    however it ends (``kill -9`` runs no ``finally``), the kernel sends it SIGTERM
    (``PR_SET_PDEATHSIG``); and it is a *subreaper* (``PR_SET_CHILD_SUBREAPER``): what
    the engine starts and leaves behind, even a grandchild that left the engine's
    session with ``setsid()`` out of reach of a signal to its group, becomes its child.
    When the engine ends, or the launcher gets SIGTERM from ``close``, it ends them all;
    it leaves with the engine's exit status.

    A launcher rather than ``preexec_fn``: code run between ``fork`` and ``exec`` is not
    safe when the parent has threads (and engines start on worker threads). Elsewhere
    ``[]``: the engines' own session and ``close`` are all there is.
    """
    if _prctl() is None:
        return []
    return [sys.executable, "-I", "-S", "-c", _LAUNCHER_CODE, str(os.getpid())]


def _program(argv0: str) -> None:
    """Raise ``OSError`` when ``argv0`` names no program that can run (the launcher
    would only report it after starting; this keeps the one sentence of a failed start)."""
    path = argv0 if os.sep in argv0 else shutil.which(argv0)
    if path is None or not os.path.exists(path):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), argv0)
    if os.path.isdir(path) or not os.access(path, os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), argv0)


_RUNNING: set[subprocess.Popen[str]] = set()
"""Every engine started and not yet closed, for ``kill_every_engine``."""

_REAPER_CODE = raw("""
import os, signal, sys, time
groups = set()
for line in sys.stdin:  # until Plies ends, however it ends: its end of the pipe closes
    sign, _, group = line.partition(" ")
    (groups.add if sign == "+" else groups.discard)(int(group))
for sig in (signal.SIGTERM, signal.SIGKILL):  # TERM first: a launcher ends what it adopted
    for group in groups:
        try:
            os.killpg(group, sig)
        except OSError:
            pass
    if sig == signal.SIGTERM and groups:
        time.sleep(0.5)
""")


class _Reaper:
    """A small process that outlives Plies only to end the engines' process groups.

    It learns each engine's group as it starts (``+ PGID``) and forgets it once closed
    (``- PGID``); when Plies ends, even by ``kill -9``, its stdin reaches its end and it
    kills the groups still listed: the engines *and* what they started, which no signal
    to Plies' children alone can reach. One per Plies process, started with the first
    engine; if it cannot start, ``close`` and the kernel's parent-death signal remain.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._failed = False

    def tell(self, sign: str, group: int) -> None:
        with self._lock:
            if self._process is None and not self._failed and sign == "+":
                try:
                    self._process = subprocess.Popen(
                        [sys.executable, "-c", _REAPER_CODE], stdin=subprocess.PIPE,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        start_new_session=True)  # Ctrl-C to Plies' group must not end it
                except OSError:
                    self._failed = True
            stdin = self._process.stdin if self._process is not None else None
            if stdin is None:
                return
            try:
                stdin.write(f"{sign} {group}\n".encode())
                stdin.flush()
            except (OSError, ValueError):
                pass


_REAPER = _Reaper()


def kill_every_engine() -> None:
    """SIGKILL every running engine's process group at once: for a process that must
    end now (a signal), with no time for ``close``'s goodbye. Safe in a signal handler."""
    for process in list(_RUNNING):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass


class _Process:
    """The program, with a thread that reads its output into a queue."""

    def __init__(self, command: str, name: str,
                 comment: Callable[[str], bool] = lambda line: False) -> None:
        self.name = name
        self._comment = comment
        self._closed = threading.Event()
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise EngineError(_("the engine command cannot be read: {error}").format(
                error=error)) from None
        if not argv:
            raise EngineError(_("the engine command is empty"))
        try:
            launcher = _launcher()
            if launcher:
                _program(argv[0])
            self.process = subprocess.Popen(
                launcher + argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, encoding="utf-8", errors="replace",
                bufsize=1, start_new_session=True)
        except OSError as error:
            raise EngineError(_("the engine {program} cannot be started: {reason}").format(
                program=repr(argv[0]), reason=error.strerror or error)) from None
        _RUNNING.add(self.process)
        _REAPER.tell("+", self.process.pid)  # its own session: the group id is its pid
        self.lines: queue.Queue[str | None] = queue.Queue(QUEUED_LINES)
        self.stop: threading.Event | None = None
        self._reader = threading.Thread(target=self._read, name="plies-engine-reader",
                                        daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        stdout = self.process.stdout
        too_long = False  # inside a line longer than MAX_LINE: dropped to its end
        try:
            # In bounded pieces: an engine that writes without end cannot exhaust memory.
            for piece in iter(lambda: stdout.readline(MAX_LINE), ""):
                if len(piece) >= MAX_LINE and not piece.endswith("\n"):
                    too_long = True
                elif too_long:
                    too_long = False  # its last piece: the next line is whole again
                elif not self._put(piece.rstrip("\r\n")):
                    return
        except (OSError, ValueError):
            pass
        self._put(None)  # the end of its output: it exited or closed stdout

    def _put(self, line: str | None) -> bool:
        """Queue ``line``, or drop it if it is a comment and comments are many; waits
        while the queue is full. Whether to go on reading (not once closed)."""
        if line is not None and self._comment(line):
            if self.lines.qsize() < QUEUED_COMMENTS:
                self.lines.put_nowait(line)
            return True
        while not self._closed.is_set():
            try:
                self.lines.put(line, timeout=POLL_SECONDS)
                return True
            except queue.Full:
                continue
        return False

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineFault(self._ended()) from None

    def read(self, deadline: float, waiting_for: str) -> str:
        """The next line, or ``EngineFault`` when it is late or the program ended;
        ``EngineCancelled`` as soon as ``stop`` (set by the owner) is set or the program
        is closed from another thread."""
        while True:
            stop = self.stop
            if (stop is not None and stop.is_set()) or self._closed.is_set():
                raise EngineCancelled  # stopped by the owner, or closed from another thread
            left = min(deadline - time.monotonic(), POLL_SECONDS)
            try:
                line = self.lines.get(timeout=max(0.0, left))
                break
            except queue.Empty:
                if time.monotonic() >= deadline:
                    # Translators: {engine} is "the engine 'edax'", {command} what it was
                    # sent ("go", "ping 1", "to START": the protocol's words).
                    raise EngineFault(_("{engine} did not answer {command} in time").format(
                        engine=self.name, command=waiting_for)) from None
        if line is None:
            raise EngineFault(self._ended())
        return line

    def _ended(self) -> str:
        """The sentence saying how the program ended (or closed its output)."""
        try:
            code = self.process.wait(1.0)
        except subprocess.TimeoutExpired:
            return _("{engine} closed its output").format(engine=self.name)
        if code >= 0:
            return _("{engine} stopped (exit status {code})").format(engine=self.name, code=code)
        return _("{engine} was killed (signal {signal})").format(engine=self.name,
                                                                signal=-code)

    def close(self, goodbye: str | None) -> None:
        """Ask it to leave, then end its whole process group; reap it."""
        self._closed.set()  # the reader, if waiting for room in the queue, gives up
        process = self.process
        if process.poll() is None and goodbye is not None:
            try:
                self.send(goodbye)
            except EngineFault:
                pass
            try:
                process.wait(CLOSE_SECONDS)
            except subprocess.TimeoutExpired:
                pass
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(process.pid, sig)  # the program and anything it started
            except (ProcessLookupError, PermissionError):
                break
            try:
                process.wait(CLOSE_SECONDS)
                break
            except subprocess.TimeoutExpired:
                continue
        if process.poll() is None:
            process.kill()
        process.wait()
        _RUNNING.discard(process)
        _REAPER.tell("-", process.pid)
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self._reader.join(CLOSE_SECONDS)


class ExternalPlayer:
    """Base of the two protocol players: a program that answers ``best_move(game)``.

    Args:
        command: the program and its arguments, as a shell would split them (no shell
            runs it).
        seconds: the time for one move (the engine is told it, where the protocol can).
        depth: the search depth the engine is told, where the protocol can.
        name: the engine's name (a spec's ``name=``, ``game.players.Engine.name``);
            default the program's file name. Sentences say "the engine 'NAME'".
    """

    goodbye: str | None = None
    protocol = ""
    """``pbrain``, ``nboard`` or ``gtp``: what ``player_for`` and match specs call it."""

    def __init__(self, command: str, seconds: float = 5.0, name: str | None = None,
                 depth: int | None = None) -> None:
        self.command = command
        self.seconds = seconds
        self.depth = depth
        """NBoard's ``set depth``, Gomocup's ``INFO max_depth``, when given (GTP has
        none); ``None``: the engine plays at its own options (its ``-l`` level...)."""
        if not name:
            try:
                name = os.path.basename(shlex.split(command)[0])
            except (ValueError, IndexError):
                name = command
        # Translators: how sentences name an engine: "the engine 'edax'".
        self.name = _("the engine {program}").format(program=repr(name))
        self.engine_name: str | None = None
        """The name the engine gave itself in the handshake, if its protocol has one."""
        self._process: _Process | None = None
        self._lock = threading.Lock()  # close() may come from another thread
        self._closes = 0  # close() calls so far: a start that sees it change gives up

    @property
    def deadline_seconds(self) -> float:
        """The limit and its tolerance."""
        return self.seconds * (1 + TOLERANCE_FRACTION) + TOLERANCE_SECONDS

    def start(self, game: Game, stop: threading.Event | None = None) -> None:
        """Start the program for a new game of ``game``'s kind (closing any old one).

        A ``close`` from another thread at any moment wins: the program just started is
        ended and ``EngineCancelled`` raised, as it is when ``stop`` is set during the
        handshake. ``EngineError`` when the program cannot start or fails the handshake.
        """
        self.close()
        with self._lock:
            closes = self._closes
        process = _Process(self.command, self.name, self.comment)  # outside: Popen may wait
        with self._lock:
            closed = self._closes != closes  # a close() came during Popen: it missed this one
            if not closed:
                self._process = process
        if closed:
            process.close(None)
            raise EngineCancelled
        process.stop = stop
        try:
            self._handshake(game)
        except EngineCancelled:
            self.close()
            raise
        except EngineFault as fault:
            with self._lock:
                closed = self._process is not process
            self.close()
            if closed:
                raise EngineCancelled from None
            raise EngineError(str(fault)) from None
        finally:
            process.stop = None

    def best_move(self, game: Game, stop: threading.Event | None = None) -> Move:
        """The engine's move in ``game`` (not played), checked; ``EngineFault`` if none.

        ``stop``: set from another thread to give up at once (``EngineCancelled``); the
        engine is then closed, since its idea of the position is unknown, and started
        again by the next call.
        """
        if game.legal_moves() == [PASS]:
            return PASS  # forced: nothing to ask (the engine sees it in the next position)
        if self._process is None:
            self.start(game, stop)
        process = self.process
        process.stop = stop
        try:
            move = self._ask(game)
        except EngineCancelled:
            self.close()
            raise
        except EngineFault:
            with self._lock:
                closed = self._process is not process
            if closed:  # closed from another thread: its broken pipe is no fault of its own
                raise EngineCancelled from None
            raise
        finally:
            if self._process is not None:
                self._process.stop = None
        if move not in game.legal_moves():
            raise EngineFault(_("{engine} played {move}, which is illegal: {reason}").format(
                engine=self.name, move=game.move_name(move),
                reason=game.illegal_reason(move)))
        return move

    def close(self) -> None:
        """End the program (if running or starting); safe to call twice and from any
        thread. It waits for the program to leave (up to a few seconds): the window
        calls ``close_later`` instead."""
        with self._lock:
            self._closes += 1
            process, self._process = self._process, None
        if process is not None:
            process.close(self.goodbye)

    def __enter__(self) -> ExternalPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- per protocol -------------------------------------------------------------

    @staticmethod
    def comment(line: str) -> bool:
        """Whether ``line`` is commentary (progress, status) that may be dropped while
        nobody reads; answers never are. By default every line is kept."""
        return False

    def _handshake(self, game: Game) -> None:
        raise NotImplementedError

    def _ask(self, game: Game) -> Move:
        raise NotImplementedError

    @property
    def process(self) -> _Process:
        process = self._process
        if process is None:  # closed from another thread meanwhile
            raise EngineCancelled
        return process


class _Closer:
    """One thread that closes engines nobody waits for: a window must not freeze for the
    seconds a program may take to leave (``CLOSE_SECONDS`` after its goodbye, then
    after SIGTERM). Its thread starts when an engine is given and ends once none is left;
    it is not a daemon, so engines given while the window quits are still closed (no
    orphan) before Plies ends."""

    def __init__(self) -> None:
        self._queue: queue.Queue[ExternalPlayer] = queue.Queue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def close_later(self, player: ExternalPlayer) -> None:
        with self._lock:
            self._queue.put(player)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="plies-engine-closer")
                self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Whether every engine given so far is closed (waiting up to ``timeout``)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._queue.all_tasks_done:
            while self._queue.unfinished_tasks:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._queue.all_tasks_done.wait(left)
        return True

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._queue.empty():
                    self._thread = None  # the next close_later starts another
                    return
                player = self._queue.get_nowait()
            try:
                player.close()
            except Exception:  # noqa: BLE001 -- one engine's failure must not stop the rest
                pass
            finally:
                self._queue.task_done()


_CLOSER = _Closer()


def close_later(player: ExternalPlayer) -> None:
    """Close ``player`` on Plies' one closing thread, without waiting: the window's way
    to end a replaced engine (``ExternalPlayer.close`` may take seconds)."""
    _CLOSER.close_later(player)


def closed_later(timeout: float | None = None) -> bool:
    """Whether every engine given to ``close_later`` is closed, waiting up to
    ``timeout`` seconds (quit, tests)."""
    return _CLOSER.wait(timeout)


class PbrainPlayer(ExternalPlayer):
    """A Gomoku engine over the Gomocup protocol (``START``, ``TURN``/``BOARD``, ``END``)."""

    goodbye = "END"
    protocol = "pbrain"

    def __init__(self, command: str, seconds: float = 5.0, name: str | None = None,
                 depth: int | None = None) -> None:
        super().__init__(command, seconds, name, depth)  # depth: Rapfi's strength ladder
        self._known: list[Move] = []  # the moves the engine has seen, in order
        self._answered = 0.0  # time.monotonic() of its last answer

    def _handshake(self, game: Game) -> None:
        if not isinstance(game, Gomoku):
            raise EngineFault(_("{engine} plays Gomoku over the Gomocup protocol, "
                                "not {game}").format(engine=self.name, game=_(game.title)))
        p = self.process
        p.send(f"START {game.size}")
        answer = self._reply(time.monotonic() + STARTUP_SECONDS, "START")
        if answer != "OK":
            raise EngineFault(_("{engine} refused the {size}x{size} board: {answer}").format(
                engine=self.name, size=game.size, answer=answer))
        code = {"freestyle": 0, "standard": 1, "renju": 4}[game.rule]
        for line in (raw(f"INFO rule {code}"),
                     raw(f"INFO timeout_turn {round(self.seconds * 1000)}"),
                     raw("INFO timeout_match 0"), raw("INFO max_memory 0"),
                     raw("INFO game_type 1")):
            p.send(line)
        if self.depth is not None:
            p.send(raw(f"INFO max_depth {self.depth}"))
        self._known = []

    def _send(self, line: str) -> None:
        """Write ``line``, but never within ``SETTLE_SECONDS`` of the engine's last answer."""
        wait = self._answered + SETTLE_SECONDS - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.process.send(line)

    @staticmethod
    def comment(line: str) -> bool:
        """MESSAGE/DEBUG/SUGGEST lines and empty ones: never an answer."""
        return line.strip().split(" ", 1)[0].upper() in ("MESSAGE", "DEBUG", "SUGGEST", "")

    def _reply(self, deadline: float, waiting_for: str) -> str:
        """The next line that is not a MESSAGE/DEBUG/SUGGEST comment."""
        while True:
            # Translators: {command} is a protocol command (START, TURN, BOARD); the
            # whole sentence is "{engine} did not answer to START in time".
            line = self.process.read(deadline, _("to {command}").format(command=waiting_for))
            if not self.comment(line):
                self._answered = time.monotonic()
                return line.strip()

    def _ask(self, game: Game) -> Move:
        assert isinstance(game, Gomoku)
        stack = game.move_stack
        deadline = time.monotonic() + self.deadline_seconds
        if stack and stack[:-1] == self._known:
            self._send(f"TURN {_xy(game, stack[-1])}")
            answer = self._reply(deadline, "TURN")
            if answer.split(" ", 1)[0].upper() == "ERROR":
                # The engine lost the TURN (the race of SETTLE_SECONDS, or any other
                # reason): it still has the position before it. Tell it the whole board.
                answer = self._position(game, deadline, restart=True)
        else:
            answer = self._position(game, deadline)
        xy = parse_xy(answer)
        if xy is None:
            raise EngineFault(_("{engine} answered {answer}, not a move x,y").format(
                engine=self.name, answer=repr(_clip(answer))))
        x, y = xy
        if not (0 <= x < game.size and 0 <= y < game.size):
            raise EngineFault(_("{engine} played {x},{y}, off the {size}x{size} board").format(
                engine=self.name, x=x, y=y, size=game.size))
        move = game.cell_index(x, game.size - 1 - y)
        self._known = [*stack, move]  # the engine has played it on its board
        return move

    def _position(self, game: Gomoku, deadline: float, restart: bool = False) -> str:
        """Set the engine's board to ``game`` from scratch (``BEGIN`` or ``BOARD``); its answer."""
        stack = game.move_stack
        if self._known or restart:
            self._send("RESTART")
            self._expect_ok(deadline, "RESTART")
        if not stack:
            self._send("BEGIN")
            return self._reply(deadline, "BEGIN")
        mine = game.turn
        self._send("BOARD")
        for index, move in enumerate(stack):
            field = 1 if index % 2 == mine else 2
            self.process.send(f"{_xy(game, move)},{field}")
        self.process.send("DONE")
        return self._reply(deadline, "BOARD")

    def _expect_ok(self, deadline: float, waiting: str) -> None:
        answer = self._reply(deadline, waiting)
        if answer != "OK":
            raise EngineFault(_("{engine} answered {answer} to {command}").format(
                engine=self.name, answer=repr(_clip(answer)), command=waiting))


class NBoardPlayer(ExternalPlayer):
    """An Othello engine over the NBoard protocol (``set game``, ``go``)."""

    goodbye = "quit"
    protocol = "nboard"

    def __init__(self, command: str, seconds: float = 5.0, name: str | None = None,
                 depth: int | None = None) -> None:
        super().__init__(command, seconds, name, depth)
        self._ping = 0
        self._version_one = False

    def _handshake(self, game: Game) -> None:
        if not isinstance(game, Othello):
            raise EngineFault(_("{engine} plays Othello over the NBoard protocol, "
                                "not {game}").format(engine=self.name, game=_(game.title)))
        p = self.process
        # Edax wants version 1 and says so on stderr, which Plies does not read: it is
        # told by its name; another engine that wants it may say so on stdout (_sync).
        self._version_one = wants_nboard_1(self.command)
        p.send("nboard 1" if self._version_one else "nboard 2")
        if self.depth is not None:
            p.send(raw(f"set depth {self.depth}"))
        self._sync(time.monotonic() + STARTUP_SECONDS)

    @staticmethod
    def comment(line: str) -> bool:
        """Every line but ``pong N`` and ``=== move``: ``status``, ``nodestats``, ..."""
        line = line.lstrip()
        return not line.startswith(("pong", "==="))

    def _sync(self, deadline: float) -> None:
        """``ping``, and skip everything up to its ``pong``."""
        self._ping += 1
        self.process.send(f"ping {self._ping}")
        while True:
            line = self.process.read(deadline, f"ping {self._ping}").strip()
            if line == f"pong {self._ping}":
                return
            myname = raw("set myname ")
            if line.startswith(myname):
                self.engine_name = line[len(myname):].strip()[:40] or None
            elif '"nboard 1"' in line and not self._version_one:
                # Edax 4.6 answers "nboard 2" with 'Error: Edax expected "nboard 1"
                # protocol' and then works: say what it wants, once.
                self._version_one = True
                self.process.send("nboard 1")

    def _ask(self, game: Game) -> Move:
        from game.formats.ggf import write_record
        from game.players import Human
        from game.records import record_from_game

        assert isinstance(game, Othello)
        p = self.process
        deadline = time.monotonic() + self.deadline_seconds
        record = record_from_game(game, [Human(), Human()])
        p.send(raw("set game ") + write_record(record).strip())
        self._sync(deadline)
        p.send("go")
        while True:
            line = p.read(deadline, "go").strip()
            if line.startswith("==="):
                break
        text = nboard_move_word(line)
        try:
            move = game.parse_move(text)
        except ValueError:
            raise EngineFault(_("{engine} answered {answer}, not a move").format(
                engine=self.name, answer=repr(_clip(line)))) from None
        return move


def wants_nboard_1(command: str) -> bool:
    """Whether the engine ``command`` starts is Edax, which speaks NBoard version 1 (it
    complains about ``nboard 2`` on stderr, then plays): known by its program's name.

    >>> wants_nboard_1("/opt/edax/bin/lEdax-x64 -nboard"), wants_nboard_1("edax -l 3")
    (True, True)
    >>> wants_nboard_1("python3 my_engine.py")
    False
    """
    from game.players import engine_name

    return engine_name(command).split(" ", 1)[0] == "Edax"  # untranslated: a name


def nboard_move_word(line: str) -> str:
    """The move of an NBoard ``===`` answer, however the engine spaced it.

    NBoard's own page writes ``=== F5/14.0/1.2``; Edax writes ``=== f5 0.00 0.0``; some
    engines give the move alone. The evaluation and time are optional and ignored.

    >>> nboard_move_word("=== F5/14.0/1.2"), nboard_move_word("===  c6 0.00 0.0")
    ('F5', 'c6')
    >>> nboard_move_word("=== pa -64.00 0.0"), nboard_move_word("===d3"), nboard_move_word("===")
    ('pa', 'd3', '')
    """
    rest = line.strip().removeprefix("===").replace("/", " ").split(None, 1)
    return rest[0] if rest else ""


def _xy(game: Gomoku, move: Move) -> str:
    col, row = game.cell_xy(move)
    return f"{col},{game.size - 1 - row}"


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[:width] + "..."


__all__ = [
    "STARTUP_SECONDS",
    "TOLERANCE_SECONDS",
    "EngineCancelled",
    "EngineError",
    "EngineFault",
    "EngineProblem",
    "ExternalPlayer",
    "NBoardPlayer",
    "close_later",
    "closed_later",
    "PbrainPlayer",
    "nboard_move_word",
    "parse_xy",
]
