"""Game records: round trips, validation of hostile files, atomic writes, autosave."""

from __future__ import annotations

import json
import os
import stat
import pickle
import random
from pathlib import Path

import pytest

from game import records
from game.files import atomic_write_text
from game.formats import MAX_FILE_BYTES, load_record, save_record
from game.records import (
    GameRecord,
    RecordError,
    computer,
    human,
    record_from_game,
    record_to_game,
)
from game.rules import PASS, Game, new_game
from game.settings import config_dir, games_dir
from game.slots import autosave_path, clear_autosave, load_autosave, save_autosave

PLAYERS = [human(), computer(5, "default")]


@pytest.fixture(autouse=True)
def _config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own config folder, never the real one."""
    home = tmp_path / "xdg-config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


def othello_with_pass(seed_start: int = 0) -> Game:
    """An Othello game, from seeded random playouts, whose move stack holds a pass."""
    for seed in range(seed_start, seed_start + 2000):
        rng = random.Random(seed)
        g = new_game("othello")
        while not g.is_over():
            g.push(rng.choice(g.legal_moves()))
            if g.move_stack[-1] == PASS:
                # play on a few moves after the pass so that it sits in the middle
                for _ in range(3):
                    if g.is_over():
                        break
                    g.push(rng.choice(g.legal_moves()))
                return g
    raise AssertionError("no random Othello game with a pass")


def finished(name: str, seed: int = 1, **variant: object) -> Game:
    """A random game of ``name`` played to its end."""
    rng = random.Random(seed)
    g = new_game(name, **variant)
    while not g.is_over():
        g.push(rng.choice(g.legal_moves()))
    return g


def sample_games() -> list[Game]:
    c4 = new_game("connect4", width=5, height=4, connect=3)
    c4.play_moves("1223")
    gomoku = new_game("gomoku", size=19, rule="standard")
    gomoku.play_moves("j10 k11 j11 k12 a1 s19")
    return [c4, gomoku, othello_with_pass(),
            finished("connect4", width=5, height=4, connect=3),
            finished("gomoku", size=9), finished("othello")]


def write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def game_json(**fields: object) -> str:
    data: dict[str, object] = {"format": "plies-game", "version": 1, "game": "othello",
                               "variant": {}, "moves": "f5d6c3", "players": [p.to_json() for p in PLAYERS],
                               "result": None}
    data.update(fields)
    return json.dumps(data)


def assert_one_line_error(path: Path, *, contains: str = "", **kwargs: object) -> str:
    """Loading ``path`` raises RecordError with one short line naming the file."""
    with pytest.raises(RecordError) as info:
        load_record(path, **kwargs)
    message = str(info.value)
    assert "\n" not in message and 0 < len(message) <= 300, message
    assert path.name in message, message
    assert contains.lower() in message.lower(), message
    return message


# --- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".json", ".txt"])
@pytest.mark.parametrize("index", range(6))
def test_round_trip(tmp_path: Path, suffix: str, index: int) -> None:
    game = sample_games()[index]
    record = record_from_game(game, PLAYERS)
    path = tmp_path / f"game{suffix}"
    save_record(path, record)
    loaded = load_record(path)
    assert loaded == record, f"{path.read_text()}\n{game}"
    again = record_to_game(loaded)
    assert again.move_stack == game.move_stack
    assert again.key() == game.key()
    assert again.variant() == game.variant()
    assert again.outcome() == game.outcome()


def test_record_fields() -> None:
    g = othello_with_pass()
    record = record_from_game(g, PLAYERS)
    assert record.game == "othello" and record.variant == {}
    assert "PA" in record.moves
    assert record.players == PLAYERS
    c4 = new_game("connect4", width=5, height=4, connect=3)
    assert record_from_game(c4, PLAYERS).variant == {"width": 5, "height": 4, "connect": 3}


def test_finished_results() -> None:
    othello = finished("othello")
    result = record_from_game(othello, PLAYERS).result
    assert result is not None
    assert result["winner"] == othello.outcome().winner
    assert result["margin"] == othello.final_margin()
    assert (result["margin"] > 0) == (result["winner"] == 0) or result["winner"] is None
    gomoku = finished("gomoku", size=9)
    result = record_from_game(gomoku, PLAYERS).result
    assert result == {"winner": gomoku.outcome().winner, "reason": gomoku.outcome().reason}
    assert record_from_game(new_game("connect4"), PLAYERS).result is None


def test_json_writes_moves_as_the_game_string(tmp_path: Path) -> None:
    g = new_game("gomoku")
    g.play_moves("h8 i9 j10")
    save_record(tmp_path / "g.json", record_from_game(g, PLAYERS))
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["format"] == "plies-game" and data["version"] == 1
    assert data["moves"] == "h8 i9 j10"
    assert data["variant"] == {"size": 15, "rule": "freestyle"}
    assert set(data) == {"format", "version", "game", "variant", "moves", "players", "result"}


def test_json_accepts_a_list_of_moves(tmp_path: Path) -> None:
    path = write(tmp_path / "g.json", game_json(moves=["f5", "d6", "c3"]))
    assert load_record(path).moves == ["f5", "d6", "c3"]


def test_othello_pass_may_be_left_out(tmp_path: Path) -> None:
    g = othello_with_pass()
    without = g.moves_text(m for m in g.move_stack if m != PASS)
    path = write(tmp_path / "g.json", game_json(moves=without))
    assert load_record(path).moves == [g.move_name(m) for m in g.move_stack]


def test_text_without_header_uses_the_default_game(tmp_path: Path) -> None:
    path = write(tmp_path / "g.txt", "4453\n")
    record = load_record(path, default_game="connect4",
                         default_variant={"width": 5, "height": 4, "connect": 3})
    assert record.game == "connect4" and record.moves == ["4", "4", "5", "3"]
    assert record.variant == {"width": 5, "height": 4, "connect": 3}
    assert record.players == records.standard_players()


def test_text_header_wins_over_the_default(tmp_path: Path) -> None:
    path = write(tmp_path / "g.txt", "# game: gomoku size=19 rule=standard\n"
                                     "# a comment\nj10 k11  # and a trailing one\n")
    record = load_record(path, default_game="connect4")
    assert record.game == "gomoku" and record.variant == {"size": 19, "rule": "standard"}
    assert record.moves == ["j10", "k11"]


def test_text_player_eval_is_a_name_not_a_path(tmp_path: Path) -> None:
    players = [computer(2, "my-weights_2"), human()]
    record = record_from_game(new_game("othello"), players)
    save_record(tmp_path / "g.txt", record)
    assert load_record(tmp_path / "g.txt").players == players
    with pytest.raises(RecordError, match="evaluator"):
        record_from_game(new_game("othello"), [computer(2, "my weights/strong one.toml"),
                                               human()])


def test_unknown_suffix_is_sniffed(tmp_path: Path) -> None:
    g = new_game("othello")
    g.play_moves("f5d6")
    record = record_from_game(g, PLAYERS)
    save_record(tmp_path / "game.plies", record)  # unknown suffix: written as JSON
    assert (tmp_path / "game.plies").read_text().startswith("{")
    assert load_record(tmp_path / "game.plies") == record
    write(tmp_path / "moves.dat", "f5d6\n")
    assert load_record(tmp_path / "moves.dat", default_game="othello").moves == ["f5", "d6"]


def test_bom_and_crlf_are_accepted(tmp_path: Path) -> None:
    path = write(tmp_path / "g.txt", b"\xef\xbb\xbf# game: othello\r\nf5d6\r\n")
    assert load_record(path).moves == ["f5", "d6"]


def test_stated_result_must_agree(tmp_path: Path) -> None:
    g = finished("gomoku", size=9)
    record = record_from_game(g, PLAYERS)
    winner = record.result["winner"]
    wrong = {"winner": None if winner is not None else 0, "reason": "made up"}
    path = write(tmp_path / "g.json", game_json(game="gomoku", variant={"size": 9},
                                                moves=g.moves_text(), result=wrong))
    assert_one_line_error(path, contains="result")
    # no result at all: recomputed
    write(path, game_json(game="gomoku", variant={"size": 9}, moves=g.moves_text()))
    assert load_record(path).result == record.result


def test_result_on_an_unfinished_game_is_kept(tmp_path: Path) -> None:
    resigned = {"winner": 1, "reason": "resigned"}
    path = write(tmp_path / "g.json", game_json(result=resigned))
    assert load_record(path).result == resigned


# --- hostile and broken files --------------------------------------------------------------


BAD_JSON = {
    "truncated": (game_json()[:40], "truncated or not valid JSON (line 1, column"),
    "wrong format": (game_json(format="chess-game"), "is not a Plies game file"),
    "not an object": ("[1, 2, 3]", "is not a Plies game file"),
    "version 99": (game_json(version=99), "newer version"),
    "version text": (game_json(version="1"), "version"),
    "moves a number": (game_json(moves=42), "moves"),
    "moves a list of numbers": (game_json(moves=["f5", 7]), "move 2"),
    "illegal move in the middle": (game_json(moves="f5d6f5c3"), "move 3"),
    "not a square": (game_json(moves="f5z9"), "'z9' is not a square"),
    "unknown game": (game_json(game="chess"), "'chess' is not a game"),
    "game not text": (game_json(game=["othello"]), "is not a game"),
    "variant out of range": (game_json(game="gomoku", variant={"size": 99}, moves=""),
                             "9 to 25"),
    "variant unknown key": (game_json(game="gomoku", variant={"colour": 1}, moves=""),
                            "not an option"),
    "variant bool": (game_json(game="connect4", variant={"width": True}, moves=""), "width"),
    "variant float": (game_json(game="connect4", variant={"width": 7.0}, moves=""), "width"),
    "variant not a dict": (game_json(variant=[8]), "variant"),
    "othello has no options": (game_json(variant={"size": 10}), "no options"),
    "one player": (game_json(players=[{"type": "human"}]), "two players"),
    "player type": (game_json(players=[{"type": "alien"}, {"type": "human"}]), "type"),
    "level too high": (game_json(players=[{"type": "computer", "level": 9},
                                          {"type": "human"}]), "level"),
    "level bool": (game_json(players=[{"type": "computer", "level": True},
                                      {"type": "human"}]), "level"),
    "eval not text": (game_json(players=[{"type": "computer", "level": 3, "eval": {}},
                                         {"type": "human"}]), "evaluator"),
    "result winner 2": (game_json(result={"winner": 2, "reason": "x"}), "winner"),
    "result without reason": (game_json(result={"winner": 1}), "reason"),
    "result a list": (game_json(result=[1]), "result"),
    "missing moves": ('{"format": "plies-game", "version": 1, "game": "othello"}', "moves"),
    "duplicate key": ('{"format": "plies-game", "version": 1, "game": "othello", '
                      '"moves": "", "moves": "f5"}', "repeats the key 'moves'"),
    "NaN": ('{"format": "plies-game", "version": NaN}', "NaN"),
    "deep nesting": ("[" * 200_000 + "]" * 200_000, "nested too deeply"),
    "deep nesting, truncated": ('{"format": "plies-game", "a": ' + "[" * 500_000,
                                "game"),
    "huge number": ('{"format": "plies-game", "version": ' + "9" * 50_000 + "}",
                    "number too long"),
    "too many moves": (game_json(moves=["f5"] * 5000), "more than any board"),
    "empty": ("", "game.json is empty"),
    "blank": ("  \n\n", "game.json is empty"),
}


@pytest.mark.parametrize("case", BAD_JSON, ids=list(BAD_JSON))
def test_bad_json(tmp_path: Path, case: str) -> None:
    content, expected = BAD_JSON[case]
    assert_one_line_error(write(tmp_path / "game.json", content), contains=expected)


BAD_TEXT = {
    "bad square on line 3": ("# game: othello\nf5d6\nc3 z9\n", "line 3 of game.txt: 'z9'"),
    "illegal move": ("# game: gomoku\nh8 h8\n", "line 2 of game.txt: h8"),
    "no game": ("f5d6\n", "which game"),
    "unknown game": ("# game: chess\ne4\n", "'chess'"),
    "bad option": ("# game: connect4 width=seven\n", "whole number"),
    "option out of range": ("# game: connect4 width=30\n", "variant"),
    "unknown option": ("# game: connect4 depth=3\n", "no option 'depth'"),
    "bad player": ("# game: othello\n# player 1: robot\n# player 2: human\n", "player"),
    "bad level": ("# game: othello\n# player 1: computer level=12\n# player 2: human\n",
                  "level"),
    "one player": ("# game: othello\n# player 2: human\n", "one player"),
    "moves after the end": ("# game: connect4 width=4 height=4 connect=3\n1212121\n",
                            "over"),
}


@pytest.mark.parametrize("case", BAD_TEXT, ids=list(BAD_TEXT))
def test_bad_text(tmp_path: Path, case: str) -> None:
    content, expected = BAD_TEXT[case]
    assert_one_line_error(write(tmp_path / "game.txt", content), contains=expected)


def test_wrong_default_game_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path / "game.txt", "4453")
    assert_one_line_error(path, contains="not a game", default_game="chess")
    assert_one_line_error(path, contains="variant", default_game="connect4",
                          default_variant={"width": 99})


@pytest.mark.parametrize("suffix", [".json", ".txt", ".bin"])
def test_binary_garbage(tmp_path: Path, suffix: str) -> None:
    garbage = bytes(random.Random(7).randrange(256) for _ in range(4096))
    assert_one_line_error(write(tmp_path / f"game{suffix}", garbage), contains="not a text file")


def test_invalid_utf8_without_nul(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", b'{"format": "\xff\xfe"}')
    assert_one_line_error(path, contains="not UTF-8")


class Evil:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("echo pwned > pwned.txt",))


@pytest.mark.parametrize("protocol", [0, 2, pickle.HIGHEST_PROTOCOL])
@pytest.mark.parametrize("suffix", [".json", ".txt", ".sav"])
def test_pickle_payload_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   protocol: int, suffix: str) -> None:
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path / f"game{suffix}", pickle.dumps(Evil(), protocol=protocol))
    assert_one_line_error(path, default_game="othello")
    assert not (tmp_path / "pwned.txt").exists()


def test_huge_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with open(path, "wb") as f:
        f.write(game_json().encode())
        f.write(b" " * MAX_FILE_BYTES)
    assert_one_line_error(path, contains="too large")


def test_directory(tmp_path: Path) -> None:
    folder = tmp_path / "game.json"
    folder.mkdir()
    assert_one_line_error(folder, contains="folder")


def test_missing_file(tmp_path: Path) -> None:
    assert_one_line_error(tmp_path / "nowhere.json", contains="does not exist")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    assert_one_line_error(fifo, contains="not a regular file")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_file(tmp_path: Path) -> None:
    path = write(tmp_path / "game.json", game_json())
    path.chmod(0)
    assert_one_line_error(path, contains="cannot be read")


def test_record_to_game_errors() -> None:
    with pytest.raises(RecordError, match="move 2"):
        record_to_game(GameRecord("othello", {}, ["f5", "f5"], PLAYERS))
    with pytest.raises(RecordError):
        record_to_game(GameRecord("chess", {}, [], PLAYERS))
    with pytest.raises(RecordError):
        record_to_game(GameRecord("gomoku", {"size": 3}, [], PLAYERS))
    with pytest.raises(RecordError, match="move 1"):
        record_to_game(GameRecord("connect4", {}, ["x"], PLAYERS))


def test_record_from_game_checks_players() -> None:
    with pytest.raises(RecordError):
        record_from_game(new_game("othello"), [human()])
    with pytest.raises(RecordError):
        record_from_game(new_game("othello"), [human(), {"type": "computer", "level": 0}])


# --- saving ----------------------------------------------------------------------------


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    record = record_from_game(othello_with_pass(), PLAYERS)
    for name in ("a.json", "a.txt", "a.json"):
        save_record(tmp_path / name, record)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "a.txt"]


@pytest.fixture
def umask_027():
    old = os.umask(0o027)
    yield 0o640  # 0666 less the umask: what a new file gets
    os.umask(old)


@pytest.mark.skipif(os.name != "posix", reason="file modes and links are POSIX's")
def test_an_atomic_write_gives_a_new_file_the_default_mode(tmp_path: Path, umask_027) -> None:
    path = tmp_path / "new.json"
    atomic_write_text(path, "{}\n")
    assert path.stat().st_mode & 0o777 == umask_027


@pytest.mark.skipif(os.name != "posix", reason="file modes and links are POSIX's")
def test_an_atomic_write_keeps_a_regular_files_own_mode(tmp_path: Path, umask_027) -> None:
    path = tmp_path / "private.json"
    path.write_text("old")
    path.chmod(0o600)
    atomic_write_text(path, "new")
    assert path.read_text() == "new" and path.stat().st_mode & 0o777 == 0o600


@pytest.mark.skipif(os.name != "posix", reason="file modes and links are POSIX's")
def test_an_atomic_write_through_a_link_replaces_its_file_and_keeps_the_link(
        tmp_path: Path, umask_027) -> None:
    """The link is the user's (a settings file kept with their other dotfiles): the file
    it names is replaced, with that file's own mode, and the link stays."""
    target_path = tmp_path / "target.json"
    target_path.write_text("theirs")
    target_path.chmod(0o644)
    link = tmp_path / "manifest.json"
    link.symlink_to(target_path)
    atomic_write_text(link, "ours")
    assert link.is_symlink() and target_path.read_text() == "ours"
    assert target_path.stat().st_mode & 0o777 == 0o644


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_an_atomic_write_over_a_link_to_a_special_file_is_refused(tmp_path: Path) -> None:
    """A link to a device or a pipe where Plies keeps a file: neither written through nor
    replaced (``special`` is for the files a person names on the command line)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "manifest.json"
    link.symlink_to(fifo)
    with pytest.raises(OSError, match="named pipe"):
        atomic_write_text(link, "ours")
    assert link.is_symlink() and stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.parametrize("bad", [
    GameRecord("othello", {"bad": object()}, [], PLAYERS),
    GameRecord("othello", {}, ["f5", "f5"], PLAYERS),
    GameRecord("othello", {}, [object()], PLAYERS),  # type: ignore[list-item]
    GameRecord("othello", {}, [], [human(), {"type": "computer", "eval": object()}]),
    GameRecord("othello", {}, [], PLAYERS, result={"winner": 0, "reason": object()}),
    GameRecord("chess", {}, [], PLAYERS),
])
@pytest.mark.parametrize("suffix", [".json", ".txt"])
def test_failed_save_keeps_the_old_file(tmp_path: Path, bad: GameRecord, suffix: str) -> None:
    path = tmp_path / f"game{suffix}"
    good = record_from_game(finished("othello"), PLAYERS)
    save_record(path, good)
    before = path.read_bytes()
    with pytest.raises(RecordError):
        save_record(path, bad)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    assert load_record(path) == good


def test_failed_rename_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    save_record(path, record_from_game(new_game("othello"), PLAYERS))
    before = path.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.files.os.replace", broken_replace)
    g = new_game("othello")
    g.play_moves("f5")
    with pytest.raises(RecordError, match="could not be saved: no space left on device"):
        save_record(path, record_from_game(g, PLAYERS))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_save_into_a_missing_folder_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="could not be saved"):
        save_record(tmp_path / "no" / "such" / "game.json",
                    record_from_game(new_game("othello"), PLAYERS))


# --- config folder and autosave ---------------------------------------------------------


def test_config_dir_honours_xdg(_config_home: Path) -> None:
    if os.name != "posix" or __import__("sys").platform == "darwin":
        pytest.skip("XDG_CONFIG_HOME is a Linux/BSD convention")
    assert config_dir() == _config_home / "plies"
    assert config_dir().is_dir()
    assert games_dir() == _config_home / "plies" / "games" and games_dir().is_dir()
    assert autosave_path().parent == config_dir()


def test_autosave_round_trip() -> None:
    assert load_autosave() is None
    record = record_from_game(othello_with_pass(), PLAYERS)
    assert save_autosave(record)
    assert autosave_path().is_file()
    assert load_autosave() == record
    clear_autosave()
    assert not autosave_path().exists()
    assert load_autosave() is None
    clear_autosave()  # nothing there: still fine


@pytest.mark.parametrize("content", [b'{"format": "plies-game", "vers', b"\x80\x04garbage\0",
                                     b'{"format": "plies-game", "version": 1, "game": '
                                     b'"othello", "moves": "f5f5"}'])
def test_corrupt_autosave_is_moved_aside(content: bytes) -> None:
    path = autosave_path()
    path.write_bytes(content)
    assert load_autosave() is None
    assert not path.exists()
    assert path.with_name("autosave.json.bad").read_bytes() == content
    assert load_autosave() is None


def test_autosave_that_is_a_folder() -> None:
    autosave_path().mkdir()
    assert load_autosave() is None


def test_failed_autosave_does_not_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise OSError(13, "Permission denied")

    monkeypatch.setattr("game.formats.atomic_write_text", broken)
    assert save_autosave(record_from_game(new_game("othello"), PLAYERS)) is False
