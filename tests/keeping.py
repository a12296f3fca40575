"""Games put in their files as the app leaves them, without a window: a game in
progress as its save, a finished game as its record (tests fabricate them);
a writer that does a GameKeeper's background work at once, and one whose disk waits."""
from __future__ import annotations

import threading

from game import records, storage
from game.saves import in_progress_path, remove_files


def autosave(match) -> None:
    """Usable as Match.on_change: the game's save after every change; a finished game becomes a record."""
    if match.save_id is None:
        match.save_id = storage.new_game_id(match.spec.id)
    if match.state.is_over:
        records.add(match)
        remove_files(match.save_id)
    else:
        storage.write_json_atomic(in_progress_path(match.save_id), match.to_save())


class WriterNow:
    """The app's background writer (game.autosaver), doing the work at once: a
    test sees its effect as soon as the move returns."""

    def submit(self, done, _key, work):
        try:
            result = work()
        except OSError as exc:
            done(None, exc)
        else:
            done(result, None)

    def flush(self, timeout=None):
        return True


def slow_disk(writer) -> tuple[threading.Event, list, list]:
    """The writer's disk takes each piece of work only once the event returned is set; the
    keys of the work written, and each wait for the writer (flush), are listed. A
    window that waited for the disk would be seen in these (its frames' times were, on a
    quiet machine, but a busy one made a quick frame slow too)."""
    disk_free, written, waits = threading.Event(), [], []
    submit, flush = writer.submit, writer.flush
    writer.submit = lambda done, key, work: submit(done, key, lambda: (disk_free.wait(10), written.append(key),
                                                                        work())[2])
    writer.flush = lambda timeout=10.0: waits.append(timeout) or flush(timeout)
    return disk_free, written, waits
