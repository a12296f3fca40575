"""Pure-Python rules machinery. Nothing under this package imports pygame."""
