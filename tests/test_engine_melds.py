"""RULES.md section 4: sets, runs, aces, wild cards and their limits."""

from __future__ import annotations

import pytest
from engine_helpers import C, attempt, meld, playing

from game.engine import Rules
from game.engine.melds import RUN, SET, WILDS

JOKERS = {"preset": "rummy5000", "jokers_per_deck": 1, "permanent_wilds": ["jokers"]}


def jokers(**more):
    return {**JOKERS, **more}


def ok(hand, text, **kw):
    g = playing(hand, **kw)
    why = attempt(g, text)
    assert why is None, why
    return g.melds[-1]


def refused(hand, text, **kw):
    g = playing(hand, **kw)
    before = [m.copy() for m in g.melds]
    why = attempt(g, text)
    assert why is not None, f"{text} was accepted"
    assert [m.cards for m in g.melds] == [m.cards for m in before]
    assert len(g.hands[0]) == len(hand.split())
    return why


# --------------------------------------------------------------------------- sets and runs


@pytest.mark.parametrize("cards", ["7♣ 7♦ 7♥", "7♣ 7♦ 7♥ 7♠", "K♣ K♦ K♠", "A♣ A♦ A♥"])
def test_sets_of_one_rank(cards):
    m = ok(cards, f"meld {cards}")
    assert (m.kind, m.rank) == (SET, C(cards.split()[0]).rank)
    assert len(m.cards) == len(cards.split())


@pytest.mark.parametrize("cards", ["7♣ 7♦", "7♣ 7♦ 8♥", "7♣ 8♦ 9♥", "7♣ 7♦ Q♠"])
def test_not_sets(cards):
    refused(cards, f"meld {cards}")


@pytest.mark.parametrize("cards,lo", [
    ("5♥ 6♥ 7♥", 5), ("5♥ 6♥ 7♥ 8♥ 9♥", 5), ("9♠ 10♠ J♠ Q♠ K♠", 9), ("7♥ 5♥ 6♥", 5),
])
def test_runs_of_one_suit_in_sequence(cards, lo):
    m = ok(cards, f"meld {cards}")
    assert (m.kind, m.lo) == (RUN, lo)
    assert [c.rank for c in m.cards] == list(range(lo, lo + len(cards.split())))


@pytest.mark.parametrize("cards", ["5♥ 6♥ 8♥", "5♥ 6♣ 7♥", "5♥ 6♥", "5♥ 5♥#2 6♥"])
def test_not_runs(cards):
    refused(cards, f"meld {cards}", decks=2)


def test_a_refusal_says_why():
    why = refused("5♥ 6♥ 8♥", "meld 5♥ 6♥ 8♥")
    assert "5♥ 6♥ 8♥" in why
    # the cards named in rank order, not as they were picked ("2♣ 5♣ 4♣ is not a meld")
    assert refused("2♣ 5♣ 4♣", "meld 2♣ 5♣ 4♣").startswith("2♣ 4♣ 5♣ is not a meld: 3♣ is missing")
    why = refused("7♣ 7♦", "meld 7♣ 7♦")
    assert "3" in why


@pytest.mark.parametrize("hand,rules,wild,why", [
    ("5♥ 6♥ 8♥", "rummy500", None, "5♥ 6♥ 8♥ is not a meld: 7♥ is missing from that run"),
    ("5♥ 6♥ 8♥ 10♥", "rummy500", None, "7♥ and 9♥ are missing"),
    ("5♥ 9♥ 7♥", "rummy500", None, "6♥ and 8♥ are missing"),
    ("5♥ 6♥ 6♥#2", {"preset": "rummy500", "decks": 2}, None, "a run cannot hold two cards of the same rank (6♥)"),
    ("3♥ 9♥ 10♥", "rummy500", None, "those cards are too far apart to make one run"),
    ("K♥ A♥ 2♥", "rummy500", None, "a run cannot turn the corner from K to A to 2"),
    ("Q♥ K♥ A♥", "basic", None, "aces are low in this game: A-2-3 is a run, Q-K-A is not"),
    ("A♥ 2♥ 3♥", {"preset": "rummy500", "aces": "high_only"}, None,
     "aces are high in this game: Q-K-A is a run, A-2-3 is not"),
    # with the low ranks taken out, aces are high only: the run it would make is named
    ("A♥ 4♥ 5♥", {"preset": "rummy500", "lowest_rank": 4}, None,
     "aces are high in this game: Q-K-A is a run, A-4-5 is not"),
    ("A♥ 6♥ 7♥", {"preset": "rummy500", "lowest_rank": 6}, None,
     "aces are high in this game: Q-K-A is a run, A-6-7 is not"),
    ("5♥ 9♥ Jk", jokers(), None, "6♥, 7♥ and 8♥ are missing from that run, with only one wild card to stand in"),
    # a wild of the round in the run's suit is counted in its own place (8♥ here)
    ("5♥ 6♥ 8♥ 10♥", jokers(), "8", "7♥ and 9♥ are missing"),
    ("5♥ 6♥ 9♥ 8♣", jokers(), "8", "7♥ and 8♥ are missing from that run, with only one wild card to stand in"),
    ("5♥ 6♣ 7♥", "rummy500", None, "those cards are neither one rank nor one suit in sequence"),
    ("5♥ 6♥", "rummy500", None, "a meld needs at least 3 cards"),
    ("7♣ 7♦ 7♥", {"preset": "rummy500", "allow_sets": False}, None,
     "those cards are not one suit in sequence (only runs are allowed)"),
    ("5♥ 6♥ 7♥", {"preset": "rummy500", "allow_runs": False}, None,
     "those cards are not all of one rank (only sets are allowed)"),
    # where the gaps can be filled, the run's own trouble is named: here the wild limit
    ("5♥ 8♥ Jk Jk#2", jokers(jokers_per_deck=2, wild_limit="one_per_meld"), None, "a meld may hold only one wild card"),
])
def test_a_refused_run_says_what_is_wrong_with_it(hand, rules, wild, why):
    assert why in refused(hand, f"meld {hand}", rules=rules, wild=wild)


# --------------------------------------------------------------------------- aces


@pytest.mark.parametrize("cards,lo", [("A♥ 2♥ 3♥", 1), ("Q♥ K♥ A♥", 12)])
def test_aces_high_or_low(cards, lo):
    m = ok(cards, f"meld {cards}")
    assert (m.kind, m.lo) == (RUN, lo)


