"""Games put in their files as the app leaves them, without a window: a game in
progress as its save, a finished game as its record (tests fabricate them);
and a writer that does a GameKeeper's background work at once."""
from __future__ import annotations

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
