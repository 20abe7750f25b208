"""Learn: the classic game-tree lectures on real positions, with exercises that test and
feedback that teaches.

Seven lessons in the lectures' order (``game.learning.LESSONS``), one module and one class
each behind the ``Lesson`` protocol (``base``); the scene (``scene``) owns the window's
widgets and the progress and dispatches to the lesson open:

* ``counting``: the game tree — count the lines and the positions a few moves ahead;
* ``minimax``: fill in every node's backed-up value;
* ``alphabeta``: every node's (α, β) on entry (or never) and value, then the leaves
  never visited, then the worked solution;
* ``ordering``: reorder the children of any node with the mouse, then Check;
* ``evaluation``: the evaluator's weights, a match against the default, Save;
* ``horizon``: where depth 2 and depth 4 disagree, and what deepening costs;
* ``tuning``: a tuning run (SPSA) watched weight by weight, and why a learned weight
  has its sign.

Every exercise is cut from a real position with a seed (``ai.explain.exercises``, its
sizes ``DIFFICULTIES``, as ``plies exercise --level``), or in lessons 2-4 is the
person's own tree typed in the notes' syntax (``trees.own_tree``). A
wrong answer first gets a hint naming the rule, a second the worked answer, and that
exercise then no longer counts; a lesson is done after three whole exercises solved
unaided (``game.learning.Progress``). The small board shows the position at the
selected node.
"""

from __future__ import annotations

from game.ui.scenes.learn.base import Lesson, parse_value, parse_window
from game.ui.scenes.learn.scene import LearnScene

__all__ = ["LearnScene", "Lesson", "parse_value", "parse_window"]  # untranslated: names
