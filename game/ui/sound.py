"""Sound effects, synthesised here: 16-bit PCM built with the standard library
and played through pygame.mixer. Nothing is loaded from files.

Effects: "move", "dice", "cards", "refused", "turn", "end". The mixer is opened
on the first sound that is to be heard (a muted app never opens the sound
device); where there is none, or it cannot be opened, the app stays silent.
"""
from __future__ import annotations

import functools
import math
import random
from array import array

import pygame

from .. import storage

RATE = 22050
EFFECTS = ("move", "dice", "cards", "refused", "turn", "end")


# ---- building the waves (floats in -1..1, at `rate` samples a second) ------------
def _tone(rate: int, freq: float, seconds: float, decay: float = 8.0, overtone: float = 0.3) -> list[float]:
    n, attack = int(rate * seconds), 0.004 * rate  # a short attack: no click
    fall, step, scale = math.exp(-decay / rate), 2 * math.pi * freq / rate, 1 / (1 + overtone)
    sin = math.sin
    return [fall ** i * min(1.0, i / attack) * scale * (sin(step * i) + overtone * sin(2 * step * i))
            for i in range(n)]


def _noise(rate: int, seconds: float, rng: random.Random, smooth: int = 1) -> list[float]:
    """White noise, softened by a running mean over `smooth` samples (a crude low-pass)."""
    raw = [rng.uniform(-1, 1) for _ in range(int(rate * seconds) + smooth)]
    window = sum(raw[:smooth])
    out = []
    for i in range(int(rate * seconds)):
        out.append(window / smooth)
        window += raw[i + smooth] - raw[i]
    return out


def _mix(parts: list[tuple[float, list[float]]], rate: int) -> list[float]:
    """Lay (start second, wave) parts on one track."""
    length = max(int(start * rate) + len(wave) for start, wave in parts)
    track = [0.0] * length
    for start, wave in parts:
        at = int(start * rate)
        track[at:at + len(wave)] = map(sum, zip(track[at:at + len(wave)], wave))
    return track


def waves(rate: int = RATE) -> dict[str, list[float]]:
    """Every effect as a wave; the same numbers every time (seeded noise)."""
    rng = random.Random(18)

    def clack(seconds=0.05):
        burst = _noise(rate, seconds, rng, smooth=3)
        return [v * math.exp(-60 * i / rate) for i, v in enumerate(burst)]

    swish = _noise(rate, 0.16, rng, smooth=6)
    swish = [v * math.sin(math.pi * i / len(swish)) ** 2 for i, v in enumerate(swish)]
    buzz = [0.6 * (1 if math.sin(2 * math.pi * 150 * i / rate) > 0 else -1) * math.exp(-10 * i / rate)
            for i in range(int(rate * 0.16))]
    return {
        "move": _mix([(0, _tone(rate, 520, 0.09, decay=40)), (0, clack(0.02))], rate),
        "dice": _mix([(t, clack()) for t in (0.0, 0.07, 0.12, 0.2, 0.26, 0.33)], rate),
        "cards": _mix([(0, swish), (0.07, [0.6 * v for v in swish])], rate),
        "refused": _mix([(0, buzz), (0.18, buzz)], rate),
        "turn": _mix([(0, _tone(rate, 880, 0.35, decay=9)), (0.12, _tone(rate, 1320, 0.4, decay=9))], rate),
        "end": _mix([(0.13 * k, _tone(rate, f, 0.5, decay=6)) for k, f in enumerate((523, 659, 784, 1047))], rate),
    }


@functools.lru_cache(maxsize=2)
def buffers(rate: int, channels: int) -> dict[str, bytes]:
    """Every effect's samples for the mixer's rate and channels, built once a run."""
    return {name: pcm16(wave, channels) for name, wave in waves(rate).items()}


# Every effect peaks at this share of full scale: the effects sound about as loud as
# each other, and two different ones that overlap (a move, then "your turn") stay
# below full scale at 100 % volume, where the mixer would clip their sum.
PEAK = 0.48
LOUDNESS = 0.12  # and no effect louder than this (its RMS, of full scale): the refusal's buzz was the loudest


def pcm16(wave: list[float], channels: int = 1, peak: float = PEAK, loudness: float = LOUDNESS) -> bytes:
    """Signed 16-bit samples in machine order, each repeated for every channel;
    the loudest sample at `peak` of full scale, unless that makes it louder than `loudness`."""
    rms = math.sqrt(sum(v * v for v in wave) / max(1, len(wave)))
    k = 32767 * min(peak / max(1e-9, max(map(abs, wave))), loudness / max(1e-9, rms))
    samples = array("h", [max(-32767, min(32767, int(v * k))) for v in wave])
    if channels > 1:
        samples = array("h", [v for v in samples for _ in range(channels)])
    return samples.tobytes()


# ---- playing -----------------------------------------------------------
class Sounds:
    """The app's sound effects. `settings` holds "sound_volume" (0-100) and "sound_muted"."""

    def __init__(self, settings: dict):
        self.settings = settings
        self.effects: dict[str, pygame.mixer.Sound] | None = None  # None: not opened yet
        self.channels: dict[str, pygame.mixer.Channel] = {}  # one per effect (see play)
        self.silent_reason = ""  # why nothing can be heard (no device), for the settings screen
        self.played: list[str] = []  # the effects sent to the mixer, newest last (tests read it)

    @property
    def audible(self) -> bool:
        return not self.settings.get("sound_muted", False) and self.settings.get("sound_volume", 70) > 0

    def _open(self) -> None:
        self.effects = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            rate, size, channels = pygame.mixer.get_init()
            if size != -16:
                raise pygame.error(f"the sound device wants {size}-bit samples")
            self.effects = {name: pygame.mixer.Sound(buffer=data) for name, data in buffers(rate, channels).items()}
            # each effect has a channel of its own, kept from other sounds
            pygame.mixer.set_num_channels(max(8, len(EFFECTS)))
            pygame.mixer.set_reserved(len(EFFECTS))
            self.channels = {name: pygame.mixer.Channel(i) for i, name in enumerate(EFFECTS)}
        except (pygame.error, OSError, ValueError) as exc:
            self.silent_reason = f"no sound: {exc}"
            self.effects = {}
            storage.log(self.silent_reason)  # what a bundle missing its sound library would show

    def prepare(self) -> None:
        """Open the mixer and build the effects now (a board opens), not on the first move."""
        if self.effects is None and self.audible:
            self._open()

    def play(self, name: str) -> None:
        if not self.audible:
            return
        if self.effects is None:
            self._open()
        sound = self.effects.get(name)
        if sound is None:
            return
        sound.set_volume(self.settings.get("sound_volume", 70) / 100)
        try:
            # on its own channel an effect played again cuts its last one short instead of
            # adding to it: two quick moves do not double the loudness (nor clip)
            self.channels[name].play(sound)
        except pygame.error:
            return
        self.played.append(name)
        del self.played[:-50]

    def close(self) -> None:
        if self.effects:
            pygame.mixer.quit()
        self.effects = None
        self.channels = {}
