"""Skyline Express: its registration on the shelf (see game/engine/parts.py for the parts)."""
from ...engine.parts import GameParts

PARTS = GameParts(__name__)
