"""Othello pattern tables: a learned evaluator (the ``patterns`` preset).

The score of a position is a sum of table look-ups, one per *pattern instance*: a
fixed list of squares (an edge with its two X-squares, a 2x5 corner block, ...) whose
contents (empty, mine, theirs) form a base-3 number, the *configuration*::

    index = sum(3**k * state(squares[k]))     state: 0 empty, 1 mine (to move), 2 theirs

plus the ``default`` evaluator's features (mobility, frontier, corners, ..., with
weights of their own, ``FEATURES``) and a constant, with one table and one set of
weights per **phase** (a range of empty-square counts). The numbers are fitted by least squares to the final disc
difference of self-play games (``ai/tuning/fit_patterns.py``; ``ai/TUNING.md``,
"Session 6"), in hundredths of a disc like the ``default`` evaluator's scores.

Patterns (each square list is written for the instance at the top-left; bit ``k``
of the configuration is ``squares[k]``)::

    edge_x    a1..h1, b2, g2     10 squares    4 instances (the four edges)
    corner25  a1..e1, a2..e2     10 squares    8 instances (2x5 blocks, both ways)
    corner33  a1..c3             9 squares     4 instances
    row2      a2..h2             8 squares     4 instances (row/column 2 and 7)
    row3      a3..h3             8 squares     4 instances
    row4      a4..h4             8 squares     4 instances
    diag8     a1..h8             8 squares     2 instances
    diag7     b1..h7             7 squares     4 instances
    diag6     c1..h6             6 squares     4 instances
    diag5     d1..h5             5 squares     4 instances
    diag4     e1..h4             4 squares     4 instances

**Symmetry.** Every instance is the canonical square list read on one of the eight
symmetric images of the board (``TRANSFORMS``), so one table serves all instances of a
pattern. A pattern that is its own image under some symmetry (an edge under the
left-right mirror) must score a configuration and its mirror alike; the fitter ties
them (``canonical``) and the loader refuses tables that do not (``PatternTables``).
So a position and its eight images always evaluate equal.

**Speed.** ``pattern_score`` reads each instance with a few shifts and masks of the
transformed bitboards (the transforms are byte reversals and one transpose), turns
the mine/theirs bit sets into the base-3 index with two look-ups (``BASE3``), and
adds the table entry: no loops over squares. ``reference_indices`` is the slow
square-by-square definition the tests compare it with.

**The file.** ``othello_patterns.json`` next to this module (format
``plies-othello-patterns``, version 1): plain JSON numbers, read lazily the first time
the preset evaluates (``tables()``), validated in full; a bad file is one sentence
(``PatternFileError``).
"""

from __future__ import annotations

from collections.abc import Callable
import dataclasses
import functools
import json
from itertools import accumulate
from pathlib import Path

from game.files import FileError, read_text
from game.i18n import N_, _

FEATURES = ("mobility", "frontier", "corners", "x_squares", "c_squares", "edges", "stable",
            "discs", "parity")
"""The ``ai.evaluators.othello`` features fitted with the tables (its ``FEATURES`` but
``squares``, in that order)."""

FORMAT = "plies-othello-patterns"
VERSION = 1
TABLES_FILE = Path(__file__).with_name("othello_patterns.json")
TABLES_BYTES = 16 * 1024 * 1024
"""The largest tables file read (the shipped one is a few MB)."""


