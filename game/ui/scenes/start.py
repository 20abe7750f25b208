"""The start screen, which is also the New Game dialog.

It chooses the game (three tiles), its variant (Connect-4 width, height and line
length; Gomoku size and rule), who plays each side (a person, or the computer at a
level 1-8 shown as ``Level 4 — depth 8`` with an evaluator preset, or for Gomoku and
Othello an outside engine: one found on this system, chosen by name further down the
level list ("GRhino level 3", ``game.engines.found``), or "Engine…" with its command
line typed beside it and remembered in the settings), and starts. As the
first screen it also offers to resume an unfinished autosaved game and to open a
file. Choices are remembered per game in the settings when a game starts.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ai.evaluators import PRESET_LABELS
from ai.levels import DEFAULT_LEVEL, LEVEL_NUMBERS, level, level_evaluator
from game import records
from game.clock import (
    CONTROLS,
    MOVE_SECONDS,
    ClockError,
    TimeControl,
    Timing,
    move_seconds_text,
    timing_from_json,
)
from game.engines.detect import forced_protocol
from game.engines.found import FoundEngine, found_engines
from game.i18n import N_, _, ngettext, number
from game.players import Computer, Engine, Human, Player, PlayerError, engine
from game.rules import GAMES, Game, RulesError, new_game
from game.slots import load_autosave
from game.tally import Tally
from game.ui import draw
from game.ui.keys import START_KEYS, Command, command_for
from game.ui.scenes.base import Scene
from game.ui.scenes.game_tiles import GameTile, draw_mark, game_order
from game.ui.text_input import TextInput
from game.ui.theme import icon_outline, visible_on
from game.ui.widgets import (
    Button,
    Choice,
    Segmented,
    Widget,
    WidgetGroup,
)

if TYPE_CHECKING:
    from game.ui.app import App

C4_SIZES = range(4, 11)
C4_LINES = range(3, 7)
GOMOKU_SIZES = range(9, 26)
LINE_CHOICES = {3: N_("Three in a row"), 4: N_("Four in a row"), 5: N_("Five in a row"),
                6: N_("Six in a row")}
"""Connect-4's line lengths as the selector shows them."""
GOMOKU_USUAL = {15: N_("the usual board"), 19: N_("a Go board"), 20: N_("Gomocup's size")}
ENGINE = "engine"
"""The level list's last value for Gomoku and Othello: an outside engine, its command
typed beside (an Othello engine is asked whether it speaks NBoard or GTP)."""
TYPED = {"othello": ((f"{ENGINE}:gtp", N_("GTP engine…"), "gtp"), (ENGINE, N_("Engine…"), "")),
         "gomoku": ((ENGINE, N_("Engine…"), ""),)}
"""The level list's choices of a typed engine command per game: value, label and the
protocol it is spoken to in (``""``: the game's; for Othello, asked)."""
ENGINE_GAMES = tuple(TYPED)
# Translators: a placeholder in the engine command field; the commands stay as they are.
ENGINE_HINT = {"gomoku": N_("Gomocup engine command, e.g. pbrain-rapfi"),
               "othello": N_("NBoard or GTP engine command, e.g. edax -nboard")}
FOUND = "found:"
"""Level list values ``found:COMMAND``: an engine found on this system, by name."""


@dataclasses.dataclass
class Draft:
    """One side's choices while the dialog is open (a form, not a player): what is
    chosen, and the level, evaluator and command kept while another kind is shown.
    ``player`` makes the ``game.players`` value when the game starts."""

    kind: str = "human"
    """``"human"``, ``"computer"`` or ``"engine"``."""
    level: int = DEFAULT_LEVEL
    evaluator: str = "default"
    command: str = ""
    protocol: str = ""
    """An engine's forced protocol; ``""``: the game's (for Othello, the engine is asked)."""
    name: str = ""
    """A found engine's name ("GRhino level 3"); ``""`` for a typed command."""
    typed: str = ""
    """The command in the field, kept while a found engine is chosen."""

    @classmethod
    def of(cls, game: str, player: Player) -> Draft:
        if isinstance(player, Engine):
            return cls("engine", DEFAULT_LEVEL, level_evaluator(game, DEFAULT_LEVEL),
                       player.command, forced_protocol(game, player.protocol) or "",
                       player.name, player.command)
        if isinstance(player, Computer):
            number = player.level or DEFAULT_LEVEL
            return cls("computer", number, player.evaluator_name(game))
        return cls("human", DEFAULT_LEVEL, level_evaluator(game, DEFAULT_LEVEL))

    def player(self, game: str) -> Player:
        """The player chosen; raises ``PlayerError`` for an unusable engine command."""
        if self.kind == "engine" and game in ENGINE_GAMES:
            return engine(game, self.command, name=self.name or None,
                          protocol=self.protocol or None)
        if self.kind == "human":
            return Human()
        return Computer(self.level, self.evaluator or "default")


