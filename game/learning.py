"""The Learn course's content and the learner's progress (no pygame: the scene draws it).

Lessons follow the classic lectures on game-tree search: the game tree, minimax,
alpha-beta, move ordering, the evaluation function, depth and the horizon. Each has a
short text, a live example on a real position, and exercises generated from real
positions with a seed (``ai.explain.exercises``; here lesson 1's counting questions,
lesson 5's weight laboratory and lesson 6's horizon questions), checked at once with
the reason when wrong.

Progress (which lessons were done, how many exercises were right, the next seed) is
kept in ``<config>/learn.json``, written atomically; a missing or damaged file is a
fresh start, never an error.

>>> q = counting_question(3, "easy")
>>> q.answer == q.check(q.answer)[0] * q.answer
True
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

from game.i18n import N_, _, ngettext, number
from game.rules import Game, new_game
from game.rules.perft import perft

LESSONS: dict[int, tuple[str, str]] = {
    1: (N_("The game tree"),
     N_("A game tree starts at a position (the root). Each legal move is an edge down to "
      "the position it makes; from there the other side moves, and so on. The number of "
      "lines of N moves from a position is called perft(N). The tree is really a graph: "
      "two move orders can reach the same position (a transposition), so there are fewer "
      "positions than lines.")),
    2: (N_("Minimax"),
     N_("MAX (the side to move at the root, ▲) wants the largest value, MIN (▼) the "
      "smallest. At the depth limit the evaluator scores each leaf (■) from MAX's view. "
      "Going up, a MAX node takes the largest of its children's values, a MIN node the "
      "smallest: the backed-up value. A finished game is 'win n' or 'loss n' (n moves "
      "below the root), beyond any score. Fill in the nodes from the bottom up.")),
    3: (N_("Alpha-beta"),
     N_("Alpha-beta finds the minimax value without looking at every leaf. α is what MAX "
      "can already make sure of, β what MIN can hold MAX to. A node is entered with its "
      "parent's (α, β); when β ≤ α its remaining children cannot change the result and "
      "are never visited. Predict each window, then mark the leaves never visited.")),
    4: (N_("Move ordering"),
     N_("Alpha-beta cuts more when the best move comes first: a good first value narrows "
      "the window for everything after it. Reorder the root's children (select one, then "
      "← →) so that alpha-beta visits as few nodes as it can; the score compares your "
      "order with the best and the worst.")),
    5: (N_("The evaluation function"),
        N_("At the horizon the search asks the evaluator. Tic-tac-toe's counts open lines "
         "(no mark of the opponent on them): open twos, open ones, the centre, each at its "
         "weight, yours minus the opponent's. Change the weights: the leaf values, the "
         "backed-up values and the chosen move change with them. A match against the "
         "default shows whether your evaluator plays better; save it to play with it.")),
    6: (N_("Depth and the horizon"),
        N_("A search sees only as far as its depth: past that horizon the evaluator's guess "
         "stands. A deeper search can see a threat or a trap that a shallow one cannot, "
         "and choose another move. Iterative deepening searches depth 1, 2, 3… each "
         "ordering the next; the transposition table remembers positions reached by other "
         "move orders. The table shows what they cost or save here.")),
}
"""(title, text) per lesson, in the lectures' order, marked with ``N_``: translate both
with ``_()`` where shown."""

LEVEL_NAMES = ("easy", "medium", "hard")


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
        """Whether ``guess`` is right, with the reason when it is not."""
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

@dataclasses.dataclass
class Progress:
    """What the learner has done: per lesson (1-based) exercises right and tried; the
    lesson last open; the seed of the next exercise; the difficulty."""

    right: dict[int, int] = dataclasses.field(default_factory=dict)
    tried: dict[int, int] = dataclasses.field(default_factory=dict)
    lesson: int = 1
    seed: int = 1
    level: str = "easy"

    def record(self, lesson: int, correct: bool) -> None:
        self.tried[lesson] = self.tried.get(lesson, 0) + 1
        if correct:
            self.right[lesson] = self.right.get(lesson, 0) + 1

    def done(self, lesson: int) -> bool:
        """A lesson counts as done after three exercises right."""
        return self.right.get(lesson, 0) >= 3

    def to_json(self) -> dict[str, Any]:
        return {"format": "plies-learn", "version": 1,
                "right": {str(k): v for k, v in self.right.items()},
                "tried": {str(k): v for k, v in self.tried.items()},
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


def load_progress(path: Path | None = None) -> Progress:
    """The saved progress; anything missing or bad gives the default (never raises)."""
    path = path or progress_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8")[:65536])
    except (OSError, ValueError):
        return Progress()
    if not isinstance(data, dict):
        return Progress()
    lesson, seed, level = data.get("lesson"), data.get("seed"), data.get("level")
    return Progress(
        _counts(data.get("right")), _counts(data.get("tried")),
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


def _signed(score: int) -> str:
    from ai.explain.tree import value_text
    return value_text(score)


def horizon_question(seed: int, game_name: str = "connect4") -> HorizonQuestion:
    """A lesson-6 question: random real positions (seeded) until the two depths disagree."""
    from ai.evaluators import load_evaluator
    from ai.search import Limits, Searcher

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

        def search(position: Game, depth: int, mode: str = "alphabeta"):
            return Searcher(evaluator, mode=mode).search(  # type: ignore[arg-type]
                position, Limits(depth=depth, use_solver=False))

        shallow, deep = search(game, shallow_depth), search(game, deep_depth)
        if shallow.move == deep.move or shallow.move is None or deep.move is None:
            continue
        game.push(shallow.move)
        later = -search(game, deep_depth - 1).score
        game.pop()
        if later >= deep.score:  # a tie broken by move order teaches nothing
            continue
        nodes = tuple((d, search(game, d).nodes, search(game, d, "full").nodes)
                      for d in (deep_depth, deep_depth + 2))
        name = game.move_name
        return HorizonQuestion(game_name, game.moves_text(), name(shallow.move),
                               shallow.score, name(deep.move), deep.score, later,
                               tuple(name(m) for m in deep.pv), nodes)
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


def lab_evaluator(weights: dict[str, int]):
    """The tic-tac-toe evaluator with ``weights`` (names of ``Weights`` fields)."""
    from ai.evaluators.tictactoe import PRESETS, build
    return build(dataclasses.replace(PRESETS["default"], **weights), "lesson")


def root_values(game: Game, weights: dict[str, int]
                ) -> list[tuple[str, int, str, dict[str, int]]]:
    """Each root move with its depth-2 minimax value (the mover's view), MIN's best
    reply and the evaluator's named terms at that leaf, in the evaluator's order; the
    first largest value is the move the search would play."""
    evaluator = lab_evaluator(weights)
    out = []
    for move in evaluator.candidate_moves(game):
        game.push(move)
        reply_name, terms = "", {}
        if game.is_over():
            value = -evaluator.terminal_score(game, game.outcome(), 1)
            terms = {N_("game won"): value}
        else:
            value = 10**9
            for reply in game.legal_moves():
                game.push(reply)
                outcome = game.outcome()
                leaf = (evaluator.terminal_score(game, outcome, 2) if outcome is not None
                        else evaluator.evaluate(game))
                if leaf < value:  # the root mover is to move again at depth 2
                    value, reply_name = leaf, game.move_name(reply)
                    terms = ({N_("game lost"): leaf} if outcome is not None
                             else evaluator.terms(game))
                game.pop()
        game.pop()
        out.append((game.move_name(move), value, reply_name, terms))
    return out


def quick_match(weights: dict[str, int], games: int = 10, seed: int = 1
                ) -> tuple[int, int, int]:
    """The learner's evaluator against the default, ``games`` games at depth 1 (one ply:
    what to block is the evaluator's call alone), colours alternating, each pair from
    one random first move (seeded): (wins, draws, losses)."""
    from ai.evaluators import load_evaluator
    from ai.search import Limits, Searcher

    mine, theirs = lab_evaluator(weights), load_evaluator(EVAL_GAME)
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
            assert move is not None  # a game not over has a move
            game.push(move)
        outcome = game.outcome()
        assert outcome is not None  # the loop played to the end
        winner = outcome.winner
        tally[0 if winner == learner_side else 1 if winner is None else 2] += 1
    return tally[0], tally[1], tally[2]


def save_evaluator(name: str, weights: dict[str, int]) -> tuple[bool, str]:
    """Write ``weights`` as the user evaluator ``name`` (``<config>/evaluators/NAME.toml``,
    which play and ``plies match`` then offer by name): whether it was saved, and the
    sentence to show."""
    from ai.evaluators import evaluator_by_name, is_evaluator_name
    from game.files import atomic_write_text
    from game.settings import evaluators_dir

    if not is_evaluator_name(name):
        return False, _("A name is letters, digits, _ and - (at most 64), e.g. my-eval.")
    if name in ("default", "naive"):
        return False, _("{name} is a preset's name: choose another.").format(name=name)
    folder = evaluators_dir()
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
__all__ = ["EVAL_GAME", "HORIZON_DEPTHS", "LESSONS", "LEVEL_NAMES", "CountingQuestion",
           "HorizonQuestion", "Progress", "counting_question", "horizon_question",
           "lab_evaluator", "lab_position", "load_progress", "progress_path", "quick_match",
           "root_values", "save_evaluator", "save_progress", "tree_counts"]
