"""Exercises as a Moodle quiz in GIFT, the plain-text question format Moodle imports.

Every question is numerical (GIFT ``{#answer}``), one per thing a learner works out:
the value of each inner node (a minimax exercise: minimax's; an alpha-beta exercise:
what the node returns, and how many leaves are never visited), and for an ordering
exercise the node counts of the best order and of the order given. Each question
shows the tree as preformatted text (``[html]`` with ``<pre>``) and names the
conventions. Facts of the format used (Moodle's GIFT documentation): ``::name::``
before the text, ``[html]`` for the text's format, ``{#n}`` a numerical answer, the
characters ``~ = # { } :`` and ``\\`` escaped with a backslash, a blank line between
questions, ``//`` a comment line.

>>> from ai.explain.trees import hand_tree
>>> from ai.explain.exercises import generate
>>> game, leaves = hand_tree("((3 12 8) (2 4 6) (14 5 2))")
>>> quiz = gift_quiz([generate("minimax", game, leaves)])
>>> [line for line in quiz.splitlines() if line.startswith("{#")]
['{#3}', '{#3}', '{#2}', '{#2}']
"""

from __future__ import annotations

import html

from ai.explain.exercises import INF, Exercise
from game.i18n import _

_SPECIAL = "\\~=#{}:"


def escape(text: str) -> str:
    """``text`` with GIFT's special characters escaped.

    >>> escape("a {b} = c: d")
    'a \\\\{b\\\\} \\\\= c\\\\: d'
    """
    return "".join("\\" + char if char in _SPECIAL else char for char in text)


def gift_quiz(exercises: list[Exercise], *, title: str | None = None) -> str:
    """The GIFT text of every exercise's numerical questions, numbered ``1.1``, ``1.2``,
    … by exercise (one exercise per student of a class set: ``title`` names the set)."""
    lines = ["// " + (title or _("Plies exercises")), ""]
    for number, exercise in enumerate(exercises, start=1):
        for index, (text, answer) in enumerate(_questions(exercise), start=1):
            tree = html.escape("\n".join(exercise.tree_lines()), quote=False)
            body = (f"<p>{html.escape(exercise.question(), quote=False)}</p><pre>{tree}</pre>"
                    f"<p>{html.escape(text, quote=False)}</p>")
            lines.append(f"::{escape(f'{number}.{index}')}::[html]{escape(body)}")
            lines.append(f"{{#{answer}}}")
            lines.append("")
    return "\n".join(lines)


def _questions(exercise: Exercise) -> list[tuple[str, int]]:
    """``(question, answer)`` pairs of one exercise, in working order."""
    key = exercise.key
    out: list[tuple[str, int]] = []
    if exercise.kind == "minimax":
        for node in exercise.nodes:
            if node.kind != "leaf":
                out.append((_("What is the minimax value of node {node}?").format(
                    node=node.id), key["values"][node.id]))
    elif exercise.kind == "alphabeta":
        trace = key["alphabeta"]
        inner = {n.id for n in exercise.nodes if n.kind != "leaf"}
        for node_id in trace["visited"]:
            if node_id in inner and abs(trace["values"][node_id]) < INF:
                out.append((_("Which value does alpha-beta return at node {node}? (Give "
                              "the number, even where it is only a bound.)").format(
                    node=node_id), trace["values"][node_id]))
        out.append((_("How many leaves does alpha-beta never visit?"),
                    len(trace["leaves_never_visited"])))
    else:
        ordering = key["ordering"]
        out.append((_("How many nodes does alpha-beta visit with the children in the order "
                      "given?"), ordering["given_nodes"]))
        out.append((_("How many nodes does alpha-beta visit with {node}'s children in the "
                      "best order?").format(node=exercise.root.id), ordering["best_nodes"]))
    return out


# untranslated: the exported names
__all__ = ["escape", "gift_quiz"]
