"""Files written by Plies at commit 0fb4cbf keep loading, unchanged.

``tests/files/data/written_by_0fb4cbf/`` holds saved games in every format Plies
writes (Plies JSON, plain text, Gomocup psq, GGF; OBF positions), ``plies match``
records (one with an outside engine, which that version wrote as a human), and a
config folder (settings, results tally, two autosave slots), all written by that
commit's own code (see the folder's README). They are never regenerated: the first
test pins each file's SHA-256, so a refactor that changes them fails here instead of
quietly testing itself. The expected values are read from the files with the standard
library (``json``, ``re``), never through Plies' readers.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from game import settings, tally
from game.formats import load_record, obf
from game.slots import AUTOSAVE_NAME, load_autosave, use_autosave_name

DATA = Path(__file__).parent / "data" / "written_by_0fb4cbf"

SHA256 = {
    "config/autosave-2.json": "c60824f581c5184acbe92494b8cd2a44b6ae012c59c637a69a7d9f9bf0c277eb",
    "config/autosave.json": "6f97d8ee54b15882d9cfc1fcbdf907b04120bce27af3cee4aceb5d3d86aa1c1a",
    "config/results.json": "8b982e3ace6b0862473e47f9e4b048d0e2f5ec9c20f7f828d4816849ff857685",
    "config/settings.json": "8d0d12ae8afc124a8014373d08f006dc014ed36fd18569985512f20fb1e6a07a",
    "connect4-8x7.json": "ae200a6b80ed5e88891ecfe7b55a61592499f9554816f97d92d8b678d4acc07b",
    "connect4-running.json": "d15cc443755ca996e7b6baadad2b1898562f15e03732df0cb07fcaa0aeab7fe0",
    "connect4-running.txt": "b5ae422b07c0a06267c5ea1a825fadb11158f05eef0612473f26cc4411349a13",
    "connect4-won.json": "bb98099108c91725271f00bc4184558905ac7aa7eb1dc1d8e06445260d587d67",
    "connect4-won.txt": "e3bec6518b8720a28d0ded9af78fb106370e8ec900e4f38c84e6d12e8d71701c",
    "gomoku-19-standard.json": "373354055ba9b5282dbfcbb4d47118cef35d5ea092d934d92faccdfff6041073",
    "gomoku-19-standard.txt": "6ffeffc1bb5c04fa2378c78bcf9814c306047d1bcc15475c2bf5cbe284e65cbd",
    "gomoku-swap.json": "825458f4571a04f26b88858d0fee78ac7613507cfe6788dbc7708ddde7bbd34b",
    "gomoku-swap2.json": "2572cf7980e33bb4f9cfa48e934a0c39f0b6f1f431543638441022279db1dc99",
    "gomoku-swap2.txt": "9811473926479cf7cadb11f4151d2607a0062a7aaeee107a4d42fdf3f2b2124b",
    "gomoku-won.json": "0a0b6d9988d9517d2039e74aeeb3297e1cfd9449fb3bc30aafc1dc43cc3491aa",
    "gomoku-won.psq": "ac28a2e20b57917d57252394e3a2e1366968a4c9d43b05846f5d7c2fda2bd1e9",
    "gomoku-won.txt": "a9ca1af8038ba87fb6aa1d727a3e93702f761f55e66bf8e94e570f3eb18c6845",
    "match-connect4-1.json": "497a5d90bc13cc87f577c12289652851bb6fc5316bd95a4e1630bafa4e8087df",
    "match-connect4-2.json": "a2eee356716ba104b4abb7485ae4162e31ea0f4fe71b6280d5ea35712fc26eb3",
    "match-engine-gomoku.json": "161636139b1fc52e8e8437bca14b09a6e7325b83819ebd26ca8a5c95f6946feb",
    "othello-finished.ggf": "9f826f28e9ea4da98d742eabfc41060788f0bb1ebacedcaa24e9530a6f8a52af",
    "othello-finished.json": "c52926d518d0998b5f37a3ba84d426b8bce8e3908ba67b5a631afb094a4662a1",
    "othello-finished.txt": "8f46285f08d80a30da5dc66e1a4141359be6f1f3ed27ad43e0e1bd35cfe74cc0",
    "othello-resigned.json": "997e28f790a9790ce75227535d5c9aba0cf27d5e4efd4997fb0a58fb2d228376",
    "othello-running.ggf": "5878695bc6cb61932d390f926bc7f9ee731f45ef818c203726c52c118670ff4a",
    "othello-running.json": "950d7f795514a6baca37f3d0229e83fd8d6650f20f7722ea57a4d6297960fbe7",
    "othello-running.txt": "30c2a6f9ce7035afec23ecca5a100f4ffbf063db6d22bf01caa125e9f6099aa3",
    "othello-setup.ggf": "f2c8875b453fb6dbe6b88d11ab5a01e6395874acd7b51b1673bb257431bac388",
    "othello-setup.json": "5d8ab8d998628261a25708025c9f20018a2291dda1b0fc293f62cab2e57edf97",
    "othello-setup.txt": "f7ec20d3550eaf41d219394d7b5cf15daa5d42762bd37d4fb32985164229b33f",
    "positions.obf": "5b090de84ee3704fbd0d76a22ed3aa60d4eda9aa283194180e1ffdc5e2304ca1",
}

GAME_FILES = sorted(name for name in SHA256
                    if not name.startswith("config/") and not name.endswith(".obf"))


@pytest.fixture(autouse=True)
def _config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "xdg-config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


def test_the_files_are_the_ones_written_then() -> None:
    found = {str(p.relative_to(DATA)) for p in DATA.rglob("*")
             if p.is_file() and p.name != "README.md"}
    assert found == set(SHA256), "files added to or missing from the fixture folder"
    for name, digest in SHA256.items():
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest, \
            f"{name} was changed: these files are never rewritten"


def _moves_in_file(path: Path) -> str:
    """The file's moves, lowercased with spaces removed, read without Plies."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)["moves"].replace(" ", "").lower()
    if path.suffix == ".txt":
        lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
        return "".join("".join(lines).split()).lower()
    if path.suffix == ".psq":  # "x,y,ms" per move, 1-based, y from the top
        size = int(re.match(r"Piskvorky (\d+)x", text)[1])
        pairs = re.findall(r"^(\d+),(\d+),", text, re.MULTILINE)
        return "".join(f"{chr(ord('a') + int(x) - 1)}{size + 1 - int(y)}" for x, y in pairs)
    assert path.suffix == ".ggf"
    return "".join(re.findall(r"[bw]\[([a-h][1-8]|pa)\]", text.lower()))


