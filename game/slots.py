"""The autosave, and several windows at once: each running window owns an autosave
slot, under a lock (``autosave_path``, ``save_autosave``, ``load_autosave`` and
``clear_autosave`` act on this window's slot).

Two copies of Plies sharing one config folder must not overwrite each other's game.
Each window claims a *slot* when it opens: slot 1 is ``autosave.json``, slot *n* is
``autosave-n.json`` (up to :data:`MAX_SLOTS`). A slot is owned through an advisory
lock (``fcntl.flock``) on its lock file ``.autosave-n.lock``, held for as long as the
window runs. The kernel drops the lock when the process ends however it ends (a crash,
``kill -9``), so a lock can never go stale: a slot whose lock can be taken belongs to
nobody, whatever its lock file says. (The file keeps the owner's process id, which is
only there for a curious person.)

* A window opened on the start screen takes the lowest free slot: its unfinished game
  is offered for resuming, and a new game started there replaces it.
* A window opened straight into a game (``plies play``/``demo``/``FILE``) takes a free
  slot that holds no unfinished game, so the one the person left is kept.
* The start screen offers the unfinished games of every free slot besides its own; the
  slots other windows hold are theirs (the start screen says another window is open).
  Resuming another slot's game moves the window to that slot.

Where locks are not supported (some network file systems), windows fall back to slot 1
without one, as before.
"""

from __future__ import annotations

import dataclasses
import errno
import logging
import os
from pathlib import Path

from game import records
from game.formats import load_record, save_record
from game.rules import Game
from game.settings import config_dir

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks, one slot
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

# --- the autosave of this window's slot ----------------------------------------------

AUTOSAVE_NAME = "autosave.json"
"""The first window's autosave; other windows open at once use ``game.slots``' names."""
_autosave_name = AUTOSAVE_NAME


def use_autosave_name(name: str) -> None:
    """Make this process's autosave ``config_dir()/name`` (``game.slots`` sets it)."""
    global _autosave_name
    if not name or "/" in name or "\\" in name or name.startswith("."):
        # untranslated: developer error (game.slots makes the names)
        raise ValueError(f"{name!r} is not an autosave file name")
    _autosave_name = name


def autosave_path() -> Path:
    """Where the running game is kept between sessions (this window's slot)."""
    return config_dir() / _autosave_name


def save_autosave(record: records.GameRecord) -> bool:
    """Autosave ``record``; a failure is logged, never raised (the game goes on).

    Returns:
        Whether the autosave was written.
    """
    try:
        save_record(autosave_path(), record)
    except (records.RecordError, OSError) as error:
        log.warning("autosave failed: %s", error)
        return False
    return True


def load_autosave() -> records.GameRecord | None:
    """The autosaved game, or ``None`` when there is none or it cannot be read.

    A corrupt autosave is moved aside to ``autosave.json.bad`` (replacing an older
    one) so that it is neither lost nor tried again.
    """
    try:
        path = autosave_path()
    except OSError as error:
        log.warning("no config folder: %s", error)
        return None
    if not path.exists() and not path.is_symlink():
        return None
    try:
        return load_record(path, follow_links=False)
    except records.RecordError as error:
        log.warning("the autosave is unusable and was moved aside: %s", error)
        try:
            os.replace(path, path.with_name(path.name + ".bad"))
        except OSError:
            try:
                path.unlink()
            except OSError:
                pass
        return None


def clear_autosave() -> None:
    """Forget the autosaved game (nothing happens when there is none)."""
    try:
        autosave_path().unlink(missing_ok=True)
    except OSError as error:
        log.warning("could not remove the autosave: %s", error)


# --- slots -------------------------------------------------------------------------------

MAX_SLOTS = 8
"""More windows than this at once keep no autosave (the ninth is told so)."""


def slot_name(number: int) -> str:
    """``autosave.json`` for slot 1, ``autosave-<n>.json`` for the others."""
    return AUTOSAVE_NAME if number == 1 else f"autosave-{number}.json"


def lock_name(number: int) -> str:
    return f".autosave-{number}.lock"


