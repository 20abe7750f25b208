"""The one safe way Plies reads a file: regular files only, bounded size, strict UTF-8.

Every loader (records and the autosave, settings, evaluator weights, ``--file``
position lists, ``match --openings``, and any format added later) reads through here,
so that a hostile or mistaken file gives one sentence naming it, never a hang, a
traceback or gigabytes of memory:

* the path is ``stat``-ed first: a folder, a named pipe (FIFO), a device, a socket or
  a link to nothing is refused before it is opened (opening a FIFO would block for
  good, reading ``/dev/zero`` would never end);
* it is then opened non-blocking and ``fstat``-ed again, so a file swapped for a pipe
  between the two steps is refused too; ``follow_links=False`` refuses a symbolic
  link altogether (the files Plies writes itself are never links);
* at most the kind's size cap is read (the ``*_BYTES`` constants below): a file
  larger than its cap is refused unread, one that grows while being read is refused;
* the bytes are decoded as strict UTF-8 (a leading byte-order mark is dropped); a NUL
  byte means "not a text file".

``read_text`` returns the whole text; ``read_lines`` streams a long list (a million
positions) line by line with only one line in memory at a time.

Writing is as careful, and every file Plies writes goes through ``atomic_write_bytes``
(or ``atomic_write_text``): a regular file is replaced by renaming a complete temporary
file over it, so a failed save never destroys the old file; a write never replaces what
is not a regular file -- a named pipe or a device the user named is written through,
anything else of the kind is refused with a reason (``WriteRefused``); and
``remove_stale_temporaries`` clears what an interrupted write left behind.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "moves.txt")
>>> _ = open(path, "w").write("# openings\\nf5d6\\n\\nf5f6\\n")
>>> read_text(path, limit=RECORD_BYTES)
'# openings\\nf5d6\\n\\nf5f6\\n'
>>> [(n, line) for n, line in read_lines(path)]
[(1, '# openings'), (2, 'f5d6'), (3, ''), (4, 'f5f6')]
>>> try:
...     read_text(folder, limit=RECORD_BYTES, name="games")
... except FileError as error:
...     print(error)
games is a folder, not a file Plies can read
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from collections.abc import Generator
from typing import BinaryIO
from pathlib import Path

from game.i18n import N_, _, current, ngettext, number

RECORD_BYTES = 1_000_000
"""Game records and the autosave: the longest real game is a few kilobytes."""
SETTINGS_BYTES = 100_000
"""The settings file: a few hundred bytes in practice."""
EVALUATOR_BYTES = 64_000
"""An evaluator's weights (TOML): a few dozen ``name = number`` lines."""
POSITION_LINE_BYTES = 16_384
"""One line of a position list (``--file``, ``match --openings``): a full 25x25 Gomoku
game is under 2,000 characters. The list itself has no total cap: it is streamed."""

_CHUNK = 1 << 16


class FileError(ValueError):
    """A file that cannot be read as asked; the message is one sentence naming it."""



_VOWEL_SOUNDS = re.compile(r"[aeiou]|[AEFHILMNORSX](?:[A-Z]|\b)")
"""A word read with a vowel sound first: a vowel, or an abbreviation whose first letter's
name starts with one (an OBF file, an HTML page; but a PNG, a GGF file)."""


def _a(what: str) -> str:
    """``what`` with its article: ``a settings file``, ``an OBF file`` -- in English;
    another language gets ``what`` translated, the article being the translator's to
    write in the sentence around it (``what`` is an English noun marked with ``N_``).

    >>> _a("OBF file"), _a("settings file"), _a("install-desktop manifest"), _a("GGF file")
    ('an OBF file', 'a settings file', 'an install-desktop manifest', 'a GGF file')
    """
    if current() != "en":
        return _(what)
    return f"{'an' if _VOWEL_SOUNDS.match(what) else 'a'} {what}"  # untranslated: English only


def read_text(path: str | os.PathLike[str], *, limit: int, what: str = N_("file Plies can read"),
              name: str | None = None, follow_links: bool = True) -> str:
    """The whole text of the regular file ``path``, at most ``limit`` bytes of UTF-8.

    Args:
        path: the file.
        limit: the size cap in bytes (one of this module's ``*_BYTES``).
        what: what the file should be, for messages ("Plies game", "weights file").
        name: how messages name the file (default: its name without the folder).
        follow_links: ``False`` refuses a symbolic link (files Plies writes itself).

    Raises:
        FileError: anything but a readable, small enough, UTF-8 regular file.
    """
    label = _label(path, name)
    fd = _open_checked(path, label, what, limit, follow_links)
    try:
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise FileError(_("{file} cannot be read: {reason}").format(
            file=label, reason=os_reason(error))) from None
    finally:
        os.close(fd)
    if size > limit:  # it grew after the checks
        # Translators: {what} is what the file should be, "a settings file" (English
        # adds the article); {limit} a size, "1.0 MB".
        raise FileError(_("{file} is too large to be {what} (the limit is {limit})").format(
            file=label, what=_a(what), limit=_size(limit)))
    return _decode(b"".join(chunks), label, what)


