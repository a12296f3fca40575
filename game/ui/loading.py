"""Reading (and changing) the records off the window's thread.

SQLite waits when another program holds the records file (a second window, a
backup tool), and a screen that read it while building froze for seconds. A
screen hands the work to Background.run and shows "Loading…"; the answer comes
back on the window's thread, on a later frame, through the callback given.
"""
from __future__ import annotations

import threading
import time

from .. import records, storage
from .scene import IN_PROGRESS_RECHECK_S

POLL_S = 0.1  # how often a screen that waits for an answer looks for it


class Background:
    """The work one screen has started on the records; collect() hands back what is done."""

    def __init__(self):
        self._lock = threading.Lock()
        self._running = 0
        self._done: list = []  # (then, result, RecordsError or None)

    def run(self, work, then) -> None:
        """Call work() on a thread of its own, then then(result, error) on the window's
        thread (collect): error is the RecordsError or ValueError (words(error) says why) or None."""
        with self._lock:
            self._running += 1
        threading.Thread(target=self._work, args=(work, then), name="records", daemon=True).start()

    def _work(self, work, then) -> None:
        result = error = None
        try:
            result = work()
        except (records.RecordsError, ValueError) as exc:  # ValueError: a change refused (its words say why)
            error = exc
        except Exception as exc:  # noqa: BLE001 - a screen waiting for this must hear back, never hang
            storage.log("reading the records", exc)
            error = records.RecordsUnreadable(0, "the records could not be read")
        with self._lock:
            self._running -= 1
            self._done.append((then, result, error))

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._running > 0 or bool(self._done)

    def interval(self, interval: float | None) -> float | None:
        """A screen's frame interval, made short enough to look for answers while reads run."""
        if not self.busy:
            return interval
        return POLL_S if interval is None else min(interval, POLL_S)

    def collect(self) -> bool:
        """Hand back the finished reads (window's thread); True if there were any."""
        with self._lock:
            done, self._done = self._done, []
        for then, result, error in done:
            then(result, error)
        return bool(done)

    def wait(self, timeout: float = 10.0) -> None:
        """Tests and the bench: until every read has finished (collect still hands them back)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if self._running == 0:
                    return
            time.sleep(0.005)


def words(error: Exception) -> str:
    """An error's message for the player, without "[Errno 5]"."""
    return (error.strerror if isinstance(error, OSError) else None) or str(error)


def unreadable_text(error: records.RecordsError) -> str:
    """What a screen says in place of its games when the records cannot be read."""
    return f"The records of finished games can't be read right now: {words(error)}."


class FollowsRecords:
    """For a screen that lists the finished games (History, Statistics): another window
    may add to them, so while it shows it reads them again when the file changed
    (Scene.look_again, every RECHECK_S). The screen has `reads` and `reload(quietly)`,
    which sets `read_stamp = records.stamp()` as it starts a read."""

    RECHECK_S = IN_PROGRESS_RECHECK_S
    read_stamp = None

    def look_again(self) -> bool:
        if not self.reads.busy and records.stamp() != self.read_stamp:
            self.reload(quietly=True)
        return False  # what changes shows when the read is done

    def tell_what_happened(self, shown: list, read: list | None) -> None:
        """(a read done: `read` the games it found, None if it failed) What happened to the
        records file, said on this screen as it happens: a damaged file the read set aside,
        or finished games this screen showed that the file no longer holds (no window
        removes a record)."""
        notices = records.take_notices()
        for notice in notices:
            self.app.notify(notice)
        gone = 0 if read is None else len({game.id for game in shown} - {game.id for game in read})
        if gone and not notices:
            storage.log(f"{gone} finished games shown are gone from the records file")
            self.app.notify(f"The {gone} finished games shown here are no longer in the records file: it was changed "
                            "outside Game Shelf." if gone > 1 else "A finished game shown here is no longer in the "
                            "records file: it was changed outside Game Shelf.")
