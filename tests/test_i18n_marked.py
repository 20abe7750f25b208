"""Every text a person reads is marked for translation (issue 29).

The check reads the source with ``ast``: a string that looks like words for people (two
words, or one capitalised word) in ``game/`` or ``ai/`` (not the developer scripts of
``ai/tools`` and ``ai/tuning``) must sit inside ``_()``,
``N_()``, ``ngettext()`` or ``pgettext()`` -- unless it is text for programs inside
``raw()`` (protocol traffic, file formats, JSON keys: never translated, never extracted),
a docstring, a log message (for developers), or on a line that says why it stays English
with a ``# untranslated:`` comment (developer errors, and what ``raw()`` does not wrap). An f-string with
words in it cannot be translated at all: its words move into a marked message with
named placeholders (``_("{side} wins").format(side=...)``); and a translation call inside
an f-string is never extracted (Babel cannot read into f-strings before Python 3.12).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARKERS = {"_", "N_", "NP_", "ngettext", "pgettext"}
RAW = "raw"
"""``game.i18n.raw``: text for programs, stays English (exempt, but not a marker)."""
LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "log"}

SPEAK_TO_MACHINES = {
    "game/i18n.py": "the translation functions and the languages' own names",
    "game/i18n_catalogs.py": "the translators' developer tool",
    "game/commands/bench_values.py": "reference figures for developers",
}
"""Whole modules whose strings are not for people, with the reason."""

WORDS = re.compile(r"[A-Za-z]{2,}[^\s{}]*\s+[^\s{}]*[A-Za-z]|^[A-Z][a-z]{2,}[.!?…:]?$")
"""Two words, or one capitalised word ("Undo"): what a person would read."""


def sources() -> list[Path]:
    files = sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "ai").rglob("*.py"))
    return [path for path in files
            if path.relative_to(ROOT).as_posix() not in SPEAK_TO_MACHINES
            and not path.relative_to(ROOT).as_posix().startswith(("ai/tools/", "ai/tuning/"))]


def _docstrings(nodes: list[ast.AST]) -> set[int]:
    found = set()
    for node in nodes:
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for index, statement in enumerate(body):
                # A docstring, or a string just under an assignment (attribute docs).
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
                        and isinstance(statement.value.value, str) and (
                            index == 0 or isinstance(body[index - 1],
                                                     (ast.Assign, ast.AnnAssign))):
                    found.add(id(statement.value))
    return found


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def unmarked(path: Path) -> list[str]:
    """``path:line: text`` for each unmarked text for people in the module."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))  # walked once, read by the two checks below
    docstrings = _docstrings(nodes)
    found = []
    rel = path.relative_to(ROOT).as_posix()  # once, not once a node

    def visit(node: ast.AST, exempt: bool, fstring: ast.AST | None = None) -> None:
        in_fstring = fstring is not None
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in MARKERS and in_fstring and any(
                    isinstance(arg, ast.Constant) for arg in node.args):
                # Babel cannot see into an f-string before Python 3.12: never extracted.
                found.append(f"{rel}:{node.lineno}: {name}() inside an f-string")
            if name in MARKERS or (name == RAW and isinstance(node.func, ast.Name)) or (
                    name in LOG_CALLS and isinstance(node.func, ast.Attribute)
                                   and getattr(node.func.value, "id", "") in ("log", "logger",
                                                                              "logging")):
                exempt = True
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and not exempt \
                and id(node) not in docstrings and WORDS.search(node.value):
            # A piece of an f-string is placed by the whole f-string (Python 3.12+ gives
            # each piece its own line, 3.11 the f-string's).
            where = fstring if fstring is not None else node
            first = getattr(where, "lineno", 0)
            last = getattr(where, "end_lineno", first) or first
            window = lines[max(0, first - 3):last]
            if not any("# untranslated" in line for line in window):
                found.append(f"{rel}:{first}: {node.value[:70]!r}")
        for child in ast.iter_child_nodes(node):
            visit(child, exempt, fstring or (node if isinstance(node, ast.JoinedStr) else None))

    visit(tree, False)
    found.extend(_raw_problems(nodes, rel))
    return found


def _raw_problems(nodes: list[ast.AST], rel: str) -> list[str]:
    """Where ``raw`` is not ``game.i18n.raw`` in a module that calls it: anything else
    of that name (a parameter, a loop variable) would be exempted by its name alone."""
    calls = [node for node in nodes if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Name) and node.func.id == RAW]
    if not calls:
        return []
    imported = any(isinstance(node, ast.ImportFrom) and node.module == "game.i18n"
                   and any(alias.name == RAW and alias.asname is None for alias in node.names)
                   for node in nodes)
    problems = [] if imported else [f"{rel}:{calls[0].lineno}: raw() not from game.i18n"]
    for node in nodes:
        bound = (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
                 and node.id == RAW) or (isinstance(node, ast.arg) and node.arg == RAW) \
            or (isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == RAW)
        if bound:
            problems.append(f"{rel}:{getattr(node, 'lineno', 0)}: 'raw' rebound, which "
                            "hides game.i18n.raw")
    return problems


@pytest.mark.parametrize("path", sources(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_text_for_people_is_marked_for_translation(path: Path) -> None:
    assert unmarked(path) == []


def test_raw_exempts_its_text_and_a_bare_text_is_caught() -> None:
    # ``unmarked`` names files relative to the project, so the probe lives in a
    # temporary folder inside it.
    import tempfile
    with tempfile.TemporaryDirectory(dir=ROOT / "tests") as folder:
        probe = Path(folder) / "probe.py"
        probe.write_text('from game.i18n import raw\n'
                         'A = raw("Two words")\n'
                         'B = raw(f"Two words {A}")\n'
                         'C = "Two words"\n', encoding="utf-8")
        found = unmarked(probe)
    assert [entry.split(": ", 1)[1] for entry in found] == ["'Two words'"]
    assert found[0].endswith(":4: 'Two words'")


def test_a_raw_that_is_not_the_marker_is_caught() -> None:
    import tempfile
    with tempfile.TemporaryDirectory(dir=ROOT / "tests") as folder:
        shadowed = Path(folder) / "shadowed.py"
        shadowed.write_text('from game.i18n import raw\n'
                            'def handle(raw): return raw("Two words")\n', encoding="utf-8")
        foreign = Path(folder) / "foreign.py"
        foreign.write_text('from os import path as raw\n'
                           'A = raw("Two words")\n', encoding="utf-8")
        assert [entry.split(": ", 1)[1] for entry in unmarked(shadowed)] == [
            "'raw' rebound, which hides game.i18n.raw"]
        assert [entry.split(": ", 1)[1] for entry in unmarked(foreign)] == [
            "raw() not from game.i18n"]


def test_raw_is_not_extracted_for_the_catalogs() -> None:
    import io

    from babel.messages.extract import extract

    from game.i18n_catalogs import KEYWORDS
    source = b'raw("info timeout_turn")\n_("Undo")\nN_("Black")\n'
    messages = [message for _line, message, _comments, _context
                in extract("python", io.BytesIO(source), keywords=KEYWORDS)]
    assert messages == ["Undo", "Black"]
    assert MARKERS <= set(KEYWORDS)
