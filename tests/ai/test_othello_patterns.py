"""The Othello pattern tables (``patterns`` preset): reading, symmetry, the fit, the file."""

from __future__ import annotations

import functools
import json
import random

import pytest

from ai.evaluators import EvaluatorError, load_evaluator
from ai.evaluators import othello_patterns as P
from ai.evaluators.othello import PatternEvaluator, features
from ai.tuning import fit_patterns
from tests.ai.test_othello_ai import playout


def random_position(rng: random.Random) -> tuple[int, int]:
    occupied = rng.getrandbits(64)
    player = occupied & rng.getrandbits(64)
    return player, occupied & ~player


def test_the_symmetries_of_bitboards_match_the_square_by_square_ones():
    rng = random.Random(1)
    for _ in range(100):
        x = rng.getrandbits(64)
        assert P._images(x) == tuple(P.transform_board(name, x) for name in P.TRANSFORMS)


def test_the_instances_are_every_distinct_image_of_each_pattern():
    """4 edges, 8 corner blocks 2x5, 4 corners 3x3, 4 of each row, 2 long diagonals, 4 of
    each shorter one: 46 instances, each its own square set."""
    counts = {p: len(names) for p, names in P.INSTANCES.items()}
    assert counts == {"edge_x": 4, "corner25": 8, "corner33": 4, "row2": 4, "row3": 4,
                      "row4": 4, "diag8": 2, "diag7": 4, "diag6": 4, "diag5": 4, "diag4": 4}
    sets = []
    for pattern, squares in P.PATTERNS.items():
        for name in P.INSTANCES[pattern]:
            image = {P.transform_square(name, s) for s in range(64)}
            assert image == set(range(64))
            inverse = [next(t for t in range(64) if P.transform_square(name, t) == s)
                       for s in squares]
            sets.append(frozenset(inverse))
    assert len(set(sets)) == len(sets) == 46


@pytest.mark.slow
def test_fast_indices_equal_the_square_by_square_reading():
    rng = random.Random(2)
    positions = [random_position(rng) for _ in range(300)]
    positions += [(0, 0), ((1 << 64) - 1, 0), (0, (1 << 64) - 1)]
    for seed, empties in ((1, 50), (2, 30), (3, 10)):
        game = playout(seed, empties)
        positions.append((game.player, game.opponent))
    for player, opponent in positions:
        assert P.fast_indices(player, opponent) == P.reference_indices(player, opponent)


@functools.cache
def canonical_ids() -> dict[str, tuple[int, ...]]:
    """Each pattern's configurations' canonical ids, worked out once for every seed."""
    return {pattern: tuple(P.canonical(pattern, i) for i in range(3 ** len(squares)))
            for pattern, squares in P.PATTERNS.items()}


def synthetic_tables(seed: int) -> list[list[int]]:
    """Random tables with the patterns' own symmetries (canonical configurations)."""
    rng = random.Random(seed)
    tables = []
    for pattern in P.PATTERNS:
        chosen: dict[int, int] = {}
        tables.append([chosen.setdefault(canonical, rng.randint(-500, 500))
                       for canonical in canonical_ids()[pattern]])
    return tables


@pytest.mark.slow
def test_pattern_score_is_the_sum_of_the_instances_tables():
    tables = synthetic_tables(3)
    rng = random.Random(3)
    for _ in range(200):
        player, opponent = random_position(rng)
        expected = sum(tables[list(P.PATTERNS).index(pattern)][index] for pattern, index
                       in zip(P.INSTANCE_PATTERNS, P.reference_indices(player, opponent)))
        assert P.pattern_score(player, opponent, tables) == expected


@pytest.mark.slow
def test_a_position_and_its_eight_images_score_alike():
    tables = synthetic_tables(4)
    rng = random.Random(4)
    for _ in range(50):
        player, opponent = random_position(rng)
        scores = {P.pattern_score(P.transform_board(name, player),
                                  P.transform_board(name, opponent), tables)
                  for name in P.TRANSFORMS}
        assert len(scores) == 1


