"""The window, the frame loop, the scene stack, and the one search worker.

The loop is ``tick`` -> events -> update -> draw -> flip (DESIGN §5), but it draws only
when something changed (the redraw rule below), and when nothing moves it sleeps
(``game.ui.waiting``) instead of ticking, so an idle window costs almost no CPU. The
app owns the ``SearchWorker``; its report callback runs on the worker thread and only
posts a pygame event (``AI_EVENT``), which the loop hands to the play scene, whatever
dialog is open. Quitting saves the settings and joins the worker with a short timeout, so the
window closes at once even in the middle of a deep search.

The redraw rule (what a scene must respect to stay correct):

* every event the loop hands out (input, window, resize, a worker report) redraws;
* pushing, popping or replacing a scene, a resize and ``apply_settings`` redraw;
* a scene whose ``wants_frames()`` is true (an animation, a search, a demo playing)
  makes the loop run at ``fps`` and redraw every frame, including the frame in which
  it stops wanting them (so the settled look is on screen with no further input);
* a scene whose ``update(dt)`` returns true redraws that frame;
* a scene whose look changes at a known time with no input (a message expiring, a
  tooltip appearing) says when through ``wake_in()``;
* anything else that changes what is drawn calls ``app.invalidate()``.

Entry points for the command line: ``run_app`` (``plies``, ``plies play``, ``plies
demo``), ``players_for`` and ``demo_players``.
"""

from __future__ import annotations

import math
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from ai.evaluators.plugin import EvaluatorFault
from ai.levels import DEFAULT_LEVEL, level_evaluator
from ai.worker import SearchWorker, WorkerReport
from game import i18n
from game.clock import Snapshot, Timing
from game.i18n import _, ngettext, number
from game.players import Computer, Human, Player
from game.plugins import guard_window_calls
from game.rules import Game, new_game
from game.settings import Settings, load_settings, save_settings, settings_to_dict
from game.slots import WindowSlot
from game.ui import draw, fonts
from game.ui.display import fallback_reason, no_display_reason
from game.ui.scenes.base import Scene
from game.ui.sound import Sounds, init_pygame
from game.ui.theme import Theme, theme_for
from game.ui.waiting import EventWaiter

if TYPE_CHECKING:
    from ai.evaluators.base import Evaluator
    from game.ui.scenes.play import PlayScene

AI_EVENT = pygame.event.custom_type()
"""The event type carrying a ``WorkerReport`` (attribute ``report``) to the loop."""

S = TypeVar("S", bound=Scene)
"""A kind of scene (``App.find_scene``)."""

DEFAULT_SIZE = (1120, 760)
MIN_SIZE = (800, 560)
FPS = 60
MAX_IDLE_WAIT = 1.0
"""Longest sleep when nothing moves (seconds): the scenes' ``update`` still runs about
once a second, though nothing is drawn unless it reports a change."""
INTERACTIVE = 1.0
INTERACTIVE_STEP = 0.01
"""For ``INTERACTIVE`` seconds after an event the idle loop looks at the queue every
``INTERACTIVE_STEP`` seconds: key repeats and timers that SDL makes itself arrive
without waking a sleep on the window's socket (``game.ui.waiting``)."""
SWITCH_INTERVAL = 0.002
"""Seconds between the interpreter's thread switches while the window is open.

The search thread is CPU-bound and shares the GIL with the loop; every time the loop
sleeps or calls into SDL it must win the GIL back, which takes up to one switch
interval (5 ms by default). A shorter interval keeps the frame pacing even."""

WORKER_JOIN_TIMEOUT = 0.5
"""Seconds quitting waits for the search thread (it is a daemon: it never blocks exit)."""


def players_for(first: str, level: int = DEFAULT_LEVEL, eval_name: str | None = None,
                game_name: str | None = None) -> list[Player]:
    """The players of ``plies play``: a person and the computer, ``first`` moving first.

    ``eval_name`` ``None``: the level's own evaluator in ``game_name``
    (``ai.levels.Level.evaluator``; ``default`` without a game).

    >>> players_for("ai", 3)
    [Computer(level=3, evaluator='default'), Human()]
    """
    if first not in ("human", "ai", "computer"):
        # Translators: 'human' and 'ai' are typed as they are; {first} is what was typed.
        raise ValueError(_("first must be 'human' or 'ai', not {first}").format(
            first=repr(first)))
    computer = Computer(int(level), eval_name or level_evaluator(game_name, int(level)))
    return [Human(), computer] if first == "human" else [computer, Human()]