def test_no_round_the_corner_run():
    refused("K♥ A♥ 2♥", "meld K♥ A♥ 2♥")
    refused("Q♥ K♥ A♥ 2♥", "meld Q♥ K♥ A♥ 2♥")


def test_longest_run_is_thirteen_cards_either_ace():
    low = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"
    m = ok(low, f"meld {low} as run:A♠")
    assert (m.lo, len(m.cards)) == (1, 13)
    high = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠"
    m = ok(high, f"meld {high} as run:2♠")
    assert (m.lo, m.hi) == (2, 14)


def test_one_run_never_uses_an_ace_at_both_ends():
    both = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠#2"
    refused(both, f"meld {both}", decks=2)
    # nor by laying the second ace off on a thirteen-card run
    run = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"
    g = playing("A♠#2 4♦", decks=2, melds=[meld(0, "run:A♠", run)])
    assert attempt(g, "layoff A♠#2 on 1") is not None
    # a twelve-card run takes an ace at one end only
    run12 = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"
    g = playing("A♠ A♠#2 4♦", decks=2, melds=[meld(0, "run:2♠", run12)])
    assert attempt(g, "layoff A♠ on 1") is None
    assert attempt(g, "layoff A♠#2 on 1") is not None


def test_an_ace_lays_off_at_either_end_of_a_run_that_reaches_it():
    g = playing("A♥ 4♦", melds=[meld(0, "run:2♥", "2♥ 3♥ 4♥")])
    assert attempt(g, "layoff A♥ on 1 low") is None
    assert g.melds[0].lo == 1
    g = playing("A♥ 4♦", melds=[meld(0, "run:J♥", "J♥ Q♥ K♥")])
    assert attempt(g, "layoff A♥ on 1") is None
    assert g.melds[0].hi == 14


def test_aces_low_only():
    r = {"preset": "rummy5000", "aces": "low_only"}
    assert ok("A♥ 2♥ 3♥", "meld A♥ 2♥ 3♥", rules=r).lo == 1
    refused("Q♥ K♥ A♥", "meld Q♥ K♥ A♥", rules=r)
    g = playing("A♥ 4♦", rules=r, melds=[meld(0, "run:J♥", "J♥ Q♥ K♥")])
    assert attempt(g, "layoff A♥ on 1") is not None


def test_basic_preset_aces_are_low():
    assert ok("A♥ 2♥ 3♥", "meld A♥ 2♥ 3♥", rules="basic").lo == 1
    refused("Q♥ K♥ A♥", "meld Q♥ K♥ A♥", rules="basic")


def test_aces_high_only():
    r = {"preset": "rummy5000", "aces": "high_only"}
    assert ok("Q♥ K♥ A♥", "meld Q♥ K♥ A♥", rules=r).hi == 14
    refused("A♥ 2♥ 3♥", "meld A♥ 2♥ 3♥", rules=r)
    g = playing("A♥ 4♦", rules=r, melds=[meld(0, "run:2♥", "2♥ 3♥ 4♥")])
    assert attempt(g, "layoff A♥ on 1") is not None


@pytest.mark.parametrize("lowest", [3, 4, 6])
def test_lowest_rank_forces_aces_high_only(lowest):
    r = {"preset": "rummy5000", "lowest_rank": lowest, "aces": "high_or_low"}
    low = {3: "A♥ 3♥ 4♥", 4: "A♥ 4♥ 5♥", 6: "A♥ 6♥ 7♥"}[lowest]
    refused(low, f"meld {low}", rules=r)
    assert ok("Q♥ K♥ A♥", "meld Q♥ K♥ A♥", rules=r).hi == 14
    # and a wild cannot stand for a removed rank below the lowest
    start = {3: "3♥ 4♥", 4: "4♥ 5♥", 6: "6♥ 7♥"}[lowest]
    g = playing(f"{start} Jk", rules={**r, "jokers_per_deck": 1, "permanent_wilds": ["jokers"]})
    lowest_text = {3: "3", 4: "4", 6: "6"}[lowest]
    assert attempt(g, f"meld {start} Jk as run:{int(lowest_text) - 1}♥") is not None


# --------------------------------------------------------------------------- size and kinds


def test_min_meld_four():
    r = {"preset": "rummy5000", "min_meld": 4}
    refused("7♣ 7♦ 7♥", "meld 7♣ 7♦ 7♥", rules=r)
    refused("5♥ 6♥ 7♥", "meld 5♥ 6♥ 7♥", rules=r)
    ok("7♣ 7♦ 7♥ 7♠", "meld 7♣ 7♦ 7♥ 7♠", rules=r)
    ok("5♥ 6♥ 7♥ 8♥", "meld 5♥ 6♥ 7♥ 8♥", rules=r)
    # a single card still lays off
    g = playing("9♥ 4♦", rules=r, melds=[meld(0, "run:5♥", "5♥ 6♥ 7♥ 8♥")])
    assert attempt(g, "layoff 9♥ on 1") is None


def test_allow_sets_off_is_runs_only():
    r = {"preset": "rummy5000", "allow_sets": False}
    why = refused("7♣ 7♦ 7♥", "meld 7♣ 7♦ 7♥", rules=r)
    assert "only runs are allowed" in why
    ok("5♥ 6♥ 7♥", "meld 5♥ 6♥ 7♥", rules=r)


def test_allow_runs_off_is_sets_only():
    r = {"preset": "rummy5000", "allow_runs": False}
    why = refused("5♥ 6♥ 7♥", "meld 5♥ 6♥ 7♥", rules=r)
    assert "only sets are allowed" in why
    ok("7♣ 7♦ 7♥", "meld 7♣ 7♦ 7♥", rules=r)


def test_george_melds_sets_only():
    refused("5♥ 6♥ 7♥", "meld 5♥ 6♥ 7♥", rules="george", others=("", ""))
    ok("7♣ 7♦ 7♥", "meld 7♣ 7♦ 7♥", rules="george", others=("", ""))


