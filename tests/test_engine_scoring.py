"""RULES.md section 8: card values, round scoring and the end of the game."""

from __future__ import annotations

import pytest
from engine_helpers import C, meld, play, position

from game.engine import Rules
from game.engine.cards import build_pack
from game.engine.melds import MeldContext
from game.engine.rules import CHOICES
from game.engine.state import DRAW, GAME_OVER, ROUND_OVER


def r(**kw):
    return {"preset": "rummy5000", **kw}


def out_now(hands, melds=(), rules=None, seat=0, **kw):
    """Seat ``seat`` holds one unplayable card after drawing and discards it to go out."""
    g = position(hands, melds=list(melds), rules=rules, phase="play", current=seat, pile="J♥", **kw)
    card = g.hands[seat][0]
    assert len(g.hands[seat]) == 1
    play(g, f"discard {card}")
    assert g.phase in (ROUND_OVER, GAME_OVER)
    return g, g.results[-1]


def stock_out(hands, melds=(), rules=None, **kw):
    g = position(hands, melds=list(melds), rules=rules, pile="J♥", **kw)
    g.pile = g.stock + g.pile
    g.stock = []
    play(g, "end")
    assert g.phase in (ROUND_OVER, GAME_OVER)
    return g, g.results[-1]


def value(rules: Rules, text: str, wild_rank=None) -> int:
    ctx = MeldContext(rules, wild_rank, 2, build_pack(2, rules.jokers_per_deck, rules.lowest_rank))
    return ctx.value[C(text)]


# --------------------------------------------------------------------------- card values


def test_rummy5000_values():
    rules = Rules.preset()
    for t in ("2♣", "3♦", "5♥", "8♠", "9♣"):
        assert value(rules, t) == 5
    for t in ("10♣", "J♦", "Q♥", "K♠"):
        assert value(rules, t) == 10
    assert value(rules, "A♠") == 100


def test_000_scoring_example():
    rules = Rules.preset()
    assert value(rules, "A♣", wild_rank=1) == 200   # a wild ace
    assert value(rules, "A♣", wild_rank=7) == 100   # an ace that is not wild
    assert value(rules, "7♥", wild_rank=7) == 100   # a wild 7
    assert value(rules, "K♦", wild_rank=7) == 10
    assert value(rules, "5♠", wild_rank=7) == 5


def test_000_scoring_example_in_melds():
    g = position(["2♠", "3♦ 4♦"], wild="A", phase="play", current=0,
                 melds=[meld(0, "set:A", "A♣ A♦ A♥")])
    assert g.melded_points()[0] == 600
    g = position(["2♠", "3♦ 4♦"], wild="7", phase="play", current=0,
                 melds=[meld(0, "set:A", "A♣ A♦ A♥"), meld(0, "run:5♥", "5♥ 6♥ 7♥"),
                        meld(0, "set:K", "K♣ K♦ 7♠")])
    assert g.melded_points()[0] == 300 + (5 + 5 + 100) + (10 + 10 + 100)


def test_rummy500_values():
    rules = Rules.preset("rummy500")
    for n in range(2, 10):
        assert value(rules, f"{n}♣") == n
    for t in ("10♣", "J♦", "Q♥", "K♠"):
        assert value(rules, t) == 10
    assert value(rules, "A♠") == 15
    assert value(rules, "Jk") == 15


def test_basic_values():
    rules = Rules.preset("basic")
    assert value(rules, "A♠") == 1
    assert value(rules, "7♦") == 7
    assert value(rules, "K♦") == 10


def test_simple_scoring_makes_two_to_nine_worth_five():
    rules = Rules.preset("rummy500", simple_scoring=True)
    for n in range(2, 10):
        assert value(rules, f"{n}♣") == 5
    assert value(rules, "10♣") == 10 and value(rules, "A♠") == 15


