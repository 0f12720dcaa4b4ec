"""Text forms of cards and actions: they round-trip, ASCII is accepted, errors name the input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    CallRummy,
    Cover,
    Discard,
    DrawStock,
    EndRound,
    LayOff,
    MeldCards,
    ParseError,
    TakePile,
    Undo,
    action_text,
    card_text,
    cards_text,
    parse_action,
    parse_card,
    parse_cards,
)
from game.engine.cards import build_pack

ALL_CARDS = build_pack(3, 2, 2)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_text_round_trips(card):
    assert parse_card(card_text(card)) == card
    assert parse_card(card_text(card, ascii=True)) == card
    assert parse_card(str(card)) == card


def test_card_text_forms():
    assert card_text(parse_card("10♥")) == "10♥"
    assert card_text(parse_card("Q♠")) == "Q♠"
    assert card_text(parse_card("A♣")) == "A♣"
    assert card_text(parse_card("Jk")) == "Jk"
    assert card_text(parse_card("5♠#2")) == "5♠#2"
    assert card_text(parse_card("Jk#2")) == "Jk#2"
    assert card_text(parse_card("10♥"), ascii=True) == "10h"
    assert card_text(parse_card("5♠#2"), ascii=True) == "5s#2"
    assert card_text(parse_card("Q♦"), ascii=True).isascii()


@pytest.mark.parametrize("text,expect", [
    ("10h", "10♥"), ("10H", "10♥"), ("Th", "10♥"), ("TH", "10♥"), ("th", "10♥"),
    ("Qs", "Q♠"), ("qs", "Q♠"), ("QS", "Q♠"), ("as", "A♠"), ("1s", "A♠"), ("Kd", "K♦"),
    ("2c", "2♣"), ("jk", "Jk"), ("JK", "Jk"), ("joker", "Jk"), ("5S#2", "5♠#2"), ("jk#2", "Jk#2"),
    (" 7♥ ", "7♥"), ("Q♤", "Q♠"), ("7♡", "7♥"),
])
def test_ascii_and_other_forms(text, expect):
    assert str(parse_card(text)) == expect


@pytest.mark.parametrize("bad", ["", "1", "Xh", "11h", "0c", "A", "h5", "5S#0", "5S#x", "Z", "10", "Jk♣",
                                 "JKh"])
def test_bad_card_text_is_a_parse_error_naming_the_input(bad):
    with pytest.raises(ParseError) as e:
        parse_card(bad)
    assert repr(bad) in str(e.value)


def test_parse_cards_takes_spaces_and_commas():
    cs = parse_cards("7♥ 8h,9H , Jk")
    assert cards_text(cs) == "7♥ 8♥ 9♥ Jk"
    assert cards_text(cs, ascii=True) == "7h 8h 9h Jk"
    assert parse_cards("") == []


C = parse_card
ACTIONS = [
    DrawStock(),
    TakePile(C("4♠")),
    TakePile(C("4♠#2")),
    MeldCards((C("7♥"), C("8♥"), C("9♥"))),
    MeldCards((C("7♥"), C("8♥"), C("Jk")), ("run", 2, 6)),
    MeldCards((C("7♥"), C("8♥"), C("Jk")), ("run", 2, 7)),
    MeldCards((C("A♥"), C("2♥"), C("3♥")), ("run", 2, 1)),
    MeldCards((C("Q♥"), C("K♥"), C("A♥")), ("run", 2, 12)),
    MeldCards((C("7♥"), C("7♦"), C("7♣")), ("set", 7)),
    MeldCards((C("Jk"), C("Jk#2"), C("2♣")), ("wilds",)),
    LayOff(C("9♣"), 3),
    LayOff(C("9♣"), 3, "low"),
    LayOff(C("9♣"), 3, "high"),
    Cover(C("6♥"), 2),
    Discard(C("Q♠")),
    Undo(),
    EndRound(),
    CallRummy(2, meld=3),
    CallRummy(2, meld=3, end="high"),
    CallRummy(1, take=C("4♠")),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_action_text_round_trips(action):
    text = action_text(action)
    assert text == str(action)
    assert parse_action(text) == action
    # and in ASCII
    ascii_text = text
    for sym, letter in zip("♣♦♥♠", "cdhs"):
        ascii_text = ascii_text.replace(sym, letter)
    assert parse_action(ascii_text) == action


@pytest.mark.parametrize("text,expect", [
    ("draw", DrawStock()),
    ("DRAW", DrawStock()),
    ("take 4s", TakePile(C("4♠"))),
    ("meld 7h 8h Jk as run:6h", MeldCards((C("7♥"), C("8♥"), C("Jk")), ("run", 2, 6))),
    ("meld 7h 8h Jk as RUN:7H", MeldCards((C("7♥"), C("8♥"), C("Jk")), ("run", 2, 7))),
    ("meld 6s 6d 6c as set:6", MeldCards((C("6♠"), C("6♦"), C("6♣")), ("set", 6))),
    ("layoff 9c on 3 LOW", LayOff(C("9♣"), 3, "low")),
    ("cover 6h on 2", Cover(C("6♥"), 2)),
    ("discard QS", Discard(C("Q♠"))),
    ("rummy 2 take 4s", CallRummy(2, take=C("4♠"))),
])
def test_action_ascii_forms(text, expect):
    assert parse_action(text) == expect


@pytest.mark.parametrize("bad", [
    "fly", "take", "take 4s 5s", "meld", "meld 7h as", "layoff 9c on x", "layoff 9c at 3",
    "layoff 9c on 3 middle", "cover 6h on", "rummy x on 3", "rummy 2", "discard Zz", "draw 3",
    "meld 7h 8h 9h as foo:1", "meld 7h 8h 9h as set:", "meld 7h 8h 9h as run:7", "undo please",
])
def test_bad_action_text_is_a_parse_error_carrying_the_input(bad):
    with pytest.raises(ParseError) as e:
        parse_action(bad)
    msg = str(e.value)
    # the message quotes the whole line or the word at fault
    assert repr(bad) in msg or any(repr(w) in msg for w in bad.split() + [bad.split(" as ")[-1]])


def test_empty_action_is_a_parse_error():
    with pytest.raises(ParseError):
        parse_action("   ")


@pytest.mark.parametrize("bad", ["run:Jk♥", "run:JKh", "set:Z", "run:7", "pair:7"])
def test_bad_shape_text_is_a_parse_error_naming_the_input(bad):
    from game.engine.actions import parse_shape

    with pytest.raises(ParseError) as e:
        parse_shape(bad)
    assert repr(bad) in str(e.value)


def test_empty_run_shape_is_a_parse_error():
    with pytest.raises(ParseError):
        parse_action("meld 7h 8h 9h as run:")


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet="drawtkemlyofcvsiunph 0123456789AJQK♣♦♥♠#:-", max_size=30))
def test_any_text_parses_or_is_a_parse_error(text):
    try:
        a = parse_action(text)
    except ParseError:
        return
    assert parse_action(action_text(a)) == a


def test_odd_copy_digit_is_a_parse_error():
    with pytest.raises(ParseError):
        parse_card("5s#²")


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet=st.characters(codec="ascii") | st.sampled_from("♣♦♥♠♧♢♡♤"), max_size=8))
def test_any_card_text_parses_or_is_a_parse_error(text):
    try:
        c = parse_card(text)
    except ParseError:
        return
    assert parse_card(card_text(c)) == c


def test_card_names_for_people_drop_the_copy_marker():
    from game.engine.cards import card_name, cards_name

    assert card_name(parse_card("5♠#2")) == "5♠" and card_name(parse_card("Jk#3")) == "joker"
    assert cards_name(parse_cards("10♥ 10♥#2 Jk#2")) == "10♥ 10♥ joker"


def test_refusals_name_cards_as_people_see_them():
    """With two decks and jokers every card has a twin; the engine tells them apart in its
    text forms ("5♠#2"), but a refusal is for a person and names the card alone."""
    import random

    from game.engine import IllegalActionError, new_game
    from game.engine.rules import Rules

    rules = Rules.preset("persian")  # two decks, four jokers as their own groups
    seen = copies = 0
    for seed in range(6):
        g, _ = new_game(rules, 4, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            seat = g.current
            tries = [Discard(c) for c in g.pack] + [TakePile(c) for c in g.pack]
            tries += [MeldCards(tuple(rng.sample(g.hands[seat], min(3, len(g.hands[seat])))))]
            tries += [LayOff(c, m.id) for m in g.melds for c in g.hands[seat]]
            for a in tries:
                try:
                    g.copy().apply(a)
                except IllegalActionError as exc:
                    seen += 1
                    if "copy of it" in str(exc):  # another copy named by a program: see below
                        copies += 1
                        continue
                    assert "#" not in str(exc), (a, str(exc))
            legal = [a for a in g.legal_actions(seat) if not isinstance(a, Undo)]
            if not legal or g.phase not in ("draw", "play"):
                break
            g.apply(rng.choice(legal))
    assert seen > 1000 and 0 < copies < seen // 4


def test_naming_the_other_copy_of_a_held_card_says_so():
    """A person plays the card itself; a program may name the twin it does not hold, and
    then the message gives the exact card so that the mistake can be found."""
    from engine_helpers import attempt, playing

    g = playing("K♠ K♥ 9♦ A♣", rules="george", others=("Q♣ Q♥ Q♠", "J♣ 10♣ 9♥"))
    assert g.decks == 2
    assert attempt(g, "discard K♠#2") == "You hold another K♠, not this copy of it (K♠#2)"
    assert attempt(g, "layoff K♥#2 on 1") == "You hold another K♥, not this copy of it (K♥#2)"
    assert attempt(g, "meld K♠ K♥#2 9♦") == "You hold another K♥, not this copy of it (K♥#2)"
    assert attempt(g, "discard K♣") == "You do not hold the K♣"
