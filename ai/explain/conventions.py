"""The textbook conventions of alpha-beta, in one place, and what each says.

Lecture notes disagree on two details, and an answer key is only right under the rule
it was computed with, so every exercise, key and recorded tree carries a
:class:`Conventions` and states it:

* **When to prune** (``prune``): ``"ge"`` stops a node's search as soon as α ≥ β (most
  notes, Russell & Norvig, ``ai.search``); ``"gt"`` only once α > β (Cornell's
  ``minimax(n, d, min, max)``), so a tie still searches the node's other children.
* **What a node returns** (``values``): ``"soft"`` (fail-soft) returns the best value
  its children gave, which may lie outside its window; ``"hard"`` (fail-hard) clamps
  it into the window it was entered with, [α, β].

Alpha-beta does not always compute a node's exact value: a node cut short, or whose
value fell outside its window, returns a *bound*. :func:`bound_kind` says which, from
what the search saw (the children's returned values and kinds, and whether some
children were pruned), never from a minimax value the search did not compute.

>>> rule = Conventions("gt", "hard")
>>> rule.cuts(5, 5), DEFAULT.cuts(5, 5), rule.returned(12, 0, 8), DEFAULT.returned(12, 0, 8)
(False, True, 8, 12)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, Literal

from game.i18n import _

PruneRule = Literal["ge", "gt"]
ValueRule = Literal["soft", "hard"]
BoundKind = Literal["exact", "lower", "upper"]
PRUNE_RULES: tuple[PruneRule, ...] = ("ge", "gt")
VALUE_RULES: tuple[ValueRule, ...] = ("soft", "hard")


class ConventionError(ValueError):
    """A convention name that is not one of the known ones; one sentence."""


@dataclasses.dataclass(frozen=True)
class Conventions:
    """Which alpha-beta a key was computed with (see the module docstring)."""

    prune: PruneRule = "ge"
    values: ValueRule = "soft"

    def __post_init__(self) -> None:
        if self.prune not in PRUNE_RULES:
            raise ConventionError(_("the pruning rule must be ge (α ≥ β) or gt (α > β), "
                                    "not {rule}").format(rule=repr(self.prune)))
        if self.values not in VALUE_RULES:
            raise ConventionError(_("the values must be soft (fail-soft) or hard "
                                    "(fail-hard), not {rule}").format(rule=repr(self.values)))

    def cuts(self, alpha: int, beta: int) -> bool:
        """Whether a node whose window is now (``alpha``, ``beta``) stops searching."""
        return alpha >= beta if self.prune == "ge" else alpha > beta

    def returned(self, best: int, alpha: int, beta: int) -> int:
        """What a node entered with (``alpha``, ``beta``) returns when its children's
        best is ``best`` (MAX's view, or the mover's: the rule is symmetric)."""
        if self.values == "soft":
            return best
        return min(max(best, alpha), beta)

    def text(self) -> str:
        """One sentence for a sheet or a key: ``"Alpha-beta prunes when α ≥ β; values
        are fail-soft."``"""
        if self.prune == "ge":
            if self.values == "soft":
                return _("Alpha-beta prunes as soon as α ≥ β; a node returns its best "
                         "value even outside its window (fail-soft).")
            return _("Alpha-beta prunes as soon as α ≥ β; a node's value is clamped into "
                     "the window it was entered with (fail-hard).")
        if self.values == "soft":
            return _("Alpha-beta prunes only when α > β (a tie is searched on); a node "
                     "returns its best value even outside its window (fail-soft).")
        return _("Alpha-beta prunes only when α > β (a tie is searched on); a node's value "
                 "is clamped into the window it was entered with (fail-hard).")

    def to_json(self) -> dict[str, Any]:
        """``{"prune": "ge", "values": "soft", "text": …}``; the text in the current
        language (English where the caller asks for JSON)."""
        return {"prune": self.prune, "values": self.values, "text": self.text()}

    @classmethod
    def from_json(cls, data: Any) -> Conventions:
        """The form :meth:`to_json` writes (``text`` ignored); a missing object or key
        is the default. Raises :class:`ConventionError` on anything else."""
        if data is None:
            return DEFAULT
        if not isinstance(data, dict):
            raise ConventionError(_("the conventions must be an object with prune and "
                                    "values"))
        return cls(data.get("prune", "ge"), data.get("values", "soft"))


DEFAULT = Conventions()
"""α ≥ β and fail-soft: what ``ai.search`` does."""


def bound_kind(is_max: bool, value: int, children: Iterable[tuple[int, BoundKind]],
               pruned: bool) -> BoundKind:
    """What an inner node's returned ``value`` (MAX's view) says about its true value.

    ``children`` are the (value, kind) pairs its searched children returned, MAX's
    view; ``pruned`` is whether some children were never searched. A MAX node knows at
    least the largest child that is exact or a lower bound, and at most the largest
    child when none was pruned and none is only a lower bound (a MIN node: the mirror
    image). The value is ``exact`` when both ends meet it, ``lower`` (the true value is
    at least it) when it is at or below what is known from below, ``upper`` when at or
    above what is known from above.

    >>> bound_kind(False, 2, [(5, "exact"), (2, "exact")], pruned=True)
    'upper'
    >>> bound_kind(True, 5, [(3, "exact"), (5, "exact")], pruned=False)
    'exact'
    """
    seen = [(v, k) if is_max else (-v, _mirror(k)) for v, k in children]
    own = value if is_max else -value
    infinity = float("inf")
    low = max((v for v, k in seen if k != "upper"), default=-infinity)
    open_top = pruned or any(k == "lower" for _, k in seen)
    high = infinity if open_top else max((v for v, _ in seen), default=-infinity)
    if low == high == own:
        found: BoundKind = "exact"
    elif own <= low:
        found = "lower"
    elif own >= high:
        found = "upper"
    else:  # the rules above never give this; say only what is sure
        found = "lower" if open_top else "upper"
    return found if is_max else _mirror(found)


def _mirror(kind: BoundKind) -> BoundKind:
    return "upper" if kind == "lower" else "lower" if kind == "upper" else "exact"


def bound_mark(kind: str) -> str:
    """``"≥"``, ``"≤"`` or ``""``: how a value's bound is written before it."""
    return {"lower": "≥ ", "upper": "≤ "}.get(kind, "")


# untranslated: the exported names
__all__ = ["DEFAULT", "PRUNE_RULES", "VALUE_RULES", "BoundKind", "ConventionError",
           "Conventions", "PruneRule", "ValueRule", "bound_kind", "bound_mark"]
