"""The command line of `game-shelf` (and `python -m game`).

Everything given is checked here, before pygame opens a display: a bad value
is one line on stderr that names it and says what would do, and exit status 2.
Nothing in this module imports pygame, so --help, --version and --list-games
answer without a window; `main` hands a checked Launch to the app.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from . import __version__, storage
from .engine.match import NAME_LIMIT, Match, SaveError, Seat

PROG = "game-shelf"
# --seat KIND -> (Seat.kind, Seat.level)
SEAT_KINDS = {"human": ("human", "normal"), "easy": ("computer", "easy"),
              "normal": ("computer", "normal"), "hard": ("computer", "hard")}
BOOLEAN_WORDS = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}
NO_DISPLAY = (f"{PROG}: no screen to open the window on: neither DISPLAY nor WAYLAND_DISPLAY is set "
              "(start it from a desktop session)")
NO_USABLE_DISPLAY = f"{PROG}: no usable screen to open the window on ({{why}}); check DISPLAY or WAYLAND_DISPLAY"

EPILOG = """examples:
  game-shelf --list-games
  game-shelf --game scurry                       the new-game screen of Scurry
  game-shelf --game skurdir --players 3 --seat human --seat easy --seat hard
  game-shelf --game skyrunner --players 4 --name Eva --name Ari --seat human --seat human
  game-shelf --game scurry --option size=7 --option random_setup=on --seed 12
  game-shelf --game skyline_express --players 4 --watch
  game-shelf --watch scurry                      the computer plays both sides
  game-shelf ~/my-game.json                      go on with a saved game
  game-shelf --replay ~/my-game.json             watch a saved game again, move by move
"""


@dataclass
class Launch:
    """What the app opens: a game's new-game screen (`setup`), a match (new or
    loaded), or the title screen; and how the window starts."""

    setup: object = None  # a GameSpec whose new-game screen opens
    match: Match | None = None
    fullscreen: bool | None = None  # None: as the settings say
    window: tuple[int, int] | None = None
    list_games: bool = False
    replay: object = None  # a game.replay.Replay that opens on its last move
    desktop: str | None = None  # "install" or "uninstall": the launcher and icons (game/desktop.py)
    quit_when_over: bool = False  # quit once the game's results are shown (tests of the bundle)
    quit_after_first_frame: bool = False  # quit after the first frame (the bench's start-up time)
    damaged: object = None  # a saves.DamagedSave: the save could not be read whole; offer its good part


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        fail(message)


def fail(message: str):
    """The one line on stderr for a bad command line, and exit status 2."""
    line = " ".join(str(message).split())
    print(f"{PROG}: error: {line} (see {PROG} --help)", file=sys.stderr)  # print: no-op where there is no stderr
    raise SystemExit(2)


def build_parser() -> Parser:
    parser = Parser(
        prog=PROG, allow_abbrev=False, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Tabletop games at one computer: with a mouse, pass-and-play, or against the computer.",
    )
    parser.add_argument("save", nargs="?", metavar="SAVE.json",
                        help="a saved game to go on with (the Menu's 'Save game' writes one)")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument("--replay", metavar="SAVE.json",
                        help="replay a saved game move by move (a game still in progress keeps hidden cards hidden)")
    parser.add_argument("--list-games", action="store_true",
                        help="list the games: ids, titles, player counts and options, then exit")
    game = parser.add_argument_group("a new game")
    game.add_argument("--game", metavar="ID", help="open this game's new-game screen (ids: see --list-games); "
                      "with any of the options below the game starts at once")
    game.add_argument("--players", metavar="N", help="how many play (default: one per --seat or --name given, at least as many as "
                      "the new-game screen starts with)")
    game.add_argument("--seat", metavar="KIND", action="append", default=[],
                      help="who sits at the next seat: human, easy, normal or hard (the last three are the "
                      "computer's levels); repeat once per seat. Unlisted seats: a person at the first, "
                      "the computer (normal) at the others")
    game.add_argument("--name", metavar="NAME", action="append", default=[],
                      help="the name at the next seat; repeat once per seat")
    game.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                      help="a game option, e.g. size=7 (see --list-games for each game's)")
    game.add_argument("--seed", metavar="N", help="the seed of the game's dice and shuffles: the same seed and "
                      "moves give the same game")
    game.add_argument("--watch", metavar="GAME", nargs="?", const=True, default=False,
                      help="every seat is the computer: watch a game (of --game ID, or --watch ID); pause, "
                      "step and speed are on the board")
    window = parser.add_argument_group("the window")
    window.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 switches)")
    window.add_argument("--window", metavar="WxH", help="the window's size in pixels, e.g. 1280x800")
    desktop = parser.add_argument_group("the applications menu (Linux)")
    desktop.add_argument("--install-desktop", action="store_true",
                         help="put Game Shelf's launcher and icon into your applications menu "
                         "(under XDG_DATA_HOME or ~/.local/share), then exit")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="take the launcher and icon --install-desktop put there away again, then exit")
    ending = parser.add_argument_group("for tests and timing")
    ending.add_argument("--quit-when-over", action="store_true",
                        help="quit once the game started or loaded is over and its results are shown")
    ending.add_argument("--quit-after-first-frame", action="store_true",
                        help="quit after drawing the first frame, saying 'first frame' on stdout")
    return parser


# ---- checking each part ---------------------------------------------------------
def choice_word(value) -> str:
    """How an option's choice is written on the command line."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def parse_option(spec, text: str) -> tuple[str, object]:
    key, sep, raw = text.partition("=")
    options = {o.key: o for o in spec.options}
    if not options:
        fail(f"--option {text}: {spec.title} has no options")
    if not sep:
        fail(f"--option {text}: write KEY=VALUE; {spec.title}'s options are {', '.join(options)}")
    option = options.get(key.strip())
    if option is None:
        fail(f"--option {text}: {spec.title} has no option {key.strip()!r}; its options are {', '.join(options)}")
    word = raw.strip().lower()
    for choice in option.choices:
        if word == choice_word(choice).lower() or (isinstance(choice, bool) and BOOLEAN_WORDS.get(word) is choice):
            return option.key, choice
    fail(f"--option {text}: {option.key} is one of {', '.join(choice_word(c) for c in option.choices)}")


