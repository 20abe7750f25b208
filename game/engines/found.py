"""Outside engines installed on this system, offered by name in the new-game dialog.

A person who installs GRhino with the package manager (Debian's ``grhino`` puts
``gtp-rhino`` in ``/usr/games``) finds "GRhino level 3" in the level list and plays it
without writing a command line. Looked for: ``gtp-rhino`` (GTP, levels 1-3) on ``PATH``
or in ``/usr/games``, Edax (``edax`` or a build named ``lEdax-ARCH``, NBoard, a few of its
levels) and Gomocup brains (``pbrain-NAME``, Plies' own ``pbrain-plies`` aside). Only
file names are looked at: nothing is started. The window's level list offers them
(``game.ui.scenes.start``), and names the player after them.

>>> FoundEngine("GRhino level 3", "/usr/games/gtp-rhino -l 3", "gtp").menu_label
'GRhino level 3 (GTP)'
"""

from __future__ import annotations

import dataclasses
import os
import shlex

from game.protocols import protocol

GAMES_DIRS = ("/usr/games", "/usr/local/games")
"""Where Debian and others put games, often not on a user's ``PATH``."""

RHINO_LEVELS = (1, 2, 3)
"""GRhino's ``-l`` levels offered: those that answer inside the dialog's shortest time
per move (0.5 s and its tolerance, 1.6 s) on a loaded machine. GRhino accepts a time per
move and ignores it: level 5 takes minutes a move, level 4 up to about 2 s on a busy
2-core machine (it lost on time at 0.5 s a move), level 3 under 0.2 s.
``tests/engines/test_gtp.py`` plays the offered levels with the real program."""

EDAX_LEVELS = (1, 5, 10)
"""A few of Edax's ``-l`` depths (0-60), from a beginner's to a club player's. Plies
cannot tell an NBoard engine its time per move, and Edax's level 15 lost on time at the
dialog's default 5 s a move: not offered."""

MAX_ENTRIES = 20_000
"""Entries of one folder looked at, at most (a huge ``PATH`` folder cannot slow the dialog)."""



@dataclasses.dataclass(frozen=True)
class FoundEngine:
    """One choice: how the dialog names it, the command it runs, its protocol."""

    label: str
    command: str
    protocol: str

    @property
    def menu_label(self) -> str:
        return f"{self.label} ({protocol(self.protocol).label})"


def _folders(path: str | None) -> list[str]:
    path = os.environ.get("PATH", "") if path is None else path
    folders = [f for f in path.split(os.pathsep) if f]
    return folders + [f for f in GAMES_DIRS if f not in folders]


def _programs(folders: list[str]) -> dict[str, str]:
    """File name -> first full path, for the executables of ``folders`` (``PATH`` order)."""
    found: dict[str, str] = {}
    for folder in folders:
        try:
            with os.scandir(folder) as entries:
                for number, entry in enumerate(entries):
                    if number >= MAX_ENTRIES:
                        break
                    name = entry.name
                    if name in found or not (name == "gtp-rhino" or name == "edax"
                                             or name.startswith(("lEdax", "pbrain-"))):
                        continue
                    if entry.is_file() and os.access(entry.path, os.X_OK):
                        found[name] = entry.path
        except OSError:
            continue  # a folder that is missing or unreadable offers nothing
    return found


EDAX_DATA = (("-eval-file", "eval.dat"), ("-book-file", "book.dat"))
"""Edax's options for its weights and its opening book, and their files in its
``data/`` folder."""


def _edax_data(program: str) -> str:
    """`` -eval-file PATH`` and `` -book-file PATH`` for the files of Edax's that lie
    where its own layout puts them (``data/`` beside ``bin/``, or beside the program):
    Edax looks for ``data/eval.dat`` and ``data/book.dat`` from the folder it runs in,
    which is Plies', not its own. A file not installed is not named."""
    folder = os.path.dirname(os.path.realpath(program))
    options = ""
    for option, name in EDAX_DATA:
        for candidate in (os.path.join(folder, "..", "data", name),
                          os.path.join(folder, "data", name)):
            if os.path.isfile(candidate):
                options += f" {option} {shlex.quote(os.path.normpath(candidate))}"
                break
    return options


def found_engines(game_name: str, path: str | None = None) -> list[FoundEngine]:
    """The engines for ``game_name`` found on ``path`` (default ``$PATH``) and in the
    games folders, in a stable order."""
    programs = _programs(_folders(path))
    engines: list[FoundEngine] = []
    if game_name == "othello":
        rhino = programs.get("gtp-rhino")
        if rhino:
            # untranslated: the player's name, saved with the settings and records and
            # matched against them (start scene): it must not change with the language
            engines += [FoundEngine(f"GRhino level {n}", f"{shlex.quote(rhino)} -l {n}", "gtp")
                        for n in RHINO_LEVELS]
        edax = programs.get("edax") or next(
            (programs[name] for name in sorted(programs) if name.startswith("lEdax")), None)
        if edax:
            command = f"{shlex.quote(edax)} -nboard" + _edax_data(edax)
            # untranslated: the player's name (as GRhino's above)
            engines += [FoundEngine(f"Edax level {n}", f"{command} -l {n}", "nboard")
                        for n in EDAX_LEVELS]
    elif game_name == "gomoku":
        for name in sorted(programs):
            if name.startswith("pbrain-") and name not in ("pbrain-", "pbrain-plies"):
                engines.append(FoundEngine(name.removeprefix("pbrain-").capitalize(),
                                           shlex.quote(programs[name]), "pbrain"))
    return engines


__all__ = ["FoundEngine", "found_engines"]
