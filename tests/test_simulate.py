"""The ``simulate`` command: headless games, invariant checks and the summary."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game import simulate
from game.engine import Rules, new_game
from game.simulate import Simulation, format_summary, main, mean_ci, parse_option

SUMMARY_FIELDS = (
    "games", "rounds", "actions", "seconds", "rounds_per_second", "actions_per_second",
    "invariant_failures", "rounds_capped", "per_kind", "decision_time",
)


def test_small_run_prints_a_summary(capsys):
    code = main(["--games", "1", "--seats", "normal,easy,easy", "--players", "3", "--seed", "4",
                 "--target", "600"])
    out = capsys.readouterr().out
    assert code == 0
    for words in ("games: 1", "rounds:", "actions:", "seconds:", "rounds per second:",
                  "actions per second:", "invariant failures: 0", "capped by the action limit",
                  "normal", "easy", "p50", "p95", "max"):
        assert words in out, words


def test_json_summary_parses(capsys):
    code = main(["--games", "2", "--seats", "easy,normal", "--players", "2", "--preset", "rummy500",
                 "--seed", "1", "--rotate", "--json", "--option", "target=200"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    for f in SUMMARY_FIELDS:
        assert f in data, f
    assert data["games"] == 2
    assert data["invariant_failures"] == 0
    assert set(data["per_kind"]) == {"easy", "normal"}
    for kind in data["per_kind"].values():
        assert {"mean_points_per_round", "ci95", "share_of_games_won", "win_rate_per_seat"} <= set(kind)
    assert data["options"] == {"target": 200}
    total_wins = sum(k["wins"] for k in data["per_kind"].values())
    assert total_wins == pytest.approx(data["games_finished"] + data["games_cut_by_round_limit"])
    assert {"p50_ms", "p95_ms", "max_ms"} <= set(data["decision_time"]["normal"])


def test_random_seats_and_the_action_cap(capsys):
    code = main(["--games", "1", "--seats", "random", "--players", "3", "--seed", "2", "--max-actions", "40",
                 "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["rounds_capped"] == 1 and data["games_abandoned"] == 1
    assert data["invariant_failures"] == 0


def test_round_limit_cuts_a_game(capsys):
    main(["--games", "1", "--seats", "easy", "--seed", "1", "--max-rounds", "1", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["games_cut_by_round_limit"] == 1
    assert data["rounds"] == 1


def test_an_invariant_failure_makes_the_exit_code_non_zero(monkeypatch, capsys):
    def broken(self, g, where):
        self._fail(f"{where}: a made-up failure")

    monkeypatch.setattr(Simulation, "_check", broken)
    assert main(["--games", "1", "--seats", "easy", "--seed", "1", "--max-rounds", "1"]) == 1
    assert "a made-up failure" in capsys.readouterr().out


def test_lost_cards_are_caught():
    sim = Simulation(Rules.preset("rummy5000"), 4, ["easy"] * 4, seed=1)
    g, _ = new_game(Rules.preset("rummy5000"), 4, seed=1)
    card = g.stock.pop()
    sim._check(g, "test")
    g.stock.append(card)
    g.scores[0] += 5
    sim._check(g, "test")
    assert sim.failure_count == 2
    assert "lost" in sim.failures[0] and "sum of the rounds" in sim.failures[1]


def test_rotation_reuses_the_deals():
    sim = Simulation(Rules.preset("rummy5000"), 4, ["hard", "normal", "easy", "random"], seed=9, rotate=True)
    seatings = [sim.seating(i) for i in range(8)]
    assert [s[0] for s in seatings[:4]] == [
        ["hard", "normal", "easy", "random"],
        ["normal", "easy", "random", "hard"],
        ["easy", "random", "hard", "normal"],
        ["random", "hard", "normal", "easy"],
    ]
    assert len({s[1] for s in seatings[:4]}) == 1
    assert seatings[4][1] != seatings[0][1]
    plain = Simulation(Rules.preset("rummy5000"), 4, ["hard", "normal", "easy", "random"], seed=9)
    assert len({plain.seating(i)[1] for i in range(4)}) == 4


def test_same_seed_same_summary():
    def run():
        sim = Simulation(Rules.preset("basic"), 3, ["easy", "normal", "random"], seed=5)
        s = sim.run(2)
        return {k: v for k, v in s.items() if "second" not in k and "time" not in k}

    assert run() == run()


def test_bad_arguments_are_usage_errors(capsys):
    for argv in (["--seats", "wizard"], ["--players", "3", "--seats", "easy,normal"],
                 ["--option", "no_such_option=1"], ["--preset", "nope"], ["--option", "novalue"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2


@pytest.mark.parametrize("argv,words", [
    (["--max-actions", "0"], "--max-actions must be at least 1"),
    (["--max-rounds", "-1"], "--max-rounds must be at least 1"),
    (["--games", "0"], "--games must be at least 1"),
    (["--seats", "hard", "--hard-option", "foo=1"], "the hard bot has no setting foo (settings: iterations, "),
    (["--hard-option", "iterations=abc"], "the hard bot's setting iterations is a whole number, not 'abc'"),
    (["--hard-option", "time_limit=soon"], "the hard bot's setting time_limit is a number or none, not 'soon'"),
    (["--hard-option", "take_margin=big"], "the hard bot's setting take_margin is a number, not 'big'"),
])
def test_limits_and_hard_settings_are_checked_before_any_game(capsys, argv, words):
    """A limit below one played nothing and reported empty figures; a hard-bot setting it
    does not have, or of the wrong kind, stopped the run with a traceback."""
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--games", argv[1]] if argv[0] == "--games" else argv)
    assert exc.value.code == 2
    assert f"error: {words}" in capsys.readouterr().err


def test_option_values_are_read_as_json_or_words():
    assert parse_option("rummy_calls=pile") == ("rummy_calls", "pile")
    assert parse_option("jokers_per_deck=2") == ("jokers_per_deck", 2)
    assert parse_option("one_meld_per_turn=true") == ("one_meld_per_turn", True)
    assert parse_option("permanent_wilds=jokers,twos") == ("permanent_wilds", ["jokers", "twos"])
    assert parse_option('permanent_wilds=["jokers"]') == ("permanent_wilds", ["jokers"])


def test_mean_ci():
    m, ci = mean_ci([1, 2, 3, 4])
    assert m == 2.5
    assert ci == pytest.approx(1.96 * (5 / 3 / 4) ** 0.5)
    assert mean_ci([]) == (0.0, 0.0)


def test_format_summary_mentions_differences():
    sim = Simulation(Rules.preset("rummy500", target=150), 2, ["normal", "easy"], seed=3)
    text = format_summary(sim.run(1))
    assert "differences in points per round" in text
    assert "normal-easy" in text


def test_python_m_game_simulate_runs():
    proc = subprocess.run(
        [sys.executable, "-m", "game", "simulate", "--games", "1", "--seats", "normal,easy,hard",
         "--players", "3", "--seed", "3", "--target", "300", "--hard-iterations", "2", "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["invariant_failures"] == 0
    assert "hard" in data["decision_time"]
    assert simulate.__name__ == "game.simulate"


def test_where_the_points_came_from_adds_up_from_the_rounds_results(monkeypatch):
    seen = []
    play_round = Simulation.play_round

    def spy(self, g, bots, kinds, where):
        done = play_round(self, g, bots, kinds, where)
        if done:
            seen.append((list(kinds), g.results[-1]))
        return done

    monkeypatch.setattr(Simulation, "play_round", spy)
    sim = Simulation(Rules.preset("rummy5000", target=800), 4, ["normal", "easy", "easy", "easy"],
                     seed=5, rotate=True, check_legal=False)
    data = sim.run(4)
    outs = 0.0
    for kind in ("normal", "easy"):
        d = data["per_kind"][kind]
        rows = [(r, s) for kinds, r in seen for s, k in enumerate(kinds) if k == kind]
        n = len(rows)
        assert d["seat_rounds"] == n > 0
        assert d["went_out_share"] == pytest.approx(sum(r.went_out == s for r, s in rows) / n, abs=1e-4)
        assert d["mean_melded"] == pytest.approx(sum(r.melded[s] for r, s in rows) / n, abs=0.01)
        assert d["mean_in_hand"] == pytest.approx(sum(r.in_hand[s] for r, s in rows) / n, abs=0.01)
        assert d["mean_bonus"] == pytest.approx(sum(r.bonus[s] for r, s in rows) / n, abs=0.01)
        # in Rummy 5000 a seat scores its melds, and the hands it collects when it goes out
        assert d["mean_points_per_round"] == pytest.approx(d["mean_melded"] + d["mean_bonus"], abs=0.02)
        outs += d["went_out_share"] * n
    assert outs == pytest.approx(sum(r.went_out is not None for _, r in seen), abs=0.01)
    assert 0 < outs <= len(seen)
    text = format_summary(data)
    assert "went out in" in text and "cards left in hand" in text