def demo_players(level_a: int = DEFAULT_LEVEL, level_b: int = DEFAULT_LEVEL,
                 eval_name: str | None = None, game_name: str | None = None
                 ) -> list[Player]:
    """Two computer players for ``plies demo`` (side 0 at ``level_a``); each level's
    own evaluator unless ``eval_name`` is given.

    >>> demo_players(2, 5)[1]
    Computer(level=5, evaluator='default')
    """
    return [Computer(int(n), eval_name or level_evaluator(game_name, int(n)))
            for n in (level_a, level_b)]



def tidy_config_folder() -> None:
    """Remove what interrupted atomic writes left in the config and games folders."""
    from game.files import remove_stale_temporaries
    from game.settings import config_dir, games_dir
    try:
        folders = [config_dir(), games_dir()]
    except OSError:
        return
    for folder in folders:
        remove_stale_temporaries(folder)


def clamp_to_screen(size: tuple[int, ...]) -> tuple[int, int] | None:
    """A remembered window size no larger than the screen (it may have shrunk since)."""
    if len(size) != 2:
        return None
    width, height = int(size[0]), int(size[1])
    try:
        screens = pygame.display.get_desktop_sizes()
    except pygame.error:
        screens = []
    if screens and screens[0][0] > 0 and screens[0][1] > 0:
        width, height = min(width, screens[0][0]), min(height, screens[0][1])
    return width, height


