"""Everything that draws or reads input (pygame)."""
