"""`python -m game.bench`: see game/bench/__init__.py for what it measures."""
import sys

from . import main

sys.exit(main())
