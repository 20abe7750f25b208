"""Hostile files through every loader: one sentence naming the file, nothing else.

The files are made in the test (``tests/files/hostile.py``): a FIFO (opening it would
block for good), a device (``/dev/zero`` never ends), a folder, a dangling link, a
sparse 50 MB file, bytes that are not UTF-8, a NUL byte, 100,000 nested brackets. The
loaders: ``game.files`` itself, game records, the autosave, the settings, evaluator
weights (TOML), and on the command line ``analyse --file``, ``solve --file``,
``match --openings`` and ``--eval FILE``, in a subprocess under a memory limit.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import re
import tracemalloc
from pathlib import Path

import pytest

from ai.evaluators import (
    EvaluatorError,
    evaluator_by_name,
    is_evaluator_name,
    load_evaluator,
    load_weights_file,
    weight_range,
    weights_from_toml,
)
from game import files, records
from game.slots import autosave_path
from game.files import FileError, read_lines, read_text
from game.records import RecordError
from game.formats import load_record
from game.slots import load_autosave
from game.settings import Settings, load_settings
from tests.files.hostile import (
    HOSTILE_FILES,
    assert_one_sentence,
    nested_toml,
    run_plies_batch,
)

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX files")

KINDS = list(HOSTILE_FILES)


def one_sentence(error: BaseException, name: str) -> str:
    message = str(error)
    assert "\n" not in message and 0 < len(message) <= 300, message
    assert name in message, message
    return message


# --- game.files -----------------------------------------------------------------------


KINDS_READER = [k for k in KINDS if k != "nested"]


@pytest.mark.parametrize("kind", KINDS_READER)
def test_read_text_refuses_hostile_files(tmp_path: Path, kind: str) -> None:
    path = HOSTILE_FILES[kind](tmp_path)
    with pytest.raises(FileError) as info:
        read_text(path, limit=files.RECORD_BYTES)
    one_sentence(info.value, path.name)


def test_nested_brackets_are_text_for_the_reader(tmp_path: Path) -> None:
    # The reader's job ends at "small UTF-8 text": nesting is each parser's to refuse.
    path = HOSTILE_FILES["nested"](tmp_path)
    assert len(read_text(path, limit=files.RECORD_BYTES)) == 200_000


@pytest.mark.parametrize("kind", KINDS_READER)
def test_read_lines_refuses_hostile_files(tmp_path: Path, kind: str) -> None:
    path = HOSTILE_FILES[kind](tmp_path)
    if kind == "oversized":  # streamed: no total cap, but its one "line" is too long
        with pytest.raises(FileError, match="longer than"):
            list(read_lines(path))
        return
    with pytest.raises(FileError) as info:
        list(read_lines(path))
    one_sentence(info.value, path.name)


def test_special_files_are_refused_before_opening(tmp_path: Path) -> None:
    # A FIFO with no writer: opening it for reading would block forever.
    pipe = HOSTILE_FILES["fifo"](tmp_path)
    with pytest.raises(FileError, match="named pipe"):
        read_text(pipe, limit=100)
    with pytest.raises(FileError, match="named pipe"):
        read_lines(pipe)  # at the call, not at the first line
    with pytest.raises(FileError, match="device"):
        read_text("/dev/zero", limit=100)
    with pytest.raises(FileError, match="link to a file that does not exist"):
        read_text(HOSTILE_FILES["dangling link"](tmp_path), limit=100)


def test_links_can_be_refused(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert read_text(link, limit=100) == "{}"
    with pytest.raises(FileError, match="link"):
        read_text(link, limit=100, follow_links=False)


def test_size_cap_is_exact(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_text("x" * 100)
    assert read_text(path, limit=100) == "x" * 100
    with pytest.raises(FileError, match="too large"):
        read_text(path, limit=99)


def test_strict_utf8_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes("\ufeffcafé".encode())
    assert read_text(path, limit=100) == "café"
    path.write_bytes(b"caf\xe9")
    with pytest.raises(FileError, match="byte 4 is not UTF-8"):
        read_text(path, limit=100)


@pytest.mark.slow
def test_read_lines_streams_many_lines_in_bounded_memory(tmp_path: Path) -> None:
    """50,000 lines (290 kB) are read in a tenth of their size: one line (and a buffer)
    at a time. (A million lines checks the same, twenty times slower under tracemalloc.)"""
    path = tmp_path / "many.txt"
    with open(path, "w") as handle:
        for _ in range(20):
            handle.write("f5d6c3\n4453\n# comment\n\n" * 625)  # 2,500 lines a round
    size = path.stat().st_size
    lines = read_lines(path)
    assert next(lines) == (1, "f5d6c3")  # the first line comes before the rest is read
    tracemalloc.start()
    try:
        count = 1 + sum(1 for _ in lines)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 50_000
    assert peak < size // 10, (peak, size)


def test_read_lines_refuses_a_long_line_and_bad_bytes_where_they_are(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"4453\n" + b"4" * (files.POSITION_LINE_BYTES + 1) + b"\n")
    lines = read_lines(path)
    assert next(lines) == (1, "4453")
    with pytest.raises(FileError, match="line 2 of f.txt is longer than"):
        next(lines)
    path.write_bytes(b"4453\r\n44\xff\n")
    with pytest.raises(FileError, match="line 2 of f.txt is not a text file"):
        list(read_lines(path))


# --- records and the autosave ----------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_records_refuse_hostile_files(tmp_path: Path, kind: str) -> None:
    path = HOSTILE_FILES[kind](tmp_path)
    with pytest.raises(RecordError) as info:
        load_record(path, default_game="connect4")
    one_sentence(info.value, path.name)


RECORD = {"format": "plies-game", "version": 1, "game": "connect4", "variant": {},
          "moves": "4453", "result": None}

BAD_EVAL_NAMES = ["../../etc/passwd", "/dev/zero", "weights.toml", "my weights", "a/b",
                  "a\\b", "C:x", ".hidden", "", "x" * 65, "tab\there", "dots..", "-dash"]


@pytest.mark.parametrize("name", BAD_EVAL_NAMES)
def test_a_record_never_names_a_file_as_evaluator(tmp_path: Path, name: str) -> None:
    players = [{"type": "human"}, {"type": "computer", "level": 3, "eval": name}]
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**RECORD, "players": players}))
    with pytest.raises(RecordError, match="evaluator") as info:
        load_record(path)
    one_sentence(info.value, "game.json")
    text = tmp_path / "game.txt"
    text.write_text(f"# game: connect4\n# player 1: human\n"
                    f"# player 2: computer level=3 eval={name}\n4453\n")
    if name.strip() and "\t" not in name:  # a blank eval= is the default evaluator
        with pytest.raises(RecordError, match="evaluator"):
            load_record(text)


def test_a_record_may_name_a_preset_or_a_user_evaluator(tmp_path: Path) -> None:
    players = [{"type": "computer", "level": 2, "eval": "naive"},
               {"type": "computer", "level": 3, "eval": "my-weights_2"}]
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**RECORD, "players": players}))
    assert [p.to_json() for p in load_record(path).players] == players


def test_an_autosave_naming_a_file_is_set_aside(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    autosave = autosave_path()
    players = [{"type": "human"}, {"type": "computer", "level": 3, "eval": "/dev/zero"}]
    autosave.write_text(json.dumps({**RECORD, "players": players}))
    assert load_autosave() is None
    assert autosave.with_name("autosave.json.bad").exists()


@pytest.mark.parametrize("kind", ["fifo", "directory", "dangling link", "oversized",
                                  "not utf-8", "nested"])
def test_a_hostile_autosave_is_not_loaded(tmp_path: Path, monkeypatch, kind: str) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    autosave = autosave_path()
    made = HOSTILE_FILES[kind](tmp_path)
    os.replace(made, autosave) if not made.is_symlink() else autosave.symlink_to(
        tmp_path / "nowhere")
    assert load_autosave() is None


def test_an_autosave_that_is_a_link_is_not_followed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    target = tmp_path / "elsewhere.json"
    target.write_text(json.dumps(RECORD))
    autosave_path().symlink_to(target)
    assert load_autosave() is None
    assert target.exists()  # set aside is the link, never the file it points to


# --- settings ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_settings_ignore_hostile_files(tmp_path: Path, kind: str) -> None:
    path = HOSTILE_FILES[kind](tmp_path)
    assert load_settings(path) == Settings()


def test_settings_players_may_not_name_a_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"last_players": {"connect4": [
        {"type": "human"}, {"type": "computer", "level": 3, "eval": "../x.toml"}]},
        "theme": "dark"}))
    loaded = load_settings(path)
    assert loaded.theme == "dark"
    assert loaded.players_for("connect4") == records.standard_players()


# --- evaluator weights (TOML) -------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_weights_files_refuse_hostile_files(tmp_path: Path, kind: str) -> None:
    path = (nested_toml if kind == "nested" else HOSTILE_FILES[kind])(tmp_path)
    with pytest.raises(EvaluatorError) as info:
        load_weights_file("othello", path)
    one_sentence(info.value, path.name)


BAD_TOML = {
    "base = []": ('base = []\n', "base must name a preset"),
    "base a table": ('[base]\nx = 1\n', "base must name a preset"),
    "base unknown": ('base = "strongest"\n', "base must name a preset"),
    "game a list": ('game = ["othello"]\n', "holds weights for"),
    "other game": ('game = "gomoku"\n', "holds weights for"),
    "weights a list": ('weights = [1, 2]\n', "must be a table"),
    "weights a number": ('weights = 3\n', "must be a table"),
    "unknown weight": ('[weights]\nspeed = 3\n', "unknown weight"),
    "unknown entry": ('mode = "fast"\n', "unknown entry"),
    "400 digits": ("[weights]\nmobility = " + "9" * 400 + "\n", "whole number from 0 to 400"),
    "1e308": ("[weights]\nmobility = 1e308\n", "whole number from 0 to 400"),
    "nan": ("[weights]\nmobility = nan\n", "whole number"),
    "inf": ("[weights]\nmobility = inf\n", "whole number"),
    "-inf": ("[weights]\nedges = -inf\n", "whole number"),
    "a fraction": ("[weights]\nmobility = 1.5\n", "whole number"),
    "a boolean": ("[weights]\nmobility = true\n", "whole number"),
    "a string": ('[weights]\nmobility = "20"\n', "whole number"),
    "a table": ("[weights.mobility]\nx = 1\n", "whole number"),
    "below range": ("[weights]\nedges = -201\n", "from -200 to 200"),
    "above range": ("[weights]\ncorners = 4001\n", "from 0 to 4000"),
    "nested": ("x = " + "[" * 30_000 + "]" * 30_000 + "\n", "nested too deeply"),
    "bad syntax": ("[weights\n", "not valid TOML"),
    "huge exponent int": ("[weights]\nmobility = 0x" + "f" * 5000 + "\n", "weight"),
}


@pytest.mark.parametrize("case", BAD_TOML, ids=list(BAD_TOML))
def test_bad_weights_files(tmp_path: Path, case: str) -> None:
    content, expected = BAD_TOML[case]
    path = tmp_path / "w.toml"
    path.write_text(content)
    with pytest.raises(EvaluatorError) as info:
        load_evaluator("othello", str(path))
    message = one_sentence(info.value, str(path))
    assert expected in message, message


GAMES = ("connect4", "othello", "gomoku")


@pytest.mark.parametrize("game", GAMES)
def test_every_weight_is_checked_against_its_range(game: str) -> None:
    module = importlib.import_module(f"ai.evaluators.{game}")
    for field in dataclasses.fields(module.Weights):
        low, high = weight_range(module.Weights, field.name)
        for value in (low, high):
            try:
                weights = weights_from_toml(game, f"[weights]\n{field.name} = {value}\n")
            except EvaluatorError as error:  # a rule across fields, not the range
                assert "must" in str(error) and field.name in ("forced_win", "five"), error
                continue
            assert getattr(weights, field.name) == value
        for value in (low - 1, high + 1):
            with pytest.raises(EvaluatorError, match=f"from {low} to {high}"):
                weights_from_toml(game, f"[weights]\n{field.name} = {value}\n")


@pytest.mark.parametrize("game", GAMES)
def test_presets_lie_inside_the_ranges(game: str) -> None:
    module = importlib.import_module(f"ai.evaluators.{game}")
    for name, preset in module.PRESETS.items():
        for field in dataclasses.fields(preset):
            low, high = weight_range(type(preset), field.name)
            assert low <= getattr(preset, field.name) <= high, (name, field.name)


@pytest.mark.parametrize("game", GAMES)
def test_documented_ranges_equal_the_enforced_ones(game: str) -> None:
    module = importlib.import_module(f"ai.evaluators.{game}")
    doc = module.__doc__
    for field in dataclasses.fields(module.Weights):
        low, high = weight_range(module.Weights, field.name)
        # The field's entry: "``name``" (maybe "/ ``other``"), then "(...low..high...)".
        entry = re.search(rf"``{field.name}``[^\n]*?\(([^)\n]*)\)", doc)
        assert entry, f"{game}: {field.name} is not documented"
        text = entry.group(1).replace("..", "-").replace(" or ", "-")
        ranges = re.findall(r"(-?\d+)\s*-\s*(-?\d+)", text)
        assert ranges, entry.group(0)
        assert (str(low), str(high)) == ranges[-1], (field.name, entry.group(0))


def test_tuning_files_still_load() -> None:
    root = Path(__file__).resolve().parents[2] / "ai" / "tuning"
    for path in sorted(root.glob("*.toml")):
        game = path.name.split("-")[0]
        load_evaluator(game, str(path))


def test_names_and_paths_are_kept_apart(tmp_path: Path, monkeypatch) -> None:
    assert all(not is_evaluator_name(name) for name in BAD_EVAL_NAMES)
    user = tmp_path / "evaluators"
    user.mkdir()
    (user / "mine.toml").write_text('game = "connect4"\n[weights]\ncentre = 7\n')
    assert evaluator_by_name("connect4", "mine", user_dir=user).weights.centre == 7
    assert load_evaluator("connect4", "mine", user_dir=user).weights.centre == 7
    # A name never reaches a file outside the evaluators folder, even one right here.
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "trap")
    with pytest.raises(EvaluatorError, match="unknown evaluator 'trap' for connect4"):
        evaluator_by_name("connect4", "trap", user_dir=user)
    for name in BAD_EVAL_NAMES:
        with pytest.raises(EvaluatorError, match="not an evaluator name"):
            evaluator_by_name("connect4", name, user_dir=user)
    # The command line may name a file by its path.
    path = tmp_path / "w.toml"
    path.write_text("[weights]\ncentre = 9\n")
    assert load_evaluator("connect4", str(path)).weights.centre == 9


# --- the command line, in a subprocess under a memory limit ----------------------------------------


CLI_LOADERS = {
    "analyse --file": lambda p: ("analyse", "connect4", "--depth", "1", "--file", str(p)),
    "solve --file": lambda p: ("solve", "connect4", "--file", str(p)),
    "match --openings": lambda p: ("match", "connect4", "--a", "depth=1", "--b", "depth=1",
                                   "--games", "2", "--jobs", "1", "--openings", str(p)),
    "analyse --eval": lambda p: ("analyse", "connect4", "--depth", "1", "--eval", str(p)),
}


CLI_KINDS = ["fifo", "device", "directory", "dangling link", "oversized", "not utf-8",
             "nul byte"]
POSITIONS = "# two good positions, then a bad one\n4453\n44\n4444444\n44\n"


@pytest.fixture(scope="module")
def cli_runs(tmp_path_factory) -> dict:
    """Every command-line case below, run once: all in one interpreter under the memory
    limit and the timeout (``run_plies_batch``; a loader that reads ``/dev/zero`` or
    blocks on the FIFO still fails), each in a folder of its own as with ``tmp_path``,
    instead of an interpreter start (0.4 CPU-seconds) per case."""
    root = tmp_path_factory.mktemp("cli")
    keys, cases, runs = [], [], {}
    for number, (loader, kind) in enumerate(
            (loader, kind) for loader in CLI_LOADERS for kind in CLI_KINDS):
        folder = root / f"case{number}"
        folder.mkdir()
        path = HOSTILE_FILES[kind](folder)
        runs[loader, kind, "path"] = path
        keys.append((loader, kind))
        cases.append((CLI_LOADERS[loader](path), {"XDG_CONFIG_HOME": str(folder)}))
    (root / "nested").mkdir()
    keys.append("nested toml")
    cases.append((CLI_LOADERS["analyse --eval"](nested_toml(root / "nested")), {}))
    positions = root / "positions.txt"
    positions.write_text(POSITIONS)
    runs["positions path"] = positions
    keys.append("positions")
    cases.append((("analyse", "connect4", "--depth", "1", "--file", str(positions), "--json"),
                  {}))
    runs.update(zip(keys, run_plies_batch(cases, root / "results.jsonl")))
    return runs


@pytest.mark.slow
@pytest.mark.parametrize("loader", CLI_LOADERS)
@pytest.mark.parametrize("kind", CLI_KINDS)
def test_cli_loaders_refuse_hostile_files(cli_runs: dict, loader: str, kind: str) -> None:
    path, done = cli_runs[loader, kind, "path"], cli_runs[loader, kind]
    assert_one_sentence(done, contains=str(path) if kind != "device" else "device")
    assert done.stdout == ""


def test_cli_eval_refuses_nested_toml(cli_runs: dict) -> None:
    assert_one_sentence(cli_runs["nested toml"], contains="nested too deeply")


def test_cli_position_lists_are_answered_line_by_line(cli_runs: dict) -> None:
    path, done = cli_runs["positions path"], cli_runs["positions"]
    assert done.returncode == 2, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["moves"] for a in answers] == ["4453", "44"]  # answered before the bad line
    assert_one_sentence(done, contains=f"{path}, line 4: ")


@pytest.mark.parametrize("kind", KINDS)
def test_the_results_tally_ignores_hostile_files(tmp_path: Path, kind: str) -> None:
    from game.tally import load_tally

    assert load_tally(HOSTILE_FILES[kind](tmp_path)).counts == {}