def read_lines(path: str | os.PathLike[str], *, max_line: int = POSITION_LINE_BYTES,
               what: str = N_("list of positions"), name: str | None = None,
               follow_links: bool = True) -> Generator[tuple[int, str], None, None]:
    """Stream ``(line number, text)`` of ``path``, line ends removed, from line 1.

    The checks on the file itself happen at once (this is not a generator function:
    a FIFO or a missing file raises here, not at the first ``next``); the lines come
    one at a time, so a million-line file starts answering at once and only one line
    is held in memory. Close the iterator (or exhaust it) to close the file.

    Raises:
        FileError: at the call, a file that cannot be opened as a regular file; while
            iterating, a line longer than ``max_line`` bytes, a NUL byte or bytes that
            are not UTF-8, or a read error.
    """
    label = _label(path, name)
    fd = _open_checked(path, label, what, None, follow_links)
    return _lines(os.fdopen(fd, "rb"), label, what, max_line)


def _lines(handle: BinaryIO, label: str, what: str,
           max_line: int) -> Generator[tuple[int, str], None, None]:
    with handle:
        number = 0
        while True:
            try:
                raw = handle.readline(max_line + 2)  # room for "\r\n" after a full line
            except OSError as error:
                raise FileError(_("{file} cannot be read: {reason}").format(
                    file=label, reason=os_reason(error))) from None
            if not raw:
                return
            number += 1
            line = raw.rstrip(b"\r\n")
            if len(line) > max_line:
                raise FileError(ngettext(
                    "line {line} of {file} is longer than {limit} byte, so it is not {what}",
                    "line {line} of {file} is longer than {limit} bytes, so it is not {what}",
                    max_line).format(line=number, file=label, limit=max_line, what=_a(what)))
            if number == 1:
                line = line.removeprefix(b"\xef\xbb\xbf")
            try:
                text = None if b"\0" in line else line.decode("utf-8-sig")
            except UnicodeDecodeError:
                text = None
            if text is None:  # raises; its sentence, built only now, names the line
                text = _decode(line, _("line {line} of {file}").format(line=number, file=label),
                               what)
            yield number, text


def os_reason(error: OSError) -> str:
    """``"permission denied"`` rather than ``"[Errno 13] Permission denied: '/x'"``."""
    return (error.strerror or type(error).__name__).lower()


# --- the checks ---------------------------------------------------------------------