def test_a_set_holds_at_most_four_cards_per_deck():
    refused("7♣ 7♦ 7♥ 7♠ Jk", "meld 7♣ 7♦ 7♥ 7♠ Jk", rules=jokers())
    g = playing("Jk 4♦", rules=jokers(), melds=[meld(0, "set:7", "7♣ 7♦ 7♥ 7♠")])
    assert attempt(g, "layoff Jk on 1") is not None
    # two decks: eight
    eight = "7♣ 7♦ 7♥ 7♠ 7♣#2 7♦#2 7♥#2 7♠#2"
    assert len(ok(eight, f"meld {eight}", decks=2).cards) == 8
    nine = eight + " Jk"
    refused(nine, f"meld {nine}", decks=2, rules=jokers())
    g = playing("Jk 4♦", rules=jokers(), decks=2, melds=[meld(0, "set:7", eight)])
    assert attempt(g, "layoff Jk on 1") is not None


def test_identical_cards_share_a_set_with_two_decks():
    m = ok("5♠ 5♠#2 5♥", "meld 5♠ 5♠#2 5♥", decks=2)
    assert m.kind == SET and m.rank == 5
    g = playing("5♠#2 4♦", decks=2, melds=[meld(0, "set:5", "5♠ 5♥ 5♦")])
    assert attempt(g, "layoff 5♠#2 on 1") is None


# --------------------------------------------------------------------------- wild meanings


def test_000_example_8_6_10_with_sixes_wild_is_a_run():
    m = ok("8♣ 6♥ 10♣", "meld 8♣ 6♥ 10♣", wild="6")
    assert (m.kind, m.suit, m.lo, m.hi) == (RUN, 0, 8, 10)
    assert [str(c) for c in m.cards] == ["8♣", "6♥", "10♣"]
    assert m.meaning(1) == "9♣"


def test_a_wild_is_given_a_fixed_meaning_when_melded():
    m = ok("7♣ 7♦ Jk", "meld 7♣ 7♦ Jk", rules=jokers())
    assert m.kind == SET and m.meaning(m.cards.index(next(c for c in m.cards if c.is_joker))) == "7"
    # the meaning stays when the run grows
    g = playing("9♥ 4♦", rules=jokers(), melds=[meld(0, "run:6♥", "6♥ Jk 8♥")])
    assert attempt(g, "layoff 9♥ on 1") is None
    assert g.melds[0].meaning(1) == "7♥"


@pytest.mark.parametrize("shape,lo,meaning", [("run:6♥", 6, "6♥"), ("run:7♥", 7, "9♥")])
def test_7h_8h_wild_is_accepted_both_ways(shape, lo, meaning):
    m = ok("7♥ 8♥ Jk", f"meld 7♥ 8♥ Jk as {shape}", rules=jokers())
    assert (m.kind, m.lo) == (RUN, lo)
    j = next(i for i, c in enumerate(m.cards) if c.is_joker)
    assert m.meaning(j) == meaning


def test_7h_8h_wild_lists_both_choices_and_no_others():
    g = playing("7♥ 8♥ Jk", rules=jokers())
    shapes = {a.shape for a in g.legal_actions() if type(a).__name__ == "MeldCards"}
    assert {(RUN, 2, 6), (RUN, 2, 7)} <= shapes
    assert attempt(g, "meld 7♥ 8♥ Jk as run:5♥") is not None
    assert attempt(g, "meld 7♥ 8♥ Jk as set:7") is not None


def test_7h_8h_wild_without_a_shape_extends_upward():
    # the engine's documented default reading: 7-8-9
    m = ok("7♥ 8♥ Jk", "meld 7♥ 8♥ Jk", rules=jokers())
    assert m.lo == 7


def test_a_group_whose_naturals_share_a_rank_defaults_to_a_set():
    m = ok("7♥ 7♦ Jk", "meld 7♥ 7♦ Jk", rules=jokers())
    assert (m.kind, m.rank) == (SET, 7)


def test_a_wild_laid_off_on_a_run_end_is_the_players_choice():
    for end, lo, hi in (("low", 4, 7), ("high", 5, 8)):
        g = playing("Jk 4♦", rules=jokers(), melds=[meld(0, "run:5♥", "5♥ 6♥ 7♥")])
        assert attempt(g, f"layoff Jk on 1 {end}") is None
        assert (g.melds[0].lo, g.melds[0].hi) == (lo, hi)


def test_a_wild_fills_gaps_in_a_set_of_any_rank_but_is_not_a_set_alone():
    ok("K♣ 6♥ K♦", "meld K♣ 6♥ K♦", wild="6")
    refused("Jk Jk#2 Jk#3", "meld Jk Jk#2 Jk#3", rules=jokers(), decks=3)


def test_three_wild_rank_cards_form_a_set_of_that_rank():
    m = ok("6♣ 6♦ 6♥", "meld 6♣ 6♦ 6♥", wild="6")
    assert (m.kind, m.rank) == (SET, 6)
    # even when wild-rank cards are not natural in place
    m = ok("6♣ 6♦ 6♥", "meld 6♣ 6♦ 6♥", wild="6",
           rules={"preset": "rummy5000", "wild_rank_natural_in_place": False})
    assert (m.kind, m.rank) == (SET, 6)
    # and under a limit on wilds
    m = ok("6♣ 6♦ 6♥", "meld 6♣ 6♦ 6♥", wild="6",
           rules={"preset": "rummy5000", "wild_rank_natural_in_place": False, "wild_limit": "one_per_meld"})
    assert m.kind == SET


def test_a_meld_needs_a_natural_card():
    # with fours wild, Jk 4♥ 4♣ as the run 2-3-4 of hearts: the 4♥ in its own
    # place is its only natural card
    ok("Jk 4♥ 4♣", "meld Jk 4♥ 4♣ as run:2♥", rules=jokers(), wild="4")
    refused("Jk 4♥ 4♣", "meld Jk 4♥ 4♣ as run:2♥", wild="4",
            rules=jokers(wild_rank_natural_in_place=False))
    refused("Jk 4♥ 4♣", "meld Jk 4♥ 4♣ as run:5♠", rules=jokers(), wild="4")


def test_a_wild_ace_in_its_own_place_is_the_natural_of_a_run_to_the_ace():
    # aces wild, jokers too: A♠ and two jokers as Q-K-A of spades has one natural, the A♠ at the top
    two = jokers(jokers_per_deck=2)
    ok("A♠ Jk Jk#2", "meld A♠ Jk Jk#2 as run:Q♠", rules=two, wild="A")
    refused("A♠ Jk Jk#2", "meld A♠ Jk Jk#2 as run:Q♠", wild="A", rules={**two, "wild_rank_natural_in_place": False})


