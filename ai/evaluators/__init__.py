"""Static evaluators, one module per game, chosen by name or (command line only) TOML file.

Each game module (``ai/evaluators/<game>.py``) provides:

* ``Weights``: a frozen dataclass whose fields are the named, documented knobs;
* ``PRESETS``: ``{"default": Weights(...), "naive": Weights(...), ...}``;
* ``build(weights, name) -> Evaluator``.

A weights file is TOML::

    game = "othello"          # must match the game being played
    base = "default"          # optional: the preset to start from
    [weights]
    mobility = 20             # only the fields you change

``base`` may also name a plugin evaluator that declares its weights (``@evaluator(...,
weights=W())`` in ``game.plugins``): the file then sets that evaluator's weights,
checked against the ranges of its dataclass as a preset's are. The plugin is looked up
among those loaded (``register``); a file never makes Plies import anything.

Names and paths are kept apart. A *name* (``is_evaluator_name``: letters, digits, ``_``
and ``-``) means a preset or the user's own file ``NAME.toml`` in their evaluator
folder (``evaluator_by_name``); saved games and settings may hold only names, because
a game file from anywhere must never make the program open another path. A path to a
weights file is accepted only from the command line (``load_evaluator``).

Every weight has a range (``weight_range``, from the field's metadata in its game's
``Weights``); a weights file must give whole numbers inside them.

>>> load_evaluator("othello", "naive").name
'naive'
"""

from __future__ import annotations

import importlib
import math
import os
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from ai.evaluators.base import Evaluator, weight_fields, weight_range
from game.files import EVALUATOR_BYTES, FileError, read_text
from game.i18n import N_, _

_MODULES = {
    "connect4": "ai.evaluators.connect4",
    "othello": "ai.evaluators.othello",
    "gomoku": "ai.evaluators.gomoku",
    "tictactoe": "ai.evaluators.tictactoe",
}

DEFAULT_PRESET = "default"

PRESET_LABELS = {
    # Translators: an evaluator preset's name in the new-game dialog (--eval keeps
    # the English name "default").
    "default": N_("default"),
    # Translators: the evaluator preset that leaves the subtle terms out (--eval naive).
    "naive": N_("naive"),
}
"""How the window names the built-in presets (a user's own evaluator keeps its file name)."""


class EvaluatorError(ValueError):
    """An unknown preset or a bad weights file; the message is one sentence for a user."""


def _module(game_name: str) -> ModuleType:
    try:
        return importlib.import_module(_MODULES[game_name])
    except KeyError:
        raise EvaluatorError(_("no evaluator for game {game}").format(
            game=repr(game_name))) from None


def preset_names(game_name: str) -> list[str]:
    """The preset names of ``game_name``, default first, then the plugins' evaluators
    for it (``register``); a plugin game's are its registered evaluators only."""
    registered = list(_REGISTERED.get(game_name, {}))
    if game_name not in _MODULES and registered:
        return registered
    return list(_module(game_name).PRESETS) + registered


# --- evaluators plugins add (game.plugins registers them) ------------------------------

EvaluatorFactory = Callable[[], Evaluator]
"""Makes a fresh evaluator of one registered name."""

_REGISTERED: dict[str, dict[str, EvaluatorFactory]] = {}
"""Game name -> evaluator name -> factory: the plugins' evaluators, and a plugin game's
own (``default``). Filled by ``game.plugins``; the presets stay in their modules."""


def register(game_name: str, name: str, factory: EvaluatorFactory) -> None:
    """Make ``name`` an evaluator of ``game_name`` everywhere one is chosen by name.

    Raises:
        EvaluatorError: ``name`` is not a name, or is a preset or registered already.
    """
    if not is_evaluator_name(name):
        raise EvaluatorError(_("{name} is not an evaluator name (letters, digits, _ and - "
                               "only)").format(name=_quote(name)))
    taken = set(_REGISTERED.get(game_name, {}))
    if game_name in _MODULES:
        taken |= set(_module(game_name).PRESETS)
    if name in taken:
        raise EvaluatorError(_("the evaluator name {name} is taken for {game} (a preset or "
                               "another plugin)").format(name=repr(name), game=game_name))
    _REGISTERED.setdefault(game_name, {})[name] = factory


def unregister(game_name: str, name: str) -> None:
    """Forget the registered evaluator ``name`` of ``game_name`` (if any)."""
    _REGISTERED.get(game_name, {}).pop(name, None)


def unregister_game(game_name: str) -> None:
    """Forget every evaluator registered for ``game_name`` (its plugin was refused)."""
    _REGISTERED.pop(game_name, None)


