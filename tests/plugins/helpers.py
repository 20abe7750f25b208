"""Where the README puts plugin files, and the broken plugins the tests load."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "plugins"
EXAMPLE_FILES = ("breakthrough.py", "nim.py", "connect4_homework.py", "othello_parity.py")


def readme_folder() -> Path:
    """``$XDG_CONFIG_HOME/plies/plugins``, as the README says (the conftest gives each
    test its own XDG_CONFIG_HOME)."""
    folder = Path(os.environ["XDG_CONFIG_HOME"]) / "plies" / "plugins"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def install_examples() -> Path:
    folder = readme_folder()
    for name in EXAMPLE_FILES:
        shutil.copy(EXAMPLES / name, folder / name)
    return folder


EVALUATOR = 'from game.plugins import evaluator\n\n\n@evaluator("connect4")\ndef {name}(game):\n{body}\n'

BROKEN_EVALUATORS = {
    # name: (body, the words of its sentence)
    "text": ('    return "abc"', "evaluator text returned 'abc', not a number"),
    "raising": ("    return 1 / 0", "evaluator raising raised ZeroDivisionError: division by "
                "zero (raising.py, line 6)"),
    "nan": ('    return float("nan")', "evaluator nan returned NaN, not a number"),
    "huge": ("    return 10 ** 9", "evaluator huge returned 1000000000, outside the score "
             "range"),
    "loop": ("    while True:\n        pass", "evaluator loop did not return within"),
}

BAD_POP = '''from game.plugins import GridGame, Outcome


class BadPop(GridGame):
    name = "badpop"
    title = "Bad pop"
    width = 3
    height = 1

    def legal_moves(self):
        return [] if self.outcome() else [i for i in range(3) if self.board[i] is None]

    def apply(self, move):
        self.board[move] = self.turn

    def outcome(self):
        return Outcome(None, "full") if None not in self.board else None

    def pop(self):
        self.turn ^= 1          # forgets the board
        return self.move_stack.pop()
'''

BROKEN_FILES = {
    # file: (text, its refusal sentence)
    "syntax.py": ('from game.plugins import evaluator\n\n@evaluator("connect4")\n'
                  'def oops(game)\n    return 1\n',
                  "syntax.py, line 4: syntax error: expected ':'"),
    "missing.py": ("import numpy_not_here_36\n",
                   "missing.py: failed to load: ModuleNotFoundError: No module named "
                   "'numpy_not_here_36' (missing.py, line 1)"),
    "nothing.py": ("x = 1\n", "nothing.py: defines no game and no evaluator"),
    "badpop.py": (BAD_POP, "badpop.py, line 4: game badpop: pop() after a1 does not restore "
                  "the position"),
}


def install_broken() -> Path:
    folder = readme_folder()
    for name, (body, _sentence) in BROKEN_EVALUATORS.items():
        (folder / f"{name}.py").write_text(EVALUATOR.format(name=name, body=body))
    for file, (text, _sentence) in BROKEN_FILES.items():
        (folder / file).write_text(text)
    return folder
