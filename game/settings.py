"""User settings: what the options screen changes, remembered between sessions; and
the config folder they live in (``config_dir``, with the evaluators and games folders).

The file is ``config_dir()/settings.json``::

    {"format": "plies-settings", "version": 1, "sound": true, "theme": "dark", ...}

Loading never fails: a missing or unreadable file gives the defaults, unknown keys are
ignored and each bad value is replaced by its default on its own, so one hand-edited
typo does not reset everything else. Saving is atomic (temporary file + rename).

>>> s = Settings()
>>> s.theme, s.animation_speed, s.window_size
('classic', 'normal', [1120, 760])
>>> next_value(THEMES, s.theme)
'dark'
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import logging
import os
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import platformdirs

from ai.evaluators import evaluator_by_name, load_evaluator
from ai.evaluators.base import Evaluator
from game.clock import ClockError, timing_from_json
from game.files import SETTINGS_BYTES, FileError, atomic_write_text, os_reason, read_text
from game.i18n import AUTO, LANGUAGES, N_, _
from game.players import Engine, Player, PlayerError, engine
from game.records import (
    RecordError,
    standard_players,
    validate_players,
    validate_variant,
)
from game.rules import GAMES

log = logging.getLogger(__name__)

FORMAT = "plies-settings"
"""The ``format`` tag of the settings file."""
VERSION = 1
"""The settings format version this code writes."""
FILE_NAME = "settings.json"
MAX_FILE_BYTES = SETTINGS_BYTES
"""A settings file larger than this is ignored unread."""

THEMES = ("classic", "dark", "high-contrast")
"""The colour themes, in the order the options screen cycles through them."""
ANIMATION_SPEEDS = ("off", "slow", "normal", "fast")
"""Animation speeds, slowest last but ``off`` first, in cycling order."""
LANGUAGE_CHOICES = (AUTO, *LANGUAGES)
"""The ``language`` values: the desktop's, then each language Plies speaks."""
GAME_NAMES = tuple(GAMES)
"""The games ``last_game`` may name."""
DEFAULT_WINDOW_SIZE = (1120, 760)
MIN_WINDOW_SIZE = (640, 480)
"""Smaller windows cannot show a board and its side panel."""
MAX_WINDOW_SIZE = (16_384, 16_384)


def _default_window_size() -> list[int]:
    return list(DEFAULT_WINDOW_SIZE)


@dataclasses.dataclass
class Settings:
    """Every user setting, with its default.

    Attributes:
        sound: play sound effects.
        legal_move_markers: mark the squares where the side to move may play.
        show_thinking: show the computer's search (depth, score, principal variation).
        move_numbers: number the stones in the order played (Gomoku; Othello and Gomoku
            in the review).
        animation_speed: one of :data:`ANIMATION_SPEEDS`.
        theme: one of :data:`THEMES`.
        last_game: the game the window opens with.
        last_variants: per game name, the last variant chosen (``Game.variant()``).
        last_players: per game name, the last two players (``game.players``; the
            file holds their JSON form, as records do).
        window_size: ``[width, height]`` of the window in pixels.
        engine_commands: per game (Gomoku, Othello), the command line of the outside
            engine last chosen in the new-game dialog (``game.engines.external``).
        engine_sides: per game, the sides that outside engine played last (0, 1).
            Only the settings name a program to run: a game file never does.
        clock: the new-game dialog's clock for people, ``[minutes, increment]``, or
            ``None`` (no clock; ``game.clock``).
        move_seconds: the new-game dialog's time per move for the computer, or ``None``
            (its level's own limits).
        language: ``"auto"`` (the desktop's language) or a key of
            :data:`game.i18n.LANGUAGES`.
        projector: draw the search-tree explorer's labels large enough for a
            projector (``game.ui.scenes.tree``).
    """

    sound: bool = True
    legal_move_markers: bool = True
    show_thinking: bool = False
    move_numbers: bool = False
    animation_speed: str = "normal"
    theme: str = "classic"
    last_game: str = "connect4"
    last_variants: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    last_players: dict[str, list[Player]] = dataclasses.field(default_factory=dict)
    window_size: list[int] = dataclasses.field(default_factory=_default_window_size)
    engine_commands: dict[str, str] = dataclasses.field(default_factory=dict)
    engine_sides: dict[str, list[int]] = dataclasses.field(default_factory=dict)
    clock: list[float] | None = None
    move_seconds: float | None = None
    language: str = AUTO
    projector: bool = False

    def variant_for(self, game: str) -> dict[str, Any]:
        """The remembered variant of ``game`` (``{}``, the defaults, when there is none)."""
        return dict(self.last_variants.get(game, {}))

    def players_for(self, game: str) -> list[Player]:
        """The remembered players of ``game`` (a person against the computer by default);
        the sides an outside engine played are that engine, with its command line from
        ``engine_commands`` (an engine whose command is gone becomes the default
        computer: the settings alone name programs to run)."""
        players = self.last_players.get(game)
        chosen = list(players) if players else standard_players()
        command = self.engine_commands.get(game)
        sides = set(self.engine_sides.get(game, [])) if command else set()
        for side, player in enumerate(chosen):
            if side in sides or (isinstance(player, Engine) and command):
                kept = player if isinstance(player, Engine) else None
                try:  # an engine keeps its name and protocol (GRhino level 3, GTP)
                    chosen[side] = engine(game, command or "",
                                          name=kept.name if kept else None,
                                          protocol=kept.protocol if kept else None)
                except PlayerError:
                    chosen[side] = standard_players()[1]
            elif isinstance(player, Engine):
                chosen[side] = standard_players()[1]
        return chosen


    def playable(self, game: str, player: Player) -> Player:
        """``player``, able to play in the window: an outside engine read from a game
        file (no command line: a file never names a program) becomes the engine these
        settings name for ``game``, else the default computer."""
        if not isinstance(player, Engine) or player.command:
            return player
        command = self.engine_commands.get(game)
        if command:
            try:
                return engine(game, command)
            except PlayerError:
                pass
        return standard_players()[1]


