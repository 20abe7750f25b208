"""What the fake engines share: their command line and the faults both protocols show.

The fakes run as scripts (``python fake_pbrain.py MODE [AFTER]``), so their own folder
is first on ``sys.path`` and they import this module by its bare name, ``faults``.
"""

import sys
import time
from collections.abc import Callable


def say(line: str) -> None:
    """Write one protocol line at once (a manager waits for it)."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Faults:
    """MODE and AFTER from the command line: from the AFTER-th move on, misbehave as MODE.

    >>> faults = Faults(["fake", "crash", "2"])
    >>> faults.next_move(), faults.next_move(), faults.next_move()
    ('good', 'crash', 'crash')
    """

    def __init__(self, argv: list[str]) -> None:
        self.mode = argv[1]
        self.after = int(argv[2]) if len(argv) > 2 else 1
        self.moves_made = 0

    def next_move(self) -> str:
        """Count one more move asked for; the fault due at it (``"good"`` before AFTER)."""
        self.moves_made += 1
        return self.mode if self.moves_made >= self.after else "good"


def misbehave(fault: str, *, garbage: str, illegal: Callable[[], str | None]) -> bool:
    """Act out one of the faults both fakes share; ``True`` when that was the whole answer.

    ``slow`` sleeps 30 s and then lets the engine answer (too late); ``crash`` exits with
    status 3; ``silent`` says nothing; ``garbage`` says ``garbage``; ``illegal`` says what
    ``illegal()`` gives, or lets the engine play well when it gives ``None`` (no illegal
    move exists yet). Any other fault is left to the caller.
    """
    if fault == "slow":
        time.sleep(30)
    elif fault == "crash":
        sys.exit(3)
    elif fault == "silent":
        return True
    elif fault == "garbage":
        say(garbage)
        return True
    elif fault == "illegal":
        line = illegal()
        if line is not None:
            say(line)
            return True
    return False
