"""The one table of engine protocols (``game.protocols``), each protocol's module
(``game.engines.adapters``), and what reads the table."""

from __future__ import annotations

import doctest
import re
import subprocess
from pathlib import Path

import pytest

from game import protocols
from game.engines.adapters import adapter, player_class
from game.engines.external import (
    EngineCancelled,
    EngineError,
    EngineFault,
    EngineProblem,
    ExternalPlayer,
)

ROOT = Path(__file__).resolve().parents[2]


def test_doctest():
    assert doctest.testmod(protocols).failed == 0


def test_one_table():
    """Nothing else in ``game`` declares a protocol table (issue 33: five tables in three
    shapes were six edits for a new protocol)."""
    found = subprocess.run(["grep", "-rn", "-E", r"PROTOCOLS\s*=", "game"], cwd=ROOT,
                           capture_output=True, text=True, check=False).stdout.splitlines()
    assert [line.split(":", 1)[0] for line in found] == ["game/protocols.py"], found


def test_readme_lists_the_tables_protocols():
    """The README's list of protocol names (``protocol=gtp|nboard|pbrain``) is the table's,
    and its ``plies engine`` lines name each protocol by its label."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [listed] = re.findall(r"`protocol=([a-z|]+)`", readme)
    assert sorted(listed.split("|")) == sorted(protocols.NAMES)
    section = readme.split("## Engine protocols", 1)[1].split("\n## ", 1)[0]
    engine_lines = [line for line in section.splitlines()
                    if line.strip().startswith("plies engine")]
    for entry in protocols.PROTOCOLS:
        assert any(entry.label in line for line in engine_lines), entry.label


@pytest.mark.parametrize("entry", protocols.PROTOCOLS, ids=lambda p: p.name)
def test_each_protocol_has_its_module_with_a_player_and_a_server(entry):
    client = player_class(entry.name)
    assert issubclass(client, ExternalPlayer) and client.protocol == entry.name
    assert callable(adapter(entry.name).main)
    assert set(entry.default_for) <= set(entry.games)


def test_every_game_with_engines_has_one_default():
    for game in protocols.game_names():
        defaults = [p.name for p in protocols.PROTOCOLS if game in p.default_for]
        assert len(defaults) == 1 and protocols.default_protocol(game) == defaults[0]
    assert protocols.default_protocol("connect4") is None
    assert protocols.for_game("connect4") == ()
    with pytest.raises(KeyError):
        protocols.protocol("uci")


def test_the_engine_exceptions_share_a_base():
    for error in (EngineFault, EngineError, EngineCancelled):
        assert issubclass(error, EngineProblem)
