"""Autosaves written off the window's thread.

A save is a small JSON file, but writing it safely (temp file, fsync, rename)
takes 5-15 ms on a quiet disk and far more on a busy or slow one, most of it
waiting: done in the frame that plays a move, it was most of that frame. The
window hands the save's data (taken on its own thread, so it is the game as
it was) to a writer thread and goes on drawing. The writer keeps only the
newest data for each file; the window collects what happened (saved, or the
OSError) on its next pass, and waits for the writer before it lists the
games in progress or quits.
"""
from __future__ import annotations

import threading
from collections.abc import Callable


class BackgroundWriter:
    def __init__(self, write: Callable[[object, object], None]):
        self._write = write  # write(path, data); raises OSError when the disk refuses
        self._lock = threading.Condition()
        self._waiting: dict = {}  # path -> (owner, data): the newest data for each file
        self._busy = 0  # writes in progress
        self._finished: list = []  # (owner, OSError or None), oldest first
        self._thread: threading.Thread | None = None

    def submit(self, owner, path, data) -> None:
        """Write `data` to `path` soon; a newer submit for the same path replaces it."""
        with self._lock:
            self._waiting[path] = (owner, data)
            if self._thread is None:  # (the thread clears this under the lock when it stops)
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def finished(self) -> list:
        """What happened to the writes done since the last call: [(owner, OSError or None)]."""
        with self._lock:
            done, self._finished = self._finished, []
        return done

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything submitted is written (listing saves, quitting). False on time-out."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._waiting, timeout=30):
                    self._thread = None  # idle for a while: the next submit starts a new thread
                    return
                path = next(iter(self._waiting))
                owner, data = self._waiting.pop(path)
                self._busy += 1
            error = None
            try:
                self._write(path, data)
            except OSError as exc:
                error = exc
            with self._lock:
                self._busy -= 1
                self._finished.append((owner, error))
                self._lock.notify_all()
