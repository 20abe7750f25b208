"""Key tables: each scene's keys in one list that its handler, the help card and the
README all read (a test compares the README's keys with the tables).

A :class:`Binding` is one line of the help card: the action in words and its keys as
the card draws them (``"or"`` and ``"…"`` are words between the key caps). Each key
cap may name the scene's command it runs, ``(method, *arguments)``; a key without one
is handled in the scene's own code because it depends on the moment (a demo's Space,
a swap opening's B and W, the arrows and digits of the board).

>>> command_for(PLAY_KEYS, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
...                                           mod=pygame.KMOD_LCTRL))
('undo',)
>>> command_for(PLAY_KEYS, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
...                                           mod=pygame.KMOD_LCTRL | pygame.KMOD_SHIFT))
('redo',)
"""

from __future__ import annotations

import dataclasses

import pygame

from game.i18n import N_, _

WORDS = frozenset({"or", "…"})
"""Words drawn between key caps, not keys."""

Command = tuple  # (method name, *arguments)

ANY_MODIFIER = pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT
"""For ``command_for(..., loose=ANY_MODIFIER)``: a scene whose keys ignore modifiers."""


@dataclasses.dataclass(frozen=True)
class Binding:
    """One action: its words, its keys as drawn, and the command of each key cap
    (``None``: handled by the scene's code). ``commands`` lines up with the keys
    that are not :data:`WORDS`."""

    action: str
    keys: tuple[str, ...]
    commands: tuple[Command | None, ...] = ()
    loose: int = 0
    """Modifiers these keys ignore (pygame ``KMOD_*`` bits) unless a cap names them."""

    def caps(self) -> list[str]:
        """The keys, without the words between them."""
        return [key for key in self.keys if key not in WORDS]


_NAMED = {
    "Esc": pygame.K_ESCAPE, "Enter": pygame.K_RETURN, "Space": pygame.K_SPACE,  # untranslated: key names matched
    "Tab": pygame.K_TAB, "Right": pygame.K_RIGHT, "Left": pygame.K_LEFT,  # untranslated: key names matched
    "Up": pygame.K_UP, "Down": pygame.K_DOWN, "Delete": pygame.K_DELETE,  # untranslated: key names matched
    "F1": pygame.K_F1, "F2": pygame.K_F2, "F5": pygame.K_F5, "[": pygame.K_LEFTBRACKET,
    "]": pygame.K_RIGHTBRACKET, ",": pygame.K_COMMA, "−": pygame.K_MINUS,
    "+": pygame.K_PLUS, "Home": pygame.K_HOME, "End": pygame.K_END,  # untranslated: key names matched
    "PageUp": pygame.K_PAGEUP, "PageDown": pygame.K_PAGEDOWN, "Backspace": pygame.K_BACKSPACE,  # untranslated: key names matched
}
"""Key caps whose pygame key is not their (lower-cased) letter or digit."""
_ALSO = {
    "+": (pygame.K_EQUALS, pygame.K_KP_PLUS), "−": (pygame.K_KP_MINUS,),
    "0": (pygame.K_KP0,), "Enter": (pygame.K_KP_ENTER,),  # untranslated: key names matched
}
"""Other keys a cap stands for: its keypad twin, and ``=`` for ``+`` (typed with Shift on
most layouts, so the unshifted key counts too)."""
_BY_TEXT = {"?"}
"""Caps matched by the character typed (its key differs between keyboard layouts)."""


def _parse(cap: str) -> tuple[tuple[int, ...] | str, bool, bool]:
    """``"Ctrl+Shift+Z"`` -> ``((pygame.K_z,), ctrl, shift)``; a ``_BY_TEXT`` cap -> itself."""
    *mods, name = cap.split("+") if cap != "+" else ["+"]
    if name in _BY_TEXT:
        return name, False, False
    key = _NAMED.get(name)
    if key is None:
        key = ord(name.lower()) if len(name) == 1 else -1
    return (key, *_ALSO.get(name, ())), "Ctrl" in mods, "Shift" in mods  # untranslated: key names matched


def matches(cap: str, event: pygame.event.Event) -> bool:
    """Whether the key-down ``event`` is the key cap ``cap`` (modifiers exactly)."""
    key, ctrl, shift = _parse(cap)
    if isinstance(key, str):
        return getattr(event, "unicode", "") == key
    mod = getattr(event, "mod", 0)
    # Ctrl is Cmd (Meta) too, as everywhere in the window.
    return (event.key in key and bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) == ctrl
            and bool(mod & pygame.KMOD_SHIFT) == shift and not mod & pygame.KMOD_ALT)


