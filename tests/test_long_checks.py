"""tools/long_checks.py: the suite's random checks, run longer, say what failed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import long_checks  # noqa: E402


def test_every_soak_table_can_be_dealt():
    from game.engine import Rules

    seen = set()
    for seed in range(300):
        t = long_checks.table_for(seed)
        Rules.preset(t["preset"]).check_players(t["players"])  # raises if the table is refused
        seen.add(t["preset"])
    assert seen == set(long_checks.PRESETS)
    assert long_checks.table_for(5) == long_checks.table_for(5)


def test_soak_runs_a_table_and_reports_it(tmp_path, capsys):
    assert long_checks.main(["--data-dir", str(tmp_path), "soak", "--seconds", "0", "--steps", "60",
                             "--seed", "3"]) == 0
    out = capsys.readouterr().out
    t = long_checks.table_for(3)
    assert f"seed 3: {t['preset']}, {t['players']} players" in out
    assert "1 runs, no failure" in out
    assert (tmp_path / "settings.json").exists()  # its own data folder, not the player's


def test_a_failing_soak_run_is_named_and_ends_with_code_1(tmp_path, capsys, monkeypatch):
    import test_ui_soak

    def broken(*args, **kw):
        raise AssertionError("cards lost at step 7")

    monkeypatch.setattr(test_ui_soak, "_soak", broken)
    assert long_checks.main(["--data-dir", str(tmp_path), "soak", "--seconds", "0", "--seed", "4"]) == 1
    captured = capsys.readouterr()
    assert "seed 4:" in captured.out and "FAILED" in captured.out
    assert "cards lost at step 7" in captured.err


@pytest.mark.parametrize("fails", [False, True])
def test_properties_run_the_engine_property_tests(tmp_path, capsys, monkeypatch, fails):
    from game.engine.state import GameState

    if fails:
        real = GameState.apply

        def lose_a_card(self, action):
            events = real(self, action)
            if self.stock:
                self.stock.pop()
            return events

        monkeypatch.setattr(GameState, "apply", lose_a_card)
    code = long_checks.main(["--data-dir", str(tmp_path), "properties", "--examples", "2"])
    out = capsys.readouterr().out
    if fails:
        assert code == 1 and "test_random_legal_play_keeps_every_invariant: FAILED" in out
    else:
        assert code == 0
        for name in long_checks.PROPERTY_TESTS:
            assert f"{name}: 2 examples ok" in out
