"""The Learn course's content and the learner's progress (no pygame: the scene draws it).

Lessons follow the classic lectures on game-tree search: the game tree, minimax,
alpha-beta, move ordering, the evaluation function, depth and the horizon. Each has a
short text, a live example on a real position, and exercises generated from real
positions with a seed (``ai.explain.exercises``; here lesson 1's counting questions,
lesson 5's weight laboratory and lesson 6's horizon questions). A wrong answer first gets
a hint that names the rule (never the number), a second one the worked answer.

Progress (which exercises were solved unaided, per lesson; which were shown worked out;
the next seed) is kept in ``<config>/learn.json``, written atomically and read through
``game.files`` with a size limit: a missing, damaged, huge or special file is a fresh
start, never an error nor a hang.

>>> q = counting_question(3, "easy")
>>> q.answer == q.check(q.answer)[0] * q.answer
True
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ai.explain.exercises import DIFFICULTIES
from game.i18n import N_, _, ngettext, number
from game.rules import Game, Move, new_game
from game.rules.perft import perft

if TYPE_CHECKING:
    from ai.evaluators.base import Evaluator
    from ai.explain.conventions import Conventions
    from ai.explain.exercises import Exercise, ExNode

LESSONS: dict[int, tuple[str, str]] = {
    1: (N_("The game tree"),
     N_("A game tree starts at a position (the root). Each legal move is an edge down to "
      "the position it makes; from there the other side moves, and so on. The number of "
      "lines of N moves from a position is called perft(N). The tree is really a graph: "
      "two move orders can reach the same position (a transposition), so there are fewer "
      "positions than lines.")),
    2: (N_("Minimax"),
     # Translators: keep 'win n' and 'loss n' in English: they are the notation the
     # answer box reads in every language (like inf and never).
     N_("MAX (the side to move at the root, ▲) wants the largest value, MIN (▼) the "
      "smallest. At the depth limit the evaluator scores each leaf (■) from MAX's view. "
      "Going up, a MAX node takes the largest of its children's values, a MIN node the "
      "smallest: the backed-up value. A finished game is 'win n' or 'loss n' (n moves "
      "below the root), beyond any score. Fill in the nodes from the bottom up.")),
    3: (N_("Alpha-beta"),
     N_("Alpha-beta finds the minimax value without looking at every leaf. α is what MAX "
      "can already make sure of, β what MIN can hold MAX to. A node is entered with its "
      "parent's (α, β); when β ≤ α its remaining children cannot change the result and "
      "are never visited. For every node, say the window it is entered with (or that it is "
      "never visited) and the value it returns; then mark the leaves never visited.")),
    4: (N_("Move ordering"),
     N_("Alpha-beta cuts more when the best move comes first: a good first value narrows "
      "the window for everything after it: best first for MAX, worst first (for MAX) at "
      "a MIN node. Reorder the children of any node (click one, then a sibling to swap "
      "them) so that alpha-beta visits as few nodes as it can, then Check.")),
    5: (N_("The evaluation function"),
        N_("At the horizon the search asks the evaluator. Tic-tac-toe's counts open lines "
         "(no mark of the opponent on them): open twos, open ones, the centre, each at its "
         "weight, yours minus the opponent's. Change the weights: the leaf values, the "
         "backed-up values and the chosen move change with them. A match against the "
         "default shows whether your evaluator plays better; save it to play with it.")),
    6: (N_("Depth and the horizon"),
        N_("A search sees only as far as its depth: past that horizon the evaluator's guess "
         "stands. A deeper search can see a threat or a trap that a shallow one cannot, "
         "and choose another move. Work out what depth 2 sees here, then look at what "
         "depth 4 sees. Iterative deepening searches depth 1, 2, 3… each ordering the "
         "next; the transposition table remembers positions reached by other move orders: "
         "the counts at the end show what they cost or save here.")),
    7: (N_("Learning the evaluation"),
        N_("The weights of an evaluator can be learned from games. SPSA plays the weights "
         "nudged up against the same weights nudged down, a pair of games at a time, and "
         "moves every weight towards the side that scored; the steps shrink as the run goes "
         "on. Start a run from the naive weights (the centre only) and watch the weights "
         "move, then say why a learned weight has the sign and size it has.")),
}
"""(title, text) per lesson, in the lectures' order, marked with ``N_``: translate both
with ``_()`` where shown."""

LEVEL_NAMES: tuple[str, ...] = tuple(DIFFICULTIES)
"""The difficulties, smallest first: ``ai.explain.exercises.DIFFICULTIES``'s, the sizes
``plies exercise --level`` means too."""


@dataclasses.dataclass(frozen=True)
class CountingQuestion:
    """Lesson 1: how many lines of ``plies`` moves (or different positions) from a position."""

    moves: str
    plies: int
    distinct: bool
    answer: int
    first: int
    """Moves at the root (for the reason)."""
    lines: int
    """Lines of ``plies`` moves (equal to ``answer`` unless ``distinct``)."""

    @property
    def text(self) -> str:
        if self.distinct:
            return ngettext("How many different positions are there {n} move ahead of this "
                            "position?",
                            "How many different positions are there {n} moves ahead of this "
                            "position?", self.plies).format(n=number(self.plies))
        return ngettext("How many lines of play (perft) are there {n} move ahead of this "
                        "position?",
                        "How many lines of play (perft) are there {n} moves ahead of this "
                        "position?", self.plies).format(n=number(self.plies))

    def check(self, guess: int) -> tuple[bool, str]:
        """Whether ``guess`` is right, with the worked answer when it is not (shown only
        after :meth:`hint` has been given once)."""
        answer = number(self.answer)
        if guess == self.answer:
            # Translators: {answer} is the number the learner typed, which was right.
            return True, _("Right: {answer}.").format(answer=answer)
        if self.distinct:
            return False, ngettext(
                "{lines} line leads to only {positions} different positions: lines that "
                "play the same moves in another order meet again (transpositions).",
                "{lines} lines lead to only {positions} different positions: lines that "
                "play the same moves in another order meet again (transpositions).",
                self.lines).format(lines=number(self.lines), positions=answer)
        if self.plies == 1:
            return False, _("Count the legal moves: {moves}.").format(moves=answer)
        return False, ngettext(
            "The side to move has {moves} move; below it, every reply counts again ({lines} "
            "lines in all; a line stops early only where the game ends).",
            "The side to move has {moves} moves; below each, every reply counts again "
            "({lines} lines in all; a line stops early only where the game ends).",
            self.first).format(moves=number(self.first), lines=answer)

    def hint(self) -> str:
        """The rule to apply, after a first wrong answer: no number of the answer."""
        if self.distinct:
            return _("Not quite. Count positions, not lines: two lines that reach the same "
                     "position (the same moves in another order) count once.")
        return _("Not quite. Count move by move: for each legal move, every reply, and so "
                 "on down to the last move asked; a line that ends the game before that "
                 "does not count.")


def _distinct(game: Game, plies: int) -> int:
    """Different positions exactly ``plies`` moves ahead (by ``key()``, which also
    tells the side to move)."""
    level = {game.key(): game.copy()}
    for _i in range(plies):
        following: dict[int, Game] = {}
        for position in level.values():
            for move in position.legal_moves():
                position.push(move)
                following.setdefault(position.key(), position.copy())
                position.pop()
        level = following
    return len(level)


def counting_question(seed: int, level: str = "easy", game_name: str = "tictactoe"
                      ) -> CountingQuestion:
    """A lesson-1 question on a real position reached by a few random moves (seeded)."""
    rng = random.Random(f"count:{game_name}:{level}:{seed}")
    game = new_game(game_name)
    for _i in range(rng.randint(2, 4)):
        moves = game.legal_moves()
        game.push(rng.choice(moves))
        if game.is_over():
            game.pop()
            break
    plies = {"easy": 2, "medium": 3, "hard": 4}.get(level, 2)
    distinct = level != "easy" and rng.random() < 0.5  # transpositions need 3 plies
    lines = perft(game, plies)
    answer = _distinct(game, plies) if distinct else lines
    return CountingQuestion(game.moves_text(), plies, distinct, answer,
                            len(game.legal_moves()), lines)


def tree_counts(game: Game, depth: int = 3) -> list[tuple[int, int]]:
    """Lesson 1's live example: per depth 1..``depth``, (lines, different positions)."""
    return [(perft(game, d), _distinct(game, d)) for d in range(1, depth + 1)]


