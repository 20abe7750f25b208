"""A learner's answers to a whole exercise, item by item, checked against the key.

An exercise's answers are a list of :class:`Item`: ``value`` (a node's value: minimax's
in a minimax exercise, what alpha-beta returned, with its bound, in an alpha-beta
one), ``window`` (the (α, β) a node is entered with), ``never`` (the leaves never
visited), ``order`` and ``nodes`` (the best order of the root's children and its
node count). :func:`key_items` gives the key's; :func:`items_from_json` reads the same
JSON ``plies exercise --json`` writes (its ``answers``, filled in by the learner) and
:func:`items_from_csv` a table ``item,node,answer`` (the form :func:`items_csv`
writes). :func:`check` compares them and gives one :class:`Verdict` per key item.

Values are written as the key writes them: ``-3``, ``+12``, ``−5``, ``inf``, ``-∞``,
``win 3``, ``loss 2``, and with a bound ``≤ 180`` / ``>= -3`` (``<=``, ``>=`` too).

>>> parse_value("loss 2"), parse_window("(-inf, loss 2)"), parse_bounded("≤ 180")
(-999998, (-1000000000, -999998), (180, 'upper'))
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from typing import Any, Literal

from ai.evaluators.base import WIN
from ai.explain.conventions import BoundKind, bound_mark
from ai.explain.exercises import INF, Exercise, bound_text, nodes_visited
from game.i18n import _

ItemKind = Literal["value", "window", "never", "order", "nodes"]
ITEM_KINDS: tuple[ItemKind, ...] = ("value", "window", "never", "order", "nodes")
MAX_ROWS = 5_000
"""The most rows an answer table may have (an exercise has a few dozen items)."""
_NUMBER = r"[+-]?(?:\d{1,9}|inf)"


class AnswerError(ValueError):
    """Answers that cannot be read; one sentence."""


@dataclasses.dataclass(frozen=True)
class Item:
    """One answer: what is asked (``item``), of which node (``""``: the whole tree),
    and the answer as text (``"≤ 5"``, ``"(−∞, 3)"``, ``"F G"``)."""

    item: ItemKind
    node: str
    answer: str

    @property
    def name(self) -> tuple[str, str]:
        return (self.item, self.node)


@dataclasses.dataclass(frozen=True)
class Verdict:
    """One key item checked: ``given`` is ``None`` when the learner left it out."""

    item: Item
    given: str | None
    right: bool

    def text(self) -> str:
        """One line for a person: ``"✓ value B: −3"``, ``"✗ window C: …"``."""
        what = _describe(self.item)
        if self.right:
            # Translators: {what}: the item ("the value of B"); {answer}: the answer.
            return _("✓ {what}: {answer}").format(what=what, answer=self.item.answer)
        if self.given is None:
            return _("– {what}: no answer; the key says {answer}").format(
                what=what, answer=self.item.answer)
        return _("✗ {what}: answered {given}; the key says {answer}").format(
            what=what, given=self.given, answer=self.item.answer)

    def to_json(self) -> dict[str, Any]:
        return {"item": self.item.item, "node": self.item.node, "key": self.item.answer,
                "given": self.given, "right": self.right}


def _describe(item: Item) -> str:
    # Translators: {node} is a node's name ("B").
    if item.item == "value":
        return _("the value of {node}").format(node=item.node)
    if item.item == "window":
        return _("(α, β) entering {node}").format(node=item.node)
    if item.item == "never":
        return _("the leaves never visited")
    if item.item == "order":
        return _("the best order of {node}'s children").format(node=item.node)
    return _("the nodes visited in the best order")


# --- values -----------------------------------------------------------------------------

def parse_value(text: str) -> int | None:
    """A value as written: ``-3``, ``+12``, ``−5``, ``inf``, ``-∞``, ``win 3``,
    ``loss 2`` (or ``loss2``); ``None`` when it is none of these.

    >>> parse_value(" −5"), parse_value("+inf"), parse_value("x"), parse_value("win 3")
    (-5, 1000000000, None, 999997)
    """
    word = text.strip().replace("−", "-").replace("∞", "inf").lower()
    ended = re.fullmatch(r"(win|loss)\s*(\d{1,3})", word)
    if ended:  # a finished game n plies below the root (ai.explain.tree.value_text)
        plies = int(ended[2])
        return WIN - plies if ended[1] == "win" else -(WIN - plies)
    if word in ("inf", "+inf"):
        return INF
    if word == "-inf":
        return -INF
    return int(word) if re.fullmatch(r"[+-]?\d{1,9}", word) else None


def parse_bounded(text: str) -> tuple[int, BoundKind] | None:
    """``"≤ 180"`` -> ``(180, "upper")``, ``">= -3"`` -> ``(-3, "lower")``, ``"5"`` ->
    ``(5, "exact")``; ``None`` when unreadable."""
    word = text.strip().replace("<=", "≤").replace(">=", "≥")
    kind: BoundKind = "exact"
    if word[:1] in ("≤", "≥"):
        kind = "upper" if word[0] == "≤" else "lower"
        word = word[1:]
    value = parse_value(word)
    return None if value is None else (value, kind)


def parse_window(text: str) -> tuple[int, int] | None:
    """``"(-inf, 3)"``, ``"-inf 3"``, ``"(3, loss 2)"`` -> the pair; ``None`` when
    unreadable."""
    word = text.strip().replace("−", "-").replace("∞", "inf").lower()
    word = word.strip("()[] ")
    value = r"(?:(?:win|loss)\s*\d{1,3}|" + _NUMBER + ")"
    match = re.fullmatch(rf"({value})\s*[,;\s]\s*({value})", word)
    if match is None:
        return None
    a, b = parse_value(match[1]), parse_value(match[2])
    return None if a is None or b is None else (a, b)


def _ids(text: str) -> list[str]:
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    return [] if [w.lower() for w in words] in ([], ["none"], ["-"]) else words


# --- the items of a key, of a JSON file, of a table ---------------------------------

def key_items(exercise: Exercise) -> list[Item]:
    """The items the exercise asks, with the key's answers, in the order a person
    works them out (an alpha-beta exercise: visiting order)."""
    return items_from_json(exercise.kind, exercise.key, exercise)


def items_from_json(kind: str, answers: Any, exercise: Exercise) -> list[Item]:
    """The items of ``answers``, an object shaped as ``plies exercise --json``'s
    ``answers`` (the parts a learner fills in; missing parts give no item).

    Raises:
        AnswerError: a part of the wrong type.
    """
    if not isinstance(answers, dict):
        raise AnswerError(_("the answers must be an object, as in plies exercise --json"))
    inner = [n.id for n in exercise.nodes if n.kind != "leaf"]
    out: list[Item] = []
    if kind == "minimax":
        values = _object(answers.get("values", {}), "values")
        out += [Item("value", i, _text(values[i])) for i in inner if i in values]
    elif kind == "alphabeta":
        trace = _object(answers.get("alphabeta", {}), "alphabeta")
        windows = _object(trace.get("windows", {}), "windows")
        values = _object(trace.get("values", {}), "values")
        records = _object(trace.get("nodes", {}), "nodes")
        visited = trace.get("visited")
        order = [i for i in visited if i in inner] if isinstance(visited, list) else inner
        for node in order:
            if not isinstance(node, str):
                continue
            if node in windows:
                out.append(Item("window", node, _window_text(windows[node])))
            if node in values:
                record = records.get(node)
                bound = record.get("bound") if isinstance(record, dict) else None
                mark = bound_mark(bound) if isinstance(bound, str) else ""
                out.append(Item("value", node, mark + _text(values[node])))
        if "leaves_never_visited" in trace:
            never = trace["leaves_never_visited"]
            if not isinstance(never, list):
                raise AnswerError(_("leaves_never_visited must be a list of node names"))
            out.append(Item("never", "", " ".join(str(n) for n in never) or "none"))
    elif kind == "ordering":
        ordering = _object(answers.get("ordering", {}), "ordering")
        root = exercise.root.id
        if "best_order" in ordering:
            order = ordering["best_order"]
            if not isinstance(order, list):
                raise AnswerError(_("best_order must be a list of node names"))
            out.append(Item("order", root, " ".join(str(n) for n in order)))
        if "best_nodes" in ordering:
            count = ordering["best_nodes"]
            out.append(Item("nodes", root, str(count)[:20] if isinstance(count, int) else
                            _text(count)))
    return out


def _object(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise AnswerError(_("{name} must be an object").format(name=name))
    return value


def _text(value: Any) -> str:
    """A JSON answer as text: numbers as the key writes them, text as it is."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return bound_text(value)
    return str(value)[:40]


