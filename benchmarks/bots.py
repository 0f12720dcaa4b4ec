"""Strength and speed of the computer opponents.

Eight measurements, each a subcommand; all run in one process (the figures in
``docs/bots.md`` came from these commands):

``tournament``
    whole games with ``game.simulate`` (rotated seating, the same deals for every
    rotation): points per round with a 95% interval, share of games won, decision
    times.  ``python benchmarks/bots.py tournament --seats normal,easy,easy,easy --games 100``
    (``--hard-sees-hands``: the hard seats search the real hands, a ceiling as below)

``duplicate``
    single rounds played twice from the same deal: once with the ``hero`` level in
    one seat, once with the ``base`` level in that seat, the other seats alike both
    times.  The paired difference of (that seat's points minus the others' mean)
    cancels most of the luck of the deal, so a few hundred rounds tell levels apart.
    ``python benchmarks/bots.py duplicate --hero hard --base normal --others normal --rounds 200``
    (``--hero-sees-hands`` lets the hard hero search the real hands instead of imagined
    ones: the most that better inference could bring)

``decisions``
    how much better the hero's decisions are than the normal bot's, one by one.  The
    hero plays one seat of normal-bot rounds; at each of its decisions the normal bot
    is asked too, and when they differ both actions are played out from the real
    position (the stock reshuffled) to the end of the round, ``--rollouts`` times
    with the same random choices for both.  The gain (the seat's points minus the
    others' mean) is summed per round.  Far less noisy than whole games, since only
    the decisions that differ are measured, each many times.
    ``python benchmarks/bots.py decisions --hero hard --rounds 100``
    (``--skip-rounds N`` or ``--late``: measure a round later in the game;
    ``--value games``: play each play-out to the end of the game and count the seat's
    share of it won, in hundredths of a game)

``edge``
    what an edge in points per round is worth in games won.  Rounds of one level
    against itself are played and recorded; whole games to the target are then put
    together from them at random (a random seat order each time), one seat getting
    ``x`` points a round more than the others' mean, for each ``x`` of ``--edges``.
    It turns the points-per-round figures of the other measures into win rates:
    ``python benchmarks/bots.py edge --rounds 1000 --target 1500``
    (``--spreads 0.8,1,1.2``: the same for a seat whose points a round spread wider
    or narrower around the same average)

``regret``
    how much better the normal bot's draws, plays and discards could be, one step at a
    time, by a player who knew every hand.  The normal bot plays one seat of normal-bot
    rounds; at each of its draws every legal draw (the stock, each depth of the pile),
    at each of its melds and lay-offs every legal meld, lay-off and cover (up to
    ``--play-options`` of them) and holding instead (the normal bot's best discard),
    and at each of its discards every legal discard, is played out from the real
    position ``--rollouts`` times to the end of the round.  The best of them is chosen on half
    of the play-outs and measured against the normal bot's choice on the other half, so
    the luck of the choosing does not count as gain.  ``--level`` measures another
    level's choices the same way.  ``python benchmarks/bots.py regret --rounds 100``

``beliefs``
    how well the hard bot guesses the hidden cards.  It plays one seat of normal-bot
    rounds; at each of its draws it deals ``--deals`` imagined states as its search
    would, and as many dealt at random, and counts how many of the hidden cards each
    puts in another seat's hand are really there.  ``--hard-option`` tries its
    inference rules: ``python benchmarks/bots.py beliefs --rounds 100 --hard-option infer=false``

``outs``
    whether the hard bot's imagined deals see the danger right.  It plays one seat of
    normal-bot rounds; at each of its plays (after its draw) it plays on ``--deals``
    times with normal bots until its next turn, from its imagined deals, from deals made
    at random, and from the real deal (only the stock reshuffled), and compares how often
    another seat goes out first.  ``python benchmarks/bots.py outs --rounds 100``

``timing``
    decision times per level (p50, p95, max) over whole games of one level against
    itself.  ``python benchmarks/bots.py timing --games 5``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import make_bot  # noqa: E402
from game.engine import Cover, Discard, DrawStock, LayOff, MeldCards, Rules, TakePile, new_game  # noqa: E402
from game.engine.view import view_of  # noqa: E402
from game.simulate import (  # noqa: E402
    Simulation,
    callers,
    format_summary,
    mean_ci,
    parse_option,
    timing_summary,
)


def play_round(g, bots, max_actions=3000, times=None, stop=None):
    """Play the round in progress with ``bots`` (calls included); returns the round's points.

    ``times``: a dict level -> list, to which each ``choose`` call's seconds are added.
    ``stop(g)``: asked before each action; when true, play stops there (and None is returned).
    """
    actions = 0
    asked = None
    while g.phase not in ("round_over", "game_over") and actions < max_actions:
        if stop is not None and stop(g):
            return None
        if g.call_open and asked != (g.discarder, len(g.pile), actions):
            asked = (g.discarder, len(g.pile), actions)
            called = False
            for s in callers(g):
                c = bots[s].call(view_of(g, s))
                if c is not None:
                    g.apply(c)
                    called = True
                    break
            if called:
                actions += 1
                continue
        b = bots[g.current]
        t = time.perf_counter()
        a = b.choose(view_of(g, g.current))
        if times is not None:
            times.setdefault(b.level, []).append(time.perf_counter() - t)
        g.apply(a)
        actions += 1
    if g.phase not in ("round_over", "game_over"):
        return None
    return list(g.results[-1].points)


def rules_of(args) -> Rules:
    """The preset with the ``--option`` overrides, and ``--target`` where the command has one."""
    overrides = dict(args.option)
    if getattr(args, "target", None) is not None:
        overrides["target"] = args.target
    return Rules.preset(args.preset, **overrides)


def _true_deal(g, rng):
    """A stand-in for the hard bot's ``deal``: the real hands, only the stock reshuffled.

    For ``duplicate --hero-sees-hands`` and ``tournament --hard-sees-hands``: how much
    the search would gain if it knew the other hands (a ceiling for inference, not a way to play).
    """
    def deal(view):
        w = g.copy()
        w.seed = rng.getrandbits(63)
        rng.shuffle(w.stock)
        return w
    return deal


def relative(pts, seat):
    """The seat's points minus the others' mean."""
    others = [pts[s] for s in range(len(pts)) if s != seat]
    return pts[seat] - sum(others) / len(others)


def duplicate(args) -> dict:
    rules = rules_of(args)
    n = args.players
    hard_opts = dict(args.hard_option)
    diffs, hero_pts, base_pts = [], [], []
    t0 = time.perf_counter()
    for r in range(args.rounds):
        seat = r % n
        deal = args.seed * 1_000_003 + r // n if args.same_deal_per_seat else args.seed * 1_000_003 + r
        rel = []
        for level_i, level in enumerate((args.hero, args.base)):
            g, _ = new_game(rules, n, seed=deal, dealer=(seat + n - 1) % n if args.hero_first else None)
            bots = [make_bot(args.others, seed=deal * 31 + s, **(hard_opts if args.others == "hard" else {}))
                    for s in range(n)]
            opts = dict(hard_opts) if level == "hard" else {}
            opts.update(dict(args.hero_option if level_i == 0 else args.base_option))
            bots[seat] = make_bot(level, seed=deal * 31 + seat, **opts)
            if level_i == 0 and args.hero_sees_hands:
                bots[seat].deal = _true_deal(g, bots[seat].rng)
            pts = play_round(g, bots)
            if pts is None:
                rel.append(None)
                continue
            rel.append(relative(pts, seat))
            (hero_pts if level_i == 0 else base_pts).append(pts[seat])
        if None in rel:
            continue
        diffs.append(rel[0] - rel[1])
        if args.progress and (r + 1) % 10 == 0:
            m, ci = mean_ci(diffs)
            print(f"[{r + 1}/{args.rounds}] {args.hero} - {args.base}: {m:+.1f} ± {ci:.1f} "
                  f"({time.perf_counter() - t0:.0f}s)", file=sys.stderr, flush=True)
    m, ci = mean_ci(diffs)
    hm, hci = mean_ci(hero_pts)
    bm, bci = mean_ci(base_pts)
    return {
        "preset": args.preset, "players": n, "hero": args.hero, "base": args.base, "others": args.others,
        "rounds": len(diffs), "seed": args.seed, "hard_options": hard_opts,
        "hero_options": dict(args.hero_option), "base_options": dict(args.base_option),
        "hero_sees_hands": args.hero_sees_hands,
        "paired_advantage": round(m, 1), "ci95": round(ci, 1),
        "hero_points_per_round": round(hm, 1), "hero_ci95": round(hci, 1),
        "base_points_per_round": round(bm, 1), "base_ci95": round(bci, 1),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def play_out(g, action, seat, k, seed, whole_game=False):
    """The seat's relative points when ``action`` is played at ``g`` and the round goes on
    with normal bots (the stock reshuffled; deal ``k`` of the same series for every action).

    ``whole_game``: the game is played on to its end instead, and the answer is the seat's
    share of the game won (1, a part of 1 on a tie, or 0)."""
    w = g.copy()
    rng = random.Random(seed * 7919 + k)
    rng.shuffle(w.stock)
    w.seed = rng.getrandbits(63)
    w.apply(action)
    bots = [make_bot("normal", seed=seed * 1000 + k * 8 + s) for s in range(w.players)]
    pts = play_round(w, bots)
    if not whole_game:
        return None if pts is None else relative(pts, seat)
    for _ in range(200):
        if pts is None or w.phase == "game_over":
            break
        w.next_round()
        pts = play_round(w, bots)
    if w.phase != "game_over":
        return None
    return 1.0 / len(w.winners) if seat in w.winners else 0.0


class _Measured:
    """The hero's seat in ``decisions``: plays the hero's choice and, where the normal
    bot would choose otherwise, plays both out from the real position ``g``."""

    def __init__(self, g, hero, ref, rollouts: int, deal: int, whole_game: bool = False):
        self.g, self.hero, self.ref = g, hero, ref
        self.whole_game = whole_game
        self.unit = 100.0 if whole_game else 1.0  # games: the gain in hundredths of a game
        self.rollouts, self.deal = rollouts, deal
        self.level = hero.level
        self.asked = self.differ = 0
        self.gain = 0.0
        # by kind of decision: the gain this round and how many decisions differed
        self.kind_gain = {k: 0.0 for k in _DECISION_KINDS}
        self.kind_differ = {k: 0 for k in _DECISION_KINDS}

    def call(self, view):
        return self.hero.call(view)

    def choose(self, view):
        mine = self.hero.choose(view)
        theirs = self.ref.choose(view)
        self.asked += 1
        if mine != theirs:
            self.differ += 1
            kind = _decision_kind(view, mine, theirs)
            self.kind_differ[kind] += 1
            seed = self.deal + self.asked
            d = []
            for k in range(self.rollouts):
                a = play_out(self.g, mine, view.seat, k, seed, self.whole_game)
                b = play_out(self.g, theirs, view.seat, k, seed, self.whole_game)
                if a is not None and b is not None:
                    d.append((a - b) * self.unit)
            if d:
                self.gain += sum(d) / len(d)
                self.kind_gain[kind] += sum(d) / len(d)
        return mine


_DECISION_KINDS = ("draw", "meld_or_hold", "discard", "other")


def _decision_kind(view, mine, theirs) -> str:
    """What two different answers to one view disagree about: the draw, melding against
    holding (one melds or lays off, the other discards), the discard, or something else."""
    if view.phase == "draw":
        return "draw"
    both = {type(mine), type(theirs)}
    if both == {Discard}:
        return "discard"
    if Discard in both and len(both) == 2:
        return "meld_or_hold"
    return "other"


def _measured_rounds(args, measure):
    """Rounds of normal bots, one per deal of the series, in which seat ``r % players``
    plays as ``measure(g, seat, deal)``; yields ``(r, that seat's player)`` after each.

    With ``args.skip_rounds`` (where the command has it), normal bots first play that many
    rounds of the game, so that the measured round comes later in it, the scores nearer
    the target; a game that ends before is not measured.  With ``args.late`` they play on
    until a round may end the game (a side within ``args.late`` points of the target, or
    the last deal), and that round is measured."""
    rules = rules_of(args)
    n = args.players
    skip = getattr(args, "skip_rounds", 0)
    late = getattr(args, "late", None)
    for r in range(args.rounds):
        seat = r % n
        deal = args.seed * 1_000_003 + r
        g, _ = new_game(rules, n, seed=deal)
        bots = [make_bot("normal", seed=deal * 31 + s) for s in range(n)]
        played, ended = 0, False
        while played < skip or (late is not None and not g.may_end_this_round(late)):
            play_round(g, bots)
            if g.phase != "round_over":  # the game is over (or a round was cut): no measure
                ended = True
                break
            g.next_round()
            played += 1
        if ended:
            continue
        m = bots[seat] = measure(g, seat, deal)
        play_round(g, bots)
        yield r, m


def decisions(args) -> dict:
    n = args.players
    opts = dict(args.hard_option) if args.hero == "hard" else {}
    opts.update(dict(args.hero_option))
    per_round, differ, asked = [], 0, 0
    kind_rounds: dict[str, list[float]] = {k: [] for k in _DECISION_KINDS}
    kind_differ = dict.fromkeys(_DECISION_KINDS, 0)
    t0 = time.perf_counter()

    def measure(g, seat, deal):
        return _Measured(g, make_bot(args.hero, seed=deal * 31 + seat, **opts),
                         make_bot("normal", seed=deal * 31 + seat), args.rollouts, deal,
                         args.value == "games")

    for r, m in _measured_rounds(args, measure):
        per_round.append(m.gain)
        differ += m.differ
        asked += m.asked
        for k in _DECISION_KINDS:
            kind_rounds[k].append(m.kind_gain[k])
            kind_differ[k] += m.kind_differ[k]
        if args.progress and (r + 1) % 10 == 0:
            mean, ci = mean_ci(per_round)
            print(f"[{r + 1}/{args.rounds}] gain per round {mean:+.1f} ± {ci:.1f}, "
                  f"{differ}/{asked} decisions differ ({time.perf_counter() - t0:.0f}s)",
                  file=sys.stderr, flush=True)
    mean, ci = mean_ci(per_round)
    by_kind = {}
    for k in _DECISION_KINDS:
        k_mean, k_ci = mean_ci(kind_rounds[k])
        by_kind[k] = {"differ": kind_differ[k], "gain_per_round": round(k_mean, 1), "ci95": round(k_ci, 1)}
    return {
        "preset": args.preset, "players": n, "hero": args.hero, "hero_options": opts,
        "rounds": len(per_round), "skip_rounds": args.skip_rounds, "late": args.late, "value": args.value,
        "decisions": asked, "differ": differ,
        "rollouts": args.rollouts, "gain_per_round": round(mean, 1), "ci95": round(ci, 1), "by_kind": by_kind,
        "seconds": round(time.perf_counter() - t0, 1),
    }


KINDS = ("draw", "play", "discard")


class _Regret:
    """The measured seat in ``regret``: plays the normal bot's choice and, at each draw,
    meld or lay-off, and discard, plays every legal alternative out from the real position."""

    def __init__(self, g, bot, rollouts: int, deal: int, play_options: int = 12):
        self.g, self.bot = g, bot
        self.rollouts, self.deal = rollouts, deal
        self.play_options = play_options
        self.level = bot.level
        self.asked = 0
        self.found: dict[str, list[tuple[float, bool]]] = {k: [] for k in KINDS}
        self.best_holds = 0  # plays where holding (a discard) did best

    def call(self, view):
        return self.bot.call(view)

    def choose(self, view):
        mine = self.bot.choose(view)
        g = self.g
        if g.phase == "draw":
            kind, cands = "draw", [a for a in g.legal_actions() if isinstance(a, (DrawStock, TakePile))]
        elif isinstance(mine, Discard):
            kind, cands = "discard", [a for a in g.legal_actions() if isinstance(a, Discard)]
        elif isinstance(mine, (MeldCards, LayOff, Cover)):
            # every other meld, lay-off or cover (the first few), and holding them all
            plays = [a for a in g.legal_actions() if isinstance(a, (MeldCards, LayOff, Cover))]
            cands = [mine] + [a for a in plays if a != mine][:max(0, self.play_options - 1)]
            hold = self.hold(view)
            if hold is not None:
                cands.append(hold)
            kind = "play"
        else:
            return mine
        if len(cands) < 2 or mine not in cands:
            return mine
        self.asked += 1
        seed = self.deal * 1000 + self.asked
        half = self.rollouts // 2
        outs = {}
        for a in cands:
            vals = [play_out(g, a, view.seat, k, seed) for k in range(self.rollouts)]
            outs[a] = [0.0 if v is None else v for v in vals]
        # the best on the first half of the play-outs, measured on the second half
        best = max(cands, key=lambda a: sum(outs[a][:half]))
        gap = (sum(outs[best][half:]) - sum(outs[mine][half:])) / (self.rollouts - half)
        self.found[kind].append((gap, best != mine))
        if kind == "play" and isinstance(best, Discard):
            self.best_holds += 1
        return mine

    @staticmethod
    def hold(view):
        """Holding the melds: the normal bot's discard from the whole hand."""
        from game.bots.base import Checker
        from game.bots.normal import NormalBot
        from game.bots.tactics import Analysis

        return NormalBot(0).first_discard(view, Analysis(view), Checker(view), list(view.hand))


def regret(args) -> dict:
    """How much a level (normal by default) leaves at its draws, plays and discards, knowing every hand."""
    n = args.players
    per_round: dict[str, list[float]] = {k: [] for k in KINDS}
    each: dict[str, list[float]] = {k: [] for k in KINDS}
    other = dict.fromkeys(KINDS, 0)
    holds = 0
    t0 = time.perf_counter()

    opts = dict(args.hard_option) if args.level == "hard" else {}

    def measure(g, seat, deal):
        return _Regret(g, make_bot(args.level, seed=deal * 31 + seat, **opts), args.rollouts, deal,
                       args.play_options)

    for r, m in _measured_rounds(args, measure):
        holds += m.best_holds
        for kind, found in m.found.items():
            per_round[kind].append(sum(gap for gap, _ in found))
            each[kind] += [gap for gap, _ in found]
            other[kind] += sum(1 for _, differs in found if differs)
        if args.progress and (r + 1) % 10 == 0:
            figs = ", ".join(f"{k} {mean_ci(v)[0]:+.1f}" for k, v in per_round.items())
            print(f"[{r + 1}/{args.rounds}] per round: {figs} ({time.perf_counter() - t0:.0f}s)",
                  file=sys.stderr, flush=True)
    out = {"preset": args.preset, "players": n, "level": args.level, "options": opts, "rounds": args.rounds,
           "rollouts": args.rollouts}
    for kind in KINDS:
        m_round, ci_round = mean_ci(per_round[kind])
        m_each, ci_each = mean_ci(each[kind])
        out[kind] = {"decisions": len(each[kind]), "best_differs": other[kind],
                     "per_decision": round(m_each, 1), "per_decision_ci95": round(ci_each, 1),
                     "per_round": round(m_round, 1), "per_round_ci95": round(ci_round, 1)}
    out["play"]["best_is_holding"] = holds
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def game_share(rounds: list[list[int]], edge: float, target: int, lowest: bool, rng: random.Random,
               max_rounds: int = 200, spread: float = 1.0, mean: float = 0.0) -> float:
    """Seat 0's share of one game made of ``rounds`` drawn at random, seat 0 getting
    ``edge`` points a round more than the others' mean (the round's total unchanged).

    With ``spread`` other than 1, seat 0's points in each round move away from ``mean``
    (the mean of every seat's points in ``rounds``) by that factor: a seat that plays
    for bigger or smaller rounds at the same average.

    The game ends after the round in which a seat reaches ``target``; the highest total
    wins (the lowest with ``lowest``), ties share.  The ``winner_rule`` variants that
    ask the winner to have gone out are not modelled."""
    n = len(rounds[0])
    sign = -1 if lowest else 1
    extra = [sign * edge * (n - 1) / n] + [-sign * edge / n] * (n - 1)
    totals = [0.0] * n
    for _ in range(max_rounds):
        pts = rng.choice(rounds)
        k = rng.randrange(n)
        pts = pts[k:] + pts[:k]
        if spread != 1.0:
            pts = [mean + spread * (pts[0] - mean)] + pts[1:]
        totals = [t + p + e for t, p, e in zip(totals, pts, extra)]
        if max(totals) >= target:
            break
    best = min(totals) if lowest else max(totals)
    winners = [s for s in range(n) if totals[s] == best]
    return 1.0 / len(winners) if 0 in winners else 0.0


def edge(args) -> dict:
    """Win rates that an edge of ``x`` points a round would give (see the module notes)."""
    rules = rules_of(args)
    n = args.players
    rounds = []
    t0 = time.perf_counter()
    for r in range(args.rounds):
        deal = args.seed * 1_000_003 + r
        g, _ = new_game(rules, n, seed=deal)
        pts = play_round(g, [make_bot(args.level, seed=deal * 31 + s) for s in range(n)])
        if pts is not None:
            rounds.append(pts)
    if not rounds:
        raise SystemExit("edge: no round finished; nothing to build games from")
    rng = random.Random(args.seed)

    def won(edge=0.0, **kw):
        """The seat's share of ``args.games`` games built from the rounds."""
        return round(sum(game_share(rounds, edge, rules.target, rules.lowest_total_wins, rng, **kw)
                         for _ in range(args.games)) / args.games, 3)

    out = {"preset": args.preset, "players": n, "level": args.level, "rounds": len(rounds),
           "target": rules.target, "games": args.games,
           "won_by_edge": {f"{x:+g}": won(x) for x in args.edges}}
    if args.spreads:
        mean = sum(map(sum, rounds)) / (n * len(rounds))
        out["won_by_spread"] = {f"x{x:g}": won(spread=x, mean=mean) for x in args.spreads}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


class _Beliefs:
    """The hard seat in ``beliefs``: plays as the hard bot and, at each of its draws,
    compares the hidden cards its imagined deals put in each other hand with the real ones."""

    NAMES = ("inferred", "uniform")

    def __init__(self, g, bot, deals: int, deal: int):
        self.g, self.bot, self.deals = g, bot, deals
        self.level = bot.level
        self.rng = random.Random(deal)
        self.hits: dict[str, list[float]] = {k: [] for k in self.NAMES}

    def call(self, view):
        return self.bot.call(view)

    def choose(self, view):
        action = self.bot.choose(view)  # first, so that the bot has seen the others' last turns
        if view.phase != "draw":
            return action
        others = [s for s in range(view.players) if s != view.seat]
        known = {s: Counter(view.known[s]) for s in others}
        truth = {s: Counter(self.g.hands[s]) - known[s] for s in others}
        for name, deal in (("inferred", self.bot.deal), ("uniform", lambda v: v.determinize(self.rng))):
            hit = placed = 0
            for _ in range(self.deals):
                w = deal(view)
                for s in others:
                    guess = Counter(w.hands[s]) - known[s]
                    placed += sum(guess.values())
                    hit += sum((guess & truth[s]).values())
            if placed:
                self.hits[name].append(hit / placed)
        return action


def _hard_seat_rounds(args, seat_class, field: str, what: str, digits: int):
    """Rounds of normal bots with one seat played by ``seat_class(g, hard bot, --deals,
    deal)``; returns the hard bot's options, that seat's ``field`` lists (a dict of lists
    of figures) joined over the rounds, and the start time."""
    opts = dict(args.hard_option)
    joined: dict[str, list[float]] = {k: [] for k in seat_class.NAMES}
    t0 = time.perf_counter()

    def measure(g, seat, deal):
        return seat_class(g, make_bot("hard", seed=deal * 31 + seat, **opts), args.deals, deal)

    for r, m in _measured_rounds(args, measure):
        for k, v in getattr(m, field).items():
            joined[k] += v
        if args.progress and (r + 1) % 10 == 0:
            figs = ", ".join(f"{k} {mean_ci(v)[0]:.{digits}f}" for k, v in joined.items())
            print(f"[{r + 1}/{args.rounds}] {what}: {figs} ({time.perf_counter() - t0:.0f}s)",
                  file=sys.stderr, flush=True)
    return opts, joined, t0


def _seat_summary(args, opts, figures: dict, unit: str, pairs: dict, t0: float) -> dict:
    """The JSON summary of ``beliefs`` and ``outs``: each figure's mean with its 95%
    interval, and each named paired difference ``pairs[name] = (a, b)``, decision by decision."""
    out = {"preset": args.preset, "players": args.players, "hard_options": opts, "rounds": args.rounds,
           "deals": args.deals, "decisions": len(next(iter(figures.values())))}
    for k, v in figures.items():
        m, ci = mean_ci(v)
        out[k] = {unit: round(m, 4), "ci95": round(ci, 4)}
    for name, (x, y) in pairs.items():
        m, ci = mean_ci([a - b for a, b in zip(figures[x], figures[y])])
        out[name] = {unit: round(m, 4), "ci95": round(ci, 4)}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def beliefs(args) -> dict:
    """How often the hidden cards the hard bot deals into a hand are really there."""
    opts, hits, t0 = _hard_seat_rounds(args, _Beliefs, "hits", "hit rate", 4)
    return _seat_summary(args, opts, hits, "hit_rate", {"gain": ("inferred", "uniform")}, t0)


def until_next_turn(w, seat, seed, max_actions=400):
    """Play the imagined or copied state ``w`` on with normal bots (calls included) until
    ``seat``'s next draw or the end of the round; 1 if another seat went out, else 0."""
    away = False

    def back(g):  # the seat's next draw, once the turn has left it
        nonlocal away
        away = away or g.current != seat
        return away and g.current == seat and g.phase == "draw"

    bots = [make_bot("normal", seed=seed * 8 + s) for s in range(w.players)]
    if play_round(w, bots, max_actions, stop=back) is None:
        return 0
    out = w.results[-1].went_out
    return int(out is not None and out != seat)


class _Outs:
    """The hard seat in ``outs``: plays as the hard bot and, at each of its plays (after
    its draw), estimates the chance that another seat goes out before its next turn three
    ways: in the hard bot's imagined deals, in deals made at random from its view, and in
    the real deal with only the stock reshuffled (the truth the other two aim at)."""

    NAMES = ("inferred", "uniform", "true")

    def __init__(self, g, bot, deals: int, deal: int):
        self.g, self.bot, self.deals = g, bot, deals
        self.level = bot.level
        self.rng = random.Random(deal)
        self.deal = deal
        self.chance: dict[str, list[float]] = {k: [] for k in self.NAMES}
        self.asked = 0

    def call(self, view):
        return self.bot.call(view)

    def dealers(self):
        rng = self.rng
        return {"inferred": self.bot.deal, "uniform": lambda v: v.determinize(rng),
                "true": _true_deal(self.g, rng)}

    def choose(self, view):
        action = self.bot.choose(view)  # first, so that the bot has seen the others' last turns
        if view.phase != "play":
            return action
        self.asked += 1
        for name, deal in self.dealers().items():
            seeds = (self.deal * 7919 + self.asked * 101 + i for i in range(self.deals))
            self.chance[name].append(sum(until_next_turn(deal(view), view.seat, k) for k in seeds)
                                     / self.deals)
        return action


def outs(args) -> dict:
    """Whether the hard bot's imagined deals see the others go out as often as they do."""
    opts, chance, t0 = _hard_seat_rounds(args, _Outs, "chance", "chance another seat goes out", 3)
    return _seat_summary(args, opts, chance, "chance", {"inferred_minus_true": ("inferred", "true"),
                                                        "uniform_minus_true": ("uniform", "true")}, t0)


class _SeeingSimulation(Simulation):
    """``tournament --hard-sees-hands``: every hard seat searches the real hands."""

    def play_round(self, g, bots, kinds, where):
        for b in bots:
            if b.level == "hard":
                b.deal = _true_deal(g, b.rng)
        return super().play_round(g, bots, kinds, where)


def tournament(args) -> dict:
    rules = rules_of(args)
    kinds = args.seats.split(",")
    cls = _SeeingSimulation if args.hard_sees_hands else Simulation
    sim = cls(rules, args.players, kinds, seed=args.seed, rotate=True, check_legal=False,
              bot_options={"hard": dict(args.hard_option)})

    def progress(done, total, sim):
        wins = ", ".join(f"{k} {v:g}" for k, v in sorted(sim.wins.items()))
        print(f"[{done}/{total}] rounds {sim.rounds} wins: {wins} ({time.perf_counter() - sim._t0:.0f}s)",
              file=sys.stderr, flush=True)

    return sim.run(args.games, progress if args.progress else None)


def timing(args) -> dict:
    """Decision times of each level playing whole rounds against itself."""
    out = {}
    rules = rules_of(args)
    for level in args.levels.split(","):
        opts = dict(args.hard_option) if level == "hard" else {}
        times: dict[str, list[float]] = {}
        for gi in range(args.games):
            g, _ = new_game(rules, args.players, seed=args.seed + gi)
            bots = [make_bot(level, seed=gi * 10 + s, **opts) for s in range(args.players)]
            for _ in range(args.rounds_per_game):
                if play_round(g, bots, times=times) is None or g.phase != "round_over":
                    break
                g.next_round()
        out[level] = timing_summary(times.get(level, []))
        if args.progress:
            print(level, out[level], file=sys.stderr, flush=True)
    return {"preset": args.preset, "players": args.players, "decision_time": out}


def _floats(text: str) -> list[float]:
    """``--edges 0,10,20``: numbers separated by commas."""
    return [float(x) for x in text.split(",")]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--preset", default="rummy5000")
    common.add_argument("--players", type=int, default=4)
    common.add_argument("--seed", type=int, default=1)
    common.add_argument("--option", action="append", default=[], type=parse_option)
    common.add_argument("--hard-option", action="append", default=[], type=parse_option)
    common.add_argument("--json", action="store_true")
    common.add_argument("--progress", action="store_true")
    d = sub.add_parser("duplicate", parents=[common])
    d.add_argument("--hero", default="hard")
    d.add_argument("--base", default="normal")
    d.add_argument("--others", default="normal")
    d.add_argument("--rounds", type=int, default=100)
    d.add_argument("--hero-option", action="append", default=[], type=parse_option)
    d.add_argument("--base-option", action="append", default=[], type=parse_option)
    d.add_argument("--same-deal-per-seat", action="store_true")
    d.add_argument("--hero-first", action="store_true")
    d.add_argument("--hero-sees-hands", action="store_true",
                   help="the hard hero searches the real hands (stock reshuffled): a ceiling, not fair play")
    t = sub.add_parser("tournament", parents=[common])
    t.add_argument("--seats", default="normal,easy,easy,easy")
    t.add_argument("--games", type=int, default=40)
    t.add_argument("--target", type=int)
    t.add_argument("--hard-sees-hands", action="store_true",
                   help="hard seats search the real hands (stock reshuffled): a ceiling, not fair play")
    c = sub.add_parser("decisions", parents=[common])
    c.add_argument("--hero", default="hard")
    c.add_argument("--rounds", type=int, default=100)
    c.add_argument("--rollouts", type=int, default=24)
    c.add_argument("--hero-option", action="append", default=[], type=parse_option)
    c.add_argument("--skip-rounds", type=int, default=0,
                   help="normal bots play this many rounds of each game before the measured one")
    c.add_argument("--value", choices=("points", "games"), default="points",
                   help="what a play-out is worth: the seat's points in the round less the others' "
                        "mean, or (games) its share of the game won, the game played to its end")
    c.add_argument("--late", type=float, nargs="?", const=400.0, default=None, metavar="MARGIN",
                   help="normal bots play each game on until a round may end it (a side within MARGIN "
                        "points of the target, 400 by default, or the last deal); that round is measured")
    e = sub.add_parser("edge", parents=[common])
    e.add_argument("--level", default="normal")
    e.add_argument("--rounds", type=int, default=1000)
    e.add_argument("--games", type=int, default=4000)
    e.add_argument("--target", type=int)
    e.add_argument("--edges", type=_floats, default=[0, 10, 20, 30, 40, 50, 60, 80])
    e.add_argument("--spreads", type=_floats, default=[],
                   help="also: games won when the seat's points a round spread this many times as "
                        "far from the mean, at the same average (e.g. 0.8,1,1.2)")
    q = sub.add_parser("regret", parents=[common])
    q.add_argument("--level", default="normal", help="the measured seat's level (the others are normal)")
    q.add_argument("--rounds", type=int, default=100)
    q.add_argument("--rollouts", type=int, default=16)
    q.add_argument("--play-options", type=int, default=12,
                   help="at most this many melds, lay-offs and covers tried at a play (and holding)")
    b = sub.add_parser("beliefs", parents=[common])
    b.add_argument("--rounds", type=int, default=100)
    b.add_argument("--deals", type=int, default=24)
    o = sub.add_parser("outs", parents=[common])
    o.add_argument("--rounds", type=int, default=100)
    o.add_argument("--deals", type=int, default=16)
    m = sub.add_parser("timing", parents=[common])
    m.add_argument("--levels", default="easy,normal,hard")
    m.add_argument("--games", type=int, default=3)
    m.add_argument("--rounds-per-game", type=int, default=4)
    args = p.parse_args(argv)
    result = {"duplicate": duplicate, "tournament": tournament, "timing": timing,
              "decisions": decisions, "edge": edge, "regret": regret,
              "beliefs": beliefs, "outs": outs}[args.cmd](args)
    if args.json or args.cmd != "tournament":
        print(json.dumps(result, indent=2))
    else:
        print(format_summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