# Translators: names of keys on the keyboard as drawn on a key cap in the help ("Esc",
# "Ctrl+Z", "Shift+arrows"): use the names printed on keyboards in your language.
_KEY_WORDS = frozenset({
    N_("Esc"), N_("Enter"), N_("Space"), N_("Tab"), N_("Right"), N_("Left"), N_("Up"),
    N_("Down"), N_("Delete"), N_("Home"), N_("End"), N_("PageUp"), N_("PageDown"),
    N_("Backspace"), N_("Arrows"), N_("arrows"), N_("Ctrl"), N_("Shift"),
    # Translators: the word between two key caps: "Ctrl+Y or Ctrl+Shift+Z".
    N_("or"),
})
"""The words of key caps a person reads in their language; the tables keep the English
names, which :func:`matches` parses."""


def key_text(cap: str) -> str:
    """How the help draws the key cap (or word between caps) ``cap``: ``"Ctrl+Shift+Z"``
    with each named part in the current language (``"Strg+Umschalt+Z"``)."""
    if cap == "+":
        return cap
    return "+".join(_(part) if part in _KEY_WORDS else part for part in cap.split("+"))


def command_for(table: tuple[Binding, ...], event: pygame.event.Event, *,
                loose: int = 0) -> Command | None:
    """The command the table gives the key-down ``event``, or ``None``. The modifiers in
    ``loose`` (and in a binding's own ``loose``) count only where a cap names them:
    when no cap matches exactly, each binding is asked again without them (with
    ``pygame.KMOD_SHIFT`` loose, Shift+Space is Space, while Shift+X stays Shift+X where
    the table has it)."""
    for binding in table:
        for cap, command in zip(binding.caps(), binding.commands):
            if command is not None and matches(cap, event):
                return command
    mod = getattr(event, "mod", 0)
    for binding in table:
        if mod & (loose | binding.loose):
            bare = pygame.event.Event(pygame.KEYDOWN, key=event.key,
                                      mod=mod & ~(loose | binding.loose),
                                      unicode=getattr(event, "unicode", ""))
            for cap, command in zip(binding.caps(), binding.commands):
                if command is not None and matches(cap, bare):
                    return command
    return None


PLAY_KEYS: tuple[Binding, ...] = (
    Binding(N_("New game"), ("N",), (("new_game",),)),
    Binding(N_("Undo"), ("Ctrl+Z",), (("undo",),)),
    Binding(N_("Redo"), ("Ctrl+Y", "or", "Ctrl+Shift+Z"), (("redo",), ("redo",))),
    Binding(N_("Hint"), ("H",), (("hint",),)),
    Binding(N_("Analysis; preview its lines"), ("A", "[", "]"),
            (("toggle_analysis",), ("step_preview", -1), ("step_preview", 1))),
    Binding(N_("Scores: chances, units, points"), ("U",), (("toggle_scores",),)),
    Binding(N_("Search tree explorer"), ("T",), (("tree",),)),
    Binding(N_("Review: game, mistakes"), ("R", "M", "or", "Shift+M"), (("review",), None, None)),
    Binding(N_("Review: deeper, more time"), ("D", "or", "Shift+D", "T", "or", "Shift+T")),
    Binding(N_("Set up a position; paste one"), ("E", "Ctrl+V"), (("edit",), ("paste",))),
    Binding(N_("Swap opening: Black, White, two more"), ("B", "W", "2")),
    Binding(N_("Move the cursor, play"), ("Arrows", "Enter", "or", "Space")),  # untranslated: key caps, shown through key_text()
    Binding(N_("Drop in a Connect-4 column"), ("1", "…", "9", "0")),
    Binding(N_("Opened game: let its players play on"), ("P",), (("play_on",),)),
    Binding(N_("Move numbers on the stones"), ("M",), (("toggle_move_numbers",),)),
    Binding(N_("Demo: pause, step"), ("Space", "S", "or", "Right")),  # untranslated: key caps, shown through key_text()
    Binding(N_("Demo: slower, faster"), ("−", "+")),
    Binding(N_("Save, open"), ("Ctrl+S", "Ctrl+O"), (("save_file",), ("open_file",))),
    Binding(N_("Settings"), ("Ctrl+,", "or", "F2"), (("settings",), ("settings",))),
    Binding(N_("This help"), ("F1", "or", "?"), (("help",), ("help",))),
    Binding(N_("Next control"), ("Tab", "Shift+Tab")),  # untranslated: key caps, shown through key_text()
    Binding(N_("Close a dialog"), ("Esc",)),  # untranslated: key caps, shown through key_text()
    Binding(N_("Quit (asks first)"), ("Esc", "Enter"), (("escape",), None)),  # untranslated: key caps, shown through key_text()
)
"""The game screen's keys (``game.ui.scenes.play``), in the help card's order."""


