#!/usr/bin/env python3
"""The test suite's random checks, run for as long as you like.

The suite keeps its random checks short so that it finishes in a few minutes. This
script runs the same checks longer, with fresh randomness, to look for the rare case:

* ``soak``: random clicks, drags, key presses, typing, wheel turns and window resizes
  thrown at the whole application (the helpers of ``tests/test_ui_soak.py``), on a new
  game each run: a random preset, number of players, window size, animation speed and
  "Rummy!" help setting, seated with the run's seed. After every event every card of
  every game on the table must be accounted for, and nothing may raise.
* ``properties``: the engine's three hypothesis property tests (every invariant after
  every random legal action, the independent referee, and moves made up at random,
  legal or not, applied or refused without a trace) with as many random examples as
  asked, not derandomized.

Each run prints one line; the first failure prints its traceback and ends the script
with exit code 1. Headless (SDL's dummy drivers) and with its own data folder, so your
settings and saved game are not touched:

    python3 tools/long_checks.py soak --seconds 1800 --seed 1000
    python3 tools/long_checks.py properties --examples 3000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRESETS = ("rummy5000", "rummy500", "basic", "george", "partnership500", "persian")
PROPERTY_TESTS = {"test_random_legal_play_keeps_every_invariant": "play_random",
                  "test_random_play_satisfies_an_independent_referee": "referee_game",
                  "test_any_move_applies_or_is_refused_leaving_the_game_as_it_was": "try_odd_moves"}
# (the check each runs)


def _setup(data_dir: str | None) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["RUMMY5000_DATA_DIR"] = data_dir or tempfile.mkdtemp(prefix="rummy5000-long-")
    for folder in (str(ROOT / "tests"), str(ROOT)):
        if folder not in sys.path:
            sys.path.insert(0, folder)


def table_for(seed: int) -> dict:
    """The game one soak run plays: preset, players, window size and settings."""
    from test_ui_soak import SIZES

    from game.engine import Rules

    rng = random.Random(seed)
    preset = rng.choice(PRESETS)
    lo, hi = Rules.preset(preset).player_range()
    return {
        "preset": preset,
        "players": rng.randint(lo, hi),
        "size": rng.choice(SIZES),
        "settings": {"animation_speed": rng.choice([0, 0, 2.5]), "sound": False,
                     "rummy_window": 0.5, "rummy_help": rng.random() < 0.7},
    }


def soak(seconds: float, seed: int, steps: int) -> int:
    import test_ui_soak as soak_helpers

    from game.resources import user_data_dir

    end = time.monotonic() + seconds
    runs = 0
    while runs == 0 or time.monotonic() < end:
        run_seed = seed + runs
        runs += 1
        t = table_for(run_seed)
        folder = user_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "settings.json").write_text(json.dumps(t["settings"]), encoding="utf-8")
        (folder / "autosave.json").unlink(missing_ok=True)
        what = f"seed {run_seed}: {t['preset']}, {t['players']} players, {t['size'][0]}x{t['size'][1]}"
        try:
            screens, progress = soak_helpers.soak_table(t["preset"], t["players"], t["size"], run_seed,
                                                        random.Random(run_seed), steps)
        except Exception:
            print(f"{what}: FAILED", flush=True)
            traceback.print_exc()
            return 1
        print(f"{what}: ok (play reached {progress}; screens {', '.join(sorted(screens))})", flush=True)
    print(f"{runs} runs, no failure", flush=True)
    return 0


def properties(examples: int) -> int:
    import test_engine_properties as props

    for name, check in PROPERTY_TESTS.items():
        test = props.property_test(getattr(props, check), examples, derandomize=False)
        t0 = time.monotonic()
        try:
            test()
        except Exception:
            print(f"{name}: FAILED", flush=True)
            traceback.print_exc()
            return 1
        print(f"{name}: {examples} examples ok in {time.monotonic() - t0:.0f} s", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data-dir", help="the data folder the game uses (default: a new temporary one)")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("soak", help="random input thrown at the whole application")
    s.add_argument("--seconds", type=float, default=600.0, help="start new runs until then; at least one run (default 600)")
    s.add_argument("--seed", type=int, default=1000, help="the first run's seed; each run adds one")
    s.add_argument("--steps", type=int, default=1500, help="random inputs a run (default 1500)")
    q = sub.add_parser("properties", help="the engine's property tests with many examples")
    q.add_argument("--examples", type=int, default=1000, help="random examples a test (default 1000)")
    args = p.parse_args(argv)
    _setup(args.data_dir)
    print(f"data folder: {os.environ['RUMMY5000_DATA_DIR']}", flush=True)
    if args.command == "soak":
        return soak(args.seconds, args.seed, args.steps)
    return properties(args.examples)


if __name__ == "__main__":
    sys.exit(main())
