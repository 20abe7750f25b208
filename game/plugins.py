"""Plugins: a person's own evaluators and games, written in Python.

Where plugin code comes from (and nowhere else)
===============================================

* the ``plugins`` folder of the configuration folder (``plugins_dir()``: on Linux
  ``$XDG_CONFIG_HOME/plies/plugins``, ``~/.config/plies/plugins`` by default): each
  ``NAME.py`` there (names starting with ``_`` or ``.`` are skipped);
* installed distributions' entry points in the group ``plies.plugins`` (the packaging
  convention pytest and Babel use): each entry point names a module (or one game
  class, or one evaluator function).

A saved game, the settings or a paste name a plugin's game or evaluator by *name*
only; a name that no loaded plugin registered is an unknown game or evaluator (one
sentence), and nothing is ever imported because a file said so.

What a plugin defines
=====================

* evaluators: functions marked with ``@evaluator("connect4", name="mine")`` (see
  ``evaluator``), for a built-in game or a plugin's game; one may declare its weights
  (``weights=W()``, a frozen dataclass of ``weight()`` fields), which weights files
  and ``plies tune`` then set;
* games: subclasses of ``game.rules.base.GridGame`` (or of the full
  ``game.rules.base.Game``) defined in the plugin.

Each plugin is loaded once per process (``load_plugins``). A plugin that fails to
import, defines nothing, or breaks the protocol is refused as a whole with one
sentence (file, line, what is wrong) and the rest of Plies works without it.

Where plugin code runs (the decision, DESIGN section 9)
=======================================================

Plugin code is the person's own and may never return. A Python thread cannot be
stopped, so plugin code never runs on a thread that Plies needs:

* on the command line, in ``plies match``'s games and in the checks here it runs on
  the process's main thread, each call under a timer (``ai.evaluators.plugin``: a
  call running past ``CALL_SECONDS`` is stopped with a sentence); a match's game
  then ends as a forfeit of the side whose evaluator failed;
* on the window's worker thread (an analysis, a review, the explorer) a watchdog
  raises the same fault in the thread when a call runs past ``CALL_SECONDS``: that
  stops Python code, but not code stuck inside one C call;
* so the window's computer moves and hints with a plugin's evaluator (a plugin game's
  included) run in a separate process (``search_in_process``), on that process's main thread, where
  the same timer applies; the window's worker thread only waits for the answer, and
  when none comes within the move's time plus ``GRACE_SECONDS`` (or a new request
  cancels the search) it kills the process: the window says "the computer is not
  answering" and stays usable (undo, another player, quit);
* the window's own thread (a click, the board's drawing, undo) calls a plugin game's
  methods itself, so while the window is open (``guard_window_calls``) each protocol
  method a plugin game wrote runs there under the same timer; the frame loop catches
  the fault, the game goes back to its last position that worked (rebuilt from a copy
  of its start and the move list, never with the faulty game's ``pop``), the computer
  waits there, and the window says which method of which game did not return; on the
  window's worker threads (the explorer, a review) the watchdog stops the same calls
  and the job ends with that sentence;
* in ``plies match`` a plugin game's turn (its search and its move) runs under one
  limit, the search's time plus ``GRACE_SECONDS`` (``turn_limit``): a game's code that
  never returns forfeits that game instead of hanging the match.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib.util
import inspect
import random
import re
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from ai.evaluators.base import weight, weight_fields
from ai.evaluators.plugin import (
    CALL_SECONDS,
    EvaluatorFault,
    FunctionEvaluator,
    OrderFunction,
    TermsFunction,
    call_limit,
    limit_running,
    shown,
    where,
)
from game.i18n import _
from game.rules.base import Game, GridGame, Outcome

ENTRY_POINT_GROUP = "plies.plugins"
"""The entry-point group installed distributions add plugins through."""

GAME_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
"""What a plugin game's name looks like (it is typed on the command line)."""

CHECK_PLAYOUTS = 3
"""Random games a plugin game is checked on when it loads (push/pop, legal moves)."""
CHECK_PLIES = 40
"""Plies of each checked game at most."""
CHECK_MOVES = 40
"""Moves of each checked position that are pushed and popped at most."""

GRACE_SECONDS = 2.0
"""How long past a search's time the window waits before it says the computer is not
answering and kills the plugin's process."""
SEARCHERS_KEPT = 3
"""Searchers (with their tables) the plugin process keeps: a demo's two sides, a hint."""
START_SECONDS = 30.0
"""How long the plugin process may take to start (imports, loading the plugins)."""
DEFAULT_SECONDS = 5.0
"""The time a plugin search gets when its limits give only a depth."""

F = TypeVar("F", bound=Callable[..., Any])


@dataclasses.dataclass(frozen=True)
class EvaluatorSpec:
    """What ``@evaluator`` marks a function with."""

    game: str
    name: str
    terms: TermsFunction | None = None
    order: OrderFunction | None = None
    unit: int = 100
    weights: object | None = None


