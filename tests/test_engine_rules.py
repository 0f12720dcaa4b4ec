"""RULES.md section 2 and the options: presets, validation, refusal messages, deal fit."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Rules, RulesError, new_game
from game.engine.rules import CHOICES

# --------------------------------------------------------------------------- presets


def test_default_rules_are_the_rummy5000_preset():
    assert Rules() == Rules.preset() == Rules.preset("rummy5000")
    assert Rules().preset_name == "rummy5000"


@pytest.mark.parametrize("name", ["rummy5000", "rummy500", "basic", "george"])
def test_played_presets_exist(name):
    assert name in Rules.preset_names()
    assert Rules.preset(name).preset_name == name


@pytest.mark.parametrize("name", ["partnership500", "persian"])
def test_partnership_presets_exist(name):
    r = Rules.preset(name)
    r.check_players(4)


def test_unknown_preset_is_refused_with_the_choices():
    with pytest.raises(RulesError) as e:
        Rules.preset("gin")
    assert "'gin'" in str(e.value)
    assert "rummy5000" in str(e.value) and "rummy500" in str(e.value)


def test_rummy5000_preset():
    r = Rules.preset("rummy5000")
    assert r.deal_style == "upcard"
    assert r.upcard_counts == "additional"
    assert r.wild_indicator == "dealer_upcard"
    assert r.discard_pile == "splayed"
    assert r.layoff_needs_own_meld is True
    assert r.rummy_calls == "discard"
    assert r.call_after == "resume"
    assert r.going_out == "discard_unplayable"
    assert r.round_scoring == "melds_and_out_bonus"
    assert r.target == 5000
    assert r.aces == "high_or_low"
    assert r.jokers_per_deck == 0 and not r.permanent_wilds
    v = r.values
    assert all(v[str(n)] == 5 for n in range(2, 10))
    assert all(v[k] == 10 for k in ("10", "J", "Q", "K"))
    assert (v["A"], v["wild"], v["wild_ace"]) == (100, 100, 200)


def test_rummy5000_players_3_to_8_and_2_on_a_single_deck():
    r = Rules.preset("rummy5000")
    lo, hi = r.player_range()
    assert lo <= 2 and hi == 8
    for n in (2, 3, 4):
        assert r.decks_for(n) == 1
    for n in (5, 6, 7, 8):
        assert r.decks_for(n) == 2  # 000: 5 to 8 players use two decks
    for bad in (1, 9):
        with pytest.raises(RulesError, match=str(bad)):
            r.check_players(bad)


@pytest.mark.parametrize("jokers,decks", [(1, 1), (0, 2)])
def test_a_deal_that_exactly_fills_the_pack_fits(jokers, decks):
    """RULES.md 3: the largest deal plus one card for the pile must fit in the pack. Four
    hands of 13 and the pile's first card are 53 cards: one deck with a joker holds them
    all (the stock starts empty); without the joker a second deck is added."""
    wilds = ["jokers"] if jokers else []
    r = Rules.preset("rummy500", hand_size=13, jokers_per_deck=jokers, permanent_wilds=wilds)
    assert r.largest_deal(4, 1) + 1 == 53 and r.decks_for(4) == decks
    g, _ = new_game(r, 4, seed=5)
    assert sorted(map(len, g.hands)) == [13] * 4 and len(g.pile) == 1
    assert len(g.stock) == (0 if decks == 1 else 104 - 53)


def test_rummy500_preset():
    r = Rules.preset("rummy500")
    assert r.deal_style == "fixed"
    assert r.fixed_hand_size(2) == 13
    assert all(r.fixed_hand_size(n) == 7 for n in range(3, 9))
    assert r.discard_pile == "splayed"
    assert r.wild_indicator == "none"
    assert r.jokers_per_deck == 2 and r.permanent_wilds == {"jokers"}
    assert r.round_scoring == "melds_minus_hand"
    assert r.rummy_calls == "off"
    assert r.layoff_needs_own_meld is False
    assert r.going_out == "meld_all_or_discard"
    assert r.target == 500
    assert r.player_range() == (2, 8)
    assert r.pack_size(r.decks_for(4)) == 54
    assert r.pack_size(r.decks_for(5)) == 108  # 002: a second deck from five players
    v = r.values
    assert all(v[str(n)] == n for n in range(2, 10))
    assert (v["10"], v["J"], v["Q"], v["K"], v["A"], v["Jk"]) == (10, 10, 10, 10, 15, 15)


def test_basic_preset():
    r = Rules.preset("basic")
    assert r.deal_style == "fixed"
    assert r.fixed_hand_size(2) == 13 and r.fixed_hand_size(4) == 7
    assert r.discard_pile == "top_only"
    assert r.aces == "low_only"
    assert r.round_scoring == "winner_collects"
    assert r.wild_indicator == "none" and not r.permanent_wilds and r.jokers_per_deck == 0
    v = r.values
    assert v["A"] == 1
    assert all(v[str(n)] == n for n in range(2, 10))
    assert r.player_range()[0] == 2


def test_basic_is_for_two_to_four_players():
    r = Rules.preset("basic")
    assert r.player_range() == (2, 4)
    with pytest.raises(RulesError):
        r.check_players(5)


def test_each_preset_has_one_name_for_the_screens_and_the_messages():
    names = {p: Rules.preset_title(p) for p in Rules.preset_names()}
    assert names == {"rummy5000": "Rummy 5000", "rummy500": "Rummy 500", "basic": "Basic rummy",
                     "george": "George (2500 Rummy)", "partnership500": "Partnership 500",
                     "persian": "Persian Rummy"}
    assert all(Rules.preset(p).describe() == name for p, name in names.items())
    with pytest.raises(RulesError, match="^Basic rummy is played by 2 to 4 players, not 5$"):
        Rules.preset("basic").check_players(5)


def test_george_preset():
    r = Rules.preset("george")
    assert r.allow_sets and not r.allow_runs
    assert r.wild_limit == "one_per_meld"
    assert r.lowest_rank == 3  # a 48-card deck, no twos
    assert r.pack_size(r.decks_for(3)) == 96  # double 48-card pack
    assert r.decks_for(4) == 2
    assert r.target == 2500
    assert r.upcard_counts == "total" and r.court_counts == "rank"
    assert r.deep_take_use == "new_meld_two_naturals"
    assert r.player_range() == (3, 8)
    assert r.ace_mode == "high_only"


@pytest.mark.parametrize("name", ["rummy5000", "rummy500", "basic", "george"])
def test_any_option_can_be_changed_on_top_of_any_preset(name):
    base = Rules.preset(name)
    r = Rules.preset(name, target=1500, one_meld_per_turn=True)
    assert (r.target, r.one_meld_per_turn) == (1500, True)
    assert r.preset_name == name
    assert r.replace(target=2000).target == 2000
    # nothing else moved
    for opt in Rules.option_names():
        if opt not in ("target", "one_meld_per_turn"):
            assert getattr(r, opt) == getattr(base, opt), opt


def test_rules_are_immutable_values():
    r = Rules.preset()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 10  # type: ignore[misc]
    r2 = r.replace(target=1500)
    assert r.target == 5000 and r2.target == 1500


@pytest.mark.parametrize("name", ["rummy5000", "rummy500", "basic", "george"])
def test_rules_to_dict_round_trips(name):
    r = Rules.preset(name, target=2200, values={"A": 50, "Q♠": 45})
    d = r.to_dict()
    assert d["preset"] == name
    assert Rules.from_dict(d) == r


def test_option_names_follow_the_rules_doc():
    names = set(Rules.option_names())
    expected = {
        "decks", "jokers_per_deck", "lowest_rank", "permanent_wilds", "dealer_rotation",
        "deal_style", "upcard_counts", "court_counts", "permanent_wild_upcard", "min_upcard",
        "hand_size", "wild_indicator", "indicator_on_permanent_wild", "aces", "min_meld",
        "allow_sets", "allow_runs", "wild_rank_natural_in_place", "wild_set", "wild_limit",
        "wild_after_meld", "top_take_no_return", "top_take_must_use", "discard_pile",
        "deep_take_use", "stock_draw_must_use", "one_meld_per_turn", "layoff_needs_own_meld",
        "rummy_calls", "after_call", "going_out", "empty_stock", "floaters_draw_when_out",
        "first_turn_out_grace", "values", "simple_scoring", "low_ace", "round_scoring",
        "going_out_bonus", "hands_count_on_empty_stock", "target", "winner_rule",
    }
    assert expected <= names


@pytest.mark.parametrize("option,values", [
    ("dealer_rotation", ("left", "winner")),
    ("upcard_counts", ("additional", "total")),
    ("court_counts", ("ten", "rank", "rank15")),
    ("wild_indicator", ("dealer_upcard", "dealer_last", "extra_card", "separate", "rotating", "none")),
    ("indicator_on_permanent_wild", ("deal_again", "replace")),
    ("aces", ("high_or_low", "low_only", "high_only")),
    ("wild_limit", ("none", "fewer_than_naturals", "one_per_meld")),
    ("wild_after_meld", ("stays", "swap")),
    ("discard_pile", ("splayed", "top_only")),
    ("deep_take_use", ("meld_or_layoff", "new_meld", "new_meld_two_naturals")),
    ("rummy_calls", ("discard", "off", "top_card", "pile")),
    ("after_call", ("resume", "caller_left")),
    ("empty_stock", ("end_round", "reshuffle")),
    ("round_scoring", ("melds_and_out_bonus", "melds_minus_hand", "winner_collects", "penalty",
                       "add_to_out_player")),
    ("winner_rule", ("highest", "went_out", "must_go_out")),
])
def test_every_documented_choice_is_accepted(option, values):
    for v in values:
        assert getattr(Rules.preset(**{option: v}), option) == v
    assert set(values) <= set(CHOICES[option])


@pytest.mark.parametrize("option", sorted(CHOICES))
def test_a_bad_choice_is_refused_naming_the_option_and_the_choices(option):
    with pytest.raises(RulesError) as e:
        Rules.preset(**{option: "nonsense"})
    msg = str(e.value)
    assert option in msg and "'nonsense'" in msg
    assert all(choice in msg for choice in CHOICES[option])


def test_going_out_choices_cover_the_rules_doc():
    # rummy5000, floating (002 variant 8), rummy500, discard_to_go_out (boathouse)
    for v in ("discard_unplayable", "floating", "meld_all_or_discard", "discard_required"):
        assert Rules.preset(going_out=v).going_out == v


def test_unknown_option_is_refused_with_a_hint():
    with pytest.raises(RulesError) as e:
        Rules.preset(wild_limits="none")
    assert "'wild_limits'" in str(e.value)
    assert "wild_limit" in str(e.value)


@pytest.mark.parametrize("option", [
    "allow_sets", "wild_set", "top_take_no_return", "top_take_must_use", "stock_draw_must_use",
    "one_meld_per_turn", "layoff_needs_own_meld", "floaters_draw_when_out", "first_turn_out_grace",
    "simple_scoring", "low_ace", "hands_count_on_empty_stock", "wild_rank_natural_in_place",
])
def test_switches_must_be_true_or_false(option):
    with pytest.raises(RulesError, match=option):
        Rules.preset(**{option: "yes"})


@pytest.mark.parametrize("overrides,word", [
    ({"decks": 0}, "decks"),
    ({"decks": 5}, "decks"),
    ({"jokers_per_deck": 9, "permanent_wilds": {"jokers"}}, "jokers_per_deck"),
    ({"lowest_rank": 5}, "lowest_rank"),
    ({"permanent_wilds": {"threes"}}, "threes"),
    ({"jokers_per_deck": 1}, "jokers"),
    ({"permanent_wilds": {"jokers"}}, "jokers_per_deck"),
    ({"permanent_wilds": {"twos"}, "lowest_rank": 3}, "lowest_rank"),
    ({"aces": "low_only", "lowest_rank": 4}, "aces"),
    ({"permanent_wild_upcard": 12}, "permanent_wild_upcard"),
    ({"min_upcard": 5}, "min_upcard"),
    ({"hand_size": 0}, "hand_size"),
    ({"hand_size": 99}, "hand_size"),
    ({"min_meld": 2}, "min_meld"),
    ({"allow_sets": False, "allow_runs": False}, "allow_sets"),
    ({"wild_set": True}, "permanent_wilds"),
    ({"values": {"A": "lots"}}, "values"),
    ({"values": {"A": 1.5}}, "values"),
    ({"target": 0}, "target"),
    ({"target": -5}, "target"),
    ({"going_out_bonus": -1}, "going_out_bonus"),
    ({"values": [("A", 50)]}, "values must map"),
    ({"values": {1: 50}}, "values has an entry 1"),
    ({"jokers_per_deck": 2, "permanent_wilds": {"jokers"}, "joker_groups": True}, "joker_groups"),
    ({"deals": 51}, "deals"),
    ({"deals": -1}, "deals"),
    ({"deals": True}, "deals"),
    ({"final_bonus": -10}, "final_bonus"),
    # true/false and fractions are not numbers of the kind these options ask for
    ({"target": True}, "target"),
    ({"going_out_bonus": False}, "going_out_bonus"),
    ({"final_bonus": True}, "final_bonus"),
    ({"decks": True}, "decks"),
    ({"jokers_per_deck": True, "permanent_wilds": {"jokers"}}, "jokers_per_deck"),
    ({"hand_size": True}, "hand_size"),
    ({"lowest_rank": 2.0}, "lowest_rank"),
    ({"min_upcard": 3.0}, "min_upcard"),
    ({"min_meld": 3.0}, "min_meld"),
    ({"permanent_wild_upcard": 15.0}, "permanent_wild_upcard"),
    ({"target": 5000.0}, "target"),
])
def test_bad_values_are_refused_naming_the_option(overrides, word):
    with pytest.raises(RulesError) as e:
        Rules.preset(**overrides)
    assert word in str(e.value)


@pytest.mark.parametrize("count", [15, 20, 25, "replace"])
def test_permanent_wild_upcard_choices(count):
    assert Rules.preset(permanent_wild_upcard=count).permanent_wild_upcard == count


@pytest.mark.parametrize("target", [1500, 2000, 2200, 2500, 2800, 5000, 10000, 500])
def test_documented_targets_are_accepted(target):
    assert Rules.preset(target=target).target == target


def test_values_overrides_merge_into_the_preset_table():
    r = Rules.preset(values={"A": 50, "8": 10, "9": 10, "Q♠": 45})
    assert (r.values["A"], r.values["8"], r.values["9"], r.values["Q♠"]) == (50, 10, 10, 45)
    assert r.values["K"] == 10 and r.values["wild"] == 100  # the rest of the table stays


def test_min_meld_four_is_accepted():
    assert Rules.preset(min_meld=4).min_meld == 4


# --------------------------------------------------------------------------- deal fit


def test_a_deal_that_cannot_fit_is_refused_at_setup_naming_what_to_change():
    r = Rules.preset(decks=1, court_counts="rank15")  # four aces could need 4 x 16 cards
    with pytest.raises(RulesError) as e:
        new_game(r, players=4, seed=1)
    msg = str(e.value)
    assert "more decks" in msg
    assert "upcard_counts = total" in msg
    assert "court_counts = ten" in msg
    assert msg.endswith(", or fewer players")  # (the last choice after "or", as a sentence has it)


def test_eight_players_on_one_deck_is_refused():
    with pytest.raises(RulesError) as e:
        new_game(Rules.preset(decks=1), players=8, seed=1)
    assert "decks" in str(e.value) and "players" in str(e.value)


def test_fixed_deal_that_cannot_fit_is_refused():
    r = Rules.preset("rummy500", decks=1, hand_size=20)
    with pytest.raises(RulesError) as e:
        new_game(r, players=3, seed=1)
    msg = str(e.value)
    assert "more decks" in msg and "fewer players" in msg and "hand_size" in msg
    assert "upcard_counts" not in msg and "court_counts" not in msg  # (no upcard in this deal)


def test_the_discard_pile_card_counts_toward_the_fit():
    # 4 players x 13 = 52 cards fill one deck exactly; the pile needs one more
    r = Rules.preset("basic", decks=1, hand_size=13)
    with pytest.raises(RulesError):
        r.check_players(4)
    r.replace(hand_size=12).check_players(4)


def test_joker_groups_need_a_pack_with_enough_jokers_for_a_group():
    """One deck of two jokers, jokers in groups of their own: no group could ever be made,
    so every joker would be a dead card (a tester). Refused, with what would help."""
    r = Rules.preset("rummy5000", jokers_per_deck=2, joker_groups=True, permanent_wilds=[], decks=1)
    with pytest.raises(RulesError) as e:
        r.check_players(3)
    msg = str(e.value)
    assert "holds 2 jokers and a group needs 3" in msg and "jokers_per_deck" in msg and "decks" in msg
    r.replace(decks=2).check_players(3)  # (four jokers: a group can be made)
    r.replace(jokers_per_deck=3).check_players(3)
    r.replace(joker_groups=False, permanent_wilds=["jokers"]).check_players(3)


def test_automatic_decks_pick_a_pack_the_deal_fits():
    r = Rules.preset(court_counts="rank15")
    d = r.decks_for(8)
    assert r.largest_deal(8, d) + 1 <= r.pack_size(d)
    new_game(r, players=8, seed=1)


def test_upcard_counts_total_lets_the_same_table_fit():
    r = Rules.preset(decks=2, court_counts="rank")  # 7 players: 105 + 1 cards, 104 in the pack
    with pytest.raises(RulesError):
        r.check_players(7)
    r.replace(upcard_counts="total").check_players(7)


def test_largest_deal_counts_the_biggest_upcards():
    r = Rules.preset()
    # the four aces give 1 + 11 cards each
    assert r.largest_deal(4, 1) == 48
    assert r.replace(upcard_counts="total").largest_deal(4, 1) == 44
    assert r.replace(court_counts="rank").largest_deal(4, 1) == 60
    assert r.replace(court_counts="rank15").largest_deal(4, 1) == 64
    # a permanent wild upcard may be counted as 25 cards
    j = r.replace(jokers_per_deck=1, permanent_wilds={"jokers"}, permanent_wild_upcard=25,
                  indicator_on_permanent_wild="replace")
    assert j.largest_deal(2, 1) == 26 + 12


def test_a_single_card_value_may_be_written_in_ascii():
    from game.engine import parse_card

    r = Rules.preset(values={"Qs": 45})
    assert r.card_value(parse_card("Q♠"), False) == 45


def test_an_unknown_values_entry_is_refused():
    with pytest.raises(RulesError, match="bogus"):
        Rules.preset(values={"bogus": 1})


@pytest.mark.parametrize("written,key", [("a", "A"), (" k ", "K"), ("t", "10"), ("T", "10"), ("qs", "Q♠")])
def test_values_entries_may_be_written_in_lower_case_and_t_for_ten(written, key):
    assert Rules.preset(values={written: 77}).values[key] == 77


@pytest.mark.parametrize("wilds", [None, True, 3, "jokers", ["twos", 1], [["jokers"]], {"jokers": 1}])
def test_permanent_wilds_must_list_names(wilds):
    with pytest.raises(RulesError, match="^option permanent_wilds must list names"):
        Rules.preset(permanent_wilds=wilds)


def test_permanent_wilds_may_be_any_collection_of_names():
    for wilds in (["twos"], ("twos",), {"twos"}, frozenset({"twos"})):
        assert Rules.preset(permanent_wilds=wilds).permanent_wilds == frozenset({"twos"})
    assert Rules.preset(permanent_wilds=[]).permanent_wilds == frozenset()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=True)
    | st.sampled_from(["", "jokers", "twos", "none", "swap", "rank", "A", "wild", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["A", "K", "wild", "Jk", "x", "Qs"]), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=400, deadline=None)
@given(preset=st.sampled_from(["rummy5000", "rummy500", "basic", "george", "partnership500", "persian"])
       | JSON,
       changes=st.dictionaries(st.sampled_from(Rules.option_names()), JSON, min_size=1, max_size=3))
def test_any_value_for_any_option_gives_rules_or_a_rules_error(preset, changes):
    """Saves and settings files hand options over as JSON: whatever a damaged file
    holds, the options check says what is wrong (a RulesError) and nothing else breaks;
    what it accepts round-trips and deals."""
    try:
        r = Rules.from_dict({"preset": preset, **changes})
    except RulesError:
        return
    assert Rules.from_dict(r.to_dict()) == r
    lo, hi = r.player_range()
    for players in (lo, hi):
        try:
            new_game(r, players=players, seed=1)
        except RulesError:  # a pack too small for this many players says so
            pass


@pytest.mark.parametrize("name", [None, 3, ["rummy500"], {"preset": "rummy500"}, ""])
def test_a_preset_name_that_is_not_a_preset_is_refused(name):
    with pytest.raises(RulesError, match="^unknown preset"):
        Rules.preset(name)
    with pytest.raises(RulesError, match="^unknown preset"):
        Rules.from_dict({"preset": name})