# --- progress --------------------------------------------------------------------------

EXERCISES_TO_PASS = 3
"""Whole exercises solved unaided (every item, no worked answer shown) that finish a lesson."""
PROGRESS_BYTES = 64_000
"""``learn.json``'s size limit: a few hundred bytes in practice, a few kilobytes with
every list full."""
_KEPT = 200
"""At most this many exercise names per list (the oldest go first): the file stays small."""
_NAME = 120
"""The longest exercise name kept (``lesson:game:level:seed`` is far shorter)."""


@dataclasses.dataclass
class Progress:
    """What the learner has done.

    Attributes:
        solved: per lesson (1-based), the names of the exercises solved unaided (each
            counts once, however often it is solved again).
        tried: per lesson, the answers checked.
        revealed: the exercises whose answer was shown (a worked answer, the solution):
            solving them later never counts.
        lesson: the lesson last open; seed: the next exercise's seed; level: the size.
    """

    solved: dict[int, list[str]] = dataclasses.field(default_factory=dict)
    tried: dict[int, int] = dataclasses.field(default_factory=dict)
    revealed: list[str] = dataclasses.field(default_factory=list)
    lesson: int = 1
    seed: int = 1
    level: str = "easy"

    def record(self, lesson: int) -> None:
        """One more answer checked in ``lesson``."""
        self.tried[lesson] = self.tried.get(lesson, 0) + 1

    def solve(self, lesson: int, exercise: str) -> bool:
        """``exercise`` of ``lesson`` solved unaided: whether it counts (not before, not
        shown worked out)."""
        names = self.solved.setdefault(lesson, [])
        if exercise in names or exercise in self.revealed:
            return False
        names.append(exercise)
        del names[:-_KEPT]
        return True

    def reveal(self, exercise: str) -> None:
        """``exercise``'s answer was shown: it never counts from now on."""
        if exercise not in self.revealed:
            self.revealed.append(exercise)
            del self.revealed[:-_KEPT]

    def count(self, lesson: int) -> int:
        """Exercises of ``lesson`` solved unaided."""
        return len(self.solved.get(lesson, ()))

    def done(self, lesson: int) -> bool:
        """A lesson counts as done after three whole exercises solved unaided."""
        return self.count(lesson) >= EXERCISES_TO_PASS

    def to_json(self) -> dict[str, Any]:
        return {"format": "plies-learn", "version": 2,
                "solved": {str(k): v for k, v in self.solved.items()},
                "tried": {str(k): v for k, v in self.tried.items()},
                "revealed": self.revealed,
                "lesson": self.lesson, "seed": self.seed, "level": self.level}


