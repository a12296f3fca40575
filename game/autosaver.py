"""Saves and records written off the window's thread.

A save is a small JSON file, but writing it safely (temp file, fsync, rename)
takes 5-15 ms on a quiet disk and far more on a busy or slow one, and a
record waits on sqlite: done in the frame that plays a move, it was most of
that frame. The window hands the work (its data taken on the window's own
thread, so it is the game as it was) to a writer thread and goes on drawing.
The writer keeps only the newest work for each key (one file, one game); the
window collects what happened (the result, or the OSError) on its next pass,
and waits for the writer before it lists the games in progress or quits.
"""
from __future__ import annotations

import threading
from collections.abc import Callable

# How long the thread waits for more work before it ends (the next submit starts
# another, which costs a fraction of a millisecond). Kept short because the thread
# holds the writer, and through its results the app, alive while it waits.
IDLE_SECONDS = 0.5


class BackgroundWriter:
    def __init__(self):
        self._lock = threading.Condition()
        self._waiting: dict = {}  # key -> (owner, work): the newest work for each key
        self._busy = 0  # works in progress
        self._finished: list = []  # (owner, result, OSError or None), oldest first
        self._thread: threading.Thread | None = None

    def submit(self, owner, key, work: Callable[[], object]) -> None:
        """Run `work()` soon (it raises OSError when the disk refuses); a newer
        submit for the same key replaces it if it has not started yet."""
        with self._lock:
            self._waiting[key] = (owner, work)
            if self._thread is None:  # (the thread clears this under the lock when it stops)
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def finished(self) -> list:
        """What happened to the work done since the last call: [(owner, result, OSError or None)]."""
        with self._lock:
            done, self._finished = self._finished, []
        return done

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything submitted is done (listing saves, quitting). False on time-out."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._waiting, timeout=IDLE_SECONDS):
                    self._thread = None  # idle: the next submit starts a new thread
                    return
                key = next(iter(self._waiting))
                owner, work = self._waiting.pop(key)
                self._busy += 1
            result = error = None
            try:
                result = work()
            except OSError as exc:
                error = exc
            with self._lock:
                self._busy -= 1
                self._finished.append((owner, result, error))
                self._lock.notify_all()