def unregister_all() -> None:
    """Forget every registered evaluator (plugins loaded again: the tests)."""
    _REGISTERED.clear()


def has_evaluators(game_name: str) -> bool:
    """Whether ``game_name`` has evaluators: a built-in game, or registered ones."""
    return game_name in _MODULES or bool(_REGISTERED.get(game_name))


NAME_PATTERN = re.compile(r"\w[\w-]{0,63}")
"""What an evaluator *name* looks like: letters, digits, ``_`` and ``-``, at most 64
characters, no dot, slash, backslash or colon. A name can only ever mean a preset or a
file in the user's evaluator folder, never another path."""

USER_SUFFIX = ".toml"
"""A user evaluator ``NAME`` is the file ``NAME.toml`` in the user's evaluator folder."""


def is_evaluator_name(text: object) -> bool:
    """Whether ``text`` is a *name* (a preset or a user evaluator), not a path.

    >>> is_evaluator_name("naive"), is_evaluator_name("my-weights_2")
    (True, True)
    >>> is_evaluator_name("x.toml"), is_evaluator_name("../x"), is_evaluator_name("")
    (False, False, False)
    """
    return isinstance(text, str) and NAME_PATTERN.fullmatch(text) is not None


def evaluator_by_name(game_name: str, name: str | None = None, *,
                      user_dir: str | os.PathLike[str] | None = None) -> Evaluator:
    """The evaluator a *saved game or the settings* name: a preset, or a user evaluator.

    A record is data from anywhere, so its name is never a path: it is a built-in
    preset, or ``NAME.toml`` in ``user_dir`` (the folder the user keeps evaluators in;
    ``None``: presets only).

    Raises:
        EvaluatorError: not a name, no such evaluator, or a bad weights file.
    """
    name = DEFAULT_PRESET if name is None else name
    if not is_evaluator_name(name):
        raise EvaluatorError(_("{name} is not an evaluator name (letters, digits, _ and - "
                               "only; a saved game may not name a file)").format(
                                   name=_quote(name)))
    registered = _REGISTERED.get(game_name, {})
    if game_name not in _MODULES and registered:  # a plugin game: its own evaluators only
        if name in registered:
            return registered[name]()
        if user_dir is not None and os.path.lexists(Path(user_dir) / (name + USER_SUFFIX)):
            return _file_evaluator(game_name, Path(user_dir) / (name + USER_SUFFIX), name)
        raise EvaluatorError(_("unknown evaluator {name} for {game}: its evaluators are "
                               "{presets}").format(name=repr(name), game=game_name,
                                                   presets=", ".join(registered)))
    module = _module(game_name)
    if name in module.PRESETS:
        return _build(module, module.PRESETS[name], name)
    if name in registered:
        return registered[name]()
    if user_dir is not None:
        path = Path(user_dir) / (name + USER_SUFFIX)
        if os.path.lexists(path):
            return _file_evaluator(game_name, path, name)
    presets = ", ".join([*module.PRESETS, *registered])
    if user_dir is None:
        # Translators: {name} is the evaluator asked for, {game} a game's command-line
        # name ("othello"), {presets} the list "default, naive, patterns".
        raise EvaluatorError(_("unknown evaluator {name} for {game}: the presets are "
                               "{presets}").format(name=repr(name), game=game_name,
                                                   presets=presets))
    # Translators: as above; {file} is the file name the user's evaluator would have
    # ("mine.toml") and {folder} the folder it is looked for in.
    raise EvaluatorError(_("unknown evaluator {name} for {game}: the presets are {presets} "
                           "or {file} in {folder}").format(
                               name=repr(name), game=game_name, presets=presets,
                               file=name + USER_SUFFIX, folder=str(user_dir)))


def _build(module: ModuleType, weights: object, name: str) -> Evaluator:
    """``module.build(weights, name)``; a data file the evaluator needs that is missing
    or bad (Othello's pattern tables) becomes an ``EvaluatorError``, one sentence."""
    try:
        evaluator: Evaluator = module.build(weights, name)
        return evaluator
    except ValueError as error:
        raise EvaluatorError(_clip(str(error))) from None


def build_evaluator(game_name: str, weights: object, name: str = "custom", *,
                    base: str = DEFAULT_PRESET) -> Evaluator:
    """The evaluator of ``game_name`` with the ``Weights`` instance ``weights`` (a
    tuning run's trial weights), called ``name``. ``base``: whose weights they are, as
    a weights file's ``base`` says it: a preset (the game's own evaluator), or a plugin
    evaluator that declares weights."""
    return _base(game_name, base, _("the weights file"))[1](weights, name)