def gomoku_size_label(size: int) -> str:
    """``"15 × 15 · the usual board"``; the sizes people actually play are named."""
    usual = GOMOKU_USUAL.get(size)
    return f"{size} × {size}" + (f" · {_(usual)}" if usual else "")


def preset_options(game_name: str) -> list[str]:
    """The evaluator presets of ``game_name`` (just ``default`` if they cannot be listed),
    then the user's own evaluators for it (``<config>/evaluators/NAME.toml``, e.g. saved
    by the Learn lesson on the evaluation function) that read without a problem."""
    try:
        from ai.evaluators import preset_names
        names = preset_names(game_name)
    except Exception:
        names = []
    names = names or ["default"]
    return names + [n for n in user_evaluators(game_name) if n not in names]


def user_evaluators(game_name: str, limit: int = 50) -> list[str]:
    """The names of the user's evaluator files for ``game_name``, sorted (at most ``limit``)."""
    from ai.evaluators import EvaluatorError, evaluator_by_name, is_evaluator_name
    from game.settings import evaluators_dir
    try:
        folder = evaluators_dir()
        stems = sorted(p.stem for p in folder.glob("*.toml") if is_evaluator_name(p.stem))
    except OSError:
        return []
    found = []
    for stem in stems[:limit]:
        try:
            evaluator_by_name(game_name, stem, user_dir=folder)
        except (EvaluatorError, OSError):
            continue
        found.append(stem)
    return found


