"""`python -m game.bench`: see game/bench/__init__.py for what it measures."""
import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