def next_value(choices: Sequence[str], current: str, step: int = 1) -> str:
    """The choice ``step`` places after ``current``, wrapping round (for cycling buttons)."""
    try:
        index = choices.index(current)
    except ValueError:
        return choices[0]
    return choices[(index + step) % len(choices)]


class ConfigFolderError(OSError):
    """The configuration folder cannot be made; ``str()`` is one sentence naming it.

    An ``OSError``, so that what only reads or may do without the folder (the settings,
    the autosave, the results, the window) goes on as without a file; the command
    line turns it into its sentence and status 2 where a command needs the folder.
    """


def config_path() -> Path:
    """Where the user's Plies configuration folder is, made or not (nothing is created:
    for what only reads there, such as the user's evaluators or the Learn progress).

    ``platformdirs.user_config_dir("plies")``: on Linux ``$XDG_CONFIG_HOME/plies``
    (``~/.config/plies`` by default).
    """
    return Path(platformdirs.user_config_dir("plies", appauthor=False))


def config_dir() -> Path:
    """The user's Plies configuration folder (:func:`config_path`), created on demand.

    Raises:
        ConfigFolderError: it cannot be made (a plain file in its place, no permission).
    """
    folder = config_path()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = _("something that is not a folder is in the way") \
            if isinstance(error, (FileExistsError, NotADirectoryError)) else os_reason(error)
        raise ConfigFolderError(_("the configuration folder {path} cannot be made: "
                                  "{reason}").format(path=folder, reason=reason)) from None
    return folder


def evaluators_dir() -> Path:
    """The folder of the user's own evaluators: a record or the settings naming ``NAME``
    (not a preset) mean ``NAME.toml`` here. Not created: it is the user's to make (so
    that looking for one needs no configuration folder)."""
    return config_path() / "evaluators"


def find_evaluator(game_name: str, spec: str | None = None, *, paths: bool = False) -> Evaluator:
    """The evaluator ``spec`` names for ``game_name``: a built-in preset or the user's own
    ``evaluators_dir()/NAME.toml``. The one lookup every command (analyse, tree, exercise,
    review, bench, match and its openings) and the window make, so that a name one of
    them accepts, all do.

    Args:
        spec: a name; ``None`` for the default preset.
        paths: ``spec`` was typed by a person (``--eval``, a player spec), so it may also
            be the path of a weights file; a name from a saved game or the settings never
            is (``ai.evaluators.evaluator_by_name``).

    Raises:
        EvaluatorError: no such evaluator, or a bad weights file (one sentence).
    """
    look_up = load_evaluator if paths else evaluator_by_name
    return look_up(game_name, spec, user_dir=evaluators_dir())