def parse_players(spec, text: str | None, listed: int) -> int:
    counts = list(range(spec.min_players, spec.max_players + 1))
    if text is None:  # as many as were described, at least the new-game screen's default
        count = max(spec.default_players, listed)
        if count > spec.max_players:
            fail(f"{listed} seats were described, but {spec.title} is for at most {spec.max_players} players")
        return count
    try:
        count = int(text)
    except ValueError:
        count = None
    if count not in counts:
        allowed = f"exactly {counts[0]}" if len(counts) == 1 else \
            ", ".join(str(n) for n in counts[:-1]) + f" or {counts[-1]}"
        fail(f"--players {text}: {spec.title} is for {allowed} players")
    if listed > count:
        fail(f"{listed} seats were described for {count} players: give --players {listed} or fewer --seat/--name")
    return count


def parse_seed(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if seed < 0:
        fail(f"--seed {text}: the seed is a whole number, 0 or more")
    return seed


def parse_window(text: str) -> tuple[int, int]:
    found = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    low_w, low_h = storage.MIN_WINDOW
    high = storage.MAX_WINDOW
    size = (int(found[1]), int(found[2])) if found else None
    if size is None or not (low_w <= size[0] <= high and low_h <= size[1] <= high):
        fail(f"--window {text}: write WIDTHxHEIGHT in pixels, from {low_w}x{low_h} to {high}x{high}, e.g. 1280x800")
    return size


def make_seats(spec, count: int, kinds: list[str], names: list[str], watch: bool) -> list[Seat]:
    seats = []
    for i in range(count):
        if i < len(kinds):
            word = kinds[i]
            if word not in SEAT_KINDS:
                fail(f"--seat {word}: a seat is one of {', '.join(SEAT_KINDS)}")
            if watch and word == "human":
                fail("--seat human: --watch makes every seat the computer (use easy, normal or hard)")
            kind, level = SEAT_KINDS[word]
        else:
            kind, level = ("human" if i == 0 and not watch else "computer"), "normal"
        name = names[i].strip() if i < len(names) else f"{'Player' if kind == 'human' else 'Computer'} {i + 1}"
        if not name:
            fail(f"--name {names[i]!r}: a name cannot be empty")
        if len(name) > NAME_LIMIT:
            fail(f"--name {name}: a name has at most {NAME_LIMIT} characters")
        seats.append(Seat(name, colour=i, kind=kind, level=level))
    taken = set()
    for seat in seats:
        if seat.name.lower() in taken:
            fail(f"two seats are called {seat.name!r}: give each a different --name")
        taken.add(seat.name.lower())
    return seats


def read_save(text: str):
    """(the match in a save file, replayed; None) — or (None, a saves.DamagedSave
    whose `kept` is the game up to its last good move, for the app to offer) when
    a move in it cannot be played. Never moves the file (it is the person's own)."""
    from .saves import DamagedSave
    from .shelf import GAMES

    data = read_json(text)
    try:
        match = Match.from_save(data, GAMES)
    except SaveError as exc:
        kept = Match.good_part(data, exc, GAMES)
        if kept is None:
            fail(f"{text}: not a saved game that can be loaded: {exc}")
        message = f"{Path(text).name} could not be read whole ({exc}). The file is left as it is."
        return None, DamagedSave(storage.DamagedFile(message, None), kept)
    if in_progress_file(Path(text).expanduser()):
        match.save_id = Path(text).stem  # the same game goes on (and waits if another window plays it), not a copy
    return match, None


def read_replay(text: str):
    """The replay of the game in a save file (finished or not)."""
    from .replay import Replay

    data = read_json(text)
    try:
        return Replay(data)
    except SaveError as exc:
        fail(f"{text}: not a saved game that can be replayed: {exc}")


def in_progress_file(path: Path) -> bool:
    """Whether `path` is the autosave of one of this app's games in progress."""
    try:
        return path.resolve().parent == storage.in_progress_dir().resolve()
    except OSError:
        return False


def read_json(text: str):
    """The JSON in the file `text`, read with the app's guards (storage.parse_json_file:
    an ordinary file only, the size cap before reading, no deep nesting); a clear
    line and exit status 2 when it cannot be used."""
    from .saves import read_only

    path = Path(text).expanduser()
    try:
        if in_progress_file(path):
            data = read_only(path)  # with the moves its journal holds beyond its last whole save
            if data is None:
                raise FileNotFoundError(path)
            return data
        return storage.parse_json_file(path)
    except FileNotFoundError:
        fail(f"{text}: no such file")
    except ValueError as exc:
        fail(f"{text}: not a saved game ({exc})")


# ---- the whole command line ----------------------------------------------------------
GAME_FLAGS = ("players", "seat", "name", "option", "seed", "watch")


def parse(argv=None) -> Launch:
    """A checked Launch for `argv`; a bad part ends the process with status 2
    (argparse's own --help and --version end it with 0)."""
    args = build_parser().parse_args(argv)
    if args.install_desktop or args.uninstall_desktop:
        return desktop_launch(args, argv)
    launch = parse_launch(args)
    launch.quit_after_first_frame = args.quit_after_first_frame
    launch.quit_when_over = args.quit_when_over
    if args.quit_when_over and launch.match is None:
        fail("--quit-when-over needs a game to play: --game ID with --seat or --watch, or a save file")
    return launch


def parse_launch(args) -> Launch:
    """The Launch for checked arguments: what opens, and how the window starts."""
    from .shelf import GAMES

    launch = Launch(fullscreen=True if args.fullscreen else None, list_games=args.list_games)
    if args.window is not None:
        launch.window = parse_window(args.window)
    if args.list_games:
        return launch
    if isinstance(args.watch, str):  # --watch ID names the game
        if args.game is not None and args.game.strip().lower() != args.watch.strip().lower():
            fail(f"--watch {args.watch} and --game {args.game} name two games: give one")
        args.game = args.watch
    given = [f"--{flag}" for flag in GAME_FLAGS if getattr(args, flag) not in (None, [], False)]
    if args.replay is not None:
        if args.save is not None or args.game is not None or given:
            others = given + (["--game"] if args.game is not None else []) + (["a save file"] if args.save else [])
            fail(f"--replay cannot go with {' '.join(others)}: it replays the one file it is given")
        launch.replay = read_replay(args.replay)
        return launch
    if args.save is not None:
        if args.game is not None or given:
            fail(f"{' '.join(given) or '--game'} cannot go with a save file: the save says the game and its seats")
        launch.match, launch.damaged = read_save(args.save)
        return launch
    if args.game is None:
        if given:
            fail(f"{given[0]} needs --game ID; the ids are {', '.join(GAMES)}")
        return launch
    spec = GAMES.get(args.game.strip().lower())
    if spec is None:
        fail(f"--game {args.game}: no such game; the ids are {', '.join(GAMES)}")
    if not given:
        launch.setup = spec
        return launch
    count = parse_players(spec, args.players, max(len(args.seat), len(args.name)))
    seats = make_seats(spec, count, args.seat, args.name, bool(args.watch))
    options = dict(parse_option(spec, text) for text in args.option)
    applies = {o.key for o in spec.options_for(count)}
    for option in spec.options:
        if option.key in options and option.key not in applies:
            low, high = option.players
            players = f"{low} players" if low == high else f"{low}-{high} players"
            fail(f"--option {option.key}: {option.label} is only for games of {players}, not {count}")
    seed = parse_seed(args.seed) if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    try:
        launch.match = Match(spec, seats, seed, options)
    except ValueError as exc:  # the rules refuse this set-up
        fail(f"{spec.title} cannot be set up so: {exc}")
    return launch


def desktop_launch(args, argv) -> Launch:
    """--install-desktop / --uninstall-desktop: one of them, alone."""
    if args.install_desktop and args.uninstall_desktop:
        fail("--install-desktop and --uninstall-desktop: give one")
    flag = "--install-desktop" if args.install_desktop else "--uninstall-desktop"
    others = [word for word in (argv if argv is not None else sys.argv[1:]) if word != flag]
    if others:
        fail(f"{flag} cannot go with {' '.join(others)}: it only adds or takes away the launcher and icon")
    return Launch(desktop="install" if args.install_desktop else "uninstall")


def games_listing() -> str:
    """--list-games: every game with its id, title, player count and options."""
    from .shelf import GAMES

    lines = []
    for spec in GAMES.values():
        counts = (f"{spec.min_players} players" if spec.min_players == spec.max_players
                  else f"{spec.min_players}-{spec.max_players} players")
        lines.append(f"{spec.id:<16} {spec.title} ({counts})")
        defaults = spec.default_options()
        for option in spec.options:
            words = []
            for choice in option.choices:
                label = option.label_of(choice)
                note = [label] if label.lower() != choice_word(choice).lower() else []
                if choice == defaults[option.key] and type(choice) is type(defaults[option.key]):
                    note.append("default")
                words.append(choice_word(choice) + (f" ({', '.join(note)})" if note else ""))
            lines.append(f"    --option {option.key}=...  {option.label}: {'; '.join(words)}")
    return "\n".join(lines)


def missing_display(env=None, platform: str | None = None) -> str | None:
    """Why no window can open, judged from the environment alone (None: try).

    Without a display SDL quietly picks an invisible driver; an explicit
    SDL_VIDEODRIVER (tests use 'dummy') is taken as meant."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get("SDL_VIDEODRIVER"):
        return None
    if platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) and not (
            env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return NO_DISPLAY
    return None


def main(argv=None) -> int:
    launch = parse(argv)
    if launch.list_games:
        print(games_listing())
        return 0
    if launch.desktop is not None:
        from .desktop import main as desktop_main

        return desktop_main(launch.desktop)
    problem = missing_display()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from .app import start, unusable_display

    why = unusable_display()
    if why:
        print(NO_USABLE_DISPLAY.format(why=why), file=sys.stderr)
        return 1
    return start(launch)
