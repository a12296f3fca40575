"""Computer players that think in a separate process.

Python threads share one interpreter lock, so a search running on a thread
steals time from the window's own drawing: frames stretch to hundreds of
milliseconds. A worker process runs on the machine's other core instead, and
the window stays smooth.

The parent writes pickled requests to the worker's stdin; the worker answers
on its stdout. Requests: {"job", "search": an ai.SearchRequest} and
{"stop": job}; a game review's decision is {"job", "review": the keyword
arguments of engine.grading.review_decision}. Answers: {"job", "progress"},
{"job", "move": notation}, {"job", "result": the review's verdict} or
{"job", "error": text}. The worker is pure Python (no pygame) and is started
once, on first use, and reused for every decision.
"""
from __future__ import annotations

import atexit
import dataclasses
import itertools
import os
import pickle
import subprocess
import sys
import threading
import time
import traceback
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import ai


class Job:
    """One decision being made in the worker. Read `progress`, `done`, `move`
    (the chosen move's notation) and `error`; call `cancel()` to drop it."""

    def __init__(self, job_id: int, player: "RemotePlayer"):
        self.id = job_id
        self._player = player
        self.progress = 0.0
        self.move: str | None = None
        self.result: dict | None = None  # a review's verdict (review jobs)
        self.error: str | None = None
        self.done = False

    def cancel(self) -> None:
        if not self.done:
            self.done = True
            self.error = "cancelled"
            self._player._send({"stop": self.id})