def _players_in_file(path: Path) -> list[dict] | None:
    """The players the file names, as record entries (``None``: psq/GGF, not compared)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)["players"]
    if path.suffix != ".txt":
        return None
    players = []
    for kind, rest in re.findall(r"^# player [12] \(\w+\): (human|computer)(.*)$", text,
                                 re.MULTILINE):
        entry: dict = {"type": kind}
        for key, value in re.findall(r"(level|eval)=(\S+)", rest):
            entry[key] = int(value) if key == "level" else value
        players.append(entry)
    return players


def _as_entries(players: list) -> list[dict]:
    return [p if isinstance(p, dict) else p.to_json() for p in players]


@pytest.mark.parametrize("name", GAME_FILES)
def test_every_saved_game_loads_as_written(name: str) -> None:
    path = DATA / name
    record = load_record(path)
    assert "".join(record.moves).lower() == _moves_in_file(path)
    expected_players = _players_in_file(path)
    if expected_players is not None:
        assert _as_entries(record.players) == expected_players
    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        assert record.game == data["game"]
        assert record.variant == data["variant"]
        assert record.result == data["result"]
        assert record.opening == data.get("opening")
        assert record.scores == data.get("scores")
        assert record.start == data.get("start")


def test_obf_positions_load() -> None:
    line = (DATA / "positions.obf").read_text(encoding="utf-8").splitlines()[0]
    board, turn = line.split(";")[0].split()
    [position] = obf.parse(line)
    assert (position.board, "XO"[position.turn]) == (board, turn)
    assert position.annotations == {"d7": 0}


def test_settings_load_as_written() -> None:
    path = DATA / "config" / "settings.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    loaded = settings.load_settings(path)
    for key in ("sound", "theme", "last_game", "animation_speed", "window_size",
                "last_variants", "engine_commands", "engine_sides"):
        assert getattr(loaded, key) == data[key], key
    assert {game: _as_entries(players) for game, players in loaded.last_players.items()} \
        == data["last_players"]
    # The outside engine chosen for Gomoku's second side comes back as that engine.
    second = loaded.players_for("gomoku")[1]
    assert second.is_engine and second.command == "pbrain-embryo -x"


def test_tally_loads_as_written() -> None:
    path = DATA / "config" / "results.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    loaded = tally.load_tally(path)
    for game, levels in data["games"].items():
        for level, entry in levels.items():
            assert loaded.get(game, int(level)) == tuple(entry)


def test_autosaves_load_from_the_config_folder(_config_home: Path) -> None:
    shutil.copytree(DATA / "config", _config_home / "plies")
    for slot, name in ((1, "autosave.json"), (2, "autosave-2.json")):
        use_autosave_name(name)
        try:
            record = load_autosave()
        finally:
            use_autosave_name(AUTOSAVE_NAME)
        data = json.loads((DATA / "config" / name).read_text(encoding="utf-8"))
        assert record is not None, slot
        assert "".join(record.moves) == data["moves"].replace(" ", "")
        assert _as_entries(record.players) == data["players"]
        assert (_config_home / "plies" / name).exists()  # not moved aside as unusable
