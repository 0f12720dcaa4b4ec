"""The strength benchmarks run, and measure what they say they measure."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import bots as bench  # noqa: E402


def run(capsys, *argv):
    assert bench.main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_decisions_of_the_normal_bot_against_itself_never_differ(capsys):
    out = run(capsys, "decisions", "--hero", "normal", "--rounds", "4", "--rollouts", "2")
    assert out["decisions"] > 0
    assert out["differ"] == 0 and out["gain_per_round"] == 0
    assert all(k["differ"] == 0 and k["gain_per_round"] == 0 for k in out["by_kind"].values())


def test_decisions_measures_the_hard_bot(capsys):
    out = run(capsys, "decisions", "--hero", "hard", "--rounds", "2", "--rollouts", "2",
              "--hard-option", "iterations=2", "--hard-option", "time_limit=null")
    assert out["rounds"] == 2 and out["decisions"] > 0
    assert out["hero_options"] == {"iterations": 2, "time_limit": None}
    # the kinds of decision share out the differing decisions and the gain
    assert sum(k["differ"] for k in out["by_kind"].values()) == out["differ"]
    assert sum(k["gain_per_round"] for k in out["by_kind"].values()) == pytest.approx(
        out["gain_per_round"], abs=0.3)


def _measured_rounds_seen(capsys, monkeypatch, *argv):
    """``decisions`` of the normal bot against itself with ``argv``: its summary, and the
    round number and scores of each view the measured seat was asked about."""
    seen = []
    real = bench._Measured.choose

    def choose(self, view):
        seen.append((view.round_no, tuple(view.scores)))
        return real(self, view)

    monkeypatch.setattr(bench._Measured, "choose", choose)
    out = run(capsys, "decisions", "--hero", "normal", "--rounds", "2", "--rollouts", "2", *argv)
    assert seen and out["differ"] == 0
    return out, seen


def test_decisions_can_measure_a_round_later_in_the_game(capsys, monkeypatch):
    """``--skip-rounds``: normal bots play the first rounds, and the measured seat joins for
    the one after them, with the scores those rounds left."""
    out, seen = _measured_rounds_seen(capsys, monkeypatch, "--skip-rounds", "3")
    assert out["skip_rounds"] == 3 and out["rounds"] == 2
    assert all(rnd == 4 for rnd, _ in seen)
    assert any(sum(scores) != 0 for _, scores in seen)


def test_decisions_can_measure_the_rounds_that_may_end_the_game(capsys, monkeypatch):
    """``--late``: normal bots play on until a side is within the margin of the target,
    and the measured seat joins for that round."""
    out, seen = _measured_rounds_seen(capsys, monkeypatch, "--option", "target=1000", "--late", "300")
    assert out["late"] == 300 and out["rounds"] >= 1
    assert all(rnd > 1 and max(scores) >= 700 for rnd, scores in seen)


def test_a_play_out_to_the_end_of_the_game_gives_each_seat_its_share_of_it():
    from game.bots import make_bot
    from game.engine import Rules, new_game
    from game.engine.view import view_of

    g, _ = new_game(Rules.preset("rummy5000", target=600), 4, seed=5)
    a = make_bot("normal", 1).choose(view_of(g, g.current))
    for k in range(3):
        shares = [bench.play_out(g, a, s, k, 9, whole_game=True) for s in range(4)]
        assert sum(shares) == pytest.approx(1.0)
        assert all(0 <= x <= 1 for x in shares)
        assert shares == [bench.play_out(g, a, s, k, 9, whole_game=True) for s in range(4)]


def test_play_out_repeats_itself_and_scores_relative_to_the_others():
    from game.bots import make_bot
    from game.engine import Rules, new_game
    from game.engine.view import view_of

    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=3)
    a = make_bot("normal", 1).choose(view_of(g, g.current))
    first = bench.play_out(g, a, g.current, 0, 9)
    assert first == bench.play_out(g, a, g.current, 0, 9)
    assert bench.relative([10, 40, 10, 10], 1) == 30


def test_regret_measures_every_alternative_against_the_choice(monkeypatch):
    from game.bots import make_bot
    from game.engine import Discard, DrawStock, Rules, new_game
    from game.engine.view import view_of

    # play-outs with known values: the stock is worth 10, a discard its rank, the rest 0
    def play_out(g, action, seat, k, seed):
        if isinstance(action, DrawStock):
            return 10.0
        return float(int(action.card) & 15) if isinstance(action, Discard) else 0.0

    monkeypatch.setattr(bench, "play_out", play_out)
    discards = 0
    for seed in range(6):
        g, _ = new_game(Rules.preset("rummy5000"), 4, seed=seed)
        m = bench._Regret(g, make_bot("random", seed), rollouts=4, deal=seed)
        a = m.choose(view_of(g, g.current))
        drew = isinstance(a, DrawStock)
        assert m.found["draw"] == [(0.0 if drew else 10.0, not drew)]
        g.apply(a)
        while g.phase == "play":
            legal = [x for x in g.legal_actions() if isinstance(x, Discard)]
            a = m.choose(view_of(g, g.current))
            if isinstance(a, Discard) and len(legal) > 1:
                best = max(legal, key=lambda x: int(x.card) & 15)  # the first of the highest
                assert m.found["discard"] == [((int(best.card) & 15) - (int(a.card) & 15), best != a)]
                discards += 1
            g.apply(a)
    assert discards > 0


def test_regret_weighs_each_meld_against_the_others_and_holding(monkeypatch):
    from game.bots import make_bot
    from game.engine import Cover, Discard, LayOff, MeldCards, Rules, new_game
    from game.engine.view import view_of

    # play-outs with known values: holding (a discard) is worth 50, a meld its size
    def play_out(g, action, seat, k, seed):
        if isinstance(action, Discard):
            return 50.0
        return float(len(action.cards)) if isinstance(action, MeldCards) else 0.0

    monkeypatch.setattr(bench, "play_out", play_out)
    held = 0
    for seed in range(12):
        g, _ = new_game(Rules.preset("rummy5000"), 4, seed=seed)
        seat = g.current
        m = bench._Regret(g, make_bot("normal", seed), rollouts=4, deal=seed, play_options=3)
        while g.current == seat and g.phase in ("draw", "play"):
            view = view_of(g, seat)
            a = m.choose(view)
            if isinstance(a, (MeldCards, LayOff, Cover)) and bench._Regret.hold(view) is not None:
                held += 1
                assert m.found["play"][-1] == (50.0 - play_out(g, a, seat, 0, 0), True)
            g.apply(a)
            if isinstance(a, Discard):
                break
        assert m.best_holds == len(m.found["play"])
    assert held > 0


def test_regret_runs(capsys):
    out = run(capsys, "regret", "--rounds", "1", "--rollouts", "1", "--play-options", "2")
    assert out["level"] == "normal" and out["rounds"] == 1
    assert out["draw"]["decisions"] > 0 and out["discard"]["decisions"] > 0
    assert "best_is_holding" in out["play"]


def test_duplicate_can_let_the_hero_see_the_hands(capsys):
    out = run(capsys, "duplicate", "--hero", "hard", "--rounds", "2", "--hero-sees-hands",
              "--hard-option", "iterations=2", "--hard-option", "time_limit=null")
    assert out["hero_sees_hands"] is True and out["rounds"] >= 1


def test_game_share_gives_the_edge_to_seat_zero_and_splits_ties():
    import random

    even = [[50, 50, 50, 50]]
    rng = random.Random(1)
    assert bench.game_share(even, 0, 1500, False, rng) == 0.25
    assert bench.game_share(even, 8, 1500, False, rng) == 1.0
    assert bench.game_share(even, -8, 1500, False, rng) == 0.0
    # lowest total wins: the edge takes points off
    assert bench.game_share(even, 8, 1500, True, rng) == 1.0
    # the edge moves points between seats: the round's total stays
    lopsided = [[0, 0, 0, 400]]
    shares = [bench.game_share(lopsided, 0, 1500, False, random.Random(s)) for s in range(200)]
    assert 0.1 < sum(shares) / len(shares) < 0.4


def test_game_share_spread_moves_seat_zero_away_from_the_mean():
    import random

    # seat 0 always scores the mean: no spread keeps it level with everyone
    level = [[100, 100, 100, 100]]
    assert bench.game_share(level, 0, 1500, False, random.Random(1), spread=3.0, mean=100.0) == 0.25
    # seats take turns at a big round: a wider spread makes seat 0's big rounds bigger
    # (and its small ones smaller), which in a race to the target wins more often
    turns = [[400, 0, 0, 0]]
    def share(x):
        return sum(bench.game_share(turns, 0, 1500, False, random.Random(s), spread=x, mean=100.0)
                   for s in range(400)) / 400
    assert share(0.5) < share(1.0) < share(2.0)


def test_edge_turns_points_per_round_into_games_won(capsys):
    # (ten rounds of play to draw from: six were too few to say much about a spread of rounds)
    out = run(capsys, "edge", "--rounds", "10", "--games", "300", "--edges", "0,300", "--target", "1500")
    assert out["rounds"] == 10
    won = out["won_by_edge"]
    assert set(won) == {"+0", "+300"}
    assert won["+300"] > 0.9 and won["+0"] < 0.6
    assert "won_by_spread" not in out
    out = run(capsys, "edge", "--rounds", "6", "--games", "50", "--edges", "0", "--spreads", "0.5,2")
    assert set(out["won_by_spread"]) == {"x0.5", "x2"}


def test_tournament_can_let_the_hard_seats_see_the_hands(capsys):
    from game.bots import make_bot
    from game.engine import Rules, new_game
    from game.engine.view import view_of

    rules = Rules.preset("rummy5000")
    sim = bench._SeeingSimulation(rules, 2, ["hard", "normal"], check_legal=False)
    g, _ = new_game(rules, 2, seed=5)
    bots = [make_bot("hard", 1, iterations=2, time_limit=None), make_bot("normal", 2)]
    assert sim.play_round(g, bots, ["hard", "normal"], "test")
    g.next_round()  # the seat's deal reads the live game: a new round, hands all hidden
    imagined = bots[0].deal(view_of(g, 0))
    assert imagined.hands == g.hands and imagined is not g
    assert sorted(imagined.stock) == sorted(g.stock)


def test_beliefs_scores_a_deal_of_the_real_hands_as_all_hits(monkeypatch):
    """With the bot's deals replaced by the real hands (only the stock reshuffled), every
    hidden card it places is a hit; hands dealt at random hit far less often."""
    real = bench._Beliefs.__init__

    def init(self, g, bot, deals, deal):
        real(self, g, bot, deals, deal)
        bot.deal = bench._true_deal(g, random.Random(deal))

    monkeypatch.setattr(bench._Beliefs, "__init__", init)
    out = bench.beliefs(argparse.Namespace(preset="rummy5000", players=4, seed=1, option=[], rounds=4,
                                           deals=3, progress=False,
                                           hard_option=[("iterations", 2), ("time_limit", None)]))
    assert out["decisions"] > 0
    assert out["inferred"]["hit_rate"] == 1.0
    assert 0.05 < out["uniform"]["hit_rate"] < 0.5


def test_beliefs_runs(capsys):
    out = run(capsys, "beliefs", "--rounds", "2", "--deals", "2",
              "--hard-option", "iterations=2", "--hard-option", "time_limit=null")
    assert out["rounds"] == 2 and out["decisions"] > 0
    assert 0 < out["inferred"]["hit_rate"] < 1 and 0 < out["uniform"]["hit_rate"] < 1


def test_until_next_turn_sees_another_seat_go_out():
    from engine_helpers import position

    # seat 0 is to play; seat 1 holds three nines: it melds them and goes out on its turn
    g = position(["K♠ Q♦ 7♣ 4♥", "9♣ 9♠ 9♦", "J♠ J♦ 5♣ 3♥", "8♠ 6♦ 5♥ 3♣"], rules="basic",
                 pile="10♣", phase="play", current=0)
    assert bench.until_next_turn(g.copy(), 0, seed=1) == 1
    assert bench.until_next_turn(g.copy(), 1, seed=1) == 0  # its own going out is not a danger
    g = position(["K♠ Q♦ 7♣ 4♥", "9♣ 5♠ K♦ 2♦", "J♠ 10♦ 5♣ 3♥", "8♠ 6♦ 5♥ 3♣"], rules="basic",
                 pile="10♣", phase="play", current=0, top="A♦ A♣ A♥ A♠")
    assert bench.until_next_turn(g.copy(), 0, seed=1) == 0


def test_outs_compares_like_with_like(monkeypatch):
    """With the same deals for "inferred" and "true", the two chances agree exactly: the
    measure plays every deal out with the same random choices."""
    def dealers(self):
        return {"inferred": bench._true_deal(self.g, random.Random(self.asked)),
                "uniform": lambda v: v.determinize(self.rng),
                "true": bench._true_deal(self.g, random.Random(self.asked))}

    monkeypatch.setattr(bench._Outs, "dealers", dealers)
    out = bench.outs(argparse.Namespace(preset="rummy5000", players=4, seed=2, option=[], rounds=4,
                                        deals=3, progress=False,
                                        hard_option=[("iterations", 2), ("time_limit", None)]))
    assert out["decisions"] > 0
    assert out["inferred"] == out["true"] and out["inferred_minus_true"]["chance"] == 0


def test_outs_runs(capsys):
    out = run(capsys, "outs", "--rounds", "3", "--deals", "2",
              "--hard-option", "iterations=2", "--hard-option", "time_limit=null")
    assert out["rounds"] == 3 and out["decisions"] > 0
    assert all(0 <= out[k]["chance"] <= 1 for k in ("inferred", "uniform", "true"))


def test_timing_reports_each_level_it_played(capsys):
    out = run(capsys, "timing", "--games", "1", "--rounds-per-game", "1", "--seed", "1",
              "--levels", "easy,normal")
    times = out["decision_time"]
    assert set(times) == {"easy", "normal"}
    for level in times.values():
        assert level["count"] > 0 and 0 < level["p50_ms"] <= level["p95_ms"] <= level["max_ms"]


def _script(*argv: str, **env: str) -> str:
    import os
    import subprocess

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, *argv], cwd=root, capture_output=True, text=True,
                          timeout=240, env={**os.environ, **env})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_engine_benchmark_runs():
    out = _script("benchmarks/engine.py", "--seconds", "0.1", "--presets", "basic", "--players", "2")
    assert "basic" in out and "copies" in out


def test_the_frame_benchmark_runs(tmp_path):
    out = _script("benchmarks/ui_frames.py", "--seconds", "0.2", "--size", "1024x640", "--players", "3",
                  SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", RUMMY5000_DATA_DIR=str(tmp_path))
    for line in ("static", "drag", "animated", "idle"):
        assert line in out


def test_the_in_game_search_benchmark_runs_and_counts_searches(tmp_path):
    out = _script("benchmarks/ingame_search.py", "--seconds", "1",
                  SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", RUMMY5000_DATA_DIR=str(tmp_path))
    lines = {line.split("  ")[0].strip(): line for line in out.splitlines()}
    for label in ("in the game", "headless"):
        searches = int(lines[label].split("searches")[1].split()[0])
        assert searches > 0, out
    assert out.count("frames ") == 2


def test_the_hint_benchmark_times_hints_and_their_reasons():
    out = _script("benchmarks/hints.py", "--games", "2", "--players", "3")
    lines = {line.split()[0]: line for line in out.splitlines() if line.split()}
    assert int(lines["hint"].split()[1]) > 0 and int(lines["reason"].split()[1]) > 0
    assert "a 45-card hand: hint" in out


def test_the_memory_benchmark_plays_whole_games_and_reports_memory(tmp_path):
    out = _script("benchmarks/memory.py", "--games", "1", "--preset", "basic", "--players", "2",
                  SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    rows = [line.split() for line in out.splitlines()[2:] if line.split() and line.split()[0].isdigit()]
    assert len(rows) == 1 and rows[0][1] == "1366x768"
    rounds, frames, mb = int(rows[0][2]), int(rows[0][3]), float(rows[0][5])
    assert rounds >= 1 and frames > 0 and mb > 0
    assert out.splitlines()[-1].startswith("RSS: ")
