"""Frame times of the table, and processor use while it waits for the person.

    python benchmarks/ui_frames.py                 # SDL's dummy video driver
    python benchmarks/ui_frames.py --real          # a real window on $DISPLAY
    python benchmarks/ui_frames.py --size 3840x2160 --players 8 --seconds 10

It sets up a busy table (8 seats, double deck, 1920x1080 by default: a round played by
computer players until there are many melds and a long discard pile), then measures

* ``static``: redrawing the whole table with nothing moving;
* ``animated``: every frame drawn while the computer players play at normal animation
  speed (cards flying, melds growing, the deal of the next round);
* ``drag``: frames while a card is dragged over the table (melds it fits glow);
* ``idle``: processor time used by the loop while it is the person's turn and nothing
  moves (the loop should sleep in ``pygame.event.wait``).

Frame time is the time to draw the scenes and flip the display. The target is a p95
under 16 ms at 1920x1080 with 8 seats.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    k = min(len(v) - 1, max(0, round(p / 100 * (len(v) - 1))))
    return v[k]


def report(name: str, times: list[float], cpu: list[float]) -> str:
    ms = [t * 1000 for t in times]
    cms = [t * 1000 for t in cpu]
    return (f"{name:<9} frames {len(ms):>5}  wall p50 {percentile(ms, 50):6.2f} p95 {percentile(ms, 95):6.2f} "
            f"max {max(ms) if ms else float('nan'):6.2f} ms   cpu p50 {percentile(cms, 50):6.2f} "
            f"p95 {percentile(cms, 95):6.2f} ms")


def timed(app, times: list[float], cpu: list[float]) -> None:
    t0, c0 = time.perf_counter(), time.process_time()
    app.draw()
    times.append(time.perf_counter() - t0)
    cpu.append(time.process_time() - c0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=8.0, help="length of the animated run")
    ap.add_argument("--real", action="store_true", help="use $DISPLAY instead of the dummy driver")
    args = ap.parse_args(argv)
    if not args.real:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if "RUMMY5000_DATA_DIR" not in os.environ:
        import tempfile

        os.environ["RUMMY5000_DATA_DIR"] = tempfile.mkdtemp(prefix="rummy5000-bench-")
    w, h = (int(x) for x in args.size.lower().split("x"))

    import pygame

    from game.ui.app import App
    from game.ui.controller import Controller, Seat
    from game.ui.settings import Settings

    fast = Settings(animation_speed=0.0, rummy_window=2.5, four_colour=False, card_back="blue",
                    card_scale=1.0, default_level="normal", sound=False)
    normal = dataclasses.replace(fast, animation_speed=1.0)
    app = App(size=(w, h), settings=normal)

    # a busy table: computer players play quickly; keep the moment with the most cards
    # melded (rounds with eight players are short), then lengthen the discard pile
    # (the engine and the bots directly, not the controller's background thread, so the
    # same seed gives the same table on every run and runs compare)
    from game.bots import make_bot
    from game.engine import Rules, new_game
    from game.engine.view import view_of

    best = None
    for seed in range(args.seed, args.seed + 12):
        g, _ = new_game(Rules.preset("rummy5000"), args.players, seed=seed)
        bots = [make_bot("normal", seed=seed * 10 + s) for s in range(args.players)]
        for _ in range(5000):
            if g.phase not in ("draw", "play", "call"):
                break
            melded = sum(len(m.all_cards()) for m in g.melds)
            if best is None or melded > best[0]:
                best = (melded, g.copy(), seed)
            g.apply(bots[g.current].choose(view_of(g, g.current)))
    _, state, seed = best
    extra = max(0, min(30, len(state.stock) - 12))
    state.pile.extend(state.stock[-extra:])
    del state.stock[-extra:]
    state.call_open = False
    c = Controller(state, [Seat(state.seat_name(i), "bot", "normal") for i in range(state.players)],
                   settings=fast)
    g = c.g
    print(f"table: {w}x{h}, {g.players} seats, {g.decks} decks, {len(g.melds)} melds "
          f"({sum(len(m.all_cards()) for m in g.melds)} cards), pile {len(g.pile)}, "
          f"stock {len(g.stock)}, driver {pygame.display.get_driver()}")
    scene = app.play(c)
    app.pump(2)
    scene.anim.finish()

    for _ in range(10):  # warm the caches (card faces, text) as the first seconds of play do
        scene.invalidate()
        app.draw()

    # static: the whole table, redrawn
    times, cpu = [], []
    for _ in range(150):
        scene.invalidate()
        timed(app, times, cpu)
    lines = [report("static", times, cpu)]

    # drag: a card of the bottom hand moving over the melds
    scene._place(force=True)
    card = scene.order[0] if scene.order else g.pile[-1]
    start = scene.places[card].rect.center
    scene._mouse_down(start)
    times, cpu = [], []
    for k in range(120):
        x = start[0] + (k * 9) % (w // 2)
        y = start[1] - (k * 5) % (h // 2)
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
        timed(app, times, cpu)
    scene.drag = None
    scene.press = None
    lines.append(report("drag", times, cpu))

    # animated: computer players at normal speed, the loop as in the game
    c.settings = normal
    app.frame_times, app.frame_cpu = [], []
    app.record_frames = True
    end = time.perf_counter() + args.seconds
    while time.perf_counter() < end and app.running:
        app.step()
        if g.phase in ("round_over", "game_over") and scene.overlay is None and app.stack.top is scene:
            scene._next_round()
        elif app.stack.top is not scene:
            app.stack.pop()
            scene._next_round()
    app.record_frames = False
    lines.append(report("animated", app.frame_times, app.frame_cpu))

    # idle: the person's turn, nothing moving
    human = Controller.new("rummy5000", args.players, seed=seed, settings=fast)
    for _ in range(20000):
        if human.human_to_act and human.g.phase == "draw" and not human.g.call_open:
            break
        if human.g.phase in ("round_over", "game_over"):
            human = Controller.new("rummy5000", args.players, seed=seed + 100, settings=fast)
        human.update(0.01)
    human.settings = normal
    hs = app.play(human)
    app.pump(3)
    hs.anim.finish()
    hs.toasts.clear()
    app.pump(2)
    frames = app.frames
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < 3.0:
        app.step()
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    lines.append(f"idle      {100 * cpu / wall:5.2f} % of one core over {wall:.1f} s "
                 f"({app.frames - frames} frames drawn)")
    try:
        load = os.getloadavg()[0]
        lines.append(f"load      {load:.2f} (1 min average; wall times suffer when the machine is busy)")
    except OSError:
        pass
    print("\n".join(lines))
    app.close_scenes()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