def games_dir() -> Path:
    """The default folder of the Save and Open dialogs, created on demand."""
    folder = config_dir() / "games"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings_path() -> Path:
    """``config_dir()/settings.json`` (the folder is created on demand)."""
    return config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, each missing or bad value replaced by its default; never raises."""
    try:
        # Reading needs no folder: without one there is no file (and no warning).
        path = config_path() / FILE_NAME if path is None else Path(path)
        if not path.exists() and not path.is_symlink():
            return Settings()
        # A link is followed, as the save follows it (settings kept with a person's
        # other dotfiles); what it names must be a regular file like any other.
        text = read_text(path, limit=MAX_FILE_BYTES, what=N_("settings file"))
        data = json.loads(text)
    except FileError as error:
        log.warning("%s; using the default settings", error)
        return Settings()
    except OSError as error:  # no config folder at all
        log.warning("unreadable settings, using the defaults: %s", error)
        return Settings()
    except (ValueError, RecursionError) as error:
        log.warning("unreadable settings, using the defaults: %s", error)
        return Settings()
    if not isinstance(data, dict):
        log.warning("%s does not hold settings; using the defaults", path)
        return Settings()
    return settings_from_dict(data)


def settings_from_dict(data: dict[str, Any]) -> Settings:
    """Settings from plain data, field by field: bad or missing values become defaults."""
    defaults = Settings()
    values: dict[str, Any] = {}
    for name in ("sound", "legal_move_markers", "show_thinking", "move_numbers", "projector"):
        value = data.get(name)
        values[name] = value if isinstance(value, bool) else getattr(defaults, name)
    for name, allowed in (("animation_speed", ANIMATION_SPEEDS), ("theme", THEMES),
                          ("last_game", GAMES), ("language", LANGUAGE_CHOICES)):
        value = data.get(name)
        values[name] = value if isinstance(value, str) and value in allowed \
            else getattr(defaults, name)
    values["last_variants"] = _per_game(data.get("last_variants"), _clean_variant)
    values["last_players"] = _per_game(data.get("last_players"), _clean_players)
    values["window_size"] = _clean_window_size(data.get("window_size"))
    values["engine_commands"] = _per_game(data.get("engine_commands"), _clean_command)
    values["engine_sides"] = _per_game(data.get("engine_sides"), _clean_sides)
    values["clock"], values["move_seconds"] = _clean_timing(data.get("clock"),
                                                            data.get("move_seconds"))
    return Settings(**values)


def _clean_timing(clock: Any, seconds: Any) -> tuple[list[float] | None, float | None]:
    """The remembered clock and time per move, each ``None`` when unusable."""
    try:
        timing, _ = timing_from_json({"controls": [clock, None]})
        control = timing.controls[0]
        clean_clock = None if control is None else [control.minutes, control.increment]
    except ClockError:
        clean_clock = None
    try:
        timing, _ = timing_from_json({"move_seconds": [seconds, None]})
        clean_seconds = timing.move_seconds[0]
    except ClockError:
        clean_seconds = None
    return clean_clock, clean_seconds


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """The file form of ``settings`` (cleaned as if it had been loaded)."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    data.update(_plain(settings_from_dict(_plain(settings))))
    return data


def _plain(settings: Settings) -> dict[str, Any]:
    """The fields of ``settings`` as plain data (players in their JSON form), copied."""
    plain = {field.name: copy.deepcopy(getattr(settings, field.name))
             for field in dataclasses.fields(settings)}
    plain["last_players"] = {
        game: [p if isinstance(p, dict) else p.to_json() for p in players]
        for game, players in settings.last_players.items()}
    return plain