@pytest.mark.parametrize("simple,low", [(False, 1), (True, 5)])
def test_low_ace_scores_one_or_five_when_melded_low(simple, low):
    rules = r500(low_ace=True, simple_scoring=simple)
    g = position(["2♠", "3♦ 4♦"], rules=rules, phase="play", current=0,
                 melds=[meld(0, "run:A♥", "A♥ 2♥ 3♥"), meld(1, "run:Q♣", "Q♣ K♣ A♣")])
    two_three = 5 + 5 if simple else 2 + 3
    assert g.melded_points()[0] == low + two_three
    assert g.melded_points()[1] == 10 + 10 + 15  # a high ace keeps 15


@pytest.mark.parametrize("preset,options,ace", [
    ("basic", {}, 1),
    ("basic", {"simple_scoring": True}, 5),
    ("rummy500", {"aces": "low_only", "simple_scoring": True}, 5),
    ("rummy500", {"aces": "low_only", "simple_scoring": True, "values": {"A": 50}}, 5),
    ("rummy500", {"aces": "low_only", "low_ace": True}, 15),  # low_ace: the foot of a run only
    ("rummy500", {"simple_scoring": True}, 15),  # aces high or low: only a low one scores 5
])
def test_with_simple_scoring_and_low_aces_only_every_ace_scores_five(preset, options, ace):
    """004: "In 'Simple scoring' option, low aces are 5 points": where every ace is low,
    a set of aces and an ace left in hand score 5 too, not only an ace at the foot of a run
    (and the ace's own value is then not used)."""
    rules = Rules.preset(preset, **options)
    assert value(rules, "A♠") == ace
    g = position(["A♦ 9♣", "3♦ 4♦"], rules=rules, phase="play", current=0,
                 melds=[meld(0, "set:A", "A♠ A♥ A♣")])
    assert g.melded_points()[0] == 3 * ace
    assert g.hand_points(0) == ace + value(rules, "9♣")
    assert ("values.A" in rules.unused_options()) == (ace == 5)


def test_without_low_ace_a_low_ace_scores_full():
    g = position(["2♠", "3♦ 4♦"], rules=r500(), phase="play", current=0,
                 melds=[meld(0, "run:A♥", "A♥ 2♥ 3♥")])
    assert g.melded_points()[0] == 15 + 2 + 3


def test_low_ace_applies_to_an_ace_laid_off_low():
    g = position(["A♥ 9♦", "3♦ 4♦"], rules=r500(low_ace=True), phase="play", current=0,
                 melds=[meld(1, "run:2♥", "2♥ 3♥ 4♥")])
    play(g, "layoff A♥ on 1")
    assert g.melded_points()[0] == 1


def test_in_rummy_5000_the_low_ace_house_rule_makes_a_low_ace_a_low_card():
    # switched on, it changed nothing: the low ace's value was the ace's 100 (a tester)
    melds = [meld(0, "run:A♥", "A♥ 2♥ 3♥")]
    on = position(["2♠", "3♦ 4♦"], rules=Rules.preset("rummy5000", low_ace=True), phase="play", current=0,
                  melds=melds)
    assert on.melded_points()[0] == 5 + 5 + 5
    off = position(["2♠", "3♦ 4♦"], rules=Rules.preset("rummy5000"), phase="play", current=0,
                   melds=[meld(0, "run:A♥", "A♥ 2♥ 3♥")])
    assert off.melded_points()[0] == 100 + 5 + 5


def test_value_overrides_from_000():
    rules = Rules.preset(values={"A": 50, "wild": 200, "wild_ace": 200, "8": 10, "9": 10, "Q♠": 45})
    assert value(rules, "A♠") == 50
    assert value(rules, "A♠", wild_rank=1) == 200
    assert value(rules, "6♣", wild_rank=6) == 200
    assert value(rules, "8♦") == 10 and value(rules, "9♥") == 10 and value(rules, "7♥") == 5
    assert value(rules, "Q♠") == 45
    assert value(rules, "Q♠#2") == 45  # every copy of the card
    assert value(rules, "Q♥") == 10


def test_a_hand_is_valued_with_the_same_table():
    g = position(["A♠ K♦ 7♣", "3♦"], wild="7")
    assert g.hand_points(0) == 100 + 10 + 100


# --------------------------------------------------------------------------- melds_and_out_bonus