def progress_path() -> Path:
    """``<config>/learn.json`` (the folder is made when the progress is saved)."""
    from game.settings import config_path
    return config_path() / "learn.json"


def _counts(value: Any) -> dict[int, int]:
    out: dict[int, int] = {}
    if isinstance(value, dict):
        for key, count in value.items():
            if (isinstance(key, str) and key.isdigit() and int(key) in LESSONS
                    and isinstance(count, int) and not isinstance(count, bool)
                    and 0 <= count < 10**9):
                out[int(key)] = count
    return out


def _names(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, str) and 0 < len(v) <= _NAME][-_KEPT:]


def load_progress(path: Path | None = None) -> Progress:
    """The saved progress; anything missing, bad, too large or not a regular file gives
    the default (never raises, never waits: ``game.files.read_text`` refuses a named
    pipe or a device before opening it for good)."""
    from game.files import read_text
    path = path or progress_path()
    try:
        data = json.loads(read_text(path, limit=PROGRESS_BYTES, what=N_("Learn progress file")))
    except (OSError, ValueError, RecursionError):  # FileError is a ValueError
        return Progress()
    if not isinstance(data, dict):
        return Progress()
    lesson, seed, level = data.get("lesson"), data.get("seed"), data.get("level")
    # Version 1 counted single answers ("right"), not whole exercises: not carried over.
    solved = data.get("solved") if data.get("version") == 2 else None
    return Progress(
        {int(k): _names(v) for k, v in solved.items()
         if isinstance(k, str) and k.isdigit() and int(k) in LESSONS}
        if isinstance(solved, dict) else {},
        _counts(data.get("tried")), _names(data.get("revealed")),
        lesson if isinstance(lesson, int) and lesson in LESSONS else 1,
        seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 < seed < 10**9
        else 1,
        level if level in LEVEL_NAMES else "easy")


