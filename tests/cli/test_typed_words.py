"""The words a person must type stay as they are typed in every language (issue 34).

``plies play --help`` in German once said ``--rule`` takes "Freistil" while the parser
accepts only ``freestyle``; French and Spanish help spoke of ``NOM``/``NOMBRE`` beside a
usage line that prints ``NAME``. For every option of every sub-command: each choice
value, and each metavar, that the English help names stands in the translated help too.
"""

from __future__ import annotations

import argparse
import re

import pytest

from game import cli, i18n

LANGUAGES = [code for code in i18n.LANGUAGES if code not in ("en", i18n.AUTO)]


def _options() -> list[tuple[str, argparse.Action]]:
    parser = cli.build_parser()
    found = []
    for action in parser._actions:  # noqa: SLF001  (argparse keeps no public list)
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for name, sub in action.choices.items():
                found += [(name, a) for a in sub._actions]  # noqa: SLF001
    return found


def _typed_words(help_text: str, action: argparse.Action) -> set[str]:
    words = {str(c) for c in action.choices or () if len(str(c)) > 1}
    metavar = action.metavar if isinstance(action.metavar, str) else None
    if metavar:
        words.add(metavar)
    return {w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", help_text)}


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_values_a_person_types_are_named_as_typed_in_every_help(language) -> None:
    i18n.set_language("en")
    english = {(name, a.dest): (a.help or "") for name, a in _options()}
    i18n.set_language(language)
    wrong = []
    for name, action in _options():
        typed = _typed_words(english[(name, action.dest)], action)
        translated = action.help or ""
        for word in sorted(typed):
            if not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", translated):
                wrong.append(f"plies {name} {action.option_strings}: {word!r} not in {translated!r}")
    assert wrong == []
