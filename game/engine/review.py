"""Game review: the computer looks back at one decision a person made.

For a decision, the review is handed what that seat could know then and
nothing more — `ai.seat_state(state, seed)`, one sample of the positions the
seat could not tell apart from the real one — and the move the seat played.
It runs the computer player's own search (ai.choose_move) from there, with
the played move searched at the root as well (even where the game's
candidate_moves would leave it out) and given a fair share of playouts, and
compares the two by the search's measure: the mover's mean reward, its
estimated chance to win (outcome_rewards: a win 1, a shared win split).

A move is graded by what it cost, best value minus played value, against the
game's thresholds (REVIEW["thresholds"] in the game's ai.py: inaccuracy,
mistake, blunder; DEFAULT_THRESHOLDS without one); a cost within two standard
errors of the two estimates is the playouts' luck and is not marked.

Pure Python: nothing here imports pygame; the engine looks no game up.
"""
from __future__ import annotations

from . import ai

GRADES = ("good", "inaccuracy", "mistake", "blunder")
MARKED = GRADES[1:]
# chance to win lost by the move: at least this much is an inaccuracy, a mistake, a blunder
DEFAULT_THRESHOLDS = (0.06, 0.12, 0.25)
# the review's two depths: the budget of a computer level
DEPTHS = {"quick": "normal", "deep": "hard"}
FOCUS_SHARE = 0.2  # the played move gets at least this share of the budget: its value is not one playout
FOCUS_MIN = 20


def review_decision(sample, played, level: str, seed: int, heuristics=None, iterations: int | None = None,
                    stop=None, progress=None) -> dict:
    """The search's verdict on `played` in `sample` (a seat_state: the seat's own
    view of the position): {"best": notation of the search's choice, "played":
    notation, "best_value", "played_value": the mover's estimated chance to win
    after each (None when the search had no choice to make), "best_seats",
    "played_seats": every seat's estimated chance after each (None likewise), "line":
    the better line, the search's expected moves from its choice (ai.principal_line),
    "capped": True when `stop` or the safety time cut the search short}."""
    budget = ai.level_settings(level, heuristics)["iterations"] if iterations is None else iterations
    info: dict = {}
    best = ai.choose_move(sample, level, seed, heuristics=heuristics, iterations=iterations, info=info,
                          time_limit=3 * ai.level_time_cap(level), stop=stop, progress=progress,
                          focus=played, focus_visits=max(FOCUS_MIN, int(budget * FOCUS_SHARE)), chance_only=True,
                          every_seat=True)
    values, visits = info.get("values", {}), info.get("visits", {})
    played_value = values.get(str(played))
    # The search's choice among the other moves (the played one's visits were partly forced):
    # the most visited, the better mean on a tie. The played move is the choice when it did as well.
    others = [name for name in visits if name != str(played) and name in values]
    best_name = max(others, key=lambda name: (visits[name], values[name]), default=None)
    if best_name is None or (played_value is not None and played_value >= values[best_name]):
        best_name = str(played) if played_value is not None or best_name is None else best_name
    if not visits:  # no choice to search (one candidate): the search's move, valued as the played one
        best_name = str(best)
    best_value = values.get(best_name, played_value if best_name == str(played) else None)
    seats, lines = info.get("seat_values", {}), info.get("lines", {})
    return {"best": best_name, "played": str(played), "best_value": best_value, "played_value": played_value,
            "best_visits": visits.get(best_name, 0), "played_visits": visits.get(str(played), 0),
            "best_seats": seats.get(best_name), "played_seats": seats.get(str(played)),
            "line": lines.get(best_name) or [[best_name, []]], "capped": bool(info.get("capped"))}


def noise(result: dict) -> float:
    """Two standard errors of the difference of the two estimates (each a mean of
    playouts scored 0 to 1): a smaller difference may be the luck of the playouts."""
    total = 0.0
    for key in ("best", "played"):
        value, visits = result.get(f"{key}_value"), result.get(f"{key}_visits", 0)
        if value is None or not visits:
            return 0.0  # not searched (one candidate): nothing to doubt
        total += max(value * (1 - value), 0.01) / visits
    return 2.0 * total ** 0.5


def cost(result: dict) -> float:
    """How much of its chance the played move gave away against the search's choice (never below 0)."""
    if result["best"] == result["played"] or result["best_value"] is None or result["played_value"] is None:
        return 0.0
    return max(0.0, result["best_value"] - result["played_value"])


def grade(result: dict, thresholds=DEFAULT_THRESHOLDS) -> str:
    """good / inaccuracy / mistake / blunder, by what the move cost; a cost within the
    search's noise (see noise) is not marked, whatever the thresholds say."""
    lost = cost(result)
    if lost <= noise(result):
        return GRADES[0]
    found = GRADES[0]
    for name, limit in zip(MARKED, thresholds):
        if lost >= limit:
            found = name
    return found


def seat_summary(results: list[dict]) -> dict:
    """One seat's line: how many decisions were reviewed, how many of each mark,
    and the share of moves that were the computer's own choice. `results` are
    that seat's decisions, each with its "grade"."""
    reviewed = len(results)
    counts = {name: sum(1 for r in results if r["grade"] == name) for name in GRADES}
    same = sum(1 for r in results if r["best"] == r["played"])
    return {"decisions": reviewed, **counts, "agreed": same, "agreed_share": same / reviewed if reviewed else 0.0}
