"""python -m game (and the `game-shelf` gui-script) starts the app."""
import sys


def main() -> int:
    from .app import main as run

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