def evaluator(game: str, name: str | None = None, *, terms: TermsFunction | None = None,
              order: OrderFunction | None = None, unit: int = 100,
              weights: object | None = None) -> Callable[[F], F]:
    """Mark ``function(game) -> number`` as an evaluator of the game named ``game``.

    ``name`` (default: the function's name, ``_`` as ``-``) is how it is chosen:
    ``--eval NAME``, ``eval=NAME`` in a match, the new-game dialog. ``terms`` and
    ``order`` are optional functions of the game: the score split into named parts
    (for "why this move"), and the legal moves best first (for the search's order).

    ``weights``: the evaluator's knobs, an instance of a frozen dataclass whose fields
    are ``weight(default, low, high)``. The function (and ``terms``) are then called
    as ``function(game, weights)``; a weights file with ``base = "NAME"`` and
    ``plies tune --eval NAME`` set them, each inside its range. Checked when the
    plugin loads (``_weights_problem``).

    >>> @evaluator("connect4", name="zero")
    ... def zero(game):
    ...     return 0
    >>> zero.__plies_evaluator__.name
    'zero'
    """

    def mark(function: F) -> F:
        chosen = name if name is not None else function.__name__.replace("_", "-")
        function.__plies_evaluator__ = EvaluatorSpec(  # type: ignore[attr-defined]
            game, chosen, terms, order, unit, weights)
        return function

    return mark


@dataclasses.dataclass
class Plugin:
    """One plugin found: where it came from, what it adds, or why it was refused.

    Attributes:
        name: the file's stem, or the entry point's name.
        source: ``"folder"`` or ``"distribution"``.
        location: the file's path, or ``"DIST VERSION"`` for an entry point.
        games: the names of the games it adds.
        evaluators: ``(game, name)`` of the evaluators it adds.
        refusal: why it was refused (one sentence), else ``None``.
        offered: the names of the games it defines, added or not (a refused plugin's
            game is then named with the refusal, not as an unknown game).
        faults: evaluator ``(game, name)`` -> what it did wrong when tried
            (``probe``); filled by ``plies plugins`` only.
    """

    name: str
    source: str
    location: str
    games: list[str] = dataclasses.field(default_factory=list)
    evaluators: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    refusal: str | None = None
    offered: list[str] = dataclasses.field(default_factory=list)
    faults: dict[tuple[str, str], str] = dataclasses.field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "source": self.source, "location": self.location,
                "games": self.games,
                "evaluators": [{"game": g, "name": n,
                                "fault": self.faults.get((g, n))} for g, n in self.evaluators],
                "refused": self.refusal}


def plugins_dir() -> Path:
    """``config_dir()/plugins``: the one folder plugin files are loaded from (not created)."""
    from game.settings import config_dir

    return config_dir() / "plugins"


# --- loading -----------------------------------------------------------------------------------

_LOADED: list[Plugin] | None = None
_ADDED_GAMES: list[str] = []
_LOCK = threading.Lock()


def loaded_plugins() -> list[Plugin]:
    """The plugins of this process, loaded on first use (``load_plugins``)."""
    return load_plugins() if _LOADED is None else _LOADED


def load_plugins(folder: Path | None = None, *, distributions: bool = True,
                 again: bool = False) -> list[Plugin]:
    """Find, load, check and register every plugin, once per process.

    ``folder``: where plugin files are (default ``plugins_dir()``); ``distributions``:
    also the ``plies.plugins`` entry points; ``again``: forget what was loaded before
    and load afresh (the tests). Never raises for a plugin's fault: it is refused.
    """
    global _LOADED
    with _LOCK:
        if _LOADED is not None and not again:
            return _LOADED
        _forget()
        found: list[tuple[Plugin, list[Any]]] = []
        try:
            where_from = plugins_dir() if folder is None else folder
            files = sorted(where_from.glob("*.py")) if where_from.is_dir() else []
        except OSError:
            files = []
        for path in files:
            if path.name.startswith(("_", ".")):
                continue
            plugin = Plugin(path.stem, "folder", str(path))
            found.append((plugin, _import_file(plugin, path)))
        if distributions:
            found.extend(_entry_points())
        # Games first, so that an evaluator may be for a game of any plugin.
        for plugin, items in found:
            if plugin.refusal is None:
                _register_games(plugin, [i for i in items if isinstance(i, type)])
        for plugin, items in found:
            if plugin.refusal is None:
                _register_evaluators(plugin, [i for i in items if not isinstance(i, type)])
            if plugin.refusal is not None and plugin.games:  # refused as a whole
                _withdraw_games(plugin)
        _LOADED = [plugin for plugin, _items in found]
        return _LOADED


def refusal_of_game(name: str) -> str | None:
    """Why there is no game ``name``: the refusal of a plugin that defines it (one
    sentence), else ``None`` (no plugin offers it)."""
    for plugin in loaded_plugins():
        if plugin.refusal is not None and name in plugin.offered:
            return plugin.refusal
    return None


