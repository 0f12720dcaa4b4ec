"""RULES.md, rule by rule: the cases the other engine tests leave open.

Each test names the rule it checks. Most are edge cases where two options meet: the
pack's fit with the wild indicator, runs that would turn the corner through a
lay-off, ties at the target, a team game's totals, and the duties of the pile and
the stock in the games that do not use them by default.
"""

from __future__ import annotations

import pytest
from engine_helpers import attempt, legal_texts, meld, play, playing, position

from game.engine import Rules, RulesError, new_game
from game.engine.state import CALL, DRAW, GAME_OVER, ROUND_OVER


def r(**kw):
    return {"preset": "rummy5000", **kw}


def r500(**kw):
    return {"preset": "rummy500", **kw}


def stock_out(hands, rules=None, **kw):
    """The stock is empty and seat 0 ends the round."""
    g = position(hands, rules=rules, pile="J♥", **kw)
    g.pile = g.stock + g.pile
    g.stock = []
    play(g, "end")
    assert g.round_done
    return g


def tightest_fixed_hand(rules: Rules, players: int) -> int:
    """The largest fixed hand the pack is accepted for."""
    for size in range(20, 0, -1):
        candidate = rules.replace(hand_size=size)
        try:
            candidate.check_players(players)
        except RulesError:
            continue
        return size
    raise AssertionError("no hand size fits")


def assert_dealt_soundly(g) -> None:
    assert sorted(g.all_cards()) == sorted(g.pack)
    assert len(g.pile) == 1
    assert g.wild_rank is not None
    assert not g.rules.is_permanent_wild(g.indicator) and not g.indicator.is_joker


# --------------------------------------------------------------------------- 3. the deal fits the pack

# RULES.md 3: "A configuration whose largest possible deal, plus one card for the discard
# pile, does not fit in the pack is refused when the game is set up ... The engine never
# deals from an empty stock."  A permanent wild turned as the indicator is buried and
# replaced, or dealt to the dealer, so every permanent wild may be turned before the card
# that names the rank; a joker that is not wild names no rank either.

TIGHT_REPLACE = dict(deal_style="fixed", wild_indicator="dealer_last", indicator_on_permanent_wild="replace",
                     permanent_wilds=["twos", "tens", "one_eyed_jacks"], decks=1)


def test_a_replaced_indicator_needs_a_stock_that_still_names_a_rank():
    # 3 hands of 17 leave one card: if it and the dealer's last card were both wild, no
    # card could ever name the rank, and the deal would turn them over for ever
    rules = Rules.preset("rummy5000", hand_size=17, **TIGHT_REPLACE)
    with pytest.raises(RulesError, match="hand_size"):
        rules.check_players(3)


def test_jokers_of_their_own_groups_count_as_indicators_dealt_again():
    # jokers are not wild here, but name no rank: the dealer is dealt another card for each
    rules = Rules.preset("rummy500", jokers_per_deck=4, permanent_wilds=[], joker_groups=True,
                         wild_indicator="dealer_last", hand_size=18, decks=1)
    with pytest.raises(RulesError, match="the deal may need"):
        rules.check_players(3)


@pytest.mark.parametrize("preset,opts", [
    ("rummy5000", TIGHT_REPLACE),
    ("rummy5000", {**TIGHT_REPLACE, "indicator_on_permanent_wild": "deal_again"}),
    ("rummy5000", {**TIGHT_REPLACE, "wild_indicator": "separate"}),
    ("rummy5000", {**TIGHT_REPLACE, "wild_indicator": "extra_card", "jokers_per_deck": 2,
                   "permanent_wilds": ["jokers", "twos"]}),
    ("rummy5000", {**TIGHT_REPLACE, "wild_indicator": "dealer_upcard"}),
    ("rummy500", {"jokers_per_deck": 4, "permanent_wilds": [], "joker_groups": True,
                  "wild_indicator": "dealer_last", "decks": 1}),
    ("rummy500", {"jokers_per_deck": 4, "permanent_wilds": [], "joker_groups": True,
                  "wild_indicator": "separate", "indicator_on_permanent_wild": "replace", "decks": 1}),
])
def test_the_fullest_accepted_deal_always_finds_its_wild_rank_and_pile(preset, opts):
    base = Rules.preset(preset, **opts)
    size = tightest_fixed_hand(base, 3)
    rules = base.replace(hand_size=size)
    for seed in range(120):
        g, _ = new_game(rules, 3, seed=seed)
        assert_dealt_soundly(g)
        assert [len(g.hands[s]) for s in range(3) if s != g.dealer] == [size, size]
        assert len(g.hands[g.dealer]) >= size