def save_progress(progress: Progress, path: Path | None = None) -> bool:
    """Write the progress atomically; ``False`` when the folder cannot be written."""
    from game.files import atomic_write_text
    path = path or progress_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(progress.to_json()) + "\n")
    except OSError:
        return False
    return True




# --- the answer keys of lessons 2-4, typed -------------------------------------------------
# ai.explain.exercises keeps its key as plain data for --json; the window reads it once,
# here, into these types. (When ai.explain grows its own typed key, these become it.)

@dataclasses.dataclass(frozen=True)
class AlphaBetaTrace:
    """Alpha-beta over an exercise tree under the exercise's conventions (by default
    fail-soft, pruning when α ≥ β), children in the given order: the visiting order,
    each visited node's window at entry and returned value (MAX's view), the nodes
    never visited."""

    visited: tuple[str, ...]
    windows: dict[str, tuple[int, int]]
    values: dict[str, int]
    never_visited: frozenset[str]
    leaves_never_visited: frozenset[str]
    cutoffs: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    """Per node cut short, its children never searched (after the last one visited)."""

    @property
    def nodes_visited(self) -> int:
        return len(self.visited)

    @classmethod
    def of(cls, root: ExNode, order: dict[str, list[str]] | None = None,
           conventions: Conventions | None = None) -> AlphaBetaTrace:
        """The trace of ``root``'s tree, with ``order`` (node id -> its children's ids)
        replacing the given order where it says, under ``conventions`` (``None``: the
        default)."""
        from ai.explain.conventions import DEFAULT
        from ai.explain.exercises import alphabeta_trace

        by_id = {n.id: n for n in root.walk()}
        lists = {k: [by_id[i] for i in ids] for k, ids in (order or {}).items()}
        raw = alphabeta_trace(root, lists, conventions or DEFAULT)
        return cls(tuple(raw["visited"]),
                   {k: (w[0], w[1]) for k, w in raw["windows"].items()},
                   dict(raw["values"]), frozenset(raw["never_visited"]),
                   frozenset(raw["leaves_never_visited"]),
                   {k: tuple(v) for k, v in raw["cutoffs"].items()})


@dataclasses.dataclass(frozen=True)
class OrderingKey:
    """Lesson 4, where every node's children may be reordered: alpha-beta's node count
    in the given order, and the best order (at a MAX node the child best for MAX first,
    at a MIN node the child best for MIN first) with its count."""

    given_nodes: int
    best_nodes: int
    best_order: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, root: ExNode, conventions: Conventions | None = None) -> OrderingKey:
        from ai.explain.exercises import minimax_values

        values = minimax_values(root)
        best: dict[str, tuple[str, ...]] = {}
        for node in root.walk():
            if node.children:
                ranked = sorted(node.children, key=lambda c: values[c.id],
                                reverse=node.kind == "max")  # stable: ties keep their order
                best[node.id] = tuple(c.id for c in ranked)
        return cls(AlphaBetaTrace.of(root, None, conventions).nodes_visited,
                   AlphaBetaTrace.of(root, {k: list(v) for k, v in best.items()},
                                     conventions).nodes_visited,
                   best)