def test_the_patterns_preset_builds_the_pattern_evaluator():
    """(Its symmetry is checked with the other presets' in test_othello_ai.py.)"""
    assert isinstance(load_evaluator("othello", "patterns"), PatternEvaluator)


def test_the_preset_follows_the_shipped_tables():
    """evaluate = the phase's tables over the instances (read square by square) + its
    feature weights times the features + its constant."""
    evaluator = load_evaluator("othello", "patterns")
    loaded = P.tables()
    patterns = list(P.PATTERNS)
    for seed, empties in ((7, 50), (8, 33), (9, 17), (10, 8)):
        game = playout(seed, empties)
        phase = loaded.phase_of[empties]
        table = loaded.tables[phase]
        expected = sum(table[patterns.index(pattern)][index] for pattern, index
                       in zip(P.INSTANCE_PATTERNS,
                              P.reference_indices(game.player, game.opponent)))
        values = features(game.player, game.opponent)
        expected += sum(w * values[f] for f, w in zip(P.FEATURES, loaded.features[phase]))
        expected += loaded.bias[phase]
        assert evaluator.evaluate(game) == expected
        assert sum(evaluator.terms(game).values()) == expected


def test_the_fitter_recovers_known_weights():
    """Rows drawn from known weights plus noise: the ridge fit finds them again."""
    rng = random.Random(5)
    dim = 60
    truth = [rng.uniform(-5, 5) for _ in range(dim)]
    true_m = 1.5
    rows = []
    for _ in range(3000):
        ids = tuple(rng.randrange(dim) for _ in range(6))
        m = float(rng.randint(-8, 8))
        y = sum(truth[j] for j in ids) + true_m * m + rng.gauss(0, 0.5)
        rows.append((ids, (m,), y))
    weights, reals = fit_patterns.ridge_fit(rows, dim, ridge=0.1, iterations=200)
    assert max(abs(a - b) for a, b in zip(weights, truth)) < 0.2
    assert abs(reals[0] - true_m) < 0.05


def test_the_ridge_keeps_unseen_and_rare_weights_small():
    rows = [((0,), (), 4.0)] * 100 + [((1,), (), 4.0)]
    weights, _ = fit_patterns.ridge_fit(rows, 3, ridge=4.0, iterations=50)
    assert weights[0] == pytest.approx(4.0 * 100 / 104, rel=1e-6)
    assert weights[1] == pytest.approx(4.0 / 5, rel=1e-6)
    assert weights[2] == 0.0


@pytest.mark.slow
def test_the_fit_recovers_a_pattern_table_from_positions():
    """The whole pipeline (instances, canonical ids, fit, full tables): positions
    labelled by one known corner33 table come back to that table's scores."""
    canon = fit_patterns.canonical_maps()
    rng = random.Random(6)
    truth = synthetic_tables(6)[2]  # corner33
    rows = []
    maps = [(fit_patterns.OFFSETS[p], canon[p]) for p in P.INSTANCE_PATTERNS]
    for _ in range(1500):
        player, opponent = random_position(rng)
        indices = P.fast_indices(player, opponent)
        label = sum(truth[i] for p, i in zip(P.INSTANCE_PATTERNS, indices)
                    if p == "corner33") / 100
        ids = tuple(off + cmap[i] for (off, cmap), i in zip(maps, indices)
                    if off == fit_patterns.OFFSETS["corner33"])
        rows.append((ids, (), label))
    fitted, _ = fit_patterns.fit_phase(rows, ridge=1e-6, iterations=300)
    tables = fit_patterns.full_tables(fitted, canon)
    predicted = fit_patterns.predict(rows, tables, (), 0)
    assert max(abs(a - row[2]) for a, row in zip(predicted, rows)) < 0.05


