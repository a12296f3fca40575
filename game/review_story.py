"""A reviewed game told as a story: each player's chance to win move by move (the
chart), where it fell most (the turning point) and why — the player's own moves,
the others' moves, or chance — and the result, in a few plain sentences.

The review (game/review.py) gives, for each decision it looked at, every seat's
estimated chance before the move (had the mover played the search's choice) and
after the move played. Between two decisions the chance moves too: the others'
moves the review did not look at (computers'), what the search saw only later,
and chance. A stretch between decisions where the rules drew on chance (a roll,
a draw: a ChancePoint, game/engine/core.py) counts as chance; every other change
is a choice: the mover's own (its cost) or the others'.

Pure Python: nothing here imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field

CHANCE_WORDS = {"dice": "dice", "draw": "draws", "shuffle": "shuffles"}  # ChancePoint.kind -> in words
SLIDE_AT_LEAST = 0.08  # a fall smaller than this is no turning point
STILL_IN_IT = 0.3  # a lost game whose last decision still had this chance was lost in its last moves
ONE_MOVE_SHARE = 0.5
BUMP_MIN, BUMP_SHARE = 0.03, 0.1  # a rise on the way down smaller than this (or this share of the fall) is no turn
SPAN_TOLERANCE = 0.15  # the fall's stretch leaves out flat ends, up to the first and last 15 % of the fall
FLAT_PACE = 1.0  # a step down slower than the fall's own average pace (this share of it) is flat
SMOOTH_FROM = 24  # a line with this many points or more is averaged over a few to find its fall  # a marked move that cost at least this share of the fall is the move that turned it


@dataclass
class Event:
    """A reviewed decision as the chart sees it: every seat's chance after the move played,
    and before it: what the search's choice would have given, for a marked move; the same
    as after for a good one (a cost within the search's noise is no one's doing)."""

    ply: int  # moves played before it
    seat: int  # the mover
    before: list  # per seat, None where not known
    after: list
    decision: dict = field(repr=False)

    @property
    def move(self) -> int:
        """Its move number, counted from 1 (the chart's x: the chance after this move)."""
        return self.ply + 1


@dataclass
class Slide:
    """The largest fall of one seat's chance: from after move `start` to after move `end`."""

    seat: int
    high: float
    low: float
    start: int  # the fall began after this move (0: the start of the game)
    end: int  # and reached its low after this one
    step: tuple  # the largest single step of the chart in it: (first move, last move, drop)
    own: float  # what the seat's own moves changed of its chance (negative: lost)
    others: float  # what the others' moves and what showed only later changed
    luck: float  # what the stretches with a chance point changed
    turned_by: dict | None  # a marked move that alone cost most of it

    @property
    def fall(self) -> float:
        return self.high - self.low


def result_shares(outcome, players: int) -> list[float]:
    """Each seat's share of the win: 1 for the winner, shared ones split, 0 for a loss."""
    return [1.0 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(players)]


def events_of(decisions: list, players: int) -> list[Event]:
    """The decisions with a chance to chart (a search that had a choice), in order. A review
    kept before every seat was valued knows only the mover's own chance."""
    out = []
    for d in sorted(decisions, key=lambda d: d["ply"]):
        if d.get("played_value") is None:
            continue
        after = [None] * players
        if d.get("played_seats") and len(d["played_seats"]) == players:
            after = list(d["played_seats"])
        after[d["seat"]] = d["played_value"]
        before = list(after)
        if d.get("grade", "good") != "good":  # a cost within the search's noise is nobody's
            if d.get("best_seats") and len(d["best_seats"]) == players:
                before = list(d["best_seats"])
            before[d["seat"]] = d["played_value"] + d.get("cost", 0.0)
        out.append(Event(d["ply"], d["seat"], before, after, d))
    return out


def series(events: list[Event], seat: int, length: int, result: list[float]) -> list[tuple[int, float]]:
    """One seat's line on the chart: (moves played, its chance then): before the first
    decision that knows it, after each such decision, and the result after the last move."""
    known = [e for e in events if e.after[seat] is not None]
    if not known:
        return [(length, result[seat])]
    first = known[0]
    start = first.before[seat] if first.before[seat] is not None else first.after[seat]
    return [(first.ply, start)] + [(e.move, e.after[seat]) for e in known] + [(length, result[seat])]


def smoothing(count: int) -> int:
    """How many points either side a line of `count` points is averaged over to find its fall."""
    return 0 if count < SMOOTH_FROM else count // 12


def flat_slide(seat: int, points: list) -> Slide:
    """No fall: the line's last point, held."""
    x, value = points[-1]
    return Slide(seat, value, value, x, x, (x, x, 0.0), 0.0, 0.0, 0.0, None)


def largest_slide(events: list[Event], seat: int, length: int, result: list[float], chance_plies: dict) -> Slide | None:
    """The largest fall of `seat`'s chance as the review saw it (a high of its line to a later
    low, the result left out: a lost game always ends at 0), its largest step, and what it came
    from; None when the line has no two such points."""
    points = series(events, seat, length, result)[:-1]
    if len(points) < 2:
        return None
    # Where the line falls for a while, not where it jumps up and down (a roll, or a search
    # that sees one kind of decision more kindly than another): the fall is looked for on the
    # line averaged over a few points, then its ends are the real points nearby
    half = smoothing(len(points))
    smooth = [sum(v for _m, v in points[max(0, k - half):k + half + 1]) / len(points[max(0, k - half):k + half + 1])
              for k in range(len(points))]
    best = (0.0, 0, 0)  # (fall, high's index, low's index)
    high = 0
    for k in range(1, len(points)):
        if smooth[k] >= smooth[high] - 1e-9:
            high = k  # the last of equal highs: the fall starts where the level ends
        fall = smooth[high] - smooth[k]
        if fall > best[0] + 1e-9:
            best = (fall, high, k)
    fall, i, j = best
    if j == 0:  # it never fell: a line that only rose, or a single decision
        return flat_slide(seat, points)
    # where it began to fall for good: back from the low while the line only rises (a dip
    # back there of more than a bump ends it: the line had come up from lower before)
    bump = max(BUMP_MIN, BUMP_SHARE * fall)
    top, k = j, j
    while k > i:
        k -= 1
        if smooth[k] < smooth[top] - bump:
            break
        if smooth[k] > smooth[top] + 1e-9:
            top = k
    i = top
    fall = smooth[i] - smooth[j]
    # the stretch where it fell: from the last point still near the high to the first already near the low
    # (a flat end: steps much smaller than the fall's pace, the line still near its high or low)
    near, pace = SPAN_TOLERANCE * fall, FLAT_PACE * fall / (j - i)
    high, low = smooth[i], smooth[j]
    while i < j - 1 and smooth[i] - smooth[i + 1] < pace - 1e-9 and smooth[i + 1] >= high - near:
        i += 1
    while j > i + 1 and smooth[j - 1] - smooth[j] < pace - 1e-9 and smooth[j - 1] <= low + near:
        j -= 1
    if half:  # the real points: the pair falling most, the high at or just after the high's place, the low at or just before the low's
        i, j = max(((a, b) for a in range(i, min(j, i + half + 1)) for b in range(max(a + 1, j - half), j + 1)),
                   key=lambda pair: (points[pair[0]][1] - points[pair[1]][1], pair[0], -pair[1]))
    fall = points[i][1] - points[j][1]
    if fall <= 0:  # the averaged line fell where the real points did not (a rise hidden among drops)
        return flat_slide(seat, points)
    steps = [(points[k - 1][0] + 1, points[k][0], points[k - 1][1] - points[k][1]) for k in range(i + 1, j + 1)]
    step = max(steps, key=lambda s: s[2]) if steps else (points[j][0], points[j][0], 0.0)
    start, end = points[i][0], points[j][0]
    own = others = luck = 0.0
    # from the high to the low, decision by decision: the stretch before each one, then its own step
    value, since = points[i][1], max(0, start - 1)  # the chance, and the first move whose chance is not in it yet
    inside = [e for e in events if e.after[seat] is not None and start < e.move <= end]
    for e in inside:
        before = e.before[seat] if e.before[seat] is not None else e.after[seat]
        if any(chance_plies.get(p) for p in range(since, e.ply)):
            luck += before - value
        else:
            others += before - value
        if e.seat == seat:
            own += e.after[seat] - before
        else:
            others += e.after[seat] - before
        value, since = e.after[seat], e.ply  # a roll the move itself brings about shows after it
    marked = [e.decision for e in inside if e.seat == seat and e.decision.get("grade") in ("mistake", "blunder")]
    costliest = max(marked, key=lambda d: d.get("cost", 0.0), default=None)
    turned_by = costliest if costliest is not None and costliest.get("cost", 0.0) >= ONE_MOVE_SHARE * fall else None
    return Slide(seat, points[i][1], points[j][1], start, end, step, own, others, luck, turned_by)


def chance_plies(replay) -> dict[int, set]:
    """The moves (by ply) that reached a chance point, and its kinds: the game played again,
    each roll, draw or shuffle drawn as in the game, and noted."""
    state = replay.checkpoints[0].clone()
    found: dict[int, set] = {}
    for ply, move in enumerate(replay.moves):
        kinds: set = set()

        def noted(point, kinds=kinds, state=state):
            kinds.add(point.kind)
            return point.sample(state.rng)  # the draw the rules make without a source

        state.chance_source = noted
        try:
            state.apply(move)
        finally:
            del state.chance_source
        if kinds:
            found[ply] = kinds
    return found


def percent(value: float) -> str:
    return f"{round(100 * value)} %"


def signed(value: float) -> str:
    return f"{'−' if value < 0 else '+'}{round(100 * abs(value))} %"


def moves_span(first: int, last: int) -> str:
    return f"move {last}" if first >= last else f"moves {first}–{last}"


def result_sentence(outcome, scores_said: bool, seat: int, names: list, who: str) -> str:
    """`who` (the seat's name, or "You") won or lost, and by how much."""
    scores = list(outcome.scores)
    winners = list(outcome.winners)
    mine = scores[seat] if seat < len(scores) else None
    if len(names) == 1 or mine is None or not scores_said:
        won = seat in winners
        return f"{who} {'won' if won else 'lost'}."
    others = [s for i, s in enumerate(scores) if i != seat]
    if seat in winners and len(winners) > 1:
        return f"{who} shared the win ({mine} each)." if len(set(scores[w] for w in winners)) == 1 else \
            f"{who} shared the win."
    if seat in winners:
        second = max(others)
        return f"{who} won by {mine - second} ({mine} to {second})." if mine > second else f"{who} won."
    best = max(scores[w] for w in winners) if winners else max(others)
    leader = " and ".join(names[w] for w in winners) or "the others"
    return f"{who} lost to {leader} by {best - mine} ({mine} to {best})." if best > mine else f"{who} lost to {leader}."


def slide_sentence(slide: Slide | None, whose: str, recovered: bool, kinds: set, players: int = 2) -> str:
    """Where the game turned for one seat, in words (`whose`: "your", "Ann's"; `recovered`:
    the chance came back after the fall; `kinds`: the game's ChancePoint kinds, none without chance)."""
    if slide is None:
        return ""
    Whose = whose[0].upper() + whose[1:]
    if slide.fall < SLIDE_AT_LEAST:
        return f"{Whose} chance never fell by more than {percent(slide.fall)}."
    span = moves_span(slide.start + 1, slide.end)
    first, last, drop = slide.step
    largest = f"the largest step was {moves_span(first, last)}, −{percent(drop)}"
    turned = slide.turned_by
    if recovered:
        text = (f"{Whose} chance dipped from {percent(slide.high)} to {percent(slide.low)} over {span} "
                f"({largest}) and came back.")
    elif turned is not None:
        text = (f"Move {turned['ply'] + 1} turned it: a {turned['grade']} that cost {percent(turned['cost'])}; "
                f"{whose} chance went from {percent(slide.high)} to {percent(slide.low)} over {span}.")
    else:
        text = (f"No single move lost it: {whose} chance slid from {percent(slide.high)} to {percent(slide.low)} "
                f"over {span}; {largest}.")
    others = "other players'" if players > 2 else "other player's"
    if kinds:
        luck_words = " and ".join(CHANCE_WORDS.get(k, k) for k in sorted(kinds))
        text += (f" Of that, {signed(slide.luck)} came where the {luck_words} fell, "
                 f"{signed(slide.own + slide.others)} from choices ({whose} own moves {signed(slide.own)}).")
    else:
        text += (f" {Whose} own moves changed it by {signed(slide.own)}; the rest, {signed(slide.others)}, came "
                 f"between them: the {others} moves, and what the search saw only later.")
    return text


def final_slide(events: list[Event], seat: int, length: int, result: list[float], chance_plies: dict) -> Slide | None:
    """A loss the review did not see coming: `seat`'s chance at the last decision that knows it
    was still STILL_IN_IT or more, and the moves after it took the game. None otherwise."""
    known = [e for e in events if e.after[seat] is not None]
    if not known or result[seat] > 0 or known[-1].after[seat] < STILL_IN_IT:
        return None
    last = known[-1]
    high, low = last.after[seat], result[seat]
    rolled = any(chance_plies.get(p) for p in range(last.ply, length))
    return Slide(seat, high, low, last.move, length, (last.move + 1, length, high - low), own=0.0,
                 others=0.0 if rolled else low - high, luck=low - high if rolled else 0.0, turned_by=None)


def final_sentence(slide: Slide, whose: str, own_last: bool, kinds: set) -> str:
    """The words of a final_slide (`own_last`: its first move was the seat's last choice)."""
    you = "you" if whose == "your" else whose[:-2]
    choice = f", the last choice {you} had," if own_last else ""
    text = (f"No single move lost it: after move {slide.start}{choice} {whose} chance was still "
            f"{percent(slide.high)}; {moves_span(slide.start + 1, slide.end)} lost the game.")
    if kinds and slide.luck:
        text += f" The {' and '.join(CHANCE_WORDS.get(k, k) for k in sorted(kinds))} fell in them."
    return text


@dataclass
class Story:
    """What the review says at its top, and what its chart draws."""

    result: str  # the game's own words for how it ended
    lines: list  # per person told about: (seat, sentence)
    slides: dict  # seat -> Slide
    points: dict  # seat -> [(move, chance)], the result last
    chance_kinds: set


def story(review, seat: int | None = None, names: list | None = None, words=None, chances: dict | None = None) -> Story:
    """The story of `review` (game/review.py GameReview), told for `seat` (a game with
    hidden information shows one seat's review) or for every person who played
    (`chances`: chance_plies of its game, when known already)."""
    replay = review.replay
    players = len(replay.seats)
    names = names or [s.name for s in replay.seats]
    outcome = replay.final.outcome
    result = result_shares(outcome, players)
    events = events_of(review.decisions(seat), players)
    points = {s: series(events, s, replay.length, result) for s in range(players)
              if any(e.after[s] is not None for e in events)}
    chances = chance_plies(replay) if chances is None else chances
    kinds = set().union(*chances.values()) if chances else set()
    told = [seat] if seat is not None else ([s for s in review.seats() if replay.seats[s].kind == "human"]
                                            or review.seats())
    people = [s for s, kept in enumerate(replay.seats) if kept.kind == "human"]
    scores_said = len(set(outcome.scores)) > 1
    lines, slides = [], {}
    pending = {review.seat_of(ply) for ply in review.remaining}  # seats with choices not looked at yet
    for s in told:
        you = people == [s]  # the one person at the table: "you"
        who = "You" if you else names[s]
        sentence = result_sentence(outcome, scores_said, s, names, who)
        whose = "your" if you else f"{names[s]}'s"
        slide = largest_slide(events, s, replay.length, result, chances) if s in points else None
        # lost after the review's last look at the seat's choices (all of them looked at): there it turned
        final = final_slide(events, s, replay.length, result, chances) if s in points and s not in pending else None
        if final is not None and (slide is None or final.fall > slide.fall):
            slides[s] = final
            own_last = final.start == max(ply for ply, seat in review.choices if seat == s) + 1
            sentence += " " + final_sentence(final, whose, own_last, kinds)
        elif slide is not None:
            slides[s] = slide
            recovered = result[s] >= slide.low + SLIDE_AT_LEAST
            sentence += " " + slide_sentence(slide, whose, recovered, kinds, players)
        lines.append((s, sentence.strip()))
    said = words.outcome(replay.final) if words is not None else outcome.reason
    return Story(said, lines, slides, points, kinds)