def unload_plugins() -> None:
    """Forget every plugin loaded here (the next ``loaded_plugins`` loads again): the
    tests, which must leave no plugin game behind for the next test."""
    global _LOADED
    with _LOCK:
        _forget()
        _LOADED = None
    _FOLDER_FOR_CHILD.clear()
    stop_process()


def _forget() -> None:
    """Undo every registration of a previous ``load_plugins``."""
    if _LOADED is None and not _ADDED_GAMES:
        return  # nothing registered yet: import nothing (every `plies` command starts here)
    from ai import evaluators
    from ai.levels import LEVELS
    from game.rules import GAMES

    evaluators.unregister_all()
    from ai.explain.winchance import CURVES

    for name in _ADDED_GAMES:
        GAMES.pop(name, None)
        LEVELS.pop(name, None)
        CURVES.pop((name, "default"), None)
    _ADDED_GAMES.clear()


def _import_file(plugin: Plugin, path: Path) -> list[Any]:
    """The games and evaluators a plugin file defines; sets ``plugin.refusal`` on a fault."""
    module_name = "plies_plugins." + re.sub(r"\W", "_", path.stem)
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        plugin.refusal = _("{file}: cannot be loaded as a Python module").format(file=path.name)
        return []
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("plies_plugins", types.ModuleType("plies_plugins"))
    sys.modules[module_name] = module  # dataclasses and pickling look modules up here
    try:
        with call_limit(lambda: _("{file} did not finish loading within {seconds} s (an "
                                  "endless loop?)").format(file=path.name,
                                                           seconds=CALL_SECONDS)):
            spec.loader.exec_module(module)
    except EvaluatorFault as fault:
        sys.modules.pop(module_name, None)
        plugin.refusal = str(fault)
        return []
    except SyntaxError as error:
        sys.modules.pop(module_name, None)
        plugin.refusal = _("{file}, line {line}: syntax error: {reason}").format(
            file=path.name, line=error.lineno or "?", reason=error.msg)
        return []
    except BaseException as error:  # the person's code: anything, SystemExit included
        sys.modules.pop(module_name, None)
        if isinstance(error, KeyboardInterrupt):
            raise
        plugin.refusal = _("{file}: failed to load: {error}{where}").format(
            file=path.name, error=_error_text(error), where=where(error, str(path)))
        return []
    return _items(plugin, module, str(path))


def _entry_points() -> list[tuple[Plugin, list[Any]]]:
    import importlib.metadata  # here: only a load looks at installed distributions

    found: list[tuple[Plugin, list[Any]]] = []
    try:
        points = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # a broken installation's metadata: no distribution plugins
        return []
    for point in points:
        dist = point.dist
        location = f"{dist.name} {dist.version}" if dist is not None else point.value
        plugin = Plugin(point.name, "distribution", location)
        try:
            with call_limit(lambda: _("entry point {name} did not finish loading within "
                                      "{seconds} s").format(name=point.name,
                                                            seconds=CALL_SECONDS)):
                loaded = point.load()
        except EvaluatorFault as fault:
            plugin.refusal = str(fault)
            found.append((plugin, []))
            continue
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            plugin.refusal = _("entry point {name} ({value}): failed to load: {error}").format(
                name=point.name, value=point.value, error=_error_text(error))
            found.append((plugin, []))
            continue
        if isinstance(loaded, types.ModuleType):
            items = _items(plugin, loaded, getattr(loaded, "__file__", None) or point.value)
        else:
            items = [loaded] if _is_item(loaded, None) else []
            if not items:
                plugin.refusal = _("entry point {name} ({value}) is neither a module, a game "
                                   "class nor an @evaluator function").format(
                                       name=point.name, value=point.value)
        found.append((plugin, items))
    return found


def _is_item(value: Any, module_name: str | None) -> bool:
    if isinstance(value, type):
        return (issubclass(value, Game) and not inspect.isabstract(value)
                and (module_name is None or value.__module__ == module_name))
    return isinstance(getattr(value, "__plies_evaluator__", None), EvaluatorSpec)


def _items(plugin: Plugin, module: types.ModuleType, file: str) -> list[Any]:
    items = [v for v in list(vars(module).values()) if _is_item(v, module.__name__)]
    if not items:
        plugin.refusal = _("{file}: defines no game and no evaluator (an evaluator is a "
                           "function marked @evaluator(\"GAME\"), a game a subclass of "
                           "GridGame)").format(file=Path(file).name)
    return items


def _line(item: Any) -> str:
    """``FILE, line N`` of a class or function, as far as Python knows it."""
    try:
        file = inspect.getsourcefile(item) or "?"
        line = inspect.getsourcelines(item)[1]
    except (OSError, TypeError):
        code = getattr(item, "__code__", None)
        file = code.co_filename if code else "?"
        line = code.co_firstlineno if code else 0
    return _("{file}, line {line}").format(file=Path(file).name, line=line)


