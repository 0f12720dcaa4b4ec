"""The hard bot's measure of a round by the game it helps to win (``win_value``)."""

from __future__ import annotations

import random
from statistics import NormalDist

import pytest

from game.bots.hard import HardBot
from game.bots.odds import Outlook, win_chance
from game.bots.tactics import Analysis
from game.engine import Rules, new_game
from game.engine.view import view_of


def test_level_sides_share_the_win_chance():
    for n in (2, 3, 4, 8):
        assert win_chance([700] * n, 0, 300) == pytest.approx(1 / n, abs=1e-6)


def test_two_sides_win_chance_is_the_normal_law_of_the_gap():
    # the gap of two independent totals has a spread of sqrt(2) times each one's
    for gap in (-400, -50, 0, 120, 900):
        want = NormalDist(0, 300 * 2 ** 0.5).cdf(gap)
        assert win_chance([gap, 0], 0, 300) == pytest.approx(want, abs=1e-6)
        # with penalty scoring the lowest total wins: the same chance for the other side
        assert win_chance([gap, 0], 1, 300, lowest=True) == pytest.approx(want, abs=1e-6)


def test_win_chance_agrees_with_drawing_the_luck_at_random():
    rng = random.Random(5)
    totals = [150, 0, -80, 60]
    n = 40_000
    won = sum(1 for _ in range(n)
              if (lambda v: v[0] == max(v))([t + rng.gauss(0, 200) for t in totals]))
    assert win_chance(totals, 0, 200) == pytest.approx(won / n, abs=0.01)


def test_without_luck_the_best_total_wins_and_a_tie_is_shared():
    assert win_chance([10, 5, 0], 0, 0) == 1.0
    assert win_chance([10, 15, 0], 0, 0) == 0.0
    assert win_chance([10, 10, 0], 0, 0) == 0.5
    assert win_chance([10, 10, 20], 0, 0, lowest=True) == 0.5


def outlook(scores, preset="rummy5000", players=4, seat=0, **options):
    g, _ = new_game(Rules.preset(preset, **options), players, seed=1)
    g.scores = list(scores)
    return Outlook(view_of(g, seat))


def gain(o, points):
    return o.value(points) - o.value([0] * len(points))


def test_near_level_scores_a_point_is_worth_a_point():
    o = outlook([0, 0, 0, 0])
    assert gain(o, [40, 0, 0, 0]) == pytest.approx(40, rel=0.05)
    # a point to one of three level opponents costs a third of one
    assert gain(o, [0, 30, 0, 0]) == pytest.approx(-10, rel=0.05)


def test_points_to_the_leader_cost_more_than_points_to_a_trailing_seat():
    o = outlook([2000, 3000, 1000, 2000])
    to_leader = gain(o, [0, 100, 0, 0])
    to_trailer = gain(o, [0, 0, 100, 0])
    assert to_leader < to_trailer < 0


def test_a_leader_plays_safe_and_a_trailing_seat_gambles():
    """Between a sure 100 points and an even chance of 0 or 200, the model prefers the
    sure points when ahead and the gamble when far behind."""
    def gamble_over_sure(o):
        return (o.value([0, 0, 0, 0]) + o.value([200, 0, 0, 0])) / 2 - o.value([100, 0, 0, 0])

    assert gamble_over_sure(outlook([4000, 3200, 3200, 3200])) < 0
    assert gamble_over_sure(outlook([2400, 4000, 3000, 3000])) > 0


def test_the_rounds_left_follow_the_target_or_the_number_of_deals():
    o = outlook([0, 0, 0, 0])
    assert o.rounds_fixed is None
    assert o.rounds_left([2500, 0, 0, 0]) == pytest.approx(2500 / o.mean)
    assert o.rounds_left([6000, 0, 0, 0]) == 0
    # persian: two deals; in the first, one more is left
    assert outlook([0, 0, 0, 0], preset="persian").rounds_fixed == 1
    g, _ = new_game(Rules.preset("persian"), 4, seed=1)
    g.round_no = 2
    last = Outlook(view_of(g, 0))
    assert last.rounds_fixed == 0
    # the last deal's points are still guesses until it ends: near level, a point is a point
    assert gain(last, [20, 0, 0, 0]) == pytest.approx(20, rel=0.1)
    rot = Rules.preset("rummy5000", wild_indicator="rotating")
    g, _ = new_game(rot, 4, seed=1)
    g.wild_rank = 10
    assert Outlook(view_of(g, 0)).rounds_fixed == 3
    # with ranks taken out of the pack, only the ranks still in it are dealt as wilds
    short = Rules.preset("rummy5000", wild_indicator="rotating", lowest_rank=3)
    g, _ = new_game(short, 4, seed=1)
    assert g.wild_rank == 1 and Outlook(view_of(g, 0)).rounds_fixed == 11


