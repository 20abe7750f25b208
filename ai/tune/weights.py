"""Which weights of an evaluator can be tuned, and the weights file a tuned set becomes.

A weights-file evaluator's knobs are the fields of its game's ``Weights`` dataclass,
each with a documented range (``ai.evaluators.base.weight``); those are the tunable
parameters. A plugin evaluator that declares its weights the same way (a frozen
dataclass of ``weight()`` fields, as its ``weights`` attribute) tunes the same way.

>>> from ai.evaluators.tictactoe import Weights
>>> [(p.name, p.start, p.low, p.high) for p in parameters(Weights())]
[('open_two', 10, 0, 100), ('open_one', 1, 0, 100), ('centre', 0, 0, 100)]
>>> print(weights_toml("tictactoe", {"open_two": 12, "open_one": 2}), end="")
game = "tictactoe"
base = "default"
[weights]
open_two = 12
open_one = 2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ai.evaluators.base import weight_fields, weight_range

# untranslated: the module's names
__all__ = ["Parameter", "parameters", "weights_toml"]


@dataclasses.dataclass(frozen=True)
class Parameter:
    """One tunable weight: its name, its value before tuning and its allowed range."""

    name: str
    start: int
    low: int
    high: int


def parameters(weights: object, names: Sequence[str] | None = None) -> list[Parameter]:
    """The tunable weights of a ``Weights`` dataclass instance, in field order.

    ``names``: only these (in field order); every field with a range and room to
    move (``low < high``) otherwise. Raises ``KeyError`` for a name that is not a
    weight, ``TypeError`` when ``weights`` is not a dataclass instance.
    """
    if not dataclasses.is_dataclass(weights) or isinstance(weights, type):
        raise TypeError("weights must be a dataclass instance")  # untranslated: developer error
    fields = weight_fields(weights)
    known = {f.name for f in fields}
    for name in names or ():
        if name not in known:
            raise KeyError(name)
    found = []
    for field in fields:
        low, high = weight_range(type(weights), field.name)
        if (names and field.name not in names) or (not names and low >= high):
            continue
        found.append(Parameter(field.name, int(getattr(weights, field.name)), low, high))
    return found


def weights_toml(game_name: str, values: Mapping[str, int], base: str = "default") -> str:
    """The text of a weights file (``ai.evaluators.load_weights_file`` reads it back)
    that sets ``values`` on ``base``: a preset, or a plugin evaluator that declares
    its weights."""
    # untranslated: the file's keys
    lines = [f'game = "{game_name}"', f'base = "{base}"', "[weights]"]
    lines += [f"{name} = {int(value)}" for name, value in values.items()]
    return "\n".join(lines) + "\n"
