#!/usr/bin/env python3
"""Generate the game's sound effects into assets/sounds/ (standard library only).

Every effect is synthesised from sine tones and filtered noise, written as 16-bit mono
PCM at 22050 Hz and kept under 0.6 seconds. The output is deterministic, so running
the script again reproduces the committed files byte for byte.

    python3 tools/make_sounds.py [--out DIR]
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
MAX_SECONDS = 0.6
PEAK = 0.6  # normalised peak amplitude (of 1.0), leaves headroom for mixing

Samples = list[float]


# --- building blocks ---------------------------------------------------------------


def tone(
    freq: float, seconds: float, decay: float = 6.0, harmonics: tuple[float, ...] = ()
) -> Samples:
    """A bell-like sine with exponential decay; ``harmonics`` are relative partial levels."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        v = math.sin(2 * math.pi * freq * t)
        for k, level in enumerate(harmonics, start=2):
            v += level * math.sin(2 * math.pi * freq * k * t)
        out.append(v * math.exp(-decay * t))
    return out


def noise(seconds: float, rng: random.Random) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(x: Samples, cutoff: float) -> Samples:
    a = 1.0 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    low = lowpass(x, cutoff)
    return [v - lo for v, lo in zip(x, low)]


def bandpass(x: Samples, low: float, high: float) -> Samples:
    return lowpass(highpass(x, low), high)


def envelope(x: Samples, attack: float, decay: float) -> Samples:
    """Linear attack of ``attack`` seconds, then exponential decay at rate ``decay``."""
    na = max(1, int(attack * RATE))
    out = []
    for i, v in enumerate(x):
        if i < na:
            g = i / na
        else:
            g = math.exp(-decay * (i - na) / RATE)
        out.append(v * g)
    return out


def mix(*tracks: tuple[float, Samples, float]) -> Samples:
    """Mix (start_seconds, samples, gain) tracks into one."""
    length = max(int(start * RATE) + len(s) for start, s, _ in tracks)
    out = [0.0] * length
    for start, s, gain in tracks:
        offset = int(start * RATE)
        for i, v in enumerate(s):
            out[offset + i] += v * gain
    return out


def finish(x: Samples) -> Samples:
    """Trim to the length limit, fade the ends to avoid clicks, normalise the peak."""
    x = x[: int((MAX_SECONDS - 0.02) * RATE)]
    fade = int(0.004 * RATE)
    for i in range(min(fade, len(x))):
        x[i] *= i / fade
        x[-1 - i] *= i / fade
    peak = max((abs(v) for v in x), default=0.0) or 1.0
    return [v * PEAK / peak for v in x]


def write_wav(path: Path, samples: Samples) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(v * 32767)))) for v in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


# --- the effects ------------------------------------------------------------------

C5, E5, G5, A5, C6, E6, G6 = 523.25, 659.25, 783.99, 880.00, 1046.50, 1318.51, 1567.98


def swish(rng: random.Random, seconds: float, low: float, high: float, attack: float) -> Samples:
    return envelope(bandpass(noise(seconds, rng), low, high), attack, 18.0)


def card_draw(rng: random.Random) -> Samples:
    # a card slid off the stock: a soft rising swish
    return swish(rng, 0.22, 900, 4200, 0.06)


def card_place(rng: random.Random) -> Samples:
    # a card set down on the cloth: a short papery tap over a muted thump
    tap = envelope(bandpass(noise(0.08, rng), 1200, 5000), 0.002, 70.0)
    thump = tone(170, 0.12, decay=35.0)
    return mix((0, tap, 1.0), (0, thump, 0.6))


def card_shuffle(rng: random.Random) -> Samples:
    # a riffle: a quick run of tiny card flicks
    tracks = []
    t = 0.0
    while t < 0.45:
        flick = envelope(bandpass(noise(0.03, rng), 1500, 6000), 0.001, 140.0)
        tracks.append((t, flick, rng.uniform(0.6, 1.0)))
        t += rng.uniform(0.018, 0.032)
    return mix(*tracks)


def card_deal(rng: random.Random) -> Samples:
    # one card dealt across the table: a quick bright flick then a light landing tap
    flick = swish(rng, 0.12, 1500, 6000, 0.015)
    tap = envelope(bandpass(noise(0.05, rng), 800, 3500), 0.002, 90.0)
    return mix((0, flick, 1.0), (0.1, tap, 0.7))


def discard(rng: random.Random) -> Samples:
    # a card tossed onto the pile: swish into a firmer slap
    flick = swish(rng, 0.1, 1000, 5000, 0.03)
    slap = envelope(bandpass(noise(0.09, rng), 600, 3000), 0.001, 55.0)
    thump = tone(140, 0.14, decay=30.0)
    return mix((0, flick, 0.6), (0.07, slap, 1.0), (0.07, thump, 0.5))


def meld(rng: random.Random) -> Samples:
    # cards laid down as a set or run: a quick rising major arpeggio
    bell = (0.3, 0.1)
    return mix(
        (0.00, tone(C5, 0.45, 7.0, bell), 0.8),
        (0.07, tone(E5, 0.38, 7.0, bell), 0.8),
        (0.14, tone(G5, 0.38, 6.0, bell), 0.9),
    )


def rummy_call(rng: random.Random) -> Samples:
    # "Rummy!": a bright little fanfare ending on an open chord
    bell = (0.35, 0.15, 0.05)
    return mix(
        (0.00, tone(G5, 0.12, 14.0, bell), 0.7),
        (0.09, tone(G5, 0.12, 14.0, bell), 0.7),
        (0.18, tone(C6, 0.38, 5.0, bell), 0.8),
        (0.18, tone(E6, 0.38, 5.0, bell), 0.55),
        (0.18, tone(G6, 0.38, 5.0, bell), 0.4),
    )


def round_end(rng: random.Random) -> Samples:
    # a round is over: a gentle descending chime settling on the tonic
    bell = (0.25, 0.08)
    return mix(
        (0.00, tone(C6, 0.3, 8.0, bell), 0.6),
        (0.10, tone(A5, 0.3, 8.0, bell), 0.6),
        (0.20, tone(E5, 0.36, 6.0, bell), 0.7),
        (0.20, tone(C5, 0.36, 6.0, bell), 0.7),
    )


def error(rng: random.Random) -> Samples:
    # an illegal move: two low, soft, slightly dissonant blips
    def blip(freq: float) -> Samples:
        return lowpass(tone(freq, 0.12, 18.0, (0.5, 0.0, 0.25)), 1800)

    return mix((0.0, blip(233.08), 1.0), (0.0, blip(220.0), 0.6), (0.14, blip(196.0), 1.0))


EFFECTS: dict[str, Callable[[random.Random], Samples]] = {
    "card_draw": card_draw,
    "card_place": card_place,
    "card_shuffle": card_shuffle,
    "card_deal": card_deal,
    "discard": discard,
    "meld": meld,
    "rummy_call": rummy_call,
    "round_end": round_end,
    "error": error,
}


def main(argv: list[str] | None = None) -> int:
    default_out = Path(__file__).resolve().parent.parent / "assets" / "sounds"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=default_out, help="output folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for index, (name, make) in enumerate(EFFECTS.items()):
        samples = finish(make(random.Random(5000 + index)))
        path = args.out / f"{name}.wav"
        write_wav(path, samples)
        print(f"{path}  {len(samples) / RATE:.2f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