class App:
    """The application: window, loop, scenes, settings, sounds and the search worker.

    Args:
        size: the window size (default: the remembered one).
        fps: the frame-rate cap (tests raise it; 0 means uncapped).
        settings: use these settings instead of loading them.
        save_on_quit: write the settings when closing (and when they change).
        autosave: keep the autosaved game up to date (the benchmark turns it off).
        keep_unfinished: take an autosave slot that holds no unfinished game (a window
            opened straight into a game must not replace the one the person left).
    """

    def __init__(self, *, size: tuple[int, int] | None = None, fps: int = FPS,
                 settings: Settings | None = None, save_on_quit: bool = True,
                 autosave: bool = True, keep_unfinished: bool = False,
                 now: Callable[[], float] = time.perf_counter) -> None:
        init_pygame()
        guard_window_calls()  # a plugin game's endless loop on this thread: a sentence
        self.now = now
        """The loop's time source (seconds): scenes get their ``dt`` from it (a test
        passes a clock it sets by hand)."""
        on_disk = load_settings()
        self.settings = settings if settings is not None else on_disk
        self._settings_baseline = settings_to_dict(on_disk)
        """The settings file as this window last read or wrote it: saving writes only
        what this window changed since (another window's changes are kept)."""
        self._language = self.settings.language
        """The language setting spoken: chosen before the window opened (``plies``'s
        start), changed here by :meth:`set_language`."""
        self.language_notice: str | None = None
        """A sentence in English, shown over every scene until the next key or click,
        when the chosen language needs a font no installed one has."""
        want = size or clamp_to_screen(tuple(self.settings.window_size)) or DEFAULT_SIZE
        want = (max(MIN_SIZE[0], int(want[0])), max(MIN_SIZE[1], int(want[1])))
        pygame.display.set_caption("Plies")  # untranslated: the program's name
        self._set_icon()
        self.screen = pygame.display.set_mode(want, pygame.RESIZABLE)
        self.set_language(self._language)
        window = self._window()
        if window is not None:
            window.minimum_size = MIN_SIZE  # the window manager stops the drag there
        self._waiter = EventWaiter()
        pygame.key.set_repeat(350, 40)
        self.theme: Theme = theme_for(self.settings.theme)
        self.sounds = Sounds(self.settings.sound)
        self.worker = SearchWorker(self._on_report)
        self.fps = fps
        self._last_frame = self.now()
        self._dirty = True
        self._wake_at = math.inf
        self._last_event = self._last_frame
        self.frames_drawn = 0
        """How many frames were drawn (tests check that an idle window draws none)."""
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch_interval, SWITCH_INTERVAL))
        self.running = True
        self.exit_status = 0
        self.save_on_quit = save_on_quit
        self.autosave = autosave
        self.slot: WindowSlot | None = None
        """This window's autosave slot (``game.slots``): two windows never share one."""
        if autosave:
            self.slot = WindowSlot.claim(keep_unfinished=keep_unfinished)
            if self.slot is None:
                self.autosave = False  # eight windows already: this one keeps no autosave
        self.scenes: list[Scene] = []
        self.play: PlayScene | None = None  # the PlayScene, when a game is on
        self.last_opening = "none"
        """Gomoku's swap opening last chosen in this window (the start screen's default)."""
        self.frame_hook: Callable[[float], None] | None = None
        self._generation = 0
        self._evaluators: dict[tuple[str, str], Evaluator] = {}
        self._veil: pygame.Surface | None = None
        self._closed = False
        self.last_folder: Path | None = None
        """The folder of the last file opened or saved in this run (the file dialog's start)."""

    # --- set-up --------------------------------------------------------------------------

    @staticmethod
    def _window() -> Any:
        """The display's ``pygame.Window`` (pygame-ce), or ``None`` without one."""
        try:
            with warnings.catch_warnings():  # deprecated only for Window-owned surfaces
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except Exception:
            return None

    def _set_icon(self) -> None:
        try:
            from game.resources import asset_path
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        except Exception:
            pass  # a missing icon is cosmetic

    def _on_report(self, report: WorkerReport) -> None:
        """Worker thread: hand the report to the loop (``pygame.event.post`` is thread-safe)."""
        self.post_event(pygame.event.Event(AI_EVENT, report=report))

    def post_event(self, event: pygame.event.Event) -> None:
        """Queue ``event`` for the loop and wake it if it sleeps; safe from any thread.

        A thread that reports to the window posts through this (a bare
        ``pygame.event.post`` is seen too, but only when the idle loop next looks).
        """
        try:
            pygame.event.post(event)
        except pygame.error:
            return  # the window is closing
        self._waiter.wake()

    def next_generation(self) -> int:
        """A fresh generation id, never repeated in this app (across games too)."""
        self._generation += 1
        return self._generation

    def evaluator(self, game_name: str, preset: str) -> Evaluator:
        """The evaluator named ``preset`` for ``game_name``, loaded once (its table is reused).

        ``preset`` comes from the players of a game (a record, the settings), so it is
        a name only: a preset, or the user's ``evaluators_dir()/NAME.toml``, never a
        path (``ai.evaluators.evaluator_by_name``).
        """
        from game.settings import find_evaluator
        key = (game_name, preset)
        if key not in self._evaluators:
            self._evaluators[key] = find_evaluator(game_name, preset)
        return self._evaluators[key]

    # --- scenes ------------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def set_scene(self, scene: Scene) -> None:
        """Make ``scene`` the only scene (closing the others)."""
        for old in self.scenes:
            if old is not scene:
                old.on_close()
        self.scenes = [scene]
        scene.layout(self.screen.get_size())
        self.invalidate()

    def push_scene(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.on_cover()
        self.scenes.append(scene)
        scene.layout(self.screen.get_size())
        self.invalidate()

    def pop_scene(self, scene: Scene | None = None) -> None:
        scene = scene or self.top
        if scene in self.scenes:
            self.scenes.remove(scene)
            scene.on_close()
            self.invalidate()

    def find_scene(self, kind: type[S]) -> S | None:
        """The topmost open scene of type ``kind``, else ``None``."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def show_start(self, *, dialog: bool = False, game: str | None = None,
                   variant: dict[str, Any] | None = None,
                   players: list[Player] | None = None) -> None:
        """The new-game screen: the first screen, or a dialog over the running game."""
        from game.ui.scenes.start import StartScene
        scene = StartScene(self, as_dialog=dialog and self.play is not None, game=game,
                           variant=variant, players=players)
        if scene.overlay:
            self.push_scene(scene)
        else:
            if self.play is not None:
                self.play.close_session()
                self.play = None
            pygame.display.set_caption("Plies")  # untranslated: the program's name
            self.set_scene(scene)

    def start_game(self, game: Game, players: list[Player], *, demo: bool | None = None,
                   paused: bool = False, remember: bool = True,
                   scores: list[int | None] | None = None,
                   opening: dict[str, Any] | None = None, study: bool = False,
                   names: list[str | None] | None = None, timing: Timing | None = None,
                   clock_times: Snapshot | None = None) -> None:
        """Play ``game`` (possibly with moves already played) with ``players``.

        ``timing``: the people's clocks and the computer's time per move
        (``game.clock``); ``clock_times``: the clocks' remaining seconds (a resumed game).

        ``study``: a game opened from a file or a paste: nobody moves until the person
        presses Play (``Session.study``). ``names``: the players' names from the file.

        ``scores``: the evaluations saved with the game (``GameRecord.scores``), so its
        graph comes back. ``opening``: a Gomoku swap / swap2 opening as a record keeps it
        (``{"kind", "choices"}``; ``players`` first/second until its colours are chosen).

        ``remember``: keep the game, variant and players as the start screen's choices
        (the person chose them in the window; the command line's choices are not kept).
        """
        from game.ui.scenes.play import PlayScene
        players = [self.settings.playable(game.name, p) for p in players]
        if demo is None:
            demo = all(p.is_computer for p in players)
        if self.play is not None:
            self.play.close_session()
        self.play = PlayScene(self, game, players, demo=demo, paused=paused, scores=scores,
                              opening=opening, study=study, names=names, timing=timing,
                              clock_times=clock_times)
        self.set_scene(self.play)
        pygame.display.set_caption(f"Plies — {_(game.title)}")
        if remember:
            self.settings.last_game = game.name
            self.settings.last_variants[game.name] = dict(game.variant())
            self.settings.last_players[game.name] = list(players)
            self.save_settings()
        self.play.session.autosave()  # the game left behind is replaced at once
        self.play.session.start()

    def show_game(self, game: Game, players: list[Player], name: str, *,
                  scores: list[int | None] | None = None, note: str | None = None,
                  opening: dict[str, Any] | None = None,
                  names: list[str | None] | None = None,
                  clock: dict[str, Any] | None = None) -> None:
        """Show an opened record (file ``name``) for study: two computers are paused, a
        computer against a person waits for Play, nothing is remembered for the start
        screen; ``note`` is said instead of "Opened …". ``clock``: the record's clocks
        (``GameRecord.clock``): they run again from their saved times after Play."""
        from game.clock import ClockError, timing_from_json
        demo = all(p.is_computer for p in players)
        timing, times = None, None
        if clock is not None:
            try:
                timing, times = timing_from_json(clock)
            except ClockError:  # checked when read: a clock that cannot be used stays off
                timing, times = None, None
        self.start_game(game, players, demo=demo, paused=demo, remember=False, scores=scores,
                        opening=opening, study=True, names=names, timing=timing,
                        clock_times=times)
        if self.play is not None:
            # Translators: {name} is a file's name.
            text = note or ngettext("Opened {name} ({n} move)", "Opened {name} ({n} moves)",
                                    game.ply).format(name=name, n=number(game.ply))
            if self.play.session.study and not self.play.session.analysis_on:
                self.play.toggle_analysis()  # study shows the best moves and rings the best
            if self.play.session.study:
                text += " · " + _("nobody moves until you press Play (P)")
            self.play.session.say(text, "info", 6.0 if note else 4.0)

    def new_game(self, name: str, variant: dict[str, Any] | None,
                 players: list[Player], *, demo: bool | None = None) -> None:
        self.start_game(new_game(name, **(variant or {})), players, demo=demo)

    # --- settings ------------------------------------------------------------------------------

    def apply_settings(self) -> None:
        """The settings changed: re-theme, re-sound, re-language, save."""
        if self.theme.name != self.settings.theme:
            self.theme = theme_for(self.settings.theme)
            draw.clear_caches()
        if self.settings.language != self._language:
            self.set_language(self.settings.language)
        self.sounds.enabled = self.settings.sound
        self.save_settings()
        self.invalidate()

    def set_language(self, choice: str) -> None:
        """Speak ``choice`` (``"auto"`` or a key of ``game.i18n.LANGUAGES``) from the next
        frame on: texts are translated where they are drawn, so nothing is rebuilt; the
        drawing layer picks the fonts for the new language's script."""
        self._language = choice
        spoken = i18n.set_language(choice)
        self.language_notice = None
        if fonts.missing_font(spoken):
            # Boxes in place of letters help nobody: English, and one sentence saying why,
            # in English (the one language that can be shown).
            i18n.set_language("en")
            self.language_notice = (  # untranslated: shown because the language cannot be
                f"No installed font can show {i18n.ENGLISH_NAMES[spoken]}, so Plies speaks "
                f"English: install {fonts.FONT_PACKAGES}.")
        draw.language_changed()
        self.invalidate()

    def save_settings(self) -> None:
        if self.save_on_quit:
            if save_settings(self.settings, baseline=self._settings_baseline):
                self._settings_baseline = settings_to_dict(self.settings)

    # --- the loop ---------------------------------------------------------------------------------

    def run(self) -> int:
        """Run until quit; returns the exit status."""
        try:
            while self.running:
                self.frame()
        finally:
            self.close()
        return self.exit_status

    def invalidate(self) -> None:
        """Redraw at the next frame (for a change that came from no event; see the rule)."""
        self._dirty = True

    def busy(self) -> bool:
        """Whether a scene moves on its own (then the loop ticks at ``fps`` and draws)."""
        return any(scene.wants_frames() for scene in self.scenes)

    def frame(self, *, block: bool = True) -> float:
        """One iteration: wait, events, update, draw and flip if needed; returns ``dt``.

        When no scene is busy, the frame sleeps (``game.ui.waiting``) until an event
        arrives, a scene's ``wake_in`` time comes, or ``MAX_IDLE_WAIT`` passes (only with
        ``block`` and a frame-rate cap: the test hooks never block). Such an idle frame
        calls each scene's ``update`` twice: with the time slept, before the events, and
        with ``dt = 0`` after them (so a long sleep never skips an animation an event
        starts).

        A plugin game's code that does not return on this thread (an event, an update or
        a draw calls it) is stopped by its limit (``game.plugins.guard_window_calls``)
        and lands here, the one place every such call passes through (the session and
        the scenes call the game in many more): ``_game_fault``.
        """
        try:
            dt = self._frame(block)
            if self.play is not None:
                self.play.session.mark_good()
        except EvaluatorFault as fault:
            self._game_fault(str(fault))
            return 0.0
        return dt

    def _frame(self, block: bool) -> float:
        # A scene that stops moving during this frame (an animation ending) must still
        # get this frame drawn: its last look (markers shown again, the status line) is
        # drawn by no later frame, since nothing moves and no event may come.
        was_busy = self.busy()
        if was_busy:
            dt = self._pace()
            events = pygame.event.get()
        else:
            events = self._wait(block and self.fps > 0)
            # Nothing moved while we waited: the scenes get the idle time before the
            # events, so an animation an event starts is not skipped by a long dt.
            idle = self._elapsed()
            for scene in list(self.scenes):
                if scene.update(idle):
                    self._dirty = True
            dt = 0.0
        for event in events:
            self.dispatch(event)
            if not self.running:
                return dt
        for scene in list(self.scenes):
            if scene.update(dt):
                self._dirty = True
        busy = self.busy()
        if self.now() >= self._wake_at:
            self._dirty = True
        if self._dirty or busy or was_busy:
            self._dirty = False
            self.draw(self.screen)
            pygame.display.flip()
            self.frames_drawn += 1
        self._plan_wake()
        if self.frame_hook is not None:
            self.frame_hook(dt)
        return dt

    def _game_fault(self, sentence: str) -> None:
        """A plugin game's code faulted during a frame: the game goes back to its last
        position that worked, the computer waits, and the sentence is said
        (``Session.recover``); with no such position, the start screen says it."""
        self._dirty = True
        play = self.play
        if play is not None and play in self.scenes:
            while self.top is not play:  # a dialog over the game may hold the faulty game
                self.pop_scene()
            try:
                if play.session.recover(sentence):
                    play.view.clear_animations()  # the move taken back's
                    return
            except EvaluatorFault as again:
                sentence = str(again)
            play.session.autosave_enabled = False  # keep the last autosave that worked
        from game.ui.scenes.start import StartScene
        self.show_start()
        if isinstance(self.top, StartScene):
            self.top.error = sentence[:1].upper() + sentence[1:].rstrip(".") + "."

    def _plan_wake(self) -> None:
        """Note when the earliest scene expects to look different with no input."""
        soonest = math.inf
        for scene in self.scenes:
            wake = scene.wake_in()
            if wake is not None:
                soonest = min(soonest, max(0.0, wake))
        self._wake_at = self.now() + soonest

    def _wait(self, block: bool) -> list[pygame.event.Event]:
        """The pending events; with ``block``, first sleep until one comes (or a wake-up)."""
        if block and not pygame.event.peek():
            now = self.now()
            timeout = min(MAX_IDLE_WAIT, self._wake_at - now)
            if now - self._last_event < INTERACTIVE:
                timeout = min(timeout, INTERACTIVE_STEP)
            self._waiter.wait(timeout)
        return pygame.event.get()

    def _elapsed(self) -> float:
        """Seconds since the last frame (uncapped: nothing was moving)."""
        now = self.now()
        dt, self._last_frame = now - self._last_frame, now
        return dt

    def _pace(self) -> float:
        """Wait for the next frame's time (``fps``) and return the seconds since the last.

        Like ``Clock.tick`` but it wakes one switch interval early, because getting the
        GIL back from a busy search thread costs about that much.
        """
        if self.fps > 0:
            target = self._last_frame + 1.0 / self.fps
            remaining = target - self.now() - sys.getswitchinterval()
            if remaining > 0:
                time.sleep(remaining)
            remaining = target - self.now()
            if remaining > 0.0005:  # woke early and uncontended: the last bit
                time.sleep(remaining)
        now = self.now()
        dt = now - self._last_frame
        self._last_frame = now
        return min(dt, 0.25)  # a stall (a dragged window) must not skip animations

    def dispatch(self, event: pygame.event.Event) -> None:
        """Hand ``event`` to the app or the top scene; every event redraws (the rule)."""
        self._dirty = True
        self._last_event = self.now()
        if self.language_notice and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.language_notice = None  # read: the key or click still does its work
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            self.resize((event.x, event.y))
        elif event.type == AI_EVENT:
            report = getattr(event, "report", None)
            if report is None:  # not the worker's (the queue is the process's, not ours)
                return
            # A scene's own job (a review, a tree) first; the game's searches otherwise.
            owner = next((scene for scene in reversed(self.scenes)
                          if scene.owns_report(report)), None)
            if owner is not None:
                owner.handle_report(report)
            elif self.play is not None:
                self.play.handle_report(report)
        elif self.top is not None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                    and not hasattr(event, "pos"):
                return
            self.top.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized to ``size``: enforce the minimum, lay everything out again."""
        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
        if self.screen.get_size() != (w, h) or (w, h) != tuple(size):
            # Smaller than the minimum got through (a window manager that ignores it):
            # the same window grows back to the minimum; nothing is destroyed.
            window = self._window()
            if window is not None:
                window.size = (w, h)
                self.screen = pygame.display.get_surface() or self.screen
            if self.screen.get_size() != (w, h):  # no Window API: the old way
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self._veil = None
        self._dirty = True
        for scene in self.scenes:
            scene.layout((w, h))
        self.settings.window_size = [w, h]

    def draw(self, surface: pygame.Surface) -> None:
        base = 0
        for i, scene in enumerate(self.scenes):
            if not scene.overlay:
                base = i
        theme = self.theme
        if not self.scenes:
            surface.fill(theme.background)
        for i, scene in enumerate(self.scenes[base:], start=base):
            if scene.overlay:
                surface.blit(self._dim_layer(surface.get_size()), (0, 0))
            scene.draw(surface)
        if self.language_notice:
            self._draw_notice(surface, self.language_notice)

    def _draw_notice(self, surface: pygame.Surface, text: str) -> None:
        """``text`` on a card along the bottom of the window, over every scene."""
        width, height = surface.get_size()
        card = pygame.Rect(16, height - 76, width - 32, 60)
        draw.card(surface, card, self.theme.card, self.theme.danger, 10,
                  self.theme.shadow_alpha, border_width=2)
        draw.blit_lines(surface, text, 17, self.theme.text, (card.x + 14, card.centery),
                        card.width - 28, min_size=14, max_lines=2)

    def _dim_layer(self, size: tuple[int, int]) -> pygame.Surface:
        if self._veil is None or self._veil.get_size() != size:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            dark = (0, 0, 0) if self.theme.name != "classic" else (20, 26, 40)
            veil.fill((*dark, self.theme.dim_alpha))
            self._veil = veil
        return self._veil

    def quit(self, status: int = 0) -> None:
        self.exit_status = status
        self.running = False

    def close(self) -> None:
        """Save the settings, stop the worker (bounded wait), close the sound device and the
        window."""
        if self._closed:
            return
        self._closed = True
        try:
            self.settings.window_size = list(self.screen.get_size())
        except pygame.error:
            pass
        if self.play is not None:
            self.play.close_session()
        for scene in self.scenes:
            scene.on_close()
        self.save_settings()
        self.worker.shutdown(WORKER_JOIN_TIMEOUT)
        from game.plugins import stop_process

        stop_process()  # a plugin's search process ends with the window
        guard_window_calls(False)
        self._waiter.close()
        if self.slot is not None:
            self.slot.release()
        sys.setswitchinterval(self._switch_interval)
        draw.clear_caches()
        self.sounds.close()
        pygame.display.quit()

    # --- test hooks ------------------------------------------------------------------------------

    def run_frames(self, n: int) -> None:
        """Run ``n`` frames of the real loop (tests)."""
        for _frame in range(n):
            if not self.running:
                return
            self.frame(block=False)

    def pump_until(self, predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
        """Run frames until ``predicate()`` holds; ``False`` after ``timeout`` seconds.

        Each frame is followed by a millisecond's sleep: what a test waits for usually
        happens on another thread (the search, an engine's reader), and a loop that only
        ever lets go of the GIL inside SDL's calls takes it straight back, so on a quiet
        machine the search thread starved (seconds for a 0.2 s search).
        """
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline or not self.running:
                return predicate()
            self.frame(block=False)
            time.sleep(0.001)
        return True


def run_app(*, game: str | None = None, variant: dict[str, Any] | None = None,
            players: list[Player] | None = None, demo: bool = False,
            open_new_game_dialog: bool = False,
            opened: tuple[Game, list[Player], str] | None = None,
            names: list[str | None] | None = None,
            position: Game | None = None,
            opening: str | dict[str, Any] | None = None,
            learn: bool = False, clock: dict[str, Any] | None = None) -> int:
    """Open the window and run until it is closed; returns the exit status.

    With no arguments (``plies``) the new-game screen opens first; with ``game`` or
    ``players`` (``plies play``) a game starts at once; ``demo`` starts computer versus
    computer (``plies demo``). ``open_new_game_dialog`` shows the new-game screen
    prefilled with the given choices instead of starting. ``opened`` is ``(game, players,
    file name)`` of a loaded record (``plies FILE``): shown as the Open dialog shows it.
    ``position``: a set-up game (``plies play --board``) played instead of the start.
    ``opening``: ``"swap"`` / ``"swap2"`` (Gomoku, ``plies play --opening``), or an
    opened record's opening (``{"kind", "choices"}``). ``learn``: the Learn lessons open
    over the start screen (``plies learn``). ``clock``: an opened record's clocks.
    """
    reason = no_display_reason()
    if reason is not None:
        print(f"plies: {reason}", file=sys.stderr)
        return 2
    direct = opened is not None or not (
        open_new_game_dialog or (game is None and players is None and not demo))
    tidy_config_folder()
    try:
        app = App(keep_unfinished=direct)
    except pygame.error as error:
        print(_("plies: cannot open a window: {error}").format(error=error), file=sys.stderr)
        return 1
    reason = fallback_reason(pygame.display.get_driver())
    if reason is not None:
        app.save_on_quit = False
        app.close()
        print(f"plies: {reason}", file=sys.stderr)
        return 2
    try:
        settings = app.settings
        name = game or settings.last_game
        if demo and players is None:
            players = demo_players()
        if opened is not None:
            app.show_game(*opened, opening=opening if isinstance(opening, dict) else None,
                          names=names, clock=clock)
        elif open_new_game_dialog or (game is None and players is None and not demo):
            app.show_start(game=name, variant=variant, players=players)
            if learn:
                from game.ui.scenes.learn import LearnScene
                app.push_scene(LearnScene(app))
        else:
            chosen_variant = variant if variant is not None else (
                settings.variant_for(name) if game is None or game == settings.last_game
                else {})
            chosen_players = players if players is not None else settings.players_for(name)
            try:
                start = position or new_game(name, **(chosen_variant or {}))
            except Exception as error:
                print(f"plies: {error}", file=sys.stderr)
                app.close()
                return 2
            app.start_game(start, chosen_players, demo=demo or None, remember=False,
                           opening={"kind": opening, "choices": []}
                           if isinstance(opening, str) else None)
    except EvaluatorFault as fault:  # a plugin game's position that never returns, at once
        app._game_fault(str(fault))
    except BaseException:
        app.close()
        raise
    return app.run()


__all__ = [  # untranslated: names
    "AI_EVENT", "App", "DEFAULT_SIZE", "MIN_SIZE", "demo_players", "players_for",
           "run_app"]
