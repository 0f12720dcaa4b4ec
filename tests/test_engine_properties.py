"""Properties of random legal play over many seeded games, presets and option mixes.

Random legal play must never create or lose a card, the scores must add up, the
seat to act must always have a legal action, every listed action must apply, and
``copy()`` must give an independent state.  Games are short: a low target and at
most a few rounds.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine import Rules, RulesError
from game.engine.save import dumps_position, loads_position, position_dict
from game.engine.state import CALL, DRAW, GAME_OVER, PLAY, ROUND_OVER, new_game

MAX_ROUNDS = 3
MAX_STEPS = 260

PRESETS = ["rummy5000", "rummy500", "basic", "george", "partnership500", "persian"]

OPTIONS = {
    "dealer_rotation": st.sampled_from(["left", "winner"]),
    "upcard_counts": st.sampled_from(["additional", "total"]),
    "court_counts": st.sampled_from(["ten", "rank", "rank15"]),
    "min_upcard": st.sampled_from([2, 3, 4]),
    "wild_indicator": st.sampled_from(["dealer_upcard", "dealer_last", "extra_card", "separate",
                                       "rotating", "none"]),
    "indicator_on_permanent_wild": st.sampled_from(["deal_again", "replace"]),
    "permanent_wild_upcard": st.sampled_from([15, 20, 25, "replace"]),
    "aces": st.sampled_from(["high_or_low", "low_only", "high_only"]),
    "min_meld": st.sampled_from([3, 4]),
    "allow_sets": st.booleans(),
    "allow_runs": st.booleans(),
    "wild_rank_natural_in_place": st.booleans(),
    "wild_limit": st.sampled_from(["none", "fewer_than_naturals", "one_per_meld"]),
    "wild_after_meld": st.sampled_from(["stays", "swap"]),
    "top_take_no_return": st.booleans(),
    "top_take_must_use": st.booleans(),
    "discard_pile": st.sampled_from(["splayed", "top_only"]),
    "deep_take_use": st.sampled_from(["meld_or_layoff", "new_meld", "new_meld_two_naturals"]),
    "stock_draw_must_use": st.booleans(),
    "one_meld_per_turn": st.booleans(),
    "layoff_needs_own_meld": st.booleans(),
    "rummy_calls": st.sampled_from(["discard", "off", "top_card", "pile"]),
    "after_call": st.sampled_from(["resume", "caller_left"]),
    "pile_call_hand": st.booleans(),
    "going_out": st.sampled_from(["discard_unplayable", "floating", "meld_all_or_discard",
                                  "discard_required"]),
    "empty_stock": st.sampled_from(["end_round", "reshuffle"]),
    "floaters_draw_when_out": st.booleans(),
    "first_turn_out_grace": st.booleans(),
    "round_scoring": st.sampled_from(["melds_and_out_bonus", "melds_minus_hand", "winner_collects",
                                      "penalty", "add_to_out_player"]),
    "going_out_bonus": st.sampled_from([0, 25, 200]),
    "hands_count_on_empty_stock": st.booleans(),
    "simple_scoring": st.booleans(),
    "low_ace": st.booleans(),
    "winner_rule": st.sampled_from(["highest", "went_out", "must_go_out"]),
}

WILDS = st.sampled_from([
    {},
    {"jokers_per_deck": 1, "permanent_wilds": ["jokers"]},
    {"jokers_per_deck": 2, "permanent_wilds": ["jokers"], "wild_set": True},
    {"permanent_wilds": ["twos"]},
    {"permanent_wilds": ["one_eyed_jacks", "tens"]},
    {"lowest_rank": 3, "aces": "high_only"},
    {"lowest_rank": 6, "aces": "high_only", "upcard_counts": "total"},
])


@st.composite
def rule_sets(draw):
    preset = draw(st.sampled_from(PRESETS))
    chosen = draw(st.lists(st.sampled_from(sorted(OPTIONS)), max_size=8, unique=True))
    overrides = {k: draw(OPTIONS[k]) for k in chosen}
    if preset not in ("persian",):
        overrides.update(draw(WILDS))
    overrides["target"] = draw(st.sampled_from([100, 250, 500]))
    try:
        rules = Rules.preset(preset, **overrides)
    except RulesError:
        assume(False)
    lo, hi = rules.player_range()
    players = draw(st.integers(lo, min(hi, 6)))
    try:
        rules.check_players(players)
    except RulesError:
        assume(False)
    return rules, players


def check_pack(g):
    assert Counter(g.all_cards()) == Counter(g.pack)


def check_round(g):
    """The last round's points add up for its scoring mode; totals are the sum of points."""
    res = g.results[-1]
    rules = g.rules
    n = g.players
    mode = rules.round_scoring
    assert res.melded == g.melded_points()
    assert res.in_hand == [g.hand_points(s) for s in range(n)]
    if mode == "melds_and_out_bonus":
        assert res.points == [res.melded[s] + res.bonus[s] for s in range(n)]
        if res.went_out is None:
            assert not any(res.bonus)
        else:
            assert res.bonus[res.went_out] == sum(res.in_hand) - res.in_hand[res.went_out]
    elif mode == "melds_minus_hand":
        count = res.went_out is not None or rules.hands_count_on_empty_stock
        assert res.points == [res.melded[s] - (res.in_hand[s] if count else 0) + res.bonus[s]
                              for s in range(n)]
    elif mode == "add_to_out_player":
        assert res.points == [res.melded[s] + res.bonus[s] for s in range(n)]
    elif mode == "winner_collects":
        assert res.points == res.bonus
        if res.went_out is not None:
            assert res.points[res.went_out] == sum(res.in_hand) - res.in_hand[res.went_out]
    else:
        assert res.points == res.in_hand
    totals = [sum(r.points[s] for r in g.results) for s in range(n)]
    if g.phase == GAME_OVER and rules.final_bonus:
        diff = [a - b for a, b in zip(g.scores, totals)]
        assert sorted(diff)[-1] in (0, rules.final_bonus) and sum(diff) in (0, rules.final_bonus)
    else:
        assert g.scores == totals