@dataclasses.dataclass(frozen=True)
class ExerciseKey:
    """An exercise's answers: every node's minimax value (MAX's view), and for the
    alpha-beta and ordering kinds the trace and the ordering key."""

    values: dict[str, int]
    alphabeta: AlphaBetaTrace
    ordering: OrderingKey | None

    @classmethod
    def of(cls, exercise: Exercise) -> ExerciseKey:
        values = {k: int(v) for k, v in exercise.key["values"].items()}
        rules = exercise.conventions
        ordering = (OrderingKey.of(exercise.root, rules) if exercise.kind == "ordering"
                    else None)
        return cls(values, AlphaBetaTrace.of(exercise.root, None, rules), ordering)


# --- lesson 6: depth and the horizon ----------------------------------------------------

HORIZON_DEPTHS = (2, 4)
"""The shallow and the deep search of lesson 6."""


@dataclasses.dataclass(frozen=True)
class HorizonQuestion:
    """Lesson 6: a real position where depth 2 and depth 4 choose different moves.

    Scores are the side to move's, in evaluator points; ``shallow_later`` is what the
    deep search makes of the shallow search's move. ``nodes`` gives, per depth, the
    nodes of plain alpha-beta and of the computer's own search (iterative deepening, the
    transposition table and its move ordering) on this position.
    """

    game_name: str
    moves: str
    shallow: str
    shallow_score: int
    deep: str
    deep_score: int
    shallow_later: int
    line: tuple[str, ...]
    nodes: tuple[tuple[int, int, int], ...]
    later_line: tuple[str, ...] = ()
    """What the deep search expects after the shallow search's move (the threat)."""

    @property
    def text(self) -> str:
        # Translators: {shallow} and {deep} are search depths (2 and 4), {move} a column.
        return _("Depth {shallow} plays {move} here. Which move does depth {deep} choose? "
                 "Type its column.").format(shallow=HORIZON_DEPTHS[0], move=self.shallow,
                                            deep=HORIZON_DEPTHS[1])

    def check(self, guess: str) -> tuple[bool, str]:
        """Whether ``guess`` names the deep search's move, with the reason either way."""
        shallow, deep = HORIZON_DEPTHS
        # Translators: {depth} is a search depth, {move} its move, {value} that move's
        # value, {line} the moves it expects to follow (notation).
        why = _("Depth {depth} plays {move} ({value}), expecting {line}.").format(
            depth=deep, move=self.deep, value=_signed(self.deep_score), line=" ".join(self.line))
        if self.shallow_later < self.shallow_score:  # a trap behind the shallow horizon
            more = _("Two moves further it finds {move} worth only {later}, not the {value} "
                     "depth {depth} saw at its horizon.").format(
                move=self.shallow, later=_signed(self.shallow_later),
                value=_signed(self.shallow_score), depth=shallow)
        else:  # something good behind it, for the other move
            more = _("Two moves further it finds more in {deep_move} than in {shallow_move} "
                     "({later}): depth {depth} stopped before it could see that.").format(
                deep_move=self.deep, shallow_move=self.shallow,
                later=_signed(self.shallow_later), depth=shallow)
        ok = guess.strip().lower() == self.deep.lower()
        # Translators: the reason's sentences follow each other, after "Right." when right.
        why = _("{sentence} {next_sentence}").format(sentence=why, next_sentence=more)
        return ok, (_("Right. {reason}").format(reason=why) if ok else why)


def _line_names(game: Game, line: tuple[Move, ...]) -> tuple[str, ...]:
    """``line``'s moves in notation, each named in the position where it is played."""
    out = []
    position = game.copy()
    for move in line:
        out.append(position.move_name(move))
        position.push(move)
    return tuple(out)