def test_the_upcard_deal_with_replace_is_not_made_stricter():
    # the dealer's permanent-wild upcard is replaced as an upcard: nothing more is dealt
    rules = Rules.preset("rummy5000", permanent_wilds=["twos"], indicator_on_permanent_wild="replace",
                         permanent_wild_upcard="replace")
    again = rules.replace(indicator_on_permanent_wild="deal_again")
    assert rules.largest_deal(8, 2) + 4 * 2 == again.largest_deal(8, 2)


# --------------------------------------------------------------------------- 4. aces and the corner

# RULES.md 4: "K-A-2 is not [a run], and one run never uses an ace at both ends" -- a
# lay-off may not make one either.


@pytest.mark.parametrize("run,card,end", [
    ("Q♥ K♥ A♥", "2♥", ""),
    ("A♥ 2♥ 3♥", "K♥", ""),
    ("A♥ 2♥ 3♥", "K♥", "low"),
])
def test_a_lay_off_never_turns_the_corner(run, card, end):
    start = "run:Q♥" if run.startswith("Q") else "run:A♥"
    g = playing(f"{card} 4♦", melds=[meld(0, start, run)])
    why = attempt(g, f"layoff {card} on 1 {end}".strip())
    assert why and "corner" in why
    assert len(g.melds[0].cards) == 3


def test_a_wild_cannot_stand_past_a_high_ace_or_below_a_low_ace():
    g = playing("9♣ 4♦", wild="9", melds=[meld(0, "run:Q♥", "Q♥ K♥ A♥")])
    assert attempt(g, "layoff 9♣ on 1 high") is not None
    assert attempt(g, "layoff 9♣ on 1 low") is None  # it stands for the J♥
    assert (g.melds[0].lo, g.melds[0].hi) == (11, 14)
    g = playing("9♣ 4♦", wild="9", melds=[meld(0, "run:A♥", "A♥ 2♥ 3♥")])
    assert attempt(g, "layoff 9♣ on 1 low") is not None
    assert attempt(g, "layoff 9♣ on 1 high") is None  # the 4♥
    assert (g.melds[0].lo, g.melds[0].hi) == (1, 4)


def test_a_run_cannot_start_below_the_lowest_rank_left_in_the_pack():
    # "lowest_rank ... ranks below it are removed": with 3 lowest, no wild may be the 2
    rules = r(lowest_rank=3)
    g = playing("9♣ 3♥ 4♥ 5♦", wild="9", rules=rules)
    assert attempt(g, "meld 9♣ 3♥ 4♥ as run:2♥") is not None
    assert attempt(g, "meld 9♣ 3♥ 4♥") is None
    assert (g.melds[0].lo, g.melds[0].hi) == (3, 5)
    g = playing("9♣ 4♦", wild="9", rules=rules, melds=[meld(0, "run:3♥", "3♥ 4♥ 5♥")])
    assert attempt(g, "layoff 9♣ on 1 low") is not None


# --------------------------------------------------------------------------- 5. the pile's duties


def test_top_take_must_use_with_a_top_only_pile():
    # basic rummy with 000 play variant 7: the top card is the only one to take, and it
    # must be melded this turn
    rules = {"preset": "basic", "top_take_must_use": True}
    g = position(["8♣ 8♦ 2♠ 5♥", "K♠"], pile="4♦ 3♣", rules=rules)
    assert legal_texts(g) == ["draw"]
    g = position(["8♣ 8♦ 2♠ 5♥", "K♠"], pile="4♦ 8♥", rules=rules)
    play(g, "take 8♥")
    why = attempt(g, "discard 2♠")
    assert why and "8♥" in why
    play(g, "meld 8♣ 8♦ 8♥", "discard 2♠")
    assert g.current == 1


