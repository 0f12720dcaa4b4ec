"""The refusal of a player count names the game as the player knows it."""

from __future__ import annotations

import pytest

from game.engine import Rules, RulesError


@pytest.mark.parametrize("preset", ["partnership500", "persian"])
def test_a_partnership_game_needs_four_players_in_its_own_name(preset):
    with pytest.raises(RulesError) as e:
        Rules.preset(preset).check_players(5)
    assert str(e.value) == f"{Rules.preset_title(preset)} needs four players (two teams of two), not 5"


def test_partnerships_added_to_another_game_say_so():
    with pytest.raises(RulesError) as e:
        Rules.preset("rummy5000", partnerships=True).check_players(3)
    assert str(e.value) == "Rummy 5000 with partnerships needs four players (two teams of two), not 3"


def test_the_range_of_a_game_is_said_in_its_name():
    with pytest.raises(RulesError) as e:
        Rules.preset("basic").check_players(5)
    assert str(e.value) == "Basic rummy is played by 2 to 4 players, not 5"
