"""Settings: defaults, round trip, and recovery from missing, corrupt or bad values."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.records import computer, human
from game.settings import (
    ANIMATION_SPEEDS,
    THEMES,
    Settings,
    load_settings,
    next_value,
    save_settings,
    settings_path,
)


@pytest.fixture(autouse=True)
def _config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "xdg-config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


def write_settings(data: object) -> Path:
    path = settings_path()
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_defaults() -> None:
    s = Settings()
    assert (s.sound, s.legal_move_markers, s.show_thinking) == (True, True, False)
    assert (s.animation_speed, s.theme, s.last_game) == ("normal", "classic", "connect4")
    assert s.last_variants == {} and s.last_players == {}
    assert s.window_size == [1120, 760]
    assert s.animation_speed in ANIMATION_SPEEDS and s.theme in THEMES
    assert Settings().window_size is not Settings().window_size  # no shared mutable default


def test_missing_file_gives_defaults(_config_home: Path) -> None:
    assert load_settings() == Settings()
    assert settings_path() == _config_home / "plies" / "settings.json"


def test_round_trip() -> None:
    s = Settings(sound=False, legal_move_markers=False, show_thinking=True,
                 animation_speed="fast", theme="high-contrast", last_game="gomoku",
                 last_variants={"gomoku": {"size": 19, "rule": "standard"},
                                "connect4": {"width": 5, "height": 4, "connect": 3}},
                 last_players={"othello": [computer(7, "default"), human()]},
                 window_size=[1600, 900])
    assert save_settings(s)
    assert load_settings() == s
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.json"]
    data = json.loads(settings_path().read_text())
    assert data["format"] == "plies-settings" and data["version"] == 1


def test_partial_variant_is_completed() -> None:
    write_settings({"last_variants": {"gomoku": {"size": 19}}})
    assert load_settings().last_variants == {"gomoku": {"size": 19, "rule": "freestyle"}}


@pytest.mark.parametrize("content", ["", "{", "[1, 2]", "null", '"text"', "\0\1\2",
                                     "[" * 100_000, '{"sound": NaN'])
def test_corrupt_file_gives_defaults(content: str) -> None:
    write_settings(content)
    assert load_settings() == Settings()


def test_binary_file_gives_defaults() -> None:
    settings_path().write_bytes(b"\xff\xfe\x00garbage\x80")
    assert load_settings() == Settings()


def test_folder_instead_of_file_gives_defaults() -> None:
    settings_path().mkdir()
    assert load_settings() == Settings()
    assert save_settings(Settings()) is False  # cannot replace a folder: logged, not raised


def test_huge_file_gives_defaults() -> None:
    write_settings('{"theme": "dark"' + " " * 200_000 + "}")
    assert load_settings() == Settings()


def test_bad_values_are_replaced_field_by_field() -> None:
    write_settings({
        "sound": "yes",                      # not a bool
        "legal_move_markers": False,         # good
        "show_thinking": 1,                  # an int is not a bool
        "animation_speed": "ludicrous",      # not allowed
        "theme": "dark",                     # good
        "last_game": "chess",                # unknown
        "last_variants": {"gomoku": {"size": 99}, "connect4": {"width": 5},
                          "chess": {}, "othello": "x"},
        "last_players": {"othello": [{"type": "human"}], "gomoku": [human().to_json(),
                                                                     computer(2).to_json()],
                         "connect4": [{"type": "human"}, {"type": "computer", "level": 99}]},
        "window_size": [10, 10],
        "unknown_key": 123,
    })
    s = load_settings()
    assert s.sound is True and s.legal_move_markers is False and s.show_thinking is False
    assert s.animation_speed == "normal" and s.theme == "dark" and s.last_game == "connect4"
    assert s.last_variants == {"connect4": {"width": 5, "height": 6, "connect": 4}}
    assert s.last_players == {"gomoku": [human(), computer(2)]}
    assert s.window_size == [1120, 760]


@pytest.mark.parametrize("size", [[1120], [1120, "760"], "1120x760", [True, 760],
                                  [1e3, 700], [100_000, 700], None])
def test_bad_window_size(size: object) -> None:
    write_settings({"window_size": size, "theme": "dark"})
    s = load_settings()
    assert s.window_size == [1120, 760] and s.theme == "dark"


def test_save_cleans_bad_values() -> None:
    s = Settings(theme="purple", window_size=[1, 2], last_variants={"gomoku": {"size": 3}})
    assert save_settings(s)
    assert load_settings() == Settings()


def test_helpers() -> None:
    s = Settings(last_variants={"gomoku": {"size": 19, "rule": "freestyle"}})
    assert s.variant_for("gomoku") == {"size": 19, "rule": "freestyle"}
    assert s.variant_for("othello") == {}
    assert s.players_for("othello") == [human(), computer()]
    assert next_value(THEMES, "classic") == "dark"
    assert next_value(THEMES, "high-contrast") == "classic"
    assert next_value(ANIMATION_SPEEDS, "off", -1) == "fast"
    assert next_value(THEMES, "bogus") == "classic"


def test_settings_is_a_plain_dataclass() -> None:
    names = [f.name for f in dataclasses.fields(Settings)]
    assert names == ["sound", "legal_move_markers", "show_thinking", "move_numbers",
                     "animation_speed",
                     "theme", "last_game", "last_variants", "last_players", "window_size",
                     "engine_commands", "engine_sides", "clock", "move_seconds",
                     "language", "projector"]


def test_the_outside_engine_is_remembered_per_game_and_cleaned(tmp_path) -> None:
    from game.settings import settings_from_dict

    settings = settings_from_dict({
        "engine_commands": {"gomoku": "pbrain-rapfi --fast", "othello": "",
                            "connect4": "x", "nogame": "y"},
        "engine_sides": {"gomoku": [1], "othello": [0, 5], "connect4": [0]},
    })
    assert settings.engine_commands == {"gomoku": "pbrain-rapfi --fast"}
    assert settings.engine_sides == {"gomoku": [1]}
    players = settings.players_for("gomoku")
    # The engine comes back as itself (its command, its name, its protocol), never as
    # a computer level.
    assert players[1].is_engine and players[1].command == "pbrain-rapfi --fast"
    assert (players[1].name, players[1].protocol) == ("Rapfi", "pbrain")  # a pbrain-NAME is called Name
    assert not players[0].is_engine
    assert not settings.players_for("othello")[1].is_engine
    path = tmp_path / "settings.json"
    assert save_settings(settings, path)
    assert load_settings(path).engine_commands == settings.engine_commands