def _window_text(value: Any) -> str:
    if isinstance(value, list) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return f"({bound_text(value[0])}, {bound_text(value[1])})"
    return str(value)[:40]


def items_from_csv(text: str) -> list[Item]:
    """Rows ``item,node,answer`` (a first row ``item,node,answer`` is a header).

    Raises:
        AnswerError: a row that is not three fields of a known item; one sentence.
    """
    out: list[Item] = []
    rows = csv.reader(io.StringIO(text))
    try:
        for number, row in enumerate(rows, start=1):
            if number > MAX_ROWS:
                raise AnswerError(_("the table has more than {n} rows").format(n=MAX_ROWS))
            if not any(cell.strip() for cell in row):
                continue
            cells = [cell.strip() for cell in row]
            if number == 1 and cells[:1] == ["item"]:
                continue
            if len(cells) < 3 or cells[0] not in ITEM_KINDS:
                raise AnswerError(_("row {n} is not item,node,answer with item one of "
                                    "{items}").format(n=number, items=", ".join(ITEM_KINDS)))
            # a window written (−1, 5) without quotes spills into a fourth field
            answer = ",".join(row[2:]).strip()
            out.append(Item(cells[0], cells[1][:20], answer[:200]))
    except csv.Error as error:
        raise AnswerError(_("the table cannot be read: {reason}").format(
            reason=str(error)[:80])) from None
    return out


