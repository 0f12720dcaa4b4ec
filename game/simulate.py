"""``python -m game simulate``: computer-only games, headless, with statistics.

Plays whole games between computer seats (``easy``, ``normal``, ``hard`` and
``random``, a uniformly random legal player), drives the "Rummy!" calls (after
every discard the seats other than the discarder and the seat about to draw are
asked, in turn order after the discarder), and checks after every action that

* no card was created or lost (every card of the pack is somewhere, once),
* the scores add up (each total is the sum of that seat's round points),
* the seat to act has a legal action, and the bot's action was legal.

It prints how fast the games went, how many rounds had to be cut by the action
cap (random play can loop: meld, undo, meld ...), and for each seat kind the mean
points per round with a 95% confidence interval, where they came from (how often it
went out; its melds, cards left in hand and bonuses per round), the share of games won
and the decision times.  ``--rotate`` turns the seating round the table from one game to
the next and deals the same cards for each turn of the rotation, so that luck
cancels out in a tournament.  The exit code is 1 if any check failed.

Examples::

    python -m game simulate --games 20 --seats normal,easy,easy,easy --seed 1
    python -m game simulate --preset rummy500 --players 3 --seats hard,normal --rotate --json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

from game.bots import KINDS, BotError, make_bot
from game.engine import IllegalActionError, Rules, RulesError, new_game
from game.engine.view import view_of

ROUND_OVER, GAME_OVER = "round_over", "game_over"
MAX_FAILURE_MESSAGES = 20


# ---------------------------------------------------------------------- statistics


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def percentile(sorted_xs: Sequence[float], q: float) -> float:
    if not sorted_xs:
        return 0.0
    k = max(0, min(len(sorted_xs) - 1, math.ceil(q * len(sorted_xs)) - 1))
    return sorted_xs[k]


def timing_summary(xs: Sequence[float]) -> dict[str, float]:
    s = sorted(xs)
    return {
        "count": len(s),
        "p50_ms": round(percentile(s, 0.50) * 1e3, 3),
        "p95_ms": round(percentile(s, 0.95) * 1e3, 3),
        "max_ms": round((s[-1] if s else 0.0) * 1e3, 3),
        "mean_ms": round((sum(s) / len(s) if s else 0.0) * 1e3, 3),
    }


# ---------------------------------------------------------------------- the run



def callers(g) -> list[int]:
    """The seats asked for a "Rummy!" call on the last discard, in turn order after the
    discarder; the seat about to draw plays its turn instead of being asked."""
    n = g.players
    seats = ((g.discarder + k) % n for k in range(1, n))
    return [s for s in seats if s != g.current and s != g.discarder]

def decisions(g, bots: Sequence[Any], limit: int = 400) -> Iterator[tuple[Any, Any]]:
    """Play ``g``'s round on with ``bots`` (one a seat), "Rummy!" calls included: yields each
    turn's view and the action its seat chose, then applies that action (a caller may look
    at both, not change them). Stops at the round's end or after ``limit`` actions."""
    for _ in range(limit):
        if g.phase in ("round_over", "game_over"):
            return
        if g.call_open:
            calls = [c for c in (bots[s].call(view_of(g, s)) for s in callers(g)) if c is not None]
            if calls:
                g.apply(calls[0])
                continue
        view = view_of(g, g.current)
        action = bots[g.current].choose(view)
        yield view, action
        g.apply(action)