def _sq(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def _squares(text: str) -> tuple[int, ...]:
    return tuple(_sq(name) for name in text.split())


PATTERNS: dict[str, tuple[int, ...]] = {
    "edge_x": _squares("a1 b1 c1 d1 e1 f1 g1 h1 b2 g2"),
    "corner25": _squares("a1 b1 c1 d1 e1 a2 b2 c2 d2 e2"),
    "corner33": _squares("a1 b1 c1 a2 b2 c2 a3 b3 c3"),
    "row2": _squares("a2 b2 c2 d2 e2 f2 g2 h2"),
    "row3": _squares("a3 b3 c3 d3 e3 f3 g3 h3"),
    "row4": _squares("a4 b4 c4 d4 e4 f4 g4 h4"),
    "diag8": _squares("a1 b2 c3 d4 e5 f6 g7 h8"),
    "diag7": _squares("b1 c2 d3 e4 f5 g6 h7"),
    "diag6": _squares("c1 d2 e3 f4 g5 h6"),
    "diag5": _squares("d1 e2 f3 g4 h5"),
    "diag4": _squares("e1 f2 g3 h4"),
}
"""The canonical square list of each pattern (bit ``k`` of a configuration is
``squares[k]``), in the order of the tables file."""


# --- the eight symmetries -------------------------------------------------------------------

TRANSFORMS = ("id", "v", "h", "vh", "t", "tv", "th", "tvh")
"""The board's eight symmetries: ``t`` transposes (a1-h8 diagonal), then ``v`` flips
rows (1 <-> 8), then ``h`` flips columns (a <-> h)."""


def transform_square(name: str, square: int) -> int:
    """Where ``square`` goes under the symmetry ``name`` (``TRANSFORMS``)."""
    row, col = divmod(square, 8)
    if "t" in name:
        row, col = col, row
    if "v" in name:
        row = 7 - row
    if "h" in name:
        col = 7 - col
    return row * 8 + col


def transform_board(name: str, bits: int) -> int:
    """The bitboard ``bits`` under the symmetry ``name``, square by square (slow; tests)."""
    out = 0
    for square in range(64):
        if bits >> square & 1:
            out |= 1 << transform_square(name, square)
    return out


def _instances() -> dict[str, tuple[str, ...]]:
    """For each pattern, the transforms whose images of it are distinct square sets.

    The instance "pattern under transform g" reads the canonical squares on the board
    transformed by g, i.e. the squares ``g^-1(squares)`` of the real board. Transforms
    are tried in ``TRANSFORMS`` order and kept when they reach a new set of squares.
    """
    inverse = {name: _inverse(name) for name in TRANSFORMS}
    result = {}
    for pattern, squares in PATTERNS.items():
        seen: list[frozenset[int]] = []
        kept = []
        for name in TRANSFORMS:
            reached = frozenset(transform_square(inverse[name], s) for s in squares)
            if reached not in seen:
                seen.append(reached)
                kept.append(name)
        result[pattern] = tuple(kept)
    return result


def _inverse(name: str) -> str:
    for other in TRANSFORMS:
        if all(transform_square(other, transform_square(name, s)) == s for s in range(64)):
            return other
    raise AssertionError(name)


INSTANCES = _instances()
"""``INSTANCES[pattern]``: the transforms ``pattern_score`` reads the pattern on."""


def _stabilisers() -> dict[str, tuple[tuple[int, ...], ...]]:
    """For each pattern, the permutations of its squares by the symmetries that map its
    square set onto itself (identity left out): ``perm[k]`` is where square ``k`` goes."""
    result = {}
    for pattern, squares in PATTERNS.items():
        perms = set()
        for name in TRANSFORMS[1:]:
            image = [transform_square(name, s) for s in squares]
            if set(image) == set(squares):
                perm = tuple(squares.index(s) for s in image)
                if perm != tuple(range(len(squares))):
                    perms.add(perm)
        result[pattern] = tuple(sorted(perms))
    return result


STABILISERS = _stabilisers()


def permute(index: int, perm: tuple[int, ...]) -> int:
    """The configuration ``index`` with the state of square ``k`` moved to ``perm[k]``."""
    out = 0
    for k, target in enumerate(perm):
        index, digit = divmod(index, 3)
        out += digit * 3 ** target
    return out


@functools.cache
def _mirror_tables() -> dict[str, list[tuple[int, list[int], list[int]]]]:
    """``permute`` by table look-ups, for checking files quickly: for each of a pattern's
    own symmetries, ``(split, low, high)`` with ``permute(i, perm) == low[i % split] +
    high[i // split]`` (the low and high base-3 digits move independently)."""
    out = {}
    for pattern, squares in PATTERNS.items():
        n = len(squares)
        half = n // 2
        split = 3 ** half
        out[pattern] = [
            (split,
             [permute(i, perm) for i in range(split)],
             [permute(i * split, perm) for i in range(3 ** (n - half))])
            for perm in STABILISERS[pattern]]
    return out



def canonical(pattern: str, index: int) -> int:
    """The smallest configuration equivalent to ``index`` under the pattern's own
    symmetries: the fitter gives them one shared weight."""
    return min([index] + [permute(index, perm) for perm in STABILISERS[pattern]])


def reference_indices(player: int, opponent: int) -> list[int]:
    """Every instance's configuration, square by square (the definition; slow).

    In ``PATTERNS`` order, each pattern's instances in ``INSTANCES`` order.
    """
    out = []
    for pattern, squares in PATTERNS.items():
        for name in INSTANCES[pattern]:
            mine, theirs = transform_board(name, player), transform_board(name, opponent)
            index = 0
            for k, square in enumerate(squares):
                if mine >> square & 1:
                    index += 3 ** k
                elif theirs >> square & 1:
                    index += 2 * 3 ** k
            out.append(index)
    return out


# --- the fast reading -----------------------------------------------------------------------

BASE3 = tuple(sum(3 ** k for k in range(10) if bits >> k & 1) for bits in range(1 << 10))
"""``BASE3[bits]``: the base-3 number with digit 1 where ``bits`` has a 1."""
BASE3_2 = tuple(2 * value for value in BASE3)

_REVERSE_BITS = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
_MULTIPLY = 0x0101010101010101
_DIAGONAL = {d: sum(1 << (r * 8 + r + d) for r in range(8 - d)) for d in range(5)}


def _transpose(x: int) -> int:
    """Mirror on the a1-h8 diagonal (square (r, c) -> (c, r)), three delta swaps."""
    t = 0x0F0F0F0F00000000 & (x ^ (x << 28))
    x ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (x ^ (x << 14))
    x ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (x ^ (x << 7))
    return x ^ t ^ (t >> 7)


def _images(x: int) -> tuple[int, int, int, int, int, int, int, int]:
    """``x`` under the eight ``TRANSFORMS``, in their order."""
    raw = x.to_bytes(8, "little")
    mirrored = raw.translate(_REVERSE_BITS)
    t = _transpose(x)
    traw = t.to_bytes(8, "little")
    tmirrored = traw.translate(_REVERSE_BITS)
    return (x, int.from_bytes(raw, "big"), int.from_bytes(mirrored, "little"),
            int.from_bytes(mirrored, "big"), t, int.from_bytes(traw, "big"),
            int.from_bytes(tmirrored, "little"), int.from_bytes(tmirrored, "big"))


def _reads(x: int) -> list[int]:
    """The bit sets of every instance on one colour's board ``x`` (``reference_indices``
    order, one bit per square: bit ``k`` is the instance's square ``k``)."""
    i0, iv, ih, ivh, it, itv, ith, itvh = _images(x)
    m = _MULTIPLY
    d0, d1, d2, d3, d4 = (_DIAGONAL[d] for d in range(5))
    out = []
    for b in (i0, iv, it, itv):                       # edge_x
        out.append((b & 0xFF) | (b >> 1 & 0x100) | (b >> 5 & 0x200))
    for b in (i0, iv, ih, ivh, it, itv, ith, itvh):   # corner25
        out.append((b & 0x1F) | (b >> 3 & 0x3E0))
    for b in (i0, iv, ih, ivh):                       # corner33
        out.append((b & 7) | (b >> 5 & 0x38) | (b >> 10 & 0x1C0))
    for shift in (8, 16, 24):                         # row2, row3, row4
        for b in (i0, iv, it, itv):
            out.append(b >> shift & 0xFF)
    for b in (i0, iv):                                # diag8
        out.append(((b & d0) * m) >> 56 & 0xFF)
    for d, mask in ((1, d1), (2, d2), (3, d3), (4, d4)):  # diag7..diag4
        for b in (i0, iv, ih, ivh):
            out.append(((b & mask) * m) >> (56 + d) & (0xFF >> d))
    return out


def fast_indices(player: int, opponent: int) -> list[int]:
    """Every instance's configuration (``reference_indices``, fast): for the fitter."""
    b3, b3x2 = BASE3, BASE3_2
    return [b3[p] + b3x2[o] for p, o in zip(_reads(player), _reads(opponent))]


INSTANCE_PATTERNS = tuple(p for p in PATTERNS for _ in INSTANCES[p])
"""The pattern of each entry of ``fast_indices`` / ``reference_indices``."""


def pattern_score(player: int, opponent: int, t: list[list[int]]) -> int:
    """The sum of the tables ``t`` (one list per pattern, ``PATTERNS`` order) over every
    instance; the same arithmetic as ``sum(t[...][fast_indices(...)])``, written out
    (this is the evaluator's hot loop).

    The row-shaped instances read bytes: ``pb[r]`` is row ``r + 1`` of the board,
    ``pb`` of its vertical mirror is ``pb[7 - r]``, ``pm`` the horizontal mirror and
    ``tb`` / ``tm`` the same for the transposed board (whose rows are the columns).
    """
    b3, b3x2 = BASE3, BASE3_2
    rev = _REVERSE_BITS
    pb = player.to_bytes(8, "little")
    ob = opponent.to_bytes(8, "little")
    pm = pb.translate(rev)
    om = ob.translate(rev)
    tb = _transpose(player).to_bytes(8, "little")
    ub = _transpose(opponent).to_bytes(8, "little")
    tm = tb.translate(rev)
    um = ub.translate(rev)
    t_edge, t_25, t_33, t_r2, t_r3, t_r4, t_d8, t_d7, t_d6, t_d5, t_d4 = t
    # Rows 2-4 of the four sides.
    s: int = (t_r2[b3[pb[1]] + b3x2[ob[1]]] + t_r2[b3[pb[6]] + b3x2[ob[6]]]
         + t_r2[b3[tb[1]] + b3x2[ub[1]]] + t_r2[b3[tb[6]] + b3x2[ub[6]]]
         + t_r3[b3[pb[2]] + b3x2[ob[2]]] + t_r3[b3[pb[5]] + b3x2[ob[5]]]
         + t_r3[b3[tb[2]] + b3x2[ub[2]]] + t_r3[b3[tb[5]] + b3x2[ub[5]]]
         + t_r4[b3[pb[3]] + b3x2[ob[3]]] + t_r4[b3[pb[4]] + b3x2[ob[4]]]
         + t_r4[b3[tb[3]] + b3x2[ub[3]]] + t_r4[b3[tb[4]] + b3x2[ub[4]]])
    # Edges with their X-squares: row 1 (or 8), then b2 and g2 (b7 and g7).
    for x, y, xn, yn in ((pb[0], ob[0], pb[1], ob[1]), (pb[7], ob[7], pb[6], ob[6]),
                         (tb[0], ub[0], tb[1], ub[1]), (tb[7], ub[7], tb[6], ub[6])):
        s += t_edge[b3[x | (xn & 2) << 7 | (xn & 0x40) << 3]
                    + b3x2[y | (yn & 2) << 7 | (yn & 0x40) << 3]]
    # 2x5 corner blocks (the first two rows' five squares nearest the corner).
    for xb, yb in ((pb, ob), (pm, om), (tb, ub), (tm, um)):
        s += (t_25[b3[(xb[0] & 31) | (xb[1] & 31) << 5] + b3x2[(yb[0] & 31) | (yb[1] & 31) << 5]]
              + t_25[b3[(xb[7] & 31) | (xb[6] & 31) << 5]
                     + b3x2[(yb[7] & 31) | (yb[6] & 31) << 5]])
    # 3x3 corners.
    for xb, yb in ((pb, ob), (pm, om)):
        s += (t_33[b3[(xb[0] & 7) | (xb[1] & 7) << 3 | (xb[2] & 7) << 6]
                   + b3x2[(yb[0] & 7) | (yb[1] & 7) << 3 | (yb[2] & 7) << 6]]
              + t_33[b3[(xb[7] & 7) | (xb[6] & 7) << 3 | (xb[5] & 7) << 6]
                     + b3x2[(yb[7] & 7) | (yb[6] & 7) << 3 | (yb[5] & 7) << 6]])
    # Diagonals, gathered by one multiplication (each row adds its one square).
    m = 0x0101010101010101
    pv, ov = int.from_bytes(pb, "big"), int.from_bytes(ob, "big")
    s += (t_d8[b3[((player & 0x8040201008040201) * m) >> 56 & 0xFF]
               + b3x2[((opponent & 0x8040201008040201) * m) >> 56 & 0xFF]]
          + t_d8[b3[((pv & 0x8040201008040201) * m) >> 56 & 0xFF]
                 + b3x2[((ov & 0x8040201008040201) * m) >> 56 & 0xFF]])
    for p, o in ((player, opponent), (pv, ov), (int.from_bytes(pm, "little"),
                 int.from_bytes(om, "little")), (int.from_bytes(pm, "big"),
                                                 int.from_bytes(om, "big"))):
        s += (t_d7[b3[((p & 0x0080402010080402) * m) >> 57 & 0x7F]
                   + b3x2[((o & 0x0080402010080402) * m) >> 57 & 0x7F]]
              + t_d6[b3[((p & 0x0000804020100804) * m) >> 58 & 0x3F]
                     + b3x2[((o & 0x0000804020100804) * m) >> 58 & 0x3F]]
              + t_d5[b3[((p & 0x0000008040201008) * m) >> 59 & 0x1F]
                     + b3x2[((o & 0x0000008040201008) * m) >> 59 & 0x1F]]
              + t_d4[b3[((p & 0x0000000080402010) * m) >> 60 & 0x0F]
                     + b3x2[((o & 0x0000000080402010) * m) >> 60 & 0x0F]])
    return s


# --- the tables file ------------------------------------------------------------------------

class PatternFileError(ValueError):
    """A missing or invalid tables file; the message is one sentence for a user."""


@dataclasses.dataclass(frozen=True)
class PatternTables:
    """Fitted tables, one set per phase.

    Attributes:
        phase_of: ``phase_of[e]``: the phase used at ``e`` empty squares (0..64).
        tables: ``tables[phase][pattern]``: the weight of each configuration
            (hundredths of a disc), ``PATTERNS`` order.
        features: per phase, the weight of each of ``FEATURES`` (hundredths of a
            disc per unit of the feature).
        bias: per phase, a constant for the side to move.
        fit: what the file says about its fit (free-form, for people).
    """

    phase_of: tuple[int, ...]
    tables: tuple[list[list[int]], ...]
    features: tuple[tuple[int, ...], ...]
    bias: tuple[int, ...]
    fit: dict[str, object]


def tables_to_json(bounds: list[tuple[int, int]], weights: list[list[list[int]]],
                   features: list[list[int]], bias: list[int], fit: dict[str, object]) -> str:
    """The text of a tables file: ``bounds`` are each phase's ``(fewest, most)`` empty
    squares; ``weights[phase][pattern]`` a full table. Only non-zero entries are
    written, as gaps between their indices and their values."""
    phases = []
    for (low, high), tables, values, constant in zip(bounds, weights, features, bias):
        patterns: dict[str, dict[str, list[int]]] = {}
        entry = {"empties": [low, high], "bias": constant,
                 "features": dict(zip(FEATURES, values)), "tables": patterns}
        for pattern, table in zip(PATTERNS, tables):
            gaps, values, last = [], [], -1
            for index, value in enumerate(table):
                if value:
                    gaps.append(index - last)
                    values.append(value)
                    last = index
            patterns[pattern] = {"gaps": gaps, "values": values}
        phases.append(entry)
    data = {"format": FORMAT, "version": VERSION,
            "patterns": {p: [_name(s) for s in squares] for p, squares in PATTERNS.items()},
            "fit": fit, "phases": phases}
    return json.dumps(data, separators=(",", ":")) + "\n"


def _name(square: int) -> str:
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


def parse_tables(text: str, label: str | None = None) -> PatternTables:
    """Read and check the text of a tables file; every problem is one sentence.
    ``label`` names the file in messages (default: "the pattern tables", translated).

    Checked: the format and version, the patterns (the same squares as ``PATTERNS``),
    phases covering 0..60 empty squares without overlap, the features (``FEATURES``),
    whole-number weights inside
    +-100,000 at indices inside each table, and the symmetry (a configuration and its
    mirror images under the pattern's own symmetries weigh the same).

    Raises:
        PatternFileError: the first problem found.
    """
    # Translators: in the messages about the pattern tables file, {file} names the file
    # ("the pattern tables file patterns.json"), {phase} is a phase's number and the
    # words in brackets or after "must be" (empties, bias, features, gaps, values) are
    # the file's keys: never translated.
    label = _("the pattern tables") if label is None else label

    def bad(message: str, **fields: object) -> PatternFileError:
        return PatternFileError(message.format(file=label, **fields))

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise bad(_("{file} is not valid JSON")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        # Translators: {format} is the file format's name, "plies-othello-patterns".
        raise bad(_("{file} is not a {format} file"), format=FORMAT)
    if data.get("version") != VERSION:
        raise bad(_("{file} has version {found}, not {version}"),
                  found=_short(data.get("version")), version=str(VERSION))
    expected = {p: [_name(s) for s in squares] for p, squares in PATTERNS.items()}
    if data.get("patterns") != expected:
        raise bad(_("{file} was made for other patterns than this program's"))
    phases = data.get("phases")
    if not isinstance(phases, list) or not phases:
        raise bad(_("{file} has no phases"))
    phase_of = [-1] * 65
    tables, features, bias = [], [], []
    for index, entry in enumerate(phases):
        phase = str(index + 1)
        if not isinstance(entry, dict):
            # Translators: {file} names the pattern tables file, {phase} is a phase's number.
            raise bad(_("{file} phase {phase} is not a table"), phase=phase)
        empties = entry.get("empties")
        if (not isinstance(empties, list) or len(empties) != 2
                or not all(_is_int(e) and 0 <= e <= 64 for e in empties)
                or empties[0] > empties[1]):
            raise bad(_("{file} phase {phase}: empties must be [fewest, most] within 0..64"),
                      phase=phase)
        for e in range(empties[0], empties[1] + 1):
            if phase_of[e] != -1:
                raise bad(_("{file} phase {phase} overlaps another phase at {empties} empty "
                            "squares"), phase=phase, empties=str(e))
            phase_of[e] = index
        if not _is_int(entry.get("bias")) or abs(entry["bias"]) > 100_000:
            raise bad(_("{file} phase {phase}: bias must be a whole number within 100000"),
                      phase=phase)
        bias.append(entry["bias"])
        given = entry.get("features")
        if not isinstance(given, dict) or list(given) != list(FEATURES):
            raise bad(_("{file} phase {phase}: features must be {features}, in that order"),
                      phase=phase, features=", ".join(FEATURES))
        if not all(_is_int(v) and abs(v) <= 100_000 for v in given.values()):
            raise bad(_("{file} phase {phase}: feature weights must be whole numbers within "
                        "100000"), phase=phase)
        features.append(tuple(given.values()))
        given = entry.get("tables")
        if not isinstance(given, dict) or set(given) != set(PATTERNS):
            raise bad(_("{file} phase {phase} must have a table for each of {patterns}"),
                      phase=phase, patterns=", ".join(PATTERNS))
        phase_tables = []
        for pattern, squares in PATTERNS.items():
            phase_tables.append(_table(given[pattern], 3 ** len(squares), pattern,
                                       phase, bad))
        tables.append(phase_tables)
    missing = [e for e in range(61) if phase_of[e] == -1]
    if missing:
        raise bad(_("{file} has no phase for {empties} empty squares"), empties=str(missing[0]))
    for e in range(61, 65):  # more empties than a game has: the opening's phase
        if phase_of[e] == -1:
            phase_of[e] = phase_of[60]
    fit = data.get("fit", {})
    return PatternTables(tuple(phase_of), tuple(tables), tuple(features), tuple(bias),
                         fit if isinstance(fit, dict) else {})


def _table(entry: object, size: int, pattern: str, phase: str,
           bad: Callable[..., PatternFileError]) -> list[int]:
    """The table of ``pattern`` in phase number ``phase``; ``bad(message, **fields)``
    makes the error (``{file}`` filled in)."""
    if (not isinstance(entry, dict) or not isinstance(entry.get("gaps"), list)
            or not isinstance(entry.get("values"), list)
            or len(entry["gaps"]) != len(entry["values"])):
        # Translators: {pattern} is a pattern's name in the file ("edge_x"); {shape} is the
        # table's JSON shape, "{gaps: [...], values: [...]}": neither is translated.
        raise bad(_("{file} phase {phase}, {pattern}: a table is {shape} of equal length"),
                  phase=phase, pattern=pattern, shape="{gaps: [...], values: [...]}")
    gaps, values = entry["gaps"], entry["values"]
    if not all(type(g) is int and g > 0 for g in gaps):
        raise bad(_("{file} phase {phase}, {pattern}: gaps must be positive whole numbers"),
                  phase=phase, pattern=pattern)
    if not all(type(v) is int and -100_000 <= v <= 100_000 for v in values):
        raise bad(_("{file} phase {phase}, {pattern}: weights must be whole numbers within "
                    "100000"), phase=phase, pattern=pattern)
    indices = list(accumulate(gaps, initial=-1))[1:]
    if indices and indices[-1] >= size:
        raise bad(_("{file} phase {phase}, {pattern}: an index is past the table's {size} "
                    "entries"), phase=phase, pattern=pattern, size=str(size))
    table = [0] * size
    for index, value in zip(indices, values):
        table[index] = value
    for split, low_part, high_part in _mirror_tables()[pattern]:
        images = [table[low_part[i % split] + high_part[i // split]] for i in indices]
        if images != values:
            index = next(i for i, a, b in zip(indices, images, values) if a != b)
            raise bad(_("{file} phase {phase}, {pattern}: configuration {index} and its "
                        "mirror image weigh differently"), phase=phase, pattern=pattern,
                      index=str(index))
    return table


def _is_int(value: object) -> bool:
    return type(value) is int


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."


def load_tables(path: str | Path = TABLES_FILE) -> PatternTables:
    """Read and check a tables file (``parse_tables``) through ``game.files``.

    Raises:
        PatternFileError: unreadable or invalid (one sentence).
    """
    label = Path(path).name
    try:
        text = read_text(path, limit=TABLES_BYTES, what=N_("pattern tables file"), name=label)
    except FileError as error:
        raise PatternFileError(str(error)) from None
    # Translators: how the messages about the file name it; {name} is its file name.
    return parse_tables(text, _("the pattern tables file {name}").format(name=label))


_LOADED: PatternTables | None = None


def tables() -> PatternTables:
    """The shipped tables, read on first use and kept (``load_tables``)."""
    global _LOADED
    if _LOADED is None:
        _LOADED = load_tables()
    return _LOADED


__all__ = ["BASE3", "INSTANCES", "INSTANCE_PATTERNS", "PATTERNS", "STABILISERS", "TABLES_FILE",
           "TRANSFORMS", "PatternFileError", "PatternTables", "canonical", "fast_indices",
           "load_tables", "parse_tables", "pattern_score", "permute", "reference_indices",
           "tables", "tables_to_json", "transform_board", "transform_square"]