def _register_games(plugin: Plugin, classes: list[type[Game]]) -> None:
    from ai import evaluators
    from game.rules import GAMES

    plugin.offered = [name for name in (getattr(cls, "name", None) for cls in classes)
                      if isinstance(name, str)]
    checked = []
    for cls in classes:
        problem = check_game(cls)
        if problem is not None:
            plugin.refusal = _("{place}: {problem}").format(place=_line(cls), problem=problem)
            return
        checked.append(cls)
    for cls in checked:
        cls.__plies_plugin__ = cls  # type: ignore[attr-defined]
        if _GUARDING:
            _guard_methods(cls, True)
        GAMES[cls.name] = cls
        _ADDED_GAMES.append(cls.name)
        _add_levels(cls.name)
        _add_curve(cls.name)
        evaluators.register(cls.name, "default", _game_evaluator(cls))
        plugin.games.append(cls.name)


# --- the window's guard on a plugin game's own code ---------------------------------------

_GUARDING = False
"""On in the window's process (``guard_window_calls``): a plugin game's own methods run
under ``call_limit`` (the timer on the main thread, the watchdog on the others)."""
_MAIN_THREAD = threading.main_thread().ident
_GUARDED_NAMES = frozenset(
    {name for base in (Game, GridGame) for name, value in vars(base).items()
     if isinstance(value, types.FunctionType) and not name.startswith("_")}
    | {"evaluate", "__init__", "__str__", "__repr__"})
"""The protocol's methods (and a game's own ``evaluate``): where a plugin game's code is
entered from Plies. Its helpers are only called from inside these, so under their limit."""


def guard_window_calls(on: bool = True) -> None:
    """Turn the window's guard on (the window's start) or off (its close): while it is
    on, a plugin game's own method that runs past ``CALL_SECONDS`` (with no outer limit
    running) is stopped with ``EvaluatorFault`` ("game NAME: legal_moves did not
    return within 2 s"), which the window's frame loop catches on the main thread and
    the job of a worker thread (the explorer, a review, an analysis) reports. The methods are
    wrapped only meanwhile: the command line and the plugin process pay nothing."""
    global _GUARDING
    from game.rules import GAMES

    _GUARDING = on
    for name in _ADDED_GAMES:
        if name in GAMES:
            _guard_methods(GAMES[name], on)


def is_plugin_game(game: Game) -> bool:
    """Whether ``game`` is an instance of a plugin's game."""
    return getattr(type(game), "__plies_plugin__", None) is type(game)


@contextlib.contextmanager
def turn_limit(game: Game, seconds: float | None) -> Iterator[None]:
    """A turn of a plugin game in ``plies match`` (its search, its move): stopped with
    ``EvaluatorFault`` past the search's ``seconds`` plus ``GRACE_SECONDS``, so that
    the game's code that never returns forfeits the game instead of hanging the match
    (the evaluator's own calls keep their shorter limit inside). A built-in game, or a
    search limited by depth only: no limit."""
    if seconds is None or not is_plugin_game(game):
        yield
        return
    total = round(seconds + GRACE_SECONDS, 1)
    with call_limit(lambda: _("game {name} did not answer within {seconds} s (an endless "
                              "loop?)").format(name=game.name, seconds=total), total):
        yield


def _guard_methods(cls: type[Game], on: bool) -> None:
    """Wrap (``on``), on ``cls`` itself, each protocol method the plugin wrote
    (``_GUARDED_NAMES`` defined in its own classes, not in ``game.rules.base``) in
    ``_guarded``; or put the plugin's own methods back.

    On the class itself, not a generated subclass: ``type(game)``, pickling (a match's
    processes), ``copy()`` and ``isinstance`` stay as they were."""
    originals: dict[str, Any] | None = cls.__dict__.get("__plies_originals__")
    if originals is not None:  # unwrap first: wrapping twice would nest the guards
        for name, value in originals.items():
            if value is None:
                delattr(cls, name)
            else:
                setattr(cls, name, value)
        del cls.__plies_originals__  # type: ignore[attr-defined]
    if not on:
        return
    originals = {}
    for klass in cls.__mro__:
        if klass in (Game, GridGame, object) or klass.__module__ == Game.__module__:
            continue
        for name, value in list(vars(klass).items()):
            if name in originals or name not in _GUARDED_NAMES \
                    or not isinstance(value, types.FunctionType):
                continue
            originals[name] = cls.__dict__.get(name)  # None: inherited, deleted to unwrap
            plain = getattr(value, "__plies_unguarded__", value)  # a guarded plugin base's
            setattr(cls, name, _guarded(plain, cls.name, name))
    cls.__plies_originals__ = originals  # type: ignore[attr-defined]