class Simulation:
    """Plays games and gathers the figures of the summary."""

    def __init__(self, rules: Rules, players: int, kinds: Sequence[str], seed: int = 0,
                 rotate: bool = False, max_rounds: int = 200, max_actions: int = 3000,
                 bot_options: dict[str, dict[str, Any]] | None = None, check_legal: bool = True):
        rules.check_players(players)
        if len(kinds) != players:
            raise ValueError(f"{len(kinds)} seat kinds for {players} players")
        self.rules = rules
        self.players = players
        self.kinds = list(kinds)
        self.seed = seed
        self.rotate = rotate
        self.max_rounds = max_rounds
        self.max_actions = max_actions
        self.bot_options = bot_options or {}
        self.check_legal = check_legal
        # figures
        self.games = 0
        self.games_finished = 0
        self.games_cut = 0          # stopped by --max-rounds (the leader wins)
        self.games_abandoned = 0    # a round hit the action cap
        self.rounds = 0
        self.rounds_capped = 0
        self.actions = 0
        self.calls = 0
        self.failures: list[str] = []
        self.failure_count = 0
        self.illegal = 0
        self.seconds = 0.0
        self._t0 = time.perf_counter()
        self.points: dict[str, list[float]] = defaultdict(list)       # kind -> points per seat-round
        self.sources: dict[str, Counter] = defaultdict(Counter)     # kind -> went_out, melded, in_hand, bonus
        self.round_means: list[dict[str, float]] = []                 # per round: kind -> mean points
        self.seat_games: Counter = Counter()                          # kind -> seats played in games
        self.wins: dict[str, float] = defaultdict(float)                           # kind -> games won (shared on ties)
        self.decisions: dict[str, list[float]] = defaultdict(list)   # level -> choose() seconds
        self.call_checks: dict[str, list[float]] = defaultdict(list)  # level -> call() seconds
        self.refused: Counter = Counter()                              # level -> proposals refused

    # ------------------------------------------------------------------ helpers
    def _fail(self, message: str) -> None:
        self.failure_count += 1
        if len(self.failures) < MAX_FAILURE_MESSAGES:
            self.failures.append(message)

    def seating(self, game_index: int) -> tuple[list[str], int]:
        """The seat kinds and the deal seed of one game."""
        n = self.players
        if self.rotate:
            block, turn = divmod(game_index, n)
            kinds = [self.kinds[(i + turn) % n] for i in range(n)]
        else:
            block, kinds = game_index, list(self.kinds)
        return kinds, (self.seed * 1_000_003 + block) % (1 << 62)

    def _check(self, g, where: str) -> None:
        if Counter(g.all_cards()) != Counter(g.pack):
            self._fail(f"{where}: cards were created or lost")
        totals = [sum(r.points[s] for r in g.results) for s in range(g.players)]
        if list(g.scores) != totals:
            self._fail(f"{where}: scores {list(g.scores)} are not the sum of the rounds {totals}")
        if self.check_legal and not g.round_done:
            if not g.legal_actions():
                self._fail(f"{where}: seat {g.current} has no legal action in the {g.phase} phase")

    # ------------------------------------------------------------------ one game
    def play_game(self, game_index: int) -> None:
        kinds, deal_seed = self.seating(game_index)
        g, _ = new_game(self.rules, self.players, seed=deal_seed)
        bots = [
            make_bot(k, seed=(self.seed * 7_919 + game_index * 101 + s) % (1 << 62),
                     **self.bot_options.get(k, {}))
            for s, k in enumerate(kinds)
        ]
        self.games += 1
        for k in kinds:
            self.seat_games[k] += 1
        rounds_here = 0
        while not g.over:
            if rounds_here >= self.max_rounds:
                self.games_cut += 1
                self._credit(kinds, _leaders(g))
                self._collect(bots)
                return
            if not self.play_round(g, bots, kinds, f"game {game_index}"):
                self.games_abandoned += 1
                self._collect(bots)
                return
            rounds_here += 1
            if g.phase == ROUND_OVER:
                g.next_round()
                self._check(g, f"game {game_index} round {g.round_no} deal")
        self.games_finished += 1
        self._credit(kinds, list(g.winners))
        self._collect(bots)

    def _collect(self, bots) -> None:
        for b in bots:
            self.refused[b.level] += b.refused

    def _credit(self, kinds: list[str], winners: list[int]) -> None:
        for s in winners:
            self.wins[kinds[s]] += 1.0 / len(winners)

    def play_round(self, g, bots, kinds: list[str], where: str) -> bool:
        """Play the round in progress to its end; False if the action cap cut it."""
        where = f"{where} round {g.round_no}"
        actions = 0
        asked = None
        while not g.round_done:
            if actions >= self.max_actions:
                self.rounds_capped += 1
                return False
            if g.call_open and asked != (g.discarder, len(g.pile), actions):
                asked = (g.discarder, len(g.pile), actions)
                if self._ask_calls(g, bots, where):
                    actions += 1
                    self.actions += 1
                    self._check(g, f"{where} action {actions}")
                    continue
            seat = g.current
            bot = bots[seat]
            view = view_of(g, seat)
            t0 = time.perf_counter()
            action = bot.choose(view)
            self.decisions[bot.level].append(time.perf_counter() - t0)
            try:
                g.apply(action)
            except IllegalActionError as e:
                self.illegal += 1
                self._fail(f"{where}: {kinds[seat]} seat {seat} chose an illegal action {action}: {e}")
                legal = g.legal_actions()
                if not legal:
                    return False
                g.apply(legal[0])
            actions += 1
            self.actions += 1
            self._check(g, f"{where} action {actions}")
        self.rounds += 1
        res = g.results[-1]
        per_kind: dict[str, list[float]] = defaultdict(list)
        for s, k in enumerate(kinds):
            self.points[k].append(res.points[s])
            per_kind[k].append(res.points[s])
            self.sources[k].update(went_out=res.went_out == s, melded=res.melded[s],
                                   in_hand=res.in_hand[s], bonus=res.bonus[s])
        self.round_means.append({k: sum(v) / len(v) for k, v in per_kind.items()})
        return True

    def _ask_calls(self, g, bots, where: str) -> bool:
        for seat in callers(g):
            bot = bots[seat]
            t0 = time.perf_counter()
            call = bot.call(view_of(g, seat))
            self.call_checks[bot.level].append(time.perf_counter() - t0)
            if call is None:
                continue
            try:
                g.apply(call)
            except IllegalActionError as e:
                self.illegal += 1
                self._fail(f"{where}: seat {seat} made an illegal call {call}: {e}")
                continue
            self.calls += 1
            return True
        return False

    # ------------------------------------------------------------------ the whole run
    def run(self, games: int, progress=None) -> dict[str, Any]:
        t0 = self._t0 = time.perf_counter()
        for i in range(games):
            self.play_game(i)
            if progress is not None:
                progress(i + 1, games, self)
        self.seconds += time.perf_counter() - t0
        return self.summary()

    def summary(self) -> dict[str, Any]:
        secs = max(self.seconds, 1e-9)
        per_kind = {}
        strength = ("hard", "normal", "easy", "random")
        present = sorted(set(self.kinds), key=lambda k: (strength + (k,)).index(k))
        for k in present:
            m, ci = mean_ci(self.points[k])
            n = max(1, len(self.points[k]))
            src = self.sources[k]
            per_kind[k] = {
                "seat_rounds": len(self.points[k]),
                "mean_points_per_round": round(m, 2),
                "ci95": round(ci, 2) if math.isfinite(ci) else None,
                # where the points came from: how often the seat went out, and per seat-round
                # its melds, the cards left in its hand and its bonuses (as the round's results)
                "went_out_share": round(src["went_out"] / n, 4),
                "mean_melded": round(src["melded"] / n, 2),
                "mean_in_hand": round(src["in_hand"] / n, 2),
                "mean_bonus": round(src["bonus"] / n, 2),
                "seat_games": self.seat_games[k],
                "wins": round(self.wins[k], 2),
                "share_of_games_won": round(self.wins[k] / self.games, 4) if self.games else 0.0,
                "win_rate_per_seat": round(self.wins[k] / self.seat_games[k], 4) if self.seat_games[k] else 0.0,
            }
        pairs = {}
        for i, a in enumerate(present):
            for b in present[i + 1:]:
                diffs = [r[a] - r[b] for r in self.round_means if a in r and b in r]
                if diffs:
                    m, ci = mean_ci(diffs)
                    pairs[f"{a}-{b}"] = {"rounds": len(diffs), "mean_difference": round(m, 2),
                                         "ci95": round(ci, 2) if math.isfinite(ci) else None}
        return {
            "preset": self.rules.preset_name,
            "options": {k: v for k, v in self.rules.to_dict().items() if k != "preset"},
            "players": self.players,
            "seats": list(self.kinds),
            "rotate": self.rotate,
            "seed": self.seed,
            "games": self.games,
            "games_finished": self.games_finished,
            "games_cut_by_round_limit": self.games_cut,
            "games_abandoned": self.games_abandoned,
            "rounds": self.rounds,
            "rounds_capped": self.rounds_capped,
            "actions": self.actions,
            "rummy_calls": self.calls,
            "seconds": round(self.seconds, 3),
            "rounds_per_second": round(self.rounds / secs, 3),
            "actions_per_second": round(self.actions / secs, 1),
            "invariant_failures": self.failure_count,
            "illegal_actions": self.illegal,
            "failure_messages": list(self.failures),
            "per_kind": per_kind,
            "differences": pairs,
            "decision_time": {lvl: timing_summary(v) for lvl, v in sorted(self.decisions.items())},
            "refused_proposals": dict(sorted(self.refused.items())),
            "call_check_time": {lvl: timing_summary(v) for lvl, v in sorted(self.call_checks.items())},
        }


