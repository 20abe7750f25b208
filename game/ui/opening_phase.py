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

from collections.abc import Callable
from typing import Any

from game.i18n import N_, _, ngettext
from game.players import Player
from game.rules.openings import FIRST, SECOND, Opening

__all__ = ["CHOICE_KEYS",  # untranslated: identifiers
           "CHOICE_LABELS", "CHOICE_SHORT", "CHOICE_TIPS", "OpeningPhase", "choice_prompt",
           "phase_text"]

CHOICE_LABELS = {"black": N_("Take Black (B)"), "white": N_("Take White (W)"),
                 "place-two": N_("Place two more (2)")}
"""Button text for each choice (marked: translate with ``_()`` where shown; the key in
brackets stays the same in every language)."""

CHOICE_SHORT = {"black": N_("Black (B)"), "white": N_("White (W)"),
                "place-two": N_("Two more (2)")}
"""Button text when the status line is narrow (the minimum window size)."""

CHOICE_TIPS = {"black": N_("Take Black: press B"), "white": N_("Take White: press W"),
               "place-two": N_("Place two more: press 2")}
"""Each choice button's tooltip."""

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

    def placing_computer(self, plies: int, is_computer: Callable[[Player], bool]) -> bool:
        """A computer participant must place opening stones now."""
        return (not self.decided and not self.choosing(plies)
                and is_computer(self.participants[_index(self.opening.placer(plies) or FIRST)]))

    def rewind(self, plies: int) -> None:
        """Forget the choices made at ``plies`` stones or more (an undo went back)."""
        keep = [p for p in self.choice_plies() if p < plies]
        del self.opening.choices[len(keep):]

    def as_dict(self) -> dict[str, object]:
        return self.opening.as_dict()


def phase_text(phase: OpeningPhase, plies: int,
               is_computer: Callable[[Player], bool]) -> str | None:
    """The status line's words for the opening now, ``None`` once the colours are set.

    A person's choice reads ``"Your choice as the second player:"``: the buttons beside
    it name the choices (``choice_prompt`` words them when there are no buttons)."""
    if phase.decided:
        return None
    actor = phase.actor(plies) or FIRST
    first = actor == FIRST
    # Whole sentences for each role: "the first player" reads differently in each of them
    # in other languages.
    computer = is_computer(phase.participants[_index(actor)])
    if phase.choosing(plies):
        if computer:
            return (_("The computer (the first player) chooses a colour…") if first
                    else _("The computer (the second player) chooses a colour…"))
        return _("Your choice as the first player:") if first \
            else _("Your choice as the second player:")
    if plies < 3:
        if computer:
            return (_("The computer (the first player) places 3 stones: black, white, black…")
                    if first else
                    _("The computer (the second player) places 3 stones: black, white, black…"))
        left = 3 - plies
        if first:
            text = ngettext("Place 3 stones: black, white, black (you are the first player); "
                            "{n} to go",
                            "Place 3 stones: black, white, black (you are the first player); "
                            "{n} to go", left)
        else:
            text = ngettext("Place 3 stones: black, white, black (you are the second player); "
                            "{n} to go",
                            "Place 3 stones: black, white, black (you are the second player); "
                            "{n} to go", left)
        return text.format(n=left)
    if computer:
        return (_("The computer (the first player) places two more stones: white, black…")
                if first else
                _("The computer (the second player) places two more stones: white, black…"))
    left = 5 - plies
    if first:
        text = ngettext("Place two more stones: white, then black (you are the first player); "
                        "{n} to go",
                        "Place two more stones: white, then black (you are the first player); "
                        "{n} to go", left)
    else:
        text = ngettext("Place two more stones: white, then black (you are the second player); "
                        "{n} to go",
                        "Place two more stones: white, then black (you are the second player); "
                        "{n} to go", left)
    return text.format(n=left)


def choice_prompt(choices: tuple[str, ...]) -> str:
    """What a click on the board says while ``choices`` are due: ``"Choose: take Black
    (B) or take White (W) before a stone"`` (swap2's first choice adds "or place two more
    stones (2)"). A whole sentence for each set of choices the openings offer."""
    if "place-two" in choices:
        return _("Choose: take Black (B), take White (W), or place two more stones (2) "
                 "before a stone")
    return _("Choose: take Black (B) or take White (W) before a stone")