def _signed(score: int) -> str:
    from ai.explain.tree import value_text
    return value_text(score)


def horizon_question(seed: int, game_name: str = "connect4") -> HorizonQuestion:
    """A lesson-6 question: random real positions (seeded) until the two depths disagree."""
    from ai.evaluators import load_evaluator
    from ai.search import Limits, Mode, Searcher, SearchResult

    evaluator = load_evaluator(game_name)
    shallow_depth, deep_depth = HORIZON_DEPTHS
    for attempt in range(400):
        rng = random.Random(f"horizon:{game_name}:{seed}:{attempt}")
        game = new_game(game_name)
        for _i in range(rng.randint(2, 8)):
            game.push(rng.choice(game.legal_moves()))
            if game.is_over():
                game.pop()
                break

        def search(position: Game, depth: int, mode: Mode = "alphabeta") -> SearchResult:
            return Searcher(evaluator, mode=mode).search(
                position, Limits(depth=depth, use_solver=False))

        shallow, deep = search(game, shallow_depth), search(game, deep_depth)
        if shallow.move == deep.move or shallow.move is None or deep.move is None:
            continue
        game.push(shallow.move)
        reply = search(game, deep_depth - 1)
        later = -reply.score
        later_line = _line_names(game, reply.pv)
        game.pop()
        if later >= deep.score:  # a tie broken by move order teaches nothing
            continue
        nodes = tuple((d, search(game, d).nodes, search(game, d, "full").nodes)
                      for d in (deep_depth, deep_depth + 2))
        name = game.move_name
        return HorizonQuestion(game_name, game.moves_text(), name(shallow.move),
                               shallow.score, name(deep.move), deep.score, later,
                               tuple(name(m) for m in deep.pv), nodes, later_line)
    raise ValueError(_("no position found where the two depths disagree"))


# --- lesson 5: the evaluation function ---------------------------------------------------

EVAL_GAME = "tictactoe"
"""Lesson 5 works on tic-tac-toe, whose evaluator has three weights a learner can reason about."""


def lab_position(seed: int) -> Game:
    """A real tic-tac-toe position one to three random moves from the start (seeded)."""
    rng = random.Random(f"lab:{seed}")
    game = new_game(EVAL_GAME)
    for _i in range(rng.randint(1, 3)):
        game.push(rng.choice(game.legal_moves()))
    return game


def lab_evaluator(weights: dict[str, int]) -> Evaluator:
    """The tic-tac-toe evaluator with ``weights`` (names of ``Weights`` fields)."""
    from ai.evaluators.tictactoe import PRESETS, build
    return build(dataclasses.replace(PRESETS["default"], **weights), "lesson")


@dataclasses.dataclass(frozen=True)
class LabRow:
    """Lesson 5: one root move, its depth-2 minimax value (the mover's view), MIN's
    reply there (``""`` when the move ends the game) and the evaluator's named terms at
    that leaf."""

    move: str
    value: int
    reply: str
    terms: dict[str, int]


def root_values(game: Game, weights: dict[str, int], evaluator: Evaluator | None = None
                ) -> list[LabRow]:
    """Each root move's row (:class:`LabRow`) from the textbook minimax recorder of
    ``ai.explain.tree`` at depth 2, in the evaluator's order; the first largest value
    is the move the search would play. The evaluator is the tic-tac-toe one with
    ``weights``, or ``evaluator`` when given (the person's own: a weights file or a
    plugin's function, whose faults propagate)."""
    from ai.explain.tree import record

    evaluator = evaluator or lab_evaluator(weights)
    tree = record(game, evaluator, 2, "minimax")
    out = []
    for child in tree.root.children:
        assert child.value is not None
        if child.kind == "leaf":  # the move ends the game
            terms = {N_("game won") if child.value > 0 else N_("draw"): child.value}
            out.append(LabRow(child.name, child.value, "", terms))
            continue
        reply = next(c for c in child.children if c.value == child.value)  # MIN's first best
        if reply.terminal:
            terms = {N_("game lost") if child.value < 0 else N_("draw"): child.value}
        else:
            position = game.copy()
            for move in reply.path:
                position.push(move)
            terms = evaluator.terms(position)
        out.append(LabRow(child.name, child.value, reply.name, terms))
    return out