# --- the file ---------------------------------------------------------------------------------

def small_file(**change) -> dict:
    tables = [[[0] * 3 ** len(s) for s in P.PATTERNS.values()]]
    tables[0][0][5] = 7  # a configuration of edge_x and its mirror image
    tables[0][0][P.permute(5, P.STABILISERS["edge_x"][0])] = 7
    data = json.loads(P.tables_to_json([(0, 64)], tables, [[10] + [0] * 8], [0], {}))
    data.update(change)
    return data


def test_the_shipped_tables_load_and_are_symmetric():
    loaded = P.load_tables()
    assert len(loaded.phase_of) == 65 and len(loaded.tables) == max(loaded.phase_of) + 1
    for phase in loaded.tables:
        assert [len(t) for t in phase] == [3 ** len(s) for s in P.PATTERNS.values()]


def test_a_written_file_reads_back():
    loaded = P.parse_tables(json.dumps(small_file()))
    assert loaded.tables[0][0][5] == 7 and loaded.features == ((10,) + (0,) * 8,)
    assert set(loaded.phase_of) == {0}


@pytest.mark.parametrize("change, message", [
    ({"format": "x"}, "is not a plies-othello-patterns file"),
    ({"version": 9}, "has version 9"),
    ({"patterns": {}}, "other patterns"),
    ({"phases": []}, "has no phases"),
])
def test_bad_files_are_refused_in_one_sentence(change, message):
    with pytest.raises(P.PatternFileError, match=message) as caught:
        P.parse_tables(json.dumps(small_file(**change)), "the file")
    assert "\n" not in str(caught.value) and str(caught.value).startswith("the file ")


def test_bad_tables_are_refused_in_one_sentence():
    data = small_file()
    data["phases"][0]["tables"]["edge_x"]["values"][0] = 8  # the mirror image differs
    with pytest.raises(P.PatternFileError, match="mirror image"):
        P.parse_tables(json.dumps(data))
    data = small_file()
    data["phases"][0]["tables"]["diag4"] = {"gaps": [82], "values": [1]}
    with pytest.raises(P.PatternFileError, match="past the table"):
        P.parse_tables(json.dumps(data))
    data = small_file()
    data["phases"][0]["empties"] = [5, 64]
    with pytest.raises(P.PatternFileError, match="no phase for 0 empty"):
        P.parse_tables(json.dumps(data))
    data = small_file()
    data["phases"][0]["features"]["mobility"] = 1.5
    with pytest.raises(P.PatternFileError, match="feature weights must be whole numbers"):
        P.parse_tables(json.dumps(data))
    with pytest.raises(P.PatternFileError, match="not valid JSON"):
        P.parse_tables("{")


def test_a_bad_shipped_file_is_an_evaluator_error_not_a_crash(tmp_path, monkeypatch):
    bad = tmp_path / "othello_patterns.json"
    bad.write_text('{"format": "plies-othello-patterns", "version": 2}')
    monkeypatch.setattr(P, "TABLES_FILE", bad)
    monkeypatch.setattr(P, "_LOADED", None)
    monkeypatch.setattr(P.load_tables, "__defaults__", (bad,))
    with pytest.raises(EvaluatorError, match="has version 2"):
        load_evaluator("othello", "patterns")
    bad.unlink()
    with pytest.raises(EvaluatorError, match="othello_patterns.json"):
        load_evaluator("othello", "patterns")
    assert load_evaluator("othello", "default").name == "default"


def test_the_top_levels_play_the_patterns_evaluator():
    """Othello levels 7 and 8 name it (ai/TUNING.md, Session 6); the others default."""
    from ai.levels import LEVEL_NUMBERS, level_evaluator

    chosen = {n: level_evaluator("othello", n) for n in LEVEL_NUMBERS}
    assert chosen == {n: "patterns" if n >= 7 else "default" for n in LEVEL_NUMBERS}
