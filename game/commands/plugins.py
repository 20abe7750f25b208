"""``plies plugins [--json]``: every plugin found, where it came from, what it adds, and
for each one refused, why (one sentence).

Each evaluator a plugin adds (a plugin game's own ``default`` included) is also tried
on the positions of a short random game (``game.plugins.probe``), so an evaluator
that raises, returns a non-number, NaN or a number out of range, or never returns is
named here with its sentence before it is chosen for a game.
"""

from __future__ import annotations

import argparse

from game.commands.common import emit
from game.i18n import _


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``plies plugins``."""
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))


def run(args: argparse.Namespace) -> int:
    """``plies plugins``."""
    from game.plugins import loaded_plugins, plugins_dir, probe

    plugins = loaded_plugins()
    for plugin in plugins:
        for game_name in plugin.games:
            plugin.faults.update({(game_name, "default"): fault for fault in
                                  [probe(game_name, "default")] if fault})
        for game_name, name in plugin.evaluators:
            fault = probe(game_name, name)
            if fault:
                plugin.faults[(game_name, name)] = fault
    folder = plugins_dir()
    payload = {
        "folder": str(folder),
        "plugins": [p.as_json() for p in plugins],
        "games": [g for p in plugins for g in p.games],
        "evaluators": [{"game": g, "name": n} for p in plugins for g, n in p.evaluators],
        "refused": [{"name": p.name, "reason": p.refusal} for p in plugins if p.refusal],
        "faults": [{"game": g, "name": n, "fault": f} for p in plugins
                   for (g, n), f in p.faults.items()],
    }
    lines = [_("plugins folder: {folder}").format(folder=folder)]
    if not plugins:
        lines.append(_("no plugins found"))
    for plugin in plugins:
        # Translators: {source} is "folder" or "distribution", {where} a path or "NAME 1.0".
        lines.append(_("{name} ({source}: {where})").format(
            name=plugin.name, source=plugin.source, where=plugin.location))
        if plugin.refusal:
            lines.append("  " + _("refused: {reason}").format(reason=plugin.refusal))
        for game_name in plugin.games:
            lines.append("  " + _("game {name}").format(name=game_name))
            if (game_name, "default") in plugin.faults:
                lines.append("    " + _("fault: {reason}").format(
                    reason=plugin.faults[(game_name, "default")]))
        for game_name, name in plugin.evaluators:
            lines.append("  " + _("evaluator {name} for {game}").format(name=name,
                                                                         game=game_name))
            if (game_name, name) in plugin.faults:
                lines.append("    " + _("fault: {reason}").format(
                    reason=plugin.faults[(game_name, name)]))
    emit(args, payload, "\n".join(lines))
    return 0