def quick_match(weights: dict[str, int], games: int = 10, seed: int = 1,
                evaluator: Evaluator | None = None) -> tuple[int, int, int]:
    """The learner's evaluator (``weights``, or ``evaluator`` when given) against the
    default, ``games`` games at depth 1 (one ply: what to block is the evaluator's call
    alone), colours alternating, each pair from one random first move (seeded):
    (wins, draws, losses)."""
    from ai.evaluators import load_evaluator
    from ai.search import Limits, Searcher

    mine, theirs = evaluator or lab_evaluator(weights), load_evaluator(EVAL_GAME)
    rng = random.Random(f"labmatch:{seed}")
    tally = [0, 0, 0]
    limits = Limits(depth=1, use_solver=False)
    for index in range(games):
        if index % 2 == 0:
            opening = rng.choice(new_game(EVAL_GAME).legal_moves())
        game = new_game(EVAL_GAME)
        game.push(opening)
        learner_side = index % 2  # the learner replies to the opening, then moves first
        while not game.is_over():
            evaluator = mine if game.turn == learner_side else theirs
            move = Searcher(evaluator, seed=index).search(game, limits).move
            assert move is not None  # the game is not over
            game.push(move)
        outcome = game.outcome()
        assert outcome is not None
        winner = outcome.winner
        tally[0 if winner == learner_side else 1 if winner is None else 2] += 1
    return tally[0], tally[1], tally[2]


def save_evaluator(name: str, weights: dict[str, int], *, replace: bool = False
                   ) -> tuple[bool, str]:
    """Write ``weights`` as the user evaluator ``name`` (``<config>/evaluators/NAME.toml``,
    which play and ``plies match`` then offer by name): whether it was saved, and the
    sentence to show. An existing ``NAME.toml`` (perhaps a person's own weights) is
    replaced only with ``replace``; else nothing is written and the sentence asks."""
    from ai.evaluators import evaluator_by_name, is_evaluator_name
    from game.files import atomic_write_text
    from game.settings import evaluators_dir

    if not is_evaluator_name(name):
        return False, _("A name is letters, digits, _ and - (at most 64), e.g. my-eval.")
    if name in ("default", "naive"):
        return False, _("{name} is a preset's name: choose another.").format(name=name)
    folder = evaluators_dir()
    if not replace and os.path.lexists(folder / f"{name}.toml"):
        return False, _("There is already an evaluator called {name}: press Save again to "
                        "replace it, or type another name.").format(name=name)
    text = (f'game = "{EVAL_GAME}"\nbase = "default"\n[weights]\n'  # untranslated: TOML
            + "".join(f"{key} = {value}\n" for key, value in weights.items()))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(folder / f"{name}.toml", text)
        evaluator_by_name(EVAL_GAME, name, user_dir=folder)  # it reads back
    except (OSError, ValueError) as error:
        return False, _("Could not save it: {error}").format(error=error)
    return True, _("Saved as {name}: choose it as the evaluator in a new tic-tac-toe "
                   "game.").format(name=name)


# untranslated: the module's names
__all__ = ["EVAL_GAME", "EXERCISES_TO_PASS", "HORIZON_DEPTHS", "LESSONS", "LEVEL_NAMES",  # untranslated: names
           "AlphaBetaTrace", "CountingQuestion", "ExerciseKey", "HorizonQuestion", "LabRow",  # untranslated: names
           "OrderingKey", "Progress", "counting_question", "horizon_question",  # untranslated: names
           "lab_evaluator", "lab_position", "load_progress", "progress_path", "quick_match",  # untranslated: names
           "root_values", "save_evaluator", "save_progress", "tree_counts"]  # untranslated: names
