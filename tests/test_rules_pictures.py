"""The Rules screen's pictures: each is a real position (its moves legal, played by the
rules engine) and shows what its caption says, checked against the rules' own answer.
Pure rules, no drawing: the screen itself is tested in test_rules_screen.py."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import shelf
from game.games.scrubbudgetel.rules import VALUES
from game.games.scurry.rules import SQUIRREL
from game.games.skurdir.rules import parse_cell, run_total
from game.games.skyline_express.rules import COLOURS, service_points, task_met, vip_points
from game.lessons import position_match

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def picture(game_id: str, index: int):
    return shelf.parts_of(game_id).pictures[index]


def before_and_after(game_id: str, index: int, last: int = 1):
    """The picture's match, and its state `last` moves earlier (before what it shows)."""
    p = picture(game_id, index)
    position = dict(p.position, moves=p.position.get("moves", [])[:-last])
    before = position_match(game_id, p.players, position, p.options).state
    return before, position_match(game_id, p.players, p.position, p.options)


@pytest.mark.parametrize("game_id", shelf.GAME_IDS)
def test_every_game_has_four_pictures_beside_headings_of_its_rules(game_id):
    text = (SEEDS / shelf.parts_of(game_id).rules_text).read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+\s+(.+?)\s*$", text, re.MULTILINE))
    pictures = shelf.parts_of(game_id).pictures
    assert len(pictures) >= 4
    for p in pictures:
        assert p.rule in headings, f"{p.rule!r} is no heading of the {game_id} rules"
        assert len(p.caption) > 20


def test_skurdir_pictures():
    game = "skurdir"
    state = position_match(game, 4, picture(game, 0).position).state
    assert state.canals[(parse_cell("c5"), parse_cell("d5"))] == state.colour_of[0]  # Learner's canal c5-d5
    state = position_match(game, 4, picture(game, 1).position).state
    assert state.canals.get((parse_cell("c3"), parse_cell("d3"))) is not None  # the yellow canal ends at d3 now
    assert (parse_cell("c3"), parse_cell("g3")) not in state.canals
    before, match = before_and_after(game, 2)
    route = tuple(parse_cell(c) for c in ("c5", "d5", "f5"))
    assert match.state.history[-1].route == route
    assert before.route_scores(route) == [7, 8, 0, 0] and run_total(2) == 15  # Learner 7, Ada 8
    before, match = before_and_after(game, 3)
    route = match.state.history[-1].route
    assert len(route) == 6 and sum(points for _colour, points in before.gains(route)) == run_total(5) == 66
    black = before.station[route[-1]]
    assert before.owner[black] is None and sum(before.route_scores(route)) == 66 - 11  # nobody plays black


def test_scurry_pictures():
    game = "scurry"

    def reachable(state):
        return {t[1] for m in state.legal_moves() for t in m.targets[:1]}

    state = position_match(game, 2, picture(game, 0).position).state
    at = state._geo.by_name
    assert len(reachable(state)) == 2 and at["f5"] in reachable(state)  # two grey tiles in sight, f5 among them
    state = position_match(game, 2, picture(game, 1).position).state
    assert state.squirrels[0] == at["f5"] and len(reachable(state)) == 2
    assert at["f7"] in reachable(state) and state.board[at["f9"]] == 1 and at["f9"] not in reachable(state)
    state = position_match(game, 2, picture(game, 2).position).state
    assert state.squirrels[0] == at["f9"] and state.board[at["f9"]] == SQUIRREL and state.to_move == 1
    state = position_match(game, 2, picture(game, 3).position).state
    assert state.is_over and state.outcome.winners == (0,) and 1 not in state.board


def test_skyline_pictures():
    game, yellow, red, green = "skyline_express", COLOURS.index("Y"), COLOURS.index("R"), COLOURS.index("G")
    before, match = before_and_after(game, 0)
    sheet = match.state.sheets[0]
    assert before.dice[yellow] == 5 and sheet.colours[8] == yellow and sheet.vips[8]  # seat 3a
    sheet = position_match(game, 1, picture(game, 1).position).state.sheets[0]
    compartment = slice(8, 12)
    assert sheet.colours[compartment] == [yellow] * 4 and all(sheet.vips[compartment])
    assert vip_points(sheet.colours, [vip and 8 <= i < 12 for i, vip in enumerate(sheet.vips)]) == 16
    state = position_match(game, 1, picture(game, 2).position).state
    four = state.sheets[0].colours[12:16]  # compartment 4
    met = [task for task in state.tasks if task_met(task, four, state.across)]
    assert sorted(task[3] for task in met) == [2, 5]
    assert four.count(red) == 1 and four.count(green) == 3 and four[2] == four[3] == green
    state = position_match(game, 1, picture(game, 3).position).state
    sheet = state.sheets[0]
    assert sheet.colours.count(red) == 4 and sheet.colours.count(green) == 6
    assert service_points(sheet.colours, sheet.services) == 8 == state.breakdown(0)["services"]


def test_scrubbudgetel_pictures():
    game = "scrubbudgetel"
    before, match = before_and_after(game, 0)
    assert match.state.haul[0] - before.haul[0] == VALUES["trail"] == 2
    before, match = before_and_after(game, 1, last=2)
    assert match.state.haul[0] - before.haul[0] == VALUES["junction"] + VALUES["trail"] == 3
    before, match = before_and_after(game, 2)
    assert match.state.haul[0] - before.haul[0] == VALUES["obstacle"] == 1
    assert match.state.obstacle_now  # the next player misses a turn when this one ends
    before, match = before_and_after(game, 3)
    assert match.state.is_over and match.state.haul[0] - before.haul[0] == VALUES["destination"] == 6


def test_skyrunner_pictures():
    game, learner = "skyrunner", 4
    before, match = before_and_after(game, 0)
    assert "C5" not in before.hand[learner] and "C5" in match.state.hand[learner]
    match = position_match(game, 5, picture(game, 1).position)
    assert match.state.pos[learner] == [5, 4]  # square 5, the fifth groove
    before, match = before_and_after(game, 2, last=3)
    assert before.pos[learner][0] == 5 and match.state.pos[learner][0] == 3
    before, match = before_and_after(game, 3, last=3)
    assert before.pos[learner][0] == 11 and match.state.pos[learner][0] == 14
    assert before.hand[learner].count("E") == 1 and match.state.hand[learner].count("E") == 0
    before, match = before_and_after(game, 4)  # overtaking: the climber passes a figure in its groove
    climber, passed = 1, 0
    assert before.pos[climber] == [7, 1] and before.pos[passed] == [10, 1] and match.state.pos[climber] == [11, 1]
    assert before.hand[climber].count("E") - match.state.hand[climber].count("E") == 1