def r500(**kw):
    return {"preset": "rummy500", **kw}


MELDS = [meld(0, "set:K", "K♣ K♦ K♥"), meld(1, "run:5♠", "5♠ 6♠ 7♠ 8♠", by=[1, 1, 1, 2])]


def test_melds_and_out_bonus_the_out_player_collects_the_hands():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS)
    assert res.melded == [30, 15, 5]
    assert res.in_hand == [0, 105, 15]
    assert res.bonus == [120, 0, 0]
    assert res.points == [150, 15, 5]
    assert g.scores == [150, 15, 5]


def test_melds_and_out_bonus_on_an_empty_stock_hands_count_for_nobody():
    g, res = stock_out(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS)
    assert res.went_out is None
    assert res.points == [30, 15, 5]
    assert res.bonus == [0, 0, 0]


def test_covers_score_for_the_player_who_laid_them():
    rules = r(jokers_per_deck=1, permanent_wilds=["jokers"])
    melds = [meld(1, "run:5♥", "5♥ Jk 7♥", covers={"1": ["6♥", 0]}), meld(0, "set:K", "K♣ K♦ K♥")]
    g, res = stock_out(["2♥", "9♦", "Q♦"], melds, rules=rules)
    assert res.melded == [30 + 5, 5 + 100 + 5, 0]


# --------------------------------------------------------------------------- melds_minus_hand


def test_003_example_85_melded_90_in_hand_scores_minus_5():
    melds = [meld(0, "set:K", "K♣ K♦ K♥"), meld(0, "run:10♠", "10♠ J♠ Q♠ K♠"),
             meld(0, "set:5", "5♣ 5♦ 5♥")]
    g, res = out_now(["A♣ A♦ A♥ 9♣ 9♦ 9♥ 8♣ 10♦", "2♥"], melds, rules=r500(), seat=1)
    assert res.melded[0] == 85 and res.in_hand[0] == 90
    assert res.points[0] == -5
    assert g.scores[0] == -5


def test_melds_minus_hand_scores_can_go_negative_and_accumulate():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r500(), scores=[10, 10, 10])
    assert res.melded == [30, 18, 8]  # pip values
    assert res.points == [30, 18 - 24, 8 - 13]
    assert g.scores == [40, 4, 5]


def test_going_out_bonus():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r500(going_out_bonus=200))
    assert res.bonus == [200, 0, 0]
    assert res.points[0] == 230


def test_going_out_bonus_on_top_of_rummy5000_style():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS,
                     rules=r(round_scoring="melds_minus_hand", going_out_bonus=200))
    assert res.points == [30 + 200, 15 - 105, 5 - 15]


@pytest.mark.parametrize("count,expect", [(True, [30 - 2, 18 - 24, 8 - 13]), (False, [30, 18, 8])])
def test_hands_count_on_empty_stock(count, expect):
    g, res = stock_out(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r500(hands_count_on_empty_stock=count))
    assert res.points == expect


# --------------------------------------------------------------------------- winner_collects, penalty


def test_winner_collects_when_someone_goes_out():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules="basic")
    assert res.in_hand == [0, 10, 13]
    assert res.points == [23, 0, 0]


def test_winner_collects_on_an_empty_stock_the_lowest_hand_wins_the_difference():
    g, res = stock_out(["2♥ 3♥", "A♣ 9♦", "Q♦ 3♣"], rules="basic")
    # hands 5, 10, 13: the lowest takes (10 - 5) + (13 - 5)
    assert res.in_hand == [5, 10, 13]
    assert res.points == [13, 0, 0]


def test_winner_collects_tied_winners_split():
    g, res = stock_out(["2♥ 3♥", "4♣ A♦", "Q♦ 3♣"], rules="basic")
    assert res.in_hand == [5, 5, 13]
    assert res.points == [4, 4, 0]


