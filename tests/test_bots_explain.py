"""The reasons a hint gives (game.bots.explain): facts from the seat's view only."""

from __future__ import annotations

import re

import pytest
from engine_helpers import meld, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import rule_sets

from game.bots import make_bot
from game.bots.explain import _named, hint_reason
from game.engine import Discard, DrawStock, LayOff, TakePile, new_game
from game.engine.cards import card_name, parse_cards
from game.engine.rules import Rules
from game.engine.view import PlayerView
from game.simulate import decisions


def c(text: str):
    return parse_cards(text)[0]


def view(hands, **kw):
    kw.setdefault("rules", Rules.preset("rummy500"))
    return PlayerView.of(position(hands, **kw), 0)


def test_a_take_names_the_cards_it_melds_with():
    v = view(["7♣ 7♦ K♠ 2♥ 9♦", "4♣ 5♣"], pile="3♠ J♥ 7♥", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("7♥"))) == "it melds with your 7♣ 7♦"
    # a deeper take: the cards above it in the pile count too
    v = view(["8♠ K♣ 2♥", "4♣ 5♣"], pile="3♦ 9♠ 10♠", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("9♠"))) == "it melds with your 8♠ and the 10♠ you take with it"
    v = view(["K♣ 2♥", "4♣ 5♣"], pile="3♦ 9♠ 10♠ J♠", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("9♠"))) == "it melds with the 10♠ J♠ you take with it"


def test_a_take_that_only_goes_with_a_card_says_which():
    v = view(["7♣ K♠ 2♥ 9♦", "4♣ 5♣"], pile="3♠ 7♥", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("7♥"))) == "it goes with your 7♣"


def test_a_take_of_a_card_that_goes_with_nothing_says_what_it_is_worth_or_that_it_is_wild():
    """A take the plan does not meld, of a card that goes with nothing in hand, still says
    why (it said nothing): a wild stands in anywhere; a costly card, what it scores melded
    and what it costs left in hand, as this game counts a hand."""
    r5000 = Rules.preset("rummy5000")
    v = view(["4♦ 6♥ 5♥ 5♠ J♦", "4♣ 5♣ 9♦"], rules=r5000, wild=None, pile="A♣", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("A♣"))) == (
        "it goes with none of your cards yet, but melded it scores 100 points (left in your hand, "
        "its 100 go to whoever goes out)")
    v = view(["4♦ 6♥ 5♥ 5♠ J♦", "4♣ 5♣ 9♦"], wild=None, pile="A♣", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("A♣"))) == (  # (Rummy 500: a hand counts against its holder)
        "it goes with none of your cards yet, but melded it scores 15 points (left in your hand, "
        "it counts 15 against you)")
    v = view(["4♦ 6♥ 5♥ 5♠ J♦", "4♣ 5♣ 9♦"], wild=None, pile="2♣", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("2♣"))) == (  # (a cheap card: the sums, in words)
        "it goes with none of your cards yet, but it is likelier to be of use than a card from the stock")
    v = view(["3♦ 2♥ J♠ K♥", "4♣ 5♣ 9♦"], rules=r5000, wild="7", pile="7♥", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("7♥"))) == "it is wild, and a wild card can stand in for a card of any meld"