def test_a_one_rank_meld_with_too_many_wilds_is_refused_for_the_wilds():
    why = refused("7♣ 7♦ Jk Jk#2", "meld 7♣ 7♦ Jk Jk#2",
                  rules=jokers(jokers_per_deck=2, wild_limit="fewer_than_naturals"))
    assert "natural cards must outnumber wild cards" in why
    why = refused("7♣ 7♦ Jk Jk#2", "meld 7♣ 7♦ Jk Jk#2", rules=jokers(jokers_per_deck=2, wild_limit="one_per_meld"))
    assert "only one wild card" in why


@pytest.mark.parametrize("aces,lowest,ace,seven,two", [
    ("high_or_low", 2, (1, 14), (7,), (2,)),
    ("low_only", 2, (1,), (7,), (2,)),
    ("high_only", 2, (14,), (7,), (2,)),
    ("high_only", 3, (14,), (7,), ()),
])
def test_run_positions_follow_the_aces_rule(aces, lowest, ace, seven, two):
    from game.engine.melds import MeldContext

    rules = Rules.preset("rummy5000", aces=aces, lowest_rank=lowest)
    ctx = MeldContext(rules, None, 1, ())
    assert ctx.run_positions(C("A♥")) == ace
    assert ctx.run_positions(C("7♥")) == seven and ctx.run_positions(C("2♥")) == two


# --------------------------------------------------------------------------- natural in place


def test_readings_with_wilds_in_their_own_places_can_be_put_first():
    """With 6s wild, 6♥-10♥ reads 7-J first by default (upward); a player holding five
    hearts in a row expects 6-10 (a tester), which ``natural_first`` puts first."""
    from game.engine.cards import build_pack
    from game.engine.melds import MeldContext, natural_first, shapes_for, stand_in_count

    def context(rules, wild):
        return MeldContext(rules, wild, 1, build_pack(1, rules.jokers_per_deck, rules.lowest_rank))

    ctx = context(Rules.preset("rummy5000"), 6)
    cards = [C(x) for x in ("6♥", "7♥", "8♥", "9♥", "10♥")]
    shapes = shapes_for(ctx, cards)
    assert shapes[0] == (RUN, C("6♥") >> 4 & 7, 7) and len(shapes) == 2  # the default: upward
    assert [stand_in_count(ctx, cards, s) for s in shapes] == [1, 0]
    assert natural_first(ctx, cards, shapes) == shapes[::-1]
    # a wild with no place of its own: the order stays (7♥ 8♥ joker: 7-9, then 6-8)
    wild = [C(x) for x in ("7♥", "8♥", "K♠")]
    kings = context(Rules.preset("rummy5000"), 13)
    assert natural_first(kings, wild, shapes_for(kings, wild)) == shapes_for(kings, wild)
    # with the wild never natural (wild_rank_natural_in_place off), nothing to put first
    never = context(Rules.preset("rummy5000", wild_rank_natural_in_place=False), 6)
    assert [stand_in_count(never, cards, s) for s in shapes_for(never, cards)] == [1, 1]
    # a set: a wild of the set's rank stands for none
    sixes = [C(x) for x in ("6♥", "6♣", "6♦")]
    assert stand_in_count(ctx, sixes, (SET, 6)) == 0


def test_wild_rank_natural_in_place_counts_as_natural():
    # 5♥ 6♥ 7♥ Jk with 6s wild: one wild if the 6♥ is natural, two if not
    one = jokers(wild_limit="one_per_meld")
    m = ok("5♥ 6♥ 7♥ Jk", "meld 5♥ 6♥ 7♥ Jk as run:5♥", rules=one, wild="6")
    assert m.kind == RUN
    refused("5♥ 6♥ 7♥ Jk", "meld 5♥ 6♥ 7♥ Jk as run:5♥", wild="6",
            rules=jokers(wild_limit="one_per_meld", wild_rank_natural_in_place=False))


def test_wild_rank_natural_in_place_with_fewer_than_naturals():
    few = jokers(wild_limit="fewer_than_naturals")
    ok("6♥ 7♥ Jk", "meld 6♥ 7♥ Jk as run:6♥", rules=few, wild="6")
    refused("6♥ 7♥ Jk", "meld 6♥ 7♥ Jk as run:6♥", wild="6",
            rules=jokers(wild_limit="fewer_than_naturals", wild_rank_natural_in_place=False))


def test_a_wild_rank_card_out_of_place_is_wild():
    few = jokers(wild_limit="one_per_meld")
    # 6♣ in a heart run is not in its natural place: with the joker that is two wilds
    refused("5♥ 6♣ 7♥ Jk", "meld 5♥ 6♣ 7♥ Jk as run:5♥", rules=few, wild="6")


def test_a_wild_rank_card_in_place_keeps_the_wild_value():
    g = playing("5♥ 6♥ 7♥ 4♦", wild="6")
    assert attempt(g, "meld 5♥ 6♥ 7♥") is None
    assert g.melded_points()[0] == 5 + 100 + 5


# --------------------------------------------------------------------------- wild sets


def test_wild_set_three_permanent_wilds_form_a_group():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers", "twos"],
         "wild_set": True}
    m = ok("Jk Jk#2 Jk#3", "meld Jk Jk#2 Jk#3", rules=r, decks=2)
    assert m.kind == WILDS
    m = ok("Jk Jk#2 2♣", "meld Jk Jk#2 2♣ as wilds", rules=r)
    assert m.kind == WILDS


def test_wild_set_is_extended_only_by_wilds():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers", "twos"],
         "wild_set": True}
    g = playing("2♦ 5♣ 4♦", rules=r, melds=[meld(0, "wilds", "Jk Jk#2 2♣")])
    assert attempt(g, "layoff 5♣ on 1") is not None
    assert attempt(g, "layoff 2♦ on 1") is None
    assert len(g.melds[0].cards) == 4


def test_without_wild_set_permanent_wilds_alone_make_no_meld():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers"]}
    refused("Jk Jk#2 Jk#3", "meld Jk Jk#2 Jk#3", rules=r, decks=2)
    refused("Jk Jk#2 Jk#3", "meld Jk Jk#2 Jk#3 as wilds", rules=r, decks=2)