def _leaders(g) -> list[int]:
    scores = list(g.scores)
    best = min(scores) if g.rules.lowest_total_wins else max(scores)
    return [s for s, v in enumerate(scores) if v == best]


# ---------------------------------------------------------------------- the command


def parse_option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r}: write options as key=value")
    raw = raw.strip()
    try:
        value: Any = json.loads(raw)
    except ValueError:
        low = raw.lower()
        value = {"true": True, "false": False, "none": None}.get(low, raw)
    if key == "permanent_wilds" and isinstance(value, str):
        value = [w for w in value.split(",") if w]
    return key, value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rummy5000 simulate",
        description="Play computer-only games headless and report statistics.",
    )
    p.add_argument("--preset", default="rummy5000", help=f"rules preset ({', '.join(Rules.preset_names())})")
    p.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    p.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed for the deals and the bots (default 0)")
    p.add_argument("--seats", default="normal",
                   help=f"comma-separated seat kinds ({', '.join(KINDS)}); one kind fills every seat")
    p.add_argument("--target", type=int, help="points that end the game (overrides the preset)")
    p.add_argument("--rotate", action="store_true",
                   help="rotate the seating across games, dealing the same cards for each rotation")
    p.add_argument("--max-rounds", type=int, default=200, help="rounds before a game is cut (default 200)")
    p.add_argument("--max-actions", type=int, default=3000,
                   help="actions before a round is cut as looping (default 3000)")
    p.add_argument("--option", action="append", default=[], type=parse_option, metavar="KEY=VALUE",
                   help="a rules option on top of the preset (repeatable), e.g. rummy_calls=pile")
    p.add_argument("--hard-iterations", type=int, help="sampled deals per decision for hard bots")
    p.add_argument("--hard-time", type=float, help="seconds per decision for hard bots")
    p.add_argument("--hard-option", action="append", default=[], type=parse_option, metavar="KEY=VALUE",
                   help="a search setting for hard bots (repeatable): iterations, time_limit, horizon, "
                        "draw_candidates, discard_candidates")
    p.add_argument("--no-legal-check", action="store_true",
                   help="skip the 'seat to act has a legal action' check (faster)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--progress", action="store_true", help="report each finished game on stderr")
    return p