def _guarded(function: Callable[..., Any], game_name: str, method: str) -> Callable[..., Any]:
    """``function`` (a plugin game's method), run under ``call_limit`` when the guard is
    on and no limit of the same thread runs yet (an outer one holds: the check, an
    evaluator's call)."""

    def sentence() -> str:
        # Translators: {name} is a game's command-line name, {method} a Python method
        # of its code (legal_moves, push): both stay as they are.
        return _("game {name}: {method} did not return within {seconds} s (an endless "
                 "loop?)").format(name=game_name, method=method, seconds=CALL_SECONDS)

    @functools.wraps(function)
    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not _GUARDING or (threading.get_ident() == _MAIN_THREAD and limit_running()):
            return function(self, *args, **kwargs)
        # Off the main thread (the explorer's recording, a review, an analysis) the
        # watchdog stops it: that thread's job ends with the sentence instead of running
        # for good (call_limit keeps an outer limit of the same thread).
        with call_limit(sentence, CALL_SECONDS):
            return function(self, *args, **kwargs)

    guarded.__plies_unguarded__ = function  # type: ignore[attr-defined]
    return guarded


def _withdraw_games(plugin: Plugin) -> None:
    """Take back the games of a plugin refused for one of its evaluators."""
    from ai import evaluators
    from ai.explain.winchance import CURVES
    from ai.levels import LEVELS
    from game.rules import GAMES

    for name in plugin.games:
        GAMES.pop(name, None)
        LEVELS.pop(name, None)
        CURVES.pop((name, "default"), None)
        evaluators.unregister_game(name)
        _ADDED_GAMES.remove(name)
    plugin.games.clear()


def _game_evaluator(cls: type[Game]) -> Callable[[], FunctionEvaluator]:
    """A plugin game's ``default`` evaluator: its ``evaluate()`` if it has one, else 0
    for every running game (the search then sees only wins, losses and draws)."""
    own = getattr(cls, "evaluate", None)
    origin = inspect.getsourcefile(cls) if own is not None else None

    def make() -> FunctionEvaluator:
        if own is None:
            made = FunctionEvaluator(cls.name, "default", lambda game: 0,
                                     label=_("{game} (wins, losses and draws)").format(
                                         game=cls.__name__))
        else:
            made = FunctionEvaluator(cls.name, "default",
                                     lambda game: game.evaluate(),
                                     origin=origin, label=f"{cls.__name__}.evaluate")
        made.isolate = search_in_process
        return made

    return make


def _add_levels(game_name: str) -> None:
    """Levels 1-8 of a plugin game: depth 1 to 8, each with a time budget so that an
    unknown game's deep levels still answer (the search keeps the deepest completed)."""
    from ai.levels import LEVEL_NUMBERS, LEVELS, Level

    # (depth, seconds, randomness in evaluator units) per level.
    rows = [(1, 1.0, 0.5), (2, 1.0, 0.25), (3, 1.5, 0.0), (4, 2.0, 0.0), (5, 2.0, 0.0),
            (6, 3.0, 0.0), (7, 4.0, 0.0), (8, 5.0, 0.0)]
    LEVELS[game_name] = tuple(Level(n, depth, seconds, randomness)
                              for n, (depth, seconds, randomness) in zip(LEVEL_NUMBERS, rows))


UNFITTED_SCALE = 300.0
"""A plugin game's winning-chance curve scale (``ai.explain.winchance``): not fitted (no
games to fit it on), so a guess in the evaluators' usual unit of 100 points: one unit
ahead reads as 58%, a piece-and-a-half (300) as 73%."""


def _add_curve(game_name: str) -> None:
    from ai.explain.winchance import CURVES

    CURVES[(game_name, "default")] = UNFITTED_SCALE


def _register_evaluators(plugin: Plugin, functions: list[Any]) -> None:
    from ai import evaluators
    from game.rules import GAMES

    specs = []
    for function in functions:
        spec: EvaluatorSpec = function.__plies_evaluator__
        place = _line(function)
        if spec.game not in GAMES:
            plugin.refusal = _("{place}: evaluator {name} is for {game}, which is not a game "
                               "here ({games})").format(place=place, name=spec.name,
                                                        game=repr(spec.game),
                                                        games=", ".join(GAMES))
            return
        if not evaluators.is_evaluator_name(spec.name):
            plugin.refusal = _("{place}: {name} is not an evaluator name (letters, digits, _ "
                               "and - only)").format(place=place, name=repr(spec.name))
            return
        for extra in (spec.terms, spec.order):
            if extra is not None and not callable(extra):
                plugin.refusal = _("{place}: terms and order must be functions of the "
                                   "game").format(place=place)
                return
        problem = _weights_problem(function, spec)
        if problem is not None:
            plugin.refusal = _("{place}: {problem}").format(place=place, problem=problem)
            return
        specs.append((function, spec, place))
    for function, spec, place in specs:
        try:
            evaluators.register(spec.game, spec.name, _factory(function, spec))
        except evaluators.EvaluatorError as error:
            plugin.refusal = _("{place}: {problem}").format(place=place, problem=error)
            for game_name, name in plugin.evaluators:  # refused as a whole
                evaluators.unregister(game_name, name)
            plugin.evaluators.clear()
            return
        plugin.evaluators.append((spec.game, spec.name))


