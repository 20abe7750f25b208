"""The winning-chance fitter (``ai/tuning/fit_winchance.py``) recovers known curves."""

from __future__ import annotations

import math

import pytest

from ai.tuning.fit_winchance import (
    fit_scale, log_loss, main, play_games, sample_logistic, score_positions,
)


@pytest.mark.parametrize("scale", [50.0, 400.0, 2500.0])
def test_fit_recovers_a_known_logistic(scale):
    samples = sample_logistic(scale, 6000, seed=int(scale))
    fitted = fit_scale(samples)
    assert fitted == pytest.approx(scale, rel=0.08)
    # The true curve fits better than curves twice as steep or twice as flat.
    assert log_loss(samples, fitted) <= min(log_loss(samples, scale * 2),
                                            log_loss(samples, scale / 2))


def test_draws_count_half_and_a_flat_sample_is_refused():
    # Half the results are draws at every score: the best curve is as flat as it gets.
    with pytest.raises(ValueError):
        fit_scale([(s, 0.5) for s in range(-50, 51)])
    with pytest.raises(ValueError):
        fit_scale([(100.0, 0.0), (-100.0, 1.0)])  # falls with the score
    with pytest.raises(ValueError):
        fit_scale([])
    # One win at +s and one loss at -s, plus a draw: a finite curve exists only with
    # some disagreement; a 3:1 ratio at +/-100 gives p = 0.75 there.
    samples = [(100.0, 1.0)] * 3 + [(100.0, 0.0)] + [(-100.0, 0.0)] * 3 + [(-100.0, 1.0)]
    assert fit_scale(samples) == pytest.approx(100 / math.log(3), rel=1e-6)


def test_generated_games_give_samples_from_the_movers_view():
    games = play_games("connect4", 3, seed=5, depth=2, opening=2)
    assert len(games) == 3 and all(g["result"] in (0.0, 0.5, 1.0) for g in games)
    samples = score_positions("connect4", games, "default", every=3, eval_depth=2)
    assert samples and all(y in (0.0, 0.5, 1.0) for _, y in samples)


def test_command_line_refits_saved_data(tmp_path, capsys):
    data = tmp_path / "games.jsonl"
    assert main(["connect4", "--games", "4", "--seed", "2", "--depth", "2",
                 "--eval-depth", "2", "--data", str(data)]) == 0
    first = capsys.readouterr().out
    assert main(["connect4", "--data", str(data), "--eval-depth", "2"]) == 0
    again = capsys.readouterr().out
    assert "4 games" in first and first.splitlines()[1:] == again.splitlines()[1:]