def test_a_draw_says_when_the_pile_card_goes_with_nothing_in_hand():
    v = view(["7♣ K♠ 2♥ 9♦", "4♣ 5♣"], pile="3♠ 5♦", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == "the 5♦ on the pile goes with none of your cards"
    v = view(["7♣ K♠ 2♥ 6♦", "4♣ 5♣"], pile="3♠ 5♦", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == "the 5♦ on the pile goes with your 6♦, but makes no meld yet"
    v = view(["7♣ K♠ 6♦ 4♦", "4♣ 5♣"], pile="3♠ 5♦", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == (  # (it would meld: the stock won by the bot's sums alone)
        "the 5♦ on the pile would meld with your 4♦ 6♦, but a card from the stock is the better bet "
        "for this hand")


def test_a_draw_where_a_taken_card_must_be_used_at_once_says_it_could_not_be():
    rules = Rules.preset("george")  # (a card taken from the pile must be melded that turn)
    v = view(["8♠ 8♦ K♣ 4♥", "4♣ 5♣ 6♦", "Q♣ Q♦ 5♥"], rules=rules, pile="3♦ 4♠", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == \
        "the 4♠ on the pile could not be melded this turn, and a card taken from the pile must be"


def test_a_discard_says_whether_it_goes_with_anything_and_what_the_next_player_took():
    v = view(["7♣ 7♦ K♠ 8♣", "4♣ 5♣ 9♥"], pile="3♠")
    assert hint_reason(v, Discard(c("K♠"))) == "it goes with none of your other cards"  # (the only loose one)
    assert hint_reason(v, Discard(c("7♣"))) is None  # (the K♠ is the weaker card: nothing true to say)
    v = view(["7♣ 7♦ K♠ 8♣", "4♣ 5♣"], pile="3♠")  # (a player about to go out: its points weigh)
    assert hint_reason(v, Discard(c("K♠"))) == ("it goes with none of your other cards; Player 2 has 2 cards "
                                                "left, and at 10 points it would cost you the most if that "
                                                "player goes out")
    v = view(["7♣ 7♦ K♠ 8♣", "4♣ 5♣", "2♦ 9♦"], pile="3♠")  # (two of them: "that player" read wrongly)
    assert hint_reason(v, Discard(c("K♠"))).endswith("2 players have 2 cards left, and at 10 points it would "
                                                     "cost you the most if either goes out")
    # the next player took the 4♣ from the pile: a king is nowhere near it
    v = view(["7♣ 7♦ K♠ 8♣", "4♣ 5♣ 9♥"], pile="3♠", known=["", "4♣"])
    assert hint_reason(v, Discard(c("K♠"))) == \
        "it goes with none of your other cards; the next player has taken nothing near it"
    # the 3♣ goes with the 4♣ it took: the hint warns (it never said a word of it)
    v = view(["7♣ 7♦ 3♣ 2♥", "4♣ 5♣"], pile="3♠", known=["", "4♣"])
    assert hint_reason(v, Discard(c("3♣"))).endswith(
        ", though it goes with the 4♣ the next player took from the pile")
    v = view(["7♣ 7♦ 4♥ 2♥", "4♣ 5♣"], pile="3♠", known=["", "4♣ 5♣"])
    assert "though it goes with the 4♣ the next player took from the pile" in \
        hint_reason(v, Discard(c("4♥")))


@pytest.mark.parametrize("preset, goes", [("basic", False), ("rummy500", True)])
def test_a_king_goes_with_an_ace_only_where_aces_may_be_high(preset, goes):
    """"The K♠ on the pile goes with your A♠" in basic rummy, where aces are low only and
    Q-K-A is no run (a tester): neighbours are reckoned as the game's runs go."""
    from game.bots.tactics import partners

    rules = Rules.preset(preset)
    v = view(["A♠ 7♦ 9♣ 4♥", "4♣ 5♣ 6♦"], rules=rules, wild=None, pile="3♦ K♠", phase="draw", current=0)
    said = hint_reason(v, DrawStock())
    assert said == ("the K♠ on the pile goes with your A♠, but makes no meld yet" if goes
                    else "the K♠ on the pile goes with none of your cards")
    ctx = v.ctx
    assert partners(c("K♠"), [c("A♠")], ctx.wilds, ctx) == (0, 1 if goes else 0)
    assert partners(c("2♠"), [c("A♠")], ctx.wilds, ctx) == (0, 1)  # (A-2-3 in both)
    high = Rules.preset("rummy500", aces="high_only")
    hv = view(["A♠ 7♦ 9♣ 4♥", "4♣ 5♣ 6♦"], rules=high, wild=None, pile="3♦ K♠", phase="draw", current=0)
    assert partners(c("2♠"), [c("A♠")], hv.ctx.wilds, hv.ctx) == (0, 0)


def test_a_discard_that_keeps_a_costly_card_while_a_player_is_about_to_go_out_says_so():
    """With Alice on one card, the hint threw the K♠ and kept the A♠, 100 points, with no
    word of the risk; she went out and the ace cost 100 (a tester). The reason says why it
    is kept, and the risk it runs."""
    from game.engine.view import view_of

    g = position(["A♠ K♠", "9♥", "5♦ 6♦ 2♣ 3♥ 8♣", "J♣ J♦ 4♠ 6♣"], rules=Rules.preset("rummy5000"), wild="8",
                 pile="Q♦", phase="play", current=0, melds=[meld(1, "run:5♥", "5♥ 6♥ 7♥"),
                                                            meld(0, "set:Q", "Q♣ Q♠ Q♥")])
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == Discard(c("K♠"))
    assert hint_reason(v, Discard(c("K♠"))) == (
        "going by the cards still unseen the other players are likelier to want your A♠, though Player 2 has "
        "1 card left, and keeping it risks its 100 points")
    g.hands[1] += [g.stock.pop(), g.stock.pop()]  # (three cards: not about to go out)
    assert "risks its" not in (hint_reason(view_of(g, 0), Discard(c("K♠"))) or "")
    # where face cards are 10 and low cards their pips (Rummy 500), a loose jack kept is told
    # of too (it never was: the threshold was 15 points); a jack kept in a pair is not
    v = view(["9♦ 8♥ 5♦ 4♠ J♣", "4♣ 5♣ 9♠", "K♥ 2♦"], pile="3♠")
    assert hint_reason(v, Discard(c("5♦"))).endswith(
        ", though Player 3 has 2 cards left, and keeping your J♣ risks its 10 points")
    v = view(["9♦ 8♥ 5♦ 4♠ J♣ J♦", "4♣ 5♣ 9♠", "K♥ 2♦"], pile="3♠")
    assert "risks its" not in hint_reason(v, Discard(c("5♦")))
    # two such cards kept are both named, with their sum (of two aces kept, one was: a tester)
    v = view(["9♦ 8♥ 5♦ 4♠ J♣ K♠", "4♣ 5♣ 9♠", "K♥ 2♦"], pile="3♠")
    assert hint_reason(v, Discard(c("5♦"))).endswith(
        ", though Player 3 has 2 cards left, and keeping your J♣ K♠ risks their 20 points")


def test_a_discard_that_lets_a_player_on_one_card_go_out_says_so():
    """The hint threw the 2♠, which fit a meld on the table, while Ben had one card: he
    called, laid it off and went out (a tester). The risk is named as what it is."""
    v = view(["7♣ 7♦ K♠ 4♥ 9♣", "9♥"], pile="2♠", phase="play", current=0,
             melds=[meld(1, "run:5♥", "5♥ 6♥ 7♥")])
    assert hint_reason(v, Discard(c("4♥"))) == ("it goes with none of your other cards, though it fits a meld "
                                                "on the table, and a player with 1 card left could lay it "
                                                "off and go out")
    v = view(["7♣ 7♦ K♠ 4♥ 9♣", "9♥ 2♦"], pile="2♠", phase="play", current=0,
             melds=[meld(1, "run:5♥", "5♥ 6♥ 7♥")])  # (two cards: no going out on it)
    assert "go out" not in hint_reason(v, Discard(c("4♥")))


def test_a_reason_depends_on_the_view_alone():
    """Two positions with the same view (the others' hidden cards differ) get the same
    reason: it never reads what the seat cannot see."""
    a = position(["7♣ 7♦ K♠ 2♥", "4♣ 5♣ 9♥"], rules=Rules.preset("rummy500"), pile="3♠")
    b = position(["7♣ 7♦ K♠ 2♥", "K♣ K♦ 9♥"], rules=Rules.preset("rummy500"), pile="3♠")
    for action in (Discard(c("K♠")), Discard(c("7♦"))):
        assert hint_reason(PlayerView.of(a, 0), action) == hint_reason(PlayerView.of(b, 0), action)


def test_melds_and_lay_offs_get_no_reason():
    from game.engine import MeldCards

    v = view(["7♣ 7♦ 7♠ 2♥", "4♣ 5♣"], pile="3♠")
    assert hint_reason(v, MeldCards(tuple(parse_cards("7♣ 7♦ 7♠")))) is None


def test_a_meld_or_lay_off_of_the_last_cards_says_the_seat_floats_or_goes_out():
    from game.engine import LayOff, MeldCards

    rules = Rules.preset("rummy5000")  # (a playable last card may not be discarded)
    v = view(["2♠ 3♠ 4♠ 6♠ 9♣", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="3♦", phase="play", current=0)
    assert hint_reason(v, MeldCards(tuple(parse_cards("2♠ 3♠ 4♠ 9♣ 6♠")))) == (
        "that plays your last cards, so you float: you draw on your turns, and go out by throwing a card "
        "that fits no meld")
    # (the 6♠ stays, fitting the new meld: it cannot be thrown to go out, which is said)
    assert hint_reason(v, MeldCards(tuple(parse_cards("2♠ 3♠ 4♠ 9♣")))) == (
        "then your 6♠ fits #1, so it cannot be thrown to go out: laid off too, it leaves you floating")
    v = view(["6♠", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="3♦", phase="play", current=0,
             melds=[meld(0, "run:3♠", "3♠ 4♠ 5♠")])
    assert hint_reason(v, LayOff(c("6♠"), v.melds[0].id)).endswith("so you float: you draw on your turns, and "
                                                                   "go out by throwing a card that fits no meld")
    v = view(["6♠", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="3♦", phase="play", current=0,
             melds=[meld(0, "run:3♠", "3♠ 4♠ 5♠")], floating=[True, False])
    # (a floating player is not told again what floating is: a tester)
    assert hint_reason(v, LayOff(c("6♠"), v.melds[0].id)) == "that plays your last card, so you float on"
    floating = Rules.preset("rummy5000", going_out="floating")
    v = view(["2♠ 3♠ 4♠", "4♣ 5♣ 6♦"], rules=floating, wild="9", pile="3♦", phase="play", current=0)
    assert hint_reason(v, MeldCards(tuple(parse_cards("2♠ 3♠ 4♠")))) == "that plays your last cards, so you float"
    # where melding the last cards goes out (Rummy 500, basic rummy), that is said (a tester:
    # the final meld's hint did not say it ended the round)
    v = view(["2♠ 3♠ 4♠", "4♣ 5♣"], pile="3♦", phase="play", current=0)
    assert hint_reason(v, MeldCards(tuple(parse_cards("2♠ 3♠ 4♠")))) == "that plays your last cards, so you go out"
    v = view(["J♣ J♦ J♠ 4♦", "4♣ 5♣"], rules=Rules.preset("basic"), pile="3♦", phase="play", current=0)
    # (the 4♦ stays, and may be thrown to go out: said so)
    assert hint_reason(v, MeldCards(tuple(parse_cards("J♣ J♦ J♠")))) == "then you go out by discarding the 4♦"
    # a wild left to throw is named as one ("the 3♥" read as a natural card: a property test)
    v = view(["J♣ J♦ J♠ 4♦", "4♣ 5♣"], rules=Rules.preset("rummy500"), wild="4", pile="3♦", phase="play",
             current=0)
    why = hint_reason(v, MeldCards(tuple(parse_cards("J♣ J♦ J♠"))))
    assert why == "then you go out by discarding the wild 4♦"


def test_the_next_players_takes_count_only_when_there_are_some_and_its_upcard_counts_too():
    rules = Rules.preset("rummy5000")
    g = position(["7♣ 7♦ K♠ 2♥", "4♣ 5♣ 9♥"], rules=rules, pile="3♠", wild="9", known=["", "4♣"])
    g.upcards = [None, c("4♣")]  # the 4♣ is its deal card, not a take: nothing taken yet
    assert "next player" not in hint_reason(PlayerView.of(g, 0), Discard(c("K♠")))
    g.known[1] = {c("4♣"), c("9♥")}
    g.upcards = [None, c("9♥")]  # it took the 4♣; its deal card is a wild: it may want anything
    assert "taken nothing" not in hint_reason(PlayerView.of(g, 0), Discard(c("K♠")))
    assert "the next player has 3 cards left, one of them the wild 9♥ it was dealt face up" in \
        hint_reason(PlayerView.of(g, 0), Discard(c("K♠")))
    g.upcards = [None, None]
    g.known[1] = {c("4♣")}
    assert "next player has taken nothing near it" in hint_reason(PlayerView.of(g, 0), Discard(c("K♠")))
    # a card next to its face-up deal card: said as such
    g.hands[0] = parse_cards("7♣ 7♦ K♠ 3♣")
    g.known[1] = {c("4♣")}
    g.upcards = [None, c("4♣")]
    assert hint_reason(PlayerView.of(g, 0), Discard(c("3♣"))).endswith(
        "though it goes with the 4♣ the next player was dealt face up")


def test_a_take_is_explained_by_the_meld_the_plan_makes_and_says_when_the_seat_can_then_go_out():
    # the 7♥ could make a set with the 7♣ 7♦, but the plan sets the three sevens down and
    # runs the 7♥ with the 8♥ 9♥, leaving one card to throw: it goes out
    v = view(["7♣ 7♦ 7♠ 8♥ 9♥ K♣", "4♣ 5♣"], pile="3♠ J♦ 7♥", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("7♥"))) == "it melds with your 8♥ 9♥, and then you can go out"
    v = view(["4♦ 2♥ K♣", "4♣ 5♣"], pile="3♠ 8♥", melds=[meld(1, "run:5♥", "5♥ 6♥ 7♥")],
             phase="draw", current=0)
    assert hint_reason(v, TakePile(c("8♥"))) == "it can be laid off on #1"
    # where melding every card goes out with no discard (Rummy 500), a take that melds them
    # all goes out too (a tester: it said only "it melds with your 4♣ 5♣ 6♣ 7♣"); where a
    # player with no cards floats (Rummy 5000), it does not
    v = view(["4♣ 5♣ 6♣ 7♣", "4♦ 5♦ 9♠"], pile="3♠ 8♣", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("8♣"))) == "it melds with your 4♣ 5♣ 6♣ 7♣, and then you can go out"
    v = view(["4♣ 5♣ 6♣ 7♣", "4♦ 5♦ 9♠"], pile="3♠ 8♣", phase="draw", current=0,
             rules=Rules.preset("rummy5000"), wild="9")
    assert hint_reason(v, TakePile(c("8♣"))) == "it melds with your 4♣ 5♣ 6♣ 7♣"


def test_the_reasons_cards_are_read_as_named():
    assert named_cards("it melds with your A♦ 5♦ and wilds J♥ 10♥, and the 9♣ you take with it") == [
        ("A♦", False), ("5♦", False), ("J♥", True), ("10♥", True), ("9♣", False)]
    assert named_cards("the wild 9♣ you take") == [("9♣", True)]


def test_a_take_names_wild_cards_as_wild():
    rules = Rules.preset("rummy5000")
    v = view(["8♠ 9♦ K♣ 4♥", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="3♦ 7♠", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("7♠"))) == "it melds with your 8♠ and wild 9♦"
    v = view(["8♠ 9♦ K♣ 4♥", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="3♦ 7♠ 9♣", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("7♠"))) == \
        "it melds with your 8♠ and wild 9♦, and the wild 9♣ you take with it"
    wilds = {c("9♦"), c("9♠")}
    assert _named(parse_cards("A♦ 5♦ 9♦ 9♠"), wilds, "your") == "your A♦ 5♦ and wilds 9♦ 9♠"
    assert _named(parse_cards("9♦ 9♠"), wilds, "the") == "the wilds 9♦ 9♠"


def test_a_discard_of_the_last_card_says_it_goes_out():
    v = view(["K♣", "4♣ 5♣"], pile="3♠")
    assert hint_reason(v, Discard(c("K♣"))) == "it is your last card, so you go out"


def test_a_discard_that_goes_with_a_card_says_why_it_goes_all_the_same(monkeypatch):
    # the K♠ goes with the J♠, but the 4♦ and 7♦ go with nothing and cost 5 points, it 10
    v = view(["K♠ J♠ 4♦ 7♦", "4♣ 5♣"], pile="3♠")
    assert hint_reason(v, Discard(c("K♠"))) == \
        "at 10 points it costs more if it is left in your hand than your 4♦ 7♦, which are further from melds"
    # the 4♦ goes only with the 6♦, and every other card has a pair
    v = view(["K♠ K♦ 4♦ 6♦ 9♣ 9♦", "4♣ 5♣"], pile="3♠")
    assert hint_reason(v, Discard(c("4♦"))) == \
        "it goes only with your 6♦, and your other cards are closer to melds"

    # lone cards among the others are closer to melds to nobody, whatever their odds (a
    # tester read "your other cards are closer to melds" beside an A♦, a 2♥ and a 6♣)
    from game.bots import tactics

    v = view(["K♠ K♦ 4♦ 6♦ 9♣ A♥", "4♣ 5♣"], pile="3♠")
    real = tactics.Analysis.meld_chances

    def odds(an, hand):  # (the 4♦ the least likely of all to meld, by the bot's odds)
        return [0.1 if k == c("4♦") else 0.5 for k in hand] if len(hand) == 6 else real(an, hand)

    monkeypatch.setattr(tactics.Analysis, "meld_chances", odds)
    assert "closer to melds" not in (hint_reason(v, Discard(c("4♦"))) or "")
    v = view(["K♠ K♦ 4♦ 6♦ 9♣ 9♦", "4♣ 5♣"], pile="3♠")  # (every other card with a partner)
    assert hint_reason(v, Discard(c("4♦"))) == "it goes only with your 6♦, and your other cards are closer to melds"



CARD = r"(?:(?:10|[2-9AJQK])[♣♦♥♠]|joker)"


def named_cards(text: str) -> list[tuple[str, bool]]:
    """The cards a reason names, each with whether it is named as wild ("wild 9♦", or one of
    "wilds 9♦ 9♣")."""
    out = []
    for label, cards in re.findall(rf"(wilds? )?((?:{CARD} ?)+)", text):
        out += [(name, bool(label)) for name in cards.split()]
    return out


@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets(), st.integers(0, 10_000))
def test_every_hint_in_random_games_gets_a_reason_from_what_the_seat_sees(rs, seed):
    """Over random games of random rules, at every draw and discard of a normal bot: its
    reason never fails, and every card it names is one the seat can see (its hand, the
    pile, the table, the cards it knows another seat holds), a wild one named as wild
    ("wild 9♦") and no other."""
    rules, players = rs
    g, _ = new_game(rules, players, seed=seed)
    bots = [make_bot("normal", seed + s) for s in range(players)]
    for v, action in decisions(g, bots, limit=150):
        why = hint_reason(v, action)
        if why is not None:
            seen = {card_name(k): k for k in [*v.hand, *v.pile, *(k for m in v.melds for k in m.cards),
                                              *(k for known in v.known for k in known)]}
            for name, as_wild in named_cards(why):
                assert name in seen, (why, action)
                assert (seen[name] in v.ctx.wilds) == as_wild, (why, action)


def test_an_ace_goes_with_a_king_where_aces_are_high_and_wilds_are_owned_up_to():
    v = view(["9♠ 3♦ J♠ A♣", "4♣ 5♣"], pile="5♦ K♣", phase="draw", current=0)
    assert hint_reason(v, TakePile(c("K♣"))) == "it goes with your A♣"
    rules = Rules.preset("rummy5000")  # (tens wild: a wild goes with anything)
    v = view(["10♦ 8♥ J♣ 2♠", "4♣ 5♣ 6♦"], rules=rules, wild="10", pile="3♦ 5♠", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == "the 5♠ on the pile goes with none of your cards but wilds"
    assert hint_reason(v, Discard(c("2♠"))).startswith("it goes with none of your other cards but wilds")


def test_a_draw_when_the_top_card_would_go_down_says_how_little_it_adds():
    rules = Rules.preset("rummy5000")
    v = view(["7♣ 7♦ 7♥ K♦ 5♥", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="3♦ 7♠", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == "the 7♠ on the pile would add only its own 5 points to your melds"
    # the K♠ would make kings of the 9♣ 9♠ meld's wild 5♦, no more cards going down
    v = view(["9♠ 9♣ 4♥ 7♥ 5♦ J♥ K♣", "2♣ 3♣ 4♣", "2♦ 3♦ 4♦"], rules=rules, wild="5", pile="K♠",
             phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == "with the K♠ from the pile you could put down no more cards than now"
    # the 3♦ could meld with the 3♣ and the wild 9♥, which the run A♣ 2♣ 3♣ 9♥ needs
    v = view(["A♣ 2♣ 3♣ 9♥ J♦", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="K♠ 3♦", phase="draw", current=0)
    # (named with the cards it melds with: "your other melds" read as melds on the table to a
    # player who had none, a tester)
    assert hint_reason(v, DrawStock()) == \
        "the 3♦ on the pile goes with your 3♣, but your wild 9♥ does more with your A♣ 2♣ 3♣"
    # with the 3♠ under it, a take down to the 3♠ would meld both threes and go out: said first
    v = view(["A♣ 2♣ 3♣ 9♥ J♦", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="3♠ 3♦", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == ("taking the pile down to the 3♠ would let you go out (the others "
                                           "hold only 3 cards between them), but a card from the stock is "
                                           "the better bet for this hand")


def test_a_floating_seats_draw_says_it_may_only_draw_from_the_stock():
    rules = Rules.preset("rummy5000")
    g = position(["", "4♣ 5♣ 6♦"], rules=rules, wild="9", pile="3♦ 3♣", phase="draw", current=0,
                 floating=[True, False])
    assert hint_reason(PlayerView.of(g, 0), DrawStock()) == \
        "you are floating, and a floating player draws only from the stock"


def test_a_loose_discard_says_what_sets_it_apart_from_the_other_loose_cards():
    # the K♦, 9♥ and 6♠ go with nothing: the king costs the most (10 points against 5)
    v = view(["2♦ 3♦ K♦ 9♥ 6♠", "4♣ 5♣"], pile="3♠")
    assert hint_reason(v, Discard(c("K♦"))) == \
        "it goes with none of your other cards, and at 10 points it is the loose card that would cost you most if left in your hand"
    # the 9♥ and 6♠ are worth as much: nothing sets one apart but what the bot sums
    assert not (hint_reason(v, Discard(c("6♠"))) or "").startswith("it goes with none of your other cards, and at")


def test_a_discard_from_a_dead_pair_says_so():
    """The 6♠ from 6♥ 6♠ was "closer to melds" than a lone Q♣ (a tester's log): the pair
    was dead, every 6, 5 and 7 of theirs played or taken, and that is what is said."""
    melds = [meld(1, "set:5", "5♥ 5♣ 5♦ 5♠"), meld(1, "set:7", "7♥ 7♣ 7♦ 7♠")]
    rules = Rules.preset("rummy500", jokers_per_deck=0, permanent_wilds=frozenset(),  # (no joker to meld them)
                         discard_pile="top_only")  # (the 6♣ 6♦ under the top are out of reach)
    v = view(["6♥ 6♠ Q♣", "4♣ 8♣"], pile="6♣ 6♦ 3♠", melds=melds, rules=rules)
    assert hint_reason(v, Discard(c("6♠"))) == (
        "it goes only with your 6♥, but every card that would make a meld of them has been played or taken "
        "(the 6♣ 6♦ lie under the top of the pile)")
    v = view(["6♥ 6♠ Q♣", "4♣ 8♣"], pile="6♣ 3♠", melds=melds, rules=rules)  # the 6♦ is still to come
    assert "played or taken" not in (hint_reason(v, Discard(c("6♠"))) or "")
    # in a spread pile the 6♣ 6♦ may still be taken (by this player too): not dead (a tester's
    # hint broke 9♦ 10♦ Q♦ so, with the J♦ second in the pile)
    spread = rules.replace(discard_pile="splayed")
    v = view(["6♥ 6♠ Q♣", "4♣ 8♣"], pile="6♣ 6♦ 3♠", melds=melds, rules=spread)
    why = hint_reason(v, Discard(c("6♠"))) or ""
    assert "played or taken" not in why and why.endswith("with the 6♣ 6♦ in the pile it makes a meld, "
                                                         "for the next player to take")


def test_jokers_that_meld_only_with_each_other_are_partners_in_the_reasons():
    """Persian rummy: any three jokers make a meld. A joker beside another was said to go
    "with none of your other cards", and a joker thrown onto a joker in the pile gave no
    warning (a tester's hint)."""
    rules = Rules.preset("persian")
    others = ["4♣ 5♣ 6♣ 7♦", "Q♣ Q♦ 5♠ 6♠", "J♣ J♦ 2♠ 3♥"]
    v = view(["joker joker#2 7♣ 9♦ K♠ 4♥", *others], rules=rules, pile="3♠ 8♦", phase="play")
    assert hint_reason(v, Discard(c("joker"))) == (
        "at 20 points it costs more if it is left in your hand than your 4♥ 7♣ 9♦ K♠, which are further from "
        "melds")
    v = view(["joker 7♣ 9♦ K♠ 4♥ 5♥", *others], rules=rules, pile="3♠ joker#2", phase="play")
    assert hint_reason(v, Discard(c("joker"))) == (
        "it goes with none of your other cards, and at 20 points it is the loose card that would cost you most if left in your hand, though "
        "with the joker in the pile, the next player needs only one more joker to take both and meld")
    # with no joker in the pile, no such warning
    v = view(["joker 7♣ 9♦ K♠ 4♥ 5♥", *others], rules=rules, pile="3♠ 8♦", phase="play")
    assert "joker in the pile" not in (hint_reason(v, Discard(c("joker"))) or "")


def test_a_card_that_goes_with_two_of_a_suit_names_both():
    """"discard the 2♣: it goes only with your 4♣" while the hand held the 5♣ too: 2♣ 4♣ 5♣
    wants only the 3♣ (a tester). A card of the suit one further on, with a partner between,
    is named as well; one that would need two more cards is not."""
    from game.bots.explain import _goes_with

    v = view(["2♣ 4♠ 5♣ 4♣ 6♣ K♠ 8♦", "4♦ 5♦"], pile="9♥")
    hand = list(v.hand)

    def goes(card: str) -> str:
        return " ".join(card_name(k) for k in _goes_with(v, c(card), [k for k in hand if k != c(card)]))

    assert goes("2♣") == "4♣ 5♣"  # (not the 6♣: 2♣ to 6♣ spans five ranks)
    assert goes("5♣") == "2♣ 4♣ 6♣"
    assert goes("K♠") == ""
    v = view(["2♣ 4♣ 6♣ 9♥", "4♦ 5♦"], pile="9♦")
    hand = list(v.hand)
    assert goes("2♣") == "4♣"  # (2♣ 4♣ 6♣ needs two cards: the 6♣ is not named)


def test_a_discard_from_a_pair_never_calls_its_partner_closer_to_a_meld():
    v = view(["9♥ 9♠", "4♣ 5♣"], pile="3♠")
    # (the 9♠, its only other card, is its partner: nothing tells them apart, and that is said;
    # this discard had no reason, as about 2% of the hints' discards)
    assert hint_reason(v, Discard(c("9♥"))) == \
        "one of your last two cards must go, and your 9♥ 9♠ are alike: either will do"
    # a pair where one fits a meld on the table is not alike
    v = view(["9♥ 9♠", "4♣ 5♣"], pile="3♠", melds=[meld(1, "run:10♠", "10♠ J♠ Q♠")])
    assert "alike" not in (hint_reason(v, Discard(c("9♥"))) or "")


def test_a_take_that_swells_the_hand_warns_when_someone_is_close_to_going_out():
    # the K♦ melds with the K♥ and the K♣ above it, but five more cards come with them
    pile = "3♦ 5♦ K♦ 2♠ 10♥ A♣ K♣ Q♦"
    hands = ["10♣ J♣ 9♦ Q♥ K♥ 8♠", "4♣ 5♣ 6♣ 7♦ 8♦", "4♥ 5♥"]
    v = view(hands, pile=pile, phase="draw", current=0)
    assert hint_reason(v, TakePile(c("K♦"))) == (
        "it melds with your K♥ and the K♣ you take with it; careful: Player 3 has 2 cards left and may "
        "go out: the cards you keep would count against you")
    hands[2] = "4♥ 5♥ 6♦"
    v = view(hands, pile=pile, phase="draw", current=0)
    assert "careful" not in hint_reason(v, TakePile(c("K♦")))
    # a floating player is said to float, and two close players are both named, fewest first
    # (it said "a player with 0 cards left" and named neither: a tester)
    four = [hands[0], "4♣ 5♣ 6♣ 7♦ 8♦", "7♥", ""]
    g = position(four, rules=Rules.preset("rummy5000"), pile=pile, phase="draw", current=0,
                 floating=[False, False, False, True])
    g.names = ("You", "Alice", "Chloe", "Ben")
    v = PlayerView.of(g, 0)
    assert hint_reason(v, TakePile(c("K♦"))).endswith(
        "careful: Ben is floating and Chloe has 1 card left, and either may go out: the cards you keep "
        "would go to whoever goes out")  # (in Rummy 5000 a hand costs its holder nothing)


def test_a_meld_hint_says_how_many_melds_the_turn_lays_down():
    from game.engine import MeldCards

    rules = Rules.preset("rummy5000")
    v = view(["J♦ J♥ Q♦ Q♥ A♣ 2♣ 3♣ 10♦ 10♣ 4♠ 8♣", "4♣ 5♣ 6♦"], rules=rules, wild="10", pile="3♦",
             phase="play", current=0)
    first = make_bot("normal", 1).choose(v)
    assert isinstance(first, MeldCards)
    assert hint_reason(v, first) == "2 more melds can follow this turn"
    v = view(["J♦ J♥ J♠ 4♠ 8♣", "4♣ 5♣ 6♦"], rules=rules, wild="10", pile="3♦", phase="play", current=0)
    assert hint_reason(v, MeldCards(tuple(parse_cards("J♦ J♥ J♠")))) is None  # (the only one)


def reckoned(card: str, what: str) -> str:
    """A stock draw's reason over a take down to ``card`` that would do ``what``, where the
    cards above it are no cost worth naming."""
    return f"taking the pile down to the {card} would {what}, but a card from the stock is the better bet for this hand"


def test_a_draw_where_a_deeper_pile_card_would_meld_says_what_the_take_would_leave():
    rules = Rules.preset("rummy5000")  # (fives wild: the A♣ melds with the Q♣ K♣ and the 5♠)
    v = view(["Q♣ 8♦ K♦ J♥ 5♠", "4♣ 6♣ 6♦ 7♥ 8♥", "2♥ 3♥ 9♦ 6♥ 7♣"], rules=rules, wild="5",
             pile="A♣ 4♦", phase="draw", current=0)
    # (the hand ends no bigger than after a stock draw: the 4♦ is no cost in cards)
    assert hint_reason(v, DrawStock()).startswith(
        reckoned("A♣", "put down 3 more cards than your hand alone (210 more points)"))
    # with the K♣ the Q♣ K♣ A♣ stand without the wild, which stays in hand: the 4♦ then
    # costs a card
    v = view(["Q♣ K♣ 8♦ K♦ J♥ 5♠", "4♣ 6♣ 6♦ 7♥ 8♥", "2♥ 3♥ 9♦ 6♥ 7♣"], rules=rules, wild="5",
             pile="A♣ 4♦", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == \
        "taking the pile down to the A♣ would meld it with the Q♣ K♣, but the 4♦ above it would stay in your hand"
    # a take that leaves the hand bigger names the cards it would keep
    v = view(["3♣ 4♣ 8♦ J♥", "4♥ 6♣ 6♦ 7♥ 8♥", "2♥ 3♥ 9♦ 6♥ 7♣"], rules=rules, wild="5",
             pile="2♣ K♦ Q♠ 9♥ 7♠", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == \
        "taking the pile down to the 2♣ would meld it with the 3♣ 4♣, but the K♦ Q♠ 9♥ 7♠ above it would stay in your hand"


def test_a_stock_draw_over_a_deeper_take_that_goes_out_says_so():
    """Late in a round of Rummy 5000, the hint drew from the stock with "the 6♠ on the pile
    goes with your 5♠, but makes no meld yet", while taking the pile down to the 4♠ (or the
    7♠) would have let the player go out (a tester): the reason names such a take first, with
    what going out would collect and why the stock is still the better bet."""
    from game.engine.cards import card_text
    from game.engine.view import view_of

    melds = [meld(0, "run:9♥", "9♥ 10♥ J♥ Q♥ 8♥ A♥"), meld(0, "run:9♣", "9♣ 10♣ J♣ 8♠ K♣ A♣"),
             meld(1, "set:Q", "Q♣ Q♠ Q♦"), meld(2, "set:2", "2♦ 2♥ 2♣ 2♠"),
             meld(2, "run:9♠", "9♠ 10♠ J♠ 8♦ K♠ A♠"), meld(3, "run:3♥", "3♥ 4♥ 5♥ 6♥ 7♥"),
             meld(3, "run:3♦", "3♦ 4♦ 5♦ 6♦ 7♦"), meld(0, "run:3♣", "3♣ 4♣ 5♣ 6♣"), meld(1, "run:9♦", "9♦ 10♦ J♦")]
    table = dict(rules=Rules.preset("rummy5000"), wild="8", pile="K♦ 4♠ A♦ 7♠ 6♠", phase="draw", current=0,
                 floating=[False, True, False, True], melds=melds)
    rest = list(position(["3♠ 5♠", "", "K♥", ""], **table).stock)[:-1]  # (one card left in the stock)
    g = position(["3♠ 5♠", "", "K♥", ""], set_aside=" ".join(card_text(k) for k in rest), **table)
    v = view_of(g, 0)
    assert v.stock_count == 1 and len(v.unseen()) == 2
    # (the hint itself now takes the pile and goes out; the reason a stock draw would give:)
    assert make_bot("normal", 12345, short_hands=0, merge_runs=0).choose(v) == DrawStock()
    assert isinstance(make_bot("normal", 12345).choose(v), TakePile)
    why = hint_reason(v, DrawStock())
    assert why.startswith("taking the pile down to the 7♠ would let you go out (the others hold only 1 card "
                          "between them), but a card from the stock is the better bet for this hand"), why


def test_a_deeper_take_that_would_lay_the_card_off_says_so():
    """It said "would meld it" of a card the plan lays off on a meld (a tester's log)."""
    from game.bots.explain import _deep_take_reason
    from game.bots.tactics import Analysis

    v = view(["Q♣ 9♥ 2♦ 8♣", "4♣ 5♣ 6♦"], pile="6♠ K♦", phase="draw", current=0,
             melds=[meld(1, "run:3♠", "3♠ 4♠ 5♠")])
    run = v.melds[0].id
    assert _deep_take_reason(v, Analysis(v), list(v.hand)) == (
        f"taking the pile down to the 6♠ would lay it off on #{run}, but a card from the stock is the better "
        f"bet for this hand")  # (the K♦ may go straight back: no cost in cards)


def test_a_stock_draw_over_a_pile_card_that_would_meld_says_so():
    """"Draw from the stock" came with no reason while the 2♦ on the pile made a meld with
    the hand's 2♥ 2♠ (a tester's log): the reason says both sides of the choice."""
    hands = ["3♣ Q♣ A♦ A♣ 7♦ 8♦ 10♦ 2♥ 6♥ Q♥ 2♠", "4♣ 5♣ 6♦ 7♥ 8♥", "2♣ 3♥ 9♦ 6♠ 7♣", "K♣ K♦ J♠"]
    v = view(hands, rules=Rules.preset("rummy5000"), wild="9", pile="J♦ 2♦", phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == (
        "the 2♦ on the pile would meld with your 2♥ 2♠, but a card from the stock is the better bet for "
        "this hand")


def test_a_stock_draw_with_good_odds_counts_the_cards_that_would_help():
    """"By the normal player's reckoning" read as jargon (a tester): the reason is said in plain
    words, and where a third or more of the cards the seat has not seen would let it put more
    down, it counts them."""
    deck = [f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "♣♦♥♠"]
    top = "2♣ 4♥ 6♦ 8♥ 10♣ Q♦ A♠ 3♥ 5♠ 7♠".split()
    out = set("7♣ 7♦ 9♠ 10♠ 4♣ 5♣ 7♥ 8♠ J♠ 2♦ 3♦".split()) | set(top)  # (hands and stock)
    pile = " ".join([k for k in deck if k not in out] + top)
    v = view(["7♣ 7♦ 9♠ 10♠", "4♣ 5♣"], pile=pile, phase="draw", current=0)
    assert sorted(card_name(k) for k in v.unseen()) == sorted("4♣ 5♣ 2♦ 3♦ 7♥ 8♠ J♠ joker joker".split())
    # (the 7♥, 8♠, J♠ and the two jokers would each go down with the hand)
    assert hint_reason(v, DrawStock()) == (
        "the 7♠ on the pile would meld with your 7♣ 7♦, but a card from the stock is the better bet for "
        "this hand: 5 of the 9 cards you have not seen would let you put more down")


@pytest.mark.parametrize("preset, what", [
    ("rummy500", "it would cost you the most if that player goes out"),
    # (where the one who goes out collects the hands, your score does not go down: a tester)
    ("rummy5000", "it is the most that player would collect from you by going out")])
def test_a_discard_says_when_its_points_matter_most_because_a_player_is_about_to_go_out(preset, what):
    """With another player down to a card or two, the points left in hand weigh most, and
    the hint's reason did not say so (a tester). Over seeded rounds, each discard that is
    the costliest card of the hand while a rival has 1-2 cards says it, in those numbers."""
    found = 0
    for seed in range(16):
        g, _ = new_game(Rules.preset(preset), 4, seed=seed)
        bots = [make_bot("normal", seed * 10 + i) for i in range(4)]
        for v, a in decisions(g, bots):
            if not isinstance(a, Discard) or len(v.hand) < 2:
                continue
            why = hint_reason(v, a) or ""
            # (who, by name: "a player" sent a tester to look who it was)
            said = re.search(r"(?:Player \d has|\d players have) (\d) cards? left, and at (\d+) points "
                             + re.escape(what).replace("that\\ player", "(?:that player|either|any of them)"), why)
            if said is None:
                continue
            found += 1
            short = min(v.hand_sizes[s] for s in range(4) if s != v.seat and v.hand_sizes[s])
            value = v.ctx.value
            assert int(said.group(1)) == short <= 2, why
            assert int(said.group(2)) == value[a.card] == max(value[k] for k in v.hand), why
    assert found >= 3


def test_a_loose_discard_names_the_loose_cards_the_others_would_want_more():
    """"Your other loose cards are likelier to help the other players" named neither the
    cards nor whom (a tester's log): it names the cards now."""
    v = view(["3♦ 8♣ K♠ K♥", "4♥ 5♥ 7♣ 9♣"], pile="2♠", known=["", "7♣ 9♣"])
    # (at two players, the one other player: "the other players are" read oddly, a tester)
    assert hint_reason(v, Discard(c("3♦"))).startswith(
        "it goes with none of your other cards, and going by the cards still unseen the other player is "
        "likelier to want your 8♣")
    v = view(["3♦ 8♣ K♠ K♥", "4♥ 5♥ 7♣ 9♣", "2♦ 6♠ J♦ 10♥"], pile="2♠", known=["", "7♣ 9♣", ""])
    assert "the other players are likelier to want your 8♣" in hint_reason(v, Discard(c("3♦")))


def test_a_discard_that_fits_a_meld_on_the_table_warns_of_a_call():
    """The reason said the other loose cards were likelier to help the others, of a 6♥ that
    fitted a run on the table and was called at once (a tester's log)."""
    rules = Rules.preset("rummy5000")
    melds = [meld(1, "run:7♥", "7♥ 8♥ 9♥")]
    v = view(["6♥ K♦ 4♣ 4♠", "J♣ Q♦ 2♠"], rules=rules, wild="3", pile="5♠", melds=melds)
    why = hint_reason(v, Discard(c("6♥")))
    assert why.endswith("though it fits a meld on the table, so another player may call Rummy! on it")
    assert "likelier to want" not in why
    v = view(["6♥ K♦ 4♣ 4♠", "J♣ Q♦ 2♠"], rules=rules, wild="3", pile="5♠", melds=[meld(0, "run:7♥", "7♥ 8♥ 9♥")])
    assert "Rummy!" not in (hint_reason(v, Discard(c("6♥"))) or "")  # (only the seat's own meld: no caller)


def test_a_discard_that_keeps_a_weaker_card_says_the_others_are_likelier_to_want_that_one():
    """The 6♠ goes with the 4♠ and the 10♠ with nothing, yet the 6♠ goes: the 10♠ is the
    card the other players would sooner take (it came with no reason)."""
    v = view(["9♣ 4♥ 4♠ 6♠ 10♠ 9♥", "4♣ 5♣ 7♦ 8♦ 2♠ 2♦", "A♣ A♦ 5♠ 7♠ 8♠ 3♦"],
             rules=Rules.preset("rummy5000"), wild="J", pile="2♥", phase="play", current=0)
    assert hint_reason(v, Discard(c("6♠"))) == \
        "it goes only with your 4♠, but going by the cards still unseen the other players are likelier to " \
        "want your 10♠"


def test_a_discard_warns_when_the_next_player_is_down_to_a_few_cards_with_a_wild_it_was_dealt():
    """The next player holds three cards, one the wild 2♣ everyone saw dealt: almost any
    discard may let it go out (a tester's hinted 3♥ did, with no warning)."""
    rules = Rules.preset("rummy5000")
    g = position(["3♥ 8♣ 8♦ 8♠ 9♣", "2♣ 3♦ 10♦"], rules=rules, pile="K♠", wild="2", known=["", "2♣"])
    g.upcards = [None, c("2♣")]
    why = hint_reason(PlayerView.of(g, 0), Discard(c("3♥")))
    assert why.endswith("though the next player has 3 cards left, one of them the wild 2♣ it was dealt face up"), why
    g.hands[1] = parse_cards("2♣ 3♦ 10♦ 5♠")  # four cards: not said
    assert "next player" not in (hint_reason(PlayerView.of(g, 0), Discard(c("3♥"))) or "")


def test_a_stock_draw_over_a_rich_deep_take_does_not_blame_a_cheap_card_above_it():
    """Taking down to the 2♣ would put seven cards and 140 points down (A♣ 2♣ 3♣, then four
    lay-offs); the normal player draws all the same. The reason blamed the 7♠ above the 2♣,
    5 points: it says the take's worth and that the stock wins by the normal player's sums."""
    rules = Rules.preset("rummy5000")
    v = view(["A♣ 3♣ A♦ 7♦ 3♥ Q♥ 8♠ J♠ K♠", "9♣ 8♣", "5♠ 6♠ 9♦"], rules=rules, wild="10",
             pile="9♥ 5♥ 2♣ 7♠", phase="draw", current=0,
             melds=[meld(1, "run:4♦", "4♦ 5♦ 6♦"), meld(2, "set:J", "J♣ J♥ 10♦"),
                    meld(2, "set:3", "3♠ 3♦ 10♥"), meld(1, "set:Q", "Q♣ Q♦ Q♠")])
    assert hint_reason(v, DrawStock()) == reckoned("2♣", "put down 7 more cards than your hand alone (140 more points)")
    # an ace above it need not stay: the hand ends smaller than after a stock draw
    v = view(["A♣ 3♣ 8♠ J♠", "9♣ 8♣", "5♠ 6♠ 9♦"], rules=rules, wild="10", pile="9♥ 2♣ A♥",
             phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == reckoned("2♣", "put down 3 more cards than your hand alone (110 more points)")


def test_a_discard_that_keeps_a_loose_card_fitting_a_table_meld_says_it_could_be_called():
    """The 7♦ goes with nothing in hand and the 4♠ goes with the 2♠, yet the 4♠ goes: the 7♦
    fits another player's 7s, where a Rummy! call could take it (the hint came bare)."""
    rules = Rules.preset("rummy5000")
    v = view(["3♣ 3♦ 7♦ A♠ 2♠ 4♠", "9♣ 8♣ K♥", "5♠ 6♠ 9♦"], rules=rules, wild="Q", pile="K♦",
             phase="play", current=0, melds=[meld(2, "set:7", "7♣ 7♥ 7♠")])
    why = hint_reason(v, Discard(c("4♠")))
    assert "your 7♦ fits a meld on the table, so another player could call Rummy! on it" in why, why
    assert "though" not in why
    assert "could call Rummy! on it" not in (hint_reason(v, Discard(c("7♦"))) or "").split("though")[0]


def test_a_stock_draw_over_a_deep_take_that_leaves_the_hand_smaller_does_not_call_the_cards_kept_a_cost():
    """Taking down to the 2♦ melds the 2s and leaves the 8♠ and the K♦, one of them the
    discard: the hand ends smaller than after a stock draw, so "the K♦ above it would stay
    in your hand" was false (a tester threw the K♦ straight back)."""
    rules = Rules.preset("rummy5000")
    v = view(["2♥ 8♠ 2♣", "9♣", "5♠ 6♠ 9♦ J♣"], rules=rules, wild="3", pile="Q♥ 5♦ 2♦ K♦",
             phase="draw", current=0)
    assert hint_reason(v, DrawStock()) == reckoned("2♦", "put down 3 more cards than your hand alone (15 more points)")


def test_a_discard_that_makes_a_meld_with_two_pile_cards_warns_of_the_take():
    """The 2♦ thrown onto a spread pile holding the 2♣ and the 2♥ makes a set the next
    player may take the pile down to (a tester's hint did so, with "the next player has
    taken nothing near it")."""
    v = view(["2♦ 9♠ 9♥ 9♣ K♦", "4♣ 5♣ 7♥"], pile="2♣ 8♠ 2♥ J♦", known=["", "7♥"], phase="play", current=0)
    why = hint_reason(v, Discard(c("2♦")))
    assert why.endswith("though with the 2♣ 2♥ in the pile it makes a meld, for the next player to take"), why
    assert "taken nothing near it" not in why
    # where only the top card may be taken, nothing is said of the pile
    v = view(["2♦ 9♠ 9♥ 9♣ K♦", "4♣ 5♣ 7♥"], rules=Rules.preset("basic"), pile="2♣ 8♠ 2♥ J♦",
             phase="play", current=0)
    assert "in the pile" not in (hint_reason(v, Discard(c("2♦"))) or "")


def test_a_discard_whose_partner_the_others_likelier_want_says_so():
    """About 2% of discard hints came with no reason: of the 3♥ 4♥, which go together, the
    hint threw the 4♥ because the others would sooner take the 3♥ (it goes with the 3♦ in
    the spread pile), and in basic rummy the other cards were as close to melds as it was.
    Both are said."""
    from game.engine.view import view_of

    g = position(["J♥ J♦ 3♥ 4♥", "10♠ 4♣ 10♥", "2♦ 10♣ 4♠ 10♦", "J♣ J♠ 9♠ 5♣ 2♣"], rules=Rules.preset("rummy5000"),
                 wild="6", pile="7♦ 5♠ 3♦ 7♥ 2♠ K♦ 7♠", phase="play", current=0, dealer=1,
                 melds=[meld(2, "set:Q", "Q♥ 6♠ 6♦ Q♦", by=[2, 2, 2, 3]), meld(3, "set:8", "8♦ 8♥ 8♠"),
                        meld(1, "set:A", "A♠ 6♥ 6♣ A♥", by=[1, 1, 1, 3]), meld(0, "set:9", "9♣ 9♦ 9♥")])
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == Discard(c("4♥"))
    assert hint_reason(v, Discard(c("4♥"))) == "it goes only with your 3♥, and that one would go with the 3♦ in the pile, so it stays"
    g = position(["5♣ 3♣ A♥ 4♥ A♣ 6♦ 8♠ 8♣ 3♥ 5♠ Q♣ 6♣ 7♦ Q♦", "K♦ K♠ 7♥ 4♣ 6♠ 2♠ 10♣ A♦ 4♦"],
                 rules=Rules.preset("basic"), pile="J♥ J♠ J♦", phase="play", current=0, dealer=1,
                 melds=[meld(1, "set:9", "9♣ 9♦ 9♥ 9♠")])
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == Discard(c("7♦"))
    assert hint_reason(v, Discard(c("7♦"))) == \
        "it goes only with your 6♦, and your other cards are as close to melds or closer"


def test_a_discard_with_no_choice_or_a_pair_the_pile_tells_apart_says_so():
    """Two hints a tester found misleading in Rummy 500: with the Q♠ just taken from the top
    of the pile (it may not go back), the 10♣ was "the least likely to meld" of the loose
    cards, as if chosen; and of Q♦ Q♠ in a two-card hand "either will do", though the Q♠
    goes with the K♠ in the spread pile."""
    from game.engine.view import view_of

    g = position(["10♣ Q♠", "4♣ 5♣ 9♥", "K♥ 2♦ 7♣ 8♣"], rules=Rules.preset("rummy500"), pile="10♥", phase="play",
                 current=0, took_top="Q♠")
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == Discard(c("10♣"))
    assert hint_reason(v, Discard(c("10♣"))) == (
        "it is the only card you may throw: the Q♠ you took from the top of the pile may not go back this turn")
    g = position(["Q♦ Q♠", "4♣ 5♣ 9♥", "K♥ 2♦ 7♣ 8♣"], rules=Rules.preset("rummy500"), pile="10♥ 10♣ K♠ 6♥",
                 phase="play", current=0)
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == Discard(c("Q♦"))
    assert hint_reason(v, Discard(c("Q♦"))) == "it goes only with your Q♠, and that one would go with the K♠ in the pile, so it stays"
    # with nothing in the pile to tell them apart, either will do (as before)
    g = position(["Q♦ Q♠", "4♣ 5♣ 9♥", "K♥ 2♦ 7♣ 8♣"], rules=Rules.preset("rummy500"), pile="10♥ 10♣ 6♥",
                 phase="play", current=0)
    v = view_of(g, 0)
    chosen = make_bot("normal", 1).choose(v)
    assert hint_reason(v, chosen) == "one of your last two cards must go, and your Q♦ Q♠ are alike: either will do"


def test_a_discard_a_known_holder_could_take_down_to_and_meld_is_warned_of():
    """Rummy 500: the A♦ thrown onto a spread pile holding the A♥, while a player (not the
    next) was known to hold the A♠ it took from the pile: that player took the pile down
    to the A♥ and melded the three, and the hint had said nothing of it (a tester)."""
    from game.engine.view import view_of

    g = position(["10♣ A♦", "4♣ 5♣ 9♥", "A♠ Q♠ 7♣ 8♣"], rules=Rules.preset("rummy500"), pile="10♥ A♥ 6♥",
                 phase="play", current=0, melds=[meld(2, "set:3", "3♣ 3♥ 3♠")], known=["", "", "A♠ Q♠"])
    v = view_of(g, 0)
    assert hint_reason(v, Discard(c("A♦"))).endswith(
        ", though with the A♥ in the pile, Player 3, who took the A♠ from the pile, could take the pile "
        "down to it and meld the three")
    assert "A♠" not in hint_reason(v, Discard(c("10♣")))
    # the next player holding it is said to be next (by name, as the others: "a player holding
    # the A♠ it took" read badly, a tester)
    g = position(["10♣ A♦", "A♠ Q♠ 7♣ 8♣", "4♣ 5♣ 9♥"], rules=Rules.preset("rummy500"), pile="10♥ A♥ 6♥",
                 phase="play", current=0, known=["", "A♠ Q♠", ""])
    assert "Player 2, next to play, who took the A♠ from the pile, could" in hint_reason(view_of(g, 0), Discard(c("A♦")))
    # where only the top card may be taken (basic rummy), no take down reaches the A♥
    g = position(["10♣ A♦", "4♣ 5♣ 9♥", "A♠ Q♠ 7♣ 8♣"], rules=Rules.preset("basic"), pile="10♥ A♥ 6♥",
                 phase="play", current=0, known=["", "", "A♠ Q♠"])
    assert "take the pile down" not in (hint_reason(view_of(g, 0), Discard(c("A♦"))) or "")


def test_a_card_the_others_would_sooner_take_is_said_by_the_pile_card_it_goes_with():
    """"going by the cards still unseen the other players are likelier to want your 4♣",
    where what tells them apart is in sight: the 4♣ goes with the 4♠ in the spread pile (a
    tester). That is said instead; the odds of the unseen cards stay for the rest."""
    from game.engine.view import view_of

    g = position(["3♣ 4♣ 2♦ 2♥ 3♠", "9♣ 10♦ 6♣", "K♥ 7♦ 8♣ 9♦"], rules=Rules.preset("rummy500"),
                 pile="J♠ 8♠ 4♠ 7♥", phase="play", current=0,
                 melds=[meld(0, "set:5", "5♦ 5♠ joker 5♣", by=[0, 0, 0, 1])])
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == Discard(c("2♦"))
    assert hint_reason(v, Discard(c("2♦"))) == "it goes only with your 2♥, but your 4♣ would go with the 4♠ in the pile"


def test_a_dead_pair_names_a_card_it_needs_that_lies_under_the_top_of_the_pile():
    """Basic rummy: "every card that would make a meld of them has been played or taken"
    for the 3♠ 5♠, whose 4♠ lies under the K♦ on the pile, where only the top card may be
    taken (a tester looked for it among the melds). It is named."""
    from game.engine.view import view_of

    g = position(["4♣ 7♦ 7♥ 10♥ 3♠ 5♠ J♠ Q♠", "A♦ A♥ A♠ 2♣ 9♣ K♣ 6♦ 5♥"], rules=Rules.preset("basic"),
                 pile="4♠ K♦", phase="play", current=0,
                 melds=[meld(0, "set:8", "8♣ 8♦ 8♥"), meld(0, "run:2♥", "2♥ 3♥ 4♥")])
    assert hint_reason(view_of(g, 0), Discard(c("3♠"))).startswith(
        "it goes only with your 5♠, but every card that would make a meld of them has been played or taken "
        "(the 4♠ lies under the top of the pile)")


def test_a_loose_card_set_apart_by_no_one_thing_says_the_sum_did():
    """Basic rummy, four loose cards: "discard the 7♦: it goes with none of your other
    cards" did not say why not the 10♥ (a tester): none of points, chances or what the
    others want alone sets the 7♦ apart, so the reason says their sum did."""
    from game.engine.view import view_of

    g = position(["4♣ 7♦ 10♥ 5♠", "2♣ 9♣ K♣ 6♦ Q♥ 10♣ 3♦ 5♦"], rules=Rules.preset("basic"), pile="4♠ K♦ 3♠ 9♥",
                 phase="play", current=0, melds=[meld(0, "set:8", "8♣ 8♦ 8♥"), meld(0, "run:2♥", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥"),
                                                 meld(0, "run:J♠", "J♠ Q♠ K♠"), meld(1, "set:A", "A♦ A♥ A♠")])
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == Discard(c("7♦"))
    assert hint_reason(v, Discard(c("7♦"))) == (
        "it goes with none of your other cards, and on balance (its points, its chances to meld, what the others may want) it is the loose card you lose least by "
        "throwing")


def test_a_card_with_a_partner_set_apart_by_no_one_thing_says_the_sum_did_and_only_when_chosen():
    """Rummy 500: "discard the Q♦" came with no reason (a tester): a card that goes with one
    other, set apart by no one thing, says that the sum did, and only for the discard the
    hint's sums put first (for another, nothing true is left to say)."""
    from game.engine.view import view_of

    g = position(["7♥ 7♠ A♠ 8♥ 4♥ 4♣ 5♣ A♣", "A♦ Q♦", "8♦ 9♦"], rules=Rules.preset("rummy500"), pile="",
                 phase="play", current=0, dealer=0,
                 melds=[meld(0, "set:10", "10♣ 10♦ 10♠ joker", by=[0, 0, 2, 0]),
                        meld(1, "set:K", "K♣ K♥ K♠ K♦", by=[1, 1, 1, 0]), meld(2, "set:6", "6♣ 6♦ 6♠ 6♥"),
                        meld(1, "run:7♣", "7♣ 8♣ 9♣"), meld(0, "set:J", "J♣ J♦ J♥"), meld(0, "set:2", "2♦ 2♥ 2♠")])
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == Discard(c("5♣"))
    assert hint_reason(v, Discard(c("5♣"))).startswith(
        "it goes only with your 4♣, and on balance (its points, its chances to meld, what the others may want) it is the card you lose least by throwing")
    assert "lose least" not in (hint_reason(v, Discard(c("4♣"))) or "")


def test_a_costliest_card_tied_with_another_is_not_called_the_most():
    """"at 10 points it would cost you the most" where the K♠ beside the 10♠ costs 10 too (a
    tester): a tie says "as much as any card"."""
    from game.engine.view import view_of

    g = position(["6♣ 2♦ 4♦ 5♦ 8♦ 10♠ K♠", "3♣ 9♥", "A♥ 4♠ 7♣ J♥ Q♣"], rules=Rules.preset("rummy500"),
                 pile="Q♥", phase="play", current=0)
    v = view_of(g, 0)
    said = hint_reason(v, Discard(c("10♠")))
    assert said.endswith("Player 2 has 2 cards left, and at 10 points it would cost you as much as any card if "
                         "that player goes out") and "the most" not in said


def test_a_draw_past_a_pile_card_whose_meld_can_never_come_says_so():
    """Basic rummy: "the J♣ on the pile goes with your J♥, but makes no meld yet", where the
    other jacks lie under the top of the pile and no meld of them can ever come (a tester)."""
    from game.engine.view import view_of

    g = position(["J♥ 4♣ 7♦ 9♠ 2♥", "A♦ 3♣ 5♦ 8♠ Q♦", "K♥ 6♣ 10♦ 3♥ 6♥"], rules=Rules.preset("basic"),
                 pile="J♦ J♠ 9♥ J♣", phase="draw", current=0)
    v = view_of(g, 0)
    assert make_bot("normal", 1).choose(v) == DrawStock()
    assert hint_reason(v, DrawStock()) == (
        "the J♣ on the pile goes with your J♥, but every card that would make a meld of them has been played "
        "or taken (the J♦ J♠ lie under the top of the pile)")
    g = position(["J♥ 4♣ 7♦ 9♠ 2♥", "A♦ 3♣ 5♦ 8♠ Q♦", "K♥ 6♣ 10♦ 3♥ 6♥"], rules=Rules.preset("basic"),
                 pile="J♦ 9♥ J♣", phase="draw", current=0)  # (the J♠ unseen: a meld may yet come)
    assert hint_reason(view_of(g, 0), DrawStock()).endswith("but makes no meld yet")


def test_a_move_that_leaves_one_card_to_throw_says_you_then_go_out():
    """"lay the 2♠ off on #1" came with no reason, though it is what lets the Q♠ go out (a
    tester): a meld or lay-off that leaves one card the rules let be thrown to go out says so;
    where that card could not be thrown to go out, nothing is said of it."""
    from game.engine.view import view_of

    for preset in ("rummy500", "rummy5000"):
        g = position(["2♠ Q♠", "4♣ 5♣ 9♥", "K♥ 2♦ 7♣ 8♣"], rules=Rules.preset(preset), pile="10♥", wild="6",
                     phase="play", current=0, melds=[meld(1, "run:3♠", "3♠ 4♠ 5♠"), meld(0, "set:9", "9♣ 9♦ 9♠")])
        v = view_of(g, 0)
        hint = make_bot("normal", 1).choose(v)
        assert hint == LayOff(c("2♠"), 1, "low")
        assert hint_reason(v, hint) == "then you go out by discarding the Q♠"
    # Rummy 5000: a last card that fits a meld may not be thrown to go out (it is laid off)
    g = position(["2♠ 6♥", "4♣ 5♣ 9♥", "K♥ 2♦ 7♣ 8♣"], rules=Rules.preset("rummy5000"), pile="10♥", wild="6",
                 phase="play", current=0, melds=[meld(1, "run:3♠", "3♠ 4♠ 5♠"), meld(0, "set:9", "9♣ 9♦ 9♠")])
    assert "go out by discarding" not in (hint_reason(view_of(g, 0), LayOff(c("2♠"), 1, "low")) or "")


def test_a_loose_card_kept_for_a_pile_card_it_goes_with_is_said_to_stay():
    """"…, and your 9♥ would go with the 7♥ in the pile" stopped short of what follows from
    it (a tester): the kept card stays."""
    v = view(["5♠ 9♥ K♣ K♦", "4♣ 5♣ 8♦"], pile="7♥ 2♣", phase="play", current=0)
    assert hint_reason(v, Discard(c("5♠"))) == (
        "it goes with none of your other cards, and your 9♥ would go with the 7♥ in the pile, so it stays")


def test_a_card_named_beside_its_twin_of_a_second_deck_is_the_other_one():
    """With two decks the hint threw the 9♣ "though it goes with the 9♣ the next player was
    dealt face up", which read as a slip (a tester): the twin is "the other 9♣"."""
    from game.engine.view import view_of

    g = position(["9♣ J♣ 4♥ K♦ 6♠", "4♣ 5♣ 9♣#2 7♥", "K♥ 2♦ 7♣ 8♣"], rules=Rules.preset("rummy500"), decks=2,
                 pile="10♥", phase="play", current=0, known=["", "9♣#2", ""])
    v = view_of(g, 0)
    assert hint_reason(v, Discard(c("9♣"))) == "mind: it goes with the other 9♣ the next player took from the pile"
    assert hint_reason(v, Discard(c("J♣"))) == "mind: it goes with the 9♣ the next player took from the pile"


def test_a_lay_off_that_leaves_a_card_which_fits_a_meld_says_it_leads_to_floating():
    """Rummy 5000: laying the Q♦ off left the 4♥, which fits #2, so it could not be thrown to
    go out, and laying it off too floats; the hint said nothing of it (a tester)."""
    from game.engine import LayOff

    g = position(["Q♦ 4♥", "2♣ 8♠ K♣", "3♣ 9♠ K♠"], rules=Rules.preset("rummy5000"), wild=None, pile="7♣",
                 phase="play", current=0, melds=[meld(1, "run:9♦", "9♦ 10♦ J♦"), meld(0, "run:5♥", "5♥ 6♥ 7♥")])
    v = PlayerView.of(g, 0)
    assert hint_reason(v, LayOff(c("Q♦"), g.melds[0].id, "high")) == (
        "then your 4♥ fits #2, so it cannot be thrown to go out: laid off too, it leaves you floating")
    # where the last card may be thrown, that is how the seat goes out
    g = position(["Q♦ 8♣", "2♣ 8♠ K♣", "3♣ 9♠ K♠"], rules=Rules.preset("rummy5000"), wild=None, pile="7♣",
                 phase="play", current=0, melds=[meld(1, "run:9♦", "9♦ 10♦ J♦"), meld(0, "run:5♥", "5♥ 6♥ 7♥")])
    assert hint_reason(PlayerView.of(g, 0), LayOff(c("Q♦"), g.melds[0].id, "high")) == \
        "then you go out by discarding the 8♣"


def test_a_draw_that_keeps_the_wilds_where_they_are_names_their_melds():
    """"…, but your wilds do more in the melds your other cards make" left a newcomer looking
    for melds on the table (a tester): the wilds and the cards they meld with are named."""
    from game.engine.view import view_of

    g = position(["4♣ 4♦ K♦ A♦ 7♣ 9♣ 2♥", "8♠ J♦ 7♥ 2♦ 5♠ 6♥ 9♦"], wild="4", pile="2♠",
                 rules={"preset": "rummy5000", "discard_pile": "top_only"}, current=0, phase="draw")
    view = view_of(g, 0)
    assert make_bot("normal", 1).choose(view) == DrawStock()
    assert hint_reason(view, DrawStock()) == (
        "the 2♠ on the pile goes with your 2♥, but your wilds 4♣ 4♦ do more with your K♦ A♦ and your 7♣ 9♣")


def test_more_than_three_cards_the_others_would_want_are_counted_not_named():
    """"… likelier to want your A♠ 8♠ 9♠ 10♣ K♠" was hard to follow (a tester): more than
    three are said as what they are, with how many; three or fewer by name."""
    from game.bots.explain import _wanted
    from game.engine.cards import parse_card
    from game.engine.view import view_of

    g = position(["2♦ A♠ 8♠ 9♠ 10♣ K♠", "8♣ J♦ 7♥ 4♦", "7♠ 10♥ 3♣ 5♥"], wild=None, pile="Q♥",
                 rules={"preset": "rummy500", "discard_pile": "top_only"}, current=0, phase="play")
    v = view_of(g, 0)
    five = [parse_card(x) for x in "A♠ 8♠ 9♠ 10♣ K♠".split()]
    said = _wanted(v, parse_card("2♦"), five, stays=True, group="other loose cards")
    assert said == "going by the cards still unseen the other players are likelier to want any of your 5 other " \
                   "loose cards, so they stay"
    assert _wanted(v, parse_card("2♦"), five[:3], stays=True, group="other loose cards").endswith(
        "want your A♠ 8♠ 9♠, so they stay")