def _weights_problem(function: Callable[..., Any], spec: EvaluatorSpec) -> str | None:
    """What is wrong with an evaluator's declared weights (one sentence), or ``None``:
    a frozen dataclass instance with at least one ``weight()`` field, each value a
    whole number inside its range, and functions that take the weights."""
    weights = spec.weights
    if weights is None:
        return None
    if not dataclasses.is_dataclass(weights) or isinstance(weights, type) \
            or not type(weights).__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return _("the weights of evaluator {name} must be an instance of a frozen dataclass "
                 "(@dataclass(frozen=True)) whose fields are weight(default, low, high), not "
                 "{value}").format(name=spec.name, value=shown(weights))
    fields = weight_fields(weights)
    if not fields:
        return _("the weights of evaluator {name} have no field declared with weight(default, "
                 "low, high)").format(name=spec.name)
    for field in fields:
        value = getattr(weights, field.name)
        bounds = field.metadata["range"]
        if not (isinstance(bounds, tuple) and len(bounds) == 2
                and all(isinstance(b, int) and not isinstance(b, bool) for b in bounds)):
            return _("weight {weight} of evaluator {name} has no range of two whole numbers: "
                     "declare it with weight(default, low, high)").format(
                         weight=field.name, name=spec.name)
        low, high = bounds
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return _("weight {weight} of evaluator {name} is {value}, not a whole number from "
                     "{low} to {high}").format(weight=field.name, name=spec.name,
                                               value=shown(value), low=low, high=high)
    for what, called in (("evaluate", function), ("terms", spec.terms)):
        if called is not None and not _takes_two(called):
            # Translators: {function} is a Python function's name; "(game, weights)" is code.
            return _("evaluator {name} declares weights, so {function} is called as "
                     "{function}(game, weights): give it a second parameter").format(
                         name=spec.name, function=getattr(called, "__name__", what))
    return None


def _takes_two(function: Callable[..., Any]) -> bool:
    """Whether ``function`` can be called with two positional arguments (when Python
    can tell; a function it cannot inspect is given the benefit of the doubt)."""
    try:
        inspect.signature(function).bind(None, None)
    except TypeError:
        return False
    except ValueError:  # no signature to read (a builtin)
        return True
    return True


def _factory(function: Callable[..., Any], spec: EvaluatorSpec) -> Callable[[], FunctionEvaluator]:
    origin = getattr(getattr(function, "__code__", None), "co_filename", None)

    def make() -> FunctionEvaluator:
        made = FunctionEvaluator(spec.game, spec.name, function, terms=spec.terms,
                                 order=spec.order, unit=spec.unit, origin=origin,
                                 weights=spec.weights)
        made.isolate = search_in_process
        return made

    return make


def _error_text(error: BaseException) -> str:
    text = " ".join(f"{type(error).__name__}: {error}".split())
    return text if len(text) <= 160 else text[:159] + "…"


# --- checks ------------------------------------------------------------------------------------

def check_game(cls: type) -> str | None:
    """What is wrong with a plugin game class (one sentence), or ``None``.

    Its names and board size, then ``CHECK_PLAYOUTS`` random games from the start: on
    each position the legal moves are whole numbers that ``push`` accepts, whose
    notation reads back, and after each ``pop`` restores ``key()``, ``str()``, the
    side to move and the move stack; ``outcome()`` agrees with the legal moves.
    """
    from game.rules import GAMES

    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not GAME_NAME.fullmatch(name):
        return _("a game needs a name of lowercase letters, digits, _ and - (it is typed on "
                 "the command line), not {name}").format(name=repr(name))
    if name in GAMES:
        return _("the game name {name} is taken").format(name=repr(name))
    if not isinstance(getattr(cls, "title", None), str):
        return _("game {name} needs a title (text)").format(name=name)
    for size in ("width", "height"):
        value = getattr(cls, size, None)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 26:
            return _("game {name}: {size} must be a whole number from 1 to 26, not "
                     "{value}").format(name=name, size=size, value=repr(value))
    try:
        with call_limit(lambda: _("game {name} did not answer within {seconds} s while it "
                                  "was checked (an endless loop?)").format(
                                      name=name, seconds=CALL_SECONDS)):
            _check_playouts(cls, name)
        return None
    except EvaluatorFault as fault:
        return str(fault)
    except _Wrong as wrong:
        return str(wrong)
    except Exception as error:  # the person's code raised
        return _("game {name} raised {error}{where}").format(
            name=name, error=_error_text(error), where=where(error, inspect.getsourcefile(cls)))


class _Wrong(Exception):
    """A protocol break found by a check (the message is the sentence)."""