def _open_checked(path: str | os.PathLike[str], label: str, what: str, limit: int | None,
                  follow_links: bool) -> int:
    """An open read-only descriptor of ``path`` after the type and size checks."""
    try:
        info = os.stat(path) if follow_links else os.lstat(path)
    except FileNotFoundError:
        if follow_links and os.path.lexists(path):
            raise FileError(_("{file} is a link to a file that does not exist").format(
                file=label)) from None
        raise FileError(_("{file} does not exist").format(file=label)) from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        reason = os_reason(error) if isinstance(error, OSError) else _("it is not a valid path")
        raise FileError(_("{file} cannot be read: {reason}").format(file=label,
                                                                    reason=reason)) from None
    _check_kind(info, label, what, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise FileError(_("{file} is a link, not {what}").format(file=label,
                                                                   what=_a(what))) from None
        raise FileError(_("{file} cannot be read: {reason}").format(
            file=label, reason=os_reason(error))) from None
    try:
        _check_kind(os.fstat(fd), label, what, limit)  # swapped since the stat?
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_kind(info: os.stat_result, label: str, what: str, limit: int | None) -> None:
    mode = info.st_mode
    if stat.S_ISREG(mode):
        if limit is not None and info.st_size > limit:
            raise FileError(_("{file} is too large to be {what} ({size}; the limit is "
                              "{limit})").format(file=label, what=_a(what),
                                                 size=_size(info.st_size), limit=_size(limit)))
        return
    if stat.S_ISDIR(mode):
        raise FileError(_("{file} is a folder, not {what}").format(file=label, what=_a(what)))
    if stat.S_ISLNK(mode):
        raise FileError(_("{file} is a link, not {what}").format(file=label, what=_a(what)))
    kinds = ((stat.S_ISFIFO, N_("a named pipe")), (stat.S_ISCHR, N_("a device")),
             (stat.S_ISBLK, N_("a device")), (stat.S_ISSOCK, N_("a socket")))
    kind = next((k for test, k in kinds if test(mode)), N_("something else"))
    # Translators: {kind} is "a named pipe", "a device", "a socket" or "something else".
    raise FileError(_("{file} is not a regular file but {kind}, so it is not {what}").format(
        file=label, kind=_(kind), what=_a(what)))


def _decode(data: bytes, label: str, what: str) -> str:
    if b"\0" in data:
        raise FileError(_("{file} is not a text file, so it is not {what}").format(
            file=label, what=_a(what)))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileError(_("{file} is not a text file, so it is not {what} "
                          "(byte {byte} is not UTF-8)").format(file=label, what=_a(what),
                                                              byte=error.start + 1)) from None


def _label(path: str | os.PathLike[str], name: str | None) -> str:
    if name is not None:
        return name
    try:
        return Path(path).name or str(path)
    except TypeError:
        return _("the file")


def _size(count: int) -> str:
    if count >= 100_000:
        # Translators: a file's size in megabytes, "1.0 MB".
        return _("{size} MB").format(size=number(count / 1_000_000, 1))
    return ngettext("{count} byte", "{count} bytes", count).format(count=count)


# --- writing -----------------------------------------------------------------------

READER_WAIT = 5.0
"""Seconds a write through a named pipe waits for a program to open its other end (a
``plies tree --svg pipe`` started just before the ``cat pipe`` that reads it)."""
_READER_POLL = 0.02


class WriteRefused(OSError):
    """A write Plies will not do, because the path names something a write must not
    replace (a folder, a device, a named pipe where a regular file belongs). An
    ``OSError``, so that every caller's "could not be written: {reason}" covers it;
    ``strerror`` is the reason, a clause a person reads ("it is a folder")."""

    def __init__(self, reason: str) -> None:
        super().__init__(errno.EINVAL, reason)


def atomic_write_text(path: str | os.PathLike[str], text: str, *,
                      special: bool = False) -> None:
    """Write ``text`` as UTF-8 to ``path``: :func:`atomic_write_bytes` of its encoding."""
    atomic_write_bytes(path, text.encode("utf-8"), special=special)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *,
                       special: bool = False) -> None:
    """Write ``data`` to ``path``; the one way Plies writes a file (the rule lives here).

    A write never replaces what is not a regular file:

    * nothing there, or a regular file: ``data`` goes to a temporary file beside it,
      which is then renamed into place, so a failed save never destroys the old file.
      The file keeps the mode it had; a new one gets the user's default mode (0666 less
      the umask), never a link target's (``/dev/zero``'s 0666);
    * a symbolic link is followed, and the rule applies to what it names: a link to a
      regular file has that file replaced (the link stays a link); a link to nothing is
      refused (Plies does not create a file somewhere the link chose);
    * a named pipe or a character device (``/dev/null``, a terminal, ``/dev/stdout``) is
      written through -- opened and written, not replaced -- when ``special`` is true
      (a file the user named on the command line); otherwise it is refused. A pipe
      nobody opens for reading within :data:`READER_WAIT` seconds is refused;
    * a folder, a block device, a socket is always refused.

    Raises:
        WriteRefused: ``path`` names something this rule refuses; nothing was written.
        OSError: the folder cannot be written; ``path`` is then unchanged.
    """
    path = Path(path)
    try:
        info = path.lstat()
    except FileNotFoundError:
        _replace_atomically(path, data, None)
        return
    if stat.S_ISLNK(info.st_mode):
        try:
            info = path.stat()
        except FileNotFoundError:
            raise WriteRefused(_("it is a link to a file that does not exist")) from None
        if stat.S_ISREG(info.st_mode):
            if _through_descriptor(path):
                # /dev/stdout redirected to a file: replacing that file would leave the
                # program's own output in a deleted one, and writing in place would
                # overwrite it from the start.
                raise WriteRefused(_("it names a file through an open descriptor, as "
                                     "/dev/stdout does: give the file's own name"))
            target = Path(os.path.realpath(path))
            try:
                same = os.path.samestat(target.stat(), info)
            except OSError:
                same = False
            if not same:  # a link that moved while it was followed
                raise WriteRefused(_("it is a link Plies cannot follow to its file"))
            path = target
    mode = info.st_mode
    if stat.S_ISREG(mode):
        _replace_atomically(path, data, stat.S_IMODE(mode))
    elif stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        if not special:
            raise WriteRefused(_("it is a named pipe, not a regular file") if stat.S_ISFIFO(mode)
                               else _("it is a device, not a regular file"))
        _write_through(path, data, fifo=stat.S_ISFIFO(mode))
    elif stat.S_ISDIR(mode):
        raise WriteRefused(_("it is a folder"))
    elif stat.S_ISSOCK(mode):
        raise WriteRefused(_("it is a socket, not a regular file"))
    else:  # a block device (a disk) above all
        raise WriteRefused(_("it is a device, not a regular file"))