def load_evaluator(game_name: str, spec: str | None = None, *,
                   user_dir: str | os.PathLike[str] | None = None) -> Evaluator:
    """The evaluator a *command line* names: a preset, a user evaluator or a TOML file.

    ``spec`` that is a name (``is_evaluator_name``) is looked up as
    ``evaluator_by_name`` does; anything else is a path to a weights file, which a
    person typed and so may name any file. ``None`` is the default preset.

    Raises:
        EvaluatorError: unknown name, unreadable or invalid file (one sentence).
    """
    if spec is None or is_evaluator_name(spec):
        return evaluator_by_name(game_name, spec, user_dir=user_dir)
    path = Path(spec)
    stem = path.stem if is_evaluator_name(path.stem) else "custom"  # untranslated: an id
    return _file_evaluator(game_name, path, stem, label=spec)


def _file_evaluator(game_name: str, path: str | os.PathLike[str], name: str, *,
                    label: str | None = None) -> Evaluator:
    """The evaluator of the weights file at ``path``, called ``name``: its base's
    evaluator (a preset's, or a plugin evaluator's) with the file's weights."""
    weights, build = _read_weights(game_name, _weights_text(game_name, path, label),
                                   label if label is not None else (Path(path).name or str(path)))
    return build(weights, name)


def load_weights_file(game_name: str, path: str | os.PathLike[str], *,
                      name: str | None = None) -> object:
    """Read and check a weights TOML file for ``game_name``; every problem is one sentence.

    The file is read through ``game.files`` (a regular file of at most
    ``EVALUATOR_BYTES``, strict UTF-8); its keys are ``game`` (text, the game's name),
    ``base`` (text, a preset) and ``[weights]`` (a table of known weight names, each a
    whole number inside its range, ``weight_range``). ``name``: how messages call the
    file (default: its name).

    Raises:
        EvaluatorError: the first problem found.
    """
    label = name if name is not None else (Path(path).name or str(path))
    return weights_from_toml(game_name, _weights_text(game_name, path, label), label)


def _weights_text(game_name: str, path: str | os.PathLike[str], label: str | None) -> str:
    """The text of a weights file, read as ``load_weights_file`` says."""
    if not has_evaluators(game_name):
        _module(game_name)  # raises: no evaluator for that game
    label = label if label is not None else (Path(path).name or str(path))
    try:
        return read_text(path, limit=EVALUATOR_BYTES, what=N_("weights file"), name=label)
    except FileError as error:
        raise EvaluatorError(str(error)) from None


def weights_from_toml(game_name: str, text: str, label: str | None = None) -> object:
    r"""Parse and check the text of a weights file (see ``load_weights_file``);
    ``label`` names it in messages (default: "the weights file", translated).

    >>> weights_from_toml("othello", 'base = "naive"\n[weights]\nmobility = 3').mobility
    3
    >>> weights_from_toml("othello", "[weights]\nmobility = 1e308")
    Traceback (most recent call last):
      ...
    ai.evaluators.EvaluatorError: the weights file: weight 'mobility' must be a whole number from 0 to 400, not 1e+308
    """
    # Translators: {file} in the messages about weights files is the file's name, or
    # "the weights file".
    return _read_weights(game_name, text, _("the weights file") if label is None else label)[0]


WeightsBuilder = Callable[[Any, str], Evaluator]
"""Builds an evaluator of some weights, called by a name (``_base``)."""


