"""Nim with heaps of 3, 4 and 5 tokens (a Plies plugin game; the lecture notes' first
game tree). The heaps are the columns; choosing a token takes it and every token
above it in its heap. Whoever takes the last token wins.

This game has no ``evaluate``: the computer sees only wins and losses, and its
search is deep enough to see them all in a game this small.
"""

from game.plugins import GridGame, Outcome

HEAPS = (3, 4, 5)


class Nim(GridGame):
    name = "nim"
    title = "Nim 3-4-5"
    side_names = ("First", "Second")
    width = len(HEAPS)
    height = max(HEAPS)

    def start_board(self):
        board = [None] * (self.width * self.height)
        for x, tokens in enumerate(HEAPS):
            for y in range(self.height - tokens, self.height):   # stacked from the bottom
                board[y * self.width + x] = 0                    # tokens belong to nobody
        return board

    def legal_moves(self):
        return [cell for cell, token in enumerate(self.board) if token is not None]

    def apply(self, move):
        x, y = self.cells(move)[1]
        for above in range(y + 1):
            self.board[above * self.width + x] = None

    def outcome(self):
        if all(token is None for token in self.board):
            return Outcome(1 - self.turn, "took the last token")   # the one who just moved
        return None
