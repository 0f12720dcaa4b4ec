#!/usr/bin/env python3
"""Time how long the game takes to start: to its window, and to its first whole frame.

Launches the game (by default the frozen build in ``dist/``) on an X display, with a
fresh data folder so it opens on the title screen, and measures from the launch:

* ``window``: the window is mapped (``xdotool search --onlyvisible --pid``, polled);
* ``first frame``: the game has drawn a complete frame and its loop is running. As soon
  as the window shows, F12 is sent; the game answers by drawing a frame and saving it
  as a screenshot, so the file's appearance bounds the first frame from above.

It also times ``--version`` (the launcher and Python alone) and ``--selftest`` (display,
every asset, a computer round). Needs Linux, ``DISPLAY`` (for example Xvfb) and
``xdotool``. Used for the figures in docs/packaging.md:

    Xvfb :99 -screen 0 1280x800x24 & DISPLAY=:99 python3 tools/measure_startup.py
    python3 tools/measure_startup.py --runs 5 -- python3 -m game   # from source
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FROZEN = ROOT / "dist" / "Rummy 5000" / "Rummy 5000"


def launch_to_first_frame(
    cmd: list[str], env: dict[str, str], timeout: float
) -> tuple[float, float]:
    """(seconds to a visible window, seconds to the first frame's screenshot)."""
    with tempfile.TemporaryDirectory() as tmp:
        shots = Path(tmp) / "shots"
        run_env = dict(env, RUMMY5000_DATA_DIR=str(Path(tmp) / "data"),
                       RUMMY5000_SCREENSHOT_DIR=str(shots))  # fmt: skip
        start = time.perf_counter()
        log = open(Path(tmp) / "log.txt", "w+")  # closed in the finally below
        proc = subprocess.Popen(cmd, env=run_env, stdout=log, stderr=subprocess.STDOUT)
        deadline = start + timeout
        try:
            # poll (xdotool's own --sync looks only every half second)
            wid = ""
            while not wid:
                if proc.poll() is not None:
                    log.seek(0)
                    raise RuntimeError(f"the game exited ({proc.returncode}): {log.read()[-2000:]}")
                if time.perf_counter() > deadline:
                    log.seek(0)
                    raise TimeoutError(f"the window did not show: {log.read()[-2000:]}")
                wid = subprocess.run(
                    ["xdotool", "search", "--onlyvisible", "--pid", str(proc.pid)],
                    capture_output=True, text=True, env=env, timeout=timeout,
                ).stdout.strip()  # fmt: skip
                if not wid:
                    time.sleep(0.005)
            window_at = time.perf_counter() - start
            wid = wid.split()[0]
            while time.perf_counter() < deadline:
                subprocess.run(["xdotool", "windowfocus", wid, "key", "F12"], env=env,
                               capture_output=True, timeout=timeout)  # fmt: skip
                if shots.is_dir() and any(p.stat().st_size > 0 for p in shots.glob("*.png")):
                    return window_at, time.perf_counter() - start
                time.sleep(0.01)
            raise TimeoutError(f"no screenshot within {timeout} s")
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()


def wall_time(cmd: list[str], env: dict[str, str]) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run(cmd, env=dict(env, RUMMY5000_DATA_DIR=tmp), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        return time.perf_counter() - start


def summary(values: list[float]) -> str:
    return (f"median {statistics.median(values):.2f} s "
            f"(min {min(values):.2f}, max {max(values):.2f}, {len(values)} runs)")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="launches per measurement")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per launch")
    parser.add_argument("command", nargs="*", help="the game's command (default: the build)")
    args = parser.parse_args(argv)
    cmd = args.command or [str(FROZEN)]
    if not os.environ.get("DISPLAY") or not shutil.which("xdotool"):
        print("needs DISPLAY (e.g. Xvfb) and xdotool", file=sys.stderr)
        return 2
    env = dict(os.environ, SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    env["SDL_VIDEODRIVER"] = "x11"  # fail rather than fall back to a driver with no window

    wall_time(cmd + ["--version"], env)  # warm the file cache
    windows, frames, refused = [], [], 0
    while len(frames) < args.runs:
        try:
            w, f = launch_to_first_frame(cmd, env, args.timeout)
        except RuntimeError as exc:
            # A busy Xvfb now and then refuses a connection; the game then stops at
            # once with "x11 not available". Launch again, and say how often it happened.
            if "x11 not available" not in str(exc) or refused >= args.runs:
                raise
            refused += 1
            continue
        windows.append(w)
        frames.append(f)
    version = [wall_time(cmd + ["--version"], env) for _ in range(args.runs)]
    dummy = dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    selftest = [wall_time(cmd + ["--selftest"], dummy) for _ in range(args.runs)]
    print(f"command:      {' '.join(cmd)}")
    print(f"--version:    {summary(version)}")
    print(f"window shown: {summary(windows)}")
    print(f"first frame:  {summary(frames)}")
    print(f"--selftest:   {summary(selftest)} (dummy drivers)")
    if refused:
        print(f"(the X server refused {refused} launch(es), which were repeated)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
