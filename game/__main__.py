"""python -m game (and the `game-shelf` gui-script): the command line, then the app."""
import sys


def main(argv=None) -> int:
    from .cli import main as run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