def test_the_rounds_seen_set_the_mean_and_the_spread():
    from game.engine.state import RoundResult

    g, _ = new_game(Rules.preset("rummy5000", target=1500), 4, seed=2)
    fresh = Outlook(view_of(g, 0))
    assert fresh.mean == pytest.approx(1500 / 24)
    assert fresh.sd == pytest.approx(0.9 * 1500 / 24)
    # 40 rounds of 300 points a seat, against the prior's weight of 4 rounds
    g.results = [RoundResult(r, "went_out", 0, [0] * 4, [0] * 4, [0] * 4, [300] * 4) for r in range(1, 41)]
    seen = Outlook(view_of(g, 0))
    assert seen.mean == pytest.approx((160 * 300 + 16 * 1500 / 24) / 176)
    assert seen.sd < fresh.sd


def test_partners_count_as_one_side():
    o = outlook([100, 0, 100, 0], preset="rummy5000", partnerships=True)
    assert o.sides == [[0, 2], [1, 3]]
    assert o.scores == [200, 0]
    # a point to my partner is a point to my side
    assert gain(o, [0, 0, 50, 0]) == pytest.approx(gain(o, [50, 0, 0, 0]))
    assert gain(o, [0, 0, 50, 0]) > 0


def test_the_hard_bot_values_imagined_rounds_by_the_game_when_asked():
    rules = Rules.preset("rummy5000", target=1500)
    g, _ = new_game(rules, 4, seed=3)
    g.scores = [900, 1300, 400, 400]
    view = view_of(g, 0)
    an = Analysis(view)
    b = HardBot(1, iterations=1, time_limit=None, win_value=True)
    b._outlook = Outlook(view)
    plain = HardBot(1, iterations=1, time_limit=None)
    end = g.copy()
    end.phase = "game_over"
    end.winners = (0,)
    assert b.evaluate(end, 0, an) == pytest.approx(b._outlook.scale)
    end.winners = (1,)
    assert b.evaluate(end, 0, an) == 0
    # an unfinished round: the points melded and in hand, valued by the outlook
    mid = g.copy()
    melded = mid.melded_points()
    pts = [melded[s] + an.hand_worth(mid.hands[s]) for s in range(4)]
    assert b.evaluate(mid, 0, an) == pytest.approx(b._outlook.value(pts))
    assert plain.evaluate(mid, 0, an) == pytest.approx(pts[0] - sum(pts[1:]) / 3)


def test_the_hard_bot_sets_its_outlook_for_each_search():
    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=4)
    b = HardBot(2, iterations=2, time_limit=None, win_value=True)
    view = view_of(g, g.current)
    b.choose(view)
    assert b._outlook is not None and b._outlook.me == g.current
    assert HardBot(2)._outlook is None


@pytest.mark.parametrize("preset,options", [
    ("rummy5000", {"target": 800}),
    ("persian", {}),
    ("basic", {}),
    ("rummy500", {"round_scoring": "penalty", "target": 150}),
])
def test_the_hard_bot_valuing_the_game_plays_legally_to_the_end(preset, options):
    from game.simulate import Simulation

    rules = Rules.preset(preset, **options)
    sim = Simulation(rules, 4, ["hard", "normal", "normal", "normal"], seed=3, max_rounds=30,
                     bot_options={"hard": {"iterations": 2, "time_limit": None, "win_value": True}})
    s = sim.run(1)
    assert s["invariant_failures"] == 0, s["failure_messages"]
    assert s["illegal_actions"] == 0
    assert s["decision_time"]["hard"]["count"] > 0
    assert s["games_finished"] == 1