def test_penalty_charges_each_hand_and_the_lowest_total_wins():
    rules = {"preset": "basic", "round_scoring": "penalty", "target": 20}
    g, res = stock_out(["2♥ 3♥", "A♣ 9♦", "Q♦ 3♣"], rules=rules)
    assert res.points == [5, 10, 13]
    assert g.phase == ROUND_OVER
    g2, res = stock_out(["2♥ 3♥", "A♣ 9♦", "Q♦ 3♣"], rules=rules, scores=[0, 5, 10])
    assert g2.scores == [5, 15, 23]
    assert g2.phase == GAME_OVER and g2.winners == (0,)


def test_add_to_out_player():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r500(round_scoring="add_to_out_player"))
    assert res.points == [30 + 24 + 13, 18, 8]


def test_add_to_out_player_two_players_no_one_out_each_adds_the_other():
    melds = [meld(0, "set:K", "K♣ K♦ K♥"), meld(1, "run:5♠", "5♠ 6♠ 7♠")]
    g, res = stock_out(["2♥", "A♣ 9♦"], melds, rules=r500(round_scoring="add_to_out_player"))
    assert res.points == [30 + 24, 18 + 2]


def test_add_to_out_player_two_teams_no_one_out_each_adds_the_other_teams_hands():
    """003: "With two players, or two partnerships: add opponent's remainder to your score"
    (the two teams scored nothing of each other's hands)."""
    rules = {"preset": "partnership500", "round_scoring": "add_to_out_player"}
    melds = [meld(0, "set:K", "K♣ K♦ K♥"), meld(1, "run:5♠", "5♠ 6♠ 7♠")]
    g, res = stock_out(["2♥", "A♣ 9♦", "Q♦ 3♣", "4♥"], melds, rules=rules)
    assert res.in_hand == [2, 24, 13, 4]
    assert res.bonus == [24 + 4, 2 + 13, 0, 0]
    assert g.side_scores() == [30 + 28, 18 + 15]


def test_add_to_out_player_more_players_no_one_out_adds_nothing():
    g, res = stock_out(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r500(round_scoring="add_to_out_player"))
    assert res.points == [30, 18, 8]


# --------------------------------------------------------------------------- the end of the game


def test_the_game_goes_on_until_someone_reaches_the_target():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r(target=1000), scores=[800, 0, 0])
    assert g.scores[0] == 950 and g.phase == ROUND_OVER
    g.next_round()
    assert g.phase == DRAW and g.round_no == 2


def test_the_game_ends_after_the_round_in_which_the_target_is_reached():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r(target=1000), scores=[900, 0, 0])
    assert g.phase == GAME_OVER
    assert g.winners == (0,)
    assert g.legal_actions() == []


def test_winner_rule_highest_with_joint_winners():
    g, res = stock_out(["2♥", "9♦", "Q♦"], MELDS, rules=r(target=1000), scores=[970, 985, 0])
    assert g.scores == [1000, 1000, 5]
    assert g.phase == GAME_OVER and g.winners == (0, 1)


def test_winner_rule_highest_the_highest_wins_not_the_first_to_reach():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r(target=1000), scores=[900, 1500, 0])
    assert g.winners == (1,)


def test_winner_rule_went_out():
    rules = r(target=1000, winner_rule="went_out")
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules, scores=[900, 1500, 0])
    assert g.winners == (0,)
    # the out player below the target: the highest of those who reached it
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules, scores=[0, 1500, 1200])
    assert g.winners == (1,)


def test_winner_rule_must_go_out():
    rules = r(target=1000, winner_rule="must_go_out")
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules, scores=[0, 1500, 0])
    assert g.phase == ROUND_OVER  # seat 1 is past the target but did not go out
    assert g.goes_on_past_target()
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules, scores=[900, 1500, 0])
    assert g.phase == GAME_OVER and g.winners == (0,)
    assert not g.goes_on_past_target()
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules, scores=[0, 0, 0])
    assert g.phase == ROUND_OVER and not g.goes_on_past_target()  # (nobody has reached it)
    g, res = stock_out(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules, scores=[5000, 1500, 0])
    assert g.phase == ROUND_OVER


def test_rummy500_target_500():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r500(), scores=[480, 0, 0])
    assert g.phase == GAME_OVER and g.winners == (0,)


