"""Scrubbudgetel: a game on the shelf (game/shelf.py names its parts)."""
