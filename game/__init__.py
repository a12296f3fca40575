"""Game Shelf: five tabletop games at one computer."""

__version__ = "0.1.0"
