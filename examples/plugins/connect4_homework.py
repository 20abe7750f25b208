"""A Connect-4 evaluator, the shape of a course's homework: open windows of four."""

from game.plugins import evaluator


def centre_first(game):
    """Columns nearest the centre first: alpha-beta cuts more when good moves come first."""
    return sorted(game.legal_moves(), key=lambda column: abs(column - game.width // 2))


@evaluator("connect4", name="homework", order=centre_first)
def homework(game):
    """Each window of four cells held by one side only scores the square of its pieces
    (mine minus the opponent's); a piece in the centre column scores 3 more."""
    me, score = game.turn, 0
    for y in range(game.height):
        for x in range(game.width):
            if x == game.width // 2 and game.piece_at(x, y) is not None:
                score += 3 if game.piece_at(x, y) == me else -3
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if not (0 <= x + 3 * dx < game.width and 0 <= y + 3 * dy < game.height):
                    continue
                window = [game.piece_at(x + i * dx, y + i * dy) for i in range(4)]
                if window.count(1 - me) == 0:
                    score += window.count(me) ** 2
                elif window.count(me) == 0:
                    score -= window.count(1 - me) ** 2
    return score