class StartScene(Scene):
    """The start screen (``as_dialog=False``) or the New Game dialog over a game."""

    def __init__(self, app: App, *, as_dialog: bool = False, game: str | None = None,
                 variant: dict[str, Any] | None = None,
                 players: list[Player] | None = None) -> None:
        super().__init__(app)
        self.overlay = as_dialog
        settings = app.settings
        self.game_name = game if game in GAMES else settings.last_game
        self.variants: dict[str, dict[str, Any]] = {
            name: self._full_variant(name, settings.variant_for(name)) for name in game_order()}
        self.players: dict[str, list[Draft]] = {
            name: [Draft.of(name, p) for p in settings.players_for(name)]
            for name in game_order()}
        if variant is not None:
            self.variants[self.game_name] = self._full_variant(self.game_name, variant)
        if players is not None:
            self.players[self.game_name] = [Draft.of(self.game_name, p) for p in players]
        self.error = ""
        self.found: dict[str, list[FoundEngine]] = {}
        """Per game, the engines installed on this system (looked for once a dialog)."""
        self.resume_record: records.GameRecord | None = None
        self.resume_game: Game | None = None
        self.tally = Tally()
        """The results against the computer shown on the game tiles (loaded below)."""
        self._load_tally()
        self.offers: list[Any] = []
        """Every unfinished game that can be resumed (``game.slots.Offer``), own slot first."""
        self.offer_index = 0
        self.other_windows = 0
        """How many other Plies windows are open (their games stay theirs)."""
        if not as_dialog:
            self._find_resume()
        self.card = pygame.Rect(0, 0, 0, 0)
        self.row_h = 42
        self.widgets = WidgetGroup()
        self._build()

    @staticmethod
    def _full_variant(name: str, variant: dict[str, Any]) -> dict[str, Any]:
        try:
            return dict(new_game(name, **variant).variant())
        except Exception:
            return dict(new_game(name).variant())

    def _find_resume(self) -> None:
        slot = getattr(self.app, "slot", None)
        if slot is not None:
            try:
                self.offers, self.other_windows = slot.offers()
            except Exception:
                self.offers = []
            self._show_offer(0)
            return
        try:
            record = load_autosave()
        except Exception:
            record = None
        if record is None or record.result is not None or not record.moves:
            return
        try:
            game = records.record_to_game(record)
        except Exception:
            return
        if game.is_over():
            return
        self.resume_record, self.resume_game = record, game

    def _show_offer(self, index: int) -> None:
        if self.offers:
            self.offer_index = index % len(self.offers)
            offer = self.offers[self.offer_index]
            self.resume_record, self.resume_game = offer.record, offer.game

    def next_offer(self) -> None:
        """Show the next unfinished game (there are several when windows were closed)."""
        self._show_offer(self.offer_index + 1)

    # --- widgets -----------------------------------------------------------------------------

    def _build(self) -> None:
        self.tiles = [GameTile(self, name) for name in game_order()]
        v = self.variants["connect4"]
        # Translators: Connect-4's board: "7 wide", "6 high" (columns, rows).
        self.c4_width = Choice([(n, _("{n} wide").format(n=n)) for n in C4_SIZES], v["width"],
                               lambda value: self._set_c4("width", value),
                               tooltip=N_("Columns"))
        self.c4_height = Choice([(n, _("{n} high").format(n=n)) for n in C4_SIZES],
                                v["height"], lambda value: self._set_c4("height", value),
                                tooltip=N_("Rows"))
        self.c4_line = Choice(self._line_options(), v["connect"],
                              lambda value: self._set_c4("connect", value),
                              tooltip=N_("How many in a row win"))
        g = self.variants["gomoku"]
        self.go_size = Choice([(n, gomoku_size_label(n)) for n in GOMOKU_SIZES], g["size"],
                              lambda value: self._set_gomoku("size", value),
                              tooltip=N_("Board size (15, 19 and 20 are the usual ones)"))
        self.go_rule = Segmented([("freestyle", N_("Freestyle")), ("standard", N_("Standard")),
                                  ("renju", N_("Renju"))],
                                 g["rule"], lambda value: self._set_gomoku("rule", value),
                                 tooltip=N_("Standard: exactly five wins, six or more does not."
                                            " Renju: Black may not make a double-three,"
                                            " double-four or overline"))
        self.opening = getattr(self.app, "last_opening", "none")
        """Gomoku's opening: ``"none"``, ``"swap"`` or ``"swap2"`` (kept for the window)."""
        self.go_opening = Choice([("none", N_("No swap")), ("swap", N_("Swap")),
                                  ("swap2", N_("Swap2"))],
                                 self.opening, self._set_opening,
                                 tooltip=N_("Swap: the first player places three stones, the "
                                            "other chooses a colour. Swap2: the other may also "
                                            "place two more and let the first choose"))
        # Time: one clock for each side a person plays, one time per move for each side
        # the computer plays (remembered in the settings).
        settings = self.app.settings
        self.clock_control = None if settings.clock is None else tuple(settings.clock)
        self.move_seconds = settings.move_seconds
        self.clock_choice = Choice(
            # Translators: a clock choice, "Clock 5+3": 5 minutes, 3 seconds added a move.
            [(None, N_("No clock")), *[((m, i), _("Clock {minutes}+{increment}").format(
                minutes=m, increment=i)) for m, i in CONTROLS]],
            self.clock_control, self._set_clock, size=18,
            tooltip=N_("Each person's clock: minutes for the game + seconds added per move; "
                       "the side whose time runs out loses"))
        self.seconds_choice = Choice(
            [(None, N_("Computer: its level's time")),
             # Translators: {time} is a time per move, "5 s a move".
             *[(t, _("Computer: {time}").format(time=move_seconds_text(t)))
               for t in MOVE_SECONDS]],
            self.move_seconds, self._set_move_seconds, size=18,
            tooltip=N_("The computer's time per move: it searches as deep as it gets in "
                       "that time, whatever its level's depth (an outside engine is told it)"))
        self.kind = [Segmented([("human", N_("Human")), ("computer", N_("Computer"))], "human",
                               partial(self._set_player, s, "type"))
                     for s in (0, 1)]
        self.levels = [Choice([(n, _("Level {n}").format(n=n)) for n in LEVEL_NUMBERS],
                              DEFAULT_LEVEL,
                              partial(self._set_player, s, "level"),
                              tooltip=N_("Deeper search plays stronger and thinks longer"))
                       for s in (0, 1)]
        self.evals = [Choice([("default", "default")], "default",
                             partial(self._set_player, s, "eval"),
                             tooltip=N_("Evaluator preset")) for s in (0, 1)]
        self.commands = [TextInput("", size=19, placeholder=N_("engine command"),
                                   on_change=partial(self._set_command, s),
                                   on_submit=lambda text: self.start())
                         for s in (0, 1)]
        self.b_start = Button(N_("Start"), self.start, primary=True,
                              tooltip=N_("Start (Enter)"))
        self.b_cancel = Button(N_("Cancel"), self.cancel, tooltip=N_("Back to the game (Esc)"))
        self.b_quit = Button(N_("Quit"), self.app.quit, tooltip=N_("Quit (Esc)"))
        self.b_open = Button(N_("Open…"), self.open_file,
                             tooltip=N_("Open a saved game (Ctrl+O)"))
        self.b_resume = Button(N_("Resume"), self.resume,
                               tooltip=N_("Continue the unfinished game"))
        self.b_results = Button(N_("Results"), self.show_results,
                                tooltip=N_("Your wins, draws and losses by level (R)"))
        self.b_learn = Button(N_("Learn game trees"), self.show_learn, size=17,
                              tooltip=N_("Lessons on game trees, minimax and alpha-beta, with "
                                         "exercises on real positions (L)"))
        self.b_next_offer = Button(N_("Next game"), self.next_offer, size=17,
                                   tooltip=N_("Show the next unfinished game"))
        self.b_swap = Button(N_("Swap sides"), self.swap,
                             tooltip=N_("Exchange the two players"), size=19)
        w = self.widgets
        w.add(*self.tiles, self.c4_width, self.c4_height, self.c4_line, self.go_size,
              self.go_rule, self.go_opening, self.clock_choice, self.seconds_choice)
        for s in (0, 1):
            w.add(self.kind[s], self.levels[s], self.evals[s], self.commands[s])
        w.add(self.b_swap)
        if self.overlay:  # over the game: Results too, so they are one key away there
            w.add(self.b_results, self.b_cancel, self.b_start)
        else:
            if self.resume_record is not None:
                w.add(self.b_resume)
            if len(self.offers) > 1:
                w.add(self.b_next_offer)
            w.add(self.b_learn, self.b_open, self.b_results, self.b_quit, self.b_start)
        self._sync()
        w.set_focus(self.b_start)

    def _line_options(self) -> list[tuple[int, str]]:
        v = self.variants["connect4"]
        most = max(v["width"], v["height"])
        return [(n, LINE_CHOICES[n]) for n in C4_LINES if n <= most]

    def _set_c4(self, key: str, value: int) -> None:
        v = self.variants["connect4"]
        v[key] = value
        options = self._line_options()
        if v["connect"] > options[-1][0]:
            v["connect"] = options[-1][0]
        self.c4_line.set_options(options, v["connect"])
        self.error = ""

    def _set_opening(self, value: str) -> None:
        self.opening = value
        self.error = ""
        self._sync()

    def _set_clock(self, value: tuple[int, int] | None) -> None:
        self.clock_control = value
        self.app.settings.clock = None if value is None else list(value)
        self.app.save_settings()

    def _set_move_seconds(self, value: float | None) -> None:
        self.move_seconds = value
        self.app.settings.move_seconds = value
        self.app.save_settings()

    def timing(self, players: list[Player]) -> Timing:
        """The chosen clock for each side a person plays and time per move for each side
        the computer (Plies' search or an outside engine) plays."""
        control = None if self.clock_control is None else TimeControl(*self.clock_control)
        swap = self.game_name == "gomoku" and self.opening != "none"
        controls = tuple(None if swap or p.is_computer else control for p in players)
        seconds = tuple(self.move_seconds if p.is_computer else None
                        for p in players)
        return Timing((controls[0], controls[1]), (seconds[0], seconds[1]))

    def _set_gomoku(self, key: str, value: Any) -> None:
        self.variants["gomoku"][key] = value
        self.error = ""

    def _set_player(self, side: int, key: str, value: Any) -> None:
        draft = self.players[self.game_name][side]
        if key == "type":
            draft.kind = "computer" if value == "computer" else "human"
        elif key == "level" and isinstance(value, str) and value.startswith(FOUND):
            chosen = next(f for f in self._found(self.game_name)
                          if FOUND + f.command == value)
            draft.kind, draft.command = "engine", chosen.command
            draft.protocol, draft.name = chosen.protocol, chosen.label
        elif key == "level" and isinstance(value, str) and value.startswith(ENGINE):
            draft.command = draft.typed or self.app.settings.engine_commands.get(
                self.game_name, "")
            draft.kind, draft.name = "engine", ""
            draft.protocol = next(p for v, _label, p in TYPED[self.game_name] if v == value)
        elif key == "level":
            draft.kind = "computer"
            # The evaluator follows the level (ai.levels.Level.evaluator) unless the
            # person chose another one for this player.
            if draft.evaluator == level_evaluator(self.game_name, draft.level):
                draft.evaluator = level_evaluator(self.game_name, value)
            draft.level = value
        else:
            draft.evaluator = value
        self._sync()

    def _set_command(self, side: int, text: str) -> None:
        draft = self.players[self.game_name][side]
        if draft.kind == "engine":
            draft.command = draft.typed = text
            self.error = ""

    def choose_game(self, name: str) -> None:
        if name != self.game_name:
            self.game_name = name
            self.error = ""
            self._sync()
            self.layout(self.app.screen.get_size())

    def swap(self) -> None:
        players = self.players[self.game_name]
        players.reverse()
        self._sync()

    def _sync(self) -> None:
        """Show the widgets of the chosen game and set them to its remembered choices."""
        name = self.game_name
        widget: Widget
        for widget in (self.c4_width, self.c4_height, self.c4_line):
            widget.visible = name == "connect4"
        for widget in (self.go_size, self.go_rule, self.go_opening):
            widget.visible = name == "gomoku"
        presets = preset_options(name)
        for side in (0, 1):
            draft = self.players[name][side]
            computer = draft.kind != "human"
            self.kind[side].set_value("computer" if computer else "human")
            lvl = draft.level
            engine = draft.kind == "engine" and name in ENGINE_GAMES
            levels: list[tuple[Any, str]] = [(n, level(name, n).label) for n in LEVEL_NUMBERS]
            chosen: Any = lvl
            if name in ENGINE_GAMES:
                for found in self._found(name):
                    levels.append((FOUND + found.command, found.menu_label))
                    if engine and (draft.name, draft.command) == (found.label, found.command):
                        chosen = FOUND + found.command
                for value, label, protocol in TYPED[name]:
                    levels.append((value, label))
                    if engine and chosen == lvl and draft.protocol == protocol:
                        chosen = value
                if engine and chosen == lvl:
                    chosen = ENGINE
            self.levels[side].set_options(levels, chosen)
            evaluator = draft.evaluator or "default"
            options = list(presets) + ([evaluator] if evaluator not in presets else [])
            self.evals[side].set_options([(p, PRESET_LABELS.get(p, p)) for p in options],
                                         evaluator)
            self.levels[side].visible = computer
            self.evals[side].visible = computer and not engine
            # A found engine's name says it all: the field is for a typed command only.
            self.commands[side].visible = engine and not str(chosen).startswith(FOUND)
            self.commands[side].placeholder = ENGINE_HINT.get(name, "")
            if self.commands[side].visible and self.commands[side].text != draft.command:
                self.commands[side].set_text(draft.command)
        kinds = [d.kind for d in self.players[name]]
        swap = name == "gomoku" and self.opening != "none"  # its colours come later
        self.clock_choice.visible = "human" in kinds and not swap
        self.seconds_choice.visible = "computer" in kinds or "engine" in kinds
        if self.card.width:  # the command field takes room from the evaluator's
            self.layout(self.app.screen.get_size())

    def _found(self, name: str) -> list[FoundEngine]:
        """The engines installed for game ``name`` (``game.engines.found``)."""
        if name not in self.found:
            self.found[name] = found_engines(name)
        return self.found[name]

    # --- actions ---------------------------------------------------------------------------------

    def start(self) -> None:
        name = self.game_name
        variant = dict(self.variants[name]) if name != "othello" else {}
        try:
            game = new_game(name, **variant)
        except RulesError as error:
            self.error = str(error).capitalize()
            return
        drafts = self.players[name]
        if any(d.kind == "engine" and name in ENGINE_GAMES and not d.command.strip()
               for d in drafts):
            self.error = _("Type the outside engine's command (the program and its options).")
            return
        try:
            players = [draft.player(name) for draft in drafts]
        except PlayerError as error:
            self.error = str(error)[:1].upper() + str(error)[1:] + "."
            return
        engines = [(side, p) for side, p in enumerate(players) if isinstance(p, Engine)]
        settings = self.app.settings
        if name in ENGINE_GAMES:
            if engines:
                settings.engine_commands[name] = engines[0][1].command
            settings.engine_sides[name] = [side for side, _engine in engines]
        opening: dict[str, Any] | None = None
        if name == "gomoku":
            self.app.last_opening = self.opening
            if self.opening != "none":
                opening = {"kind": self.opening, "choices": []}
        self.app.start_game(game, players, opening=opening, timing=self.timing(players))

    def cancel(self) -> None:
        self.app.pop_scene(self)

    def resume(self) -> None:
        if self.resume_game is None or self.resume_record is None:
            return
        slot = getattr(self.app, "slot", None)
        if self.offers and slot is not None:
            if not slot.move_to(self.offers[self.offer_index].number):
                self.error = _("That game was just opened in another Plies window.")
                return
        players = self.resume_record.players
        demo = all(p.is_computer for p in players)
        timing, times = None, None
        if self.resume_record.clock is not None:
            try:  # checked when it was read; a clock that cannot be used is left off
                timing, times = timing_from_json(self.resume_record.clock)
            except ClockError:
                timing, times = None, None
        self.app.start_game(self.resume_game, players, demo=demo, paused=demo, remember=False,
                            scores=self.resume_record.scores,
                            opening=self.resume_record.opening,
                            names=self.resume_record.names, timing=timing, clock_times=times)

    def show_results(self) -> None:
        from game.ui.scenes.results import ResultsDialog
        self.app.push_scene(ResultsDialog(self.app, on_change=self._load_tally))

    def show_learn(self) -> None:
        from game.ui.scenes.learn import LearnScene
        self.app.push_scene(LearnScene(self.app))

    def _load_tally(self) -> None:
        from game.tally import load_tally
        self.tally = load_tally()

    def open_file(self) -> None:
        from game.ui.scenes.files import FileDialog
        self.app.push_scene(FileDialog(self.app, "open"))

    # --- layout and events ---------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        # A larger window gets a larger card (taller tiles and rows, wider columns), up
        # to 1.3 times the card that fits the smallest window.
        grow = max(0.0, min(1.0, (min(w / 800, h / 560) - 1) / 0.5))
        tile_h, row_h = round(92 + 36 * grow), round(42 + 10 * grow)
        row_gap = round(44 + 10 * grow)
        self.row_h = row_h
        card_w = min(round(820 + 260 * grow), w - 40)
        card_h = 486 + (tile_h - 92) + 3 * (row_h - 42) + 2 * (row_gap - 44) + round(16 * grow)
        show_title = not self.overlay and h >= card_h + 150
        self.show_title = show_title
        top = (h - card_h) // 2 + (40 if show_title else 0)
        self.card = pygame.Rect((w - card_w) // 2, max(20, top), card_w, card_h)
        c = self.card
        pad = 28
        inner_w = c.width - 2 * pad
        y = c.y + 56
        gap = 12
        tile_w = (inner_w - (len(self.tiles) - 1) * gap) // len(self.tiles)
        for i, tile in enumerate(self.tiles):
            tile.rect = pygame.Rect(c.x + pad + i * (tile_w + gap), y, tile_w, tile_h)
        y += tile_h + row_gap
        self.board_row_y = y - 24
        if self.game_name == "connect4":
            cw = (inner_w - 2 * 12) // 3
            for i, widget in enumerate((self.c4_width, self.c4_height, self.c4_line)):
                widget.rect = pygame.Rect(c.x + pad + i * (cw + 12), y, cw, row_h)
        elif self.game_name == "gomoku":
            # The rule has three choices: it gets the widest part of the row.
            cw = (inner_w - 24) * 35 // 100
            rw = (inner_w - 24) * 42 // 100
            self.go_size.rect = pygame.Rect(c.x + pad, y, cw, row_h)
            self.go_rule.rect = pygame.Rect(c.x + pad + cw + 12, y, rw, row_h)
            x = self.go_rule.rect.right + 12
            self.go_opening.rect = pygame.Rect(x, y, c.x + pad + inner_w - x, row_h)
        y += row_h + row_gap
        self.players_row_y = y - 24
        self.b_swap.rect = pygame.Rect(0, 0, max(110, self.b_swap.preferred_width()), 30)
        self.b_swap.rect.bottomright = (c.right - pad, y - 6)
        # The time choices share the heading's line, between it and Swap sides.
        x = c.x + pad + 110
        room = self.b_swap.rect.x - 12 - x
        cw = min(230, (room - 10) * 45 // 100)
        self.clock_choice.rect = pygame.Rect(x, y - 36, cw, 30)
        x += cw + 10
        self.seconds_choice.rect = pygame.Rect(x, y - 36, min(290, room - cw - 10), 30)
        if not self.clock_choice.visible:
            self.seconds_choice.rect.x = self.clock_choice.rect.x
        name_w = 130
        for side in (0, 1):
            ry = y + side * (row_h + 10)
            x = c.x + pad + name_w
            self.kind[side].rect = pygame.Rect(x, ry, 220, row_h)
            x += 232
            rest = c.right - pad - x
            if str(self.levels[side].value).startswith(FOUND):
                lw = rest + 10  # a found engine: its name takes the row, nothing beside it
            else:
                lw = round(rest * (0.5 if self.commands[side].visible else 0.6))
            self.levels[side].rect = pygame.Rect(x, ry, lw - 10, row_h)
            self.evals[side].rect = pygame.Rect(x + lw, ry, rest - lw, row_h)
            self.commands[side].rect = self.evals[side].rect.copy()
        self.player_rows_y = y
        by = c.bottom - pad - 44
        x = c.right - pad
        right = [self.b_cancel, self.b_start] if self.overlay else [self.b_quit, self.b_start]
        for button in reversed(right):
            bw = max(120, button.preferred_width())
            button.rect = pygame.Rect(x - bw, by, bw, 44)
            x -= bw + 12
        if self.overlay:
            bw = max(120, self.b_results.preferred_width())
            self.b_results.rect = pygame.Rect(c.x + pad, by, bw, 44)
        else:
            x = c.x + pad
            left = [self.b_resume] if self.resume_record is not None else []
            for button in [*left, self.b_open, self.b_results]:
                bw = max(120, button.preferred_width())
                button.rect = pygame.Rect(x, by, bw, 44)
                x += bw + 12
            # Learn sits on the heading's line, at the right: the bottom row is full.
            lw = max(150, self.b_learn.preferred_width())
            self.b_learn.rect = pygame.Rect(c.right - pad - lw, c.y + 18, lw, 32)
            # Several unfinished games: a small button at the end of the line about them.
            nw = self.b_next_offer.preferred_width()
            self.b_next_offer.rect = pygame.Rect(c.right - pad - nw, by - 14 - 12, nw, 24)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWFOCUSGAINED and self.other_windows:
            # Back to this window: another may have closed since (no stale "another
            # Plies window is open"; its game is offered now).
            self._find_resume()
        if event.type == pygame.KEYDOWN:
            command = command_for(START_KEYS, event)
            if command is not None and self.takes(command):
                name, *arguments = command
                getattr(self, name)(*arguments)
                return
        self.widgets.handle_event(event)

    def takes(self, command: Command) -> bool:
        """Whether a key of ``START_KEYS`` acts now rather than going to the widgets: not
        R or L while a command line is typed, not Open or Learn in the dialog, not Enter
        while a button or tile has the visible focus (the widgets press it)."""
        focus = self.widgets.focus
        typing = isinstance(focus, TextInput)
        name = command[0]
        if name == "open_file":
            return not self.overlay
        if name == "show_results":
            return not typing
        if name == "show_learn":
            return not typing and not self.overlay
        if name == "start":
            return not (self.widgets.focus_visible and isinstance(focus, (Button, GameTile)))
        return True

    def escape(self) -> None:
        """Esc: close the dialog, or quit from the first screen."""
        self.cancel() if self.overlay else self.app.quit()

    def help(self) -> None:
        from game.ui.scenes.help import HelpDialog
        self.app.push_scene(HelpDialog(self.app, self.game_name))

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        size = surface.get_size()
        if not self.overlay:
            surface.blit(draw.vertical_gradient(size, theme.background, theme.background_low),
                         (0, 0))
            if self.show_title:
                cy = self.card.y - 62
                draw.blit_text(surface, "Plies", 76, theme.text,  # untranslated: the name
                               (size[0] // 2, cy), "center", bold=True)
                draw.blit_text(surface, _("Connect-4 · Othello · Gomoku · Tic-tac-toe against a "
                                          "computer that shows its thinking"), 22, theme.text_dim,
                               (size[0] // 2, cy + 42), "center", max_width=size[0] - 40)
        c = self.card
        draw.shadow(surface, c, 16, theme.shadow_alpha, blur=22, offset=(0, 8))
        draw.rounded_rect(surface, c, theme.card, 16, theme.border_width, theme.card_border)
        heading = _("New game") if self.overlay or not self.show_title else _("Choose a game")
        draw.blit_text(surface, heading, 32, theme.text, (c.x + 28, c.y + 20), bold=True)
        pad = 28
        self._heading(surface, _("Board"), self.board_row_y)
        fixed = {"othello": _("The standard 8 × 8 board; Black moves first."),
                 "tictactoe": _("The 3 × 3 grid; X moves first. Perfect play draws.")}
        if self.game_name in fixed:
            draw.blit_text(surface, fixed[self.game_name], 22, theme.text_dim,
                           (c.x + pad, self.board_row_y + 24 + self.row_h // 2), "midleft")
        self._heading(surface, _("Players"), self.players_row_y)
        colours = theme.board(self.game_name)
        names = GAMES[self.game_name].side_names
        for side in (0, 1):
            ry = self.player_rows_y + side * (self.row_h + 10) + self.row_h // 2
            # Translators: {side} is a side's name ("Black"): the side that moves first.
            label = _("{side} (first)").format(side=_(names[side])) if side == 0 \
                else _(names[side])
            if self.game_name == "gomoku" and self.opening != "none":
                # The swap chooses the colours: no stone.
                label = _("First") if side == 0 else _("Second")
            elif self.game_name == "tictactoe":
                draw_mark(surface, visible_on(colours.pieces[side], theme.card, 3.0), side,
                          (c.x + pad + 12, ry), 9)
            else:
                draw.piece(surface, (c.x + pad + 12, ry), 12, colours.pieces[side],
                           outline=icon_outline(colours.pieces[side], theme.card),
                           with_shadow=False,
                           style="stone" if self.game_name == "gomoku" else "disc")
            draw.blit_text(surface, label, 22, theme.text, (c.x + pad + 32, ry), "midleft",
                           max_width=100, min_size=15)
            if not self.levels[side].visible:
                draw.blit_text(surface, _("A person plays this side"), 20, theme.text_dim,
                               (self.levels[side].rect.x + 4, ry), "midleft")
        if self.error:
            draw.blit_text(surface, self.error, 20, theme.danger,
                           (c.x + pad, c.bottom - pad - 58), "midleft",
                           max_width=c.width - 2 * pad)
        elif (self.resume_game is not None or self.other_windows) and not self.overlay:
            text = self.resume_text()
            room = c.width - 2 * pad
            if len(self.offers) > 1:
                room -= self.b_next_offer.rect.width + 12
            draw.blit_text(surface, text, 19, theme.text_dim, (c.x + pad, c.bottom - pad - 58),
                           "midleft", max_width=room)
        super().draw(surface)

    def resume_text(self) -> str:
        """What the start screen says about unfinished games and other open windows."""
        g = self.resume_game
        parts = []
        if g is not None:
            if len(self.offers) > 1:
                # Translators: {game} is a game's name, "(2 of 3)" which unfinished game.
                text = ngettext("Unfinished {game} game ({index} of {count}), {n} move played "
                                "— Resume continues it",
                                "Unfinished {game} game ({index} of {count}), {n} moves played "
                                "— Resume continues it", g.ply)
            else:
                text = ngettext("Unfinished {game} game, {n} move played — Resume continues it",
                                "Unfinished {game} game, {n} moves played — Resume continues it",
                                g.ply)
            parts.append(text.format(game=_(g.title), index=self.offer_index + 1,
                                     count=len(self.offers), n=number(g.ply)))
        others = self.other_windows
        if others and parts:
            parts.append(_("another Plies window is open") if others == 1 else ngettext(
                "{n} other Plies window is open", "{n} other Plies windows are open",
                others).format(n=number(others)))
        elif others:
            parts.append(_("Another Plies window is open; its game stays there") if others == 1
                         else ngettext("{n} other Plies window is open; its game stays there",
                                       "{n} other Plies windows are open; their games stay "
                                       "there", others).format(n=number(others)))
        return " · ".join(parts)

    def _heading(self, surface: pygame.Surface, text: str, y: int) -> None:
        draw.blit_text(surface, text.upper(), 18, self.theme.text_dim,
                       (self.card.x + 28, y), "topleft", bold=True)