def test_top_take_must_use_follows_deep_take_use_new_meld():
    # "with top_take_must_use ... it must be melded this turn": with new_meld, a lay-off
    # does not do
    rules = r(top_take_must_use=True, deep_take_use="new_meld", layoff_needs_own_meld=False)
    melds = [meld(1, "set:Q", "Q♣ Q♦ Q♠")]
    g = position(["2♠ 5♥ 9♦", "K♠"], pile="4♦ Q♥", rules=rules, melds=melds)
    assert "take Q♥" not in legal_texts(g)
    g = position(["2♠ 5♥ 9♦", "K♠"], pile="4♦ Q♥", rules=r(top_take_must_use=True, layoff_needs_own_meld=False),
                 melds=melds)
    play(g, "take Q♥")
    assert attempt(g, "discard 2♠") is not None
    play(g, "layoff Q♥ on 1", "discard 2♠")


def test_the_card_just_taken_may_go_back_after_a_deep_take_of_it_and_more():
    # "the top card of the discard pile; it may not be discarded again this turn": taken
    # alone. Taken with a deeper card it is one more card of the hand
    g = position(["7♣ 7♦ 2♠", "K♠"], pile="4♦ 7♥ Q♥")
    play(g, "take 7♥", "meld 7♣ 7♦ 7♥")
    assert attempt(g, "discard Q♥") is None
    assert str(g.pile[-1]) == "Q♥"


def test_a_floater_draws_from_the_rebuilt_stock_when_the_pile_is_reshuffled():
    # 7: the floater "on each later turn ... draw[s] from the stock"; with empty_stock =
    # reshuffle the pile, all but its top card, becomes that stock
    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], floating=[True, False, False], pile="J♥",
                 melds=[meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")], rules=r(empty_stock="reshuffle"),
                 phase="play", current=2)
    g.pile = g.stock + g.pile
    g.stock = []
    # seat 2 discards, and seat 0, floating, starts its turn with an empty stock
    play(g, "discard 4♠")
    assert g.current == 0 and g.phase == DRAW and g.stock == []
    assert legal_texts(g) == ["draw"]  # (a floater does not take from the pile)
    n = len(g.pile)
    play(g, "draw")  # the draw turns the pile over first
    assert g.reshuffles == 1 and len(g.stock) == n - 2 and [str(c) for c in g.pile] == ["4♠"]
    assert len(g.hands[0]) == 1


# --------------------------------------------------------------------------- 8. scoring options


def test_four_at_once_double_alone_doubles_runs_and_sets_of_four_or_more_laid_at_once():
    # 9 (persian): "a group of four laid down at once counts double", here as an option of
    # rummy500: a set of three and the fourth added later count once
    rules = r500(four_at_once_double=True)
    g = playing("5♥ 6♥ 7♥ 8♥ 9♠ 9♦ 9♣ 9♥ K♣", rules=rules)
    events = play(g, "meld 5♥ 6♥ 7♥ 8♥", "meld 9♠ 9♦ 9♣")
    assert g.melded_points()[0] == 2 * (5 + 6 + 7 + 8) + 27
    # the Melded event says which counted double (the table marks it, the move list says it)
    assert [e.double for e in events if type(e).__name__ == "Melded"] == [True, False]
    play(g, "layoff 9♥ on 2")
    assert g.melded_points()[0] == 2 * (5 + 6 + 7 + 8) + 36
    off = playing("5♥ 6♥ 7♥ 8♥ K♣", rules=r500())
    play(off, "meld 5♥ 6♥ 7♥ 8♥")
    assert off.melded_points()[0] == 26


def test_a_tie_between_teams_at_the_target_is_a_joint_win():
    # 8: "highest (ties are joint winners)"; 9: "each team's melds and hands are scored as one"
    g = stock_out(["2♥", "3♦", "4♣", "5♠"], rules={"preset": "partnership500", "hands_count_on_empty_stock": False},
                  scores=[250, 240, 250, 260])
    assert g.side_scores() == [500, 500]
    assert g.phase == GAME_OVER and sorted(g.winners) == [0, 1, 2, 3]


def test_a_team_total_may_be_negative_and_is_both_partners_points():
    # 8: melds_minus_hand "scores can go negative"; 9: a team is scored as one
    g = stock_out(["K♥ Q♥", "3♦", "J♣ 10♣", "5♠"], rules={"preset": "partnership500"},
                  melds=[meld(1, "set:7", "7♣ 7♦ 7♥")])
    assert g.scores == [-20, 21 - 3, -20, -5]
    assert g.side_scores() == [-40, 13]
    assert g.phase == ROUND_OVER