def test_round_wild_cards_do_not_start_a_wild_group():
    r = {"preset": "rummy5000", "jokers_per_deck": 1, "permanent_wilds": ["jokers"], "wild_set": True}
    refused("Jk 6♣ 7♦", "meld Jk 6♣ 7♦ as wilds", rules=r, wild="6")


# --------------------------------------------------------------------------- wild limits


def test_wild_limit_none_allows_many_wilds():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers"]}
    ok("7♣ Jk Jk#2", "meld 7♣ Jk Jk#2", rules=r)
    ok("5♥ Jk Jk#2 Jk#3", "meld 5♥ Jk Jk#2 Jk#3 as run:5♥", rules=r, decks=2)


def test_wild_limit_fewer_than_naturals():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers"],
         "wild_limit": "fewer_than_naturals"}
    ok("7♣ 7♦ Jk", "meld 7♣ 7♦ Jk", rules=r)
    refused("7♣ Jk Jk#2", "meld 7♣ Jk Jk#2", rules=r)
    refused("7♣ 7♦ Jk Jk#2", "meld 7♣ 7♦ Jk Jk#2", rules=r)
    ok("7♣ 7♦ 7♥ Jk Jk#2", "meld 7♣ 7♦ 7♥ Jk Jk#2", rules=r, decks=2)
    refused("5♥ Jk 7♥ Jk#2", "meld 5♥ Jk 7♥ Jk#2 as run:5♥", rules=r)
    # a lay-off may not tip the balance
    g = playing("Jk#2 4♦", rules=r, melds=[meld(0, "set:7", "7♣ 7♦ Jk")])
    assert attempt(g, "layoff Jk#2 on 1") is not None
    g = playing("Jk#2 4♦", rules=r, melds=[meld(0, "run:5♥", "5♥ 6♥ Jk")])
    assert attempt(g, "layoff Jk#2 on 1") is not None


def test_wild_limit_one_per_meld():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers"],
         "wild_limit": "one_per_meld"}
    ok("7♣ 7♦ Jk", "meld 7♣ 7♦ Jk", rules=r)
    refused("7♣ 7♦ 7♥ Jk Jk#2", "meld 7♣ 7♦ 7♥ Jk Jk#2", rules=r, decks=2)
    refused("4♥ Jk 6♥ Jk#2 8♥", "meld 4♥ Jk 6♥ Jk#2 8♥ as run:4♥", rules=r)
    g = playing("Jk#2 4♦", rules=r, melds=[meld(0, "run:5♥", "5♥ 6♥ Jk")])
    assert attempt(g, "layoff Jk#2 on 1") is not None


def test_one_per_meld_six_cards_may_hold_two_wilds_one_in_each_half():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers"],
         "wild_limit": "one_per_meld"}
    # 3 W 5 | 6 W 8: one wild in each half
    m = ok("3♥ Jk 5♥ 6♥ Jk#2 8♥", "meld 3♥ Jk 5♥ 6♥ Jk#2 8♥ as run:3♥", rules=r)
    assert len(m.cards) == 6
    # 3 W W 6 7 8: both wilds in the first half
    refused("3♥ Jk Jk#2 6♥ 7♥ 8♥", "meld 3♥ Jk Jk#2 6♥ 7♥ 8♥ as run:3♥", rules=r)
    # 3 4 5 6 W W: both in the second half
    refused("3♥ 4♥ 5♥ 6♥ Jk Jk#2", "meld 3♥ 4♥ 5♥ 6♥ Jk Jk#2 as run:3♥", rules=r)
    # a six-card set with two wilds splits into two sets of three
    ok("7♣ 7♦ 7♥ 7♠ Jk Jk#2", "meld 7♣ 7♦ 7♥ 7♠ Jk Jk#2", rules=r, decks=2)
    # three wilds in six is too many
    refused("7♣ 7♦ 7♥ Jk Jk#2 Jk#3", "meld 7♣ 7♦ 7♥ Jk Jk#2 Jk#3", rules=r, decks=2)


def test_one_per_meld_lay_off_makes_the_second_half():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers"],
         "wild_limit": "one_per_meld"}
    # 3 W 5 6 7 + W at the top: 3 W 5 | 6 7 W
    g = playing("Jk#2 4♦", rules=r, melds=[meld(0, "run:3♥", "3♥ Jk 5♥ 6♥ 7♥")])
    assert attempt(g, "layoff Jk#2 on 1 high") is None
    # but not at the bottom: W 3 W 5 6 7 has both wilds in the first three
    g = playing("Jk#2 4♦", rules=r, melds=[meld(0, "run:3♥", "3♥ Jk 5♥ 6♥ 7♥")])
    assert attempt(g, "layoff Jk#2 on 1 low") is not None


def test_george_allows_one_wild_per_set():
    kw = {"rules": "george", "wild": "8", "others": ("", "")}
    ok("7♣ 7♦ 8♠", "meld 7♣ 7♦ 8♠", **kw)
    refused("7♣ 8♦ 8♠", "meld 7♣ 8♦ 8♠ as set:7", **kw)
    refused("7♣ 7♦ 7♥ 8♦ 8♠", "meld 7♣ 7♦ 7♥ 8♦ 8♠ as set:7", **kw)


def test_a_lay_off_refused_by_a_rule_says_which():
    """George: one wild a set. Laying a second wild off says so, not just "does not fit"."""
    kw = {"rules": "george", "wild": "8", "others": ("", "")}
    why = refused("8♦ 4♣", "layoff 8♦ on 1", melds=[meld(0, "set:9", "9♣ 9♦ 8♠")], **kw)
    assert why.startswith("The 8♦ does not fit the set of 9s: a meld may hold only one wild card")
    # a card that is simply the wrong one gets the plain message
    why = refused("4♣ 5♦", "layoff 4♣ on 1", melds=[meld(0, "set:9", "9♣ 9♦ 8♠")], **kw)
    assert why == "The 4♣ does not fit the set of 9s"
    # sets of picture cards and aces are named in words, as the table labels them
    why = refused("4♣ 5♦", "layoff 4♣ on 1", melds=[meld(0, "set:A", "A♣ A♦ A♠")], **kw)
    assert why == "The 4♣ does not fit the set of aces"
    why = refused("4♣ 5♦", "layoff 4♣ on 1", melds=[meld(0, "set:K", "K♣ K♦ K♠")], **kw)
    assert why == "The 4♣ does not fit the set of kings"
    # a wild on a run over the limit, with the limit named
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers"],
         "wild_limit": "fewer_than_naturals"}
    why = refused("Jk#2 4♦", "layoff Jk#2 on 1", rules=r, melds=[meld(0, "run:3♥", "3♥ Jk 5♥")])
    assert why.endswith(": natural cards must outnumber wild cards in a meld")