def items_csv(items: list[Item]) -> str:
    """The table :func:`items_from_csv` reads, with its header."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["item", "node", "answer"])
    for item in items:
        writer.writerow([item.item, item.node, item.answer])
    return buffer.getvalue()


# --- checking ---------------------------------------------------------------------------

def check(exercise: Exercise, given: list[Item]) -> list[Verdict]:
    """One verdict per key item, in the key's order; an answer given twice counts by
    its last line, answers the key does not ask are ignored."""
    answers = {item.name: item.answer for item in given}
    verdicts = []
    for item in key_items(exercise):
        answer = answers.get(item.name)
        right = answer is not None and _same(exercise, item, answer)
        verdicts.append(Verdict(item, answer, right))
    return verdicts


def _same(exercise: Exercise, key: Item, answer: str) -> bool:
    if key.item == "value":
        return parse_bounded(answer) == parse_bounded(key.answer)
    if key.item == "window":
        return parse_window(answer) == parse_window(key.answer)
    if key.item == "never":
        return set(_ids(answer)) == set(_ids(key.answer))
    if key.item == "nodes":
        return parse_value(answer) == parse_value(key.answer)
    # any order of the root's children as cheap as the best is right
    order = _ids(answer)
    children = [c.id for c in exercise.root.children]
    if sorted(order) != sorted(children):
        return False
    best = exercise.key["ordering"]["best_nodes"]
    return bool(nodes_visited(exercise.root, order, exercise.conventions) == best)


# untranslated: the exported names
__all__ = ["ITEM_KINDS", "AnswerError", "Item", "ItemKind", "Verdict", "check",
           "items_csv", "items_from_csv", "items_from_json", "key_items", "parse_bounded",
           "parse_value", "parse_window"]