def check_all_actions_apply(g, rng):
    acts = g.legal_actions()
    assert acts, f"seat {g.current} has no legal action in phase {g.phase}"
    sample = acts if len(acts) <= 25 else rng.sample(acts, 25)
    for a in sample:
        c = g.copy()
        c.apply(a)
        check_pack(c)
    calls = []
    for s in range(g.players):
        if s != g.current:
            calls += g.call_actions(s)
    for a in calls[:10]:
        c = g.copy()
        c.apply(a)
        check_pack(c)
    return acts, calls


def play_random(rules, players, seed, check_every_action=True):
    rng = random.Random(seed)
    g, _ = new_game(rules, players=players, seed=seed)
    check_pack(g)
    rounds = 0
    for step in range(MAX_STEPS):
        if g.phase == GAME_OVER:
            break
        if g.phase == ROUND_OVER:
            check_round(g)
            rounds += 1
            if rounds >= MAX_ROUNDS:
                break
            g.next_round()
            check_pack(g)
            continue
        assert g.phase in (DRAW, PLAY, CALL)
        if check_every_action:
            acts, calls = check_all_actions_apply(g, rng)
        else:
            acts = g.legal_actions()
            assert acts
            calls = [a for s in range(g.players) if s != g.current for a in g.call_actions(s)]
        if calls and rng.random() < 0.5:
            a = rng.choice(calls)
        else:
            # lean towards melding and laying off so that rounds reach their ends
            plays = [x for x in acts if type(x).__name__ in ("MeldCards", "LayOff", "Cover")]
            a = rng.choice(plays if plays and rng.random() < 0.6 else acts)
        if step % 17 == 0:
            # copy() is independent both ways
            before = position_dict(g)
            c = g.copy()
            c.apply(a)
            assert position_dict(g) == before
            after_c = position_dict(c)
            g.apply(a)
            assert position_dict(c) == after_c
            assert position_dict(g) == after_c
        else:
            g.apply(a)
        check_pack(g)
        for s in range(g.players):
            assert g.known[s] <= set(g.hands[s])
        if step % 29 == 0:
            # every reachable position saves and loads (melds stay valid, seats in range)
            assert position_dict(loads_position(dumps_position(g))) == position_dict(g)
    if g.phase in (ROUND_OVER, GAME_OVER) and g.results:
        check_round(g)
    return g


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(rule_sets(), st.integers(0, 2**32))
def test_random_legal_play_keeps_every_invariant(rs, seed):
    rules, players = rs
    play_random(rules, players, seed)


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PRESETS), st.integers(0, 2**32))
def test_presets_play_to_the_end_of_rounds(preset, seed):
    rules = Rules.preset(preset) if preset in ("persian",) else Rules.preset(preset, target=250)
    lo, hi = rules.player_range()
    players = random.Random(seed).randint(lo, min(hi, 6))
    play_random(rules, players, seed, check_every_action=False)


def test_many_seeded_default_games_reach_round_ends():
    ends = 0
    for seed in range(12):
        g = play_random(Rules.preset(target=250), 4, seed, check_every_action=False)
        ends += len(g.results)
    assert ends >= 6


def test_a_game_is_reproducible_from_its_seed_and_actions():
    rules = Rules.preset("rummy500", target=200)
    rng = random.Random(5)
    g, _ = new_game(rules, players=3, seed=99)
    h, _ = new_game(rules, players=3, seed=99)
    for _ in range(150):
        if g.phase == GAME_OVER:
            break
        if g.phase == ROUND_OVER:
            g.next_round()
            h.next_round()
            continue
        a = rng.choice(g.legal_actions())
        assert g.apply(a) == h.apply(a)
    assert position_dict(g) == position_dict(h)
