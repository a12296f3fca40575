"""Sound: synthesised effects through pygame.mixer, volume and mute in Settings, silent without a device."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from array import array

import pygame
import pytest

from game import storage
from game import shelf
from game.engine import ai
from game.engine.match import Match, Seat
from game.engine.present import LogEntry, Words
from game.ui import sound
from game.ui.scene import start_match
from game.ui.settings import SettingsScene
from game.ui.title import TitleScene
from game.games.skurdir.rules import parse_cell
from tests.uikit import choose, click, click_button, click_target, make_app, play_move, pump, run_until


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def test_every_effect_is_short_audible_16_bit_pcm():
    buffers = sound.buffers(22050, 2)
    assert set(buffers) == set(sound.EFFECTS)
    for name, data in buffers.items():
        samples = array("h", data)
        seconds = len(samples) / 2 / 22050
        assert 0.05 < seconds < 1.2, name
        assert max(abs(v) for v in samples) > 3000, f"{name} is too quiet"
        assert samples[0::2] == samples[1::2]  # the same on both channels
    assert sound.buffers(22050, 2) is buffers  # built once


def test_the_move_sound_follows_the_log_entry_verbs():
    words = Words()
    assert words.sound(LogEntry(0, "roll", {}), []) == "dice"
    assert words.sound(LogEntry(0, "canal", {}), [LogEntry(1, "draw", {})]) == "cards"  # what followed it
    assert words.sound(LogEntry(0, "canal", {}), []) == "move"


@pytest.mark.parametrize("game_id,effects", [("skyline_express", {"dice", "move"}), ("scrubbudgetel", {"dice", "move"}),
                                             ("skyrunner", {"cards"}), ("skurdir", {"move"}), ("scurry", {"move"})])
def test_each_game_sounds_as_it_plays(game_id, effects):
    """Dice for the games that roll, cards for the card game, else a move: each
    game's words say it, by the verbs of its log entries."""
    spec = shelf.GAMES[game_id]
    words = shelf.words_for(game_id)
    state = spec.new_game(spec.default_players, 2, spec.default_options())
    heard = set()
    for n in range(120):
        if state.is_over:
            break
        move = ai.random_move(state, n)
        entry = state.log_entry(move)
        state.apply(move)
        heard.add(words.sound(entry, state.notes(len(state.history))))
    assert heard == effects


def test_a_game_plays_move_refused_turn_and_end_sounds():
    app = make_app()
    app.settings["animation_speed"] = "fast"
    match = Match(shelf.GAMES["skurdir"], [Seat("Eva", 0), Seat("Cpu", 1, "computer", "easy")], seed=3)
    start_match(app, match)
    board = app.scene
    pump(app)
    if not app.sounds.effects:
        pytest.skip(f"no mixer here: {app.sounds.silent_reason}")
    app.sounds.played.clear()
    # the first stack may only go to the centre: a click beside it is refused, with its sound
    click_target(app, ("stack", tuple(board.match.state.stacks_left[0])))
    click_target(app, ("cell", parse_cell("n15")))
    assert app.sounds.played == ["refused"] and "centre" in board.controller.message
    board.controller.cancel()
    app.sounds.played.clear()
    while board.controller.human_to_move():
        play_move(app, board, board.match.state.legal_moves()[0])
    assert app.sounds.played and set(app.sounds.played) == {"move"}
    run_until(app, lambda: board.controller.human_to_move() and not board.anims and not board.turn_sound_due)
    assert app.sounds.played[-2:] == ["move", "turn"]  # the computer's move, then: your turn
    while not board.match.state.is_over:  # the rest quickly, through the board's controller
        board.controller.stop_thinking()
        board.controller.play(board.match.state.legal_moves()[0])
    assert app.sounds.played[-1] == "end"


def test_settings_mute_and_volume_are_kept_and_obeyed():
    app = make_app()
    app.push(TitleScene(app))
    pump(app)
    click_button(app, "Settings")
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    choose(app, scene.volume_menu, "30%")
    click(app, scene.mute_button.rect.center)
    saved = json.loads(storage.settings_path().read_text())
    assert saved["sound_volume"] == 30 and saved["sound_muted"] is True
    app.sounds.played.clear()
    app.sounds.play("dice")
    assert app.sounds.played == []  # muted: nothing reaches the mixer
    click(app, scene.mute_button.rect.center)
    assert json.loads(storage.settings_path().read_text())["sound_muted"] is False
    if app.sounds.effects:
        assert app.sounds.played[-1] == "move"  # the button lets you hear the level
        assert app.sounds.effects["move"].get_volume() == pytest.approx(0.3, abs=0.01)
    again = make_app()
    assert again.settings["sound_volume"] == 30