TREE_KEYS: tuple[Binding, ...] = (
    Binding(N_("Next step"), ("Space", "or", ".", "or", "PageDown"),  # untranslated: key caps, shown through key_text()
            (("next_step",), ("next_step",), ("next_step",))),
    Binding(N_("Previous step"), ("Backspace", "or", ",", "or", "PageUp"),  # untranslated: key caps, shown through key_text()
            (("previous_step",), ("previous_step",), ("previous_step",))),
    Binding(N_("First / last step"), ("Home", "End"), (("go_to", 0), ("go_to_end",))),  # untranslated: key caps, shown through key_text()
    Binding(N_("Select: parent, child, siblings"), ("Arrows",)),  # untranslated: key caps, shown through key_text()
    Binding(N_("Next / previous cut-off"), ("X", "Shift+X"),
            (("next_cutoff",), ("previous_cutoff",))),
    Binding(N_("Expand / collapse; whole subtree"), ("Enter", "E", "C"),  # untranslated: key caps, shown through key_text()
            (("toggle_selected",), ("toggle_selected", True), ("toggle_selected", False))),
    Binding(N_("Pan (or drag, wheel)"), ("Shift+arrows",)),
    Binding(N_("Zoom in, out; fit; 100%"), ("+", "−", "F", "0"),
            (("step_zoom", 1), ("step_zoom", -1), ("fit",), ("actual_size",))),
    Binding(N_("Depth, back; mode, back"), ("D", "Shift+D", "M", "Shift+M"),
            (("step_depth", 1), ("step_depth", -1), ("step_mode", 1), ("step_mode", -1))),
    Binding(N_("When to prune; soft or hard values"), ("P", "V"),
            (("toggle_prune",), ("toggle_values",))),
    Binding(N_("Your own tree; paste one; open a file"), ("O", "Ctrl+V", "Ctrl+O"),
            (("own_tree",), ("paste",), ("open_tree_file",))),
    Binding(N_("Larger, smaller labels (projector)"), ("Ctrl+=", "Ctrl+−"),
            (("scale_labels", 1), ("scale_labels", -1))),
    Binding(N_("Cancel, back to the game"), ("Esc",), (("escape",),)),  # untranslated: key caps, shown through key_text()
    Binding(N_("New game"), ("N",), (("new_game",),)),
    Binding(N_("These keys"), ("F1", "or", "?"), (("toggle_keys",), ("toggle_keys",))),
)
"""The search-tree explorer's keys (``game.ui.scenes.tree``), in its key card's order;
the explorer asks with ``loose=pygame.KMOD_SHIFT``: a Shift the table does not name is
ignored."""


REVIEW_KEYS: tuple[Binding, ...] = (
    Binding(N_("Previous / next move"), ("Left", "or", "Up", "Right", "or", "Down"),  # untranslated: key caps, shown through key_text()
            (("step_move", -1), ("step_move", -1), ("step_move", 1), ("step_move", 1))),
    Binding(N_("First / last move"), ("Home", "End"), (("select", 0), ("select_last",))),  # untranslated: key caps, shown through key_text()
    Binding(N_("A page back / on"), ("PageUp", "PageDown"),
            (("step_page", -1), ("step_page", 1))),
    Binding(N_("Next / previous mistake"), ("M", "Shift+M"),
            (("jump_mistake", 1), ("jump_mistake", -1))),
    Binding(N_("Stop the review; back to the game"), ("Esc",), (("escape",),)),  # untranslated: key caps, shown through key_text()
    Binding(N_("Resume a stopped review"), ("R",), (("start",),)),
    Binding(N_("Judge deeper / less deep"), ("D", "Shift+D"),
            (("step_limits", "depth", 1), ("step_limits", "depth", -1))),
    Binding(N_("More / less time per position"), ("T", "Shift+T"),
            (("step_limits", "time", 1), ("step_limits", "time", -1))),
    Binding(N_("New game"), ("N",), (("new_game",),)),
    Binding(N_("The keys (the game's help)"), ("F1", "or", "?"), (("help",), ("help",))),
)
"""The review's keys (``game.ui.scenes.review``); asked with a loose Shift as the
explorer's are."""