def _check_playouts(cls: type, name: str) -> None:
    rng = random.Random(36)
    for _playout in range(CHECK_PLAYOUTS):
        game = cls()
        if game.turn not in (0, 1) or game.move_stack:
            raise _Wrong(_("game {name} must start with turn 0 or 1 and no moves").format(
                name=name))
        for _ply in range(CHECK_PLIES):
            moves = game.legal_moves()
            if not isinstance(moves, list) or not all(
                    isinstance(m, int) and not isinstance(m, bool) for m in moves):
                raise _Wrong(_("game {name}: legal_moves must return a list of whole "
                               "numbers, not {value}").format(name=name, value=repr(moves)[:60]))
            if len(set(moves)) != len(moves):
                raise _Wrong(_("game {name}: legal_moves lists a move twice").format(name=name))
            outcome = game.outcome()
            if outcome is not None and not (isinstance(outcome, Outcome)
                                            and outcome.winner in (0, 1, None)):
                raise _Wrong(_("game {name}: outcome must return None or Outcome(winner, "
                               "reason) with winner 0, 1 or None").format(name=name))
            if (outcome is None) != bool(moves):
                raise _Wrong(_("game {name}: legal_moves must be empty exactly when outcome() "
                               "is not None (after {moves})").format(
                                   name=name, moves=repr(game.moves_text()) if game.move_stack else _("the start")))
            if not moves:
                break
            for move in moves[:CHECK_MOVES]:
                _check_move(game, move, name)
            game.push(rng.choice(moves))
        copied = game.copy()
        if copied.key() != game.key() or str(copied) != str(game):
            raise _Wrong(_("game {name}: copy() does not give the same position").format(
                name=name))


def _check_move(game: Game, move: int, name: str) -> None:
    try:
        text = game.move_name(move)
        back = game.parse_move(text)
    except Exception as error:
        raise _Wrong(_("game {name}: the notation of move {move} does not read back: "
                       "{error}").format(name=name, move=move, error=_error_text(error))) from None
    if back != move:
        raise _Wrong(_("game {name}: move {move} is written {text}, which reads back as "
                       "{back}").format(name=name, move=move, text=repr(text), back=back))
    before = (game.key(), str(game), game.turn, list(game.move_stack))
    try:
        game.push(move)
    except Exception as error:
        raise _Wrong(_("game {name}: legal_moves gives {text}, but push({move}) raised "
                       "{error}").format(name=name, text=text, move=move,
                                         error=_error_text(error))) from None
    if game.turn not in (0, 1):
        raise _Wrong(_("game {name}: turn must stay 0 or 1").format(name=name))
    popped = game.pop()
    after = (game.key(), str(game), game.turn, list(game.move_stack))
    if popped != move or after != before:
        raise _Wrong(_("game {name}: pop() after {text} does not restore the position "
                       "(push and pop must undo each other exactly)").format(
                           name=name, text=text))


def probe(game_name: str, name: str, positions: int = 12) -> str | None:
    """Try evaluator ``name`` of ``game_name`` on positions of a random game: what it
    did wrong (one sentence), or ``None``. For ``plies plugins``; runs the person's
    code on this thread (under the call timer when it is the main thread)."""
    from ai.evaluators import EvaluatorError, evaluator_by_name
    from game.rules import new_game

    rng = random.Random(7)
    try:
        ev = evaluator_by_name(game_name, name)
        game = new_game(game_name)
        for _i in range(positions):
            if game.is_over():
                break
            ev.evaluate(game)
            ev.terms(game)
            game.push(rng.choice(ev.candidate_moves(game)))
    except (EvaluatorFault, EvaluatorError) as fault:
        return str(fault)
    return None


# --- searches in a process (the window) ----------------------------------------------------

def search_in_process(game: Game, evaluator: FunctionEvaluator, limits: Any, mode: str,
                      stop: threading.Event, progress: Callable[[Any], None]) -> Any:
    """Search ``game`` with a plugin's ``evaluator`` in the plugin process; see the module
    docstring. Returns the ``SearchResult``; raises ``EvaluatorFault`` with the sentence
    when the evaluator fails or the process does not answer in time; returns ``None``
    soon after ``stop`` is set (the process is killed if it does not stop by itself)."""
    return _process().search(game, evaluator, limits, mode, stop, progress)


_PROCESS: _PluginProcess | None = None


def _process() -> _PluginProcess:
    global _PROCESS
    if _PROCESS is None:
        _PROCESS = _PluginProcess()
    return _PROCESS


def stop_process() -> None:
    """End the plugin process, if one runs (the window's quit)."""
    if _PROCESS is not None:
        _PROCESS.kill()


