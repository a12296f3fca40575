"""The bundled app's first lines: PyInstaller runs this file as the program.

The computer players think in a worker process (game/engine/remote.py). A bundle has
no Python to start it with, so the app starts itself again with remote.WORKER_FLAG
and becomes the worker. multiprocessing is not used by the app today; freeze_support
is here so that a process started through it in a bundle (spawn, the only way on
Windows and macOS) runs its task, not a second window.
"""
import multiprocessing
import sys


def main() -> int:
    multiprocessing.freeze_support()
    from game.engine.remote import WORKER_FLAG, run_worker

    if sys.argv[1:2] == [WORKER_FLAG]:
        run_worker()
        return 0
    from game.__main__ import main as run

    return run()


if __name__ == "__main__":
    sys.exit(main())