def format_summary(s: dict[str, Any]) -> str:
    lines = [
        f"preset {s['preset']}, {s['players']} players, seats {','.join(s['seats'])}"
        + (" (rotated)" if s["rotate"] else "") + f", seed {s['seed']}",
    ]
    if s["options"]:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in s["options"].items()))
    lines += [
        f"games: {s['games']} (finished {s['games_finished']}, cut by the round limit "
        f"{s['games_cut_by_round_limit']}, abandoned {s['games_abandoned']})",
        f"rounds: {s['rounds']} (capped by the action limit: {s['rounds_capped']})",
        f"actions: {s['actions']} (Rummy! calls: {s['rummy_calls']})",
        f"seconds: {s['seconds']:.2f}",
        f"rounds per second: {s['rounds_per_second']:.2f}",
        f"actions per second: {s['actions_per_second']:.0f}",
        f"invariant failures: {s['invariant_failures']} (illegal actions: {s['illegal_actions']})",
    ]
    for msg in s["failure_messages"]:
        lines.append(f"  ! {msg}")
    lines.append("per seat kind:")
    for k, d in s["per_kind"].items():
        ci = "n/a" if d["ci95"] is None else f"{d['ci95']:.1f}"
        lines.append(
            f"  {k:<7} points/round {d['mean_points_per_round']:8.1f} ± {ci:<6} "
            f"({d['seat_rounds']} seat-rounds)   games won {d['wins']:g}/{s['games']} "
            f"({100 * d['share_of_games_won']:.1f}%, per seat {100 * d['win_rate_per_seat']:.1f}%)"
        )
        lines.append(
            f"  {'':<7} went out in {100 * d['went_out_share']:.1f}% of its rounds; a round's "
            f"melds {d['mean_melded']:.1f}, cards left in hand {d['mean_in_hand']:.1f}, "
            f"bonus {d['mean_bonus']:.1f}"
        )
    if s["differences"]:
        lines.append("differences in points per round (paired by round):")
        for pair, d in s["differences"].items():
            ci = "n/a" if d["ci95"] is None else f"{d['ci95']:.1f}"
            lines.append(f"  {pair:<15} {d['mean_difference']:8.1f} ± {ci} ({d['rounds']} rounds)")
    if s["decision_time"]:
        lines.append("decision time per level:")
        for lvl, t in s["decision_time"].items():
            lines.append(
                f"  {lvl:<7} p50 {t['p50_ms']:.2f} ms  p95 {t['p95_ms']:.2f} ms  "
                f"max {t['max_ms']:.2f} ms  ({t['count']} decisions)"
            )
    if any(s["refused_proposals"].values()):
        lines.append("proposals refused by the rules and replaced: "
                     + ", ".join(f"{k} {v}" for k, v in s["refused_proposals"].items()))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    overrides = dict(args.option)
    if args.target is not None:
        overrides["target"] = args.target
    try:
        rules = Rules.preset(args.preset, **overrides)
    except RulesError as e:
        parser.error(str(e))
    kinds = [k.strip().lower() for k in args.seats.split(",") if k.strip()]
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        parser.error(f"unknown seat kind {bad[0]!r}; choose from {', '.join(KINDS)}")
    if len(kinds) == 1:
        kinds = kinds * args.players
    if len(kinds) != args.players:
        parser.error(f"--seats names {len(kinds)} seats for {args.players} players")
    try:
        rules.check_players(args.players)
    except RulesError as e:
        parser.error(str(e))
    for name in ("games", "max_rounds", "max_actions"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    hard: dict[str, Any] = dict(args.hard_option)
    if args.hard_iterations is not None:
        hard["iterations"] = args.hard_iterations
    if args.hard_time is not None:
        hard["time_limit"] = args.hard_time
    try:
        make_bot("hard", 0, **hard)  # a setting it does not have, or of the wrong kind
    except BotError as e:
        parser.error(str(e))
    sim = Simulation(rules, args.players, kinds, seed=args.seed, rotate=args.rotate,
                     max_rounds=args.max_rounds, max_actions=args.max_actions,
                     bot_options={"hard": hard} if hard else None,
                     check_legal=not args.no_legal_check)

    def progress(done: int, total: int, sim: Simulation) -> None:
        wins = ", ".join(f"{k} {v:g}" for k, v in sorted(sim.wins.items()) if v)
        print(f"[{done}/{total}] rounds {sim.rounds} failures {sim.failure_count} "
              f"wins: {wins} ({time.perf_counter() - sim._t0:.0f}s)", file=sys.stderr, flush=True)

    summary = sim.run(args.games, progress if args.progress else None)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_summary(summary))
    return 1 if summary["invariant_failures"] else 0


__all__ = ["Simulation", "build_parser", "format_summary", "main", "mean_ci", "parse_option"]