class RemotePlayer:
    """The parent's handle on the worker process."""

    def __init__(self):
        self._process: subprocess.Popen | None = None
        self._jobs: dict[int, Job] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        # called (on the thread that reads the answers) when a job ends, its move, verdict or
        # failure in: a window asleep until its next frame wakes for it at once
        self.on_answer = None

    def think(self, request: ai.SearchRequest) -> Job:
        """Start choosing a move for request.state.to_move. Send only what the seat may see
        (request.state = ai.seat_state(real_state, seed)); the progress, the stop and the
        memory are the worker's own, so the request brings none."""
        if request.progress is not None or request.stop is not None or request.memory is not None:
            raise ValueError("the worker reports progress as job.progress, stops with job.cancel() "
                             "and keeps its own memory: the request brings none of them")
        job = Job(next(self._ids), self)
        with self._lock:
            self._jobs[job.id] = job
        if not self._send({"job": job.id, "search": request}):
            self._fail(job, "The computer player could not be started.")
        return job

    def review(self, request: dict) -> Job:
        """Start reviewing one decision of a finished game: `request` holds the keyword
        arguments of engine.grading.review_decision (its `sample` only what the seat
        could see: ai.seat_state). The verdict arrives as job.result."""
        job = Job(next(self._ids), self)
        with self._lock:
            self._jobs[job.id] = job
        if not self._send({"job": job.id, "review": request}):
            self._fail(job, "The computer player could not be started.")
        return job

    def close(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        try:
            process.stdin.close()
            process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()

    # ---- plumbing -------------------------------------------------------
    def _ensure_started(self) -> subprocess.Popen:
        if self._process is None or self._process.poll() is not None:
            here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
            self._process = subprocess.Popen(
                worker_command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
            )
            threading.Thread(
                target=self._read_answers, args=(self._process,), name="computer-answers", daemon=True
            ).start()
        return self._process

    def _send(self, message: dict) -> bool:
        try:
            process = self._ensure_started()
            with self._lock:
                pickle.dump(message, process.stdin, protocol=pickle.HIGHEST_PROTOCOL)
                process.stdin.flush()
            return True
        except (OSError, ValueError, pickle.PicklingError):
            return False

    def _read_answers(self, process: subprocess.Popen) -> None:
        try:
            while True:
                answer = pickle.load(process.stdout)
                job = self._jobs.get(answer["job"])
                if job is None or job.done:
                    continue
                if "progress" in answer:
                    job.progress = answer["progress"]
                elif "move" in answer or "result" in answer:
                    job.move = answer.get("move")
                    job.result = answer.get("result")
                    job.done = True
                    self._jobs.pop(job.id, None)
                    self._answered()
                else:
                    self._fail(job, answer.get("error", "unknown error"))
        except (EOFError, OSError, pickle.UnpicklingError):
            pass
        # The worker is gone: whatever it was doing will never be answered. The system may
        # not have reaped it yet (poll() still says running, and its stdin may still take a
        # request nobody reads), so it is forgotten here: the next request starts another.
        with self._lock:
            if self._process is process:
                self._process = None
            unanswered = [job for job in self._jobs.values() if not job.done]
        for job in unanswered:
            self._fail(job, "The computer player stopped unexpectedly.")

    def _fail(self, job: Job, error: str) -> None:
        job.error = error
        job.done = True
        self._jobs.pop(job.id, None)
        self._answered()

    def _answered(self) -> None:
        if self.on_answer is not None:
            self.on_answer()


# A bundled app (PyInstaller) has no Python to run `-m` with: sys.executable is the app
# itself, which becomes the worker when its first argument is this (game/bundle/entry.py).
WORKER_FLAG = "--computer-worker"


def worker_command() -> list[str]:
    """How the worker is started: by this Python, or by the bundled app itself."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_FLAG]
    return [sys.executable, "-m", "game.engine.remote"]


_shared: RemotePlayer | None = None


def shared_player() -> RemotePlayer:
    """The one worker the app uses; closed when the program exits."""
    global _shared
    if _shared is None:
        _shared = RemotePlayer()
        atexit.register(_shared.close)
    return _shared


# ---- the worker side --------------------------------------------------------
def _serve(inbox, outbox) -> None:
    from . import ai, grading

    lock = threading.Lock()
    stopped: set[int] = set()
    pending: list[dict] = []
    memory = ai.SearchMemory()  # each seat's last tree, for levels that go on from it
    arrived = threading.Condition(lock)
    closed = False

    def answer(message: dict) -> None:
        with lock:
            pickle.dump(message, outbox, protocol=pickle.HIGHEST_PROTOCOL)
            outbox.flush()

    def read_requests() -> None:
        # A separate thread so that a stop request reaches a search in progress.
        nonlocal closed
        try:
            while True:
                request = pickle.load(inbox)
                with arrived:
                    if "stop" in request:
                        stopped.add(request["stop"])
                    else:
                        pending.append(request)
                    arrived.notify()
        except (EOFError, OSError, pickle.UnpicklingError):
            with arrived:
                closed = True
                arrived.notify()

    threading.Thread(target=read_requests, daemon=True).start()
    while True:
        with arrived:
            while not pending and not closed:
                arrived.wait()
            if not pending:
                return
            request = pending.pop(0)
        job_id = request["job"]
        if job_id in stopped:
            continue
        last_report = [0.0]

        def progress(fraction: float, job_id=job_id, last_report=last_report) -> None:
            now = time.monotonic()
            if now - last_report[0] >= 0.05:
                last_report[0] = now
                answer({"job": job_id, "progress": fraction})

        try:
            if "review" in request:
                result = grading.review_decision(**request["review"], progress=progress,
                                                stop=lambda job_id=job_id: job_id in stopped)
                answer({"job": job_id, "result": result})
                continue
            found = ai.choose_move(dataclasses.replace(
                request["search"], progress=progress, stop=lambda job_id=job_id: job_id in stopped, memory=memory))
            answer({"job": job_id, "move": str(found.move)})
        except Exception:
            answer({"job": job_id, "error": traceback.format_exc()})


def run_worker() -> None:
    """The worker process: requests on stdin, answers on stdout, until stdin closes."""
    # Answers get their own copy of stdout; anything printed goes to stderr (or nowhere,
    # in a windowed app on Windows, which has none) and cannot corrupt the pickled stream.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    elsewhere = sys.stderr.fileno() if sys.stderr is not None else os.open(os.devnull, os.O_WRONLY)
    os.dup2(elsewhere, sys.stdout.fileno())
    _serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    run_worker()