def _try_lock(path: Path) -> int | None:
    """An open descriptor holding an exclusive lock on ``path``; ``None`` if another has it.

    Raises:
        OSError: the file cannot be opened or locks are not supported.
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        os.close(fd)
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return None
        raise
    return fd


def _lock_slot(number: int) -> tuple[int | None, bool]:
    """Try to lock slot ``number`` now (never raises).

    Returns:
        ``(fd, False)``: an open descriptor holding the slot's lock;
        ``(None, True)``: another window holds it;
        ``(None, False)``: no locks here (no ``fcntl``, no config folder, or a file
        system without locks), so nobody can be said to hold it.
    """
    if fcntl is None:
        return None, False
    try:
        fd = _try_lock(config_dir() / lock_name(number))
    except OSError:
        return None, False
    return fd, fd is None


@dataclasses.dataclass
class Offer:
    """An unfinished game the start screen can resume."""

    number: int
    record: records.GameRecord
    game: Game
    mtime: float


class WindowSlot:
    """This window's autosave slot (see the module docstring). Use :meth:`claim`."""

    def __init__(self, number: int, fd: int | None) -> None:
        self.number = number
        self._fd = fd
        use_autosave_name(slot_name(number))

    @property
    def locked(self) -> bool:
        return self._fd is not None

    @classmethod
    def claim(cls, *, keep_unfinished: bool = False) -> WindowSlot | None:
        """Lock the lowest free slot (with ``keep_unfinished``: one with no unfinished game).

        Returns ``None`` when every slot is held by another window.
        """
        if fcntl is None:
            return cls(1, None)
        try:
            folder = config_dir()
        except OSError as error:
            log.warning("no config folder, so no autosave lock: %s", error)
            return cls(1, None)
        fallback: WindowSlot | None = None
        for number in range(1, MAX_SLOTS + 1):
            try:
                fd = _try_lock(folder / lock_name(number))
            except OSError as error:
                log.warning("cannot lock the autosave (%s); one window at a time", error)
                return cls(1, None)
            if fd is None:
                continue
            if keep_unfinished and _unfinished(folder / slot_name(number)) is not None:
                if fallback is None:
                    fallback = cls._own(number, fd)
                else:
                    os.close(fd)
                continue
            if fallback is not None:
                fallback.release()
            return cls._own(number, fd)
        if fallback is not None:  # every free slot holds a game: replace the first
            use_autosave_name(slot_name(fallback.number))
        return fallback

    @classmethod
    def _own(cls, number: int, fd: int) -> WindowSlot:
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # the pid is only informative
        return cls(number, fd)

    def move_to(self, number: int) -> bool:
        """Own slot ``number`` instead of this one (to resume its game); ``False`` if taken."""
        if number == self.number:
            return True
        if self._fd is None:
            return False
        fd, _ = _lock_slot(number)
        if fd is None:
            return False
        old = self._fd
        self._fd = None
        os.close(old)
        replacement = WindowSlot._own(number, fd)
        self.number, self._fd = number, replacement._fd
        return True

    def offers(self) -> tuple[list[Offer], int]:
        """The unfinished games to offer (this slot's first, then newest first), and how
        many other windows are open."""
        own: list[Offer] = []
        free: list[Offer] = []
        others = 0
        try:
            folder = config_dir()
        except OSError:
            return [], 0
        for number in range(1, MAX_SLOTS + 1):
            path = folder / slot_name(number)
            if number != self.number and held_elsewhere(number):
                others += 1
                continue
            offer = _unfinished(path, number)
            if offer is not None:
                (own if number == self.number else free).append(offer)
        free.sort(key=lambda offer: -offer.mtime)
        return own + free, others

    def release(self) -> None:
        """Give the slot up (the window closes); its autosave stays for the next start."""
        if self._fd is not None:
            try:
                os.close(self._fd)  # closing the descriptor drops the lock
            except OSError:
                pass
            self._fd = None
        use_autosave_name(AUTOSAVE_NAME)


def held_elsewhere(number: int) -> bool:
    """Whether another window (another open lock) holds slot ``number`` now."""
    fd, held = _lock_slot(number)
    if fd is not None:
        os.close(fd)
    return held


def _unfinished(path: Path, number: int = 0) -> Offer | None:
    """The unfinished game in ``path`` with at least one move, else ``None`` (never raises)."""
    try:
        if not path.is_file():
            return None
        mtime = path.stat().st_mtime
        record = load_record(path)
        if record.result is not None or not record.moves:
            return None
        game = records.record_to_game(record)
    except (records.RecordError, OSError, ValueError):
        return None
    if game.is_over():
        return None
    return Offer(number, record, game, mtime)


# untranslated: identifiers
__all__ = ["AUTOSAVE_NAME", "MAX_SLOTS", "Offer", "WindowSlot", "autosave_path",
           "clear_autosave", "held_elsewhere", "load_autosave", "lock_name", "save_autosave",
           "slot_name", "use_autosave_name"]
