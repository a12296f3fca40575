"""GameKeeper: one game in progress on disk, from its first move to its record.

The one object between a Match and the files (the screens only show what it
reports):

- its lock: the window that has the game open holds saves.lock_path(id); a
  second window cannot open it (saves.OpenElsewhere), and the system lets go
  of the lock when the process ends, however it ends. A lock file removed from
  under the window (with its folder, or by a cleaner) is taken again (hold_on,
  before every change, every few seconds and at the end);
- what the window shows stays on disk: a save it did not write (each save it
  writes carries its `kept_by` mark) is never written over. When another window
  took the game while its lock file was gone, or the save was replaced from
  outside, the window's game goes on under a new name beside that file, and the
  player is told (at the end, by a note the list of games in progress tells);
- its journal: every change (a move, an undo, a hint) is one short line
  appended to saves.journal_path(id) and flushed to the disk before the
  change is drawn, so a move shown is a move kept, even after a kill;
- its autosave: the whole save rewritten by the background writer (a game's
  file is read back as that save plus the journal lines it does not hold yet);
- its record: a finished game is marked finished in the journal first, then
  written to the records (off the window's thread) and its files go; a record
  that cannot be written stays on disk as a finished save and is written at a
  later start (write_pending_records), never listed as a game in progress;
- what to tell the player, in words, through `tell(message)`.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

from . import records, saves, storage
from .engine.match import Match
from .shelf import GAMES

# What the background writer found instead of writing a save (GameKeeper._rewrite).
LOCK_LOST = "lock lost"
NOT_OURS = "not ours"

TAKEN_ELSEWHERE = ("Another window opened {game} while this window's hold on it was lost (its lock file was "
                   "removed), and plays it there. The game shown here goes on as a game in progress of its own, "
                   "beside that one: nothing either window showed is lost.")
REPLACED = ("The save of {game} was replaced from outside Game Shelf. That file is left as it is, and the game "
            "shown here goes on as a game in progress of its own, beside it.")
LEFT_BESIDE = ("When you left {game}, {why}: the game as you left it is kept beside that file, as a game in "
               "progress of its own.")


class GameKeeper:
    def __init__(self, match: Match, writer, tell):
        """Take `match` into keeping: its lock first (saves.OpenElsewhere when another
        window has it, and nothing has changed then), then its save on disk."""
        self.match, self.writer, self.tell = match, writer, tell
        if match.save_id is None:
            match.save_id = storage.new_game_id(match.spec.id)
        self.save_id = match.save_id
        if self.save_id in saves.held_here:
            writer.flush()  # this window let go of the game a moment ago: its last writes and its lock go first
        self.lock = saves.hold(self.save_id)
        self.mark = uuid.uuid4().hex  # in every save this window writes: a save without it was not written here
        saves.held_here.add(self.save_id)
        self.path = saves.in_progress_path(self.save_id)
        self.journal = saves.journal_path(self.save_id)
        if not self.path.exists():
            saves.set_aside_journal(self.save_id)  # a journal left without its save: not played onto a new one
        self.seq = self._last_line_on_disk()  # journal lines are numbered on from here
        self.journaled: list[str] = []  # the moves the save and journal on disk hold
        self.on_disk = False  # a save is there for the journal to add to
        self.problem: str | None = None  # why the game's changes cannot be written now
        self.finish_failed = False
        self.closed = False
        match.on_change = self.changed
        if not match.state.is_over:  # a finished game (a file of one opened) is kept only if an undo reopens it
            self._write_save()

    # ---- every change ------------------------------------------------------
    def changed(self, match: Match) -> None:
        """Match.on_change: the change on disk before it is drawn; the whole save
        (or, for a finished game, its record) follows in the background."""
        over = match.state.is_over
        self.hold_on()
        if self.on_disk:
            self._append(match.notations, over)
        elif not over:
            self._write_save()  # a game reopened by an undo after its record was written
        data = self._save_data(over)
        if over:
            outcome = match.state.outcome
            self.writer.submit(self._finished, self.path, lambda: self._record(data, outcome))
        else:
            path, lock = self.path, self.lock
            self.writer.submit(lambda holds, error: self._saved(path, holds, error), path,
                               lambda: self._rewrite(path, lock, data))

    def _append(self, notations: list[str], over: bool) -> None:
        keep = 0
        for old, new in zip(self.journaled, notations):
            if old != new:
                break
            keep += 1
        self.seq += 1
        line = {"n": self.seq, "keep": keep, "add": notations[keep:], "hints": list(self.match.hints_used),
                "over": over}
        try:
            with open(self.journal, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(line, ensure_ascii=False) + "\n")
                handle.flush()
                storage.sync(handle.fileno())
        except OSError as exc:
            self._failed(exc, over)
        else:
            self.journaled = list(notations)
            self._works_again(over)

    def _write_save(self, note: str | None = None) -> None:
        """The whole save, written now (a game taken into keeping, or reopened); `note`:
        for the player, told by the list of games in progress."""
        try:
            # (the journal stays: the lines this save holds are skipped when read, and
            # emptied once a background save holds them, like every other line)
            storage.write_json_atomic(self.path, self._save_data(False) | ({"note": note} if note else {}))
        except OSError as exc:
            self._failed(exc, False)
        else:
            self.on_disk = True
            self.journaled = self.match.notations
            self._works_again(False)

    def _save_data(self, over: bool) -> dict:
        return {**self.match.to_save(), "journaled": self.seq, "over": over, "kept_by": self.mark}

    # ---- holding on to the game ----------------------------------------------
    def hold_on(self, look_at_save: bool = False, leaving: bool = False) -> None:
        """(before every change; the board every few seconds; on the writer's thread after
        the last save when the window leaves the game) This window still has its game: its
        lock file is the one it holds (one removed from under it is taken again) and, when
        something was lost or `look_at_save`, its save on disk is the one it wrote (a save
        gone is written again). When another window took the game meanwhile, or the save
        was replaced, the game goes on beside that file."""
        if self.closed and not leaving:
            return
        lost = not saves.still_held(self.lock)
        if lost:
            storage.log(f"the lock file of {self.save_id} was removed: it is taken again")
            self.lock.release()  # (its file is gone: nothing to let go of but the handle)
            try:
                self.lock = saves.hold(self.save_id, wait=0.0)
            except saves.OpenElsewhere:
                self.lock = None
                self._keep_beside(TAKEN_ELSEWHERE, "another window had opened it", leaving)
                return
        if (lost or look_at_save) and not self.match.state.is_over:  # (a finished game's save is its record's)
            found = self._save_found(self.path)
            if found is NOT_OURS:
                # the journal's lines are this window's (it held the game all along): kept in the new save
                self._keep_beside(REPLACED, "its save had been replaced from outside Game Shelf", leaving,
                                  drop_journal=not lost)
            elif found is None or found["moves"] != self.journaled:
                self._write_save()  # gone (with its folder), or an earlier save of this window put back

    def _save_found(self, path, with_journal: bool = True) -> dict | str | None:
        """What `path` holds now: None (nothing), a save this window wrote (with its journal
        played on top), or NOT_OURS (another's, or not a save)."""
        try:
            data = storage.parse_json_file(path)
        except FileNotFoundError:
            return None
        except ValueError:
            return NOT_OURS
        if not (isinstance(data, dict) and data.get("kept_by") == self.mark and isinstance(data.get("moves"), list)):
            return NOT_OURS
        return saves.with_journal(data, Path(path).with_suffix(".journal")) if with_journal else data

    def _keep_beside(self, message: str, why: str, leaving: bool, drop_journal: bool = False) -> None:
        """The window's game under a new name, beside the file that has its old one (another
        window's game, or a file from outside): both are kept, and the player is told, now,
        or (the window leaving the game) by a note the list of games in progress tells."""
        game = saves.save_summary(self.match.to_save(), {self.match.spec.id: self.match.spec}) or "this game"
        old_id, old_journal = self.save_id, self.journal
        if self.lock is not None:
            self.lock.release()
        saves.held_here.discard(old_id)
        self.match.save_id = self.save_id = storage.new_game_id(self.match.spec.id)
        self.path, self.journal = saves.in_progress_path(self.save_id), saves.journal_path(self.save_id)
        try:
            self.lock = saves.hold(self.save_id)
        except saves.OpenElsewhere:  # a new name: nobody else has it
            self.lock = None
        saves.held_here.add(self.save_id)
        self.seq, self.journaled, self.on_disk = 0, [], False
        told = LEFT_BESIDE.format(game=game, why=why) if leaving else message.format(game=game)
        self._write_save(note=told if leaving else None)
        storage.log(f"{old_id} {why}: its game goes on as {self.save_id}")
        if drop_journal and self.on_disk:
            old_journal.unlink(missing_ok=True)  # its lines are in the new save; not to be read onto the other file
        if not leaving:
            self.tell(told)

    def _last_line_on_disk(self) -> int:
        """The number of the last journal line a save of this game on disk holds."""
        try:
            data = saves.read_only(self.path, {self.match.spec.id: self.match.spec})
        except ValueError:
            data = None  # not a save: it is written anew, numbered from the start
        return data.get("journaled", 0) if data else 0

    # ---- what the player is told ----------------------------------------
    def _failed(self, exc: OSError, over: bool) -> None:
        storage.log(f"saving {self.save_id}", exc)
        if over:
            return  # the record's writing says how that went
        problem = storage.write_problem(exc)
        if problem != self.problem:
            keep = "until you free space" if problem == "disk full" else "while this window is open"
            self.tell(f"Can't save: {problem} — your moves are kept {keep} and saved as soon as the disk "
                      "takes them. Menu → Save as… saves the game somewhere else.")
        self.problem = problem

    def _works_again(self, over: bool) -> None:
        if self.problem is not None and not over:
            self.tell("Saving works again: every move so far is saved.")
        self.problem = None

    # ---- in the background -------------------------------------------------
    def _rewrite(self, path, lock, data: dict) -> int | str:
        """(writer thread) The whole save, over the one this window wrote before; returns
        the last journal line it holds. Nothing is written when the lock is no longer held
        (LOCK_LOST) or `path` holds a save this window did not write (NOT_OURS): the
        window keeps its game beside it (hold_on)."""
        if not saves.still_held(lock):
            return LOCK_LOST
        if self._save_found(path, with_journal=False) is NOT_OURS:
            return NOT_OURS
        storage.write_json_atomic(path, data)
        return data["journaled"]

    def _saved(self, path, holds: int | str | None, error: OSError | None) -> None:
        """The whole save was written (or refused: the journal holds the moves meanwhile).
        Once it holds every journal line, the journal is emptied: a line the save
        holds is skipped when read, so a crash meanwhile loses nothing."""
        if path != self.path:
            return  # a save of the name the game had before it went on beside another file
        if error is not None:
            storage.log(f"rewriting {path}", error)
        elif holds in (LOCK_LOST, NOT_OURS):
            self.hold_on(look_at_save=True)
        elif holds == self.seq and self.on_disk and not self.problem:
            try:
                os.truncate(self.journal, 0)
            except FileNotFoundError:
                pass  # no change since the save was written at the start
            except OSError as exc:
                storage.log(f"emptying {self.journal}", exc)

    def _record(self, data: dict, outcome) -> tuple[str, object]:
        """(writer thread) The finished game: marked finished in its save, then a
        record, then its files go. ("recorded", id), or ("pending", why) when the
        record waits for a later start; OSError when nothing could be written."""
        try:
            storage.write_json_atomic(self.path, data)
            kept = None
        except OSError as exc:
            kept = exc
        try:
            record_id = records.add_save(data, outcome)
        except records.RecordsError as exc:
            if kept is not None:
                raise kept from None
            return "pending", str(exc)
        saves.remove_files(self.save_id)
        return "recorded", record_id

    def _finished(self, result, error: OSError | None) -> None:
        self.finish_failed = error is not None
        if error is not None:
            storage.log(f"keeping the finished game {self.save_id}", error)
            self.tell(f"The finished game could not be saved ({storage.write_problem(error)}). It is tried again "
                      "when you leave it; from the board, Menu → Save as… keeps it somewhere else.")
        elif result[0] == "pending":
            self.tell(f"The finished game could not be added to History yet ({result[1]}). It is kept, and "
                      "added the next time Game Shelf starts.")
        else:
            self.on_disk = False  # an undo now reopens it as a new save
        for notice in records.take_notices():
            self.tell(notice)

    # ---- the end ------------------------------------------------------------
    def close(self) -> None:
        """The window lets go of the game (its screen left, or the app quits): what
        is still to write is written, then the lock is released."""
        if self.closed:
            return
        if self.match.on_change == self.changed:
            self.match.on_change = None
        if self.finish_failed and self.match.state.is_over:
            self.changed(self.match)  # one more try at the finished game's save and record
        elif not self.match.state.is_over:  # after its last save, what the window showed is looked for on disk
            self.writer.submit(lambda _r, _e: None, ("leave", self.save_id),
                               lambda: self.hold_on(look_at_save=True, leaving=True))
        self.closed = True
        self.writer.submit(lambda _r, _e: None, ("release", self.save_id), self._release)

    def _release(self) -> None:
        """(writer thread, after the game's last write) Let go of the lock."""
        if self.lock is not None:
            if not self.path.exists():  # the game became a record: its lock file goes with it
                saves.lock_path(self.save_id).unlink(missing_ok=True)
            self.lock.release()
        saves.held_here.discard(self.save_id)


def write_pending_records(games=GAMES) -> list[str]:
    """(writer thread, at start) The finished games whose records could not be
    written before: written now, and their files go. Messages for the player."""
    written, problems = 0, set()
    folder = storage.in_progress_dir()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        try:
            data = saves.read_only(path, games)
        except ValueError:
            continue  # the list of games in progress sets it aside and says so
        if not data or not data.get("over") or saves.open_elsewhere(path.stem):
            continue
        try:
            match = Match.from_save(data, games)
            if not match.state.is_over:
                continue  # marked finished, but not when its moves are played: left as it is
            records.add_save({**data, "id": path.stem}, match.state.outcome)
            saves.remove_files(path.stem)
            saves.lock_path(path.stem).unlink(missing_ok=True)
            written += 1
        except ValueError as exc:
            storage.log(f"pending record {path}", exc)
        except OSError as exc:
            storage.log(f"pending record {path}", exc)
            problems.add(str(exc) if isinstance(exc, records.RecordsError) else storage.write_problem(exc))
    messages = []
    if written:
        messages.append("A finished game from last time was added to History." if written == 1 else
                        f"{written} finished games from last time were added to History.")
    if problems:
        messages.append(f"Finished games could not be added to History yet ({', '.join(sorted(problems))}); "
                        "they are kept and tried again at the next start.")
    return messages + records.take_notices()


def keep_pending_records(writer, tell) -> None:
    """At start: write the pending records in the background and tell the player how it went."""
    def done(result, error):
        for message in result or ():
            tell(message)
        if error is not None:
            storage.log("pending records", error)
    writer.submit(done, "pending-records", write_pending_records)