def test_penalty_ties_at_the_lowest_total_are_joint_winners():
    # 8: penalty "each player is charged their hand value; the lowest total wins"
    g = stock_out(["2♥", "2♦", "9♣"], rules={"preset": "basic", "round_scoring": "penalty"},
                  scores=[50, 50, 95])
    assert g.scores == [52, 52, 104]
    assert g.phase == GAME_OVER and g.winners == (0, 1)


def test_the_going_out_bonus_is_not_paid_when_the_stock_runs_out():
    # 8: melds_minus_hand with going_out_bonus is a bonus for going out
    g = stock_out(["2♥", "3♦", "9♣"], rules=r500(going_out_bonus=50))
    assert g.results[-1].bonus == [0, 0, 0]
    assert g.scores == [-2, -3, -9]


def test_the_out_player_collects_a_wild_ace_left_in_a_hand_at_200():
    # 8: "If a player went out, they also score the value of every card left in the other
    # hands", valued as melded: a wild ace 200, a wild 7 100
    g = position(["2♠", "A♣ 7♦", "K♦"], wild="A", phase="play", current=0, pile="J♥")
    play(g, "discard 2♠")
    assert g.results[-1].in_hand == [0, 200 + 5, 10]
    assert g.results[-1].bonus[0] == 215


# --------------------------------------------------------------------------- 7. going out


def test_a_floater_under_stock_draw_must_use_plays_or_discards_the_drawn_card():
    # 5: stock_draw_must_use "must be melded at once or discarded"; 7: the floater "must
    # play the card if it can be played (and float on), and otherwise discard it and go out"
    melds = [meld(0, "run:5♣", "5♣ 6♣ 7♣ 8♣")]
    rules = r(stock_draw_must_use=True)
    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], floating=[True, False, False], pile="J♥",
                 melds=melds, top="9♣", rules=rules)
    play(g, "draw")
    assert legal_texts(g) == ["layoff 9♣ on 1 high"]
    play(g, "layoff 9♣ on 1")
    assert g.floating[0] and g.current == 1
    g = position(["", "K♠ Q♦ 3♠", "3♦ 9♥ 4♠"], floating=[True, False, False], pile="J♥",
                 melds=melds, top="2♥", rules=rules)
    play(g, "draw", "discard 2♥")
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 0


def test_discard_required_keeps_a_card_even_for_a_rummy_caller():
    # 7: discard_to_go_out "forbids melding the last card"; 6: the caller "then discards
    # one card if they have one"
    rules = r500(going_out="discard_required", rummy_calls="top_card")
    melds = [meld(0, "run:5♣", "5♣ 6♣ 7♣"), meld(1, "set:K", "K♣ K♦ K♥")]
    g = position(["Q♦ 8♣", "K♠", "4♥ 3♦"], melds=melds, pile="2♥ 9♣", rules=rules,
                 phase="play", current=0, top="J♠")
    play(g, "discard 8♣")
    assert g.call_open and g.current == 1
    play(g, "rummy 1 on 1")
    assert g.phase == CALL and g.current == 1
    assert attempt(g, "layoff K♠ on 2") is not None
    play(g, "discard K♠")
    assert g.phase == ROUND_OVER and g.results[-1].went_out == 1


def test_a_layoff_plan_finds_an_order_that_fits_every_card():
    """7♦ then 6♦ onto 8-J♦ (the 6 alone does not fit yet); a card that fits nowhere: no plan."""
    from game.engine import LayOff
    from game.engine.cards import parse_cards

    g = position(["6♦ 7♦ 3♠ 9♣", "K♠ Q♣ 2♥"], melds=[meld(0, "run:8♦", "8♦ 9♦ 10♦ J♦")],
                 phase="play")
    ends = lambda card: [LayOff(card, 1, "high"), LayOff(card, 1, "low")]  # noqa: E731
    six, seven, spade = parse_cards("6♦ 7♦ 3♠")
    plan = g.layoff_plan([six, seven], 1, ends)
    assert plan == [LayOff(seven, 1, "low"), LayOff(six, 1, "low")]
    assert [str(c) for c in g.meld_by_id(1).cards] == ["8♦", "9♦", "10♦", "J♦"]  # tried on copies
    assert g.layoff_plan([six, spade], 1, ends) is None
