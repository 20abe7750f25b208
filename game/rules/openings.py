"""Gomoku opening protocols: swap and swap2 (who plays which colour), as pure state.

The stones of an opening alternate colours as in any game (Black, White, Black, ...):
what the protocol decides is which *participant* places them and which colour each
participant ends up with. The two participants are ``FIRST`` (who begins) and
``SECOND``.

**swap**::

    FIRST places 3 stones        X O X          (Black, White, Black)
    SECOND chooses a colour      "black" | "white"
    the game goes on             White's move next, by whoever holds White

**swap2**::

    FIRST places 3 stones        X O X
    SECOND chooses               "black"       SECOND is Black; FIRST (White) moves
                                 "white"       SECOND is White and plays the 4th stone
                                 "place-two"   SECOND places a white and a black stone
                                               (4th and 5th), then FIRST chooses
                                               "black" | "white"; White's move next

``Opening`` follows one game: ask it who places the next stone (``placer``), who must
choose now and between what (``chooser``, ``options``), record a choice (``choose``),
and, once decided, which participant is Black (``black``). The number of stones on
the board is passed in (``plies``): the state holds only the kind and the choices, so
a record that stores ``{"kind": ..., "choices": [...]}`` with its moves replays
exactly (``Opening.replay`` checks such a pair).

>>> o = Opening("swap2")
>>> o.placer(0), o.options(2)
('first', ())
>>> o.chooser(3), o.options(3)
('second', ('black', 'white', 'place-two'))
>>> o.choose("place-two", 3); o.placer(3), o.placer(4), o.chooser(5)
('second', 'second', 'first')
>>> o.choose("white", 5); o.black, o.placer(5)
('second', 'first')
"""

from __future__ import annotations

import dataclasses

from game.i18n import _

__all__ = ["FIRST", "KINDS", "Opening", "OpeningError", "SECOND"]  # untranslated: identifiers

FIRST = "first"
SECOND = "second"
KINDS = ("swap", "swap2")
"""The opening protocols (``"none"`` elsewhere means the usual start: First is Black)."""

_COLOURS = ("black", "white")


class OpeningError(ValueError):
    """A choice that the protocol does not allow now (the message is a sentence)."""


def _other(participant: str) -> str:
    return SECOND if participant == FIRST else FIRST


@dataclasses.dataclass
class Opening:
    """The state of a swap or swap2 opening (see the module docstring).

    Attributes:
        kind: ``"swap"`` or ``"swap2"``.
        choices: the choices made so far, in order.
    """

    kind: str
    choices: list[str] = dataclasses.field(default_factory=list)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise OpeningError(_("the opening must be swap or swap2, not {kind}").format(
                kind=repr(self.kind)))

    # --- what happens now ----------------------------------------------------------

    def _colour_choice(self) -> tuple[str, str] | None:
        """``(who chose, colour chosen)`` once the colours are settled."""
        if self.kind == "swap" and self.choices:
            return SECOND, self.choices[0]
        if self.kind == "swap2" and self.choices:
            if self.choices[0] != "place-two":
                return SECOND, self.choices[0]
            if len(self.choices) == 2:
                return FIRST, self.choices[1]
        return None

    @property
    def black(self) -> str | None:
        """The participant playing Black, once decided (``None`` before)."""
        settled = self._colour_choice()
        if settled is None:
            return None
        who, colour = settled
        return who if colour == "black" else _other(who)

    @property
    def decided(self) -> bool:
        return self.black is not None

    def chooser(self, plies: int) -> str | None:
        """Who must choose before the next stone, with ``plies`` stones placed."""
        if self.decided:
            return None
        if plies == 3 and not self.choices:
            return SECOND
        if self.kind == "swap2" and plies == 5 and self.choices == ["place-two"]:
            return FIRST
        return None

    def options(self, plies: int) -> tuple[str, ...]:
        """The choices open now (``()`` when a stone is due)."""
        who = self.chooser(plies)
        if who is None:
            return ()
        if self.kind == "swap2" and not self.choices:
            return ("black", "white", "place-two")
        return _COLOURS

    def placer(self, plies: int) -> str | None:
        """Who places the next stone (the ``plies + 1``-th), or ``None`` while a choice
        is due. Once the colours are settled: whoever holds the side to move."""
        if self.chooser(plies) is not None:
            return None
        if plies < 3:
            return FIRST
        black = self.black
        if black is None:  # swap2, place-two: the 4th and 5th stones
            return SECOND if plies < 5 else None
        return black if plies % 2 == 0 else _other(black)

    def choose(self, choice: str, plies: int) -> None:
        """Record ``choice`` (made with ``plies`` stones on the board)."""
        allowed = self.options(plies)
        if choice not in allowed:
            if not allowed:
                # Translators: {kind} is "swap" or "swap2", the opening's name.
                raise OpeningError(_("no choice is due now in the {kind} opening").format(
                    kind=self.kind))
            # Translators: between the choices one may type ("black or white or place").
            choices = _(" or ").join(allowed)
            raise OpeningError(_("the choice must be {choices}, not {choice}").format(
                choices=choices, choice=repr(choice)))
        self.choices.append(choice)

    # --- records ---------------------------------------------------------------------

    def as_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "choices": list(self.choices)}

    @classmethod
    def replay(cls, data: object, plies: int) -> Opening:
        """The opening a record stores (``{"kind", "choices"}``) checked against the
        number of moves it has: every choice due before the last move was made.

        Raises:
            OpeningError: a bad kind, an unknown or misplaced choice, a missing one.
        """
        if not isinstance(data, dict) or set(data) != {"kind", "choices"}:
            # Translators: {form} is the record's JSON form, shown as it is written.
            raise OpeningError(_("the opening must be {form}").format(
                form='{"kind": "swap" or "swap2", "choices": [...]}'))  # untranslated: JSON
        choices = data["choices"]
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise OpeningError(_("the opening's choices must be a list of words"))
        if not isinstance(data["kind"], str):
            raise OpeningError(_("the opening's kind must be swap or swap2"))
        opening = cls(data["kind"])
        pending = list(choices)
        stones = 0
        while True:
            if opening.chooser(stones) is not None:
                if pending:
                    opening.choose(pending.pop(0), stones)
                    continue
                if stones < plies:
                    raise OpeningError(_("the {kind} opening needs a choice after "
                                         "stone {stone}").format(kind=opening.kind,
                                                                 stone=stones))
                break  # the choice is still to come
            if stones >= plies:
                break
            stones += 1
        if pending:
            raise OpeningError(_("the {kind} opening has more choices than its "
                                 "moves reach").format(kind=opening.kind))
        return opening
