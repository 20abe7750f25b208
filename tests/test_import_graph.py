"""Imports point one way (DESIGN §1, §9): no circle, and no import from a lower layer
to a higher one.

The graph is built from the source with ``ast`` (nothing is imported), over every
module of ``game/`` and ``ai/``. Every import counts, at the top of a module or inside
a function (an import moved into a function to dodge a circle is still a circle);
only imports under ``if TYPE_CHECKING:`` are left out, since they never run.

Layers, lowest first; a module may import its own layer or a lower one:

0. ``game.rules`` -- pure rules; and ``game.files``, the one safe file reader and
   writer (standard library only), which the evaluators' weights files go through too;
   and ``game.i18n``, the translation functions every layer's texts go through.
1. ``ai`` -- the search library and what it explains (not ``ai.tools``/``ai.tuning``:
   developer scripts kept out of the wheel, which may use anything).
2. the application's core: players, records, settings, clocks, the lessons' data.
3. the formats that read and write records (and what reads text as a game: the paste
   reader, the autosave slots), and the outside engines' adapters.
4. the headless commands (``game.commands``, and ``plies engine``, matches, tournaments
   and the cluster that plays their games, which are commands too).
5. ``game.ui`` -- the window.
6. ``game.cli`` and ``game.__main__`` -- the entry point that starts either.

A string registry counts as an import: a string constant in a module that is exactly
the dotted name of a module (``{"connect4": "ai.evaluators.connect4"}`` handed to
``importlib.import_module``) is an edge like ``import ai.evaluators.connect4``.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "ai")
SCRIPTS = ("ai.tools", "ai.tuning")
"""Developer scripts: outside the layers (they import what they measure)."""

LAYERS = (
    ("game.rules", "game.files", "game.i18n"),
    ("ai",),
    ("game",),
    ("game.formats", "game.engines", "game.paste", "game.slots"),
    ("game.commands", "game.match", "game.tournament",
     "game.cluster"),
    ("game.ui",),
    ("game.cli", "game.__main__"),
)
LAYER_NAMES = ("rules and files", "ai", "core (players, records, settings)",
               "formats and engines", "commands", "ui", "cli")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of ``game`` and ``ai`` (developer scripts left out) by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = _module_name(path)
            if not name.startswith(SCRIPTS):
                found[name] = path
    return found


def layer(name: str) -> int:
    """The layer of a module: the longest prefix in :data:`LAYERS` that names it."""
    best, best_len = -1, -1
    for number, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = number, len(prefix)
    return best


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``tree`` (module ``name``) imports at run time."""
    found: set[str] = set()

    def resolve(target: str) -> str | None:
        while target and target not in known:  # `from game.records import X`: the module
            target = target.rpartition(".")[0]
        return target or None

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if (target := resolve(alias.name)) is not None:
                    found.add(target)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[:len(base) - node.level + (1 if is_package else 0)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:  # `from game import records`: a submodule
                full = f"{source}.{alias.name}"
                target = full if full in known else resolve(source)
                if target is not None:
                    found.add(target)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and "." in node.value and node.value in known:  # a registry's module name, imported by string
            found.add(node.value)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(name)
    return found


@functools.cache
def graph() -> dict[str, frozenset[str]]:
    """``{module: the modules it imports}`` over :func:`modules`."""
    found = modules()
    known = set(found)
    return {name: frozenset(_imports(ast.parse(path.read_text(encoding="utf-8")), name,
                                     path.name == "__init__.py", known))
            for name, path in found.items()}


def cycles(edges: dict[str, frozenset[str]] | dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def upward(edges: dict[str, frozenset[str]]) -> list[str]:
    """Each import from a lower layer to a higher one, as one line."""
    return [f"{name} ({LAYER_NAMES[layer(name)]}) imports {target} "
            f"({LAYER_NAMES[layer(target)]})"
            for name, targets in sorted(edges.items()) for target in sorted(targets)
            if layer(target) > layer(name)]


def test_every_module_has_a_layer() -> None:
    assert [name for name in modules() if layer(name) < 0] == []


def test_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_no_upward_import() -> None:
    assert upward(graph()) == []


def reachable(edges: dict[str, frozenset[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_the_window_never_loads_the_match_runner() -> None:
    """Opening decisions live in ``ai.openings`` (DESIGN §9): no scene, the session or
    the app reaches ``game.match`` (the tournament runner and its worker processes)."""
    edges = graph()
    assert [name for name in edges if name.startswith("game.ui")
            and "game.match" in reachable(edges, name)] == []


def test_the_graph_sees_lazy_and_relative_imports() -> None:
    """The reader itself: an import inside a function counts, one under TYPE_CHECKING
    does not, and ``from . import x`` resolves to the sibling module."""
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"}
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "from . import b\n"
                     "if TYPE_CHECKING:\n    import pkg.c\n"
                     "def f():\n    from pkg.d import thing\n")
    assert _imports(tree, "pkg.a", False, known) == {"pkg.b", "pkg.d"}
    registry = ast.parse('import importlib\nMODULES = {"x": "pkg.c"}\nNOTE = "pkg.c and more"\n'
                         'def load(k):\n    return importlib.import_module(MODULES[k])\n')
    assert _imports(registry, "pkg.a", False, known) == {"pkg.c"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


if __name__ == "__main__":  # print the house: modules, lines, who imports whom
    edges = graph()
    paths = modules()
    for name in sorted(edges):
        lines = len(paths[name].read_text(encoding="utf-8").splitlines())
        print(f"{name:40} {lines:5}  <- {len([n for n in edges if name in edges[n]]):2}  "
              f"-> {', '.join(sorted(edges[name]))}")
    print("circles:", *cycles(edges), sep="\n  ")
    print("upward:", *upward(edges), sep="\n  ")
