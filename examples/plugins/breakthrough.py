"""Breakthrough on a 6x6 board: a game where pieces move (a Plies plugin game).

White (the first player) starts on the two bottom rows and moves up; Black starts on
the two top rows and moves down. A piece steps one cell forward, straight or
diagonally; it captures only diagonally (onto an enemy piece). The first piece to
reach the far row wins; so does taking every enemy piece, and a side with no move
loses. (Rules: Dan Troyka, 2000.)
"""

from game.plugins import GridGame, Outcome


class Breakthrough(GridGame):
    name = "breakthrough"
    title = "Breakthrough"
    side_names = ("White", "Black")
    width = 6
    height = 6

    def start_board(self):
        black, white, empty = [1] * 12, [0] * 12, [None] * 12
        return black + empty + white          # rows from the top

    def forward(self, side):
        return -1 if side == 0 else 1        # White moves up the screen (y falls)

    def steps(self):
        """Every step of the side to move, as moves."""
        me, ahead = self.turn, self.forward(self.turn)
        moves = []
        for y in range(self.height):
            for x in range(self.width):
                if self.board[y * self.width + x] != me:
                    continue
                for dx in (-1, 0, 1):
                    tx, ty = x + dx, y + ahead
                    if not (0 <= tx < self.width and 0 <= ty < self.height):
                        continue
                    target = self.board[ty * self.width + tx]
                    if target is None or (dx != 0 and target == 1 - me):
                        moves.append(self.step((x, y), (tx, ty)))
        return moves

    def legal_moves(self):
        return [] if self.outcome() is not None else self.steps()

    def apply(self, move):
        start, end = self.cells(move)
        self.board[end[1] * self.width + end[0]] = self.board[start[1] * self.width + start[0]]
        self.board[start[1] * self.width + start[0]] = None

    def outcome(self):
        if 0 in self.board[:self.width]:
            return Outcome(0, "reached the far row")
        if 1 in self.board[-self.width:]:
            return Outcome(1, "reached the far row")
        for side in (0, 1):
            if side not in self.board:
                return Outcome(1 - side, "took every piece")
        if not self.steps():
            return Outcome(1 - self.turn, "no move left")
        return None

    def evaluate(self):
        """Material (100 a piece) and how far the pieces have come (10 a row), mine
        minus the opponent's: the side to move's view, as every evaluator."""
        score = 0
        for index, side in enumerate(self.board):
            if side is None:
                continue
            row = index // self.width
            advance = (self.height - 1 - row) if side == 0 else row
            points = 100 + 10 * advance
            score += points if side == self.turn else -points
        return score