def test_scores_are_the_sum_of_round_points():
    g, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=r(target=100000))
    g.next_round()
    g.pile = g.stock + g.pile
    g.stock = []
    play(g, "end")
    assert len(g.results) == 2
    assert g.scores == [sum(x.points[s] for x in g.results) for s in range(3)]


@pytest.mark.parametrize("mode", CHOICES["round_scoring"])
def test_melds_score_says_whether_melded_cards_earn_points(mode):
    """``Rules.melds_score`` (what the table shows as points melded so far) agrees with
    the round's scoring: the same hands with and without melds on the table score alike
    exactly when melds earn nothing."""
    rules = r500(round_scoring=mode)
    _, with_melds = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules)
    _, without = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], rules=rules)
    assert with_melds.melded != without.melded
    assert Rules.from_dict(rules).melds_score == (with_melds.points != without.points)


@pytest.mark.parametrize("mode", CHOICES["round_scoring"])
@pytest.mark.parametrize("out_bonus", [0, 25])
def test_may_give_bonus_says_whether_a_round_can_hold_a_bonus(mode, out_bonus):
    """``Rules.may_give_bonus`` (whether the round's sheet needs a Bonus column) agrees with
    the scoring: going out gives a bonus exactly where it says one may come."""
    rules = r500(round_scoring=mode, going_out_bonus=out_bonus)
    _, res = out_now(["2♥", "A♣ 9♦", "Q♦ 3♣"], MELDS, rules=rules)
    assert Rules.from_dict(rules).may_give_bonus == any(res.bonus)
    # the last deal's final bonus (Persian) is a bonus whatever the scoring
    assert Rules.from_dict({"preset": "persian", "round_scoring": mode, "going_out_bonus": out_bonus}).may_give_bonus


# --------------------------------------------------------------------------- with partnerships
# (a team is scored as one: the player who goes out collects the other team's hands only,
# and a partner's cards count for nobody)

TEAM_HANDS = ["2♥", "A♣ 9♦", "Q♦ 3♣", "4♠ 6♦"]  # seat 2 is seat 0's partner


@pytest.mark.parametrize("scoring", ["melds_and_out_bonus", "add_to_out_player", "winner_collects"])
def test_with_partners_the_out_player_collects_only_the_other_teams_hands(scoring):
    rules = r(partnerships=True, round_scoring=scoring)
    g, res = out_now(TEAM_HANDS, MELDS, rules=rules)
    assert res.in_hand == [0, 105, 15, 10]
    assert res.bonus == [105 + 10, 0, 0, 0]  # seats 1 and 3; not the partner's 15
    solo = r(round_scoring=scoring)  # without teams every other hand is collected
    assert out_now(TEAM_HANDS, MELDS, rules=solo)[1].bonus == [105 + 15 + 10, 0, 0, 0]


def test_with_partners_an_empty_stock_in_winner_collects_compares_the_teams_hands():
    rules = {"preset": "basic", "partnerships": True}
    g, res = stock_out(["2♥ 3♥", "A♣ 9♦", "Q♦ 3♣", "4♠ 6♦"], rules=rules)
    assert res.in_hand == [5, 10, 13, 10]
    # teams hold 5 + 13 = 18 and 10 + 10 = 20: seats 0 and 2 collect the 2, on seat 0's row
    # (each seat alone, seat 0 would have collected 5 + 8 + 5 = 18)
    assert res.bonus == [2, 0, 0, 0] and res.points == [2, 0, 0, 0]
    level = stock_out(["2♥ 3♥", "A♣ 9♦", "Q♦ 3♣", "4♠ 4♦"], rules=rules)[1]
    assert level.in_hand == [5, 10, 13, 8] and level.bonus == [0, 0, 0, 0]


@pytest.mark.parametrize("scoring,collects", [("melds_and_out_bonus", True), ("add_to_out_player", True),
                                              ("winner_collects", True), ("melds_minus_hand", False),
                                              ("penalty", False)])
def test_the_rules_say_whether_the_out_player_collects_the_hands(scoring, collects):
    assert Rules.preset(round_scoring=scoring).out_collects_hands is collects