def _read_weights(game_name: str, text: str, label: str) -> tuple[object, WeightsBuilder]:
    """The checked weights of a weights file's ``text`` and how to build their
    evaluator (``_base``); every problem is one sentence naming ``label``."""
    if not has_evaluators(game_name):
        _module(game_name)  # raises: no evaluator for that game
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # Translators: {reason} is the TOML reader's own English explanation.
        raise EvaluatorError(_clip(_("{file} is not valid TOML: {reason}").format(
            file=label, reason=str(error)))) from None
    except RecursionError:
        raise EvaluatorError(_("{file} is nested too deeply to be a weights file").format(
            file=label)) from None
    except ValueError:  # e.g. an integer with more digits than Python converts
        raise EvaluatorError(_("{file} holds a number too long to read").format(
            file=label)) from None
    stray = [key for key in data if key not in ("game", "base", "weights")]
    if stray:
        # Translators: game, base and [weights] are the file's keys: never translated.
        raise EvaluatorError(_("{file}: unknown entry {entry}; a weights file has game, "
                               "base and [weights]").format(file=label,
                                                            entry=_quote(stray[0])))
    game = data.get("game", game_name)
    if game != game_name:
        # Translators: {named} is the game the file names, {game} the game being played
        # (both command-line names, "othello").
        raise EvaluatorError(_("{file} holds weights for {named}, not {game}").format(
            file=label, named=_quote(game), game=game_name))
    base, build = _base(game_name, data.get("base", DEFAULT_PRESET), label)
    weights = data.get("weights", {})
    if not isinstance(weights, dict):
        # Translators: "[weights]" is the file's key and "name = number" its syntax.
        raise EvaluatorError(_("{file}: [weights] must be a table of name = number").format(
            file=label))
    known = [f.name for f in weight_fields(base)]
    converted: dict[str, int] = {}
    for key, value in weights.items():
        if key not in known:
            # Translators: {known} lists the weight names (identifiers, "mobility, corners").
            raise EvaluatorError(_clip(_("{file}: unknown weight {weight}; known: "
                                         "{known}").format(file=label, weight=_quote(key),
                                                           known=", ".join(known))))
        low, high = weight_range(type(base), key)
        whole = _whole(value)
        if whole is None or not low <= whole <= high:
            # Translators: {weight} is a weight's name from the file ('mobility').
            raise EvaluatorError(_("{file}: weight {weight} must be a whole number from "
                                   "{low} to {high}, not {value}").format(
                                       file=label, weight=repr(key), low=str(low),
                                       high=str(high), value=_quote(value)))
        converted[key] = whole
    try:
        from ai.evaluators.plugin import copied_weights  # as FunctionEvaluator is, below

        return copied_weights(base, converted), build
    except Exception as error:  # a rule across fields (Weights.__post_init__, a plugin's
        # too), or a plugin's that never returns (a fault sentence)
        # Translators: {file}: the weights file; {problem}: one sentence saying what is wrong.
        raise EvaluatorError(_clip(_("{file}: {problem}").format(
            file=label, problem=str(error)))) from None


def _base(game_name: str, base_name: object, label: str) -> tuple[object, WeightsBuilder]:
    """The weights a weights file's ``base`` names and how to build an evaluator of
    them (weights, name): a preset of the game's own evaluator, or a plugin evaluator
    that declares weights, found among the registered ones only (a file never makes
    Plies import anything)."""
    presets = list(_module(game_name).PRESETS) if game_name in _MODULES else []
    if isinstance(base_name, str) and base_name in presets:
        module = _module(game_name)
        return module.PRESETS[base_name], lambda weights, name: _build(module, weights, name)
    factory = _REGISTERED.get(game_name, {}).get(base_name) if isinstance(base_name, str) \
        else None
    if factory is not None:
        from ai.evaluators.plugin import FunctionEvaluator  # loaded with the plugins already

        made = factory()
        if isinstance(made, FunctionEvaluator) and made.weights is not None:
            return made.weights, made.with_weights
        # Translators: "base" is the file's key: never translated; {value} an evaluator's name.
        raise EvaluatorError(_("{file}: base {value} is a plugin evaluator that declares no "
                               "weights").format(file=label, value=_quote(base_name)))
    if not presets:
        # Translators: "base" is the file's key: never translated; {game}: a plugin game's name.
        raise EvaluatorError(_("{file}: base must name an installed plugin evaluator of "
                               "{game} that declares its weights, not {value}").format(
                                   file=label, game=game_name, value=_quote(base_name)))
    # Translators: "base" is the file's key: never translated.
    raise EvaluatorError(_("{file}: base must name a preset ({presets}) or an installed "
                           "plugin evaluator that declares its weights, not {value}").format(
                               file=label, presets=", ".join(presets),
                               value=_quote(base_name)))


def _whole(value: object) -> int | None:
    """``value`` as an int when it is a whole, finite TOML number, else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def _quote(value: object) -> str:
    """A short quotation of a value from a file."""
    if isinstance(value, dict):
        # Translators: what a file held instead of a value: "... not a table".
        return _("a table")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return _("a number that long")  # str() of a 5,000-digit int raises
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:36] + "…"


def _clip(message: str, limit: int = 240) -> str:
    message = " ".join(message.split())
    return message if len(message) <= limit else message[:limit - 1] + "…"


# untranslated: the module's names
__all__ = ["DEFAULT_PRESET", "Evaluator", "EvaluatorError", "NAME_PATTERN", "build_evaluator",
           "evaluator_by_name", "has_evaluators", "is_evaluator_name", "load_evaluator", "load_weights_file",
           "preset_names", "register", "unregister", "unregister_all", "unregister_game",
           "weight_range", "weights_from_toml"]