@pytest.mark.parametrize("hand,melds,rules,why", [
    ("9♠ 5♣", [meld(1, "run:5♠", "5♠ 6♠ 7♠")], "rummy500", "the 8♠ would have to go down first"),
    ("2♠ 5♣", [meld(1, "run:5♠", "5♠ 6♠ 7♠")], "rummy500", "the 3♠ and 4♠ would have to go down first"),
    ("K♠ 5♣", [meld(1, "run:5♠", "5♠ 6♠ 7♠")], "rummy500", "the 8♠ to Q♠ would have to go down first"),
    ("6♠ 5♣", [meld(1, "run:5♠", "5♠ 6♠#2 7♠")], {"preset": "rummy500", "decks": 2},
     "that run already has its 6"),
    ("6♠ 5♣", [meld(1, "run:5♠", "5♠ Jk 7♠")], {"preset": "rummy500", "jokers_per_deck": 1,
                                                 "permanent_wilds": ["jokers"]},
     "a wild card already stands for the 6♠ in that run"),
    ("A♠ 5♣", [meld(1, "run:J♠", "J♠ Q♠ K♠")], "basic", "aces are low in this game"),
    ("A♠ 5♣", [meld(1, "run:2♠", "2♠ 3♠ 4♠")], {"preset": "rummy500", "aces": "high_only"},
     "aces are high in this game"),
    ("A♠ 5♣", [meld(1, "run:4♠", "4♠ 5♠ 6♠")], {"preset": "rummy500", "lowest_rank": 4},
     "aces are high in this game: Q-K-A is a run, A-4-5 is not"),
    ("2♠ 5♣", [meld(1, "run:J♠", "J♠ Q♠ K♠ A♠")], "rummy500", "a run cannot turn the corner from K to A to 2"),
    ("K♠ 5♣", [meld(1, "run:A♠", "A♠ 2♠ 3♠")], "rummy500", "a run cannot turn the corner from K to A to 2"),
    ("K♠#2 5♣", [meld(1, "run:A♠", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠")],
     {"preset": "rummy500", "decks": 2}, "a run holds at most 13 cards"),
])
def test_a_card_that_does_not_fit_a_run_says_why(hand, melds, rules, why):
    card = hand.split()[0]
    got = refused(hand, f"layoff {card} on 1", rules=rules, melds=melds)
    assert got.startswith(f"The {card.split('#')[0]} does not fit the run ") and ": " + why in got, got


def test_persian_says_jokers_are_not_wild():
    why = refused("5♥ 6♥ Jk 2♣", "meld 5♥ 6♥ Jk", rules="persian", others=("", "", ""))
    assert why.endswith("jokers are not wild in this game; they meld only as a group of jokers")
    assert ok("Jk Jk#2 Jk#3 2♣", "meld Jk Jk#2 Jk#3", rules="persian", others=("", "", "")).rank == 0


def test_rules_value_exposes_wild_limit_choices():
    assert Rules.preset(wild_limit="one_per_meld").wild_limit == "one_per_meld"


def test_an_ace_on_a_two_to_king_run_may_go_low_or_high():
    run12 = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"
    g = playing("A♠ 4♦", melds=[meld(0, "run:2♠", run12)])
    assert attempt(g, "layoff A♠ on 1 low") is None
    assert (g.melds[0].lo, g.melds[0].hi) == (1, 13)


def test_one_per_meld_lay_offs_on_sets():
    r = {"preset": "rummy5000", "jokers_per_deck": 2, "permanent_wilds": ["jokers"],
         "wild_limit": "one_per_meld"}
    g = playing("Jk#2 7♠ 4♦", rules=r, decks=2, melds=[meld(0, "set:7", "7♣ 7♦ Jk")])
    assert attempt(g, "layoff Jk#2 on 1") is not None  # two wilds in four cards
    g = playing("Jk#2 4♦", rules=r, decks=2, melds=[meld(0, "set:7", "7♣ 7♦ 7♥ 7♠ Jk")])
    assert attempt(g, "layoff Jk#2 on 1") is None  # six cards, two wilds: two sets of three


def test_a_wild_rank_card_in_its_place_is_not_a_wild_to_cover():
    # 6s wild, run 5♥ 6♥ 7♥: the 6♥ is natural there, so the other 6♥ has no wild to cover
    g = playing("6♥#2 4♦", wild="6", decks=2, melds=[meld(0, "run:5♥", "5♥ 6♥ 7♥")])
    assert attempt(g, "cover 6♥#2 on 1") is not None
    # when it is not natural in place, it stands as a wild for the 6♥
    g = playing("8♥ 4♦", wild="6", decks=2,
                rules={"preset": "rummy5000", "wild_rank_natural_in_place": False},
                melds=[meld(0, "run:6♥", "6♥ 7♥ 6♣")])
    assert attempt(g, "cover 8♥ on 1") is None


def test_without_natural_in_place_wild_rank_cards_and_a_joker_have_no_natural():
    # RULES.md 4: a meld needs a natural card, except that cards of the round's wild rank
    # form a set by themselves; 6♣ 6♦ Jk is not the wild rank by itself, and with the
    # option off its 6s are wild
    g = playing("6♣ 6♦ Jk 2♦", wild="6", rules=jokers(wild_rank_natural_in_place=False))
    assert attempt(g, "meld 6♣ 6♦ Jk") is not None


# ---------------------------------------------------------------------- lay-off chains


def _chain_table(melds, wild="2", rules="rummy5000"):
    """A table with ``melds`` (owner 1) and ``wild`` wild: its context and melds."""
    from engine_helpers import position

    g = position(["K♦", "Q♦"], rules=Rules.preset(rules), wild=wild,
                 melds=[meld(1, shape, text) for shape, text in melds])
    return g.ctx, g.melds


def _chain_text(chain):
    return None if chain is None else [f"{c} {end}" for c, _, end in chain]


def test_a_lay_off_chain_is_the_card_alone_when_it_fits_at_once():
    from game.engine.melds import layoff_chain

    ctx, melds = _chain_table([("run:3♣", "3♣ 4♣ 5♣")])
    assert _chain_text(layoff_chain(ctx, C("6♣"), [C("6♣"), C("9♦")], melds)) == ["6♣ high"]
    assert layoff_chain(ctx, C("9♦"), [C("6♣"), C("9♦")], melds) is None


def test_a_lay_off_chain_puts_the_cards_that_make_room_first():
    from game.engine.melds import layoff_chain

    ctx, melds = _chain_table([("run:3♣", "3♣ 4♣ 5♣")])
    hand = [C(t) for t in "8♣ 6♣ K♥ 7♣".split()]
    assert _chain_text(layoff_chain(ctx, C("8♣"), hand, melds)) == ["6♣ high", "7♣ high", "8♣ high"]
    # a gap the hand cannot fill: no chain
    assert layoff_chain(ctx, C("8♣"), [C("8♣"), C("6♣"), C("K♥")], melds) is None


def test_a_lay_off_chain_places_a_wild_at_whichever_end_makes_room():
    """The 3♠ fits 5-7♠ only with the wild as the 4♠, at the low end. Putting the wild on the
    first end a lay-off names (high, as the 8♠) would leave no room for it."""
    from game.engine.melds import layoff_chain, layoff_ends

    ctx, melds = _chain_table([("run:5♠", "5♠ 6♠ 7♠")])
    assert layoff_ends(ctx, melds[0], C("2♣")) == ["high", "low"]
    chain = layoff_chain(ctx, C("3♠"), [C("3♠"), C("2♣"), C("K♥")], melds)
    assert _chain_text(chain) == ["2♣ low", "3♠ low"]
    assert [m for _, m, _ in chain] == [melds[0].id, melds[0].id]


def test_a_lay_off_chain_spends_the_fewest_cards_of_the_hand():
    """The 8♣ fits 3-5♣ after the 6♣ and the 7♣, or 10-Q♣ after the 9♣ alone: the shorter."""
    from game.engine.melds import layoff_chain

    ctx, melds = _chain_table([("run:3♣", "3♣ 4♣ 5♣"), ("run:10♣", "10♣ J♣ Q♣")])
    hand = [C(t) for t in "6♣ 7♣ 9♣ 8♣".split()]
    chain = layoff_chain(ctx, C("8♣"), hand, melds)
    assert _chain_text(chain) == ["9♣ low", "8♣ low"]
    assert {m for _, m, _ in chain} == {melds[1].id}


def test_a_lay_off_chain_leaves_the_cards_it_must_keep():
    from game.engine.melds import layoff_chain

    ctx, melds = _chain_table([("run:A♦", "A♦ 2♦ 3♦")], wild="K")
    hand = [C(t) for t in "4♦ 5♦ 6♦".split()]
    assert _chain_text(layoff_chain(ctx, C("6♦"), hand, melds)) == ["4♦ high", "5♦ high", "6♦ high"]
    assert layoff_chain(ctx, C("6♦"), hand, melds, keep=1) is None
    assert layoff_chain(ctx, C("6♦"), [*hand, C("9♠")], melds, keep=1) is not None
    # the card alone, though it fits at once, cannot be the last card kept
    assert _chain_text(layoff_chain(ctx, C("4♦"), [C("4♦")], melds)) == ["4♦ high"]
    assert layoff_chain(ctx, C("4♦"), [C("4♦")], melds, keep=1) is None


def test_a_lay_off_chain_ends_with_a_cover_where_the_card_takes_a_wilds_place():
    from game.engine.melds import layoff_chain

    ctx, melds = _chain_table([("run:5♠", "5♠ 2♣ 7♠")])
    assert _chain_text(layoff_chain(ctx, C("6♠"), [C("6♠")], melds)) == ["6♠ cover"]


def test_a_lay_off_chain_search_stops_at_its_budget():
    """Four wilds can stand anywhere around 5-7♠: the K♠ needs five places filled. A budget
    too small for that search answers None rather than search on."""
    from game.engine.melds import layoff_chain

    ctx, melds = _chain_table([("run:5♠", "5♠ 6♠ 7♠")])
    hand = [C(t) for t in "2♣ 2♦ 2♥ 2♠ 8♠ K♠".split()]
    chain = layoff_chain(ctx, C("K♠"), hand, melds)
    assert chain is not None and len(chain) == 6 and chain[-1][0] == C("K♠")
    assert layoff_chain(ctx, C("K♠"), hand, melds, budget=5) is None


def _brute_chain(ctx, card, hand, melds, keep):
    """The fewest lay-offs of other cards, onto any meld in any order and at any end, after
    which ``card`` goes on a meld (as a lay-off or on a wild), or None."""
    from game.engine.melds import add_to_meld, cover_index, layoff_ends

    def fits(ms):
        return any(cover_index(ctx, m, card) is not None or layoff_ends(ctx, m, card) for m in ms)

    def search(ms, left, depth):
        if fits(ms):
            return True
        if depth == 0:
            return False
        for i, c in enumerate(left):
            for j, m in enumerate(ms):
                for end in layoff_ends(ctx, m, c):
                    grown = m.copy()
                    add_to_meld(grown, c, end, 0)
                    if search([*ms[:j], grown, *ms[j + 1:]], left[:i] + left[i + 1:], depth - 1):
                        return True
        return False

    others = list(hand)
    others.remove(card)
    for depth in range(len(others) - keep + 1):
        if search(list(melds), others, depth):
            return depth
    return None


@pytest.mark.parametrize("preset,opts", [
    ("rummy5000", {}), ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"]}),
    ("rummy500", {}), ("rummy5000", {"jokers_per_deck": 2, "permanent_wilds": ["jokers"],
                                     "wild_limit": "one_per_meld"}),
    ("rummy5000", {"wild_limit": "fewer_than_naturals"}),
])
def test_a_lay_off_chain_is_as_short_as_any_order_of_lay_offs_finds(preset, opts):
    """Small hands crowded around one or two table melds: ``layoff_chain`` finds a chain
    exactly when some order of lay-offs, onto any meld at any end, lets the card go down,
    with as few cards of the hand; and each of its steps is a legal lay-off in turn."""
    from engine_helpers import shuffled_packs

    from game.engine.melds import add_to_meld, cover_index, layoff_chain, layoff_ends, make_meld
    from game.engine.solver import iter_melds

    found = total = 0
    for ctx, t, rng, pack in shuffled_packs(preset, opts, 60, 13):
        table = []
        for cards, shape in iter_melds(ctx, pack[:14]):
            table.append(make_meld(ctx, list(cards), shape, 1, 1))
            break
        taken = {c for m in table for c in m.cards}
        if t % 3:  # and a run of three naturals, the card a few places past one end of it
            suit, lo = rng.randrange(4), rng.randint(2, 10)
            cards = [next((c for c in pack if c not in taken and c not in ctx.wilds
                           and c & 127 == (suit << 4) | r), None) for r in range(lo, lo + 3)]
            if None not in cards:
                table.append(make_meld(ctx, cards, ("run", suit, lo), 1, 2))
                taken.update(cards)
        if not table:
            continue
        suits = {(c >> 4) & 7 for c in taken}
        pool = [c for c in pack if c not in taken and ((c >> 4) & 7 in suits or c in ctx.wilds)]
        hand = rng.sample(pool, rng.randint(2, 5))
        card = hand[0]
        runs = [m for m in table if m.kind == "run"]
        if runs and t % 3:
            m = rng.choice(runs)
            far = (m.hi + rng.randint(2, 4)) if rng.random() < 0.5 else (m.lo - rng.randint(2, 4))
            near = [q for q in range(min(far, m.lo), max(far, m.hi) + 1) if not m.lo <= q <= m.hi]
            faces = {(m.suit << 4) | (1 if q == 14 else q) for q in near if 1 <= q <= 14}
            fitting = [c for c in pack if c not in taken and ((c & 127) in faces or c in ctx.wilds)]
            target = [c for c in fitting if c not in ctx.wilds and (c & 15) == (1 if far == 14 else far)]
            if target:
                card = target[0]
                rest = [c for c in fitting if c != card]
                hand = [card, *rng.sample(rest, min(len(rest), rng.randint(1, 4)))]
                hand += rng.sample([c for c in pool if c not in hand], 1)
        keep = t % 2
        chain = layoff_chain(ctx, card, hand, table, keep=keep)
        fewest = _brute_chain(ctx, card, hand, table, keep)
        total += 1
        if fewest is None:
            assert chain is None, (hand, table, chain)
            continue
        found += fewest > 0
        assert chain is not None and len(chain) == fewest + 1, (hand, table, chain, fewest)
        melds = {m.id: m.copy() for m in table}
        left = list(hand)
        for c, mid, end in chain:
            if end == "cover":
                assert c == card and cover_index(ctx, melds[mid], c) is not None
            else:
                assert end in layoff_ends(ctx, melds[mid], c)
                add_to_meld(melds[mid], c, end, 0)
            left.remove(c)
        assert chain[-1][0] == card and len(left) >= keep
    assert total >= 100 and found >= 20, (total, found)


def test_a_new_set_lies_with_its_wilds_after_its_naturals():
    """A set melded as 2♣ Q♥ 2♠ 2♦ (queens wild) lay with the wild between the twos, as if it
    stood for one of them; a set's wilds go after its naturals, which keep their order."""
    from engine_helpers import play, position

    from game.engine.cards import parse_cards

    g = position(["2♣ Q♥ 2♠ 2♦ 9♣", "4♣ 5♣ 6♣"], rules={"preset": "rummy5000"}, wild="Q", phase="play", current=0)
    play(g, "meld 2♣ Q♥ 2♠ 2♦")
    assert g.melds[-1].cards == parse_cards("2♣ 2♠ 2♦ Q♥")


def test_a_card_laid_off_on_a_set_goes_before_its_wilds_and_undo_takes_it_back():
    """A set melded 7♣ 7♠ wild 2♥ read "7 7 2 7" once the 7♥ was laid off after the wild (a
    tester): a card of the set's rank goes in before the wilds at its end; the seats' tabs
    and a card laid on the wild move with them, and undo takes it back out."""
    from engine_helpers import meld, play, position

    from game.engine.cards import parse_cards

    g = position(["7♥ 9♣ 4♦", "5♣ 6♣ 8♦", "K♣ K♦ 3♠"], rules={"preset": "rummy5000"}, wild="2",
                 melds=[meld(1, "set:7", "7♣ 7♠ 2♥", covers={"2": ["7♦", 2]}), meld(0, "run:J♠", "J♠ Q♠ K♠")],
                 phase="play", current=0, turns=[1, 1, 1])
    m = g.melds[0]
    assert m.covers == {2: (parse_cards("7♦")[0], 2)}
    play(g, "layoff 7♥ on 1")
    assert m.cards == parse_cards("7♣ 7♠ 7♥ 2♥") and m.by == [1, 1, 0, 1]
    assert m.covers == {3: (parse_cards("7♦")[0], 2)}  # (still on the wild)
    play(g, "undo")
    assert m.cards == parse_cards("7♣ 7♠ 2♥") and m.by == [1, 1, 1] and 2 in m.covers
    assert sorted(g.all_cards()) == sorted(g.pack)


def test_stand_ins_name_what_each_wild_stands_for():
    """``stand_ins``: the one reading of a meld's wilds the moves and the meld menu share."""
    from engine_helpers import position

    from game.engine.melds import make_meld, shapes_for, stand_ins

    g = position(["2♣", "3♣"], rules={"preset": "rummy5000"}, wild="K")
    ctx = g.ctx
    run = [C("7♥"), C("8♥"), C("K♠")]
    readings = [stand_ins(ctx, make_meld(ctx, run, shape, 0, 1)) for shape in shapes_for(ctx, run)]
    assert sorted(readings, key=str) == [{0: "6♥"}, {2: "9♥"}]  # (6-8 or 7-9: the king for the 6♥ or the 9♥)
    s = make_meld(ctx, [C("5♣"), C("K♦"), C("5♥")], ("set", 5), 0, 2)
    assert stand_ins(ctx, s) == {2: ""}  # (a set's wild, after its naturals, stands for no one card)
    kings = make_meld(ctx, [C("K♣"), C("K♦"), C("K♥")], ("set", 13), 0, 3)
    assert stand_ins(ctx, kings) == {}  # (the wild rank among its own: natural there)
