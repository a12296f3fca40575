"""`python -m game.bundle`: see game/bundle/__init__.py."""
import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
