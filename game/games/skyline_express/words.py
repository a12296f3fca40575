"""Skyline Express in words: the move log, the phase line, the confirm prompt,
the automaton's summary and the task texts (pure Python, no pygame).

The rules state facts (rules.log_entry); this module says them. Players are
named by seat_ref ("P1"); the app writes their names in.
"""
from __future__ import annotations

from ...engine.core import seat_ref
from ...engine.present import LogEntry, Words
from .rules import COLOUR_NAMES, seat_name, service_name

AUTOMATON = "Automaton"


def sheet_name(solo: bool, index: int) -> str:
    """Who fills sheet `index`: a seat, or in solo the automaton's sheet 1."""
    return AUTOMATON if solo and index == 1 else seat_ref(index)


def task_text(task) -> str:
    kind, x, y, pts = task
    if kind == "across":
        return f"{pts} points: two {COLOUR_NAMES[x]} on one bench facing two {COLOUR_NAMES[y]}"
    if kind == "surround":
        return f"{pts} points: one {COLOUR_NAMES[x]} among three of one other colour"
    return f"{pts} points: both {kind} seats the same colour"


def automaton_summary(acts: list) -> str:
    """The automaton's actions (rules' last_auto) in words, e.g. "automaton: green VIP at 1a"."""
    parts = []
    for act in acts:
        if act[0] == "seat":
            parts.append(f"{COLOUR_NAMES[act[2]]}{' VIP' if act[3] else ''} at {seat_name(act[1])}")
        elif act[0] == "value":
            parts.append(f"turned {act[1]} into 5")
        elif act[0] == "service":
            parts.append(f"took the {service_name(act[1])[:2]} service")
    return "automaton: " + ", ".join(parts)


class SkylineWords(Words):
    def entry(self, entry: LogEntry) -> str:
        who, d = seat_ref(entry.seat), entry.data
        verb = entry.verb
        if verb == "take":
            text = f"{who} takes the {COLOUR_NAMES[d['die']]} die ({d['value']})"
        elif verb == "give":
            text = f"{who} gives the automaton the {COLOUR_NAMES[d['die']]} die ({d['value']})"
        elif verb == "value":
            text = f"{who} turns the die to {d['value']}"
        elif verb == "paint":
            text = f"{who} pays 3 dice points for a {COLOUR_NAMES[d['colour']]} passenger"
        elif verb == "service":
            text = f"{who} takes the {service_name(d['service'])[:2]} service"
        else:  # "seat"
            vip = " VIP" if d["vip"] else ""
            text = f"{who} seats a {COLOUR_NAMES[d['colour']]}{vip} passenger at {seat_name(d['seat'])}"
        if d.get("automaton"):
            text += "; " + automaton_summary(d["automaton"])
        return text

    def phase(self, state) -> str:
        if state.outcome is not None:
            return state.outcome.reason
        if state.phase == "tie":
            return "The automaton's priorities tie: choose its die"
        if state.phase == "pick":
            return "Take a die from the tray"
        return (f"Seat a {COLOUR_NAMES[state.colour]} passenger"
                + (" (VIP)" if state.value >= 5 else "")
                + " or change the die first")

    def confirm(self, state, move) -> str:
        return self.move(state, move)


WORDS = SkylineWords()