class _PluginProcess:
    """One child process that loads the same plugins and runs searches on its main
    thread; killed and started again when it does not answer."""

    def __init__(self) -> None:
        self._child: Any = None
        self._conn: Any = None
        self._stop: Any = None

    def _start(self) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")  # no pygame, no threads inherited
        parent, child = context.Pipe()
        self._stop = context.Event()
        folder = _FOLDER_FOR_CHILD[0] if _FOLDER_FOR_CHILD else None
        self._child = context.Process(target=_serve, args=(child, self._stop, folder),
                                      name="plies-plugins", daemon=True)
        self._child.start()
        child.close()
        self._conn = parent

    def kill(self) -> None:
        if self._child is not None:
            self._child.kill()
            self._child.join(1.0)
            self._conn.close()
        self._child = self._conn = None

    def _ready(self, stop: threading.Event) -> bool:
        """Start the process if none runs and wait until it has loaded the plugins
        (not the evaluator's time); ``False`` when ``stop`` came first."""
        if self._child is not None and self._child.is_alive():
            return True
        self._start()
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline and self._child.is_alive():
            if stop.is_set():
                self.kill()
                return False
            if self._conn.poll(0.05):
                try:
                    kind, _value = self._conn.recv()
                except (EOFError, OSError):
                    break
                if kind == "ready":
                    return True
        ended = not self._child.is_alive()
        self.kill()
        if ended:
            raise EvaluatorFault(_("the plugin process ended as it started"))
        raise EvaluatorFault(_("the plugin process did not start within {seconds} s").format(
            seconds=START_SECONDS))

    def search(self, game: Game, evaluator: FunctionEvaluator, limits: Any, mode: str,
               stop: threading.Event, progress: Callable[[Any], None]) -> Any:
        if not self._ready(stop):
            return None
        if limits.seconds is None:
            limits = dataclasses.replace(limits, seconds=DEFAULT_SECONDS)
        start = game.start_position()
        request = (game.name, game.variant(), start.diagram(), start.turn,
                   list(game.move_stack), evaluator.name, limits, mode)
        self._stop.clear()
        self._conn.send(request)
        deadline = time.monotonic() + limits.seconds + GRACE_SECONDS
        stopped_at: float | None = None
        while True:
            if stop.is_set() and stopped_at is None:
                stopped_at = time.monotonic()
                self._stop.set()
            if stopped_at is not None and time.monotonic() > stopped_at + 0.3:
                self.kill()  # it does not stop by itself: plugin code is stuck
                return None
            if time.monotonic() > deadline:
                self.kill()
                raise EvaluatorFault(_("the computer is not answering: evaluator {name} did "
                                       "not return within {seconds} s").format(
                                           name=evaluator.label,
                                           seconds=round(limits.seconds + GRACE_SECONDS, 1)))
            if not self._conn.poll(0.05):
                continue
            try:
                kind, value = self._conn.recv()
            except (EOFError, OSError):
                self.kill()
                raise EvaluatorFault(_("the plugin process ended while evaluator {name} "
                                       "searched").format(name=evaluator.label)) from None
            if kind == "progress":
                if stopped_at is None:
                    progress(value)
                continue
            if kind == "fault":
                raise EvaluatorFault(value)
            return None if stopped_at is not None else value


_FOLDER_FOR_CHILD: list[Path] = []
"""The plugins folder the child loads (set by ``use_folder``; default ``plugins_dir()``)."""


def use_folder(folder: Path) -> None:
    """Load plugins from ``folder`` here and in the plugin process (the tests)."""
    _FOLDER_FOR_CHILD[:] = [folder]
    load_plugins(folder, again=True)


def _serve(conn: Any, stop: Any, folder: Path | None) -> None:
    """The plugin process: load the plugins, then answer search requests forever."""
    from ai.evaluators import evaluator_by_name
    from ai.search import Searcher
    from game.rules import GAMES
    from game.settings import evaluators_dir

    load_plugins(folder)
    conn.send(("ready", None))
    searchers: dict[tuple[Any, ...], Any] = {}
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        name, variant, diagram, turn, moves, eval_name, limits, mode = request
        try:
            game = GAMES[name](**variant)
            if game.diagram() != diagram or game.turn != turn:
                game = GAMES[name].from_diagram(diagram, turn, **variant)
            for move in moves:
                game.push(move)
            key = (name, tuple(sorted(variant.items())), eval_name, mode)
            searcher = searchers.pop(key, None) or Searcher(
                # a weights file's name too (its base a plugin evaluator: the window's list)
                evaluator_by_name(name, eval_name, user_dir=evaluators_dir()), mode=mode,
                tt_bits=16)
            searchers[key] = searcher  # the most recent last; a demo's two sides kept
            while len(searchers) > SEARCHERS_KEPT:
                del searchers[next(iter(searchers))]

            def report(info: Any) -> None:
                conn.send(("progress", info))

            result = searcher.search(game, limits, stop=stop, on_info=report)
            conn.send(("result", result))
        except EvaluatorFault as fault:
            conn.send(("fault", str(fault)))
        except Exception as error:
            conn.send(("fault", _("the plugin search failed: {error}").format(
                error=_error_text(error))))


__all__ = ["ENTRY_POINT_GROUP", "GridGame", "Outcome", "Plugin",  # untranslated: names
           "evaluator", "guard_window_calls", "is_plugin_game", "load_plugins",
           "loaded_plugins", "plugins_dir", "probe", "refusal_of_game", "search_in_process", "stop_process",
           "turn_limit", "unload_plugins", "use_folder", "weight"]
