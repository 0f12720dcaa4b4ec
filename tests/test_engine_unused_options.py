"""``Rules.unused_options``: the options that change nothing with the other values (the
setup screen greys them out). Every option it names is played out: with any other value
the same seeded game, moved the same way, deals, plays and scores exactly alike."""

from __future__ import annotations

import random

import pytest

from game.engine import Rules, RulesError, new_game
from game.engine.rules import CHOICES, PERMANENT_WILDS, VALUE_KEYS
from game.engine.state import GAME_OVER, ROUND_OVER

# other values to try for each option that is not a plain choice or a switch
OTHER_VALUES = {
    "decks": (1, 2, 3),
    "jokers_per_deck": (0, 1, 2),
    "lowest_rank": (2, 3, 4),
    "permanent_wild_upcard": (15, 25, "replace"),
    "min_upcard": (2, 3, 4),
    "hand_size": (None, 6, 9),
    "min_meld": (3, 4),
    "after_call": (None, "resume", "caller_left"),
    "going_out_bonus": (0, 50),
    "target": (100, 500, 5000),
    "deals": (0, 1, 3),
    "final_bonus": (0, 50),
}


def other_rules(rules: Rules, name: str) -> list[Rules]:
    """``rules`` with ``name`` set to each value it does not have (the engine refusing a
    value is fine: an option that cannot be set changes nothing either)."""
    if name.startswith("permanent_wilds."):
        wilds = set(rules.permanent_wilds) ^ {name.split(".", 1)[1]}
        changes = [{"permanent_wilds": frozenset(wilds)}]
    elif name.startswith("values."):
        key = name.split(".", 1)[1]
        changes = [{"values": {key: v}} for v in (1, 37, 200) if v != rules.values[key]]
    else:
        now = getattr(rules, name)
        if isinstance(now, bool):
            values = [not now]
        else:
            values = [v for v in CHOICES.get(name, ()) + OTHER_VALUES.get(name, ()) if v != now]
        assert values, f"no other value known for {name}"
        changes = [{name: v} for v in values]
    out = []
    for change in changes:
        try:
            out.append(rules.replace(**change))
        except RulesError:
            pass
    return out


def play(rules: Rules, players: int, seed: int, rounds: int = 2) -> list:
    """A record of a seeded game of random legal moves: every choice offered, every score."""
    g, _ = new_game(rules, players, seed=seed)
    rng = random.Random(seed)
    record: list = []
    for _ in range(rounds):
        steps = 0
        while g.phase not in (ROUND_OVER, GAME_OVER) and steps < 400:
            legal = g.legal_actions()
            record.append(tuple(map(repr, legal)))
            g.apply(legal[rng.randrange(len(legal))])
            steps += 1
        record.append(("hands", tuple(tuple(h) for h in g.hands), "scores", tuple(g.scores)))
        if g.phase != ROUND_OVER:
            break
        g.next_round()
    return record


def test_the_names_are_options_or_parts_of_one():
    parts = {f"permanent_wilds.{w}" for w in PERMANENT_WILDS} | {f"values.{k}" for k in VALUE_KEYS}
    for preset in Rules.preset_names():
        for overrides in ({}, {"deal_style": "fixed"}, {"rummy_calls": "off"}, {"round_scoring": "penalty"}):
            unused = Rules.preset(preset, **overrides).unused_options()
            for name, why in unused.items():
                assert name in Rules.option_names() or name in parts, name
                assert why and why[0].islower() and not why.endswith("."), why


def test_what_the_presets_leave_unused():
    basic = Rules.preset("basic").unused_options()
    # basic rummy has no wild cards: the options about them change nothing
    for name in ("wild_limit", "wild_after_meld", "wild_set", "wild_rank_natural_in_place",
                 "values.wild", "values.wild_ace", "indicator_on_permanent_wild"):
        assert name in basic, name
    assert basic["wild_limit"] == "no card is wild"
    assert "deep_take_use" in basic and "hand_size" not in basic and "upcard_counts" in basic
    # a top card taken alone that must be used is used as "Deepest card taken must" says
    # (it was greyed as unused while it ruled the take: a tester)
    assert "deep_take_use" not in Rules.preset("basic", top_take_must_use=True).unused_options()
    george = Rules.preset("george").unused_options()
    assert george["permanent_wilds.twos"] == "the pack has no 2s"  # the 2s are taken out
    assert "aces" in george and "hand_size" in george and "upcard_counts" not in george
    rummy5000 = Rules.preset("rummy5000").unused_options()
    assert "wild_limit" not in rummy5000 and "wild_rank_natural_in_place" not in rummy5000
    assert "permanent_wild_upcard" in rummy5000  # nothing is always wild ...
    assert "permanent_wild_upcard" not in Rules.preset("rummy5000", permanent_wilds={"twos"}).unused_options()
    persian = Rules.preset("persian").unused_options()
    assert "target" in persian and "winner_rule" in persian and "final_bonus" not in persian
    # with rotating wilds there is no target either: the bonus's reason says what ends the game
    assert Rules.preset("rummy500").unused_options()["final_bonus"] == \
        "the game is played to a target, not a number of deals"
    assert Rules.preset("rummy500", wild_indicator="rotating").unused_options()["final_bonus"] == \
        "it goes with a number of deals, and this game ends after the kings' round"
    assert "joker_groups" not in persian and "joker_groups" in basic
    # a permanent two in its own place is natural there: the option matters without a round wild
    twos = Rules.preset("rummy500", permanent_wilds={"twos", "jokers"}).unused_options()
    assert "wild_rank_natural_in_place" not in twos
    assert Rules.preset("rummy500").unused_options()["wild_rank_natural_in_place"] == "only jokers are wild"
    # jokers that are not wild: the dealer's upcard is never an always-wild card, but a
    # joker turned up by another indicator is buried or kept as the option says
    groups = Rules.preset("persian", wild_indicator="dealer_upcard", deal_style="upcard")
    assert groups.unused_options()["indicator_on_permanent_wild"] == "no card is always wild"
    assert "indicator_on_permanent_wild" not in groups.replace(wild_indicator="separate").unused_options()
    assert "indicator_on_permanent_wild" not in groups.replace(deal_style="fixed").unused_options()


CASES = [(p, {}) for p in Rules.preset_names()] + [
    ("rummy500", {"rummy_calls": "discard"}),
    ("george", {"discard_pile": "top_only"}),
    ("rummy5000", {"deal_style": "fixed", "round_scoring": "penalty"}),
    ("rummy500", {"wild_indicator": "rotating", "simple_scoring": True}),
    # jokers in groups of their own (not wild) with the dealer's upcard naming the wild rank
    ("persian", {"wild_indicator": "dealer_upcard", "deal_style": "upcard"}),
]


@pytest.mark.parametrize("preset,overrides", CASES)
def test_an_unused_option_changes_nothing_in_play(preset, overrides):
    rules = Rules.preset(preset, **overrides)
    lo, hi = rules.player_range()
    players = max(lo, min(hi, 3))
    assert rules.unused_options()
    compared = 0
    for seed in (1, 2):
        base = play(rules, players, seed)
        for name in sorted(rules.unused_options()):
            for other in other_rules(rules, name):
                assert name in other.unused_options()  # (whether it matters never hangs on itself)
                try:
                    other.check_players(players)
                except RulesError:
                    continue
                assert play(other, players, seed) == base, (name, other.to_dict())
                compared += 1
    assert compared  # at least one other value was played
