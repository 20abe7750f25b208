"""Static evaluators, one module per game, chosen by preset name or TOML file.

Each game module (``ai/evaluators/<game>.py``) provides:

* ``Weights``: a frozen dataclass whose fields are the named, documented knobs;
* ``PRESETS``: ``{"default": Weights(...), "naive": Weights(...), ...}``;
* ``build(weights, name) -> Evaluator``.

A weights file is TOML::

    game = "othello"          # must match the game being played
    base = "default"          # optional: the preset to start from
    [weights]
    mobility = 20             # only the fields you change

>>> load_evaluator("othello", "naive").name
'naive'
"""

from __future__ import annotations

import dataclasses
import importlib
import tomllib
from pathlib import Path
from types import ModuleType

from ai.evaluators.base import Evaluator

_MODULES = {
    "connect4": "ai.evaluators.connect4",
    "othello": "ai.evaluators.othello",
    "gomoku": "ai.evaluators.gomoku",
}

DEFAULT_PRESET = "default"


class EvaluatorError(ValueError):
    """An unknown preset or a bad weights file; the message is one sentence for a user."""


def _module(game_name: str) -> ModuleType:
    try:
        return importlib.import_module(_MODULES[game_name])
    except KeyError:
        raise EvaluatorError(f"no evaluator for game {game_name!r}") from None


def preset_names(game_name: str) -> list[str]:
    """The preset names of ``game_name``, default first."""
    return list(_module(game_name).PRESETS)


def load_evaluator(game_name: str, spec: str | None = None) -> Evaluator:
    """The evaluator named by ``spec``: a preset name, a TOML file path, or ``None`` (default).

    Raises:
        EvaluatorError: unknown preset, unreadable or invalid file (one sentence).
    """
    module = _module(game_name)
    spec = spec or DEFAULT_PRESET
    if spec in module.PRESETS:
        return module.build(module.PRESETS[spec], spec)
    if spec.endswith(".toml") or Path(spec).is_file():
        return module.build(load_weights_file(game_name, Path(spec)), Path(spec).stem)
    raise EvaluatorError(
        f"unknown evaluator {spec!r} for {game_name}; presets: {', '.join(module.PRESETS)}"
        " (or give a .toml file)"
    )


def load_weights_file(game_name: str, path: Path) -> object:
    """Read a weights TOML file for ``game_name``; every problem is one sentence."""
    module = _module(game_name)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise EvaluatorError(f"cannot read {path}: {error.strerror or error}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise EvaluatorError(f"{path} is not valid TOML: {error}") from None
    if data.get("game", game_name) != game_name:
        raise EvaluatorError(f"{path} holds weights for {data.get('game')!r}, not {game_name}")
    base_name = data.get("base", DEFAULT_PRESET)
    if base_name not in module.PRESETS:
        raise EvaluatorError(f"{path}: unknown base preset {base_name!r}")
    weights = data.get("weights", {})
    if not isinstance(weights, dict):
        raise EvaluatorError(f"{path}: [weights] must be a table of name = number")
    base = module.PRESETS[base_name]
    known = {f.name: f for f in dataclasses.fields(base)}
    for name, value in weights.items():
        if name not in known:
            raise EvaluatorError(
                f"{path}: unknown weight {name!r}; known: {', '.join(known)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise EvaluatorError(f"{path}: weight {name!r} must be a number")
        if isinstance(getattr(base, name), int) and not float(value).is_integer():
            raise EvaluatorError(f"{path}: weight {name!r} must be a whole number")
    converted = {n: type(getattr(base, n))(v) for n, v in weights.items()}
    return dataclasses.replace(base, **converted)


__all__ = ["DEFAULT_PRESET", "Evaluator", "EvaluatorError", "load_evaluator",
           "load_weights_file", "preset_names"]
