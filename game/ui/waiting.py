"""Sleeping until something happens: how an idle window costs (almost) no CPU.

``pygame.event.wait(timeout)`` is no real wait: pygame re-implements SDL's wait as a
loop that pumps the event queue and sleeps 1 ms, about 2% of a core on an idle
window. Under X11 the window's events all arrive on one socket, so
:class:`EventWaiter` sleeps in ``select`` on that socket and on a pipe that other
threads write to (:meth:`EventWaiter.wake`, called after ``pygame.event.post``).
Where the socket cannot be had (Wayland, the dummy driver of the tests, another
system) it sleeps in short steps and looks at the queue between them.

Events that SDL makes itself with no socket traffic (pygame's key repeat, timers)
are not seen by ``select``; the app therefore polls in short steps for a moment after
each input (see ``App``), and never waits longer than its idle cap.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import time

import pygame

POLL_STEP = 0.03
"""Seconds between looks at the queue where the window's socket is unknown."""


def x11_connection_fd() -> int | None:
    """The file descriptor of SDL's X11 connection, or ``None`` (another driver, no Xlib)."""
    try:
        if pygame.display.get_driver() != "x11":
            return None
        capsule = pygame.display.get_wm_info().get("display")
        if capsule is None:
            return None
        get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
        get_pointer.restype = ctypes.c_void_p
        get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        display = get_pointer(capsule, b"display")
        name = ctypes.util.find_library("X11") or "libX11.so.6"
        xlib = ctypes.CDLL(name)
        xlib.XConnectionNumber.restype = ctypes.c_int
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        fd = xlib.XConnectionNumber(display) if display else -1
    except Exception:  # no Xlib, an unexpected capsule: fall back to polling
        return None
    return fd if fd >= 0 else None


class EventWaiter:
    """Blocks until the window has input, another thread calls :meth:`wake`, or a timeout.

    Create it after the window exists (the X11 socket is looked up once).
    """

    def __init__(self) -> None:
        self._fd = x11_connection_fd()
        self._read, self._write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self._write, False)

    @property
    def blocking(self) -> bool:
        """Whether waits sleep on the window's socket (else in steps of ``POLL_STEP``)."""
        return self._fd is not None

    def wake(self) -> None:
        """Interrupt a wait at once; safe from any thread."""
        try:
            os.write(self._write, b"!")
        except OSError:  # the pipe is full (a wake is pending anyway) or closed
            pass

    def wait(self, timeout: float) -> None:
        """Return when an event may be queued, after a :meth:`wake`, or after ``timeout`` s.

        The caller pumps the queue before (``pygame.event.peek``) and after; this only
        sleeps.
        """
        if timeout <= 0:
            return
        if self._fd is None:
            end = time.perf_counter() + timeout
            while True:
                left = end - time.perf_counter()
                if left <= 0 or self._drain():
                    return
                time.sleep(min(POLL_STEP, left))
                if pygame.event.peek():
                    return
        try:
            ready, _, _ = select.select([self._fd, self._read], [], [], timeout)
        except (OSError, ValueError):  # the window went away: do not spin
            self._fd = None
            time.sleep(min(POLL_STEP, timeout))
            return
        if self._read in ready:
            self._drain()

    def _drain(self) -> bool:
        """Empty the wake pipe; whether a wake was pending."""
        woke = False
        try:
            while os.read(self._read, 64):
                woke = True
        except (BlockingIOError, OSError):
            pass
        return woke

    def close(self) -> None:
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass
        self._read = self._write = -1
        self._fd = None


__all__ = ["EventWaiter", "POLL_STEP", "x11_connection_fd"]