def test_a_bad_volume_in_the_settings_file_is_set_aside():
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"sound_volume": 400}), encoding="utf-8")
    app = make_app()
    assert app.settings["sound_volume"] == 70
    assert any("volume" in m for m, _ in app.toasts)


def test_no_sound_device_means_silence_not_a_crash(tmp_path):
    """With an audio driver that does not exist the mixer cannot open: the app
    starts, plays a move and stays silent."""
    code = (
        "from tests.uikit import make_app, pump\n"
        "from game import shelf\n"
        "from game.engine.match import Match, Seat\n"
        "from game.ui.scene import start_match\n"
        "app = make_app()\n"
        "start_match(app, Match(shelf.GAMES['scurry'], [Seat('A', 0), Seat('B', 1)], 4, {'random_setup': True}))\n"
        "pump(app)\n"
        "app.scene.controller.play(app.scene.match.state.legal_moves()[0])\n"
        "app.sounds.play('end')\n"
        "print('silent' if not app.sounds.effects else 'sound', app.sounds.played)\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", SDL_VIDEODRIVER="dummy", GAME_SHELF_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("silent []")


RECORD = """
import os, sys, time
sys.path.insert(0, "tests")
from uikit import make_app
import pygame
app = make_app()
for volume, muted in ((100, False), (30, False), (100, True)):
    app.settings["sound_volume"], app.settings["sound_muted"] = volume, muted
    app.sounds.play("end")
    time.sleep(1.2)  # the disk driver writes in real time: the effect, then quiet
pygame.mixer.quit()
print(pygame.mixer.get_init() is None and app.sounds.played)
"""


def test_what_the_app_plays_is_loud_enough_never_clipped_and_follows_volume_and_mute(tmp_path):
    """The samples themselves: every effect peaks below full scale (so two that
    overlap stay under it too) and is no whisper; and recorded off SDL's disk audio
    driver, the volume scales what is heard and mute is silence."""
    full = 32767
    for name, data in sound.buffers(22050, 1).items():
        samples = array("h", data)
        peak = max(abs(v) for v in samples)
        rms = (sum(v * v for v in samples) / len(samples)) ** 0.5
        assert peak <= full // 2, f"{name} peaks at {peak / full:.0%}: two overlapping effects would clip"
        assert peak > 0.2 * full and rms > 0.05 * full, f"{name} is too quiet"
        assert rms <= 0.125 * full, f"{name} is louder than the others"
    recording = tmp_path / "out.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(recording), SDL_VIDEODRIVER="dummy",
               GAME_SHELF_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", RECORD], capture_output=True, text=True, env=env, timeout=120,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['end', 'end']"  # muted: nothing sent to the mixer
    heard = array("h", recording.read_bytes())
    assert len(heard) > 3 * 22050  # mono 16-bit at the app's rate, 3.6 s of it
    wanted = array("h", sound.buffers(22050, 1)["end"])
    loudest = max(abs(v) for v in wanted)
    # the three 1.2 s stretches (the driver may start a little late: look for the sounds, not at exact times)
    onsets = [i for i, v in enumerate(heard) if abs(v) > 200]
    start = onsets[0]
    stretch = int(1.2 * 22050)
    peaks = [max((abs(v) for v in heard[start + k * stretch: start + (k + 1) * stretch]), default=0) for k in range(3)]
    assert abs(peaks[0] - loudest) <= 0.02 * full, "100 %: the effect as made"
    assert abs(peaks[1] - 0.3 * loudest) <= 0.02 * full, "30 %: three tenths as loud"
    assert peaks[2] < 0.01 * full, "muted: silence"


def test_one_move_plays_its_sound_once_and_a_second_one_replaces_it():
    app = make_app()
    app.settings["animation_speed"] = "off"
    start_match(app, Match(shelf.GAMES["scurry"], [Seat("Ann", 0), Seat("Bob", 1)], 4, {"random_setup": True}))
    pump(app)
    board = app.scene
    if not app.sounds.effects:
        pytest.skip(f"no mixer here: {app.sounds.silent_reason}")
    calls = []
    play = app.sounds.play
    app.sounds.play = lambda name: (calls.append(name), play(name))
    play_move(app, board, board.match.state.legal_moves()[0])
    pump(app)
    assert calls == ["move"], "one move, one sound"
    move = app.sounds.effects["move"]
    play("move")  # another move at once: the first one's sound gives way, they do not add up
    playing = [i for i in range(pygame.mixer.get_num_channels()) if pygame.mixer.Channel(i).get_sound() is move]
    assert len(playing) <= 1