def save_settings(settings: Settings, path: Path | None = None, *,
                  baseline: dict[str, Any] | None = None) -> bool:
    """Write ``settings`` atomically; a failure is logged, never raised.

    With ``baseline`` (the file form of the settings as this window last read or wrote
    them) only what changed since is written, over what the file holds now: another
    window's changes to other settings (or to other games' remembered choices) are
    kept, instead of the last writer replacing everything. The re-read and the write
    happen under a lock on ``.settings.lock`` beside the file.

    Returns:
        Whether the file was written.
    """
    try:
        target = settings_path() if path is None else Path(path)
        ours = settings_to_dict(settings)
        if baseline is None:
            atomic_write_text(target, json.dumps(ours, indent=2, ensure_ascii=False) + "\n")
            return True
        with _locked(target.with_name("." + target.stem + ".lock")):
            data = merge_changes(settings_to_dict(load_settings(target)), baseline, ours)
            atomic_write_text(target, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    except (OSError, TypeError, ValueError) as error:
        log.warning("could not save the settings: %s", error)
        return False
    return True


def merge_changes(current: dict[str, Any], baseline: dict[str, Any],
                  ours: dict[str, Any]) -> dict[str, Any]:
    """``current`` (the file now) with the values that differ between ``baseline`` and
    ``ours`` (this window's changes) put over it. A table (a setting per game, such as
    ``last_players``) is merged entry by entry.

    >>> merge_changes({"theme": "dark", "sound": False}, {"theme": "classic", "sound": True},
    ...               {"theme": "classic", "sound": False})
    {'theme': 'dark', 'sound': False}
    """
    merged = dict(current)
    for key, value in ours.items():
        if isinstance(value, dict) and isinstance(current.get(key, {}), dict):
            table = dict(current.get(key) or {})
            before = baseline.get(key) or {}
            for game in set(value) | set(before):
                if value.get(game) != before.get(game):
                    if game in value:
                        table[game] = value[game]
                    else:
                        table.pop(game, None)
            merged[key] = table
        elif baseline.get(key) != value:
            merged[key] = value
    return merged


@contextlib.contextmanager
def _locked(path: Path, timeout: float = 2.0) -> Iterator[None]:
    """Hold an exclusive advisory lock on ``path`` (best effort: after ``timeout`` seconds,
    or where locks are unsupported, go on without it rather than lose the write)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.01)
            except OSError:
                break
        yield
    finally:
        os.close(fd)  # drops the lock


# --- field cleaners ------------------------------------------------------------------


def _per_game(value: Any, clean: Any) -> dict[str, Any]:
    """Keep the entries of a ``{game name: value}`` mapping that ``clean`` accepts."""
    if not isinstance(value, dict):
        return {}
    result = {}
    for game, entry in value.items():
        if game in GAMES:
            cleaned = clean(game, entry)
            if cleaned is not None:
                result[game] = cleaned
    return result


def _clean_variant(game: str, variant: Any) -> dict[str, Any] | None:
    try:
        return validate_variant(game, variant)
    except RecordError:
        return None


def _clean_players(game: str, players: Any) -> list[Player] | None:
    try:
        return validate_players(players)
    except RecordError:
        return None


ENGINE_GAMES = ("gomoku", "othello")
"""The games outside engines play (Gomocup protocol, NBoard)."""
MAX_COMMAND = 500


def _clean_command(game: str, value: Any) -> str | None:
    if (game in ENGINE_GAMES and isinstance(value, str) and value.strip()
            and len(value) <= MAX_COMMAND and value.isprintable()):
        return value.strip()
    return None


def _clean_sides(game: str, value: Any) -> list[int] | None:
    if game in ENGINE_GAMES and isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) and v in (0, 1) for v in value):
        return sorted(set(value))
    return None


def _clean_window_size(value: Any) -> list[int]:
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and all(lo <= v <= hi for v, lo, hi in zip(value, MIN_WINDOW_SIZE, MAX_WINDOW_SIZE))):
        return [value[0], value[1]]
    return _default_window_size()


__all__ = [
    "ANIMATION_SPEEDS",
    "DEFAULT_WINDOW_SIZE",
    "ENGINE_GAMES",
    "GAME_NAMES",
    "MIN_WINDOW_SIZE",
    "THEMES",
    "ConfigFolderError",
    "Settings",  # untranslated: identifier
    "config_dir",
    "config_path",
    "evaluators_dir",
    "find_evaluator",
    "games_dir",
    "load_settings",
    "merge_changes",
    "next_value",
    "save_settings",
    "settings_from_dict",
    "settings_path",
    "settings_to_dict",
]
