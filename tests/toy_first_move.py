"""Heuristics for the arena's test of a player written LEVEL:MODULE: the one candidate is
the first legal move, so that player never searches."""


def candidate_moves(state, moves):
    return moves[:1]