EDITOR_KEYS: tuple[Binding, ...] = (
    Binding(N_("Move the cursor"), ("Arrows",)),  # untranslated: key caps, shown through key_text()
    Binding(N_("Put the first player's piece (again: remove it)"), ("X", "or", "B", "or", "R"),
            (("put_at_cursor", 0), ("put_at_cursor", 0), ("put_at_cursor", 0))),
    Binding(N_("Put the second player's piece"), ("O", "or", "W", "or", "Y"),
            (("put_at_cursor", 1), ("put_at_cursor", 1), ("put_at_cursor", 1))),
    Binding(N_("Empty the cell"), ("Delete", "or", "Backspace", "or", "."),  # untranslated: key caps, shown through key_text()
            (("put_at_cursor", None), ("put_at_cursor", None), ("put_at_cursor", None))),
    Binding(N_("Switch the side to move"), ("T",), (("switch_turn",),)),
    Binding(N_("Clear; the usual start"), ("C", "S"), (("clear",), ("start_position",))),
    Binding(N_("Paste, copy the position"), ("Ctrl+V", "Ctrl+C"), (("paste",), ("copy",))),
    Binding(N_("Cancel"), ("Esc",), (("cancel",),), loose=ANY_MODIFIER),  # untranslated: key caps, shown through key_text()
    Binding(N_("Play"), ("Enter",), (("play",),)),  # untranslated: key caps, shown through key_text()
)
"""The board editor's keys (``game.ui.scenes.editor``); asked with Shift and Alt loose,
Esc whatever the modifiers."""


LEARN_KEYS: tuple[Binding, ...] = (
    Binding(N_("Back to the start screen"), ("Esc",), (("close",),)),  # untranslated: key caps, shown through key_text()
    Binding(N_("Lesson 1 to 7"), ("1", "…", "7")),
    Binding(N_("Choose a node"), ("Tab", "Shift+Tab")),  # untranslated: key caps, shown through key_text()
    Binding(N_("Check the answer"), ("Enter",)),  # untranslated: key caps, shown through key_text()
    Binding(N_("Move the chosen child (lesson 4)"), ("Left", "Right")),  # untranslated: key caps, shown through key_text()
    Binding(N_("Answer a, b or c (lesson 7)"), ("A", "B", "C")),  # untranslated: key caps
    Binding(N_("New exercise"), ("F5",), (("next_exercise",),)),
    Binding(N_("Larger, smaller labels (projector)"), ("Ctrl+=", "Ctrl+−"),
            (("scale_labels", 1), ("scale_labels", -1))),
)
"""The Learn scene's keys (``game.ui.scenes.learn``); its Esc and F5 act whatever the
modifiers, the rest depend on the lesson and on whether an answer is being typed."""


_SHIFT_ALT = pygame.KMOD_SHIFT | pygame.KMOD_ALT

START_KEYS: tuple[Binding, ...] = (
    Binding(N_("Start"), ("Enter",), (("start",),), loose=ANY_MODIFIER),  # untranslated: key caps, shown through key_text()
    Binding(N_("Results"), ("R",), (("show_results",),), loose=_SHIFT_ALT),
    Binding(N_("Learn game trees"), ("L",), (("show_learn",),), loose=_SHIFT_ALT),
    Binding(N_("Open a saved game"), ("Ctrl+O",), (("open_file",),), loose=_SHIFT_ALT),
    Binding(N_("Help on the game"), ("F1",), (("help",),), loose=ANY_MODIFIER),
    Binding(N_("Quit; close the new-game dialog"), ("Esc",), (("escape",),), loose=ANY_MODIFIER),  # untranslated: key caps, shown through key_text()
)
"""The start screen's keys (``game.ui.scenes.start``). Each acts only when it can
(``StartScene.takes``: not while typing a command line, not Open or Learn in the
dialog, not Enter on a focused button or tile); otherwise the key goes to the widgets."""


__all__ = ["ANY_MODIFIER", "EDITOR_KEYS", "LEARN_KEYS", "PLAY_KEYS", "REVIEW_KEYS", "START_KEYS",
           "TREE_KEYS", "WORDS", "Binding", "command_for", "key_text", "matches"]  # untranslated: names
