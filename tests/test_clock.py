"""game.clock: Fischer clocks against hand-computed times, with a time source set by hand
(no sleeping, no wall clock)."""

from __future__ import annotations

import pytest

from game.clock import (
    Clock,
    ClockError,
    TimeControl,
    Timing,
    clock_text,
    timing_from_json,
)


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_a_running_clock_counts_down_and_the_increment_comes_after_the_move():
    now = FakeTime()
    clock = Clock([TimeControl(5, 3), TimeControl(5, 3)], now)
    assert clock.snapshot() == (300.0, 300.0)
    clock.start(0)
    now.t += 12.25
    assert clock.remaining(0) == pytest.approx(287.75)
    assert clock.remaining(1) == 300.0          # the other side's clock does not run
    clock.press(0)                              # 287.75 + 3
    clock.start(1)
    now.t += 40
    clock.press(1)                              # 300 - 40 + 3
    assert clock.snapshot() == pytest.approx((290.75, 263.0))
    now.t += 100                                # nobody's clock runs between moves
    assert clock.snapshot() == pytest.approx((290.75, 263.0))


def test_flag_falls_at_zero_and_gains_no_increment():
    now = FakeTime()
    clock = Clock([TimeControl(1, 5), None], now)
    clock.start(0)
    now.t += 59.9
    assert clock.flagged() is None
    assert clock.next_change() == pytest.approx(0.1)   # 0:01 turns to 0:00 in 0.1 s
    now.t += 0.1
    assert clock.flagged() == 0
    clock.press(0)
    assert clock.remaining(0) == pytest.approx(0.0)     # no +5 s after the flag


def test_a_side_without_a_clock_never_runs_or_flags():
    now = FakeTime()
    clock = Clock([None, TimeControl(3, 0)], now)
    clock.start(0)
    assert clock.running is None
    now.t += 10_000
    assert clock.flagged() is None and clock.remaining(0) is None
    assert clock.next_change() is None


def test_snapshot_and_restore_bring_back_the_times_of_an_earlier_moment():
    now = FakeTime()
    clock = Clock([TimeControl(3, 2), TimeControl(3, 2)], now)
    clock.start(0)
    now.t += 20
    before = clock.snapshot()                   # (160, 180)
    clock.press(0)
    clock.start(1)
    now.t += 30
    clock.restore(before)
    assert clock.running is None
    assert clock.snapshot() == (160.0, 180.0)
    clock.start(0)
    now.t += 1.5
    assert clock.remaining(0) == pytest.approx(158.5)


def test_a_clock_resumes_from_saved_times():
    now = FakeTime()
    clock = Clock([TimeControl(10, 5), TimeControl(10, 5)], now, remaining=(593.0, None))
    assert clock.snapshot() == (593.0, 600.0)     # a missing time is the full time
    clock.start(1)
    now.t += 7
    assert clock.snapshot() == (593.0, 593.0)


def test_next_change_is_when_the_whole_seconds_shown_change():
    now = FakeTime()
    clock = Clock([TimeControl(1, 0), None], now)
    clock.start(0)
    assert clock.next_change() == pytest.approx(1.0)    # 60.0 -> shows 1:00 until 59.0
    now.t += 0.3
    assert clock.next_change() == pytest.approx(0.7)


def test_clock_text_rounds_up_like_a_clock():
    assert [clock_text(s) for s in (300, 299.01, 61, 60, 9.5, 0.001, 0, -2, 3599.5, 7322)] == \
        ["5:00", "5:00", "1:01", "1:00", "0:10", "0:01", "0:00", "0:00", "1:00:00", "2:02:02"]


def test_time_controls_read_as_players_write_them():
    assert TimeControl(5, 3).text == "5+3"
    assert TimeControl(0.5, 0).text == "0.5+0"
    assert TimeControl(10, 0).words == "10 min"
    assert TimeControl(15, 10).words == "15 min + 10 s a move"
    with pytest.raises(ClockError):
        TimeControl(0, 3)
    with pytest.raises(ClockError):
        TimeControl(5, -1)


def test_timing_json_round_trip_and_bad_values_are_one_sentence():
    timing = Timing((TimeControl(5, 3), None), (None, 2.0))
    data = timing.to_json((123.456, None))
    assert data == {"controls": [[5, 3], None], "move_seconds": [None, 2.0],
                    "remaining": [123.456, None]}
    assert timing_from_json(data) == (timing, (123.456, None))
    assert timing_from_json({"controls": [None, None]}) == (Timing(), None)
    for bad in ([], {"controls": [[5], None]}, {"controls": [[5, 3]]},
                {"move_seconds": [0, None]}, {"move_seconds": [None, "5"]},
                {"remaining": [-1, None]}, {"controls": [[True, 3], None]},
                {"controls": [[float("nan"), 3], None]}, {"controls": [[100000, 0], None]}):
        with pytest.raises(ClockError) as error:
            timing_from_json(bad)
        assert "\n" not in str(error.value)


def test_settings_keep_the_dialogs_time_choices_and_drop_unusable_ones():
    from game.settings import settings_from_dict

    kept = settings_from_dict({"clock": [5, 3], "move_seconds": 2})
    assert (kept.clock, kept.move_seconds) == ([5, 3], 2.0)
    for clock, seconds in (([0, 3], 0), ("5+3", -1), ([5], "2"), ([5, 3, 1], 10**9),
                           (None, None), ([True, 1], float("inf"))):
        bad = settings_from_dict({"clock": clock, "move_seconds": seconds})
        assert (bad.clock, bad.move_seconds) == (None, None)
