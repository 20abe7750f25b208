"""A swap or swap2 opening being played in the window (the play session's part of it).

``game.rules.openings.Opening`` is the protocol (who places, who chooses, between
what); this module maps it onto the window's two *participants* (the first and the
second player as the start screen listed them) and onto the session's players by
colour, which the rest of the session uses:

* while a participant places the opening stones, both colours are theirs
  (``players == [P, P]``), so a person clicks every stone of their phase and the
  computer is asked for them;
* while a choice is due, both colours are the chooser's, and no stone may be placed;
* once the colours are chosen, ``players`` are by colour as the choice made them.

The computer's stones and choices come from ``ai.openings`` (and the first three
stones from ``ai.openings.first_stones``, near balanced by a search), run as a
worker job (purpose ``"opening"``) so the window never waits for them; each comes
with one sentence of why, which the panel and the status line show.

Undo inside the opening (or back into it) starts the opening again: its phases are
the participants' separate decisions, and a half-taken-back phase has no owner.
"""

from __future__ import annotations

from typing import Any

from game.players import Player
from game.rules.openings import FIRST, SECOND, Opening

__all__ = ["CHOICE_KEYS", "CHOICE_LABELS", "OpeningPhase", "choice_prompt", "phase_text"]

CHOICE_LABELS = {"black": "Take Black (B)", "white": "Take White (W)",
                 "place-two": "Place two more (2)"}
"""Button text for each choice."""

CHOICE_SHORT = {"black": "Black (B)", "white": "White (W)", "place-two": "Two more (2)"}
"""Button text when the status line is narrow (the minimum window size)."""

CHOICE_KEYS = {"black": "B", "white": "W", "place-two": "2"}
"""The key that makes each choice."""

def _index(participant: str) -> int:
    return 0 if participant == FIRST else 1


class OpeningPhase:
    """The opening of one game, its participants and the computer's last reason.

    Args:
        kind: ``"swap"`` or ``"swap2"``.
        participants: the first and the second player (``game.players``).
        choices: the choices already made (a restored game).
    """

    def __init__(self, kind: str, participants: list[Player],
                 choices: list[str] | None = None) -> None:
        self.opening = Opening(kind, list(choices or []))
        self.participants = list(participants)
        self.reason = ""
        """The computer's last opening decision, in one sentence (the panel shows it)."""

    @classmethod
    def from_record(cls, data: dict[str, Any], players: list[Player],
                    plies: int) -> OpeningPhase:
        """The opening a record stores; ``players`` are by colour when it is decided."""
        opening = Opening.replay(data, plies)
        participants = list(players)
        if opening.black == SECOND:
            participants.reverse()
        return cls(opening.kind, participants, opening.choices)

    @property
    def kind(self) -> str:
        return self.opening.kind

    @property
    def decided(self) -> bool:
        return self.opening.decided

    def choice_plies(self) -> list[int]:
        """The number of stones on the board at each choice made (3, then 5)."""
        return [3, 5][:len(self.opening.choices)]

    def actor(self, plies: int) -> str | None:
        """The participant who acts now (places or chooses), ``None`` once decided."""
        if self.decided:
            return None
        return self.opening.chooser(plies) or self.opening.placer(plies)

    def choosing(self, plies: int) -> tuple[str, ...]:
        """The choices open now (``()`` when a stone is due or the colours are set)."""
        return self.opening.options(plies)

    def players(self, plies: int) -> list[Player]:
        """The session's players by colour for the position with ``plies`` stones."""
        if self.decided:
            black = _index(self.opening.black or FIRST)
            return [self.participants[black], self.participants[1 - black]]
        who = self.actor(plies) or FIRST
        p = self.participants[_index(who)]
        return [p, p]

    def record_players(self, plies: int) -> list[Player]:
        """Players as a record stores them: by colour once decided, else first/second."""
        return self.players(plies) if self.decided else list(self.participants)

    def placing_computer(self, plies: int, is_computer: Any) -> bool:
        """A computer participant must place opening stones now."""
        return (not self.decided and not self.choosing(plies)
                and is_computer(self.participants[_index(self.opening.placer(plies) or FIRST)]))

    def rewind(self, plies: int) -> None:
        """Forget the choices made at ``plies`` stones or more (an undo went back)."""
        keep = [p for p in self.choice_plies() if p < plies]
        del self.opening.choices[len(keep):]

    def as_dict(self) -> dict[str, object]:
        return self.opening.as_dict()


def phase_text(phase: OpeningPhase, plies: int, is_computer: Any) -> str | None:
    """The status line's words for the opening now, ``None`` once the colours are set.

    A person's choice reads ``"Your choice as the second player:"``: the buttons beside
    it name the choices (``choice_prompt`` words them when there are no buttons)."""
    if phase.decided:
        return None
    actor = phase.actor(plies) or FIRST
    role = "the first player" if actor == FIRST else "the second player"
    computer = is_computer(phase.participants[_index(actor)])
    if phase.choosing(plies):
        if computer:
            return f"The computer ({role}) chooses a colour…"
        return f"Your choice as {role}:"
    if plies < 3:
        if computer:
            return f"The computer ({role}) places 3 stones: black, white, black…"
        return f"Place 3 stones: black, white, black (you are {role}); {3 - plies} to go"
    if computer:
        return f"The computer ({role}) places two more stones: white, black…"
    return f"Place two more stones: white, then black (you are {role}); {5 - plies} to go"


def choice_prompt(choices: tuple[str, ...]) -> str:
    """``"Choose: take Black, take White, or place two more stones"``."""
    words = {"black": "take Black (B)", "white": "take White (W)",
             "place-two": "place two more stones (2)"}
    parts = [words[c] for c in choices]
    return "Choose: " + (", ".join(parts[:-1]) + ", or " + parts[-1] if len(parts) > 2
                         else " or ".join(parts))
