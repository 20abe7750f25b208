"""The translation functions themselves (game/i18n.py): a context label survives a
copy and a pickle, and English for a program's output is one thread's, not the
process's."""

from __future__ import annotations

import copy
import pickle
import threading

import pytest

from game import i18n
from game.i18n import NP_, _


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_a_context_label_survives_copy_and_pickle_and_is_still_translated_in_context():
    label = NP_("file", "Open")
    for other in (copy.copy(label), copy.deepcopy(label), pickle.loads(pickle.dumps(label))):
        assert isinstance(other, i18n.InContext)
        assert (other, other.context) == ("Open", "file")
    i18n.set_language("de")
    # German words the two "Open"s apart only by their context ("Öffnen" for a file).
    assert _(pickle.loads(pickle.dumps(label))) == _(label) == i18n.pgettext("file", "Open")


def test_english_is_spoken_by_the_thread_that_asked_for_it_alone():
    i18n.set_language("de")
    german = _("Undo")
    assert german != "Undo"
    inside = threading.Event()
    release = threading.Event()
    seen: dict[str, str] = {}

    def writes_json() -> None:
        with i18n.english():
            seen["json"] = _("Undo")
            seen["language"] = i18n.current()
            inside.set()
            release.wait(10)

    worker = threading.Thread(target=writes_json)
    worker.start()
    assert inside.wait(10)
    # While the other thread is inside english(), this one (the window) keeps German.
    assert (_("Undo"), i18n.current()) == (german, "de")
    release.set()
    worker.join(10)
    assert seen == {"json": "Undo", "language": "en"}
    assert _("Undo") == german
