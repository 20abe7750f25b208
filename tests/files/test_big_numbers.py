"""Numbers far out of range (a 400-digit integer) where a file or a player spec holds a
bounded value: one sentence for a record or a spec, the default for a setting, never an
``OverflowError`` (``math.isfinite`` and ``float`` of such an int raise one)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.clock import ClockError, timing_from_json
from game.players import PlayerError, parse_spec
from game.settings import load_settings
from tests.files.hostile import assert_one_sentence, run_plies

HUGE = int("9" * 400)
RECORD = {"format": "plies-game", "version": 1, "game": "connect4", "variant": {},
          "moves": "4453", "result": None}


@pytest.mark.parametrize("clock", [
    {"controls": [[HUGE, 0], None]},
    {"controls": [[5, HUGE], None]},
    {"controls": [[-HUGE, 0], None]},
    {"move_seconds": [HUGE, None]},
    {"controls": [[5, 0], None], "remaining": [HUGE, None]},
    {"controls": [[5, 0], None], "remaining": [-HUGE, None]},
])
def test_a_clock_out_of_range_is_a_clock_error(clock: dict[str, object]) -> None:
    with pytest.raises(ClockError) as caught:
        timing_from_json(clock)
    assert "\n" not in str(caught.value) and "clock" in str(caught.value)


def test_a_record_with_a_huge_clock_is_one_sentence_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**RECORD, "clock": {"controls": [[HUGE, 0], None]}}))
    before = path.read_bytes()
    line = assert_one_sentence(run_plies("show", str(path)), contains="game.json")
    assert "'controls'" in line
    assert path.read_bytes() == before


def test_settings_with_a_huge_clock_keep_the_rest(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "config" / "plies"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({
        "format": "plies-settings", "version": 1, "theme": "dark",
        "clock": [HUGE, 0], "move_seconds": -HUGE}))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    settings = load_settings()
    assert settings.clock is None and settings.move_seconds is None
    assert settings.theme == "dark"  # only the bad values went back to their defaults
    done = run_plies("tree", "tictactoe", "--depth", "1",
                     env={"XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert done.returncode == 0 and done.stderr == "", done.stderr[-2000:]


def test_a_player_spec_with_a_huge_number_is_refused() -> None:
    with pytest.raises(PlayerError, match="depth must be a whole number"):
        parse_spec(f"depth={HUGE}", "connect4")
