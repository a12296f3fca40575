"""How Skurðir reads: the move log's sentences, the phase line and the confirm
prompt, from the facts the rules state (pure Python, no pygame)."""
from __future__ import annotations

from ...engine.core import seat_ref
from ...engine.present import LogEntry, Words
from .rules import COLOURS, TASKS, cell_name

SENTENCES = {
    "stack": "{who} places a {station} station with a {passenger} passenger at {cell}",
    "first": "{seat} will play first",
    "colour": "{who} plays {colour}",
    "canal": "{who} builds a {neutral}{colour} canal {route}",
    "station": "{who} builds the spare station at {cell}",
    "remove": "{who} removes the canal {route}",
    "sabotage": "{who} sabotages the canal {route}",
    "pass": "{who} passes",
    "transport": "{who} moves the {colour} passenger {route}{gains}",
    "add": "{who} adds a {colour} passenger at {cell}",
}


class SkurdirWords(Words):
    def entry(self, entry: LogEntry) -> str:
        sentence = SENTENCES.get(entry.verb)
        if sentence is None:
            return super().entry(entry)
        data = dict(entry.data)
        for key in ("station", "passenger", "colour"):
            if key in data:
                data[key] = COLOURS[data[key]]
        gains = ", ".join(f"{seat_ref(s)} {p}" for s, p in enumerate(data.get("gains", ())) if p)
        data.update(
            who=seat_ref(entry.seat) if entry.seat is not None else "?",
            seat=seat_ref(data["seat"]) if "seat" in data else "",
            neutral="neutral " if data.get("neutral") else "",
            route="→".join(data.get("route", ())),
            gains=f" ({gains})" if gains else "",
        )
        return sentence.format(**data)

    def phase(self, state) -> str:
        if state.outcome is not None:
            return state.outcome.reason
        task = TASKS[state.phase]  # what the rules ask of the seat to move
        if state.phase == "stacks":
            if not state.station_cells:
                task = "choose the centre stack"
            elif len(state.station_cells) == 1:  # the same player again: the rules give the chooser two
                task = "place a second stack, beside the centre one"
            else:
                task = "place a stack"
        return f"{seat_ref(state.to_move)}: {task}"

    def confirm(self, state, move) -> str:
        return self.move(state, move)

    def step(self, state, chosen: tuple, moves: list) -> str | None:
        """After the first click of a stack, a canal, a transport or a pool passenger:
        where the next click goes (the phase line still named the first)."""
        kinds = {m.kind for m in moves}
        who = seat_ref(state.to_move)
        first = chosen[0]
        if kinds == {"stack"}:
            cells = sorted({m.cell for m in moves})
            where = cell_name(cells[0], state.n) if len(cells) == 1 else "a lit cell"
            return f"{who}: now click {where} for this stack"
        if kinds == {"add"}:
            return f"{who}: now click a lit station for the {COLOURS[first[1]]} passenger"
        if not kinds <= {"canal", "transport"}:
            return None
        cells = [target[1] for target in chosen if target[0] == "cell"]
        if not cells:  # "neutral" chosen: the canal's first cell comes next
            return f"{who}: now click the cell the neutral canal starts from"
        start = cell_name(cells[0], state.n)
        neutral = "neutral " if first[0] == "neutral" else ""
        ways = {"canal": f"where the {neutral}canal from {start} ends", "transport": "the passenger's way on, cell by cell"}
        return f"{who}: now click " + " or ".join(ways[k] for k in sorted(kinds))


WORDS = SkurdirWords()
