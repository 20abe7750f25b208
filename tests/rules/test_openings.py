"""Swap and swap2: who places each stone and who chooses, every branch, and replay."""

from __future__ import annotations

import pytest

from game.rules.openings import FIRST, SECOND, Opening, OpeningError


def walk(kind: str, choices: list[str], stones: int = 8) -> list[tuple[str, str | None]]:
    """``(event, who)`` for the first ``stones`` stones: ``("stone", placer)`` or
    ``("choose", chooser)``, choices taken from ``choices`` in order."""
    opening = Opening(kind)
    events: list[tuple[str, str | None]] = []
    plies = 0
    pending = list(choices)
    while plies < stones:
        who = opening.chooser(plies)
        if who is not None:
            events.append(("choose", who))
            opening.choose(pending.pop(0), plies)
            continue
        events.append(("stone", opening.placer(plies)))
        plies += 1
    assert not pending
    return events


S, F = SECOND, FIRST


@pytest.mark.parametrize(("kind", "choices", "black", "events"), [
    # swap: First places X O X, Second chooses, White (stone 4) moves next.
    ("swap", ["black"], S, [("stone", F)] * 3 + [("choose", S), ("stone", F), ("stone", S)]),
    ("swap", ["white"], F, [("stone", F)] * 3 + [("choose", S), ("stone", S), ("stone", F)]),
    # swap2: take Black -> First (White) plays stone 4.
    ("swap2", ["black"], S, [("stone", F)] * 3 + [("choose", S), ("stone", F), ("stone", S)]),
    # swap2: take White -> Second plays stone 4.
    ("swap2", ["white"], F, [("stone", F)] * 3 + [("choose", S), ("stone", S), ("stone", F)]),
    # swap2: place two -> Second places stones 4 and 5, First chooses, White plays 6.
    ("swap2", ["place-two", "black"], F,
     [("stone", F)] * 3 + [("choose", S), ("stone", S), ("stone", S), ("choose", F),
                           ("stone", S), ("stone", F)]),
    ("swap2", ["place-two", "white"], S,
     [("stone", F)] * 3 + [("choose", S), ("stone", S), ("stone", S), ("choose", F),
                           ("stone", F), ("stone", S)]),
])
def test_every_branch(kind: str, choices: list[str], black: str,
                      events: list[tuple[str, str | None]]) -> None:
    found = walk(kind, choices, stones=len([e for e in events if e[0] == "stone"]))
    assert found == events
    opening = Opening.replay({"kind": kind, "choices": choices}, 8)
    assert opening.black == black and opening.decided


def test_options_and_refusals() -> None:
    opening = Opening("swap")
    assert opening.options(3) == ("black", "white")
    with pytest.raises(OpeningError, match="no choice is due"):
        opening.choose("black", 2)
    with pytest.raises(OpeningError, match="black or white, not 'place-two'"):
        opening.choose("place-two", 3)
    assert Opening("swap2").options(3) == ("black", "white", "place-two")
    with pytest.raises(OpeningError, match="swap or swap2"):
        Opening("swap3")


@pytest.mark.parametrize(("data", "plies", "fragment"), [
    ({"kind": "swap2", "choices": []}, 4, "needs a choice after stone 3"),
    ({"kind": "swap2", "choices": ["place-two"]}, 6, "needs a choice after stone 5"),
    ({"kind": "swap2", "choices": ["place-two", "black"]}, 4, "more choices than its moves"),
    ({"kind": "swap", "choices": ["place-two"]}, 5, "black or white"),
    ({"kind": "swap"}, 5, '"kind"'),
    ({"kind": 3, "choices": []}, 5, "swap or swap2"),
    ({"kind": "swap", "choices": "black"}, 5, "list of words"),
])
def test_replay_refuses_what_the_moves_contradict(data: dict, plies: int, fragment: str) -> None:
    with pytest.raises(OpeningError, match=fragment):
        Opening.replay(data, plies)


def test_replay_of_an_unfinished_opening() -> None:
    # Three stones and no choice yet: the game waits for Second.
    opening = Opening.replay({"kind": "swap2", "choices": []}, 3)
    assert opening.chooser(3) == SECOND and not opening.decided
    opening = Opening.replay({"kind": "swap2", "choices": ["place-two"]}, 4)
    assert opening.placer(4) == SECOND


def test_doctests() -> None:
    import doctest

    import game.rules.openings as module

    assert doctest.testmod(module).failed == 0