def _through_descriptor(path: Path) -> bool:
    """Whether following the link ``path`` goes through ``/proc`` (``/dev/stdout`` is a
    link to ``/proc/self/fd/1``): a descriptor's link, not a file's name."""
    current = str(path)
    for _hop in range(40):  # the kernel's own limit on a chain of links
        try:
            target = os.readlink(current)
        except OSError:  # not a link (any more): the end of the chain
            return False
        current = os.path.join(os.path.dirname(current), target)
        if os.path.normpath(current).startswith("/proc/"):
            return True
    return False


def _replace_atomically(path: Path, data: bytes, mode: int | None) -> None:
    """Write a temporary file beside ``path`` and rename it over ``path`` (``mode``: the
    replaced file's permissions, ``None`` for the umask's default)."""
    fd, temp = _create_temporary(path)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def _write_through(path: Path, data: bytes, *, fifo: bool) -> None:
    """Open the named pipe or character device ``path`` and write ``data`` into it.

    The open is non-blocking (a pipe nobody reads would block it for good), retried
    for a reader during :data:`READER_WAIT` seconds; the descriptor is checked again to
    be a pipe or a character device, so a regular file swapped in since the check is
    never written in place (only a rename may replace a regular file's content).
    """
    flags = os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    deadline = time.monotonic() + READER_WAIT
    while True:
        try:
            fd = os.open(path, flags)
            break
        except OSError as error:
            if not (fifo and error.errno == errno.ENXIO):
                raise
            if time.monotonic() >= deadline:
                raise WriteRefused(_("it is a named pipe that no program reads")) from None
            time.sleep(_READER_POLL)  # nothing to wait on: a reader's open sends no event
    try:
        kind = os.fstat(fd).st_mode
        if not (stat.S_ISFIFO(kind) or stat.S_ISCHR(kind)):
            raise WriteRefused(_("it changed while Plies was writing it"))
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _create_temporary(path: Path) -> tuple[int, str]:
    """A new file ``.<name>.XXXXXXXX.tmp`` beside ``path``, opened for writing.

    Created with mode 0666 so the umask gives it the user's default mode (``mkstemp``
    makes 0600); ``O_EXCL`` and ``O_NOFOLLOW``: never an existing file or a link.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) \
        | getattr(os, "O_BINARY", 0)
    for _attempt in range(100):
        temp = os.path.join(path.parent, f".{path.name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(temp, flags, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(_("no free temporary name beside {path}").format(path=path))


STALE_TEMPORARY_AGE = 600.0
"""Seconds after which a temporary file of :func:`atomic_write_text` is a leftover: a
write takes milliseconds, so one this old was cut short (a kill, a power cut)."""
_TEMPORARY = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")
"""The names :func:`_create_temporary` makes (and ``mkstemp`` made before it)."""


def remove_stale_temporaries(folder: str | os.PathLike[str],
                             older_than: float = STALE_TEMPORARY_AGE) -> int:
    """Delete the leftover temporary files of interrupted atomic writes in ``folder``.

    Only regular files named as :func:`atomic_write_text` names them and not changed
    for ``older_than`` seconds are removed (a write in progress in another window is
    younger); links and anything else are left alone. Never raises.

    Returns:
        How many files were removed.
    """
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        try:
            if not _TEMPORARY.match(entry.name) or not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed


__all__ = [
    "EVALUATOR_BYTES",
    "POSITION_LINE_BYTES",
    "RECORD_BYTES",
    "SETTINGS_BYTES",
    "FileError",
    "READER_WAIT",
    "WriteRefused",
    "atomic_write_bytes",
    "atomic_write_text",
    "os_reason",
    "read_lines",
    "read_text",
    "remove_stale_temporaries",
]
